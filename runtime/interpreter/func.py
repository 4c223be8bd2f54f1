"""func: calls, returns and function bodies, as xDSL's implementations run them, with
`func.call` finding its callee in a table of the module's functions (xDSL's lookup scans the
module at every call). A declaration (no body) is called as an external function, which the
interpreter refuses unless one is registered."""

from __future__ import annotations

from typing import Any

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_callable,
    impl_terminator,
    register_impls,
)

__all__ = ["FuncFunctions"]


@register_impls
class FuncFunctions(InterpreterFunctions):
    """func.func, func.call (by name, from a table) and func.return."""

    def __init__(self, module: ModuleOp) -> None:
        self.functions: dict[str, func.FuncOp] = {}
        for op in module.body.block.ops:
            if isinstance(op, func.FuncOp):
                self.functions.setdefault(op.sym_name.data, op)  # the first, as xDSL finds

    @impl_terminator(func.ReturnOp)
    def run_return(
        self, interpreter: Interpreter, op: func.ReturnOp, args: tuple[Any, ...]
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()

    @impl(func.CallOp)
    def run_call(
        self, interpreter: Interpreter, op: func.CallOp, args: PythonValues
    ) -> PythonValues:
        callee = self.functions.get(op.callee.string_value())
        return interpreter.call_op(callee if callee is not None else op.callee, args)

    @impl_callable(func.FuncOp)
    def call_func(
        self, interpreter: Interpreter, op: func.FuncOp, args: tuple[Any, ...]
    ) -> PythonValues:
        first_block = op.body.blocks.first
        if first_block is None or not first_block.ops:
            return interpreter.call_external(op.sym_name.data, op, args)
        return interpreter.run_ssacfg_region(op.body, args, op.sym_name.data)

"""func: calls, returns and function bodies, as xDSL's implementations run them, with
`func.call` finding its callee in a table of the module's functions (xDSL's lookup scans the
module at every call). A declaration (no body) is called as an external function, which the
interpreter refuses unless one is registered.

A function `outline_repeated_ops` made holds a clone of an op's first occurrence, so an error
inside it (a NaN typecast into bfloat8_b) would name that first occurrence wherever the
failing value came from; a call of it names the occurrence it stands for instead
(`relocate_to_call`)."""

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
from xdsl.ir import Attribute

from ttnn_xdsl.core.errors import TTNNError, format_location
from ttnn_xdsl.dialect.attributes import OUTLINED_ATTRIBUTE

__all__ = ["FuncFunctions", "relocate_to_call"]


def relocate_to_call(error: TTNNError, outlined: Attribute, call: Attribute) -> None:
    """Make `error`, raised inside an outlined function whose op is at `outlined`, name the
    location of the `call` that ran it (the op the user wrote) in its place: in its location
    and in its message (`f32 -> bfp8_b typecast at FILE:10:3: …`)."""
    inside, occurrence = format_location(outlined), format_location(call)
    if inside is None or occurrence is None or inside == occurrence:
        return
    if error.location == inside:
        error.location = occurrence
    error.message = error.message.replace(inside, occurrence)
    error.args = (error.message, *error.args[1:])


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
        if callee is None:
            return interpreter.call_op(op.callee, args)
        if OUTLINED_ATTRIBUTE not in callee.attributes:
            return interpreter.call_op(callee, args)
        try:
            return interpreter.call_op(callee, args)
        except TTNNError as error:
            relocate_to_call(error, callee.location, op.location)
            raise

    @impl_callable(func.FuncOp)
    def call_func(
        self, interpreter: Interpreter, op: func.FuncOp, args: tuple[Any, ...]
    ) -> PythonValues:
        first_block = op.body.blocks.first
        if first_block is None or not first_block.ops:
            return interpreter.call_external(op.sym_name.data, op, args)
        return interpreter.run_ssacfg_region(op.body, args, op.sym_name.data)

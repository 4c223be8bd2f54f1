"""arith: the ops the lowerings use on every loop iteration (`arith.constant` of an integer
or float, `addi`, `subi`, `muli`), computing the integer width from the type with a plain
`isinstance` instead of xDSL's generic type reflection, which costs about 0.1 ms an op. The
values are xDSL's: the result wrapped to the type's width (the interpreter's index width for
`index`). Every other arith op is xDSL's (`upstream.py`)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, IntegerType
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.ir import Attribute, Operation
from xdsl.utils.comparisons import to_signed

__all__ = ["IndexArithFunctions", "scalar_constant"]


def _width(interpreter: Interpreter, type: Attribute) -> int:
    if isinstance(type, IndexType):
        return interpreter.index_bitwidth
    if isinstance(type, IntegerType):
        return type.width.data
    raise ValueError(f"expected an integer or index type, got {type}")


def _binary(
    interpreter: Interpreter,
    result_type: Attribute,
    args: PythonValues,
    function: Callable[[int, int], int],
) -> PythonValues:
    width = _width(interpreter, result_type)
    return (to_signed(function(to_signed(args[0], width), to_signed(args[1], width)), width),)


def scalar_constant(op: Operation) -> bool:
    """Whether `op` is an `arith.constant` of one integer or float (what this file runs;
    a dense constant is xDSL's)."""
    return isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr | FloatAttr)


@register_impls
class IndexArithFunctions(InterpreterFunctions):
    """constant (scalar), addi, subi and muli without type reflection."""

    @impl(arith.ConstantOp)
    def run_constant(
        self, interpreter: Interpreter, op: arith.ConstantOp, args: PythonValues
    ) -> PythonValues:
        value = op.value
        if isinstance(value, IntegerAttr) and isinstance(value.type, IndexType):
            return (to_signed(value.value.data, interpreter.index_bitwidth),)
        if isinstance(value, IntegerAttr | FloatAttr):
            return (value.value.data,)
        # A dense constant: only reached beside xDSL's arith (`upstream.CheckedArithFunctions`).
        # xDSL wraps implementations: the inherited one returns an OpImplResult.
        return super().run_constant(interpreter, op, args).values  # pyright: ignore

    @impl(arith.AddiOp)
    def run_addi(
        self, interpreter: Interpreter, op: arith.AddiOp, args: PythonValues
    ) -> PythonValues:
        return _binary(interpreter, op.result.type, args, int.__add__)

    @impl(arith.SubiOp)
    def run_subi(
        self, interpreter: Interpreter, op: arith.SubiOp, args: PythonValues
    ) -> PythonValues:
        return _binary(interpreter, op.result.type, args, int.__sub__)

    @impl(arith.MuliOp)
    def run_muli(
        self, interpreter: Interpreter, op: arith.MuliOp, args: PythonValues
    ) -> PythonValues:
        return _binary(interpreter, op.result.type, args, int.__mul__)

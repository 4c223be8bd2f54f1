"""arith: xDSL's implementations, with the ops the lowerings use on every loop iteration
(`arith.constant`, `addi`, `subi`, `muli`) computing the integer width from the type with a
plain `isinstance` instead of xDSL's generic type reflection, which costs about 0.1 ms an op.
The values are xDSL's: the result wrapped to the type's width (the interpreter's index width
for `index`). A signed division by zero (undefined in MLIR; an assertion in xDSL) is a
one-line error at the op."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, IntegerType
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls
from xdsl.interpreters.arith import ArithFunctions
from xdsl.ir import Attribute, Operation
from xdsl.utils.comparisons import to_signed

from ttnn_xdsl.runtime.interpreter.buffers import op_error

__all__ = ["FastArithFunctions"]


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


@register_impls
class FastArithFunctions(ArithFunctions):
    """xDSL's arith implementations; constant, addi, subi and muli without type reflection."""

    @impl(arith.ConstantOp)
    def run_constant(
        self, interpreter: Interpreter, op: arith.ConstantOp, args: PythonValues
    ) -> PythonValues:
        value = op.value
        if isinstance(value, IntegerAttr) and isinstance(value.type, IndexType):
            return (to_signed(value.value.data, interpreter.index_bitwidth),)
        if isinstance(value, IntegerAttr | FloatAttr):
            return (value.value.data,)
        return super().run_constant(interpreter, op, args)

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

    def _check_divisor(self, op: Operation, args: PythonValues) -> None:
        if args[1] == 0:
            raise op_error(op, "division by zero")

    @impl(arith.DivSIOp)
    def run_divsi(
        self, interpreter: Interpreter, op: arith.DivSIOp, args: PythonValues
    ) -> PythonValues:
        self._check_divisor(op, args)
        # xDSL wraps implementations: the inherited one returns an OpImplResult.
        return super().run_divsi(interpreter, op, args).values  # pyright: ignore[reportAttributeAccessIssue]

    @impl(arith.RemSIOp)
    def run_remsi(
        self, interpreter: Interpreter, op: arith.RemSIOp, args: PythonValues
    ) -> PythonValues:
        self._check_divisor(op, args)
        # xDSL wraps implementations: the inherited one returns an OpImplResult.
        return super().run_remsi(interpreter, op, args).values  # pyright: ignore[reportAttributeAccessIssue]

    @impl(arith.FloorDivSIOp)
    def run_floordivsi(
        self, interpreter: Interpreter, op: arith.FloorDivSIOp, args: PythonValues
    ) -> PythonValues:
        self._check_divisor(op, args)
        # xDSL wraps implementations: the inherited one returns an OpImplResult.
        return super().run_floordivsi(interpreter, op, args).values  # pyright: ignore[reportAttributeAccessIssue]

"""xDSL's own implementations of arith, builtin, func and scf, for a module that holds an op
of those dialects the project's files do not run (`arith.cmpi`, `scf.if`, a dense constant,
`builtin.unrealized_conversion_cast`, …). Importing `xdsl.interpreters` loads every
interpreter xDSL has (RISC-V, Snitch, PDL, …: 0.1 s), so this module is imported only for such
a module; the lowerings emit none of those ops."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.builtin import BuiltinFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions
from xdsl.ir import Operation

from ttnn_xdsl.runtime.interpreter.arith import IndexArithFunctions
from ttnn_xdsl.runtime.interpreter.buffers import op_error

__all__ = ["CheckedArithFunctions", "upstream_functions"]


@register_impls
class CheckedArithFunctions(IndexArithFunctions, ArithFunctions):
    """xDSL's arith, with the project's index arithmetic and a signed division by zero
    (undefined in MLIR; an assertion in xDSL) a one-line error at the op."""

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
        return super().run_remsi(interpreter, op, args).values  # pyright: ignore[reportAttributeAccessIssue]

    @impl(arith.FloorDivSIOp)
    def run_floordivsi(
        self, interpreter: Interpreter, op: arith.FloorDivSIOp, args: PythonValues
    ) -> PythonValues:
        self._check_divisor(op, args)
        return super().run_floordivsi(interpreter, op, args).values  # pyright: ignore[reportAttributeAccessIssue]


def upstream_functions() -> list[InterpreterFunctions]:
    """xDSL's arith (checked), builtin, func and scf implementations, to register before the
    project's own (which override the ops both have)."""
    return [CheckedArithFunctions(), BuiltinFunctions(), FuncFunctions(), ScfFunctions()]

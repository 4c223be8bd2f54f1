"""scf: `scf.for` and `scf.yield`, as xDSL's implementations run them, with a loop step that
is not positive refused (MLIR leaves it undefined; Python's `range` fails on 0 and runs
nothing for a negative step) and, by default, a loop nest run in bulk when it can be
(`bulk.run_nest_in_bulk`). The other scf ops are xDSL's (`upstream.py`)."""

from __future__ import annotations

from typing import Any

from xdsl.dialects import scf
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl,
    impl_terminator,
    register_impls,
)

from ttnn_xdsl.runtime.interpreter.buffers import op_error
from ttnn_xdsl.runtime.interpreter.bulk import NotBulk, run_nest_in_bulk

__all__ = ["BulkScfFunctions", "CheckedScfFunctions"]


@register_impls
class CheckedScfFunctions(InterpreterFunctions):
    """scf.for one iteration after the other, refusing a step that is not positive, and
    scf.yield."""

    @impl(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues) -> PythonValues:
        lower, upper, step, *loop_values = args
        if step < 1:
            raise op_error(op, f"the step must be positive, got {step}")
        values = tuple(loop_values)
        for index in range(lower, upper, step):
            values = interpreter.run_ssacfg_region(op.body, (index, *values), "for_loop")
        return values

    @impl_terminator(scf.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: scf.YieldOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()


@register_impls
class BulkScfFunctions(CheckedScfFunctions):
    """scf.for running its loop nest in bulk when it can (`bulk.run_nest_in_bulk`) and op by
    op otherwise."""

    def __init__(self) -> None:
        self.op_by_op: set[scf.ForOp] = set()
        """Loops whose nest cannot run in bulk whatever the values (not tried again)."""
        self.plans: dict[scf.ForOp, Any] = {}
        """Nests evaluated before, run again on values of the same layout (`bulk._Plan`)."""

    @impl(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues) -> PythonValues:
        if op not in self.op_by_op:
            try:
                run_nest_in_bulk(interpreter, op, args[:3], self.plans)
                return ()
            except NotBulk as reason:
                if reason.structural:
                    self.op_by_op.add(op)
        # xDSL wraps implementations: the inherited one returns an OpImplResult.
        return super().run_for(interpreter, op, args).values  # pyright: ignore[reportAttributeAccessIssue]

"""scf: `scf.for` and `scf.yield`, as xDSL's implementations run them, with a loop step that
is not positive refused (MLIR leaves it undefined; Python's `range` fails on 0 and runs
nothing for a negative step) and, by default, each loop nest the lowering marked
(`tile.BULK_NEST`) run in bulk (`bulk.run_nest_in_bulk`), loudly op by op when it cannot be.
The other scf ops are xDSL's (`upstream.py`)."""

from __future__ import annotations

import os
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

from ttnn_xdsl.core.errors import RunError, warn
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.runtime.interpreter.buffers import op_error
from ttnn_xdsl.runtime.interpreter.bulk import NotBulk, run_nest_in_bulk

__all__ = [
    "STRICT_BULK_VARIABLE",
    "BulkScfFunctions",
    "CheckedScfFunctions",
    "strict_bulk_from_environment",
]


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
    """scf.for running the loop nests the lowering marked (`tile.BULK_NEST`) in bulk
    (`bulk.run_nest_in_bulk`) and every other loop op by op. A marked nest that cannot run in
    bulk runs op by op after a warning (`FILE:LINE:COL: warning: loop nest runs op by op
    (reason)`, once per nest), or, when `strict`, stops the run with that line as a
    RunError."""

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict
        self.op_by_op: set[scf.ForOp] = set()
        """Marked loops whose nest cannot run in bulk whatever the values (not tried again)."""
        self.reported: set[scf.ForOp] = set()
        """Marked loops whose fallback was reported (once per nest)."""
        self.plans: dict[scf.ForOp, Any] = {}
        """Nests evaluated before, run again on values of the same layout (`bulk._Plan`)."""

    @impl(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues) -> PythonValues:
        if tile.is_bulk_nest(op) and op not in self.op_by_op:
            try:
                run_nest_in_bulk(interpreter, op, args[:3], self.plans)
                return ()
            except NotBulk as reason:
                if reason.structural:
                    self.op_by_op.add(op)
                self.report_fallback(op, str(reason))
        # xDSL wraps implementations: the inherited one returns an OpImplResult.
        return super().run_for(interpreter, op, args).values  # pyright: ignore[reportAttributeAccessIssue]

    def report_fallback(self, loop: scf.ForOp, reason: str) -> None:
        """A marked nest runs op by op: an error when strict, else a warning once per nest."""
        message = f"loop nest runs op by op ({reason})"
        if self.strict:
            raise RunError(message, op=loop)
        if loop not in self.reported:
            self.reported.add(loop)
            warn(message, op=loop)


STRICT_BULK_VARIABLE = "TTNN_XDSL_STRICT_BULK"
"""The environment variable that, set to 1, makes a marked loop nest that cannot run in bulk
an error instead of a warning (the test suites set it)."""


def strict_bulk_from_environment() -> bool:
    """Whether `TTNN_XDSL_STRICT_BULK` asks for a fallback to op by op to be an error."""
    return os.environ.get(STRICT_BULK_VARIABLE, "") == "1"

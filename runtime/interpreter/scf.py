"""scf on xDSL's implementations, with the loop check they leave out."""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls
from xdsl.interpreters.scf import ScfFunctions

from ttnn_xdsl.runtime.interpreter.buffers import op_error


@register_impls
class CheckedScfFunctions(ScfFunctions):
    """xDSL's scf, with `scf.for` refusing a step that is not positive (MLIR leaves it
    undefined; Python's `range` fails on 0 and runs nothing for a negative step)."""

    @impl(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues) -> PythonValues:
        lower, upper, step, *loop_values = args
        if step < 1:
            raise op_error(op, f"the step must be positive, got {step}")
        values = tuple(loop_values)
        for index in range(lower, upper, step):
            values = interpreter.run_ssacfg_region(op.body, (index, *values), "for_loop")
        return values

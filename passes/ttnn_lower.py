"""`ttnn-lower`: the whole pipeline from `ttnn` ops to tiled loops the interpreter runs."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.transforms.canonicalize import CanonicalizePass
from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination

from ttnn_xdsl.frontend.diagnostics import verify_ops
from ttnn_xdsl.passes.convert_ttnn_to_tiles import ConvertTTNNToTiles
from ttnn_xdsl.passes.ttnn_decompose import TTNNDecompose


@dataclass(frozen=True)
class TTNNLower(ModulePass):
    """ttnn-decompose, convert-ttnn-to-tiles, then canonicalize and cse: after it no `ttnn`
    op remains."""

    name = "ttnn-lower"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        TTNNDecompose().apply(ctx, op)
        # The decomposition's layout ops check their own parameters: report a wrong chain
        # there, at the source line, rather than as a failure inside the lowered loops.
        # Only the ttnn ops need it (the input was verified, and the pipeline's output is):
        # verifying the whole module here again made a third full verification.
        verify_ops(nested for nested in op.walk() if nested.dialect_name() == "ttnn")
        ConvertTTNNToTiles().apply(ctx, op)
        hoist_loop_constants(op)
        for step in (CanonicalizePass(), CommonSubexpressionElimination()):
            step.apply(ctx, op)


def hoist_loop_constants(module: ModuleOp) -> None:
    """Move the constants inside each outermost `scf.for` to just before it, in order: where
    canonicalize puts them, one loop level per round of its patterns (a nest of depth 4 made
    it walk the module five times)."""
    for loop in [op for op in module.walk() if isinstance(op, scf.ForOp)]:
        if isinstance(loop.parent_op(), scf.ForOp):
            continue
        for constant in [op for op in loop.walk() if isinstance(op, arith.ConstantOp)]:
            constant.detach()
            loop.parent_block().insert_op_before(constant, loop)

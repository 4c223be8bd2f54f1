"""`ttnn-lower`: the whole pipeline from `ttnn` ops to tiled loops the interpreter runs."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
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
        for step in (ConvertTTNNToTiles(), CanonicalizePass(), CommonSubexpressionElimination()):
            step.apply(ctx, op)

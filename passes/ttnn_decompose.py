"""`ttnn-decompose`: rewrite `prepare_conv_weights` / `prepare_conv_bias` into the chain of
layout ops TT-NN runs (semantics.md §3.3 step 10), every parameter explicit:

    grouped or 1D-depthwise expansion → kernel-stride fold → the layout op of the chosen
    shard layout (with the channel padding) → typecast to the weights dtype

Each layout op carries a discardable `ttnn.resolution` dictionary with the facts that chose
it (shard layout, core counts, channel alignment, block sizes), so the output shows a
reader which layout TT-NN would pick and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import (
    DenseArrayBase,
    DictionaryAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import Rewriter

from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan, WeightLayoutKind
from ttnn_xdsl.dialect.conv_layout_ops import (
    ConvBiasLayoutOp,
    ConvWeightsBlockShardedLayoutOp,
    ConvWeightsDepthwiseLayoutOp,
    ConvWeightsFoldKernelStrideOp,
    ConvWeightsGroupedLayoutOp,
    ConvWeightsInterleavedMMLayoutOp,
    ConvWeightsSpecialPaddingLayoutOp,
    ConvWeightsTiledLayoutOp,
)
from ttnn_xdsl.dialect.conversion_ops import TypecastOp
from ttnn_xdsl.dialect.keyword_properties import i32_attribute
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp, PrepareConvBiasOp, PrepareConvWeightsOp
from ttnn_xdsl.dialect.tensor_types import denote_same_tensor

RESOLUTION_ATTRIBUTE = "ttnn.resolution"
"""The discardable attribute on a decomposed layout op explaining the resolution."""


def _bool(value: bool) -> IntegerAttr:
    return IntegerAttr.from_bool(value)


def resolution_summary(plan: ConvWeightsPlan) -> DictionaryAttr:
    """The facts of the resolution a reader needs to see why this layout was chosen."""
    counts = {
        name: i32_attribute(value, name)
        for name, value in (
            ("input_channels_alignment", plan.input_channels_alignment),
            ("input_cores_channels", plan.input_cores_channels),
            ("output_cores_channels", plan.output_cores_channels),
            ("nhw_cores", plan.nhw_cores),
            ("act_block_h_ntiles", plan.act_block_h_ntiles),
            ("out_subblock_w_ntiles", plan.weight_block_w_ntiles),
        )
    }
    facts: dict[str, Attribute] = {
        "shard_layout": StringAttr(plan.shard_layout.value),
        "mm_conv": _bool(plan.mm_conv),
        **counts,
    }
    if plan.act_block_w is not None:
        facts["act_block_w"] = i32_attribute(plan.act_block_w, "act_block_w")
    if plan.fold_stride is not None:
        facts["kernel_stride_folding"] = DenseArrayBase.from_list(i32, plan.fold_stride)
    return DictionaryAttr(facts)


def replace_by_chain(rewriter: PatternRewriter, op: ConvPrepareOp, chain: list[Operation]) -> None:
    """Replace a prepare op by its chain of layout ops, ending with a typecast to the
    weights dtype when the layout left another (TT-NN's final `to_dtype`); the new ops
    keep the op's location."""
    last = chain[-1].results[0]
    if denote_same_tensor(last.type, op.result.type):
        # The same tensor, perhaps spelled otherwise: keep the user's spelling for its uses.
        Rewriter.replace_value_with_new_type(last, op.result.type)
    else:
        chain.append(TypecastOp(last, op.result.type))
    for new_op in chain:
        new_op.location = op.location
    rewriter.replace(op, chain)


@dataclass
class DecomposePrepareConvWeights(RewritePattern):
    """prepare_conv_weights → [grouped | depthwise] → [fold] → layout → [typecast]. Each new
    op infers its own result type from its properties (its shape rule lives with the op)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: PrepareConvWeightsOp, rewriter: PatternRewriter) -> None:
        plan = op.resolve()
        chain: list[Operation] = []
        value: SSAValue = op.weight_tensor
        if plan.groups_expand is not None:
            chain.append(ConvWeightsGroupedLayoutOp(value, groups=plan.groups_expand))
        elif plan.depthwise_1d:
            assert plan.depthwise_act_block_h_ntiles is not None
            chain.append(
                ConvWeightsDepthwiseLayoutOp(
                    value, act_block_h_ntiles=plan.depthwise_act_block_h_ntiles
                )
            )
        if chain:
            value = chain[-1].results[0]
        if plan.fold_stride is not None:
            chain.append(ConvWeightsFoldKernelStrideOp(value, stride=plan.fold_stride))
            value = chain[-1].results[0]
        layout = self.layout_op(plan, value)
        layout.attributes[RESOLUTION_ATTRIBUTE] = resolution_summary(plan)
        chain.append(layout)
        replace_by_chain(rewriter, op, chain)

    @staticmethod
    def layout_op(plan: ConvWeightsPlan, value: SSAValue) -> Operation:
        """The layout op of the plan's layout kind, in the weight's own dtype."""
        padding = {
            "padded_in_channels": plan.padded_in_channels,
            "padded_out_channels": plan.padded_out_channels,
        }
        kind = plan.layout_kind
        if kind == WeightLayoutKind.INTERLEAVED_MM:
            return ConvWeightsInterleavedMMLayoutOp(value)
        if kind == WeightLayoutKind.SPECIAL_PADDING:
            assert plan.weight_block_h_ntiles is not None
            return ConvWeightsSpecialPaddingLayoutOp(
                value,
                block_h=plan.weight_block_h_ntiles,
                block_w=plan.weight_block_w_ntiles,
                # As the resolution: a 1D depthwise weight is never laid out for reuse.
                enable_activation_reuse=plan.params.conv_config.enable_activation_reuse
                and not plan.depthwise_1d,
                **padding,
            )
        if kind == WeightLayoutKind.TILED:
            assert plan.weight_block_h_ntiles is not None
            return ConvWeightsTiledLayoutOp(
                value,
                block_h=plan.weight_block_h_ntiles,
                block_w=plan.weight_block_w_ntiles,
                **padding,
            )
        return ConvWeightsBlockShardedLayoutOp(
            value,
            in_shards=plan.input_cores_channels,
            out_shards=plan.output_cores_channels,
            full_inner_dim=plan.params.conv_config.full_inner_dim,
            **padding,
        )


@dataclass
class DecomposePrepareConvBias(RewritePattern):
    """prepare_conv_bias → conv_bias_layout (width of semantics.md §3.4) → [typecast]."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: PrepareConvBiasOp, rewriter: PatternRewriter) -> None:
        plan = op.resolve()
        layout = ConvBiasLayoutOp(op.bias_tensor, width=plan.bias_physical_shape[-1])
        layout.attributes[RESOLUTION_ATTRIBUTE] = resolution_summary(plan)
        replace_by_chain(rewriter, op, [layout])


@dataclass(frozen=True)
class TTNNDecompose(ModulePass):
    """Rewrite each prepare op into its explicit chain of layout ops (see the module doc)."""

    name = "ttnn-decompose"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier(
                [DecomposePrepareConvWeights(), DecomposePrepareConvBias()], dce_enabled=False
            ),
            apply_recursively=False,
        ).rewrite_module(op)

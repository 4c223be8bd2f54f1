"""`ttnn-decompose`: rewrite `prepare_conv_weights` / `prepare_conv_bias` into the chain of
layout ops TT-NN runs (SPEC §3.3 step 10), every parameter explicit:

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

from ttnn_xdsl.dialect import ttnn
from ttnn_xdsl.dialect.conv_config import (
    ConvWeightsPlan,
    WeightLayoutKind,
    depthwise_1d_shape,
    fold_kernel_stride_shape,
    grouped_shape,
)
from ttnn_xdsl.dialect.ttnn import Layout, tensor_info, tensor_type

RESOLUTION_ATTRIBUTE = "ttnn.resolution"
"""The discardable attribute on a decomposed layout op explaining the resolution."""


def _i32(value: int) -> IntegerAttr:
    return IntegerAttr(value, i32)


def _bool(value: bool) -> IntegerAttr:
    return IntegerAttr.from_bool(value)


def resolution_summary(plan: ConvWeightsPlan) -> DictionaryAttr:
    """The facts of the resolution a reader needs to see why this layout was chosen."""
    facts: dict[str, Attribute] = {
        "shard_layout": StringAttr(plan.shard_layout.value),
        "mm_conv": _bool(plan.mm_conv),
        "input_channels_alignment": _i32(plan.input_channels_alignment),
        "input_cores_channels": _i32(plan.input_cores_channels),
        "output_cores_channels": _i32(plan.output_cores_channels),
        "nhw_cores": _i32(plan.nhw_cores),
        "act_block_h_ntiles": _i32(plan.act_block_h_ntiles),
        "out_subblock_w_ntiles": _i32(plan.weight_block_w_ntiles),
    }
    if plan.act_block_w is not None:
        facts["act_block_w"] = _i32(plan.act_block_w)
    if plan.fold_stride is not None:
        facts["kernel_stride_folding"] = DenseArrayBase.from_list(i32, plan.fold_stride)
    return DictionaryAttr(facts)


def replace_by_chain(
    rewriter: PatternRewriter, op: ttnn.ConvPrepareOp, chain: list[Operation]
) -> None:
    """Replace a prepare op by its chain of layout ops, ending with a typecast to the
    weights dtype when the layout left another (TT-NN's final `to_dtype`); the new ops
    keep the op's location."""
    if chain[-1].results[0].type != op.result.type:
        chain.append(ttnn.TypecastOp(chain[-1].results[0], op.result.type))
    for new_op in chain:
        new_op.location = op.location
    rewriter.replace(op, chain)


@dataclass
class DecomposePrepareConvWeights(RewritePattern):
    """prepare_conv_weights → [grouped | depthwise] → [fold] → layout → [typecast]."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ttnn.PrepareConvWeightsOp, rewriter: PatternRewriter) -> None:
        plan = op.resolve()
        weight = tensor_info(op.weight_tensor.type)
        chain: list[Operation] = []
        value: SSAValue = op.weight_tensor

        def host(shape: tuple[int, ...]) -> Attribute:
            return tensor_type(shape, weight.dtype, layout=None)

        if plan.groups_expand is not None:
            # Not plan.expanded_weight_shape: that is after the kernel-stride fold below.
            chain.append(
                ttnn.ConvWeightsGroupedLayoutOp.build(
                    operands=[value],
                    result_types=[host(grouped_shape(weight.shape, plan.groups_expand))],
                    properties={"groups": _i32(plan.groups_expand)},
                )
            )
        elif plan.depthwise_1d:
            assert plan.depthwise_act_block_h_ntiles is not None
            chain.append(
                ttnn.ConvWeightsDepthwiseLayoutOp.build(
                    operands=[value],
                    result_types=[
                        host(depthwise_1d_shape(weight.shape, plan.depthwise_act_block_h_ntiles))
                    ],
                    properties={"act_block_h_ntiles": _i32(plan.depthwise_act_block_h_ntiles)},
                )
            )
        if chain:
            value = chain[-1].results[0]
        if plan.fold_stride is not None:
            folded = fold_kernel_stride_shape(tensor_info(value.type).shape, plan.fold_stride)
            chain.append(
                ttnn.ConvWeightsFoldKernelStrideOp.build(
                    operands=[value],
                    result_types=[host(folded)],
                    properties={"stride": DenseArrayBase.from_list(i32, plan.fold_stride)},
                )
            )
            value = chain[-1].results[0]
        layout_result = tensor_type(
            plan.logical_shape, weight.dtype, Layout.TILE, physical=plan.physical_shape
        )
        chain.append(self.layout_op(plan, value, layout_result))
        replace_by_chain(rewriter, op, chain)

    @staticmethod
    def layout_op(plan: ConvWeightsPlan, value: SSAValue, result_type: Attribute) -> Operation:
        padding = {
            "padded_in_channels": _i32(plan.padded_in_channels),
            "padded_out_channels": _i32(plan.padded_out_channels),
        }
        kind = plan.layout_kind
        if kind == WeightLayoutKind.INTERLEAVED_MM:
            op_class: type[ttnn.ConvWeightsMatrixLayoutOp] = ttnn.ConvWeightsInterleavedMMLayoutOp
            properties: dict[str, Attribute] = {}
        elif kind == WeightLayoutKind.SPECIAL_PADDING:
            assert plan.weight_block_h_ntiles is not None
            op_class = ttnn.ConvWeightsSpecialPaddingLayoutOp
            properties = {
                "block_h": _i32(plan.weight_block_h_ntiles),
                "block_w": _i32(plan.weight_block_w_ntiles),
                # As the resolution: a 1D depthwise weight is never laid out for reuse.
                "enable_activation_reuse": _bool(
                    plan.params.conv_config.enable_activation_reuse and not plan.depthwise_1d
                ),
                **padding,
            }
        elif kind == WeightLayoutKind.TILED:
            assert plan.weight_block_h_ntiles is not None
            op_class = ttnn.ConvWeightsTiledLayoutOp
            properties = {
                "block_h": _i32(plan.weight_block_h_ntiles),
                "block_w": _i32(plan.weight_block_w_ntiles),
                **padding,
            }
        else:
            op_class = ttnn.ConvWeightsBlockShardedLayoutOp
            properties = {
                "in_shards": _i32(plan.input_cores_channels),
                "out_shards": _i32(plan.output_cores_channels),
                "full_inner_dim": _bool(plan.params.conv_config.full_inner_dim),
                **padding,
            }
        return op_class.build(
            operands=[value],
            result_types=[result_type],
            properties=properties,
            attributes={RESOLUTION_ATTRIBUTE: resolution_summary(plan)},
        )


@dataclass
class DecomposePrepareConvBias(RewritePattern):
    """prepare_conv_bias → conv_bias_layout (width of SPEC §3.4) → [typecast]."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ttnn.PrepareConvBiasOp, rewriter: PatternRewriter) -> None:
        plan = op.resolve()
        bias = tensor_info(op.bias_tensor.type)
        width = plan.bias_physical_shape[-1]
        chain: list[Operation] = [
            ttnn.ConvBiasLayoutOp.build(
                operands=[op.bias_tensor],
                result_types=[
                    tensor_type(
                        bias.shape, bias.dtype, Layout.TILE, physical=plan.bias_physical_shape
                    )
                ],
                properties={"width": _i32(width)},
                attributes={RESOLUTION_ATTRIBUTE: resolution_summary(plan)},
            )
        ]
        replace_by_chain(rewriter, op, chain)


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

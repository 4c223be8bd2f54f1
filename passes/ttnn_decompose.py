"""`ttnn-decompose`: rewrite `prepare_conv_weights` / `prepare_conv_bias` into the chain of
layout ops TT-NN runs (semantics.md §3.3 step 10), every parameter explicit:

    grouped or 1D-depthwise expansion → kernel-stride fold → the layout op of the chosen
    shard layout (with the channel padding) → typecast to the weights dtype

Every fact of the chain is read from the op's resolved plan (`ConvWeightsPlan`); nothing is
derived again here. Each layout op carries a discardable `ttnn.resolution` dictionary with the
facts that chose it (shard layout, core counts, channel alignment, block sizes), so the output
shows a reader which layout TT-NN would pick and why.
"""

from __future__ import annotations

from collections.abc import Iterator
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
from xdsl.rewriter import Rewriter

from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan, WeightLayoutKind
from ttnn_xdsl.dialect.attributes import DEFAULT_GRID
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
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp, PrepareConvBiasOp
from ttnn_xdsl.dialect.tensor_types import denote_same_tensor, grid_of_module

RESOLUTION_ATTRIBUTE = "ttnn.resolution"
"""The discardable attribute on a decomposed layout op explaining the resolution."""


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
        "mm_conv": IntegerAttr.from_bool(plan.mm_conv),
        **counts,
    }
    if plan.act_block_w is not None:
        facts["act_block_w"] = i32_attribute(plan.act_block_w, "act_block_w")
    if plan.fold_stride is not None:
        facts["kernel_stride_folding"] = DenseArrayBase.from_list(i32, plan.fold_stride)
    return DictionaryAttr(facts)


def weight_chain(plan: ConvWeightsPlan, weight: SSAValue) -> list[Operation]:
    """The layout ops that prepare `weight` as `plan` says: [grouped | depthwise] → [fold] →
    the layout op of the plan's layout kind (in the weight's own dtype)."""
    chain: list[Operation] = []
    value = weight
    if plan.groups_expand is not None:
        chain.append(ConvWeightsGroupedLayoutOp(value, groups=plan.groups_expand))
    elif plan.depthwise_act_block_h_ntiles is not None:
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
    chain.append(layout_op(plan, value))
    return chain


def layout_op(plan: ConvWeightsPlan, value: SSAValue) -> Operation:
    """The layout op of the plan's layout kind, in the weight's own dtype."""
    padding = {
        "padded_in_channels": plan.padded_in_channels,
        "padded_out_channels": plan.padded_out_channels,
    }
    kind = plan.layout_kind
    if kind == WeightLayoutKind.INTERLEAVED_MM:
        op: Operation = ConvWeightsInterleavedMMLayoutOp(value)
    elif kind == WeightLayoutKind.SPECIAL_PADDING:
        op = ConvWeightsSpecialPaddingLayoutOp(
            value,
            block_h=plan.weight_block_h_ntiles,
            block_w=plan.weight_block_w_ntiles,
            enable_activation_reuse=plan.enable_activation_reuse,
            **padding,
        )
    elif kind == WeightLayoutKind.TILED:
        op = ConvWeightsTiledLayoutOp(
            value,
            block_h=plan.weight_block_h_ntiles,
            block_w=plan.weight_block_w_ntiles,
            **padding,
        )
    else:
        op = ConvWeightsBlockShardedLayoutOp(
            value,
            in_shards=plan.input_cores_channels,
            out_shards=plan.output_cores_channels,
            full_inner_dim=plan.full_inner_dim,
            **padding,
        )
    op.attributes[RESOLUTION_ATTRIBUTE] = resolution_summary(plan)
    return op


def bias_chain(plan: ConvWeightsPlan, bias: SSAValue) -> list[Operation]:
    """The bias layout op (the width of semantics.md §3.4)."""
    layout = ConvBiasLayoutOp(bias, width=plan.bias_physical_shape[-1])
    layout.attributes[RESOLUTION_ATTRIBUTE] = resolution_summary(plan)
    return [layout]


def decompose(op: ConvPrepareOp, grid: tuple[int, int]) -> list[Operation]:
    """Replace a prepare op by its chain of layout ops, ending with a typecast to the
    weights dtype when the layout left another (TT-NN's final `to_dtype`); the new ops keep
    the op's location. Returns the chain."""
    plan = op.resolve(grid)
    if isinstance(op, PrepareConvBiasOp):
        chain = bias_chain(plan, op.source)
    else:
        chain = weight_chain(plan, op.source)
    last = chain[-1].results[0]
    if denote_same_tensor(last.type, op.result.type):
        # The same tensor, perhaps spelled otherwise: keep the user's spelling for its uses.
        Rewriter.replace_value_with_new_type(last, op.result.type)
    else:
        chain.append(TypecastOp(last, op.result.type))
    for new_op in chain:
        new_op.location = op.location
    Rewriter.replace_op(op, chain)
    return chain


def prepare_ops_with_grids(
    op: Operation, grid: tuple[int, int] = DEFAULT_GRID
) -> Iterator[tuple[ConvPrepareOp, tuple[int, int]]]:
    """Each prepare op under `op` with the device grid it prepares for (the `ttnn.grid` of
    its nearest module that has one), in program order: one walk, each module's attribute
    read once."""
    if isinstance(op, ModuleOp):
        grid = grid_of_module(op) or grid
    if isinstance(op, ConvPrepareOp):
        yield op, grid
        return
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                yield from prepare_ops_with_grids(child, grid)


@dataclass(frozen=True)
class TTNNDecompose(ModulePass):
    """Rewrite each prepare op into its explicit chain of layout ops (see the module doc)."""

    name = "ttnn-decompose"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for prepare, grid in list(prepare_ops_with_grids(op)):
            decompose(prepare, grid)

"""`ttnn-decompose`: rewrite `prepare_conv_weights` / `prepare_conv_bias` into the chain of
layout ops TT-NN runs (semantics.md §3.3 step 10), every parameter explicit:

    grouped or 1D-depthwise expansion → kernel-stride fold → the layout op of the chosen
    shard layout (with the channel padding) → typecast to the weights dtype

and `prepare_conv_transpose2d_weights` / `_bias` into the transform of the IOHW weight
followed by the chain of their equivalent conv2d (semantics.md §7):

    IOHW → OIHW (with the grouped expansion) → kernel mirror → the equivalent conv2d's chain

Every fact of the chain is read from the op's resolved plan (`ConvWeightsPlan`); nothing is
derived again here. Each layout op carries a discardable `ttnn.resolution` dictionary with the
facts that chose it (shard layout, core counts, channel alignment, block sizes), so the output
shows a reader which layout TT-NN would pick and why; a transposed op's layout op also carries
`ttnn.equivalent_conv2d`, the conv2d TT-NN prepares for.

A `ttnn.conv2d` becomes the preparations of its host operands and one `ttnn.conv2d_consume`; a
`ttnn.conv_transpose2d` the transposed preparations, its input zero-stuffed (`ttnn.zero_stuff`)
and the consumption of its equivalent conv2d (`decompose_conv2d`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import cast

from xdsl.context import Context
from xdsl.dialects.builtin import (
    DenseArrayBase,
    DictionaryAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    TensorType,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv2d_decisions import (
    Conv2dDecision,
    conv_transpose2d_bias_preparation,
    conv_transpose2d_preparation,
)
from ttnn_xdsl.conv.conv_core_grid import core_grid_input_shard, overrides_core_grid
from ttnn_xdsl.conv.conv_l1_decisions import fp32_dest_accumulation
from ttnn_xdsl.conv.conv_l1_report import ConvL1Report, conv_l1_report, transpose_l1_report
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan, resolve_conv_weights
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    ConvTranspose2dPlan,
    full_input_size,
    resolve_conv_transpose2d_bias,
    resolve_conv_transpose2d_weights,
    whole_equivalent_conv,
)
from ttnn_xdsl.conv.conv_weight_layout import WeightLayoutKind
from ttnn_xdsl.core.enums import BufferType, DataType, Layout
from ttnn_xdsl.core.errors import ConvConfigError, ConvNotModelledError, TTNNError
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    Conv2dConfigAttr,
    Conv2dSliceConfigAttr,
    CoreRangeAttr,
    CoreRangeSetAttr,
    DataTypeAttr,
    LayoutAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
)
from ttnn_xdsl.dialect.conv2d_ops import (
    ConvOp,
    ConvTranspose2dOp,
    ZeroStuffOp,
    conv2d_consume_from_plan,
    math_fidelity_name,
    prepared_bias_type,
    prepared_weight_type,
)
from ttnn_xdsl.dialect.conv_layout_ops import (
    ConvBiasLayoutOp,
    ConvWeightsBlockShardedLayoutOp,
    ConvWeightsDepthwiseLayoutOp,
    ConvWeightsFoldKernelStrideOp,
    ConvWeightsGroupedLayoutOp,
    ConvWeightsInterleavedMMLayoutOp,
    ConvWeightsIOHWToOIHWOp,
    ConvWeightsMirrorKernelOp,
    ConvWeightsSpecialPaddingLayoutOp,
    ConvWeightsTiledLayoutOp,
)
from ttnn_xdsl.dialect.conversion_ops import ToLayoutOp, TypecastOp
from ttnn_xdsl.dialect.device import DEFAULT_DEVICE, TargetDevice, device_of_module
from ttnn_xdsl.dialect.keyword_properties import i32_attribute
from ttnn_xdsl.dialect.prepare_op_properties import (
    COMPUTE_CONFIG_PROPERTY,
    CONV2D_PROPERTIES,
    CONV_CONFIG,
    OUTPUT_DTYPE_OF_CONV2D,
)
from ttnn_xdsl.dialect.prepare_ops import (
    ConvPrepareOp,
    ConvTranspose2dPrepareOp,
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
    bias_result_type,
    weight_result_type,
)
from ttnn_xdsl.dialect.tensor_types import denote_same_tensor, tensor_info, tensor_type
from ttnn_xdsl.dialect.types import element_type_for

RESOLUTION_ATTRIBUTE = "ttnn.resolution"
"""The discardable attribute on a decomposed layout op explaining the resolution."""

EQUIVALENT_CONV2D_ATTRIBUTE = "ttnn.equivalent_conv2d"
"""The discardable attribute on a transposed op's layout op: the conv2d TT-NN prepares for."""


def resolution_summary(plan: ConvWeightsPlan, l1: ConvL1Report | None = None) -> DictionaryAttr:
    """The facts of the resolution a reader needs to see why this layout was chosen; `l1`,
    the L1 report, when it is not the plan's own (a conv_transpose2d's)."""
    counts = {
        name: i32_attribute(value, name)
        for name, value in (
            ("input_channels_alignment", plan.sharding.input_channels_alignment),
            ("input_cores_channels", plan.sharding.input_cores_channels),
            ("output_cores_channels", plan.sharding.output_cores_channels),
            ("nhw_cores", plan.sharding.nhw_cores),
            ("act_block_h_ntiles", plan.blocking.act_block_h_ntiles),
            ("out_subblock_w_ntiles", plan.blocking.weight_block_w_ntiles),
        )
    }
    facts: dict[str, Attribute] = {
        "shard_layout": StringAttr(plan.sharding.shard_layout.value),
        "mm_conv": IntegerAttr.from_bool(plan.form.mm_conv),
        **counts,
    }
    if plan.blocking.act_block_w is not None:
        facts["act_block_w"] = i32_attribute(plan.blocking.act_block_w, "act_block_w")
    if plan.form.fold_stride is not None:
        facts["kernel_stride_folding"] = DenseArrayBase.from_list(i32, plan.form.fold_stride)
    facts["l1"] = l1_summary(l1 if l1 is not None else conv_l1_report(plan))
    return DictionaryAttr(facts)


def l1_summary(report: ConvL1Report) -> DictionaryAttr:
    """The `l1` entry of `ttnn.resolution` (semantics.md §8.6): TT-NN's L1 estimate per core,
    in bytes, of the configuration the weights are prepared for, against the device's budget;
    each auto-shard candidate's total; the DRAM slices."""

    def size(value: int) -> IntegerAttr:
        return IntegerAttr(value, i64)

    facts: dict[str, Attribute] = {"budget": size(report.device.l1_budget)}
    estimate = report.estimate
    if estimate is None:
        facts["unavailable"] = StringAttr(report.unavailable or "")
    else:
        buffers = {
            buffer.name.lower(): size(buffer.bytes)
            for buffer in estimate.circular_buffers
            if buffer.bytes and not buffer.globally_allocated
        }
        facts |= {
            "estimate_of": StringAttr(estimate.layout.value),
            "cores": size(estimate.core_count),
            "circular_buffers": DictionaryAttr(buffers),
            "output": size(estimate.output_bytes),
            "halo_input": size(estimate.halo_input_bytes),
            "halo_output": size(estimate.halo_output_bytes),
            "total": size(estimate.total_bytes),
        }
    if report.fits is not None:
        facts["fits"] = IntegerAttr.from_bool(report.fits)
    if report.auto_shard is not None:
        facts["auto_shard"] = DictionaryAttr(
            {c.layout.value: size(c.total_bytes) for c in report.auto_shard.candidates}
        )
    slicing = report.slicing
    if slicing is not None:
        slices: dict[str, Attribute] = {
            "slice_type": StringAttr(slicing.slice_type.value),
            "num_slices": size(slicing.num_slices),
        }
        if report.largest_slice_bytes is not None:
            slices["largest_slice"] = size(report.largest_slice_bytes)
        facts["dram_slices"] = DictionaryAttr(slices)
    return DictionaryAttr(facts)


def weight_chain(
    plan: ConvWeightsPlan, weight: SSAValue, l1: ConvL1Report | None = None
) -> list[Operation]:
    """The layout ops that prepare `weight` as `plan` says: [grouped | depthwise] → [fold] →
    the layout op of the plan's layout kind (in the weight's own dtype; `l1` as in
    `resolution_summary`)."""
    chain: list[Operation] = []
    value = weight
    if plan.expansion.groups_expand is not None:
        chain.append(ConvWeightsGroupedLayoutOp(value, groups=plan.expansion.groups_expand))
    elif plan.expansion.depthwise_act_block_h_ntiles is not None:
        chain.append(
            ConvWeightsDepthwiseLayoutOp(
                value, act_block_h_ntiles=plan.expansion.depthwise_act_block_h_ntiles
            )
        )
    if chain:
        value = chain[-1].results[0]
    if plan.expansion.fold_stride is not None:
        chain.append(ConvWeightsFoldKernelStrideOp(value, stride=plan.expansion.fold_stride))
        value = chain[-1].results[0]
    chain.append(layout_op(plan, value, l1))
    return chain


def layout_op(plan: ConvWeightsPlan, value: SSAValue, l1: ConvL1Report | None) -> Operation:
    """The layout op of the plan's layout kind, in the weight's own dtype."""
    padding = {
        "padded_in_channels": plan.layout.padded_in_channels,
        "padded_out_channels": plan.layout.padded_out_channels,
    }
    kind = plan.layout.kind
    if kind == WeightLayoutKind.INTERLEAVED_MM:
        op: Operation = ConvWeightsInterleavedMMLayoutOp(value)
    elif kind == WeightLayoutKind.SPECIAL_PADDING:
        op = ConvWeightsSpecialPaddingLayoutOp(
            value,
            block_h=plan.blocking.weight_block_h_ntiles,
            block_w=plan.blocking.weight_block_w_ntiles,
            enable_activation_reuse=plan.layout.enable_activation_reuse,
            **padding,
        )
    elif kind == WeightLayoutKind.TILED:
        op = ConvWeightsTiledLayoutOp(
            value,
            block_h=plan.blocking.weight_block_h_ntiles,
            block_w=plan.blocking.weight_block_w_ntiles,
            **padding,
        )
    else:
        op = ConvWeightsBlockShardedLayoutOp(
            value,
            in_shards=plan.sharding.input_cores_channels,
            out_shards=plan.sharding.output_cores_channels,
            full_inner_dim=plan.layout.full_inner_dim,
            **padding,
        )
    op.attributes[RESOLUTION_ATTRIBUTE] = resolution_summary(plan, l1)
    return op


def equivalent_conv2d_summary(plan: ConvTranspose2dPlan) -> DictionaryAttr:
    """The equivalent conv2d of a conv_transpose2d (semantics.md §7.2) as a reader needs it:
    its input (the transpose's zero-stuffed, padded input), stride, padding, dilation and
    groups, the transpose's output, and, on the weight's DRAM path, the sharded input TT-NN
    hands it (and, sliced, which slice the weight is prepared for)."""
    equivalent = plan.equivalent
    facts: dict[str, Attribute] = {
        "input_height": i32_attribute(equivalent.input_height, "input_height"),
        "input_width": i32_attribute(equivalent.input_width, "input_width"),
        "stride": DenseArrayBase.from_list(i32, equivalent.stride),
        "padding": DenseArrayBase.from_list(i32, equivalent.padding),
        "dilation": DenseArrayBase.from_list(i32, equivalent.dilation),
        "groups": i32_attribute(equivalent.groups, "groups"),
        "output_size": DenseArrayBase.from_list(i32, plan.output_size),
    }
    if plan.dram_path:
        memory = equivalent.input_memory_config
        assert memory.shard_grid is not None and memory.shard_shape is not None
        (x, y), (height, width) = memory.shard_grid, memory.shard_shape
        cores = f"{x}x{y}" if memory.shard_cores is None else f"{memory.shard_cores} of {x}x{y}"
        facts["dram_path_input"] = StringAttr(
            f"{memory.memory_layout.value} on {cores} cores, shards of {height}x{width}, "
            f"{memory.shard_orientation.value}"
        )
        if plan.dram is not None and plan.dram.sliced:
            slicing = plan.dram.slicing
            facts["dram_slices"] = StringAttr(
                f"the first of {slicing.num_slices} {slicing.slice_type.value} slices, a "
                f"{equivalent.input_layout.value} input"
            )
    return DictionaryAttr(facts)


def transpose_weight_chain(plan: ConvTranspose2dPlan, weight: SSAValue) -> list[Operation]:
    """The transform of a conv_transpose2d's IOHW weight — to dense OIHW (grouped), the kernel
    mirrored — then the equivalent conv2d's chain (semantics.md §7.3)."""
    chain: list[Operation] = [ConvWeightsIOHWToOIHWOp(weight, groups=plan.groups)]
    if plan.mirror_kernel:
        chain.append(ConvWeightsMirrorKernelOp(chain[-1].results[0]))
    chain += weight_chain(plan.conv, chain[-1].results[0], transpose_l1_report(plan))
    chain[-1].attributes[EQUIVALENT_CONV2D_ATTRIBUTE] = equivalent_conv2d_summary(plan)
    return chain


def bias_chain(plan: ConvWeightsPlan, bias: SSAValue) -> list[Operation]:
    """The bias layout op (the width of semantics.md §3.4)."""
    layout = ConvBiasLayoutOp(bias, width=plan.bias.physical_shape[-1])
    layout.attributes[RESOLUTION_ATTRIBUTE] = resolution_summary(plan)
    return [layout]


def decompose(op: ConvPrepareOp, device: TargetDevice) -> list[Operation]:
    """Replace a prepare op by its chain of layout ops, ending with a typecast to the
    weights dtype when the layout left another (TT-NN's final `to_dtype`); the new ops keep
    the op's location. Returns the chain."""
    if isinstance(op, ConvTranspose2dPrepareOp):
        transpose = op.transpose_plan(device)
        if isinstance(op, PrepareConvTranspose2dBiasOp):
            chain = bias_chain(transpose.conv, op.source)
            chain[-1].attributes[EQUIVALENT_CONV2D_ATTRIBUTE] = equivalent_conv2d_summary(transpose)
        else:
            chain = transpose_weight_chain(transpose, op.source)
    elif isinstance(op, PrepareConvBiasOp):
        chain = bias_chain(op.resolve(device), op.source)
    else:
        chain = weight_chain(op.resolve(device), op.source)
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


def prepare_ops_with_devices(
    op: Operation, device: TargetDevice = DEFAULT_DEVICE
) -> Iterator[tuple[ConvPrepareOp, TargetDevice]]:
    """Each prepare op under `op` with the device it prepares for (the attributes of its
    modules, `dialect.device`), in program order: one walk, each module's attributes read
    once."""
    if isinstance(op, ModuleOp):
        device = device_of_module(op, device)
    if isinstance(op, ConvPrepareOp):
        yield op, device
        return
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                yield from prepare_ops_with_devices(child, device)


def conv2d_ops_with_devices(
    op: Operation, device: TargetDevice = DEFAULT_DEVICE
) -> Iterator[tuple[ConvOp, TargetDevice]]:
    """Each `ttnn.conv2d` and `ttnn.conv_transpose2d` under `op` with the device it runs on,
    in program order."""
    if isinstance(op, ModuleOp):
        device = device_of_module(op, device)
    if isinstance(op, ConvOp):
        yield op, device
        return
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                yield from conv2d_ops_with_devices(child, device)


@dataclass(frozen=True)
class TTNNDecompose(ModulePass):
    """Rewrite each prepare op into its explicit chain of layout ops (see the module doc)."""

    name = "ttnn-decompose"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for conv, device in list(conv2d_ops_with_devices(op)):
            decompose_conv2d(conv, device)
        for prepare, device in list(prepare_ops_with_devices(op)):
            decompose(prepare, device)


def decompose_conv2d(op: ConvOp, device: TargetDevice) -> list[Operation]:
    """Replace a `ttnn.conv2d` by the preparations of its host operands
    (`ttnn.prepare_conv_weights` / `prepare_conv_bias` with the conv's parameters; a bfloat8_b
    weight of a conv run from DRAM, planned as bfloat16, laid out by the layout ops and typecast
    once, conv2d's own path) and one `ttnn.conv2d_consume` reading the prepared weight, with the
    op's result type. A TILE input is made row-major first (`ttnn.to_layout`, after a
    `ttnn.typecast` to bfloat16 for a bfloat8_b one: both exact), as TT-NN's halo untilizes it.
    The ops keep the op's location. A `ttnn.conv_transpose2d` likewise: its preparations
    (`transpose_prepared_operands`), its row-major input zero-stuffed into the equivalent
    conv2d's (`ttnn.zero_stuff`), and the consumption of that conv over the whole stuffed input
    (`whole_equivalent_conv`). Raises TTNNError (located at the op) for what the consumption
    does not lower: a 1D depthwise weight folded or not height-sharded."""
    decision = op.decision(device)
    chain: list[Operation] = row_major_input(op.input)
    activation = chain[-1].results[0] if chain else op.input
    plan = decision.plan
    if isinstance(op, ConvTranspose2dOp):
        own_path = conv_transpose2d_preparation(op.conv_parameters(device))
        transpose = resolve_conv_transpose2d_weights(own_path)
        plan, _ = whole_equivalent_conv(transpose)
        chain.append(zero_stuffed_input(activation, transpose))
        activation = chain[-1].results[0]
        preparation, weight, bias = transpose_prepared_operands(op, decision, device)
    else:
        preparation, weight, bias = prepared_operands(op, decision, device)
    chain += preparation
    try:
        params = plan.params
        consume = conv2d_consume_from_plan(
            activation,
            weight,
            bias,
            plan,
            params,
            output_dtype=decision.output.dtype,
            output_layout=decision.output.layout,
            math_fidelity=math_fidelity_name(op.properties.get(COMPUTE_CONFIG_PROPERTY.name)),
            fp32_dest_acc_en=fp32_dest_accumulation(params, decision.weights_dtype),
            conv_config=op.conv_parameters(device).conv_config,
        )
    except ConvNotModelledError as error:
        raise TTNNError(
            f"'{op.name}' op ttnn-decompose cannot run this conv: {error}", op=op
        ) from error
    Rewriter.replace_value_with_new_type(consume.result, op.result.type)
    chain.append(consume)
    for new_op in chain:
        new_op.location = op.location
    Rewriter.replace_op(op, chain)
    return chain


def prepared_operands(
    op: ConvOp, decision: Conv2dDecision, device: TargetDevice
) -> tuple[list[Operation], SSAValue, SSAValue | None]:
    """The ops preparing a conv2d's host weight and bias as TT-NN's conv2d prepares them
    (`prepare_conv_weights` / `prepare_conv_bias` with the conv's parameters; the layout ops
    where no prepare op says it, `sliced_conv1d_chains`), and the weight and bias the conv
    reads (a prepared operand as given)."""
    if not prepare_op_says(decision.plan) or converts_past_its_plan(decision):
        return sliced_conv1d_chains(op, decision)
    chain: list[Operation] = []
    properties = conv2d_prepare_properties(op, decision.plan.params)
    weight = op.weight
    if op.tensor(op.weight, "weight").on_host:
        prepared = PrepareConvWeightsOp(
            op.weight,
            result_type=weight_result_type(decision.plan),
            weights_format="OIHW",
            has_bias=op.bias is not None,
            **properties,
        )
        if not prepares_the_plans_weight(prepared, decision.plan, device):
            return sliced_conv1d_chains(op, decision)
        chain.append(prepared)
        weight = prepared.result
    bias = op.bias
    if bias is not None and op.tensor(bias, "bias").on_host:
        assert decision.bias_plan is not None
        bias_properties = conv2d_prepare_properties(op, decision.bias_plan.params)
        prepared_bias = PrepareConvBiasOp(
            bias, result_type=bias_result_type(decision.bias_plan), **bias_properties
        )
        chain.append(prepared_bias)
        bias = prepared_bias.result
    return chain, weight, bias


def converts_past_its_plan(decision: Conv2dDecision) -> bool:
    """Whether conv2d gives its weight (or bias) another dtype than its plan prepares: a
    bfloat8_b weight of a conv run from DRAM, planned as bfloat16 (`prepare_conv_weights`
    refuses bfloat8_b there). TT-NN's conv2d lays such a weight out from the host values and
    converts it to bfloat8_b once (its bytes, captured: tests/data/ttnn_reference/conv2d_op/
    bytes/); a bfloat16 prepare op then a typecast would round each value twice, one
    bfloat8_b step off wherever the bfloat16 value falls halfway between two. So the layout
    ops lay it out, with one typecast."""
    plans = [decision.plan] + ([decision.bias_plan] if decision.bias_plan is not None else [])
    return any(plan.weights_dtype != decision.weights_dtype for plan in plans)


def prepares_the_plans_weight(
    prepared: PrepareConvWeightsOp | PrepareConvTranspose2dWeightsOp,
    plan: ConvWeightsPlan,
    device: TargetDevice,
) -> bool:
    """Whether the prepare op, resolved from its properties, lays the weight out as the conv's
    own plan reads it. Not where the conv's DRAM path plans its slices otherwise than a
    prepare op can be told: a bfloat8_b weight is prepared as bfloat16, but the slices are
    planned with bfloat8_b tiles (`Conv2dParameters.planned_weights_dtype`), which can take
    another shard layout than the bfloat16 estimate (a HEIGHT slice where bfloat16 weights
    would make it BLOCK); the weight is then laid out for the conv's plan (the layout ops)."""
    try:
        return prepared.resolve(device).layout == plan.layout
    except VerifyException:
        return False


def prepare_op_says(plan: ConvWeightsPlan) -> bool:
    """Whether `prepare_conv_weights` with the plan's parameters prepares the plan's weight: not
    for a 1D conv cut in DRAM slices (`Conv2dParameters.sliced_conv1d`), nor for the unfolded
    weight of a fold on conv2d's DRAM path (`Conv2dParameters.unfolded_weight`: the op folds
    it), nor where conv2d prepares the weight in its first DRAM slice otherwise than the op
    plans that slice (`Conv2dParameters.prepared_in_slice`: the channels aligned to the
    slice's shard width)."""
    params = plan.params
    assert isinstance(params, Conv2dParameters)
    if params.sliced_conv1d or params.unfolded_weight:
        return False
    if not params.prepared_in_slice or not plan.l1.sliced:
        return True
    planned = resolve_conv_weights(replace(params, prepared_in_slice=False))
    return planned.layout == plan.layout


def sliced_conv1d_chains(
    op: ConvOp, decision: Conv2dDecision
) -> tuple[list[Operation], SSAValue, SSAValue | None]:
    """The chains of layout ops preparing a conv2d's host weight and bias for its first DRAM
    slice, as conv2d's DRAM path prepares them where no prepare op says it (a 1D conv,
    `Conv2dParameters.sliced_conv1d`; a weight aligned to the slice's shard width,
    `prepare_op_says`; a weight laid out for another plan than a prepare op's,
    `prepares_the_plans_weight`; a bfloat8_b weight planned as bfloat16,
    `converts_past_its_plan`), each typecast to the weights dtype where its layout left
    another, as a prepare op's decomposition ends; a prepared operand as given."""
    chain: list[Operation] = []
    weight, bias = op.weight, op.bias
    if op.tensor(op.weight, "weight").on_host:
        weights = weight_chain(decision.plan, op.weight)
        chain += weights + typecast_to(weights[-1].results[0], prepared_weight_type(decision))
        weight = chain[-1].results[0]
    if bias is not None and op.tensor(bias, "bias").on_host:
        assert decision.bias_plan is not None
        biases = bias_chain(decision.bias_plan, bias)
        chain += biases + typecast_to(biases[-1].results[0], prepared_bias_type(decision))
        bias = chain[-1].results[0]
    return chain, weight, bias


def zero_stuffed_input(activation: SSAValue, plan: ConvTranspose2dPlan) -> ZeroStuffOp:
    """The input of a conv_transpose2d's equivalent conv2d over its whole image (semantics.md
    §7.2), from the transpose's row-major input: pixel `i` of an axis at `d·(k − 1) − p_before
    + i·s`, zeros elsewhere."""
    params = plan.params
    top, _, left, _ = params.padding
    offset = [
        dilation * (kernel - 1) - before
        for dilation, kernel, before in zip(
            params.dilation, params.kernel_size, (top, left), strict=True
        )
    ]
    full_height, full_width = full_input_size(params)
    info = tensor_info(activation.type)
    shape = (params.batch_size, full_height, full_width, params.in_channels)
    return ZeroStuffOp(
        activation,
        tensor_type(shape, info.dtype, None),
        stride=params.stride,
        offset=offset,
        input_size=(params.input_height, params.input_width),
    )


def transpose_prepared_operands(
    op: ConvTranspose2dOp, decision: Conv2dDecision, device: TargetDevice
) -> tuple[list[Operation], SSAValue, SSAValue | None]:
    """The ops preparing a conv_transpose2d's host weight and bias as TT-NN's
    conv_transpose2d prepares them (`prepare_conv_transpose2d_weights` / `_bias` with the
    op's parameters and its input's type, the conv_config and slice config as its own path
    reads them: `conv_transpose2d_preparation`, `conv_transpose2d_bias_preparation` — the
    bias in the weights dtype the weight is prepared in; its layout op and one typecast where
    that prepare op would not pad it as conv_transpose2d does from its weight's plan,
    `bias_op_says`, or would prepare it in another dtype, a bfloat8_b bias from DRAM), and the
    weight and bias its equivalent conv2d reads (a prepared operand as given)."""
    activation = op.tensor(op.input, "input")
    properties: dict[str, object] = {
        name: value for name, value in op.properties.items() if name != OUTPUT_DTYPE_OF_CONV2D.name
    }
    if OUTPUT_DTYPE_OF_CONV2D.name in op.properties:
        properties["output_dtype"] = op.properties[OUTPUT_DTYPE_OF_CONV2D.name]
    properties |= {
        "input_memory_config": activation.memory_config or DRAM_INTERLEAVED,
        "input_layout": LayoutAttr(activation.layout),
        "input_dtype": DataTypeAttr(activation.dtype),
    }
    given = op.conv_parameters(device)
    own_path = conv_transpose2d_preparation(given)
    transpose = resolve_conv_transpose2d_weights(own_path)
    if no_prepare_op_says(transpose):
        return own_path_chains(op, decision, transpose)
    chain: list[Operation] = []
    weight = op.weight
    if op.tensor(op.weight, "weight").on_host:
        weight_properties = {
            name: value
            for name, value in properties.items()
            if name in {prop.name for prop in PrepareConvTranspose2dWeightsOp.PROPERTIES}
        }
        weight_config = own_path_conv_config(op, own_path.conv_config)
        if weight_config is not None:
            weight_properties["conv_config"] = weight_config
        slices = own_path.dram_slice_config
        if slices is not None and slices != given.dram_slice_config:
            # Run whole from DRAM (`runs_whole_from_dram`): prepared as for one slice.
            weight_properties["dram_slice_config"] = Conv2dSliceConfigAttr(
                slices.slice_type, slices.num_slices
            )
        try:
            prepared = PrepareConvTranspose2dWeightsOp(
                op.weight,
                device=device,
                weights_format="IOHW",
                has_bias=op.bias is not None,
                **weight_properties,
            )
        except (ConvConfigError, VerifyException):
            # The prepare op refuses what the transpose's own path runs (s6201 s0042: the
            # activation reuse check of a DRAM slice's plan): its layout ops say it.
            return own_path_chains(op, decision, transpose)
        if not prepares_the_plans_weight(prepared, transpose.conv, device):
            return own_path_chains(op, decision, transpose)
        chain.append(prepared)
        weight = prepared.result
    bias = op.bias
    bias_config = conv_transpose2d_bias_preparation(own_path, decision.weights_dtype)
    if (
        bias is not None
        and op.tensor(bias, "bias").on_host
        and (
            not bias_op_says(bias_config, decision)
            or bias_config.conv_config.weights_dtype != decision.weights_dtype
        )
    ):
        # Laid out by the layout ops, with one typecast: where no prepare op pads it as
        # conv_transpose2d does, and where its prepare op would make another dtype (a
        # bfloat8_b bias from DRAM, prepared as bfloat16: TT-NN's conv_transpose2d converts
        # the host values to bfloat8_b once, its bytes captured in
        # tests/data/ttnn_reference/conv_transpose2d_op/bytes/; a bfloat16 prepare op then a
        # typecast would round them twice).
        assert decision.bias_plan is not None
        biases = bias_chain(decision.bias_plan, bias)
        biases[-1].attributes[EQUIVALENT_CONV2D_ATTRIBUTE] = equivalent_conv2d_summary(transpose)
        chain += biases + typecast_to(biases[-1].results[0], prepared_bias_type(decision))
        bias = chain[-1].results[0]
    elif bias is not None and op.tensor(bias, "bias").on_host:
        bias_properties = {
            name: value
            for name, value in properties.items()
            if name in {prop.name for prop in PrepareConvTranspose2dBiasOp.PROPERTIES}
        }
        bias_properties["conv_config"] = own_path_conv_config(op, bias_config.conv_config)
        prepared_bias = PrepareConvTranspose2dBiasOp(bias, device=device, **bias_properties)
        chain.append(prepared_bias)
        bias = prepared_bias.result
    return chain, weight, bias


def bias_op_says(bias_config: ConvTranspose2dParameters, decision: Conv2dDecision) -> bool:
    """Whether `prepare_conv_transpose2d_bias` with `bias_config` prepares the bias
    conv_transpose2d pads from its weight's plan (`conv2d_decisions.resolve_conv_transpose2d`):
    not where the bias's own conv is split otherwise or refused (its own auto-shard or slice
    search, which conv_transpose2d does not run)."""
    assert decision.bias_plan is not None
    try:
        said = resolve_conv_transpose2d_bias(bias_config).conv.bias
    except ConvConfigError:
        return False
    planned = decision.bias_plan.bias
    return (said.logical_shape, said.physical_shape) == (
        planned.logical_shape,
        planned.physical_shape,
    )


def transposed_bias_config(written: Attribute | None, weights_dtype: DataType) -> Conv2dConfigAttr:
    """The conv_config a conv_transpose2d prepares its bias with: the conv's (`written`) with
    the weights dtype the weight is prepared in (TT-NN's conv_transpose2d hands it over;
    `prepare_conv_transpose2d_bias` requires one)."""
    fields = dict(written.fields()) if isinstance(written, Conv2dConfigAttr) else {}
    fields["weights_dtype"] = DataTypeAttr(weights_dtype)
    return Conv2dConfigAttr.from_fields(fields)


def no_prepare_op_says(transpose: ConvTranspose2dPlan) -> bool:
    """What TT-NN's conv_transpose2d prepares otherwise than its preparation ops, which no
    prepare op's properties say (`ConvTranspose2dParameters.own_path`): a 1×1 kernel with a
    stride or padding, run as a conv where the prepare ops decide a matmul; a DRAM slice's
    weight prepared without the activation reuse its slices' planning reads."""
    params = transpose.params
    strided_1x1 = not transpose.equivalent.matmul_1x1 and tuple(params.kernel_size) == (1, 1)
    return strided_1x1 or (transpose.dram_path and params.conv_config.enable_activation_reuse)


def own_path_chains(
    op: ConvTranspose2dOp, decision: Conv2dDecision, transpose: ConvTranspose2dPlan
) -> tuple[list[Operation], SSAValue, SSAValue | None]:
    """The chains of layout ops preparing a conv_transpose2d's host weight and bias as its
    own path plans them (`no_prepare_op_says`), each typecast to the weights dtype where its
    layout left another, as a prepare op's decomposition ends; a prepared operand as given."""
    chain: list[Operation] = []
    weight, bias = op.weight, op.bias
    if op.tensor(op.weight, "weight").on_host:
        weights = transpose_weight_chain(transpose, op.weight)
        chain += weights + typecast_to(weights[-1].results[0], prepared_weight_type(decision))
        weight = chain[-1].results[0]
    if bias is not None and op.tensor(bias, "bias").on_host:
        assert decision.bias_plan is not None
        biases = bias_chain(decision.bias_plan, bias)
        biases[-1].attributes[EQUIVALENT_CONV2D_ATTRIBUTE] = equivalent_conv2d_summary(transpose)
        chain += biases + typecast_to(biases[-1].results[0], prepared_bias_type(decision))
        bias = chain[-1].results[0]
    return chain, weight, bias


def typecast_to(value: SSAValue, expected: Attribute) -> list[Operation]:
    """A typecast of `value` to `expected`, or none where it is that tensor already."""
    return [] if denote_same_tensor(value.type, expected) else [TypecastOp(value, expected)]


OWN_PATH_FIELDS = (
    "weights_dtype",
    "reshard_if_not_optimal",
    "enable_activation_reuse",
    "enable_kernel_stride_folding",
)
"""The conv_config fields conv_transpose2d's own path reads otherwise than its preparation
ops (`conv2d_decisions.conv_transpose2d_preparation`, `conv_transpose2d_bias_preparation`)."""


def own_path_conv_config(op: ConvOp, config: Conv2dConfig) -> Conv2dConfigAttr | None:
    """The op's written conv_config with the `OWN_PATH_FIELDS` of `config` where they differ
    from it (None: no conv_config written and none differs)."""
    written = op.properties.get(CONV_CONFIG.name)
    fields = dict(written.fields()) if isinstance(written, Conv2dConfigAttr) else {}
    read = written.conv_config() if isinstance(written, Conv2dConfigAttr) else Conv2dConfig()
    for name in OWN_PATH_FIELDS:
        value = getattr(config, name)
        if getattr(read, name) != value:
            fields[name] = Conv2dConfigAttr(**{name: value}).fields()[name]
    return Conv2dConfigAttr.from_fields(fields) if fields else None


def row_major_input(value: SSAValue) -> list[Operation]:
    """The ops making a conv's TILE input row-major as the consumption reads it (none for a
    row-major one): a bfloat8_b input typecast to bfloat16 (exact: every bfloat8_b value is
    a bfloat16), then untilized (`ttnn.to_layout`, its logical values)."""
    info = tensor_info(value.type)
    if info.layout == Layout.ROW_MAJOR:
        return []
    ops: list[Operation] = []
    if info.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
        encoding = cast(TensorType[Attribute], value.type).encoding
        cast_type = TensorType(element_type_for(DataType.BFLOAT16), info.shape, encoding)
        ops.append(TypecastOp(value, cast_type))
        value = ops[-1].results[0]
    dtype = info.dtype if not ops else DataType.BFLOAT16
    ops.append(ToLayoutOp(value, tensor_type(info.shape, dtype, None)))
    return ops


def conv2d_prepare_properties(op: ConvOp, params: Conv2dParameters) -> dict[str, object]:
    """The prepare ops' properties of a conv2d: its own, its input's type (memory config,
    layout, dtype), its `dtype` as `output_dtype`, and the conv_config conv2d prepares with
    (`params`, from `conv2d_decisions`)."""
    activation = op.tensor(op.input, "input")
    properties: dict[str, object] = {
        prop.name: op.properties[prop.name]
        for prop in CONV2D_PROPERTIES
        if prop.name in op.properties and prop is not OUTPUT_DTYPE_OF_CONV2D
    }
    written = op.properties.get(CONV_CONFIG.name)
    fields = dict(written.fields()) if isinstance(written, Conv2dConfigAttr) else {}
    written_dtype = op.read(CONV_CONFIG)
    if (written_dtype and written_dtype.weights_dtype) != params.conv_config.weights_dtype:
        # conv2d's own weights dtype (bfloat16 planning of a bfloat8_b DRAM weight, or the
        # weight's dtype handed to the bias).
        fields["weights_dtype"] = DataTypeAttr(params.conv_config.weights_dtype)
    written_folding = written_dtype.enable_kernel_stride_folding if written_dtype else None
    folding = params.conv_config.enable_kernel_stride_folding
    if folding is not None and folding != written_folding:
        # The conv conv2d runs: a fold of stride 1×1 runs unfolded (conv2d_decisions.runtime_plan);
        # a DRAM input's automatic folding kept for its L1 path (l1_path_input_in_l1).
        fields["enable_kernel_stride_folding"] = folding
    written_reshard = written_dtype.reshard_if_not_optimal if written_dtype else False
    if params.conv_config.reshard_if_not_optimal != written_reshard:
        # conv2d reshards a COL_MAJOR HEIGHT or WIDTH input (conv2d_decisions.runtime_plan):
        # prepared as the preparation reshards it. Its DRAM path auto-shards each slice
        # without a shard_layout (conv2d_decisions.unset_reshard_dropped): prepared without
        # resharding, which prepare_conv_weights would refuse for the unset layout.
        fields["reshard_if_not_optimal"] = params.conv_config.reshard_if_not_optimal
    if fields:
        properties["conv_config"] = Conv2dConfigAttr.from_fields(fields)
    given = activation.memory_config or DRAM_INTERLEAVED
    runtime = params.input_memory_config
    if overrides_core_grid(params) and not params.reads_input_shard_spec:
        # conv2d shards the input on conv_config.core_grid, which prepare_conv_weights does
        # not read: prepared as from the input sharded there.
        given = core_grid_memory_config(resolve_conv_weights(params))
    elif given.conv_input() != runtime:
        # The input conv2d reshards for the conv's layout (runtime_plan): prepared as from an
        # interleaved input of the same buffer.
        given = MemoryConfigAttr(runtime.buffer_type, runtime.memory_layout)
    properties["input_memory_config"] = given
    properties["input_layout"] = LayoutAttr(activation.layout)
    properties["input_dtype"] = DataTypeAttr(activation.dtype)
    if op.read(OUTPUT_DTYPE_OF_CONV2D) is not None:
        properties["output_dtype"] = op.properties[OUTPUT_DTYPE_OF_CONV2D.name]
    return properties


def core_grid_memory_config(plan: ConvWeightsPlan) -> MemoryConfigAttr:
    """The memory config TT-NN's conv2d gives its input on `conv_config.core_grid`
    (`conv_core_grid`): sharded in L1 on the grid's cores, in TT-NN's shards."""
    params, sharding = plan.params, plan.sharding
    grid = params.conv_config.core_grid
    assert grid
    geometry = plan.l1.geometry
    split = sharding.parallel.input_split
    shard = core_grid_input_shard(params, geometry, geometry.out_hw, split, plan.form.mm_conv)
    cores = CoreRangeSetAttr([CoreRangeAttr(start, end) for start, end in grid])
    spec = ShardSpecAttr.positional(cores, shard.shard_shape, sharding.orientation)
    return MemoryConfigAttr(BufferType.L1, sharding.shard_layout, spec)

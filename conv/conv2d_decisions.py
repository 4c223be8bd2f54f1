"""TT-NN 0.81.1's `conv2d` decisions (docs/semantics.md §9.8), as pure functions: what its
conv2d refuses beyond `prepare_conv_weights`, and the output it returns — logical and padded
shape, dtype, layout and memory config (for a sharded output the shard spec: core ranges,
shard shape, orientation).

Everything starts from the project's resolution of the conv (`resolve_conv_weights`: the
preparation conv2d runs itself for a host weight, or ran for a weight already prepared) and
its parallel config; conv2d's own rules are read in its source's order (conv2d.cpp's
`conv2d_L1` / `conv2d_DRAM`, the program factories' checks: `conv_consumption.conv2d_refusal`).
Where conv2d takes another path than `prepare_conv_weights` (on a conv run from DRAM:
bfloat8_b weights, `reshard_if_not_optimal` without a shard layout) it is modelled here, by
name. TT-NN's L1 allocation refusals (out of memory, circular buffers beyond the L1 or
clashing with its buffers) are `conv2d_l1_allocation`'s, checked in TT-NN's order; the conv
TT-NN runs where it is not the one its preparation resolves is `runtime_plan`'s.

Plain Python, no IR and no NumPy at import (`conv_consumption` is imported where it is used)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv2d_l1_allocation import (
    LATER_DRAM_SLICE,
    READER_INDICES_BUFFER,
    L1Failure,
    conv2d_l1_failure,
    conv_transpose2d_l1_failure,
    first_slice_geometry,
    input_l1_failure,
    matmul_block_input_unfilled,
    matmul_shard_not_tiles,
    resharded_input_l1_failure,
    reshards_column_major_input,
    runtime_parameters,
    transposed_resharded_input_l1_failure,
)
from ttnn_xdsl.conv.conv_form import (
    is_conv1d,
    is_mm_conv,
    resolve_conv_form,
    resolve_kernel_stride_folding,
    resolve_weights_dtype,
    runs_from_dram,
)
from ttnn_xdsl.conv.conv_l1_decisions import l1_geometry, l1_knobs
from ttnn_xdsl.conv.conv_l1_model import L1Device, choose_auto_shard
from ttnn_xdsl.conv.conv_op_config import CoreSplit, WeightBlockCrash, input_channels_alignment
from ttnn_xdsl.conv.conv_parameters import (
    Conv2dParameters,
    Conv2dSliceConfig,
    ConvParameters,
    InputMemoryConfig,
    normalize_parameters,
    output_image_size,
    validate_parameters,
)
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan, resolve_conv_bias, resolve_conv_weights
from ttnn_xdsl.conv.conv_slicing import (
    Conv2dSliceAttribute,
    SliceDecision,
    decide_slices,
    slice_rounding,
)
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    ConvTranspose2dPlan,
    equivalent_conv2d,
    normalize_transpose_parameters,
    plans_dram_slices,
    resolve_conv_transpose2d_weights,
    transpose_output_size,
    transposes_as_matmul,
)
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError, ConvNotModelledError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div, round_up

__all__ = [
    "Conv2dDecision",
    "Conv2dOutputSpec",
    "CoreRange",
    "OutputShard",
    "activation_reuse_refusal",
    "bias_preparation",
    "check_factories",
    "column_major_input_refusal",
    "conv2d_output_spec",
    "conv2d_preparation",
    "conv2d_weights_dtype",
    "conv_reader_indices_refusal",
    "conv_transpose2d_bias_preparation",
    "conv_transpose2d_output_interleaved_in",
    "conv_transpose2d_preparation",
    "core_ranges",
    "dram_row_major_output_refusal",
    "finds_no_shard_layout",
    "folding_pad_refusal",
    "folding_refusal",
    "matmul_output_split",
    "output_dtype",
    "output_layout",
    "output_spec",
    "resolve_conv2d",
    "resolve_conv_transpose2d",
    "row_major_output_tensor_refusal",
    "runs_whole_from_dram",
    "shard_width_unaligned",
    "slice_count_refusal",
    "transposed_input_layout_refusal",
    "unset_reshard_dropped",
    "width_multicast_refusal",
]

CoreRange = tuple[int, int, int, int]
"""Cores (x0, y0) to (x1, y1), both included (TT-NN's CoreRange)."""


@dataclass(frozen=True)
class OutputShard:
    """The shard spec of a sharded output: its cores as core ranges, the shard shape
    [rows, columns] and the orientation."""

    ranges: tuple[CoreRange, ...]
    shape: tuple[int, int]
    orientation: ShardOrientation


@dataclass(frozen=True)
class Conv2dOutputSpec:
    """The tensor TT-NN 0.81.1's conv2d returns."""

    logical_shape: tuple[int, int, int, int]
    """[1, 1, N·OH·OW, Cout]."""
    padded_shape: tuple[int, int, int, int]
    dtype: DataType
    layout: Layout
    buffer_type: BufferType
    memory_layout: TensorMemoryLayout
    shard: OutputShard | None


@dataclass(frozen=True)
class Conv2dDecision:
    """A conv2d TT-NN accepts: the resolution it runs (and prepares a host weight with), the
    bias's when the conv has one, and its output."""

    plan: ConvWeightsPlan
    bias_plan: ConvWeightsPlan | None
    weights_dtype: DataType
    """The prepared weight's and bias's dtype (`conv2d_weights_dtype`: bfloat8_b where the plan
    was made for bfloat16)."""
    output: Conv2dOutputSpec


def core_ranges(split: CoreSplit) -> tuple[CoreRange, ...]:
    """The cores of a parallel config as TT-NN lists them: a BLOCK grid is one rectangle;
    HEIGHT and WIDTH cores fill rows of `cores_x` (`num_cores_to_corerangeset(..., row_wise
    = true)`), the last row partial."""
    if split.layout == TensorMemoryLayout.BLOCK_SHARDED:
        return ((0, 0, split.cores_x - 1, split.cores_y - 1),)
    full_rows, rest = divmod(split.num_cores, split.cores_x)
    ranges: list[CoreRange] = []
    if full_rows:
        ranges.append((0, 0, split.cores_x - 1, full_rows - 1))
    if rest:
        ranges.append((0, full_rows, rest - 1, full_rows))
    return tuple(ranges)


def output_layout(plan: ConvWeightsPlan, interleaved: bool) -> Layout:
    """TILE, or ROW_MAJOR when `conv_config.output_layout` says so and the conv's output is
    sharded in L1 by the conv program, or written slice by slice into the DRAM tensor of the
    DRAM path (`run_sliced_op`: conv2d.cpp makes that tensor in the config's layout, and the
    slices are written into it; one slice runs whole on the L1 path, whose TILE output is
    moved to DRAM). Any other output conv2d returns interleaved (one DRAM slice, an
    auto-sharded 1×1 matmul conv) and the 1×1 matmul conv's output are TILE whatever the config
    says (TT-NN's answers: 44 of 44 such outputs of one slice TILE, 2 of 2 of more slices
    ROW_MAJOR; ROW_MAJOR on 42 of 42 sharded outputs)."""
    if plan.form.mm_conv:
        return Layout.TILE
    if interleaved and not plan.l1.sliced:
        return Layout.TILE
    return plan.params.conv_config.output_layout


def output_dtype(params: ConvParameters) -> DataType:
    """conv2d's `dtype` argument, else the input's dtype (TT-NN's default), else bfloat16."""
    return params.output_dtype or params.input_dtype or DataType.BFLOAT16


def conv2d_output_spec(plan: ConvWeightsPlan) -> Conv2dOutputSpec:
    """The output of the conv `plan` resolves (conv2d.cpp): the output image of the conv it
    runs — a kernel-stride folded conv's is the folded conv's, which is the unfolded conv's
    but where folding is forced on a dilated conv: the folded conv keeps the dilation on its
    folded input (semantics.md §9.1; TT-NN's answers asked again: a 2×2 conv of stride 2 and
    dilation 2 over 32×32 gives 16×16, not 15×15) —, see `output_spec`."""
    return output_spec(plan, output_image_size(plan.form.folded), output_interleaved_in(plan))


def output_spec(
    plan: ConvWeightsPlan, output_size: tuple[int, int], memory: BufferType | None
) -> Conv2dOutputSpec:
    """The output of a conv of output image `output_size` run as `plan` resolves: logical
    [1, 1, N·OH·OW, Cout]; interleaved in `memory` where given (`output_interleaved_in`,
    `conv_transpose2d_output_interleaved_in`), otherwise sharded in L1 like the conv's output
    parallel config: shard rows round_up(N·OH·OW, 32·nhw_cores) / nhw_cores, shard columns
    round_up(Cout, 32·channel_cores) / channel_cores. Its padded shape: whole tiles (TILE);
    a ROW_MAJOR output (`output_layout`, always sharded) has its rows in whole tiles and the
    columns of all its shards across, round_up(Cout, 32·channel_cores) (TT-NN's answers: 174
    of 174 ROW_MAJOR outputs, 13 of them where that is more than whole tiles)."""
    params, sharding = plan.params, plan.sharding
    pixels = params.batch_size * output_size[0] * output_size[1]
    logical = (1, 1, pixels, params.out_channels)
    layout = output_layout(plan, interleaved=memory is not None)
    padded = (1, 1, round_up(pixels, TILE_SIZE), round_up(params.out_channels, TILE_SIZE))
    dtype = output_dtype(params)
    if memory is not None:
        if layout == Layout.ROW_MAJOR:
            padded = logical  # rows of the DRAM tensor, unpadded (TT-NN's answers: 2 of 2)
        return Conv2dOutputSpec(
            logical, padded, dtype, layout, memory, TensorMemoryLayout.INTERLEAVED, None
        )
    split = sharding.parallel.output_split
    nhw_cores, channel_cores = split.nhw, split.channels
    shard_rows = round_up(pixels, TILE_SIZE * nhw_cores) // nhw_cores
    shard_columns = round_up(params.out_channels, TILE_SIZE * channel_cores) // channel_cores
    if plan.form.mm_conv:
        split = matmul_output_split(split, pixels, shard_rows)
    if layout == Layout.ROW_MAJOR:
        padded = (1, 1, padded[2], shard_columns * channel_cores)
    orientation = (
        split.orientation
        if split.layout == TensorMemoryLayout.BLOCK_SHARDED
        else ShardOrientation.ROW_MAJOR
    )
    shard = OutputShard(core_ranges(split), (shard_rows, shard_columns), orientation)
    return Conv2dOutputSpec(logical, padded, dtype, layout, BufferType.L1, split.layout, shard)


def matmul_output_split(split: CoreSplit, pixels: int, shard_rows: int) -> CoreSplit:
    """The cores of a 1×1 matmul conv's sharded output. conv2d runs it as `ttnn::linear` with
    a program config made from the conv's (`determine_matmul_op_config_from_conv_op_config`:
    per-core M the output shard's rows in tiles, the grid the output shard grid's bounding
    box), and the matmul gives its output its own shard spec (matmul_device_operation.cpp):
    `ceil(M / per_core_M)` blocks of rows, M the output rows in tiles — fewer than the conv's
    NHW cores where the user's input shards leave whole shards empty (a conv that splits
    itself uses them all). HEIGHT: that many cores row by row over the grid's width
    (`num_cores_to_corerangeset`); BLOCK: a rectangle of the channel cores by the row blocks,
    in the conv's orientation."""
    row_blocks = ceil_div(ceil_div(pixels, TILE_SIZE), shard_rows // TILE_SIZE)
    if row_blocks >= split.nhw:
        return split
    if split.layout == TensorMemoryLayout.HEIGHT_SHARDED:
        rows = ceil_div(row_blocks, split.cores_x)
        return replace(
            split, cores_x=min(row_blocks, split.cores_x), cores_y=rows, num_cores=row_blocks
        )
    if split.layout == TensorMemoryLayout.BLOCK_SHARDED:
        return CoreSplit.block(split.orientation, row_blocks, split.channels)
    return split


def output_interleaved_in(plan: ConvWeightsPlan) -> BufferType | None:
    """Where an interleaved output lives, or None for a sharded output (TT-NN's answers):

    - a 1×1 conv run as a matmul returns its output interleaved in DRAM when TT-NN chose its
      sharding itself (an interleaved input, no `shard_layout`), from DRAM or L1 alike, else
      sharded like its parallel config;
    - any other conv TT-NN runs on its DRAM path (`runs_from_dram`: a DRAM slice config, or a
      DRAM input without a slice config) returns it interleaved in DRAM — a 1D conv too, which
      TT-NN stages through L1; an `l1_full` slice config runs a DRAM input on the L1 path
      (conv2d.cpp calls `conv2d_L1`), its output sharded in L1.
    """
    if plan.form.mm_conv:
        return BufferType.DRAM if plan.sharding.auto_shard else None
    if runs_from_dram(plan.params):
        return BufferType.DRAM
    return None


def resolve_conv2d(params: Conv2dParameters) -> Conv2dDecision:
    """TT-NN 0.81.1's conv2d on `params` (`has_bias` for a bias), in its order: the input's
    own place in L1, its checks of kernel-stride folding (the stride, the device pad of a
    TILE input) and of a COL_MAJOR input, its DRAM path's checks of a ROW_MAJOR bfloat8_b
    output and of the slice count, the preparation it runs (`conv2d_preparation`) for the conv
    it runs (`runtime_plan`), the matmul of a WIDTH input and the unfolded weight of a fold
    from DRAM (`width_input_matmul_refusal`, `folded_dram_weight_refusal`), the L1 allocation
    of its tensors up to the halo's, the conv op's
    output spec (`row_major_output_tensor_refusal`), the conv's output, the HEIGHT/BLOCK
    factory's activation-reuse checks, then the factories' checks of what it prepared
    (WIDTH's output block, `conv2d_refusal` with WIDTH's activation height, WIDTH's multicast
    arguments), the conv program's circular buffers, then the output. Raises
    ConvConfigError with TT-NN's rule for a conv it refuses (the preparation's own refusals
    included)."""
    placed = input_l1_failure(normalize_parameters(params))
    if placed is not None:
        raise ConvConfigError(l1_refusal_message(placed))
    refusal = (
        dram_output_grid_override_refusal(params)
        or folding_refusal(params)
        or folding_pad_refusal(params)
        or folding_input_page_refusal(params)
        or folding_shard_grid_refusal(params)
        or folding_tile_channels_refusal(params)
        or folding_width_input_refusal(params)
        or folding_block_input_refusal(params)
        or column_major_input_refusal(params)
        or matmul_input_tilize_refusal(params)
        or dram_row_major_output_refusal(params)
        or conv2d_slice_count_refusal(params)
        or conv1d_dram_slice_refusal(params)
    )
    if refusal is not None:
        raise ConvConfigError(f"TT-NN 0.81.1's conv2d refuses this conv: {refusal}")
    preparation = conv2d_preparation(params)
    try:
        prepared = resolve_conv_weights(preparation)
    except WeightBlockCrash:
        # TT-NN places the input and reshards it before the division that kills it.
        placed = resharded_input_l1_failure(preparation)
        if placed is not None:
            raise ConvConfigError(l1_refusal_message(placed)) from None
        raise
    plan = runtime_plan(prepared)
    bias_plan = resolve_conv_bias(bias_preparation(plan)) if params.has_bias else None
    refusal = (
        folded_width_input_tilize_refusal(plan)
        or width_input_matmul_refusal(plan)
        or sharded_matmul_k_refusal(plan)
        or folded_dram_weight_refusal(plan)
    )
    if refusal is not None:
        raise ConvConfigError(f"TT-NN 0.81.1's conv2d refuses this conv: {refusal}")
    allocation = l1_allocation_failure(prepared)
    if allocation is not None and allocation.stage not in AFTER_OUTPUT_SPEC:
        raise ConvConfigError(l1_refusal_message(allocation))
    refusal = row_major_output_tensor_refusal(plan.params, plan.form.mm_conv, plan.form.dram_conv)
    if refusal is not None:
        raise ConvConfigError(f"TT-NN 0.81.1's conv2d refuses this conv: {refusal}")
    if allocation is not None and allocation.stage not in AFTER_FACTORY_CHECKS:
        raise ConvConfigError(l1_refusal_message(allocation))
    check_factories(plan, bias_plan)
    if allocation is not None:
        raise ConvConfigError(l1_refusal_message(allocation))
    return Conv2dDecision(plan, bias_plan, conv2d_weights_dtype(params), conv2d_output_spec(plan))


def runtime_plan(plan: ConvWeightsPlan) -> ConvWeightsPlan:
    """The resolution of the conv TT-NN's conv2d runs (`conv2d_l1_allocation.runtime_parameters`:
    a kernel-stride fold of stride 1×1 runs unfolded; an L1 input sharded HEIGHT or WIDTH in
    COL_MAJOR orientation is resharded to the conv's layout), else `plan`. That conv is
    prepared as conv2d prepares the conv it runs (`conv2d_preparation`: an unfolded conv from
    DRAM that is no longer a matmul plans a bfloat8_b weight as bfloat16, where the folded
    one, a matmul, did not need to). Where the project does not resolve that conv, `plan`
    stays (no claim)."""
    assert isinstance(plan.params, Conv2dParameters)
    runtime = runtime_parameters(plan.params, plan)
    if runtime is plan.params:
        return plan
    try:
        return resolve_conv_weights(conv2d_preparation(runtime))
    except ConvConfigError:
        return plan


AFTER_FACTORY_CHECKS = frozenset({"conv circular buffers", LATER_DRAM_SLICE})
"""The L1 failures TT-NN meets after its program factories' checks: a program's circular
buffers are held against the L1 when the program is built; a DRAM slice after the first runs
after the first slice's conv. Its tensors (the input, the input resharded, the halo's output,
the conv's output) are allocated before."""

AFTER_BLOCKING_CHECKS = AFTER_FACTORY_CHECKS | {"conv reader indices", READER_INDICES_BUFFER}
"""The L1 failures TT-NN meets after the checks of the conv's blocking
(`check_factory_blocking`): the conv program makes its reader indices after them, before its
kernels' checks (`check_factory_kernels`)."""

AFTER_OUTPUT_SPEC = AFTER_BLOCKING_CHECKS | {"conv output"}
"""The L1 failures TT-NN meets after the conv op has made its output's spec
(`row_major_output_tensor_refusal`): the output is allocated from that spec."""


def l1_allocation_failure(plan: ConvWeightsPlan) -> L1Failure | None:
    """Where TT-NN's conv2d fails to allocate its L1 for the conv `plan` resolves
    (`conv2d_l1_allocation.conv2d_l1_failure`: None where it fits or is not modelled)."""
    assert isinstance(plan.params, Conv2dParameters)
    return conv2d_l1_failure(plan.params, plan)


def l1_refusal_message(failure: L1Failure) -> str:
    """TT-NN's words for an L1 failure: the input itself not placed (before conv2d runs), or
    conv2d's own allocation."""
    if failure.stage == "input":
        return f"TT-NN 0.81.1 cannot place the input in L1: {failure.message}"
    return f"TT-NN 0.81.1's conv2d refuses this conv: {failure.message}"


def check_factories(
    plan: ConvWeightsPlan,
    bias_plan: ConvWeightsPlan | None,
    *,
    activation_reuse: bool = True,
    from_dram: bool = False,
) -> None:
    """The program factories' checks of the conv `plan` resolves, in TT-NN's order: those of
    its blocking (`check_factory_blocking`), then those made once its reader indices are made
    (`check_factory_kernels`). Raises ConvConfigError with TT-NN's words."""
    check_factory_blocking(plan, bias_plan, activation_reuse=activation_reuse)
    check_factory_kernels(plan, from_dram=from_dram)


def check_factory_blocking(
    plan: ConvWeightsPlan, bias_plan: ConvWeightsPlan | None, *, activation_reuse: bool = True
) -> None:
    """The program factories' checks made before the conv program makes its reader indices, in
    TT-NN's order: the HEIGHT/BLOCK factory's activation reuse (unless the conv runs without
    it: `activation_reuse` False), WIDTH's output block, the prepared weight and bias
    (`conv2d_refusal`, WIDTH's activation height among them). Raises ConvConfigError with
    TT-NN's words."""
    bias_shape = None if bias_plan is None else bias_plan.bias.physical_shape
    for refusal in (
        activation_reuse_refusal(plan) if activation_reuse else None,
        width_output_block_refusal(plan),
        factory_refusal(plan, bias_shape),
    ):
        if refusal is not None:
            raise ConvConfigError(f"TT-NN 0.81.1's conv2d refuses this conv: {refusal}")


def check_factory_kernels(plan: ConvWeightsPlan, *, from_dram: bool = False) -> None:
    """The program factories' checks made after the conv program makes its reader indices
    (conv2d_op_width_sharded_program_factory.cpp: the blocking's checks, the reader indices
    tensor, then the kernels), in TT-NN's order: the reader indices against their circular
    buffer (not claimed `from_dram`: a conv_transpose2d's DRAM path, whose plan is a slice's),
    then the WIDTH program's multicast arguments (checked as its kernels are attached). Raises
    ConvConfigError with TT-NN's words."""
    for refusal in (
        None if from_dram else conv_reader_indices_refusal(plan),
        width_multicast_refusal(plan),
    ):
        if refusal is not None:
            raise ConvConfigError(f"TT-NN 0.81.1's conv2d refuses this conv: {refusal}")


def factory_refusal(plan: ConvWeightsPlan, bias_shape: tuple[int, ...] | None) -> str | None:
    """The program factories' checks of the prepared weight and bias
    (`conv_consumption.conv2d_refusal`), where the consumption model covers the conv; it does
    not cover a 1D depthwise conv that is folded or not height-sharded, of which the WIDTH
    factory's first check is made (`width_depthwise_weight_refusal`)."""
    from ttnn_xdsl.conv.conv_consumption import conv2d_refusal

    weight_shape: tuple[int, int] = plan.layout.physical_shape[2:]  # type: ignore[assignment]
    try:
        return conv2d_refusal(plan, weight_shape, bias_shape)
    except ConvNotModelledError:
        return width_depthwise_weight_refusal(plan)


def width_depthwise_weight_refusal(plan: ConvWeightsPlan) -> str | None:
    """The WIDTH factory's first check of the weight (conv2d_op_width_sharded_program_factory
    .cpp:198) on a 1D depthwise conv run WIDTH, whose weight the preparation lays out with the
    depthwise expansion (§3.6.6) where the factory reads a dense one: its activation width,
    round_up(C_pad · KW, 32) · KH, against the weight's rows, then its activation height
    (`conv_consumption.width_activation_height_refusal`). TT-NN's answers: 4 such convs, each
    refused for the width."""
    from ttnn_xdsl.conv.conv_consumption import output_block_tiles, width_activation_height_refusal
    from ttnn_xdsl.conv.conv_weight_layout import conv_input_channels_padded

    form, sharding = plan.form, plan.sharding
    if form.mm_conv or sharding.shard_layout != TensorMemoryLayout.WIDTH_SHARDED:
        return None
    kernel_height, kernel_width = form.folded.kernel_size[0], form.folded.kernel_size[1]
    channels = conv_input_channels_padded(form, sharding)
    act_width = round_up(channels * kernel_width, TILE_SIZE) * kernel_height
    if act_width != plan.layout.physical_shape[2]:
        return "The width of tensor a needs to match the height of tensor b"
    return width_activation_height_refusal(
        output_block_tiles(plan), plan.blocking.act_block_h_ntiles
    )


def width_output_block_refusal(plan: ConvWeightsPlan) -> str | None:
    """conv2d_op_width_sharded_program_factory.cpp:125 (before the weight checks): the output
    block is at least one activation block high."""
    from ttnn_xdsl.conv.conv_consumption import output_block_tiles

    if plan.form.mm_conv or plan.sharding.shard_layout != TensorMemoryLayout.WIDTH_SHARDED:
        return None
    tiles, block = output_block_tiles(plan), plan.blocking.act_block_h_ntiles
    if tiles >= block:
        return None
    return (
        f"Output block height (in # of tiles) ({tiles}) should be greater than or equal to "
        f"activation block height (in # of tiles) ({block})"
    )


def conv_reader_indices_refusal(plan: ConvWeightsPlan) -> str | None:
    """`get_cb_info`'s check of the conv's reader indices (conv2d_op_program_factory_common.cpp
    :337, `conv_reader_indices.reader_indices_refusal`) where the project claims it: a conv,
    not a 1×1 matmul, with TT-NN's L1 estimate of it — run whole from an L1 input or on the L1
    path from a DRAM one (an `l1_full` slice config), or from a DRAM input whose slice search
    finds one slice (`run_sliced_op` runs that whole on the L1 path, its input sharded as the
    slice's) — or, for a DRAM conv in more slices, its first slice's conv (the estimate's
    blocking is the slice's; its pixels those of the slice's input window, with the window's
    padding, `first_slice_geometry`). TT-NN's answers: 24 such convs of L1 inputs, one on the
    L1 path (fresh wide w0005) and 14 of DRAM inputs run whole refused so, with TT-NN's
    numbers, none accepted; of
    359 DRAM convs in more slices, the one TT-NN refuses so (fresh wide w0109: a first slice
    of one output column, 240 pixels each its own segment, 964 B) is refused with its numbers,
    none of the 358 others (the whole conv's pixels gave it 1184 B). Not claimed: a one-slice
    conv with `reshard_if_not_optimal`, whose sharded slice conv2d reshards on other cores (one
    such conv TT-NN runs)."""
    from ttnn_xdsl.conv.conv_l1_report import conv_l1_report
    from ttnn_xdsl.conv.conv_reader_indices import reader_indices_refusal

    params, slicing, geometry = plan.params, plan.l1.slicing, plan.l1.geometry
    if plan.form.mm_conv:
        return None
    if slicing is None and runs_from_dram(params):
        return None
    if slicing is not None and slicing.num_slices > 1:
        assert plan.l1.slice_output_size is not None and isinstance(params, Conv2dParameters)
        geometry = first_slice_geometry(geometry, plan.l1.slice_output_size, params)
    elif slicing is not None and params.conv_config.reshard_if_not_optimal:
        return None
    usage = conv_l1_report(plan).estimate
    if usage is None:
        return None
    return reader_indices_refusal(geometry, usage)


def width_multicast_refusal(plan: ConvWeightsPlan) -> str | None:
    """The WIDTH program (conv2d_width_sharded_descriptor.cpp) places its readers on
    `all_cores` — the input's shard grid when it has more cores than the output's, else the
    output's cores — and its activation reader on their bounding box, but gives the runtime
    arguments to the box's count of cores taken row by row over the device grid
    (`core_index % grid.x`); attaching the activation multicast
    (mcast_descriptor_adapter.cpp:88) refuses a runtime argument on a core outside the
    kernel's cores. A row-by-row split (the output's, an input TT-NN shards or reshards)
    never leaves its box; an input shard grid read as is does when it is narrower than the
    device grid and more than one row high. TT-NN's answers: 91 such convs refused so (all
    of its multicast refusals but a 1×1 transposed conv the project runs as a matmul), none
    accepted, one refused first for its L1. A COL_MAJOR input never is (7 such convs
    accepted, the grid's cores read in another order): no claim."""
    if plan.form.mm_conv or plan.sharding.shard_layout != TensorMemoryLayout.WIDTH_SHARDED:
        return None
    parallel = plan.sharding.parallel
    if parallel.input_split.orientation != ShardOrientation.ROW_MAJOR:
        return None
    cores = parallel.output_split
    if parallel.input_split.num_cores > cores.num_cores:
        cores = parallel.input_split
    grid_x = plan.params.grid[0]
    if cores.cores_y == 1 or cores.cores_x >= grid_x:
        return None
    return (
        f"Multicast runtime arguments target an unplaced core (core ({cores.cores_x}, 0): "
        f"the WIDTH program places its readers on {cores.cores_x}×{cores.cores_y} cores and "
        f"gives runtime arguments to {cores.cores_x * cores.cores_y} cores row by row over "
        f"the device grid's {grid_x} columns)"
    )


def bias_preparation(plan: ConvWeightsPlan) -> Conv2dParameters:
    """The parameters conv2d prepares its bias with: its weight's, with the weights dtype it
    resolved (conv2d hands it on; `prepare_conv_bias` alone needs it in `conv_config`), as
    `prepare_conv_bias` can take them (`l1_path_input_in_l1`)."""
    config = replace(plan.params.conv_config, weights_dtype=plan.weights_dtype)
    assert isinstance(plan.params, Conv2dParameters)
    return l1_path_input_in_l1(replace(plan.params, conv_config=config))


def l1_path_input_in_l1(params: Conv2dParameters) -> Conv2dParameters:
    """A DRAM input that conv2d runs on its L1 path (an `l1_full` slice config: conv2d.cpp
    calls `conv2d_L1`) as the same input interleaved in L1, without the slice config, its
    kernel-stride folding written out (`auto_enable_kernel_folding` reads the DRAM buffer).
    `conv2d_L1` reads a DRAM interleaved input as an L1 one — it shards it into L1 itself
    (`shard_or_reshard_tensor_if_required`) — and prepares the weight and bias for that conv
    alike (`prepare_conv_weights_biases_and_move_to_device`, one parameter set), where
    `prepare_conv_bias` takes no slice config and would plan a DRAM input's slices. Other
    parameters are returned as given."""
    slice_config = params.slice_config
    if slice_config is None or slice_config.slice_type != Conv2dSliceType.L1_FULL:
        return params
    if not params.input_memory_config.is_dram:
        return params
    folding = resolve_kernel_stride_folding(params)
    config = replace(params.conv_config, enable_kernel_stride_folding=folding)
    in_l1 = InputMemoryConfig(BufferType.L1, TensorMemoryLayout.INTERLEAVED)
    return replace(params, conv_config=config, input_memory_config=in_l1, slice_config=None)


def folds_unevenly(params: Conv2dParameters) -> bool:
    """A kernel-stride folded conv whose padded input does not divide by the stride: the
    preparation refuses it (§3.3 step 3), before conv2d's own checks of the fold."""
    if not resolve_kernel_stride_folding(params):
        return False
    top, bottom, left, right = params.padding
    height, width = params.input_height + top + bottom, params.input_width + left + right
    return bool(height % params.stride[0] or width % params.stride[1])


def column_major_input_refusal(params: Conv2dParameters) -> str | None:
    """`finds_no_shard_layout` for conv2d's input, after its kernel-stride folding checks.
    `prepare_conv_weights` prepares it (§3.3a)."""
    if not finds_no_shard_layout(params):
        return None
    if params.conv_config.reshard_if_not_optimal:
        return None  # the preparation's own refusal (`check_reshard_of_sharded_input`)
    if folds_unevenly(normalize_parameters(params)):
        return None  # the preparation's refusal of the fold comes first (TT-NN's answers)
    return NO_SHARDED_LAYOUT


def finds_no_shard_layout(params: ConvParameters) -> bool:
    """An L1 input sharded HEIGHT or WIDTH in COL_MAJOR orientation, or whose shard width is
    not aligned (`shard_width_unaligned`), or a 1×1 matmul conv's input in shards not whole
    tiles (`matmul_shard_not_tiles`), with no `conv_config.shard_layout`: TT-NN's conv
    (conv2d's, conv_transpose2d's L1 path) needs to reshard it and finds no sharded layout to
    reshard it to (conv2d_utils.cpp:228; TT-NN's answers: 78 such COL_MAJOR conv2d inputs
    refused so, none accepted, 58 of 59 transposed ones, 1 of a 1×1 matmul conv's 8-wide
    shards and 2 probes of its shards of 4455 and 891 rows,
    `ttnn_conv_matmul_tilize_blackhole_P150`; with a `shard_layout` it runs); so is a 1×1
    matmul's input whose shard height is not whole tiles, a transpose's too
    (`matmul_shard_height_untiled`)."""
    memory = params.input_memory_config
    if not memory.sharded_in_l1 or params.conv_config.shard_layout is not None:
        return False
    if (
        shard_width_unaligned(params)
        or matmul_shard_not_tiles(params)
        or matmul_shard_height_untiled(params)
    ):
        return True
    if memory.memory_layout == TensorMemoryLayout.BLOCK_SHARDED:
        return False
    return memory.shard_orientation == ShardOrientation.COL_MAJOR


def shard_width_unaligned(params: ConvParameters) -> bool:
    """An L1 input whose shard width is not a multiple of its channel alignment
    (`get_input_channels_alignment` of the input's own layout, layout and shard width; 32 for
    a 1×1 matmul conv): conv2d_utils.cpp's `get_conv_padded_input_shape_and_mem_config` then
    needs to reshard it, whatever its kind and orientation."""
    memory = params.input_memory_config
    assert memory.shard_shape is not None
    width = memory.shard_shape[1]
    matmul = isinstance(params, Conv2dParameters) and is_mm_conv(normalize_parameters(params))
    alignment = input_channels_alignment(
        memory.memory_layout, params.input_layout, False, matmul, width
    )
    return width % alignment != 0


def matmul_input_tilize_refusal(params: Conv2dParameters) -> str | None:
    """A 1×1 matmul conv of a ROW_MAJOR L1 input in shards not whole tiles
    (`matmul_shard_not_tiles`), resharded BLOCK or WIDTH: conv2d_utils.cpp's
    `shard_or_reshard_tensor_if_required` tilizes the input before it reshards it to any
    layout but HEIGHT (`ttnn::to_layout`, tt-metal #13979: tilize does not take BLOCK), and
    the tilized tensor keeps the input's shards, which a TILE layout refuses
    (tensor_layout.cpp:171) before any op runs. The layout is the config's `shard_layout`, or
    BLOCK for a BLOCK input whose channels are not its channel cores' shards
    (`matmul_block_input_unfilled`); without either TT-NN finds no layout first
    (`finds_no_shard_layout`). TT-NN's answers: rare draw x0002 (a WIDTH input of 4455-row
    shards asked BLOCK) and 12 probes on it (`ttnn_conv_matmul_tilize_blackhole_P150`): BLOCK
    asked of WIDTH, HEIGHT and BLOCK inputs of 4455-, 891- and 16-wide shards, with or without
    `reshard_if_not_optimal`, in bfloat16 or float32, refused so (6); HEIGHT asked, or shards
    of whole tiles, run (4); no layout asked, `finds_no_shard_layout` (2)."""
    if params.input_layout != Layout.ROW_MAJOR or not matmul_shard_not_tiles(params):
        return None
    layout = params.conv_config.shard_layout
    if matmul_block_input_unfilled(params):
        layout = TensorMemoryLayout.BLOCK_SHARDED
    if layout is None or layout == TensorMemoryLayout.HEIGHT_SHARDED:
        return None
    assert params.input_memory_config.shard_shape is not None
    height, width = params.input_memory_config.shard_shape
    return f"Physical shard shape ({height}, {width}) must be tile {{32, 32}} sized!"


def matmul_shard_height_untiled(params: ConvParameters) -> bool:
    """An L1 input of a 1×1 matmul conv (conv2d's `is_mm_conv`, a transpose's own
    `transposes_as_matmul`) whose shard height is not whole tiles: conv2d_utils.cpp's
    `get_conv_padded_input_shape_and_mem_config` needs to reshard it, the matmul tilizing its
    input, whatever its kind and orientation (TT-NN's answers: Wormhole s3002 r0237, a 1×1
    transpose of an input WIDTH-sharded in 16-row shards, refused for it)."""
    memory = params.input_memory_config
    assert memory.shard_shape is not None
    if isinstance(params, ConvTranspose2dParameters):
        matmul = transposes_as_matmul(params)
    else:
        matmul = isinstance(params, Conv2dParameters) and is_mm_conv(normalize_parameters(params))
    return matmul and memory.shard_shape[0] % TILE_SIZE != 0


NO_SHARDED_LAYOUT = (
    "Conv2d supports Height, Block or Width Sharded Layouts but got TensorMemoryLayout::INTERLEAVED"
)
"""TT-NN's words when its conv finds no shard layout for a sharded input (conv2d_utils.cpp:228)."""


def folding_refusal(params: Conv2dParameters) -> str | None:
    """conv2d's kernel-stride folding takes a stride no larger than the kernel
    (conv2d_utils.cpp:1492), which `prepare_conv_weights` folds. TT-NN checks it after the
    padded input's divisibility by the stride (its answers), which the preparation checks
    (`resolve_conv_weights` refuses that with its own message)."""
    params = normalize_parameters(params)
    validate_parameters(params)
    if not resolve_kernel_stride_folding(params):
        return None
    stride, kernel = params.stride, params.kernel_size
    if stride[0] <= kernel[0] and stride[1] <= kernel[1]:
        return None
    if folds_unevenly(params):
        return None
    return "Conv2D kernel stride folding: Stride must be less than or equal to kernel size"


def folding_pad_refusal(params: Conv2dParameters) -> str | None:
    """conv2d's kernel-stride folding of an interleaved TILE input (in L1 or DRAM) pads it on
    the device with the conv's padding before folding it, and `ttnn.pad` pads a tiled tensor
    only at the back (pad.cpp:454): a fold (stride above 1×1; one of 1×1 runs unfolded) with
    top or left padding is refused; so is a TILE input BLOCK-sharded in L1, padded in its
    shards. After `folding_refusal` and the preparation's divisibility check (TT-NN's
    answers: 25 such convs refused so, none accepted, and 2 probes of BLOCK inputs,
    `ttnn_conv_fold_block_input_blackhole_P150`; a row-major input, one sharded HEIGHT or
    WIDTH, or bottom and right padding only, folds)."""
    params = normalize_parameters(params)
    if not resolve_kernel_stride_folding(params) or tuple(params.stride) == (1, 1):
        return None
    memory = params.input_memory_config
    if params.input_layout != Layout.TILE or memory.memory_layout in (
        TensorMemoryLayout.HEIGHT_SHARDED,
        TensorMemoryLayout.WIDTH_SHARDED,
    ):
        return None
    if folds_unevenly(params):
        return None
    top, _, left, _ = params.padding
    if top == 0 and left == 0:
        return None
    return "ttnn.pad: on device tile padding does not support front padding"


def folding_input_page_refusal(params: Conv2dParameters) -> str | None:
    """conv2d's kernel-stride fold views a flat row-major input HEIGHT-sharded in L1 as
    `[N, H, W, C]` (`fold_tensor`), a buffer of pages of one stick, C·datum bytes, over the
    input's shards — ceil(N·H·W / shard height) shards of shard height × shard width × datum
    bytes — and a sharded buffer's size must be whole pages (buffer.cpp:290): shards wider
    than the channels can leave a part page. First of the fold's checks of a sharded input
    (before `folding_shard_grid_refusal`'s walk). TT-NN's answers: conv2d r0026 (3 float32
    channels in 8-wide shards: pages of 12 B, 4096 B) and wide w0151 (17 bfloat16 channels in
    24-wide shards) refused so; probes (`ttnn_conv_fold_page_wormhole_N150`): 5 and 6
    channels refused so, padded or not; 4 (16-byte pages) folds on."""
    params = normalize_parameters(params)
    if not resolve_kernel_stride_folding(params) or tuple(params.stride) == (1, 1):
        return None
    memory = params.input_memory_config
    if not memory.sharded_in_l1 or memory.memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
        return None
    if params.input_layout != Layout.ROW_MAJOR or params.input_unflattened:
        return None
    if folds_unevenly(params):
        return None
    assert memory.shard_shape is not None
    shard_height, shard_width = memory.shard_shape
    datum = 4 if params.input_dtype == DataType.FLOAT32 else 2
    rows = params.batch_size * params.input_height * params.input_width
    size = ceil_div(rows, shard_height) * shard_height * shard_width * datum
    page = params.in_channels * datum
    if size % page == 0:
        return None
    return (
        f"For valid non-interleaved buffers page size {page} must equal buffer size {size}. "
        "For interleaved-buffers, buffer size should be divisible by the page size"
    )


def folding_shard_grid_refusal(params: Conv2dParameters) -> str | None:
    """conv2d folds a kernel-stride folded conv's input first thing (`ttnn::fold`); a padded
    input HEIGHT-sharded in L1 is folded through a sliding window over its shard grid, which
    addresses the grid's cores row by row from (0, 0) (sliding_window.cpp:812) and refuses a
    grid whose cores its orientation lists otherwise: a COL_MAJOR grid more than one core wide
    and high lists core 1 as (0, 1), the row walk as (1, 0). After the fold's checks
    (`folding_refusal`, the preparation's divisibility check) and before the input's shard
    layout is read (`column_major_input_refusal`). TT-NN's answers: 5 such convs refused so,
    none accepted (one more, of 17 channels in 24-wide shards, fails first on its buffer's
    page); probes (`ttnn_conv_fold_shard_grid_wormhole_N150`): the same conv without padding
    folds (and fails later for its L1), and on a COL_MAJOR grid of one row or one column or a
    ROW_MAJOR grid fails otherwise (a reshape, not modelled)."""
    params = normalize_parameters(params)
    if not folds_padded_height_shards(params):
        return None
    memory = params.input_memory_config
    if memory.shard_orientation != ShardOrientation.COL_MAJOR:
        return None
    assert memory.shard_grid is not None
    if min(memory.shard_grid) == 1:
        return None
    return (
        "Sliding-window shard grid core 1 is 0-1 but the origin-anchored row walk addresses "
        "it as 1-0. Only an origin-anchored, row-filled grid is supported; any other grid "
        "hangs max_pool2d/avg_pool2d or silently returns wrong conv2d results (#60513)."
    )


def folding_tile_channels_refusal(params: Conv2dParameters) -> str | None:
    """conv2d's kernel-stride fold (`fold_tensor`) of a padded TILE input HEIGHT-sharded in L1
    whose channels are not whole tiles: TT-NN views the input as `[N, H, W, C]`, pads it
    through a halo over its shards, then fails reshaping the padded tensor, whose rows are
    the tile-padded channels wide ("Attempting to reshape between two shapes with different
    volumes", reshape_view/reshape.cpp:736; the graph capture of fresh wide s9301 w0014
    recorded with its pin: a reshape, a halo, then the failing reshape). After the shard grid
    walk of a COL_MAJOR grid (`folding_shard_grid_refusal`). TT-NN's answers: fresh w0014 (1
    channel on 3×8 cores in 32-row shards), 3 probes of
    `ttnn_conv_fold_shard_grid_wormhole_N150` (16 channels on a ROW_MAJOR grid, on COL_MAJOR
    grids of one row or one column) and 11 probes (`ttnn_conv_fold_tile_channels_wormhole_N150`:
    1, 3, 16 and 48 channels, bfloat16 and float32, 8 to 24 cores, with a shard layout or
    without) refused so, none accepted; whole tiles of channels (32, 64: 2 probes and 2
    draws), an unpadded input (a probe) or a ROW_MAJOR one (2 probes) fail otherwise (the
    fold's sharding, not modelled)."""
    params = normalize_parameters(params)
    if not folds_padded_height_shards(params) or params.input_layout != Layout.TILE:
        return None
    if params.in_channels % TILE_SIZE == 0:
        return None
    return "Attempting to reshape between two shapes with different volumes"


def folds_padded_height_shards(params: Conv2dParameters) -> bool:
    """Whether conv2d folds (by a stride other than 1×1, evenly) a padded input HEIGHT-sharded
    in L1: the fold pads it through a halo over its shards, where the two rules above fail."""
    if not resolve_kernel_stride_folding(params) or tuple(params.stride) == (1, 1):
        return False
    memory = params.input_memory_config
    if not memory.sharded_in_l1 or memory.memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
        return False
    return any(params.padding) and not folds_unevenly(params)


def folding_width_input_refusal(params: Conv2dParameters) -> str | None:
    """conv2d's kernel-stride fold (`fold_tensor`) of a ROW_MAJOR input WIDTH-sharded in L1
    keeps the input's shard spec on the tensors it makes, and a WIDTH shard spec must hold the
    tensor's whole height (tensor_spec.cpp:173):

    - a flat input `[1, 1, N·H·W, C]` is first viewed as `[N, H, W, C]`: with fewer channels
      than a shard is wide the view's shards are `shard height · shard width // C` rows high
      against the tensor's N·H·W; with more channels that are not whole shards the view is
      refused (the input's last dimension, padded to whole shards, is not C);
    - then the input is padded with the conv's padding, the shards still `shard height` rows
      high against N·(H + pt + pb)·(W + pl + pr) rows.

    After the fold's checks (`folding_refusal`, the preparation's divisibility check),
    `folding_shard_grid_refusal`'s walk being of HEIGHT inputs. TT-NN's answers: 4 such convs
    refused so (dev-set r0337, conv2d draws r0195, r0220, fresh r0016), none accepted; probes
    (`ttnn_conv_fold_width_input_wormhole_N150`): 8 refused so, with 8, 16, 24, 32, 48 and 64
    channels, flat and NHWC inputs; without padding and with whole shards of channels the fold
    goes on (TT-NN then finds no layout, `column_major_input_refusal`'s). A TILE input folds
    otherwise (not modelled)."""
    params = normalize_parameters(params)
    if not resolve_kernel_stride_folding(params) or tuple(params.stride) == (1, 1):
        return None
    memory = params.input_memory_config
    if not memory.sharded_in_l1 or memory.memory_layout != TensorMemoryLayout.WIDTH_SHARDED:
        return None
    if params.input_layout != Layout.ROW_MAJOR or folds_unevenly(params):
        return None
    assert memory.shard_shape is not None
    shard_height, shard_width = memory.shard_shape
    batch, height, width = params.batch_size, params.input_height, params.input_width
    channels = params.in_channels
    if not params.input_unflattened and channels < shard_width:
        return (
            f"Shard height {shard_height * shard_width // channels} must match physical "
            f"height {batch * height * width} for width sharded"
        )
    if not params.input_unflattened and channels % shard_width:
        padded = round_up(channels, shard_width)
        return (
            "Changing the last dimension of a sharded tensor is not supported unless the "
            "shard width matches the input last dimension. Input shape: Shape([1, 1, "
            f"{batch * height * width}, {padded}]), New shape: Shape([{batch}, {height}, "
            f"{width}, {channels}]), Shard width: {shard_width}"
        )
    top, bottom, left, right = params.padding
    padded_rows = batch * (height + top + bottom) * (width + left + right)
    if padded_rows == shard_height:
        return None
    return f"Shard height {shard_height} must match physical height {padded_rows} for width sharded"


def folding_block_input_refusal(params: Conv2dParameters) -> str | None:
    """conv2d's kernel-stride fold of an input BLOCK-sharded in L1 pads it with the conv's
    padding in its own shard spec, which must hold the padded tensor in as many shards along
    its height as the grid has rows (ROW_MAJOR orientation) or columns (COL_MAJOR): the padded
    tensor's N·(H + pt + pb)·(W + pl + pr) rows, its width rounded up to whole tiles for a TILE
    input, in shards of the input's shard height (buffer_distribution_spec). After the tile
    pad's front padding (`folding_pad_refusal`). TT-NN's answers: 2 such convs refused so
    (fresh r0027, dev-set conv1d r0074), none accepted; probes
    (`ttnn_conv_fold_block_input_blackhole_P150`, `…_wormhole_N150`): 6 refused so, row-major
    and TILE, both orientations, padding of height or width; unpadded or with the shards
    enough (a TILE input of 64 columns padded below by 2: 66·64 rows in 6 shards of 704), the
    fold goes on. Not claimed: a TILE input whose width is not whole tiles (fresh w0070, 14
    columns padded below, fails in its fill-pad instead)."""
    params = normalize_parameters(params)
    if not resolve_kernel_stride_folding(params) or tuple(params.stride) == (1, 1):
        return None
    memory = params.input_memory_config
    if not memory.sharded_in_l1 or memory.memory_layout != TensorMemoryLayout.BLOCK_SHARDED:
        return None
    if not any(params.padding) or folds_unevenly(params):
        return None
    tiled = params.input_layout == Layout.TILE
    if tiled and params.input_width % TILE_SIZE:
        return None
    assert memory.shard_shape is not None and memory.shard_grid is not None
    top, bottom, left, right = params.padding
    width = params.input_width + left + right
    rows = params.batch_size * (params.input_height + top + bottom)
    rows *= round_up(width, TILE_SIZE) if tiled else width
    shards = ceil_div(rows, memory.shard_shape[0])
    columns, grid_rows = memory.shard_grid
    if memory.shard_orientation == ShardOrientation.COL_MAJOR:
        if shards <= columns:
            return None
        return (
            f"Number of shards along height {shards} must not exceed number of columns "
            f"{columns} for column major orientation!"
        )
    if shards <= grid_rows:
        return None
    return (
        f"Number of shards along height {shards} must not exceed number of rows {grid_rows} "
        "for row major orientation!"
    )


def dram_output_grid_override_refusal(params: Conv2dParameters) -> str | None:
    """conv2d's DRAM path (`conv2d_DRAM`) refuses `override_output_sharding_config` first
    thing, before it folds or prepares anything (a 1×1 matmul conv's too);
    `prepare_conv_weights` prepares such a conv (the override's output cores,
    `conv_op_config.output_compute_grid`). TT-NN's answers: a DRAM input without a slice
    config and one with a DRAM height slice config refused so, the same input with an
    `l1_full` slice config run."""
    if not params.conv_config.override_output_sharding_config or not runs_from_dram(params):
        return None
    return "Conv2D DRAM slicing doesn't support override_output_sharding_config."


def row_major_bfloat8_b_output(params: ConvParameters, mm_conv: bool) -> bool:
    """A ROW_MAJOR output (`conv_config.output_layout`) in bfloat8_b (`output_dtype`), which
    exists only tiled, asked of a conv that is not a 1×1 matmul (the matmul's output is TILE
    whatever the config says: `output_layout`)."""
    return (
        not mm_conv
        and params.conv_config.output_layout == Layout.ROW_MAJOR
        and output_dtype(params) == DataType.BFLOAT8_B
    )


def dram_row_major_output_refusal(params: Conv2dParameters) -> str | None:
    """conv2d's DRAM path (`conv2d_DRAM`, conv2d.cpp:810) refuses a ROW_MAJOR bfloat8_b output
    (`row_major_bfloat8_b_output`) first thing after folding the input, before it prepares
    anything — a 1D conv's too (`runs_from_dram`: conv2d runs any conv of a DRAM input
    there; only `prepare_conv_weights` keeps a 1D conv whole). TT-NN's answers: 5 such convs
    refused so, none accepted; a 1D conv so, asked again: refused so."""
    params = normalize_parameters(params)
    form = resolve_conv_form(params)
    if not runs_from_dram(params) or not row_major_bfloat8_b_output(params, form.mm_conv):
        return None
    return ROW_MAJOR_BFLOAT8_B_DRAM


ROW_MAJOR_BFLOAT8_B_DRAM = "Conv output can't be in Row Major if output dtype is BFloat8_B."
"""TT-NN's words on its DRAM path for a ROW_MAJOR bfloat8_b output (conv2d.cpp:810)."""


def slice_count_refusal(
    output_size: tuple[int, int], slice_config: Conv2dSliceConfig | None, output_layout: Layout
) -> str | None:
    """`run_sliced_op`'s bound on a given DRAM slice count (op_slicing.cpp:362), checked before
    the first slice runs (so before any weight is prepared): at most ceil(OW / 32) width
    slices of a TILE output (its slices are whole tiles wide, `conv_slicing.slice_rounding`),
    else at most the output extent sliced. Its output layout is `conv_config.output_layout`
    (the DRAM tensor the slices are written to). A count of 0 is searched instead, `l1_full`
    runs no slices; an empty output is refused as such first. TT-NN's answers: 34 convs and
    transposed convs refused so, none beyond the bound accepted."""
    if slice_config is None or slice_config.num_slices < 1 or min(output_size) < 1:
        return None
    if slice_config.slice_type == Conv2dSliceType.L1_FULL:
        return None
    height = slice_config.slice_type == Conv2dSliceType.DRAM_HEIGHT
    extent = output_size[0] if height else output_size[1]
    rounding = slice_rounding(output_layout, slice_config.slice_type)
    most = -(-extent // rounding) if output_layout == Layout.TILE else extent
    if slice_config.num_slices <= most:
        return None
    return (
        f"Number of slices ({slice_config.num_slices}) exceeds the maximum allowed ({most}) "
        "for the given output dimension and alignment."
    )


def conv2d_slice_count_refusal(params: Conv2dParameters) -> str | None:
    """`slice_count_refusal` on conv2d's DRAM path (a conv of a DRAM input, `runs_from_dram`,
    1D ones included, that is not a 1×1 matmul after folding: that one runs on the L1 path),
    for the output image of the conv it runs."""
    params = normalize_parameters(params)
    form = resolve_conv_form(params)
    if not runs_from_dram(params) or form.mm_conv:
        return None
    output_layout = params.conv_config.output_layout
    return slice_count_refusal(output_image_size(params), params.slice_config, output_layout)


def conv1d_dram_slice_refusal(params: Conv2dParameters) -> str | None:
    """A 1D conv (`is_conv1d`) that conv2d runs from DRAM without a slice count (no slice
    config, or one of 0 slices): `prepare_conv_weights` prepares it whole ("Conv1D doesn't
    support DRAM", `runs_as_dram_conv`), but conv2d's DRAM path searches its slices
    (`run_sliced_op`, op_slicing.cpp:266) as for any conv (`conv_slicing.
    determine_slice_config`, the project's model of that search) and refuses when no count
    fits the L1, or for its L1 estimate's own checks, before it prepares anything. TT-NN's
    answers: 8 such convs refused for the search, 5 for its estimate (an activation block
    above a slice's output shard, conv2d_op_program_factory_common.cpp:233); the search finds
    a count for the 259 others that come that far (257 accepted)."""
    params = normalize_parameters(params)
    slice_config = params.slice_config
    if slice_config is not None and slice_config.num_slices > 0:
        return None
    try:
        conv1d_dram_slices(params)
    except ConvConfigError as refusal:
        return str(refusal)
    return None


def conv1d_dram_slices(params: Conv2dParameters) -> SliceDecision | None:
    """The DRAM slices conv2d's DRAM path cuts a 1D conv (`is_conv1d`, normalized `params`)
    into (`run_sliced_op`: the given count, else its search, `conv_slicing.decide_slices`,
    with the conv's own weights dtype), or None for a conv it does not slice (not run from
    DRAM, or a 1×1 matmul: the L1 path). Raises ConvConfigError where the search finds no
    count."""
    if not is_conv1d(params) or not runs_from_dram(params):
        return None
    form = resolve_conv_form(params)
    if form.mm_conv:
        return None
    knobs = l1_knobs(params, resolve_weights_dtype(params))
    geometry = l1_geometry(params, form.folded, form.output_size, form.mm_conv)
    device = L1Device.for_grid(params.grid, params.l1_budget)
    attribute = Conv2dSliceAttribute(geometry, params.conv_config.shard_layout, knobs, device)
    return decide_slices(attribute, params.slice_config)


def transposed_slice_count_refusal(params: ConvTranspose2dParameters) -> str | None:
    """`slice_count_refusal` on conv_transpose2d's DRAM path (`plans_dram_slices`; a 1×1
    transpose of stride 1 without padding runs as a matmul on its L1 path), for the
    transposed conv's output image (with its `output_padding`)."""
    params = normalize_transpose_parameters(params)
    if not plans_dram_slices(params) or transposes_as_matmul(params):
        return None
    output_layout = params.conv_config.output_layout
    output_size = transpose_output_size(params)
    return slice_count_refusal(output_size, params.dram_slice_config, output_layout)


def transposed_dram_row_major_output_refusal(params: ConvTranspose2dParameters) -> str | None:
    """conv_transpose2d's DRAM path (`plans_dram_slices`) refuses a ROW_MAJOR bfloat8_b output
    first, as conv2d's does (`dram_row_major_output_refusal`); a transpose it runs as a matmul
    takes its L1 path, whose output is TILE. Asked of TT-NN (ttnn_conv_transpose_row_major_
    bfloat8_b_wormhole_N150): 3 such transposed convs from DRAM refused so."""
    params = normalize_transpose_parameters(params)
    if not plans_dram_slices(params):
        return None
    if not row_major_bfloat8_b_output(params, transposes_as_matmul(params)):
        return None
    return ROW_MAJOR_BFLOAT8_B_DRAM


def folded_width_input_tilize_refusal(plan: ConvWeightsPlan) -> str | None:
    """A kernel-stride folded 1×1 matmul (kernel = stride above 1×1) of an L1-interleaved
    input, asked WIDTH: conv2d folds it into a row-major L1 tensor, whose WIDTH shard spec
    it makes for that row-major layout — shards as high as the folded rows, N·H'·W', not
    rounded to tiles (`determine_input_memory_config`) — then tilizes it before resharding
    (`shard_or_reshard_tensor_if_required`, a matmul's input not resharded HEIGHT), and the
    tiled tensor refuses shards not whole tiles (tensor_layout.cpp:171). Before the matmul's
    own checks (`width_input_matmul_refusal`). TT-NN's answers: fresh wide w0039 (75·76 folded
    rows) and 5 probes (`ttnn_conv_fold_width_matmul_wormhole_N150`, 49 to 98 rows, row-major
    and TILE inputs) refused so; asked BLOCK or HEIGHT they run; from DRAM the fold is the
    DRAM path's (not claimed)."""
    params, form = plan.params, plan.form
    if not form.mm_conv or plan.sharding.shard_layout != TensorMemoryLayout.WIDTH_SHARDED:
        return None
    memory = params.input_memory_config
    if form.fold_stride in (None, (1, 1)) or memory.is_sharded or memory.is_dram:
        return None
    folded = form.folded
    rows = folded.batch_size * folded.input_height * folded.input_width
    cores = plan.sharding.parallel.input_split.num_cores
    width = round_up(folded.in_channels, cores * TILE_SIZE) // cores
    if rows % TILE_SIZE == 0:
        return None
    return f"Physical shard shape ({rows}, {width}) must be tile {{32, 32}} sized!"


def width_input_matmul_refusal(plan: ConvWeightsPlan) -> str | None:
    """A 1×1 conv TT-NN runs as a matmul of an input WIDTH-sharded in L1: one the user sharded
    so and TT-NN reads as it is (`reads_input_shard_spec`, not folded), or an L1 interleaved
    input TT-NN folds (kernel-stride folding, stride above 1×1) and shards WIDTH itself. TT-NN
    lays the input's shard cores in one row of the device grid, and a core beyond the grid's
    columns has no L1 bank (buffer.cpp:272). Within the row, the matmul refuses a folded WIDTH
    input for its program config (matmul_device_operation.cpp:1737), and holds a kept input's
    width in tiles, ceil(C / 32), to the prepared weight's height, which covers every core's
    shard width (matmul_device_operation.cpp:91). Found on TT-NN's answers (3 convs and 2
    transposed convs refused so, none accepted) and asked of TT-NN again
    (ttnn_conv_width_matmul_wormhole_N150: 13 such Wormhole convs, each refused so; WIDTH
    convs of interleaved inputs not folded run, their cores in rows of the grid)."""
    params, form = plan.params, plan.form
    memory = params.input_memory_config
    if not form.mm_conv or plan.sharding.shard_layout != TensorMemoryLayout.WIDTH_SHARDED:
        return None
    folded = form.fold_stride not in (None, (1, 1))
    if folded and memory.is_sharded:
        return None  # TT-NN's fold of a sharded input fails first (not modelled)
    kept = not folded and params.reads_input_shard_spec
    if not (folded and not memory.is_dram) and not kept:
        return None
    grid_x, grid_y = params.grid
    if plan.sharding.parallel.input_split.num_cores > grid_x:
        return (
            f"Invalid shard grid: shard core ({grid_x}, 0) has no L1 bank on this device, which "
            f"has {grid_x * grid_y} of them. Derive the shard grid from the device "
            "(dram_grid_size() for DRAM, compute_with_storage_grid_size() for L1) rather than "
            "assuming a fixed size -- a harvested device exposes fewer banks than an "
            "unharvested one of the same type. An L1 shard core outside the compute grid is "
            "legal only while it is claimed via ServiceCoreManager."
        )
    if folded:
        return (
            "MatmulMultiCoreReuseMultiCastProgramConfig: Unsupported memory layout "
            "TensorMemoryLayout::WIDTH_SHARDED."
        )
    return None


def sharded_matmul_k_refusal(plan: ConvWeightsPlan) -> str | None:
    """The K check of the matmul (`ttnn::linear`, matmul_device_operation.cpp:91) TT-NN runs
    for a 1×1 conv of a sharded input (not the interleaved matmul of an auto-sharded one, not
    folded): input A is the input as the tensor it is — conv2d reshards it into its shard spec
    keeping the input's logical shape (`create_device_tensor` of `input_tensor.logical_shape()`
    in `shard_or_reshard_tensor_if_required`), or reads the user's shards as they are — so its
    width is ceil(C / 32) tiles, while the prepared weight's height covers every channel core's
    shard, round_up(C, 32 · channel cores). They differ for a WIDTH input kept with more shard
    width than channels (`width_input_matmul_refusal`'s cases) and for channel cores that do
    not divide the channel tiles, which only an override core grid gives (the parallel config
    TT-NN chooses divides them). TT-NN's answers: 3 convs and 2 transposed convs of kept WIDTH
    inputs and 13 probes (ttnn_conv_width_matmul_wormhole_N150) refused so; fresh rare s9308
    x0051 (64 channels BLOCK on an override grid of 2×5 cores with transpose_shards: 5
    channel cores, 160 weight rows) and 8 probes around it
    (ttnn_conv_matmul_k_override_grid_blackhole_P150: 96 channels, 3 and 4 channel cores, a
    row-major input, from DRAM) refused so, none accepted; the 4 probes whose tiles agree run
    (2 channel cores; 128, 150, 160 channels)."""
    params, form = plan.params, plan.form
    if not form.mm_conv or plan.sharding.auto_shard:
        return None
    if form.fold_stride not in (None, (1, 1)):
        return None  # the fold's own rules: `width_input_matmul_refusal`, from DRAM below
    if isinstance(params, Conv2dParameters) and matmul_block_input_unfilled(params):
        return None  # resharded BLOCK from the device grid: that conv's weight, not claimed
    input_tiles = -(-params.in_channels // TILE_SIZE)
    weight_tiles = plan.layout.physical_shape[2] // TILE_SIZE
    if input_tiles == weight_tiles:
        return None
    return (
        f"K dimension in tiles must match between input A ({input_tiles}) and input B "
        f"({weight_tiles})"
    )


def folded_dram_weight_refusal(plan: ConvWeightsPlan) -> str | None:
    """conv2d's DRAM path folds its input (kernel-stride folding of a stride above 1×1,
    `fold_input_tensor_if_required` in `conv2d_DRAM`) and runs `conv2d_L1` on the folded conv,
    which takes the folded stride, 1×1, as the stride to fold the weight by (`orig_stride`):
    the host weight is prepared unfolded — [O, C, KH, KW] after the grouped expansion, C padded
    to the folded conv's channel shards, round_up(C, alignment · n) — in the folded conv's
    shard layout. Where that weight does not fit the folded conv, TT-NN refuses (its answers:
    the 8 folded 1×1 matmuls of HEIGHT or BLOCK shards from DRAM it refuses for the matmul's K,
    with its numbers, the 4 it runs, and 2 HEIGHT convs refused for the block height, with its
    numbers):

    - HEIGHT (the special padding layout) lays each kernel row, KW · C_pad rows, in blocks of
      the folded conv's activation block width — a 1×1 matmul's is its padded input channels
      C'_pad — and refuses a row longer than a block (prepare_conv2d_weights.cpp:220), else
      the weight has KH blocks;
    - BLOCK lays n channel shards of KH · KW · C_pad / n rows, each in whole tiles;
    - the folded 1×1 matmul (`ttnn::linear`) holds the input's width in tiles, C'_pad / 32,
      to the weight's height in tiles (matmul_device_operation.cpp:91, after the
      preparation);
    - WIDTH runs as a conv (no matmul of a WIDTH layout) whose factory holds its activation
      width, round_up(C'_pad · KW', 32) · KH' of the folded kernel, to the unfolded weight's
      rows, round_up(C_pad · KW, 32) · KH (conv2d_op_width_sharded_program_factory.cpp:198;
      TT-NN's answers: 5 refused so, none run, and 2 it crashes on first).

    An auto-sharded matmul's interleaved weight has the folded weight's rows (no claim)."""
    from ttnn_xdsl.conv.conv_weight_layout import conv_input_channels_padded

    params, form, sharding = plan.params, plan.form, plan.sharding
    if not runs_from_dram(params) or form.fold_stride in (None, (1, 1)):
        return None
    if form.mm_conv and sharding.auto_shard:
        return None
    layout = sharding.shard_layout
    channel_shards = sharding.input_cores_channels
    padded_channels = round_up(
        params.in_channels, sharding.input_channels_alignment * channel_shards
    )
    kernel_height, kernel_width = params.kernel_size[0], params.kernel_size[1]
    input_tiles = conv_input_channels_padded(form, sharding) // TILE_SIZE
    if layout == TensorMemoryLayout.HEIGHT_SHARDED:
        block = input_tiles * TILE_SIZE if form.mm_conv else plan.blocking.act_block_w
        inner = kernel_width * padded_channels
        if block is None or inner > block:
            return (
                None
                if block is None
                else (f"Block height {block} must be >= inner dimension {inner}")
            )
        weight_tiles = kernel_height * block // TILE_SIZE
    elif layout == TensorMemoryLayout.BLOCK_SHARDED:
        shard_rows = kernel_height * kernel_width * padded_channels // channel_shards
        weight_tiles = channel_shards * ceil_div(shard_rows, TILE_SIZE)
    else:
        folded_height, folded_width = form.folded.kernel_size[0], form.folded.kernel_size[1]
        act_width = round_up(input_tiles * TILE_SIZE * folded_width, TILE_SIZE) * folded_height
        weight_rows = round_up(padded_channels * kernel_width, TILE_SIZE) * kernel_height
        if act_width == weight_rows:
            return None
        return "The width of tensor a needs to match the height of tensor b"
    if not form.mm_conv or input_tiles == weight_tiles:
        return None
    return (
        f"K dimension in tiles must match between input A ({input_tiles}) and input B "
        f"({weight_tiles})"
    )


def row_major_output_tensor_refusal(
    params: ConvParameters, mm_conv: bool, dram_path: bool
) -> str | None:
    """On the L1 path (not `dram_path`, whose slices run with TILE outputs) the conv op makes
    its output's spec in the config's layout and the output dtype, and a TensorSpec refuses a
    ROW_MAJOR bfloat8_b one (tensor_spec.cpp:134, `row_major_bfloat8_b_output`): after the
    halo, before the conv's output is allocated and before the program factories' checks.
    TT-NN's answers: 10 such convs refused so, none accepted, one refused first for its halo's
    L1; asked of conv_transpose2d, 2 transposed convs refused so."""
    if dram_path or not row_major_bfloat8_b_output(params, mm_conv):
        return None
    return "Only TILE layout is supported for BFLOAT8_B dtype!"


def activation_reuse_refusal(plan: ConvWeightsPlan) -> str | None:
    """The HEIGHT / BLOCK program factory's checks of `conv_config.enable_activation_reuse`
    (conv2d_op_sharded_program_factory.cpp:383–385, in that order; a 1×1 matmul conv and the
    WIDTH factory do not read it): not on a BLOCK conv, not with a dilation above 1, not with
    a stride above 1 (of the conv it runs: after kernel-stride folding)."""
    params, form = plan.params, plan.form
    if not params.conv_config.enable_activation_reuse or form.mm_conv:
        return None
    shard_layout = plan.sharding.shard_layout
    if shard_layout == TensorMemoryLayout.WIDTH_SHARDED:
        return None
    if shard_layout == TensorMemoryLayout.BLOCK_SHARDED:
        return "Activation data reuse is not supported for block sharded"
    if max(form.folded.dilation) > 1:
        return "Activation data reuse is not supported for dilation > 1"
    if max(form.folded.stride) > 1:
        return "Activation data reuse is not supported for stride > 1"
    return None


def conv2d_preparation(params: Conv2dParameters) -> Conv2dParameters:
    """The parameters conv2d prepares its weight with: `params`, but where conv2d takes its
    own path (TT-NN's answers) a conv run from DRAM (not a 1×1 matmul conv) plans

    - a bfloat8_b weight as bfloat16 (see `conv2d_weights_dtype`);
    - `reshard_if_not_optimal` without a `shard_layout` as without resharding: TT-NN's
      conv2d auto-shards the slice, where `prepare_conv_weights` reads the unset layout
      (`check_reshard_of_dram_slice`);
    - a 1D conv cut in more than one DRAM slice for the first (`conv1d_preparation`),
      where `prepare_conv_weights` prepares it whole;

    and an L1 input sharded HEIGHT or WIDTH in COL_MAJOR orientation with a `shard_layout`
    (`reshards_column_major_input`) is prepared as the conv TT-NN runs once it has resharded
    it (`reshard_if_not_optimal`: conv2d_L1 reshards the input before it prepares the weight;
    `prepare_conv_weights` keeps the input's own layout, §3.3a). TT-NN's answers: dev-set
    r0483, a HEIGHT input on 1×4 COL_MAJOR cores asked BLOCK with `act_block_h_override` 64
    and activation reuse, is refused by the BLOCK program's reuse check, where the input's own
    cores would give act blocks of one tile and refuse for the reuse's block height."""
    params = normalize_parameters(params)
    if reshards_column_major_input(params):
        config = replace(params.conv_config, reshard_if_not_optimal=True)
        params = replace(params, conv_config=config)
    if folds_on_the_dram_path(params):
        params = replace(params, unfolded_weight=True)
    if is_conv1d(params):
        return conv1d_preparation(params)
    form = resolve_conv_form(params)
    if form.dram_conv and form.mm_conv and form.fold_stride is None:
        return dram_matmul_preparation(params)
    if not form.dram_conv:
        return params
    return dram_path_preparation(params)


def folds_on_the_dram_path(params: Conv2dParameters) -> bool:
    """A kernel-stride fold (of a stride above 1×1) of a conv conv2d runs from DRAM: its
    DRAM path folds the input and prepares the weight unfolded
    (`Conv2dParameters.unfolded_weight`). TT-NN's bytes (conv2d_op/bytes/): BLOCK and HEIGHT
    folds from DRAM unfolded; from L1, and from DRAM with an L1Full slice config, folded."""
    if not runs_from_dram(params) or not resolve_kernel_stride_folding(params):
        return False
    return tuple(params.stride) != (1, 1)


def dram_matmul_preparation(params: Conv2dParameters) -> Conv2dParameters:
    """`conv2d_preparation` of a 1×1 matmul conv from DRAM given a `shard_layout`, not
    kernel-stride folded (conv2d's DRAM path folds first, `folded_dram_weight_refusal`): conv2d's
    DRAM path hands a matmul to `conv2d_L1` whole ("Conv2D DRAM with matmul should never use
    the slicing code path"), which prepares the weight in the conv's shard layout — its
    interleaved-matmul layout only for an auto-sharded matmul (`mm_conv && auto_shard`) —
    where `prepare_conv_weights` lays a DRAM input's matmul weight out interleaved (§3.3 step
    4): prepared as on the L1 path (an `l1_full` slice config). The two differ where the
    channel cores do not divide the channel tiles (an override core grid): TT-NN's answers,
    probe k09 of `ttnn_conv_matmul_k_override_grid_blackhole_P150` (64 channels BLOCK on 5
    channel cores from DRAM, 160 weight rows: the matmul's K check refuses it). Without a
    `shard_layout` both are interleaved: `params` as given."""
    if params.conv_config.shard_layout is None:
        return params
    return replace(params, slice_config=Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 1))


def dram_path_preparation(params: Conv2dParameters) -> Conv2dParameters:
    """`conv2d_preparation` of a conv run from DRAM (not a 1×1 matmul conv): its weights dtype
    and `reshard_if_not_optimal` as conv2d plans them."""
    config = unset_reshard_dropped(params.conv_config)
    planned = None
    if conv2d_weights_dtype(params) == DataType.BFLOAT8_B:
        config = replace(config, weights_dtype=DataType.BFLOAT16)
        planned = DataType.BFLOAT8_B
    return replace(
        params, conv_config=config, prepared_in_slice=True, planned_weights_dtype=planned
    )


def conv1d_preparation(params: Conv2dParameters) -> Conv2dParameters:
    """`conv2d_preparation` of a 1D conv (normalized `params`): one that conv2d's DRAM path
    cuts into more than one slice (`conv1d_dram_slices`) is prepared for the first of those
    slices (`sliced_conv1d`, the slice config written out), in its own weights dtype (a
    bfloat8_b one too: no placeholder weight is made; TT-NN's answers: one BLOCK/HEIGHT choice
    of the first slice that bfloat16 planning gets wrong, none it gets right) and with the
    DRAM path's resharding (`unset_reshard_dropped`). One it runs as a single slice,
    `run_sliced_op` runs whole on its L1 path, prepared as `prepare_conv_weights` prepares it
    (TT-NN's answers: 6 such WIDTH convs refused with the whole conv's activation blocks); so
    is a conv not run from DRAM or a 1×1 matmul conv. TT-NN's answers: of 56 convs it runs
    that are prepared for a first slice, 55 agree on output and weight, 15 of them only so."""
    try:
        slices = conv1d_dram_slices(params)
    except ConvConfigError:
        return params  # refused before (`conv1d_dram_slice_refusal`)
    if slices is None or slices.num_slices < 2:
        return params
    found = Conv2dSliceConfig(slices.slice_type, slices.num_slices)
    config = unset_reshard_dropped(params.conv_config)
    return replace(
        params, sliced_conv1d=True, slice_config=found, conv_config=config, prepared_in_slice=True
    )


def unset_reshard_dropped(config: Conv2dConfig) -> Conv2dConfig:
    """`reshard_if_not_optimal` without a `shard_layout` where TT-NN's conv shards its input
    itself (conv2d's DRAM path auto-shards each slice; conv_transpose2d auto-shards an input
    not sharded, or gives each DRAM slice the slice's layout): as without resharding, where
    the preparation ops read the unset layout (`check_reshard_of_dram_slice`,
    `conv_transpose.check_reshard_without_shard_layout`)."""
    if config.reshard_if_not_optimal and config.shard_layout is None:
        return replace(config, reshard_if_not_optimal=False)
    return config


def conv2d_weights_dtype(params: Conv2dParameters) -> DataType:
    """The prepared weight's dtype: `conv_config.weights_dtype`, else the weight's.

    `prepare_conv_weights` refuses bfloat8_b for a conv run from DRAM (it plans the slices
    with a row-major placeholder weight, `check_dram_path_weights_dtype`); conv2d prepares
    it: the same shapes as a bfloat16 weight's, in bfloat8_b (TT-NN's answers: 47 of 47 such
    weights of the dev set)."""
    return params.conv_config.weights_dtype or params.weight_dtype


# ------------------------------------------------------------------------------------------
# conv_transpose2d: its equivalent conv2d (docs/semantics.md §7)
# ------------------------------------------------------------------------------------------


def resolve_conv_transpose2d(params: ConvTranspose2dParameters) -> Conv2dDecision:
    """TT-NN 0.81.1's conv_transpose2d on `params`: the input's own place in L1, its check of a
    sharded input's layout (`transposed_input_layout_refusal`), its DRAM path's slice count
    (`transposed_slice_count_refusal`), the preparation of its
    weight for the equivalent conv2d as its own path runs it (`conv_transpose2d_preparation`;
    §7, `resolve_conv_transpose2d_weights`, with its refusals) and of its bias with the
    weight (padded from the weight's plan), the program factories' checks of
    that conv (`check_factory_blocking`, `check_factory_kernels`), and its output: the
    transposed conv's image (with `output_padding`) laid out as the equivalent conv's output,
    interleaved where `conv_transpose2d_output_interleaved_in` says. The decision's plans are
    the equivalent conv2d's."""
    placed = input_l1_failure(params)
    if placed is not None:
        raise ConvConfigError(l1_refusal_message(placed))
    refusal = (
        transposed_input_layout_refusal(params)
        or transposed_dram_row_major_output_refusal(params)
        or transposed_slice_count_refusal(params)
    )
    if refusal is not None:
        raise ConvConfigError(f"TT-NN 0.81.1's conv_transpose2d refuses this conv: {refusal}")
    given, params = params, conv_transpose2d_preparation(params)
    try:
        transpose = resolve_conv_transpose2d_weights(params)
    except WeightBlockCrash:
        # TT-NN places the input and reshards it before the division that kills it.
        placed = transposed_resharded_input_l1_failure(params)
        if placed is not None:
            raise ConvConfigError(l1_refusal_message(placed)) from None
        raise
    refusal = transposed_auto_shard_refusal(given, transpose)
    if refusal is not None:
        raise ConvConfigError(f"TT-NN 0.81.1's conv_transpose2d refuses this conv: {refusal}")
    # Only a transpose TT-NN itself runs as a matmul; without a shard_layout it may find no
    # layout for such an input first (conv2d_utils.cpp:228, one such transposed conv): no
    # claim there.
    refusal = None
    if params.conv_config.shard_layout is not None and transposes_as_matmul(params):
        refusal = width_input_matmul_refusal(transpose.conv) or sharded_matmul_k_refusal(
            transpose.conv
        )
    if refusal is not None:
        raise ConvConfigError(f"TT-NN 0.81.1's conv_transpose2d refuses this conv: {refusal}")
    # A DRAM input without a slice config runs through TT-NN's slicer, even as one slice.
    run_by_slicer = given.dram_slice_config is None and given.input_memory_config.is_dram
    # (A matmul it runs on its L1 path directly, with the caller's config.)
    sliced_config = run_by_slicer and not transposes_as_matmul(given)
    allocation = conv_transpose2d_l1_failure(transpose, sliced_config)
    if allocation is not None and allocation.stage not in AFTER_OUTPUT_SPEC:
        raise ConvConfigError(l1_refusal_message(allocation))
    refusal = row_major_output_tensor_refusal(
        given, transposes_as_matmul(given), dram_path=transpose.dram is not None
    )
    if refusal is not None:
        raise ConvConfigError(f"TT-NN 0.81.1's conv_transpose2d refuses this conv: {refusal}")
    if allocation is not None and allocation.stage not in AFTER_BLOCKING_CHECKS:
        raise ConvConfigError(l1_refusal_message(allocation))
    # conv_transpose2d prepares the bias with the weight, from the same parameters
    # (`prepare_conv_weights_biases_and_move_to_device` in `conv_transpose2d_L1`, the whole
    # conv's or the first DRAM slice's): the weight's plan pads it, with no auto-shard or
    # slice search of a bias conv of its own.
    bias = transpose.conv if params.has_bias else None
    # conv_transpose2d runs its conv with `enable_activation_reuse = false`, on either path.
    check_factory_blocking(transpose.conv, bias, activation_reuse=False)
    if allocation is not None and allocation.stage not in AFTER_FACTORY_CHECKS:
        raise ConvConfigError(l1_refusal_message(allocation))
    from_dram = given.input_memory_config.is_dram or transpose.dram is not None
    check_factory_kernels(transpose.conv, from_dram=from_dram)
    if allocation is not None:
        raise ConvConfigError(l1_refusal_message(allocation))
    # Without a slice config TT-NN takes its DRAM path for a DRAM input even when it runs it
    # whole (`runs_whole_from_dram`).
    memory = conv_transpose2d_output_interleaved_in(transpose, dram_path=run_by_slicer)
    output = output_spec(transpose.conv, transpose.output_size, memory)
    return Conv2dDecision(transpose.conv, bias, transpose.conv.weights_dtype, output)


def transposed_auto_shard_refusal(
    given: ConvTranspose2dParameters, transpose: ConvTranspose2dPlan
) -> str | None:
    """What conv_transpose2d's L1 path refuses choosing its input's shard layout: it
    auto-shards the whole conv (`determine_conv_config_for_auto_shard`, conv_transpose2d.cpp's
    `conv_transpose2d_L1`) with the caller's conv_config, its `enable_activation_reuse`
    included, before it runs the conv without it (`conv_transpose2d_preparation`): the
    choice's estimates refuse what they refuse with the flag. None where it makes no such
    choice or the choice passes. TT-NN's answers: a DRAM input with an `l1_full` slice config
    of 0 slices (Blackhole s6201 s0022) refused so."""
    auto_shard = transpose.conv.l1.auto_shard
    if auto_shard is None or not given.conv_config.enable_activation_reuse:
        return None
    l1 = transpose.conv.l1
    config = replace(l1.knobs.config, enable_activation_reuse=True)
    try:
        choose_auto_shard(l1.geometry, replace(l1.knobs, config=config), l1.device)
    except ConvConfigError as error:
        return error.message
    return None


def conv_transpose2d_output_interleaved_in(
    transpose: ConvTranspose2dPlan, *, dram_path: bool
) -> BufferType | None:
    """Where conv_transpose2d's output is interleaved, or None for a sharded output
    (conv_transpose2d.cpp): a conv it runs as a matmul (by its own stride and padding,
    `conv_transpose2d_preparation`) as conv2d's
    (`output_interleaved_in`; its DRAM path hands it to its L1 path); otherwise in DRAM where
    it takes its DRAM path (the weight's, or `dram_path`: the slices' outputs, or the one
    slice's, written to a DRAM tensor), sharded on its L1 path — from a DRAM input too (a
    slice config of one slice, or of 0 whose automatic count found one)."""
    if transpose.conv.form.mm_conv:
        return output_interleaved_in(transpose.conv)
    return BufferType.DRAM if dram_path or transpose.dram_path else None


def transposed_input_layout_refusal(params: ConvTranspose2dParameters) -> str | None:
    """conv_transpose2d's L1 path finds no sharded layout for its input (conv2d_utils.cpp:228)
    where it is sharded in L1 with `reshard_if_not_optimal` and no `shard_layout` — it
    neither auto-shards a sharded input nor keeps its layout; `prepare_conv_transpose2d_weights`
    fails otherwise, `conv_transpose.check_reshard_without_shard_layout` — and for conv2d's
    COL_MAJOR input (`finds_no_shard_layout`), which the preparation prepares."""
    if plans_dram_slices(params):
        return None
    config = params.conv_config
    reshards = config.reshard_if_not_optimal and config.shard_layout is None
    if reshards and params.input_memory_config.sharded_in_l1:
        return NO_SHARDED_LAYOUT
    return NO_SHARDED_LAYOUT if finds_no_shard_layout(params) else None


def conv_transpose2d_preparation(params: ConvTranspose2dParameters) -> ConvTranspose2dParameters:
    """The parameters conv_transpose2d prepares its weight with: `params`, but where its own
    path (`conv_transpose2d_L1`, run whole or for each DRAM slice) differs from
    `prepare_conv_transpose2d_weights`:

    - an `l1_full` slice config of 0 slices as of one (`runs_l1_full`): its L1 path, no
      slice search;
    - without DRAM slices to plan (`plans_dram_slices`) no activation reuse: it hands the
      preparation and the conv `enable_activation_reuse = false` (planning slices reads the
      flag, and its refusals stay);
    - an input not sharded: `reshard_if_not_optimal` without a `shard_layout` as without
      resharding (`unset_reshard_dropped`, conv2d's rule);
    - an L1 input sharded HEIGHT or WIDTH in COL_MAJOR orientation with a `shard_layout`:
      resharded to that layout on cores of the device grid (`reshards_column_major_input`,
      conv2d's rule: its `shard_or_reshard_tensor_if_required` is conv2d's), where the
      preparation ops keep the input's own layout and cores (§3.3a);
    - an L1 input sharded BLOCK for a transpose it runs as a matmul (`transposes_as_matmul`)
      whose channels are not its channel cores' shards exactly: resharded BLOCK, whatever
      the config says (`matmul_block_input_unfilled`, conv2d's rule: TT-NN's graph of a
      1×1 transpose of 3 channels on 3×2 cores shows a reshard, then the matmul);
    - no kernel-stride folding: it prepares the weight with `enable_kernel_stride_folding =
      false` and runs the conv op itself (conv_transpose2d.cpp, `conv_transpose2d_L1`), where
      the preparation ops fold the equivalent conv when asked (§7.2; a folded 1×1 kernel is a
      matmul there);
    - a 1×1 kernel runs as a matmul only with the transpose's own stride 1 and no padding,
      and a DRAM slice's weight is prepared without activation reuse (`own_path`; the
      preparation ops decide on the equivalent conv's stride, and with the flag);
    - a DRAM input run whole (`runs_whole_from_dram`): prepared as for one slice."""
    if runs_l1_full(params):
        params = replace(params, dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 1))
    config = params.conv_config
    if not plans_dram_slices(params):
        config = replace(config, enable_activation_reuse=False)
    if not params.input_memory_config.is_sharded:
        config = unset_reshard_dropped(config)
    if not plans_dram_slices(params) and reshards_column_major_input(params):
        config = replace(config, reshard_if_not_optimal=True)
    if transposes_as_matmul(params) and matmul_block_input_unfilled(params):
        config = replace(
            config, shard_layout=TensorMemoryLayout.BLOCK_SHARDED, reshard_if_not_optimal=True
        )
    if config.enable_kernel_stride_folding:
        config = replace(config, enable_kernel_stride_folding=False)
    params = replace(params, conv_config=config, own_path=True)
    if runs_whole_from_dram(params):
        return replace(params, dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 1))
    return params


def runs_l1_full(params: ConvTranspose2dParameters) -> bool:
    """An `l1_full` slice config of 0 slices: TT-NN's conv_transpose2d runs its L1 path on
    the whole input, as for one slice, without searching a slice count (conv2d's `l1_full`
    rule, `l1_path_input_in_l1`), where `prepare_conv_transpose2d_weights` searches one
    (`conv_transpose.resolve_dram_path`). TT-NN's answers (Blackhole s6201): 2 HEIGHT convs
    with activation reuse it runs, which the slice search's estimate refuses, and 2 WIDTH
    convs that fail allocating the whole conv's L1 (out of memory, circular buffers beyond
    the L1), not a slice search that finds no count."""
    slice_config = params.dram_slice_config
    return (
        slice_config is not None
        and slice_config.slice_type == Conv2dSliceType.L1_FULL
        and slice_config.num_slices == 0
    )


def runs_whole_from_dram(params: ConvTranspose2dParameters) -> bool:
    """A DRAM input without a slice config whose slice search finds one slice: TT-NN's
    `run_sliced_op` then runs its L1 path on the whole DRAM input (op_slicing.cpp), which
    auto-shards the whole equivalent conv, where `prepare_conv_transpose2d_weights` prepares
    for the first slice's sharded input. Its output is still written to DRAM."""
    if params.dram_slice_config is not None or not params.input_memory_config.is_dram:
        return False
    dram = resolve_conv_transpose2d_weights(params).dram
    return dram is not None and dram.slicing.num_slices == 1


def conv_transpose2d_bias_preparation(
    params: ConvTranspose2dParameters, weights_dtype: DataType
) -> ConvTranspose2dParameters:
    """The parameters conv_transpose2d's bias is prepared with: its weight's
    (`conv_transpose2d_preparation`) in the weights dtype the weight is prepared in and without
    activation reuse (it prepares the bias with the weight, `enable_activation_reuse = false`,
    conv_transpose2d_L1: no estimate of the bias's conv plans with the flag), with the
    conv_config conv2d's own path plans the bias's equivalent conv2d with
    (`conv2d_preparation`: from a DRAM input, bfloat8_b as bfloat16 —
    `prepare_conv_transpose2d_bias` refuses it, conv_transpose2d prepares it with its weight —
    and `unset_reshard_dropped`): the parameters of the prepare op that says it, for the
    decomposition. conv_transpose2d itself pads the bias from its weight's plan
    (`resolve_conv_transpose2d`)."""
    config = replace(params.conv_config, weights_dtype=weights_dtype, enable_activation_reuse=False)
    params = replace(params, conv_config=config)
    equivalent, _ = equivalent_conv2d(normalize_transpose_parameters(params), for_bias=True)
    return replace(params, conv_config=conv2d_preparation(equivalent).conv_config)

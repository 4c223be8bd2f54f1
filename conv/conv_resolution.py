"""The resolution of `ttnn.prepare_conv_weights` / `prepare_conv_bias`
(semantics.md §3.3–3.5): from the conv's parameters to every fact the decomposition
needs — weights dtype, folding, grouping, shard layout, channel alignment, core split,
channel padding, block sizes, the layout and its physical shape.

Plain Python, no IR: the prepare ops' verifiers infer their result types with it and
`ttnn-decompose` emits one layout op per step from its `ConvWeightsPlan`. `resolve_conv_weights`
is cached by its (immutable) parameters, so verifying and decomposing an op resolve it once.

Where the semantics leave a detail open, the choice follows TT-NN's source (conv2d_utils.cpp,
prepare_conv2d_weights.cpp); docs/conv-vs-tt-metal.md records each one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

from ttnn_xdsl.conv.conv_l1_model import (
    AutoShardChoice,
    ConvGeometry,
    L1Device,
    choose_auto_shard,
)
from ttnn_xdsl.conv.conv_layout_geometry import (
    WeightMatrixMap,
    bias_physical_shape,
    block_sharded_map,
    depthwise_1d_shape,
    fold_kernel_stride_shape,
    interleaved_mm_map,
    special_padding_map,
    tiled_map,
)
from ttnn_xdsl.conv.conv_op_config import (
    ConvKnobs,
    CoreSplit,
    ShardSpec,
    check_weight_block,
    conv_blocking,
    determine_input_memory_config,
    determine_output_parallel_config,
    determine_parallel_config,
    input_channels_alignment,
    is_1d_depthwise_conv,
)
from ttnn_xdsl.conv.conv_parameters import (
    INT32_MAX,
    Conv2dParameters,
    InputMemoryConfig,
    normalize_parameters,
    output_image_size,
    validate_parameters,
)
from ttnn_xdsl.conv.conv_slicing import (
    Conv2dSliceAttribute,
    SliceDecision,
    decide_slices,
    first_slice_end,
    slice_memory_config,
)
from ttnn_xdsl.core.enums import (
    Conv2dSliceType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError, ConvNotModelledError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div, round_up


class WeightLayoutKind(StrEnum):
    """The final weight layout helper of semantics.md §3.6 chosen by step 10."""

    INTERLEAVED_MM = "interleaved_mm"
    SPECIAL_PADDING = "special_padding"
    TILED = "tiled"
    BLOCK_SHARDED = "block_sharded"


# ------------------------------------------------------------------------------------------
# Resolution steps (semantics.md §3.3)
# ------------------------------------------------------------------------------------------


def resolve_weights_dtype(params: Conv2dParameters) -> DataType:
    """Step 1: `conv_config.weights_dtype`, else the host weight's dtype."""
    return params.conv_config.weights_dtype or params.weight_dtype


def is_mm_conv(params: Conv2dParameters) -> bool:
    """Step 2: a 1×1, stride-1, unpadded, undilated conv runs as a matmul, unless
    `conv_config.shard_layout` asks for WIDTH_SHARDED (TT-NN's `use_matmul_for_1x1_conv`)."""
    return (
        tuple(params.kernel_size) == (1, 1)
        and tuple(params.stride) == (1, 1)
        and all(p == 0 for p in params.padding)
        and tuple(params.dilation) == (1, 1)
        and params.conv_config.shard_layout != TensorMemoryLayout.WIDTH_SHARDED
    )


def resolve_kernel_stride_folding(params: Conv2dParameters) -> bool:
    """Step 3: `conv_config.enable_kernel_stride_folding` when set; else on iff
    stride == kernel, stride != (1, 1), dilation == (1, 1), the padded input divides by the
    stride, and the input is (in DRAM and row-major or unpadded) or height-sharded
    (TT-NN's `auto_enable_kernel_folding`)."""
    explicit = params.conv_config.enable_kernel_stride_folding
    if explicit is not None:
        return explicit
    stride, kernel = tuple(params.stride), tuple(params.kernel_size)
    if stride != kernel or stride == (1, 1) or tuple(params.dilation) != (1, 1):
        return False
    top, bottom, left, right = params.padding
    if (params.input_height + top + bottom) % stride[0]:
        return False
    if (params.input_width + left + right) % stride[1]:
        return False
    memory = params.input_memory_config
    zero_padding = all(p == 0 for p in params.padding)
    return (
        memory.is_dram and (params.input_layout == Layout.ROW_MAJOR or zero_padding)
    ) or memory.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED


def fold_parameters(params: Conv2dParameters) -> Conv2dParameters:
    """Step 3, folding on: the conv the folded weight belongs to — Cin·sH·sW input channels,
    a (H + pt + pb)/sH × (W + pl + pr)/sW input, kernel ceil(K/s), stride 1, padding 0
    (TT-NN's `compute_kernel_stride_folding_params`). Folding is then marked done
    (`enable_kernel_stride_folding=False`) so the result does not fold again."""
    sh, sw = params.stride
    top, bottom, left, right = params.padding
    padded_h = params.input_height + top + bottom
    padded_w = params.input_width + left + right
    if padded_h % sh:
        raise ConvConfigError(
            f"kernel-stride folding needs the padded input height {padded_h} "
            f"(input_height {params.input_height} + padding {top}+{bottom}) divisible by "
            f"stride {sh}"
        )
    if padded_w % sw:
        raise ConvConfigError(
            f"kernel-stride folding needs the padded input width {padded_w} "
            f"(input_width {params.input_width} + padding {left}+{right}) divisible by "
            f"stride {sw}"
        )
    kh, kw = params.kernel_size
    return replace(
        params,
        in_channels=params.in_channels * sh * sw,
        input_height=padded_h // sh,
        input_width=padded_w // sw,
        kernel_size=(ceil_div(kh, sh), ceil_div(kw, sw)),
        stride=(1, 1),
        padding=(0, 0, 0, 0),
        conv_config=replace(params.conv_config, enable_kernel_stride_folding=False),
    )


def is_conv1d(params: Conv2dParameters) -> bool:
    """TT-NN's `is_1d_conv`: kernel height 1 on an input of height 1."""
    return params.kernel_size[0] == 1 and params.input_height == 1


def is_depthwise_1d(params: Conv2dParameters) -> bool:
    """Step 10: a 1D depthwise conv whose weight TT-NN expands with the depthwise layout
    (§3.6.6) instead of the grouped one: `is_1d_depthwise_conv` with groups > 1. TT-NN 0.81.1
    evaluates it on the original weight's channels and kernel with the input height of the
    conv it prepares (`prepare_conv_weights_internal`), so a folded 1D depthwise conv is
    expanded too (and then folded)."""
    return params.groups > 1 and is_1d_depthwise_conv(
        params.groups,
        params.in_channels,
        params.out_channels,
        params.kernel_size[0],
        params.input_height,
        params.has_bias,
    )


def resolve_shard_layout(params: Conv2dParameters) -> TensorMemoryLayout:
    """Step 5: an input already sharded keeps its own kind, whatever `conv_config.shard_layout`
    says (TT-NN: `conv_config.shard_layout = input_memory_config.memory_layout()`,
    semantics.md §3.3a), unless `reshard_if_not_optimal` (semantics.md §6); otherwise
    `conv_config.shard_layout`, else the sharded input's kind, else HEIGHT_SHARDED. A conv2d
    never reaches the last: TT-NN's L1 model chooses for an interleaved input with no shard
    layout (semantics.md §8.4); a conv_transpose2d's DRAM path still assumes it (§4 row 13)."""
    memory = params.input_memory_config
    resharded = params.conv_config.reshard_if_not_optimal
    if memory.is_sharded and not resharded:
        return memory.memory_layout
    if params.conv_config.shard_layout is not None:
        return params.conv_config.shard_layout
    if memory.is_sharded:
        return memory.memory_layout
    return TensorMemoryLayout.HEIGHT_SHARDED


def resolve_orientation(params: Conv2dParameters) -> ShardOrientation:
    """Step 7's shard orientation: an L1 input already sharded keeps its spec's
    (semantics.md §3.3a) unless `reshard_if_not_optimal`, otherwise COL_MAJOR iff
    `conv_config.transpose_shards`."""
    memory = params.input_memory_config
    if params.reads_input_shard_spec:
        return memory.shard_orientation
    if params.conv_config.transpose_shards:
        return ShardOrientation.COL_MAJOR
    return ShardOrientation.ROW_MAJOR


def resolve_input_channels_alignment(
    shard_layout: TensorMemoryLayout,
    input_layout: Layout,
    input_memory_config: InputMemoryConfig,
    mm_conv: bool,
) -> int:
    """Step 6 for the conv's own input (`conv_l1_model.input_channels_alignment` with the
    input's shard width, when it is sharded)."""
    shard = input_memory_config.shard_shape if input_memory_config.is_sharded else None
    return input_channels_alignment(
        shard_layout, input_layout, False, mm_conv, None if shard is None else shard[1]
    )


@dataclass(frozen=True)
class ParallelConfig:
    """Step 7's core split of the conv's input and of its output (TT-NN's two ParallelConfigs):
    channel cores of each, NHW cores, and the shard orientation (ROW_MAJOR for HEIGHT and
    WIDTH)."""

    input_split: CoreSplit
    output_split: CoreSplit

    @property
    def shard_layout(self) -> TensorMemoryLayout:
        return self.input_split.layout

    @property
    def input_cores_channels(self) -> int:
        return self.input_split.channels

    @property
    def output_cores_channels(self) -> int:
        return self.output_split.channels

    @property
    def nhw_cores(self) -> int:
        return self.input_split.nhw

    @property
    def orientation(self) -> ShardOrientation:
        if self.shard_layout == TensorMemoryLayout.BLOCK_SHARDED:
            return self.input_split.orientation
        return ShardOrientation.ROW_MAJOR


def resolve_parallel_config(
    shard_layout: TensorMemoryLayout,
    *,
    batch_size: int,
    in_channels: int,
    out_channels: int,
    output_height: int,
    output_width: int,
    input_channels_alignment: int,
    grid: tuple[int, int],
    orientation: ShardOrientation = ShardOrientation.ROW_MAJOR,
    mm_conv: bool = False,
    act_block_h_override: int = 0,
    input_shard_grid: tuple[int, int] | None = None,
    input_split: CoreSplit | None = None,
) -> ParallelConfig:
    """Step 7 (TT-NN's `determine_parallel_config` + `determine_output_parallel_config`, in
    `conv_l1_model`).

    `orientation` only matters for BLOCK (ROW_MAJOR: channels along grid.x, NHW along
    grid.y; COL_MAJOR the other way). Channel padding is off for an mm_conv, whose output
    keeps the input's split. The input's split is `input_split` when TT-NN fixed it (the
    shard spec it gives a DRAM slice, or a resharded input), or comes from `input_shard_grid`,
    the (x, y) shard grid of an L1 input already sharded (TT-NN takes the spec's whole
    parallel config: semantics.md §3.3a)."""
    if input_split is None and input_shard_grid is not None:
        x, y = input_shard_grid
        input_split = CoreSplit(shard_layout, orientation, x, y, x * y)
    if input_split is None:
        input_split = determine_parallel_config(
            shard_layout,
            batch_size,
            in_channels,
            output_height,
            output_width,
            out_channels,
            input_channels_alignment,
            grid,
            orientation,
            not mm_conv,
            act_block_h_override,
        )
    output_split = determine_output_parallel_config(input_split, grid, out_channels, mm_conv)
    return ParallelConfig(input_split, output_split)


def runs_from_dram(params: Conv2dParameters) -> bool:
    """Whether TT-NN runs the conv on its DRAM path (TT-NN's
    `determine_conv2d_execution_path`): a `conv2d_slice_config` other than `l1_full` says
    DRAM, `l1_full` says L1, and without one the input's buffer type decides."""
    slice_config = params.slice_config
    if slice_config is not None:
        return slice_config.slice_type != Conv2dSliceType.L1_FULL
    return params.input_memory_config.is_dram


def runs_as_dram_conv(params: Conv2dParameters) -> bool:
    """TT-NN's `is_dram_conv`: the conv runs on the DRAM path (`runs_from_dram`) and is not a
    1D conv (KH == 1 on an input of height 1: "Conv1D doesn't support DRAM"). Only such a
    conv takes the DRAM-only branches of TT-NN's preparation: its slicing plan (unless it is
    an mm_conv) and, for a 1×1 conv, the interleaved-matmul layout."""
    return runs_from_dram(params) and not is_conv1d(params)


def check_bias_weights_dtype(params: Conv2dParameters) -> None:
    """TT-NN 0.81.1's `prepare_conv_bias` has no weight to take the weights dtype from and
    reads `conv_config.weights_dtype` unconditionally: without it, it fails."""
    if params.conv_config.weights_dtype is None:
        raise ConvConfigError(
            "prepare_conv_bias needs conv_config.weights_dtype: TT-NN 0.81.1's "
            "prepare_conv_bias reads it unconditionally (it has no weight to take the dtype "
            'from) and fails without it (TT-NN: "bad optional access")'
        )


def check_dram_path_weights_dtype(weights_dtype: DataType) -> None:
    """On the DRAM path TT-NN 0.81.1 plans a conv that is not an mm_conv (after folding) in
    slices, and to do so it first builds a placeholder device weight in `weights_dtype` with
    a ROW_MAJOR layout, which it cannot do for bfloat8_b (a TensorSpec check)."""
    if weights_dtype == DataType.BFLOAT8_B:
        raise ConvConfigError(
            "TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a "
            "DRAM input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan "
            "its DRAM slices it builds a row-major bfloat8_b placeholder weight, which TT-NN "
            'rejects (TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")'
        )


def check_folded_matmul_on_dram_path(params: Conv2dParameters, folded: Conv2dParameters) -> None:
    """On the DRAM path TT-NN 0.81.1 takes a folded conv for a 1×1 matmul only when its
    kernel equals its stride, and plans the others in slices; a kernel smaller than its
    stride folds to a 1×1 kernel too, a matmul when unpadded (and not WIDTH), which TT-NN's
    slicing then refuses (measured: kernels 1×1, 2×2, 3×3 with strides 1×2 to 4×4)."""
    if tuple(params.kernel_size) == tuple(params.stride):
        return
    # The folded conv keeps the original padding on TT-NN's prepare path (step 3).
    if is_mm_conv(replace(folded, padding=params.padding)):
        raise ConvConfigError(
            f"kernel-stride folding of a {params.kernel_size[0]}x{params.kernel_size[1]} kernel "
            f"with stride {params.stride[0]}x{params.stride[1]} on the DRAM path: the folded "
            "kernel is 1x1, a matmul, which TT-NN 0.81.1's DRAM slicing refuses (TT-NN: "
            '"Conv2D DRAM with matmul should never use the slicing code path.")'
        )


def check_reshard_shard_layout(params: Conv2dParameters, dram_conv: bool, mm_conv: bool) -> None:
    """`reshard_if_not_optimal` without `conv_config.shard_layout`: TT-NN 0.81.1 auto-shards
    only an input that is not sharded, and takes a sharded input's own layout only without
    reshard_if_not_optimal; when neither applies it reads an unset shard layout. That is so
    for an input already sharded, and for a conv it runs from DRAM in slices (not an mm_conv),
    whose block config it computes on the L1-sharded input of a slice."""
    config = params.conv_config
    if not config.reshard_if_not_optimal or config.shard_layout is not None:
        return
    if params.input_memory_config.is_sharded:
        raise ConvConfigError(
            "reshard_if_not_optimal on an input already sharded needs conv_config."
            "shard_layout: TT-NN 0.81.1 neither auto-shards a sharded input nor, with "
            "reshard_if_not_optimal, keeps its layout, and reads the unset shard_layout "
            '(TT-NN: "bad optional access")'
        )
    if dram_conv and not mm_conv:
        raise ConvConfigError(
            "reshard_if_not_optimal on a conv run from DRAM (not a 1x1 matmul conv nor a 1D "
            "conv) needs conv_config.shard_layout: TT-NN 0.81.1 computes its block config on "
            "the sharded input of a DRAM slice, which it neither auto-shards nor, with "
            'reshard_if_not_optimal, takes the layout of (TT-NN: "bad optional access")'
        )


# ------------------------------------------------------------------------------------------
# Where TT-NN decides by itself: its L1 model (semantics.md §8, conv_l1_model)
# ------------------------------------------------------------------------------------------


def fp32_dest_accumulation(params: Conv2dParameters, weights_dtype: DataType) -> bool:
    """Whether the conv accumulates in float32: the compute config's `fp32_dest_acc_en`;
    without a compute config TT-NN's default, true exactly when the input and the weights
    are float32."""
    if params.compute_config is not None:
        return params.compute_config.fp32_dest_acc_en
    input_dtype = params.input_dtype or DataType.BFLOAT16
    return input_dtype == DataType.FLOAT32 and weights_dtype == DataType.FLOAT32


def l1_knobs(params: Conv2dParameters, weights_dtype: DataType) -> ConvKnobs:
    """The conv_config / compute_config fields TT-NN's L1 model reads."""
    config = params.conv_config
    return ConvKnobs(
        act_block_h_override=config.act_block_h_override,
        act_block_w_div=config.act_block_w_div,
        full_inner_dim=config.full_inner_dim,
        enable_activation_reuse=config.enable_activation_reuse,
        enable_act_double_buffer=config.enable_act_double_buffer,
        enable_weights_double_buffer=config.enable_weights_double_buffer,
        output_layout=config.output_layout,
        config_tensors_in_dram=config.config_tensors_in_dram,
        transpose_shards=config.transpose_shards,
        weights_dtype=weights_dtype,
        fp32_dest_acc_en=fp32_dest_accumulation(params, weights_dtype),
        packer_l1_acc=params.compute_config is not None and params.compute_config.packer_l1_acc,
    )


def l1_geometry(
    params: Conv2dParameters, folded: Conv2dParameters, output_size: tuple[int, int], mm_conv: bool
) -> ConvGeometry:
    """The conv TT-NN's L1 model estimates: the folded conv with the original padding (TT-NN's
    prepare path keeps it after folding, semantics.md §3.3 step 3)."""
    input_dtype = params.input_dtype or DataType.BFLOAT16
    return ConvGeometry(
        batch=folded.batch_size,
        in_channels=folded.in_channels,
        out_channels=folded.out_channels,
        in_hw=(folded.input_height, folded.input_width),
        out_hw=output_size,
        kernel=(folded.kernel_size[0], folded.kernel_size[1]),
        stride=(folded.stride[0], folded.stride[1]),
        padding=(params.padding[0], params.padding[1], params.padding[2], params.padding[3]),
        dilation=(folded.dilation[0], folded.dilation[1]),
        groups=params.groups,
        has_bias=params.has_bias,
        input_dtype=input_dtype,
        output_dtype=params.output_dtype or input_dtype,
        input_layout=params.input_layout,
        mm_conv=mm_conv,
    )


@dataclass(frozen=True)
class L1Decisions:
    """What TT-NN's L1 model decides for one conv, as plain data: the auto-shard choice on the
    whole conv (with every candidate's estimate), or, on the DRAM path, the slice config, the
    first slice's output size and the core split and channel alignment its weights are
    prepared for."""

    device: L1Device
    geometry: ConvGeometry
    """The whole conv the estimates are made for (after folding)."""
    knobs: ConvKnobs
    auto_shard: AutoShardChoice | None = None
    slicing: SliceDecision | None = None
    slice_auto_shard: AutoShardChoice | None = None
    slice_shard: ShardSpec | None = None
    slice_output_size: tuple[int, int] | None = None
    slice_split: CoreSplit | None = None
    """The core split the slice's weights are prepared for (the slice's shard spec, or with
    reshard_if_not_optimal one TT-NN computes again from the device grid)."""
    slice_alignment: int | None = None
    """Step 6's alignment on the DRAM path."""

    @property
    def sliced(self) -> bool:
        """More than one slice: the weights are prepared for a slice of the conv."""
        return self.slicing is not None and self.slicing.num_slices > 1


def resolve_l1_decisions(
    params: Conv2dParameters,
    folded: Conv2dParameters,
    output_size: tuple[int, int],
    mm_conv: bool,
    weights_dtype: DataType,
    knobs: ConvKnobs,
) -> L1Decisions:
    """Where TT-NN 0.81.1 decides by itself with its L1 model (TT-NN's `setup_conv_prep_config`,
    semantics.md §8):

    - on the DRAM path (not a 1D conv, not an mm_conv) TT-NN chooses a slice config
      (`determine_slice_config`), shards the input of the first slice itself (auto-sharding
      the slice when no shard layout is set) and prepares the weights for that slice;
    - otherwise an interleaved input with no shard layout is auto-sharded on the whole conv.
    """
    device = L1Device.for_grid(params.grid, params.l1_budget)
    config = params.conv_config
    geometry = l1_geometry(params, folded, output_size, mm_conv)
    if runs_as_dram_conv(params) and not mm_conv:
        check_dram_path_weights_dtype(weights_dtype)
        return resolve_dram_slicing(params, geometry, knobs, device, mm_conv)
    if not params.input_memory_config.is_sharded and config.shard_layout is None:
        auto = choose_auto_shard(geometry, knobs, device)
        return L1Decisions(device, geometry, knobs, auto_shard=auto)
    return L1Decisions(device, geometry, knobs)


def resolve_dram_slicing(
    params: Conv2dParameters,
    geometry: ConvGeometry,
    knobs: ConvKnobs,
    device: L1Device,
    mm_conv: bool,
) -> L1Decisions:
    """The DRAM path (semantics.md §8.4): the slice config (given, or the fewest slices that
    fit the budget), the first slice's output and the shard spec TT-NN gives its input, and
    the core split and channel alignment its weights are prepared for."""
    config = params.conv_config
    attribute = Conv2dSliceAttribute(geometry, config.shard_layout, knobs, device)
    decision = decide_slices(attribute, params.slice_config)
    out_hw = first_slice_end(geometry.out_hw, decision, knobs.output_layout, "conv2d_slice_config")
    first = slice_memory_config(geometry, (0, 0), out_hw, config.shard_layout, knobs, device)
    spec = first.input_shard
    sliced = decision.num_slices > 1
    split = spec.split
    # Observed on TT-NN 0.81.1: a sliced conv aligns its input channels to the slice's shard
    # width when BLOCK sharded; HEIGHT keeps the unsliced rule (32 for a TILE input), although
    # the slice's shard spec itself is 8-aligned.
    alignment = input_channels_alignment(
        spec.layout,
        params.input_layout,
        sliced and spec.layout == TensorMemoryLayout.BLOCK_SHARDED,
        mm_conv,
        spec.shard_shape[1],
    )
    if config.reshard_if_not_optimal:
        # TT-NN splits the slice again from the device grid with conv_config.shard_layout
        # (check_reshard_shard_layout made sure it is set) and aligns to that new spec.
        assert config.shard_layout is not None
        split, alignment = resplit(
            params, geometry, out_hw, config.shard_layout, spec.shard_shape[1], sliced, mm_conv
        )
    return L1Decisions(
        device,
        geometry,
        knobs,
        slicing=decision,
        slice_auto_shard=first.auto_shard,
        slice_shard=spec,
        slice_output_size=out_hw,
        slice_split=split,
        slice_alignment=alignment,
    )


def resplit(
    params: Conv2dParameters,
    geometry: ConvGeometry,
    output_size: tuple[int, int],
    layout: TensorMemoryLayout,
    shard_width: int | None,
    sliced: bool,
    mm_conv: bool,
) -> tuple[CoreSplit, int]:
    """`reshard_if_not_optimal` on an input TT-NN has sharded (the user's, or a DRAM slice's):
    TT-NN splits the conv again from the device grid (channels aligned to the old shard
    width), shards the input for that split, and aligns the weights to the new shard width
    (TT-NN's `setup_conv_prep_config`). Returns (the new split, the weights' alignment)."""
    config = params.conv_config
    orientation = (
        ShardOrientation.COL_MAJOR if config.transpose_shards else ShardOrientation.ROW_MAJOR
    )
    (kh, kw), (sh, sw), (dh, dw) = geometry.kernel, geometry.stride, geometry.dilation
    in_hw = geometry.in_hw
    if output_size != geometry.out_hw:
        # a slice: the input rows / columns its output reads
        if output_size[0] != geometry.out_hw[0]:
            rows = (output_size[0] - 1) * sh + (kh - 1) * (dh - 1) + kh - geometry.padding[0]
            in_hw = (rows, in_hw[1])
        else:
            cols = (output_size[1] - 1) * sw + (kw - 1) * (dw - 1) + kw - geometry.padding[2]
            in_hw = (in_hw[0], cols)
    first = input_channels_alignment(layout, params.input_layout, sliced, mm_conv, shard_width)
    split = determine_parallel_config(
        layout,
        geometry.batch,
        geometry.in_channels,
        output_size[0],
        output_size[1],
        geometry.out_channels,
        first,
        params.grid,
        orientation,
        not mm_conv,
        config.act_block_h_override,
    )
    again = determine_input_memory_config(
        layout,
        orientation,
        geometry.batch,
        in_hw,
        geometry.in_channels,
        output_size,
        geometry.out_channels,
        mm_conv,
        params.grid,
        params.input_layout,
        sliced,
        split,
        config.act_block_h_override,
    )
    alignment = input_channels_alignment(
        layout, params.input_layout, False, mm_conv, again.shard_shape[1]
    )
    return split, alignment


# ------------------------------------------------------------------------------------------
# The whole resolution
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConvWeightsPlan:
    """Every fact of semantics.md §3.3–3.5 for one conv, in the order the decomposition applies it.

    Weight pipeline: OIHW `params.weight` → grouped expansion (`groups_expand`) or 1D
    depthwise expansion (`depthwise_act_block_h_ntiles`) → kernel-stride fold
    (`fold_stride`) → `expanded_weight_shape` → zero-pad to `padded_weight_shape` → the
    `layout_kind` helper → `physical_shape`, cast to `weights_dtype`."""

    params: Conv2dParameters
    """The parameters as given."""
    weights_dtype: DataType
    """Step 1: dtype of the prepared weight and bias."""
    fold_stride: tuple[int, int] | None
    """Step 3: (sH, sW) when the weight is kernel-stride folded, else None."""
    folded: Conv2dParameters
    """The conv after folding (== params when not folded)."""
    mm_conv: bool
    """Step 2 (step 3's value when folded)."""
    auto_shard: bool
    """Step 4: non-sharded input and no conv_config.shard_layout."""
    groups_expand: int | None
    """The groups of the grouped expansion (§3.6.5), None when there is none."""
    depthwise_1d: bool
    """Step 10: a 1D depthwise conv (uses §3.6.6 instead of the grouped expansion)."""
    depthwise_act_block_h_ntiles: int | None
    """act_block_h_ntiles of the depthwise expansion, None unless depthwise_1d."""
    layout_kind: WeightLayoutKind
    """Step 10: the final layout helper."""
    shard_layout: TensorMemoryLayout
    """Step 5."""
    input_channels_alignment: int
    """Step 6: the alignment the channels are padded to (§3.3a: for a resharded input that of
    an interleaved input; its core split used the shard width's)."""
    orientation: ShardOrientation
    """Step 7: shard orientation (BLOCK: the sharded input's, else COL_MAJOR iff
    transpose_shards)."""
    input_cores_channels: int
    """Step 7: n_c_in."""
    output_cores_channels: int
    """Step 7: n_c_out."""
    nhw_cores: int
    """Step 7: cores along N·OH·OW."""
    output_height: int
    output_width: int
    """(OH, OW) of the folded conv."""
    out_nhw_ntiles: int
    """ceil(N·OH·OW / 32)."""
    act_block_h_ntiles: int
    """Activation block height in tiles (TT-NN's block config)."""
    out_width_ntiles: int
    """Per-core output width in tiles, Cout_pad / (32·n_c_out)."""
    padded_in_channels: int
    """Input channels of the weight entering the final layout helper, after padding (for
    interleaved MM: unpadded)."""
    padded_out_channels: int
    """Step 8's Cout_pad = round_up(Cout, 32·n_c_out), on every path: the bias is padded from
    it (TT-NN's `prepare_conv_bias_internal` pads with the output parallel config even for the
    interleaved-MM weight, whose own columns are round_up(Cout, 32))."""
    act_block_w: int | None
    """Step 9: rows of one weight block (None for interleaved MM)."""
    weight_block_h_ntiles: int | None
    """block_h of the special-padding / tiled helper: act_block_w/32, or
    act_block_h_ntiles·KW for 1D depthwise (None for interleaved MM)."""
    weight_block_w_ntiles: int
    """block_w of the special-padding / tiled helper and the bias: semantics.md §3.5's width."""
    enable_activation_reuse: bool
    """Whether the special-padding layout is laid out for activation reuse (the config's
    flag, off for a 1D depthwise conv)."""
    full_inner_dim: bool
    """Whether a block-sharded weight block covers the whole kernel window."""
    out_subblock_h_ntiles: int
    """semantics.md §3.5's sub-block height (informative)."""
    expanded_weight_shape: tuple[int, int, int, int]
    """OIHW after grouping / depthwise expansion / folding, before channel padding."""
    padded_weight_shape: tuple[int, int, int, int]
    """OIHW after zero-padding (step 8); == expanded_weight_shape for interleaved MM."""
    logical_shape: tuple[int, int, int, int]
    """Step 11: (1, 1, Cin_eff·KH·KW, Cout)."""
    physical_shape: tuple[int, int, int, int]
    """Step 11: (1, 1, rows, cols) of the chosen layout."""
    weight_map: WeightMatrixMap
    """Where the layout puts each element of the padded weight (semantics.md §3.6)."""
    l1: L1Decisions
    """TT-NN's L1-model decisions for this conv (auto shard, DRAM slicing) with the L1
    estimates behind them (semantics.md §8; `conv_l1_report` says them)."""
    bias_logical_shape: tuple[int, int, int, int]
    """§3.4: (1, 1, 1, Cout)."""
    bias_physical_shape: tuple[int, int, int, int]
    """§3.4: (1, 1, 32, round_up(Cout_pad, 32·weight_block_w))."""


@lru_cache(maxsize=512)
def resolve_conv_weights(params: Conv2dParameters) -> ConvWeightsPlan:
    """semantics.md §3.3 steps 1–11 with §3.4 and §3.5: the whole preparation of one conv's weight
    and bias. Raises `ConvConfigError` for any invalid parameter or combination."""
    params = normalize_parameters(params)
    validate_parameters(params)
    config = params.conv_config
    weights_dtype = resolve_weights_dtype(params)

    # Steps 2–3: matmul conv, kernel-stride folding.
    mm_conv = is_mm_conv(params)
    fold = resolve_kernel_stride_folding(params)
    if fold:
        folded = fold_parameters(params)
        mm_conv = tuple(params.kernel_size) == tuple(params.stride)
        fold_stride: tuple[int, int] | None = (params.stride[0], params.stride[1])
    else:
        folded = params
        fold_stride = None
    # The weight's 1D depthwise expansion: the original weight, the folded input height.
    depthwise = is_depthwise_1d(replace(params, input_height=folded.input_height))

    # (OH, OW) of the conv TT-NN blocks: the folded conv keeps the original padding on
    # TT-NN's prepare path (setup_conv_prep_config).
    memory = params.input_memory_config
    oh, ow = output_image_size(replace(folded, padding=params.padding))
    if oh < 1 or ow < 1:
        raise ConvConfigError(f"output image of the kernel-stride folded conv is empty: {oh}x{ow}")
    dram_conv = runs_as_dram_conv(params)
    auto_shard = not memory.is_sharded and config.shard_layout is None
    check_reshard_shard_layout(params, dram_conv, mm_conv)
    if dram_conv and folded is not params:
        check_folded_matmul_on_dram_path(params, folded)

    # Steps 4–7: where TT-NN decides by itself (its L1 model: auto sharding, DRAM slicing),
    # then sharding, alignment, core split (computed for every path: the block sizes and the
    # bias width need them even for the interleaved-MM layout).
    knobs = l1_knobs(params, weights_dtype)
    l1 = resolve_l1_decisions(params, folded, (oh, ow), mm_conv, weights_dtype, knobs)
    interleaved = mm_conv and (auto_shard or dram_conv)
    split: CoreSplit | None = l1.slice_split
    if split is not None:
        # The DRAM path: TT-NN prepares the weights of one slice, whose input it shards itself.
        shard_layout = split.layout
        alignment = pad_alignment = l1.slice_alignment or TILE_SIZE
        assert l1.slice_output_size is not None
        oh, ow = l1.slice_output_size
    else:
        if l1.auto_shard is not None:
            shard_layout = l1.auto_shard.layout
        else:
            shard_layout = resolve_shard_layout(params)
        alignment = resolve_input_channels_alignment(
            shard_layout, params.input_layout, memory, mm_conv
        )
        pad_alignment = alignment
        if memory.is_sharded and not params.reads_input_shard_spec:
            # An input already sharded that TT-NN reshards (reshard_if_not_optimal): it splits
            # the conv again from the device grid and pads the channels to its new shards.
            split, pad_alignment = resplit(
                params,
                l1_geometry(params, folded, (oh, ow), mm_conv),
                (oh, ow),
                shard_layout,
                memory.shard_shape[1] if memory.shard_shape is not None else None,
                False,
                mm_conv,
            )
    orientation = resolve_orientation(params) if split is None else split.orientation
    parallel = resolve_parallel_config(
        shard_layout,
        batch_size=folded.batch_size,
        in_channels=folded.in_channels,
        out_channels=folded.out_channels,
        output_height=oh,
        output_width=ow,
        input_channels_alignment=alignment,
        grid=params.grid,
        orientation=orientation,
        mm_conv=mm_conv,
        act_block_h_override=config.act_block_h_override,
        input_shard_grid=memory.shard_grid if params.reads_input_shard_spec else None,
        input_split=split,
    )
    nhw = folded.batch_size * oh * ow

    # Step 8 for the conv (the activation side), then TT-NN's block config for the conv's
    # core splits: activation block height, weight block height, sub-block (semantics.md §3.5).
    conv_in_padded = round_up(folded.in_channels, parallel.input_cores_channels * pad_alignment)
    cout = params.out_channels
    out_padded = round_up(cout, parallel.output_cores_channels * TILE_SIZE)
    blocking = conv_blocking(
        parallel.input_split,
        parallel.output_split,
        conv_in_padded,
        cout,
        folded.batch_size,
        (oh, ow),
        (folded.kernel_size[0], folded.kernel_size[1]),
        knobs,
    )
    act_block_h_ntiles = blocking.act_block_h_ntiles
    out_width_ntiles = blocking.per_core_out_w_ntiles
    subblock_h, subblock_w = blocking.out_subblock_h_ntiles, blocking.out_subblock_w_ntiles

    # Weight expansion: grouped or 1D depthwise, then folding.
    o, kh, kw = cout, params.kernel_size[0], params.kernel_size[1]
    groups_expand = params.groups if params.groups > 1 and not depthwise else None
    depthwise_ntiles = act_block_h_ntiles if depthwise else None
    if depthwise:
        expanded = depthwise_1d_shape((o, 1, kh, kw), act_block_h_ntiles)
    else:
        expanded = (o, params.in_channels, kh, kw)
    if fold_stride is not None:
        expanded = fold_kernel_stride_shape(expanded, fold_stride)
    _, cin_eff, kh_eff, kw_eff = expanded
    logical = (1, 1, cin_eff * kh_eff * kw_eff, cout)

    # Steps 8–10 for the weight: padding, block height, layout. A 1D depthwise weight is
    # never laid out for activation reuse (its taps are already spread over the rows).
    reuse = config.enable_activation_reuse and not depthwise
    if interleaved:
        kind = WeightLayoutKind.INTERLEAVED_MM
        padded_in = cin_eff
        padded_shape = expanded
        act_block_w: int | None = None
        block_h: int | None = None
        matrix = interleaved_mm_map(o, cin_eff, kh_eff, kw_eff)
    else:
        padded_in = round_up(cin_eff, parallel.input_cores_channels * pad_alignment)
        padded_shape = (out_padded, padded_in, kh_eff, kw_eff)
        if shard_layout == TensorMemoryLayout.WIDTH_SHARDED and not depthwise:
            check_weight_block(blocking, conv_in_padded, folded.kernel_size, knobs)
        act_block_w = blocking.act_block_w_ntiles * TILE_SIZE
        if not depthwise:
            block_h = act_block_w // TILE_SIZE
        elif shard_layout == TensorMemoryLayout.HEIGHT_SHARDED:
            # TT-NN 0.81.1: the whole expanded (and folded) 1D depthwise column is one block,
            # act_block_h_ntiles·KW tiles (times the fold stride when folded).
            block_h = cin_eff * kh_eff * kw_eff // TILE_SIZE
        else:
            # TT-NN 0.81.1 lays a width_sharded 1D depthwise weight out in blocks of
            # act_block_h_ntiles tiles (a block_sharded one does not use the block height).
            block_h = act_block_h_ntiles
        if shard_layout == TensorMemoryLayout.HEIGHT_SHARDED:
            kind = WeightLayoutKind.SPECIAL_PADDING
            matrix = special_padding_map(
                out_padded, padded_in, kh_eff, kw_eff, block_h, subblock_w, reuse
            )
        elif shard_layout == TensorMemoryLayout.WIDTH_SHARDED:
            kind = WeightLayoutKind.TILED
            matrix = tiled_map(out_padded, padded_in, kh_eff, kw_eff, block_h, subblock_w)
        else:
            kind = WeightLayoutKind.BLOCK_SHARDED
            matrix = block_sharded_map(
                out_padded,
                padded_in,
                kh_eff,
                kw_eff,
                parallel.input_cores_channels,
                parallel.output_cores_channels,
                config.full_inner_dim,
            )

    plan = ConvWeightsPlan(
        params=params,
        weights_dtype=weights_dtype,
        fold_stride=fold_stride,
        folded=folded,
        mm_conv=mm_conv,
        auto_shard=auto_shard,
        groups_expand=groups_expand,
        depthwise_1d=depthwise,
        depthwise_act_block_h_ntiles=depthwise_ntiles,
        layout_kind=kind,
        shard_layout=shard_layout,
        input_channels_alignment=pad_alignment,
        orientation=parallel.orientation,
        input_cores_channels=parallel.input_cores_channels,
        output_cores_channels=parallel.output_cores_channels,
        nhw_cores=parallel.nhw_cores,
        output_height=oh,
        output_width=ow,
        out_nhw_ntiles=ceil_div(nhw, TILE_SIZE),
        act_block_h_ntiles=act_block_h_ntiles,
        out_width_ntiles=out_width_ntiles,
        padded_in_channels=padded_in,
        padded_out_channels=out_padded,
        act_block_w=act_block_w,
        weight_block_h_ntiles=block_h,
        weight_block_w_ntiles=subblock_w,
        enable_activation_reuse=reuse,
        full_inner_dim=config.full_inner_dim,
        out_subblock_h_ntiles=subblock_h,
        expanded_weight_shape=expanded,
        padded_weight_shape=padded_shape,
        logical_shape=logical,
        physical_shape=(1, 1, matrix.rows, matrix.cols),
        weight_map=matrix,
        bias_logical_shape=(1, 1, 1, cout),
        bias_physical_shape=bias_physical_shape(out_padded, subblock_w),
        l1=l1,
    )
    _check_i32_sizes(plan)
    return plan


def resolve_conv_bias(params: Conv2dParameters) -> ConvWeightsPlan:
    """The preparation of a conv's bias (semantics.md §3.4): TT-NN 0.81.1's `prepare_conv_bias`
    needs `conv_config.weights_dtype` and does not pass its slice config on, then resolves the
    conv as its weight's preparation does (the bias is padded from that plan)."""
    check_bias_weights_dtype(params)
    return resolve_conv_weights(replace(params, slice_config=None))


_I32_SIZES = (
    "input_channels_alignment",
    "input_cores_channels",
    "output_cores_channels",
    "nhw_cores",
    "act_block_h_ntiles",
    "depthwise_act_block_h_ntiles",
    "padded_in_channels",
    "padded_out_channels",
    "act_block_w",
    "weight_block_h_ntiles",
    "weight_block_w_ntiles",
)
"""The plan's counts the decomposition writes as i32 properties and facts."""


def _check_i32_sizes(plan: ConvWeightsPlan) -> None:
    """Refuse a conv whose plan holds a count (or a prepared matrix extent) beyond i32: the
    IR could not record it. Raises ConvNotModelledError naming the count."""
    sizes = [(name, getattr(plan, name)) for name in _I32_SIZES]
    sizes += [("prepared weight's rows", plan.physical_shape[2])]
    sizes += [("prepared weight's columns", plan.physical_shape[3])]
    for name, value in sizes:
        if value is not None and value > INT32_MAX:
            raise ConvNotModelledError(
                f"the conv is too large for the IR's i32 sizes: its {name} would be {value} "
                f"> {INT32_MAX}"
            )

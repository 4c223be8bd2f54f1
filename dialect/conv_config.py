"""The resolution of `ttnn.prepare_conv_weights` / `prepare_conv_bias` (SPEC §3.3–3.6).

Plain Python, no IR: the dialect's verifier uses it to infer result types and the
`ttnn-decompose` pass uses it to emit one layout op per step, so every intermediate fact that
the pass needs is a field of `ConvWeightsPlan`.

Entry points:
- `validate_parameters(params)` — SPEC §3.2's checks of the conv parameters.
- `resolve_conv_weights(params) -> ConvWeightsPlan` — SPEC §3.3 steps 1–11, §3.4, §3.5.
- the small helpers below, each one rule of the SPEC, usable (and tested) alone.

Every invalid combination raises `ConvConfigError` (a `ValueError`) whose message is a plain
sentence naming the parameter and its value; the dialect prefixes it with the op.

Where SPEC leaves a detail open, the choice follows TT-NN's source (conv2d_utils.cpp and
prepare_conv2d_weights.cpp); docs/conv-vs-tt-metal.md records each one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

TILE_SIZE = 32
"""Rows and columns of a tile (TILE_HEIGHT == TILE_WIDTH == 32)."""

L1_ALIGNMENT_CHANNELS = 8
"""Channel alignment of a row-major, non-sharded input: TT-NN's `hal::get_l1_alignment() / 2`
(16-byte L1 alignment over 2-byte bfloat16 sticks) on Wormhole and Blackhole."""


class ConvConfigError(ValueError):
    """An invalid conv parameter or combination; the message names the parameter and value."""


# ------------------------------------------------------------------------------------------
# Enums (the dialect imports these)
# ------------------------------------------------------------------------------------------


class DataType(StrEnum):
    """A TT-NN element data type, spelled as in the IR (`f32`, `bf16`, `bfp8_b`)."""

    FLOAT32 = "f32"
    BFLOAT16 = "bf16"
    BFLOAT8_B = "bfp8_b"


class Layout(StrEnum):
    """A TT-NN tensor layout."""

    ROW_MAJOR = "row_major"
    TILE = "tile"


class TensorMemoryLayout(StrEnum):
    """How a tensor is spread over the cores' L1 (or DRAM banks)."""

    INTERLEAVED = "interleaved"
    HEIGHT_SHARDED = "height_sharded"
    WIDTH_SHARDED = "width_sharded"
    BLOCK_SHARDED = "block_sharded"


class BufferType(StrEnum):
    """Where a device tensor lives."""

    DRAM = "dram"
    L1 = "l1"


class ShardOrientation(StrEnum):
    """Order in which shards are assigned to the cores of a grid."""

    ROW_MAJOR = "row_major"
    COL_MAJOR = "col_major"


class WeightLayoutKind(StrEnum):
    """The final weight layout helper of SPEC §3.6 chosen by step 10."""

    INTERLEAVED_MM = "interleaved_mm"
    SPECIAL_PADDING = "special_padding"
    TILED = "tiled"
    BLOCK_SHARDED = "block_sharded"


# ------------------------------------------------------------------------------------------
# Parameters
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InputMemoryConfig:
    """The memory config of the conv's input activation (SPEC §3.1 `input_memory_config`).

    `shard_shape` is (height, width) of one shard, `shard_grid` the (x, y) extent of the
    shard grid; both only for a sharded layout."""

    buffer_type: BufferType
    memory_layout: TensorMemoryLayout
    shard_shape: tuple[int, int] | None = None
    shard_grid: tuple[int, int] | None = None
    shard_orientation: ShardOrientation = ShardOrientation.ROW_MAJOR

    @property
    def is_sharded(self) -> bool:
        """Whether the layout is one of the three sharded layouts."""
        return self.memory_layout != TensorMemoryLayout.INTERLEAVED

    @property
    def is_dram(self) -> bool:
        """Whether the input lives in DRAM."""
        return self.buffer_type == BufferType.DRAM


@dataclass(frozen=True)
class Conv2dConfig:
    """The fields of TT-NN's Conv2dConfig that change the prepared weights (SPEC §3.1)."""

    weights_dtype: DataType | None = None
    shard_layout: TensorMemoryLayout | None = None
    act_block_h_override: int = 0
    act_block_w_div: int = 1
    transpose_shards: bool = False
    full_inner_dim: bool = False
    enable_activation_reuse: bool = False
    enable_kernel_stride_folding: bool | None = None


@dataclass(frozen=True)
class Conv2dParameters:
    """Everything the resolution reads: the conv of SPEC §3.1 plus the device grid (x, y).

    `padding` is (top, bottom, left, right); use `expand_padding` for a 2-value padding.
    `weight_dtype` is the dtype of the host OIHW weight (f32 or bf16)."""

    in_channels: int
    out_channels: int
    batch_size: int
    input_height: int
    input_width: int
    kernel_size: tuple[int, int]
    stride: tuple[int, int]
    padding: tuple[int, int, int, int]
    dilation: tuple[int, int]
    groups: int
    has_bias: bool
    weight_dtype: DataType
    input_layout: Layout
    input_memory_config: InputMemoryConfig
    conv_config: Conv2dConfig = field(default_factory=Conv2dConfig)
    fp32_dest_acc_en: bool = False
    grid: tuple[int, int] = (8, 8)


# ------------------------------------------------------------------------------------------
# Arithmetic helpers (SPEC §3.3 step 7)
# ------------------------------------------------------------------------------------------


def round_up(value: int, multiple: int) -> int:
    """The smallest multiple of `multiple` that is ≥ `value` (TT-NN's `tt::round_up`)."""
    if multiple < 1:
        raise ConvConfigError(f"round_up needs a positive multiple, got {multiple}")
    return -(-value // multiple) * multiple


def ceil_div(value: int, divisor: int) -> int:
    """`value / divisor` rounded up (TT-NN's `tt::div_up`)."""
    if divisor < 1:
        raise ConvConfigError(f"ceil_div needs a positive divisor, got {divisor}")
    return -(-value // divisor)


def largest_divisor(n: int, start: int) -> int:
    """The largest d ≤ `start` dividing `n` (SPEC `largest_divisor`; TT-NN's
    `find_closest_largest_divisor(num, start_divisor)`)."""
    d = start
    while d > 1 and n % d:
        d -= 1
    return max(d, 1)


def find_divisor_with_padding(n: int, start: int) -> int:
    """The largest d ≤ `start` such that padding `n` up to a multiple of d adds less than one
    share `p // d` (SPEC `with_padding`; TT-NN's
    `find_closest_largest_divisor_with_num_padding(num, start_divisor)`)."""
    d = start
    p = round_up(n, d)
    while d > 1 and p - n >= p // d:
        d -= 1
        p = round_up(n, d)
    return d


with_padding = find_divisor_with_padding
"""SPEC's name for `find_divisor_with_padding`."""


def find_divisor_with_padding_and_multiple(n: int, start: int, mult: int) -> int:
    """Like `find_divisor_with_padding`, but pads `n` to a multiple of d·`mult` (SPEC
    `with_padding_and_mult`; TT-NN's `find_closest_largest_divisor_with_num_padding_and_mult`).
    Used for the NHW cores, with mult = act_block_h_override in tiles."""
    d = start
    p = round_up(n, d * mult)
    while p - n >= p // d and d > 1:
        d -= 1
        p = round_up(n, d * mult)
    return d


def common_divisor(a: int, b: int, start: int) -> int:
    """The largest d ≤ `start` dividing both `a` and `b` (SPEC `common_divisor`; TT-NN's
    `find_closest_largest_divisor(num1, num2, start_divisor)`)."""
    d = start
    while d > 1 and (a % d or b % d):
        d -= 1
    return max(d, 1)


# ------------------------------------------------------------------------------------------
# Conv geometry
# ------------------------------------------------------------------------------------------


def expand_padding(padding: Sequence[int]) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) from SPEC §3.1's padding: [pad_h, pad_w] pads both sides
    (TT-NN's `get_pair_n4_padding`), four values are taken as they are."""
    values = tuple(int(v) for v in padding)
    if len(values) == 2:
        return (values[0], values[0], values[1], values[1])
    if len(values) == 4:
        return (values[0], values[1], values[2], values[3])
    raise ConvConfigError(
        f"expected padding to have 2 or 4 non-negative values, got {_fmt_list(values)}"
    )


def output_image_size(params: Conv2dParameters) -> tuple[int, int]:
    """(OH, OW) = ((H + pt + pb − dH·(KH − 1) − 1) // sH + 1, likewise W) (SPEC §3.2),
    clamped at 0 when the dilated kernel does not fit the padded input."""
    top, bottom, left, right = params.padding
    oh = _output_extent(
        params.input_height,
        top + bottom,
        params.kernel_size[0],
        params.stride[0],
        params.dilation[0],
    )
    ow = _output_extent(
        params.input_width,
        left + right,
        params.kernel_size[1],
        params.stride[1],
        params.dilation[1],
    )
    return oh, ow


def _output_extent(size: int, pad: int, kernel: int, stride: int, dilation: int) -> int:
    span = size + pad - dilation * (kernel - 1) - 1
    return span // stride + 1 if span >= 0 else 0


# ------------------------------------------------------------------------------------------
# Validation (SPEC §3.2, parameter checks)
# ------------------------------------------------------------------------------------------


def validate_parameters(params: Conv2dParameters) -> None:
    """SPEC §3.2's checks of the conv parameters (not of the weight/bias tensors).

    Raises `ConvConfigError` with a plain sentence naming the parameter and its value."""
    for name in ("in_channels", "out_channels", "batch_size", "input_height", "input_width"):
        value = getattr(params, name)
        if value < 1:
            raise ConvConfigError(f"expected {name} to be at least 1, got {value}")
    if params.groups < 1:
        raise ConvConfigError(f"expected groups to be at least 1, got {params.groups}")
    for name in ("in_channels", "out_channels"):
        value = getattr(params, name)
        if value % params.groups:
            raise ConvConfigError(f"groups {params.groups} does not divide {name} {value}")
    for name in ("kernel_size", "stride", "dilation"):
        values = tuple(getattr(params, name))
        if len(values) != 2 or min(values) < 1:
            raise ConvConfigError(
                f"expected {name} to have 2 positive values, got {_fmt_list(values)}"
            )
    padding = tuple(params.padding)
    if len(padding) not in (2, 4) or min(padding) < 0:
        raise ConvConfigError(
            f"expected padding to have 2 or 4 non-negative values, got {_fmt_list(padding)}"
        )
    top, bottom, left, right = expand_padding(padding)
    params = replace(params, padding=(top, bottom, left, right))
    oh, ow = output_image_size(params)
    if oh < 1:
        raise ConvConfigError(
            f"output image is empty: OH = {oh} (input_height {params.input_height}, "
            f"padding {top}+{bottom}, dilation {params.dilation[0]}, "
            f"kernel {params.kernel_size[0]}, stride {params.stride[0]})"
        )
    if ow < 1:
        raise ConvConfigError(
            f"output image is empty: OW = {ow} (input_width {params.input_width}, "
            f"padding {left}+{right}, dilation {params.dilation[1]}, "
            f"kernel {params.kernel_size[1]}, stride {params.stride[1]})"
        )

    if params.weight_dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
        raise ConvConfigError(
            f"expected the weight dtype to be f32 or bf16, got {params.weight_dtype}"
        )
    weights_dtype = params.conv_config.weights_dtype
    if weights_dtype is not None and weights_dtype not in tuple(DataType):
        raise ConvConfigError(
            f"expected conv_config.weights_dtype to be f32, bf16 or bfp8_b, got {weights_dtype}"
        )
    memory = params.input_memory_config
    if not memory.is_sharded and (memory.shard_shape is not None or memory.shard_grid is not None):
        raise ConvConfigError(
            "a sharded input_memory_config needs a shard layout (height_sharded, "
            f"width_sharded or block_sharded), got {memory.memory_layout} with a shard spec"
        )
    if len(params.grid) != 2 or min(params.grid) < 1:
        raise ConvConfigError(
            f"expected the device grid to have 2 positive values, got {_fmt_list(params.grid)}"
        )
    config = params.conv_config
    if config.act_block_h_override < 0 or config.act_block_h_override % TILE_SIZE:
        raise ConvConfigError(
            "expected conv_config.act_block_h_override to be a non-negative multiple of 32, "
            f"got {config.act_block_h_override}"
        )
    if config.act_block_w_div < 1:
        raise ConvConfigError(
            f"expected conv_config.act_block_w_div to be at least 1, got {config.act_block_w_div}"
        )


# ------------------------------------------------------------------------------------------
# Resolution steps (SPEC §3.3)
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


def is_depthwise_1d(params: Conv2dParameters) -> bool:
    """Step 10: a 1D depthwise conv — groups > 1, groups == Cin == Cout, KH == 1,
    input_height == 1 and no bias (TT-NN 0.81.1's `is_1d_depthwise_conv`, which ignores KW).
    Such a conv uses the depthwise layout (§3.6.6) instead of the grouped expansion."""
    return (
        params.groups > 1
        and params.groups == params.in_channels == params.out_channels
        and params.kernel_size[0] == 1
        and params.input_height == 1
        and not params.has_bias
    )


def resolve_shard_layout(params: Conv2dParameters) -> TensorMemoryLayout:
    """Step 5: `conv_config.shard_layout`, else the sharded input's layout, else
    HEIGHT_SHARDED (SPEC's documented stand-in for TT-NN's L1-usage model)."""
    if params.conv_config.shard_layout is not None:
        layout = params.conv_config.shard_layout
        if layout == TensorMemoryLayout.INTERLEAVED:
            raise ConvConfigError(
                "expected conv_config.shard_layout to be height_sharded, width_sharded or "
                "block_sharded, got interleaved"
            )
        return layout
    if params.input_memory_config.is_sharded:
        return params.input_memory_config.memory_layout
    return TensorMemoryLayout.HEIGHT_SHARDED


def resolve_input_channels_alignment(
    shard_layout: TensorMemoryLayout,
    input_layout: Layout,
    input_memory_config: InputMemoryConfig,
    mm_conv: bool,
) -> int:
    """Step 6 (TT-NN's `get_input_channels_alignment`, no DRAM slicing): 32, except for a
    ROW_MAJOR input of a conv that is neither width-sharded nor a matmul conv: a sharded
    input's shard width w gives 32 if w%32 == 0, 16 if w%16 == 0, 8 if w%8 == 0, else 32; a
    non-sharded input gives 8."""
    if (
        mm_conv
        or shard_layout == TensorMemoryLayout.WIDTH_SHARDED
        or input_layout != Layout.ROW_MAJOR
    ):
        return TILE_SIZE
    if not input_memory_config.is_sharded:
        return L1_ALIGNMENT_CHANNELS
    if input_memory_config.shard_shape is None:
        raise ConvConfigError(
            f"a sharded ROW_MAJOR input ({input_memory_config.memory_layout}) needs "
            "input_memory_config.shard_shape: its shard width sets the channel alignment"
        )
    width = input_memory_config.shard_shape[1]
    for alignment in (32, 16, 8):
        if width % alignment == 0:
            return alignment
    return TILE_SIZE


@dataclass(frozen=True)
class ParallelConfig:
    """Step 7's core split: channel cores of the input and of the output, NHW cores, and
    the shard orientation (ROW_MAJOR for HEIGHT and WIDTH)."""

    shard_layout: TensorMemoryLayout
    input_cores_channels: int
    output_cores_channels: int
    nhw_cores: int
    orientation: ShardOrientation


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
) -> ParallelConfig:
    """Step 7 (TT-NN's `determine_parallel_config` + `determine_output_parallel_config`).

    `orientation` only matters for BLOCK (ROW_MAJOR: channels along grid.x, NHW along
    grid.y; COL_MAJOR the other way). Channel padding is off for an mm_conv, whose output
    keeps the input's split."""
    grid_x, grid_y = grid
    cores = grid_x * grid_y
    out_nhw_ntiles = ceil_div(batch_size * output_height * output_width, TILE_SIZE)
    abh = act_block_h_override // TILE_SIZE if act_block_h_override else 1
    cout_ntiles = ceil_div(out_channels, TILE_SIZE)
    if shard_layout == TensorMemoryLayout.HEIGHT_SHARDED:
        nhw = find_divisor_with_padding_and_multiple(out_nhw_ntiles, cores, abh)
        return ParallelConfig(shard_layout, 1, 1, nhw, ShardOrientation.ROW_MAJOR)
    if shard_layout == TensorMemoryLayout.WIDTH_SHARDED:
        cin_ntiles = ceil_div(in_channels, TILE_SIZE)
        if mm_conv:
            c_in = largest_divisor(cin_ntiles, cores)
            c_out = c_in
        else:
            c_in = find_divisor_with_padding(cin_ntiles, cores)
            c_out = find_divisor_with_padding(cout_ntiles, cores)
        return ParallelConfig(shard_layout, c_in, c_out, 1, ShardOrientation.ROW_MAJOR)
    if shard_layout == TensorMemoryLayout.BLOCK_SHARDED:
        col_major = orientation == ShardOrientation.COL_MAJOR
        channel_axis, nhw_axis = (grid_y, grid_x) if col_major else (grid_x, grid_y)
        cin_blocks = ceil_div(in_channels, input_channels_alignment)
        nhw = find_divisor_with_padding_and_multiple(out_nhw_ntiles, nhw_axis, abh)
        if mm_conv:
            c_in = common_divisor(cout_ntiles, cin_blocks, channel_axis)
            c_out = c_in
        else:
            c_in = find_divisor_with_padding(cin_blocks, channel_axis)
            c_out = find_divisor_with_padding(cout_ntiles, channel_axis)
        return ParallelConfig(shard_layout, c_in, c_out, nhw, orientation)
    raise ConvConfigError(
        "expected the shard layout to be height_sharded, width_sharded or block_sharded, "
        f"got {shard_layout}"
    )


def output_shard_height(shard_layout: TensorMemoryLayout, nhw: int, nhw_cores: int) -> int:
    """Rows of one core's output shard: NHW padded to nhw_cores·32 and split (HEIGHT,
    BLOCK), or all NHW rows unpadded (WIDTH) — TT-NN's
    `create_sharded_memory_config_from_parallel_config`."""
    if shard_layout == TensorMemoryLayout.WIDTH_SHARDED:
        return nhw
    return round_up(nhw, nhw_cores * TILE_SIZE) // nhw_cores


def resolve_act_block_h_ntiles(shard_height: int, act_block_h_override: int = 0) -> int:
    """The activation block height in tiles (TT-NN's `determine_per_core_conv_block_config`):
    the whole output shard, ceil(shard_height/32) tiles; with an override of k tiles, k if it
    divides the shard's tiles (shard_height // 32), else the largest divisor of those below k."""
    ntiles = ceil_div(shard_height, TILE_SIZE)
    if act_block_h_override > 0:
        override = act_block_h_override // TILE_SIZE
        padded_ntiles = shard_height // TILE_SIZE
        if padded_ntiles % override == 0:
            return override
        return largest_divisor(padded_ntiles, override)
    return ntiles


def resolve_weight_block_height(
    shard_layout: TensorMemoryLayout,
    padded_in_channels: int,
    kernel_size: tuple[int, int],
    input_cores_channels: int,
    *,
    act_block_w_div: int = 1,
    full_inner_dim: bool = False,
    enable_activation_reuse: bool = False,
    depthwise_1d: bool = False,
) -> int:
    """Step 9: `act_block_w`, the rows of one weight block.

    HEIGHT: round_up(Cin_pad·KW, 32); round_up(Cin_pad·KH·KW, 32) with activation reuse;
    round_up(Cin_pad, 32) for 1D depthwise. BLOCK: round_up(Cin_pad/n_c_in·KW·(KH if
    full_inner_dim), 32). WIDTH: Cin_pad·KH·KW/(n_c_in·act_block_w_div), which must divide
    evenly and be a whole number of tiles."""
    kh, kw = kernel_size
    if shard_layout == TensorMemoryLayout.HEIGHT_SHARDED:
        if depthwise_1d:
            return round_up(padded_in_channels, TILE_SIZE)
        if enable_activation_reuse:
            return round_up(padded_in_channels * kh * kw, TILE_SIZE)
        return round_up(padded_in_channels * kw, TILE_SIZE)
    if shard_layout == TensorMemoryLayout.BLOCK_SHARDED:
        per_core = padded_in_channels // input_cores_channels
        return round_up(per_core * kw * (kh if full_inner_dim else 1), TILE_SIZE)
    if shard_layout == TensorMemoryLayout.WIDTH_SHARDED:
        inner = padded_in_channels * kh * kw
        parts = input_cores_channels * act_block_w_div
        if inner % parts:
            raise ConvConfigError(
                f"WIDTH_SHARDED needs in_channels_padded·KH·KW = {inner} divisible by input "
                f"cores {input_cores_channels} × act_block_w_div {act_block_w_div}"
            )
        rows = inner // parts
        if rows % TILE_SIZE:
            raise ConvConfigError(
                f"WIDTH_SHARDED needs act_block_w = in_channels_padded·KH·KW / (input cores "
                f"× act_block_w_div) = {inner}/{parts} = {rows} to be a multiple of 32 "
                f"(act_block_w_div {act_block_w_div})"
            )
        return rows
    raise ConvConfigError(
        "expected the shard layout to be height_sharded, width_sharded or block_sharded, "
        f"got {shard_layout}"
    )


SUBBLOCK_CANDIDATES: tuple[tuple[int, int], ...] = (
    (2, 4), (4, 2), (1, 8), (8, 1), (1, 7), (7, 1), (2, 3), (3, 2), (1, 6), (6, 1),
    (1, 5), (5, 1), (2, 2), (1, 4), (4, 1), (1, 3), (3, 1), (1, 2), (2, 1), (1, 1),
)  # fmt: skip
"""SPEC §3.5's (h, w) candidates, in order (TT-NN's `determine_largest_subblock_size`)."""


def resolve_out_subblock(
    act_block_h_ntiles: int, out_width_ntiles: int, fp32_dest_acc_en: bool = False
) -> tuple[int, int]:
    """SPEC §3.5: the first (h, w) with h | act_block_h_ntiles and w | out_width_ntiles,
    skipping w != out_width_ntiles with h != 1, and h·w > 4 under fp32_dest_acc_en."""
    for h, w in SUBBLOCK_CANDIDATES:
        if fp32_dest_acc_en and h * w > 4:
            continue
        if act_block_h_ntiles % h or out_width_ntiles % w:
            continue
        if w != out_width_ntiles and h != 1:
            continue
        return h, w
    raise ConvConfigError(
        f"no output sub-block fits a {act_block_h_ntiles}x{out_width_ntiles} tile block "
        f"(fp32_dest_acc_en {fp32_dest_acc_en})"
    )


def resolve_out_subblock_width(
    act_block_h_ntiles: int, out_width_ntiles: int, fp32_dest_acc_en: bool = False
) -> int:
    """SPEC §3.5's sub-block width `weight_block_w` (what TT-NN passes as block_w to the
    special-padding and tiled helpers and uses for the bias width)."""
    return resolve_out_subblock(act_block_h_ntiles, out_width_ntiles, fp32_dest_acc_en)[1]


# ------------------------------------------------------------------------------------------
# Layout geometry (SPEC §3.6): physical [rows, cols] of each layout, reshaping helpers
# ------------------------------------------------------------------------------------------


def interleaved_mm_shape(
    out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
) -> tuple[int, int]:
    """§3.6.1: rows = round_up(KH·KW·I, 32), cols = round_up(O, 32)."""
    return (
        round_up(kernel_height * kernel_width * in_channels, TILE_SIZE),
        round_up(out_channels, TILE_SIZE),
    )


def special_padding_shape(
    out_channels: int,
    in_channels: int,
    kernel_height: int,
    kernel_width: int,
    block_h: int,
    block_w: int,
    activation_reuse: bool = False,
) -> tuple[int, int]:
    """§3.6.2: BH = block_h·32, cols = round_up(O, block_w·32); rows = BH·KH, or BH with
    activation reuse. BH must hold I·KW (I·KH·KW with reuse) rows."""
    block_rows = block_h * TILE_SIZE
    needed = in_channels * kernel_width * (kernel_height if activation_reuse else 1)
    if needed > block_rows:
        what = "I·KH·KW" if activation_reuse else "I·KW"
        raise ConvConfigError(
            f"special padding needs block_h·32 = {block_rows} to hold {what} = {needed}"
        )
    rows = block_rows if activation_reuse else block_rows * kernel_height
    return rows, round_up(out_channels, block_w * TILE_SIZE)


def tiled_shape(
    out_channels: int,
    in_channels: int,
    kernel_height: int,
    kernel_width: int,
    block_h: int,
    block_w: int,
) -> tuple[int, int]:
    """§3.6.3: rows = round_up(I·KH·KW, block_h·32), cols = round_up(O, block_w·32)."""
    return (
        round_up(in_channels * kernel_height * kernel_width, block_h * TILE_SIZE),
        round_up(out_channels, block_w * TILE_SIZE),
    )


def block_sharded_shape(
    out_channels: int,
    in_channels: int,
    kernel_height: int,
    kernel_width: int,
    in_shards: int,
    out_shards: int,
    full_inner_dim: bool = False,
) -> tuple[int, int]:
    """§3.6.4: ow = O/out_shards, owp = round_up(ow, 32), cols = owp·out_shards if ow < owp
    else O; iw = I/in_shards, BHP = round_up(iw·KH·KW, 32) (full_inner_dim) or
    round_up(iw·KW, 32)·KH; rows = BHP·in_shards if iw·KH·KW < BHP else I·KH·KW."""
    if in_shards < 1 or in_channels % in_shards:
        raise ConvConfigError(
            f"block sharded layout needs in_shards {in_shards} to divide the {in_channels} "
            "input channels"
        )
    if out_shards < 1 or out_channels % out_shards:
        raise ConvConfigError(
            f"block sharded layout needs out_shards {out_shards} to divide the "
            f"{out_channels} output channels"
        )
    ow = out_channels // out_shards
    owp = round_up(ow, TILE_SIZE)
    cols = owp * out_shards if ow < owp else out_channels
    iw = in_channels // in_shards
    block_rows = block_sharded_block_height(iw, kernel_height, kernel_width, full_inner_dim)
    inner = iw * kernel_height * kernel_width
    rows = (
        block_rows * in_shards if inner < block_rows else in_channels * kernel_height * kernel_width
    )
    return rows, cols


def block_sharded_block_height(
    shard_in_channels: int, kernel_height: int, kernel_width: int, full_inner_dim: bool
) -> int:
    """§3.6.4's BHP, the padded rows of one input-channel shard: round_up(iw·KH·KW, 32) with
    full_inner_dim, else round_up(iw·KW, 32)·KH (each kernel row padded to a tile)."""
    if full_inner_dim:
        return round_up(shard_in_channels * kernel_height * kernel_width, TILE_SIZE)
    return round_up(shard_in_channels * kernel_width, TILE_SIZE) * kernel_height


def grouped_shape(shape: Sequence[int], groups: int) -> tuple[int, int, int, int]:
    """§3.6.5: [O, I/g, KH, KW] → [O, I, KH, KW] (block-diagonal); g must divide O."""
    o, i_per_group, kh, kw = _shape4(shape)
    if groups < 1 or o % groups:
        raise ConvConfigError(f"grouped layout needs groups {groups} to divide O = {o}")
    return (o, i_per_group * groups, kh, kw)


def depthwise_1d_shape(shape: Sequence[int], act_block_h_ntiles: int) -> tuple[int, int, int, int]:
    """§3.6.6: [O, 1, KH, KW] → [O, KH·KW·act_block_h_ntiles·32, 1, 1]."""
    o, i, kh, kw = _shape4(shape)
    if i != 1:
        raise ConvConfigError(f"depthwise layout needs a [O, 1, KH, KW] weight, got I = {i}")
    if act_block_h_ntiles < 1:
        raise ConvConfigError(
            f"depthwise layout needs act_block_h_ntiles ≥ 1, got {act_block_h_ntiles}"
        )
    return (o, kh * kw * act_block_h_ntiles * TILE_SIZE, 1, 1)


def fold_kernel_stride_shape(
    shape: Sequence[int], stride: tuple[int, int]
) -> tuple[int, int, int, int]:
    """§3.6.7: [O, I, KH, KW] → [O, I·sH·sW, ceil(KH/sH), ceil(KW/sW)]."""
    o, i, kh, kw = _shape4(shape)
    sh, sw = stride
    if sh < 1 or sw < 1:
        raise ConvConfigError(
            f"kernel-stride fold needs a positive stride, got {_fmt_list(stride)}"
        )
    return (o, i * sh * sw, ceil_div(kh, sh), ceil_div(kw, sw))


def bias_physical_shape(
    out_channels_padded: int, weight_block_w_ntiles: int
) -> tuple[int, int, int, int]:
    """§3.4: [1, 1, 32, round_up(Cout_pad, 32·weight_block_w)]."""
    return (1, 1, TILE_SIZE, round_up(out_channels_padded, TILE_SIZE * weight_block_w_ntiles))


def _shape4(shape: Sequence[int]) -> tuple[int, int, int, int]:
    values = tuple(int(v) for v in shape)
    if len(values) != 4:
        raise ConvConfigError(f"expected an OIHW shape of 4 values, got {_fmt_list(values)}")
    return (values[0], values[1], values[2], values[3])


def _fmt_list(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


# ------------------------------------------------------------------------------------------
# The whole resolution
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConvWeightsPlan:
    """Every fact of SPEC §3.3–3.5 for one conv, in the order the decomposition applies it.

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
    """Step 6."""
    orientation: ShardOrientation
    """Step 7: shard orientation (BLOCK: COL_MAJOR iff transpose_shards)."""
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
    """Step 8's Cout_pad (interleaved MM: round_up(Cout, 32)); the bias is padded from it."""
    act_block_w: int | None
    """Step 9: rows of one weight block (None for interleaved MM)."""
    weight_block_h_ntiles: int | None
    """block_h of the special-padding / tiled helper: act_block_w/32, or
    act_block_h_ntiles·KW for 1D depthwise (None for interleaved MM)."""
    weight_block_w_ntiles: int
    """block_w of the special-padding / tiled helper and the bias: SPEC §3.5's width."""
    out_subblock_h_ntiles: int
    """SPEC §3.5's sub-block height (informative)."""
    expanded_weight_shape: tuple[int, int, int, int]
    """OIHW after grouping / depthwise expansion / folding, before channel padding."""
    padded_weight_shape: tuple[int, int, int, int]
    """OIHW after zero-padding (step 8); == expanded_weight_shape for interleaved MM."""
    logical_shape: tuple[int, int, int, int]
    """Step 11: (1, 1, Cin_eff·KH·KW, Cout)."""
    physical_shape: tuple[int, int, int, int]
    """Step 11: (1, 1, rows, cols) of the chosen layout."""
    bias_logical_shape: tuple[int, int, int, int]
    """§3.4: (1, 1, 1, Cout)."""
    bias_physical_shape: tuple[int, int, int, int]
    """§3.4: (1, 1, 32, round_up(Cout_pad, 32·weight_block_w))."""

    @property
    def in_channels_padded(self) -> int:
        """Alias of `padded_in_channels` (TT-NN's spelling)."""
        return self.padded_in_channels

    @property
    def out_channels_padded(self) -> int:
        """Alias of `padded_out_channels` (TT-NN's spelling)."""
        return self.padded_out_channels


def resolve_conv_weights(params: Conv2dParameters) -> ConvWeightsPlan:
    """SPEC §3.3 steps 1–11 with §3.4 and §3.5: the whole preparation of one conv's weight
    and bias. Raises `ConvConfigError` for any invalid parameter or combination."""
    validate_parameters(params)
    params = replace(params, padding=expand_padding(params.padding))
    config = params.conv_config
    weights_dtype = resolve_weights_dtype(params)

    # Steps 2–3: matmul conv, kernel-stride folding.
    mm_conv = is_mm_conv(params)
    fold = resolve_kernel_stride_folding(params)
    depthwise = is_depthwise_1d(params)
    if fold and depthwise:
        raise ConvConfigError(
            "kernel-stride folding is not supported for a 1D depthwise conv "
            f"(groups {params.groups}, kernel {_fmt_list(params.kernel_size)}, "
            f"stride {_fmt_list(params.stride)})"
        )
    if fold:
        folded = fold_parameters(params)
        mm_conv = tuple(params.kernel_size) == tuple(params.stride)
        fold_stride: tuple[int, int] | None = (params.stride[0], params.stride[1])
    else:
        folded = params
        fold_stride = None

    # Step 4–7: sharding, alignment, core split (computed for every path: the block sizes
    # and the bias width need them even for the interleaved-MM layout).
    memory = params.input_memory_config
    auto_shard = not memory.is_sharded and config.shard_layout is None
    interleaved = mm_conv and (auto_shard or memory.is_dram)
    shard_layout = resolve_shard_layout(params)
    if depthwise and shard_layout != TensorMemoryLayout.HEIGHT_SHARDED:
        raise ConvConfigError(
            f"a 1D depthwise conv (groups {params.groups}) supports only height_sharded, "
            f"got {shard_layout}"
        )
    alignment = resolve_input_channels_alignment(shard_layout, params.input_layout, memory, mm_conv)
    oh, ow = output_image_size(folded)
    if oh < 1 or ow < 1:
        raise ConvConfigError(f"output image of the kernel-stride folded conv is empty: {oh}x{ow}")
    orientation = (
        ShardOrientation.COL_MAJOR if config.transpose_shards else ShardOrientation.ROW_MAJOR
    )
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
    )
    nhw = folded.batch_size * oh * ow

    # Step 8 for the conv (the activation side): channel padding.
    conv_in_padded = round_up(folded.in_channels, parallel.input_cores_channels * alignment)
    cout = params.out_channels
    out_padded = round_up(cout, parallel.output_cores_channels * TILE_SIZE)

    # Block config: activation block height, sub-block width (SPEC §3.5).
    shard_height = output_shard_height(shard_layout, nhw, parallel.nhw_cores)
    act_block_h_ntiles = resolve_act_block_h_ntiles(shard_height, config.act_block_h_override)
    if act_block_h_ntiles < 1:
        raise ConvConfigError(
            f"activation block height is 0 tiles (output shard height {shard_height}, "
            f"act_block_h_override {config.act_block_h_override})"
        )
    if shard_layout == TensorMemoryLayout.HEIGHT_SHARDED and config.enable_activation_reuse:
        ow_ntiles = ceil_div(ow, TILE_SIZE)
        if act_block_h_ntiles <= ow_ntiles:
            raise ConvConfigError(
                f"enable_activation_reuse needs act_block_h_ntiles {act_block_h_ntiles} "
                f"greater than the output width in tiles {ow_ntiles} (output width {ow})"
            )
    out_width_ntiles = out_padded // (parallel.output_cores_channels * TILE_SIZE)
    subblock_h, subblock_w = resolve_out_subblock(
        act_block_h_ntiles, out_width_ntiles, params.fp32_dest_acc_en
    )

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

    # Steps 8–10 for the weight: padding, block height, layout.
    if interleaved:
        kind = WeightLayoutKind.INTERLEAVED_MM
        padded_in = cin_eff
        padded_out = round_up(cout, TILE_SIZE)
        padded_shape = expanded
        act_block_w: int | None = None
        block_h: int | None = None
        rows, cols = interleaved_mm_shape(o, cin_eff, kh_eff, kw_eff)
    else:
        padded_in = round_up(cin_eff, parallel.input_cores_channels * alignment)
        padded_out = out_padded
        padded_shape = (padded_out, padded_in, kh_eff, kw_eff)
        act_block_w = resolve_weight_block_height(
            shard_layout,
            conv_in_padded,
            folded.kernel_size,
            parallel.input_cores_channels,
            act_block_w_div=config.act_block_w_div,
            full_inner_dim=config.full_inner_dim,
            enable_activation_reuse=config.enable_activation_reuse,
            depthwise_1d=depthwise,
        )
        block_h = act_block_h_ntiles * kw if depthwise else act_block_w // TILE_SIZE
        if shard_layout == TensorMemoryLayout.HEIGHT_SHARDED:
            kind = WeightLayoutKind.SPECIAL_PADDING
            reuse = config.enable_activation_reuse and not depthwise
            rows, cols = special_padding_shape(
                padded_out, padded_in, kh_eff, kw_eff, block_h, subblock_w, reuse
            )
        elif shard_layout == TensorMemoryLayout.WIDTH_SHARDED:
            kind = WeightLayoutKind.TILED
            rows, cols = tiled_shape(padded_out, padded_in, kh_eff, kw_eff, block_h, subblock_w)
        else:
            kind = WeightLayoutKind.BLOCK_SHARDED
            rows, cols = block_sharded_shape(
                padded_out,
                padded_in,
                kh_eff,
                kw_eff,
                parallel.input_cores_channels,
                parallel.output_cores_channels,
                config.full_inner_dim,
            )

    return ConvWeightsPlan(
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
        input_channels_alignment=alignment,
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
        padded_out_channels=padded_out,
        act_block_w=act_block_w,
        weight_block_h_ntiles=block_h,
        weight_block_w_ntiles=subblock_w,
        out_subblock_h_ntiles=subblock_h,
        expanded_weight_shape=expanded,
        padded_weight_shape=padded_shape,
        logical_shape=logical,
        physical_shape=(1, 1, rows, cols),
        bias_logical_shape=(1, 1, 1, cout),
        bias_physical_shape=bias_physical_shape(padded_out, subblock_w),
    )


__all__ = [
    "L1_ALIGNMENT_CHANNELS",
    "SUBBLOCK_CANDIDATES",
    "TILE_SIZE",
    "BufferType",
    "Conv2dConfig",
    "Conv2dParameters",
    "ConvConfigError",
    "ConvWeightsPlan",
    "InputMemoryConfig",
    "ParallelConfig",
    "ShardOrientation",
    "TensorMemoryLayout",
    "WeightLayoutKind",
    "bias_physical_shape",
    "block_sharded_block_height",
    "block_sharded_shape",
    "ceil_div",
    "common_divisor",
    "depthwise_1d_shape",
    "expand_padding",
    "find_divisor_with_padding",
    "find_divisor_with_padding_and_multiple",
    "fold_kernel_stride_shape",
    "fold_parameters",
    "grouped_shape",
    "interleaved_mm_shape",
    "is_depthwise_1d",
    "is_mm_conv",
    "largest_divisor",
    "output_image_size",
    "output_shard_height",
    "resolve_act_block_h_ntiles",
    "resolve_conv_weights",
    "resolve_input_channels_alignment",
    "resolve_kernel_stride_folding",
    "resolve_out_subblock",
    "resolve_out_subblock_width",
    "resolve_parallel_config",
    "resolve_shard_layout",
    "resolve_weight_block_height",
    "resolve_weights_dtype",
    "special_padding_shape",
    "tiled_shape",
    "validate_parameters",
    "with_padding",
]

"""How TT-NN 0.81.1 configures a conv op: the core split of its input and output (TT-NN's
ParallelConfig, `CoreSplit`), the shard specs it gives an input, the channel alignment, and the
block config (activation and weight block heights, output sub-block). The weight preparation
(`conv_resolution`) lays the weight out for this configuration and the L1 estimate
(`conv_l1_model`) sizes the op's buffers from it: one home for each of these rules.

Pure Python, no IR; the rules are TT-NN's (conv2d_utils.cpp), checked against TT-NN 0.81.1
(docs/conv-vs-tt-metal.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.divisors import (
    common_divisor,
    find_divisor_with_padding,
    find_divisor_with_padding_and_multiple,
    largest_divisor,
)
from ttnn_xdsl.core.enums import DataType, Layout, ShardOrientation, TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div, round_up

HEIGHT = TensorMemoryLayout.HEIGHT_SHARDED
WIDTH = TensorMemoryLayout.WIDTH_SHARDED
BLOCK = TensorMemoryLayout.BLOCK_SHARDED

# ------------------------------------------------------------------------------------------
# Core splits (TT-NN's ParallelConfig) and shard specs
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CoreSplit:
    """A TT-NN ParallelConfig: the sharding scheme, its orientation and core grid. HEIGHT and
    WIDTH grids are `num_cores` cores laid row by row over the device grid; BLOCK grids are a
    `cores_x × cores_y` rectangle."""

    layout: TensorMemoryLayout
    orientation: ShardOrientation
    cores_x: int
    cores_y: int
    num_cores: int

    @classmethod
    def row_wise(cls, layout: TensorMemoryLayout, cores: int, grid: tuple[int, int]) -> CoreSplit:
        """`num_cores_to_corerangeset(cores, grid, row_wise=True)`: full rows of grid.x."""
        return cls(
            layout, ShardOrientation.ROW_MAJOR, min(cores, grid[0]), ceil_div(cores, grid[0]), cores
        )

    @classmethod
    def block(cls, orientation: ShardOrientation, nhw_cores: int, channel_cores: int) -> CoreSplit:
        col = orientation == ShardOrientation.COL_MAJOR
        x, y = (nhw_cores, channel_cores) if col else (channel_cores, nhw_cores)
        return cls(BLOCK, orientation, x, y, x * y)

    @property
    def nhw(self) -> int:
        """Cores along the N·H·W rows (TT-NN's `get_num_cores_nhw`)."""
        if self.layout == WIDTH:
            return 1
        if self.layout == HEIGHT:
            return self.num_cores
        return self.cores_x if self.orientation == ShardOrientation.COL_MAJOR else self.cores_y

    @property
    def channels(self) -> int:
        """Cores along the channels (TT-NN's `get_num_cores_channels`)."""
        if self.layout == HEIGHT:
            return 1
        if self.layout == WIDTH:
            return self.num_cores
        return self.cores_y if self.orientation == ShardOrientation.COL_MAJOR else self.cores_x


@dataclass(frozen=True)
class ShardSpec:
    """A sharded L1 memory config: its core split and the (rows, columns) of one shard."""

    split: CoreSplit
    shard_shape: tuple[int, int]

    @property
    def layout(self) -> TensorMemoryLayout:
        return self.split.layout

    @property
    def grid_shape(self) -> tuple[int, int]:
        """The (x, y) extent of the shard grid's bounding box."""
        return (self.split.cores_x, self.split.cores_y)


L1_ALIGNMENT_CHANNELS = 8
"""Channel alignment of a row-major input with no shard spec: TT-NN's
`hal::get_l1_alignment() / 2` (16-byte L1 alignment over 2-byte bfloat16 sticks) on Wormhole and
Blackhole."""


def input_channels_alignment(
    layout: TensorMemoryLayout,
    input_layout: Layout,
    sliced: bool,
    mm_conv: bool,
    shard_width: int | None = None,
) -> int:
    """TT-NN's `get_input_channels_alignment`: 32, except for a conv that is neither a matmul
    nor WIDTH sharded whose input is ROW_MAJOR or processed in DRAM slices: then the width of
    the input's shard (32, 16 or 8 when it divides, else 32), or 8 (16-byte L1 alignment over
    2-byte elements) without a shard spec."""
    if mm_conv or layout == WIDTH or not (input_layout == Layout.ROW_MAJOR or sliced):
        return TILE_SIZE
    if shard_width is None:
        return L1_ALIGNMENT_CHANNELS
    for alignment in (32, 16, 8):
        if shard_width % alignment == 0:
            return alignment
    return TILE_SIZE


def determine_parallel_config(
    layout: TensorMemoryLayout,
    batch: int,
    in_channels: int,
    out_height: int,
    out_width: int,
    out_channels: int,
    alignment: int,
    grid: tuple[int, int],
    orientation: ShardOrientation,
    channels_padding: bool,
    act_block_h_override: int = 0,
) -> CoreSplit:
    """TT-NN's `determine_parallel_config` for a conv (tile-multiple shards)."""
    out_nhw_ntiles = ceil_div(batch * out_height * out_width, TILE_SIZE)
    out_c_ntiles = ceil_div(out_channels, TILE_SIZE)
    abh = act_block_h_override // TILE_SIZE if act_block_h_override else 1
    cores = grid[0] * grid[1]
    if layout == HEIGHT:
        nhw = find_divisor_with_padding_and_multiple(out_nhw_ntiles, cores, abh)
        return CoreSplit.row_wise(HEIGHT, nhw, grid)
    if layout == BLOCK:
        col = orientation == ShardOrientation.COL_MAJOR
        blocks = ceil_div(in_channels, alignment)
        nhw = find_divisor_with_padding_and_multiple(
            out_nhw_ntiles, grid[0] if col else grid[1], abh
        )
        start_c = grid[1] if col else grid[0]
        c = (
            find_divisor_with_padding(blocks, start_c)
            if channels_padding
            else common_divisor(out_c_ntiles, blocks, start_c)
        )
        return CoreSplit.block(orientation, nhw, c)
    if layout == WIDTH:
        cin_ntiles = ceil_div(in_channels, TILE_SIZE)
        c = (
            find_divisor_with_padding(cin_ntiles, cores)
            if channels_padding
            else largest_divisor(cin_ntiles, cores)
        )
        return CoreSplit.row_wise(WIDTH, c, grid)
    raise ConvConfigError(
        f"Conv2d supports Height, Block or Width Sharded Layouts but got {layout}"
    )


def output_compute_grid(
    grid: tuple[int, int], config: Conv2dConfig, input_split: CoreSplit
) -> tuple[int, int]:
    """TT-NN's `get_output_compute_grid_size`: the grid the output's cores are chosen from —
    the device's, or with `override_output_sharding_config` the size of `core_grid`'s bounding
    box (its origin dropped: the output's cores still start at (0, 0)), for a BLOCK conv whose
    NHW cores it keeps. Raises ConvConfigError with TT-NN's words otherwise."""
    if not config.override_output_sharding_config:
        return grid
    if config.core_grid is None:
        raise ConvConfigError(
            "When override_output_sharding_config is set to true, core_grid must have a value."
        )
    if input_split.layout != BLOCK:
        raise ConvConfigError(
            "Output sharding config override is only supported for BLOCK_SHARDED layout."
        )
    starts = [start for start, _ in config.core_grid]
    ends = [end for _, end in config.core_grid]
    x = max(end[0] for end in ends) - min(start[0] for start in starts) + 1
    y = max(end[1] for end in ends) - min(start[1] for start in starts) + 1
    if x > grid[0] or y > grid[1]:
        raise ConvConfigError(
            f"Invalid core grid override: {x}x{y} for device compute grid size: {grid[0]}x{grid[1]}"
        )
    nhw = x if input_split.orientation == ShardOrientation.COL_MAJOR else y
    if nhw != input_split.nhw:
        raise ConvConfigError(
            "NHW cores must match for input and output when overriding the grid size."
        )
    return (x, y)


def determine_output_parallel_config(
    split: CoreSplit, grid: tuple[int, int], out_channels: int, mm_conv: bool
) -> CoreSplit:
    """TT-NN's `determine_output_parallel_config`: a matmul conv and HEIGHT keep the input's
    split; WIDTH and BLOCK re-split the output channels (BLOCK keeps the input's NHW cores)."""
    if mm_conv:
        return split
    c_ntiles = ceil_div(out_channels, TILE_SIZE)
    if split.layout == WIDTH:
        return CoreSplit.row_wise(
            WIDTH, find_divisor_with_padding(c_ntiles, grid[0] * grid[1]), grid
        )
    if split.layout == BLOCK:
        col = split.orientation == ShardOrientation.COL_MAJOR
        c = find_divisor_with_padding(c_ntiles, grid[1] if col else grid[0])
        return CoreSplit.block(split.orientation, split.nhw, c)
    return split


def sharded_shape(
    rows: int, channels: int, split: CoreSplit, tile: int = TILE_SIZE
) -> tuple[int, int]:
    """One shard of a `[rows, channels]` matrix under `split` (TT-NN's
    `create_sharded_memory_config_from_parallel_config`): rows padded to nhw·tile (not for
    WIDTH) and split, channels split (they must divide)."""
    padded = rows if split.layout == WIDTH else round_up(rows, split.nhw * tile)
    if channels % split.channels:
        raise ConvConfigError(f"Channels: {channels}, num core channels: {split.channels}")
    return padded // split.nhw, channels // split.channels


def determine_input_memory_config(
    layout: TensorMemoryLayout,
    orientation: ShardOrientation,
    batch: int,
    in_hw: tuple[int, int],
    in_channels: int,
    out_hw: tuple[int, int],
    out_channels: int,
    mm_conv: bool,
    grid: tuple[int, int],
    input_layout: Layout,
    sliced: bool,
    split: CoreSplit | None = None,
    act_block_h_override: int = 0,
) -> ShardSpec:
    """TT-NN's `determine_input_memory_config`: the shard spec TT-NN gives a conv input (an
    input in DRAM slices, `sliced`, aligns its channels to 8 unless WIDTH or TILE-only)."""
    alignment = input_channels_alignment(layout, input_layout, sliced, mm_conv)
    if split is None:
        split = determine_parallel_config(
            layout,
            batch,
            in_channels,
            out_hw[0],
            out_hw[1],
            out_channels,
            alignment,
            grid,
            orientation,
            not mm_conv,
            act_block_h_override,
        )
    rows = batch * in_hw[0] * in_hw[1]
    snap = 1 if (layout == WIDTH and input_layout == Layout.ROW_MAJOR) else TILE_SIZE
    height = round_up(rows, split.nhw * snap)
    width = round_up(in_channels, split.channels * alignment)
    return ShardSpec(split, sharded_shape(height, width, split, snap))


# ------------------------------------------------------------------------------------------
# Block config (TT-NN's get_conv_configs / determine_per_core_conv_block_config)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConvBlocking:
    """The conv op's parallelization and block config (TT-NN's Conv2dParallelizationConfig +
    Conv2dBlockConfig) for one core split."""

    input_split: CoreSplit
    output_split: CoreSplit
    out_shard: tuple[int, int]
    per_core_out_h_ntiles: int
    per_core_out_w_ntiles: int
    act_block_h_ntiles: int
    act_block_w_ntiles: int
    out_subblock_h_ntiles: int
    out_subblock_w_ntiles: int


@dataclass(frozen=True)
class ConvKnobs:
    """What TT-NN's L1 model reads of a conv's configuration: its Conv2dConfig as given and
    what the resolution decides from it and the compute config (the weights' dtype, float32
    accumulation, the packer's L1 accumulation)."""

    config: Conv2dConfig = field(default_factory=Conv2dConfig)
    weights_dtype: DataType = DataType.BFLOAT16
    fp32_dest_acc_en: bool = False
    packer_l1_acc: bool = False


def is_1d_depthwise_conv(
    groups: int,
    in_channels: int,
    out_channels: int,
    kernel_height: int,
    input_height: int,
    has_bias: bool,
) -> bool:
    """TT-NN 0.81.1's `is_1d_depthwise_conv`: groups == Cin == Cout, KH == 1, input height 1
    and no bias (KW is not looked at; groups 1 qualifies too). Such a conv is auto-sharded
    HEIGHT only (`conv_l1_model.choose_auto_shard`); with groups > 1 its weight is expanded by
    the 1D depthwise layout (`conv_form.is_depthwise_1d`)."""
    return (
        groups == in_channels == out_channels
        and kernel_height == 1
        and input_height == 1
        and not has_bias
    )


def conv_blocking(
    input_split: CoreSplit,
    output_split: CoreSplit,
    in_channels_padded: int,
    out_channels: int,
    batch: int,
    out_hw: tuple[int, int],
    kernel: tuple[int, int],
    knobs: ConvKnobs,
) -> ConvBlocking:
    """TT-NN's `get_conv_configs`: the output shard, then `determine_per_core_conv_block_config`
    (with its activation-reuse check): the activation block height, the weight block height and
    the output sub-block. What only some of TT-NN's uses of it check is apart
    (`check_output_block`, `check_weight_block`)."""
    out_padded = round_up(out_channels, output_split.channels * TILE_SIZE)
    shard_h, shard_w = sharded_shape(batch * out_hw[0] * out_hw[1], out_padded, output_split)
    per_h = ceil_div(shard_h, TILE_SIZE)
    per_w = ceil_div(shard_w, TILE_SIZE)
    abh = resolve_act_block_h_ntiles(shard_h, knobs.config.act_block_h_override)
    layout = input_split.layout
    if layout == HEIGHT and knobs.config.enable_activation_reuse:
        ow_ntiles = ceil_div(out_hw[1], TILE_SIZE)
        if abh <= ow_ntiles:
            raise ConvConfigError(
                f"Activation reuse needs act block h ({abh}) to be bigger than output image "
                f"width in tiles ({ow_ntiles}) for the optimization to give boost"
            )
    abw = resolve_weight_block_height(
        layout,
        in_channels_padded,
        kernel,
        input_split.channels,
        act_block_w_div=knobs.config.act_block_w_div,
        full_inner_dim=knobs.config.full_inner_dim,
        enable_activation_reuse=knobs.config.enable_activation_reuse,
    )
    sub_h, sub_w = resolve_out_subblock(abh, per_w, knobs.fp32_dest_acc_en)
    return ConvBlocking(
        input_split,
        output_split,
        (shard_h, shard_w),
        per_h,
        per_w,
        abh,
        abw // TILE_SIZE,
        sub_h,
        sub_w,
    )


def check_output_block(blocking: ConvBlocking, knobs: ConvKnobs) -> None:
    """The activation block must not exceed a core's output shard: TT-NN 0.81.1 checks it
    when it sizes the conv's buffers (its L1 estimate), which an act_block_h_override larger
    than a small output shard fails."""
    abh, per_h = blocking.act_block_h_ntiles, blocking.per_core_out_h_ntiles
    if abh > per_h:
        raise ConvConfigError(
            f"act_block_h_override {knobs.config.act_block_h_override} makes an activation block "
            f"of {abh} tiles, more than a core's output shard of {per_h} tile(s) (TT-NN 0.81.1: "
            f'"Conv2d output block size {abh} exceeds the per-core output size {per_h}")'
        )


class WeightBlockCrash(ConvConfigError):
    """TT-NN 0.81.1 kills the process on this conv (an integer division by zero in a
    width_sharded weight block), which it meets after it has placed the conv's input and the
    input resharded (conv2d_decisions reads those first)."""


def check_weight_block(
    blocking: ConvBlocking, in_channels_padded: int, kernel: tuple[int, int], knobs: ConvKnobs
) -> None:
    """A width_sharded weight block of at least one tile: TT-NN 0.81.1 divides by its tiles
    (when it lays out a width_sharded weight, and when it sizes the conv's buffers), and an
    act_block_w_div that leaves less than one tile is an integer division by zero that kills
    the process."""
    if blocking.act_block_w_ntiles:
        return
    inner = in_channels_padded * kernel[0] * kernel[1]
    parts = blocking.input_split.channels * knobs.config.act_block_w_div
    raise WeightBlockCrash(
        f"TT-NN 0.81.1 crashes on this conv (integer divide by zero): its width_sharded weight "
        f"block act_block_w = in_channels_padded·KH·KW / (input cores × act_block_w_div) = "
        f"{inner}/{parts} is less than one tile of 32 rows (act_block_w_div "
        f"{knobs.config.act_block_w_div})"
    )


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
) -> int:
    """Step 9: `act_block_w`, the rows of one weight block.

    HEIGHT: round_up(Cin_pad·KW, 32); round_up(Cin_pad·KH·KW, 32) with activation reuse
    (TT-NN 0.81.1 takes the same for a 1D depthwise conv: a 1D depthwise weight's block height
    is set apart, `resolve_conv_weights`). BLOCK: round_up(Cin_pad/n_c_in·KW·(KH if
    full_inner_dim), 32). WIDTH: Cin_pad·KH·KW/(n_c_in·act_block_w_div) rounded down to whole
    tiles (TT-NN 0.81.1: 144 rows become 4 tiles), possibly 0 (`check_weight_block`)."""
    kh, kw = kernel_size
    if shard_layout == TensorMemoryLayout.HEIGHT_SHARDED:
        if enable_activation_reuse:
            return round_up(padded_in_channels * kh * kw, TILE_SIZE)
        return round_up(padded_in_channels * kw, TILE_SIZE)
    if shard_layout == TensorMemoryLayout.BLOCK_SHARDED:
        per_core = padded_in_channels // input_cores_channels
        return round_up(per_core * kw * (kh if full_inner_dim else 1), TILE_SIZE)
    if shard_layout == TensorMemoryLayout.WIDTH_SHARDED:
        # TT-NN takes the block in whole tiles (floor; 0 tiles is `check_weight_block`'s); the
        # tiled layout then rounds the rows up to whole blocks. It only debug-asserts
        # divisibility, so none is required.
        inner = padded_in_channels * kh * kw
        parts = input_cores_channels * act_block_w_div
        return inner // parts // TILE_SIZE * TILE_SIZE
    raise ConvConfigError(
        "expected the shard layout to be height_sharded, width_sharded or block_sharded, "
        f"got {shard_layout}"
    )


SUBBLOCK_CANDIDATES: tuple[tuple[int, int], ...] = (
    (2, 4), (4, 2), (1, 8), (8, 1), (1, 7), (7, 1), (2, 3), (3, 2), (1, 6), (6, 1),
    (1, 5), (5, 1), (2, 2), (1, 4), (4, 1), (1, 3), (3, 1), (1, 2), (2, 1), (1, 1),
)  # fmt: skip
"""semantics.md §3.5's (h, w) candidates, in order (TT-NN's `determine_largest_subblock_size`)."""


def resolve_out_subblock(
    act_block_h_ntiles: int, out_width_ntiles: int, fp32_dest_acc_en: bool = False
) -> tuple[int, int]:
    """semantics.md §3.5: the first (h, w) with h | act_block_h_ntiles and w | out_width_ntiles,
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

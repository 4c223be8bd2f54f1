"""TT-NN 0.81.1's estimate of the L1 memory a conv uses per core, and the two decisions it
drives when TT-NN is left to decide by itself (docs/semantics.md §8):

- **auto sharding** — an interleaved input with no `conv_config.shard_layout`: TT-NN estimates
  the L1 each of HEIGHT, BLOCK and WIDTH sharding would use and keeps the cheapest
  (TT-NN's `determine_conv_config_for_auto_shard` / `calculate_L1_usage_for_conv_op`);
- **DRAM slicing** — a conv on TT-NN's DRAM path is cut into slices of its output height or
  width, as few as fit the device's free L1 (`op_slicing::determine_slice_config` with the
  conv's `Conv2dSliceAttr`), and its weights are prepared for one slice; a conv_transpose2d's
  weight is sliced with its own attribute (`ConvT2DSliceAttr`: its slices' input rows,
  transposed padding, sharded input and estimate, semantics.md §7.4).

Pure Python, no IR. Every function is a rule written from TT-NN's source (conv2d_utils.cpp,
conv2d_op_program_factory_common.cpp, sliding_window.cpp, op_slicing.cpp, conv2d.cpp,
conv_transpose2d.cpp, prepare_conv2d_weights.cpp; docs/conv-vs-tt-metal.md says which) and
checked against TT-NN 0.81.1 on a mock device. The estimate is returned as plain data
(`ConvL1Usage`: circular buffers and tensors in bytes, against the budget), so it can be
printed.

The L1 budget is what TT-NN's allocator reports free in one L1 bank when nothing is allocated:
`worker_l1_size - l1_small_size`, where `worker_l1_size` defaults to the device's largest
unreserved worker L1 less 70656 bytes (Wormhole: 1463968 − 70656 = 1393312; Blackhole:
1531776 − 70656 = 1461120) and `l1_small_size` defaults to 0 (`ttnn.open_device` defaults);
the trace region lives in DRAM and does not count.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache

from ttnn_xdsl.conv.conv_op_config import (
    BLOCK,
    HEIGHT,
    WIDTH,
    ConvBlocking,
    ConvKnobs,
    CoreSplit,
    ShardSpec,
    check_output_block,
    check_weight_block,
    conv_blocking,
    determine_input_memory_config,
    determine_output_parallel_config,
    determine_parallel_config,
    input_channels_alignment,
    is_1d_depthwise_conv,
)
from ttnn_xdsl.conv.conv_parameters import output_extent, transposed_output_extent
from ttnn_xdsl.core.enums import (
    Conv2dSliceType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, bytes_per_tile, ceil_div, format_shape, round_up

# ------------------------------------------------------------------------------------------
# The device: architecture and L1 budget
# ------------------------------------------------------------------------------------------


class Arch(StrEnum):
    """The chip family; it selects a few numbers of the split-reader cost model."""

    WORMHOLE_B0 = "wormhole_b0"
    BLACKHOLE = "blackhole"


MAX_WORKER_L1_UNRESERVED = {Arch.WORMHOLE_B0: 1_463_968, Arch.BLACKHOLE: 1_531_776}
"""`ttnn.get_max_worker_l1_unreserved_size()` on each architecture (TT-NN 0.81.1, mock device)."""

DEFAULT_WORKER_L1_RESERVE = 70_656
"""What the default `worker_l1_size` of `ttnn.open_device` leaves out of the unreserved worker
L1 (measured: the L1 bank is 70656 bytes smaller than the unreserved size on both chips)."""


def default_l1_budget(arch: Arch, l1_small_size: int = 0, worker_l1_size: int = 0) -> int:
    """Free bytes per L1 bank right after `ttnn.open_device(l1_small_size=…, worker_l1_size=…)`
    (0 = TT-NN's default): `worker_l1_size − l1_small_size`, the default worker L1 being the
    chip's unreserved L1 less 70656 bytes. Wormhole N150 default: 1393312; Blackhole P150:
    1461120. `trace_region_size` is DRAM and does not change it."""
    worker = worker_l1_size or MAX_WORKER_L1_UNRESERVED[arch] - DEFAULT_WORKER_L1_RESERVE
    return worker - l1_small_size


def arch_of_grid(grid: tuple[int, int]) -> Arch:
    """The chip a compute grid belongs to: Wormhole grids are at most 8 wide, Blackhole's
    (13×10 on a P150, up to 14 columns) wider."""
    return Arch.BLACKHOLE if grid[0] > 8 else Arch.WORMHOLE_B0


@dataclass(frozen=True)
class L1Device:
    """What the L1 model needs of the device: compute grid (x, y), chip, free L1 per core."""

    grid: tuple[int, int] = (8, 8)
    arch: Arch = Arch.WORMHOLE_B0
    l1_budget: int = 1_393_312

    @classmethod
    def for_grid(cls, grid: tuple[int, int], l1_budget: int | None = None) -> L1Device:
        """The device of `grid` (its chip inferred), with TT-NN's default budget unless given."""
        arch = arch_of_grid(grid)
        return cls(tuple(grid), arch, default_l1_budget(arch) if l1_budget is None else l1_budget)


# ------------------------------------------------------------------------------------------
# Data formats
# ------------------------------------------------------------------------------------------


def halo_dtype(input_dtype: DataType) -> DataType:
    """The halo op's row-major output holds float32 inputs as float32, everything else as
    bfloat16: that is what the conv reads."""
    return DataType.FLOAT32 if input_dtype == DataType.FLOAT32 else DataType.BFLOAT16


def datum_bytes(dtype: DataType) -> int:
    return 4 if dtype == DataType.FLOAT32 else 2


# ------------------------------------------------------------------------------------------
# Circular buffers (TT-NN's get_cb_info / calculate_L1_usage)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CircularBuffer:
    """One circular buffer of the conv op, per core."""

    name: str
    pages: int
    page_bytes: int
    globally_allocated: bool = False

    @property
    def bytes(self) -> int:
        return self.pages * self.page_bytes


def _f32(value: float) -> float:
    """`value` rounded to float32. TT-NN's split-reader cost model computes in float32; one
    double-precision operation on float32 operands rounded to float32 is exactly the float32
    operation (binary64 has more than twice binary32's precision), so each step rounds."""
    return struct.unpack("f", struct.pack("f", value))[0]


def _noc_rate(size: int, threshold: int, lo: float, hi: float) -> float:
    """A clamped linear transfer rate in GB/s (TT-NN's empirical NOC tables), in float32."""
    min_size = 16  # the L1 alignment
    eff = min(max(size, min_size), threshold)
    slope = _f32(_f32(_f32(hi) - _f32(lo)) / _f32(threshold - min_size))
    return _f32(_f32(lo) + _f32(slope * _f32(eff - min_size)))


_LOCAL_L1 = {Arch.BLACKHOLE: (4096, 1.124, 80.48), Arch.WORMHOLE_B0: (1024, 0.868, 27.84)}
_DRAM = {Arch.BLACKHOLE: (2048, 0.671, 80.885), Arch.WORMHOLE_B0: (2048, 0.436, 28.411)}
_MCAST = {Arch.BLACKHOLE: (65536, 0.182, 57.677), Arch.WORMHOLE_B0: (65536, 0.318, 25.345)}
_F32_, _BF16_, _BFP8_ = DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B
_TILIZE_CYCLES = {
    Arch.BLACKHOLE: {
        _F32_: {_F32_: (132, 132), _BF16_: (132, 80), _BFP8_: (132, 77)},
        _BF16_: {_F32_: (105, 128), _BF16_: (72, 72), _BFP8_: (60, 60)},
    },
    Arch.WORMHOLE_B0: {
        _F32_: {_F32_: (107, 128), _BF16_: (74, 74), _BFP8_: (74, 70)},
        _BF16_: {_F32_: (92, 117), _BF16_: (61, 68), _BFP8_: (40, 43)},
    },
}
"""Cycles per tile of the tilize in TT-NN's split-reader cost model, by chip, halo dtype and
output dtype: (without, with fp32 accumulation)."""


def split_reader_supported(layout: TensorMemoryLayout, depthwise_1d: bool, abh: int) -> bool:
    return layout in (HEIGHT, BLOCK) and not depthwise_1d and abh > 1


def split_reader_viable(
    layout: TensorMemoryLayout,
    abh: int,
    in_channels_padded: int,
    kernel_w: int,
    arch: Arch,
    input_dtype: DataType,
    weights_block_ntiles: int,
    weights_tile_bytes: int,
    dilation_w: int,
    abw: int,
    fp32_accum: bool,
    output_dtype: DataType,
    act_reuse: bool,
) -> bool:
    """TT-NN's `is_split_reader_viable`: always for BLOCK or activation reuse; for HEIGHT,
    whether two activation readers reach the matmul sooner (a cycle estimate in float32)."""
    if layout == BLOCK or act_reuse:
        return True
    clock = _f32(1.35 if arch == Arch.BLACKHOLE else 1.0)
    elem = 4 if input_dtype == DataType.FLOAT32 else 2
    halo = halo_dtype(input_dtype)
    coalesced = kernel_w if dilation_w == 1 else 1
    unit = elem * in_channels_padded * coalesced
    act_bytes = elem * abh * TILE_SIZE * in_channels_padded * kernel_w
    act_cycles = _f32(_f32(clock * _f32(act_bytes)) / _noc_rate(unit, *_LOCAL_L1[arch]))
    w_bytes = weights_tile_bytes * weights_block_ntiles
    mcast = _noc_rate(w_bytes, *_MCAST[arch])
    dram = _noc_rate(weights_tile_bytes, *_DRAM[arch])
    per_byte = _f32(_f32(1.0 / dram) + _f32(1.0 / mcast))
    w_cycles = _f32(_f32(clock * _f32(w_bytes)) * per_byte)
    out = output_dtype if output_dtype in _TILIZE_CYCLES[arch][halo] else DataType.BFLOAT16
    tilize = _f32(_TILIZE_CYCLES[arch][halo][out][1 if fp32_accum else 0] * (abw * abh))
    split = _f32(_f32(act_cycles / 2) + max(w_cycles, tilize))
    return split < max(_f32(act_cycles + tilize), w_cycles)


def circular_buffers(
    blocking: ConvBlocking,
    weights_shape: tuple[int, int],
    kernel: tuple[int, int],
    dilation: tuple[int, int],
    knobs: ConvKnobs,
    input_dtype: DataType,
    output_dtype: DataType,
    out_width: int,
    has_bias: bool,
    depthwise_1d: bool,
    in_channels_padded: int,
    arch: Arch,
    act_shard: tuple[int, int] = (0, 0),
) -> list[CircularBuffer]:
    """TT-NN's `get_cb_info` for the conv op (the estimate passes no activation shard).
    `weights_shape` is the (rows, cols) of the weight matrix the estimate assumes. Raises what
    TT-NN's sizing checks refuse (`check_output_block`, `check_weight_block`)."""
    check_output_block(blocking, knobs)
    check_weight_block(blocking, in_channels_padded, kernel, knobs)
    layout = blocking.input_split.layout
    untilize_out = knobs.output_layout == Layout.ROW_MAJOR
    conv_in = halo_dtype(input_dtype)
    in_tile = bytes_per_tile(conv_in)
    w_tile = bytes_per_tile(knobs.weights_dtype)
    out_tile = bytes_per_tile(output_dtype)
    abh, abw = blocking.act_block_h_ntiles, blocking.act_block_w_ntiles
    per_h, per_w = blocking.per_core_out_h_ntiles, blocking.per_core_out_w_ntiles
    kh, kw = kernel
    padded_in = weights_shape[0] // (kh * kw)
    num_blocks_act_h = per_h // abh
    split = split_reader_supported(layout, depthwise_1d, abh) and (
        knobs.force_split_reader
        if knobs.force_split_reader is not None
        else split_reader_viable(
            layout,
            abh,
            in_channels_padded,
            kw,
            arch,
            input_dtype,
            per_w * abw,
            w_tile,
            dilation[1],
            abw,
            knobs.fp32_dest_acc_en,
            output_dtype,
            knobs.enable_activation_reuse,
        )
    )
    act_tiles, split_tiles = abh * abw, 0
    if split and not depthwise_1d:
        first, last = abh - abh // 2, abh // 2
        if knobs.enable_activation_reuse:
            act_tiles = _act_tiles_with_reuse(
                first, abw, out_width, padded_in, kernel, in_tile, input_dtype
            )
            split_tiles = _act_tiles_with_reuse(
                last, abw, out_width, padded_in, kernel, in_tile, input_dtype
            )
        else:
            act_tiles, split_tiles = first * abw, last * abw
    w_rows_ntiles = weights_shape[0] // TILE_SIZE
    w_cols_ntiles = weights_shape[1] // TILE_SIZE
    in0_blocks_w = w_rows_ntiles // abw
    if layout == BLOCK:
        in0_blocks_w *= w_cols_ntiles // per_w
    packer = knobs.packer_l1_acc and ((has_bias and in0_blocks_w > 1) or in0_blocks_w > 2)
    partial = (
        (DataType.FLOAT32 if knobs.fp32_dest_acc_en else DataType.BFLOAT16)
        if packer
        else output_dtype
    )
    cbs = []
    inner = abh * kw if depthwise_1d else abw
    w_pages = per_w * inner
    if layout == HEIGHT:
        if not knobs.enable_activation_reuse:
            if num_blocks_act_h > 1:
                w_pages *= kh
            elif knobs.enable_weights_double_buffer:
                w_pages *= 2
    elif knobs.enable_weights_double_buffer:
        w_pages *= 2
    cbs.append(CircularBuffer("WEIGHTS", w_pages, w_tile))
    cbs.append(
        CircularBuffer(
            "MATMUL_PARTIALS",
            1 if depthwise_1d else per_h * per_w,
            bytes_per_tile(partial),
            not untilize_out and partial == output_dtype and not depthwise_1d,
        )
    )
    overlap_im2col = layout == BLOCK and conv_in == output_dtype
    if knobs.enable_act_double_buffer:
        act_tiles *= 2
        split_tiles *= 2
    act_page = in_tile if layout == HEIGHT else out_tile
    cbs.append(
        CircularBuffer("ACT", act_tiles if layout == HEIGHT else act_tiles + split_tiles, act_page)
    )
    cbs.append(CircularBuffer("ACT_SECOND_READER", 0 if overlap_im2col else split_tiles, in_tile))
    cbs.append(CircularBuffer("TEMP_SUM", 1 if depthwise_1d else 0, out_tile))
    cbs.append(CircularBuffer("ACT_TILIZED", abh * abw, out_tile))
    cbs.append(CircularBuffer("BIAS", per_w if has_bias else 0, w_tile))
    rm_tiles = abw * 2 if layout == WIDTH else act_tiles if layout == BLOCK else 0
    cbs.append(CircularBuffer("ACT_ROW_MAJOR_BFLOAT16", 0 if overlap_im2col else rm_tiles, in_tile))
    cbs.append(CircularBuffer("OUT", per_h * per_w, out_tile, True))
    cbs.append(
        CircularBuffer("READER_INDICES", 1, per_h * TILE_SIZE * 2, not knobs.config_tensors_in_dram)
    )
    cbs.append(CircularBuffer("L1_ARRAY", 1, 64))
    cbs.append(
        CircularBuffer("ACT_SHARDED", act_shard[0], act_shard[1] * datum_bytes(conv_in), True)
    )
    return cbs


def _act_tiles_with_reuse(
    abh: int,
    abw: int,
    out_width: int,
    padded_in: int,
    kernel: tuple[int, int],
    in_tile: int,
    input_dtype: DataType,
) -> int:
    """TT-NN's `calculate_act_cb_size_with_reuse`."""
    width_tiles = ceil_div(out_width, TILE_SIZE)
    loops = math.ceil(_f32(_f32(abh) / _f32(width_tiles)))
    leftover = (TILE_SIZE - out_width % TILE_SIZE) % TILE_SIZE
    length = loops * padded_in * kernel[1] * (1 + leftover * kernel[0]) * datum_bytes(input_dtype)
    return width_tiles * abw + ceil_div(length, in_tile)


# ------------------------------------------------------------------------------------------
# Halo (sliding_window.cpp: the largest input window one core gathers)
# ------------------------------------------------------------------------------------------


def halo_max_sticks(
    batch: int,
    in_hw: tuple[int, int],
    kernel: tuple[int, int],
    stride: tuple[int, int],
    padding: tuple[int, int, int, int],
    dilation: tuple[int, int],
    nhw_cores: int,
) -> int:
    """The most input rows ("sticks", padding included) the halo gives one core: TT-NN's
    `generate_shard_boundaries` + `generate_max_out_nsticks_per_core` with tile-snapped
    output shards."""
    pt, pb, pl, pr = padding
    ph, pw = in_hw[0] + pt + pb, in_hw[1] + pl + pr
    oh = (ph - dilation[0] * (kernel[0] - 1) - 1) // stride[0] + 1
    ow = (pw - dilation[1] * (kernel[1] - 1) - 1) // stride[1] + 1
    total = batch * oh * ow
    shard = round_up(total, nhw_cores * TILE_SIZE) // nhw_cores
    span = (dilation[0] * (kernel[0] - 1)) * pw + dilation[1] * (kernel[1] - 1)

    def trace(i: int) -> int:
        b, r = divmod(i, oh * ow)
        h, w = divmod(r, ow)
        return b * ph * pw + h * stride[0] * pw + w * stride[1]

    best = 0
    start = 0
    for _ in range(nhw_cores):
        end = min(start + shard, total) - 1
        in_start = trace(min(start, total - 1))
        in_end = trace(end) + span
        if in_start == 0 and start != 0:
            in_start = trace(end) + 1
            in_end = in_start - 1
        best = max(best, (in_end - in_start + 1) & 0xFFFFFFFF)
        start = end + 1
    return best


# ------------------------------------------------------------------------------------------
# The whole estimate (TT-NN's calculate_L1_usage_for_conv_op)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConvGeometry:
    """The conv the estimate is made for (after folding; one slice on the DRAM path)."""

    batch: int
    in_channels: int
    out_channels: int
    in_hw: tuple[int, int]
    out_hw: tuple[int, int]
    kernel: tuple[int, int]
    stride: tuple[int, int]
    padding: tuple[int, int, int, int]
    dilation: tuple[int, int]
    groups: int
    has_bias: bool
    input_dtype: DataType
    output_dtype: DataType
    input_layout: Layout
    mm_conv: bool


@dataclass(frozen=True)
class ConvL1Usage:
    """TT-NN's L1 estimate of one shard layout, per core, in bytes."""

    layout: TensorMemoryLayout
    input_split: CoreSplit
    output_split: CoreSplit
    input_shard: tuple[int, int]
    blocking: ConvBlocking
    circular_buffers: tuple[CircularBuffer, ...]
    cb_bytes: int
    """Circular buffers TT-NN allocates (those not backed by a tensor)."""
    output_bytes: int
    """The output tensor's shard (the OUT circular buffer)."""
    halo_input_bytes: int
    """The sharded input before the halo."""
    halo_output_bytes: int
    """The halo's output: the largest input window of one core."""

    @property
    def core_count(self) -> int:
        return max(self.input_split.num_cores, self.output_split.num_cores)

    @property
    def total_bytes(self) -> int:
        """What the auto-shard choice compares: CBs + output + halo output."""
        return self.cb_bytes + self.output_bytes + self.halo_output_bytes

    @property
    def slice_bytes(self) -> int:
        """What DRAM slicing compares with the budget: the larger of the halo's
        input + output and the conv's total."""
        return max(self.halo_input_bytes + self.halo_output_bytes, self.total_bytes)

    def as_dict(self) -> dict:
        """Plain data, for printing."""
        return {
            "layout": self.layout.value,
            "input_grid": [self.input_split.cores_x, self.input_split.cores_y],
            "input_cores": self.input_split.num_cores,
            "output_cores": self.output_split.num_cores,
            "input_shard": list(self.input_shard),
            "act_block_h_ntiles": self.blocking.act_block_h_ntiles,
            "act_block_w_ntiles": self.blocking.act_block_w_ntiles,
            "circular_buffers": {
                cb.name: cb.bytes
                for cb in self.circular_buffers
                if cb.bytes and not cb.globally_allocated
            },
            "cb_bytes": self.cb_bytes,
            "output_bytes": self.output_bytes,
            "halo_input_bytes": self.halo_input_bytes,
            "halo_output_bytes": self.halo_output_bytes,
            "total_bytes": self.total_bytes,
        }


def conv_l1_usage(
    geometry: ConvGeometry,
    layout: TensorMemoryLayout,
    knobs: ConvKnobs,
    device: L1Device,
    input_shard: ShardSpec | None = None,
) -> ConvL1Usage:
    """TT-NN's `calculate_L1_usage_for_conv_op` for `layout` (the input split computed from the
    device grid, or taken from `input_shard`)."""
    g = geometry
    orientation = (
        ShardOrientation.COL_MAJOR if knobs.transpose_shards else ShardOrientation.ROW_MAJOR
    )
    depthwise = is_1d_depthwise_conv(
        g.groups, g.in_channels, g.out_channels, g.kernel[0], g.in_hw[0], g.has_bias
    )
    alignment = input_channels_alignment(layout, g.input_layout, False, g.mm_conv)
    kh, kw = g.kernel
    weights_shape = (
        round_up(g.in_channels, alignment) * kh * kw,
        round_up(g.out_channels, TILE_SIZE),
    )
    if input_shard is not None:
        in_split = input_shard.split
    else:
        in_split = determine_parallel_config(
            layout,
            g.batch,
            g.in_channels,
            g.out_hw[0],
            g.out_hw[1],
            g.out_channels,
            alignment,
            device.grid,
            orientation,
            not g.mm_conv,
            knobs.act_block_h_override,
        )
    out_split = determine_output_parallel_config(in_split, device.grid, g.out_channels, g.mm_conv)
    cin_padded = round_up(g.in_channels, in_split.channels * alignment)
    blocking = conv_blocking(
        in_split,
        out_split,
        cin_padded,
        g.out_channels,
        g.batch,
        g.out_hw,
        g.kernel,
        knobs,
    )
    cbs = circular_buffers(
        blocking,
        weights_shape,
        g.kernel,
        g.dilation,
        knobs,
        g.input_dtype,
        g.output_dtype,
        g.out_hw[1],
        g.has_bias,
        depthwise,
        cin_padded,
        device.arch,
    )
    if input_shard is None:
        input_shard = determine_input_memory_config(
            layout,
            orientation,
            g.batch,
            g.in_hw,
            g.in_channels,
            g.out_hw,
            g.out_channels,
            g.mm_conv,
            device.grid,
            g.input_layout,
            False,
            in_split,
            knobs.act_block_h_override,
        )
    sticks = halo_max_sticks(
        g.batch, g.in_hw, g.kernel, g.stride, g.padding, g.dilation, in_split.nhw
    )
    datum = datum_bytes(halo_dtype(g.input_dtype))
    shard_h, shard_w = input_shard.shard_shape
    return ConvL1Usage(
        layout=layout,
        input_split=in_split,
        output_split=out_split,
        input_shard=input_shard.shard_shape,
        blocking=blocking,
        circular_buffers=tuple(cbs),
        cb_bytes=sum(cb.bytes for cb in cbs if not cb.globally_allocated),
        output_bytes=next(cb.bytes for cb in cbs if cb.name == "OUT"),
        halo_input_bytes=shard_h * shard_w * datum,
        halo_output_bytes=sticks * shard_w * datum,
    )


def estimate(
    geometry: ConvGeometry,
    layout: TensorMemoryLayout,
    knobs: ConvKnobs,
    device: L1Device,
    why: str,
    input_shard: ShardSpec | None = None,
) -> ConvL1Usage:
    """`conv_l1_usage`, what TT-NN's estimate refuses said with where it happens: TT-NN makes
    the estimate `why` (to choose a shard layout, to plan DRAM slices), and fails there."""
    try:
        return conv_l1_usage(geometry, layout, knobs, device, input_shard)
    except ConvConfigError as error:
        raise ConvConfigError(
            f"{error.message} (TT-NN meets this in its L1 estimate for {layout.value}, {why})"
        ) from None


@dataclass(frozen=True)
class AutoShardChoice:
    """The shard layout TT-NN picks for an interleaved input, with every candidate's estimate
    (in the order TT-NN computes them)."""

    layout: TensorMemoryLayout
    candidates: tuple[ConvL1Usage, ...]

    @property
    def chosen(self) -> ConvL1Usage:
        return next(c for c in self.candidates if c.layout == self.layout)

    def as_dict(self) -> dict:
        return {"layout": self.layout.value, "candidates": [c.as_dict() for c in self.candidates]}


def choose_auto_shard(
    geometry: ConvGeometry, knobs: ConvKnobs, device: L1Device
) -> AutoShardChoice:
    """TT-NN's `determine_conv_config_for_auto_shard`: HEIGHT for a 1D depthwise conv; else
    BLOCK if it needs less L1 than HEIGHT and spreads over at least grid.x cores, then WIDTH
    (never for a matmul conv) if it needs less than the best so far."""
    g = geometry
    why = "made to choose the shard layout since none is given"
    height = estimate(g, HEIGHT, knobs, device, why)
    if is_1d_depthwise_conv(
        g.groups, g.in_channels, g.out_channels, g.kernel[0], g.in_hw[0], g.has_bias
    ):
        return AutoShardChoice(HEIGHT, (height,))
    block = estimate(g, BLOCK, knobs, device, why)
    width = estimate(g, WIDTH, knobs, device, why)
    best = height
    if block.total_bytes < best.total_bytes and block.core_count >= device.grid[0]:
        best = block
    if width.total_bytes < best.total_bytes and not g.mm_conv:
        best = width
    return AutoShardChoice(best.layout, (height, block, width))


# ------------------------------------------------------------------------------------------
# DRAM slicing (op_slicing.cpp + conv2d.cpp's Conv2dSliceAttr)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SliceWindow:
    """The input rows/columns one output slice reads, with the padding of that slice."""

    in_h: int
    in_w: int
    padding: tuple[int, int, int, int]
    single: bool
    """Whether the slice reads the whole input."""


def slice_input_window(
    geometry: ConvGeometry,
    out_start: tuple[int, int],
    out_end: tuple[int, int],
    output_layout: Layout,
) -> SliceWindow:
    """`Conv2dSliceAttr::get_input_slice_and_padding`: the input a block of output rows and
    columns needs, clamped to the input, with edge slices keeping the conv's padding and a
    tile-rounded right padding for inner width slices of a TILE output."""
    g = geometry
    H, W = g.in_hw
    (kh, kw), (sh, sw), (dh, dw) = g.kernel, g.stride, g.dilation
    pt, pb, pl, pr = g.padding
    oh, ow = g.out_hw
    h0 = out_start[0] * sh - pt
    h1 = (out_end[0] - 1) * sh - pt + (kh - 1) * (dh - 1) + kh
    w0 = out_start[1] * sw - pl
    w1 = (out_end[1] - 1) * sw - pl + (kw - 1) * (dw - 1) + kw
    pad = [max(0, -h0), max(0, h1 - H), max(0, -w0), max(0, w1 - W)]
    h0, h1, w0, w1 = max(0, h0), min(H, h1), max(0, w0), min(W, w1)
    if out_start[0] == 0:
        pad[0], h0 = pt, 0
    if out_end[0] == oh:
        pad[1], h1 = pb, H
    if out_start[1] == 0:
        pad[2], w0 = pl, 0
    if out_end[1] == ow:
        pad[3], w1 = pr, W
    in_h, in_w = h1 - h0, w1 - w0
    out_w = out_end[1] - out_start[1]
    rounding = TILE_SIZE if output_layout == Layout.TILE else 1
    single = in_h == H and in_w == W
    if out_w % rounding and not single:
        pad[3] += (rounding - out_w % rounding) * sw
    return SliceWindow(in_h, in_w, tuple(pad), single)


def window_output_size(geometry: ConvGeometry, window: SliceWindow) -> tuple[int, int]:
    """The output a slice's input window gives with the slice's padding: TT-NN 0.81.1 derives a
    slice's output from its window again (with the slice as asked one dev-set conv,
    conv2d_blackhole_P150_s101 r0088 with activation reuse, would be refused where TT-NN
    prepares it)."""
    g = geometry
    top, bottom, left, right = window.padding
    return (
        output_extent(window.in_h, top + bottom, g.kernel[0], g.stride[0], g.dilation[0]),
        output_extent(window.in_w, left + right, g.kernel[1], g.stride[1], g.dilation[1]),
    )


@dataclass(frozen=True)
class SliceGeometry:
    """One DRAM slice: its conv (dims of the slice), the layout and the input shard TT-NN gives
    it, and its L1 estimate."""

    geometry: ConvGeometry
    input_shard: ShardSpec
    auto_shard: AutoShardChoice | None
    usage: ConvL1Usage | None = None


def slice_memory_config(
    geometry: ConvGeometry,
    out_start: tuple[int, int],
    out_end: tuple[int, int],
    layout: TensorMemoryLayout | None,
    knobs: ConvKnobs,
    device: L1Device,
) -> SliceGeometry:
    """`Conv2dSliceAttr::get_input_memory_config` of the slice of the output from `out_start`
    to `out_end`: its input window, its shard layout (auto-sharded on the slice when none is
    set) and its shard spec (channels aligned to 8 unless the slice is the whole input)."""
    window = slice_input_window(geometry, out_start, out_end, knobs.output_layout)
    return slice_memory_config_of_window(geometry, window, layout, knobs, device)


def slice_memory_config_of_window(
    geometry: ConvGeometry,
    window: SliceWindow,
    layout: TensorMemoryLayout | None,
    knobs: ConvKnobs,
    device: L1Device,
) -> SliceGeometry:
    """`slice_memory_config` for a slice given by its input window."""
    g = geometry
    output_size = window_output_size(g, window)
    sliced = replace(g, in_hw=(window.in_h, window.in_w), out_hw=output_size, mm_conv=False)
    auto = None
    if layout is None:
        # TT-NN passes the full conv's padding to the auto-shard estimate of a slice.
        auto = choose_auto_shard(replace(sliced, padding=g.padding), knobs, device)
        layout = auto.layout
    orientation = (
        ShardOrientation.COL_MAJOR if knobs.transpose_shards else ShardOrientation.ROW_MAJOR
    )
    shard = determine_input_memory_config(
        layout,
        orientation,
        g.batch,
        (window.in_h, window.in_w),
        g.in_channels,
        output_size,
        g.out_channels,
        False,
        device.grid,
        g.input_layout,
        not window.single,
    )
    return SliceGeometry(replace(sliced, padding=window.padding), shard, auto)


@lru_cache(maxsize=4096)
def slice_l1_bytes(
    geometry: ConvGeometry,
    window: SliceWindow,
    layout: TensorMemoryLayout | None,
    knobs: ConvKnobs,
    device: L1Device,
) -> int:
    """`Conv2dSliceAttr::get_L1_usage` of the slice reading `window`: its estimate in the
    shard spec TT-NN gives it. A slice depends on its position only through its window, so
    slices of one size in the middle of the image are estimated once."""
    sliced = slice_memory_config_of_window(geometry, window, layout, knobs, device)
    usage = estimate(
        sliced.geometry,
        sliced.input_shard.layout,
        knobs,
        device,
        "made to plan the DRAM slices",
        sliced.input_shard,
    )
    return usage.slice_bytes


@dataclass(frozen=True)
class SliceDecision:
    """TT-NN's DRAM slice config for one conv, with the L1 of its largest slice."""

    slice_type: Conv2dSliceType
    num_slices: int
    l1_bytes: int
    budget: int
    tried: tuple[tuple[str, int, int], ...] = field(default_factory=tuple)
    """(slice type, slices, bytes) of every configuration tried, in order: the bytes of its
    largest slice, or, for a count that does not fit, of the first slice found above the
    budget."""

    def as_dict(self) -> dict:
        return {
            "slice_type": self.slice_type.value,
            "num_slices": self.num_slices,
            "l1_bytes": self.l1_bytes,
            "budget": self.budget,
            "tried": [list(t) for t in self.tried],
        }


def best_guess_slice_type(in_h: int, in_w: int, output_layout: Layout) -> Conv2dSliceType:
    """`op_slicing::best_guess_slice_type`: width slices unless the input is tall (ROW_MAJOR
    output: H > 3·W), or (TILE output) narrower than 200 or taller than wide."""
    if output_layout == Layout.ROW_MAJOR:
        return Conv2dSliceType.DRAM_HEIGHT if in_h > in_w * 3 else Conv2dSliceType.DRAM_WIDTH
    if in_w < 200 or in_h > in_w:
        return Conv2dSliceType.DRAM_HEIGHT
    return Conv2dSliceType.DRAM_WIDTH


def slice_rounding(output_layout: Layout, slice_type: Conv2dSliceType) -> int:
    return (
        TILE_SIZE
        if output_layout == Layout.TILE and slice_type == Conv2dSliceType.DRAM_WIDTH
        else 1
    )


def largest_slice_bytes(
    output_hw: tuple[int, int],
    slice_type: Conv2dSliceType,
    num_slices: int,
    output_layout: Layout,
    slice_bytes: Callable[[tuple[int, int], tuple[int, int]], int | None],
    above: int | None = None,
) -> int:
    """`compute_L1_usage_for_slice_config`, whatever op is sliced: the output cut into
    `num_slices` blocks along the slice type's dimension (whole `slice_rounding` units, the
    first ones one unit larger), and the largest of `slice_bytes(start, end)` over them (None:
    the block's clamped input window is empty, a block the op skips without moving on).
    With `above`, the first block found to need more than `above` bytes is the answer: the
    slicing does not fit, and the search needs no more (a large image's search tries
    thousands of counts, each of thousands of blocks)."""
    oh, ow = output_hw
    height = slice_type == Conv2dSliceType.DRAM_HEIGHT
    dim = oh if height else ow
    rounding = slice_rounding(output_layout, slice_type)
    base, rem = divmod(ceil_div(dim, rounding), num_slices)
    best = start = index = 0
    while start < dim and index < num_slices:
        size = rounding * (base + (1 if index < rem else 0))
        end = min(dim, start + size)
        index += 1
        if end == start:
            continue
        o_start, o_end = ((start, 0), (end, ow)) if height else ((0, start), (oh, end))
        need = slice_bytes(o_start, o_end)
        if need is None:
            continue
        best = max(best, need)
        if above is not None and best > above:
            return best
        start += size
    return best


def slices_l1_bytes(
    geometry: ConvGeometry,
    slice_type: Conv2dSliceType,
    num_slices: int,
    layout: TensorMemoryLayout | None,
    knobs: ConvKnobs,
    device: L1Device,
    above: int | None = None,
) -> int:
    """`compute_L1_usage_for_slice_config` with a conv2d's slice attribute: the largest slice
    estimate over the slices (`above`: as `largest_slice_bytes`)."""
    g = geometry
    height = slice_type == Conv2dSliceType.DRAM_HEIGHT
    axis = 0 if height else 1
    dim = g.out_hw[axis]
    s_, k_, d_ = g.stride[axis], g.kernel[axis], g.dilation[axis]
    before, extent = g.padding[0 if height else 2], g.in_hw[axis]
    seen: dict[tuple, int | None] = {}

    def slice_bytes(o_start: tuple[int, int], o_end: tuple[int, int]) -> int | None:
        start, end = o_start[axis], o_end[axis]
        # Slices of one size away from the image's edges read same-sized windows: estimate once.
        lo = start * s_ - before
        hi = (end - 1) * s_ - before + (k_ - 1) * (d_ - 1) + k_
        key = (end - start, start == 0, end == dim, min(lo, 0), max(hi - extent, 0))
        if key not in seen:
            window = slice_input_window(g, o_start, o_end, knobs.output_layout)
            # the op skips slices whose clamped input window is empty
            empty = (window.in_h if height else window.in_w) <= 0
            seen[key] = None if empty else slice_l1_bytes(g, window, layout, knobs, device)
        return seen[key]

    return largest_slice_bytes(
        g.out_hw, slice_type, num_slices, knobs.output_layout, slice_bytes, above
    )


def determine_slice_config(
    geometry: ConvGeometry,
    layout: TensorMemoryLayout | None,
    knobs: ConvKnobs,
    device: L1Device,
    slice_type: Conv2dSliceType | None = None,
) -> SliceDecision:
    """`op_slicing::determine_slice_config` with a conv2d's slice attribute (`Conv2dSliceAttr`),
    for a conv with no slice config (or a DRAM slice type with 0 slices)."""
    return search_slice_config(
        geometry.in_hw,
        geometry.out_hw,
        knobs.output_layout,
        device.l1_budget,
        lambda stype, n, above: slices_l1_bytes(geometry, stype, n, layout, knobs, device, above),
        slice_type,
    )


def search_slice_config(
    input_hw: tuple[int, int],
    output_hw: tuple[int, int],
    output_layout: Layout,
    budget: int,
    largest_slice_bytes: Callable[[Conv2dSliceType, int, int | None], int],
    slice_type: Conv2dSliceType | None = None,
    _retry: bool = False,
    _tried: tuple = (),
) -> SliceDecision:
    """`op_slicing::determine_slice_config`, whatever op is sliced (its slice attribute gives
    `largest_slice_bytes` of n slices of a type, stopping early above a bound): the fewest
    slices (from 1) whose largest slice fits the budget, along the given dimension, or (none
    given) the best-guess dimension of the op's input `input_hw`, then the other one; TT-NN
    refuses when neither fits. A count that does not fit is known as soon as one slice needs
    more than the budget; the most slices are estimated whole, for the refusal's message."""
    auto = slice_type is None
    stype = best_guess_slice_type(input_hw[0], input_hw[1], output_layout) if auto else slice_type
    height = stype == Conv2dSliceType.DRAM_HEIGHT
    dim = output_hw[0] if height else output_hw[1]
    rounding = slice_rounding(output_layout, stype)
    max_slices = ceil_div(dim, rounding) if output_layout == Layout.TILE else dim
    tried = list(_tried)
    n = 1
    found = None
    while n <= max_slices:
        need = largest_slice_bytes(stype, n, None if n == max_slices else budget)
        tried.append((stype.value, n, need))
        if budget >= need:
            found = need
            break
        n += 1
    if auto and not _retry and n > max_slices:
        other = Conv2dSliceType.DRAM_HEIGHT if not height else Conv2dSliceType.DRAM_WIDTH
        return search_slice_config(
            input_hw, output_hw, output_layout, budget, largest_slice_bytes, other, True,
            tuple(tried),
        )  # fmt: skip
    if found is None:
        raise ConvConfigError(
            f"the conv does not fit the device's L1 even in the most slices: TT-NN 0.81.1 tried "
            f"up to {n - 1} {'height' if height else 'width'} slices of the output "
            f"dimension {dim}, and the largest slice needs {tried[-1][2]} bytes per core, more "
            f'than the {budget} bytes free (TT-NN: "DRAM Auto slice could not find '
            'valid slice configuration")'
        )
    return SliceDecision(stype, n, found, budget, tuple(tried))


# ------------------------------------------------------------------------------------------
# DRAM slicing of a conv_transpose2d (conv_transpose2d.cpp's ConvT2DSliceAttr)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TransposedConvGeometry:
    """A conv_transpose2d as TT-NN's slice attribute for it sees it: its own input, stride,
    padding (top, bottom, left, right) and output padding; its weights dtype is the knobs'."""

    batch: int
    in_channels: int
    out_channels: int
    in_hw: tuple[int, int]
    kernel: tuple[int, int]
    stride: tuple[int, int]
    padding: tuple[int, int, int, int]
    output_padding: tuple[int, int]
    dilation: tuple[int, int]
    groups: int
    has_bias: bool
    input_dtype: DataType
    output_dtype: DataType
    input_layout: Layout

    @property
    def out_hw(self) -> tuple[int, int]:
        """The transposed conv's output (with its output padding)."""
        top, bottom, left, right = self.padding
        return (
            transposed_output_extent(
                self.in_hw[0], top + bottom, self.kernel[0], self.stride[0], self.dilation[0],
                self.output_padding[0],
            ),
            transposed_output_extent(
                self.in_hw[1], left + right, self.kernel[1], self.stride[1], self.dilation[1],
                self.output_padding[1],
            ),
        )  # fmt: skip


@dataclass(frozen=True)
class TransposedSliceShape:
    """What a slice of a conv_transpose2d is, wherever it lies: its input rows × columns, the
    transposed padding and output padding that make it give its output, and that output as
    asked (`out_hw`) and as TT-NN shards it (`sharded_out_hw`: an inner width slice of a TILE
    output rounded up to whole tiles)."""

    in_hw: tuple[int, int]
    padding: tuple[int, int, int, int]
    output_padding: tuple[int, int]
    out_hw: tuple[int, int]
    sharded_out_hw: tuple[int, int]


@dataclass(frozen=True)
class TransposedSliceWindow:
    """The input a block of a conv_transpose2d's output reads: [in_start, in_end) per axis."""

    in_start: tuple[int, int]
    in_end: tuple[int, int]
    shape: TransposedSliceShape


def _transposed_slice_axis(
    start: int,
    end: int,
    out: int,
    size: int,
    kernel: int,
    stride: int,
    dilation: int,
    pad_before: int,
    pad_after: int,
    output_padding: int,
) -> tuple[int, int, int, int, int]:
    """One axis of `transposed_slice_window`: (input start, input end, the stuffed input's
    padding before and after the slice's input, its output padding)."""
    base = dilation * (kernel - 1)
    real_before, real_after = base - pad_before, base - pad_after
    in_start = max(0, ceil_div(start - real_before, stride))
    unpadded_start = max(0, start - real_before)
    before_offset = (stride - unpadded_start % stride) % stride
    expanded_end = end - real_before + (kernel - 1) * dilation
    after_offset = (expanded_end - 1) % stride if end < out else 0
    in_end = min(size, (expanded_end - 1) // stride + 1)
    before = max(0, real_before - start, before_offset)
    after = max(0, expanded_end - out, after_offset)
    extra = 0
    if start == 0:
        before, in_start = real_before, 0
    if end == out:
        after, in_end, extra = real_after, size, output_padding
    return in_start, in_end, before, after, extra


def transposed_slice_window(
    geometry: TransposedConvGeometry,
    out_start: tuple[int, int],
    out_end: tuple[int, int],
    output_layout: Layout,
) -> TransposedSliceWindow:
    """`ConvT2DSliceAttr::get_input_slice_and_padding`: the input rows and columns a block of
    the output reads (the stuffed input's rows a kernel window reaches, snapped to real input
    rows and clamped to the input), the zero padding around them in stuffed units, and the
    slice's output padding: the conv's own padding and output padding at the image's edges; an
    inner width slice of a TILE output padded right to whole tiles (unless it reads the whole
    input). The slice's transposed padding is d·(k − 1) less that zero padding."""
    g = geometry
    oh, ow = g.out_hw
    top, bottom, left, right = g.padding
    h0, h1, pad_top, pad_bottom, extra_h = _transposed_slice_axis(
        out_start[0], out_end[0], oh, g.in_hw[0], g.kernel[0], g.stride[0], g.dilation[0],
        top, bottom, g.output_padding[0],
    )  # fmt: skip
    w0, w1, pad_left, pad_right, extra_w = _transposed_slice_axis(
        out_start[1], out_end[1], ow, g.in_hw[1], g.kernel[1], g.stride[1], g.dilation[1],
        left, right, g.output_padding[1],
    )  # fmt: skip
    in_hw = (h1 - h0, w1 - w0)
    out_hw = (out_end[0] - out_start[0], out_end[1] - out_start[1])
    rounding = TILE_SIZE if output_layout == Layout.TILE else 1
    single = in_hw == g.in_hw
    rounded_w = out_hw[1]
    if out_hw[1] % rounding and not single:
        widen = rounding - out_hw[1] % rounding
        extra_w += widen
        rounded_w += widen
    base_h = g.dilation[0] * (g.kernel[0] - 1)
    base_w = g.dilation[1] * (g.kernel[1] - 1)
    shape = TransposedSliceShape(
        in_hw=in_hw,
        padding=(base_h - pad_top, base_h - pad_bottom, base_w - pad_left, base_w - pad_right),
        output_padding=(extra_h, extra_w),
        out_hw=out_hw,
        sharded_out_hw=(out_hw[0], rounded_w),
    )
    return TransposedSliceWindow((h0, w0), (h1, w1), shape)


def transposed_full_input(
    geometry: TransposedConvGeometry, slice_shape: TransposedSliceShape
) -> tuple[int, int]:
    """The input of the stride-1 conv a slice runs as: its input zero-stuffed and padded, the
    slice's output + d·(k − 1) per axis (TT-NN's `compute_conv_transpose2d_dimensions`)."""
    g, s = geometry, slice_shape
    top, bottom, left, right = s.padding
    return (
        transposed_output_extent(
            s.in_hw[0], top + bottom, g.kernel[0], g.stride[0], g.dilation[0],
            s.output_padding[0],
        ) + g.dilation[0] * (g.kernel[0] - 1),
        transposed_output_extent(
            s.in_hw[1], left + right, g.kernel[1], g.stride[1], g.dilation[1],
            s.output_padding[1],
        ) + g.dilation[1] * (g.kernel[1] - 1),
    )  # fmt: skip


@dataclass(frozen=True)
class TransposedSlice:
    """One DRAM slice of a conv_transpose2d: the shard spec TT-NN gives its input (from its
    shard layout, auto-sharded when none is set) and, once estimated, its L1 usage."""

    shape: TransposedSliceShape
    input_shard: ShardSpec
    auto_shard: AutoShardChoice | None
    usage: ConvL1Usage | None = None


@lru_cache(maxsize=4096)
def transposed_slice_memory_config(
    geometry: TransposedConvGeometry,
    slice_shape: TransposedSliceShape,
    layout: TensorMemoryLayout | None,
    knobs: ConvKnobs,
    device: L1Device,
) -> TransposedSlice:
    """`ConvT2DSliceAttr::get_input_memory_config`: without a shard layout, TT-NN's auto-shard
    choice for the slice's stride-1 conv (its full, stuffed and padded input, no padding,
    giving the slice's output as sharded); then the shard spec of the slice's own input rows (a
    DRAM input: channels aligned to 8 unless WIDTH), split for the slice's output. (The source
    read passes the transposed conv's own stride and padding to the choice; TT-NN 0.81.1's
    answers follow the stride-1 conv, docs/conv-vs-tt-metal.md.)"""
    g, s = geometry, slice_shape
    full = transposed_full_input(g, s)
    check_transposed_slice_output(g, s, full)
    auto = None
    if layout is None:
        chooser = ConvGeometry(
            batch=g.batch,
            in_channels=g.in_channels,
            out_channels=g.out_channels,
            in_hw=full,
            out_hw=s.sharded_out_hw,
            kernel=g.kernel,
            stride=(1, 1),
            padding=(0, 0, 0, 0),
            dilation=g.dilation,
            groups=g.groups,
            has_bias=g.has_bias,
            input_dtype=g.input_dtype,
            output_dtype=g.output_dtype,
            input_layout=g.input_layout,
            mm_conv=False,
        )
        auto = choose_auto_shard(chooser, knobs, device)
        layout = auto.layout
    orientation = (
        ShardOrientation.COL_MAJOR if knobs.transpose_shards else ShardOrientation.ROW_MAJOR
    )
    shard = determine_input_memory_config(
        layout,
        orientation,
        g.batch,
        s.in_hw,
        g.in_channels,
        s.sharded_out_hw,
        g.out_channels,
        False,
        device.grid,
        g.input_layout,
        True,
    )
    return TransposedSlice(s, shard, auto)


def check_transposed_slice_output(
    geometry: TransposedConvGeometry, slice_shape: TransposedSliceShape, full: tuple[int, int]
) -> None:
    """A slice's input rows, clamped to the input, with its transposed padding may give no
    output at all (an inner slice at the bottom of the image, whose rows the clamp cut): TT-NN
    0.81.1's halo estimate then indexes its empty table of output positions and the process
    dies (a segmentation fault), when it auto-shards the slice or estimates its halo."""
    g, s = geometry, slice_shape
    spans = (g.dilation[0] * (g.kernel[0] - 1), g.dilation[1] * (g.kernel[1] - 1))
    output = (full[0] - spans[0], full[1] - spans[1])
    if min(output) >= 1:
        return
    raise ConvConfigError(
        f"TT-NN 0.81.1 crashes on this conv (segmentation fault): planning its DRAM slices, it "
        f"cuts a slice of {s.out_hw[0]}x{s.out_hw[1]} output positions whose {s.in_hw[0]}x"
        f"{s.in_hw[1]} input positions (clamped to the image) with the slice's transposed "
        f"padding {format_shape(s.padding)} give an output of {output[0]}x{output[1]}, and its "
        "estimate of that empty slice reads outside its own tables"
    )


@lru_cache(maxsize=4096)
def transposed_slice_l1_usage(
    geometry: TransposedConvGeometry,
    slice_shape: TransposedSliceShape,
    layout: TensorMemoryLayout | None,
    knobs: ConvKnobs,
    device: L1Device,
    sliced: bool,
    planning: bool = True,
) -> TransposedSlice:
    """`ConvT2DSliceAttr::get_L1_usage` of one slice (`sliced`: of more than one): the conv's
    buffers for the slice's input split, a weight of round_up(Cin, 32·n_c_in)·KH·KW rows ×
    round_up(Cout, 32·n_c_out) columns and the slice's output as asked; the input shard; the
    halo's largest window over the slice's full input (stride 1, no padding). Raises what
    TT-NN's estimate refuses, saying where it meets it when `planning` (TT-NN estimating the
    slices to choose their count)."""
    g, s = geometry, slice_shape
    memory = transposed_slice_memory_config(g, s, layout, knobs, device)
    spec = memory.input_shard
    split = spec.split
    kh, kw = g.kernel
    full = transposed_full_input(g, s)
    sticks = halo_max_sticks(g.batch, full, g.kernel, (1, 1), (0, 0, 0, 0), g.dilation, split.nhw)
    alignment = input_channels_alignment(spec.layout, knobs.output_layout, sliced, False)
    out_split = determine_output_parallel_config(split, device.grid, g.out_channels, False)
    padded_in = round_up(g.in_channels, TILE_SIZE * split.channels)
    padded_out = round_up(g.out_channels, TILE_SIZE * out_split.channels)
    try:
        blocking = conv_blocking(
            split, out_split, padded_in, g.out_channels, g.batch, s.out_hw, g.kernel, knobs
        )
        cbs = circular_buffers(
            blocking,
            (padded_in * kh * kw, padded_out),
            g.kernel,
            g.dilation,
            knobs,
            g.input_dtype,
            g.output_dtype,
            s.out_hw[1],
            g.has_bias,
            False,
            round_up(g.in_channels, split.channels * alignment),
            device.arch,
        )
    except ConvConfigError as error:
        if not planning:
            raise
        raise ConvConfigError(
            f"{error.message} (TT-NN meets this in its L1 estimate for {spec.layout.value} of a "
            "slice of the conv_transpose2d, made to plan its DRAM slices)"
        ) from None
    datum = datum_bytes(halo_dtype(g.input_dtype))
    shard_h, shard_w = spec.shard_shape
    usage = ConvL1Usage(
        layout=spec.layout,
        input_split=split,
        output_split=out_split,
        input_shard=spec.shard_shape,
        blocking=blocking,
        circular_buffers=tuple(cbs),
        cb_bytes=sum(cb.bytes for cb in cbs if not cb.globally_allocated),
        output_bytes=next(cb.bytes for cb in cbs if cb.name == "OUT"),
        halo_input_bytes=shard_h * shard_w * datum,
        halo_output_bytes=sticks * shard_w * datum,
    )
    return replace(memory, usage=usage)


def transposed_slices_l1_bytes(
    geometry: TransposedConvGeometry,
    slice_type: Conv2dSliceType,
    num_slices: int,
    layout: TensorMemoryLayout | None,
    knobs: ConvKnobs,
    device: L1Device,
    above: int | None = None,
) -> int:
    """`compute_L1_usage_for_slice_config` with the transposed slice attribute: the largest
    slice estimate over the slices (`above`: as `largest_slice_bytes`)."""
    g = geometry
    axis = 0 if slice_type == Conv2dSliceType.DRAM_HEIGHT else 1
    top, bottom, left, right = g.padding
    pad_before, pad_after = (top, bottom) if axis == 0 else (left, right)
    out = g.out_hw[axis]
    seen: dict[tuple[int, ...], int | None] = {}

    def slice_bytes(o_start: tuple[int, int], o_end: tuple[int, int]) -> int | None:
        # A slice's window is the sliced axis's alone (the other is whole): slices whose axis
        # reads as many rows with the same padding are estimated once (a search of a large
        # image tries thousands of counts; building each window was quadratic in its time).
        start, end = o_start[axis], o_end[axis]
        in_start, in_end, *padding = _transposed_slice_axis(
            start, end, out, g.in_hw[axis], g.kernel[axis], g.stride[axis],
            g.dilation[axis], pad_before, pad_after, g.output_padding[axis],
        )  # fmt: skip
        key = (end - start, in_end - in_start, *padding)
        if key not in seen:
            window = transposed_slice_window(g, o_start, o_end, knobs.output_layout)
            # the op skips slices whose clamped input window is empty
            empty = window.in_start[axis] >= window.in_end[axis]
            usage = None
            if not empty:
                sliced = num_slices > 1
                usage = transposed_slice_l1_usage(g, window.shape, layout, knobs, device, sliced)
                assert usage.usage is not None
            seen[key] = None if usage is None else usage.usage.slice_bytes
        return seen[key]

    return largest_slice_bytes(
        g.out_hw, slice_type, num_slices, knobs.output_layout, slice_bytes, above
    )


def determine_transposed_slice_config(
    geometry: TransposedConvGeometry,
    layout: TensorMemoryLayout | None,
    knobs: ConvKnobs,
    device: L1Device,
    slice_type: Conv2dSliceType | None = None,
) -> SliceDecision:
    """`op_slicing::determine_slice_config` with a conv_transpose2d's slice attribute: the
    best-guess dimension from the transposed conv's own input."""
    return search_slice_config(
        geometry.in_hw,
        geometry.out_hw,
        knobs.output_layout,
        device.l1_budget,
        lambda stype, n, above: transposed_slices_l1_bytes(
            geometry, stype, n, layout, knobs, device, above
        ),
        slice_type,
    )

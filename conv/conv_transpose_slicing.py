"""TT-NN 0.81.1's DRAM slicing of a conv_transpose2d's weight (docs/semantics.md §7.4):
conv_transpose2d.cpp's slice attribute (`ConvT2DSliceAttr`, here `TransposedSliceAttribute`)
— its slices' input rows, transposed padding, sharded input and L1 estimate — which the one
slice search (`conv_slicing.determine_slice_config`) asks for the L1 of each slice.

Pure Python, no IR."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from functools import lru_cache

from ttnn_xdsl.conv.conv_l1_model import (
    AutoShardChoice,
    ConvGeometry,
    ConvL1Usage,
    L1Device,
    choose_auto_shard,
    circular_buffers,
    datum_bytes,
    halo_dtype,
    halo_max_sticks,
    uses_split_reader,
)
from ttnn_xdsl.conv.conv_op_config import (
    ConvKnobs,
    ShardSpec,
    conv_blocking,
    determine_input_memory_config,
    determine_output_parallel_config,
    input_channels_alignment,
)
from ttnn_xdsl.conv.conv_parameters import transposed_output_extent
from ttnn_xdsl.core.enums import DataType, Layout, ShardOrientation, TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div, format_shape, round_up


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
        ShardOrientation.COL_MAJOR if knobs.config.transpose_shards else ShardOrientation.ROW_MAJOR
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
    0.81.1's halo then indexes its empty table of output positions and the process dies (a
    segmentation fault), when it auto-shards the slice, estimates its halo to plan the slices,
    or runs that slice (TT-NN's answers: 4 explicit slice counts whose later slice is empty,
    each a crash)."""
    g, s = geometry, slice_shape
    spans = (g.dilation[0] * (g.kernel[0] - 1), g.dilation[1] * (g.kernel[1] - 1))
    output = (full[0] - spans[0], full[1] - spans[1])
    if min(output) >= 1:
        return
    raise ConvConfigError(
        f"TT-NN 0.81.1 crashes on this conv (segmentation fault): among its DRAM slices is a "
        f"slice of {s.out_hw[0]}x{s.out_hw[1]} output positions whose {s.in_hw[0]}x"
        f"{s.in_hw[1]} input positions (clamped to the image) with the slice's transposed "
        f"padding {format_shape(s.padding)} give an output of {output[0]}x{output[1]}, and its "
        "halo reads outside its own tables for that empty slice (planning or running it)"
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
    alignment = input_channels_alignment(spec.layout, knobs.config.output_layout, sliced, False)
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
        split_reader=uses_split_reader(
            blocking,
            g.kernel,
            g.dilation,
            knobs,
            g.input_dtype,
            g.output_dtype,
            False,
            round_up(g.in_channels, split.channels * alignment),
            device.arch,
        ),
    )
    return replace(memory, usage=usage)


@dataclass(frozen=True)
class TransposedSliceAttribute:
    """TT-NN's `ConvT2DSliceAttr` for one conv_transpose2d: the slices of its output and what
    each needs (the shard layout given, or None to auto-shard each slice). The best-guess
    slice type is taken from the transposed conv's own input."""

    geometry: TransposedConvGeometry
    layout: TensorMemoryLayout | None
    knobs: ConvKnobs
    device: L1Device

    @property
    def input_hw(self) -> tuple[int, int]:
        return self.geometry.in_hw

    @property
    def output_hw(self) -> tuple[int, int]:
        return self.geometry.out_hw

    @property
    def output_layout(self) -> Layout:
        return self.knobs.config.output_layout

    def window_key(self, axis: int, start: int, end: int) -> Hashable:
        """A slice's window is the sliced axis's alone (the other is whole): slices whose axis
        reads as many rows with the same padding need the same L1 (building each window was
        quadratic in the search's time)."""
        g = self.geometry
        in_start, in_end, *padding = _transposed_slice_axis(
            start, end, g.out_hw[axis], g.in_hw[axis], g.kernel[axis], g.stride[axis],
            g.dilation[axis], g.padding[2 * axis], g.padding[2 * axis + 1],
            g.output_padding[axis],
        )  # fmt: skip
        return (end - start, in_end - in_start, *padding)

    def slice_bytes(
        self, axis: int, out_start: tuple[int, int], out_end: tuple[int, int], num_slices: int
    ) -> int | None:
        g = self.geometry
        window = transposed_slice_window(g, out_start, out_end, self.output_layout)
        if window.in_start[axis] >= window.in_end[axis]:
            return None
        sliced = num_slices > 1
        usage = transposed_slice_l1_usage(
            g, window.shape, self.layout, self.knobs, self.device, sliced
        ).usage
        assert usage is not None
        return usage.slice_bytes

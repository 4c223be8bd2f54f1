"""TT-NN 0.81.1's DRAM slicing of a conv (docs/semantics.md §8.4): on its DRAM path TT-NN cuts
the output into slices of its height or width, as few as fit the device's free L1, and
prepares the weights for the first slice.

One search serves every sliced op (`op_slicing::determine_slice_config`): it asks the op's
slice attribute (TT-NN's `OpSliceAttr`) only for the L1 one slice needs (`SliceAttribute`).
Here are the search and conv2d's attribute (`Conv2dSliceAttr`, `Conv2dSliceAttribute`); a
conv_transpose2d's is in `conv_transpose_slicing`.

Pure Python, no IR."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Protocol

from ttnn_xdsl.conv.conv_l1_model import (
    AutoShardChoice,
    ConvGeometry,
    ConvL1Usage,
    L1Device,
    choose_auto_shard,
    estimate,
)
from ttnn_xdsl.conv.conv_op_config import ConvKnobs, ShardSpec, determine_input_memory_config
from ttnn_xdsl.conv.conv_parameters import Conv2dSliceConfig, output_extent
from ttnn_xdsl.core.enums import Conv2dSliceType, Layout, ShardOrientation, TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div

# ------------------------------------------------------------------------------------------
# The search, whatever op is sliced (op_slicing.cpp)
# ------------------------------------------------------------------------------------------


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


def output_slices(
    output_hw: tuple[int, int],
    slice_type: Conv2dSliceType,
    num_slices: int,
    output_layout: Layout,
    reads_input: Callable[[tuple[int, int], tuple[int, int]], bool],
) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    """The blocks of the output `op_slicing.run_sliced_op` runs, whatever op is sliced, as
    (start, end) pairs: the output cut into `num_slices` blocks along the slice type's
    dimension (whole `slice_rounding` units, the first ones one unit larger). A block whose
    clamped input window is empty (`reads_input` false) is skipped without moving on: the
    next block starts where it did."""
    oh, ow = output_hw
    height = slice_type == Conv2dSliceType.DRAM_HEIGHT
    dim = oh if height else ow
    rounding = slice_rounding(output_layout, slice_type)
    base, rem = divmod(ceil_div(dim, rounding), num_slices)
    start = index = 0
    while start < dim and index < num_slices:
        size = rounding * (base + (1 if index < rem else 0))
        end = min(dim, start + size)
        index += 1
        if end == start:
            continue
        block = ((start, 0), (end, ow)) if height else ((0, start), (oh, end))
        if not reads_input(*block):
            continue
        yield block
        start += size


def largest_slice_bytes(
    output_hw: tuple[int, int],
    slice_type: Conv2dSliceType,
    num_slices: int,
    output_layout: Layout,
    slice_bytes: Callable[[tuple[int, int], tuple[int, int]], int | None],
    above: int | None = None,
) -> int:
    """`compute_L1_usage_for_slice_config`, whatever op is sliced: the largest of
    `slice_bytes(start, end)` over the blocks of `output_slices` (None: the block's clamped
    input window is empty, a block the op skips). With `above`, the first block found to need
    more than `above` bytes is the answer: the slicing does not fit, and the search needs no
    more (a large image's search tries thousands of counts, each of thousands of blocks)."""
    needs: dict[tuple[tuple[int, int], tuple[int, int]], int | None] = {}

    def reads_input(start: tuple[int, int], end: tuple[int, int]) -> bool:
        needs[start, end] = slice_bytes(start, end)
        return needs[start, end] is not None

    best = 0
    for block in output_slices(output_hw, slice_type, num_slices, output_layout, reads_input):
        best = max(best, needs[block] or 0)
        if above is not None and best > above:
            return best
    return best


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


class SliceAttribute(Protocol):
    """What the slice search asks of a sliced op (TT-NN's `OpSliceAttr`): its input and output
    image, the layout of its output, the device, and the L1 one slice of the output needs."""

    @property
    def input_hw(self) -> tuple[int, int]: ...

    @property
    def output_hw(self) -> tuple[int, int]: ...

    @property
    def output_layout(self) -> Layout: ...

    @property
    def device(self) -> L1Device: ...

    def window_key(self, axis: int, start: int, end: int) -> Hashable:
        """A key equal for two slices of the output along `axis` ([start, end)) exactly when
        they read equal input windows with equal padding, so need the same L1."""
        ...

    def slice_bytes(
        self, axis: int, out_start: tuple[int, int], out_end: tuple[int, int], num_slices: int
    ) -> int | None:
        """The L1 of the slice of the output from `out_start` to `out_end` (one of
        `num_slices` along `axis`), None when its clamped input window is empty (the op skips
        such a slice)."""
        ...


def slice_axis(slice_type: Conv2dSliceType) -> int:
    """The image axis a slice type cuts: 0 (rows) for height slices, else 1 (columns;
    `l1_full` counts as width)."""
    return 0 if slice_type == Conv2dSliceType.DRAM_HEIGHT else 1


def slices_l1_bytes(
    attribute: SliceAttribute,
    slice_type: Conv2dSliceType,
    num_slices: int,
    above: int | None = None,
) -> int:
    """`compute_L1_usage_for_slice_config`: the largest slice estimate over `num_slices`
    slices of `slice_type` (`above`: as `largest_slice_bytes`). Slices that read equal windows
    are estimated once (a search of a large image tries thousands of counts, each of
    thousands of slices)."""
    axis = slice_axis(slice_type)
    seen: dict[Hashable, int | None] = {}

    def slice_bytes(out_start: tuple[int, int], out_end: tuple[int, int]) -> int | None:
        key = attribute.window_key(axis, out_start[axis], out_end[axis])
        if key not in seen:
            seen[key] = attribute.slice_bytes(axis, out_start, out_end, num_slices)
        return seen[key]

    return largest_slice_bytes(
        attribute.output_hw, slice_type, num_slices, attribute.output_layout, slice_bytes, above
    )


def determine_slice_config(
    attribute: SliceAttribute, slice_type: Conv2dSliceType | None = None
) -> SliceDecision:
    """`op_slicing::determine_slice_config` for the op `attribute` slices: the fewest slices
    that fit the device's L1 (along `slice_type` when given)."""
    return search_slice_config(
        attribute.input_hw,
        attribute.output_hw,
        attribute.output_layout,
        attribute.device.l1_budget,
        partial(slices_l1_bytes, attribute),
        slice_type,
    )


def decide_slices(
    attribute: SliceAttribute, slice_config: Conv2dSliceConfig | None
) -> SliceDecision:
    """The slicing TT-NN runs the op with: the slice config's count when it gives one (no
    estimate made: l1_bytes 0), else the search along its slice type (or, without a slice
    config, along the best-guess one)."""
    if slice_config is not None and slice_config.num_slices > 0:
        budget = attribute.device.l1_budget
        return SliceDecision(slice_config.slice_type, slice_config.num_slices, 0, budget)
    given = None if slice_config is None else slice_config.slice_type
    return determine_slice_config(attribute, given)


def slices_beyond_extent(
    output_hw: tuple[int, int], decision: SliceDecision
) -> tuple[str, int] | None:
    """TT-NN's bound on a slice count, at most the output extent it slices: None within it,
    else the extent's name and size (each op refuses in the words of its slice config)."""
    axis = slice_axis(decision.slice_type)
    if decision.num_slices <= output_hw[axis]:
        return None
    return ("height" if axis == 0 else "width", output_hw[axis])


def first_slice_end(
    output_hw: tuple[int, int], decision: SliceDecision, output_layout: Layout
) -> tuple[int, int]:
    """The end of the first slice of the output (it starts at (0, 0)), the slice TT-NN prepares
    the weights for: ceil(ceil(extent / r) / n)·r rows or columns (r = `slice_rounding`), the
    other axis whole."""
    axis = slice_axis(decision.slice_type)
    extent = output_hw[axis]
    rounding = slice_rounding(output_layout, decision.slice_type)
    size = ceil_div(ceil_div(extent, rounding), decision.num_slices) * rounding
    return (size, output_hw[1]) if axis == 0 else (output_hw[0], size)


# ------------------------------------------------------------------------------------------
# conv2d's slice attribute (conv2d.cpp's Conv2dSliceAttr)
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
    window = slice_input_window(geometry, out_start, out_end, knobs.config.output_layout)
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
        ShardOrientation.COL_MAJOR if knobs.config.transpose_shards else ShardOrientation.ROW_MAJOR
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
class Conv2dSliceAttribute:
    """TT-NN's `Conv2dSliceAttr` for one conv: the slices of its output and what each needs
    (the shard layout given, or None to auto-shard each slice)."""

    geometry: ConvGeometry
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
        """Slices of one size away from the image's edges read same-sized windows."""
        g = self.geometry
        stride, kernel, dilation = g.stride[axis], g.kernel[axis], g.dilation[axis]
        before, extent = g.padding[2 * axis], g.in_hw[axis]
        low = start * stride - before
        high = (end - 1) * stride - before + (kernel - 1) * (dilation - 1) + kernel
        return (end - start, start == 0, end == g.out_hw[axis], min(low, 0), max(high - extent, 0))

    def slice_bytes(
        self, axis: int, out_start: tuple[int, int], out_end: tuple[int, int], num_slices: int
    ) -> int | None:
        window = slice_input_window(self.geometry, out_start, out_end, self.output_layout)
        if (window.in_h, window.in_w)[axis] <= 0:
            return None
        return slice_l1_bytes(self.geometry, window, self.layout, self.knobs, self.device)

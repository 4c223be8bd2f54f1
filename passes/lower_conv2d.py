"""Lowering of `ttnn.conv2d_consume` (a conv from a prepared weight, docs/semantics.md §9) into
buffers, strided windows, tile loop nests and `tile.matmul`, in the order TT-NN 0.81.1's
conv2d kernels compute it:

1. the reader's sticks: the input zero-padded ([N, Hp, Wp, C], the channel padding lanes
   holding `STALE_VALUE`, a stand-in for the stale L1 the device reads there), or for a
   kernel-stride folded conv the space-to-depth of the padded input, one strided window
   copy per sub-pixel (i, j): folded[n, y, x, (i·sW + j)·Cin + c] = padded[n, y·sH + i,
   x·sW + j, c];
2. per K block, in the layout's order (`conv_consumption`'s per-layout K blocks): the
   activation block [N·OH·OW, BW] gathered from the sticks by the sliding window as index
   arithmetic — lanes of tap (r, s) are the strided window sticks[n, oh·sH + r·dH,
   ow·sW + s·dW, c0 …] —, tilized and rounded to the output dtype (the act tilize; where
   that changes no value the matmuls read the row-major block itself, its rows padded with
   zeros to the cores' whole tiles: `tilize_keeps_values`); then a loop nest over the
   cores along N·OH·OW (those holding output pixels), each core's activation blocks
   (`act_block_h_ntiles` tile rows) and the output-channel cores, whose `tile.matmul`
   reads the block's activation tiles and the weight tile rows the weight reader fetches
   for the core's columns and accumulates into the block's rows and the core's columns; the
   partials rounded to the format TT-NN stores them in between K blocks;
3. the bias added once after the last K block (`tile.add_row`), a fused relu applied as
   the packer applies it (`tile.relu`), the output rounded to its dtype and written as
   [1, 1, N·OH·OW, Cout] TILE (where that changes nothing — DEST's dtype, its tile rows and
   columns — DEST's tiles are the result's own buffer: no copy).

The kernels loop per core, per activation block, per K block; here the K blocks are the
outer (unrolled) level and the cores and activation blocks a loop nest inside each: output
pixels and output channels are independent, so each accumulator tile still sees its K blocks
in the kernels' order and every value is the same. The loop nests run in bulk (a batched
float32 matmul per K block). The 1D depthwise path (elementwise taps) has its own pattern,
in `lower_depthwise_conv1d`. The activation may be NHWC or tt-mlir's flat [1, 1, N·H·W, C];
the output TILE or ROW_MAJOR (`store_output`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    FloatAttr,
    IntegerAttr,
    MemRefType,
    StridedLayoutAttr,
    i64,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import TTNNError, warn
from ttnn_xdsl.core.shapes import FACE_SIZE, TILE_SIZE, round_up
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.dialect.buffers import buffer_type
from ttnn_xdsl.dialect.conv2d_ops import ConvConsumeOp, ZeroStuffOp
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.dialect.types import data_type_of
from ttnn_xdsl.passes.loops import copy, index, loop_nest, memref_type, scaled
from ttnn_xdsl.passes.lower_conv_layouts import index_expression, window, zeros
from ttnn_xdsl.passes.lowering import allocate, lowering

if TYPE_CHECKING:
    from ttnn_xdsl.conv.conv_consumption import ConsumptionPlan, KBlock

# conv_consumption (NumPy) is imported where a conv is lowered: compiling IR without one must
# not load NumPy (tests/test_layering.py).
STALE_LANE = -1
"""`conv_consumption.STALE_LANE`: a K lane the reader never writes."""
ZERO_LANE = -2
"""`conv_consumption.ZERO_LANE`: a K lane the tilize pads with zeros."""

STALE_VALUE = 1.0
"""What the lanes the reader never writes hold (stale L1 on the device): finite and nonzero,
as `conv_consumption.DEFAULT_STALE_VALUE`, so a weight row that is not zero there shows."""


@dataclass(frozen=True)
class LaneRun:
    """Consecutive K lanes [first, first + count) of an activation block filled alike: from
    tap `tap`'s window at input channel `channel` onwards, or (tap None) with `fill`."""

    first: int
    count: int
    tap: int | None
    channel: int
    fill: float = 0.0


@dataclass(frozen=True)
class WeightRun:
    """K tiles [first, first + count) of an activation block meet the weight's tile rows
    [tile_row, tile_row + count)."""

    first: int
    count: int
    tile_row: int


def lane_runs(block: KBlock, channels: int) -> list[LaneRun]:
    """The K block's lanes as runs: a run stays within one tap and steps one channel a lane
    (window lane p·C + c), or is all stale / all zero lanes."""
    runs: list[LaneRun] = []
    lanes = block.window_lanes
    start = 0
    for lane in range(1, len(lanes) + 1):
        if lane < len(lanes) and continues(int(lanes[lane - 1]), int(lanes[lane]), channels):
            continue
        first = int(lanes[start])
        if first == STALE_LANE:
            runs.append(LaneRun(start, lane - start, None, 0, STALE_VALUE))
        elif first == ZERO_LANE:
            runs.append(LaneRun(start, lane - start, None, 0, 0.0))
        else:
            runs.append(LaneRun(start, lane - start, first // channels, first % channels))
        start = lane
    return runs


def stale_lanes_share_exponents(
    blocks: Sequence[KBlock], activation_channels: int, channels: int
) -> bool:
    """Whether a face row of some K block — 16 consecutive lanes, one exponent when the act
    tilize rounds to bfloat8_b — holds real lanes beside lanes the reader leaves stale (a
    block's tail, the sticks' channel padding `channels…activation_channels−1`): their
    rounding then depends on what L1 held there (semantics.md §9.1)."""
    for block in blocks:
        lanes = [int(lane) for lane in block.window_lanes]
        for start in range(0, len(lanes), FACE_SIZE):
            face_row = lanes[start : start + FACE_SIZE]
            stale = [
                lane == STALE_LANE or lane % activation_channels >= channels
                for lane in face_row
                if lane != ZERO_LANE
            ]
            if any(stale) and not all(stale):
                return True
    return False


STALE_EXPONENT_WARNING = (
    "the act tilize rounds to bfloat8_b face rows that hold real lanes beside lanes the "
    "reader never writes: on a card this conv's output depends on what L1 held there; the "
    "run fills them with 1.0 (docs/semantics.md §9.1)"
)


def continues(previous: int, lane: int, channels: int) -> bool:
    """Whether `lane` extends the run ending in `previous`."""
    if previous < 0 or lane < 0:
        return previous == lane
    return lane == previous + 1 and lane // channels == previous // channels


def weight_runs(block: KBlock) -> list[WeightRun]:
    """The block's K tiles grouped into runs of consecutive weight tile rows (the weight
    reader fetches whole tiles: each K tile's 32 rows are one tile row of the weight)."""
    rows = [int(row) for row in block.weight_rows]
    tile_rows = [rows[k] // TILE_SIZE for k in range(0, len(rows), TILE_SIZE)]
    for k, tile_row in enumerate(tile_rows):
        whole = list(range(tile_row * TILE_SIZE, (tile_row + 1) * TILE_SIZE))
        if rows[k * TILE_SIZE : (k + 1) * TILE_SIZE] != whole:
            raise AssertionError("a K tile must read one whole weight tile row")
    runs: list[WeightRun] = []
    for position, row in enumerate(tile_rows):
        last = runs[-1] if runs else None
        if last is not None and last.tile_row + last.count == row:
            runs[-1] = WeightRun(last.first, last.count + 1, last.tile_row)
        else:
            runs.append(WeightRun(position, 1, row))
    return runs


def strided_window(
    source: SSAValue, offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
) -> SSAValue:
    """`memref.subview` of `source` at static offsets, sizes and strides (the sliding window
    and the folding as index arithmetic on the buffer's layout)."""
    source_type = memref_type(source)
    result = memref.SubviewOp.infer_result_type(source_type, offsets, sizes, strides)
    return memref.SubviewOp.get(source, offsets, sizes, strides, result).result


def matrix_view(buffer: SSAValue, rows: tuple[int, int], cols: tuple[int, int]) -> SSAValue:
    """Tile rows [a, b) and columns [c, d) of a [1, 1, R, C] memref of tiles, as a rank-2
    view."""
    (first_row, stop_row), (first_col, stop_col) = rows, cols
    return window(
        buffer,
        [0, 0, first_row, first_col],
        [1, 1, stop_row - first_row, stop_col - first_col],
        dropped=(0, 1),
    )


def fill(buffer: SSAValue, value: float) -> None:
    """`linalg.fill` of a row-major buffer (or window) with `value`."""
    element = memref_type(buffer).element_type
    constant = arith.ConstantOp(FloatAttr(value, cast(FloatAttr, element)))
    linalg.FillOp([constant.result], [buffer], res=())


def reader_sticks(activation: SSAValue, consumption: ConsumptionPlan, channels: int) -> SSAValue:
    """The sticks the activation reader reads, [N, Hp, Wp, channels] (see the module doc,
    step 1)."""
    window_ = consumption.window
    element = memref_type(activation).element_type
    top, bottom, left, right = window_.padding
    padded_h, padded_w = window_.height + top + bottom, window_.width + left + right
    sticks = zeros((window_.batch, padded_h, padded_w, channels), element)
    interior = (window_.batch, window_.height, window_.width)
    if channels > window_.channels:
        stale = window(
            sticks, [0, top, left, window_.channels], [*interior, channels - window_.channels]
        )
        fill(stale, STALE_VALUE)
    if consumption.fold_stride is None:
        copy(activation, window(sticks, [0, top, left, 0], [*interior, window_.channels]))
        return sticks
    batch, height, width, in_channels = memref_type(activation).get_shape()
    o_top, o_bottom, o_left, o_right = consumption.original_padding
    padded = zeros(
        (batch, height + o_top + o_bottom, width + o_left + o_right, in_channels), element
    )
    copy(activation, window(padded, [0, o_top, o_left, 0], [batch, height, width, in_channels]))
    stride_h, stride_w = consumption.fold_stride
    for i in range(stride_h):
        for j in range(stride_w):
            sub_pixels = strided_window(
                padded, [0, i, j, 0], [*interior, in_channels], [1, stride_h, stride_w, 1]
            )
            channel = (i * stride_w + j) * in_channels
            copy(sub_pixels, window(sticks, [0, 0, 0, channel], [*interior, in_channels]))
    return sticks


def flat_input(activation: SSAValue) -> SSAValue:
    """The NHWC input as the [N·H·W, Cin] matrix the matmul path tilizes."""
    batch, height, width, channels = memref_type(activation).get_shape()
    return collapse(activation, [[0, 1, 2], [3]], [batch * height * width, channels])


def collapse(buffer: SSAValue, groups: list[list[int]], shape: list[int]) -> SSAValue:
    """`memref.collapse_shape` of a contiguous buffer."""
    return memref.CollapseShapeOp(
        operands=[buffer],
        result_types=[MemRefType(memref_type(buffer).element_type, shape)],
        properties={"reassociation": reassociation(groups)},
    ).result


def expand(
    buffer: SSAValue, groups: list[list[int]], shape: list[int], strides: list[int] | None = None
) -> SSAValue:
    """`memref.expand_shape` of `buffer` into `shape` (each source dim split into the result
    dims of its group), with the result's `strides` (offset the source's) when the source is
    a strided view, else the identity layout."""
    source = memref_type(buffer)
    result = MemRefType(source.element_type, shape)
    if strides is not None:
        layout = source.layout
        offset = layout.get_offset() if isinstance(layout, StridedLayoutAttr) else 0
        result = MemRefType(source.element_type, shape, StridedLayoutAttr(strides, offset))
    return memref.ExpandShapeOp(
        operands=[buffer, []],
        result_types=[result],
        properties={
            "reassociation": reassociation(groups),
            "static_output_shape": DenseArrayBase.from_list(i64, shape),
        },
    ).result


def reassociation(groups: list[list[int]]) -> ArrayAttr[ArrayAttr[IntegerAttr]]:
    """A reshape's `reassociation` property: the dims of each group."""
    return ArrayAttr([ArrayAttr([IntegerAttr(d, i64) for d in group]) for group in groups])


def gather_block(
    sticks: SSAValue, block: KBlock, consumption: ConsumptionPlan, gathered: SSAValue
) -> None:
    """The activation block [N·OH·OW, BW] of one K block, written into `gathered`
    ([N, OH, OW, BW], every lane written: the K blocks share it): each run of lanes of tap
    (r, s) is the strided window sticks[n, oh·sH + r·dH, ow·sW + s·dW, c0 …]."""
    window_ = consumption.window
    kernel_w = window_.kernel[1]
    pixels = memref_type(gathered).get_shape()[:3]
    for group in tap_groups(lane_runs(block, consumption.activation_channels), kernel_w):
        run = group[0]
        lanes = window(gathered, [0, 0, 0, run.first], [*pixels, run.count * len(group)])
        if run.tap is None:
            fill(lanes, run.fill)
            continue
        r, s = divmod(run.tap, kernel_w)
        if len(group) > 1:
            copy(
                sliding_window(sticks, consumption, (r, s), len(group), run),
                split_lanes(lanes, len(group)),
            )
            continue
        offsets = [0, r * window_.dilation[0], s * window_.dilation[1], run.channel]
        strides = [1, window_.stride[0], window_.stride[1], 1]
        copy(strided_window(sticks, offsets, [*pixels, run.count], strides), lanes)


def tap_groups(runs: list[LaneRun], kernel_w: int) -> list[list[LaneRun]]:
    """The runs grouped where consecutive taps of one kernel row read the same channels into
    consecutive lanes (one sliding-window copy for the group); other runs alone."""
    groups: list[list[LaneRun]] = []
    for run in runs:
        last = groups[-1][-1] if groups else None
        if (
            last is not None
            and run.tap is not None
            and last.tap is not None
            and run.tap == last.tap + 1
            and run.tap // kernel_w == last.tap // kernel_w
            and (run.channel, run.count) == (last.channel, last.count)
            and run.first == last.first + last.count
        ):
            groups[-1].append(run)
        else:
            groups.append([run])
    return groups


def sliding_window(
    sticks: SSAValue, consumption: ConsumptionPlan, tap: tuple[int, int], taps: int, run: LaneRun
) -> SSAValue:
    """The sticks as [N, OH, OW, taps, count]: element (n, oh, ow, t, c) is
    sticks[n, oh·sH + r·dH, ow·sW + (s + t)·dW, c0 + c] — `taps` consecutive taps of kernel
    row r from (r, s), as one overlapping strided view of the contiguous sticks buffer
    (`memref.reinterpret_cast`)."""
    window_ = consumption.window
    batch, padded_h, padded_w, channels = memref_type(sticks).get_shape()
    out_h, out_w = window_.output_size
    (stride_h, stride_w), (dilation_h, dilation_w) = window_.stride, window_.dilation
    r, s = tap
    row, pixel = padded_w * channels, channels
    offset = r * dilation_h * row + s * dilation_w * pixel + run.channel
    sizes = [batch, out_h, out_w, taps, run.count]
    strides = [padded_h * row, stride_h * row, stride_w * pixel, dilation_w * pixel, 1]
    result = MemRefType(memref_type(sticks).element_type, sizes, StridedLayoutAttr(strides, offset))
    return memref.ReinterpretCastOp(sticks, [], [], [], [offset], sizes, strides, result).result


def split_lanes(lanes: SSAValue, taps: int) -> SSAValue:
    """A window [N, OH, OW, taps·count] of the gathered block as [N, OH, OW, taps, count]."""
    *pixels, width = memref_type(lanes).get_shape()
    *pixel_strides, _ = cast(StridedLayoutAttr, memref_type(lanes).layout).get_strides()
    shape = [*pixels, taps, width // taps]
    return expand(lanes, [[0], [1], [2], [3, 4]], shape, [*pixel_strides, width // taps, 1])


def tilize_keeps_values(source: DataType, tiles: DataType) -> bool:
    """Whether the act tilize from `source` values into `tiles` of its dtype changes no value
    (the same dtype, or bf16 into f32): the matmul can then read the row-major block itself,
    whose 32×32 blocks hold what the tiles would."""
    return source == tiles or (source, tiles) == (DataType.BFLOAT16, DataType.FLOAT32)


def padded_matrix(matrix: SSAValue, rows: int, cols: int) -> SSAValue:
    """A row-major matrix as [rows, cols] (whole tiles): itself, or copied into the top left
    corner of a zero buffer (the zeros the tilize pads with)."""
    shape = memref_type(matrix).get_shape()
    if tuple(shape) == (rows, cols):
        return matrix
    padded = zeros((rows, cols), memref_type(matrix).element_type)
    copy(matrix, window(padded, [0, 0], shape))
    return padded


def leading_rows_as_nhwc(matrix: SSAValue, pixels: Sequence[int]) -> SSAValue:
    """The first N·OH·OW rows of a row-major [R, BW] matrix viewed as [N, OH, OW, BW] (the
    same data; the rows beyond, whole tiles' padding, stay out of the view)."""
    rows, width = memref_type(matrix).get_shape()
    batch, height, width_out = pixels
    count = batch * height * width_out
    leading = matrix if count == rows else window(matrix, [0, 0], [count, width])
    strides = [height * width_out * width, width_out * width, width, 1]
    return expand(leading, [[0, 1, 2], [3]], [batch, height, width_out, width], strides)


def tilize_block(
    matrix: SSAValue, rows: int, cols: int, dtype: DataType, tiles: SSAValue | None = None
) -> SSAValue:
    """[rows/32, cols/32] tiles of `dtype` from a row-major matrix (zeros beyond its edges),
    into `tiles` (or a new buffer): the act tilize, rounding to `dtype` (bf16 nearest even,
    bfloat8_b a shared exponent per 16 K lanes of a pixel)."""
    if tiles is None:
        tiles = memref.AllocOp.get(
            tile.tile_type(dtype), shape=[rows // TILE_SIZE, cols // TILE_SIZE]
        ).memref
    source = data_type_of(memref_type(matrix).element_type)

    def body(indices: list[SSAValue]) -> None:
        row, col = indices
        block = tile.TilizeOp(matrix, [scaled(row, TILE_SIZE), scaled(col, TILE_SIZE)]).result
        if source != dtype:
            block = tile.TypecastOp(block, dtype).result
        tile.StoreOp(block, tiles, [row, col])

    loop_nest((rows // TILE_SIZE, cols // TILE_SIZE), body)
    return tiles


def convert_nest(source: SSAValue, dest: SSAValue, through: Sequence[DataType]) -> None:
    """Every tile of the rank-2 `source` converted through `through` (in order) into the
    rank-2 `dest` (same grid, the last dtype's tiles)."""
    rows, cols = memref_type(source).get_shape()

    def body(indices: list[SSAValue]) -> None:
        value = tile.LoadOp(source, indices).result
        for dtype in through:
            value = tile.TypecastOp(value, dtype).result
        tile.StoreOp(value, dest, indices)

    loop_nest((rows, cols), body)


def partials_dtype(op: ConvConsumeOp, output: DataType, k_blocks: int, bias: bool) -> DataType:
    """The format of the K-block partials (research §1.3, `get_cb_info`): fp32 / bf16 per
    fp32_dest_acc_en when the packer accumulates in L1 (packer_l1_acc and more than two K
    blocks, or more than one with a bias), else the output dtype."""
    packer_accumulates = op.flag("packer_l1_acc") and ((bias and k_blocks > 1) or k_blocks > 2)
    if packer_accumulates:
        return DataType.FLOAT32 if op.flag("fp32_dest_acc_en") else DataType.BFLOAT16
    return output


def accumulator_dtype(op: ConvConsumeOp) -> DataType:
    """DEST: f32 with fp32_dest_acc_en, else bf16."""
    return DataType.FLOAT32 if op.flag("fp32_dest_acc_en") else DataType.BFLOAT16


def round_partials(accumulator: SSAValue, stored: DataType, dest_dtype: DataType) -> None:
    """The partials packed to their CB format `stored` and reloaded into DEST between K
    blocks."""
    if stored == dest_dtype:
        return
    partials = memref.AllocOp.get(
        tile.tile_type(stored), shape=memref_type(accumulator).get_shape()
    ).memref
    convert_nest(accumulator, partials, [stored])
    convert_nest(partials, accumulator, [dest_dtype])


def zero_tiles(rows: int, cols: int, dtype: DataType, tiles: SSAValue | None = None) -> SSAValue:
    """A [rows, cols] memref of zero tiles (`tiles`, or a new buffer): each the tilize of one
    zero-filled 32×32 matrix."""
    element = tile.tile_type(DataType.FLOAT32).element_type
    matrix = zeros((TILE_SIZE, TILE_SIZE), element)
    if tiles is None:
        tiles = memref.AllocOp.get(tile.tile_type(dtype), shape=[rows, cols]).memref

    def body(indices: list[SSAValue]) -> None:
        block = tile.TilizeOp(matrix, [index(0), index(0)]).result
        if dtype != DataType.FLOAT32:
            block = tile.TypecastOp(block, dtype).result
        tile.StoreOp(block, tiles, indices)

    loop_nest((rows, cols), body)
    return tiles


def k_blocks_and_cores(
    consumption: ConsumptionPlan, weight_shape: tuple[int, int]
) -> tuple[list[KBlock], list[tuple[int, int]]]:
    """The K blocks in the kernels' order and each output-channel core's columns."""
    from ttnn_xdsl.conv.conv_consumption import ConsumptionPath, kernel_reads, matmul_blocks

    if consumption.path is ConsumptionPath.MATMUL:
        return matmul_blocks(consumption, weight_shape[0]), [(0, weight_shape[1])]
    reads = kernel_reads(consumption, weight_shape)
    return list(reads[0].k_blocks), [core.columns for core in reads]


def nhwc_activation(op: ConvConsumeOp, consumption: ConsumptionPlan) -> SSAValue:
    """The activation as [N, H, W, Cin]: as given, or viewed so from tt-mlir's flat
    [1, 1, N·H·W, Cin] (the same row-major data). H and W are the input's before folding:
    the folded window's times the fold stride, less the padding applied before folding."""
    shape = memref_type(op.activation).get_shape()
    window_ = consumption.window
    height, width = window_.height, window_.width
    if consumption.fold_stride is not None:
        top, bottom, left, right = consumption.original_padding
        height = height * consumption.fold_stride[0] - top - bottom
        width = width * consumption.fold_stride[1] - left - right
    nhwc = (window_.batch, height, width, shape[3])
    if tuple(shape) == nhwc:
        return op.activation
    if tuple(shape) != (1, 1, window_.batch * height * width, shape[3]):
        raise TTNNError(
            f"'{op.name}' op expected the activation as [N, H, W, C] {list(nhwc)} or "
            f"[1, 1, N·H·W, C] {[1, 1, window_.batch * height * width, shape[3]]}, got "
            f"{list(shape)}",
            op=op,
        )
    return nhwc_view(op.activation, nhwc)


def nhwc_view(flat: SSAValue, nhwc: Sequence[int]) -> SSAValue:
    """A flat [1, 1, N·H·W, C] buffer viewed as [N, H, W, C] (the same row-major data)."""
    batch, height, width, channels = nhwc
    rows = collapse(flat, [[0, 1, 2], [3]], [batch * height * width, channels])
    return expand(rows, [[0, 1, 2], [3]], list(nhwc))


def accumulates_in_result(op: ConvConsumeOp, row_tiles: int, weight_columns: int) -> bool:
    """Whether DEST's tiles can be the result's own: a TILE result of DEST's dtype with
    exactly the accumulator's tile rows and columns (no core padding rows, no weight columns
    beyond the output) — packing them would copy them unchanged."""
    output = tensor_info(op.result.type)
    if output.layout != Layout.TILE or output.dtype != accumulator_dtype(op):
        return False
    _, _, rows, cols = buffer_type(op.result.type).get_shape()
    return (rows, cols) == (row_tiles, weight_columns)


def store_output(op: ConvConsumeOp, accumulator: SSAValue) -> SSAValue:
    """The result buffer, from DEST's tiles (`accumulator`: at least the output's tile rows
    and columns): packed to the output dtype; a TILE result keeps the tiles, a ROW_MAJOR one
    (conv_config.output_layout = ROW_MAJOR: TT-NN untilizes the output, bf16 or f32 only)
    gets their values row-major — the same values, another layout."""
    output = tensor_info(op.result.type)
    dest_dtype = accumulator_dtype(op)
    result = allocate(op.result.type)
    through = [output.dtype] if output.dtype != dest_dtype else []
    result_shape = memref_type(result).get_shape()
    if output.layout == Layout.TILE:
        out_rows, out_cols = result_shape[2], result_shape[3]
        written = window(accumulator, [0, 0], [out_rows, out_cols])
        convert_nest(written, matrix_view(result, (0, out_rows), (0, out_cols)), through)
        return result
    rows, cols = result_shape[2], result_shape[3]
    plane = window(result, [0, 0, 0, 0], [1, 1, rows, cols], dropped=(0, 1))

    def body(indices: list[SSAValue]) -> None:
        value = tile.LoadOp(accumulator, indices).result
        for dtype in through:
            value = tile.TypecastOp(value, dtype).result
        tile.UntilizeOp(value, plane, [scaled(index, TILE_SIZE) for index in indices])

    loop_nest((-(-rows // TILE_SIZE), -(-cols // TILE_SIZE)), body)
    return result


@dataclass(frozen=True)
class RowBlocking:
    """The rows of N·OH·OW as the kernels split them, in tiles: `cores` cores of the shard
    layout (those holding output pixels: a core of padding rows only computes nothing the
    output keeps), each `core_tiles` tile rows, in activation blocks of `block_tiles`."""

    cores: int
    core_tiles: int
    block_tiles: int

    @property
    def blocks_per_core(self) -> int:
        return self.core_tiles // self.block_tiles

    @property
    def row_tiles(self) -> int:
        """The tile rows the cores hold (the output's, padded to whole cores)."""
        return self.cores * self.core_tiles


def row_blocking(op: ConvConsumeOp, pixels: int) -> RowBlocking:
    """The cores and activation blocks along N·OH·OW (`nhw_rows_per_core`,
    `act_block_h_ntiles`); a core whose rows are not whole activation blocks is one block."""
    core_tiles = max(1, op.integer("nhw_rows_per_core") // TILE_SIZE)
    block_tiles = op.integer("act_block_h_ntiles")
    if block_tiles < 1 or core_tiles % block_tiles:
        block_tiles = core_tiles
    pixel_tiles = round_up(pixels, TILE_SIZE) // TILE_SIZE
    cores = -(-pixel_tiles // core_tiles)
    return RowBlocking(cores, core_tiles, block_tiles)


def column_cores(cores: list[tuple[int, int]]) -> tuple[int, int] | None:
    """(count, tiles per core) when the output-channel cores split the columns from 0 into
    equal contiguous ranges (one loop over them), else None."""
    width = cores[0][1] - cores[0][0]
    for position, (first, stop) in enumerate(cores):
        if (first, stop) != (position * width, (position + 1) * width):
            return None
    return len(cores), width // TILE_SIZE


def block_matmuls(
    activation: SSAValue,
    weight: SSAValue,
    accumulator: SSAValue,
    run: WeightRun,
    rows: RowBlocking,
    columns: tuple[int, int, int],
    math_fidelity: str,
    cleared: bool = False,
) -> None:
    """One K block's weight run for every core along N·OH·OW, activation block and
    output-channel core: a loop nest (run in bulk) whose `tile.matmul` (at `math_fidelity`)
    reads the block's activation tile rows (of its tiles, or of its row-major matrix:
    32 rows a tile row), the run's weight tile rows of the core's columns and accumulates
    into the block's rows and the core's columns (`cleared`: into a DEST cleared first, the
    conv's first product). `columns` is (cores, tiles per core, the first core's first
    tile)."""
    column_count, column_tiles, first_column = columns
    counts = (rows.cores, rows.blocks_per_core, column_count)
    # Elements per tile row and column of the activation: 1 for tiles, 32 for a matrix.
    unit = 1 if isinstance(memref_type(activation).element_type, tile.TileType) else TILE_SIZE

    def body(indices: list[SSAValue]) -> None:
        core, block, column_core = (
            (value, count) for value, count in zip(indices, counts, strict=True)
        )
        row = index_expression(*looped(core, rows.core_tiles), *looped(block, rows.block_tiles))
        act_row = index_expression(
            *looped(core, rows.core_tiles * unit), *looped(block, rows.block_tiles * unit)
        )
        column = index_expression(*looped(column_core, column_tiles), first_column)
        act = window(
            activation, [act_row, run.first * unit], [rows.block_tiles * unit, run.count * unit]
        )
        partial = window(accumulator, [row, column], [rows.block_tiles, column_tiles])
        weights = window(
            weight,
            [0, 0, run.tile_row, column],
            [1, 1, run.count, column_tiles],
            dropped=(0, 1),
        )
        tile.MatmulOp(act, weights, partial, math_fidelity, cleared)

    loop_nest(counts, body)


def columns_covered(column_loops: list[tuple[int, int, int]], weight_columns: int) -> bool:
    """Whether the output-channel cores' matmuls write every tile column of DEST (each
    `(cores, tiles per core, first tile)` loop a run of columns)."""
    written = {
        first + column for count, tiles, first in column_loops for column in range(count * tiles)
    }
    return written == set(range(weight_columns))


def looped(variable: tuple[SSAValue, int], factor: int) -> list[tuple[SSAValue, int]]:
    """The term variable·factor of an index, none for a loop of one trip (its variable is
    0): the offsets of a single core or block stay static."""
    value, count = variable
    return [(value, factor)] if count > 1 else []


@dataclass
class LowerConvConsume(RewritePattern):
    """`ttnn.conv2d_consume` → sticks, per K block a gathered and tilized activation block
    and `tile.matmul` per output-channel core, the bias, the output (see the module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvConsumeOp, rewriter: PatternRewriter) -> None:
        from ttnn_xdsl.conv.conv_consumption import ConsumptionPath

        consumption = op.consumption()
        if consumption.path is ConsumptionPath.DEPTHWISE_1D:
            return  # elementwise taps: lower_depthwise_conv1d's pattern
        output = tensor_info(op.result.type)
        weight_tiles = memref_type(op.weight).get_shape()[2:]
        weight_shape = (weight_tiles[0] * TILE_SIZE, weight_tiles[1] * TILE_SIZE)
        blocks, cores = k_blocks_and_cores(consumption, weight_shape)
        window_ = consumption.window
        pixels = window_.pixels
        rows = row_blocking(op, pixels)
        uniform = column_cores(cores)
        if uniform is not None:
            column_loops = [(uniform[0], uniform[1], 0)]
        else:
            column_loops = [
                (1, (stop - first) // TILE_SIZE, first // TILE_SIZE) for first, stop in cores
            ]
        dest_dtype = accumulator_dtype(op)
        stored = partials_dtype(op, output.dtype, len(blocks), op.bias is not None)
        with lowering(rewriter, op) as results:
            result = None
            # DEST is cleared by the first K block's first matmul into each tile where those
            # write every tile; else it starts as zero tiles.
            cleared = bool(weight_runs(blocks[0])) and columns_covered(
                column_loops, weight_tiles[1]
            )
            if accumulates_in_result(op, rows.row_tiles, weight_tiles[1]):
                # DEST's tiles are the result's: no output-sized copy at the end.
                result = allocate(op.result.type)
                accumulator = matrix_view(result, (0, rows.row_tiles), (0, weight_tiles[1]))
            else:
                accumulator = memref.AllocOp.get(
                    tile.tile_type(dest_dtype), shape=[rows.row_tiles, weight_tiles[1]]
                ).memref
            if not cleared:
                zero_tiles(rows.row_tiles, weight_tiles[1], dest_dtype, accumulator)
            activation = nhwc_activation(op, consumption)
            if consumption.path is ConsumptionPath.MATMUL:
                # The matmul path tilizes the (folded) input itself: K padding is zeros.
                sticks = activation
                if consumption.fold_stride is not None:
                    sticks = reader_sticks(activation, consumption, window_.channels)
                sticks = flat_input(sticks)
            else:
                sticks = reader_sticks(activation, consumption, consumption.activation_channels)
            out_h, out_w = window_.output_size
            pixel_grid = (window_.batch, out_h, out_w)
            # One K block's activation block (and its tiles) at a time: the K blocks share
            # them (all of a conv's K blocks have the same lanes).
            lanes = len(blocks[0].window_lanes)
            matrix_rows = rows.row_tiles * TILE_SIZE
            element = memref_type(sticks).element_type
            source_dtype = data_type_of(element)
            assert source_dtype is not None, "the activation is bf16 or f32 (verified)"
            # Where the act tilize changes no value the matmuls read the row-major block
            # (its rows padded to the cores' whole tiles with the zeros the tilize adds).
            row_major = tilize_keeps_values(source_dtype, output.dtype)
            if (
                output.dtype == DataType.BFLOAT8_B
                and consumption.path is not ConsumptionPath.MATMUL
                and stale_lanes_share_exponents(
                    blocks, consumption.activation_channels, window_.channels
                )
            ):
                warn(STALE_EXPONENT_WARNING, op=op)
            gathered = None
            if consumption.path is ConsumptionPath.MATMUL:
                matrix = padded_matrix(sticks, matrix_rows, lanes) if row_major else sticks
            elif row_major:
                matrix = zeros((matrix_rows, lanes), element)
                gathered = leading_rows_as_nhwc(matrix, pixel_grid)
            else:
                gathered = memref.AllocOp.get(element, shape=[*pixel_grid, lanes]).memref
                matrix = collapse(gathered, [[0, 1, 2], [3]], [math.prod(pixel_grid), lanes])
            activation = matrix
            if not row_major:
                activation = memref.AllocOp.get(
                    tile.tile_type(output.dtype), shape=[rows.row_tiles, lanes // TILE_SIZE]
                ).memref
            for position, block in enumerate(blocks):
                if gathered is not None:
                    gather_block(sticks, block, consumption, gathered)
                assert len(block.window_lanes) == lanes, "K blocks of one conv have equal lanes"
                if not row_major:
                    tilize_block(matrix, matrix_rows, lanes, output.dtype, activation)
                for columns in column_loops:
                    for run_position, run in enumerate(weight_runs(block)):
                        block_matmuls(
                            activation,
                            op.weight,
                            accumulator,
                            run,
                            rows,
                            columns,
                            op.math_fidelity.data,
                            cleared and position == 0 and run_position == 0,
                        )
                last = position == len(blocks) - 1
                if not last or op.bias is not None:
                    round_partials(accumulator, stored, dest_dtype)
            if op.bias is not None:
                add_bias(op.bias, accumulator, rows.row_tiles, weight_tiles[1])
            if op.fused_activation is not None:  # relu (verified): the packer's, as it packs
                tile.ReluOp(accumulator)
            results.append(result if result is not None else store_output(op, accumulator))


def add_bias(bias: SSAValue, accumulator: SSAValue, row_tiles: int, weight_columns: int) -> None:
    """`tile.add_row` of the prepared bias over the accumulator's tile columns the bias has.
    A weight padded wider than its bias (conv_transpose2d's 1×1 convs on TT-NN's DRAM path:
    the weight's width padded to its cores, the bias to whole tiles of Cout) leaves the extra
    columns without bias: they are beyond Cout, so the output never holds them."""
    bias_columns = min(memref_type(bias).get_shape()[3], weight_columns)
    target = accumulator
    if bias_columns < weight_columns:
        target = window(accumulator, [0, 0], [row_tiles, bias_columns])
    tile.AddRowOp(matrix_view(bias, (0, 1), (0, bias_columns)), target)


class LowerZeroStuff(RewritePattern):
    """zero_stuff → a zero-filled [N, full_H, full_W, C] buffer and one copy of the input's
    kept pixels into its strided window (`memref.subview` with the op's stride): no loops."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ZeroStuffOp, rewriter: PatternRewriter) -> None:
        shape = tensor_info(op.result.type).shape
        batch, channels = shape[0], shape[3]
        (first_row, rows), (first_col, cols) = op.kept_pixels(0), op.kept_pixels(1)
        stride, offset = op.pair("stride"), op.pair("offset")
        with lowering(rewriter, op) as results:
            element = memref_type(op.input).element_type
            full = zeros(shape, element)
            results.append(full)
            if rows == 0 or cols == 0:
                return
            image = (batch, *op.pair("input_size"), channels)
            source = op.input
            if tuple(memref_type(source).get_shape()) != image:  # the flat [1, 1, N·H·W, C]
                source = nhwc_view(source, image)
            sizes = [batch, rows, cols, channels]
            kept = window(source, [0, first_row, first_col, 0], sizes)
            places = [0, offset[0] + first_row * stride[0], offset[1] + first_col * stride[1], 0]
            strides = [1, stride[0], stride[1], 1]
            view_type = memref.SubviewOp.infer_result_type(
                memref_type(full), places, sizes, strides
            )
            stuffed = memref.SubviewOp.get(full, places, sizes, strides, view_type).result
            copy(kept, stuffed)


CONV2D_PATTERNS: tuple[RewritePattern, ...] = (LowerConvConsume(), LowerZeroStuff())
"""The conv2d lowering's patterns (registered in convert-ttnn-to-tiles)."""

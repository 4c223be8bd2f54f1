"""Tiled-loop lowerings of the conv weight/bias layout ops (semantics.md §3.6), used by
`convert-ttnn-to-tiles`.

Each layout op becomes loops over kernel positions and channel blocks whose bodies move 2D
windows of the OIHW weight (`memref.subview` + `linalg.transpose` / `linalg.copy` /
`linalg.broadcast`) into a zero-filled row-major matrix, then a loop over the matrix's tiles
that tilizes each 32×32 window and converts it to the result dtype (`tile.tilize`,
`tile.typecast`, `tile.store`). The channel padding of semantics.md §3.3 step 8 is an explicit first
step: the weight is copied into a zero-filled [padded O, padded I, KH, KW] buffer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import (
    DenseArrayBase,
    FloatAttr,
    MemRefType,
    StridedLayoutAttr,
    i64,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from ttnn_xdsl.conv.conv_layout_geometry import WeightMatrixMap
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.dialect.conv_layout_ops import (
    ConvBiasLayoutOp,
    ConvWeightsDepthwiseLayoutOp,
    ConvWeightsFoldKernelStrideOp,
    ConvWeightsGroupedLayoutOp,
    ConvWeightsIOHWToOIHWOp,
    ConvWeightsMatrixLayoutOp,
    ConvWeightsMirrorKernelOp,
)
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.dialect.types import data_type_of
from ttnn_xdsl.passes.loops import copy, index, loop_nest, memref_type, scaled
from ttnn_xdsl.passes.lowering import allocate, lowering

Offset = SSAValue | int


def zeros(shape: Sequence[int], element_type: Attribute) -> SSAValue:
    """A zero-filled row-major buffer (`memref.alloc` + `linalg.fill`)."""
    buffer = memref.AllocOp.get(element_type, shape=shape).memref
    zero = arith.ConstantOp(FloatAttr(0.0, cast(FloatAttr, element_type)))
    linalg.FillOp([zero.result], [buffer], res=())
    return buffer


def window(
    source: SSAValue, offsets: Sequence[Offset], sizes: Sequence[int], dropped: Sequence[int] = ()
) -> SSAValue:
    """`memref.subview` of `source` at `offsets` (static ints or index values) with unit
    strides, dropping the unit dims listed in `dropped` (a rank-reducing subview)."""
    source_type = memref_type(source)
    full = memref.SubviewOp.infer_result_type(source_type, offsets, sizes, [1] * len(sizes))
    layout = cast(StridedLayoutAttr, full.layout)
    strides = layout.get_strides()
    offset = layout.get_offset()
    kept = [d for d in range(len(sizes)) if d not in dropped]
    assert all(sizes[d] == 1 for d in dropped), "only unit dims can be dropped"
    result_type = MemRefType(
        source_type.element_type,
        [sizes[d] for d in kept],
        StridedLayoutAttr([strides[d] for d in kept], offset),
        source_type.memory_space,
    )
    return memref.SubviewOp.get(source, offsets, sizes, [1] * len(sizes), result_type).result


def index_expression(*terms: tuple[SSAValue, int] | int) -> Offset:
    """Σ value·factor + constants as index arithmetic (constants fold into one int)."""
    constant = sum(t for t in terms if isinstance(t, int))
    result: SSAValue | None = None
    for term in terms:
        if isinstance(term, int):
            continue
        value, factor = term
        product = value if factor == 1 else scaled(value, factor)
        result = product if result is None else arith.AddiOp(result, product).result
    if result is None:
        return constant
    return result if constant == 0 else arith.AddiOp(result, index(constant)).result


def pad_channels(weight: SSAValue, padded_out: int, padded_in: int) -> SSAValue:
    """The weight zero-padded to [padded_out, padded_in, KH, KW] (semantics.md §3.3 step 8); the
    weight itself when no padding is needed."""
    out_channels, in_channels, kernel_height, kernel_width = memref_type(weight).get_shape()
    if (padded_out, padded_in) == (out_channels, in_channels):
        return weight
    padded = zeros(
        (padded_out, padded_in, kernel_height, kernel_width), memref_type(weight).element_type
    )
    copy(weight, window(padded, [0, 0, 0, 0], memref_type(weight).get_shape()))
    return padded


def tilize_matrix(matrix: SSAValue, result: SSAValue) -> None:
    """Loops over the tiles of a row-major [rows, cols] matrix: tilize each 32×32 window,
    convert it to the result's tile dtype, store it at [0, 0, tile row, tile col]."""
    rows, cols = memref_type(matrix).get_shape()
    target = cast(tile.TileType, memref_type(result).element_type)
    source_dtype = data_type_of(memref_type(matrix).element_type)

    def body(indices: list[SSAValue]) -> None:
        row, col = indices
        block = tile.TilizeOp(matrix, [scaled(row, TILE_SIZE), scaled(col, TILE_SIZE)]).result
        if source_dtype != target.dtype:
            block = tile.TypecastOp(block, target.dtype).result
        zero = index(0)
        tile.StoreOp(block, result, [zero, zero, row, col])

    loop_nest((rows // TILE_SIZE, cols // TILE_SIZE), body)


def transpose_kernel_taps(
    weight: SSAValue,
    matrix: SSAValue,
    row_offset: Callable[[SSAValue, SSAValue], Offset],
    out_channels: int,
    in_channels: int,
) -> None:
    """For every kernel position (r, s): `matrix[row_offset(r, s) + i, o] = weight[o, i, r, s]`
    for o < out_channels, i < in_channels (a transposed 2D window copy)."""
    _, _, kernel_height, kernel_width = memref_type(weight).get_shape()

    def body(indices: list[SSAValue]) -> None:
        r, s = indices
        source = window(weight, [0, 0, r, s], [out_channels, in_channels, 1, 1], dropped=(2, 3))
        dest = window(matrix, [row_offset(r, s), 0], [in_channels, out_channels])
        linalg.TransposeOp(source, dest, _permutation((1, 0)))

    loop_nest((kernel_height, kernel_width), body)


def _permutation(values: Sequence[int]) -> Attribute:
    return DenseArrayBase.from_list(i64, values)


@dataclass
class LowerMatrixLayout(RewritePattern):
    """A conv weight layout op → pad, window moves into a zero matrix, tilize + convert. Where
    each element goes is the op's `matrix_map` (its layout's one geometry function)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvWeightsMatrixLayoutOp, rewriter: PatternRewriter) -> None:
        weight_shape = memref_type(op.input).get_shape()
        layout = op.matrix_map(weight_shape)
        with lowering(rewriter, op) as results:
            padded_out, padded_in = op.padded_channels(weight_shape)
            weight = pad_channels(op.input, padded_out, padded_in)
            matrix = zeros(layout.shape, memref_type(op.input).element_type)
            if layout.sharded:
                move_shards(weight, matrix, layout)
            else:
                # M[r·kernel_row_rows + s·tap_rows + i, o]
                transpose_kernel_taps(
                    weight,
                    matrix,
                    lambda r, s: index_expression(
                        (r, layout.kernel_row_rows), (s, layout.tap_rows)
                    ),
                    padded_out,
                    padded_in,
                )
            dest = allocate(op.result.type)
            tilize_matrix(matrix, dest)
            results.append(dest)


def move_shards(weight: SSAValue, matrix: SSAValue, layout: WeightMatrixMap) -> None:
    """`M[ic·shard_rows + r·kernel_row_rows + s·tap_rows + c, oc·shard_cols + k] =
    W[oc·shard_out + k, ic·shard_in + c, r, s]` (`WeightMatrixMap`): one transposed window
    per (input shard, output shard, kernel position)."""
    _, _, kernel_height, kernel_width = memref_type(weight).get_shape()
    shard_in, shard_out = layout.shard_in, layout.shard_out

    def body(indices: list[SSAValue]) -> None:
        ic, oc, r, s = indices
        source = window(
            weight,
            [index_expression((oc, shard_out)), index_expression((ic, shard_in)), r, s],
            [shard_out, shard_in, 1, 1],
            dropped=(2, 3),
        )
        row = index_expression(
            (ic, layout.shard_rows), (r, layout.kernel_row_rows), (s, layout.tap_rows)
        )
        dest = window(
            matrix, [row, index_expression((oc, layout.shard_cols))], [shard_in, shard_out]
        )
        linalg.TransposeOp(source, dest, _permutation((1, 0)))

    loop_nest((layout.in_shards, layout.out_shards, kernel_height, kernel_width), body)


@dataclass
class LowerGroupedLayout(RewritePattern):
    """grouped → copy each group's [O/g, I/g, KH, KW] block onto the diagonal of a zero
    [O, I, KH, KW] weight (semantics.md §3.6.5)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvWeightsGroupedLayoutOp, rewriter: PatternRewriter) -> None:
        groups = op.value_of("groups")
        out_channels, group_in, kernel_height, kernel_width = memref_type(op.input).get_shape()
        group_out = out_channels // groups
        with lowering(rewriter, op) as results:
            expanded = zeros(tensor_info(op.result.type).shape, memref_type(op.input).element_type)
            block = [group_out, group_in, kernel_height, kernel_width]

            def body(indices: list[SSAValue]) -> None:
                (group,) = indices
                first_out = index_expression((group, group_out))
                source = window(op.input, [first_out, 0, 0, 0], block)
                dest = window(
                    expanded, [first_out, index_expression((group, group_in)), 0, 0], block
                )
                copy(source, dest)

            loop_nest((groups,), body)
            results.append(expanded)


@dataclass
class LowerDepthwiseLayout(RewritePattern):
    """1D depthwise → broadcast each kernel tap's column of O values over A = ntiles·32
    channels: `out[o, p·A + j, 0, 0] = in[o, 0, p // KW, p % KW]` (semantics.md §3.6.6)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: ConvWeightsDepthwiseLayoutOp, rewriter: PatternRewriter
    ) -> None:
        repeat = op.value_of("act_block_h_ntiles") * TILE_SIZE
        out_channels, _, kernel_height, kernel_width = memref_type(op.input).get_shape()
        with lowering(rewriter, op) as results:
            expanded = zeros(tensor_info(op.result.type).shape, memref_type(op.input).element_type)

            def body(indices: list[SSAValue]) -> None:
                kh, kw = indices
                tap = window(op.input, [0, 0, kh, kw], [out_channels, 1, 1, 1], dropped=(1, 2, 3))
                first = index_expression((kh, kernel_width * repeat), (kw, repeat))
                dest = window(
                    expanded, [0, first, 0, 0], [out_channels, repeat, 1, 1], dropped=(2, 3)
                )
                linalg.BroadcastOp(tap, dest, _permutation((1,)))

            loop_nest((kernel_height, kernel_width), body)
            results.append(expanded)


@dataclass
class LowerFoldKernelStride(RewritePattern):
    """kernel-stride fold → for each stride phase (p, q) and folded tap (a, b), copy the
    [O, I] plane of kernel position (a·sH + p, b·sW + q) into channels (p·sW + q)·I … of
    position (a, b) (semantics.md §3.6.7). Every index is affine in the loops (the kernel is
    first zero-padded to whole strides, so no position is out of range and no remainder or
    quotient of a loop index is needed): the nest runs in bulk."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: ConvWeightsFoldKernelStrideOp, rewriter: PatternRewriter
    ) -> None:
        stride_h, stride_w = op.value_of("stride")
        out_channels, in_channels, kernel_height, kernel_width = memref_type(op.input).get_shape()
        element = memref_type(op.input).element_type
        with lowering(rewriter, op) as results:
            _, _, folded_height, folded_width = tensor_info(op.result.type).shape
            whole = (out_channels, in_channels, folded_height * stride_h, folded_width * stride_w)
            weight = op.input
            if whole[2:] != (kernel_height, kernel_width):
                weight = zeros(whole, element)
                copy(op.input, window(weight, [0, 0, 0, 0], memref_type(op.input).get_shape()))
            folded = zeros(tensor_info(op.result.type).shape, element)
            plane = [out_channels, in_channels, 1, 1]

            def body(indices: list[SSAValue]) -> None:
                p, q, a, b = indices
                kernel_row = index_expression((a, stride_h), (p, 1))
                kernel_column = index_expression((b, stride_w), (q, 1))
                source = window(weight, [0, 0, kernel_row, kernel_column], plane, dropped=(2, 3))
                channel = index_expression((p, stride_w * in_channels), (q, in_channels))
                dest = window(folded, [0, channel, a, b], plane, dropped=(2, 3))
                copy(source, dest)

            loop_nest((stride_h, stride_w, folded_height, folded_width), body)
            results.append(folded)


@dataclass
class LowerIOHWToOIHW(RewritePattern):
    """IOHW → OIHW: for each group q and kernel position (r, s), the [I/g, O/g] plane of the
    group's input channels is transposed into the [O/g, I/g] block at (q·(O/g), q·(I/g)) of a
    zero [O, I, KH, KW] weight: `out[q·(O/g) + c, q·(I/g) + j, r, s] = in[q·(I/g) + j, c, r, s]`
    (semantics.md §7.3)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvWeightsIOHWToOIHWOp, rewriter: PatternRewriter) -> None:
        groups = op.value_of("groups")
        in_channels, group_out, kernel_height, kernel_width = memref_type(op.input).get_shape()
        group_in = in_channels // groups
        with lowering(rewriter, op) as results:
            oihw = zeros(tensor_info(op.result.type).shape, memref_type(op.input).element_type)

            def body(indices: list[SSAValue]) -> None:
                group, r, s = indices
                first_in = index_expression((group, group_in))
                source = window(
                    op.input, [first_in, 0, r, s], [group_in, group_out, 1, 1], dropped=(2, 3)
                )
                dest = window(
                    oihw,
                    [index_expression((group, group_out)), first_in, r, s],
                    [group_out, group_in, 1, 1],
                    dropped=(2, 3),
                )
                linalg.TransposeOp(source, dest, _permutation((1, 0)))

            loop_nest((groups, kernel_height, kernel_width), body)
            results.append(oihw)


@dataclass
class LowerMirrorKernel(RewritePattern):
    """Kernel mirror → for each kernel position (r, s), the [O, I] plane of position
    (KH − 1 − r, KW − 1 − s) copied to (r, s) (semantics.md §7.3): the source index is affine
    in the loops with coefficient −1, so the nest runs in bulk."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvWeightsMirrorKernelOp, rewriter: PatternRewriter) -> None:
        shape = memref_type(op.input).get_shape()
        out_channels, in_channels, kernel_height, kernel_width = shape
        with lowering(rewriter, op) as results:
            mirrored = memref.AllocOp.get(memref_type(op.input).element_type, shape=shape).memref
            plane = [out_channels, in_channels, 1, 1]

            def body(indices: list[SSAValue]) -> None:
                r, s = indices
                flipped = [index_expression((r, -1), kernel_height - 1)]
                flipped.append(index_expression((s, -1), kernel_width - 1))
                source = window(op.input, [0, 0, *flipped], plane, dropped=(2, 3))
                copy(source, window(mirrored, [0, 0, r, s], plane, dropped=(2, 3)))

            loop_nest((kernel_height, kernel_width), body)
            results.append(mirrored)


@dataclass
class LowerBiasLayout(RewritePattern):
    """bias → row 0 of a zero [32, width] matrix, tilized and converted (semantics.md §3.4)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvBiasLayoutOp, rewriter: PatternRewriter) -> None:
        out_channels = memref_type(op.input).get_shape()[3]
        with lowering(rewriter, op) as results:
            matrix = zeros((TILE_SIZE, op.value_of("width")), memref_type(op.input).element_type)
            source = window(op.input, [0, 0, 0, 0], [1, 1, 1, out_channels], dropped=(0, 1, 2))
            copy(source, window(matrix, [0, 0], [1, out_channels], dropped=(0,)))
            dest = allocate(op.result.type)
            tilize_matrix(matrix, dest)
            results.append(dest)


CONV_LAYOUT_PATTERNS: tuple[RewritePattern, ...] = (
    LowerMatrixLayout(),
    LowerGroupedLayout(),
    LowerDepthwiseLayout(),
    LowerFoldKernelStride(),
    LowerIOHWToOIHW(),
    LowerMirrorKernel(),
    LowerBiasLayout(),
)
"""The lowerings of every conv layout op."""

"""Lowering of `ttnn.conv2d_consume` on the 1D depthwise path (`path = "depthwise_1d"`,
docs/semantics.md §9.2 and §9.7): TT-NN 0.81.1's `reader_depthwise_conv1d` and
`compute_depthwise_conv1d` as tiled loop IR. The taps are elementwise, not a matmul:

    y[m, c] = Σ_s x[T(m) + s, c] · M[s·A + p(m), c]      A = act_block_h_ntiles·32

with p(m) the pixel's row in its activation block. Per tap s (K block s):

1. the activation block: the reader's sticks (`lower_conv2d.reader_sticks`: zero-padded
   input, stale channel padding) at tap s as a strided window, every output pixel a row, the
   block's lanes beyond the sticks' channels stale too, tilized and rounded to the output
   dtype (the act tilize);
2. `tile.multiply` of those tiles (SrcA) by the weight's tile rows [s·abh, (s+1)·abh)
   (SrcB), which every activation block reads again — the prepared weight repeats each tap A
   times for exactly this — into DEST (f32 or bf16), at the op's math fidelity;
3. the running sum: with the taps' reads coalesced (the factory's `act_block_w` is
   round_up(C·KW, 32): one read of KW·C lanes) the products accumulate in DEST
   (`mul_tiles` accumulating); otherwise (`act_block_w` = round_up(C, 32), one K block per
   tap) DEST gets the tap's product, then `tile.add` of the previous taps' partial, and the
   sum is packed to the output dtype (the scratch buffer shares its format) after every tap
   but the last.

When the weight and the output are f32 the kernel runs the same steps on the SFPU (f32
products and sums, no fidelity phases). The output is written by `lower_conv2d.store_output`
(TILE or ROW_MAJOR)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects import memref
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import TTNNError, warn
from ttnn_xdsl.core.shapes import FACE_SIZE, TILE_SIZE, round_up
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.dialect.conv2d_ops import ConvConsumeOp
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.passes.loops import copy, memref_type
from ttnn_xdsl.passes.lower_conv2d import (
    STALE_EXPONENT_WARNING,
    STALE_VALUE,
    accumulator_dtype,
    collapse,
    convert_nest,
    fill,
    matrix_view,
    nhwc_activation,
    reader_sticks,
    store_output,
    strided_window,
    tilize_block,
)
from ttnn_xdsl.passes.lower_conv_layouts import window as window_of
from ttnn_xdsl.passes.lowering import lowering

if TYPE_CHECKING:
    from ttnn_xdsl.conv.conv_consumption import ConsumptionPlan


def coalesced_reads(consumption: ConsumptionPlan) -> bool:
    """Whether the factory coalesced the taps' reads into one K block of KW·C lanes (research
    §5.3: act_block_w = round_up(C·(coalesce ? KW : 1), 32), which TT-NN checks — "1D
    depthwise activation block width mismatch"). The coalesced compute kernel exists for
    KW > 1 and whole tiles of channels per tap (it static_asserts that the block's tiles split
    into the taps); other convs are lowered as the per-tap kernel — which of the two TT-NN
    runs for them is not known (semantics.md §9.7)."""
    kernel_w = consumption.window.kernel[1]
    channels = consumption.activation_channels
    whole_tiles = channels % TILE_SIZE == 0
    coalesced_width = consumption.act_block_w == round_up(channels * kernel_w, TILE_SIZE)
    return kernel_w > 1 and whole_tiles and coalesced_width


def runs_on_the_sfpu(op: ConvConsumeOp) -> bool:
    """`compute_depthwise_conv1d`'s f32 form (`fp32_operands`): weight and output f32 — every
    operand reaches DEST unrounded and the SFPU multiplies, with no fidelity phases."""
    weight = tile.tile_dtype(memref_type(op.weight).element_type)
    output = tensor_info(op.result.type).dtype
    return weight == output == DataType.FLOAT32


def depthwise_refusal(op: ConvConsumeOp, consumption: ConsumptionPlan) -> str | None:
    """Why this op's depthwise conv is not lowered (TT-NN's own refusal where it has one), or
    None."""
    window = consumption.window
    taps = window.taps
    block_rows = consumption.act_block_h_ntiles * TILE_SIZE
    shard_rows = op.integer("nhw_rows_per_core")
    weight_rows = memref_type(op.weight).get_shape()[2] * TILE_SIZE
    if op.bias is not None:
        return "Bias is not supported for depthwise conv1d"
    if consumption.fold_stride is not None or window.dilation != (1, 1) or window.kernel[0] != 1:
        return (
            "the 1D depthwise lowering covers an unfolded conv with a 1×k kernel and no "
            "dilation (TT-NN 0.81.1's reader steps one stick per tap whatever the dilation)"
        )
    if shard_rows % block_rows:
        return (
            f"the 1D depthwise lowering needs whole activation blocks per core "
            f"({shard_rows} rows per core, blocks of {block_rows})"
        )
    if taps * block_rows > weight_rows:
        return (
            f"the 1D depthwise kernel reads weight row {taps * block_rows - 1} but the prepared "
            f"weight has {weight_rows} rows"
        )
    return None


def tap_matrix(sticks: SSAValue, consumption: ConsumptionPlan, tap: int, lanes: int) -> SSAValue:
    """[N·OH·OW, max(C, lanes)]: the stick tap `tap` reads for every output pixel, T(m) + tap
    — the window sticks[n, oh·sH, ow·sW + tap, :] (kernel height 1) —, then up to `lanes`
    (the activation block's width) the lanes the reader never writes, holding STALE_VALUE
    (semantics.md §9.1)."""
    window = consumption.window
    out_h, out_w = window.output_size
    channels = consumption.activation_channels
    width = max(channels, lanes)
    pixels = [window.batch, out_h, out_w]
    element = memref_type(sticks).element_type
    gathered = memref.AllocOp.get(element, shape=[*pixels, width]).memref
    strides = [1, window.stride[0], window.stride[1], 1]
    read = window_of(gathered, [0, 0, 0, 0], [*pixels, channels])
    copy(strided_window(sticks, [0, 0, tap, 0], [*pixels, channels], strides), read)
    if width > channels:
        fill(window_of(gathered, [0, 0, 0, channels], [*pixels, width - channels]), STALE_VALUE)
    return collapse(gathered, [[0, 1, 2], [3]], [window.pixels, width])


def lower_depthwise_conv1d(
    op: ConvConsumeOp, consumption: ConsumptionPlan, rewriter: PatternRewriter
) -> None:
    """Replace the op by its 1D depthwise lowering (see the module doc)."""
    problem = depthwise_refusal(op, consumption)
    if problem is not None:
        raise TTNNError(f"'{op.name}' op convert-ttnn-to-tiles: {problem}", op=op)
    output = tensor_info(op.result.type).dtype
    dest_dtype = accumulator_dtype(op)
    block_tiles = consumption.act_block_h_ntiles
    # Whole activation blocks: each reads the weight's block of abh tile rows again.
    pixel_tiles = round_up(consumption.window.pixels, block_tiles * TILE_SIZE) // TILE_SIZE
    columns = memref_type(op.weight).get_shape()[3]
    sfpu = runs_on_the_sfpu(op)
    fidelity = "HiFi4" if sfpu else op.math_fidelity.data
    in_dest = coalesced_reads(consumption) and not sfpu
    taps = consumption.window.taps
    # A pixel's channels are its lanes: a face row holds real and stale ones where the real
    # channels end inside one (semantics.md §9.1).
    real = consumption.window.channels
    if (
        output == DataType.BFLOAT8_B
        and real % FACE_SIZE
        and max(consumption.activation_channels, columns * TILE_SIZE) > real
    ):
        warn(STALE_EXPONENT_WARNING, op=op)
    with lowering(rewriter, op) as results:
        sticks = reader_sticks(
            nhwc_activation(op, consumption), consumption, consumption.activation_channels
        )
        dest = memref.AllocOp.get(tile.tile_type(dest_dtype), shape=[pixel_tiles, columns]).memref
        partials = None
        if not in_dest and taps > 1:
            # The scratch buffer of the partial between taps, in the output's format.
            tiles = tile.tile_type(output)
            partials = memref.AllocOp.get(tiles, shape=[pixel_tiles, columns]).memref
        for tap in range(taps):
            activation = tilize_block(
                tap_matrix(sticks, consumption, tap, columns * TILE_SIZE),
                pixel_tiles * TILE_SIZE,
                columns * TILE_SIZE,
                output,
            )
            weights = matrix_view(
                op.weight, (tap * block_tiles, (tap + 1) * block_tiles), (0, columns)
            )
            if in_dest:
                tile.MultiplyOp(activation, weights, dest, fidelity, accumulate=tap > 0)
                continue
            tile.MultiplyOp(activation, weights, dest, fidelity)
            if partials is None:
                continue
            if tap > 0:
                tile.AddOp(partials, dest)
            if tap < taps - 1:
                convert_nest(dest, partials, [output] if output != dest_dtype else [])
        results.append(store_output(op, dest))


@dataclass
class LowerDepthwiseConv1d(RewritePattern):
    """`ttnn.conv2d_consume` with `path = "depthwise_1d"` → its elementwise taps (see the
    module doc); the other paths are `lower_conv2d`'s."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvConsumeOp, rewriter: PatternRewriter) -> None:
        if op.path.data != "depthwise_1d":
            return
        lower_depthwise_conv1d(op, op.consumption(), rewriter)


DEPTHWISE_CONV1D_PATTERNS: tuple[RewritePattern, ...] = (LowerDepthwiseConv1d(),)
"""The 1D depthwise lowering's patterns (registered in convert-ttnn-to-tiles)."""

"""The geometry of the conv weight layouts (semantics.md §3.6): the physical shape
each layout gives, and the shapes of the reshaping steps. Pure functions; the resolution and
the layout ops (`conv_layout_ops`) both use them, so each rule is stated once."""

from __future__ import annotations

from collections.abc import Sequence

from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div, format_shape, round_up

# ------------------------------------------------------------------------------------------
# Layout geometry (semantics.md §3.6): physical [rows, cols] of each layout, reshaping helpers
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
            f"kernel-stride fold needs a positive stride, got {format_shape(stride)}"
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
        raise ConvConfigError(f"expected an OIHW shape of 4 values, got {format_shape(values)}")
    return (values[0], values[1], values[2], values[3])

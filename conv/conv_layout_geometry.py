"""The geometry of the conv weight layouts (semantics.md §3.6): the shape and index map each
weight matrix layout gives (`WeightMatrixMap`), the shapes of the reshaping steps and of the
bias. Pure functions, each layout's rule and limits stated once: the resolution, the layout
ops (`conv_layout_ops`) and their lowerings all call them (the maps are computed once per
distinct argument set)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div, format_shape, round_up

# ------------------------------------------------------------------------------------------
# The weight matrix layouts (semantics.md §3.6.1–3.6.4): shape and index map of each
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WeightMatrixMap:
    """Where a layout puts each element of a channel-padded OIHW weight W[O, I, KH, KW] in its
    matrix M[rows, cols]: the I input channels split into `in_shards` slices of `shard_in`,
    the O output channels into `out_shards` slices of `shard_out`, and

        M[ic·shard_rows + r·kernel_row_rows + s·tap_rows + c, oc·shard_cols + k]
            = W[oc·shard_out + k, ic·shard_in + c, r, s]

    for ic < in_shards, c < shard_in, oc < out_shards, k < shard_out; every other element of
    M is zero. The three unsharded layouts have one slice each way (`shard_rows` and
    `shard_cols` then do not matter)."""

    rows: int
    cols: int
    in_shards: int
    out_shards: int
    shard_in: int
    shard_out: int
    shard_rows: int
    shard_cols: int
    kernel_row_rows: int
    tap_rows: int

    @property
    def shape(self) -> tuple[int, int]:
        return self.rows, self.cols

    @property
    def sharded(self) -> bool:
        return self.in_shards > 1 or self.out_shards > 1

    def row_of(self, channel: int, kernel_row: int, kernel_column: int) -> int:
        """The matrix row of W[·, channel, kernel_row, kernel_column] (the class's formula)."""
        shard, within = divmod(channel, self.shard_in)
        return (
            shard * self.shard_rows
            + kernel_row * self.kernel_row_rows
            + kernel_column * self.tap_rows
            + within
        )

    def column_of(self, out_channel: int) -> int:
        """The matrix column of W[out_channel, ·, ·, ·] (the class's formula)."""
        shard, within = divmod(out_channel, self.shard_out)
        return shard * self.shard_cols + within


def _unsharded_map(
    rows: int, cols: int, out_channels: int, in_channels: int, kernel_row_rows: int
) -> WeightMatrixMap:
    return WeightMatrixMap(
        rows, cols, 1, 1, in_channels, out_channels, rows, cols, kernel_row_rows, in_channels
    )


@cache
def interleaved_mm_map(
    out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
) -> WeightMatrixMap:
    """§3.6.1: rows = round_up(KH·KW·I, 32), cols = round_up(O, 32),
    `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`."""
    rows = round_up(kernel_height * kernel_width * in_channels, TILE_SIZE)
    cols = round_up(out_channels, TILE_SIZE)
    return _unsharded_map(rows, cols, out_channels, in_channels, kernel_width * in_channels)


@cache
def special_padding_map(
    out_channels: int,
    in_channels: int,
    kernel_height: int,
    kernel_width: int,
    block_h: int,
    block_w: int,
    activation_reuse: bool = False,
) -> WeightMatrixMap:
    """§3.6.2: BH = block_h·32, cols = round_up(O, block_w·32); without activation reuse each
    kernel row gets its own BH rows, rows = BH·KH, `M[r·BH + s·I + i, o] = W[o, i, r, s]`;
    with reuse rows = BH, `M[(r·KW + s)·I + i, o]`. BH must hold I·KW (I·KH·KW with reuse)."""
    _check_positive(block_h=block_h, block_w=block_w)
    block_rows = block_h * TILE_SIZE
    needed = in_channels * kernel_width * (kernel_height if activation_reuse else 1)
    if needed > block_rows:
        what = "I·KH·KW" if activation_reuse else "I·KW"
        raise ConvConfigError(
            f"expected block_h·32 = {block_rows} rows to hold {what} = {needed} "
            f"(I = {in_channels} after padding)"
        )
    rows = block_rows if activation_reuse else block_rows * kernel_height
    cols = round_up(out_channels, block_w * TILE_SIZE)
    row_stride = kernel_width * in_channels if activation_reuse else block_rows
    return _unsharded_map(rows, cols, out_channels, in_channels, row_stride)


@cache
def tiled_map(
    out_channels: int,
    in_channels: int,
    kernel_height: int,
    kernel_width: int,
    block_h: int,
    block_w: int,
) -> WeightMatrixMap:
    """§3.6.3: rows = round_up(I·KH·KW, block_h·32), cols = round_up(O, block_w·32),
    `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`."""
    _check_positive(block_h=block_h, block_w=block_w)
    rows = round_up(in_channels * kernel_height * kernel_width, block_h * TILE_SIZE)
    cols = round_up(out_channels, block_w * TILE_SIZE)
    return _unsharded_map(rows, cols, out_channels, in_channels, kernel_width * in_channels)


@cache
def block_sharded_map(
    out_channels: int,
    in_channels: int,
    kernel_height: int,
    kernel_width: int,
    in_shards: int,
    out_shards: int,
    full_inner_dim: bool = False,
) -> WeightMatrixMap:
    """§3.6.4: ow = O/out_shards, owp = round_up(ow, 32), cols = owp·out_shards if ow < owp
    else O; iw = I/in_shards, BHP = round_up(iw·KH·KW, 32) (full_inner_dim) or
    round_up(iw·KW, 32)·KH (each kernel row padded to a tile); rows = BHP·in_shards if
    iw·KH·KW < BHP else I·KH·KW; `M[ic·BHP + rowoff, oc·owp + k] = W[oc·ow + k, ic·iw + c, r, s]`,
    rowoff = r·KW·iw + s·iw + c (full_inner_dim) or r·round_up(iw·KW, 32) + s·iw + c."""
    _check_positive(in_shards=in_shards, out_shards=out_shards)
    if in_channels % in_shards:
        raise ConvConfigError(
            f"expected in_shards {in_shards} to divide the {in_channels} input channels"
        )
    if out_channels % out_shards:
        raise ConvConfigError(
            f"expected out_shards {out_shards} to divide the {out_channels} output channels"
        )
    ow = out_channels // out_shards
    owp = round_up(ow, TILE_SIZE)
    cols = owp * out_shards if ow < owp else out_channels
    iw = in_channels // in_shards
    if full_inner_dim:
        kernel_row_rows = kernel_width * iw
        block_rows = round_up(iw * kernel_height * kernel_width, TILE_SIZE)
    else:
        kernel_row_rows = round_up(iw * kernel_width, TILE_SIZE)
        block_rows = kernel_row_rows * kernel_height
    inner = iw * kernel_height * kernel_width
    rows = (
        block_rows * in_shards if inner < block_rows else in_channels * kernel_height * kernel_width
    )
    return WeightMatrixMap(
        rows, cols, in_shards, out_shards, iw, ow, block_rows, owp, kernel_row_rows, iw
    )


def _check_positive(**values: int) -> None:
    for name, value in values.items():
        if value < 1:
            raise ConvConfigError(f"expected {name} to be positive, got {value}")


def grouped_shape(shape: Sequence[int], groups: int) -> tuple[int, int, int, int]:
    """§3.6.5: [O, I/g, KH, KW] → [O, I, KH, KW] (block-diagonal); g must divide O."""
    o, i_per_group, kh, kw = _shape4(shape)
    _check_positive(groups=groups)
    if o % groups:
        raise ConvConfigError(f"expected groups {groups} to divide the {o} output channels")
    return (o, i_per_group * groups, kh, kw)


def iohw_to_oihw_shape(shape: Sequence[int], groups: int) -> tuple[int, int, int, int]:
    """semantics.md §7.3: an IOHW weight [I, O/g, KH, KW] → the dense OIHW [O, I, KH, KW]
    (block-diagonal for g > 1); g must divide I."""
    i, o_per_group, kh, kw = _shape4(shape)
    _check_positive(groups=groups)
    if i % groups:
        raise ConvConfigError(f"expected groups {groups} to divide the {i} input channels")
    return (o_per_group * groups, i, kh, kw)


def mirror_kernel_shape(shape: Sequence[int]) -> tuple[int, int, int, int]:
    """semantics.md §7.3: flipping both kernel axes keeps the shape [O, I, KH, KW]."""
    return _shape4(shape)


def depthwise_1d_shape(shape: Sequence[int], act_block_h_ntiles: int) -> tuple[int, int, int, int]:
    """§3.6.6: [O, 1, KH, KW] → [O, KH·KW·act_block_h_ntiles·32, 1, 1]."""
    o, i, kh, kw = _shape4(shape)
    _check_positive(act_block_h_ntiles=act_block_h_ntiles)
    if i != 1:
        raise ConvConfigError(
            f"expected a depthwise weight [O, 1, KH, KW], got {format_shape(tuple(shape))}"
        )
    return (o, kh * kw * act_block_h_ntiles * TILE_SIZE, 1, 1)


def fold_kernel_stride_shape(
    shape: Sequence[int], stride: Sequence[int]
) -> tuple[int, int, int, int]:
    """§3.6.7: [O, I, KH, KW] → [O, I·sH·sW, ceil(KH/sH), ceil(KW/sW)]."""
    o, i, kh, kw = _shape4(shape)
    if len(stride) != 2 or min(stride) < 1:
        raise ConvConfigError(
            f"expected stride to have 2 positive values, got {format_shape(tuple(stride))}"
        )
    sh, sw = stride
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

"""Steps 8–11 of the resolution and §3.4–3.5 (semantics.md): from the conv's core split to the
prepared weight — TT-NN's block config, the weight's grouped or 1D depthwise expansion and its
folding, the channel padding, the block sizes, the layout helper it is laid out with and its
shape — and the bias's shape.

Plain Python, no IR; the last steps of `conv_resolution.resolve_conv_weights`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ttnn_xdsl.conv.conv_form import ConvForm
from ttnn_xdsl.conv.conv_layout_geometry import (
    WeightMatrixMap,
    bias_physical_shape,
    block_sharded_map,
    depthwise_1d_shape,
    fold_kernel_stride_shape,
    interleaved_mm_map,
    special_padding_map,
    tiled_map,
)
from ttnn_xdsl.conv.conv_op_config import ConvBlocking, ConvKnobs, check_weight_block, conv_blocking
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_sharding import ShardDecision
from ttnn_xdsl.core.enums import TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div, round_up


class WeightLayoutKind(StrEnum):
    """The final weight layout helper of semantics.md §3.6 chosen by step 10."""

    INTERLEAVED_MM = "interleaved_mm"
    SPECIAL_PADDING = "special_padding"
    TILED = "tiled"
    BLOCK_SHARDED = "block_sharded"


# ------------------------------------------------------------------------------------------
# TT-NN's block config (semantics.md §3.5)
# ------------------------------------------------------------------------------------------


def conv_input_channels_padded(form: ConvForm, sharding: ShardDecision) -> int:
    """Step 8 for the conv (the activation side): the folded conv's input channels padded to
    n_c_in shards of the alignment."""
    return round_up(
        form.folded.in_channels, sharding.input_cores_channels * sharding.input_channels_alignment
    )


def resolve_block_config(
    params: Conv2dParameters,
    form: ConvForm,
    sharding: ShardDecision,
    output_size: tuple[int, int],
    knobs: ConvKnobs,
) -> ConvBlocking:
    """TT-NN's block config for the conv's core splits: activation block height, weight block
    height, sub-block (semantics.md §3.5)."""
    folded = form.folded
    return conv_blocking(
        sharding.parallel.input_split,
        sharding.parallel.output_split,
        conv_input_channels_padded(form, sharding),
        params.out_channels,
        folded.batch_size,
        output_size,
        (folded.kernel_size[0], folded.kernel_size[1]),
        knobs,
    )


# ------------------------------------------------------------------------------------------
# The weight's expansion (semantics.md §3.6.5, §3.6.6, step 3's fold)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WeightExpansion:
    """The weight before its channels are padded: grouped or 1D depthwise expansion, then the
    kernel-stride fold (`fold_stride`)."""

    groups_expand: int | None
    """The groups of the grouped expansion (§3.6.5), None when there is none."""
    depthwise_act_block_h_ntiles: int | None
    """act_block_h_ntiles of the depthwise expansion (§3.6.6), None unless 1D depthwise."""
    expanded_weight_shape: tuple[int, int, int, int]
    """OIHW after grouping / depthwise expansion / folding, before channel padding."""
    fold_stride: tuple[int, int] | None = None
    """The stride the weight is kernel-stride folded by: the conv's (`ConvForm.fold_stride`),
    None when it is not folded or is prepared unfolded (`Conv2dParameters.unfolded_weight`)."""


def resolve_expansion(
    params: Conv2dParameters, form: ConvForm, act_block_h_ntiles: int
) -> WeightExpansion:
    """The grouped or 1D depthwise expansion of the OIHW weight, then its fold: by the conv's
    stride, but not where conv2d's DRAM path prepares it (`Conv2dParameters.unfolded_weight`:
    the unfolded weight, padded and laid out for the folded conv's cores and blocks — TT-NN's
    bytes: a BLOCK weight is [channel core][kh][kw][channel of the core], a HEIGHT one a block
    of the folded conv's activation block width per kernel row)."""
    depthwise = form.depthwise_1d
    o, kh, kw = params.out_channels, params.kernel_size[0], params.kernel_size[1]
    if depthwise:
        expanded = depthwise_1d_shape((o, 1, kh, kw), act_block_h_ntiles)
    else:
        expanded = (o, params.in_channels, kh, kw)
    unfolded = isinstance(params, Conv2dParameters) and params.unfolded_weight
    fold_stride = None if unfolded else form.fold_stride
    if fold_stride is not None:
        expanded = fold_kernel_stride_shape(expanded, fold_stride)
    return WeightExpansion(
        groups_expand=params.groups if params.groups > 1 and not depthwise else None,
        depthwise_act_block_h_ntiles=act_block_h_ntiles if depthwise else None,
        expanded_weight_shape=expanded,
        fold_stride=fold_stride,
    )


def unfolded_weight_misplacement(
    unfolded: WeightMatrixMap,
    folded: WeightMatrixMap,
    weight_shape: tuple[int, int, int, int],
    fold_stride: tuple[int, int],
) -> str | None:
    """Where the matrix of an unfolded weight (`Conv2dParameters.unfolded_weight`) differs
    from the matrix of the same weight folded by `fold_stride` (§3.6.7: W[o, c, a·sH + p,
    b·sW + q] is the folded W'[o, (p·sW + q)·I + c, a, b]; `weight_shape` is the unfolded OIHW
    before channel padding): the matrices' shapes, or the first element the two put in
    different rows. None when they are the same matrix (every element in the same place, the
    rest zero in both)."""
    if unfolded.shape != folded.shape:
        return f"a {unfolded.rows}×{unfolded.cols} matrix, not {folded.rows}×{folded.cols}"
    out_channels, channels, kernel_height, kernel_width = weight_shape
    for out_channel in range(out_channels):
        column, expected = unfolded.column_of(out_channel), folded.column_of(out_channel)
        if column != expected:
            return (
                f"W[{out_channel}] in column {column}, where the folded weight has it in "
                f"column {expected}"
            )
    stride_h, stride_w = fold_stride
    for kernel_row in range(kernel_height):
        folded_row, phase_h = divmod(kernel_row, stride_h)
        for kernel_column in range(kernel_width):
            folded_column, phase_w = divmod(kernel_column, stride_w)
            first_channel = (phase_h * stride_w + phase_w) * channels
            for channel in range(channels):
                row = unfolded.row_of(channel, kernel_row, kernel_column)
                expected = folded.row_of(first_channel + channel, folded_row, folded_column)
                if row != expected:
                    return (
                        f"W[:, {channel}, {kernel_row}, {kernel_column}] in row {row}, "
                        f"where the folded weight has it in row {expected}"
                    )
    return None


# ------------------------------------------------------------------------------------------
# Block sizes (step 9)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlockSizes:
    """TT-NN's block config for the conv (semantics.md §3.5) and the blocks the weight is laid
    out in (step 9)."""

    output_height: int
    output_width: int
    """(OH, OW) of the folded conv (of its first slice on the DRAM path)."""
    out_nhw_ntiles: int
    """ceil(N·OH·OW / 32)."""
    act_block_h_ntiles: int
    """Activation block height in tiles (TT-NN's block config)."""
    out_width_ntiles: int
    """Per-core output width in tiles, Cout_pad / (32·n_c_out)."""
    out_subblock_h_ntiles: int
    """semantics.md §3.5's sub-block height (informative)."""
    weight_block_w_ntiles: int
    """block_w of the special-padding / tiled helper and the bias: semantics.md §3.5's width."""
    act_block_w: int | None
    """Step 9: rows of one weight block (None for interleaved MM)."""
    weight_block_h_ntiles: int | None
    """block_h of the special-padding / tiled helper: act_block_w/32, or
    act_block_h_ntiles·KW for 1D depthwise (None for interleaved MM)."""


def is_interleaved_mm(params: Conv2dParameters, form: ConvForm, sharding: ShardDecision) -> bool:
    """Step 10: an mm_conv takes the interleaved-matmul layout when its input is auto-sharded
    or it runs on the DRAM path — but not a fold conv2d runs from DRAM with a shard layout
    (`Conv2dParameters.unfolded_weight`): its DRAM path runs the folded conv on the L1 path,
    which lays the weight out for the shard layout (TT-NN's bytes: a BLOCK weight in
    channel-core blocks)."""
    if not form.mm_conv:
        return False
    unfolded = isinstance(params, Conv2dParameters) and params.unfolded_weight
    return sharding.auto_shard or (form.dram_conv and not unfolded)


def weight_block_height(
    form: ConvForm,
    sharding: ShardDecision,
    expansion: WeightExpansion,
    block_config: ConvBlocking,
) -> int:
    """Step 9's block height in tiles of the special-padding / tiled helper."""
    if not form.depthwise_1d:
        return block_config.act_block_w_ntiles
    if sharding.shard_layout == TensorMemoryLayout.HEIGHT_SHARDED:
        # TT-NN 0.81.1: the whole expanded (and folded) 1D depthwise column is one block,
        # act_block_h_ntiles·KW tiles (times the fold stride when folded).
        _, cin_eff, kh_eff, kw_eff = expansion.expanded_weight_shape
        return cin_eff * kh_eff * kw_eff // TILE_SIZE
    # TT-NN 0.81.1 lays a width_sharded 1D depthwise weight out in blocks of
    # act_block_h_ntiles tiles (a block_sharded one does not use the block height).
    return block_config.act_block_h_ntiles


def resolve_blocking(
    form: ConvForm,
    sharding: ShardDecision,
    block_config: ConvBlocking,
    expansion: WeightExpansion,
    output_size: tuple[int, int],
    interleaved: bool,
    knobs: ConvKnobs,
) -> BlockSizes:
    """The block sizes; raises what TT-NN's weight block check refuses for a WIDTH-sharded
    conv (not 1D depthwise)."""
    act_block_w: int | None = None
    block_h: int | None = None
    if not interleaved:
        if sharding.shard_layout == TensorMemoryLayout.WIDTH_SHARDED and not form.depthwise_1d:
            padded = conv_input_channels_padded(form, sharding)
            check_weight_block(block_config, padded, form.folded.kernel_size, knobs)
        act_block_w = block_config.act_block_w_ntiles * TILE_SIZE
        block_h = weight_block_height(form, sharding, expansion, block_config)
    nhw = form.folded.batch_size * output_size[0] * output_size[1]
    return BlockSizes(
        output_height=output_size[0],
        output_width=output_size[1],
        out_nhw_ntiles=ceil_div(nhw, TILE_SIZE),
        act_block_h_ntiles=block_config.act_block_h_ntiles,
        out_width_ntiles=block_config.per_core_out_w_ntiles,
        out_subblock_h_ntiles=block_config.out_subblock_h_ntiles,
        weight_block_w_ntiles=block_config.out_subblock_w_ntiles,
        act_block_w=act_block_w,
        weight_block_h_ntiles=block_h,
    )


# ------------------------------------------------------------------------------------------
# The weight layout (steps 8, 10, 11) and the bias's (semantics.md §3.4)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WeightLayout:
    """Steps 8, 10 and 11: the padded weight, the layout helper of semantics.md §3.6 it is laid
    out with, and the prepared matrix."""

    kind: WeightLayoutKind
    """Step 10: the final layout helper."""
    padded_in_channels: int
    """Input channels of the weight entering the final layout helper, after padding (for
    interleaved MM: unpadded)."""
    padded_out_channels: int
    """Step 8's Cout_pad = round_up(Cout, 32·n_c_out), on every path: the bias is padded from
    it (TT-NN's `prepare_conv_bias_internal` pads with the output parallel config even for the
    interleaved-MM weight, whose own columns are round_up(Cout, 32))."""
    padded_weight_shape: tuple[int, int, int, int]
    """OIHW after zero-padding (step 8); == the expanded shape for interleaved MM."""
    enable_activation_reuse: bool
    """Whether the special-padding layout is laid out for activation reuse (the config's
    flag, off for a 1D depthwise conv: its taps are already spread over the rows)."""
    full_inner_dim: bool
    """Whether a block-sharded weight block covers the whole kernel window."""
    logical_shape: tuple[int, int, int, int]
    """Step 11: (1, 1, Cin_eff·KH·KW, Cout)."""
    weight_map: WeightMatrixMap
    """Where the layout puts each element of the padded weight (semantics.md §3.6)."""

    @property
    def physical_shape(self) -> tuple[int, int, int, int]:
        """Step 11: (1, 1, rows, cols) of the chosen layout."""
        return (1, 1, self.weight_map.rows, self.weight_map.cols)


def resolve_weight_layout(
    params: Conv2dParameters,
    form: ConvForm,
    sharding: ShardDecision,
    expansion: WeightExpansion,
    blocking: BlockSizes,
    interleaved: bool,
) -> WeightLayout:
    """Steps 8, 10, 11 for the weight: its padding, its layout helper and shape."""
    out_channels = params.out_channels
    _, cin_eff, kh_eff, kw_eff = expansion.expanded_weight_shape
    out_padded = round_up(out_channels, sharding.output_cores_channels * TILE_SIZE)
    reuse = params.conv_config.enable_activation_reuse and not form.depthwise_1d
    if interleaved:
        kind = WeightLayoutKind.INTERLEAVED_MM
        padded_in = cin_eff
        padded_shape = expansion.expanded_weight_shape
        matrix = interleaved_mm_map(out_channels, cin_eff, kh_eff, kw_eff)
    else:
        padded_in = round_up(
            cin_eff, sharding.input_cores_channels * sharding.weight_channels_alignment
        )
        padded_shape = (out_padded, padded_in, kh_eff, kw_eff)
        kind, matrix = sharded_weight_map(params, sharding, padded_shape, blocking, reuse)
    return WeightLayout(
        kind=kind,
        padded_in_channels=padded_in,
        padded_out_channels=out_padded,
        padded_weight_shape=padded_shape,
        enable_activation_reuse=reuse,
        full_inner_dim=params.conv_config.full_inner_dim,
        logical_shape=(1, 1, cin_eff * kh_eff * kw_eff, out_channels),
        weight_map=matrix,
    )


def sharded_weight_map(
    params: Conv2dParameters,
    sharding: ShardDecision,
    padded_shape: tuple[int, int, int, int],
    blocking: BlockSizes,
    reuse: bool,
) -> tuple[WeightLayoutKind, WeightMatrixMap]:
    """Step 10 for a sharded conv: the layout helper of its shard layout (HEIGHT: special
    padding, WIDTH: tiled, BLOCK: block sharded) and where it puts the padded weight."""
    out_padded, padded_in, kh_eff, kw_eff = padded_shape
    block_h, block_w = blocking.weight_block_h_ntiles, blocking.weight_block_w_ntiles
    assert block_h is not None
    if sharding.shard_layout == TensorMemoryLayout.HEIGHT_SHARDED:
        inner = padded_in * kw_eff
        if params.unfolded_weight and not reuse and inner > block_h * TILE_SIZE:
            # Only an unfolded weight's kernel row can outgrow the folded conv's activation
            # block; TT-NN's special-padding helper refuses it (prepare_conv2d_weights.cpp:220).
            raise ConvConfigError(
                "TT-NN 0.81.1's conv2d refuses this conv: Block height "
                f"{block_h * TILE_SIZE} must be >= inner dimension {inner}"
            )
        matrix = special_padding_map(out_padded, padded_in, kh_eff, kw_eff, block_h, block_w, reuse)
        return WeightLayoutKind.SPECIAL_PADDING, matrix
    if sharding.shard_layout == TensorMemoryLayout.WIDTH_SHARDED:
        matrix = tiled_map(out_padded, padded_in, kh_eff, kw_eff, block_h, block_w)
        return WeightLayoutKind.TILED, matrix
    matrix = block_sharded_map(
        out_padded,
        padded_in,
        kh_eff,
        kw_eff,
        sharding.input_cores_channels,
        sharding.output_cores_channels,
        params.conv_config.full_inner_dim,
    )
    return WeightLayoutKind.BLOCK_SHARDED, matrix


@dataclass(frozen=True)
class BiasLayout:
    """The prepared bias (semantics.md §3.4)."""

    logical_shape: tuple[int, int, int, int]
    """(1, 1, 1, Cout)."""
    physical_shape: tuple[int, int, int, int]
    """(1, 1, 32, round_up(Cout_pad, 32·weight_block_w))."""


def resolve_bias_layout(
    params: Conv2dParameters, layout: WeightLayout, blocking: BlockSizes
) -> BiasLayout:
    """§3.4: the bias padded from the weight's Cout_pad, in blocks of the weight's block width."""
    return BiasLayout(
        logical_shape=(1, 1, 1, params.out_channels),
        physical_shape=bias_physical_shape(
            layout.padded_out_channels, blocking.weight_block_w_ntiles
        ),
    )

"""How TT-NN 0.81.1's conv2d reads a prepared weight (docs/semantics.md §9), as pure NumPy.

Given the project's resolution of a conv (`ConvWeightsPlan`), the prepared weight as its
physical matrix `M` (float values), the optional prepared bias row and an NHWC activation, this
computes the conv output `[1, 1, N·OH·OW, Cout]` the way the device kernels consume `M`:

- the sliding window is index arithmetic on the padded input sticks: output pixel
  m = (n·OH + oh)·OW + ow has its top-left stick T(m) = n·Hp·Wp + oh·sH·Wp + ow·sW, and tap
  (r, s) reads stick T(m) + r·dH·Wp + s·dW (the halo and reader of
  `reader_conv_activations_*`, `conv_reader_common.hpp`);
- the K dimension is cut into K blocks in the layout's order and each block's weight rows are
  the tile ids the weight reader fetches (HEIGHT: `reader_writer_tiled_out_1d_mcast_sender…`,
  BLOCK: `writer_tiled_out_2d_mcast_sender…`, WIDTH: `weights_reader_width_sharded.cpp`);
- the output channels are split over the cores that compute them (BLOCK, WIDTH);
- the 1×1 matmul path, the 1D depthwise path (elementwise taps) and kernel-stride folding
  (space to depth of the padded input) each have their own reading;
- the bias row is added once, after the last K block.

Arithmetic is float64 on the given values: the device's roundings (activation tilize, DEST,
partials) are not modelled here. Lanes the device never writes (the act block's alignment
padding, the input's channel padding) hold `stale_value`, a stand-in for stale L1: only zero
weight rows make them harmless. Output pixels are independent, so the device's split of them
into cores and activation blocks does not change a value (except the 1D depthwise weight row,
which depends on the pixel's place in its block): they are computed 4096 at a time, one NumPy
matmul per (chunk, output-channel core, K block).

The formulas here are written from the kernels, independently of the preparation's index maps
(`conv_layout_geometry`): holding the two against each other is the point. Every factory value
comes from the plan, read in one place (`consumption_plan`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

import numpy as np

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters, output_extent
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan, resolve_conv_weights
from ttnn_xdsl.conv.conv_weight_layout import unfolded_weight_misplacement
from ttnn_xdsl.core.enums import PaddingMode, TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvNotModelledError
from ttnn_xdsl.core.shapes import TILE_SIZE, round_up

STALE_LANE = -1
"""A K lane the activation reader never writes (it holds stale L1 on the device)."""
ZERO_LANE = -2
"""A K lane the tilize pads with zeros (the matmul path's K padding)."""
DEFAULT_STALE_VALUE = 1.0
"""The stand-in for stale L1 lanes: finite and nonzero, so a weight row that is not zero where
the device reads garbage changes the output (NaN would poison even zero rows: 0·NaN = NaN)."""


class ConsumptionPath(StrEnum):
    """Which of TT-NN 0.81.1's conv programs reads the weight."""

    MATMUL = "matmul"
    """1×1 conv (or folded to 1×1) run as `ttnn::linear` (research §5.1)."""
    HEIGHT = "height_sharded"
    BLOCK = "block_sharded"
    WIDTH = "width_sharded"
    DEPTHWISE_1D = "depthwise_1d"
    """`reader_depthwise_conv1d` + `compute_depthwise_conv1d`: elementwise taps."""


@dataclass(frozen=True)
class ConvWindow:
    """The sliding window of the conv the kernels run: after kernel-stride folding, the folded
    input ([N, Hp/sH, Wp/sW, Cin·sH·sW]), kernel ceil(K/s), stride 1 and no padding."""

    batch: int
    height: int
    width: int
    channels: int
    """Real input channels of this conv (the rest up to `activation_channels` is padding)."""
    kernel: tuple[int, int]
    stride: tuple[int, int]
    dilation: tuple[int, int]
    padding: tuple[int, int, int, int]

    @property
    def output_size(self) -> tuple[int, int]:
        top, bottom, left, right = self.padding
        return (
            output_extent(
                self.height, top + bottom, self.kernel[0], self.stride[0], self.dilation[0]
            ),
            output_extent(
                self.width, left + right, self.kernel[1], self.stride[1], self.dilation[1]
            ),
        )

    @property
    def pixels(self) -> int:
        oh, ow = self.output_size
        return self.batch * oh * ow

    @property
    def taps(self) -> int:
        return self.kernel[0] * self.kernel[1]


@dataclass(frozen=True)
class ConsumptionPlan:
    """The factory values TT-NN's conv2d feeds its kernels for one conv, as the project's
    resolution decides them (research §2–§5 name them)."""

    path: ConsumptionPath
    window: ConvWindow
    fold_stride: tuple[int, int] | None
    """(sH, sW) when the input is folded (space to depth) before the conv."""
    original_padding: tuple[int, int, int, int]
    """The conv's padding, applied to the input before folding."""
    activation_channels: int
    """C: the input channels the reader's sticks hold (padded to the cores' alignment)."""
    input_cores: int
    """n_c_in: input-channel slices (BLOCK, WIDTH)."""
    output_cores: int
    """n_c_out: output-channel slices, each computed by its own cores (BLOCK, WIDTH)."""
    nhw_cores: int
    act_block_h_ntiles: int
    act_block_w: int
    """BW: K lanes of one K block (the matmul path: the whole padded K)."""
    out_width_ntiles: int
    """pcw_t: output tiles one core computes."""
    full_inner_dim: bool
    activation_reuse: bool


def folded_weight_plan(plan: ConvWeightsPlan) -> ConvWeightsPlan:
    """The plan of the weight the kernels read: `plan`, but for the unfolded weight of a
    kernel-stride fold on conv2d's DRAM path (`Conv2dParameters.unfolded_weight`) the folded
    conv's (its kernels run the folded conv and read its weight so: the matmul row k for the
    folded activation's lane k, channel (i·sW + j)·Cin + c). Raises ConvNotModelledError where
    the unfolded weight is not that matrix (TT-NN's bytes: a BLOCK weight of more than one
    input-channel core is [core][kh][kw][channel of the core], a HEIGHT one has a block per
    kernel row, channels padded within each tap): TT-NN 0.81.1 then computes another conv."""
    form = plan.form
    if form.fold_stride is None or plan.expansion.fold_stride == form.fold_stride:
        return plan
    folded = resolve_conv_weights(replace(plan.params, unfolded_weight=False))
    misplaced = unfolded_weight_misplacement(
        plan.layout.weight_map,
        folded.layout.weight_map,
        plan.expansion.expanded_weight_shape,
        form.fold_stride,
    )
    if misplaced is None:
        return folded
    stride_h, stride_w = form.fold_stride
    raise ConvNotModelledError(
        f"TT-NN 0.81.1's conv2d folds this conv by its stride {stride_h}×{stride_w} on its DRAM "
        f"path but prepares its weight unfolded ({plan.layout.kind.value} layout, "
        f"{plan.sharding.input_cores_channels} input-channel cores): {misplaced}, which "
        "its kernels read for the folded conv's (from TT-NN's prepared bytes and its code, "
        "not run on a device): it computes another conv"
    )


def consumption_plan(plan: ConvWeightsPlan) -> ConsumptionPlan:
    """Read from the resolution what the kernels are given (the one place the plan's fields
    are read; of the folded conv's plan where the weight is prepared unfolded,
    `folded_weight_plan`). Raises ConvNotModelledError for a conv this model does not cover."""
    plan = folded_weight_plan(plan)
    form, sharding, blocking, layout = plan.form, plan.sharding, plan.blocking, plan.layout
    folded: Conv2dParameters = form.folded
    if form.depthwise_1d:
        shard_layout = sharding.shard_layout
        if form.fold_stride is not None or shard_layout != TensorMemoryLayout.HEIGHT_SHARDED:
            raise ConvNotModelledError(
                "the consumption of a 1D depthwise weight is modelled for an unfolded, "
                f"height-sharded conv only (this one: {shard_layout}, folded "
                f"{form.fold_stride is not None})"
            )
        if tuple(folded.dilation) != (1, 1):
            raise ConvNotModelledError(
                "TT-NN 0.81.1's 1D depthwise reader steps one stick per tap whatever the "
                f"dilation ({list(folded.dilation)}): not modelled (from reading its kernel, "
                "not run on a device)"
            )
        path = ConsumptionPath.DEPTHWISE_1D
    elif form.mm_conv:
        path = ConsumptionPath.MATMUL
    else:
        path = {
            TensorMemoryLayout.HEIGHT_SHARDED: ConsumptionPath.HEIGHT,
            TensorMemoryLayout.BLOCK_SHARDED: ConsumptionPath.BLOCK,
            TensorMemoryLayout.WIDTH_SHARDED: ConsumptionPath.WIDTH,
        }[sharding.shard_layout]
    padding: tuple[int, int, int, int] = tuple(plan.params.padding)  # type: ignore[assignment]
    window = ConvWindow(
        batch=folded.batch_size,
        height=folded.input_height,
        width=folded.input_width,
        channels=folded.in_channels,
        kernel=(folded.kernel_size[0], folded.kernel_size[1]),
        stride=(folded.stride[0], folded.stride[1]),
        # An axis of one tap has no dilation (a conv folded to 1×1 that keeps its dilation).
        dilation=(
            folded.dilation[0] if folded.kernel_size[0] > 1 else 1,
            folded.dilation[1] if folded.kernel_size[1] > 1 else 1,
        ),
        padding=(0, 0, 0, 0) if form.fold_stride is not None else padding,
    )
    if path is ConsumptionPath.DEPTHWISE_1D:
        channels = round_up(folded.in_channels, sharding.input_channels_alignment)
    else:
        channels = layout.padded_in_channels
    act_block_w = blocking.act_block_w
    return ConsumptionPlan(
        path=path,
        window=window,
        fold_stride=form.fold_stride,
        original_padding=padding,
        activation_channels=channels,
        input_cores=sharding.input_cores_channels,
        output_cores=sharding.output_cores_channels,
        nhw_cores=sharding.nhw_cores,
        act_block_h_ntiles=blocking.act_block_h_ntiles,
        act_block_w=act_block_w if act_block_w is not None else layout.physical_shape[2],
        out_width_ntiles=blocking.out_width_ntiles,
        full_inner_dim=layout.full_inner_dim,
        activation_reuse=layout.enable_activation_reuse,
    )


# ------------------------------------------------------------------------------------------
# The K blocks: which activation lanes meet which weight rows
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KBlock:
    """One K block as the compute kernel multiplies it: lane q of the activation block meets
    row `weight_rows[q]` of the prepared weight."""

    position: int
    """Its place in the K loop (the order partials accumulate in)."""
    window_lanes: np.ndarray
    """int64 [BW]: (r·KW + s)·C + c for tap (r, s) and input channel c, or STALE_LANE /
    ZERO_LANE."""
    weight_rows: np.ndarray
    """int64 [BW]: the row of M (tile row · 32 + row in the tile)."""


@dataclass(frozen=True)
class CoreColumns:
    """The output channels one core (a column of cores) computes, and the K blocks it reads."""

    core: int
    columns: tuple[int, int]
    """[start, stop) columns of M (and of the output)."""
    k_blocks: tuple[KBlock, ...]


def tile_rows(first_tile_rows: np.ndarray) -> np.ndarray:
    """The element rows of whole tiles: tile row t covers rows 32·t … 32·t + 31."""
    return (first_tile_rows[:, None] * TILE_SIZE + np.arange(TILE_SIZE)).reshape(-1)


def window_lane(tap: np.ndarray | int, channel: np.ndarray | int, channels: int) -> np.ndarray:
    """The column of the window matrix holding tap p = r·KW + s, input channel c."""
    return np.asarray(tap, dtype=np.int64) * channels + np.asarray(channel, dtype=np.int64)


def height_sharded_blocks(consumption: ConsumptionPlan) -> list[KBlock]:
    """HEIGHT (research §2): K block r = kernel row r, BW = round_up(C·KW, 32) lanes, lane
    q = s·C + c (q ≥ KW·C stale); the sender reads tile ids (r·abw_t + t)·W_t + j, i.e. rows
    [r·BW, (r+1)·BW) of M. With activation reuse: one block, q = (r·KW + s)·C + c."""
    kh, kw = consumption.window.kernel
    channels = consumption.activation_channels
    width = consumption.act_block_w
    lanes = np.arange(width)
    if consumption.activation_reuse:
        real = lanes < kh * kw * channels
        window = np.where(real, lanes, STALE_LANE)  # q = p·C + c is the window lane itself
        return [KBlock(0, window.astype(np.int64), lanes.astype(np.int64))]
    blocks = []
    for r in range(kh):
        real = lanes < kw * channels
        tap = r * kw + lanes // channels
        window = np.where(real, window_lane(tap, lanes % channels, channels), STALE_LANE)
        first_tile = r * (width // TILE_SIZE)
        rows = tile_rows(first_tile + np.arange(width // TILE_SIZE))
        blocks.append(KBlock(r, window, rows))
    return blocks


def block_sharded_blocks(consumption: ConsumptionPlan) -> list[KBlock]:
    """BLOCK (research §3): input-channel slice ic holds iw = C/n_c_in channels. Without
    full_inner_dim, K block r·n_c_in + ic (kernel row outer, slice inner) has lanes
    q = s·iw + c of slice ic and reads tile ids r·abw_t·W_t + ic·(BHP/32)·W_t + t·W_t + j:
    rows ic·BHP + r·BW + q with BHP = KH·BW. With full_inner_dim, block ic has
    q = (r·KW + s)·iw + c and rows ic·BW + q."""
    kh, kw = consumption.window.kernel
    channels = consumption.activation_channels
    slices = consumption.input_cores
    slice_width = channels // slices
    width = consumption.act_block_w
    lanes = np.arange(width)
    blocks = []
    if consumption.full_inner_dim:
        for ic in range(slices):
            real = lanes < kh * kw * slice_width
            tap, channel = lanes // slice_width, ic * slice_width + lanes % slice_width
            window = np.where(real, window_lane(tap, channel, channels), STALE_LANE)
            rows = tile_rows(ic * (width // TILE_SIZE) + np.arange(width // TILE_SIZE))
            blocks.append(KBlock(ic, window, rows))
        return blocks
    slice_height = kh * width
    for r in range(kh):
        for ic in range(slices):
            real = lanes < kw * slice_width
            tap = r * kw + lanes // slice_width
            channel = ic * slice_width + lanes % slice_width
            window = np.where(real, window_lane(tap, channel, channels), STALE_LANE)
            first_tile = (ic * slice_height + r * width) // TILE_SIZE
            rows = tile_rows(first_tile + np.arange(width // TILE_SIZE))
            blocks.append(KBlock(r * slices + ic, window, rows))
    return blocks


def width_sharded_blocks(consumption: ConsumptionPlan) -> list[KBlock]:
    """WIDTH (research §4): P = num_blocks_act_w / n_c_in blocks per core, each of
    cpb = C/(n_c_in·P) channels; K block b·n_c_in + j (b outer, the multicasting core j inner)
    has lanes q = p·cpb + c' (tap p = r·KW + s, channel j·cpc + b·cpb + c', no padding) and the
    weight reader fetches, per tap p, tile rows p·C/32 + j·cpc/32 + b·cpb/32 + t."""
    kh, kw = consumption.window.kernel
    taps = kh * kw
    channels = consumption.activation_channels
    cores = consumption.input_cores
    blocks_per_core = width_blocks(consumption) // cores
    per_core = channels // cores
    per_block = channels // (cores * blocks_per_core)
    block_tiles = per_block // TILE_SIZE
    blocks = []
    for b in range(blocks_per_core):
        for j in range(cores):
            first = j * per_core + b * per_block
            q = np.arange(taps * per_block)
            window = window_lane(q // per_block, first + q % per_block, channels)
            first_tiles = (np.arange(taps)[:, None] * channels + first) // TILE_SIZE
            rows = tile_rows((first_tiles + np.arange(block_tiles)).reshape(-1))
            blocks.append(KBlock(b * cores + j, window, rows))
    return blocks


def width_blocks(consumption: ConsumptionPlan) -> int:
    """WIDTH's num_blocks_act_w: the act matrix width round_up(C·KW, 32)·KH in blocks of
    abw_t tiles."""
    kh, kw = consumption.window.kernel
    return round_up(consumption.activation_channels * kw, TILE_SIZE) * kh // consumption.act_block_w


def matmul_blocks(consumption: ConsumptionPlan, weight_rows: int) -> list[KBlock]:
    """The 1×1 matmul path (research §5.1): `ttnn::linear(A, M)` with A the tilized input,
    whose K padding the tilize fills with zeros; one K block here (the matmul's own blocking
    only changes the order of exact float64 sums)."""
    channels = consumption.window.channels
    lanes = np.arange(weight_rows)
    window = np.where(lanes < channels, lanes, ZERO_LANE)
    return [KBlock(0, window.astype(np.int64), lanes.astype(np.int64))]


def kernel_reads(consumption: ConsumptionPlan, weight_shape: tuple[int, int]) -> list[CoreColumns]:
    """Per output-channel core, the K blocks it reads in order. HEIGHT and the matmul path
    compute every column on every core (one entry); BLOCK core x computes columns
    [x·pcw, (x+1)·pcw), WIDTH core k likewise (pcw = pcw_t·32). Raises ConvNotModelledError
    where the WIDTH reader's weight blocks do not match its activation blocks."""
    rows, cols = weight_shape
    path = consumption.path
    if path is ConsumptionPath.MATMUL:
        return [CoreColumns(0, (0, cols), tuple(matmul_blocks(consumption, rows)))]
    if path is ConsumptionPath.HEIGHT:
        return [CoreColumns(0, (0, cols), tuple(height_sharded_blocks(consumption)))]
    if path is ConsumptionPath.WIDTH:
        check_width_blocks_match(consumption)
        blocks = tuple(width_sharded_blocks(consumption))
    elif path is ConsumptionPath.BLOCK:
        blocks = tuple(block_sharded_blocks(consumption))
    else:
        raise ConvNotModelledError("a 1D depthwise conv reads no K blocks (see depthwise_1d_conv)")
    core_width = consumption.out_width_ntiles * TILE_SIZE
    return [
        CoreColumns(core, (core * core_width, (core + 1) * core_width), blocks)
        for core in range(consumption.output_cores)
    ]


def refuse_unmodelled_reads(consumption: ConsumptionPlan) -> None:
    """Raises ConvNotModelledError for a blocking whose weight reads this model does not
    cover: a WIDTH one whose reader's weight blocks do not match its activation blocks. What
    builds or verifies a consumption calls it, so the refusal names the op, not the lowering."""
    if consumption.path is ConsumptionPath.WIDTH:
        check_width_blocks_match(consumption)


MODELLED_ACTIVATIONS = ("relu",)
"""The fused activations (conv_config.activation) the run applies: relu, which TT-NN's conv
kernels leave to the packer (`pack_relu`, exact). The others run on the SFPU, whose
approximations the project does not reproduce."""


def fused_activation(config: Conv2dConfig, consumption: ConsumptionPlan) -> str | None:
    """What the conv's run applies of its config's conv-only fields: the fused activation's
    name (None without one). Raises ConvNotModelledError for what the run would otherwise
    compute silently wrong: an activation other than relu, relu on the 1D depthwise path
    (whose kernel has no activation stage), and replicate padding of a padded conv (the
    project's sticks are padded with zeros only)."""
    padded = any(consumption.window.padding) or any(consumption.original_padding)
    if config.padding_mode is PaddingMode.REPLICATE and padded:
        raise ConvNotModelledError(
            "padding_mode replicate (conv_config.padding_mode) is not modelled: the run pads "
            "the input with zeros only"
        )
    activation = config.activation
    if activation is None:
        return None
    name = activation.op_type
    if name not in MODELLED_ACTIVATIONS or activation.params:
        raise ConvNotModelledError(
            f"the fused activation {name} (conv_config.activation) is not modelled: TT-NN's "
            "conv kernels compute it on the SFPU, whose approximations the run does not "
            f"reproduce (it applies {', '.join(MODELLED_ACTIVATIONS)}, the packer's)"
        )
    if consumption.path is ConsumptionPath.DEPTHWISE_1D:
        raise ConvNotModelledError(
            f"the fused activation {name} (conv_config.activation) on a 1D depthwise conv is "
            "not modelled: TT-NN 0.81.1's depthwise conv1d kernel has no activation stage"
        )
    return name


def check_width_blocks_match(consumption: ConsumptionPlan) -> None:
    """WIDTH: the weight reader fetches abw_t/(KH·KW) tile rows per tap and block while the
    activation reader writes cpb = C/(n_c_in·P) channels per tap (both integer divisions in
    the factory). Where cpb is not that many whole tiles, the two disagree and TT-NN 0.81.1
    multiplies garbage (research §4, from reading its code, not run on a device)."""
    kh, kw = consumption.window.kernel
    channels = consumption.activation_channels
    per_block_count = consumption.input_cores * (
        width_blocks(consumption) // consumption.input_cores
    )
    per_block = channels // per_block_count
    weight_tiles = consumption.act_block_w // TILE_SIZE // (kh * kw)
    if channels % per_block_count or per_block != weight_tiles * TILE_SIZE:
        raise ConvNotModelledError(
            f"width-sharded conv whose K blocks hold {channels}/{per_block_count} input channels "
            f"per tap while its weight reader fetches {weight_tiles} tile rows per tap: TT-NN "
            "0.81.1 reads weight tiles that do not match the activation (from reading its "
            "kernels, not run on a device); not modelled"
        )


# ------------------------------------------------------------------------------------------
# The activation: folding, padding, the window matrix
# ------------------------------------------------------------------------------------------


def fold_activation(
    activation: np.ndarray, stride: tuple[int, int], padding: tuple[int, int, int, int]
) -> np.ndarray:
    """Kernel-stride folding (research §5.4): zero-pad the NHWC input, then space to depth:
    [N, Hp/sH, Wp/sW, Cin·sH·sW] with channel (i·sW + j)·Cin + c for sub-pixel (i, j)."""
    batch, height, width, channels = activation.shape
    top, bottom, left, right = padding
    sh, sw = stride
    padded = np.zeros((batch, height + top + bottom, width + left + right, channels))
    padded[:, top : top + height, left : left + width] = activation
    folded_h, folded_w = padded.shape[1] // sh, padded.shape[2] // sw
    blocks = padded.reshape(batch, folded_h, sh, folded_w, sw, channels)
    return blocks.transpose(0, 1, 3, 2, 4, 5).reshape(batch, folded_h, folded_w, sh * sw * channels)


def padded_sticks(
    activation: np.ndarray, consumption: ConsumptionPlan, stale_value: float
) -> np.ndarray:
    """The halo's view of the input: [N, Hp, Wp, C], zeros in the spatial padding, the real
    channels, then `stale_value` in the channel padding lanes Cin…C−1 (research §6.2)."""
    window = consumption.window
    top, bottom, left, right = window.padding
    height, width = window.height, window.width
    sticks = np.zeros(
        (window.batch, height + top + bottom, width + left + right, consumption.activation_channels)
    )
    sticks[:, top : top + height, left : left + width, : window.channels] = activation
    sticks[:, top : top + height, left : left + width, window.channels :] = stale_value
    return sticks


def top_left_sticks(window: ConvWindow) -> np.ndarray:
    """T(m) = n·Hp·Wp + oh·sH·Wp + ow·sW for every output pixel m (the halo's reader
    indices, stride and batch folded in)."""
    oh, ow = window.output_size
    top, bottom, left, right = window.padding
    padded_h, padded_w = window.height + top + bottom, window.width + left + right
    n, row, col = np.unravel_index(np.arange(window.pixels), (window.batch, oh, ow))
    return n * padded_h * padded_w + row * window.stride[0] * padded_w + col * window.stride[1]


def tap_offsets(window: ConvWindow) -> np.ndarray:
    """r·dH·Wp + s·dW for every tap p = r·KW + s: the stick tap (r, s) reads past T(m)."""
    kh, kw = window.kernel
    padded_w = window.width + window.padding[2] + window.padding[3]
    r, s = np.divmod(np.arange(kh * kw), kw)
    return r * window.dilation[0] * padded_w + s * window.dilation[1]


def lane_columns(window_lanes: np.ndarray, window_columns: int) -> np.ndarray:
    """Columns of the window matrix for K lanes: the stale lane is column −2, the zero lane −1."""
    columns = window_lanes.copy()
    columns[window_lanes == STALE_LANE] = window_columns - 2
    columns[window_lanes == ZERO_LANE] = window_columns - 1
    return columns


def conv_activation(activation: np.ndarray, consumption: ConsumptionPlan) -> np.ndarray:
    """The input the conv's reader sees, before channel padding: folded when the conv folds."""
    x = np.asarray(activation, dtype=np.float64)
    if consumption.fold_stride is not None:
        return fold_activation(x, consumption.fold_stride, consumption.original_padding)
    return x


# ------------------------------------------------------------------------------------------
# What conv2d refuses that prepare_conv_weights accepts
# ------------------------------------------------------------------------------------------


def conv2d_refusal(
    plan: ConvWeightsPlan, weight_shape: tuple[int, int], bias_shape: tuple[int, ...] | None = None
) -> str | None:
    """TT-NN 0.81.1's message when its conv2d program factory refuses this prepared weight
    (shape [rows, cols]) and bias (its physical shape) for the conv `plan` resolves, else None.
    These are the factory's TT_FATALs that `prepare_conv_weights` does not apply (research
    §7.2; messages as 0.81.1's library holds them), in the factory's order."""
    consumption = consumption_plan(plan)
    rows, cols = weight_shape
    weight_tiles = cols // TILE_SIZE
    core_tiles = consumption.out_width_ntiles
    path = consumption.path
    if path is ConsumptionPath.DEPTHWISE_1D and bias_shape is not None:
        return "Bias is not supported for depthwise conv1d"
    if path is ConsumptionPath.WIDTH:
        return width_sharded_refusal(consumption, rows, weight_tiles, output_block_tiles(plan))
    if path is ConsumptionPath.MATMUL:
        return None
    if bias_shape is not None and bias_shape[-1] // TILE_SIZE != weight_tiles:
        return (
            f"Bias tiles ({bias_shape[-1] // TILE_SIZE}) must equal weight matrix width in "
            f"tiles ({weight_tiles})"
        )
    if weight_tiles % core_tiles:
        return (
            f"weight_matrix_width_ntiles {weight_tiles} should be divisible by "
            f"per_core_out_matrix_width_ntiles {core_tiles}"
        )
    if path is not ConsumptionPath.BLOCK and weight_tiles != core_tiles:
        # HEIGHT: one core computes every column (weight_block_w_ntiles = pcw_t).
        return (
            f"num_blocks_weight_w_per_core 1 should be equal to num_blocks_weight_w "
            f"{weight_tiles // core_tiles}"
        )
    return None


def output_block_tiles(plan: ConvWeightsPlan) -> int:
    """The output rows the WIDTH program factory blocks, in tiles (its act_matrix_height_ntiles
    and out_block_h_ntiles: one core holds every row): N·OH·OW of the conv it runs (the first
    slice's on the DRAM path), rounded up to whole tiles."""
    output_size = plan.l1.slice_output_size or plan.form.output_size
    pixels = plan.form.folded.batch_size * output_size[0] * output_size[1]
    return -(-pixels // TILE_SIZE)


def width_activation_height_refusal(act_height_ntiles: int, act_block_h_ntiles: int) -> str | None:
    """conv2d_op_width_sharded_program_factory.cpp:230: the activation matrix's rows split
    into whole activation blocks."""
    if act_height_ntiles % act_block_h_ntiles == 0:
        return None
    return (
        f"act_matrix_height_ntiles {act_height_ntiles} should be divisible by act_block_h_ntiles "
        f"{act_block_h_ntiles}"
    )


def width_sharded_refusal(
    consumption: ConsumptionPlan, rows: int, weight_tiles: int, act_height_ntiles: int
) -> str | None:
    """The WIDTH factory's checks (conv2d_op_width_sharded_program_factory.cpp), in its order:
    the act matrix width round_up(C·KW, 32)·KH equals the weight's rows; its height,
    `act_height_ntiles`, splits into whole act blocks (line 230); its width into whole K
    blocks; the weight width into cores; the K blocks into the input cores; C is whole tiles
    per input core. (TT-NN checks the height before the K blocks' split: s9303 r0087, a WIDTH
    conv failing both, is refused for its height.)"""
    kh, kw = consumption.window.kernel
    channels = consumption.activation_channels
    act_width = round_up(channels * kw, TILE_SIZE) * kh
    if act_width != rows:
        return "The width of tensor a needs to match the height of tensor b"
    height_refusal = width_activation_height_refusal(
        act_height_ntiles, consumption.act_block_h_ntiles
    )
    if height_refusal is not None:
        return height_refusal
    act_tiles, block_tiles = act_width // TILE_SIZE, consumption.act_block_w // TILE_SIZE
    if act_tiles % block_tiles:
        return (
            f"act_matrix_width_ntiles {act_tiles} should be divisible by act_block_w_ntiles "
            f"{block_tiles}"
        )
    if weight_tiles % consumption.out_width_ntiles:
        return (
            f"weight_+matrix_width_ntiles {weight_tiles} should be divisible by "
            f"weight_block_w_ntiles {consumption.out_width_ntiles}"
        )
    blocks = act_tiles // block_tiles
    if blocks % consumption.input_cores:
        return (
            f"Number of Act Blocks along the Width {blocks} should be divisible by the number "
            f"of cores {consumption.input_cores}"
        )
    if channels % (TILE_SIZE * consumption.input_cores):
        return (
            f"input_channels_padded {channels} should be divisible by TILE_HEIGHT * "
            f"input_num_cores {TILE_SIZE * consumption.input_cores}"
        )
    return None


# ------------------------------------------------------------------------------------------
# The conv as the kernels compute it
# ------------------------------------------------------------------------------------------


PIXELS_PER_CHUNK = 4096
"""Output pixels computed at once: bounds the activation rows held (chunk × lanes floats)."""


def activation_source(
    consumption: ConsumptionPlan, activation: np.ndarray, stale_value: float
) -> np.ndarray:
    """What the reader reads from, one row per stick: the padded sticks [N·Hp·Wp, C] (the
    matmul path: the input's pixels [N·H·W, Cin])."""
    x = conv_activation(activation, consumption)
    if consumption.path is ConsumptionPath.MATMUL:
        return x.reshape(-1, consumption.window.channels)
    sticks = padded_sticks(x, consumption, stale_value)
    return sticks.reshape(-1, consumption.activation_channels)


def activation_rows(
    consumption: ConsumptionPlan, source: np.ndarray, pixels: np.ndarray, stale_value: float
) -> np.ndarray:
    """[len(pixels), lanes + 2]: every value the activation reader can put in a K lane for
    these output pixels — column p·C + c holds stick T(m) + r·dH·Wp + s·dW (tap p = r·KW + s),
    channel c; on the matmul path the pixel's channels — then the stale and the zero lane
    (`lane_columns` maps K lanes to these columns)."""
    if consumption.path is ConsumptionPath.MATMUL:
        values = source[pixels]
    else:
        window = consumption.window
        sticks = top_left_sticks(window)[pixels][:, None] + tap_offsets(window)[None, :]
        values = source[sticks].reshape(len(pixels), -1)
    extra = np.empty((len(pixels), 2))
    extra[:, 0], extra[:, 1] = stale_value, 0.0
    return np.concatenate([values, extra], axis=1)


def activation_matrix(
    consumption: ConsumptionPlan,
    activation: np.ndarray,
    stale_value: float,
    pixels: np.ndarray | None = None,
) -> np.ndarray:
    """`activation_rows` of the NHWC `activation` for `pixels` (every output pixel when
    None)."""
    source = activation_source(consumption, activation, stale_value)
    if pixels is None:
        pixels = np.arange(consumption.window.pixels)
    return activation_rows(consumption, source, pixels, stale_value)


def depthwise_weight_rows(consumption: ConsumptionPlan, tap: int) -> np.ndarray:
    """1D depthwise (research §5.3): tap s of output pixel m reads weight row s·A + p with
    A = act_block_h_ntiles·32 and p the pixel's row in its activation block (core i holds
    pixels [i·shard_h, (i+1)·shard_h), in blocks of A)."""
    pixels = consumption.window.pixels
    block = consumption.act_block_h_ntiles * TILE_SIZE
    shard = round_up(pixels, consumption.nhw_cores * TILE_SIZE) // consumption.nhw_cores
    position = (np.arange(pixels) % shard) % block
    return tap * block + position


def depthwise_1d_conv(
    rows: np.ndarray, pixels: np.ndarray, weight: np.ndarray, consumption: ConsumptionPlan
) -> np.ndarray:
    """out[m, c] = Σ_s x[T(m) + s, c] · M[s·A + p(m), c] for the output pixels `pixels`
    (`rows` their activation rows): elementwise, no matmul (the tiles of tap s are multiplied
    with `mul_tiles` and summed)."""
    channels = consumption.activation_channels
    columns = min(channels, weight.shape[1])
    out = np.zeros((rows.shape[0], weight.shape[1]))
    for tap in range(consumption.window.taps):
        weight_rows = depthwise_weight_rows(consumption, tap)[pixels]
        taps = rows[:, tap * channels : tap * channels + columns]
        out[:, :columns] += taps * weight[weight_rows, :columns]
    return out


def weight_reads_in_bounds(reads: list[CoreColumns], weight_shape: tuple[int, int]) -> str | None:
    """Why the kernels would read outside the prepared weight, or None: the device reads
    whatever lies beyond (another buffer), which nothing can check."""
    rows, cols = weight_shape
    for core in reads:
        if core.columns[1] > cols:
            return (
                f"core {core.core} computes columns {core.columns[0]}…{core.columns[1] - 1} "
                f"but the prepared weight has {cols} columns"
            )
        for block in core.k_blocks:
            last = int(block.weight_rows.max())
            if last >= rows:
                return (
                    f"K block {block.position} reads weight row {last} but the prepared weight "
                    f"has {rows} rows"
                )
    return None


def consume_prepared_weight(
    plan: ConvWeightsPlan,
    weight: np.ndarray,
    activation: np.ndarray,
    bias: np.ndarray | None = None,
    stale_value: float = DEFAULT_STALE_VALUE,
) -> np.ndarray:
    """The conv output [1, 1, N·OH·OW, Cout] (float64) that TT-NN 0.81.1's conv2d computes
    from the prepared weight `weight` (its physical matrix, [rows, cols] or [1, 1, rows,
    cols], decoded float values), the prepared bias (its [32, cols] tile row or row 0 alone)
    and the NHWC `activation` [N, H, W, Cin]. Raises ConvNotModelledError for a conv this
    model does not cover, ValueError when the kernels would read beyond the weight."""
    consumption = consumption_plan(plan)
    matrix_weight = np.asarray(weight, dtype=np.float64)
    matrix_weight = matrix_weight.reshape(matrix_weight.shape[-2:])
    window = consumption.window
    source = activation_source(consumption, activation, stale_value)
    if consumption.path is ConsumptionPath.DEPTHWISE_1D:
        last_row = depthwise_weight_rows(consumption, window.taps - 1).max()
        if last_row >= matrix_weight.shape[0]:
            raise ValueError(
                f"the 1D depthwise kernel reads weight row {last_row} but the prepared weight has "
                f"{matrix_weight.shape[0]} rows"
            )
        reads: list[CoreColumns] = []
    else:
        reads = kernel_reads(consumption, matrix_weight.shape)  # type: ignore[arg-type]
        problem = weight_reads_in_bounds(reads, matrix_weight.shape)  # type: ignore[arg-type]
        if problem is not None:
            raise ValueError(problem)
    out = np.zeros((window.pixels, matrix_weight.shape[1]))
    for first in range(0, window.pixels, PIXELS_PER_CHUNK):
        last = min(first + PIXELS_PER_CHUNK, window.pixels)
        pixels = np.arange(first, last)
        rows = activation_rows(consumption, source, pixels, stale_value)
        if consumption.path is ConsumptionPath.DEPTHWISE_1D:
            out[first:last] = depthwise_1d_conv(rows, pixels, matrix_weight, consumption)
            continue
        for core in reads:
            start, stop = core.columns
            for block in core.k_blocks:
                lanes = lane_columns(block.window_lanes, rows.shape[1])
                out[first:last, start:stop] += (
                    rows[:, lanes] @ matrix_weight[block.weight_rows, start:stop]
                )
    if bias is not None:
        bias_row = np.asarray(bias, dtype=np.float64)
        bias_row = bias_row.reshape(-1, bias_row.shape[-1])[0]
        out += bias_row[: out.shape[1]]
    cout = plan.params.out_channels
    return out[:, :cout].reshape(1, 1, window.pixels, cout)

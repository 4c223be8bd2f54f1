"""What fed one output tile of a conv (docs/semantics.md §9): the 32 output pixels × 32 output
channels of tile (R, J) of the output `[N·OH·OW, Cout]`, the input sticks their sliding window
reads (halo padding included), the core and activation block that hold the pixels, and per K
block, in the kernel's order, the activation lanes (taps and channels) and the weight tiles
(tile rows of weight tile column J) the weight reader fetches for it.

`output_tile_feed` computes it from the project's resolution (`conv_consumption`'s model of
the kernels), `output_tile_text` prints it (one character per stick, like `--plot-text`) and
`plot_output_tile` draws it (matplotlib, the optional `plot` extra): the sticks on the left,
the prepared weight's tiles on the right, each tile read coloured by its K block."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass

import numpy as np

from ttnn_xdsl.conv.conv_consumption import (
    STALE_LANE,
    ZERO_LANE,
    ConsumptionPath,
    ConsumptionPlan,
    consumption_plan,
    kernel_reads,
)
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.core.output_files import write_output_files
from ttnn_xdsl.core.shapes import TILE_SIZE, round_up

__all__ = [
    "KBlockFeed",
    "OutputTileFeed",
    "output_tile_feed",
    "output_tile_text",
    "plot_output_tile",
]

STICK_CHARACTERS = {0: ".", 1: "#", 2: "o"}
"""Not read, an input stick read, a halo (padding) stick read."""
NOT_READ, INPUT_STICK, HALO_STICK = 0, 1, 2


@dataclass(frozen=True)
class KBlockFeed:
    """One K block of the tile's accumulation: its activation lanes and the weight tiles."""

    position: int
    taps: tuple[tuple[int, int], ...]
    """The kernel positions (r, s) whose lanes the block holds, in lane order."""
    channels: tuple[int, int]
    """[first, stop) of the input channels its real lanes hold (of the sticks' channels)."""
    real_lanes: int
    """Lanes holding an input channel."""
    channel_padding_lanes: int
    """Lanes holding a stick's padding channel (stale on the device)."""
    stale_lanes: int
    """Lanes the reader never writes (the block's alignment padding)."""
    zero_lanes: int
    """Lanes the tilize fills with zeros (the matmul path's K padding)."""
    weight_tile_rows: tuple[int, ...]
    """The prepared weight's tile rows fetched, in order (tile column: the tile's J)."""


@dataclass(frozen=True)
class OutputTileFeed:
    """What fed output tile (tile_row, tile_column) (see the module doc)."""

    tile_row: int
    tile_column: int
    path: ConsumptionPath
    pixels: tuple[int, int]
    """[first, stop) of the output pixels m = (n·OH + oh)·OW + ow the tile holds (stop ≤
    N·OH·OW; the rest of its 32 rows is padding)."""
    output_channels: tuple[int, int]
    """[first, stop) of its output channels (stop ≤ Cout)."""
    output_size: tuple[int, int]
    nhw_core: int
    """The core along N·H·W holding the tile's first pixel."""
    act_block: int
    """The activation block within that core."""
    column_core: int
    """The core (column of cores) computing the tile's channels."""
    folded: tuple[int, int] | None
    """(sH, sW) when the sticks are of the folded input."""
    stick_channels: int
    """Channels of a stick (the input's, padded to the cores' alignment)."""
    sticks: np.ndarray
    """[N, Hp, Wp] of NOT_READ, INPUT_STICK, HALO_STICK: the padded input's sticks."""
    weight_tiles: tuple[int, int]
    """The prepared weight's shape in tiles."""
    k_blocks: tuple[KBlockFeed, ...]


def ranges_text(values: list[int] | tuple[int, ...]) -> str:
    """Sorted-as-given integers as runs: 0–2, 5, 7–8."""
    runs: list[list[int]] = []
    for value in values:
        if runs and value == runs[-1][1] + 1:
            runs[-1][1] = value
        else:
            runs.append([value, value])
    return ", ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in runs)


def stick_map(consumption: ConsumptionPlan, first: int, stop: int) -> np.ndarray:
    """The sticks output pixels [first, stop) read over all taps: [N, Hp, Wp] (see
    `OutputTileFeed.sticks`). Pixel (n, oh, ow), tap (r, s) reads stick
    (n, oh·sH + r·dH, ow·sW + s·dW) of the padded input; those outside the input are halo."""
    window = consumption.window
    top, bottom, left, right = window.padding
    padded_h, padded_w = window.height + top + bottom, window.width + left + right
    sticks = np.zeros((window.batch, padded_h, padded_w), dtype=np.int8)
    out_h, out_w = window.output_size
    n, oh, ow = np.unravel_index(np.arange(first, stop), (window.batch, out_h, out_w))
    kh, kw = window.kernel
    for r in range(kh):
        for s in range(kw):
            rows = oh * window.stride[0] + r * window.dilation[0]
            cols = ow * window.stride[1] + s * window.dilation[1]
            sticks[n, rows, cols] = INPUT_STICK
    inside = np.zeros_like(sticks, dtype=bool)
    inside[:, top : top + window.height, left : left + window.width] = True
    return np.where((sticks == INPUT_STICK) & ~inside, HALO_STICK, sticks).astype(np.int8)


def block_feed(
    position: int, window_lanes: np.ndarray, weight_rows: np.ndarray, consumption: ConsumptionPlan
) -> KBlockFeed:
    """A K block's lanes summarized, and the weight tile rows it fetches."""
    stick_channels = (
        consumption.window.channels
        if consumption.path is ConsumptionPath.MATMUL
        else consumption.activation_channels
    )
    kw = consumption.window.kernel[1]
    lanes = window_lanes[window_lanes >= 0]
    tap, channel = np.divmod(lanes, stick_channels)
    real = channel < consumption.window.channels
    taps: list[tuple[int, int]] = []
    for value in tap:
        pair = (int(value) // kw, int(value) % kw)
        if pair not in taps:
            taps.append(pair)
    real_channels = channel[real]
    channels = (
        (int(real_channels.min()), int(real_channels.max()) + 1) if real_channels.size else (0, 0)
    )
    tile_rows: list[int] = []
    for row in (weight_rows // TILE_SIZE).tolist():
        if row not in tile_rows:
            tile_rows.append(int(row))
    return KBlockFeed(
        position=position,
        taps=tuple(taps),
        channels=channels,
        real_lanes=int(np.count_nonzero(real)),
        channel_padding_lanes=int(np.count_nonzero(~real)),
        stale_lanes=int(np.count_nonzero(window_lanes == STALE_LANE)),
        zero_lanes=int(np.count_nonzero(window_lanes == ZERO_LANE)),
        weight_tile_rows=tuple(tile_rows),
    )


def output_tile_feed(
    plan: ConvWeightsPlan, weight_shape: tuple[int, ...], tile_row: int, tile_column: int
) -> OutputTileFeed:
    """What fed output tile (`tile_row`, `tile_column`) of the conv `plan` resolves, reading a
    prepared weight whose matrix is `weight_shape` ([rows, columns], or the physical shape).
    Raises TTNNError for a tile outside the output, or a 1D depthwise conv (elementwise taps,
    no weight tiles to show)."""
    consumption = consumption_plan(plan)
    if consumption.path is ConsumptionPath.DEPTHWISE_1D:
        raise TTNNError(
            "the output tile picture shows matmul K blocks; a 1D depthwise conv has none"
        )
    rows, columns = (int(v) for v in weight_shape[-2:])
    window = consumption.window
    pixels = window.pixels
    out_channels = plan.params.out_channels
    tile_rows, tile_columns = round_up(pixels, TILE_SIZE) // TILE_SIZE, columns // TILE_SIZE
    if not (0 <= tile_row < tile_rows and 0 <= tile_column < tile_columns):
        raise TTNNError(
            f"output tile ({tile_row}, {tile_column}) is outside the output's {tile_rows}×"
            f"{tile_columns} tiles"
        )
    first = tile_row * TILE_SIZE
    stop = min(first + TILE_SIZE, pixels)
    rows_per_core = round_up(pixels, consumption.nhw_cores * TILE_SIZE) // consumption.nhw_cores
    block_rows = consumption.act_block_h_ntiles * TILE_SIZE
    reads = kernel_reads(consumption, (rows, columns))
    column = tile_column * TILE_SIZE
    core = next(core for core in reads if core.columns[0] <= column < core.columns[1])
    blocks = tuple(
        block_feed(block.position, block.window_lanes, block.weight_rows, consumption)
        for block in core.k_blocks
    )
    return OutputTileFeed(
        tile_row=tile_row,
        tile_column=tile_column,
        path=consumption.path,
        pixels=(first, stop),
        output_channels=(min(column, out_channels), min(column + TILE_SIZE, out_channels)),
        output_size=window.output_size,
        nhw_core=first // rows_per_core,
        act_block=(first % rows_per_core) // block_rows,
        column_core=core.core,
        folded=consumption.fold_stride,
        stick_channels=consumption.activation_channels,
        sticks=stick_map(consumption, first, stop),
        weight_tiles=(rows // TILE_SIZE, tile_columns),
        k_blocks=blocks,
    )


def pixel_text(feed: OutputTileFeed, pixel: int) -> str:
    out_h, out_w = feed.output_size
    n, rest = divmod(pixel, out_h * out_w)
    return f"n {n}, oh {rest // out_w}, ow {rest % out_w}"


def block_text(block: KBlockFeed, tile_column: int) -> str:
    taps = " ".join(f"({r},{s})" for r, s in block.taps)
    lanes = [f"taps {taps}, channels {block.channels[0]}–{block.channels[1] - 1}"]
    if block.channel_padding_lanes:
        lanes.append(f"{block.channel_padding_lanes} padding-channel lanes")
    if block.stale_lanes:
        lanes.append(f"{block.stale_lanes} stale lanes")
    if block.zero_lanes:
        lanes.append(f"{block.zero_lanes} zero lanes")
    rows = ranges_text(block.weight_tile_rows)
    return f"  K block {block.position}: {'; '.join(lanes)} → weight tiles ({rows}, {tile_column})"


def output_tile_text(feed: OutputTileFeed, name: str = "conv") -> str:
    """The feed as text: a header, the sticks read per image (`#` an input stick, `o` a halo
    stick, `.` not read; one character per stick, the padded rows that hold a read stick),
    then the K blocks in order."""
    first, stop = feed.pixels
    lines = [
        f"{name}: output tile ({feed.tile_row}, {feed.tile_column}) = pixels {first}–{stop - 1} "
        f"({pixel_text(feed, first)} … {pixel_text(feed, stop - 1)}) × output channels "
        f"{feed.output_channels[0]}–{feed.output_channels[1] - 1}",
        f"{feed.path.value} path: N·H·W core {feed.nhw_core}, activation block {feed.act_block}, "
        f"output-channel core {feed.column_core}",
    ]
    _, height, width = feed.sticks.shape
    folded = (
        f" of the input folded {feed.folded[0]}×{feed.folded[1]} (space to depth)"
        if feed.folded
        else ""
    )
    read = int(np.count_nonzero(feed.sticks == INPUT_STICK))
    halo = int(np.count_nonzero(feed.sticks == HALO_STICK))
    lines.append(
        f"sticks read{folded}: {read} input (#), {halo} halo (o), of the padded "
        f"{height}×{width} sticks of {feed.stick_channels} channels"
    )
    margin = len(str(height - 1)) + 2
    for image in sorted({int(n) for n in np.nonzero(feed.sticks)[0]}):
        read_rows = np.nonzero(feed.sticks[image].any(axis=1))[0]
        first_row, last_row = int(read_rows[0]), int(read_rows[-1])
        lines.append(f"image {image}, padded rows {first_row}–{last_row}:")
        lines.append(" " * margin + "".join(str(x % 10) for x in range(width)))
        for y in range(first_row, last_row + 1):
            row = "".join(STICK_CHARACTERS[int(v)] for v in feed.sticks[image, y])
            lines.append(f"{y:>{margin - 2}}  {row}")
    rows, columns = feed.weight_tiles
    lines.append(
        f"K blocks in order (weight tiles as (tile row, tile column) of the {rows}×{columns}-tile "
        "prepared weight):"
    )
    lines += [block_text(block, feed.tile_column) for block in feed.k_blocks]
    return "\n".join(lines)


def plot_output_tile(
    feed: OutputTileFeed, path: str | os.PathLike[str], name: str = "conv"
) -> None:
    """Draw the feed into `path` (PNG or SVG by its extension): the sticks read (per image)
    and the prepared weight's tile grid with each tile read coloured by its K block."""
    from ttnn_xdsl.pictures.plot import _check_path, _matplotlib

    path = os.fspath(path)
    extension = _check_path(path)
    _matplotlib()
    from matplotlib.colors import ListedColormap
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    images = sorted({int(n) for n in np.nonzero(feed.sticks)[0]})
    rows, columns = feed.weight_tiles
    figure = Figure(figsize=(4 + 3.5 * len(images), 5), layout="constrained")
    axes = figure.subplots(1, len(images) + 1, squeeze=False)[0]
    stick_colours = ListedColormap([(0.93, 0.93, 0.93), (0.15, 0.45, 0.75), (0.95, 0.6, 0.2)])
    for axis, image in zip(axes, images, strict=False):
        axis.imshow(feed.sticks[image], cmap=stick_colours, vmin=0, vmax=2)
        axis.set_title(f"image {image}: sticks read (blue), halo (orange)", fontsize=9)
        axis.set_xlabel("padded input column")
        axis.set_ylabel("padded input row")
    order = np.full((rows, columns), np.nan)
    for block in feed.k_blocks:
        for tile_row in block.weight_tile_rows:
            order[tile_row, feed.tile_column] = block.position
    weight_axis = axes[-1]
    colours = _matplotlib().colormaps["viridis"]
    weight_axis.imshow(np.zeros((rows, columns)), cmap=ListedColormap([(0.93, 0.93, 0.93)]))
    shown = weight_axis.imshow(order, cmap=colours, interpolation="nearest")
    bar = figure.colorbar(shown, ax=weight_axis, label="K block (the order they are read)")
    bar.locator = MaxNLocator(integer=True)
    bar.update_ticks()
    # Two lines: a weight a few tiles wide gives a narrow axis, its title no wider.
    weight_axis.set_title(f"prepared weight tiles read\n(column {feed.tile_column})", fontsize=9)
    weight_axis.set_xlabel("tile column")
    weight_axis.set_ylabel("tile row")
    first, stop = feed.pixels
    figure.suptitle(
        f"{name}: output tile ({feed.tile_row}, {feed.tile_column}), pixels {first}–{stop - 1}, "
        f"{feed.path.value}",
        fontsize=10,
    )
    buffer = io.BytesIO()
    metadata = {"Date": None} if extension == ".svg" else {"Software": "ttnn-xdsl"}
    figure.savefig(buffer, format=extension[1:], dpi=100, metadata=metadata)
    write_output_files([(path, buffer.getvalue())])

"""Layout pictures (matplotlib, the optional `plot` extra): a tensor's physical matrix as a
grid of 32×32 tiles, each element coloured by where it came from, with the blocks and
shards it is cut into, a legend and a title naming the op and the layout chosen; for
bfloat8_b a second and third panel with each face row's shared exponent and the
quantization error. The format follows the file name: `.png` or `.svg`.

What is drawn comes from a `layout_map.LayoutMap` (`provenance.layout_map_of` reads it off
the IR). Colours: for a conv weight W[o, i, r, s] (a conv_transpose2d's IOHW W[i, o, r, s])
the kernel position (r, s) of the source is the hue — a mirrored kernel shows its taps in
reverse — and the input channel i the shade (deep for channel 0, pale for the last); the
output channel o is the column. A 1×1 kernel has one position: its input channel is the hue.
A bias is coloured by its output channel; any other tensor by its values, on a colour bar.
Padding is light grey. The legend lists what the picture draws: padding, block or shard
lines, tile lines, where there are any. Colour bars carry as many short tick labels as fit
along them.

A tall matrix's panels stand side by side, a wide one's (a bias, a 1×1 conv's weight) one
above the other, and no picture is wider than 16 inches (1760 pixels); titles are broken
between their ` · `-separated parts, never inside a shape."""

from __future__ import annotations

import io
import os
import re
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.core.output_files import write_output_files
from ttnn_xdsl.core.shapes import TILE_SIZE, format_shape
from ttnn_xdsl.pictures.layout_map import LayoutMap
from ttnn_xdsl.tensor_formats import formats


class PicturedTensor(Protocol):
    """What a picture reads of a device tensor (`runtime.tensor.DeviceTensor` is one; this
    module does not import it, so the tensor's `plot` method can import this one)."""

    @property
    def dtype(self) -> DataType: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def physical_shape(self) -> tuple[int, ...]: ...
    @property
    def data(self) -> np.ndarray: ...
    def physical_to_numpy(self) -> np.ndarray: ...


__all__ = [
    "PICTURE_FORMATS",
    "element_colours",
    "face_row_exponents",
    "layout_figure",
    "plot_layout",
    "render_layout",
]

PICTURE_FORMATS = (".png", ".svg")
PADDING_COLOUR = (0.90, 0.90, 0.90)
HUE_RANGE = 0.83
"""Hues used for kernel positions: red … violet, stopping short of red again."""


def _installed_from_a_clone() -> bool:
    """Whether the package runs from a folder of sources (an editable install, or the
    repository itself), not from site-packages: the `plot` extra is then installed from
    that folder."""
    source = Path(__file__).resolve()
    installed = {Path(sysconfig.get_path(kind)).resolve() for kind in ("purelib", "platlib")}
    return not any(source.is_relative_to(folder) for folder in installed)


def matplotlib_missing_message(from_a_clone: bool) -> str:
    """What to install for pictures, said the way this installation installs it."""
    extra = "pip install -e '.[plot]'" if from_a_clone else "pip install 'ttnn-xdsl[plot]'"
    return f"layout pictures need matplotlib: {extra} (or pip install matplotlib)"


def _matplotlib() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise TTNNError(matplotlib_missing_message(_installed_from_a_clone())) from None
    return matplotlib


def element_colours(layout: LayoutMap, values: np.ndarray | None = None) -> np.ndarray:
    """RGB [rows, cols, 3] of each element: by provenance (see the module doc), padding
    light grey; for a "values" map, by `values` (the physical matrix) on a viridis scale."""
    colors = _matplotlib().colors
    holds = layout.holds_data
    hsv = np.zeros((*layout.index.shape, 3))
    if layout.kind == "weight" and _taps(layout) > 1:
        _, i, r, s = layout.weight_coordinates()
        _, channels, _, kernel_width = layout.weight_shape
        hsv[..., 0] = (r * kernel_width + s) / _taps(layout) * HUE_RANGE
        hsv[..., 1:] = _shade(i / max(channels - 1, 1))
        rgb = colors.hsv_to_rgb(np.clip(hsv, 0, 1))
    elif layout.kind in ("weight", "bias"):
        # A 1×1 kernel has one position: the hue tells its input channels apart instead. A
        # bias is coloured by its output channel.
        if layout.kind == "weight":
            channel, count = layout.weight_coordinates()[1], layout.weight_shape[1]
        else:
            channel, count = layout.coordinates()[-1], layout.source_shape[-1]
        hsv[..., 0] = channel / max(count, 1) * HUE_RANGE
        hsv[..., 1] = 0.85
        hsv[..., 2] = 0.8
        rgb = colors.hsv_to_rgb(np.clip(hsv, 0, 1))
    else:
        shown = np.zeros(layout.index.shape) if values is None else values
        low, high = value_range(layout, shown)
        scaled = (shown - low) / (high - low) if high > low else np.zeros_like(shown)
        rgb = _matplotlib().colormaps[VALUE_COLOURS](scaled)[..., :3]
    rgb[~holds] = PADDING_COLOUR
    return rgb


VALUE_COLOURS = "viridis"
"""The colour map of a "values" map's elements (and of its colour bar)."""


def value_range(layout: LayoutMap, values: np.ndarray) -> tuple[float, float]:
    """The ends of a "values" map's colour scale: the lowest and highest of the elements
    that hold data (0 and 0 when none does)."""
    held = values[layout.holds_data] if layout.holds_data.any() else np.zeros(1)
    return float(held.min()), float(held.max())


def _taps(layout: LayoutMap) -> int:
    """The kernel positions of a weight's source (KH·KW)."""
    _, _, kernel_height, kernel_width = layout.weight_shape
    return kernel_height * kernel_width


def _hue_strip(count: int) -> np.ndarray:
    """RGB [1, count, 3]: the hue of each of `count` channels (as `element_colours` gives a
    bias or a 1×1 kernel's input channels)."""
    colors = _matplotlib().colors
    hue = np.arange(count) / max(count, 1) * HUE_RANGE
    return colors.hsv_to_rgb(np.stack([hue, np.full(count, 0.85), np.full(count, 0.8)], -1))[None]


def _shade(fraction: np.ndarray | float) -> np.ndarray:
    """(saturation, value) of an input channel at `fraction` of the channels: channel 0 deep,
    the last pale (never black, so block boundaries stay the darkest lines)."""
    fraction = np.asarray(fraction, dtype=np.float64)
    return np.stack([0.95 - 0.6 * fraction, 0.62 + 0.38 * fraction], axis=-1)


def face_row_exponents(tensor: PicturedTensor) -> np.ndarray:
    """The shared exponent of each 16-element face row of a bfloat8_b tensor's matrix
    (leading dims stacked into rows): [rows, cols / 16], biased (semantics.md §1.3)."""
    data = tensor.data
    *lead, tile_rows, tile_cols, _ = data.shape
    exponents = data[..., : formats.BFLOAT8_B_EXPONENTS_PER_TILE].reshape(
        (*lead, tile_rows, tile_cols, 2, 2, formats.FACE_SIZE)
    )
    # [.., tile row, tile col, face row half, face col half, row] → rows × face columns
    ordered = np.moveaxis(exponents, (-5, -3, -1, -4, -2), (-5, -4, -3, -2, -1))
    matrix = ordered.reshape((-1, tile_cols * 2))
    return matrix.astype(np.int32)


def _check_path(path: str) -> str:
    extension = os.path.splitext(path)[1].lower()
    if extension not in PICTURE_FORMATS:
        raise TTNNError(
            f"cannot draw '{path}': a picture is .png or .svg (by its extension), got "
            f"'{extension or 'no extension'}'"
        )
    return extension


def plot_layout(
    layout: LayoutMap,
    tensor: PicturedTensor,
    path: str | os.PathLike[str],
    name: str = "",
    exact: np.ndarray | None = None,
) -> None:
    """Draw `tensor`'s physical matrix as `layout` describes it into `path`, a PNG or SVG
    file by its extension (see `render_layout`), written by the project's output rule
    (`write_output_files`)."""
    path = os.fspath(path)
    if not isinstance(path, str):
        # os.fspath keeps bytes: its extension would be b'.png' in every message.
        raise TypeError(
            f"a picture's path is a str or a path object, got a bytes path {path!r} "
            "(os.fsdecode(path) makes it a str)"
        )
    picture = render_layout(layout, tensor, _check_path(path)[1:], name, exact)
    write_output_files([(path, picture)])


def render_layout(
    layout: LayoutMap,
    tensor: PicturedTensor,
    picture_format: str = "png",
    name: str = "",
    exact: np.ndarray | None = None,
) -> bytes:
    """The picture of `tensor`'s physical matrix as `layout` describes it, as PNG or SVG
    bytes (`picture_format`). For bfloat8_b, `exact` (the source's values, of
    `layout.source_shape`) gives the quantization error panel; without it that panel is
    left out."""
    if f".{picture_format}" not in PICTURE_FORMATS:
        raise TTNNError(f"a picture is png or svg, got '{picture_format}'")
    figure = layout_figure(layout, tensor, name, exact)
    buffer = io.BytesIO()
    # A fixed date keeps the same picture the same bytes (SVG and PNG metadata).
    metadata = {"Date": None} if picture_format == "svg" else {"Software": "ttnn-xdsl"}
    with _matplotlib().rc_context({"svg.hashsalt": "ttnn-xdsl"}):  # SVG ids without randomness
        figure.savefig(buffer, format=picture_format, dpi=PICTURE_DPI, metadata=metadata)
    return buffer.getvalue()


PICTURE_DPI = 110


def layout_figure(
    layout: LayoutMap,
    tensor: PicturedTensor,
    name: str = "",
    exact: np.ndarray | None = None,
) -> Any:
    """The matplotlib Figure `render_layout` saves (see there)."""
    if tensor.layout != Layout.TILE:
        raise TTNNError(f"cannot draw {name or 'the tensor'}: only TILE tensors have tiles")
    _matplotlib()
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    physical = tensor.physical_to_numpy()
    matrix_values = physical.reshape(-1, physical.shape[-1])
    rows, columns = matrix_values.shape
    if layout.index.shape != (rows, columns):
        raise TTNNError(
            f"cannot draw {name or 'the tensor'}: its map is {format_shape(layout.index.shape)}, "
            f"its matrix {format_shape((rows, columns))}"
        )
    bfloat8 = tensor.dtype == DataType.BFLOAT8_B
    panels = 1 + (2 if bfloat8 and exact is not None else 1 if bfloat8 else 0)
    shape = _figure_shape(rows, columns, panels)
    figure = Figure(figsize=shape.size, layout="constrained")
    # Room at the edges for tick labels the layout engine places last (colour bars).
    figure.get_layout_engine().set(h_pad=0.1, w_pad=0.1)
    grid = figure.add_gridspec(
        shape.grid[0],
        shape.grid[1],
        width_ratios=shape.width_ratios,
        height_ratios=shape.height_ratios,
    )
    places = [grid[k, 0] if shape.stacked else grid[0, k] for k in range(panels)]
    axes = figure.add_subplot(places[0])
    axes.imshow(
        element_colours(layout, matrix_values),
        interpolation="nearest",
        aspect="auto",
        extent=(-0.5, columns - 0.5, rows - 0.5, -0.5),
    )
    _tile_grid(axes, rows, columns)
    _bands(axes, layout, rows, columns)
    _axis_labels(axes, layout, rows, columns, shape)
    panel_characters = int(shape.matrix_width * 15)

    if bfloat8:
        exponent_axes = figure.add_subplot(places[1], sharey=axes)
        exponents = face_row_exponents(tensor)
        shown = np.ma.masked_equal(exponents, 0) - 127
        image = exponent_axes.imshow(
            shown,
            interpolation="nearest",
            aspect="auto",
            cmap="magma",
            extent=(-0.5, columns - 0.5, rows - 0.5, -0.5),
        )
        _tile_grid(exponent_axes, rows, columns)
        exponent_axes.set_title(
            _wrap("shared exponent of each face row (E − 127)", panel_characters), fontsize=9
        )
        exponent_axes.set_xlabel("column")
        exponent_axes.tick_params(labelsize=7)
        # Exponents are integers: whole ticks.
        _colour_bar(figure, image, exponent_axes, shape, integer=True)
        if exact is not None:
            error_axes = figure.add_subplot(places[2], sharey=axes)
            held = layout.holds_data
            reference = np.zeros((rows, columns), np.float32)
            reference[held] = np.asarray(exact, np.float32).reshape(-1)[layout.index[held]]
            error = np.ma.masked_where(~held, matrix_values - reference)
            bound = float(np.abs(error).max()) if held.any() else 0.0
            image = error_axes.imshow(
                error,
                interpolation="nearest",
                aspect="auto",
                cmap="RdBu_r",
                vmin=-bound or -1,
                vmax=bound or 1,
                extent=(-0.5, columns - 0.5, rows - 0.5, -0.5),
            )
            _tile_grid(error_axes, rows, columns)
            error_axes.set_title(
                _wrap(
                    f"quantization error: bfloat8_b − exact (largest {bound:.3g})",
                    panel_characters,
                ),
                fontsize=9,
            )
            error_axes.set_xlabel("column")
            error_axes.tick_params(labelsize=7)
            _colour_bar(figure, image, error_axes, shape)

    if layout.kind not in ("weight", "bias"):
        # A values picture's colours are its values: their scale beside it.
        low, high = value_range(layout, matrix_values)
        scale = ScalarMappable(Normalize(low, high), cmap=VALUE_COLOURS)
        _colour_bar(figure, scale, axes, shape)
    legend_place = grid[:, 1] if shape.stacked else grid[0, panels]
    _legend(figure.add_subplot(legend_place), layout, Patch)
    characters = int(figure.get_figwidth() * 14)
    heading = (
        f"{name or 'tensor'}: {tensor.dtype.value}, physical {format_shape(tensor.physical_shape)}"
    )
    figure.suptitle(
        "\n".join(
            text
            for text in (
                _wrap(heading, characters),
                _wrap(layout.title, characters),
                _wrap(layout.subtitle, characters),
                _wrap(layout.l1_report, characters),
            )
            if text
        ),
        fontsize=9,
    )
    return figure


def _colour_bar(
    figure: Any, image: Any, axes: Any, shape: FigureShape, integer: bool = False
) -> None:
    """The colour scale of `image` beside (or under) `axes`, with as many tick labels as fit
    along it — about one every 0.6 inch — in short numbers (`−1.5` and `×10⁻³` once at its
    end, not `−0.0015`), so that a bar under a narrow panel does not run its labels together."""
    from matplotlib.ticker import MaxNLocator, ScalarFormatter

    bar = figure.colorbar(image, ax=axes, location=shape.colorbar, shrink=0.8)
    bar.ax.tick_params(labelsize=7)
    length = 0.8 * (shape.height_ratios[0] if shape.stacked else shape.matrix_width)
    bar.locator = MaxNLocator(nbins=max(2, int(length / 0.6)), integer=integer)
    formatter = ScalarFormatter(useMathText=True)
    formatter.set_powerlimits((-2, 3))
    bar.formatter = formatter
    bar.update_ticks()
    bar.ax.xaxis.get_offset_text().set_fontsize(7)
    bar.ax.yaxis.get_offset_text().set_fontsize(7)


@dataclass(frozen=True)
class FigureShape:
    """Where a picture's panels go and how large it is (inches)."""

    size: tuple[float, float]
    grid: tuple[int, int]
    width_ratios: list[float]
    height_ratios: list[float]
    matrix_width: float
    stacked: bool
    """Panels one above the other (a wide matrix), else side by side."""

    @property
    def colorbar(self) -> str:
        return "right" if self.stacked else "bottom"


LEGEND_WIDTH = 2.6
MAXIMUM_WIDTH = 16.0
"""The widest picture (inches; 1760 pixels at 110 dpi), a screen's width."""


def _figure_shape(rows: int, columns: int, panels: int) -> FigureShape:
    """Tiles square where the picture allows: a tall or square matrix's panels side by side
    (very tall ones squeezed, the whole at most `MAXIMUM_WIDTH` wide), a wide one's (a bias,
    a 1×1 conv's weight: few rows, many columns) one above the other."""
    if columns >= 2 * rows:
        width = min(max(columns / 48, 6.0), MAXIMUM_WIDTH - LEGEND_WIDTH - 1.0)
        height = min(max(width * rows / columns, 0.9), 4.0)
        # Each panel: its matrix, its title and axis labels (and a colour bar's room).
        panel = height + 1.2
        return FigureShape(
            (width + LEGEND_WIDTH + 1.0, panel * panels + 1.2),
            (panels, 2),
            [width, LEGEND_WIDTH],
            [panel] * panels,
            width,
            True,
        )
    height = min(max(rows / 48, 4.0), 16.0)
    width = min(max(height * columns / rows, 2.6), 12.0)
    width = min(width, (MAXIMUM_WIDTH - LEGEND_WIDTH) / panels - 1.2)
    return FigureShape(
        (width * panels + LEGEND_WIDTH + 1.2 * panels, height + 2.4),
        (1, panels + 1),
        [width] * panels + [LEGEND_WIDTH],
        [1.0],
        width,
        False,
    )


def _wrap(text: str, width: int) -> str:
    """`text` in lines of at most `width` characters, broken between its ` · `-separated
    parts where it can, never inside a bracket (`[1, 1, 288, 64]`) nor between a number and
    the word after it (`56 cores`)."""
    import textwrap

    if not text:
        return ""
    protected = re.sub(
        r"\[[^\]]*\]|\([^)]*\)", lambda match: match.group(0).replace(" ", "\u00a0"), text
    )
    # A number stays with the word it counts ("56 cores", "1393312 bytes").
    protected = re.sub(r"(?<=\d) (?=[^\W\d])", "\u00a0", protected)
    lines: list[str] = []
    for part in protected.split(" · "):
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " · " + part
        elif len(part) <= width:
            lines.append(part)
        else:
            lines += textwrap.wrap(part, width, break_long_words=False)
    return "\n".join(lines)


def _tile_grid(axes: Any, rows: int, columns: int) -> None:
    """Thin lines between tiles."""
    for row in range(TILE_SIZE, rows, TILE_SIZE):
        axes.axhline(row - 0.5, color="0.45", linewidth=0.4)
    for column in range(TILE_SIZE, columns, TILE_SIZE):
        axes.axvline(column - 0.5, color="0.45", linewidth=0.4)


def _bands(axes: Any, layout: LayoutMap, rows: int, columns: int) -> None:
    """Thick lines at block and shard boundaries, each labelled."""
    for band in layout.row_bands:
        if band.start > 0:
            axes.axhline(band.start - 0.5, color="black", linewidth=1.6)
    if layout.row_bands:
        # Labels as the ticks of a right-hand axis: the layout engine makes room for them.
        right = axes.secondary_yaxis("right")
        right.set_yticks(
            [(band.start + band.stop - 1) / 2 for band in layout.row_bands],
            [band.label for band in layout.row_bands],
            fontsize=7,
        )
        right.tick_params(length=0)
    for band in layout.column_bands:
        if band.start > 0:
            axes.axvline(band.start - 0.5, color="black", linewidth=1.6)
    if layout.column_bands:
        top = axes.secondary_xaxis("top")
        top.set_xticks(
            [(band.start + band.stop - 1) / 2 for band in layout.column_bands],
            [band.label for band in layout.column_bands],
            rotation=90 if len(layout.column_bands) > 3 else 0,
            fontsize=7,
        )
        top.tick_params(length=0)


def _axis_labels(axes: Any, layout: LayoutMap, rows: int, columns: int, shape: FigureShape) -> None:
    step = TILE_SIZE * max(1, (rows // TILE_SIZE) // 24)
    axes.set_yticks(range(0, rows, step))
    # About two tile-column labels an inch, so that they never overlap.
    labels = max(2, int(shape.matrix_width * 2))
    axes.set_xticks(range(0, columns, TILE_SIZE * max(1, -(-(columns // TILE_SIZE) // labels))))
    axes.tick_params(labelsize=7)
    # A label no longer than the panel is high.
    axes.set_ylabel("row" if shape.stacked else "row of the physical matrix (tile rows every 32)")
    if layout.kind == "weight":
        o = layout.weight_coordinates()[0]
        held = layout.holds_data
        column = np.broadcast_to(np.arange(columns), o.shape)
        same = bool(np.all(o[held] == column[held]))
        axes.set_xlabel("column = output channel o" if same else "column (output channels)")
    else:
        axes.set_xlabel("column")


def _channel_strip(axes: Any, count: int, title: str) -> None:
    """A legend strip of the hues of `count` channels, its first and last numbered."""
    strip = axes.inset_axes((0.1, 0.7, 0.8, 0.08))
    strip.imshow(_hue_strip(count), aspect="auto", extent=(-0.5, count - 0.5, 0, 1))
    strip.set_yticks([])
    strip.set_xticks([0, count - 1] if count > 1 else [0])
    strip.tick_params(labelsize=6)
    strip.set_title(title, fontsize=8)


def _legend(axes: Any, layout: LayoutMap, patch: Any) -> None:
    """Kernel positions as a grid of their hues, the input-channel shades (or what a values
    picture's colour means), and the lines and padding the picture draws."""
    colors = _matplotlib().colors
    axes.set_axis_off()
    if layout.kind == "weight" and _taps(layout) == 1:
        _channel_strip(axes, layout.weight_shape[1], "hue: input channel i (a 1×1 kernel)")
    elif layout.kind == "bias":
        _channel_strip(axes, layout.source_shape[-1], "hue: output channel o")
    elif layout.kind == "weight":
        _, channels, kernel_height, kernel_width = layout.weight_shape
        taps = kernel_height * kernel_width
        hue = (np.arange(taps) / max(taps, 1) * HUE_RANGE).reshape(kernel_height, kernel_width)
        swatch = colors.hsv_to_rgb(np.concatenate([hue[..., None], _shade(np.zeros_like(hue))], -1))
        inset = axes.inset_axes((0.1, 0.55, 0.8, 0.4))
        inset.imshow(swatch, interpolation="nearest")
        inset.set_title("hue: kernel position (r, s)", fontsize=8)
        # At most 8 numbers along a side, so that a long kernel's (1×16) do not run together.
        inset.set_xticks(range(0, kernel_width, -(-kernel_width // 8)))
        inset.set_yticks(range(0, kernel_height, -(-kernel_height // 8)))
        inset.set_xlabel("s", fontsize=7)
        inset.set_ylabel("r", fontsize=7)
        inset.tick_params(labelsize=6)
        if channels > 1:  # one input channel (a depthwise conv's) has one shade: no strip
            shades = axes.inset_axes((0.1, 0.33, 0.8, 0.06))
            ramp = np.linspace(0, 1, 64)
            strip = colors.hsv_to_rgb(np.concatenate([np.zeros((64, 1)), _shade(ramp)], -1))
            shades.imshow(strip[None], aspect="auto", extent=(0, channels - 1, 0, 1))
            shades.set_yticks([])
            shades.set_xticks([0, channels - 1])
            shades.tick_params(labelsize=6)
            shades.set_title("shade: input channel i (at r, s = 0, 0)", fontsize=8)
    else:
        axes.text(0.05, 0.8, "colour: value (the colour bar)", fontsize=8, transform=axes.transAxes)
    lines = _matplotlib().lines
    # Only what the picture draws: padding, block or shard lines, tile lines.
    rows, columns = layout.index.shape
    handles = []
    if not layout.holds_data.all():
        handles.append(
            patch(facecolor=PADDING_COLOUR, edgecolor="0.5", label="padding (no source)")
        )
    if any(band.start > 0 for band in (*layout.row_bands, *layout.column_bands)):
        handles.append(
            lines.Line2D([], [], color="black", linewidth=1.6, label="block / shard boundary")
        )
    if rows > TILE_SIZE or columns > TILE_SIZE:
        handles.append(
            lines.Line2D([], [], color="0.45", linewidth=0.6, label="tile boundary (32)")
        )
    if handles:
        axes.legend(handles=handles, loc="lower center", fontsize=8, frameon=False)

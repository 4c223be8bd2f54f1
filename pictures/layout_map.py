"""What a layout picture shows, without drawing it: for each element of a tensor's physical
matrix, the element of the source it holds (or padding), the blocks and shards it is cut
into, and the words of the title. Also the terminal picture (`text_map`): one character per
tile, in the spirit of `jax.debug.visualize_sharding`.

No IR and no matplotlib here: `provenance.layout_map_of` fills a `LayoutMap` from the IR,
`LayoutMap.of_logical` from a tensor's logical shape alone, and `plot` draws it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.conv.conv_transpose import ConvTranspose2dPlan
from ttnn_xdsl.conv.conv_weight_layout import WeightLayoutKind
from ttnn_xdsl.core.enums import DataType, ShardOrientation
from ttnn_xdsl.core.shapes import TILE_SIZE, format_shape

__all__ = [
    "DATA",
    "PADDING",
    "PARTIAL",
    "Band",
    "LayoutMap",
    "core_of",
    "core_ranges",
    "describe_plan",
    "describe_transpose_plan",
    "layout_bands",
    "text_map",
    "tile_kinds",
    "with_source_kernel_rows",
]

PADDING, PARTIAL, DATA = 0, 1, 2
"""Kinds of tile: no source element, some, only source elements."""

TILE_CHARACTERS = {DATA: "#", PARTIAL: "+", PADDING: "."}


@dataclass(frozen=True)
class Band:
    """Rows (or columns) `start` … `stop - 1` of the matrix that form one block or shard."""

    start: int
    stop: int
    label: str


@dataclass(frozen=True)
class LayoutMap:
    """The provenance of a tensor's physical matrix (leading dimensions stacked into rows):
    `index[row, col]` is the row-major flat index into the source (of shape `source_shape`)
    of the element held there, -1 for padding. `kind` is "weight" (a conv weight, OIHW or,
    for a conv_transpose2d, IOHW: `weight_axes`), "bias" ([1, 1, 1, O]) or "values" (the
    tensor's own logical values)."""

    index: np.ndarray
    source_shape: tuple[int, ...]
    kind: str
    title: str
    subtitle: str
    row_bands: tuple[Band, ...] = ()
    column_bands: tuple[Band, ...] = ()
    source_argument: int | None = None
    """The position of the entry function's argument the source is (traced results)."""
    weight_axes: tuple[int, int, int, int] = (0, 1, 2, 3)
    """The source dims holding a weight's output channel, input channel, kernel row and
    kernel column: (0, 1, 2, 3) for OIHW, (1, 0, 2, 3) for a conv_transpose2d's IOHW."""
    l1_report: str = ""
    """A prepared conv's L1 report (TT-NN's estimate per core, `ConvL1Report.describe`)."""

    @property
    def weight_shape(self) -> tuple[int, int, int, int]:
        """A weight source's (O, I, KH, KW) extents (O per group for a grouped IOHW weight)."""
        o, i, kh, kw = (self.source_shape[axis] for axis in self.weight_axes)
        return o, i, kh, kw

    def weight_coordinates(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """A weight source's (o, i, r, s) coordinates of each element, -1 at padding."""
        coordinates = self.coordinates()
        o, i, r, s = (coordinates[axis] for axis in self.weight_axes)
        return o, i, r, s

    @property
    def holds_data(self) -> np.ndarray:
        """True where an element holds a source element."""
        return self.index >= 0

    def coordinates(self) -> tuple[np.ndarray, ...]:
        """The source coordinates of each element (one array per source dimension), -1 at
        padding."""
        flat = np.where(self.holds_data, self.index, 0)
        coordinates = np.unravel_index(flat, self.source_shape)
        return tuple(np.where(self.holds_data, c, -1) for c in coordinates)

    @classmethod
    def of_logical(
        cls,
        logical_shape: Sequence[int],
        physical_shape: Sequence[int],
        title: str = "",
        subtitle: str = "",
    ) -> LayoutMap:
        """The map of a TILE tensor whose data is its logical region (the top-left corner of
        each matrix, zero padding around it): each element holds its own logical value."""
        logical, physical = tuple(logical_shape), tuple(physical_shape)
        rows, columns = np.meshgrid(np.arange(physical[-2]), np.arange(physical[-1]), indexing="ij")
        inside = (rows < logical[-2]) & (columns < logical[-1])
        within = rows * logical[-1] + columns
        leading = int(np.prod(physical[:-2], dtype=np.int64))
        per_matrix = logical[-2] * logical[-1]
        stacked = [np.where(inside, within + k * per_matrix, -1) for k in range(leading)]
        index = np.concatenate(stacked) if stacked else np.zeros((0, physical[-1]), np.int64)
        return cls(
            index.astype(np.int64),
            logical,
            "values",
            title or f"logical {format_shape(logical)} in physical {format_shape(physical)}",
            subtitle,
        )


def tile_kinds(holds_data: np.ndarray) -> np.ndarray:
    """Per 32×32 tile of a matrix: DATA (every element holds data), PARTIAL or PADDING."""
    rows, columns = holds_data.shape
    tiles = holds_data.reshape(rows // TILE_SIZE, TILE_SIZE, columns // TILE_SIZE, TILE_SIZE)
    count = tiles.sum(axis=(1, 3))
    kinds = np.full(count.shape, PARTIAL, dtype=np.int8)
    kinds[count == 0] = PADDING
    kinds[count == TILE_SIZE * TILE_SIZE] = DATA
    return kinds


def core_of(number: int, grid: tuple[int, int]) -> tuple[int, int]:
    """The (x, y) of core `number` when cores are counted row by row over a grid (x, y)."""
    return number % grid[0], number // grid[0]


def core_ranges(count: int, grid: tuple[int, int]) -> str:
    """The first `count` cores of a grid (x, y), counted row by row, as the rectangles they
    make: "(0, 0)…(7, 7)" for 64 on 8×8; "(0, 0)…(7, 5) and (0, 6)" for 49 — six whole rows
    and one core of the seventh, not seven rows."""
    columns = grid[0]
    whole_rows, rest = divmod(count, columns)
    ranges = []
    if whole_rows:
        ranges.append(f"(0, 0)…({columns - 1}, {whole_rows - 1})")
    if rest == 1:
        ranges.append(f"(0, {whole_rows})")
    elif rest > 1:
        ranges.append(f"(0, {whole_rows})…({rest - 1}, {whole_rows})")
    return " and ".join(ranges)


def with_source_kernel_rows(layout: LayoutMap) -> LayoutMap:
    """`layout` with each "kernel row r" block of a weight labelled with the source kernel row
    its elements come from when that is another one (a conv_transpose2d's mirrored kernel:
    "kernel row 0 ← source row 2"), read off the traced provenance."""
    if layout.kind != "weight" or not layout.row_bands:
        return layout
    _, _, source_rows, _ = layout.weight_coordinates()
    bands = []
    for number, band in enumerate(layout.row_bands):
        held = source_rows[band.start : band.stop]
        rows = sorted({int(r) for r in held[held >= 0].ravel()})
        label = band.label
        if band.label == f"kernel row {number}" and len(rows) == 1 and rows[0] != number:
            label += f" ← source row {rows[0]}"
        bands.append(Band(band.start, band.stop, label))
    return replace(layout, row_bands=tuple(bands))


def _ranges(count: int, size: int, labels: Sequence[str]) -> tuple[Band, ...]:
    return tuple(Band(k * size, (k + 1) * size, labels[k]) for k in range(count))


def layout_bands(
    plan: ConvWeightsPlan | None, kind: str, shape: tuple[int, int]
) -> tuple[tuple[Band, ...], tuple[Band, ...]]:
    """The blocks along the rows and the shards along the columns of a prepared weight's
    matrix (`shape`), labelled with what they are and the cores (x, y) that read them
    (semantics.md §3.6): HEIGHT — one block of BH rows per kernel row (all cores read every
    block); WIDTH — blocks of act_block_w rows, output-channel shards of core k = (k mod X,
    k div X); BLOCK — input-channel slices and output-channel slices of the core columns
    (x, *) (rows (*, y) for col_major shards)."""
    if plan is None or kind != "weight":
        return (), ()
    rows, columns = shape
    layout = plan.layout.kind
    if layout == WeightLayoutKind.SPECIAL_PADDING:
        block = (plan.blocking.weight_block_h_ntiles or 0) * TILE_SIZE
        kernel_rows = plan.layout.padded_weight_shape[2]
        if plan.params.conv_config.enable_activation_reuse or block == 0:
            return (Band(0, rows, "one block: every kernel row"),), ()
        return _ranges(kernel_rows, block, [f"kernel row {r}" for r in range(kernel_rows)]), ()
    if layout == WeightLayoutKind.TILED:
        block = (plan.blocking.weight_block_h_ntiles or 0) * TILE_SIZE
        blocks = rows // block if block else 0
        shards = plan.sharding.output_cores_channels
        width = columns // shards
        return (
            _ranges(blocks, block, [f"block {b}" for b in range(blocks)]),
            _ranges(
                shards,
                width,
                [f"core {core_of(k, plan.params.grid)}" for k in range(shards)],
            ),
        )
    if layout == WeightLayoutKind.BLOCK_SHARDED:
        in_shards, out_shards = (
            plan.sharding.input_cores_channels,
            plan.sharding.output_cores_channels,
        )
        along_x = plan.sharding.orientation == ShardOrientation.ROW_MAJOR

        def cores(k: int) -> str:
            return f"cores ({k}, *)" if along_x else f"cores (*, {k})"

        return (
            _ranges(
                in_shards,
                rows // in_shards,
                [f"input channels of {cores(k)}" for k in range(in_shards)],
            ),
            _ranges(out_shards, columns // out_shards, [cores(k) for k in range(out_shards)]),
        )
    return (), ()


def _cores_reading(plan: ConvWeightsPlan) -> str:
    """Which cores read the prepared weight, in words."""
    grid = plan.params.grid
    if plan.layout.kind == WeightLayoutKind.INTERLEAVED_MM:
        return "interleaved in DRAM, read as one matmul"
    if plan.layout.kind == WeightLayoutKind.SPECIAL_PADDING:
        cores = core_ranges(plan.sharding.nhw_cores, grid)
        return f"each of the {plan.sharding.nhw_cores} cores {cores} reads every block"
    if plan.layout.kind == WeightLayoutKind.TILED:
        return f"{plan.sharding.output_cores_channels} output-channel shards, one per core"
    return (
        f"{plan.sharding.input_cores_channels} × {plan.sharding.output_cores_channels} blocks, "
        f"{plan.sharding.orientation.value} shards"
    )


def _padding_text(padding: Sequence[int]) -> str:
    top, bottom, left, right = padding
    return f"{top}" if len({top, bottom, left, right}) == 1 else f"{top},{bottom},{left},{right}"


def describe_plan(
    plan: ConvWeightsPlan,
    op_name: str,
    source_shape: Sequence[int],
    source_dtype: DataType,
    kind: str = "weight",
) -> tuple[str, str]:
    """A picture's title (the op and its parameters) and subtitle (the layout the resolution
    chose, with its numbers; for a bias, its padding)."""
    params = plan.params
    memory = params.input_memory_config
    kernel = "×".join(map(str, params.kernel_size))
    title = (
        f"{op_name} {format_shape(source_shape)} {source_dtype.value} → "
        f"{plan.weights_dtype.value} · input {params.batch_size}×{params.input_height}×"
        f"{params.input_width}×{params.in_channels} {params.input_layout.value} "
        f"{memory.buffer_type.value} {memory.memory_layout.value} · kernel {kernel} stride "
        f"{'×'.join(map(str, params.stride))} padding {_padding_text(params.padding)} dilation "
        f"{'×'.join(map(str, params.dilation))} groups {params.groups} · grid "
        f"{params.grid[0]}×{params.grid[1]}"
    )
    return title, _plan_subtitle(plan, kind)


def describe_transpose_plan(
    plan: ConvTranspose2dPlan,
    op_name: str,
    source_shape: Sequence[int],
    source_dtype: DataType,
    kind: str = "weight",
) -> tuple[str, str]:
    """A conv_transpose2d's picture: the title names the transposed op with its parameters and
    whether the kernel is mirrored; the subtitle the equivalent conv2d TT-NN prepares for
    (semantics.md §7.2) and the layout its resolution chose."""
    params, conv = plan.params, plan.conv
    memory = params.input_memory_config
    kernel = "×".join(map(str, params.kernel_size))
    mirrored = " mirrored" if plan.mirror_kernel and kind == "weight" else ""
    output_padding = (
        f" output_padding {'×'.join(map(str, params.output_padding))}" if kind == "weight" else ""
    )
    title = (
        f"{op_name} {format_shape(source_shape)} {source_dtype.value} → "
        f"{conv.weights_dtype.value} · input {params.batch_size}×{params.input_height}×"
        f"{params.input_width}×{params.in_channels} {params.input_layout.value} "
        f"{memory.buffer_type.value} {memory.memory_layout.value} · kernel {kernel}{mirrored} "
        f"stride {'×'.join(map(str, params.stride))} padding {_padding_text(params.padding)}"
        f"{output_padding} dilation {'×'.join(map(str, params.dilation))} groups "
        f"{params.groups} · grid {params.grid[0]}×{params.grid[1]}"
    )
    full_height, full_width = plan.full_input_size
    equivalent = plan.equivalent
    path = ""
    if plan.dram is not None:
        shard = equivalent.input_memory_config
        path = f", DRAM path: {shard.memory_layout.value} input"
        if plan.dram.sliced:
            slicing = plan.dram.slicing
            path += (
                f", first of {slicing.num_slices} {slicing.slice_type.value} slices "
                f"({equivalent.input_layout.value})"
            )
    transform = ""
    if kind == "weight":
        steps = [f"grouped ×{params.groups}"] if params.groups > 1 else []
        steps += ["IOHW→OIHW"] + (["kernel mirrored"] if plan.mirror_kernel else [])
        transform = f"{', '.join(steps)} · "
    subtitle = (
        f"{transform}equivalent conv2d: input {params.batch_size}×{full_height}×{full_width} "
        f"(zero-stuffed), stride 1×1, padding 0, groups {equivalent.groups}{path} · "
        + _plan_subtitle(conv, kind)
    )
    return title, subtitle


def _plan_subtitle(plan: ConvWeightsPlan, kind: str) -> str:
    """The layout the resolution chose, with its numbers; for a bias, its padding."""
    params = plan.params
    if kind == "bias":
        width = plan.bias.physical_shape[-1]
        kind_name = plan.layout.kind.value
        article = "an" if kind_name[0] in "aeiou" else "a"
        return (
            f"bias for {article} {kind_name} weight: row 0 holds the "
            f"{params.out_channels} values, zero-padded to {width} columns = "
            f"round_up(Cout_pad {plan.layout.padded_out_channels}, 32·block_w "
            f"{plan.blocking.weight_block_w_ntiles}) and 32 rows · physical "
            f"{format_shape(plan.bias.physical_shape)}, logical "
            f"{format_shape(plan.bias.logical_shape)}"
        )
    steps = [
        text
        for text, taken in (
            (f"grouped ×{plan.expansion.groups_expand}", plan.expansion.groups_expand is not None),
            ("1D depthwise", plan.form.depthwise_1d),
            (f"folded by stride {plan.form.fold_stride}", plan.form.fold_stride is not None),
        )
        if taken
    ]
    blocking, layout = plan.blocking, plan.layout
    block = (
        f" · blocks {blocking.weight_block_h_ntiles}×{blocking.weight_block_w_ntiles} tiles"
        if blocking.weight_block_h_ntiles
        else ""
    )
    # On the matmul shortcut (semantics.md §3.3 step 4) the shard layout chooses nothing.
    chosen = (
        "1×1 matmul shortcut"
        if layout.kind == WeightLayoutKind.INTERLEAVED_MM
        else plan.sharding.shard_layout.value
    )
    expanded = plan.expansion.expanded_weight_shape
    return (
        f"{chosen} → {layout.kind.value} layout"
        + (f" ({', '.join(steps)})" if steps else "")
        + f" · Cin {expanded[1]}→{layout.padded_in_channels} (align "
        f"{plan.sharding.input_channels_alignment}), Cout {expanded[0]}→"
        f"{layout.padded_out_channels}{block} · {_cores_reading(plan)} · physical "
        f"{format_shape(layout.physical_shape)}, logical {format_shape(layout.logical_shape)}"
    )


def text_map(layout: LayoutMap, name: str, summary: str) -> str:
    """The tile map of a matrix as text: a header (`name`, `summary`, the title, subtitle and
    L1 report), then one line per tile row — `#` a tile of data, `+` a tile partly padding,
    `.` a tile of padding only — with `│` between column shards, a rule between row blocks,
    and each block's label at its first row."""
    kinds = tile_kinds(layout.holds_data)
    tile_rows, tile_columns = kinds.shape
    row_starts = {band.start // TILE_SIZE: band for band in layout.row_bands}
    column_cuts = {band.start // TILE_SIZE for band in layout.column_bands[1:]}
    counts = {kind: int(np.count_nonzero(kinds == kind)) for kind in TILE_CHARACTERS}
    lines = [
        f"{name}: {summary}, {tile_rows}×{tile_columns} tiles: {counts[DATA]} data (#), "
        f"{counts[PARTIAL]} partly padding (+), {counts[PADDING]} padding (.)",
    ]
    lines += [text for text in (layout.title, layout.subtitle, layout.l1_report) if text]

    def cells(values: Sequence[str]) -> str:
        return "".join(
            ("│" if column in column_cuts else "") + values[column]
            for column in range(tile_columns)
        )

    margin = len(str(max(tile_rows - 1, 0))) + 2
    lines.append(" " * margin + cells([str(column % 10) for column in range(tile_columns)]))
    width = tile_columns + len(column_cuts)
    for row in range(tile_rows):
        band = row_starts.get(row)
        if band is not None and row > 0:
            lines.append(" " * margin + "─" * width)
        text = f"{row:>{margin - 2}}  " + cells([TILE_CHARACTERS[int(kind)] for kind in kinds[row]])
        if band is not None:
            text += f"  {band.label} (rows {band.start}–{band.stop - 1})"
        lines.append(text.rstrip())
    if layout.column_bands:
        lines.append(
            "columns: "
            + " │ ".join(
                f"{band.start}–{band.stop - 1} {band.label}" for band in layout.column_bands
            )
        )
    return "\n".join(lines)

"""Bulk execution of tiled loop nests: a whole `scf.for` nest as a few strided NumPy operations.

The lowerings produce loop nests whose bodies move, tilize or convert tiles at indices that are
affine in the induction variables (`i·32`, `r·KW·I + s·I`, …). Interpreting such a nest op by
op costs several interpreted ops per tile; executing it in bulk costs a few NumPy calls per
nest. The lowering marks each such nest (`tile.BULK_NEST` on its outermost `scf.for`); when
the interpreter reaches a marked loop this module runs the *same IR* over the whole
iteration space at once, checking as it goes that the nest is what the marker says:

* The nest is perfect (each body holds index arithmetic, one inner loop, the terminator; the
  innermost body straight-line ops) with bounds that do not depend on its own induction
  variables and no loop-carried values. The iteration space is the grid of trip counts.
* Index values are affine forms over the grid (`Affine`): constants, induction variables,
  `arith.addi` / `subi` / `muli` by a constant. Values defined outside the nest are read from
  the interpreter; ops of the body that use only such values (constants, arithmetic,
  subviews) run once, in the interpreter.
* A memref in the nest is a `View` — a base NumPy array, an affine start per base axis and a
  list of strided dims — so `memref.subview`, `tile.load` / `tile.store` and the windows of
  `tile.tilize` / `tile.untilize` become `numpy.lib.stride_tricks.as_strided` views whose
  leading dims are the grid. `tile.typecast`, the linalg moves (`copy`, `transpose`,
  `broadcast`, `fill`) and `memref.copy` then act on all iterations in one call; a typecast
  whose result is stored converts straight into the destination.

Every index range is checked against the memref it indexes before anything is written (the
whole grid at once; a failure is a one-line RunError naming the op's location), so a strided
view never leaves its buffer. Bulk execution must give the bytes the op-by-op execution
gives, so a nest runs op by op instead when it holds anything else (any other op, a non-affine
index such as `arith.remsi` of an induction variable, a triangular or loop-carried loop), when
a write might reach an element twice (a destination index that ignores an induction
variable) or when a buffer it writes may overlap one it reads or another it writes: NotBulk,
with the reason the interpreter reports (`scf.BulkScfFunctions`).
"""

from __future__ import annotations

import math
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

import numpy as np
from numpy.lib.stride_tricks import as_strided
from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, MemRefType
from xdsl.dialects.linalg import ops as linalg
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute, Operation, SSAValue

from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import RunError, op_location
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.runtime.interpreter.linalg import transpose_permutation
from ttnn_xdsl.runtime.interpreter.memref import subview_static
from ttnn_xdsl.runtime.interpreter.tile import (
    CHUNK_BYTES,
    accumulate_into,
    chunk_bytes_for,
    chunk_length,
    element_matrix,
    operand_matrix,
    product_tiles,
    split_tile_rows,
    tile_memref_dtype,
)
from ttnn_xdsl.runtime.math_fidelity import fidelity_matmul
from ttnn_xdsl.tensor_formats import formats

__all__ = ["NotBulk", "run_nest_in_bulk"]

# Index arithmetic in the interpreter is 64-bit; bulk execution keeps well inside it.
_INDEX_LIMIT = 1 << 62


class NotBulk(Exception):
    """The nest cannot run in bulk. `structural` failures depend only on the IR (the nest is
    never tried again); the others on this execution's values (buffers that overlap)."""

    def __init__(self, reason: str, structural: bool = True):
        super().__init__(reason)
        self.structural = structural


# ---------------------------------------------------------------------------------------------
# Affine index forms over the iteration grid
# ---------------------------------------------------------------------------------------------


class Affine:
    """`constant + Σ coefficient · t_dim`, with `t_dim` the iteration number along grid
    dim `dim` (0 ≤ t_dim < trip count); terms are sorted by dim, coefficients nonzero.
    Immutable (a plain class: the nest is evaluated anew at every run of it)."""

    __slots__ = ("constant", "terms")

    def __init__(self, constant: int, terms: tuple[tuple[int, int], ...] = ()):
        self.constant = constant
        self.terms = terms

    def __repr__(self) -> str:
        return f"Affine({self.constant}, {self.terms})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Affine)
            and self.constant == other.constant
            and self.terms == other.terms
        )

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Affine) -> Affine:
        if not other.terms:
            return _affine(self.constant + other.constant, self.terms)
        merged = dict(self.terms)
        for dim, coefficient in other.terms:
            merged[dim] = merged.get(dim, 0) + coefficient
        terms = tuple(sorted((d, c) for d, c in merged.items() if c))
        return _affine(self.constant + other.constant, terms)

    def scaled(self, factor: int) -> Affine:
        if factor == 1:
            return self
        if factor == 0:
            return Affine(0)
        return _affine(self.constant * factor, tuple((d, c * factor) for d, c in self.terms))

    def coefficient(self, dim: int) -> int:
        for term_dim, coefficient in self.terms:
            if term_dim == dim:
                return coefficient
        return 0

    def at(self, point: Sequence[int]) -> int:
        """The value at grid point `point`."""
        return self.constant + sum(c * point[d] for d, c in self.terms)

    def bounds(self, grid: Sequence[int]) -> tuple[int, int]:
        """Smallest and largest value over a (non-empty) grid."""
        low = high = self.constant
        for dim, coefficient in self.terms:
            reach = coefficient * (grid[dim] - 1)
            low, high = low + min(0, reach), high + max(0, reach)
        return low, high


def _affine(constant: int, terms: tuple[tuple[int, int], ...]) -> Affine:
    if abs(constant) >= _INDEX_LIMIT or any(abs(c) >= _INDEX_LIMIT for _, c in terms):
        raise NotBulk("index arithmetic beyond 62 bits", structural=False)
    return Affine(constant, terms)


# ---------------------------------------------------------------------------------------------
# Views: memrefs over the grid
# ---------------------------------------------------------------------------------------------


class Dim(NamedTuple):
    """A dim of a view: `size` elements `step` apart along base axis `axis`, or a unit dim
    (`axis` None) that a rank-reducing subview keeps."""

    axis: int | None
    size: int
    step: int


@dataclass(frozen=True, slots=True)
class View:
    """A memref value at every grid point: element (i_0, …) of the view at point t is
    `base[start(t) + Σ_j i_j · step_j along axis_j]`."""

    base: np.ndarray
    start: tuple[Affine, ...]
    dims: tuple[Dim, ...]

    @staticmethod
    def of(array: np.ndarray) -> View:
        return View(
            array,
            tuple(Affine(0) for _ in array.shape),
            tuple(Dim(axis, size, 1) for axis, size in enumerate(array.shape)),
        )

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(dim.size for dim in self.dims)

    def moved(self, dim: Dim, offset: Affine) -> tuple[Affine, ...]:
        """`start` advanced by `offset` steps along `dim`."""
        if dim.axis is None:
            return self.start
        start = list(self.start)
        start[dim.axis] = start[dim.axis] + offset.scaled(dim.step)
        return tuple(start)

    def strided(
        self,
        grid: Sequence[int],
        part: dict[int, slice] | None = None,
        sizes: Sequence[int] | None = None,
    ) -> np.ndarray:
        """The NumPy view `[*grid, *shape]` (or the grid `part`, with other `sizes`) of this
        view. Its index ranges must have been checked."""
        part = part or {}
        first = [part[d].start if d in part else 0 for d in range(len(grid))]
        counts = [
            (part[d].stop - part[d].start) if d in part else grid[d] for d in range(len(grid))
        ]
        sizes = self.shape if sizes is None else tuple(sizes)
        origin = tuple(start.at(first) for start in self.start)
        item = self.base.strides
        grid_strides = [0] * len(grid)
        for axis, start in enumerate(self.start):
            for dim, coefficient in start.terms:
                grid_strides[dim] += coefficient * item[axis]
        dim_strides = [0 if dim.axis is None else dim.step * item[dim.axis] for dim in self.dims]
        if 0 in counts or 0 in sizes:
            return np.empty((*counts, *sizes), self.base.dtype)
        corner = self.base[tuple(slice(i, i + 1) for i in origin)]
        return as_strided(
            corner,
            shape=(*counts, *sizes),
            strides=(*grid_strides, *dim_strides),
            writeable=self.base.flags.writeable,
        )


def _check_range(
    op: Operation, grid: Sequence[int], offset: Affine, size: int, step: int, extent: int
) -> None:
    """Raise RunError unless `offset + k·step` (0 ≤ k < size) stays in [0, extent) at every
    grid point (a `size` of 0 needs only a non-negative offset)."""
    low, high = offset.bounds(grid)
    if low >= 0 and (size == 0 or high + (size - 1) * step < extent):
        return
    where = op_location(op)
    worst = low if low < 0 else high
    if isinstance(op, memref.SubviewOp):
        # The op-by-op message (runtime/interpreter/memref.py), with the offset farthest out.
        raise RunError(
            f"memref.subview out of bounds: offset {worst}, size {size}, stride {step} "
            f"in a dim of {extent} ({where})"
        )
    raise RunError(f"{op.name} out of bounds: index {worst} in a dim of {extent} ({where})")


def _check_window_start(op: Operation, grid: Sequence[int], start: Affine) -> None:
    """A tile window may reach beyond the memref's edge (that part reads as zero or is
    dropped) but must not start before it."""
    low, _ = start.bounds(grid)
    if low < 0:
        where = op_location(op)
        raise RunError(f"{op.name} out of bounds: window start {low} is negative ({where})")


# ---------------------------------------------------------------------------------------------
# Tile values over the grid
# ---------------------------------------------------------------------------------------------


Rebind = Callable[[Any], Any]
"""Maps each array of an evaluated nest to its stand-in (`_Plan`), or back."""


class TileValue(ABC):
    """A tile at every grid point: `array()` is `[*grid, 32, 32]` (or `[*grid, 1088]`)."""

    @abstractmethod
    def array(self) -> np.ndarray:
        """The tiles of every grid point."""

    def store_into(self, dest: np.ndarray) -> None:
        np.copyto(dest, self.array())

    @abstractmethod
    def rebound(self, rebind: Rebind) -> TileValue:
        """The same tile value with every array `rebind`-mapped."""


@dataclass
class ArrayTile(TileValue):
    """Tiles already in an array (a loaded view, or a tile defined outside the nest,
    broadcast over the grid)."""

    values: np.ndarray

    def array(self) -> np.ndarray:
        return self.values

    def rebound(self, rebind: Rebind) -> TileValue:
        return ArrayTile(rebind(self.values))


@dataclass
class ConvertedTile(TileValue):
    """`tile.typecast` of a tile value, converted when used: straight into a store's
    destination when it is stored."""

    source: TileValue
    source_dtype: DataType
    target_dtype: DataType
    where: str
    """The op's location (or name), for an error (a NaN into bfloat8_b)."""

    @staticmethod
    def of(source: TileValue, op: tile.TypecastOp) -> ConvertedTile:
        return ConvertedTile(
            source,
            cast(tile.TileType, op.input.type).dtype,
            cast(tile.TileType, op.result.type).dtype,
            op_location(op),
        )

    def _convert(self, tiles: np.ndarray, out: np.ndarray | None) -> np.ndarray:
        source, target = self.source_dtype, self.target_dtype
        try:
            return formats.convert_tiles(tiles, source, target, out=out)
        except ValueError as error:
            raise RunError(
                f"{source.value} -> {target.value} typecast at {self.where}: {error}"
            ) from None

    def array(self) -> np.ndarray:
        return self._convert(self.source.array(), None)

    def store_into(self, dest: np.ndarray) -> None:
        tiles = self.source.array()
        grid_rank = tiles.ndim - formats.tile_data_rank(self.source_dtype)
        distinct = _distinct(tiles, grid_rank)
        if distinct.size < tiles.size:
            # A tile broadcast along grid dims (a zero tile stored everywhere): converted
            # once, then copied to each place.
            np.copyto(dest, self._convert(distinct, None))
            return
        self._convert(tiles, dest)

    def rebound(self, rebind: Rebind) -> TileValue:
        return ConvertedTile(
            self.source.rebound(rebind), self.source_dtype, self.target_dtype, self.where
        )


@dataclass
class TilizedTile(TileValue):
    """`tile.tilize`: the 32×32 windows of a row-major view, zero beyond its edge."""

    parts: list[tuple[dict[int, slice], np.ndarray]]
    """The windows' parts inside the source, each a grid part and its `[*part, h, w]` view."""
    grid: tuple[int, ...]
    dtype: np.dtype[Any]
    whole: np.ndarray | None
    """All windows as one view, when none reaches beyond the edge."""

    def array(self) -> np.ndarray:
        if self.whole is not None:
            return self.whole
        tiles = np.zeros((*self.grid, TILE_SIZE, TILE_SIZE), self.dtype)
        self.store_into(tiles)
        return tiles

    def store_into(self, dest: np.ndarray) -> None:
        if self.whole is not None:
            np.copyto(dest, self.whole)
            return
        dest[...] = 0
        for part, window in self.parts:
            rows, cols = window.shape[-2:]
            np.copyto(dest[_grid_index(part, len(self.grid))][..., :rows, :cols], window)

    def rebound(self, rebind: Rebind) -> TileValue:
        return TilizedTile(
            [(part, rebind(window)) for part, window in self.parts],
            self.grid,
            self.dtype,
            None if self.whole is None else rebind(self.whole),
        )


def _grid_index(part: dict[int, slice], rank: int) -> tuple[slice, ...]:
    return tuple(part.get(d, slice(None)) for d in range(rank))


def _window_parts(
    row: Affine, col: Affine, height: int, width: int, grid: Sequence[int]
) -> list[tuple[dict[int, slice], int, int]]:
    """Split the grid into parts whose 32×32 windows at (row, col) keep the same number of
    rows and columns inside `height` × `width`; only parts with both nonzero are listed."""
    parts = []
    for row_part, rows in _axis_parts(row, height, grid):
        for col_part, cols in _axis_parts(col, width, grid):
            merged = _intersect(row_part, col_part)
            if merged is not None and rows > 0 and cols > 0:
                parts.append((merged, rows, cols))
    return parts


def _axis_parts(
    start: Affine, extent: int, grid: Sequence[int]
) -> list[tuple[dict[int, slice], int]]:
    """Parts of the grid along which windows starting at `start` keep `count` of their 32
    rows (or columns) below `extent`."""
    if start.bounds(grid)[1] + TILE_SIZE <= extent:
        return [({}, TILE_SIZE)]  # every window wholly inside
    if not start.terms:
        return [({}, max(0, min(TILE_SIZE, extent - start.constant)))]
    if len(start.terms) != 1 or start.terms[0][1] <= 0:
        raise NotBulk("tile windows cut by the edge at a start not monotonic in one loop", False)
    ((dim, coefficient),) = start.terms
    count = grid[dim]
    # Windows t < full lie wholly inside; then each remaining one on its own.
    full = max(0, min(count, (extent - TILE_SIZE - start.constant) // coefficient + 1))
    parts = [({dim: slice(0, full)}, TILE_SIZE)] if full else []
    for index in range(full, count):
        inside = extent - (start.constant + coefficient * index)
        if inside <= 0:
            break
        parts.append(({dim: slice(index, index + 1)}, min(TILE_SIZE, inside)))
    return parts


def _intersect(a: dict[int, slice], b: dict[int, slice]) -> dict[int, slice] | None:
    merged = dict(a)
    for dim, piece in b.items():
        if dim in merged:
            low, high = max(merged[dim].start, piece.start), min(merged[dim].stop, piece.stop)
            if low >= high:
                return None
            merged[dim] = slice(low, high)
        else:
            merged[dim] = piece
    return merged


# ---------------------------------------------------------------------------------------------
# Data moves
# ---------------------------------------------------------------------------------------------


class Move(ABC):
    """One data move of a nest over all its iterations."""

    @abstractmethod
    def run(self) -> None: ...

    @abstractmethod
    def rebound(self, rebind: Rebind) -> Move:
        """The same move with every array `rebind`-mapped."""


@dataclass
class StoreMove(Move):
    """`tile.store`: the tiles of every iteration into their places."""

    value: TileValue
    dest: np.ndarray

    def run(self) -> None:
        self.value.store_into(self.dest)

    def rebound(self, rebind: Rebind) -> Move:
        return StoreMove(self.value.rebound(rebind), rebind(self.dest))


@dataclass
class UntilizeMove(Move):
    """`tile.untilize`: each tile into its window, the part inside the memref."""

    value: TileValue
    parts: list[tuple[dict[int, slice], np.ndarray]]
    rank: int

    def run(self) -> None:
        tiles = self.value.array()
        for part, window in self.parts:
            rows, cols = window.shape[-2:]
            np.copyto(window, tiles[_grid_index(part, self.rank)][..., :rows, :cols])

    def rebound(self, rebind: Rebind) -> Move:
        parts = [(part, rebind(window)) for part, window in self.parts]
        return UntilizeMove(self.value.rebound(rebind), parts, self.rank)


@dataclass
class FillMove(Move):
    """`linalg.fill`: one value into every iteration's view."""

    dest: np.ndarray
    value: Any

    def run(self) -> None:
        self.dest[...] = self.value

    def rebound(self, rebind: Rebind) -> Move:
        return FillMove(rebind(self.dest), self.value)


@dataclass
class CopyMove(Move):
    """`linalg.copy` / `transpose` / `broadcast`, `memref.copy`: a view into another."""

    dest: np.ndarray
    source: np.ndarray

    def run(self) -> None:
        np.copyto(self.dest, self.source)

    def rebound(self, rebind: Rebind) -> Move:
        return CopyMove(rebind(self.dest), rebind(self.source))


@dataclass
class MatmulMove(Move):
    """`tile.matmul` over the grid: one float32 matmul of the operands' element matrices per
    grid point (an operand that does not vary along a grid dim is converted once there and
    broadcast), accumulated into each point's accumulator window as the op by op run does."""

    a: np.ndarray
    b: np.ndarray
    accumulator: np.ndarray
    dtypes: tuple[DataType, DataType]
    rank: int
    """The grid's rank: the leading dims of the three views."""
    math_fidelity: str = "HiFi4"
    cleared: bool = False
    """The accumulator starts cleared: its values are not read (`tile.matmul`'s `cleared`)."""
    left_row_major: bool = False
    """`a` is a row-major matrix (`tile.matmul`'s other left operand), not tiles."""

    def run(self) -> None:
        a, b = (_distinct(operand, self.rank) for operand in (self.a, self.b))
        if self.left_row_major:  # its tile rows leading, as the tiles' are
            a = split_tile_rows(a)
        dtype_a, dtype_b = self.dtypes
        accumulator = self.accumulator
        # In chunks of the outermost grid dim (each grid point's matmul is the same call; a
        # single point: of its tile rows) and, for a large weight the grid shares, of its tile
        # columns: the float32 temporaries stay small. An operand that does not vary along the
        # grid is converted once per column chunk. (BLAS sums each output element alike
        # whatever the chunks: the bytes are the op-by-op run's.)
        if all(d == 1 for array in (a, b, accumulator) for d in array.shape[: self.rank]):
            # One grid point: the chunks are its tile rows (the weight's are K).
            a, b, accumulator = (
                array.reshape(array.shape[self.rank :]) for array in (a, b, accumulator)
            )
            a_varies, b_varies = True, False
        else:
            a_varies, b_varies = a.shape[0] > 1, b.shape[0] > 1
        chunk_bytes = chunk_bytes_for(accumulator)
        chunked = [a] * a_varies + [b] * b_varies + [accumulator]
        step = min(chunk_length(array, chunk_bytes) for array in chunked)
        # At least MIN_MATMUL_ROWS rows per BLAS call: it packs the weight at every call.
        tile_rows = accumulator[:1].size // (accumulator.shape[-3] * TILE_SIZE * TILE_SIZE)
        step = max(step, -(-MIN_MATMUL_ROWS // max(1, tile_rows * TILE_SIZE)))
        row_parts = [slice(start, start + step) for start in range(0, len(accumulator), step)]
        row_major = self.left_row_major
        # The left operand converted once for all column chunks where it does not vary or
        # is one row part (else each row part at each column chunk).
        left_once = None
        if not a_varies:
            left_once = operand_matrix(a, dtype_a, row_major)
        elif len(row_parts) == 1:
            left_once = operand_matrix(a[row_parts[0]], dtype_a, row_major)
        weight_chunk_bytes = _weight_chunk_bytes(b, chunk_bytes)
        for columns in _column_chunks(b, dtype_b, not b_varies, weight_chunk_bytes):
            b_columns = _tile_columns(b, dtype_b, columns)
            right_whole = None if b_varies else element_matrix(b_columns, dtype_b)
            for part in row_parts:
                left = left_once
                if left is None:
                    left = operand_matrix(a[part], dtype_a, row_major)
                right = right_whole
                if right is None:
                    right = element_matrix(b_columns[part], dtype_b)
                product = product_tiles(fidelity_matmul(left, right, self.math_fidelity))
                # Released before the next part's are made: one of each alive at a time.
                del left, right
                target = _tile_columns(accumulator[part], DataType.FLOAT32, columns)
                accumulate_into(target, product, self.cleared, addend_writable=True)
                del product
            del right_whole

    def rebound(self, rebind: Rebind) -> Move:
        return MatmulMove(
            rebind(self.a),
            rebind(self.b),
            rebind(self.accumulator),
            self.dtypes,
            self.rank,
            self.math_fidelity,
            self.cleared,
            self.left_row_major,
        )


def _weight_chunk_bytes(b: np.ndarray, chunk_bytes: int) -> int:
    """The float32 bytes of a shared weight to convert at a time: `chunk_bytes`, or up to
    CHUNK_BYTES as much as a third of the weight tensor's own bytes (a large weight is
    converted in fewer, larger parts — each part's matmul and accumulation calls cost time
    — while the part stays small beside the tensors the conv holds)."""
    return max(chunk_bytes, min(CHUNK_BYTES, _buffer_bytes(b) // 3))


def _buffer_bytes(view: np.ndarray) -> int:
    """The bytes of the array `view` is a view of (its own if none), through the holders
    NumPy puts between a strided view and its array."""
    array, holder = view, view.base
    while holder is not None:
        if isinstance(holder, np.ndarray):
            array = holder
        holder = getattr(holder, "base", None)
    return array.nbytes


MIN_MATMUL_ROWS = 256
"""The fewest activation rows one BLAS call of a matmul nest multiplies (when it has them):
below it, packing the weight at each call costs more than the rows."""


def _tile_columns(tiles: np.ndarray, dtype: DataType, columns: slice) -> np.ndarray:
    """The tile columns `columns` of [..., rows, cols] tiles of `dtype` (a view)."""
    column_dim = tiles.ndim - formats.tile_data_rank(dtype) - 1
    index = [slice(None)] * tiles.ndim
    index[column_dim] = columns
    return tiles[tuple(index)]


def _column_chunks(b: np.ndarray, dtype: DataType, shared: bool, chunk_bytes: int) -> list[slice]:
    """The tile columns of a matmul's weight to convert at a time: all of them, or for a
    weight the grid shares (converted once) that is larger than `chunk_bytes` as float32, as
    many whole columns as that holds."""
    column_dim = b.ndim - formats.tile_data_rank(dtype) - 1
    columns = b.shape[column_dim]
    if not shared:
        return [slice(None)]
    column_bytes = math.prod(b.shape[:column_dim]) * TILE_SIZE * TILE_SIZE * 4
    per_chunk = max(1, chunk_bytes // max(1, column_bytes))
    return [slice(first, first + per_chunk) for first in range(0, columns, per_chunk)]


def _distinct(array: np.ndarray, rank: int) -> np.ndarray:
    """`array` with each of its first `rank` dims along which it does not vary (stride 0)
    cut to one entry: broadcasting restores it, without converting copies."""
    index = tuple(slice(0, 1) if array.strides[d] == 0 else slice(None) for d in range(rank))
    return array[index]


@dataclass
class Moves:
    """What a nest does: its moves in program order, with the views they read and write."""

    moves: list[Move]
    reads: list[np.ndarray]
    writes: list[np.ndarray]

    def run(self) -> None:
        """Check that no write reaches an element twice or overlaps a read or another write,
        then run the moves in program order."""
        for position, write in enumerate(self.writes):
            if not _each_element_once(write):
                raise NotBulk("a write that reaches an element more than once", False)
            for other in self.writes[position + 1 :] + self.reads:
                if _overlap(write, other):
                    raise NotBulk("a write that may overlap a read or another write", False)
        for move in self.moves:
            move.run()

    def rebound(self, rebind: Rebind) -> Moves:
        return Moves(
            [move.rebound(rebind) for move in self.moves],
            [rebind(array) for array in self.reads],
            [rebind(array) for array in self.writes],
        )


# ---------------------------------------------------------------------------------------------
# The nest
# ---------------------------------------------------------------------------------------------

_INDEX_OPS = (arith.AddiOp, arith.SubiOp, arith.MuliOp)
_HOISTABLE = (arith.ConstantOp, *_INDEX_OPS, memref.SubviewOp)


class _Nest:
    """One bulk execution of a nest: the grid, the symbolic value of every SSA value of the
    nest, and the data moves to run once all index ranges and overlaps are checked."""

    def __init__(self, interpreter: Interpreter):
        self.interpreter = interpreter
        self.grid: list[int] = []
        self.values: dict[SSAValue, Any] = {}
        self.reads: list[np.ndarray] = []
        self.writes: list[np.ndarray] = []
        self.moves: list[Move] = []
        self.external: dict[SSAValue, Any] = {}
        """The values of SSA values defined outside the nest that the evaluation read."""

    # -- values --------------------------------------------------------------------------

    def value(self, ssa: SSAValue) -> Any:
        """The symbolic value of `ssa`: an Affine, View or TileValue of the nest, or the
        interpreter's value of something defined outside it."""
        if ssa in self.values:
            return self.values[ssa]
        (value,) = self.interpreter.get_values((ssa,))
        self.external[ssa] = value
        return value

    def index(self, ssa: SSAValue) -> Affine:
        value = self.value(ssa)
        if isinstance(value, Affine):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return Affine(value)
        raise NotBulk(f"an index that is not an affine form: {value!r}")

    def constant(self, ssa: SSAValue) -> int:
        value = self.index(ssa)
        if value.terms:
            raise NotBulk("a loop-dependent size, stride or bound")
        return value.constant

    def view(self, ssa: SSAValue) -> View:
        value = self.value(ssa)
        if isinstance(value, View):
            return value
        if isinstance(value, np.ndarray):
            return View.of(value)
        raise NotBulk(f"a memref that is not an array: {type(value).__name__}")

    def tile(self, ssa: SSAValue) -> TileValue:
        value = self.value(ssa)
        if isinstance(value, TileValue):
            return value
        if isinstance(value, np.ndarray):
            return ArrayTile(np.broadcast_to(value, (*self.grid, *value.shape)))
        raise NotBulk(f"a tile that is not an array: {type(value).__name__}")

    def invariant(self, op: Operation) -> bool:
        return all(not isinstance(self.value(o), Affine | View | TileValue) for o in op.operands)

    # -- the loops ----------------------------------------------------------------------------

    def enter(self, loop: scf.ForOp, bounds: Sequence[int] | None = None) -> bool:
        """Add `loop`'s trip count to the grid; False when it is 0 (the nest does nothing)."""
        if loop.iter_args or loop.res:
            raise NotBulk("a loop with loop-carried values")
        if bounds is None:
            bounds = [self.constant(v) for v in (loop.lb, loop.ub, loop.step)]
        lower, upper, step = (int(b) for b in bounds)
        if step <= 0:
            raise NotBulk("a loop with a non-positive step", structural=False)
        count = max(0, -(-(upper - lower) // step))
        self.values[loop.body.block.args[0]] = Affine(lower, ((len(self.grid), step),))
        self.grid.append(count)
        return count > 0

    def body(self, loop: scf.ForOp) -> scf.ForOp | None:
        """Evaluate the body of `loop`: its index ops and, for the innermost loop, its data
        ops. Returns the inner loop, if any."""
        ops, inner = _loop_body(loop)
        for op in ops:
            self.evaluate(op)
        return inner

    # -- ops ----------------------------------------------------------------------------------

    def evaluate(self, op: Operation) -> None:
        if isinstance(op, _HOISTABLE) and self.invariant(op):
            # Uses only values from outside the nest: run it once, as the interpreter does.
            inputs = tuple(self.value(operand) for operand in op.operands)
            self.values.update(zip(op.results, self.interpreter.run_op(op, inputs), strict=True))
            return
        handler = _HANDLERS.get(type(op))
        if handler is None:
            raise NotBulk(f"'{op.name}' in a loop nest")
        handler(self, op)

    def index_op(self, op: Operation) -> None:
        op = cast(arith.AddiOp, op)
        if not isinstance(op.result.type, IndexType):
            raise NotBulk("integer arithmetic that is not on index values")
        lhs, rhs = self.index(op.lhs), self.index(op.rhs)
        if isinstance(op, arith.AddiOp):
            result = lhs + rhs
        elif isinstance(op, arith.SubiOp):
            result = lhs + rhs.scaled(-1)
        elif not rhs.terms:
            result = lhs.scaled(rhs.constant)
        elif not lhs.terms:
            result = rhs.scaled(lhs.constant)
        else:
            raise NotBulk("a product of two loop-dependent indices")
        self.values[op.result] = result

    def subview(self, op: Operation) -> None:
        op = cast(memref.SubviewOp, op)
        source = self.view(op.source)
        rank = len(memref_shape(op.source))
        # A memref of tiles: its view ends in each tile's own data dims, kept as they are.
        tile_data = source.dims[rank:]
        if tile_data and not isinstance(memref_element(op.source), tile.TileType):
            raise NotBulk("a subview whose source view is not of its memref's rank")
        static_offsets, static_sizes, static_strides = subview_static(op)
        dynamic_offsets = iter(op.offsets)
        offsets = [
            self.index(next(dynamic_offsets)) if s == DYNAMIC_INDEX else Affine(s)
            for s in static_offsets
        ]
        sizes = self.static_or_constant(static_sizes, op.sizes)
        strides = self.static_or_constant(static_strides, op.strides)
        view = source
        dims: list[Dim] = []
        for dim, offset, size, stride in zip(
            source.dims[:rank], offsets, sizes, strides, strict=True
        ):
            _check_range(op, self.grid, offset if size >= 0 else Affine(-1), size, stride, dim.size)
            view = View(view.base, view.moved(dim, offset), view.dims)
            dims.append(Dim(dim.axis, size, dim.step * stride))
        shape = memref_shape(op.result)
        self.values[op.result] = View(
            view.base, view.start, (*_reduce_rank(dims, shape), *tile_data)
        )

    def static_or_constant(self, static: Sequence[int], dynamic: Sequence[SSAValue]) -> list[int]:
        values = iter(dynamic)
        return [self.constant(next(values)) if s == DYNAMIC_INDEX else int(s) for s in static]

    def indexed(self, op: Operation, buffer: View, indices: Sequence[SSAValue]) -> View:
        """The element dims of `buffer` beyond `indices` at those indices (a tile of a memref
        of tiles), every index range checked."""
        start = buffer.start
        for dim, index in zip(buffer.dims, indices, strict=False):
            offset = self.index(index)
            _check_range(op, self.grid, offset, 1, 1, dim.size)
            start = View(buffer.base, start, buffer.dims).moved(dim, offset)
        return View(buffer.base, start, buffer.dims[len(indices) :])

    def load(self, op: Operation) -> None:
        op = cast(tile.LoadOp, op)
        view = self.indexed(op, self.view(op.buffer), op.indices).strided(self.grid)
        self.reads.append(view)
        self.values[op.result] = ArrayTile(view)

    def store(self, op: Operation) -> None:
        op = cast(tile.StoreOp, op)
        dest = self.indexed(op, self.view(op.buffer), op.indices).strided(self.grid)
        value = self.tile(op.value)
        self.writes.append(dest)
        self.moves.append(StoreMove(value, dest))

    def windows(
        self, op: Operation, source: View, indices: Sequence[SSAValue]
    ) -> tuple[list[tuple[dict[int, slice], np.ndarray]], np.ndarray | None]:
        """The 32×32 windows of a row-major view at `indices` (leading indices, then the
        element row and column): each part of the grid with its windows' part inside the
        view, as strided arrays `[*part, rows, cols]`, and all windows as one array when
        every window lies wholly inside."""
        *leading, row_index, col_index = indices
        view = self.indexed(op, source, leading)
        row_dim, col_dim = view.dims
        row, col = self.index(row_index), self.index(col_index)
        _check_window_start(op, self.grid, row)
        _check_window_start(op, self.grid, col)
        start = View(view.base, view.moved(row_dim, row), view.dims).moved(col_dim, col)
        window = View(
            view.base,
            start,
            (
                Dim(row_dim.axis, TILE_SIZE, row_dim.step),
                Dim(col_dim.axis, TILE_SIZE, col_dim.step),
            ),
        )
        parts = [
            (part, window.strided(self.grid, part, (rows, cols)))
            for part, rows, cols in _window_parts(row, col, row_dim.size, col_dim.size, self.grid)
        ]
        if len(parts) == 1:
            part, array = parts[0]
            covers_grid = all(piece == slice(0, self.grid[d]) for d, piece in part.items())
            if covers_grid and array.shape[-2:] == (TILE_SIZE, TILE_SIZE):
                return parts, window.strided(self.grid)
        return parts, None

    def tilize(self, op: Operation) -> None:
        op = cast(tile.TilizeOp, op)
        source = self.view(op.source)
        parts, whole = self.windows(op, source, op.indices)
        self.reads.extend(window for _, window in parts)
        self.values[op.result] = TilizedTile(parts, tuple(self.grid), source.base.dtype, whole)

    def untilize(self, op: Operation) -> None:
        op = cast(tile.UntilizeOp, op)
        parts, _ = self.windows(op, self.view(op.dest), op.indices)
        value = self.tile(op.value)
        rank = len(self.grid)
        self.writes.extend(window for _, window in parts)
        self.moves.append(UntilizeMove(value, parts, rank))

    def typecast(self, op: Operation) -> None:
        op = cast(tile.TypecastOp, op)
        self.values[op.result] = ConvertedTile.of(self.tile(op.input), op)

    def linalg_move(self, op: Operation) -> None:
        """linalg.copy / transpose / broadcast / fill and memref.copy between views."""
        if op.results or len(op.operands) != 2:
            raise NotBulk(f"'{op.name}' on tensors")
        rank = len(self.grid)
        source_ssa, dest_ssa = op.operands
        dest = self.view(dest_ssa).strided(self.grid)
        self.writes.append(dest)
        if isinstance(op, linalg.FillOp):
            value = self.value(source_ssa)
            if isinstance(value, Affine | View | TileValue):
                raise NotBulk("a fill with a loop-dependent value")
            self.moves.append(FillMove(dest, value))
            return
        source = self.view(source_ssa).strided(self.grid)
        self.reads.append(source)
        if isinstance(op, linalg.TransposeOp):
            permutation = [rank + p for p in transpose_permutation(op, source.ndim - rank)]
            source = np.transpose(source, (*range(rank), *permutation))
        elif isinstance(op, linalg.BroadcastOp):
            added = tuple(rank + int(d) for d in op.dimensions.get_values())
            source = np.broadcast_to(np.expand_dims(source, added), dest.shape)
        self.moves.append(CopyMove(dest, source))

    def matmul(self, op: Operation) -> None:
        """`tile.matmul` at every iteration: its accumulator window is written (each element
        once: an accumulator shared by iterations, a reduction, runs op by op), its operands
        read."""
        op = cast(tile.MatmulOp, op)
        a, b, accumulator = (
            self.view(value).strided(self.grid) for value in (op.a, op.b, op.accumulator)
        )
        self.reads.extend((a, b))
        self.writes.append(accumulator)
        left_dtype = tile.row_major_matrix_dtype(op.a)
        row_major = left_dtype is not None
        dtypes = (left_dtype or tile_memref_dtype(op.a), tile_memref_dtype(op.b))
        cleared = op.cleared is not None
        self.moves.append(
            MatmulMove(a, b, accumulator, dtypes, len(self.grid), op.fidelity(), cleared, row_major)
        )

    def evaluated(self) -> Moves:
        return Moves(self.moves, self.reads, self.writes)


_BODIES: weakref.WeakKeyDictionary[scf.ForOp, tuple[tuple[int, ...], int | None]] = (
    weakref.WeakKeyDictionary()
)
"""Per loop, the positions in its body of the ops to evaluate and of its inner loop.
Positions, not ops: a value that referenced the body's ops would keep the loop (their
parent) and its whole module alive for good."""


def _loop_body(loop: scf.ForOp) -> tuple[list[Operation], scf.ForOp | None]:
    """The ops of a loop's body to evaluate (not its terminator or inner loop) and its inner
    loop, if any — checked to be a perfect nest's body, once per loop."""
    ops = list(loop.body.block.ops)
    if loop not in _BODIES:
        inner = [op for op in ops if isinstance(op, scf.ForOp)]
        if len(inner) > 1:
            raise NotBulk("a loop body with several loops")
        evaluated = []
        for op in ops:
            if isinstance(op, scf.YieldOp):
                if op.operands:
                    raise NotBulk("a loop yielding values")
            elif isinstance(op, scf.ForOp):
                if op is not ops[-2]:
                    raise NotBulk("an imperfect loop nest")
            elif inner and not isinstance(op, _HOISTABLE):
                raise NotBulk(f"'{op.name}' beside an inner loop")
            else:
                evaluated.append(op)
        _BODIES[loop] = (
            tuple(ops.index(op) for op in evaluated),
            ops.index(inner[0]) if inner else None,
        )
    evaluated_at, inner_at = _BODIES[loop]
    return [ops[i] for i in evaluated_at], (
        cast(scf.ForOp, ops[inner_at]) if inner_at is not None else None
    )


def _reduce_rank(dims: list[Dim], shape: Sequence[int]) -> tuple[Dim, ...]:
    """The dims of a subview's result of `shape`: the unit dims it drops removed (which ones
    does not matter: a unit dim has no extent)."""
    if [d.size for d in dims] == list(shape):
        return tuple(dims)
    extents = iter(d for d in dims if d.size != 1)
    reduced = []
    for size in shape:
        if size == 1:
            reduced.append(Dim(None, 1, 0))
            continue
        dim = next(extents, None)
        if dim is None or dim.size != size:
            raise NotBulk("a subview whose result shape is not its sizes without unit dims")
        reduced.append(dim)
    if next(extents, None) is not None:
        raise NotBulk("a subview whose result shape is not its sizes without unit dims")
    return tuple(reduced)


def memref_element(value: SSAValue) -> Attribute:
    memref_type = value.type
    if not isinstance(memref_type, MemRefType):
        raise NotBulk("a memref operand that is not a memref")
    return cast(MemRefType[Attribute], memref_type).element_type


def memref_shape(value: SSAValue) -> tuple[int, ...]:
    memref_type = value.type
    if not isinstance(memref_type, MemRefType):
        raise NotBulk("a memref operand that is not a memref")
    return tuple(cast(MemRefType[Attribute], memref_type).get_shape())


def _overlap(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two strided arrays may share an element: their memory ranges meet and NumPy's
    exact test (bounded in effort; too hard counts as shared) finds a common element."""
    if not np.may_share_memory(a, b):
        return False
    try:
        return bool(np.shares_memory(a, b, max_work=_OVERLAP_EFFORT))
    except np.exceptions.TooHardError:
        return True


_OVERLAP_EFFORT = 1 << 16


def _each_element_once(array: np.ndarray) -> bool:
    """Whether the elements of a strided view are all distinct in memory (a sufficient test:
    each stride, largest last, clears the span of the smaller ones)."""
    extents = sorted(
        (abs(stride), size)
        for stride, size in zip(array.strides, array.shape, strict=True)
        if size > 1
    )
    span = array.itemsize
    for stride, size in extents:
        if stride < span:
            return False
        span = stride * (size - 1) + span
    return True


_HANDLERS: dict[type[Operation], Callable[[_Nest, Operation], None]] = {
    arith.AddiOp: _Nest.index_op,
    arith.SubiOp: _Nest.index_op,
    arith.MuliOp: _Nest.index_op,
    memref.SubviewOp: _Nest.subview,
    tile.LoadOp: _Nest.load,
    tile.StoreOp: _Nest.store,
    tile.TilizeOp: _Nest.tilize,
    tile.MatmulOp: _Nest.matmul,
    tile.UntilizeOp: _Nest.untilize,
    tile.TypecastOp: _Nest.typecast,
    linalg.CopyOp: _Nest.linalg_move,
    linalg.TransposeOp: _Nest.linalg_move,
    linalg.BroadcastOp: _Nest.linalg_move,
    linalg.FillOp: _Nest.linalg_move,
    memref.CopyOp: _Nest.linalg_move,
}


class ArrayRef(NamedTuple):
    """An array of a recorded nest (`_Plan`): a view into the memory of the nest's
    external value number `slot` (at `offset` bytes from the start of that memory)."""

    slot: int
    offset: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    dtype: np.dtype[Any]
    writeable: bool


class _NotRecordable(Exception):
    """An array of the nest that is not a view of one of its external values."""


def _owner(array: np.ndarray) -> np.ndarray | None:
    """The array whose memory `array` views (following NumPy's view chain; None when that
    memory is not a contiguous array's)."""
    owner: Any = array
    while (base := getattr(owner, "base", None)) is not None:
        owner = base
    return owner if isinstance(owner, np.ndarray) and owner.flags.c_contiguous else None


def _address(array: np.ndarray) -> int:
    return array.__array_interface__["data"][0]


def _layout(values: Sequence[Any]) -> tuple[tuple[Any, ...], list[np.ndarray]] | None:
    """What a nest's evaluation depends on in its external values — each integer or float
    itself, each array's shape, strides, dtype and place in the memory it views (so which
    arrays share memory, and where) but not its contents — and that memory of each: None
    when a value is of another kind."""
    owners: list[np.ndarray] = []
    layout: list[Any] = []
    for value in values:
        if isinstance(value, np.ndarray):
            owner = _owner(value)
            if owner is None:
                return None
            slot = next((k for k, known in enumerate(owners) if known is owner), None)
            if slot is None:
                owners.append(owner)
                slot = len(owners) - 1
            place = 0 if value is owner else _address(value) - _address(owner)
            writeable = value.flags.writeable
            layout.append((value.shape, value.strides, value.dtype, writeable, slot, place))
            layout.append(owner.nbytes)
        elif isinstance(value, int | float | np.integer | np.floating):
            layout.append((type(value), value))
        else:
            return None
    return tuple(layout), owners


@dataclass
class _Plan:
    """A nest evaluated once, to run again without evaluating it: its moves with every array
    an `ArrayRef` into the external values it was read from. A run whose bounds and external
    values have the same layout (`_layout`) makes the same views of its own buffers — every
    index range and write checked at the recording holds for them — and checks the overlaps
    of its own buffers again."""

    bounds: tuple[int, ...]
    external: tuple[SSAValue, ...]
    layout: tuple[Any, ...]
    moves: Moves

    @staticmethod
    def record(bounds: Sequence[int], nest: _Nest) -> _Plan | None:
        found = _layout(list(nest.external.values()))
        if found is None:
            return None
        layout, owners = found

        def reference(array: np.ndarray) -> ArrayRef:
            owner = _owner(array)
            slot = next((k for k, known in enumerate(owners) if known is owner), None)
            if owner is None or slot is None:
                raise _NotRecordable
            offset = 0 if array is owner else _address(array) - _address(owner)
            return ArrayRef(
                slot, offset, array.shape, array.strides, array.dtype, array.flags.writeable
            )

        try:
            moves = nest.evaluated().rebound(reference)
        except _NotRecordable:
            return None
        return _Plan(tuple(bounds), tuple(nest.external), layout, moves)

    def replay(self, interpreter: Interpreter, bounds: Sequence[int]) -> bool:
        """Run the nest on this run's values; False (nothing done) when they differ in
        layout from the recorded ones."""
        if tuple(bounds) != self.bounds:
            return False
        found = _layout(interpreter.get_values(self.external))
        if found is None or found[0] != self.layout:
            return False
        memory = [owner.reshape(-1).view(np.uint8) for owner in found[1]]
        views: dict[ArrayRef, np.ndarray] = {}

        def array(ref: ArrayRef) -> np.ndarray:
            view = views.get(ref)
            if view is None:
                buffer = memory[ref.slot]
                view = np.ndarray(
                    ref.shape, ref.dtype, buffer=buffer, offset=ref.offset, strides=ref.strides
                )
                if not ref.writeable:
                    view.flags.writeable = False
                views[ref] = view
            return view

        self.moves.rebound(array).run()
        return True


def run_nest_in_bulk(
    interpreter: Interpreter,
    loop: scf.ForOp,
    bounds: Sequence[int],
    plans: dict[scf.ForOp, _Plan] | None = None,
) -> None:
    """Run the loop nest rooted at `loop` (whose bounds the interpreter has evaluated to
    `bounds`) in bulk. Raises NotBulk, having written nothing, when it cannot. With `plans`,
    a nest evaluated before on values of the same layout runs its recorded moves (`_Plan`),
    and one evaluated now is recorded."""
    plan = plans.get(loop) if plans is not None else None
    if plan is not None and plan.replay(interpreter, bounds):
        return
    nest = _Nest(interpreter)
    if not nest.enter(loop, bounds):
        return
    current: scf.ForOp | None = loop
    while current is not None:
        inner = nest.body(current)
        if inner is not None and not nest.enter(inner):
            return
        current = inner
    moves = nest.evaluated()
    moves.run()
    if plans is not None:
        recorded = _Plan.record(bounds, nest)
        if recorded is not None:
            plans[loop] = recorded

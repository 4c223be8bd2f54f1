"""The tile dialect's ops on NumPy blocks (see `buffers`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import numpy as np
from xdsl.dialects.builtin import MemRefType
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import RunError, op_location
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.runtime.interpreter.buffers import check_indices, op_error
from ttnn_xdsl.runtime.math_fidelity import (
    fidelity_matmul,
    fidelity_multiply,
    fidelity_multiply_float32,
    products_exact_in_float32,
    src_b_phase_parts,
)
from ttnn_xdsl.tensor_formats import formats


def _check_window(op: Operation, shape: tuple[int, ...], indices: list[int]) -> None:
    """A tilize/untilize window: leading indices inside the memref, the element offsets
    (row, col) not negative — the window may reach beyond the edge (zeros / dropped)."""
    *leading, row, col = indices
    check_indices(op, shape[: len(leading)], leading)
    if row < 0 or col < 0:
        raise op_error(op, f"the window's element offsets ({row}, {col}) must not be negative")


@register_impls
class TileFunctions(InterpreterFunctions):
    """The tile dialect: tiles are NumPy blocks (see the module doc)."""

    @impl(tile.LoadOp)
    def run_load(
        self, interpreter: Interpreter, op: tile.LoadOp, args: PythonValues
    ) -> PythonValues:
        buffer, *indices = args
        check_indices(op, buffer.shape[: len(indices)], indices)
        # A copy: the tile value must not change when the buffer is written later.
        return (buffer[tuple(indices)].copy(),)

    @impl(tile.StoreOp)
    def run_store(
        self, interpreter: Interpreter, op: tile.StoreOp, args: PythonValues
    ) -> PythonValues:
        value, buffer, *indices = args
        check_indices(op, buffer.shape[: len(indices)], indices)
        buffer[tuple(indices)] = value
        return ()

    @impl(tile.TilizeOp)
    def run_tilize(
        self, interpreter: Interpreter, op: tile.TilizeOp, args: PythonValues
    ) -> PythonValues:
        source, *indices = args
        *leading, row, col = indices
        _check_window(op, source.shape, indices)
        window = source[(*leading, slice(row, row + TILE_SIZE), slice(col, col + TILE_SIZE))]
        block = np.zeros((TILE_SIZE, TILE_SIZE), source.dtype)
        block[: window.shape[0], : window.shape[1]] = window
        return (block,)

    @impl(tile.UntilizeOp)
    def run_untilize(
        self, interpreter: Interpreter, op: tile.UntilizeOp, args: PythonValues
    ) -> PythonValues:
        value, dest, *indices = args
        *leading, row, col = indices
        _check_window(op, dest.shape, indices)
        window = dest[(*leading, slice(row, row + TILE_SIZE), slice(col, col + TILE_SIZE))]
        window[...] = value[: window.shape[0], : window.shape[1]]
        return ()

    @impl(tile.TypecastOp)
    def run_typecast(
        self, interpreter: Interpreter, op: tile.TypecastOp, args: PythonValues
    ) -> PythonValues:
        (value,) = args
        source = cast(tile.TileType, op.input.type).dtype
        target = cast(tile.TileType, op.result.type).dtype
        try:
            return (formats.convert_tiles(value, source, target),)
        except ValueError as error:
            # A value the target cannot hold (NaN/Inf into bfloat8_b): a user error.
            where = op_location(op)
            raise RunError(
                f"{source.value} -> {target.value} typecast at {where}: {error}"
            ) from None

    @impl(tile.MatmulOp)
    def run_matmul(
        self, interpreter: Interpreter, op: tile.MatmulOp, args: PythonValues
    ) -> PythonValues:
        a, b, accumulator = args
        matrix_dtype = tile.row_major_matrix_dtype(op.a)
        row_major = matrix_dtype is not None
        if row_major:  # its rows as tile rows
            a = split_tile_rows(a)
        dtypes = (matrix_dtype or tile_memref_dtype(op.a), tile_memref_dtype(op.b))
        product = block_matmul(a, b, op.fidelity(), dtypes, row_major)
        accumulate_into(accumulator, product, op.cleared is not None, addend_writable=True)
        return ()

    @impl(tile.MultiplyOp)
    def run_multiply(
        self, interpreter: Interpreter, op: tile.MultiplyOp, args: PythonValues
    ) -> PythonValues:
        a, b, dest = args
        operands = ((a, tile_memref_dtype(op.a)), (b, tile_memref_dtype(op.b)))
        multiply_into(dest, *operands, op.fidelity(), op.accumulate is not None)
        return ()

    @impl(tile.AddOp)
    def run_add(self, interpreter: Interpreter, op: tile.AddOp, args: PythonValues) -> PythonValues:
        a, accumulator = args
        accumulate_into(accumulator, _tile_values(op.a, a))
        return ()

    @impl(tile.AddRowOp)
    def run_add_row(
        self, interpreter: Interpreter, op: tile.AddRowOp, args: PythonValues
    ) -> PythonValues:
        row, accumulator = args
        # Row 0 of each [32, 32] tile of the row, broadcast over every row of every tile:
        # made whole tiles first, so that the sum's inner loop runs over a row of tiles,
        # not over one tile row of 32 values.
        first_rows = formats.tile_first_rows(row, tile_memref_dtype(op.row))[0]
        tiles = np.repeat(first_rows[:, None, :], TILE_SIZE, axis=1)
        accumulate_into(accumulator, tiles[None])
        return ()

    @impl(tile.ReluOp)
    def run_relu(
        self, interpreter: Interpreter, op: tile.ReluOp, args: PythonValues
    ) -> PythonValues:
        (tiles,) = args
        packer_relu(tiles)
        return ()


def packer_relu(values: np.ndarray) -> None:
    """The packer's ZERO_RELU in place on f32 or bf16 `values`: ≤ 0 (−0.0 included) becomes
    +0.0, NaN and positive values stay (by the bits: a set sign bit below the negative NaNs)."""
    if values.dtype == np.float32:
        bits = values.view(np.uint32)
        negative = (bits >= np.uint32(0x80000000)) & (bits <= np.uint32(0xFF800000))
    else:
        bits = values.view(np.uint16)
        negative = (bits >= np.uint16(0x8000)) & (bits <= np.uint16(0xFF80))
    np.copyto(bits, 0, where=negative)


def _tile_values(value: SSAValue, data: np.ndarray) -> np.ndarray:
    """The [rows, cols, 32, 32] values of a rank-2 memref of tiles (bfloat8_b decoded, which is
    exact)."""
    dtype = cast(tile.TileType, cast(MemRefType[Attribute], value.type).element_type).dtype
    return formats.convert_tiles(data, dtype, DataType.FLOAT32)


def tile_memref_dtype(value: SSAValue) -> DataType:
    """The data type of the tiles of a memref of tiles."""
    return cast(tile.TileType, cast(MemRefType[Attribute], value.type).element_type).dtype


CHUNK_BYTES = 1 << 20
"""The most bytes of each temporary a matmul or an accumulation holds at once (1 MiB: an
operand's float32 matrix, the product, the sums): they stay in the cache, and a run holds a
few of them beside its tensors, not copies of the tensors."""

SMALLEST_CHUNK_BYTES = 1 << 17
"""The least (128 KiB): below it each chunk's few NumPy calls cost more than its values."""


def chunk_bytes_for(accumulator: np.ndarray) -> int:
    """The temporaries' size for an accumulation into `accumulator`: a quarter of its bytes,
    within [SMALLEST_CHUNK_BYTES, CHUNK_BYTES] — small beside the tensors a conv involves (its
    output among them), large enough that the per-chunk work stays in NumPy."""
    return min(CHUNK_BYTES, max(SMALLEST_CHUNK_BYTES, accumulator.nbytes // 4))


def block_matmul(
    a: np.ndarray,
    b: np.ndarray,
    math_fidelity: str = "HiFi4",
    dtypes: tuple[DataType, DataType] = (DataType.FLOAT32, DataType.FLOAT32),
    left_row_major: bool = False,
) -> np.ndarray:
    """[..., M, N, 32, 32] tiles (float32, a view of a fresh array) of a · b for
    [..., M, K] and [..., K, N] tiles of `dtypes` (leading dims broadcast; `left_row_major`:
    `a` is a row-major matrix, its rows split into tile rows [..., M, 32, K·32]): one float32
    NumPy matmul over the element matrices per leading index and fidelity phase (the
    products of bf16 / bfloat8_b values exact, their sums float32's, semantics.md §9.7; `a`
    is the FPU's SrcB, `b` its SrcA)."""
    left = operand_matrix(a, dtypes[0], left_row_major)
    right = element_matrix(b, dtypes[1])
    return product_tiles(fidelity_matmul(left, right, math_fidelity))


def split_tile_rows(matrix: np.ndarray) -> np.ndarray:
    """A row-major [..., R·32, C] matrix as [..., R, 32, C] (a view): its tile rows leading."""
    *lead, rows, cols = matrix.shape
    return matrix.reshape(*lead, rows // TILE_SIZE, TILE_SIZE, cols)


def operand_matrix(values: np.ndarray, dtype: DataType, row_major: bool) -> np.ndarray:
    """The [..., R·32, C·32] float32 matrices of a matmul operand: its tiles' element matrices
    (`element_matrix`), or for a row-major matrix split into tile rows ([..., R, 32, C·32],
    `split_tile_rows`) its values widened to float32 (exact; the tiles' layout is the
    matrix's own)."""
    if not row_major:
        return element_matrix(values, dtype)
    matrix = values.astype(np.float32, copy=False)
    return matrix.reshape(*matrix.shape[:-3], -1, matrix.shape[-1])


def product_tiles(product: np.ndarray) -> np.ndarray:
    """The [..., R, C, 32, 32] tiles (a view) of [..., R·32, C·32] element matrices."""
    *lead, rows, cols = product.shape
    blocks = product.reshape(*lead, rows // TILE_SIZE, TILE_SIZE, cols // TILE_SIZE, TILE_SIZE)
    return blocks.swapaxes(-3, -2)


def element_matrix(tiles: np.ndarray, dtype: DataType = DataType.FLOAT32) -> np.ndarray:
    """The [..., R·32, C·32] float32 matrices of [..., R, C] tiles of `dtype` (f32 or bf16
    values [..., 32, 32], or bfloat8_b bytes [..., 1088]): one pass that converts and
    untilizes at once (the values are exact in float32); bfloat8_b is decoded straight into
    matrix order."""
    if dtype == DataType.BFLOAT8_B:
        return formats.unpack_bfloat8_b_matrix(tiles)
    *lead, rows, cols = tiles.shape[:-2]
    matrix = np.empty((*lead, rows, TILE_SIZE, cols, TILE_SIZE), np.float32)
    np.copyto(matrix, tiles.swapaxes(-3, -2))
    return matrix.reshape(*lead, rows * TILE_SIZE, cols * TILE_SIZE)


def chunk_length(array: np.ndarray, chunk_bytes: int) -> int:
    """How many entries of `array`'s first dim hold about `chunk_bytes` as float32 (the
    matmul's temporaries)."""
    per_entry = max(1, array[:1].size * 4)
    return max(1, chunk_bytes // per_entry)


def accumulate_into(
    accumulator: np.ndarray,
    addend: np.ndarray,
    cleared: bool = False,
    addend_writable: bool = False,
) -> None:
    """accumulator += addend (broadcast to the accumulator's tiles), the sum rounded once to
    the accumulator's dtype (f32; bf16 through f32, nearest even, as before): a float64
    addend (exact products) is added in float64, a float32 one (a matmul's sums) in float32 —
    either way the sum of two float32 values rounded once. In chunks that stay in the cache,
    each summed into one scratch buffer and rounded from it. `cleared`: the accumulator's
    values are not read — the addend is added to +0.0 (a cleared DEST: −0.0 becomes +0.0).
    `addend_writable`: the addend is a temporary of the caller's (a matmul's product) that
    may serve as the sums' scratch."""
    sum_dtype = np.float64 if addend.dtype == np.float64 else np.float32
    if accumulator.dtype == np.float32 and sum_dtype == np.float32:
        np.add(np.float32(0.0) if cleared else accumulator, addend, out=accumulator)
        return
    if (
        cleared
        and addend_writable
        and addend.dtype == np.float32
        and addend.shape == accumulator.shape
    ):
        # +0.0 + addend in place, then rounded into the accumulator: no scratch pass.
        np.add(addend, np.float32(0.0), out=addend)
        formats.bfloat16_from_float32_into(accumulator, addend, arithmetic=True)
        return
    if accumulator.ndim == 0:
        accumulator, addend = accumulator.reshape(1), np.asarray(addend).reshape(1)
    if addend.shape != accumulator.shape:
        addend = np.broadcast_to(addend, accumulator.shape)
    per_chunk = max(1, chunk_bytes_for(accumulator) // np.dtype(sum_dtype).itemsize)
    scratch = np.empty(min(per_chunk, accumulator.size), sum_dtype)
    single = None if sum_dtype == np.float32 else np.empty(scratch.size, np.float32)
    for index in formats.chunk_indices(accumulator.shape, per_chunk):
        part = accumulator[index]
        total = scratch[: part.size].reshape(part.shape)
        if cleared:
            np.add(addend[index], sum_dtype(0.0), out=total)
        else:
            # The accumulator's values into the scratch first (an exact widening): one
            # contiguous cast, where a mixed-dtype add would cast through NumPy's buffers.
            np.copyto(total, part)
            np.add(total, addend[index], out=total)
        if accumulator.dtype == np.float32:
            np.copyto(part, total, casting="same_kind")
            continue
        if single is not None:  # bf16 through f32 (§1.2): the exact sum rounded to f32 first
            rounded = single[: part.size].reshape(part.shape)
            np.copyto(rounded, total, casting="same_kind")
            total = rounded
        formats.bfloat16_from_float32_into(part, total, arithmetic=True)


def multiply_into(
    dest: np.ndarray,
    left: tuple[np.ndarray, DataType],
    right: tuple[np.ndarray, DataType],
    math_fidelity: str,
    accumulate: bool,
) -> None:
    """`tile.multiply`: dest = a ⊙ b (`accumulate`: dest + a ⊙ b) for `left` = (a, its tiles'
    dtype) [M, N] tiles and `right` = (b, dtype) [K, N] tiles, b's K tile rows read again for
    every K tile rows of a; each element's product (`fidelity_multiply`'s, summed over the
    phases) added to dest's value — +0.0 without `accumulate`, a cleared DEST — and the sum
    rounded once to dest's dtype (f32, or bf16 through f32).

    Chunk by chunk of tile rows, each chunk's temporaries in the cache. Where the products are
    exact in float32 (`products_exact_in_float32`: bf16 and bfloat8_b operands, or below
    HiFi4) they are computed in float32 and added in float32 — the same bytes as the float64
    products added in float64 and rounded once (docs/semantics.md §9.7) — unless a chunk's
    products leave float32's range (float32's underflow or overflow flag raised); then, and
    for f32 operands at HiFi4, that chunk runs in float64."""
    (a, a_dtype), (b, b_dtype) = left, right
    if np.may_share_memory(a, dest):  # each chunk of a must be read before dest's is written
        a = a.copy()
    weight = formats.convert_tiles(b, b_dtype, DataType.FLOAT32)
    if np.may_share_memory(weight, dest):
        weight = weight.copy()
    narrow = (a_dtype != DataType.FLOAT32, b_dtype != DataType.FLOAT32)
    in_float32 = products_exact_in_float32(math_fidelity, *narrow)
    weight_parts = src_b_phase_parts(weight, math_fidelity) if in_float32 else []
    period = weight.shape[0]
    row_bytes = max(1, dest[:1].size * 4)  # one tile row as float32
    chunk_rows = max(1, chunk_bytes_for(dest) // row_bytes)
    scratch = np.empty(2 * min(chunk_rows, dest.shape[0]) * dest[:1].size, np.float32)
    values_scratch, product_scratch = np.split(scratch, 2)
    for start, stop in weight_period_chunks(dest.shape[0], period, chunk_rows):
        target = dest[start:stop]
        values = a[start:stop]
        if a_dtype != DataType.FLOAT32:
            values = values_scratch[: target.size].reshape(target.shape)
            formats.convert_tiles(a[start:stop], a_dtype, DataType.FLOAT32, out=values)
        # [repeats, rows of the weight, N, 32, 32]: the chunk's rows against the weight's.
        first = start % period
        rows = min(stop - start, period)
        grouped = values.reshape(-1, rows, *values.shape[1:])
        product = None
        if in_float32:
            out = product_scratch[: target.size].reshape(grouped.shape)
            parts = [part[first : first + rows] for part in weight_parts]
            product = _float32_product(grouped, parts, math_fidelity, out)
        if product is None:
            product = fidelity_multiply(grouped, weight[first : first + rows], math_fidelity)
        addend = product.reshape(target.shape)
        accumulate_into(target, addend, cleared=not accumulate, addend_writable=True)


def weight_period_chunks(rows: int, period: int, chunk_rows: int) -> Iterator[tuple[int, int]]:
    """(start, stop) tile-row ranges covering `rows` rows, each at most `chunk_rows` long when
    that holds one `period` (the weight's rows, read again every `period` rows of a) or more,
    else at most `chunk_rows`; either whole periods from a period's start, or a part of one
    period — so that every chunk meets the weight's rows as one broadcast block."""
    if chunk_rows >= period:
        step = chunk_rows // period * period
        for start in range(0, rows, step):
            yield start, min(start + step, rows)
        return
    for period_start in range(0, rows, period):
        period_stop = min(period_start + period, rows)
        for start in range(period_start, period_stop, chunk_rows):
            yield start, min(start + chunk_rows, period_stop)


def _float32_product(
    values: np.ndarray, weight_parts: list[np.ndarray], math_fidelity: str, out: np.ndarray
) -> np.ndarray | None:
    """`fidelity_multiply_float32` into `out`, or None when a product or a phases' sum left
    float32's range — an inexact underflow or an overflow flagged — and float32 may not give
    float64's values. NaN and inf operands need no check: they propagate alike in float32 and
    float64 (a quiet NaN's payload is kept by the widening and the narrowing; an invalid
    operation, inf · 0 or a part inf − inf, which both compute in float32, gives the default
    NaN in either)."""
    try:
        with np.errstate(under="raise", over="raise"):
            return fidelity_multiply_float32(values, weight_parts, math_fidelity, out)
    except FloatingPointError:
        return None

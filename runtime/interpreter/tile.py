"""The tile dialect's ops on NumPy blocks (see `buffers`)."""

from __future__ import annotations

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
from ttnn_xdsl.core.errors import RunError, format_location
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.runtime.interpreter.buffers import check_indices, op_error
from ttnn_xdsl.runtime.math_fidelity import fidelity_matmul, fidelity_multiply
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
            where = format_location(op.location) or op.name
            raise RunError(
                f"{source.value} -> {target.value} typecast at {where}: {error}"
            ) from None

    @impl(tile.MatmulOp)
    def run_matmul(
        self, interpreter: Interpreter, op: tile.MatmulOp, args: PythonValues
    ) -> PythonValues:
        a, b, accumulator = args
        product = block_matmul(_tile_values(op.a, a), _tile_values(op.b, b), op.fidelity())
        accumulator[...] = accumulate(accumulator, product)
        return ()

    @impl(tile.MultiplyOp)
    def run_multiply(
        self, interpreter: Interpreter, op: tile.MultiplyOp, args: PythonValues
    ) -> PythonValues:
        a, b, dest = args
        left = _tile_values(op.a, a)
        right = _tile_values(op.b, b)
        # b's tile rows again for every len(b) tile rows of a (verified: they divide).
        repeated = np.tile(right, (left.shape[0] // right.shape[0], 1, 1, 1))
        product = fidelity_multiply(left, repeated, op.fidelity())
        start = dest if op.accumulate is not None else np.zeros_like(dest)
        dest[...] = accumulate(start, product)
        return ()

    @impl(tile.AddOp)
    def run_add(self, interpreter: Interpreter, op: tile.AddOp, args: PythonValues) -> PythonValues:
        a, accumulator = args
        addend = _tile_values(op.a, a).astype(np.float64)
        accumulator[...] = accumulate(accumulator, addend)
        return ()

    @impl(tile.AddRowOp)
    def run_add_row(
        self, interpreter: Interpreter, op: tile.AddRowOp, args: PythonValues
    ) -> PythonValues:
        row, accumulator = args
        # Row 0 of each [32, 32] tile of the row, broadcast over every row of every tile.
        first_rows = _tile_values(op.row, row)[0, :, 0, :].astype(np.float64)
        accumulator[...] = accumulate(accumulator, first_rows[None, :, None, :])
        return ()


def _tile_values(value: SSAValue, data: np.ndarray) -> np.ndarray:
    """The [rows, cols, 32, 32] values of a rank-2 memref of tiles (bfloat8_b decoded, which is
    exact)."""
    dtype = cast(tile.TileType, cast(MemRefType[Attribute], value.type).element_type).dtype
    return formats.convert_tiles(data, dtype, DataType.FLOAT32)


def block_matmul(a: np.ndarray, b: np.ndarray, math_fidelity: str = "HiFi4") -> np.ndarray:
    """[M, N, 32, 32] tiles of a · b for [M, K, 32, 32] and [K, N, 32, 32] tiles: one float64
    NumPy matmul over the blocks' element matrices per fidelity phase (HiFi4: every product
    of bf16 / bfloat8_b / f32 values and their sum over one block is exact or rounded once,
    semantics.md §9.7; `a` is the FPU's SrcB, `b` its SrcA)."""
    rows, inner = a.shape[:2]
    cols = b.shape[1]
    left = a.astype(np.float64).transpose(0, 2, 1, 3).reshape(rows * TILE_SIZE, inner * TILE_SIZE)
    right = b.astype(np.float64).transpose(0, 2, 1, 3).reshape(inner * TILE_SIZE, cols * TILE_SIZE)
    product = fidelity_matmul(left, right, math_fidelity)
    return product.reshape(rows, TILE_SIZE, cols, TILE_SIZE).transpose(0, 2, 1, 3)


def accumulate(accumulator: np.ndarray, addend: np.ndarray) -> np.ndarray:
    """accumulator + addend, rounded once to the accumulator's dtype (f32 or bf16, nearest
    even)."""
    total = accumulator.astype(np.float64) + addend
    if accumulator.dtype == np.float32:
        return total.astype(np.float32)
    return formats.round_to_bfloat16(total.astype(np.float32))

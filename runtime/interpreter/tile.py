"""The tile dialect's ops on NumPy blocks (see `buffers`)."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.ir import Operation

from ttnn_xdsl.core.errors import RunError, format_location
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.runtime import formats
from ttnn_xdsl.runtime.interpreter.buffers import check_indices, op_error


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

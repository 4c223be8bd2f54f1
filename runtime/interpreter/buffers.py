"""How the interpreter holds memrefs: NumPy arrays in the project's data convention
(`tensor_formats/formats.py`) — a memref of `!tile.tile<32x32, f32|bf16>` is an array
[..., 32, 32] of float32 / ml_dtypes.bfloat16, a memref of bfloat8_b tiles an array
[..., 1088] of the packed tile bytes, a row-major memref an array of its shape."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ml_dtypes
import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
)
from xdsl.ir import Attribute, Operation

from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.core.shapes import TILE_SIZE, format_shape
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.tensor_formats import formats


def numpy_dtype(element_type: Attribute) -> np.dtype[Any]:
    """The NumPy dtype holding one element of a row-major memref."""
    if isinstance(element_type, Float32Type):
        return np.dtype(np.float32)
    if isinstance(element_type, BFloat16Type):
        return np.dtype(ml_dtypes.bfloat16)
    if isinstance(element_type, Float64Type):
        return np.dtype(np.float64)
    if isinstance(element_type, IndexType):
        return np.dtype(np.int64)
    if isinstance(element_type, IntegerType):
        width = element_type.width.data
        return np.dtype(bool) if width == 1 else np.dtype(f"int{max(8, width)}")
    raise RunError(f"no NumPy representation for element type {element_type}")


def buffer_shape_and_dtype(
    memref_type: MemRefType[Attribute],
) -> tuple[tuple[int, ...], np.dtype[Any]]:
    """The shape and dtype of the NumPy array backing a memref."""
    shape = memref_type.get_shape()
    element = memref_type.element_type
    if isinstance(element, tile.TileType):
        if element.dtype == DataType.BFLOAT8_B:
            return (*shape, formats.BFLOAT8_B_TILE_BYTES), np.dtype(np.uint8)
        return (*shape, TILE_SIZE, TILE_SIZE), numpy_dtype(element.element_type)
    return shape, numpy_dtype(element)


def check_indices(op: Operation, memref_shape: Sequence[int], indices: Sequence[int]) -> None:
    """Raise RunError unless each index lies in its memref dim (NumPy would wrap a negative
    index to the end and fail on a large one with an IndexError)."""
    for axis, (index, extent) in enumerate(zip(indices, memref_shape, strict=True)):
        if not 0 <= index < extent:
            raise op_error(
                op,
                f"index {index} is out of bounds for dim {axis} of a memref of shape "
                f"{format_shape(memref_shape)}",
            )


def op_error(op: Operation, message: str) -> RunError:
    """A run-time error at an operation: `FILE:LINE:COL: error: 'op.name' op message`."""
    return RunError(f"'{op.name}' op {message}", op=op)

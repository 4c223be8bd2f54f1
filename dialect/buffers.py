"""How a TT-NN tensor type is held in memory once bufferized, both ways: the memref a tensor
type becomes (`buffer_type`, what `convert-ttnn-to-tiles` allocates) and the tensor a memref
holds (`tensor_of_buffer`, what a runtime reads off a lowered function's signature)."""

from __future__ import annotations

from typing import cast

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute

from ttnn_xdsl.core.enums import Layout
from ttnn_xdsl.core.errors import TensorTypeError
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.dialect.tensor_types import TensorInfo, tensor_info
from ttnn_xdsl.dialect.tile import TileType, tile_type
from ttnn_xdsl.dialect.types import data_type_of, element_type_for

__all__ = ["buffer_type", "tensor_of_buffer", "tile_grid_shape"]


def tile_grid_shape(info: TensorInfo) -> tuple[int, ...]:
    """The shape of the memref of tiles holding a TILE tensor: leading dims, tile rows,
    tile columns (of the physical shape)."""
    *leading, rows, cols = info.physical_shape
    return (*leading, rows // TILE_SIZE, cols // TILE_SIZE)


def buffer_type(tensor: Attribute) -> MemRefType[Attribute]:
    """The memref a TT-NN tensor type bufferizes to: a memref of tiles for TILE, a memref
    of scalars of the same shape for ROW_MAJOR."""
    info = tensor_info(tensor)
    if info.layout == Layout.TILE:
        return MemRefType(tile_type(info.dtype), tile_grid_shape(info))
    return MemRefType(element_type_for(info.dtype), info.shape)


def tensor_of_buffer(memref: MemRefType[Attribute]) -> TensorInfo:
    """The tensor a memref holds when nothing records more (`buffer_type`'s inverse for
    IR written at the loop level): a memref of tiles is a TILE tensor whose logical shape is
    its physical one, a memref of f32 / bf16 a row-major tensor. Raises TensorTypeError for
    any other memref."""
    shape = memref.get_shape()
    if any(d < 0 for d in shape):
        raise TensorTypeError(f"cannot pass a memref of dynamic shape {memref}")
    element = memref.element_type
    if isinstance(element, TileType):
        if len(shape) < 2:
            raise TensorTypeError(
                f"a memref of tiles needs rank 2 or more (tile rows and columns), got {memref}"
            )
        *leading, rows, cols = shape
        physical = (*leading, rows * TILE_SIZE, cols * TILE_SIZE)
        return TensorInfo(
            physical, cast(TileType, element).dtype, Layout.TILE, None, physical, False
        )
    dtype = data_type_of(element)
    if dtype is None:
        raise TensorTypeError(f"cannot pass a value of type {memref} to or from the interpreter")
    return TensorInfo(shape, dtype, Layout.ROW_MAJOR, None, shape, False)

"""Reading and building TT-NN tensor types: what `tensor<...>` with (or without) a
`#ttnn.tensor_layout` encoding says about a tensor (`TensorInfo`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.dialects.builtin import (
    NoneAttr,
    TensorType,
)
from xdsl.ir import (
    Attribute,
)

from ttnn_xdsl.core.enums import DEVICE_BUFFER_TYPES, DataType, Layout
from ttnn_xdsl.core.errors import TensorTypeError
from ttnn_xdsl.core.shapes import physical_shape_fits, tile_padded_shape
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    MemoryConfigAttr,
    ShardSpecAttr,
    TensorLayoutAttr,
)
from ttnn_xdsl.dialect.types import BFloat8BType, data_type_of, element_type_for


@dataclass(frozen=True)
class TensorInfo:
    """What a tensor type says about a TT-NN tensor."""

    shape: tuple[int, ...]
    dtype: DataType
    layout: Layout
    memory_config: MemoryConfigAttr | None
    """None for a host tensor (no encoding)."""
    physical_shape: tuple[int, ...]
    """The stored shape: `physical` when written, else the shape padded to whole tiles
    (TILE) or the shape itself (ROW_MAJOR)."""
    explicit_physical: bool

    @property
    def on_host(self) -> bool:
        return self.memory_config is None


def tensor_info(tensor_type: Attribute) -> TensorInfo:
    """Read a TT-NN tensor type; raises TensorTypeError when it is not one."""
    if not isinstance(tensor_type, TensorType):
        raise TensorTypeError(f"expected a tensor type, got {tensor_type}")
    tensor_type = cast(TensorType[Attribute], tensor_type)
    shape = tensor_type.get_shape()
    if any(d < 0 for d in shape):
        raise TensorTypeError(f"expected a static shape, got {tensor_type}")
    dtype = data_type_of(tensor_type.element_type)
    if dtype is None:
        raise TensorTypeError(
            f"expected element type f32, bf16 or !ttnn.bfp8_b, got {tensor_type.element_type}"
        )
    encoding = tensor_type.encoding
    if isinstance(encoding, NoneAttr):
        if dtype == DataType.BFLOAT8_B:
            raise TensorTypeError(
                f"bfloat8_b needs the tile layout, got a host row-major tensor {tensor_type}"
            )
        return TensorInfo(shape, dtype, Layout.ROW_MAJOR, None, shape, False)
    if not isinstance(encoding, TensorLayoutAttr):
        raise TensorTypeError(f"expected a #ttnn.tensor_layout encoding, got {encoding}")
    layout = encoding.layout.data
    memory_config = (
        encoding.memory_config
        if isinstance(encoding.memory_config, MemoryConfigAttr)
        else DRAM_INTERLEAVED
    )
    if memory_config.buffer_type.data not in DEVICE_BUFFER_TYPES:
        raise TensorTypeError(
            "expected a #ttnn.tensor_layout memory config in dram or l1, got "
            f"{memory_config.buffer_type.data.value}"
        )
    if layout == Layout.ROW_MAJOR:
        if dtype == DataType.BFLOAT8_B:
            raise TensorTypeError(f"bfloat8_b needs the tile layout, got {tensor_type}")
        return TensorInfo(shape, dtype, layout, memory_config, shape, False)
    if len(shape) < 2:
        raise TensorTypeError(f"a tile-layout tensor needs rank 2 or more, got {tensor_type}")
    padded = tile_padded_shape(shape)
    if isinstance(encoding.physical, NoneAttr):
        return TensorInfo(shape, dtype, layout, memory_config, padded, False)
    physical = tuple(d.data for d in encoding.physical.data)
    if not physical_shape_fits(shape, physical):
        raise TensorTypeError(
            "expected physical shape "
            + "x".join(map(str, physical))
            + " to keep the leading dims of "
            + "x".join(map(str, shape))
            + " and hold its last two dims in whole tiles"
        )
    return TensorInfo(shape, dtype, layout, memory_config, physical, True)


def written_tensor_type_problem(attribute: Attribute) -> str | None:
    """Why a tensor type written with a `#ttnn.tensor_layout` encoding or a `!ttnn.bfp8_b`
    element type cannot exist (a bfloat8_b tensor on host or row-major, a tile tensor of
    rank 1, a physical shape that cannot hold it, …), or None. Any other type is not a TT-NN
    type of its own and is left to the ops that use it."""
    if not isinstance(attribute, TensorType):
        return None
    tensor = cast(TensorType[Attribute], attribute)
    if not isinstance(tensor.encoding, TensorLayoutAttr) and not isinstance(
        tensor.element_type, BFloat8BType
    ):
        return None
    try:
        tensor_info(tensor)
    except TensorTypeError as error:
        return str(error)
    return None


def tensor_type(
    shape: Sequence[int],
    dtype: DataType,
    layout: Layout | None = Layout.TILE,
    memory_config: MemoryConfigAttr | None = None,
    physical: Sequence[int] | None = None,
) -> TensorType[Attribute]:
    """Build a TT-NN tensor type; `layout=None` gives a host (row-major, unencoded) tensor."""
    if layout is None:
        return TensorType(element_type_for(dtype), shape)
    return TensorType(
        element_type_for(dtype),
        shape,
        TensorLayoutAttr(layout, memory_config, physical),
    )


def _placement(info: TensorInfo) -> tuple[object, ...]:
    """Where a tensor lives, by meaning rather than spelling: a shard spec without an
    orientation is the same as one with `orientation = row_major`."""
    if info.on_host:
        return ("host",)
    memory = info.memory_config or DRAM_INTERLEAVED
    shard = memory.shard_spec
    return (
        memory.buffer_type.data,
        memory.layout_kind,
        (shard.grid_cores, shard.shard_shape, shard.shard_orientation)
        if isinstance(shard, ShardSpecAttr)
        else None,
    )


def same_storage(a: TensorInfo, b: TensorInfo) -> bool:
    """True when two tensor types describe the same layout, physical shape and placement,
    however they are spelled (`physical = ...` written or implied by tile rounding)."""
    return (
        a.layout == b.layout
        and a.physical_shape == b.physical_shape
        and _placement(a) == _placement(b)
    )


def denote_same_tensor(a: Attribute, b: Attribute) -> bool:
    """True when two types denote the same stored tensor: equal, or both TT-NN tensor types
    with the same shape, dtype, layout, physical shape and placement. `tensor<4x4xbf16,
    #ttnn.tensor_layout<tile>>` and `... physical = 32x32>>` are the same tensor."""
    if a == b:
        return True
    try:
        first, second = tensor_info(a), tensor_info(b)
    except TensorTypeError:
        return False
    return (
        first.shape == second.shape and first.dtype == second.dtype and same_storage(first, second)
    )

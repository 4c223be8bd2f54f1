"""What TT-NN model code calls around its conv weights besides the preparations:
`ttnn.reshape` (a bias to [1, 1, 1, Cout]), `ttnn.to_layout` (a weight back to ROW_MAJOR) and
`ttnn.create_sharded_memory_config` with `ttnn.ShardStrategy` (the `input_memory_config` of
a sharded conv input), with TT-NN 0.81.1's signatures, defaults, results and errors.

`reshape` and `to_layout` keep a tensor where it is (host or device) and in its memory
config; on a device they move no values (the device holds no memory, `tensor`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import Enum
from typing import Any

import numpy as np

from ttnn_xdsl.ttnn.enums import (
    BufferType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.ttnn.memory import (
    CoreCoord,
    CoreGrid,
    CoreRange,
    CoreRangeSet,
    MemoryConfig,
    ShardSpec,
)
from ttnn_xdsl.ttnn.signatures import (
    OPERATION,
    Binding,
    Overload,
    Parameter,
    Rejected,
    accept_float,
    accept_instance,
    accept_optional,
    keywords_suggested,
    type_name,
)
from ttnn_xdsl.ttnn.tensor import Shape, Tensor, host_values

__all__ = [
    "RESHAPE",
    "TO_LAYOUT",
    "ShardStrategy",
    "create_sharded_memory_config",
    "reshape",
    "to_layout",
]


class ShardStrategy(Enum):
    """`ttnn.ShardStrategy` (a Python enum in TT-NN: `<ShardStrategy.HEIGHT: 1>`)."""

    HEIGHT = 1
    WIDTH = 2
    BLOCK = 3


_MEMORY_LAYOUTS = {
    ShardStrategy.HEIGHT: TensorMemoryLayout.HEIGHT_SHARDED,
    ShardStrategy.WIDTH: TensorMemoryLayout.WIDTH_SHARDED,
    ShardStrategy.BLOCK: TensorMemoryLayout.BLOCK_SHARDED,
}


def _accept_tensor(value: Any) -> Tensor:
    if not isinstance(value, Tensor):
        raise Rejected(f"expected a ttnn.Tensor, got {type_name(value)}")
    return value


def _accept_shape_object(value: Any) -> tuple[int, ...]:
    if not isinstance(value, Shape):
        raise Rejected(f"expected a Shape, got {type_name(value)}")
    return tuple(value)


def _accept_shape(value: Any) -> tuple[int, ...]:
    """A sequence of ints (-1 allowed once: TT-NN checks that when it runs)."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence | np.ndarray):
        raise Rejected(f"expected a Shape or a sequence of ints, got {type_name(value)}")
    dims = []
    for item in value:
        if isinstance(item, bool | np.bool_) or not isinstance(item, int | np.integer):
            raise Rejected(f"expected ints, got {type_name(item)}")
        dims.append(int(item))
    return tuple(dims)


def _accept_none(value: Any) -> None:
    if value is not None:
        raise Rejected(f"only None is covered by ttnn_xdsl, got {type_name(value)}")


_TENSOR = "ttnn.Tensor"
_MEMORY_CONFIG = Parameter(
    "memory_config",
    "ttnn.MemoryConfig | None",
    accept_optional(accept_instance(MemoryConfig)),
    None,
)
_SUB_CORE_GRIDS = Parameter("sub_core_grids", "ttnn.CoreRangeSet | None", _accept_none, None)

TO_LAYOUT = Binding(
    "to_layout",
    (
        Overload(
            (
                Parameter("tensor", _TENSOR, _accept_tensor),
                Parameter("layout", "ttnn.Layout", accept_instance(Layout)),
                Parameter(
                    "dtype",
                    "ttnn.DataType | None",
                    accept_optional(accept_instance(DataType)),
                    None,
                ),
                _MEMORY_CONFIG,
                _SUB_CORE_GRIDS,
                Parameter("pad_value", "float", accept_float, 0.0),
            ),
            returns=_TENSOR,
        ),
    ),
    style=OPERATION,
    qualified_name="ttnn.to_layout",
)

_RESHAPE_KEYWORDS = (
    _MEMORY_CONFIG,
    Parameter("pad_value", "int | float | None", accept_optional(accept_float), None, "None"),
    Parameter(
        "reshape_tile_mode",
        "ttnn.data_movement.TileReshapeMapMode",
        _accept_none,
        None,
        "TileReshapeMapMode.CACHE",
    ),
    _SUB_CORE_GRIDS,
    Parameter("skip_padding_fill", "bool", accept_instance(bool), False),
)
RESHAPE = Binding(
    "reshape",
    (
        Overload(
            (
                Parameter("input_tensor", _TENSOR, _accept_tensor),
                Parameter("shape", "ttnn._ttnn.types.Shape", _accept_shape_object),
            ),
            _RESHAPE_KEYWORDS,
            returns=_TENSOR,
        ),
        Overload(
            (
                Parameter("input_tensor", _TENSOR, _accept_tensor),
                Parameter("shape", "collections.abc.Sequence[int]", _accept_shape),
            ),
            _RESHAPE_KEYWORDS,
            returns=_TENSOR,
        ),
    ),
    style=OPERATION,
    qualified_name="ttnn.reshape",
)
"""TT-NN's overloads taking a Shape or a sequence (its third, with a padded shape, is not
covered: a TypeError names it)."""


def to_layout(*args: Any, **kwargs: Any) -> Tensor:
    """TT-NN's `to_layout(tensor, layout, dtype=None, memory_config=None, sub_core_grids=None,
    pad_value=0.0)`: the values tilized (padded to whole 32×32 tiles) or untilized. As TT-NN
    0.81.1 does: a host tensor keeps its dtype (`dtype` is applied on a device only), a
    bfloat8_b tensor stays TILE, the memory config is kept unless given (device)."""
    _, values = TO_LAYOUT.bind(args, kwargs)
    tensor: Tensor = values["tensor"]
    layout: Layout = values["layout"]
    if values["pad_value"] != 0.0:
        raise NotImplementedError("ttnn_xdsl.ttnn.to_layout does not cover a non-zero pad_value")
    on_device = tensor.device() is not None
    dtype = values["dtype"] if on_device and values["dtype"] is not None else tensor.dtype
    if dtype == DataType.BFLOAT8_B:
        layout = Layout.TILE
    if layout == tensor.layout and dtype == tensor.dtype:
        value = tensor.value
    else:
        value = host_values(tensor.value.to_numpy(), dtype, layout, "to_layout")
    memory_config = values["memory_config"] if on_device else None
    return Tensor._wrap(value, tensor.device(), memory_config or tensor.memory_config())


def reshape(*args: Any, **kwargs: Any) -> Tensor:
    """TT-NN's `reshape(input_tensor, shape, *, memory_config=None, pad_value=None, ...)`: the
    same values under another logical shape (one dim may be -1: inferred); a TILE tensor keeps
    its last two dims (NotImplementedError otherwise). RuntimeError, as TT-NN's, for two -1s or
    another volume."""
    _, values = RESHAPE.bind(args, kwargs)
    tensor: Tensor = values["input_tensor"]
    if values["pad_value"] not in (None, 0.0):
        raise NotImplementedError("ttnn_xdsl.ttnn.reshape does not cover a non-zero pad_value")
    shape = reshaped(tuple(tensor.shape), values["shape"])
    if tensor.layout == Layout.TILE and shape[-2:] != tuple(tensor.shape)[-2:]:
        # Observed: TT-NN 0.81.1 keeps the tiles and reads the new shape from them (a host
        # [1, 1, 1, 5] reshaped to [1, 1, 5, 1] reads the tiles' padding: all zeros).
        raise NotImplementedError(
            "ttnn_xdsl.ttnn.reshape does not cover a TILE tensor whose last two dims change "
            f"({list(tensor.shape)} to {list(shape)}): TT-NN 0.81.1 reads the new shape from "
            "the old tiles; reshape it in ROW_MAJOR (ttnn.to_layout(tensor, "
            "ttnn.ROW_MAJOR_LAYOUT)) first"
        )
    array = tensor.value.to_numpy().reshape(shape)
    value = host_values(array, tensor.dtype, tensor.layout, "reshape")
    memory_config = values["memory_config"] if tensor.device() is not None else None
    return Tensor._wrap(value, tensor.device(), memory_config or tensor.memory_config())


def reshaped(old: tuple[int, ...], new: tuple[int, ...]) -> tuple[int, ...]:
    """`new` with its -1 inferred from the volume of `old`; TT-NN 0.81.1's errors otherwise."""
    if new.count(-1) > 1:
        raise RuntimeError(
            "Shape cannot have more than 1 elements that is set to -1! Shape used: "
            f"({''.join(f'{dim},' for dim in new)})"
        )
    volume = math.prod(old)
    if -1 in new:
        known = math.prod(dim for dim in new if dim != -1)
        new = tuple(volume // known if known and dim == -1 else dim for dim in new)
    if any(dim < 0 for dim in new) or math.prod(new) != volume:
        raise RuntimeError("Invalid arguments to reshape")
    return new


@keywords_suggested
def create_sharded_memory_config(
    shape: Shape | tuple[int, ...] | list[int],
    core_grid: CoreGrid | CoreRangeSet,
    strategy: ShardStrategy,
    orientation: ShardOrientation | None = None,
    use_height_and_width_as_shard_shape: bool = False,
) -> MemoryConfig:
    """TT-NN's `create_sharded_memory_config`: an L1 sharded MemoryConfig for a tensor of
    `shape` seen as [prod(leading dims)·height, width], split over the cores of `core_grid`
    (from core (0, 0)) by `strategy`; with `use_height_and_width_as_shard_shape`, the last two
    dims are the shard (swapped for COL_MAJOR). RuntimeError, as TT-NN's, when the split is
    not even. (TT-NN's pair of CoreGrids for a grid of two ranges is not covered.)"""
    if not isinstance(shape, list | tuple | Shape):
        raise RuntimeError("Invalid input shape")
    if not isinstance(core_grid, CoreGrid | CoreRangeSet):
        raise RuntimeError("Invalid core_grid type")
    memory_layout = _MEMORY_LAYOUTS.get(strategy) if isinstance(strategy, ShardStrategy) else None
    if memory_layout is None:
        raise RuntimeError("Invalid sharding strategy")
    if orientation is None:
        orientation = ShardOrientation.ROW_MAJOR
    if not isinstance(orientation, ShardOrientation):
        raise RuntimeError("Invalid shard orientation")
    if isinstance(core_grid, CoreRangeSet):
        if not use_height_and_width_as_shard_shape:
            raise RuntimeError("height and width must be shard shape with CoreRangeSet")
        grid = core_grid
    else:
        corner = CoreCoord(core_grid.x - 1, core_grid.y - 1)
        grid = CoreRangeSet({CoreRange(CoreCoord(0, 0), corner)})
    *leading, height, width = tuple(shape)
    if use_height_and_width_as_shard_shape:
        row_major = orientation == ShardOrientation.ROW_MAJOR
        shard_shape = (height, width) if row_major else (width, height)
    else:
        assert isinstance(core_grid, CoreGrid)
        shard_shape = _split(math.prod(leading) * height, width, core_grid, strategy, orientation)
    spec = ShardSpec(grid, list(shard_shape), orientation)
    return MemoryConfig(memory_layout, BufferType.L1, spec)


def _split(
    rows: int,
    columns: int,
    core_grid: CoreGrid,
    strategy: ShardStrategy,
    orientation: ShardOrientation,
) -> tuple[int, int]:
    """One core's shard of a [rows, columns] tensor: HEIGHT splits the rows over every core,
    WIDTH the columns; BLOCK the rows over the grid's y and the columns over its x (x and y
    swapped for COL_MAJOR)."""
    cores = core_grid.x * core_grid.y
    if strategy == ShardStrategy.HEIGHT:
        row_parts, column_parts = cores, 1
    elif strategy == ShardStrategy.WIDTH:
        row_parts, column_parts = 1, cores
    elif orientation == ShardOrientation.ROW_MAJOR:
        row_parts, column_parts = core_grid.y, core_grid.x
    else:
        row_parts, column_parts = core_grid.x, core_grid.y
    if rows % row_parts or columns % column_parts:
        raise RuntimeError("Invalid sharding core_grid")
    return rows // row_parts, columns // column_parts

"""Where a TT-NN tensor lives: `MemoryConfig` (buffer type, memory layout, shard spec),
`ShardSpec`, the core types `CoreCoord` / `CoreRange` / `CoreRangeSet`, and `CoreGrid` — with
TT-NN 0.81.1's constructors, attributes, value equality and reprs (`1-2`, `[0-0 - 7-7]`,
`{[0-0 - 7-7]}`, `MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,...)`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from ttnn_xdsl.ttnn.enums import BufferType, ShardOrientation, TensorMemoryLayout
from ttnn_xdsl.ttnn.signatures import (
    REQUIRED,
    Overload,
    Parameter,
    Rejected,
    accept_instance,
    accept_optional,
    accept_uint32,
    accept_uint32_sequence,
    constructor,
    type_name,
)

__all__ = [
    "DRAM_MEMORY_CONFIG",
    "L1_BLOCK_SHARDED_MEMORY_CONFIG",
    "L1_HEIGHT_SHARDED_MEMORY_CONFIG",
    "L1_MEMORY_CONFIG",
    "L1_WIDTH_SHARDED_MEMORY_CONFIG",
    "CoreCoord",
    "CoreGrid",
    "CoreRange",
    "CoreRangeSet",
    "MemoryConfig",
    "ShardSpec",
    "shard_fit_error",
]

_TENSOR = "ttnn._ttnn.tensor."


class _Value(ABC):
    """Equality and hashing by value, as TT-NN's bound types compare: two objects of the same
    class are equal when their `_key()`s are."""

    __slots__ = ()

    @abstractmethod
    def _key(self) -> object: ...

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


class CoreCoord(_Value):
    """A core's (x, y): x counts columns, y rows. `CoreCoord(1, 2)` or `CoreCoord((1, 2))`;
    prints `1-2`."""

    __slots__ = ("_x", "_y")

    INIT = constructor(
        "CoreCoord",
        (
            Overload(
                (
                    Parameter("arg0", "int", accept_uint32, positional_only=True),
                    Parameter("arg1", "int", accept_uint32, positional_only=True),
                ),
                method=True,
            ),
            Overload(
                (
                    Parameter(
                        "arg",
                        "tuple[int, int]",
                        accept_uint32_sequence(2),
                        positional_only=True,
                    ),
                ),
                method=True,
            ),
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        index, values = self.INIT.bind(args, kwargs)
        self._x, self._y = (values["arg0"], values["arg1"]) if index == 0 else values["arg"]

    @property
    def x(self) -> int:
        return self._x

    @property
    def y(self) -> int:
        return self._y

    def _key(self) -> tuple[int, int]:
        return (self._x, self._y)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):  # TT-NN's coordinates compare equal to (x, y) tuples
            return self._key() == other
        return super().__eq__(other)

    __hash__ = _Value.__hash__

    def __repr__(self) -> str:
        return f"{self._x}-{self._y}"


def _accept_coord(value: Any) -> CoreCoord:
    """A CoreCoord, or a 2-tuple of ints made into one (nanobind's implicit conversion)."""
    if isinstance(value, CoreCoord):
        return value
    if isinstance(value, tuple):
        return CoreCoord(accept_uint32_sequence(2)(value))
    raise Rejected(f"expected a CoreCoord, got {type_name(value)}")


class CoreRange(_Value):
    """The rectangle of cores from `start` to `end`, both included; prints `[0-0 - 7-7]`."""

    __slots__ = ("_end", "_start")

    INIT = constructor(
        "CoreRange",
        (
            Overload(
                (
                    Parameter("start", _TENSOR + "CoreCoord", _accept_coord),
                    Parameter("end", _TENSOR + "CoreCoord", _accept_coord),
                ),
                method=True,
            ),
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _, values = self.INIT.bind(args, kwargs)
        start, end = values["start"], values["end"]
        if end.x < start.x or end.y < start.y:
            raise RuntimeError(f"Invalid core range for start_coord: {start}, end_coord: {end}")
        self._start, self._end = start, end

    @property
    def start(self) -> CoreCoord:
        return self._start

    @property
    def end(self) -> CoreCoord:
        return self._end

    def grid_size(self) -> CoreCoord:
        """The rectangle's extent (columns, rows)."""
        return CoreCoord(self._end.x - self._start.x + 1, self._end.y - self._start.y + 1)

    def num_cores(self) -> int:
        size = self.grid_size()
        return size.x * size.y

    def _key(self) -> tuple[int, int, int, int]:
        return (self._start.x, self._start.y, self._end.x, self._end.y)

    def _overlaps(self, other: CoreRange) -> bool:
        return not (
            other._start.x > self._end.x
            or other._end.x < self._start.x
            or other._start.y > self._end.y
            or other._end.y < self._start.y
        )

    def __repr__(self) -> str:
        return f"[{self._start} - {self._end}]"

    def json(self) -> str:
        """The range as TT-NN 0.81.1's shard spec repr writes it (its last `}` missing, as
        TT-NN prints it)."""
        return (
            f'{{"start":{{"x":{self._start.x},"y":{self._start.y}}},'
            f'"end":{{"x":{self._end.x},"y":{self._end.y}}}'
        )


def _accept_ranges(value: Any) -> tuple[CoreRange, ...]:
    """A sequence of CoreRanges in its order, or a set of them in TT-NN's order (by start,
    x before y, then by end)."""
    if isinstance(value, set | frozenset):
        ranges = sorted(value, key=lambda core_range: _accept_range(core_range)._key())
    elif isinstance(value, list | tuple):
        ranges = list(value)
    else:
        raise Rejected(f"expected a sequence or a set of CoreRange, got {type_name(value)}")
    return tuple(_accept_range(core_range) for core_range in ranges)


def _accept_range(value: Any) -> CoreRange:
    if not isinstance(value, CoreRange):
        raise Rejected(f"expected CoreRange items, got {type_name(value)}")
    return value


class CoreRangeSet(_Value):
    """Non-overlapping rectangles of cores; prints `{[0-0 - 7-7], [0-9 - 2-9]}`."""

    __slots__ = ("_ranges",)

    INIT = constructor(
        "CoreRangeSet",
        (
            Overload(
                (
                    Parameter(
                        "core_ranges",
                        f"collections.abc.Sequence[{_TENSOR}CoreRange]",
                        _accept_ranges,
                    ),
                ),
                method=True,
            ),
            Overload(
                (
                    Parameter(
                        "core_ranges", f"collections.abc.Set[{_TENSOR}CoreRange]", _accept_ranges
                    ),
                ),
                method=True,
            ),
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _, values = self.INIT.bind(args, kwargs)
        ranges: tuple[CoreRange, ...] = values["core_ranges"]
        for index, first in enumerate(ranges):
            for second in ranges[index + 1 :]:
                if first._overlaps(second):
                    raise RuntimeError(
                        "Cannot create CoreRangeSet with specified core ranges because core "
                        f"ranges {first} and {second} overlap!"
                    )
        self._ranges = ranges

    def ranges(self) -> list[CoreRange]:
        return list(self._ranges)

    def num_cores(self) -> int:
        return sum(core_range.num_cores() for core_range in self._ranges)

    def bounding_box(self) -> CoreRange:
        return CoreRange(
            CoreCoord(min(r.start.x for r in self._ranges), min(r.start.y for r in self._ranges)),
            CoreCoord(max(r.end.x for r in self._ranges), max(r.end.y for r in self._ranges)),
        )

    def _key(self) -> frozenset[CoreRange]:
        return frozenset(self._ranges)

    def __repr__(self) -> str:
        return "{" + ", ".join(map(repr, self._ranges)) + "}"


class ShardSpec(_Value):
    """The cores a sharded tensor is spread over, the shape of one shard and the order of
    the shards over the cores."""

    __slots__ = ("_grid", "_orientation", "_shape")

    INIT = constructor(
        "ShardSpec",
        (
            Overload(
                (
                    Parameter("grid", _TENSOR + "CoreRangeSet", accept_instance(CoreRangeSet)),
                    Parameter(
                        "shard_shape", "collections.abc.Sequence[int]", accept_uint32_sequence(2)
                    ),
                    Parameter(
                        "shard_orientation",
                        _TENSOR + "ShardOrientation",
                        accept_instance(ShardOrientation),
                    ),
                ),
                method=True,
            ),
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _, values = self.INIT.bind(args, kwargs)
        self._grid: CoreRangeSet = values["grid"]
        self._shape: tuple[int, int] = values["shard_shape"]
        self._orientation: ShardOrientation = values["shard_orientation"]

    @property
    def grid(self) -> CoreRangeSet:
        return self._grid

    @property
    def shape(self) -> list[int]:
        return list(self._shape)

    @property
    def orientation(self) -> ShardOrientation:
        return self._orientation

    def num_cores(self) -> int:
        return self._grid.num_cores()

    def _key(self) -> tuple[object, ...]:
        return (self._grid, self._shape, self._orientation)

    def __repr__(self) -> str:
        grid = ", ".join(core_range.json() for core_range in self._grid.ranges())
        return (
            f"ShardSpec{{grid=[{grid}], shape=[{self._shape[0]}, {self._shape[1]}], "
            f"orientation={self._orientation.cpp()}}}"
        )


class MemoryConfig(_Value):
    """Where a device tensor lives: its memory layout (interleaved or sharded), its buffer
    type (DRAM or L1) and, for a sharded layout, its shard spec. Read-only, compared by
    value."""

    __slots__ = ("_buffer_type", "_memory_layout", "_shard_spec")

    INIT = constructor(
        "MemoryConfig",
        (
            Overload(
                (
                    Parameter(
                        "memory_layout",
                        _TENSOR + "TensorMemoryLayout",
                        accept_instance(TensorMemoryLayout),
                        TensorMemoryLayout.INTERLEAVED,
                    ),
                    Parameter(
                        "buffer_type",
                        _TENSOR + "BufferType",
                        accept_instance(BufferType),
                        BufferType.DRAM,
                    ),
                    Parameter(
                        "shard_spec",
                        _TENSOR + "ShardSpec | None",
                        accept_optional(accept_instance(ShardSpec)),
                        None,
                    ),
                ),
                method=True,
            ),
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _, values = self.INIT.bind(args, kwargs)
        self._memory_layout: TensorMemoryLayout = values["memory_layout"]
        self._buffer_type: BufferType = values["buffer_type"]
        self._shard_spec: ShardSpec | None = values["shard_spec"]

    @property
    def memory_layout(self) -> TensorMemoryLayout:
        return self._memory_layout

    @property
    def buffer_type(self) -> BufferType:
        return self._buffer_type

    @property
    def shard_spec(self) -> ShardSpec | None:
        return self._shard_spec

    @property
    def nd_shard_spec(self) -> None:
        """TT-NN's N-d shard spec; the project's configs never have one."""
        return None

    @property
    def interleaved(self) -> bool:
        return self._memory_layout == TensorMemoryLayout.INTERLEAVED

    def is_sharded(self) -> bool:
        return not self.interleaved

    def _key(self) -> tuple[object, ...]:
        return (self._memory_layout, self._buffer_type, self._shard_spec)

    def __repr__(self) -> str:
        shard = "std::nullopt" if self._shard_spec is None else repr(self._shard_spec)
        return (
            f"MemoryConfig(memory_layout={self._memory_layout.cpp()},"
            f"buffer_type={self._buffer_type.cpp()},shard_spec={shard},"
            "nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,"
            "range_lockstep_allocation=0)"
        )


DRAM_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.DRAM)
L1_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.L1)
L1_HEIGHT_SHARDED_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.HEIGHT_SHARDED, BufferType.L1)
L1_WIDTH_SHARDED_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.WIDTH_SHARDED, BufferType.L1)
L1_BLOCK_SHARDED_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.BLOCK_SHARDED, BufferType.L1)


class CoreGrid(_Value):
    """A grid of x × y cores (`device.core_grid`); prints `ttnn.CoreGrid(x=8, y=8)`."""

    __slots__ = ("_x", "_y")

    INIT = constructor(
        "CoreGrid",
        (
            Overload(
                keyword=(
                    Parameter("x", "int", accept_uint32, REQUIRED),
                    Parameter("y", "int", accept_uint32, REQUIRED),
                ),
                method=True,
            ),
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _, values = self.INIT.bind(args, kwargs)
        self._x, self._y = values["x"], values["y"]

    @property
    def x(self) -> int:
        return self._x

    @property
    def y(self) -> int:
        return self._y

    @property
    def num_cores(self) -> int:
        return self._x * self._y

    def _key(self) -> tuple[int, int]:
        return (self._x, self._y)

    def __repr__(self) -> str:
        return f"ttnn.CoreGrid(x={self._x}, y={self._y})"


_TILE_SIDE = 32


def shard_fit_error(config: MemoryConfig, physical_shape: Sequence[int], tiled: bool) -> str | None:
    """TT-NN 0.81.1's reason, in its words, why the shard spec of `config` cannot hold a
    tensor of `physical_shape` (TILE: padded to tiles; ROW_MAJOR: the logical shape), or None
    when it can (or `config` has no shard spec). TT-NN sees the tensor as a matrix of the
    product of its leading dims by its last (a ROW_MAJOR width padded up to a multiple of the
    shard width) and checks, in this order: a TILE shard is whole tiles
    (tensor_layout.cpp:171), then the shards along each side fit the cores
    (tensor_spec.cpp:173)."""
    spec = config.shard_spec
    if spec is None or not config.is_sharded():
        return None
    shard_height, shard_width = spec.shape
    height = 1
    for dim in physical_shape[:-1]:
        height *= dim
    width = physical_shape[-1]
    if tiled:
        if shard_height % _TILE_SIDE or shard_width % _TILE_SIDE:
            return (
                f"Physical shard shape ({shard_height}, {shard_width}) must be tile "
                f"{{{_TILE_SIDE}, {_TILE_SIDE}}} sized!"
            )
    else:
        width = -(-width // shard_width) * shard_width
    along_height = -(-height // shard_height)
    along_width = -(-width // shard_width)
    layout = config.memory_layout
    if layout == TensorMemoryLayout.HEIGHT_SHARDED:
        if shard_width != width:
            return f"Shard width {shard_width} must match physical width {width} for height sharded"
        if along_height > spec.num_cores():
            return (
                f"Number of shards along height {along_height} must not exceed number of "
                f"cores {spec.num_cores()}"
            )
        return None
    if layout == TensorMemoryLayout.WIDTH_SHARDED:
        if shard_height != height:
            return (
                f"Shard height {shard_height} must match physical height {height} for width sharded"
            )
        if along_width > spec.num_cores():
            return (
                f"Number of shards along width {along_width} must not exceed number of "
                f"cores {spec.num_cores()}"
            )
        return None
    ranges = spec.grid.ranges()
    if len(ranges) != 1:
        return "Shard grid must be one full rectangular grid for block sharded!"
    size = ranges[0].grid_size()
    row_major = spec.orientation == ShardOrientation.ROW_MAJOR
    # ROW_MAJOR: the shard rows go down the grid's rows; COL_MAJOR: along its columns.
    rows, columns = (size.y, size.x) if row_major else (size.x, size.y)
    height_names, width_names = ("rows", "columns") if row_major else ("columns", "rows")
    orientation = "row major" if row_major else "column major"
    if along_height > rows:
        return (
            f"Number of shards along height {along_height} must not exceed number of "
            f"{height_names} {rows} for {orientation} orientation!"
        )
    if along_width > columns:
        return (
            f"Number of shards along width {along_width} must not exceed number of "
            f"{width_names} {columns} for {orientation} orientation!"
        )
    return None

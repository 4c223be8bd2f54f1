"""TT-NN 0.81.1 `.tensorbin` files: the host-tensor files `ttnn.dump_tensor` writes and
`ttnn.load_tensor` reads (docs/tensorbin.md).

A file is a uint64 header size H, a flatbuffer header (the tensor spec: logical shape, data
type, page config, memory config, alignment; and one shard pointing into the data region),
zero padding up to byte 8 + H (a multiple of 64), then the host buffer: exactly the bytes
`DeviceTensor.to_bytes()` gives. The padded (physical) shape is not stored: it travels as
the `alignment` vector, from which the reader derives it as TT-NN does (`padded_shape`).

The format has no version field. The writer targets TT-NN 0.81.1 and reproduces its header
byte for byte; the reader accepts exactly the 0.81.1 schema (`tensorbin_schema`) and
refuses, in one line naming the file, anything else: an unknown field or enum code, a
corrupt or truncated file, a shard whose size does not match the spec (which TT-NN's own
loader accepts silently), a tensor the project cannot hold.

The flatbuffer is written with `flatbuffers.Builder` and read with `flatbuffers.table.Table`;
the Python package has no verifier, so every offset is checked against the header's bounds
before it is followed.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

import flatbuffers
import numpy as np
from flatbuffers import number_types
from flatbuffers.table import Table as FlatbufferTable

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import TensorFileError, TTNNError
from ttnn_xdsl.core.output_files import write_output_files
from ttnn_xdsl.core.shapes import format_shape, physical_shape_fits, round_up
from ttnn_xdsl.tensor_formats.formats import device_buffer_size
from ttnn_xdsl.tensor_formats.tensorbin_schema import (
    BUFFER_INLINE_FILE_STORAGE,
    DATA_ALIGNMENT,
    DATA_TYPE_CODES,
    DATA_TYPE_NAMES,
    HEADER_SIZE_BYTES,
    INLINE_FILE_STORAGE,
    INLINE_FILE_STORAGE_BYTES,
    MESH_MAPPER_REPLICATE,
    PAGE_CONFIG_NAMES,
    PAGE_CONFIG_TAGS,
    PLACEMENT_TENSOR_DIM_NONE,
    REQUIRED_DATA_ALIGNMENT,
    TABLES,
    TENSORBIN_SUFFIX,
    TILE_SHAPE,
    UNIONS,
    Field,
    FieldKind,
    Table,
)

__all__ = [
    "TENSORBIN_SUFFIX",
    "TensorbinContents",
    "check_tensorbin_name",
    "decode_tensorbin",
    "encode_tensorbin",
    "header_alignment",
    "padded_shape",
    "read_tensorbin",
    "write_tensorbin",
]

_UINT32_LIMIT = 2**32
_DATA_TYPES_BY_CODE: dict[int, DataType] = {code: dtype for dtype, code in DATA_TYPE_CODES.items()}


@dataclass(frozen=True)
class TensorbinContents:
    """What a `.tensorbin` file holds: the tensor (shapes, dtype, layout, host buffer) and
    the header facts that carry it (the stored alignment, the header size)."""

    logical_shape: tuple[int, ...]
    physical_shape: tuple[int, ...]
    """The padded shape TT-NN derives from the logical shape and the alignment."""
    dtype: DataType
    layout: Layout
    data: bytes
    """The host buffer (the shard's bytes)."""
    alignment: tuple[int, ...]
    """The alignment vector as stored in the header."""
    header_size: int
    """H: the flatbuffer and its padding; the data region starts at byte 8 + H."""

    @property
    def data_offset(self) -> int:
        """Where the data region starts in the file."""
        return HEADER_SIZE_BYTES + self.header_size


# ---------------------------------------------------------------------------------------------
# Shapes: the alignment vector
# ---------------------------------------------------------------------------------------------


def _default_alignment(layout: Layout) -> tuple[int, ...]:
    """The alignment TT-NN gives a host tensor's page config: the tile, or one element."""
    return TILE_SHAPE if layout == Layout.TILE else (1,)


def padded_shape(
    logical_shape: Sequence[int], alignment: Sequence[int], layout: Layout
) -> tuple[int, ...]:
    """The padded shape TT-NN 0.81.1 derives when it loads a host tensor with this logical
    shape, stored alignment and layout (docs/tensorbin.md §4).

    The stored alignment is first merged with the layout's default (right-aligned; each
    entry under a default one rounded up to it). Then, from the last dimension backwards:
    the last two dims are rounded up to their alignment entry; an outer dim's entry counts
    rows of everything inside it, so it pads that dim only when it is a multiple of (and not
    a divisor of) the rows accumulated so far. The result has max(rank, alignment length)
    dims. Raises ValueError for an alignment TT-NN cannot derive a shape from (an entry of
    0, an outer entry that neither divides nor is a multiple of the accumulated rows)."""
    logical = tuple(int(x) for x in logical_shape)
    stored = tuple(int(x) for x in alignment)
    if any(entry <= 0 for entry in stored):
        raise ValueError(f"alignment {format_shape(stored)} has an entry that is not positive")
    default = _default_alignment(Layout(layout))
    size = max(len(stored), len(default))
    merged = [1] * (size - len(stored)) + list(stored)
    for index, entry in enumerate(default, start=size - len(default)):
        merged[index] = round_up(merged[index], entry)
    rank = len(logical)
    padded = [0] * max(rank, size)
    accumulated_rows = 1
    for back in range(1, size + 1):  # dims -1, -2, … as far as the alignment reaches
        dim = rank - back
        value = logical[dim] if dim >= 0 else 1
        entry = merged[size - back]
        if dim >= rank - 2:
            result = round_up(value, entry)
        elif accumulated_rows % entry == 0:
            result = value
        elif entry % accumulated_rows == 0:
            result = round_up(value, entry // accumulated_rows)
        else:
            raise ValueError(
                f"alignment {format_shape(stored)} does not give a padded shape for logical "
                f"shape {format_shape(logical)}"
            )
        padded[len(padded) - back] = result
        if dim != rank - 1:  # the width does not count in the rows
            accumulated_rows *= result
    for dim in range(rank - size - 1, -1, -1):  # dims the alignment does not reach
        padded[len(padded) - rank + dim] = logical[dim]
    return tuple(padded)


def header_alignment(
    logical_shape: Sequence[int], physical_shape: Sequence[int], layout: Layout
) -> tuple[int, ...]:
    """The alignment TT-NN 0.81.1 writes for a host tensor (docs/tensorbin.md §4):
    ROW_MAJOR `[1]`; TILE `[32, 32]`, except that a height or width padded beyond whole
    tiles is written as its padded size (27×2 padded to 96×32 writes `[96, 32]`)."""
    layout = Layout(layout)
    if layout == Layout.ROW_MAJOR:
        return _default_alignment(layout)
    *_, height, width = logical_shape
    *_, padded_height, padded_width = physical_shape
    tile_height, tile_width = TILE_SHAPE
    return (
        padded_height if padded_height != round_up(height, tile_height) else tile_height,
        padded_width if padded_width != round_up(width, tile_width) else tile_width,
    )


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------


def _check_writable(
    logical: tuple[int, ...], physical: tuple[int, ...], dtype: DataType, layout: Layout
) -> tuple[int, ...]:
    """The alignment to write for these shapes; ValueError when the file cannot say them."""
    if not logical:
        raise ValueError("a .tensorbin tensor needs rank >= 1")
    if any(not 0 <= x < _UINT32_LIMIT for x in logical + physical):
        raise ValueError(
            f"shape {format_shape(logical)} / {format_shape(physical)} does not fit uint32 dims"
        )
    if layout == Layout.ROW_MAJOR:
        if dtype == DataType.BFLOAT8_B:
            raise ValueError("bfloat8_b exists only in TILE layout")
        if physical != logical:
            raise ValueError(
                f"a ROW_MAJOR tensor's physical shape {format_shape(physical)} must equal its "
                f"logical shape {format_shape(logical)}"
            )
    elif not physical_shape_fits(logical, physical):
        raise ValueError(
            f"physical shape {format_shape(physical)} does not fit logical shape "
            f"{format_shape(logical)} (same leading dims, last two dims multiples of 32 and at "
            "least the logical ones)"
        )
    alignment = header_alignment(logical, physical, layout)
    # The file stores only the alignment: make sure TT-NN derives this very physical shape.
    if padded_shape(logical, alignment, layout) != physical:
        raise ValueError(
            f"physical shape {format_shape(physical)} of logical shape {format_shape(logical)} "
            "cannot be expressed in a .tensorbin header"
        )
    return alignment


def _uint32_vector(builder: flatbuffers.Builder, values: Sequence[int]) -> int:
    return builder.CreateNumpyVector(np.asarray(values, dtype="<u4"))


def _offset_vector(builder: flatbuffers.Builder, offsets: Sequence[int]) -> int:
    builder.StartVector(number_types.UOffsetTFlags.bytewidth, len(offsets), 4)
    for offset in reversed(offsets):
        builder.PrependUOffsetTRelative(offset)
    return builder.EndVector()


def _start(builder: flatbuffers.Builder, table: str) -> Table:
    schema = TABLES[table]
    builder.StartObject(schema.slot_count)
    return schema


def _mesh_coordinate(builder: flatbuffers.Builder, values: Sequence[int]) -> int:
    vector = _uint32_vector(builder, values)
    schema = _start(builder, "MeshCoordinate")
    builder.PrependUOffsetTRelativeSlot(schema.slot("values"), vector, 0)
    return builder.EndObject()


def _mesh_shape(builder: flatbuffers.Builder, dimensions: Sequence[int]) -> int:
    vector = _uint32_vector(builder, dimensions)
    schema = _start(builder, "MeshShape")
    builder.PrependUOffsetTRelativeSlot(schema.slot("dimensions"), vector, 0)
    return builder.EndObject()


def _page_config(builder: flatbuffers.Builder, layout: Layout) -> int:
    if layout == Layout.ROW_MAJOR:
        _start(builder, "RowMajorPageConfig")
        return builder.EndObject()
    tile_height, tile_width = TILE_SHAPE
    tile = _start(builder, "Tile")
    builder.PrependUint32Slot(tile.slot("tile_shape_w"), tile_width, 0)
    builder.PrependUint32Slot(tile.slot("tile_shape_h"), tile_height, 0)
    builder.PrependBoolSlot(tile.slot("transpose_tile"), False, False)
    tile_offset = builder.EndObject()
    page = _start(builder, "TilePageConfig")
    builder.PrependUOffsetTRelativeSlot(page.slot("tile"), tile_offset, 0)
    return builder.EndObject()


def _header(
    logical: tuple[int, ...],
    alignment: tuple[int, ...],
    dtype: DataType,
    layout: Layout,
    data_size: int,
) -> bytes:
    """The flatbuffer header, built in TT-NN 0.81.1's creation order (docs/tensorbin.md §6):
    the builder writes back to front and shares identical vtables, so only this order and,
    within a table, offsets before 2-byte before 1-byte fields (highest slot first)
    reproduce TT-NN's bytes."""
    builder = flatbuffers.Builder(1024)
    shape_vector = _uint32_vector(builder, logical)
    alignment_vector = _uint32_vector(builder, alignment)
    page_config = _page_config(builder, layout)
    _start(builder, "MemoryConfig")  # a host tensor's default memory config: no fields
    memory_config = builder.EndObject()

    tensor_layout = _start(builder, "TensorLayout")
    builder.PrependUOffsetTRelativeSlot(tensor_layout.slot("alignment"), alignment_vector, 0)
    builder.PrependUOffsetTRelativeSlot(tensor_layout.slot("memory_config"), memory_config, 0)
    builder.PrependUOffsetTRelativeSlot(tensor_layout.slot("page_config"), page_config, 0)
    builder.PrependUint8Slot(tensor_layout.slot("page_config_type"), PAGE_CONFIG_TAGS[layout], 0)
    builder.PrependUint8Slot(tensor_layout.slot("data_type"), DATA_TYPE_CODES[dtype], 0)
    tensor_layout_offset = builder.EndObject()

    spec = _start(builder, "TensorSpec")
    builder.PrependUOffsetTRelativeSlot(spec.slot("tensor_layout"), tensor_layout_offset, 0)
    builder.PrependUOffsetTRelativeSlot(spec.slot("shape"), shape_vector, 0)
    spec_offset = builder.EndObject()

    shard_coordinate = _mesh_coordinate(builder, (0, 0))
    # InlineFileStorage {offset, size}: a struct reached through the union's offset.
    builder.Prep(8, INLINE_FILE_STORAGE_BYTES)
    builder.PrependUint64(data_size)
    builder.PrependUint64(0)
    storage = builder.Offset()
    shard = _start(builder, "TensorShard")
    builder.PrependUOffsetTRelativeSlot(shard.slot("mesh_coordinate"), shard_coordinate, 0)
    builder.PrependUOffsetTRelativeSlot(shard.slot("buffer"), storage, 0)
    builder.PrependUint8Slot(shard.slot("buffer_type"), BUFFER_INLINE_FILE_STORAGE, 0)
    shard_offset = builder.EndObject()
    shards = _offset_vector(builder, [shard_offset])

    mesh_shape = _mesh_shape(builder, (1, 1))
    distribution_shape = _mesh_shape(builder, (1,))
    placement = _start(builder, "MeshMapperPlacement")
    builder.PrependInt32Slot(placement.slot("tensor_dim"), PLACEMENT_TENSOR_DIM_NONE, 0)
    builder.PrependUint8Slot(placement.slot("type"), MESH_MAPPER_REPLICATE, 0)
    placements = _offset_vector(builder, [builder.EndObject()])
    mesh_coords = _offset_vector(builder, [_mesh_coordinate(builder, (0, 0))])
    topology = _start(builder, "TensorTopology")
    builder.PrependUOffsetTRelativeSlot(topology.slot("mesh_coords"), mesh_coords, 0)
    builder.PrependUOffsetTRelativeSlot(topology.slot("placements"), placements, 0)
    builder.PrependUOffsetTRelativeSlot(topology.slot("distribution_shape"), distribution_shape, 0)
    topology_offset = builder.EndObject()

    tensor = _start(builder, "Tensor")
    builder.PrependUOffsetTRelativeSlot(tensor.slot("tensor_topology"), topology_offset, 0)
    builder.PrependUOffsetTRelativeSlot(tensor.slot("shards"), shards, 0)
    builder.PrependUOffsetTRelativeSlot(tensor.slot("mesh_shape"), mesh_shape, 0)
    builder.PrependUOffsetTRelativeSlot(tensor.slot("tensor_spec"), spec_offset, 0)
    builder.Finish(builder.EndObject())
    return bytes(builder.Output())


def encode_tensorbin(
    logical_shape: Sequence[int],
    physical_shape: Sequence[int],
    dtype: DataType,
    layout: Layout,
    data: bytes,
    alignment: Sequence[int] | None = None,
) -> bytes:
    """The `.tensorbin` file TT-NN 0.81.1's `ttnn.dump_tensor` writes for a host tensor with
    these shapes, dtype and layout and host buffer `data` (`DeviceTensor.to_bytes()`), byte
    for byte; `alignment` is the header's when TT-NN writes another than `header_alignment`'s
    (a prepared bias). Raises ValueError when the shapes, dtype and layout are not a tensor
    the project has, `alignment` does not give the physical shape, or `data` has the wrong
    size."""
    logical = tuple(int(x) for x in logical_shape)
    physical = tuple(int(x) for x in physical_shape)
    dtype, layout = DataType(dtype), Layout(layout)
    usual = _check_writable(logical, physical, dtype, layout)
    if alignment is None:
        alignment = usual
    else:
        alignment = tuple(int(x) for x in alignment)
        derived = padded_shape(logical, alignment, layout)
        if derived != physical:
            raise ValueError(
                f"the alignment {format_shape(alignment)} gives the physical shape "
                f"{format_shape(derived)}, not {format_shape(physical)}"
            )
    expected = device_buffer_size(physical, dtype, layout)
    if len(data) != expected:
        raise ValueError(
            f"the host buffer of a {dtype.value} {layout.value} tensor of physical shape "
            f"{format_shape(physical)} has {expected} bytes, got {len(data)}"
        )
    header = _header(logical, alignment, dtype, layout, len(data))
    header_size = round_up(HEADER_SIZE_BYTES + len(header), DATA_ALIGNMENT) - HEADER_SIZE_BYTES
    return b"".join(
        (
            header_size.to_bytes(HEADER_SIZE_BYTES, "little"),
            header,
            bytes(header_size - len(header)),
            bytes(data),
        )
    )


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------


def _fail(source: str, what: str) -> NoReturn:
    raise TensorFileError(f"'{source}': {what}")


@dataclass(frozen=True)
class _UnionValue:
    """A union's value: the member it holds and that member's table (or struct) values."""

    member: str
    value: dict[str, object] | tuple[int, ...]


class _HeaderReader:
    """Reads the flatbuffer header against the 0.81.1 schema, checking every position
    before it is read (Python's flatbuffers package has no verifier)."""

    def __init__(self, header: bytes, source: str):
        self.header = header
        self.source = source

    def corrupt(self, what: str) -> NoReturn:
        _fail(self.source, f"corrupt header: {what}")

    def check(self, position: int, size: int, what: str) -> None:
        if position < 0 or position + size > len(self.header):
            self.corrupt(
                f"{what} at byte {position} lies outside the {len(self.header)}-byte header"
            )

    def get(self, flags: type, position: int, what: str) -> int:
        self.check(position, flags.bytewidth, what)
        return int(FlatbufferTable(self.header, 0).Get(flags, position))

    def follow(self, position: int, what: str) -> int:
        """The position a uoffset stored at `position` points to."""
        return position + self.get(number_types.UOffsetTFlags, position, what)

    def root(self) -> dict[str, object]:
        return self.table(self.follow(0, "the root offset"), TABLES["Tensor"], "Tensor")

    def table(self, position: int, schema: Table, where: str) -> dict[str, object]:
        """The values of the table at `position` by field name (absent ones: their
        default, None for tables, vectors and unions)."""
        vtable = position - self.get(number_types.SOffsetTFlags, position, where)
        vtable_size = self.get(number_types.VOffsetTFlags, vtable, f"the vtable of {where}")
        table_size = self.get(number_types.VOffsetTFlags, vtable + 2, f"the vtable of {where}")
        if vtable_size < 4 or vtable_size % 2 or table_size < 4:
            self.corrupt(f"the vtable of {where} gives sizes {vtable_size} and {table_size}")
        self.check(vtable, vtable_size, f"the vtable of {where}")
        self.check(position, table_size, where)
        view = FlatbufferTable(self.header, position)
        fields = {field.slot: field for field in schema.fields}
        values: dict[str, object] = {}
        unions: dict[str, int] = {}
        for slot in range((vtable_size - 4) // 2):
            offset = view.Offset(4 + 2 * slot)
            if offset == 0:
                continue
            field = fields.get(slot)
            if field is None:
                _fail(
                    self.source,
                    f"{where} has a field in slot {slot}, which TT-NN 0.81.1's {schema.name} "
                    "does not have (a file from another TT-NN version?)",
                )
            if offset + field.kind.byte_width > table_size:
                self.corrupt(f"{where}.{field.name} lies outside its table")
            if field.kind == FieldKind.UNION_VALUE:
                unions[field.name] = self.follow(position + offset, f"{where}.{field.name}")
            else:
                values[field.name] = self.value(position + offset, field, f"{where}.{field.name}")
        for field in schema.fields:
            if field.kind == FieldKind.UNION_VALUE:
                values[field.name] = self.union(
                    schema, field, values, unions.get(field.name), where
                )
            elif field.name not in values:
                values[field.name] = _absent_value(field)
        return values

    def value(self, position: int, field: Field, where: str) -> object:
        kind = field.kind
        if kind in (FieldKind.UINT8, FieldKind.UNION_TAG):
            return self.get(number_types.Uint8Flags, position, where)
        if kind == FieldKind.BOOL:
            return self.get(number_types.Uint8Flags, position, where) != 0
        if kind == FieldKind.UINT16:
            return self.get(number_types.Uint16Flags, position, where)
        if kind == FieldKind.UINT32:
            return self.get(number_types.Uint32Flags, position, where)
        if kind == FieldKind.INT32:
            return self.get(number_types.Int32Flags, position, where)
        target = self.follow(position, where)
        if kind == FieldKind.TABLE:
            assert field.target is not None
            return self.table(target, TABLES[field.target], where)
        count = self.get(number_types.UOffsetTFlags, target, where)
        self.check(target + 4, 4 * count, f"{where} ({count} elements)")
        if kind == FieldKind.UINT32_VECTOR:
            elements = np.frombuffer(self.header, dtype="<u4", count=count, offset=target + 4)
            return tuple(int(x) for x in elements)
        assert kind == FieldKind.TABLE_VECTOR and field.target is not None
        schema = TABLES[field.target]
        return tuple(
            self.table(self.follow(target + 4 + 4 * i, where), schema, f"{where}[{i}]")
            for i in range(count)
        )

    def union(
        self,
        schema: Table,
        field: Field,
        values: dict[str, object],
        position: int | None,
        where: str,
    ) -> _UnionValue | None:
        """The value of a union field, read as the member its tag field names."""
        assert field.target is not None
        members = UNIONS[field.target]
        tag_field = next(
            f for f in schema.fields if f.kind == FieldKind.UNION_TAG and f.target == field.target
        )
        tag = values[tag_field.name]
        assert isinstance(tag, int)
        path = f"{where}.{tag_field.name}"
        if tag == 0:
            if position is not None:
                self.corrupt(f"{where}.{field.name} is set but {path} is 0 (none)")
            return None
        if tag not in members:
            known = ", ".join(f"{code} = {name}" for code, name in members.items())
            _fail(
                self.source,
                f"{path} is {tag}, not a {field.target} type TT-NN 0.81.1 knows ({known})",
            )
        if position is None:
            self.corrupt(f"{path} is {tag} but {where}.{field.name} is absent")
        member = members[tag]
        if member == INLINE_FILE_STORAGE:
            self.check(position, INLINE_FILE_STORAGE_BYTES, f"{where}.{field.name}")
            offset = self.get(number_types.Uint64Flags, position, where)
            size = self.get(number_types.Uint64Flags, position + 8, where)
            return _UnionValue(member, (offset, size))
        return _UnionValue(member, self.table(position, TABLES[member], f"{where}.{field.name}"))


def _absent_value(field: Field) -> object:
    if field.kind == FieldKind.BOOL:
        return False
    if field.kind in (
        FieldKind.UINT8,
        FieldKind.UINT16,
        FieldKind.UINT32,
        FieldKind.INT32,
        FieldKind.UNION_TAG,
    ):
        return 0
    return None


def _memory_config_fields(memory_config: dict[str, object] | None) -> list[str]:
    """The fields of a MemoryConfig that differ from a host tensor's default (none set)."""
    if memory_config is None:
        return []
    return [name for name, value in memory_config.items() if value not in (None, 0, False)]


def _tensor_spec(
    spec: dict[str, object], source: str
) -> tuple[tuple[int, ...], tuple[int, ...], DataType, Layout, tuple[int, ...]]:
    """Logical shape, physical shape, dtype, layout and stored alignment of a TensorSpec,
    refusing what TT-NN 0.81.1 would not load or the project cannot hold."""
    shape = spec["shape"]
    tensor_layout = spec["tensor_layout"]
    if shape is None:
        _fail(source, "the tensor spec has no shape")
    if not isinstance(tensor_layout, dict):
        _fail(source, "the tensor spec has no tensor layout")
    assert isinstance(shape, tuple)
    logical: tuple[int, ...] = shape
    code = tensor_layout["data_type"]
    assert isinstance(code, int)
    if code not in DATA_TYPE_NAMES:
        _fail(source, f"unknown data type code {code} (TT-NN 0.81.1 has codes 0 to 8)")
    if code not in _DATA_TYPES_BY_CODE:
        supported = ", ".join(dtype.value for dtype in DATA_TYPE_CODES)
        _fail(
            source,
            f"data type {DATA_TYPE_NAMES[code]} (code {code}) is not one ttnn-xdsl has "
            f"({supported})",
        )
    dtype = _DATA_TYPES_BY_CODE[code]
    page_config = tensor_layout["page_config"]
    if page_config is None:
        _fail(source, "the tensor layout has no page config (neither row-major nor tile)")
    assert isinstance(page_config, _UnionValue)
    tag = tensor_layout["page_config_type"]
    assert isinstance(tag, int)
    layout = PAGE_CONFIG_NAMES[tag]
    if layout == Layout.TILE:
        assert isinstance(page_config.value, dict)
        tile = page_config.value["tile"]
        if not isinstance(tile, dict):
            _fail(source, "the tile page config has no tile")
        found = (tile["tile_shape_h"], tile["tile_shape_w"])
        if found != TILE_SHAPE or tile["transpose_tile"]:
            transposed = ", transposed" if tile["transpose_tile"] else ""
            _fail(
                source,
                f"tile {found[0]}x{found[1]}{transposed} is not supported (only 32x32 tiles)",
            )
    if dtype == DataType.BFLOAT8_B and layout != Layout.TILE:
        _fail(source, "bfloat8_b in ROW_MAJOR layout is not supported (only in TILE layout)")
    memory_config = tensor_layout["memory_config"]
    assert memory_config is None or isinstance(memory_config, dict)
    if set_fields := _memory_config_fields(memory_config):
        _fail(
            source,
            f"the memory config sets {', '.join(set_fields)}: only host tensors with the "
            "default memory config (what ttnn.dump_tensor writes for a host tensor) are supported",
        )
    stored = tensor_layout["alignment"]
    alignment: tuple[int, ...] = stored if isinstance(stored, tuple) else ()
    try:
        physical = padded_shape(logical, alignment, layout)
    except ValueError as error:
        _fail(source, str(error))
    if len(physical) != len(logical) or physical[:-2] != logical[:-2]:
        _fail(
            source,
            f"alignment {format_shape(alignment)} pads logical shape {format_shape(logical)} to "
            f"{format_shape(physical)}: ttnn-xdsl pads only the last two dims of a tensor",
        )
    if layout == Layout.ROW_MAJOR and physical != logical:
        _fail(
            source,
            f"a ROW_MAJOR tensor padded from {format_shape(logical)} to {format_shape(physical)} "
            "is not supported (ttnn-xdsl's ROW_MAJOR tensors are not padded)",
        )
    return logical, physical, dtype, layout, alignment


def decode_tensorbin(content: bytes, source: str = "<bytes>") -> TensorbinContents:
    """Read a TT-NN 0.81.1 `.tensorbin` file's bytes (`source` names it in errors).

    Raises TensorFileError, one line naming `source`, for a file TT-NN 0.81.1 would not
    load (truncated, header size beyond the file, data region not 8-byte aligned, a corrupt
    header, the shard beyond the file), one whose header does not fit the 0.81.1 schema (an
    unknown field, data type or page config), a shard whose size does not match the spec,
    or a tensor ttnn-xdsl cannot hold (another data type, tile or memory config; padding
    outside the last two dims; several shards)."""
    content = bytes(content)
    if len(content) < HEADER_SIZE_BYTES:
        _fail(
            source,
            f"truncated: {len(content)} bytes, fewer than the {HEADER_SIZE_BYTES}-byte header size",
        )
    header_size = int.from_bytes(content[:HEADER_SIZE_BYTES], "little")
    data_offset = HEADER_SIZE_BYTES + header_size
    if data_offset > len(content):
        _fail(
            source,
            f"the header size {header_size} goes beyond the end of the file ({len(content)} "
            "bytes): truncated or not a .tensorbin file",
        )
    if data_offset % REQUIRED_DATA_ALIGNMENT:
        _fail(
            source,
            f"the data region starts at byte {data_offset}, which is not a multiple of "
            f"{REQUIRED_DATA_ALIGNMENT} (TT-NN's loader requires 8-byte alignment)",
        )
    reader = _HeaderReader(content[HEADER_SIZE_BYTES:data_offset], source)
    root = reader.root()
    spec = root["tensor_spec"]
    if not isinstance(spec, dict):
        _fail(source, "the header has no tensor spec")
    logical, physical, dtype, layout, alignment = _tensor_spec(spec, source)
    shards = root["shards"]
    if not shards:
        _fail(source, "the header lists no shard")
    assert isinstance(shards, tuple)
    if len(shards) != 1:
        _fail(
            source,
            f"the header lists {len(shards)} shards (a multi-device tensor): only "
            "single-device host tensors are supported",
        )
    storage = shards[0]["buffer"]
    if storage is None:
        _fail(source, "the shard has no buffer")
    assert isinstance(storage, _UnionValue) and isinstance(storage.value, tuple)
    offset, size = storage.value
    available = len(content) - data_offset
    if offset + size > available:
        _fail(
            source,
            f"truncated: the shard's {size} bytes at offset {offset} go beyond the data region "
            f"({available} bytes from byte {data_offset})",
        )
    expected = device_buffer_size(physical, dtype, layout)
    if size != expected:
        _fail(
            source,
            f"the shard holds {size} bytes, but a {dtype.value} {layout.value} tensor of "
            f"physical shape {format_shape(physical)} has {expected}",
        )
    start = data_offset + offset
    return TensorbinContents(
        logical_shape=logical,
        physical_shape=physical,
        dtype=dtype,
        layout=layout,
        data=content[start : start + size],
        alignment=alignment,
        header_size=header_size,
    )


# ---------------------------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------------------------


def check_tensorbin_name(path: str | os.PathLike[str]) -> str:
    """`path` as a str file name. Raise TypeError unless it is a str or a path object of one
    (`os.fspath` keeps a bytes path bytes, which no str check or message reads right), and
    TensorFileError unless the name ends in `.tensorbin` (TT-NN's rule)."""
    if not isinstance(path, str | bytes | os.PathLike):
        raise TypeError(
            f"a .tensorbin file's path is a str or a path object, got {type(path).__name__}"
        )
    name = os.fspath(path)
    if isinstance(name, bytes):
        # Long bytes are a file's content given for its name, not a path to decode.
        what = (
            f"a bytes path {name!r} (os.fsdecode(path) makes it a str)"
            if len(name) <= 120
            else f"{len(name)} bytes (a file's content: DeviceTensor.from_tensorbin reads it)"
        )
        raise TypeError(f"a .tensorbin file's path is a str or a path object, got {what}")
    if not name.endswith(TENSORBIN_SUFFIX):
        _fail(
            name,
            f"a TT-NN tensor file's name must end in {TENSORBIN_SUFFIX} (ttnn.load_tensor "
            "refuses any other)",
        )
    return name


def read_tensorbin(path: str | os.PathLike[str]) -> TensorbinContents:
    """Read and decode a `.tensorbin` file (see `decode_tensorbin`)."""
    name = check_tensorbin_name(path)
    try:
        with open(name, "rb") as stream:
            content = stream.read()
    except FileNotFoundError:
        _fail(name, "no such file")
    except OSError as error:
        _fail(name, f"cannot read: {error.strerror}")
    return decode_tensorbin(content, name)


def write_tensorbin(path: str | os.PathLike[str], content: bytes) -> None:
    """Write encoded `.tensorbin` bytes to `path`, whose name must end in `.tensorbin`, by the
    project's output rule (`write_output_files`: a file atomically, a device written
    through)."""
    name = check_tensorbin_name(path)
    try:
        write_output_files([(name, content)])
    except TTNNError as error:
        raise TensorFileError(error.message) from None

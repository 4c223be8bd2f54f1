"""The TT-NN 0.81.1 `.tensorbin` header schema: every table, field slot, union and enum
code the reader and the writer use, in one place (docs/tensorbin.md §2–§3).

TT-NN ships no schema file, and field names are not stored in a file: only the slot
numbers, kinds and enum codes below matter. The schema changes between TT-NN releases (the
format has no version field), so this describes exactly 0.81.1; a header with a slot or a
code not listed here is refused rather than guessed at.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ttnn_xdsl.core.enums import DataType, Layout

__all__ = [
    "BUFFER_INLINE_FILE_STORAGE",
    "DATA_ALIGNMENT",
    "DATA_TYPE_CODES",
    "DATA_TYPE_NAMES",
    "HEADER_SIZE_BYTES",
    "INLINE_FILE_STORAGE_BYTES",
    "PAGE_CONFIG_NAMES",
    "PAGE_CONFIG_TAGS",
    "REQUIRED_DATA_ALIGNMENT",
    "TABLES",
    "TENSORBIN_SUFFIX",
    "TILE_SHAPE",
    "UNIONS",
    "Field",
    "FieldKind",
    "Table",
]

TENSORBIN_SUFFIX = ".tensorbin"
"""`ttnn.load_tensor` refuses a file whose name does not end in this."""

HEADER_SIZE_BYTES = 8
"""The file starts with the header size H as a little-endian uint64."""

DATA_ALIGNMENT = 64
"""TT-NN pads the header so that the data region starts on a multiple of 64 bytes."""

REQUIRED_DATA_ALIGNMENT = 8
"""TT-NN's loader refuses a data region that does not start on a multiple of 8 bytes."""

INLINE_FILE_STORAGE_BYTES = 16
"""The InlineFileStorage struct: uint64 offset (from the data region), uint64 size."""

TILE_SHAPE = (32, 32)
"""The only tile the project has (TT-NN's default Tile)."""


class FieldKind(Enum):
    """How a field is stored."""

    UINT8 = "uint8"
    UINT16 = "uint16"
    UINT32 = "uint32"
    INT32 = "int32"
    BOOL = "bool"
    TABLE = "table"
    UINT32_VECTOR = "vector of uint32"
    TABLE_VECTOR = "vector of tables"
    UNION_TAG = "union tag"
    UNION_VALUE = "union value"

    @property
    def byte_width(self) -> int:
        """Bytes of the field inside its table (offsets and 32-bit scalars: 4)."""
        return _NARROW_FIELD_BYTES.get(self, 4)


_NARROW_FIELD_BYTES: dict[FieldKind, int] = {
    FieldKind.UINT8: 1,
    FieldKind.BOOL: 1,
    FieldKind.UNION_TAG: 1,
    FieldKind.UINT16: 2,
}


@dataclass(frozen=True)
class Field:
    """One field of a table: its name (documentation only), slot and kind. `target` is the
    table of a TABLE / TABLE_VECTOR field, or the union of a UNION_TAG / UNION_VALUE field.
    Every scalar defaults to 0 (absent from the file when 0: TT-NN does not force defaults)."""

    name: str
    slot: int
    kind: FieldKind
    target: str | None = None


@dataclass(frozen=True)
class Table:
    """A table of the schema and its fields."""

    name: str
    fields: tuple[Field, ...]

    @property
    def slot_count(self) -> int:
        """The number of slots (the builder's `StartObject` argument)."""
        return max((f.slot for f in self.fields), default=-1) + 1

    def field(self, name: str) -> Field:
        """The field called `name`."""
        for candidate in self.fields:
            if candidate.name == name:
                return candidate
        raise KeyError(f"{self.name} has no field {name}")

    def slot(self, name: str) -> int:
        """The slot of the field called `name`."""
        return self.field(name).slot


def _table(name: str, *fields: Field) -> tuple[str, Table]:
    return name, Table(name, fields)


K = FieldKind

TABLES: dict[str, Table] = dict(
    [
        _table(
            "Tensor",
            Field("tensor_spec", 0, K.TABLE, "TensorSpec"),
            Field("mesh_shape", 1, K.TABLE, "MeshShape"),
            Field("shards", 2, K.TABLE_VECTOR, "TensorShard"),
            Field("tensor_topology", 3, K.TABLE, "TensorTopology"),
        ),
        _table(
            "TensorSpec",
            Field("shape", 0, K.UINT32_VECTOR),
            Field("tensor_layout", 1, K.TABLE, "TensorLayout"),
        ),
        _table(
            "TensorLayout",
            Field("data_type", 0, K.UINT8),
            Field("page_config_type", 1, K.UNION_TAG, "PageConfig"),
            Field("page_config", 2, K.UNION_VALUE, "PageConfig"),
            Field("memory_config", 3, K.TABLE, "MemoryConfig"),
            Field("alignment", 4, K.UINT32_VECTOR),
        ),
        _table("TilePageConfig", Field("tile", 0, K.TABLE, "Tile")),
        _table("RowMajorPageConfig"),
        _table(
            "Tile",
            Field("tile_shape_h", 0, K.UINT32),
            Field("tile_shape_w", 1, K.UINT32),
            Field("transpose_tile", 2, K.BOOL),
        ),
        _table(
            "MemoryConfig",
            Field("memory_layout", 0, K.UINT16),
            Field("buffer_type", 1, K.UINT16),
            Field("shard_spec", 2, K.TABLE, "ShardSpec"),
            Field("nd_shard_spec", 3, K.TABLE, "NdShardSpec"),
            Field("created_with_nd_shard_spec", 4, K.BOOL),
            Field("per_core_allocation", 5, K.BOOL),
            Field("range_lockstep_allocation", 6, K.BOOL),
        ),
        _table(
            "ShardSpec",
            Field("grid", 0, K.TABLE, "CoreRangeSet"),
            Field("shape_h", 1, K.UINT32),
            Field("shape_w", 2, K.UINT32),
            Field("orientation", 3, K.UINT8),
            Field("shard_mode", 4, K.UINT8),
        ),
        _table(
            "NdShardSpec",
            Field("shard_shape", 0, K.UINT32_VECTOR),
            Field("grid", 1, K.TABLE, "CoreRangeSet"),
            Field("orientation", 2, K.UINT8),
            Field("distribution_strategy", 3, K.UINT8),
        ),
        _table("CoreRangeSet", Field("ranges", 0, K.TABLE_VECTOR, "CoreRange")),
        _table(
            "CoreRange",
            Field("start", 0, K.TABLE, "CoreCoord"),
            Field("end", 1, K.TABLE, "CoreCoord"),
        ),
        _table("CoreCoord", Field("x", 0, K.INT32), Field("y", 1, K.INT32)),
        _table(
            "TensorShard",
            Field("buffer_type", 0, K.UNION_TAG, "TensorBuffer"),
            Field("buffer", 1, K.UNION_VALUE, "TensorBuffer"),
            Field("mesh_coordinate", 2, K.TABLE, "MeshCoordinate"),
        ),
        _table("MeshShape", Field("dimensions", 0, K.UINT32_VECTOR)),
        _table("MeshCoordinate", Field("values", 0, K.UINT32_VECTOR)),
        _table(
            "TensorTopology",
            Field("distribution_shape", 0, K.TABLE, "MeshShape"),
            Field("placements", 1, K.TABLE_VECTOR, "MeshMapperPlacement"),
            Field("mesh_coords", 2, K.TABLE_VECTOR, "MeshCoordinate"),
        ),
        _table(
            "MeshMapperPlacement",
            Field("type", 0, K.UINT8),
            Field("tensor_dim", 1, K.INT32),
        ),
    ]
)

INLINE_FILE_STORAGE = "InlineFileStorage"
"""The name of the one struct of the schema (a union member, stored out of line)."""

UNIONS: dict[str, dict[int, str]] = {
    # tag -> the table (or struct) the union value points to; tag 0 means "none".
    "PageConfig": {1: "RowMajorPageConfig", 2: "TilePageConfig"},
    "TensorBuffer": {1: INLINE_FILE_STORAGE},
}

PAGE_CONFIG_TAGS: dict[Layout, int] = {Layout.ROW_MAJOR: 1, Layout.TILE: 2}
PAGE_CONFIG_NAMES: dict[int, Layout] = {tag: layout for layout, tag in PAGE_CONFIG_TAGS.items()}

BUFFER_INLINE_FILE_STORAGE = 1
"""The TensorBuffer union tag of InlineFileStorage, the only buffer a host dump writes."""

DATA_TYPE_NAMES: dict[int, str] = {
    # TT-NN 0.81.1's DataType codes; 9 (INVALID) and above are refused by TT-NN too.
    0: "BFLOAT16",
    1: "FLOAT32",
    2: "UINT32",
    3: "BFLOAT8_B",
    4: "BFLOAT4_B",
    5: "UINT8",
    6: "UINT16",
    7: "INT32",
    8: "INT8",
}

DATA_TYPE_CODES: dict[DataType, int] = {
    DataType.BFLOAT16: 0,
    DataType.FLOAT32: 1,
    DataType.BFLOAT8_B: 3,
}
"""The codes of the data types the project has."""

MESH_MAPPER_REPLICATE = 0
"""MeshMapperPlacement.type of a single-device tensor (Replicate, the default)."""

PLACEMENT_TENSOR_DIM_NONE = -1
"""MeshMapperPlacement.tensor_dim that a host dump writes (no sharded dimension)."""

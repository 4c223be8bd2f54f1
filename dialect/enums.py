"""TT-NN's enumerations as plain Python enums, spelled as in the IR.

No xDSL here: the runtime (data formats, `DeviceTensor`) and the pure conv resolution use
these without loading any IR definition; the attributes in `attributes.py` wrap them.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "BufferType",
    "DataType",
    "Layout",
    "MathFidelity",
    "ShardOrientation",
    "TensorMemoryLayout",
]


class DataType(StrEnum):
    """A TT-NN element data type, spelled as in the IR (`f32`, `bf16`, `bfp8_b`)."""

    FLOAT32 = "f32"
    BFLOAT16 = "bf16"
    BFLOAT8_B = "bfp8_b"


class Layout(StrEnum):
    """A TT-NN tensor layout: plain row-major, or 32×32 tiles (semantics.md §1.1)."""

    ROW_MAJOR = "row_major"
    TILE = "tile"


class TensorMemoryLayout(StrEnum):
    """How a device tensor is spread over the cores' L1 (or the DRAM banks)."""

    INTERLEAVED = "interleaved"
    HEIGHT_SHARDED = "height_sharded"
    WIDTH_SHARDED = "width_sharded"
    BLOCK_SHARDED = "block_sharded"


class BufferType(StrEnum):
    """Where a device tensor lives."""

    DRAM = "dram"
    L1 = "l1"


class ShardOrientation(StrEnum):
    """The order in which shards are assigned to the cores of a grid."""

    ROW_MAJOR = "row_major"
    COL_MAJOR = "col_major"


class MathFidelity(StrEnum):
    """The math fidelity of a compute kernel."""

    LOFI = "lofi"
    HIFI2 = "hifi2"
    HIFI3 = "hifi3"
    HIFI4 = "hifi4"

"""TT-NN's enumerations as plain Python enums, spelled as in the IR.

No xDSL here: the runtime (data formats, `DeviceTensor`) and the pure conv resolution use
these without loading any IR definition; the attributes in `attributes.py` wrap them.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "DEVICE_BUFFER_TYPES",
    "BufferType",
    "Conv2dSliceType",
    "DataType",
    "Layout",
    "MathFidelity",
    "PaddingMode",
    "ShardOrientation",
    "TensorMemoryLayout",
    "spelled_values",
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
    """Where a tensor lives. A device tensor of this project lives in DRAM or L1; tt-mlir's
    IR also names host memory (`system_memory`, every host tensor of a tt-mlir file) and
    two special L1 regions, which the project reads but never computes with."""

    DRAM = "dram"
    L1 = "l1"
    SYSTEM_MEMORY = "system_memory"
    L1_SMALL = "l1_small"
    TRACE = "trace"


DEVICE_BUFFER_TYPES = (BufferType.DRAM, BufferType.L1)
"""The buffer types a conv input or a device tensor of this project may have."""


class ShardOrientation(StrEnum):
    """The order in which shards are assigned to the cores of a grid."""

    ROW_MAJOR = "row_major"
    COL_MAJOR = "col_major"


class Conv2dSliceType(StrEnum):
    """How TT-NN runs a conv whose activation does not fit in L1 (its `Conv2dSliceConfig`):
    in DRAM slices along the output height or width, or in one piece in L1."""

    DRAM_HEIGHT = "dram_height"
    DRAM_WIDTH = "dram_width"
    L1_FULL = "l1_full"


class PaddingMode(StrEnum):
    """How a conv pads its input (TT-NN's `PaddingMode`): with zeros, or by repeating the
    edge values."""

    ZEROS = "zeros"
    REPLICATE = "replicate"


class MathFidelity(StrEnum):
    """The math fidelity of a compute kernel."""

    LOFI = "lofi"
    HIFI2 = "hifi2"
    HIFI3 = "hifi3"
    HIFI4 = "hifi4"


def spelled_values(enum_type: type[StrEnum]) -> str:
    """The values of `enum_type` as a message lists them: `f32, bf16 or bfp8_b`."""
    values = [member.value for member in enum_type]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + f" or {values[-1]}"

"""TT-NN 0.81.1's enumerations as its Python API shows them: real `enum.Enum`s with TT-NN's
member names and values, printed `DataType.BFLOAT16` (`repr` and `str` alike), and the
C++ spelling `DataType::BFLOAT16` that TT-NN's reprs of tensors and configs use.

`to_core_*` / `from_core_*` map the members the project covers onto `ttnn_xdsl.core`'s enums
(spelled as in the IR); a member it does not cover maps to None."""

from __future__ import annotations

from enum import Enum

from ttnn_xdsl.core import enums as core

__all__ = [
    "Arch",
    "BufferType",
    "DataType",
    "DumpTensorMode",
    "Layout",
    "MathFidelity",
    "PaddingMode",
    "ShardOrientation",
    "SliceTypeEnum",
    "StorageType",
    "TTNNEnum",
    "TensorMemoryLayout",
    "ThrottleLevel",
    "UnaryOpType",
]


class TTNNEnum(Enum):
    """A TT-NN enum: `repr` is `str` (`Layout.TILE`), as nanobind's enums print."""

    def __repr__(self) -> str:
        return str(self)

    def cpp(self) -> str:
        """The member as TT-NN's C++ reprs spell it: `Layout::TILE`."""
        return f"{type(self).__name__}::{self.name}"


class DataType(TTNNEnum):
    BFLOAT16 = 0
    FLOAT32 = 1
    UINT32 = 2
    BFLOAT8_B = 3
    BFLOAT4_B = 4
    UINT8 = 5
    UINT16 = 6
    INT32 = 7
    FP8_E4M3 = 8
    INT8 = 9
    INVALID = 10


class Layout(TTNNEnum):
    ROW_MAJOR = 0
    TILE = 1
    INVALID = 2


class TensorMemoryLayout(TTNNEnum):
    INTERLEAVED = 0
    HEIGHT_SHARDED = 2
    WIDTH_SHARDED = 3
    BLOCK_SHARDED = 4
    ND_SHARDED = 5


class BufferType(TTNNEnum):
    DRAM = 0
    L1 = 1
    L1_SMALL = 3
    TRACE = 4


class ShardOrientation(TTNNEnum):
    ROW_MAJOR = 0
    COL_MAJOR = 1


class StorageType(TTNNEnum):
    HOST = 0
    DEVICE = 1


class MathFidelity(TTNNEnum):
    LoFi = 0
    HiFi2 = 2
    HiFi3 = 3
    HiFi4 = 4
    Invalid = 255


class Arch(TTNNEnum):
    WORMHOLE_B0 = 2
    BLACKHOLE = 3
    QUASAR = 4


class PaddingMode(TTNNEnum):
    Zeros = 0
    Replicate = 1


class ThrottleLevel(TTNNEnum):
    NO_THROTTLE = 0
    LEVEL_1 = 1
    LEVEL_2 = 2
    LEVEL_3 = 3
    LEVEL_4 = 4
    LEVEL_5 = 5


class DumpTensorMode(TTNNEnum):
    DISTRIBUTED_GATHER = 0
    LOCAL = 1


class SliceTypeEnum(TTNNEnum):
    """`Conv2dSliceConfig.SliceTypeEnum`; its C++ repr is `SliceType::DRAM_HEIGHT`."""

    DRAMSliceHeight = 0
    DRAMSliceWidth = 1
    L1Full = 2

    def cpp(self) -> str:
        return "SliceType::" + _SLICE_TYPE_CPP[self]


_SLICE_TYPE_CPP = {
    SliceTypeEnum.DRAMSliceHeight: "DRAM_HEIGHT",
    SliceTypeEnum.DRAMSliceWidth: "DRAM_WIDTH",
    SliceTypeEnum.L1Full: "L1_FULL",
}

UnaryOpType = TTNNEnum(  # type: ignore[misc]  # numbered by position, as TT-NN's
    "UnaryOpType",
    [(name, value) for value, name in enumerate(core.UNARY_OP_TYPES)],
    module=__name__,
)
"""The unary operations a conv can fuse as its activation (`UnaryWithParam`), in TT-NN
0.81.1's order (its values are the positions)."""


# ------------------------------------------------------------------------------------------
# The members the project covers, onto ttnn_xdsl.core's enums
# ------------------------------------------------------------------------------------------

_DATA_TYPES = {
    DataType.FLOAT32: core.DataType.FLOAT32,
    DataType.BFLOAT16: core.DataType.BFLOAT16,
    DataType.BFLOAT8_B: core.DataType.BFLOAT8_B,
}
_LAYOUTS = {Layout.ROW_MAJOR: core.Layout.ROW_MAJOR, Layout.TILE: core.Layout.TILE}
_MEMORY_LAYOUTS = {
    TensorMemoryLayout.INTERLEAVED: core.TensorMemoryLayout.INTERLEAVED,
    TensorMemoryLayout.HEIGHT_SHARDED: core.TensorMemoryLayout.HEIGHT_SHARDED,
    TensorMemoryLayout.WIDTH_SHARDED: core.TensorMemoryLayout.WIDTH_SHARDED,
    TensorMemoryLayout.BLOCK_SHARDED: core.TensorMemoryLayout.BLOCK_SHARDED,
}
_BUFFER_TYPES = {
    BufferType.DRAM: core.BufferType.DRAM,
    BufferType.L1: core.BufferType.L1,
    BufferType.L1_SMALL: core.BufferType.L1_SMALL,
    BufferType.TRACE: core.BufferType.TRACE,
}
_ORIENTATIONS = {
    ShardOrientation.ROW_MAJOR: core.ShardOrientation.ROW_MAJOR,
    ShardOrientation.COL_MAJOR: core.ShardOrientation.COL_MAJOR,
}
_MATH_FIDELITIES = {
    MathFidelity.LoFi: core.MathFidelity.LOFI,
    MathFidelity.HiFi2: core.MathFidelity.HIFI2,
    MathFidelity.HiFi3: core.MathFidelity.HIFI3,
    MathFidelity.HiFi4: core.MathFidelity.HIFI4,
}
_SLICE_TYPES = {
    SliceTypeEnum.DRAMSliceHeight: core.Conv2dSliceType.DRAM_HEIGHT,
    SliceTypeEnum.DRAMSliceWidth: core.Conv2dSliceType.DRAM_WIDTH,
    SliceTypeEnum.L1Full: core.Conv2dSliceType.L1_FULL,
}
_PADDING_MODES = {
    PaddingMode.Zeros: core.PaddingMode.ZEROS,
    PaddingMode.Replicate: core.PaddingMode.REPLICATE,
}

COVERED_DATA_TYPES = tuple(_DATA_TYPES)
"""The dtypes the project's tensors have (its data formats, semantics.md §1)."""


def to_core_data_type(dtype: DataType) -> core.DataType | None:
    return _DATA_TYPES.get(dtype)


def from_core_data_type(dtype: core.DataType) -> DataType:
    return next(key for key, value in _DATA_TYPES.items() if value == dtype)


def to_core_layout(layout: Layout) -> core.Layout | None:
    return _LAYOUTS.get(layout)


def from_core_layout(layout: core.Layout) -> Layout:
    return next(key for key, value in _LAYOUTS.items() if value == layout)


def to_core_memory_layout(layout: TensorMemoryLayout) -> core.TensorMemoryLayout | None:
    return _MEMORY_LAYOUTS.get(layout)


def to_core_buffer_type(buffer_type: BufferType) -> core.BufferType:
    return _BUFFER_TYPES[buffer_type]


def to_core_orientation(orientation: ShardOrientation) -> core.ShardOrientation:
    return _ORIENTATIONS[orientation]


def from_core_memory_layout(layout: core.TensorMemoryLayout) -> TensorMemoryLayout:
    return next(key for key, value in _MEMORY_LAYOUTS.items() if value == layout)


def from_core_buffer_type(buffer_type: core.BufferType) -> BufferType:
    return next(key for key, value in _BUFFER_TYPES.items() if value == buffer_type)


def from_core_orientation(orientation: core.ShardOrientation) -> ShardOrientation:
    return next(key for key, value in _ORIENTATIONS.items() if value == orientation)


def to_core_math_fidelity(fidelity: MathFidelity) -> core.MathFidelity | None:
    """None for `MathFidelity.Invalid` (a config that leaves the fidelity unset)."""
    return _MATH_FIDELITIES.get(fidelity)


def to_core_slice_type(slice_type: SliceTypeEnum) -> core.Conv2dSliceType:
    return _SLICE_TYPES[slice_type]


def to_core_padding_mode(mode: PaddingMode) -> core.PaddingMode:
    return _PADDING_MODES[mode]


def from_core_padding_mode(mode: core.PaddingMode) -> PaddingMode:
    return next(key for key, value in _PADDING_MODES.items() if value == mode)

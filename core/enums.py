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


UNARY_OP_TYPES: tuple[str, ...] = (
    "EXP",
    "RECIP",
    "GELU",
    "GELU_TANH",
    "RELU",
    "SQRT",
    "SIGMOID",
    "LOG",
    "LOG1P",
    "TANH",
    "LOG2",
    "LOG10",
    "SIN",
    "COS",
    "COSH",
    "SINH",
    "ABS",
    "ABS_INT32",
    "SIGN",
    "SQUARE",
    "EQZ",
    "NEZ",
    "GTZ",
    "LTZ",
    "GEZ",
    "LEZ",
    "RELU_MAX",
    "RELU_MIN",
    "POWER",
    "POWER_ITERATIVE",
    "LEAKY_RELU",
    "ELU",
    "EXP2",
    "HEAVISIDE",
    "EXPM1",
    "SIGNBIT",
    "ASIN",
    "ACOS",
    "ACOSH",
    "RSQRT",
    "RELU6",
    "ATAN",
    "ASINH",
    "ATANH",
    "ERF",
    "ERFC",
    "ISINF",
    "ISPOSINF",
    "ISNEGINF",
    "ISNAN",
    "LOGICAL_NOT_UNARY",
    "ISFINITE",
    "ERFINV",
    "I0",
    "I1",
    "TAN",
    "RSUB",
    "RDIV",
    "SILU",
    "SOFTPLUS",
    "IDENTITY",
    "NEG",
    "ADD_UNARY_SFPU",
    "SUB_UNARY_SFPU",
    "MUL_UNARY_SFPU",
    "DIV_UNARY_SFPU",
    "UNARY_NE",
    "UNARY_EQ",
    "UNARY_GT",
    "UNARY_LT",
    "UNARY_GE",
    "UNARY_LE",
    "TILED_PROD",
    "TYPECAST",
    "BITCAST",
    "BITWISE_XOR",
    "BITWISE_NOT",
    "BITWISE_AND",
    "BITWISE_OR",
    "RIGHT_SHIFT",
    "FLOOR",
    "CEIL",
    "TRUNC",
    "FRAC",
    "ROUND",
    "LEFT_SHIFT",
    "REMAINDER",
    "FMOD",
    "DROPOUT",
    "FILL",
    "PRELU_SFPU",
    "ZERO_POINT",
    "ALT_COMPLEX_ROTATE90",
    "MISH",
    "HARDMISH",
    "MAXIMUM",
    "MINIMUM",
    "TANHSHRINK",
    "THRESHOLD",
    "SOFTSHRINK",
    "HARDSHRINK",
    "HARDTANH",
    "HARDSIGMOID",
    "HARDSWISH",
    "WHERE_TSS",
    "MAC_TSS",
    "SOFTSIGN",
    "CELU",
    "CLAMP_TSS",
    "SELU",
    "RPOW",
    "CBRT",
    "LOGSIGMOID",
    "LOGIT",
    "XIELU",
    "LGAMMA",
    "DIGAMMA",
    "POLYGAMMA",
    "SOFTCAP",
)
"""TT-NN 0.81.1's UnaryOpType members in its order (119): the unary ops a conv may fuse
(`Conv2dConfig.activation`), which tt-mlir spells in lower case (`relu`)."""

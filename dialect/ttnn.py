"""The `ttnn` dialect: TT-NN tensor types, attributes and operations."""

from __future__ import annotations

from xdsl.utils.str_enum import StrEnum


class DataType(StrEnum):
    """A TT-NN element data type, spelled as in the IR (`f32`, `bf16`, `bfp8_b`)."""

    FLOAT32 = "f32"
    BFLOAT16 = "bf16"
    BFLOAT8_B = "bfp8_b"


class Layout(StrEnum):
    """A TT-NN tensor layout."""

    ROW_MAJOR = "row_major"
    TILE = "tile"

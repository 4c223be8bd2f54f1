"""The ttnn dialect's element type `!ttnn.bfp8_b` and the mapping between MLIR element
types and TT-NN data types."""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float32Type,
    bf16,
    f32,
)
from xdsl.ir import (
    Attribute,
    ParametrizedAttribute,
    TypeAttribute,
)
from xdsl.irdl import (
    irdl_attr_definition,
)

from ttnn_xdsl.core.enums import DataType


@irdl_attr_definition
class BFloat8BType(ParametrizedAttribute, TypeAttribute):
    """`!ttnn.bfp8_b`: TT's block float; 16 values of a tile face row share an 8-bit exponent,
    each keeps a sign and a 7-bit magnitude (semantics.md §1.3). Only valid in TILE layout."""

    name = "ttnn.bfp8_b"


bfp8_b = BFloat8BType()

_ELEMENT_TYPES: dict[DataType, Attribute] = {
    DataType.FLOAT32: f32,
    DataType.BFLOAT16: bf16,
    DataType.BFLOAT8_B: bfp8_b,
}


def element_type_for(dtype: DataType) -> Attribute:
    """The MLIR element type that spells `dtype` (f32, bf16, !ttnn.bfp8_b)."""
    return _ELEMENT_TYPES[dtype]


def data_type_of(element_type: Attribute) -> DataType | None:
    """The TT-NN data type of an element type, or None when TT-NN has no such type."""
    if isinstance(element_type, Float32Type):
        return DataType.FLOAT32
    if isinstance(element_type, BFloat16Type):
        return DataType.BFLOAT16
    if isinstance(element_type, BFloat8BType):
        return DataType.BFLOAT8_B
    return None

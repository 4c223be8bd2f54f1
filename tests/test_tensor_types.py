"""Tests of reading TT-NN tensor types (`tensor_info`) and the element-type mapping."""

from __future__ import annotations

import pytest
from dialect_helpers import (
    L1_INTERLEAVED,
    parse_type,
)
from xdsl.context import Context
from xdsl.dialects.builtin import (
    bf16,
    f16,
    f32,
)

from ttnn_xdsl.core.enums import (
    BufferType,
    DataType,
    Layout,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import TensorTypeError
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    MemoryConfigAttr,
    ShardSpecAttr,
)
from ttnn_xdsl.dialect.tensor_types import TensorInfo, tensor_info, tensor_type
from ttnn_xdsl.dialect.types import bfp8_b, data_type_of, element_type_for

# ---------------------------------------------------------------------------------------------
# tensor_info / tensor_type
# ---------------------------------------------------------------------------------------------

L1_HEIGHT = MemoryConfigAttr(
    BufferType.L1, TensorMemoryLayout.HEIGHT_SHARDED, ShardSpecAttr((8, 8), (32, 32))
)

TENSOR_INFOS: list[tuple[str, TensorInfo]] = [
    (
        "tensor<64x64x3x3xf32>",
        TensorInfo((64, 64, 3, 3), DataType.FLOAT32, Layout.ROW_MAJOR, None, (64, 64, 3, 3), False),
    ),
    (
        "tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>",
        TensorInfo(
            (1, 1, 40, 50), DataType.BFLOAT16, Layout.TILE, DRAM_INTERLEAVED, (1, 1, 64, 64), False
        ),
    ),
    (
        "tensor<2x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>",
        TensorInfo(
            (2, 40, 50), DataType.BFLOAT8_B, Layout.TILE, DRAM_INTERLEAVED, (2, 64, 64), False
        ),
    ),
    (
        "tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>",
        TensorInfo(
            (1, 1, 27, 2), DataType.BFLOAT16, Layout.TILE, DRAM_INTERLEAVED, (1, 1, 96, 32), True
        ),
    ),
    (
        "tensor<64x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, "
        "<height_sharded>, #ttnn.shard_spec<grid = 8x8, shape = 32x32, orientation = row_major>>"
        ">>",
        TensorInfo((64, 64), DataType.FLOAT32, Layout.TILE, L1_HEIGHT, (64, 64), False),
    ),
    (
        "tensor<40x50xbf16, #ttnn.tensor_layout<row_major>>",
        TensorInfo(
            (40, 50), DataType.BFLOAT16, Layout.ROW_MAJOR, DRAM_INTERLEAVED, (40, 50), False
        ),
    ),
    (
        "tensor<7xf32, #ttnn.tensor_layout<row_major, #ttnn.memory_config<"
        "#ttnn.buffer_type<l1>, <interleaved>>>>",
        TensorInfo((7,), DataType.FLOAT32, Layout.ROW_MAJOR, L1_INTERLEAVED, (7,), False),
    ),
]


@pytest.mark.parametrize(("text", "expected"), TENSOR_INFOS)
def test_tensor_info(ctx: Context, text: str, expected: TensorInfo) -> None:
    info = tensor_info(parse_type(ctx, text))
    assert info == expected
    assert info.on_host == (expected.memory_config is None)
    # tensor_type builds the same type back from what tensor_info read.
    rebuilt = tensor_type(
        info.shape,
        info.dtype,
        None if info.on_host else info.layout,
        None if info.memory_config in (None, DRAM_INTERLEAVED) else info.memory_config,
        info.physical_shape if info.explicit_physical else None,
    )
    assert tensor_info(rebuilt) == expected


TENSOR_INFO_ERRORS: list[tuple[str, str]] = [
    ("memref<4x4xf32>", "expected a tensor type, got memref<4x4xf32>"),
    ("tensor<?x4xf32>", "expected a static shape, got tensor<?x4xf32>"),
    ("tensor<4x4xi32>", "expected element type f32, bf16 or !ttnn.bfp8_b, got i32"),
    (
        "tensor<4x4xf32, #ttnn.layout<tile>>",
        "expected a #ttnn.tensor_layout encoding, got #ttnn.layout<tile>",
    ),
    (
        "tensor<32x32x!ttnn.bfp8_b>",
        "bfloat8_b needs the tile layout, got a host row-major tensor tensor<32x32x!ttnn.bfp8_b>",
    ),
    (
        "tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>",
        "bfloat8_b needs the tile layout, got "
        "tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>",
    ),
    (
        "tensor<32xf32, #ttnn.tensor_layout<tile>>",
        "a tile-layout tensor needs rank 2 or more, got tensor<32xf32, #ttnn.tensor_layout<tile>>",
    ),
    (
        "tensor<1x1x40x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>",
        "expected physical shape 1x1x32x32 to keep the leading dims of 1x1x40x2 and hold its "
        "last two dims in whole tiles",
    ),
    (
        "tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 2x1x96x32>>",
        "expected physical shape 2x1x96x32 to keep the leading dims of 1x1x27x2 and hold its "
        "last two dims in whole tiles",
    ),
]


@pytest.mark.parametrize(("text", "message"), TENSOR_INFO_ERRORS)
def test_tensor_info_errors(ctx: Context, text: str, message: str) -> None:
    with pytest.raises(TensorTypeError) as error:
        tensor_info(parse_type(ctx, text))
    assert str(error.value) == message


def test_element_types() -> None:
    for dtype, element in [
        (DataType.FLOAT32, f32),
        (DataType.BFLOAT16, bf16),
        (DataType.BFLOAT8_B, bfp8_b),
    ]:
        assert element_type_for(dtype) == element
        assert data_type_of(element) == dtype
    assert data_type_of(f16) is None

"""Tests of the conv layout ops built from Python (semantics.md §3.6): valid ops with their
result types, and each invalid case with its exact verifier message."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from dialect_helpers import (
    values,
    verify_error,
)
from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntegerAttr,
    TensorType,
    bf16,
    f32,
    i32,
)
from xdsl.ir import Attribute, Operation

from ttnn_xdsl.core.enums import (
    DataType,
    Layout,
)
from ttnn_xdsl.dialect.conv_layout_ops import (
    ConvBiasLayoutOp,
    ConvWeightsBlockShardedLayoutOp,
    ConvWeightsDepthwiseLayoutOp,
    ConvWeightsFoldKernelStrideOp,
    ConvWeightsGroupedLayoutOp,
    ConvWeightsInterleavedMMLayoutOp,
    ConvWeightsSpecialPaddingLayoutOp,
    ConvWeightsTiledLayoutOp,
)
from ttnn_xdsl.dialect.tensor_types import tensor_type

# ---------------------------------------------------------------------------------------------
# Conv layout ops (semantics.md §3.6)
# ---------------------------------------------------------------------------------------------


def i32_props(**props: int | bool | Sequence[int]) -> dict[str, Attribute]:
    result: dict[str, Attribute] = {}
    for name, value in props.items():
        if isinstance(value, bool):
            result[name] = IntegerAttr.from_bool(value)
        elif isinstance(value, int):
            result[name] = IntegerAttr(value, i32)
        else:
            result[name] = DenseArrayBase.from_list(i32, list(value))
    return result


def layout_op(
    op_type: type[Operation],
    weight: tuple[int, ...],
    result: Attribute,
    dtype: Attribute = f32,
    **props: int | bool | Sequence[int],
) -> Operation:
    return op_type.build(
        operands=[values(TensorType(dtype, weight))[0]],
        result_types=[result],
        properties=i32_props(**props),
    )


def matrix(logical: tuple[int, ...], physical: tuple[int, ...], dtype=DataType.BFLOAT16):
    return tensor_type(logical, dtype, physical=physical)


VALID_LAYOUT_OPS: list[tuple[str, Callable[[], Operation]]] = [
    (
        "interleaved_mm",
        lambda: layout_op(
            ConvWeightsInterleavedMMLayoutOp,
            (4, 4, 1, 1),
            matrix((1, 1, 4, 4), (1, 1, 32, 32), DataType.FLOAT32),
        ),
    ),
    (
        "special_padding",
        lambda: layout_op(
            ConvWeightsSpecialPaddingLayoutOp,
            (32, 16, 3, 3),
            matrix((1, 1, 144, 32), (1, 1, 192, 32)),
            block_h=2,
            block_w=1,
        ),
    ),
    (
        "special_padding_reuse",
        lambda: layout_op(
            ConvWeightsSpecialPaddingLayoutOp,
            (32, 16, 3, 3),
            matrix((1, 1, 144, 32), (1, 1, 160, 32)),
            block_h=5,
            block_w=1,
            enable_activation_reuse=True,
        ),
    ),
    (
        "special_padding_padded",
        lambda: layout_op(
            ConvWeightsSpecialPaddingLayoutOp,
            (2, 3, 3, 3),
            matrix((1, 1, 27, 2), (1, 1, 96, 32)),
            block_h=1,
            block_w=1,
            padded_in_channels=8,
            padded_out_channels=32,
        ),
    ),
    (
        "tiled",
        lambda: layout_op(
            ConvWeightsTiledLayoutOp,
            (8, 4, 3, 3),
            matrix((1, 1, 36, 8), (1, 1, 64, 32), DataType.BFLOAT8_B),
            block_h=1,
            block_w=1,
        ),
    ),
    (
        "block_sharded",
        lambda: layout_op(
            ConvWeightsBlockShardedLayoutOp,
            (64, 32, 3, 3),
            matrix((1, 1, 288, 64), (1, 1, 384, 64)),
            in_shards=2,
            out_shards=2,
        ),
    ),
    (
        "block_sharded_full_inner_dim",
        lambda: layout_op(
            ConvWeightsBlockShardedLayoutOp,
            (64, 32, 3, 3),
            matrix((1, 1, 288, 64), (1, 1, 320, 64)),
            in_shards=2,
            out_shards=2,
            full_inner_dim=True,
        ),
    ),
    (
        "grouped",
        lambda: layout_op(
            ConvWeightsGroupedLayoutOp, (4, 2, 1, 1), TensorType(f32, (4, 4, 1, 1)), groups=2
        ),
    ),
    (
        "depthwise",
        lambda: layout_op(
            ConvWeightsDepthwiseLayoutOp,
            (8, 1, 2, 2),
            TensorType(bf16, (8, 128, 1, 1)),
            bf16,
            act_block_h_ntiles=1,
        ),
    ),
    (
        "fold",
        lambda: layout_op(
            ConvWeightsFoldKernelStrideOp,
            (64, 3, 7, 7),
            TensorType(f32, (64, 12, 4, 4)),
            stride=(2, 2),
        ),
    ),
    (
        "bias",
        lambda: layout_op(
            ConvBiasLayoutOp,
            (1, 1, 1, 100),
            matrix((1, 1, 1, 100), (1, 1, 32, 128)),
            width=128,
        ),
    ),
]


@pytest.mark.parametrize(("name", "make"), VALID_LAYOUT_OPS)
def test_layout_op_valid(name: str, make: Callable[[], Operation]) -> None:
    make().verify()


def test_a_result_type_without_physical_is_the_same_tensor_when_tile_rounding_fits() -> None:
    """`physical = 1x1x32x32` is what tile rounding gives [1, 1, 4, 4]: both spellings
    denote the interleaved-MM result of a [4, 4, 1, 1] weight, and both verify."""
    for result in (
        tensor_type((1, 1, 4, 4), DataType.BFLOAT16),
        matrix((1, 1, 4, 4), (1, 1, 32, 32)),
    ):
        layout_op(ConvWeightsInterleavedMMLayoutOp, (4, 4, 1, 1), result).verify()


INVALID_LAYOUT_OPS: list[tuple[Callable[[], Operation], str]] = [
    (
        lambda: ConvWeightsInterleavedMMLayoutOp.build(
            operands=[values(tensor_type((4, 4, 1, 1), DataType.FLOAT32))[0]],
            result_types=[matrix((1, 1, 4, 4), (1, 1, 32, 32))],
        ),
        "'ttnn.conv_weights_interleaved_mm_layout' op expected a row-major input, got "
        "tensor<4x4x1x1xf32, #ttnn.tensor_layout<tile>>",
    ),
    (
        lambda: layout_op(
            ConvWeightsInterleavedMMLayoutOp,
            (4, 4, 1, 1),
            tensor_type((1, 1, 4, 4), DataType.BFLOAT16, Layout.ROW_MAJOR),
        ),
        "'ttnn.conv_weights_interleaved_mm_layout' op expected a tile-layout result, got "
        "tensor<1x1x4x4xbf16, #ttnn.tensor_layout<row_major>>",
    ),
    (
        # Without `physical` the type says tile rounding (32 rows); the layout needs 96.
        lambda: layout_op(
            ConvWeightsSpecialPaddingLayoutOp,
            (2, 3, 3, 3),
            tensor_type((1, 1, 27, 2), DataType.BFLOAT16),
            block_h=1,
            block_w=1,
            padded_in_channels=8,
            padded_out_channels=32,
        ),
        "'ttnn.conv_weights_special_padding_layout' op expected result type "
        "tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, got "
        "tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile>>",
    ),
    (
        lambda: layout_op(
            ConvWeightsInterleavedMMLayoutOp, (4, 4, 1, 1), matrix((1, 1, 4, 4), (1, 1, 64, 32))
        ),
        "'ttnn.conv_weights_interleaved_mm_layout' op expected result type "
        "tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>, got "
        "tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>",
    ),
    (
        lambda: layout_op(
            ConvWeightsSpecialPaddingLayoutOp,
            (32, 16, 3, 3),
            matrix((1, 1, 144, 32), (1, 1, 192, 32)),
            block_h=1,
            block_w=1,
        ),
        "'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 32 rows to hold "
        "I·KW = 48 (I = 16 after padding)",
    ),
    (
        lambda: layout_op(
            ConvWeightsSpecialPaddingLayoutOp,
            (32, 16, 3, 3),
            matrix((1, 1, 144, 32), (1, 1, 192, 32)),
            block_h=2,
            block_w=1,
            padded_out_channels=16,
        ),
        "'ttnn.conv_weights_special_padding_layout' op expected padded_out_channels 16 to be "
        "at least the weight's 32 output channels",
    ),
    (
        lambda: layout_op(
            ConvWeightsTiledLayoutOp,
            (8, 4, 3, 3),
            matrix((1, 1, 36, 8), (1, 1, 64, 32)),
            block_h=0,
            block_w=1,
        ),
        "'ttnn.conv_weights_tiled_layout' op expected block_h to be positive, got 0",
    ),
    (
        lambda: layout_op(
            ConvWeightsBlockShardedLayoutOp,
            (64, 32, 3, 3),
            matrix((1, 1, 288, 64), (1, 1, 384, 64)),
            in_shards=3,
            out_shards=2,
        ),
        "'ttnn.conv_weights_block_sharded_layout' op expected in_shards 3 to divide the 32 "
        "input channels",
    ),
    (
        lambda: layout_op(
            ConvWeightsGroupedLayoutOp, (4, 2, 1, 1), TensorType(f32, (4, 6, 1, 1)), groups=3
        ),
        "'ttnn.conv_weights_grouped_layout' op expected groups 3 to divide the 4 output channels",
    ),
    (
        lambda: layout_op(
            ConvWeightsDepthwiseLayoutOp,
            (8, 2, 2, 2),
            TensorType(f32, (8, 128, 1, 1)),
            act_block_h_ntiles=1,
        ),
        "'ttnn.conv_weights_depthwise_layout' op expected a depthwise weight [O, 1, KH, KW], "
        "got [8, 2, 2, 2]",
    ),
    (
        lambda: layout_op(
            ConvWeightsFoldKernelStrideOp,
            (64, 3, 7, 7),
            TensorType(f32, (64, 12, 4, 4)),
            stride=(2, 0),
        ),
        "'ttnn.conv_weights_fold_kernel_stride' op expected stride to have 2 positive values, "
        "got [2, 0]",
    ),
    (
        lambda: layout_op(
            ConvBiasLayoutOp, (1, 1, 1, 64), matrix((1, 1, 1, 64), (1, 1, 32, 96)), width=80
        ),
        "'ttnn.conv_bias_layout' op expected width 80 to be a multiple of 32 of at least 64",
    ),
    (
        lambda: layout_op(
            ConvBiasLayoutOp, (1, 1, 2, 64), matrix((1, 1, 2, 64), (1, 1, 32, 64)), width=64
        ),
        "'ttnn.conv_bias_layout' op expected a bias of shape [1, 1, 1, O], got [1, 1, 2, 64]",
    ),
]


@pytest.mark.parametrize(("make", "message"), INVALID_LAYOUT_OPS)
def test_layout_op_invalid(make: Callable[[], Operation], message: str) -> None:
    assert verify_error(make()) == message

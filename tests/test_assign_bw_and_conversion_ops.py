"""Tests of `ttnn.assign_bw`, `ttnn.typecast` and `ttnn.to_layout` built from Python: valid ops,
and each invalid case with its exact verifier message."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from dialect_helpers import (
    BF16_TILE,
    BFP8_TILE,
    F32_TILE,
    L1_INTERLEAVED,
    parse_type,
    values,
    verify_error,
)
from xdsl.context import Context
from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntegerAttr,
    StringAttr,
    TensorType,
    bf16,
    i1,
    i32,
)
from xdsl.ir import Attribute

from ttnn_xdsl.core.enums import (
    DataType,
)
from ttnn_xdsl.dialect.assign_bw import AssignBwOp
from ttnn_xdsl.dialect.conversion_ops import ToLayoutOp, TypecastOp
from ttnn_xdsl.dialect.tensor_types import tensor_type

# ---------------------------------------------------------------------------------------------
# ttnn.assign_bw
# ---------------------------------------------------------------------------------------------


def test_assign_bw_binary_takes_the_input_types() -> None:
    grad, a, b = values(BF16_TILE, BF16_TILE, BFP8_TILE)
    op = AssignBwOp(grad, a, b)
    op.verify()
    assert [r.type for r in op.results] == [BF16_TILE, BFP8_TILE]
    assert op.is_binary
    assert op.required_outputs == (True, True)
    assert op.are_required_outputs is None
    assert op.properties["operandSegmentSizes"] == DenseArrayBase.from_list(i32, [1, 1, 1, 0, 0])
    assert op.gradient_destinations() == [(0, None, a), (1, None, b)]


@pytest.mark.parametrize(
    ("required", "expected"),
    [((True, False), [BF16_TILE]), ((False, True), [BFP8_TILE]), ((True, True), None)],
)
def test_assign_bw_required_outputs(
    required: tuple[bool, bool], expected: list[Attribute] | None
) -> None:
    grad, a, b = values(BF16_TILE, BF16_TILE, BFP8_TILE)
    op = AssignBwOp(grad, a, b, are_required_outputs=required)
    op.verify()
    assert op.required_outputs == required
    assert op.are_required_outputs == DenseArrayBase.from_list(i1, [int(v) for v in required])
    assert [r.type for r in op.results] == (expected or [BF16_TILE, BFP8_TILE])


def test_assign_bw_unary_and_preallocated() -> None:
    grad, a, buffer = values(BFP8_TILE, BFP8_TILE, BF16_TILE)
    unary = AssignBwOp(grad, a)
    unary.verify()
    assert not unary.is_binary
    assert unary.required_outputs == (True, False)
    assert [r.type for r in unary.results] == [BFP8_TILE]
    preallocated = AssignBwOp(grad, a, input_grad=buffer)
    preallocated.verify()
    assert [r.type for r in preallocated.results] == [BF16_TILE]
    assert preallocated.gradient_destinations() == [(0, buffer, buffer)]
    assert preallocated.properties["operandSegmentSizes"] == DenseArrayBase.from_list(
        i32, [1, 1, 0, 1, 0]
    )


def test_assign_bw_both_preallocated_and_options() -> None:
    grad, a, b, ga, gb = values(BF16_TILE, BF16_TILE, BF16_TILE, BFP8_TILE, BFP8_TILE)
    op = AssignBwOp(
        grad,
        a,
        b,
        input_grad=ga,
        other_grad=gb,
        memory_config=L1_INTERLEAVED,
        queue_id=1,
        round_mode="floor",
    )
    op.verify()
    assert [r.type for r in op.results] == [BFP8_TILE, BFP8_TILE]
    assert op.memory_config == L1_INTERLEAVED
    assert op.queue_id == IntegerAttr(1, i32)
    assert op.round_mode == StringAttr("floor")


def _assign_bw_rank(rank: int) -> AssignBwOp:
    shape = (2,) * (rank - 2) + (32, 32)
    grad, a = values(*[tensor_type(shape, DataType.BFLOAT16)] * 2)
    return AssignBwOp(grad, a)


@pytest.mark.parametrize("rank", [2, 3, 4])
def test_assign_bw_ranks(rank: int) -> None:
    _assign_bw_rank(rank).verify()


INVALID_ASSIGN_BW: list[tuple[Callable[[], AssignBwOp], str]] = [
    (
        lambda: AssignBwOp(*values(*[BF16_TILE] * 3), are_required_outputs=[False, False]),
        "'ttnn.assign_bw' op expected at least one gradient: are_required_outputs is "
        "[false, false]",
    ),
    (
        lambda: AssignBwOp(
            *values(*[BF16_TILE] * 3),
            are_required_outputs=[True, True, False],
            result_types=[BF16_TILE, BF16_TILE],
        ),
        "'ttnn.assign_bw' op expected are_required_outputs to have exactly two values, got "
        "[true, true, false]",
    ),
    (
        lambda: AssignBwOp(*values(*[BF16_TILE] * 2), are_required_outputs=[True, False]),
        "'ttnn.assign_bw' op are_required_outputs needs the binary form (grad, input_a, input_b)",
    ),
    (
        lambda: AssignBwOp(*values(*[BF16_TILE] * 2), other_grad=values(BF16_TILE)[0]),
        "'ttnn.assign_bw' op other_grad needs the binary form (grad, input_a, input_b)",
    ),
    (
        lambda: AssignBwOp(*values(*[BF16_TILE] * 2), round_mode="ceil"),
        '\'ttnn.assign_bw\' op expected round_mode to be "trunc" or "floor", got "ceil"',
    ),
    (
        lambda: AssignBwOp(*values(BF16_TILE, F32_TILE)),
        "'ttnn.assign_bw' op expected input_a to be bf16 or bfloat8_b, got f32",
    ),
    (
        lambda: AssignBwOp(*values(tensor_type((32, 32), DataType.BFLOAT16, None), BF16_TILE)),
        "'ttnn.assign_bw' op expected grad in tile layout, got row_major",
    ),
    (
        lambda: _assign_bw_rank(5),
        "'ttnn.assign_bw' op expected grad of rank 2, 3 or 4, got rank 5",
    ),
    (
        lambda: AssignBwOp(*values(BF16_TILE, BF16_TILE, tensor_type((1, 32), DataType.BFLOAT16))),
        "'ttnn.assign_bw' op expected input_b to have the shape of grad [32, 32], got [1, 32]",
    ),
    (
        lambda: AssignBwOp(
            *values(
                tensor_type((27, 2), DataType.BFLOAT16),
                tensor_type((27, 2), DataType.BFLOAT16, physical=(96, 32)),
            )
        ),
        "'ttnn.assign_bw' op expected input_a to have the physical shape of grad [32, 32], "
        "got [96, 32]",
    ),
    (
        lambda: AssignBwOp(
            *values(*[BF16_TILE] * 3),
            input_grad=values(BF16_TILE)[0],
            are_required_outputs=[False, True],
        ),
        "'ttnn.assign_bw' op input_grad is given but its gradient is not required "
        "(are_required_outputs = [false, true])",
    ),
    (
        lambda: AssignBwOp(*values(*[BF16_TILE] * 3), result_types=[BF16_TILE]),
        "'ttnn.assign_bw' op expected 2 result(s), one per required gradient, got 1",
    ),
    (
        lambda: AssignBwOp(*values(*[BF16_TILE] * 2), result_types=[BFP8_TILE]),
        "'ttnn.assign_bw' op expected result #0 to have the type of input_a "
        "tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, got "
        "tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>",
    ),
    (
        lambda: AssignBwOp(
            *values(*[BF16_TILE] * 3),
            other_grad=values(BFP8_TILE)[0],
            result_types=[BF16_TILE, BF16_TILE],
        ),
        "'ttnn.assign_bw' op expected result #1 to have the type of other_grad "
        "tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, got "
        "tensor<32x32xbf16, #ttnn.tensor_layout<tile>>",
    ),
    (
        lambda: AssignBwOp(*values(tensor_type((32, 32), DataType.FLOAT32, None), BF16_TILE)),
        "'ttnn.assign_bw' op expected grad to be bf16 or bfloat8_b, got f32",
    ),
]


@pytest.mark.parametrize(("make", "message"), INVALID_ASSIGN_BW)
def test_assign_bw_invalid(make: Callable[[], AssignBwOp], message: str) -> None:
    assert verify_error(make()) == message


# ---------------------------------------------------------------------------------------------
# ttnn.typecast / ttnn.to_layout
# ---------------------------------------------------------------------------------------------


def test_typecast() -> None:
    (source,) = values(F32_TILE)
    op = TypecastOp(source, BFP8_TILE)
    op.verify()
    assert op.result.type == BFP8_TILE
    assert verify_error(TypecastOp(source, tensor_type((32, 64), DataType.BFLOAT16))) == (
        "'ttnn.typecast' op expected the result shape [32, 64] to equal the input shape [32, 32]"
    )
    to_l1 = tensor_type((32, 32), DataType.BFLOAT16, memory_config=L1_INTERLEAVED)
    assert verify_error(TypecastOp(source, to_l1)) == (
        "'ttnn.typecast' op expected the result to keep the input's layout, physical shape and "
        "memory config (only the dtype changes): tensor<32x32xf32, #ttnn.tensor_layout<tile>> "
        "-> tensor<32x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<"
        "#ttnn.buffer_type<l1>, <interleaved>>>>"
    )


def test_typecast_compares_memory_configs_by_meaning(ctx: Context) -> None:
    """An absent shard orientation is row_major: typecast keeps the memory config."""
    spec = "#ttnn.shard_spec<grid = 2x1, shape = 32x64{}>"
    memory = "#ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, " + spec + ">"
    source = f"tensor<64x64xf32, #ttnn.tensor_layout<tile, {memory}>>"
    (value,) = values(parse_type(ctx, source.format("")))
    TypecastOp(value, parse_type(ctx, source.format(", orientation = row_major"))).verify()
    col_major = parse_type(ctx, source.format(", orientation = col_major"))
    assert verify_error(TypecastOp(value, col_major)).startswith(
        "'ttnn.typecast' op expected the result to keep the input's layout, physical shape and "
        "memory config (only the dtype changes)"
    )


def test_to_layout() -> None:
    (host,) = values(TensorType(bf16, (40, 50)))
    op = ToLayoutOp(host, tensor_type((40, 50), DataType.BFLOAT16))
    op.verify()
    assert verify_error(ToLayoutOp(host, tensor_type((40, 50), DataType.FLOAT32))) == (
        "'ttnn.to_layout' op expected the result dtype f32 to equal the input dtype bf16 "
        "(ttnn.typecast changes dtypes)"
    )
    # `physical = 64x64` is tile rounding spelled out: the same tensor, valid.
    ToLayoutOp(host, tensor_type((40, 50), DataType.BFLOAT16, physical=(64, 64))).verify()
    beyond = tensor_type((40, 50), DataType.BFLOAT16, physical=(96, 64))
    assert verify_error(ToLayoutOp(host, beyond)) == (
        "'ttnn.to_layout' op cannot produce a physical shape beyond whole tiles (to_layout pads "
        "to the next tile only), got tensor<40x50xbf16, #ttnn.tensor_layout<tile, "
        "physical = 96x64>>"
    )
    assert verify_error(ToLayoutOp(host, tensor_type((40, 64), DataType.BFLOAT16))) == (
        "'ttnn.to_layout' op expected the result shape [40, 64] to equal the input shape [40, 50]"
    )

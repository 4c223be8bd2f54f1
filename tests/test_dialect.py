"""Tests of the `ttnn` and `tile` dialects from Python: every op built with its constructor
(or `Op.build`) and verified, valid and invalid, with the exact verifier message; the
attributes' parse and print; `tensor_info` on each kind of tensor type; the located
diagnostics of `dialect.diagnostics`; and `ttnn-opt`'s one-line errors, in process.

The lit suite (tests/filecheck/dialect, tests/filecheck/tools) covers the same rules from
IR text; these tests pin the Python API the passes and the runtime use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from io import StringIO
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    FileLineColLoc,
    IndexType,
    IntAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StringAttr,
    TensorType,
    UnknownLoc,
    bf16,
    f16,
    f32,
    i1,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

from ttnn_xdsl.dialect import make_context, tile
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    BufferTypeAttr,
    Conv2dConfigAttr,
    DataTypeAttr,
    DeviceComputeKernelConfigAttr,
    LayoutAttr,
    MathFidelityAttr,
    MemoryConfigAttr,
    ShardOrientationAttr,
    ShardSpecAttr,
    TensorLayoutAttr,
    TensorMemoryLayoutAttr,
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
from ttnn_xdsl.dialect.enums import (
    BufferType,
    DataType,
    Layout,
    MathFidelity,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.dialect.errors import TensorTypeError, TTNNError, format_location
from ttnn_xdsl.dialect.prepare_ops import PrepareConvBiasOp, PrepareConvWeightsOp
from ttnn_xdsl.dialect.tensor_ops import AssignBwOp, ToLayoutOp, TypecastOp
from ttnn_xdsl.dialect.tensor_types import TensorInfo, module_grid, tensor_info, tensor_type
from ttnn_xdsl.dialect.types import BFloat8BType, bfp8_b, data_type_of, element_type_for
from ttnn_xdsl.frontend.diagnostics import located_diagnostic, parse_module, verify_module
from ttnn_xdsl.tools import ttnn_opt

# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ctx() -> Context:
    return make_context()


def values(*types: Attribute) -> tuple[SSAValue, ...]:
    """SSA values of the given types (arguments of a fresh block)."""
    return tuple(Block(arg_types=types).args)


def printed(attr: Attribute) -> str:
    stream = StringIO()
    Printer(stream=stream).print_attribute(attr)
    return stream.getvalue()


def parse_attr(ctx: Context, text: str) -> Attribute:
    return Parser(ctx, text).parse_attribute()


def parse_type(ctx: Context, text: str) -> Attribute:
    return Parser(ctx, text).parse_type()


def verify_error(op: Operation) -> str:
    """The message of `op`'s verifier failure (the test fails when it verifies)."""
    with pytest.raises(VerifyException) as error:
        op.verify()
    return str(error.value)


def in_module(op: Operation, attributes: dict[str, Attribute] | None = None) -> ModuleOp:
    """Put `op` alone in a module with `attributes`: only its parent matters here, for
    `module_grid` (the module is not valid IR: its operands are defined elsewhere)."""
    return ModuleOp(Region(Block([op])), attributes=attributes or {})


BF16_TILE = tensor_type((32, 32), DataType.BFLOAT16)
BFP8_TILE = tensor_type((32, 32), DataType.BFLOAT8_B)
F32_TILE = tensor_type((32, 32), DataType.FLOAT32)
L1_INTERLEAVED = MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.INTERLEAVED)


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
# ttnn.prepare_conv_weights / ttnn.prepare_conv_bias
# ---------------------------------------------------------------------------------------------


def conv_properties(**overrides: object) -> dict[str, Attribute]:
    """semantics.md §3.7's first example (O=2, I=3, 3×3, DRAM row-major input), as properties."""
    plain: dict[str, object] = {
        "input_memory_config": DRAM_INTERLEAVED,
        "input_layout": Layout.ROW_MAJOR,
        "in_channels": 3,
        "out_channels": 2,
        "batch_size": 1,
        "input_height": 8,
        "input_width": 8,
        "kernel_size": (3, 3),
        "stride": (1, 1),
        "padding": (1, 1),
        "dilation": (1, 1),
        "groups": 1,
    }
    plain.update(overrides)
    properties: dict[str, Attribute] = {}
    for name, value in plain.items():
        if value is None:
            continue
        if isinstance(value, Attribute):
            properties[name] = value
        elif isinstance(value, Layout):
            properties[name] = LayoutAttr(value)
        elif isinstance(value, bool):
            properties[name] = IntegerAttr.from_bool(value)
        elif isinstance(value, int):
            properties[name] = IntegerAttr(value, i32)
        elif isinstance(value, str):
            properties[name] = StringAttr(value)
        else:
            properties[name] = DenseArrayBase.from_list(i32, list(value))  # type: ignore[arg-type]
    return properties


WEIGHT = TensorType(f32, (2, 3, 3, 3))
PREPARED = tensor_type((1, 1, 27, 2), DataType.FLOAT32, physical=(1, 1, 96, 32))


def prepare_weights(
    weight_type: Attribute = WEIGHT, result_type: Attribute = PREPARED, **overrides: object
) -> PrepareConvWeightsOp:
    properties = conv_properties(**{"weights_format": "OIHW", "has_bias": False, **overrides})
    return PrepareConvWeightsOp.build(
        operands=[values(weight_type)[0]], result_types=[result_type], properties=properties
    )


def test_prepare_conv_weights_worked_example() -> None:
    op = prepare_weights()
    op.verify()
    assert op.inferred_result_type() == PREPARED
    info = tensor_info(op.result.type)
    assert info.shape == (1, 1, 27, 2)
    assert info.physical_shape == (1, 1, 96, 32)
    assert info.dtype == DataType.FLOAT32
    assert op.conv_parameters().padding == (1, 1, 1, 1)
    assert op.conv_parameters().grid == (8, 8)


def test_prepare_conv_weights_every_optional_property() -> None:
    op = prepare_weights(
        TensorType(bf16, (64, 64, 3, 3)),
        tensor_type((1, 1, 576, 64), DataType.BFLOAT8_B, physical=(1, 1, 576, 64)),
        input_layout=Layout.TILE,
        in_channels=64,
        out_channels=64,
        input_height=16,
        input_width=16,
        conv_config=Conv2dConfigAttr(
            weights_dtype=DataType.BFLOAT8_B, shard_layout=TensorMemoryLayout.WIDTH_SHARDED
        ),
        compute_config=DeviceComputeKernelConfigAttr(fp32_dest_acc_en=False),
        input_dtype=DataTypeAttr(DataType.BFLOAT16),
        output_dtype=DataTypeAttr(DataType.FLOAT32),
    )
    op.verify()
    assert op.conv_config is not None and op.compute_config is not None
    assert op.input_dtype == DataTypeAttr(DataType.BFLOAT16)


def test_prepare_conv_weights_follows_the_module_grid() -> None:
    """semantics.md §3.3 step 7: a BLOCK conv on 2×2 cores instead of 8×8 has other block rows."""
    block = {
        "in_channels": 64,
        "out_channels": 64,
        "input_height": 16,
        "input_width": 16,
        "conv_config": Conv2dConfigAttr(shard_layout=TensorMemoryLayout.BLOCK_SHARDED),
    }
    weight = TensorType(f32, (64, 64, 3, 3))
    on_8x8 = prepare_weights(weight, PREPARED, **block)
    assert on_8x8.inferred_result_type() == tensor_type(
        (1, 1, 576, 64), DataType.FLOAT32, physical=(1, 1, 768, 64)
    )
    on_2x2 = prepare_weights(weight, PREPARED, **block)
    in_module(on_2x2, {"ttnn.grid": DenseArrayBase.from_list(i32, [2, 2])})
    assert module_grid(on_2x2) == (2, 2)
    assert on_2x2.inferred_result_type() == tensor_type(
        (1, 1, 576, 64), DataType.FLOAT32, physical=(1, 1, 576, 64)
    )
    bad_grid = prepare_weights()
    in_module(bad_grid, {"ttnn.grid": DenseArrayBase.from_list(i32, [8])})
    with pytest.raises(VerifyException) as error:
        module_grid(bad_grid)
    assert str(error.value) == (
        "expected the module attribute ttnn.grid to be array<i32: X, Y> with two positive "
        "values, got array<i32: 8>"
    )


INVALID_PREPARE_WEIGHTS: list[tuple[dict[str, object], str]] = [
    (
        {"weight_type": tensor_type((2, 3, 3, 3), DataType.FLOAT32, Layout.ROW_MAJOR)},
        "expected weight_tensor to be a host tensor (no encoding), got "
        "tensor<2x3x3x3xf32, #ttnn.tensor_layout<row_major>>",
    ),
    (
        {"weight_type": TensorType(f16, (2, 3, 3, 3))},
        "weight_tensor: expected element type f32, bf16 or !ttnn.bfp8_b, got f16",
    ),
    (
        {"weight_type": TensorType(f32, (2, 3, 9))},
        "expected weight_tensor of rank 4 (OIHW), got rank 3",
    ),
    ({"weights_format": "HWIO"}, 'expected weights_format "OIHW", got "HWIO"'),
    ({"batch_size": 0}, "expected batch_size to be positive, got 0"),
    (
        {"groups": 2},
        "expected groups 2 to be positive and divide in_channels 3 and out_channels 2",
    ),
    ({"kernel_size": (3,)}, "expected kernel_size to have 2 positive values, got [3]"),
    ({"stride": (1, 0)}, "expected stride to have 2 positive values, got [1, 0]"),
    ({"dilation": (0, 1)}, "expected dilation to have 2 positive values, got [0, 1]"),
    (
        {"padding": (1, 1, 1)},
        "expected padding to have 2 or 4 non-negative values, got [1, 1, 1]",
    ),
    (
        {"input_height": 2, "padding": (0, 0)},
        "output image is empty: OH = 0 (input_height 2, padding 0+0, dilation 1, kernel 3, "
        "stride 1)",
    ),
    (
        {"out_channels": 4},
        "expected out_channels 4 to match the weight's dim 0 2 (shape [2, 3, 3, 3])",
    ),
    (
        {"in_channels": 6},
        "expected the weight's dim 1 3 to be in_channels / groups = 6 / 1 = 6",
    ),
    (
        {"kernel_size": (3, 1)},
        "expected kernel_size [3, 1] to match the weight's kernel dims [3, 3]",
    ),
    (
        {"input_layout": Layout.TILE},
        "expected result type tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = "
        "1x1x288x32>> (inferred from the conv parameters), got tensor<1x1x27x2xf32, "
        "#ttnn.tensor_layout<tile, physical = 1x1x96x32>>",
    ),
    (
        {"input_memory_config": MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.HEIGHT_SHARDED)},
        "expected the height_sharded input_memory_config to carry a #ttnn.shard_spec",
    ),
    (
        {
            "input_layout": Layout.TILE,
            "input_memory_config": MemoryConfigAttr(
                BufferType.DRAM, TensorMemoryLayout.BLOCK_SHARDED
            ),
        },
        "expected the block_sharded input_memory_config to carry a #ttnn.shard_spec",
    ),
]


@pytest.mark.parametrize(("overrides", "message"), INVALID_PREPARE_WEIGHTS)
def test_prepare_conv_weights_invalid(overrides: dict[str, object], message: str) -> None:
    assert verify_error(prepare_weights(**overrides)) == f"'ttnn.prepare_conv_weights' op {message}"


BIAS = TensorType(f32, (1, 1, 1, 2))
PREPARED_BIAS = tensor_type((1, 1, 1, 2), DataType.FLOAT32, physical=(1, 1, 32, 32))


def prepare_bias(
    bias_type: Attribute = BIAS, result_type: Attribute = PREPARED_BIAS, **overrides: object
) -> PrepareConvBiasOp:
    return PrepareConvBiasOp.build(
        operands=[values(bias_type)[0]],
        result_types=[result_type],
        properties=conv_properties(**overrides),
    )


def test_prepare_conv_bias() -> None:
    op = prepare_bias()
    op.verify()
    assert op.has_bias_value
    bf16_bias = prepare_bias(
        result_type=tensor_type((1, 1, 1, 2), DataType.BFLOAT16, physical=(1, 1, 32, 32)),
        conv_config=Conv2dConfigAttr(weights_dtype=DataType.BFLOAT16),
    )
    bf16_bias.verify()


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (
            {"bias_type": tensor_type((1, 1, 1, 2), DataType.FLOAT32)},
            "expected bias_tensor to be a host tensor (no encoding), got "
            "tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile>>",
        ),
        (
            {"bias_type": TensorType(f32, (1, 1, 2, 2))},
            "expected bias_tensor of shape [1, 1, 1, 2] (out_channels), got [1, 1, 2, 2]",
        ),
        ({"stride": (0, 0)}, "expected stride to have 2 positive values, got [0, 0]"),
        (
            {"conv_config": Conv2dConfigAttr(weights_dtype=DataType.BFLOAT8_B)},
            "expected result type tensor<1x1x1x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, "
            "physical = 1x1x32x32>> (inferred from the conv parameters), got "
            "tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>",
        ),
    ],
)
def test_prepare_conv_bias_invalid(overrides: dict[str, object], message: str) -> None:
    assert verify_error(prepare_bias(**overrides)) == f"'ttnn.prepare_conv_bias' op {message}"


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
            tensor_type((1, 1, 4, 4), DataType.BFLOAT16),
        ),
        "'ttnn.conv_weights_interleaved_mm_layout' op expected a tile-layout result with its "
        "physical shape written (physical = 1x1xROWSxCOLS), got "
        "tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile>>",
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
    explicit = tensor_type((40, 50), DataType.BFLOAT16, physical=(64, 64))
    assert verify_error(ToLayoutOp(host, explicit)) == (
        "'ttnn.to_layout' op cannot produce an explicit physical shape, got "
        "tensor<40x50xbf16, #ttnn.tensor_layout<tile, physical = 64x64>>"
    )
    assert verify_error(ToLayoutOp(host, tensor_type((40, 64), DataType.BFLOAT16))) == (
        "'ttnn.to_layout' op expected the result shape [40, 64] to equal the input shape [40, 50]"
    )


# ---------------------------------------------------------------------------------------------
# The tile dialect
# ---------------------------------------------------------------------------------------------


def test_tile_type() -> None:
    assert printed(tile.TileType(bf16)) == "!tile.tile<32x32, bf16>"
    assert tile.tile_type(DataType.BFLOAT8_B) == tile.TileType(bfp8_b)
    assert tile.TileType(f32).dtype == DataType.FLOAT32
    assert tile.tile_dtype(tile.TileType(bf16)) == DataType.BFLOAT16
    with pytest.raises(VerifyException) as error:
        tile.TileType(f16)
    assert str(error.value) == "!tile.tile expected element type f32, bf16 or !ttnn.bfp8_b, got f16"
    with pytest.raises(VerifyException) as error:
        tile.TileType.new([IntAttr(16), IntAttr(16), bf16])
    assert str(error.value) == "!tile.tile must be 32x32, got 16x16"


BF16_TILES = MemRefType(tile.TileType(bf16), (2, 2))
ROWS = MemRefType(bf16, (64, 64))


def test_tile_ops_valid() -> None:
    tiles, rows, i, j = values(BF16_TILES, ROWS, IndexType(), IndexType())
    load = tile.LoadOp(tiles, [i, j])
    assert load.result.type == tile.TileType(bf16)
    tilize = tile.TilizeOp(rows, [i, j])
    assert tilize.result.type == tile.TileType(bf16)
    cast = tile.TypecastOp(load.result, DataType.FLOAT32)
    assert cast.result.type == tile.TileType(f32)
    ops = [
        load,
        tile.StoreOp(load.result, tiles, [j, i]),
        tilize,
        tile.UntilizeOp(tilize.result, rows, [i, j]),
        cast,
    ]
    for op in ops:
        op.verify()


def test_tile_ops_invalid() -> None:
    tiles, rows, vector, i = values(BF16_TILES, ROWS, MemRefType(bf16, (64,)), IndexType())
    (f32_tile,) = values(tile.TileType(f32))
    assert verify_error(tile.LoadOp(tiles, [i])) == (
        "'tile.load' op expected 2 indices for memref<2x2x!tile.tile<32x32, bf16>>, got 1"
    )
    assert verify_error(tile.TilizeOp(vector, [i])) == (
        "'tile.tilize' op expected a memref of rank 2 or more, got memref<64xbf16>"
    )
    assert verify_error(tile.UntilizeOp(f32_tile, rows, [i, i])) == (
        "'tile.untilize' op expected a tile of the memref's element type bf16, got "
        "!tile.tile<32x32, f32>"
    )
    (bf16_tile,) = values(tile.TileType(bf16))
    assert verify_error(tile.TypecastOp(bf16_tile, DataType.BFLOAT16)) == (
        "'tile.typecast' op expected a different result element type, got "
        "!tile.tile<32x32, bf16> -> !tile.tile<32x32, bf16>"
    )
    (packed_rows,) = values(MemRefType(bfp8_b, (64, 64)))
    assert verify_error(tile.TilizeOp(packed_rows, [i, i])) == (
        "'tile.tilize' op bfloat8_b has no row-major form"
    )


# ---------------------------------------------------------------------------------------------
# Attributes: parse and print
# ---------------------------------------------------------------------------------------------

ROUND_TRIPS: list[tuple[str, str | None]] = [
    ("#ttnn.layout<tile>", None),
    ("#ttnn.layout<row_major>", None),
    ("#ttnn.buffer_type<l1>", None),
    ("#ttnn.tensor_memory_layout<block_sharded>", None),
    ("#ttnn.shard_orientation<col_major>", None),
    ("#ttnn.data_type<bfp8_b>", None),
    ("#ttnn.math_fidelity<hifi3>", None),
    ("#ttnn.shard_spec<grid = 8x8, shape = 32x64>", None),
    (
        "#ttnn.shard_spec<orientation = col_major, shape = 32x64, grid = 2x4>",
        "#ttnn.shard_spec<grid = 2x4, shape = 32x64, orientation = col_major>",
    ),
    ("#ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>", None),
    (
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, #ttnn.tensor_memory_layout<height_sharded>,"
        " #ttnn.shard_spec<grid = 8x1, shape = 1024x32, orientation = row_major>>",
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<"
        "grid = 8x1, shape = 1024x32, orientation = row_major>>",
    ),
    ("#ttnn.conv2d_config<>", None),
    (
        "#ttnn.conv2d_config<enable_kernel_stride_folding = true, weights_dtype = bf16>",
        "#ttnn.conv2d_config<weights_dtype = bf16, enable_kernel_stride_folding = true>",
    ),
    (
        "#ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded, "
        "act_block_h_override = 64, act_block_w_div = 2, transpose_shards = true, "
        "full_inner_dim = false, enable_activation_reuse = true, "
        "enable_kernel_stride_folding = false>",
        None,
    ),
    ("#ttnn.device_compute_kernel_config<>", None),
    (
        "#ttnn.device_compute_kernel_config<packer_l1_acc = true, math_fidelity = lofi>",
        "#ttnn.device_compute_kernel_config<math_fidelity = lofi, packer_l1_acc = true>",
    ),
    ("#ttnn.tensor_layout<tile>", None),
    ("#ttnn.tensor_layout<row_major>", None),
    (
        "#ttnn.tensor_layout<tile, physical = 1x1x96x32, #ttnn.memory_config<"
        "#ttnn.buffer_type<l1>, <interleaved>>>",
        "#ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, "
        "physical = 1x1x96x32>",
    ),
]


@pytest.mark.parametrize(("text", "canonical"), ROUND_TRIPS)
def test_attribute_parse_print(ctx: Context, text: str, canonical: str | None) -> None:
    attr = parse_attr(ctx, text)
    expected = canonical or text
    assert printed(attr) == expected
    assert parse_attr(ctx, expected) == attr


def test_types_parse_print(ctx: Context) -> None:
    assert parse_type(ctx, "!ttnn.bfp8_b") == BFloat8BType() == bfp8_b
    text = "tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>"
    parsed = parse_type(ctx, text)
    assert parsed == tensor_type((1, 1, 27, 2), DataType.BFLOAT8_B, physical=(1, 1, 96, 32))
    assert printed(parsed) == text


def test_attributes_built_in_python_print_as_written() -> None:
    assert printed(LayoutAttr(Layout.TILE)) == "#ttnn.layout<tile>"
    assert printed(BufferTypeAttr(BufferType.DRAM)) == "#ttnn.buffer_type<dram>"
    assert (
        printed(TensorMemoryLayoutAttr(TensorMemoryLayout.WIDTH_SHARDED))
        == "#ttnn.tensor_memory_layout<width_sharded>"
    )
    assert (
        printed(ShardOrientationAttr(ShardOrientation.ROW_MAJOR))
        == "#ttnn.shard_orientation<row_major>"
    )
    assert printed(MathFidelityAttr(MathFidelity.HIFI4)) == "#ttnn.math_fidelity<hifi4>"
    spec = ShardSpecAttr((8, 4), (64, 32), ShardOrientation.COL_MAJOR)
    assert printed(spec) == "#ttnn.shard_spec<grid = 8x4, shape = 64x32, orientation = col_major>"
    assert spec.grid_shape == (8, 4)
    assert spec.shard_shape == (64, 32)
    assert spec.shard_orientation == ShardOrientation.COL_MAJOR
    memory = MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.BLOCK_SHARDED, spec)
    assert memory.is_sharded
    assert not DRAM_INTERLEAVED.is_sharded
    assert printed(memory) == (
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, "
        "#ttnn.shard_spec<grid = 8x4, shape = 64x32, orientation = col_major>>"
    )
    config = Conv2dConfigAttr(act_block_h_override=64, full_inner_dim=True)
    assert (
        printed(config) == "#ttnn.conv2d_config<act_block_h_override = 64, full_inner_dim = true>"
    )
    assert config.int_field("act_block_h_override") == 64
    assert config.int_field("act_block_w_div") is None
    assert config.bool_field("full_inner_dim") is True
    assert config.field("weights_dtype") is None
    kernel = DeviceComputeKernelConfigAttr(math_fidelity=MathFidelity.LOFI, fp32_dest_acc_en=True)
    assert printed(kernel) == (
        "#ttnn.device_compute_kernel_config<math_fidelity = lofi, fp32_dest_acc_en = true>"
    )
    layout = TensorLayoutAttr(Layout.TILE, memory, (1, 1, 64, 64))
    assert printed(layout) == (
        "#ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, "
        "#ttnn.shard_spec<grid = 8x4, shape = 64x32, orientation = col_major>>, "
        "physical = 1x1x64x64>"
    )


def test_shard_spec_needs_grid_and_shape() -> None:
    shape = ArrayAttr([IntAttr(32), IntAttr(32)])
    with pytest.raises(VerifyException) as error:
        ShardSpecAttr.new([NoneAttr(), shape, NoneAttr()])
    assert str(error.value) == "#ttnn.shard_spec needs a grid"
    with pytest.raises(VerifyException) as error:
        ShardSpecAttr.new([ArrayAttr([IntAttr(8)]), shape, NoneAttr()])
    assert str(error.value) == "#ttnn.shard_spec expected grid to be two positive sizes, got 8"


def test_shard_spec_without_orientation_is_row_major(ctx: Context) -> None:
    spec = parse_attr(ctx, "#ttnn.shard_spec<grid = 8x8, shape = 32x64>")
    assert isinstance(spec, ShardSpecAttr)
    assert isinstance(spec.orientation, NoneAttr)
    assert spec.shard_orientation == ShardOrientation.ROW_MAJOR


ATTRIBUTE_VERIFY_ERRORS: list[tuple[str, str]] = [
    (
        "#ttnn.conv2d_config<act_block_h_override = 48>",
        "#ttnn.conv2d_config expected act_block_h_override to be a non-negative multiple of 32, "
        "got 48",
    ),
    (
        "#ttnn.conv2d_config<act_block_w_div = 0>",
        "#ttnn.conv2d_config expected act_block_w_div to be positive, got 0",
    ),
    (
        "#ttnn.conv2d_config<shard_layout = interleaved>",
        "#ttnn.conv2d_config expected shard_layout to be height_sharded, width_sharded or "
        "block_sharded, got interleaved",
    ),
    (
        "#ttnn.shard_spec<grid = 8x0, shape = 32x32>",
        "#ttnn.shard_spec expected grid to be two positive sizes, got 8x0",
    ),
    (
        "#ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>, "
        "#ttnn.shard_spec<grid = 1x1, shape = 32x32>>",
        "#ttnn.memory_config with memory layout interleaved cannot have a shard_spec",
    ),
    (
        "#ttnn.tensor_layout<row_major, physical = 32x32>",
        "#ttnn.tensor_layout expected the tile layout with a physical shape (32x32), got row_major",
    ),
    (
        "#ttnn.tensor_layout<tile, physical = 32>",
        "#ttnn.tensor_layout expected a physical shape of rank 2 or more, got 32",
    ),
]


@pytest.mark.parametrize(("text", "message"), ATTRIBUTE_VERIFY_ERRORS)
def test_attribute_verify_errors(ctx: Context, text: str, message: str) -> None:
    with pytest.raises(VerifyException) as error:
        parse_attr(ctx, text)
    assert str(error.value) == message


def test_attribute_verify_errors_from_python() -> None:
    with pytest.raises(VerifyException) as error:
        Conv2dConfigAttr(act_block_h_override=-32)
    assert str(error.value) == (
        "#ttnn.conv2d_config expected act_block_h_override to be a non-negative multiple of 32, "
        "got -32"
    )
    spec = ShardSpecAttr((1, 1), (32, 32))
    with pytest.raises(VerifyException) as error:
        MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.INTERLEAVED, spec)
    assert str(error.value) == (
        "#ttnn.memory_config with memory layout interleaved cannot have a shard_spec"
    )


ATTRIBUTE_PARSE_ERRORS: list[tuple[str, str]] = [
    (
        "#ttnn.conv2d_config<weights_dtype = bf16, block_h = 2>",
        "unknown #ttnn.conv2d_config field 'block_h' (expected one of: weights_dtype, "
        "shard_layout, act_block_h_override, act_block_w_div, transpose_shards, full_inner_dim, "
        "enable_activation_reuse, enable_kernel_stride_folding) or a field tt-mlir writes "
        "(activation, deallocate_activation, reallocate_halo_output, reshard_if_not_optimal, "
        "override_sharding_config, core_grid, output_layout, enable_act_double_buffer, "
        "enable_weights_double_buffer, config_tensors_in_dram)",
    ),
    (
        "#ttnn.conv2d_config<full_inner_dim = true, full_inner_dim = true>",
        "duplicate #ttnn.conv2d_config field 'full_inner_dim'",
    ),
    ("#ttnn.conv2d_config<weights_dtype = f16>", "Expected `f32`, `bf16`, or `bfp8_b`."),
    ("#ttnn.conv2d_config<transpose_shards = 1>", "Expected boolean literal"),
    (
        "#ttnn.device_compute_kernel_config<math_fidelity = hifi5>",
        "Expected `lofi`, `hifi2`, `hifi3`, or `hifi4`.",
    ),
    ("#ttnn.shard_spec<shape = 32x32>", "#ttnn.shard_spec needs the field(s): grid"),
    (
        "#ttnn.memory_config<#ttnn.layout<tile>, <interleaved>>",
        "#ttnn.memory_config expected a #ttnn.buffer_type first",
    ),
    (
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.layout<tile>>",
        "#ttnn.memory_config expected a #ttnn.shard_spec",
    ),
    ("#ttnn.layout<tiled>", "Expected `row_major`, or `tile`."),
    (
        "#ttnn.tensor_layout<tile, physical = 32x32, physical = 32x32>",
        "duplicate #ttnn.tensor_layout physical shape",
    ),
    (
        "#ttnn.tensor_layout<tile, #ttnn.layout<tile>>",
        "#ttnn.tensor_layout expected a #ttnn.memory_config or 'physical = AxBx...'",
    ),
]


@pytest.mark.parametrize(("text", "message"), ATTRIBUTE_PARSE_ERRORS)
def test_attribute_parse_errors(ctx: Context, text: str, message: str) -> None:
    with pytest.raises(ParseError) as error:
        parse_attr(ctx, text)
    assert error.value.msg == message


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


# ---------------------------------------------------------------------------------------------
# dialect.diagnostics: locations and one-line errors
# ---------------------------------------------------------------------------------------------

T = "#ttnn.tensor_layout<tile>"
MODULE = (
    f"func.func @f(%g: tensor<32x32xbf16, {T}>) {{\n"
    f"  %0 = ttnn.typecast %g : tensor<32x32xbf16, {T}> -> tensor<32x32xf32, {T}>\n"
    f"    %1 = ttnn.typecast %g : tensor<32x32xbf16, {T}> -> tensor<64x32xf32, {T}>\n"
    "  func.return\n"
    "}\n"
)


def locations(module: ModuleOp) -> list[tuple[str, str | None]]:
    return [(op.name, format_location(op.location)) for op in module.walk()]


def test_parse_module_locates_every_operation(ctx: Context) -> None:
    module = parse_module(ctx, MODULE, "in.mlir")
    assert locations(module) == [
        ("builtin.module", None),
        ("func.func", "in.mlir:1:1"),
        ("ttnn.typecast", "in.mlir:2:3"),
        ("ttnn.typecast", "in.mlir:3:5"),
        ("func.return", "in.mlir:4:3"),
    ]
    assert isinstance(module.location, UnknownLoc)  # the implicit module has no text
    shifted = parse_module(ctx, MODULE, "in.mlir", line_offset=10)
    assert locations(shifted)[2] == ("ttnn.typecast", "in.mlir:12:3")


def test_parse_module_keeps_written_locations(ctx: Context) -> None:
    text = 'func.func @f() {\n  func.return loc("x.py":7:9)\n}\n'
    module = parse_module(ctx, text, "in.mlir")
    ret = list(module.walk())[-1]
    assert isinstance(ret.location, FileLineColLoc)
    assert format_location(ret.location) == "x.py:7:9"


def test_verify_module_names_the_failing_op(ctx: Context) -> None:
    module = parse_module(ctx, MODULE, "in.mlir", line_offset=4)
    with pytest.raises(TTNNError) as error:
        verify_module(module)
    assert error.value.stage == "verify"
    assert error.value.location == "in.mlir:7:5"
    assert str(error.value) == (
        "in.mlir:7:5: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal the "
        "input shape [32, 32]"
    )
    valid = parse_module(ctx, MODULE.replace("64x32xf32", "32x32xf32"), "in.mlir")
    verify_module(valid)


TB = "tensor<1x1x1x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>"
PARSE_ERRORS: list[tuple[str, str]] = [
    # A syntax error: at the offending token, shifted by line_offset.
    (
        "func.func @f(%x: tensor<4xf32, #ttnn.tensor_layout<tiled>>)\n",
        "in.mlir:3:52: error: Expected `row_major`, or `tile`.",
    ),
    # An attribute's verifier: at the attribute.
    (
        "func.func @f() attributes {c = #ttnn.conv2d_config<act_block_w_div = 0>}\n",
        "in.mlir:3:32: error: #ttnn.conv2d_config expected act_block_w_div to be positive, got 0",
    ),
    # An i32 property out of range: at the op, naming it (no traceback, no missing location).
    (
        "func.func @f(%g: tensor<1x1x1x32xf32>) {\n"
        f"  %1 = ttnn.conv_bias_layout %g width = 4294967296 : tensor<1x1x1x32xf32> -> {TB}\n"
        "  func.return\n"
        "}\n",
        "in.mlir:4:3: error: 'ttnn.conv_bias_layout' op Integer value 4294967296 is out of range "
        "for type i32 which supports values in the range [-2147483648, 4294967296)",
    ),
    # xDSL's unchecked parameter count: a diagnostic, not a ValueError traceback.
    (
        "func.func private @f(!ttnn.bfp8_b<8>)\n",
        "in.mlir:3:22: error: invalid parameters for !ttnn.bfp8_b: zip() argument 2 is longer "
        "than argument 1",
    ),
]


@pytest.mark.parametrize(("text", "message"), PARSE_ERRORS)
def test_parse_module_errors(ctx: Context, text: str, message: str) -> None:
    with pytest.raises(TTNNError) as error:
        parse_module(ctx, text, "in.mlir", line_offset=2)
    assert error.value.stage == "parse"
    assert str(error.value) == message


def test_located_diagnostic_is_one_line() -> None:
    (value,) = values(MemRefType(f32, (4,)))
    op = TypecastOp(value, F32_TILE)
    op.location = FileLineColLoc(StringAttr("x.mlir"), IntAttr(3), IntAttr(5))
    with pytest.raises(VerifyException) as error:
        op.verify()
    located = located_diagnostic(op, error.value)
    assert str(located) == (
        "x.mlir:3:5: error: 'ttnn.typecast' op operand 'input' at position 0 does not verify: "
        "memref<4xf32> should be of base attribute tensor"
    )
    plain = located_diagnostic(op, VerifyException("Operation does not verify: bad"))
    assert str(plain) == "x.mlir:3:5: error: 'ttnn.typecast' op bad"
    assert format_location(UnknownLoc()) is None
    assert str(TTNNError("no position", None)) == "no position"


# ---------------------------------------------------------------------------------------------
# ttnn-opt in process: one-line errors, exit status 1
# ---------------------------------------------------------------------------------------------


def run_opt(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_request:
        ttnn_opt.main(args)
        raise SystemExit(0)
    captured = capsys.readouterr()
    code = exit_request.value.code
    return (0 if code is None else int(code)), captured.out, captured.err


def test_ttnn_opt_errors_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(MODULE)
    assert run_opt([str(source)], capsys) == (
        1,
        "",
        f"{source}:3:5: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal "
        "the input shape [32, 32]\n",
    )
    assert run_opt([str(source), "--bogus"], capsys) == (
        1,
        "",
        "ttnn-opt: error: unrecognized arguments: --bogus\n",
    )
    assert run_opt([str(source), "-p", "ttnn-lower{x=1"], capsys) == (
        1,
        "",
        "ttnn-opt: error: pass-pipeline:1:15: Malformed pass arguments, expected either a "
        "space or `}` here\n",
    )
    output = tmp_path / "out.mlir"
    code, out, err = run_opt([str(source), "--verify-diagnostics", "-o", str(output)], capsys)
    assert (code, err) == (0, "")
    assert out == (
        f"{source}:3:5: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal "
        "the input shape [32, 32]\n"
    )
    assert output.read_text() == ""  # the only chunk failed as expected: nothing to print

"""Tests of `ttnn.prepare_conv_weights` / `prepare_conv_bias` built from Python: the inferred
result types (semantics.md §3.7), the module grid, and each invalid case with its message."""

from __future__ import annotations

import pytest
from dialect_helpers import (
    in_module,
    values,
    verify_error,
)
from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntegerAttr,
    StringAttr,
    TensorType,
    bf16,
    f16,
    f32,
    i32,
)
from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv_transpose import ConvTranspose2dParameters
from ttnn_xdsl.core.enums import (
    BufferType,
    DataType,
    Layout,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    Conv2dConfigAttr,
    DataTypeAttr,
    DeviceComputeKernelConfigAttr,
    LayoutAttr,
    MemoryConfigAttr,
)
from ttnn_xdsl.dialect.device import module_device
from ttnn_xdsl.dialect.prepare_ops import (
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
)
from ttnn_xdsl.dialect.tensor_types import tensor_info, tensor_type

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


L1_INTERLEAVED = MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.INTERLEAVED)
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
    assert op.conv_parameters().padding == (1, 1)  # as written
    assert op.resolve().params.padding == (1, 1, 1, 1)  # normalized once, by the resolution
    assert op.conv_parameters().grid == (8, 8)


def test_prepare_conv_weights_every_optional_property() -> None:
    op = prepare_weights(
        TensorType(bf16, (64, 64, 3, 3)),
        tensor_type((1, 1, 576, 64), DataType.BFLOAT8_B, physical=(1, 1, 576, 64)),
        input_layout=Layout.TILE,
        # L1: TT-NN 0.81.1 cannot prepare bfloat8_b weights for a 3×3 conv run from DRAM.
        input_memory_config=L1_INTERLEAVED,
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
    assert module_device(on_2x2).grid == (2, 2)
    assert on_2x2.inferred_result_type() == tensor_type(
        (1, 1, 576, 64), DataType.FLOAT32, physical=(1, 1, 576, 64)
    )
    bad_grid = prepare_weights()
    in_module(bad_grid, {"ttnn.grid": DenseArrayBase.from_list(i32, [8])})
    with pytest.raises(VerifyException) as error:
        module_device(bad_grid)
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
        "expected the height_sharded input_memory_config to carry a shard spec",
    ),
    (
        {
            "input_layout": Layout.TILE,
            "input_memory_config": MemoryConfigAttr(
                BufferType.DRAM, TensorMemoryLayout.BLOCK_SHARDED
            ),
        },
        "expected the block_sharded input_memory_config to carry a shard spec",
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
    """The bias op of `conv_properties`, with conv_config.weights_dtype f32 unless overridden
    (TT-NN 0.81.1's prepare_conv_bias needs one)."""
    overrides.setdefault("conv_config", Conv2dConfigAttr(weights_dtype=DataType.FLOAT32))
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
            {
                "conv_config": Conv2dConfigAttr(weights_dtype=DataType.BFLOAT8_B),
                "input_memory_config": L1_INTERLEAVED,
            },
            "expected result type tensor<1x1x1x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, "
            "physical = 1x1x32x32>> (inferred from the conv parameters), got "
            "tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>",
        ),
        (
            {"conv_config": None},
            "prepare_conv_bias needs conv_config.weights_dtype: TT-NN 0.81.1's "
            "prepare_conv_bias reads it unconditionally (it has no weight to take the dtype "
            'from) and fails without it (TT-NN: "bad optional access")',
        ),
        (
            {"conv_config": Conv2dConfigAttr(weights_dtype=DataType.BFLOAT8_B)},
            "TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a "
            "DRAM input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan "
            "its DRAM slices it builds a row-major bfloat8_b placeholder weight, which TT-NN "
            'rejects (TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")',
        ),
    ],
)
def test_prepare_conv_bias_invalid(overrides: dict[str, object], message: str) -> None:
    assert verify_error(prepare_bias(**overrides)) == f"'ttnn.prepare_conv_bias' op {message}"


# ---------------------------------------------------------------------------------------------
# ttnn.prepare_conv_transpose2d_weights / ttnn.prepare_conv_transpose2d_bias
# ---------------------------------------------------------------------------------------------


def test_the_transposed_ops_properties_derive_from_the_conv2d_ones() -> None:
    """TT-NN's keyword names in its order: prepare_conv_weights' with output_padding after
    padding, slice_config as dram_slice_config and mirror_kernel last; tt-mlir spells them
    as its TTNNOps.td does."""
    weights = [prop.name for prop in PrepareConvTranspose2dWeightsOp.PROPERTIES]
    conv2d = [prop.name for prop in PrepareConvWeightsOp.PROPERTIES]
    expected = [name for name in conv2d if name != "slice_config"]
    expected.insert(expected.index("padding") + 1, "output_padding")
    assert weights == [*expected, "dram_slice_config", "mirror_kernel"]
    bias = [prop.name for prop in PrepareConvTranspose2dBiasOp.PROPERTIES]
    assert bias == [
        name
        for name in weights
        if name not in ("weights_format", "has_bias", "output_padding", "mirror_kernel")
    ]
    tt_mlir = [prop.spelled(tt_mlir=True) for prop in PrepareConvTranspose2dWeightsOp.PROPERTIES]
    assert tt_mlir == [
        "input_memory_config", "input_tensor_layout", "weights_format", "in_channels",
        "out_channels", "batch_size", "input_height", "input_width", "kernel_size", "stride",
        "padding", "output_padding", "dilation", "has_bias", "groups", "conv2d_config",
        "compute_config", "input_dtype", "output_dtype", "conv2d_slice_config", "mirror_kernel",
    ]  # fmt: skip
    defaults = {prop.name: prop.default for prop in PrepareConvTranspose2dWeightsOp.PROPERTIES}
    assert defaults["weights_format"] == "IOHW"
    assert defaults["output_padding"] == (0, 0)
    assert defaults["mirror_kernel"] is True


TRANSPOSE_WEIGHT = TensorType(f32, (16, 24, 3, 3))
TRANSPOSE_PREPARED = tensor_type((1, 1, 144, 24), DataType.BFLOAT16, physical=(1, 1, 288, 32))


def transposed(**overrides: object) -> dict[str, object]:
    """ConvTranspose2d(16, 24, 3, stride=2, padding=1) on a 1×6×5 L1 TILE input, HEIGHT, bf16
    (TT-NN 0.81.1: [1, 1, 288, 32] for the logical [1, 1, 144, 24])."""
    plain: dict[str, object] = dict(
        input_memory_config=MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.INTERLEAVED),
        in_channels=16,
        out_channels=24,
        batch_size=1,
        input_height=6,
        input_width=5,
        kernel_size=(3, 3),
        stride=(2, 2),
        padding=(1, 1),
        conv_config=Conv2dConfigAttr(
            weights_dtype=DataType.BFLOAT16, shard_layout=TensorMemoryLayout.HEIGHT_SHARDED
        ),
    )
    plain.update(overrides)
    return plain


def test_prepare_conv_transpose2d_weights_from_python() -> None:
    (weight,) = values(TRANSPOSE_WEIGHT)
    op = PrepareConvTranspose2dWeightsOp(weight, **transposed(output_padding=(1, 1)))
    assert op.result.type == TRANSPOSE_PREPARED
    # The builder writes its defaults: weights_format "IOHW", mirror_kernel true.
    assert op.value_of("weights_format") == "IOHW"
    assert op.properties["mirror_kernel"] == IntegerAttr.from_bool(True)
    params = op.conv_parameters()
    assert isinstance(params, ConvTranspose2dParameters)
    assert (params.output_padding, params.mirror_kernel, params.padding) == ((1, 1), True, (1, 1))
    # The transposed op's plan, and the equivalent conv2d's: a 6×5 input with output 12×10
    # ((6 − 1)·2 − 2 + 2 + 1 + 1) read as the stride-1 conv on 14×12.
    plan = op.transpose_plan()
    assert plan.output_size == (12, 10)
    assert (op.resolve().params.input_height, op.resolve().params.input_width) == (14, 12)
    assert op.resolve() is plan.conv


def test_absent_output_padding_and_mirror_kernel_read_as_their_defaults() -> None:
    (weight,) = values(TRANSPOSE_WEIGHT)
    properties = PrepareConvTranspose2dWeightsOp.declared_properties(
        {**transposed(), "has_bias": False}
    )
    del properties["output_padding"], properties["mirror_kernel"]
    op = PrepareConvTranspose2dWeightsOp.build(
        operands=[weight], result_types=[TRANSPOSE_PREPARED], properties=properties
    )
    op.verify()
    params = op.conv_parameters()
    assert isinstance(params, ConvTranspose2dParameters)
    assert (params.output_padding, params.mirror_kernel) == ((0, 0), True)


@pytest.mark.parametrize(
    ("weight_type", "overrides", "message"),
    [
        (
            TensorType(f32, (24, 16, 3, 3)),
            {},
            "expected in_channels 16 to match the weight's dim 0 24 (IOHW shape [24, 16, 3, 3])",
        ),
        (
            TensorType(f32, (16, 24, 3, 3)),
            {"groups": 2},
            "expected the weight's dim 1 24 to be out_channels / groups = 24 / 2 = 12",
        ),
        (
            TRANSPOSE_WEIGHT,
            {"weights_format": "OIHW"},
            'expected weights_format "IOHW", got "OIHW"',
        ),
        (
            TensorType(f16, (16, 24, 3, 3)),
            {},
            "weight_tensor: expected element type f32, bf16 or !ttnn.bfp8_b, got f16",
        ),
    ],
)
def test_prepare_conv_transpose2d_weights_invalid(
    weight_type: Attribute, overrides: dict[str, object], message: str
) -> None:
    (weight,) = values(weight_type)
    properties = PrepareConvTranspose2dWeightsOp.declared_properties(
        {**transposed(), "has_bias": False, **overrides}
    )
    op = PrepareConvTranspose2dWeightsOp.build(
        operands=[weight], result_types=[TRANSPOSE_PREPARED], properties=properties
    )
    assert verify_error(op) == f"'ttnn.prepare_conv_transpose2d_weights' op {message}"


def test_prepare_conv_transpose2d_bias_from_python() -> None:
    (bias,) = values(TensorType(bf16, (1, 1, 1, 24)))
    op = PrepareConvTranspose2dBiasOp(bias, **transposed())
    # The bias of the equivalent conv2d on 13×11 (no output_padding): Cout 24 → 32.
    assert op.result.type == tensor_type((1, 1, 1, 24), DataType.BFLOAT16, physical=(1, 1, 32, 32))
    assert op.has_bias_value
    with pytest.raises(ConvConfigError) as error:  # the builder's refusal: a TTNNError
        PrepareConvTranspose2dBiasOp(bias, **transposed(conv_config=None))
    assert str(error.value) == (
        "'ttnn.prepare_conv_transpose2d_bias' op prepare_conv_transpose2d_bias needs "
        "conv_config.weights_dtype (TT-NN 0.81.1 fails with 'bad optional access' without it)"
    )


BUILDER_KEYWORDS: dict[str, object] = {
    "in_channels": 3,
    "out_channels": 2,
    "batch_size": 1,
    "input_height": 8,
    "input_width": 8,
    "kernel_size": (3, 3),
    "conv_config": Conv2dConfigAttr(weights_dtype=DataType.FLOAT32),
}


@pytest.mark.parametrize(
    ("overrides", "error_type", "message"),
    [
        (
            # Once xDSL's VerifyException (a ConvConfigError its cause).
            {"in_channels": -3},
            ConvConfigError,
            "'ttnn.prepare_conv_weights' op expected in_channels to be positive, got -3",
        ),
        (
            {"groups": 0},
            ConvConfigError,
            "'ttnn.prepare_conv_weights' op expected groups 0 to be positive and divide "
            "in_channels 3 and out_channels 2",
        ),
        (
            # Once "AttributeError: 'float' object has no attribute 'data'".
            {"in_channels": 3.0},
            TypeError,
            "in_channels: expected an int, got 3.0 (float)",
        ),
        (
            {"kernel_size": "33"},
            TypeError,
            "kernel_size: expected a sequence of ints, got '33' (str)",
        ),
        (
            {"stride": (1, 1.5)},
            TypeError,
            "stride: expected a sequence of ints, got 1.5 (float)",
        ),
        (
            # Once an AssertionError ('stride') when the plan read it.
            {"stride": None},
            TypeError,
            "ttnn.prepare_conv_weights needs the property 'stride', got None",
        ),
        (
            # Once true: a non-empty string.
            {"has_bias": "no"},
            TypeError,
            "has_bias: expected a bool, got 'no' (str)",
        ),
        (
            {"weights_format": 7},
            TypeError,
            "weights_format: expected a str, got 7 (int)",
        ),
    ],
    ids=[
        "negative",
        "groups 0",
        "float",
        "string array",
        "float in array",
        "None",
        "string bool",
        "int string",
    ],
)
def test_a_builder_refuses_parameters_in_the_project_s_errors(
    overrides: dict[str, object], error_type: type[Exception], message: str
) -> None:
    """PrepareConvWeightsOp from Python: a value of the wrong kind is a TypeError naming the
    parameter, an invalid conv the ConvConfigError (a TTNNError) the verifier words — never
    xDSL's VerifyException, an AttributeError or an AssertionError."""
    (weight,) = values(WEIGHT)
    with pytest.raises(Exception) as error:
        PrepareConvWeightsOp(weight, **{**BUILDER_KEYWORDS, **overrides})
    assert type(error.value) is error_type
    assert str(error.value) == message

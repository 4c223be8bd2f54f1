"""tt-mlir's `ttnn.conv2d`, imported by `import-tt-mlir-conv2d` (after `import-tt-mlir`) and
run: values against the float64 reference conv (`conv.conv_reference`) — the real Z-Image VAE
conv_in tt-mlir wrote (its weight and bias prepared by const-eval functions), and
tests/filecheck/tt-mlir/conv2d-run.mlir's forms (a const-eval weight, host operands the conv
prepares, a prepared weight given as an argument) — and its refusals, one line at the op;
tt-mlir's `ttnn.conv_transpose2d` in the same forms (tests/filecheck/tt-mlir/
conv_transpose2d-run.mlir) against the transposed conv's definition (`transposed_reference`),
and a refusal of TT-NN's in its words.

Values are small integers (and halves): exact in bfloat16, their products and sums exact in
float32, so where the conv accumulates and writes float32 it equals the reference exactly;
with bfloat16 partials and output it is within the roundings stated in semantics.md §9.7."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from transposed_reference import transposed_reference

from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.dialect.tt_mlir_names import TT_MLIR_OP_PROPERTIES
from ttnn_xdsl.passes.import_tt_mlir_conv2d import TT_MLIR_CONV_PROPERTIES
from ttnn_xdsl.program import Program

TT_MLIR = Path(__file__).parent / "filecheck" / "tt-mlir"
PIPELINE = "import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower"
RUN_FILE = TT_MLIR / "conv2d-run.mlir"
BIN = Path(sys.executable).parent


def integers(shape: tuple[int, ...], seed: int) -> np.ndarray:
    values = np.random.default_rng(seed).integers(-4, 5, shape)
    return (values / 2).astype(np.float32)


def bfloat16(values: np.ndarray) -> np.ndarray:
    return values.astype(ml_dtypes.bfloat16)


def within_bfloat16_roundings(got: np.ndarray, exact: np.ndarray, magnitude: np.ndarray) -> bool:
    """Each K block's partial and the output rounded to bfloat16: within 4 bfloat16 steps
    (2⁻⁸ relative) of Σ|a·w| (3 K blocks here)."""
    return bool(np.all(np.abs(got - exact) <= 4 * 2.0**-8 * magnitude))


def load(path: Path, entry: str) -> Program:
    return Program.load(path.read_text(), entry=entry, passes=PIPELINE, filename=path.name)


def test_real_vae_conv_in_runs_end_to_end() -> None:
    # The Z-Image VAE decoder's conv_in as tt-mlir wrote it (Blackhole 13×10): 16 → 512
    # channels, 3×3, padding 1, on 160×90; the bias [512] reshaped and permuted by one
    # const-eval function, the weight prepared by another, the conv in @main. Its compute
    # config accumulates in float32; the partials between the three K blocks and the output
    # are bfloat16.
    bias = integers((512,), seed=1)
    weight = integers((512, 16, 3, 3), seed=2)
    image = integers((1, 160, 90, 16), seed=3)
    program = load(TT_MLIR / "real_vae_conv_in_device_bias.mlir", "main")
    (output,) = program.run(
        [bfloat16(bias), bfloat16(weight), bfloat16(image.reshape(1, 1, 14400, 16))]
    )
    assert output.logical_shape == (1, 1, 14400, 512)
    exact = reference_conv2d(image, weight, padding=(1, 1), bias=bias)
    magnitude = reference_conv2d(np.abs(image), np.abs(weight), padding=(1, 1), bias=np.abs(bias))
    got = output.to_numpy().astype(np.float64)
    assert within_bfloat16_roundings(got, exact, magnitude)
    assert np.count_nonzero(got != exact) > 0  # bfloat16 rounded some


def test_host_weight_and_bias_are_prepared_by_the_conv() -> None:
    # float32 input and output, float32 accumulation, bfloat16 weights: exact.
    image = integers((1, 6, 6, 16), seed=4)
    weight = integers((64, 16, 3, 3), seed=5)
    bias = integers((1, 1, 1, 64), seed=6)
    program = load(RUN_FILE, "host_weight_and_bias")
    (output,) = program.run([image.reshape(1, 1, 36, 16), weight, bias])
    reference = reference_conv2d(image, weight, stride=(2, 2), padding=(1, 1), bias=bias)
    np.testing.assert_array_equal(output.to_numpy(), reference)


def test_a_const_eval_weight_and_the_same_weight_given_prepared() -> None:
    # @forward prepares its weight in a const-eval function (ttcore.load_cached); the same
    # prepared tensor given as @prepared_argument's argument (typed by its logical shape in
    # the file) computes the same. TT-NN's default compute config here: bfloat16 DEST.
    image = integers((1, 8, 8, 3), seed=7)
    weight = integers((32, 3, 3, 3), seed=8)
    flat = bfloat16(image.reshape(1, 1, 64, 3))
    (forward,) = load(RUN_FILE, "forward").run([flat, bfloat16(weight)])
    (prepared,) = load(RUN_FILE, "forward_const_eval_0").run([bfloat16(weight)])
    (given,) = load(RUN_FILE, "prepared_argument").run([flat, prepared])
    assert forward.to_bytes() == given.to_bytes()
    exact = reference_conv2d(image, weight, padding=(1, 1))
    magnitude = reference_conv2d(np.abs(image), np.abs(weight), padding=(1, 1))
    assert within_bfloat16_roundings(forward.to_numpy().astype(np.float64), exact, magnitude)


TRANSPOSED_RUN_FILE = TT_MLIR / "conv_transpose2d-run.mlir"
DATA = Path(__file__).parent / "data" / "ttnn_reference" / "conv2d_op"


@pytest.mark.parametrize("entry", ["forward", "inline_prepare", "host_weight_and_bias"])
def test_a_conv_transpose2d_in_each_form_equals_the_reference(entry: str) -> None:
    # ConvTranspose2d(16, 24, 3, stride=2, padding=1, output_padding=1) on 1×6×5: the weight
    # prepared by a const-eval function, inline, or by the conv itself. float32 input and
    # output, float32 accumulation, bfloat16 weights: exact.
    image = integers((1, 6, 5, 16), seed=11)
    weight = integers((16, 24, 3, 3), seed=12)  # IOHW
    bias = integers((1, 1, 1, 24), seed=13)
    program = load(TRANSPOSED_RUN_FILE, entry)
    (output,) = program.run([image.reshape(1, 1, 30, 16), weight, bias])
    assert output.logical_shape == (1, 1, 120, 24)
    reference = transposed_reference(image, weight, (2, 2), (1, 1), (1, 1)) + bias.reshape(-1)
    np.testing.assert_array_equal(output.to_numpy(), reference)


def test_ttnn_run_computes_a_tt_mlir_conv_transpose2d(tmp_path: Path) -> None:
    # The command line: ttnn-run imports @host_weight_and_bias, runs it on the inputs given as
    # .npy files and writes the float32 output, equal to the reference.
    image = integers((1, 6, 5, 16), seed=14)
    weight = integers((16, 24, 3, 3), seed=15)
    bias = integers((1, 1, 1, 24), seed=16)
    arguments = []
    for index, values in enumerate((image.reshape(1, 1, 30, 16), weight, bias)):
        np.save(tmp_path / f"arg{index}.npy", values)
        arguments += ["--input", f"{index}={tmp_path / f'arg{index}.npy'}"]
    output = tmp_path / "out.npz"
    run = subprocess.run(
        [
            Path(sys.executable).parent / "ttnn-run",
            TRANSPOSED_RUN_FILE,
            "-p",
            PIPELINE,
            "--entry",
            "host_weight_and_bias",
            *arguments,
            "--output",
            output,
        ],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    reference = transposed_reference(image, weight, (2, 2), (1, 1), (1, 1)) + bias.reshape(-1)
    np.testing.assert_array_equal(np.load(output)["result0"], reference)


def test_a_conv_transpose2d_given_its_prepared_weight_as_an_argument() -> None:
    # The weight @forward_const_eval_0 prepares, given to @prepared_argument (typed by its
    # logical shape in the file): the conv reads it as given, no bias.
    image = integers((1, 6, 5, 16), seed=11)
    weight = integers((16, 24, 3, 3), seed=12)
    bias = integers((1, 1, 1, 24), seed=13)
    prepared, _ = load(TRANSPOSED_RUN_FILE, "forward_const_eval_0").run([weight, bias])
    (output,) = load(TRANSPOSED_RUN_FILE, "prepared_argument").run(
        [image.reshape(1, 1, 30, 16), prepared]
    )
    reference = transposed_reference(image, weight, (2, 2), (1, 1), (1, 1))
    np.testing.assert_array_equal(output.to_numpy(), reference)


def test_a_conv_transpose2d_tt_nn_refuses_is_refused_in_its_words_at_the_conv() -> None:
    # The dev set's r0140 as tt-mlir writes it: ConvTranspose2d(384, 1024, 3, stride=2,
    # output_padding=(0, 1)) on a 7×7 L1 input, HEIGHT, bfloat8_b weights, act_block_w_div
    # 4: the conv program's circular buffers exceed the L1. TT-NN's message, word for word.
    answers = json.loads(
        gzip.decompress(
            (DATA / "ttnn_conv_transpose2d_wormhole_N150_s103.json.gz").read_bytes()
        ).decode("utf-8")
    )
    module = "\n".join(
        [
            "#l1 = #ttnn.buffer_type<l1>",
            "#system_memory = #ttnn.buffer_type<system_memory>",
            "#weight = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 3072 + d1 * 3 + d2, d3), "
            "<1x1>, memref<1179648x3xf32, #system_memory>>",
            "#bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, "
            "memref<1x1024xf32, #system_memory>>",
            "#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 49 + d1 * 49 + d2, d3), <1x1>, "
            "memref<49x384xbf16, #l1>, <interleaved>>",
            "#output = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 240 + d1 * 240 + d2, d3), "
            "<1x1>, memref<8x32x!ttcore.tile<32x32, bf16>, #l1>, <interleaved>>",
            "func.func @f(%x: tensor<1x1x49x384xbf16, #input>, %w: tensor<384x1024x3x3xf32, "
            "#weight>, %b: tensor<1x1x1x1024xf32, #bias>) -> tensor<1x1x240x1024xbf16, #output> {",
            '  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> '
            "!ttnn.device",
            '  %y = "ttnn.conv_transpose2d"(%x, %w, %b, %d) <{in_channels = 384 : i32, '
            "out_channels = 1024 : i32, batch_size = 1 : i32, input_height = 7 : i32, input_width "
            "= 7 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 2, 2>, padding = "
            "array<i32: 0, 0>, output_padding = array<i32: 0, 1>, dilation = array<i32: 1, 1>, "
            "groups = 1 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype = bfp_bf8, "
            "shard_layout = height_sharded, act_block_w_div = 4, transpose_shards = true>, dtype "
            "= #ttcore.supportedDataTypes<bf16>}> : (tensor<1x1x49x384xbf16, #input>, "
            "tensor<384x1024x3x3xf32, #weight>, tensor<1x1x1x1024xf32, #bias>, !ttnn.device) -> "
            "tensor<1x1x240x1024xbf16, #output>",
            "  return %y : tensor<1x1x240x1024xbf16, #output>",
            "}",
        ]
    )
    with pytest.raises(TTNNError) as error:
        Program.load(module, passes=PIPELINE, filename="conv.mlir")
    assert str(error.value) == (
        "conv.mlir:9:3: error: 'ttnn.conv_transpose2d' op TT-NN 0.81.1's conv2d refuses this "
        f"conv: {answers['r0140']['error_info']}"
    )


HOST = "<1x1>, memref<288x3xbf16, #system_memory>>"
TILES = "<1x1>, memref<{}x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>"
MODULE = "\n".join(
    [
        "#dram = #ttnn.buffer_type<dram>",
        "#system_memory = #ttnn.buffer_type<system_memory>",
        f"#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), {HOST}",
        "#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 64 + d1 * 64 + d2, d3), "
        + TILES.format("2x1"),
        "#wide = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), "
        + TILES.format("1x2"),
        "#bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), "
        + TILES.format("1x1"),
        "#result = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * PIXELS + d1 * PIXELS + d2, d3), "
        + TILES.format("RESULT_TILESx1"),
        "func.func @f(%x: tensor<1x1x64x3xbf16, #input>, %w: tensor<32x3x3x3xbf16, #host>, "
        "%b: BIAS) -> tensor<1x1xPIXELSx32xbf16, #result> {",
        '  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device',
        '  %y = "ttnn.conv2d"(%x, %w, %b, %d) <{in_channels = 3 : i32, out_channels = 32 : i32, '
        "batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = "
        "array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = "
        "array<i32: 1, 1>, groups = 1 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype "
        "= bf16, shard_layout = height_sharded>, dtype = #ttcore.supportedDataTypes<bf16>}> : "
        "(tensor<1x1x64x3xbf16, #input>, tensor<32x3x3x3xbf16, #host>, BIAS, !ttnn.device) -> "
        "tensor<1x1xPIXELSx32xbf16, #result>",
        "  return %y : tensor<1x1xPIXELSx32xbf16, #result>",
        "}",
    ]
)
"""A 3×3 conv, 3 → 32 channels on 8×8, HEIGHT, its bias (BIAS) given prepared, its result
[1, 1, PIXELS, 32]: the conv is line 10 (`module_text`)."""


def module_text(bias_type: str = "tensor<1x1x1x32xbf16, #bias>", pixels: int = 64) -> str:
    """MODULE with its bias of `bias_type` and a result of `pixels` rows (its layout's tiles
    to match)."""
    return (
        MODULE.replace("BIAS", bias_type)
        .replace("RESULT_TILES", str(-(-pixels // 32)))
        .replace("PIXELS", str(pixels))
    )


def refusal(bias_type: str = "tensor<1x1x1x64xbf16, #wide>", pixels: int = 64) -> str:
    """The one-line error of loading the module with this (deliberately wrong) bias type or
    result size."""
    text = module_text(bias_type, pixels)
    with pytest.raises(TTNNError) as error:
        Program.load(text, passes=PIPELINE, filename="conv.mlir")
    return str(error.value)


def test_a_bias_of_another_width_is_refused_as_tt_nn_refuses() -> None:
    # A prepared bias two tiles wide beside a 32-channel conv's weight (one tile): TT-NN's
    # program factory check (semantics.md §9.3), at the conv.
    assert refusal() == (
        "conv.mlir:10:3: error: 'ttnn.conv2d' op Bias tiles (2) must equal weight matrix width "
        "in tiles (1)"
    )


def test_a_result_of_another_shape_is_refused() -> None:
    assert refusal("tensor<1x1x1x32xbf16, #bias>", pixels=32) == (
        "conv.mlir:10:3: error: 'ttnn.conv2d' op result shape [1, 1, 32, 32] is not the conv's "
        "output [1, 1, 64, 32] ([1, 1, N·OH·OW, Cout])"
    )


@pytest.mark.parametrize(
    ("written", "replacement", "message"),
    [
        (
            "kernel_size = array<i32: 3, 3>, ",
            "",
            "property 'kernel_size' expected",
        ),
        (
            "kernel_size = array",
            "kernal_size = array",
            "property 'kernel_size' expected, got the unknown property 'kernal_size'",
        ),
        (
            "dtype = #ttcore.supportedDataTypes<bf16>",
            "dtype = #ttcore.supportedDataTypes<u32>",
            "dtype u32 is not supported (expected f32, bf16 or bfp_bf8)",
        ),
        (
            "dtype = #ttcore.supportedDataTypes<bf16>",
            "dtype = bf16",
            "expected dtype to be a #ttcore.supportedDataTypes<…>, got bf16",
        ),
        (
            "dtype = #ttcore.supportedDataTypes<bf16>",
            'dtype = "bf16"',
            'expected dtype to be a #ttcore.supportedDataTypes<…>, got "bf16"',
        ),
        (
            "kernel_size = array<i32: 3, 3>",
            "kernel_size = array<i64: 3, 3>",
            "expected kernel_size to be an i32 array (array<i32: N, …>), got array<i64: 3, 3>",
        ),
        (
            "stride = array<i32: 1, 1>",
            "stride = array<f32: 1.0, 1.0>",
            "expected stride to be an i32 array (array<i32: N, …>), got array<f32: "
            "1.000000e+00, 1.000000e+00>",
        ),
        (
            "stride = array<i32: 1, 1>",
            "stride = [1, 1]",
            "expected stride to be an i32 array (array<i32: N, …>), got [1 : i64, 1 : i64]",
        ),
        (
            "kernel_size = array<i32: 3, 3>",
            "kernel_size = array<i32: 3, 3, 3>",
            "expected kernel_size to have 2 positive values, got [3, 3, 3]",
        ),
        (
            "in_channels = 3 : i32",
            "in_channels = 3 : i64",
            "expected in_channels to be an i32 integer (N : i32), got 3 : i64",
        ),
        (
            "conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = "
            "height_sharded>",
            "conv2d_config = 3 : i32",
            "expected conv2d_config to be a #ttnn.conv2d_config<…>, got 3 : i32",
        ),
        (
            "groups = 1 : i32",
            "groups = 1 : i32, conv2d_confg = #ttnn.conv2d_config<weights_dtype = bf16>",
            "has no property 'conv2d_confg' (did you mean 'conv2d_config'?)",
        ),
    ],
    ids=[
        "missing",
        "misspelled",
        "unsupported dtype",
        "dtype a type",
        "dtype a string",
        "i64 array",
        "f32 array",
        "array attribute",
        "three kernel sizes",
        "i64 integer",
        "config an integer",
        "unknown optional property",
    ],
)
def test_a_conv_property_missing_or_unsupported_is_named_at_the_conv(
    written: str, replacement: str, message: str
) -> None:
    # Once: "'ttnn.conv2d' op kernel_size" (a KeyError's text), for the dtype
    # "'builtin.unregistered' op …" (the unregistered op's class name); a dtype or config of
    # another kind was an internal error (an AttributeError), an i64 or f32 array or an
    # unknown optional property was accepted.
    text = module_text()
    assert written in text
    with pytest.raises(TTNNError) as error:
        Program.load(text.replace(written, replacement), passes=PIPELINE, filename="conv.mlir")
    assert str(error.value) == f"conv.mlir:10:3: error: 'ttnn.conv2d' op {message}"


@pytest.mark.parametrize(
    ("replacements", "message"),
    [
        (
            # Once run silently as one device, as prepare_conv2d_weights would not.
            [("mesh_shape 1x1", "mesh_shape 2x4")],
            "runs on a 2x4 device mesh (offset 0x0): ttnn-xdsl runs convs on a single device "
            "(mesh 1x1)",
        ),
        (
            [("mesh_shape 1x1>", "mesh_shape 1x1>, mesh_offset = #ttnn<mesh_offset 0x1>")],
            "runs on a 1x1 device mesh (offset 0x1): ttnn-xdsl runs convs on a single device "
            "(mesh 1x1)",
        ),
        (
            # Once run silently without its bias (read as the device operand).
            [("%b, %d)", "%b)"), (", !ttnn.device) ->", ") ->")],
            "expected its last operand to be the !ttnn.device it runs on, got "
            "tensor<1x1x1x32xbf16, #ttnn.ttnn_layout<(d0, d1, d2, d3) -> ((((d0 * 32) + (d1 * "
            "32)) + d2), d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, "
            "#ttnn.buffer_type<dram>>, <interleaved>>>",
        ),
    ],
    ids=["mesh 2x4", "mesh offset", "no device operand"],
)
def test_a_conv_off_a_single_device_is_refused_at_the_conv(
    replacements: list[tuple[str, str]], message: str
) -> None:
    text = module_text()
    for written, replacement in replacements:
        assert written in text
        text = text.replace(written, replacement)
    with pytest.raises(TTNNError) as error:
        Program.load(text, passes=PIPELINE, filename="conv.mlir")
    assert str(error.value) == f"conv.mlir:10:3: error: 'ttnn.conv2d' op {message}"


@pytest.mark.parametrize(
    ("written", "replacement", "problem"),
    [
        (
            # Once run silently as a [1, 1, 64, 3] input.
            "memref<2x1x!ttcore",
            "memref<7x9x!ttcore",
            "its layout's memref holds 7x9 tiles; the layout map puts the tensor in 64x3 "
            "elements, 2x1 tiles",
        ),
        (
            "#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 64 + d1 * 64 + d2, d3)",
            "#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0, d1)",
            "its layout map (d0, d1, d2, d3) -> (d0, d1) leaves out d2, d3",
        ),
        (
            "#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 64 + d1 * 64 + d2, d3)",
            "#input = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1)",
            "its layout map (d0, d1) -> (d0, d1) takes 2 dims, the tensor has 4",
        ),
    ],
    ids=["memref of another tensor", "map leaving dims out", "rank-2 map"],
)
def test_a_layout_that_is_not_its_tensor_s_is_refused_at_the_function(
    written: str, replacement: str, problem: str
) -> None:
    text = module_text()
    assert written in text
    with pytest.raises(TTNNError) as error:
        Program.load(text.replace(written, replacement), passes=PIPELINE, filename="conv.mlir")
    message = str(error.value)
    assert message.startswith("conv.mlir:8:1: error: argument 0 of @f: tensor<1x1x64x3xbf16, ")
    assert message.endswith(f">: {problem}")


def test_an_input_sharded_in_l1_takes_its_shard_spec_from_its_layout() -> None:
    # ResNet's 3×3, 64 → 128 on 56×56: the input HEIGHT-sharded on 7×7 cores in tt-mlir's
    # layout (core_ranges (0,0)-(6,6), 2×2 tiles per core), which its const-eval preparation
    # names as the shard spec <64x64>; the conv's own preparation reads the same spec.
    image = integers((1, 56, 56, 64), seed=9)
    weight = integers((128, 64, 3, 3), seed=10)
    program = load(TT_MLIR / "resnet_3x3_no_bias.mlir", "resnet_3x3_no_bias")
    (output,) = program.run([bfloat16(image.reshape(1, 1, 3136, 64)), bfloat16(weight)])
    exact = reference_conv2d(image, weight, padding=(1, 1))
    magnitude = reference_conv2d(np.abs(image), np.abs(weight), padding=(1, 1))
    assert within_bfloat16_roundings(output.to_numpy().astype(np.float64), exact, magnitude)


F32_TILES = "<1x1>, memref<{}x!ttcore.tile<32x32, f32>, #dram>, <interleaved>>"
DEPTHWISE_MODULE = "\n".join(
    [
        "#dram = #ttnn.buffer_type<dram>",
        "#system_memory = #ttnn.buffer_type<system_memory>",
        "#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, "
        "memref<32x4xf32, #system_memory>>",
        "#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 64 + d1 * 64 + d2, d3), "
        + F32_TILES.format("2x1"),
        "#output = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 67 + d1 * 67 + d2, d3), "
        + F32_TILES.format("3x1"),
        "func.func @mamba(%x: tensor<1x1x64x32xf32, #input>, %w: tensor<32x1x1x4xf32, #host>) "
        "-> tensor<1x1x67x32xf32, #output> {",
        '  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device',
        '  %y = "ttnn.conv2d"(%x, %w, %d) <{in_channels = 32 : i32, out_channels = 32 : i32, '
        "batch_size = 1 : i32, input_height = 1 : i32, input_width = 64 : i32, kernel_size = "
        "array<i32: 1, 4>, stride = array<i32: 1, 1>, padding = array<i32: 0, 3>, dilation = "
        "array<i32: 1, 1>, groups = 32 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype "
        "= bf16, shard_layout = height_sharded>, compute_config = "
        "#ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = true>, "
        "dtype = #ttcore.supportedDataTypes<f32>}> : (tensor<1x1x64x32xf32, #input>, "
        "tensor<32x1x1x4xf32, #host>, !ttnn.device) -> tensor<1x1x67x32xf32, #output>",
        "  return %y : tensor<1x1x67x32xf32, #output>",
        "}",
    ]
)
"""Mamba's depthwise conv1d as tt-mlir writes it: a conv2d of input height 1, kernel [1, 4],
padding 3 on both sides of the length, groups = channels = 32, float32 in and out."""


def test_a_depthwise_conv1d_runs_on_its_tap_path() -> None:
    # float32 accumulation and output, bfloat16 weights: the taps' products and sums are exact.
    image = integers((1, 1, 64, 32), seed=11)
    weight = integers((32, 1, 1, 4), seed=12)
    program = Program.load(DEPTHWISE_MODULE, passes=PIPELINE, filename="mamba.mlir")
    (output,) = program.run([image.reshape(1, 1, 64, 32), weight])
    reference = reference_conv2d(image, weight, padding=(0, 3), groups=32)
    assert output.logical_shape == (1, 1, 67, 32)
    np.testing.assert_array_equal(output.to_numpy(), reference)


def test_ttnn_opt_refuses_a_dtype_of_another_kind_in_one_line(tmp_path: Path) -> None:
    # Once an internal error (exit status 2: "AttributeError: 'BFloat16Type' object has no
    # attribute 'data'").
    source = tmp_path / "conv.mlir"
    text = module_text()
    source.write_text(text.replace("#ttcore.supportedDataTypes<bf16>", "bf16"))
    output = tmp_path / "out.mlir"
    result = subprocess.run(
        [BIN / "ttnn-opt", source, "-p", "import-tt-mlir,import-tt-mlir-conv2d", "-o", output],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert result.stderr == (
        f"{source}:10:3: error: 'ttnn.conv2d' op expected dtype to be a "
        "#ttcore.supportedDataTypes<…>, got bf16\n"
    )
    assert not output.exists()


def test_the_kinds_checked_are_those_of_every_property_tt_mlir_s_convs_declare() -> None:
    for op in ("conv2d", "conv_transpose2d"):
        names = [prop.spelled(tt_mlir=True) for prop in TT_MLIR_CONV_PROPERTIES[op]]
        assert sorted(names) == sorted(TT_MLIR_OP_PROPERTIES[op])


STEM_FILE = TT_MLIR / "resnet_stem_7x7.mlir"
STEM_LOAD_CACHED = (
    "    %1:2 = ttcore.load_cached(@resnet_stem_7x7_const_eval_0, [%arg1, %arg2]) : "
    "(tensor<64x3x7x7xbf16, #weight_resnet_stem_7x7>, tensor<1x1x1x64xbf16, "
    "#bias_resnet_stem_7x7>) -> (tensor<1x1x147x64xbf16, #weight_resnet_stem_7x7_prepared>, "
    "tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7_prepared>)\n"
)
STEM_WEIGHT = "tensor<64x3x7x7xbf16, #weight_resnet_stem_7x7>"
STEM_BIAS = "tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7>"
STEM_PREPARED_WEIGHT = "tensor<1x1x147x64xbf16, #weight_resnet_stem_7x7_prepared>"
STEM_PREPARED_BIAS = "tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7_prepared>"


def _stem_load_cached(kind: str) -> str:
    """resnet_stem_7x7.mlir with its load_cached (line 108) changed: one result (and the conv
    without a bias), one operand, or a callee the module does not have."""
    text = STEM_FILE.read_text()
    assert text.splitlines(keepends=True)[107] == STEM_LOAD_CACHED
    if kind == "one result":
        changed = (
            "    %1 = ttcore.load_cached(@resnet_stem_7x7_const_eval_0, [%arg1, %arg2]) : "
            f"({STEM_WEIGHT}, {STEM_BIAS}) -> {STEM_PREPARED_WEIGHT}\n"
        )
        text = text.replace('"ttnn.conv2d"(%arg0, %1#0, %1#1, %0)', '"ttnn.conv2d"(%arg0, %1, %0)')
        text = text.replace(
            f"{STEM_PREPARED_WEIGHT}, {STEM_PREPARED_BIAS}, !ttnn.device)",
            f"{STEM_PREPARED_WEIGHT}, !ttnn.device)",
        )
    elif kind == "one operand":
        changed = STEM_LOAD_CACHED.replace("[%arg1, %arg2]", "[%arg1]")
        changed = changed.replace(f"({STEM_WEIGHT}, {STEM_BIAS})", f"({STEM_WEIGHT})")
    else:
        changed = STEM_LOAD_CACHED.replace("@resnet_stem_7x7_const_eval_0", "@nosuch")
    assert changed != STEM_LOAD_CACHED
    return text.replace(STEM_LOAD_CACHED, changed)


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        (
            "one result",
            "incorrect number of results for callee @resnet_stem_7x7_const_eval_0: "
            "expected 2, got 1",
        ),
        (
            "one operand",
            "incorrect number of operands for callee @resnet_stem_7x7_const_eval_0: "
            "expected 2, got 1",
        ),
        ("missing callee", "'@nosuch' does not reference a function"),
    ],
)
def test_a_load_cached_unlike_its_callee_is_one_line_at_it(
    tmp_path: Path, kind: str, message: str
) -> None:
    # Once an internal error (exit status 2: "zip() argument 2 is longer than argument 1")
    # for another number of results, a 'func.call' message without the counts for another
    # number of operands, and a missing callee accepted by the import and then reported at
    # the conv as a prepared weight of the wrong type. Refused by the op's verifier: ttnn-opt
    # without passes, with the imports, and ttnn-run all give the same line.
    source = tmp_path / "stem.mlir"
    source.write_text(_stem_load_cached(kind))
    output = tmp_path / "out.mlir"
    run = ["--entry", "resnet_stem_7x7", "--random-inputs", "0", "--output", tmp_path / "out.npz"]
    commands = [
        [BIN / "ttnn-opt", source, "-o", output],
        [BIN / "ttnn-opt", source, "-p", "import-tt-mlir,import-tt-mlir-conv2d", "-o", output],
        [BIN / "ttnn-run", source, "-p", PIPELINE, *run],
    ]
    for command in commands:
        result = subprocess.run(command, capture_output=True, text=True)
        assert (result.returncode, result.stdout) == (1, "")
        assert result.stderr == f"{source}:108:5: error: 'ttcore.load_cached' op {message}\n"
    assert sorted(tmp_path.iterdir()) == [source]

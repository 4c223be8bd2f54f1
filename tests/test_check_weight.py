"""`ttnn-check-weight` as a model porter meets it: the conv given as its `ttnn.conv2d` or its
`ttnn.prepare_conv_weights` (one of several chosen with `--entry` or `--conv`), and a prepared
weight of another type (shape or dtype) refused in one line naming the file, what it holds and
what the conv reads, exit 1, before anything is computed. The conv: 3 → 17 channels, 3×3, 16×16,
padding 1, whose prepared weight is [1, 1, 27, 17] (27 = 3·3·3 rows) in [1, 1, 96, 32]."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.conv import Conv2dParameters, InputMemoryConfig, resolve_conv_weights
from ttnn_xdsl.core.enums import BufferType, DataType, Layout, TensorMemoryLayout
from ttnn_xdsl.program import run
from ttnn_xdsl.runtime import DeviceTensor
from ttnn_xdsl.runtime.weight_check import check_memory_estimate, check_prepared_weight
from ttnn_xdsl.tools import ttnn_check_weight
from ttnn_xdsl.tools.ascii_output import to_ascii
from ttnn_xdsl.tools.ttnn_check_weight import main as check_weight_main

REPOSITORY = Path(__file__).parent.parent
BIN = Path(sys.executable).parent
BF16 = ml_dtypes.bfloat16

PREPARED_TYPE = "tensor<1x1x27x17x{dtype}, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>"
INPUT_TYPE = (
    "tensor<1x16x16x3xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<"
    "#ttnn.buffer_type<{buffer}>, <interleaved>>>>"
)
OUTPUT_TYPE = (
    "tensor<1x1x256x17xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<"
    "#ttnn.buffer_type<dram>, <interleaved>>>>"
)
CONV_PROPERTIES = (
    "in_channels = 3 out_channels = 17 batch_size = 1 input_height = 16 input_width = 16 "
    "kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 "
    "conv_config = #ttnn.conv2d_config<weights_dtype = {dtype}>"
)


def preparation(name: str, dtype: str = "bf16", buffer: str = "dram", copies: int = 1) -> str:
    """A function preparing the conv's weight (its input in `buffer`) as `dtype`, `copies`
    times (returning the first)."""
    result = PREPARED_TYPE.format(dtype="bf16" if dtype == "bf16" else "!ttnn.bfp8_b")
    prepare = f"""ttnn.prepare_conv_weights %weight
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<{buffer}>, <interleaved>>
      input_layout = #ttnn.layout<row_major> weights_format = "OIHW" has_bias = false
      {CONV_PROPERTIES.format(dtype=dtype)} input_dtype = #ttnn.data_type<bf16>
      : tensor<17x3x3x3xf32> -> {result}
"""
    body = "".join(f"  %w{copy} = {prepare}" for copy in range(copies))
    return f"""
func.func @{name}(%weight: tensor<17x3x3x3xf32>) -> {result} {{
{body}  func.return %w0 : {result}
}}
"""


def conv2d(name: str, weight_type: str, dtype: str = "bf16") -> str:
    """A function running the conv (DRAM input) with a weight of `weight_type`."""
    input_type = INPUT_TYPE.format(buffer="dram")
    return f"""
func.func @{name}(%x: {input_type}, %w: {weight_type}) -> {OUTPUT_TYPE} {{
  %y = ttnn.conv2d %x, %w {CONV_PROPERTIES.format(dtype=dtype)}
      : ({input_type}, {weight_type}) -> {OUTPUT_TYPE}
  func.return %y : {OUTPUT_TYPE}
}}
"""


PREPARED_BF16 = PREPARED_TYPE.format(dtype="bf16")


TRANSPOSED_TYPE = "tensor<1x1x576x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x32>>"


def check_weight(arguments: list[object]) -> int:
    """Run `ttnn-check-weight` in this process; its exit status."""
    try:
        check_weight_main([str(argument) for argument in arguments])
    except SystemExit as stop:
        return int(stop.code or 0)
    return 0


@pytest.fixture(name="weights")
def fixture_weights(tmp_path: Path) -> Path:
    """tmp_path with the original weight (original.npy), its bf16 preparation (bf16.tensorbin,
    and its physical matrix physical.npy) and its bfloat8_b one (bfp8.tensorbin), made by
    the project's prepare op."""
    original = np.random.default_rng(17).standard_normal((17, 3, 3, 3)).astype(np.float32)
    np.save(tmp_path / "original.npy", original)
    module = preparation("bf16") + preparation("bfp8", "bfp8_b", "l1")
    (bf16,) = run(module, {"weight": original}, entry="bf16")
    (bfp8,) = run(module, {"weight": original}, entry="bfp8")
    assert (bf16.physical_shape, bfp8.dtype) == ((1, 1, 96, 32), DataType.BFLOAT8_B)
    bf16.save_tensorbin(tmp_path / "bf16.tensorbin")
    bfp8.save_tensorbin(tmp_path / "bfp8.tensorbin")
    np.save(tmp_path / "physical.npy", bf16.physical_to_numpy())
    return tmp_path


def write(folder: Path, name: str, text: str) -> Path:
    (folder / name).write_text(text)
    return folder / name


def test_a_prepared_weight_of_another_shape_or_dtype_is_a_user_error(
    weights: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The logical [1, 1, 27, 17] values ttnn.to_torch gives, an empty matrix, the prepared
    bias given as the weight, a bf16 weight for a bfloat8_b conv and the reverse: each one
    line naming the file and both types, exit 1 (they were REFUSED in the kernel's terms, exit
    3, or — the dtypes — OK). The physical matrix and the right .tensorbin stay OK."""
    bf16_conv = write(weights, "bf16.mlir", preparation("c17"))
    bfp8_conv = write(weights, "bfp8.mlir", preparation("c17", "bfp8_b", "l1"))
    original = weights / "original.npy"
    logical = weights / "logical.npy"
    np.save(logical, np.zeros((1, 1, 27, 17), np.float32))
    empty = weights / "empty.npy"
    np.save(empty, np.zeros((0, 32), np.float32))
    bias = weights / "bias.tensorbin"
    DeviceTensor.from_numpy(np.ones((1, 1, 1, 17), np.float32), DataType.BFLOAT16).save_tensorbin(
        bias
    )
    mismatch = "the prepared weight does not match the conv's"
    cases = [
        (
            bf16_conv,
            logical,
            "physical shape is [1, 1, 27, 17], expected [1, 1, 96, 32] (or [96, 32]) "
            "([1, 1, 27, 17] is its logical shape, what ttnn.to_torch gives: a .npy holds the "
            "whole physical matrix; give the .tensorbin ttnn.dump_tensor writes instead)",
        ),
        (bf16_conv, empty, "physical shape is [0, 32], expected [1, 1, 96, 32] (or [96, 32])"),
        (
            bf16_conv,
            bias,
            "logical shape is [1, 1, 1, 17], expected [1, 1, 27, 17]; physical shape is "
            "[1, 1, 32, 32], expected [1, 1, 96, 32]",
        ),
        (bfp8_conv, weights / "bf16.tensorbin", "dtype is bf16, expected bfp8_b"),
        (bf16_conv, weights / "bfp8.tensorbin", "dtype is bfp8_b, expected bf16"),
    ]
    for conv, prepared, difference in cases:
        assert check_weight([conv, prepared, original]) == 1, prepared
        assert capsys.readouterr().err == (
            f"ttnn-check-weight: error: {prepared}: {mismatch}: {difference}\n"
        )
    for conv, prepared in [
        (bf16_conv, weights / "physical.npy"),
        (bf16_conv, weights / "bf16.tensorbin"),
        (bfp8_conv, weights / "bfp8.tensorbin"),
    ]:
        assert check_weight([conv, prepared, original]) == 0, prepared
        assert capsys.readouterr().out.startswith("prepared weight OK: ")


def test_the_conv_is_given_as_its_conv2d_op(
    weights: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `ttnn.conv2d` reading the prepared weight (an argument), or preparing it itself (a
    host weight), gives the conv's parameters; with a weight prepared inline and read by the
    conv it is one conv. A conv2d run from DRAM with bfloat8_b weights reads a bfloat8_b
    weight (TT-NN prepares it as bf16 and typecasts): its physical .npy is checked as
    bfloat8_b values rounded from bf16 ones, TT-NN's typecast (read as bf16, or its
    reference rounded from the float32 weight, it was WRONG)."""
    original = weights / "original.npy"
    for text in [
        conv2d("conv", PREPARED_BF16),
        conv2d("conv", "tensor<17x3x3x3xf32>"),
    ]:
        conv = write(weights, "conv.mlir", text)
        assert check_weight([conv, weights / "bf16.tensorbin", original, "--entry", "conv"]) == 0
        assert capsys.readouterr().out.startswith("prepared weight OK: ")
    inline = write(
        weights,
        "inline.mlir",
        f"""
func.func @conv(%x: {INPUT_TYPE.format(buffer="dram")}, %weight: tensor<17x3x3x3xf32>)
    -> {OUTPUT_TYPE} {{
  %w = ttnn.prepare_conv_weights %weight
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
      input_layout = #ttnn.layout<row_major> weights_format = "OIHW" has_bias = false
      {CONV_PROPERTIES.format(dtype="bf16")} input_dtype = #ttnn.data_type<bf16>
      : tensor<17x3x3x3xf32> -> {PREPARED_BF16}
  %y = ttnn.conv2d %x, %w {CONV_PROPERTIES.format(dtype="bf16")}
      : ({INPUT_TYPE.format(buffer="dram")}, {PREPARED_BF16}) -> {OUTPUT_TYPE}
  func.return %y : {OUTPUT_TYPE}
}}
""",
    )
    assert check_weight([inline, weights / "physical.npy", original]) == 0
    assert capsys.readouterr().out.startswith("prepared weight OK: ")
    # The weight ttnn.conv2d prepares on that path: bf16, then bfloat8_b (checked as such).
    device = ttnn.open_device(device_id=0, l1_small_size=16384)
    _, (prepared, _) = ttnn.conv2d(
        input_tensor=ttnn.from_torch(np.zeros((1, 16, 16, 3), np.float32), ttnn.bfloat16),
        weight_tensor=ttnn.from_torch(np.load(original), ttnn.float32),
        device=device,
        in_channels=3,
        out_channels=17,
        batch_size=1,
        input_height=16,
        input_width=16,
        kernel_size=(3, 3),
        padding=(1, 1),
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat8_b),
        return_weights_and_bias=True,
    )
    ttnn.close_device(device)
    ttnn.dump_tensor(str(weights / "dram_bfp8.tensorbin"), prepared)
    bfp8 = DeviceTensor.load_tensorbin(weights / "dram_bfp8.tensorbin")
    assert (bfp8.dtype, bfp8.physical_shape) == (DataType.BFLOAT8_B, (1, 1, 96, 32))
    np.save(weights / "bfp8.npy", bfp8.physical_to_numpy())
    dram_bfp8 = write(weights, "dram_bfp8.mlir", conv2d("conv", "tensor<17x3x3x3xf32>", "bfp8_b"))
    for given in ("dram_bfp8.tensorbin", "bfp8.npy"):
        assert check_weight([dram_bfp8, weights / given, original]) == 0
        assert capsys.readouterr().out == (
            "prepared weight OK: conv equals the reference (worst error 0, bound 1.51e-13)\n"
        )
    assert check_weight([dram_bfp8, weights / "bf16.tensorbin", original]) == 1
    assert capsys.readouterr().err.endswith(": dtype is bf16, expected bfp8_b\n")


def test_one_conv_of_several_is_chosen_with_entry_or_conv(
    weights: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Several convs and none chosen: one line at the first, listing each conv's index, result
    name, function and FILE:LINE:COL; --entry picks a function, --conv N the Nth conv of the
    file or function (0-based, in printed order), --conv %NAME the conv of that result (a
    conv of another shape then refuses the weight by its type); a choice naming no conv or
    several lists them."""
    other = preparation("other").replace("in_channels = 3 ", "in_channels = 4 ")
    other = other.replace("17x3x3x3", "17x4x3x3").replace("1x1x27x17", "1x1x36x17")
    # Each function: a blank line, `func.func`, its prepare op (5 lines), return, `}`.
    module = write(weights, "two.mlir", preparation("c17") + other)
    arguments = [module, weights / "bf16.tensorbin", weights / "original.npy"]
    assert check_weight(arguments) == 1
    assert capsys.readouterr().err == (
        f"{module}:3:3: error: 2 convs in the file (ttnn.conv2d or ttnn.prepare_conv_weights "
        "ops); "
        "ttnn-check-weight checks one: choose it with --conv N (0-based, in printed order) or "
        f"--conv %NAME (or --entry FUNCTION): 0 %w0 in @c17 at {module}:3:3, "
        f"1 %w0 in @other at {module}:12:3\n"
    )
    for choice in (["--entry", "@c17"], ["--conv", "0"], ["--entry", "c17", "--conv", "%w0"]):
        assert check_weight([*arguments, *choice]) == 0
        assert capsys.readouterr().out.startswith("prepared weight OK: ")
    for choice in (["--entry", "other"], ["--conv", "1"]):
        assert check_weight([*arguments, *choice]) == 1
        assert capsys.readouterr().err == (
            f"ttnn-check-weight: error: {weights / 'bf16.tensorbin'}: the prepared weight does "
            "not match the conv's: logical shape is [1, 1, 27, 17], expected [1, 1, 36, 17]\n"
        )
    assert check_weight([*arguments, "--conv", "%w0"]) == 1
    assert capsys.readouterr().err == (
        f"ttnn-check-weight: error: {module}: --conv %w0 names 2 convs in the file; choose one "
        "by its index (--conv N) or function (--entry FUNCTION): "
        f"0 %w0 in @c17 at {module}:3:3, 1 %w0 in @other at {module}:12:3\n"
    )
    assert check_weight([*arguments, "--conv", "2"]) == 1
    assert capsys.readouterr().err == (
        f"ttnn-check-weight: error: {module}: --conv 2: the file holds 2 convs: "
        f"0 %w0 in @c17 at {module}:3:3, 1 %w0 in @other at {module}:12:3\n"
    )
    assert check_weight([*arguments, "--entry", "c18"]) == 1
    assert capsys.readouterr().err == (
        f"ttnn-check-weight: error: {module}: no function @c18 (functions: @c17, @other)\n"
    )
    assert check_weight([*arguments, "--conv", "w0"]) == 1
    assert capsys.readouterr().err == (
        "ttnn-check-weight: error: argument --conv: expected a conv's index N (0-based) or its "
        "result's %NAME, got 'w0' (see ttnn-check-weight --help)\n"
    )


def test_one_conv_of_a_function_holding_several_is_chosen_with_conv(
    weights: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A function preparing the conv twice (%w0 at line 3, %w1 at line 8): --entry alone
    lists both; --conv counts and names the function's convs."""
    module = write(weights, "twice.mlir", preparation("twice", copies=2))
    arguments = [module, weights / "bf16.tensorbin", weights / "original.npy", "--entry", "twice"]
    assert check_weight(arguments) == 1
    assert capsys.readouterr().err == (
        f"{module}:3:3: error: 2 convs in @twice (ttnn.conv2d or ttnn.prepare_conv_weights "
        "ops); ttnn-check-weight checks one: choose it with --conv N (0-based, in printed "
        f"order) or --conv %NAME: 0 %w0 in @twice at {module}:3:3, "
        f"1 %w1 in @twice at {module}:8:3\n"
    )
    for choice in ("1", "%w1"):
        assert check_weight([*arguments, "--conv", choice]) == 0
        assert capsys.readouterr().out.startswith("prepared weight OK: ")
    assert check_weight([*arguments, "--conv", "%w2"]) == 1
    assert capsys.readouterr().err == (
        f"ttnn-check-weight: error: {module}: --conv %w2: no conv in @twice has that result "
        f"name; its 2 convs: 0 %w0 in @twice at {module}:3:3, 1 %w1 in @twice at {module}:8:3\n"
    )
    assert check_weight([*arguments, "--conv", "2"]) == 1
    assert capsys.readouterr().err == (
        f"ttnn-check-weight: error: {module}: --conv 2: @twice holds 2 convs: "
        f"0 %w0 in @twice at {module}:3:3, 1 %w1 in @twice at {module}:8:3\n"
    )


def test_resnet50_s_fifty_three_convs_name_how_to_choose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """examples/resnet50_conv_weights.mlir (53 functions of one conv each, the nth's op at
    line 9 + 5n) was 'expected one ttnn.prepare_conv_weights op, found 53': the first eight
    listed, then the count."""
    example = REPOSITORY / "examples" / "resnet50_conv_weights.mlir"
    np.save(tmp_path / "w.npy", np.zeros((64, 3, 7, 7), np.float32))
    assert check_weight([example, tmp_path / "w.npy", tmp_path / "w.npy"]) == 1
    functions = [
        "conv1",
        "layer1_0_conv1",
        "layer1_0_conv2",
        "layer1_0_conv3",
        "layer1_0_downsample",
        "layer1_1_conv1",
        "layer1_1_conv2",
        "layer1_1_conv3",
    ]
    listing = ", ".join(
        f"{index} %prepared_weight in @{name} at {example}:{9 + 5 * index}:5"
        for index, name in enumerate(functions)
    )
    assert capsys.readouterr().err == (
        f"{example}:9:5: error: 53 convs in the file (ttnn.conv2d or ttnn.prepare_conv_weights "
        "ops); "
        "ttnn-check-weight checks one: choose it with --conv N (0-based, in printed order) or "
        f"--conv %NAME (or --entry FUNCTION): {listing}, … (53 convs)\n"
    )


def test_no_conv_to_check_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A transposed conv's preparation, tt-mlir's conv not imported, and no conv at all: one
    line each, exit 1 (each was 'expected one ttnn.prepare_conv_weights op ..., found 0')."""
    np.save(tmp_path / "w.npy", np.zeros((17, 3, 3, 3), np.float32))
    weight = tmp_path / "w.npy"
    transposed = write(
        tmp_path,
        "transposed.mlir",
        f"""func.func @up(%weight: tensor<64x32x3x3xf32>) -> {TRANSPOSED_TYPE} {{
  %prepared = ttnn.prepare_conv_transpose2d_weights %weight
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>
      input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 64
      out_channels = 32 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3]
      stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1]
      has_bias = true groups = 1 mirror_kernel = true
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      : tensor<64x32x3x3xf32> -> {TRANSPOSED_TYPE}
  func.return %prepared : {TRANSPOSED_TYPE}
}}
""",
    )
    tt_mlir = REPOSITORY / "tests" / "filecheck" / "tt-mlir" / "conv2d-run.mlir"
    tt_mlir_lines = tt_mlir.read_text().splitlines()
    line = next(n for n, text in enumerate(tt_mlir_lines, 1) if "prepare_conv2d_weights" in text)
    column = tt_mlir_lines[line - 1].index("%") + 1
    empty = write(tmp_path, "empty.mlir", "func.func @nothing() {\n  func.return\n}\n")
    cases = [
        (
            transposed,
            f"{transposed}:2:3: error: 'ttnn.prepare_conv_transpose2d_weights': "
            "transposed-conv weights are not checked by ttnn-check-weight (it checks the weight "
            "of a ttnn.conv2d or ttnn.prepare_conv_weights op)",
        ),
        (
            tt_mlir,
            f"{tt_mlir}:{line}:{column}: error: 'ttnn.prepare_conv2d_weights' is tt-mlir's op; "
            f"import it first (ttnn-opt {tt_mlir} -p import-tt-mlir,import-tt-mlir-conv2d -o "
            "IMPORTED.mlir) and check the imported file",
        ),
        (
            empty,
            f"ttnn-check-weight: error: {empty}: no conv to check: expected a ttnn.conv2d or "
            "ttnn.prepare_conv_weights op (the conv's parameters)",
        ),
        (  # an .npy given as CONV.mlir: once Python's 'utf-8' codec message without a place
            weight,
            f"{weight}:1:1: error: invalid UTF-8 byte 0x93: IR text must be UTF-8",
        ),
    ]
    for conv, message in cases:
        assert check_weight([conv, weight, weight]) == 1
        assert capsys.readouterr().err == message + "\n"


def test_tile_prints_what_fed_one_output_tile(
    weights: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--tile R,J` adds, after the verdict, the feed of output tile (R, J): 3 → 17 channels,
    16×16 input padded by 1 (18×18 sticks), tile (1, 0) = pixels 32–63 = output rows 2–3, whose
    3×3 windows read padded rows 2–5; the weight's one tile column, its K tiles in order. A
    tile outside the 8×1 output tiles, or a malformed value, is a user error before any
    verdict."""
    conv = write(weights, "bf16.mlir", preparation("c17"))
    common = [conv, weights / "bf16.tensorbin", weights / "original.npy"]
    assert check_weight([*common, "--tile", "1,0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("prepared weight OK: ")
    assert lines[1] == (
        "c17: output tile (1, 0) = pixels 32–63 (n 0, oh 2, ow 0 … n 0, oh 3, ow 15) × output "
        "channels 0–16"
    )
    assert lines[4] == "image 0, padded rows 2–5:"
    assert lines[6:10] == [f" {row}  o################o" for row in range(2, 6)]
    assert lines[10].startswith("K blocks in order (weight tiles as (tile row, tile column) of ")
    for value, message in [
        ("8,0", "output tile (8, 0) is outside the output's 8×1 tiles"),
        (
            "1",
            "argument --tile: expected two non-negative integers R,J, got '1' (see "
            "ttnn-check-weight --help)",
        ),
        (  # a value that begins with a minus is the option's, not another option
            "-1,0",
            "argument --tile: expected two non-negative integers R,J, got '-1,0' (see "
            "ttnn-check-weight --help)",
        ),
    ]:
        assert check_weight([*common, "--tile", value]) == 1
        captured = capsys.readouterr()
        assert (captured.out, captured.err) == ("", f"ttnn-check-weight: error: {message}\n")


def test_ascii_writes_the_verdict_the_picture_and_errors_in_ascii(weights: Path) -> None:
    """`--ascii`, as `ttnn-run --ascii`: the tile feed's `–`, `…`, `×` (and any other
    typographic character) in ASCII, an error line too; without it the same text is
    typographic. Run as the console script: the flag re-encodes the process's own streams."""
    conv = write(weights, "bf16.mlir", preparation("c17"))
    common = [str(conv), str(weights / "bf16.tensorbin"), str(weights / "original.npy")]

    def run_tool(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [BIN / "ttnn-check-weight", *common, *extra],
            capture_output=True,
            text=True,
            encoding="utf-8",
        )

    typographic = run_tool("--tile", "1,0")
    plain = run_tool("--tile", "1,0", "--ascii")
    assert (plain.returncode, plain.stderr) == (0, "")
    assert plain.stdout.isascii() and not typographic.stdout.isascii()
    assert plain.stdout.splitlines()[1] == (
        "c17: output tile (1, 0) = pixels 32-63 (n 0, oh 2, ow 0 ... n 0, oh 3, ow 15) x output "
        "channels 0-16"
    )
    assert plain.stdout == to_ascii(typographic.stdout)
    refused = run_tool("--tile", "8,0", "--ascii")
    assert (refused.returncode, refused.stdout, refused.stderr) == (
        1,
        "",
        "ttnn-check-weight: error: output tile (8, 0) is outside the output's 8x1 tiles\n",
    )


def test_a_float64_npy_is_rounded_to_the_prepared_dtype_as_ttnn_run_rounds_an_input(
    weights: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A float64 .npy of the bf16 prepared weight whose values bf16 cannot hold (two a little
    below their bf16 value) is rounded to bf16, as `ttnn-run --input` rounds an input: OK, with a
    note naming the first value rounding changed, in shortest exact digits (read unrounded it
    was WRONG, printing '-2.04687 where … = -2.04688'). NaN into a bfloat8_b weight is one line
    naming the file."""
    conv = write(weights, "conv.mlir", preparation("bf16"))
    exact = np.load(weights / "physical.npy").astype(np.float64)
    row, column = 1, 2  # not the first element: the note names the first changed one
    assert exact[0, 0, 0, 0] != 0 and exact[0, 0, row, column] != 0
    nudged = exact.copy()
    for at in ((row, column), (row + 1, column)):  # 2^-30 below: beyond the check's bound
        nudged[0, 0, at[0], at[1]] *= 1 - 2**-30
    np.save(weights / "nudged.npy", nudged)
    original = weights / "original.npy"
    assert check_weight([conv, weights / "nudged.npy", original]) == 0
    out = capsys.readouterr().out.splitlines()
    given, rounded = float(nudged[0, 0, row, column]), float(exact[0, 0, row, column])
    assert repr(given) != repr(rounded) and f"{given:.6g}" == f"{rounded:.6g}"
    assert out[0] == (
        f"note: {weights / 'nudged.npy'} holds values bf16 cannot hold, rounded to it as "
        f"ttnn-run --input rounds an input (row {row} column {column}: {given!r} -> {rounded!r})"
    )
    assert out[1].startswith("prepared weight OK: ") and len(out) == 2
    # Values bf16 holds: no note.
    np.save(weights / "exact.npy", exact)
    assert check_weight([conv, weights / "exact.npy", original]) == 0
    assert capsys.readouterr().out.startswith("prepared weight OK: ")
    bfp8_conv = write(weights, "bfp8.mlir", preparation("bfp8", "bfp8_b", "l1"))
    poisoned = exact.copy()
    poisoned[0, 0, 0, 0] = np.nan
    np.save(weights / "nan.npy", poisoned)
    assert check_weight([bfp8_conv, weights / "nan.npy", original]) == 1
    assert capsys.readouterr().err == (
        f"ttnn-check-weight: error: {weights / 'nan.npy'}: bfloat8_b cannot encode non-finite "
        "values (NaN or Inf found)\n"
    )


def test_a_check_too_large_for_max_bytes_or_the_memory_is_refused_up_front(
    weights: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ttnn-run's --max-bytes: an array the check would hold beyond the limit, or an
    estimated peak beyond the memory available, is one line before anything is computed (a
    1024 → 1024 3×3 conv at 224×224 ran 17 s and ended out of memory)."""
    conv = write(weights, "conv.mlir", preparation("bf16"))
    arguments = [conv, weights / "bf16.tensorbin", weights / "original.npy"]
    # 16×16 output pixels; the prepared matrix is 96 × 32: activation rows [256, 96 + 2]
    # of float64, 256·98·8 = 200704 bytes = 196 KiB.
    assert check_weight([*arguments, "--max-bytes", "100K"]) == 1
    assert capsys.readouterr().err == (
        "ttnn-check-weight: error: checking this conv holds its activation rows [256, 98] as "
        "float64 values, 196 KiB: more than the limit of 100 KiB (--max-bytes)\n"
    )
    assert check_weight([*arguments, "--max-bytes", "200K"]) == 0
    assert capsys.readouterr().out.startswith("prepared weight OK: ")
    monkeypatch.setattr(ttnn_check_weight, "available_memory", lambda: 512 * 2**10)
    assert check_weight(arguments) == 1
    message = capsys.readouterr().err
    assert message.startswith("ttnn-check-weight: error: checking this conv needs about ")
    assert message.endswith(
        " KiB (float64 activation rows [256, 98], padded activation [1, 18, 18, 3], output "
        "[256, 32]), more than the 512 KiB of memory available\n"
    )


def test_the_memory_estimate_bounds_the_check_s_own_peak() -> None:
    """`check_memory_estimate` against the peak tracemalloc measures (NumPy's arrays) of the
    check of a 64 → 64 3×3 conv at 56×56: the measured peak is 0.6 to 1.05 times it."""
    parameters = Conv2dParameters(
        in_channels=64,
        out_channels=64,
        batch_size=1,
        input_height=56,
        input_width=56,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        has_bias=False,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.TILE,
        input_memory_config=InputMemoryConfig(BufferType.L1, TensorMemoryLayout.INTERLEAVED),
    )
    plan = resolve_conv_weights(parameters)
    rows, columns = plan.layout.physical_shape[-2:]
    estimate = check_memory_estimate(plan, (rows, columns)).peak
    tracemalloc.start()
    try:
        result = check_prepared_weight(
            np.zeros((rows, columns)), np.zeros((64, 64, 3, 3)), parameters, plan=plan
        )
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.ok
    assert 0.6 * estimate <= peak <= 1.05 * estimate, (peak, estimate)


def test_a_nan_weight_is_named_with_its_k_block_and_tile(
    weights: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A NaN at the prepared bf16 weight's row 0, column 0 — tap (0, 0) of channel 0, which
    output (0, 0, 0, 0) reads against the halo's zero padding — makes that output NaN
    (0 · NaN): the verdict names the weight element, its K block and tile (it once named
    none: a read against a zero activation was skipped, NaN or not)."""
    conv = write(weights, "conv.mlir", preparation("bf16"))
    poisoned = np.load(weights / "physical.npy")
    poisoned[0, 0, 0, 0] = np.nan
    np.save(weights / "nan.npy", poisoned)
    original = np.load(weights / "original.npy")
    assert check_weight([conv, weights / "nan.npy", weights / "original.npy"]) == 3
    (line,) = capsys.readouterr().out.splitlines()
    held = float(original[0, 0, 0, 0].astype(BF16))
    prefix = "prepared weight WRONG: output (n=0, oh=0, ow=0, c=0) is nan, the reference "
    suffix = (
        f"; K block 0 read weight row 0 column 0 (tile 0, 0) = nan where W[0, 0, 0, 0] = {held!r}"
    )
    assert line.startswith(prefix) and line.endswith(suffix), line
    reference, bounds = line[len(prefix) : -len(suffix)].split(" (difference nan, bound ")
    assert np.isfinite(float(reference)) and bounds.endswith(")")


def test_a_wrong_output_prints_digits_that_differ_and_its_bound(weights: Path) -> None:
    """The prepared bf16 weight 2^-20 larger (unrounded, from Python): outputs beyond float64's
    bound, by less than six digits show (it once printed 'is -4.25301, the reference
    -4.25301'): both values in shortest round-trip digits, their difference and the bound."""
    parameters = Conv2dParameters(
        in_channels=3,
        out_channels=17,
        batch_size=1,
        input_height=16,
        input_width=16,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        has_bias=False,
        weight_dtype=DataType.BFLOAT16,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=InputMemoryConfig(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED),
    )
    original = np.load(weights / "original.npy")
    scaled = np.load(weights / "physical.npy").astype(np.float64) * (1 + 2.0**-20)
    result = check_prepared_weight(scaled, original, parameters)
    assert not result.ok and result.first_wrong == (0, 0, 0, 0)
    here, there = result.conv_value, result.reference_value
    assert here is not None and there is not None and result.first_bound is not None
    assert abs(here - there) > result.first_bound
    assert f"{here:.6g}" == f"{there:.6g}" and repr(here) != repr(there)
    # Output (0, 0) reads the halo's zeros in K block 0 (the taps of kernel row 0): the
    # first weight read against a non-zero activation is tap (1, 1) of channel 0.
    assert result.verdict == (
        f"prepared weight WRONG: output (n=0, oh=0, ow=0, c=0) is {here!r}, the reference "
        f"{there!r} (difference {abs(here - there):.3g}, bound {result.first_bound:.3g}); "
        f"K block 1 read weight row 40 column 0 (tile 1, 0) = {float(scaled[0, 0, 40, 0])!r} "
        f"where W[0, 0, 1, 1] = {float(original[0, 0, 1, 1].astype(BF16))!r}"
    )


@pytest.mark.parametrize("shape", [(96, 32), (1, 1, 96, 32), (1, 96, 32), (1, 1, 1, 96, 32)])
def test_a_prepared_npy_is_a_matrix_of_rank_2_or_4(
    weights: Path, capsys: pytest.CaptureFixture[str], shape: tuple[int, ...]
) -> None:
    """PREPARED as a .npy is `[rows, columns]` or `[1, 1, rows, columns]`, as docs/tools.md
    says; ranks 3 and 5 were accepted."""
    conv = write(weights, "conv.mlir", preparation("bf16"))
    np.save(weights / "w.npy", np.load(weights / "physical.npy").reshape(shape))
    status = check_weight([conv, weights / "w.npy", weights / "original.npy"])
    captured = capsys.readouterr()
    if len(shape) in (2, 4):
        assert (status, captured.out.startswith("prepared weight OK: ")) == (0, True)
    else:
        assert (status, captured.out) == (1, "")
        assert captured.err == (
            f"ttnn-check-weight: error: {weights / 'w.npy'}: expected the prepared weight's "
            f"physical matrix of floats, [rows, columns] or [1, 1, rows, columns]; got shape "
            f"{list(shape)} of float32\n"
        )

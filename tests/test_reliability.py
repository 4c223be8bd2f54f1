"""Issue 8: no input crashes a tool. One regression test per crash the issue lists (items
1–13), each through the tools in process: exit status 1, one exact line on stderr, nothing
on stdout, no output file. The fuzzer (tests/fuzz/) searches for more."""

# ruff: noqa: E501 - IR lines and messages are long; they stay as written.
from __future__ import annotations

import gc
import math
import os
import struct
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from reference_formats import bf16_round

from ttnn_xdsl.conv.divisors import (
    common_divisor,
    find_divisor_with_padding,
    find_divisor_with_padding_and_multiple,
    largest_divisor,
)
from ttnn_xdsl.core.errors import RunError, TTNNError
from ttnn_xdsl.dialect.conv_layout_ops import ConvWeightsTiledLayoutOp
from ttnn_xdsl.dialect.keyword_properties import i32_attribute
from ttnn_xdsl.frontend.source import MAX_NESTING
from ttnn_xdsl.program import Program
from ttnn_xdsl.tools import cli, ttnn_opt, ttnn_run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
T = "#ttnn.tensor_layout<tile>"
BF16 = f"tensor<1x1x32x32xbf16, {T}>"


def run_tool(
    main: Callable[[list[str]], None], args: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of a tool run in process."""
    with pytest.raises(SystemExit) as exit_request:
        main(args)
        raise SystemExit(0)
    captured = capsys.readouterr()
    code = exit_request.value.code
    return (0 if code is None else int(code)), captured.out, captured.err


def fails_with(
    main: Callable[[list[str]], None],
    args: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The tool exits 1 with exactly `message` as its one stderr line and no stdout."""
    assert run_tool(main, args, capsys) == (1, "", message + "\n")


def run_fails_with(
    source: Path, extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ttnn-run fails with `message` and writes none of its outputs."""
    outputs = ["--output", str(tmp_path / "out.npz"), "--raw-output", str(tmp_path / "raw")]
    fails_with(ttnn_run.main, [str(source), *extra, *outputs], message, capsys)
    assert not (tmp_path / "out.npz").exists() and not (tmp_path / "raw").exists()


def write(tmp_path: Path, text: str | bytes, name: str = "in.mlir") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


# ---------------------------------------------------------------------------------------------
# 1. A byte that is not UTF-8
# ---------------------------------------------------------------------------------------------


def test_1_non_utf8_byte_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (EXAMPLES / "assign_bw.mlir").read_bytes()
    # In the middle of line 12, after "café " (5 characters, 6 bytes) put at its start.
    lines = text.split(b"\n")
    lines[11] = "café ".encode() + b"\xff" + lines[11]
    source = write(tmp_path, b"\n".join(lines))
    message = f"{source}:12:6: error: invalid UTF-8 byte 0xff: IR text must be UTF-8"
    fails_with(ttnn_opt.main, [str(source)], message, capsys)
    run_fails_with(source, ["--random-inputs", "0"], message, tmp_path, capsys)
    # --split-input-file: the line is counted in the whole file.
    fails_with(ttnn_opt.main, [str(source), "--split-input-file"], message, capsys)


# ---------------------------------------------------------------------------------------------
# 2. Deep nesting
# ---------------------------------------------------------------------------------------------


def test_2_deep_nesting_is_refused_at_the_bracket(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert MAX_NESTING == 64
    modules = write(tmp_path, "builtin.module {" * 150 + "}" * 150)
    # The 65th '{' ends the 65th "builtin.module {" (16 characters each).
    message = f"{modules}:1:{65 * 16}: error: nesting deeper than 64 brackets is not supported"
    fails_with(ttnn_opt.main, [str(modules)], message, capsys)
    run_fails_with(modules, [], message, tmp_path, capsys)
    prefix = "func.func @f(%a: "
    parens = write(tmp_path, prefix + "(" * 300 + "i32" + ")" * 300 + ") { func.return }")
    # The function's own '(' is the first bracket: the 64th '(' of the type is the 65th.
    column = len(prefix) + 64
    message = f"{parens}:1:{column}: error: nesting deeper than 64 brackets is not supported"
    fails_with(ttnn_opt.main, [str(parens)], message, capsys)
    # Brackets in comments and strings do not count; 64 levels are accepted.
    deepest = write(
        tmp_path,
        "builtin.module {" * 64 + "}" * 64 + " // " + "{" * 100 + '\n"' + "(" * 100 + '"',
    )
    code, _, err = run_tool(ttnn_opt.main, [str(deepest)], capsys)
    assert "deeper than" not in err and code == 1  # a string at top level: a syntax error
    assert (
        run_tool(ttnn_opt.main, [str(write(tmp_path, "builtin.module {" * 64 + "}" * 64))], capsys)[
            0
        ]
        == 0
    )


# ---------------------------------------------------------------------------------------------
# 3. An upstream op's parser failing with a Python error
# ---------------------------------------------------------------------------------------------


def test_3_bare_linalg_copy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write(tmp_path, "func.func @f() {\n  linalg.copy\n  func.return\n}\n")
    message = (
        f"{source}:2:3: error: 'linalg.copy' op malformed custom syntax (xDSL's parser failed: "
        "tuple index out of range)"
    )
    fails_with(ttnn_opt.main, [str(source)], message, capsys)
    run_fails_with(source, [], message, tmp_path, capsys)


# ---------------------------------------------------------------------------------------------
# 4. A tensor type that cannot exist, refused where it is written (done on main; here through
#    the tools, where it used to crash in ttnn-lower / ttnn-run)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argument", "column", "message"),
    [
        (
            "tensor<32x32x!ttnn.bfp8_b>",
            18,
            "bfloat8_b needs the tile layout, got a host row-major tensor tensor<32x32x!ttnn.bfp8_b>",
        ),
        (
            "tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>",
            18,
            "bfloat8_b needs the tile layout, got tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>",
        ),
    ],
)
def test_4_impossible_tensor_types(
    argument: str, column: int, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write(
        tmp_path,
        f"func.func @f(%x: {argument}) -> {argument} {{\n  func.return %x : {argument}\n}}\n",
    )
    expected = f"{source}:1:{column}: error: {message}"
    fails_with(ttnn_opt.main, [str(source), "-p", "ttnn-lower"], expected, capsys)
    run_fails_with(source, ["--random-inputs", "0"], expected, tmp_path, capsys)


# ---------------------------------------------------------------------------------------------
# 5. Dominance
# ---------------------------------------------------------------------------------------------

USE_BEFORE_DEFINITION = f"""func.func @main(%g: {BF16}) -> {BF16} {{
  %s = ttnn.assign_bw(%g, %r) : ({BF16}, {BF16}) -> {BF16}
  %r = ttnn.assign_bw(%g, %g) : ({BF16}, {BF16}) -> {BF16}
  func.return %s : {BF16}
}}
"""

LOWERED_USE_BEFORE_DEFINITION = """func.func @main(%a: memref<1x1x1x1x!tile.tile<32x32, bf16>>) -> memref<1x1x1x1x!tile.tile<32x32, bf16>> {
  %t = tile.load %a[%c0, %c0, %c0, %c0] : memref<1x1x1x1x!tile.tile<32x32, bf16>>
  %c0 = arith.constant 0 : index
  func.return %a : memref<1x1x1x1x!tile.tile<32x32, bf16>>
}
"""


def test_5_use_before_definition(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write(tmp_path, USE_BEFORE_DEFINITION)
    message = (
        f"{source}:2:3: error: 'ttnn.assign_bw' op operand #1 %r does not dominate this use: it "
        f"is used before its definition or outside its scope (defined at {source}:3:3)"
    )
    fails_with(ttnn_opt.main, [str(source), "-p", "ttnn-lower"], message, capsys)
    run_fails_with(source, ["--random-inputs", "0"], message, tmp_path, capsys)
    lowered = write(tmp_path, LOWERED_USE_BEFORE_DEFINITION, "lowered.mlir")
    message = (
        f"{lowered}:2:3: error: 'tile.load' op operand #1 %c0 does not dominate this use: it is "
        f"used before its definition or outside its scope (defined at {lowered}:3:3)"
    )
    run_fails_with(lowered, ["--random-inputs", "0"], message, tmp_path, capsys)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        # A loop's result used inside the loop itself.
        (
            "%r = scf.for %i = %c0 to %c1 step %c1 iter_args(%v = %c0) -> (index) {\n  %w = arith.addi %v, %r : index\n  scf.yield %w : index\n}",
            "{file}:5:3: error: 'arith.addi' op operand #1 %r does not dominate this use: it is used before its definition or outside its scope (defined at {file}:4:1)",
        ),
        # A value defined after the loop used inside it.
        (
            "scf.for %i = %c0 to %c1 step %c1 {\n  %inner = arith.addi %i, %later : index\n}\n%later = arith.addi %c0, %c1 : index",
            "{file}:5:3: error: 'arith.addi' op operand #1 %later does not dominate this use: it is used before its definition or outside its scope (defined at {file}:7:1)",
        ),
        # Values of the enclosing block and loop variables are visible inside: no error.
        ("scf.for %i = %c0 to %c1 step %c1 {\n  %inner = arith.addi %i, %c1 : index\n}", None),
    ],
)
def test_5_dominance_across_regions(
    body: str, message: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "func.func @f() {\n%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
        f"{body}\nfunc.return\n}}\n"
    )
    source = write(tmp_path, text)
    if message is None:
        assert run_tool(ttnn_opt.main, [str(source)], capsys)[0] == 0
    else:
        fails_with(ttnn_opt.main, [str(source)], message.format(file=source), capsys)


# ---------------------------------------------------------------------------------------------
# 6. i32 overflow of values derived from the parameters
# ---------------------------------------------------------------------------------------------


def test_6_batch_size_beyond_i32_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (EXAMPLES / "prepare_conv_weights.mlir").read_text()
    source = write(tmp_path, text.replace("batch_size = 1 ", "batch_size = 2147483647 ", 1))
    rows = 2147483647 * 56 * 56
    message = (
        f"{source}:13:5: error: 'ttnn.prepare_conv_weights' op the conv's input has too many rows "
        f"for the IR's i32 sizes: N·H·W = 2147483647·56·56 = {rows} > 2147483647"
    )
    fails_with(ttnn_opt.main, [str(source)], message, capsys)
    fails_with(ttnn_opt.main, [str(source), "-p", "ttnn-lower"], message, capsys)
    run_fails_with(source, ["--random-inputs", "0"], message, tmp_path, capsys)


def test_6_i32_properties_built_from_python_are_checked() -> None:
    # xDSL keeps 2**31 … 2**32 - 1 as a wrapped negative i32; the project refuses them.
    assert i32_attribute(2**31 - 1, "block_h").value.data == 2**31 - 1
    for value in (2**31, 2**32 - 1, -(2**31) - 1):
        with pytest.raises(TTNNError) as error:
            i32_attribute(value, "block_h")
        assert str(error.value) == f"expected block_h to be an i32, got {value}"
    from xdsl.dialects.builtin import TensorType, f32
    from xdsl.ir import Block

    weight = Block(arg_types=[TensorType(f32, [2, 3, 3, 3])]).args[0]
    with pytest.raises(TTNNError) as error:
        ConvWeightsTiledLayoutOp(weight, block_h=3_000_000_000, block_w=1)
    assert str(error.value) == "expected block_h to be an i32, got 3000000000"


# ---------------------------------------------------------------------------------------------
# 7. Lowered IR run directly
# ---------------------------------------------------------------------------------------------

TILES = "memref<1x1x2x2x!tile.tile<32x32, bf16>>"


def lowered(body: str, argument: str = TILES, attributes: str = "") -> str:
    return (
        f"func.func @main(%a: {argument}{attributes}) -> {argument} {{\n"
        "  %c0 = arith.constant 0 : index\n"
        f"{body}\n"
        f"  func.return %a : {argument}\n"
        "}\n"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            lowered(
                f"  %c5 = arith.constant 5 : index\n  %t = tile.load %a[%c0, %c0, %c5, %c0] : {TILES}"
            ),
            "{file}:4:3: error: 'tile.load' op index 5 is out of bounds for dim 2 of a memref of shape [1, 1, 2, 2]",
        ),
        # -1 used to wrap to the last tile (exit 0).
        (
            lowered(
                f"  %m = arith.constant -1 : index\n  %t = tile.load %a[%c0, %c0, %m, %c0] : {TILES}"
            ),
            "{file}:4:3: error: 'tile.load' op index -1 is out of bounds for dim 2 of a memref of shape [1, 1, 2, 2]",
        ),
        (
            lowered(
                f"  %m = arith.constant -1 : index\n  %t = tile.load %a[%c0, %c0, %c0, %c0] : {TILES}\n  tile.store %t, %a[%c0, %c0, %c0, %m] : {TILES}"
            ),
            "{file}:5:3: error: 'tile.store' op index -1 is out of bounds for dim 3 of a memref of shape [1, 1, 2, 2]",
        ),
        (
            lowered(
                "  %s = memref.subview %a[0, 0] [32, 32] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1]>>",
                "memref<64x64xf32>",
            ),
            "{file}:3:3: error: 'memref.subview' op the result type's shape [16, 16] is not the sizes [32, 32]",
        ),
        (
            lowered("", "memref<2x!tile.tile<32x32, bf16>>"),
            "ttnn-run: error: %a: a memref of tiles needs rank 2 or more (tile rows and columns), got memref<2x!tile.tile<32x32, bf16>>",
        ),
        (
            lowered("", TILES, f" {{ttnn.tensor = tensor<1x1x100x50xbf16, {T}>}}"),
            f"ttnn-run: error: %a: ttnn.tensor = tensor<1x1x100x50xbf16, {T}> is held in memref<1x1x4x2x!tile.tile<32x32, bf16>>, not in {TILES}",
        ),
        (
            lowered(
                f"  %c1 = arith.constant 1 : index\n  %z = arith.constant 0 : index\n  scf.for %i = %c0 to %c1 step %z {{\n    %t = tile.load %a[%c0, %c0, %c0, %c0] : {TILES}\n  }}"
            ),
            "{file}:5:3: error: 'scf.for' op the step must be positive, got 0",
        ),
        (
            lowered(
                "  %b = memref.alloc() : memref<4x4xf32>\n  linalg.transpose ins(%b : memref<4x4xf32>) outs(%b : memref<4x4xf32>) permutation = [1, 1]"
            ),
            "{file}:4:3: error: 'linalg.transpose' op permutation [1, 1] is not one of the 2 dims of its input",
        ),
        # xDSL's verifier of linalg.broadcast fails with an IndexError on repeated dims.
        (
            lowered(
                "  %b = memref.alloc() : memref<4xf32>\n  %s = memref.alloc() : memref<4x4x4xf32>\n  linalg.broadcast ins(%b : memref<4xf32>) outs(%s : memref<4x4x4xf32>) dimensions = [0, 0]"
            ),
            "{file}:5:3: error: 'linalg.broadcast' op cannot be verified (xDSL's verifier failed: tuple index out of range)",
        ),
        # The same in a loop nest run in bulk (fuzzer seed 23, mutation 22450: NumPy's
        # "repeated axis in transpose").
        (
            lowered(
                "  %b = memref.alloc() : memref<4x4xf32>\n  %c1 = arith.constant 1 : index\n  scf.for %i = %c0 to %c1 step %c1 {\n    linalg.transpose ins(%b : memref<4x4xf32>) outs(%b : memref<4x4xf32>) permutation = [0, 0]\n  }"
            ),
            "{file}:6:5: error: 'linalg.transpose' op permutation [0, 0] is not one of the 2 dims of its input",
        ),
        # xDSL asserts on a zero divisor (found by the fuzzer, seed 21, mutation 19124).
        (
            lowered("  %c3 = arith.constant 3 : index\n  %r = arith.remsi %c3, %c0 : index"),
            "{file}:4:3: error: 'arith.remsi' op division by zero",
        ),
        (
            lowered("  %c3 = arith.constant 3 : index\n  %r = arith.divsi %c3, %c0 : index"),
            "{file}:4:3: error: 'arith.divsi' op division by zero",
        ),
        (
            lowered("  %c3 = arith.constant 3 : index\n  %r = arith.floordivsi %c3, %c0 : index"),
            "{file}:4:3: error: 'arith.floordivsi' op division by zero",
        ),
        (
            lowered('  "test.op"() : () -> ()'),
            "ttnn-run: error: cannot run @main: Could not find interpretation function for op test.op",
        ),
    ],
)
def test_7_lowered_ir_errors(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write(tmp_path, text)
    run_fails_with(source, ["--random-inputs", "0"], message.format(file=source), tmp_path, capsys)


def test_7_entry_in_a_nested_module(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """xDSL's interpreter finds only top-level functions (it raised InterpretationError): a
    function of a nested module runs from a module of its own."""
    source = write(
        tmp_path,
        "builtin.module {\n  builtin.module {\n    func.func @main(%a: memref<4x4xf32>) -> memref<4x4xf32> {\n"
        "      func.return %a : memref<4x4xf32>\n    }\n  }\n}\n",
    )
    values = np.arange(16, dtype=np.float32).reshape(4, 4) / 3
    np.save(tmp_path / "a.npy", values)
    output = tmp_path / "nested.npz"
    args = [str(source), "--input", f"a={tmp_path / 'a.npy'}", "--output", str(output)]
    assert run_tool(ttnn_run.main, args, capsys) == (0, "", "")
    np.testing.assert_array_equal(np.load(output)["a"], values)


def test_7_tilize_window_offsets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A window may reach beyond the memref's edge (zeros), but not start before it."""
    text = (
        "func.func @main(%m: memref<40x50xbf16>) -> memref<40x50xbf16> {\n"
        "  %c0 = arith.constant 0 : index\n  %o = arith.constant OFFSET : index\n"
        "  %t = tile.tilize %m[%o, %c0] : memref<40x50xbf16> -> !tile.tile<32x32, bf16>\n"
        "  tile.untilize %t, %m[%c0, %c0] : !tile.tile<32x32, bf16>, memref<40x50xbf16>\n"
        "  func.return %m : memref<40x50xbf16>\n}\n"
    )
    values = np.arange(40 * 50, dtype=np.float32).reshape(40, 50) / 8
    np.save(tmp_path / "m.npy", values)
    source = write(tmp_path, text.replace("OFFSET", "-1"))
    run_fails_with(
        source,
        ["--input", f"m={tmp_path / 'm.npy'}"],
        f"{source}:4:3: error: 'tile.tilize' op the window's element offsets (-1, 0) must not be negative",
        tmp_path,
        capsys,
    )
    # Offset 30: rows 30–39 exist, rows 40–61 read as zero; written back at (0, 0).
    source = write(tmp_path, text.replace("OFFSET", "30"))
    output = tmp_path / "ok.npz"
    code, _, err = run_tool(
        ttnn_run.main,
        [str(source), "--input", f"m={tmp_path / 'm.npy'}", "--output", str(output)],
        capsys,
    )
    assert (code, err) == (0, "")
    expected = bf16_round(values)
    expected[:10, :32] = bf16_round(values[30:40, :32])
    expected[10:32, :32] = 0
    np.testing.assert_array_equal(np.load(output)["m"], expected)


# ---------------------------------------------------------------------------------------------
# 8, 9. Flags
# ---------------------------------------------------------------------------------------------


def test_8_malformed_pipeline_in_ttnn_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_fails_with(
        EXAMPLES / "assign_bw.mlir",
        ["-p", "ttnn-lower{", "--random-inputs", "0"],
        "ttnn-run: error: bad pass pipeline 'ttnn-lower{': pass-pipeline:1:12: Expected argument name here",
        tmp_path,
        capsys,
    )


def test_9_negative_random_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_fails_with(
        EXAMPLES / "assign_bw.mlir",
        ["--random-inputs", "-1"],
        "ttnn-run: error: the random seed must be a non-negative integer, got -1",
        tmp_path,
        capsys,
    )


# ---------------------------------------------------------------------------------------------
# 10. Sizes checked before allocation
# ---------------------------------------------------------------------------------------------


def npy_header(descr: str, shape: tuple[int, ...]) -> bytes:
    """A version 1.0 .npy header, written from NumPy's format description."""
    text = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}"
    text += " " * (-(len(text) + 11) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode("latin1")


def test_10_npy_header_size_is_checked_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = write(tmp_path, npy_header("<f4", (99999999, 99999)), "huge.npy")
    run_fails_with(
        EXAMPLES / "assign_bw.mlir",
        ["--input", f"grad={huge}", "--random-inputs", "0"],
        f"ttnn-run: error: --input grad: '{huge}' holds 36.4 TiB (shape [99999999, 99999], float32), more than the limit of 8 GiB",
        tmp_path,
        capsys,
    )
    # The limit is --max-bytes: 8000 bytes of float32 is 2000 values, the whole [1,1,40,50].
    np.save(tmp_path / "grad.npy", np.ones((1, 1, 40, 50), np.float32))
    grad = tmp_path / "grad.npy"
    run_fails_with(
        EXAMPLES / "assign_bw.mlir",
        ["--input", f"grad={grad}", "--random-inputs", "0", "--max-bytes", "7999"],
        f"ttnn-run: error: --input grad: '{grad}' holds 7.8 KiB (shape [1, 1, 40, 50], float32), more than the limit of 7.8 KiB",
        tmp_path,
        capsys,
    )


def test_10_tensors_and_allocations_are_checked_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = "tensor<100000x100000x100xf32>"
    source = write(
        tmp_path, f"func.func @main(%x: {big}) -> {big} {{\n  func.return %x : {big}\n}}\n"
    )
    size = 4 * 100000 * 100000 * 100 / 2**40
    run_fails_with(
        source,
        ["--random-inputs", "0"],
        f"ttnn-run: error: argument %x of @main ({big}) takes {size:.1f} TiB, more than the limit of 8 GiB",
        tmp_path,
        capsys,
    )
    alloc = write(
        tmp_path, lowered("  %b = memref.alloc() : memref<65536x65536xf32>"), "alloc.mlir"
    )
    run_fails_with(
        alloc,
        ["--random-inputs", "0", "--max-bytes", "1G"],
        f"{alloc}:3:3: error: 'memref.alloc' op memref<65536x65536xf32> takes 16 GiB, more than the limit of 1 GiB",
        tmp_path,
        capsys,
    )
    # Each of the [1, 1, 64, 64] tensors takes 4·64·64 = 16 KiB: accepted at 16K.
    output = tmp_path / "ok.npz"
    code, _, err = run_tool(
        ttnn_run.main,
        [
            str(EXAMPLES / "assign_bw.mlir"),
            "--random-inputs",
            "0",
            "--max-bytes",
            "16K",
            "--output",
            str(output),
        ],
        capsys,
    )
    assert (code, err) == (0, "")
    with pytest.raises(RunError) as error:
        Program.load((EXAMPLES / "assign_bw.mlir").read_text(), max_bytes=16383).run(random_seed=0)
    assert str(error.value).endswith("takes 16 KiB, more than the limit of 16 KiB")


# ---------------------------------------------------------------------------------------------
# 11. No NumPy warning on the terminal
# ---------------------------------------------------------------------------------------------


def test_11_float64_beyond_float32(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    np.save(tmp_path / "big.npy", np.full((1, 1, 40, 50), 1e300))
    big = tmp_path / "big.npy"
    run_fails_with(
        EXAMPLES / "assign_bw.mlir",
        ["--input", f"input_b={big}", "--random-inputs", "0"],
        "ttnn-run: error: input for %input_b: bfloat8_b cannot encode non-finite values (NaN or Inf found)",
        tmp_path,
        capsys,
    )
    # Into bf16 (no bfloat8_b result): +inf, as torch's float64 → float32 cast gives.
    output = tmp_path / "unary.npz"
    unary = ["--entry", "unary", "--input", f"buffer={tmp_path / 'b.npy'}", "--random-inputs", "0"]
    np.save(tmp_path / "b.npy", np.full((2, 64, 64), 1e300))
    code, _, err = run_tool(
        ttnn_run.main, [str(EXAMPLES / "assign_bw.mlir"), *unary, "--output", str(output)], capsys
    )
    assert (code, err) == (0, "")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Program.load((EXAMPLES / "assign_bw.mlir").read_text(), entry="unary").prepare_inputs(
            {"buffer": np.full((2, 64, 64), -1e300)}, random_seed=0
        )


def test_error_discipline(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unexpected exception is one `internal error` line, exit 2; a warning is silent
    unless --traceback; running out of memory is one line, exit 1."""

    def warn_then_fail() -> None:
        warnings.warn("noise", RuntimeWarning, stacklevel=1)
        raise KeyError("surprise")

    with pytest.raises(SystemExit) as exit_request:
        cli.report_errors("ttnn-run", warn_then_fail, [])
    assert exit_request.value.code == 2
    assert capsys.readouterr().err == (
        "ttnn-run: internal error: KeyError: 'surprise' (this is a bug in ttnn-xdsl; rerun with "
        "--traceback for details)\n"
    )

    def out_of_memory() -> None:
        raise MemoryError("Unable to allocate 1 TiB")

    with pytest.raises(SystemExit) as exit_request:
        cli.report_errors("ttnn-opt", out_of_memory, [])
    assert exit_request.value.code == 1
    assert capsys.readouterr().err == "ttnn-opt: error: out of memory (Unable to allocate 1 TiB)\n"


# ---------------------------------------------------------------------------------------------
# 12. No pathological slowness
# ---------------------------------------------------------------------------------------------


def test_12_unterminated_string_fails_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # xDSL's lexer doubled its time with each character after the quote: 26 took 3 s.
    source = write(
        tmp_path, 'func.func @f(%a: tensor<4x"' + "a" * 5000 + ">) {\n  func.return\n}\n"
    )
    started = time.perf_counter()
    fails_with(
        ttnn_opt.main,
        [str(source)],
        f"{source}:1:27: error: End of file reached before closing string literal.",
        capsys,
    )
    assert time.perf_counter() - started < 5
    # The bounded lexer reads the same strings as xDSL's: escapes included.
    escaped = write(
        tmp_path, 'func.func @f() attributes {s = "a\\"b\\n\\41"} {\n  func.return\n}\n', "s.mlir"
    )
    code, out, _ = run_tool(ttnn_opt.main, [str(escaped)], capsys)
    assert code == 0 and 's = "a\\22b\\0AA"' in out


def test_12_huge_grid_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (EXAMPLES / "prepare_conv_weights.mlir").read_text()
    source = write(tmp_path, text.replace("array<i32: 8, 8>", "array<i32: 2147483647, 8>"))
    started = time.perf_counter()
    fails_with(
        ttnn_opt.main,
        [str(source)],
        f"{source}:13:5: error: 'ttnn.prepare_conv_weights' op expected the device grid to be at most 64x64, got 2147483647x8",
        capsys,
    )
    assert time.perf_counter() - started < 5


def reference_largest_divisor(n: int, start: int) -> int:
    return next((d for d in range(start, 1, -1) if n % d == 0), 1)


def reference_with_padding(n: int, start: int, mult: int = 1) -> int:
    for d in range(start, 1, -1):
        padded = math.ceil(n / (d * mult)) * d * mult
        if padded - n < padded // d:
            return d
    return 1


def test_12_divisor_searches_start_at_the_count() -> None:
    """The searches begin at min(start, n) (not at a huge grid or override); the answers are
    those of the plain downward scans written here."""
    rng = np.random.default_rng(8)
    for _ in range(3000):
        n = int(rng.integers(0, 300))
        start = int(rng.integers(1, 400))
        mult = int(rng.integers(1, 5))
        other = int(rng.integers(0, 300))
        assert largest_divisor(n, start) == reference_largest_divisor(n, start)
        assert find_divisor_with_padding(n, start) == reference_with_padding(n, start)
        assert find_divisor_with_padding_and_multiple(n, start, mult) == reference_with_padding(
            n, start, mult
        )
        common = next((d for d in range(start, 1, -1) if n % d == 0 and other % d == 0), 1)
        assert common_divisor(n, other, start) == common
    started = time.perf_counter()
    assert largest_divisor(97, 2**31) == 97
    assert find_divisor_with_padding_and_multiple(97, 2**31, 1) == reference_with_padding(97, 200)
    assert time.perf_counter() - started < 1


# ---------------------------------------------------------------------------------------------
# 13. Input dtypes
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ["int32", "bool", "uint8", "complex64"])
def test_13_non_float_npy_is_refused(
    dtype: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    np.save(tmp_path / "x.npy", np.ones((1, 1, 40, 50), dtype))
    run_fails_with(
        EXAMPLES / "assign_bw.mlir",
        ["--input", f"grad={tmp_path / 'x.npy'}", "--random-inputs", "0"],
        f"ttnn-run: error: input for %grad has dtype {np.dtype(dtype)}; expected floating-point values (float16, float32, float64 or bfloat16; convert others with .astype(np.float32))",
        tmp_path,
        capsys,
    )


def test_13_bfloat16_npy_from_ml_dtypes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    values = np.linspace(-3, 3, 2000, dtype=np.float32).reshape(1, 1, 40, 50)
    np.save(tmp_path / "bf16.npy", values.astype(ml_dtypes.bfloat16))
    assert b"'descr': '<V2'" in (tmp_path / "bf16.npy").read_bytes()[:128]
    output = tmp_path / "bf16.npz"
    args = [
        str(EXAMPLES / "assign_bw.mlir"),
        "--input",
        f"grad={tmp_path / 'bf16.npy'}",
        "--random-inputs",
        "0",
        "--output",
        str(output),
    ]
    assert run_tool(ttnn_run.main, args, capsys) == (0, "", "")
    np.testing.assert_array_equal(np.load(output)["grad_a"], bf16_round(values))
    # A plain NumPy 2-byte void array (`|V2`) is not bfloat16.
    np.save(tmp_path / "void.npy", np.zeros((1, 1, 40, 50), "V2"))
    run_fails_with(
        EXAMPLES / "assign_bw.mlir",
        ["--input", f"grad={tmp_path / 'void.npy'}", "--random-inputs", "0"],
        "ttnn-run: error: input for %grad has dtype |V2; expected floating-point values (float16, float32, float64 or bfloat16; convert others with .astype(np.float32))",
        tmp_path,
        capsys,
    )


def test_13_float16_and_float64_npy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    values = np.linspace(-3, 3, 2000).reshape(1, 1, 40, 50)
    for dtype in ("float16", "float64"):
        np.save(tmp_path / "x.npy", values.astype(dtype))
        output = tmp_path / f"{dtype}.npz"
        args = [
            str(EXAMPLES / "assign_bw.mlir"),
            "--input",
            f"grad={tmp_path / 'x.npy'}",
            "--random-inputs",
            "0",
            "--output",
            str(output),
        ]
        assert run_tool(ttnn_run.main, args, capsys) == (0, "", "")
        expected = bf16_round(values.astype(dtype).astype(np.float32))
        np.testing.assert_array_equal(np.load(output)["grad_a"], expected)


def test_corrupt_npy_headers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = {
        "literal.npy": (
            b"\x93NUMPY\x01\x00" + struct.pack("<H", 8) + b"not a {}",
            "the header is not a Python literal",
        ),
        "keys.npy": (
            npy_header("<f4", (2,)).replace(b"fortran_order", b"fortran_ordeR"),
            "the header is not a dict of descr, fortran_order and shape",
        ),
        "shape.npy": (
            npy_header("<f4", (-1, 2)),
            "the header's shape is not a tuple of sizes: (-1, 2)",
        ),
        "descr.npy": (npy_header("<q9", (2,)), "the header's descr is not a dtype: '<q9'"),
        "long.npy": (
            b"\x93NUMPY\x02\x00" + struct.pack("<I", 100_000),
            "header of 100000 bytes, more than 10000",
        ),
    }
    for name, (data, reason) in cases.items():
        path = write(tmp_path, data, name)
        run_fails_with(
            EXAMPLES / "assign_bw.mlir",
            ["--input", f"grad={path}", "--random-inputs", "0"],
            f"ttnn-run: error: --input grad: cannot read '{path}' as a .npy file ({reason})",
            tmp_path,
            capsys,
        )


def test_no_temporary_files_are_left(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_fails_with(
        EXAMPLES / "assign_bw.mlir",
        ["--random-inputs", "-1"],
        "ttnn-run: error: the random seed must be a non-negative integer, got -1",
        tmp_path,
        capsys,
    )
    assert os.listdir(tmp_path) == []


def test_a_failed_expect_leaves_no_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--expect` compares before writing: a difference (or an unreadable expected file) is a
    failure like any other, with no output file."""
    expect = tmp_path / "expect"
    expect.mkdir()
    np.save(expect / "grad_a.npy", np.zeros((1, 1, 40, 50), np.float32))
    args = [str(EXAMPLES / "assign_bw.mlir"), "--random-inputs", "0", "--expect", str(expect)]
    args += ["--output", str(tmp_path / "out.npz"), "--raw-output", str(tmp_path / "raw")]
    code, out, err = run_tool(ttnn_run.main, args, capsys)
    assert (code, err) == (
        1,
        "ttnn-run: error: 1 of 1 compared result differs from the expected values; grad_b has "
        f"no expected values in {expect}\n",
    )
    assert out.startswith("grad_a: differs from ")
    assert sorted(os.listdir(tmp_path)) == ["expect"]


def test_a_control_character_is_escaped_in_the_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A message quoting the input stays one line: \\x1e (a line boundary for Python's
    splitlines) and the terminal's escape character are written as escapes."""
    source = write(tmp_path, "func.func @f() {\n  \x1e\x1b[31m\n}\n")
    message = f"{source}:2:3: error: Unexpected character: \\x1e"
    fails_with(ttnn_opt.main, [str(source)], message, capsys)
    run_fails_with(source, [], message, tmp_path, capsys)


def test_expected_values_a_bfloat8_b_result_cannot_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Expected values go through the result's format: ±inf for a bfloat8_b result is the
    file's fault, one line naming it (found by the fuzzer, seed 21, input 562)."""
    expect = tmp_path / "expect"
    expect.mkdir()
    values = np.zeros((1, 1, 40, 50))
    values[0, 0, 3, 4] = np.inf
    np.save(expect / "result1.npy", values)
    run_fails_with(
        EXAMPLES / "assign_bw.mlir",
        ["--random-inputs", "0", "--expect", str(expect)],
        f"ttnn-run: error: '{expect / 'result1.npy'}': bfloat8_b cannot encode non-finite "
        "values (NaN or Inf found)",
        tmp_path,
        capsys,
    )


def test_runs_in_one_process_leave_no_ir_behind(capsys: pytest.CaptureFixture[str]) -> None:
    """Tools called again and again in one process (tests, the fuzzer, a Python caller) keep
    no IR of earlier runs: no op outlives its run (the fuzzer's worker once grew to its 6 GiB
    limit through caches whose values held ops, and through gc.freeze on every call)."""
    from xdsl.ir import Operation

    def live_ops() -> int:
        gc.collect()
        return sum(isinstance(o, Operation) for o in gc.get_objects())

    args = [str(EXAMPLES / "conv_layouts.mlir"), "--entry", "all", "--random-inputs", "0"]
    for _ in range(2):
        assert run_tool(ttnn_run.main, args, capsys)[0] == 0
    before = live_ops()
    for _ in range(3):
        assert run_tool(ttnn_run.main, args, capsys)[0] == 0
        assert (
            run_tool(
                ttnn_opt.main, [str(EXAMPLES / "conv_layouts.mlir"), "-p", "ttnn-lower"], capsys
            )[0]
            == 0
        )
    assert live_ops() == before


def test_a_tt_mlir_layout_map_that_is_not_affine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """xDSL's affine parser raises NotImplementedError on d0 * d0 (fuzzer seed 23, mutation
    35010): a located parse error."""
    layout = (
        "#ttnn.ttnn_layout<(d0, d1) -> (d0 * d0, d1), <1x1>, "
        "memref<4x4xbf16, #ttnn.buffer_type<system_memory>>>"
    )
    source = write(
        tmp_path, f"func.func @f(%x: tensor<4x4xbf16, {layout}>) {{\n  func.return\n}}\n"
    )
    message = (
        f"{source}:1:53: error: the layout's map is not affine (Multiplication with non-constant "
        "(semi-affine) is not supported yet self: d0 other: d0)"
    )
    fails_with(ttnn_opt.main, [str(source)], message, capsys)

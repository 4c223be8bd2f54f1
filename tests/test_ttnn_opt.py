"""`ttnn-opt`'s one-line errors, run in process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.frontend.source import MAX_NESTING
from ttnn_xdsl.tools import ttnn_opt
from ttnn_xdsl.tools.ascii_output import to_ascii
from ttnn_xdsl.tools.expected_diagnostics import (
    Diagnostic,
    expectations_of,
    mismatches,
    read_expectations,
)

# ---------------------------------------------------------------------------------------------
# ttnn-opt in process: one-line errors, exit status 1
# ---------------------------------------------------------------------------------------------


T = "#ttnn.tensor_layout<tile>"
# The second typecast changes the shape: a verifier error at line 3, column 5.
MODULE = (
    f"func.func @f(%g: tensor<32x32xbf16, {T}>) {{\n"
    f"  %0 = ttnn.typecast %g : tensor<32x32xbf16, {T}> -> tensor<32x32xf32, {T}>\n"
    f"    %1 = ttnn.typecast %g : tensor<32x32xbf16, {T}> -> tensor<64x32xf32, {T}>\n"
    "  func.return\n"
    "}\n"
)


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
        "ttnn-opt: error: bad pass pipeline 'ttnn-lower{x=1': pass-pipeline:1:15: Malformed pass "
        "arguments, expected either a "
        "space or `}` here\n",
    )
    output = tmp_path / "out.mlir"
    # Without an expected-error comment, the error is unexpected (mlir-opt's wording).
    assert run_opt([str(source), "--verify-diagnostics", "-o", str(output)], capsys) == (
        1,
        "",
        f"{source}:3:5: error: unexpected error: 'ttnn.typecast' op expected the result shape "
        "[64, 32] to equal the input shape [32, 32]\n",
    )
    assert not output.exists()
    expecting = MODULE.replace("-> ()", "").replace(
        "  func.return",
        "  // expected-error @-1 {{expected the result shape [64, 32]}}\n  func.return",
    )
    source.write_text(expecting)
    code, out, err = run_opt([str(source), "--verify-diagnostics", "-o", str(output)], capsys)
    assert (code, err) == (0, "")
    assert out == (
        f"{source}:3:5: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal "
        "the input shape [32, 32]\n"
    )
    assert output.read_text() == ""  # the only chunk failed as expected: nothing to print


CONV_INPUT = (
    "tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, "
    "#ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>"
)
CONV_WITH_INTEGER_DTYPE = (
    f"func.func @f(%x: {CONV_INPUT}, %w: tensor<32x16x3x3xf32>) {{\n"
    "  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1\n"
    "      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1]\n"
    "      padding = [1, 1] dilation = [1, 1] groups = 1 dtype = 3\n"
    f"      : ({CONV_INPUT}, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>\n"
    "  func.return\n"
    "}\n"
)
"""A conv2d whose `dtype` is an integer, written last before the types (line 4, column 61)."""


def test_a_conv_property_of_another_kind_is_one_line_at_its_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Once xDSL's "Invalid type given for integer or float attribute", at the types' line: the
    # integer took the op's ` : (types)` for its own type.
    source = tmp_path / "conv.mlir"
    source.write_text(CONV_WITH_INTEGER_DTYPE)
    output = tmp_path / "out.mlir"
    assert run_opt([str(source), "-o", str(output)], capsys) == (
        1,
        "",
        f"{source}:4:61: error: expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), "
        "got 3\n",
    )
    assert not output.exists()


# ---------------------------------------------------------------------------------------------
# --verify-diagnostics: expected-* comments checked as mlir-opt checks them
# ---------------------------------------------------------------------------------------------

BAD_TYPECAST = f"  %1 = ttnn.typecast %g : tensor<32x32xbf16, {T}> -> tensor<64x32xf32, {T}>"
"""An op whose verifier fails: 'the result shape [64, 32] to equal the input shape [32, 32]'."""


def chunk(*body: str) -> str:
    """A function of `body` lines (lines 2.. of the chunk)."""
    return "\n".join([f"func.func @f(%g: tensor<32x32xbf16, {T}>) {{", *body, "  func.return", "}"])


@pytest.mark.parametrize(
    "body",
    [
        [BAD_TYPECAST + " // expected-error {{to equal the input shape [32, 32]}}"],
        ["  // expected-error @+1 {{'ttnn.typecast' op expected the result shape}}", BAD_TYPECAST],
        [BAD_TYPECAST, "  // expected-error@-1 {{[64, 32]}}"],
        [
            "  // expected-error @below {{result shape}}",
            "  // expected-remark @+5 {{a line further: skipped by @below}}",
            BAD_TYPECAST,
        ],
        [
            BAD_TYPECAST,
            "  // expected-warning @+4 {{skipped by @above}}",
            "  // expected-error @above {{shape}}",
        ],
        [BAD_TYPECAST, "  // expected-error-re @-1 {{result shape [{{[0-9]+}}, 32] to equal}}"],
    ],
    ids=["same-line", "plus", "minus", "below", "above", "regex"],
)
def test_verify_diagnostics_designators(
    body: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(chunk(*body) + "\n")
    code, out, err = run_opt([str(source), "--verify-diagnostics"], capsys)
    if "remark" in "".join(body) or "warning" in "".join(body):
        # The other comment expects a diagnostic that never comes: that alone fails.
        assert code == 1
        kind = "remark" if "remark" in "".join(body) else "warning"
        text = "a line further: skipped by @below" if kind == "remark" else "skipped by @above"
        assert err == f'{source}:3:6: error: expected {kind} "{text}" was not produced\n'
        return
    line = 1 + next(i for i, text in enumerate(body, 1) if text.startswith(BAD_TYPECAST))
    assert (code, err) == (0, "")
    assert out == (
        f"{source}:{line}:3: error: 'ttnn.typecast' op expected the result shape [64, 32] to "
        "equal the input shape [32, 32]\n"
    )


def test_verify_diagnostics_mismatches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.mlir"
    wrong_text = chunk(BAD_TYPECAST + " // expected-error {{the output shape}}")
    wrong_line = chunk(BAD_TYPECAST, "  // expected-error @+1 {{result shape}}")
    never = chunk("  // expected-error {{no such error}}")
    source.write_text("\n// -----\n".join([wrong_text, wrong_line, never]) + "\n")
    code, out, err = run_opt([str(source), "--split-input-file", "--verify-diagnostics"], capsys)
    # The first mismatch is the error line, with the count of the others; each other one is
    # a line on stdout, located, in mlir-opt's order (per chunk, the diagnostics, then the
    # expectations not produced): the wrong text's expectation, the wrong line's error and
    # expectation, the missing error.
    assert code == 1
    assert err == (
        f"{source}:2:3: error: unexpected error: 'ttnn.typecast' op expected the result shape "
        "[64, 32] to equal the input shape [32, 32] (and 4 more mismatches with the "
        "expected-* comments, each on standard output)\n"
    )
    assert out.splitlines() == [
        f'{source}:2:{len(BAD_TYPECAST) + 5}: error: expected error "the output shape" was not '
        "produced",
        f"{source}:7:3: error: unexpected error: 'ttnn.typecast' op expected the result shape "
        "[64, 32] to equal the input shape [32, 32]",
        f'{source}:8:6: error: expected error "result shape" was not produced',
        f'{source}:13:6: error: expected error "no such error" was not produced',
    ]
    source.write_text(never + "\n")
    assert run_opt([str(source), "--verify-diagnostics"], capsys) == (
        1,
        "",
        f'{source}:2:6: error: expected error "no such error" was not produced\n',
    )


def test_expectations_of_reads_mlir_designators() -> None:
    text = "\n".join(
        [
            "a // expected-error {{same}}",  # line 1 (chunk offset 10: file line 11)
            "// expected-warning @+2 {{two down}}",
            "// expected-note @below {{below}}",
            "b",
            "// expected-remark @above {{above}}",
            "// expected-error @unknown {{nowhere}}",
            "// expected-error-re @-6 {{x{{[0-9]+}}y}}",
        ]
    )
    found = expectations_of(text, "f.mlir", line_offset=10)
    assert [(e.kind, e.text, e.line, e.written_at) for e in found] == [
        ("error", "same", 11, "f.mlir:11:6"),
        ("warning", "two down", 14, "f.mlir:12:4"),
        ("note", "below", 14, "f.mlir:13:4"),
        ("remark", "above", 14, "f.mlir:15:4"),
        ("error", "nowhere", None, "f.mlir:16:4"),
        ("error", "x{{[0-9]+}}y", 11, "f.mlir:17:4"),
    ]
    regex = found[-1]
    assert regex.matches(Diagnostic("error", "got x42y here", "f.mlir:11:3"))
    assert not regex.matches(Diagnostic("error", "got xay here", "f.mlir:11:3"))
    assert not regex.matches(Diagnostic("error", "got x42y here", "f.mlir:12:3"))
    with pytest.raises(TTNNError) as error:
        expectations_of("// expected-error-re {{a{{(}}b}}", "f.mlir")
    assert str(error.value) == (
        "f.mlir:1:4: error: invalid expected-error regex '(': missing ), unterminated subpattern "
        "at position 0"
    )


def test_comments_that_cannot_be_read_are_each_named_at_their_line() -> None:
    text = "\n".join(
        [
            "// expected-error @-1 {{before the file}}",
            "x // expected-note-re {{a {{[0-9}} b}}",
            "// expected-remark {{no closing braces",
            "// expected-error-re {{open {{block}}",
            "// expected-warning @left {{x}}",
            "// an expected-error in prose, without braces, is no comment",
            "// expected-error @-2 {{fine}}",
        ]
    )
    expectations, problems = read_expectations(text, "f.mlir")
    assert [(e.kind, e.text, e.line) for e in expectations] == [("error", "fine", 5)]
    assert problems == [
        ("f.mlir:1:4", "expected-error line offset '@-1' is before the start of the file"),
        (
            "f.mlir:2:6",
            "invalid expected-note regex '[0-9': unterminated character set at position 0",
        ),
        ("f.mlir:3:4", "expected-remark comment has no closing '}}' at the end of its line"),
        ("f.mlir:4:4", "expected-error-re regex block '{{' has no closing '}}'"),
        (
            "f.mlir:5:4",
            "expected-warning comment has an unknown designator '@left' (expected @+N, @-N, "
            "@above, @below or @unknown)",
        ),
    ]
    # In a later chunk, an offset before the chunk's first line (the file has lines there).
    _, problems = read_expectations("// expected-error @-1 {{x}}", "f.mlir", line_offset=10)
    assert problems == [
        ("f.mlir:11:4", "expected-error line offset '@-1' is before the start of its chunk")
    ]


def test_mismatches_in_mlir_words() -> None:
    expected = expectations_of(
        "x // expected-warning {{careful}}\n// expected-error @unknown {{lost}}", "f.mlir"
    )
    produced = [
        Diagnostic("warning", "be careful here", "f.mlir:1:1"),
        Diagnostic("warning", "be careful here", "f.mlir:1:1"),  # one expectation, one match
        Diagnostic("error", "lost somewhere", None),
    ]
    assert mismatches(expected, produced) == [("f.mlir:1:1", "unexpected warning: be careful here")]
    assert mismatches(expected, []) == [
        ("f.mlir:1:6", 'expected warning "careful" was not produced'),
        ("f.mlir:2:4", 'expected error "lost" was not produced'),
    ]


# ---------------------------------------------------------------------------------------------
# `-` is standard input, for ttnn-opt and ttnn-run
# ---------------------------------------------------------------------------------------------

TOOLS = Path(sys.executable).parent
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "prepare_conv_weights.mlir"


def run_tool(tool: str, args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(TOOLS / tool), *args], input=stdin, capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    ("tool", "args"),
    [("ttnn-opt", ["-p", "ttnn-decompose"]), ("ttnn-run", ["--random-inputs", "0", "--print"])],
)
def test_dash_reads_standard_input(tool: str, args: list[str]) -> None:
    from_file = run_tool(tool, [str(EXAMPLE), *args], "")
    from_stdin = run_tool(tool, ["-", *args], EXAMPLE.read_text())
    assert (from_stdin.returncode, from_stdin.stderr) == (0, "")
    assert from_stdin.stdout == from_file.stdout
    assert from_stdin.stdout.startswith("builtin.module" if tool == "ttnn-opt" else "prepared_")


def test_standard_input_is_named_stdin_in_diagnostics() -> None:
    bad = chunk(BAD_TYPECAST)
    for tool, args in (("ttnn-opt", ["-"]), ("ttnn-opt", []), ("ttnn-run", ["-"])):
        completed = run_tool(tool, args, bad)
        assert (completed.returncode, completed.stdout) == (1, "")
        assert completed.stderr == (
            "<stdin>:2:3: error: 'ttnn.typecast' op expected the result shape [64, 32] to "
            "equal the input shape [32, 32]\n"
        )


# ---------------------------------------------------------------------------------------------
# What ttnn-opt prints, it reads back: no printed form deeper than the parser's limit
# ---------------------------------------------------------------------------------------------


def test_deepest_accepted_input_round_trips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert MAX_NESTING == 64
    source = tmp_path / "deep.mlir"
    source.write_text("builtin.module {" * 64 + "}" * 64 + "\n")
    code, printed, err = run_opt([str(source)], capsys)
    assert (code, err) == (0, "")
    assert printed.count("builtin.module {") == 64
    again = tmp_path / "printed.mlir"
    again.write_text(printed)
    assert run_opt([str(again)], capsys) == (0, printed, "")


@pytest.mark.parametrize(
    ("text", "args", "line", "column"),
    [
        # 64 modules read in the custom syntax; the generic form spends `({` a module, and
        # the 33rd module's `(` (line 33, after 32 indents of 2 and `"builtin.module"`) is the
        # 65th bracket.
        ("builtin.module {" * 64 + "}" * 64, ["--print-op-generic"], 33, 64 + 16 + 1),
        # 70 type aliases, each nested one deeper than the last, written 2 deep at most:
        # printed expanded on line 2, inside the module's `{` and the arguments' `(`: the
        # 63rd `tuple<` is the 65th bracket.
        (
            "!t0 = tuple<i32>\n"
            + "".join(f"!t{i} = tuple<!t{i - 1}>\n" for i in range(1, 70))
            + "func.func private @f(%a: !t69)",
            [],
            2,
            len("  func.func private @f(") + 6 * 63,
        ),
    ],
    ids=["generic", "aliases"],
)
def test_printed_form_deeper_than_the_parser_reads_is_refused(
    text: str,
    args: list[str],
    line: int,
    column: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(text + "\n")
    output = tmp_path / "out.mlir"
    assert run_opt([str(source), *args, "-o", str(output)], capsys) == (
        1,
        "",
        f"{source}: error: the printed IR would nest deeper than 64 brackets (output line "
        f"{line}, column {column}), which cannot be read back (the generic form spends two "
        "brackets a region, a type alias is printed expanded): nest less\n",
    )
    assert not output.exists()


# ---------------------------------------------------------------------------------------------
# --ascii: messages in ASCII (the IR printed as it is)
# ---------------------------------------------------------------------------------------------

NARROW_SHARDS = (
    "func.func @f(%w: tensor<2x3x3x3xf32>) {\n"
    "  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<"
    "#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x32>> "
    'input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 2 '
    "batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] "
    "padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> "
    "tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>\n"
    "  func.return\n}\n"
)
"""Width shards too narrow for the input: a message with `N·H·W` and `×`."""


@pytest.mark.parametrize(
    ("tool", "args"),
    [("ttnn-opt", []), ("ttnn-run", ["--random-inputs", "0"])],
)
def test_ascii_messages(tool: str, args: list[str], tmp_path: Path) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(NARROW_SHARDS)
    message = (
        f"{source}:2:3: error: 'ttnn.prepare_conv_weights' op width_sharded shards of 32x32 on "
        "a 2x1 grid cannot hold the input's N{dot}H{dot}W = 64 rows (1 core(s) {times} 32 rows "
        "= 32)\n"
    )
    typographic = run_tool(tool, [str(source), *args], "")
    assert typographic.stderr == message.format(dot="·", times="×")
    plain = run_tool(tool, [str(source), *args, "--ascii"], "")
    assert (plain.returncode, plain.stdout) == (1, "")
    assert plain.stderr == message.format(dot="*", times="x")


def test_ascii_diagnostics_of_verify_diagnostics_leave_the_ir_alone(tmp_path: Path) -> None:
    source = tmp_path / "in.mlir"
    expecting = NARROW_SHARDS.replace(
        "\n  func.return", " // expected-error {{N·H·W}}\n  func.return"
    )
    note = 'func.func private @g() attributes {note = "3×3 → bf16"}\n'
    source.write_text(note + "// -----\n" + expecting)
    args = [str(source), "--split-input-file", "--verify-diagnostics"]
    typographic = run_tool("ttnn-opt", args, "")
    plain = run_tool("ttnn-opt", [*args, "--ascii"], "")
    assert (plain.returncode, plain.stderr) == (0, "")
    *module, diagnostic = plain.stdout.splitlines()
    # The IR as xDSL prints it, with or without --ascii; the diagnostic in ASCII.
    assert module == typographic.stdout.splitlines()[:-1]
    assert module[-1] == "// -----" and "note = " in module[1]
    assert diagnostic == (
        f"{source}:4:3: error: 'ttnn.prepare_conv_weights' op width_sharded shards of 32x32 on "
        "a 2x1 grid cannot hold the input's N*H*W = 64 rows (1 core(s) x 32 rows = 32)"
    )


def test_to_ascii() -> None:
    assert to_ascii("f32 → bf16 · kernel 3×3 · (0, 0)…(0, 6) ≤ 2·3 — ok") == (
        "f32 -> bf16 | kernel 3x3 | (0, 0)...(0, 6) <= 2*3 -- ok"
    )
    assert to_ascii("─ │ café") == "- | caf\\xe9"
    assert to_ascii("plain") == "plain"

"""`ttnn-opt`'s one-line errors, run in process."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttnn_xdsl.tools import ttnn_opt

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
    code, out, err = run_opt([str(source), "--verify-diagnostics", "-o", str(output)], capsys)
    assert (code, err) == (0, "")
    assert out == (
        f"{source}:3:5: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal "
        "the input shape [32, 32]\n"
    )
    assert output.read_text() == ""  # the only chunk failed as expected: nothing to print

"""Named results (`%prepared_weight` → `prepared_weight`, `result0` kept as an alias), and
`ttnn-run --entry all` (every function that calls no other, results named
`FUNCTION.NAME`), `--entry @NAME` and `--time`."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from ttnn_xdsl.dialect.context import make_context
from ttnn_xdsl.frontend import parse_module
from ttnn_xdsl.program import Program, result_names
from ttnn_xdsl.tools import ttnn_run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
T = "tensor<2x3xbf16, #ttnn.tensor_layout<tile>>"
ASSIGN = f"ttnn.assign_bw(%g, %g) : ({T}, {T}) -> {T}"


def names(text: str, function: str) -> list[str | None]:
    return result_names(parse_module(make_context(), text, "names.mlir"), function)


def test_results_are_named_after_the_returned_values() -> None:
    text = f"""
    func.func @f(%g: {T}) -> ({T}, {T}, {T}) {{
      %weight = {ASSIGN}
      %0 = {ASSIGN}
      %bias = {ASSIGN}
      func.return %weight, %0, %bias : {T}, {T}, {T}
    }}"""
    assert names(text, "f") == ["weight", None, "bias"]
    assert names(text, "missing") == []


def test_ambiguous_names_are_dropped() -> None:
    # The same value twice, and a name that is another result's alias `result0`.
    text = f"""
    func.func @f(%g: {T}) -> ({T}, {T}, {T}) {{
      %w = {ASSIGN}
      %result0 = {ASSIGN}
      func.return %w, %w, %result0 : {T}, {T}, {T}
    }}"""
    assert names(text, "f") == [None, None, None]
    own = f"""
    func.func @f(%g: {T}) -> {T} {{
      %result0 = {ASSIGN}
      func.return %result0 : {T}
    }}"""
    # A result named after its own alias keeps the name (it is no other result's).
    assert names(own, "f") == [None]


def test_results_of_calls_are_named_after_the_callee() -> None:
    text = f"""
    func.func @conv1(%g: {T}) -> ({T}, {T}) {{
      %prepared_weight = {ASSIGN}
      %1 = {ASSIGN}
      func.return %prepared_weight, %1 : {T}, {T}
    }}
    func.func @loop(%g: {T}) -> {T} {{
      %0 = func.call @loop(%g) : ({T}) -> {T}
      func.return %0 : {T}
    }}
    func.func @main(%g: {T}) -> ({T}, {T}, {T}, {T}) {{
      %0, %1 = func.call @conv1(%g) : ({T}) -> ({T}, {T})
      %kept = {ASSIGN}
      %2 = func.call @loop(%g) : ({T}) -> {T}
      func.return %0, %1, %kept, %2 : {T}, {T}, {T}, {T}
    }}"""
    assert names(text, "main") == ["conv1.prepared_weight", None, "kept", None]


def run_tool(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        ttnn_run.main([str(a) for a in argv])
    except SystemExit as exit_info:
        captured = capsys.readouterr()
        return int(exit_info.code or 0), captured.out, captured.err
    captured = capsys.readouterr()
    return 0, captured.out, captured.err


def test_resnet_main_names_every_array_after_its_layer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """@main of the ResNet-50 example only calls the layers: its 106 results take the
    layers' names, and result0… stay as aliases (a second copy in the .npz, a hard link in
    a folder)."""
    path = EXAMPLES / "resnet50_conv_weights.mlir"
    program = Program.load(path.read_text(), filename=str(path))
    assert [slot.name for slot in program.results[:4]] == [
        "conv1.prepared_weight",
        "conv1.prepared_bias",
        "layer1_0_conv1.prepared_weight",
        "layer1_0_conv1.prepared_bias",
    ]
    assert program.results[105].name == "layer4_2_conv3.prepared_bias"
    assert len({slot.name for slot in program.results}) == 106


def test_entry_all_runs_each_leaf_function(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = EXAMPLES / "conv_layouts.mlir"
    weight = np.arange(32 * 3, dtype=np.float32).reshape(32, 1, 1, 3) / 8
    np.save(tmp_path / "w.npy", weight)
    status, out, err = run_tool(
        [
            path,
            "--entry",
            "all",
            "--random-inputs",
            "0",
            "--input",
            f"depthwise_1d.weight={tmp_path / 'w.npy'}",
            "--output",
            tmp_path / "all.npz",
            "--tensorbin",
            tmp_path / "tb",
        ],
        capsys,
    )
    assert (status, out, err) == (0, "", "")
    functions = [
        "width_sharded",
        "block_sharded_full_inner_dim",
        "grouped",
        "depthwise_1d",
        "kernel_stride_folding",
        "bfloat8_b_weight",
        "activation_reuse",
        "interleaved_matmul",
    ]
    expected = []
    for function in functions:
        expected += [f"{function}.prepared_weight", f"{function}.result0"]
        if function != "depthwise_1d":  # a 1D depthwise conv has no bias
            expected += [f"{function}.prepared_bias", f"{function}.result1"]
    with np.load(tmp_path / "all.npz") as arrays:
        assert arrays.files == expected
        # Each function ran with its own inputs: the same values as running it alone.
        for function in ("grouped", "bfloat8_b_weight"):
            alone = Program.load(path.read_text(), entry=function).run(random_seed=0)[0]
            np.testing.assert_array_equal(
                arrays[f"{function}.prepared_weight"], alone.physical_to_numpy()
            )
            np.testing.assert_array_equal(
                arrays[f"{function}.prepared_weight"], arrays[f"{function}.result0"]
            )
        # The given depthwise weight: tap s of channel o repeated 32 times in rows
        # 32·s … 32·s + 31, column o (semantics.md §3.6.6, then §3.6.2 with BH = 96).
        matrix = arrays["depthwise_1d.prepared_weight"][0, 0]
        assert matrix.shape == (96, 32)
        for s in range(3):
            np.testing.assert_array_equal(
                matrix[32 * s : 32 * s + 32, :], np.tile(weight[:, 0, 0, s], (32, 1))
            )
    files = sorted(os.listdir(tmp_path / "tb"))
    assert len(files) == len(expected)
    assert os.path.samefile(
        tmp_path / "tb" / "grouped.prepared_weight.tensorbin",
        tmp_path / "tb" / "grouped.result0.tensorbin",
    )


def test_entry_all_wants_qualified_inputs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = EXAMPLES / "conv_layouts.mlir"
    np.save(tmp_path / "x.npy", np.zeros((32, 1, 1, 3), np.float32))
    status, out, err = run_tool(
        [path, "--entry", "all", "--random-inputs", "0", "--input", f"weight={tmp_path}/x.npy"],
        capsys,
    )
    assert status == 1 and out == ""
    assert err.startswith(
        "ttnn-run: error: --input weight: with --entry all, name an input FUNCTION.ARGUMENT "
        "(functions run: activation_reuse, bfloat8_b_weight, "
    )
    assert err.count("\n") == 1


def test_entry_may_be_spelled_with_its_at_sign(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_tool(
        [EXAMPLES / "assign_bw.mlir", "--entry", "@unary", "--random-inputs", "0", "--print"],
        capsys,
    )
    assert status == 0
    assert out.startswith("grad_input (result0): tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>\n")


def test_time_prints_a_table_of_the_phases(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_tool(
        [EXAMPLES / "conv_layouts.mlir", "--entry", "all", "--random-inputs", "0", "--time"],
        capsys,
    )
    assert (status, out) == (0, "")
    lines = err.splitlines()
    assert lines[0].split() == ["phase", "seconds", "share", "runs"]
    phases = [line.rsplit(maxsplit=3) for line in lines[2:-2]]
    assert [phase[0] for phase in phases] == [
        "read files",
        "parse",
        "lower",
        "convert inputs",
        "interpret",
        "write",
    ]
    # Eight functions: inputs converted and interpreted once each.
    assert [phase[3] for phase in phases] == ["1", "1", "1", "8", "8", "1"]
    total = float(lines[-1].split()[1])
    assert abs(sum(float(phase[1]) for phase in phases) - total) < 0.01
    assert lines[-1].split()[0] == "total"

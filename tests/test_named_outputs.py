"""Named results (`%prepared_weight` → `prepared_weight`, names kept through lowering,
`result0` only with `--aliases`, each array stored once), output folders that never mix
runs, `.npz` inputs by argument name, and `ttnn-run --entry all` (every function that calls
no other, results named `FUNCTION.NAME`), `--entry @NAME` and `--time`."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from ttnn_xdsl.core.errors import TTNNError
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
    layers' names."""
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
        expected += [f"{function}.prepared_weight"]
        if function != "depthwise_1d":  # a 1D depthwise conv has no bias
            expected += [f"{function}.prepared_bias"]
    with np.load(tmp_path / "all.npz") as arrays:
        assert arrays.files == expected
        # Each function ran with its own inputs: the same values as running it alone.
        for function in ("grouped", "bfloat8_b_weight"):
            alone = Program.load(path.read_text(), entry=function).run(random_seed=0)[0]
            np.testing.assert_array_equal(
                arrays[f"{function}.prepared_weight"], alone.physical_to_numpy()
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
    assert files == sorted(f"{name}.tensorbin" for name in expected)


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
    assert out.startswith("grad_input: tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>\n")


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


# ---------------------------------------------------------------------------------------------
# Names through lowering, each array once, folders of one run, .npz inputs
# ---------------------------------------------------------------------------------------------


def test_names_survive_lowering(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # @unary returns %grad_input, written into the preallocated %buffer: after lowering the
    # function returns %buffer, and the name recorded beside the result (ttnn.name) wins.
    from ttnn_xdsl.tools import ttnn_opt

    lowered = tmp_path / "lowered.mlir"
    ttnn_opt.main([str(EXAMPLES / "assign_bw.mlir"), "-p", "ttnn-lower", "-o", str(lowered)])
    assert 'ttnn.name = "grad_input"' in lowered.read_text()
    program = Program.load(lowered.read_text(), entry="unary")
    assert [slot.name for slot in program.results] == ["grad_input"]
    status, out, _ = run_tool(
        [lowered, "--entry", "unary", "--random-inputs", "0", "--print"], capsys
    )
    assert status == 0 and out.startswith("grad_input: tensor<2x64x64xbf16")


def test_each_array_is_stored_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two 512×512 float32 results: 2 MiB of arrays; the .npz holds each once (no alias
    # member), a few hundred bytes of headers more.
    tile = "tensor<512x512xbf16, #ttnn.tensor_layout<tile>>"
    source = tmp_path / "two.mlir"
    source.write_text(
        f"func.func @main(%g: {tile}) -> ({tile}, {tile}) {{\n"
        f"  %a, %b = ttnn.assign_bw(%g, %g, %g) : ({tile}, {tile}, {tile}) -> ({tile}, {tile})\n"
        f"  func.return %a, %b : {tile}, {tile}\n}}\n"
    )
    output = tmp_path / "out.npz"
    assert run_tool([source, "--random-inputs", "0", "--output", output], capsys)[0] == 0
    with np.load(output) as arrays:
        assert arrays.files == ["a", "b"]
    assert 2 * 512 * 512 * 4 < output.stat().st_size < 2 * 512 * 512 * 4 + 1024


def test_a_folder_never_mixes_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "tb"
    path = EXAMPLES / "assign_bw.mlir"
    assert run_tool([path, "--random-inputs", "0", "--tensorbin", folder], capsys)[0] == 0
    before = {name: (folder / name).read_bytes() for name in os.listdir(folder)}
    assert sorted(before) == ["grad_a.tensorbin", "grad_b.tensorbin"]
    # Another entry into the same folder: refused before anything runs, the folder as it was.
    status, out, err = run_tool(
        [path, "--entry", "unary", "--random-inputs", "0", "--tensorbin", folder], capsys
    )
    assert (status, out) == (1, "")
    assert err == (
        f"ttnn-run: error: --tensorbin {folder}: the folder holds grad_a.tensorbin, "
        "grad_b.tensorbin, which this run does not write (an earlier run's?): remove them, "
        "choose another folder, or give --force to write this run's files beside them\n"
    )
    assert {name: (folder / name).read_bytes() for name in os.listdir(folder)} == before
    # --force writes beside them: each run's files are named after its results.
    forced = tmp_path / "forced"
    shutil.copytree(folder, forced)
    status, _, err = run_tool(
        [path, "--entry", "unary", "--random-inputs", "0", "--tensorbin", forced, "--force"],
        capsys,
    )
    assert (status, err) == (0, "")
    assert sorted(os.listdir(forced)) == [
        "grad_a.tensorbin",
        "grad_b.tensorbin",
        "grad_input.tensorbin",
    ]
    assert {name: (forced / name).read_bytes() for name in before} == before
    # The same run again replaces its own files; other kinds of files do not count.
    (folder / "notes.txt").write_text("mine")
    status, _, _ = run_tool([path, "--random-inputs", "1", "--tensorbin", folder], capsys)
    assert status == 0
    assert sorted(os.listdir(folder)) == ["grad_a.tensorbin", "grad_b.tensorbin", "notes.txt"]
    assert (folder / "grad_a.tensorbin").read_bytes() != before["grad_a.tensorbin"]
    # --aliases adds the positional names as hard links; dropping it later finds them stale.
    status, _, _ = run_tool(
        [path, "--random-inputs", "1", "--tensorbin", folder, "--aliases"], capsys
    )
    assert status == 0
    assert os.path.samefile(folder / "grad_b.tensorbin", folder / "result1.tensorbin")
    status, _, err = run_tool([path, "--random-inputs", "1", "--tensorbin", folder], capsys)
    assert status == 1 and "holds result0.tensorbin, result1.tensorbin, which" in err


def test_pictures_of_another_format_are_an_earlier_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # An SVG run, then a PNG run into the same folder: the SVGs show the earlier run's values
    # under this run's names, so they are refused as any earlier run's files are.
    folder = tmp_path / "plots"
    path = EXAMPLES / "assign_bw.mlir"
    svg = [path, "--random-inputs", "0", "--plot", folder, "--plot-format", "svg"]
    assert run_tool(svg, capsys)[0] == 0
    before = {name: (folder / name).read_bytes() for name in os.listdir(folder)}
    assert sorted(before) == ["grad_a.svg", "grad_b.svg"]
    status, out, err = run_tool([path, "--random-inputs", "1", "--plot", folder], capsys)
    assert (status, out) == (1, "")
    assert err == (
        f"ttnn-run: error: --plot {folder}: the folder holds grad_a.svg, grad_b.svg, which this "
        "run does not write (an earlier run's?): remove them, choose another folder, or give "
        "--force to write this run's files beside them\n"
    )
    assert {name: (folder / name).read_bytes() for name in os.listdir(folder)} == before
    # The same format replaces its own pictures; --force writes the PNGs beside the SVGs.
    assert run_tool(svg, capsys)[0] == 0
    forced = [path, "--random-inputs", "1", "--plot", folder, "--force"]
    assert run_tool(forced, capsys)[0] == 0
    assert sorted(os.listdir(folder)) == ["grad_a.png", "grad_a.svg", "grad_b.png", "grad_b.svg"]


def test_an_npz_archive_gives_inputs_by_argument_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One weights archive for the ResNet-50 example, members FUNCTION.ARGUMENT: running
    # @conv1 takes its two members (and leaves the other layer's alone); --entry all takes
    # each function's; both give what separate .npy inputs give.
    path = EXAMPLES / "resnet50_conv_weights.mlir"
    rng = np.random.default_rng(5)
    weight = rng.standard_normal((64, 3, 7, 7)).astype(np.float32)
    bias = rng.standard_normal((1, 1, 1, 64)).astype(np.float32)
    layer = rng.standard_normal((64, 64, 1, 1)).astype(np.float32)
    archive = tmp_path / "weights.npz"
    np.savez(
        archive, **{"conv1.weight": weight, "conv1.bias": bias, "layer1_0_conv1.weight": layer}
    )
    np.save(tmp_path / "w.npy", weight)
    np.save(tmp_path / "b.npy", bias)
    runs = {
        "archive": ["--input", archive],
        "files": [
            "--input",
            f"weight={tmp_path / 'w.npy'}",
            "--input",
            f"bias={tmp_path / 'b.npy'}",
        ],
    }
    for label, inputs in runs.items():
        status, out, err = run_tool(
            [path, "--entry", "conv1", *inputs, "--output", tmp_path / f"{label}.npz"], capsys
        )
        assert (status, out, err) == (0, "", "")
    with np.load(tmp_path / "archive.npz") as a, np.load(tmp_path / "files.npz") as b:
        assert a.files == b.files == ["prepared_weight", "prepared_bias"]
        for name in a.files:
            np.testing.assert_array_equal(a[name], b[name])
        conv1 = a["prepared_weight"]
    status, _, _ = run_tool(
        [
            path,
            "--entry",
            "all",
            "--input",
            archive,
            "--random-inputs",
            "0",
            "--output",
            tmp_path / "all.npz",
        ],
        capsys,
    )
    assert status == 0
    with np.load(tmp_path / "all.npz") as arrays:
        np.testing.assert_array_equal(arrays["conv1.prepared_weight"], conv1)
    # A member of the function run that names none of its arguments is an error.
    np.savez(tmp_path / "typo.npz", **{"conv1.wieght": weight})
    status, out, err = run_tool(
        [path, "--entry", "conv1", "--input", tmp_path / "typo.npz", "--random-inputs", "0"],
        capsys,
    )
    assert (status, out) == (1, "")
    assert err == (
        f"ttnn-run: error: --input {tmp_path / 'typo.npz'}: member 'conv1.wieght.npy' names no "
        "argument of @conv1 (arguments: weight, bias)\n"
    )


def test_help_says_how_outputs_are_named_and_that_folders_never_mix_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_tool(["--help"], capsys)
    assert status == 0
    text = " ".join(out.split())
    assert "Output folders (--raw-output, --tensorbin, --plot) never mix runs" in text
    assert (
        "also name each result resultN (its position; a hard link, the data is written once)"
        in text
    )
    assert "or an .npz archive of inputs, each member named after its argument" in text


# ---------------------------------------------------------------------------------------------
# Result names that cannot name a file, and two results under one name
# ---------------------------------------------------------------------------------------------

ROW = "tensor<1x1x32x32xbf16, #ttnn.tensor_layout<tile>>"


def identity(function: str, value: str = "x") -> str:
    """A function (its name as the IR spells it) returning its argument `%value`."""
    return (
        f"func.func @{function}(%{value}: {ROW}) -> {ROW} {{\n  func.return %{value} : {ROW}\n}}\n"
    )


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under `folder` and its bytes (None for a folder)."""
    return {
        str(path.relative_to(folder)): None if path.is_dir() else path.read_bytes()
        for path in sorted(folder.rglob("*"))
    }


@pytest.mark.parametrize(
    ("function", "printed", "shown", "problem"),
    [
        ('"../../escape"', '"../../escape"', "'../../escape.x'", "it holds '/'"),
        ('"{absolute}/ABS"', '"{absolute}/ABS"', "'{absolute}/ABS.x'", "it holds '/'"),
        ('"a\\5Cb"', '"a\\\\b"', "'a\\\\b.x'", "it holds '\\'"),
        ('"a\\00b"', '"a\\00b"', "'a\\x00b.x'", "it holds the control character U+0000"),
        ('"a\\0Ab"', '"a\\0Ab"', "'a\\nb.x'", "it holds the control character U+000A"),
        ('".hidden"', '".hidden"', "'.hidden.x'", "it starts with '.'"),
    ],
    ids=["parent", "absolute", "backslash", "nul", "line-break", "hidden"],
)
def test_a_result_name_that_is_no_plain_file_name_is_refused_before_anything_is_written(
    function: str,
    printed: str,
    shown: str,
    problem: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The newcomer's escape: from tmp_path/deep/run, '../../escape.x.tensorbin' in the folder
    # 'out' is tmp_path/deep/escape.x.tensorbin; an absolute name points anywhere.
    work = tmp_path / "deep" / "run"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    source = tmp_path / "deep" / "names.mlir"
    absolute = str(tmp_path)
    source.write_text(identity(function.format(absolute=absolute)))
    for target in (tmp_path / "deep" / "escape.x.tensorbin", tmp_path / "ABS.x.bin"):
        target.write_bytes(b"not to be replaced")
    before = tree(tmp_path)
    flags = ["--tensorbin", "out", "--raw-output", "out", "--plot", "out", "--output", "o.npz"]
    status, out, err = run_tool([source, "--entry", "all", "--random-inputs", "0", *flags], capsys)
    assert (status, out) == (1, "")
    assert err == (
        f"{source}:1:1: error: result 0 of @{printed.format(absolute=absolute)} is named "
        f"{shown.format(absolute=absolute)}, which cannot name an output file: {problem} "
        "(rename it in the IR)\n"
    )
    assert tree(tmp_path) == before
    # --expect DIR reads by the same names: refused too, not a comparison with '../..'.
    (tmp_path / "deep" / "escape.x.npy").write_bytes(b"")
    status, out, err = run_tool(
        [source, "--entry", "all", "--random-inputs", "0", "--expect", "."], capsys
    )
    assert (status, out) == (1, "") and "which cannot name an output file" in err


def test_a_callee_name_is_checked_without_entry_all_and_only_where_files_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # @main names its unnamed result after the callee's: '../up.x'.
    source = tmp_path / "call.mlir"
    source.write_text(
        identity('"../up"')
        + f"func.func @main(%w: {ROW}) -> {ROW} {{\n"
        + f'  %0 = func.call @"../up"(%w) : ({ROW}) -> {ROW}\n'
        + f"  func.return %0 : {ROW}\n}}\n"
    )
    status, out, err = run_tool(
        [source, "--random-inputs", "0", "--raw-output", tmp_path / "raw"], capsys
    )
    assert (status, out) == (1, "")
    assert err == (
        f"{source}:4:1: error: result 0 of @main is named '../up.x', which cannot name an output "
        "file: it holds '/' (rename it in the IR)\n"
    )
    assert sorted(os.listdir(tmp_path)) == ["call.mlir"]
    # No file named after it: the run prints it under that name.
    status, out, err = run_tool([source, "--random-inputs", "0", "--print"], capsys)
    assert (status, err) == (0, "")
    assert out.startswith(f"../up.x: {ROW}\n")


def test_unusual_plain_names_are_written_as_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "names.mlir"
    source.write_text(identity('"layer 1"') + identity('"wéight-2$"', "v.w"))
    folder = tmp_path / "tb"
    status, _, err = run_tool(
        [source, "--entry", "all", "--random-inputs", "0", "--tensorbin", folder], capsys
    )
    assert (status, err) == (0, "")
    assert sorted(os.listdir(folder)) == ["layer 1.x.tensorbin", "wéight-2$.v.w.tensorbin"]


def test_two_results_under_one_name_are_refused_naming_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The newcomer's collision: @"a.b" returning %c and @a returning %b.c are both 'a.b.c'.
    source = tmp_path / "coll.mlir"
    source.write_text(identity('"a.b"', "c") + identity("a", "b.c"))
    written = ["--output", tmp_path / "coll.npz", "--tensorbin", tmp_path / "tb"]
    for flags in (written, ["--print"]):
        status, out, err = run_tool(
            [source, "--entry", "all", "--random-inputs", "0", *flags], capsys
        )
        assert (status, out) == (1, "")
        assert err == (
            f"{source}:4:1: error: result 0 of @a and result 0 of @a.b (at {source}:1:1) are "
            "both named 'a.b.c', and every output holds a result once under its name (rename "
            "one in the IR)\n"
        )
    assert sorted(os.listdir(tmp_path)) == ["coll.mlir"]
    # A name that is another result's --aliases name: 'a.b.result0' of @"a.b" and of @a.
    source.write_text(identity('"a.b"', "c") + identity("a", "b.result0"))
    status, _, _ = run_tool(
        [source, "--entry", "all", "--random-inputs", "0", "--tensorbin", tmp_path / "tb"], capsys
    )
    assert status == 0
    assert sorted(os.listdir(tmp_path / "tb")) == ["a.b.c.tensorbin", "a.b.result0.tensorbin"]
    status, out, err = run_tool(
        [
            source,
            "--entry",
            "all",
            "--random-inputs",
            "0",
            "--tensorbin",
            tmp_path / "tb2",
            "--aliases",
        ],
        capsys,
    )
    assert (status, out) == (1, "")
    assert err == (
        f"{source}:4:1: error: result 0 of @a and result 0 of @a.b as its --aliases name (at "
        f"{source}:1:1) are both named 'a.b.result0', and every output holds a result once "
        "under its name (rename one in the IR)\n"
    )
    assert not (tmp_path / "tb2").exists()


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("prepared_weight", None),
        ("conv1.prepared_weight", None),
        ("layer 1.wéight-2$", None),
        ("", "it is empty"),
        ("a/b", "it holds '/'"),
        ("/abs", "it holds '/'"),
        ("..", "it starts with '.'"),
        (".", "it starts with '.'"),
        (".x", "it starts with '.'"),
        ("a\\b", "it holds '\\'"),
        ("a\0", "it holds the control character U+0000"),
        ("a\tb", "it holds the control character U+0009"),
        ("a\x7f", "it holds the control character U+007F"),
    ],
)
def test_which_names_are_plain_file_names(name: str, problem: str | None) -> None:
    assert ttnn_run.file_name_problem(name) == problem
    if problem is None:
        assert ttnn_run.result_path("out", name, ".bin") == f"out/{name}.bin"
    else:
        with pytest.raises(TTNNError, match="cannot name a file"):
            ttnn_run.result_path("out", name, ".bin")


def test_an_input_named_any_way_takes_the_archive_member_s_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--input NAME=PATH` takes the place of an archive's member NAME.npy whether it names the
    argument `x`, `%x` or by its position `0` (`%x` and `0` were 'given twice')."""
    source = tmp_path / "cast.mlir"
    source.write_text(
        f"func.func @main(%x: {T}) -> {T} {{\n"
        f"  %0 = ttnn.typecast %x : {T} -> {T}\n"
        f"  func.return %0 : {T}\n"
        "}\n"
    )
    np.savez(tmp_path / "inputs.npz", x=np.zeros((2, 3), np.float32))
    np.save(tmp_path / "ones.npy", np.ones((2, 3), np.float32))
    for name in ("x", "%x", "0"):
        out = tmp_path / f"out{len(name)}{name[-1]}.npz"
        argv = [
            source,
            "--input",
            tmp_path / "inputs.npz",
            "--input",
            f"{name}={tmp_path / 'ones.npy'}",
        ]
        status, _, err = run_tool([*argv, "--output", out], capsys)
        assert (status, err) == (0, "")
        with np.load(out) as outputs:
            assert outputs["result0"].tolist() == [[1.0] * 3] * 2


def test_a_folder_named_like_an_archive_is_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--input x=DIR.npz` where DIR.npz is a folder: named so, not 'an .npz archive'."""
    source = tmp_path / "cast.mlir"
    source.write_text(
        f"func.func @main(%x: {T}) -> {T} {{\n"
        f"  %0 = ttnn.typecast %x : {T} -> {T}\n"
        f"  func.return %0 : {T}\n"
        "}\n"
    )
    folder = tmp_path / "inputs.npz"
    folder.mkdir()
    status, out, err = run_tool([source, "--input", f"x={folder}"], capsys)
    assert (status, out) == (1, "")
    assert err == f"ttnn-run: error: --input x: cannot read '{folder}': Is a directory\n"


def test_expect_archive_of_every_function_serves_each_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `--entry all --output` names members FUNCTION.NAME: `--entry unary` finds its result
    # under unary.grad_input and leaves @main's members alone; a member of no function of
    # the module is refused, naming it and the results.
    source = EXAMPLES / "assign_bw.mlir"
    archive = tmp_path / "all.npz"
    run = [source, "--random-inputs", "0"]
    assert run_tool([*run, "--entry", "all", "--output", archive], capsys)[0] == 0
    assert run_tool([*run, "--entry", "unary", "--expect", archive], capsys) == (
        0,
        f"grad_input: same bytes as {archive}[unary.grad_input]\n",
        "",
    )
    members = dict(np.load(archive))
    np.savez(tmp_path / "extra.npz", **members, **{"layer9.grad_a": members["main.grad_a"]})
    assert run_tool([*run, "--entry", "unary", "--expect", tmp_path / "extra.npz"], capsys) == (
        1,
        "",
        f"ttnn-run: error: --expect {tmp_path / 'extra.npz'}: member 'layer9.grad_a.npy' "
        "names no result of @unary (results: grad_input)\n",
    )


def test_an_output_of_a_run_with_no_result_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A function returning nothing with --output, --raw-output or --tensorbin: one line,
    exit 1, nothing written (--output wrote an empty .npz, as if the run had made
    something); without them it runs."""
    source = tmp_path / "none.mlir"
    source.write_text(f"func.func @f(%a: {T}) {{\n  func.return\n}}\n")
    for flag, target in [
        ("--output", "o.npz"),
        ("--raw-output", "raw"),
        ("--tensorbin", "tb"),
    ]:
        code, out, err = run_tool(
            [str(source), "--random-inputs", "0", flag, str(tmp_path / target)], capsys
        )
        assert (code, out, err) == (
            1,
            "",
            f"ttnn-run: error: {flag} has nothing to write: @f returns no result\n",
        )
        assert not (tmp_path / target).exists()
    assert run_tool([str(source), "--random-inputs", "0"], capsys) == (0, "", "")

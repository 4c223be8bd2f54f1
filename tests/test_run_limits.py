"""What a run refuses before it allocates or runs anything: a run whose arguments and buffers
together exceed the memory the machine has left (however high `--max-bytes` is set), and a
picture (`--plot`, `--plot-text`) of a weight too large to trace."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.program import Program
from ttnn_xdsl.program.provenance import check_traceable_shape
from ttnn_xdsl.runtime import execution, memory
from ttnn_xdsl.tools import ttnn_run

GIB = 2**30
HUGE = "tensor<4096x1048576xf32>"  # 4 bytes × 2^32 values: 16 GiB
TWO_HUGE_INPUTS = f"""
func.func @main(%a: {HUGE}, %b: {HUGE}) -> ({HUGE}, {HUGE}) {{
  func.return %a, %b : {HUGE}, {HUGE}
}}
"""


def run_refused(arguments: list[str], capsys: pytest.CaptureFixture[str], outputs: Path) -> str:
    """ttnn-run's one error line for `arguments` (exit status 1, no output written)."""
    written = ["--output", str(outputs / "out.npz"), "--raw-output", str(outputs / "raw")]
    with pytest.raises(SystemExit) as exit_request:
        ttnn_run.main([*arguments, *written])
    assert exit_request.value.code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert not (outputs / "out.npz").exists() and not (outputs / "raw").exists()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


@pytest.fixture
def nothing_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run that drew or converted an input fails the test: the refusal comes first."""

    def refused(*arguments: object, **options: object) -> None:
        raise AssertionError("an input was drawn or converted before the refusal")

    monkeypatch.setattr(execution, "BackgroundDraw", refused)
    monkeypatch.setattr(execution, "standard_normal", refused)
    monkeypatch.setattr(execution, "to_device", refused)


# ---------------------------------------------------------------------------------------------
# Memory
# ---------------------------------------------------------------------------------------------


def test_two_16_gib_inputs_are_refused_beyond_the_memory_available(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    nothing_drawn: None,
) -> None:
    # Each input is within --max-bytes 100G; both together are not within the 24 GiB the
    # machine is said to have left.
    monkeypatch.setattr(memory, "available_memory", lambda: 24 * GIB)
    source = tmp_path / "huge.mlir"
    source.write_text(TWO_HUGE_INPUTS)
    line = run_refused(
        [str(source), "--random-inputs", "0", "--max-bytes", "100G"], capsys, tmp_path
    )
    assert line == (
        "ttnn-run: error: a run of @main needs at least 32 GiB (arguments 32 GiB, buffers "
        "0 bytes), more than the 24 GiB of memory available"
    )


def test_two_16_gib_input_files_are_refused_before_reading_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two .npy files whose headers declare 16 GiB each (the data is not there: reading one
    # would fail otherwise), within --max-bytes 100G each.
    monkeypatch.setattr(memory, "available_memory", lambda: 24 * GIB)
    source = tmp_path / "huge.mlir"
    source.write_text(TWO_HUGE_INPUTS)
    for name in ("a", "b"):
        with open(tmp_path / f"{name}.npy", "wb") as stream:
            header = {"descr": "<f4", "fortran_order": False, "shape": (4096, 1048576)}
            np.lib.format.write_array_header_1_0(stream, header)
    inputs = ["--input", f"a={tmp_path / 'a.npy'}", "--input", f"b={tmp_path / 'b.npy'}"]
    line = run_refused([str(source), *inputs, "--max-bytes", "100G"], capsys, tmp_path)
    assert line == (
        "ttnn-run: error: reading the --input files needs at least 32 GiB, more than the "
        "24 GiB of memory available"
    )


def test_the_machine_s_own_figure_refuses_two_terabytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], nothing_drawn: None
) -> None:
    # The same without a figure given: what this machine has left, far below 2 TiB.
    terabyte = "tensor<65536x4194304xf32>"  # 4 bytes × 2^38 values: 1 TiB
    source = tmp_path / "huge.mlir"
    source.write_text(TWO_HUGE_INPUTS.replace(HUGE, terabyte))
    line = run_refused([str(source), "--random-inputs", "0", "--max-bytes", "2T"], capsys, tmp_path)
    prefix = "ttnn-run: error: a run of @main needs at least 2 TiB (arguments 2 TiB, buffers "
    assert line.startswith(prefix) and line.endswith(" of memory available"), line


def test_buffers_count_with_the_arguments(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A lowered function allocating two 4 GiB buffers (2^30 float32 values each, one a
    # result) beside a 4 KiB argument: 8 GiB + 4 KiB, beyond the 8 GiB said to be left.
    monkeypatch.setattr(memory, "available_memory", lambda: 8 * GIB)
    buffer = "memref<32768x32768xf32>"
    source = tmp_path / "alloc.mlir"
    source.write_text(
        f"func.func @main(%a: memref<32x32xf32>) -> {buffer} {{\n"
        f"  %b = memref.alloc() : {buffer}\n"
        f"  %c = memref.alloc() : {buffer}\n"
        f"  func.return %b : {buffer}\n"
        "}\n"
    )
    line = run_refused([str(source), "--random-inputs", "0"], capsys, tmp_path)
    assert line == (
        "ttnn-run: error: a run of @main needs at least 8 GiB (arguments 4 KiB, buffers "
        "8 GiB), more than the 8 GiB of memory available"
    )


def test_a_run_within_the_memory_available_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    # examples/assign_bw.mlir: three [1, 1, 40, 50] arguments of 2×2 tiles (4 × 4096 bytes
    # each as float32), two results of 2×2 tiles: bf16 (2 × 4096 bytes) and bfloat8_b
    # (4 × 1088 bytes). Below the smallest size checked, it runs without asking the system.
    example = Path(__file__).resolve().parent.parent / "examples" / "assign_bw.mlir"
    program = Program.load(example.read_text())
    assert execution.arguments_bytes(program.arguments) == 3 * 4 * 4096
    table = execution.function_table(program.module, definitions=True)
    assert execution.allocated_bytes([table["main"]]) == 4 * 2048 + 4 * 1088
    asked: list[int] = []
    monkeypatch.setattr(memory, "available_memory", lambda: asked.append(1) or 0)
    assert len(program.run(random_seed=0)) == 2
    assert asked == []


def write(path: Path, text: str) -> str:
    path.write_text(text)
    return str(path)


def test_available_memory_reads_meminfo_within_the_cgroup_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    meminfo = write(tmp_path / "meminfo", "MemTotal:       24683784 kB\nMemAvailable:    1000 kB\n")
    monkeypatch.setattr(memory, "MEMINFO", meminfo)
    limit, usage = tmp_path / "limit", tmp_path / "usage"
    monkeypatch.setattr(memory, "CGROUP_FILES", ((str(limit), str(usage)),))
    assert memory.available_memory() == 1000 * 1024  # no cgroup files
    write(limit, "max\n")
    write(usage, "5000\n")
    assert memory.available_memory() == 1000 * 1024  # cgroup v2 without a limit
    write(limit, "600000\n")
    assert memory.available_memory() == 600000 - 5000  # the cgroup leaves less
    write(limit, "9223372036854771712\n")
    assert memory.available_memory() == 1000 * 1024  # cgroup v1's "no limit"


def test_available_memory_without_meminfo_is_the_free_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(memory, "MEMINFO", str(tmp_path / "missing"))
    monkeypatch.setattr(memory, "CGROUP_FILES", ())
    pages = {"SC_AVPHYS_PAGES": 1234, "SC_PAGE_SIZE": 4096}
    monkeypatch.setattr(os, "sysconf", lambda name: pages[name])
    assert memory.available_memory() == 1234 * 4096


# ---------------------------------------------------------------------------------------------
# Pictures of weights too large to trace
# ---------------------------------------------------------------------------------------------

# A 1024×1024×5×5 weight: 26,214,400 elements, more than float32's exact integers (2^24).
PREPARED = "tensor<1x1x25600x1024xf32, #ttnn.tensor_layout<tile, physical = 1x1x25600x1024>>"
LARGE_WEIGHT = f"""
func.func @main(%weight: tensor<1024x1024x5x5xf32>) -> {PREPARED} {{
  %prepared_weight = ttnn.prepare_conv_weights %weight
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
      input_layout = #ttnn.layout<tile> weights_format = "OIHW"
      in_channels = 1024 out_channels = 1024 batch_size = 1 input_height = 7 input_width = 7
      kernel_size = [5, 5] stride = [1, 1] padding = [2, 2] dilation = [1, 1]
      has_bias = false groups = 1
      : tensor<1024x1024x5x5xf32> -> {PREPARED}
  func.return %prepared_weight : {PREPARED}
}}
"""


@pytest.mark.parametrize("flag", [["--plot", "{folder}/pictures"], ["--plot-text"]])
def test_a_weight_too_large_to_trace_is_refused_before_the_run(
    flag: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No inputs are given: the refusal comes before the run would miss them.
    def never_run(*arguments: object, **options: object) -> None:
        raise AssertionError("the module ran before the refusal")

    monkeypatch.setattr(Program, "run", never_run)
    source = tmp_path / "large.mlir"
    source.write_text(LARGE_WEIGHT)
    flags = [part.format(folder=tmp_path) for part in flag]
    line = run_refused([str(source), *flags], capsys, tmp_path)
    assert line == (
        "ttnn-run: error: cannot trace result 0: its source [1024, 1024, 5, 5] has 26214400 "
        "elements, more than 2^24 = 16777216 (its elements are numbered 1, 2, … in float32, "
        "which holds integers exactly only up to 2^24)"
    )
    assert not (tmp_path / "pictures").exists()


@pytest.mark.parametrize(
    "source_shape", [(2**24 - 1,), (2**12, 2**12), (1, 1, 4096, 4096)], ids=str
)
def test_a_weight_of_at_most_2_to_the_24_elements_is_traceable(
    source_shape: tuple[int, ...],
) -> None:
    # Numbered 1 … N in float32: every integer up to 2^24 is exact, so none is refused.
    count = int(np.prod(source_shape))
    assert count <= 2**24 and int(np.float32(count)) == count
    check_traceable_shape(source_shape, 0)


@pytest.mark.parametrize("source_shape", [(2**24 + 1,), (1025, 4096, 2, 2)], ids=str)
def test_a_weight_of_more_than_2_to_the_24_elements_is_refused(
    source_shape: tuple[int, ...],
) -> None:
    # Numbered 1 … N, it has an element numbered 2^24 + 1: float32 rounds that onto 2^24.
    count = int(np.prod(source_shape))
    assert count >= 2**24 + 1 and int(np.float32(2**24 + 1)) == 2**24
    with pytest.raises(RunError) as refusal:
        check_traceable_shape(source_shape, 3)
    assert refusal.value.message == (
        f"cannot trace result 3: its source {list(source_shape)} has {count} elements, more "
        "than 2^24 = 16777216 (its elements are numbered 1, 2, … in float32, which holds "
        "integers exactly only up to 2^24)"
    )

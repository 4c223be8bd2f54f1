"""`make bench` prints only what it measured as this machine's: earlier figures it quotes
(the README's, from another machine) say where they come from."""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

RUN = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"


def test_quoted_figures_do_not_claim_this_machine() -> None:
    source = RUN.read_text()
    # Every hard-coded time or size it prints (a number with ms, s or MiB in a string) sits in
    # a line that quotes BEFORE or the README's machine, never one that claims this machine.
    for line in source.splitlines():
        if re.search(r"\d[\d.–]* ?(ms|s|MiB)\b", line) and ('f"' in line or '"' in line):
            assert "this machine" not in line and "here:" not in line, line
    before = re.search(r"BEFORE = \(\n((?:.*\n)*?)\)", source)
    assert before is not None
    assert "not on this machine" in before.group(1)


@functools.cache
def bench_module() -> ModuleType:
    """benchmarks/run.py as a module (it imports its neighbours from benchmarks/)."""
    folder = str(RUN.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location("bench_run", RUN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_run"] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_constants_name_the_cpu_they_were_measured_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bench = bench_module()
    constants = json.loads((RUN.parent / "ttnn_reference.json").read_text())
    assert constants["cpu"] == "Intel(R) Xeon(R) Processor"
    assert constants["machine"].startswith(constants["cpu"])
    monkeypatch.setattr(bench, "cpu_model", lambda: "AMD EPYC")
    assert bench.constant_label() == (
        "TT-NN constant, measured on Intel(R) Xeon(R) Processor (not this run's AMD EPYC)"
    )
    monkeypatch.setattr(bench, "cpu_model", lambda: "Intel(R) Xeon(R) Processor")
    assert bench.constant_label() == (
        "TT-NN constant, measured on Intel(R) Xeon(R) Processor (this run's CPU)"
    )


def test_without_a_reference_kit_tt_nn_is_not_started(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bench = bench_module()
    monkeypatch.setenv("TTNN_VENV", str(tmp_path / "no-venv"))
    assert bench.reference_kit() is None
    assert bench.TTNNSide.start(tmp_path) == (
        "no TT-NN: no reference kit venv (TTNN_VENV or ~/.cache/ttnn-reference/venv)"
    )


def test_tt_nn_s_side_gets_the_example_s_convs() -> None:
    """The parameters TT-NN's side prepares ResNet-50 with are the example file's, read
    independently here from its text: conv1's, and every conv's weight shape in order."""
    convs = bench_module().resnet50_convs()
    text = (RUN.parents[1] / "examples" / "resnet50_conv_weights.mlir").read_text()
    weight_shapes = [
        [int(size) for size in shape.split("x")]
        for shape in re.findall(r"%weight: tensor<(\d+x\d+x\d+x\d+)xbf16>", text)
    ]
    assert [conv["weight_shape"] for conv in convs] == weight_shapes
    assert len(convs) == 53
    assert convs[0] == {
        "weight_shape": [64, 3, 7, 7],
        "bias_shape": [1, 1, 1, 64],
        "in_channels": 3,
        "out_channels": 64,
        "batch_size": 1,
        "input_height": 224,
        "input_width": 224,
        "kernel_size": [7, 7],
        "stride": [2, 2],
        "padding": [3, 3],
        "dilation": [1, 1],
        "groups": 1,
        "input_layout": "row_major",
        "weights_dtype": "bfloat16",
        "shard_layout": "height_sharded",
        "input_memory_config": {
            "buffer_type": "dram",
            "memory_layout": "interleaved",
            "shard_shape": None,
            "shard_grid": None,
            "shard_orientation": "row_major",
        },
    }
    sharded = [conv["input_memory_config"]["memory_layout"] for conv in convs]
    assert sharded.count("block_sharded") == 10 and sharded.count("height_sharded") == 42


FAKE_SERVER = """
import json, sys
print("a log line of TT-NN's", flush=True)
print('ANSWER {"ready": "ttnn 0.81.1"}', flush=True)
for line in sys.stdin:
    command = json.loads(line)
    print("another log line", flush=True)
    if command["case"] == "resnet50":
        print('ANSWER {"seconds": [0.25]}', flush=True)
    else:
        print('ANSWER {"error": "RuntimeError: no such dtype"}', flush=True)
"""


def test_tt_nn_s_answers_are_told_from_its_log_lines(tmp_path: Path) -> None:
    """The protocol with benchmarks/ttnn_side.py, against a stand-in server that logs on
    stdout as TT-NN does."""
    bench = bench_module()
    process = subprocess.Popen(
        [sys.executable, "-c", FAKE_SERVER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    side = bench.TTNNSide(process, "")
    assert side.read_answer() == {"ready": "ttnn 0.81.1"}
    assert side.seconds({"case": "resnet50"}) == [0.25]
    with pytest.raises(RuntimeError, match="RuntimeError: no such dtype"):
        side.seconds({"case": "convert", "dtype": "x", "cold": False, "runs": 1})
    side.close()
    assert process.returncode == 0


def test_the_conv2d_anchor_computes_the_conv_the_project_runs() -> None:
    """benchmarks/resnet50_conv2d.py holds like against like: its float32 im2col anchor is the
    plain reference conv of the same weight, bias and activation, and the lowered
    conv2d_consume's bf16 output (bf16 weight and activation, bf16 DEST) is within a few
    bf16 roundings of it."""
    bench_module()  # puts benchmarks/ on the path
    import resnet50_conv2d

    from ttnn_xdsl.conv.conv_reference import reference_conv2d
    from ttnn_xdsl.core.enums import DataType

    conv = next(c for c in resnet50_conv2d.resnet50_convs() if c.name == "layer3_0_conv2")
    case = resnet50_conv2d.conv_case(conv, DataType.BFLOAT16, seed=3)
    weight = case.weight_matrix.reshape(3, 3, conv.in_channels, conv.out_channels)
    reference = reference_conv2d(
        case.activation,
        weight.transpose(3, 2, 0, 1),
        stride=(conv.stride, conv.stride),
        padding=(conv.padding, conv.padding),
        bias=case.bias,
    ).reshape(-1, conv.out_channels)
    anchor = case.anchor()
    assert anchor.dtype == np.float32 and anchor.shape == reference.shape == (196, 256)
    scale = np.abs(reference).max()
    assert np.abs(anchor - reference).max() <= 1e-5 * scale
    got = case.run().to_numpy().reshape(-1, conv.out_channels).astype(np.float64)
    assert np.abs(got - reference).max() <= 2.0**-6 * scale


@pytest.mark.parametrize("name", ["layer3_1_conv1", "layer4_1_conv2"])
def test_the_matmul_nests_chunks_do_not_change_the_bytes(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bulk matmul nest converts its weight in column chunks and multiplies in row parts
    (runtime/interpreter/bulk.py: sizes from tile.CHUNK_BYTES, SMALLEST_CHUNK_BYTES and
    MIN_MATMUL_ROWS): a HEIGHT 1x1 conv whose cores share the weight and a BLOCK 3x3 conv
    whose cores each read their own columns, with bfloat8_b weights, give the same bytes
    when every chunk is one tile column and every part one tile row — many more BLAS calls."""
    bench_module()  # puts benchmarks/ on the path
    import resnet50_conv2d

    from ttnn_xdsl.core.enums import DataType
    from ttnn_xdsl.runtime.interpreter import bulk, tile

    conv = next(c for c in resnet50_conv2d.resnet50_convs() if c.name == name)
    case = resnet50_conv2d.conv_case(conv, DataType.BFLOAT8_B, seed=5)
    calls = [0]
    matmul = bulk.fidelity_matmul

    def counted(*args: object) -> np.ndarray:
        calls[0] += 1
        return matmul(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bulk, "fidelity_matmul", counted)
    whole = case.run().to_numpy().copy()
    whole_calls, calls[0] = calls[0], 0
    for module in (bulk, tile):
        monkeypatch.setattr(module, "CHUNK_BYTES", 4096, raising=False)
    monkeypatch.setattr(tile, "SMALLEST_CHUNK_BYTES", 4096)
    monkeypatch.setattr(bulk, "MIN_MATMUL_ROWS", 32)
    chunked = case.run().to_numpy()
    assert calls[0] >= 2 * whole_calls
    assert chunked.tobytes() == whole.tobytes()

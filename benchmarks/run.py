"""`make bench`: the project's performance cases, each against its anchor, printed as a table
and written to benchmarks/results.json.

    python benchmarks/run.py [--repeats N] [--quick] [--json PATH]

Every anchor is measured in the same run. TT-NN's own host work (the ResNet-50 and
data-format cases) is measured by TT-NN 0.81.1 itself, side by side with the project, when the
reference kit's Python has it (`TTNN_VENV`, else ~/.cache/ttnn-reference/venv): a server
process of that Python (benchmarks/ttnn_side.py; the project never imports TT-NN) times TT-NN
between the project's runs. Without TT-NN, those anchors are the constants of
benchmarks/ttnn_reference.json, measured once with TT-NN on the CPU that file names, and the
table says so ("TT-NN constant, measured on CPU …") and whether that CPU is this one
(`--no-ttnn` uses the constants where TT-NN is installed). In-process cases alternate the
project and its reference `--repeats` (11) times (the conversions, 6. / 7., in blocks); the
ratio is of the minima (the least disturbed runs on a shared machine), the ratio of the
medians beside it. Whole processes are timed by a small launcher
(wall and CPU time, peak resident memory); the machine's load average before and after the
run is recorded, since other processes share the cores. The sources are byte-compiled first,
so that no tool compiles them at start-up (as an installed package is).

1. Start-up: `ttnn-run` on a one-tile assign_bw (32×32, `--random-inputs 0`) against
   `xdsl-run` on a trivial function, and `ttnn-opt --version` against `xdsl-opt --version`,
   the two processes of each pair alternating.
2. ResNet-50 from the shell: `ttnn-run examples/resnet50_conv_weights.mlir --random-inputs 0
   --tensorbin DIR` (106 .tensorbin files, start-up included) against TT-NN's own host
   preparation of the same 53 convs from the same seed in a process that has imported TT-NN
   (drawing the values, host tensors, `prepare_conv_weights` + `prepare_conv_bias`), the two
   alternating.
3. ResNet-50 in one process: `Program.load(random_seed=0)` (which draws the random inputs
   on another core while it lowers, as `ttnn-run --random-inputs` does) + `run(random_seed=0)`,
   the import excluded, against the same TT-NN pass, the two alternating.
4. ResNet-50, interpretation only (inputs prepared outside the timing) against a vectorized
   NumPy model of the same layouts (benchmarks/resnet50_model.py), checked to give the same
   bytes.
5. assign_bw bf16 → bf16 2048² in the interpreter (`Program.run` on prepared inputs) against
   `np.copyto` of the same 8 MiB into an existing buffer (the machine's copy bandwidth).
6. / 7. f32 row-major → bfloat8_b / bf16 TILE 2048² through the IR (`ttnn.to_layout` then
   `ttnn.typecast`, lowered and interpreted) against TT-NN's C++ host conversion of the same
   array (`ttnn.Tensor(values, dtype, TILE)`), both timed the same way: warm (back to back,
   the input in the caches) and cold (each run after copying 256 MiB, the input read from
   memory), in blocks that alternate (project warm, TT-NN warm, project cold, TT-NN cold,
   twice); the larger ratio is the case's. The previous whole-array
   formats (benchmarks/previous_formats.py, the same bytes) and a copy of the input beside.
8. `ttnn-opt -p ttnn-lower -o FILE` (a process each, 3 times) on a module of N copies of the
   ResNet-50 example, N = 1, 16, 32: the cost per copy against N = 1's, startup (the same
   tool on an empty module) subtracted: (T(N) − T(0)) / (N · (T(1) − T(0))), of the CPU time
   the process used (its wall time is reported beside it).
9. Peak resident memory of `ttnn-run` assign_bw 2048² (`--random-inputs 0 --raw-output`)
   above the same tool's peak on a 32×32 assign_bw (its baseline), against the data it holds
   (the device bytes of its two inputs and its result); and that baseline against the peak
   of `xdsl-run` on a trivial function.
10. ResNet-50's 53 convs (batch 1, 224×224) from prepared weights, bf16 and bfloat8_b
   (benchmarks/resnet50_conv2d.py, in a child process with one BLAS thread): `Program.run` of
   each lowered `ttnn.conv2d_consume` against a float32 im2col + matmul NumPy conv of the
   same shapes, alternating; the ratio is of the summed minima, the larger of the two weight
   dtypes'. Compile time (the lowering, once per conv) and peak memory (tracemalloc) beside
   it.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import previous_formats
import resnet50_model
from xdsl.dialects.func import CallOp, FuncOp

from ttnn_xdsl.dialect import PrepareConvBiasOp, PrepareConvWeightsOp, make_context, tensor_info
from ttnn_xdsl.frontend import parse_module
from ttnn_xdsl.passes.ttnn_decompose import TTNNDecompose
from ttnn_xdsl.program import Program
from ttnn_xdsl.tensor_formats import formats

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SIZE = 2048
RESNET = ROOT / "examples" / "resnet50_conv_weights.mlir"
BEFORE = (
    "before the bulk interpreter and the fast formats (the README's figures, measured once on "
    "a 2-core AMD EPYC, not on this machine)"
)
"""Earlier measurements quoted beside a case: they were not taken by this run."""
PACKAGES = ("core", "conv", "dialect", "frontend", "passes", "program", "runtime", "tools")
TTNN = json.loads((ROOT / "benchmarks" / "ttnn_reference.json").read_text())
TRIVIAL = "func.func @main() {\n  func.return\n}\n"


@dataclass
class Timing:
    """Wall times of one side of a case, in seconds."""

    samples: list[float] = field(default_factory=list)

    @property
    def minimum(self) -> float:
        return min(self.samples)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)


@dataclass
class Case:
    name: str
    project: str
    reference: str
    ratio: float
    """Project minimum / reference minimum (or the case's own ratio)."""
    target: str
    met: bool
    ratio_of_medians: float | None = None
    project_ms: tuple[float, float] | None = None
    """(minimum, median) in ms."""
    reference_ms: tuple[float, float] | None = None
    notes: list[str] = field(default_factory=list)
    details: dict[str, object] = field(default_factory=dict)


def alternate(
    project: Callable[[], object], reference: Callable[[], object], repeats: int
) -> tuple[Timing, Timing]:
    """Time `project` and `reference` alternately, `repeats` times each, after one warm-up."""
    project(), reference()
    mine, theirs = Timing(), Timing()
    for _ in range(repeats):
        for function, timing in ((project, mine), (reference, theirs)):
            started = time.perf_counter()
            function()
            timing.samples.append(time.perf_counter() - started)
    return mine, theirs


CHURN_BYTES = 256 << 20
"""What a cold run copies before it: 256 MiB from one array into another, which takes the
converted input out of the caches a warm run finds it in, as before the first conversion of a
tensor (it costs the conversions 1.5–2 ms of 7–10 on the bench's machine; TT-NN's cold
constants were measured after the same copy)."""


def back_to_back(
    function: Callable[[], object], repeats: int, before: Callable[[], object] | None = None
) -> Timing:
    """Time `function` `repeats` times in a row after one warm-up; with `before`, each run
    follows an untimed call of it."""
    function()
    timing = Timing()
    for _ in range(repeats):
        if before is not None:
            before()
        started = time.perf_counter()
        function()
        timing.samples.append(time.perf_counter() - started)
    return timing


def milliseconds(timing: Timing) -> tuple[float, float]:
    return round(timing.minimum * 1e3, 3), round(timing.median * 1e3, 3)


def compared(
    name: str,
    mine: Timing,
    theirs: Timing,
    reference: str,
    target: float,
    notes: list[str],
    target_text: str | None = None,
) -> Case:
    ratio = mine.minimum / theirs.minimum
    return Case(
        name=name,
        project=f"{mine.minimum * 1e3:.2f} ms (median {mine.median * 1e3:.2f})",
        reference=f"{reference}: {theirs.minimum * 1e3:.2f} ms (median {theirs.median * 1e3:.2f})",
        ratio=round(ratio, 3),
        ratio_of_medians=round(mine.median / theirs.median, 3),
        target=target_text or f"≤ {target:g}×",
        met=ratio <= target,
        project_ms=milliseconds(mine),
        reference_ms=milliseconds(theirs),
        notes=notes,
    )


# ---------------------------------------------------------------------------------------------
# TT-NN's side: measured in this run when the reference kit has TT-NN, else its constants
# ---------------------------------------------------------------------------------------------


def cpu_model() -> str:
    """This machine's CPU, as /proc/cpuinfo names it."""
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def constant_origin() -> str:
    """Where TT-NN's constants come from: the CPU they were measured on, and whether it is
    this run's."""
    measured_on = TTNN["cpu"]
    here = "this run's CPU" if measured_on == cpu_model() else f"not this run's {cpu_model()}"
    return f"measured on {measured_on} ({here})"


def constant_label() -> str:
    return f"TT-NN constant, {constant_origin()}"


def reference_kit() -> tuple[Path, dict[str, str]] | None:
    """The Python of the reference kit's venv (`TTNN_VENV`, else ~/.cache/ttnn-reference/venv)
    and the environment TT-NN's mock device needs (the kit's env.sh beside the venv, unless
    it was sourced already); None without one."""
    venv = Path(os.environ.get("TTNN_VENV", "~/.cache/ttnn-reference/venv")).expanduser()
    python = venv / "bin" / "python"
    if not python.exists():
        return None
    environment = dict(os.environ)
    settings = venv.parent / "env.sh"
    if "TT_METAL_RUNTIME_ROOT" not in environment and settings.exists():
        printed = subprocess.run(
            ["sh", "-c", '. "$0" && env -0', str(settings)], capture_output=True, check=True
        ).stdout.decode()
        environment.update(entry.split("=", 1) for entry in printed.split("\0") if "=" in entry)
    return python, environment


def resnet50_convs() -> list[dict[str, object]]:
    """The parameters of each conv of the ResNet-50 example, in @main's argument order, for
    TT-NN's side (benchmarks/ttnn_side.py)."""
    context = make_context()
    module = parse_module(context, RESNET.read_text(), str(RESNET))
    functions = {op.sym_name.data: op for op in module.ops if isinstance(op, FuncOp)}
    convs = []
    for call in functions["main"].walk():
        if not isinstance(call, CallOp):
            continue
        callee = functions[call.callee.root_reference.data]
        weight_op = next(op for op in callee.walk() if isinstance(op, PrepareConvWeightsOp))
        bias_op = next(op for op in callee.walk() if isinstance(op, PrepareConvBiasOp))
        parameters = weight_op.conv_parameters()
        memory = parameters.input_memory_config
        config = parameters.conv_config
        assert config.weights_dtype is not None and config.shard_layout is not None
        convs.append(
            {
                "weight_shape": list(tensor_info(weight_op.source.type).shape),
                "bias_shape": list(tensor_info(bias_op.source.type).shape),
                "in_channels": parameters.in_channels,
                "out_channels": parameters.out_channels,
                "batch_size": parameters.batch_size,
                "input_height": parameters.input_height,
                "input_width": parameters.input_width,
                "kernel_size": list(parameters.kernel_size),
                "stride": list(parameters.stride),
                "padding": list(parameters.padding),
                "dilation": list(parameters.dilation),
                "groups": parameters.groups,
                "input_layout": str(parameters.input_layout),
                "weights_dtype": TTNN_DTYPES[config.weights_dtype],
                "shard_layout": str(config.shard_layout),
                "input_memory_config": {
                    "buffer_type": str(memory.buffer_type),
                    "memory_layout": str(memory.memory_layout),
                    "shard_shape": memory.shard_shape and list(memory.shard_shape),
                    "shard_grid": memory.shard_grid and list(memory.shard_grid),
                    "shard_orientation": str(memory.shard_orientation),
                },
            }
        )
    assert len(convs) == 53, len(convs)
    return convs


TTNN_DTYPES = {
    formats.DataType.BFLOAT16: "bfloat16",
    formats.DataType.BFLOAT8_B: "bfloat8_b",
    formats.DataType.FLOAT32: "float32",
}


class TTNNSide:
    """TT-NN 0.81.1 timing its side of a case on request: benchmarks/ttnn_side.py, a server
    of the reference kit's Python. `start` returns None (and says why) when TT-NN cannot
    run here; the cases then use the constants."""

    START_TIMEOUT_S = 300

    def __init__(self, process: subprocess.Popen[str], version: str):
        self.process = process
        self.version = version

    @classmethod
    def start(cls, folder: Path) -> TTNNSide | str:
        kit = reference_kit()
        if kit is None:
            return "no TT-NN: no reference kit venv (TTNN_VENV or ~/.cache/ttnn-reference/venv)"
        python, environment = kit
        spec = folder / "ttnn_side.json"
        spec.write_text(
            json.dumps({"resnet50": resnet50_convs(), "size": SIZE, "churn_bytes": CHURN_BYTES})
        )
        process = subprocess.Popen(
            [str(python), str(ROOT / "benchmarks" / "ttnn_side.py"), str(spec)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=environment,
            cwd=folder,
        )
        side = cls(process, "")
        ready = side.read_answer()
        if "ready" not in ready:
            side.close()
            return f"TT-NN did not start in {python}: {ready.get('error', ready)}"
        side.version = str(ready["ready"])
        return side

    def read_answer(self) -> dict[str, object]:
        assert self.process.stdout is not None
        for line in self.process.stdout:  # TT-NN's own log lines are skipped
            if line.startswith("ANSWER "):
                return json.loads(line.removeprefix("ANSWER "))
        return {"error": f"the TT-NN process ended (exit status {self.process.wait()})"}

    def seconds(self, command: dict[str, object]) -> list[float]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        answer = self.read_answer()
        if "seconds" not in answer:
            raise RuntimeError(f"TT-NN's side failed on {command}: {answer.get('error')}")
        return [float(value) for value in answer["seconds"]]  # type: ignore[union-attr]

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# ---------------------------------------------------------------------------------------------
# The programs
# ---------------------------------------------------------------------------------------------


def tile_tensor(size: int, element: str) -> str:
    return f"tensor<{size}x{size}x{element}, #ttnn.tensor_layout<tile>>"


def assign_bw_text(size: int) -> str:
    t = tile_tensor(size, "bf16")
    return (
        f"func.func @main(%grad: {t}, %input: {t}) -> {t} {{\n"
        f"  %0 = ttnn.assign_bw(%grad, %input) : ({t}, {t}) -> {t}\n"
        f"  func.return %0 : {t}\n}}\n"
    )


def conversion_text(size: int, element: str) -> str:
    host, tiled = f"tensor<{size}x{size}xf32>", tile_tensor(size, "f32")
    result = tile_tensor(size, element)
    return (
        f"func.func @main(%x: {host}) -> {result} {{\n"
        f"  %t = ttnn.to_layout %x : {host} -> {tiled}\n"
        f"  %r = ttnn.typecast %t : {tiled} -> {result}\n"
        f"  func.return %r : {result}\n}}\n"
    )


def replicate(text: str, copies: int) -> str:
    """A module of `copies` copies of the functions of a one-module file, each copy's symbols
    prefixed `cK_`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("builtin.module"))
    end = max(i for i, line in enumerate(lines) if line.strip() == "}")
    body = "\n".join(lines[start + 1 : end])
    parts = [lines[start]]
    for copy in range(copies):
        parts.append(re.sub(r"@([A-Za-z_][\w$.]*)", rf"@c{copy}_\1", body))
    parts.append("}")
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------------------------


def assign_bw_case(repeats: int) -> Case:
    program = Program.load(assign_bw_text(SIZE))
    values = np.random.default_rng(0).standard_normal((SIZE, SIZE)).astype(np.float32)
    inputs = program.prepare_inputs([values, values])
    source = inputs[0].data
    destination = np.empty_like(source)
    mine, theirs = alternate(
        lambda: program.run(inputs), lambda: np.copyto(destination, source), repeats
    )
    started = time.perf_counter()
    one_by_one = program.run(inputs, bulk=False)
    op_by_op = time.perf_counter() - started
    assert one_by_one[0] == program.run(inputs)[0]
    case = compared(
        f"assign_bw bf16→bf16 {SIZE}², interpreter",
        mine,
        theirs,
        "np.copyto of the same 8 MiB",
        1.3,
        [f"{BEFORE}: 69–73 ms (60–64× a copy)"],
    )
    case.details["op_by_op_ms"] = round(op_by_op * 1e3, 1)
    case.notes.append(f"op by op (--no-bulk): {op_by_op * 1e3:.0f} ms")
    return case


def conversion_case(
    element: str, dtype: str, repeats: int, target: float, ttnn_side: TTNNSide | None
) -> Case:
    program = Program.load(conversion_text(SIZE, element))
    values = np.random.default_rng(1).standard_normal((SIZE, SIZE)).astype(np.float32)
    inputs = program.prepare_inputs([values])
    (result,) = program.run(inputs)
    previous = previous_formats.device_tile_data(values, formats.DataType(dtype))
    assert result.data.tobytes() == np.ascontiguousarray(previous).tobytes(), "bytes differ"
    name = {"bfp8_b": "bfloat8_b", "bf16": "bfloat16"}[dtype]
    churn_source = np.ones(CHURN_BYTES // 4, np.float32)
    churn_destination = np.empty_like(churn_source)

    def churn() -> None:
        np.copyto(churn_destination, churn_source)

    # Warm (back to back) and cold (each run after the churn), each side in blocks of
    # `repeats` runs that alternate with the other side's, twice: a block keeps its input in
    # the caches (warm), and the two sides meet the same moments of a shared host.
    warm, cold, ttnn_warm_runs, ttnn_cold_runs = Timing(), Timing(), Timing(), Timing()
    for _ in range(2):
        warm.samples += back_to_back(lambda: program.run(inputs), repeats).samples
        if ttnn_side is not None:
            ttnn_warm_runs.samples += ttnn_side.seconds(
                {"case": "convert", "dtype": name, "cold": False, "runs": repeats}
            )
        cold.samples += back_to_back(lambda: program.run(inputs), repeats, churn).samples
        if ttnn_side is not None:
            ttnn_cold_runs.samples += ttnn_side.seconds(
                {"case": "convert", "dtype": name, "cold": True, "runs": repeats}
            )
    theirs = back_to_back(
        lambda: previous_formats.device_tile_data(values, formats.DataType(dtype)), repeats
    )
    copy_source, copy_destination = values, np.empty_like(values)
    copy = back_to_back(lambda: np.copyto(copy_destination, copy_source), repeats)
    conversions = TTNN["host_conversion_2048"]
    constant_warm = float(conversions[f"{name}_ms"])
    constant_cold = float(conversions[f"{name}_cold_ms"])
    if ttnn_side is not None:
        ttnn_warm, ttnn_cold = ttnn_warm_runs.minimum * 1e3, ttnn_cold_runs.minimum * 1e3
        reference = (
            f"TT-NN's C++ host conversion, in this run: warm {ttnn_warm:.2f} ms (median "
            f"{ttnn_warm_runs.median * 1e3:.2f}), cold {ttnn_cold:.2f} ms (median "
            f"{ttnn_cold_runs.median * 1e3:.2f})"
        )
    else:
        ttnn_warm, ttnn_cold = constant_warm, constant_cold
        reference = (
            f"TT-NN's C++ host conversion: warm {ttnn_warm:.2f} ms, cold {ttnn_cold:.2f} ms "
            f"({constant_label()})"
        )
    warm_ratio, cold_ratio = warm.minimum * 1e3 / ttnn_warm, cold.minimum * 1e3 / ttnn_cold
    ratio = max(warm_ratio, cold_ratio)
    # The pair the ratio is of, so that it can be recomputed from the results.
    project_ms, ttnn_ms = (
        (milliseconds(cold), ttnn_cold)
        if cold_ratio > warm_ratio
        else (milliseconds(warm), ttnn_warm)
    )
    before = {"bfp8_b": "509–553 ms", "bf16": "382–390 ms"}[dtype]
    case = Case(
        name=f"f32 row-major → {dtype} TILE {SIZE}² (to_layout + typecast)",
        project=(
            f"warm {warm.minimum * 1e3:.2f} ms (median {warm.median * 1e3:.2f}), "
            f"cold {cold.minimum * 1e3:.2f} ms (median {cold.median * 1e3:.2f})"
        ),
        reference=reference,
        ratio=round(ratio, 3),
        target=f"≤ {target:g}× TT-NN, warm and cold",
        met=ratio <= target,
        project_ms=project_ms,
        reference_ms=(round(ttnn_ms, 3), round(ttnn_ms, 3)),
        notes=[
            f"warm {warm_ratio:.2f}× TT-NN's, cold {cold_ratio:.2f}× (the ratio shown is the "
            f"larger); warm: back to back after a warm-up, cold: each run after a copy of "
            f"{CHURN_BYTES >> 20} MiB that evicts the input from the caches — the best of "
            f"2 × {repeats} runs each way, each side",
            f"TT-NN's constants, {constant_origin()}: warm {constant_warm:.2f} ms, cold "
            f"{constant_cold:.2f} ms; {conversions[name]}",
            f"previous formats (the same bytes): {theirs.minimum * 1e3:.2f} ms (median "
            f"{theirs.median * 1e3:.2f}); a copy of the 16 MiB input: "
            f"{copy.minimum * 1e3:.2f} ms ({warm.minimum / copy.minimum:.1f}× it)",
            f"{BEFORE}: {before}",
        ],
    )
    case.details["cold_ms"] = milliseconds(cold)
    case.details["ttnn_in_this_run"] = ttnn_side is not None
    case.details["ttnn_warm_ms"] = round(ttnn_warm, 3)
    case.details["ttnn_cold_ms"] = round(ttnn_cold, 3)
    if ttnn_side is not None:
        case.details["ttnn_warm_samples_ms"] = [round(s * 1e3, 3) for s in ttnn_warm_runs.samples]
        case.details["ttnn_cold_samples_ms"] = [round(s * 1e3, 3) for s in ttnn_cold_runs.samples]
    case.details["previous_formats_ms"] = milliseconds(theirs)
    case.details["copy_ms"] = milliseconds(copy)
    return case


def conv2d_case(repeats: int, folder: Path) -> Case:
    """10.: the lowered conv2d on ResNet-50's convs against the float32 im2col anchor, in a
    child process with one BLAS thread (as `ttnn-run` runs: tools/launch.py), both sides: a
    second BLAS thread on a busy 2-core machine spins for a core at every small matmul."""
    figures = folder / "conv2d.json"
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "resnet50_conv2d.py"),
            "--repeats",
            str(repeats),
            "--json",
            str(figures),
        ],
        env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
        check=True,
        stdout=subprocess.DEVNULL,
    )
    reports = json.loads(figures.read_text())
    worst = max(reports, key=lambda report: report["ratio"])

    def totals(side: str) -> str:
        return ", ".join(f"{report['weights_dtype']} {report[side]:.1f} ms" for report in reports)

    case = Case(
        name="ResNet-50's 53 convs from prepared weights: the lowered conv2d_consume, run",
        project=totals("project_ms"),
        reference=f"float32 im2col + matmul NumPy conv, same shapes: {totals('anchor_ms')}",
        ratio=worst["ratio"],
        target="≤ 2×",
        met=worst["ratio"] <= 2.0,
        notes=[line for report in reports for line in report["lines"]],
    )
    for report in reports:
        details = {key: value for key, value in report.items() if key != "lines"}
        case.details[report["weights_dtype"]] = details
    return case


def resnet_case(repeats: int) -> Case:
    text = RESNET.read_text()
    program = Program.load(text, filename=str(RESNET))
    inputs = program.prepare_inputs(random_seed=0)
    arguments = [tensor.data for tensor in inputs]
    context = make_context()
    decomposed = parse_module(context, text, str(RESNET))
    TTNNDecompose().apply(context, decomposed)
    preparations = resnet50_model.model(decomposed)
    produced = program.run(inputs)
    modelled = resnet50_model.run_model(preparations, arguments)
    assert all(
        tensor.data.shape == data.shape and tensor.data.tobytes() == data.tobytes()
        for tensor, data in zip(produced, modelled, strict=True)
    ), "the model does not give the interpreter's bytes"
    mine, theirs = alternate(
        lambda: program.run(inputs),
        lambda: resnet50_model.run_model(preparations, arguments),
        repeats,
    )
    started = time.perf_counter()
    program.run(inputs, bulk=False)
    op_by_op = time.perf_counter() - started
    case = compared(
        "ResNet-50: 53 weights + biases, interpretation only",
        mine,
        theirs,
        "vectorized NumPy model (same bytes)",
        2.0,
        [
            f"op by op (--no-bulk): {op_by_op * 1e3:.0f} ms",
            f"{BEFORE}: 1.75–1.88 s",
        ],
    )
    case.details["op_by_op_ms"] = round(op_by_op * 1e3, 1)
    return case


# Runs its arguments as a child and prints the child's CPU seconds and peak resident KiB. A
# child's peak counts the memory of the process it was forked from until its exec: this small
# launcher, not the benchmark with its arrays, must be that process.
LAUNCHER = """
import os, subprocess, sys, time
started = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(time.perf_counter() - started, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def child_run(command: list[str]) -> tuple[float, float, int]:
    """Wall time (from the child's start to its exit), CPU time (user + system) and peak
    resident KiB of one child process."""
    result = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *command], capture_output=True, text=True
    )
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr}")
    wall, cpu, peak = result.stdout.split()
    return float(wall), float(cpu), int(peak)


@dataclass
class ProcessTimes:
    """Wall and CPU times (s) and peaks (KiB) of the runs of one command."""

    wall: Timing = field(default_factory=Timing)
    cpu: Timing = field(default_factory=Timing)
    peaks: list[int] = field(default_factory=list)

    def add(self, run: tuple[float, float, int]) -> None:
        self.wall.samples.append(run[0])
        self.cpu.samples.append(run[1])
        self.peaks.append(run[2])


def alternate_processes(
    mine: list[str], theirs: list[str], repeats: int
) -> tuple[ProcessTimes, ProcessTimes]:
    """Run two commands in turn, `repeats` times each after one warm-up of each."""
    child_run(mine), child_run(theirs)
    a, b = ProcessTimes(), ProcessTimes()
    for _ in range(repeats):
        a.add(child_run(mine))
        b.add(child_run(theirs))
    return a, b


def startup_case(name: str, mine: list[str], theirs: list[str], label: str, repeats: int) -> Case:
    a, b = alternate_processes(mine, theirs, repeats)
    ratio = a.wall.minimum / b.wall.minimum
    return Case(
        name=name,
        project=f"{a.wall.minimum * 1e3:.0f} ms (median {a.wall.median * 1e3:.0f}; CPU "
        f"{a.cpu.minimum * 1e3:.0f} ms)",
        reference=f"{label}: {b.wall.minimum * 1e3:.0f} ms (median {b.wall.median * 1e3:.0f}; "
        f"CPU {b.cpu.minimum * 1e3:.0f} ms)",
        ratio=round(ratio, 3),
        ratio_of_medians=round(a.wall.median / b.wall.median, 3),
        target="≤ 1×",
        met=ratio <= 1.0,
        project_ms=milliseconds(a.wall),
        reference_ms=milliseconds(b.wall),
        notes=[f"CPU time ratio (minima): {a.cpu.minimum / b.cpu.minimum:.2f}×"],
        details={"cpu_ms": [milliseconds(a.cpu), milliseconds(b.cpu)]},
    )


def startup_cases(repeats: int, folder: Path) -> list[Case]:
    tile = folder / "assign_bw_32.mlir"
    tile.write_text(assign_bw_text(32))
    trivial = folder / "trivial.mlir"
    trivial.write_text(TRIVIAL)
    return [
        startup_case(
            "start-up: ttnn-run on a one-tile assign_bw (--random-inputs 0)",
            [str(BIN / "ttnn-run"), str(tile), "--random-inputs", "0"],
            [str(BIN / "xdsl-run"), str(trivial)],
            "xdsl-run on a trivial function",
            repeats,
        ),
        startup_case(
            "start-up: ttnn-opt --version",
            [str(BIN / "ttnn-opt"), "--version"],
            [str(BIN / "xdsl-opt"), "--version"],
            "xdsl-opt --version",
            repeats,
        ),
    ]


def ttnn_resnet50_reference(ttnn_runs: Timing) -> tuple[float, str, list[str]]:
    """TT-NN's ResNet-50 time (s) for a case: the minimum of its passes in this run, else the
    constant; the reference column's text and the notes on how it was measured."""
    constant = float(TTNN["resnet50"]["from_seed_s"])
    constant_note = f"TT-NN's constant, {constant_origin()}: {constant:.3f} s"
    if ttnn_runs.samples:
        seconds = ttnn_runs.minimum
        text = (
            f"TT-NN from the same seed, in this run: {seconds:.3f} s (median "
            f"{ttnn_runs.median:.3f})"
        )
        return seconds, text, [constant_note]
    text = f"TT-NN from the same seed: {constant:.3f} s ({constant_label()})"
    return constant, text, [f"TT-NN: {TTNN['resnet50']['from_seed']}"]


def ttnn_resnet50_pass(ttnn_side: TTNNSide | None, runs: Timing) -> None:
    """One of TT-NN's passes, between two of the project's."""
    if ttnn_side is not None:
        runs.samples += ttnn_side.seconds({"case": "resnet50"})


def resnet_shell_case(repeats: int, folder: Path, ttnn_side: TTNNSide | None) -> Case:
    runs, ttnn_runs = ProcessTimes(), Timing()
    ttnn_resnet50_pass(ttnn_side, Timing())  # TT-NN's warm-up, as the project's first run
    for run in range(repeats + 1):
        out = folder / f"tensorbin_{run}"
        command = [str(BIN / "ttnn-run"), str(RESNET), "--random-inputs", "0"]
        measured = child_run([*command, "--tensorbin", str(out)])
        written = sorted(out.glob("*.tensorbin"))
        assert len(written) == 106, f"{len(written)} .tensorbin files"  # one per result
        shutil.rmtree(out)
        if run:  # the first is a warm-up
            runs.add(measured)
            ttnn_resnet50_pass(ttnn_side, ttnn_runs)
    ttnn, reference, notes = ttnn_resnet50_reference(ttnn_runs)
    ratio = runs.wall.minimum / ttnn
    return Case(
        name="ResNet-50 from the shell: ttnn-run --random-inputs 0 --tensorbin DIR (106 tensors)",
        project=f"{runs.wall.minimum:.2f} s (median {runs.wall.median:.2f}; CPU "
        f"{runs.cpu.minimum:.2f} s)",
        reference=reference,
        ratio=round(ratio, 2),
        target="≤ 4× TT-NN",
        met=ratio <= 4.0,
        project_ms=milliseconds(runs.wall),
        reference_ms=(round(ttnn * 1e3, 1), round(ttnn * 1e3, 1)),
        notes=[
            *notes,
            "TT-NN's side is a process that has imported TT-NN and opened the device; the "
            "project's includes its start-up",
            f"TT-NN's prepare calls alone (constant, {constant_origin()}): "
            f"{TTNN['resnet50']['prepare_only']}",
        ],
        details={
            "cpu_s": [round(t, 3) for t in runs.cpu.samples],
            "ttnn_s": [round(t, 4) for t in ttnn_runs.samples],
        },
    )


def resnet_in_process_case(repeats: int, ttnn_side: TTNNSide | None) -> Case:
    text = RESNET.read_text()
    samples, ttnn_runs = Timing(), Timing()
    ttnn_resnet50_pass(ttnn_side, Timing())  # TT-NN's warm-up, as the project's first run
    for run in range(repeats + 1):
        started = time.perf_counter()
        # As ttnn-run loads it: the random inputs drawn on another core during the lowering.
        program = Program.load(text, filename=str(RESNET), random_seed=0)
        results = program.run(random_seed=0)
        elapsed = time.perf_counter() - started
        assert len(results) == 106
        del program, results
        if run:  # the first is a warm-up
            samples.samples.append(elapsed)
            ttnn_resnet50_pass(ttnn_side, ttnn_runs)
    ttnn, reference, notes = ttnn_resnet50_reference(ttnn_runs)
    ratio = samples.minimum / ttnn
    return Case(
        name="ResNet-50 in one process: Program.load(random_seed=0) + run(random_seed=0)",
        project=f"{samples.minimum:.3f} s (median {samples.median:.3f})",
        reference=reference,
        ratio=round(ratio, 2),
        ratio_of_medians=round(samples.median / ttnn_runs.median, 3) if ttnn_runs.samples else None,
        target="≤ 2× TT-NN",
        met=ratio <= 2.0,
        project_ms=milliseconds(samples),
        reference_ms=(round(ttnn * 1e3, 1), round(ttnn * 1e3, 1)),
        notes=[
            *notes,
            f"TT-NN's prepare calls alone (constant, {constant_origin()}): "
            f"{TTNN['resnet50']['prepare_only_s']:.3f} s",
        ],
        details={"ttnn_s": [round(t, 4) for t in ttnn_runs.samples]},
    )


def lowering_case(copies: list[int], repeats: int, folder: Path) -> Case:
    text = RESNET.read_text()
    empty = folder / "empty.mlir"
    empty.write_text("builtin.module {}\n")
    files = {0: empty}
    for count in (1, *copies):
        files[count] = folder / f"resnet50_x{count}.mlir"
        files[count].write_text(replicate(text, count))
    walls: dict[int, Timing] = {}
    cpus: dict[int, Timing] = {}
    for _ in range(repeats):
        for count in (0, 1, *copies):
            command = [str(BIN / "ttnn-opt"), str(files[count]), "-p", "ttnn-lower"]
            wall, cpu, _ = child_run([*command, "-o", str(folder / "lowered.mlir")])
            walls.setdefault(count, Timing()).samples.append(wall)
            cpus.setdefault(count, Timing()).samples.append(cpu)

    def linearity(times: dict[int, Timing], count: int) -> float:
        startup, one = times[0].minimum, times[1].minimum
        return (times[count].minimum - startup) / (count * (one - startup))

    largest = max(copies)
    ratios = {count: round(linearity(walls, count), 3) for count in copies}
    cpu_ratios = {count: round(linearity(cpus, count), 3) for count in copies}
    return Case(
        name=f"ttnn-lower on N copies of the ResNet-50 example (N = {', '.join(map(str, copies))})",
        project=", ".join(f"N={n}: {cpus[n].minimum:.2f} s" for n in (1, *copies))
        + f" CPU (startup {cpus[0].minimum:.2f} s)",
        reference="linear in N: N × (T(1) − startup)",
        ratio=cpu_ratios[largest],
        target="≤ 1.1× linear at 32",
        met=largest < 32 or cpu_ratios[largest] <= 1.1,
        notes=[
            "the ratio is of CPU time (user + system): on a shared machine a long run's wall "
            "time also counts its waits for a core",
            "per-copy CPU cost against N = 1's: "
            + ", ".join(f"{n}: {r:.2f}×" for n, r in cpu_ratios.items())
            + "; wall: "
            + ", ".join(f"{n}: {r:.2f}×" for n, r in ratios.items())
            + " ("
            + ", ".join(f"N={n}: {walls[n].minimum:.2f} s" for n in (0, 1, *copies))
            + ")",
            f"{BEFORE}: 1.10× at 16, 1.31× at 32, 1.58× at 64 (wall)",
        ],
        details={
            "wall_s": {n: [round(t, 3) for t in walls[n].samples] for n in walls},
            "cpu_s": {n: [round(t, 3) for t in cpus[n].samples] for n in cpus},
            "wall_ratio": ratios,
            "cpu_ratio": cpu_ratios,
        },
    )


def memory_case(repeats: int, folder: Path) -> Case:
    peaks: dict[int, list[int]] = {}
    for size in (32, SIZE):
        path = folder / f"assign_bw_{size}.mlir"
        path.write_text(assign_bw_text(size))
        command = [str(BIN / "ttnn-run"), str(path), "--random-inputs", "0"]
        for _ in range(repeats):
            raw = folder / f"raw_{size}"
            _, _, peak = child_run([*command, "--raw-output", str(raw)])
            peaks.setdefault(size, []).append(peak)
    trivial = folder / "trivial.mlir"
    trivial.write_text(TRIVIAL)
    xdsl_peaks = [child_run([str(BIN / "xdsl-run"), str(trivial)])[2] for _ in range(repeats)]
    baseline, peak = min(peaks[32]) / 1024, min(peaks[SIZE]) / 1024
    xdsl = min(xdsl_peaks) / 1024
    data = 3 * SIZE * SIZE * 2 / 2**20  # two bf16 inputs and one bf16 result
    ratio = (peak - baseline) / data
    return Case(
        name=f"peak RSS, ttnn-run assign_bw {SIZE}² --random-inputs 0 --raw-output",
        project=f"{peak:.0f} MiB; baseline (the tool on 32×32) {baseline:.0f} MiB",
        reference=f"data (two inputs, one result) {data:.0f} MiB; xdsl-run on a trivial "
        f"function {xdsl:.0f} MiB",
        ratio=round(ratio, 2),
        target="(peak − baseline) ≤ 1.5× data; baseline ≤ 2× xdsl-run",
        met=ratio <= 1.5 and baseline <= 2 * xdsl,
        notes=[
            f"ratio: (peak − baseline) / data; baseline / xdsl-run: {baseline / xdsl:.2f}×",
            f"{BEFORE}: 169 MiB (7× the data)",
        ],
        details={
            "peaks_mib": {n: [round(p / 1024, 1) for p in v] for n, v in peaks.items()},
            "xdsl_run_peaks_mib": [round(p / 1024, 1) for p in xdsl_peaks],
            "baseline_over_xdsl_run": round(baseline / xdsl, 2),
        },
    )


# ---------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------


def machine() -> dict[str, object]:
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "platform": platform.platform(),
    }


def print_table(cases: list[Case]) -> None:
    header = ("case", "project", "reference", "ratio", "target", "met")
    rows = [
        (
            case.name,
            case.project,
            case.reference,
            f"{case.ratio:.2f}×"
            + (f" (medians {case.ratio_of_medians:.2f}×)" if case.ratio_of_medians else ""),
            case.target,
            "yes" if case.met else "NO",
        )
        for case in cases
    ]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    for case in cases:
        for note in case.notes:
            print(f"- {case.name}: {note}")


def byte_compile() -> None:
    """Compile the project's sources to bytecode, as installing a package does: with
    PYTHONDONTWRITEBYTECODE set, an editable install would compile them in every process."""
    for package in PACKAGES:
        compileall.compile_dir(ROOT / package, quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=11, help="timed runs of each side")
    parser.add_argument(
        "--quick", action="store_true", help="3 repeats, ttnn-lower on N = 1, 4 copies only"
    )
    parser.add_argument("--json", default=str(ROOT / "benchmarks" / "results.json"))
    parser.add_argument(
        "--no-ttnn",
        action="store_true",
        help="use TT-NN's constants (benchmarks/ttnn_reference.json) even where TT-NN is installed",
    )
    arguments = parser.parse_args()
    repeats = 3 if arguments.quick else arguments.repeats
    copies = [4] if arguments.quick else [16, 32]
    whole_runs = 3 if arguments.quick else 5
    byte_compile()
    load_before = os.getloadavg()
    started = time.time()
    with tempfile.TemporaryDirectory() as folder:
        started_side = (
            TTNNSide.start(Path(folder)) if not arguments.no_ttnn else "--no-ttnn: TT-NN not run"
        )
        ttnn_side = started_side if isinstance(started_side, TTNNSide) else None
        try:
            cases = startup_cases(repeats, Path(folder))
            cases.append(resnet_shell_case(whole_runs, Path(folder), ttnn_side))
            cases.append(resnet_in_process_case(whole_runs, ttnn_side))
            cases.append(resnet_case(repeats))
            cases.append(assign_bw_case(repeats))
            cases.append(conversion_case("!ttnn.bfp8_b", "bfp8_b", repeats, 0.6, ttnn_side))
            cases.append(conversion_case("bf16", "bf16", repeats, 0.5, ttnn_side))
        finally:
            if ttnn_side is not None:
                ttnn_side.close()
        cases.append(conv2d_case(repeats, Path(folder)))
        cases.append(lowering_case(copies, 1 if arguments.quick else 3, Path(folder)))
        cases.append(memory_case(3, Path(folder)))
    load_after = os.getloadavg()
    print_table(cases)
    if ttnn_side is not None:
        ttnn_note = (
            f"TT-NN ({ttnn_side.version}) measured in this run, side by side, on {cpu_model()} "
            "(benchmarks/ttnn_side.py, the reference kit's Python)"
        )
    else:
        ttnn_note = (
            f"TT-NN not measured in this run ({started_side}): its anchors are the constants of "
            f"benchmarks/ttnn_reference.json, {constant_label()}"
        )
    print(f"\n{ttnn_note}")
    print(
        f"load average (1, 5, 15 min): before {', '.join(f'{x:.2f}' for x in load_before)}, "
        f"after {', '.join(f'{x:.2f}' for x in load_after)} on {os.cpu_count()} cores; "
        f"{time.time() - started:.0f} s"
    )
    report = {
        "machine": machine(),
        "load_average_before": load_before,
        "load_average_after": load_after,
        "repeats": repeats,
        "seconds": round(time.time() - started, 1),
        "ttnn_in_this_run": ttnn_side is not None,
        "ttnn_note": ttnn_note,
        "ttnn_reference": TTNN,
        "cases": [asdict(case) for case in cases],
    }
    Path(arguments.json).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"results: {arguments.json}")


if __name__ == "__main__":
    main()

"""`make bench`: the project's performance cases, each measured against its reference in the
same run, printed as a table and written to benchmarks/results.json.

    python benchmarks/run.py [--repeats N] [--quick] [--json PATH]

Every in-process case alternates the project and its reference `--repeats` (11) times and reports
the minimum and the median wall time of each; the ratio is of the minima (the least disturbed
runs on a shared machine) with the ratio of the medians beside it. The machine's load average
before and after the run is recorded, since other processes share the cores.

1. assign_bw bf16 → bf16 2048² in the interpreter (`Program.run` on prepared inputs) against
   `np.copyto` of the same 8 MiB into an existing buffer (the machine's copy bandwidth).
2. / 3. f32 row-major → bfloat8_b / bf16 TILE 2048² through the IR (`ttnn.to_layout` then
   `ttnn.typecast`, lowered and interpreted) against the previous whole-array implementation
   of the formats (benchmarks/previous_formats.py) and the copy bandwidth of its 16 MiB
   input. TT-NN's own C++ host conversion cannot be installed here: its time measured on the
   README's machine (28–41 ms and 12.2–12.7 ms) is the anchor the targets come from.
4. ResNet-50: interpreting the lowered 53 weights and biases (inputs prepared outside the
   timing) against a vectorized NumPy model of the same layouts (benchmarks/resnet50_model.py),
   checked to give the same bytes.
5. `ttnn-opt -p ttnn-lower -o FILE` (a process each, 3 times) on a module of N copies of the
   ResNet-50 example, N = 1, 16, 32: the cost per copy against N = 1's, startup (the same
   tool on an empty module) subtracted: (T(N) − T(0)) / (N · (T(1) − T(0))), of the CPU time
   the process used (its wall time, which on a shared machine also counts the waits for a
   core, is reported beside it).
6. Peak resident memory of `ttnn-run` assign_bw 2048² (`--random-inputs 0 --raw-output`)
   against 3× its data (the device bytes of its two inputs and its result) plus the same
   tool's peak on a 32×32 assign_bw (the interpreter's baseline).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
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

from ttnn_xdsl.dialect import make_context
from ttnn_xdsl.frontend import parse_module
from ttnn_xdsl.passes.ttnn_decompose import TTNNDecompose
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime import formats

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SIZE = 2048
RESNET = ROOT / "examples" / "resnet50_conv_weights.mlir"
BEFORE = (
    "before the bulk interpreter and the fast formats (the README's figures, measured once on "
    "a 2-core AMD EPYC, not on this machine)"
)
"""Earlier measurements quoted beside a case: they were not taken by this run."""


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
        2.0,
        [f"{BEFORE}: 69–73 ms (60–64× a copy)"],
    )
    case.details["op_by_op_ms"] = round(op_by_op * 1e3, 1)
    case.notes.append(f"op by op (--no-bulk): {op_by_op * 1e3:.0f} ms")
    return case


def conversion_case(element: str, dtype: str, repeats: int, budget_ms: float) -> Case:
    program = Program.load(conversion_text(SIZE, element))
    values = np.random.default_rng(1).standard_normal((SIZE, SIZE)).astype(np.float32)
    inputs = program.prepare_inputs([values])
    (result,) = program.run(inputs)
    previous = previous_formats.device_tile_data(values, formats.DataType(dtype))
    assert result.data.tobytes() == np.ascontiguousarray(previous).tobytes(), "bytes differ"
    mine, theirs = alternate(
        lambda: program.run(inputs),
        lambda: previous_formats.device_tile_data(values, formats.DataType(dtype)),
        repeats,
    )
    copy_source, copy_destination = values, np.empty_like(values)
    _, copy = alternate(lambda: None, lambda: np.copyto(copy_destination, copy_source), repeats)
    anchor = {"bfp8_b": "28–41 ms", "bf16": "12.2–12.7 ms"}[dtype]
    before = {"bfp8_b": "509–553 ms", "bf16": "382–390 ms"}[dtype]
    case = Case(
        name=f"f32 row-major → {dtype} TILE {SIZE}² (to_layout + typecast)",
        project=f"{mine.minimum * 1e3:.2f} ms (median {mine.median * 1e3:.2f})",
        reference=(
            f"previous formats: {theirs.minimum * 1e3:.2f} ms (median "
            f"{theirs.median * 1e3:.2f}); copy of the 16 MiB input: {copy.minimum * 1e3:.2f} ms"
        ),
        ratio=round(mine.minimum / theirs.minimum, 3),
        ratio_of_medians=round(mine.median / theirs.median, 3),
        target=f"≤ {budget_ms:g} ms (TT-NN C++ on the README's machine: {anchor})",
        met=mine.minimum * 1e3 <= budget_ms,
        project_ms=milliseconds(mine),
        reference_ms=milliseconds(theirs),
        notes=[
            f"{mine.minimum / copy.minimum:.1f}× a copy of its input",
            f"{BEFORE}: {before}; the same bytes as the previous formats",
        ],
    )
    case.details["copy_ms"] = milliseconds(copy)
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
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def child_run(command: list[str]) -> tuple[float, float, int]:
    """Wall time, CPU time (user + system) and peak resident KiB of one child process."""
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *command], capture_output=True, text=True
    )
    wall = time.perf_counter() - started
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr}")
    cpu, peak = result.stdout.split()
    return wall, float(cpu), int(peak)


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
    baseline, peak = min(peaks[32]) / 1024, min(peaks[SIZE]) / 1024
    data = 3 * SIZE * SIZE * 2 / 2**20  # two bf16 inputs and one bf16 result
    budget = 3 * data + baseline
    return Case(
        name=f"peak RSS, ttnn-run assign_bw {SIZE}² --random-inputs 0 --raw-output",
        project=f"{peak:.0f} MiB",
        reference=f"data {data:.0f} MiB; baseline (32×32) {baseline:.0f} MiB",
        ratio=round((peak - baseline) / data, 2),
        target=f"≤ 3× data + baseline = {budget:.0f} MiB",
        met=peak <= budget,
        notes=[
            "ratio: (peak − baseline) / data",
            f"{BEFORE}: 169 MiB (7× the data)",
        ],
        details={"peaks_mib": {n: [round(p / 1024, 1) for p in v] for n, v in peaks.items()}},
    )


# ---------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------


def machine() -> dict[str, object]:
    model = platform.processor()
    try:
        with open("/proc/cpuinfo") as info:
            names = [line.split(":", 1)[1].strip() for line in info if "model name" in line]
            model = names[0] if names else model
    except OSError:
        pass
    return {
        "cpu": model,
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=11, help="timed runs of each side")
    parser.add_argument(
        "--quick", action="store_true", help="3 repeats, ttnn-lower on N = 1, 4 copies only"
    )
    parser.add_argument("--json", default=str(ROOT / "benchmarks" / "results.json"))
    arguments = parser.parse_args()
    repeats = 3 if arguments.quick else arguments.repeats
    copies = [4] if arguments.quick else [16, 32]
    load_before = os.getloadavg()
    started = time.time()
    cases = [
        assign_bw_case(repeats),
        conversion_case("!ttnn.bfp8_b", "bfp8_b", repeats, 45.0),
        conversion_case("bf16", "bf16", repeats, 13.0),
        resnet_case(repeats),
    ]
    with tempfile.TemporaryDirectory() as folder:
        cases.append(lowering_case(copies, 1 if arguments.quick else 3, Path(folder)))
        cases.append(memory_case(3, Path(folder)))
    load_after = os.getloadavg()
    print_table(cases)
    print(
        f"\nload average (1, 5, 15 min): before {', '.join(f'{x:.2f}' for x in load_before)}, "
        f"after {', '.join(f'{x:.2f}' for x in load_after)} on {os.cpu_count()} cores; "
        f"{time.time() - started:.0f} s"
    )
    report = {
        "machine": machine(),
        "load_average_before": load_before,
        "load_average_after": load_after,
        "repeats": repeats,
        "seconds": round(time.time() - started, 1),
        "cases": [asdict(case) for case in cases],
    }
    Path(arguments.json).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"results: {arguments.json}")


if __name__ == "__main__":
    main()

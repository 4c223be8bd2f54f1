"""ResNet-50's 53 convs (batch 1, 224×224) run from prepared weights through the lowered
`ttnn.conv2d_consume`, and the anchor they are held against: a float32 im2col + matmul NumPy
conv of the same shapes.

Each conv of examples/resnet50_conv_weights.py is prepared once (its weight and bias drawn
from a seed, prepared by the project's `prepare_conv_weights` / `prepare_conv_bias` with
`weights_dtype` bf16 or bfloat8_b), outside any timing; the timed side is `Program.run` of a
module whose @main takes the NHWC bf16 activation, the prepared weight and the prepared bias
and returns the conv output (`[1, 1, OH·OW, Cout]` bf16 TILE), its lowering done once when
the program is loaded (`compile_seconds`)."""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import ml_dtypes
import numpy as np
from xdsl.dialects.builtin import ModuleOp, TensorType, bf16

from ttnn_xdsl.conv import resolve_conv_weights
from ttnn_xdsl.conv.conv_consumption import consumption_plan
from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.dialect.attributes import Conv2dConfigAttr
from ttnn_xdsl.dialect.builders import build_function, build_module
from ttnn_xdsl.dialect.conv2d_ops import conv2d_consume_from_plan
from ttnn_xdsl.dialect.prepare_ops import PrepareConvBiasOp, PrepareConvWeightsOp
from ttnn_xdsl.dialect.tensor_types import tensor_type
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime import DeviceTensor

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
if str(EXAMPLES) not in sys.path:
    sys.path.insert(0, str(EXAMPLES))

from resnet50_conv_weights import GRID, Conv, input_memory_config, resnet50_convs  # noqa: E402


@dataclass
class ConvCase:
    """One conv ready to run: its program (lowered), its inputs and the anchor's operands."""

    conv: Conv
    path: str
    program: Program
    compile_seconds: float
    inputs: list[object]
    activation: np.ndarray
    """float32 NHWC: the anchor's input (the same values as the bf16 activation)."""
    weight_matrix: np.ndarray
    """float32 [KH·KW·Cin, Cout]: the anchor's weight."""
    bias: np.ndarray
    """float32 [Cout]: the anchor's bias."""

    def run(self) -> DeviceTensor:
        (output,) = self.program.run(self.inputs)
        return output

    def anchor(self) -> np.ndarray:
        return im2col_conv(self.activation, self.weight_matrix, self.bias, self.conv)

    @property
    def conv_class(self) -> str:
        """The case's class in the tables: its path and kernel."""
        return f"{self.path} {self.conv.kernel}x{self.conv.kernel}"

    def tensor_bytes(self) -> int:
        """The bytes of the tensors the conv involves: its activation, prepared weight and
        bias (their device data) and its output (bf16 tiles)."""
        output_rows = -(-self.output_pixels() // 32) * 32
        output = output_rows * -(-self.conv.out_channels // 32) * 32 * 2
        return input_bytes(self.inputs) + output

    def output_pixels(self) -> int:
        size = self.conv.input_size + 2 * self.conv.padding - self.conv.kernel
        return (size // self.conv.stride + 1) ** 2


def im2col_conv(
    activation: np.ndarray, weight_matrix: np.ndarray, bias: np.ndarray, conv: Conv
) -> np.ndarray:
    """The anchor: a float32 NHWC conv as im2col (a strided copy per kernel tap into the
    [OH·OW, KH·KW·Cin] matrix), one matmul and the bias added."""
    kernel, stride, padding = conv.kernel, conv.stride, conv.padding
    padded = np.pad(activation[0], ((padding, padding), (padding, padding), (0, 0)))
    out = (conv.input_size + 2 * padding - kernel) // stride + 1
    columns = np.empty((out, out, kernel, kernel, conv.in_channels), np.float32)
    for r in range(kernel):
        for s in range(kernel):
            columns[:, :, r, s] = padded[
                r : r + stride * out : stride, s : s + stride * out : stride
            ]
    product = columns.reshape(out * out, -1) @ weight_matrix
    product += bias
    return product


def conv_parameters(conv: Conv, weights_dtype: DataType) -> dict[str, object]:
    """The prepare ops' parameters of `conv`, as the example writes them, with `weights_dtype`."""
    return dict(
        in_channels=conv.in_channels,
        out_channels=conv.out_channels,
        batch_size=1,
        input_height=conv.input_size,
        input_width=conv.input_size,
        kernel_size=(conv.kernel, conv.kernel),
        stride=(conv.stride, conv.stride),
        padding=(conv.padding, conv.padding),
        input_layout=Layout.ROW_MAJOR if conv.name == "conv1" else Layout.TILE,
        input_memory_config=input_memory_config(conv),
        conv_config=Conv2dConfigAttr(weights_dtype=weights_dtype, shard_layout=conv.shard_layout),
        grid=GRID,
    )


def conv_case(conv: Conv, weights_dtype: DataType, seed: int) -> ConvCase:
    """Prepare the conv's drawn weight and bias, and load the program that consumes them."""
    rng = np.random.default_rng(seed)
    weight_type = TensorType(bf16, [conv.out_channels, conv.in_channels, conv.kernel, conv.kernel])
    bias_type = TensorType(bf16, [1, 1, 1, conv.out_channels])
    parameters = conv_parameters(conv, weights_dtype)
    ops: dict[str, PrepareConvWeightsOp | PrepareConvBiasOp] = {}

    def prepare(weight: object, bias: object) -> list[object]:
        ops["weight"] = PrepareConvWeightsOp(weight, has_bias=True, **parameters)
        ops["bias"] = PrepareConvBiasOp(bias, **parameters)
        return [ops["weight"].result, ops["bias"].result]

    preparation = build_module(build_function("main", [weight_type, bias_type], prepare), grid=GRID)
    weight = (rng.standard_normal(weight_type.get_shape()) * 0.1).astype(ml_dtypes.bfloat16)
    bias = rng.standard_normal(bias_type.get_shape()).astype(ml_dtypes.bfloat16)
    prepared_weight, prepared_bias = Program.load(preparation).run([weight, bias])
    weight_op = ops["weight"]
    assert isinstance(weight_op, PrepareConvWeightsOp)
    conv_params = weight_op.conv_parameters()
    plan = resolve_conv_weights(conv_params)
    shape = (1, conv.input_size, conv.input_size, conv.in_channels)
    activation_type = tensor_type(shape, DataType.BFLOAT16, None)

    def consume(activation: object, weight: object, bias: object) -> object:
        return conv2d_consume_from_plan(activation, weight, bias, plan, conv_params).result

    module: ModuleOp = build_module(
        build_function(
            "main",
            [activation_type, weight_op.result.type, ops["bias"].result.type],
            consume,
        ),
        grid=GRID,
    )
    started = time.perf_counter()
    program = Program.load(module)
    compile_seconds = time.perf_counter() - started
    activation = rng.standard_normal(shape).astype(ml_dtypes.bfloat16)
    weight_matrix = (
        weight.astype(np.float32).transpose(2, 3, 1, 0).reshape(-1, conv.out_channels).copy()
    )
    return ConvCase(
        conv=conv,
        path=consumption_plan(plan).path.value,
        program=program,
        compile_seconds=compile_seconds,
        inputs=[activation, prepared_weight, prepared_bias],
        activation=activation.astype(np.float32),
        weight_matrix=weight_matrix,
        bias=bias.astype(np.float32).reshape(-1),
    )


def conv_cases(weights_dtype: DataType, seed: int = 0) -> list[ConvCase]:
    """The 53 convs, each prepared with `weights_dtype` and loaded; the stem's weight stays
    bf16 (TT-NN 0.81.1 refuses to prepare bfloat8_b weights for a conv whose input is in
    DRAM, as TT-NN's own ResNet-50 keeps its stem bf16)."""
    return [
        conv_case(conv, DataType.BFLOAT16 if conv.name == "conv1" else weights_dtype, seed + index)
        for index, conv in enumerate(resnet50_convs())
    ]


@dataclass
class Sample:
    """One timed call: wall and CPU seconds."""

    wall: float
    cpu: float


def timed(function: Callable[[], object]) -> Sample:
    wall, cpu = time.perf_counter(), time.process_time()
    function()
    return Sample(time.perf_counter() - wall, time.process_time() - cpu)


@dataclass
class Measured:
    """Per conv, the least wall time and the least CPU time of each side over `repeats`
    alternating runs, and the same of the anchor's float32 matmul alone (the floor, below)."""

    cases: list[ConvCase]
    project: list[Sample]
    anchor: list[Sample]
    floor: list[Sample]

    def total(self, side: str, clock: str = "wall") -> float:
        return sum(getattr(sample, clock) for sample in getattr(self, side))

    def by_class(self) -> dict[str, tuple[float, float, int]]:
        """Per conv class: the project's and the anchor's summed wall minima and the count."""
        classes: dict[str, tuple[float, float, int]] = {}
        for case, mine, theirs in zip(self.cases, self.project, self.anchor, strict=True):
            total_mine, total_theirs, count = classes.get(case.conv_class, (0.0, 0.0, 0))
            classes[case.conv_class] = (
                total_mine + mine.wall,
                total_theirs + theirs.wall,
                count + 1,
            )
        return classes


def least(samples: list[Sample]) -> Sample:
    return Sample(min(s.wall for s in samples), min(s.cpu for s in samples))


def float32_matmul(case: ConvCase) -> Callable[[], object]:
    """The floor: the anchor's float32 matmul alone (its im2col copy made outside the timing),
    the arithmetic any float32 model of the conv does (semantics.md §9.7)."""
    columns = np.zeros((case.output_pixels(), case.weight_matrix.shape[0]), np.float32)
    weight = case.weight_matrix
    return lambda: columns @ weight


def measure(cases: list[ConvCase], repeats: int) -> Measured:
    """Each conv's run and its anchor alternately, `repeats` times each after a warm-up (and
    the float32 matmul floor after them)."""
    project, anchor, floor = [], [], []
    for case in cases:
        case.run(), case.anchor()
        mine, theirs = [], []
        for _ in range(repeats):
            mine.append(timed(case.run))
            theirs.append(timed(case.anchor))
        project.append(least(mine))
        anchor.append(least(theirs))
        matmul = float32_matmul(case)
        matmul()
        floor.append(least([timed(matmul) for _ in range(repeats)]))
    return Measured(cases, project, anchor, floor)


def traced_peak(function: Callable[[], object]) -> tuple[int, object]:
    """The most bytes `function` held allocated at once (tracemalloc: NumPy reports its
    arrays' buffers) and its result."""
    function()
    tracemalloc.start()
    try:
        result = function()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, result


def peak_memory(case: ConvCase) -> tuple[int, int, int]:
    """(the inputs plus the most a run allocates at once; the tensors involved: inputs and
    output; the anchor's inputs plus its most allocated at once)."""
    peak, output = traced_peak(case.run)
    assert isinstance(output, DeviceTensor)
    anchor_peak, _ = traced_peak(case.anchor)
    inputs = input_bytes(case.inputs)
    anchor_inputs = case.activation.nbytes + case.weight_matrix.nbytes
    return inputs + peak, inputs + output.data.nbytes, anchor_inputs + anchor_peak


def input_bytes(inputs: list[object]) -> int:
    """The bytes of a conv's inputs: the activation array and the device data of the
    prepared weight and bias."""
    return sum(
        value.data.nbytes if isinstance(value, DeviceTensor) else np.asarray(value).nbytes
        for value in inputs
    )


@dataclass
class Report:
    """What the case reports for one weight dtype."""

    weights_dtype: DataType
    measured: Measured
    compile_seconds: float
    memory_ratios: list[float]
    """Per conv: peak / tensors involved."""
    anchor_memory_ratios: list[float]

    @property
    def ratio(self) -> float:
        return self.measured.total("project") / self.measured.total("anchor")

    @property
    def cpu_ratio(self) -> float:
        return self.measured.total("project", "cpu") / self.measured.total("anchor", "cpu")

    def lines(self) -> list[str]:
        """The figures, one line each (the per-class ratios, compile and memory)."""
        measured = self.measured
        name = self.weights_dtype.value
        classes = ", ".join(
            f"{conv_class} ×{count}: {mine * 1e3:.1f} / {theirs * 1e3:.1f} ms = "
            f"{mine / theirs:.2f}×"
            for conv_class, (mine, theirs, count) in measured.by_class().items()
        )
        memory = sorted(self.memory_ratios)
        anchor_memory = sorted(self.anchor_memory_ratios)
        return [
            f"{name} weights: run {measured.total('project') * 1e3:.1f} ms against the anchor's "
            f"{measured.total('anchor') * 1e3:.1f} ms = {self.ratio:.2f}× (CPU time "
            f"{self.cpu_ratio:.2f}×); per class (project / anchor): {classes}",
            f"{name} weights: the anchor's float32 matmuls alone (the floor): "
            f"{measured.total('floor') * 1e3:.1f} ms = "
            f"{measured.total('floor') / measured.total('anchor'):.2f}× the anchor",
            f"{name} weights: compile (Program.load: verify, lower, once per conv, not in the "
            f"run): {self.compile_seconds:.2f} s for the 53 convs",
            f"{name} weights: peak memory / tensors involved (inputs + output): median "
            f"{memory[len(memory) // 2]:.1f}×, worst {memory[-1]:.1f}× (the anchor's: median "
            f"{anchor_memory[len(anchor_memory) // 2]:.1f}×, worst {anchor_memory[-1]:.1f}×)",
        ]


def report(weights_dtype: DataType, repeats: int) -> Report:
    cases = conv_cases(weights_dtype)
    measured = measure(cases, repeats)
    memory, anchor_memory = [], []
    for case in cases:
        peak, tensors, anchor_peak = peak_memory(case)
        memory.append(peak / tensors)
        anchor_memory.append(anchor_peak / tensors)
    return Report(
        weights_dtype,
        measured,
        sum(case.compile_seconds for case in cases),
        memory,
        anchor_memory,
    )


def summary(report: Report) -> dict[str, object]:
    """The report as JSON values (what `make bench` reads back from this script)."""
    measured = report.measured
    return {
        "weights_dtype": report.weights_dtype.value,
        "project_ms": round(measured.total("project") * 1e3, 2),
        "anchor_ms": round(measured.total("anchor") * 1e3, 2),
        "ratio": round(report.ratio, 3),
        "cpu_ratio": round(report.cpu_ratio, 3),
        "floor_ratio": round(measured.total("floor") / measured.total("anchor"), 3),
        "compile_s": round(report.compile_seconds, 3),
        "by_class_ms": {
            name: [round(mine * 1e3, 2), round(theirs * 1e3, 2), count]
            for name, (mine, theirs, count) in measured.by_class().items()
        },
        "memory_ratios": [round(ratio, 2) for ratio in report.memory_ratios],
        "anchor_memory_ratios": [round(ratio, 2) for ratio in report.anchor_memory_ratios],
        "lines": report.lines(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed runs of each side")
    parser.add_argument("--json", help="also write the figures to this file")
    arguments = parser.parse_args()
    summaries = []
    for weights_dtype in (DataType.BFLOAT16, DataType.BFLOAT8_B):
        measured = report(weights_dtype, arguments.repeats)
        summaries.append(summary(measured))
        for line in measured.lines():
            print(line)
    if arguments.json:
        Path(arguments.json).write_text(json.dumps(summaries, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()

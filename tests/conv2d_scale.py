"""conv2d at scale: every configuration of TT-NN 0.81.1's recorded answers (conv2d, conv1d and
conv_transpose2d, both devices) whose weight TT-NN prepared, prepared by the project's pipeline
(the prepare ops, lowered and interpreted), then consumed by `ttnn.conv2d_consume` (lowered by
convert-ttnn-to-tiles and interpreted) and compared with the float64 reference conv on the
original weight (`conv.conv_reference`), within the tolerance rule of `tolerance` below
(`runtime.conv_tolerance`, docs/semantics.md §9.9).

Run from the repository's root (about 40 minutes for the ~6,600 configurations):

    .venv/bin/python tests/conv2d_scale.py --devset DIR -o tests/data/conv2d_scale/summary.json

`--devset` names a folder holding the reference kit's dev set (`*_s10*.json`: its conv2d,
conv1d and conv_transpose2d draws), which is not part of the repository; without it only the
committed answers (tests/data/ttnn_reference/) run. tests/test_conv2d_scale.py runs a fixed
sample of the summary's cases (their answers are in the summary)."""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import time
import zlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from ttnn_reference_cases import (
    DATA,
    DTYPES,
    GRIDS,
    answer_type,
    common_properties,
    output_is_empty,
    slice_config,
)
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import SSAValue

from ttnn_xdsl.conv import conv_transpose, resolve_conv_weights
from ttnn_xdsl.conv.conv_consumption import (
    ConsumptionPath,
    consumption_plan,
    conv2d_refusal,
    kernel_reads,
    weight_reads_in_bounds,
)
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.conv.conv_transpose import ConvTranspose2dParameters
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import ConvNotModelledError, TTNNError
from ttnn_xdsl.dialect import (
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
    build_function,
    build_module,
)
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp
from ttnn_xdsl.program import run
from ttnn_xdsl.program.conv_consume import consume_prepared
from ttnn_xdsl.runtime import DeviceTensor
from ttnn_xdsl.runtime.conv_tolerance import ConvNumerics, default_conv_numerics, tolerance
from ttnn_xdsl.tensor_formats.formats import round_to_bfloat16

SUMMARY = Path(__file__).resolve().parent / "data" / "conv2d_scale" / "summary.json"
COMMITTED_ANSWERS = [
    *sorted((DATA / "conv2d" / "answers").glob("*.json")),
    *sorted((DATA / "conv_transpose2d" / "answers").glob("*.json")),
]
DEVSET_PATTERN = "*_s10*.json"
"""The reference kit's dev-set draws (its `ttnn_*` files are conv2d's own answers, not drawn
configurations)."""

MAX_MULTIPLY_ADDS = 2 * 10**8
"""A configuration whose conv takes more multiply-adds (output pixels × prepared weight rows ×
columns) is listed as too big for the run instead of being run."""
SECONDS_PER_CASE = 5
"""A configuration that takes longer (its lowering unrolls K blocks × cores) is stopped and
listed as too slow for the run."""

STATUSES = (
    "agrees",
    "fails",
    "error",
    "empty output",
    "conv2d refuses",
    "not lowered",
    "not modelled",
    "too big",
    "too slow",
    "project refuses",
    "folds a dilated conv",
)
"""The outcome of one configuration TT-NN prepared a weight for: `agrees` and `fails` were run;
`error` is an exception of the project's (a finding, listed with the failures); `folds a dilated
conv` is a failure or error where TT-NN itself computes another conv (`folds_a_dilated_conv`);
the others are counted apart (the summary lists the reasons)."""


LOWERING_REFUSAL = "does not lower"
"""The words of convert-ttnn-to-tiles's refusal of a conv2d_consume path it does not lower."""


def folds_a_dilated_conv(answer: dict[str, Any]) -> bool:
    """Kernel-stride folding forced on a conv with a dilation above 1: TT-NN keeps the dilation
    on the folded input, so its prepared weight (and the project's alike) does not compute the
    conv (docs/semantics.md §9.1) — its output may not even have the conv's size."""
    folding = answer["conv_config"].get("enable_kernel_stride_folding") is True
    return folding and max(answer["dilation"]) > 1


def classified(outcome: Outcome, case: ScaleCase) -> Outcome:
    """A failure or error of a conv TT-NN itself computes wrong, counted apart; an error of
    the lowering other than its refusal of a path it does not lower, an error."""
    if outcome.status == "not lowered" and LOWERING_REFUSAL not in outcome.message:
        outcome.status = "error"
    if outcome.status in ("fails", "error") and folds_a_dilated_conv(case.answer):
        outcome.message = f"{outcome.status}: {outcome.message}"
        outcome.status = "folds a dilated conv"
    return outcome


@dataclass(frozen=True)
class ScaleCase:
    """One recorded configuration: its file's stem and id, the device and the answer."""

    source: str
    device: str
    answer: dict[str, Any]

    @property
    def name(self) -> str:
        return f"{self.source}/{self.answer['id']}"

    @property
    def grid(self) -> tuple[int, int]:
        """The device's worker grid."""
        return GRIDS[self.device]

    @property
    def op(self) -> str:
        """conv_transpose2d, conv1d (input height 1) or conv2d."""
        if self.answer.get("op") == "conv_transpose2d":
            return "conv_transpose2d"
        return "conv1d" if self.answer["H"] == 1 else "conv2d"

    @property
    def seed(self) -> int:
        """The seed of the case's random weight, bias and activation (stable across runs)."""
        return zlib.crc32(self.name.encode())


@dataclass
class Outcome:
    """What one configuration gave."""

    name: str
    op: str
    device: str
    status: str
    path: str = ""
    weights_dtype: str = ""
    numerics: str = ""
    """The output dtype and DEST format the conv ran with, e.g. "bfloat16 out, bfloat16 DEST"."""
    worst_error: float = 0.0
    """max |conv − reference| (absolute)."""
    output_scale: float = 0.0
    """max |reference|: the scale the relative error is taken against."""
    error_over_bound: float = 0.0
    """max over the output of |conv − reference| / tolerance (≤ 1 agrees)."""
    message: str = ""
    seconds: float = 0.0
    multiply_adds: int = 0
    commit: str = ""
    """The project's commit the case ran on."""


def devices_case(path: Path) -> str:
    return next(device for device in GRIDS if device in path.name)


def load_cases(paths: Iterable[Path]) -> list[ScaleCase]:
    """The answered cases of the files, each file once by name (the dev set's transposed draws
    are also committed), in file and id order."""
    cases: list[ScaleCase] = []
    seen: set[str] = set()
    for path in paths:
        if path.stem in seen:
            continue
        seen.add(path.stem)
        device = devices_case(path)
        for answer in json.loads(path.read_text()).values():
            if answer.get("error") != "skipped":
                cases.append(ScaleCase(path.stem, device, answer))
    return cases


# ------------------------------------------------------------------------------------------
# Preparing: the project's prepare ops, run
# ------------------------------------------------------------------------------------------


def original_weight_shape(case: ScaleCase) -> list[int]:
    """OIHW [O, I/g, KH, KW] for conv2d, IOHW [Cin, O/g, KH, KW] for conv_transpose2d."""
    answer = case.answer
    if case.op == "conv_transpose2d":
        return [answer["in_channels"], answer["O"] // answer["groups"], *answer["kernel"]]
    return [answer["O"], answer["I"], *answer["kernel"]]


def prepare_op(case: ScaleCase, what: str, source: SSAValue) -> ConvPrepareOp:
    """The prepare op of the case's weight or bias, with TT-NN's result type."""
    answer = case.answer
    properties = common_properties(answer)
    sliced = slice_config(answer)
    result_type = answer_type(answer, what)
    if case.op == "conv_transpose2d":
        if sliced is not None:
            properties["dram_slice_config"] = sliced
        if what == "bias":
            return PrepareConvTranspose2dBiasOp(source, result_type=result_type, **properties)
        return PrepareConvTranspose2dWeightsOp(
            source,
            result_type=result_type,
            weights_format="IOHW",
            output_padding=answer["output_padding"],
            has_bias=answer["bias"],
            mirror_kernel=answer["mirror_kernel"],
            **properties,
        )
    if sliced is not None:
        properties["slice_config"] = sliced
    if what == "bias":
        return PrepareConvBiasOp(source, result_type=result_type, **properties)
    return PrepareConvWeightsOp(
        source,
        result_type=result_type,
        weights_format="OIHW",
        has_bias=answer["bias"],
        **properties,
    )


def prepare(case: ScaleCase, what: str, values: np.ndarray) -> tuple[DeviceTensor, ConvPrepareOp]:
    """The weight or bias prepared by the project's pipeline (the op in a module of the case's
    device, lowered and interpreted), and the op (its parameters)."""
    made: list[ConvPrepareOp] = []

    def body(source: SSAValue) -> SSAValue:
        made.append(prepare_op(case, what, source))
        return made[0].result

    function = build_function(what, [TensorType(f32, list(values.shape))], body)
    module = build_module(
        function, grid=GRIDS[case.device], open_device=case.answer.get("device_open")
    )
    (prepared,) = run(module, [values])
    return prepared, made[0]


def conv_of(op: ConvPrepareOp) -> tuple[ConvWeightsPlan, Conv2dParameters, bool]:
    """The conv2d the prepared weight is read by (a conv_transpose2d's equivalent conv2d,
    semantics.md §7.2), its plan, and whether the kernel is mirrored (conv_transpose2d)."""
    params = op.conv_parameters()
    if isinstance(params, ConvTranspose2dParameters):
        plan = conv_transpose.resolve_conv_transpose2d_weights(params)
        return plan.conv, plan.equivalent, plan.mirror_kernel
    assert isinstance(params, Conv2dParameters)
    return resolve_conv_weights(params), params, False


def dense_transposed_weight(iohw: np.ndarray, groups: int, mirror: bool) -> np.ndarray:
    """The equivalent conv2d's OIHW weight (semantics.md §7.3): IOHW [Cin, Cout/g, KH, KW]
    made dense and block-diagonal, transposed to [Cout, Cin, KH, KW], both kernel axes flipped
    when mirrored."""
    in_channels, group_out, kh, kw = iohw.shape
    group_in = in_channels // groups
    dense = np.zeros((group_out * groups, in_channels, kh, kw), dtype=np.float32)
    for group in range(groups):
        inputs = slice(group * group_in, (group + 1) * group_in)
        outputs = slice(group * group_out, (group + 1) * group_out)
        dense[outputs, inputs] = iohw[inputs].transpose(1, 0, 2, 3)
    return dense[:, :, ::-1, ::-1] if mirror else dense


# ------------------------------------------------------------------------------------------
# One case
# ------------------------------------------------------------------------------------------


def input_values(case: ScaleCase, numerics: ConvNumerics, params: Conv2dParameters) -> np.ndarray:
    """The seeded standard normal activation [N, H, W, Cin], in the input dtype's values."""
    rng = np.random.default_rng(case.seed + 2)
    shape = (params.batch_size, params.input_height, params.input_width, params.in_channels)
    values = rng.standard_normal(shape).astype(np.float32)
    if numerics.input_dtype == DataType.BFLOAT16:
        return round_to_bfloat16(values)
    return values


def run_case(case: ScaleCase, max_multiply_adds: int = MAX_MULTIPLY_ADDS) -> Outcome | None:
    """Prepare the case's weight (and bias) with the project, consume it with the lowered
    conv2d_consume, compare with the reference. None for a case TT-NN prepared no weight
    for."""
    answer = case.answer
    if "weight_padded_shape" not in answer:
        return None
    start = time.perf_counter()
    outcome = Outcome(case.name, case.op, case.device, "agrees")
    if output_is_empty(answer):
        outcome.status = "empty output"
        return outcome
    rng = np.random.default_rng(case.seed)
    original = rng.standard_normal(original_weight_shape(case)).astype(np.float32)
    bias_values = rng.standard_normal((1, 1, 1, answer["O"])).astype(np.float32)
    try:
        weight, op = prepare(case, "weight", original)
        bias = None
        if "bias_padded_shape" in answer:
            bias, _ = prepare(case, "bias", bias_values)
    except TTNNError as error:
        outcome.status, outcome.message = "project refuses", str(error).splitlines()[0]
        return outcome
    plan, params, mirror = conv_of(op)
    weights_dtype = weight.dtype
    numerics = default_conv_numerics(DTYPES[answer["input_dtype"]], weights_dtype)
    outcome.weights_dtype = weights_dtype.value
    outcome.numerics = numerics.describe()
    try:
        consumption = consumption_plan(plan)
    except ConvNotModelledError as error:
        outcome.status, outcome.message = "not modelled", str(error)
        return outcome
    outcome.path = consumption.path.value
    weight_shape = tuple(weight.physical_shape[2:])
    bias_shape = None if bias is None else tuple(bias.physical_shape[2:])
    refusal = conv2d_refusal(plan, weight_shape, bias_shape)  # type: ignore[arg-type]
    try:
        if refusal is None and consumption.path is not ConsumptionPath.DEPTHWISE_1D:
            reads = kernel_reads(consumption, weight_shape)  # type: ignore[arg-type]
            refusal = weight_reads_in_bounds(reads, weight_shape)  # type: ignore[arg-type]
    except ConvNotModelledError as error:
        outcome.status, outcome.message = "not modelled", str(error)
        return outcome
    if refusal is not None:
        outcome.status, outcome.message = "conv2d refuses", refusal
        return outcome
    pixels = consumption.window.pixels
    outcome.multiply_adds = pixels * weight_shape[0] * weight_shape[1]
    if outcome.multiply_adds > max_multiply_adds:
        outcome.status = "too big"
        outcome.message = f"{outcome.multiply_adds:.3g} multiply-adds"
        return outcome
    activation = input_values(case, numerics, params)
    try:
        consumed = consume_prepared(plan, params, weight, bias, activation, numerics)
    except TTNNError as error:
        outcome.status, outcome.message = "not lowered", str(error).splitlines()[0]
        return outcome
    if case.op == "conv_transpose2d":
        oihw = dense_transposed_weight(original, answer["groups"], mirror).astype(np.float64)
    else:
        oihw = original.astype(np.float64)
    x = activation.astype(np.float64)
    reference_bias = None if bias is None else bias_values.astype(np.float64)
    reference = reference_conv2d(
        x,
        oihw,
        stride=params.stride,
        padding=params.padding,  # type: ignore[arg-type]
        dilation=params.dilation,
        groups=params.groups,
        bias=reference_bias,
    )
    bound = tolerance(x, oihw, reference_bias, params, weights_dtype, numerics, consumed.k_blocks)
    judge(outcome, consumed.output, reference, bound)
    outcome.seconds = time.perf_counter() - start
    return outcome


def judge(outcome: Outcome, got: np.ndarray, reference: np.ndarray, bound: np.ndarray) -> None:
    """Record in `outcome` the conv's largest error, the output's scale and the largest error
    over its bound, and fail it at the first element beyond its bound."""
    error = np.abs(got - reference)
    outcome.worst_error = float(error.max(initial=0.0))
    outcome.output_scale = float(np.abs(reference).max(initial=0.0))
    ratio = error / np.where(bound > 0, bound, np.inf)
    ratio = np.where((error > 0) & (bound == 0), np.inf, ratio)
    outcome.error_over_bound = float(ratio.max(initial=0.0))
    if not (error <= bound).all():
        first = int(np.flatnonzero(~(error <= bound))[0])
        pixel, channel = divmod(first, got.shape[-1])
        outcome.status = "fails"
        outcome.message = (
            f"output pixel {pixel} channel {channel}: {got.reshape(-1)[first]:.6g}, the "
            f"reference {reference.reshape(-1)[first]:.6g}, tolerance "
            f"{bound.reshape(-1)[first]:.3g}"
        )


# ------------------------------------------------------------------------------------------
# The summary
# ------------------------------------------------------------------------------------------


def worst_of(outcomes: list[Outcome]) -> dict[str, Any]:
    """The largest error of the outcomes, absolute, relative to the output's scale (max
    |reference|) and relative to the tolerance, each with its case; and how many."""
    absolute = max(outcomes, key=lambda o: o.worst_error)
    relative = max(outcomes, key=lambda o: o.worst_error / (o.output_scale or 1.0))
    closest = max(outcomes, key=lambda o: o.error_over_bound)
    return dict(
        count=len(outcomes),
        absolute=absolute.worst_error,
        absolute_case=absolute.name,
        relative_to_output_scale=relative.worst_error / (relative.output_scale or 1.0),
        relative_case=relative.name,
        error_over_bound=closest.error_over_bound,
        error_over_bound_case=closest.name,
    )


def apart_by_status(outcomes: list[Outcome]) -> dict[str, Any]:
    """The configurations counted apart, by status: how many, the ids by file, and (but for
    the ones too big or too slow to run) the reasons with their counts."""
    apart: dict[str, Any] = {}
    for status in STATUSES:
        of_status = [o for o in outcomes if o.status == status]
        if not of_status:
            continue
        cases: dict[str, list[str]] = {}
        for outcome in of_status:
            source, identifier = outcome.name.split("/")
            cases.setdefault(source, []).append(identifier)
        entry: dict[str, Any] = dict(count=len(of_status), cases=cases)
        if status not in ("too big", "too slow"):
            entry["reasons"] = dict(Counter(o.message for o in of_status).most_common())
        apart[status] = entry
    return apart


SAMPLE_PER_GROUP = 1
"""The sample the pytest test runs: the cheapest case of each (op, path, weights dtype)."""


@dataclass
class Summary:
    sources: dict[str, int] = field(default_factory=dict)
    outcomes: list[Outcome] = field(default_factory=list)
    tt_nn_conv2d: dict[str, bool] = field(default_factory=dict)
    """By case name, whether TT-NN 0.81.1's own conv2d accepts the configuration (where the
    reference kit answered: its dev set's `ttnn_*` files)."""

    def as_json(self) -> dict[str, Any]:
        ran = [o for o in self.outcomes if o.status in ("agrees", "fails")]
        counts = Counter((o.op, o.device, o.path, o.weights_dtype, o.status) for o in self.outcomes)
        rows = [
            dict(op=op, device=device, path=path, weights_dtype=dtype, status=status, count=n)
            for (op, device, path, dtype, status), n in sorted(counts.items())
        ]
        worst = {
            dtype: worst_of([o for o in ran if o.weights_dtype == dtype])
            for dtype in sorted({o.weights_dtype for o in ran})
        }
        by_numerics = {
            f"{dtype} weights, {numerics}": worst_of(
                [o for o in ran if (o.weights_dtype, o.numerics) == (dtype, numerics)]
            )
            for dtype, numerics in sorted({(o.weights_dtype, o.numerics) for o in ran})
        }
        apart = apart_by_status(
            [o for o in self.outcomes if o.status not in ("agrees", "fails", "error")]
        )
        return dict(
            sources=self.sources,
            configurations=len(self.outcomes),
            ran=len(ran),
            statuses=dict(Counter(o.status for o in self.outcomes)),
            counts=rows,
            worst=worst,
            worst_by_numerics=by_numerics,
            failures=[
                dict(name=o.name, status=o.status, message=o.message)
                for o in self.outcomes
                if o.status in ("fails", "error")
            ],
            apart=apart,
            sample=sample(ran),
            tt_nn_conv2d=self.tt_nn_verdicts(),
            commits=dict(Counter(o.commit for o in self.outcomes)),
        )

    def tt_nn_verdicts(self) -> dict[str, int]:
        """Of the configurations TT-NN's conv2d was asked about, by this run's status, how
        many it accepts and how many it refuses (L1 out of memory and the like: it decides
        without computing)."""
        verdicts: Counter[str] = Counter()
        for outcome in self.outcomes:
            if outcome.name in self.tt_nn_conv2d:
                verdict = "accepts" if self.tt_nn_conv2d[outcome.name] else "refuses"
                verdicts[f"{outcome.status}, TT-NN's conv2d {verdict}"] += 1
        return dict(sorted(verdicts.items()))


def sample(ran: list[Outcome]) -> list[dict[str, Any]]:
    """The cheapest agreeing committed cases of each (op, path, weights dtype), with what they
    gave (the pytest test runs them again)."""
    groups: dict[tuple[str, str, str], list[Outcome]] = {}
    for outcome in ran:
        if outcome.status == "agrees" and outcome.name.split("/")[0] in committed_stems():
            key = (outcome.op, outcome.path, outcome.weights_dtype)
            groups.setdefault(key, []).append(outcome)
    chosen: list[dict[str, Any]] = []
    for key in sorted(groups):
        cheapest = sorted(groups[key], key=lambda o: (o.multiply_adds, o.name))
        chosen += [
            dict(
                name=o.name,
                op=o.op,
                path=o.path,
                weights_dtype=o.weights_dtype,
                worst_error=o.worst_error,
                error_over_bound=o.error_over_bound,
            )
            for o in cheapest[:SAMPLE_PER_GROUP]
        ]
    return chosen


def committed_stems() -> set[str]:
    return {path.stem for path in COMMITTED_ANSWERS}


def case_by_name(name: str) -> ScaleCase:
    """A committed case by its summary name (file stem/id)."""
    stem, identifier = name.split("/")
    path = next(path for path in COMMITTED_ANSWERS if path.stem == stem)
    answer = json.loads(path.read_text())[identifier]
    return ScaleCase(stem, devices_case(path), answer)


TT_NN_CONV2D_FILES = {"conv2d_": "ttnn_conv2d_", "conv1d_": "ttnn_conv1d_"}
TT_NN_CONV_TRANSPOSE2D_FILE = "ttnn_conv_transpose2d_"


def tt_nn_conv2d_verdicts(devset: Path) -> dict[str, bool]:
    """By case name, whether TT-NN's own conv2d (or conv_transpose2d) accepted it: the
    reference kit's answers for its dev set (`ttnn_<op>_<device>_<seed>.json`)."""
    verdicts: dict[str, bool] = {}
    for path in sorted(devset.glob("ttnn_*.json")):
        stem = path.stem.removeprefix("ttnn_")
        stem = stem.replace("conv_transpose2d_", "transpose_")
        for answer in json.loads(path.read_text()).values():
            verdicts[f"{stem}/{answer['id']}"] = "output_logical_shape" in answer
    return verdicts


def current_commit() -> str:
    """The repository's HEAD commit (what the run measures), "" outside a git checkout."""
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parent,
    )
    return done.stdout.strip()


class TooSlow(BaseException):
    """A case ran out of its time (SIGALRM); not an Exception, so that no handler of the
    compiler's takes it for an error of its own."""


def stop_the_case(signal_number: int, frame: object) -> None:
    raise TooSlow


def main(arguments: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devset", type=Path, help="the reference kit's dev-set folder")
    parser.add_argument("-o", "--output", type=Path, default=SUMMARY)
    parser.add_argument(
        "--part",
        default="1/1",
        help="K/N: run every N-th case from the K-th (1-based), appending each outcome to "
        "OUTPUT with the suffix .partK.jsonl (cases already there are skipped: a run resumes)",
    )
    parser.add_argument(
        "--summarize",
        type=Path,
        nargs="+",
        help="write the summary from these parts' outcomes instead of running (a case in "
        "several: the last file's outcome)",
    )
    parser.add_argument("--max-multiply-adds", type=int, default=MAX_MULTIPLY_ADDS)
    parser.add_argument("--seconds", type=int, default=SECONDS_PER_CASE)
    parser.add_argument("--only", type=Path, help="a file of case names: run only these")
    options = parser.parse_args(arguments)
    paths = list(COMMITTED_ANSWERS)
    if options.devset is not None:
        paths = sorted(options.devset.glob(DEVSET_PATTERN)) + paths
        paths = [path for path in paths if not path.name.startswith("ttnn_")]
    cases = load_cases(paths)
    sources = dict(Counter(case.source for case in cases))
    if options.summarize:
        # A case run again in a later file (with a larger budget) counts as that run.
        by_name = {
            outcome.name: outcome
            for part in options.summarize
            for outcome in (Outcome(**json.loads(line)) for line in part.read_text().splitlines())
        }
        named = {case.name: case for case in cases}
        outcomes = [classified(outcome, named[outcome.name]) for outcome in by_name.values()]
        order = {case.name: index for index, case in enumerate(cases)}
        outcomes.sort(key=lambda outcome: order[outcome.name])
        verdicts = tt_nn_conv2d_verdicts(options.devset) if options.devset else {}
        result = Summary(sources, outcomes, verdicts).as_json()
        result["seconds"] = round(sum(o.seconds for o in outcomes))
        options.output.parent.mkdir(parents=True, exist_ok=True)
        options.output.write_text(json.dumps(result, indent=1) + "\n")
        print(json.dumps(result["statuses"]), json.dumps(result["worst"], indent=1))
        return
    part, parts = (int(value) for value in options.part.split("/"))
    written = options.output.with_suffix(f".part{part}.jsonl")
    written.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if written.exists():
        done = {json.loads(line)["name"] for line in written.read_text().splitlines()}
    signal.signal(signal.SIGALRM, stop_the_case)
    commit = current_commit()
    started = time.perf_counter()
    mine = [case for case in cases[part - 1 :: parts] if case.name not in done]
    if options.only is not None:
        wanted = set(options.only.read_text().split())
        mine = [case for case in mine if case.name in wanted]
    with written.open("a") as stream:
        for index, case in enumerate(mine):
            signal.alarm(options.seconds)
            try:
                outcome = run_case(case, options.max_multiply_adds)
            except TooSlow:
                outcome = Outcome(case.name, case.op, case.device, "too slow")
                outcome.message = f"stopped after {options.seconds} s"
            except Exception as error:  # a crash is a finding: recorded, and the run goes on
                message = f"{type(error).__name__}: {error}".splitlines()[0]
                outcome = Outcome(case.name, case.op, case.device, "error", message=message)
            finally:
                signal.alarm(0)
            if outcome is None:
                continue
            outcome = classified(outcome, case)
            outcome.commit = commit
            stream.write(json.dumps(asdict(outcome)) + "\n")
            stream.flush()
            print(
                f"[{index}/{len(mine)} {time.perf_counter() - started:.0f} s] {case.name}: "
                f"{outcome.status} {outcome.path} {outcome.seconds:.2f} s "
                f"{outcome.multiply_adds:.3g} {outcome.message}",
                flush=True,
            )


if __name__ == "__main__":
    sys.exit(main())

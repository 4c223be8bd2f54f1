"""`ttnn.conv2d` and `ttnn.conv_transpose2d` at scale, values: every configuration TT-NN 0.81.1's
own conv op accepted in the committed answers (tests/data/ttnn_reference/conv2d_op/ and
conv_transpose2d_op/) that the project accepts too, run whole — the op with a host weight and
bias, as model code calls it: decomposed (prepare, reshard, fold, DRAM slices, consume), lowered
and interpreted — on seeded random values, and compared with a float64 reference conv written
here (conv_transpose2d: the conv2d of the zero-stuffed input with the block-diagonal, flipped
weight), within the tolerance of docs/semantics.md §9.9 (`runtime.conv_tolerance`).

Where tests/conv2d_scale.py consumes the weights `prepare_conv_weights` makes, this runs the ops
themselves, on the configurations TT-NN's conv accepts (their output dtype, compute config,
slice config, input memory config and layout).

Run from the repository's root (about an hour on two cores for the ~6,500 configurations),
as two parts at once, then the summary of their outcomes:

    cd tests && ../.venv/bin/python conv2d_op_scale.py --part 1/2 &   # and --part 2/2
    ../.venv/bin/python conv2d_op_scale.py --summarize data/conv2d_op_scale/summary.part*.jsonl

tests/test_conv2d_op_scale.py runs a fixed sample of the summary's cases again.

A later run (`data/conv2d_op_scale/second_run.json`) takes what the first left or what changed
since — `--only` the names, with a larger `--max-multiply-adds` — and is summarized over the
first, the answer files added since named (`--over data/conv2d_op_scale/summary.json
--not-in-it STEM ...`): its `over_the_first_run` counts both runs together, a configuration's
later outcome in place of its earlier one."""

from __future__ import annotations

import argparse
import gzip
import json
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import ml_dtypes
import numpy as np
from conv2d_op_reference_cases import FILES, TRANSPOSED_FILES, build_conv2d, load
from conv2d_scale import (
    Outcome,
    ScaleCase,
    TooSlow,
    current_commit,
    dense_transposed_weight,
    devices_case,
    judge,
    stop_the_case,
    worst_of,
)
from ttnn_reference_cases import DTYPES, output_is_empty
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv_l1_decisions import default_fp32_dest_accumulation
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.dialect.conv2d_ops import ConvConsumeOp, ConvTranspose2dOp
from ttnn_xdsl.passes.ttnn_decompose import TTNNDecompose
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime.conv_tolerance import ConvNumerics, tolerance

SUMMARY = Path(__file__).resolve().parent / "data" / "conv2d_op_scale" / "summary.json"
MAX_MULTIPLY_ADDS = 2 * 10**8
"""A conv of more multiply-adds (N·OH·OW × KH·KW·Cin/groups × Cout) is counted apart as too big."""
SECONDS_PER_CASE = 20
FIDELITY_RELATIVE = {
    "lofi": 2.0**-4 + 2.0**-6 + 2.0**-10,
    "hifi2": 2.0**-6 + 2.0**-9 + 2.0**-15,
    "hifi3": 2.0**-9 + 2.0**-10 + 2.0**-19,
    "hifi4": 0.0,
}
"""The most a product moves, relative to it, under each math fidelity as the ISA documents it
(docs/semantics.md §9.7): LoFi multiplies the weight (SrcA) cut to 5 significant bits and
the activation (SrcB) to 7 (each cut below 2⁻⁴, 2⁻⁶ of the value); HiFi2 adds the weight's
next 5 bits (a float32 weight's rest below 2⁻⁹); HiFi3 also the activation's next 4 bits,
missing only the low parts' product (below 2⁻⁴·2⁻⁶) and what is below both parts (2⁻⁹,
2⁻¹¹). HiFi4 multiplies the values as given."""
NOT_RUN = "ttnn-decompose cannot run this conv"
"""The words of the decomposition's refusal of a conv it does not compute."""
BFLOAT8_B_STEP = 2.0**-6
"""A bfloat8_b value is a multiple of 2⁻⁶ of its block's leading power of two (7 magnitude
bits under the shared exponent): rounded to one, it moves by at most 2⁻⁶ of the block's largest
magnitude (whether the packer rounds to nearest or cuts)."""
BFLOAT8_B_BLOCK = 16
"""The values sharing an exponent: a face row, 16 consecutive channels of one output pixel."""


def all_cases() -> list[ScaleCase]:
    """TT-NN's accepted answers of every committed conv2d and conv_transpose2d file."""
    cases = []
    for path in [*FILES, *TRANSPOSED_FILES]:
        stem = path.name.removesuffix(".json.gz")
        for answer in load(path):
            if "output_logical_shape" in answer:
                cases.append(ScaleCase(stem, devices_case(path), answer))
    return cases


def committed_case(name: str) -> ScaleCase:
    """A committed answer by its summary name (file stem/id)."""
    stem, identifier = name.split("/")
    path = next(path for path in [*FILES, *TRANSPOSED_FILES] if path.name == f"{stem}.json.gz")
    with gzip.open(path, "rt") as text:
        answer = json.load(text)[identifier]
    return ScaleCase(stem, devices_case(path), answer)


def numerics_of(answer: dict[str, Any]) -> ConvNumerics:
    """What the conv computes in: the input dtype, the output dtype (`dtype`, else the
    input's) and DEST (the compute config's `fp32_dest_acc_en`, else TT-NN's default)."""
    input_dtype = DTYPES[answer["input_dtype"]]
    output_dtype = DTYPES[answer["dtype"]] if "dtype" in answer else input_dtype
    compute = answer.get("compute_config")
    if compute is not None:
        fp32_dest = bool(compute["fp32_dest_acc_en"])
    else:
        weights = DTYPES[answer["conv_config"].get("weights_dtype", answer["input_dtype"])]
        fp32_dest = default_fp32_dest_accumulation(input_dtype, weights)
    return ConvNumerics(input_dtype, output_dtype, fp32_dest)


def weights_dtype_of(answer: dict[str, Any]) -> DataType:
    """The dtype TT-NN prepared the weight in (its answer's `weight_dtype`)."""
    return DataType[answer["weight_dtype"].removeprefix("DataType.")]


def padding_of(answer: dict[str, Any]) -> tuple[int, int, int, int]:
    """(top, bottom, left, right)."""
    pad = answer["pad"]
    if len(pad) == 2:
        return (pad[0], pad[0], pad[1], pad[1])
    return tuple(pad)  # type: ignore[return-value]


def transposed_as_conv2d(
    x: np.ndarray, iohw: np.ndarray, answer: dict[str, Any]
) -> tuple[np.ndarray, np.ndarray, dict[str, Any]]:
    """conv_transpose2d (PyTorch's definition, with TT-NN's `mirror_kernel`) as a conv2d: the
    input zero-stuffed by the stride and padded by dilation·(K − 1) − padding on each side (the
    padding [top, bottom, left, right] when four are given; plus output_padding at the bottom
    and right; a negative amount crops), read with the
    block-diagonal weight flipped in both kernel axes (not flipped without mirror_kernel),
    stride 1, the same dilation, one group (the weight is dense)."""
    batch, height, width, channels = x.shape
    (sh, sw), (dh, dw) = answer["stride"], answer["dilation"]
    kh, kw = answer["kernel"]
    top, bottom, left, right = padding_of(answer)
    oph, opw = answer["output_padding"]
    stuffed = np.zeros((batch, (height - 1) * sh + 1, (width - 1) * sw + 1, channels))
    stuffed[:, ::sh, ::sw] = x
    before = (dh * (kh - 1) - top, dw * (kw - 1) - left)
    after = (dh * (kh - 1) - bottom + oph, dw * (kw - 1) - right + opw)
    grown = np.pad(
        stuffed,
        (
            (0, 0),
            (max(before[0], 0), max(after[0], 0)),
            (max(before[1], 0), max(after[1], 0)),
            (0, 0),
        ),
    )
    rows = slice(max(-before[0], 0), grown.shape[1] - max(-after[0], 0))
    cols = slice(max(-before[1], 0), grown.shape[2] - max(-after[1], 0))
    weight = dense_transposed_weight(iohw, answer["groups"], answer["mirror_kernel"])
    # The weight is dense (block-diagonal across groups): one group.
    geometry = dict(stride=(1, 1), padding=(0, 0), dilation=(dh, dw), groups=1)
    return grown[:, rows, cols], weight.astype(np.float64), geometry


def activation_values(
    rng: np.random.Generator, shape: tuple[int, ...], numerics: ConvNumerics
) -> np.ndarray:
    """The seeded activation: standard normal in the input dtype's values; k/64 (|k| ≤ 127)
    where the input or the output is bfloat8_b — exact in bfloat16 and in any bfloat8_b block
    (7 magnitude bits below the block's exponent), so the input's and the act tilize's
    block roundings leave it unchanged."""
    if DataType.BFLOAT8_B in (numerics.input_dtype, numerics.output_dtype):
        return (rng.integers(-127, 128, shape) / 64).astype(np.float32)
    values = rng.standard_normal(shape).astype(np.float32)
    if numerics.input_dtype == DataType.BFLOAT16:
        return values.astype(ml_dtypes.bfloat16).astype(np.float32)
    return values


def bfloat8_b_output_rounding(magnitude: np.ndarray, k_blocks: int) -> np.ndarray:
    """The most a bfloat8_b output's roundings move each element `[1, 1, M, C]`, bounded by
    `magnitude` (Σ|a·w| + |b|, which bounds every partial sum): one step of its block's largest
    magnitude for each value written in the block format — the partials after each K block and
    the output, counted as `2·K + 3` roundings as §9.9's bound counts them."""
    pixels, channels = magnitude.shape[-2:]
    padded = np.zeros((pixels, -(-channels // BFLOAT8_B_BLOCK) * BFLOAT8_B_BLOCK))
    padded[:, :channels] = magnitude.reshape(pixels, channels)
    blocks = padded.reshape(pixels, -1, BFLOAT8_B_BLOCK).max(axis=2)
    largest = np.repeat(blocks, BFLOAT8_B_BLOCK, axis=1)[:, :channels]
    return ((2 * k_blocks + 3) * BFLOAT8_B_STEP * largest).reshape(magnitude.shape)


def k_blocks_of(module: ModuleOp) -> int:
    """The most K blocks a consume op of the decomposed module reads (each DRAM slice its own
    consume op, all of one conv alike)."""
    TTNNDecompose().apply(None, module)  # type: ignore[arg-type]
    blocks = [op.integer("k_blocks") for op in module.walk() if isinstance(op, ConvConsumeOp)]
    return max(blocks, default=1)


def run_case(case: ScaleCase, max_multiply_adds: int = MAX_MULTIPLY_ADDS) -> Outcome:
    """Build the case's op with TT-NN's output type, run it on seeded values and compare with
    the reference conv."""
    answer = case.answer
    start = time.perf_counter()
    outcome = Outcome(case.name, case.op, case.device, "agrees")
    if output_is_empty(answer):
        outcome.status = "empty output"
        return outcome
    numerics = numerics_of(answer)
    weights_dtype = weights_dtype_of(answer)
    outcome.weights_dtype = weights_dtype.value
    outcome.numerics = numerics.describe()
    compute = answer.get("compute_config") or {}
    fidelity = compute.get("math_fidelity", "HiFi4")
    if fidelity.lower() != "hifi4":
        outcome.numerics += f", {fidelity}"
    batch, height, width = answer["N"], answer["H"], answer["W"]
    channels, groups = answer["in_channels"], answer["groups"]
    kh, kw = answer["kernel"]
    pixels = int(np.prod(answer["output_logical_shape"][:-1]))
    outcome.multiply_adds = pixels * kh * kw * (channels // groups) * answer["O"]
    outcome.path = input_kind(answer)
    if outcome.multiply_adds > max_multiply_adds:
        outcome.status, outcome.message = "too big", f"{outcome.multiply_adds:.3g} multiply-adds"
        return outcome
    try:
        op = build_conv2d(answer, case.grid)
        module = op.get_toplevel_object()
        assert isinstance(module, ModuleOp)
        module.verify()
    except (TTNNError, VerifyException) as error:  # counted by the decisions' test
        outcome.status, outcome.message = "project refuses", str(error).splitlines()[0][:200]
        return outcome
    rng = np.random.default_rng(case.seed)
    weight_shape = [int(d) for d in op.operands[1].type.get_shape()]  # type: ignore[attr-defined]
    weight = rng.standard_normal(weight_shape).astype(np.float32)
    bias = (
        rng.standard_normal((1, 1, 1, answer["O"])).astype(np.float32) if answer["bias"] else None
    )
    nhwc = activation_values(rng, (batch, height, width, channels), numerics)
    input_shape = [int(d) for d in op.operands[0].type.get_shape()]  # type: ignore[attr-defined]
    inputs = [nhwc.reshape(input_shape), weight, *([bias] if bias is not None else [])]
    try:
        k_blocks = k_blocks_of(module.clone())
        (output,) = Program.load(module).run(inputs)
    except TTNNError as error:
        if NOT_RUN not in str(error):
            raise
        # A conv TT-NN runs that the project does not compute (what TT-NN's kernels would read
        # is not the conv, or is not modelled): refused with the reason, at the op.
        outcome.status, outcome.message = "not run", str(error).splitlines()[0][:300]
        return outcome
    got = output.to_numpy().astype(np.float64).reshape(1, 1, -1, answer["O"])
    x = nhwc.astype(np.float64)
    if isinstance(op, ConvTranspose2dOp):
        x, oihw, geometry = transposed_as_conv2d(x, weight.astype(np.float64), answer)
    else:
        oihw = weight.astype(np.float64)
        geometry = dict(
            stride=tuple(answer["stride"]),
            padding=padding_of(answer),
            dilation=tuple(answer["dilation"]),
            groups=groups,
        )
    reference_bias = None if bias is None else bias.astype(np.float64)
    reference = reference_conv2d(x, oihw, bias=reference_bias, **geometry)  # type: ignore[arg-type]
    # The tolerance reads the conv's geometry only.
    params = cast(Conv2dParameters, SimpleNamespace(**geometry))
    block_output = numerics.output_dtype == DataType.BFLOAT8_B
    if block_output:  # its roundings are bounded apart below
        numerics = replace(numerics, output_dtype=DataType.BFLOAT16)
    bound = tolerance(x, oihw, reference_bias, params, weights_dtype, numerics, k_blocks)
    if block_output:
        magnitude = reference_conv2d(np.abs(x), np.abs(oihw), **geometry)  # type: ignore[arg-type]
        if reference_bias is not None:
            magnitude = magnitude + np.abs(reference_bias).reshape(-1)
        bound = bound + bfloat8_b_output_rounding(magnitude * (1 + 2.0**-6), k_blocks)
    if FIDELITY_RELATIVE[fidelity.lower()]:
        magnitude = reference_conv2d(np.abs(x), np.abs(oihw), **geometry)  # type: ignore[arg-type]
        bound = bound + FIDELITY_RELATIVE[fidelity.lower()] * (1 + 2.0**-6) * magnitude
    if got.shape != reference.shape:
        outcome.status = "fails"
        outcome.message = f"output {list(got.shape)}, the reference {list(reference.shape)}"
        return outcome
    judge(outcome, got, reference, bound)
    outcome.seconds = time.perf_counter() - start
    return outcome


def sample_keys(outcome: Outcome) -> list[tuple[str, ...]]:
    """What the sample covers: each op from each input placement (`input_kind`) with each
    weights dtype, each op on each device, and each numerics (output dtype, DEST, fidelity)."""
    return [
        (outcome.op, outcome.path, outcome.weights_dtype),
        (outcome.op, outcome.device),
        (outcome.numerics,),
    ]


def sample(ran: list[Outcome]) -> list[dict[str, Any]]:
    """The cheapest agreeing case of each of `sample_keys` (the pytest test runs them again)."""
    groups: dict[tuple[str, ...], list[Outcome]] = {}
    for outcome in ran:
        if outcome.status == "agrees":
            for key in sample_keys(outcome):
                groups.setdefault(key, []).append(outcome)
    chosen = {
        min(group, key=lambda o: (o.multiply_adds, o.name)).name: group for group in groups.values()
    }
    by_name = {o.name: o for o in ran}
    return [
        dict(
            name=name,
            worst_error=by_name[name].worst_error,
            error_over_bound=by_name[name].error_over_bound,
        )
        for name in sorted(chosen)
    ]


def input_kind(answer: dict[str, Any]) -> str:
    """DRAM, L1 (interleaved) or the input shard's layout (HEIGHT, WIDTH, BLOCK)."""
    shard = answer.get("input_shard")
    return shard["kind"] if shard else answer["mem"]


def apart(outcomes: list[Outcome]) -> dict[str, Any]:
    """The configurations counted apart, by status: how many, the ids by file, and (but for
    the ones too big to run) the reasons with their counts."""
    result: dict[str, Any] = {}
    for status in sorted({o.status for o in outcomes}):
        of_status = [o for o in outcomes if o.status == status]
        cases: dict[str, list[str]] = {}
        for outcome in of_status:
            source, identifier = outcome.name.split("/")
            cases.setdefault(source, []).append(identifier)
        entry: dict[str, Any] = dict(count=len(of_status), cases=cases)
        if status != "too big":
            entry["reasons"] = dict(Counter(o.message for o in of_status).most_common())
        result[status] = entry
    return result


def first_run_statuses(first: dict[str, Any], configurations: Iterable[str]) -> dict[str, str]:
    """Each configuration's status in an earlier run's summary (`first`): the ones its `apart`
    lists by status, every other one of `configurations` (the accepted answers with an output
    that run covered) agreeing — its summary lists no failure."""
    assert not first["failures"], "a run with failures lists no per-case statuses for them"
    statuses = {
        f"{source}/{identifier}": status
        for status, entry in first["apart"].items()
        for source, identifiers in entry["cases"].items()
        for identifier in identifiers
    }
    return {name: statuses.get(name, "agrees") for name in configurations}


def over_first_run(
    first: dict[str, Any], configurations: dict[str, str], outcomes: dict[str, Outcome]
) -> dict[str, Any]:
    """The statuses of the earlier run's configurations (`configurations`: name → op) with
    this run's outcomes in place of theirs, and of this run's new ones: counts, by op."""
    ops = configurations | {name: outcome.op for name, outcome in outcomes.items()}
    statuses = first_run_statuses(first, configurations)
    if len(statuses) != first["configurations"]:
        raise ValueError(
            f"{len(statuses)} configurations, the first run had {first['configurations']}"
        )
    statuses |= {name: outcome.status for name, outcome in outcomes.items()}
    return dict(
        configurations=len(statuses),
        statuses=dict(Counter(statuses.values())),
        by_op=dict(Counter(f"{ops[name]} {status}" for name, status in statuses.items())),
    )


def summarize(
    parts: list[Path], output: Path, over: tuple[Path, dict[str, str]] | None = None
) -> dict[str, Any]:
    """The summary of the outcomes in `parts` (a later part's outcome of a configuration in
    place of an earlier one's); with `over` (an earlier run's summary and the configurations
    it covered) also the statuses of both runs together (`over_first_run`)."""
    outcomes = {
        outcome.name: outcome
        for part in parts
        for outcome in (Outcome(**json.loads(line)) for line in part.read_text().splitlines())
    }
    answers = {case.name: case.answer for case in all_cases()}
    for outcome in outcomes.values():
        outcome.path = input_kind(answers[outcome.name])
    ran = [o for o in outcomes.values() if o.status in ("agrees", "fails")]
    worst = {
        f"{dtype} weights, {numerics}": worst_of(
            [o for o in ran if (o.weights_dtype, o.numerics) == (dtype, numerics)]
        )
        for dtype, numerics in sorted({(o.weights_dtype, o.numerics) for o in ran})
    }
    result = dict(
        configurations=len(outcomes),
        ran=len(ran),
        statuses=dict(Counter(o.status for o in outcomes.values())),
        by_op=dict(Counter(f"{o.op} {o.status}" for o in outcomes.values())),
        worst_by_weights_dtype={
            dtype: worst_of([o for o in ran if o.weights_dtype == dtype])
            for dtype in sorted({o.weights_dtype for o in ran})
        },
        worst_by_numerics=worst,
        failures=[
            dict(name=o.name, status=o.status, message=o.message)
            for o in outcomes.values()
            if o.status in ("fails", "error")
        ],
        apart=apart([o for o in outcomes.values() if o.status not in ("agrees", "fails", "error")]),
        sample=sample(ran),
        commits=dict(Counter(o.commit for o in outcomes.values())),
        seconds=round(sum(o.seconds for o in outcomes.values())),
    )
    if over is not None:
        first, configurations = over
        result["over_the_first_run"] = over_first_run(
            json.loads(first.read_text()), configurations, outcomes
        )
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(result, indent=1) + "\n")
    return result


def main(arguments: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=SUMMARY)
    parser.add_argument("--part", default="1/1", help="K/N: every N-th case from the K-th")
    parser.add_argument("--summarize", type=Path, nargs="+")
    parser.add_argument("--seconds", type=int, default=SECONDS_PER_CASE)
    parser.add_argument("--only", nargs="+", help="case names (stem/id) to run")
    parser.add_argument("--max-multiply-adds", type=int, default=MAX_MULTIPLY_ADDS)
    parser.add_argument(
        "--over", type=Path, help="with --summarize: an earlier run's summary, counted together"
    )
    parser.add_argument(
        "--not-in-it",
        nargs="*",
        default=[],
        help="with --over: the answer files (stems) added since the earlier run",
    )
    options = parser.parse_args(arguments)
    if options.summarize:
        over = None
        if options.over is not None:
            added = set(options.not_in_it)
            covered = {
                case.name: case.op
                for case in all_cases()
                if case.name.split("/")[0] not in added and not output_is_empty(case.answer)
            }
            over = (options.over, covered)
        result = summarize(options.summarize, options.output, over)
        print(
            json.dumps(result["statuses"]), json.dumps(result["worst_by_weights_dtype"], indent=1)
        )
        return
    part, parts = (int(value) for value in options.part.split("/"))
    written = options.output.with_suffix(f".part{part}.jsonl")
    written.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if written.exists():
        done = {json.loads(line)["name"] for line in written.read_text().splitlines()}
    cases = [case for case in all_cases()[part - 1 :: parts] if case.name not in done]
    if options.only:
        cases = [case for case in cases if case.name in set(options.only)]
    signal.signal(signal.SIGALRM, stop_the_case)
    commit = current_commit()
    started = time.perf_counter()
    with written.open("a") as stream:
        for index, case in enumerate(cases):
            signal.alarm(options.seconds)
            case_started = time.perf_counter()
            try:
                outcome = run_case(case, options.max_multiply_adds)
            except TooSlow:
                outcome = Outcome(case.name, case.op, case.device, "too slow")
                outcome.message = f"stopped after {options.seconds} s"
            except Exception as error:  # a crash is a finding: recorded, and the run goes on
                message = f"{type(error).__name__}: {error}".splitlines()[0][:300]
                outcome = Outcome(case.name, case.op, case.device, "error", message=message)
                outcome.seconds = time.perf_counter() - case_started
            finally:
                signal.alarm(0)
            outcome.commit = commit
            stream.write(json.dumps(asdict(outcome)) + "\n")
            stream.flush()
            print(
                f"[{index}/{len(cases)} {time.perf_counter() - started:.0f} s] {case.name}: "
                f"{outcome.status} {outcome.seconds:.2f} s {outcome.message}",
                flush=True,
            )


if __name__ == "__main__":
    sys.exit(main())

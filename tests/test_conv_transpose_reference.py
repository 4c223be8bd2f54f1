"""`prepare_conv_transpose2d_weights` / `_bias` against TT-NN 0.81.1 itself, without TT-NN: its
answers and its prepared bytes, recorded once and committed in tests/data/ttnn_reference/
(README there).

- Shapes, dtypes and refusals: every case of the answers is built with the ops' Python API on
  the device's grid, with TT-NN's result type, and verified. An input in L1 (interleaved or
  already sharded) is TT-NN's L1 path, which the project models wholly: every weight and bias
  agrees — TT-NN's type accepted, TT-NN's refusal refused. An input in DRAM is TT-NN's DRAM
  path, where TT-NN decides with its model of the L1 memory (docs/semantics.md §4, §7.5): a
  case agrees or its difference is one that model explains — TT-NN's automatic shard layout
  (another choice of shard layout gives its shape), its slicing into several slices (a
  row-major input gives its shape), or a failure of its slicing (its own message).
- Bytes: each of TT-NN's 14 prepared weights and biases per device, prepared by the project
  from the same host tensors through the whole pipeline, byte for byte.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from ttnn_reference_cases import (
    DATA as REFERENCE_DATA,
)
from ttnn_reference_cases import (
    GRIDS,
    SHARD_LAYOUTS,
    answer_type,
    cases_of,
    common_properties,
    compared,
    grid_of,
    verdict,
)
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import SSAValue

from ttnn_xdsl.conv import conv_resolution, conv_transpose
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_transpose import ConvTranspose2dParameters
from ttnn_xdsl.core.enums import (
    Layout,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div
from ttnn_xdsl.dialect import (
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    build_function,
    build_module,
)
from ttnn_xdsl.dialect.prepare_ops import ConvTranspose2dPrepareOp
from ttnn_xdsl.program import run
from ttnn_xdsl.runtime import DeviceTensor

DATA = REFERENCE_DATA / "conv_transpose2d"
ANSWERS = sorted((DATA / "answers").glob("*.json"))


def build_op(case: dict[str, Any], what: str, grid: tuple[int, int]) -> ConvTranspose2dPrepareOp:
    """The op preparing the case's weight (IOHW f32) or bias, in a module on `grid`, its
    result type TT-NN's (f32 [1, 1, 1, 1] where TT-NN refused: the verifier then has to
    refuse for another reason than the type)."""
    result_type = answer_type(case, what) or TensorType(f32, [1, 1, 1, 1])
    if what == "weight":
        source = [case["in_channels"], case["O"] // case["groups"], *case["kernel"]]
        extra: dict[str, object] = dict(
            weights_format="IOHW",
            output_padding=case["output_padding"],
            has_bias=case["bias"],
            mirror_kernel=case["mirror_kernel"],
        )
        op_class: type[ConvTranspose2dPrepareOp] = PrepareConvTranspose2dWeightsOp
    else:
        source, extra, op_class = [1, 1, 1, case["O"]], {}, PrepareConvTranspose2dBiasOp
    made: list[ConvTranspose2dPrepareOp] = []

    def body(tensor: SSAValue) -> SSAValue:
        made.append(op_class(tensor, result_type=result_type, **common_properties(case), **extra))
        return made[0].result

    build_module(build_function(what, [TensorType(f32, source)], body), grid=grid)
    return made[0]


def on_dram_path(case: dict[str, Any]) -> bool:
    return case["mem"] == "DRAM" and "input_shard" not in case


# --------------------------------------------------------------------------------------------
# Shapes, dtypes and refusals
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ANSWERS, ids=[path.stem for path in ANSWERS])
def test_every_l1_case_agrees_with_tt_nn(path: Path) -> None:
    grid = grid_of(path)
    disagreements = []
    counted = 0
    for case in cases_of(path):
        if on_dram_path(case):
            continue
        for what in compared(case):
            result, message = verdict(build_op(case, what, grid), case, what)
            counted += result != "empty output"
            if result not in ("agree", "empty output"):
                disagreements.append(f"{case['id']} {what}: {result}: {message[:200]}")
    assert disagreements == []
    assert counted > 0


TT_NN_SLICING_FAILURES = (
    "Signal: Floating point exception",  # its slicing model divides by zero
    "Signal: Segmentation fault",
    "DRAM Auto slice could not find valid slice configuration",
    "exceeds the per-core output size",  # a block of the sliced output
)
"""TT-NN's failures on its DRAM path that its model of the L1 memory (its slicing) causes."""

ACTIVATION_REUSE = re.compile(
    r"Activation reuse needs act block h \((\d+)\) to be bigger than output image width in "
    r"tiles \((\d+)\)"
)


def _record(op: ConvTranspose2dPrepareOp) -> ConvTranspose2dParameters:
    params = op.conv_parameters()
    assert isinstance(params, ConvTranspose2dParameters)
    return params


@contextmanager
def automatic_shard_layout(choice: TensorMemoryLayout | None) -> Iterator[None]:
    """The resolution with TT-NN's automatic shard layout taken to be `choice` (None: the
    project's own stand-in), its caches cleared around."""
    original = conv_resolution.resolve_shard_layout

    def chosen(params: Conv2dParameters) -> TensorMemoryLayout:
        memory = params.input_memory_config
        if choice is not None and not memory.is_sharded and params.conv_config.shard_layout is None:
            return choice
        return original(params)

    def clear() -> None:
        conv_resolution.resolve_conv_weights.cache_clear()
        conv_transpose.resolve_conv_transpose2d_weights.cache_clear()
        conv_transpose.resolve_conv_transpose2d_bias.cache_clear()

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(conv_resolution, "resolve_shard_layout", chosen)
        patch.setattr(conv_transpose, "resolve_shard_layout", chosen)
        clear()
        try:
            yield
        finally:
            clear()


def _physical(params: ConvTranspose2dParameters, what: str) -> list[int] | None:
    resolve: Callable[[ConvTranspose2dParameters], conv_transpose.ConvTranspose2dPlan] = (
        conv_transpose.resolve_conv_transpose2d_weights
        if what == "weight"
        else conv_transpose.resolve_conv_transpose2d_bias
    )
    try:
        plan = resolve(params).conv
    except ConvConfigError:
        return None
    return list(plan.physical_shape if what == "weight" else plan.bias_physical_shape)


def explanation(case: dict[str, Any], what: str, grid: tuple[int, int]) -> str | None:
    """Which decision of TT-NN's L1 model explains a DRAM case's disagreement, None when none
    does: TT-NN prepared another shape that another automatic shard layout (a case without
    `shard_layout`) and/or slicing in several slices (a row-major input) reproduces, or TT-NN
    failed in its slicing."""
    params = _record(build_op(case, what, grid))
    if answer_type(case, what) is not None:
        wanted = case[f"{what}_padded_shape"]
        automatic = case["conv_config"].get("shard_layout") is None
        choices = [None, *SHARD_LAYOUTS.values()] if automatic else [None]
        for choice in choices:
            for layout in (params.input_layout, Layout.ROW_MAJOR):
                with automatic_shard_layout(choice):
                    if _physical(replace(params, input_layout=layout), what) == wanted:
                        sliced = " and several slices" if layout != params.input_layout else ""
                        return f"automatic shard layout {choice}{sliced}"
        return None
    message = (case.get("error_info") or case.get("error") or "") if what == "weight" else ""
    if any(failure in message for failure in TT_NN_SLICING_FAILURES):
        return "TT-NN's slicing failed"
    reuse = ACTIVATION_REUSE.search(message)
    if reuse is not None:
        # Its check on a slice: the slice's activation block is shorter than the whole
        # output's (the project's one slice), the output width the same.
        plan = conv_transpose.resolve_conv_transpose2d_weights(params)
        block, width = int(reuse.group(1)), int(reuse.group(2))
        if block < plan.conv.act_block_h_ntiles and width == ceil_div(
            plan.output_size[1], TILE_SIZE
        ):
            return "TT-NN's activation-reuse check on one of several slices"
    return None


DRAM_AGREEMENT_AT_LEAST = {
    "transpose_blackhole_P150_s3001": 112,  # of 135 weights and biases
    "transpose_blackhole_P150_s3003": 139,  # of 164
    "transpose_blackhole_P150_s3101": 114,  # of 131
    "transpose_edge1d_wormhole_N150": 166,  # of 170
    "transpose_examples_wormhole_N150": 12,  # of 14
    "transpose_wormhole_N150_s103": 83,  # of 98
    "transpose_wormhole_N150_s3000": 135,  # of 153
    "transpose_wormhole_N150_s3002": 135,  # of 157
    "transpose_wormhole_N150_s3100": 121,  # of 142
}
"""Weights and biases of DRAM cases that agree today: TT-NN's L1 model (semantics.md §4), when
the project gains it, can only raise these."""


@pytest.mark.parametrize("path", ANSWERS, ids=[path.stem for path in ANSWERS])
def test_every_dram_disagreement_is_a_decision_of_tt_nn_l1_model(path: Path) -> None:
    grid = grid_of(path)
    unexplained = []
    agreeing = 0
    for case in cases_of(path):
        if not on_dram_path(case):
            continue
        for what in compared(case):
            result, message = verdict(build_op(case, what, grid), case, what)
            if result == "agree":
                agreeing += 1
            elif result != "empty output" and explanation(case, what, grid) is None:
                unexplained.append(f"{case['id']} {what}: {result}: {message[:200]}")
    assert unexplained == []
    assert agreeing >= DRAM_AGREEMENT_AT_LEAST[path.stem]


def test_the_answers_cover_both_devices_every_layout_and_both_paths() -> None:
    """At least 500 drawn cases on each device side together, and every branch: each shard
    layout, sharded inputs, DRAM and L1, groups, output_padding, mirror_kernel off."""
    cases = [(path, case) for path in ANSWERS for case in cases_of(path)]
    devices = {device: 0 for device in GRIDS}
    for path, _ in cases:
        devices[next(d for d in GRIDS if d in path.name)] += 1
    assert min(devices.values()) >= 500
    seen = {
        "height": any(c["conv_config"].get("shard_layout") == "HEIGHT" for _, c in cases),
        "width": any(c["conv_config"].get("shard_layout") == "WIDTH" for _, c in cases),
        "block": any(c["conv_config"].get("shard_layout") == "BLOCK" for _, c in cases),
        "sharded input": any("input_shard" in c for _, c in cases),
        "dram": any(c["mem"] == "DRAM" for _, c in cases),
        "l1": any(c["mem"] == "L1" for _, c in cases),
        "groups": any(c["groups"] > 1 for _, c in cases),
        "output_padding": any(max(c["output_padding"]) > 0 for _, c in cases),
        "no mirror": any(not c["mirror_kernel"] for _, c in cases),
        "1D": any(c["H"] == 1 for _, c in cases),
    }
    assert all(seen.values()), seen


# --------------------------------------------------------------------------------------------
# Bytes
# --------------------------------------------------------------------------------------------

BYTE_CASES = [
    (device, case["id"])
    for device in GRIDS
    for case in json.loads((DATA / "bytes" / device / "summary.json").read_text())
]


def byte_case(device: str, name: str) -> dict[str, Any]:
    """A bytes case (its case.json) in the answers' form."""
    record = json.loads((DATA / "bytes" / device / name / "case.json").read_text())
    config: dict[str, Any] = {"weights_dtype": record["wdt"]}
    if record["shard"]:
        config["shard_layout"] = record["shard"]
    case = dict(
        id=name,
        O=record["Cout"],
        in_channels=record["Cin"],
        groups=record["groups"],
        kernel=record["kernel"],
        stride=record["stride"],
        pad=record["pad"],
        output_padding=record["op"],
        dilation=record["dil"],
        H=record["H"],
        W=record["W"],
        N=record["N"],
        mem=record["mem"],
        layout=record["layout"],
        bias=record["bias"],
        input_dtype="bfloat16",
        mirror_kernel=record["mirror"],
        conv_config=config,
    )
    if record.get("input_shard"):
        case["input_shard"] = record["input_shard"]
    for what in ("weight", "bias"):
        for key in ("logical_shape", "padded_shape", "dtype"):
            if f"{what}_{key}" in record:
                case[f"{what}_{key}"] = record[f"{what}_{key}"]
    return case


def test_the_bytes_cover_every_branch() -> None:
    kinds = set()
    for device, name in BYTE_CASES:
        case = byte_case(device, name)
        for what in compared(case):
            plan = conv_transpose.resolve_conv_transpose2d_weights(
                _record(build_op(case, what, GRIDS[device]))
            )
            kinds.add(plan.conv.layout_kind.value)
            kinds.add("dram" if plan.dram_path else "l1")
        kinds |= {f"groups {case['groups']}" if case["groups"] > 1 else "dense"}
        kinds |= {"no mirror"} if not case["mirror_kernel"] else set()
        kinds |= {case["conv_config"]["weights_dtype"], case["layout"]}
    assert kinds >= {
        "special_padding",
        "tiled",
        "block_sharded",
        "interleaved_mm",
        "dram",
        "l1",
        "groups 2",
        "groups 4",
        "groups 8",
        "no mirror",
        "bfloat8_b",
        "bfloat16",
        "float32",
        "TILE",
        "ROW_MAJOR",
    }


@pytest.mark.parametrize(("device", "name"), BYTE_CASES, ids=[f"{d}-{n}" for d, n in BYTE_CASES])
def test_prepared_bytes_are_tt_nn_s(device: str, name: str) -> None:
    folder = DATA / "bytes" / device / name
    case = byte_case(device, name)
    for what, host in (("weight", "weight_iohw_f32.npy"), ("bias", "bias_f32.npy")):
        if what not in compared(case) or not (folder / f"{what}.tensorbin").exists():
            continue
        expected = DeviceTensor.load_tensorbin(folder / f"{what}.tensorbin")
        op = build_op(case, what, GRIDS[device])
        module = op.parent_op().parent_op()  # type: ignore[union-attr]
        source = np.load(folder / host)
        (prepared,) = run(module, [source])
        assert prepared.physical_shape == expected.physical_shape
        assert prepared.dtype == expected.dtype
        assert prepared.to_bytes() == expected.to_bytes(), f"{device}/{name} {what}"
        # The whole file, header included (a bias's alignment is [32, padded width]).
        file = (folder / f"{what}.tensorbin").read_bytes()
        assert prepared.to_tensorbin() == file, f"{device}/{name} {what}.tensorbin"

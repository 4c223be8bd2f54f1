"""`prepare_conv_weights` / `prepare_conv_bias` against TT-NN 0.81.1 itself, without TT-NN: its
answers for 2,100 random convs drawn after the rules were written (conv2d and conv1d, a
Wormhole N150 and a Blackhole P150) and for probes of single rules (kernel-stride folding into
a matmul, explicit slice configs, devices opened with less L1), recorded once and committed in
tests/data/ttnn_reference/conv2d/ (README there).

Every case is built with the ops' Python API on the device's grid (and `ttnn.open_device` when
the device was opened with other sizes), with TT-NN's result type, and verified: every weight
and bias agrees — TT-NN's type accepted, TT-NN's refusal refused — whether the user gave the
shard layout or left it to TT-NN (its L1 model: auto sharding, DRAM slicing, docs/semantics.md
§8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ttnn_reference_cases import (
    DATA,
    answer_type,
    cases_of,
    common_properties,
    compared,
    grid_of,
    leaves_it_to_tt_nn,
    slice_config,
    verdict,
)
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import SSAValue

from ttnn_xdsl.dialect import (
    PrepareConvBiasOp,
    PrepareConvWeightsOp,
    build_function,
    build_module,
)
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp

ANSWERS = sorted((DATA / "conv2d" / "answers").glob("*.json"))
RANDOM_DRAWS = [path for path in ANSWERS if path.name.startswith(("conv2d_", "conv1d_"))]


def build_op(case: dict[str, Any], what: str, grid: tuple[int, int]) -> ConvPrepareOp:
    """The op preparing the case's weight (OIHW f32) or bias, in a module on `grid` opened as
    the case's device was, its result type TT-NN's (f32 [1, 1, 1, 1] where TT-NN refused)."""
    result_type = answer_type(case, what) or TensorType(f32, [1, 1, 1, 1])
    properties = common_properties(case)
    sliced = slice_config(case)
    if sliced is not None:
        properties["slice_config"] = sliced
    if what == "weight":
        source = [case["O"], case["I"], *case["kernel"]]
        extra: dict[str, object] = dict(weights_format="OIHW", has_bias=case["bias"])
        op_class: type[ConvPrepareOp] = PrepareConvWeightsOp
    else:
        source, extra, op_class = [1, 1, 1, case["O"]], {}, PrepareConvBiasOp
    made: list[ConvPrepareOp] = []

    def body(tensor: SSAValue) -> SSAValue:
        made.append(op_class(tensor, result_type=result_type, **properties, **extra))
        return made[0].result

    function = build_function(what, [TensorType(f32, source)], body)
    build_module(function, grid=grid, open_device=case.get("device_open"))
    return made[0]


@pytest.mark.parametrize("path", ANSWERS, ids=[path.stem for path in ANSWERS])
def test_every_case_agrees_with_tt_nn(path: Path) -> None:
    grid = grid_of(path)
    disagreements = []
    counted = {"explicit": 0, "auto": 0}
    for case in cases_of(path):
        kind = "auto" if leaves_it_to_tt_nn(case) else "explicit"
        for what in compared(case):
            result, message = verdict(build_op(case, what, grid), case, what)
            counted[kind] += result != "empty output"
            if result not in ("agree", "empty output"):
                disagreements.append(f"{case['id']} {what} ({kind}): {result}: {message[:240]}")
    assert disagreements == []
    assert counted["explicit"] + counted["auto"] > 0


def test_the_draws_cover_what_tt_nn_decides() -> None:
    """At least 2,000 random draws over both devices, conv2d and conv1d, with hundreds of cases
    TT-NN decides (no shard layout: auto sharding; DRAM inputs: slicing) and hundreds it
    refuses."""
    cases = [(path, case) for path in RANDOM_DRAWS for case in cases_of(path)]
    assert len(cases) >= 2000
    for prefix in ("conv2d_wormhole", "conv2d_blackhole", "conv1d_wormhole", "conv1d_blackhole"):
        assert sum(path.name.startswith(prefix) for path, _ in cases) >= 400
    assert sum(leaves_it_to_tt_nn(case) for _, case in cases) >= 250
    assert sum(case["mem"] == "DRAM" for _, case in cases) >= 500
    assert sum("weight_padded_shape" not in case for _, case in cases) >= 200
    assert sum(case["H"] == 1 for _, case in cases) >= 850  # conv1d

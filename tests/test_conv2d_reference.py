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
    compare_file,
    empty_outputs,
    leaves_it_to_tt_nn,
    slice_config,
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


COMPARED = {
    "conv1d_blackhole_P150_s5004": 683,
    "conv1d_wormhole_N150_s5003": 717,
    "conv2d_blackhole_P150_s5002": 860,
    "conv2d_wormhole_N150_s5001": 874,
    "device_opens_blackhole_P150": 278,
    "device_opens_wormhole_N150": 552,
    "fold_matmul_wormhole_N150": 66,
    "slice_configs_wormhole_N150": 267,
}
"""How many weights and biases of each file are compared (all but the empty outputs): a case
that stopped being compared fails the test."""

KNOWN_DISAGREEMENTS = {
    ("conv2d_blackhole_P150_s5002", "r0009", "weight"): "TT-NN refuses activation reuse first",
    ("conv2d_blackhole_P150_s5002", "r0016", "weight"): "TT-NN crashes (divide by zero) first",
    ("conv2d_blackhole_P150_s5002", "r0430", "weight"): "TT-NN refuses bfloat8_b on DRAM first",
    ("conv2d_wormhole_N150_s5001", "r0059", "weight"): "TT-NN refuses bfloat8_b on DRAM first",
    ("conv2d_wormhole_N150_s5001", "r0168", "weight"): "TT-NN refuses bfloat8_b on DRAM first",
    ("conv2d_wormhole_N150_s5001", "r0346", "weight"): "TT-NN refuses the output block first",
}  # fmt: skip
"""Refusals where the project names another rule than TT-NN's: both rules hold and the project
checks `reshard_if_not_optimal` on the DRAM path before the rule TT-NN meets first."""


@pytest.mark.parametrize("path", ANSWERS, ids=[path.stem for path in ANSWERS])
def test_every_case_agrees_with_tt_nn(path: Path) -> None:
    """Every weight and bias agrees — TT-NN's type accepted, TT-NN's refusal refused by TT-NN's
    rule — but the pinned disagreements; an empty output (decided apart from the project) is
    refused as empty and not compared; the number compared is pinned per file."""
    comparison = compare_file(path, build_op)
    known = {key[1:] for key in KNOWN_DISAGREEMENTS if key[0] == path.stem}
    assert set(comparison.disagreements) == known, comparison.disagreements
    assert comparison.empty == empty_outputs(path)
    assert comparison.compared == COMPARED[path.stem]


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

"""Depthwise convs (groups = in_channels) from a DRAM input against TT-NN 0.81.1 itself: its
answers for 1,023 draws over strides, 1×k / k×1 / k×k kernels, channels, batches and both
devices, recorded once (tests/data/ttnn_reference/conv2d/depthwise_dram/, README there).

TT-NN decides whether such a conv is a 1D depthwise conv (its weight laid out by the depthwise
expansion, KH·KW·act_block_h rows, instead of the grouped one, KH·KW·Cin rows) on the conv it
prepares: on the DRAM path with height slices, the first slice, whose input height is the rows
its output rows span (`conv_form.prepared_input_height`, docs/semantics.md §8.4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_conv2d_reference import build_op
from ttnn_reference_cases import DATA, cases_of, compared, grid_of, verdict

ANSWERS = sorted((DATA / "conv2d" / "depthwise_dram").glob("*.json"))
COMPARED = {"depthwise_dram_blackhole_P150.json": 454, "depthwise_dram_wormhole_N150.json": 800}
"""Weights and biases compared per file (not counting the empty outputs)."""
KNOWN = {
    "dw2905_0003": "project refuses what TT-NN prepares",
    "dw2903_0120": "project refuses for another rule than TT-NN's",
}
"""Disagreements left, neither about the depthwise rule: TT-NN slices dw2905_0003, a 1×7
depthwise conv (28×16, batch 8, Blackhole), by height and prepares the 1D depthwise weight
[1, 1, 224, 768], where the project's L1 estimate of the slices, which counts the conv as
grouped, finds no slicing that fits; dw2903_0120, a bfloat8_b 1×1 stride-2 conv folded into a
matmul from DRAM, TT-NN refuses for its bfloat8_b DRAM placeholder ("Only TILE layout is
supported for BFLOAT8_B dtype!") before the project's rule of the folded matmul on the DRAM
path."""


@pytest.mark.parametrize("path", ANSWERS, ids=[path.stem for path in ANSWERS])
def test_every_depthwise_dram_case_agrees_with_tt_nn(path: Path) -> None:
    grid = grid_of(path)
    disagreements = {}
    counted = 0
    for case in cases_of(path):
        for what in compared(case):
            result, _ = verdict(build_op(case, what, grid), case, what)
            counted += result != "empty output"
            if result not in ("agree", "empty output"):
                disagreements[case["id"]] = result
    assert disagreements == {key: value for key, value in KNOWN.items() if key in disagreements}
    assert sorted(disagreements) == sorted(
        key for key in KNOWN if any(case["id"] == key for case in cases_of(path))
    )
    assert counted == COMPARED[path.name]


def test_the_rule_decides_many_of_them() -> None:
    """Hundreds of draws from DRAM, and dozens where TT-NN's weight is a 1D depthwise one
    although the input is taller than one row (the rule of the first height slice)."""
    taller = 0
    for path in ANSWERS:
        for case in cases_of(path):
            if "weight_padded_shape" not in case or case["H"] == 1 or case["id"] in KNOWN:
                continue
            plan = build_op(case, "weight", grid_of(path)).resolve()
            taller += plan.form.depthwise_1d
    assert sum(len(cases_of(path)) for path in ANSWERS) == 1023
    assert taller >= 20

"""conv2d at scale (tests/conv2d_scale.py, its summary in tests/data/conv2d_scale/): a fixed
sample of the recorded configurations — the cheapest of each (op, path, weights dtype) —
prepared by the project's pipeline, consumed by the lowered `ttnn.conv2d_consume` and held
against the float64 reference conv on the original weight within the tolerance of
docs/semantics.md §9.9; each gives again what the full run recorded."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conv2d_scale import SUMMARY, case_by_name, classified, run_case

SUMMARIZED: dict[str, Any] = json.loads(SUMMARY.read_text())
SAMPLE: list[dict[str, Any]] = SUMMARIZED["sample"]


KNOWN_ERRORS = {
    "transpose_wormhole_N150_s103/r0078",
    "transpose_auto_shard_probes_wormhole_N150/autoshard_7001_83",
    "transpose_blackhole_P150_s3001/r0253",
    "transpose_blackhole_P150_s6001/r0195",
    "transpose_dram_probes_wormhole_N150/fuzz445",
    "transpose_slices_blackhole_P150_s6201/s0000",
    "transpose_slices_blackhole_P150_s6201/s0082",
    "transpose_slices_blackhole_P150_s6201/s0086",
    "transpose_slices_wormhole_N150_s6200/s0046",
    "transpose_wormhole_N150_s3000/r0077",
    "transpose_wormhole_N150_s3000/r0303",
    "transpose_wormhole_N150_s3002/r0171",
    "transpose_wormhole_N150_s3002/r0212",
    "transpose_wormhole_N150_s3100/r0076",
    "transpose_wormhole_N150_s3100/r0078",
    "transpose_wormhole_N150_s6000/r0317",
    "transpose_wormhole_N150_s6300/r0093",
    "transpose_wormhole_N150_s6300/r0115",
}
"""conv_transpose2d's 1×1 weights prepared on TT-NN's DRAM path whose prepared weight is wider
(in tiles) than its prepared bias: the lowering adds the bias over the weight's width, past the
bias's last tile ("memref.subview out of bounds"). A finding of the scale run, not fixed here."""


def test_the_sample_covers_every_path_op_and_weights_dtype() -> None:
    assert {entry["op"] for entry in SAMPLE} == {"conv2d", "conv1d", "conv_transpose2d"}
    paths = {"matmul", "height_sharded", "block_sharded", "width_sharded"}
    assert {entry["path"] for entry in SAMPLE} >= paths
    assert {entry["weights_dtype"] for entry in SAMPLE} == {"bf16", "bfp8_b", "f32"}
    assert 20 <= len(SAMPLE) <= 40


def test_the_full_run_measured_enough_and_agreed() -> None:
    """At least 2,000 configurations ran, over both devices and the three ops; none is beyond
    its tolerance, and the only errors are the pinned ones."""
    assert SUMMARIZED["ran"] >= 2000
    ran = [row for row in SUMMARIZED["counts"] if row["status"] in ("agrees", "fails")]
    assert {row["device"] for row in ran} == {"wormhole_N150", "blackhole_P150"}
    assert {row["op"] for row in ran} == {"conv2d", "conv1d", "conv_transpose2d"}
    assert not [failure for failure in SUMMARIZED["failures"] if failure["status"] == "fails"]
    assert {failure["name"] for failure in SUMMARIZED["failures"]} == KNOWN_ERRORS


@pytest.mark.parametrize("entry", SAMPLE, ids=[entry["name"] for entry in SAMPLE])
def test_sampled_configuration_equals_the_reference(entry: dict[str, Any]) -> None:
    outcome = run_case(case_by_name(entry["name"]))
    assert outcome is not None
    assert outcome.status == "agrees", outcome.message
    assert (outcome.op, outcome.path, outcome.weights_dtype) == (
        entry["op"],
        entry["path"],
        entry["weights_dtype"],
    )
    assert 0 < outcome.error_over_bound <= 1
    assert outcome.worst_error == pytest.approx(entry["worst_error"], rel=1e-9)


def test_a_pinned_error_still_happens() -> None:
    """One of KNOWN_ERRORS run again: the lowering still adds the bias past its last tile (when
    this fails, the finding is fixed: run the scale check again and unpin)."""
    case = case_by_name("transpose_auto_shard_probes_wormhole_N150/autoshard_7001_83")
    assert (case.answer["weight_padded_shape"][3], case.answer["bias_padded_shape"][3]) == (256, 32)
    outcome = run_case(case)
    assert outcome is not None
    assert (classified(outcome, case).status, outcome.message) == (
        "error",
        "memref.subview out of bounds: offset 0, size 8, stride 1 in a dim of 1 (memref.subview)",
    )

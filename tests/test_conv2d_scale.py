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
    assert SUMMARIZED["failures"] == []


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


def test_a_weight_wider_than_its_bias_adds_the_bias_where_it_has_columns() -> None:
    """conv_transpose2d's 1×1 weights prepared on TT-NN's DRAM path are padded wider (in tiles)
    than their bias (the 18 such cases of the run); the bias is added over its own columns, the
    rest are beyond Cout. Before the fix the lowering added it past the bias's last tile
    ("memref.subview out of bounds")."""
    case = case_by_name("transpose_auto_shard_probes_wormhole_N150/autoshard_7001_83")
    assert (case.answer["weight_padded_shape"][3], case.answer["bias_padded_shape"][3]) == (256, 32)
    outcome = run_case(case)
    assert outcome is not None
    assert classified(outcome, case).status == "agrees", outcome.message
    assert 0 < outcome.error_over_bound <= 1

"""`ttnn.conv2d` / `ttnn.conv_transpose2d` at scale, values (tests/conv2d_op_scale.py, its
summary in tests/data/conv2d_op_scale/): the full run's figures, a fixed sample of its
configurations — the cheapest of each op, device, input placement, weights dtype and numerics —
run again whole from host weights and held against the float64 reference conv within
docs/semantics.md §9.9's tolerance, and the reference itself held against the transposed conv's
definition."""

from __future__ import annotations

import json
from typing import Any

import conv2d_op_scale
import numpy as np
import pytest
from conv2d_op_scale import SUMMARY, committed_case, run_case, transposed_as_conv2d
from transposed_reference import transposed_reference

from ttnn_xdsl.conv.conv_reference import reference_conv2d

SUMMARIZED: dict[str, Any] = json.loads(SUMMARY.read_text())
SAMPLE: list[dict[str, Any]] = SUMMARIZED["sample"]
SECOND_RUN: dict[str, Any] = json.loads(SUMMARY.with_name("second_run.json").read_text())
"""The second run: convs the first counted apart as too big, the answers added since, and the
first run's convs whose preparation changed since (conv2d_op_scale.py's docstring)."""


def test_the_full_run_measured_enough_and_agreed() -> None:
    """At least 2,000 of TT-NN's accepted convs ran whole, on both devices and the three ops,
    every one within its tolerance, without an error."""
    assert SUMMARIZED["ran"] >= 2000
    ran = {key.rsplit(" ", 1)[0] for key in SUMMARIZED["by_op"] if key.endswith(" agrees")}
    assert ran == {"conv2d", "conv1d", "conv_transpose2d"}
    assert SUMMARIZED["failures"] == []
    assert "fails" not in SUMMARIZED["statuses"] and "error" not in SUMMARIZED["statuses"]


def test_the_second_run_agreed_and_counts_with_the_first() -> None:
    """The second run has no failure or error; counted together with the first (its outcomes
    in place of the first's), the configurations are the first's and the new answers', and
    more of them agree than in the first alone."""
    assert SECOND_RUN["failures"] == []
    assert "fails" not in SECOND_RUN["statuses"] and "error" not in SECOND_RUN["statuses"]
    together = SECOND_RUN["over_the_first_run"]
    assert sum(together["statuses"].values()) == together["configurations"]
    assert together["configurations"] > SUMMARIZED["configurations"]
    assert together["statuses"]["agrees"] > SUMMARIZED["statuses"]["agrees"]
    assert together["statuses"]["too big"] < SUMMARIZED["statuses"]["too big"]
    assert sum(together["by_op"].values()) == together["configurations"]


def test_the_sample_covers_devices_placements_and_weights_dtypes() -> None:
    cases = [committed_case(entry["name"]) for entry in SAMPLE]
    assert {case.device for case in cases} == {"wormhole_N150", "blackhole_P150"}
    assert {case.op for case in cases} == {"conv2d", "conv1d", "conv_transpose2d"}
    placements = {conv2d_op_scale.input_kind(case.answer) for case in cases}
    assert placements >= {"DRAM", "L1", "HEIGHT", "BLOCK", "WIDTH"}
    dtypes = {case.answer["weight_dtype"] for case in cases}
    assert dtypes == {"DataType.BFLOAT16", "DataType.BFLOAT8_B", "DataType.FLOAT32"}


@pytest.mark.parametrize("entry", SAMPLE, ids=[entry["name"] for entry in SAMPLE])
def test_sampled_configuration_equals_the_reference(entry: dict[str, Any]) -> None:
    outcome = run_case(committed_case(entry["name"]))
    assert outcome.status == "agrees", outcome.message
    assert 0 < outcome.error_over_bound <= 1
    # The same conv on the same values: BLAS may sum in another order on another machine.
    assert outcome.worst_error == pytest.approx(entry["worst_error"], rel=1e-3)


def test_a_lofi_conv_needs_the_fidelity_term_of_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """yolov10x's depthwise 3×3 runs in LoFi: within the bound with LoFi's cut operands, beyond
    the HiFi4 one (its products move by up to 2⁻⁴ + 2⁻⁶ of themselves)."""
    case = committed_case("ttnn_conv_models_blackhole_P150/yolov10x_dw_04")
    assert case.answer["compute_config"]["math_fidelity"] == "LoFi"
    assert run_case(case).status == "agrees"
    monkeypatch.setitem(conv2d_op_scale.FIDELITY_RELATIVE, "lofi", 0.0)
    assert run_case(case).status == "fails"


@pytest.mark.parametrize(
    ("stride", "padding", "output_padding", "kernel"),
    [
        ((2, 2), (1, 1), (1, 1), (3, 3)),
        ((3, 1), (0, 2), (2, 0), (4, 3)),
        ((1, 1), (0, 0), (0, 0), (1, 1)),
        ((2, 2), (3, 3), (0, 0), (2, 2)),  # padding beyond the kernel: the stuffed input cropped
    ],
)
def test_the_transposed_reference_is_the_scatter_definition(
    stride: tuple[int, int],
    padding: tuple[int, int],
    output_padding: tuple[int, int],
    kernel: tuple[int, int],
) -> None:
    """The sweep's conv_transpose2d reference (a conv2d of the zero-stuffed input) equals
    PyTorch's definition written as a scatter (tests/transposed_reference.py); without
    mirror_kernel, of the weight flipped in both kernel axes."""
    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, 5, 4, 3))
    # float32 values: the block-diagonal weight is built in float32 (the sweep's are).
    iohw = rng.standard_normal((3, 6, *kernel)).astype(np.float32).astype(np.float64)
    answer = dict(
        stride=list(stride),
        dilation=[1, 1],
        kernel=list(kernel),
        pad=list(padding),
        output_padding=list(output_padding),
        groups=1,
        mirror_kernel=True,
    )
    expected = transposed_reference(x, iohw, stride, padding, output_padding)
    stuffed, oihw, geometry = transposed_as_conv2d(x, iohw, answer)
    got = reference_conv2d(stuffed, oihw, **geometry)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)
    answer["mirror_kernel"] = False
    stuffed, oihw, geometry = transposed_as_conv2d(x, iohw[:, :, ::-1, ::-1], answer)
    np.testing.assert_allclose(reference_conv2d(stuffed, oihw, **geometry), expected, atol=1e-12)

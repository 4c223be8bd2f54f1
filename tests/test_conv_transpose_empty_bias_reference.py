"""conv_transpose2d biases whose output is empty without output_padding (the bias's
preparation takes none) against TT-NN 0.81.1 itself: 180 draws on its mock Wormhole N150
(tests/data/ttnn_reference/conv_transpose2d/empty_bias/, README there), 158 of them with such
an output. TT-NN prepares those biases from an L1 input with a shard layout (given, or the
input's own sharding), as the bias of the conv with one output row or column; it dies
auto-sharding the empty conv of an interleaved L1 input without one; from DRAM it dies, hangs
or prepares (docs/semantics.md §7.5: the project refuses them all)."""

from __future__ import annotations

from test_conv_transpose_reference import build_op
from ttnn_reference_cases import DATA, answer_type, cases_of, grid_of
from xdsl.utils.exceptions import VerifyException

PATH = DATA / "conv_transpose2d" / "empty_bias" / "transpose_empty_bias_wormhole_N150.json"
DRAM_PREPARED = {
    "tb2910_0012", "tb2910_0021", "tb2910_0097", "tb2910_0104", "tb2910_0108", "tb2910_0114",
    "tb2910_0115", "tc2911_0018", "tc2911_0038", "tc2911_0042", "tc2911_0058",
}  # fmt: skip
"""The DRAM biases TT-NN prepared with wrapped sizes (BLOCK and WIDTH; 43 others died
or hung), which the project refuses with that reason."""


def empty_without_output_padding(case: dict[str, object]) -> bool:
    """The transposed output without output_padding, computed here: (I − 1)·s − 2p + (k − 1) + 1
    (dilation 1, symmetric padding in these draws) below 1 on either axis."""
    (pad_h, pad_w), (kernel_h, kernel_w) = case["pad"], case["kernel"]  # type: ignore[misc]
    (stride_h, stride_w) = case["stride"]  # type: ignore[misc]
    height = (case["H"] - 1) * stride_h - 2 * pad_h + kernel_h  # type: ignore[operator]
    width = (case["W"] - 1) * stride_w - 2 * pad_w + kernel_w  # type: ignore[operator]
    return height < 1 or width < 1


def project_accepts(case: dict[str, object], what: str) -> tuple[bool, str]:
    """Whether the project's op, written with TT-NN's result type, verifies (and why not)."""
    try:
        build_op(case, what, grid_of(PATH)).verify()
    except VerifyException as error:
        return False, str(error)
    return True, ""


def test_every_weight_and_bias_agrees_but_the_dram_ones_tt_nn_prepared() -> None:
    cases = cases_of(PATH)
    assert len(cases) == 180
    assert sum(empty_without_output_padding(case) for case in cases) == 158
    disagreements = []
    refused_as_tt_nn_prepared = set()
    for case in cases:
        accepted, _ = project_accepts(case, "weight")
        if not accepted:  # every weight is prepared: its output_padding makes it non-empty
            disagreements.append(f"{case['id']} weight")
        if case.get("bias_error") == "skipped":  # TT-NN hung: no answer
            continue
        accepted, message = project_accepts(case, "bias")
        if answer_type(case, "bias") is None:
            if accepted:
                disagreements.append(f"{case['id']} bias: accepted where TT-NN refused")
        elif not accepted:
            assert "output image is empty without output_padding" in message
            assert "from DRAM its conv2d DRAM path" in message
            refused_as_tt_nn_prepared.add(case["id"])
    assert disagreements == []
    assert refused_as_tt_nn_prepared == DRAM_PREPARED


def test_what_tt_nn_did_with_those_biases() -> None:
    """The draws' answers, as the rule reads them: prepared from L1 with a shard layout, died
    from L1 without one, died, hung or prepared from DRAM (bfloat8_b from DRAM refused)."""
    outcomes: dict[str, int] = {}
    for case in cases_of(PATH):
        if not empty_without_output_padding(case):
            continue
        error = str(case.get("bias_error", ""))
        outcome = (
            "prepared"
            if "bias_padded_shape" in case
            else "hung"
            if error == "skipped"
            else "died"
            if "process died" in error
            else "refused"
        )
        sharded = bool(case["conv_config"].get("shard_layout") or case.get("input_shard"))
        where = "DRAM" if case["mem"] == "DRAM" else ("L1 sharded" if sharded else "L1 auto")
        key = f"{where} {outcome}"
        outcomes[key] = outcomes.get(key, 0) + 1
    assert outcomes == {
        "L1 sharded prepared": 71,
        "L1 auto died": 29,
        "DRAM prepared": 11,
        "DRAM died": 36,
        "DRAM hung": 7,
        "DRAM refused": 4,
    }

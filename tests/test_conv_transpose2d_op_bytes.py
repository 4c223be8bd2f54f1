"""The weight and bias TT-NN 0.81.1's own `conv_transpose2d` prepares
(`return_weights_and_bias`), byte for byte, against what the project's
`ttnn_xdsl.ttnn.conv_transpose2d` returns from the same host tensors.

The files in `data/ttnn_reference/conv_transpose2d_op/bytes/<device>/<case>/` were captured from
TT-NN itself (`capture/capture_bytes.py --conv-transpose2d`, its README): the host IOHW weight
and bias it was given (`weight_iohw_f32.npy`, `bias_f32.npy`), the tensors its
conv_transpose2d moved to the device as the weight and bias it returned (`weight.tensorbin`,
`bias.tensorbin`), and the case (`case.json`: the answers file it comes from, TT-NN's shapes and
every tensor moved). All run from DRAM: bfloat8_b weights with a bias (the bias the project
prepared as bfloat16 then typecast, rounding it twice, differed in 1 to 201 bytes: s3002 r0108,
transpose_e0288, s6200 s0135 on Wormhole, s6201 s0100 on Blackhole), s3000 r0179 and s3003
r0081 (one input channel, a 1×1 kernel: the weight has the bias's shape, told apart by its
values), and a few bfloat16 ones.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from captured_conv_bytes import answer_of, captured_case, captured_cases
from ttnn_reference_cases import output_is_empty

import ttnn_xdsl.ttnn as ttnn

DATA = Path(__file__).resolve().parent / "data" / "ttnn_reference"
ANSWERS = DATA / "conv_transpose2d_op"
BYTES = ANSWERS / "bytes"
sys.path.insert(0, str(DATA / "capture"))
from conv2d_call import returned_weight_and_bias  # noqa: E402

CASES = captured_cases(BYTES)


def test_the_sample_covers_the_paths() -> None:
    """Both devices; bfloat8_b and bfloat16 weights from DRAM, with a bias, sliced and not;
    a weight told apart from the bias by its values."""
    cases = [captured_case(BYTES, device, name) for device, name in CASES]
    kinds = {(case["device"], case["conv_config"]["weights_dtype"]) for case in cases}
    assert kinds == {
        (device, dtype)
        for device in ("wormhole_N150", "blackhole_P150")
        for dtype in ("bfloat8_b", "bfloat16")
    }
    assert {case["mem"] for case in cases} == {"DRAM"}
    assert not any(case.get("input_shard") for case in cases)
    assert {case["op"] for case in cases} == {"conv_transpose2d"}
    assert {case["captured_from"] for case in cases} == {"conv_transpose2d"}
    assert all(case["bias"] for case in cases)
    assert {bool(case.get("slice_config")) for case in cases} == {True, False}
    told_apart = [case["id"] for case in cases if case.get("told_apart_by_values")]
    assert sorted(told_apart) == ["s3000_r0179", "s3003_r0081"]


@pytest.mark.parametrize(("device", "name"), CASES)
def test_the_capture_is_the_answered_conv(device: str, name: str) -> None:
    """The captured run is the transposed conv TT-NN answered: every field of the answer's
    case (its `output_padding` too) is the capture's, its weight's and bias's shapes and dtype
    are the answer's, and the files hold them."""
    case = captured_case(BYTES, device, name)
    answer = answer_of(ANSWERS, case)
    assert case["device"] == device and device in case["answers"]
    answered = {
        key: value
        for key, value in answer.items()
        if not key.startswith(("output_", "weight_", "bias_", "error", "seconds"))
        or key == "output_padding"
    }
    assert {key: case[key] for key in answered} == answered | {"id": case["id"]}
    folder = BYTES / device / name
    assert sorted(path.stem for path in folder.glob("*.tensorbin")) == ["bias", "weight"]
    for what in ("weight", "bias"):
        for field in ("logical_shape", "padded_shape", "dtype"):
            assert case[f"{what}_{field}"] == answer[f"{what}_{field}"], f"{what}_{field}"
        file = ttnn.load_tensor(folder / f"{what}.tensorbin")
        assert list(file.padded_shape) == answer[f"{what}_padded_shape"]
        assert str(file.dtype) == answer[f"{what}_dtype"]


def test_a_told_apart_weight_holds_the_weight_s_values() -> None:
    """Where the weight has the bias's shape ([1, 1, 1, O]: one input channel, a 1×1 kernel),
    the capture kept as the weight the tensor holding the host weight's values, each within a
    bfloat8_b step of it (and the bias the bias's): the two host tensors are far apart."""
    folder = BYTES / "wormhole_N150" / "s3000_r0179"
    for what, host in (
        ("weight", np.load(folder / "weight_iohw_f32.npy")),
        ("bias", np.load(folder / "bias_f32.npy")),
    ):
        captured = ttnn.load_tensor(folder / f"{what}.tensorbin").value.to_numpy()
        values, expected = captured.ravel(), host.ravel()
        assert values.shape == expected.shape == (24,)
        # bfloat8_b keeps 7 mantissa bits against the tile row's largest exponent.
        step = 2.0 ** (np.floor(np.log2(np.abs(expected).max())) - 6)
        assert np.abs(values - expected).max() <= step


def test_an_answer_without_output_padding_is_sized_as_a_transposed_conv() -> None:
    """The op's answers may leave `output_padding` out (the kit passes (0, 0)): such a case is
    still sized as a conv_transpose2d, (H − 1)·s − 2p + d(k − 1) + 1, not as a conv2d. A 1×3
    input under a 3×3 kernel: the conv2d would have (1 − 3)/1 + 1 = −1 rows, the transposed
    conv has 0 + 2 + 1 = 3 (and 5 columns)."""
    case = dict(op="conv_transpose2d", H=1, W=3, kernel=[3, 3], stride=[1, 1], pad=[0, 0])
    case["dilation"] = [1, 1]
    assert not output_is_empty(case)
    assert output_is_empty({key: value for key, value in case.items() if key != "op"})
    case["pad"] = [2, 0]  # (1 − 1)·1 − 4 + 2 + 1 = −1 rows
    assert output_is_empty(case)


@pytest.mark.parametrize(("device", "name"), CASES)
def test_conv_transpose2d_returns_tt_nn_s_bytes(
    device: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The project's `ttnn.conv_transpose2d`, called as TT-NN's was (conv2d_call.py) on the same
    host tensors, returns the weight and bias TT-NN moved to the device: the whole `.tensorbin`
    file, header and every tile's bytes."""
    case = captured_case(BYTES, device, name)
    folder = BYTES / device / name
    monkeypatch.setenv("TTNN_XDSL_DEVICE", device.lower())
    weight = np.load(folder / "weight_iohw_f32.npy")
    bias = np.load(folder / "bias_f32.npy")
    returned_weight, returned_bias = returned_weight_and_bias(ttnn, case, weight, bias)
    assert returned_weight.value.to_tensorbin() == (folder / "weight.tensorbin").read_bytes()
    assert returned_bias.value.to_tensorbin() == (folder / "bias.tensorbin").read_bytes()

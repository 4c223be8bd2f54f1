"""The weight and bias TT-NN 0.81.1's own `conv2d` prepares (`return_weights_and_bias`),
byte for byte, against what the project's `ttnn_xdsl.ttnn.conv2d` returns from the same host
tensors.

The files in `data/ttnn_reference/conv2d_op/bytes/<device>/<case>/` were captured from TT-NN
itself (`capture/capture_bytes.py --conv2d`, its README): the host weight and bias it was given
(`weight_oihw_f32.npy`, `bias_f32.npy`), the tensors its conv2d moved to the device as the
weight and bias it returned (`weight.tensorbin`, `bias.tensorbin`), and the case
(`case.json`: the answers file it comes from, TT-NN's shapes and every tensor moved). Most run
from DRAM with bfloat8_b weights (conv2d_DRAM's path, where `prepare_conv_weights` refuses
bfloat8_b): s5001 r0316, s9203 r0041 (laid out for the slices' own plan), s9101 w0020,
s6001 w0249, l1_l0217_dram (a bfloat16 prepare op then a typecast rounded their values twice),
efficientnetb0_dw_06 and unet_12 (L1Full from DRAM: the bias's prepare op refused them), and a
few bfloat16 ones. (An L1 conv's capture equals `prepare_conv_weights`' committed bytes in
`../conv2d/bytes/`: the capture's README.)
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from captured_conv_bytes import answer_of, captured_case, captured_cases

import ttnn_xdsl.ttnn as ttnn

DATA = Path(__file__).resolve().parent / "data" / "ttnn_reference"
ANSWERS = DATA / "conv2d_op"
BYTES = ANSWERS / "bytes"
sys.path.insert(0, str(DATA / "capture"))
from conv2d_call import returned_weight_and_bias  # noqa: E402

CASES = captured_cases(BYTES)


def test_the_sample_covers_the_paths() -> None:
    """Both devices; bfloat8_b and bfloat16 weights from DRAM, an L1Full slice config from
    DRAM; with and without a bias."""
    cases = [captured_case(BYTES, device, name) for device, name in CASES]
    kinds = {(case["device"], case["mem"], case["conv_config"]["weights_dtype"]) for case in cases}
    assert kinds >= {
        (device, memory, dtype)
        for device in ("wormhole_N150", "blackhole_P150")
        for memory, dtype in (("DRAM", "bfloat8_b"), ("DRAM", "bfloat16"))
    }
    assert {case["mem"] for case in cases} == {"DRAM"}
    assert any((case.get("slice_config") or {}).get("type") == "L1Full" for case in cases)
    assert {case["bias"] for case in cases} == {True, False}


@pytest.mark.parametrize(("device", "name"), CASES)
def test_the_capture_is_the_answered_conv(device: str, name: str) -> None:
    """The captured run is the conv TT-NN answered: its weight's and bias's shapes and dtype
    are the committed answer's, and the files hold them."""
    case = captured_case(BYTES, device, name)
    answer = answer_of(ANSWERS, case)
    assert case["device"] == device and device in case["answers"]
    whats = ["weight", "bias"] if case["bias"] else ["weight"]
    folder = BYTES / device / name
    assert sorted(path.stem for path in folder.glob("*.tensorbin")) == sorted(whats)
    for what in whats:
        for field in ("logical_shape", "padded_shape", "dtype"):
            assert case[f"{what}_{field}"] == answer[f"{what}_{field}"], f"{what}_{field}"
        file = ttnn.load_tensor(folder / f"{what}.tensorbin")
        assert list(file.padded_shape) == answer[f"{what}_padded_shape"]
        assert str(file.dtype) == answer[f"{what}_dtype"]


@pytest.mark.parametrize(("device", "name"), CASES)
def test_conv2d_returns_tt_nn_s_bytes(
    device: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The project's `ttnn.conv2d`, called as TT-NN's was (conv2d_call.py) on the same host
    tensors, returns the weight and bias TT-NN moved to the device: the whole `.tensorbin`
    file, header and every tile's bytes."""
    case = captured_case(BYTES, device, name)
    folder = BYTES / device / name
    monkeypatch.setenv("TTNN_XDSL_DEVICE", device.lower())
    weight = np.load(folder / "weight_oihw_f32.npy")
    bias = np.load(folder / "bias_f32.npy") if case["bias"] else None
    returned_weight, returned_bias = returned_weight_and_bias(ttnn, case, weight, bias)
    assert returned_weight.value.to_tensorbin() == (folder / "weight.tensorbin").read_bytes()
    if bias is None:
        assert returned_bias is None
    else:
        assert returned_bias.value.to_tensorbin() == (folder / "bias.tensorbin").read_bytes()

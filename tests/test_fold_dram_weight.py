"""The weight TT-NN 0.81.1's conv2d prepares for a kernel-stride folded conv it runs from DRAM,
and whether its kernels compute the conv with it.

conv2d's DRAM path folds the input itself and runs the folded conv on its L1 path, whose
stride, 1×1, is the one the weight is folded by: the weight is laid out unfolded, for the
folded conv's cores and blocks (`Conv2dParameters.unfolded_weight`). The files in
`data/ttnn_reference/conv2d_op/fold_bytes/` were captured from TT-NN's own conv2d
(`capture/capture_bytes.py --conv2d` on the folder's `cases.json`): a BLOCK weight of more than
one input-channel core is [core][kh][kw][channel of the core], not the folded conv's
[kh][kw][channel]; a HEIGHT one pads the channels within each tap. Where that is not the folded
conv's weight the kernels multiply the folded activation (channel (i·sW + j)·C + c) by other
weight rows: the project does not run such a conv (semantics.md §9)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from test_conv2d_reference import build_op
from ttnn_reference_cases import GRIDS
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import SSAValue

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.conv.conv2d_decisions import resolve_conv2d
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.dialect.builders import build_function, build_module
from ttnn_xdsl.dialect.conv2d_ops import prepared_weight_type
from ttnn_xdsl.passes.ttnn_decompose import typecast_to, weight_chain
from ttnn_xdsl.program import run
from ttnn_xdsl.runtime import DeviceTensor

DATA = Path(__file__).resolve().parent / "data" / "ttnn_reference"
DEVICE = "wormhole_N150"
FOLD_BYTES = DATA / "conv2d_op" / "fold_bytes" / DEVICE
sys.path.insert(0, str(DATA / "capture"))
from conv2d_call import returned_weight_and_bias  # noqa: E402

CASES = sorted(path.parent.name for path in FOLD_BYTES.glob("*/case.json"))
RUNS = {"b_dram_64_o32_2x2s2"}
"""The captured convs whose unfolded weight is the folded conv's matrix: a BLOCK conv of one
input-channel core whose kernel equals its stride."""
NOT_RUN = {
    "f_dram_64_2x2s2": (
        "TT-NN 0.81.1's conv2d folds this conv by its stride 2×2 on its DRAM path but prepares "
        "its weight unfolded (block_sharded layout, 2 input-channel cores): W[:, 32, 0, 0] in "
        "row 128, where the folded weight has it in row 32, which its kernels read for the "
        "folded conv's (from TT-NN's prepared bytes and its code, not run on a device): it "
        "computes another conv"
    ),
    "b_dram_64_1x2s12": (
        "TT-NN 0.81.1's conv2d folds this conv by its stride 1×2 on its DRAM path but prepares "
        "its weight unfolded (block_sharded layout, 2 input-channel cores): W[:, 32, 0, 0] in "
        "row 64, where the folded weight has it in row 32, which its kernels read for the "
        "folded conv's (from TT-NN's prepared bytes and its code, not run on a device): it "
        "computes another conv"
    ),
    "h_dram_31_1x2s12": (
        "TT-NN 0.81.1's conv2d folds this conv by its stride 1×2 on its DRAM path but prepares "
        "its weight unfolded (special_padding layout, 1 input-channel cores): W[:, 0, 0, 1] in "
        "row 32, where the folded weight has it in row 31, which its kernels read for the "
        "folded conv's (from TT-NN's prepared bytes and its code, not run on a device): it "
        "computes another conv"
    ),
}


def captured_case(name: str) -> dict[str, Any]:
    case: dict[str, Any] = json.loads((FOLD_BYTES / name / "case.json").read_text())
    return case


def captured_matrix(name: str) -> np.ndarray:
    """TT-NN's prepared weight as its physical [rows, cols] matrix of float32 values."""
    tensor = DeviceTensor.load_tensorbin(FOLD_BYTES / name / "weight.tensorbin")
    matrix = np.asarray(tensor.physical_to_numpy(), dtype=np.float32)
    return matrix.reshape(matrix.shape[-2], matrix.shape[-1])


def host_weight(name: str) -> np.ndarray:
    weight: np.ndarray = np.load(FOLD_BYTES / name / "weight_oihw_f32.npy")
    return weight


def conv2d_preparation_of(name: str) -> DeviceTensor:
    """The weight the project's decision of TT-NN's conv2d lays out (the decomposition's layout
    ops on the decision's plan, typecast to the prepared dtype), run on the host weight."""
    case = captured_case(name)
    params = build_op(case, "weight", GRIDS[DEVICE]).conv_parameters()
    assert isinstance(params, Conv2dParameters)
    decision = resolve_conv2d(params)
    weight = host_weight(name)

    def body(value: SSAValue) -> SSAValue:
        chain = weight_chain(decision.plan, value)
        typecast = typecast_to(chain[-1].results[0], prepared_weight_type(decision))
        return (typecast or chain)[-1].results[0]

    function = build_function("weight", [TensorType(f32, list(weight.shape))], body)
    (prepared,) = run(build_module(function, grid=GRIDS[DEVICE]), [weight])
    assert isinstance(prepared, DeviceTensor)
    return prepared


def test_the_captures_cover_the_cases() -> None:
    """The captured convs: each folded from DRAM, its weight bfloat16; the ones run and the
    ones not run are all of them."""
    assert set(CASES) == RUNS | set(NOT_RUN)
    for name in CASES:
        case = captured_case(name)
        assert case["mem"] == "DRAM" and case["conv_config"]["enable_kernel_stride_folding"]
        assert case["captured_from"] == "conv2d" and case["device"] == DEVICE
        assert case["weight_dtype"] == "DataType.BFLOAT16"


@pytest.mark.parametrize("name", CASES)
def test_conv2d_prepares_tt_nn_s_bytes(name: str) -> None:
    """The weight the project's conv2d decision prepares is TT-NN's file, byte for byte."""
    prepared = conv2d_preparation_of(name)
    assert prepared.to_tensorbin() == (FOLD_BYTES / name / "weight.tensorbin").read_bytes()


def test_tt_nn_s_block_weight_is_unfolded_per_channel_core() -> None:
    """Written out apart from the project: TT-NN's BLOCK weight of 2 channel cores (64
    channels, 2×2 kernel of stride 2) holds W[o, core·32 + c, kh, kw] at row core·128 +
    (kh·2 + kw)·32 + c — not the folded conv's row (kh·2 + kw)·64 + core·32 + c."""
    matrix = captured_matrix("f_dram_64_2x2s2")
    weight = host_weight("f_dram_64_2x2s2").astype(ml_dtypes.bfloat16).astype(np.float32)
    out_channels, channels, kernel_height, kernel_width = weight.shape
    cores, per_core = 2, channels // 2
    # [O, C, KH, KW] → [core, KH, KW, channel of the core, O]
    per_core_rows = weight.reshape(out_channels, cores, per_core, kernel_height, kernel_width)
    expected = per_core_rows.transpose(1, 3, 4, 2, 0).reshape(-1, out_channels)
    assert matrix.shape == (256, 64)
    np.testing.assert_array_equal(matrix, expected)
    folded_order = weight.transpose(2, 3, 1, 0).reshape(-1, out_channels)
    assert not np.array_equal(matrix, folded_order)


def test_tt_nn_s_height_weight_pads_each_tap() -> None:
    """Written out apart from the project: TT-NN's HEIGHT weight of a 1×2 kernel of stride
    1×2 on 31 channels holds tap kw's channels at rows kw·32 + c (each tap padded to 32), where
    the folded activation holds them at lanes kw·31 + c."""
    matrix = captured_matrix("h_dram_31_1x2s12")
    weight = host_weight("h_dram_31_1x2s12").astype(ml_dtypes.bfloat16).astype(np.float32)
    out_channels, channels = weight.shape[:2]
    expected = np.zeros((64, 32), np.float32)
    for tap in range(2):
        expected[tap * 32 : tap * 32 + channels, :out_channels] = weight[:, :, 0, tap].T
    np.testing.assert_array_equal(matrix, expected)


@pytest.mark.parametrize("name", sorted(NOT_RUN))
def test_conv2d_does_not_run_a_misread_unfolded_weight(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The project's ttnn.conv2d does not run a folded conv whose unfolded weight the kernels
    read as another matrix: one line naming the first misplaced element."""
    with pytest.raises(NotImplementedError) as raised:
        call_conv2d(name, monkeypatch)
    assert str(raised.value) == (
        "ttnn_xdsl.ttnn.conv2d does not cover this call: ttnn-decompose cannot run this conv: "
        + NOT_RUN[name]
    )


@pytest.mark.parametrize("name", sorted(RUNS))
def test_conv2d_runs_an_unfolded_weight_that_is_the_folded_one(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A BLOCK conv of one channel core, kernel equal to its stride: the unfolded weight is
    the folded conv's matrix, so conv2d runs and returns TT-NN's bytes."""
    returned_weight = call_conv2d(name, monkeypatch)
    assert returned_weight.value.to_tensorbin() == (
        (FOLD_BYTES / name / "weight.tensorbin").read_bytes()
    )


def call_conv2d(name: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The project's ttnn.conv2d called as TT-NN's was (conv2d_call.py); its returned weight."""
    monkeypatch.setenv("TTNN_XDSL_DEVICE", DEVICE.lower())
    case = captured_case(name)
    returned_weight, _ = returned_weight_and_bias(ttnn, case, host_weight(name), None)
    return returned_weight

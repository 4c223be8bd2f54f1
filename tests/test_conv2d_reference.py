"""`prepare_conv_weights` / `prepare_conv_bias` against TT-NN 0.81.1 itself, without TT-NN: its
answers for 2,100 random convs drawn after the rules were written (conv2d and conv1d, a
Wormhole N150 and a Blackhole P150) and for probes of single rules (kernel-stride folding into
a matmul, explicit slice configs, devices opened with less L1), recorded once and committed in
tests/data/ttnn_reference/conv2d/ (README there).

Every case is built with the ops' Python API on the device's grid (and `ttnn.open_device` when
the device was opened with other sizes), with TT-NN's result type, and verified: every weight
and bias agrees — TT-NN's type accepted, TT-NN's refusal refused — whether the user gave the
shard layout or left it to TT-NN (its L1 model: auto sharding, DRAM slicing, docs/semantics.md
§8).

The bytes: each of TT-NN's prepared weights and biases in `bytes/`, prepared by the project from
the same host tensors through the whole pipeline, compared as whole `.tensorbin` files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from ttnn_reference_cases import (
    DATA,
    GRIDS,
    answer_type,
    cases_of,
    common_properties,
    compare_file,
    compared,
    empty_outputs,
    leaves_it_to_tt_nn,
    slice_config,
)
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import SSAValue

from ttnn_xdsl.conv import resolve_conv_weights
from ttnn_xdsl.conv.conv_form import runs_from_dram
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.dialect import (
    PrepareConvBiasOp,
    PrepareConvWeightsOp,
    build_function,
    build_module,
)
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp
from ttnn_xdsl.program import run
from ttnn_xdsl.runtime import DeviceTensor

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
    "output_core_grid_wormhole_N150": 40,
    "slice_configs_wormhole_N150": 267,
}
"""How many weights and biases of each file are compared (all but the empty outputs): a case
that stopped being compared fails the test."""

KNOWN_DISAGREEMENTS: dict[tuple[str, str, str], str] = {}
"""Weights and biases where the project disagrees with TT-NN, by (file, id, weight|bias) with
the reason: none. (Six refusals named another rule than TT-NN's until the DRAM path's
`reshard_if_not_optimal` check moved after the slice search, where TT-NN meets it.)"""


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


# --------------------------------------------------------------------------------------------
# Bytes
# --------------------------------------------------------------------------------------------

BYTES = DATA / "conv2d" / "bytes"
BYTE_CASES = [
    (device, case["id"])
    for device in GRIDS
    for case in json.loads((BYTES / device / "summary.json").read_text())
]


SLICED_HEIGHT_PITCH = {
    ("wormhole_N150", "al2_c4_bfloat16_k1x7_tile"): 8,
    ("wormhole_N150", "al3_c40_height_dram_height2_tile"): 40,
    ("blackhole_P150", "c2d_r0004"): 8,
}
"""Weights of a HEIGHT-sharded conv on a TILE input that TT-NN cuts into more than one DRAM
height slice, with the channel pitch TT-NN uses: within each kernel row (KW·round_up(C, 32)
rows), the kernel positions at the pitch of the slice's shard width (the channels rounded up to
8), not round_up(C, 32) (conv_l1_decisions.height_slice_weight_alignment). The project's bytes
differed here until that rule; probes (3 to 96 channels, 1 to 8 slices, width slices,
ROW_MAJOR inputs) found no other difference."""


def byte_case(device: str, name: str) -> dict[str, Any]:
    """A bytes case: its case.json, in the answers' form."""
    case: dict[str, Any] = json.loads((BYTES / device / name / "case.json").read_text())
    return case


def _parameters(op: ConvPrepareOp) -> Conv2dParameters:
    params = op.conv_parameters()
    assert isinstance(params, Conv2dParameters)
    return params


def test_the_bytes_cover_every_branch() -> None:
    """Each device's every final layout helper and L1 and DRAM inputs, conv2d and conv1d,
    grouped and depthwise weights, every weights dtype, both input layouts, and the
    non-square kernels (2×3, 1×3, 3×1) under each shard layout."""
    kinds: set[str] = set()
    for device, name in BYTE_CASES:
        case = byte_case(device, name)
        params = _parameters(build_op(case, "weight", GRIDS[device]))
        plan = resolve_conv_weights(params)
        path = "dram" if runs_from_dram(params) else "l1"
        kinds |= {plan.layout.kind.value, path, f"{device} {plan.layout.kind.value}"}
        kinds |= {f"{device} {path}"}
        kinds |= {"conv1d" if case["H"] == 1 else "conv2d", case["layout"]}
        kinds |= {case["conv_config"]["weights_dtype"]}
        if case["groups"] > 1:
            kinds.add("depthwise" if case["groups"] == case["in_channels"] else "grouped")
        if case["kernel"] in ([2, 3], [1, 3], [3, 1]):
            kinds.add(f"{case['kernel']} {plan.layout.kind.value}")
    assert kinds >= {
        *(
            f"{device} {kind}"
            for device in GRIDS
            for kind in (
                "special_padding",
                "tiled",
                "block_sharded",
                "interleaved_mm",
                "dram",
                "l1",
            )
        ),
        "conv2d",
        "conv1d",
        "special_padding",
        "tiled",
        "block_sharded",
        "interleaved_mm",
        "dram",
        "l1",
        "grouped",
        "depthwise",
        "bfloat16",
        "bfloat8_b",
        "float32",
        "TILE",
        "ROW_MAJOR",
        *(
            f"{kernel} {layout}"
            for kernel in ([2, 3], [1, 3], [3, 1])
            for layout in ("special_padding", "tiled", "block_sharded")
        ),
    }


@pytest.mark.parametrize(("device", "name"), BYTE_CASES, ids=[f"{d}-{n}" for d, n in BYTE_CASES])
def test_prepared_bytes_are_tt_nn_s(device: str, name: str) -> None:
    folder = BYTES / device / name
    case = byte_case(device, name)
    # TT-NN's bias file is there exactly when the case prepares a bias: a missing file fails.
    recorded = {path.stem for path in folder.glob("*.tensorbin")}
    assert recorded == set(compared(case)), f"{device}/{name}: TT-NN's files {sorted(recorded)}"
    for what, host in (("weight", "weight_oihw_f32.npy"), ("bias", "bias_f32.npy")):
        if what not in recorded:
            continue
        file = (folder / f"{what}.tensorbin").read_bytes()
        expected = DeviceTensor.load_tensorbin(folder / f"{what}.tensorbin")
        assert list(expected.physical_shape) == case[f"{what}_padded_shape"]
        op = build_op(case, what, GRIDS[device])
        module = op.parent_op().parent_op()  # type: ignore[union-attr]
        (prepared,) = run(module, [np.load(folder / host)])
        assert prepared.physical_shape == expected.physical_shape
        assert prepared.dtype == expected.dtype
        assert prepared.to_bytes() == expected.to_bytes(), f"{device}/{name} {what}"
        # The whole file, header included (the logical shape, the alignment, the dtype).
        assert prepared.to_tensorbin() == file, f"{device}/{name} {what}.tensorbin"


def special_padding_rows(weight: np.ndarray, pitch: int, rows: int) -> np.ndarray:
    """The special-padding weight matrix written out independently: input channel c of kernel
    position (kh, kw) and output channel o at row kh·KW·round_up(C, 32) + kw·pitch + c, column
    o; zeros elsewhere (with pitch round_up(C, 32), the layout of docs/semantics.md §3.6)."""
    out_channels, in_channels, kernel_h, kernel_w = weight.shape
    row_pitch = kernel_w * (-(-in_channels // 32) * 32)
    matrix = np.zeros((rows, -(-out_channels // 32) * 32), np.float32)
    for kh in range(kernel_h):
        for kw in range(kernel_w):
            first = kh * row_pitch + kw * pitch
            matrix[first : first + in_channels, :out_channels] = weight[:, :, kh, kw].T
    return matrix


@pytest.mark.parametrize(
    ("device", "name"), SLICED_HEIGHT_PITCH, ids=[f"{d}-{n}" for d, n in SLICED_HEIGHT_PITCH]
)
def test_tt_nn_aligns_a_sliced_height_weight_to_the_slice(device: str, name: str) -> None:
    """What TT-NN's bytes are there, written out apart from the project: the special-padding
    layout with the input channels at the slice's pitch (the values rounded to the weight's
    dtype), not at round_up(C, 32)."""
    folder = BYTES / device / name
    expected = DeviceTensor.load_tensorbin(folder / "weight.tensorbin")
    matrix = expected.physical_to_numpy().reshape(expected.physical_shape[-2:])
    rows = matrix.shape[0]
    weight = np.load(folder / "weight_oihw_f32.npy")
    if expected.dtype == DataType.BFLOAT16:
        weight = weight.astype(ml_dtypes.bfloat16).astype(np.float32)
    pitch = SLICED_HEIGHT_PITCH[device, name]
    assert np.array_equal(matrix, special_padding_rows(weight, pitch, rows))
    assert not np.array_equal(
        matrix, special_padding_rows(weight, -(-weight.shape[1] // 32) * 32, rows)
    )

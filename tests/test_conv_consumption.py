"""Preparation against consumption: a weight prepared by the project (through
`ttnn_xdsl.ttnn.prepare_conv_weights`, the public API) and consumed the way TT-NN 0.81.1's
conv2d kernels read it (`conv.conv_consumption`) computes the conv of the original weight
(`conv.conv_reference`), in every layout branch; a weight corrupted on purpose is caught by
`check_prepared_weight`, with the first wrong output element and the weight row it read."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_conv_transpose_reference import BYTE_CASES, byte_case
from test_conv_transpose_reference import DATA as TRANSPOSED
from test_conv_transpose_reference import _record as transpose_record
from test_conv_transpose_reference import build_op as transposed_build_op
from ttnn_reference_cases import GRIDS

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.conv import (
    Conv2dConfig,
    Conv2dParameters,
    InputMemoryConfig,
    conv_transpose,
    resolve_conv_weights,
)
from ttnn_xdsl.conv.conv_consumption import (
    ConsumptionPath,
    consume_prepared_weight,
    consumption_plan,
    conv2d_refusal,
    kernel_reads,
)
from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.core.enums import BufferType, DataType, Layout, TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvNotModelledError
from ttnn_xdsl.program import run
from ttnn_xdsl.runtime import DeviceTensor
from ttnn_xdsl.runtime.weight_check import check_prepared_weight
from ttnn_xdsl.tensor_formats.formats import round_to_bfloat16
from ttnn_xdsl.tools.ttnn_check_weight import WRONG_STATUS
from ttnn_xdsl.tools.ttnn_check_weight import main as check_weight_main

TRANSPOSED_BYTES = TRANSPOSED / "bytes"
LAYOUTS = {
    "height": TensorMemoryLayout.HEIGHT_SHARDED,
    "block": TensorMemoryLayout.BLOCK_SHARDED,
    "width": TensorMemoryLayout.WIDTH_SHARDED,
    None: None,
}
API_DTYPES = {DataType.FLOAT32: ttnn.float32, DataType.BFLOAT16: ttnn.bfloat16}
API_DTYPES[DataType.BFLOAT8_B] = ttnn.bfloat8_b


@dataclass(frozen=True)
class Case:
    """One conv, prepared through TT-NN's Python API and described to the resolution alike."""

    in_channels: int
    out_channels: int
    height: int
    width: int
    kernel: tuple[int, int]
    batch: int = 1
    stride: tuple[int, int] = (1, 1)
    padding: tuple[int, ...] = (0, 0)
    dilation: tuple[int, int] = (1, 1)
    groups: int = 1
    bias: bool = False
    layout: str | None = "height"
    weights_dtype: DataType = DataType.BFLOAT16
    in_l1: bool = False
    config: dict[str, Any] = field(default_factory=dict)

    def parameters(self) -> Conv2dParameters:
        buffer = BufferType.L1 if self.in_l1 else BufferType.DRAM
        return Conv2dParameters(
            in_channels=self.in_channels,
            out_channels=self.out_channels,
            batch_size=self.batch,
            input_height=self.height,
            input_width=self.width,
            kernel_size=self.kernel,
            stride=self.stride,
            padding=self.padding,
            dilation=self.dilation,
            groups=self.groups,
            has_bias=self.bias,
            weight_dtype=DataType.FLOAT32,
            input_layout=Layout.ROW_MAJOR,
            input_memory_config=InputMemoryConfig(buffer, TensorMemoryLayout.INTERLEAVED),
            conv_config=Conv2dConfig(
                weights_dtype=self.weights_dtype, shard_layout=LAYOUTS[self.layout], **self.config
            ),
        )

    def weight(self, seed: int = 0) -> np.ndarray:
        shape = (self.out_channels, self.in_channels // self.groups, *self.kernel)
        return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)

    def bias_values(self, seed: int = 1) -> np.ndarray:
        rng = np.random.default_rng(seed)
        return rng.standard_normal((1, 1, 1, self.out_channels)).astype(np.float32)

    def activation(self, seed: int = 2) -> np.ndarray:
        shape = (self.batch, self.height, self.width, self.in_channels)
        return np.random.default_rng(seed).standard_normal(shape)

    def prepare(self, weight: np.ndarray, bias: np.ndarray | None = None) -> tuple[Any, Any]:
        """The project's prepared weight and bias (DeviceTensors), through ttnn's API."""
        device = ttnn.open_device(device_id=0)
        try:
            layout = LAYOUTS[self.layout]
            config = ttnn.Conv2dConfig(
                weights_dtype=API_DTYPES[self.weights_dtype],
                shard_layout=None
                if layout is None
                else getattr(ttnn.TensorMemoryLayout, layout.name),
                **self.config,
            )
            arguments = dict(
                input_memory_config=ttnn.L1_MEMORY_CONFIG
                if self.in_l1
                else ttnn.DRAM_MEMORY_CONFIG,
                input_layout=ttnn.ROW_MAJOR_LAYOUT,
                in_channels=self.in_channels,
                out_channels=self.out_channels,
                batch_size=self.batch,
                input_height=self.height,
                input_width=self.width,
                kernel_size=self.kernel,
                stride=self.stride,
                padding=self.padding,
                dilation=self.dilation,
                groups=self.groups,
                device=device,
                input_dtype=ttnn.bfloat16,
                conv_config=config,
            )
            prepared = ttnn.prepare_conv_weights(
                weight_tensor=ttnn.from_torch(weight, ttnn.float32),
                weights_format="OIHW",
                has_bias=bias is not None,
                **arguments,
            )
            prepared_bias = None
            if bias is not None:
                prepared_bias = ttnn.prepare_conv_bias(
                    bias_tensor=ttnn.from_torch(bias, ttnn.float32), **arguments
                ).value
            return prepared.value, prepared_bias
        finally:
            ttnn.close_device(device)


def direct_conv(
    x: np.ndarray, w: np.ndarray, case: Case, bias: np.ndarray | None = None
) -> np.ndarray:
    """The conv's definition, one output element at a time (tiny sizes only): the independent
    formula `reference_conv2d` is held against."""
    params = case.parameters()
    top, bottom, left, right = (
        (case.padding[0],) * 2 + (case.padding[1],) * 2 if len(case.padding) == 2 else case.padding
    )
    n_, h_, w_, _ = x.shape
    kh, kw = case.kernel
    oh = (h_ + top + bottom - case.dilation[0] * (kh - 1) - 1) // case.stride[0] + 1
    ow = (w_ + left + right - case.dilation[1] * (kw - 1) - 1) // case.stride[1] + 1
    group_in, group_out = params.in_channels // case.groups, params.out_channels // case.groups
    out = np.zeros((n_, oh, ow, params.out_channels))
    for n in range(n_):
        for i in range(oh):
            for j in range(ow):
                for o in range(params.out_channels):
                    g = o // group_out
                    total = 0.0 if bias is None else float(bias.reshape(-1)[o])
                    for r in range(kh):
                        for s in range(kw):
                            y = i * case.stride[0] + r * case.dilation[0] - top
                            z = j * case.stride[1] + s * case.dilation[1] - left
                            if 0 <= y < h_ and 0 <= z < w_:
                                for c in range(group_in):
                                    total += x[n, y, z, g * group_in + c] * w[o, c, r, s]
                    out[n, i, j, o] = total
    return out.reshape(1, 1, -1, params.out_channels)


# ------------------------------------------------------------------------------------------
# The reference conv against the definition
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        Case(3, 4, 5, 6, (2, 3), batch=2, stride=(2, 1), padding=(1, 0, 2, 1), dilation=(1, 2)),
        Case(4, 6, 4, 5, (3, 1), groups=2, padding=(1, 1)),
        Case(3, 3, 1, 9, (1, 3), groups=3, padding=(0, 2), dilation=(1, 2)),
    ],
)
def test_reference_conv_is_the_definition(case: Case) -> None:
    x, w = case.activation(), case.weight()
    bias = case.bias_values()
    got = reference_conv2d(
        x,
        w,
        stride=case.stride,
        padding=case.padding,
        dilation=case.dilation,
        groups=case.groups,
        bias=bias,
    )
    np.testing.assert_allclose(got, direct_conv(x, w, case, bias), rtol=0, atol=1e-12)


def test_a_depthwise_reference_conv_is_the_definition_bit_for_bit() -> None:
    """Depthwise (one channel a group), the taps multiplied elementwise: the definition's
    float64 sums in the same tap order, bit for bit (2×3 kernel, stride, dilation, padding,
    batch 2)."""
    case = Case(
        5, 5, 6, 9, (2, 3), batch=2, stride=(1, 2), padding=(1, 0, 2, 1), dilation=(2, 1), groups=5
    )
    x, w = case.activation(), case.weight()
    got = reference_conv2d(
        x, w, stride=case.stride, padding=case.padding, dilation=case.dilation, groups=case.groups
    )
    assert np.array_equal(got, direct_conv(x, w, case))


# ------------------------------------------------------------------------------------------
# Every layout branch: prepared by the project, consumed the kernels' way = the reference
# ------------------------------------------------------------------------------------------

BRANCHES = {
    "height 3x3 padded, channel padding, batch 2, bias": (
        Case(5, 7, 6, 7, (3, 3), batch=2, padding=(1, 1), bias=True),
        ConsumptionPath.HEIGHT,
    ),
    "height 2x3 stride, dilation, 4-sided padding": (
        Case(6, 40, 9, 11, (2, 3), stride=(2, 1), padding=(1, 0, 2, 1), dilation=(1, 2)),
        ConsumptionPath.HEIGHT,
    ),
    "height 1x3": (Case(16, 8, 5, 12, (1, 3), padding=(0, 1)), ConsumptionPath.HEIGHT),
    "height 3x1, batch 3": (
        Case(8, 16, 7, 4, (3, 1), batch=3, padding=(1, 0)),
        ConsumptionPath.HEIGHT,
    ),
    "height activation reuse": (
        Case(
            8,
            16,
            16,
            16,
            (3, 3),
            padding=(1, 1),
            in_l1=True,
            config=dict(enable_activation_reuse=True, act_block_h_override=64),
        ),
        ConsumptionPath.HEIGHT,
    ),
    "block 3x3": (
        Case(64, 96, 6, 6, (3, 3), padding=(1, 1), layout="block", bias=True),
        ConsumptionPath.BLOCK,
    ),
    "block full_inner_dim, 2x3": (
        Case(
            64, 64, 6, 7, (2, 3), padding=(1, 1), layout="block", config=dict(full_inner_dim=True)
        ),
        ConsumptionPath.BLOCK,
    ),
    "width 3x3": (
        Case(64, 64, 6, 6, (3, 3), padding=(1, 1), layout="width", bias=True),
        ConsumptionPath.WIDTH,
    ),
    "width 1x1, two K blocks per core": (
        Case(4096, 32, 3, 3, (1, 1), layout="width", config=dict(act_block_w_div=2)),
        ConsumptionPath.WIDTH,
    ),
    "1x1 matmul, interleaved": (
        Case(40, 24, 5, 5, (1, 1), layout=None, bias=True),
        ConsumptionPath.MATMUL,
    ),
    "1x1 matmul, L1 height sharded": (
        Case(40, 24, 5, 5, (1, 1), in_l1=True, bias=True),
        ConsumptionPath.MATMUL,
    ),
    "grouped, height": (
        Case(8, 6, 5, 5, (3, 3), padding=(1, 1), groups=2, bias=True),
        ConsumptionPath.HEIGHT,
    ),
    "grouped, block": (
        Case(64, 64, 5, 5, (3, 3), padding=(1, 1), groups=4, layout="block"),
        ConsumptionPath.BLOCK,
    ),
    "1D depthwise": (
        Case(64, 64, 1, 100, (1, 4), padding=(0, 3), groups=64),
        ConsumptionPath.DEPTHWISE_1D,
    ),
    "folded, kernel = stride = 2 (matmul)": (
        Case(3, 16, 8, 8, (2, 2), stride=(2, 2), layout=None),
        ConsumptionPath.MATMUL,
    ),
    "folded 4x4 stride 2, height": (
        Case(
            3,
            8,
            10,
            10,
            (4, 4),
            stride=(2, 2),
            padding=(1, 1),
            bias=True,
            config=dict(enable_kernel_stride_folding=True),
        ),
        ConsumptionPath.HEIGHT,
    ),
    "bfloat8_b, height": (
        Case(
            5,
            40,
            6,
            6,
            (3, 3),
            padding=(1, 1),
            weights_dtype=DataType.BFLOAT8_B,
            bias=True,
            in_l1=True,
        ),
        ConsumptionPath.HEIGHT,
    ),
    "float32, block": (
        Case(64, 40, 5, 5, (3, 3), padding=(1, 1), layout="block", weights_dtype=DataType.FLOAT32),
        ConsumptionPath.BLOCK,
    ),
}


@pytest.mark.parametrize("name", list(BRANCHES))
def test_prepared_weight_computes_the_conv(name: str) -> None:
    case, path = BRANCHES[name]
    plan = resolve_conv_weights(case.parameters())
    assert consumption_plan(plan).path is path
    weight = case.weight()
    bias = case.bias_values() if case.bias else None
    prepared, prepared_bias = case.prepare(weight, bias)
    assert prepared.physical_shape == plan.layout.physical_shape
    x = round_to_bfloat16(case.activation()).astype(np.float64)
    matrix = prepared.physical_to_numpy()
    bias_row = None if prepared_bias is None else prepared_bias.physical_to_numpy()
    got = consume_prepared_weight(plan, matrix, x, bias_row)
    expected_weight = (
        weight if case.weights_dtype != DataType.BFLOAT16 else round_to_bfloat16(weight)
    )
    expected_bias = (
        bias if bias is None or case.weights_dtype != DataType.BFLOAT16 else round_to_bfloat16(bias)
    )
    expected = reference_conv2d(
        x,
        np.asarray(expected_weight, dtype=np.float64),
        stride=case.stride,
        padding=case.padding,
        dilation=case.dilation,
        groups=case.groups,
        bias=None if expected_bias is None else np.asarray(expected_bias, dtype=np.float64),
    )
    assert got.shape == expected.shape
    if case.weights_dtype == DataType.BFLOAT8_B:
        # bfloat8_b keeps 7 magnitude bits under each block's largest exponent.
        assert np.abs(got - expected).max() < 0.05 * np.abs(expected).max()
    else:
        np.testing.assert_allclose(got, expected, rtol=0, atol=1e-9)
    verdict = check_prepared_weight(
        prepared,
        weight,
        case.parameters(),
        prepared_bias=prepared_bias,
        original_bias=bias,
        activation=case.activation(),
    )
    assert verdict.ok, verdict.verdict
    assert verdict.verdict.startswith("prepared weight OK")


def test_stale_lanes_exist_and_meet_zero_rows() -> None:
    """The HEIGHT case with 5 channels reads 32-lane K blocks of which 15 (5·3 = 15 real)
    are stale: they multiply zero weight rows, whatever they hold."""
    case, _ = BRANCHES["height 3x3 padded, channel padding, batch 2, bias"]
    plan = resolve_conv_weights(case.parameters())
    consumption = consumption_plan(plan)
    # Cin 5 padded to 8 (row-major alignment): 3 taps × 8 lanes, then 8 stale lanes.
    assert consumption.activation_channels == 8 and consumption.act_block_w == 32
    [core] = kernel_reads(consumption, plan.layout.physical_shape[2:])  # type: ignore[arg-type]
    assert [int((block.window_lanes < 0).sum()) for block in core.k_blocks] == [8, 8, 8]
    assert [block.weight_rows[0] for block in core.k_blocks] == [0, 32, 64]
    weight = case.weight()
    prepared, _ = case.prepare(weight)
    x = round_to_bfloat16(case.activation()).astype(np.float64)
    matrix = prepared.physical_to_numpy()
    outputs = [consume_prepared_weight(plan, matrix, x, None, stale) for stale in (1.0, -7e5)]
    np.testing.assert_array_equal(outputs[0], outputs[1])


# ------------------------------------------------------------------------------------------
# Corrupted weights are caught
# ------------------------------------------------------------------------------------------


def prepared_matrix(case: Case) -> tuple[np.ndarray, np.ndarray]:
    weight = case.weight()
    prepared, _ = case.prepare(weight)
    return prepared.physical_to_numpy()[0, 0].astype(np.float64), weight


def test_two_tiles_swapped_are_caught() -> None:
    case = Case(64, 64, 6, 6, (3, 3), padding=(1, 1), layout="block")
    matrix, weight = prepared_matrix(case)
    assert check_prepared_weight(matrix, weight, case.parameters()).ok
    swapped = matrix.copy()
    swapped[[*range(0, 32), *range(32, 64)]] = matrix[[*range(32, 64), *range(0, 32)]]
    result = check_prepared_weight(swapped, weight, case.parameters())
    assert not result.ok and result.wrong_read is not None
    assert result.wrong_read.row // 32 in (0, 1)
    assert "WRONG" in result.verdict


def test_k_block_in_another_order_is_caught() -> None:
    """BLOCK, 4 input-channel slices (n_c_in = 8 of 8 channels: iw = 8, BW = 32, BHP = 96):
    the block of kernel row 0 and of kernel row 1 of slice 0 exchanged."""
    case = Case(64, 64, 6, 6, (3, 3), padding=(1, 1), layout="block")
    plan = resolve_conv_weights(case.parameters())
    consumption = consumption_plan(plan)
    assert (consumption.input_cores, consumption.act_block_w) == (8, 32)
    matrix, weight = prepared_matrix(case)
    reordered = matrix.copy()
    reordered[0:32], reordered[32:64] = matrix[32:64], matrix[0:32]
    result = check_prepared_weight(reordered, weight, case.parameters())
    assert not result.ok
    assert result.wrong_read is not None and result.wrong_read.k_block in (0, 8)


def test_nonzero_padding_rows_are_caught() -> None:
    """HEIGHT, Cin 5 (8 with alignment): rows 24…31 of each K block are padding the reader
    never writes; a nonzero weight there meets stale lanes."""
    case = Case(5, 7, 6, 7, (3, 3), padding=(1, 1))
    matrix, weight = prepared_matrix(case)
    corrupted = matrix.copy()
    corrupted[24 + 32, 2] = 0.5  # K block 1 (kernel row 1), a stale lane, output channel 2
    result = check_prepared_weight(corrupted, weight, case.parameters())
    assert not result.ok
    # Every pixel reads the stale lane: the first output element of channel 2 is wrong.
    assert result.first_wrong == (0, 0, 0, 2)
    assert result.wrong_read is not None
    assert (result.wrong_read.k_block, result.wrong_read.row) == (1, 56)
    assert "padding" in result.wrong_read.meaning
    # The channel padding lanes 5…7 are stale too (the input's channel padding).
    corrupted = matrix.copy()
    corrupted[32 * 2 + 8 + 6, 0] = -2.0  # K block 2, tap (2, 1), channel 6 of 8
    assert not check_prepared_weight(corrupted, weight, case.parameters()).ok


def test_depthwise_weight_for_another_act_block_h_is_caught() -> None:
    """A 1D depthwise weight repeats each tap A = act_block_h_ntiles·32 times: prepared for
    A = 64 and read by a conv blocked by 32 rows, taps 1… read tap 0's rows."""
    case = Case(64, 64, 1, 1024, (1, 4), padding=(0, 3), groups=64)
    plan = resolve_conv_weights(case.parameters())
    assert consumption_plan(plan).act_block_h_ntiles == 1
    other = replace(case, config=dict(act_block_h_override=64))
    assert resolve_conv_weights(other.parameters()).blocking.act_block_h_ntiles == 2
    weight = case.weight()
    prepared_other, _ = other.prepare(weight)
    prepared_own, _ = case.prepare(weight)
    assert check_prepared_weight(prepared_own, weight, case.parameters()).ok
    result = check_prepared_weight(prepared_other, weight, case.parameters())
    assert not result.ok
    # Output pixel 0 reads input positions −3…0: only tap 3 meets a nonzero activation. It
    # reads row 3·32 + 0 = 96, which the A = 64 layout gave to tap 1.
    assert result.first_wrong == (0, 0, 0, 0)
    assert result.wrong_read is not None
    assert (result.wrong_read.k_block, result.wrong_read.row) == (3, 96)
    assert result.wrong_read.meaning == "W[0, 0, 0, 3]"
    assert result.wrong_read.prepared_value == float(round_to_bfloat16(weight[0, 0, 0, 1]))


def test_first_wrong_element_by_hand() -> None:
    """HEIGHT, Cin 4, 3×3, padding 1, batch 2 on a 5×5 input; batch 0's activation is zero.
    The weight element of tap (0, 0), input channel 2, output channel 3 is changed: output
    pixel (oh, ow) reads it from input (oh − 1, ow − 1), zero padding when oh or ow is 0, so
    the first output element it changes is batch 1, (1, 1), channel 3."""
    case = Case(4, 6, 5, 5, (3, 3), batch=2, padding=(1, 1))
    plan = resolve_conv_weights(case.parameters())
    # Cin 4 → 8 lanes per tap (alignment 8): tap (0, 0), channel 2 is row 0·32 + 0·8 + 2.
    assert consumption_plan(plan).activation_channels == 8
    matrix, weight = prepared_matrix(case)
    corrupted = matrix.copy()
    corrupted[2, 3] += 1.0
    x = case.activation()
    x[0] = 0.0
    result = check_prepared_weight(corrupted, weight, case.parameters(), activation=x)
    assert not result.ok
    assert result.first_wrong == (1, 1, 1, 3)
    expected_change = float(round_to_bfloat16(x[1, 0, 0, 2]))
    assert result.conv_value - result.reference_value == pytest.approx(expected_change, abs=1e-12)
    assert result.wrong_read is not None
    assert (result.wrong_read.row, result.wrong_read.column) == (2, 3)
    assert result.wrong_read.meaning == "W[3, 2, 0, 0]"
    assert "(n=1, oh=1, ow=1, c=3)" in result.verdict
    assert "tile 0, 0" in result.verdict


def test_bfloat8_b_is_checked_exactly_and_small_corruptions_are_caught() -> None:
    """bfloat8_b: the reference rounds the original weight in the prepared layout (face rows
    of 16 columns), so the project's own bfloat8_b weight computes the reference conv to the
    last bit (worst error 0), and corruptions smaller than a bfloat8_b step's worth per
    product — one element's sign, the weight scaled by 1.05 — are caught like a tile swap."""
    case = Case(5, 40, 6, 6, (3, 3), padding=(1, 1), weights_dtype=DataType.BFLOAT8_B, in_l1=True)
    weight = case.weight()
    prepared, _ = case.prepare(weight)
    result = check_prepared_weight(prepared, weight, case.parameters())
    assert result.ok and result.worst_error == 0.0 and 0 < result.bound < 1e-12
    matrix = prepared.physical_to_numpy()[0, 0].astype(np.float64)
    swapped = matrix.copy()
    swapped[0:32], swapped[32:64] = matrix[32:64], matrix[0:32]
    flipped = matrix.copy()
    row, column = np.argwhere(np.abs(matrix) > 0)[7]
    flipped[row, column] = -flipped[row, column]
    for corrupted in (swapped, flipped, matrix * 1.05):
        verdict = check_prepared_weight(corrupted, weight, case.parameters())
        assert not verdict.ok and verdict.wrong_read is not None
    flip = check_prepared_weight(flipped, weight, case.parameters()).wrong_read
    assert flip is not None and (flip.row, flip.column) == (row, column)
    assert flip.prepared_value == -flip.expected_value != 0


def test_a_bfloat8_b_bias_is_checked_exactly() -> None:
    """A bfloat8_b bias (face rows of 16 channels) computes the reference exactly; one bias
    value off by its last bit is caught."""
    case = Case(5, 40, 6, 6, (3, 3), padding=(1, 1), weights_dtype=DataType.BFLOAT8_B, in_l1=True)
    weight, bias = case.weight(), case.bias_values()
    prepared, prepared_bias = case.prepare(weight, bias)
    result = check_prepared_weight(
        prepared, weight, case.parameters(), prepared_bias=prepared_bias, original_bias=bias
    )
    assert result.ok and result.worst_error == 0.0
    bias_matrix = prepared_bias.physical_to_numpy()[0, 0].astype(np.float64)
    bias_matrix[0, 5] = np.nextafter(np.float32(bias_matrix[0, 5]), np.float32(np.inf))
    wrong = check_prepared_weight(
        prepared, weight, case.parameters(), prepared_bias=bias_matrix, original_bias=bias
    )
    assert not wrong.ok and wrong.first_wrong is not None and wrong.first_wrong[3] == 5


# ------------------------------------------------------------------------------------------
# conv2d's own refusals
# ------------------------------------------------------------------------------------------


def test_width_blocks_not_divisible_by_cores_is_refused() -> None:
    """The project's reference point (semantics.md §3.3 step 9): W[64, 128, 3, 3],
    act_block_w_div 2, prepared as [1, 1, 1152, 64] with 4-tile blocks; conv2d's act matrix
    is 36 tiles = 9 blocks over 4 input cores."""
    case = Case(
        128, 64, 8, 8, (3, 3), padding=(1, 1), layout="width", config=dict(act_block_w_div=2)
    )
    plan = resolve_conv_weights(case.parameters())
    assert (
        plan.layout.physical_shape == (1, 1, 1152, 64) and plan.sharding.input_cores_channels == 4
    )
    message = "Number of Act Blocks along the Width 9 should be divisible by the number of cores 4"
    assert conv2d_refusal(plan, (1152, 64)) == message
    result = check_prepared_weight(np.zeros((1152, 64)), case.weight(), case.parameters())
    assert not result.ok and result.refusal == message
    assert result.verdict == f"prepared weight REFUSED: {message}"


def test_width_rows_not_the_act_matrix_width_is_refused() -> None:
    """C = 96 over 3 cores, 3×3, div 2: blocks of 128 rows pad 864 rows to 896."""
    case = Case(
        96, 32, 6, 6, (3, 3), padding=(1, 1), layout="width", config=dict(act_block_w_div=2)
    )
    plan = resolve_conv_weights(case.parameters())
    assert plan.layout.physical_shape[2] == 896
    assert (
        conv2d_refusal(plan, (896, 32))
        == "The width of tensor a needs to match the height of tensor b"
    )


def test_bias_width_must_equal_weight_width() -> None:
    case = Case(5, 40, 6, 6, (3, 3), padding=(1, 1), bias=True)
    plan = resolve_conv_weights(case.parameters())
    rows, cols = plan.layout.physical_shape[2:]
    assert conv2d_refusal(plan, (rows, cols), plan.bias.physical_shape) is None
    assert (
        conv2d_refusal(plan, (rows, cols), (1, 1, 32, cols + 32))
        == f"Bias tiles ({cols // 32 + 1}) must equal weight matrix width in tiles ({cols // 32})"
    )


def test_width_blocks_of_partial_tiles_are_not_modelled() -> None:
    """C 128 over 4 cores, 2×2, div 2: 16 channels per block and tap while the weight reader
    fetches 0 tile rows per tap (research §4: garbage on the device, unverified)."""
    case = Case(128, 32, 6, 6, (2, 2), layout="width", config=dict(act_block_w_div=2))
    plan = resolve_conv_weights(case.parameters())
    assert conv2d_refusal(plan, plan.layout.physical_shape[2:]) is None  # type: ignore[arg-type]
    with pytest.raises(ConvNotModelledError, match="not modelled"):
        kernel_reads(consumption_plan(plan), plan.layout.physical_shape[2:])  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------
# TT-NN's own prepared weights (conv_transpose2d's, recorded from TT-NN 0.81.1)
# ------------------------------------------------------------------------------------------


def dense_transposed_weight(iohw: np.ndarray, groups: int, mirror: bool) -> np.ndarray:
    """The equivalent conv2d's OIHW weight (semantics.md §7.3): IOHW [Cin, Cout/g, KH, KW]
    made dense and block-diagonal, transposed to [Cout, Cin, KH, KW], both kernel axes flipped
    when mirrored."""
    in_channels, group_out, kh, kw = iohw.shape
    group_in = in_channels // groups
    dense = np.zeros((group_out * groups, in_channels, kh, kw), dtype=np.float32)
    for group in range(groups):
        inputs = slice(group * group_in, (group + 1) * group_in)
        outputs = slice(group * group_out, (group + 1) * group_out)
        dense[outputs, inputs] = iohw[inputs].transpose(1, 0, 2, 3)
    return dense[:, :, ::-1, ::-1] if mirror else dense


@pytest.mark.parametrize(("device", "name"), BYTE_CASES, ids=[f"{d}-{n}" for d, n in BYTE_CASES])
def test_tt_nn_s_own_prepared_weights_compute_their_conv(device: str, name: str) -> None:
    """TT-NN 0.81.1's prepared conv_transpose2d weight (its own dump_tensor bytes), consumed
    the way its conv2d reads it, computes the equivalent conv2d of the original weight."""
    folder = TRANSPOSED_BYTES / device / name
    case = byte_case(device, name)
    plan = conv_transpose.resolve_conv_transpose2d_weights(
        transpose_record(transposed_build_op(case, "weight", GRIDS[device]))
    )
    prepared = DeviceTensor.load_tensorbin(folder / "weight.tensorbin")
    original = dense_transposed_weight(
        np.load(folder / "weight_iohw_f32.npy"), case["groups"], plan.mirror_kernel
    )
    try:
        result = check_prepared_weight(prepared, original, plan.equivalent, plan=plan.conv)
    except ConvNotModelledError as error:
        pytest.skip(f"not modelled: {error}")
    assert result.ok, result.verdict


# ------------------------------------------------------------------------------------------
# ttnn-check-weight
# ------------------------------------------------------------------------------------------

EXAMPLE = Path(__file__).parent.parent / "examples" / "prepare_conv_weights.mlir"


def check_weight_command(arguments: list[str]) -> int:
    """Run `ttnn-check-weight` in this process; its exit status."""
    try:
        check_weight_main(arguments)
    except SystemExit as stop:
        return int(stop.code or 0)
    return 0


def test_check_weight_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The README's example conv (ResNet-50 layer1, HEIGHT, bf16): its weight prepared by
    `ttnn-run --tensorbin`'s machinery is OK; its physical matrix with the first two tile rows
    exchanged is WRONG (exit 3); the wrong original weight shape is a user error (exit 1)."""
    weight = np.random.default_rng(5).standard_normal((64, 64, 3, 3)).astype(np.float32)
    bias = np.zeros((1, 1, 1, 64), np.float32)
    prepared, _ = run(EXAMPLE.read_text(), {"weight": weight, "bias": bias})
    prepared.save_tensorbin(tmp_path / "weight.tensorbin")
    np.save(tmp_path / "original.npy", weight)
    common = [str(EXAMPLE), str(tmp_path / "weight.tensorbin"), str(tmp_path / "original.npy")]
    assert check_weight_command(common) == 0
    assert capsys.readouterr().out.startswith("prepared weight OK: conv equals the reference")
    matrix = prepared.physical_to_numpy()[0, 0]
    matrix[[*range(0, 32), *range(32, 64)]] = matrix[[*range(32, 64), *range(0, 32)]]
    np.save(tmp_path / "swapped.npy", matrix)
    swapped = [str(EXAMPLE), str(tmp_path / "swapped.npy"), str(tmp_path / "original.npy")]
    assert check_weight_command(swapped) == WRONG_STATUS
    # Rows 0…63 are tap (0, 0), channels 0…63 (BW = 3·64 = 192); pixel (oh, ow) reads tap
    # (0, 0) at input (oh − 1, ow − 1), padding unless oh, ow ≥ 1: (0, 1, 1, 0) is first.
    out = capsys.readouterr().out
    assert out.startswith("prepared weight WRONG: output (n=0, oh=1, ow=1, c=0) is ")
    assert "; K block 0 read weight row 0 column 0 (tile 0, 0) = " in out
    assert out.endswith(
        f" where W[0, 0, 0, 0] = {float(round_to_bfloat16(weight[0, 0, 0, 0]))!r}\n"
    )
    assert out.count("\n") == 1
    np.save(tmp_path / "small.npy", weight[:, :32])
    small = [str(EXAMPLE), str(tmp_path / "weight.tensorbin"), str(tmp_path / "small.npy")]
    assert check_weight_command(small) == 1
    assert capsys.readouterr().err == (
        f"ttnn-check-weight: error: {tmp_path / 'small.npy'}: the original weight has shape "
        "[64, 32, 3, 3]; the conv's OIHW weight is [64, 64, 3, 3]\n"
    )


@pytest.mark.parametrize(
    ("prepared", "described"),
    [
        (np.zeros((64, 64, 3, 3), np.float32), "shape [64, 64, 3, 3] of float32"),
        (np.zeros(576, np.float32), "shape [576] of float32"),
        (np.zeros((576, 64), np.int32), "shape [576, 64] of int32"),
    ],
    ids=["the original weight", "rank 1", "integers"],
)
def test_check_weight_refuses_a_prepared_npy_that_is_no_matrix_of_floats(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    prepared: np.ndarray,
    described: str,
) -> None:
    """A prepared .npy must be the physical matrix as floats: the OIHW weight given in its
    place (once an internal error, a failed reshape), a vector, or integers (once read as
    values, a WRONG verdict) are user errors, one line, exit 1."""
    np.save(tmp_path / "prepared.npy", prepared)
    np.save(tmp_path / "original.npy", np.zeros((64, 64, 3, 3), np.float32))
    arguments = [str(EXAMPLE), str(tmp_path / "prepared.npy"), str(tmp_path / "original.npy")]
    assert check_weight_command(arguments) == 1
    assert capsys.readouterr().err == (
        f"ttnn-check-weight: error: {tmp_path / 'prepared.npy'}: expected the prepared "
        f"weight's physical matrix of floats, [rows, columns] or [1, 1, rows, columns]; got "
        f"{described}\n"
    )


@pytest.mark.parametrize("seed", ["-3", "x"])
def test_check_weight_refuses_a_negative_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    """--seed -3 was an internal error (NumPy's generator refused it after the files were read)."""
    np.save(tmp_path / "prepared.npy", np.zeros((576, 64), np.float32))
    np.save(tmp_path / "original.npy", np.zeros((64, 64, 3, 3), np.float32))
    arguments = [str(EXAMPLE), str(tmp_path / "prepared.npy"), str(tmp_path / "original.npy")]
    assert check_weight_command([*arguments, "--seed", seed]) == 1
    assert capsys.readouterr().err == (
        f"ttnn-check-weight: error: argument --seed: expected a non-negative integer, got "
        f"'{seed}' (see ttnn-check-weight --help)\n"
    )

"""The 1D depthwise path of `ttnn.conv2d_consume` (`passes/lower_depthwise_conv1d.py`,
docs/semantics.md §9.2 and §9.7) lowered and run by the interpreter (strict: every marked nest
in bulk), held against the kernels' NumPy model (`conv_consumption.consume_prepared_weight`),
the reference conv on the original weight (`conv_reference`) and an independent NumPy
emulation of the kernel's roundings (activation tilized to the output dtype, one DEST
rounding per product and per sum, the partial packed to the output dtype after every tap
unless the taps' reads are coalesced)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from conv_consume_builder import consume_program
from test_conv2d_lowering import F32_EPSILON, matrix, truncated
from test_conv_consumption import BRANCHES, Case

from ttnn_xdsl.conv import resolve_conv_weights
from ttnn_xdsl.conv.conv_consumption import (
    ConsumptionPath,
    consume_prepared_weight,
    consumption_plan,
)
from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.program import Program
from ttnn_xdsl.tensor_formats import formats

CASES = {
    "k4, 64 channels, padding 3": BRANCHES["1D depthwise"][0],
    "k3, stride 2, batch 2": Case(
        32, 32, 1, 50, (1, 3), batch=2, stride=(1, 2), padding=(0, 1), groups=32
    ),
    "k5, 40 channels (per-tap kernel)": Case(40, 40, 1, 40, (1, 5), padding=(0, 2), groups=40),
    "k3, act_block_h 2": Case(
        64, 64, 1, 300, (1, 3), padding=(0, 1), groups=64, config=dict(act_block_h_override=64)
    ),
    "k3, 70 pixels, act_block_h 2 over 2 cores": Case(
        64, 64, 1, 70, (1, 3), padding=(0, 1), groups=64, config=dict(act_block_h_override=64)
    ),
    "k3, bfloat8_b weight": Case(
        64, 64, 1, 300, (1, 3), padding=(0, 1), groups=64, weights_dtype=DataType.BFLOAT8_B
    ),
    "k2, float32 weight": Case(32, 32, 1, 33, (1, 2), groups=32, weights_dtype=DataType.FLOAT32),
}
WEIGHT_STEP = {
    DataType.FLOAT32: F32_EPSILON,
    DataType.BFLOAT16: 2.0**-8,
    DataType.BFLOAT8_B: 2.0**-6,
}


def run(case: Case, **knobs: Any) -> tuple[np.ndarray, np.ndarray, Any]:
    """The lowered conv's output [N·OH·OW, Cout] (float64), the activation it ran on and the
    prepared weight."""
    prepared, _ = case.prepare(case.weight())
    activation = case.activation().astype(np.float32)
    (output,) = Program.load(consume_program(case, prepared, **knobs)).run([activation, prepared])
    values = output.to_numpy().astype(np.float64)
    return values.reshape(-1, case.out_channels), activation, prepared


def taps_of(case: Case, activation: np.ndarray) -> np.ndarray:
    """[KW, N·OH·OW, C]: the input value tap s of each output pixel reads — x[n, 0, ow·sW + s
    − left, c], zero in the padding — straight from the conv's definition."""
    left, right = case.padding[1], case.padding[1]
    padded = np.pad(activation[:, 0], ((0, 0), (left, right), (0, 0)))
    kernel_w = case.kernel[1]
    out_w = (padded.shape[1] - kernel_w) // case.stride[1] + 1
    columns = np.arange(out_w) * case.stride[1]
    return np.stack([padded[:, columns + s].reshape(-1, case.in_channels) for s in range(kernel_w)])


def to_dtype(values: np.ndarray, dtype: DataType) -> np.ndarray:
    """[pixels, channels] values rounded to `dtype` (f32; bf16 through f32 as the interpreter's
    DEST does; bfloat8_b through f32, each pixel's 16 consecutive channels sharing an
    exponent)."""
    single = np.asarray(values, np.float64).astype(np.float32)
    if dtype == DataType.BFLOAT16:
        return formats.round_to_bfloat16(single).astype(np.float64)
    if dtype == DataType.BFLOAT8_B:
        packed = formats.quantize_bfloat8_b(formats.tilize(single))
        return formats.untilize(packed, single.shape).astype(np.float64)
    return single.astype(np.float64)


def emulate(
    case: Case,
    activation: np.ndarray,
    output: DataType,
    dest: DataType,
    coalesced: bool,
    fidelity_bits: tuple[int, int] | None = None,
) -> np.ndarray:
    """The kernel's arithmetic on [pixels, channels] arrays: taps rounded to the output dtype,
    the weight W[c, 0, 0, s] rounded to its dtype (bf16 here), each product and each sum
    rounded to DEST; per tap (not coalesced) the partial packed to the output dtype.
    `fidelity_bits`: the mantissa bits (activation = SrcA, weight = SrcB) one phase keeps."""
    weight = case.weight()[:, 0, 0, :]  # [C, KW]
    if case.weights_dtype == DataType.BFLOAT16:
        weight = formats.round_to_bfloat16(weight).astype(np.float64)
    taps = to_dtype(taps_of(case, activation), output)
    running = None
    for s in range(case.kernel[1]):
        tap, tap_weight = taps[s], weight[:, s][None, :]
        if fidelity_bits is not None:
            tap, tap_weight = (
                truncated(tap, fidelity_bits[0]),
                truncated(tap_weight, fidelity_bits[1]),
            )
        product = tap * tap_weight
        if running is None:
            running = to_dtype(product, dest)
        elif coalesced:
            running = to_dtype(running + product, dest)
        else:
            running = to_dtype(to_dtype(product, dest) + to_dtype(running, output), dest)
    assert running is not None
    return to_dtype(running, output)


def test_the_cases_run_the_depthwise_path() -> None:
    for case in CASES.values():
        assert consumption_plan(resolve_conv_weights(case.parameters())).path is (
            ConsumptionPath.DEPTHWISE_1D
        )


@pytest.mark.parametrize("name", list(CASES))
def test_lowered_depthwise_equals_the_model_and_the_reference(name: str) -> None:
    """f32 output, f32 DEST: one f32 rounding per product and per sum (≤ KW + 1 of them, each
    ≤ 2^-24 of Σ|x·w|) from the kernels' model; the reference on the original weight adds the
    weight's rounding to its prepared dtype."""
    case = CASES[name]
    got, activation, prepared = run(case)
    plan = resolve_conv_weights(case.parameters())
    model = consume_prepared_weight(plan, matrix(prepared), activation).reshape(got.shape)
    magnitude = consume_prepared_weight(plan, np.abs(matrix(prepared)), np.abs(activation))
    magnitude = magnitude.reshape(got.shape)
    rounding = magnitude * (case.kernel[1] + 1) * F32_EPSILON
    assert (np.abs(got - model) <= rounding).all()
    weight = case.weight()
    arguments = dict(stride=case.stride, padding=case.padding, groups=case.groups)
    reference = reference_conv2d(activation, weight, **arguments).reshape(got.shape)
    step = np.abs(weight).max(axis=0, keepdims=True) * np.ones_like(weight)  # per tap, all channels
    if case.weights_dtype != DataType.BFLOAT8_B:
        step = np.abs(weight)
    weight_error = reference_conv2d(
        np.abs(activation), step * WEIGHT_STEP[case.weights_dtype], **arguments
    ).reshape(got.shape)
    assert (np.abs(got - reference) <= weight_error + rounding * (1 + 1e-6)).all()


@pytest.mark.parametrize("dest", [DataType.BFLOAT16, DataType.FLOAT32])
def test_bf16_output_coalesced_taps_accumulate_in_dest(dest: DataType) -> None:
    """64 channels, k 4: act_block_w = 4·64 lanes, the coalesced kernel: the products
    accumulate in DEST, one pack to bf16 at the end — exactly the emulation."""
    case = CASES["k4, 64 channels, padding 3"]
    got, activation, _ = run(
        case, output_dtype=DataType.BFLOAT16, fp32_dest_acc_en=dest == DataType.FLOAT32
    )
    expected = emulate(case, activation, DataType.BFLOAT16, dest, coalesced=True)
    assert np.array_equal(got, expected)


def test_per_tap_kernel_packs_the_partial_to_the_output_dtype_after_every_tap() -> None:
    """act_block_w = round_up(C, 32) (one K block per tap): DEST gets the tap's product plus
    the previous partial, packed to bf16 after every tap — exactly the emulation, and not the
    coalesced result (f32 DEST keeps more there)."""
    case = CASES["k4, 64 channels, padding 3"]
    knobs: dict[str, Any] = dict(output_dtype=DataType.BFLOAT16, fp32_dest_acc_en=True)
    per_tap, activation, _ = run(case, integer_overrides={"act_block_w_ntiles": 2}, **knobs)
    expected = emulate(case, activation, DataType.BFLOAT16, DataType.FLOAT32, coalesced=False)
    assert np.array_equal(per_tap, expected)
    coalesced, _, _ = run(case, **knobs)
    assert not np.array_equal(per_tap, coalesced)


def test_bfloat8_b_output_packs_the_activation_and_every_partial_to_bfloat8_b() -> None:
    """Per-tap kernel, bfloat8_b output, f32 DEST: the taps are tilized to bfloat8_b (16
    channels of a pixel share an exponent) and the partial is packed to bfloat8_b after every
    tap — exactly the emulation; the coalesced kernel packs once and differs."""
    case = CASES["k4, 64 channels, padding 3"]
    knobs: dict[str, Any] = dict(output_dtype=DataType.BFLOAT8_B, fp32_dest_acc_en=True)
    per_tap, activation, _ = run(case, integer_overrides={"act_block_w_ntiles": 2}, **knobs)
    expected = emulate(case, activation, DataType.BFLOAT8_B, DataType.FLOAT32, coalesced=False)
    assert np.array_equal(per_tap, expected)
    coalesced, _, _ = run(case, **knobs)
    assert np.array_equal(
        coalesced, emulate(case, activation, DataType.BFLOAT8_B, DataType.FLOAT32, coalesced=True)
    )
    assert not np.array_equal(per_tap, coalesced)


def test_channels_not_whole_tiles_run_the_per_tap_kernel() -> None:
    case = CASES["k5, 40 channels (per-tap kernel)"]
    got, activation, _ = run(case, output_dtype=DataType.BFLOAT16, fp32_dest_acc_en=True)
    expected = emulate(case, activation, DataType.BFLOAT16, DataType.FLOAT32, coalesced=False)
    assert np.array_equal(got, expected)


def test_lofi_multiplies_the_activation_as_src_a_and_the_weight_as_src_b() -> None:
    """mul_tiles puts the activation in SrcA (LoFi: 1 + 4 mantissa bits) and the weight in SrcB
    (1 + 6), the other way round from the matmul."""
    case = CASES["k4, 64 channels, padding 3"]
    got, activation, _ = run(case, math_fidelity="LoFi")
    expected = emulate(case, activation, DataType.FLOAT32, DataType.FLOAT32, True, (4, 6))
    swapped = emulate(case, activation, DataType.FLOAT32, DataType.FLOAT32, True, (6, 4))
    assert np.array_equal(got, expected)
    assert not np.array_equal(got, swapped)


def test_f32_weight_and_output_run_on_the_sfpu_without_fidelity_phases() -> None:
    case = CASES["k2, float32 weight"]
    lofi, _, _ = run(case, math_fidelity="LoFi")
    hifi4, _, _ = run(case)
    assert np.array_equal(lofi, hifi4)


def test_the_lowering_multiplies_each_tap_by_its_weight_tile_rows() -> None:
    """act_block_h 2, k 3: tap s reads the weight's tile rows [2s, 2s + 2) — a [2, 2] window —
    for all 10 activation tile rows; taps 1 and 2 accumulate (coalesced)."""
    case = CASES["k3, act_block_h 2"]
    prepared, _ = case.prepare(case.weight())
    module = Program.load(consume_program(case, prepared), passes="convert-ttnn-to-tiles").module
    multiplies = [op for op in module.walk() if isinstance(op, tile.MultiplyOp)]
    windows = [tuple(op.b.owner.static_offsets.get_values()) for op in multiplies]  # type: ignore[union-attr]
    assert windows == [(0, 0, 0, 0), (0, 0, 2, 0), (0, 0, 4, 0)]
    assert [op.accumulate is not None for op in multiplies] == [False, True, True]
    assert [op.a.type.get_shape() for op in multiplies] == [(10, 2)] * 3  # type: ignore[attr-defined]


def test_a_weight_with_too_few_rows_for_the_act_block_is_refused() -> None:
    """Prepared for act_block_h 1 (4 taps × 32 rows) but read with act_block_h 2: tap 3 would
    read rows up to 255 of 128. (103 output rows over 2 cores: 64 rows a core.)"""
    case = CASES["k4, 64 channels, padding 3"]
    prepared, _ = case.prepare(case.weight())
    overrides = {"act_block_h_ntiles": 2, "nhw_rows_per_core": 64, "nhw_cores": 2}
    module = consume_program(case, prepared, integer_overrides=overrides)
    with pytest.raises(
        TTNNError, match="reads weight row 255 but the prepared weight has 128 rows"
    ):
        Program.load(module)


def test_activation_blocks_split_across_cores_are_refused() -> None:
    case = CASES["k4, 64 channels, padding 3"]
    prepared, _ = case.prepare(case.weight())
    module = consume_program(case, prepared, integer_overrides={"act_block_h_ntiles": 2})
    with pytest.raises(TTNNError, match=r"whole activation blocks per core \(32 rows per core"):
        Program.load(module)


def test_a_bias_is_refused_with_tt_nn_s_message() -> None:
    """Any TILE tensor as the bias operand: the lowering refuses before reading it."""
    case = CASES["k4, 64 channels, padding 3"]
    prepared, _ = case.prepare(case.weight())
    with pytest.raises(TTNNError, match="Bias is not supported for depthwise conv1d"):
        Program.load(consume_program(case, prepared, prepared))

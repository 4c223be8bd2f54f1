"""`tile.multiply` (the 1D depthwise conv's taps, runtime/interpreter/tile.py `multiply_into`)
computes in float32, chunk by chunk, where its products are exact in float32 — the same bytes
as the float64 formulation it replaced (docs/semantics.md §9.7): each product of the fidelity
phases' parts in float64, the phases summed in float64, added to DEST's value in float64 and
rounded once to f32 (bf16 through f32). That formulation is written here again, from the
bits, and both run on depthwise conv1d configurations (bf16 and bfloat8_b weights, every math
fidelity, f32 and bf16 DEST, odd lengths, chunks within and across the weight's rows) and on
operands whose products leave float32's range, where float32 would round differently."""

from __future__ import annotations

import tracemalloc
from dataclasses import replace
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from conv_consume_builder import consume_program
from test_conv_consumption import Case

import ttnn_xdsl.runtime.interpreter.tile as tile_module
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.program import Program
from ttnn_xdsl.tensor_formats import formats

FIDELITIES = ("LoFi", "HiFi2", "HiFi3", "HiFi4")
FLOAT32_MAX = float(np.finfo(np.float32).max)
SRC_A_HIGH, SRC_A_LOW_CLEAR = 0xFFF80000, 0xFFF83FFF
SRC_B_HIGH, SRC_B_LOW_CLEAR = 0xFFFE0000, 0xFFFE1FFF
"""The ISA's fidelity bits (semantics.md §9.7): SrcA's high part keeps mantissa bits 22…19,
its low part is bits 18…14; SrcB's high part bits 22…17, its low part bits 16…13."""


def part(values: np.ndarray, high: int, low_clear: int, low: bool) -> np.ndarray:
    """The high part (the masked float32 value) or the low part (the value minus the value
    with the low bits cleared) of float32 `values`."""
    single = np.ascontiguousarray(values, np.float32)
    bits = single.view(np.uint32)
    if not low:
        return (bits & np.uint32(high)).view(np.float32)
    return single - (bits & np.uint32(low_clear)).view(np.float32)


def float64_product(a: np.ndarray, b: np.ndarray, fidelity: str) -> np.ndarray:
    """The float64 product the interpreter used to compute: HiFi4 a · b, else the phases'
    products of parts (phase bit 0: SrcA's low part, bit 1: SrcB's low part) summed."""
    if fidelity == "HiFi4":
        return a.astype(np.float64) * b.astype(np.float64)
    total = np.zeros(np.broadcast_shapes(a.shape, b.shape))
    for phase in range(FIDELITIES.index(fidelity) + 1):
        a_part = part(a, SRC_A_HIGH, SRC_A_LOW_CLEAR, bool(phase & 1)).astype(np.float64)
        total = total + a_part * part(b, SRC_B_HIGH, SRC_B_LOW_CLEAR, bool(phase & 2))
    return total


def bfloat16_bits(single: np.ndarray) -> np.ndarray:
    """float32 values rounded to bf16 (nearest, ties to even; every NaN 0x7FC0), as bits."""
    bits = np.ascontiguousarray(single, np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(single), np.uint16(0x7FC0), rounded)


def tile_values(data: np.ndarray, dtype: DataType) -> np.ndarray:
    """Tiles of `dtype` as float32 (exact)."""
    if dtype == DataType.BFLOAT8_B:
        return formats.unpack_bfloat8_b_tiles(data)
    return data.astype(np.float32)


def float64_multiply_into(
    dest: np.ndarray,
    left: tuple[np.ndarray, DataType],
    right: tuple[np.ndarray, DataType],
    math_fidelity: str,
    accumulate: bool,
) -> None:
    """`tile.multiply` as the interpreter computed it before: whole tensors, float64."""
    a = tile_values(*left)
    b = tile_values(*right)
    product = float64_product(a, np.tile(b, (a.shape[0] // b.shape[0], 1, 1, 1)), math_fidelity)
    start = dest.astype(np.float32).astype(np.float64) if accumulate else np.zeros(dest.shape)
    with np.errstate(over="ignore", invalid="ignore"):
        single = (start + product).astype(np.float32)
    if dest.dtype == np.float32:
        dest[...] = single
    else:
        dest.view(np.uint16)[...] = bfloat16_bits(single)


def run_both(
    monkeypatch: pytest.MonkeyPatch, case: Case, **knobs: Any
) -> tuple[np.ndarray, np.ndarray]:
    """The conv's output bytes with float64_multiply_into as `tile.multiply`, then with the
    interpreter's own."""
    prepared, _ = case.prepare(case.weight())
    activation = case.activation().astype(np.float32)
    program = Program.load(consume_program(case, prepared, **knobs))
    outputs = []
    for multiply in (float64_multiply_into, tile_module.multiply_into):
        with monkeypatch.context() as patch:
            patch.setattr(tile_module, "multiply_into", multiply)
            (output,) = program.run([activation, prepared])
        outputs.append(np.ascontiguousarray(output.to_numpy()).view(np.uint8))
    return outputs[0], outputs[1]


COALESCED = Case(64, 64, 1, 45, (1, 4), padding=(0, 3), groups=64)
"""64 channels, k 4: the taps' products accumulate in DEST (45 pixels: 48 output rows)."""
PER_TAP = Case(40, 40, 1, 67, (1, 5), padding=(0, 2), groups=40)
"""40 channels, k 5: one K block per tap, tile.add between taps (67 pixels)."""
TWO_TILE_BLOCKS = Case(
    64, 64, 1, 301, (1, 3), padding=(0, 1), groups=64, config=dict(act_block_h_override=64)
)
"""act_block_h 2: the weight's 2 tile rows read again for each of the 10 activation rows."""


@pytest.mark.filterwarnings("ignore::ttnn_xdsl.core.errors.TTNNWarning")  # stale lanes: both runs
@pytest.mark.parametrize("weights", [DataType.BFLOAT16, DataType.BFLOAT8_B])
@pytest.mark.parametrize("fidelity", FIDELITIES)
@pytest.mark.parametrize("fp32_dest", [True, False])
def test_depthwise_convs_give_the_float64_formulation_s_bytes(
    monkeypatch: pytest.MonkeyPatch, weights: DataType, fidelity: str, fp32_dest: bool
) -> None:
    """Each kernel form with each output dtype over the fidelities (f32: f32 activations,
    whose products at HiFi4 are not exact in float32 — the float64 chunks)."""
    outputs = (DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B)
    for index, case in enumerate((COALESCED, PER_TAP, TWO_TILE_BLOCKS)):
        output = outputs[(index + FIDELITIES.index(fidelity)) % len(outputs)]
        knobs = dict(output_dtype=output, fp32_dest_acc_en=fp32_dest, math_fidelity=fidelity)
        old, new = run_both(monkeypatch, replace(case, weights_dtype=weights), **knobs)
        assert np.array_equal(old, new), (index, output)


@pytest.mark.parametrize("chunk_rows", [1, 2, 3, 4, 7])
@pytest.mark.parametrize("fidelity", ["LoFi", "HiFi4"])
def test_chunks_inside_and_across_the_weight_s_rows_give_the_same_bytes(
    monkeypatch: pytest.MonkeyPatch, chunk_rows: int, fidelity: str
) -> None:
    """a: 6 tile rows, b: 3 distinct tile rows (a conv's weight repeats one row in each block,
    which would not tell the rows apart) read again for a's rows 3…5, bf16 DEST accumulating:
    chunks of 1 and 2 rows (parts of a period), of 3 and 4 rows (one whole period each) and of
    7 (both periods at once)."""
    chunk_bytes = chunk_rows * 2 * tile_module.TILE_SIZE**2 * 4  # tile rows of 2 f32 tiles
    monkeypatch.setattr(tile_module, "CHUNK_BYTES", chunk_bytes)
    monkeypatch.setattr(tile_module, "SMALLEST_CHUNK_BYTES", chunk_bytes)
    rng = np.random.default_rng(5)
    a = bf16_tiles(rng.standard_normal((6, 2, 32, 32)))
    b = bf16_tiles(rng.standard_normal((3, 2, 32, 32)))
    expected = bf16_tiles(rng.standard_normal((6, 2, 32, 32)))
    got = expected.copy()
    operands = ((a, DataType.BFLOAT16), (b, DataType.BFLOAT16))
    float64_multiply_into(expected, *operands, fidelity, True)
    tile_module.multiply_into(got, *operands, fidelity, True)
    assert np.array_equal(expected.view(np.uint16), got.view(np.uint16))


def test_weight_period_chunks() -> None:
    assert list(tile_module.weight_period_chunks(10, 2, 5)) == [(0, 4), (4, 8), (8, 10)]
    assert list(tile_module.weight_period_chunks(6, 3, 2)) == [(0, 2), (2, 3), (3, 5), (5, 6)]
    assert list(tile_module.weight_period_chunks(4, 4, 4)) == [(0, 4)]


def bf16_tiles(values: np.ndarray) -> np.ndarray:
    return values.astype(np.float32).astype(ml_dtypes.bfloat16)


OUT_OF_RANGE = {
    # kind: (the operands' exponents, DEST's, planted a, b and DEST values)
    "below float32's normals": ((-80, -40), (-149, -100), (2.0**-75, 2.0**-75, 2.0**-149)),
    "above float32's largest": ((40, 70), (100, 127), (2.0**64, 2.0**64, -FLOAT32_MAX)),
    "NaN and inf operands": ((-4, 4), (-4, 4), (np.nan, np.inf, np.nan)),
}
"""Products outside float32's range, with a pair float32 rounds differently planted: 2⁻¹⁵⁰
(half the smallest subnormal) onto 2⁻¹⁴⁹ — float64 sums 1.5 ulp and rounds to even, 2⁻¹⁴⁸;
float32 rounds the product to 0 first — and 2¹²⁸ onto −max — float64's sum is finite,
float32's inf."""


def operands_out_of_range(
    kind: str, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """bf16 a [4, 2] tiles, b [2, 2] tiles and DEST's f32 values [4, 2] tiles of `kind`."""
    operand_exponents, dest_exponents, planted = OUT_OF_RANGE[kind]

    def values(shape: tuple[int, ...], exponents: tuple[int, int]) -> np.ndarray:
        return rng.standard_normal(shape) * 2.0 ** rng.integers(*exponents, shape)

    a = values((4, 2, 32, 32), operand_exponents)
    b = values((2, 2, 32, 32), operand_exponents)
    dest = values((4, 2, 32, 32), dest_exponents)
    a[0, 0, 0, 0], b[0, 0, 0, 0], dest[0, 0, 0, 0] = planted
    return bf16_tiles(a), bf16_tiles(b), dest.astype(np.float32)


@pytest.mark.parametrize("kind", list(OUT_OF_RANGE))
@pytest.mark.parametrize("fidelity", FIDELITIES)
@pytest.mark.parametrize("dest_dtype", [np.float32, ml_dtypes.bfloat16])
@pytest.mark.parametrize("accumulate", [True, False])
def test_products_outside_float32_s_range_give_the_float64_bytes(
    kind: str, fidelity: str, dest_dtype: type, accumulate: bool
) -> None:
    a, b, dest_values = operands_out_of_range(kind, np.random.default_rng(7))
    expected = dest_values.astype(dest_dtype)
    got = expected.copy()
    operands = ((a, DataType.BFLOAT16), (b, DataType.BFLOAT16))
    with np.errstate(over="ignore", invalid="ignore"):  # inf sums, inf - inf
        float64_multiply_into(expected, *operands, fidelity, accumulate)
        tile_module.multiply_into(got, *operands, fidelity, accumulate)
    assert np.array_equal(expected.view(np.uint8), got.view(np.uint8))


def test_the_planted_pairs_differ_in_float32() -> None:
    """The planted pairs are ones float32 rounds differently (else the test above would not
    hold the float64 chunks to anything)."""
    single = np.float32(2.0**-149) + np.float32(2.0**-75) * np.float32(2.0**-75)
    assert single == np.float32(2.0**-149)
    assert np.float32(np.float64(2.0**-149) + 2.0**-150) == np.float32(2.0**-148)
    with np.errstate(over="ignore"):
        assert np.isinf(np.float32(-FLOAT32_MAX) + np.float32(2.0**64) * np.float32(2.0**64))
    assert np.isfinite(np.float32(np.float64(-FLOAT32_MAX) + 2.0**128))


def test_a_multiply_holds_chunks_not_tensors() -> None:
    """8 MiB of f32 DEST, 4 MiB of bf16 activation: the float64 formulation held ~5 DEST
    sizes more at once; the chunks hold two scratch chunks of at most 1 MiB each, the
    weight's values and a chunk's temporaries."""
    rng = np.random.default_rng(3)
    a = bf16_tiles(rng.standard_normal((512, 4, 32, 32)))
    b = bf16_tiles(rng.standard_normal((8, 4, 32, 32)))
    dest = np.zeros((512, 4, 32, 32), np.float32)
    tracemalloc.start()
    try:
        tile_module.multiply_into(
            dest, (a, DataType.BFLOAT16), (b, DataType.BFLOAT16), "LoFi", True
        )
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5 * tile_module.CHUNK_BYTES

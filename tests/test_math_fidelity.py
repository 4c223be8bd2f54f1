"""Math fidelity (`runtime/math_fidelity.py`, docs/semantics.md §9.7): the mantissa bits each
FPU fidelity phase multiplies, as Tenstorrent's ISA documentation states them (modelled from
documentation, not checked on a card), held against an independent formula on the integer
significand, hand-worked values, and `tile.matmul` / `tile.multiply` in the interpreter."""

from __future__ import annotations

import math

import numpy as np
import pytest
from xdsl.dialects import memref
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.runtime.interpreter.tile import block_matmul
from ttnn_xdsl.runtime.math_fidelity import (
    PHASES,
    fidelity_matmul,
    fidelity_multiply,
    phase_count,
    src_a_part,
    src_b_part,
)

# The bits of the 24-bit significand (implicit 1 = bit 23) each part keeps.
SRC_A_HIGH_BITS = range(19, 24)
SRC_A_LOW_BITS = range(14, 19)
SRC_B_HIGH_BITS = range(17, 24)
SRC_B_LOW_BITS = range(13, 17)
# Which (SrcA part, SrcB part) each phase multiplies: phase bit 0 → SrcA low, bit 1 → SrcB low.
PHASE_PARTS = [("high", "high"), ("low", "high"), ("high", "low"), ("low", "low")]


def significand_part(value: float, bits: range) -> float:
    """The value of `bits` of `value`'s 24-bit float32 significand, by integer arithmetic."""
    if value == 0.0:
        return 0.0
    fraction, exponent = math.frexp(value)  # value = fraction · 2^exponent, 0.5 ≤ |fraction| < 1
    significand = int(abs(fraction) * 2**24)  # exact for float32 values
    kept = sum(significand & (1 << bit) for bit in bits)
    return math.copysign(kept * 2.0 ** (exponent - 24), value)


def product_by_parts(a: float, b: float, fidelity: str) -> float:
    """Σ over the fidelity's phases of SrcA part · SrcB part, the parts from the integer
    significands (HiFi4: a · b)."""
    if fidelity == "HiFi4":
        return a * b
    bits = {
        "a": {"high": SRC_A_HIGH_BITS, "low": SRC_A_LOW_BITS},
        "b": {"high": SRC_B_HIGH_BITS, "low": SRC_B_LOW_BITS},
    }
    return sum(
        significand_part(a, bits["a"][a_part]) * significand_part(b, bits["b"][b_part])
        for a_part, b_part in PHASE_PARTS[: PHASES[fidelity]]
    )


def random_float32(count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(count) * 2.0 ** rng.integers(-20, 20, count)).astype(np.float32)


def test_phase_counts_are_tt_llk_s() -> None:
    """tt-llk's MathFidelity: LoFi = 0 runs one phase, HiFi2 two, HiFi3 three, HiFi4 four."""
    assert [phase_count(name) for name in ("LoFi", "HiFi2", "HiFi3", "HiFi4")] == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="unknown math fidelity 'HiFi5'"):
        phase_count("HiFi5")


@pytest.mark.parametrize("phase", range(4))
def test_parts_are_the_documented_bits(phase: int) -> None:
    values = random_float32(500, phase)
    a_bits = SRC_A_LOW_BITS if phase & 1 else SRC_A_HIGH_BITS
    b_bits = SRC_B_LOW_BITS if phase & 2 else SRC_B_HIGH_BITS
    expected_a = [significand_part(float(v), a_bits) for v in values]
    expected_b = [significand_part(float(v), b_bits) for v in values]
    assert src_a_part(values, phase).tolist() == expected_a
    assert src_b_part(values, phase).tolist() == expected_b


def test_hand_worked_product() -> None:
    """SrcA = 1 + 2^-5 (its bit 2^-5 is below SrcA's 4 high mantissa bits), SrcB = 1 + 2^-7
    (below SrcB's 6): LoFi 1, HiFi2 adds 2^-5, HiFi3 2^-7, HiFi4 2^-12."""
    a, b = np.float32(1 + 2.0**-5), np.float32(1 + 2.0**-7)
    got = {name: float(fidelity_multiply(a, b, name)) for name in PHASES}
    assert got == {
        "LoFi": 1.0,
        "HiFi2": 1 + 2.0**-5,
        "HiFi3": 1 + 2.0**-5 + 2.0**-7,
        "HiFi4": 1 + 2.0**-5 + 2.0**-7 + 2.0**-12,
    }


@pytest.mark.parametrize("fidelity", list(PHASES))
def test_multiply_and_matmul_against_the_integer_formula(fidelity: str) -> None:
    a, b = random_float32(64, 10).reshape(8, 8), random_float32(64, 11).reshape(8, 8)
    elementwise = [
        [product_by_parts(float(a[i, j]), float(b[i, j]), fidelity) for j in range(8)]
        for i in range(8)
    ]
    assert fidelity_multiply(a, b, fidelity).tolist() == elementwise
    # matmul: SrcB is the left operand, SrcA the right one.
    expected = np.array(
        [
            [
                math.fsum(
                    product_by_parts(float(b[k, j]), float(a[i, k]), fidelity) for k in range(8)
                )
                for j in range(8)
            ]
            for i in range(8)
        ]
    )
    # The matmul sums in float32 (BLAS's order; each phase added in float32): within
    # (K + phases) float32 roundings of Σ|product| of the exact sum.
    magnitude = np.array(
        [
            [
                math.fsum(
                    abs(product_by_parts(float(b[k, j]), float(a[i, k]), fidelity))
                    for k in range(8)
                )
                for j in range(8)
            ]
            for i in range(8)
        ]
    )
    got = fidelity_matmul(a, b, fidelity)
    assert got.dtype == np.float32
    bound = (8 + PHASES[fidelity]) * 2.0**-24 * magnitude
    assert (np.abs(got.astype(np.float64) - expected) <= bound).all()


def test_bf16_operands_hifi4_exact_hifi2_exact_in_src_a() -> None:
    """bf16 values have 7 mantissa bits: SrcA's two parts (4 + 5 bits) hold them all, so HiFi2
    is exact when SrcB's value fits its 6 high bits; LoFi is not."""
    a = np.float32(1 + 2.0**-7)  # bf16, needs SrcA's low part
    b = np.float32(1 + 2.0**-6)  # within SrcB's high part
    assert float(fidelity_multiply(a, b, "HiFi2")) == float(a) * float(b)
    assert float(fidelity_multiply(a, b, "LoFi")) != float(a) * float(b)


def test_tile_matmul_puts_the_activation_in_src_b() -> None:
    """`block_matmul` (tile.matmul's arithmetic): a (the activation) is SrcB, b (the weight)
    SrcA. With a = 1 + 2^-7 and b = 1 + 2^-5 everywhere in one 32-deep tile, LoFi drops both
    tails (every output 32); HiFi2 adds SrcA's low part — b's 2^-5, not a's 2^-7 (with the
    roles swapped it would be 32·(1 + 2^-7))."""
    a = np.full((1, 1, 32, 32), 1 + 2.0**-7, np.float32)
    b = np.full((1, 1, 32, 32), 1 + 2.0**-5, np.float32)
    assert np.all(block_matmul(a, b, "LoFi") == 32.0)
    assert np.all(block_matmul(a, b, "HiFi2") == 32 * (1 + 2.0**-5))
    assert np.all(block_matmul(a, b, "HiFi4") == 32 * (1 + 2.0**-5) * (1 + 2.0**-7))


def test_tile_ops_verify_their_fidelity() -> None:
    def buffer(rows: int, cols: int) -> object:
        return memref.AllocOp.get(tile.tile_type(DataType.FLOAT32), shape=[rows, cols]).memref

    a, b, c = buffer(2, 2), buffer(2, 2), buffer(2, 2)
    with pytest.raises(VerifyException, match="math_fidelity must be one of LoFi, HiFi2"):
        tile.MatmulOp(a, b, c, "Mid").verify()  # type: ignore[arg-type]
    with pytest.raises(VerifyException, match=r"expected tile grids MxN, KxN \(K dividing M\)"):
        tile.MultiplyOp(buffer(3, 2), b, buffer(3, 2)).verify()  # type: ignore[arg-type]
    assert tile.MultiplyOp(buffer(4, 2), b, buffer(4, 2), "LoFi").fidelity() == "LoFi"  # type: ignore[arg-type]
    assert "math_fidelity" not in tile.MatmulOp(a, b, c).properties  # type: ignore[arg-type]

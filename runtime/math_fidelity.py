"""Math fidelity: which mantissa bits of its operands the FPU multiplies (docs/semantics.md §9.7).

Modelled from documentation, not checked on a card. Tenstorrent's ISA documentation for
Wormhole B0 (github.com/tenstorrent/tt-isa-documentation, `WormholeB0/TensixTile/
TensixCoprocessor/MVMUL.md`, `ELWMUL.md` and `MatrixUnit.md`, functions `SrcAFidelityBits` and
`SrcBFidelityBits`) says the multipliers consume at most 5 significand bits of `SrcA` and 7 of
`SrcB`, so one multiply runs as up to four *fidelity phases*, each accumulated into `Dst`.
In float32 bit positions (31 sign, 30…23 exponent, 22…0 mantissa):

| phase | SrcA multiplies (`phase & 1`)             | SrcB multiplies (`phase & 2`)            |
|-------|------------------------------------------|------------------------------------------|
| 0     | hi: implicit 1 + mantissa bits 22…19      | hi: implicit 1 + mantissa bits 22…17      |
| 1     | lo: mantissa bits 18…14 (value x − hi)    | hi                                       |
| 2     | hi                                       | lo: mantissa bits 16…13 (value x − hi)    |
| 3     | lo                                       | lo                                       |

(`hi` keeps sign, exponent and the top mantissa bits: mask 0xfff80000 for SrcA, 0xfffe0000 for
SrcB; `lo` is the value of the next 5 (SrcA) or 4 (SrcB) mantissa bits; lower bits are never
multiplied.) tt-llk's `MathFidelity` enum gives the phase count (LoFi = 0 → one phase,
HiFi2 = 2, HiFi3 = 3, HiFi4 = 4; `get_math_num_fidelity_phases`): LoFi computes hi·hi, HiFi2
adds lo_A·hi_B, HiFi3 adds hi_A·lo_B, HiFi4 adds lo_A·lo_B. For bf16 and bfloat8_b operands
(7 mantissa bits, bits 22…16) HiFi4 is the exact product, HiFi2 the full SrcA times SrcB's hi.

Which operand is which: a matmul unpacks in0 (the activation) to SrcB and in1 (the weight) to
SrcA (tt-metal's `llk_math_matmul_api.h` for Wormhole B0: "In0/operandA -> srcB,
In1/operandB -> srcA"); the eltwise `mul_tiles` of the 1D depthwise conv puts in0 (the
activation) in SrcA and in1 (the weight) in SrcB (`compute_depthwise_conv1d.cpp`).

HiFi4 multiplies the operands unchanged: for float32 operands the device would also drop the
mantissa bits below TF32's, which is not modelled.

The sums are float32's, as the ISA's functional model of MVMUL writes them (`float x = 0;
x += SrcB · SrcA` over the 16-deep inner dimension, then `Dst += x` in FP32): a matmul is
NumPy's float32 matmul (BLAS), each fidelity phase added to the total in float32. Every
product of bf16 / bfloat8_b operands, and of each phase's parts, is exact in float32; only
the order of the additions is BLAS's, not the device's (which the ISA does not fix either:
"operations might be performed in a different order")."""

from __future__ import annotations

import numpy as np

PHASES = {"LoFi": 1, "HiFi2": 2, "HiFi3": 3, "HiFi4": 4}
"""The fidelity phases each TT-NN MathFidelity runs (phase 0, 1, … in order)."""

SRC_A_HIGH_MASK = np.uint32(0xFFF80000)
"""SrcA's phase-0 bits: sign, exponent, mantissa bits 22…19."""
SRC_A_LOW_CLEAR = np.uint32(0xFFF83FFF)
"""SrcA: everything but the mantissa bits 18…14 its odd phases multiply."""
SRC_B_HIGH_MASK = np.uint32(0xFFFE0000)
"""SrcB's bits in phases 0 and 1: sign, exponent, mantissa bits 22…17."""
SRC_B_LOW_CLEAR = np.uint32(0xFFFE1FFF)
"""SrcB: everything but the mantissa bits 16…13 phases 2 and 3 multiply."""


def _part(values: np.ndarray, high_mask: np.uint32, low_clear: np.uint32, low: bool) -> np.ndarray:
    """The high part (the masked value) or the low part (the value of the bits between the two
    masks) of float32 values, as float32 (both are exact: the low part is a difference of two
    float32 values sharing their leading bits)."""
    single = np.array(values, dtype=np.float32)  # a contiguous copy, any rank (0 included)
    bits = single.view(np.uint32)
    if not low:
        return (bits & high_mask).view(np.float32)
    return single - (bits & low_clear).view(np.float32)


def src_a_part(values: np.ndarray, phase: int) -> np.ndarray:
    """What SrcA multiplies in fidelity phase `phase` (the ISA's `SrcAFidelityBits`)."""
    return _part(values, SRC_A_HIGH_MASK, SRC_A_LOW_CLEAR, bool(phase & 1))


def src_b_part(values: np.ndarray, phase: int) -> np.ndarray:
    """What SrcB multiplies in fidelity phase `phase` (the ISA's `SrcBFidelityBits`)."""
    return _part(values, SRC_B_HIGH_MASK, SRC_B_LOW_CLEAR, bool(phase & 2))


def phase_count(math_fidelity: str) -> int:
    """The phases `math_fidelity` runs; ValueError for a name TT-NN does not have."""
    if math_fidelity not in PHASES:
        raise ValueError(
            f"unknown math fidelity '{math_fidelity}' (expected one of {', '.join(PHASES)})"
        )
    return PHASES[math_fidelity]


def fidelity_matmul(src_b: np.ndarray, src_a: np.ndarray, math_fidelity: str) -> np.ndarray:
    """src_b @ src_a (float32) as the FPU's fidelity phases compute it: SrcB's part @ SrcA's
    part per phase, summed in float32, each phase added to the total in float32 (HiFi4: the
    matmul of the values as given)."""
    phases = phase_count(math_fidelity)
    if src_b.ndim > 2 and src_a.ndim <= src_b.ndim and all(d == 1 for d in src_a.shape[:-2]):
        # One SrcA for every leading index (a weight shared by the cores): one matmul of
        # SrcB's stacked rows, which BLAS runs faster than a batch of small ones.
        rows = src_b.reshape(-1, src_b.shape[-1])
        flat = fidelity_matmul(rows, src_a.reshape(src_a.shape[-2:]), math_fidelity)
        return flat.reshape(*src_b.shape[:-1], src_a.shape[-1])
    if phases == PHASES["HiFi4"]:
        return np.asarray(src_b, np.float32) @ np.asarray(src_a, np.float32)
    total = src_b_part(src_b, 0) @ src_a_part(src_a, 0)
    for phase in range(1, phases):
        total += src_b_part(src_b, phase) @ src_a_part(src_a, phase)
    return total


def fidelity_multiply(src_a: np.ndarray, src_b: np.ndarray, math_fidelity: str) -> np.ndarray:
    """src_a ⊙ src_b (float64, elementwise, broadcasting) as the FPU's fidelity phases compute
    it (HiFi4: the exact products)."""
    phases = phase_count(math_fidelity)
    if phases == PHASES["HiFi4"]:
        return np.asarray(src_a, np.float64) * np.asarray(src_b, np.float64)
    total = src_a_part(src_a, 0).astype(np.float64) * src_b_part(src_b, 0)
    for phase in range(1, phases):
        total = total + src_a_part(src_a, phase).astype(np.float64) * src_b_part(src_b, phase)
    return total


def products_exact_in_float32(math_fidelity: str, narrow_a: bool, narrow_b: bool) -> bool:
    """Whether `fidelity_multiply`'s values are float32 values — every product of parts and
    every running sum of the phases exact in float32 — for operands whose products stay within
    float32's range (`narrow_a` / `narrow_b`: the operand holds at most 8 significant bits,
    bf16 or bfloat8_b; docs/semantics.md §9.7). Below HiFi4 a phase multiplies at most 5
    SrcA bits by 7 SrcB bits and the phases' sums span at most 21 bits, whatever the dtypes;
    HiFi4 multiplies the values, 8 by 8 bits at most when both are narrow."""
    return phase_count(math_fidelity) < PHASES["HiFi4"] or (narrow_a and narrow_b)


def src_b_phase_parts(src_b: np.ndarray, math_fidelity: str) -> list[np.ndarray]:
    """What SrcB multiplies in each phase `fidelity_multiply` runs, as float32 (HiFi4: one
    phase, the values as given)."""
    phases = phase_count(math_fidelity)
    if phases == PHASES["HiFi4"]:
        return [np.asarray(src_b, np.float32)]
    return [src_b_part(src_b, phase) for phase in range(phases)]


def fidelity_multiply_float32(
    src_a: np.ndarray, src_b_parts: list[np.ndarray], math_fidelity: str, out: np.ndarray
) -> np.ndarray:
    """`out` = `fidelity_multiply`(src_a, src_b, math_fidelity) computed in float32
    (`src_b_parts` from `src_b_phase_parts`, broadcasting against `src_a`; `out` float32 of the
    broadcast shape, returned) — the same values where `products_exact_in_float32` holds and no
    product or running sum leaves float32's range: a caller checks that by float32's status
    flags (underflow and overflow raised inside `np.errstate`)."""
    if phase_count(math_fidelity) == PHASES["HiFi4"]:  # the values
        return np.multiply(src_a, src_b_parts[0], out=out)
    np.multiply(src_a_part(src_a, 0), src_b_parts[0], out=out)
    for phase in range(1, len(src_b_parts)):
        out += src_a_part(src_a, phase) * src_b_parts[phase]
    return out

"""Tests of `ttnn_xdsl.tensor_formats.formats` against semantics.md §1.

Hand-computed bytes for the rules of §1.2 / §1.3, an independent scalar reimplementation of §1.3
(plain Python ints, written from docs/semantics.md) compared byte for byte, and hypothesis
properties."""

from __future__ import annotations

import math
import struct

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.tensor_formats.formats import (
    BFLOAT8_B_TILE_BYTES,
    FACE_SIZE,
    TILE_SIZE,
    bytes_per_tile,
    from_device_bytes,
    pack_bfloat8_b_tiles,
    quantize_bfloat8_b,
    round_to_bfloat16,
    rounding_keeps_bfloat16,
    tile_first_rows,
    tiles_from_face_order,
    tiles_to_face_order,
    tilize,
    to_device_bytes,
    to_float32,
    unpack_bfloat8_b_faces,
    unpack_bfloat8_b_first_rows,
    unpack_bfloat8_b_matrix,
    unpack_bfloat8_b_tiles,
    untilize,
)

BF16 = np.dtype(ml_dtypes.bfloat16)


# ---------------------------------------------------------------------------------------------
# Helpers (independent of the module under test)
# ---------------------------------------------------------------------------------------------


def face_offset(r: int, c: int) -> int:
    """semantics.md §1.1: offset of element (r, c) of a tile in face order."""
    return ((r // 16) * 2 + c // 16) * 256 + (r % 16) * 16 + c % 16


def f32_bits(value: float) -> int:
    """The fp32 bit pattern of a Python float (rounded to fp32)."""
    return struct.unpack("<I", struct.pack("<f", value))[0]


def f32_from_bits(bits: int) -> float:
    """The fp32 value of a bit pattern, as a Python float (exact)."""
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def reference_bfp8_byte(u: int, shared: int) -> int:
    """semantics.md §1.3, one element: fp32 bits `u` in a block with shared exponent `shared`."""
    e = (u >> 23) & 0xFF
    if e == 0:
        return 0
    mant = (u & 0x7FFFFF) | (1 << 23)
    d = shared - e
    mant = 0 if d > 31 else mant >> d
    rv = mant & 0x1FFFF
    m = mant >> 17
    if rv > 0x10000 or (rv == 0x10000 and m & 1):
        m += 1
    m = min(m, 127)
    s = u >> 31
    if m == 0:
        s = 0
    return (s << 7) | m


def reference_pack_tile(tile: np.ndarray) -> bytes:
    """semantics.md §1.3, one row-major 32x32 tile, scalar loop over plain ints."""
    words = struct.unpack("<1024I", np.asarray(tile, dtype="<f4").tobytes())
    exponents: list[int] = []
    data: list[int] = []
    for face in range(4):
        r0, c0 = 16 * (face // 2), 16 * (face % 2)
        for i in range(16):
            row = [words[(r0 + i) * 32 + c0 + j] for j in range(16)]
            shared = max((u >> 23) & 0xFF for u in row)
            exponents.append(shared)
            data.extend(reference_bfp8_byte(u, shared) for u in row)
    return bytes(exponents + data)


def reference_unpack_tile(packed: bytes) -> list[list[float]]:
    """semantics.md §1.3 decoding, one tile: row-major 32x32 Python floats (exact in double)."""
    out = [[0.0] * 32 for _ in range(32)]
    for r in range(32):
        for c in range(32):
            k = face_offset(r, c)
            shared = packed[k // 16]
            byte = packed[64 + k]
            m = byte & 0x7F
            value = math.ldexp(m, shared - 127 - 6) if m and shared else 0.0
            out[r][c] = -value if byte >> 7 and value else value
    return out


def reference_bf16_bits(u: int) -> int:
    """semantics.md §1.2 on one fp32 bit pattern."""
    if (u >> 23) & 0xFF == 0xFF and u & 0x7FFFFF:
        return 0x7FC0
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF


def tile_with_row(values: list[float], row: int = 0) -> np.ndarray:
    """A zero tile whose face-0 row `row` starts with `values`."""
    tile = np.zeros((32, 32), dtype=np.float32)
    tile[row, : len(values)] = np.array(values, dtype=np.float32)
    return tile


def pack_row(values: list[float] | list[int], *, bits: bool = False) -> tuple[int, list[int]]:
    """Pack `values` (floats, or fp32 bit patterns) as face-0 row 0: (exponent byte, data bytes)."""
    if bits:
        floats = np.array(values, dtype=np.uint32).view(np.float32)
        tile = np.zeros((32, 32), dtype=np.float32)
        tile[0, : len(values)] = floats
    else:
        tile = tile_with_row(list(values))
    packed = pack_bfloat8_b_tiles(tile)
    assert packed.shape == (BFLOAT8_B_TILE_BYTES,)
    assert packed.dtype == np.uint8
    return int(packed[0]), [int(b) for b in packed[64 : 64 + len(values)]]


def random_tiles(rng: np.random.Generator, kind: str, count: int) -> np.ndarray:
    """`count` float32 tiles of one magnitude profile."""
    shape = (count, 32, 32)
    if kind == "unit":
        return rng.standard_normal(shape).astype(np.float32)
    if kind == "huge":
        return (rng.standard_normal(shape) * 1e37).astype(np.float32)
    if kind == "tiny":  # normals near the bottom of the range and fp32 denormals
        return (rng.standard_normal(shape) * 1e-38).astype(np.float32)
    if kind == "mixed":  # exponents spread over +-40 binades inside every block
        scale = np.exp2(rng.integers(-40, 40, size=shape)).astype(np.float64)
        return (rng.standard_normal(shape) * scale).astype(np.float32)
    if kind == "bits":  # random finite bit patterns, exponent window per row, denormals, zeros
        base = rng.integers(0, 230, size=(count, 32, 1))
        exponent = np.clip(base + rng.integers(-8, 25, size=shape), 0, 254)
        sign = rng.integers(0, 2, size=shape)
        mantissa = rng.integers(0, 1 << 23, size=shape)
        words = (sign << 31) | (exponent << 23) | mantissa
        words[rng.random(shape) < 0.05] = 0  # zeros
        words[rng.random(shape) < 0.05] = 0x80000000  # negative zeros
        dn = rng.random(shape) < 0.05
        words[dn] = rng.integers(1, 1 << 23, size=int(dn.sum()))  # denormals
        return words.astype(np.uint32).view(np.float32)
    if kind == "sparse":
        values = rng.standard_normal(shape).astype(np.float32)
        values[rng.random(shape) < 0.9] = 0.0
        return values
    if kind == "bf16":  # bf16 values make exact rounding ties frequent
        scale = np.exp2(rng.integers(-10, 10, size=shape))
        return (rng.standard_normal(shape) * scale).astype(BF16).astype(np.float32)
    raise AssertionError(kind)


# ---------------------------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------------------------


def test_constants() -> None:
    assert TILE_SIZE == 32
    assert FACE_SIZE == 16
    assert BFLOAT8_B_TILE_BYTES == 1088
    assert bytes_per_tile(DataType.FLOAT32) == 4096
    assert bytes_per_tile(DataType.BFLOAT16) == 2048
    assert bytes_per_tile(DataType.BFLOAT8_B) == 1088
    assert bytes_per_tile("bfp8_b") == 1088  # type: ignore[arg-type]


def test_to_float32() -> None:
    assert to_float32(np.array([1, 2**24 + 1], dtype=np.int64)).tolist() == [1.0, 2.0**24]
    # Round to nearest: 1 + 2^-24 + 2^-30 is just above the fp32 tie, so it rounds up.
    result = to_float32(np.array([1 + 2**-24 + 2**-30], dtype=np.float64))
    assert result.dtype == np.float32
    assert f32_bits(float(result[0])) == 0x3F800001
    assert to_float32(np.array([1.5], dtype=BF16)).tolist() == [1.5]
    assert to_float32(np.array([True, False])).tolist() == [1.0, 0.0]
    with pytest.raises(TypeError, match="real float or integer"):
        to_float32(np.array([1 + 2j]))


# ---------------------------------------------------------------------------------------------
# bfloat16 (semantics.md §1.2)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("u", "expected"),
    [
        (0x3F800000, 0x3F80),  # 1.0
        (0x3F808000, 0x3F80),  # exact tie, kept lsb even (0) -> down
        (0x3F818000, 0x3F82),  # exact tie, kept lsb odd (1) -> up to even
        (0x3F808001, 0x3F81),  # just above the tie -> up
        (0x3F807FFF, 0x3F80),  # just below the tie -> down
        (0xBF818000, 0xBF82),  # negative tie to even
        (0x80000000, 0x8000),  # -0.0 keeps its sign
        (0x7F800000, 0x7F80),  # +Inf
        (0xFF800000, 0xFF80),  # -Inf
        (0x7F7FFFFF, 0x7F80),  # largest finite fp32 rounds to Inf
        (0x7FC00000, 0x7FC0),  # quiet NaN
        (0x7F800001, 0x7FC0),  # signalling NaN -> canonical
        # negative NaN -> canonical, positive (semantics.md §1.2; ml_dtypes keeps the sign)
        (0xFFC00000, 0x7FC0),
        (0x7FFFFFFF, 0x7FC0),  # NaN with all payload bits (would carry into the sign)
        (0x00018000, 0x0002),  # fp32 denormal, tie to even: kept, not flushed
        (0x00010001, 0x0001),  # fp32 denormal just above 0x0001: kept
        (0x007FFFFF, 0x0080),  # largest denormal rounds up to the smallest normal
        (0x80008001, 0x8001),  # negative denormal kept
    ],
)
def test_bfloat16_bit_patterns(u: int, expected: int) -> None:
    value = np.array([u], dtype=np.uint32).view(np.float32)
    result = round_to_bfloat16(value)
    assert result.dtype == BF16
    assert int(result.view(np.uint16)[0]) == expected


def test_bfloat16_goes_through_float32() -> None:
    # 1 + 2^-8 + 2^-30 in float64 becomes the fp32 value 1 + 2^-8 (a bf16 tie with even lsb),
    # which rounds down to 1.0; rounding the float64 directly would give 1 + 2^-7.
    value = np.array([1 + 2**-8 + 2**-30], dtype=np.float64)
    assert int(round_to_bfloat16(value).view(np.uint16)[0]) == 0x3F80
    assert int(round_to_bfloat16(np.array([3], dtype=np.int32)).view(np.uint16)[0]) == 0x4040


def test_bfloat16_keeps_shape_and_bf16_input() -> None:
    values = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 7
    result = round_to_bfloat16(values)
    assert result.shape == (2, 3, 4)
    # bf16 input: goes through float32 exactly, so it comes back unchanged.
    assert np.array_equal(round_to_bfloat16(result).view(np.uint16), result.view(np.uint16))


@pytest.mark.parametrize(
    ("value", "expected"),
    [(np.float32(1.00390625), 0x3F80), (np.array(1.01171875), 0x3F82), (np.array(-np.nan), 0x7FC0)],
)
def test_bfloat16_of_a_0d_array(value: np.ndarray, expected: int) -> None:
    # A 0-d array (ttnn.from_torch of a scalar tensor as bfloat16) is rounded like any
    # other: 1 + 2^-8 is a tie to even (0x3F80), 1 + 3·2^-8 one to 0x3F82; it used to raise
    # TypeError ("copyto() argument 1 must be a numpy.ndarray").
    result = round_to_bfloat16(value)
    assert result.shape == ()
    assert int(result.view(np.uint16)) == expected


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_bfloat16_of_a_large_tensor_on_two_threads(dtype: type) -> None:
    # 2^21 values: 16 chunks, the second half converted on a worker thread; every bit
    # pattern class (a NaN of each sign near the end, inside the worker's half) by the rule
    # (float64 values of float32s go through float32 exactly).
    rng = np.random.default_rng(7)
    bits = rng.integers(0, 2**32, 2**21, dtype=np.uint64).astype(np.uint32)
    bits[-5:] = [0x7F800001, 0xFFC00000, 0x7F800000, 0xFF800000, 0x00000001]
    with np.errstate(invalid="ignore"):  # the signalling NaN
        values = bits.view(np.float32).astype(dtype).reshape(64, 32768)
    expected = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    expected[np.isnan(bits.view(np.float32))] = 0x7FC0
    result = round_to_bfloat16(values).view(np.uint16).reshape(-1)
    assert np.array_equal(result, expected)


def test_bfloat16_matches_ml_dtypes_on_all_exponents() -> None:
    rng = np.random.default_rng(1)
    words = rng.integers(0, 1 << 32, size=400_000, dtype=np.uint64).astype(np.uint32)
    values = words.view(np.float32)
    finite_or_inf = ~np.isnan(values)
    ours = round_to_bfloat16(values).view(np.uint16)
    theirs = values[finite_or_inf].astype(BF16).view(np.uint16)
    assert np.array_equal(ours[finite_or_inf], theirs)
    assert (ours[~finite_or_inf] == 0x7FC0).all()
    # And against the scalar formula of semantics.md §1.2 on a sample.
    for u, got in zip(words[:2000].tolist(), ours[:2000].tolist(), strict=True):
        assert got == reference_bf16_bits(u)


@settings(max_examples=60, deadline=None)
@given(
    hnp.arrays(
        np.float32,
        hnp.array_shapes(min_dims=1, max_dims=3, max_side=20),
        elements=st.floats(width=32, allow_nan=False),
    )
)
def test_bfloat16_property_matches_ml_dtypes(values: np.ndarray) -> None:
    ours = round_to_bfloat16(values)
    assert ours.shape == values.shape
    assert np.array_equal(ours.view(np.uint16), values.astype(BF16).view(np.uint16))


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=0xFFFFFFFF))
def test_bfloat16_property_bits(u: int) -> None:
    value = np.array([u], dtype=np.uint32).view(np.float32)
    assert int(round_to_bfloat16(value).view(np.uint16)[0]) == reference_bf16_bits(u)


# ---------------------------------------------------------------------------------------------
# bfloat8_b: hand-computed bytes (semantics.md §1.3)
# ---------------------------------------------------------------------------------------------

# semantics.md §1.3 worked row, E = 128: (value, byte, decoded value).
WORKED_ROW = [
    (1.0, 0x20, 1.0),
    (3.0, 0x60, 3.0),
    (0.1, 0x03, 0.09375),
    (-0.75, 0x98, -0.75),
    (1e-3, 0x00, 0.0),
    (-0.0, 0x00, 0.0),
    (2.9999, 0x60, 3.0),
    (3.9921875, 0x7F, 3.96875),
]


def test_worked_row_in_one_block() -> None:
    values = [v for v, _, _ in WORKED_ROW]
    exponent, data = pack_row(values)
    assert exponent == 128  # 3.0, 2.9999 and 3.9921875 have biased exponent 128
    assert data == [b for _, b, _ in WORKED_ROW]
    # The rest of the row is zero, every other block is all zero.
    packed = pack_bfloat8_b_tiles(tile_with_row(values))
    assert not packed[1:64].any()
    assert not packed[64 + 8 :].any()
    decoded = quantize_bfloat8_b(tile_with_row(values))[0, :8]
    assert decoded.tolist() == [x for _, _, x in WORKED_ROW]
    assert not np.signbit(decoded[4:6]).any()  # zeros decode as +0.0


@pytest.mark.parametrize(("value", "byte", "decoded"), WORKED_ROW)
def test_worked_row_each_value(value: float, byte: int, decoded: float) -> None:
    # 2.0 fixes the shared exponent at 128 whatever `value` is.
    exponent, data = pack_row([2.0, value])
    assert exponent == 128
    assert data == [0x40, byte]
    result = quantize_bfloat8_b(tile_with_row([2.0, value]))
    assert float(result[0, 1]) == decoded


def test_exponent_comes_from_largest_value_even_when_it_is_negative() -> None:
    exponent, data = pack_row([-3.0, 1.0, 0.5])
    assert exponent == 128
    assert data == [0xE0, 0x20, 0x10]


def test_denormals_flush_in_a_block_of_denormals() -> None:
    denormals = [0x00000001, 0x00400000, 0x807FFFFF, 0x00012345]
    exponent, data = pack_row(denormals, bits=True)
    assert exponent == 0  # denormals have biased exponent 0
    assert data == [0, 0, 0, 0]


def test_denormals_flush_next_to_the_smallest_normal() -> None:
    # 2^-126 (e = 1) sets E = 1. 2^-127 (denormal 0x00400000) is one binade below: treated as
    # 1.0 x 2^-126 shifted by d = 1 it would give m = 0x30; semantics.md §1.3 flushes it to 0.
    exponent, data = pack_row([0x00800000, 0x00400000, 0x80600000, 0x00C00000], bits=True)
    assert exponent == 1
    assert data == [0x40, 0x00, 0x00, 0x60]


def test_negative_zero_and_tiny_negatives_give_plus_zero() -> None:
    assert pack_row([-0.0]) == (0, [0x00])
    assert pack_row([2.0, -0.0, -1e-3, -(2.0**-8)]) == (128, [0x40, 0x00, 0x00, 0x00])
    # -2^-7 with E = 128: d = 8, mant >> 8 = 0x8000 < tie -> m = 0 -> +0 (sign cleared).
    assert pack_row([2.0, -(2.0**-7)]) == (128, [0x40, 0x00])
    # -1.5 * 2^-7: d = 8, rv = 0xC000 ... still below the tie -> 0; -2^-6: d = 7, rv = 0x10000,
    # m = 0 even -> tie stays 0 (+0); -1.5 * 2^-6: rv > tie -> m = 1 with the sign.
    assert pack_row([2.0, -1.5 * 2.0**-7, -(2.0**-6), -1.5 * 2.0**-6]) == (
        128,
        [0x40, 0x00, 0x00, 0x81],
    )


def test_saturation_without_renormalisation() -> None:
    # 3.9921875 = 127.75/32 -> rounds to 128 -> saturates at 127 (3.96875); the exponent stays.
    # -(4 - 2^-8) = -127.875/32 -> 0xFF. 127.5/32 is a tie with odd m = 127 -> 128 -> 127.
    exponent, data = pack_row([3.9921875, -(4 - 2.0**-8), 127.5 / 32])
    assert exponent == 128
    assert data == [0x7F, 0xFF, 0x7F]
    decoded = quantize_bfloat8_b(tile_with_row([3.9921875, -(4 - 2.0**-8)]))[0, :2]
    assert decoded.tolist() == [3.96875, -3.96875]


def _bits(exponent: int, fraction: int, sign: int = 0) -> int:
    return (sign << 31) | (exponent << 23) | fraction


@pytest.mark.parametrize(
    ("u", "byte"),
    [
        # d = 0 (e = E = 128): m = 64 + (frac >> 17), rv = frac & 0x1FFFF.
        (_bits(128, 0x10000), 0x40),  # tie, m = 64 even -> stays 64
        (_bits(128, (1 << 17) | 0x10000), 0x42),  # tie, m = 65 odd -> 66
        (_bits(128, (2 << 17) | 0x10000), 0x42),  # tie, m = 66 even -> stays 66
        (_bits(128, (1 << 17) | 0x10000, sign=1), 0xC2),  # negative tie, odd -> 66
        (_bits(128, 0x10001), 0x41),  # just above the tie -> up
        (_bits(128, (1 << 17) | 0x0FFFF), 0x41),  # just below the tie -> down
        # d = 1 (e = 127): mant >> 1, m = 32 + ...
        (_bits(127, 0x20000), 0x20),  # tie after the shift, m = 32 even -> 32
        (_bits(127, (1 << 18) | 0x20000), 0x22),  # tie after the shift, m = 33 odd -> 34
    ],
)
def test_round_half_to_even_on_kept_bits(u: int, byte: int) -> None:
    exponent, data = pack_row([0x40000000, u], bits=True)  # 2.0 fixes E = 128
    assert exponent == 128
    assert data == [0x40, byte]


def sticky_bfp8_magnitude(u: int, shared: int) -> int:
    """What §1.3 would give (magnitude only) if the shifted-out bits set a sticky bit."""
    e = (u >> 23) & 0xFF
    mant = (u & 0x7FFFFF) | (1 << 23)
    d = shared - e
    sticky = d > 0 and mant & ((1 << d) - 1) != 0
    mant >>= d
    rv, m = mant & 0x1FFFF, mant >> 17
    if rv > 0x10000 or (rv == 0x10000 and (sticky or m & 1)):
        m += 1
    return min(m, 127)


@pytest.mark.parametrize(
    ("u", "byte", "with_sticky"),
    [
        # e = 127 (d = 1): mant = 0x820001; mant >> 1 = 0x410000 drops the low 1 bit, leaving an
        # exact tie with even m = 32 -> 32. A sticky bit would make it "above the tie" -> 33.
        (_bits(127, 0x20001), 0x20, 0x21),
        # e = 126 (d = 2): mant = 0x840003; >> 2 = 0x210000 (tie, m = 16 even) -> 16, not 17.
        (_bits(126, 0x40003), 0x10, 0x11),
        # Same with a negative value: the sign is kept since m != 0.
        (_bits(126, 0x40003, sign=1), 0x90, 0x91),
        # e = 121 (d = 7): mant = 0x800001 >> 7 = 0x10000: tie with m = 0 -> +0, not 1.
        (_bits(121, 0x000001, sign=1), 0x00, 0x81),
    ],
)
def test_no_sticky_bit(u: int, byte: int, with_sticky: int) -> None:
    # The case discriminates: a sticky-bit implementation would give `with_sticky`.
    assert sticky_bfp8_magnitude(u, 128) == with_sticky & 0x7F != byte & 0x7F
    exponent, data = pack_row([0x40000000, u], bits=True)  # 2.0 fixes E = 128
    assert exponent == 128
    assert data == [0x40, byte]


@pytest.mark.parametrize(
    ("big", "small"),
    [
        (2.0, 1.5 * 2.0**-31),  # d = 32: x86 would shift by 32 & 31 = 0 and keep the mantissa
        (2.0, 2.0**-32),  # d = 33
        (3.5, -1.75 * 2.0**-39),  # d = 40
        (1e38, 1.0),  # d = 126
        (-3e38, -1.0),  # d = 127, large negative max
    ],
)
def test_far_below_shared_exponent_is_zero(big: float, small: float) -> None:
    exponent, data = pack_row([big, small])
    assert exponent == (f32_bits(big) >> 23) & 0xFF
    assert data[1] == 0x00


def test_all_zero_blocks() -> None:
    packed = pack_bfloat8_b_tiles(np.zeros((2, 32, 32), dtype=np.float32))
    assert packed.shape == (2, 1088)
    assert not packed.any()
    negative_zeros = np.full((32, 32), -0.0, dtype=np.float32)
    assert not pack_bfloat8_b_tiles(negative_zeros).any()
    # One non-zero row: its block gets an exponent, all other 63 exponents stay 0.
    tile = np.zeros((32, 32), dtype=np.float32)
    tile[17, 20] = 1.0  # face 3, row 1
    packed = pack_bfloat8_b_tiles(tile)
    nonzero = np.flatnonzero(packed).tolist()
    assert nonzero == [3 * 16 + 1, 64 + face_offset(17, 20)]
    assert packed[49] == 127
    assert packed[64 + face_offset(17, 20)] == 0x40


def test_packed_tile_layout_follows_face_order() -> None:
    # Value 2^(r + 40*(c//16)) at (r, c): each block (face f, row i) has its own exponent.
    r, c = np.meshgrid(np.arange(32), np.arange(32), indexing="ij")
    tile = np.exp2(r + 40 * (c // 16)).astype(np.float32)
    packed = pack_bfloat8_b_tiles(tile)
    for face in range(4):
        for i in range(16):
            row, col_half = 16 * (face // 2) + i, face % 2
            assert packed[face * 16 + i] == 127 + row + 40 * col_half
    assert (packed[64:] == 0x40).all()


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_values_are_rejected(bad: float) -> None:
    tiles = np.ones((3, 32, 32), dtype=np.float32)
    tiles[2, 31, 5] = bad
    with pytest.raises(ValueError, match="non-finite"):
        pack_bfloat8_b_tiles(tiles)
    with pytest.raises(ValueError, match="NaN or Inf"):
        pack_bfloat8_b_tiles(tiles.astype(BF16))
    with pytest.raises(ValueError, match="non-finite"):
        quantize_bfloat8_b(tiles)


def test_pack_rejects_wrong_shapes() -> None:
    with pytest.raises(ValueError, match=r"\[\.\.\., 32, 32\]"):
        pack_bfloat8_b_tiles(np.zeros((32, 16), dtype=np.float32))
    with pytest.raises(ValueError, match="1088"):
        unpack_bfloat8_b_tiles(np.zeros((1087,), dtype=np.uint8))
    with pytest.raises(ValueError, match="uint8"):
        unpack_bfloat8_b_tiles(np.zeros((1088,), dtype=np.int32))


def test_unpack_decodes_exactly() -> None:
    packed = np.zeros((2, 1088), dtype=np.uint8)
    packed[0, 0] = 128  # face 0 row 0: E = 128
    packed[0, 64:68] = [0x20, 0xFF, 0x80, 0x01]  # 1.0, -3.96875, -0 -> +0, 1/32
    packed[0, 16] = 1  # face 1 row 0: E = 1, m = 64 -> 2^-126 (smallest normal)
    packed[0, 64 + 256] = 0x40
    packed[0, 32] = 254  # face 2 row 0: E = 254, m = 127 -> 127 * 2^121 (finite)
    packed[0, 64 + 512] = 0x7F
    packed[1, 64:] = 0x7F  # E = 0 everywhere: all +0.0
    values = unpack_bfloat8_b_tiles(packed)
    assert values.dtype == np.float32
    assert values.shape == (2, 32, 32)
    assert values[0, 0, :4].tolist() == [1.0, -3.96875, 0.0, 1 / 32]
    assert not np.signbit(values[0, 0, 2])
    assert values[0, 0, 16] == np.float32(2.0**-126)
    assert values[0, 16, 0] == np.float32(127 * 2.0**121)
    assert not values[1].any()
    assert not np.signbit(values[1]).any()


def test_first_rows_decode_row_zero_of_each_tile() -> None:
    """A bias row's decode reads only row 0 of each tile: it equals §1.3's decode of that
    row, for random bytes and every special exponent (E = 0 with negative bytes, E = 255)."""
    rng = np.random.default_rng(7)
    packed = rng.integers(0, 256, size=(3, 5, BFLOAT8_B_TILE_BYTES), dtype=np.uint8)
    packed[0, 0, [0, 16]] = 0  # E == 0 under negative bytes: +0.0
    packed[0, 0, 64:80] = 0xFF
    packed[0, 1, 16] = 255  # E == 255: overflows to +-Inf
    packed[0, 2, [0, 16]] = [133, 1]
    rows = unpack_bfloat8_b_first_rows(packed)
    assert rows.shape == (3, 5, 32) and rows.dtype == np.float32
    for index in np.ndindex(3, 5):
        expected = np.array(reference_unpack_tile(packed[index].tobytes())[0])
        with np.errstate(over="ignore"):  # E == 255's values beyond float32: Inf
            assert rows[index].tolist() == expected.astype(np.float32).tolist()
    assert not np.signbit(rows[0, 0, :16]).any()
    # The other dtypes' row 0, widened exactly; bfloat8_b through the same function.
    values = rng.standard_normal((2, 4, 32, 32)).astype(BF16)
    assert tile_first_rows(values, DataType.BFLOAT16).tolist() == (
        values[..., 0, :].astype(np.float32).tolist()
    )
    assert tile_first_rows(packed, DataType.BFLOAT8_B).tobytes() == rows.tobytes()


def test_unpack_decodes_every_exponent_and_byte() -> None:
    """All 65,536 (shared exponent, byte) pairs, each against the rule computed by Python's
    float arithmetic: (-1)^s · m · 2^(E-127-6), +0.0 where m == 0 or E == 0 (a negative byte
    under E == 0 too), Inf where E == 255 overflows float32."""
    exponents = np.repeat(np.arange(256, dtype=np.uint8), 16)  # 16 face rows per exponent
    packed = np.zeros((64, 1088), dtype=np.uint8)
    packed[:, :64] = exponents.reshape(64, 64)
    packed[:, 64:] = np.tile(np.arange(256, dtype=np.uint8), 256).reshape(64, 1024)
    faces = unpack_bfloat8_b_faces(packed)
    decoded = faces.reshape(64, 64, 16)  # [tile, face row, lane]: face rows in byte order
    expected = np.empty((64, 64, 16), dtype=np.float32)
    for tile_index in range(64):
        for row in range(64):
            exponent = int(packed[tile_index, row])
            for lane in range(16):
                byte = int(packed[tile_index, 64 + row * 16 + lane])
                magnitude = byte & 0x7F
                value = 0.0
                if magnitude and exponent:
                    value = math.ldexp(magnitude, exponent - 133) * (-1 if byte >> 7 else 1)
                with np.errstate(over="ignore"):
                    expected[tile_index, row, lane] = np.float32(value)
    assert decoded.tobytes() == expected.tobytes()
    assert np.isinf(decoded).sum() == 2 * 64  # E = 255, m >= 64, either sign


# ---------------------------------------------------------------------------------------------
# bfloat8_b: independent reference
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["unit", "huge", "tiny", "mixed", "bits", "sparse", "bf16"])
def test_pack_matches_scalar_reference(kind: str) -> None:
    rng = np.random.default_rng(sum(map(ord, kind)))
    tiles = random_tiles(rng, kind, 4)
    batch = tiles.reshape(2, 2, 32, 32)
    packed = pack_bfloat8_b_tiles(batch)
    assert packed.shape == (2, 2, 1088)
    flat = packed.reshape(4, 1088)
    for index in range(4):
        assert flat[index].tobytes() == reference_pack_tile(tiles[index])
    # The decoded values, element by element, against the scalar decoder.
    decoded = unpack_bfloat8_b_tiles(flat)
    for index in range(2):
        expected = reference_unpack_tile(flat[index].tobytes())
        assert decoded[index].astype(np.float64).tolist() == expected


def test_pack_accepts_bf16_tiles() -> None:
    rng = np.random.default_rng(7)
    tiles = random_tiles(rng, "mixed", 2).astype(BF16)
    assert np.array_equal(
        pack_bfloat8_b_tiles(tiles), pack_bfloat8_b_tiles(tiles.astype(np.float32))
    )


finite_f32 = st.floats(width=32, allow_nan=False, allow_infinity=False)


@settings(max_examples=40, deadline=None)
@given(hnp.arrays(np.float32, (32, 32), elements=finite_f32))
def test_pack_property_matches_reference(tile: np.ndarray) -> None:
    assert pack_bfloat8_b_tiles(tile).tobytes() == reference_pack_tile(tile)


@settings(max_examples=60, deadline=None)
@given(hnp.arrays(np.float32, st.sampled_from([(32, 32), (2, 32, 32)]), elements=finite_f32))
def test_quantize_is_idempotent(tiles: np.ndarray) -> None:
    packed = pack_bfloat8_b_tiles(tiles)
    values = unpack_bfloat8_b_tiles(packed)
    assert np.isfinite(values).all()
    repacked = pack_bfloat8_b_tiles(values)
    assert repacked.tobytes() == packed.tobytes()
    assert quantize_bfloat8_b(values).tobytes() == values.tobytes()


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(["unit", "huge", "tiny", "mixed", "bits", "sparse", "bf16"]),
)
def test_quantize_is_idempotent_on_profiles(seed: int, kind: str) -> None:
    tiles = random_tiles(np.random.default_rng(seed), kind, 3)
    packed = pack_bfloat8_b_tiles(tiles)
    assert pack_bfloat8_b_tiles(unpack_bfloat8_b_tiles(packed)).tobytes() == packed.tobytes()


# ---------------------------------------------------------------------------------------------
# Face order
# ---------------------------------------------------------------------------------------------


def test_face_order_matches_index_formula() -> None:
    tile = np.arange(1024, dtype=np.int64).reshape(32, 32)
    flat = tiles_to_face_order(tile)
    assert flat.shape == (1024,)
    expected = np.empty(1024, dtype=np.int64)
    for r in range(32):
        for c in range(32):
            expected[face_offset(r, c)] = r * 32 + c
    assert np.array_equal(flat, expected)
    # A few literal positions: face 1 starts at 256 with (0, 16), face 2 at 512 with (16, 0).
    assert flat[:3].tolist() == [0, 1, 2]
    assert flat[16] == 32  # (1, 0)
    assert flat[256] == 16
    assert flat[512] == 512
    assert flat[768] == 528  # (16, 16)
    assert np.array_equal(tiles_from_face_order(flat), tile)


def test_face_order_batched_round_trip() -> None:
    tiles = np.random.default_rng(3).standard_normal((2, 3, 32, 32)).astype(np.float32)
    flat = tiles_to_face_order(tiles)
    assert flat.shape == (2, 3, 1024)
    assert flat[1, 2, face_offset(20, 5)] == tiles[1, 2, 20, 5]
    assert np.array_equal(tiles_from_face_order(flat), tiles)
    with pytest.raises(ValueError):
        tiles_to_face_order(np.zeros((16, 32)))
    with pytest.raises(ValueError):
        tiles_from_face_order(np.zeros((1023,)))


# ---------------------------------------------------------------------------------------------
# Tilize / untilize
# ---------------------------------------------------------------------------------------------


def test_tilize_known_shape() -> None:
    values = np.arange(40 * 50, dtype=np.float32).reshape(40, 50) + 1
    tiles = tilize(values)
    assert tiles.shape == (2, 2, 32, 32)
    assert tiles.dtype == np.float32
    assert tiles[0, 0, 0, 0] == 1
    assert tiles[0, 1, 3, 4] == values[3, 36]
    assert tiles[1, 1, 7, 17] == values[39, 49]
    assert not tiles[1, :, 8:, :].any()  # rows 40..63
    assert not tiles[:, 1, :, 18:].any()  # cols 50..63
    assert np.count_nonzero(tiles) == 40 * 50
    assert np.array_equal(untilize(tiles, (40, 50)), values)
    assert untilize(tiles).shape == (64, 64)


def test_tilize_physical_shape_and_dtype() -> None:
    values = np.ones((1, 1, 27, 2), dtype=BF16)
    tiles = tilize(values, [1, 1, 96, 32])
    assert tiles.shape == (1, 1, 3, 1, 32, 32)
    assert tiles.dtype == BF16
    assert np.count_nonzero(tiles.astype(np.float32)) == 54
    assert untilize(tiles).shape == (1, 1, 96, 32)
    assert untilize(tiles, [1, 1, 27, 2]).dtype == BF16


@pytest.mark.parametrize(
    "physical",
    [[1, 1, 90, 32], [1, 1, 96, 16], [1, 1, 0, 32], [2, 1, 96, 32], [1, 96, 32], [1, 1, 1, 96, 32]],
)
def test_tilize_rejects_bad_physical_shapes(physical: list[int]) -> None:
    with pytest.raises(ValueError, match="physical shape"):
        tilize(np.ones((1, 1, 27, 2), dtype=np.float32), physical)


def test_tilize_and_untilize_errors() -> None:
    with pytest.raises(ValueError, match="rank >= 2"):
        tilize(np.ones(5))
    tiles = tilize(np.ones((2, 40, 50)))
    with pytest.raises(ValueError, match="crop"):
        untilize(tiles, (2, 70, 50))
    with pytest.raises(ValueError, match="crop"):
        untilize(tiles, (3, 40, 50))
    with pytest.raises(ValueError, match="crop"):
        untilize(tiles, (40, 50))
    with pytest.raises(ValueError):
        untilize(np.zeros((32, 32)))


@st.composite
def logical_shapes(draw: st.DrawFn) -> tuple[int, ...]:
    """Rank 2-4, H and W in 1..70, leading dims in 1..70 with a product of at most 70."""
    rank = draw(st.integers(2, 4))
    lead: list[int] = []
    budget = 70
    for _ in range(rank - 2):
        dim = draw(st.integers(1, budget))
        lead.append(dim)
        budget = max(1, budget // dim)
    return (*lead, draw(st.integers(1, 70)), draw(st.integers(1, 70)))


@settings(max_examples=60, deadline=None)
@given(logical_shapes(), st.integers(0, 2**32 - 1), st.integers(0, 2), st.integers(0, 2))
def test_tilize_untilize_identity(
    shape: tuple[int, ...], seed: int, extra_h: int, extra_w: int
) -> None:
    values = np.random.default_rng(seed).standard_normal(shape).astype(np.float32) + 10
    tiles = tilize(values)
    hp, wp = -(-shape[-2] // 32) * 32, -(-shape[-1] // 32) * 32
    assert tiles.shape == (*shape[:-2], hp // 32, wp // 32, 32, 32)
    assert np.array_equal(untilize(tiles, shape), values)
    physical_matrix = untilize(tiles)
    assert np.count_nonzero(physical_matrix) == values.size  # the padding is zero
    # With extra tiles of padding.
    physical = (*shape[:-2], hp + 32 * extra_h, wp + 32 * extra_w)
    padded = tilize(values, physical)
    assert untilize(padded).shape == physical
    assert np.array_equal(untilize(padded, shape), values)
    assert np.array_equal(tilize(untilize(padded), physical), padded)


# ---------------------------------------------------------------------------------------------
# Device bytes
# ---------------------------------------------------------------------------------------------


def test_float32_tile_bytes() -> None:
    values = np.arange(32 * 64, dtype=np.float32).reshape(1, 1, 32, 64)
    data = tilize(values)  # [1, 1, 1, 2, 32, 32]
    buffer = to_device_bytes(data, DataType.FLOAT32, Layout.TILE)
    assert isinstance(buffer, bytes)
    assert len(buffer) == 2 * 4096

    def at(offset: int) -> float:
        return struct.unpack_from("<f", buffer, offset)[0]

    assert at(0) == 0.0
    assert at(4) == 1.0  # (0, 1)
    assert buffer[64:68] == bytes.fromhex("00008042")  # (1, 0) = 64.0 little-endian
    assert at(1024) == 16.0  # face 1 starts with (0, 16)
    assert at(2048) == 16 * 64  # face 2 starts with (16, 0)
    assert at(3072) == 16 * 64 + 16  # face 3 starts with (16, 16)
    assert at(4096) == 32.0  # tile 1 starts with (0, 32)
    assert at(4096 + 4 * face_offset(31, 31)) == 31 * 64 + 63
    for t in range(2):
        for r, c in [(0, 15), (15, 0), (5, 20), (20, 5), (31, 0), (17, 30)]:
            assert at(4096 * t + 4 * face_offset(r, c)) == r * 64 + 32 * t + c
    back = from_device_bytes(buffer, DataType.FLOAT32, Layout.TILE, [1, 1, 1, 2])
    assert back.dtype == np.float32
    assert np.array_equal(back, data)


def test_bfloat16_tile_bytes() -> None:
    values = np.arange(32 * 32, dtype=np.float32).reshape(32, 32) / 4
    data = round_to_bfloat16(tilize(values))  # [1, 1, 32, 32]
    buffer = to_device_bytes(data, DataType.BFLOAT16, Layout.TILE)
    assert len(buffer) == 2048
    assert buffer[32:34] == b"\x00\x41"  # (1, 0) = 32/4 = 8.0 = 0x4100
    assert buffer[2 * 256 : 2 * 256 + 2] == b"\x80\x40"  # (0, 16) = 4.0 = 0x4080
    for r, c in [(0, 0), (0, 1), (3, 17), (16, 0), (31, 31), (20, 9)]:
        (u16,) = struct.unpack_from("<H", buffer, 2 * face_offset(r, c))
        assert u16 == reference_bf16_bits(f32_bits((r * 32 + c) / 4))
    back = from_device_bytes(buffer, DataType.BFLOAT16, Layout.TILE, [1, 1])
    assert back.dtype == BF16
    assert np.array_equal(back.view(np.uint16), data.view(np.uint16))


def test_bfloat8_b_tile_bytes() -> None:
    values = np.zeros((32, 64), dtype=np.float32)
    values[0, 0] = 1.0
    values[1, 33] = -3.0
    values[16, 16] = 0.5
    data = pack_bfloat8_b_tiles(tilize(values))  # [1, 2, 1088]
    buffer = to_device_bytes(data, DataType.BFLOAT8_B, Layout.TILE)
    assert len(buffer) == 2 * 1088
    assert buffer[0] == 127 and buffer[64] == 0x40
    assert buffer[3 * 16 + 0] == 126 and buffer[64 + face_offset(16, 16)] == 0x40
    assert buffer[1088 + 1] == 128 and buffer[1088 + 64 + face_offset(1, 1)] == 0xE0
    assert sum(1 for b in buffer if b) == 6
    back = from_device_bytes(buffer, DataType.BFLOAT8_B, Layout.TILE, [1, 2])
    assert back.dtype == np.uint8
    assert np.array_equal(back, data)


def test_row_major_bytes() -> None:
    values = np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5
    buffer = to_device_bytes(values, DataType.FLOAT32, Layout.ROW_MAJOR)
    assert buffer == struct.pack("<6f", *values.ravel().tolist())
    bf = round_to_bfloat16(values)
    buffer16 = to_device_bytes(bf, DataType.BFLOAT16, Layout.ROW_MAJOR)
    assert buffer16 == struct.pack(
        "<6H", *[reference_bf16_bits(f32_bits(v)) for v in values.ravel()]
    )
    assert buffer16[:2] == b"\x20\xc0"  # -2.5 = 0xC020
    assert np.array_equal(
        from_device_bytes(buffer, DataType.FLOAT32, Layout.ROW_MAJOR, (2, 3)), values
    )
    back16 = from_device_bytes(buffer16, DataType.BFLOAT16, Layout.ROW_MAJOR, (2, 3))
    assert np.array_equal(back16.view(np.uint16), bf.view(np.uint16))


def test_device_bytes_errors() -> None:
    tiles = tilize(np.ones((32, 32), dtype=np.float32))
    with pytest.raises(ValueError, match=r"4096 bytes, got 4095"):
        from_device_bytes(bytes(4095), DataType.FLOAT32, Layout.TILE, [1, 1])
    with pytest.raises(ValueError, match=r"2176 bytes, got 1088"):
        from_device_bytes(bytes(1088), DataType.BFLOAT8_B, Layout.TILE, [1, 2])
    with pytest.raises(ValueError, match=r"12 bytes, got 24"):
        from_device_bytes(bytes(24), DataType.BFLOAT16, Layout.ROW_MAJOR, [2, 3])
    with pytest.raises(ValueError, match="only in TILE"):
        from_device_bytes(bytes(6), DataType.BFLOAT8_B, Layout.ROW_MAJOR, [2, 3])
    with pytest.raises(ValueError, match="only in TILE"):
        to_device_bytes(np.zeros((2, 1088), np.uint8), DataType.BFLOAT8_B, Layout.ROW_MAJOR)
    with pytest.raises(ValueError, match="dtype"):
        to_device_bytes(tiles, DataType.BFLOAT16, Layout.TILE)  # float32 data for bf16
    with pytest.raises(ValueError, match="shape"):
        to_device_bytes(np.ones((4, 4), np.float32), DataType.FLOAT32, Layout.TILE)
    with pytest.raises(ValueError, match="uint8"):
        to_device_bytes(tiles, DataType.BFLOAT8_B, Layout.TILE)


COMBINATIONS = [
    (DataType.FLOAT32, Layout.TILE),
    (DataType.BFLOAT16, Layout.TILE),
    (DataType.BFLOAT8_B, Layout.TILE),
    (DataType.FLOAT32, Layout.ROW_MAJOR),
    (DataType.BFLOAT16, Layout.ROW_MAJOR),
]


@settings(max_examples=60, deadline=None)
@given(logical_shapes(), st.sampled_from(COMBINATIONS), st.integers(0, 2**32 - 1))
def test_device_bytes_round_trip(
    shape: tuple[int, ...], combination: tuple[DataType, Layout], seed: int
) -> None:
    dtype, layout = combination
    values = random_tiles(np.random.default_rng(seed), "mixed", 1).ravel()
    values = np.resize(values, shape)
    if layout == Layout.TILE:
        tiles = tilize(values)
        data = {
            DataType.FLOAT32: lambda: tiles,
            DataType.BFLOAT16: lambda: round_to_bfloat16(tiles),
            DataType.BFLOAT8_B: lambda: pack_bfloat8_b_tiles(tiles),
        }[dtype]()
        grid = tiles.shape[:-2]
    else:
        data = values if dtype == DataType.FLOAT32 else round_to_bfloat16(values)
        grid = shape
    buffer = to_device_bytes(data, dtype, layout)
    unit = bytes_per_tile(dtype) if layout == Layout.TILE else data.dtype.itemsize
    assert len(buffer) == math.prod(grid) * unit
    back = from_device_bytes(buffer, dtype, layout, grid)
    assert back.dtype == data.dtype
    assert back.shape == data.shape
    assert back.tobytes() == np.ascontiguousarray(data).tobytes()
    assert to_device_bytes(back, dtype, layout) == buffer


def test_bfloat8_b_faces_are_the_tiles_values_in_face_order() -> None:
    """unpack_bfloat8_b_faces[..., r // 16, c // 16, r % 16, c % 16] is the decoded tile's
    element (r, c), for every element of random packed tiles (any byte, any exponent)."""
    packed = np.random.default_rng(7).integers(0, 255, (3, 2, 1088), dtype=np.uint8)
    faces = unpack_bfloat8_b_faces(packed)
    tiles = unpack_bfloat8_b_tiles(packed)
    assert faces.shape == (3, 2, 2, 2, 16, 16) and faces.dtype == np.float32
    rows, cols = np.meshgrid(np.arange(32), np.arange(32), indexing="ij")
    picked = faces[..., rows // 16, cols // 16, rows % 16, cols % 16]
    assert np.array_equal(picked.view(np.uint32), tiles.view(np.uint32))


def _decoded_matrix_by_formula(packed: np.ndarray) -> np.ndarray:
    """The float32 matrices [..., R·32, C·32] of bfloat8_b tiles [..., R, C, 1088], from the
    byte layout alone: element (r, c) of a tile is byte 64 + 256·face + 16·(r % 16) + c % 16
    under exponent byte 16·face + r % 16, face = 2·(r // 16) + c // 16; its value
    (-1)^s · m · 2^(E-133) in float64, +0.0 where m == 0 or E == 0, then rounded to float32
    (exact, or Inf for E == 255)."""
    rows, cols = np.meshgrid(np.arange(32), np.arange(32), indexing="ij")
    face = 2 * (rows // 16) + cols // 16
    data = packed[..., 64 + 256 * face + 16 * (rows % 16) + cols % 16].astype(np.int64)
    exponent = packed[..., 16 * face + rows % 16].astype(np.int64)
    magnitude = data & 0x7F
    sign = np.where(data >> 7 == 1, -1.0, 1.0)
    value = np.where(
        (magnitude == 0) | (exponent == 0), 0.0, sign * np.ldexp(magnitude, exponent - 133)
    )
    with np.errstate(over="ignore"):
        tiles = value.astype(np.float32)
    *lead, grid_rows, grid_cols = packed.shape[:-1]
    return tiles.swapaxes(-3, -2).reshape(*lead, grid_rows * 32, grid_cols * 32)


@pytest.mark.parametrize(
    ("shape", "columns"),
    [
        ((3, 2, 5, 7), slice(1, 7, 2)),  # several leading entries per chunk, strided tiles
        ((300, 1), slice(None)),  # more tile rows than one chunk holds
        ((2, 130, 3), slice(0, 2)),  # chunks within a leading entry
        ((1, 1), slice(None)),
    ],
)
def test_bfloat8_b_matrix_is_the_tiles_laid_side_by_side(
    shape: tuple[int, ...], columns: slice
) -> None:
    """unpack_bfloat8_b_matrix of a grid of random tiles (any byte, any exponent, some face
    rows with E == 0 over negative bytes) against the byte layout's formula, bit for bit."""
    rng = np.random.default_rng(len(shape))
    packed = rng.integers(0, 256, (*shape, 1088), dtype=np.uint8)
    packed[..., :64][rng.random(packed[..., :64].shape) < 0.05] = 0
    grid = packed[..., columns, :]
    matrix = unpack_bfloat8_b_matrix(grid)
    *lead, rows, cols = grid.shape[:-1]
    assert matrix.shape == (*lead, rows * 32, cols * 32) and matrix.dtype == np.float32
    assert matrix.tobytes() == _decoded_matrix_by_formula(grid).tobytes()


def test_bfloat8_b_matrix_refuses_what_is_not_a_grid_of_tiles() -> None:
    with pytest.raises(ValueError, match=r"expected a grid of tiles \[\.\.\., R, C, 1088\]"):
        unpack_bfloat8_b_matrix(np.zeros((2, 1088), np.uint8))
    with pytest.raises(ValueError, match="expected a uint8 array of shape"):
        unpack_bfloat8_b_matrix(np.zeros((1, 1, 1088), np.int8))


def test_rounding_keeps_bfloat16_exactly_when_rounding_gives_the_bytes_back() -> None:
    """Over all 65,536 bfloat16 bit patterns, one at a time: `rounding_keeps_bfloat16` says
    yes exactly where `round_to_bfloat16` returns the same bytes — all but the 253 NaNs other
    than 0x7FC0 (254 NaN patterns, 127 mantissas of each sign) — and no for the whole set."""
    patterns = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)
    values = patterns.view(ml_dtypes.bfloat16)
    kept = round_to_bfloat16(values).view(np.uint16) == patterns
    assert int((~kept).sum()) == 253
    said = [rounding_keeps_bfloat16(values[p : p + 1]) for p in range(1 << 16)]
    assert said == kept.tolist()
    assert not rounding_keeps_bfloat16(values)
    assert rounding_keeps_bfloat16(values[kept])

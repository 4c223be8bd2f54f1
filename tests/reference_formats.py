"""An independent reference of the TT data formats of semantics.md §1, for tests.

Written from docs/semantics.md alone (it imports nothing from `ttnn_xdsl`): bfloat16 rounding
(§1.2), bfloat8_b packing (§1.3), the TILE layout with its faces (§1.1) and the exact device
bytes of a tensor. Dtypes are named as in the IR: "f32", "bf16", "bfp8_b".

    device_values(matrix, "bfp8_b")   the float32 values a device tensor holds (padding included)
    device_bytes(matrix, "bfp8_b")    its bytes: tiles in face order, little-endian
    host_bytes(array, "bf16")         a row-major host tensor's bytes
"""

from __future__ import annotations

import numpy as np

TILE = 32
FACE = 16
DTYPES = ("f32", "bf16", "bfp8_b")


# ------------------------------------------------------------------------------------------
# §1.2 bfloat16
# ------------------------------------------------------------------------------------------


def f32_bits(values: np.ndarray) -> np.ndarray:
    """The fp32 bit patterns (uint32) of `values` (any float array, converted to fp32)."""
    return np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)


def bf16_bits(values: np.ndarray) -> np.ndarray:
    """semantics.md §1.2: `(u + 0x7FFF + ((u >> 16) & 1)) >> 16`, NaN → 0x7FC0, as uint16."""
    u = f32_bits(values).astype(np.uint64)
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(np.asarray(values, dtype=np.float32))
    return np.where(nan, np.uint16(0x7FC0), rounded).astype(np.uint16)


def bf16_round(values: np.ndarray) -> np.ndarray:
    """The float32 values of `values` rounded to bfloat16 (semantics.md §1.2)."""
    bits = bf16_bits(values).astype(np.uint32) << 16
    return bits.view(np.float32).reshape(np.shape(values))


# ------------------------------------------------------------------------------------------
# §1.1 TILE layout
# ------------------------------------------------------------------------------------------


def face_offset(r: int, c: int) -> int:
    """semantics.md §1.1: offset of element (r, c) of a tile in face order."""
    return ((r // 16) * 2 + c // 16) * 256 + (r % 16) * 16 + c % 16


_FACE_ORDER = np.empty(TILE * TILE, dtype=np.int64)
for _r in range(TILE):
    for _c in range(TILE):
        _FACE_ORDER[face_offset(_r, _c)] = _r * TILE + _c
"""_FACE_ORDER[k] = the row-major index (r·32 + c) of the element stored at offset k."""


def tiles(matrix: np.ndarray) -> np.ndarray:
    """The 32×32 tiles of an array whose last two dims are multiples of 32, in the order of
    semantics.md §1.1 (all leading dims, tile rows, tile columns): shape [n, 32, 32]."""
    *leading, rows, cols = matrix.shape
    assert rows % TILE == 0 and cols % TILE == 0, f"not whole tiles: {matrix.shape}"
    out = []
    for lead in np.ndindex(*leading):
        plane = matrix[lead]
        for tr in range(rows // TILE):
            for tc in range(cols // TILE):
                out.append(plane[tr * TILE : (tr + 1) * TILE, tc * TILE : (tc + 1) * TILE])
    return np.asarray(out).reshape(-1, TILE, TILE)


def untiles(tile_array: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """The inverse of `tiles`: [n, 32, 32] back to an array of `shape`."""
    *leading, rows, cols = shape
    out = np.zeros(shape, dtype=tile_array.dtype)
    k = 0
    for lead in np.ndindex(*leading):
        for tr in range(rows // TILE):
            for tc in range(cols // TILE):
                out[lead][tr * TILE : (tr + 1) * TILE, tc * TILE : (tc + 1) * TILE] = tile_array[k]
                k += 1
    return out


def face_order(tile_array: np.ndarray) -> np.ndarray:
    """[n, 32, 32] tiles → [n, 1024] elements in face order (f0, f1, f2, f3, rows inside)."""
    return tile_array.reshape(-1, TILE * TILE)[:, _FACE_ORDER]


def from_face_order(flat: np.ndarray) -> np.ndarray:
    """[n, 1024] elements in face order → [n, 32, 32] tiles."""
    out = np.empty_like(flat)
    out[:, _FACE_ORDER] = flat
    return out.reshape(-1, TILE, TILE)


# ------------------------------------------------------------------------------------------
# §1.3 bfloat8_b
# ------------------------------------------------------------------------------------------


def bfp8_pack(flat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """semantics.md §1.3 on tiles in face order [n, 1024] (fp32 values): (exponents [n, 64] uint8,
    element bytes [n, 1024] uint8). Each 16-value face row is a block."""
    values = np.ascontiguousarray(flat, dtype=np.float32)
    if not np.all(np.isfinite(values)):
        raise ValueError("bfloat8_b has no encoding for non-finite values")
    u = values.view(np.uint32).astype(np.int64).reshape(-1, 64, FACE)
    e = (u >> 23) & 0xFF
    shared = e.max(axis=-1, keepdims=True)
    sign = (u >> 31) & 1
    mant = (u & 0x7FFFFF) | (1 << 23)
    d = shared - e
    mant = np.where(d > 31, 0, mant >> np.minimum(d, 31))
    rv = mant & 0x1FFFF
    m = mant >> 17
    m = m + ((rv > 0x10000) | ((rv == 0x10000) & ((m & 1) == 1)))
    m = np.minimum(m, 127)
    sign = np.where(m == 0, 0, sign)
    byte = np.where(e == 0, 0, (sign << 7) | m)
    return (
        shared.reshape(-1, 64).astype(np.uint8),
        byte.reshape(-1, TILE * TILE).astype(np.uint8),
    )


def bfp8_unpack(exponents: np.ndarray, elements: np.ndarray) -> np.ndarray:
    """Values of packed bfloat8_b tiles: `(-1)^s · m · 2^(E − 127 − 6)`, [n, 1024] float32."""
    shared = np.repeat(exponents.astype(np.int64), FACE, axis=-1)
    m = elements.astype(np.int64) & 0x7F
    sign = np.where(elements.astype(np.int64) >> 7, -1.0, 1.0)
    return (sign * np.ldexp(m.astype(np.float64), shared - 133)).astype(np.float32)


def bfp8_round(flat: np.ndarray) -> np.ndarray:
    """The values bfloat8_b keeps of tiles in face order [n, 1024]."""
    return bfp8_unpack(*bfp8_pack(flat))


# ------------------------------------------------------------------------------------------
# Device tensors
# ------------------------------------------------------------------------------------------


def device_values(matrix: np.ndarray, dtype: str) -> np.ndarray:
    """The float32 values a TILE tensor of `dtype` holds for the physical array `matrix`
    (last two dims multiples of 32): rounded to bf16 or quantised to bfloat8_b."""
    matrix = np.asarray(matrix, dtype=np.float32)
    if dtype == "f32":
        return matrix.copy()
    if dtype == "bf16":
        return bf16_round(matrix)
    assert dtype == "bfp8_b", dtype
    flat = face_order(tiles(matrix))
    return untiles(from_face_order(bfp8_round(flat)), matrix.shape)


def device_bytes(matrix: np.ndarray, dtype: str) -> bytes:
    """The exact bytes of a TILE tensor of `dtype` whose physical array is `matrix`: tiles
    in order, each in face order; f32 / bf16 little-endian; bfloat8_b 64 exponents then
    1024 element bytes a tile (1088 bytes)."""
    matrix = np.asarray(matrix, dtype=np.float32)
    flat = face_order(tiles(matrix))
    if dtype == "f32":
        return flat.astype("<f4").tobytes()
    if dtype == "bf16":
        return bf16_bits(flat).astype("<u2").tobytes()
    assert dtype == "bfp8_b", dtype
    exponents, elements = bfp8_pack(flat)
    return np.concatenate([exponents, elements], axis=1).tobytes()


def host_bytes(array: np.ndarray, dtype: str) -> bytes:
    """The bytes of a ROW_MAJOR tensor: plain row-major, f32 or bf16 (rounded) little-endian."""
    array = np.asarray(array, dtype=np.float32)
    if dtype == "f32":
        return array.astype("<f4").tobytes()
    assert dtype == "bf16", dtype
    return bf16_bits(array).astype("<u2").tobytes()


def host_values(array: np.ndarray, dtype: str) -> np.ndarray:
    """The float32 values a ROW_MAJOR host tensor of `dtype` holds."""
    array = np.asarray(array, dtype=np.float32)
    return array.copy() if dtype == "f32" else bf16_round(array)

"""The data-format conversions as they were before the fast formats (commit fd1ed2e of
`tensor_formats/formats.py`), kept verbatim as the baseline `make bench` compares against and the
"previous implementation" the differential tests (tests/test_formats_fast.py) compare the
current one with, byte for byte. Whole-array NumPy, no chunking, no fusion: every function
allocates its full-size temporaries. Do not optimise this file: it is the yardstick.
"""

from __future__ import annotations

from collections.abc import Sequence

import ml_dtypes
import numpy as np

from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.shapes import TILE_SIZE, physical_shape_fits, tile_padded_shape

FACE_SIZE = 16
TILE_ELEMENTS = TILE_SIZE * TILE_SIZE
BFLOAT8_B_EXPONENTS_PER_TILE = (TILE_SIZE // FACE_SIZE) ** 2 * FACE_SIZE
BFLOAT8_B_TILE_BYTES = BFLOAT8_B_EXPONENTS_PER_TILE + TILE_ELEMENTS
BFLOAT16 = np.dtype(ml_dtypes.bfloat16)

_ML_FLOAT_DTYPES: frozenset[np.dtype] = frozenset(
    np.dtype(t)
    for name in (
        "bfloat16",
        "float8_e4m3fn",
        "float8_e4m3fnuz",
        "float8_e4m3b11fnuz",
        "float8_e5m2",
        "float8_e5m2fnuz",
    )
    if (t := getattr(ml_dtypes, name, None)) is not None
)


def _check_tile_dims(tiles: np.ndarray, what: str) -> None:
    if tiles.ndim < 2 or tiles.shape[-2:] != (TILE_SIZE, TILE_SIZE):
        raise ValueError(f"{what}: expected an array of shape [..., 32, 32], got {tiles.shape}")


def to_float32(values: np.ndarray) -> np.ndarray:
    """Cast any real float or integer array to float32 (NumPy's round-to-nearest cast)."""
    array = np.asarray(values)
    dtype = array.dtype
    if dtype.kind not in "biuf" and dtype not in _ML_FLOAT_DTYPES:
        raise TypeError(f"expected a real float or integer array, got dtype {dtype}")
    return array.astype(np.float32)


def round_to_bfloat16(values: np.ndarray) -> np.ndarray:
    """Round to bfloat16 as TT-NN does (semantics.md §1.2), returning an ``ml_dtypes.bfloat16``
    array.

    fp32 bits ``u`` become ``(u + 0x7FFF + ((u >> 16) & 1)) >> 16`` (nearest, ties to even);
    every NaN becomes 0x7FC0; fp32 denormals are rounded like any other value (not flushed).
    """
    f32 = to_float32(values)
    u = f32.view(np.uint32)
    # uint32 arithmetic: only NaN inputs can carry into the sign bit or wrap around; they are
    # replaced below.
    bits = (
        (u + np.uint32(0x7FFF) + ((u >> np.uint32(16)) & np.uint32(1))) >> np.uint32(16)
    ).astype(np.uint16)
    bits = np.where(np.isnan(f32), np.uint16(0x7FC0), bits)
    return bits.view(BFLOAT16)


def tiles_to_face_order(tiles: np.ndarray) -> np.ndarray:
    """Flatten row-major tiles ``[..., 32, 32]`` to ``[..., 1024]`` in face order.

    Element (r, c) lands at ``((r//16)*2 + c//16)*256 + (r%16)*16 + c%16`` (semantics.md §1.1).
    """
    tiles = np.asarray(tiles)
    _check_tile_dims(tiles, "tiles_to_face_order")
    lead = tiles.shape[:-2]
    n = TILE_SIZE // FACE_SIZE
    # [..., r_hi, r_lo, c_hi, c_lo] -> [..., r_hi, c_hi, r_lo, c_lo]: faces outermost, then rows.
    split = tiles.reshape((*lead, n, FACE_SIZE, n, FACE_SIZE))
    return np.swapaxes(split, -3, -2).reshape((*lead, TILE_ELEMENTS))


def pack_bfloat8_b_tiles(tiles: np.ndarray) -> np.ndarray:
    """Pack float32 (or bfloat16) tiles ``[..., 32, 32]`` into bfloat8_b bytes ``[..., 1088]``.

    Follows semantics.md §1.3 exactly: per 16-value face row, the shared exponent is the largest
    biased fp32 exponent; each value keeps sign and a 7-bit magnitude aligned to it (zeros and fp32
    denormals flush to 0, shifted-out bits are dropped, round half to even on the remaining
    bits, saturation at 127, no negative zero). Raises ValueError on NaN or Inf.
    """
    tiles = np.asarray(tiles)
    _check_tile_dims(tiles, "pack_bfloat8_b_tiles")
    f32 = to_float32(tiles)  # bf16 -> f32 is exact, so bf16 inputs take the same path.
    if not np.isfinite(f32).all():
        raise ValueError("bfloat8_b cannot encode non-finite values (NaN or Inf found)")
    lead = f32.shape[:-2]
    # One row per block: [..., 64, 16] in face / face-row / column order.
    u = (
        tiles_to_face_order(f32)
        .view(np.uint32)
        .reshape((*lead, BFLOAT8_B_EXPONENTS_PER_TILE, FACE_SIZE))
    )
    # int32 keeps E - e (and everything below) free of unsigned wrap-around.
    e = ((u >> np.uint32(23)) & np.uint32(0xFF)).astype(np.int32)
    shared = e.max(axis=-1, keepdims=True)
    mant = ((u & np.uint32(0x7FFFFF)) | np.uint32(1 << 23)).astype(np.int32)
    d = shared - e
    # A 24-bit significand shifted by more than 23 is 0; clipping keeps NumPy shifts well defined
    # (shift counts >= 32 are undefined in C and wrap on x86) and d > 31 gives 0 as required.
    mant = np.where(d > 31, 0, mant >> np.minimum(d, 31))
    round_bits = mant & 0x1FFFF
    m = mant >> 17
    round_up = (round_bits > 0x10000) | ((round_bits == 0x10000) & ((m & 1) == 1))
    m = np.minimum(m + round_up, 127)  # saturate instead of renormalising
    m = np.where(e == 0, 0, m)  # zero and fp32 denormals flush to 0
    sign = (u >> np.uint32(31)).astype(np.int32)
    sign = np.where(m == 0, 0, sign)  # no negative zero
    data = ((sign << 7) | m).astype(np.uint8).reshape((*lead, TILE_ELEMENTS))
    exponents = shared[..., 0].astype(np.uint8)
    return np.concatenate([exponents, data], axis=-1)


def unpack_bfloat8_b_tiles(packed: np.ndarray) -> np.ndarray:
    """Decode bfloat8_b tiles ``[..., 1088]`` (uint8) into float32 tiles ``[..., 32, 32]``.

    Byte ``s|m`` of a block with shared exponent E is ``(-1)^s * m * 2^(E-127-6)``, computed
    exactly; m == 0 or E == 0 gives +0.0.
    """
    packed = np.asarray(packed)
    if packed.dtype != np.uint8 or packed.ndim < 1 or packed.shape[-1] != BFLOAT8_B_TILE_BYTES:
        raise ValueError(
            "unpack_bfloat8_b_tiles: expected a uint8 array of shape [..., 1088], "
            f"got {packed.dtype} {packed.shape}"
        )
    lead = packed.shape[:-1]
    shared = packed[..., :BFLOAT8_B_EXPONENTS_PER_TILE].astype(np.int32)[..., None]
    data = packed[..., BFLOAT8_B_EXPONENTS_PER_TILE:].reshape(
        (*lead, BFLOAT8_B_EXPONENTS_PER_TILE, FACE_SIZE)
    )
    m = (data & 0x7F).astype(np.float32)
    negative = (data >> 7) == 1
    # ldexp of a 7-bit integer by a power of two is exact in float32 (down to denormals).
    # Only E == 255 (never produced by the packer) can overflow: let it become Inf quietly.
    with np.errstate(over="ignore"):
        magnitude = np.ldexp(m, shared - 127 - 6)
    values = np.where(negative, -magnitude, magnitude)
    values = np.where((m == 0) | (shared == 0), np.float32(0.0), values).astype(np.float32)
    return tiles_from_face_order(values.reshape((*lead, TILE_ELEMENTS)))


def tiles_from_face_order(flat: np.ndarray) -> np.ndarray:
    """Inverse of `tiles_to_face_order`: ``[..., 1024]`` in face order -> ``[..., 32, 32]``."""
    flat = np.asarray(flat)
    if flat.ndim < 1 or flat.shape[-1] != TILE_ELEMENTS:
        raise ValueError(
            f"tiles_from_face_order: expected an array of shape [..., 1024], got {flat.shape}"
        )
    lead = flat.shape[:-1]
    n = TILE_SIZE // FACE_SIZE
    faces = flat.reshape((*lead, n, n, FACE_SIZE, FACE_SIZE))
    return np.swapaxes(faces, -3, -2).reshape((*lead, TILE_SIZE, TILE_SIZE))


def tilize(values: np.ndarray, physical_shape: Sequence[int] | None = None) -> np.ndarray:
    """Cut ``[..., H, W]`` into tiles ``[..., Hp/32, Wp/32, 32, 32]``, zero-padded to Hp x Wp.

    The physical shape defaults to H and W rounded up to 32; a given one must keep the leading
    dims and have last two dims that are multiples of 32 and at least H, W. Keeps the dtype.
    """
    values = np.asarray(values)
    if values.ndim < 2:
        raise ValueError(f"tilize needs an array of rank >= 2, got shape {values.shape}")
    *lead, h, w = values.shape
    if physical_shape is None:
        *_, hp, wp = tile_padded_shape(values.shape)
    else:
        physical = tuple(int(x) for x in physical_shape)
        if not physical_shape_fits(values.shape, physical):
            raise ValueError(
                f"physical shape {list(physical)} does not fit logical shape {list(values.shape)}: "
                "it needs the same leading dims and last two dims that are multiples of 32 "
                "and at least the logical ones"
            )
        hp, wp = physical[-2:]
    padded = np.zeros((*lead, hp, wp), dtype=values.dtype)
    padded[..., :h, :w] = values
    ht, wt = hp // TILE_SIZE, wp // TILE_SIZE
    split = padded.reshape((*lead, ht, TILE_SIZE, wt, TILE_SIZE))
    return np.ascontiguousarray(np.swapaxes(split, -3, -2))


def convert_tiles(data: np.ndarray, source: DataType, target: DataType) -> np.ndarray:
    """Tiles in the TILE data representation of `source` converted to that of `target`, as
    TT-NN's typecast does: through float32 (exact from bf16 and bfloat8_b), then bf16
    rounding (§1.2) or bfloat8_b packing (§1.3)."""
    source, target = DataType(source), DataType(target)
    if source == target:
        return data
    if source == DataType.BFLOAT8_B:
        values = unpack_bfloat8_b_tiles(data)
    else:
        values = np.asarray(data).astype(np.float32)
    if target == DataType.FLOAT32:
        return values
    if target == DataType.BFLOAT16:
        return round_to_bfloat16(values)
    return pack_bfloat8_b_tiles(values)


def device_tile_data(values: np.ndarray, dtype: DataType) -> np.ndarray:
    """What `DeviceTensor.from_numpy(values, dtype, TILE)` stored before: float32, tilize
    (zero padding to whole tiles), then bf16 rounding or bfloat8_b packing."""
    tiles = tilize(to_float32(values))
    if dtype == DataType.FLOAT32:
        return tiles
    if dtype == DataType.BFLOAT16:
        return round_to_bfloat16(tiles)
    return pack_bfloat8_b_tiles(tiles)

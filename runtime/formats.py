"""TT-NN data formats, bit for bit, in NumPy (semantics.md §1).

Everything here is vectorized over whole tensors: a tensor of tiles is processed with a handful
of NumPy calls whatever the number of tiles, never with a Python loop per element or per tile.

Representations (the project-wide convention, shared with the interpreter):

* TILE float32 / bfloat16: an array ``[..., Ht, Wt, 32, 32]`` of ``np.float32`` /
  ``ml_dtypes.bfloat16``, each tile row-major.
* TILE bfloat8_b: an ``np.uint8`` array ``[..., Ht, Wt, 1088]`` holding the packed tiles
  (64 shared exponents, then 1024 sign|magnitude bytes, both in face order).
* ROW_MAJOR float32 / bfloat16: the plain array in its logical shape.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import ml_dtypes
import numpy as np

from ttnn_xdsl.dialect.enums import DataType, Layout
from ttnn_xdsl.dialect.shapes import TILE_SIZE, physical_shape_fits, tile_padded_shape

__all__ = [
    "BFLOAT8_B_TILE_BYTES",
    "FACE_SIZE",
    "TILE_SIZE",
    "bytes_per_tile",
    "convert_tiles",
    "device_buffer_size",
    "from_device_bytes",
    "pack_bfloat8_b_tiles",
    "quantize_bfloat8_b",
    "round_to_bfloat16",
    "tiles_from_face_order",
    "tiles_to_face_order",
    "tilize",
    "to_device_bytes",
    "to_float32",
    "unpack_bfloat8_b_tiles",
    "untilize",
]

FACE_SIZE = 16
TILE_ELEMENTS = TILE_SIZE * TILE_SIZE
# One shared exponent per 16-element face row: 4 faces x 16 rows.
BFLOAT8_B_EXPONENTS_PER_TILE = (TILE_SIZE // FACE_SIZE) ** 2 * FACE_SIZE
BFLOAT8_B_TILE_BYTES = BFLOAT8_B_EXPONENTS_PER_TILE + TILE_ELEMENTS

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)

_BYTES_PER_TILE: dict[DataType, int] = {
    DataType.FLOAT32: 4 * TILE_ELEMENTS,
    DataType.BFLOAT16: 2 * TILE_ELEMENTS,
    DataType.BFLOAT8_B: BFLOAT8_B_TILE_BYTES,
}

# Little-endian element encodings of the device buffers (bf16 travels as its raw u16 bits).
_LE_FLOAT32 = np.dtype("<f4")
_LE_UINT16 = np.dtype("<u2")

# Value dtypes of the data arrays for float32 / bfloat16 tensors.
_VALUE_DTYPES: dict[DataType, np.dtype] = {
    DataType.FLOAT32: np.dtype(np.float32),
    DataType.BFLOAT16: BFLOAT16,
}

# The 8-bit float types of ml_dtypes report kind "V"; accept the ones that are real floats.
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


def bytes_per_tile(dtype: DataType) -> int:
    """Bytes of one 32x32 tile on the device: 4096 (f32), 2048 (bf16), 1088 (bfloat8_b)."""
    return _BYTES_PER_TILE[DataType(dtype)]


def device_buffer_size(physical_shape: Sequence[int], dtype: DataType, layout: Layout) -> int:
    """Bytes of the device (host) buffer of a tensor of this physical shape: TILE, the
    number of tiles times `bytes_per_tile`; ROW_MAJOR, the elements times their size."""
    dtype, layout = DataType(dtype), Layout(layout)
    shape = tuple(int(x) for x in physical_shape)
    if layout == Layout.TILE:
        if len(shape) < 2:
            raise ValueError(f"a TILE tensor needs rank >= 2, got shape {list(shape)}")
        *leading, height, width = shape
        tiles = math.prod(leading) * (height // TILE_SIZE) * (width // TILE_SIZE)
        return tiles * bytes_per_tile(dtype)
    if dtype == DataType.BFLOAT8_B:
        raise ValueError("bfloat8_b exists only in TILE layout")
    return math.prod(shape) * _VALUE_DTYPES[dtype].itemsize


# ---------------------------------------------------------------------------------------------
# Element conversions
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# Face order
# ---------------------------------------------------------------------------------------------


def _check_tile_dims(tiles: np.ndarray, what: str) -> None:
    if tiles.ndim < 2 or tiles.shape[-2:] != (TILE_SIZE, TILE_SIZE):
        raise ValueError(f"{what}: expected an array of shape [..., 32, 32], got {tiles.shape}")


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


# ---------------------------------------------------------------------------------------------
# bfloat8_b
# ---------------------------------------------------------------------------------------------


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


def quantize_bfloat8_b(tiles: np.ndarray) -> np.ndarray:
    """The float32 values bfloat8_b stores for ``tiles``: ``unpack(pack(tiles))``."""
    return unpack_bfloat8_b_tiles(pack_bfloat8_b_tiles(tiles))


# ---------------------------------------------------------------------------------------------
# Tilize / untilize
# ---------------------------------------------------------------------------------------------


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


def untilize(tiles: np.ndarray, shape: Sequence[int] | None = None) -> np.ndarray:
    """Reassemble tiles ``[..., Ht, Wt, 32, 32]`` into ``[..., Ht*32, Wt*32]``.

    The result is cropped to ``shape``; without it the whole physical matrix (padding included)
    is returned.
    """
    tiles = np.asarray(tiles)
    if tiles.ndim < 4 or tiles.shape[-2:] != (TILE_SIZE, TILE_SIZE):
        raise ValueError(f"untilize needs tiles of shape [..., Ht, Wt, 32, 32], got {tiles.shape}")
    *lead, ht, wt, _, _ = tiles.shape
    matrix = np.swapaxes(tiles, -3, -2).reshape((*lead, ht * TILE_SIZE, wt * TILE_SIZE))
    if shape is None:
        return np.ascontiguousarray(matrix)
    target = tuple(int(x) for x in shape)
    if (
        len(target) != matrix.ndim
        or list(target[:-2]) != lead
        or not 0 <= target[-2] <= matrix.shape[-2]
        or not 0 <= target[-1] <= matrix.shape[-1]
    ):
        raise ValueError(
            f"cannot crop the physical matrix of shape {list(matrix.shape)} to {list(target)}"
        )
    return np.ascontiguousarray(matrix[..., : target[-2], : target[-1]])


# ---------------------------------------------------------------------------------------------
# Device bytes
# ---------------------------------------------------------------------------------------------


def _check_data(data: np.ndarray, dtype: DataType, layout: Layout) -> None:
    """Raise ValueError unless ``data`` is the representation of (dtype, layout)."""
    if dtype == DataType.BFLOAT8_B:
        if layout != Layout.TILE:
            raise ValueError("bfloat8_b exists only in TILE layout")
        if data.dtype != np.uint8 or data.ndim < 3 or data.shape[-1] != BFLOAT8_B_TILE_BYTES:
            raise ValueError(
                "bfloat8_b TILE data must be a uint8 array [..., Ht, Wt, 1088], "
                f"got {data.dtype} {data.shape}"
            )
        return
    expected = _VALUE_DTYPES[dtype]
    if data.dtype != expected:
        raise ValueError(f"{dtype} data must have dtype {expected}, got {data.dtype}")
    if layout == Layout.TILE and (data.ndim < 4 or data.shape[-2:] != (TILE_SIZE, TILE_SIZE)):
        raise ValueError(
            f"{dtype} TILE data must have shape [..., Ht, Wt, 32, 32], got {data.shape}"
        )


def to_device_bytes(data: np.ndarray, dtype: DataType, layout: Layout) -> bytes:
    """The exact bytes TT-NN holds for ``data`` (the representation of ``dtype``/``layout``).

    TILE: tiles in order, each in face order (f32 / bf16 little-endian, bfloat8_b as packed).
    ROW_MAJOR: the array row-major, little-endian.
    """
    dtype, layout = DataType(dtype), Layout(layout)
    data = np.asarray(data)
    _check_data(data, dtype, layout)
    if dtype == DataType.BFLOAT8_B:
        return np.ascontiguousarray(data).tobytes()
    if layout == Layout.TILE:
        data = tiles_to_face_order(data)
    if dtype == DataType.FLOAT32:
        return np.ascontiguousarray(data, dtype=_LE_FLOAT32).tobytes()
    return np.ascontiguousarray(data.view(np.uint16), dtype=_LE_UINT16).tobytes()


def from_device_bytes(
    buffer: bytes, dtype: DataType, layout: Layout, shape: Sequence[int]
) -> np.ndarray:
    """Rebuild the data array from device bytes (inverse of `to_device_bytes`).

    ``shape`` is the tile-grid shape ``[..., Ht, Wt]`` for TILE, the full shape for ROW_MAJOR.
    A buffer of the wrong length raises ValueError.
    """
    dtype, layout = DataType(dtype), Layout(layout)
    shape = tuple(int(x) for x in shape)
    if any(x < 0 for x in shape):
        raise ValueError(f"negative dimension in shape {list(shape)}")
    raw = memoryview(buffer).cast("B")
    count = math.prod(shape)
    if layout == Layout.TILE:
        if len(shape) < 2:
            raise ValueError(f"TILE data needs a tile-grid shape [..., Ht, Wt], got {list(shape)}")
        expected = count * bytes_per_tile(dtype)
    elif dtype == DataType.BFLOAT8_B:
        raise ValueError("bfloat8_b exists only in TILE layout")
    else:
        expected = count * _VALUE_DTYPES[dtype].itemsize
    if len(raw) != expected:
        raise ValueError(
            f"device buffer for {dtype} {layout} of shape {list(shape)} must have "
            f"{expected} bytes, got {len(raw)}"
        )
    if dtype == DataType.BFLOAT8_B:
        return np.frombuffer(raw, dtype=np.uint8).reshape((*shape, BFLOAT8_B_TILE_BYTES)).copy()
    if dtype == DataType.FLOAT32:
        elements = np.frombuffer(raw, dtype=_LE_FLOAT32).astype(np.float32)
    else:
        elements = np.frombuffer(raw, dtype=_LE_UINT16).astype(np.uint16).view(BFLOAT16)
    if layout == Layout.TILE:
        return np.ascontiguousarray(
            tiles_from_face_order(elements.reshape((*shape, TILE_ELEMENTS)))
        )
    return elements.reshape(shape)


# ---------------------------------------------------------------------------------------------
# Typecast of tiles
# ---------------------------------------------------------------------------------------------


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

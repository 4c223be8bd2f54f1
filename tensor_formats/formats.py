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
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

import ml_dtypes
import numpy as np

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.shapes import (
    BFLOAT8_B_EXPONENTS_PER_TILE,
    BFLOAT8_B_TILE_BYTES,
    FACE_SIZE,
    TILE_ELEMENTS,
    TILE_SIZE,
    bytes_per_tile,
    physical_shape_fits,
    tile_padded_shape,
)

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
    "rounding_keeps_bfloat16",
    "tile_data_rank",
    "tiles_from_face_order",
    "tiles_to_face_order",
    "tilize",
    "to_device_bytes",
    "to_float32",
    "to_tile_data",
    "unpack_bfloat8_b_faces",
    "unpack_bfloat8_b_matrix",
    "unpack_bfloat8_b_tiles",
    "untilize",
]

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)

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


def tile_data_rank(dtype: DataType) -> int:
    """The trailing dims one tile's data has in the TILE representation of `dtype`: bfloat8_b
    1 (its 1088 bytes), every other dtype 2 (32 × 32 values); the dims before them are the
    tile grid."""
    return 1 if DataType(dtype) == DataType.BFLOAT8_B else 2


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
# Chunks
# ---------------------------------------------------------------------------------------------

# The conversions below stream over a tensor in chunks of whole tiles, each converted by a few
# in-place NumPy passes over scratch buffers allocated once per call: 128 tiles are 512 KiB of
# float32, so a chunk's temporaries stay in the L2 cache and no full-size temporary is made.
CHUNK_TILES = 128

Index = tuple[slice, ...]


def chunk_indices(shape: Sequence[int], per_chunk: int) -> Iterator[Index]:
    """Index tuples (slices only, so every dim is kept) covering an array of `shape` in C
    order, each selecting at most `per_chunk` elements, or one element of every dim but the
    last ones that fit whole."""
    shape = tuple(shape)
    axis, inner = len(shape), 1
    while axis > 0 and inner * shape[axis - 1] <= per_chunk:
        axis -= 1
        inner *= shape[axis]
    if axis == 0:
        yield tuple(slice(None) for _ in shape)
        return
    split = axis - 1
    step = max(1, per_chunk // inner)
    rest = tuple(slice(None) for _ in shape[split + 1 :])
    for outer in np.ndindex(*shape[:split]):
        for start in range(0, shape[split], step):
            yield (
                *(slice(i, i + 1) for i in outer),
                slice(start, min(start + step, shape[split])),
                *rest,
            )


# NumPy releases the GIL inside its loops, so two threads converting halves of a tensor keep
# two cores busy. Used for the bf16 rounding, ml_dtypes' cast (one long call per chunk:
# 2.8 -> 1.75 ms for 2048², on this machine's two cores); not for the bfloat8_b packing,
# whose some 30 short NumPy calls per chunk each hand the GIL over: on two threads 2048²
# took 10.0 ms against 7.8 on one. Below this many chunks (4 MiB of float32) a second thread
# costs more than it gains.
PARALLEL_CHUNKS = 8
_WORKER: list[ThreadPoolExecutor] = []


def _usable_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _for_each_chunk(indices: list[Index], convert: Callable[[Index], None]) -> None:
    """`convert(index)` for every chunk; for a large tensor on a machine with two cores or
    more, the second half of the chunks on a worker thread while this thread does the first
    (`convert` keeps any scratch buffer per thread). Chunks write disjoint parts of the
    output, so the halves do not interact; the first error raised is raised here, after both
    halves stopped."""
    if len(indices) < PARALLEL_CHUNKS or _usable_cores() < 2:
        for index in indices:
            convert(index)
        return
    if not _WORKER:
        _WORKER.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="ttnn-xdsl-convert"))
    half = len(indices) // 2
    second = _WORKER[0].submit(lambda: [convert(index) for index in indices[half:]])
    try:
        for index in indices[:half]:
            convert(index)
    finally:
        error = second.exception()
    if error is not None:
        raise error


def _float32_block(source: np.ndarray, scratch: np.ndarray) -> np.ndarray:
    """`source` as float32 (NumPy's round-to-nearest cast): itself when it already is, else
    converted into the front of the flat `scratch` buffer."""
    if source.dtype == np.float32:
        return source
    block = scratch[: source.size].reshape(source.shape)
    np.copyto(block, source, casting="unsafe")
    return block


# ---------------------------------------------------------------------------------------------
# Element conversions
# ---------------------------------------------------------------------------------------------


def _require_real(array: np.ndarray) -> None:
    dtype = array.dtype
    if dtype.kind not in "biuf" and dtype not in _ML_FLOAT_DTYPES:
        raise TypeError(f"expected a real float or integer array, got dtype {dtype}")


def to_float32(values: np.ndarray) -> np.ndarray:
    """Cast any real float or integer array to float32 (NumPy's round-to-nearest cast)."""
    array = np.asarray(values)
    _require_real(array)
    return array.astype(np.float32)


def bfloat16_from_float32_into(
    out: np.ndarray, values: np.ndarray, arithmetic: bool = False
) -> None:
    """Write the bfloat16 rounding of float32 `values` into the bfloat16 array `out` (same
    shape, any strides): semantics.md §1.2, the one place of the rule.

    The rule — fp32 bits ``u`` become ``(u + 0x7FFF + ((u >> 16) & 1)) >> 16`` (nearest, ties
    to even, fp32 denormals rounded like any value), every NaN 0x7FC0 — is ml_dtypes' cast for
    every non-NaN fp32 value (checked on all 2^32 bit patterns); the cast gives a NaN its sign
    (0xFFC0 for a negative one), which is made 0x7FC0 here.

    `arithmetic`: the values are results of float arithmetic (sums), whose NaNs are quiet —
    the cast flags only signaling NaNs as invalid — so the cast runs without `np.errstate`,
    which costs more than a small chunk's cast.
    """
    if arithmetic:
        np.copyto(out, values, casting="unsafe")
    else:
        with np.errstate(invalid="ignore"):  # ml_dtypes flags signaling NaNs as invalid
            np.copyto(out, values, casting="unsafe")
    bits = out.view(np.uint16)
    # The cast's only results above 0xFF80 (-inf) are negative NaNs: find them in one pass.
    if bits.size and int(bits.max()) > 0xFF80:
        np.copyto(bits, np.uint16(BFLOAT16_NAN), where=bits > 0xFF80)


BFLOAT16_NAN = 0x7FC0
"""The one NaN bfloat16 rounding gives (`bfloat16_from_float32_into`)."""


def rounding_keeps_bfloat16(values: np.ndarray) -> bool:
    """Whether rounding the bfloat16 array `values` to bfloat16 gives its own bytes back: it
    does unless a NaN is not BFLOAT16_NAN (two passes when there is no NaN at all)."""
    bits = np.asarray(values).view(np.uint16)
    magnitudes = bits & np.uint16(0x7FFF)
    if not magnitudes.size or int(magnitudes.max()) <= 0x7F80:
        return True
    return not bool(np.any((magnitudes > 0x7F80) & (bits != BFLOAT16_NAN)))


def _round_to_bfloat16_into(out: np.ndarray, values: np.ndarray) -> None:
    """`out[...] = round_to_bfloat16(values)` for a bfloat16 `out` of the same shape, chunk by
    chunk (each chunk's NaN check reads what its cast just wrote, still in the cache), through
    float32 (NumPy's cast) when `values` is not float32."""
    if values.ndim == 0:  # a chunk of a 0-d array is a scalar, not a view to write into
        out, values = out.reshape(1), values.reshape(1)
    per_chunk = CHUNK_TILES * TILE_ELEMENTS
    indices = list(chunk_indices(values.shape, per_chunk))
    if values.dtype == np.float32:
        _for_each_chunk(
            indices, lambda index: bfloat16_from_float32_into(out[index], values[index])
        )
        return
    scratches = threading.local()

    def convert(index: Index) -> None:
        scratch = getattr(scratches, "buffer", None)
        if scratch is None:
            scratch = scratches.buffer = np.empty(min(per_chunk, values.size), np.float32)
        bfloat16_from_float32_into(out[index], _float32_block(values[index], scratch))

    _for_each_chunk(indices, convert)


def round_to_bfloat16(values: np.ndarray) -> np.ndarray:
    """Round to bfloat16 as TT-NN does (semantics.md §1.2), returning an ``ml_dtypes.bfloat16``
    array.

    fp32 bits ``u`` become ``(u + 0x7FFF + ((u >> 16) & 1)) >> 16`` (nearest, ties to even);
    every NaN becomes 0x7FC0; fp32 denormals are rounded like any other value (not flushed).
    Other dtypes go through float32 first.
    """
    array = np.asarray(values)
    _require_real(array)
    out = np.empty(array.shape, BFLOAT16)
    _round_to_bfloat16_into(out, array)
    return out


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

_U32 = np.uint32

# The packer takes a chunk's face rows (16 values each, 64 per tile, in face order) with each
# row cut into four units of four values, each moved as one 16-byte unit: NumPy moves a unit
# as fast as a single value, so regrouping the values costs a quarter of the element-wise
# moves. Unit j of every face row sits on line j of a `[4, rows·4]` buffer, so the shared
# exponent is three elementwise maxima of lines and two of neighbouring values, the packed
# bytes go back to their tiles as 4-byte units, and every other step is one long contiguous
# pass. (Whole face rows moved as one unit, with no lines, cost more: a maximum over 16
# neighbours and a scale repeated 16 times are NumPy loops of 16 elements.)
_UNIT = 4
_LINES = FACE_SIZE // _UNIT
_FLOAT_UNIT = np.dtype((np.void, _UNIT * np.dtype(np.float32).itemsize))
_BYTE_UNIT = np.dtype(np.uint32)  # the unit's four packed bytes


class _PackScratch:
    """Scratch buffers of the bfloat8_b packer for chunks of up to `tiles` tiles, allocated
    once per thread (about 1 MiB for 128 tiles, within the L2 cache; `bits` and `units` serve
    several steps, since a smaller working set is a faster one): `bits` the fp32 bit
    patterns in lines, then |x| and the magnitudes; `packed` the sign|magnitude bytes;
    `sign` the sign bytes; `units`, per face row and position in a unit, the maximum over the
    row's four units, then the alignment scale, then the bytes of the byte steps; `pairs` the
    maxima of neighbouring positions; `rows` the shared exponent per face row. `staging` is
    used (and its pages touched) only by chunks that are not float32 with contiguous rows."""

    def __init__(self, tiles: int):
        self.capacity = tiles
        size = tiles * TILE_ELEMENTS
        self.bits = np.empty(size, _U32)
        self.packed = np.empty(size, np.uint8)
        self.sign = np.empty(size, np.uint8)
        self.staging = np.empty(size, np.float32)  # its pages are touched only when used
        self.units = np.empty(size // _LINES, _U32)
        self.rows = np.empty(size // FACE_SIZE, _U32)
        self.pairs = np.empty(size // FACE_SIZE * 2, _U32)

    def contiguous(self, shape: tuple[int, ...]) -> np.ndarray:
        """A float32 array of `shape`, for a chunk to be made contiguous in (before it is
        gathered into lines)."""
        return self.staging[: math.prod(shape)].reshape(shape)

    def lines(self, rows: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """`[4, rows·4]` views of bits, packed, sign, and the bytes of `units` for `rows`
        face rows."""
        size = rows * FACE_SIZE
        shape = (_LINES, size // _LINES)
        buffers = (self.bits, self.packed, self.sign, self.units.view(np.uint8))
        return tuple(buffer[:size].reshape(shape) for buffer in buffers)

    def per_unit(self, rows: int) -> np.ndarray:
        """`[rows]` 16-byte units over `units`: one float32 value per face row, four times."""
        return self.units[: rows * _UNIT].view(_FLOAT_UNIT)


def _four_times(value: float) -> bytes:
    """Float32 `value` four times: one value for each of a unit's four."""
    return np.full(_UNIT, value, np.float32).tobytes()


# Per biased exponent E, four times (a unit's worth): the float32 2^(150 - E) that aligns a
# face row's values (semantics.md §1.3, below), or 0 where a row needs more than a scale:
# 0 < E < 23, where 2^(150 - E) is not a float32, and E = 255, NaN or Inf. A row of zeros and
# denormals only (E = 0) gets 2^127, which makes all its values 0.
_ALIGNMENT_SCALES = np.array(
    [
        _four_times(0.0 if 0 < e < 23 or e == 0xFF else 2.0 ** (150 - max(e, 23)))
        for e in range(256)
    ],
    _FLOAT_UNIT,
)


_SCRATCH = threading.local()
"""Each thread's largest `_PackScratch` so far: a conversion reuses it rather than allocating
(and the kernel faulting in) fresh pages per call (0.5 ms of a 2048² packing)."""


def _pack_scratch(tiles: int) -> _PackScratch:
    """A scratch for chunks of `tiles` tiles, kept for the thread's next conversion."""
    scratch: _PackScratch | None = getattr(_SCRATCH, "scratch", None)
    if scratch is None or scratch.capacity < tiles:
        scratch = _PackScratch(tiles)
        _SCRATCH.scratch = scratch
    return scratch


def _pack_face_rows(scratch: _PackScratch, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """semantics.md §1.3 on `rows` face rows in lines: the one place of the bfloat8_b rule.
    `scratch.bits` `[4, rows·4]` holds fp32 bit patterns, line j unit j of every face row.
    Returns the shared exponents `[rows]` (uint32) and each value's sign|magnitude byte,
    `[4, rows·4]` uint8 laid out as the bits. Raises ValueError on NaN or Inf.

    Per face row the shared exponent E is the largest biased fp32 exponent; each value's
    24-bit significand is shifted right by E - e (the shifted-out bits are dropped), then
    rounded half to even on its low 17 bits to 7 bits and saturated at 127 (no
    renormalisation); zeros and fp32 denormals give 0, and a magnitude of 0 has no sign.

    The shifted significand of |x| = significand · 2^(e - 150) is |x| · 2^(150 - E): an exact
    float32 product (a power of two), whose integer part is what the shift keeps; so the
    steps are float passes — scale, truncate, scale by 2^-17, round half to even — rather
    than a shift per value (fewer passes over the data); the rest is bytes: the magnitude
    (at most 128) saturated, and the sign added where the magnitude is not 0.
    """
    values, packed, sign, nonzero = scratch.lines(rows)
    np.less(values.view(np.int32), 0, out=sign.view(np.bool_))  # the sign bit
    np.bitwise_and(values, _U32(0x7FFFFFFF), out=values)  # |x|, whose largest bits give E
    unit_max = scratch.units[: rows * _UNIT]
    values.max(axis=0, out=unit_max)
    pair_max = scratch.pairs[: rows * 2]
    np.maximum(unit_max[0::2], unit_max[1::2], out=pair_max)
    shared = scratch.rows[:rows]
    np.maximum(pair_max[0::2], pair_max[1::2], out=shared)
    np.right_shift(shared, _U32(23), out=shared)
    scale = scratch.per_unit(rows)  # (`units` is free again once E is known)
    np.take(_ALIGNMENT_SCALES, shared, out=scale, mode="clip")  # (E < 256: never clipped)
    if not scale.view(np.uint64)[0::2].all():
        _special_rows(shared, values, scale)
    magnitude = values.view(np.float32)
    np.multiply(magnitude, scale.view(np.float32), out=magnitude)
    np.trunc(magnitude, out=magnitude)  # the bits the shift drops
    np.multiply(magnitude, np.float32(2.0**-17), out=magnitude)
    np.rint(magnitude, out=magnitude)  # half to even on the low 17 bits: 0 to 128
    np.copyto(packed, magnitude, casting="unsafe")  # exact
    # Byte steps, as comparisons and products: NumPy's shifts of bytes are not vectorized.
    saturated = nonzero  # (its buffer, `units`, is free once the scale is applied)
    np.greater(packed, np.uint8(127), out=saturated.view(np.bool_))  # 128 only: to 127
    np.subtract(packed, saturated, out=packed)
    np.multiply(sign, np.uint8(0x80), out=sign)
    # The sign only where the magnitude is not 0: magnitude + 127 has bit 7 set iff it is.
    np.add(packed, np.uint8(127), out=nonzero)
    np.bitwise_and(sign, nonzero, out=sign)
    np.bitwise_or(packed, sign, out=packed)
    return shared, packed


def _special_rows(shared: np.ndarray, values: np.ndarray, scale: np.ndarray) -> None:
    """The face rows `_ALIGNMENT_SCALES` marks with 0 in `scale` (per face row, a unit of four
    float32): a NaN or Inf is an error; a row with 0 < E < 23 (all its values under 2^-104;
    rare) is first scaled by 2^64, exactly, once its denormals are flushed — read with the
    implicit bit a denormal survives only when E <= 7, and a scaled one would be normal — and
    then aligned for E + 64."""
    if int(shared.max()) == 0xFF:
        raise ValueError("bfloat8_b cannot encode non-finite values (NaN or Inf found)")
    tiny = scale.view(np.uint64)[0::2] == 0
    np.copyto(values, _U32(0), where=values < _U32(0x800000))
    factor = np.where(np.repeat(tiny, _UNIT), np.float32(2.0**64), np.float32(1))
    magnitude = values.view(np.float32)
    np.multiply(magnitude, factor, out=magnitude)
    np.take(_ALIGNMENT_SCALES, np.where(tiny, shared + _U32(64), shared), out=scale)


_HALF = TILE_SIZE // FACE_SIZE


def _gather_lines(scratch: _PackScratch, tiles: np.ndarray) -> int:
    """Copy float32 tiles `[..., 32, 32]` (rows contiguous, any other strides) into
    `scratch.bits` as lines: unit j of every face row on line j, the face rows in face order
    (tile, row half, column half, row in face), which the packed bytes keep. Returns the
    number of face rows."""
    lead = tiles.shape[:-2]
    ranks = len(lead)
    units = tiles.view(_FLOAT_UNIT).reshape((*lead, _HALF, FACE_SIZE, _HALF, _LINES))
    in_face_order = units.transpose((ranks + 3, *range(ranks), ranks, ranks + 2, ranks + 1))
    rows = math.prod(lead) * BFLOAT8_B_EXPONENTS_PER_TILE
    lines = scratch.bits[: rows * FACE_SIZE].view(_FLOAT_UNIT)
    np.copyto(lines.reshape(in_face_order.shape), in_face_order)
    return rows


def _write_packed(out: np.ndarray, shared: np.ndarray, packed: np.ndarray) -> None:
    """Write packed tiles into `out` `[..., 1088]` (bytes contiguous): the shared exponents
    `[rows]`, then the face rows' bytes, `packed` `[4, rows·4]` (line j the bytes of unit j
    of every face row), both with the face rows in face order."""
    lead = out.shape[:-1]
    exponents = out[..., :BFLOAT8_B_EXPONENTS_PER_TILE]
    np.copyto(exponents, shared.reshape(exponents.shape), casting="unsafe")
    data = out[..., BFLOAT8_B_EXPONENTS_PER_TILE:].view(_BYTE_UNIT)
    data = data.reshape((*lead, BFLOAT8_B_EXPONENTS_PER_TILE, _LINES))
    units = packed.view(_BYTE_UNIT).reshape((_LINES, *lead, BFLOAT8_B_EXPONENTS_PER_TILE))
    for line in range(_LINES):  # a copy per line: long inner loops, not ones of 4 units
        np.copyto(data[..., line], units[line])


def _pack_chunk(out: np.ndarray, tiles: np.ndarray, scratch: _PackScratch) -> None:
    """Pack one chunk of tiles `[..., 32, 32]` (any real dtype and strides: one that is not
    float32 with contiguous rows is made so first) into `out` `[..., 1088]` (bytes
    contiguous)."""
    if tiles.dtype != np.float32 or tiles.strides[-1] != tiles.itemsize:
        contiguous = scratch.contiguous(tiles.shape)
        np.copyto(contiguous, tiles, casting="unsafe")
        tiles = contiguous
    if tiles.size:
        rows = _gather_lines(scratch, tiles)
        # A value far below its row's exponent aligns to 0 by underflowing: not an error,
        # whatever error state the caller set.
        with np.errstate(under="ignore"):
            packed = _pack_face_rows(scratch, rows)
        _write_packed(out, *packed)


def _pack_into(out: np.ndarray, tiles: np.ndarray) -> None:
    """`out[...] = pack_bfloat8_b_tiles(tiles)`, chunk by chunk: `tiles` `[..., 32, 32]` of
    any real dtype and strides, `out` `[..., 1088]` uint8 with the same leading dims (any
    strides)."""
    if out.size and out.strides[-1] != 1:  # the packer writes whole 4-byte units
        contiguous = np.empty(out.shape, np.uint8)
        _pack_into(contiguous, tiles)
        np.copyto(out, contiguous)
        return
    lead = tiles.shape[:-2]
    scratch = _pack_scratch(min(CHUNK_TILES, max(1, math.prod(lead))))
    for index in chunk_indices(lead, CHUNK_TILES):
        _pack_chunk(out[index], tiles[index], scratch)


def pack_bfloat8_b_tiles(tiles: np.ndarray) -> np.ndarray:
    """Pack float32 (or bfloat16) tiles ``[..., 32, 32]`` into bfloat8_b bytes ``[..., 1088]``.

    Follows semantics.md §1.3 exactly: per 16-value face row, the shared exponent is the largest
    biased fp32 exponent; each value keeps sign and a 7-bit magnitude aligned to it (zeros and fp32
    denormals flush to 0, shifted-out bits are dropped, round half to even on the remaining
    bits, saturation at 127, no negative zero). Raises ValueError on NaN or Inf.
    """
    tiles = np.asarray(tiles)
    _check_tile_dims(tiles, "pack_bfloat8_b_tiles")
    _require_real(tiles)
    out = np.empty((*tiles.shape[:-2], BFLOAT8_B_TILE_BYTES), np.uint8)
    _pack_into(out, tiles)
    return out


def unpack_bfloat8_b_tiles(packed: np.ndarray) -> np.ndarray:
    """Decode bfloat8_b tiles ``[..., 1088]`` (uint8) into float32 tiles ``[..., 32, 32]``.

    Byte ``s|m`` of a block with shared exponent E is ``(-1)^s * m * 2^(E-127-6)``, computed
    exactly; m == 0 or E == 0 gives +0.0.
    """
    packed = _checked_bfloat8_b(packed, "unpack_bfloat8_b_tiles")
    # The tiles one above the other: the column of tiles `unpack_bfloat8_b_matrix` decodes.
    column = unpack_bfloat8_b_matrix(packed.reshape(-1, 1, BFLOAT8_B_TILE_BYTES))
    return column.reshape((*packed.shape[:-1], TILE_SIZE, TILE_SIZE))


def unpack_bfloat8_b_faces(packed: np.ndarray) -> np.ndarray:
    """Decode bfloat8_b tiles ``[..., 1088]`` (uint8) into their float32 values in face order,
    ``[..., 2, 2, 16, 16]`` (face row, face column, row, column in the face; a view): element
    (r, c) of a tile is ``[r // 16, c // 16, r % 16, c % 16]``, the order of the packed
    bytes."""
    tiles = unpack_bfloat8_b_tiles(_checked_bfloat8_b(packed, "unpack_bfloat8_b_faces"))
    faces = TILE_SIZE // FACE_SIZE
    split = tiles.reshape((*tiles.shape[:-2], faces, FACE_SIZE, faces, FACE_SIZE))
    return np.swapaxes(split, -3, -2)


def unpack_bfloat8_b_matrix(packed: np.ndarray) -> np.ndarray:
    """Decode a grid of bfloat8_b tiles ``[..., R, C, 1088]`` (uint8, any strides) into the
    float32 matrices they tile, ``[..., R·32, C·32]``: element (r, c) is tile (r // 32,
    c // 32)'s element (r % 32, c % 32) as `unpack_bfloat8_b_tiles` decodes it."""
    packed = _checked_bfloat8_b(packed, "unpack_bfloat8_b_matrix")
    if packed.ndim < 3:
        raise ValueError(
            "unpack_bfloat8_b_matrix: expected a grid of tiles [..., R, C, 1088], "
            f"got shape {packed.shape}"
        )
    *lead, rows, cols = packed.shape[:-1]
    out = np.empty((*lead, rows * TILE_SIZE, cols * TILE_SIZE), np.float32)
    tile_rows = out.reshape((*lead, rows, TILE_SIZE * cols * TILE_SIZE))
    # Chunk by chunk of tile rows: the byte scratch stays small (and in the cache).
    per_chunk = max(1, CHUNK_TILES // max(1, cols))
    # A chunk holds at most per_chunk tile rows (of one or more leading entries).
    largest = min(math.prod(lead) * rows, per_chunk)
    scratch = np.empty(largest * cols * TILE_ELEMENTS, np.uint8)
    for index in chunk_indices((*lead, rows), per_chunk):
        _decode_bfloat8_b_rows(packed[index], tile_rows[index], scratch)
    return out


def _checked_bfloat8_b(packed: np.ndarray, caller: str) -> np.ndarray:
    """`packed` as an array, or ValueError naming `caller` when it is not uint8 [..., 1088]."""
    packed = np.asarray(packed)
    if packed.dtype != np.uint8 or packed.ndim < 1 or packed.shape[-1] != BFLOAT8_B_TILE_BYTES:
        raise ValueError(
            f"{caller}: expected a uint8 array of shape [..., 1088], "
            f"got {packed.dtype} {packed.shape}"
        )
    return packed


_FACE_ROW = np.dtype(np.complex128)
"""The 16 bytes of one face row, moved as one unit (a 16-value copy, not 16 copies)."""


def _decode_bfloat8_b_rows(packed: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> None:
    """Decode tile rows ``[..., n, C, 1088]`` into `out` ``[..., n, 32·C·32]`` (each entry the
    n-th tile row's 32 matrix rows, contiguous) through the byte `scratch`.

    Every step but the scaling is a long loop over contiguous values: the face rows' bytes
    are put in matrix order first (16-byte units), then made signed magnitudes ±m (int8),
    widened to float32 in place in `out`, and multiplied by their rows' 2^(E-127-6) (exact in
    float32). A face row with E == 0 is zeroed first, so that a negative byte gives +0.0."""
    *lead, count, cols = packed.shape[:-1]
    half = TILE_SIZE // FACE_SIZE
    grid = (math.prod(lead) * count, cols)
    data = packed[..., BFLOAT8_B_EXPONENTS_PER_TILE:].reshape((*grid, TILE_ELEMENTS))
    units = data.view(_FACE_ROW).reshape((*grid, half, half, FACE_SIZE))
    magnitudes = scratch[: math.prod(grid) * TILE_ELEMENTS]
    in_matrix_order = magnitudes.view(_FACE_ROW).reshape(
        tuple(units.shape[axis] for axis in _MATRIX_ORDER)
    )
    np.copyto(in_matrix_order, units.transpose(_MATRIX_ORDER))
    signed = magnitudes.view(np.int8)
    _signed_magnitudes(signed)
    # Each face row's exponent put in matrix order by one gather (a transposing copy of
    # 16-value rows would run inner loops of two), then looked up as its scale.
    exponents = np.ascontiguousarray(
        packed[..., :BFLOAT8_B_EXPONENTS_PER_TILE].reshape((*grid, BFLOAT8_B_EXPONENTS_PER_TILE))
    )
    ordered = exponents.reshape(-1).take(_exponents_in_matrix_order(*grid))
    values = out.reshape(signed.shape)
    np.copyto(values, signed, casting="unsafe")
    _scale_face_rows(values.reshape(-1, FACE_SIZE), ordered)


def _signed_magnitudes(signed: np.ndarray) -> None:
    """Make bytes ``s|m`` (an int8 view, in place) the integers ±m."""
    negative = signed >> 7  # 0, or -1 where the sign bit is set
    signed &= np.int8(0x7F)
    signed ^= negative  # two's complement negation where negative
    signed -= negative


def _scale_face_rows(face_rows: np.ndarray, exponents: np.ndarray) -> None:
    """Multiply float32 face rows ``[n, 16]`` holding the integers ±m, in place, by their
    shared exponents' units 2^(E-127-6) (``exponents``: n, uint8; exact in float32). A face row
    with E == 0 is zeroed first, so that a negative byte gives +0.0; only E == 255 (never
    produced by the packer) can overflow: it becomes Inf quietly."""
    if not exponents.size:
        return
    scales = _bfloat8_b_scales().take(exponents).reshape(-1, 1)
    if int(exponents.min()) == 0:
        face_rows[exponents == 0] = 0
    if int(exponents.max()) < 255:
        np.multiply(face_rows, scales, out=face_rows)
        return
    with np.errstate(over="ignore"):
        np.multiply(face_rows, scales, out=face_rows)


def unpack_bfloat8_b_first_rows(packed: np.ndarray) -> np.ndarray:
    """Row 0 of each bfloat8_b tile ``[..., 1088]`` as float32 ``[..., 32]``, decoded as
    `unpack_bfloat8_b_tiles` decodes it (a bias row: only its two face rows are read)."""
    packed = _checked_bfloat8_b(packed, "unpack_bfloat8_b_first_rows")
    faces = TILE_SIZE // FACE_SIZE
    face_bytes = FACE_SIZE * FACE_SIZE
    # Row 0 of faces 0 and 1: exponents 0 and 16, bytes at the start of each face's data.
    exponents = packed[..., : faces * FACE_SIZE : FACE_SIZE]
    starts = [BFLOAT8_B_EXPONENTS_PER_TILE + face * face_bytes for face in range(faces)]
    signed = np.stack([packed[..., start : start + FACE_SIZE] for start in starts], axis=-2)
    signed = signed.view(np.int8)
    _signed_magnitudes(signed)
    values = signed.astype(np.float32)
    _scale_face_rows(values.reshape(-1, FACE_SIZE), exponents.reshape(-1))
    return values.reshape((*packed.shape[:-1], TILE_SIZE))


_MATRIX_ORDER = (0, 2, 4, 1, 3)
"""A grid of tiles' face rows ``[tile, tile column, face row, face column, row in face]`` in
matrix order: tile row, face row, row in face, tile column, face column."""


@lru_cache(maxsize=64)
def _exponents_in_matrix_order(tiles: int, cols: int) -> np.ndarray:
    """The positions, in a ``[tiles, cols, 64]`` grid of packed exponents (face row, face
    column, row in face), of its face rows in matrix order (built once per grid shape)."""
    half = TILE_SIZE // FACE_SIZE
    positions = np.arange(tiles * cols * BFLOAT8_B_EXPONENTS_PER_TILE, dtype=np.intp)
    grid = positions.reshape(tiles, cols, half, half, FACE_SIZE)
    ordered = grid.transpose(_MATRIX_ORDER).reshape(-1)
    ordered.flags.writeable = False
    return ordered


_BFLOAT8_B_SCALES: list[np.ndarray] = []


def _bfloat8_b_scales() -> np.ndarray:
    """float32 [256]: entry E is 2^(E-127-6) (a byte's unit under shared exponent E; exact,
    down to float32 denormals), entry 0 is 0.0 (built once)."""
    if not _BFLOAT8_B_SCALES:
        exponents = np.arange(256, dtype=np.int32)
        scales = np.ldexp(np.float32(1.0), exponents - 127 - 6).astype(np.float32)
        scales[0] = 0.0
        _BFLOAT8_B_SCALES.append(scales)
    return _BFLOAT8_B_SCALES[0]


def quantize_bfloat8_b(tiles: np.ndarray) -> np.ndarray:
    """The float32 values bfloat8_b stores for ``tiles``: ``unpack(pack(tiles))``."""
    return unpack_bfloat8_b_tiles(pack_bfloat8_b_tiles(tiles))


# ---------------------------------------------------------------------------------------------
# Tilize / untilize
# ---------------------------------------------------------------------------------------------


def _tile_grid(shape: Sequence[int], physical_shape: Sequence[int] | None) -> tuple[int, ...]:
    """The tile grid ``[..., Hp/32, Wp/32]`` of a row-major ``[..., H, W]`` stored in
    `physical_shape` (default: H and W rounded up to 32); ValueError when it does not fit."""
    if len(shape) < 2:
        raise ValueError(f"tilize needs an array of rank >= 2, got shape {tuple(shape)}")
    if physical_shape is None:
        physical = tile_padded_shape(shape)
    else:
        physical = tuple(int(x) for x in physical_shape)
        if not physical_shape_fits(shape, physical):
            raise ValueError(
                f"physical shape {list(physical)} does not fit logical shape {list(shape)}: "
                "it needs the same leading dims and last two dims that are multiples of 32 "
                "and at least the logical ones"
            )
    *lead, hp, wp = physical
    return (*lead, hp // TILE_SIZE, wp // TILE_SIZE)


def _tile_windows(
    values: np.ndarray, grid: Sequence[int], slab: np.ndarray
) -> Iterator[tuple[Index, np.ndarray]]:
    """Chunks of the tile grid `grid` ``[..., Ht, Wt]`` of row-major `values` ``[..., H, W]``:
    yields each chunk's index into the grid and its tiles ``[..., ht, wt, 32, 32]`` as a view
    of `values`, or, where the chunk reaches beyond H or W, of a zero-padded copy in the flat
    `slab` buffer (whose dtype it takes)."""
    for index in chunk_indices(grid, CHUNK_TILES):
        *lead_index, tile_rows, tile_cols = index
        first_row, last_row, _ = tile_rows.indices(grid[-2])
        first_col, last_col, _ = tile_cols.indices(grid[-1])
        height = (last_row - first_row) * TILE_SIZE
        width = (last_col - first_col) * TILE_SIZE
        window = values[
            (
                *lead_index,
                slice(first_row * TILE_SIZE, last_row * TILE_SIZE),
                slice(first_col * TILE_SIZE, last_col * TILE_SIZE),
            )
        ]
        if window.shape[-2:] != (height, width):
            lead_shape = window.shape[:-2]
            padded = slab[: math.prod(lead_shape) * height * width]
            padded = padded.reshape((*lead_shape, height, width))
            padded.fill(0)
            np.copyto(padded[..., : window.shape[-2], : window.shape[-1]], window, casting="unsafe")
            window = padded
        split = window.reshape(
            (*window.shape[:-2], height // TILE_SIZE, TILE_SIZE, width // TILE_SIZE, TILE_SIZE)
        )
        yield index, np.swapaxes(split, -3, -2)


def _chunk_scratch(grid: Sequence[int], dtype: np.dtype) -> np.ndarray:
    """A flat scratch buffer for one chunk of tiles of `grid`."""
    return np.empty(min(CHUNK_TILES, max(1, math.prod(grid))) * TILE_ELEMENTS, dtype)


def tilize(values: np.ndarray, physical_shape: Sequence[int] | None = None) -> np.ndarray:
    """Cut ``[..., H, W]`` into tiles ``[..., Hp/32, Wp/32, 32, 32]``, zero-padded to Hp x Wp.

    The physical shape defaults to H and W rounded up to 32; a given one must keep the leading
    dims and have last two dims that are multiples of 32 and at least H, W. Keeps the dtype.
    """
    values = np.asarray(values)
    grid = _tile_grid(values.shape, physical_shape)
    out = np.empty((*grid, TILE_SIZE, TILE_SIZE), values.dtype)
    for index, tiles in _tile_windows(values, grid, _chunk_scratch(grid, values.dtype)):
        np.copyto(out[index], tiles)
    return out


def to_tile_data(
    values: np.ndarray, dtype: DataType, physical_shape: Sequence[int] | None = None
) -> np.ndarray:
    """The TILE data representation of `dtype` for row-major logical `values` ``[..., H, W]``
    (any real dtype): ``tilize`` to `physical_shape` fused with the conversion — float32,
    then bf16 rounding (§1.2) or bfloat8_b packing (§1.3) — chunk by chunk, without a
    full-size temporary. The same data as converting to float32, tilizing, then rounding or
    packing; ValueError on a bad physical shape or on NaN/Inf into bfloat8_b."""
    values = np.asarray(values)
    _require_real(values)
    dtype = DataType(dtype)
    grid = _tile_grid(values.shape, physical_shape)
    slab = _chunk_scratch(grid, np.dtype(np.float32))
    if dtype == DataType.BFLOAT8_B:
        out = np.empty((*grid, BFLOAT8_B_TILE_BYTES), np.uint8)
        scratch = _pack_scratch(min(CHUNK_TILES, max(1, math.prod(grid))))
        for index, tiles in _tile_windows(values, grid, slab):
            _pack_chunk(out[index], tiles, scratch)
        return out
    out = np.empty((*grid, TILE_SIZE, TILE_SIZE), _VALUE_DTYPES[dtype])
    converted = _chunk_scratch(grid, np.dtype(np.float32))
    for index, tiles in _tile_windows(values, grid, slab):
        if dtype == DataType.FLOAT32:
            np.copyto(out[index], tiles, casting="unsafe")
        else:
            # Tilize into contiguous float32 first: ml_dtypes' cast is fast on contiguous data.
            contiguous = converted[: tiles.size].reshape(tiles.shape)
            np.copyto(contiguous, tiles, casting="unsafe")
            bfloat16_from_float32_into(out[index], contiguous)
    return out


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
        return data.tobytes()
    if layout == Layout.TILE:
        # A view whose C order is the face order: `tobytes` makes the only copy.
        half = TILE_SIZE // FACE_SIZE
        split = data.reshape((*data.shape[:-2], half, FACE_SIZE, half, FACE_SIZE))
        data = np.swapaxes(split, -3, -2)
    if dtype == DataType.BFLOAT16:
        data = data.view(np.uint16)
    encoding = _LE_FLOAT32 if dtype == DataType.FLOAT32 else _LE_UINT16
    return (data if data.dtype == encoding else data.astype(encoding)).tobytes()


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


def tile_first_rows(data: np.ndarray, dtype: DataType) -> np.ndarray:
    """Row 0 of each tile of `dtype` (its TILE data representation) as float32 ``[..., 32]``
    (exact): what a row broadcast reads of a bias tile."""
    dtype = DataType(dtype)
    data = np.asarray(data)
    if dtype == DataType.BFLOAT8_B:
        return unpack_bfloat8_b_first_rows(data)
    return data[..., 0, :].astype(np.float32)


def convert_tiles(
    data: np.ndarray, source: DataType, target: DataType, out: np.ndarray | None = None
) -> np.ndarray:
    """Tiles in the TILE data representation of `source` converted to that of `target`, as
    TT-NN's typecast does: through float32 (exact from bf16 and bfloat8_b), then bf16
    rounding (§1.2) or bfloat8_b packing (§1.3). With `out` (an array of the target
    representation of the same tiles, any strides, not overlapping `data`) the result is
    written there, chunk by chunk, and `out` is returned; ValueError when `out` is not of
    that shape and dtype."""
    source, target = DataType(source), DataType(target)
    data = np.asarray(data)
    if source == target and out is None:
        return data
    lead = data.shape[: -tile_data_rank(source)]
    shape = (
        (*lead, BFLOAT8_B_TILE_BYTES)
        if target == DataType.BFLOAT8_B
        else (*lead, TILE_SIZE, TILE_SIZE)
    )
    dtype = np.dtype(np.uint8 if target == DataType.BFLOAT8_B else _VALUE_DTYPES[target])
    if out is None:
        out = np.empty(shape, dtype)
    elif out.shape != shape or out.dtype != dtype:
        raise ValueError(
            f"convert_tiles: out must be {dtype} of shape {list(shape)} for {target.value} "
            f"tiles, got {out.dtype} {list(out.shape)}"
        )
    if source == target:
        np.copyto(out, data)
        return out
    values = unpack_bfloat8_b_tiles(data) if source == DataType.BFLOAT8_B else data
    if target == DataType.FLOAT32:
        np.copyto(out, values, casting="unsafe")
    elif target == DataType.BFLOAT16:
        _round_to_bfloat16_into(out, values)
    else:
        _pack_into(out, values)
    return out

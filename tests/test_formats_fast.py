"""The chunked, fused data-format conversions of `tensor_formats/formats.py` against the previous
whole-array implementation (`benchmarks/previous_formats.py`, kept verbatim): the same bytes
on random data built around the edge cases of semantics.md §1.2 / §1.3 — zeros of both
signs, fp32 denormals, bf16 and bfloat8_b rounding ties (with and without dropped bits),
saturation, values far below their face row's exponent, negative values — on any shape,
dtype, memory layout and chunk size (chunks are shrunk to a few tiles so every test
crosses chunk boundaries). The hand-computed bytes and the independent reference stay in
tests/test_formats.py."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.tensor_formats import formats


def _load_previous() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "previous_formats.py"
    spec = importlib.util.spec_from_file_location("previous_formats", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


previous = _load_previous()

PROFILES = ("normal", "bits", "block", "ties", "saturation", "denormal", "sparse", "bf16_ties")

# Bit patterns every array may receive at random positions.
EDGE_BITS = (
    0x00000000,  # +0
    0x80000000,  # -0
    0x00000001,  # smallest denormal
    0x807FFFFF,  # largest negative denormal
    0x00800000,  # smallest normal
    0x00FFFFFF,
    0x03FFFFFF,  # a normal with exponent 7: its face row may need the denormal flush
    0x7F7FFFFF,  # largest finite
    0xFF7FFFFF,
    0x3F808000,  # bf16 tie, even: stays
    0x3F818000,  # bf16 tie, odd: rounds up
    0x3F7FFFFF,  # rounds up into the next exponent
    0x3FFFFFFF,
    0xBF800001,
)


def _bits_of_profile(profile: str, count: int, rng: np.random.Generator) -> np.ndarray:
    """`count` fp32 bit patterns (no NaN/Inf) of one profile."""
    if profile == "normal":
        return rng.standard_normal(count).astype(np.float32).view(np.uint32)
    if profile == "bits":
        words = rng.integers(0, 1 << 32, count, dtype=np.uint64).astype(np.uint32)
        exponent = (words >> 23) & 0xFF
        return np.where(exponent == 0xFF, words & 0x807FFFFF, words).astype(np.uint32)
    sign = rng.integers(0, 2, count, dtype=np.uint32) << np.uint32(31)
    if profile == "denormal":
        # Denormals and zeros next to tiny normals of one exponent: around 7 the face row's
        # exponent decides whether a denormal, read with the implicit bit, would survive.
        top = int(rng.choice([0, 1, 5, 6, 7, 8, 9]))
        fraction = rng.integers(0, 1 << 23, count, dtype=np.uint32)
        exponent = rng.choice(np.array([0, 0, top], np.uint32), count)
        exponent[::16] = top
        return sign | (exponent << np.uint32(23)) | fraction
    if profile == "sparse":
        values = rng.standard_normal(count).astype(np.float32)
        values[rng.random(count) < 0.9] = 0
        return values.view(np.uint32)
    if profile == "bf16_ties":
        high = rng.integers(0, 0x7F7F, count, dtype=np.uint32)
        return sign | (high << np.uint32(16)) | np.uint32(0x8000)
    # Face-row profiles: every value within 10 binades of a common exponent, so the
    # bfloat8_b alignment keeps bits and its rounding and saturation rules decide.
    top = int(rng.integers(20, 250))
    exponent = rng.integers(top - 10, top + 1, count).astype(np.uint32)
    exponent[::16] = top  # every face row (16 values) reaches the top exponent
    fraction = rng.integers(0, 1 << 23, count, dtype=np.uint32)
    if profile == "ties":
        # Make the 17 bits below the kept 7 exactly a half after the alignment shift,
        # half the time with nonzero dropped bits below it.
        shift = (top - exponent).astype(np.int64)
        kept = rng.integers(0, 128, count).astype(np.int64)
        significand = ((kept << 17) | 0x10000) << shift
        dropped = rng.integers(0, 2, count) * rng.integers(0, 1 << 20, count)
        significand |= dropped & ((1 << shift) - 1)
        significand = np.where(significand < (1 << 24), significand, (1 << 24) - 1)
        fraction = (significand & 0x7FFFFF).astype(np.uint32)
        exponent = np.where(significand >= (1 << 23), exponent, np.uint32(0))
    elif profile == "saturation":
        fraction[::3] = 0x7FFFFF  # all-ones significands round up to 128, saturating
    return sign | (exponent.astype(np.uint32) << np.uint32(23)) | fraction


@st.composite
def float_arrays(draw: st.DrawFn, shape: tuple[int, ...]) -> np.ndarray:
    """float32 values of `shape` from a random profile, with edge bit patterns injected."""
    count = int(np.prod(shape))
    profile = draw(st.sampled_from(PROFILES))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    bits = _bits_of_profile(profile, count, rng)
    if count:
        for bit_pattern in draw(st.lists(st.sampled_from(EDGE_BITS), max_size=8)):
            bits[draw(st.integers(0, count - 1))] = bit_pattern
    return bits.view(np.float32).reshape(shape)


tile_counts = st.lists(st.integers(1, 5), min_size=0, max_size=3).map(tuple)
chunk_tiles = st.sampled_from([1, 2, 3, 7, 128])


@contextmanager
def chunks_of(tiles: int) -> Iterator[None]:
    """Convert in chunks of `tiles` tiles within the block."""
    saved = formats.CHUNK_TILES
    formats.CHUNK_TILES = tiles
    try:
        yield
    finally:
        formats.CHUNK_TILES = saved


def _same(new: np.ndarray, old: np.ndarray) -> None:
    assert new.dtype == old.dtype
    assert new.shape == old.shape
    assert np.ascontiguousarray(new).tobytes() == np.ascontiguousarray(old).tobytes()


@settings(max_examples=80, deadline=None)
@given(st.data(), tile_counts, chunk_tiles)
def test_pack_bfloat8_b_matches_previous(
    data: st.DataObject, lead: tuple[int, ...], chunk: int
) -> None:
    with chunks_of(chunk):
        tiles = data.draw(float_arrays((*lead, 32, 32)))
        _same(formats.pack_bfloat8_b_tiles(tiles), previous.pack_bfloat8_b_tiles(tiles))
        # bf16 input, and a strided view (every other tile, transposed tile grid).
        # bf16 input (the largest floats round to Inf: both refuse them).
        bf16 = tiles.astype(ml_dtypes.bfloat16)
        if np.isinf(bf16.astype(np.float32)).any():
            for pack in (formats.pack_bfloat8_b_tiles, previous.pack_bfloat8_b_tiles):
                with pytest.raises(ValueError, match="non-finite"):
                    pack(bf16)
        else:
            _same(formats.pack_bfloat8_b_tiles(bf16), previous.pack_bfloat8_b_tiles(bf16))
        strided = np.swapaxes(tiles, -1, -2)[..., ::-1, :]
        _same(formats.pack_bfloat8_b_tiles(strided), previous.pack_bfloat8_b_tiles(strided))
        # Rows contiguous (moved as they are) but tiles or rows out of memory order.
        for view in (tiles[::-1], tiles[..., ::-1, :]):
            _same(formats.pack_bfloat8_b_tiles(view), previous.pack_bfloat8_b_tiles(view))


@settings(max_examples=60, deadline=None)
@given(st.data(), st.lists(st.integers(0, 70), min_size=1, max_size=3).map(tuple), chunk_tiles)
def test_round_to_bfloat16_matches_previous(
    data: st.DataObject, shape: tuple[int, ...], chunk: int
) -> None:
    with chunks_of(chunk):
        values = data.draw(float_arrays(shape))
        for variant in (values, values.astype(np.float64) * (1 + 2**-30), values[..., ::-1]):
            _same(
                formats.round_to_bfloat16(variant).view(np.uint16),
                previous.round_to_bfloat16(variant).view(np.uint16),
            )


def test_round_to_bfloat16_of_every_nan_and_of_bf16_nans() -> None:
    bits = np.array([0x7F800001, 0x7FC00000, 0x7FFFFFFF, 0xFF800001, 0xFFC00000], np.uint32)
    values = np.concatenate([bits.view(np.float32), np.float32([1.5, -np.inf])])
    new = formats.round_to_bfloat16(values).view(np.uint16)
    assert new.tolist() == [0x7FC0] * 5 + [0x3FC0, 0xFF80]
    # A bf16 NaN with a payload or a sign goes through float32 and comes back canonical.
    payload = np.array([0x7F81, 0xFFC1, 0x3F80], np.uint16).view(ml_dtypes.bfloat16)
    assert formats.round_to_bfloat16(payload).view(np.uint16).tolist() == [0x7FC0, 0x7FC0, 0x3F80]


@st.composite
def row_major_cases(draw: st.DrawFn) -> tuple[np.ndarray, tuple[int, ...] | None]:
    """Logical values [..., H, W] and an optional physical shape with extra tiles."""
    lead = draw(st.lists(st.integers(1, 3), max_size=2).map(tuple))
    height, width = draw(st.integers(1, 100)), draw(st.integers(1, 100))
    values = draw(float_arrays((*lead, height, width)))
    physical = None
    if draw(st.booleans()):
        extra_rows, extra_cols = draw(st.integers(0, 2)), draw(st.integers(0, 2))
        physical = (
            *lead,
            (-(-height // 32) + extra_rows) * 32,
            (-(-width // 32) + extra_cols) * 32,
        )
    return values, physical


@settings(max_examples=80, deadline=None)
@given(row_major_cases(), chunk_tiles, st.sampled_from(["f32", "bf16", "bfp8_b"]))
def test_to_tile_data_matches_previous(
    case: tuple[np.ndarray, tuple[int, ...] | None],
    chunk: int,
    dtype: str,
) -> None:
    with chunks_of(chunk):
        values, physical = case
        tiles = previous.tilize(previous.to_float32(values), physical)
        expected = {
            "f32": tiles,
            "bf16": previous.round_to_bfloat16(tiles),
            "bfp8_b": previous.pack_bfloat8_b_tiles(tiles),
        }[dtype]
        _same(formats.to_tile_data(values, DataType(dtype), physical), expected)
        # float64 input goes through float32 first, in both.
        wide = values.astype(np.float64) * (1 + 2**-40)
        wide_tiles = previous.tilize(previous.to_float32(wide), physical)
        if dtype == "bf16":
            _same(
                formats.to_tile_data(wide, DataType.BFLOAT16, physical),
                previous.round_to_bfloat16(wide_tiles),
            )
        # tilize keeps the dtype and pads with zeros.
        _same(formats.tilize(values, physical), previous.tilize(values, physical))


@settings(max_examples=60, deadline=None)
@given(
    st.data(),
    tile_counts,
    chunk_tiles,
    st.sampled_from(list(DataType)),
    st.sampled_from(list(DataType)),
)
def test_convert_tiles_into_strided_buffers_matches_previous(
    data: st.DataObject,
    lead: tuple[int, ...],
    chunk: int,
    source: DataType,
    target: DataType,
) -> None:
    with chunks_of(chunk):
        values = data.draw(float_arrays((*lead, 32, 32)))
        # Keep clear of the float32 maximum, which bf16 rounds to Inf (tested above).
        values = np.clip(values, -3e38, 3e38)
        source_data = previous.convert_tiles(values, DataType.FLOAT32, source)
        expected = previous.convert_tiles(source_data, source, target)
        _same(np.asarray(formats.convert_tiles(source_data, source, target)), np.asarray(expected))
        # Into every other slot of a bigger buffer (what the interpreter's bulk store does).
        padded = np.zeros((*lead, 2, *expected.shape[len(lead) :]), expected.dtype)
        keep_lead = (slice(None),) * len(lead)
        destination = padded[(*keep_lead, 1)]
        returned = formats.convert_tiles(source_data, source, target, out=destination)
        assert returned is destination
        _same(np.ascontiguousarray(destination), np.asarray(expected))
        assert not padded[(*keep_lead, 0)].view(np.uint8).any()
        if target == DataType.BFLOAT8_B:  # into every other byte: the packer's fallback
            spread = np.zeros((*expected.shape[:-1], 2 * expected.shape[-1]), np.uint8)
            formats.convert_tiles(source_data, source, target, out=spread[..., ::2])
            _same(np.ascontiguousarray(spread[..., ::2]), np.asarray(expected))
            assert not spread[..., 1::2].any()


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("chunk", [1, 128])
@pytest.mark.parametrize("where", [(2, 39, 69), (0, 0, 0)])
def test_non_finite_values_fail_in_every_chunk(
    bad: float, chunk: int, where: tuple[int, int, int]
) -> None:
    # In the last tile of the last chunk, or the first of the first.
    with chunks_of(chunk):
        values = np.ones((3, 40, 70), np.float32)
        values[where] = bad
        message = "bfloat8_b cannot encode non-finite values"
        with pytest.raises(ValueError, match=message):
            formats.to_tile_data(values, DataType.BFLOAT8_B)
        with pytest.raises(ValueError, match=message):
            previous.pack_bfloat8_b_tiles(previous.tilize(values))
        with pytest.raises(ValueError, match=message):
            formats.pack_bfloat8_b_tiles(formats.tilize(values))


@settings(max_examples=40, deadline=None)
@given(row_major_cases(), st.sampled_from(["f32", "bf16", "bfp8_b"]))
def test_device_tensor_bytes_match_previous(
    case: tuple[np.ndarray, tuple[int, ...] | None], dtype: str
) -> None:
    values, physical = case
    tensor = DeviceTensor.from_numpy(values, DataType(dtype), Layout.TILE, physical)
    expected = previous.tilize(previous.to_float32(values), physical)
    if dtype == "bf16":
        expected = previous.round_to_bfloat16(expected)
    elif dtype == "bfp8_b":
        expected = previous.pack_bfloat8_b_tiles(expected)
    _same(tensor.data, expected)
    # The device bytes: tiles in face order, little-endian, one copy.
    if dtype == "bfp8_b":
        raw = expected.tobytes()
    else:
        face_order = previous.tiles_to_face_order(expected)
        raw = (face_order.view(np.uint16) if dtype == "bf16" else face_order).tobytes()
    assert tensor.to_bytes() == raw


def test_aligning_to_zero_is_no_error_whatever_the_error_state() -> None:
    # 1e-30 aligned to its row's exponent (1e30's) underflows to 0: the right byte, not an error.
    tiles = np.zeros((1, 32, 32), np.float32)
    tiles[0, 0, :2] = (1e30, -1e-30)
    with np.errstate(all="raise"):
        _same(formats.pack_bfloat8_b_tiles(tiles), previous.pack_bfloat8_b_tiles(tiles))


def test_convert_tiles_refuses_an_out_of_another_shape_or_dtype() -> None:
    tiles = np.ones((2, 3, 32, 32), np.float32)
    for out, got in (
        (np.empty((3, 2, 1088), np.uint8), "uint8 [3, 2, 1088]"),
        (np.empty((2, 3, 1088), np.int8), "int8 [2, 3, 1088]"),
    ):
        with pytest.raises(ValueError) as error:
            formats.convert_tiles(tiles, DataType.FLOAT32, DataType.BFLOAT8_B, out=out)
        assert str(error.value) == (
            f"convert_tiles: out must be uint8 of shape [2, 3, 1088] for bfp8_b tiles, got {got}"
        )

"""Tests of `ttnn_xdsl.runtime.tensor.DeviceTensor` (semantics.md §1)."""

from __future__ import annotations

import math
import struct

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.runtime import memory
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.tensor_formats.formats import pack_bfloat8_b_tiles, quantize_bfloat8_b, tilize

BF16 = np.dtype(ml_dtypes.bfloat16)


def face_offset(r: int, c: int) -> int:
    """semantics.md §1.1: offset of element (r, c) of a tile in face order."""
    return ((r // 16) * 2 + c // 16) * 256 + (r % 16) * 16 + c % 16


def bf16_values(shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    """bf16 values in ±[1, 2): every one of them packs to a non-zero bfloat8_b byte."""
    rng = np.random.default_rng(seed)
    magnitude = 1 + rng.random(shape)
    sign = np.where(rng.random(shape) < 0.5, -1.0, 1.0)
    return (magnitude * sign).astype(BF16)


# ---------------------------------------------------------------------------------------------
# bfloat8_b with padding
# ---------------------------------------------------------------------------------------------


def test_bf16_to_bfloat8_b_with_padding() -> None:
    values = bf16_values((1, 1, 40, 50))
    tensor = DeviceTensor.from_numpy(values, DataType.BFLOAT8_B, Layout.TILE)
    assert tensor.logical_shape == (1, 1, 40, 50)
    assert tensor.physical_shape == (1, 1, 64, 64)
    assert tensor.dtype == DataType.BFLOAT8_B
    assert tensor.layout == Layout.TILE
    assert tensor.num_tiles == 4
    assert tensor.data.shape == (1, 1, 2, 2, 1088)
    buffer = tensor.to_bytes()
    assert len(buffer) == 4352

    # Tiles in row-major order: 0 = rows 0-31 x cols 0-31, 1 = rows 0-31 x cols 32-63,
    # 2 = rows 32-63 x cols 0-31, 3 = rows 32-63 x cols 32-63.
    def data_byte(tile: int, r: int, c: int) -> int:
        return buffer[tile * 1088 + 64 + face_offset(r, c)]

    def exponent_byte(tile: int, face: int, row: int) -> int:
        return buffer[tile * 1088 + face * 16 + row]

    # Rows 40..63 are local rows 8..31 of tiles 2 and 3: every data byte there is 0.
    for tile in (2, 3):
        for r in range(8, 32):
            for c in range(32):
                assert data_byte(tile, r, c) == 0, (tile, r, c)
    # Cols 50..63 are local cols 18..31 of tiles 1 and 3.
    for tile in (1, 3):
        for r in range(32):
            for c in range(18, 32):
                assert data_byte(tile, r, c) == 0, (tile, r, c)
    # Every logical element is non-zero (|v| in [1, 2)): the zero bytes are exactly the padding.
    logical_positions = {
        (tile, r, c)
        for tile in range(4)
        for r in range(32)
        for c in range(32)
        if 32 * (tile // 2) + r < 40 and 32 * (tile % 2) + c < 50
    }
    for tile in range(4):
        for r in range(32):
            for c in range(32):
                assert (data_byte(tile, r, c) != 0) == ((tile, r, c) in logical_positions)
    # Blocks made only of padding have exponent 0: tiles 2 and 3, rows 8..15 of faces 0/1 and
    # all rows of faces 2/3; tile 1 face 1 still holds cols 48/49 (local 16, 17).
    for tile in (2, 3):
        for face in range(4):
            for row in range(16):
                padded = face >= 2 or row >= 8
                assert (exponent_byte(tile, face, row) == 0) == padded, (tile, face, row)
    assert all(exponent_byte(1, 1, row) == 127 for row in range(16))

    # Values: the logical part equals the quantized input, the padding decodes to +0.0.
    expected = quantize_bfloat8_b(tilize(values.astype(np.float32)))
    assert np.array_equal(tensor.to_numpy(), _untile(expected)[..., :40, :50])
    physical = tensor.physical_to_numpy()
    assert physical.shape == (1, 1, 64, 64)
    assert not physical[..., 40:, :].any() and not physical[..., :, 50:].any()
    assert np.array_equal(tensor.to_bytes(), pack_bfloat8_b_tiles(tilize(values)).tobytes())


def _untile(tiles: np.ndarray) -> np.ndarray:
    """Independent untilize: [..., Ht, Wt, 32, 32] -> [..., Ht*32, Wt*32] via concatenation."""
    rows = [np.concatenate(list(row), axis=-1) for row in np.moveaxis(tiles, (-4, -3), (0, 1))]
    return np.concatenate(rows, axis=-2)


def test_bf16_input_to_bfloat8_b_goes_through_float32() -> None:
    values = bf16_values((2, 33, 31), seed=5)
    from_bf16 = DeviceTensor.from_numpy(values, DataType.BFLOAT8_B)
    from_f32 = DeviceTensor.from_numpy(values.astype(np.float32), DataType.BFLOAT8_B)
    assert from_bf16 == from_f32
    assert from_bf16.to_bytes() == from_f32.to_bytes()


# ---------------------------------------------------------------------------------------------
# bf16 and f32
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", [Layout.TILE, Layout.ROW_MAJOR])
def test_f32_to_bf16_rounds_like_ml_dtypes(layout: Layout) -> None:
    rng = np.random.default_rng(11)
    values = rng.standard_normal((2, 3, 37, 45)) * np.exp2(rng.integers(-60, 60, (2, 3, 37, 45)))
    values = values.astype(np.float32)
    tensor = DeviceTensor.from_numpy(values, DataType.BFLOAT16, layout)
    result = tensor.to_numpy()
    assert result.dtype == np.float32
    assert result.shape == values.shape
    assert np.array_equal(result, values.astype(BF16).astype(np.float32))
    if layout == Layout.ROW_MAJOR:
        assert tensor.physical_shape == tensor.logical_shape
        assert tensor.data.dtype == BF16 and tensor.data.shape == values.shape
        assert tensor.to_bytes() == values.astype(BF16).view("<u2").tobytes()
        with pytest.raises(ValueError, match="num_tiles"):
            _ = tensor.num_tiles
    else:
        assert tensor.physical_shape == (2, 3, 64, 64)
        assert tensor.num_tiles == 2 * 3 * 2 * 2
        assert len(tensor.to_bytes()) == tensor.num_tiles * 2048


def test_f32_tile_keeps_values_and_bytes() -> None:
    values = np.arange(2 * 32 * 32, dtype=np.float32).reshape(2, 32, 32) * 1.5 - 7
    tensor = DeviceTensor.from_numpy(values, DataType.FLOAT32)
    assert np.array_equal(tensor.to_numpy(), values)
    buffer = tensor.to_bytes()
    assert len(buffer) == 2 * 4096
    for t, r, c in [(0, 0, 0), (0, 1, 0), (0, 0, 16), (1, 16, 0), (1, 31, 31)]:
        (value,) = struct.unpack_from("<f", buffer, t * 4096 + 4 * face_offset(r, c))
        assert value == values[t, r, c]


def test_integer_and_float64_inputs() -> None:
    tensor = DeviceTensor.from_numpy(np.arange(6).reshape(2, 3), DataType.FLOAT32, Layout.ROW_MAJOR)
    assert tensor.to_numpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    # float64 -> float32 first (round to nearest), then bf16.
    tensor = DeviceTensor.from_numpy(np.array([[1 + 2**-8 + 2**-30]]), DataType.BFLOAT16)
    assert tensor.to_numpy().tolist() == [[1.0]]


# ---------------------------------------------------------------------------------------------
# Physical shape beyond tile rounding
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", list(DataType))
def test_physical_shape_beyond_tile_rounding(dtype: DataType) -> None:
    # ±k/64 with k in 64..127: exact in f32, bf16 and (all in one binade) bfloat8_b.
    rng = np.random.default_rng(2)
    values = rng.integers(64, 128, (1, 1, 27, 2)) / 64 * rng.choice([-1, 1], (1, 1, 27, 2))
    values = values.astype(np.float32)
    tensor = DeviceTensor.from_numpy(values, dtype, physical_shape=[1, 1, 96, 32])
    assert tensor.logical_shape == (1, 1, 27, 2)
    assert tensor.physical_shape == (1, 1, 96, 32)
    assert tensor.num_tiles == 3
    assert len(tensor.to_bytes()) == 3 * {"f32": 4096, "bf16": 2048, "bfp8_b": 1088}[dtype]
    physical = tensor.physical_to_numpy()
    assert physical.shape == (1, 1, 96, 32)
    assert physical.dtype == np.float32
    assert np.count_nonzero(physical) == 27 * 2
    logical = tensor.to_numpy()
    assert logical.shape == (1, 1, 27, 2)
    assert np.array_equal(physical[..., :27, :2], logical)
    assert np.array_equal(logical, values)
    again = DeviceTensor.from_bytes(
        tensor.to_bytes(), (1, 1, 27, 2), dtype, Layout.TILE, (1, 1, 96, 32)
    )
    assert again == tensor


# ---------------------------------------------------------------------------------------------
# Bytes round trip
# ---------------------------------------------------------------------------------------------

COMBINATIONS = [
    (DataType.FLOAT32, Layout.TILE),
    (DataType.BFLOAT16, Layout.TILE),
    (DataType.BFLOAT8_B, Layout.TILE),
    (DataType.FLOAT32, Layout.ROW_MAJOR),
    (DataType.BFLOAT16, Layout.ROW_MAJOR),
]


@st.composite
def shapes(draw: st.DrawFn) -> tuple[int, ...]:
    """Rank 2-4 shapes with dims in 1..70 and a bounded number of elements."""
    rank = draw(st.integers(2, 4))
    lead = [draw(st.integers(1, 3)) for _ in range(rank - 2)]
    return (*lead, draw(st.integers(1, 70)), draw(st.integers(1, 70)))


@settings(max_examples=60, deadline=None)
@given(
    shapes(),
    st.sampled_from(COMBINATIONS),
    st.integers(0, 2**32 - 1),
    st.integers(-30, 30),
    st.integers(0, 1),
)
def test_from_bytes_inverts_to_bytes(
    shape: tuple[int, ...],
    combination: tuple[DataType, Layout],
    seed: int,
    scale: int,
    extra_rows: int,
) -> None:
    dtype, layout = combination
    rng = np.random.default_rng(seed)
    values = (rng.standard_normal(shape) * 2.0**scale).astype(np.float32)
    physical = None
    if layout == Layout.TILE and extra_rows:
        physical = (*shape[:-2], -(-shape[-2] // 32) * 32 + 32, -(-shape[-1] // 32) * 32)
    tensor = DeviceTensor.from_numpy(values, dtype, layout, physical, memory_config="dram")
    buffer = tensor.to_bytes()
    again = DeviceTensor.from_bytes(buffer, shape, dtype, layout, physical, memory_config="dram")
    assert again == tensor
    assert again.to_bytes() == buffer
    assert again.data.dtype == tensor.data.dtype
    assert np.array_equal(again.data.view(np.uint8), tensor.data.view(np.uint8))
    assert np.array_equal(again.to_numpy(), tensor.to_numpy())
    assert again.memory_config == "dram"
    if layout == Layout.TILE:
        assert len(buffer) == tensor.num_tiles * {"f32": 4096, "bf16": 2048, "bfp8_b": 1088}[dtype]
    else:
        assert len(buffer) == math.prod(shape) * (4 if dtype == DataType.FLOAT32 else 2)


# ---------------------------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------------------------


def test_bfloat8_b_row_major_is_rejected() -> None:
    with pytest.raises(ValueError, match="only in TILE"):
        DeviceTensor.from_numpy(np.ones((2, 2)), DataType.BFLOAT8_B, Layout.ROW_MAJOR)
    with pytest.raises(ValueError, match="only in TILE"):
        DeviceTensor.from_bytes(bytes(4), (2, 2), DataType.BFLOAT8_B, Layout.ROW_MAJOR)
    with pytest.raises(ValueError, match="only in TILE"):
        DeviceTensor((2, 2), (2, 2), DataType.BFLOAT8_B, Layout.ROW_MAJOR, np.zeros(4, np.uint8))


def test_non_finite_values_cannot_become_bfloat8_b() -> None:
    with pytest.raises(ValueError, match="non-finite"):
        DeviceTensor.from_numpy(np.array([[1.0, np.nan]]), DataType.BFLOAT8_B)
    # ... but bf16 keeps them (NaN becomes 0x7FC0).
    tensor = DeviceTensor.from_numpy(np.array([[-np.nan, np.inf]]), DataType.BFLOAT16)
    assert tensor.to_bytes()[:2] == b"\xc0\x7f"
    assert tensor.to_bytes()[2:4] == b"\x80\x7f"


@pytest.mark.parametrize(
    "physical",
    [(1, 1, 64, 40), (1, 1, 16, 64), (2, 1, 64, 64), (1, 64, 64), (1, 1, 0, 64)],
)
def test_bad_physical_shapes(physical: tuple[int, ...]) -> None:
    values = np.ones((1, 1, 27, 50), dtype=np.float32)
    with pytest.raises(ValueError, match="physical shape"):
        DeviceTensor.from_numpy(values, DataType.BFLOAT16, physical_shape=physical)
    with pytest.raises(ValueError, match="physical shape"):
        DeviceTensor.from_bytes(
            bytes(2048), (1, 1, 27, 50), DataType.BFLOAT16, Layout.TILE, physical
        )


def test_tiles_the_machine_cannot_hold_are_refused_before_allocating(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A physical shape of 2^40 rows once asked NumPy for 128 TiB (MemoryError): 2^40 · 64
    # values of 2 bytes. A logical shape (2^22, 1, 1) takes a 32×32 tile of 4-byte values per
    # row: 2^22 · 4096 bytes = 16 GiB from 16 MiB of values.
    monkeypatch.setattr(memory, "available_memory", lambda: 8 * 2**30)
    with pytest.raises(RunError) as error:
        DeviceTensor.from_numpy(
            np.ones((1, 1, 32, 64), np.float32), DataType.BFLOAT16, physical_shape=(1, 1, 2**40, 64)
        )
    assert str(error.value) == (
        "DeviceTensor.from_numpy of physical shape [1, 1, 1099511627776, 64] needs at least "
        "128 TiB (bf16 tiles), more than the 8 GiB of memory available"
    )
    with pytest.raises(RunError) as error:
        DeviceTensor.from_numpy(np.ones((2**22, 1, 1), np.float32), DataType.FLOAT32)
    assert str(error.value) == (
        "DeviceTensor.from_numpy of physical shape [4194304, 32, 32] needs at least 16 GiB "
        "(f32 tiles), more than the 8 GiB of memory available"
    )
    # What fits is converted as before.
    tensor = DeviceTensor.from_numpy(
        np.ones((1, 1, 32, 64), np.float32), DataType.BFLOAT16, physical_shape=(1, 1, 64, 64)
    )
    assert tensor.physical_shape == (1, 1, 64, 64)


def test_row_major_physical_shape_must_equal_logical() -> None:
    with pytest.raises(ValueError, match="must equal its logical shape"):
        DeviceTensor.from_numpy(np.ones((3, 5)), DataType.FLOAT32, Layout.ROW_MAJOR, (32, 32))
    with pytest.raises(ValueError, match="must equal its logical shape"):
        DeviceTensor(
            (3, 5), (3, 6), DataType.FLOAT32, Layout.ROW_MAJOR, np.ones((3, 5), np.float32)
        )


def test_tile_needs_rank_two() -> None:
    with pytest.raises(ValueError, match="rank >= 2"):
        DeviceTensor.from_numpy(np.ones(5), DataType.FLOAT32)
    with pytest.raises(ValueError, match="rank >= 2"):
        DeviceTensor.from_bytes(bytes(4096), (5,), DataType.FLOAT32, Layout.TILE)
    # ROW_MAJOR accepts any rank.
    assert DeviceTensor.from_numpy(
        np.ones(5), DataType.FLOAT32, Layout.ROW_MAJOR
    ).to_numpy().shape == (5,)


def test_constructor_checks_data() -> None:
    tiles = np.zeros((1, 1, 2, 2, 32, 32), dtype=np.float32)
    ok = DeviceTensor([1, 1, 40, 50], [1, 1, 64, 64], "f32", "tile", tiles)  # type: ignore[arg-type]
    assert ok.logical_shape == (1, 1, 40, 50) and ok.dtype is DataType.FLOAT32
    assert ok.layout is Layout.TILE
    with pytest.raises(ValueError, match=r"float32 array of shape \[1, 1, 2, 2, 32, 32\]"):
        DeviceTensor(
            (1, 1, 40, 50), (1, 1, 64, 64), DataType.FLOAT32, Layout.TILE, tiles[..., :1, :, :, :]
        )
    with pytest.raises(ValueError, match="bfloat16"):
        DeviceTensor((1, 1, 40, 50), (1, 1, 64, 64), DataType.BFLOAT16, Layout.TILE, tiles)
    with pytest.raises(ValueError, match="uint8"):
        DeviceTensor((1, 1, 40, 50), (1, 1, 64, 64), DataType.BFLOAT8_B, Layout.TILE, tiles)
    packed = np.zeros((1, 1, 2, 2, 1088), dtype=np.uint8)
    DeviceTensor((1, 1, 40, 50), (1, 1, 64, 64), DataType.BFLOAT8_B, Layout.TILE, packed)
    with pytest.raises(ValueError):
        DeviceTensor((1, 1, 40, 50), (1, 1, 64, 64), "bfp4_b", Layout.TILE, packed)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="physical shape"):
        DeviceTensor((1, 1, 40, 50), (1, 1, 32, 64), DataType.BFLOAT8_B, Layout.TILE, packed)


def test_from_bytes_wrong_length() -> None:
    with pytest.raises(ValueError, match=r"4352 bytes, got 4351"):
        DeviceTensor.from_bytes(bytes(4351), (1, 1, 40, 50), DataType.BFLOAT8_B, Layout.TILE)


def test_equality_and_repr() -> None:
    values = np.ones((32, 32), dtype=np.float32)
    a = DeviceTensor.from_numpy(values, DataType.BFLOAT16)
    b = DeviceTensor.from_numpy(values, DataType.BFLOAT16)
    c = DeviceTensor.from_numpy(values * 2, DataType.BFLOAT16)
    d = DeviceTensor.from_numpy(values, DataType.BFLOAT16, memory_config="l1")
    assert a == b
    assert a != c
    assert a != d
    assert a != "not a tensor"
    assert "data" not in repr(a) and "bf16" in repr(a)


@pytest.mark.parametrize("dtype", list(DataType))
def test_empty_tile_tensor(dtype: DataType) -> None:
    tensor = DeviceTensor.from_numpy(np.zeros((0, 5), dtype=np.float32), dtype)
    assert tensor.physical_shape == (0, 32)
    assert tensor.num_tiles == 0
    assert tensor.to_bytes() == b""
    assert tensor.to_numpy().shape == (0, 5)
    assert DeviceTensor.from_bytes(b"", (0, 5), dtype, Layout.TILE) == tensor

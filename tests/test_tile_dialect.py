"""Tests of the `tile` dialect: the tile type and its ops, valid and invalid."""

from __future__ import annotations

import pytest
from dialect_helpers import (
    printed,
    values,
    verify_error,
)
from xdsl.dialects.builtin import (
    IndexType,
    IntAttr,
    MemRefType,
    bf16,
    f16,
    f32,
)
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import (
    DataType,
)
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.dialect.types import bfp8_b

# ---------------------------------------------------------------------------------------------
# The tile dialect
# ---------------------------------------------------------------------------------------------


def test_tile_type() -> None:
    assert printed(tile.TileType(bf16)) == "!tile.tile<32x32, bf16>"
    assert tile.tile_type(DataType.BFLOAT8_B) == tile.TileType(bfp8_b)
    assert tile.TileType(f32).dtype == DataType.FLOAT32
    assert tile.tile_dtype(tile.TileType(bf16)) == DataType.BFLOAT16
    with pytest.raises(VerifyException) as error:
        tile.TileType(f16)
    assert str(error.value) == "!tile.tile expected element type f32, bf16 or !ttnn.bfp8_b, got f16"
    with pytest.raises(VerifyException) as error:
        tile.TileType.new([IntAttr(16), IntAttr(16), bf16])
    assert str(error.value) == "!tile.tile must be 32x32, got 16x16"


BF16_TILES = MemRefType(tile.TileType(bf16), (2, 2))
ROWS = MemRefType(bf16, (64, 64))


def test_tile_ops_valid() -> None:
    tiles, rows, i, j = values(BF16_TILES, ROWS, IndexType(), IndexType())
    load = tile.LoadOp(tiles, [i, j])
    assert load.result.type == tile.TileType(bf16)
    tilize = tile.TilizeOp(rows, [i, j])
    assert tilize.result.type == tile.TileType(bf16)
    cast = tile.TypecastOp(load.result, DataType.FLOAT32)
    assert cast.result.type == tile.TileType(f32)
    ops = [
        load,
        tile.StoreOp(load.result, tiles, [j, i]),
        tilize,
        tile.UntilizeOp(tilize.result, rows, [i, j]),
        cast,
    ]
    for op in ops:
        op.verify()


def test_tile_ops_invalid() -> None:
    tiles, rows, vector, i = values(BF16_TILES, ROWS, MemRefType(bf16, (64,)), IndexType())
    (f32_tile,) = values(tile.TileType(f32))
    assert verify_error(tile.LoadOp(tiles, [i])) == (
        "'tile.load' op expected 2 indices for memref<2x2x!tile.tile<32x32, bf16>>, got 1"
    )
    assert verify_error(tile.TilizeOp(vector, [i])) == (
        "'tile.tilize' op expected a memref of rank 2 or more, got memref<64xbf16>"
    )
    assert verify_error(tile.UntilizeOp(f32_tile, rows, [i, i])) == (
        "'tile.untilize' op expected a tile of the memref's element type bf16, got "
        "!tile.tile<32x32, f32>"
    )
    (bf16_tile,) = values(tile.TileType(bf16))
    assert verify_error(tile.TypecastOp(bf16_tile, DataType.BFLOAT16)) == (
        "'tile.typecast' op expected a different result element type, got "
        "!tile.tile<32x32, bf16> -> !tile.tile<32x32, bf16>"
    )
    (packed_rows,) = values(MemRefType(bfp8_b, (64, 64)))
    assert verify_error(tile.TilizeOp(packed_rows, [i, i])) == (
        "'tile.tilize' op bfloat8_b has no row-major form"
    )

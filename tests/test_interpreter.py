"""The NumPy interpreter of lowered IR (runtime/interpreter), op by op, on hand-written loop
IR: each result is compared with a NumPy formula written here or with the independent
reference formats of `reference_formats` (semantics.md §1)."""

# ruff: noqa: E501 - IR lines are long; they stay as the printer writes them.
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from reference_formats import bf16_round, device_bytes, face_order, tiles
from xdsl.context import Context

from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.frontend import parse_module
from ttnn_xdsl.runtime.interpreter import execute, make_interpreter
from ttnn_xdsl.runtime.read_only import read_only_arguments


def run(ctx: Context, text: str, *buffers: np.ndarray, entry: str = "f") -> tuple:
    """Parse `text` (loop IR), run function `entry` on `buffers`; its results."""
    module = parse_module(ctx, text, "loops.mlir")
    return execute(module, entry, buffers)


def random(shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


COPY_TILES = """
func.func @f(%a: memref<3x3x!tile.tile<32x32, f32>>) -> memref<3x3x!tile.tile<32x32, f32>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %b = memref.alloc() : memref<3x3x!tile.tile<32x32, f32>>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %t = tile.load %a[%i, %j] : memref<3x3x!tile.tile<32x32, f32>>
      tile.store %t, %b[%j, %i] : memref<3x3x!tile.tile<32x32, f32>>
    }
  }
  func.return %b : memref<3x3x!tile.tile<32x32, f32>>
}
"""


def test_tile_load_store_moves_whole_tiles(ctx: Context) -> None:
    # Tile (i, j) of %a lands at (j, i) of %b; each tile itself is unchanged.
    a = random((3, 3, 32, 32))
    (b,) = run(ctx, COPY_TILES, a)
    np.testing.assert_array_equal(b, a.transpose(1, 0, 2, 3))


def test_alloc_is_zero_filled(ctx: Context) -> None:
    text = """
    func.func @f() -> memref<2x2x!tile.tile<32x32, bf16>> {
      %b = memref.alloc() : memref<2x2x!tile.tile<32x32, bf16>>
      func.return %b : memref<2x2x!tile.tile<32x32, bf16>>
    }
    """
    (b,) = run(ctx, text)
    assert b.shape == (2, 2, 32, 32)
    assert b.dtype == np.dtype(ml_dtypes.bfloat16)
    assert not b.astype(np.float32).any()


TILIZE_UNTILIZE = """
func.func @f(%m: memref<40x50xf32>, %out: memref<40x50xf32>) -> (memref<2x2x!tile.tile<32x32, f32>>, memref<40x50xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %tiles = memref.alloc() : memref<2x2x!tile.tile<32x32, f32>>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %r = arith.muli %i, %c32 : index
      %c = arith.muli %j, %c32 : index
      %t = tile.tilize %m[%r, %c] : memref<40x50xf32> -> !tile.tile<32x32, f32>
      tile.store %t, %tiles[%i, %j] : memref<2x2x!tile.tile<32x32, f32>>
      tile.untilize %t, %out[%r, %c] : !tile.tile<32x32, f32>, memref<40x50xf32>
    }
  }
  func.return %tiles, %out : memref<2x2x!tile.tile<32x32, f32>>, memref<40x50xf32>
}
"""


def test_tilize_pads_with_zeros_and_untilize_drops_the_padding(ctx: Context) -> None:
    m = random((40, 50), 1)
    out = np.full((40, 50), 7.0, np.float32)
    tiled, back = run(ctx, TILIZE_UNTILIZE, m, out)
    padded = np.zeros((64, 64), np.float32)
    padded[:40, :50] = m
    np.testing.assert_array_equal(tiled, tiles(padded).reshape(2, 2, 32, 32))
    np.testing.assert_array_equal(back, m)
    assert back is out  # untilize writes into the given buffer


TYPECAST = """
func.func @f(%a: memref<1x2x!tile.tile<32x32, f32>>) -> (memref<1x2x!tile.tile<32x32, bf16>>, memref<1x2x!tile.tile<32x32, !ttnn.bfp8_b>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = memref.alloc() : memref<1x2x!tile.tile<32x32, bf16>>
  %p = memref.alloc() : memref<1x2x!tile.tile<32x32, !ttnn.bfp8_b>>
  scf.for %j = %c0 to %c2 step %c1 {
    %t = tile.load %a[%c0, %j] : memref<1x2x!tile.tile<32x32, f32>>
    %u = tile.typecast %t : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>
    tile.store %u, %b[%c0, %j] : memref<1x2x!tile.tile<32x32, bf16>>
    %v = tile.typecast %t : !tile.tile<32x32, f32> -> !tile.tile<32x32, !ttnn.bfp8_b>
    tile.store %v, %p[%c0, %j] : memref<1x2x!tile.tile<32x32, !ttnn.bfp8_b>>
  }
  func.return %b, %p : memref<1x2x!tile.tile<32x32, bf16>>, memref<1x2x!tile.tile<32x32, !ttnn.bfp8_b>>
}
"""


def test_tile_typecast_rounds_and_packs(ctx: Context) -> None:
    matrix = random((32, 64), 2) * 100
    a = tiles(matrix).reshape(1, 2, 32, 32)
    bf16, packed = run(ctx, TYPECAST, a)
    np.testing.assert_array_equal(bf16.astype(np.float32), bf16_round(a))
    assert packed.shape == (1, 2, 1088) and packed.dtype == np.uint8
    assert packed.tobytes() == device_bytes(matrix, "bfp8_b")
    # bf16 bytes in face order, as the reference lays them out
    assert bf16.dtype == np.dtype(ml_dtypes.bfloat16)
    assert face_order(bf16.reshape(-1, 32, 32)).view(np.uint16).astype(
        "<u2"
    ).tobytes() == device_bytes(matrix, "bf16")


def test_tile_typecast_of_nan_to_bfloat8_b_is_a_located_run_error(ctx: Context) -> None:
    a = np.zeros((1, 2, 32, 32), np.float32)
    a[0, 1, 3, 4] = np.nan
    with pytest.raises(RunError) as error:
        run(ctx, TYPECAST, a)
    assert str(error.value) == (
        "f32 -> bfp8_b typecast at loops.mlir:12:5: bfloat8_b cannot encode non-finite "
        "values (NaN or Inf found)"
    )


WINDOWS = """
func.func @f(%w: memref<4x3x2x2xf32>) -> (memref<8x6xf32>, memref<4x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<8x6xf32>
  linalg.fill ins(%zero : f32) outs(%m : memref<8x6xf32>)
  %src = memref.subview %w[0, 0, 1, 0] [4, 3, 1, 1] [1, 1, 1, 1] : memref<4x3x2x2xf32> to memref<4x3xf32, strided<[12, 4], offset: 2>>
  %dst = memref.subview %m[%c1, 0] [3, 4] [1, 1] : memref<8x6xf32> to memref<3x4xf32, strided<[6, 1], offset: ?>>
  linalg.transpose ins(%src : memref<4x3xf32, strided<[12, 4], offset: 2>>) outs(%dst : memref<3x4xf32, strided<[6, 1], offset: ?>>) permutation = [1, 0]
  %b = memref.alloc() : memref<4x6xf32>
  %col = memref.subview %w[0, 2, 1, 1] [4, 1, 1, 1] [1, 1, 1, 1] : memref<4x3x2x2xf32> to memref<4xf32, strided<[12], offset: 11>>
  linalg.broadcast ins(%col : memref<4xf32, strided<[12], offset: 11>>) outs(%b : memref<4x6xf32>) dimensions = [1]
  func.return %m, %b : memref<8x6xf32>, memref<4x6xf32>
}
"""


def test_subview_and_linalg_moves(ctx: Context) -> None:
    w = random((4, 3, 2, 2), 3)
    m, b = run(ctx, WINDOWS, w)
    expected = np.zeros((8, 6), np.float32)
    expected[1:4, 0:4] = w[:, :, 1, 0].T
    np.testing.assert_array_equal(m, expected)
    np.testing.assert_array_equal(b, np.repeat(w[:, 2, 1, 1][:, None], 6, axis=1))


def test_subview_out_of_bounds_is_a_located_run_error(ctx: Context) -> None:
    text = """
    func.func @f(%m: memref<8x6xf32>) {
      %c7 = arith.constant 7 : index
      %v = memref.subview %m[%c7, 0] [3, 4] [1, 1] : memref<8x6xf32> to memref<3x4xf32, strided<[6, 1], offset: ?>>
      func.return
    }
    """
    with pytest.raises(RunError) as error:
        run(ctx, text, np.zeros((8, 6), np.float32))
    assert str(error.value) == (
        "memref.subview out of bounds: offset 7, size 3, stride 1 in a dim of 8 (loops.mlir:4:7)"
    )


SLIDING_WINDOW = """
func.func @f(%x: memref<2x5x6xf32>) -> memref<2x3x2x2x6xf32> {
  %taps = memref.reinterpret_cast %x to offset: [0], sizes: [2, 3, 2, 2, 6], strides: [30, 6, 6, 6, 1]
      : memref<2x5x6xf32> to memref<2x3x2x2x6xf32, strided<[30, 6, 6, 6, 1]>>
  %out = memref.alloc() : memref<2x3x2x2x6xf32>
  linalg.copy ins(%taps : memref<2x3x2x2x6xf32, strided<[30, 6, 6, 6, 1]>>)
              outs(%out : memref<2x3x2x2x6xf32>)
  func.return %out : memref<2x3x2x2x6xf32>
}
"""


def test_reinterpret_cast_is_an_overlapping_view(ctx: Context) -> None:
    """`memref.reinterpret_cast` with overlapping strides (a sliding window): element
    (b, i, j, t, c) is x.flat[30·b + 6·i + 6·j + 6·t + c] — row i + j + t of batch b;
    the argument is only read through it (a run takes it without a copy)."""
    x = random((2, 5, 6), 4)
    (out,) = run(ctx, SLIDING_WINDOW, x)
    flat = x.reshape(-1)
    expected = np.empty((2, 3, 2, 2, 6), np.float32)
    for b, i, j, t, c in np.ndindex(*expected.shape):
        expected[b, i, j, t, c] = flat[30 * b + 6 * i + 6 * j + 6 * t + c]
    np.testing.assert_array_equal(out, expected)
    np.testing.assert_array_equal(x, random((2, 5, 6), 4))
    assert read_only_arguments(parse_module(ctx, SLIDING_WINDOW, "loops.mlir"), "f") == [True]


def test_reinterpret_cast_out_of_bounds_is_a_located_run_error(ctx: Context) -> None:
    text = SLIDING_WINDOW.replace("offset: [0]", "offset: [1]").replace("1]>>", "1], offset: 1>>")
    with pytest.raises(RunError) as error:
        run(ctx, text, random((2, 5, 6)))
    assert str(error.value) == (
        "memref.reinterpret_cast out of bounds: offset 1, sizes [2, 3, 2, 2, 6], strides "
        "[30, 6, 6, 6, 1] in a buffer of 60 elements at loops.mlir:3:3"
    )


def test_the_interpreter_refuses_tensor_level_ops(ctx: Context) -> None:
    text = """
    func.func @f(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xf32, #ttnn.tensor_layout<tile>> {
      %0 = ttnn.typecast %g : tensor<32x32xbf16, #ttnn.tensor_layout<tile>> -> tensor<32x32xf32, #ttnn.tensor_layout<tile>>
      func.return %0 : tensor<32x32xf32, #ttnn.tensor_layout<tile>>
    }
    """
    module = parse_module(ctx, text, "tensors.mlir")
    with pytest.raises(RunError) as error:
        make_interpreter(module)
    assert str(error.value) == (
        "the module still holds the tensor-level op 'ttnn.typecast' at tensors.mlir:3:7; "
        "the interpreter runs lowered loops only: run ttnn-lower first"
    )

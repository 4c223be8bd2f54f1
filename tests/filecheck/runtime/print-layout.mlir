// ttnn-run --print on typecast / to_layout chains: row-major results have no tiles and
// their plain bytes (f32 4 B, bf16 2 B an element); a TILE result of 2x3 is one padded tile.
// f32 → bf16 rounds to nearest even, → bfloat8_b shares an exponent per face row, and
// bfloat8_b → f32 is exact.

// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.array([[3, 1.00390625, 1.01171875], [0.1, -0.046875, 0.75]], np.float32))"
// RUN: ttnn-run %s --input x=%t.x.npy --print | filecheck %s --match-full-lines
// CHECK:      result0: tensor<2x3xbf16>
// CHECK-NEXT:   logical [2, 3], physical [2, 3], bf16, row_major, 12 bytes
// CHECK-NEXT:   values:
// CHECK-NEXT:     {{\[}}[ 3.        1.        1.015625]
// CHECK-NEXT:      [ 0.100098 -0.046875  0.75    ]]
// CHECK-NEXT: result1: tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:   logical [2, 3], physical [32, 32], bfp8_b, tile, 1 tile, 1088 bytes
// CHECK-NEXT:   values:
// CHECK-NEXT:     {{\[}}[ 3.        1.        1.      ]
// CHECK-NEXT:      [ 0.101562 -0.046875  0.75    ]]
// CHECK-NEXT: result2: tensor<2x3xf32>
// CHECK-NEXT:   logical [2, 3], physical [2, 3], f32, row_major, 24 bytes
// CHECK-NEXT:   values:
// CHECK-NEXT:     {{\[}}[ 3.        1.        1.      ]
// CHECK-NEXT:      [ 0.101562 -0.046875  0.75    ]]

// The row-major bytes: bf16 little-endian (3.0 = 0x4040, 1.0 = 0x3f80, 1.015625 = 0x3f82),
// f32 little-endian (0.1015625 = 0x3dd00000).
// RUN: rm -rf %t.raw
// RUN: ttnn-run %s --input x=%t.x.npy --raw-output %t.raw
// RUN: %python -c "a = open('%t.raw/result0.bin', 'rb').read(); c = open('%t.raw/result2.bin', 'rb').read(); print(len(a), a[:6].hex(), len(c), c[12:16].hex())" | filecheck %s --check-prefix=RAW
// RAW: 12 4040803f823f 24 0000d03d

func.func @main(%x: tensor<2x3xf32>)
    -> (tensor<2x3xbf16>, tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<2x3xf32>) {
  %0 = ttnn.typecast %x : tensor<2x3xf32> -> tensor<2x3xbf16>
  %1 = ttnn.to_layout %0 : tensor<2x3xbf16> -> tensor<2x3xbf16, #ttnn.tensor_layout<tile>>
  %2 = ttnn.typecast %1 : tensor<2x3xbf16, #ttnn.tensor_layout<tile>>
                        -> tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  %3 = ttnn.typecast %2 : tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
                        -> tensor<2x3xf32, #ttnn.tensor_layout<tile>>
  %4 = ttnn.to_layout %3 : tensor<2x3xf32, #ttnn.tensor_layout<tile>> -> tensor<2x3xf32>
  func.return %0, %2, %4 : tensor<2x3xbf16>, tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                           tensor<2x3xf32>
}

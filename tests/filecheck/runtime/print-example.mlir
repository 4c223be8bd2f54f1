// examples/assign_bw.mlir through ttnn-run: @main (binary, [1, 1, 40, 50] = 2x2 tiles, one
// gradient bf16 and one bfloat8_b) and @unary (bfloat8_b grad into a preallocated bf16
// buffer of 2x2x2 tiles), with the tile and byte counts of each result.

// RUN: %python -c "import numpy as np; np.save('%t.half.npy', np.full((1, 1, 40, 50), 0.5, np.float32)); np.save('%t.g.npy', np.full((2, 64, 64), -1.5, np.float32)); np.save('%t.buf.npy', np.full((2, 64, 64), 7, np.float32))"
// RUN: ttnn-run %S/../../../examples/assign_bw.mlir --input grad=%t.half.npy --input input_a=%t.half.npy --input input_b=%t.half.npy --print | filecheck %s --match-full-lines
// CHECK:      grad_a: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:   logical [1, 1, 40, 50], physical [1, 1, 64, 64], bf16, tile, 4 tiles, 8192 bytes
// CHECK-NEXT:   values:
// CHECK-NEXT:     {{\[\[\[\[}}0.5 0.5 0.5 ... 0.5 0.5 0.5]
// CHECK:      grad_b: tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:   logical [1, 1, 40, 50], physical [1, 1, 64, 64], bfp8_b, tile, 4 tiles, 4352 bytes
// CHECK-NEXT:   values:
// CHECK-NEXT:     {{\[\[\[\[}}0.5 0.5 0.5 ... 0.5 0.5 0.5]
// CHECK-NOT:  result2

// The preallocated buffer's old values (7) are all overwritten.
// RUN: ttnn-run %S/../../../examples/assign_bw.mlir --entry unary --input grad=%t.g.npy --input input=%t.g.npy --input buffer=%t.buf.npy --print | filecheck %s --check-prefix=UNARY --match-full-lines
// UNARY:      grad_input: tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>
// UNARY-NEXT:   logical [2, 64, 64], physical [2, 64, 64], bf16, tile, 8 tiles, 16384 bytes
// UNARY-NEXT:   values:
// UNARY-NEXT:     {{\[\[\[}}-1.5 -1.5 -1.5 ... -1.5 -1.5 -1.5]
// UNARY-NOT:  7.
// UNARY-NOT:  result1

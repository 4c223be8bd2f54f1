// RUN: ttnn-opt %s --split-input-file --verify-diagnostics -p convert-ttnn-to-tiles | filecheck %s
// RUN: not ttnn-opt %s --split-input-file -p ttnn-lower 2>&1 | filecheck %s --check-prefix=FAIL

// A row-major typecast of rank < 2 has no tiled lowering (tile windows need two dims): a
// one-line diagnostic at the op, not a traceback. Without a dtype change it is a copy.

func.func @rank1(%x: tensor<50xf32>) -> tensor<50xbf16> {
  %0 = ttnn.typecast %x : tensor<50xf32> -> tensor<50xbf16>
  func.return %0 : tensor<50xbf16>
}
// CHECK: convert-ttnn-to-tiles-errors.mlir:8:3: error: 'ttnn.typecast' op cannot lower a row-major typecast of rank 1: its tiled lowering (tilize, typecast, untilize) needs rank 2 or more

// FAIL:      convert-ttnn-to-tiles-errors.mlir:8:3: error: 'ttnn.typecast' op cannot lower a row-major typecast of rank 1
// FAIL-NOT:  Traceback
// FAIL-NOT:  error

// -----

func.func @rank0(%x: tensor<f32>) -> tensor<bf16> {
  %0 = ttnn.typecast %x : tensor<f32> -> tensor<bf16>
  func.return %0 : tensor<bf16>
}
// CHECK: convert-ttnn-to-tiles-errors.mlir:20:3: error: 'ttnn.typecast' op cannot lower a row-major typecast of rank 0

// -----

func.func @rank1_same_dtype(%x: tensor<50xf32>) -> tensor<50xf32> {
  %0 = ttnn.typecast %x : tensor<50xf32> -> tensor<50xf32>
  func.return %0 : tensor<50xf32>
}
// CHECK-LABEL: func.func @rank1_same_dtype(
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<50xf32>
// CHECK-NEXT:    linalg.copy ins(%x : memref<50xf32>) outs(%[[OUT]] : memref<50xf32>)
// CHECK-NEXT:    func.return %[[OUT]] : memref<50xf32>

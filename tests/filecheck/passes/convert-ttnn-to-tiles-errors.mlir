// RUN: ttnn-opt %s --split-input-file --verify-diagnostics -p convert-ttnn-to-tiles | filecheck %s
// RUN: not ttnn-opt %s --split-input-file -p ttnn-lower 2>&1 | filecheck %s --check-prefix=FAIL

// A row-major typecast of rank 0 has no tiled lowering (tile windows need a row): a
// one-line diagnostic at the op, not a traceback. Without a dtype change it is a copy.

func.func @rank0(%x: tensor<f32>) -> tensor<bf16> {
  %0 = ttnn.typecast %x : tensor<f32> -> tensor<bf16> // expected-error {{'ttnn.typecast' op cannot lower a row-major typecast of rank 0: its tiled lowering (tilize, typecast, untilize) needs rank 1 or more}}
  func.return %0 : tensor<bf16>
}
// CHECK: convert-ttnn-to-tiles-errors.mlir:8:3: error: 'ttnn.typecast' op cannot lower a row-major typecast of rank 0: its tiled lowering (tilize, typecast, untilize) needs rank 1 or more

// FAIL:      convert-ttnn-to-tiles-errors.mlir:8:3: error: 'ttnn.typecast' op cannot lower a row-major typecast of rank 0
// FAIL-NOT:  Traceback
// FAIL-NOT:  error

// -----

// A rank-1 typecast converts the [1, N] view of its row (tt-mlir's host typecast of a bias).

func.func @rank1(%x: tensor<50xf32>) -> tensor<50xbf16> {
  %0 = ttnn.typecast %x : tensor<50xf32> -> tensor<50xbf16>
  func.return %0 : tensor<50xbf16>
}
// CHECK-LABEL: func.func @rank1(
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<50xbf16>
// CHECK:         %[[IN:.*]] = memref.expand_shape %x {{.*}} : memref<50xf32> into memref<1x50xf32>
// CHECK:         %[[VIEW:.*]] = memref.expand_shape %[[OUT]] {{.*}} : memref<50xbf16> into memref<1x50xbf16>
// CHECK:         tile.tilize %[[IN]]
// CHECK:         tile.untilize {{.*}}, %[[VIEW]]

// -----

func.func @rank1_same_dtype(%x: tensor<50xf32>) -> tensor<50xf32> {
  %0 = ttnn.typecast %x : tensor<50xf32> -> tensor<50xf32>
  func.return %0 : tensor<50xf32>
}
// CHECK-LABEL: func.func @rank1_same_dtype(
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<50xf32>
// CHECK-NEXT:    linalg.copy ins(%x : memref<50xf32>) outs(%[[OUT]] : memref<50xf32>)
// CHECK-NEXT:    func.return %[[OUT]] : memref<50xf32>

// -----

// A prepare op left for convert-ttnn-to-tiles alone: the message says what to run first.

func.func @prepare(%w: tensor<32x3x3x3xbf16>) -> tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %p = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<32x3x3x3xbf16> -> tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_weights' op convert-ttnn-to-tiles cannot lower this op: ttnn-decompose turns it into layout ops first (-p ttnn-decompose,convert-ttnn-to-tiles, or the whole pipeline, -p ttnn-lower)}}
  func.return %p : tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK: convert-ttnn-to-tiles-errors.mlir:[[# @LINE - 3]]:3: error: 'ttnn.prepare_conv_weights' op convert-ttnn-to-tiles cannot lower this op: ttnn-decompose turns it into layout ops first (-p ttnn-decompose,convert-ttnn-to-tiles, or the whole pipeline, -p ttnn-lower)

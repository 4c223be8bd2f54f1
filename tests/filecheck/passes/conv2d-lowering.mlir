// convert-ttnn-to-tiles on ttnn.conv2d_consume (docs/semantics.md §9.6): no zero tiles (the
// first K block's matmul writes every DEST tile `cleared`), the reader's sticks (zero-padded
// input, stale lanes 5..7 of the channel padding filled with 1.0), then per K block r = kernel row r (HEIGHT): the activation block gathered
// as one sliding window of the sticks for its three taps (memref.reinterpret_cast: element
// (n, oh, ow, s, c) at sticks[n, oh + r, ow + s, c], strides [576, 72, 8, 8, 1]) into the first 84 rows of a
// [96, 32] bf16 block (the rows beyond, the cores' padding, zero), its stale lanes filled — bf16
// in, bf16 tiles: the act tilize would change no value, so the matmuls read the block's rows —
// and a loop over the 3 cores along N·OH·OW (32 rows each, one act block) whose tile.matmul
// reads the core's 32 act rows and weight tile row r into the core's accumulator rows; the
// bias once after the last K block. DEST's tiles are the result's own (a TILE output of DEST's
// dtype with the accumulator's tile rows and columns): no output nest.
//
// RUN: ttnn-opt %s -p convert-ttnn-to-tiles | filecheck %s
// RUN: ttnn-opt %s -p ttnn-lower | filecheck %s --check-prefix=NOTTNN

// NOTTNN-NOT: ttnn.conv2d_consume

func.func @height_3x3(%x: tensor<2x6x7x5xbf16>, %w: tensor<1x1x45x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, %b: tensor<1x1x1x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) -> tensor<1x1x84x7xbf16, #ttnn.tensor_layout<tile>> {
  %y = "ttnn.conv2d_consume"(%x, %w, %b) <{path = "height_sharded", math_fidelity = "HiFi4", batch = 2 : i64, input_height = 6 : i64, input_width = 7 : i64, input_channels = 5 : i64, activation_channels = 8 : i64, nhw_cores = 3 : i64, input_cores = 1 : i64, output_cores = 1 : i64, nhw_rows_per_core = 32 : i64, act_block_h_ntiles = 1 : i64, act_block_w_ntiles = 1 : i64, k_blocks = 3 : i64, out_width_ntiles = 1 : i64, out_channels = 7 : i64, full_inner_dim = false, activation_reuse = false, fp32_dest_acc_en = false, packer_l1_acc = false, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, original_padding = array<i64: 1, 1, 1, 1>, fold_stride = array<i64>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<2x6x7x5xbf16>, tensor<1x1x45x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, tensor<1x1x1x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) -> tensor<1x1x84x7xbf16, #ttnn.tensor_layout<tile>>
  func.return %y : tensor<1x1x84x7xbf16, #ttnn.tensor_layout<tile>>
}

// CHECK-LABEL: func.func @height_3x3
// CHECK:       %[[Y:.*]] = memref.alloc() : memref<1x1x3x1x!tile.tile<32x32, bf16>>
// CHECK-NEXT:  memref.subview %[[Y]][0, 0, 0, 0] [1, 1, 3, 1] [1, 1, 1, 1] {{.*}} to memref<3x1x!tile.tile<32x32, bf16>, strided<[1, 1]>>
// CHECK:       %[[STICKS:.*]] = memref.alloc() : memref<2x8x9x8xbf16>
// CHECK:       memref.subview %[[STICKS]][0, 1, 1, 5] [2, 6, 7, 3] [1, 1, 1, 1]
// CHECK:       linalg.copy ins(%x : memref<2x6x7x5xbf16>)
// CHECK:       %[[BLOCK:.*]] = memref.alloc() : memref<96x32xbf16>
// CHECK:       %[[PIXELS:.*]] = memref.subview %[[BLOCK]][0, 0] [84, 32] [1, 1]
// CHECK-NEXT:  %[[GATHERED:.*]] = memref.expand_shape %[[PIXELS]] {{.*}} output_shape [2, 6, 7, 32]
// CHECK:       %[[LANES:.*]] = memref.subview %[[GATHERED]][0, 0, 0, 0] [2, 6, 7, 24] [1, 1, 1, 1]
// CHECK-NEXT:  %[[TAPS:.*]] = memref.reinterpret_cast %[[STICKS]] to offset: [0], sizes: [2, 6, 7, 3, 8], strides: [576, 72, 8, 8, 1]
// CHECK-NEXT:  %[[SPLIT:.*]] = memref.expand_shape %[[LANES]] {{.*}} output_shape [2, 6, 7, 3, 8]
// CHECK-NEXT:  linalg.copy ins(%[[TAPS]] : {{.*}}) outs(%[[SPLIT]] : {{.*}})
// CHECK:       memref.subview %[[GATHERED]][0, 0, 0, 24] [2, 6, 7, 8] [1, 1, 1, 1]
// CHECK-NEXT:  arith.constant 1.000000e+00 : bf16
// CHECK-NEXT:  linalg.fill
// CHECK-NOT:   tile.tilize
// CHECK:       scf.for %[[CORE:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         %[[ROW:.*]] = arith.muli %[[CORE]], %{{.*}}
// CHECK-NEXT:    %[[ACT:.*]] = memref.subview %[[BLOCK]][%[[ROW]], 0] [32, 32] [1, 1] : memref<96x32xbf16>
// CHECK:         %[[PARTIAL:.*]] = memref.subview %{{.*}}[%[[CORE]], 0] [1, 1] [1, 1] : memref<3x1x!tile.tile<32x32, bf16>, strided<[1, 1]>>
// CHECK:         %[[WEIGHT:.*]] = memref.subview %w[0, 0, 0, 0] [1, 1, 1, 1] [1, 1, 1, 1]
// CHECK-NEXT:    tile.matmul %[[ACT]], %[[WEIGHT]], %[[PARTIAL]] {cleared}
// CHECK-NEXT:  } {tile.bulk}
// CHECK:       memref.reinterpret_cast %[[STICKS]] to offset: [72], sizes: [2, 6, 7, 3, 8], strides: [576, 72, 8, 8, 1]
// CHECK:       memref.subview %w[0, 0, 1, 0] [1, 1, 1, 1] [1, 1, 1, 1]
// CHECK-NEXT:  tile.matmul %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} :
// CHECK:       memref.reinterpret_cast %[[STICKS]] to offset: [144], sizes: [2, 6, 7, 3, 8], strides: [576, 72, 8, 8, 1]
// CHECK:       memref.subview %w[0, 0, 2, 0] [1, 1, 1, 1] [1, 1, 1, 1]
// CHECK-NEXT:  tile.matmul
// CHECK:       memref.subview %b[0, 0, 0, 0] [1, 1, 1, 1] [1, 1, 1, 1]
// CHECK-NEXT:  tile.add_row
// CHECK-NEXT:  func.return %[[Y]]

// Stride (2, 1), dilation (1, 2), padding [top 1, bottom 0, left 2, right 1]: sticks 10x14, tap (r, s)
// reads sticks[n, 2·oh + r, ow + 2·s, c] — kernel row r's three taps one sliding window at offset
// r·112, strides [1120, 224, 8, 16, 1]; K block r reads weight tile row r.

func.func @height_2x3_stride_dilation(%x: tensor<1x9x11x6xf32>, %w: tensor<1x1x36x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>) -> tensor<1x1x50x40xf32, #ttnn.tensor_layout<tile>> {
  %y = "ttnn.conv2d_consume"(%x, %w) <{path = "height_sharded", math_fidelity = "HiFi4", batch = 1 : i64, input_height = 9 : i64, input_width = 11 : i64, input_channels = 6 : i64, activation_channels = 8 : i64, nhw_cores = 2 : i64, input_cores = 1 : i64, output_cores = 1 : i64, nhw_rows_per_core = 32 : i64, act_block_h_ntiles = 1 : i64, act_block_w_ntiles = 1 : i64, k_blocks = 2 : i64, out_width_ntiles = 2 : i64, out_channels = 40 : i64, full_inner_dim = false, activation_reuse = false, fp32_dest_acc_en = false, packer_l1_acc = false, kernel = array<i64: 2, 3>, stride = array<i64: 2, 1>, dilation = array<i64: 1, 2>, padding = array<i64: 1, 0, 2, 1>, original_padding = array<i64: 1, 0, 2, 1>, fold_stride = array<i64>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<1x9x11x6xf32>, tensor<1x1x36x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>) -> tensor<1x1x50x40xf32, #ttnn.tensor_layout<tile>>
  func.return %y : tensor<1x1x50x40xf32, #ttnn.tensor_layout<tile>>
}

// CHECK-LABEL: func.func @height_2x3_stride_dilation
// CHECK:       %[[STICKS:.*]] = memref.alloc() : memref<1x10x14x8xf32>
// CHECK:       memref.subview %[[STICKS]][0, 1, 2, 0] [1, 9, 11, 6] [1, 1, 1, 1]
// CHECK:       memref.reinterpret_cast %[[STICKS]] to offset: [0], sizes: [1, 5, 10, 3, 8], strides: [1120, 224, 8, 16, 1]
// CHECK:       memref.subview %w[0, 0, 0, 0] [1, 1, 1, 2] [1, 1, 1, 1]
// CHECK-NEXT:  tile.matmul
// CHECK:       memref.reinterpret_cast %[[STICKS]] to offset: [112], sizes: [1, 5, 10, 3, 8], strides: [1120, 224, 8, 16, 1]
// CHECK:       memref.subview %w[0, 0, 1, 0] [1, 1, 1, 2] [1, 1, 1, 1]
// CHECK-NEXT:  tile.matmul
// CHECK-NOT:   tile.add_row

// f32 input, bf16 output: the act tilize rounds each value to bf16, so the K block is gathered
// into an [N, OH, OW, 32] f32 block, tilized and typecast to bf16 tiles, which the matmuls read.

func.func @height_3x3_rounding_tilize(%x: tensor<2x6x7x5xf32>, %w: tensor<1x1x45x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, %b: tensor<1x1x1x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) -> tensor<1x1x84x7xbf16, #ttnn.tensor_layout<tile>> {
  %y = "ttnn.conv2d_consume"(%x, %w, %b) <{path = "height_sharded", math_fidelity = "HiFi4", batch = 2 : i64, input_height = 6 : i64, input_width = 7 : i64, input_channels = 5 : i64, activation_channels = 8 : i64, nhw_cores = 3 : i64, input_cores = 1 : i64, output_cores = 1 : i64, nhw_rows_per_core = 32 : i64, act_block_h_ntiles = 1 : i64, act_block_w_ntiles = 1 : i64, k_blocks = 3 : i64, out_width_ntiles = 1 : i64, out_channels = 7 : i64, full_inner_dim = false, activation_reuse = false, fp32_dest_acc_en = false, packer_l1_acc = false, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, original_padding = array<i64: 1, 1, 1, 1>, fold_stride = array<i64>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<2x6x7x5xf32>, tensor<1x1x45x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, tensor<1x1x1x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) -> tensor<1x1x84x7xbf16, #ttnn.tensor_layout<tile>>
  func.return %y : tensor<1x1x84x7xbf16, #ttnn.tensor_layout<tile>>
}

// CHECK-LABEL: func.func @height_3x3_rounding_tilize
// CHECK:       %[[GATHERED:.*]] = memref.alloc() : memref<2x6x7x32xf32>
// CHECK:       %[[ROWS:.*]] = memref.collapse_shape %[[GATHERED]]
// CHECK:       %[[TILES:.*]] = memref.alloc() : memref<3x1x!tile.tile<32x32, bf16>>
// CHECK:       tile.tilize %[[ROWS]][%{{.*}}, %{{.*}}] : memref<84x32xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:  tile.typecast %{{.*}} : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:  tile.store %{{.*}}, %[[TILES]]
// CHECK:       %[[ACT:.*]] = memref.subview %[[TILES]][%{{.*}}, 0] [1, 1] [1, 1]
// CHECK:       tile.matmul %[[ACT]], %{{.*}}, %{{.*}} {cleared} : memref<1x1x!tile.tile<32x32, bf16>

// convert-ttnn-to-tiles on ttnn.conv2d_consume's 1D depthwise path (docs/semantics.md §9.2,
// §9.6): per tap s the sticks' window at [0, 0, s, 0], tilized, then tile.multiply by the
// weight's tile row s (a 1x1 window every activation block reads). With act_block_w = one tap
// (the per-tap kernel) the product is added to the previous taps' partial (tile.add) and
// packed to the output dtype (a load/store nest) after every tap but the last; with
// act_block_w = 3 taps (coalesced reads) the products accumulate in DEST. Then a flat
// [1, 1, N·H·W, C] activation (viewed as NHWC) and a ROW_MAJOR output (untilized).
//
// RUN: ttnn-opt %s -p convert-ttnn-to-tiles | filecheck %s

func.func @depthwise_k3(%x: tensor<1x1x40x32xbf16>, %w: tensor<1x1x96x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) -> tensor<1x1x40x32xbf16, #ttnn.tensor_layout<tile>> {
  %y = "ttnn.conv2d_consume"(%x, %w) <{path = "depthwise_1d", math_fidelity = "LoFi", batch = 1 : i64, input_height = 1 : i64, input_width = 40 : i64, input_channels = 32 : i64, activation_channels = 32 : i64, nhw_cores = 2 : i64, input_cores = 1 : i64, output_cores = 1 : i64, nhw_rows_per_core = 32 : i64, act_block_h_ntiles = 1 : i64, act_block_w_ntiles = 1 : i64, k_blocks = 1 : i64, out_width_ntiles = 1 : i64, out_channels = 32 : i64, full_inner_dim = false, activation_reuse = false, fp32_dest_acc_en = false, packer_l1_acc = false, kernel = array<i64: 1, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, padding = array<i64: 0, 0, 1, 1>, original_padding = array<i64: 0, 0, 1, 1>, fold_stride = array<i64>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<1x1x40x32xbf16>, tensor<1x1x96x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) -> tensor<1x1x40x32xbf16, #ttnn.tensor_layout<tile>>
  func.return %y : tensor<1x1x40x32xbf16, #ttnn.tensor_layout<tile>>
}

// CHECK-LABEL: func.func @depthwise_k3(
// CHECK:       %[[STICKS:.*]] = memref.alloc() : memref<1x1x42x32xbf16>
// CHECK:       %[[DEST:.*]] = memref.alloc() : memref<2x1x!tile.tile<32x32, bf16>>
// CHECK:       %[[PARTIAL:.*]] = memref.alloc() : memref<2x1x!tile.tile<32x32, bf16>>
// CHECK:       memref.subview %[[STICKS]][0, 0, 0, 0] [1, 1, 40, 32] [1, 1, 1, 1]
// CHECK:       } {tile.bulk}
// CHECK:       memref.subview %w[0, 0, 0, 0] [1, 1, 1, 1] [1, 1, 1, 1]
// CHECK-NEXT:  tile.multiply %{{.*}}, %{{.*}}, %[[DEST]] {math_fidelity = "LoFi"}
// CHECK-NOT:   tile.add
// CHECK:       tile.store %{{.*}}, %[[PARTIAL]]
// CHECK:       memref.subview %[[STICKS]][0, 0, 1, 0] [1, 1, 40, 32] [1, 1, 1, 1]
// CHECK:       memref.subview %w[0, 0, 1, 0] [1, 1, 1, 1] [1, 1, 1, 1]
// CHECK-NEXT:  tile.multiply %{{.*}}, %{{.*}}, %[[DEST]] {math_fidelity = "LoFi"}
// CHECK-NEXT:  tile.add %[[PARTIAL]], %[[DEST]]
// CHECK:       tile.store %{{.*}}, %[[PARTIAL]]
// CHECK:       memref.subview %[[STICKS]][0, 0, 2, 0] [1, 1, 40, 32] [1, 1, 1, 1]
// CHECK:       memref.subview %w[0, 0, 2, 0] [1, 1, 1, 1] [1, 1, 1, 1]
// CHECK-NEXT:  tile.multiply %{{.*}}, %{{.*}}, %[[DEST]] {math_fidelity = "LoFi"}
// CHECK-NEXT:  tile.add %[[PARTIAL]], %[[DEST]]
// CHECK-NEXT:  %y = memref.alloc() : memref<1x1x2x1x!tile.tile<32x32, bf16>>

func.func @depthwise_k3_coalesced(%x: tensor<1x1x40x32xbf16>, %w: tensor<1x1x96x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) -> tensor<1x1x40x32xbf16, #ttnn.tensor_layout<tile>> {
  %y = "ttnn.conv2d_consume"(%x, %w) <{path = "depthwise_1d", math_fidelity = "HiFi4", batch = 1 : i64, input_height = 1 : i64, input_width = 40 : i64, input_channels = 32 : i64, activation_channels = 32 : i64, nhw_cores = 2 : i64, input_cores = 1 : i64, output_cores = 1 : i64, nhw_rows_per_core = 32 : i64, act_block_h_ntiles = 1 : i64, act_block_w_ntiles = 3 : i64, k_blocks = 1 : i64, out_width_ntiles = 1 : i64, out_channels = 32 : i64, full_inner_dim = false, activation_reuse = false, fp32_dest_acc_en = false, packer_l1_acc = false, kernel = array<i64: 1, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, padding = array<i64: 0, 0, 1, 1>, original_padding = array<i64: 0, 0, 1, 1>, fold_stride = array<i64>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<1x1x40x32xbf16>, tensor<1x1x96x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) -> tensor<1x1x40x32xbf16, #ttnn.tensor_layout<tile>>
  func.return %y : tensor<1x1x40x32xbf16, #ttnn.tensor_layout<tile>>
}

// CHECK-LABEL: func.func @depthwise_k3_coalesced(
// CHECK:       %[[DEST:.*]] = memref.alloc() : memref<2x1x!tile.tile<32x32, bf16>>
// CHECK-NOT:   tile.add
// CHECK:       tile.multiply %{{.*}}, %{{.*}}, %[[DEST]] :
// CHECK:       tile.multiply %{{.*}}, %{{.*}}, %[[DEST]] {accumulate}
// CHECK:       tile.multiply %{{.*}}, %{{.*}}, %[[DEST]] {accumulate}
// CHECK-NOT:   tile.add
// CHECK:       func.return

func.func @height_flat_row_major(%x: tensor<1x1x84x5xbf16>, %w: tensor<1x1x45x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) -> tensor<1x1x84x7xf32, #ttnn.tensor_layout<row_major>> {
  %y = "ttnn.conv2d_consume"(%x, %w) <{path = "height_sharded", math_fidelity = "HiFi4", batch = 2 : i64, input_height = 6 : i64, input_width = 7 : i64, input_channels = 5 : i64, activation_channels = 8 : i64, nhw_cores = 3 : i64, input_cores = 1 : i64, output_cores = 1 : i64, nhw_rows_per_core = 32 : i64, act_block_h_ntiles = 1 : i64, act_block_w_ntiles = 1 : i64, k_blocks = 3 : i64, out_width_ntiles = 1 : i64, out_channels = 7 : i64, full_inner_dim = false, activation_reuse = false, fp32_dest_acc_en = false, packer_l1_acc = false, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, original_padding = array<i64: 1, 1, 1, 1>, fold_stride = array<i64>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<1x1x84x5xbf16>, tensor<1x1x45x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) -> tensor<1x1x84x7xf32, #ttnn.tensor_layout<row_major>>
  func.return %y : tensor<1x1x84x7xf32, #ttnn.tensor_layout<row_major>>
}

// CHECK-LABEL: func.func @height_flat_row_major(
// CHECK:       %[[ROWS:.*]] = memref.collapse_shape %x {{.*}} into memref<84x5xbf16>
// CHECK-NEXT:  %[[NHWC:.*]] = memref.expand_shape %[[ROWS]] {{.*}} output_shape [2, 6, 7, 5] : memref<84x5xbf16> into memref<2x6x7x5xbf16>
// CHECK:       linalg.copy ins(%[[NHWC]] : memref<2x6x7x5xbf16>)
// CHECK:       %y = memref.alloc() : memref<1x1x84x7xf32>
// CHECK:       %[[PLANE:.*]] = memref.subview %y[0, 0, 0, 0] [1, 1, 84, 7] [1, 1, 1, 1]
// CHECK:       tile.typecast %{{.*}} : !tile.tile<32x32, bf16> -> !tile.tile<32x32, f32>
// CHECK:       tile.untilize %{{.*}}, %[[PLANE]]
// CHECK:       } {tile.bulk}

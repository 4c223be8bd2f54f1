// The conv weight / bias layout ops of docs/semantics.md §3.6: conv_weights_interleaved_mm_layout,
// _special_padding_layout, _tiled_layout, _block_sharded_layout (tile matrices
// [1, 1, rows, cols] with logical [1, 1, I·KH·KW, O]), _grouped_layout, _depthwise_layout,
// _fold_kernel_stride (OIHW -> OIHW), the conv_transpose2d weight's _iohw_to_oihw and
// _mirror_kernel (docs/semantics.md §7.3) and conv_bias_layout. Result shapes are
// docs/semantics.md §3.7's.
//
// RUN: ttnn-opt %s -o %t.1.mlir && ttnn-opt %t.1.mlir -o %t.2.mlir
// RUN: filecheck %s --input-file %t.2.mlir
// RUN: %roundtrip
// RUN: ttnn-opt %s --print-op-generic -o %t.generic.mlir
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic.mlir
// Round trips give identical text: custom -> custom, custom -> generic -> custom,
// generic -> generic.
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: ttnn-opt %t.generic.mlir | diff %t.1.mlir -
// RUN: ttnn-opt %t.generic.mlir --print-op-generic | diff %t.generic.mlir -

func.func @interleaved_mm(%w: tensor<64x64x3x3xf32>, %g: tensor<4x4x1x1xbf16>) {
  %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
  %1 = ttnn.conv_weights_interleaved_mm_layout %g : tensor<4x4x1x1xbf16> -> tensor<1x1x4x4xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return
}
// CHECK-LABEL: func.func @interleaved_mm(
// CHECK-NEXT:    %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// CHECK-NEXT:    %1 = ttnn.conv_weights_interleaved_mm_layout %g : tensor<4x4x1x1xbf16> -> tensor<1x1x4x4xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// GENERIC-LABEL: "func.func"() <{sym_name = "interleaved_mm"
// GENERIC-NEXT:  ^bb0(%w: tensor<64x64x3x3xf32>, %g: tensor<4x4x1x1xbf16>):
// GENERIC-NEXT:    %0 = "ttnn.conv_weights_interleaved_mm_layout"(%w) : (tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// GENERIC-NEXT:    %1 = "ttnn.conv_weights_interleaved_mm_layout"(%g) : (tensor<4x4x1x1xbf16>) -> tensor<1x1x4x4xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>

// docs/semantics.md §3.7: W [32,16,3,3], block_h 2 -> [1,1,192,32]; block_h 5 with reuse -> [1,1,160,32];
// W [2,3,3,3] padded to 8 input / 32 output channels -> [1,1,96,32].
func.func @special_padding(%w: tensor<32x16x3x3xf32>, %small: tensor<2x3x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
  %1 = ttnn.conv_weights_special_padding_layout %w block_h = 5 block_w = 1 enable_activation_reuse = true : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
  %2 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 enable_activation_reuse = false : tensor<32x16x3x3xf32> -> tensor<1x1x144x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
  %3 = ttnn.conv_weights_special_padding_layout %small block_h = 1 block_w = 1 padded_in_channels = 8 padded_out_channels = 32 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return
}
// CHECK-LABEL: func.func @special_padding(
// CHECK-NEXT:    %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// CHECK-NEXT:    %1 = ttnn.conv_weights_special_padding_layout %w block_h = 5 block_w = 1 enable_activation_reuse = true : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
// CHECK-NEXT:    %2 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 enable_activation_reuse = false : tensor<32x16x3x3xf32> -> tensor<1x1x144x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// CHECK-NEXT:    %3 = ttnn.conv_weights_special_padding_layout %small block_h = 1 block_w = 1 padded_in_channels = 8 padded_out_channels = 32 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// GENERIC-LABEL: "func.func"() <{sym_name = "special_padding"
// GENERIC:         %0 = "ttnn.conv_weights_special_padding_layout"(%w) <{block_h = 2 : i32, block_w = 1 : i32}> : (tensor<32x16x3x3xf32>) -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// GENERIC-NEXT:    %1 = "ttnn.conv_weights_special_padding_layout"(%w) <{block_h = 5 : i32, block_w = 1 : i32, enable_activation_reuse = true}>
// GENERIC-NEXT:    %2 = "ttnn.conv_weights_special_padding_layout"(%w) <{block_h = 2 : i32, block_w = 1 : i32, enable_activation_reuse = false}>
// GENERIC-NEXT:    %3 = "ttnn.conv_weights_special_padding_layout"(%small) <{block_h = 1 : i32, block_w = 1 : i32, padded_in_channels = 8 : i32, padded_out_channels = 32 : i32}> : (tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>

// docs/semantics.md §3.7: W [8,4,3,3], block (1,1) -> [1,1,64,32]; padded to 8 / 64 channels with
// block (1,2): rows round_up(8·9, 32) = 96, cols round_up(64, 64) = 64.
func.func @tiled(%w: tensor<8x4x3x3xbf16>) {
  %0 = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 1 : tensor<8x4x3x3xbf16> -> tensor<1x1x36x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
  %1 = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 2 padded_in_channels = 8 padded_out_channels = 64 : tensor<8x4x3x3xbf16> -> tensor<1x1x36x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x64>>
  func.return
}
// CHECK-LABEL: func.func @tiled(
// CHECK-NEXT:    %0 = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 1 : tensor<8x4x3x3xbf16> -> tensor<1x1x36x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
// CHECK-NEXT:    %1 = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 2 padded_in_channels = 8 padded_out_channels = 64 : tensor<8x4x3x3xbf16> -> tensor<1x1x36x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x64>>
// GENERIC-LABEL: "func.func"() <{sym_name = "tiled"
// GENERIC:         %0 = "ttnn.conv_weights_tiled_layout"(%w) <{block_h = 1 : i32, block_w = 1 : i32}>
// GENERIC-NEXT:    %1 = "ttnn.conv_weights_tiled_layout"(%w) <{block_h = 1 : i32, block_w = 2 : i32, padded_in_channels = 8 : i32, padded_out_channels = 64 : i32}>

// docs/semantics.md §3.7: W [64,32,3,3], shards (2,2) -> [1,1,384,64]; with full_inner_dim [1,1,320,64].
func.func @block_sharded(%w: tensor<64x32x3x3xf32>) {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 2 : tensor<64x32x3x3xf32> -> tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
  %1 = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 2 full_inner_dim = true : tensor<64x32x3x3xf32> -> tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x320x64>>
  %2 = ttnn.conv_weights_block_sharded_layout %w in_shards = 8 out_shards = 2 full_inner_dim = false padded_in_channels = 64 padded_out_channels = 64 : tensor<64x32x3x3xf32> -> tensor<1x1x288x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
  func.return
}
// CHECK-LABEL: func.func @block_sharded(
// CHECK-NEXT:    %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 2 : tensor<64x32x3x3xf32> -> tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
// CHECK-NEXT:    %1 = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 2 full_inner_dim = true : tensor<64x32x3x3xf32> -> tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x320x64>>
// CHECK-NEXT:    %2 = ttnn.conv_weights_block_sharded_layout %w in_shards = 8 out_shards = 2 full_inner_dim = false padded_in_channels = 64 padded_out_channels = 64 : tensor<64x32x3x3xf32> -> tensor<1x1x288x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
// GENERIC-LABEL: "func.func"() <{sym_name = "block_sharded"
// GENERIC:         %0 = "ttnn.conv_weights_block_sharded_layout"(%w) <{in_shards = 2 : i32, out_shards = 2 : i32}>
// GENERIC-NEXT:    %1 = "ttnn.conv_weights_block_sharded_layout"(%w) <{in_shards = 2 : i32, out_shards = 2 : i32, full_inner_dim = true}>
// GENERIC-NEXT:    %2 = "ttnn.conv_weights_block_sharded_layout"(%w) <{in_shards = 8 : i32, out_shards = 2 : i32, full_inner_dim = false, padded_in_channels = 64 : i32, padded_out_channels = 64 : i32}>

// docs/semantics.md §3.7: W [4,2,1,1], groups 2 -> [4,4,1,1]; the dtype stays, so does a device
// row-major encoding.
func.func @grouped(%w: tensor<4x2x1x1xf32>, %d: tensor<6x1x3x3xbf16, #ttnn.tensor_layout<row_major>>) {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 2 : tensor<4x2x1x1xf32> -> tensor<4x4x1x1xf32>
  %1 = ttnn.conv_weights_grouped_layout %d groups = 3 : tensor<6x1x3x3xbf16, #ttnn.tensor_layout<row_major>> -> tensor<6x3x3x3xbf16, #ttnn.tensor_layout<row_major>>
  func.return
}
// CHECK-LABEL: func.func @grouped(
// CHECK-NEXT:    %0 = ttnn.conv_weights_grouped_layout %w groups = 2 : tensor<4x2x1x1xf32> -> tensor<4x4x1x1xf32>
// CHECK-NEXT:    %1 = ttnn.conv_weights_grouped_layout %d groups = 3 : tensor<6x1x3x3xbf16, #ttnn.tensor_layout<row_major>> -> tensor<6x3x3x3xbf16, #ttnn.tensor_layout<row_major>>
// GENERIC-LABEL: "func.func"() <{sym_name = "grouped"
// GENERIC:         %0 = "ttnn.conv_weights_grouped_layout"(%w) <{groups = 2 : i32}> : (tensor<4x2x1x1xf32>) -> tensor<4x4x1x1xf32>

// docs/semantics.md §3.7: W [8,1,2,2], act_block_h_ntiles 1 -> [8,128,1,1]; 2 tiles -> [8,256,1,1].
func.func @depthwise(%w: tensor<8x1x2x2xbf16>) {
  %0 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 1 : tensor<8x1x2x2xbf16> -> tensor<8x128x1x1xbf16>
  %1 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 2 : tensor<8x1x2x2xbf16> -> tensor<8x256x1x1xbf16>
  func.return
}
// CHECK-LABEL: func.func @depthwise(
// CHECK-NEXT:    %0 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 1 : tensor<8x1x2x2xbf16> -> tensor<8x128x1x1xbf16>
// CHECK-NEXT:    %1 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 2 : tensor<8x1x2x2xbf16> -> tensor<8x256x1x1xbf16>
// GENERIC-LABEL: "func.func"() <{sym_name = "depthwise"
// GENERIC:         %0 = "ttnn.conv_weights_depthwise_layout"(%w) <{act_block_h_ntiles = 1 : i32}> : (tensor<8x1x2x2xbf16>) -> tensor<8x128x1x1xbf16>

// docs/semantics.md §3.6.7: [O, I, KH, KW] -> [O, I·sH·sW, ceil(KH/sH), ceil(KW/sW)].
func.func @fold_kernel_stride(%w: tensor<64x3x7x7xf32>) {
  %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<64x3x7x7xf32> -> tensor<64x12x4x4xf32>
  %1 = ttnn.conv_weights_fold_kernel_stride %w stride = [1, 3] : tensor<64x3x7x7xf32> -> tensor<64x9x7x3xf32>
  func.return
}
// CHECK-LABEL: func.func @fold_kernel_stride(
// CHECK-NEXT:    %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<64x3x7x7xf32> -> tensor<64x12x4x4xf32>
// CHECK-NEXT:    %1 = ttnn.conv_weights_fold_kernel_stride %w stride = [1, 3] : tensor<64x3x7x7xf32> -> tensor<64x9x7x3xf32>
// GENERIC-LABEL: "func.func"() <{sym_name = "fold_kernel_stride"
// GENERIC:         %0 = "ttnn.conv_weights_fold_kernel_stride"(%w) <{stride = array<i32: 2, 2>}> : (tensor<64x3x7x7xf32>) -> tensor<64x12x4x4xf32>

// docs/semantics.md §7.3: IOHW [I, O/g, KH, KW] -> dense OIHW [O, I, KH, KW]; the mirror keeps the
// shape. The dtype stays the input's.
func.func @conv_transpose_weights(%w: tensor<16x24x3x3xf32>, %v: tensor<8x2x1x4xbf16>) {
  %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 1 : tensor<16x24x3x3xf32> -> tensor<24x16x3x3xf32>
  %1 = ttnn.conv_weights_iohw_to_oihw %v groups = 4 : tensor<8x2x1x4xbf16> -> tensor<8x8x1x4xbf16>
  %2 = ttnn.conv_weights_mirror_kernel %0 : tensor<24x16x3x3xf32> -> tensor<24x16x3x3xf32>
  func.return
}
// CHECK-LABEL: func.func @conv_transpose_weights(
// CHECK-NEXT:    %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 1 : tensor<16x24x3x3xf32> -> tensor<24x16x3x3xf32>
// CHECK-NEXT:    %1 = ttnn.conv_weights_iohw_to_oihw %v groups = 4 : tensor<8x2x1x4xbf16> -> tensor<8x8x1x4xbf16>
// CHECK-NEXT:    %2 = ttnn.conv_weights_mirror_kernel %0 : tensor<24x16x3x3xf32> -> tensor<24x16x3x3xf32>
// GENERIC-LABEL: "func.func"() <{sym_name = "conv_transpose_weights"
// GENERIC:         %0 = "ttnn.conv_weights_iohw_to_oihw"(%w) <{groups = 1 : i32}> : (tensor<16x24x3x3xf32>) -> tensor<24x16x3x3xf32>
// GENERIC:         %2 = "ttnn.conv_weights_mirror_kernel"(%0) : (tensor<24x16x3x3xf32>) -> tensor<24x16x3x3xf32>

// docs/semantics.md §3.4: [1,1,1,O] -> logical [1,1,1,O], physical [1,1,32,width].
func.func @bias(%b: tensor<1x1x1x64xf32>, %c: tensor<1x1x1x100xbf16>) {
  %0 = ttnn.conv_bias_layout %b width = 64 : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  %1 = ttnn.conv_bias_layout %c width = 128 : tensor<1x1x1x100xbf16> -> tensor<1x1x1x100x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
  func.return
}
// CHECK-LABEL: func.func @bias(
// CHECK-NEXT:    %0 = ttnn.conv_bias_layout %b width = 64 : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// CHECK-NEXT:    %1 = ttnn.conv_bias_layout %c width = 128 : tensor<1x1x1x100xbf16> -> tensor<1x1x1x100x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
// GENERIC-LABEL: "func.func"() <{sym_name = "bias"
// GENERIC:         %0 = "ttnn.conv_bias_layout"(%b) <{width = 64 : i32}> : (tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>

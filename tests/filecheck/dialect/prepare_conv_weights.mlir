// ttnn.prepare_conv_weights: every property (conv_config with every field, compute_config,
// input_dtype, output_dtype), 2 and 4 padding values, DRAM and sharded L1 input memory
// configs. Each result type is the one the dialect infers (docs/semantics.md §3.3); the first five are
// docs/semantics.md §3.7's worked examples.
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

// docs/semantics.md §3.7: O=2, I=3, 3x3, HEIGHT (the default), ROW_MAJOR input (alignment 8):
// physical [1,1,96,32], logical [1,1,27,2]; the weights dtype defaults to the weight's (f32).
func.func @height_row_major(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return %0 : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK-LABEL: func.func @height_row_major(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// GENERIC-LABEL: "func.func"() <{sym_name = "height_row_major"
// GENERIC:       %0 = "ttnn.prepare_conv_weights"(%w) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_layout = #ttnn.layout<row_major>, weights_format = "OIHW", in_channels = 3 : i32, out_channels = 2 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, has_bias = false, groups = 1 : i32}> : (tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>

// The same with a TILE input sharded in L1 (alignment 32): physical [1,1,288,32].
func.func @height_tile_l1(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 8x8, shape = 32x32>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK-LABEL: func.func @height_tile_l1(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 8x8, shape = 32x32>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>

// docs/semantics.md §3.7: O=I=64, 3x3, WIDTH, grid 8x8: physical = logical [1,1,576,64]; weights_dtype
// bfp8_b gives the result dtype. Every optional property.
func.func @width_every_property(%w: tensor<64x64x3x3xbf16>) -> tensor<1x1x576x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = width_sharded> compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = false> input_dtype = #ttnn.data_type<bf16> output_dtype = #ttnn.data_type<f32> : tensor<64x64x3x3xbf16> -> tensor<1x1x576x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
  func.return %0 : tensor<1x1x576x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
}
// CHECK-LABEL: func.func @width_every_property(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = width_sharded> compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = false> input_dtype = #ttnn.data_type<bf16> output_dtype = #ttnn.data_type<f32> : tensor<64x64x3x3xbf16> -> tensor<1x1x576x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// GENERIC-LABEL: "func.func"() <{sym_name = "width_every_property"
// GENERIC:       %0 = "ttnn.prepare_conv_weights"(%w) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, input_layout = #ttnn.layout<tile>, weights_format = "OIHW", in_channels = 64 : i32, out_channels = 64 : i32, batch_size = 1 : i32, input_height = 16 : i32, input_width = 16 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, has_bias = true, groups = 1 : i32, conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = width_sharded>, compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = false>, input_dtype = #ttnn.data_type<bf16>, output_dtype = #ttnn.data_type<f32>}> : (tensor<64x64x3x3xbf16>) -> tensor<1x1x576x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>

// docs/semantics.md §3.7: O=I=64, 3x3, BLOCK, grid 8x8, ROW_MAJOR input (alignment 8): physical
// [1,1,768,64].
func.func @block_row_major(%w: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
  func.return %0 : tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
}
// CHECK-LABEL: func.func @block_row_major(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_weights %w {{.*}} conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>

// docs/semantics.md §3.7: W [4,2,1,1], groups 2, DRAM input: expanded to [4,4,1,1], a matmul conv ->
// interleaved MM, physical [1,1,32,32], logical [1,1,4,4].
func.func @grouped_dram(%w: tensor<4x2x1x1xf32>) -> tensor<1x1x4x4xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 4 out_channels = 4 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [1, 1] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 2 : tensor<4x2x1x1xf32> -> tensor<1x1x4x4xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x4x4xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @grouped_dram(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_weights %w {{.*}} groups = 2 : tensor<4x2x1x1xf32> -> tensor<1x1x4x4xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>

// Every conv2d_config field, four padding values (top, bottom, left, right), every
// compute_config field. HEIGHT, TILE input: Cin_pad 32, act_block_w 96 (block_h 3), rows
// 3·96 = 288, cols 32; logical [1,1,16·9,32].
func.func @every_field(%w: tensor<32x16x3x3xbf16>) -> tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 16 out_channels = 32 batch_size = 2 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [1, 1] padding = [1, 0, 2, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, shard_layout = height_sharded, act_block_h_override = 64, act_block_w_div = 1, transpose_shards = false, full_inner_dim = false, enable_activation_reuse = false, enable_kernel_stride_folding = false> compute_config = #ttnn.device_compute_kernel_config<math_fidelity = lofi, math_approx_mode = false, fp32_dest_acc_en = true, packer_l1_acc = true> : tensor<32x16x3x3xbf16> -> tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK-LABEL: func.func @every_field(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 16 out_channels = 32 batch_size = 2 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [1, 1] padding = [1, 0, 2, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, act_block_h_override = 64, act_block_w_div = 1, shard_layout = height_sharded, transpose_shards = false, full_inner_dim = false, enable_kernel_stride_folding = false, enable_activation_reuse = false> compute_config = #ttnn.device_compute_kernel_config<math_fidelity = lofi, math_approx_mode = false, fp32_dest_acc_en = true, packer_l1_acc = true> : tensor<32x16x3x3xbf16> -> tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// GENERIC-LABEL: "func.func"() <{sym_name = "every_field"
// GENERIC:       padding = array<i32: 1, 0, 2, 1>
// GENERIC-SAME:  conv_config = #ttnn.conv2d_config<weights_dtype = f32, act_block_h_override = 64, act_block_w_div = 1, shard_layout = height_sharded, transpose_shards = false, full_inner_dim = false, enable_kernel_stride_folding = false, enable_activation_reuse = false>, compute_config = #ttnn.device_compute_kernel_config<math_fidelity = lofi, math_approx_mode = false, fp32_dest_acc_en = true, packer_l1_acc = true>}>

// Kernel-stride folding: automatic (stride == kernel, DRAM row-major input) folds the 4x4
// kernel into 48 channels and a 1x1 matmul conv -> interleaved MM [1,1,64,64]; turned off,
// the HEIGHT layout of the unfolded weight [1,1,128,64]. Logical [1,1,48,64] either way.
func.func @fold(%w: tensor<64x3x4x4xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [4, 4] stride = [4, 4] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 : tensor<64x3x4x4xf32> -> tensor<1x1x48x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
  %1 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [4, 4] stride = [4, 4] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<enable_kernel_stride_folding = false> : tensor<64x3x4x4xf32> -> tensor<1x1x48x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x64>>
  func.return
}
// CHECK-LABEL: func.func @fold(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_weights %w {{.*}} groups = 1 : tensor<64x3x4x4xf32> -> tensor<1x1x48x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
// CHECK-NEXT:    %1 = ttnn.prepare_conv_weights %w {{.*}} groups = 1 conv_config = #ttnn.conv2d_config<enable_kernel_stride_folding = false> : tensor<64x3x4x4xf32> -> tensor<1x1x48x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x64>>

// Keyword properties in any order parse; they print in the canonical order.
func.func @any_order(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.prepare_conv_weights %w groups = 1 has_bias = false dilation = [1, 1] padding = [1, 1] stride = [1, 1] kernel_size = [3, 3] input_width = 8 input_height = 8 batch_size = 1 out_channels = 2 in_channels = 3 weights_format = "OIHW" input_layout = #ttnn.layout<row_major> input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return %0 : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK-LABEL: func.func @any_order(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// GENERIC-LABEL: "func.func"() <{sym_name = "any_order"

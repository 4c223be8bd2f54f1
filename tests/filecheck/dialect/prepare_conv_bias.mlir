// ttnn.prepare_conv_bias: the conv parameters without weights_format / has_bias, with
// conv_config, compute_config, input_dtype and output_dtype. The result keeps the logical
// shape [1, 1, 1, Cout] with a physical [1, 1, 32, round_up(Cout_pad, 32·weight_block_w)]
// (docs/semantics.md §3.4), in the prepared weight's dtype.
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

// The bias of docs/semantics.md §3.7's first example: Cout 2 -> physical [1,1,32,32]; f32 stays f32.
func.func @height(%b: tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @height(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// GENERIC-LABEL: "func.func"() <{sym_name = "height"
// GENERIC:       %0 = "ttnn.prepare_conv_bias"(%b) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_layout = #ttnn.layout<row_major>, in_channels = 3 : i32, out_channels = 2 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, conv_config = #ttnn.conv2d_config<weights_dtype = f32>}> : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>

// Every optional property; weights_dtype bfp8_b is the result's dtype.
func.func @every_property(%b: tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = width_sharded> compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = true> input_dtype = #ttnn.data_type<bf16> output_dtype = #ttnn.data_type<f32> : tensor<1x1x1x64xbf16> -> tensor<1x1x1x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  func.return %0 : tensor<1x1x1x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}
// CHECK-LABEL: func.func @every_property(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = width_sharded> compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = true> input_dtype = #ttnn.data_type<bf16> output_dtype = #ttnn.data_type<f32> : tensor<1x1x1x64xbf16> -> tensor<1x1x1x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// GENERIC-LABEL: "func.func"() <{sym_name = "every_property"
// GENERIC:       %0 = "ttnn.prepare_conv_bias"(%b) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, input_layout = #ttnn.layout<tile>, in_channels = 64 : i32, out_channels = 64 : i32, batch_size = 1 : i32, input_height = 16 : i32, input_width = 16 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = width_sharded>, compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = true>, input_dtype = #ttnn.data_type<bf16>, output_dtype = #ttnn.data_type<f32>}> : (tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>

// A BLOCK-sharded L1 input, shards column-major (transpose_shards): Cout 100 over 4
// channel cores -> Cout_pad 128 -> physical [1,1,32,128]; four padding values.
func.func @block_col_major(%b: tensor<1x1x1x100xf32>) -> tensor<1x1x1x100xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x128>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 4x4, shape = 128x32, orientation = col_major>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 100 batch_size = 2 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, transpose_shards = true> : tensor<1x1x1x100xf32> -> tensor<1x1x1x100xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
  func.return %0 : tensor<1x1x1x100xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
}
// CHECK-LABEL: func.func @block_col_major(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 4x4, shape = 128x32, orientation = col_major>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 100 batch_size = 2 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, transpose_shards = true> : tensor<1x1x1x100xf32> -> tensor<1x1x1x100xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
// GENERIC:       "ttnn.prepare_conv_bias"(%b) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 4x4, shape = 128x32, orientation = col_major>>, {{.*}}, padding = array<i32: 1, 1, 0, 0>, {{.*}}, conv_config = #ttnn.conv2d_config<weights_dtype = f32, transpose_shards = true>}>

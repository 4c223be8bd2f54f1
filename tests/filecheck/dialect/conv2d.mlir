// ttnn.conv2d (docs/ir.md, docs/semantics.md §9.8): host and prepared weights, with and
// without bias, DRAM and L1 inputs (flat [1, 1, N·H·W, C] and [N, H, W, C]), conv1d; each
// result type is the one the dialect infers (TT-NN's output: shape, padding, dtype, layout,
// memory config with the shard spec's core ranges).
//
// RUN: ttnn-opt %s -o %t.1.mlir && ttnn-opt %t.1.mlir -o %t.2.mlir
// RUN: filecheck %s --input-file %t.2.mlir
// RUN: ttnn-opt %s --print-op-generic -o %t.generic.mlir
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic.mlir
// Round trips give identical text: custom -> custom, custom -> generic -> custom,
// generic -> generic.
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: ttnn-opt %t.generic.mlir | diff %t.1.mlir -
// RUN: ttnn-opt %t.generic.mlir --print-op-generic | diff %t.generic.mlir -

// A DRAM input (flat [1, 1, N·H·W, C], TILE), host weight and bias: TT-NN's DRAM path, the output
// interleaved in DRAM, [1, 1, 64, 32] bf16 (the input's dtype).
func.func @dram_bias(%x: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, %w: tensor<32x16x3x3xf32>, %b: tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>> {
  %y = ttnn.conv2d %x, %w, %b in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, tensor<32x16x3x3xf32>, tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>>
  func.return %y : tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>>
}

// CHECK-LABEL: func.func @dram_bias(
// CHECK-NEXT:    %y = ttnn.conv2d %x, %w, %b in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, tensor<32x16x3x3xf32>, tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>>
// GENERIC-LABEL: "func.func"() <{sym_name = "dram_bias"
// GENERIC:       "ttnn.conv2d"(

// An L1 row-major [N, H, W, C] input, HEIGHT: the output sharded over 2 cores (0,0)-(1,0), shards
// of 32 rows x 32 channels; `dtype` f32 sets the output's dtype.
func.func @height_l1(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dtype = #ttnn.data_type<f32> : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
  func.return %y : tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
}

// CHECK-LABEL: func.func @height_l1(
// CHECK-NEXT:    %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dtype = #ttnn.data_type<f32> : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
// GENERIC-LABEL: "func.func"() <{sym_name = "height_l1"
// GENERIC:       "ttnn.conv2d"(

// BLOCK with bfloat8_b weights: 2 channel cores x 8 row cores, one core range (0,0)-(1,7),
// shards of round_up(1024, 8·32)/8 = 128 rows x 32 channels.
func.func @block_l1(%x: tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<64x64x3x3xf32>, %b: tensor<1x1x1x64xf32>) -> tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,7)>]>, <128x32>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %w, %b in_channels = 64 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded> : (tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<64x64x3x3xf32>, tensor<1x1x1x64xf32>) -> tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,7)>]>, <128x32>, <row_major>>>>>
  func.return %y : tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,7)>]>, <128x32>, <row_major>>>>>
}

// CHECK-LABEL: func.func @block_l1(
// CHECK-NEXT:    %y = ttnn.conv2d %x, %w, %b in_channels = 64 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded> : (tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<64x64x3x3xf32>, tensor<1x1x1x64xf32>) -> tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,7)>]>, <128x32>, <row_major>>>>>
// GENERIC-LABEL: "func.func"() <{sym_name = "block_l1"
// GENERIC:       "ttnn.conv2d"(

// A weight prepared on the device first (prepare_conv_weights' result, consumed as given), WIDTH.
func.func @prepared_weight(%x: tensor<1x8x8x16xf32, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <64x32>, <row_major>>>>> {
  %p = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, shard_layout = width_sharded> input_dtype = #ttnn.data_type<f32> : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  %y = ttnn.conv2d %x, %p in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, shard_layout = width_sharded> : (tensor<1x8x8x16xf32, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <64x32>, <row_major>>>>>
  func.return %y : tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <64x32>, <row_major>>>>>
}

// CHECK-LABEL: func.func @prepared_weight(
// CHECK-NEXT:    %p = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, shard_layout = width_sharded> input_dtype = #ttnn.data_type<f32> : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    %y = ttnn.conv2d %x, %p in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, shard_layout = width_sharded> : (tensor<1x8x8x16xf32, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <64x32>, <row_major>>>>>
// GENERIC-LABEL: "func.func"() <{sym_name = "prepared_weight"
// GENERIC:       "ttnn.conv2d"(

// conv1d: input height 1, a (1, 5) kernel, batch 2; 16 cores in two rows of 8.
func.func @conv1d_height(%x: tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<64x64x1x5xf32>) -> tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,1)>]>, <32x64>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %w in_channels = 64 out_channels = 64 batch_size = 2 input_height = 1 input_width = 256 kernel_size = [1, 5] stride = [1, 1] padding = [0, 2] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : (tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<64x64x1x5xf32>) -> tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,1)>]>, <32x64>, <row_major>>>>>
  func.return %y : tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,1)>]>, <32x64>, <row_major>>>>>
}

// CHECK-LABEL: func.func @conv1d_height(
// CHECK-NEXT:    %y = ttnn.conv2d %x, %w in_channels = 64 out_channels = 64 batch_size = 2 input_height = 1 input_width = 256 kernel_size = [1, 5] stride = [1, 1] padding = [0, 2] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : (tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<64x64x1x5xf32>) -> tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,1)>]>, <32x64>, <row_major>>>>>
// GENERIC-LABEL: "func.func"() <{sym_name = "conv1d_height"
// GENERIC:       "ttnn.conv2d"(

// ttnn.conv_transpose2d: a 2x2 stride-2 upsampling of an 8x8x32 image to 16x16x16, HEIGHT over
// 8 cores; the IOHW host weight [32, 16, 2, 2]; output_padding and mirror_kernel printed.
func.func @conv_transpose2d_height(%x: tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>> {
  %y = ttnn.conv_transpose2d %x, %w in_channels = 32 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] output_padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : (tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
  func.return %y : tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
}

// CHECK-LABEL: func.func @conv_transpose2d_height(
// CHECK-NEXT:    %y = ttnn.conv_transpose2d %x, %w in_channels = 32 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] output_padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : (tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
// GENERIC-LABEL: "func.func"() <{sym_name = "conv_transpose2d_height"
// GENERIC:       "ttnn.conv_transpose2d"(

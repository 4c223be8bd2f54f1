// ttnn-decompose on a 13x10 grid (a Blackhole p150): BLOCK sharding splits the channels
// over grid.x = 13 (row-major orientation) or grid.y = 10 (transpose_shards), so the
// input-channel shard counts differ from the 8x8 grid's. Numbers by hand from docs/semantics.md §3.3
// (derivations in tests/test_prepare_conv_e2e.py).
//
// RUN: ttnn-opt %s -p ttnn-decompose | filecheck %s
// RUN: ttnn-opt %s -p ttnn-decompose | filecheck %s --check-prefix=NOPREP

// NOPREP: builtin.module
// NOPREP-NOT: ttnn.prepare_conv

module attributes {ttnn.grid = array<i32: 13, 10>} {

// 13x10 grid, BLOCK, row-major orientation: channels on grid.x = 13 -> 12 input channel
// shards (8 on an 8x8 grid would give 6), 1 output shard, NHW cores on grid.y -> 2.
func.func @block_13x10_row(%w: tensor<8x96x2x2xf32>) -> tensor<1x1x384x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 96 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded> : tensor<8x96x2x2xf32> -> tensor<1x1x384x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x32>>
  func.return %0 : tensor<1x1x384x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x32>>
}
// CHECK-LABEL: func.func @block_13x10_row(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_block_sharded_layout %w in_shards = 12 out_shards = 1 full_inner_dim = false padded_in_channels = 96 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "block_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 12 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 32 : i32, l1 = {{.*}}}} : tensor<8x96x2x2xf32> -> tensor<1x1x384x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x384x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x32>> -> tensor<1x1x384x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x32>>
// CHECK-NEXT:    func.return %[[T]]

// Its bias: Cout_pad 32 -> width 32.
func.func @block_13x10_row_bias(%b: tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 96 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded> : tensor<1x1x1x8xf32> -> tensor<1x1x1x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x1x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @block_13x10_row_bias(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_bias_layout %b width = 32 {ttnn.resolution = {shard_layout = "block_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 12 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 32 : i32, l1 = {{.*}}}} : tensor<1x1x1x8xf32> -> tensor<1x1x1x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x1x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> -> tensor<1x1x1x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[T]]

// transpose_shards (COL_MAJOR): channels on grid.y = 10 -> 6 input channel shards; NHW on
// grid.x -> 2.
func.func @block_13x10_col(%w: tensor<8x96x2x2xf32>) -> tensor<1x1x384x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 96 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded, transpose_shards = true> : tensor<8x96x2x2xf32> -> tensor<1x1x384x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x32>>
  func.return %0 : tensor<1x1x384x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x32>>
}
// CHECK-LABEL: func.func @block_13x10_col(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_block_sharded_layout %w in_shards = 6 out_shards = 1 full_inner_dim = false padded_in_channels = 96 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "block_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 6 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 32 : i32, l1 = {{.*}}}} : tensor<8x96x2x2xf32> -> tensor<1x1x384x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x384x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x32>> -> tensor<1x1x384x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x32>>
// CHECK-NEXT:    func.return %[[T]]

// Row-major with full_inner_dim: act_block_w round_up(8*2*2, 32) = 32; bf16 stays bf16.
func.func @block_13x10_full(%w: tensor<8x96x2x2xbf16>) -> tensor<1x1x384x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 96 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<shard_layout = block_sharded, full_inner_dim = true> : tensor<8x96x2x2xbf16> -> tensor<1x1x384x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x32>>
  func.return %0 : tensor<1x1x384x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x32>>
}
// CHECK-LABEL: func.func @block_13x10_full(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_block_sharded_layout %w in_shards = 12 out_shards = 1 full_inner_dim = true padded_in_channels = 96 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "block_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 12 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 32 : i32, l1 = {{.*}}}} : tensor<8x96x2x2xbf16> -> tensor<1x1x384x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x32>>
// CHECK-NEXT:    func.return %[[M]]

}

// ttnn-decompose on every branch of docs/semantics.md §3.3 (8x8 grid): which layout op replaces
// prepare_conv_weights / prepare_conv_bias, with exactly which properties, the ttnn.resolution
// facts behind them, and the chain order grouped / depthwise -> fold -> layout -> typecast.
// Every number is docs/semantics.md §3.3 evaluated by hand; the derivations are in
// tests/test_prepare_conv_e2e.py, which runs the same convs and checks their values.
//
// RUN: ttnn-opt %s -p ttnn-decompose | filecheck %s
// RUN: ttnn-opt %s -p ttnn-decompose | filecheck %s --check-prefix=NOPREP
// RUN: ttnn-opt %s -p ttnn-decompose | ttnn-opt | filecheck %s

// NOPREP: builtin.module
// NOPREP-NOT: ttnn.prepare_conv

module attributes {ttnn.grid = array<i32: 8, 8>} {

// 1x1, stride 1, unpadded, DRAM input, no shard layout: interleaved MM (no channel padding),
// then typecast to bf16.
func.func @mm_1x1_dram(%w: tensor<40x24x1x1xf32>) -> tensor<1x1x24x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 24 out_channels = 40 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [1, 1] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<40x24x1x1xf32> -> tensor<1x1x24x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  func.return %0 : tensor<1x1x24x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}
// CHECK-LABEL: func.func @mm_1x1_dram(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_interleaved_mm_layout %w {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = true, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 2 : i32, l1 = {{.*}}}} : tensor<40x24x1x1xf32> -> tensor<1x1x24x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x24x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> -> tensor<1x1x24x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// CHECK-NEXT:    func.return %[[T]]

// The bias of the same conv: Cout_pad 64, sub-block width 2 -> width 64.
func.func @mm_1x1_dram_bias(%b: tensor<1x1x1x40xf32>) -> tensor<1x1x1x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 24 out_channels = 40 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [1, 1] stride = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<1x1x1x40xf32> -> tensor<1x1x1x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  func.return %0 : tensor<1x1x1x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}
// CHECK-LABEL: func.func @mm_1x1_dram_bias(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_bias_layout %b width = 64 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = true, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 2 : i32, l1 = {{.*}}}} : tensor<1x1x1x40xf32> -> tensor<1x1x1x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x1x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> -> tensor<1x1x1x40xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// CHECK-NEXT:    func.return %[[T]]

// docs/semantics.md §3.7: W [4,2,1,1], groups 2 on DRAM: grouped [4,4,1,1], then interleaved MM
// [1,1,32,32]; bf16 stays bf16 (no typecast).
func.func @grouped_mm_spec(%w: tensor<4x2x1x1xbf16>) -> tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 4 out_channels = 4 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [1, 1] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 2 : tensor<4x2x1x1xbf16> -> tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @grouped_mm_spec(
// CHECK-NEXT:    %[[G:[^ ]+]] = ttnn.conv_weights_grouped_layout %w groups = 2 : tensor<4x2x1x1xbf16> -> tensor<4x4x1x1xbf16>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_interleaved_mm_layout %[[G]] {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = true, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, l1 = {{.*}}}} : tensor<4x4x1x1xbf16> -> tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[M]]

// The same conv with its result written without `physical`: [1,1,32,32] is tile rounding of
// [1,1,4,4], so both spellings denote one tensor; the chain keeps the written spelling.
func.func @grouped_mm_unspelled(%w: tensor<4x2x1x1xbf16>) -> tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 4 out_channels = 4 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [1, 1] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 2 : tensor<4x2x1x1xbf16> -> tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile>>
  func.return %0 : tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @grouped_mm_unspelled(
// CHECK-NEXT:    %[[G:[^ ]+]] = ttnn.conv_weights_grouped_layout %w groups = 2 : tensor<4x2x1x1xbf16> -> tensor<4x4x1x1xbf16>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_interleaved_mm_layout %[[G]] {{.*}} : tensor<4x4x1x1xbf16> -> tensor<1x1x4x4xbf16, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:    func.return %[[M]]

// docs/semantics.md §3.7: HEIGHT, ROW_MAJOR input -> alignment 8: Cin 3 -> 8, Cout 2 -> 32, act_block_w 32,
// block_h 1; typecast to bfloat8_b.
func.func @height_rm(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> : tensor<2x3x3x3xf32> -> tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return %0 : tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK-LABEL: func.func @height_rm(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %w block_h = 1 block_w = 1 enable_activation_reuse = false padded_in_channels = 8 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 32 : i32, l1 = {{.*}}}} : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> -> tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// CHECK-NEXT:    func.return %[[T]]

// Its bias: width round_up(32, 32) = 32, bfloat8_b.
func.func @height_rm_bias(%b: tensor<1x1x1x2xf32>) -> tensor<1x1x1x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x1x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @height_rm_bias(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_bias_layout %b width = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 32 : i32, l1 = {{.*}}}} : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> -> tensor<1x1x1x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[T]]

// docs/semantics.md §3.7: the same with a TILE L1 height-sharded input -> alignment 32: Cin 3 -> 32,
// act_block_w 96, block_h 3, physical [1,1,288,32].
func.func @height_tile_l1(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x32>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK-LABEL: func.func @height_tile_l1(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %w block_h = 3 block_w = 1 enable_activation_reuse = false padded_in_channels = 32 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    func.return %[[T]]

// ROW_MAJOR input sharded with shard width 16 -> alignment 16: Cin 3 -> 16, act_block_w 64,
// block_h 2.
func.func @height_rm_shard16(%w: tensor<2x3x3x3xbf16>) -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x16>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xbf16> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
  func.return %0 : tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
}
// CHECK-LABEL: func.func @height_rm_shard16(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 enable_activation_reuse = false padded_in_channels = 16 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 16 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 64 : i32, l1 = {{.*}}}} : tensor<2x3x3x3xbf16> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// CHECK-NEXT:    func.return %[[M]]

// HEIGHT with activation reuse: act_block_h_override 64 -> 4 NHW cores, 2-tile act blocks;
// alignment 8, act_block_w round_up(8*9, 32) = 96, block_h 3, rows 96.
func.func @height_reuse(%w: tensor<16x8x3x3xbf16>) -> tensor<1x1x72x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 8 out_channels = 16 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<shard_layout = height_sharded, act_block_h_override = 64, enable_activation_reuse = true> : tensor<16x8x3x3xbf16> -> tensor<1x1x72x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return %0 : tensor<1x1x72x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK-LABEL: func.func @height_reuse(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %w block_h = 3 block_w = 1 enable_activation_reuse = true padded_in_channels = 8 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 4 : i32, act_block_h_ntiles = 2 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<16x8x3x3xbf16> -> tensor<1x1x72x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// CHECK-NEXT:    func.return %[[M]]

// Its bias (bf16 stays bf16).
func.func @height_reuse_bias(%b: tensor<1x1x1x16xbf16>) -> tensor<1x1x1x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 8 out_channels = 16 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded, act_block_h_override = 64, enable_activation_reuse = true> : tensor<1x1x1x16xbf16> -> tensor<1x1x1x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x1x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @height_reuse_bias(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_bias_layout %b width = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 4 : i32, act_block_h_ntiles = 2 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<1x1x1x16xbf16> -> tensor<1x1x1x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[M]]

// docs/semantics.md §3.7: WIDTH, O = I = 64: 2 input / 2 output channel cores, act_block_w 288 -> tiled
// block_h 9.
func.func @width_spec(%w: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = width_sharded> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
  func.return %0 : tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
}
// CHECK-LABEL: func.func @width_spec(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_tiled_layout %w block_h = 9 block_w = 1 padded_in_channels = 64 padded_out_channels = 64 {ttnn.resolution = {shard_layout = "width_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 2 : i32, output_cores_channels = 2 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 2 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 288 : i32, l1 = {{.*}}}} : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// CHECK-NEXT:    func.return %[[T]]

// WIDTH block heights are taken in whole tiles (TT-NN 0.81.1's own result): W[64, 128, 3, 3],
// 32x32 L1 interleaved TILE input, act_block_w_div 2: 4 input cores, 128*9/(4*2) = 144 rows
// -> 4 tiles = 128 rows = block_h 4; rows round_up(1152, 128) = 1152, so [1, 1, 1152, 64].
func.func @width_floor(%w: tensor<64x128x3x3xf32>) -> tensor<1x1x1152x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x1152x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 128 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<shard_layout = width_sharded, act_block_w_div = 2> : tensor<64x128x3x3xf32> -> tensor<1x1x1152x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x1152x64>>
  func.return %0 : tensor<1x1x1152x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x1152x64>>
}
// CHECK-LABEL: func.func @width_floor(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_tiled_layout %w block_h = 4 block_w = 1 padded_in_channels = 128 padded_out_channels = 64 {ttnn.resolution = {shard_layout = "width_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 4 : i32, output_cores_channels = 2 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 29 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 128 : i32, l1 = {{.*}}}} : tensor<64x128x3x3xf32> -> tensor<1x1x1152x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x1152x64>>
// CHECK-NEXT:    func.return %[[M]]

// WIDTH with act_block_w_div 2: act_block_w 64*4/(2*2) = 64 -> block_h 2; Cout 40 -> 64.
func.func @width_div2(%w: tensor<40x64x2x2xf32>) -> tensor<1x1x256x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x256x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 64 out_channels = 40 batch_size = 1 input_height = 9 input_width = 9 kernel_size = [2, 2] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = width_sharded, act_block_w_div = 2> : tensor<40x64x2x2xf32> -> tensor<1x1x256x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x256x64>>
  func.return %0 : tensor<1x1x256x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x256x64>>
}
// CHECK-LABEL: func.func @width_div2(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_tiled_layout %w block_h = 2 block_w = 1 padded_in_channels = 64 padded_out_channels = 64 {ttnn.resolution = {shard_layout = "width_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 2 : i32, output_cores_channels = 2 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 2 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 64 : i32, l1 = {{.*}}}} : tensor<40x64x2x2xf32> -> tensor<1x1x256x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x256x64>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x256x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x256x64>> -> tensor<1x1x256x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x256x64>>
// CHECK-NEXT:    func.return %[[T]]

// Its bias: Cout_pad 64, width 64, bfloat8_b.
func.func @width_div2_bias(%b: tensor<1x1x1x40xf32>) -> tensor<1x1x1x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 40 batch_size = 1 input_height = 9 input_width = 9 kernel_size = [2, 2] stride = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = width_sharded, act_block_w_div = 2> : tensor<1x1x1x40xf32> -> tensor<1x1x1x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  func.return %0 : tensor<1x1x1x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}
// CHECK-LABEL: func.func @width_div2_bias(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_bias_layout %b width = 64 {ttnn.resolution = {shard_layout = "width_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 2 : i32, output_cores_channels = 2 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 2 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 64 : i32, l1 = {{.*}}}} : tensor<1x1x1x40xf32> -> tensor<1x1x1x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x1x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> -> tensor<1x1x1x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// CHECK-NEXT:    func.return %[[T]]

// docs/semantics.md §3.7: BLOCK, ROW_MAJOR input (alignment 8), row-major orientation on 8x8: 8 input and
// 2 output channel shards, 2 NHW cores, act_block_w round_up(8*3, 32) = 32.
func.func @block_rm(%w: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
  func.return %0 : tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
}
// CHECK-LABEL: func.func @block_rm(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_block_sharded_layout %w in_shards = 8 out_shards = 2 full_inner_dim = false padded_in_channels = 64 padded_out_channels = 64 {ttnn.resolution = {shard_layout = "block_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 8 : i32, output_cores_channels = 2 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 32 : i32, l1 = {{.*}}}} : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
// CHECK-NEXT:    func.return %[[T]]

// The same with full_inner_dim: act_block_w round_up(8*9, 32) = 96.
func.func @block_rm_full(%w: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, full_inner_dim = true> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
  func.return %0 : tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
}
// CHECK-LABEL: func.func @block_rm_full(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_block_sharded_layout %w in_shards = 8 out_shards = 2 full_inner_dim = true padded_in_channels = 64 padded_out_channels = 64 {ttnn.resolution = {shard_layout = "block_sharded", mm_conv = false, input_channels_alignment = 8 : i32, input_cores_channels = 8 : i32, output_cores_channels = 2 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
// CHECK-NEXT:    func.return %[[T]]

// groups 4: grouped [8,8,3,3] first, then HEIGHT special padding (Cin 8 -> 32, block_h 3),
// then typecast.
func.func @grouped(%w: tensor<8x2x3x3xbf16>) -> tensor<1x1x72x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 8 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = true groups = 4 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> : tensor<8x2x3x3xbf16> -> tensor<1x1x72x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x72x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK-LABEL: func.func @grouped(
// CHECK-NEXT:    %[[G:[^ ]+]] = ttnn.conv_weights_grouped_layout %w groups = 4 : tensor<8x2x3x3xbf16> -> tensor<8x8x3x3xbf16>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %[[G]] block_h = 3 block_w = 1 enable_activation_reuse = false padded_in_channels = 32 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<8x8x3x3xbf16> -> tensor<1x1x72x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x72x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> -> tensor<1x1x72x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    func.return %[[T]]

// The grouped conv's bf16 bias: width 32, bfloat8_b.
func.func @grouped_bias(%b: tensor<1x1x1x8xbf16>) -> tensor<1x1x1x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 8 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 4 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> : tensor<1x1x1x8xbf16> -> tensor<1x1x1x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x1x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @grouped_bias(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_bias_layout %b width = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<1x1x1x8xbf16> -> tensor<1x1x1x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x1x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> -> tensor<1x1x1x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[T]]

// 2D depthwise (input_height 8): grouped in 0.81.1, no depthwise layout.
func.func @depthwise_2d(%w: tensor<8x1x3x3xf32>) -> tensor<1x1x72x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 8 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 8 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<8x1x3x3xf32> -> tensor<1x1x72x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x72x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK-LABEL: func.func @depthwise_2d(
// CHECK-NOT:     ttnn.conv_weights_depthwise_layout
// CHECK:         %[[G:[^ ]+]] = ttnn.conv_weights_grouped_layout %w groups = 8 : tensor<8x1x3x3xf32> -> tensor<8x8x3x3xf32>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %[[G]] block_h = 3 block_w = 1 enable_activation_reuse = false padded_in_channels = 32 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<8x8x3x3xf32> -> tensor<1x1x72x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x72x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> -> tensor<1x1x72x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    func.return %[[T]]

// 1D depthwise (input_height 1, KH 1, no bias): depthwise layout with act_block_h_ntiles 1,
// [8,96,1,1]; special padding with block_h = 1 * KW = 3 (act_block_w round_up(32 * 3, 32) = 96 is
// not used by the depthwise weight).
func.func @depthwise_1d(%w: tensor<8x1x1x3xf32>) -> tensor<1x1x96x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 8 out_channels = 8 batch_size = 1 input_height = 1 input_width = 32 kernel_size = [1, 3] stride = [1, 1] padding = [0, 1] dilation = [1, 1] has_bias = false groups = 8 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<8x1x1x3xf32> -> tensor<1x1x96x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return %0 : tensor<1x1x96x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK-LABEL: func.func @depthwise_1d(
// CHECK-NEXT:    %[[D:[^ ]+]] = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 1 : tensor<8x1x1x3xf32> -> tensor<8x96x1x1xf32>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %[[D]] block_h = 3 block_w = 1 enable_activation_reuse = false padded_in_channels = 96 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<8x96x1x1xf32> -> tensor<1x1x96x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x96x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> -> tensor<1x1x96x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// CHECK-NEXT:    func.return %[[T]]

// 1D depthwise with act_block_h_override 64: act_block_h_ntiles 2, [8,192,1,1], block_h 6.
func.func @depthwise_1d_ntiles2(%w: tensor<8x1x1x3xbf16>) -> tensor<1x1x192x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 8 out_channels = 8 batch_size = 1 input_height = 1 input_width = 64 kernel_size = [1, 3] stride = [1, 1] padding = [0, 1] dilation = [1, 1] has_bias = false groups = 8 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, act_block_h_override = 64> : tensor<8x1x1x3xbf16> -> tensor<1x1x192x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
  func.return %0 : tensor<1x1x192x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
}
// CHECK-LABEL: func.func @depthwise_1d_ntiles2(
// CHECK-NEXT:    %[[D:[^ ]+]] = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 2 : tensor<8x1x1x3xbf16> -> tensor<8x192x1x1xbf16>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %[[D]] block_h = 6 block_w = 1 enable_activation_reuse = false padded_in_channels = 192 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 2 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<8x192x1x1xbf16> -> tensor<1x1x192x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x192x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> -> tensor<1x1x192x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// CHECK-NEXT:    func.return %[[T]]

// 1D depthwise asking for activation reuse: the depthwise weight is not laid out for reuse
// (enable_activation_reuse = false on the layout op, as in the resolution).
func.func @depthwise_1d_reuse(%w: tensor<8x1x1x3xf32>) -> tensor<1x1x192x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 8 out_channels = 8 batch_size = 2 input_height = 1 input_width = 32 kernel_size = [1, 3] stride = [1, 1] padding = [0, 1] dilation = [1, 1] has_bias = false groups = 8 conv_config = #ttnn.conv2d_config<act_block_h_override = 64, enable_activation_reuse = true> : tensor<8x1x1x3xf32> -> tensor<1x1x192x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
  func.return %0 : tensor<1x1x192x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
}
// CHECK-LABEL: func.func @depthwise_1d_reuse(
// CHECK-NEXT:    %[[D:[^ ]+]] = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 2 : tensor<8x1x1x3xf32> -> tensor<8x192x1x1xf32>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %[[D]] block_h = 6 block_w = 1 enable_activation_reuse = false padded_in_channels = 192 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 2 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 96 : i32, l1 = {{.*}}}} : tensor<8x192x1x1xf32> -> tensor<1x1x192x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// CHECK-NEXT:    func.return %[[M]]

// Automatic kernel-stride folding (stride = kernel = 2x2, DRAM, no padding): fold, then the
// folded 1x1 conv is an mm_conv -> interleaved MM.
func.func @fold_auto(%w: tensor<16x3x2x2xf32>) -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 : tensor<16x3x2x2xf32> -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @fold_auto(
// CHECK-NEXT:    %[[F:[^ ]+]] = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<16x3x2x2xf32> -> tensor<16x12x1x1xf32>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_interleaved_mm_layout %[[F]] {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = true, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, kernel_stride_folding = array<i32: 2, 2>, l1 = {{.*}}}} : tensor<16x12x1x1xf32> -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[M]]

// enable_kernel_stride_folding = false turns the automatic fold off: a 2x2 stride-2 HEIGHT conv.
func.func @fold_disabled(%w: tensor<16x3x2x2xf32>) -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<enable_kernel_stride_folding = false> : tensor<16x3x2x2xf32> -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
  func.return %0 : tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
}
// CHECK-LABEL: func.func @fold_disabled(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 enable_activation_reuse = false padded_in_channels = 32 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 64 : i32, l1 = {{.*}}}} : tensor<16x3x2x2xf32> -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
// CHECK-NEXT:    func.return %[[M]]

// Automatic folding with stride 4x4: [8,32,1,1], interleaved MM, typecast.
func.func @fold_auto_4x4(%w: tensor<8x2x4x4xf32>) -> tensor<1x1x32x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 2 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [4, 4] stride = [4, 4] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> : tensor<8x2x4x4xf32> -> tensor<1x1x32x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x32x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @fold_auto_4x4(
// CHECK-NEXT:    %[[F:[^ ]+]] = ttnn.conv_weights_fold_kernel_stride %w stride = [4, 4] : tensor<8x2x4x4xf32> -> tensor<8x32x1x1xf32>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_interleaved_mm_layout %[[F]] {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = true, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, kernel_stride_folding = array<i32: 4, 4>, l1 = {{.*}}}} : tensor<8x32x1x1xf32> -> tensor<1x1x32x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x32x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> -> tensor<1x1x32x8x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[T]]

// No automatic folding for a padded TILE input in DRAM: a stride-2 HEIGHT conv.
func.func @fold_auto_off_padded(%w: tensor<16x3x2x2xf32>) -> tensor<1x1x12x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [2, 2] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<16x3x2x2xf32> -> tensor<1x1x12x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
  func.return %0 : tensor<1x1x12x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
}
// CHECK-LABEL: func.func @fold_auto_off_padded(
// CHECK-NOT:     ttnn.conv_weights_fold_kernel_stride
// CHECK:         %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 enable_activation_reuse = false padded_in_channels = 32 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 64 : i32, l1 = {{.*}}}} : tensor<16x3x2x2xf32> -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>> -> tensor<1x1x12x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
// CHECK-NEXT:    func.return %[[T]]

// ... but folded with a ROW_MAJOR DRAM input: fold, then interleaved MM (folded image 6x6; TT-NN
// 0.81.1 keeps the original padding for its output, 6 + 4 - 1 + 1 = 10, NHW 100 -> 4 cores).
func.func @fold_auto_rm_padded(%w: tensor<16x3x2x2xf32>) -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [2, 2] dilation = [1, 1] has_bias = false groups = 1 : tensor<16x3x2x2xf32> -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @fold_auto_rm_padded(
// CHECK-NEXT:    %[[F:[^ ]+]] = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<16x3x2x2xf32> -> tensor<16x12x1x1xf32>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_interleaved_mm_layout %[[F]] {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = true, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 4 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, kernel_stride_folding = array<i32: 2, 2>, l1 = {{.*}}}} : tensor<16x12x1x1xf32> -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[M]]

// ... and folded with a height-sharded L1 input; the folded 1x1 mm_conv on a sharded L1 input
// is not interleaved MM but HEIGHT special padding, its NHW cores the 2 of the input's shard
// grid (docs/semantics.md §3.3a).
func.func @fold_auto_l1_height(%w: tensor<16x3x2x2xbf16>) -> tensor<1x1x12x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x32>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<16x3x2x2xbf16> -> tensor<1x1x12x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x12x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @fold_auto_l1_height(
// CHECK-NEXT:    %[[F:[^ ]+]] = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<16x3x2x2xbf16> -> tensor<16x12x1x1xbf16>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %[[F]] block_h = 1 block_w = 1 enable_activation_reuse = false padded_in_channels = 32 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = true, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 32 : i32, kernel_stride_folding = array<i32: 2, 2>, l1 = {{.*}}}} : tensor<16x12x1x1xbf16> -> tensor<1x1x12x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[M]]

// Grouped and folded: the chain is grouped -> fold -> layout.
func.func @grouped_fold(%w: tensor<8x2x2x2xbf16>) -> tensor<1x1x16x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 4 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 2 : tensor<8x2x2x2xbf16> -> tensor<1x1x16x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0 : tensor<1x1x16x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @grouped_fold(
// CHECK-NEXT:    %[[G:[^ ]+]] = ttnn.conv_weights_grouped_layout %w groups = 2 : tensor<8x2x2x2xbf16> -> tensor<8x4x2x2xbf16>
// CHECK-NEXT:    %[[F:[^ ]+]] = ttnn.conv_weights_fold_kernel_stride %[[G]] stride = [2, 2] : tensor<8x4x2x2xbf16> -> tensor<8x16x1x1xbf16>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_interleaved_mm_layout %[[F]] {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = true, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 1 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, kernel_stride_folding = array<i32: 2, 2>, l1 = {{.*}}}} : tensor<8x16x1x1xbf16> -> tensor<1x1x16x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    func.return %[[M]]

// Explicit folding of a 3x3 kernel with stride 2: [16,16,2,2], not an mm_conv -> HEIGHT
// special padding (Cin 16 -> 32, act_block_w 64, block_h 2). On the DRAM path TT-NN keeps the
// padding after folding: a 6x6 output (36 rows, 2 NHW cores).
func.func @fold_explicit(%w: tensor<16x4x3x3xf32>) -> tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 4 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, enable_kernel_stride_folding = true> : tensor<16x4x3x3xf32> -> tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
  func.return %0 : tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
}
// CHECK-LABEL: func.func @fold_explicit(
// CHECK-NEXT:    %[[F:[^ ]+]] = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<16x4x3x3xf32> -> tensor<16x16x2x2xf32>
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_special_padding_layout %[[F]] block_h = 2 block_w = 1 enable_activation_reuse = false padded_in_channels = 32 padded_out_channels = 32 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 64 : i32, kernel_stride_folding = array<i32: 2, 2>, l1 = {{.*}}}} : tensor<16x16x2x2xf32> -> tensor<1x1x64x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x64x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>> -> tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
// CHECK-NEXT:    func.return %[[T]]

// A 1x1 mm_conv on a block-sharded L1 input: BLOCK (not interleaved MM), shards from the
// common divisor of the channel tiles (2, 2), alignment 32.
func.func @block_mm_l1(%w: tensor<64x40x1x1xf32>) -> tensor<1x1x40x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 2x2, shape = 32x32>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 40 out_channels = 64 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [1, 1] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 : tensor<64x40x1x1xf32> -> tensor<1x1x40x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
  func.return %0 : tensor<1x1x40x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
}
// CHECK-LABEL: func.func @block_mm_l1(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 2 full_inner_dim = false padded_in_channels = 64 padded_out_channels = 64 {ttnn.resolution = {shard_layout = "block_sharded", mm_conv = true, input_channels_alignment = 32 : i32, input_cores_channels = 2 : i32, output_cores_channels = 2 : i32, nhw_cores = 2 : i32, act_block_h_ntiles = 1 : i32, out_subblock_w_ntiles = 1 : i32, act_block_w = 32 : i32, l1 = {{.*}}}} : tensor<64x40x1x1xf32> -> tensor<1x1x40x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
// CHECK-NEXT:    func.return %[[M]]

// ResNet-50 layer1's 3x3 conv bias: 49 NHW cores, 2-tile act blocks, sub-block width 2.
func.func @resnet_bias_bias(%b: tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 64 batch_size = 1 input_height = 56 input_width = 56 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  func.return %0 : tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}
// CHECK-LABEL: func.func @resnet_bias_bias(
// CHECK-NEXT:    %[[M:[^ ]+]] = ttnn.conv_bias_layout %b width = 64 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = false, input_channels_alignment = 32 : i32, input_cores_channels = 1 : i32, output_cores_channels = 1 : i32, nhw_cores = 49 : i32, act_block_h_ntiles = 2 : i32, out_subblock_w_ntiles = 2 : i32, act_block_w = 192 : i32, l1 = {{.*}}}} : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// CHECK-NEXT:    %[[T:[^ ]+]] = ttnn.typecast %[[M]] : tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// CHECK-NEXT:    func.return %[[T]]

}

// ttnn-decompose on ttnn.prepare_conv_transpose2d_weights / _bias (docs/semantics.md §7): the IOHW
// weight becomes dense OIHW (conv_weights_iohw_to_oihw, with the grouped expansion), its kernel
// is mirrored (conv_weights_mirror_kernel, unless mirror_kernel = false or the kernel is 1x1),
// then the equivalent conv2d's chain follows; its layout op carries ttnn.equivalent_conv2d,
// the conv2d TT-NN prepares for, next to ttnn.resolution.
//
// RUN: ttnn-opt %s -p ttnn-decompose | filecheck %s
// RUN: ttnn-opt %s -p ttnn-decompose | filecheck %s --check-prefix=NOPREPARE
// NOPREPARE-NOT: ttnn.prepare_conv_transpose2d

func.func @mirrored(%w: tensor<16x24x3x3xf32>) -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// The equivalent conv2d of a 12x10 output: a 14x12 input, stride 1, padding 0, groups 1.
// CHECK-LABEL: func.func @mirrored(
// CHECK-NEXT:    %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 1 : tensor<16x24x3x3xf32> -> tensor<24x16x3x3xf32>
// CHECK-NEXT:    %1 = ttnn.conv_weights_mirror_kernel %0 : tensor<24x16x3x3xf32> -> tensor<24x16x3x3xf32>
// CHECK-NEXT:    %2 = ttnn.conv_weights_special_padding_layout %1 block_h = 3 block_w = 1 enable_activation_reuse = false padded_in_channels = 32 padded_out_channels = 32 {ttnn.resolution = {{{.*}}}, ttnn.equivalent_conv2d = {input_height = 14 : i32, input_width = 12 : i32, stride = array<i32: 1, 1>, padding = array<i32: 0, 0, 0, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, output_size = array<i32: 12, 10>}} : tensor<24x16x3x3xf32> -> tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    %3 = ttnn.typecast %2 : tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    func.return %3

func.func @grouped_not_mirrored(%w: tensor<16x12x3x3xf32>) -> tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 2 conv_config = #ttnn.conv2d_config<shard_layout = width_sharded> mirror_kernel = false : tensor<16x12x3x3xf32> -> tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// Two groups: a block-diagonal dense [24, 16, 3, 3]; mirror_kernel = false: no mirror.
// CHECK-LABEL: func.func @grouped_not_mirrored(
// CHECK-NEXT:    %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 2 : tensor<16x12x3x3xf32> -> tensor<24x16x3x3xf32>
// CHECK-NEXT:    %1 = ttnn.conv_weights_tiled_layout %0 block_h = 9 block_w = 1 padded_in_channels = 32 padded_out_channels = 32 {{{.*}}ttnn.equivalent_conv2d = {input_height = 13 : i32, input_width = 11 : i32, {{.*}}, groups = 1 : i32, output_size = array<i32: 11, 9>}}
// CHECK-NEXT:    func.return %1

func.func @dram_block(%w: tensor<16x8x2x2xf32>, %b: tensor<1x1x1x8xf32>) -> (tensor<1x1x64x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x256x32>>, tensor<1x1x1x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded> : tensor<16x8x2x2xf32> -> tensor<1x1x64x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x256x32>>
  %1 = ttnn.prepare_conv_transpose2d_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 16 out_channels = 8 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded> : tensor<1x1x1x8xf32> -> tensor<1x1x1x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0, %1 : tensor<1x1x64x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x256x32>>, tensor<1x1x1x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
func.func @one_by_one_stride_2(%w: tensor<40x24x1x1xf32>) -> tensor<1x1x40x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> {
// A DRAM input: TT-NN hands the equivalent conv2d a BLOCK-sharded input built for the
// transpose's 16x16 output with channels aligned to 8: 2 channel cores of 8 channels (grid
// 2x8, shards round_up(64, 8·32)/8 = 32 rows), whose spec the preparation reads: in_shards 2.
// The bias keeps the DRAM input (conv2d's own DRAM path).
// CHECK-LABEL: func.func @dram_block(
// CHECK-NEXT:    %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 1
// CHECK-NEXT:    %1 = ttnn.conv_weights_mirror_kernel %0
// CHECK-NEXT:    %2 = ttnn.conv_weights_block_sharded_layout %1 in_shards = 2 out_shards = 1 full_inner_dim = false padded_in_channels = 64 padded_out_channels = 32 {{{.*}}ttnn.equivalent_conv2d = {input_height = 17 : i32, input_width = 17 : i32, {{.*}}, output_size = array<i32: 16, 16>, dram_path_input = "block_sharded on 2x8 cores, shards of 32x8, row_major"}}
// CHECK-NEXT:    %3 = ttnn.typecast %2
// CHECK-NEXT:    %4 = ttnn.conv_bias_layout %b width = 32 {{{.*}}ttnn.equivalent_conv2d = {input_height = 17 : i32, input_width = 17 : i32, {{.*}}, output_size = array<i32: 16, 16>}}
// CHECK-NEXT:    %5 = ttnn.typecast %4

  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 40 out_channels = 24 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [1, 1] stride = [2, 2] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 : tensor<40x24x1x1xf32> -> tensor<1x1x40x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
  func.return %0 : tensor<1x1x40x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
}
// A 1x1 kernel with stride 2 on an L1 input: the equivalent conv2d is a 1x1 stride-1 matmul
// conv on the zero-stuffed 15x15 input, the interleaved-matmul layout; a 1x1 kernel's mirror
// is itself, so there is no mirror op.
// CHECK-LABEL: func.func @one_by_one_stride_2(
// CHECK-NEXT:    %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 1 : tensor<40x24x1x1xf32> -> tensor<24x40x1x1xf32>
// CHECK-NEXT:    %1 = ttnn.conv_weights_interleaved_mm_layout %0 {ttnn.resolution = {shard_layout = "height_sharded", mm_conv = true, {{.*}}}, ttnn.equivalent_conv2d = {input_height = 15 : i32, input_width = 15 : i32, {{.*}}}} : tensor<24x40x1x1xf32> -> tensor<1x1x40x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
// CHECK-NEXT:    func.return %1

// Two DRAM height slices (TT-NN 0.81.1: [1, 1, 192, 32]): the weight is prepared for the first
// slice, its input rows [0, 4) as a 10x12 equivalent input, row-major.
func.func @dram_slices(%w: tensor<16x24x3x3xf32>) -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dram_slice_config = #ttnn.conv2d_slice_config<dram_height, 2> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
  func.return %0 : tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
}
// CHECK-LABEL: func.func @dram_slices(
// CHECK-NEXT:    %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 1
// CHECK-NEXT:    %1 = ttnn.conv_weights_mirror_kernel %0
// CHECK-NEXT:    %2 = ttnn.conv_weights_special_padding_layout %1 {{.*}}ttnn.equivalent_conv2d = {input_height = 10 : i32, input_width = 12 : i32, {{.*}}, output_size = array<i32: 12, 10>, dram_path_input = "height_sharded on 6x1 cores, shards of 32x16, row_major", dram_slices = "the first of 2 dram_height slices, a row_major input"}}

// A ttnn.conv2d left for convert-ttnn-to-tiles alone (without ttnn-decompose): one located line
// saying what to run first, as for the prepare ops; the whole pipeline lowers it.
// RUN: not ttnn-opt %s -p convert-ttnn-to-tiles 2>&1 | filecheck %s
// RUN: ttnn-opt %s -p ttnn-lower | filecheck %s --check-prefix=LOWERED

func.func @conv(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dtype = #ttnn.data_type<f32> : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
  func.return %y : tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
}
// CHECK: convert-ttnn-to-tiles-conv2d-first.mlir:7:3: error: 'ttnn.conv2d' op convert-ttnn-to-tiles cannot lower this op: ttnn-decompose turns it into its preparations and one ttnn.conv2d_consume first (-p ttnn-decompose,convert-ttnn-to-tiles, or the whole pipeline, -p ttnn-lower)
// CHECK-NOT: error
// LOWERED-LABEL: func.func @conv
// LOWERED: tile.matmul
// LOWERED-NOT: ttnn.conv2d

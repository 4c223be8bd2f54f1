// The module attribute ttnn.grid = array<i32: X, Y> (8x8 when absent) is the device
// compute grid the prepare ops' result types are inferred for; the nearest enclosing
// module that has one counts. The same BLOCK conv (O=I=64, 3x3, ROW_MAJOR input) is
// physical [1,1,768,64] on 8x8 (8 input-channel cores) and [1,1,576,64] on 2x2.
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

builtin.module {
  func.func @default_grid(%w: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>> {
    %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<shard_layout = block_sharded> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
    func.return %0 : tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
  }
  builtin.module attributes {ttnn.grid = array<i32: 2, 2>} {
    func.func @grid_2x2(%w: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> {
      %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<shard_layout = block_sharded> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
      func.return %0 : tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
    }
  }
  builtin.module attributes {ttnn.grid = array<i32: 8, 8>} {
    builtin.module {
      func.func @inherited_8x8(%w: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>> {
        %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<shard_layout = block_sharded> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
        func.return %0 : tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
      }
    }
  }
}
// CHECK:       builtin.module {
// CHECK-LABEL:   func.func @default_grid(
// CHECK-NEXT:      ttnn.prepare_conv_weights {{.*}} -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
// CHECK:         builtin.module attributes {ttnn.grid = array<i32: 2, 2>} {
// CHECK-LABEL:     func.func @grid_2x2(
// CHECK-NEXT:        ttnn.prepare_conv_weights {{.*}} -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// CHECK:         builtin.module attributes {ttnn.grid = array<i32: 8, 8>} {
// CHECK-NEXT:      builtin.module {
// CHECK-LABEL:       func.func @inherited_8x8(
// CHECK-NEXT:          ttnn.prepare_conv_weights {{.*}} -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
// GENERIC:       "builtin.module"() ({
// GENERIC:       }) {ttnn.grid = array<i32: 2, 2>} : () -> ()
// GENERIC:       }) {ttnn.grid = array<i32: 8, 8>} : () -> ()

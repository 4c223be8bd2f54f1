// ttnn.prepare_conv_transpose2d_weights / ttnn.prepare_conv_transpose2d_bias (docs/semantics.md §7):
// TT-NN's keyword parameters, the weight IOHW [Cin, Cout/groups, KH, KW]. output_padding and
// mirror_kernel are optional (absent: [0, 0] and true) and print only when written. The result
// type is the equivalent conv2d's prepared type, as TT-NN 0.81.1 gives it.
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

// TT-NN's case height_k3s2p1_op11 (tests/data/ttnn_reference): 16 -> 24, 3x3, stride 2,
// padding 1, output_padding 1, on a 6x5 L1 input, HEIGHT: a 12x10 output, so the equivalent
// conv2d reads a 14x12 input; the TILE input pads Cin to 32, each kernel row takes
// round_up(32·3, 32) = 96 rows: [1, 1, 288, 32] for the logical [1, 1, 144, 24].
func.func @height_output_padding(%w: tensor<16x24x3x3xf32>, %b: tensor<1x1x1x24xf32>) -> (tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>, tensor<1x1x1x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  %1 = ttnn.prepare_conv_transpose2d_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<1x1x1x24xf32> -> tensor<1x1x1x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %0, %1 : tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>, tensor<1x1x1x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @height_output_padding(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:    %1 = ttnn.prepare_conv_transpose2d_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<1x1x1x24xf32> -> tensor<1x1x1x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// GENERIC-LABEL: "func.func"() <{sym_name = "height_output_padding"
// GENERIC:       %0 = "ttnn.prepare_conv_transpose2d_weights"(%w) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, input_layout = #ttnn.layout<tile>, weights_format = "IOHW", in_channels = 16 : i32, out_channels = 24 : i32, batch_size = 1 : i32, input_height = 6 : i32, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 2, 2>, padding = array<i32: 1, 1>, output_padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, has_bias = true, groups = 1 : i32, conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>, mirror_kernel = true}> : (tensor<16x24x3x3xf32>) -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// GENERIC:       %1 = "ttnn.prepare_conv_transpose2d_bias"(%b) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, input_layout = #ttnn.layout<tile>, in_channels = 16 : i32, out_channels = 24 : i32, batch_size = 1 : i32, input_height = 6 : i32, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 2, 2>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>}> : (tensor<1x1x1x24xf32>) -> tensor<1x1x1x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>

// output_padding and mirror_kernel absent: [0, 0] and true, and they stay absent.
func.func @defaults(%w: tensor<16x24x3x3xf32>) -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK-LABEL: func.func @defaults(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_transpose2d_weights %w {{.*}} padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32>
// GENERIC-LABEL: "func.func"() <{sym_name = "defaults"
// GENERIC:       "ttnn.prepare_conv_transpose2d_weights"(%w) <{{{.*}}padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, has_bias = false, groups = 1 : i32, conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>}>

// Two groups, WIDTH, no mirror: the dense OIHW [24, 16, 3, 3] of the equivalent conv2d (its
// weight is always dense: groups 1), an f32 weight staying f32.
func.func @grouped_width_no_mirror(%w: tensor<16x12x3x3xf32>) -> tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [0, 0] dilation = [1, 1] has_bias = false groups = 2 conv_config = #ttnn.conv2d_config<shard_layout = width_sharded> mirror_kernel = false : tensor<16x12x3x3xf32> -> tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK-LABEL: func.func @grouped_width_no_mirror(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_transpose2d_weights %w {{.*}} groups = 2 conv_config = #ttnn.conv2d_config<shard_layout = width_sharded> mirror_kernel = false : tensor<16x12x3x3xf32> -> tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// GENERIC:       "ttnn.prepare_conv_transpose2d_weights"(%w) <{{{.*}}groups = 2 : i32, conv_config = #ttnn.conv2d_config<shard_layout = width_sharded>, mirror_kernel = false}>

// Every optional property: four padding values, dilation, a bf16 weight into bfloat8_b, the
// compute config, the dtypes, and dram_slice_config l1_full (TT-NN's L1 path on a DRAM input).
// The bias is bf16: its preparation is not given dram_slice_config, so on a DRAM input it
// takes conv2d's DRAM path, where TT-NN 0.81.1 refuses bfloat8_b (docs/semantics.md §7.5).
func.func @every_property(%w: tensor<32x64x3x2xbf16>, %b: tensor<1x1x1x64xbf16>) -> (tensor<1x1x192x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>, tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "IOHW" in_channels = 32 out_channels = 64 batch_size = 2 input_height = 7 input_width = 9 kernel_size = [3, 2] stride = [2, 1] padding = [1, 0, 2, 1] output_padding = [1, 0] dilation = [2, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> compute_config = #ttnn.device_compute_kernel_config<fp32_dest_acc_en = true> input_dtype = #ttnn.data_type<bf16> output_dtype = #ttnn.data_type<f32> dram_slice_config = #ttnn.conv2d_slice_config<l1_full, 0> mirror_kernel = true : tensor<32x64x3x2xbf16> -> tensor<1x1x192x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
  %1 = ttnn.prepare_conv_transpose2d_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 32 out_channels = 64 batch_size = 2 input_height = 7 input_width = 9 kernel_size = [3, 2] stride = [2, 1] padding = [1, 0, 2, 1] dilation = [2, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> compute_config = #ttnn.device_compute_kernel_config<fp32_dest_acc_en = true> input_dtype = #ttnn.data_type<bf16> output_dtype = #ttnn.data_type<f32> dram_slice_config = #ttnn.conv2d_slice_config<l1_full, 0> : tensor<1x1x1x64xbf16> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  func.return %0, %1 : tensor<1x1x192x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>, tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}
// CHECK-LABEL: func.func @every_property(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_transpose2d_weights %w {{.*}} padding = [1, 0, 2, 1] output_padding = [1, 0] dilation = [2, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> compute_config = #ttnn.device_compute_kernel_config<fp32_dest_acc_en = true> input_dtype = #ttnn.data_type<bf16> output_dtype = #ttnn.data_type<f32> dram_slice_config = #ttnn.conv2d_slice_config<l1_full, 0> mirror_kernel = true : tensor<32x64x3x2xbf16> -> tensor<1x1x192x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
// CHECK-NEXT:    %1 = ttnn.prepare_conv_transpose2d_bias %b {{.*}} dram_slice_config = #ttnn.conv2d_slice_config<l1_full, 0> : tensor<1x1x1x64xbf16> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// GENERIC:       "ttnn.prepare_conv_transpose2d_weights"(%w) <{{{.*}}padding = array<i32: 1, 0, 2, 1>, output_padding = array<i32: 1, 0>, dilation = array<i32: 2, 1>, {{.*}}dram_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, mirror_kernel = true}>

// TT-NN's DRAM path in two height slices (an L1 input with a DRAM slice config; TT-NN 0.81.1's
// answer, tests/data/ttnn_reference): the 12x10 output cut into 6-row slices, the weight is
// prepared for the first one, which reads input rows [0, 4); with the conv's own padding and
// output_padding, (4 − 1)·2 − 2 + 2 + 1 + 1 = 8 output rows, a 10x12 equivalent input, and a
// row-major input (several slices): Cin 16 aligns to 16, round_up(16·3, 32) = 64 rows a
// kernel row, [1, 1, 192, 32] (not the L1 path's 288 rows).
func.func @dram_slices(%w: tensor<16x24x3x3xf32>) -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dram_slice_config = #ttnn.conv2d_slice_config<dram_height, 2> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
  func.return %0 : tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
}
// CHECK-LABEL: func.func @dram_slices(
// CHECK-NEXT:    %0 = ttnn.prepare_conv_transpose2d_weights %w {{.*}} dram_slice_config = #ttnn.conv2d_slice_config<dram_height, 2> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// GENERIC-LABEL: "func.func"() <{sym_name = "dram_slices"
// GENERIC:       "ttnn.prepare_conv_transpose2d_weights"(%w) <{{{.*}}dram_slice_config = #ttnn.conv2d_slice_config<dram_height, 2>}>

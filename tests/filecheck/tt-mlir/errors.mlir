// What import-tt-mlir and export-tt-mlir refuse, one line each at the op: a multi-device
// mesh, a weight that is not a row-major host tensor, a data type TT-NN's preparation does
// not produce, a shard spec over cores that are not one rectangle from (0, 0), a
// conv2d_slice_config that slices the conv, conv parameters the project's verifier rejects,
// and, on export, a conv2d_config field tt-mlir does not have.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics -p import-tt-mlir,export-tt-mlir | filecheck %s
// RUN: not ttnn-opt %s --split-input-file -p import-tt-mlir 2>&1 | filecheck %s --check-prefix=FIRST

#system_memory = #ttnn.buffer_type<system_memory>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, memref<288x3xbf16, #system_memory>>
func.func @mesh(%w: tensor<32x3x3x3xbf16, #host>) -> tensor<1x1x27x32xbf16> {
  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 2x4>}> : () -> !ttnn.device
  %p = "ttnn.prepare_conv2d_weights"(%w, %d) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = false, in_channels = 3 : i32, input_height = 8 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, out_channels = 32 : i32, padding = array<i32: 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW", input_dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<32x3x3x3xbf16, #host>, !ttnn.device) -> tensor<1x1x27x32xbf16> // expected-error {{'ttnn.prepare_conv2d_weights' op runs on a 2x4 device mesh (offset 0x0): ttnn-xdsl prepares weights for a single device (mesh 1x1)}}
  return %p : tensor<1x1x27x32xbf16>
}
// CHECK: errors.mlir:[[# @LINE - 3]]:3: error: 'ttnn.prepare_conv2d_weights' op runs on a 2x4 device mesh (offset 0x0): ttnn-xdsl prepares weights for a single device (mesh 1x1)
// FIRST: errors.mlir:[[# @LINE - 4]]:3: error: 'ttnn.prepare_conv2d_weights' op runs on a 2x4 device mesh
// FIRST-NOT: Traceback
// FIRST-NOT: error

// -----

#dram = #ttnn.buffer_type<dram>
#tiles = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, memref<9x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
func.func @device_weight(%w: tensor<32x3x3x3xbf16, #tiles>) -> tensor<1x1x27x32xbf16> {
  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
  %p = "ttnn.prepare_conv2d_weights"(%w, %d) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = false, in_channels = 3 : i32, input_height = 8 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, out_channels = 32 : i32, padding = array<i32: 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW", input_dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<32x3x3x3xbf16, #tiles>, !ttnn.device) -> tensor<1x1x27x32xbf16> // expected-error {{'ttnn.prepare_conv2d_weights' op expected weight_tensor to be a row-major host tensor (system_memory), got tiles in dram}}
  return %p : tensor<1x1x27x32xbf16>
}
// CHECK: errors.mlir:[[# @LINE - 3]]:3: error: 'ttnn.prepare_conv2d_weights' op expected weight_tensor to be a row-major host tensor (system_memory), got tiles in dram

// -----

#system_memory = #ttnn.buffer_type<system_memory>
#bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x32xbf16, #system_memory>>
func.func @f16(%b: tensor<1x1x1x32xbf16, #bias>) -> tensor<1x1x1x32xbf16> {
  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
  %p = "ttnn.prepare_conv2d_bias"(%b, %d) <{conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>, batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 3 : i32, input_height = 8 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, out_channels = 32 : i32, padding = array<i32: 1, 1>, stride = array<i32: 1, 1>, input_dtype = #ttcore.supportedDataTypes<f16>}> : (tensor<1x1x1x32xbf16, #bias>, !ttnn.device) -> tensor<1x1x1x32xbf16> // expected-error {{'ttnn.prepare_conv2d_bias' op input_dtype f16 is not supported (expected f32, bf16 or bfp_bf8)}}
  return %p : tensor<1x1x1x32xbf16>
}
// CHECK: errors.mlir:[[# @LINE - 3]]:3: error: 'ttnn.prepare_conv2d_bias' op input_dtype f16 is not supported (expected f32, bf16 or bfp_bf8)

// -----

// Twelve cores as tt-mlir height-shards them (a row of 8 and a row of 4): not one rectangle.
#system_memory = #ttnn.buffer_type<system_memory>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, memref<288x3xbf16, #system_memory>>
func.func @twelve_cores(%w: tensor<32x3x3x3xbf16, #host>) -> tensor<1x1x27x32xbf16> {
  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
  %p = "ttnn.prepare_conv2d_weights"(%w, %d) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = false, in_channels = 3 : i32, input_height = 8 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(0,1), (3,1)>]>, <32x32>, <row_major>>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, out_channels = 32 : i32, padding = array<i32: 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW", input_dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<32x3x3x3xbf16, #host>, !ttnn.device) -> tensor<1x1x27x32xbf16> // expected-error {{'ttnn.prepare_conv2d_weights' op input_memory_config: #ttnn.shard_spec over the cores (0,0)-(7,0) + (0,1)-(3,1) is not supported: the shard grid must be one rectangle from core (0, 0)}}
  return %p : tensor<1x1x27x32xbf16>
}
// CHECK: errors.mlir:[[# @LINE - 3]]:3: error: 'ttnn.prepare_conv2d_weights' op input_memory_config: #ttnn.shard_spec over the cores (0,0)-(7,0) + (0,1)-(3,1) is not supported: the shard grid must be one rectangle from core (0, 0)

// -----

// The project's own checks, reported at tt-mlir's op.
#system_memory = #ttnn.buffer_type<system_memory>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, memref<288x3xbf16, #system_memory>>
func.func @kernel(%w: tensor<32x3x3x3xbf16, #host>) -> tensor<1x1x27x32xbf16> {
  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
  %p = "ttnn.prepare_conv2d_weights"(%w, %d) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = false, in_channels = 3 : i32, input_height = 8 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 8 : i32, kernel_size = array<i32: 5, 5>, out_channels = 32 : i32, padding = array<i32: 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW", input_dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<32x3x3x3xbf16, #host>, !ttnn.device) -> tensor<1x1x27x32xbf16> // expected-error {{'ttnn.prepare_conv2d_weights' op expected kernel_size [5, 5] to match the weight's kernel dims [3, 3]}}
  return %p : tensor<1x1x27x32xbf16>
}
// CHECK: errors.mlir:[[# @LINE - 3]]:3: error: 'ttnn.prepare_conv2d_weights' op expected kernel_size [5, 5] to match the weight's kernel dims [3, 3]

// -----

// Export: tt-mlir's #ttnn.conv2d_config has no full_inner_dim.
func.func @project_only(%w: tensor<32x3x3x3xbf16>) -> tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %p = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<full_inner_dim = true> : tensor<32x3x3x3xbf16> -> tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_weights' op conv_config.full_inner_dim = true has no tt-mlir counterpart (tt-mlir's #ttnn.conv2d_config has no such field)}}
  func.return %p : tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK: errors.mlir:[[# @LINE - 3]]:3: error: 'ttnn.prepare_conv_weights' op conv_config.full_inner_dim = true has no tt-mlir counterpart (tt-mlir's #ttnn.conv2d_config has no such field)

// -----

// A worker grid that cannot be a device's (the fuzzer wrote 2^64 rows: an internal error).
module {
  ttcore.device @default_device = <workerGrid = #ttcore.grid<18446744073709551616x13, virt_to_physical_map = (d0, d1) -> (0, d0, d1)>, meshShape = 1x1, chipIds = [0]> // expected-error {{'ttcore.device' op worker grid 18446744073709551616x13 is not a grid of i32 extents of at least 1}}
}
// CHECK: errors.mlir:[[# @LINE - 2]]:3: error: 'ttcore.device' op worker grid 18446744073709551616x13 is not a grid of i32 extents of at least 1

// An Inception factorized 1x3 conv with asymmetric padding (0 rows, 1 column each side,
// written as tt-mlir's four-value padding [top, bottom, left, right]).
//
// Expected: HEIGHT; act_block_w = round_up(64·3, 32) = 192, one kernel row → 192 rows;
// Cout 96 = 3 tiles with 1-tile activation blocks → sub-block 3 → 96 columns.
// Physical = logical = [1, 1, 192, 96]; bias [1, 1, 32, 96].
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry inception_1x3_asymmetric_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-INCEPTION_1X3_ASYMMETRIC_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @inception_1x3_asymmetric_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @inception_1x3_asymmetric(
// PARSE:         ttcore.load_cached(@inception_1x3_asymmetric_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @inception_1x3_asymmetric_const_eval_0(%arg0: tensor<96x64x1x3xbf16>, %arg1: tensor<1x1x1x96xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<96x64x1x3xbf16> -> tensor<1x1x192x96xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x96>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x96xbf16> -> tensor<1x1x1x96xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x96>>
// IMPORT-LABEL: func.func @inception_1x3_asymmetric(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @inception_1x3_asymmetric_const_eval_0(%arg0: memref<96x64x1x3xbf16> {ttnn.tensor = tensor<96x64x1x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @inception_1x3_asymmetric(
// LOWER:          "ttnn.conv2d"(
// RUN-INCEPTION_1X3_ASYMMETRIC_CONST_EVAL_0:      result0: tensor<1x1x192x96xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x96>>
// RUN-INCEPTION_1X3_ASYMMETRIC_CONST_EVAL_0-NEXT:   logical [1, 1, 192, 96], physical [1, 1, 192, 96], bf16, tile, 18 tiles, 36864 bytes
// RUN-INCEPTION_1X3_ASYMMETRIC_CONST_EVAL_0:      result1: tensor<1x1x1x96xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x96>>
// RUN-INCEPTION_1X3_ASYMMETRIC_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 96], physical [1, 1, 32, 96], bf16, tile, 3 tiles, 6144 bytes
// EXPORT-LABEL: func.func private @inception_1x3_asymmetric_const_eval_0(%arg0: tensor<96x64x1x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<6144x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x192x96xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<6x3x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x96xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x3x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @inception_1x3_asymmetric(
// EXPORT:         "ttnn.conv2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#weight_inception_1x3_asymmetric = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 64 + d1 + d2, d3), <1x1>, memref<6144x3xbf16, #system_memory>>
#weight_inception_1x3_asymmetric_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 192 + d2, d3), <1x1>, memref<6x3x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_inception_1x3_asymmetric = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x96xbf16, #system_memory>>
#bias_inception_1x3_asymmetric_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x3x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_inception_1x3_asymmetric = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2, d3), <1x1>, memref<32x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_inception_1x3_asymmetric = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2, d3), <1x1>, memref<32x3x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
module {
  func.func private @inception_1x3_asymmetric_const_eval_0(%arg0: tensor<96x64x1x3xbf16, #weight_inception_1x3_asymmetric>, %arg1: tensor<1x1x1x96xbf16, #bias_inception_1x3_asymmetric>) -> (tensor<1x1x192x96xbf16, #weight_inception_1x3_asymmetric_prepared>, tensor<1x1x1x96xbf16, #bias_inception_1x3_asymmetric_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       has_bias = true,
       in_channels = 64 : i32,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 1, 3>,
       out_channels = 96 : i32,
       padding = array<i32: 0, 0, 1, 1>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<96x64x1x3xbf16, #weight_inception_1x3_asymmetric>, !ttnn.device) -> tensor<1x1x192x96xbf16, #weight_inception_1x3_asymmetric_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       in_channels = 64 : i32,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 1, 3>,
       out_channels = 96 : i32,
       padding = array<i32: 0, 0, 1, 1>,
       stride = array<i32: 1, 1>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1x96xbf16, #bias_inception_1x3_asymmetric>, !ttnn.device) -> tensor<1x1x1x96xbf16, #bias_inception_1x3_asymmetric_prepared>
    return %1, %2 : tensor<1x1x192x96xbf16, #weight_inception_1x3_asymmetric_prepared>, tensor<1x1x1x96xbf16, #bias_inception_1x3_asymmetric_prepared>
  }
  func.func @inception_1x3_asymmetric(%arg0: tensor<1x1x1024x64xbf16, #input_inception_1x3_asymmetric> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<96x64x1x3xbf16, #weight_inception_1x3_asymmetric> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x96xbf16, #bias_inception_1x3_asymmetric> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x1024x96xbf16, #output_inception_1x3_asymmetric> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@inception_1x3_asymmetric_const_eval_0, [%arg1, %arg2]) : (tensor<96x64x1x3xbf16, #weight_inception_1x3_asymmetric>, tensor<1x1x1x96xbf16, #bias_inception_1x3_asymmetric>) -> (tensor<1x1x192x96xbf16, #weight_inception_1x3_asymmetric_prepared>, tensor<1x1x1x96xbf16, #bias_inception_1x3_asymmetric_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 64 : i32,
       out_channels = 96 : i32,
       batch_size = 1 : i32,
       input_height = 32 : i32,
       input_width = 32 : i32,
       kernel_size = array<i32: 1, 3>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 0, 0, 1, 1>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1024x64xbf16, #input_inception_1x3_asymmetric>, tensor<1x1x192x96xbf16, #weight_inception_1x3_asymmetric_prepared>, tensor<1x1x1x96xbf16, #bias_inception_1x3_asymmetric_prepared>, !ttnn.device) -> tensor<1x1x1024x96xbf16, #output_inception_1x3_asymmetric>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x1024x64xbf16, #input_inception_1x3_asymmetric>) -> ()
    return %2 : tensor<1x1x1024x96xbf16, #output_inception_1x3_asymmetric>
  }
}

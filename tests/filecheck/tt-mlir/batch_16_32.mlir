// Training batch sizes: a 3x3 64→128 conv at 32x32 with batch 16 (bf16, with bias) and
// batch 32 (f32, no bias).
//
// Expected: HEIGHT, act_block_w = 192 → 576 rows; N·OH·OW = 16384 (32768) → 512 (1024)
// tiles over 64 cores → 8 (16) tiles per activation block; 4 output tiles → sub-block
// (2, 4) → 128 columns. Both [1, 1, 576, 128]; the f32 weight stays f32 (4096-byte tiles).
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry batch16_training_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-BATCH16_TRAINING_CONST_EVAL_0
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry batch32_training_no_bias_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-BATCH32_TRAINING_NO_BIAS_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @batch16_training_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @batch16_training(
// PARSE:         ttcore.load_cached(@batch16_training_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @batch16_training_const_eval_0(%arg0: tensor<128x64x3x3xbf16>, %arg1: tensor<1x1x1x128xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<128x64x3x3xbf16> -> tensor<1x1x576x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x128>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x128xbf16> -> tensor<1x1x1x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
// IMPORT-LABEL: func.func @batch16_training(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @batch16_training_const_eval_0(%arg0: memref<128x64x3x3xbf16> {ttnn.tensor = tensor<128x64x3x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @batch16_training(
// LOWER:          "ttnn.conv2d"(
// RUN-BATCH16_TRAINING_CONST_EVAL_0:      result0: tensor<1x1x576x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x128>>
// RUN-BATCH16_TRAINING_CONST_EVAL_0-NEXT:   logical [1, 1, 576, 128], physical [1, 1, 576, 128], bf16, tile, 72 tiles, 147456 bytes
// RUN-BATCH16_TRAINING_CONST_EVAL_0:      result1: tensor<1x1x1x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
// RUN-BATCH16_TRAINING_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 128], physical [1, 1, 32, 128], bf16, tile, 4 tiles, 8192 bytes
// EXPORT-LABEL: func.func private @batch16_training_const_eval_0(%arg0: tensor<128x64x3x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<24576x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x576x128xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<18x4x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x128xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x4x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @batch16_training(
// EXPORT:         "ttnn.conv2d"(

// PARSE-LABEL: func.func private @batch32_training_no_bias_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @batch32_training_no_bias(
// PARSE:         ttcore.load_cached(@batch32_training_no_bias_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @batch32_training_no_bias_const_eval_0(%arg0: tensor<128x64x3x3xf32>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<128x64x3x3xf32> -> tensor<1x1x576x128xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x128>>
// IMPORT-LABEL: func.func @batch32_training_no_bias(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @batch32_training_no_bias_const_eval_0(%arg0: memref<128x64x3x3xf32> {ttnn.tensor = tensor<128x64x3x3xf32>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @batch32_training_no_bias(
// LOWER:          "ttnn.conv2d"(
// RUN-BATCH32_TRAINING_NO_BIAS_CONST_EVAL_0:      result0: tensor<1x1x576x128xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x128>>
// RUN-BATCH32_TRAINING_NO_BIAS_CONST_EVAL_0-NEXT:   logical [1, 1, 576, 128], physical [1, 1, 576, 128], f32, tile, 72 tiles, 294912 bytes
// EXPORT-LABEL: func.func private @batch32_training_no_bias_const_eval_0(%arg0: tensor<128x64x3x3xf32, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<24576x3xf32, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x576x128xf32, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<18x4x!ttcore.tile<32x32, f32>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @batch32_training_no_bias(
// EXPORT:         "ttnn.conv2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#weight_batch16_training = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 3 + d2, d3), <1x1>, memref<24576x3xbf16, #system_memory>>
#weight_batch16_training_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 576 + d1 * 576 + d2, d3), <1x1>, memref<18x4x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_batch16_training = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x128xbf16, #system_memory>>
#bias_batch16_training_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x4x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_batch16_training = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 16384 + d1 * 16384 + d2, d3), <1x1>, memref<512x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_batch16_training = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 16384 + d1 * 16384 + d2, d3), <1x1>, memref<512x4x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#weight_batch32_training_no_bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 3 + d2, d3), <1x1>, memref<24576x3xf32, #system_memory>>
#weight_batch32_training_no_bias_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 576 + d1 * 576 + d2, d3), <1x1>, memref<18x4x!ttcore.tile<32x32, f32>, #dram>, <interleaved>>
#input_batch32_training_no_bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32768 + d1 * 32768 + d2, d3), <1x1>, memref<1024x2x!ttcore.tile<32x32, f32>, #dram>, <interleaved>>
#output_batch32_training_no_bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32768 + d1 * 32768 + d2, d3), <1x1>, memref<1024x4x!ttcore.tile<32x32, f32>, #dram>, <interleaved>>
module {
  func.func private @batch16_training_const_eval_0(%arg0: tensor<128x64x3x3xbf16, #weight_batch16_training>, %arg1: tensor<1x1x1x128xbf16, #bias_batch16_training>) -> (tensor<1x1x576x128xbf16, #weight_batch16_training_prepared>, tensor<1x1x1x128xbf16, #bias_batch16_training_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 16 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       has_bias = true,
       in_channels = 64 : i32,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 128 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<128x64x3x3xbf16, #weight_batch16_training>, !ttnn.device) -> tensor<1x1x576x128xbf16, #weight_batch16_training_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       batch_size = 16 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       in_channels = 64 : i32,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 128 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1x128xbf16, #bias_batch16_training>, !ttnn.device) -> tensor<1x1x1x128xbf16, #bias_batch16_training_prepared>
    return %1, %2 : tensor<1x1x576x128xbf16, #weight_batch16_training_prepared>, tensor<1x1x1x128xbf16, #bias_batch16_training_prepared>
  }
  func.func @batch16_training(%arg0: tensor<1x1x16384x64xbf16, #input_batch16_training> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<128x64x3x3xbf16, #weight_batch16_training> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x128xbf16, #bias_batch16_training> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x16384x128xbf16, #output_batch16_training> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@batch16_training_const_eval_0, [%arg1, %arg2]) : (tensor<128x64x3x3xbf16, #weight_batch16_training>, tensor<1x1x1x128xbf16, #bias_batch16_training>) -> (tensor<1x1x576x128xbf16, #weight_batch16_training_prepared>, tensor<1x1x1x128xbf16, #bias_batch16_training_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 64 : i32,
       out_channels = 128 : i32,
       batch_size = 16 : i32,
       input_height = 32 : i32,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 1, 1>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x16384x64xbf16, #input_batch16_training>, tensor<1x1x576x128xbf16, #weight_batch16_training_prepared>, tensor<1x1x1x128xbf16, #bias_batch16_training_prepared>, !ttnn.device) -> tensor<1x1x16384x128xbf16, #output_batch16_training>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x16384x64xbf16, #input_batch16_training>) -> ()
    return %2 : tensor<1x1x16384x128xbf16, #output_batch16_training>
  }
  func.func private @batch32_training_no_bias_const_eval_0(%arg0: tensor<128x64x3x3xf32, #weight_batch32_training_no_bias>) -> tensor<1x1x576x128xf32, #weight_batch32_training_no_bias_prepared> attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 32 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       has_bias = false,
       in_channels = 64 : i32,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 128 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<f32>,
       output_dtype = #ttcore.supportedDataTypes<f32>
    }> : (tensor<128x64x3x3xf32, #weight_batch32_training_no_bias>, !ttnn.device) -> tensor<1x1x576x128xf32, #weight_batch32_training_no_bias_prepared>
    return %1 : tensor<1x1x576x128xf32, #weight_batch32_training_no_bias_prepared>
  }
  func.func @batch32_training_no_bias(%arg0: tensor<1x1x32768x64xf32, #input_batch32_training_no_bias> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<128x64x3x3xf32, #weight_batch32_training_no_bias> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x32768x128xf32, #output_batch32_training_no_bias> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = ttcore.load_cached(@batch32_training_no_bias_const_eval_0, [%arg1]) : (tensor<128x64x3x3xf32, #weight_batch32_training_no_bias>) -> tensor<1x1x576x128xf32, #weight_batch32_training_no_bias_prepared>
    %2 = "ttnn.conv2d"(%arg0, %1, %0) <{
       in_channels = 64 : i32,
       out_channels = 128 : i32,
       batch_size = 32 : i32,
       input_height = 32 : i32,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 1, 1>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       dtype = #ttcore.supportedDataTypes<f32>
    }> : (tensor<1x1x32768x64xf32, #input_batch32_training_no_bias>, tensor<1x1x576x128xf32, #weight_batch32_training_no_bias_prepared>, !ttnn.device) -> tensor<1x1x32768x128xf32, #output_batch32_training_no_bias>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x32768x64xf32, #input_batch32_training_no_bias>) -> ()
    return %2 : tensor<1x1x32768x128xf32, #output_batch32_training_no_bias>
  }
}

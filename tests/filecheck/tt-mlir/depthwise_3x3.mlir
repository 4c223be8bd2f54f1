// Depthwise 3x3 convs (MobileNet / EfficientNet): stride 1 at 112x112 and stride 2 at
// 56x56, groups = channels.
//
// Expected: a 2D depthwise conv is expanded to a dense block-diagonal weight
// (docs/semantics.md §3.6.5, TT-NN 0.81.1 has no face-packed 2D depthwise layout), then
// HEIGHT: act_block_w = round_up(C·3, 32) → 192·3 = 576 rows for 64 channels, 384·3 = 1152
// rows for 128; columns 64 (sub-block 2 with 7-tile activation blocks) and 128 (sub-block 4
// with 1-tile blocks).
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry depthwise_3x3_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-DEPTHWISE_3X3_CONST_EVAL_0
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry depthwise_3x3_s2_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-DEPTHWISE_3X3_S2_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @depthwise_3x3_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @depthwise_3x3(
// PARSE:         ttcore.load_cached(@depthwise_3x3_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @depthwise_3x3_const_eval_0(%arg0: tensor<64x1x3x3xbf16>, %arg1: tensor<1x1x1x64xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<64x1x3x3xbf16> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x64xbf16> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// IMPORT-LABEL: func.func @depthwise_3x3(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @depthwise_3x3_const_eval_0(%arg0: memref<64x1x3x3xbf16> {ttnn.tensor = tensor<64x1x3x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @depthwise_3x3(
// LOWER:          "ttnn.conv2d"(
// RUN-DEPTHWISE_3X3_CONST_EVAL_0:      result0: tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// RUN-DEPTHWISE_3X3_CONST_EVAL_0-NEXT:   logical [1, 1, 576, 64], physical [1, 1, 576, 64], bf16, tile, 36 tiles, 73728 bytes
// RUN-DEPTHWISE_3X3_CONST_EVAL_0:      result1: tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// RUN-DEPTHWISE_3X3_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 64], physical [1, 1, 32, 64], bf16, tile, 2 tiles, 4096 bytes
// EXPORT-LABEL: func.func private @depthwise_3x3_const_eval_0(%arg0: tensor<64x1x3x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<192x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x576x64xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<18x2x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x64xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x2x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @depthwise_3x3(
// EXPORT:         "ttnn.conv2d"(

// PARSE-LABEL: func.func private @depthwise_3x3_s2_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @depthwise_3x3_s2(
// PARSE:         ttcore.load_cached(@depthwise_3x3_s2_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @depthwise_3x3_s2_const_eval_0(%arg0: tensor<128x1x3x3xbf16>, %arg1: tensor<1x1x1x128xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<128x1x3x3xbf16> -> tensor<1x1x1152x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x1152x128>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x128xbf16> -> tensor<1x1x1x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
// IMPORT-LABEL: func.func @depthwise_3x3_s2(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @depthwise_3x3_s2_const_eval_0(%arg0: memref<128x1x3x3xbf16> {ttnn.tensor = tensor<128x1x3x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @depthwise_3x3_s2(
// LOWER:          "ttnn.conv2d"(
// RUN-DEPTHWISE_3X3_S2_CONST_EVAL_0:      result0: tensor<1x1x1152x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x1152x128>>
// RUN-DEPTHWISE_3X3_S2_CONST_EVAL_0-NEXT:   logical [1, 1, 1152, 128], physical [1, 1, 1152, 128], bf16, tile, 144 tiles, 294912 bytes
// RUN-DEPTHWISE_3X3_S2_CONST_EVAL_0:      result1: tensor<1x1x1x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
// RUN-DEPTHWISE_3X3_S2_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 128], physical [1, 1, 32, 128], bf16, tile, 4 tiles, 8192 bytes
// EXPORT-LABEL: func.func private @depthwise_3x3_s2_const_eval_0(%arg0: tensor<128x1x3x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<384x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x1152x128xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<36x4x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x128xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x4x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @depthwise_3x3_s2(
// EXPORT:         "ttnn.conv2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#weight_depthwise_3x3 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 3 + d1 * 3 + d2, d3), <1x1>, memref<192x3xbf16, #system_memory>>
#weight_depthwise_3x3_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 576 + d1 * 576 + d2, d3), <1x1>, memref<18x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_depthwise_3x3 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x64xbf16, #system_memory>>
#bias_depthwise_3x3_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_depthwise_3x3 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 12544 + d1 * 12544 + d2, d3), <1x1>, memref<392x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_depthwise_3x3 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 12544 + d1 * 12544 + d2, d3), <1x1>, memref<392x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#weight_depthwise_3x3_s2 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 3 + d1 * 3 + d2, d3), <1x1>, memref<384x3xbf16, #system_memory>>
#weight_depthwise_3x3_s2_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1152 + d1 * 1152 + d2, d3), <1x1>, memref<36x4x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_depthwise_3x3_s2 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x128xbf16, #system_memory>>
#bias_depthwise_3x3_s2_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x4x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_depthwise_3x3_s2 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 3136 + d1 * 3136 + d2, d3), <1x1>, memref<98x4x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_depthwise_3x3_s2 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 800 + d1 * 800 + d2, d3), <1x1>, memref<25x4x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
module {
  func.func private @depthwise_3x3_const_eval_0(%arg0: tensor<64x1x3x3xbf16, #weight_depthwise_3x3>, %arg1: tensor<1x1x1x64xbf16, #bias_depthwise_3x3>) -> (tensor<1x1x576x64xbf16, #weight_depthwise_3x3_prepared>, tensor<1x1x1x64xbf16, #bias_depthwise_3x3_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 64 : i32,
       has_bias = true,
       in_channels = 64 : i32,
       input_height = 112 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 112 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 64 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<64x1x3x3xbf16, #weight_depthwise_3x3>, !ttnn.device) -> tensor<1x1x576x64xbf16, #weight_depthwise_3x3_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 64 : i32,
       in_channels = 64 : i32,
       input_height = 112 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 112 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 64 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1x64xbf16, #bias_depthwise_3x3>, !ttnn.device) -> tensor<1x1x1x64xbf16, #bias_depthwise_3x3_prepared>
    return %1, %2 : tensor<1x1x576x64xbf16, #weight_depthwise_3x3_prepared>, tensor<1x1x1x64xbf16, #bias_depthwise_3x3_prepared>
  }
  func.func @depthwise_3x3(%arg0: tensor<1x1x12544x64xbf16, #input_depthwise_3x3> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<64x1x3x3xbf16, #weight_depthwise_3x3> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x64xbf16, #bias_depthwise_3x3> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x12544x64xbf16, #output_depthwise_3x3> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@depthwise_3x3_const_eval_0, [%arg1, %arg2]) : (tensor<64x1x3x3xbf16, #weight_depthwise_3x3>, tensor<1x1x1x64xbf16, #bias_depthwise_3x3>) -> (tensor<1x1x576x64xbf16, #weight_depthwise_3x3_prepared>, tensor<1x1x1x64xbf16, #bias_depthwise_3x3_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 64 : i32,
       out_channels = 64 : i32,
       batch_size = 1 : i32,
       input_height = 112 : i32,
       input_width = 112 : i32,
       kernel_size = array<i32: 3, 3>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 1, 1>,
       dilation = array<i32: 1, 1>,
       groups = 64 : i32,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x12544x64xbf16, #input_depthwise_3x3>, tensor<1x1x576x64xbf16, #weight_depthwise_3x3_prepared>, tensor<1x1x1x64xbf16, #bias_depthwise_3x3_prepared>, !ttnn.device) -> tensor<1x1x12544x64xbf16, #output_depthwise_3x3>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x12544x64xbf16, #input_depthwise_3x3>) -> ()
    return %2 : tensor<1x1x12544x64xbf16, #output_depthwise_3x3>
  }
  func.func private @depthwise_3x3_s2_const_eval_0(%arg0: tensor<128x1x3x3xbf16, #weight_depthwise_3x3_s2>, %arg1: tensor<1x1x1x128xbf16, #bias_depthwise_3x3_s2>) -> (tensor<1x1x1152x128xbf16, #weight_depthwise_3x3_s2_prepared>, tensor<1x1x1x128xbf16, #bias_depthwise_3x3_s2_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 128 : i32,
       has_bias = true,
       in_channels = 128 : i32,
       input_height = 56 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 56 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 128 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 2, 2>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<128x1x3x3xbf16, #weight_depthwise_3x3_s2>, !ttnn.device) -> tensor<1x1x1152x128xbf16, #weight_depthwise_3x3_s2_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 128 : i32,
       in_channels = 128 : i32,
       input_height = 56 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 56 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 128 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 2, 2>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1x128xbf16, #bias_depthwise_3x3_s2>, !ttnn.device) -> tensor<1x1x1x128xbf16, #bias_depthwise_3x3_s2_prepared>
    return %1, %2 : tensor<1x1x1152x128xbf16, #weight_depthwise_3x3_s2_prepared>, tensor<1x1x1x128xbf16, #bias_depthwise_3x3_s2_prepared>
  }
  func.func @depthwise_3x3_s2(%arg0: tensor<1x1x3136x128xbf16, #input_depthwise_3x3_s2> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<128x1x3x3xbf16, #weight_depthwise_3x3_s2> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x128xbf16, #bias_depthwise_3x3_s2> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x784x128xbf16, #output_depthwise_3x3_s2> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@depthwise_3x3_s2_const_eval_0, [%arg1, %arg2]) : (tensor<128x1x3x3xbf16, #weight_depthwise_3x3_s2>, tensor<1x1x1x128xbf16, #bias_depthwise_3x3_s2>) -> (tensor<1x1x1152x128xbf16, #weight_depthwise_3x3_s2_prepared>, tensor<1x1x1x128xbf16, #bias_depthwise_3x3_s2_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 128 : i32,
       out_channels = 128 : i32,
       batch_size = 1 : i32,
       input_height = 56 : i32,
       input_width = 56 : i32,
       kernel_size = array<i32: 3, 3>,
       stride = array<i32: 2, 2>,
       padding = array<i32: 1, 1>,
       dilation = array<i32: 1, 1>,
       groups = 128 : i32,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x3136x128xbf16, #input_depthwise_3x3_s2>, tensor<1x1x1152x128xbf16, #weight_depthwise_3x3_s2_prepared>, tensor<1x1x1x128xbf16, #bias_depthwise_3x3_s2_prepared>, !ttnn.device) -> tensor<1x1x784x128xbf16, #output_depthwise_3x3_s2>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x3136x128xbf16, #input_depthwise_3x3_s2>) -> ()
    return %2 : tensor<1x1x784x128xbf16, #output_depthwise_3x3_s2>
  }
}

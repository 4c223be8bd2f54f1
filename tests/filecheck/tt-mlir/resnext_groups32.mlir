// A ResNeXt grouped conv: 256 channels in 32 groups of 8, 3x3 at 14x14.
//
// Expected: the grouped weight [256, 8, 3, 3] becomes block-diagonal [256, 256, 3, 3]
// (docs/semantics.md §3.6.5); HEIGHT: act_block_w = round_up(256·3, 32) = 768 → 2304 rows;
// 8 output tiles with 1-tile activation blocks → sub-block 8 → 256 columns.
// Logical = physical = [1, 1, 2304, 256].
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry resnext_groups32_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-RESNEXT_GROUPS32_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @resnext_groups32_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @resnext_groups32(
// PARSE:         ttcore.load_cached(@resnext_groups32_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @resnext_groups32_const_eval_0(%arg0: tensor<256x8x3x3xbf16>, %arg1: tensor<1x1x1x256xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<256x8x3x3xbf16> -> tensor<1x1x2304x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x2304x256>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x256xbf16> -> tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
// IMPORT-LABEL: func.func @resnext_groups32(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @resnext_groups32_const_eval_0(%arg0: memref<256x8x3x3xbf16> {ttnn.tensor = tensor<256x8x3x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @resnext_groups32(
// LOWER:          "ttnn.conv2d"(
// RUN-RESNEXT_GROUPS32_CONST_EVAL_0:      result0: tensor<1x1x2304x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x2304x256>>
// RUN-RESNEXT_GROUPS32_CONST_EVAL_0-NEXT:   logical [1, 1, 2304, 256], physical [1, 1, 2304, 256], bf16, tile, 576 tiles, 1179648 bytes
// RUN-RESNEXT_GROUPS32_CONST_EVAL_0:      result1: tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
// RUN-RESNEXT_GROUPS32_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 256], physical [1, 1, 32, 256], bf16, tile, 8 tiles, 16384 bytes
// EXPORT-LABEL: func.func private @resnext_groups32_const_eval_0(%arg0: tensor<256x8x3x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<6144x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x2304x256xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<72x8x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x256xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x8x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @resnext_groups32(
// EXPORT:         "ttnn.conv2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#weight_resnext_groups32 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 24 + d1 * 3 + d2, d3), <1x1>, memref<6144x3xbf16, #system_memory>>
#weight_resnext_groups32_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 2304 + d1 * 2304 + d2, d3), <1x1>, memref<72x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_resnext_groups32 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x256xbf16, #system_memory>>
#bias_resnext_groups32_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_resnext_groups32 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 224 + d1 * 224 + d2, d3), <1x1>, memref<7x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_resnext_groups32 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 224 + d1 * 224 + d2, d3), <1x1>, memref<7x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
module {
  func.func private @resnext_groups32_const_eval_0(%arg0: tensor<256x8x3x3xbf16, #weight_resnext_groups32>, %arg1: tensor<1x1x1x256xbf16, #bias_resnext_groups32>) -> (tensor<1x1x2304x256xbf16, #weight_resnext_groups32_prepared>, tensor<1x1x1x256xbf16, #bias_resnext_groups32_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 32 : i32,
       has_bias = true,
       in_channels = 256 : i32,
       input_height = 14 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 14 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 256 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<256x8x3x3xbf16, #weight_resnext_groups32>, !ttnn.device) -> tensor<1x1x2304x256xbf16, #weight_resnext_groups32_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 32 : i32,
       in_channels = 256 : i32,
       input_height = 14 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 14 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 256 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1x256xbf16, #bias_resnext_groups32>, !ttnn.device) -> tensor<1x1x1x256xbf16, #bias_resnext_groups32_prepared>
    return %1, %2 : tensor<1x1x2304x256xbf16, #weight_resnext_groups32_prepared>, tensor<1x1x1x256xbf16, #bias_resnext_groups32_prepared>
  }
  func.func @resnext_groups32(%arg0: tensor<1x1x196x256xbf16, #input_resnext_groups32> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<256x8x3x3xbf16, #weight_resnext_groups32> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x256xbf16, #bias_resnext_groups32> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x196x256xbf16, #output_resnext_groups32> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@resnext_groups32_const_eval_0, [%arg1, %arg2]) : (tensor<256x8x3x3xbf16, #weight_resnext_groups32>, tensor<1x1x1x256xbf16, #bias_resnext_groups32>) -> (tensor<1x1x2304x256xbf16, #weight_resnext_groups32_prepared>, tensor<1x1x1x256xbf16, #bias_resnext_groups32_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 256 : i32,
       out_channels = 256 : i32,
       batch_size = 1 : i32,
       input_height = 14 : i32,
       input_width = 14 : i32,
       kernel_size = array<i32: 3, 3>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 1, 1>,
       dilation = array<i32: 1, 1>,
       groups = 32 : i32,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x196x256xbf16, #input_resnext_groups32>, tensor<1x1x2304x256xbf16, #weight_resnext_groups32_prepared>, tensor<1x1x1x256xbf16, #bias_resnext_groups32_prepared>, !ttnn.device) -> tensor<1x1x196x256xbf16, #output_resnext_groups32>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x196x256xbf16, #input_resnext_groups32>) -> ()
    return %2 : tensor<1x1x196x256xbf16, #output_resnext_groups32>
  }
}

// ResNet's most common conv, 3x3 stride 1 and no bias (a BatchNorm follows), here on an
// input height-sharded in L1 over 7x7 cores, written with tt-mlir's positional shard spec.
//
// Expected: the input is sharded in L1 and reshard_if_not_optimal is not set (false, TT-NN's
// default), so it keeps HEIGHT sharding and its spec's channel split (docs/semantics.md
// §3.3a): 1 channel core; the NHW split over the device grid is 49 cores.
// TILE input → channels aligned to 32; act_block_w = round_up(64·3, 32) = 192 → 192·3 =
// 576 rows; Cout 128 = 4 tiles, act_block_h = 3136/49/32 = 2 tiles → sub-block (2, 4) →
// 128 columns. Physical = logical = [1, 1, 576, 128].
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry resnet_3x3_no_bias_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-RESNET_3X3_NO_BIAS_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @resnet_3x3_no_bias_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @resnet_3x3_no_bias(
// PARSE:         ttcore.load_cached(@resnet_3x3_no_bias_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @resnet_3x3_no_bias_const_eval_0(%arg0: tensor<128x64x3x3xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<128x64x3x3xbf16> -> tensor<1x1x576x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x128>>
// IMPORT-LABEL: func.func @resnet_3x3_no_bias(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @resnet_3x3_no_bias_const_eval_0(%arg0: memref<128x64x3x3xbf16> {ttnn.tensor = tensor<128x64x3x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @resnet_3x3_no_bias(
// LOWER:          "ttnn.conv2d"(
// RUN-RESNET_3X3_NO_BIAS_CONST_EVAL_0:      result0: tensor<1x1x576x128xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x128>>
// RUN-RESNET_3X3_NO_BIAS_CONST_EVAL_0-NEXT:   logical [1, 1, 576, 128], physical [1, 1, 576, 128], bf16, tile, 72 tiles, 147456 bytes
// EXPORT-LABEL: func.func private @resnet_3x3_no_bias_const_eval_0(%arg0: tensor<128x64x3x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<24576x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x576x128xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<18x4x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @resnet_3x3_no_bias(
// EXPORT:         "ttnn.conv2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#l1 = #ttnn.buffer_type<l1>
#weight_resnet_3x3_no_bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 3 + d2, d3), <1x1>, memref<24576x3xbf16, #system_memory>>
#weight_resnet_3x3_no_bias_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 576 + d1 * 576 + d2, d3), <1x1>, memref<18x4x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_resnet_3x3_no_bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 3136 + d1 * 3136 + d2, d3), <7x7>, memref<2x2x!ttcore.tile<32x32, bf16>, #l1>, <height_sharded>, core_ranges = <[#ttnn.core_range<(0,0), (6,6)>]>>
#output_resnet_3x3_no_bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 3136 + d1 * 3136 + d2, d3), <1x1>, memref<98x4x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
module {
  func.func private @resnet_3x3_no_bias_const_eval_0(%arg0: tensor<128x64x3x3xbf16, #weight_resnet_3x3_no_bias>) -> tensor<1x1x576x128xbf16, #weight_resnet_3x3_no_bias_prepared> attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       has_bias = false,
       in_channels = 64 : i32,
       input_height = 56 : i32,
       input_memory_config = #ttnn.memory_config<#l1, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (6,6)>]>, <64x64>, <row_major>>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 56 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 128 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<128x64x3x3xbf16, #weight_resnet_3x3_no_bias>, !ttnn.device) -> tensor<1x1x576x128xbf16, #weight_resnet_3x3_no_bias_prepared>
    return %1 : tensor<1x1x576x128xbf16, #weight_resnet_3x3_no_bias_prepared>
  }
  func.func @resnet_3x3_no_bias(%arg0: tensor<1x1x3136x64xbf16, #input_resnet_3x3_no_bias> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<128x64x3x3xbf16, #weight_resnet_3x3_no_bias> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x3136x128xbf16, #output_resnet_3x3_no_bias> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = ttcore.load_cached(@resnet_3x3_no_bias_const_eval_0, [%arg1]) : (tensor<128x64x3x3xbf16, #weight_resnet_3x3_no_bias>) -> tensor<1x1x576x128xbf16, #weight_resnet_3x3_no_bias_prepared>
    %2 = "ttnn.conv2d"(%arg0, %1, %0) <{
       in_channels = 64 : i32,
       out_channels = 128 : i32,
       batch_size = 1 : i32,
       input_height = 56 : i32,
       input_width = 56 : i32,
       kernel_size = array<i32: 3, 3>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 1, 1>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x3136x64xbf16, #input_resnet_3x3_no_bias>, tensor<1x1x576x128xbf16, #weight_resnet_3x3_no_bias_prepared>, !ttnn.device) -> tensor<1x1x3136x128xbf16, #output_resnet_3x3_no_bias>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x3136x64xbf16, #input_resnet_3x3_no_bias>) -> ()
    return %2 : tensor<1x1x3136x128xbf16, #output_resnet_3x3_no_bias>
  }
}

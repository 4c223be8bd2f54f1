// DeepLab ASPP atrous convs: 3x3 with dilation 6 and 12 (padding equal to the dilation) on
// a 32x32 input with 256 channels. The first asks for block sharding (and sets core_grid and
// reshard_if_not_optimal, which do not change a prepared weight on an interleaved input).
//
// Expected: OH = OW = 32 for both. BLOCK (docs/semantics.md §3.3 step 7): 8 channel cores
// each way on the 8x8 grid, 32 input channels per core: BHP = round_up(32·3, 32)·3 = 288 =
// 32·9, so rows = 256·9 = 2304, cols 256. HEIGHT (dilation 12): act_block_w = 768 → 2304
// rows, 256 columns. Both [1, 1, 2304, 256]; biases [1, 1, 32, 256].
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry aspp_dilation6_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-ASPP_DILATION6_CONST_EVAL_0
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry aspp_dilation12_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-ASPP_DILATION12_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @aspp_dilation6_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @aspp_dilation6(
// PARSE:         ttcore.load_cached(@aspp_dilation6_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @aspp_dilation6_const_eval_0(%arg0: tensor<256x256x3x3xbf16>, %arg1: tensor<1x1x1x256xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<256x256x3x3xbf16> -> tensor<1x1x2304x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x2304x256>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x256xbf16> -> tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
// IMPORT-LABEL: func.func @aspp_dilation6(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @aspp_dilation6_const_eval_0(%arg0: memref<256x256x3x3xbf16> {ttnn.tensor = tensor<256x256x3x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          func.call @conv_weights_block_sharded_layout_0(%arg0)
// LOWER:          func.call @conv_bias_layout_0(%arg1)
// LOWER-LABEL:  func.func @aspp_dilation6(
// LOWER:          "ttnn.conv2d"(
// RUN-ASPP_DILATION6_CONST_EVAL_0:      result0: tensor<1x1x2304x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x2304x256>>
// RUN-ASPP_DILATION6_CONST_EVAL_0-NEXT:   logical [1, 1, 2304, 256], physical [1, 1, 2304, 256], bf16, tile, 576 tiles, 1179648 bytes
// RUN-ASPP_DILATION6_CONST_EVAL_0:      result1: tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
// RUN-ASPP_DILATION6_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 256], physical [1, 1, 32, 256], bf16, tile, 8 tiles, 16384 bytes
// EXPORT-LABEL: func.func private @aspp_dilation6_const_eval_0(%arg0: tensor<256x256x3x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<196608x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x2304x256xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<72x8x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x256xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x8x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @aspp_dilation6(
// EXPORT:         "ttnn.conv2d"(

// PARSE-LABEL: func.func private @aspp_dilation12_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @aspp_dilation12(
// PARSE:         ttcore.load_cached(@aspp_dilation12_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @aspp_dilation12_const_eval_0(%arg0: tensor<256x256x3x3xbf16>, %arg1: tensor<1x1x1x256xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<256x256x3x3xbf16> -> tensor<1x1x2304x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x2304x256>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x256xbf16> -> tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
// IMPORT-LABEL: func.func @aspp_dilation12(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @aspp_dilation12_const_eval_0(%arg0: memref<256x256x3x3xbf16> {ttnn.tensor = tensor<256x256x3x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          func.call @conv_weights_block_sharded_layout_0(%arg0)
// LOWER:          func.call @conv_bias_layout_0(%arg1)
// LOWER-LABEL:  func.func @aspp_dilation12(
// LOWER:          "ttnn.conv2d"(
// The two dilations prepare their weights and biases alike: each layout is lowered once.
// LOWER-LABEL:  func.func private @conv_weights_block_sharded_layout_0(
// LOWER-SAME:     attributes {ttnn.outlined}
// LOWER:          scf.for
// LOWER-LABEL:  func.func private @conv_bias_layout_0(
// LOWER-SAME:     attributes {ttnn.outlined}
// LOWER:          scf.for
// RUN-ASPP_DILATION12_CONST_EVAL_0:      result0: tensor<1x1x2304x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x2304x256>>
// RUN-ASPP_DILATION12_CONST_EVAL_0-NEXT:   logical [1, 1, 2304, 256], physical [1, 1, 2304, 256], bf16, tile, 576 tiles, 1179648 bytes
// RUN-ASPP_DILATION12_CONST_EVAL_0:      result1: tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
// RUN-ASPP_DILATION12_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 256], physical [1, 1, 32, 256], bf16, tile, 8 tiles, 16384 bytes
// EXPORT-LABEL: func.func private @aspp_dilation12_const_eval_0(%arg0: tensor<256x256x3x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<196608x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x2304x256xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<72x8x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x256xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x8x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @aspp_dilation12(
// EXPORT:         "ttnn.conv2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#weight_aspp_dilation6 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 768 + d1 * 3 + d2, d3), <1x1>, memref<196608x3xbf16, #system_memory>>
#weight_aspp_dilation6_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 2304 + d1 * 2304 + d2, d3), <1x1>, memref<72x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_aspp_dilation6 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x256xbf16, #system_memory>>
#bias_aspp_dilation6_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_aspp_dilation6 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2, d3), <1x1>, memref<32x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_aspp_dilation6 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2, d3), <1x1>, memref<32x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#weight_aspp_dilation12 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 768 + d1 * 3 + d2, d3), <1x1>, memref<196608x3xbf16, #system_memory>>
#weight_aspp_dilation12_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 2304 + d1 * 2304 + d2, d3), <1x1>, memref<72x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_aspp_dilation12 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x256xbf16, #system_memory>>
#bias_aspp_dilation12_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_aspp_dilation12 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2, d3), <1x1>, memref<32x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_aspp_dilation12 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2, d3), <1x1>, memref<32x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, core_grid = #ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,7)>]>, override_sharding_config = false, reshard_if_not_optimal = true>
module {
  func.func private @aspp_dilation6_const_eval_0(%arg0: tensor<256x256x3x3xbf16, #weight_aspp_dilation6>, %arg1: tensor<1x1x1x256xbf16, #bias_aspp_dilation6>) -> (tensor<1x1x2304x256xbf16, #weight_aspp_dilation6_prepared>, tensor<1x1x1x256xbf16, #bias_aspp_dilation6_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 6, 6>,
       groups = 1 : i32,
       has_bias = true,
       in_channels = 256 : i32,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 256 : i32,
       padding = array<i32: 6, 6>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>,
       conv2d_config = #conv2d_config
    }> : (tensor<256x256x3x3xbf16, #weight_aspp_dilation6>, !ttnn.device) -> tensor<1x1x2304x256xbf16, #weight_aspp_dilation6_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 6, 6>,
       groups = 1 : i32,
       in_channels = 256 : i32,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 256 : i32,
       padding = array<i32: 6, 6>,
       stride = array<i32: 1, 1>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>,
       conv2d_config = #conv2d_config
    }> : (tensor<1x1x1x256xbf16, #bias_aspp_dilation6>, !ttnn.device) -> tensor<1x1x1x256xbf16, #bias_aspp_dilation6_prepared>
    return %1, %2 : tensor<1x1x2304x256xbf16, #weight_aspp_dilation6_prepared>, tensor<1x1x1x256xbf16, #bias_aspp_dilation6_prepared>
  }
  func.func @aspp_dilation6(%arg0: tensor<1x1x1024x256xbf16, #input_aspp_dilation6> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<256x256x3x3xbf16, #weight_aspp_dilation6> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x256xbf16, #bias_aspp_dilation6> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x1024x256xbf16, #output_aspp_dilation6> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@aspp_dilation6_const_eval_0, [%arg1, %arg2]) : (tensor<256x256x3x3xbf16, #weight_aspp_dilation6>, tensor<1x1x1x256xbf16, #bias_aspp_dilation6>) -> (tensor<1x1x2304x256xbf16, #weight_aspp_dilation6_prepared>, tensor<1x1x1x256xbf16, #bias_aspp_dilation6_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 256 : i32,
       out_channels = 256 : i32,
       batch_size = 1 : i32,
       input_height = 32 : i32,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 6, 6>,
       dilation = array<i32: 6, 6>,
       groups = 1 : i32,
       conv2d_config = #conv2d_config,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1024x256xbf16, #input_aspp_dilation6>, tensor<1x1x2304x256xbf16, #weight_aspp_dilation6_prepared>, tensor<1x1x1x256xbf16, #bias_aspp_dilation6_prepared>, !ttnn.device) -> tensor<1x1x1024x256xbf16, #output_aspp_dilation6>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x1024x256xbf16, #input_aspp_dilation6>) -> ()
    return %2 : tensor<1x1x1024x256xbf16, #output_aspp_dilation6>
  }
  func.func private @aspp_dilation12_const_eval_0(%arg0: tensor<256x256x3x3xbf16, #weight_aspp_dilation12>, %arg1: tensor<1x1x1x256xbf16, #bias_aspp_dilation12>) -> (tensor<1x1x2304x256xbf16, #weight_aspp_dilation12_prepared>, tensor<1x1x1x256xbf16, #bias_aspp_dilation12_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 12, 12>,
       groups = 1 : i32,
       has_bias = true,
       in_channels = 256 : i32,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 256 : i32,
       padding = array<i32: 12, 12>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<256x256x3x3xbf16, #weight_aspp_dilation12>, !ttnn.device) -> tensor<1x1x2304x256xbf16, #weight_aspp_dilation12_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       batch_size = 1 : i32,
       dilation = array<i32: 12, 12>,
       groups = 1 : i32,
       in_channels = 256 : i32,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 256 : i32,
       padding = array<i32: 12, 12>,
       stride = array<i32: 1, 1>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1x256xbf16, #bias_aspp_dilation12>, !ttnn.device) -> tensor<1x1x1x256xbf16, #bias_aspp_dilation12_prepared>
    return %1, %2 : tensor<1x1x2304x256xbf16, #weight_aspp_dilation12_prepared>, tensor<1x1x1x256xbf16, #bias_aspp_dilation12_prepared>
  }
  func.func @aspp_dilation12(%arg0: tensor<1x1x1024x256xbf16, #input_aspp_dilation12> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<256x256x3x3xbf16, #weight_aspp_dilation12> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x256xbf16, #bias_aspp_dilation12> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x1024x256xbf16, #output_aspp_dilation12> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@aspp_dilation12_const_eval_0, [%arg1, %arg2]) : (tensor<256x256x3x3xbf16, #weight_aspp_dilation12>, tensor<1x1x1x256xbf16, #bias_aspp_dilation12>) -> (tensor<1x1x2304x256xbf16, #weight_aspp_dilation12_prepared>, tensor<1x1x1x256xbf16, #bias_aspp_dilation12_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 256 : i32,
       out_channels = 256 : i32,
       batch_size = 1 : i32,
       input_height = 32 : i32,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 12, 12>,
       dilation = array<i32: 12, 12>,
       groups = 1 : i32,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1024x256xbf16, #input_aspp_dilation12>, tensor<1x1x2304x256xbf16, #weight_aspp_dilation12_prepared>, tensor<1x1x1x256xbf16, #bias_aspp_dilation12_prepared>, !ttnn.device) -> tensor<1x1x1024x256xbf16, #output_aspp_dilation12>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x1024x256xbf16, #input_aspp_dilation12>) -> ()
    return %2 : tensor<1x1x1024x256xbf16, #output_aspp_dilation12>
  }
}

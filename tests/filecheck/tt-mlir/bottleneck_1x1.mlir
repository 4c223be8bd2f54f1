// ResNet bottleneck 1x1 convs: the 1024→256 reduce at 14x14, and the 512→2048 expand at
// 7x7 with bfloat8_b weights (conv2d_config weights_dtype = bfp_bf8, with every other field
// tt-mlir writes; none changes the prepared weight).
//
// Expected: a 1x1, stride-1, unpadded conv on an interleaved DRAM input runs as a matmul
// (docs/semantics.md §3.3 steps 2 and 4): interleaved MM layout, rows = round_up(Cin, 32),
// cols = round_up(Cout, 32): [1, 1, 1024, 256] and [1, 1, 512, 2048] (bfp8_b: 1088-byte
// tiles). Bias widths: Cout rounded to 32 · sub-block width; 256 = 8 tiles with 1-tile
// activation blocks → width 8 → 256; 2048 = 64 tiles → width 8 → 2048.
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry bottleneck_1x1_reduce_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-BOTTLENECK_1X1_REDUCE_CONST_EVAL_0
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry bottleneck_1x1_expand_2048ch_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-BOTTLENECK_1X1_EXPAND_2048CH_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @bottleneck_1x1_reduce_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @bottleneck_1x1_reduce(
// PARSE:         ttcore.load_cached(@bottleneck_1x1_reduce_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @bottleneck_1x1_reduce_const_eval_0(%arg0: tensor<256x1024x1x1xbf16>, %arg1: tensor<1x1x1x256xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<256x1024x1x1xbf16> -> tensor<1x1x1024x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x1024x256>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x256xbf16> -> tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
// IMPORT-LABEL: func.func @bottleneck_1x1_reduce(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @bottleneck_1x1_reduce_const_eval_0(%arg0: memref<256x1024x1x1xbf16> {ttnn.tensor = tensor<256x1024x1x1xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @bottleneck_1x1_reduce(
// LOWER:          "ttnn.conv2d"(
// RUN-BOTTLENECK_1X1_REDUCE_CONST_EVAL_0:      result0: tensor<1x1x1024x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x1024x256>>
// RUN-BOTTLENECK_1X1_REDUCE_CONST_EVAL_0-NEXT:   logical [1, 1, 1024, 256], physical [1, 1, 1024, 256], bf16, tile, 256 tiles, 524288 bytes
// RUN-BOTTLENECK_1X1_REDUCE_CONST_EVAL_0:      result1: tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
// RUN-BOTTLENECK_1X1_REDUCE_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 256], physical [1, 1, 32, 256], bf16, tile, 8 tiles, 16384 bytes
// EXPORT-LABEL: func.func private @bottleneck_1x1_reduce_const_eval_0(%arg0: tensor<256x1024x1x1xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<262144x1xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x1024x256xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<32x8x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x256xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x8x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @bottleneck_1x1_reduce(
// EXPORT:         "ttnn.conv2d"(

// PARSE-LABEL: func.func private @bottleneck_1x1_expand_2048ch_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @bottleneck_1x1_expand_2048ch(
// PARSE:         ttcore.load_cached(@bottleneck_1x1_expand_2048ch_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @bottleneck_1x1_expand_2048ch_const_eval_0(%arg0: tensor<2048x512x1x1xbf16>, %arg1: tensor<1x1x1x2048xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<2048x512x1x1xbf16> -> tensor<1x1x512x2048x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x512x2048>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x2048xbf16> -> tensor<1x1x1x2048x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x2048>>
// IMPORT-LABEL: func.func @bottleneck_1x1_expand_2048ch(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @bottleneck_1x1_expand_2048ch_const_eval_0(%arg0: memref<2048x512x1x1xbf16> {ttnn.tensor = tensor<2048x512x1x1xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @bottleneck_1x1_expand_2048ch(
// LOWER:          "ttnn.conv2d"(
// RUN-BOTTLENECK_1X1_EXPAND_2048CH_CONST_EVAL_0:      result0: tensor<1x1x512x2048x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x512x2048>>
// RUN-BOTTLENECK_1X1_EXPAND_2048CH_CONST_EVAL_0-NEXT:   logical [1, 1, 512, 2048], physical [1, 1, 512, 2048], bfp8_b, tile, 1024 tiles, 1114112 bytes
// RUN-BOTTLENECK_1X1_EXPAND_2048CH_CONST_EVAL_0:      result1: tensor<1x1x1x2048x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x2048>>
// RUN-BOTTLENECK_1X1_EXPAND_2048CH_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 2048], physical [1, 1, 32, 2048], bfp8_b, tile, 64 tiles, 69632 bytes
// EXPORT-LABEL: func.func private @bottleneck_1x1_expand_2048ch_const_eval_0(%arg0: tensor<2048x512x1x1xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1048576x1xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x512x2048xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<16x64x!ttcore.tile<32x32, bfp_bf8>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x2048xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x64x!ttcore.tile<32x32, bfp_bf8>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @bottleneck_1x1_expand_2048ch(
// EXPORT:         "ttnn.conv2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#weight_bottleneck_1x1_reduce = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 + d2, d3), <1x1>, memref<262144x1xbf16, #system_memory>>
#weight_bottleneck_1x1_reduce_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2, d3), <1x1>, memref<32x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_bottleneck_1x1_reduce = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x256xbf16, #system_memory>>
#bias_bottleneck_1x1_reduce_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_bottleneck_1x1_reduce = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 224 + d1 * 224 + d2, d3), <1x1>, memref<7x32x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_bottleneck_1x1_reduce = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 224 + d1 * 224 + d2, d3), <1x1>, memref<7x8x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#weight_bottleneck_1x1_expand_2048ch = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 512 + d1 + d2, d3), <1x1>, memref<1048576x1xbf16, #system_memory>>
#weight_bottleneck_1x1_expand_2048ch_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 512 + d1 * 512 + d2, d3), <1x1>, memref<16x64x!ttcore.tile<32x32, bfp_bf8>, #dram>, <interleaved>>
#bias_bottleneck_1x1_expand_2048ch = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x2048xbf16, #system_memory>>
#bias_bottleneck_1x1_expand_2048ch_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x64x!ttcore.tile<32x32, bfp_bf8>, #dram>, <interleaved>>
#input_bottleneck_1x1_expand_2048ch = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 64 + d1 * 64 + d2, d3), <1x1>, memref<2x16x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_bottleneck_1x1_expand_2048ch = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 64 + d1 * 64 + d2, d3), <1x1>, memref<2x64x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#conv2d_config = #ttnn.conv2d_config<weights_dtype = bfp_bf8, activation = <op_type = relu>, deallocate_activation = false, reallocate_halo_output = true, act_block_h_override = 0, act_block_w_div = 1, reshard_if_not_optimal = false, override_sharding_config = false, transpose_shards = false, output_layout = tile, enable_act_double_buffer = false, enable_weights_double_buffer = false, enable_kernel_stride_folding = false, config_tensors_in_dram = false>
module {
  func.func private @bottleneck_1x1_reduce_const_eval_0(%arg0: tensor<256x1024x1x1xbf16, #weight_bottleneck_1x1_reduce>, %arg1: tensor<1x1x1x256xbf16, #bias_bottleneck_1x1_reduce>) -> (tensor<1x1x1024x256xbf16, #weight_bottleneck_1x1_reduce_prepared>, tensor<1x1x1x256xbf16, #bias_bottleneck_1x1_reduce_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       has_bias = true,
       in_channels = 1024 : i32,
       input_height = 14 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 14 : i32,
       kernel_size = array<i32: 1, 1>,
       out_channels = 256 : i32,
       padding = array<i32: 0, 0>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<256x1024x1x1xbf16, #weight_bottleneck_1x1_reduce>, !ttnn.device) -> tensor<1x1x1024x256xbf16, #weight_bottleneck_1x1_reduce_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       in_channels = 1024 : i32,
       input_height = 14 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 14 : i32,
       kernel_size = array<i32: 1, 1>,
       out_channels = 256 : i32,
       padding = array<i32: 0, 0>,
       stride = array<i32: 1, 1>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1x256xbf16, #bias_bottleneck_1x1_reduce>, !ttnn.device) -> tensor<1x1x1x256xbf16, #bias_bottleneck_1x1_reduce_prepared>
    return %1, %2 : tensor<1x1x1024x256xbf16, #weight_bottleneck_1x1_reduce_prepared>, tensor<1x1x1x256xbf16, #bias_bottleneck_1x1_reduce_prepared>
  }
  func.func @bottleneck_1x1_reduce(%arg0: tensor<1x1x196x1024xbf16, #input_bottleneck_1x1_reduce> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<256x1024x1x1xbf16, #weight_bottleneck_1x1_reduce> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x256xbf16, #bias_bottleneck_1x1_reduce> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x196x256xbf16, #output_bottleneck_1x1_reduce> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@bottleneck_1x1_reduce_const_eval_0, [%arg1, %arg2]) : (tensor<256x1024x1x1xbf16, #weight_bottleneck_1x1_reduce>, tensor<1x1x1x256xbf16, #bias_bottleneck_1x1_reduce>) -> (tensor<1x1x1024x256xbf16, #weight_bottleneck_1x1_reduce_prepared>, tensor<1x1x1x256xbf16, #bias_bottleneck_1x1_reduce_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 1024 : i32,
       out_channels = 256 : i32,
       batch_size = 1 : i32,
       input_height = 14 : i32,
       input_width = 14 : i32,
       kernel_size = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 0, 0>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x196x1024xbf16, #input_bottleneck_1x1_reduce>, tensor<1x1x1024x256xbf16, #weight_bottleneck_1x1_reduce_prepared>, tensor<1x1x1x256xbf16, #bias_bottleneck_1x1_reduce_prepared>, !ttnn.device) -> tensor<1x1x196x256xbf16, #output_bottleneck_1x1_reduce>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x196x1024xbf16, #input_bottleneck_1x1_reduce>) -> ()
    return %2 : tensor<1x1x196x256xbf16, #output_bottleneck_1x1_reduce>
  }
  func.func private @bottleneck_1x1_expand_2048ch_const_eval_0(%arg0: tensor<2048x512x1x1xbf16, #weight_bottleneck_1x1_expand_2048ch>, %arg1: tensor<1x1x1x2048xbf16, #bias_bottleneck_1x1_expand_2048ch>) -> (tensor<1x1x512x2048xbf16, #weight_bottleneck_1x1_expand_2048ch_prepared>, tensor<1x1x1x2048xbf16, #bias_bottleneck_1x1_expand_2048ch_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       has_bias = true,
       in_channels = 512 : i32,
       input_height = 7 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 7 : i32,
       kernel_size = array<i32: 1, 1>,
       out_channels = 2048 : i32,
       padding = array<i32: 0, 0>,
       stride = array<i32: 1, 1>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>,
       conv2d_config = #conv2d_config
    }> : (tensor<2048x512x1x1xbf16, #weight_bottleneck_1x1_expand_2048ch>, !ttnn.device) -> tensor<1x1x512x2048xbf16, #weight_bottleneck_1x1_expand_2048ch_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       in_channels = 512 : i32,
       input_height = 7 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 7 : i32,
       kernel_size = array<i32: 1, 1>,
       out_channels = 2048 : i32,
       padding = array<i32: 0, 0>,
       stride = array<i32: 1, 1>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>,
       conv2d_config = #conv2d_config
    }> : (tensor<1x1x1x2048xbf16, #bias_bottleneck_1x1_expand_2048ch>, !ttnn.device) -> tensor<1x1x1x2048xbf16, #bias_bottleneck_1x1_expand_2048ch_prepared>
    return %1, %2 : tensor<1x1x512x2048xbf16, #weight_bottleneck_1x1_expand_2048ch_prepared>, tensor<1x1x1x2048xbf16, #bias_bottleneck_1x1_expand_2048ch_prepared>
  }
  func.func @bottleneck_1x1_expand_2048ch(%arg0: tensor<1x1x49x512xbf16, #input_bottleneck_1x1_expand_2048ch> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<2048x512x1x1xbf16, #weight_bottleneck_1x1_expand_2048ch> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x2048xbf16, #bias_bottleneck_1x1_expand_2048ch> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x49x2048xbf16, #output_bottleneck_1x1_expand_2048ch> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@bottleneck_1x1_expand_2048ch_const_eval_0, [%arg1, %arg2]) : (tensor<2048x512x1x1xbf16, #weight_bottleneck_1x1_expand_2048ch>, tensor<1x1x1x2048xbf16, #bias_bottleneck_1x1_expand_2048ch>) -> (tensor<1x1x512x2048xbf16, #weight_bottleneck_1x1_expand_2048ch_prepared>, tensor<1x1x1x2048xbf16, #bias_bottleneck_1x1_expand_2048ch_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 512 : i32,
       out_channels = 2048 : i32,
       batch_size = 1 : i32,
       input_height = 7 : i32,
       input_width = 7 : i32,
       kernel_size = array<i32: 1, 1>,
       stride = array<i32: 1, 1>,
       padding = array<i32: 0, 0>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       conv2d_config = #conv2d_config,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x49x512xbf16, #input_bottleneck_1x1_expand_2048ch>, tensor<1x1x512x2048xbf16, #weight_bottleneck_1x1_expand_2048ch_prepared>, tensor<1x1x1x2048xbf16, #bias_bottleneck_1x1_expand_2048ch_prepared>, !ttnn.device) -> tensor<1x1x49x2048xbf16, #output_bottleneck_1x1_expand_2048ch>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x49x512xbf16, #input_bottleneck_1x1_expand_2048ch>) -> ()
    return %2 : tensor<1x1x49x2048xbf16, #output_bottleneck_1x1_expand_2048ch>
  }
}

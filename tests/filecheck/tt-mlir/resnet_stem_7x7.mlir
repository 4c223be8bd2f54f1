// The ResNet stem in tt-mlir's TTNN IR: a 7x7 stride-2 conv on a 224x224 RGB image, its
// weights and bias prepared in a const-eval function, the conv itself in the forward
// function (passed through untouched). One of tt-mlir's conv test patterns ("Core patterns
// (80% of production usage)"), written in tt-mlir's style.
//
// Expected (docs/semantics.md §3.3): not a 1x1 conv, stride != kernel (no folding) →
// HEIGHT; a row-major input in DRAM aligns channels to 8, so Cin 3 → 8; act_block_w =
// round_up(8·7, 32) = 64 rows per kernel row → 64·7 = 448 rows. OH = OW = 112, N·OH·OW =
// 12544 = 392 tiles over 56 cores → 7 tiles each; Cout 64 = 2 tiles → sub-block width 2 →
// 64 columns. Weight physical [1, 1, 448, 64], logical [1, 1, 3·49 = 147, 64]; bias
// [1, 1, 32, 64]. tt-mlir's result type holds the logical shape: 5x2 tiles.
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry resnet_stem_7x7_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-RESNET_STEM_7X7_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// The tile map is traced through the import, whichever way the file was imported (the same
// map as the native conv1 of examples/resnet50_conv_weights.mlir).
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry resnet_stem_7x7_const_eval_0 --random-inputs 0 --plot-text | filecheck %s --check-prefix=MAP
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-run %t.imported.mlir --entry resnet_stem_7x7_const_eval_0 --random-inputs 0 --plot-text | filecheck %s --check-prefix=MAP
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @resnet_stem_7x7_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @resnet_stem_7x7(
// PARSE:         ttcore.load_cached(@resnet_stem_7x7_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @resnet_stem_7x7_const_eval_0(%arg0: tensor<64x3x7x7xbf16>, %arg1: tensor<1x1x1x64xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<64x3x7x7xbf16> -> tensor<1x1x147x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x448x64>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x64xbf16> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// IMPORT-LABEL: func.func @resnet_stem_7x7(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @resnet_stem_7x7_const_eval_0(%arg0: memref<64x3x7x7xbf16> {ttnn.tensor = tensor<64x3x7x7xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @resnet_stem_7x7(
// LOWER:          "ttnn.conv2d"(
// RUN-RESNET_STEM_7X7_CONST_EVAL_0:      result0: tensor<1x1x147x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x448x64>>
// RUN-RESNET_STEM_7X7_CONST_EVAL_0-NEXT:   logical [1, 1, 147, 64], physical [1, 1, 448, 64], bf16, tile, 28 tiles, 57344 bytes
// RUN-RESNET_STEM_7X7_CONST_EVAL_0:      result1: tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// RUN-RESNET_STEM_7X7_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 64], physical [1, 1, 32, 64], bf16, tile, 2 tiles, 4096 bytes
// MAP:      result0: [1, 1, 448, 64] bf16 tile (logical [1, 1, 147, 64]), 14×2 tiles: 0 data (#), 28 partly padding (+), 0 padding (.)
// MAP-NEXT: ttnn.prepare_conv_weights [64, 3, 7, 7] bf16 → bf16 · input 1×224×224×3 row_major dram interleaved
// MAP:       0  ++  kernel row 0 (rows 0–63)
// MAP:      12  ++  kernel row 6 (rows 384–447)
// EXPORT-LABEL: func.func private @resnet_stem_7x7_const_eval_0(%arg0: tensor<64x3x7x7xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1344x7xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x147x64xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<5x2x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x64xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x2x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @resnet_stem_7x7(
// EXPORT:         "ttnn.conv2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#weight_resnet_stem_7x7 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 21 + d1 * 7 + d2, d3), <1x1>, memref<1344x7xbf16, #system_memory>>
#weight_resnet_stem_7x7_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 160 + d1 * 160 + d2, d3), <1x1>, memref<5x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_resnet_stem_7x7 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x64xbf16, #system_memory>>
#bias_resnet_stem_7x7_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_resnet_stem_7x7 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 50176 + d1 * 50176 + d2, d3), <1x1>, memref<50176x3xbf16, #dram>, <interleaved>>
#output_resnet_stem_7x7 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 12544 + d1 * 12544 + d2, d3), <1x1>, memref<392x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
module {
  func.func private @resnet_stem_7x7_const_eval_0(%arg0: tensor<64x3x7x7xbf16, #weight_resnet_stem_7x7>, %arg1: tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7>) -> (tensor<1x1x147x64xbf16, #weight_resnet_stem_7x7_prepared>, tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       has_bias = true,
       in_channels = 3 : i32,
       input_height = 224 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<row_major>,
       input_width = 224 : i32,
       kernel_size = array<i32: 7, 7>,
       out_channels = 64 : i32,
       padding = array<i32: 3, 3>,
       stride = array<i32: 2, 2>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<64x3x7x7xbf16, #weight_resnet_stem_7x7>, !ttnn.device) -> tensor<1x1x147x64xbf16, #weight_resnet_stem_7x7_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       batch_size = 1 : i32,
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       in_channels = 3 : i32,
       input_height = 224 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<row_major>,
       input_width = 224 : i32,
       kernel_size = array<i32: 7, 7>,
       out_channels = 64 : i32,
       padding = array<i32: 3, 3>,
       stride = array<i32: 2, 2>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7>, !ttnn.device) -> tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7_prepared>
    return %1, %2 : tensor<1x1x147x64xbf16, #weight_resnet_stem_7x7_prepared>, tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7_prepared>
  }
  func.func @resnet_stem_7x7(%arg0: tensor<1x1x50176x3xbf16, #input_resnet_stem_7x7> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<64x3x7x7xbf16, #weight_resnet_stem_7x7> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x12544x64xbf16, #output_resnet_stem_7x7> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@resnet_stem_7x7_const_eval_0, [%arg1, %arg2]) : (tensor<64x3x7x7xbf16, #weight_resnet_stem_7x7>, tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7>) -> (tensor<1x1x147x64xbf16, #weight_resnet_stem_7x7_prepared>, tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 3 : i32,
       out_channels = 64 : i32,
       batch_size = 1 : i32,
       input_height = 224 : i32,
       input_width = 224 : i32,
       kernel_size = array<i32: 7, 7>,
       stride = array<i32: 2, 2>,
       padding = array<i32: 3, 3>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x50176x3xbf16, #input_resnet_stem_7x7>, tensor<1x1x147x64xbf16, #weight_resnet_stem_7x7_prepared>, tensor<1x1x1x64xbf16, #bias_resnet_stem_7x7_prepared>, !ttnn.device) -> tensor<1x1x12544x64xbf16, #output_resnet_stem_7x7>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x50176x3xbf16, #input_resnet_stem_7x7>) -> ()
    return %2 : tensor<1x1x12544x64xbf16, #output_resnet_stem_7x7>
  }
}

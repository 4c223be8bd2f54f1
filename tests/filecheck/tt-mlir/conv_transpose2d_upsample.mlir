// A decoder's transposed conv as tt-mlir's optimizer writes it: TTNNPrepareConv2dWeightsAndBias
// turns `ttnn.conv_transpose2d` into `ttnn.prepare_conv_transpose2d_weights` / `_bias` (weights
// "IOHW", mirror_kernel, output_padding, conv2d_config with weights_dtype = the input's dtype),
// hoisted into a const-eval function. ConvTranspose2d(64, 64, 3, stride=2, padding=1,
// output_padding=1) doubles a 32×32 bf16 feature map in DRAM to 64×64.
//
// Expected (docs/semantics.md §7, TT-NN 0.81.1's answer for this call): the IOHW weight
// [64, 64, 3, 3] is transposed and mirrored and prepared for the equivalent conv2d on the
// 66×66 zero-stuffed input, stride 1, padding 0. On its DRAM input TT-NN hands that conv a
// HEIGHT-sharded input (64 cores; `shard_layout` unset, the project's stand-in for TT-NN's
// choice): act_block_w = round_up(64·3, 32) = 192 → 576 rows. Logical = physical =
// [1, 1, 576, 64]; the bias [1, 1, 32, 64].
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-decompose | filecheck %s --check-prefix=DECOMPOSE
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry conv_transpose2d_upsample_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-CONV_TRANSPOSE2D_UPSAMPLE_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// The conv itself runs once import-tt-mlir-conv2d imports it (its input zero-stuffed to 66×66).
// RUN: ttnn-run %s -p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower --entry conv_transpose2d_upsample --random-inputs 0 --print | filecheck %s --check-prefix=RUN-CONV
// RUN-CONV:      {{\A}}result0: tensor<1x1x4096x64xbf16, #ttnn.tensor_layout<tile>>
// RUN-CONV-NEXT:   logical [1, 1, 4096, 64], physical [1, 1, 4096, 64], bf16, tile, 256 tiles, 524288 bytes
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @conv_transpose2d_upsample_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv_transpose2d_weights"(%arg0, %0)
// PARSE:         "ttnn.prepare_conv_transpose2d_bias"(%arg1, %0)
// PARSE-LABEL: func.func @conv_transpose2d_upsample(
// PARSE:         ttcore.load_cached(@conv_transpose2d_upsample_const_eval_0, [%arg1
// PARSE:         "ttnn.conv_transpose2d"(%arg0, %1, %2, %0)
// IMPORT-LABEL: func.func private @conv_transpose2d_upsample_const_eval_0(%arg0: tensor<64x64x3x3xbf16>, %arg1: tensor<1x1x1x64xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_transpose2d_weights %arg0 {{.*}} weights_format = "IOHW" {{.*}} padding = [1, 1] output_padding = [1, 1] {{.*}} input_dtype = #ttnn.data_type<bf16> output_dtype = #ttnn.data_type<bf16> mirror_kernel = true : tensor<64x64x3x3xbf16> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// IMPORT:         ttnn.prepare_conv_transpose2d_bias %arg1 {{.*}} : tensor<1x1x1x64xbf16> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// IMPORT-LABEL: func.func @conv_transpose2d_upsample(
// IMPORT:         "ttnn.conv_transpose2d"(
// DECOMPOSE:      ttnn.conv_weights_iohw_to_oihw %arg0 groups = 1 : tensor<64x64x3x3xbf16> -> tensor<64x64x3x3xbf16>
// DECOMPOSE-NEXT: ttnn.conv_weights_mirror_kernel
// DECOMPOSE-NEXT: ttnn.conv_weights_special_padding_layout {{.*}} block_h = 6 block_w = 2 {{.*}} ttnn.equivalent_conv2d = {input_height = 66 : i32, input_width = 66 : i32, stride = array<i32: 1, 1>, padding = array<i32: 0, 0, 0, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, output_size = array<i32: 64, 64>, dram_path_input = "height_sharded on 8x8 cores, shards of 32x64, row_major"}
// DECOMPOSE:      ttnn.conv_bias_layout %arg1 width = 64
// LOWER-LABEL:  func.func private @conv_transpose2d_upsample_const_eval_0(%arg0: memref<64x64x3x3xbf16> {ttnn.tensor = tensor<64x64x3x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @conv_transpose2d_upsample(
// LOWER:          "ttnn.conv_transpose2d"(
// RUN-CONV_TRANSPOSE2D_UPSAMPLE_CONST_EVAL_0:      result0: tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
// RUN-CONV_TRANSPOSE2D_UPSAMPLE_CONST_EVAL_0-NEXT:   logical [1, 1, 576, 64], physical [1, 1, 576, 64], bf16, tile, 36 tiles, 73728 bytes
// RUN-CONV_TRANSPOSE2D_UPSAMPLE_CONST_EVAL_0:      result1: tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
// RUN-CONV_TRANSPOSE2D_UPSAMPLE_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 64], physical [1, 1, 32, 64], bf16, tile, 2 tiles, 4096 bytes
// EXPORT-LABEL: func.func private @conv_transpose2d_upsample_const_eval_0(%arg0: tensor<64x64x3x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<12288x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv_transpose2d_weights"(%arg0, %0) <{{.*}}conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>{{.*}}input_tensor_layout = #ttnn.layout<tile>{{.*}}mirror_kernel = true{{.*}}output_padding = array<i32: 1, 1>{{.*}}weights_format = "IOHW"}> {{.*}} -> tensor<1x1x576x64xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<18x2x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv_transpose2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x64xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x2x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @conv_transpose2d_upsample(
// EXPORT:         "ttnn.conv_transpose2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#weight_upsample = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 3 + d2, d3), <1x1>, memref<12288x3xbf16, #system_memory>>
#weight_upsample_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 576 + d1 * 576 + d2, d3), <1x1>, memref<18x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_upsample = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x64xbf16, #system_memory>>
#bias_upsample_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_upsample = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2, d3), <1x1>, memref<32x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#output_upsample = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 4096 + d1 * 4096 + d2, d3), <1x1>, memref<128x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
module {
  func.func private @conv_transpose2d_upsample_const_eval_0(%arg0: tensor<64x64x3x3xbf16, #weight_upsample>, %arg1: tensor<1x1x1x64xbf16, #bias_upsample>) -> (tensor<1x1x576x64xbf16, #weight_upsample_prepared>, tensor<1x1x1x64xbf16, #bias_upsample_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv_transpose2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       has_bias = true,
       in_channels = 64 : i32,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       mirror_kernel = true,
       out_channels = 64 : i32,
       output_dtype = #ttcore.supportedDataTypes<bf16>,
       output_padding = array<i32: 1, 1>,
       padding = array<i32: 1, 1>,
       stride = array<i32: 2, 2>,
       weights_format = "IOHW"
    }> : (tensor<64x64x3x3xbf16, #weight_upsample>, !ttnn.device) -> tensor<1x1x576x64xbf16, #weight_upsample_prepared>
    %2 = "ttnn.prepare_conv_transpose2d_bias"(%arg1, %0) <{
       batch_size = 1 : i32,
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       in_channels = 64 : i32,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       input_height = 32 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<tile>,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 64 : i32,
       output_dtype = #ttcore.supportedDataTypes<bf16>,
       padding = array<i32: 1, 1>,
       stride = array<i32: 2, 2>
    }> : (tensor<1x1x1x64xbf16, #bias_upsample>, !ttnn.device) -> tensor<1x1x1x64xbf16, #bias_upsample_prepared>
    return %1, %2 : tensor<1x1x576x64xbf16, #weight_upsample_prepared>, tensor<1x1x1x64xbf16, #bias_upsample_prepared>
  }
  func.func @conv_transpose2d_upsample(%arg0: tensor<1x1x1024x64xbf16, #input_upsample> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<64x64x3x3xbf16, #weight_upsample> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x64xbf16, #bias_upsample> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x4096x64xbf16, #output_upsample> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@conv_transpose2d_upsample_const_eval_0, [%arg1, %arg2]) : (tensor<64x64x3x3xbf16, #weight_upsample>, tensor<1x1x1x64xbf16, #bias_upsample>) -> (tensor<1x1x576x64xbf16, #weight_upsample_prepared>, tensor<1x1x1x64xbf16, #bias_upsample_prepared>)
    %2 = "ttnn.conv_transpose2d"(%arg0, %1#0, %1#1, %0) <{
       batch_size = 1 : i32,
       conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       in_channels = 64 : i32,
       input_height = 32 : i32,
       input_width = 32 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 64 : i32,
       output_padding = array<i32: 1, 1>,
       padding = array<i32: 1, 1>,
       stride = array<i32: 2, 2>
    }> : (tensor<1x1x1024x64xbf16, #input_upsample>, tensor<1x1x576x64xbf16, #weight_upsample_prepared>, tensor<1x1x1x64xbf16, #bias_upsample_prepared>, !ttnn.device) -> tensor<1x1x4096x64xbf16, #output_upsample>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x1024x64xbf16, #input_upsample>) -> ()
    return %2 : tensor<1x1x4096x64xbf16, #output_upsample>
  }
}

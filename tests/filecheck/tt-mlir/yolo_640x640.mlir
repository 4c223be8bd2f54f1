// The YOLO stem on a 640x640 RGB input: 3x3 stride 2, with act_block_h_override = 64 and a
// compute config (fp32 accumulation, tt-mlir's dst_full_sync_en).
//
// Expected: row-major DRAM input → channels aligned to 8: Cin 3 → 8; act_block_w =
// round_up(8·3, 32) = 32 → 32·3 = 96 rows; Cout 32 = 1 tile → 32 columns. Physical
// [1, 1, 96, 32], logical [1, 1, 27, 32]; bias [1, 1, 32, 32].
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry yolo_640x640_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=RUN-YOLO_640X640_CONST_EVAL_0
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir | filecheck %s --check-prefix=EXPORT
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @yolo_640x640_const_eval_0(
// PARSE:         "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// PARSE:         "ttnn.prepare_conv2d_weights"(%arg0, %0)
// PARSE-LABEL: func.func @yolo_640x640(
// PARSE:         ttcore.load_cached(@yolo_640x640_const_eval_0, [%arg1
// PARSE:         "ttnn.conv2d"(%arg0, %1,
// IMPORT-LABEL: func.func private @yolo_640x640_const_eval_0(%arg0: tensor<32x3x3x3xbf16>, %arg1: tensor<1x1x1x32xbf16>)
// IMPORT-NOT:     ttnn.get_device
// IMPORT:         ttnn.prepare_conv_weights %arg0 {{.*}} : tensor<32x3x3x3xbf16> -> tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// IMPORT:         ttnn.prepare_conv_bias %arg1 {{.*}} : tensor<1x1x1x32xbf16> -> tensor<1x1x1x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// IMPORT-LABEL: func.func @yolo_640x640(
// IMPORT:         "ttnn.conv2d"(
// LOWER-LABEL:  func.func private @yolo_640x640_const_eval_0(%arg0: memref<32x3x3x3xbf16> {ttnn.tensor = tensor<32x3x3x3xbf16>}
// LOWER-NOT:      ttnn.prepare
// LOWER:          scf.for
// LOWER-LABEL:  func.func @yolo_640x640(
// LOWER:          "ttnn.conv2d"(
// RUN-YOLO_640X640_CONST_EVAL_0:      result0: tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// RUN-YOLO_640X640_CONST_EVAL_0-NEXT:   logical [1, 1, 27, 32], physical [1, 1, 96, 32], bf16, tile, 3 tiles, 6144 bytes
// RUN-YOLO_640X640_CONST_EVAL_0:      result1: tensor<1x1x1x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// RUN-YOLO_640X640_CONST_EVAL_0-NEXT:   logical [1, 1, 1, 32], physical [1, 1, 32, 32], bf16, tile, 1 tile, 2048 bytes
// EXPORT-LABEL: func.func private @yolo_640x640_const_eval_0(%arg0: tensor<32x3x3x3xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<288x3xbf16, #ttnn.buffer_type<system_memory>>>>
// EXPORT:         %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
// EXPORT:         "ttnn.prepare_conv2d_weights"(%arg0, %0) {{.*}} -> tensor<1x1x27x32xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT:         "ttnn.prepare_conv2d_bias"(%arg1, %0) {{.*}} -> tensor<1x1x1x32xbf16, #ttnn.ttnn_layout<{{.*}}, <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>>
// EXPORT-LABEL: func.func @yolo_640x640(
// EXPORT:         "ttnn.conv2d"(

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#weight_yolo_640x640 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, memref<288x3xbf16, #system_memory>>
#weight_yolo_640x640_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_yolo_640x640 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x32xbf16, #system_memory>>
#bias_yolo_640x640_prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input_yolo_640x640 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 409600 + d1 * 409600 + d2, d3), <1x1>, memref<409600x3xbf16, #dram>, <interleaved>>
#output_yolo_640x640 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 102400 + d1 * 102400 + d2, d3), <1x1>, memref<3200x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, act_block_h_override = 64, enable_act_double_buffer = true>
#compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi2, math_approx_mode = false, fp32_dest_acc_en = true, packer_l1_acc = true, dst_full_sync_en = false>
module {
  func.func private @yolo_640x640_const_eval_0(%arg0: tensor<32x3x3x3xbf16, #weight_yolo_640x640>, %arg1: tensor<1x1x1x32xbf16, #bias_yolo_640x640>) -> (tensor<1x1x27x32xbf16, #weight_yolo_640x640_prepared>, tensor<1x1x1x32xbf16, #bias_yolo_640x640_prepared>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       has_bias = true,
       in_channels = 3 : i32,
       input_height = 640 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<row_major>,
       input_width = 640 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 32 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 2, 2>,
       weights_format = "OIHW",
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>,
       conv2d_config = #conv2d_config,
       compute_config = #compute_config
    }> : (tensor<32x3x3x3xbf16, #weight_yolo_640x640>, !ttnn.device) -> tensor<1x1x27x32xbf16, #weight_yolo_640x640_prepared>
    %2 = "ttnn.prepare_conv2d_bias"(%arg1, %0) <{
       batch_size = 1 : i32,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       in_channels = 3 : i32,
       input_height = 640 : i32,
       input_memory_config = #ttnn.memory_config<#dram, <interleaved>>,
       input_tensor_layout = #ttnn.layout<row_major>,
       input_width = 640 : i32,
       kernel_size = array<i32: 3, 3>,
       out_channels = 32 : i32,
       padding = array<i32: 1, 1>,
       stride = array<i32: 2, 2>,
       input_dtype = #ttcore.supportedDataTypes<bf16>,
       output_dtype = #ttcore.supportedDataTypes<bf16>,
       conv2d_config = #conv2d_config,
       compute_config = #compute_config
    }> : (tensor<1x1x1x32xbf16, #bias_yolo_640x640>, !ttnn.device) -> tensor<1x1x1x32xbf16, #bias_yolo_640x640_prepared>
    return %1, %2 : tensor<1x1x27x32xbf16, #weight_yolo_640x640_prepared>, tensor<1x1x1x32xbf16, #bias_yolo_640x640_prepared>
  }
  func.func @yolo_640x640(%arg0: tensor<1x1x409600x3xbf16, #input_yolo_640x640> {ttcore.argument_type = #ttcore.argument_type<input>}, %arg1: tensor<32x3x3x3xbf16, #weight_yolo_640x640> {ttcore.argument_type = #ttcore.argument_type<parameter>}, %arg2: tensor<1x1x1x32xbf16, #bias_yolo_640x640> {ttcore.argument_type = #ttcore.argument_type<parameter>}) -> tensor<1x1x102400x32xbf16, #output_yolo_640x640> attributes {tt.function_type = "forward_device"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@yolo_640x640_const_eval_0, [%arg1, %arg2]) : (tensor<32x3x3x3xbf16, #weight_yolo_640x640>, tensor<1x1x1x32xbf16, #bias_yolo_640x640>) -> (tensor<1x1x27x32xbf16, #weight_yolo_640x640_prepared>, tensor<1x1x1x32xbf16, #bias_yolo_640x640_prepared>)
    %2 = "ttnn.conv2d"(%arg0, %1#0, %1#1, %0) <{
       in_channels = 3 : i32,
       out_channels = 32 : i32,
       batch_size = 1 : i32,
       input_height = 640 : i32,
       input_width = 640 : i32,
       kernel_size = array<i32: 3, 3>,
       stride = array<i32: 2, 2>,
       padding = array<i32: 1, 1>,
       dilation = array<i32: 1, 1>,
       groups = 1 : i32,
       conv2d_config = #conv2d_config,
       compute_config = #compute_config,
       dtype = #ttcore.supportedDataTypes<bf16>
    }> : (tensor<1x1x409600x3xbf16, #input_yolo_640x640>, tensor<1x1x27x32xbf16, #weight_yolo_640x640_prepared>, tensor<1x1x1x32xbf16, #bias_yolo_640x640_prepared>, !ttnn.device) -> tensor<1x1x102400x32xbf16, #output_yolo_640x640>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x409600x3xbf16, #input_yolo_640x640>) -> ()
    return %2 : tensor<1x1x102400x32xbf16, #output_yolo_640x640>
  }
}

// tt-mlir's ttnn.conv2d, imported (import-tt-mlir, then import-tt-mlir-conv2d) and run: with
// its weight from a const-eval function (ttcore.load_cached), prepared inline, given as host
// tensors (the conv prepares them, as TT-NN's conv2d does) or as a prepared argument whose
// tt-mlir type holds only the logical shape. tests/test_tt_mlir_conv2d.py checks the values.
//
// RUN: ttnn-opt %s -p import-tt-mlir,import-tt-mlir-conv2d | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-run %s -p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower --entry forward --random-inputs 0 --print | filecheck %s --check-prefix=FORWARD
// --entry all runs every function no other calls (not @forward, which calls its const-eval).
// RUN: ttnn-run %s -p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower --entry all --random-inputs 0 --print | filecheck %s --check-prefix=ALL
// Without import-tt-mlir-conv2d the conv is not run, as before.
// RUN: not ttnn-run %s -p import-tt-mlir,ttnn-lower --entry forward --random-inputs 0 2>&1 | filecheck %s --check-prefix=NOT-IMPORTED
// NOT-IMPORTED: conv2d-run.mlir:{{[0-9]+}}:5: error: cannot run 'ttnn.conv2d' in @forward: it is tt-mlir's op; import it first (-p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower)

// IMPORT-LABEL: func.func @forward(
// IMPORT:         %[[W:.*]] = func.call @forward_const_eval_0(%arg1)
// IMPORT:         %[[X:.*]] = ttnn.to_layout %arg0
// IMPORT-SAME:      -> tensor<1x1x64x3xbf16>
// IMPORT:         %[[NHWC:.*]] = "ttnn.reshape"(%[[X]]) : (tensor<1x1x64x3xbf16>) -> tensor<1x8x8x3xbf16>
// IMPORT:         "ttnn.conv2d_consume"(%[[NHWC]], %[[W]])
// IMPORT-SAME:      path = "height_sharded"
// IMPORT-NOT:     "ttnn.conv2d"(
// IMPORT-LABEL: func.func @host_weight_and_bias(
// IMPORT:         ttnn.prepare_conv_weights %arg1 {{.*}} has_bias = true
// IMPORT:         ttnn.prepare_conv_bias %arg2
// IMPORT:         "ttnn.conv2d_consume"
// IMPORT-LABEL: func.func @prepared_argument(
// IMPORT-SAME:      %arg1: tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>

// FORWARD:      {{\A}}result0: tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile>>
// FORWARD-NEXT:   logical [1, 1, 64, 32], physical [1, 1, 64, 32], bf16, tile, 2 tiles, 4096 bytes
// ALL:      {{\A}}forward_const_eval_0.result0: tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// ALL:      host_weight_and_bias.result0: tensor<1x1x9x64xf32, #ttnn.tensor_layout<tile>>
// ALL-NEXT:   logical [1, 1, 9, 64], physical [1, 1, 32, 64], f32, tile, 2 tiles, 8192 bytes
// ALL:      prepared_argument.result0: tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile>>


#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, memref<288x3xbf16, #system_memory>>
#prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 64 + d1 * 64 + d2, d3), <1x1>, memref<2x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#host16 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 48 + d1 * 3 + d2, d3), <1x1>, memref<3072x3xf32, #system_memory>>
#bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x64xf32, #system_memory>>
#input2 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 36 + d1 * 36 + d2, d3), <1x1>, memref<2x1x!ttcore.tile<32x32, f32>, #dram>, <interleaved>>
#output2 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 9 + d2, d3), <1x1>, memref<1x2x!ttcore.tile<32x32, f32>, #dram>, <interleaved>>
module {
  func.func private @forward_const_eval_0(%arg0: tensor<32x3x3x3xbf16, #host>) -> tensor<1x1x27x32xbf16, #prepared> attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = false, in_channels = 3 : i32, input_height = 8 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, out_channels = 32 : i32, padding = array<i32: 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW", input_dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<32x3x3x3xbf16, #host>, !ttnn.device) -> tensor<1x1x27x32xbf16, #prepared>
    return %1 : tensor<1x1x27x32xbf16, #prepared>
  }
  func.func @forward(%arg0: tensor<1x1x64x3xbf16, #input>, %arg1: tensor<32x3x3x3xbf16, #host>) -> tensor<1x1x64x32xbf16, #input> {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = ttcore.load_cached(@forward_const_eval_0, [%arg1]) : (tensor<32x3x3x3xbf16, #host>) -> tensor<1x1x27x32xbf16, #prepared>
    %2 = "ttnn.conv2d"(%arg0, %1, %0) <{in_channels = 3 : i32, out_channels = 32 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x1x64x3xbf16, #input>, tensor<1x1x27x32xbf16, #prepared>, !ttnn.device) -> tensor<1x1x64x32xbf16, #input>
    "ttnn.deallocate"(%1) <{force = false}> : (tensor<1x1x27x32xbf16, #prepared>) -> ()
    return %2 : tensor<1x1x64x32xbf16, #input>
  }
  // A 3×3 stride-2 conv on a 6×6 f32 input, 16 → 64 channels: the conv prepares the host
  // weight and bias itself (conv2d_config says bf16 weights).
  func.func @host_weight_and_bias(%arg0: tensor<1x1x36x16xf32, #input2>, %arg1: tensor<64x16x3x3xf32, #host16>, %arg2: tensor<1x1x1x64xf32, #bias>) -> tensor<1x1x9x64xf32, #output2> {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.conv2d"(%arg0, %arg1, %arg2, %0) <{in_channels = 16 : i32, out_channels = 64 : i32, batch_size = 1 : i32, input_height = 6 : i32, input_width = 6 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 2, 2>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, deallocate_activation = true>, compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = true>, dtype = #ttcore.supportedDataTypes<f32>}> : (tensor<1x1x36x16xf32, #input2>, tensor<64x16x3x3xf32, #host16>, tensor<1x1x1x64xf32, #bias>, !ttnn.device) -> tensor<1x1x9x64xf32, #output2>
    return %1 : tensor<1x1x9x64xf32, #output2>
  }
  // The prepared weight as an argument (a .tensorbin TT-NN wrote): its tt-mlir type says
  // [1, 1, 27, 32]; the conv reads the physical [1, 1, 288, 32].
  func.func @prepared_argument(%arg0: tensor<1x1x64x3xbf16, #input>, %arg1: tensor<1x1x27x32xbf16, #prepared>) -> tensor<1x1x64x32xbf16, #input> {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.conv2d"(%arg0, %arg1, %0) <{in_channels = 3 : i32, out_channels = 32 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x1x64x3xbf16, #input>, tensor<1x1x27x32xbf16, #prepared>, !ttnn.device) -> tensor<1x1x64x32xbf16, #input>
    return %1 : tensor<1x1x64x32xbf16, #input>
  }
}

// tt-mlir's ttnn.conv_transpose2d, imported (import-tt-mlir, then import-tt-mlir-conv2d) and
// run, in each form tt-mlir writes its weight: prepared by a const-eval function
// (ttcore.load_cached), prepared inline (ttnn.prepare_conv_transpose2d_weights / _bias in the
// same function), given as host tensors (the conv prepares them, as TT-NN's conv_transpose2d
// does), or given prepared as an argument whose tt-mlir type holds only the logical shape.
// ConvTranspose2d(16, 24, 3, stride=2, padding=1, output_padding=1) on a 1×6×5 f32 input in
// DRAM: a 12×10 output. tests/test_tt_mlir_conv2d.py checks the values against a scatter
// written from PyTorch's definition.
//
// RUN: ttnn-opt %s -p import-tt-mlir,import-tt-mlir-conv2d | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-run %s -p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower --entry forward --random-inputs 0 --print | filecheck %s --check-prefix=FORWARD
// --entry all runs the other functions (not @forward, which calls its const-eval).
// RUN: ttnn-run %s -p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower --entry all --random-inputs 0 --print | filecheck %s --check-prefix=ALL
// Without import-tt-mlir-conv2d the conv is not run.
// RUN: not ttnn-run %s -p import-tt-mlir,ttnn-lower --entry forward --random-inputs 0 2>&1 | filecheck %s --check-prefix=NOT-IMPORTED
// NOT-IMPORTED: conv_transpose2d-run.mlir:{{[0-9]+}}:5: error: cannot run 'ttnn.conv_transpose2d' in @forward: it is tt-mlir's op; import it first (-p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower)

// The equivalent conv2d (docs/semantics.md §7.2): the input zero-stuffed (1 zero between
// pixels) and padded by d·(k − 1) − p = 1 before, 1 + output_padding after: 14×12, stride 1.
// IMPORT-LABEL: func.func private @forward_const_eval_0(
// IMPORT:         %[[W:.*]] = ttnn.prepare_conv_transpose2d_weights %arg0 {{.*}} weights_format = "IOHW" {{.*}} output_padding = [1, 1] {{.*}} : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// IMPORT:         ttnn.prepare_conv_transpose2d_bias %arg1
// IMPORT-LABEL: func.func @forward(
// IMPORT:         %[[P:.*]], %[[B:.*]] = func.call @forward_const_eval_0(%arg1, %arg2)
// IMPORT:         %[[X:.*]] = ttnn.to_layout %arg0 : tensor<1x1x30x16xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x30x16xf32>
// IMPORT:         %[[NHWC:.*]] = "ttnn.reshape"(%[[X]]) : (tensor<1x1x30x16xf32>) -> tensor<1x6x5x16xf32>
// IMPORT:         %[[FULL:.*]] = ttnn.zero_stuff %[[NHWC]] stride = [2, 2] offset = [1, 1] input_size = [6, 5] : tensor<1x6x5x16xf32> -> tensor<1x14x12x16xf32>
// IMPORT:         "ttnn.conv2d_consume"(%[[FULL]], %[[P]], %[[B]])
// IMPORT-SAME:      path = "height_sharded"
// IMPORT-SAME:      input_height = 14 : i64, input_width = 12 : i64
// IMPORT-SAME:      -> tensor<1x1x120x24xf32, #ttnn.tensor_layout<tile>>
// IMPORT-NOT:     "ttnn.conv_transpose2d"(
// IMPORT-LABEL: func.func @inline_prepare(
// IMPORT:         %[[W:.*]] = ttnn.prepare_conv_transpose2d_weights %arg1
// IMPORT:         %[[B:.*]] = ttnn.prepare_conv_transpose2d_bias %arg2
// IMPORT:         ttnn.zero_stuff
// IMPORT:         "ttnn.conv2d_consume"({{.*}}, %[[W]], %[[B]])
// IMPORT-LABEL: func.func @host_weight_and_bias(
// IMPORT:         %[[W:.*]] = ttnn.prepare_conv_transpose2d_weights %arg1 {{.*}} has_bias = true
// IMPORT:         %[[B:.*]] = ttnn.prepare_conv_transpose2d_bias %arg2 {{.*}} conv_config = #ttnn.conv2d_config<weights_dtype = bf16>
// IMPORT:         ttnn.zero_stuff
// IMPORT:         "ttnn.conv2d_consume"({{.*}}, %[[W]], %[[B]])
// IMPORT-LABEL: func.func @prepared_argument(
// IMPORT-SAME:      %arg1: tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// IMPORT-NOT:     ttnn.prepare_conv_transpose2d_weights
// IMPORT:         "ttnn.conv2d_consume"({{.*}}, %arg1)

// ALL:      {{\A}}forward_const_eval_0.result0: tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// FORWARD:      {{\A}}result0: tensor<1x1x120x24xf32, #ttnn.tensor_layout<tile>>
// FORWARD-NEXT:   logical [1, 1, 120, 24], physical [1, 1, 128, 32], f32, tile, 4 tiles, 16384 bytes
// ALL:      forward_const_eval_0.result1: tensor<1x1x1x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// ALL:      inline_prepare.result0: tensor<1x1x120x24xf32, #ttnn.tensor_layout<tile>>
// ALL:      host_weight_and_bias.result0: tensor<1x1x120x24xf32, #ttnn.tensor_layout<tile>>
// ALL:      prepared_argument.result0: tensor<1x1x120x24xf32, #ttnn.tensor_layout<tile>>

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#host_weight = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 72 + d1 * 3 + d2, d3), <1x1>, memref<1152x3xf32, #system_memory>>
#host_bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x24xf32, #system_memory>>
#prepared_weight = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 160 + d1 * 160 + d2, d3), <1x1>, memref<5x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#prepared_bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 30 + d1 * 30 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, f32>, #dram>, <interleaved>>
#output = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 120 + d1 * 120 + d2, d3), <1x1>, memref<4x1x!ttcore.tile<32x32, f32>, #dram>, <interleaved>>
#conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16>
#compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = true>
module {
  func.func private @forward_const_eval_0(%arg0: tensor<16x24x3x3xf32, #host_weight>, %arg1: tensor<1x1x1x24xf32, #host_bias>) -> (tensor<1x1x144x24xbf16, #prepared_weight>, tensor<1x1x1x24xbf16, #prepared_bias>) attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv_transpose2d_weights"(%arg0, %0) <{batch_size = 1 : i32, conv2d_config = #conv2d_config, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = true, in_channels = 16 : i32, input_dtype = #ttcore.supportedDataTypes<f32>, input_height = 6 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, mirror_kernel = true, out_channels = 24 : i32, output_dtype = #ttcore.supportedDataTypes<f32>, output_padding = array<i32: 1, 1>, padding = array<i32: 1, 1>, stride = array<i32: 2, 2>, weights_format = "IOHW"}> : (tensor<16x24x3x3xf32, #host_weight>, !ttnn.device) -> tensor<1x1x144x24xbf16, #prepared_weight>
    %2 = "ttnn.prepare_conv_transpose2d_bias"(%arg1, %0) <{batch_size = 1 : i32, conv2d_config = #conv2d_config, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 16 : i32, input_dtype = #ttcore.supportedDataTypes<f32>, input_height = 6 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, out_channels = 24 : i32, output_dtype = #ttcore.supportedDataTypes<f32>, padding = array<i32: 1, 1>, stride = array<i32: 2, 2>}> : (tensor<1x1x1x24xf32, #host_bias>, !ttnn.device) -> tensor<1x1x1x24xbf16, #prepared_bias>
    return %1, %2 : tensor<1x1x144x24xbf16, #prepared_weight>, tensor<1x1x1x24xbf16, #prepared_bias>
  }
  func.func @forward(%arg0: tensor<1x1x30x16xf32, #input>, %arg1: tensor<16x24x3x3xf32, #host_weight>, %arg2: tensor<1x1x1x24xf32, #host_bias>) -> tensor<1x1x120x24xf32, #output> {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1:2 = ttcore.load_cached(@forward_const_eval_0, [%arg1, %arg2]) : (tensor<16x24x3x3xf32, #host_weight>, tensor<1x1x1x24xf32, #host_bias>) -> (tensor<1x1x144x24xbf16, #prepared_weight>, tensor<1x1x1x24xbf16, #prepared_bias>)
    %2 = "ttnn.conv_transpose2d"(%arg0, %1#0, %1#1, %0) <{in_channels = 16 : i32, out_channels = 24 : i32, batch_size = 1 : i32, input_height = 6 : i32, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 2, 2>, padding = array<i32: 1, 1>, output_padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, conv2d_config = #conv2d_config, compute_config = #compute_config, dtype = #ttcore.supportedDataTypes<f32>}> : (tensor<1x1x30x16xf32, #input>, tensor<1x1x144x24xbf16, #prepared_weight>, tensor<1x1x1x24xbf16, #prepared_bias>, !ttnn.device) -> tensor<1x1x120x24xf32, #output>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<1x1x30x16xf32, #input>) -> ()
    return %2 : tensor<1x1x120x24xf32, #output>
  }
  func.func @inline_prepare(%arg0: tensor<1x1x30x16xf32, #input>, %arg1: tensor<16x24x3x3xf32, #host_weight>, %arg2: tensor<1x1x1x24xf32, #host_bias>) -> tensor<1x1x120x24xf32, #output> {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv_transpose2d_weights"(%arg1, %0) <{batch_size = 1 : i32, conv2d_config = #conv2d_config, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = true, in_channels = 16 : i32, input_dtype = #ttcore.supportedDataTypes<f32>, input_height = 6 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, mirror_kernel = true, out_channels = 24 : i32, output_dtype = #ttcore.supportedDataTypes<f32>, output_padding = array<i32: 1, 1>, padding = array<i32: 1, 1>, stride = array<i32: 2, 2>, weights_format = "IOHW"}> : (tensor<16x24x3x3xf32, #host_weight>, !ttnn.device) -> tensor<1x1x144x24xbf16, #prepared_weight>
    %2 = "ttnn.prepare_conv_transpose2d_bias"(%arg2, %0) <{batch_size = 1 : i32, conv2d_config = #conv2d_config, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 16 : i32, input_dtype = #ttcore.supportedDataTypes<f32>, input_height = 6 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, out_channels = 24 : i32, output_dtype = #ttcore.supportedDataTypes<f32>, padding = array<i32: 1, 1>, stride = array<i32: 2, 2>}> : (tensor<1x1x1x24xf32, #host_bias>, !ttnn.device) -> tensor<1x1x1x24xbf16, #prepared_bias>
    %3 = "ttnn.conv_transpose2d"(%arg0, %1, %2, %0) <{in_channels = 16 : i32, out_channels = 24 : i32, batch_size = 1 : i32, input_height = 6 : i32, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 2, 2>, padding = array<i32: 1, 1>, output_padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, conv2d_config = #conv2d_config, compute_config = #compute_config, dtype = #ttcore.supportedDataTypes<f32>}> : (tensor<1x1x30x16xf32, #input>, tensor<1x1x144x24xbf16, #prepared_weight>, tensor<1x1x1x24xbf16, #prepared_bias>, !ttnn.device) -> tensor<1x1x120x24xf32, #output>
    return %3 : tensor<1x1x120x24xf32, #output>
  }
  // The conv prepares the host weight and bias itself (TT-NN's conv_transpose2d, mirror_kernel
  // its default true).
  func.func @host_weight_and_bias(%arg0: tensor<1x1x30x16xf32, #input>, %arg1: tensor<16x24x3x3xf32, #host_weight>, %arg2: tensor<1x1x1x24xf32, #host_bias>) -> tensor<1x1x120x24xf32, #output> {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.conv_transpose2d"(%arg0, %arg1, %arg2, %0) <{in_channels = 16 : i32, out_channels = 24 : i32, batch_size = 1 : i32, input_height = 6 : i32, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 2, 2>, padding = array<i32: 1, 1>, output_padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, conv2d_config = #conv2d_config, compute_config = #compute_config, dtype = #ttcore.supportedDataTypes<f32>}> : (tensor<1x1x30x16xf32, #input>, tensor<16x24x3x3xf32, #host_weight>, tensor<1x1x1x24xf32, #host_bias>, !ttnn.device) -> tensor<1x1x120x24xf32, #output>
    return %1 : tensor<1x1x120x24xf32, #output>
  }
  // The prepared weight as an argument (a .tensorbin TT-NN wrote): its tt-mlir type says
  // [1, 1, 144, 24]; the conv reads the physical [1, 1, 288, 32]. No bias.
  func.func @prepared_argument(%arg0: tensor<1x1x30x16xf32, #input>, %arg1: tensor<1x1x144x24xbf16, #prepared_weight>) -> tensor<1x1x120x24xf32, #output> {
    %0 = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.conv_transpose2d"(%arg0, %arg1, %0) <{in_channels = 16 : i32, out_channels = 24 : i32, batch_size = 1 : i32, input_height = 6 : i32, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 2, 2>, padding = array<i32: 1, 1>, output_padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, conv2d_config = #conv2d_config, compute_config = #compute_config, dtype = #ttcore.supportedDataTypes<f32>}> : (tensor<1x1x30x16xf32, #input>, tensor<1x1x144x24xbf16, #prepared_weight>, !ttnn.device) -> tensor<1x1x120x24xf32, #output>
    return %1 : tensor<1x1x120x24xf32, #output>
  }
}

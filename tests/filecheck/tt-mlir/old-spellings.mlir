// tt-mlir's spellings of late 2025 and early 2026 around a const-eval function, as its
// dumps of then hold them: the `{const_eval}` marker (before tt-mlir #6502), the
// conv2d_config field `in_place`, `ttcore.load_cached` in generic form, and `ttnn.to_dtype`
// (before #6869). The forward function is made only of bookkeeping: it runs, its cached call
// a call of the const-eval function, and returns the prepared weight and the bias cast to
// f32 (a bf16 value in f32: the same value).
//
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry forward --random-inputs 0 --print | filecheck %s --check-prefix=OUT

// IMPORT-LABEL: func.func private @forward_const_eval_0(
// IMPORT-SAME:    attributes {const_eval}
// IMPORT:         ttnn.prepare_conv_weights {{.*}} conv_config = #ttnn.conv2d_config<{{.*}}in_place = false{{.*}}> {{.*}} -> tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// IMPORT-LABEL: func.func @forward(
// IMPORT-SAME:    -> (tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>,
// IMPORT:         %weight = ttcore.load_cached(@forward_const_eval_0, [%arg0]) : ({{.*}}) -> tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// IMPORT:         "ttnn.to_dtype"(%arg1) <{dtype = #ttcore.supportedDataTypes<f32>}>

// OUT:      weight: tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// OUT-NEXT:   logical [1, 1, 27, 32], physical [1, 1, 96, 32], bf16, tile, 3 tiles, 6144 bytes
// OUT:      bias: tensor<1x1x1x32xf32>
// OUT-NEXT:   logical [1, 1, 1, 32], physical [1, 1, 1, 32], f32, row_major, 128 bytes

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, memref<288x3xbf16, #system_memory>>
#bias = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x32xbf16, #system_memory>>
#bias_f32 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x32xf32, #system_memory>>
#prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
module {
  func.func private @forward_const_eval_0(%arg0: tensor<32x3x3x3xbf16, #host>) -> tensor<1x1x27x32xbf16, #prepared> attributes {const_eval} {
    %0 = "ttnn.get_device"() <{mesh_offset = #ttnn<mesh_offset 0x0>, mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{batch_size = 1 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, deallocate_activation = false, reallocate_halo_output = false, act_block_h_override = 32, act_block_w_div = 1, reshard_if_not_optimal = false, override_sharding_config = false, transpose_shards = false, output_layout = tile, enable_act_double_buffer = false, enable_weights_double_buffer = false, in_place = false, enable_kernel_stride_folding = false>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = false, in_channels = 3 : i32, input_dtype = #ttcore.supportedDataTypes<bf16>, input_height = 8 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<row_major>, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, out_channels = 32 : i32, output_dtype = #ttcore.supportedDataTypes<bf16>, padding = array<i32: 1, 1, 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW"}> : (tensor<32x3x3x3xbf16, #host>, !ttnn.device) -> tensor<1x1x27x32xbf16, #prepared>
    return %1 : tensor<1x1x27x32xbf16, #prepared>
  }
  func.func @forward(%arg0: tensor<32x3x3x3xbf16, #host>, %arg1: tensor<1x1x1x32xbf16, #bias>) -> (tensor<1x1x27x32xbf16, #prepared>, tensor<1x1x1x32xf32, #bias_f32>) {
    %weight = "ttcore.load_cached"(%arg0) <{callee = @forward_const_eval_0}> : (tensor<32x3x3x3xbf16, #host>) -> tensor<1x1x27x32xbf16, #prepared>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<32x3x3x3xbf16, #host>) -> ()
    %bias = "ttnn.to_dtype"(%arg1) <{dtype = #ttcore.supportedDataTypes<f32>}> : (tensor<1x1x1x32xbf16, #bias>) -> tensor<1x1x1x32xf32, #bias_f32>
    return %weight, %bias : tensor<1x1x27x32xbf16, #prepared>, tensor<1x1x1x32xf32, #bias_f32>
  }
}

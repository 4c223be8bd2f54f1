// ttnn-run on a tt-mlir module: a const-eval function of prepare ops runs once imported,
// next to a forward function the project does not model; running the forward function, or
// the const-eval function without import-tt-mlir, is one line naming the op.
//
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry forward_const_eval_0 --random-inputs 0 --print | filecheck %s
// RUN: not ttnn-run %s -p import-tt-mlir,ttnn-lower --entry forward --random-inputs 0 2>&1 | filecheck %s --check-prefix=FORWARD
// RUN: not ttnn-run %s --entry forward_const_eval_0 --random-inputs 0 2>&1 | filecheck %s --check-prefix=NO-IMPORT
// RUN: not ttnn-run %s -p '' --entry forward_const_eval_0 --random-inputs 0 2>&1 | filecheck %s --check-prefix=NO-LOWER
// --entry all runs the const-eval function, not the forward function that calls it.
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry all --random-inputs 0 --print 2>&1 | filecheck %s --check-prefix=ALL
// (@forward calls the const-eval function through ttcore.load_cached: it is not run again.)
// ALL:      {{\A}}forward_const_eval_0.result0: tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// Without import-tt-mlir, tt-mlir's prepare ops are still an error.
// RUN: not ttnn-run %s --entry all --random-inputs 0 2>&1 | filecheck %s --check-prefix=ALL-NO-IMPORT
// ALL-NO-IMPORT: {{\A}}{{.*}}run-errors.mlir:{{[0-9]+}}:5: error: cannot run 'ttnn.prepare_conv2d_weights' in @forward_const_eval_0: it is tt-mlir's op; import it first (-p import-tt-mlir,ttnn-lower){{$}}

// CHECK:      result0: tensor<1x1x27x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
// CHECK-NEXT:   logical [1, 1, 27, 32], physical [1, 1, 288, 32], bf16, tile, 9 tiles, 18432 bytes

// FORWARD: run-errors.mlir:[[# @LINE + 20]]:5: error: cannot run 'ttnn.conv2d' in @forward: it is tt-mlir's op; import it first (-p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower)
// FORWARD-NOT: Traceback

// NO-IMPORT: run-errors.mlir:[[# @LINE + 11]]:5: error: cannot run 'ttnn.prepare_conv2d_weights' in @forward_const_eval_0: it is tt-mlir's op; import it first (-p import-tt-mlir,ttnn-lower)
// NO-LOWER: run-errors.mlir:[[# @LINE + 10]]:5: error: cannot run 'ttnn.prepare_conv2d_weights' in @forward_const_eval_0: it is tt-mlir's op; import it first (-p import-tt-mlir,ttnn-lower)

#dram = #ttnn.buffer_type<dram>
#system_memory = #ttnn.buffer_type<system_memory>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, memref<288x3xbf16, #system_memory>>
#prepared = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 64 + d1 * 64 + d2, d3), <1x1>, memref<2x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
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
    return %2 : tensor<1x1x64x32xbf16, #input>
  }
}

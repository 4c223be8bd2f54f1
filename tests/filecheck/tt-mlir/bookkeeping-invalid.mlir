// What the verifiers of tt-mlir's bookkeeping ops refuse, one line each at the op: a value
// used after its ttnn.deallocate (or deallocated twice), a permutation that is not one of the
// input's dims or does not give the result's shape, a reshape that changes the number of
// elements or whose shape is not the result's, a move or conversion that changes the shape,
// a ttcore.load_cached of a missing function or with another number of operands or results.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics | filecheck %s

#host = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<32x32xbf16, #ttnn.buffer_type<system_memory>>>
#dram = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>
func.func @use_after_deallocate(%x: tensor<32x32xbf16, #host>) -> tensor<32x32xbf16, #dram> {
  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
  "ttnn.deallocate"(%x) <{force = false}> : (tensor<32x32xbf16, #host>) -> () // expected-error-re {{'ttnn.deallocate' op deallocates a value that 'ttnn.to_device' at {{.*}}bookkeeping-invalid.mlir:14:3 uses after it}}
  %y = "ttnn.to_device"(%x, %d) : (tensor<32x32xbf16, #host>, !ttnn.device) -> tensor<32x32xbf16, #dram>
  return %y : tensor<32x32xbf16, #dram>
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 4]]:3: error: 'ttnn.deallocate' op deallocates a value that 'ttnn.to_device' at {{.*}}bookkeeping-invalid.mlir:[[# @LINE - 3]]:3 uses after it

// -----

#host = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<32x32xbf16, #ttnn.buffer_type<system_memory>>>
func.func @twice(%x: tensor<32x32xbf16, #host>) {
  "ttnn.deallocate"(%x) <{force = false}> : (tensor<32x32xbf16, #host>) -> () // expected-error-re {{'ttnn.deallocate' op deallocates a value that 'ttnn.deallocate' at {{.*}}bookkeeping-invalid.mlir:24:3 uses after it}}
  "ttnn.deallocate"(%x) <{force = false}> : (tensor<32x32xbf16, #host>) -> ()
  return
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 4]]:3: error: 'ttnn.deallocate' op deallocates a value that 'ttnn.deallocate' at {{.*}}bookkeeping-invalid.mlir:[[# @LINE - 3]]:3 uses after it

// -----

func.func @not_a_permutation(%x: tensor<2x3x4xf32>) -> tensor<2x4x3xf32> {
  %y = "ttnn.permute"(%x) <{permutation = array<i64: 0, 2, 2>}> : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32> // expected-error {{'ttnn.permute' op expected the permutation [0, 2, 2] to reorder the 3 dims of the input}}
  return %y : tensor<2x4x3xf32>
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 3]]:3: error: 'ttnn.permute' op expected the permutation [0, 2, 2] to reorder the 3 dims of the input

// -----

func.func @permuted_shape(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %y = "ttnn.permute"(%x) <{permutation = array<i64: 0, 2, 1>}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32> // expected-error {{'ttnn.permute' op expected the result shape [2, 4, 3] (the input [2, 3, 4] permuted), got [2, 3, 4]}}
  return %y : tensor<2x3x4xf32>
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 3]]:3: error: 'ttnn.permute' op expected the result shape [2, 4, 3] (the input [2, 3, 4] permuted), got [2, 3, 4]

// -----

func.func @reshape_count(%x: tensor<512xf32>) -> tensor<1x500x1x1xf32> {
  %y = "ttnn.reshape"(%x) : (tensor<512xf32>) -> tensor<1x500x1x1xf32> // expected-error {{'ttnn.reshape' op cannot reshape [512] (512 elements) into [1, 500, 1, 1] (500 elements)}}
  return %y : tensor<1x500x1x1xf32>
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 3]]:3: error: 'ttnn.reshape' op cannot reshape [512] (512 elements) into [1, 500, 1, 1] (500 elements)

// -----

func.func @reshape_attribute(%x: tensor<512xf32>) -> tensor<1x512x1x1xf32> {
  %y = "ttnn.reshape"(%x) <{shape = [1 : i32, 1 : i32, 512 : i32, 1 : i32]}> : (tensor<512xf32>) -> tensor<1x512x1x1xf32> // expected-error {{'ttnn.reshape' op expected shape [1 : i32, 1 : i32, 512 : i32, 1 : i32] to be the result shape [1, 512, 1, 1]}}
  return %y : tensor<1x512x1x1xf32>
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 3]]:3: error: 'ttnn.reshape' op expected shape [1 : i32, 1 : i32, 512 : i32, 1 : i32] to be the result shape [1, 512, 1, 1]

// -----

#host = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<32x32xbf16, #ttnn.buffer_type<system_memory>>>
#dram = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>
func.func @move_reshapes(%x: tensor<32x32xbf16, #host>) -> tensor<1x1024xbf16, #dram> {
  %y = "ttnn.from_device"(%x) : (tensor<32x32xbf16, #host>) -> tensor<1x1024xbf16, #dram> // expected-error {{'ttnn.from_device' op expected the result shape [1, 1024] to equal the input shape [32, 32] (only its placement, layout or dtype changes)}}
  return %y : tensor<1x1024xbf16, #dram>
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 3]]:3: error: 'ttnn.from_device' op expected the result shape [1, 1024] to equal the input shape [32, 32] (only its placement, layout or dtype changes)

// -----

// ttcore.load_cached calls a function of the module, with as many operands as it takes and as
// many results as it returns (tt-mlir's LoadCachedOp::verify).
func.func @missing_callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = ttcore.load_cached(@nosuch, [%x]) : (tensor<4xf32>) -> tensor<4xf32> // expected-error {{'ttcore.load_cached' op '@nosuch' does not reference a function}}
  return %y : tensor<4xf32>
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 3]]:3: error: 'ttcore.load_cached' op '@nosuch' does not reference a function

// -----

func.func private @two_results(%x: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
func.func @fewer_results(%x: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %y = ttcore.load_cached(@two_results, [%x, %b]) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> // expected-error {{'ttcore.load_cached' op incorrect number of results for callee @two_results: expected 2, got 1}}
  return %y : tensor<4xf32>
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 3]]:3: error: 'ttcore.load_cached' op incorrect number of results for callee @two_results: expected 2, got 1

// -----

func.func private @two_results(%x: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
func.func @fewer_operands(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y:2 = ttcore.load_cached(@two_results, [%x]) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) // expected-error {{'ttcore.load_cached' op incorrect number of operands for callee @two_results: expected 2, got 1}}
  return %y#0 : tensor<4xf32>
}
// CHECK: bookkeeping-invalid.mlir:[[# @LINE - 3]]:3: error: 'ttcore.load_cached' op incorrect number of operands for callee @two_results: expected 2, got 1

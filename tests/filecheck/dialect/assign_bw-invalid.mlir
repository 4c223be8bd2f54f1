// Verifier and parser diagnostics of ttnn.assign_bw, one chunk per rule (docs/semantics.md §2 and
// dialect/ttnn.py AssignBwOp.verify_ / parse). Each prints one line,
// FILE:LINE:COL: error: MESSAGE, at the op (parse errors: at the offending token).
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// are_required_outputs has exactly two booleans (docs/semantics.md §2).
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !t) {
  %0, %1 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [true, true, false] : (!t, !t, !t) -> (!t, !t) // expected-error {{'ttnn.assign_bw' op expected are_required_outputs to have exactly two values, got [true, true, false]}}
  // CHECK: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected are_required_outputs to have exactly two values, got [true, true, false]
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// [false, false] is an error: at least one gradient is expected (docs/semantics.md §2).
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !t) {
  %0 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [false, false] : (!t, !t, !t) -> !t // expected-error {{'ttnn.assign_bw' op expected at least one gradient: are_required_outputs is [false, false]}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected at least one gradient: are_required_outputs is [false, false]
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// The same rule in the generic form.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !t) {
  "ttnn.assign_bw"(%g, %a, %b) <{are_required_outputs = array<i1: false, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (!t, !t, !t) -> () // expected-error {{'ttnn.assign_bw' op expected at least one gradient: are_required_outputs is [false, false]}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected at least one gradient: are_required_outputs is [false, false]
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// The unary form has no are_required_outputs.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) are_required_outputs = [true, false] : (!t, !t) -> !t // expected-error {{'ttnn.assign_bw' op are_required_outputs needs the binary form (grad, input_a, input_b)}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op are_required_outputs needs the binary form (grad, input_a, input_b)
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// The unary form has no other_grad (here in the generic form).
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = "ttnn.assign_bw"(%g, %a, %g) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>}> : (!t, !t, !t) -> !t // expected-error {{'ttnn.assign_bw' op other_grad needs the binary form (grad, input_a, input_b)}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op other_grad needs the binary form (grad, input_a, input_b)
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// round_mode is absent, "trunc" or "floor" (docs/semantics.md §2).
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) round_mode = "ceil" : (!t, !t) -> !t // expected-error {{'ttnn.assign_bw' op expected round_mode to be "trunc" or "floor", got "ceil"}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected round_mode to be "trunc" or "floor", got "ceil"
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Dtypes: bf16 and bfloat8_b only (docs/semantics.md §2).
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: tensor<32x32xf32, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.assign_bw(%g, %a) : (!t, tensor<32x32xf32, #ttnn.tensor_layout<tile>>) -> tensor<32x32xf32, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.assign_bw' op expected input_a to be bf16 or bfloat8_b, got f32}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected input_a to be bf16 or bfloat8_b, got f32
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// TILE layout only: a device row-major input_b.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: tensor<32x32xbf16, #ttnn.tensor_layout<row_major>>) {
  %0, %1 = ttnn.assign_bw(%g, %a, %b) : (!t, !t, tensor<32x32xbf16, #ttnn.tensor_layout<row_major>>) -> (!t, tensor<32x32xbf16, #ttnn.tensor_layout<row_major>>) // expected-error {{'ttnn.assign_bw' op expected input_b in tile layout, got row_major}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected input_b in tile layout, got row_major
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// TILE layout only: a host (unencoded, row-major) grad.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: tensor<32x32xbf16>, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) : (tensor<32x32xbf16>, !t) -> !t // expected-error {{'ttnn.assign_bw' op expected grad in tile layout, got row_major}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected grad in tile layout, got row_major
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Rank 2, 3 or 4 (docs/semantics.md §2): rank 5.
!t = tensor<1x1x1x32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) : (!t, !t) -> !t // expected-error {{'ttnn.assign_bw' op expected grad of rank 2, 3 or 4, got rank 5}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected grad of rank 2, 3 or 4, got rank 5
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Rank 1 is not even a tile-layout tensor.
!t = tensor<32xbf16, #ttnn.tensor_layout<tile>> // expected-error {{a tile-layout tensor needs rank 2 or more, got tensor<32xbf16, #ttnn.tensor_layout<tile>>}}
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) : (!t, !t) -> !t
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 3]]:6: error: a tile-layout tensor needs rank 2 or more, got tensor<32xbf16, #ttnn.tensor_layout<tile>>
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// grad and input_a have the same shape.
!t = tensor<32x64xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.assign_bw(%g, %a) : (!t, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xbf16, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.assign_bw' op expected input_a to have the shape of grad [32, 64], got [32, 32]}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected input_a to have the shape of grad [32, 64], got [32, 32]
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// No broadcasting: input_b [1, 64] against grad [32, 64].
!t = tensor<32x64xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: tensor<1x64xbf16, #ttnn.tensor_layout<tile>>) {
  %0, %1 = ttnn.assign_bw(%g, %a, %b) : (!t, !t, tensor<1x64xbf16, #ttnn.tensor_layout<tile>>) -> (!t, tensor<1x64xbf16, #ttnn.tensor_layout<tile>>) // expected-error {{'ttnn.assign_bw' op expected input_b to have the shape of grad [32, 64], got [1, 64]}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected input_b to have the shape of grad [32, 64], got [1, 64]
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Same physical shape: an explicit physical shape on one operand only.
!t = tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile>>
!p = tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
func.func @f(%g: !t, %a: !p) {
  %0 = ttnn.assign_bw(%g, %a) : (!t, !p) -> !p // expected-error {{'ttnn.assign_bw' op expected input_a to have the physical shape of grad [1, 1, 32, 32], got [1, 1, 96, 32]}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected input_a to have the physical shape of grad [1, 1, 32, 32], got [1, 1, 96, 32]
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// input_grad needs its gradient to be required.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !t) {
  %0 = ttnn.assign_bw(%g, %a, %b) input_grad(%g) are_required_outputs = [false, true] : (!t, !t, !t, !t) -> !t // expected-error {{'ttnn.assign_bw' op input_grad is given but its gradient is not required (are_required_outputs = [false, true])}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op input_grad is given but its gradient is not required (are_required_outputs = [false, true])
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// other_grad needs its gradient to be required.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !t) {
  %0 = ttnn.assign_bw(%g, %a, %b) other_grad(%g) are_required_outputs = [true, false] : (!t, !t, !t, !t) -> !t // expected-error {{'ttnn.assign_bw' op other_grad is given but its gradient is not required (are_required_outputs = [true, false])}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op other_grad is given but its gradient is not required (are_required_outputs = [true, false])
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// One result per required gradient: the binary form defaults to two.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !t) {
  %0 = ttnn.assign_bw(%g, %a, %b) : (!t, !t, !t) -> !t // expected-error {{'ttnn.assign_bw' op expected 2 result(s), one per required gradient, got 1}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected 2 result(s), one per required gradient, got 1
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// The unary form has one result.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0, %1 = ttnn.assign_bw(%g, %a) : (!t, !t) -> (!t, !t) // expected-error {{'ttnn.assign_bw' op expected 1 result(s), one per required gradient, got 2}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected 1 result(s), one per required gradient, got 2
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Without a preallocated output, a result takes input_a's type.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
!q = tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) : (!t, !t) -> !q // expected-error {{'ttnn.assign_bw' op expected result #0 to have the type of input_a tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, got tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected result #0 to have the type of input_a tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, got tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// A preallocated input_grad gives result #0 its type.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
!q = tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %buffer: !q) {
  %0 = ttnn.assign_bw(%g, %a) input_grad(%buffer) : (!t, !t, !q) -> !t // expected-error {{'ttnn.assign_bw' op expected result #0 to have the type of input_grad tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, got tensor<32x32xbf16, #ttnn.tensor_layout<tile>>}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected result #0 to have the type of input_grad tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, got tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Result #1 takes input_b's type.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
!q = tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !q) {
  %0, %1 = ttnn.assign_bw(%g, %a, %b) : (!t, !t, !q) -> (!t, !t) // expected-error {{'ttnn.assign_bw' op expected result #1 to have the type of input_b tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, got tensor<32x32xbf16, #ttnn.tensor_layout<tile>>}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected result #1 to have the type of input_b tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, got tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// A preallocated other_grad gives result #1 its type (memory config included).
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
!m = tensor<32x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>
func.func @f(%g: !t, %a: !t, %b: !t, %ob: !m) {
  %0, %1 = ttnn.assign_bw(%g, %a, %b) other_grad(%ob) : (!t, !t, !t, !m) -> (!t, !t) // expected-error {{'ttnn.assign_bw' op expected result #1 to have the type of other_grad tensor<32x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, got tensor<32x32xbf16, #ttnn.tensor_layout<tile>>}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected result #1 to have the type of other_grad tensor<32x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, got tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// A preallocated output has grad's shape.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %buffer: tensor<64x32xbf16, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.assign_bw(%g, %a) input_grad(%buffer) : (!t, !t, tensor<64x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<64x32xbf16, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.assign_bw' op expected input_grad to have the shape of grad [32, 32], got [64, 32]}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected input_grad to have the shape of grad [32, 32], got [64, 32]
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Operands are tensors.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: memref<32x32xbf16>) {
  %0 = ttnn.assign_bw(%g, %a) : (!t, memref<32x32xbf16>) -> !t // expected-error {{'ttnn.assign_bw' op operand 'input_a' at position 1 does not verify: memref<32x32xbf16> should be of base attribute tensor}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op operand 'input_a' at position 1 does not verify: memref<32x32xbf16> should be of base attribute tensor
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// memory_config is a #ttnn.memory_config (custom form: a parse error at the attribute).
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) memory_config = #ttnn.buffer_type<l1> : (!t, !t) -> !t // expected-error {{expected memory_config to be a #ttnn.memory_config, got #ttnn.buffer_type<l1>}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:47: error: expected memory_config to be a #ttnn.memory_config, got #ttnn.buffer_type<l1>
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// round_mode is a string (generic form).
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = "ttnn.assign_bw"(%g, %a) <{round_mode = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (!t, !t) -> !t // expected-error {{'ttnn.assign_bw' op 1 : i32 should be of base attribute string}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op 1 : i32 should be of base attribute string
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// operandSegmentSizes has five entries (grad, input_a, input_b, input_grad, other_grad).
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = "ttnn.assign_bw"(%g, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!t, !t) -> !t // expected-error {{'ttnn.assign_bw' op expected 5 values in operandSegmentSizes, but got 4}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected 5 values in operandSegmentSizes, but got 4
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: one operand.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g) : (!t) -> !t // expected-error {{expected (grad, input_a) or (grad, input_a, input_b), got 1 operands}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:22: error: expected (grad, input_a) or (grad, input_a, input_b), got 1 operands
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: four operands.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a, %a, %a) : (!t, !t, !t, !t) -> !t // expected-error {{expected (grad, input_a) or (grad, input_a, input_b), got 4 operands}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:22: error: expected (grad, input_a) or (grad, input_a, input_b), got 4 operands
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: the function type lists every operand, input_grad included.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) input_grad(%a) : (!t, !t) -> !t // expected-error {{expected 3 operand types, got 2}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:48: error: expected 3 operand types, got 2
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: queue_id is an i32.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) queue_id = 4294967296 : (!t, !t) -> !t // expected-error {{expected queue_id to be an i32, got 4294967296}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:42: error: expected queue_id to be an i32, got 4294967296
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: are_required_outputs holds booleans, refused at the first other value in the
// project's words (xDSL's own was "Expected boolean literal").
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !t) {
  %0 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [1, 0] : (!t, !t, !t) -> !t // expected-error {{expected are_required_outputs to be a boolean array ([true|false, …]), got 1}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:59: error: expected are_required_outputs to be a boolean array ([true|false, …]), got 1{{$}}
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: a boolean after the first is refused at it.
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !t) {
  %0 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [true, "no"] : (!t, !t, !t) -> !t // expected-error {{expected are_required_outputs to be a boolean array ([true|false, …]), got "no"}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:65: error: expected are_required_outputs to be a boolean array ([true|false, …]), got "no"{{$}}
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: are_required_outputs is an array, not one boolean (xDSL's was "Expected '['").
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t, %b: !t) {
  %0 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = true : (!t, !t, !t) -> !t // expected-error {{expected are_required_outputs to be a boolean array ([true|false, …]), got true}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:58: error: expected are_required_outputs to be a boolean array ([true|false, …]), got true{{$}}
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: queue_id is an integer, as a keyword property's (xDSL's was "Expected integer literal").
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) queue_id = x : (!t, !t) -> !t // expected-error {{expected queue_id to be an integer, got x}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:42: error: expected queue_id to be an integer, got x{{$}}
  func.return
}
// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: round_mode is a string, as a keyword property's (xDSL's was "Expected string literal").
!t = tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
func.func @f(%g: !t, %a: !t) {
  %0 = ttnn.assign_bw(%g, %a) round_mode = floor : (!t, !t) -> !t // expected-error {{expected round_mode to be a string ("…"), got floor}}
  // CHECK-NEXT: {{.*}}assign_bw-invalid.mlir:[[# @LINE - 1]]:44: error: expected round_mode to be a string ("…"), got floor{{$}}
  func.return
}

// --verify-diagnostics checks each diagnostic against the expected-* comments, as mlir-opt
// does, and prints it on stdout (for FileCheck to check its column); a chunk without errors
// prints its IR. Inputs/verify-diagnostics-mismatch.mlir: what a mismatch prints.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: not ttnn-opt %S/Inputs/verify-diagnostics-mismatch.mlir --split-input-file --verify-diagnostics 2>&1 | filecheck %s --check-prefix=MISMATCH
// RUN: not ttnn-opt %S/Inputs/verify-diagnostics-mismatch.mlir --split-input-file 2>&1 | filecheck %s --check-prefix=PLAIN

// CHECK-LABEL: func.func @valid(
func.func @valid(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  func.return
}

// -----

// CHECK-LABEL: {{^//}} -----
// CHECK-NEXT: verify-diagnostics.mlir:[[# @LINE + 3]]:3: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal the input shape [32, 32]
func.func @below(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  // expected-error @below {{expected the result shape [64, 32]}}
  %0 = ttnn.typecast %g : tensor<32x32xbf16, #ttnn.tensor_layout<tile>> -> tensor<64x32xf32, #ttnn.tensor_layout<tile>>
  func.return
}

// -----

// CHECK-LABEL: {{^//}} -----
// CHECK-NEXT: verify-diagnostics.mlir:[[# @LINE + 2]]:3: error: 'ttnn.typecast' op expected the result shape [32, 64] to equal the input shape [32, 32]
func.func @regex_above(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.typecast %g : tensor<32x32xbf16, #ttnn.tensor_layout<tile>> -> tensor<32x64xf32, #ttnn.tensor_layout<tile>>
  // expected-error-re @above {{result shape [{{[0-9]+}}, 64] to equal}}
  func.return
}

// The first mismatch, at the diagnostic (mlir-opt's wording), and how many more there are: the
// wrong text's comment, and the comment whose error never comes.
// MISMATCH: {{^.*}}verify-diagnostics-mismatch.mlir:5:3: error: unexpected error: 'ttnn.typecast' op expected the result shape [64, 32] to equal the input shape [32, 32] (and 2 more mismatches with the expected-* comments){{$}}
// MISMATCH-NOT: {{.}}
// Without the flag the first chunk's error is the run's one line.
// PLAIN: {{^.*}}verify-diagnostics-mismatch.mlir:5:3: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal the input shape [32, 32]{{$}}
// PLAIN-NOT: {{.}}

// --verify-diagnostics checks each diagnostic against the expected-* comments, as mlir-opt
// does, and prints it on stdout (for FileCheck to check its column); a chunk without errors
// prints its IR. Inputs/verify-diagnostics-mismatch.mlir: what a mismatch prints;
// Inputs/verify-diagnostics-malformed.mlir: comments that cannot be read.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: not ttnn-opt %S/Inputs/verify-diagnostics-mismatch.mlir --split-input-file --verify-diagnostics 2>&1 | filecheck %s --check-prefix=MISMATCH
// RUN: not ttnn-opt %S/Inputs/verify-diagnostics-malformed.mlir --split-input-file --verify-diagnostics 2>&1 | filecheck %s --check-prefix=MALFORMED
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

// The first mismatch is the error line (mlir-opt's wording, at the diagnostic) with the count
// of the others; each other one is a line on stdout (printed first): at its comment, the
// wrong text's expectation and the error that never comes.
// MISMATCH: {{^.*}}verify-diagnostics-mismatch.mlir:4:6: error: expected error "the output shape" was not produced{{$}}
// MISMATCH-NEXT: {{^.*}}verify-diagnostics-mismatch.mlir:12:18: error: expected error "never comes" was not produced{{$}}
// MISMATCH-NEXT: {{^.*}}verify-diagnostics-mismatch.mlir:5:3: error: unexpected error: 'ttnn.typecast' op expected the result shape [64, 32] to equal the input shape [32, 32] (and 2 more mismatches with the expected-* comments, each on standard output){{$}}
// MISMATCH-NOT: {{.}}
// A comment that cannot be read is named at its line (each chunk's before its mismatches): a
// line offset before the file (the error line) or before its chunk, a regex that does not
// compile, a comment without its closing braces, a regex block left open, an unknown
// designator.
// MALFORMED: {{^.*}}verify-diagnostics-malformed.mlir:5:6: error: invalid expected-error regex '[unclosed': unterminated character set at position 0{{$}}
// MALFORMED-NEXT: {{^.*}}verify-diagnostics-malformed.mlir:7:6: error: expected-error comment has no closing '}}' at the end of its line{{$}}
// MALFORMED-NEXT: {{^.*}}verify-diagnostics-malformed.mlir:8:6: error: expected-error-re regex block '{{[{][{]}}' has no closing '}}'{{$}}
// MALFORMED-NEXT: {{^.*}}verify-diagnostics-malformed.mlir:9:6: error: expected-warning comment has an unknown designator '@sideways' (expected @+N, @-N, @above, @below or @unknown){{$}}
// MALFORMED-NEXT: {{^.*}}verify-diagnostics-malformed.mlir:6:3: error: unexpected error: 'ttnn.typecast' op expected the result shape [64, 32] to equal the input shape [32, 32]{{$}}
// MALFORMED-NEXT: {{^.*}}verify-diagnostics-malformed.mlir:15:4: error: expected-error line offset '@-3' is before the start of its chunk{{$}}
// MALFORMED-NEXT: {{^.*}}verify-diagnostics-malformed.mlir:1:4: error: expected-error line offset '@-5' is before the start of the file (and 6 more mismatches with the expected-* comments, each on standard output){{$}}
// MALFORMED-NOT: {{.}}
// Without the flag the first chunk's error is the run's one line.
// PLAIN: {{^.*}}verify-diagnostics-mismatch.mlir:5:3: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal the input shape [32, 32]{{$}}
// PLAIN-NOT: {{.}}

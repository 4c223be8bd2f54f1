// ttnn-opt on a verifier error: one line `FILE:LINE:COL: error: 'op' op MESSAGE` on stderr
// (the op's location, file-absolute with --split-input-file), nothing on stdout, exit 1,
// no traceback unless --traceback. --verify-diagnostics checks the diagnostic against the
// expected-error comment on its line, prints it on stdout in order with the other chunks and
// exits 0; --disable-verify prints the IR.
//
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %s | filecheck %s
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %s --split-input-file | filecheck %s
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %s --split-input-file --verify-diagnostics | filecheck %s --check-prefix=EXPECTED
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %s --traceback | filecheck %s --check-prefix=TRACE
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %s --disable-verify | filecheck %s --check-prefix=UNVERIFIED
// RUN: not ttnn-opt %s 2>&1 | filecheck %s --check-prefix=PLAIN

// CHECK-NOT: Traceback
// CHECK-NOT: stdout:
// EXPECTED-NOT: stderr:
// UNVERIFIED-NOT: stderr:
// PLAIN-NOT: Traceback

func.func @valid(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  func.return %x : tensor<32x32xbf16>
}
// EXPECTED: stdout: builtin.module {
// EXPECTED-NEXT: stdout:   func.func @valid(

// -----

func.func @bad(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, %a: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, %b: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  "ttnn.assign_bw"(%g, %a, %b) <{are_required_outputs = array<i1: false, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> () // expected-error {{expected at least one gradient}}
// CHECK: stderr: {{.*}}errors-verify.mlir:[[# @LINE - 1]]:3: error: 'ttnn.assign_bw' op expected at least one gradient: are_required_outputs is [false, false]
// CHECK-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)
// EXPECTED: stdout: {{//}} -----
// EXPECTED-NEXT: stdout: {{.*}}errors-verify.mlir:[[# @LINE - 4]]:3: error: 'ttnn.assign_bw' op expected at least one gradient: are_required_outputs is [false, false]
// EXPECTED-NEXT: stdout: {{//}} -----
// EXPECTED-NEXT: stdout: builtin.module {
// EXPECTED-NEXT: stdout:   func.func @after(
// TRACE: stderr: Traceback (most recent call last):
// TRACE: stderr: ttnn_xdsl.core.errors.TTNNError: {{.*}}errors-verify.mlir:[[# @LINE - 9]]:3: error: 'ttnn.assign_bw' op expected at least one gradient: are_required_outputs is [false, false]
// TRACE-NEXT: exit 1
// UNVERIFIED: stdout: {{ +}}ttnn.assign_bw(%g, %a, %b) are_required_outputs = [false, false] : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> ()
// UNVERIFIED: exit 0 (stdout {{[0-9]+}} lines, stderr 0 lines)
// PLAIN: {{^.*}}errors-verify.mlir:[[# @LINE - 13]]:3: error: 'ttnn.assign_bw' op expected at least one gradient: are_required_outputs is [false, false]{{$}}
// PLAIN-NOT: {{.}}
  func.return
}

// -----

func.func @after(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  func.return %x : tensor<32x32xbf16>
}
// EXPECTED: exit 0 (stdout {{[0-9]+}} lines, stderr 0 lines)

// ttnn-opt on a parse error: one line `FILE:LINE:COL: error: MESSAGE` on stderr, nothing on
// stdout, exit status 1, no Python traceback (unless --traceback). With
// --split-input-file the line stays file-absolute and the valid chunk before prints nothing.
//
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %s | filecheck %s
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %s --split-input-file | filecheck %s
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %s --split-input-file --parsing-diagnostics | filecheck %s --check-prefix=EXPECTED
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %s --traceback | filecheck %s --check-prefix=TRACE
// RUN: not ttnn-opt %s 2>&1 | filecheck %s --check-prefix=PLAIN

// CHECK-NOT: Traceback
// CHECK-NOT: stdout:
// EXPECTED-NOT: stderr:
// PLAIN-NOT: Traceback

func.func @valid(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  func.return %x : tensor<32x32xbf16>
}
// EXPECTED: stdout: builtin.module {
// EXPECTED-NEXT: stdout:   func.func @valid(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {

// -----

func.func @bad(%x: tensor<32x32xbf16, #ttnn.tensor_layout<tiled>>) {
// CHECK: stderr: {{.*}}errors-parse.mlir:[[# @LINE - 1]]:59: error: expected row_major or tile, got tiled
// CHECK-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)
// EXPECTED: stdout: {{.*}}errors-parse.mlir:[[# @LINE - 3]]:59: error: expected row_major or tile, got tiled
// EXPECTED-NEXT: exit 0 (stdout 8 lines, stderr 0 lines)
// TRACE: stderr: Traceback (most recent call last):
// TRACE: stderr: ttnn_xdsl.core.errors.TTNNError: {{.*}}errors-parse.mlir:[[# @LINE - 6]]:59: error: expected row_major or tile, got tiled
// TRACE-NEXT: exit 1
// PLAIN: {{^.*}}errors-parse.mlir:[[# @LINE - 8]]:59: error: expected row_major or tile, got tiled{{$}}
// PLAIN-NOT: {{.}}
  func.return
}

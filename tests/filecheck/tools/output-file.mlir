// ttnn-opt -o FILE: written on success; on any failure (parse, verify, bad pass) exit 1
// and no file is created, an existing one is left as it was, and no temporary file is
// left behind; missing folders on the way are made; an unwritable path is a one-line error.
//
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// Failures create nothing.
// RUN: not ttnn-opt %s -o %t.dir/out.mlir
// RUN: test ! -e %t.dir/out.mlir
// RUN: echo 'func.func @f(' > %t.bad.mlir
// RUN: not ttnn-opt %t.bad.mlir -o %t.dir/out.mlir
// RUN: not ttnn-opt %S/Inputs/valid.mlir -p nope -o %t.dir/out.mlir
// RUN: not ls %t.dir/out.mlir
// RUN: %python -c "import os, sys; print('entries:', sorted(os.listdir(sys.argv[1])))" %t.dir | filecheck %s --check-prefix=EMPTY
// EMPTY: entries: []
//
// Success writes the file and nothing on stdout.
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %S/Inputs/valid.mlir -o %t.dir/out.mlir | filecheck %s --check-prefix=QUIET
// QUIET: exit 0 (stdout 0 lines, stderr 0 lines)
// RUN: filecheck %s --check-prefix=WRITTEN --input-file %t.dir/out.mlir
// WRITTEN:      builtin.module {
// WRITTEN-NEXT:   func.func @main(
// WRITTEN-NEXT:     %0 = ttnn.assign_bw(%g, %a) : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
//
// A failure keeps the existing file intact, and leaves no temporary file next to it.
// RUN: not ttnn-opt %s -o %t.dir/out.mlir
// RUN: filecheck %s --check-prefix=WRITTEN --input-file %t.dir/out.mlir
// RUN: %python -c "import os, sys; print('entries:', sorted(os.listdir(sys.argv[1])))" %t.dir | filecheck %s --check-prefix=ONE
// ONE: entries: ['out.mlir']
//
// An output path in a missing folder: the folders are made, as for ttnn-run's outputs
// (docs/tools.md, "Where outputs go"); a failure makes none.
// RUN: not ttnn-opt %s -o %t.dir/failed/out.mlir
// RUN: test ! -e %t.dir/failed
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %S/Inputs/valid.mlir -o %t.dir/missing/deeper/out.mlir | filecheck %s --check-prefix=QUIET
// RUN: filecheck %s --check-prefix=WRITTEN --input-file %t.dir/missing/deeper/out.mlir
//
// An output path under a regular file is a one-line error.
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %S/Inputs/valid.mlir -o %t.dir/out.mlir/out.mlir | filecheck %s --check-prefix=UNWRITABLE
// UNWRITABLE:      stderr: ttnn-opt: error: cannot write '{{.*}}out.mlir': Not a directory
// UNWRITABLE-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)

func.func @invalid(%x: tensor<32x32xf32, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.typecast %x : tensor<32x32xf32, #ttnn.tensor_layout<tile>> -> tensor<64x32xbf16, #ttnn.tensor_layout<tile>>
  func.return
}

// ttnn-opt command-line errors: a missing input file, an unknown flag, an input it has no
// frontend for. Each prints one line `ttnn-opt: error: ...` on stderr (argparse's usage
// block is not printed), nothing on stdout, exit status 1 (argparse's own status is 2).
//
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %t.missing.mlir | filecheck %s --check-prefix=MISSING -DFILE=%t.missing.mlir
// RUN: %python %S/Inputs/run_tool.py ttnn-opt --no-such-flag %S/Inputs/valid.mlir | filecheck %s --check-prefix=FLAG
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %S/Inputs/run_tool.py | filecheck %s --check-prefix=EXTENSION
// RUN: not ttnn-opt %t.missing.mlir 2>&1 | filecheck %s --check-prefix=PLAIN
// RUN: %python %S/Inputs/run_tool.py ttnn-opt --help | filecheck %s --check-prefix=HELP

// MISSING:      stderr: ttnn-opt: error: cannot read '[[FILE]]': No such file or directory
// MISSING-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)

// FLAG:      stderr: ttnn-opt: error: unrecognized arguments: --no-such-flag
// FLAG-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)

// EXTENSION:      stderr: ttnn-opt: error: Unrecognized file extension 'py'
// EXTENSION-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)

// PLAIN:     {{^}}ttnn-opt: error: cannot read '{{.*}}.missing.mlir': No such file or directory{{$}}
// PLAIN-NOT: {{.}}

// --help still prints the whole usage, with the project's --traceback flag, and exits 0.
// HELP:     stdout: usage: ttnn-opt
// HELP:     stdout:   --traceback
// HELP:     exit 0 (stdout {{[0-9]+}} lines, stderr 0 lines)

// ttnn-opt with a bad pass pipeline: an unknown pass, an option the pass does not have, a
// malformed pipeline. Each prints one line `ttnn-opt: error: ...` on stderr, nothing on
// stdout, exit status 1, no traceback (the malformed pipeline used to raise one).
//
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %S/Inputs/valid.mlir -p nope | filecheck %s --check-prefix=UNKNOWN
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %S/Inputs/valid.mlir -p 'ttnn-lower{x=1}' | filecheck %s --check-prefix=OPTION
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %S/Inputs/valid.mlir -p 'ttnn-lower{x=1' | filecheck %s --check-prefix=MALFORMED
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %S/Inputs/valid.mlir -p 'ttnn-lower,,' | filecheck %s --check-prefix=EMPTY
// RUN: not ttnn-opt %S/Inputs/valid.mlir -p nope 2>&1 | filecheck %s --check-prefix=PLAIN
// RUN: not ttnn-opt %S/Inputs/valid.mlir -p 'ttnn-lowr,cse' 2>&1 | filecheck %s --check-prefix=CLOSE
// RUN: %python %S/Inputs/run_tool.py ttnn-opt %S/Inputs/valid.mlir -p 'ttnn-lower{x=1' --traceback | filecheck %s --check-prefix=TRACE

// UNKNOWN:      stderr: ttnn-opt: error: bad pass pipeline 'nope': unknown pass 'nope'
// UNKNOWN-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)

// OPTION:      stderr: ttnn-opt: error: bad pass pipeline 'ttnn-lower{x=1}': Provided arguments ["x"] not found in expected arguments []
// OPTION-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)

// MALFORMED:      stderr: ttnn-opt: error: bad pass pipeline 'ttnn-lower{x=1': pass-pipeline:1:15: Malformed pass arguments, expected either a space or `}` here
// MALFORMED-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)

// EMPTY:      stderr: ttnn-opt: error: bad pass pipeline 'ttnn-lower,,': pass-pipeline:1:12: Expected pass name here
// EMPTY-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)

// PLAIN:     {{^}}ttnn-opt: error: bad pass pipeline 'nope': unknown pass 'nope'{{$}}
// PLAIN-NOT: {{.}}

// CLOSE:     {{^}}ttnn-opt: error: bad pass pipeline 'ttnn-lowr,cse': unknown pass 'ttnn-lowr' (did you mean 'ttnn-lower'?){{$}}
// CLOSE-NOT: {{.}}

// TRACE: stderr: Traceback (most recent call last):
// TRACE: stderr: ttnn_xdsl.core.errors.TTNNError: bad pass pipeline 'ttnn-lower{x=1': pass-pipeline:1:15: Malformed pass arguments, expected either a space or `}` here
// TRACE: exit 1

// The commonest slips in IR text get a message saying what is missing, where xDSL's own
// parser says " in block definition" or "Could not parse entire input!".

// A region left open at the end of the file.
// RUN: not ttnn-opt %S/Inputs/unclosed-region.mlir 2>&1 | filecheck %s --check-prefix=OPEN
// OPEN:     {{\A}}{{.*}}unclosed-region.mlir:3:1: error: expected '}' to close a region before the end of the input{{$}}
// OPEN-NOT: {{.}}

// A closing brace too many.
// RUN: not ttnn-opt %S/Inputs/stray-brace.mlir 2>&1 | filecheck %s --check-prefix=STRAY
// STRAY:     {{\A}}{{.*}}stray-brace.mlir:4:1: error: expected an operation{{$}}
// STRAY-NOT: {{.}}

// Nothing but a comment; ttnn-run says the same.
// RUN: not ttnn-opt %S/Inputs/comments-only.mlir 2>&1 | filecheck %s --check-prefix=EMPTY
// RUN: not ttnn-run %S/Inputs/comments-only.mlir 2>&1 | filecheck %s --check-prefix=EMPTY
// EMPTY:     {{\A}}{{.*}}comments-only.mlir:2:1: error: the input holds no operation{{$}}
// EMPTY-NOT: {{.}}

// A sigil with no name after it: xDSL's message came unformatted ("Expected suffix identifier
// after {first_char}").
// RUN: not ttnn-opt %S/Inputs/sigil-without-name.mlir 2>&1 | filecheck %s --check-prefix=SIGIL
// SIGIL:     {{\A}}{{.*}}sigil-without-name.mlir:2:14: error: expected a name or a number after '%' (as in %x or %0){{$}}
// SIGIL-NOT: {{.}}

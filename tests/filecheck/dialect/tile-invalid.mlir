// Diagnostics of the tile dialect, one chunk per rule: !tile.tile's parameters and the
// verifiers of tile.load, tile.store, tile.tilize, tile.untilize and tile.typecast.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// !tile.tile is 32x32.
func.func private @f(!tile.tile<16x16, bf16>) // expected-error {{!tile.tile must be 32x32, got 16x16}}
// CHECK: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:22: error: !tile.tile must be 32x32, got 16x16

// -----
// CHECK-NEXT: {{^//}} -----

// !tile.tile holds f32, bf16 or !ttnn.bfp8_b.
func.func private @f(!tile.tile<32x32, f16>) // expected-error {{!tile.tile expected element type f32, bf16 or !ttnn.bfp8_b, got f16}}
// CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:22: error: !tile.tile expected element type f32, bf16 or !ttnn.bfp8_b, got f16

// -----
// CHECK-NEXT: {{^//}} -----

// tile.load: one index per memref dim.
func.func @f(%m: memref<2x2x!tile.tile<32x32, bf16>>, %i: index) {
  %t = tile.load %m[%i] : memref<2x2x!tile.tile<32x32, bf16>> // expected-error {{'tile.load' op expected 2 indices for memref<2x2x!tile.tile<32x32, bf16>>, got 1}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.load' op expected 2 indices for memref<2x2x!tile.tile<32x32, bf16>>, got 1
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.load: a memref of tiles.
func.func @f(%m: memref<2x2xbf16>, %i: index) {
  %t = tile.load %m[%i, %i] : memref<2x2xbf16> // expected-error {{'tile.load' op bf16 should be of base attribute tile.tile}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.load' op bf16 should be of base attribute tile.tile
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.load: the result is the memref's tile type (generic form).
func.func @f(%m: memref<2x2x!tile.tile<32x32, bf16>>, %i: index) {
  %t = "tile.load"(%m, %i, %i) : (memref<2x2x!tile.tile<32x32, bf16>>, index, index) -> !tile.tile<32x32, f32> // expected-error {{'tile.load' op result 'result' at position 0 does not verify: attribute !tile.tile<32x32, bf16> expected from variable 'T', but got !tile.tile<32x32, f32>}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.load' op result 'result' at position 0 does not verify: attribute !tile.tile<32x32, bf16> expected from variable 'T', but got !tile.tile<32x32, f32>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.load: indices are index values.
func.func @f(%m: memref<2x2x!tile.tile<32x32, bf16>>, %i: i32) {
  %t = "tile.load"(%m, %i, %i) : (memref<2x2x!tile.tile<32x32, bf16>>, i32, i32) -> !tile.tile<32x32, bf16> // expected-error {{'tile.load' op operand 'indices' at positions 1 to 2 does not verify: Expected attribute index but got i32}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.load' op operand 'indices' at positions 1 to 2 does not verify: Expected attribute index but got i32
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.store: one index per memref dim.
func.func @f(%t: !tile.tile<32x32, bf16>, %m: memref<2x2x!tile.tile<32x32, bf16>>, %i: index) {
  tile.store %t, %m[%i, %i, %i] : memref<2x2x!tile.tile<32x32, bf16>> // expected-error {{'tile.store' op expected 2 indices for memref<2x2x!tile.tile<32x32, bf16>>, got 3}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.store' op expected 2 indices for memref<2x2x!tile.tile<32x32, bf16>>, got 3
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.store: the value is the memref's tile type (generic form).
func.func @f(%t: !tile.tile<32x32, f32>, %m: memref<2x2x!tile.tile<32x32, bf16>>, %i: index) {
  "tile.store"(%t, %m, %i, %i) : (!tile.tile<32x32, f32>, memref<2x2x!tile.tile<32x32, bf16>>, index, index) -> () // expected-error {{'tile.store' op operand 'buffer' at position 1 does not verify: attribute !tile.tile<32x32, f32> expected from variable 'T', but got !tile.tile<32x32, bf16>}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.store' op operand 'buffer' at position 1 does not verify: attribute !tile.tile<32x32, f32> expected from variable 'T', but got !tile.tile<32x32, bf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.tilize: one index per memref dim.
func.func @f(%r: memref<64x64xbf16>, %i: index) {
  %t = tile.tilize %r[%i, %i, %i] : memref<64x64xbf16> -> !tile.tile<32x32, bf16> // expected-error {{'tile.tilize' op expected 2 indices for memref<64x64xbf16>, got 3}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.tilize' op expected 2 indices for memref<64x64xbf16>, got 3
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.tilize: a memref of rank 2 or more.
func.func @f(%r: memref<64xbf16>, %i: index) {
  %t = tile.tilize %r[%i] : memref<64xbf16> -> !tile.tile<32x32, bf16> // expected-error {{'tile.tilize' op expected a memref of rank 2 or more, got memref<64xbf16>}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.tilize' op expected a memref of rank 2 or more, got memref<64xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.tilize: a memref of scalars, not of tiles.
func.func @f(%r: memref<2x2x!tile.tile<32x32, bf16>>, %i: index) {
  %t = tile.tilize %r[%i, %i] : memref<2x2x!tile.tile<32x32, bf16>> -> !tile.tile<32x32, bf16> // expected-error {{'tile.tilize' op expected a memref of scalars, got memref<2x2x!tile.tile<32x32, bf16>>}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.tilize' op expected a memref of scalars, got memref<2x2x!tile.tile<32x32, bf16>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.tilize: the tile has the memref's element type.
func.func @f(%r: memref<64x64xbf16>, %i: index) {
  %t = tile.tilize %r[%i, %i] : memref<64x64xbf16> -> !tile.tile<32x32, f32> // expected-error {{'tile.tilize' op expected a tile of the memref's element type bf16, got !tile.tile<32x32, f32>}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.tilize' op expected a tile of the memref's element type bf16, got !tile.tile<32x32, f32>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.tilize: bfloat8_b has no row-major form.
func.func @f(%r: memref<64x64x!ttnn.bfp8_b>, %i: index) {
  %t = tile.tilize %r[%i, %i] : memref<64x64x!ttnn.bfp8_b> -> !tile.tile<32x32, !ttnn.bfp8_b> // expected-error {{'tile.tilize' op bfloat8_b has no row-major form}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.tilize' op bfloat8_b has no row-major form
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.untilize: one index per memref dim.
func.func @f(%t: !tile.tile<32x32, bf16>, %r: memref<64x64xbf16>, %i: index) {
  tile.untilize %t, %r[%i] : !tile.tile<32x32, bf16>, memref<64x64xbf16> // expected-error {{'tile.untilize' op expected 2 indices for memref<64x64xbf16>, got 1}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.untilize' op expected 2 indices for memref<64x64xbf16>, got 1
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.untilize: a memref of rank 2 or more.
func.func @f(%t: !tile.tile<32x32, bf16>, %r: memref<64xbf16>, %i: index) {
  tile.untilize %t, %r[%i] : !tile.tile<32x32, bf16>, memref<64xbf16> // expected-error {{'tile.untilize' op expected a memref of rank 2 or more, got memref<64xbf16>}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.untilize' op expected a memref of rank 2 or more, got memref<64xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.untilize: a memref of scalars, not of tiles.
func.func @f(%t: !tile.tile<32x32, bf16>, %r: memref<2x2x!tile.tile<32x32, bf16>>, %i: index) {
  tile.untilize %t, %r[%i, %i] : !tile.tile<32x32, bf16>, memref<2x2x!tile.tile<32x32, bf16>> // expected-error {{'tile.untilize' op expected a memref of scalars, got memref<2x2x!tile.tile<32x32, bf16>>}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.untilize' op expected a memref of scalars, got memref<2x2x!tile.tile<32x32, bf16>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.untilize: the tile has the memref's element type.
func.func @f(%t: !tile.tile<32x32, f32>, %r: memref<64x64xbf16>, %i: index) {
  tile.untilize %t, %r[%i, %i] : !tile.tile<32x32, f32>, memref<64x64xbf16> // expected-error {{'tile.untilize' op expected a tile of the memref's element type bf16, got !tile.tile<32x32, f32>}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.untilize' op expected a tile of the memref's element type bf16, got !tile.tile<32x32, f32>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.untilize: bfloat8_b has no row-major form.
func.func @f(%t: !tile.tile<32x32, !ttnn.bfp8_b>, %r: memref<64x64x!ttnn.bfp8_b>, %i: index) {
  tile.untilize %t, %r[%i, %i] : !tile.tile<32x32, !ttnn.bfp8_b>, memref<64x64x!ttnn.bfp8_b> // expected-error {{'tile.untilize' op bfloat8_b has no row-major form}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.untilize' op bfloat8_b has no row-major form
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.typecast: the element type changes.
func.func @f(%t: !tile.tile<32x32, bf16>) {
  %u = tile.typecast %t : !tile.tile<32x32, bf16> -> !tile.tile<32x32, bf16> // expected-error {{'tile.typecast' op expected a different result element type, got !tile.tile<32x32, bf16> -> !tile.tile<32x32, bf16>}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.typecast' op expected a different result element type, got !tile.tile<32x32, bf16> -> !tile.tile<32x32, bf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tile.typecast: tiles only.
func.func @f(%t: f32) {
  %u = tile.typecast %t : f32 -> !tile.tile<32x32, bf16> // expected-error {{'tile.typecast' op f32 should be of base attribute tile.tile}}
  // CHECK-NEXT: {{.*}}tile-invalid.mlir:[[# @LINE - 1]]:3: error: 'tile.typecast' op f32 should be of base attribute tile.tile
  func.return
}

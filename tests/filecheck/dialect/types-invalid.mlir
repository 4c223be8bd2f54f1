// Diagnostics of TT-NN tensor types, one chunk per rule: the #ttnn.tensor_layout
// attribute's own checks (parse errors at the attribute) and what an op requires of its
// tensor types (element type, static shape, encoding, bfloat8_b in TILE only, a physical
// shape that holds the logical one in whole tiles), shown through ttnn.typecast.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// A static shape.
func.func @f(%x: tensor<?x32xbf16, #ttnn.tensor_layout<tile>>) { // expected-error {{expected a static shape, got tensor<?x32xbf16, #ttnn.tensor_layout<tile>>}}
  %0 = ttnn.typecast %x : tensor<?x32xbf16, #ttnn.tensor_layout<tile>> -> tensor<?x32xbf16, #ttnn.tensor_layout<tile>>
  // CHECK: {{.*}}types-invalid.mlir:[[# @LINE - 2]]:18: error: expected a static shape, got tensor<?x32xbf16, #ttnn.tensor_layout<tile>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Element types f32, bf16, !ttnn.bfp8_b.
func.func @f(%x: tensor<32x32xi8, #ttnn.tensor_layout<tile>>) { // expected-error {{expected element type f32, bf16 or !ttnn.bfp8_b, got i8}}
  %0 = ttnn.typecast %x : tensor<32x32xi8, #ttnn.tensor_layout<tile>> -> tensor<32x32xi8, #ttnn.tensor_layout<tile>>
  // CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 2]]:18: error: expected element type f32, bf16 or !ttnn.bfp8_b, got i8
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The encoding is a #ttnn.tensor_layout.
func.func @f(%x: tensor<32x32xbf16, #ttnn.layout<tile>>) {
  %0 = ttnn.typecast %x : tensor<32x32xbf16, #ttnn.layout<tile>> -> tensor<32x32xbf16, #ttnn.layout<tile>> // expected-error {{'ttnn.typecast' op input: expected a #ttnn.tensor_layout encoding, got #ttnn.layout<tile>}}
  // CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.typecast' op input: expected a #ttnn.tensor_layout encoding, got #ttnn.layout<tile>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// bfloat8_b needs the tile layout: not a host tensor.
func.func @f(%x: tensor<32x32x!ttnn.bfp8_b>) { // expected-error {{bfloat8_b needs the tile layout, got a host row-major tensor tensor<32x32x!ttnn.bfp8_b>}}
  %0 = ttnn.typecast %x : tensor<32x32x!ttnn.bfp8_b> -> tensor<32x32x!ttnn.bfp8_b>
  // CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 2]]:18: error: bfloat8_b needs the tile layout, got a host row-major tensor tensor<32x32x!ttnn.bfp8_b>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// bfloat8_b needs the tile layout: not a device row-major tensor.
func.func @f(%x: tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>) { // expected-error {{bfloat8_b needs the tile layout, got tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>}}
  %0 = ttnn.typecast %x : tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>> -> tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>
  // CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 2]]:18: error: bfloat8_b needs the tile layout, got tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A tile-layout tensor has rank 2 or more.
func.func @f(%x: tensor<32xf32, #ttnn.tensor_layout<tile>>) { // expected-error {{a tile-layout tensor needs rank 2 or more, got tensor<32xf32, #ttnn.tensor_layout<tile>>}}
  %0 = ttnn.typecast %x : tensor<32xf32, #ttnn.tensor_layout<tile>> -> tensor<32xf32, #ttnn.tensor_layout<tile>>
  // CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 2]]:18: error: a tile-layout tensor needs rank 2 or more, got tensor<32xf32, #ttnn.tensor_layout<tile>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The physical shape has the tensor's rank.
func.func @f(%x: tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 96x32>>) { // expected-error {{expected physical shape 96x32 to keep the leading dims of 1x1x27x2 and hold its last two dims in whole tiles}}
  %0 = ttnn.typecast %x : tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 96x32>> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 96x32>>
  // CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 2]]:18: error: expected physical shape 96x32 to keep the leading dims of 1x1x27x2 and hold its last two dims in whole tiles
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The physical shape keeps the leading dims.
func.func @f(%x: tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 2x1x96x32>>) { // expected-error {{expected physical shape 2x1x96x32 to keep the leading dims of 1x1x27x2 and hold its last two dims in whole tiles}}
  %0 = ttnn.typecast %x : tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 2x1x96x32>> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 2x1x96x32>>
  // CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 2]]:18: error: expected physical shape 2x1x96x32 to keep the leading dims of 1x1x27x2 and hold its last two dims in whole tiles
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The physical shape is whole tiles.
func.func @f(%x: tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x100x32>>) { // expected-error {{expected physical shape 1x1x100x32 to keep the leading dims of 1x1x27x2 and hold its last two dims in whole tiles}}
  %0 = ttnn.typecast %x : tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x100x32>> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x100x32>>
  // CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 2]]:18: error: expected physical shape 1x1x100x32 to keep the leading dims of 1x1x27x2 and hold its last two dims in whole tiles
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The physical shape holds the logical shape.
func.func @f(%x: tensor<1x1x40x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) { // expected-error {{expected physical shape 1x1x32x32 to keep the leading dims of 1x1x40x2 and hold its last two dims in whole tiles}}
  %0 = ttnn.typecast %x : tensor<1x1x40x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> -> tensor<1x1x40x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  // CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 2]]:18: error: expected physical shape 1x1x32x32 to keep the leading dims of 1x1x40x2 and hold its last two dims in whole tiles
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// #ttnn.tensor_layout: a physical shape needs the tile layout.
func.func @f(%x: tensor<27x2xbf16, #ttnn.tensor_layout<row_major, physical = 32x32>>) { // expected-error {{#ttnn.tensor_layout expected the tile layout with a physical shape (32x32), got row_major}}
// CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 1]]:36: error: #ttnn.tensor_layout expected the tile layout with a physical shape (32x32), got row_major
  %0 = ttnn.typecast %x : tensor<27x2xbf16, #ttnn.tensor_layout<row_major, physical = 32x32>> -> tensor<27x2xbf16, #ttnn.tensor_layout<row_major, physical = 32x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// #ttnn.tensor_layout: a physical shape has rank 2 or more.
func.func @f(%x: tensor<27xbf16, #ttnn.tensor_layout<tile, physical = 32>>) { // expected-error {{#ttnn.tensor_layout expected a physical shape of rank 2 or more, got 32}}
// CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 1]]:34: error: #ttnn.tensor_layout expected a physical shape of rank 2 or more, got 32
  %0 = ttnn.typecast %x : tensor<27xbf16, #ttnn.tensor_layout<tile, physical = 32>> -> tensor<27xbf16, #ttnn.tensor_layout<tile, physical = 32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// #ttnn.tensor_layout: one physical shape.
func.func @f(%x: tensor<27x2xbf16, #ttnn.tensor_layout<tile, physical = 32x32, physical = 32x32>>) { // expected-error {{duplicate #ttnn.tensor_layout physical shape}}
// CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 1]]:80: error: duplicate #ttnn.tensor_layout physical shape
  %0 = ttnn.typecast %x : tensor<27x2xbf16, #ttnn.tensor_layout<tile, physical = 32x32, physical = 32x32>> -> tensor<27x2xbf16, #ttnn.tensor_layout<tile, physical = 32x32, physical = 32x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// #ttnn.tensor_layout: one memory config.
func.func @f(%x: tensor<27x2xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>) { // expected-error {{duplicate #ttnn.tensor_layout memory config}}
// CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 1]]:123: error: duplicate #ttnn.tensor_layout memory config
  %0 = ttnn.typecast %x : tensor<27x2xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>> -> tensor<27x2xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// #ttnn.tensor_layout: a memory config or a physical shape after the layout.
func.func @f(%x: tensor<27x2xbf16, #ttnn.tensor_layout<tile, #ttnn.buffer_type<l1>>>) { // expected-error {{#ttnn.tensor_layout expected a #ttnn.memory_config or 'physical = AxBx...'}}
// CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 1]]:62: error: #ttnn.tensor_layout expected a #ttnn.memory_config or 'physical = AxBx...'
  %0 = ttnn.typecast %x : tensor<27x2xbf16, #ttnn.tensor_layout<tile, #ttnn.buffer_type<l1>>> -> tensor<27x2xbf16, #ttnn.tensor_layout<tile, #ttnn.buffer_type<l1>>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// #ttnn.tensor_layout: the layout is tile or row_major.
func.func @f(%x: tensor<27x2xbf16, #ttnn.tensor_layout<tiled>>) { // expected-error {{expected row_major or tile, got tiled}}
// CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 1]]:56: error: expected row_major or tile, got tiled
  %0 = ttnn.typecast %x : tensor<27x2xbf16, #ttnn.tensor_layout<tiled>> -> tensor<27x2xbf16, #ttnn.tensor_layout<tiled>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// !ttnn.bfp8_b has no parameters.
func.func @f(%x: tensor<32x32x!ttnn.bfp8_b<8>, #ttnn.tensor_layout<tile>>) { // expected-error {{invalid parameters for !ttnn.bfp8_b: zip() argument 2 is longer than argument 1}}
// CHECK-NEXT: {{.*}}types-invalid.mlir:[[# @LINE - 1]]:31: error: invalid parameters for !ttnn.bfp8_b: zip() argument 2 is longer than argument 1
  %0 = ttnn.typecast %x : tensor<32x32x!ttnn.bfp8_b<8>, #ttnn.tensor_layout<tile>> -> tensor<32x32x!ttnn.bfp8_b<8>, #ttnn.tensor_layout<tile>>
  func.return
}

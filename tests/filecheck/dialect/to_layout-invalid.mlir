// Verifier diagnostics of ttnn.to_layout, one chunk per rule: only the layout changes.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// The shape stays.
func.func @f(%x: tensor<40x50xbf16>) {
  %0 = ttnn.to_layout %x : tensor<40x50xbf16> -> tensor<40x64xbf16, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.to_layout' op expected the result shape [40, 64] to equal the input shape [40, 50]}}
  // CHECK: {{.*}}to_layout-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.to_layout' op expected the result shape [40, 64] to equal the input shape [40, 50]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The dtype stays (ttnn.typecast changes it).
func.func @f(%x: tensor<40x50xbf16>) {
  %0 = ttnn.to_layout %x : tensor<40x50xbf16> -> tensor<40x50xf32, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.to_layout' op expected the result dtype f32 to equal the input dtype bf16 (ttnn.typecast changes dtypes)}}
  // CHECK-NEXT: {{.*}}to_layout-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.to_layout' op expected the result dtype f32 to equal the input dtype bf16 (ttnn.typecast changes dtypes)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// to_layout pads to whole tiles only (64x64 spelled out would be the same tensor).
func.func @f(%x: tensor<40x50xbf16>) {
  %0 = ttnn.to_layout %x : tensor<40x50xbf16> -> tensor<40x50xbf16, #ttnn.tensor_layout<tile, physical = 96x64>> // expected-error {{'ttnn.to_layout' op cannot produce a physical shape beyond whole tiles (to_layout pads to the next tile only), got tensor<40x50xbf16, #ttnn.tensor_layout<tile, physical = 96x64>>}}
  // CHECK-NEXT: {{.*}}to_layout-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.to_layout' op cannot produce a physical shape beyond whole tiles (to_layout pads to the next tile only), got tensor<40x50xbf16, #ttnn.tensor_layout<tile, physical = 96x64>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Untilizing bfloat8_b is impossible: it has no row-major form.
func.func @f(%x: tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.to_layout %x : tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>> -> tensor<64x64x!ttnn.bfp8_b> // expected-error {{bfloat8_b needs the tile layout, got a host row-major tensor tensor<64x64x!ttnn.bfp8_b>}}
  // CHECK-NEXT: {{.*}}to_layout-invalid.mlir:[[# @LINE - 1]]:85: error: bfloat8_b needs the tile layout, got a host row-major tensor tensor<64x64x!ttnn.bfp8_b>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The input is a TT-NN tensor type: a static shape.
func.func @f(%x: tensor<?x50xbf16>) {
  %0 = ttnn.to_layout %x : tensor<?x50xbf16> -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.to_layout' op input: expected a static shape, got tensor<?x50xbf16>}}
  // CHECK-NEXT: {{.*}}to_layout-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.to_layout' op input: expected a static shape, got tensor<?x50xbf16>
  func.return
}

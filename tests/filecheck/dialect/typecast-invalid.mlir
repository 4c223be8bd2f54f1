// Verifier diagnostics of ttnn.typecast, one chunk per rule: only the dtype changes.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// The shape stays.
func.func @f(%x: tensor<64x64xf32, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.typecast %x : tensor<64x64xf32, #ttnn.tensor_layout<tile>> -> tensor<64x32xbf16, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.typecast' op expected the result shape [64, 32] to equal the input shape [64, 64]}}
  // CHECK: {{.*}}typecast-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal the input shape [64, 64]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The layout stays (ttnn.to_layout changes it).
func.func @f(%x: tensor<64x64xf32, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.typecast %x : tensor<64x64xf32, #ttnn.tensor_layout<tile>> -> tensor<64x64xbf16, #ttnn.tensor_layout<row_major>> // expected-error {{'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<64x64xf32, #ttnn.tensor_layout<tile>> -> tensor<64x64xbf16, #ttnn.tensor_layout<row_major>>}}
  // CHECK-NEXT: {{.*}}typecast-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<64x64xf32, #ttnn.tensor_layout<tile>> -> tensor<64x64xbf16, #ttnn.tensor_layout<row_major>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The layout stays: a host tensor stays on the host.
func.func @f(%x: tensor<64x64xf32>) {
  %0 = ttnn.typecast %x : tensor<64x64xf32> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<64x64xf32> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile>>}}
  // CHECK-NEXT: {{.*}}typecast-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<64x64xf32> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The physical shape stays.
func.func @f(%x: tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) {
  %0 = ttnn.typecast %x : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile>>}}
  // CHECK-NEXT: {{.*}}typecast-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The memory config stays.
func.func @f(%x: tensor<64x64xf32, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.typecast %x : tensor<64x64xf32, #ttnn.tensor_layout<tile>> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>> // expected-error {{'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<64x64xf32, #ttnn.tensor_layout<tile>> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>}}
  // CHECK-NEXT: {{.*}}typecast-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<64x64xf32, #ttnn.tensor_layout<tile>> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The memory config stays: the shard orientation (absent means row_major).
func.func @f(%x: tensor<64x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64>>>>) {
  %0 = ttnn.typecast %x : tensor<64x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64>>>> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64, orientation = col_major>>>> // expected-error {{'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<64x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64>>>> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64, orientation = col_major>>>>}}
  // CHECK-NEXT: {{.*}}typecast-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<64x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64>>>> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64, orientation = col_major>>>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result is a TT-NN tensor type: bfloat8_b needs the tile layout.
func.func @f(%x: tensor<64x64xf32, #ttnn.tensor_layout<row_major>>) {
  %0 = ttnn.typecast %x : tensor<64x64xf32, #ttnn.tensor_layout<row_major>> -> tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>> // expected-error {{bfloat8_b needs the tile layout, got tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>}}
  // CHECK-NEXT: {{.*}}typecast-invalid.mlir:[[# @LINE - 1]]:80: error: bfloat8_b needs the tile layout, got tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The input is a TT-NN tensor type.
func.func @f(%x: tensor<64x64xi32, #ttnn.tensor_layout<tile>>) { // expected-error {{expected element type f32, bf16 or !ttnn.bfp8_b, got i32}}
  %0 = ttnn.typecast %x : tensor<64x64xi32, #ttnn.tensor_layout<tile>> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile>>
  // CHECK-NEXT: {{.*}}typecast-invalid.mlir:[[# @LINE - 2]]:18: error: expected element type f32, bf16 or !ttnn.bfp8_b, got i32
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The operand is a tensor.
func.func @f(%x: memref<64x64xf32>) {
  %0 = ttnn.typecast %x : memref<64x64xf32> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.typecast' op memref<64x64xf32> should be of base attribute tensor}}
  // CHECK-NEXT: {{.*}}typecast-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.typecast' op memref<64x64xf32> should be of base attribute tensor
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A typecast does not move a host tensor to the device (ttnn.to_layout does).
func.func @f(%x: tensor<4x4xf32>) {
  %0 = ttnn.typecast %x : tensor<4x4xf32> -> tensor<4x4xbf16, #ttnn.tensor_layout<row_major>> // expected-error {{'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<4x4xf32> -> tensor<4x4xbf16, #ttnn.tensor_layout<row_major>>}}
  // CHECK-NEXT: {{.*}}typecast-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.typecast' op expected the result to keep the input's layout, physical shape and memory config (only the dtype changes): tensor<4x4xf32> -> tensor<4x4xbf16, #ttnn.tensor_layout<row_major>>
  func.return
}

// Verifier and parser diagnostics of ttnn.prepare_conv_bias, one chunk per rule: the bias
// tensor (host, f32/bf16, [1, 1, 1, out_channels]), the conv parameters it shares with
// prepare_conv_weights (docs/semantics.md §3.2), and the result type against the inferred one (docs/semantics.md §3.4).
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// The bias is a host tensor (no encoding).
func.func @f(%b: tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected bias_tensor to be a host tensor (no encoding), got tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile>>}}
  // CHECK: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected bias_tensor to be a host tensor (no encoding), got tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The bias is f32 or bf16.
func.func @f(%b: tensor<1x1x1x2xi32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xi32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op bias_tensor: expected element type f32, bf16 or !ttnn.bfp8_b, got i32}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op bias_tensor: expected element type f32, bf16 or !ttnn.bfp8_b, got i32
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The bias is f32 or bf16: a host tensor cannot be bfloat8_b.
func.func @f(%b: tensor<1x1x1x2x!ttnn.bfp8_b>) { // expected-error {{bfloat8_b needs the tile layout, got a host row-major tensor tensor<1x1x1x2x!ttnn.bfp8_b>}}
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2x!ttnn.bfp8_b> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 2]]:18: error: bfloat8_b needs the tile layout, got a host row-major tensor tensor<1x1x1x2x!ttnn.bfp8_b>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Bias shape [1, 1, 1, out_channels] (docs/semantics.md §3.2).
func.func @f(%b: tensor<1x1x1x3xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x3xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected bias_tensor of shape [1, 1, 1, 2] (out_channels), got [1, 1, 1, 3]}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected bias_tensor of shape [1, 1, 1, 2] (out_channels), got [1, 1, 1, 3]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Bias shape [1, 1, 1, out_channels]: rank 1.
func.func @f(%b: tensor<2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected bias_tensor of shape [1, 1, 1, 2] (out_channels), got [2]}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected bias_tensor of shape [1, 1, 1, 2] (out_channels), got [2]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Bias shape [1, 1, 1, out_channels]: a 2-row bias.
func.func @f(%b: tensor<1x1x2x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x2x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected bias_tensor of shape [1, 1, 1, 2] (out_channels), got [1, 1, 2, 2]}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected bias_tensor of shape [1, 1, 1, 2] (out_channels), got [1, 1, 2, 2]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The conv parameters are checked as for the weights: out_channels >= 1.
func.func @f(%b: tensor<1x1x1x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 0 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected out_channels to be positive, got 0}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected out_channels to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// groups divides both channel counts.
func.func @f(%b: tensor<1x1x1x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 2 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected groups 2 to be positive and divide in_channels 3 and out_channels 2}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected groups 2 to be positive and divide in_channels 3 and out_channels 2
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// stride has 2 positive values.
func.func @f(%b: tensor<1x1x1x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [0, 0] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected stride to have 2 positive values, got [0, 0]}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected stride to have 2 positive values, got [0, 0]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// padding has 2 or 4 non-negative values.
func.func @f(%b: tensor<1x1x1x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [-1, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected padding to have 2 or 4 non-negative values, got [-1, 0]}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected padding to have 2 or 4 non-negative values, got [-1, 0]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The output image is at least 1x1.
func.func @f(%b: tensor<1x1x1x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 1 kernel_size = [3, 3] stride = [1, 1] padding = [1, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op output image is empty: OW = 0 (input_width 1, padding 0+0, dilation 1, kernel 3, stride 1)}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op output image is empty: OW = 0 (input_width 1, padding 0+0, dilation 1, kernel 3, stride 1)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result type equals the inferred one (docs/semantics.md §3.2): the logical shape stays [1, 1, 1, Cout].
func.func @f(%b: tensor<1x1x1x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32> -> tensor<1x1x32x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected result type tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> (inferred from the conv parameters), got tensor<1x1x32x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected result type tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> (inferred from the conv parameters), got tensor<1x1x32x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result type equals the inferred one: the prepared weight's dtype.
func.func @f(%b: tensor<1x1x1x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' op expected result type tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> (inferred from the conv parameters), got tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected result type tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> (inferred from the conv parameters), got tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result type equals the inferred one: the physical width (Cout_pad over 4 block-sharded channel cores).
func.func @f(%b: tensor<1x1x1x100xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 4x4, shape = 64x32, orientation = col_major>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 100 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, transpose_shards = true> : tensor<1x1x1x100xf32> -> tensor<1x1x1x100xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x160>> // expected-error {{'ttnn.prepare_conv_bias' op expected result type tensor<1x1x1x100xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x128>> (inferred from the conv parameters), got tensor<1x1x1x100xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x160>>}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_bias' op expected result type tensor<1x1x1x100xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x128>> (inferred from the conv parameters), got tensor<1x1x1x100xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x160>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// input_dtype is a #ttnn.data_type.
func.func @f(%b: tensor<1x1x1x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> input_dtype = #ttnn.layout<tile> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{expected input_dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got #ttnn.layout<tile>}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:388: error: expected input_dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got #ttnn.layout<tile>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: prepare_conv_bias has no weights_format.
func.func @f(%b: tensor<1x1x1x2xf32>) {
  %0 = ttnn.prepare_conv_bias %b input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32> : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_bias' has no property 'weights_format'}}
  // CHECK-NEXT: {{.*}}prepare_conv_bias-invalid.mlir:[[# @LINE - 1]]:155: error: 'ttnn.prepare_conv_bias' has no property 'weights_format'
  func.return
}

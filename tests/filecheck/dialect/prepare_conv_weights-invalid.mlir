// Verifier and parser diagnostics of ttnn.prepare_conv_weights, one chunk per rule: docs/semantics.md §3.2
// (weight, conv parameters, module grid, result type), the result-type mismatch, and
// errors of the resolution (docs/semantics.md §3.3) reaching the user as the op's diagnostic.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// The weight is a host tensor (no encoding).
func.func @f(%w: tensor<2x3x3x3xf32, #ttnn.tensor_layout<row_major>>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32, #ttnn.tensor_layout<row_major>> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected weight_tensor to be a host tensor (no encoding), got tensor<2x3x3x3xf32, #ttnn.tensor_layout<row_major>>}}
  // CHECK: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected weight_tensor to be a host tensor (no encoding), got tensor<2x3x3x3xf32, #ttnn.tensor_layout<row_major>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The weight dtype is f32 or bf16 (docs/semantics.md §3.2): f16 is no TT-NN dtype.
func.func @f(%w: tensor<2x3x3x3xf16>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf16> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op weight_tensor: expected element type f32, bf16 or !ttnn.bfp8_b, got f16}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op weight_tensor: expected element type f32, bf16 or !ttnn.bfp8_b, got f16
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The weight dtype is f32 or bf16: a host tensor cannot be bfloat8_b.
func.func @f(%w: tensor<2x3x3x3x!ttnn.bfp8_b>) { // expected-error {{bfloat8_b needs the tile layout, got a host row-major tensor tensor<2x3x3x3x!ttnn.bfp8_b>}}
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3x!ttnn.bfp8_b> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 2]]:18: error: bfloat8_b needs the tile layout, got a host row-major tensor tensor<2x3x3x3x!ttnn.bfp8_b>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Weight rank 4 (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x9xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x9xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected weight_tensor of rank 4 (OIHW), got rank 3}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected weight_tensor of rank 4 (OIHW), got rank 3
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// weights_format == "OIHW" (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "HWIO" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected weights_format "OIHW", got "HWIO"}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected weights_format "OIHW", got "HWIO"
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// in_channels >= 1.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 0 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected in_channels to be positive, got 0}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected in_channels to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// out_channels >= 1.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = -2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected out_channels to be positive, got -2}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected out_channels to be positive, got -2
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// batch_size >= 1 (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 0 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected batch_size to be positive, got 0}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected batch_size to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// input_height >= 1 (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 0 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected input_height to be positive, got 0}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected input_height to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// input_width >= 1 (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = -1 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected input_width to be positive, got -1}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected input_width to be positive, got -1
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// groups >= 1 (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 0 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected groups 0 to be positive and divide in_channels 3 and out_channels 2}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected groups 0 to be positive and divide in_channels 3 and out_channels 2
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// groups divides in_channels (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 2 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected groups 2 to be positive and divide in_channels 3 and out_channels 2}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected groups 2 to be positive and divide in_channels 3 and out_channels 2
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// groups divides out_channels (docs/semantics.md §3.2).
func.func @f(%w: tensor<3x1x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 2 out_channels = 3 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 2 : tensor<3x1x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected groups 2 to be positive and divide in_channels 2 and out_channels 3}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected groups 2 to be positive and divide in_channels 2 and out_channels 3
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// kernel_size has 2 values (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3, 1] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected kernel_size to have 2 positive values, got [3, 3, 1]}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected kernel_size to have 2 positive values, got [3, 3, 1]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// kernel_size values are positive.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [0, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected kernel_size to have 2 positive values, got [0, 3]}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected kernel_size to have 2 positive values, got [0, 3]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// stride has 2 positive values (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 0] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected stride to have 2 positive values, got [1, 0]}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected stride to have 2 positive values, got [1, 0]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// stride has 2 values.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [2] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected stride to have 2 positive values, got [2]}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected stride to have 2 positive values, got [2]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// dilation has 2 positive values (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [-1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected dilation to have 2 positive values, got [-1, 1]}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected dilation to have 2 positive values, got [-1, 1]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// padding has 2 or 4 values (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected padding to have 2 or 4 non-negative values, got [1, 1, 1]}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected padding to have 2 or 4 non-negative values, got [1, 1, 1]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// padding values are non-negative (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, -1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected padding to have 2 or 4 non-negative values, got [1, 1, -1, 1]}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected padding to have 2 or 4 non-negative values, got [1, 1, -1, 1]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The output image is at least 1x1 (docs/semantics.md §3.2): OH = (2 + 0 - 1·2 - 1) // 1 + 1 = 0.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 2 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op output image is empty: OH = 0 (input_height 2, padding 0+0, dilation 1, kernel 3, stride 1)}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op output image is empty: OH = 0 (input_height 2, padding 0+0, dilation 1, kernel 3, stride 1)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// OW = (8 + 0 + 0 - 4·(3 - 1) - 1) // 1 + 1 = 0 with dilation 4.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 0, 0] dilation = [1, 4] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op output image is empty: OW = 0 (input_width 8, padding 0+0, dilation 4, kernel 3, stride 1)}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op output image is empty: OW = 0 (input_width 8, padding 0+0, dilation 4, kernel 3, stride 1)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// shape[0] == out_channels (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 4 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected out_channels 4 to match the weight's dim 0 2 (shape [2, 3, 3, 3])}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected out_channels 4 to match the weight's dim 0 2 (shape [2, 3, 3, 3])
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// shape[1] == in_channels / groups (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 6 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected the weight's dim 1 3 to be in_channels / groups = 6 / 1 = 6}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected the weight's dim 1 3 to be in_channels / groups = 6 / 1 = 6
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// shape[1] == in_channels / groups, with groups.
func.func @f(%w: tensor<4x4x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 4 out_channels = 4 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 2 : tensor<4x4x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected the weight's dim 1 4 to be in_channels / groups = 4 / 2 = 2}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected the weight's dim 1 4 to be in_channels / groups = 4 / 2 = 2
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// kernel_size equals the weight's kernel dims (docs/semantics.md §3.2).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 1] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected kernel_size [3, 1] to match the weight's kernel dims [3, 3]}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected kernel_size [3, 1] to match the weight's kernel dims [3, 3]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result type equals the inferred one (docs/semantics.md §3.2): the logical shape.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> (inferred from the conv parameters), got tensor<1x1x27x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> (inferred from the conv parameters), got tensor<1x1x27x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result type equals the inferred one: the physical shape (a TILE L1 input aligns to 32).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> (inferred from the conv parameters), got tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> (inferred from the conv parameters), got tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result type equals the inferred one: the dtype (conv_config.weights_dtype).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> (inferred from the conv parameters), got tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> (inferred from the conv parameters), got tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result type equals the inferred one: the physical shape must be written.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> (inferred from the conv parameters), got tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile>>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> (inferred from the conv parameters), got tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result type is inferred for the module's ttnn.grid: 8x8's physical [1,1,768,64] is wrong on 2x2.
module attributes {ttnn.grid = array<i32: 2, 2>} {
func.func @f(%w: tensor<64x64x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<shard_layout = block_sharded> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>> // expected-error {{'ttnn.prepare_conv_weights' op expected result type tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> (inferred from the conv parameters), got tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected result type tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> (inferred from the conv parameters), got tensor<1x1x576x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x768x64>>
  func.return
}
}

// -----
// CHECK-NEXT: {{^//}} -----

// ttnn.grid has two values.
module attributes {ttnn.grid = array<i32: 8>} {
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected the module attribute ttnn.grid to be array<i32: X, Y> with two positive values, got array<i32: 8>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected the module attribute ttnn.grid to be array<i32: X, Y> with two positive values, got array<i32: 8>
  func.return
}
}

// -----
// CHECK-NEXT: {{^//}} -----

// ttnn.grid values are positive.
module attributes {ttnn.grid = array<i32: 8, 0>} {
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected the module attribute ttnn.grid to be array<i32: X, Y> with two positive values, got array<i32: 8, 0>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected the module attribute ttnn.grid to be array<i32: X, Y> with two positive values, got array<i32: 8, 0>
  func.return
}
}

// -----
// CHECK-NEXT: {{^//}} -----

// ttnn.grid is an i32 array.
module attributes {ttnn.grid = "8x8"} {
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected the module attribute ttnn.grid to be array<i32: X, Y> with two positive values, got "8x8"}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected the module attribute ttnn.grid to be array<i32: X, Y> with two positive values, got "8x8"
  func.return
}
}

// -----
// CHECK-NEXT: {{^//}} -----

// ttnn.grid is an array of i32, not of another integer type (an i64 one was read as the grid).
module attributes {ttnn.grid = array<i64: 8, 8>} {
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected the module attribute ttnn.grid to be array<i32: X, Y> with two positive values, got array<i64: 8, 8>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected the module attribute ttnn.grid to be array<i32: X, Y> with two positive values, got array<i64: 8, 8>
  func.return
}
}

// -----
// CHECK-NEXT: {{^//}} -----

// A sharded input needs a shard spec: TT-NN reads its grid, and its shard width sets the
// channel alignment of a ROW_MAJOR input (docs/semantics.md §3.2, §3.3 step 6).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected the height_sharded input_memory_config to carry a shard spec}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected the height_sharded input_memory_config to carry a shard spec
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Also for a TILE input.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected the block_sharded input_memory_config to carry a shard spec}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected the block_sharded input_memory_config to carry a shard spec
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Resolution errors are diagnostics too: enable_activation_reuse needs more activation rows than output-width tiles.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<enable_activation_reuse = true> : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op Activation reuse needs act block h (1) to be bigger than output image width in tiles (1) for the optimization to give boost (TT-NN meets this in its L1 estimate for height_sharded, made to choose the shard layout since none is given)}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op Activation reuse needs act block h {{[(]}}1{{[)]}} to be bigger than output image width in tiles {{[(]}}1{{[)]}} for the optimization to give boost
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Resolution: reshard_if_not_optimal on a sharded input needs a shard_layout (TT-NN 0.81.1 reads an unset one).
func.func @f(%w: tensor<8x1x1x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x32>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 8 out_channels = 8 batch_size = 1 input_height = 1 input_width = 64 kernel_size = [1, 3] stride = [1, 1] padding = [0, 1] dilation = [1, 1] has_bias = false groups = 8 conv_config = #ttnn.conv2d_config<reshard_if_not_optimal = true> : tensor<8x1x1x3xf32> -> tensor<1x1x96x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op reshard_if_not_optimal on an input already sharded needs conv_config.shard_layout: TT-NN 0.81.1 neither auto-shards a sharded input nor, with reshard_if_not_optimal, keeps its layout, and reads the unset shard_layout (TT-NN: "bad optional access")}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op reshard_if_not_optimal on an input already sharded needs conv_config.shard_layout: TT-NN 0.81.1 neither auto-shards a sharded input nor, with reshard_if_not_optimal, keeps its layout, and reads the unset shard_layout (TT-NN: "bad optional access")
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Resolution: WIDTH takes the block in whole tiles; 576 / (2 · 20) = 14 rows is none.
func.func @f(%w: tensor<64x64x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<shard_layout = width_sharded, act_block_w_div = 20> : tensor<64x64x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op TT-NN 0.81.1 crashes on this conv (integer divide by zero): its width_sharded weight block act_block_w = in_channels_padded·KH·KW / (input cores × act_block_w_div) = 576/40 is less than one tile of 32 rows (act_block_w_div 20) (TT-NN meets this in its L1 estimate for width_sharded, made to plan the DRAM slices)}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op TT-NN 0.81.1 crashes on this conv (integer divide by zero): its width_sharded weight block act_block_w = in_channels_padded·KH·KW / (input cores × act_block_w_div) = 576/40 is less than one tile of 32 rows (act_block_w_div 20)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A property of the wrong kind (generic form): input_layout is a #ttnn.layout.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = "ttnn.prepare_conv_weights"(%w) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_layout = #ttnn.buffer_type<l1>, weights_format = "OIHW", in_channels = 3 : i32, out_channels = 2 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, has_bias = false, groups = 1 : i32}> : (tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected input_layout to be a #ttnn.layout<…> (row_major or tile), got #ttnn.buffer_type<l1>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected input_layout to be a #ttnn.layout<…> (row_major or tile), got #ttnn.buffer_type<l1>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A missing property (generic form): groups.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = "ttnn.prepare_conv_weights"(%w) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_layout = #ttnn.layout<tile>, weights_format = "OIHW", in_channels = 3 : i32, out_channels = 2 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, has_bias = false}> : (tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op property 'groups' expected in operation 'ttnn.prepare_conv_weights'}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op property 'groups' expected in operation 'ttnn.prepare_conv_weights'
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// An integer property is an i32 (generic form).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = "ttnn.prepare_conv_weights"(%w) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_layout = #ttnn.layout<tile>, weights_format = "OIHW", in_channels = 3 : i64, out_channels = 2 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, has_bias = false, groups = 1 : i32}> : (tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected in_channels to be an i32 integer (N : i32), got 3 : i64}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected in_channels to be an i32 integer (N : i32), got 3 : i64
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: kernel_size is an i32 array (custom form).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 99999999999] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{expected kernel_size to be an i32, got 99999999999}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:281: error: expected kernel_size to be an i32, got 99999999999
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: in_channels is an i32 (custom form).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 4294967296 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{expected in_channels to be an i32, got 4294967296}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:196: error: expected in_channels to be an i32, got 4294967296
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: weights_format is a string.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = OIHW in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{expected weights_format to be a string ("…"), got OIHW}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:175: error: expected weights_format to be a string ("…"), got OIHW
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: input_memory_config is a #ttnn.memory_config.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.layout<tile> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{expected input_memory_config to be a #ttnn.memory_config<…>, got #ttnn.layout<tile>}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:59: error: expected input_memory_config to be a #ttnn.memory_config<…>, got #ttnn.layout<tile>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// semantics.md §3.3a: an input's shard grid beyond the device grid (8x8 when absent).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 9x9, shape = 32x32>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected the input's shard grid 9x9 to fit the device grid 8x8}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op expected the input's shard grid 9x9 to fit the device grid 8x8
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// semantics.md §3.3a: width shards that cannot hold the input's N·H·W = 64 rows.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x32>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op width_sharded shards of 32x32 on a 2x1 grid cannot hold the input's N·H·W = 64 rows (1 core(s) × 32 rows = 32)}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op width_sharded shards of 32x32 on a 2x1 grid cannot hold the input's N·H·W = 64 rows (1 core(s) × 32 rows = 32)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: a missing property is named (every missing one).
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' is missing properties 'in_channels', 'groups'}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:37: error: 'ttnn.prepare_conv_weights' is missing properties 'in_channels', 'groups'
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Kernel-stride folding of a 1×1 kernel with stride 2 on a DRAM input folds into a 1×1 matmul,
// which TT-NN 0.81.1's DRAM slicing refuses.
func.func @f(%w: tensor<64x32x1x1xf32>) {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 32 out_channels = 64 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [1, 1] stride = [2, 2] padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, enable_kernel_stride_folding = true> : tensor<64x32x1x1xf32> -> tensor<1x1x128x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x64>> // expected-error {{'ttnn.prepare_conv_weights' op kernel-stride folding of a 1x1 kernel with stride 2x2 on the DRAM path: the folded kernel is 1x1, a matmul, which TT-NN 0.81.1's DRAM slicing refuses (TT-NN: "Conv2D DRAM with matmul should never use the slicing code path.")}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_weights' op kernel-stride folding of a 1x1 kernel with stride 2x2 on the DRAM path: the folded kernel is 1x1, a matmul, which TT-NN 0.81.1's DRAM slicing refuses (TT-NN: "Conv2D DRAM with matmul should never use the slicing code path.")
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: an unknown property is named with the closest valid name.
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = ttnn.prepare_conv_weights %w in_channel = 3 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' has no property 'in_channel' (did you mean 'in_channels'?)}}
  // CHECK-NEXT: {{.*}}prepare_conv_weights-invalid.mlir:[[# @LINE - 1]]:37: error: 'ttnn.prepare_conv_weights' has no property 'in_channel' (did you mean 'in_channels'?)
  func.return
}

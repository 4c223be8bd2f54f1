// A misspelled op or property name is named, with the closest name the dialect knows
// (difflib's closest match): "did you mean …?".
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// A required property spelled wrong in the generic form: the key written and the one expected.
// CHECK-LABEL: misspelled-names-invalid.mlir:[[# @LINE + 2]]:3: error: 'ttnn.prepare_conv_weights' op property 'kernel_size' expected, got the unknown property 'kernal_size' (did you mean 'kernel_size'?)
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = "ttnn.prepare_conv_weights"(%w) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_layout = #ttnn.layout<tile>, weights_format = "OIHW", in_channels = 3 : i32, out_channels = 2 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernal_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, has_bias = false, groups = 1 : i32}> : (tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{property 'kernel_size' expected, got the unknown property 'kernal_size' (did you mean 'kernel_size'?)}}
  func.return
}

// -----

// A property the op does not have (every required one is there).
// CHECK-LABEL: misspelled-names-invalid.mlir:[[# @LINE + 2]]:3: error: 'ttnn.prepare_conv_weights' op has no property 'dilatoin' (did you mean 'dilation'?)
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = "ttnn.prepare_conv_weights"(%w) <{input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_layout = #ttnn.layout<tile>, weights_format = "OIHW", in_channels = 3 : i32, out_channels = 2 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, dilatoin = array<i32: 1, 1>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, has_bias = false, groups = 1 : i32}> : (tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{has no property 'dilatoin' (did you mean 'dilation'?)}}
  func.return
}

// -----

// A misspelled op name, in the generic form and in the custom syntax.
// CHECK-LABEL: misspelled-names-invalid.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: Operation ttnn.prepare_conv_weight is not registered (did you mean 'ttnn.prepare_conv_weights'?)
func.func @f(%w: tensor<2x3x3x3xf32>) {
  %0 = "ttnn.prepare_conv_weight"(%w) : (tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32> // expected-error {{Operation ttnn.prepare_conv_weight is not registered (did you mean 'ttnn.prepare_conv_weights'?)}}
  func.return
}

// -----

// CHECK-LABEL: misspelled-names-invalid.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: Operation ttnn.asign_bw is not registered (did you mean 'ttnn.assign_bw'?)
func.func @f(%g: tensor<32x32xbf16>) {
  %0 = ttnn.asign_bw %g // expected-error {{Operation ttnn.asign_bw is not registered (did you mean 'ttnn.assign_bw'?)}}
  func.return
}

// -----

// A name far from every op of the dialect gets no guess.
// CHECK-LABEL: misspelled-names-invalid.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: Operation tile.zzzzzzzz is not registered{{$}}
func.func @f() {
  "tile.zzzzzzzz"() : () -> () // expected-error {{Operation tile.zzzzzzzz is not registered}}
  func.return
}

// -----

// A misspelled attribute name (tt-mlir's is `#ttnn.device_compute_kernel_config`).
// CHECK-LABEL: misspelled-names-invalid.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: 'ttnn.compute_kernel_config' is not registered (did you mean 'ttnn.device_compute_kernel_config'?)
func.func @f() {
  "test.op"() {config = #ttnn.compute_kernel_config<math_fidelity = hifi4>} : () -> () // expected-error {{'ttnn.compute_kernel_config' is not registered (did you mean 'ttnn.device_compute_kernel_config'?)}}
  func.return
}

// -----

// A misspelled type name.
// CHECK-LABEL: misspelled-names-invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: 'ttnn.bfp8' is not registered (did you mean 'ttnn.bfp8_b'?)
func.func @f(%x: tensor<32x32x!ttnn.bfp8>) { // expected-error {{'ttnn.bfp8' is not registered (did you mean 'ttnn.bfp8_b'?)}}
  func.return
}

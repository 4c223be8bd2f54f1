// Parse diagnostics of the conv ops' properties in their custom syntax (docs/ir.md): a value of
// another kind is one line at that value, in the words of the verifier's property errors
// ("expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3").
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// `dtype = 3` once took the op's ` : (types)` for the integer's type and failed at a later line,
// in xDSL's words ("Invalid type given for integer or float attribute").
func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      dtype = 3 // expected-error {{expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3}}
      // CHECK: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:15: error: expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A data type written bare, as inside #ttnn.conv2d_config (once refused at the op).
func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      dtype = bf16 // expected-error {{expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got bf16}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:15: error: expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got bf16
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A negative number.
func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      dtype = -1.5 // expected-error {{expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got -1.5}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:15: error: expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got -1.5
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// conv_config, compute_config and slice_config hold attributes of their own kind.
func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = 3 // expected-error {{expected conv_config to be a #ttnn.conv2d_config<…>, got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:21: error: expected conv_config to be a #ttnn.conv2d_config<…>, got 3
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      compute_config = 3 // expected-error {{expected compute_config to be a #ttnn.device_compute_kernel_config<…>, got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:24: error: expected compute_config to be a #ttnn.device_compute_kernel_config<…>, got 3
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      slice_config = #ttnn.data_type<bf16> // expected-error {{expected slice_config to be a #ttnn.conv2d_slice_config<…>, got #ttnn.data_type<bf16>}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:22: error: expected slice_config to be a #ttnn.conv2d_slice_config<…>, got #ttnn.data_type<bf16>
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A field of #ttnn.conv2d_config is refused at its value, naming the field and its values.
func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = 3, shard_layout = height_sharded> // expected-error {{#ttnn.conv2d_config weights_dtype: expected f32, bf16 or bfp8_b, got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:57: error: #ttnn.conv2d_config weights_dtype: expected f32, bf16 or bfp8_b, got 3
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, output_layout = 3> // expected-error {{#ttnn.conv2d_config output_layout: expected row_major or tile, got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:79: error: #ttnn.conv2d_config output_layout: expected row_major or tile, got 3
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// ttnn.conv_transpose2d: its dtype and its DRAM slice config.
func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<16x32x3x3xf32>) {
  %y = ttnn.conv_transpose2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1]
      output_padding = [1, 1] dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      dtype = 3 // expected-error {{expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:15: error: expected dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<16x32x3x3xf32>) -> tensor<1x1x256x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<16x32x3x3xf32>) {
  %y = ttnn.conv_transpose2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1]
      output_padding = [1, 1] dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      dram_slice_config = 3 // expected-error {{expected dram_slice_config to be a #ttnn.conv2d_slice_config<…>, got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:27: error: expected dram_slice_config to be a #ttnn.conv2d_slice_config<…>, got 3
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<16x32x3x3xf32>) -> tensor<1x1x256x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// ttnn.prepare_conv_weights: its input and output dtypes and its input layout.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %y = ttnn.prepare_conv_weights %w
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>
      input_layout = #ttnn.layout<row_major> weights_format = "OIHW" has_bias = false
      in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8
      kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      input_dtype = 3 // expected-error {{expected input_dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:21: error: expected input_dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3
      : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

func.func @f(%w: tensor<32x16x3x3xf32>) {
  %y = ttnn.prepare_conv_weights %w
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>
      input_layout = #ttnn.layout<row_major> weights_format = "OIHW" has_bias = false
      in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8
      kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      input_dtype = #ttnn.data_type<bf16> output_dtype = 3 // expected-error {{expected output_dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:58: error: expected output_dtype to be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3
      : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

func.func @f(%w: tensor<32x16x3x3xf32>) {
  %y = ttnn.prepare_conv_weights %w
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>
      input_layout = 3 weights_format = "OIHW" has_bias = false // expected-error {{expected input_layout to be a #ttnn.layout<…> (row_major or tile), got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:22: error: expected input_layout to be a #ttnn.layout<…> (row_major or tile), got 3
      in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8
      kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      input_dtype = #ttnn.data_type<bf16>
      : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Properties of the other kinds, in the same words: a flag, a string, an integer, an integer array.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %y = ttnn.prepare_conv_weights %w
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>
      input_layout = #ttnn.layout<row_major> weights_format = "OIHW" has_bias = 3 // expected-error {{expected has_bias to be true or false, got 3}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:81: error: expected has_bias to be true or false, got 3
      in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8
      kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      input_dtype = #ttnn.data_type<bf16>
      : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

func.func @f(%w: tensor<32x16x3x3xf32>) {
  %y = ttnn.prepare_conv_weights %w
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>
      input_layout = #ttnn.layout<row_major> weights_format = OIHW has_bias = false // expected-error {{expected weights_format to be a string ("…"), got OIHW}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:63: error: expected weights_format to be a string ("…"), got OIHW
      in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8
      kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      input_dtype = #ttnn.data_type<bf16>
      : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = true // expected-error {{expected groups to be an integer, got true}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:34: error: expected groups to be an integer, got true
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>) {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1
      input_height = 8 input_width = 8 kernel_size = [3, 3] stride = 2 padding = [1, 1] // expected-error {{expected stride to be an integer array ([N, …]), got 2}}
      // CHECK-NEXT: {{.*}}conv-properties-invalid.mlir:[[# @LINE - 1]]:70: error: expected stride to be an integer array ([N, …]), got 2
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16>
  func.return
}

// Verifier diagnostics of ttnn.prepare_conv_transpose2d_weights / _bias, one chunk per rule
// (docs/semantics.md §7.1, §7.5).
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the separator
// line printed between the chunks' outputs (spelled so as not to split this file).

// The weight is a host tensor (no encoding).
func.func @f(%w: tensor<16x24x3x3xf32, #ttnn.tensor_layout<row_major>>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32, #ttnn.tensor_layout<row_major>> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected weight_tensor to be a host tensor (no encoding), got tensor<16x24x3x3xf32, #ttnn.tensor_layout<row_major>>}}
  // CHECK: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected weight_tensor to be a host tensor (no encoding), got tensor<16x24x3x3xf32, #ttnn.tensor_layout<row_major>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The weight has rank 4 (IOHW).
func.func @f(%w: tensor<16x24x9xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x9xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected weight_tensor of rank 4 (IOHW), got rank 3}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected weight_tensor of rank 4 (IOHW), got rank 3
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// weights_format is "IOHW" (tt-mlir's verifier; TT-NN reads the weight as IOHW whatever it says).
func.func @f(%w: tensor<16x24x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected weights_format "IOHW", got "OIHW"}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected weights_format "IOHW", got "OIHW"
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The weight's dim 0 is in_channels (an OIHW weight given by mistake).
func.func @f(%w: tensor<24x16x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<24x16x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected in_channels 16 to match the weight's dim 0 24 (IOHW shape [24, 16, 3, 3])}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected in_channels 16 to match the weight's dim 0 24 (IOHW shape [24, 16, 3, 3])
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The weight's dim 1 is out_channels / groups.
func.func @f(%w: tensor<16x12x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x12x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected the weight's dim 1 12 to be out_channels / groups = 24 / 1 = 24}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected the weight's dim 1 12 to be out_channels / groups = 24 / 1 = 24
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The weight's kernel dims are kernel_size.
func.func @f(%w: tensor<16x24x2x2xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x2x2xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected kernel_size [3, 3] to match the weight's kernel dims [2, 2]}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected kernel_size [3, 3] to match the weight's kernel dims [2, 2]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// output_padding has 2 non-negative values.
func.func @f(%w: tensor<16x24x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, -1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected output_padding to have 2 non-negative values, got [1, -1]}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected output_padding to have 2 non-negative values, got [1, -1]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// output_padding has 2 values.
func.func @f(%w: tensor<16x24x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected output_padding to have 2 non-negative values, got [1, 1, 1]}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected output_padding to have 2 non-negative values, got [1, 1, 1]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// groups divides both channel counts.
func.func @f(%w: tensor<16x24x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 5 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected groups 5 to be positive and divide in_channels 16 and out_channels 24}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected groups 5 to be positive and divide in_channels 16 and out_channels 24
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// An empty output: padding 2 on a 1-row input under a 1x1 kernel leaves -3 rows (TT-NN's uint32 sizes wrap).
func.func @f(%w: tensor<16x24x1x1xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 1 input_width = 5 kernel_size = [1, 1] stride = [1, 1] padding = [2, 2] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x1x1xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op output image is empty: OH = (input − 1)·stride − padding + dilation·(kernel − 1) + output_padding + 1 = (1 − 1)·1 − (2 + 2) + 1·(1 − 1) + 0 + 1 = -3}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op output image is empty: OH = (input − 1)·stride − padding + dilation·(kernel − 1) + output_padding + 1 = (1 − 1)·1 − (2 + 2) + 1·(1 − 1) + 0 + 1 = -3
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// An L1 input's shard spec holds the transpose's own input [N·H·W, Cin] = [30, 16].
func.func @f(%w: tensor<16x24x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 8x16, orientation = row_major>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op height_sharded shards of 8x16 on a 2x1 grid cannot hold the input's N·H·W = 30 rows (2 core(s) × 8 rows = 16)}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op height_sharded shards of 8x16 on a 2x1 grid cannot hold the input's N·H·W = 30 rows (2 core(s) × 8 rows = 16)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// reshard_if_not_optimal without shard_layout on a DRAM input (TT-NN: 'bad optional access').
func.func @f(%w: tensor<16x24x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, reshard_if_not_optimal = true> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op conv_config.reshard_if_not_optimal needs conv_config.shard_layout when the conv_transpose2d's input is sharded or in DRAM (TT-NN 0.81.1 fails with 'bad optional access')}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op conv_config.reshard_if_not_optimal needs conv_config.shard_layout when the conv_transpose2d's input is sharded or in DRAM (TT-NN 0.81.1 fails with 'bad optional access')
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// More DRAM slices than the output has rows (12).
func.func @f(%w: tensor<16x24x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dram_slice_config = #ttnn.conv2d_slice_config<dram_height, 13> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op dram_slice_config asks for 13 slices of an output height of 12 (TT-NN 0.81.1: "Number of slices should be less or equal than the dimension being sliced in Conv2D DRAM Slicing")}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op dram_slice_config asks for 13 slices of an output height of 12 (TT-NN 0.81.1: "Number of slices should be less or equal than the dimension being sliced in Conv2D DRAM Slicing")
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result type is the inferred one.
func.func @f(%w: tensor<16x24x3x3xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<16x24x3x3xf32> -> tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x256x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_weights' op expected result type tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> (inferred from the conv parameters), got tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x256x32>>}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_weights' op expected result type tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> (inferred from the conv parameters), got tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x256x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The bias needs conv_config.weights_dtype (TT-NN: 'bad optional access').
func.func @f(%w: tensor<1x1x1x24xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_bias %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<shard_layout = height_sharded> : tensor<1x1x1x24xf32> -> tensor<1x1x1x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_bias' op prepare_conv_transpose2d_bias needs conv_config.weights_dtype (TT-NN 0.81.1 fails with 'bad optional access' without it)}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_bias' op prepare_conv_transpose2d_bias needs conv_config.weights_dtype (TT-NN 0.81.1 fails with 'bad optional access' without it)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A bfloat8_b bias on a DRAM input (TT-NN: 'Only TILE layout is supported for BFLOAT8_B dtype!').
func.func @f(%w: tensor<1x1x1x24xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_bias %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = height_sharded> : tensor<1x1x1x24xf32> -> tensor<1x1x1x24x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_bias' op TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a DRAM input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan its DRAM slices it builds a row-major bfloat8_b placeholder weight, which TT-NN rejects (TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_bias' op TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a DRAM input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan its DRAM slices it builds a row-major bfloat8_b placeholder weight, which TT-NN rejects (TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The same with dram_slice_config l1_full: the bias's preparation is not given it (TT-NN 0.81.1
// refuses it too).
func.func @f(%w: tensor<1x1x1x24xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_bias %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = height_sharded> dram_slice_config = #ttnn.conv2d_slice_config<l1_full, 0> : tensor<1x1x1x24xf32> -> tensor<1x1x1x24x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_bias' op TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a DRAM input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan its DRAM slices it builds a row-major bfloat8_b placeholder weight, which TT-NN rejects (TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_bias' op TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a DRAM input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan its DRAM slices it builds a row-major bfloat8_b placeholder weight, which TT-NN rejects (TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The bias is [1, 1, 1, out_channels].
func.func @f(%w: tensor<1x1x1x16xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_bias %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<1x1x1x16xf32> -> tensor<1x1x1x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_bias' op expected bias_tensor of shape [1, 1, 1, 24] (out_channels), got [1, 1, 1, 16]}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_bias' op expected bias_tensor of shape [1, 1, 1, 24] (out_channels), got [1, 1, 1, 16]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The bias's output is empty without output_padding (which its preparation does not take):
// TT-NN 0.81.1 dies auto-sharding it (with a shard layout it prepares it).
func.func @f(%w: tensor<1x1x1x24xf32>) {
  %0 = ttnn.prepare_conv_transpose2d_bias %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 16 out_channels = 24 batch_size = 1 input_height = 1 input_width = 1 kernel_size = [1, 1] stride = [3, 3] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<1x1x1x24xf32> -> tensor<1x1x1x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.prepare_conv_transpose2d_bias' op output image is empty without output_padding (the bias's preparation takes none): OH = (input − 1)·stride − padding + dilation·(kernel − 1) + 1 = (1 − 1)·3 − (1 + 1) + 1·(1 − 1) + 1 = -1; TT-NN 0.81.1 prepares such a bias only for an L1 input with a shard layout: it dies (integer divide-by-zero) auto-sharding that empty conv: give shard_layout}}
  // CHECK-NEXT: {{.*}}prepare_conv_transpose2d-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.prepare_conv_transpose2d_bias' op output image is empty without output_padding (the bias's preparation takes none): OH = (input − 1)·stride − padding + dilation·(kernel − 1) + 1 = (1 − 1)·3 − (1 + 1) + 1·(1 − 1) + 1 = -1; TT-NN 0.81.1 prepares such a bias only for an L1 input with a shard layout: it dies (integer divide-by-zero) auto-sharding that empty conv: give shard_layout
  func.return
}

// ttnn.conv2d's conv_config.override_sharding_config with core_grid refused as TT-NN 0.81.1's
// conv2d refuses it, in its words, at the op (docs/semantics.md §6).
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics | filecheck %s
// CHECK-NOT: func.func

// No core grid.
func.func @f(%x: tensor<1x1x256x96xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<256x96x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op Core grid must be provided when overriding sharding config}}
  %y = ttnn.conv2d %x, %w in_channels = 96 out_channels = 256 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, override_sharding_config = true> : (tensor<1x1x256x96xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<256x96x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// A core beyond the 8×8 device: the first by x, then y.
func.func @f(%x: tensor<1x1x256x96xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<256x96x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op Invalid shard grid: shard core (0, 8) has no L1 bank on this device, which has 64 of them.}}
  %y = ttnn.conv2d %x, %w in_channels = 96 out_channels = 256 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, override_sharding_config = true, core_grid = #ttnn.core_range_set<[#ttnn.core_range<(0,0), (20,20)>]>> : (tensor<1x1x256x96xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<256x96x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// A BLOCK grid of two ranges, even two that make a rectangle.
func.func @f(%x: tensor<1x1x256x96xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<256x96x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op Shard grid must be one full rectangular grid for block sharded!}}
  %y = ttnn.conv2d %x, %w in_channels = 96 out_channels = 256 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, override_sharding_config = true, core_grid = #ttnn.core_range_set<[#ttnn.core_range<(0,0), (2,0)>, #ttnn.core_range<(0,1), (2,1)>]>> : (tensor<1x1x256x96xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<256x96x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// HEIGHT cores that are not the halo's row walk from core (0, 0).
func.func @f(%x: tensor<1x1x2048x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<64x32x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op Sliding-window shard grid core 2 is 0-1 but the origin-anchored row walk addresses it as 2-0. Only an origin-anchored, row-filled grid is supported; any other grid hangs max_pool2d/avg_pool2d or silently returns wrong conv2d results (#60513).}}
  %y = ttnn.conv2d %x, %w in_channels = 32 out_channels = 64 batch_size = 2 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded, override_sharding_config = true, core_grid = #ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>, #ttnn.core_range<(0,1), (3,1)>]>> : (tensor<1x1x2048x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<64x32x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// An input in DRAM: each DRAM slice's conv reshards its slice onto the grid, which must be the
// halo's walk from core (0, 0) there too.
func.func @f(%x: tensor<1x1x256x96xbf16, #ttnn.tensor_layout<row_major>>, %w: tensor<256x96x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op Sliding-window shard grid core 0 is 1-1 but the origin-anchored row walk addresses it as 0-0. Only an origin-anchored, row-filled grid is supported; any other grid hangs max_pool2d/avg_pool2d or silently returns wrong conv2d results (#60513).}}
  %y = ttnn.conv2d %x, %w in_channels = 96 out_channels = 256 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, override_sharding_config = true, core_grid = #ttnn.core_range_set<[#ttnn.core_range<(1,1), (3,2)>]>> : (tensor<1x1x256x96xbf16, #ttnn.tensor_layout<row_major>>, tensor<256x96x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

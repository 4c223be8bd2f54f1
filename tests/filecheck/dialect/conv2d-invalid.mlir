// Verifier diagnostics of ttnn.conv2d (and ttnn.conv_transpose2d, ttnn.zero_stuff), one chunk per rule (docs/semantics.md §9.8): the
// operands' shapes, a prepared weight of other parameters, the result type, and TT-NN
// 0.81.1's conv2d refusals beyond prepare_conv_weights' (in TT-NN's words), each at the op.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics | filecheck %s
// CHECK-NOT: func.func

// The input is neither [1, 1, N·H·W, C] nor [N, H, W, C].
func.func @f(%0: tensor<1x1x60x16xbf16, #ttnn.tensor_layout<tile>>, %1: tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op expected an input of shape [1, 1, 64, 16] or [1, 8, 8, 16] (batch_size, input_height, input_width, in_channels), got [1, 1, 60, 16]}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : (tensor<1x1x60x16xbf16, #ttnn.tensor_layout<tile>>, tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// The host weight is not OIHW [out_channels, in_channels / groups, KH, KW].
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, %1: tensor<32x8x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op expected a host weight of shape [32, 16, 3, 3] (OIHW: out_channels, in_channels / groups, kernel_size), got [32, 8, 3, 3]}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, tensor<32x8x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// The host bias is not [1, 1, 1, out_channels].
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, %1: tensor<32x16x3x3xf32>, %2: tensor<1x1x1x16xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op expected a host bias of shape [1, 1, 1, 32] (out_channels), got [1, 1, 1, 16]}}
  %y = ttnn.conv2d %0, %1, %2 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, tensor<32x16x3x3xf32>, tensor<1x1x1x16xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// A prepared weight (a device tensor) must be the preparation of these parameters.
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, %1: tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op expected a prepared weight of type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> (the preparation of these parameters), got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile>>}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// The written result type is not TT-NN's output.
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, %1: tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op expected result type tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>> (TT-NN's conv2d output for these parameters), got tensor<1x1x1x1xf32>}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// TT-NN's HEIGHT/BLOCK factory: no activation reuse on a BLOCK conv.
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Activation data reuse is not supported for block sharded}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, enable_activation_reuse = true> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// ... nor with a dilation above 1 (HEIGHT).
func.func @f(%0: tensor<1x1x1024x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Activation data reuse is not supported for dilation > 1}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [2, 2] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, act_block_h_override = 64, shard_layout = height_sharded, enable_activation_reuse = true> : (tensor<1x1x1024x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// ... nor with a stride above 1 (HEIGHT).
func.func @f(%0: tensor<1x1x1024x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Activation data reuse is not supported for stride > 1}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, act_block_h_override = 64, shard_layout = height_sharded, enable_activation_reuse = true> : (tensor<1x1x1024x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// Kernel-stride folding takes a stride no larger than the kernel.
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<32x16x1x1xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Conv2D kernel stride folding: Stride must be less than or equal to kernel size}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [1, 1] stride = [2, 2] padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded, enable_kernel_stride_folding = true> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x1x1xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// WIDTH: the output block is at least one activation block high.
func.func @f(%0: tensor<1x1x16x128xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<64x128x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Output block height (in # of tiles) (1) should be greater than or equal to activation block height (in # of tiles) (2)}}
  %y = ttnn.conv2d %0, %1 in_channels = 128 out_channels = 64 batch_size = 1 input_height = 4 input_width = 4 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, act_block_h_override = 64, shard_layout = width_sharded> : (tensor<1x1x16x128xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<64x128x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// WIDTH: the activation rows split into whole activation blocks.
func.func @f(%0: tensor<1x1x144x128xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<64x128x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: act_matrix_height_ntiles 5 should be divisible by act_block_h_ntiles 2}}
  %y = ttnn.conv2d %0, %1 in_channels = 128 out_channels = 64 batch_size = 1 input_height = 12 input_width = 12 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, act_block_h_override = 64, shard_layout = width_sharded> : (tensor<1x1x144x128xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<64x128x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// WIDTH: the K blocks split over the input cores (docs/semantics.md §9.3's W[64, 128, 3, 3]).
func.func @f(%0: tensor<1x1x1024x128xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<64x128x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Number of Act Blocks along the Width 9 should be divisible by the number of cores 4}}
  %y = ttnn.conv2d %0, %1 in_channels = 128 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, act_block_w_div = 2, shard_layout = width_sharded> : (tensor<1x1x1024x128xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<64x128x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// A refusal of the preparation conv2d runs reaches the op too.
func.func @f(%0: tensor<1x1x63x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<32x16x2x2xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op kernel-stride folding needs the padded input height 7 (input_height 7 + padding 0+0) divisible by stride 2}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 7 input_width = 9 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded, enable_kernel_stride_folding = true> : (tensor<1x1x63x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x2x2xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// An L1 input sharded HEIGHT in COL_MAJOR orientation with no conv_config.shard_layout:
// TT-NN's conv2d finds no sharded layout for it (prepare_conv_weights prepares it).
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 1x2, shape = 32x16, orientation = col_major>>>>, %1: tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Conv2d supports Height, Block or Width Sharded Layouts but got TensorMemoryLayout::INTERLEAVED}}
  %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 1x2, shape = 32x16, orientation = col_major>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// ttnn.conv_transpose2d checks its counts first (groups divides both channel counts).
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, %1: tensor<16x32x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv_transpose2d' op expected groups 3 to be positive and divide in_channels 16 and out_channels 32}}
  %y = ttnn.conv_transpose2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 3 : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, tensor<16x32x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// TT-NN's L1 allocation (conv2d_l1_allocation): an L1-interleaved input larger than the L1
// banks cannot be placed (before conv2d runs); numbers by hand: 262144 row-major pages of
// 512 B, 4096 per bank of the 64, 2097152 B; a Wormhole bank of the default open holds 1393312.
func.func @f(%0: tensor<1x1x262144x256xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<32x256x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1 cannot place the input in L1: Out of Memory: Not enough space to allocate 134217728 B L1 buffer across 64 banks, where each bank needs to store 2097152 B, but bank size is 1393312 B (allocated: 0 B, free: 1393312 B, largest free block: 1393312 B).}}
  %y = ttnn.conv2d %0, %1 in_channels = 256 out_channels = 32 batch_size = 1 input_height = 512 input_width = 512 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : (tensor<1x1x262144x256xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x256x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// TT-NN's L1 allocation: the conv program's circular buffers grow beyond the core's L1. TT-NN
// 0.81.1's own answer on the mock Wormhole opened with l1_small_size 16384 (dev set conv2d
// r0157), word for word.
module attributes {ttnn.open_device = {l1_small_size = 16384 : i64}} {
  func.func @f(%0: tensor<1x1x4096x768xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<1536x1x3x1xf32>) -> tensor<1x1x1x1xf32> {
    // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Statically allocated circular buffers on core range [0-0 - 7-3] grow to 2563488 B which is beyond max L1 size of 1499136 B}}
    %y = ttnn.conv2d %0, %1 in_channels = 768 out_channels = 1536 batch_size = 1 input_height = 64 input_width = 64 kernel_size = [3, 1] stride = [2, 2] padding = [0, 0] dilation = [1, 1] groups = 768 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : (tensor<1x1x4096x768xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<1536x1x3x1xf32>) -> tensor<1x1x1x1xf32>
    func.return %y : tensor<1x1x1x1xf32>
  }
}

// -----

// `ttnn.open_device = {}`: a device opened with TT-NN's defaults, whose L1_SMALL region is
// 0 B (what ttnn_xdsl.ttnn's open_device(device_id=0) builds): the halo's first padding config
// does not fit. TT-NN 0.81.1's own answer on the mock Wormhole opened with l1_small_size 0
// (tests/data/ttnn_reference/conv2d_op/api_l1_small_wormhole_N150.json, conv2d_l1_s0), word
// for word.
module attributes {ttnn.open_device = {}} {
  func.func @f(%0: tensor<2x10x12x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %1: tensor<32x16x3x3xf32>) -> tensor<1x1x240x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>> {
    // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Out of Memory: Not enough space to allocate 128 B L1_SMALL buffer across 8 banks, where each bank needs to store 16 B, but bank size is 0 B (allocated: 0 B, free: 0 B, largest free block: 0 B). The L1_SMALL region is 0 B because it is reserved at device open; set l1_small_size large enough for this allocation when opening the device.}}
    %y = ttnn.conv2d %0, %1 in_channels = 16 out_channels = 32 batch_size = 2 input_height = 10 input_width = 12 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : (tensor<2x10x12x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>) -> tensor<1x1x240x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
    func.return %y : tensor<1x1x240x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
  }
}

// -----

// ttnn.zero_stuff: the input is neither [N, H, W, C] nor [1, 1, N·H·W, C] of input_size.
func.func @f(%0: tensor<1x1x15x8xbf16>) -> tensor<1x12x12x8xbf16> {
  // expected-error @below {{'ttnn.zero_stuff' op expected an input of shape [1, 4, 4, 8] or [1, 1, 16, 8] (the result's batch and channels, input_size), got [1, 1, 15, 8]}}
  %y = ttnn.zero_stuff %0 stride = [2, 2] offset = [2, 2] input_size = [4, 4] : tensor<1x1x15x8xbf16> -> tensor<1x12x12x8xbf16>
  func.return %y : tensor<1x12x12x8xbf16>
}

// -----

// ttnn.zero_stuff: the result keeps the input's dtype, on the host.
func.func @f(%0: tensor<1x4x4x8xbf16>) -> tensor<1x12x12x8xf32> {
  // expected-error @below {{'ttnn.zero_stuff' op expected a host result of the input's dtype bf16, got tensor<1x12x12x8xf32>}}
  %y = ttnn.zero_stuff %0 stride = [2, 2] offset = [2, 2] input_size = [4, 4] : tensor<1x4x4x8xbf16> -> tensor<1x12x12x8xf32>
  func.return %y : tensor<1x12x12x8xf32>
}

// -----

// ttnn.zero_stuff: a stride of 0.
func.func @f(%0: tensor<1x4x4x8xbf16>) -> tensor<1x12x12x8xbf16> {
  // expected-error @below {{'ttnn.zero_stuff' op stride and input_size must be positive, got [0, 2] and [4, 4]}}
  %y = ttnn.zero_stuff %0 stride = [0, 2] offset = [2, 2] input_size = [4, 4] : tensor<1x4x4x8xbf16> -> tensor<1x12x12x8xbf16>
  func.return %y : tensor<1x12x12x8xbf16>
}

// -----

// A generic form with a property neither the project's conv2d nor tt-mlir's has is the
// project's op, misspelled: named at the op (it once passed through as tt-mlir's conv2d,
// unverified, and ttnn-run then refused to run "tt-mlir's op").
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, %1: tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op property 'kernel_size' expected, got the unknown property 'kernal_size' (did you mean 'kernel_size'?)}}
  %y = "ttnn.conv2d"(%0, %1) <{in_channels = 16 : i32, out_channels = 32 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernal_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// conv_transpose2d's output_padding on a conv2d: not silently ignored.
func.func @f(%0: tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, %1: tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv2d' op has no property 'output_padding' (did you mean 'padding'?)}}
  %y = "ttnn.conv2d"(%0, %1) <{in_channels = 16 : i32, out_channels = 32 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 3, 3>, stride = array<i32: 1, 1>, padding = array<i32: 1, 1>, output_padding = array<i32: 1, 1>, dilation = array<i32: 1, 1>, groups = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<1x1x64x16xbf16, #ttnn.tensor_layout<tile>>, tensor<32x16x3x3xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// The same for conv_transpose2d (tt-mlir has an op of that name too).
func.func @f(%0: tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile>>, %1: tensor<32x16x2x2xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @below {{'ttnn.conv_transpose2d' op has no property 'mirror' (did you mean 'mirror_kernel'?)}}
  %y = "ttnn.conv_transpose2d"(%0, %1) <{in_channels = 32 : i32, out_channels = 16 : i32, batch_size = 1 : i32, input_height = 8 : i32, input_width = 8 : i32, kernel_size = array<i32: 2, 2>, stride = array<i32: 2, 2>, padding = array<i32: 0, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, mirror = true, operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x16x2x2xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// -----

// A DRAM slice config on an input in L1 (once accepted: TT-NN's conv in DRAM slices reads its
// input from DRAM, and refuses one in L1 on its mock device).
func.func @f(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>, %b: tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>> {
  // expected-error @below {{'ttnn.conv2d' op TT-NN 0.81.1's conv2d refuses this conv: Conv DRAM expects the input tensor to be in DRAM. (a dram_height slice config, the input in L1)}}
  %y = ttnn.conv2d %x, %w, %b in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 slice_config = #ttnn.conv2d_slice_config<dram_height, 2> conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dtype = #ttnn.data_type<f32> : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>, tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
  func.return %y : tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
}

// -----

// The same of ttnn.conv_transpose2d's dram_slice_config.
func.func @f(%x: tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>> {
  // expected-error @below {{'ttnn.conv_transpose2d' op TT-NN 0.81.1's conv2d refuses this conv: Conv DRAM expects the input tensor to be in DRAM. (a dram_width slice config, the input in L1)}}
  %y = ttnn.conv_transpose2d %x, %w in_channels = 32 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] output_padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true dram_slice_config = #ttnn.conv2d_slice_config<dram_width, 2> : (tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
  func.return %y : tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
}

// -----

// A property of another kind in the generic form (once xDSL's "2 : i32 should be of base
// attribute array", naming neither the property nor what it needs).
func.func @f(%x: tensor<1x4x4x8xbf16>) -> tensor<1x12x12x8xbf16> {
  // expected-error @below {{'ttnn.zero_stuff' op expected stride to be an i32 array (array<i32: N, …>), got 2 : i32}}
  %full = "ttnn.zero_stuff"(%x) <{stride = 2 : i32, offset = array<i32: 2, 2>, input_size = array<i32: 4, 4>}> : (tensor<1x4x4x8xbf16>) -> tensor<1x12x12x8xbf16>
  func.return %full : tensor<1x12x12x8xbf16>
}

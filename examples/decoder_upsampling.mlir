// A decoder's up-sampling stages as TT-NN 0.81.1 runs them: ttnn.prepare_conv_transpose2d_weights
// and ttnn.prepare_conv_transpose2d_bias (docs/semantics.md §7) for the transposed convolutions of
// a UNet decoder, an autoencoder and a HiFi-GAN-style vocoder, on an 8×8 Wormhole grid. Each
// IOHW weight [Cin, Cout/groups, KH, KW] is expanded and transposed to OIHW, its kernel
// mirrored, and prepared as the weight of the equivalent conv2d: stride 1, padding 0, on the
// zero-stuffed input of (OH + KH − 1) × (OW + KW − 1). Every result type is the one TT-NN
// 0.81.1 gives for these calls (checked against its answers, tests/data/ttnn_reference/), and
// TT-NN's conv_transpose2d accepts each of these convs with these configs, returning the same
// prepared weight (asked on its mock device).
//
//   ttnn-opt examples/decoder_upsampling.mlir -p ttnn-decompose    the transform and the layout
//   ttnn-run examples/decoder_upsampling.mlir --entry all --random-inputs 0 --print
//   ttnn-run examples/decoder_upsampling.mlir --entry unet_up_conv --random-inputs 0 --plot-text
builtin.module attributes {ttnn.grid = array<i32: 8, 8>} {
  // UNet decoder: ConvTranspose2d(128, 64, kernel_size=2, stride=2) doubling a 32×32 feature map
  // in DRAM to 64×64. On a DRAM input TT-NN hands the equivalent conv2d a HEIGHT-sharded input
  // of 64 cores; its 65×65 zero-stuffed input and 2×2 kernel give 2 kernel rows of
  // round_up(128·2, 32) = 256 rows: [1, 1, 512, 64].
  func.func @unet_up_conv(%weight: tensor<128x64x2x2xf32>, %bias: tensor<1x1x1x64xf32>) -> (tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x512x64>>, tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>) {
    %prepared_weight = ttnn.prepare_conv_transpose2d_weights %weight input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 128 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] output_padding = [0, 0] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : tensor<128x64x2x2xf32> -> tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x512x64>>
    %prepared_bias = ttnn.prepare_conv_transpose2d_bias %bias input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 128 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
    func.return %prepared_weight, %prepared_bias : tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x512x64>>, tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  }
  // A deeper UNet stage in bfloat8_b: ConvTranspose2d(256, 128, 2, stride=2) on a 28×28 L1 input,
  // BLOCK-sharded: 8 input-channel cores of 32 channels, each block round_up(32·2, 32)·2 = 128
  // rows: [1, 1, 1024, 128].
  func.func @unet_up_conv_bfloat8_b(%weight: tensor<256x128x2x2xf32>, %bias: tensor<1x1x1x128xf32>) -> (tensor<1x1x1024x128x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x1024x128>>, tensor<1x1x1x128x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>) {
    %prepared_weight = ttnn.prepare_conv_transpose2d_weights %weight input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 256 out_channels = 128 batch_size = 1 input_height = 28 input_width = 28 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] output_padding = [0, 0] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded> mirror_kernel = true : tensor<256x128x2x2xf32> -> tensor<1x1x1024x128x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x1024x128>>
    %prepared_bias = ttnn.prepare_conv_transpose2d_bias %bias input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 256 out_channels = 128 batch_size = 1 input_height = 28 input_width = 28 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded> : tensor<1x1x1x128xf32> -> tensor<1x1x1x128x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
    func.return %prepared_weight, %prepared_bias : tensor<1x1x1024x128x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x1024x128>>, tensor<1x1x1x128x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>
  }
  // An autoencoder's exact doubling: ConvTranspose2d(64, 32, 3, stride=2, padding=1,
  // output_padding=1), 16×16 → 32×32. output_padding adds a zero row and column after the
  // stuffed input, which grows to 34×34; the 3×3 kernel is mirrored: [1, 1, 576, 32].
  func.func @decoder_output_padding(%weight: tensor<64x32x3x3xf32>, %bias: tensor<1x1x1x32xf32>) -> (tensor<1x1x576x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x32>>, tensor<1x1x1x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) {
    %prepared_weight = ttnn.prepare_conv_transpose2d_weights %weight input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 64 out_channels = 32 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : tensor<64x32x3x3xf32> -> tensor<1x1x576x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x32>>
    %prepared_bias = ttnn.prepare_conv_transpose2d_bias %bias input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 32 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<1x1x1x32xf32> -> tensor<1x1x1x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
    func.return %prepared_weight, %prepared_bias : tensor<1x1x576x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x32>>, tensor<1x1x1x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  }
  // A depthwise up-sampler (groups = 32, a bilinear-like 4×4 stride-2 kernel per channel): TT-NN
  // expands the grouped IOHW weight [32, 1, 4, 4] into a dense block-diagonal [32, 32, 4, 4] and
  // prepares it as a dense conv: 4 kernel rows of round_up(32·4, 32) = 128 rows.
  func.func @depthwise_up(%weight: tensor<32x1x4x4xf32>) -> tensor<1x1x512x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x512x32>> {
    %prepared_weight = ttnn.prepare_conv_transpose2d_weights %weight input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 32 out_channels = 32 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [4, 4] stride = [2, 2] padding = [1, 1] output_padding = [0, 0] dilation = [1, 1] has_bias = false groups = 32 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : tensor<32x1x4x4xf32> -> tensor<1x1x512x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x512x32>>
    func.return %prepared_weight : tensor<1x1x512x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x512x32>>
  }
  // HiFi-GAN's first up-sampling layer, ConvTranspose1d(512, 256, kernel_size=16, stride=8,
  // padding=4), as TT-NN runs a 1D transposed conv: input height 1, kernel (1, 16), stride (1, 8),
  // padding (0, 4); 32 mel frames become 256 samples. The IOHW weight [512, 256, 1, 16] holds the
  // taps along its last axis; the mirrored kernel reverses them. One kernel row of
  // round_up(512·16, 32) = 8192 rows, in the plain tiled layout of a WIDTH-sharded conv:
  // TT-NN 0.81.1's conv_transpose2d runs this conv WIDTH-sharded (8 cores of 32 channels) and
  // refuses it HEIGHT-sharded (its circular buffers would need 5,365,152 B of L1's 1,499,136).
  // Its input is in L1.
  func.func @hifigan_upsample_8x(%weight: tensor<512x256x1x16xf32>, %bias: tensor<1x1x1x256xf32>) -> (tensor<1x1x8192x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x8192x256>>, tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>) {
    %prepared_weight = ttnn.prepare_conv_transpose2d_weights %weight input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 512 out_channels = 256 batch_size = 1 input_height = 1 input_width = 32 kernel_size = [1, 16] stride = [1, 8] padding = [0, 4] output_padding = [0, 0] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = width_sharded> mirror_kernel = true : tensor<512x256x1x16xf32> -> tensor<1x1x8192x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x8192x256>>
    %prepared_bias = ttnn.prepare_conv_transpose2d_bias %bias input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 512 out_channels = 256 batch_size = 1 input_height = 1 input_width = 32 kernel_size = [1, 16] stride = [1, 8] padding = [0, 4] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = width_sharded> : tensor<1x1x1x256xf32> -> tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
    func.return %prepared_weight, %prepared_bias : tensor<1x1x8192x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x8192x256>>, tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>
  }
  // HiFi-GAN's last up-sampling layer, ConvTranspose1d(128, 64, 4, stride=2, padding=1), on 2048
  // row-major samples in DRAM: TT-NN's DRAM path aligns the input channels to 8 and gives
  // round_up(128·4, 32) = 512 rows.
  func.func @hifigan_upsample_2x(%weight: tensor<128x64x1x4xf32>, %bias: tensor<1x1x1x64xf32>) -> (tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x512x64>>, tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>) {
    %prepared_weight = ttnn.prepare_conv_transpose2d_weights %weight input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "IOHW" in_channels = 128 out_channels = 64 batch_size = 1 input_height = 1 input_width = 2048 kernel_size = [1, 4] stride = [1, 2] padding = [0, 1] output_padding = [0, 0] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : tensor<128x64x1x4xf32> -> tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x512x64>>
    %prepared_bias = ttnn.prepare_conv_transpose2d_bias %bias input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> in_channels = 128 out_channels = 64 batch_size = 1 input_height = 1 input_width = 2048 kernel_size = [1, 4] stride = [1, 2] padding = [0, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
    func.return %prepared_weight, %prepared_bias : tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x512x64>>, tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  }
}

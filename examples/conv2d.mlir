// ttnn.conv2d, TT-NN 0.81.1's conv itself (docs/ir.md, docs/semantics.md §9.8): the result
// type is TT-NN's output (shape, layout, memory config with its shard cores), which the
// verifier infers; `ttnn-decompose` prepares the host weight and bias and reads them as the
// device kernels do (`ttnn.conv2d_consume`), so `ttnn-run` computes the conv's values.
//
//   .venv/bin/ttnn-opt examples/conv2d.mlir -p ttnn-decompose     # the preparation and the read
//   .venv/bin/ttnn-run examples/conv2d.mlir --random-inputs 0 --print

// A 3x3 conv of a 16x16x32 bf16 image in L1, HEIGHT over 8 cores (0,0)-(7,0): each core holds
// 32 output pixels x 64 channels of the output.
func.func @main(%x: tensor<1x16x16x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>,
                %w: tensor<64x32x3x3xf32>, %b: tensor<1x1x1x64xf32>)
    -> tensor<1x1x256x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x64>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %w, %b in_channels = 32 out_channels = 64 batch_size = 1
      input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
      : (tensor<1x16x16x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>,
         tensor<64x32x3x3xf32>, tensor<1x1x1x64xf32>)
      -> tensor<1x1x256x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x64>, <row_major>>>>>
  func.return %y : tensor<1x1x256x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x64>, <row_major>>>>>
}

// The same conv from a weight prepared first (a device tensor, consumed as given), BLOCK over
// 2 channel cores x 8 row cores, bfloat8_b weights, an f32 output.
func.func @prepared(%x: tensor<1x16x16x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>,
                    %w: tensor<64x32x3x3xf32>)
    -> tensor<1x1x256x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,7)>]>, <32x32>, <row_major>>>>> {
  %p = ttnn.prepare_conv_weights %w
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>
      input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 32 out_channels = 64
      batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1]
      padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded>
      input_dtype = #ttnn.data_type<bf16>
      : tensor<64x32x3x3xf32> -> tensor<1x1x288x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
  %y = ttnn.conv2d %x, %p in_channels = 32 out_channels = 64 batch_size = 1
      input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1]
      dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded>
      dtype = #ttnn.data_type<f32>
      : (tensor<1x16x16x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<1x1x288x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>)
      -> tensor<1x1x256x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,7)>]>, <32x32>, <row_major>>>>>
  func.return %y : tensor<1x1x256x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,7)>]>, <32x32>, <row_major>>>>>
}

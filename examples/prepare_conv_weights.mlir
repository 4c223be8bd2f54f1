// ttnn.prepare_conv_weights / ttnn.prepare_conv_bias for a ResNet-style 3×3 conv
// (ResNet-50 layer1: 64 → 64 channels on a 56×56 image, stride 1, padding 1), HEIGHT-sharded,
// bf16 weights prepared from an f32 OIHW weight on an 8×8 Wormhole grid.
//
//   ttnn-opt examples/prepare_conv_weights.mlir                     parse, verify, print
//   ttnn-opt examples/prepare_conv_weights.mlir -p ttnn-decompose   the layout TT-NN picks, and why
//   ttnn-opt examples/prepare_conv_weights.mlir -p ttnn-lower       the tiled loops
//   ttnn-run examples/prepare_conv_weights.mlir --random-inputs 0 --print
module attributes {ttnn.grid = array<i32: 8, 8>} {
  func.func @main(%weight: tensor<64x64x3x3xf32>, %bias: tensor<1x1x1x64xf32>)
      -> (tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>,
          tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>) {
    %prepared_weight = ttnn.prepare_conv_weights %weight
        input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
        input_layout = #ttnn.layout<tile> weights_format = "OIHW"
        in_channels = 64 out_channels = 64 batch_size = 1 input_height = 56 input_width = 56
        kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1]
        has_bias = true groups = 1
        conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
        : tensor<64x64x3x3xf32>
        -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
    %prepared_bias = ttnn.prepare_conv_bias %bias
        input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
        input_layout = #ttnn.layout<tile>
        in_channels = 64 out_channels = 64 batch_size = 1 input_height = 56 input_width = 56
        kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1]
        groups = 1
        conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>
        : tensor<1x1x1x64xf32>
        -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
    func.return %prepared_weight, %prepared_bias
        : tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>,
          tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  }
}

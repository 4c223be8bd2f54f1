// ttnn-run on a ttnn.conv2d (docs/semantics.md §9.8): decomposed into the preparations of its
// host weight and bias and one conv2d_consume, lowered and run. All-ones activation and
// weight, bias 0.5, 3x3 kernel with padding 1 over 16 channels: an output pixel sums 16 x (the
// taps inside the input) ones, plus 0.5 — 64.5 at a corner (4 taps), 96.5 on an edge (6), and
// inside 144.5, which the bfloat16 accumulator (no fp32_dest_acc_en: bf16 input and weights)
// rounds to 144 (8 significant bits; the tie goes to even), as the device does.

// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.ones((1, 8, 8, 16), np.float32)); np.save('%t.w.npy', np.ones((32, 16, 3, 3), np.float32)); np.save('%t.b.npy', np.full((1, 1, 1, 32), 0.5, np.float32))"
// RUN: ttnn-run %s --input x=%t.x.npy --input w=%t.w.npy --input b=%t.b.npy --print | filecheck %s --match-full-lines
// RUN: ttnn-run %s --input x=%t.x.npy --input w=%t.w.npy --input b=%t.b.npy --output %t.out.npz
// RUN: %python -c "import numpy as np; y = np.load('%t.out.npz')['y'].reshape(8, 8, 32); print(y[0, 0, 0], y[0, 3, 0], y[3, 3, 0], (y == y[:, :, :1]).all())" | filecheck %s --check-prefix=VALUES

// CHECK:      y: tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
// CHECK-NEXT:   logical [1, 1, 64, 32], physical [1, 1, 64, 32], f32, tile, 2 tiles, 8192 bytes
// CHECK-NEXT:   values:
// CHECK-NEXT:     {{\[\[\[\[}}64.5 64.5 64.5 ... 64.5 64.5 64.5]
// CHECK-NEXT:        [96.5 96.5 96.5 ... 96.5 96.5 96.5]
// VALUES: 64.5 96.5 144.0 True

func.func @main(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>, %b: tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %w, %b in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dtype = #ttnn.data_type<f32> : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>, tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
  func.return %y : tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
}

// ttnn-run on a ttnn.conv_transpose2d (docs/semantics.md §7.2, §9.8): decomposed into the
// preparation of its IOHW weight, its TILE input untilized and zero-stuffed (ttnn.zero_stuff),
// and one conv2d_consume of the equivalent stride-1 conv2d, lowered and run. A 2x2 stride-2
// upsampling: output pixel (2h + kh, 2w + kw) is x[h, w] · W[:, :, kh, kw] alone. Channel 0 of
// the input holds 8h + w + 1, the others 0; W[c, o, kh, kw] = 2kh + kw + 1, so the output is
// (8h + w + 1)·(2kh + kw + 1), exact in bfloat16 — a kernel not mirrored for the equivalent
// conv would put tap (1 − kh, 1 − kw) there. The .npz holds the physical matrix (Cout padded
// to 32 columns).

// RUN: %python -c "import numpy as np; x = np.zeros((1, 1, 64, 32), np.float32); x[0, 0, :, 0] = np.arange(64) + 1; np.save('%t.x.npy', x); w = np.zeros((32, 16, 2, 2), np.float32); w[:] = [[1, 2], [3, 4]]; np.save('%t.w.npy', w)"
// RUN: ttnn-run %s --input x=%t.x.npy --input w=%t.w.npy --print | filecheck %s --match-full-lines
// RUN: ttnn-run %s --input x=%t.x.npy --input w=%t.w.npy --output %t.out.npz
// RUN: %python -c "import numpy as np; y = np.load('%t.out.npz')['y'][0, 0, :, :16].reshape(16, 16, 16); x = (np.arange(64) + 1).reshape(8, 8); taps = np.array([[1, 2], [3, 4]]); print((y == np.kron(x, taps)[:, :, None]).all(), y[0, 0, 0], y[1, 1, 0], y[15, 15, 0])" | filecheck %s --check-prefix=VALUES

// CHECK:      y: tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
// CHECK-NEXT:   logical [1, 1, 256, 16], physical [1, 1, 256, 32], bf16, tile, 8 tiles, 16384 bytes
// VALUES: True 1.0 4.0 256.0

func.func @main(%x: tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>> {
  %y = ttnn.conv_transpose2d %x, %w in_channels = 32 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] output_padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : (tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
  func.return %y : tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
}

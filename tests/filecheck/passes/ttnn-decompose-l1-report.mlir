// ttnn-decompose's L1 report (docs/semantics.md §8.6): the `l1` entry of each layout op's
// ttnn.resolution holds TT-NN's L1 estimate per core, in bytes, of the configuration the weight
// is prepared for (its first slice on the DRAM path): the circular buffers TT-NN allocates, the
// output shard, the halo's input and output, their total against the device's budget and whether
// it fits; each auto-shard candidate's total where TT-NN chose the shard layout; the DRAM slices
// where it sliced (for a conv_transpose2d's weight on the DRAM path: TT-NN's slices of the
// transposed conv). tests/test_conv_l1_report.py derives the first case's numbers by hand.
//
// RUN: ttnn-opt %s --split-input-file -p ttnn-decompose | filecheck %s

// A shard layout the user gives (L1 input): TT-NN does not estimate it, the report does: 49 cores
// of 64 output rows (2 tiles); the halo output is the 184-stick window of a core's 64 outputs.
func.func @explicit_height(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 56 input_width = 56 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
  func.return %0 : tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK-LABEL: func.func @explicit_height(
// CHECK: ttnn.resolution = {{.*}}, l1 = {budget = 1393312 : i64, estimate_of = "height_sharded", cores = 49 : i64, circular_buffers = {weights = 6144 : i64, act = 12288 : i64, act_tilized = 12288 : i64, bias = 2048 : i64, l1_array = 64 : i64}, output = 4096 : i64, halo_input = 4096 : i64, halo_output = 11776 : i64, total = 48704 : i64, fits = true}}} :

// No shard layout, L1 interleaved input: TT-NN estimates HEIGHT, BLOCK and WIDTH. BLOCK needs
// less L1 than HEIGHT but spreads over 4 cores, fewer than the grid's 8 columns: HEIGHT it is.
func.func @auto_block_passed_over(%w: tensor<32x64x3x3xf32>) -> tensor<1x1x576x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 64 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<32x64x3x3xf32> -> tensor<1x1x576x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x32>>
  func.return %0 : tensor<1x1x576x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x32>>
}
// CHECK-LABEL: func.func @auto_block_passed_over(
// CHECK: ttnn.resolution = {{.*}}, l1 = {budget = 1393312 : i64, estimate_of = "height_sharded", cores = 2 : i64, circular_buffers = {weights = 12288 : i64, act = 12288 : i64, act_tilized = 12288 : i64, l1_array = 64 : i64}, output = 2048 : i64, halo_input = 4096 : i64, halo_output = 7680 : i64, total = 46656 : i64, fits = true, auto_shard = {height_sharded = 46656 : i64, block_sharded = 24384 : i64, width_sharded = 139584 : i64}}}} :

// A DRAM input: TT-NN plans DRAM slices, the fewest whose largest slice fits (4 along the output
// width), and auto-shards the first slice; the estimate is that slice's.
func.func @dram_width_slices(%w: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 512 input_width = 512 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
  func.return %0 : tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
}
// CHECK-LABEL: func.func @dram_width_slices(
// CHECK: ttnn.resolution = {{.*}}, l1 = {budget = 1393312 : i64, estimate_of = "height_sharded", cores = 64 : i64, circular_buffers = {weights = 24576 : i64, act = 196608 : i64, act_second_reader = 196608 : i64, act_tilized = 393216 : i64, l1_array = 64 : i64}, output = 131072 : i64, halo_input = 135168 : i64, halo_output = 166400 : i64, total = 1108544 : i64, fits = true, auto_shard = {height_sharded = 1113408 : i64, block_sharded = 4229568 : i64, width_sharded = 84056512 : i64}, dram_slices = {slice_type = "dram_width", num_slices = 4 : i64, largest_slice = 1108544 : i64}}}} :

// A configuration that cannot fit: TT-NN 0.81.1 still prepares its weight (the conv would fail to
// allocate later), so the project does too and says so: fits = false.
func.func @does_not_fit(%w: tensor<1024x1024x3x3xf32>) -> tensor<1x1x9216x1024xbf16, #ttnn.tensor_layout<tile, physical = 1x1x9216x1024>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 1024 out_channels = 1024 batch_size = 1 input_height = 64 input_width = 64 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<1024x1024x3x3xf32> -> tensor<1x1x9216x1024xbf16, #ttnn.tensor_layout<tile, physical = 1x1x9216x1024>>
  func.return %0 : tensor<1x1x9216x1024xbf16, #ttnn.tensor_layout<tile, physical = 1x1x9216x1024>>
}
// CHECK-LABEL: func.func @does_not_fit(
// CHECK: ttnn.resolution = {{.*}}, l1 = {budget = 1393312 : i64, estimate_of = "height_sharded", cores = 64 : i64, circular_buffers = {weights = 6291456 : i64, act = 393216 : i64, act_tilized = 393216 : i64, l1_array = 64 : i64}, output = 131072 : i64, halo_input = 131072 : i64, halo_output = 405504 : i64, total = 7614528 : i64, fits = false}}} :

// -----

// The same DRAM conv on a device opened with l1_small_size = 524288: 868 KB free, so 4 slices no
// longer fit and TT-NN takes 6.
module attributes {ttnn.open_device = {l1_small_size = 524288 : i64}} {
func.func @dram_width_slices_smaller_budget(%w: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> {
    %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 512 input_width = 512 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
    func.return %0 : tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
  }
}
// CHECK-LABEL: func.func @dram_width_slices_smaller_budget(
// CHECK: ttnn.resolution = {{.*}}, l1 = {budget = 869024 : i64, estimate_of = "height_sharded", cores = 64 : i64, circular_buffers = {weights = 24576 : i64, act = 147456 : i64, act_second_reader = 147456 : i64, act_tilized = 294912 : i64, l1_array = 64 : i64}, output = 98304 : i64, halo_input = 102400 : i64, halo_output = 125440 : i64, total = 838208 : i64, fits = true, auto_shard = {height_sharded = 843072 : i64, block_sharded = 3176896 : i64, width_sharded = 63080896 : i64}, dram_slices = {slice_type = "dram_width", num_slices = 6 : i64, largest_slice = 838208 : i64}}}} :

// -----

// A conv_transpose2d's weight on TT-NN's DRAM path: the report is what TT-NN estimates there, for
// its slices of the transposed conv (not the equivalent conv2d's whole input): the first of 6
// width slices, auto-sharded as HEIGHT; its usage is the largest slice's. (test_conv_l1_report.py
// derives the slice, its output shard and the slice count apart.)
func.func @transposed_dram_slices(%w: tensor<64x64x4x4xf32>) -> tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "IOHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 256 input_width = 256 kernel_size = [4, 4] stride = [2, 2] padding = [1, 1] output_padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<64x64x4x4xf32> -> tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile>>
  func.return %0 : tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @transposed_dram_slices(
// CHECK: ttnn.conv_weights_special_padding_layout {{.*}}l1 = {budget = 1393312 : i64, estimate_of = "height_sharded", cores = 64 : i64, circular_buffers = {weights = 32768 : i64, act = 196608 : i64, act_second_reader = 196608 : i64, act_tilized = 393216 : i64, l1_array = 64 : i64}, output = 98304 : i64, halo_input = 28672 : i64, halo_output = 139392 : i64, total = 1056960 : i64, fits = true, auto_shard = {height_sharded = 1056960 : i64, block_sharded = 1287888 : i64, width_sharded = 107170432 : i64}, dram_slices = {slice_type = "dram_width", num_slices = 6 : i64, largest_slice = 1056960 : i64}}}, ttnn.equivalent_conv2d = {{.*}}dram_slices = "the first of 6 dram_width slices, a row_major input"}}

// The examples of docs/dialect.md, one function per op, attribute or type, named after it
// (a nested module named after an op whose example lives outside a function); `make docs`
// parses and verifies this file and prints each under its name (tools/dialect_docs.py). A
// test fails when an op, attribute or type of a project dialect has no example here, or when
// docs/dialect.md is stale.
#system_memory = #ttnn.buffer_type<system_memory>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 48 + d1 * 3 + d2, d3), <1x1>, memref<1536x3xbf16, #system_memory>>
#bias_host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x32xbf16, #system_memory>>
#tiles = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 160 + d1 * 160 + d2, d3), <1x1>, memref<5x1x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>
#bias_dram = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x32xbf16, #ttnn.buffer_type<dram>>, <interleaved>>
#bias_l1 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<l1>>, <interleaved>>
#bias_host_f32 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x32xf32, #system_memory>>
#vector_host = #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x32xbf16, #system_memory>>
#column_host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 + d2, d3), <1x1>, memref<32x1xbf16, #system_memory>>
#bias_tiles = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>
builtin.module attributes {ttnn.grid = array<i32: 8, 8>} {
  func.func @"ttnn.assign_bw"(%grad: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, %a: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, %b: tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, %buffer: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>) -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>) {
    %ga, %gb = ttnn.assign_bw(%grad, %a, %b) are_required_outputs = [true, true] : (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
    %g = ttnn.assign_bw(%grad, %a) input_grad(%buffer) queue_id = 0 round_mode = "trunc" : (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>) -> tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>
    func.return %ga, %gb, %g : tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>
  }
  func.func @"ttnn.prepare_conv_weights"(%weight: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> {
    %prepared_weight = ttnn.prepare_conv_weights %weight input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 56 input_width = 56 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
    func.return %prepared_weight : tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
  }
  func.func @"ttnn.prepare_conv_bias"(%bias: tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
    %prepared_bias = ttnn.prepare_conv_bias %bias input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 64 batch_size = 1 input_height = 56 input_width = 56 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
    func.return %prepared_bias : tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  }
  func.func @"ttnn.prepare_conv_transpose2d_weights"(%weight: tensor<64x64x3x3xf32>) -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>> {
    %prepared_weight = ttnn.prepare_conv_transpose2d_weights %weight input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 64 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] output_padding = [1, 1] dilation = [1, 1] has_bias = true groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> mirror_kernel = true : tensor<64x64x3x3xf32> -> tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
    func.return %prepared_weight : tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>
  }
  func.func @"ttnn.prepare_conv_transpose2d_bias"(%bias: tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
    %prepared_bias = ttnn.prepare_conv_transpose2d_bias %bias input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> in_channels = 64 out_channels = 64 batch_size = 1 input_height = 32 input_width = 32 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
    func.return %prepared_bias : tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  }
  func.func @"ttnn.conv_weights_interleaved_mm_layout"(%w: tensor<64x64x1x1xf32>) -> tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>> {
    %m = ttnn.conv_weights_interleaved_mm_layout %w : tensor<64x64x1x1xf32> -> tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
    func.return %m : tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
  }
  func.func @"ttnn.conv_weights_special_padding_layout"(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
    %m = ttnn.conv_weights_special_padding_layout %w block_h = 1 block_w = 1 enable_activation_reuse = false padded_in_channels = 8 padded_out_channels = 32 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
    func.return %m : tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  }
  func.func @"ttnn.conv_weights_tiled_layout"(%w: tensor<8x4x3x3xbf16>) -> tensor<1x1x36x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> {
    %m = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 1 : tensor<8x4x3x3xbf16> -> tensor<1x1x36x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
    func.return %m : tensor<1x1x36x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
  }
  func.func @"ttnn.conv_weights_block_sharded_layout"(%w: tensor<64x32x3x3xf32>) -> tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x64>> {
    %m = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 2 full_inner_dim = false : tensor<64x32x3x3xf32> -> tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
    func.return %m : tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
  }
  func.func @"ttnn.conv_weights_grouped_layout"(%w: tensor<4x2x1x1xf32>) -> tensor<4x4x1x1xf32> {
    %dense = ttnn.conv_weights_grouped_layout %w groups = 2 : tensor<4x2x1x1xf32> -> tensor<4x4x1x1xf32>
    func.return %dense : tensor<4x4x1x1xf32>
  }
  func.func @"ttnn.conv_weights_depthwise_layout"(%w: tensor<8x1x2x2xbf16>) -> tensor<8x128x1x1xbf16> {
    %repeated = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 1 : tensor<8x1x2x2xbf16> -> tensor<8x128x1x1xbf16>
    func.return %repeated : tensor<8x128x1x1xbf16>
  }
  func.func @"ttnn.conv_weights_fold_kernel_stride"(%w: tensor<64x3x7x7xf32>) -> tensor<64x12x4x4xf32> {
    %folded = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<64x3x7x7xf32> -> tensor<64x12x4x4xf32>
    func.return %folded : tensor<64x12x4x4xf32>
  }
  func.func @"ttnn.conv_weights_iohw_to_oihw"(%w: tensor<4x1x3x3xf32>) -> tensor<2x4x3x3xf32> {
    %oihw = ttnn.conv_weights_iohw_to_oihw %w groups = 2 : tensor<4x1x3x3xf32> -> tensor<2x4x3x3xf32>
    func.return %oihw : tensor<2x4x3x3xf32>
  }
  func.func @"ttnn.conv_weights_mirror_kernel"(%w: tensor<64x32x3x3xf32>) -> tensor<64x32x3x3xf32> {
    %mirrored = ttnn.conv_weights_mirror_kernel %w : tensor<64x32x3x3xf32> -> tensor<64x32x3x3xf32>
    func.return %mirrored : tensor<64x32x3x3xf32>
  }
  func.func @"ttnn.conv_bias_layout"(%b: tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
    %padded = ttnn.conv_bias_layout %b width = 64 : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
    func.return %padded : tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  }
  func.func @"ttnn.conv2d"(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>, %b: tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>> {
    %y = ttnn.conv2d %x, %w, %b in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dtype = #ttnn.data_type<f32> : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>, tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
    func.return %y : tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
  }
  func.func @"ttnn.conv_transpose2d"(%x: tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>> {
    %y = ttnn.conv_transpose2d %x, %w in_channels = 32 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] output_padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : (tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
    func.return %y : tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
  }
  func.func @"ttnn.conv2d_consume"(%x: tensor<2x6x7x5xbf16>, %w: tensor<1x1x45x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, %b: tensor<1x1x1x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) -> tensor<1x1x84x7xbf16, #ttnn.tensor_layout<tile>> {
    %y = "ttnn.conv2d_consume"(%x, %w, %b) <{path = "height_sharded", math_fidelity = "HiFi4", batch = 2 : i64, input_height = 6 : i64, input_width = 7 : i64, input_channels = 5 : i64, activation_channels = 8 : i64, nhw_cores = 3 : i64, input_cores = 1 : i64, output_cores = 1 : i64, nhw_rows_per_core = 32 : i64, act_block_h_ntiles = 1 : i64, act_block_w_ntiles = 1 : i64, k_blocks = 3 : i64, out_width_ntiles = 1 : i64, out_channels = 7 : i64, full_inner_dim = false, activation_reuse = false, fp32_dest_acc_en = false, packer_l1_acc = false, kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, original_padding = array<i64: 1, 1, 1, 1>, fold_stride = array<i64>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<2x6x7x5xbf16>, tensor<1x1x45x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, tensor<1x1x1x7xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) -> tensor<1x1x84x7xbf16, #ttnn.tensor_layout<tile>>
    func.return %y : tensor<1x1x84x7xbf16, #ttnn.tensor_layout<tile>>
  }
  func.func @"ttnn.zero_stuff"(%x: tensor<1x4x4x8xbf16>) -> tensor<1x12x12x8xbf16> {
    %full = ttnn.zero_stuff %x stride = [2, 2] offset = [2, 2] input_size = [4, 4] : tensor<1x4x4x8xbf16> -> tensor<1x12x12x8xbf16>
    func.return %full : tensor<1x12x12x8xbf16>
  }
  func.func @"ttnn.typecast"(%x: tensor<64x64xbf16, #ttnn.tensor_layout<tile>>) -> tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>> {
    %packed = ttnn.typecast %x : tensor<64x64xbf16, #ttnn.tensor_layout<tile>> -> tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
    func.return %packed : tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  }
  func.func @"ttnn.to_layout"(%x: tensor<40x50xbf16>) -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>> {
    %tiled = ttnn.to_layout %x : tensor<40x50xbf16> -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
    func.return %tiled : tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
  }
  func.func @"tile.load"(%tiles: memref<1x1x2x2x!tile.tile<32x32, bf16>>, %i: index, %j: index) -> !tile.tile<32x32, bf16> {
    %c0 = arith.constant 0 : index
    %t = tile.load %tiles[%c0, %c0, %i, %j] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
    func.return %t : !tile.tile<32x32, bf16>
  }
  func.func @"tile.store"(%t: !tile.tile<32x32, bf16>, %tiles: memref<1x1x2x2x!tile.tile<32x32, bf16>>, %i: index, %j: index) {
    %c0 = arith.constant 0 : index
    tile.store %t, %tiles[%c0, %c0, %i, %j] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
    func.return
  }
  func.func @"tile.tilize"(%rows: memref<40x50xbf16>, %row: index, %col: index) -> !tile.tile<32x32, bf16> {
    %t = tile.tilize %rows[%row, %col] : memref<40x50xbf16> -> !tile.tile<32x32, bf16>
    func.return %t : !tile.tile<32x32, bf16>
  }
  func.func @"tile.untilize"(%t: !tile.tile<32x32, bf16>, %rows: memref<40x50xbf16>, %row: index, %col: index) {
    tile.untilize %t, %rows[%row, %col] : !tile.tile<32x32, bf16>, memref<40x50xbf16>
    func.return
  }
  func.func @"tile.typecast"(%t: !tile.tile<32x32, f32>) -> !tile.tile<32x32, !ttnn.bfp8_b> {
    %packed = tile.typecast %t : !tile.tile<32x32, f32> -> !tile.tile<32x32, !ttnn.bfp8_b>
    func.return %packed : !tile.tile<32x32, !ttnn.bfp8_b>
  }
  func.func @"tile.matmul"(%a: memref<3x2x!tile.tile<32x32, bf16>>, %b: memref<2x4x!tile.tile<32x32, !ttnn.bfp8_b>>, %acc: memref<3x4x!tile.tile<32x32, f32>>) {
    tile.matmul %a, %b, %acc : memref<3x2x!tile.tile<32x32, bf16>>, memref<2x4x!tile.tile<32x32, !ttnn.bfp8_b>>, memref<3x4x!tile.tile<32x32, f32>>
    func.return
  }
  func.func @"tile.add_row"(%bias: memref<1x4x!tile.tile<32x32, bf16>>, %acc: memref<3x4x!tile.tile<32x32, f32>>) {
    tile.add_row %bias, %acc : memref<1x4x!tile.tile<32x32, bf16>>, memref<3x4x!tile.tile<32x32, f32>>
    func.return
  }
  func.func @"tile.multiply"(%act: memref<4x2x!tile.tile<32x32, bf16>>, %w: memref<2x2x!tile.tile<32x32, bf16>>, %dest: memref<4x2x!tile.tile<32x32, f32>>) {
    tile.multiply %act, %w, %dest {math_fidelity = "LoFi", accumulate} : memref<4x2x!tile.tile<32x32, bf16>>, memref<2x2x!tile.tile<32x32, bf16>>, memref<4x2x!tile.tile<32x32, f32>>
    func.return
  }
  func.func @"tile.add"(%partial: memref<4x2x!tile.tile<32x32, bf16>>, %dest: memref<4x2x!tile.tile<32x32, f32>>) {
    tile.add %partial, %dest : memref<4x2x!tile.tile<32x32, bf16>>, memref<4x2x!tile.tile<32x32, f32>>
    func.return
  }
  func.func @"tile.relu"(%dest: memref<3x4x!tile.tile<32x32, f32>>) {
    tile.relu %dest : memref<3x4x!tile.tile<32x32, f32>>
    func.return
  }
  func.func private @"!ttnn.bfp8_b"() attributes {example = tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>}
  func.func private @"!tile.tile"() attributes {example = memref<1x1x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>}
  func.func private @"#ttnn.layout"() attributes {example = #ttnn.layout<row_major>}
  func.func private @"#ttnn.buffer_type"() attributes {example = #ttnn.buffer_type<l1>}
  func.func private @"#ttnn.tensor_memory_layout"() attributes {example = #ttnn.tensor_memory_layout<block_sharded>}
  func.func private @"#ttnn.shard_orientation"() attributes {example = #ttnn.shard_orientation<col_major>}
  func.func private @"#ttnn.data_type"() attributes {example = #ttnn.data_type<bfp8_b>}
  func.func private @"#ttnn.math_fidelity"() attributes {example = #ttnn.math_fidelity<hifi4>}
  func.func private @"#ttnn.padding_mode"() attributes {example = #ttnn.padding_mode<replicate>}
  func.func private @"#ttnn.shard_spec"() attributes {example = #ttnn.shard_spec<grid = 8x8, shape = 64x64, orientation = row_major>}
  func.func private @"#ttnn.conv2d_config"() attributes {example = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded, act_block_h_override = 64, act_block_w_div = 1, transpose_shards = false, full_inner_dim = false, enable_activation_reuse = false, enable_kernel_stride_folding = true>}
  func.func private @"#ttnn.device_compute_kernel_config"() attributes {example = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, math_approx_mode = false, fp32_dest_acc_en = true, packer_l1_acc = false>}
  func.func private @"#ttnn.memory_config"() attributes {example = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 8x8, shape = 64x64, orientation = row_major>>}
  func.func private @"#ttnn.tensor_layout"() attributes {example = tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, physical = 1x1x96x32>>}
  func.func @"ttnn.get_device"() -> !ttnn.device {
    %device = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    func.return %device : !ttnn.device
  }
  func.func @"ttnn.prepare_conv2d_weights"(%w: tensor<32x16x1x3xbf16, #host>) -> tensor<1x1x144x32xbf16, #tiles> {
    %device = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %weight = "ttnn.prepare_conv2d_weights"(%w, %device) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = true, in_channels = 16 : i32, input_height = 1 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 64 : i32, kernel_size = array<i32: 1, 3>, out_channels = 32 : i32, padding = array<i32: 0, 0, 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW", input_dtype = #ttcore.supportedDataTypes<bf16>, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>}> : (tensor<32x16x1x3xbf16, #host>, !ttnn.device) -> tensor<1x1x144x32xbf16, #tiles>
    func.return %weight : tensor<1x1x144x32xbf16, #tiles>
  }
  func.func @"ttnn.prepare_conv2d_bias"(%b: tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xbf16, #bias_tiles> {
    %device = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %bias = "ttnn.prepare_conv2d_bias"(%b, %device) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 16 : i32, input_height = 1 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 64 : i32, kernel_size = array<i32: 1, 3>, out_channels = 32 : i32, padding = array<i32: 0, 0, 1, 1>, stride = array<i32: 1, 1>, input_dtype = #ttcore.supportedDataTypes<bf16>, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>}> : (tensor<1x1x1x32xbf16, #bias_host>, !ttnn.device) -> tensor<1x1x1x32xbf16, #bias_tiles>
    func.return %bias : tensor<1x1x1x32xbf16, #bias_tiles>
  }
  func.func @"ttnn.deallocate"(%b: tensor<1x1x1x32xbf16, #bias_host>) {
    "ttnn.deallocate"(%b) <{force = false}> : (tensor<1x1x1x32xbf16, #bias_host>) -> ()
    func.return
  }
  func.func @"ttnn.to_device"(%b: tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xbf16, #bias_dram> {
    %device = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %on_device = "ttnn.to_device"(%b, %device) : (tensor<1x1x1x32xbf16, #bias_host>, !ttnn.device) -> tensor<1x1x1x32xbf16, #bias_dram>
    func.return %on_device : tensor<1x1x1x32xbf16, #bias_dram>
  }
  func.func @"ttnn.from_device"(%b: tensor<1x1x1x32xbf16, #bias_dram>) -> tensor<1x1x1x32xbf16, #bias_host> {
    %on_host = "ttnn.from_device"(%b) : (tensor<1x1x1x32xbf16, #bias_dram>) -> tensor<1x1x1x32xbf16, #bias_host>
    func.return %on_host : tensor<1x1x1x32xbf16, #bias_host>
  }
  func.func @"ttnn.to_memory_config"(%b: tensor<1x1x1x32xbf16, #bias_tiles>) -> tensor<1x1x1x32xbf16, #bias_l1> {
    %in_l1 = "ttnn.to_memory_config"(%b) : (tensor<1x1x1x32xbf16, #bias_tiles>) -> tensor<1x1x1x32xbf16, #bias_l1>
    func.return %in_l1 : tensor<1x1x1x32xbf16, #bias_l1>
  }
  func.func @"ttnn.to_dtype"(%b: tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xf32, #bias_host_f32> {
    %wide = "ttnn.to_dtype"(%b) <{dtype = #ttcore.supportedDataTypes<f32>}> : (tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xf32, #bias_host_f32>
    func.return %wide : tensor<1x1x1x32xf32, #bias_host_f32>
  }
  func.func @"ttnn.reshape"(%b: tensor<32xbf16, #vector_host>) -> tensor<1x32x1x1xbf16, #column_host> {
    %column = "ttnn.reshape"(%b) <{shape = [1 : i32, 32 : i32, 1 : i32, 1 : i32]}> : (tensor<32xbf16, #vector_host>) -> tensor<1x32x1x1xbf16, #column_host>
    func.return %column : tensor<1x32x1x1xbf16, #column_host>
  }
  func.func @"ttnn.permute"(%b: tensor<1x32x1x1xbf16, #column_host>) -> tensor<1x1x1x32xbf16, #bias_host> {
    %row = "ttnn.permute"(%b) <{permutation = array<i64: 0, 2, 3, 1>}> : (tensor<1x32x1x1xbf16, #column_host>) -> tensor<1x1x1x32xbf16, #bias_host>
    func.return %row : tensor<1x1x1x32xbf16, #bias_host>
  }
  func.func @"ttir.reshape"(%b: tensor<32xf32>) -> tensor<1x32x1x1xf32> {
    %column = "ttir.reshape"(%b) <{shape = [1 : i32, 32 : i32, 1 : i32, 1 : i32]}> : (tensor<32xf32>) -> tensor<1x32x1x1xf32>
    func.return %column : tensor<1x32x1x1xf32>
  }
  func.func @"ttir.permute"(%b: tensor<1x32x1x1xf32>) -> tensor<1x1x1x32xf32> {
    %row = "ttir.permute"(%b) <{permutation = array<i64: 0, 2, 3, 1>}> : (tensor<1x32x1x1xf32>) -> tensor<1x1x1x32xf32>
    func.return %row : tensor<1x1x1x32xf32>
  }
  builtin.module @"ttcore.load_cached" {
    func.func @f_const_eval_0(%x: tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xbf16, #bias_host> {
      func.return %x : tensor<1x1x1x32xbf16, #bias_host>
    }
    func.func @forward(%x: tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xbf16, #bias_host> {
      %cached = ttcore.load_cached(@f_const_eval_0, [%x]) : (tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xbf16, #bias_host>
      func.return %cached : tensor<1x1x1x32xbf16, #bias_host>
    }
  }
  builtin.module @"ttcore.device_module" {
    ttcore.device_module {
      builtin.module {
        ttcore.device @default_device = <workerGrid = #ttcore.grid<10x13, virt_to_physical_map = (d0, d1) -> (0, d0, d1)>, meshShape = 1x1, chipIds = [0]>
      }
    }
    ttcore.cpu_module {
      builtin.module {
      }
    }
  }
  builtin.module @"ttcore.cpu_module" {
    ttcore.cpu_module {
      builtin.module {
      }
    }
  }
  builtin.module @"ttcore.device" {
    ttcore.device @default_device = <workerGrid = #ttcore.grid<8x8, virt_to_physical_map = (d0, d1) -> (0, d0, d1)>, meshShape = 1x1, chipIds = [0]>
  }
  func.func private @"#ttnn.conv2d_slice_config"() attributes {example = #ttnn.conv2d_slice_config<l1_full, 0>}
  func.func private @"!ttnn.device"() attributes {example = () -> !ttnn.device}
  func.func private @"#ttnn.ttnn_layout"() attributes {example = tensor<1x1x144x32xbf16, #tiles>}
  func.func private @"#ttnn.core_range"() attributes {example = #ttnn.core_range<(0,0), (7,7)>}
  func.func private @"#ttnn.core_range_set"() attributes {example = #ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(0,1), (3,1)>]>}
  func.func private @"#ttnn.unary_with_param"() attributes {example = #ttnn.unary_with_param<op_type = relu>}
  func.func private @"#ttnn.mesh_shape"() attributes {example = #ttnn<mesh_shape 1x1>}
  func.func private @"#ttnn.mesh_offset"() attributes {example = #ttnn<mesh_offset 0x0>}
  func.func private @"#ttcore.supportedDataTypes"() attributes {example = #ttcore.supportedDataTypes<bfp_bf8>}
  func.func private @"!ttcore.tile"() attributes {example = memref<5x1x!ttcore.tile<32x32, bfp_bf8>>}
  func.func private @"#ttcore.device"() attributes {example = #ttcore.device<workerGrid = #ttcore.grid<8x8, virt_to_physical_map = (d0, d1) -> (0, d0, d1)>, meshShape = 1x1, chipIds = [0]>}
}

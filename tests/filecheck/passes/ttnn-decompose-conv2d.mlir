// ttnn-decompose on ttnn.conv2d (docs/semantics.md §9.8; ttnn.conv_transpose2d at the end): the
// preparation of each host operand (prepare_conv_weights / prepare_conv_bias with the conv's
// parameters, decomposed in turn into their layout ops) and ONE ttnn.conv2d_consume reading the
// prepared weight, with the conv's result type; a prepared weight is consumed as given; a bfloat8_b
// weight of a conv run from DRAM is laid out by the layout op and typecast once, from float32
// (conv2d's own path converts it once: prepare_conv_weights alone refuses it).
//
// RUN: ttnn-opt %s -p ttnn-decompose | filecheck %s
// RUN: ttnn-opt %s -p ttnn-lower | filecheck %s --check-prefix=LOWERED

// LOWERED-NOT: ttnn.conv2d
// LOWERED-NOT: ttnn.prepare_conv

func.func @host_weight_and_bias(%x: tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x3x3xf32>, %b: tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %w, %b in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> dtype = #ttnn.data_type<f32> : (tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x3x3xf32>, tensor<1x1x1x32xf32>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
  func.return %y : tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
}

// CHECK-LABEL: func.func @host_weight_and_bias(
// CHECK-NEXT:    %[[W:.*]] = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 enable_activation_reuse = false padded_in_channels = 16 padded_out_channels = 32 {{.*}} : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// CHECK-NEXT:    %[[WB:.*]] = ttnn.typecast %[[W]] : {{.*}} -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// CHECK-NEXT:    %[[B:.*]] = ttnn.conv_bias_layout %b width = 32 {{.*}} -> tensor<1x1x1x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    %[[BB:.*]] = ttnn.typecast %[[B]] : {{.*}} -> tensor<1x1x1x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
// CHECK-NEXT:    %[[Y:.*]] = "ttnn.conv2d_consume"(%x, %[[WB]], %[[BB]]) <{path = "height_sharded", {{.*}} nhw_cores = 2 : i64, {{.*}} k_blocks = 3 : i64, {{.*}} -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, <row_major>>>>>
// CHECK-NEXT:    func.return %[[Y]]

func.func @prepared_weight(%x: tensor<1x8x8x16xf32, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %p: tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <64x32>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %p in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = f32, shard_layout = width_sharded> : (tensor<1x8x8x16xf32, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>) -> tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <64x32>, <row_major>>>>>
  func.return %y : tensor<1x1x64x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <64x32>, <row_major>>>>>
}

// CHECK-LABEL: func.func @prepared_weight(
// CHECK-NEXT:    %[[Y:.*]] = "ttnn.conv2d_consume"(%x, %p) <{path = "width_sharded", {{.*}}operandSegmentSizes = array<i32: 1, 1, 0>}>
// CHECK-NEXT:    func.return %[[Y]]

func.func @bfloat8_b_from_dram(%x: tensor<1x8x8x16xbf16>, %w: tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>> {
  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> : (tensor<1x8x8x16xbf16>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>>
  func.return %y : tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>>
}

// CHECK-LABEL: func.func @bfloat8_b_from_dram(
// CHECK-NEXT:    %[[W:.*]] = ttnn.conv_weights_special_padding_layout %w
// CHECK-NEXT:    %[[W8:.*]] = ttnn.typecast %[[W]] : tensor<1x1x144x32xf32, {{.*}} -> tensor<1x1x144x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
// CHECK-NEXT:    %[[Y:.*]] = "ttnn.conv2d_consume"(%x, %[[W8]]) <{path = "height_sharded"
// CHECK-NEXT:    func.return %[[Y]]

// A ttnn.conv_transpose2d (a 2x2 stride-2 upsampling of a TILE 8x8 input): its input untilized,
// then zero-stuffed into the equivalent conv2d's 17x17 input (one zero between pixels, d·(k − 1)
// − p = 1 before); the IOHW weight transformed and prepared for that conv; ONE conv2d_consume of
// it, stride 1, padding 0.

func.func @conv_transpose2d_height(%x: tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>> {
  %y = ttnn.conv_transpose2d %x, %w in_channels = 32 out_channels = 16 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [2, 2] stride = [2, 2] padding = [0, 0] output_padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> mirror_kernel = true : (tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x16x2x2xf32>) -> tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
  func.return %y : tensor<1x1x256x16xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>, physical = 1x1x256x32>>
}

// CHECK-LABEL: func.func @conv_transpose2d_height(
// CHECK-NEXT:    %[[R:.*]] = ttnn.to_layout %x : {{.*}} -> tensor<1x1x64x32xbf16>
// CHECK-NEXT:    %[[S:.*]] = ttnn.zero_stuff %[[R]] stride = [2, 2] offset = [1, 1] input_size = [8, 8] : tensor<1x1x64x32xbf16> -> tensor<1x17x17x32xbf16>
// CHECK-NEXT:    %[[T:.*]] = ttnn.conv_weights_iohw_to_oihw %w groups = 1 : tensor<32x16x2x2xf32> -> tensor<16x32x2x2xf32>
// CHECK-NEXT:    %[[M:.*]] = ttnn.conv_weights_mirror_kernel %[[T]] : tensor<16x32x2x2xf32> -> tensor<16x32x2x2xf32>
// CHECK-NEXT:    %[[L:.*]] = ttnn.conv_weights_special_padding_layout %[[M]] {{.*}}
// CHECK-NEXT:    %[[W:.*]] = ttnn.typecast %[[L]] : {{.*}} -> tensor<1x1x128x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
// CHECK-NEXT:    %[[Y:.*]] = "ttnn.conv2d_consume"(%[[S]], %[[W]]) <{path = "height_sharded", {{.*}} input_height = 17 : i64, input_width = 17 : i64, {{.*}} stride = array<i64: 1, 1>, {{.*}} padding = array<i64: 0, 0, 0, 0>, {{.*}} -> tensor<1x1x256x16xbf16, {{.*}}
// CHECK-NEXT:    func.return %[[Y]]

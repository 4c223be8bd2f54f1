// Every construct of tt-mlir's TTNN IR that the project reads without extra flags: the
// buffer types tt-mlir adds, dst_full_sync_en, every #ttnn.conv2d_config field (tt-mlir's
// bfp_bf8 spelling, attribute fields with and without their prefix), positional shard specs
// (one rectangle from core (0, 0), or any other core range set), #ttnn.ttnn_layout in its
// forms, #ttnn<mesh_shape>, ttnn.get_device, tt-mlir's prepare ops, ttcore.load_cached,
// tt-mlir's to_layout / typecast (which share names with the project's), and ops and
// attributes the project does not model (passed through). What tt-mlir wrote prints back in
// a form tt-mlir reads; printing is stable, in the custom and the generic form.
//
// RUN: ttnn-opt %s -o %t.1.mlir && ttnn-opt %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: filecheck %s --input-file %t.1.mlir
// RUN: ttnn-opt %s --print-op-generic | ttnn-opt | diff %t.1.mlir -

#dram = #ttnn.buffer_type<dram>
#l1 = #ttnn.buffer_type<l1>
#system_memory = #ttnn.buffer_type<system_memory>
#core_range = #ttnn.core_range<(0,0), (1,5)>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 48 + d1 * 3 + d2, d3), <1x1>, memref<1536x3xbf16, #system_memory>>
#tiles = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 160 + d1 * 160 + d2, d3), <1x1>, memref<5x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#bias_host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x32xbf16, #system_memory>>
#bias_tiles = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bfp_bf8>, #dram>, <interleaved>>
#sharded = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <6x2>, memref<2x1x!ttcore.tile<32x32, f32>, #l1>, <height_sharded>, core_ranges = <[#core_range]>>
#config = #ttnn.conv2d_config<weights_dtype = bfp_bf8, activation = <op_type = relu>, deallocate_activation = false, reallocate_halo_output = true, act_block_h_override = 0, act_block_w_div = 1, reshard_if_not_optimal = false, override_sharding_config = false, shard_layout = height_sharded, core_grid = <[#ttnn.core_range<(0,0), (7,7)>]>, transpose_shards = false, output_layout = tile, enable_act_double_buffer = false, enable_weights_double_buffer = false, enable_kernel_stride_folding = false, config_tensors_in_dram = false>
#compute = #ttnn.device_compute_kernel_config<math_fidelity = lofi, math_approx_mode = true, fp32_dest_acc_en = false, packer_l1_acc = false, dst_full_sync_en = false>

module attributes {ttcore.system_desc = #ttcore.system_desc<[{role = host, target_triple = "x86_64-pc-linux"}], [{arch = <wormhole_b0>, grid = 8x8}]>} {
  func.func private @buffer_types() attributes {a = #system_memory, b = #ttnn.buffer_type<l1_small>, c = #ttnn.buffer_type<trace>, host = #ttnn.memory_config<#system_memory>}
  // CHECK-LABEL: func.func private @buffer_types() -> () attributes {a = #ttnn.buffer_type<system_memory>, b = #ttnn.buffer_type<l1_small>, c = #ttnn.buffer_type<trace>, host = #ttnn.memory_config<#ttnn.buffer_type<system_memory>>}

  func.func private @configs() attributes {conv = #config, compute = #compute, slice = #ttnn.conv2d_slice_config<l1_full, 0>}
  // CHECK-LABEL: func.func private @configs() -> () attributes {
  // CHECK-SAME: conv = #ttnn.conv2d_config<weights_dtype = bfp_bf8, activation = #ttnn.unary_with_param<op_type = relu>, deallocate_activation = false, reallocate_halo_output = true, config_tensors_in_dram = false, act_block_h_override = 0, act_block_w_div = 1, reshard_if_not_optimal = false, override_sharding_config = false, shard_layout = height_sharded, core_grid = #ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,7)>]>, transpose_shards = false, output_layout = tile, enable_act_double_buffer = false, enable_weights_double_buffer = false, enable_kernel_stride_folding = false>,
  // CHECK-SAME: compute = #ttnn.device_compute_kernel_config<math_fidelity = lofi, math_approx_mode = true, fp32_dest_acc_en = false, packer_l1_acc = false, dst_full_sync_en = false>,
  // CHECK-SAME: slice = #ttnn.conv2d_slice_config<l1_full, 0>}

  // 2 columns x 6 rows of cores: core coordinates are (x, y), a layout grid is rows x columns.
  func.func private @shard_specs() attributes {rectangle = #ttnn.memory_config<#l1, <height_sharded>, #ttnn.shard_spec<<[#core_range]>, <32x32>, <row_major>>>, qualified = #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0, 0), (7, 7)>]>, <64x64>, <col_major>>, twelve_cores = #ttnn.shard_spec<<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(0,1), (3,1)>]>, <32x128>, <row_major>>}
  // CHECK-LABEL: func.func private @shard_specs() -> () attributes {
  // CHECK-SAME: rectangle = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,5)>]>, <32x32>, <row_major>>>,
  // CHECK-SAME: qualified = #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,7)>]>, <64x64>, <col_major>>,
  // CHECK-SAME: twelve_cores = #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(0,1), (3,1)>]>, <32x128>, <row_major>>}

  func.func private @layouts(%host: tensor<32x16x1x3xbf16, #host>, %sharded: tensor<384x32xf32, #sharded>, %mesh: tensor<32x32xf32, #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, mesh = <"mesh">, memref<1x1x!ttcore.tile<32x32, f32>, #dram>, <interleaved>, ignorePhysicalLayout = true>>)
  // CHECK-LABEL: func.func private @layouts(
  // CHECK-SAME: tensor<32x16x1x3xbf16, #ttnn.ttnn_layout<(d0, d1, d2, d3) -> ((((d0 * 48) + (d1 * 3)) + d2), d3), <1x1>, memref<1536x3xbf16, #ttnn.buffer_type<system_memory>>>>
  // CHECK-SAME: tensor<384x32xf32, #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <6x2>, memref<2x1x!ttcore.tile<32x32, f32>, #ttnn.buffer_type<l1>>, <height_sharded>, core_ranges = #ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,5)>]>>>
  // CHECK-SAME: tensor<32x32xf32, #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, mesh = <"mesh">, memref<1x1x!ttcore.tile<32x32, f32>, #ttnn.buffer_type<dram>>, <interleaved>, ignorePhysicalLayout = true>>

  func.func @prepare(%w: tensor<32x16x1x3xbf16, #host>, %b: tensor<1x1x1x32xbf16, #bias_host>, %x: tensor<1x1x1x32xbf16, #bias_host>) -> (tensor<1x1x144x32xbf16, #tiles>, tensor<1x1x1x32xbf16, #bias_tiles>) {
    %device = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %weight = "ttnn.prepare_conv2d_weights"(%w, %device) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = true, in_channels = 16 : i32, input_height = 1 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 64 : i32, kernel_size = array<i32: 1, 3>, out_channels = 32 : i32, padding = array<i32: 0, 0, 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW", input_dtype = #ttcore.supportedDataTypes<bf16>, output_dtype = #ttcore.supportedDataTypes<bf16>, conv2d_config = #config, compute_config = #compute, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<32x16x1x3xbf16, #host>, !ttnn.device) -> tensor<1x1x144x32xbf16, #tiles>
    %bias = "ttnn.prepare_conv2d_bias"(%b, %device) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 16 : i32, input_height = 1 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 64 : i32, kernel_size = array<i32: 1, 3>, out_channels = 32 : i32, padding = array<i32: 0, 0, 1, 1>, stride = array<i32: 1, 1>, input_dtype = #ttcore.supportedDataTypes<bf16>, conv2d_config = #config}> : (tensor<1x1x1x32xbf16, #bias_host>, !ttnn.device) -> tensor<1x1x1x32xbf16, #bias_tiles>
    %cached = ttcore.load_cached(@cached, [%x]) : (tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xbf16, #bias_host>
    %on_device = "ttnn.to_layout"(%cached) : (tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xbf16, #bias_tiles>
    %cast = "ttnn.typecast"(%on_device) <{dtype = #ttcore.supportedDataTypes<f32>}> : (tensor<1x1x1x32xbf16, #bias_tiles>) -> tensor<1x1x1x32xbf16, #bias_tiles>
    "ttnn.deallocate"(%cast) <{force = false}> : (tensor<1x1x1x32xbf16, #bias_tiles>) -> ()
    return %weight, %bias : tensor<1x1x144x32xbf16, #tiles>, tensor<1x1x1x32xbf16, #bias_tiles>
  }
  // CHECK-LABEL: func.func @prepare(
  // CHECK:         %device = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
  // CHECK-NEXT:    %weight = "ttnn.prepare_conv2d_weights"(%w, %device) <{{{.*}}conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dtype = #ttcore.supportedDataTypes<bf16>}>
  // CHECK-NEXT:    %bias = "ttnn.prepare_conv2d_bias"(%b, %device)
  // CHECK-NEXT:    %cached = ttcore.load_cached(@cached, [%x])
  // CHECK-NEXT:    %on_device = "ttnn.to_layout"(%cached) : (tensor<1x1x1x32xbf16, #ttnn.ttnn_layout<
  // CHECK-NEXT:    %cast = "ttnn.typecast"(%on_device) <{dtype = #ttcore.supportedDataTypes<f32>}>
  // CHECK-NEXT:    "ttnn.deallocate"(%cast) <{force = false}>

  // The const-eval function @prepare loads, declared: ttcore.load_cached's verifier finds
  // its callee.
  func.func private @cached(tensor<1x1x1x32xbf16, #bias_host>) -> tensor<1x1x1x32xbf16, #bias_host>
  // CHECK-LABEL: func.func private @cached(tensor<1x1x1x32xbf16, #ttnn.ttnn_layout<
}

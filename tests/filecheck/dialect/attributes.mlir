// The ttnn attributes: every enum value, #ttnn.memory_config with and without a
// #ttnn.shard_spec (an alias inside), #ttnn.shard_spec, #ttnn.conv2d_config (every field,
// empty, a subset given out of order) and #ttnn.device_compute_kernel_config. Each is a
// discardable attribute of a function declaration, so it prints the same in both forms.
//
// RUN: ttnn-opt %s -o %t.1.mlir && ttnn-opt %t.1.mlir -o %t.2.mlir
// RUN: filecheck %s --input-file %t.2.mlir
// RUN: %roundtrip
// RUN: ttnn-opt %s --print-op-generic -o %t.generic.mlir
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic.mlir
// Round trips give identical text: custom -> custom, custom -> generic -> custom,
// generic -> generic.
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: ttnn-opt %t.generic.mlir | diff %t.1.mlir -
// RUN: ttnn-opt %t.generic.mlir --print-op-generic | diff %t.generic.mlir -

#dram = #ttnn.buffer_type<dram>
#l1_block = #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 2x4, shape = 64x32>>

func.func private @layout() attributes {tile = #ttnn.layout<tile>, row_major = #ttnn.layout<row_major>}
// CHECK-LABEL: func.func private @layout() -> () attributes {tile = #ttnn.layout<tile>, row_major = #ttnn.layout<row_major>}
// GENERIC-LABEL: "func.func"() <{sym_name = "layout", function_type = () -> (), sym_visibility = "private"}> ({
// GENERIC-NEXT: }) {tile = #ttnn.layout<tile>, row_major = #ttnn.layout<row_major>} : () -> ()

func.func private @buffer_type() attributes {dram = #ttnn.buffer_type<dram>, l1 = #ttnn.buffer_type<l1>}
// CHECK-LABEL: func.func private @buffer_type() -> () attributes {dram = #ttnn.buffer_type<dram>, l1 = #ttnn.buffer_type<l1>}

func.func private @tensor_memory_layout() attributes {i = #ttnn.tensor_memory_layout<interleaved>, h = #ttnn.tensor_memory_layout<height_sharded>, w = #ttnn.tensor_memory_layout<width_sharded>, b = #ttnn.tensor_memory_layout<block_sharded>}
// CHECK-LABEL: func.func private @tensor_memory_layout() -> () attributes {i = #ttnn.tensor_memory_layout<interleaved>, h = #ttnn.tensor_memory_layout<height_sharded>, w = #ttnn.tensor_memory_layout<width_sharded>, b = #ttnn.tensor_memory_layout<block_sharded>}

func.func private @shard_orientation() attributes {r = #ttnn.shard_orientation<row_major>, c = #ttnn.shard_orientation<col_major>}
// CHECK-LABEL: func.func private @shard_orientation() -> () attributes {r = #ttnn.shard_orientation<row_major>, c = #ttnn.shard_orientation<col_major>}

func.func private @data_type() attributes {f32 = #ttnn.data_type<f32>, bf16 = #ttnn.data_type<bf16>, bfp8_b = #ttnn.data_type<bfp8_b>}
// CHECK-LABEL: func.func private @data_type() -> () attributes {f32 = #ttnn.data_type<f32>, bf16 = #ttnn.data_type<bf16>, bfp8_b = #ttnn.data_type<bfp8_b>}

func.func private @math_fidelity() attributes {lofi = #ttnn.math_fidelity<lofi>, hifi2 = #ttnn.math_fidelity<hifi2>, hifi3 = #ttnn.math_fidelity<hifi3>, hifi4 = #ttnn.math_fidelity<hifi4>}
// CHECK-LABEL: func.func private @math_fidelity() -> () attributes {lofi = #ttnn.math_fidelity<lofi>, hifi2 = #ttnn.math_fidelity<hifi2>, hifi3 = #ttnn.math_fidelity<hifi3>, hifi4 = #ttnn.math_fidelity<hifi4>}

// The memory layout may also be written as a full #ttnn.tensor_memory_layout: it prints short.
func.func private @memory_config() attributes {dram = #ttnn.memory_config<#dram, <interleaved>>, l1 = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, height = #ttnn.memory_config<#ttnn.buffer_type<l1>, #ttnn.tensor_memory_layout<height_sharded>>, width = #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<grid = 8x1, shape = 1024x32, orientation = row_major>>, block = #l1_block}
// CHECK-LABEL: func.func private @memory_config() -> () attributes {
// CHECK-SAME: dram = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>,
// CHECK-SAME: l1 = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>,
// CHECK-SAME: height = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>,
// CHECK-SAME: width = #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<grid = 8x1, shape = 1024x32, orientation = row_major>>,
// CHECK-SAME: block = #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 2x4, shape = 64x32>>}
// GENERIC-LABEL: "func.func"() <{sym_name = "memory_config", function_type = () -> (), sym_visibility = "private"}> ({
// GENERIC-NEXT: }) {dram = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, l1 = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, height = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>, width = #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<grid = 8x1, shape = 1024x32, orientation = row_major>>, block = #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 2x4, shape = 64x32>>} : () -> ()

// An absent orientation stays absent (row_major is its meaning, not its spelling).
func.func private @shard_spec() attributes {with = #ttnn.shard_spec<grid = 8x8, shape = 32x64, orientation = col_major>, without = #ttnn.shard_spec<grid = 13x10, shape = 32x32>}
// CHECK-LABEL: func.func private @shard_spec() -> () attributes {with = #ttnn.shard_spec<grid = 8x8, shape = 32x64, orientation = col_major>, without = #ttnn.shard_spec<grid = 13x10, shape = 32x32>}

// Fields print in declaration order, only when present.
func.func private @conv2d_config() attributes {every = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded, act_block_h_override = 64, act_block_w_div = 2, transpose_shards = true, full_inner_dim = true, enable_activation_reuse = false, enable_kernel_stride_folding = false>, empty = #ttnn.conv2d_config<>, subset = #ttnn.conv2d_config<enable_kernel_stride_folding = true, full_inner_dim = true, weights_dtype = f32>, one = #ttnn.conv2d_config<shard_layout = height_sharded>, zero = #ttnn.conv2d_config<act_block_h_override = 0, weights_dtype = bf16, shard_layout = width_sharded, enable_activation_reuse = true>}
// CHECK-LABEL: func.func private @conv2d_config() -> () attributes {
// CHECK-SAME: every = #ttnn.conv2d_config<weights_dtype = bfp8_b, act_block_h_override = 64, act_block_w_div = 2, shard_layout = block_sharded, transpose_shards = true, full_inner_dim = true, enable_kernel_stride_folding = false, enable_activation_reuse = false>,
// CHECK-SAME: empty = #ttnn.conv2d_config<>,
// CHECK-SAME: subset = #ttnn.conv2d_config<weights_dtype = f32, full_inner_dim = true, enable_kernel_stride_folding = true>,
// CHECK-SAME: one = #ttnn.conv2d_config<shard_layout = height_sharded>,
// CHECK-SAME: zero = #ttnn.conv2d_config<weights_dtype = bf16, act_block_h_override = 0, shard_layout = width_sharded, enable_activation_reuse = true>}
// GENERIC-LABEL: "func.func"() <{sym_name = "conv2d_config", function_type = () -> (), sym_visibility = "private"}> ({
// GENERIC-NEXT: }) {every = #ttnn.conv2d_config<weights_dtype = bfp8_b, act_block_h_override = 64, act_block_w_div = 2, shard_layout = block_sharded, transpose_shards = true, full_inner_dim = true, enable_kernel_stride_folding = false, enable_activation_reuse = false>, empty = #ttnn.conv2d_config<>, subset = #ttnn.conv2d_config<weights_dtype = f32, full_inner_dim = true, enable_kernel_stride_folding = true>, one = #ttnn.conv2d_config<shard_layout = height_sharded>, zero = #ttnn.conv2d_config<weights_dtype = bf16, act_block_h_override = 0, shard_layout = width_sharded, enable_activation_reuse = true>} : () -> ()

func.func private @device_compute_kernel_config() attributes {every = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, math_approx_mode = true, fp32_dest_acc_en = true, packer_l1_acc = false>, empty = #ttnn.device_compute_kernel_config<>, subset = #ttnn.device_compute_kernel_config<packer_l1_acc = true, math_fidelity = lofi>}
// CHECK-LABEL: func.func private @device_compute_kernel_config() -> () attributes {
// CHECK-SAME: every = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, math_approx_mode = true, fp32_dest_acc_en = true, packer_l1_acc = false>,
// CHECK-SAME: empty = #ttnn.device_compute_kernel_config<>,
// CHECK-SAME: subset = #ttnn.device_compute_kernel_config<math_fidelity = lofi, packer_l1_acc = true>}

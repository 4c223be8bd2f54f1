// Parse-time diagnostics of the ttnn attributes, one chunk per rule: unknown and duplicate
// fields, field values (act_block_h_override a multiple of 32, positive sizes, enum
// keywords), required fields, the memory config's structure and its interleaved-without-
// shard-spec rule. Each is reported at the attribute (or at the offending field).
//
// RUN: ttnn-opt %s --split-input-file --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// conv2d_config: an unknown field.
func.func private @f() attributes {x = #ttnn.conv2d_config<weights_dtype = bf16, block_h = 2>}
// CHECK: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:82: error: unknown #ttnn.conv2d_config field 'block_h' (expected one of: weights_dtype, activation, deallocate_activation, reallocate_halo_output, config_tensors_in_dram, act_block_h_override, act_block_w_div, reshard_if_not_optimal, override_sharding_config, shard_layout, core_grid, transpose_shards, output_layout, enable_act_double_buffer, enable_weights_double_buffer, full_inner_dim, enable_kernel_stride_folding, enable_activation_reuse, force_split_reader, override_output_sharding_config, padding_mode) or a field tt-mlir writes (in_place)

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: a duplicate field.
func.func private @f() attributes {x = #ttnn.conv2d_config<full_inner_dim = true, full_inner_dim = false>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:83: error: duplicate #ttnn.conv2d_config field 'full_inner_dim'

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: act_block_h_override is a multiple of 32.
func.func private @f() attributes {x = #ttnn.conv2d_config<act_block_h_override = 48>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.conv2d_config expected act_block_h_override to be a non-negative multiple of 32, got 48

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: act_block_h_override is non-negative (a uint32_t in TT-NN), refused at it.
func.func private @f() attributes {x = #ttnn.conv2d_config<act_block_h_override = -32>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:83: error: #ttnn.conv2d_config act_block_h_override: expected an unsigned 32-bit integer (0 to 4294967295), got -32

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: an integer field is a uint32_t in TT-NN: 2^32 is refused at it (a multiple of
// 32, it would otherwise pass the field's own rule).
func.func private @f() attributes {x = #ttnn.conv2d_config<act_block_h_override = 4294967296>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:83: error: #ttnn.conv2d_config act_block_h_override: expected an unsigned 32-bit integer (0 to 4294967295), got 4294967296

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: 2^64 too.
func.func private @f() attributes {x = #ttnn.conv2d_config<act_block_h_override = 18446744073709551616>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:83: error: #ttnn.conv2d_config act_block_h_override: expected an unsigned 32-bit integer (0 to 4294967295), got 18446744073709551616

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: act_block_w_div is a uint32_t too (10^20).
func.func private @f() attributes {x = #ttnn.conv2d_config<act_block_w_div = 100000000000000000000>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:78: error: #ttnn.conv2d_config act_block_w_div: expected an unsigned 32-bit integer (0 to 4294967295), got 100000000000000000000

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: the largest uint32_t passes the range; it then meets the field's own rule.
func.func private @f() attributes {x = #ttnn.conv2d_config<act_block_w_div = 4294967295, act_block_h_override = 4294967295>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.conv2d_config expected act_block_h_override to be a non-negative multiple of 32, got 4294967295

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_slice_config: num_slices is a uint32_t in TT-NN.
func.func private @f() attributes {x = #ttnn.conv2d_slice_config<dram_height, 4294967296>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:79: error: #ttnn.conv2d_slice_config num_slices: expected an unsigned 32-bit integer (0 to 4294967295), got 4294967296

// -----
// CHECK-NEXT: {{^//}} -----

// shard_spec: the shard shape's sizes are uint32_t in TT-NN (its keyword form and tt-mlir's).
func.func private @f() attributes {x = #ttnn.shard_spec<grid = 8x8, shape = 4294967296x64>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.shard_spec expected each shape size to be an unsigned 32-bit integer (0 to 4294967295), got 4294967296

// -----
// CHECK-NEXT: {{^//}} -----

func.func private @f() attributes {x = #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,7)>]>, <64x18446744073709551616>, <row_major>>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.shard_spec expected each shape size to be an unsigned 32-bit integer (0 to 4294967295), got 18446744073709551616

// -----
// CHECK-NEXT: {{^//}} -----

// tensor_layout: a physical (padded) shape's sizes are uint32_t in TT-NN.
func.func private @f() attributes {x = #ttnn.tensor_layout<tile, physical = 1x1x4294967328x32>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.tensor_layout expected each physical size to be an unsigned 32-bit integer (0 to 4294967295), got 4294967328

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: act_block_w_div is positive.
func.func private @f() attributes {x = #ttnn.conv2d_config<act_block_w_div = 0>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.conv2d_config expected act_block_w_div to be positive, got 0

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: shard_layout is a sharded layout (docs/semantics.md §3.1).
func.func private @f() attributes {x = #ttnn.conv2d_config<shard_layout = interleaved>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.conv2d_config expected shard_layout to be height_sharded, width_sharded or block_sharded, got interleaved

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: weights_dtype is f32, bf16 or bfp8_b (docs/semantics.md §3.2).
func.func private @f() attributes {x = #ttnn.conv2d_config<weights_dtype = f16>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:76: error: #ttnn.conv2d_config weights_dtype: expected f32, bf16 or bfp8_b, got f16

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: a boolean field takes true or false.
func.func private @f() attributes {x = #ttnn.conv2d_config<transpose_shards = 1>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:79: error: #ttnn.conv2d_config transpose_shards: expected true or false, got 1

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: an integer field takes an integer.
func.func private @f() attributes {x = #ttnn.conv2d_config<act_block_w_div = true>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:78: error: #ttnn.conv2d_config act_block_w_div: expected an integer, got true

// -----
// CHECK-NEXT: {{^//}} -----

// conv2d_config: key = value.
func.func private @f() attributes {x = #ttnn.conv2d_config<full_inner_dim>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:74: error: Expected '='

// -----
// CHECK-NEXT: {{^//}} -----

// device_compute_kernel_config: an unknown field (tt-mlir's dst_full_sync_en is a field).
func.func private @f() attributes {x = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, throttle_level = 1>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:98: error: unknown #ttnn.device_compute_kernel_config field 'throttle_level' (expected one of: math_fidelity, math_approx_mode, fp32_dest_acc_en, packer_l1_acc) or a field tt-mlir writes (dst_full_sync_en)

// -----
// CHECK-NEXT: {{^//}} -----

// device_compute_kernel_config: a duplicate field.
func.func private @f() attributes {x = #ttnn.device_compute_kernel_config<packer_l1_acc = true, packer_l1_acc = true>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:97: error: duplicate #ttnn.device_compute_kernel_config field 'packer_l1_acc'

// -----
// CHECK-NEXT: {{^//}} -----

// device_compute_kernel_config: math_fidelity is lofi, hifi2, hifi3 or hifi4.
func.func private @f() attributes {x = #ttnn.device_compute_kernel_config<math_fidelity = hifi5>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:91: error: #ttnn.device_compute_kernel_config math_fidelity: expected lofi, hifi2, hifi3 or hifi4, got hifi5

// -----
// CHECK-NEXT: {{^//}} -----

// shard_spec: grid and shape are required.
func.func private @f() attributes {x = #ttnn.shard_spec<shape = 32x32>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:56: error: #ttnn.shard_spec needs the field(s): grid

// -----
// CHECK-NEXT: {{^//}} -----

// shard_spec: grid and shape are required (both missing).
func.func private @f() attributes {x = #ttnn.shard_spec<orientation = col_major>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:56: error: #ttnn.shard_spec needs the field(s): grid, shape

// -----
// CHECK-NEXT: {{^//}} -----

// shard_spec: the grid is two positive sizes.
func.func private @f() attributes {x = #ttnn.shard_spec<grid = 0x8, shape = 32x32>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.shard_spec expected grid to be two positive sizes, got 0x8

// -----
// CHECK-NEXT: {{^//}} -----

// shard_spec: the shard shape is two positive sizes.
func.func private @f() attributes {x = #ttnn.shard_spec<grid = 8x8, shape = 32x0>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.shard_spec expected shape to be two positive sizes, got 32x0

// -----
// CHECK-NEXT: {{^//}} -----

// shard_spec: two sizes, not three.
func.func private @f() attributes {x = #ttnn.shard_spec<grid = 8x8x2, shape = 32x32>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:67: error: '>' expected

// -----
// CHECK-NEXT: {{^//}} -----

// shard_spec: an unknown field.
func.func private @f() attributes {x = #ttnn.shard_spec<grid = 8x8, shape = 32x32, cores = 64>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:84: error: unknown #ttnn.shard_spec field 'cores' (expected one of: grid, shape, orientation)

// -----
// CHECK-NEXT: {{^//}} -----

// shard_spec: orientation is row_major or col_major.
func.func private @f() attributes {x = #ttnn.shard_spec<grid = 8x8, shape = 32x32, orientation = diagonal>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:98: error: #ttnn.shard_spec orientation: expected row_major or col_major, got diagonal

// -----
// CHECK-NEXT: {{^//}} -----

// memory_config: an interleaved memory config has no shard spec (docs/semantics.md §3.2: a shard spec needs a sharded layout).
func.func private @f() attributes {x = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>, #ttnn.shard_spec<grid = 8x8, shape = 32x32>>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.memory_config with memory layout interleaved cannot have a shard_spec

// -----
// CHECK-NEXT: {{^//}} -----

// memory_config: the same with an alias for the buffer type.
#dram = #ttnn.buffer_type<dram>
func.func private @f() attributes {x = #ttnn.memory_config<#dram, #ttnn.tensor_memory_layout<interleaved>, #ttnn.shard_spec<grid = 1x1, shape = 32x32>>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:40: error: #ttnn.memory_config with memory layout interleaved cannot have a shard_spec

// -----
// CHECK-NEXT: {{^//}} -----

// memory_config: a buffer type first.
func.func private @f() attributes {x = #ttnn.memory_config<#ttnn.layout<tile>, <interleaved>>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:60: error: #ttnn.memory_config expected a #ttnn.buffer_type first

// -----
// CHECK-NEXT: {{^//}} -----

// memory_config: then a memory layout.
func.func private @f() attributes {x = #ttnn.memory_config<#ttnn.buffer_type<l1>, #ttnn.layout<tile>>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:83: error: #ttnn.memory_config expected a memory layout (<interleaved>, <height_sharded>, <width_sharded> or <block_sharded>)

// -----
// CHECK-NEXT: {{^//}} -----

// memory_config: the memory layout keyword.
func.func private @f() attributes {x = #ttnn.memory_config<#ttnn.buffer_type<l1>, <sharded>>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:84: error: expected interleaved, height_sharded, width_sharded or block_sharded, got sharded

// -----
// CHECK-NEXT: {{^//}} -----

// memory_config: then a shard spec.
func.func private @f() attributes {x = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.layout<tile>>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:101: error: #ttnn.memory_config expected a #ttnn.shard_spec

// -----
// CHECK-NEXT: {{^//}} -----

// layout: tile or row_major.
func.func private @f() attributes {x = #ttnn.layout<tiled>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:53: error: expected row_major or tile, got tiled

// -----
// CHECK-NEXT: {{^//}} -----

// buffer_type: dram or l1, or one of tt-mlir's host and special buffers.
func.func private @f() attributes {x = #ttnn.buffer_type<sram>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:58: error: expected dram, l1, system_memory, l1_small or trace, got sram

// -----
// CHECK-NEXT: {{^//}} -----

// tensor_memory_layout: interleaved or a sharded layout.
func.func private @f() attributes {x = #ttnn.tensor_memory_layout<single_bank>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:67: error: expected interleaved, height_sharded, width_sharded or block_sharded, got single_bank

// -----
// CHECK-NEXT: {{^//}} -----

// shard_orientation: row_major or col_major.
func.func private @f() attributes {x = #ttnn.shard_orientation<diagonal>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:64: error: expected row_major or col_major, got diagonal

// -----
// CHECK-NEXT: {{^//}} -----

// data_type: f32, bf16 or bfp8_b.
func.func private @f() attributes {x = #ttnn.data_type<bfp4_b>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:56: error: expected f32, bf16 or bfp8_b, got bfp4_b

// -----
// CHECK-NEXT: {{^//}} -----

// math_fidelity: lofi, hifi2, hifi3 or hifi4.
func.func private @f() attributes {x = #ttnn.math_fidelity<hifi1>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:60: error: expected lofi, hifi2, hifi3 or hifi4, got hifi1

// -----
// CHECK-NEXT: {{^//}} -----

// An unknown ttnn attribute.
func.func private @f() attributes {x = #ttnn.conv_config<>}
// CHECK-NEXT: {{.*}}attributes-invalid.mlir:[[# @LINE - 1]]:57: error: 'ttnn.conv_config' is not registered

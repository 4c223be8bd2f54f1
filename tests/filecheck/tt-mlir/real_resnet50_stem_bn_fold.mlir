// A real tt-mlir output of the older generation (November 2025): ResNet-50 at batch 8 with
// batch-norm folded into each conv's weights and bias on the device (ttnn.full, add, sqrt,
// divide, multiply, subtract) before the prepare ops, two results per const-eval function.
// Its spelling predates 2026: const-eval functions public and marked `{const_eval}`, layouts
// with a grid map (`<7x8, (d0, d1) -> (0, d0, d1)>`), to_device with a memory_config,
// elementwise ops with a dtype. One conv (1×1, 1024 → 512) reads a block-sharded L1 input.
// Source: tenstorrent/tt-xla commit bdf8fe07a062f632e680255e3075a63a67f86de2 (2025-11-04, a
// branch-only dump), file resnet50_ttxla_python_ttxla_frontend_bs8/ttnn.mlir. Trimmed: the
// module wrappers, @main_const_eval_1 (the 1×1 conv) and @main_const_eval_30 (the 7×7/2
// stem) are the dump's lines unchanged; @main keeps the dump's own lines around the two
// convs, its signature rebuilt with their inputs as extra arguments. Debug locations as in
// the dump.
//
// It parses (the grid map prints back) and imports; running a const-eval function stops at
// the first op of the batch-norm arithmetic, which ttnn-xdsl does not model: one line.
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir | filecheck %s --check-prefix=IMPORT
// RUN: not ttnn-run %s -p import-tt-mlir,ttnn-lower --entry main_const_eval_30 --random-inputs 0 2>&1 | filecheck %s --check-prefix=REFUSED
// RUN: not ttnn-run %s -p import-tt-mlir,ttnn-lower --entry all --random-inputs 0 2>&1 | filecheck %s --check-prefix=ALL

// PARSE-LABEL: func.func @main_const_eval_1(
// PARSE-LABEL: func.func @main(
// PARSE:         <7x8, (d0, d1) -> (0, d0, d1)>, memref<7x4x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<l1>>, <block_sharded>>

// IMPORT-LABEL: func.func @main_const_eval_1(
// IMPORT:         ttnn.prepare_conv_weights {{.*}} -> tensor<1x1x1024x512xbf16, #ttnn.tensor_layout<tile, physical = 1x1x1024x512>>
// IMPORT:         ttnn.prepare_conv_bias {{.*}} -> tensor<1x1x1x512xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x512>>
// IMPORT-LABEL: func.func @main_const_eval_30(
// IMPORT:         ttnn.prepare_conv_weights {{.*}} -> tensor<1x1x147x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x1568x64>>

// REFUSED: real_resnet50_stem_bn_fold.mlir:{{[0-9]+}}:9: error: cannot run 'ttnn.full' in @main_const_eval_30: ttnn-xdsl does not model this tt-mlir op (ttnn-opt passes it through untouched)
// REFUSED-NOT: Traceback
// ALL: ttnn-run: error: no function the interpreter can run: cannot run 'ttnn.full' in @main_const_eval_1: ttnn-xdsl does not model this tt-mlir op (ttnn-opt passes it through untouched)

#dram = #ttnn.buffer_type<dram>
#l1 = #ttnn.buffer_type<l1>
#loc = loc(unknown)
#system_desc = #ttcore.system_desc<[{role = host, target_triple = "x86_64-pc-linux"}], [{arch = <wormhole_b0>, grid = 8x8, coord_translation_offsets = 18x18, l1_size = 1499136, num_dram_channels = 12, dram_channel_size = 1073741824, noc_l1_address_align_bytes = 16, pcie_address_align_bytes = 32, noc_dram_address_align_bytes = 32, l1_unreserved_base = 101664, erisc_l1_unreserved_base = 98304, dram_unreserved_base = 32, dram_unreserved_end = 1073131840, supported_data_types = [<f32>, <f16>, <bf16>, <bfp_f8>, <bfp_bf8>, <bfp_f4>, <bfp_bf4>, <bfp_f2>, <bfp_bf2>, <u32>, <u16>, <u8>, <si32>], supported_tile_sizes = [ 4x16,  16x16,  32x16,  4x32,  16x32,  32x32], dst_physical_size_tiles = 16, num_cbs = 32, num_compute_threads = 1, num_datamovement_threads = 2}], [0], [1 : i32], [ 0x0x0x0]>
#system_memory = #ttnn.buffer_type<system_memory>
#ttnn_layout1 = #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x16x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout2 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 + d2, d3), <1x1>, memref<524288x1xbf16, #system_memory>>
#ttnn_layout3 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2, d3), <1x1>, memref<32x16x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout4 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x16x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout5 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 16384 + d1 * 32 + d2, d3), <1x1>, memref<512x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout6 = #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout7 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout8 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<512x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout9 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1024 + d1 + d2, d3), <1x1>, memref<524288x1xbf16, #dram>, <interleaved>>
#ttnn_layout10 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32768 + d1 * 32 + d2, d3), <1x1>, memref<524288x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout11 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x512xbf16, #dram>, <interleaved>>
#ttnn_layout12 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x512xbf16, #system_memory>>
#ttnn_layout13 = #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout16 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout17 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 2048 + d1 * 32 + d2, d3), <1x1>, memref<64x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout18 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<64x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout21 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x64xbf16, #dram>, <interleaved>>
#ttnn_layout22 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x64xbf16, #system_memory>>
#ttnn_layout100 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 21 + d1 * 7 + d2, d3), <1x1>, memref<1344x7xbf16, #system_memory>>
#ttnn_layout101 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 160 + d1 * 160 + d2, d3), <1x1>, memref<5x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout102 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 21 + d1 * 7 + d2, d3), <1x1>, memref<1344x7xbf16, #dram>, <interleaved>>
#ttnn_layout103 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 96 + d1 * 32 + d2, d3), <1x1>, memref<192x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout124 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 401408 + d1 * 401408 + d2, d3), <1x1>, memref<12544x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout125 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 100352 + d1 * 100352 + d2, d3), <1x1>, memref<3136x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout140 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1568 + d1 * 1568 + d2, d3), <7x8, (d0, d1) -> (0, d0, d1)>, memref<7x4x!ttcore.tile<32x32, bf16>, #l1>, <block_sharded>>
#ttnn_layout147 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1568 + d1 * 1568 + d2, d3), <7x8, (d0, d1) -> (0, d0, d1)>, memref<7x2x!ttcore.tile<32x32, bf16>, #l1>, <block_sharded>>
module @SyncTensorsGraph.1698 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false, ttcore.meshes = #ttcore.meshes<[<"mesh" = 1x1>]>} {
  ttcore.device_module {
    builtin.module @SyncTensorsGraph.1698 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false, ttcore.meshes = #ttcore.meshes<[<"mesh" = 1x1>]>, ttcore.system_desc = #system_desc} {
      ttcore.device @default_device = <workerGrid = #ttcore.grid<8x8, (d0, d1) -> (0, d0, d1)>, l1Map = (d0, d1, d2)[s0] -> (0, d0, d1, d2 + s0), dramMap = (d0, d1, d2)[s0, s1, s2, s3, s4, s5, s6] -> (0, 0, (((d0 * s1) * (s2 * (s3 * s6)) + d1 * (s2 * (s3 * s6)) + d2) floordiv s4) mod 12, ((((d0 * s1) * (s2 * (s3 * s6)) + d1 * (s2 * (s3 * s6)) + d2) floordiv s4) floordiv 12) * s4 + ((d0 * s1) * (s2 * (s3 * s6)) + d1 * (s2 * (s3 * s6)) + d2) mod s4 + s5), meshShape = 1x1, chipIds = [0]> loc(#loc)
      func.func @main_const_eval_1(%arg0: tensor<512xbf16, #ttnn_layout1> loc(unknown), %arg1: tensor<512xbf16, #ttnn_layout1> loc(unknown), %arg2: tensor<512xbf16, #ttnn_layout1> loc(unknown), %arg3: tensor<512xbf16, #ttnn_layout1> loc(unknown), %arg4: tensor<512x1024x1x1xbf16, #ttnn_layout2> loc(unknown)) -> (tensor<1x1x1024x512xbf16, #ttnn_layout3>, tensor<1x1x1x512xbf16, #ttnn_layout4>) attributes {const_eval} {
        %0 = "ttnn.get_device"() <{mesh_offset = #ttnn<mesh_offset 0x0>, mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device loc(#loc)
        %1 = "ttnn.reshape"(%arg0) <{shape = [1 : i32, 512 : i32, 1 : i32, 1 : i32]}> : (tensor<512xbf16, #ttnn_layout1>) -> tensor<1x512x1x1xbf16, #ttnn_layout5> loc(#loc1)
        %2 = "ttnn.reshape"(%arg3) <{shape = [1 : i32, 512 : i32, 1 : i32, 1 : i32]}> : (tensor<512xbf16, #ttnn_layout1>) -> tensor<1x512x1x1xbf16, #ttnn_layout5> loc(#loc1)
        %3 = "ttnn.full"(%0) <{dtype = #ttcore.supportedDataTypes<bf16>, fill_value = 9.99999974E-6 : f32, layout = #ttnn.layout<tile>, shape = #ttnn.shape<1>}> : (!ttnn.device) -> tensor<1xbf16, #ttnn_layout6> loc(#loc1)
        %4 = "ttnn.reshape"(%3) <{shape = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1xbf16, #ttnn_layout6>) -> tensor<1x1x1x1xbf16, #ttnn_layout7> loc(#loc412)
        "ttnn.deallocate"(%3) <{force = false}> : (tensor<1xbf16, #ttnn_layout6>) -> () loc(#loc412)
        %5 = "ttnn.add"(%1, %4) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x512x1x1xbf16, #ttnn_layout5>, tensor<1x1x1x1xbf16, #ttnn_layout7>) -> tensor<1x512x1x1xbf16, #ttnn_layout5> loc(#loc1)
        "ttnn.deallocate"(%4) <{force = false}> : (tensor<1x1x1x1xbf16, #ttnn_layout7>) -> () loc(#loc1)
        "ttnn.deallocate"(%1) <{force = false}> : (tensor<1x512x1x1xbf16, #ttnn_layout5>) -> () loc(#loc1)
        %6 = "ttnn.sqrt"(%5) : (tensor<1x512x1x1xbf16, #ttnn_layout5>) -> tensor<1x512x1x1xbf16, #ttnn_layout5> loc(#loc1)
        "ttnn.deallocate"(%5) <{force = false}> : (tensor<1x512x1x1xbf16, #ttnn_layout5>) -> () loc(#loc1)
        %7 = "ttnn.divide"(%2, %6) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x512x1x1xbf16, #ttnn_layout5>, tensor<1x512x1x1xbf16, #ttnn_layout5>) -> tensor<1x512x1x1xbf16, #ttnn_layout5> loc(#loc1)
        "ttnn.deallocate"(%6) <{force = false}> : (tensor<1x512x1x1xbf16, #ttnn_layout5>) -> () loc(#loc1)
        "ttnn.deallocate"(%2) <{force = false}> : (tensor<1x512x1x1xbf16, #ttnn_layout5>) -> () loc(#loc1)
        %8 = "ttnn.reshape"(%7) <{shape = [512 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x512x1x1xbf16, #ttnn_layout5>) -> tensor<512x1x1x1xbf16, #ttnn_layout8> loc(#loc412)
        %9 = "ttnn.to_device"(%arg4, %0) <{memory_config = #ttnn.memory_config<#dram, <interleaved>>}> : (tensor<512x1024x1x1xbf16, #ttnn_layout2>, !ttnn.device) -> tensor<512x1024x1x1xbf16, #ttnn_layout9> loc(#loc413)
        %10 = "ttnn.to_layout"(%9) <{layout = #ttnn.layout<tile>}> : (tensor<512x1024x1x1xbf16, #ttnn_layout9>) -> tensor<512x1024x1x1xbf16, #ttnn_layout10> loc(#loc413)
        "ttnn.deallocate"(%9) <{force = false}> : (tensor<512x1024x1x1xbf16, #ttnn_layout9>) -> () loc(#loc413)
        %11 = "ttnn.multiply"(%10, %8) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<512x1024x1x1xbf16, #ttnn_layout10>, tensor<512x1x1x1xbf16, #ttnn_layout8>) -> tensor<512x1024x1x1xbf16, #ttnn_layout10> loc(#loc414)
        "ttnn.deallocate"(%10) <{force = false}> : (tensor<512x1024x1x1xbf16, #ttnn_layout10>) -> () loc(#loc414)
        "ttnn.deallocate"(%8) <{force = false}> : (tensor<512x1x1x1xbf16, #ttnn_layout8>) -> () loc(#loc414)
        %12 = "ttnn.reshape"(%arg1) <{shape = [1 : i32, 1 : i32, 1 : i32, 512 : i32]}> : (tensor<512xbf16, #ttnn_layout1>) -> tensor<1x1x1x512xbf16, #ttnn_layout4> loc(#loc920)
        %13 = "ttnn.reshape"(%7) <{shape = [1 : i32, 1 : i32, 1 : i32, 512 : i32]}> : (tensor<1x512x1x1xbf16, #ttnn_layout5>) -> tensor<1x1x1x512xbf16, #ttnn_layout4> loc(#loc921)
        "ttnn.deallocate"(%7) <{force = false}> : (tensor<1x512x1x1xbf16, #ttnn_layout5>) -> () loc(#loc921)
        %14 = "ttnn.multiply"(%12, %13) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x1x1x512xbf16, #ttnn_layout4>, tensor<1x1x1x512xbf16, #ttnn_layout4>) -> tensor<1x1x1x512xbf16, #ttnn_layout4> loc(#loc1)
        "ttnn.deallocate"(%13) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout4>) -> () loc(#loc1)
        "ttnn.deallocate"(%12) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout4>) -> () loc(#loc1)
        %15 = "ttnn.reshape"(%arg2) <{shape = [1 : i32, 1 : i32, 1 : i32, 512 : i32]}> : (tensor<512xbf16, #ttnn_layout1>) -> tensor<1x1x1x512xbf16, #ttnn_layout4> loc(#loc811)
        %16 = "ttnn.subtract"(%15, %14) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x1x1x512xbf16, #ttnn_layout4>, tensor<1x1x1x512xbf16, #ttnn_layout4>) -> tensor<1x1x1x512xbf16, #ttnn_layout4> loc(#loc1)
        "ttnn.deallocate"(%15) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout4>) -> () loc(#loc1)
        "ttnn.deallocate"(%14) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout4>) -> () loc(#loc1)
        %17 = "ttnn.to_layout"(%11) <{layout = #ttnn.layout<row_major>}> : (tensor<512x1024x1x1xbf16, #ttnn_layout10>) -> tensor<512x1024x1x1xbf16, #ttnn_layout9> loc(#loc416)
        "ttnn.deallocate"(%11) <{force = false}> : (tensor<512x1024x1x1xbf16, #ttnn_layout10>) -> () loc(#loc416)
        %18 = "ttnn.from_device"(%17) : (tensor<512x1024x1x1xbf16, #ttnn_layout9>) -> tensor<512x1024x1x1xbf16, #ttnn_layout2> loc(#loc416)
        "ttnn.deallocate"(%17) <{force = false}> : (tensor<512x1024x1x1xbf16, #ttnn_layout9>) -> () loc(#loc416)
        %19 = "ttnn.to_layout"(%16) <{layout = #ttnn.layout<row_major>}> : (tensor<1x1x1x512xbf16, #ttnn_layout4>) -> tensor<1x1x1x512xbf16, #ttnn_layout11> loc(#loc415)
        "ttnn.deallocate"(%16) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout4>) -> () loc(#loc415)
        %20 = "ttnn.from_device"(%19) : (tensor<1x1x1x512xbf16, #ttnn_layout11>) -> tensor<1x1x1x512xbf16, #ttnn_layout12> loc(#loc415)
        "ttnn.deallocate"(%19) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout11>) -> () loc(#loc415)
        %21 = "ttnn.prepare_conv2d_weights"(%18, %0) <{batch_size = 8 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, activation = <op_type = relu>, enable_kernel_stride_folding = false>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = true, in_channels = 1024 : i32, input_dtype = #ttcore.supportedDataTypes<bf16>, input_height = 14 : i32, input_memory_config = #ttnn.memory_config<#l1, <block_sharded>, #ttnn.shard_spec<<[#ttnn.core_range<(0,0), (7,6)>]>, <224x128>, <row_major>>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 14 : i32, kernel_size = array<i32: 1, 1>, out_channels = 512 : i32, output_dtype = #ttcore.supportedDataTypes<bf16>, padding = array<i32: 0, 0, 0, 0>, stride = array<i32: 1, 1>, weights_format = "OIHW"}> : (tensor<512x1024x1x1xbf16, #ttnn_layout2>, !ttnn.device) -> tensor<1x1x1024x512xbf16, #ttnn_layout3> loc(#loc417)
        "ttnn.deallocate"(%18) <{force = false}> : (tensor<512x1024x1x1xbf16, #ttnn_layout2>) -> () loc(#loc417)
        %22 = "ttnn.prepare_conv2d_bias"(%20, %0) <{batch_size = 8 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, activation = <op_type = relu>, enable_kernel_stride_folding = false>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 1024 : i32, input_dtype = #ttcore.supportedDataTypes<bf16>, input_height = 14 : i32, input_memory_config = #ttnn.memory_config<#l1, <block_sharded>, #ttnn.shard_spec<<[#ttnn.core_range<(0,0), (7,6)>]>, <224x128>, <row_major>>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 14 : i32, kernel_size = array<i32: 1, 1>, out_channels = 512 : i32, output_dtype = #ttcore.supportedDataTypes<bf16>, padding = array<i32: 0, 0, 0, 0>, stride = array<i32: 1, 1>}> : (tensor<1x1x1x512xbf16, #ttnn_layout12>, !ttnn.device) -> tensor<1x1x1x512xbf16, #ttnn_layout4> loc(#loc418)
        "ttnn.deallocate"(%20) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout12>) -> () loc(#loc418)
        return %21, %22 : tensor<1x1x1024x512xbf16, #ttnn_layout3>, tensor<1x1x1x512xbf16, #ttnn_layout4> loc(#loc)
      } loc(#loc)
      func.func @main_const_eval_30(%arg0: tensor<64xbf16, #ttnn_layout13> loc(unknown), %arg1: tensor<64xbf16, #ttnn_layout13> loc(unknown), %arg2: tensor<64xbf16, #ttnn_layout13> loc(unknown), %arg3: tensor<64xbf16, #ttnn_layout13> loc(unknown), %arg4: tensor<64x3x7x7xbf16, #ttnn_layout100> loc(unknown)) -> (tensor<1x1x147x64xbf16, #ttnn_layout101>, tensor<1x1x1x64xbf16, #ttnn_layout16>) attributes {const_eval} {
        %0 = "ttnn.get_device"() <{mesh_offset = #ttnn<mesh_offset 0x0>, mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device loc(#loc)
        %1 = "ttnn.reshape"(%arg0) <{shape = [1 : i32, 64 : i32, 1 : i32, 1 : i32]}> : (tensor<64xbf16, #ttnn_layout13>) -> tensor<1x64x1x1xbf16, #ttnn_layout17> loc(#loc59)
        %2 = "ttnn.reshape"(%arg3) <{shape = [1 : i32, 64 : i32, 1 : i32, 1 : i32]}> : (tensor<64xbf16, #ttnn_layout13>) -> tensor<1x64x1x1xbf16, #ttnn_layout17> loc(#loc59)
        %3 = "ttnn.full"(%0) <{dtype = #ttcore.supportedDataTypes<bf16>, fill_value = 9.99999974E-6 : f32, layout = #ttnn.layout<tile>, shape = #ttnn.shape<1>}> : (!ttnn.device) -> tensor<1xbf16, #ttnn_layout6> loc(#loc59)
        %4 = "ttnn.reshape"(%3) <{shape = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1xbf16, #ttnn_layout6>) -> tensor<1x1x1x1xbf16, #ttnn_layout7> loc(#loc615)
        "ttnn.deallocate"(%3) <{force = false}> : (tensor<1xbf16, #ttnn_layout6>) -> () loc(#loc615)
        %5 = "ttnn.add"(%1, %4) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x64x1x1xbf16, #ttnn_layout17>, tensor<1x1x1x1xbf16, #ttnn_layout7>) -> tensor<1x64x1x1xbf16, #ttnn_layout17> loc(#loc59)
        "ttnn.deallocate"(%4) <{force = false}> : (tensor<1x1x1x1xbf16, #ttnn_layout7>) -> () loc(#loc59)
        "ttnn.deallocate"(%1) <{force = false}> : (tensor<1x64x1x1xbf16, #ttnn_layout17>) -> () loc(#loc59)
        %6 = "ttnn.sqrt"(%5) : (tensor<1x64x1x1xbf16, #ttnn_layout17>) -> tensor<1x64x1x1xbf16, #ttnn_layout17> loc(#loc59)
        "ttnn.deallocate"(%5) <{force = false}> : (tensor<1x64x1x1xbf16, #ttnn_layout17>) -> () loc(#loc59)
        %7 = "ttnn.divide"(%2, %6) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x64x1x1xbf16, #ttnn_layout17>, tensor<1x64x1x1xbf16, #ttnn_layout17>) -> tensor<1x64x1x1xbf16, #ttnn_layout17> loc(#loc59)
        "ttnn.deallocate"(%6) <{force = false}> : (tensor<1x64x1x1xbf16, #ttnn_layout17>) -> () loc(#loc59)
        "ttnn.deallocate"(%2) <{force = false}> : (tensor<1x64x1x1xbf16, #ttnn_layout17>) -> () loc(#loc59)
        %8 = "ttnn.reshape"(%7) <{shape = [64 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x64x1x1xbf16, #ttnn_layout17>) -> tensor<64x1x1x1xbf16, #ttnn_layout18> loc(#loc615)
        %9 = "ttnn.to_device"(%arg4, %0) <{memory_config = #ttnn.memory_config<#dram, <interleaved>>}> : (tensor<64x3x7x7xbf16, #ttnn_layout100>, !ttnn.device) -> tensor<64x3x7x7xbf16, #ttnn_layout102> loc(#loc616)
        %10 = "ttnn.to_layout"(%9) <{layout = #ttnn.layout<tile>}> : (tensor<64x3x7x7xbf16, #ttnn_layout102>) -> tensor<64x3x7x7xbf16, #ttnn_layout103> loc(#loc616)
        "ttnn.deallocate"(%9) <{force = false}> : (tensor<64x3x7x7xbf16, #ttnn_layout102>) -> () loc(#loc616)
        %11 = "ttnn.multiply"(%10, %8) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<64x3x7x7xbf16, #ttnn_layout103>, tensor<64x1x1x1xbf16, #ttnn_layout18>) -> tensor<64x3x7x7xbf16, #ttnn_layout103> loc(#loc617)
        "ttnn.deallocate"(%10) <{force = false}> : (tensor<64x3x7x7xbf16, #ttnn_layout103>) -> () loc(#loc617)
        "ttnn.deallocate"(%8) <{force = false}> : (tensor<64x1x1x1xbf16, #ttnn_layout18>) -> () loc(#loc617)
        %12 = "ttnn.reshape"(%arg1) <{shape = [1 : i32, 1 : i32, 1 : i32, 64 : i32]}> : (tensor<64xbf16, #ttnn_layout13>) -> tensor<1x1x1x64xbf16, #ttnn_layout16> loc(#loc978)
        %13 = "ttnn.reshape"(%7) <{shape = [1 : i32, 1 : i32, 1 : i32, 64 : i32]}> : (tensor<1x64x1x1xbf16, #ttnn_layout17>) -> tensor<1x1x1x64xbf16, #ttnn_layout16> loc(#loc979)
        "ttnn.deallocate"(%7) <{force = false}> : (tensor<1x64x1x1xbf16, #ttnn_layout17>) -> () loc(#loc979)
        %14 = "ttnn.multiply"(%12, %13) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x1x1x64xbf16, #ttnn_layout16>, tensor<1x1x1x64xbf16, #ttnn_layout16>) -> tensor<1x1x1x64xbf16, #ttnn_layout16> loc(#loc59)
        "ttnn.deallocate"(%13) <{force = false}> : (tensor<1x1x1x64xbf16, #ttnn_layout16>) -> () loc(#loc59)
        "ttnn.deallocate"(%12) <{force = false}> : (tensor<1x1x1x64xbf16, #ttnn_layout16>) -> () loc(#loc59)
        %15 = "ttnn.reshape"(%arg2) <{shape = [1 : i32, 1 : i32, 1 : i32, 64 : i32]}> : (tensor<64xbf16, #ttnn_layout13>) -> tensor<1x1x1x64xbf16, #ttnn_layout16> loc(#loc872)
        %16 = "ttnn.subtract"(%15, %14) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x1x1x64xbf16, #ttnn_layout16>, tensor<1x1x1x64xbf16, #ttnn_layout16>) -> tensor<1x1x1x64xbf16, #ttnn_layout16> loc(#loc59)
        "ttnn.deallocate"(%15) <{force = false}> : (tensor<1x1x1x64xbf16, #ttnn_layout16>) -> () loc(#loc59)
        "ttnn.deallocate"(%14) <{force = false}> : (tensor<1x1x1x64xbf16, #ttnn_layout16>) -> () loc(#loc59)
        %17 = "ttnn.to_layout"(%11) <{layout = #ttnn.layout<row_major>}> : (tensor<64x3x7x7xbf16, #ttnn_layout103>) -> tensor<64x3x7x7xbf16, #ttnn_layout102> loc(#loc619)
        "ttnn.deallocate"(%11) <{force = false}> : (tensor<64x3x7x7xbf16, #ttnn_layout103>) -> () loc(#loc619)
        %18 = "ttnn.from_device"(%17) : (tensor<64x3x7x7xbf16, #ttnn_layout102>) -> tensor<64x3x7x7xbf16, #ttnn_layout100> loc(#loc619)
        "ttnn.deallocate"(%17) <{force = false}> : (tensor<64x3x7x7xbf16, #ttnn_layout102>) -> () loc(#loc619)
        %19 = "ttnn.to_layout"(%16) <{layout = #ttnn.layout<row_major>}> : (tensor<1x1x1x64xbf16, #ttnn_layout16>) -> tensor<1x1x1x64xbf16, #ttnn_layout21> loc(#loc618)
        "ttnn.deallocate"(%16) <{force = false}> : (tensor<1x1x1x64xbf16, #ttnn_layout16>) -> () loc(#loc618)
        %20 = "ttnn.from_device"(%19) : (tensor<1x1x1x64xbf16, #ttnn_layout21>) -> tensor<1x1x1x64xbf16, #ttnn_layout22> loc(#loc618)
        "ttnn.deallocate"(%19) <{force = false}> : (tensor<1x1x1x64xbf16, #ttnn_layout21>) -> () loc(#loc618)
        %21 = "ttnn.prepare_conv2d_weights"(%18, %0) <{batch_size = 8 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, activation = <op_type = relu>, enable_kernel_stride_folding = false>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = true, in_channels = 3 : i32, input_dtype = #ttcore.supportedDataTypes<bf16>, input_height = 224 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 224 : i32, kernel_size = array<i32: 7, 7>, out_channels = 64 : i32, output_dtype = #ttcore.supportedDataTypes<bf16>, padding = array<i32: 3, 3, 3, 3>, stride = array<i32: 2, 2>, weights_format = "OIHW"}> : (tensor<64x3x7x7xbf16, #ttnn_layout100>, !ttnn.device) -> tensor<1x1x147x64xbf16, #ttnn_layout101> loc(#loc620)
        "ttnn.deallocate"(%18) <{force = false}> : (tensor<64x3x7x7xbf16, #ttnn_layout100>) -> () loc(#loc620)
        %22 = "ttnn.prepare_conv2d_bias"(%20, %0) <{batch_size = 8 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, activation = <op_type = relu>, enable_kernel_stride_folding = false>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 3 : i32, input_dtype = #ttcore.supportedDataTypes<bf16>, input_height = 224 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 224 : i32, kernel_size = array<i32: 7, 7>, out_channels = 64 : i32, output_dtype = #ttcore.supportedDataTypes<bf16>, padding = array<i32: 3, 3, 3, 3>, stride = array<i32: 2, 2>}> : (tensor<1x1x1x64xbf16, #ttnn_layout22>, !ttnn.device) -> tensor<1x1x1x64xbf16, #ttnn_layout16> loc(#loc621)
        "ttnn.deallocate"(%20) <{force = false}> : (tensor<1x1x1x64xbf16, #ttnn_layout22>) -> () loc(#loc621)
        return %21, %22 : tensor<1x1x147x64xbf16, #ttnn_layout101>, tensor<1x1x1x64xbf16, #ttnn_layout16> loc(#loc)
      } loc(#loc)
      func.func @main(%arg22: tensor<64xbf16, #ttnn_layout13> {ttcore.argument_type = #ttcore.argument_type<constant>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.name = "l__self___resnet_embedder_embedder_normalization_running_var"} loc("p22.103"), %arg23: tensor<64xbf16, #ttnn_layout13> {ttcore.argument_type = #ttcore.argument_type<constant>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.name = "l__self___resnet_embedder_embedder_normalization_running_mean"} loc("p23.107"), %arg24: tensor<64xbf16, #ttnn_layout13> {ttcore.argument_type = #ttcore.argument_type<parameter>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.name = "l__self___resnet_embedder_embedder_normalization_bias"} loc("p24.111"), %arg25: tensor<64xbf16, #ttnn_layout13> {ttcore.argument_type = #ttcore.argument_type<parameter>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.name = "l__self___resnet_embedder_embedder_normalization_weight"} loc("p25.115"), %arg26: tensor<64x3x7x7xbf16, #ttnn_layout100> {ttcore.argument_type = #ttcore.argument_type<parameter>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.conv2d_weight, ttir.name = "l__self___resnet_embedder_embedder_convolution_weight"} loc("p26.119"), %arg233: tensor<512xbf16, #ttnn_layout1> {ttcore.argument_type = #ttcore.argument_type<constant>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.name = "getattr_l__self___resnet_encoder_stages_3_layers_0_layer___0___normalization_running_var"} loc("p233.1456"), %arg234: tensor<512xbf16, #ttnn_layout1> {ttcore.argument_type = #ttcore.argument_type<constant>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.name = "getattr_l__self___resnet_encoder_stages_3_layers_0_layer___0___normalization_running_mean"} loc("p234.1460"), %arg235: tensor<512xbf16, #ttnn_layout1> {ttcore.argument_type = #ttcore.argument_type<parameter>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.name = "getattr_l__self___resnet_encoder_stages_3_layers_0_layer___0___normalization_bias"} loc("p235.1464"), %arg236: tensor<512xbf16, #ttnn_layout1> {ttcore.argument_type = #ttcore.argument_type<parameter>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.name = "getattr_l__self___resnet_encoder_stages_3_layers_0_layer___0___normalization_weight"} loc("p236.1468"), %arg237: tensor<512x1024x1x1xbf16, #ttnn_layout2> {ttcore.argument_type = #ttcore.argument_type<parameter>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.conv2d_weight, ttir.name = "getattr_l__self___resnet_encoder_stages_3_layers_0_layer___0___convolution_weight"} loc("p237.1472"), %57: tensor<1x1x401408x3xbf16, #ttnn_layout124>, %148: tensor<1x1x1568x1024xbf16, #ttnn_layout140>) -> (tensor<1x1x100352x64xbf16, #ttnn_layout125>, tensor<1x1x1568x512xbf16, #ttnn_layout147>) {
        %1:2 = ttcore.load_cached(@main_const_eval_1, [%arg233, %arg234, %arg235, %arg236, %arg237]) : (tensor<512xbf16, #ttnn_layout1>, tensor<512xbf16, #ttnn_layout1>, tensor<512xbf16, #ttnn_layout1>, tensor<512xbf16, #ttnn_layout1>, tensor<512x1024x1x1xbf16, #ttnn_layout2>) -> (tensor<1x1x1024x512xbf16, #ttnn_layout3>, tensor<1x1x1x512xbf16, #ttnn_layout4>) loc(#loc)
        "ttnn.deallocate"(%arg237) <{force = false}> : (tensor<512x1024x1x1xbf16, #ttnn_layout2>) -> () loc(#loc)
        "ttnn.deallocate"(%arg236) <{force = false}> : (tensor<512xbf16, #ttnn_layout1>) -> () loc(#loc)
        "ttnn.deallocate"(%arg235) <{force = false}> : (tensor<512xbf16, #ttnn_layout1>) -> () loc(#loc)
        "ttnn.deallocate"(%arg234) <{force = false}> : (tensor<512xbf16, #ttnn_layout1>) -> () loc(#loc)
        "ttnn.deallocate"(%arg233) <{force = false}> : (tensor<512xbf16, #ttnn_layout1>) -> () loc(#loc)
        %30:2 = ttcore.load_cached(@main_const_eval_30, [%arg22, %arg23, %arg24, %arg25, %arg26]) : (tensor<64xbf16, #ttnn_layout13>, tensor<64xbf16, #ttnn_layout13>, tensor<64xbf16, #ttnn_layout13>, tensor<64xbf16, #ttnn_layout13>, tensor<64x3x7x7xbf16, #ttnn_layout100>) -> (tensor<1x1x147x64xbf16, #ttnn_layout101>, tensor<1x1x1x64xbf16, #ttnn_layout16>) loc(#loc)
        "ttnn.deallocate"(%arg26) <{force = false}> : (tensor<64x3x7x7xbf16, #ttnn_layout100>) -> () loc(#loc)
        "ttnn.deallocate"(%arg25) <{force = false}> : (tensor<64xbf16, #ttnn_layout13>) -> () loc(#loc)
        "ttnn.deallocate"(%arg24) <{force = false}> : (tensor<64xbf16, #ttnn_layout13>) -> () loc(#loc)
        "ttnn.deallocate"(%arg23) <{force = false}> : (tensor<64xbf16, #ttnn_layout13>) -> () loc(#loc)
        "ttnn.deallocate"(%arg22) <{force = false}> : (tensor<64xbf16, #ttnn_layout13>) -> () loc(#loc)
        %55 = "ttnn.get_device"() <{mesh_offset = #ttnn<mesh_offset 0x0>, mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device loc(#loc)
        %58 = "ttnn.conv2d"(%57, %30#0, %30#1, %55) <{batch_size = 8 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, activation = <op_type = relu>, enable_kernel_stride_folding = false>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, dtype = #ttcore.supportedDataTypes<bf16>, groups = 1 : i32, in_channels = 3 : i32, input_height = 224 : i32, input_width = 224 : i32, kernel_size = array<i32: 7, 7>, out_channels = 64 : i32, padding = array<i32: 3, 3, 3, 3>, stride = array<i32: 2, 2>}> : (tensor<1x1x401408x3xbf16, #ttnn_layout124>, tensor<1x1x147x64xbf16, #ttnn_layout101>, tensor<1x1x1x64xbf16, #ttnn_layout16>, !ttnn.device) -> tensor<1x1x100352x64xbf16, #ttnn_layout125> loc(#loc60)
        "ttnn.deallocate"(%57) <{force = false}> : (tensor<1x1x401408x3xbf16, #ttnn_layout124>) -> () loc(#loc60)
        "ttnn.deallocate"(%30#1) <{force = false}> : (tensor<1x1x1x64xbf16, #ttnn_layout16>) -> () loc(#loc60)
        "ttnn.deallocate"(%30#0) <{force = false}> : (tensor<1x1x147x64xbf16, #ttnn_layout101>) -> () loc(#loc60)
        %151 = "ttnn.conv2d"(%148, %1#0, %1#1, %55) <{batch_size = 8 : i32, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, activation = <op_type = relu>, enable_kernel_stride_folding = false>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, dtype = #ttcore.supportedDataTypes<bf16>, groups = 1 : i32, in_channels = 1024 : i32, input_height = 14 : i32, input_width = 14 : i32, kernel_size = array<i32: 1, 1>, out_channels = 512 : i32, padding = array<i32: 0, 0, 0, 0>, stride = array<i32: 1, 1>}> : (tensor<1x1x1568x1024xbf16, #ttnn_layout140>, tensor<1x1x1024x512xbf16, #ttnn_layout3>, tensor<1x1x1x512xbf16, #ttnn_layout4>, !ttnn.device) -> tensor<1x1x1568x512xbf16, #ttnn_layout147> loc(#loc2)
        "ttnn.deallocate"(%148) <{force = false}> : (tensor<1x1x1568x1024xbf16, #ttnn_layout140>) -> () loc(#loc2)
        "ttnn.deallocate"(%1#1) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout4>) -> () loc(#loc2)
        "ttnn.deallocate"(%1#0) <{force = false}> : (tensor<1x1x1024x512xbf16, #ttnn_layout3>) -> () loc(#loc2)
        return %58, %151 : tensor<1x1x100352x64xbf16, #ttnn_layout125>, tensor<1x1x1568x512xbf16, #ttnn_layout147> loc(#loc)
      } loc(#loc)
    } loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("batch-norm-inference.1475")
#loc2 = loc("convolution.1474")
#loc59 = loc("batch-norm-inference.124")
#loc60 = loc("convolution.123")
#loc412 = loc("batch-norm-inference.1475_reshape"(#loc1))
#loc413 = loc("convolution.1474_multiply_in_0_layout"(#loc2))
#loc414 = loc("convolution.1474_multiply"(#loc2))
#loc415 = loc("convolution.1474_bias"(#loc2))
#loc416 = loc("convolution.1474_weight"(#loc2))
#loc417 = loc("convolution.1474_prepare_conv2d_weight"(#loc2))
#loc418 = loc("convolution.1474_prepare_conv2d_bias"(#loc2))
#loc615 = loc("batch-norm-inference.124_reshape"(#loc59))
#loc616 = loc("convolution.123_multiply_in_0_layout"(#loc60))
#loc617 = loc("convolution.123_multiply"(#loc60))
#loc618 = loc("convolution.123_bias"(#loc60))
#loc619 = loc("convolution.123_weight"(#loc60))
#loc620 = loc("convolution.123_prepare_conv2d_weight"(#loc60))
#loc621 = loc("convolution.123_prepare_conv2d_bias"(#loc60))
#loc810 = loc("convolution.1474_bias_tm1"(#loc415))
#loc811 = loc("convolution.1474_bias_tm0"(#loc415))
#loc871 = loc("convolution.123_bias_tm1"(#loc618))
#loc872 = loc("convolution.123_bias_tm0"(#loc618))
#loc920 = loc("convolution.1474_bias_tm1_tm0"(#loc810))
#loc921 = loc("convolution.1474_bias_tm1_tm1"(#loc810))
#loc978 = loc("convolution.123_bias_tm1_tm0"(#loc871))
#loc979 = loc("convolution.123_bias_tm1_tm1"(#loc871))

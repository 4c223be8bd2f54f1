// A real tt-mlir output: the Z-Image VAE decoder's conv_in (16 → 512 channels, 3×3, on a
// 160×90 input, Blackhole 13×10) as tt-mlir's TTNN pipeline wrote it (optimizer and
// const-eval on, CPU hoisting off; tt-mlir of about March 2026: to_device still carries a
// memory_config, to_layout a layout).
// Source: tenstorrent/tt-xla commit 62b7ed99ddd850fe5e9ec5c87cd02020dcd85f76 (2026-04-01, a
// branch-only dump), file z-vae-only/ttnn.mlir. Trimmed to the conv: the two const-eval
// functions that feed it (@main_const_eval_76 prepares the weights, @main_const_eval_2 the
// bias: to_device, to_layout tile, reshape [512] → [1, 512, 1, 1], permute → [1, 1, 1, 512],
// to_layout row_major, from_device, prepare_conv2d_bias, a deallocate after each) and the
// module wrappers are the dump's lines unchanged; @main keeps the dump's own lines around the
// conv (load_cached, deallocate, get_device, conv2d), its signature rebuilt with the conv's
// input as an extra argument. The debug locations are the dump's (`loc(#locN)` on every op,
// most aliases defined after the module).
//
// The const-eval functions run, the bookkeeping as the project's ops (to_device, to_layout,
// reshape, permute, from_device; deallocate has no effect on values); the forward function
// (tt-mlir's conv, which the project does not model) is not run, and says so when asked. tests/test_tt_mlir.py checks the prepared bias against its
// input. The pictures are traced through the bookkeeping, whichever way the file is imported.
//
// RUN: ttnn-opt %s | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry all --random-inputs 0 --print | filecheck %s --check-prefix=ALL
// RUN: not ttnn-run %s -p import-tt-mlir,ttnn-lower --random-inputs 0 2>&1 | filecheck %s --check-prefix=FORWARD
// FORWARD: real_vae_conv_in_device_bias.mlir:{{[0-9]+}}:9: error: cannot run 'ttnn.conv2d' in @main: it is tt-mlir's op; import it first (-p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower)
// RUN: ttnn-run %s -p import-tt-mlir,ttnn-lower --entry main_const_eval_2 --random-inputs 0 --plot-text | filecheck %s --check-prefix=BIAS-MAP
// RUN: ttnn-opt %s -p import-tt-mlir -o %t.imported.mlir
// RUN: ttnn-run %t.imported.mlir --entry main_const_eval_2 --random-inputs 0 --plot-text | filecheck %s --check-prefix=BIAS-MAP
// Round trip: exporting the import and importing it again gives the import.
// RUN: ttnn-opt %s -p import-tt-mlir,export-tt-mlir,import-tt-mlir | diff %t.imported.mlir -

// PARSE-LABEL: func.func private @main_const_eval_2(
// PARSE:         "ttnn.to_device"(%arg0, %0) <{memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>}>
// PARSE:         "ttnn.deallocate"(%1) <{force = false}>
// PARSE:         "ttnn.reshape"(%2) <{shape = [1 : i32, 512 : i32, 1 : i32, 1 : i32]}>
// PARSE:         "ttnn.permute"(%3) <{permutation = array<i64: 0, 2, 3, 1>}>
// PARSE:         "ttnn.from_device"(%5)
// PARSE:         "ttnn.prepare_conv2d_bias"(%6, %0)
// PARSE-LABEL: func.func @main(
// PARSE:         ttcore.load_cached(@main_const_eval_2, [%arg122])

// LOWER-LABEL: func.func private @main_const_eval_2(%arg0: memref<512xbf16> {ttnn.tensor = tensor<512xbf16>}) -> (memref<1x1x1x16x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x1x512xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x512>>, ttnn.tensorbin_alignment = array<i32: 32, 512>})
// LOWER-NOT:     "ttnn.
// LOWER:         memref.expand_shape {{.*}} : memref<512xbf16> into memref<1x512x1x1xbf16>
// LOWER:         linalg.transpose ins({{.*}}:memref<1x512x1x1xbf16>) outs({{.*}}:memref<1x1x1x512xbf16>) permutation = [0, 2, 3, 1]
// LOWER-LABEL: func.func private @main_const_eval_76(
// LOWER-LABEL: func.func @main(
// LOWER:         "ttnn.conv2d"(

// ALL:      {{\A}}main_const_eval_2.result0: tensor<1x1x1x512xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x512>>
// ALL-NEXT:   logical [1, 1, 1, 512], physical [1, 1, 32, 512], bf16, tile, 16 tiles, 32768 bytes
// ALL:      main_const_eval_76.result0: tensor<1x1x144x512xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x512>>
// ALL-NEXT:   logical [1, 1, 144, 512], physical [1, 1, 288, 512], bf16, tile, 144 tiles, 294912 bytes

// BIAS-MAP:      result0: [1, 1, 32, 512] bf16 tile (logical [1, 1, 1, 512]), 1×16 tiles: 0 data (#), 16 partly padding (+), 0 padding (.)
// BIAS-MAP-NEXT: ttnn.prepare_conv_bias [1, 1, 1, 512] bf16 → bf16 · input 1×160×90×16 tile dram interleaved · kernel 3×3 stride 1×1 padding 1 dilation 1×1 groups 1 · grid 13×10

#dram = #ttnn.buffer_type<dram>
#loc = loc(unknown)
#loc2 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/python_package/tt_torch/torch_overrides.py":22:0)
#loc4 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/nn/modules/module.py":1786:0)
#loc5 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/nn/modules/module.py":1775:0)
#loc6 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/fx/graph_module.py":400:0)
#loc7 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/fx/graph_module.py":837:0)
#loc11 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch_xla/_dynamo/dynamo_bridge.py":859:0)
#loc12 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch_xla/_dynamo/dynamo_bridge.py":737:0)
#loc13 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/python_package/tt_torch/backend/backend.py":208:0)
#loc14 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/python_package/tt_torch/backend/backend.py":221:0)
#loc15 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py":1044:0)
#loc16 = loc("<eval_with_key>.10":4:0)
#loc17 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/nn/modules/module.py":1829:0)
#loc18 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/nn/modules/module.py":1881:0)
#loc19 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py":832:0)
#loc20 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py":414:0)
#loc21 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/python_package/tt_torch/codegen.py":66:0)
#loc22 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/python_package/tt_torch/codegen.py":110:0)
#loc23 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/z-image/main.py":331:0)
#loc24 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/z-image/main.py":361:0)
#loc25 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/z-image/main.py":367:0)
#loc244 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch_xla/_dynamo/dynamo_bridge.py":756:0)
#system_desc = #ttcore.system_desc<[{role = host, target_triple = "x86_64-pc-linux"}], [{arch = <blackhole>, grid = 10x13, coord_translation_offsets = 2x1, l1_size = 1572864, num_dram_channels = 8, dram_channel_size = 4278190080, noc_l1_address_align_bytes = 16, pcie_address_align_bytes = 64, noc_dram_address_align_bytes = 64, l1_unreserved_base = 111104, erisc_l1_unreserved_base = 87872, dram_unreserved_base = 4800064, dram_unreserved_end = 4276245760, supported_data_types = [<f32>, <f16>, <bf16>, <bfp_f8>, <bfp_bf8>, <bfp_f4>, <bfp_bf4>, <bfp_f2>, <bfp_bf2>, <u32>, <u16>, <u8>, <si32>], supported_tile_sizes = [ 4x16,  16x16,  32x16,  4x32,  16x32,  32x32], dst_physical_size_tiles = 16, num_cbs = 64, num_compute_threads = 1, num_datamovement_threads = 2}], [0], [1 : i32], [ 0x0x0x0]>
#system_memory = #ttnn.buffer_type<system_memory>
#loc502 = loc("__torch_function__"(#loc2))
#loc504 = loc("_call_impl"(#loc4))
#loc505 = loc("_wrapped_call_impl"(#loc5))
#loc506 = loc("__call__"(#loc6))
#loc507 = loc("call_wrapped"(#loc7))
#loc511 = loc("extract_compiled_graph_helper"(#loc11))
#loc512 = loc("extract_compiled_graph"(#loc12))
#loc513 = loc("_call_experimental_compile"(#loc13))
#loc514 = loc("__call__"(#loc14))
#loc515 = loc("_fn"(#loc15))
#loc516 = loc("forward"(#loc16))
#loc517 = loc("inner"(#loc17))
#loc518 = loc("_call_impl"(#loc18))
#loc519 = loc("compile_wrapper"(#loc19))
#loc520 = loc("__call__"(#loc20))
#loc521 = loc("_codegen_via_export"(#loc21))
#loc522 = loc("codegen_py"(#loc22))
#loc523 = loc("run_codegen"(#loc23))
#loc524 = loc("main"(#loc24))
#loc525 = loc("<module>"(#loc25))
#loc744 = loc("partition_fx_graph_for_cpu_fallback"(#loc244))
#loc1001 = loc(callsite(#loc524 at #loc525))
#ttnn_layout10 = #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x512xbf16, #system_memory>>
#ttnn_layout11 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 32 + d1 * 32 + d2, d3), <1x1>, memref<1x16x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout12 = #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x512xbf16, #dram>, <interleaved>>
#ttnn_layout13 = #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x16x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout14 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 16384 + d1 * 32 + d2, d3), <1x1>, memref<512x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout15 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x512xbf16, #dram>, <interleaved>>
#ttnn_layout16 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 + d1 + d2, d3), <1x1>, memref<1x512xbf16, #system_memory>>
#ttnn_layout76 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 48 + d1 * 3 + d2, d3), <1x1>, memref<24576x3xbf16, #system_memory>>
#ttnn_layout77 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 160 + d1 * 160 + d2, d3), <1x1>, memref<5x16x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout108 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 14400 + d1 * 14400 + d2, d3), <1x1>, memref<450x1x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#ttnn_layout109 = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 14400 + d1 * 14400 + d2, d3), <1x1>, memref<450x16x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#loc1002 = loc(callsite(#loc523 at #loc1001))
#loc1003 = loc(callsite(#loc522 at #loc1002))
#loc1004 = loc(callsite(#loc521 at #loc1003))
#loc1005 = loc(callsite(#loc520 at #loc1004))
#loc1006 = loc(callsite(#loc505 at #loc1005))
#loc1007 = loc(callsite(#loc504 at #loc1006))
#loc1008 = loc(callsite(#loc519 at #loc1007))
#loc1009 = loc(callsite(#loc507 at #loc1008))
#loc1010 = loc(callsite(#loc506 at #loc1009))
#loc1011 = loc(callsite(#loc505 at #loc1010))
#loc1012 = loc(callsite(#loc518 at #loc1011))
#loc1013 = loc(callsite(#loc517 at #loc1012))
#loc1014 = loc(callsite(#loc516 at #loc1013))
#loc1015 = loc(callsite(#loc515 at #loc1014))
#loc1016 = loc(callsite(#loc514 at #loc1015))
#loc1017 = loc(callsite(#loc513 at #loc1016))
#loc1018 = loc(callsite(#loc512 at #loc1017))
#loc1019 = loc(callsite(#loc511 at #loc1018))
#loc1021 = loc(callsite(#loc744 at #loc1019))
#loc1023 = loc(callsite(#loc502 at #loc1021))
module @SyncTensorsGraph.3838 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false, ttcore.meshes = #ttcore.meshes<[<"mesh" = 1x1>]>} {
  ttcore.device_module {
    builtin.module @SyncTensorsGraph.3838 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false, ttcore.meshes = #ttcore.meshes<[<"mesh" = 1x1>]>, ttcore.system_desc = #system_desc} {
      ttcore.device @default_device = <workerGrid = #ttcore.grid<10x13, (d0, d1) -> (0, d0, d1)>, l1Map = (d0, d1, d2)[s0] -> (0, d0, d1, d2 + s0), dramMap = (d0, d1, d2)[s0, s1, s2, s3, s4, s5, s6] -> (0, 0, (((d0 * s1) * (s2 * (s3 * s6)) + d1 * (s2 * (s3 * s6)) + d2) floordiv s4) mod 8, ((((d0 * s1) * (s2 * (s3 * s6)) + d1 * (s2 * (s3 * s6)) + d2) floordiv s4) floordiv 8) * s4 + ((d0 * s1) * (s2 * (s3 * s6)) + d1 * (s2 * (s3 * s6)) + d2) mod s4 + s5), meshShape = 1x1, chipIds = [0]> loc(#loc)
      func.func private @main_const_eval_2(%arg0: tensor<512xbf16, #ttnn_layout10> loc(unknown)) -> tensor<1x1x1x512xbf16, #ttnn_layout11> attributes {tt.function_type = "const_eval"} {
        %0 = "ttnn.get_device"() <{mesh_offset = #ttnn<mesh_offset 0x0>, mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device loc(#loc2930)
        %1 = "ttnn.to_device"(%arg0, %0) <{memory_config = #ttnn.memory_config<#dram, <interleaved>>}> : (tensor<512xbf16, #ttnn_layout10>, !ttnn.device) -> tensor<512xbf16, #ttnn_layout12> loc(#loc)
        %2 = "ttnn.to_layout"(%1) <{layout = #ttnn.layout<tile>}> : (tensor<512xbf16, #ttnn_layout12>) -> tensor<512xbf16, #ttnn_layout13> loc(#loc)
        "ttnn.deallocate"(%1) <{force = false}> : (tensor<512xbf16, #ttnn_layout12>) -> () loc(#loc)
        %3 = "ttnn.reshape"(%2) <{shape = [1 : i32, 512 : i32, 1 : i32, 1 : i32]}> : (tensor<512xbf16, #ttnn_layout13>) -> tensor<1x512x1x1xbf16, #ttnn_layout14> loc(#loc2936)
        "ttnn.deallocate"(%2) <{force = false}> : (tensor<512xbf16, #ttnn_layout13>) -> () loc(#loc2936)
        %4 = "ttnn.permute"(%3) <{permutation = array<i64: 0, 2, 3, 1>}> : (tensor<1x512x1x1xbf16, #ttnn_layout14>) -> tensor<1x1x1x512xbf16, #ttnn_layout11> loc(#loc2936)
        "ttnn.deallocate"(%3) <{force = false}> : (tensor<1x512x1x1xbf16, #ttnn_layout14>) -> () loc(#loc2936)
        %5 = "ttnn.to_layout"(%4) <{layout = #ttnn.layout<row_major>}> : (tensor<1x1x1x512xbf16, #ttnn_layout11>) -> tensor<1x1x1x512xbf16, #ttnn_layout15> loc(#loc3438)
        "ttnn.deallocate"(%4) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout11>) -> () loc(#loc3438)
        %6 = "ttnn.from_device"(%5) : (tensor<1x1x1x512xbf16, #ttnn_layout15>) -> tensor<1x1x1x512xbf16, #ttnn_layout16> loc(#loc3438)
        "ttnn.deallocate"(%5) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout15>) -> () loc(#loc3438)
        %7 = "ttnn.prepare_conv2d_bias"(%6, %0) <{batch_size = 1 : i32, compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = true>, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, deallocate_activation = true, act_block_h_override = 0, enable_kernel_stride_folding = false, config_tensors_in_dram = true>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 16 : i32, input_dtype = #ttcore.supportedDataTypes<bf16>, input_height = 160 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 90 : i32, kernel_size = array<i32: 3, 3>, out_channels = 512 : i32, output_dtype = #ttcore.supportedDataTypes<bf16>, padding = array<i32: 1, 1, 1, 1>, stride = array<i32: 1, 1>}> : (tensor<1x1x1x512xbf16, #ttnn_layout16>, !ttnn.device) -> tensor<1x1x1x512xbf16, #ttnn_layout11> loc(#loc3439)
        "ttnn.deallocate"(%6) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout16>) -> () loc(#loc3439)
        return %7 : tensor<1x1x1x512xbf16, #ttnn_layout11> loc(#loc)
      } loc(#loc)
      func.func private @main_const_eval_76(%arg0: tensor<512x16x3x3xbf16, #ttnn_layout76> {ttir.conv2d_weight} loc(unknown)) -> tensor<1x1x144x512xbf16, #ttnn_layout77> attributes {tt.function_type = "const_eval"} {
        %0 = "ttnn.get_device"() <{mesh_offset = #ttnn<mesh_offset 0x0>, mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device loc(#loc2930)
        %1 = "ttnn.prepare_conv2d_weights"(%arg0, %0) <{batch_size = 1 : i32, compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = true>, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, deallocate_activation = true, act_block_h_override = 0, enable_kernel_stride_folding = false, config_tensors_in_dram = true>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = true, in_channels = 16 : i32, input_dtype = #ttcore.supportedDataTypes<bf16>, input_height = 160 : i32, input_memory_config = #ttnn.memory_config<#dram, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 90 : i32, kernel_size = array<i32: 3, 3>, out_channels = 512 : i32, output_dtype = #ttcore.supportedDataTypes<bf16>, padding = array<i32: 1, 1, 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW"}> : (tensor<512x16x3x3xbf16, #ttnn_layout76>, !ttnn.device) -> tensor<1x1x144x512xbf16, #ttnn_layout77> loc(#loc3518)
        return %1 : tensor<1x1x144x512xbf16, #ttnn_layout77> loc(#loc)
      } loc(#loc)
      func.func @main(%arg122: tensor<512xbf16, #ttnn_layout10> {ttcore.argument_type = #ttcore.argument_type<parameter>, ttcore.local_shape = #ttcore<local_shape local_shape = tensor<512xbf16>>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.name = "decoder.conv_in.bias"} loc("xla__device_data"(#loc1023)), %arg123: tensor<512x16x3x3xbf16, #ttnn_layout76> {ttcore.argument_type = #ttcore.argument_type<parameter>, ttcore.local_shape = #ttcore<local_shape local_shape = tensor<512x16x3x3xbf16>>, ttcore.shard_status = #ttcore.shard_status<unsharded>, ttir.conv2d_weight, ttir.name = "decoder.conv_in.weight"} loc("xla__device_data"(#loc1023)), %152: tensor<1x1x14400x16xbf16, #ttnn_layout108>) -> tensor<1x1x14400x512xbf16, #ttnn_layout109> attributes {tt.function_type = "forward_device"} {
        %2 = ttcore.load_cached(@main_const_eval_2, [%arg122]) : (tensor<512xbf16, #ttnn_layout10>) -> tensor<1x1x1x512xbf16, #ttnn_layout11> loc(#loc)
        "ttnn.deallocate"(%arg122) <{force = false}> : (tensor<512xbf16, #ttnn_layout10>) -> () loc(#loc)
        %76 = ttcore.load_cached(@main_const_eval_76, [%arg123]) : (tensor<512x16x3x3xbf16, #ttnn_layout76>) -> tensor<1x1x144x512xbf16, #ttnn_layout77> loc(#loc)
        "ttnn.deallocate"(%arg123) <{force = false}> : (tensor<512x16x3x3xbf16, #ttnn_layout76>) -> () loc(#loc)
        %147 = "ttnn.get_device"() <{mesh_offset = #ttnn<mesh_offset 0x0>, mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device loc(#loc2930)
        %153 = "ttnn.conv2d"(%152, %76, %2, %147) <{batch_size = 1 : i32, compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = true>, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, deallocate_activation = true, act_block_h_override = 0, enable_kernel_stride_folding = false, config_tensors_in_dram = true>, conv2d_slice_config = #ttnn.conv2d_slice_config<l1_full, 0>, dilation = array<i32: 1, 1>, dtype = #ttcore.supportedDataTypes<bf16>, groups = 1 : i32, in_channels = 16 : i32, input_height = 160 : i32, input_width = 90 : i32, kernel_size = array<i32: 3, 3>, out_channels = 512 : i32, padding = array<i32: 1, 1, 1, 1>, stride = array<i32: 1, 1>}> : (tensor<1x1x14400x16xbf16, #ttnn_layout108>, tensor<1x1x144x512xbf16, #ttnn_layout77>, tensor<1x1x1x512xbf16, #ttnn_layout11>, !ttnn.device) -> tensor<1x1x14400x512xbf16, #ttnn_layout109> loc(#loc2936)
        "ttnn.deallocate"(%152) <{force = false}> : (tensor<1x1x14400x16xbf16, #ttnn_layout108>) -> () loc(#loc2936)
        "ttnn.deallocate"(%76) <{force = false}> : (tensor<1x1x144x512xbf16, #ttnn_layout77>) -> () loc(#loc2936)
        "ttnn.deallocate"(%2) <{force = false}> : (tensor<1x1x1x512xbf16, #ttnn_layout11>) -> () loc(#loc2936)
        return %153 : tensor<1x1x14400x512xbf16, #ttnn_layout109> loc(#loc)
      } loc(#loc)
    } loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch/_ops.py":841:0)
#loc3 = loc("<eval_with_key>.31":220:0)
#loc8 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch_xla/_dynamo/dynamo_bridge.py":399:0)
#loc9 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch_xla/_dynamo/dynamo_bridge.py":539:0)
#loc10 = loc("/localdev/svuckovic/_workspace/repos/tt-xla/venv/lib/python3.12/site-packages/torch_xla/_dynamo/dynamo_bridge.py":804:0)
#loc31 = loc("<eval_with_key>.31":352:0)
#loc501 = loc("__call__"(#loc1))
#loc503 = loc("forward"(#loc3))
#loc508 = loc("extract_graph_helper"(#loc8))
#loc509 = loc("extract_internal"(#loc9))
#loc510 = loc("partition_fx_graph_for_cpu_fallback"(#loc10))
#loc531 = loc("forward"(#loc31))
#loc1020 = loc(callsite(#loc510 at #loc1019))
#loc1022 = loc(callsite(#loc509 at #loc1020))
#loc1024 = loc(callsite(#loc508 at #loc1022))
#loc1026 = loc(callsite(#loc507 at #loc1024))
#loc1027 = loc(callsite(#loc506 at #loc1026))
#loc1028 = loc(callsite(#loc505 at #loc1027))
#loc1029 = loc(callsite(#loc504 at #loc1028))
#loc1030 = loc(callsite(#loc503 at #loc1029))
#loc1036 = loc(callsite(#loc531 at #loc1029))
#loc1505 = loc(callsite(#loc501 at #loc1030))
#loc1511 = loc(callsite(#loc501 at #loc1036))
#loc1980 = loc(callsite(#loc502 at #loc1505))
#loc1986 = loc(callsite(#loc502 at #loc1511))
#loc2455 = loc(callsite(#loc501 at #loc1980))
#loc2461 = loc(callsite(#loc501 at #loc1986))
#loc2930 = loc("aten__div_in_0_layout"(#loc2455))
#loc2936 = loc("aten__convolution_overrideable"(#loc2461))
#loc3438 = loc("aten__convolution_overrideable_bias"(#loc2936))
#loc3439 = loc("aten__convolution_overrideable_prepare_conv2d_bias"(#loc2936))
#loc3518 = loc("aten__convolution_overrideable_prepare_conv2d_weight"(#loc2936))

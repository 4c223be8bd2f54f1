// tt-mlir's bookkeeping around const-eval functions, in both spellings tt-mlir has written
// (attributes repeating the result type before tt-mlir #7548 / #8555, none at HEAD), run as
// the project's own ops: the device token, deallocate (no effect on values), to_device,
// tt-mlir's to_layout (here with a fused cast), permute, to_memory_config, typecast,
// reshape, from_device, to_dtype (tt-mlir before #6869), and a forward function of only
// ttcore.load_cached and deallocate, which runs as a call. tests/test_tt_mlir.py checks the
// values against numpy (bf16 of the input, its last two dims swapped, reshaped).
//
// RUN: ttnn-opt %s | ttnn-opt | filecheck %s --check-prefix=PARSE
// RUN: ttnn-opt %s -p ttnn-lower | filecheck %s --check-prefix=LOWER
// RUN: ttnn-run %s --random-inputs 0 --print | filecheck %s --check-prefix=OUT
// RUN: ttnn-run %s --entry main_const_eval_0 --random-inputs 0 --print | filecheck %s --check-prefix=OUT

// PARSE-LABEL: func.func private @main_const_eval_0(
// PARSE:         "ttnn.to_device"(%arg0, %0) : (tensor<2x40x50xf32
// PARSE:         "ttnn.to_layout"(%1) <{dtype = #ttcore.supportedDataTypes<bf16>, layout = #ttnn.layout<tile>}>
// PARSE:         "ttnn.deallocate"(%1) <{force = false}>
// PARSE:         "ttnn.permute"(%2) <{permutation = array<i64: 0, 2, 1>}>
// PARSE:         "ttnn.to_memory_config"(%3)
// PARSE:         "ttnn.typecast"(%4) : (tensor<2x50x40xbf16
// PARSE:         "ttnn.reshape"(%5) <{shape = [100 : i32, 40 : i32]}>
// PARSE:         "ttnn.to_layout"(%6) : (tensor<100x40xf32
// PARSE:         "ttnn.from_device"(%7)
// PARSE:         "ttnn.to_dtype"(%8) <{dtype = #ttcore.supportedDataTypes<bf16>}>
// PARSE-LABEL: func.func @main(
// PARSE:         ttcore.load_cached(@main_const_eval_0, [%arg0])

// LOWER-LABEL: func.func private @main_const_eval_0(%arg0: memref<2x40x50xf32> {ttnn.tensor = tensor<2x40x50xf32>}) -> (memref<100x40xbf16> {ttnn.tensor = tensor<100x40xbf16>})
// LOWER-NOT:     ttnn.
// LOWER:         linalg.transpose ins({{.*}}:memref<2x40x50xbf16>) outs({{.*}}:memref<2x50x40xbf16>) permutation = [0, 2, 1]
// LOWER:         memref.collapse_shape {{.*}} : memref<2x50x40xf32> into memref<4000xf32>
// LOWER:         memref.expand_shape {{.*}} : memref<4000xf32> into memref<100x40xf32>
// LOWER-LABEL: func.func @main(
// LOWER:         func.call @main_const_eval_0(%arg0) : (memref<2x40x50xf32>) -> memref<100x40xbf16>
// LOWER-NOT:     ttnn.

// OUT:      result0: tensor<100x40xbf16>
// OUT-NEXT:   logical [100, 40], physical [100, 40], bf16, row_major, 8000 bytes

#dram = #ttnn.buffer_type<dram>
#l1 = #ttnn.buffer_type<l1>
#system_memory = #ttnn.buffer_type<system_memory>
#host_f32 = #ttnn.ttnn_layout<(d0, d1, d2) -> (d0 * 40 + d1, d2), <1x1>, memref<80x50xf32, #system_memory>>
#dram_rm_f32 = #ttnn.ttnn_layout<(d0, d1, d2) -> (d0 * 40 + d1, d2), <1x1>, memref<80x50xf32, #dram>, <interleaved>>
#dram_tile_bf16 = #ttnn.ttnn_layout<(d0, d1, d2) -> (d0 * 64 + d1, d2), <1x1>, memref<4x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#dram_tile_t = #ttnn.ttnn_layout<(d0, d1, d2) -> (d0 * 64 + d1, d2), <1x1>, memref<4x2x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>
#l1_tile_bf16 = #ttnn.ttnn_layout<(d0, d1, d2) -> (d0 * 64 + d1, d2), <1x1>, memref<4x2x!ttcore.tile<32x32, bf16>, #l1>, <interleaved>>
#l1_tile_f32 = #ttnn.ttnn_layout<(d0, d1, d2) -> (d0 * 64 + d1, d2), <1x1>, memref<4x2x!ttcore.tile<32x32, f32>, #l1>, <interleaved>>
#l1_tile_2d = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<4x2x!ttcore.tile<32x32, f32>, #l1>, <interleaved>>
#l1_rm_2d = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<100x40xf32, #l1>, <interleaved>>
#host_2d_f32 = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<100x40xf32, #system_memory>>
#host_2d_bf16 = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<100x40xbf16, #system_memory>>
module {
  func.func private @main_const_eval_0(%arg0: tensor<2x40x50xf32, #host_f32>) -> tensor<100x40xbf16, #host_2d_bf16> attributes {tt.function_type = "const_eval"} {
    %0 = "ttnn.get_device"() <{mesh_offset = #ttnn<mesh_offset 0x0>, mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    %1 = "ttnn.to_device"(%arg0, %0) : (tensor<2x40x50xf32, #host_f32>, !ttnn.device) -> tensor<2x40x50xf32, #dram_rm_f32>
    %2 = "ttnn.to_layout"(%1) <{dtype = #ttcore.supportedDataTypes<bf16>, layout = #ttnn.layout<tile>}> : (tensor<2x40x50xf32, #dram_rm_f32>) -> tensor<2x40x50xbf16, #dram_tile_bf16>
    "ttnn.deallocate"(%1) <{force = false}> : (tensor<2x40x50xf32, #dram_rm_f32>) -> ()
    %3 = "ttnn.permute"(%2) <{permutation = array<i64: 0, 2, 1>}> : (tensor<2x40x50xbf16, #dram_tile_bf16>) -> tensor<2x50x40xbf16, #dram_tile_t>
    "ttnn.deallocate"(%2) <{force = false}> : (tensor<2x40x50xbf16, #dram_tile_bf16>) -> ()
    %4 = "ttnn.to_memory_config"(%3) : (tensor<2x50x40xbf16, #dram_tile_t>) -> tensor<2x50x40xbf16, #l1_tile_bf16>
    "ttnn.deallocate"(%3) <{force = false}> : (tensor<2x50x40xbf16, #dram_tile_t>) -> ()
    %5 = "ttnn.typecast"(%4) : (tensor<2x50x40xbf16, #l1_tile_bf16>) -> tensor<2x50x40xf32, #l1_tile_f32>
    "ttnn.deallocate"(%4) <{force = false}> : (tensor<2x50x40xbf16, #l1_tile_bf16>) -> ()
    %6 = "ttnn.reshape"(%5) <{shape = [100 : i32, 40 : i32]}> : (tensor<2x50x40xf32, #l1_tile_f32>) -> tensor<100x40xf32, #l1_tile_2d>
    "ttnn.deallocate"(%5) <{force = false}> : (tensor<2x50x40xf32, #l1_tile_f32>) -> ()
    %7 = "ttnn.to_layout"(%6) : (tensor<100x40xf32, #l1_tile_2d>) -> tensor<100x40xf32, #l1_rm_2d>
    "ttnn.deallocate"(%6) <{force = false}> : (tensor<100x40xf32, #l1_tile_2d>) -> ()
    %8 = "ttnn.from_device"(%7) : (tensor<100x40xf32, #l1_rm_2d>) -> tensor<100x40xf32, #host_2d_f32>
    "ttnn.deallocate"(%7) <{force = false}> : (tensor<100x40xf32, #l1_rm_2d>) -> ()
    %9 = "ttnn.to_dtype"(%8) <{dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<100x40xf32, #host_2d_f32>) -> tensor<100x40xbf16, #host_2d_bf16>
    "ttnn.deallocate"(%8) <{force = false}> : (tensor<100x40xf32, #host_2d_f32>) -> ()
    return %9 : tensor<100x40xbf16, #host_2d_bf16>
  }
  func.func @main(%arg0: tensor<2x40x50xf32, #host_f32>) -> tensor<100x40xbf16, #host_2d_bf16> {
    %0 = ttcore.load_cached(@main_const_eval_0, [%arg0]) : (tensor<2x40x50xf32, #host_f32>) -> tensor<100x40xbf16, #host_2d_bf16>
    "ttnn.deallocate"(%arg0) <{force = false}> : (tensor<2x40x50xf32, #host_f32>) -> ()
    return %0 : tensor<100x40xbf16, #host_2d_bf16>
  }
}

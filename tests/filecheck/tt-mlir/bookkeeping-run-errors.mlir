// What ttnn-run refuses of tt-mlir's bookkeeping, one line naming the op or function: a
// rank-1 tensor in tiles at a function's boundary (its bytes would be seen; inside a
// function it is held row-major, the same values), a permute or reshape of bfloat8_b, and a
// data type the project does not compute with. Each refusal is the function's own: the
// others of the module still lower and run.
//
// RUN: not ttnn-run %s --entry rank1_tiles --random-inputs 0 2>&1 | filecheck %s --check-prefix=RANK1
// RUN: not ttnn-run %s --entry bfp8_permute --random-inputs 0 2>&1 | filecheck %s --check-prefix=BFP8
// RUN: not ttnn-run %s --entry integers --random-inputs 0 2>&1 | filecheck %s --check-prefix=INTEGERS
// RUN: ttnn-run %s --entry all --random-inputs 0 --print 2>&1 | filecheck %s --check-prefix=ALL

// RANK1: bookkeeping-run-errors.mlir:[[# @LINE + 14]]:3: error: cannot run @rank1_tiles: in its signature, tensor<512xbf16, #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x16x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>> is a tile-layout tensor of rank 1; ttnn-xdsl's tile-layout tensors have rank 2 or more
// BFP8: bookkeeping-run-errors.mlir:[[# @LINE + 24]]:5: error: cannot run 'ttnn.permute' in @bfp8_permute: ttnn-xdsl does not model it on bfloat8_b (the shared exponents depend on which values share a tile row, which it regroups)
// INTEGERS: bookkeeping-run-errors.mlir:[[# @LINE + 27]]:5: error: cannot run 'func.return' in @integers: tensor<32x32xui32, {{.*}}> holds ui32 data; ttnn-xdsl computes with f32, bf16 and bfp_bf8
// ALL:      not run: cannot run @rank1_tiles: in its signature,
// ALL-NEXT: not run: cannot run 'ttnn.permute' in @bfp8_permute:
// ALL-NEXT: not run: cannot run 'func.return' in @integers:
// ALL-NEXT: rank1_inside.y: tensor<1x512xbf16, #ttnn.tensor_layout<tile>>

#dram_tile_1d = #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x16x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>
#dram_rm_1d = #ttnn.ttnn_layout<(d0) -> (0, d0), <1x1>, memref<1x512xbf16, #ttnn.buffer_type<dram>>, <interleaved>>
#dram_tile_2d = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<1x16x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>
#bfp8 = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<1x1x!ttcore.tile<32x32, bfp_bf8>, #ttnn.buffer_type<dram>>, <interleaved>>
#u32 = #ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x1>, memref<32x32xui32, #ttnn.buffer_type<system_memory>>>
module {
  func.func @rank1_tiles(%x: tensor<512xbf16, #dram_tile_1d>) -> tensor<512xbf16, #dram_rm_1d> {
    %y = "ttnn.to_layout"(%x) : (tensor<512xbf16, #dram_tile_1d>) -> tensor<512xbf16, #dram_rm_1d>
    return %y : tensor<512xbf16, #dram_rm_1d>
  }
  func.func @rank1_inside(%x: tensor<512xbf16, #dram_rm_1d>) -> tensor<1x512xbf16, #dram_tile_2d> {
    %t = "ttnn.to_layout"(%x) : (tensor<512xbf16, #dram_rm_1d>) -> tensor<512xbf16, #dram_tile_1d>
    %y = "ttnn.reshape"(%t) : (tensor<512xbf16, #dram_tile_1d>) -> tensor<1x512xbf16, #dram_tile_2d>
    "ttnn.deallocate"(%t) <{force = false}> : (tensor<512xbf16, #dram_tile_1d>) -> ()
    return %y : tensor<1x512xbf16, #dram_tile_2d>
  }
  func.func @bfp8_permute(%x: tensor<32x32xbf16, #bfp8>) -> tensor<32x32xbf16, #bfp8> {
    %y = "ttnn.permute"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<32x32xbf16, #bfp8>) -> tensor<32x32xbf16, #bfp8>
    return %y : tensor<32x32xbf16, #bfp8>
  }
  func.func @integers(%x: tensor<32x32xui32, #u32>) -> tensor<32x32xui32, #u32> {
    return %x : tensor<32x32xui32, #u32>
  }
}

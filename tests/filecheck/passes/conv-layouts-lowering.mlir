// convert-ttnn-to-tiles on each conv layout op (docs/semantics.md §3.6, §3.4): the channel padding into a
// zero-filled [O_pad, I_pad, KH, KW] buffer, the zero-filled row-major matrix, the loops over
// kernel positions / channel shards / groups with their bounds, the memref.subview windows
// moved by linalg.transpose / linalg.copy / linalg.broadcast at the offsets of docs/semantics.md's index
// map, then the loop over the matrix's tiles: tile.tilize (+ tile.typecast when the result
// dtype differs) and tile.store. After ttnn-lower no ttnn op is left.
//
// RUN: ttnn-opt %s -p convert-ttnn-to-tiles | filecheck %s
// RUN: ttnn-opt %s -p convert-ttnn-to-tiles | filecheck %s --check-prefix=NOTTNN
// RUN: ttnn-opt %s -p ttnn-lower | filecheck %s --check-prefix=NOTTNN

// No ttnn op is left (`!ttnn.bfp8_b` types and the result attributes `{ttnn.tensor = ...}` and,
// for a prepared bias, `ttnn.tensorbin_alignment = ...` stay).
// NOTTNN: builtin.module
// NOTTNN-NOT: {{[ ]ttnn\.[a-z_0-9]+ [^=]}}

// §3.6.1: M[(r·KW + s)·I + i, o] = W[o, i, r, s], rows round_up(36, 32) = 64, cols 32; no
// channel padding; f32 → bf16 per tile.
func.func @interleaved_mm(%w: tensor<8x4x3x3xf32>) -> tensor<1x1x36x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> {
  %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<8x4x3x3xf32> -> tensor<1x1x36x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
  func.return %0 : tensor<1x1x36x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
}
// CHECK-LABEL: func.func @interleaved_mm(
// CHECK-SAME:      %w: memref<8x4x3x3xf32> {ttnn.tensor = tensor<8x4x3x3xf32>}) -> (memref<1x1x2x1x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x36x8xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>})
// CHECK-NEXT:    %[[M:[^ ]+]] = memref.alloc() : memref<64x32xf32>
// CHECK-NEXT:    %[[ZERO:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f32) outs(%[[M]] : memref<64x32xf32>)
// CHECK-NEXT:    %[[C0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[KH:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:    scf.for %[[R:[^ ]+]] = %[[C0]] to %[[KH]] step %[[C1]] {
// CHECK-NEXT:      %[[KW:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:      scf.for %[[S:[^ ]+]] = %[[C0]] to %[[KW]] step %[[C1]] {
// CHECK-NEXT:        %[[SRC:[^ ]+]] = memref.subview %w[0, 0, %[[R]], %[[S]]] [8, 4, 1, 1] [1, 1, 1, 1] : memref<8x4x3x3xf32> to memref<8x4xf32, strided<[36, 9], offset: ?>>
// CHECK-NEXT:        %[[C12:[^ ]+]] = arith.constant 12 : index
// CHECK-NEXT:        %[[ROFF:[^ ]+]] = arith.muli %[[R]], %[[C12]] : index
// CHECK-NEXT:        %[[C4:[^ ]+]] = arith.constant 4 : index
// CHECK-NEXT:        %[[SOFF:[^ ]+]] = arith.muli %[[S]], %[[C4]] : index
// CHECK-NEXT:        %[[ROW:[^ ]+]] = arith.addi %[[ROFF]], %[[SOFF]] : index
// CHECK-NEXT:        %[[DST:[^ ]+]] = memref.subview %[[M]][%[[ROW]], 0] [4, 8] [1, 1] : memref<64x32xf32> to memref<4x8xf32, strided<[32, 1], offset: ?>>
// CHECK-NEXT:        linalg.transpose ins(%[[SRC]]:memref<8x4xf32, strided<[36, 9], offset: ?>>) outs(%[[DST]]:memref<4x8xf32, strided<[32, 1], offset: ?>>) permutation = [1, 0]
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    %[[OUT:[^ ]+]] = memref.alloc() : memref<1x1x2x1x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    %[[T0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[T1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[ROWS:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:[^ ]+]] = %[[T0]] to %[[ROWS]] step %[[T1]] {
// CHECK-NEXT:      %[[J:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:      %[[C32:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[Y:[^ ]+]] = arith.muli %[[I]], %[[C32]] : index
// CHECK-NEXT:      %[[C32B:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[X:[^ ]+]] = arith.muli %[[J]], %[[C32B]] : index
// CHECK-NEXT:      %[[TILE:[^ ]+]] = tile.tilize %[[M]][%[[Y]], %[[X]]] : memref<64x32xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:      %[[CAST:[^ ]+]] = tile.typecast %[[TILE]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:      %[[Z:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:      tile.store %[[CAST]], %[[OUT]][%[[Z]], %[[Z]], %[[I]], %[[J]]] : memref<1x1x2x1x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[OUT]] : memref<1x1x2x1x!tile.tile<32x32, bf16>>

// §3.6.2 without reuse, after padding I 3 → 8 and O 2 → 32: each kernel row starts a block of
// BH = 32 rows, M[r·32 + s·8 + i, o]; 96×32 matrix, 3×1 tiles; f32 stays f32 (no typecast).
func.func @special_padding(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 1 block_w = 1 enable_activation_reuse = false padded_in_channels = 8 padded_out_channels = 32 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return %0 : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK-LABEL: func.func @special_padding(
// CHECK-NEXT:    %[[P:[^ ]+]] = memref.alloc() : memref<32x8x3x3xf32>
// CHECK-NEXT:    %[[PZ:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[PZ]] : f32) outs(%[[P]] : memref<32x8x3x3xf32>)
// CHECK-NEXT:    %[[PW:[^ ]+]] = memref.subview %[[P]][0, 0, 0, 0] [2, 3, 3, 3] [1, 1, 1, 1] : memref<32x8x3x3xf32> to memref<2x3x3x3xf32, strided<[72, 9, 3, 1]>>
// CHECK-NEXT:    linalg.copy ins(%w : memref<2x3x3x3xf32>) outs(%[[PW]] : memref<2x3x3x3xf32, strided<[72, 9, 3, 1]>>)
// CHECK-NEXT:    %[[M:[^ ]+]] = memref.alloc() : memref<96x32xf32>
// CHECK-NEXT:    %[[MZ:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[MZ]] : f32) outs(%[[M]] : memref<96x32xf32>)
// CHECK-NEXT:    %[[C0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[KH:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:    scf.for %[[R:[^ ]+]] = %[[C0]] to %[[KH]] step %[[C1]] {
// CHECK-NEXT:      %[[KW:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:      scf.for %[[S:[^ ]+]] = %[[C0]] to %[[KW]] step %[[C1]] {
// CHECK-NEXT:        %[[SRC:[^ ]+]] = memref.subview %[[P]][0, 0, %[[R]], %[[S]]] [32, 8, 1, 1] [1, 1, 1, 1] : memref<32x8x3x3xf32> to memref<32x8xf32, strided<[72, 9], offset: ?>>
// CHECK-NEXT:        %[[BH:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:        %[[ROFF:[^ ]+]] = arith.muli %[[R]], %[[BH]] : index
// CHECK-NEXT:        %[[CI:[^ ]+]] = arith.constant 8 : index
// CHECK-NEXT:        %[[SOFF:[^ ]+]] = arith.muli %[[S]], %[[CI]] : index
// CHECK-NEXT:        %[[ROW:[^ ]+]] = arith.addi %[[ROFF]], %[[SOFF]] : index
// CHECK-NEXT:        %[[DST:[^ ]+]] = memref.subview %[[M]][%[[ROW]], 0] [8, 32] [1, 1] : memref<96x32xf32> to memref<8x32xf32, strided<[32, 1], offset: ?>>
// CHECK-NEXT:        linalg.transpose ins(%[[SRC]]:memref<32x8xf32, strided<[72, 9], offset: ?>>) outs(%[[DST]]:memref<8x32xf32, strided<[32, 1], offset: ?>>) permutation = [1, 0]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[OUT:[^ ]+]] = memref.alloc() : memref<1x1x3x1x!tile.tile<32x32, f32>>
// CHECK:         %[[ROWS:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:    scf.for %[[I:[^ ]+]] = %{{[^ ]+}} to %[[ROWS]] step %{{[^ ]+}} {
// CHECK-NEXT:      %[[J:[^ ]+]] = arith.constant 0 : index
// CHECK:           %[[TILE:[^ ]+]] = tile.tilize %[[M]][%{{[^ ]+}}, %{{[^ ]+}}] : memref<96x32xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:      %[[Z:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:      tile.store %[[TILE]], %[[OUT]][%[[Z]], %[[Z]], %[[I]], %[[J]]] : memref<1x1x3x1x!tile.tile<32x32, f32>>
// CHECK-NEXT:    } {tile.bulk}
// CHECK:         func.return %[[OUT]] : memref<1x1x3x1x!tile.tile<32x32, f32>>

// §3.6.2 with activation reuse: kernel positions packed, M[(r·3 + s)·8 + i, o], i.e. row
// r·24 + s·8; f32 → bfloat8_b per tile.
func.func @special_padding_reuse(%w: tensor<4x3x3x3xf32>) -> tensor<1x1x27x4x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 3 block_w = 1 enable_activation_reuse = true padded_in_channels = 8 padded_out_channels = 32 : tensor<4x3x3x3xf32> -> tensor<1x1x27x4x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return %0 : tensor<1x1x27x4x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK-LABEL: func.func @special_padding_reuse(
// CHECK:         %[[P:[^ ]+]] = memref.alloc() : memref<32x8x3x3xf32>
// CHECK:         linalg.copy ins(%w : memref<4x3x3x3xf32>) outs(%{{[^ ]+}} : memref<4x3x3x3xf32, strided<[72, 9, 3, 1]>>)
// CHECK-NEXT:    %[[M:[^ ]+]] = memref.alloc() : memref<96x32xf32>
// CHECK:         scf.for %[[R:[^ ]+]] = %{{[^ ]+}} to %{{[^ ]+}} step %{{[^ ]+}} {
// CHECK:           scf.for %[[S:[^ ]+]] = %{{[^ ]+}} to %{{[^ ]+}} step %{{[^ ]+}} {
// CHECK-NEXT:        %[[SRC:[^ ]+]] = memref.subview %[[P]][0, 0, %[[R]], %[[S]]] [32, 8, 1, 1]
// CHECK-NEXT:        %[[C24:[^ ]+]] = arith.constant 24 : index
// CHECK-NEXT:        %[[ROFF:[^ ]+]] = arith.muli %[[R]], %[[C24]] : index
// CHECK-NEXT:        %[[C8:[^ ]+]] = arith.constant 8 : index
// CHECK-NEXT:        %[[SOFF:[^ ]+]] = arith.muli %[[S]], %[[C8]] : index
// CHECK-NEXT:        %[[ROW:[^ ]+]] = arith.addi %[[ROFF]], %[[SOFF]] : index
// CHECK-NEXT:        %[[DST:[^ ]+]] = memref.subview %[[M]][%[[ROW]], 0] [8, 32] [1, 1]
// CHECK-NEXT:        linalg.transpose ins(%[[SRC]]:{{.*}}) outs(%[[DST]]:{{.*}}) permutation = [1, 0]
// CHECK:         %[[OUT:[^ ]+]] = memref.alloc() : memref<1x1x3x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK:             %[[TILE:[^ ]+]] = tile.tilize %[[M]][%{{[^ ]+}}, %{{[^ ]+}}] : memref<96x32xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:        %[[CAST:[^ ]+]] = tile.typecast %[[TILE]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, !ttnn.bfp8_b>
// CHECK-NEXT:        %[[Z:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:        tile.store %[[CAST]], %[[OUT]][%[[Z]], %[[Z]], %{{[^ ]+}}, %{{[^ ]+}}] : memref<1x1x3x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK:         func.return %[[OUT]]

// §3.6.3 on a bf16 weight padded to [64, 32, 3, 3]: M[(r·3 + s)·32 + i, o], 288×64 matrix of
// bf16, 9×2 tiles; bf16 stays bf16 (no typecast).
func.func @tiled(%w: tensor<30x10x3x3xbf16>) -> tensor<1x1x90x30xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x64>> {
  %0 = ttnn.conv_weights_tiled_layout %w block_h = 3 block_w = 1 padded_in_channels = 32 padded_out_channels = 64 : tensor<30x10x3x3xbf16> -> tensor<1x1x90x30xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x64>>
  func.return %0 : tensor<1x1x90x30xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x64>>
}
// CHECK-LABEL: func.func @tiled(
// CHECK-NEXT:    %[[P:[^ ]+]] = memref.alloc() : memref<64x32x3x3xbf16>
// CHECK-NEXT:    %[[PZ:[^ ]+]] = arith.constant 0.000000e+00 : bf16
// CHECK-NEXT:    linalg.fill ins(%[[PZ]] : bf16) outs(%[[P]] : memref<64x32x3x3xbf16>)
// CHECK-NEXT:    %[[PW:[^ ]+]] = memref.subview %[[P]][0, 0, 0, 0] [30, 10, 3, 3] [1, 1, 1, 1] : memref<64x32x3x3xbf16> to memref<30x10x3x3xbf16, strided<[288, 9, 3, 1]>>
// CHECK-NEXT:    linalg.copy ins(%w : memref<30x10x3x3xbf16>) outs(%[[PW]] : memref<30x10x3x3xbf16, strided<[288, 9, 3, 1]>>)
// CHECK-NEXT:    %[[M:[^ ]+]] = memref.alloc() : memref<288x64xbf16>
// CHECK-NEXT:    %[[MZ:[^ ]+]] = arith.constant 0.000000e+00 : bf16
// CHECK-NEXT:    linalg.fill ins(%[[MZ]] : bf16) outs(%[[M]] : memref<288x64xbf16>)
// CHECK:         scf.for %[[R:[^ ]+]] = %{{[^ ]+}} to %{{[^ ]+}} step %{{[^ ]+}} {
// CHECK:           scf.for %[[S:[^ ]+]] = %{{[^ ]+}} to %{{[^ ]+}} step %{{[^ ]+}} {
// CHECK-NEXT:        %[[SRC:[^ ]+]] = memref.subview %[[P]][0, 0, %[[R]], %[[S]]] [64, 32, 1, 1] [1, 1, 1, 1] : memref<64x32x3x3xbf16> to memref<64x32xbf16, strided<[288, 9], offset: ?>>
// CHECK-NEXT:        %[[C96:[^ ]+]] = arith.constant 96 : index
// CHECK-NEXT:        %[[ROFF:[^ ]+]] = arith.muli %[[R]], %[[C96]] : index
// CHECK-NEXT:        %[[C32:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:        %[[SOFF:[^ ]+]] = arith.muli %[[S]], %[[C32]] : index
// CHECK-NEXT:        %[[ROW:[^ ]+]] = arith.addi %[[ROFF]], %[[SOFF]] : index
// CHECK-NEXT:        %[[DST:[^ ]+]] = memref.subview %[[M]][%[[ROW]], 0] [32, 64] [1, 1] : memref<288x64xbf16> to memref<32x64xbf16, strided<[64, 1], offset: ?>>
// CHECK-NEXT:        linalg.transpose ins(%[[SRC]]:memref<64x32xbf16, strided<[288, 9], offset: ?>>) outs(%[[DST]]:memref<32x64xbf16, strided<[64, 1], offset: ?>>) permutation = [1, 0]
// CHECK:         %[[OUT:[^ ]+]] = memref.alloc() : memref<1x1x9x2x!tile.tile<32x32, bf16>>
// CHECK:         %[[ROWS:[^ ]+]] = arith.constant 9 : index
// CHECK-NEXT:    scf.for %[[I:[^ ]+]] = %{{[^ ]+}} to %[[ROWS]] step %{{[^ ]+}} {
// CHECK-NEXT:      %[[COLS:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[J:[^ ]+]] = %{{[^ ]+}} to %[[COLS]] step %{{[^ ]+}} {
// CHECK:             %[[TILE:[^ ]+]] = tile.tilize %[[M]][%{{[^ ]+}}, %{{[^ ]+}}] : memref<288x64xbf16> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:        %[[Z:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:        tile.store %[[TILE]], %[[OUT]][%[[Z]], %[[Z]], %[[I]], %[[J]]] : memref<1x1x9x2x!tile.tile<32x32, bf16>>
// CHECK:         func.return %[[OUT]]

// §3.6.4, 3 input × 4 output shards of W [20, 12, 3, 3]: ow 5 (owp 32), iw 4,
// BHP round_up(4·3, 32)·3 = 96; loops (ic, oc, r, s) move W[oc·5 .. +5, ic·4 .. +4, r, s]
// transposed to rows ic·96 + r·32 + s·4, cols oc·32; 288×128 matrix, 9×4 tiles.
func.func @block_sharded(%w: tensor<20x12x3x3xf32>) -> tensor<1x1x108x20xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x128>> {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 3 out_shards = 4 : tensor<20x12x3x3xf32> -> tensor<1x1x108x20xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x128>>
  func.return %0 : tensor<1x1x108x20xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x128>>
}
// CHECK-LABEL: func.func @block_sharded(
// CHECK-NEXT:    %[[M:[^ ]+]] = memref.alloc() : memref<288x128xf32>
// CHECK-NEXT:    %[[MZ:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[MZ]] : f32) outs(%[[M]] : memref<288x128xf32>)
// CHECK-NEXT:    %[[C0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[NIN:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:    scf.for %[[IC:[^ ]+]] = %[[C0]] to %[[NIN]] step %[[C1]] {
// CHECK-NEXT:      %[[NOUT:[^ ]+]] = arith.constant 4 : index
// CHECK-NEXT:      scf.for %[[OC:[^ ]+]] = %[[C0]] to %[[NOUT]] step %[[C1]] {
// CHECK-NEXT:        %[[KH:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:        scf.for %[[R:[^ ]+]] = %[[C0]] to %[[KH]] step %[[C1]] {
// CHECK-NEXT:          %[[KW:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:          scf.for %[[S:[^ ]+]] = %[[C0]] to %[[KW]] step %[[C1]] {
// CHECK-NEXT:            %[[OW:[^ ]+]] = arith.constant 5 : index
// CHECK-NEXT:            %[[O0:[^ ]+]] = arith.muli %[[OC]], %[[OW]] : index
// CHECK-NEXT:            %[[IW:[^ ]+]] = arith.constant 4 : index
// CHECK-NEXT:            %[[I0:[^ ]+]] = arith.muli %[[IC]], %[[IW]] : index
// CHECK-NEXT:            %[[SRC:[^ ]+]] = memref.subview %w[%[[O0]], %[[I0]], %[[R]], %[[S]]] [5, 4, 1, 1] [1, 1, 1, 1] : memref<20x12x3x3xf32> to memref<5x4xf32, strided<[108, 9], offset: ?>>
// CHECK-NEXT:            %[[BHP:[^ ]+]] = arith.constant 96 : index
// CHECK-NEXT:            %[[A:[^ ]+]] = arith.muli %[[IC]], %[[BHP]] : index
// CHECK-NEXT:            %[[KROW:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:            %[[B:[^ ]+]] = arith.muli %[[R]], %[[KROW]] : index
// CHECK-NEXT:            %[[AB:[^ ]+]] = arith.addi %[[A]], %[[B]] : index
// CHECK-NEXT:            %[[IW2:[^ ]+]] = arith.constant 4 : index
// CHECK-NEXT:            %[[C:[^ ]+]] = arith.muli %[[S]], %[[IW2]] : index
// CHECK-NEXT:            %[[ROW:[^ ]+]] = arith.addi %[[AB]], %[[C]] : index
// CHECK-NEXT:            %[[OWP:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:            %[[COL:[^ ]+]] = arith.muli %[[OC]], %[[OWP]] : index
// CHECK-NEXT:            %[[DST:[^ ]+]] = memref.subview %[[M]][%[[ROW]], %[[COL]]] [4, 5] [1, 1] : memref<288x128xf32> to memref<4x5xf32, strided<[128, 1], offset: ?>>
// CHECK-NEXT:            linalg.transpose ins(%[[SRC]]:memref<5x4xf32, strided<[108, 9], offset: ?>>) outs(%[[DST]]:memref<4x5xf32, strided<[128, 1], offset: ?>>) permutation = [1, 0]
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[OUT:[^ ]+]] = memref.alloc() : memref<1x1x9x4x!tile.tile<32x32, f32>>
// CHECK:         %[[ROWS:[^ ]+]] = arith.constant 9 : index
// CHECK-NEXT:    scf.for %[[I:[^ ]+]] = %{{[^ ]+}} to %[[ROWS]] step %{{[^ ]+}} {
// CHECK-NEXT:      %[[COLS:[^ ]+]] = arith.constant 4 : index
// CHECK-NEXT:      scf.for %[[J:[^ ]+]] = %{{[^ ]+}} to %[[COLS]] step %{{[^ ]+}} {
// CHECK:             %[[TILE:[^ ]+]] = tile.tilize %[[M]][%{{[^ ]+}}, %{{[^ ]+}}] : memref<288x128xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:        %[[Z:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:        tile.store %[[TILE]], %[[OUT]][%[[Z]], %[[Z]], %[[I]], %[[J]]] : memref<1x1x9x4x!tile.tile<32x32, f32>>
// CHECK:         func.return %[[OUT]]

// §3.6.4 with full_inner_dim after padding [30, 10] → [64, 16], 2 × 2 shards: iw 8, ow 32,
// BHP round_up(8·2·2, 32) = 32; rows ic·32 + r·(2·8) + s·8, cols oc·32; f32 → bf16.
func.func @block_sharded_full(%w: tensor<30x10x2x2xf32>) -> tensor<1x1x40x30xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>> {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 2 full_inner_dim = true padded_in_channels = 16 padded_out_channels = 64 : tensor<30x10x2x2xf32> -> tensor<1x1x40x30xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
  func.return %0 : tensor<1x1x40x30xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
}
// CHECK-LABEL: func.func @block_sharded_full(
// CHECK-NEXT:    %[[P:[^ ]+]] = memref.alloc() : memref<64x16x2x2xf32>
// CHECK:         linalg.copy ins(%w : memref<30x10x2x2xf32>) outs(%{{[^ ]+}} : memref<30x10x2x2xf32, strided<[64, 4, 2, 1]>>)
// CHECK-NEXT:    %[[M:[^ ]+]] = memref.alloc() : memref<64x64xf32>
// CHECK:         scf.for %[[IC:[^ ]+]] = %{{[^ ]+}} to %{{[^ ]+}} step %{{[^ ]+}} {
// CHECK:           scf.for %[[OC:[^ ]+]] = %{{[^ ]+}} to %{{[^ ]+}} step %{{[^ ]+}} {
// CHECK:             scf.for %[[R:[^ ]+]] = %{{[^ ]+}} to %{{[^ ]+}} step %{{[^ ]+}} {
// CHECK:               scf.for %[[S:[^ ]+]] = %{{[^ ]+}} to %{{[^ ]+}} step %{{[^ ]+}} {
// CHECK-NEXT:            %[[OW:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:            %[[O0:[^ ]+]] = arith.muli %[[OC]], %[[OW]] : index
// CHECK-NEXT:            %[[IW:[^ ]+]] = arith.constant 8 : index
// CHECK-NEXT:            %[[I0:[^ ]+]] = arith.muli %[[IC]], %[[IW]] : index
// CHECK-NEXT:            %[[SRC:[^ ]+]] = memref.subview %[[P]][%[[O0]], %[[I0]], %[[R]], %[[S]]] [32, 8, 1, 1] [1, 1, 1, 1] : memref<64x16x2x2xf32> to memref<32x8xf32, strided<[64, 4], offset: ?>>
// CHECK-NEXT:            %[[BHP:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:            %[[A:[^ ]+]] = arith.muli %[[IC]], %[[BHP]] : index
// CHECK-NEXT:            %[[KROW:[^ ]+]] = arith.constant 16 : index
// CHECK-NEXT:            %[[B:[^ ]+]] = arith.muli %[[R]], %[[KROW]] : index
// CHECK-NEXT:            %[[AB:[^ ]+]] = arith.addi %[[A]], %[[B]] : index
// CHECK-NEXT:            %[[IW2:[^ ]+]] = arith.constant 8 : index
// CHECK-NEXT:            %[[C:[^ ]+]] = arith.muli %[[S]], %[[IW2]] : index
// CHECK-NEXT:            %[[ROW:[^ ]+]] = arith.addi %[[AB]], %[[C]] : index
// CHECK-NEXT:            %[[OWP:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:            %[[COL:[^ ]+]] = arith.muli %[[OC]], %[[OWP]] : index
// CHECK-NEXT:            %[[DST:[^ ]+]] = memref.subview %[[M]][%[[ROW]], %[[COL]]] [8, 32] [1, 1] : memref<64x64xf32> to memref<8x32xf32, strided<[64, 1], offset: ?>>
// CHECK-NEXT:            linalg.transpose ins(%[[SRC]]:{{.*}}) outs(%[[DST]]:{{.*}}) permutation = [1, 0]
// CHECK:         %[[OUT:[^ ]+]] = memref.alloc() : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK:             %[[TILE:[^ ]+]] = tile.tilize %[[M]][%{{[^ ]+}}, %{{[^ ]+}}] : memref<64x64xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:        %[[CAST:[^ ]+]] = tile.typecast %[[TILE]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:        %[[Z:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:        tile.store %[[CAST]], %[[OUT]][%[[Z]], %[[Z]], %{{[^ ]+}}, %{{[^ ]+}}] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK:         func.return %[[OUT]]

// §3.6.5: one loop over the 3 groups copies W[g·2 .. +2] to [g·2 .. +2, g·2 .. +2] of a zero
// [6, 6, 3, 3] weight; a host (row-major) result, no tiles.
func.func @grouped(%w: tensor<6x2x3x3xf32>) -> tensor<6x6x3x3xf32> {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 3 : tensor<6x2x3x3xf32> -> tensor<6x6x3x3xf32>
  func.return %0 : tensor<6x6x3x3xf32>
}
// CHECK-LABEL: func.func @grouped(
// CHECK-SAME:      %w: memref<6x2x3x3xf32> {ttnn.tensor = tensor<6x2x3x3xf32>}) -> (memref<6x6x3x3xf32> {ttnn.tensor = tensor<6x6x3x3xf32>})
// CHECK-NEXT:    %[[E:[^ ]+]] = memref.alloc() : memref<6x6x3x3xf32>
// CHECK-NEXT:    %[[EZ:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[EZ]] : f32) outs(%[[E]] : memref<6x6x3x3xf32>)
// CHECK-NEXT:    %[[C0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[G:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:    scf.for %[[GI:[^ ]+]] = %[[C0]] to %[[G]] step %[[C1]] {
// CHECK-NEXT:      %[[OG:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:      %[[O0:[^ ]+]] = arith.muli %[[GI]], %[[OG]] : index
// CHECK-NEXT:      %[[SRC:[^ ]+]] = memref.subview %w[%[[O0]], 0, 0, 0] [2, 2, 3, 3] [1, 1, 1, 1] : memref<6x2x3x3xf32> to memref<2x2x3x3xf32, strided<[18, 9, 3, 1], offset: ?>>
// CHECK-NEXT:      %[[IG:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:      %[[I0:[^ ]+]] = arith.muli %[[GI]], %[[IG]] : index
// CHECK-NEXT:      %[[DST:[^ ]+]] = memref.subview %[[E]][%[[O0]], %[[I0]], 0, 0] [2, 2, 3, 3] [1, 1, 1, 1] : memref<6x6x3x3xf32> to memref<2x2x3x3xf32, strided<[54, 9, 3, 1], offset: ?>>
// CHECK-NEXT:      linalg.copy ins(%[[SRC]] : memref<2x2x3x3xf32, strided<[18, 9, 3, 1], offset: ?>>) outs(%[[DST]] : memref<2x2x3x3xf32, strided<[54, 9, 3, 1], offset: ?>>)
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[E]] : memref<6x6x3x3xf32>

// §3.6.6: for each kernel tap (kh, kw), the column W[:, 0, kh, kw] is broadcast over
// A = 32 channels starting at kh·64 + kw·32.
func.func @depthwise(%w: tensor<8x1x2x2xf32>) -> tensor<8x128x1x1xf32> {
  %0 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 1 : tensor<8x1x2x2xf32> -> tensor<8x128x1x1xf32>
  func.return %0 : tensor<8x128x1x1xf32>
}
// CHECK-LABEL: func.func @depthwise(
// CHECK-NEXT:    %[[E:[^ ]+]] = memref.alloc() : memref<8x128x1x1xf32>
// CHECK-NEXT:    %[[EZ:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[EZ]] : f32) outs(%[[E]] : memref<8x128x1x1xf32>)
// CHECK-NEXT:    %[[C0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[KH:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[R:[^ ]+]] = %[[C0]] to %[[KH]] step %[[C1]] {
// CHECK-NEXT:      %[[KW:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[S:[^ ]+]] = %[[C0]] to %[[KW]] step %[[C1]] {
// CHECK-NEXT:        %[[TAP:[^ ]+]] = memref.subview %w[0, 0, %[[R]], %[[S]]] [8, 1, 1, 1] [1, 1, 1, 1] : memref<8x1x2x2xf32> to memref<8xf32, strided<[4], offset: ?>>
// CHECK-NEXT:        %[[C64:[^ ]+]] = arith.constant 64 : index
// CHECK-NEXT:        %[[A:[^ ]+]] = arith.muli %[[R]], %[[C64]] : index
// CHECK-NEXT:        %[[C32:[^ ]+]] = arith.constant 32 : index
// CHECK-NEXT:        %[[B:[^ ]+]] = arith.muli %[[S]], %[[C32]] : index
// CHECK-NEXT:        %[[FIRST:[^ ]+]] = arith.addi %[[A]], %[[B]] : index
// CHECK-NEXT:        %[[DST:[^ ]+]] = memref.subview %[[E]][0, %[[FIRST]], 0, 0] [8, 32, 1, 1] [1, 1, 1, 1] : memref<8x128x1x1xf32> to memref<8x32xf32, strided<[128, 1], offset: ?>>
// CHECK-NEXT:        linalg.broadcast ins(%[[TAP]]:memref<8xf32, strided<[4], offset: ?>>) outs(%[[DST]]:memref<8x32xf32, strided<[128, 1], offset: ?>>) dimensions = [1]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[E]] : memref<8x128x1x1xf32>

// §7.3: IOHW [4, 3, 2, 2] in 2 groups -> a zero OIHW [6, 4, 2, 2]; for each group g and kernel
// position (r, s) the group's [2 inputs, 3 outputs] plane is transposed into the block at
// (3g, 2g, r, s).
func.func @iohw_to_oihw(%w: tensor<4x3x2x2xf32>) -> tensor<6x4x2x2xf32> {
  %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 2 : tensor<4x3x2x2xf32> -> tensor<6x4x2x2xf32>
  func.return %0 : tensor<6x4x2x2xf32>
}
// CHECK-LABEL: func.func @iohw_to_oihw(
// CHECK-NEXT:    %[[E:[^ ]+]] = memref.alloc() : memref<6x4x2x2xf32>
// CHECK-NEXT:    %[[EZ:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[EZ]] : f32) outs(%[[E]] : memref<6x4x2x2xf32>)
// CHECK-NEXT:    %[[C0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[G:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[GI:[^ ]+]] = %[[C0]] to %[[G]] step %[[C1]] {
// CHECK-NEXT:      %[[KH:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[R:[^ ]+]] = %[[C0]] to %[[KH]] step %[[C1]] {
// CHECK-NEXT:        %[[KW:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:        scf.for %[[S:[^ ]+]] = %[[C0]] to %[[KW]] step %[[C1]] {
// CHECK-NEXT:          %[[IG:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:          %[[I0:[^ ]+]] = arith.muli %[[GI]], %[[IG]] : index
// CHECK-NEXT:          %[[SRC:[^ ]+]] = memref.subview %w[%[[I0]], 0, %[[R]], %[[S]]] [2, 3, 1, 1] [1, 1, 1, 1] : memref<4x3x2x2xf32> to memref<2x3xf32, strided<[12, 4], offset: ?>>
// CHECK-NEXT:          %[[OG:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:          %[[O0:[^ ]+]] = arith.muli %[[GI]], %[[OG]] : index
// CHECK-NEXT:          %[[DST:[^ ]+]] = memref.subview %[[E]][%[[O0]], %[[I0]], %[[R]], %[[S]]] [3, 2, 1, 1] [1, 1, 1, 1] : memref<6x4x2x2xf32> to memref<3x2xf32, strided<[16, 4], offset: ?>>
// CHECK-NEXT:          linalg.transpose ins(%[[SRC]]:memref<2x3xf32, strided<[12, 4], offset: ?>>) outs(%[[DST]]:memref<3x2xf32, strided<[16, 4], offset: ?>>) permutation = [1, 0]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[E]] : memref<6x4x2x2xf32>

// §7.3: the kernel mirror copies the [O, I] plane of (KH − 1 − r, KW − 1 − s) to (r, s): the
// source index is r·(−1) + 2 (and s·(−1) + 1), affine in the loops.
func.func @mirror(%w: tensor<2x3x3x2xf32>) -> tensor<2x3x3x2xf32> {
  %0 = ttnn.conv_weights_mirror_kernel %w : tensor<2x3x3x2xf32> -> tensor<2x3x3x2xf32>
  func.return %0 : tensor<2x3x3x2xf32>
}
// CHECK-LABEL: func.func @mirror(
// CHECK-NEXT:    %[[M:[^ ]+]] = memref.alloc() : memref<2x3x3x2xf32>
// CHECK-NEXT:    %[[C0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[KH:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:    scf.for %[[R:[^ ]+]] = %[[C0]] to %[[KH]] step %[[C1]] {
// CHECK-NEXT:      %[[KW:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[S:[^ ]+]] = %[[C0]] to %[[KW]] step %[[C1]] {
// CHECK-NEXT:        %[[NEG:[^ ]+]] = arith.constant -1 : index
// CHECK-NEXT:        %[[RN:[^ ]+]] = arith.muli %[[R]], %[[NEG]] : index
// CHECK-NEXT:        %[[LASTR:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:        %[[FR:[^ ]+]] = arith.addi %[[RN]], %[[LASTR]] : index
// CHECK-NEXT:        %[[NEG2:[^ ]+]] = arith.constant -1 : index
// CHECK-NEXT:        %[[SN:[^ ]+]] = arith.muli %[[S]], %[[NEG2]] : index
// CHECK-NEXT:        %[[LASTS:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:        %[[FS:[^ ]+]] = arith.addi %[[SN]], %[[LASTS]] : index
// CHECK-NEXT:        %[[SRC:[^ ]+]] = memref.subview %w[0, 0, %[[FR]], %[[FS]]] [2, 3, 1, 1] [1, 1, 1, 1] : memref<2x3x3x2xf32> to memref<2x3xf32, strided<[18, 6], offset: ?>>
// CHECK-NEXT:        %[[DST:[^ ]+]] = memref.subview %[[M]][0, 0, %[[R]], %[[S]]] [2, 3, 1, 1] [1, 1, 1, 1] : memref<2x3x3x2xf32> to memref<2x3xf32, strided<[18, 6], offset: ?>>
// CHECK-NEXT:        linalg.copy ins(%[[SRC]] : memref<2x3xf32, strided<[18, 6], offset: ?>>) outs(%[[DST]] : memref<2x3xf32, strided<[18, 6], offset: ?>>)
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[M]] : memref<2x3x3x2xf32>

// §3.6.7 with stride 2 on a 3×5 kernel (not a multiple of the stride): the kernel is first
// zero-padded to 4×6 (whole strides), then for each phase (p, q) and folded tap (a, b) the
// [O, I] plane of position (2a + p, 2b + q) goes to channels (p·2 + q)·2 of position (a, b):
// every index affine in the loops, so the nest runs in bulk.
func.func @fold(%w: tensor<4x2x3x5xf32>) -> tensor<4x8x2x3xf32> {
  %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<4x2x3x5xf32> -> tensor<4x8x2x3xf32>
  func.return %0 : tensor<4x8x2x3xf32>
}
// CHECK-LABEL: func.func @fold(
// CHECK-NEXT:    %[[P:[^ ]+]] = memref.alloc() : memref<4x2x4x6xf32>
// CHECK-NEXT:    %[[PZ:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[PZ]] : f32) outs(%[[P]] : memref<4x2x4x6xf32>)
// CHECK-NEXT:    %[[PW:[^ ]+]] = memref.subview %[[P]][0, 0, 0, 0] [4, 2, 3, 5] [1, 1, 1, 1] : memref<4x2x4x6xf32> to memref<4x2x3x5xf32, strided<[48, 24, 6, 1]>>
// CHECK-NEXT:    linalg.copy ins(%w : memref<4x2x3x5xf32>) outs(%[[PW]] : memref<4x2x3x5xf32, strided<[48, 24, 6, 1]>>)
// CHECK-NEXT:    %[[E:[^ ]+]] = memref.alloc() : memref<4x8x2x3xf32>
// CHECK-NEXT:    %[[EZ:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[EZ]] : f32) outs(%[[E]] : memref<4x8x2x3xf32>)
// CHECK-NEXT:    %[[C0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[SH:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[PH:[^ ]+]] = %[[C0]] to %[[SH]] step %[[C1]] {
// CHECK-NEXT:      %[[SW:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[PHW:[^ ]+]] = %[[C0]] to %[[SW]] step %[[C1]] {
// CHECK-NEXT:        %[[FH:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:        scf.for %[[A:[^ ]+]] = %[[C0]] to %[[FH]] step %[[C1]] {
// CHECK-NEXT:          %[[FW:[^ ]+]] = arith.constant 3 : index
// CHECK-NEXT:          scf.for %[[B:[^ ]+]] = %[[C0]] to %[[FW]] step %[[C1]] {
// CHECK-NEXT:            %[[S1:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:            %[[A2:[^ ]+]] = arith.muli %[[A]], %[[S1]] : index
// CHECK-NEXT:            %[[R:[^ ]+]] = arith.addi %[[A2]], %[[PH]] : index
// CHECK-NEXT:            %[[S2:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:            %[[B2:[^ ]+]] = arith.muli %[[B]], %[[S2]] : index
// CHECK-NEXT:            %[[S:[^ ]+]] = arith.addi %[[B2]], %[[PHW]] : index
// CHECK-NEXT:            %[[SRC:[^ ]+]] = memref.subview %[[P]][0, 0, %[[R]], %[[S]]] [4, 2, 1, 1] [1, 1, 1, 1] : memref<4x2x4x6xf32> to memref<4x2xf32, strided<[48, 24], offset: ?>>
// CHECK-NEXT:            %[[C4:[^ ]+]] = arith.constant 4 : index
// CHECK-NEXT:            %[[CHH:[^ ]+]] = arith.muli %[[PH]], %[[C4]] : index
// CHECK-NEXT:            %[[C2:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:            %[[CHW:[^ ]+]] = arith.muli %[[PHW]], %[[C2]] : index
// CHECK-NEXT:            %[[CH:[^ ]+]] = arith.addi %[[CHH]], %[[CHW]] : index
// CHECK-NEXT:            %[[DST:[^ ]+]] = memref.subview %[[E]][0, %[[CH]], %[[A]], %[[B]]] [4, 2, 1, 1] [1, 1, 1, 1] : memref<4x8x2x3xf32> to memref<4x2xf32, strided<[48, 6], offset: ?>>
// CHECK-NEXT:            linalg.copy ins(%[[SRC]] : memref<4x2xf32, strided<[48, 24], offset: ?>>) outs(%[[DST]] : memref<4x2xf32, strided<[48, 6], offset: ?>>)
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[E]] : memref<4x8x2x3xf32>

// §3.4: the bias goes to row 0 of a zero 32×64 matrix, then 1×2 tiles, f32 → bfloat8_b. The
// result records the alignment TT-NN writes in a prepared bias's .tensorbin header, [32, 64].
func.func @bias(%b: tensor<1x1x1x40xf32>) -> tensor<1x1x1x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
  %0 = ttnn.conv_bias_layout %b width = 64 : tensor<1x1x1x40xf32> -> tensor<1x1x1x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  func.return %0 : tensor<1x1x1x40x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}
// CHECK-LABEL: func.func @bias(
// CHECK-SAME:      ttnn.tensorbin_alignment = array<i32: 32, 64>
// CHECK-NEXT:    %[[M:[^ ]+]] = memref.alloc() : memref<32x64xf32>
// CHECK-NEXT:    %[[MZ:[^ ]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[MZ]] : f32) outs(%[[M]] : memref<32x64xf32>)
// CHECK-NEXT:    %[[SRC:[^ ]+]] = memref.subview %b[0, 0, 0, 0] [1, 1, 1, 40] [1, 1, 1, 1] : memref<1x1x1x40xf32> to memref<40xf32, strided<[1]>>
// CHECK-NEXT:    %[[DST:[^ ]+]] = memref.subview %[[M]][0, 0] [1, 40] [1, 1] : memref<32x64xf32> to memref<40xf32, strided<[1]>>
// CHECK-NEXT:    linalg.copy ins(%[[SRC]] : memref<40xf32, strided<[1]>>) outs(%[[DST]] : memref<40xf32, strided<[1]>>)
// CHECK-NEXT:    %[[OUT:[^ ]+]] = memref.alloc() : memref<1x1x1x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:    %[[T0:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[T1:[^ ]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[COLS:[^ ]+]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[J:[^ ]+]] = %[[T0]] to %[[COLS]] step %[[T1]] {
// CHECK-NEXT:      %[[I:[^ ]+]] = arith.constant 0 : index
// CHECK:           %[[TILE:[^ ]+]] = tile.tilize %[[M]][%{{[^ ]+}}, %{{[^ ]+}}] : memref<32x64xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:      %[[CAST:[^ ]+]] = tile.typecast %[[TILE]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, !ttnn.bfp8_b>
// CHECK-NEXT:      %[[Z:[^ ]+]] = arith.constant 0 : index
// CHECK-NEXT:      tile.store %[[CAST]], %[[OUT]][%[[Z]], %[[Z]], %[[I]], %[[J]]] : memref<1x1x1x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:    } {tile.bulk}
// CHECK:         func.return %[[OUT]]

// A decomposed chain (fold → interleaved MM → typecast, as ttnn-decompose writes it): the
// fold's buffer feeds the matrix loops, whose tiles feed the per-tile typecast.
func.func @chain(%w: tensor<16x3x2x2xf32>) -> tensor<1x1x12x16x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<16x3x2x2xf32> -> tensor<16x12x1x1xf32>
  %1 = ttnn.conv_weights_interleaved_mm_layout %0 : tensor<16x12x1x1xf32> -> tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  %2 = ttnn.typecast %1 : tensor<1x1x12x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> -> tensor<1x1x12x16x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  func.return %2 : tensor<1x1x12x16x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT:    %[[F:[^ ]+]] = memref.alloc() : memref<16x12x1x1xf32>
// CHECK:         linalg.copy ins(%{{[^ ]+}} : memref<16x3xf32, strided<[12, 4], offset: ?>>) outs(%{{[^ ]+}} : memref<16x3xf32, strided<[12, 1], offset: ?>>)
// CHECK:         %[[M:[^ ]+]] = memref.alloc() : memref<32x32xf32>
// CHECK:         memref.subview %[[F]][0, 0, %{{[^ ]+}}, %{{[^ ]+}}] [16, 12, 1, 1] [1, 1, 1, 1] : memref<16x12x1x1xf32> to memref<16x12xf32, strided<[12, 1], offset: ?>>
// CHECK:         linalg.transpose
// CHECK:         %[[T:[^ ]+]] = memref.alloc() : memref<1x1x1x1x!tile.tile<32x32, f32>>
// CHECK:         tile.tilize %[[M]]
// CHECK-NOT:     tile.typecast
// CHECK:         tile.store %{{[^ ]+}}, %[[T]]
// CHECK:         %[[OUT:[^ ]+]] = memref.alloc() : memref<1x1x1x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK:         %[[L:[^ ]+]] = tile.load %[[T]][%{{.*}}] : memref<1x1x1x1x!tile.tile<32x32, f32>>
// CHECK-NEXT:    %[[CAST:[^ ]+]] = tile.typecast %[[L]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, !ttnn.bfp8_b>
// CHECK-NEXT:    tile.store %[[CAST]], %[[OUT]][%{{.*}}] : memref<1x1x1x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK:         func.return %[[OUT]]

// RUN: ttnn-opt %s -p convert-ttnn-to-tiles | filecheck %s
// RUN: ttnn-opt %s -p ttnn-lower | filecheck %s --check-prefix=LOWER

// ttnn.to_layout → row-major → TILE: a loop over the tile grid tilizing each 32x32 window
// (element offsets = tile index * 32) into a tile of the new buffer; TILE → row-major:
// the same loop untilizing each tile into its window; same layout: a copy.

// Row-major → TILE, rank 2, 40x50: 2x2 tiles, the padding comes from tile.tilize.
func.func @tilize(%x: tensor<40x50xbf16>) -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.to_layout %x : tensor<40x50xbf16> -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
  func.return %0 : tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @tilize(
// CHECK-SAME:    %x: memref<40x50xbf16> {ttnn.tensor = tensor<40x50xbf16>})
// CHECK-SAME:    -> (memref<2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<40x50xbf16, #ttnn.tensor_layout<tile>>}) {
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[N1:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:        %[[S0:.*]] = arith.constant 32 : index
// CHECK-NEXT:        %[[R:.*]] = arith.muli %[[I]], %[[S0]] : index
// CHECK-NEXT:        %[[S1:.*]] = arith.constant 32 : index
// CHECK-NEXT:        %[[C:.*]] = arith.muli %[[J]], %[[S1]] : index
// CHECK-NEXT:        %[[T:.*]] = tile.tilize %x[%[[R]], %[[C]]] : memref<40x50xbf16> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:        tile.store %[[T]], %[[OUT]][%[[I]], %[[J]]] : memref<2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[OUT]] : memref<2x2x!tile.tile<32x32, bf16>>
// CHECK-NOT:   ttnn.to_layout

// LOWER-LABEL: func.func @tilize(
// LOWER-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        %[[R:.*]] = arith.muli %[[I]], %[[C32]] : index
// LOWER-NEXT:        %[[C:.*]] = arith.muli %[[J]], %[[C32]] : index
// LOWER-NEXT:        %[[T:.*]] = tile.tilize %x[%[[R]], %[[C]]] : memref<40x50xbf16> -> !tile.tile<32x32, bf16>
// LOWER-NEXT:        tile.store %[[T]], %[[OUT]][%[[I]], %[[J]]] : memref<2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[OUT]]
// LOWER-NOT:   ttnn.to_layout

// Row-major → TILE, rank 4, 1x2x33x1 f32: 1x2x2x1 tiles; a dim of one tile has no loop (its
// index is the constant 0) and ttnn-lower folds the offset 0 * 32 of the single tile column.
func.func @tilize_rank4(%x: tensor<1x2x33x1xf32>) -> tensor<1x2x33x1xf32, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.to_layout %x : tensor<1x2x33x1xf32> -> tensor<1x2x33x1xf32, #ttnn.tensor_layout<tile>>
  func.return %0 : tensor<1x2x33x1xf32, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @tilize_rank4(
// CHECK-SAME:    %x: memref<1x2x33x1xf32> {ttnn.tensor = tensor<1x2x33x1xf32>})
// CHECK-SAME:    -> (memref<1x2x2x1x!tile.tile<32x32, f32>> {ttnn.tensor = tensor<1x2x33x1xf32, #ttnn.tensor_layout<tile>>}) {
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<1x2x2x1x!tile.tile<32x32, f32>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N1:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I1:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:      %[[N2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[I2:.*]] = %[[C0]] to %[[N2]] step %[[C1]] {
// CHECK-NEXT:        %[[I0:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[I3:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[S0:.*]] = arith.constant 32 : index
// CHECK-NEXT:        %[[R:.*]] = arith.muli %[[I2]], %[[S0]] : index
// CHECK-NEXT:        %[[S1:.*]] = arith.constant 32 : index
// CHECK-NEXT:        %[[C:.*]] = arith.muli %[[I3]], %[[S1]] : index
// CHECK-NEXT:        %[[T:.*]] = tile.tilize %x[%[[I0]], %[[I1]], %[[R]], %[[C]]] : memref<1x2x33x1xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:        tile.store %[[T]], %[[OUT]][%[[I0]], %[[I1]], %[[I2]], %[[I3]]] : memref<1x2x2x1x!tile.tile<32x32, f32>>
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[OUT]] : memref<1x2x2x1x!tile.tile<32x32, f32>>
// CHECK-NOT:   ttnn.to_layout

// LOWER-LABEL: func.func @tilize_rank4(
// LOWER-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<1x2x2x1x!tile.tile<32x32, f32>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// LOWER-NEXT:    scf.for %[[I1:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[I2:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        %[[R:.*]] = arith.muli %[[I2]], %[[C32]] : index
// LOWER-NEXT:        %[[T:.*]] = tile.tilize %x[%[[C0]], %[[I1]], %[[R]], %[[C0]]] : memref<1x2x33x1xf32> -> !tile.tile<32x32, f32>
// LOWER-NEXT:        tile.store %[[T]], %[[OUT]][%[[C0]], %[[I1]], %[[I2]], %[[C0]]] : memref<1x2x2x1x!tile.tile<32x32, f32>>
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[OUT]]
// LOWER-NOT:   ttnn.to_layout

// TILE → row-major, rank 3, 2x40x50: each tile of the 2x2x2 grid untilized into its window
// (tile.untilize drops the padding).
func.func @untilize(%x: tensor<2x40x50xbf16, #ttnn.tensor_layout<tile>>) -> tensor<2x40x50xbf16> {
  %0 = ttnn.to_layout %x : tensor<2x40x50xbf16, #ttnn.tensor_layout<tile>> -> tensor<2x40x50xbf16>
  func.return %0 : tensor<2x40x50xbf16>
}
// CHECK-LABEL: func.func @untilize(
// CHECK-SAME:    %x: memref<2x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<2x40x50xbf16, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<2x40x50xbf16> {ttnn.tensor = tensor<2x40x50xbf16>}) {
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<2x40x50xbf16>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[B:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[N1:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:        %[[N2:.*]] = arith.constant 2 : index
// CHECK-NEXT:        scf.for %[[J:.*]] = %[[C0]] to %[[N2]] step %[[C1]] {
// CHECK-NEXT:          %[[S0:.*]] = arith.constant 32 : index
// CHECK-NEXT:          %[[R:.*]] = arith.muli %[[I]], %[[S0]] : index
// CHECK-NEXT:          %[[S1:.*]] = arith.constant 32 : index
// CHECK-NEXT:          %[[C:.*]] = arith.muli %[[J]], %[[S1]] : index
// CHECK-NEXT:          %[[T:.*]] = tile.load %x[%[[B]], %[[I]], %[[J]]] : memref<2x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:          tile.untilize %[[T]], %[[OUT]][%[[B]], %[[R]], %[[C]]] : !tile.tile<32x32, bf16>, memref<2x40x50xbf16>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[OUT]] : memref<2x40x50xbf16>
// CHECK-NOT:   ttnn.to_layout

// LOWER-LABEL: func.func @untilize(
// LOWER-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<2x40x50xbf16>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// LOWER-NEXT:    scf.for %[[B:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:          %[[R:.*]] = arith.muli %[[I]], %[[C32]] : index
// LOWER-NEXT:          %[[C:.*]] = arith.muli %[[J]], %[[C32]] : index
// LOWER-NEXT:          %[[T:.*]] = tile.load %x[%[[B]], %[[I]], %[[J]]] : memref<2x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:          tile.untilize %[[T]], %[[OUT]][%[[B]], %[[R]], %[[C]]] : !tile.tile<32x32, bf16>, memref<2x40x50xbf16>
// LOWER-NEXT:        }
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[OUT]]
// LOWER-NOT:   ttnn.to_layout

// TILE → row-major, rank 2, 33x1 f32: 2x1 tiles.
func.func @untilize_rank2(%x: tensor<33x1xf32, #ttnn.tensor_layout<tile>>) -> tensor<33x1xf32> {
  %0 = ttnn.to_layout %x : tensor<33x1xf32, #ttnn.tensor_layout<tile>> -> tensor<33x1xf32>
  func.return %0 : tensor<33x1xf32>
}
// CHECK-LABEL: func.func @untilize_rank2(
// CHECK-SAME:    %x: memref<2x1x!tile.tile<32x32, f32>> {ttnn.tensor = tensor<33x1xf32, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<33x1xf32> {ttnn.tensor = tensor<33x1xf32>}) {
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<33x1xf32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[J:.*]] = arith.constant 0 : index
// CHECK:           %[[T:.*]] = tile.load %x[%[[I]], %[[J]]] : memref<2x1x!tile.tile<32x32, f32>>
// CHECK-NEXT:      tile.untilize %[[T]], %[[OUT]][%{{.*}}, %{{.*}}] : !tile.tile<32x32, f32>, memref<33x1xf32>
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[OUT]] : memref<33x1xf32>

// LOWER-LABEL: func.func @untilize_rank2(
// LOWER-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<33x1xf32>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      %[[R:.*]] = arith.muli %[[I]], %[[C32]] : index
// LOWER-NEXT:      %[[T:.*]] = tile.load %x[%[[I]], %[[C0]]] : memref<2x1x!tile.tile<32x32, f32>>
// LOWER-NEXT:      tile.untilize %[[T]], %[[OUT]][%[[R]], %[[C0]]] : !tile.tile<32x32, f32>, memref<33x1xf32>
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[OUT]]

// TILE → TILE (another memory config): a plain tile copy, no typecast.
func.func @tile_to_tile(%x: tensor<2x40x50xbf16, #ttnn.tensor_layout<tile>>)
    -> tensor<2x40x50xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>> {
  %0 = ttnn.to_layout %x : tensor<2x40x50xbf16, #ttnn.tensor_layout<tile>>
      -> tensor<2x40x50xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>
  func.return %0 : tensor<2x40x50xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>
}
// CHECK-LABEL: func.func @tile_to_tile(
// CHECK-SAME:    -> (memref<2x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<2x40x50xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>}) {
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<2x2x2x!tile.tile<32x32, bf16>>
// CHECK:               %[[T:.*]] = tile.load %x[%[[B:.*]], %[[I:.*]], %[[J:.*]]] : memref<2x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:          tile.store %[[T]], %[[OUT]][%[[B]], %[[I]], %[[J]]] : memref<2x2x2x!tile.tile<32x32, bf16>>
// CHECK-NOT:     tile.typecast
// CHECK:         func.return %[[OUT]]
// CHECK-NOT:   ttnn.to_layout

// Row-major → row-major: a linalg.copy.
func.func @row_major_copy(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = ttnn.to_layout %x : tensor<3x5xf32> -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}
// CHECK-LABEL: func.func @row_major_copy(
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<3x5xf32>
// CHECK-NEXT:    linalg.copy ins(%x : memref<3x5xf32>) outs(%[[OUT]] : memref<3x5xf32>)
// CHECK-NEXT:    func.return %[[OUT]] : memref<3x5xf32>

// LOWER-LABEL: func.func @row_major_copy(
// LOWER-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<3x5xf32>
// LOWER-NEXT:    linalg.copy ins(%x : memref<3x5xf32>) outs(%[[OUT]] : memref<3x5xf32>)
// LOWER-NEXT:    func.return %[[OUT]] : memref<3x5xf32>
// LOWER-NOT:   ttnn.to_layout

// Row-major f32 → TILE, then a typecast to bfloat8_b as the to_layout's only use: one loop
// nest tilizes each window, converts the tile and stores it (TT-NN's host conversion in one
// pass; no f32 tile buffer in between).
func.func @tilize_then_typecast(%x: tensor<40x50xf32>) -> tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>> {
  %t = ttnn.to_layout %x : tensor<40x50xf32> -> tensor<40x50xf32, #ttnn.tensor_layout<tile>>
  %r = ttnn.typecast %t : tensor<40x50xf32, #ttnn.tensor_layout<tile>> -> tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  func.return %r : tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @tilize_then_typecast(
// CHECK-NEXT:    %r = memref.alloc() : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NOT:     memref.alloc
// CHECK:             %[[T:.*]] = tile.tilize %x[%{{.*}}, %{{.*}}] : memref<40x50xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:        %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, !ttnn.bfp8_b>
// CHECK-NEXT:        tile.store %[[U]], %r[%{{.*}}, %{{.*}}] : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %r : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>

// The tiled value used twice: the to_layout has its own nest, and so has the typecast.
func.func @tilize_used_twice(%x: tensor<40x50xf32>)
    -> (tensor<40x50xf32, #ttnn.tensor_layout<tile>>, tensor<40x50xbf16, #ttnn.tensor_layout<tile>>) {
  %t = ttnn.to_layout %x : tensor<40x50xf32> -> tensor<40x50xf32, #ttnn.tensor_layout<tile>>
  %r = ttnn.typecast %t : tensor<40x50xf32, #ttnn.tensor_layout<tile>> -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
  func.return %t, %r : tensor<40x50xf32, #ttnn.tensor_layout<tile>>, tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @tilize_used_twice(
// CHECK-NEXT:    %t = memref.alloc() : memref<2x2x!tile.tile<32x32, f32>>
// CHECK:             tile.tilize %x
// CHECK-NEXT:        tile.store
// CHECK:         %r = memref.alloc() : memref<2x2x!tile.tile<32x32, bf16>>
// CHECK:             tile.load %t
// CHECK-NEXT:        tile.typecast
// CHECK:         func.return %t, %r

// RUN: ttnn-opt %s -p convert-ttnn-to-tiles | filecheck %s
// RUN: ttnn-opt %s -p ttnn-lower | filecheck %s --check-prefix=LOWER

// ttnn.typecast → a fresh buffer and a loop nest: over the tile grid for TILE tensors
// (tile.load, tile.typecast, tile.store), over the 32x32 windows of a row-major tensor
// (element offsets = window index * 32; tile.tilize, tile.typecast, tile.untilize). No
// tile.typecast when the dtype does not change.

// TILE bf16 → bfloat8_b, rank 2, 40x50 (2x2 tiles).
func.func @tile_bf16_to_bfp8(%x: tensor<40x50xbf16, #ttnn.tensor_layout<tile>>)
    -> tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.typecast %x : tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
                        -> tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  func.return %0 : tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @tile_bf16_to_bfp8(
// CHECK-SAME:    %x: memref<2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<40x50xbf16, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>}) {
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[N1:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:        %[[T:.*]] = tile.load %x[%[[I]], %[[J]]] : memref<2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:        %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
// CHECK-NEXT:        tile.store %[[U]], %[[OUT]][%[[I]], %[[J]]] : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[OUT]] : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NOT:   ttnn.typecast

// LOWER-LABEL: func.func @tile_bf16_to_bfp8(
// LOWER:         %[[OUT:.*]] = memref.alloc() : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        %[[T:.*]] = tile.load %x[%[[I]], %[[J]]] : memref<2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:        %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
// LOWER-NEXT:        tile.store %[[U]], %[[OUT]][%[[I]], %[[J]]] : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[OUT]]
// LOWER-NOT:   ttnn.typecast

// TILE bfloat8_b → bf16, rank 3, 2x33x64 (2x2x2 tiles).
func.func @tile_bfp8_to_bf16(%x: tensor<2x33x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
    -> tensor<2x33x64xbf16, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.typecast %x : tensor<2x33x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
                        -> tensor<2x33x64xbf16, #ttnn.tensor_layout<tile>>
  func.return %0 : tensor<2x33x64xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @tile_bfp8_to_bf16(
// CHECK-SAME:    %x: memref<2x2x2x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<2x33x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<2x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<2x33x64xbf16, #ttnn.tensor_layout<tile>>}) {
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<2x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I0:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[N1:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[I1:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:        %[[N2:.*]] = arith.constant 2 : index
// CHECK-NEXT:        scf.for %[[I2:.*]] = %[[C0]] to %[[N2]] step %[[C1]] {
// CHECK-NEXT:          %[[T:.*]] = tile.load %x[%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:          %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, !ttnn.bfp8_b> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:          tile.store %[[U]], %[[OUT]][%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[OUT]] : memref<2x2x2x!tile.tile<32x32, bf16>>
// CHECK-NOT:   ttnn.typecast

// LOWER-LABEL: func.func @tile_bfp8_to_bf16(
// LOWER:         %[[OUT:.*]] = memref.alloc() : memref<2x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    scf.for %[[I0:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[I1:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        scf.for %[[I2:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:          %[[T:.*]] = tile.load %x[%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:          %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, !ttnn.bfp8_b> -> !tile.tile<32x32, bf16>
// LOWER-NEXT:          tile.store %[[U]], %[[OUT]][%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x2x!tile.tile<32x32, bf16>>
// LOWER:         func.return %[[OUT]]
// LOWER-NOT:   ttnn.typecast

// TILE f32 → bf16, rank 4, 1x2x32x33 (1x2x1x2 tiles).
func.func @tile_f32_to_bf16(%x: tensor<1x2x32x33xf32, #ttnn.tensor_layout<tile>>)
    -> tensor<1x2x32x33xbf16, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.typecast %x : tensor<1x2x32x33xf32, #ttnn.tensor_layout<tile>>
                        -> tensor<1x2x32x33xbf16, #ttnn.tensor_layout<tile>>
  func.return %0 : tensor<1x2x32x33xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @tile_f32_to_bf16(
// CHECK-SAME:    %x: memref<1x2x1x2x!tile.tile<32x32, f32>> {ttnn.tensor = tensor<1x2x32x33xf32, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<1x2x1x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x2x32x33xbf16, #ttnn.tensor_layout<tile>>}) {
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<1x2x1x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N1:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I1:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:      %[[N3:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[I3:.*]] = %[[C0]] to %[[N3]] step %[[C1]] {
// CHECK-NEXT:        %[[I0:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[I2:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[T:.*]] = tile.load %x[%[[I0]], %[[I1]], %[[I2]], %[[I3]]] : memref<1x2x1x2x!tile.tile<32x32, f32>>
// CHECK-NEXT:        %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:        tile.store %[[U]], %[[OUT]][%[[I0]], %[[I1]], %[[I2]], %[[I3]]] : memref<1x2x1x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[OUT]] : memref<1x2x1x2x!tile.tile<32x32, bf16>>
// CHECK-NOT:   ttnn.typecast

// LOWER-LABEL: func.func @tile_f32_to_bf16(
// LOWER:         %[[OUT:.*]] = memref.alloc() : memref<1x2x1x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    scf.for %[[I1:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[I3:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        %[[T:.*]] = tile.load %x[%[[C0]], %[[I1]], %[[C0]], %[[I3]]] : memref<1x2x1x2x!tile.tile<32x32, f32>>
// LOWER-NEXT:        %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>
// LOWER-NEXT:        tile.store %[[U]], %[[OUT]][%[[C0]], %[[I1]], %[[C0]], %[[I3]]] : memref<1x2x1x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[OUT]]
// LOWER-NOT:   ttnn.typecast

// TILE with the same dtype (only the memory config could differ): a plain tile copy.
func.func @tile_same_dtype(%x: tensor<64x32xbf16, #ttnn.tensor_layout<tile>>)
    -> tensor<64x32xbf16, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.typecast %x : tensor<64x32xbf16, #ttnn.tensor_layout<tile>>
                        -> tensor<64x32xbf16, #ttnn.tensor_layout<tile>>
  func.return %0 : tensor<64x32xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @tile_same_dtype(
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<2x1x!tile.tile<32x32, bf16>>
// CHECK:             %[[T:.*]] = tile.load %x[%[[I:.*]], %[[J:.*]]] : memref<2x1x!tile.tile<32x32, bf16>>
// CHECK-NEXT:        tile.store %[[T]], %[[OUT]][%[[I]], %[[J]]] : memref<2x1x!tile.tile<32x32, bf16>>
// CHECK-NOT:     tile.typecast
// CHECK:         func.return %[[OUT]]
// CHECK-NOT:   ttnn.typecast

// LOWER-LABEL: func.func @tile_same_dtype(
// LOWER:         %[[OUT:.*]] = memref.alloc() : memref<2x1x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      %[[T:.*]] = tile.load %x[%[[I]], %[[C0]]] : memref<2x1x!tile.tile<32x32, bf16>>
// LOWER-NEXT:      tile.store %[[T]], %[[OUT]][%[[I]], %[[C0]]] : memref<2x1x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[OUT]]

// ROW_MAJOR f32 → bf16, rank 3, 2x40x50: 2x2x2 windows of 32x32 elements.
func.func @row_major_f32_to_bf16(%x: tensor<2x40x50xf32>) -> tensor<2x40x50xbf16> {
  %0 = ttnn.typecast %x : tensor<2x40x50xf32> -> tensor<2x40x50xbf16>
  func.return %0 : tensor<2x40x50xbf16>
}
// CHECK-LABEL: func.func @row_major_f32_to_bf16(
// CHECK-SAME:    %x: memref<2x40x50xf32> {ttnn.tensor = tensor<2x40x50xf32>})
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
// CHECK-NEXT:          %[[T:.*]] = tile.tilize %x[%[[B]], %[[R]], %[[C]]] : memref<2x40x50xf32> -> !tile.tile<32x32, f32>
// CHECK-NEXT:          %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:          tile.untilize %[[U]], %[[OUT]][%[[B]], %[[R]], %[[C]]] : !tile.tile<32x32, bf16>, memref<2x40x50xbf16>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[OUT]] : memref<2x40x50xbf16>
// CHECK-NOT:   ttnn.typecast

// LOWER-LABEL: func.func @row_major_f32_to_bf16(
// LOWER:         %[[OUT:.*]] = memref.alloc() : memref<2x40x50xbf16>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// LOWER-NEXT:    scf.for %[[B:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:          %[[R:.*]] = arith.muli %[[I]], %[[C32]] : index
// LOWER-NEXT:          %[[C:.*]] = arith.muli %[[J]], %[[C32]] : index
// LOWER-NEXT:          %[[T:.*]] = tile.tilize %x[%[[B]], %[[R]], %[[C]]] : memref<2x40x50xf32> -> !tile.tile<32x32, f32>
// LOWER-NEXT:          %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>
// LOWER-NEXT:          tile.untilize %[[U]], %[[OUT]][%[[B]], %[[R]], %[[C]]] : !tile.tile<32x32, bf16>, memref<2x40x50xbf16>
// LOWER-NEXT:        }
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[OUT]]
// LOWER-NOT:   ttnn.typecast

// ROW_MAJOR bf16 → f32, rank 2, 33x1: 2x1 windows.
func.func @row_major_bf16_to_f32(%x: tensor<33x1xbf16>) -> tensor<33x1xf32> {
  %0 = ttnn.typecast %x : tensor<33x1xbf16> -> tensor<33x1xf32>
  func.return %0 : tensor<33x1xf32>
}
// CHECK-LABEL: func.func @row_major_bf16_to_f32(
// CHECK-SAME:    %x: memref<33x1xbf16> {ttnn.tensor = tensor<33x1xbf16>})
// CHECK-SAME:    -> (memref<33x1xf32> {ttnn.tensor = tensor<33x1xf32>}) {
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<33x1xf32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[J:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[S0:.*]] = arith.constant 32 : index
// CHECK-NEXT:      %[[R:.*]] = arith.muli %[[I]], %[[S0]] : index
// CHECK-NEXT:      %[[S1:.*]] = arith.constant 32 : index
// CHECK-NEXT:      %[[C:.*]] = arith.muli %[[J]], %[[S1]] : index
// CHECK-NEXT:      %[[T:.*]] = tile.tilize %x[%[[R]], %[[C]]] : memref<33x1xbf16> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:      %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, f32>
// CHECK-NEXT:      tile.untilize %[[U]], %[[OUT]][%[[R]], %[[C]]] : !tile.tile<32x32, f32>, memref<33x1xf32>
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[OUT]] : memref<33x1xf32>

// LOWER-LABEL: func.func @row_major_bf16_to_f32(
// LOWER:         %[[OUT:.*]] = memref.alloc() : memref<33x1xf32>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      %[[R:.*]] = arith.muli %[[I]], %[[C32]] : index
// LOWER-NEXT:      %[[T:.*]] = tile.tilize %x[%[[R]], %[[C0]]] : memref<33x1xbf16> -> !tile.tile<32x32, bf16>
// LOWER-NEXT:      %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, f32>
// LOWER-NEXT:      tile.untilize %[[U]], %[[OUT]][%[[R]], %[[C0]]] : !tile.tile<32x32, f32>, memref<33x1xf32>
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[OUT]]

// ROW_MAJOR with the same dtype: a linalg.copy (there is nothing to convert).
func.func @row_major_same_dtype(%x: tensor<40x50xbf16>) -> tensor<40x50xbf16> {
  %0 = ttnn.typecast %x : tensor<40x50xbf16> -> tensor<40x50xbf16>
  func.return %0 : tensor<40x50xbf16>
}
// CHECK-LABEL: func.func @row_major_same_dtype(
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<40x50xbf16>
// CHECK-NEXT:    linalg.copy ins(%x : memref<40x50xbf16>) outs(%[[OUT]] : memref<40x50xbf16>)
// CHECK-NEXT:    func.return %[[OUT]] : memref<40x50xbf16>

// LOWER-LABEL: func.func @row_major_same_dtype(
// LOWER-NEXT:    %[[OUT:.*]] = memref.alloc() : memref<40x50xbf16>
// LOWER-NEXT:    linalg.copy ins(%x : memref<40x50xbf16>) outs(%[[OUT]] : memref<40x50xbf16>)
// LOWER-NEXT:    func.return %[[OUT]] : memref<40x50xbf16>
// LOWER-NOT:   ttnn.typecast

// RUN: ttnn-opt %s -p convert-ttnn-to-tiles | filecheck %s
// RUN: ttnn-opt %s -p ttnn-lower | filecheck %s --check-prefix=LOWER

// ttnn.assign_bw → for each produced gradient a loop nest over the tile grid copying grad's
// tiles into the gradient's buffer (a new memref.alloc, or the preallocated argument), with
// a tile.typecast only when the dtypes differ. convert-ttnn-to-tiles builds one scf.for per
// tile-grid dim of more than one tile (bounds from 0, step 1; a dim of one tile is indexed
// with the constant 0), the outermost loop marked `{tile.bulk}`: a nest the interpreter runs
// in bulk. ttnn-lower then shares the constants.

// Binary form, rank 4, all bf16 64x64 (2x2 tiles): two allocations, no typecast.
func.func @binary(%grad: tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>,
                  %a: tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>,
                  %b: tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>)
    -> (tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>,
        tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>) {
  %ga, %gb = ttnn.assign_bw(%grad, %a, %b)
      : (tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>,
         tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>,
         tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>)
      -> (tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>,
          tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>)
  func.return %ga, %gb : tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>,
                         tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @binary(
// CHECK-SAME:    %grad: memref<1x1x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %a: memref<1x1x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %b: memref<1x1x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<1x1x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>, ttnn.name = "ga"},
// CHECK-SAME:        memref<1x1x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>, ttnn.name = "gb"}) {
// CHECK-NOT:   ttnn.assign_bw
// CHECK-NEXT:    %[[GA:.*]] = memref.alloc() : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I2:.*]] = %[[C0]] to %[[N2]] step %[[C1]] {
// CHECK-NEXT:      %[[N3:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[I3:.*]] = %[[C0]] to %[[N3]] step %[[C1]] {
// CHECK-NEXT:        %[[I0:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[I1:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[T:.*]] = tile.load %grad[%[[I0]], %[[I1]], %[[I2]], %[[I3]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:        tile.store %[[T]], %[[GA]][%[[I0]], %[[I1]], %[[I2]], %[[I3]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    %[[GB:.*]] = memref.alloc() : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    %[[D0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[M2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[J2:.*]] = %[[D0]] to %[[M2]] step %[[D1]] {
// CHECK-NEXT:      %[[M3:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[J3:.*]] = %[[D0]] to %[[M3]] step %[[D1]] {
// CHECK-NEXT:        %[[J0:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[J1:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[U:.*]] = tile.load %grad[%[[J0]], %[[J1]], %[[J2]], %[[J3]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:        tile.store %[[U]], %[[GB]][%[[J0]], %[[J1]], %[[J2]], %[[J3]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[GA]], %[[GB]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>, memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NOT:   tile.typecast
// CHECK-NOT:   ttnn.assign_bw

// LOWER-LABEL: func.func @binary(
// LOWER-SAME:    -> (memref<1x1x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>, ttnn.name = "ga"},
// LOWER-NEXT:    %[[GA:.*]] = memref.alloc() : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        %[[T:.*]] = tile.load %grad[%[[C0]], %[[C0]], %[[I]], %[[J]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:        tile.store %[[T]], %[[GA]][%[[C0]], %[[C0]], %[[I]], %[[J]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:      }
// LOWER-NEXT:    } {tile.bulk}
// LOWER-NEXT:    %[[GB:.*]] = memref.alloc() : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    scf.for %[[K:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[L:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        %[[U:.*]] = tile.load %grad[%[[C0]], %[[C0]], %[[K]], %[[L]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:        tile.store %[[U]], %[[GB]][%[[C0]], %[[C0]], %[[K]], %[[L]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[GA]], %[[GB]] :
// LOWER-NOT:   ttnn.assign_bw

// Binary form, 40x50 (not a multiple of 32: 2x2 tiles), input_b in bfloat8_b: the second
// gradient is typecast bf16 → bfloat8_b tile by tile.
func.func @binary_casts(%grad: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
                        %a: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
                        %b: tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
    -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
        tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) {
  %ga, %gb = ttnn.assign_bw(%grad, %a, %b) are_required_outputs = [true, true]
      : (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
         tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
         tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
      -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
          tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
  func.return %ga, %gb : tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
                         tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @binary_casts(
// CHECK-SAME:    %grad: memref<1x1x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %a: memref<1x1x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %b: memref<1x1x2x2x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<1x1x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, ttnn.name = "ga"},
// CHECK-SAME:        memref<1x1x2x2x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, ttnn.name = "gb"}) {
// CHECK-NEXT:    %[[GA:.*]] = memref.alloc() : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK:               %[[T:.*]] = tile.load %grad[%[[I0:.*]], %[[I1:.*]], %[[I2:.*]], %[[I3:.*]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:          tile.store %[[T]], %[[GA]][%[[I0]], %[[I1]], %[[I2]], %[[I3]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK:         %[[GB:.*]] = memref.alloc() : memref<1x1x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[J2:.*]] = %[[C0]] to %[[N2]] step %[[C1]] {
// CHECK-NEXT:      %[[N3:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[J3:.*]] = %[[C0]] to %[[N3]] step %[[C1]] {
// CHECK-NEXT:        %[[J0:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[J1:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[U:.*]] = tile.load %grad[%[[J0]], %[[J1]], %[[J2]], %[[J3]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:        %[[V:.*]] = tile.typecast %[[U]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
// CHECK-NEXT:        tile.store %[[V]], %[[GB]][%[[J0]], %[[J1]], %[[J2]], %[[J3]]] : memref<1x1x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[GA]], %[[GB]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>, memref<1x1x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NOT:   ttnn.assign_bw

// LOWER-LABEL: func.func @binary_casts(
// LOWER:         %[[GA:.*]] = memref.alloc() : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        %[[T:.*]] = tile.load %grad[%[[C0]], %[[C0]], %[[I]], %[[J]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:        tile.store %[[T]], %[[GA]][%[[C0]], %[[C0]], %[[I]], %[[J]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    %[[GB:.*]] = memref.alloc() : memref<1x1x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:    scf.for %[[K:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[L:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        %[[U:.*]] = tile.load %grad[%[[C0]], %[[C0]], %[[K]], %[[L]]] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:        %[[V:.*]] = tile.typecast %[[U]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
// LOWER-NEXT:        tile.store %[[V]], %[[GB]][%[[C0]], %[[C0]], %[[K]], %[[L]]] : memref<1x1x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[GA]], %[[GB]] :
// LOWER-NOT:   ttnn.assign_bw

// Unary form, rank 2, 64x96 (2x3 tiles); queue_id and round_mode change nothing.
func.func @unary(%grad: tensor<64x96xbf16, #ttnn.tensor_layout<tile>>,
                 %a: tensor<64x96xbf16, #ttnn.tensor_layout<tile>>)
    -> tensor<64x96xbf16, #ttnn.tensor_layout<tile>> {
  %ga = ttnn.assign_bw(%grad, %a) queue_id = 0 round_mode = "trunc"
      : (tensor<64x96xbf16, #ttnn.tensor_layout<tile>>, tensor<64x96xbf16, #ttnn.tensor_layout<tile>>)
      -> tensor<64x96xbf16, #ttnn.tensor_layout<tile>>
  func.return %ga : tensor<64x96xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @unary(
// CHECK-SAME:    %grad: memref<2x3x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<64x96xbf16, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %a: memref<2x3x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<64x96xbf16, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<2x3x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<64x96xbf16, #ttnn.tensor_layout<tile>>, ttnn.name = "ga"}) {
// CHECK-NEXT:    %[[GA:.*]] = memref.alloc() : memref<2x3x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[N1:.*]] = arith.constant 3 : index
// CHECK-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:        %[[T:.*]] = tile.load %grad[%[[I]], %[[J]]] : memref<2x3x!tile.tile<32x32, bf16>>
// CHECK-NEXT:        tile.store %[[T]], %[[GA]][%[[I]], %[[J]]] : memref<2x3x!tile.tile<32x32, bf16>>
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[GA]] : memref<2x3x!tile.tile<32x32, bf16>>
// CHECK-NOT:   tile.typecast
// CHECK-NOT:   ttnn.assign_bw

// LOWER-LABEL: func.func @unary(
// LOWER:         %[[GA:.*]] = memref.alloc() : memref<2x3x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// LOWER-NEXT:        %[[T:.*]] = tile.load %grad[%[[I]], %[[J]]] : memref<2x3x!tile.tile<32x32, bf16>>
// LOWER-NEXT:        tile.store %[[T]], %[[GA]][%[[I]], %[[J]]] : memref<2x3x!tile.tile<32x32, bf16>>
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[GA]] : memref<2x3x!tile.tile<32x32, bf16>>
// LOWER-NOT:   ttnn.assign_bw

// are_required_outputs = [true, false], rank 3: only input_a's gradient (bfloat8_b, like
// input_a), one allocation.
func.func @required_true_false(%grad: tensor<2x64x32xbf16, #ttnn.tensor_layout<tile>>,
                               %a: tensor<2x64x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                               %b: tensor<2x64x32xbf16, #ttnn.tensor_layout<tile>>)
    -> tensor<2x64x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>> {
  %ga = ttnn.assign_bw(%grad, %a, %b) are_required_outputs = [true, false]
      : (tensor<2x64x32xbf16, #ttnn.tensor_layout<tile>>,
         tensor<2x64x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
         tensor<2x64x32xbf16, #ttnn.tensor_layout<tile>>)
      -> tensor<2x64x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  func.return %ga : tensor<2x64x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @required_true_false(
// CHECK-SAME:    %grad: memref<2x2x1x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<2x64x32xbf16, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %a: memref<2x2x1x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<2x64x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %b: memref<2x2x1x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<2x64x32xbf16, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<2x2x1x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<2x64x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, ttnn.name = "ga"}) {
// CHECK-NEXT:    %[[GA:.*]] = memref.alloc() : memref<2x2x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I0:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[N1:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[I1:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:        %[[I2:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[T:.*]] = tile.load %grad[%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x1x!tile.tile<32x32, bf16>>
// CHECK-NEXT:        %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
// CHECK-NEXT:        tile.store %[[U]], %[[GA]][%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[GA]] : memref<2x2x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   ttnn.assign_bw

// LOWER-LABEL: func.func @required_true_false(
// LOWER:         %[[GA:.*]] = memref.alloc() : memref<2x2x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        %[[T:.*]] = tile.load %grad[%[[I]], %[[J]], %[[C0]]] : memref<2x2x1x!tile.tile<32x32, bf16>>
// LOWER-NEXT:        %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
// LOWER-NEXT:        tile.store %[[U]], %[[GA]][%[[I]], %[[J]], %[[C0]]] : memref<2x2x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[GA]] : memref<2x2x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NOT:   ttnn.assign_bw

// are_required_outputs = [false, true], 33x1 (2x1 tiles): only input_b's gradient, bf16
// from a bfloat8_b grad.
func.func @required_false_true(%grad: tensor<33x1x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                               %a: tensor<33x1x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                               %b: tensor<33x1xbf16, #ttnn.tensor_layout<tile>>)
    -> tensor<33x1xbf16, #ttnn.tensor_layout<tile>> {
  %gb = ttnn.assign_bw(%grad, %a, %b) are_required_outputs = [false, true]
      : (tensor<33x1x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
         tensor<33x1x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
         tensor<33x1xbf16, #ttnn.tensor_layout<tile>>)
      -> tensor<33x1xbf16, #ttnn.tensor_layout<tile>>
  func.return %gb : tensor<33x1xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @required_false_true(
// CHECK-SAME:    %grad: memref<2x1x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<33x1x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %a: memref<2x1x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<33x1x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %b: memref<2x1x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<33x1xbf16, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<2x1x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<33x1xbf16, #ttnn.tensor_layout<tile>>, ttnn.name = "gb"}) {
// CHECK-NEXT:    %[[GB:.*]] = memref.alloc() : memref<2x1x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[J:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[T:.*]] = tile.load %grad[%[[I]], %[[J]]] : memref<2x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:      %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, !ttnn.bfp8_b> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:      tile.store %[[U]], %[[GB]][%[[I]], %[[J]]] : memref<2x1x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %[[GB]] : memref<2x1x!tile.tile<32x32, bf16>>
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   ttnn.assign_bw

// LOWER-LABEL: func.func @required_false_true(
// LOWER:         %[[GB:.*]] = memref.alloc() : memref<2x1x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      %[[T:.*]] = tile.load %grad[%[[I]], %[[C0]]] : memref<2x1x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:      %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, !ttnn.bfp8_b> -> !tile.tile<32x32, bf16>
// LOWER-NEXT:      tile.store %[[U]], %[[GB]][%[[I]], %[[C0]]] : memref<2x1x!tile.tile<32x32, bf16>>
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %[[GB]] : memref<2x1x!tile.tile<32x32, bf16>>
// LOWER-NOT:   ttnn.assign_bw

// Unary form with a preallocated input_grad (rank 3): no allocation, the bfloat8_b grad is
// typecast to bf16 and stored into the argument, which is returned.
func.func @preallocated_unary(%grad: tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                              %a: tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                              %buffer: tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>)
    -> tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>> {
  %ga = ttnn.assign_bw(%grad, %a) input_grad(%buffer)
      : (tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
         tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
         tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>)
      -> tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>
  func.return %ga : tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @preallocated_unary(
// CHECK-SAME:    %grad: memref<2x2x2x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %a: memref<2x2x2x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %buffer: memref<2x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<2x2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>, ttnn.name = "ga"}) {
// CHECK-NOT:     memref.alloc
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I0:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[N1:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[I1:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:        %[[N2:.*]] = arith.constant 2 : index
// CHECK-NEXT:        scf.for %[[I2:.*]] = %[[C0]] to %[[N2]] step %[[C1]] {
// CHECK-NEXT:          %[[T:.*]] = tile.load %grad[%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:          %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, !ttnn.bfp8_b> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:          tile.store %[[U]], %buffer[%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NEXT:    func.return %buffer : memref<2x2x2x!tile.tile<32x32, bf16>>
// CHECK-NOT:   ttnn.assign_bw

// LOWER-LABEL: func.func @preallocated_unary(
// LOWER-NOT:     memref.alloc
// LOWER:         %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    scf.for %[[I0:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[I1:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:        scf.for %[[I2:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:          %[[T:.*]] = tile.load %grad[%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:          %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, !ttnn.bfp8_b> -> !tile.tile<32x32, bf16>
// LOWER-NEXT:          tile.store %[[U]], %buffer[%[[I0]], %[[I1]], %[[I2]]] : memref<2x2x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:        }
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %buffer : memref<2x2x2x!tile.tile<32x32, bf16>>
// LOWER-NOT:   ttnn.assign_bw

// Binary form with both outputs preallocated, rank 4 (2x3x1x2 tiles): no allocation;
// input_grad (bfloat8_b) gets a typecast, other_grad (bf16, like grad) a plain copy.
func.func @preallocated_binary(%grad: tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>,
                               %a: tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>,
                               %b: tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>,
                               %input_grad: tensor<2x3x32x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                               %other_grad: tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>)
    -> (tensor<2x3x32x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
        tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>) {
  %ga, %gb = ttnn.assign_bw(%grad, %a, %b) input_grad(%input_grad) other_grad(%other_grad)
      : (tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>,
         tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>,
         tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>,
         tensor<2x3x32x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
         tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>)
      -> (tensor<2x3x32x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
          tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>)
  func.return %ga, %gb : tensor<2x3x32x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                         tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @preallocated_binary(
// CHECK-SAME:    %input_grad: memref<2x3x1x2x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<2x3x32x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>},
// CHECK-SAME:    %other_grad: memref<2x3x1x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<2x3x1x2x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<2x3x32x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, ttnn.name = "ga"},
// CHECK-SAME:        memref<2x3x1x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<2x3x32x64xbf16, #ttnn.tensor_layout<tile>>, ttnn.name = "gb"}) {
// CHECK-NOT:     memref.alloc
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I0:.*]] = %[[C0]] to %[[N0]] step %[[C1]] {
// CHECK-NEXT:      %[[N1:.*]] = arith.constant 3 : index
// CHECK-NEXT:      scf.for %[[I1:.*]] = %[[C0]] to %[[N1]] step %[[C1]] {
// CHECK-NEXT:        %[[N3:.*]] = arith.constant 2 : index
// CHECK-NEXT:        scf.for %[[I3:.*]] = %[[C0]] to %[[N3]] step %[[C1]] {
// CHECK-NEXT:          %[[I2:.*]] = arith.constant 0 : index
// CHECK-NEXT:          %[[T:.*]] = tile.load %grad[%[[I0]], %[[I1]], %[[I2]], %[[I3]]] : memref<2x3x1x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:          %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
// CHECK-NEXT:          tile.store %[[U]], %input_grad[%[[I0]], %[[I1]], %[[I2]], %[[I3]]] : memref<2x3x1x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tile.bulk}
// CHECK-NOT:     memref.alloc
// CHECK:               %[[V:.*]] = tile.load %grad[%[[J0:.*]], %[[J1:.*]], %[[J2:.*]], %[[J3:.*]]] : memref<2x3x1x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:          tile.store %[[V]], %other_grad[%[[J0]], %[[J1]], %[[J2]], %[[J3]]] : memref<2x3x1x2x!tile.tile<32x32, bf16>>
// CHECK:         func.return %input_grad, %other_grad : memref<2x3x1x2x!tile.tile<32x32, !ttnn.bfp8_b>>, memref<2x3x1x2x!tile.tile<32x32, bf16>>
// CHECK-NOT:   ttnn.assign_bw

// LOWER-LABEL: func.func @preallocated_binary(
// LOWER-NOT:     memref.alloc
// LOWER:         %[[C0:.*]] = arith.constant 0 : index
// LOWER-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// LOWER-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// LOWER-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// LOWER-NEXT:    scf.for %[[I0:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[I1:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// LOWER-NEXT:        scf.for %[[I3:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:          %[[T:.*]] = tile.load %grad[%[[I0]], %[[I1]], %[[C0]], %[[I3]]] : memref<2x3x1x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:          %[[U:.*]] = tile.typecast %[[T]] : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
// LOWER-NEXT:          tile.store %[[U]], %input_grad[%[[I0]], %[[I1]], %[[C0]], %[[I3]]] : memref<2x3x1x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// LOWER-NEXT:        }
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    scf.for %[[J0:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:      scf.for %[[J1:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// LOWER-NEXT:        scf.for %[[J3:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOWER-NEXT:          %[[V:.*]] = tile.load %grad[%[[J0]], %[[J1]], %[[C0]], %[[J3]]] : memref<2x3x1x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:          tile.store %[[V]], %other_grad[%[[J0]], %[[J1]], %[[C0]], %[[J3]]] : memref<2x3x1x2x!tile.tile<32x32, bf16>>
// LOWER-NEXT:        }
// LOWER-NEXT:      }
// LOWER-NEXT:    }
// LOWER-NEXT:    func.return %input_grad, %other_grad :
// LOWER-NOT:   ttnn.assign_bw

// RUN: ttnn-opt %s -p convert-ttnn-to-tiles | filecheck %s
// RUN: ttnn-run %s --entry all --random-inputs 0 --print | filecheck %s --check-prefix=ALL

// An op that occurs more than once in a module with the same properties and types is
// lowered once: into a private function marked ttnn.outlined, named after the op, which
// every occurrence calls (in any function of the module). An op that occurs once stays
// where it is, and so does one that differs in a type or a property.

func.func @first(%x: tensor<40x50xbf16, #ttnn.tensor_layout<tile>>, %y: tensor<1x1x1x64xbf16>)
    -> (tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
        tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>) {
  %cast = ttnn.typecast %x : tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
                           -> tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  %bias = ttnn.conv_bias_layout %y width = 64
      : tensor<1x1x1x64xbf16> -> tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  func.return %cast, %bias : tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                             tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}

func.func @second(%x: tensor<40x50xbf16, #ttnn.tensor_layout<tile>>, %z: tensor<40x50xbf16, #ttnn.tensor_layout<tile>>)
    -> (tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
        tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
        tensor<40x50xf32, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.typecast %x : tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
                        -> tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  %1 = ttnn.typecast %z : tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
                        -> tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  %2 = ttnn.typecast %z : tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
                        -> tensor<40x50xf32, #ttnn.tensor_layout<tile>>
  func.return %0, %1, %2 : tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                           tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                           tensor<40x50xf32, #ttnn.tensor_layout<tile>>
}

// CHECK-LABEL: func.func @first(
// CHECK-NEXT:    %cast = func.call @typecast_0(%x) : (memref<2x2x!tile.tile<32x32, bf16>>) -> memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:    %{{.*}} = memref.alloc() : memref<32x64xbf16>
// CHECK:         func.return %cast, %bias

// CHECK-LABEL: func.func @second(
// CHECK-NEXT:    %0 = func.call @typecast_0(%x) : (memref<2x2x!tile.tile<32x32, bf16>>) -> memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:    %1 = func.call @typecast_0(%z) : (memref<2x2x!tile.tile<32x32, bf16>>) -> memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:    %2 = memref.alloc() : memref<2x2x!tile.tile<32x32, f32>>
// CHECK:         func.return %0, %1, %2

// CHECK-LABEL: func.func private @typecast_0(
// CHECK-SAME:    %x: memref<2x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<40x50xbf16, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    -> (memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>> {ttnn.tensor = tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>})
// CHECK-SAME:    attributes {ttnn.outlined} {
// CHECK-NEXT:    %cast = memref.alloc() : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK:           tile.typecast
// CHECK:         func.return %cast : memref<2x2x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:  }
// CHECK-NOT:   func.func

// `--entry all` runs @first and @second, not the outlined function; both calls of it give
// what the op gives.
// ALL-NOT:     typecast_0
// ALL:         first.cast: tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// ALL:         first.bias: tensor<1x1x1x64xbf16
// ALL:         second.result0: tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// ALL:         second.result1: tensor<40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// ALL:         second.result2: tensor<40x50xf32, #ttnn.tensor_layout<tile>>
// ALL-NOT:     typecast_0

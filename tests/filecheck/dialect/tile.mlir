// The tile dialect: !tile.tile<32x32, T> for f32, bf16 and !ttnn.bfp8_b, and tile.load,
// tile.store, tile.tilize, tile.untilize, tile.typecast.
//
// RUN: ttnn-opt %s -o %t.1.mlir && ttnn-opt %t.1.mlir -o %t.2.mlir
// RUN: filecheck %s --input-file %t.2.mlir
// RUN: %roundtrip
// RUN: ttnn-opt %s --print-op-generic -o %t.generic.mlir
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic.mlir
// Round trips give identical text: custom -> custom, custom -> generic -> custom,
// generic -> generic.
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: ttnn-opt %t.generic.mlir | diff %t.1.mlir -
// RUN: ttnn-opt %t.generic.mlir --print-op-generic | diff %t.generic.mlir -

func.func @tile(%tiles: memref<1x1x2x2x!tile.tile<32x32, bf16>>, %packed: memref<4x!tile.tile<32x32, !ttnn.bfp8_b>>, %rows: memref<1x1x40x50xbf16>, %i: index, %j: index) {
  %t = tile.load %tiles[%i, %i, %i, %j] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
  tile.store %t, %tiles[%i, %i, %j, %i] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
  %u = tile.tilize %rows[%i, %i, %i, %j] : memref<1x1x40x50xbf16> -> !tile.tile<32x32, bf16>
  tile.untilize %u, %rows[%i, %i, %j, %i] : !tile.tile<32x32, bf16>, memref<1x1x40x50xbf16>
  %f = tile.typecast %t : !tile.tile<32x32, bf16> -> !tile.tile<32x32, f32>
  %p = tile.typecast %f : !tile.tile<32x32, f32> -> !tile.tile<32x32, !ttnn.bfp8_b>
  tile.store %p, %packed[%j] {tag} : memref<4x!tile.tile<32x32, !ttnn.bfp8_b>>
  func.return
}
// CHECK-LABEL: func.func @tile(%tiles: memref<1x1x2x2x!tile.tile<32x32, bf16>>, %packed: memref<4x!tile.tile<32x32, !ttnn.bfp8_b>>, %rows: memref<1x1x40x50xbf16>, %i: index, %j: index) {
// CHECK-NEXT:    %t = tile.load %tiles[%i, %i, %i, %j] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    tile.store %t, %tiles[%i, %i, %j, %i] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// CHECK-NEXT:    %u = tile.tilize %rows[%i, %i, %i, %j] : memref<1x1x40x50xbf16> -> !tile.tile<32x32, bf16>
// CHECK-NEXT:    tile.untilize %u, %rows[%i, %i, %j, %i] : !tile.tile<32x32, bf16>, memref<1x1x40x50xbf16>
// CHECK-NEXT:    %f = tile.typecast %t : !tile.tile<32x32, bf16> -> !tile.tile<32x32, f32>
// CHECK-NEXT:    %p = tile.typecast %f : !tile.tile<32x32, f32> -> !tile.tile<32x32, !ttnn.bfp8_b>
// CHECK-NEXT:    tile.store %p, %packed[%j] {tag} : memref<4x!tile.tile<32x32, !ttnn.bfp8_b>>
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "tile"
// GENERIC:         %t = "tile.load"(%tiles, %i, %i, %i, %j) : (memref<1x1x2x2x!tile.tile<32x32, bf16>>, index, index, index, index) -> !tile.tile<32x32, bf16>
// GENERIC-NEXT:    "tile.store"(%t, %tiles, %i, %i, %j, %i) : (!tile.tile<32x32, bf16>, memref<1x1x2x2x!tile.tile<32x32, bf16>>, index, index, index, index) -> ()
// GENERIC-NEXT:    %u = "tile.tilize"(%rows, %i, %i, %i, %j) : (memref<1x1x40x50xbf16>, index, index, index, index) -> !tile.tile<32x32, bf16>
// GENERIC-NEXT:    "tile.untilize"(%u, %rows, %i, %i, %j, %i) : (!tile.tile<32x32, bf16>, memref<1x1x40x50xbf16>, index, index, index, index) -> ()
// GENERIC-NEXT:    %f = "tile.typecast"(%t) : (!tile.tile<32x32, bf16>) -> !tile.tile<32x32, f32>
// GENERIC-NEXT:    %p = "tile.typecast"(%f) : (!tile.tile<32x32, f32>) -> !tile.tile<32x32, !ttnn.bfp8_b>
// GENERIC-NEXT:    "tile.store"(%p, %packed, %j) {tag} : (!tile.tile<32x32, !ttnn.bfp8_b>, memref<4x!tile.tile<32x32, !ttnn.bfp8_b>>, index) -> ()

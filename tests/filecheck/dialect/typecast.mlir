// ttnn.typecast: the result type names the target dtype; layout, shape, physical shape
// and memory config stay.
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

func.func @typecast(%f: tensor<1x1x64x64xf32, #ttnn.tensor_layout<tile>>, %b: tensor<2x40x50xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>, %p: tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, %h: tensor<64x64x3x3xf32>, %r: tensor<40x50xbf16, #ttnn.tensor_layout<row_major>>) {
  %0 = ttnn.typecast %f : tensor<1x1x64x64xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  %1 = ttnn.typecast %b : tensor<2x40x50xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>> -> tensor<2x40x50xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>
  %2 = ttnn.typecast %p : tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  %3 = ttnn.typecast %h : tensor<64x64x3x3xf32> -> tensor<64x64x3x3xbf16>
  %4 = ttnn.typecast %r {tag = 1 : i64} : tensor<40x50xbf16, #ttnn.tensor_layout<row_major>> -> tensor<40x50xf32, #ttnn.tensor_layout<row_major>>
  func.return
}
// CHECK-LABEL: func.func @typecast(
// CHECK-NEXT:    %0 = ttnn.typecast %f : tensor<1x1x64x64xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:    %1 = ttnn.typecast %b : tensor<2x40x50xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>> -> tensor<2x40x50xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>
// CHECK-NEXT:    %2 = ttnn.typecast %p : tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
// CHECK-NEXT:    %3 = ttnn.typecast %h : tensor<64x64x3x3xf32> -> tensor<64x64x3x3xbf16>
// CHECK-NEXT:    %4 = ttnn.typecast %r {tag = 1 : i64} : tensor<40x50xbf16, #ttnn.tensor_layout<row_major>> -> tensor<40x50xf32, #ttnn.tensor_layout<row_major>>
// GENERIC-LABEL: "func.func"() <{sym_name = "typecast"
// GENERIC:         %0 = "ttnn.typecast"(%f) : (tensor<1x1x64x64xf32, #ttnn.tensor_layout<tile>>) -> tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// GENERIC:         %4 = "ttnn.typecast"(%r) {tag = 1 : i64} : (tensor<40x50xbf16, #ttnn.tensor_layout<row_major>>) -> tensor<40x50xf32, #ttnn.tensor_layout<row_major>>

// A shard spec without an orientation means row_major: the memory config is the same.
func.func @default_orientation(%x: tensor<64x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64>>>>) {
  %0 = ttnn.typecast %x : tensor<64x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64>>>> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64, orientation = row_major>>>>
  func.return
}
// CHECK-LABEL: func.func @default_orientation(
// CHECK-NEXT:    %0 = ttnn.typecast %x : tensor<64x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64>>>> -> tensor<64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<grid = 2x1, shape = 32x64, orientation = row_major>>>>

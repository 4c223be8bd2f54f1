// ttnn.to_layout: the result type names the target layout (tilize / untilize); the dtype
// stays.
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

func.func @to_layout(%h: tensor<40x50xbf16>, %t: tensor<1x1x40x50xf32, #ttnn.tensor_layout<tile>>, %r: tensor<2x64x64xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>>) {
  %0 = ttnn.to_layout %h : tensor<40x50xbf16> -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
  %1 = ttnn.to_layout %t : tensor<1x1x40x50xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x40x50xf32>
  %2 = ttnn.to_layout %r : tensor<2x64x64xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>> -> tensor<2x64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 2x2, shape = 64x32>>>>
  %3 = ttnn.to_layout %t {tag} : tensor<1x1x40x50xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x40x50xf32, #ttnn.tensor_layout<row_major>>
  func.return
}
// CHECK-LABEL: func.func @to_layout(
// CHECK-NEXT:    %0 = ttnn.to_layout %h : tensor<40x50xbf16> -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:    %1 = ttnn.to_layout %t : tensor<1x1x40x50xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x40x50xf32>
// CHECK-NEXT:    %2 = ttnn.to_layout %r : tensor<2x64x64xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>> -> tensor<2x64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 2x2, shape = 64x32>>>>
// CHECK-NEXT:    %3 = ttnn.to_layout %t {tag} : tensor<1x1x40x50xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x40x50xf32, #ttnn.tensor_layout<row_major>>
// GENERIC-LABEL: "func.func"() <{sym_name = "to_layout"
// GENERIC:         %0 = "ttnn.to_layout"(%h) : (tensor<40x50xbf16>) -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
// GENERIC:         %3 = "ttnn.to_layout"(%t) {tag} : (tensor<1x1x40x50xf32, #ttnn.tensor_layout<tile>>) -> tensor<1x1x40x50xf32, #ttnn.tensor_layout<row_major>>

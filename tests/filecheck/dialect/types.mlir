// TT-NN tensor types: host tensors (no encoding), !ttnn.bfp8_b, and the
// #ttnn.tensor_layout encoding — tile / row_major, with a memory config, with a physical
// shape, with both; and the module attribute ttnn.grid.
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

#tile_l1 = #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>

module attributes {ttnn.grid = array<i32: 13, 10>} {
  func.func private @host(tensor<64x64x3x3xf32>, tensor<1x1x1x64xbf16>)
  // CHECK: builtin.module attributes {ttnn.grid = array<i32: 13, 10>} {
  // CHECK-LABEL: func.func private @host(tensor<64x64x3x3xf32>, tensor<1x1x1x64xbf16>) -> ()
  // GENERIC: "builtin.module"() ({
  // GENERIC-LABEL: "func.func"() <{sym_name = "host", function_type = (tensor<64x64x3x3xf32>, tensor<1x1x1x64xbf16>) -> (), sym_visibility = "private"}> ({

  func.func private @bfp8_b(!ttnn.bfp8_b, tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
  // CHECK-LABEL: func.func private @bfp8_b(!ttnn.bfp8_b, tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> ()

  func.func private @layouts(tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<2x40x50xf32, #ttnn.tensor_layout<tile>>, tensor<40x50xbf16, #ttnn.tensor_layout<row_major>>, tensor<7xf32, #ttnn.tensor_layout<row_major>>)
  // CHECK-LABEL: func.func private @layouts(tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<2x40x50xf32, #ttnn.tensor_layout<tile>>, tensor<40x50xbf16, #ttnn.tensor_layout<row_major>>, tensor<7xf32, #ttnn.tensor_layout<row_major>>) -> ()

  func.func private @memory_config(tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>, tensor<64x64xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>>, tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 2x2, shape = 32x32, orientation = col_major>>>>, tensor<32x32xbf16, #tile_l1>)
  // CHECK-LABEL: func.func private @memory_config(
  // CHECK-SAME: tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>,
  // CHECK-SAME: tensor<64x64xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>>>,
  // CHECK-SAME: tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<grid = 2x2, shape = 32x32, orientation = col_major>>>>,
  // CHECK-SAME: tensor<32x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>) -> ()

  // The memory config and the physical shape may come in either order; they print memory
  // config first.
  func.func private @physical(tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, physical = 1x1x32x64>>, tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x288x32, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<40x50xbf16, #ttnn.tensor_layout<tile, physical = 64x64>>)
  // CHECK-LABEL: func.func private @physical(
  // CHECK-SAME: tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>,
  // CHECK-SAME: tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, physical = 1x1x32x64>>,
  // CHECK-SAME: tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, physical = 1x1x288x32>>,
  // CHECK-SAME: tensor<40x50xbf16, #ttnn.tensor_layout<tile, physical = 64x64>>) -> ()
  // GENERIC-LABEL: "func.func"() <{sym_name = "physical", function_type = (tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, physical = 1x1x32x64>>, tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, physical = 1x1x288x32>>, tensor<40x50xbf16, #ttnn.tensor_layout<tile, physical = 64x64>>) -> (), sym_visibility = "private"}> ({
  // GENERIC: }) {ttnn.grid = array<i32: 13, 10>} : () -> ()
}

// Stock `xdsl-opt`, not `ttnn-opt`: the project registers its dialects and passes through
// xDSL's `xdsl.universe` entry point, so any xDSL tool that reads plugins parses the ttnn
// and tile dialects and runs ttnn-decompose, convert-ttnn-to-tiles and ttnn-lower.
//
// RUN: xdsl-opt %S/../../../examples/prepare_conv_weights.mlir | filecheck %s --check-prefix=PARSE
// PARSE:      builtin.module attributes {ttnn.grid = array<i32: 8, 8>} {
// PARSE-NEXT:   func.func @main(%weight: tensor<64x64x3x3xf32>, %bias: tensor<1x1x1x64xf32>)
// PARSE-NEXT:     %prepared_weight = ttnn.prepare_conv_weights %weight input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
// PARSE-NEXT:     %prepared_bias = ttnn.prepare_conv_bias %bias
//
// RUN: xdsl-opt %S/../../../examples/prepare_conv_weights.mlir -p ttnn-decompose | filecheck %s --check-prefix=DECOMPOSE
// DECOMPOSE: %prepared_weight = ttnn.conv_weights_special_padding_layout %weight block_h = 6 block_w = 2 enable_activation_reuse = false padded_in_channels = 64 padded_out_channels = 64
// DECOMPOSE: ttnn.typecast %prepared_weight
// DECOMPOSE: ttnn.conv_bias_layout %bias width = 64
//
// RUN: xdsl-opt %S/../../../examples/prepare_conv_weights.mlir -p ttnn-lower | filecheck %s --check-prefix=LOWER
// LOWER:     func.func @main(%weight: memref<64x64x3x3xf32> {ttnn.tensor = tensor<64x64x3x3xf32>}
// LOWER-SAME:  -> (memref<1x1x18x2x!tile.tile<32x32, bf16>> {ttnn.tensor = tensor<1x1x576x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x576x64>>, ttnn.name = "prepared_weight"}
// LOWER:     scf.for
// LOWER:     tile.tilize
// LOWER:     tile.typecast
// LOWER:     tile.store
// LOWER-NOT: ttnn.prepare_conv
//
// The tile dialect on its own, and the generic form of a ttnn op, round-trip through
// xdsl-opt as they do through ttnn-opt.
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s --check-prefix=ROUNDTRIP
// ROUNDTRIP:      %t = tile.load %tiles[%i, %i, %i, %j] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
// ROUNDTRIP-NEXT: %u = tile.typecast %t : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
// ROUNDTRIP-NEXT: %g = ttnn.assign_bw(%grad, %a) : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
//
// The passes are listed by xdsl-opt's own help.
// RUN: xdsl-opt --help | filecheck %s --check-prefix=HELP
// HELP: ttnn-lower

func.func @tiles(%tiles: memref<1x1x2x2x!tile.tile<32x32, bf16>>, %i: index, %j: index,
                 %grad: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>,
                 %a: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xbf16, #ttnn.tensor_layout<tile>> {
  %t = tile.load %tiles[%i, %i, %i, %j] : memref<1x1x2x2x!tile.tile<32x32, bf16>>
  %u = tile.typecast %t : !tile.tile<32x32, bf16> -> !tile.tile<32x32, !ttnn.bfp8_b>
  %g = ttnn.assign_bw(%grad, %a) : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
  func.return %g : tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
}

// ttnn.assign_bw: binary and unary forms, are_required_outputs, preallocated input_grad /
// other_grad, memory_config, queue_id, round_mode, extra attributes; ranks 2 to 4, bf16
// and bfloat8_b, a memory config and a physical shape in the encoding.
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

func.func @binary(%g: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, %a: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, %b: tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) {
  %ga, %gb = ttnn.assign_bw(%g, %a, %b) : (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
  func.return %ga, %gb : tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
}
// CHECK-LABEL: func.func @binary(
// CHECK-NEXT:    %ga, %gb = ttnn.assign_bw(%g, %a, %b) : (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
// CHECK-NEXT:    func.return %ga, %gb
// GENERIC-LABEL: "func.func"() <{sym_name = "binary"
// GENERIC:       %ga, %gb = "ttnn.assign_bw"(%g, %a, %b) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>, tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)

func.func @required(%g: tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, %a: tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, %b: tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) {
  %0, %1 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [true, true] : (tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> (tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
  %2 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [true, false] : (tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> tensor<64x64xbf16, #ttnn.tensor_layout<tile>>
  %3 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [false, true] : (tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  func.return
}
// CHECK-LABEL: func.func @required(
// CHECK-NEXT:    %0, %1 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [true, true] : (tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> (tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
// CHECK-NEXT:    %2 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [true, false] : (tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> tensor<64x64xbf16, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:    %3 = ttnn.assign_bw(%g, %a, %b) are_required_outputs = [false, true] : (tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// GENERIC-LABEL: "func.func"() <{sym_name = "required"
// GENERIC:       %0, %1 = "ttnn.assign_bw"(%g, %a, %b) <{are_required_outputs = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}>
// GENERIC:       %2 = "ttnn.assign_bw"(%g, %a, %b) <{are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : ({{.*}}) -> tensor<64x64xbf16, #ttnn.tensor_layout<tile>>
// GENERIC:       %3 = "ttnn.assign_bw"(%g, %a, %b) <{are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : ({{.*}}) -> tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>

func.func @unary(%g: tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, %a: tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>, %buffer: tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.assign_bw(%g, %a) : (tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>) -> tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>
  %1 = ttnn.assign_bw(%g, %a) input_grad(%buffer) : (tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
  func.return
}
// CHECK-LABEL: func.func @unary(
// CHECK-NEXT:    %0 = ttnn.assign_bw(%g, %a) : (tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>) -> tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:    %1 = ttnn.assign_bw(%g, %a) input_grad(%buffer) : (tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// GENERIC-LABEL: "func.func"() <{sym_name = "unary"
// GENERIC:       %0 = "ttnn.assign_bw"(%g, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>) -> tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>
// GENERIC:       %1 = "ttnn.assign_bw"(%g, %a, %buffer) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>}> : (tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>, tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) -> tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>

// Preallocated outputs give the results their types (here bf16 and bfloat8_b swapped).
func.func @preallocated(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, %a: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, %b: tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, %ia: tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, %ib: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  %0, %1 = ttnn.assign_bw(%g, %a, %b) input_grad(%ia) other_grad(%ib) : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> (tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>)
  %2 = ttnn.assign_bw(%g, %a, %b) other_grad(%ib) are_required_outputs = [false, true] : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
  func.return
}
// CHECK-LABEL: func.func @preallocated(
// CHECK-NEXT:    %0, %1 = ttnn.assign_bw(%g, %a, %b) input_grad(%ia) other_grad(%ib) : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> (tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>)
// CHECK-NEXT:    %2 = ttnn.assign_bw(%g, %a, %b) other_grad(%ib) are_required_outputs = [false, true] : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
// GENERIC-LABEL: "func.func"() <{sym_name = "preallocated"
// GENERIC:       %0, %1 = "ttnn.assign_bw"(%g, %a, %b, %ia, %ib) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}>
// GENERIC:       %2 = "ttnn.assign_bw"(%g, %a, %b, %ib) <{are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>}>

// memory_config, queue_id and round_mode are properties; other attributes stay attributes.
func.func @options(%g: tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>) {
  %0 = ttnn.assign_bw(%g, %g) memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> queue_id = 1 round_mode = "trunc" : (tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>, tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>) -> tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>
  %1 = ttnn.assign_bw(%g, %g) round_mode = "floor" {tag = "x"} : (tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>, tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>) -> tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>
  func.return
}
// CHECK-LABEL: func.func @options(
// CHECK-NEXT:    %0 = ttnn.assign_bw(%g, %g) memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> queue_id = 1 round_mode = "trunc" : (tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>, tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>) -> tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>
// CHECK-NEXT:    %1 = ttnn.assign_bw(%g, %g) round_mode = "floor" {tag = "x"} : (tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>, tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>) -> tensor<3x32x64xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>>>>
// GENERIC-LABEL: "func.func"() <{sym_name = "options"
// GENERIC:       %0 = "ttnn.assign_bw"(%g, %g) <{memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, queue_id = 1 : i32, round_mode = "trunc", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (
// GENERIC:       %1 = "ttnn.assign_bw"(%g, %g) <{round_mode = "floor", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> {tag = "x"} : (

// A physical shape beyond tile rounding is allowed when every operand has it.
func.func @physical(%g: tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) {
  %0 = ttnn.assign_bw(%g, %g) : (tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  func.return
}
// CHECK-LABEL: func.func @physical(
// CHECK-NEXT:    %0 = ttnn.assign_bw(%g, %g) : (tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>

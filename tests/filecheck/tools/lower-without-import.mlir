// A pipeline that lowers (ttnn-decompose, convert-ttnn-to-tiles, ttnn-lower) meeting tt-mlir's
// prepare ops with no import-tt-mlir before it: one located line, exit 1, as ttnn-run refuses
// to run them (call_graph.import_first_message). With the import first, the op is lowered;
// a pipeline that does not lower leaves it alone.
//
// RUN: not ttnn-opt %s -p ttnn-lower 2>&1 | filecheck %s --check-prefix=LOWER
// RUN: not ttnn-opt %s -p canonicalize,ttnn-decompose 2>&1 | filecheck %s --check-prefix=DECOMPOSE
// RUN: not ttnn-opt %s -p convert-ttnn-to-tiles,import-tt-mlir 2>&1 | filecheck %s --check-prefix=TILES
// RUN: not ttnn-run %s -p ttnn-lower --random-inputs 0 2>&1 | filecheck %s --check-prefix=RUNNER
// RUN: ttnn-opt %s -p import-tt-mlir,ttnn-lower | filecheck %s --check-prefix=IMPORTED
// RUN: ttnn-opt %s -p canonicalize | filecheck %s --check-prefix=UNTOUCHED

func.func @t(%w: tensor<16x24x3x3xf32>) -> tensor<1x1x144x24xbf16> {
  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
  %0 = "ttnn.prepare_conv_transpose2d_weights"(%w, %d) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 16 : i32, input_height = 6 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, out_channels = 24 : i32, padding = array<i32: 1, 1>, stride = array<i32: 2, 2>, input_tensor_layout = #ttnn.layout<tile>, has_bias = false, weights_format = "IOHW", input_dtype = #ttcore.supportedDataTypes<bf16>, conv2d_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>, output_padding = array<i32: 1, 1>}> : (tensor<16x24x3x3xf32>, !ttnn.device) -> tensor<1x1x144x24xbf16>
  // LOWER: {{^.*}}lower-without-import.mlir:[[# @LINE - 1]]:3: error: cannot lower 'ttnn.prepare_conv_transpose2d_weights' in @t: it is tt-mlir's op; import it first (-p import-tt-mlir,ttnn-lower){{$}}
  // LOWER-NOT: {{.}}
  // DECOMPOSE: {{^.*}}lower-without-import.mlir:[[# @LINE - 3]]:3: error: cannot lower 'ttnn.prepare_conv_transpose2d_weights' in @t: it is tt-mlir's op; import it first (-p import-tt-mlir,canonicalize,ttnn-decompose){{$}}
  // TILES: {{^.*}}lower-without-import.mlir:[[# @LINE - 4]]:3: error: cannot lower 'ttnn.prepare_conv_transpose2d_weights' in @t: it is tt-mlir's op; import it first (-p import-tt-mlir,convert-ttnn-to-tiles,import-tt-mlir){{$}}
  // RUNNER: {{^.*}}lower-without-import.mlir:[[# @LINE - 5]]:3: error: cannot run 'ttnn.prepare_conv_transpose2d_weights' in @t: it is tt-mlir's op; import it first (-p import-tt-mlir,ttnn-lower){{$}}
  // IMPORTED-LABEL: func.func @t(
  // IMPORTED: scf.for
  // IMPORTED-NOT: prepare_conv_transpose2d_weights
  // UNTOUCHED: "ttnn.prepare_conv_transpose2d_weights"(%w, %d)
  func.return %0 : tensor<1x1x144x24xbf16>
}

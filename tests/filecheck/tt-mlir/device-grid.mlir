// The device grid comes from tt-mlir's `ttcore.device` (written rows x columns): a Blackhole
// p150 worker grid of 10x13 is 13 cores in x by 10 in y, and it sizes a block-sharded conv
// differently from the default Wormhole n150 8x8 grid. The module layout tt-mlir's pipelines
// write (ttcore.device_module around a builtin.module, ttcore.cpu_module) is read as it is.
//
// Expected (docs/semantics.md §3.3 step 7, BLOCK, row_major: channels along x): 416
// channels are 13 tiles. On 13x10: n_c_in = with_padding(13, 13) = 13 → 32 channels per core,
// Cin_pad = Cout_pad = 416, BHP = round_up(32·3, 32)·3 = 288 = 32·9 → rows 416·9 = 3744,
// cols 416. On 8x8: with_padding(13, 8) = 7 (8 would pad 13 to 16, wasting 3 ≥ 16/8) →
// Cin_pad = Cout_pad = round_up(416, 7·32) = 448, 64 per core, BHP = 192·3 = 576 = 64·9 →
// rows 448·9 = 4032, cols 448.
//
// RUN: ttnn-opt %s --split-input-file -p import-tt-mlir | filecheck %s

// CHECK: ttcore.device_module {
// CHECK-NEXT: builtin.module attributes {ttnn.grid = array<i32: 13, 10>}
// CHECK: ttcore.device @default_device = <workerGrid = #ttcore.grid<10x13, virt_to_physical_map = (d0, d1) -> (0, d0, d1)>, meshShape = 1x1, chipIds = [0]>
// CHECK: ttnn.prepare_conv_weights {{.*}} -> tensor<1x1x3744x416xbf16, #ttnn.tensor_layout<tile, physical = 1x1x3744x416>>
// CHECK: ttcore.cpu_module {
#system_memory = #ttnn.buffer_type<system_memory>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1248 + d1 * 3 + d2, d3), <1x1>, memref<519168x3xbf16, #system_memory>>
module {
  ttcore.device_module {
    builtin.module {
      ttcore.device @default_device = <workerGrid = #ttcore.grid<10x13, virt_to_physical_map = (d0, d1) -> (0, d0, d1)>, meshShape = 1x1, chipIds = [0]>
      func.func @blackhole(%w: tensor<416x416x3x3xbf16, #host>) -> tensor<1x1x3744x416xbf16> {
        %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
        %p = "ttnn.prepare_conv2d_weights"(%w, %d) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = false, in_channels = 416 : i32, input_height = 16 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 16 : i32, kernel_size = array<i32: 3, 3>, out_channels = 416 : i32, padding = array<i32: 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW", input_dtype = #ttcore.supportedDataTypes<bf16>, conv2d_config = #ttnn.conv2d_config<shard_layout = block_sharded>}> : (tensor<416x416x3x3xbf16, #host>, !ttnn.device) -> tensor<1x1x3744x416xbf16>
        return %p : tensor<1x1x3744x416xbf16>
      }
    }
  }
  ttcore.cpu_module {
    builtin.module {
    }
  }
}

// -----

// CHECK: ttnn.prepare_conv_weights {{.*}} -> tensor<1x1x3744x416xbf16, #ttnn.tensor_layout<tile, physical = 1x1x4032x448>>
#system_memory = #ttnn.buffer_type<system_memory>
#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 1248 + d1 * 3 + d2, d3), <1x1>, memref<519168x3xbf16, #system_memory>>
func.func @wormhole(%w: tensor<416x416x3x3xbf16, #host>) -> tensor<1x1x3744x416xbf16> {
  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
  %p = "ttnn.prepare_conv2d_weights"(%w, %d) <{batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, has_bias = false, in_channels = 416 : i32, input_height = 16 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>, input_tensor_layout = #ttnn.layout<tile>, input_width = 16 : i32, kernel_size = array<i32: 3, 3>, out_channels = 416 : i32, padding = array<i32: 1, 1>, stride = array<i32: 1, 1>, weights_format = "OIHW", input_dtype = #ttcore.supportedDataTypes<bf16>, conv2d_config = #ttnn.conv2d_config<shard_layout = block_sharded>}> : (tensor<416x416x3x3xbf16, #host>, !ttnn.device) -> tensor<1x1x3744x416xbf16>
  return %p : tensor<1x1x3744x416xbf16>
}

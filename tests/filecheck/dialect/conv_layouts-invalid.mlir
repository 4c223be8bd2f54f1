// Verifier and parser diagnostics of the conv layout ops (docs/semantics.md §3.6), one chunk per rule:
// the row-major OIHW input, the result type each op's index map gives, and each op's own
// parameter checks (positive sizes, shards and groups dividing the channels, block rows
// holding the kernel, bias width).
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Each chunk prints exactly one line: the diagnostic. `{{^//}} -----` matches the
// separator line printed between the chunks' outputs (spelled so as not to split
// this file).

// Every layout op reads a row-major OIHW weight: not a tile tensor.
func.func @f(%w: tensor<32x16x3x3xf32, #ttnn.tensor_layout<tile>>) {
  %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<32x16x3x3xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_interleaved_mm_layout' op expected a row-major input, got tensor<32x16x3x3xf32, #ttnn.tensor_layout<tile>>}}
  // CHECK: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_interleaved_mm_layout' op expected a row-major input, got tensor<32x16x3x3xf32, #ttnn.tensor_layout<tile>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The input has rank 4.
func.func @f(%w: tensor<32x144xf32>) {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 1 : tensor<32x144xf32> -> tensor<32x144xf32> // expected-error {{'ttnn.conv_weights_grouped_layout' op expected an input of rank 4, got [32, 144]}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_grouped_layout' op expected an input of rank 4, got [32, 144]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The input is f32 or bf16.
func.func @f(%w: tensor<32x16x3x3xi8>) {
  %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<32x16x3x3xi8> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_interleaved_mm_layout' op input: expected element type f32, bf16 or !ttnn.bfp8_b, got i8}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_interleaved_mm_layout' op input: expected element type f32, bf16 or !ttnn.bfp8_b, got i8
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// The result is a TT-NN tensor type.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{expected element type f32, bf16 or !ttnn.bfp8_b, got f16}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:78: error: expected element type f32, bf16 or !ttnn.bfp8_b, got f16
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Without `physical` a result type says tile rounding (160 rows); this layout makes 3 * 64.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A matrix layout's result is a tile tensor: not row-major.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<row_major>> // expected-error {{'ttnn.conv_weights_tiled_layout' op expected a tile-layout result, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<row_major>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_tiled_layout' op expected a tile-layout result, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<row_major>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// interleaved MM: rows = round_up(KH·KW·I, 32) = 160, not 192.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> // expected-error {{'ttnn.conv_weights_interleaved_mm_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_interleaved_mm_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// interleaved MM: the logical shape is [1, 1, I·KH·KW, O], not [1, 1, I·KH·KW, O/2].
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<32x16x3x3xf32> -> tensor<1x1x144x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_interleaved_mm_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>, got tensor<1x1x144x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_interleaved_mm_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>, got tensor<1x1x144x16xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// special padding: block_h is positive.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 0 block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected block_h to be positive, got 0}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected block_h to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// special padding: block_w is positive.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = -1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected block_w to be positive, got -1}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected block_w to be positive, got -1
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// special padding: block_h·32 rows hold I·KW (16·3 = 48 > 32).
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 1 block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 32 rows to hold I·KW = 48 (I = 16 after padding)}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 32 rows to hold I·KW = 48 (I = 16 after padding)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// special padding: with activation reuse block_h·32 rows hold I·KH·KW (144 > 128).
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 4 block_w = 1 enable_activation_reuse = true : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 128 rows to hold I·KH·KW = 144 (I = 16 after padding)}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 128 rows to hold I·KH·KW = 144 (I = 16 after padding)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// special padding: BH·KH = 192 rows, not 160.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// special padding: cols = round_up(O, block_w·32) = 64 with block_w 2.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 2 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x64>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x64>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Padding channels: padded_in_channels is at least the weight's I.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 padded_in_channels = 8 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected padded_in_channels 8 to be at least the weight's 16 input channels}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected padded_in_channels 8 to be at least the weight's 16 input channels
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Padding channels: padded_out_channels is at least the weight's O.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 padded_out_channels = 16 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected padded_out_channels 16 to be at least the weight's 32 output channels}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected padded_out_channels 16 to be at least the weight's 32 output channels
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Padding channels count: I padded to 32 gives I·KW = 96 > block_h·32 = 64.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 padded_in_channels = 32 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 64 rows to hold I·KW = 96 (I = 32 after padding)}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 64 rows to hold I·KW = 96 (I = 32 after padding)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tiled: block_w is positive.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 0 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_tiled_layout' op expected block_w to be positive, got 0}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_tiled_layout' op expected block_w to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// tiled: rows = round_up(I·KH·KW, block_h·32) = 192 with block_h 3.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_tiled_layout %w block_h = 3 block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_tiled_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_tiled_layout' op expected result type tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>, got tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// block sharded: in_shards is positive.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 0 out_shards = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_block_sharded_layout' op expected in_shards to be positive, got 0}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected in_shards to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// block sharded: out_shards is positive.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 1 out_shards = 0 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_block_sharded_layout' op expected out_shards to be positive, got 0}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected out_shards to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// block sharded: in_shards divides I (TT-NN would drop channels; docs/semantics.md §3.6).
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 3 out_shards = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_block_sharded_layout' op expected in_shards 3 to divide the 16 input channels}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected in_shards 3 to divide the 16 input channels
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// block sharded: out_shards divides O.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 3 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_block_sharded_layout' op expected out_shards 3 to divide the 32 output channels}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected out_shards 3 to divide the 32 output channels
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// block sharded: in_shards divides the padded I.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 5 out_shards = 1 padded_in_channels = 24 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_block_sharded_layout' op expected in_shards 5 to divide the 24 input channels}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected in_shards 5 to divide the 24 input channels
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// block sharded: full_inner_dim changes the rows (docs/semantics.md §3.7: 320, not 384).
func.func @f(%w: tensor<64x32x3x3xf32>) {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 2 full_inner_dim = true : tensor<64x32x3x3xf32> -> tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x64>> // expected-error {{'ttnn.conv_weights_block_sharded_layout' op expected result type tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x320x64>>, got tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected result type tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x320x64>>, got tensor<1x1x288x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// grouped: groups is positive.
func.func @f(%w: tensor<4x2x1x1xf32>) {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 0 : tensor<4x2x1x1xf32> -> tensor<4x4x1x1xf32> // expected-error {{'ttnn.conv_weights_grouped_layout' op expected groups to be positive, got 0}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_grouped_layout' op expected groups to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// grouped: groups divides O (docs/semantics.md §3.6).
func.func @f(%w: tensor<4x2x1x1xf32>) {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 3 : tensor<4x2x1x1xf32> -> tensor<4x6x1x1xf32> // expected-error {{'ttnn.conv_weights_grouped_layout' op expected groups 3 to divide the 4 output channels}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_grouped_layout' op expected groups 3 to divide the 4 output channels
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// grouped: [O, I/g, KH, KW] -> [O, I, KH, KW].
func.func @f(%w: tensor<4x2x1x1xf32>) {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 2 : tensor<4x2x1x1xf32> -> tensor<4x2x1x1xf32> // expected-error {{'ttnn.conv_weights_grouped_layout' op expected result type tensor<4x4x1x1xf32>, got tensor<4x2x1x1xf32>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_grouped_layout' op expected result type tensor<4x4x1x1xf32>, got tensor<4x2x1x1xf32>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// grouped: the dtype stays.
func.func @f(%w: tensor<4x2x1x1xf32>) {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 2 : tensor<4x2x1x1xf32> -> tensor<4x4x1x1xbf16> // expected-error {{'ttnn.conv_weights_grouped_layout' op expected result type tensor<4x4x1x1xf32>, got tensor<4x4x1x1xbf16>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_grouped_layout' op expected result type tensor<4x4x1x1xf32>, got tensor<4x4x1x1xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// grouped: the encoding stays.
func.func @f(%w: tensor<4x2x1x1xf32>) {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 2 : tensor<4x2x1x1xf32> -> tensor<4x4x1x1xf32, #ttnn.tensor_layout<row_major>> // expected-error {{'ttnn.conv_weights_grouped_layout' op expected result type tensor<4x4x1x1xf32>, got tensor<4x4x1x1xf32, #ttnn.tensor_layout<row_major>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_grouped_layout' op expected result type tensor<4x4x1x1xf32>, got tensor<4x4x1x1xf32, #ttnn.tensor_layout<row_major>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// depthwise: act_block_h_ntiles is positive.
func.func @f(%w: tensor<8x1x2x2xbf16>) {
  %0 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 0 : tensor<8x1x2x2xbf16> -> tensor<8x128x1x1xbf16> // expected-error {{'ttnn.conv_weights_depthwise_layout' op expected act_block_h_ntiles to be positive, got 0}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_depthwise_layout' op expected act_block_h_ntiles to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// depthwise: the weight is [O, 1, KH, KW].
func.func @f(%w: tensor<8x2x2x2xbf16>) {
  %0 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 1 : tensor<8x2x2x2xbf16> -> tensor<8x128x1x1xbf16> // expected-error {{'ttnn.conv_weights_depthwise_layout' op expected a depthwise weight [O, 1, KH, KW], got [8, 2, 2, 2]}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_depthwise_layout' op expected a depthwise weight [O, 1, KH, KW], got [8, 2, 2, 2]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// depthwise: [O, 1, KH, KW] -> [O, KH·KW·act_block_h_ntiles·32, 1, 1] (docs/semantics.md §3.7: 128).
func.func @f(%w: tensor<8x1x2x2xbf16>) {
  %0 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 1 : tensor<8x1x2x2xbf16> -> tensor<8x32x2x2xbf16> // expected-error {{'ttnn.conv_weights_depthwise_layout' op expected result type tensor<8x128x1x1xbf16>, got tensor<8x32x2x2xbf16>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_depthwise_layout' op expected result type tensor<8x128x1x1xbf16>, got tensor<8x32x2x2xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// fold: stride has 2 values.
func.func @f(%w: tensor<64x3x7x7xf32>) {
  %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [2] : tensor<64x3x7x7xf32> -> tensor<64x12x4x4xf32> // expected-error {{'ttnn.conv_weights_fold_kernel_stride' op expected stride to have 2 positive values, got [2]}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_fold_kernel_stride' op expected stride to have 2 positive values, got [2]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// fold: stride values are positive.
func.func @f(%w: tensor<64x3x7x7xf32>) {
  %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 0] : tensor<64x3x7x7xf32> -> tensor<64x12x4x4xf32> // expected-error {{'ttnn.conv_weights_fold_kernel_stride' op expected stride to have 2 positive values, got [2, 0]}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_fold_kernel_stride' op expected stride to have 2 positive values, got [2, 0]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// fold: [O, I, KH, KW] -> [O, I·sH·sW, ceil(KH/sH), ceil(KW/sW)].
func.func @f(%w: tensor<64x3x7x7xf32>) {
  %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<64x3x7x7xf32> -> tensor<64x12x3x3xf32> // expected-error {{'ttnn.conv_weights_fold_kernel_stride' op expected result type tensor<64x12x4x4xf32>, got tensor<64x12x3x3xf32>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_fold_kernel_stride' op expected result type tensor<64x12x4x4xf32>, got tensor<64x12x3x3xf32>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// iohw_to_oihw: groups divide the input channels (dim 0 of an IOHW weight).
func.func @f(%w: tensor<6x2x3x3xf32>) {
  %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 4 : tensor<6x2x3x3xf32> -> tensor<8x6x3x3xf32> // expected-error {{'ttnn.conv_weights_iohw_to_oihw' op expected groups 4 to divide the 6 input channels}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_iohw_to_oihw' op expected groups 4 to divide the 6 input channels
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// iohw_to_oihw: groups is positive.
func.func @f(%w: tensor<6x2x3x3xf32>) {
  %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 0 : tensor<6x2x3x3xf32> -> tensor<0x6x3x3xf32> // expected-error {{'ttnn.conv_weights_iohw_to_oihw' op expected groups to be positive, got 0}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_iohw_to_oihw' op expected groups to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// iohw_to_oihw: [I, O/g, KH, KW] -> [O, I, KH, KW] (the channel dims swap).
func.func @f(%w: tensor<6x2x3x3xf32>) {
  %0 = ttnn.conv_weights_iohw_to_oihw %w groups = 3 : tensor<6x2x3x3xf32> -> tensor<6x2x3x3xf32> // expected-error {{'ttnn.conv_weights_iohw_to_oihw' op expected result type tensor<6x6x3x3xf32>, got tensor<6x2x3x3xf32>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_iohw_to_oihw' op expected result type tensor<6x6x3x3xf32>, got tensor<6x2x3x3xf32>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// mirror: the input has rank 4.
func.func @f(%w: tensor<6x2x9xf32>) {
  %0 = ttnn.conv_weights_mirror_kernel %w : tensor<6x2x9xf32> -> tensor<6x2x9xf32> // expected-error {{'ttnn.conv_weights_mirror_kernel' op expected an input of rank 4, got [6, 2, 9]}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_mirror_kernel' op expected an input of rank 4, got [6, 2, 9]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// mirror: the shape is kept, and so is the dtype.
func.func @f(%w: tensor<6x2x3x3xf32>) {
  %0 = ttnn.conv_weights_mirror_kernel %w : tensor<6x2x3x3xf32> -> tensor<6x2x3x3xbf16> // expected-error {{'ttnn.conv_weights_mirror_kernel' op expected result type tensor<6x2x3x3xf32>, got tensor<6x2x3x3xbf16>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_mirror_kernel' op expected result type tensor<6x2x3x3xf32>, got tensor<6x2x3x3xbf16>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// bias: width is positive.
func.func @f(%b: tensor<1x1x1x64xf32>) {
  %0 = ttnn.conv_bias_layout %b width = 0 : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> // expected-error {{'ttnn.conv_bias_layout' op expected width to be positive, got 0}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_bias_layout' op expected width to be positive, got 0
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// bias: the bias is [1, 1, 1, O].
func.func @f(%b: tensor<1x1x2x64xf32>) {
  %0 = ttnn.conv_bias_layout %b width = 64 : tensor<1x1x2x64xf32> -> tensor<1x1x2x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> // expected-error {{'ttnn.conv_bias_layout' op expected a bias of shape [1, 1, 1, O], got [1, 1, 2, 64]}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_bias_layout' op expected a bias of shape [1, 1, 1, O], got [1, 1, 2, 64]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// bias: width is a multiple of 32.
func.func @f(%b: tensor<1x1x1x64xf32>) {
  %0 = ttnn.conv_bias_layout %b width = 80 : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x96>> // expected-error {{'ttnn.conv_bias_layout' op expected width 80 to be a multiple of 32 of at least 64}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_bias_layout' op expected width 80 to be a multiple of 32 of at least 64
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// bias: width is at least O.
func.func @f(%b: tensor<1x1x1x64xf32>) {
  %0 = ttnn.conv_bias_layout %b width = 32 : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> // expected-error {{'ttnn.conv_bias_layout' op expected width 32 to be a multiple of 32 of at least 64}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_bias_layout' op expected width 32 to be a multiple of 32 of at least 64
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// bias: the physical shape is [1, 1, 32, width].
func.func @f(%b: tensor<1x1x1x64xf32>) {
  %0 = ttnn.conv_bias_layout %b width = 128 : tensor<1x1x1x64xf32> -> tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> // expected-error {{'ttnn.conv_bias_layout' op expected result type tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>, got tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_bias_layout' op expected result type tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>, got tensor<1x1x1x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// bias: the rank is 4.
func.func @f(%b: tensor<64xf32>) {
  %0 = ttnn.conv_bias_layout %b width = 64 : tensor<64xf32> -> tensor<1x64xf32, #ttnn.tensor_layout<tile, physical = 32x64>> // expected-error {{'ttnn.conv_bias_layout' op expected an input of rank 4, got [64]}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_bias_layout' op expected an input of rank 4, got [64]
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// A missing property (generic form).
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = "ttnn.conv_weights_tiled_layout"(%w) <{block_h = 1 : i32}> : (tensor<32x16x3x3xf32>) -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_tiled_layout' op property 'block_w' expected in operation 'ttnn.conv_weights_tiled_layout'}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:3: error: 'ttnn.conv_weights_tiled_layout' op property 'block_w' expected in operation 'ttnn.conv_weights_tiled_layout'
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: an unknown property is named, with the closest valid name.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_tiled_layout %w block_w = 1 block_hh = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_tiled_layout' has no property 'block_hh' (did you mean 'block_h'?)}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:54: error: 'ttnn.conv_weights_tiled_layout' has no property 'block_hh' (did you mean 'block_h'?)
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: a missing property is named.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_tiled_layout %w block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_tiled_layout' is missing property 'block_h'}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:42: error: 'ttnn.conv_weights_tiled_layout' is missing property 'block_h'
  func.return
}

// -----
// CHECK-NEXT: {{^//}} -----

// Parse error: a property given twice.
func.func @f(%w: tensor<32x16x3x3xf32>) {
  %0 = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 1 block_h = 2 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{property 'block_h' is given twice}}
  // CHECK-NEXT: {{.*}}conv_layouts-invalid.mlir:[[# @LINE - 1]]:66: error: property 'block_h' is given twice
  func.return
}

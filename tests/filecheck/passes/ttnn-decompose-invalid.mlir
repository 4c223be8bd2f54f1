// Invalid conv layout-op parameters and prepare ops the decomposition cannot resolve: each is a
// one-line diagnostic at the op (`FILE:LINE:COL: error: 'ttnn.op' op ...`), never a traceback.
// docs/semantics.md §3.6: shards and groups must divide the channel counts (TT-NN would silently drop
// channels); block heights must hold the rows they are given; widths are whole tiles.
//
// RUN: ttnn-opt %s --split-input-file --verify-diagnostics -p ttnn-decompose | filecheck %s --match-full-lines
// RUN: not ttnn-opt %s --split-input-file -p ttnn-decompose 2>&1 | filecheck %s --check-prefix=FAIL

// BLOCK: in_shards must divide the input channels (TT-NN would drop channels 28-29).
func.func @block_in_shards(%w: tensor<64x30x3x3xf32>) -> tensor<1x1x270x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x64>> {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 4 out_shards = 2 : tensor<64x30x3x3xf32> -> tensor<1x1x270x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x64>> // expected-error {{'ttnn.conv_weights_block_sharded_layout' op expected in_shards 4 to divide the 30 input channels}}
  func.return %0 : tensor<1x1x270x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:11:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected in_shards 4 to divide the 30 input channels
// FAIL: {{.*}}ttnn-decompose-invalid.mlir:11:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected in_shards 4 to divide the 30 input channels
// FAIL-NOT: Traceback

// -----

// ... the padded input channels.
func.func @block_in_shards_padded(%w: tensor<64x30x3x3xf32>) -> tensor<1x1x270x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x64>> {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 3 out_shards = 2 padded_in_channels = 32 : tensor<64x30x3x3xf32> -> tensor<1x1x270x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x64>> // expected-error {{'ttnn.conv_weights_block_sharded_layout' op expected in_shards 3 to divide the 32 input channels}}
  func.return %0 : tensor<1x1x270x64xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x64>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:22:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected in_shards 3 to divide the 32 input channels

// -----

// out_shards must divide the output channels.
func.func @block_out_shards(%w: tensor<30x32x3x3xf32>) -> tensor<1x1x288x30xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x128>> {
  %0 = ttnn.conv_weights_block_sharded_layout %w in_shards = 2 out_shards = 4 : tensor<30x32x3x3xf32> -> tensor<1x1x288x30xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x128>> // expected-error {{'ttnn.conv_weights_block_sharded_layout' op expected out_shards 4 to divide the 30 output channels}}
  func.return %0 : tensor<1x1x288x30xf32, #ttnn.tensor_layout<tile, physical = 1x1x384x128>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:31:3: error: 'ttnn.conv_weights_block_sharded_layout' op expected out_shards 4 to divide the 30 output channels

// -----

// Special padding: BH = block_h*32 must hold I*KW (I after padding: 16*3 = 48 > 32).
func.func @sp_block_h(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 1 block_w = 1 padded_in_channels = 16 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 32 rows to hold I·KW = 48 (I = 16 after padding)}}
  func.return %0 : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:40:3: error: 'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 32 rows to hold I·KW = 48 (I = 16 after padding)

// -----

// With activation reuse BH must hold I*KH*KW (8*9 = 72 > 64).
func.func @sp_block_h_reuse(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 2 block_w = 1 enable_activation_reuse = true padded_in_channels = 8 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 64 rows to hold I·KH·KW = 72 (I = 8 after padding)}}
  func.return %0 : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:49:3: error: 'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 64 rows to hold I·KH·KW = 72 (I = 8 after padding)

// -----

// Without channel padding a too small block_h is reported as such, before the written
// physical shape (160 rows, not the layout's) is.
func.func @sp_block_h_type(%w: tensor<32x16x3x3xf32>) -> tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 1 block_w = 1 : tensor<32x16x3x3xf32> -> tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x160x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 32 rows to hold I·KW = 48 (I = 16 after padding)}}
  func.return %0 : tensor<1x1x144x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x160x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:59:3: error: 'ttnn.conv_weights_special_padding_layout' op expected block_h·32 = 32 rows to hold I·KW = 48 (I = 16 after padding)

// -----

// Block sizes are positive.
func.func @sp_block_w0(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 1 block_w = 0 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected block_w to be positive, got 0}}
  func.return %0 : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:68:3: error: 'ttnn.conv_weights_special_padding_layout' op expected block_w to be positive, got 0

// -----

func.func @tiled_block_h0(%w: tensor<8x4x3x3xf32>) -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> {
  %0 = ttnn.conv_weights_tiled_layout %w block_h = 0 block_w = 1 : tensor<8x4x3x3xf32> -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> // expected-error {{'ttnn.conv_weights_tiled_layout' op expected block_h to be positive, got 0}}
  func.return %0 : tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:76:3: error: 'ttnn.conv_weights_tiled_layout' op expected block_h to be positive, got 0

// -----

// The physical shape must be the layout's: round_up(36, 32) x round_up(8, 32).
func.func @tiled_wrong_physical(%w: tensor<8x4x3x3xf32>) -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>> {
  %0 = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 1 : tensor<8x4x3x3xf32> -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>> // expected-error {{'ttnn.conv_weights_tiled_layout' op expected result type tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>, got tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>}}
  func.return %0 : tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:85:3: error: 'ttnn.conv_weights_tiled_layout' op expected result type tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>, got tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>

// -----

// Channel padding never drops channels.
func.func @padded_in_small(%w: tensor<8x4x3x3xf32>) -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> {
  %0 = ttnn.conv_weights_tiled_layout %w block_h = 1 block_w = 1 padded_in_channels = 2 : tensor<8x4x3x3xf32> -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> // expected-error {{'ttnn.conv_weights_tiled_layout' op expected padded_in_channels 2 to be at least the weight's 4 input channels}}
  func.return %0 : tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:94:3: error: 'ttnn.conv_weights_tiled_layout' op expected padded_in_channels 2 to be at least the weight's 4 input channels

// -----

func.func @padded_out_small(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 1 block_w = 1 padded_out_channels = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected padded_out_channels 1 to be at least the weight's 2 output channels}}
  func.return %0 : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:102:3: error: 'ttnn.conv_weights_special_padding_layout' op expected padded_out_channels 1 to be at least the weight's 2 output channels

// -----

// A type without `physical` means tile rounding (64 rows); special padding makes 3 * 32.
func.func @no_physical(%w: tensor<8x4x3x3xf32>) -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.conv_weights_special_padding_layout %w block_h = 1 block_w = 1 : tensor<8x4x3x3xf32> -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile>> // expected-error {{'ttnn.conv_weights_special_padding_layout' op expected result type tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, got tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile>>}}
  func.return %0 : tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:111:3: error: 'ttnn.conv_weights_special_padding_layout' op expected result type tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>, got tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile>>

// -----

// Layout ops read a host (row-major) weight.
func.func @mm_tile_input(%w: tensor<8x4x3x3xf32, #ttnn.tensor_layout<tile>>) -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> {
  %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<8x4x3x3xf32, #ttnn.tensor_layout<tile>> -> tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> // expected-error {{'ttnn.conv_weights_interleaved_mm_layout' op expected a row-major input, got tensor<8x4x3x3xf32, #ttnn.tensor_layout<tile>>}}
  func.return %0 : tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:120:3: error: 'ttnn.conv_weights_interleaved_mm_layout' op expected a row-major input, got tensor<8x4x3x3xf32, #ttnn.tensor_layout<tile>>

// -----

// The logical shape is [1, 1, I*KH*KW, O].
func.func @mm_logical(%w: tensor<8x4x3x3xf32>) -> tensor<1x1x36x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> {
  %0 = ttnn.conv_weights_interleaved_mm_layout %w : tensor<8x4x3x3xf32> -> tensor<1x1x36x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>> // expected-error {{'ttnn.conv_weights_interleaved_mm_layout' op expected result type tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>, got tensor<1x1x36x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>}}
  func.return %0 : tensor<1x1x36x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:129:3: error: 'ttnn.conv_weights_interleaved_mm_layout' op expected result type tensor<1x1x36x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>, got tensor<1x1x36x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x64x32>>

// -----

// Bias: width a multiple of 32 ...
func.func @bias_width_40(%w: tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
  %0 = ttnn.conv_bias_layout %w width = 40 : tensor<1x1x1x8xf32> -> tensor<1x1x1x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> // expected-error {{'ttnn.conv_bias_layout' op expected width 40 to be a multiple of 32 of at least 8}}
  func.return %0 : tensor<1x1x1x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:138:3: error: 'ttnn.conv_bias_layout' op expected width 40 to be a multiple of 32 of at least 8

// -----

// ... and at least O.
func.func @bias_width_small(%w: tensor<1x1x1x40xf32>) -> tensor<1x1x1x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> {
  %0 = ttnn.conv_bias_layout %w width = 32 : tensor<1x1x1x40xf32> -> tensor<1x1x1x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>> // expected-error {{'ttnn.conv_bias_layout' op expected width 32 to be a multiple of 32 of at least 40}}
  func.return %0 : tensor<1x1x1x40xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:147:3: error: 'ttnn.conv_bias_layout' op expected width 32 to be a multiple of 32 of at least 40

// -----

// A bias is [1, 1, 1, O].
func.func @bias_shape(%w: tensor<1x1x2x8xf32>) -> tensor<1x1x2x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> {
  %0 = ttnn.conv_bias_layout %w width = 32 : tensor<1x1x2x8xf32> -> tensor<1x1x2x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>> // expected-error {{'ttnn.conv_bias_layout' op expected a bias of shape [1, 1, 1, O], got [1, 1, 2, 8]}}
  func.return %0 : tensor<1x1x2x8xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:156:3: error: 'ttnn.conv_bias_layout' op expected a bias of shape [1, 1, 1, O], got [1, 1, 2, 8]

// -----

// Grouped: groups must divide O.
func.func @grouped_groups(%w: tensor<6x2x3x3xf32>) -> tensor<6x8x3x3xf32> {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 4 : tensor<6x2x3x3xf32> -> tensor<6x8x3x3xf32> // expected-error {{'ttnn.conv_weights_grouped_layout' op expected groups 4 to divide the 6 output channels}}
  func.return %0 : tensor<6x8x3x3xf32>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:165:3: error: 'ttnn.conv_weights_grouped_layout' op expected groups 4 to divide the 6 output channels

// -----

func.func @grouped_zero(%w: tensor<6x2x3x3xf32>) -> tensor<6x8x3x3xf32> {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 0 : tensor<6x2x3x3xf32> -> tensor<6x8x3x3xf32> // expected-error {{'ttnn.conv_weights_grouped_layout' op expected groups to be positive, got 0}}
  func.return %0 : tensor<6x8x3x3xf32>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:173:3: error: 'ttnn.conv_weights_grouped_layout' op expected groups to be positive, got 0

// -----

// Reshaping ops keep the dtype.
func.func @grouped_dtype(%w: tensor<6x2x3x3xf32>) -> tensor<6x6x3x3xbf16> {
  %0 = ttnn.conv_weights_grouped_layout %w groups = 3 : tensor<6x2x3x3xf32> -> tensor<6x6x3x3xbf16> // expected-error {{'ttnn.conv_weights_grouped_layout' op expected result type tensor<6x6x3x3xf32>, got tensor<6x6x3x3xbf16>}}
  func.return %0 : tensor<6x6x3x3xbf16>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:182:3: error: 'ttnn.conv_weights_grouped_layout' op expected result type tensor<6x6x3x3xf32>, got tensor<6x6x3x3xbf16>

// -----

// Depthwise: a [O, 1, KH, KW] weight.
func.func @depthwise_in(%w: tensor<8x2x1x3xf32>) -> tensor<8x96x1x1xf32> {
  %0 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 1 : tensor<8x2x1x3xf32> -> tensor<8x96x1x1xf32> // expected-error {{'ttnn.conv_weights_depthwise_layout' op expected a depthwise weight [O, 1, KH, KW], got [8, 2, 1, 3]}}
  func.return %0 : tensor<8x96x1x1xf32>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:191:3: error: 'ttnn.conv_weights_depthwise_layout' op expected a depthwise weight [O, 1, KH, KW], got [8, 2, 1, 3]

// -----

func.func @depthwise_ntiles(%w: tensor<8x1x1x3xf32>) -> tensor<8x96x1x1xf32> {
  %0 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 0 : tensor<8x1x1x3xf32> -> tensor<8x96x1x1xf32> // expected-error {{'ttnn.conv_weights_depthwise_layout' op expected act_block_h_ntiles to be positive, got 0}}
  func.return %0 : tensor<8x96x1x1xf32>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:199:3: error: 'ttnn.conv_weights_depthwise_layout' op expected act_block_h_ntiles to be positive, got 0

// -----

// [8, 1, 1, 3] with 1 tile: [8, 3*32 = 96, 1, 1].
func.func @depthwise_shape(%w: tensor<8x1x1x3xf32>) -> tensor<8x64x1x1xf32> {
  %0 = ttnn.conv_weights_depthwise_layout %w act_block_h_ntiles = 1 : tensor<8x1x1x3xf32> -> tensor<8x64x1x1xf32> // expected-error {{'ttnn.conv_weights_depthwise_layout' op expected result type tensor<8x96x1x1xf32>, got tensor<8x64x1x1xf32>}}
  func.return %0 : tensor<8x64x1x1xf32>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:208:3: error: 'ttnn.conv_weights_depthwise_layout' op expected result type tensor<8x96x1x1xf32>, got tensor<8x64x1x1xf32>

// -----

// Fold: 2 positive strides.
func.func @fold_zero(%w: tensor<4x3x4x4xf32>) -> tensor<4x12x2x2xf32> {
  %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [0, 2] : tensor<4x3x4x4xf32> -> tensor<4x12x2x2xf32> // expected-error {{'ttnn.conv_weights_fold_kernel_stride' op expected stride to have 2 positive values, got [0, 2]}}
  func.return %0 : tensor<4x12x2x2xf32>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:217:3: error: 'ttnn.conv_weights_fold_kernel_stride' op expected stride to have 2 positive values, got [0, 2]

// -----

func.func @fold_three(%w: tensor<4x3x4x4xf32>) -> tensor<4x12x2x2xf32> {
  %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2, 2] : tensor<4x3x4x4xf32> -> tensor<4x12x2x2xf32> // expected-error {{'ttnn.conv_weights_fold_kernel_stride' op expected stride to have 2 positive values, got [2, 2, 2]}}
  func.return %0 : tensor<4x12x2x2xf32>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:225:3: error: 'ttnn.conv_weights_fold_kernel_stride' op expected stride to have 2 positive values, got [2, 2, 2]

// -----

// A 3x3 kernel with stride 2 folds to ceil(3/2) = 2 taps a side.
func.func @fold_shape(%w: tensor<4x3x3x3xf32>) -> tensor<4x12x1x1xf32> {
  %0 = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2] : tensor<4x3x3x3xf32> -> tensor<4x12x1x1xf32> // expected-error {{'ttnn.conv_weights_fold_kernel_stride' op expected result type tensor<4x12x2x2xf32>, got tensor<4x12x1x1xf32>}}
  func.return %0 : tensor<4x12x1x1xf32>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:234:3: error: 'ttnn.conv_weights_fold_kernel_stride' op expected result type tensor<4x12x2x2xf32>, got tensor<4x12x1x1xf32>

// -----

// TT-NN 0.81.1 cannot prepare bfloat8_b weights for a 3x3 conv it runs from DRAM.
func.func @bfloat8_b_dram(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b> : tensor<2x3x3x3xf32> -> tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a DRAM input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan its DRAM slices it builds a row-major bfloat8_b placeholder weight, which TT-NN rejects (TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")}}
  func.return %0 : tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:243:3: error: 'ttnn.prepare_conv_weights' op TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a DRAM input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan its DRAM slices it builds a row-major bfloat8_b placeholder weight, which TT-NN rejects (TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")

// -----

// Explicit folding needs the padded input (9 + 2 = 11) divisible by the stride.
func.func @fold_odd(%w: tensor<16x4x3x3xf32>) -> tensor<1x1x64x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 4 out_channels = 16 batch_size = 1 input_height = 9 input_width = 8 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<enable_kernel_stride_folding = true> : tensor<16x4x3x3xf32> -> tensor<1x1x64x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>> // expected-error {{'ttnn.prepare_conv_weights' op kernel-stride folding needs the padded input height 11 (input_height 9 + padding 1+1) divisible by stride 2}}
  func.return %0 : tensor<1x1x64x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x128x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:252:3: error: 'ttnn.prepare_conv_weights' op kernel-stride folding needs the padded input height 11 (input_height 9 + padding 1+1) divisible by stride 2

// -----

// Activation reuse needs act blocks taller than the output width (1 tile <= ceil(16/32)).
func.func @reuse_small(%w: tensor<16x8x3x3xf32>) -> tensor<1x1x72x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 8 out_channels = 16 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 conv_config = #ttnn.conv2d_config<enable_activation_reuse = true> : tensor<16x8x3x3xf32> -> tensor<1x1x72x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> // expected-error {{'ttnn.prepare_conv_weights' op Activation reuse needs act block h (1) to be bigger than output image width in tiles (1) for the optimization to give boost (TT-NN meets this in its L1 estimate for height_sharded, made to choose the shard layout since none is given)}}
  func.return %0 : tensor<1x1x72x16xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:261:3: error: 'ttnn.prepare_conv_weights' op Activation reuse needs act block h {{[(]}}1{{[)]}} to be bigger than output image width in tiles {{[(]}}1{{[)]}} for the optimization to give boost {{[(]}}TT-NN meets this in its L1 estimate for height_sharded, made to choose the shard layout since none is given{{[)]}}

// -----

// The written result type must be the inferred one (docs/semantics.md §3.7: 96 rows with a ROW_MAJOR input).
func.func @wrong_result(%w: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
  %0 = ttnn.prepare_conv_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 3 out_channels = 2 batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1 : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> // expected-error {{'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> (inferred from the conv parameters), got tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>}}
  func.return %0 : tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:270:3: error: 'ttnn.prepare_conv_weights' op expected result type tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x96x32>> (inferred from the conv parameters), got tensor<1x1x27x2xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>

// -----

// A width-sharded conv whose weight reader fetches other rows than its activation blocks hold
// (128 channels in 8 K blocks, act_block_w_div 2): once refused only when lowered, with no location.
func.func @conv(%x: tensor<1x6x6x128xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x128x2x2xf32>) -> tensor<1x1x25x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <32x32>, <row_major>>>, physical = 1x1x32x32>> {
  %y = ttnn.conv2d %x, %w in_channels = 128 out_channels = 32 batch_size = 1 input_height = 6 input_width = 6 kernel_size = [2, 2] stride = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = width_sharded, act_block_w_div = 2> : (tensor<1x6x6x128xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x128x2x2xf32>) -> tensor<1x1x25x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <32x32>, <row_major>>>, physical = 1x1x32x32>> // expected-error {{'ttnn.conv2d' op ttnn-decompose cannot run this conv: width-sharded conv whose K blocks hold 128/8 input channels per tap while its weight reader fetches 0 tile rows per tap: TT-NN 0.81.1 reads weight tiles that do not match the activation (from reading its kernels, not run on a device); not modelled}}
  func.return %y : tensor<1x1x25x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,0)>]>, <32x32>, <row_major>>>, physical = 1x1x32x32>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:280:3: error: 'ttnn.conv2d' op ttnn-decompose cannot run this conv: width-sharded conv whose K blocks hold 128/8 input channels per tap while its weight reader fetches 0 tile rows per tap: TT-NN 0.81.1 reads weight tiles that do not match the activation (from reading its kernels, not run on a device); not modelled

// -----

// A conv-only field the run does not model (silu): refused at the conv, never run as if absent
// (a newcomer's finding: the fused activation and the padding mode were dropped silently).
func.func @silu(%x: tensor<1x16x16x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x32x3x3xf32>) -> tensor<1x1x256x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,7)>]>, <32x32>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %w in_channels = 32 out_channels = 32 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, activation = #ttnn.unary_with_param<op_type = silu>> : (tensor<1x16x16x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x32x3x3xf32>) -> tensor<1x1x256x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,7)>]>, <32x32>, <row_major>>>>> // expected-error {{'ttnn.conv2d' op ttnn-decompose cannot run this conv: the fused activation silu (conv_config.activation) is not modelled: TT-NN's conv kernels compute it on the SFPU, whose approximations the run does not reproduce (it applies relu, the packer's)}}
  func.return %y : tensor<1x1x256x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,7)>]>, <32x32>, <row_major>>>>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:290:3: error: 'ttnn.conv2d' op ttnn-decompose cannot run this conv: the fused activation silu (conv_config.activation) is not modelled: TT-NN's conv kernels compute it on the SFPU, whose approximations the run does not reproduce (it applies relu, the packer's)

// -----

// A conv-only field the run does not model (replicate): refused at the conv, never run as if absent
// (a newcomer's finding: the fused activation and the padding mode were dropped silently).
func.func @replicate(%x: tensor<1x16x16x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, %w: tensor<32x32x3x3xf32>) -> tensor<1x1x256x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,7)>]>, <32x32>, <row_major>>>>> {
  %y = ttnn.conv2d %x, %w in_channels = 32 out_channels = 32 batch_size = 1 input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16, activation = #ttnn.unary_with_param<op_type = relu>, padding_mode = replicate> : (tensor<1x16x16x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>, tensor<32x32x3x3xf32>) -> tensor<1x1x256x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,7)>]>, <32x32>, <row_major>>>>> // expected-error {{'ttnn.conv2d' op ttnn-decompose cannot run this conv: padding_mode replicate (conv_config.padding_mode) is not modelled: the run pads the input with zeros only}}
  func.return %y : tensor<1x1x256x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (0,7)>]>, <32x32>, <row_major>>>>>
}
// CHECK: {{.*}}ttnn-decompose-invalid.mlir:300:3: error: 'ttnn.conv2d' op ttnn-decompose cannot run this conv: padding_mode replicate (conv_config.padding_mode) is not modelled: the run pads the input with zeros only

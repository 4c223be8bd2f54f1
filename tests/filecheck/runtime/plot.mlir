// ttnn-run --plot-text and --plot: the tile map of each TILE result (# data, + partly padding,
// . padding) with its blocks, and a picture per TILE result in the --plot folder. The header
// ends with TT-NN's L1 estimate per core for the conv (docs/semantics.md §8.6).
// semantics.md §3.7 A: W[2, 3, 3, 3] on a ROW_MAJOR DRAM input is HEIGHT sharded with 3 → 8
// input channels: each kernel row is one 32-row block (3 taps of 8 channels, 24 rows), so
// every tile is part padding.
//
// RUN: ttnn-run %s --random-inputs 0 --plot-text | filecheck %s --match-full-lines
// CHECK:      prepared_weight: [1, 1, 96, 32] bf16 tile (logical [1, 1, 27, 2]), 3×1 tiles: 0 data (#), 3 partly padding (+), 0 padding (.)
// CHECK-NEXT: ttnn.prepare_conv_weights [2, 3, 3, 3] f32 → bf16 · input 1×56×56×3 row_major dram interleaved · kernel 3×3 stride 1×1 padding 1 dilation 1×1 groups 1 · grid 8×8
// CHECK-NEXT: height_sharded → special_padding layout · Cin 3→8 (align 8), Cout 2→32 · blocks 1×1 tiles · each of the 49 cores (0, 0)…(7, 5) and (0, 6) reads every block · physical [1, 1, 96, 32], logical [1, 1, 27, 2]
// CHECK-NEXT: L1 per core, TT-NN's estimate of the first DRAM slice in bytes: height_sharded on 49 cores · circular buffers 12352 = weights 2048 + act 4096 + act_tilized 4096 + bias 2048 + l1_array 64 · output 4096, halo 2944: total 19392 of 1393312 · auto shard: height_sharded 19392, block_sharded 92832, width_sharded 4086080 → height_sharded · DRAM slices: 1 along the output height, the largest needs 19392 · fits
// CHECK-NEXT:    0
// CHECK-NEXT: 0  +  kernel row 0 (rows 0–31)
// CHECK-NEXT:    ─
// CHECK-NEXT: 1  +  kernel row 1 (rows 32–63)
// CHECK-NEXT:    ─
// CHECK-NEXT: 2  +  kernel row 2 (rows 64–95)
// CHECK-NEXT: prepared_bias: [1, 1, 32, 32] bf16 tile (logical [1, 1, 1, 2]), 1×1 tiles: 0 data (#), 1 partly padding (+), 0 padding (.)
// CHECK-NEXT: ttnn.prepare_conv_bias [1, 1, 1, 2] f32 → bf16 · input 1×56×56×3 row_major dram interleaved · kernel 3×3 stride 1×1 padding 1 dilation 1×1 groups 1 · grid 8×8
// CHECK-NEXT: bias for a special_padding weight: row 0 holds the 2 values, zero-padded to 32 columns = round_up(Cout_pad 32, 32·block_w 1) and 32 rows · physical [1, 1, 32, 32], logical [1, 1, 1, 2]
// CHECK-NEXT: L1 per core, TT-NN's estimate of the first DRAM slice in bytes: height_sharded on 49 cores · circular buffers 12352 = weights 2048 + act 4096 + act_tilized 4096 + bias 2048 + l1_array 64 · output 4096, halo 2944: total 19392 of 1393312 · auto shard: height_sharded 19392, block_sharded 92832, width_sharded 4086080 → height_sharded · DRAM slices: 1 along the output height, the largest needs 19392 · fits
// CHECK-NEXT:    0
// CHECK-NEXT: 0  +
// CHECK-NOT:  {{.}}
//
// --ascii: the same text in ASCII (-> for →, x for ×, | for ·, ... for …, - for the rules).
// RUN: ttnn-run %s --random-inputs 0 --plot-text --ascii | filecheck %s --match-full-lines --check-prefix=ASCII
// ASCII:      prepared_weight: [1, 1, 96, 32] bf16 tile (logical [1, 1, 27, 2]), 3x1 tiles: 0 data (#), 3 partly padding (+), 0 padding (.)
// ASCII-NEXT: ttnn.prepare_conv_weights [2, 3, 3, 3] f32 -> bf16 | input 1x56x56x3 row_major dram interleaved | kernel 3x3 stride 1x1 padding 1 dilation 1x1 groups 1 | grid 8x8
// ASCII-NEXT: height_sharded -> special_padding layout | Cin 3->8 (align 8), Cout 2->32 | blocks 1x1 tiles | each of the 49 cores (0, 0)...(7, 5) and (0, 6) reads every block | physical [1, 1, 96, 32], logical [1, 1, 27, 2]
// ASCII-NEXT: L1 per core, TT-NN's estimate of the first DRAM slice in bytes: height_sharded on 49 cores | circular buffers 12352 = weights 2048 + act 4096 + act_tilized 4096 + bias 2048 + l1_array 64 | output 4096, halo 2944: total 19392 of 1393312 | auto shard: height_sharded 19392, block_sharded 92832, width_sharded 4086080 -> height_sharded | DRAM slices: 1 along the output height, the largest needs 19392 | fits
// ASCII-NEXT:    0
// ASCII-NEXT: 0  +  kernel row 0 (rows 0-31)
// ASCII-NEXT:    -
// RUN: ttnn-run %s --random-inputs 0 --plot-text --print --ascii | %python -c "import sys; print('ascii', sys.stdin.buffer.read().isascii())" | filecheck %s --check-prefix=ONLY-ASCII
// ONLY-ASCII: ascii True
//
// A picture per result, PNG by default, SVG with --plot-format svg; the folder is created.
// RUN: rm -rf %t.png %t.svg
// RUN: ttnn-run %s --random-inputs 0 --plot %t.png/pictures
// RUN: %python -c "import os; d = '%t.png/pictures'; print(sorted(os.listdir(d)), [open(os.path.join(d, f), 'rb').read(4) for f in sorted(os.listdir(d))])" | filecheck %s --check-prefix=PNG
// PNG: ['prepared_bias.png', 'prepared_weight.png'] [b'\x89PNG', b'\x89PNG']
// RUN: ttnn-run %s --random-inputs 0 --plot %t.svg --plot-format svg
// RUN: %python -c "import os; print(sorted(os.listdir('%t.svg')), open('%t.svg/prepared_weight.svg').read(5))" | filecheck %s --check-prefix=SVG
// SVG: ['prepared_bias.svg', 'prepared_weight.svg'] <?xml
// A run into a folder holding a picture it does not draw (an earlier run's, or its own of the
// other format: this run draws PNGs) is refused, naming --force; with --force its pictures are
// written beside them.
// RUN: %python -c "open('%t.svg/earlier.svg', 'w').write('<svg/>')"
// RUN: not ttnn-run %s --random-inputs 0 --plot %t.svg 2>&1 | filecheck %s --check-prefix=MIXED
// MIXED: ttnn-run: error: --plot {{.*}}.svg: the folder holds earlier.svg, prepared_bias.svg, prepared_weight.svg, which this run does not write (an earlier run's?): remove them, choose another folder, or give --force to write this run's files beside them
// RUN: ttnn-run %s --random-inputs 0 --plot %t.svg --force
// RUN: %python -c "import os; print(sorted(os.listdir('%t.svg')))" | filecheck %s --check-prefix=FORCED
// FORCED: ['earlier.svg', 'prepared_bias.png', 'prepared_bias.svg', 'prepared_weight.png', 'prepared_weight.svg']
//
// A bad format is one line; nothing is written.
// RUN: rm -rf %t.bad
// RUN: not ttnn-run %s --random-inputs 0 --plot %t.bad --plot-format jpg 2>&1 | filecheck %s --check-prefix=FORMAT
// FORMAT: ttnn-run: error: argument --plot-format: invalid choice: 'jpg' (choose from {{'?png'?}}, {{'?svg'?}}) (see ttnn-run --help)
// RUN: test ! -e %t.bad

module attributes {ttnn.grid = array<i32: 8, 8>} {
  func.func @main(%weight: tensor<2x3x3x3xf32>, %bias: tensor<1x1x1x2xf32>)
      -> (tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>,
          tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) {
    %prepared_weight = ttnn.prepare_conv_weights %weight
        input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
        input_layout = #ttnn.layout<row_major> weights_format = "OIHW"
        in_channels = 3 out_channels = 2 batch_size = 1 input_height = 56 input_width = 56
        kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1]
        has_bias = true groups = 1
        conv_config = #ttnn.conv2d_config<weights_dtype = bf16>
        : tensor<2x3x3x3xf32> -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
    %prepared_bias = ttnn.prepare_conv_bias %bias
        input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
        input_layout = #ttnn.layout<row_major>
        in_channels = 3 out_channels = 2 batch_size = 1 input_height = 56 input_width = 56
        kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1
        conv_config = #ttnn.conv2d_config<weights_dtype = bf16>
        : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
    func.return %prepared_weight, %prepared_bias
        : tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>,
          tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  }
}

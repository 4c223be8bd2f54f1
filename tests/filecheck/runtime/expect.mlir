// ttnn-run --expect: compare each result with expected values (device bytes, .tensorbin,
// .npy or an .npz) and name the first differing tile, face, row and column with both
// values; exit 1 when a result differs.
//
// The reference: this prepared weight (HEIGHT, W[2, 3, 3, 3] → [1, 1, 96, 32], 3 tiles) and
// its bias, written as device bytes.
// RUN: rm -rf %t.good %t.bad && mkdir -p %t.bad
// RUN: %python -c "import numpy as np; np.save('%t.w.npy', (np.arange(54, dtype=np.float32).reshape(2, 3, 3, 3) + 1) / 8)"
// RUN: ttnn-run %s --input weight=%t.w.npy --random-inputs 0 --raw-output %t.good
// RUN: ttnn-run %s --input weight=%t.w.npy --random-inputs 0 --expect %t.good | filecheck %s --check-prefix=SAME --match-full-lines
// SAME:      prepared_weight: same bytes as {{.*}}.good/prepared_weight.bin
// SAME-NEXT: prepared_bias: same bytes as {{.*}}.good/prepared_bias.bin
//
// A deliberately corrupted copy: in tile 1 (rows 32–63), element (2, 1) — W[1, 2, 1, 0] of
// semantics.md §3.7 A lands at row 34, column 1 — holds 0x3f80 (1.0) instead of its own
// value (1 + 1·27 + 2·9 + 1·3 + 0 = 49, / 8 = 6.125 = 0x40c4). Face 0, row 2, column 1 is
// element 2·16 + 1 = 33 of tile 1: byte 2048 + 66. The last byte of the buffer changes too.
// RUN: %python -c "d = bytearray(open('%t.good/prepared_weight.bin', 'rb').read()); d[2048 + 66:2048 + 68] = bytes([0x80, 0x3f]); d[-1] ^= 0x01; open('%t.bad/result0.bin', 'wb').write(bytes(d))"
// RUN: not ttnn-run %s --input weight=%t.w.npy --random-inputs 0 --expect %t.bad > %t.out 2> %t.err
// RUN: filecheck %s --check-prefix=DIFF --match-full-lines --input-file %t.out
// DIFF:      prepared_weight: differs from {{.*}}.bad/result0.bin: 2 of 3072 elements differ; the first at tile 1 ([0, 0], tile row 1, tile column 0), face 0, row 2, column 1 = physical element [0, 0, 34, 1]: 6.125 (0x40c4) here, 1.0 (0x3f80) expected
// DIFF-NEXT: prepared_bias: no expected values in {{.*}}.bad
// RUN: filecheck %s --check-prefix=STATUS --match-full-lines --input-file %t.err
// A result without expected values fails the check too (a check that checks less than it
// was asked to must not pass), named after the differences.
// STATUS:     ttnn-run: error: 1 of 1 compared result differs from the expected values; prepared_bias has no expected values in {{.*}}.bad
// STATUS-NOT: {{.}}
//
// Expected values as an .npz of float values (what --output writes), by name.
// RUN: ttnn-run %s --input weight=%t.w.npy --random-inputs 0 --output %t.npz
// RUN: not ttnn-run %s --input weight=%t.w.npy --random-inputs 1 --expect %t.npz | filecheck %s --check-prefix=NPZ --match-full-lines
// NPZ:      prepared_weight: same bytes as {{.*}}.npz[prepared_weight]
// NPZ-NEXT: prepared_bias: differs from {{.*}}.npz[prepared_bias]: {{[0-9]+}} of 1024 elements differ; the first at tile 0 ([0, 0], tile row 0, tile column 0), face 0, row 0, column 0 = physical element [0, 0, 0, 0]: {{.*}}
//
// An .npz whose members cover one result: the other is named, exit 1, even though the one
// compared is the same.
// RUN: %python -c "import numpy as np; np.savez('%t.half.npz', prepared_weight=np.load('%t.npz')['prepared_weight'])"
// RUN: not ttnn-run %s --input weight=%t.w.npy --random-inputs 0 --expect %t.half.npz > %t.half.out 2> %t.half.err
// RUN: filecheck %s --check-prefix=HALF --match-full-lines --input-file %t.half.out
// HALF:      prepared_weight: same bytes as {{.*}}.half.npz[prepared_weight]
// HALF-NEXT: prepared_bias: no expected values in {{.*}}.half.npz
// RUN: filecheck %s --check-prefix=HALF-STATUS --match-full-lines --input-file %t.half.err
// HALF-STATUS:     ttnn-run: error: prepared_bias has no expected values in {{.*}}.half.npz
// HALF-STATUS-NOT: {{.}}
//
// A member that names no result (a misspelt name) is refused before any comparison, like
// --input's; a member FUNCTION.NAME of another function of the module would be left alone.
// RUN: %python -c "import numpy as np; d = np.load('%t.npz'); np.savez('%t.typo.npz', prepared_weight=d['prepared_weight'], prepared_bais=d['prepared_bias'])"
// RUN: not ttnn-run %s --input weight=%t.w.npy --random-inputs 0 --expect %t.typo.npz > %t.typo.out 2>&1
// RUN: filecheck %s --check-prefix=TYPO --match-full-lines --input-file %t.typo.out
// TYPO:      ttnn-run: error: --expect {{.*}}.typo.npz: member 'prepared_bais.npy' names no result of @main (results: prepared_weight, prepared_bias)
// TYPO-NOT:  {{.}}
//
// Expected values must be floating-point, as --input's are: an int32 .npy is refused in
// --input's words, not compared as values; a bfloat16 one (ml_dtypes, '<V2') is taken.
// RUN: rm -rf %t.int && mkdir -p %t.int
// RUN: %python -c "import numpy as np; np.save('%t.int/prepared_bias.npy', np.zeros((1, 1, 1, 2), np.int32))"
// RUN: not ttnn-run %s --input weight=%t.w.npy --random-inputs 0 --expect %t.int > %t.int.out 2>&1
// RUN: filecheck %s --check-prefix=INT --match-full-lines --input-file %t.int.out
// INT:      ttnn-run: error: '{{.*}}.int/prepared_bias.npy' has dtype int32; expected floating-point values (float16, float32, float64 or bfloat16; convert others with .astype(np.float32))
// INT-NOT:  {{.}}
// RUN: %python -c "import numpy as np, ml_dtypes; d = np.load('%t.npz'); np.save('%t.int/prepared_bias.npy', d['prepared_bias'].astype(ml_dtypes.bfloat16)); np.save('%t.int/prepared_weight.npy', d['prepared_weight'])"
// RUN: ttnn-run %s --input weight=%t.w.npy --random-inputs 0 --expect %t.int | filecheck %s --check-prefix=BF16 --match-full-lines
// BF16:      prepared_weight: same bytes as {{.*}}.int/prepared_weight.npy
// BF16-NEXT: prepared_bias: same bytes as {{.*}}.int/prepared_bias.npy
//
// Errors: one line each, exit 1.
// RUN: not ttnn-run %s --random-inputs 0 --expect %t.missing 2>&1 | filecheck %s --check-prefix=MISSING
// MISSING: ttnn-run: error: --expect: '{{.*}}.missing' is neither a folder nor an .npz file
// RUN: rm -rf %t.empty && mkdir -p %t.empty
// RUN: not ttnn-run %s --random-inputs 0 --expect %t.empty 2>&1 | filecheck %s --check-prefix=EMPTY
// EMPTY: ttnn-run: error: --expect: no expected values for any result in {{.*}}.empty (looked for NAME.tensorbin, NAME.bin or NAME.npy for each name of each result)
// RUN: %python -c "open('%t.empty/prepared_weight.bin', 'wb').write(b'12345')"
// RUN: not ttnn-run %s --random-inputs 0 --expect %t.empty 2>&1 | filecheck %s --check-prefix=SHORT
// SHORT:     {{\A}}ttnn-run: error: '{{.*}}.empty/prepared_weight.bin' holds 5 bytes; a bf16 tile tensor of physical shape [1, 1, 96, 32] has 6144
// SHORT-NOT: {{.}}

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

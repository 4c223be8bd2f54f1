// ttnn-run --print on assign_bw: a header line per result (its tensor type), a summary
// (logical and physical shape, dtype, layout, tiles, device bytes) and the logical values.
// Every produced gradient is grad cast to its destination's dtype (input_b's values are
// never read). Inputs are small arrays saved by the RUN lines.

// RUN: %python -c "import numpy as np; np.save('%t.grad.npy', np.array([[1, -2, 0.5], [3, 0.25, -0.75]], np.float32)); np.save('%t.zero.npy', np.zeros((2, 3), np.float32)); np.save('%t.round.npy', np.array([[3, 1.00390625, 1.01171875], [0.1, -0.046875, 0.75]], np.float32))"

// Values exact in bf16 and in bfloat8_b (row exponent 2^1: steps of 2^-5).
// RUN: ttnn-run %s --input grad=%t.grad.npy --input input_a=%t.zero.npy --input input_b=%t.zero.npy --print | filecheck %s --match-full-lines
// CHECK:      ga: tensor<2x3xbf16, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:   logical [2, 3], physical [32, 32], bf16, tile, 1 tile, 2048 bytes
// CHECK-NEXT:   values:
// CHECK-NEXT:     {{\[}}[ 1.   -2.    0.5 ]
// CHECK-NEXT:      [ 3.    0.25 -0.75]]
// CHECK-NEXT: gb: tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// CHECK-NEXT:   logical [2, 3], physical [32, 32], bfp8_b, tile, 1 tile, 1088 bytes
// CHECK-NEXT:   values:
// CHECK-NEXT:     {{\[}}[ 1.   -2.    0.5 ]
// CHECK-NEXT:      [ 3.    0.25 -0.75]]

// Rounding: bf16 ties to even (1 + 2^-8 → 1, 1 + 3·2^-8 → 1 + 2^-6, 0.1 → 0.10009765625);
// bfloat8_b from those bf16 values: row 0 shares 2^1 (steps of 2^-5, 1 + 2^-6 is a tie → 1),
// row 1 shares 2^-1 from 0.75 (steps of 2^-7: 0.10009765625 → 13·2^-7 = 0.1015625).
// RUN: ttnn-run %s --input grad=%t.round.npy --input 1=%t.zero.npy --input 2=%t.zero.npy --print | filecheck %s --check-prefix=ROUND --match-full-lines
// ROUND:      ga: tensor<2x3xbf16, #ttnn.tensor_layout<tile>>
// ROUND-NEXT:   logical [2, 3], physical [32, 32], bf16, tile, 1 tile, 2048 bytes
// ROUND-NEXT:   values:
// ROUND-NEXT:     {{\[}}[ 3.        1.        1.015625]
// ROUND-NEXT:      [ 0.100098 -0.046875  0.75    ]]
// ROUND-NEXT: gb: tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
// ROUND-NEXT:   logical [2, 3], physical [32, 32], bfp8_b, tile, 1 tile, 1088 bytes
// ROUND-NEXT:   values:
// ROUND-NEXT:     {{\[}}[ 3.        1.        1.      ]
// ROUND-NEXT:      [ 0.101562 -0.046875  0.75    ]]

// The files: ga/gb, named after the returned values, each once: in the .npz (logical
// float32 values) and the exact device bytes — bf16 1.0 = 0x3f80 little-endian, element
// (1, 0) at face offset 16; bfloat8_b: 64 shared exponents (rows 0 and 1 of face 0: 0x80 =
// 2^1, the zero rows 0), then sign|magnitude bytes: 1 → 0x20, -2 → 0xc0, 0.5 → 0x10, 3 →
// 0x60, 0.25 → 0x08, -0.75 → 0x98.
// RUN: rm -rf %t.raw %t.npz %t.aliased
// RUN: ttnn-run %s --input grad=%t.grad.npy --input input_a=%t.zero.npy --input input_b=%t.zero.npy --output %t.npz --raw-output %t.raw
// RUN: %python -c "import numpy as np; f = np.load('%t.npz'); print(sorted(f.files), f['ga'].dtype, f['ga'].tolist(), f['gb'].tolist())" | filecheck %s --check-prefix=NPZ
// NPZ: ['ga', 'gb'] float32 {{\[}}[1.0, -2.0, 0.5], [3.0, 0.25, -0.75]] {{\[}}[1.0, -2.0, 0.5], [3.0, 0.25, -0.75]]
// RUN: %python -c "import os; a = open('%t.raw/ga.bin', 'rb').read(); b = open('%t.raw/gb.bin', 'rb').read(); print(sorted(os.listdir('%t.raw')), len(a), a[:6].hex(), a[32:38].hex(), len(b), b[:3].hex(), b[64:67].hex(), b[80:83].hex(), b[67:80].hex(), b[83:].count(0))" | filecheck %s --check-prefix=RAW
// RAW: ['ga.bin', 'gb.bin'] 2048 803f00c0003f 4040803e40bf 1088 808000 20c010 600898 00000000000000000000000000 1005
// --aliases: the folder also names each result by its position, a hard link to its file;
// the .npz still stores each array once.
// RUN: ttnn-run %s --input grad=%t.grad.npy --input input_a=%t.zero.npy --input input_b=%t.zero.npy --raw-output %t.aliased --aliases --output %t.aliased.npz --print | filecheck %s --check-prefix=ALIASED
// ALIASED: ga (result0): tensor<2x3xbf16, #ttnn.tensor_layout<tile>>
// RUN: %python -c "import os, numpy as np; print(sorted(os.listdir('%t.aliased')), os.path.samefile('%t.aliased/ga.bin', '%t.aliased/result0.bin'), os.path.samefile('%t.aliased/gb.bin', '%t.aliased/result1.bin'), sorted(np.load('%t.aliased.npz').files))" | filecheck %s --check-prefix=LINKS
// LINKS: ['ga.bin', 'gb.bin', 'result0.bin', 'result1.bin'] True True ['ga', 'gb']

func.func @main(%grad: tensor<2x3xbf16, #ttnn.tensor_layout<tile>>,
                %input_a: tensor<2x3xbf16, #ttnn.tensor_layout<tile>>,
                %input_b: tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
    -> (tensor<2x3xbf16, #ttnn.tensor_layout<tile>>,
        tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) {
  %ga, %gb = ttnn.assign_bw(%grad, %input_a, %input_b)
      : (tensor<2x3xbf16, #ttnn.tensor_layout<tile>>,
         tensor<2x3xbf16, #ttnn.tensor_layout<tile>>,
         tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
      -> (tensor<2x3xbf16, #ttnn.tensor_layout<tile>>,
          tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
  func.return %ga, %gb : tensor<2x3xbf16, #ttnn.tensor_layout<tile>>,
                         tensor<2x3x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
}

// ttnn-run's TT-NN 0.81.1 tensor files: `--tensorbin DIR` writes DIR/ga.tensorbin, … (named
// after the returned values; with --aliases also DIR/result0.tensorbin, …)
// (read back, they are the --raw-output bytes), and `--input NAME=PATH.tensorbin` takes one
// as an argument. Errors are one line on stderr (`{{\A}}` anchors it at the very start and
// `-NOT: {{.}}` rejects any further line), a non-zero exit, and no output written.

// RUN: rm -rf %t.raw %t.tb %t.out
// RUN: ttnn-run %s --random-inputs 0 --raw-output %t.raw --tensorbin %t.tb --aliases
// RUN: %python -c "import os; print(sorted(os.listdir('%t.tb')))" | filecheck %s --check-prefix=FILES
// FILES: ['ga.tensorbin', 'gb.tensorbin', 'result0.tensorbin', 'result1.tensorbin']

// Each file reads back as the raw bytes, with the result type's shapes, dtype and layout.
// RUN: %python -c "from ttnn_xdsl.runtime import DeviceTensor; [print(t.logical_shape, t.physical_shape, t.dtype.value, t.layout.value, t.to_bytes() == open('%t.raw/result%%d.bin' %% i, 'rb').read()) for i, t in enumerate(DeviceTensor.load_tensorbin('%t.tb/result%%d.tensorbin' %% i) for i in range(2))]" | filecheck %s --check-prefix=READBACK
// READBACK:      (2, 3) (32, 32) bf16 tile True
// READBACK-NEXT: (2, 3) (32, 32) bfp8_b tile True

// The header: size 376, so the data (one bf16 tile, 2048 bytes) starts at byte 384.
// RUN: %python -c "import os, struct; print(struct.unpack('<Q', open('%t.tb/result0.tensorbin', 'rb').read(8))[0], os.path.getsize('%t.tb/result0.tensorbin'))" | filecheck %s --check-prefix=HEADER
// HEADER: 376 2432

// The results fed back as inputs give the same results.
// RUN: rm -rf %t.again
// RUN: ttnn-run %s --input grad=%t.tb/result0.tensorbin --input input_a=%t.tb/result0.tensorbin --input input_b=%t.tb/result1.tensorbin --raw-output %t.again
// RUN: cmp %t.again/ga.bin %t.raw/ga.bin
// RUN: cmp %t.again/gb.bin %t.raw/gb.bin

// A file of another dtype than its argument.
// RUN: not ttnn-run %s --input grad=%t.tb/result1.tensorbin --random-inputs 0 --tensorbin %t.out 2>&1 | filecheck %s --check-prefix=DTYPE
// RUN: test ! -e %t.out
// DTYPE:     {{\A}}ttnn-run: error: input for %grad does not match the argument's type: dtype is bfp8_b, expected bf16{{$}}
// DTYPE-NOT: {{.}}

// A truncated file: the shard goes beyond the end.
// RUN: %python -c "open('%t.cut.tensorbin', 'wb').write(open('%t.tb/result0.tensorbin', 'rb').read()[:-10])"
// RUN: not ttnn-run %s --input grad=%t.cut.tensorbin --random-inputs 0 --tensorbin %t.out 2>&1 | filecheck %s --check-prefix=CUT
// RUN: test ! -e %t.out
// CUT:     {{\A}}ttnn-run: error: --input grad: '{{.*}}.cut.tensorbin': truncated: the shard's 2048 bytes at offset 0 go beyond the data region (2038 bytes from byte 384){{$}}
// CUT-NOT: {{.}}

// A file cut inside its header.
// RUN: %python -c "open('%t.short.tensorbin', 'wb').write(open('%t.tb/result0.tensorbin', 'rb').read()[:100])"
// RUN: not ttnn-run %s --input grad=%t.short.tensorbin --random-inputs 0 --tensorbin %t.out 2>&1 | filecheck %s --check-prefix=SHORT
// RUN: test ! -e %t.out
// SHORT:     {{\A}}ttnn-run: error: --input grad: '{{.*}}.short.tensorbin': the header size 376 goes beyond the end of the file (100 bytes): truncated or not a .tensorbin file{{$}}
// SHORT-NOT: {{.}}

// A .tensorbin that does not exist.
// RUN: not ttnn-run %s --input grad=%t.absent.tensorbin --random-inputs 0 --tensorbin %t.out 2>&1 | filecheck %s --check-prefix=ABSENT
// RUN: test ! -e %t.out
// ABSENT:     {{\A}}ttnn-run: error: --input grad: '{{.*}}.absent.tensorbin': no such file{{$}}
// ABSENT-NOT: {{.}}

// --tensorbin naming a file, not a folder: nothing is written, not even --raw-output.
// RUN: rm -rf %t.raw2 && touch %t.file
// RUN: not ttnn-run %s --random-inputs 0 --raw-output %t.raw2 --tensorbin %t.file 2>&1 | filecheck %s --check-prefix=NOTDIR
// RUN: test ! -e %t.raw2
// NOTDIR:     {{\A}}ttnn-run: error: cannot write '{{.*}}.file': Not a directory{{$}}
// NOTDIR-NOT: {{.}}

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

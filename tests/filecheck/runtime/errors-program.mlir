// ttnn-run's user errors about the program and the run. Each is a non-zero exit
// status (pytest checks it is exactly 1), a single line on stderr — `ttnn-run: error: ...`
// or `FILE:LINE:COL: error: ...` — and nothing else (no Traceback: `{{\A}}` anchors the
// message at the very start of the output and `-NOT: {{.}}` rejects any further line), and
// no output file: neither --output nor --raw-output exists afterwards.

// RUN: %python -c "import numpy as np, io; np.save('%t.ok.npy', np.ones((2, 3), np.float32)); np.save('%t.wide.npy', np.ones((2, 4), np.float32)); np.save('%t.nan.npy', np.array([[1, float('nan'), 2], [3, 4, 5]], np.float32)); np.savez('%t.arrays.npz', grad=np.ones((2, 3), np.float32)); open('%t.garbage.npy', 'w').write('not an array'); open('%t.badzip.npy', 'wb').write(b'PK-garbage-garbage'); b = io.BytesIO(); np.save(b, np.ones((2, 3), np.float32)); open('%t.truncated.npy', 'wb').write(b.getvalue()[:-8])"
// RUN: %python -c "open('%t.empty.mlir', 'w').write('builtin.module {}'); open('%t.bad.mlir', 'w').write('func.func @f(\n')"

// A module with no function.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %t.empty.mlir --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=NOFUNC
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// NOFUNC:     {{\A}}ttnn-run: error: the module has no function to run{{$}}
// NOFUNC-NOT: {{.}}

// --entry naming a function that does not exist.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --entry backward --random-inputs 0 --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=ENTRY
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// ENTRY:     {{\A}}ttnn-run: error: no function @backward to run (functions: @main); choose one with --entry{{$}}
// ENTRY-NOT: {{.}}

// A module that still holds a ttnn op, run with no pass: the interpreter refuses it.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s -p '' --random-inputs 0 --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=NOLOWER
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// NOLOWER:     {{\A}}ttnn-run: error: the module still holds the tensor-level op 'ttnn.assign_bw' at {{.*}}errors-program.mlir:81:3; the interpreter runs lowered loops only: run ttnn-lower first{{$}}
// NOLOWER-NOT: {{.}}

// A syntax error: FILE:LINE:COL.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %t.bad.mlir --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=PARSE
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// PARSE:     {{\A}}{{.*}}.bad.mlir:2:1: error: Expected argument or type{{$}}
// PARSE-NOT: {{.}}

// An unknown pass.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s -p lower-everything --random-inputs 0 --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=PIPELINE
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// PIPELINE:     {{\A}}ttnn-run: error: bad pass pipeline 'lower-everything': unknown pass 'lower-everything'{{$}}
// PIPELINE-NOT: {{.}}

// NaN in a bf16 grad that the loops typecast to bfloat8_b (an interpreter error).
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input grad=%t.nan.npy --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=NANCAST
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// NANCAST:     {{\A}}ttnn-run: error: bf16 -> bfp8_b typecast at {{.*}}errors-program.mlir:81:3: bfloat8_b cannot encode non-finite values (NaN or Inf found){{$}}
// NANCAST-NOT: {{.}}

// An output that cannot be written (its folder is a file): the raw-output folder is not left
// behind either. A folder that does not exist yet is made, as for --raw-output.
// RUN: rm -rf %t.npz %t.dir %t.nodir && touch %t.file
// RUN: not ttnn-run %s --random-inputs 0 --output %t.file/out.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=UNWRITABLE
// RUN: test ! -e %t.dir
// UNWRITABLE:     {{\A}}ttnn-run: error: cannot write '{{.*}}.file': Not a directory{{$}}
// UNWRITABLE-NOT: {{.}}
// RUN: ttnn-run %s --random-inputs 0 --output %t.nodir/deeper/out.npz
// RUN: test -f %t.nodir/deeper/out.npz

// --output is an .npz archive; --plot-format goes with --plot.
// RUN: not ttnn-run %s --random-inputs 0 --output %t.npy 2>&1 | filecheck %s --check-prefix=NPY
// NPY:     {{\A}}ttnn-run: error: --output writes an .npz archive (one float32 array a result): name it FILE.npz, got '{{.*}}.npy'{{$}}
// NPY-NOT: {{.}}
// RUN: not ttnn-run %s --random-inputs 0 --plot-format svg 2>&1 | filecheck %s --check-prefix=FORMAT
// FORMAT:     {{\A}}ttnn-run: error: --plot-format chooses the format of --plot DIR's pictures; give --plot{{$}}
// FORMAT-NOT: {{.}}

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

// ttnn-run's user errors about --input files and values. Each is a non-zero exit
// status (pytest checks it is exactly 1), a single line on stderr — `ttnn-run: error: ...`
// or `FILE:LINE:COL: error: ...` — and nothing else (no Traceback: `{{\A}}` anchors the
// message at the very start of the output and `-NOT: {{.}}` rejects any further line), and
// no output file: neither --output nor --raw-output exists afterwards.

// RUN: %python -c "import numpy as np, io; np.save('%t.ok.npy', np.ones((2, 3), np.float32)); np.save('%t.wide.npy', np.ones((2, 4), np.float32)); np.save('%t.nan.npy', np.array([[1, float('nan'), 2], [3, 4, 5]], np.float32)); np.savez('%t.arrays.npz', grad=np.ones((2, 3), np.float32)); open('%t.garbage.npy', 'w').write('not an array'); open('%t.badzip.npy', 'wb').write(b'PK-garbage-garbage'); b = io.BytesIO(); np.save(b, np.ones((2, 3), np.float32)); open('%t.truncated.npy', 'wb').write(b.getvalue()[:-8])"
// RUN: %python -c "open('%t.empty.mlir', 'w').write('builtin.module {}'); open('%t.bad.mlir', 'w').write('func.func @f(\n')"

// A .npy file that does not exist.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input grad=%t.missing.npy --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// MISSING:     {{\A}}ttnn-run: error: --input grad: no such file '{{.*}}.missing.npy'{{$}}
// MISSING-NOT: {{.}}

// A file that is not a .npy (no NumPy header).
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input grad=%t.garbage.npy --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=GARBAGE
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// GARBAGE:     {{\A}}ttnn-run: error: --input grad: '{{.*}}.garbage.npy' is not a .npy file (no NumPy header){{$}}
// GARBAGE-NOT: {{.}}

// A broken zip file (np.load would raise BadZipFile).
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input grad=%t.badzip.npy --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=BADZIP
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// BADZIP:     {{\A}}ttnn-run: error: --input grad: '{{.*}}.badzip.npy' is a zip archive (an .npz?), expected one .npy array{{$}}
// BADZIP-NOT: {{.}}

// A .npy whose data is cut short.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input grad=%t.truncated.npy --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=TRUNCATED
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// TRUNCATED:     {{\A}}ttnn-run: error: --input grad: cannot read '{{.*}}.truncated.npy' as a .npy file ({{.*}}){{$}}
// TRUNCATED-NOT: {{.}}

// An .npz archive given as one input's file: an archive gives its members by argument name.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input grad=%t.arrays.npz --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=NPZ
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// NPZ:     {{\A}}ttnn-run: error: --input grad: '{{.*}}.arrays.npz' is an .npz archive: give it as --input {{.*}}.arrays.npz (each member is the input of the argument it is named after){{$}}
// NPZ-NOT: {{.}}
// An .npy file that is a zip archive underneath is still refused as such.
// RUN: cp %t.arrays.npz %t.zip.npy
// RUN: not ttnn-run %s --input grad=%t.zip.npy --random-inputs 0 2>&1 | filecheck %s --check-prefix=ZIP
// ZIP:     {{\A}}ttnn-run: error: --input grad: '{{.*}}.zip.npy' is a zip archive (an .npz?), expected one .npy array{{$}}
// ZIP-NOT: {{.}}
// An archive member that names no argument.
// RUN: %python -c "import numpy as np; np.savez('%t.typo.npz', gard=np.ones((2, 3), np.float32))"
// RUN: not ttnn-run %s --input %t.typo.npz --random-inputs 0 2>&1 | filecheck %s --check-prefix=MEMBER
// MEMBER:     {{\A}}ttnn-run: error: --input {{.*}}.typo.npz: member 'gard.npy' names no argument of @main (arguments: grad, input_a, input_b){{$}}
// MEMBER-NOT: {{.}}

// An input of the wrong shape.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input grad=%t.wide.npy --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=SHAPE
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// SHAPE:     {{\A}}ttnn-run: error: input for %grad has shape [2, 4], expected [2, 3]{{$}}
// SHAPE-NOT: {{.}}

// An unknown argument name.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input gradient=%t.ok.npy --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=NAME
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// NAME:     {{\A}}ttnn-run: error: @main has no argument %gradient (arguments: %grad, %input_a, %input_b){{$}}
// NAME-NOT: {{.}}

// A position out of range.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input 3=%t.ok.npy --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=POSITION
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// POSITION:     {{\A}}ttnn-run: error: input position 3 is out of range: @main has 3 argument(s) (%grad, %input_a, %input_b){{$}}
// POSITION-NOT: {{.}}

// A missing input.
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input grad=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=ABSENT
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// ABSENT:     {{\A}}ttnn-run: error: missing input for argument %input_a of @main (expected shape [2, 3]); give it with --input NAME=FILE.npy or draw every missing input with --random-inputs SEED{{$}}
// ABSENT-NOT: {{.}}

// NaN into a bfloat8_b argument (input conversion).
// RUN: rm -rf %t.npz %t.dir
// RUN: not ttnn-run %s --input grad=%t.ok.npy --input input_a=%t.ok.npy --input input_b=%t.nan.npy --output %t.npz --raw-output %t.dir 2>&1 | filecheck %s --check-prefix=NANARG
// RUN: test ! -e %t.npz
// RUN: test ! -e %t.dir
// NANARG:     {{\A}}ttnn-run: error: input for %input_b: bfloat8_b cannot encode non-finite values (NaN or Inf found){{$}}
// NANARG-NOT: {{.}}

// The same module with good inputs runs (so each failure above is the one it names).
// RUN: rm -rf %t.npz %t.dir
// RUN: ttnn-run %s --input grad=%t.ok.npy --input input_a=%t.ok.npy --input input_b=%t.ok.npy --output %t.npz --raw-output %t.dir
// RUN: test -f %t.npz
// RUN: test -f %t.dir/gb.bin && test ! -e %t.dir/result1.bin

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

"""A fuzzer of `ttnn-opt` and `ttnn-run` (issue 8: no input crashes a tool).

Three kinds of cases, each generated from (seed, number) alone, so any case can be replayed:

- `mutations`: the example and lit files (and the examples already lowered) with one to
  three textual mutations — tokens deleted, duplicated or swapped, numbers made 0, −1, 2³¹,
  2⁶³…, shapes and element types changed, truncation, random bytes, deep nesting, lines
  spliced from other files — run through either tool with random passes and flags;
- `draws`: random parameters for every op (`prepare_conv_weights`, `prepare_conv_bias`,
  `assign_bw`, `typecast`, `to_layout`, each conv layout op), valid and invalid; an accepted
  case small enough runs and its values are checked against the index maps and data formats
  written in the tests (`test_conv_layouts`, `reference_formats`);
- `inputs`: bad runtime inputs and flags (.npy files of every dtype and shape, corrupt
  headers, .tensorbin files cut or flipped, missing paths, odd seeds and limits).

Each case runs a tool in process (`ttnn_xdsl.tools.*.main`, stdout and stderr captured) in
a worker process that the campaign kills when a case runs over 10 s. A case passes when it
exits 0 or 1; a failure is exactly one stderr line with no traceback and no internal error,
and leaves no output file; a success writes no stderr and its outputs; an accepted draw has
the values of the reference. `python -m fuzz` (from `tests/`, `make fuzz`) runs a campaign;
`test_fuzz.py` runs a bounded one in `make test`.
"""

// ttnn-run --plot / --plot-text on a ROW_MAJOR result: the pictures show a TILE tensor's
// tiles, so there is nothing to draw; one line says so in the result's place (the TILE
// result beside it is drawn), exit 0, and no picture is written for it.
//
// RUN: ttnn-run %s --random-inputs 0 --plot-text | filecheck %s --match-full-lines --check-prefix=TEXT
// TEXT:      rows: nothing to draw: the layout pictures show a TILE tensor's tiles; this result is ROW_MAJOR
// TEXT-NEXT: tiles: [1, 1, 64, 64] bf16 tile (logical [1, 1, 40, 50]), 2×2 tiles: 1 data (#), 3 partly padding (+), 0 padding (.)
//
// RUN: rm -rf %t.plot
// RUN: ttnn-run %s --random-inputs 0 --plot %t.plot | filecheck %s --match-full-lines --check-prefix=PLOT
// PLOT:      rows: nothing to draw: the layout pictures show a TILE tensor's tiles; this result is ROW_MAJOR
// PLOT-NOT:  {{.}}
// RUN: %python -c "import os; print(sorted(os.listdir('%t.plot')))" | filecheck %s --check-prefix=FILES
// FILES: ['tiles.png']

func.func @main(%t: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>)
    -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<row_major>>,
        tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>) {
  %rows = ttnn.to_layout %t : tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>> -> tensor<1x1x40x50xbf16, #ttnn.tensor_layout<row_major>>
  %tiles = ttnn.typecast %t : tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>> -> tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>
  func.return %rows, %tiles : tensor<1x1x40x50xbf16, #ttnn.tensor_layout<row_major>>,
      tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>
}

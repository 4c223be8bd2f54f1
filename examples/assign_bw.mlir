// ttnn.assign_bw, the backward of assign (a copy): every produced gradient is the incoming
// gradient cast to the dtype of its destination.
//
//   ttnn-opt examples/assign_bw.mlir                      parse, verify, print
//   ttnn-opt examples/assign_bw.mlir -p ttnn-lower        the tiled loops
//   ttnn-run examples/assign_bw.mlir --random-inputs 0 --print
//   ttnn-run examples/assign_bw.mlir --entry unary --random-inputs 0 --print

// Binary form: input_a's gradient in bf16, input_b's in bfloat8_b (each takes its input's
// dtype). A [1, 1, 40, 50] tensor is 2×2 tiles.
func.func @main(%grad: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
                %input_a: tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
                %input_b: tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
    -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
        tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>) {
  %grad_a, %grad_b = ttnn.assign_bw(%grad, %input_a, %input_b) are_required_outputs = [true, true]
      : (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
         tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
         tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
      -> (tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
          tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>)
  func.return %grad_a, %grad_b : tensor<1x1x40x50xbf16, #ttnn.tensor_layout<tile>>,
      tensor<1x1x40x50x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
}

// Unary form with a preallocated output: a bfloat8_b grad lands in a bf16 buffer, which
// gives the result its dtype.
func.func @unary(%grad: tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                 %input: tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
                 %buffer: tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>)
    -> tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>> {
  %grad_input = ttnn.assign_bw(%grad, %input) input_grad(%buffer) queue_id = 0
      : (tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
         tensor<2x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>,
         tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>)
      -> tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>
  func.return %grad_input : tensor<2x64x64xbf16, #ttnn.tensor_layout<tile>>
}

// Mismatches of --verify-diagnostics (tools/verify-diagnostics.mlir runs this file): a wrong
// text, an error no comment expects, and a comment whose error never comes.
func.func @wrong_text(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  // expected-error @+1 {{the output shape}}
  %0 = ttnn.typecast %g : tensor<32x32xbf16, #ttnn.tensor_layout<tile>> -> tensor<64x32xf32, #ttnn.tensor_layout<tile>>
  func.return
}

// -----

func.func @valid(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  func.return // expected-error {{never comes}}
}

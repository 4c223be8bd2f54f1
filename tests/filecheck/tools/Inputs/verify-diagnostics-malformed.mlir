// expected-error @-5 {{a line before the file}}
// expected-* comments that cannot be read (tools/verify-diagnostics.mlir runs this file): each
// is reported at its comment, then the mismatches.
func.func @malformed(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  // expected-error-re @+1 {{result {{[unclosed}} shape}}
  %0 = ttnn.typecast %g : tensor<32x32xbf16, #ttnn.tensor_layout<tile>> -> tensor<64x32xf32, #ttnn.tensor_layout<tile>>
  // expected-error {{no closing braces
  // expected-error-re {{an open {{block}}
  // expected-warning @sideways {{x}}
  func.return
}

// -----

// expected-error @-3 {{a line before the chunk}}
func.func @valid(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  func.return
}

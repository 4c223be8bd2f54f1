// A valid module for the ttnn-opt CLI tests.
func.func @main(%g: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, %a: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xbf16, #ttnn.tensor_layout<tile>> {
  %0 = ttnn.assign_bw(%g, %a) : (tensor<32x32xbf16, #ttnn.tensor_layout<tile>>, tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) -> tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
  func.return %0 : tensor<32x32xbf16, #ttnn.tensor_layout<tile>>
}

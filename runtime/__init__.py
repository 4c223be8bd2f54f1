"""Execution: TT data formats (`formats`), device tensors (`tensor.DeviceTensor`), TT-NN
0.81.1 `.tensorbin` files (`tensorbin`), the NumPy interpreter of lowered IR (`interpreter`),
running a lowered function (`execution.Executable`) and comparing results with expected ones
(`compare.first_difference`). Nothing here compiles: loading IR and lowering it is
`ttnn_xdsl.program`."""

from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.runtime.compare import Difference, first_difference
from ttnn_xdsl.runtime.tensor import DeviceTensor

__all__ = ["DeviceTensor", "Difference", "RunError", "first_difference"]

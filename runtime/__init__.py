"""Execution: device tensors (`tensor.DeviceTensor`), the NumPy interpreter of lowered IR
(`interpreter`), running a lowered function (`execution.Executable`) and comparing results
with expected ones (`compare.first_difference`). Nothing here compiles: loading IR and
lowering it is `ttnn_xdsl.program`; TT-NN's data and file formats are
`ttnn_xdsl.tensor_formats`, layout pictures `ttnn_xdsl.pictures`."""

from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.runtime.compare import Difference, first_difference
from ttnn_xdsl.runtime.tensor import DeviceTensor

__all__ = ["DeviceTensor", "Difference", "RunError", "first_difference"]

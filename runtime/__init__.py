"""Execution: TT data formats, device tensors, the NumPy interpreter and `run`."""

from ttnn_xdsl.runtime.run import Program, RunError, run
from ttnn_xdsl.runtime.tensor import DeviceTensor

__all__ = ["DeviceTensor", "Program", "RunError", "run"]

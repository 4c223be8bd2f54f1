"""Execution: TT data formats (`formats`), device tensors (`tensor.DeviceTensor`), TT-NN
0.81.1 `.tensorbin` files (`tensorbin`), the NumPy interpreter of lowered IR (`interpreter`),
running a program (`program.run`, `program.Program`) and comparing results with expected
ones (`compare.first_difference`).

The public names load lazily, so `import ttnn_xdsl.runtime.formats` stays free of IR."""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS: dict[str, str] = {
    "DeviceTensor": "tensor",
    "Difference": "compare",
    "first_difference": "compare",
    "Program": "program",
    "TensorSlot": "program",
    "run": "program",
    "RunError": "program",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)

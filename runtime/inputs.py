"""Inputs of a run: converting the values a caller gives (NumPy arrays of logical values, or
DeviceTensors) to an argument's tensor type, and drawing random ones."""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy as np

from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.runtime.slots import TensorSlot
from ttnn_xdsl.runtime.tensor import DeviceTensor

__all__ = ["InputValue", "standard_normal", "to_device"]

InputValue = np.ndarray | DeviceTensor

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)


def _shown(fact: object) -> str:
    """A dtype, layout or shape as a message names it."""
    return format_shape(fact) if isinstance(fact, tuple) else str(getattr(fact, "value", fact))


def to_device(value: InputValue, slot: TensorSlot) -> DeviceTensor:
    """Convert an input to the argument's tensor type (rounding, tilizing, packing); a
    DeviceTensor must already be of that type."""
    tensor = slot.tensor
    if isinstance(value, DeviceTensor):
        differences = [
            f"{what} is {_shown(given)}, expected {_shown(wanted)}"
            for what, given, wanted in (
                ("dtype", value.dtype, tensor.dtype),
                ("layout", value.layout, tensor.layout),
                ("logical shape", value.logical_shape, tensor.shape),
                ("physical shape", value.physical_shape, tensor.physical_shape),
            )
            if given != wanted
        ]
        if differences:
            raise RunError(
                f"input for {slot.label} does not match the argument's type: "
                + "; ".join(differences)
            )
        return value
    array: Any = np.asarray(value)
    if array.dtype.kind != "f" and array.dtype != BFLOAT16:
        raise RunError(
            f"input for {slot.label} has dtype {array.dtype}; expected floating-point values "
            "(float16, float32, float64 or bfloat16; convert others with .astype(np.float32))"
        )
    if tuple(array.shape) != tensor.shape:
        raise RunError(
            f"input for {slot.label} has shape {format_shape(array.shape)}, expected "
            f"{format_shape(tensor.shape)}"
        )
    try:
        # float64 values beyond float32's range become ±inf, as torch's cast makes them
        # (bfloat8_b then refuses them): no overflow warning.
        with np.errstate(over="ignore"):
            return DeviceTensor.from_numpy(
                array,
                tensor.dtype,
                tensor.layout,
                physical_shape=tensor.physical_shape if tensor.explicit_physical else None,
                memory_config=tensor.memory_config,
            )
    except ValueError as error:
        raise RunError(f"input for {slot.label}: {error}") from None


def standard_normal(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """`rng.standard_normal(shape).astype(np.float32)` without its full-size float64
    temporary: drawn in chunks (the same stream of values), each rounded to float32."""
    values = np.empty(shape, np.float32)
    flat = values.reshape(-1)
    chunk = np.empty(max(1, min(flat.size, 1 << 16)))
    for start in range(0, flat.size, chunk.size):
        part = chunk[: min(chunk.size, flat.size - start)]
        rng.standard_normal(out=part)
        flat[start : start + part.size] = part
    return values

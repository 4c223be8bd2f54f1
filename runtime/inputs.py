"""Inputs of a run: converting the values a caller gives (NumPy arrays of logical values, or
DeviceTensors) to an argument's tensor type, and drawing random ones."""

from __future__ import annotations

import math
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import ml_dtypes
import numpy as np

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.dialect.tensor_types import TensorInfo
from ttnn_xdsl.runtime.slots import TensorSlot
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.tensor_formats import formats
from ttnn_xdsl.tensor_formats.npy import float_dtype_problem

__all__ = [
    "BackgroundDraw",
    "InputValue",
    "standard_normal",
    "to_device",
    "type_differences",
]

InputValue = np.ndarray | DeviceTensor

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)


def _shown(fact: object) -> str:
    """A dtype, layout or shape as a message names it."""
    return format_shape(fact) if isinstance(fact, tuple) else str(getattr(fact, "value", fact))


def type_differences(value: DeviceTensor, tensor: TensorInfo) -> list[str]:
    """What keeps `value` from being a value of the type `tensor` (dtype, layout, logical and
    physical shape), each as `what is X, expected Y`; empty when it is one."""
    return [
        f"{what} is {_shown(given)}, expected {_shown(wanted)}"
        for what, given, wanted in (
            ("dtype", value.dtype, tensor.dtype),
            ("layout", value.layout, tensor.layout),
            ("logical shape", value.logical_shape, tensor.shape),
            ("physical shape", value.physical_shape, tensor.physical_shape),
        )
        if given != wanted
    ]


def to_device(value: InputValue, slot: TensorSlot) -> DeviceTensor:
    """Convert an input to the argument's tensor type (rounding, tilizing, packing); a
    DeviceTensor must already be of that type."""
    tensor = slot.tensor
    if isinstance(value, DeviceTensor):
        differences = type_differences(value, tensor)
        if differences:
            raise RunError(
                f"input for {slot.label} does not match the argument's type: "
                + "; ".join(differences)
            )
        return value
    array: Any = np.asarray(value)
    problem = float_dtype_problem(array.dtype)
    if problem is not None:
        raise RunError(f"input for {slot.label} {problem}")
    if tuple(array.shape) != tensor.shape:
        raise RunError(
            f"input for {slot.label} has shape {format_shape(array.shape)}, expected "
            f"{format_shape(tensor.shape)}"
        )
    if _already_bfloat16_row_major(array, tensor):
        # The values as they are (no rounding can change them): no copy. The run copies the
        # buffer before the IR could write it (the array is the caller's).
        return DeviceTensor(
            tensor.shape, tensor.shape, tensor.dtype, tensor.layout, array, tensor.memory_config
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


def _already_bfloat16_row_major(array: np.ndarray, tensor: TensorInfo) -> bool:
    """Whether a bfloat16 array is already a ROW_MAJOR bf16 argument's data: C-contiguous and
    unchanged by the conversion's bfloat16 rounding (no NaN it would rewrite)."""
    if array.dtype != BFLOAT16 or not array.flags.c_contiguous:
        return False
    if tensor.layout != Layout.ROW_MAJOR or tensor.dtype != DataType.BFLOAT16:
        return False
    if tensor.explicit_physical and tuple(tensor.physical_shape) != tuple(array.shape):
        return False
    return formats.rounding_keeps_bfloat16(array)


def standard_normal(
    rng: np.random.Generator,
    shape: tuple[int, ...],
    out: np.ndarray | None = None,
    chunk_values: int = 1 << 16,
) -> np.ndarray:
    """`rng.standard_normal(shape).astype(np.float32)` without its full-size float64
    temporary: drawn in chunks of `chunk_values` (the same stream of values whatever the
    size), each rounded to float32; into the front of the float32 array `out` when given."""
    if out is None:
        values = np.empty(shape, np.float32)
    else:
        values = out.reshape(-1)[: math.prod(shape)].reshape(shape)
    flat = values.reshape(-1)
    chunk = np.empty(max(1, min(flat.size, chunk_values)))
    for start in range(0, flat.size, chunk.size):
        part = chunk[: min(chunk.size, flat.size - start)]
        rng.standard_normal(out=part)
        flat[start : start + part.size] = part
    return values


_SWITCH_LOCK = threading.Lock()
_SWITCH_USERS: list[float] = []  # the interval before the first user, once per user


@contextmanager
def _short_switch_interval(interval: float) -> Iterator[None]:
    """The interpreter's switch interval at most `interval` while any draw runs: the
    interval of before is put back when the last of several concurrent draws ends."""
    with _SWITCH_LOCK:
        before = _SWITCH_USERS[0] if _SWITCH_USERS else sys.getswitchinterval()
        _SWITCH_USERS.append(before)
        sys.setswitchinterval(min(before, interval))
    try:
        yield
    finally:
        with _SWITCH_LOCK:
            _SWITCH_USERS.pop()
            if not _SWITCH_USERS:
                sys.setswitchinterval(before)


class BackgroundDraw:
    """The arguments `slots` converted from the values `standard_normal` draws from `seed`
    (in order, from one generator: what a run with that seed draws for them), drawn and
    converted on a thread of their own while the caller goes on — NumPy's generator and
    casts release the GIL, so on a machine with a free core the drawing costs the caller
    little (a run of ResNet-50 draws 23.5 million values while its module is lowered). Each
    argument's values are converted before the next are drawn, as a run does: one argument's
    float32 values at a time."""

    def __init__(self, seed: int, slots: Sequence[TensorSlot]):
        # The values are drawn into one buffer, made here: buffers made and freed on the
        # thread (one per argument) come from its own malloc arena, which keeps the memory
        # (assign_bw 2048²: 8 MiB more at the peak).
        sizes = [math.prod(slot.tensor.shape) for slot in slots]
        self._values = np.empty(max(sizes, default=0), np.float32)
        self.seed = seed
        self.positions = tuple(slot.position for slot in slots)
        self.types = tuple(slot.tensor for slot in slots)
        self._tensors: list[DeviceTensor] = []
        self._error: BaseException | None = None
        self._cancelled = threading.Event()
        self._thread = threading.Thread(
            target=self._draw, args=(list(slots),), name="ttnn-xdsl-draw", daemon=True
        )
        self._thread.start()

    # The thread needs the GIL between its NumPy calls, and the caller's lowering (pure
    # Python) holds it: each time, the thread waits for the interpreter's switch interval
    # (5 ms by default). Chunks of 2^20 values (8 MiB of float64, 10 ms to draw) and a
    # switch interval of 0.1 ms while the thread runs keep those waits small against the
    # work: with 64 Ki-value chunks and 5 ms, the thread waited more than it drew and
    # overlapped nothing.
    CHUNK_VALUES = 1 << 20
    SWITCH_INTERVAL = 1e-4

    def _draw(self, slots: list[TensorSlot]) -> None:
        with _short_switch_interval(self.SWITCH_INTERVAL):
            try:
                rng = np.random.default_rng(self.seed)
                for slot in slots:
                    if self._cancelled.is_set():
                        return
                    values = standard_normal(
                        rng, slot.tensor.shape, self._values, chunk_values=self.CHUNK_VALUES
                    )
                    self._tensors.append(to_device(values, slot))
            except BaseException as error:  # MemoryError: raised where the tensors are used
                self._error = error

    def cancel(self) -> None:
        """Stop drawing after the argument being drawn (the load failed: no run will take
        the values), and free the buffer."""
        self._cancelled.set()
        self._thread.join()
        self._values = np.empty(0, np.float32)
        self._tensors = []

    def tensors(self) -> list[DeviceTensor]:
        """The arguments, once drawn and converted (raises what that raised)."""
        self._thread.join()
        self._values = np.empty(0, np.float32)
        if self._error is not None:
            raise self._error
        return self._tensors

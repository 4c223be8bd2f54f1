""".npy files as inputs: the one array of the file, its size checked from the header before
anything is allocated.

The header is NumPy's format (a magic string, a version, a Python-literal dict of `descr`,
`fortran_order` and `shape`). Its `descr` names the dtype; `<V2` — a little-endian 2-byte
type NumPy does not know — is how `np.save` writes an `ml_dtypes.bfloat16` array, and is
read as bfloat16 (a plain NumPy 2-byte void type is written `|V2`).
"""

from __future__ import annotations

import ast
import math
import os
import stat
import zlib
from typing import IO, Any

import ml_dtypes
import numpy as np

from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.core.shapes import format_bytes, format_shape

__all__ = ["DEFAULT_MAX_BYTES", "npy_data_bytes", "read_npy", "read_npy_stream"]

DEFAULT_MAX_BYTES = 8 * 2**30
"""The largest tensor or buffer a run accepts by default (8 GiB): each argument and result
(4 bytes a value at its physical shape), each `memref.alloc`, each input or expected file's
array. Checked before anything is allocated, so an absurd shape is one error line, not a
MemoryError."""

_NPY_MAGIC = b"\x93NUMPY"
_ZIP_MAGIC = b"PK"
_MAX_HEADER_BYTES = 10_000
"""NumPy's own limit on a header's length (`np.load`'s default `max_header_size`)."""
_BFLOAT16_DESCR = "<V2"


def read_npy(path: str, max_bytes: int) -> np.ndarray:
    """The array of the .npy file `path`. Raises TTNNError, naming the file, when it cannot
    be read, is not a .npy file, is corrupt or holds more than `max_bytes` of data."""
    try:
        stream = open(path, "rb")  # noqa: SIM115 (closed below, after the error mapping)
    except FileNotFoundError:
        raise TTNNError(f"no such file '{path}'") from None
    except OSError as error:
        raise TTNNError(f"cannot read '{path}': {error.strerror}") from None
    with stream:
        return read_npy_stream(stream, f"'{path}'", max_bytes)


def read_npy_stream(stream: IO[bytes], source: str, max_bytes: int) -> np.ndarray:
    """The array of a .npy file open for reading at its start (a file, an .npz member);
    `source` names it in the errors (TTNNError), as `read_npy` does."""
    try:
        magic = stream.read(len(_NPY_MAGIC))
    except OSError as error:
        raise TTNNError(f"cannot read {source}: {error.strerror}") from None
    # Check the header first: np.load would try a zip reader or pickle on anything else.
    if magic.startswith(_ZIP_MAGIC):
        raise TTNNError(f"{source} is a zip archive (an .npz?), expected one .npy array")
    if magic != _NPY_MAGIC:
        raise TTNNError(f"{source} is not a .npy file (no NumPy header)")
    try:
        stream.seek(0)
        shape, dtype, bfloat16 = _read_header(stream)
        size = _data_bytes(shape, dtype)
        if size > max_bytes:
            described = f"shape {format_shape(shape)}, {'bfloat16' if bfloat16 else dtype}"
            raise TTNNError(
                f"{source} holds {format_bytes(size)} ({described}), more than the limit "
                f"of {format_bytes(max_bytes)}"
            )
        stream.seek(0)
        array = np.lib.format.read_array(stream, allow_pickle=False)
    except (OSError, ValueError, EOFError, zlib.error) as error:
        message = " ".join(str(error).split()) or type(error).__name__
        raise TTNNError(f"cannot read {source} as a .npy file ({message})") from None
    return array.view(ml_dtypes.bfloat16) if bfloat16 else array


def npy_data_bytes(path: str) -> int | None:
    """The bytes of the array the .npy file `path` holds, from its header alone (before any
    input is read); None for what is not a regular file with a readable header (a FIFO is
    read once, by `read_npy`, which then says what is wrong)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as stream:
            if stream.read(len(_NPY_MAGIC)) != _NPY_MAGIC:
                return None
            stream.seek(0)
            shape, dtype, _ = _read_header(stream)
    except (OSError, ValueError, EOFError):
        return None
    return _data_bytes(shape, dtype)


def _data_bytes(shape: tuple[int, ...], dtype: np.dtype[Any]) -> int:
    return math.prod(shape) * dtype.itemsize


def _read_header(stream: IO[bytes]) -> tuple[tuple[int, ...], np.dtype[Any], bool]:
    """(shape, dtype, whether the dtype is bfloat16) from the header; ValueError when it is
    malformed."""
    major, _ = np.lib.format.read_magic(stream)
    length_bytes = 2 if major == 1 else 4
    length = int.from_bytes(stream.read(length_bytes), "little")
    if length > _MAX_HEADER_BYTES:
        raise ValueError(f"header of {length} bytes, more than {_MAX_HEADER_BYTES}")
    raw = stream.read(length)
    if len(raw) < length:
        raise ValueError("the header is cut short")
    try:
        header = ast.literal_eval(raw.decode("utf8" if major >= 3 else "latin1"))
    except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError):
        raise ValueError("the header is not a Python literal") from None
    if not isinstance(header, dict) or set(header) != {"descr", "fortran_order", "shape"}:
        raise ValueError("the header is not a dict of descr, fortran_order and shape")
    shape = header["shape"]
    if not isinstance(shape, tuple) or not all(
        isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape
    ):
        raise ValueError(f"the header's shape is not a tuple of sizes: {shape!r}")
    descr = header["descr"]
    if descr == _BFLOAT16_DESCR:
        return shape, np.dtype(ml_dtypes.bfloat16), True
    try:
        dtype = np.lib.format.descr_to_dtype(descr)
    except (TypeError, ValueError, KeyError):
        raise ValueError(f"the header's descr is not a dtype: {descr!r}") from None
    return shape, dtype, False


def float_dtype_problem(dtype: np.dtype[Any]) -> str | None:
    """Why values of `dtype` are neither an input nor expected values (`ttnn-run --input`,
    `--expect`), None when they can be: only float dtypes are values TT-NN converts from the
    host; an integer array is more likely indices or a mistake than values to round."""
    if dtype.kind == "f" or dtype == np.dtype(ml_dtypes.bfloat16):
        return None
    return (
        f"has dtype {dtype}; expected floating-point values (float16, float32, float64 or "
        "bfloat16; convert others with .astype(np.float32))"
    )

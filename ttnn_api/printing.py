"""The values part of TT-NN 0.81.1's tensor repr, as its printer writes it:

    ttnn.Tensor([[ 0.0000,  1.0000,  ...,  8.0000,  9.0000],
                 ...,
                 [90.0000, 91.0000,  ..., 98.0000, 99.0000]], shape=Shape([10, 10]), ...)

Four decimals, each value right-aligned in 7 characters (11 in scientific notation); a dim of
more than 4 entries shows its first 2 and last 2 around `...`; rows are separated by a line
break, higher dims by a blank line. Scientific notation when the finite non-zero magnitudes
span more than a factor 1000, exceed 1e8 or go below 1e-4."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

__all__ = ["format_values"]

PREFIX = "ttnn.Tensor("
EDGE = 2
"""Entries shown at each end of an elided dim."""
ELIDE_ABOVE = 4
"""A dim of more entries than this is elided."""


def format_values(values: np.ndarray) -> str:
    """The nested, aligned text of `values` (float64 or float32) that follows `ttnn.Tensor(`."""
    scientific = _scientific(values)
    width = 11 if scientific else 7

    def number(value: float) -> str:
        if np.isnan(value):
            text = "nan"
        elif np.isinf(value):
            text = "inf" if value > 0 else "-inf"
        else:
            text = f"{value:.4e}" if scientific else f"{value:.4f}"
        return text.rjust(width)

    if values.ndim == 0:
        return number(float(values))
    if values.size == 0:
        return "[]"
    return _block(values, 0, number)


def _scientific(values: np.ndarray) -> bool:
    magnitudes = np.abs(values[np.isfinite(values) & (values != 0)].astype(np.float64))
    if magnitudes.size == 0:
        return False
    largest, smallest = float(magnitudes.max()), float(magnitudes.min())
    return largest / smallest > 1000.0 or largest > 1.0e8 or smallest < 1.0e-4


def _entries(length: int) -> list[int | None]:
    """The indices shown of a dim of `length` entries (None: the ellipsis)."""
    if length <= ELIDE_ABOVE:
        return list(range(length))
    return [*range(EDGE), None, *range(length - EDGE, length)]


def _block(values: np.ndarray, depth: int, number: Callable[[float], str]) -> str:
    if values.ndim == 1:
        items = [
            " ..." if index is None else number(float(values[index]))
            for index in _entries(values.shape[0])
        ]
        return "[" + ", ".join(items) + "]"
    indent = " " * (len(PREFIX) + depth + 1)
    separator = ",\n" + ("" if values.ndim == 2 else "\n") + indent
    items = [
        "..." if index is None else _block(values[index], depth + 1, number)
        for index in _entries(values.shape[0])
    ]
    return "[" + separator.join(items) + "]"

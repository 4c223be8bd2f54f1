"""Comparing a device tensor with the one it should be, element by element in device byte
order, and naming the first difference by tile, face, row and column (semantics.md §1.1):
what a user needs when a conv reads garbage.

Two elements are the same when their encodings are: the same float32 or bfloat16 bits, or for
bfloat8_b the same sign|magnitude byte *and* the same shared exponent of its face row (two
encodings of one value still differ in bytes, and the device reads bytes). Expected values
given at the logical shape (what `ttnn.to_torch` gives) are compared over the logical region
only: a tensor's padding is not theirs to judge (a conv's rows past N·OH·OW hold its bias, a
prepared weight's padding layout holds data past its logical rows). Expected values of the
whole physical tensor (device bytes, a `.tensorbin`, the physical matrix) are compared
everywhere, padding included."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.core.shapes import TILE_SIZE, format_shape
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.tensor_formats import formats
from ttnn_xdsl.tensor_formats.npy import DEFAULT_MAX_BYTES, float_dtype_problem, read_npy
from ttnn_xdsl.tensor_formats.tensorbin_schema import TENSORBIN_SUFFIX

if TYPE_CHECKING:
    from ttnn_xdsl.dialect.tensor_types import TensorInfo

__all__ = [
    "Difference",
    "ExpectedValues",
    "compared_values",
    "expected_from_values",
    "expected_tensor",
    "first_difference",
    "pearson_correlation",
    "same_kind",
]

FACE = formats.FACE_SIZE
FACES_PER_ROW = TILE_SIZE // FACE


@dataclass(frozen=True)
class Difference:
    """Where two tensors first differ (in device byte order) and how many elements do.

    For a TILE tensor `tile` is its index over the leading dims and the tile grid
    (`(..., tile_row, tile_col)`), `tile_number` its position in storage order, `face`
    0–3, `row` and `column` 0–15 inside the face; `element` is the same element's index in
    the physical tensor. For a ROW_MAJOR tensor only `element` is set."""

    differing: int
    total: int
    element: tuple[int, ...]
    actual: float
    expected: float
    actual_encoding: str
    expected_encoding: str
    tile: tuple[int, ...] | None = None
    tile_number: int | None = None
    face: int | None = None
    row: int | None = None
    column: int | None = None
    logical_only: bool = False

    def describe(self) -> str:
        """One line: the count, the place and both values with their encodings."""
        place = f"element {format_shape(self.element)}"
        if self.tile is not None:
            *leading, tile_row, tile_col = self.tile
            lead = f"{format_shape(leading)}, " if leading else ""
            place = (
                f"tile {self.tile_number} ({lead}tile row {tile_row}, tile column {tile_col}), "
                f"face {self.face}, row {self.row}, column {self.column} = physical {place}"
            )
        compared = "logical elements" if self.logical_only else "elements"
        return (
            f"{self.differing} of {self.total} {compared} differ; the first at {place}: "
            f"{self.actual!r} ({self.actual_encoding}) here, {self.expected!r} "
            f"({self.expected_encoding}) expected"
        )


def same_kind(actual: DeviceTensor, expected: DeviceTensor) -> list[str]:
    """What keeps two tensors from being compared element by element (dtype, layout,
    physical shape), each as `what is X, expected Y`; empty when they can be."""
    return [
        f"{what} is {here}, expected {there}"
        for what, here, there in (
            ("dtype", actual.dtype.value, expected.dtype.value),
            ("layout", actual.layout.value, expected.layout.value),
            (
                "physical shape",
                format_shape(actual.physical_shape),
                format_shape(expected.physical_shape),
            ),
        )
        if here != there
    ]


def _encodings(tensor: DeviceTensor) -> tuple[np.ndarray, ...]:
    """The per-element encodings, in device byte order: TILE `[..., Ht, Wt, 4, 16, 16]`
    (faces in order), ROW_MAJOR the tensor's own shape. Several arrays when an element's
    encoding has several parts (bfloat8_b: the byte and its face row's exponent)."""
    if tensor.layout == Layout.ROW_MAJOR:
        return (tensor.data.view(np.uint32 if tensor.dtype == DataType.FLOAT32 else np.uint16),)
    lead = tensor.data.shape[: -formats.tile_data_rank(tensor.dtype)]
    faces = (*lead, FACES_PER_ROW**2, FACE, FACE)
    if tensor.dtype == DataType.BFLOAT8_B:
        exponents = tensor.data[..., : formats.BFLOAT8_B_EXPONENTS_PER_TILE]
        exponents = np.broadcast_to(exponents.reshape((*faces[:-1], 1)), faces)
        return tensor.data[..., formats.BFLOAT8_B_EXPONENTS_PER_TILE :].reshape(faces), exponents
    bits = tensor.data.view(np.uint32 if tensor.dtype == DataType.FLOAT32 else np.uint16)
    return (formats.tiles_to_face_order(bits).reshape(faces),)


def _encoding_text(
    tensor: DeviceTensor, parts: tuple[np.ndarray, ...], index: tuple[int, ...]
) -> str:
    if tensor.dtype == DataType.BFLOAT8_B:
        byte, exponent = (int(part[index]) for part in parts)
        return f"byte 0x{byte:02x}, row exponent 0x{exponent:02x}"
    digits = 8 if tensor.dtype == DataType.FLOAT32 else 4
    return f"0x{int(parts[0][index]):0{digits}x}"


def _logical_region(tensor: DeviceTensor) -> np.ndarray:
    """Which elements lie in the tensor's logical region, as booleans in device byte order
    (`_encodings`' shape): a TILE tensor's first logical rows and columns of its physical
    matrix, as `ttnn.to_torch` cuts them; every element of a ROW_MAJOR one."""
    if tensor.layout == Layout.ROW_MAJOR:
        return np.ones(tensor.data.shape, dtype=bool)
    inside = np.zeros(tensor.physical_shape, dtype=bool)
    inside[..., : tensor.logical_shape[-2], : tensor.logical_shape[-1]] = True
    tiles = formats.tilize(inside)
    faces = (*tiles.shape[:-2], FACES_PER_ROW**2, FACE, FACE)
    return formats.tiles_to_face_order(tiles).reshape(faces)


def first_difference(
    actual: DeviceTensor, expected: DeviceTensor, logical_only: bool = False
) -> Difference | None:
    """The first element (in device byte order) whose encoding differs, with the number of
    differing elements; None when the tensors hold the same bytes. With `logical_only` only
    the elements of `expected`'s logical region are compared and counted (expected values
    given at the logical shape). Raises ValueError when they cannot be compared
    (`same_kind`)."""
    problems = same_kind(actual, expected)
    if problems:
        raise ValueError("; ".join(problems))
    mine, theirs = _encodings(actual), _encodings(expected)
    differs = np.zeros(mine[0].shape, dtype=bool)
    for here, there in zip(mine, theirs, strict=True):
        differs |= here != there
    total = differs.size
    if logical_only:
        region = _logical_region(expected)
        differs &= region
        total = int(np.count_nonzero(region))
    count = int(np.count_nonzero(differs))
    if count == 0:
        return None
    flat = int(np.argmax(differs.reshape(-1)))
    index = tuple(int(i) for i in np.unravel_index(flat, differs.shape))
    values: dict[str, Any] = dict(
        differing=count,
        total=total,
        logical_only=logical_only,
        actual_encoding=_encoding_text(actual, mine, index),
        expected_encoding=_encoding_text(expected, theirs, index),
    )
    if actual.layout == Layout.ROW_MAJOR:
        return Difference(
            element=index,
            actual=float(actual.physical_to_numpy()[index]),
            expected=float(expected.physical_to_numpy()[index]),
            **values,
        )
    *tile, face, row, column = index
    *leading, tile_row, tile_col = tile
    element = (
        *leading,
        tile_row * TILE_SIZE + (face // FACES_PER_ROW) * FACE + row,
        tile_col * TILE_SIZE + (face % FACES_PER_ROW) * FACE + column,
    )
    return Difference(
        element=element,
        actual=float(actual.physical_to_numpy()[element]),
        expected=float(expected.physical_to_numpy()[element]),
        tile=tuple(tile),
        tile_number=int(np.ravel_multi_index(tuple(tile), differs.shape[:-3])),
        face=face,
        row=row,
        column=column,
        **values,
    )


@dataclass(frozen=True)
class ExpectedValues:
    """The values a result should have, as a tensor of its type, and the region they judge:
    `logical_only` when they were given at the logical shape (of a tensor with padding),
    so that only the logical region is compared; else the whole physical tensor."""

    tensor: DeviceTensor
    logical_only: bool = False

    def values(self) -> np.ndarray:
        """The expected values a comparison by value reads (`compared_values`)."""
        return compared_values(self.tensor, self.logical_only)


def compared_values(tensor: DeviceTensor, logical_only: bool) -> np.ndarray:
    """The values of `tensor` a comparison by value reads, as float32: its logical values
    (what `ttnn.to_torch` gives) when only the logical region is compared, else its whole
    physical matrix, padding included — the region `first_difference` compares."""
    return tensor.to_numpy() if logical_only else tensor.physical_to_numpy()


def expected_tensor(
    path: str, tensor: TensorInfo, max_bytes: int = DEFAULT_MAX_BYTES
) -> ExpectedValues:
    """The expected values a file holds, for a result of type `tensor`: `.tensorbin` (a
    TT-NN 0.81.1 tensor file, taken as it is), `.bin` (the exact device bytes of a tensor of
    `tensor`'s type) or `.npy` (float values, of the logical shape or of the whole physical
    shape, converted to `tensor`'s dtype and layout as TT-NN converts host values); only a
    `.npy` of the logical shape leaves the padding out of the comparison. Raises TTNNError,
    one line naming the file, when it cannot be read (or its header declares more than
    `max_bytes`)."""
    if path.endswith(TENSORBIN_SUFFIX):
        return ExpectedValues(DeviceTensor.load_tensorbin(path))
    if path.endswith(".npy"):
        return expected_from_values(read_npy(path, max_bytes), tensor, f"'{path}'")
    try:
        with open(path, "rb") as stream:
            content = stream.read()
    except OSError as error:
        raise TTNNError(f"cannot read '{path}': {error.strerror}") from None
    if path.endswith(".bin"):
        try:
            return ExpectedValues(
                DeviceTensor.from_bytes(
                    content, tensor.shape, tensor.dtype, tensor.layout, tensor.physical_shape
                )
            )
        except ValueError:
            size = formats.device_buffer_size(tensor.physical_shape, tensor.dtype, tensor.layout)
            raise TTNNError(
                f"'{path}' holds {len(content)} bytes; a {tensor.dtype.value} "
                f"{tensor.layout.value} tensor of physical shape "
                f"{format_shape(tensor.physical_shape)} has {size}"
            ) from None
    raise TTNNError(f"'{path}': expected values are a .tensorbin, .bin or .npy file")


def expected_from_values(values: np.ndarray, tensor: TensorInfo, source: str) -> ExpectedValues:
    """Expected float values as a tensor of `tensor`'s type (`source` names them in errors):
    of the logical shape, they judge the logical region only (their tensor's padding is
    zeros, compared with nothing); of the whole physical shape, every element."""
    shape = tuple(values.shape)
    problem = float_dtype_problem(values.dtype)
    if problem is not None:
        raise TTNNError(f"{source} {problem}")
    if shape == tensor.shape:
        physical = tensor.physical_shape if tensor.layout == Layout.TILE else None
    elif shape == tensor.physical_shape:
        physical = None
    else:
        raise TTNNError(
            f"{source} holds an array of shape {format_shape(shape)}; expected the logical "
            f"shape {format_shape(tensor.shape)} or the physical shape "
            f"{format_shape(tensor.physical_shape)}"
        )
    try:
        converted = DeviceTensor.from_numpy(
            values, tensor.dtype, tensor.layout, physical_shape=physical
        )
    except ValueError as error:  # values the dtype cannot hold (bfloat8_b: NaN or ±inf)
        raise TTNNError(f"{source}: {error}") from None
    return ExpectedValues(converted, logical_only=shape != tuple(tensor.physical_shape))


def pearson_correlation(actual: np.ndarray, expected: np.ndarray) -> float:
    """The Pearson correlation coefficient of two arrays of values (float64), as model ports
    compare a device's output with a reference: 1.0 where they are equal element for element
    (constant ones too), 0.0 where they are not and either is constant or holds a NaN or an
    infinity (no correlation to speak of), else the coefficient."""
    first = np.asarray(actual, dtype=np.float64).reshape(-1)
    second = np.asarray(expected, dtype=np.float64).reshape(-1)
    if np.array_equal(first, second):
        return 1.0
    if not (np.isfinite(first).all() and np.isfinite(second).all()):
        return 0.0
    first, second = first - first.mean(), second - second.mean()
    scale = np.sqrt(np.dot(first, first) * np.dot(second, second))
    return 0.0 if scale == 0 else float(np.dot(first, second) / scale)

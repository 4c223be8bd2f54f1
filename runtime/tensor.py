"""`DeviceTensor`: a TT-NN tensor as the device holds it (semantics.md §1)."""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import TensorFileError, TensorTypeError
from ttnn_xdsl.core.shapes import physical_shape_fits, tile_padded_shape
from ttnn_xdsl.runtime.memory import check_memory
from ttnn_xdsl.tensor_formats import formats

if TYPE_CHECKING:
    from types import ModuleType

    from ttnn_xdsl.pictures.layout_map import LayoutMap

__all__ = ["DeviceTensor"]


def _tensorbin() -> ModuleType:
    """The `.tensorbin` reader and writer, imported when first used (it loads flatbuffers,
    which a run that writes no .tensorbin does not need)."""
    from ttnn_xdsl.tensor_formats import tensorbin

    return tensorbin


# Element dtype of the data array of each TT-NN dtype.
_DATA_DTYPES: dict[DataType, np.dtype] = {
    DataType.FLOAT32: np.dtype(np.float32),
    DataType.BFLOAT16: formats.BFLOAT16,
    DataType.BFLOAT8_B: np.dtype(np.uint8),
}


def dtype_and_layout(
    dtype: DataType | str, layout: Layout | str, prefix: str = ""
) -> tuple[DataType, Layout]:
    """`dtype` and `layout` as enums (their names are accepted: "bf16", "tile"); a name that
    is neither raises TensorTypeError listing the valid ones."""
    return _member(DataType, dtype, prefix), _member(Layout, layout, prefix)


_Enum = TypeVar("_Enum", DataType, Layout)


def _member(kind: type[_Enum], value: object, prefix: str) -> _Enum:
    try:
        return kind(value)
    except ValueError:
        valid = ", ".join(f"'{member.value}'" for member in kind)
        raise TensorTypeError(
            f"{prefix}{value!r} is not a {kind.__name__} (one of {valid})"
        ) from None


def _default_physical_shape(logical_shape: tuple[int, ...], layout: Layout) -> tuple[int, ...]:
    """Physical shape implied by the layout: last two dims rounded up to 32 for TILE."""
    if layout == Layout.ROW_MAJOR:
        return logical_shape
    return tile_padded_shape(logical_shape)


def _data_shape(
    logical: tuple[int, ...], physical: tuple[int, ...], dtype: DataType, layout: Layout
) -> tuple[int, ...]:
    """Shape of the data array for these shapes; TensorTypeError if they are inconsistent."""
    if any(x < 0 for x in logical + physical):
        raise TensorTypeError(
            f"DeviceTensor: negative dimension in {list(logical)} / {list(physical)}"
        )
    if layout == Layout.ROW_MAJOR:
        if dtype == DataType.BFLOAT8_B:
            raise TensorTypeError("DeviceTensor: bfloat8_b exists only in TILE layout")
        if physical != logical:
            raise TensorTypeError(
                f"DeviceTensor: a ROW_MAJOR tensor's physical shape {list(physical)} must "
                f"equal its logical shape {list(logical)}"
            )
        return logical
    if len(logical) < 2:
        raise TensorTypeError(
            f"DeviceTensor: a TILE tensor needs rank >= 2, got shape {list(logical)}"
        )
    tile = formats.TILE_SIZE
    if not physical_shape_fits(logical, physical):
        raise TensorTypeError(
            f"DeviceTensor: physical shape {list(physical)} does not fit logical shape "
            f"{list(logical)} (same leading dims, last two dims multiples of 32 and at "
            "least the logical ones)"
        )
    grid = (*physical[:-2], physical[-2] // tile, physical[-1] // tile)
    if dtype == DataType.BFLOAT8_B:
        return (*grid, formats.BFLOAT8_B_TILE_BYTES)
    return (*grid, tile, tile)


def _check_tile_memory(
    logical: tuple[int, ...], physical: Sequence[int] | None, dtype: DataType
) -> None:
    """Refuse, before anything is allocated, TILE data of `dtype` the machine cannot hold
    (`check_memory`): a physical shape of 2^40 rows once asked NumPy for 128 TiB
    (MemoryError), and a tiny logical shape (N, 1, 1) takes a tile per row. A physical
    shape that cannot hold the values is left to the conversion's own error."""
    padded = tile_padded_shape(logical) if physical is None else tuple(int(x) for x in physical)
    if not physical_shape_fits(logical, padded):
        return
    size = math.prod(_data_shape(logical, padded, dtype, Layout.TILE))
    check_memory(
        f"DeviceTensor.from_numpy of physical shape {list(padded)}",
        size * _DATA_DTYPES[dtype].itemsize,
        f"{dtype} tiles",
    )


@dataclass(eq=False)
class DeviceTensor:
    """A tensor in a TT-NN data format.

    ``data`` is the project-wide representation (see `formats`): TILE f32/bf16 tiles
    ``[..., Ht, Wt, 32, 32]`` (float32 / ml_dtypes.bfloat16), TILE bfloat8_b packed tiles
    ``[..., Ht, Wt, 1088]`` (uint8), ROW_MAJOR the plain array. For TILE the physical shape is the
    padded one (last two dims multiples of 32); for ROW_MAJOR it equals the logical shape.
    """

    logical_shape: tuple[int, ...]
    physical_shape: tuple[int, ...]
    dtype: DataType
    layout: Layout
    data: np.ndarray = field(repr=False)
    memory_config: object | None = None
    tensorbin_alignment: tuple[int, ...] | None = None
    """The alignment to write in a `.tensorbin` header, when it is not the one
    `tensorbin.header_alignment` gives (TT-NN's prepared bias: `[32, padded width]`)."""

    def __post_init__(self) -> None:
        # Normalise first (lists, numpy ints, plain strings), then check consistency.
        self.logical_shape = tuple(int(x) for x in self.logical_shape)
        self.physical_shape = tuple(int(x) for x in self.physical_shape)
        self.dtype, self.layout = dtype_and_layout(self.dtype, self.layout, "DeviceTensor: ")
        self.data = np.asarray(self.data)
        expected_shape = _data_shape(
            self.logical_shape, self.physical_shape, self.dtype, self.layout
        )
        expected_dtype = _DATA_DTYPES[self.dtype]
        if self.data.dtype != expected_dtype or self.data.shape != expected_shape:
            raise TensorTypeError(
                f"DeviceTensor: {self.dtype} {self.layout} data of physical shape "
                f"{list(self.physical_shape)} must be a {expected_dtype} array of shape "
                f"{list(expected_shape)}, got {self.data.dtype} {list(self.data.shape)}"
            )

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def from_numpy(
        cls,
        values: np.ndarray,
        dtype: DataType,
        layout: Layout = Layout.TILE,
        physical_shape: Sequence[int] | None = None,
        memory_config: object | None = None,
    ) -> DeviceTensor:
        """Convert logical values (any real float array) to ``dtype``/``layout`` as TT-NN does.

        Values go through float32 (exact for bf16 inputs); TILE tensors are zero-padded to the
        physical shape, then rounded to bf16 (§1.2) or packed to bfloat8_b (§1.3).
        """
        dtype, layout = dtype_and_layout(dtype, layout)
        array = np.asarray(values)
        formats.to_float32(np.empty(0, array.dtype))  # TypeError unless real, before all else
        logical = tuple(array.shape)
        if layout == Layout.ROW_MAJOR:
            if dtype == DataType.BFLOAT8_B:
                raise TensorTypeError("bfloat8_b exists only in TILE layout")
            if physical_shape is not None and tuple(int(x) for x in physical_shape) != logical:
                raise TensorTypeError(
                    f"a ROW_MAJOR tensor's physical shape {list(physical_shape)} must equal its "
                    f"logical shape {list(logical)}"
                )
            if dtype == DataType.FLOAT32:
                data = formats.to_float32(array)
            else:
                data = formats.round_to_bfloat16(array)
            return cls(logical, logical, dtype, layout, data, memory_config)
        if array.ndim < 2:
            raise TensorTypeError(f"a TILE tensor needs rank >= 2, got shape {list(logical)}")
        _check_tile_memory(logical, physical_shape, dtype)
        # Tilize, pad and convert in one chunked pass: no full-size float32 temporary.
        try:
            data = formats.to_tile_data(array, dtype, physical_shape)
        except ValueError as error:  # a physical shape that cannot hold the values, NaN in bfp8
            raise TensorTypeError(str(error)) from None
        grid = data.shape[: -formats.tile_data_rank(dtype)]
        physical = (*logical[:-2], grid[-2] * formats.TILE_SIZE, grid[-1] * formats.TILE_SIZE)
        return cls(logical, physical, dtype, layout, data, memory_config)

    @classmethod
    def from_bytes(
        cls,
        buffer: bytes,
        logical_shape: Sequence[int],
        dtype: DataType,
        layout: Layout,
        physical_shape: Sequence[int] | None = None,
        memory_config: object | None = None,
    ) -> DeviceTensor:
        """Rebuild a tensor from its exact device bytes (inverse of `to_bytes`)."""
        dtype, layout = dtype_and_layout(dtype, layout)
        logical = tuple(int(x) for x in logical_shape)
        if layout == Layout.TILE and len(logical) < 2:
            raise TensorTypeError(f"a TILE tensor needs rank >= 2, got shape {list(logical)}")
        physical = (
            _default_physical_shape(logical, layout)
            if physical_shape is None
            else tuple(int(x) for x in physical_shape)
        )
        data_shape = _data_shape(logical, physical, dtype, layout)
        if layout == Layout.TILE:
            # from_device_bytes takes the tile-grid shape [..., Ht, Wt] for TILE data.
            data_shape = data_shape[: -formats.tile_data_rank(dtype)]
        data = formats.from_device_bytes(buffer, dtype, layout, data_shape)
        return cls(logical, physical, dtype, layout, data, memory_config)

    @classmethod
    def from_tensorbin(cls, content: bytes, source: str = "<bytes>") -> DeviceTensor:
        """The tensor a TT-NN 0.81.1 `.tensorbin` file holds (its bytes; `source` names it
        in errors). Raises TensorFileError, one line, for a file TT-NN would not load, one
        that does not fit the 0.81.1 header layout, or a tensor the project cannot hold
        (see `tensorbin.decode_tensorbin`); TypeError for `content` that is not bytes-like
        (a file name: `load_tensorbin` reads a file)."""
        try:
            memoryview(content)
        except TypeError:
            reader = (
                " (a file name: DeviceTensor.load_tensorbin(path) reads the file)"
                if isinstance(content, str | os.PathLike)
                else ""
            )
            raise TypeError(
                "DeviceTensor.from_tensorbin expects a .tensorbin file's bytes (bytes, "
                f"bytearray or memoryview), got {type(content).__name__}{reader}"
            ) from None
        contents = _tensorbin().decode_tensorbin(content, source)
        return cls.from_bytes(
            contents.data,
            contents.logical_shape,
            contents.dtype,
            contents.layout,
            contents.physical_shape,
        )

    @classmethod
    def load_tensorbin(cls, path: str | os.PathLike[str]) -> DeviceTensor:
        """Read a `.tensorbin` file written by TT-NN 0.81.1's `ttnn.dump_tensor` (or by
        `save_tensorbin`); the name must end in `.tensorbin`. See `from_tensorbin`."""
        contents = _tensorbin().read_tensorbin(path)
        return cls.from_bytes(
            contents.data,
            contents.logical_shape,
            contents.dtype,
            contents.layout,
            contents.physical_shape,
        )

    # -- views ----------------------------------------------------------------------------------

    @property
    def num_tiles(self) -> int:
        """Number of 32x32 tiles of a TILE tensor (all leading dims x Ht x Wt)."""
        if self.layout != Layout.TILE:
            raise TensorTypeError("num_tiles is defined only for TILE tensors")
        return math.prod(self.data.shape[: -formats.tile_data_rank(self.dtype)])

    def _tiles_float32(self) -> np.ndarray:
        """The TILE data decoded to float32 tiles [..., Ht, Wt, 32, 32]."""
        if self.dtype == DataType.BFLOAT8_B:
            return formats.unpack_bfloat8_b_tiles(self.data)
        return self.data.astype(np.float32)

    def to_numpy(self) -> np.ndarray:
        """The logical values as float32 (what ``ttnn.to_torch`` gives)."""
        if self.layout == Layout.ROW_MAJOR:
            return self.data.astype(np.float32)
        return formats.untilize(self._tiles_float32(), self.logical_shape)

    def physical_to_numpy(self) -> np.ndarray:
        """The whole physical matrix as float32 (TILE: padding included)."""
        if self.layout == Layout.ROW_MAJOR:
            return self.data.astype(np.float32)
        return formats.untilize(self._tiles_float32())

    def to_bytes(self) -> bytes:
        """The exact device bytes (tiles in face order, little-endian; see `formats`)."""
        return formats.to_device_bytes(self.data, self.dtype, self.layout)

    def to_tensorbin(self) -> bytes:
        """This tensor as the `.tensorbin` file TT-NN 0.81.1's `ttnn.dump_tensor` writes for a
        host tensor, byte for byte: the header (logical shape, dtype, layout, the physical
        shape as TT-NN's alignment vector, the default host memory config) and `to_bytes()`.
        `memory_config` is not recorded (a host tensor has none). The format has no version
        field; other TT-NN versions may not read it."""
        try:
            return _tensorbin().encode_tensorbin(
                self.logical_shape,
                self.physical_shape,
                self.dtype,
                self.layout,
                self.to_bytes(),
                self.tensorbin_alignment,
            )
        except ValueError as error:
            raise TensorFileError(f"cannot write this tensor as a .tensorbin: {error}") from None

    def save_tensorbin(self, path: str | os.PathLike[str]) -> None:
        """Write `to_tensorbin()` to `path`, whose name must end in `.tensorbin`; load it in
        TT-NN with `ttnn.load_tensor(path, device=device)`."""
        _tensorbin().check_tensorbin_name(path)  # before the encoding: a bad name costs nothing
        _tensorbin().write_tensorbin(path, self.to_tensorbin())

    # -- pictures --------------------------------------------------------------------------

    def plot(
        self,
        path: str | os.PathLike[str],
        layout: LayoutMap | None = None,
        name: str = "",
        exact: np.ndarray | None = None,
    ) -> None:
        """Draw this TILE tensor's physical matrix as 32×32 tiles into `path` (.png or .svg,
        by its extension; needs matplotlib, the `plot` extra). `layout` says where each
        element came from (`Program.layout_map`); without it, the logical region is the
        data, coloured by value, and the rest padding. For bfloat8_b, panels show each face
        row's shared exponent and, given `exact` source values, the quantization error."""
        from ttnn_xdsl.pictures.plot import plot_layout

        plot_layout(layout or self._logical_map(), self, path, name, exact)

    def tile_map(self, layout: LayoutMap | None = None, name: str = "tensor") -> str:
        """One character per tile of this TILE tensor's matrix — `#` data, `+` partly
        padding, `.` padding — with its blocks and shards (`layout`, as for `plot`)."""
        from ttnn_xdsl.pictures.layout_map import text_map

        if self.layout != Layout.TILE:
            raise TensorTypeError("tile_map is defined only for TILE tensors")
        return text_map(layout or self._logical_map(), name, self.summary())

    def summary(self) -> str:
        """Shapes, dtype and layout in a few words, e.g.
        `[1, 1, 448, 64] bf16 tile (logical [1, 1, 147, 64])`."""
        text = f"{list(self.physical_shape)} {self.dtype.value} {self.layout.value}"
        if self.physical_shape != self.logical_shape:
            text += f" (logical {list(self.logical_shape)})"
        return text

    def _logical_map(self) -> LayoutMap:
        from ttnn_xdsl.pictures.layout_map import LayoutMap

        return LayoutMap.of_logical(self.logical_shape, self.physical_shape)

    def __eq__(self, other: object) -> bool:
        """Same shapes, dtype, layout, memory config and bit-identical data."""
        if not isinstance(other, DeviceTensor):
            return NotImplemented
        return (
            self.logical_shape == other.logical_shape
            and self.physical_shape == other.physical_shape
            and self.dtype == other.dtype
            and self.layout == other.layout
            and self.memory_config == other.memory_config
            and self.to_bytes() == other.to_bytes()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by content

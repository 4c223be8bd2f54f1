"""Shape arithmetic shared by the IR, the passes and the runtime: the tile size, rounding,
and the rule that says which physical (stored) shapes a logical shape may have
(semantics.md §1.1). No xDSL here."""

from __future__ import annotations

from collections.abc import Sequence

from ttnn_xdsl.core.enums import DataType

__all__ = [
    "BFLOAT8_B_EXPONENTS_PER_TILE",
    "BFLOAT8_B_TILE_BYTES",
    "FACE_SIZE",
    "TILE_ELEMENTS",
    "TILE_SIZE",
    "bytes_per_tile",
    "ceil_div",
    "format_shape",
    "physical_shape_fits",
    "round_up",
    "tile_padded_shape",
]

TILE_SIZE = 32
"""Rows and columns of a tile (TT-NN's TILE_HEIGHT == TILE_WIDTH == 32)."""


def round_up(value: int, multiple: int) -> int:
    """The smallest multiple of `multiple` that is ≥ `value` (TT-NN's `tt::round_up`)."""
    if multiple < 1:
        raise ValueError(f"round_up needs a positive multiple, got {multiple}")
    return -(-value // multiple) * multiple


def ceil_div(value: int, divisor: int) -> int:
    """`value / divisor` rounded up (TT-NN's `tt::div_up`)."""
    if divisor < 1:
        raise ValueError(f"ceil_div needs a positive divisor, got {divisor}")
    return -(-value // divisor)


def tile_padded_shape(shape: Sequence[int]) -> tuple[int, ...]:
    """`shape` with its last two dims rounded up to whole tiles (semantics.md §1.1)."""
    if len(shape) < 2:
        return tuple(shape)
    *leading, height, width = shape
    return (*leading, round_up(height, TILE_SIZE), round_up(width, TILE_SIZE))


def physical_shape_fits(logical: Sequence[int], physical: Sequence[int]) -> bool:
    """Whether `physical` can store a TILE tensor of shape `logical`: the same rank (2 or
    more) and leading dims, and the last two dims held in whole tiles."""
    logical, physical = tuple(logical), tuple(physical)
    return (
        len(logical) >= 2
        and len(physical) == len(logical)
        and physical[:-2] == logical[:-2]
        and physical[-2] % TILE_SIZE == 0
        and physical[-1] % TILE_SIZE == 0
        and physical[-2] >= logical[-2]
        and physical[-1] >= logical[-1]
    )


def format_shape(shape: Sequence[int]) -> str:
    """`[a, b, c]`, the way messages show a shape."""
    return "[" + ", ".join(map(str, shape)) + "]"


def format_bytes(size: int) -> str:
    """A byte count the way messages show it: `8 GiB`, `36.4 TiB`, `512 bytes`."""
    for unit, scale in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= scale:
            return f"{size / scale:.1f}".removesuffix(".0") + f" {unit}"
    return f"{size} bytes"


FACE_SIZE = 16
"""A tile's four faces are 16×16 (semantics.md §1.1)."""
TILE_ELEMENTS = TILE_SIZE * TILE_SIZE
BFLOAT8_B_EXPONENTS_PER_TILE = (TILE_SIZE // FACE_SIZE) ** 2 * FACE_SIZE
"""One shared exponent per 16-element face row: 4 faces × 16 rows (semantics.md §1.3)."""
BFLOAT8_B_TILE_BYTES = BFLOAT8_B_EXPONENTS_PER_TILE + TILE_ELEMENTS


def bytes_per_tile(dtype: DataType) -> int:
    """Bytes of one 32×32 tile on the device: 4096 (f32), 2048 (bf16), 1088 (bfloat8_b)."""
    if DataType(dtype) == DataType.BFLOAT8_B:
        return BFLOAT8_B_TILE_BYTES
    return (4 if DataType(dtype) == DataType.FLOAT32 else 2) * TILE_ELEMENTS

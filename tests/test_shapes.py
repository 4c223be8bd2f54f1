"""The shape helpers shared by the IR and the runtime (dialect/shapes.py)."""

import pytest

from ttnn_xdsl.core.shapes import (
    ceil_div,
    format_shape,
    physical_shape_fits,
    round_up,
    tile_padded_shape,
)


def test_round_up_and_ceil_div():
    assert round_up(27, 32) == 32
    assert round_up(64, 32) == 64
    assert round_up(0, 8) == 0
    assert ceil_div(61, 32) == 2
    assert ceil_div(64, 32) == 2
    # A non-positive multiple is a programming error, not a user's: a plain ValueError.
    with pytest.raises(ValueError, match="round_up needs a positive multiple, got 0"):
        round_up(3, 0)
    with pytest.raises(ValueError, match="ceil_div needs a positive divisor, got -1"):
        ceil_div(3, -1)


def test_tile_padded_shape():
    assert tile_padded_shape((1, 1, 40, 50)) == (1, 1, 64, 64)
    assert tile_padded_shape((3, 32, 33)) == (3, 32, 64)
    assert tile_padded_shape((7,)) == (7,)


@pytest.mark.parametrize(
    ("logical", "physical", "fits"),
    [
        ((1, 1, 27, 2), (1, 1, 96, 32), True),
        ((1, 1, 27, 2), (1, 1, 32, 32), True),
        ((40, 50), (64, 64), True),
        ((1, 1, 27, 2), (96, 32), False),  # rank differs
        ((1, 1, 27, 2), (2, 1, 96, 32), False),  # leading dim differs
        ((1, 1, 27, 2), (1, 1, 100, 32), False),  # not whole tiles
        ((1, 1, 40, 2), (1, 1, 32, 32), False),  # too small
        ((7,), (32,), False),  # rank 1 has no tiles
    ],
)
def test_physical_shape_fits(logical, physical, fits):
    assert physical_shape_fits(logical, physical) is fits


def test_format_shape():
    assert format_shape((1, 1, 576, 64)) == "[1, 1, 576, 64]"
    assert format_shape([]) == "[]"

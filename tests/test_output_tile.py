"""The picture of one output tile (pictures/output_tile.py): which input sticks and weight tiles
fed it, held against the sliding window and §9.2's K order worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_conv_consumption import Case

from ttnn_xdsl.conv import resolve_conv_weights
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.pictures.output_tile import output_tile_feed, output_tile_text, plot_output_tile

# HEIGHT, 8×8 input of 16 channels, 3×3, padding 1: 64 output pixels on 2 cores of 32 rows. Tile
# row 1 is pixels 32–63 = output rows 4–7; their windows cover padded rows 4–9 (row 9 the
# bottom halo) and every padded column (columns 0 and 9 the halo). K block r is kernel row r:
# BW = round_up(3·16, 32) = 64 lanes (16 stale), weight rows [64·r, 64·(r + 1)) = tile rows
# 2r and 2r + 1 of the 192×32 weight.
HEIGHT_TILE = """\
small: output tile (1, 0) = pixels 32–63 (n 0, oh 4, ow 0 … n 0, oh 7, ow 7) × output channels 0–31
height_sharded path: N·H·W core 1, activation block 0, output-channel core 0
sticks read: 40 input (#), 20 halo (o), of the padded 10×10 sticks of 16 channels
image 0, padded rows 4–9:
   0123456789
4  o########o
5  o########o
6  o########o
7  o########o
8  o########o
9  oooooooooo
K blocks in order (weight tiles as (tile row, tile column) of the 6×1-tile prepared weight):
  K block 0: taps (0,0) (0,1) (0,2), channels 0–15; 16 stale lanes → weight tiles (0–1, 0)
  K block 1: taps (1,0) (1,1) (1,2), channels 0–15; 16 stale lanes → weight tiles (2–3, 0)
  K block 2: taps (2,0) (2,1) (2,2), channels 0–15; 16 stale lanes → weight tiles (4–5, 0)"""


def height_case() -> Case:
    return Case(16, 32, 8, 8, (3, 3), padding=(1, 1), layout="height", in_l1=True)


def test_height_sharded_tile_text() -> None:
    plan = resolve_conv_weights(height_case().parameters())
    feed = output_tile_feed(plan, plan.layout.physical_shape, 1, 0)
    assert output_tile_text(feed, "small") == HEIGHT_TILE


def test_block_sharded_tile_reads_kernel_row_outer_input_slice_inner() -> None:
    """BLOCK over 8 input slices of 8 channels, 2 output-channel cores, batch 2, stride 2: the
    18 output pixels of both images are tile row 0; tile column 1 is core 1's. K block
    r·8 + ic holds kernel row r of slice ic (channels 8·ic … 8·ic + 7, lanes s·8 + c, 8 of 32
    stale) and reads weight rows ic·KH·BW + r·BW (BW = 32): tile row 3·ic + r."""
    case = Case(
        64, 64, 6, 6, (3, 3), batch=2, stride=(2, 2), padding=(1, 1), layout="block", in_l1=True
    )
    plan = resolve_conv_weights(case.parameters())
    feed = output_tile_feed(plan, plan.layout.physical_shape, 0, 1)
    assert (feed.pixels, feed.output_channels, feed.column_core) == ((0, 18), (32, 64), 1)
    assert len(feed.k_blocks) == 24
    for block in feed.k_blocks:
        r, ic = divmod(block.position, 8)
        assert block.taps == ((r, 0), (r, 1), (r, 2))
        assert block.channels == (8 * ic, 8 * ic + 8)
        assert (block.real_lanes, block.stale_lanes) == (24, 8)
        assert block.weight_tile_rows == (3 * ic + r,)
    # Output rows 0–2 of each image read padded rows 0–6 and columns 0–6 (stride 2): 36 input
    # sticks and 13 halo sticks (row 0 and column 0) per image; row and column 7 are not read.
    for image in range(2):
        sticks = feed.sticks[image]
        assert (sticks[:7, :7] > 0).all() and not sticks[7].any() and not sticks[:, 7].any()
        assert (sticks[0, :7] == 2).all() and (sticks[:7, 0] == 2).all()
        assert (sticks[1:7, 1:7] == 1).all()


def test_a_tile_outside_the_output_is_refused() -> None:
    plan = resolve_conv_weights(height_case().parameters())
    with pytest.raises(TTNNError, match=r"output tile \(2, 0\) is outside the output's 2×1 tiles"):
        output_tile_feed(plan, plan.layout.physical_shape, 2, 0)


def test_the_picture_is_written(tmp_path: Path) -> None:
    plan = resolve_conv_weights(height_case().parameters())
    feed = output_tile_feed(plan, plan.layout.physical_shape, 1, 0)
    path = tmp_path / "tile.png"
    plot_output_tile(feed, path, "small")
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    with pytest.raises(TTNNError, match=r"a picture is \.png or \.svg"):
        plot_output_tile(feed, tmp_path / "tile.txt", "small")
    assert not (tmp_path / "tile.txt").exists()

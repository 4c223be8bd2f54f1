"""TT-NN 0.81.1's reader indices of a conv (docs/semantics.md §9.8): the config tensor the conv
program's activation reader walks, one row per core (`generate_sliding_window_op_config` for a
conv), and TT-NN's check of its row against the reader-indices circular buffer `get_cb_info`
plans for it (conv2d_op_program_factory_common.cpp:337).

A core's row lists, for each activation block its reader reads (blocks of `act_block_h`
output rows, alternately the first and the second half of a block with a split reader), the
number of segments, a word of alignment, then each segment's first and last top-left index:
a segment is a run of output pixels whose top-left input sticks follow each other by the
stride's width. Every row is padded to the longest core's, then to an even length; a page is
one row of uint16 values. The circular buffer is planned for the worst case TT-NN assumed,
one index per output row of the core (2 bytes each): a row longer than that is refused.

Pure Python, no IR."""

from __future__ import annotations

from dataclasses import dataclass

from ttnn_xdsl.conv.conv_l1_model import ConvGeometry, ConvL1Usage
from ttnn_xdsl.core.shapes import TILE_SIZE, round_up

INDEX_BYTES = 2
"""The reader indices are uint16 values."""


@dataclass(frozen=True)
class PixelGrid:
    """The conv's output pixels in TT-NN's order (image, output row, output column) and where
    each reads its window from: its top-left stick in the padded input, n·Hp·Wp + oh·sH·Wp +
    ow·sW (TT-NN's `generate_op_trace_metadata`)."""

    batch: int
    out_hw: tuple[int, int]
    padded_hw: tuple[int, int]
    stride: tuple[int, int]

    @classmethod
    def of(cls, geometry: ConvGeometry) -> PixelGrid:
        top, bottom, left, right = geometry.padding
        padded = (geometry.in_hw[0] + top + bottom, geometry.in_hw[1] + left + right)
        return cls(geometry.batch, geometry.out_hw, padded, geometry.stride)

    @property
    def pixels(self) -> int:
        return self.batch * self.out_hw[0] * self.out_hw[1]

    def segment_breaks(self, first: int, last: int) -> int:
        """How many pixels of (first, last] start a new segment: the first pixel of an output
        row (or of an image) whose top-left stick does not follow the previous pixel's by the
        stride's width."""
        out_h, out_w = self.out_hw
        padded_h, padded_w = self.padded_hw
        stride_h, stride_w = self.stride
        # From the last pixel of an output row to the first of the next row, or image.
        row_step = stride_h * padded_w - (out_w - 1) * stride_w
        image_step = (padded_h - (out_h - 1) * stride_h) * padded_w - (out_w - 1) * stride_w
        row_starts = multiples_in(out_w, first, last)
        image_starts = multiples_in(out_h * out_w, first, last)
        breaks = 0
        if row_step != stride_w:
            breaks += row_starts - image_starts
        if image_step != stride_w:
            breaks += image_starts
        return breaks


def multiples_in(step: int, first: int, last: int) -> int:
    """The multiples of `step` in (first, last]."""
    return last // step - first // step


def core_row_length(grid: PixelGrid, first: int, last: int, blocks: tuple[int, ...]) -> int:
    """The reader indices of the core holding output pixels [first, last]: per block of the
    reader (`blocks` taken in turn, each that many pixels, the last one cut at `last`) two
    words and two per segment."""
    length, start, turn = 0, first, 0
    while start <= last:
        end = min(start + blocks[turn % len(blocks)], last + 1) - 1
        length += 2 + 2 * (1 + grid.segment_breaks(start, end))
        start, turn = end + 1, turn + 1
    return length


def reader_indices_page_bytes(geometry: ConvGeometry, usage: ConvL1Usage) -> int:
    """A page of the conv's reader indices: the longest core's row, padded to an even number
    of values. The cores along N·H·W each hold `round_up(pixels, 32·cores) / cores` output
    pixels (one core for a WIDTH conv); the reader's blocks are `act_block_h` rows, halved
    (first half rounded up) between the two readers of a split reader."""
    grid = PixelGrid.of(geometry)
    cores = usage.input_split.nhw
    per_core = round_up(grid.pixels, TILE_SIZE * cores) // cores
    block_ntiles = usage.blocking.act_block_h_ntiles
    if usage.split_reader:
        second = block_ntiles // 2
        blocks = ((block_ntiles - second) * TILE_SIZE, second * TILE_SIZE)
    else:
        blocks = (block_ntiles * TILE_SIZE,)
    longest = max(
        core_row_length(grid, first, min(first + per_core, grid.pixels) - 1, blocks)
        for first in range(0, grid.pixels, per_core)
    )
    return round_up(longest, 2) * INDEX_BYTES


def reader_indices_refusal(geometry: ConvGeometry, usage: ConvL1Usage) -> str | None:
    """TT-NN's words when the conv's reader indices outgrow the circular buffer planned for
    them: one index per output row of the core."""
    page = reader_indices_page_bytes(geometry, usage)
    worst_case = usage.blocking.per_core_out_h_ntiles * TILE_SIZE * INDEX_BYTES
    if page <= worst_case:
        return None
    return (
        f"Reader indices buffer page size {page} exceeds worst-case CB size {worst_case} "
        "(config tensor layout changed?)"
    )

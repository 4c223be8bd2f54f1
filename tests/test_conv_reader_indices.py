"""`conv.conv_reader_indices`: the conv's reader indices row against TT-NN's own walk of its
output pixels (`generate_sliding_window_op_config` replayed pixel by pixel here), and conv2d's
refusal of a row longer than its circular buffer, in TT-NN's words, on convs of TT-NN's
answers (tests/data/ttnn_reference/conv2d_op/)."""

from __future__ import annotations

import gzip
import itertools
import json

import pytest
from conv2d_op_reference_cases import ANSWERS, build_conv2d
from test_conv2d_decisions import conv
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv2d_decisions import resolve_conv2d
from ttnn_xdsl.conv.conv_parameters import (
    Conv2dParameters,
    Conv2dSliceConfig,
    InputMemoryConfig,
)
from ttnn_xdsl.conv.conv_reader_indices import PixelGrid, core_row_length
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError

L1 = InputMemoryConfig(BufferType.L1, TensorMemoryLayout.INTERLEAVED)


def walked_row_length(grid: PixelGrid, first: int, last: int, blocks: tuple[int, ...]) -> int:
    """TT-NN's walk: each output pixel's top-left stick n·Hp·Wp + oh·sH·Wp + ow·sW; per block
    a count and an alignment word, then first and last index of each run stepping by sW."""
    out_h, out_w = grid.out_hw
    padded_h, padded_w = grid.padded_hw
    stride_h, stride_w = grid.stride

    def top_left(pixel: int) -> int:
        image, rest = divmod(pixel, out_h * out_w)
        row, column = divmod(rest, out_w)
        return image * padded_h * padded_w + row * stride_h * padded_w + column * stride_w

    length, remaining, turn, previous = 0, 0, 0, 0
    for pixel in range(first, last + 1):
        index = top_left(pixel)
        if remaining == 0:
            remaining = blocks[turn % len(blocks)]
            turn += 1
            length += 3
        elif index != previous + stride_w:
            length += 2
        remaining -= 1
        previous = index
        if remaining == 0 or pixel == last:
            length += 1
            remaining = 0
    return length


@pytest.mark.parametrize(
    ("grid", "blocks"),
    [
        (PixelGrid(batch, (out_h, out_w), (padded_h, padded_w), stride), blocks)
        for batch, (out_h, out_w), (padded_h, padded_w), stride, blocks in itertools.product(
            (1, 3),
            ((1, 1), (4, 1), (1, 5), (3, 4), (7, 7)),
            ((9, 9), (3, 3)),
            ((1, 1), (2, 2), (1, 2)),
            ((32,), (64,), (64, 32), (32, 32)),
        )
        # Only windows inside the padded input.
        if (out_h - 1) * stride[0] < padded_h and (out_w - 1) * stride[1] < padded_w
    ],
)
def test_the_row_length_is_tt_nn_s_walk(grid: PixelGrid, blocks: tuple[int, ...]) -> None:
    for first, last in ((0, grid.pixels - 1), (1, grid.pixels - 1), (0, grid.pixels // 2)):
        if first <= last:
            assert core_row_length(grid, first, last, blocks) == walked_row_length(
                grid, first, last, blocks
            )


def column_conv(**changes: object) -> Conv2dParameters:
    """TT-NN's answers (ttnn_conv_conv2d_wormhole_N150_s5001 r0427): a 3x3 conv, 48 -> 256
    channels, of two 28x1 bf16 images in L1, padding 1, HEIGHT on a Wormhole."""
    column = dict(
        in_channels=48,
        out_channels=256,
        batch_size=2,
        input_height=28,
        input_width=1,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.FLOAT32, shard_layout=TensorMemoryLayout.HEIGHT_SHARDED
        ),
    )
    return conv(**(column | changes))


def test_a_one_pixel_wide_output_outgrows_the_reader_indices_buffer() -> None:
    """Each core holds 32 of the 56 output pixels (worst case 32 indices, 64 B); each output
    row is one pixel whose window starts 3 sticks (the padded width) after the previous one's,
    not 1, so each is a segment of its own: 2 + 2·32 = 66 indices, 132 B."""
    grid = PixelGrid(2, (28, 1), (30, 3), (1, 1))
    assert walked_row_length(grid, 0, 31, (32,)) == 66
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(column_conv())
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Reader indices buffer page size 132 exceeds "
        "worst-case CB size 64 (config tensor layout changed?)"
    )


DRAM = InputMemoryConfig(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)


def test_a_column_conv_from_dram_in_one_slice_outgrows_the_reader_indices_buffer() -> None:
    """TT-NN's answers (ttnn_conv2d_blackhole_P150_s101 r0043): a 7×7 conv of stride (1, 2),
    padding 3, 64 -> 40 channels, of two 28×1 row-major DRAM images, BLOCK on a Blackhole. Its
    slice search finds one slice, which `run_sliced_op` runs whole on the L1 path: 28×1
    outputs an image, each output row one pixel and a segment of its own, as above."""
    params = column_conv(
        in_channels=64,
        out_channels=40,
        kernel_size=(7, 7),
        stride=(1, 2),
        padding=(3, 3),
        has_bias=True,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.FLOAT32, shard_layout=TensorMemoryLayout.BLOCK_SHARDED
        ),
        grid=(13, 10),
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Reader indices buffer page size 132 exceeds "
        "worst-case CB size 64 (config tensor layout changed?)"
    )


def test_the_column_conv_from_dram_in_two_slices_fits_its_first_slice_s_reader_indices() -> None:
    """In more DRAM slices the first slice's conv is checked: a height slice of an output
    1 column wide is widened to whole tiles (32 columns, padded on the right), whose rows of
    32 pixels each make one segment; the conv is accepted, its output interleaved in DRAM."""
    slices = Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 2)
    params = column_conv(input_memory_config=DRAM, slice_config=slices)
    output = resolve_conv2d(params).output
    assert (output.buffer_type, output.logical_shape) == (BufferType.DRAM, (1, 1, 56, 256))


def test_a_one_slice_conv_from_dram_with_resharding_makes_no_claim() -> None:
    """TT-NN's answers (ttnn_conv_conv2d_blackhole_P150_s5002 r0544), which TT-NN runs: a 3×3
    conv of stride 3, padding 3, 16 -> 128 channels, of two 28×1 DRAM images, HEIGHT with
    `reshard_if_not_optimal`: conv2d reshards the one slice's input on cores of its own (not
    modelled), and the project's indices on one core would not fit: no claim."""
    params = column_conv(
        in_channels=16,
        out_channels=128,
        kernel_size=(3, 3),
        stride=(3, 3),
        padding=(3, 3),
        has_bias=True,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16,
            shard_layout=TensorMemoryLayout.HEIGHT_SHARDED,
            act_block_h_override=96,
            reshard_if_not_optimal=True,
        ),
        grid=(13, 10),
    )
    output = resolve_conv2d(params).output
    assert (output.buffer_type, output.logical_shape) == (BufferType.DRAM, (1, 1, 44, 128))


def test_a_block_conv_s_split_reader_reads_half_blocks() -> None:
    """TT-NN's answers (ttnn_conv_conv2d_blackhole_P150_s5002 r0293): a 1x1 stride-(1, 2)
    conv of eight 28x1 images, padding (2, 0, 0, 2), BLOCK on a Blackhole: 30x2 outputs an
    image, 64 pixels a core (worst case 128 B), 32 output rows of 2 pixels each a segment;
    BLOCK always splits its reader (blocks of 2 tiles): two blocks of 32 pixels, 2·(2 + 2·16)
    = 68 indices, 136 B (one block of 64 would have been 66, 132 B)."""
    grid = PixelGrid(8, (30, 2), (30, 3), (1, 2))
    assert walked_row_length(grid, 0, 63, (32, 32)) == 68
    assert walked_row_length(grid, 0, 63, (64,)) == 66
    params = column_conv(
        in_channels=192,
        out_channels=1024,
        batch_size=8,
        kernel_size=(1, 1),
        stride=(1, 2),
        padding=(2, 0, 0, 2),
        has_bias=True,
        input_layout=Layout.ROW_MAJOR,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT8_B, shard_layout=TensorMemoryLayout.BLOCK_SHARDED
        ),
        grid=(13, 10),
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Reader indices buffer page size 136 exceeds "
        "worst-case CB size 128 (config tensor layout changed?)"
    )


def reader_indices_answer(case_id: str) -> dict[str, object]:
    """A case of TT-NN's answers (fresh wide draws, Wormhole)."""
    with gzip.open(ANSWERS / "ttnn_conv_fresh_wide_wormhole_N150_s9101.json.gz", "rt") as text:
        case: dict[str, object] = json.load(text)[case_id]
    return case


def test_the_first_dram_slice_s_reader_indices_are_checked() -> None:
    """TT-NN's answers (fresh wide w0109): a 5×5 WIDTH conv, padding 1, 768 -> 8 channels, of
    eight 32×32 DRAM images with a ROW_MAJOR output, in DRAM width slices (30: one output
    column each). The first slice's conv reads 4 input columns padded 1 on the left: its 240
    output pixels each start a segment, 2 + 2·240 = 482 indices, 964 B, beyond the 256 output
    rows (one act block of 8 tiles) the buffer holds, 512 B — TT-NN's numbers. The whole
    conv's 30×30 pixels gave 1184 B."""
    case = reader_indices_answer("w0109")
    assert case["conv_config"] == {
        "shard_layout": "WIDTH",
        "weights_dtype": "bfloat16",
        "reshard_if_not_optimal": True,
        "output_layout": "ROW_MAJOR",
    }
    assert walked_row_length(PixelGrid(8, (30, 1), (34, 5), (1, 1)), 0, 239, (256,)) == 482
    with pytest.raises(VerifyException) as raised:
        build_conv2d(case, (8, 8)).verify()
    assert str(raised.value).endswith(str(case["error_info"]))
    assert case["error_info"] == (
        "Reader indices buffer page size 964 exceeds worst-case CB size 512 (config tensor "
        "layout changed?)"
    )


def test_a_dram_input_on_the_l1_path_checks_its_reader_indices() -> None:
    """TT-NN's answers (fresh wide w0005): a 3×3 WIDTH conv of stride 2, padding 1, 8 -> 1024
    channels, of a 56×1 DRAM image with an `l1_full` slice config: conv2d_L1 runs it whole,
    its 28 output rows each a segment: 2 + 2·28 = 58 indices, 116 B, beyond one tile's 64 B."""
    case = reader_indices_answer("w0005")
    assert case["mem"] == "DRAM" and case["slice_config"] == {"type": "L1Full", "num_slices": 4}
    with pytest.raises(VerifyException) as raised:
        build_conv2d(case, (8, 8)).verify()
    assert str(raised.value).endswith(
        "Reader indices buffer page size 116 exceeds worst-case CB size 64 (config tensor "
        "layout changed?)"
    )
    assert str(raised.value).endswith(str(case["error_info"]))

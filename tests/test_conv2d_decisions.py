"""`conv.conv2d_decisions`, rule by rule, against values worked by hand from TT-NN 0.81.1's
answers (tests/data/ttnn_reference/conv2d_op/): the core ranges of an output shard grid, the
output spec of a sharded and of a DRAM conv, and conv2d's own refusals in TT-NN's words."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace

import pytest
from conv2d_op_reference_cases import ANSWERS, build_conv2d
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv2d_decisions import (
    OutputShard,
    core_ranges,
    folding_block_input_refusal,
    folding_input_page_refusal,
    folding_pad_refusal,
    folding_shard_grid_refusal,
    folding_tile_channels_refusal,
    folding_width_input_refusal,
    matmul_shard_height_untiled,
    resolve_conv2d,
    resolve_conv_transpose2d,
    shard_width_unaligned,
)
from ttnn_xdsl.conv.conv_op_config import CoreSplit
from ttnn_xdsl.conv.conv_parameters import (
    Conv2dParameters,
    Conv2dSliceConfig,
    InputMemoryConfig,
    normalize_parameters,
)
from ttnn_xdsl.conv.conv_resolution import resolve_conv_weights
from ttnn_xdsl.conv.conv_transpose import ConvTranspose2dParameters
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError

HEIGHT = TensorMemoryLayout.HEIGHT_SHARDED
WIDTH = TensorMemoryLayout.WIDTH_SHARDED
BLOCK = TensorMemoryLayout.BLOCK_SHARDED
L1 = InputMemoryConfig(BufferType.L1, TensorMemoryLayout.INTERLEAVED)
DRAM = InputMemoryConfig(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)


@pytest.mark.parametrize(
    ("split", "ranges"),
    [
        # TT-NN's answers: 17 HEIGHT cores on the 8x8 grid are two full rows and one core.
        (CoreSplit.row_wise(HEIGHT, 17, (8, 8)), ((0, 0, 7, 1), (0, 2, 0, 2))),
        # 61 cores: 7 full rows of 8, then 5.
        (CoreSplit.row_wise(HEIGHT, 61, (8, 8)), ((0, 0, 7, 6), (0, 7, 4, 7))),
        # 4 WIDTH cores: one partial row only.
        (CoreSplit.row_wise(WIDTH, 4, (8, 8)), ((0, 0, 3, 0),)),
        # An input's 6x7 shard grid kept by a HEIGHT conv: one rectangle.
        (CoreSplit(HEIGHT, ShardOrientation.ROW_MAJOR, 6, 7, 42), ((0, 0, 5, 6),)),
        # BLOCK, 5 channel cores x 8 row cores (ROW_MAJOR: channels along x).
        (CoreSplit.block(ShardOrientation.ROW_MAJOR, 8, 5), ((0, 0, 4, 7),)),
        # BLOCK COL_MAJOR: 2 row cores along x, 8 channel cores along y.
        (CoreSplit.block(ShardOrientation.COL_MAJOR, 2, 8), ((0, 0, 1, 7),)),
    ],
)
def test_core_ranges(split: CoreSplit, ranges: tuple[tuple[int, ...], ...]) -> None:
    assert core_ranges(split) == ranges


def conv(**changes: object) -> Conv2dParameters:
    """A 3x3 conv, 16 -> 32 channels, of an 8x8 bf16 image in L1, bf16 weights."""
    params = Conv2dParameters(
        in_channels=16,
        out_channels=32,
        batch_size=1,
        input_height=8,
        input_width=8,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        has_bias=False,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.TILE,
        input_memory_config=L1,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=HEIGHT),
        input_dtype=DataType.BFLOAT16,
    )
    return replace(params, **changes)  # type: ignore[arg-type]


def test_a_height_sharded_output() -> None:
    """64 output pixels over 2 HEIGHT cores: shards of round_up(64, 2·32)/2 = 32 rows and
    round_up(32, 32) = 32 channels on cores (0,0)-(1,0); logical [1, 1, 64, 32] as padded."""
    output = resolve_conv2d(conv()).output
    assert output.logical_shape == (1, 1, 64, 32)
    assert output.padded_shape == (1, 1, 64, 32)
    assert (output.buffer_type, output.memory_layout) == (BufferType.L1, HEIGHT)
    assert output.shard is not None
    assert output.shard.ranges == ((0, 0, 1, 0),)
    assert output.shard.shape == (32, 32)
    assert output.dtype == DataType.BFLOAT16


def test_a_dram_input_gives_an_interleaved_dram_output_padded_to_tiles() -> None:
    """A stride-2 3x3 conv of a 9x9 DRAM input: 5x5 = 25 pixels, 24 channels, padded to
    [1, 1, 32, 32], interleaved in DRAM, in `dtype` f32."""
    params = conv(
        input_height=9,
        input_width=9,
        out_channels=24,
        stride=(2, 2),
        input_memory_config=DRAM,
        output_dtype=DataType.FLOAT32,
    )
    output = resolve_conv2d(params).output
    assert output.logical_shape == (1, 1, 25, 24)
    assert output.padded_shape == (1, 1, 32, 32)
    assert (output.buffer_type, output.memory_layout, output.shard) == (
        BufferType.DRAM,
        TensorMemoryLayout.INTERLEAVED,
        None,
    )
    assert output.dtype == DataType.FLOAT32


def test_bfloat8_b_weights_from_dram_are_prepared_as_bfloat16_shapes() -> None:
    """prepare_conv_weights refuses them; conv2d prepares them: bfloat8_b, in the shapes of
    the bfloat16 preparation."""
    bf8 = Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, shard_layout=HEIGHT)
    bf16 = Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=HEIGHT)
    made = resolve_conv2d(conv(input_memory_config=DRAM, conv_config=bf8))
    reference = resolve_conv2d(conv(input_memory_config=DRAM, conv_config=bf16))
    assert made.weights_dtype == DataType.BFLOAT8_B
    assert made.plan.layout.physical_shape == reference.plan.layout.physical_shape


RESHARDED = {
    # Blackhole r0073 (conv2d draws): a 3x1 conv, dilation 2, of a 14x1 ROW_MAJOR input
    # HEIGHT-sharded in COL_MAJOR over a 3x2 grid, for a HEIGHT conv: resharded to 2 cores.
    "height_to_height": (
        dict(
            in_channels=160,
            out_channels=16,
            input_height=14,
            input_width=1,
            kernel_size=(3, 1),
            padding=(1, 1),
            dilation=(2, 2),
            has_bias=True,
            input_layout=Layout.ROW_MAJOR,
            input_dtype=DataType.FLOAT32,
            input_memory_config=InputMemoryConfig(
                BufferType.L1, HEIGHT, (32, 160), (3, 2), ShardOrientation.COL_MAJOR
            ),
            conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=HEIGHT),
            grid=(13, 10),
        ),
        ((1, 1, 36, 16), (1, 1, 64, 32), HEIGHT, ((0, 0, 1, 0),), (32, 32)),
        (1, 1, 480, 32),
    ),
    # Wormhole r0032 (held-out conv2d draws): a 1x1 conv, stride 2, of a 16x16 ROW_MAJOR input
    # WIDTH-sharded in COL_MAJOR over a 3x3 grid, for a BLOCK conv: resharded to 2 channel
    # cores (the input's 32-wide shards align its 48 channels to 32), the output over 6x3.
    "width_to_block": (
        dict(
            in_channels=48,
            out_channels=384,
            input_height=16,
            input_width=16,
            kernel_size=(1, 1),
            stride=(2, 2),
            padding=(2, 1, 2, 0),
            input_layout=Layout.ROW_MAJOR,
            input_memory_config=InputMemoryConfig(
                BufferType.L1, WIDTH, (256, 32), (3, 3), ShardOrientation.COL_MAJOR
            ),
            conv_config=Conv2dConfig(
                weights_dtype=DataType.FLOAT32, shard_layout=BLOCK, full_inner_dim=True
            ),
        ),
        ((1, 1, 90, 384), (1, 1, 96, 384), BLOCK, ((0, 0, 5, 2),), (32, 64)),
        (1, 1, 64, 384),
    ),
    # Blackhole r0524 (held-out conv2d draws): a 1x1 matmul conv of 3 channels BLOCK-sharded
    # ROW_MAJOR over 3 channel cores of 32 (96 != 3), no shard layout: resharded BLOCK, one
    # channel core by 10 row cores.
    "block_matmul_unfilled": (
        dict(
            in_channels=3,
            out_channels=256,
            batch_size=8,
            input_height=32,
            input_width=32,
            kernel_size=(1, 1),
            padding=(0, 0),
            input_layout=Layout.ROW_MAJOR,
            input_dtype=DataType.FLOAT32,
            input_memory_config=InputMemoryConfig(BufferType.L1, BLOCK, (1024, 32), (3, 8)),
            conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, act_block_w_div=4),
            grid=(13, 10),
        ),
        ((1, 1, 8192, 256), (1, 1, 8192, 256), BLOCK, ((0, 0, 0, 9),), (832, 256)),
        (1, 1, 32, 256),
    ),
}


@pytest.mark.parametrize("name", RESHARDED)
def test_an_input_conv2d_reshards_is_resharded_from_the_device_grid(
    name: str,
) -> None:
    """conv2d_utils.cpp (`get_conv_padded_input_shape_and_mem_config`): an L1 input sharded
    HEIGHT or WIDTH in COL_MAJOR orientation needs a reshard, to `conv_config.shard_layout`
    with cores from the device grid, whatever its own kind; so does a BLOCK input of a 1x1
    matmul conv whose channels do not fill its channel cores' shards, to BLOCK;
    `prepare_conv_weights` keeps the input's layout (§3.3a). TT-NN's answers: the output
    (logical and padded shape, layout, cores, shard shape) and the prepared weight's padded
    shape."""
    changes, (logical, padded, layout, ranges, shard), weight = RESHARDED[name]
    params = conv(**changes)
    decision = resolve_conv2d(params)
    output = decision.output
    assert (output.logical_shape, output.padded_shape) == (logical, padded)
    assert (output.buffer_type, output.memory_layout) == (BufferType.L1, layout)
    assert output.shard is not None
    assert (output.shard.ranges, output.shard.shape) == (ranges, shard)
    assert output.shard.orientation == ShardOrientation.ROW_MAJOR
    assert decision.plan.layout.physical_shape == weight
    # The preparation alone keeps the input's own shards.
    kept = resolve_conv_weights(normalize_parameters(params))
    assert kept.sharding.parallel.input_split != decision.plan.sharding.parallel.input_split


def transposed_in_l1(
    kind: TensorMemoryLayout,
    shard_shape: tuple[int, int],
    shard_grid: tuple[int, int],
    **changes: object,
) -> ConvTranspose2dParameters:
    """A conv_transpose2d of an L1 input sharded `kind` in COL_MAJOR orientation over
    `shard_grid`."""
    memory = InputMemoryConfig(
        BufferType.L1, kind, shard_shape, shard_grid, ShardOrientation.COL_MAJOR
    )
    return transposed(input_memory_config=memory, **changes)


def transposed(**changes: object) -> ConvTranspose2dParameters:
    """A 3x3 conv_transpose2d, 16 -> 32 channels, of an 8x8 bf16 TILE image in L1, bf16
    weights."""
    params = ConvTranspose2dParameters(
        in_channels=16,
        out_channels=32,
        batch_size=1,
        input_height=8,
        input_width=8,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(0, 0),
        dilation=(1, 1),
        groups=1,
        has_bias=False,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.TILE,
        input_memory_config=L1,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16),
        input_dtype=DataType.BFLOAT16,
    )
    return replace(params, **changes)  # type: ignore[arg-type]


TRANSPOSED_RESHARDED = {
    # Blackhole s3001 r0166: a depthwise 3x3 transposed conv of stride 2, padding 2, of a 28x28
    # ROW_MAJOR input HEIGHT-sharded in COL_MAJOR over 11x7 cores (32-row shards), for a
    # HEIGHT conv: 53x53 = 2809 output pixels over 88 cores of the 13-wide grid, not the
    # input's 77.
    "height_to_height": (
        transposed_in_l1(
            HEIGHT,
            (32, 8),
            (11, 7),
            in_channels=8,
            out_channels=8,
            input_height=28,
            input_width=28,
            stride=(2, 2),
            padding=(2, 2),
            groups=8,
            has_bias=True,
            input_layout=Layout.ROW_MAJOR,
            input_dtype=DataType.FLOAT32,
            conv_config=Conv2dConfig(weights_dtype=DataType.FLOAT32, shard_layout=HEIGHT),
            grid=(13, 10),
        ),
        ((1, 1, 2809, 8), (1, 1, 2816, 32), HEIGHT, ((0, 0, 12, 5), (0, 6, 9, 6)), (32, 32)),
        (1, 1, 96, 32),
    ),
    # Wormhole s103 r0111: a 2x2 transposed conv of stride 2, 96 -> 24 channels, of a 4x4 input
    # HEIGHT-sharded in COL_MAJOR over 7x2 cores, for a WIDTH conv: one channel core.
    "height_to_width": (
        transposed_in_l1(
            HEIGHT,
            (32, 96),
            (7, 2),
            in_channels=96,
            out_channels=24,
            input_height=4,
            input_width=4,
            kernel_size=(2, 2),
            stride=(2, 2),
            input_dtype=DataType.FLOAT32,
            conv_config=Conv2dConfig(
                weights_dtype=DataType.FLOAT32, shard_layout=WIDTH, transpose_shards=True
            ),
            mirror_kernel=False,
        ),
        ((1, 1, 64, 24), (1, 1, 64, 32), WIDTH, ((0, 0, 0, 0),), (64, 32)),
        (1, 1, 384, 32),
    ),
    # Wormhole s3002 r0233: a 2x4 transposed conv of stride 2, padding 1, 1 -> 384 channels,
    # of a 4x4 input WIDTH-sharded in COL_MAJOR over 6x3 cores, for a BLOCK conv: 6 channel
    # cores by 2 row cores, ROW_MAJOR (no `transpose_shards`), not the input's orientation.
    "width_to_block": (
        transposed_in_l1(
            WIDTH,
            (32, 32),
            (6, 3),
            in_channels=1,
            out_channels=384,
            input_height=4,
            input_width=4,
            kernel_size=(2, 4),
            stride=(2, 2),
            padding=(1, 1),
            has_bias=True,
            conv_config=Conv2dConfig(
                weights_dtype=DataType.BFLOAT8_B, shard_layout=BLOCK, act_block_w_div=2
            ),
        ),
        ((1, 1, 48, 384), (1, 1, 64, 384), BLOCK, ((0, 0, 5, 1),), (32, 64)),
        (1, 1, 256, 384),
    ),
    # Wormhole s3000 r0108: a depthwise 3x1 transposed conv of stride (3, 1), padding 3, of 320
    # channels of a 2x14x14 input WIDTH-sharded in COL_MAJOR on one core, for a WIDTH conv:
    # 10 channel cores of 32. On the input's one core its circular buffers would grow beyond
    # the L1 (the project refused it so before).
    "width_to_width": (
        transposed_in_l1(
            WIDTH,
            (416, 320),
            (1, 1),
            in_channels=320,
            out_channels=320,
            batch_size=2,
            input_height=14,
            input_width=14,
            kernel_size=(3, 1),
            stride=(3, 1),
            padding=(3, 3),
            groups=320,
            conv_config=Conv2dConfig(
                weights_dtype=DataType.BFLOAT16,
                shard_layout=WIDTH,
                enable_kernel_stride_folding=False,
            ),
        ),
        ((1, 1, 576, 320), (1, 1, 576, 320), WIDTH, ((0, 0, 7, 0), (0, 1, 1, 1)), (576, 32)),
        (1, 1, 960, 320),
    ),
    # Blackhole s9205 r0042 (held-out transposed draws): a 1x1 transposed conv of stride 1, no
    # padding (a matmul), of 3 channels of a 32x28 float32 TILE input BLOCK-sharded ROW_MAJOR
    # over 3 channel cores of 32 (96 != 3), no shard layout: resharded BLOCK, one channel core
    # by 10 row cores (its graph: a reshard, then the matmul), not the input's 3x2.
    "block_matmul_unfilled": (
        transposed(
            in_channels=3,
            out_channels=128,
            input_height=32,
            input_width=28,
            kernel_size=(1, 1),
            has_bias=True,
            input_dtype=DataType.FLOAT32,
            input_memory_config=InputMemoryConfig(BufferType.L1, BLOCK, (448, 32), (3, 2)),
            conv_config=Conv2dConfig(
                weights_dtype=DataType.BFLOAT16, act_block_w_div=2, enable_activation_reuse=True
            ),
            mirror_kernel=False,
            grid=(13, 10),
        ),
        ((1, 1, 896, 128), (1, 1, 896, 128), BLOCK, ((0, 0, 0, 9),), (96, 128)),
        (1, 1, 32, 128),
    ),
}


@pytest.mark.parametrize("name", TRANSPOSED_RESHARDED)
def test_a_transposed_conv_reshards_a_column_major_input_as_conv2d_does(name: str) -> None:
    """conv_transpose2d's L1 path shards its input with conv2d's own function
    (`shard_or_reshard_tensor_if_required`, conv2d_utils.cpp): an L1 input sharded HEIGHT or
    WIDTH in COL_MAJOR orientation with a `shard_layout` is resharded to that layout, its
    cores chosen from the device grid, and so is a BLOCK input of a transpose it runs as a
    matmul whose channels do not fill its channel cores' shards, to BLOCK; the weight is
    prepared for that conv. TT-NN's
    answers: the output (logical and padded shape, layout, cores, shard shape, ROW_MAJOR)
    and the prepared weight's padded shape."""
    params, (logical, padded, layout, ranges, shard), weight = TRANSPOSED_RESHARDED[name]
    decision = resolve_conv_transpose2d(params)
    output = decision.output
    assert (output.logical_shape, output.padded_shape) == (logical, padded)
    assert (output.buffer_type, output.memory_layout) == (BufferType.L1, layout)
    assert output.shard is not None
    assert (output.shard.ranges, output.shard.shape) == (ranges, shard)
    assert output.shard.orientation == ShardOrientation.ROW_MAJOR
    assert decision.plan.layout.physical_shape == weight


FOLDING_ASKED = {
    # Wormhole s3000 r0015: a 1x1 transposed conv of stride (1, 2), 48 -> 384 channels, of a
    # 2x8x8 TILE input from DRAM, WIDTH: run unfolded, on the DRAM path, its output
    # interleaved in DRAM (folded, the equivalent conv would be a matmul sharded in L1).
    "dram_1x1_stride_1x2": (
        transposed(
            in_channels=48,
            out_channels=384,
            batch_size=2,
            kernel_size=(1, 1),
            stride=(1, 2),
            input_memory_config=DRAM,
            conv_config=Conv2dConfig(
                weights_dtype=DataType.BFLOAT16,
                shard_layout=WIDTH,
                transpose_shards=True,
                enable_kernel_stride_folding=True,
            ),
        ),
        ((1, 1, 240, 384), (1, 1, 256, 384), BufferType.DRAM, TensorMemoryLayout.INTERLEAVED),
        None,
        (1, 1, 64, 384),
    ),
    # Wormhole s3100 r0061: a 1x1 transposed conv of padding 1, 1 -> 192 channels, of a 64x64
    # ROW_MAJOR input in L1, BLOCK: 62x62 = 3844 pixels on 6 channel cores by 8 row cores
    # (folded, a matmul on 1 channel core).
    "l1_1x1_padding_1": (
        transposed(
            in_channels=1,
            out_channels=192,
            input_height=64,
            input_width=64,
            kernel_size=(1, 1),
            padding=(1, 1),
            input_layout=Layout.ROW_MAJOR,
            conv_config=Conv2dConfig(
                weights_dtype=DataType.BFLOAT8_B,
                shard_layout=BLOCK,
                enable_kernel_stride_folding=True,
            ),
            mirror_kernel=False,
        ),
        ((1, 1, 3844, 192), (1, 1, 3872, 192), BufferType.L1, BLOCK),
        (((0, 0, 5, 7),), (512, 32)),
        (1, 1, 32, 192),
    ),
}


@pytest.mark.parametrize("name", FOLDING_ASKED)
def test_a_transposed_conv_asked_to_fold_runs_unfolded(name: str) -> None:
    """conv_transpose2d prepares its weight with `enable_kernel_stride_folding = false` and
    runs the conv op on the halo's output itself (conv_transpose2d.cpp,
    `conv_transpose2d_L1`); the preparation ops fold the equivalent conv when asked. TT-NN's
    answers: the output (shapes, buffer, layout, cores and shard shape) and the prepared
    weight's padded shape."""
    params, (logical, padded, buffer, layout), shard, weight = FOLDING_ASKED[name]
    decision = resolve_conv_transpose2d(params)
    output = decision.output
    assert (output.logical_shape, output.padded_shape) == (logical, padded)
    assert (output.buffer_type, output.memory_layout) == (buffer, layout)
    if shard is None:
        assert output.shard is None
    else:
        assert output.shard is not None
        assert (output.shard.ranges, output.shard.shape) == shard
    assert decision.plan.form.fold_stride is None and not decision.plan.form.mm_conv
    assert decision.plan.layout.physical_shape == weight


def test_a_transposed_conv_asked_to_fold_is_refused_as_the_unfolded_conv() -> None:
    """Wormhole s6000 r0048: a 1x1 transposed conv of padding 2, 64 -> 192 channels, of a
    64x64 TILE input in L1, WIDTH, act_block_h_override 96, asked to fold: TT-NN's WIDTH
    factory refuses the unfolded conv, whose 60x60 = 3600 output rows, 113 tiles, are no
    whole number of activation blocks (its words); folded, it would be a matmul."""
    params = transposed(
        in_channels=64,
        out_channels=192,
        input_height=64,
        input_width=64,
        kernel_size=(1, 1),
        padding=(2, 2),
        has_bias=True,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.FLOAT32,
            shard_layout=WIDTH,
            act_block_h_override=96,
            enable_kernel_stride_folding=True,
        ),
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv_transpose2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: act_matrix_height_ntiles 113 should be "
        "divisible by act_block_h_ntiles 2"
    )


def test_a_transposed_bias_is_prepared_without_activation_reuse() -> None:
    """Wormhole transposed slice draws s0022: a 3x3 transposed conv, 1 -> 8 channels, padding
    (2, 0), of a 56x56 ROW_MAJOR input from DRAM in 2 width slices, HEIGHT, with activation
    reuse. conv_transpose2d prepares its bias with its weight, `enable_activation_reuse =
    false` (conv_transpose2d.cpp, conv_transpose2d_L1): no conv2d estimate refuses it, where
    planning the bias's conv with activation reuse would (act block h 2, output width 2 tiles).
    TT-NN's answer: output, weight and bias."""
    params = transposed(
        in_channels=1,
        out_channels=8,
        input_height=56,
        input_width=56,
        padding=(2, 0),
        has_bias=True,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT8_B,
            shard_layout=HEIGHT,
            transpose_shards=True,
            enable_activation_reuse=True,
        ),
        dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_WIDTH, 2),
        mirror_kernel=False,
    )
    decision = resolve_conv_transpose2d(params)
    output = decision.output
    assert (output.logical_shape, output.padded_shape) == ((1, 1, 3132, 8), (1, 1, 3136, 32))
    assert (output.buffer_type, output.memory_layout) == (
        BufferType.DRAM,
        TensorMemoryLayout.INTERLEAVED,
    )
    assert decision.plan.layout.physical_shape == (1, 1, 96, 32)
    assert decision.bias_plan is not None
    assert decision.bias_plan.bias.physical_shape == (1, 1, 32, 32)
    assert not decision.bias_plan.params.conv_config.enable_activation_reuse


TRANSPOSED_MATMULS_FROM_DRAM = {
    # Blackhole transposed slice draws s0071: a 1x1 transposed conv, 48 -> 16 channels, of a
    # 2x14x28 ROW_MAJOR input from DRAM in 2 height slices, HEIGHT: run whole, 784 rows on 25
    # cores of 32 rows, sharded in L1 (the first slice's plan: 13 cores of 64).
    "height_slices": (
        transposed(
            in_channels=48,
            out_channels=16,
            batch_size=2,
            input_height=14,
            input_width=28,
            kernel_size=(1, 1),
            input_layout=Layout.ROW_MAJOR,
            input_memory_config=DRAM,
            conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, shard_layout=HEIGHT),
            dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 2),
            mirror_kernel=False,
            grid=(13, 10),
        ),
        ((1, 1, 784, 16), (1, 1, 800, 32), BufferType.L1, HEIGHT),
        (((0, 0, 12, 0), (0, 1, 11, 1)), (32, 32)),
    ),
    # Wormhole s3100 r0103: a 1x1 transposed conv, 48 -> 2048 channels, of a 2x112x112
    # ROW_MAJOR input from DRAM, no slice config, no shard layout: the matmul auto-shards and
    # runs from the interleaved input, its output interleaved in DRAM (the first slice's plan
    # had sharded it in L1).
    "auto_shard": (
        transposed(
            in_channels=48,
            out_channels=2048,
            batch_size=2,
            input_height=112,
            input_width=112,
            kernel_size=(1, 1),
            input_layout=Layout.ROW_MAJOR,
            input_memory_config=DRAM,
            conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B),
        ),
        ((1, 1, 25088, 2048), (1, 1, 25088, 2048), BufferType.DRAM, TensorMemoryLayout.INTERLEAVED),
        None,
    ),
}


@pytest.mark.parametrize("name", TRANSPOSED_MATMULS_FROM_DRAM)
def test_a_transposed_matmul_from_dram_runs_whole_on_the_l1_path(name: str) -> None:
    """conv_transpose2d_DRAM hands a 1x1 kernel it runs as a matmul (stride 1, no padding) to
    conv_transpose2d_L1 before slicing: no DRAM path, whatever the slice config. TT-NN's
    answers: the output and the prepared weight, [1, 1, 64, Cout padded]."""
    params, (logical, padded, buffer, layout), shard = TRANSPOSED_MATMULS_FROM_DRAM[name]
    decision = resolve_conv_transpose2d(params)
    output = decision.output
    assert (output.logical_shape, output.padded_shape) == (logical, padded)
    assert (output.buffer_type, output.memory_layout) == (buffer, layout)
    if shard is None:
        assert output.shard is None
    else:
        assert output.shard is not None
        assert (output.shard.ranges, output.shard.shape) == shard
    assert decision.plan.form.mm_conv
    assert decision.plan.layout.physical_shape == (1, 1, 64, padded[3])


MATMUL_OUTPUTS = {
    # Wormhole w0232 (wide draws): a 1x1 conv of 224 pixels, its TILE input HEIGHT-sharded
    # ROW_MAJOR over a 5x4 grid in 32-row shards: 7 row blocks, 7 cores of the 5-wide grid.
    "height_wormhole": (
        dict(
            in_channels=64,
            out_channels=8,
            input_height=224,
            input_width=1,
            kernel_size=(1, 1),
            padding=(0, 0),
            has_bias=True,
            input_memory_config=InputMemoryConfig(BufferType.L1, HEIGHT, (32, 64), (5, 4)),
            conv_config=Conv2dConfig(
                weights_dtype=DataType.BFLOAT16,
                act_block_h_override=64,
                output_layout=Layout.ROW_MAJOR,
                config_tensors_in_dram=True,
            ),
            output_dtype=DataType.FLOAT32,
        ),
        ((0, 0, 4, 0), (0, 1, 1, 1)),
        (32, 32),
    ),
    # Blackhole w0146 (wide draws): 8x64x64 pixels, the input HEIGHT-sharded ROW_MAJOR over a
    # 9x10 grid in 384-row shards (kept for the BLOCK config: a ROW_MAJOR HEIGHT input runs
    # in its own layout): 1024 tiles of rows in blocks of 12, 86 cores of the 9-wide grid.
    "height_blackhole": (
        dict(
            in_channels=384,
            out_channels=100,
            batch_size=8,
            input_height=64,
            input_width=64,
            kernel_size=(1, 1),
            padding=(0, 0),
            has_bias=True,
            input_memory_config=InputMemoryConfig(BufferType.L1, HEIGHT, (384, 384), (9, 10)),
            conv_config=Conv2dConfig(
                weights_dtype=DataType.BFLOAT16, shard_layout=BLOCK, act_block_h_override=64
            ),
            grid=(13, 10),
        ),
        ((0, 0, 8, 8), (0, 9, 4, 9)),
        (384, 128),
    ),
}


@pytest.mark.parametrize("name", MATMUL_OUTPUTS)
def test_a_matmul_conv_of_a_sharded_input_places_its_output_as_the_matmul_does(
    name: str,
) -> None:
    """A 1x1 matmul conv of an input sharded by the user runs `ttnn::linear` with the conv's
    per-core rows; the matmul shards its output over ceil(M / per_core_M) cores only
    (matmul_device_operation.cpp), where the conv's NHW cores count the input's empty shards
    too. TT-NN's answers: the output's cores and shard shape."""
    changes, ranges, shard = MATMUL_OUTPUTS[name]
    decision = resolve_conv2d(conv(**changes))
    assert decision.plan.form.mm_conv
    output = decision.output
    assert (output.buffer_type, output.memory_layout) == (BufferType.L1, HEIGHT)
    assert output.shard is not None
    assert (output.shard.ranges, output.shard.shape) == (ranges, shard)


def test_a_fold_of_stride_1x1_from_dram_runs_unfolded_on_the_dram_path() -> None:
    """Blackhole r0501 (held-out conv2d draws): a 1x1 depthwise conv padded by 3 of a 2x112x112
    DRAM TILE input, bfloat8_b weights, kernel-stride folding asked for. Folded by 1x1 its
    kernel equals its stride (a matmul, to `prepare_conv_weights`); TT-NN's conv2d runs it
    unfolded, a padded conv on its DRAM path, whose bfloat8_b weight it plans as bfloat16
    (`conv2d_preparation`): TT-NN's output [1, 1, 27848, 3] interleaved in DRAM, its weight
    [1, 1, 3, 3] padded to [1, 1, 32, 32] in bfloat8_b."""
    params = conv(
        in_channels=3,
        out_channels=3,
        batch_size=2,
        input_height=112,
        input_width=112,
        kernel_size=(1, 1),
        padding=(3, 3),
        groups=3,
        has_bias=True,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT8_B,
            shard_layout=HEIGHT,
            full_inner_dim=True,
            enable_kernel_stride_folding=True,
        ),
        grid=(13, 10),
    )
    decision = resolve_conv2d(params)
    assert decision.plan.form.fold_stride is None and not decision.plan.form.mm_conv
    assert decision.weights_dtype == DataType.BFLOAT8_B
    assert decision.plan.layout.physical_shape == (1, 1, 32, 32)
    output = decision.output
    assert (output.logical_shape, output.padded_shape) == ((1, 1, 27848, 3), (1, 1, 27872, 32))
    assert (output.buffer_type, output.memory_layout, output.shard) == (
        BufferType.DRAM,
        TensorMemoryLayout.INTERLEAVED,
        None,
    )


def test_a_matmul_conv_of_shards_narrower_than_a_tile_finds_no_layout() -> None:
    """Blackhole r0250 (held-out conv1d draws): a 1x1 matmul conv of 256 pixels of 1 channel,
    ROW_MAJOR, HEIGHT-sharded ROW_MAJOR over 5x8 cores in 32x8 shards, no shard layout. A
    matmul aligns its channels to 32 and 8 is not a multiple: conv2d_utils.cpp needs to
    reshard the input and has no layout to reshard it to (conv2d_utils.cpp:228). The same
    shards 32 wide, or a 1x3 conv (aligned to the shard's 8), run."""
    params = conv(
        in_channels=1,
        out_channels=16,
        input_height=1,
        input_width=256,
        kernel_size=(1, 1),
        padding=(0, 0),
        has_bias=True,
        input_layout=Layout.ROW_MAJOR,
        input_dtype=DataType.FLOAT32,
        input_memory_config=InputMemoryConfig(BufferType.L1, HEIGHT, (32, 8), (5, 8)),
        conv_config=Conv2dConfig(weights_dtype=DataType.FLOAT32, enable_activation_reuse=True),
        grid=(13, 10),
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Conv2d supports Height, Block or Width "
        "Sharded Layouts but got TensorMemoryLayout::INTERLEAVED"
    )
    wide = InputMemoryConfig(BufferType.L1, HEIGHT, (32, 32), (5, 8))
    assert shard_width_unaligned(replace(params, input_memory_config=wide)) is False
    three = replace(params, kernel_size=(1, 3), padding=(0, 1))
    assert shard_width_unaligned(three) is False


L1_FULL = Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 4)


def test_a_dram_input_with_an_l1_full_slice_config_is_run_sharded_in_l1() -> None:
    """conv2d.cpp calls `conv2d_L1` for an `l1_full` slice config whatever the input's buffer:
    TT-NN's answer (wide draws, Wormhole w0294: a 7x7 grouped conv, stride 7, of a 7x7 DRAM
    TILE input, slices `l1_full` 4) is one output pixel HEIGHT-sharded on core (0,0) in a
    32x32 shard, its weight [1, 1, 1568, 8] padded to [1, 1, 1568, 32]. Without the slice
    config the same conv runs from DRAM, its output interleaved there."""
    params = conv(
        in_channels=32,
        out_channels=8,
        input_height=7,
        input_width=7,
        kernel_size=(7, 7),
        stride=(7, 7),
        padding=(1, 0, 0, 2),
        groups=2,
        has_bias=True,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16),
        output_dtype=DataType.BFLOAT16,
        slice_config=L1_FULL,
    )
    decision = resolve_conv2d(params)
    output = decision.output
    assert (output.logical_shape, output.padded_shape) == ((1, 1, 1, 8), (1, 1, 32, 32))
    assert (output.buffer_type, output.memory_layout) == (BufferType.L1, HEIGHT)
    assert output.shard is not None
    assert (output.shard.ranges, output.shard.shape) == (((0, 0, 0, 0),), (32, 32))
    assert decision.plan.layout.physical_shape == (1, 1, 1568, 32)
    from_dram = resolve_conv2d(replace(params, slice_config=None)).output
    assert (from_dram.buffer_type, from_dram.memory_layout, from_dram.shard) == (
        BufferType.DRAM,
        TensorMemoryLayout.INTERLEAVED,
        None,
    )


def test_a_bfloat8_b_bias_from_dram_on_the_l1_path_is_prepared() -> None:
    """`prepare_conv_bias` takes no slice config and refuses a bfloat8_b bias from DRAM (it
    plans DRAM slices); conv2d on its L1 path (`l1_full`) prepares weight and bias with one
    parameter set. TT-NN's answer (row-major draws, Blackhole m0038: a 1x1 conv padded at the
    top, 24 -> 512 channels, of a 28x28 DRAM TILE input, bfloat8_b weights, HEIGHT, slices
    `l1_full` 2): bias [1, 1, 32, 512] and weight [1, 1, 32, 512] in bfloat8_b, the output
    [1, 1, 812, 512] HEIGHT-sharded over 26 cores (0,0)-(12,1) in 32x512 shards."""
    params = conv(
        in_channels=24,
        out_channels=512,
        input_height=28,
        input_width=28,
        kernel_size=(1, 1),
        padding=(1, 0, 0, 0),
        has_bias=True,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT8_B, shard_layout=HEIGHT, output_layout=Layout.ROW_MAJOR
        ),
        output_dtype=DataType.FLOAT32,
        slice_config=Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 2),
        grid=(13, 10),
    )
    decision = resolve_conv2d(params)
    assert decision.weights_dtype == DataType.BFLOAT8_B
    assert decision.plan.layout.physical_shape == (1, 1, 32, 512)
    assert decision.bias_plan is not None
    assert decision.bias_plan.bias.physical_shape == (1, 1, 32, 512)
    output = decision.output
    assert output.shard is not None
    assert (output.buffer_type, output.memory_layout) == (BufferType.L1, HEIGHT)
    assert (output.shard.ranges, output.shard.shape) == (((0, 0, 12, 1),), (32, 512))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            dict(conv_config=Conv2dConfig(shard_layout=BLOCK, enable_activation_reuse=True)),
            "Activation data reuse is not supported for block sharded",
        ),
        (
            dict(
                input_height=32,
                input_width=32,
                stride=(2, 2),
                conv_config=Conv2dConfig(
                    shard_layout=HEIGHT, enable_activation_reuse=True, act_block_h_override=64
                ),
            ),
            "Activation data reuse is not supported for stride > 1",
        ),
        (
            dict(
                kernel_size=(1, 1),
                stride=(2, 2),
                padding=(0, 0),
                conv_config=Conv2dConfig(shard_layout=HEIGHT, enable_kernel_stride_folding=True),
            ),
            "Conv2D kernel stride folding: Stride must be less than or equal to kernel size",
        ),
        (
            dict(
                input_memory_config=InputMemoryConfig(
                    BufferType.L1, HEIGHT, (32, 16), (1, 2), ShardOrientation.COL_MAJOR
                ),
                conv_config=Conv2dConfig(),
            ),
            "Conv2d supports Height, Block or Width Sharded Layouts but got "
            "TensorMemoryLayout::INTERLEAVED",
        ),
    ],
)
def test_conv2d_refusals_in_tt_nn_s_words(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(conv(**changes))
    assert str(raised.value) == f"TT-NN 0.81.1's conv2d refuses this conv: {message}"


def test_a_wide_conv_accepts_activation_reuse_with_a_stride() -> None:
    """The WIDTH factory does not read enable_activation_reuse (TT-NN accepts such convs)."""
    config = Conv2dConfig(shard_layout=WIDTH, enable_activation_reuse=True)
    output = resolve_conv2d(conv(stride=(2, 2), conv_config=config)).output
    assert output.memory_layout == WIDTH


def width_input(grid: tuple[int, int], shard_shape: tuple[int, int]) -> InputMemoryConfig:
    """An L1 input WIDTH-sharded ROW_MAJOR over the `grid` (x, y) rectangle of cores."""
    return InputMemoryConfig(BufferType.L1, WIDTH, shard_shape, grid, ShardOrientation.ROW_MAJOR)


def first_core_outside(box: tuple[int, int], cores: int, grid_x: int) -> tuple[int, int] | None:
    """The first of `cores` cores taken row by row over a `grid_x`-wide device grid that lies
    outside the `box` (x, y) rectangle from core (0, 0)."""
    for index in range(cores):
        core = (index % grid_x, index // grid_x)
        if core[0] >= box[0] or core[1] >= box[1]:
            return core
    return None


def test_a_width_input_on_a_narrow_shard_grid_is_refused_for_its_multicast() -> None:
    """TT-NN's answers (ttnn_conv2d_blackhole_P150_s101 r0160): a 3x3 stride-2 conv of a
    64x7 image, 64 -> 64 channels, its input WIDTH-sharded over a 3x9 grid of a Blackhole
    (13x10); the output needs 2 cores, so the program runs on the input's 27 cores and gives
    its runtime arguments to 27 cores row by row over 13 columns: (3, 0) is not placed."""
    params = conv(
        in_channels=64,
        out_channels=64,
        input_height=64,
        input_width=7,
        stride=(2, 2),
        padding=(0, 0),
        has_bias=True,
        input_memory_config=width_input((3, 9), (448, 32)),
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B),
        grid=(13, 10),
    )
    assert first_core_outside((3, 9), 3 * 9, 13) == (3, 0)
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Multicast runtime arguments target an "
        "unplaced core (core (3, 0): the WIDTH program places its readers on 3×9 cores and "
        "gives runtime arguments to 27 cores row by row over the device grid's 13 columns)"
    )


def test_a_width_input_as_wide_as_the_grid_keeps_its_multicast() -> None:
    """TT-NN's answers (ttnn_conv_conv2d_wormhole_N150_s5001 r0185): the same kind of input on
    an 8x5 grid of a Wormhole (8 columns): the 40 cores row by row fill the box; TT-NN accepts
    the conv, its output WIDTH-sharded over 4 cores."""
    params = conv(
        in_channels=128,
        out_channels=128,
        batch_size=2,
        stride=(3, 3),
        padding=(0, 0),
        has_bias=True,
        input_memory_config=width_input((8, 5), (128, 32)),
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT8_B, transpose_shards=True, full_inner_dim=True
        ),
    )
    assert first_core_outside((8, 5), 8 * 5, 8) is None
    output = resolve_conv2d(params).output
    assert output.memory_layout == WIDTH
    assert output.shard is not None and output.shard.ranges == ((0, 0, 3, 0),)


FRONT_PADDING = "ttnn.pad: on device tile padding does not support front padding"


def test_folding_a_tile_input_with_front_padding_is_refused_by_the_device_pad() -> None:
    """TT-NN's answers (ttnn_conv_conv2d_wormhole_N150_s5001 r0382): a 3x3 stride-2 conv of a
    4x4 TILE image in L1, padding 1, folded: TT-NN pads the input on the device first, and a
    tiled pad has no front padding."""
    params = conv(
        in_channels=4,
        out_channels=384,
        input_height=4,
        input_width=4,
        stride=(2, 2),
        has_bias=True,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16,
            shard_layout=HEIGHT,
            act_block_h_override=64,
            transpose_shards=True,
            enable_kernel_stride_folding=True,
        ),
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == f"TT-NN 0.81.1's conv2d refuses this conv: {FRONT_PADDING}"


@pytest.mark.parametrize(
    "changes",
    [
        # A row-major input is padded on the device without tiles.
        dict(input_layout=Layout.ROW_MAJOR),
        # Padding at the bottom and right only (4 + 0 + 2 = 6 divides by the stride).
        dict(padding=(0, 2, 0, 2)),
        # No fold: stride 1x1 runs unfolded.
        dict(stride=(1, 1)),
    ],
)
def test_folding_without_a_front_pad_of_tiles_is_not_refused_for_it(
    changes: dict[str, object],
) -> None:
    params = conv(
        input_height=4,
        input_width=4,
        stride=(2, 2),
        conv_config=Conv2dConfig(shard_layout=HEIGHT, enable_kernel_stride_folding=True),
    )
    assert folding_pad_refusal(replace(params, **changes)) is None  # type: ignore[arg-type]
    assert folding_pad_refusal(params) == FRONT_PADDING


ROW_MAJOR_BFLOAT8_B = dict(
    output_dtype=DataType.BFLOAT8_B,
    conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, output_layout=Layout.ROW_MAJOR),
)
"""A bfloat8_b output asked ROW_MAJOR (`conv_config.output_layout`)."""


def test_a_row_major_bfloat8_b_output_from_dram_is_refused_by_the_dram_path() -> None:
    """TT-NN's answers, wide draws w0119 (Blackhole): a padded 1×1 conv (not a matmul),
    48 -> 512 channels of an 8×8 DRAM input. conv2d's DRAM path refuses the output first."""
    params = conv(
        in_channels=48,
        out_channels=512,
        kernel_size=(1, 1),
        padding=(2, 2),
        input_memory_config=DRAM,
        grid=(13, 10),
        **ROW_MAJOR_BFLOAT8_B,
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Conv output can't be in Row Major if output "
        "dtype is BFloat8_B."
    )


def test_a_1d_conv_from_dram_gets_the_dram_path_s_first_checks() -> None:
    """conv2d runs any conv of a DRAM input on its DRAM path, a 1D conv too (only
    `prepare_conv_weights` keeps one whole), so its up-front checks apply. TT-NN's answers
    (asked again, Wormhole): a 1×3 conv of a 1×512 DRAM row, 8 -> 64 channels, with a
    ROW_MAJOR bfloat8_b output; and a 1×3 conv of a 1×64 row, 16 -> 16 channels, in 3 width
    slices of a 64-wide TILE output, at most 2. The project once gave the first the L1 tensor
    spec's words and accepted the second."""
    row = dict(input_height=1, kernel_size=(1, 3), padding=(0, 1), input_memory_config=DRAM)
    refusals = []
    for params in (
        conv(in_channels=8, out_channels=64, input_width=512, **row, **ROW_MAJOR_BFLOAT8_B),
        conv(
            in_channels=16,
            out_channels=16,
            input_width=64,
            slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_WIDTH, 3),
            **row,
        ),
    ):
        with pytest.raises(ConvConfigError) as raised:
            resolve_conv2d(params)
        refusals.append(str(raised.value))
    assert refusals == [
        "TT-NN 0.81.1's conv2d refuses this conv: Conv output can't be in Row Major if output "
        "dtype is BFloat8_B.",
        "TT-NN 0.81.1's conv2d refuses this conv: Number of slices (3) exceeds the maximum "
        "allowed (2) for the given output dimension and alignment.",
    ]


def test_a_row_major_bfloat8_b_output_in_l1_is_refused_by_its_tensor_spec_first() -> None:
    """TT-NN's answers, wide draws w0082 (Wormhole): a 3×1 BLOCK conv, 1 -> 192 channels, of a
    64×64 L1 input with activation reuse, which the BLOCK factory refuses — but the conv op's
    output spec, made before the factory runs, refuses the ROW_MAJOR bfloat8_b output first."""
    config = Conv2dConfig(
        weights_dtype=DataType.BFLOAT16,
        shard_layout=BLOCK,
        enable_activation_reuse=True,
        reshard_if_not_optimal=True,
        output_layout=Layout.ROW_MAJOR,
    )
    params = conv(
        in_channels=1,
        out_channels=192,
        input_height=64,
        input_width=64,
        kernel_size=(3, 1),
        stride=(1, 2),
        padding=(0, 0),
        has_bias=True,
        output_dtype=DataType.BFLOAT8_B,
        conv_config=config,
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Only TILE layout is supported for BFLOAT8_B "
        "dtype!"
    )
    tiled = replace(config, output_layout=Layout.TILE)
    with pytest.raises(ConvConfigError, match="Activation data reuse is not supported for block"):
        resolve_conv2d(replace(params, conv_config=tiled))


def test_a_matmul_conv_gives_a_tile_bfloat8_b_output_whatever_the_layout_asked() -> None:
    """TT-NN's answers, wide draws w0236 (Wormhole): a 1×1 conv of a 2×56×56 DRAM input, run
    as a matmul, returns its bfloat8_b output TILE, interleaved in DRAM."""
    params = conv(
        in_channels=192,
        out_channels=128,
        batch_size=2,
        input_height=56,
        input_width=56,
        kernel_size=(1, 1),
        padding=(0, 0),
        has_bias=True,
        input_memory_config=DRAM,
        input_dtype=DataType.FLOAT32,
        **ROW_MAJOR_BFLOAT8_B,
    )
    output = resolve_conv2d(params).output
    assert (output.dtype, output.layout, output.buffer_type) == (
        DataType.BFLOAT8_B,
        Layout.TILE,
        BufferType.DRAM,
    )
    assert output.logical_shape == (1, 1, 6272, 128)


def test_more_width_slices_of_a_tile_output_than_its_tiles_across_are_refused() -> None:
    """TT-NN's answers, wide draws w0208 (Blackhole): a 1×1 conv of stride 2, padding 3, of an
    8×112×112 DRAM input has (112 + 6 − 1) // 2 + 1 = 59 output columns, 2 tiles across:
    `run_sliced_op` allows 2 width slices of its TILE output, not the 4 asked."""
    params = conv(
        in_channels=96,
        out_channels=64,
        batch_size=8,
        input_height=112,
        input_width=112,
        kernel_size=(1, 1),
        stride=(2, 2),
        padding=(3, 3),
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        grid=(13, 10),
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, enable_act_double_buffer=True),
        slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_WIDTH, 4),
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Number of slices (4) exceeds the maximum "
        "allowed (2) for the given output dimension and alignment."
    )


def transposed_from_dram(**changes: object) -> ConvTranspose2dParameters:
    """ConvTranspose2d(32, 1024, 3, stride 3, padding 3) of a 14×14 row-major DRAM input on a
    Wormhole, bfloat8_b weights, act_block_h_override 96, in 2 width slices (TT-NN's answers,
    transposed slice draws s0076, which TT-NN runs: (14 − 1)·3 − 6 + 2 + 1 = 36 output
    columns, 2 tiles across)."""
    params = ConvTranspose2dParameters(
        in_channels=32,
        out_channels=1024,
        batch_size=1,
        input_height=14,
        input_width=14,
        kernel_size=(3, 3),
        stride=(3, 3),
        padding=(3, 3),
        dilation=(1, 1),
        groups=1,
        has_bias=True,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, act_block_h_override=96),
        input_dtype=DataType.BFLOAT16,
        dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_WIDTH, 2),
    )
    return replace(params, **changes)  # type: ignore[arg-type]


def test_a_transposed_conv_in_as_many_width_slices_as_tiles_across_runs() -> None:
    output = resolve_conv_transpose2d(transposed_from_dram()).output
    assert output.logical_shape == (1, 1, 36 * 36, 1024)
    assert (output.buffer_type, output.memory_layout) == (
        BufferType.DRAM,
        TensorMemoryLayout.INTERLEAVED,
    )


def test_a_transposed_matmul_of_shards_shorter_than_a_tile_finds_no_layout() -> None:
    """Wormhole s3002 r0237: a 1×1 transposed conv of stride 1 without padding (TT-NN runs it
    as a matmul), 160 -> 64 channels, of a 4×4 ROW_MAJOR input WIDTH-sharded ROW_MAJOR over
    4×3 cores in 16×32 shards, no shard layout. The matmul tilizes its input: a shard height
    not whole tiles needs a reshard (conv2d_utils.cpp), with no layout to reshard it to
    (conv2d_utils.cpp:228). The same shards 32 rows high, or the conv strided (no matmul),
    need none."""
    memory = InputMemoryConfig(BufferType.L1, WIDTH, (16, 32), (4, 3))
    params = transposed(
        in_channels=160,
        out_channels=64,
        input_height=4,
        input_width=4,
        kernel_size=(1, 1),
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=memory,
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv_transpose2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv_transpose2d refuses this conv: Conv2d supports Height, Block or "
        "Width Sharded Layouts but got TensorMemoryLayout::INTERLEAVED"
    )
    tiled = InputMemoryConfig(BufferType.L1, WIDTH, (32, 32), (4, 3))
    assert matmul_shard_height_untiled(replace(params, input_memory_config=tiled)) is False
    assert matmul_shard_height_untiled(replace(params, stride=(2, 2))) is False


def test_a_transposed_matmul_from_dram_with_a_shard_layout_reads_it_into_its_shards() -> None:
    """A 1×1 transposed conv of stride 1 without padding runs as a matmul on its L1 path from
    DRAM too; given a shard layout, it reads the DRAM input into the matmul's shards (a
    row-major input tilized in DRAM first), which must fit the L1. Wormhole s3002 r0253: a
    224×224 float32 input of 320 channels, BLOCK for 32 output channels: 8 row cores by 1
    channel core, 6272 rows × 320 × 4 B = 8028160 B a core. Without a shard layout the
    matmul runs on the interleaved DRAM input (no claim)."""
    params = transposed_from_dram(
        in_channels=320,
        out_channels=32,
        input_height=224,
        input_width=224,
        kernel_size=(1, 1),
        stride=(1, 1),
        padding=(0, 0),
        input_dtype=DataType.FLOAT32,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.FLOAT32,
            shard_layout=BLOCK,
            act_block_h_override=128,
            reshard_if_not_optimal=True,
        ),
        dram_slice_config=None,
        mirror_kernel=True,
        l1_budget=1_376_928,  # the kit's device: Wormhole's L1 with l1_small_size 16384
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv_transpose2d(params)
    assert 6272 * 320 * 4 == 8028160
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Out of Memory: Not enough space to allocate "
        "64225280 B L1 buffer across 8 banks, where each bank needs to store 8028160 B, but "
        "bank size is 1376928 B (allocated: 0 B, free: 1376928 B, largest free block: "
        "1376928 B)."
    )


def test_a_transposed_conv_from_dram_on_its_l1_path_prepares_its_bias_with_its_weight() -> None:
    """A DRAM slice config of one slice runs conv_transpose2d's L1 path on the whole DRAM
    input, which prepares the bias with the weight (`conv_transpose2d_L1`): no conv2d DRAM
    path's slice search for a bias conv of its own (which finds no slice count here).
    Wormhole s6200 s0001: a 7×7 transposed conv of dilation 2, 768 -> 96 channels, of a
    2×4×4 input, HEIGHT: refused for its circular buffers clashing with the L1 buffers,
    TT-NN's words."""
    params = transposed_from_dram(
        in_channels=768,
        out_channels=96,
        batch_size=2,
        input_height=4,
        input_width=4,
        kernel_size=(7, 7),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(2, 2),
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, shard_layout=HEIGHT),
        dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_WIDTH, 1),
        mirror_kernel=True,
        l1_budget=1_376_928,  # the kit's device: Wormhole's L1 with l1_small_size 16384
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv_transpose2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Statically allocated circular buffers in "
        "program conv2d clash with L1 buffers on core range [0-0 - 7-1]. L1 buffer allocated "
        "at 364544 and static circular buffer region ends at 1345632"
    )


def test_a_transposed_conv_pads_its_bias_from_its_weight_s_plan() -> None:
    """conv_transpose2d prepares its bias with its weight, from the same parameters
    (`prepare_conv_weights_biases_and_move_to_device` in `conv_transpose2d_L1`): no
    auto-shard of a bias conv of its own, whose estimate may refuse what the weight's passes.
    Wormhole outpad_7136_180, which TT-NN runs: a 1×1 transposed conv of stride 2, padding 1
    and output padding 1, 128 -> 64 channels, of a 4×4 DRAM input, act_block_h_override 128:
    the bias's own conv (no output padding, 25 pixels) auto-sharded would be refused by its
    WIDTH estimate (an activation block of 4 tiles over a 1-tile shard); with the weight, its
    bias is [1, 1, 32, 64]."""
    params = transposed_from_dram(
        in_channels=128,
        out_channels=64,
        input_height=4,
        input_width=4,
        kernel_size=(1, 1),
        stride=(2, 2),
        padding=(1, 1),
        output_padding=(1, 1),
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, act_block_h_override=128),
        dram_slice_config=None,
        mirror_kernel=False,
    )
    decision = resolve_conv_transpose2d(params)
    assert (decision.output.logical_shape, decision.output.padded_shape) == (
        (1, 1, 36, 64),
        (1, 1, 64, 64),
    )
    assert decision.plan.layout.physical_shape == (1, 1, 256, 64)
    assert decision.bias_plan is not None
    assert decision.bias_plan.bias.physical_shape == (1, 1, 32, 64)


def test_a_transposed_conv_whose_weight_block_divides_by_zero_fails_its_reshard_first() -> None:
    """A WIDTH weight block of less than a tile kills TT-NN (an integer division by zero), but
    after `conv_transpose2d_L1` has placed the input and resharded it for the equivalent
    conv's split, which may not fit the L1. Blackhole s6001 r0283: a 1×1 transposed conv of
    stride 2, padding 3, 96 -> 8 channels, of an 8×64×64 ROW_MAJOR input interleaved in L1
    (48576 B a bank), WIDTH with act_block_w_div 2 (96/6 rows a block): its 32768 rows
    resharded on 3 cores of 32 channels, 2097152 B each, do not fit."""
    params = transposed(
        in_channels=96,
        out_channels=8,
        batch_size=8,
        input_height=64,
        input_width=64,
        kernel_size=(1, 1),
        stride=(2, 2),
        padding=(3, 3),
        has_bias=True,
        input_layout=Layout.ROW_MAJOR,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16,
            shard_layout=WIDTH,
            act_block_w_div=2,
            transpose_shards=True,
        ),
        mirror_kernel=False,
        grid=(13, 10),
        l1_budget=1_444_736,  # the kit's device: Blackhole's L1 with l1_small_size 16384
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv_transpose2d(params)
    assert 32768 * 32 * 2 == 2097152
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Out of Memory: Not enough space to allocate "
        "6291456 B L1 buffer across 3 banks, where each bank needs to store 2097152 B, but bank "
        "size is 1444736 B (allocated: 48576 B, free: 1396160 B, largest free block: 1396160 B)."
    )


def test_an_estimate_divides_by_a_weight_block_of_no_tile_before_it_checks_the_output_block() -> (
    None
):
    """TT-NN's estimate of a conv's circular buffers (`get_cb_info`) counts the weight's blocks
    by the weight block's tiles before it checks the activation block against the output
    shard: a WIDTH weight block of less than a tile kills it first. Wormhole s3002 r0102, a
    1×1 transposed conv of padding 3, 16 -> 40 channels, of a 7×7 DRAM input, no shard
    layout, act_block_h_override 96 and act_block_w_div 2: its WIDTH estimate (to choose the
    layout) has both a 16-row weight block and an activation block of 3 tiles over a 1-tile
    shard; TT-NN died dividing by zero."""
    params = transposed_from_dram(
        in_channels=16,
        out_channels=40,
        input_height=7,
        input_width=7,
        kernel_size=(1, 1),
        stride=(1, 1),
        padding=(3, 3),
        has_bias=False,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16,
            act_block_h_override=96,
            act_block_w_div=2,
            full_inner_dim=True,
        ),
        dram_slice_config=None,
        mirror_kernel=True,
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv_transpose2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1 crashes on this conv (integer divide by zero): its width_sharded weight "
        "block act_block_w = in_channels_padded·KH·KW / (input cores × act_block_w_div) = 32/2 "
        "is less than one tile of 32 rows (act_block_w_div 2) (TT-NN meets this in its L1 "
        "estimate for width_sharded, made to choose the shard layout since none is given)"
    )


def test_a_transposed_conv_prepares_its_weight_for_its_first_slice_s_own_padding() -> None:
    """conv_transpose2d's own DRAM path prepares the weight in its first slice's conv
    (`ConvT2DSliceAttr::run_L1_op` -> `conv_transpose2d_L1`), with that slice's transposed
    padding and output padding (`get_input_slice_and_padding`), where
    `prepare_conv_transpose2d_weights` takes the conv's own padding for the slice's input
    rows. Wormhole s6200 s0116, which TT-NN runs: a 1×1 transposed conv of padding 3, 48 ->
    96 channels, of a 14×14 float32 input in 8 height slices; the first slice's 4 input rows
    with the conv's own padding would give (4 − 1) − 6 + 1 = −2 output rows (the preparation
    op's sizes wrap), with the slice's own padding its 1 output row of 8 columns."""
    params = transposed_from_dram(
        in_channels=48,
        out_channels=96,
        kernel_size=(1, 1),
        stride=(1, 1),
        input_dtype=DataType.FLOAT32,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, act_block_h_override=32),
        dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 8),
        mirror_kernel=True,
    )
    decision = resolve_conv_transpose2d(params)
    output = decision.output
    assert (output.logical_shape, output.padded_shape) == ((1, 1, 64, 96), (1, 1, 64, 96))
    assert (output.buffer_type, output.memory_layout) == (
        BufferType.DRAM,
        TensorMemoryLayout.INTERLEAVED,
    )
    assert decision.plan.layout.physical_shape == (1, 1, 64, 96)


def transposed_l1_full(**changes: object) -> ConvTranspose2dParameters:
    """A transposed conv of a row-major DRAM input on the Blackhole grid with an `l1_full`
    slice config of 0 slices."""
    return transposed_from_dram(
        grid=(13, 10), dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 0), **changes
    )


def test_an_l1_full_transposed_conv_of_0_slices_runs_on_its_l1_path() -> None:
    """conv_transpose2d runs an `l1_full` slice config of 0 slices on its L1 path, with no
    slice search (whose estimate would refuse the activation reuse asked: act block h of 1
    tile against 2 tiles across), and that path runs the conv without activation reuse.
    Blackhole s6201 s0066: a 1×1 transposed conv of stride (1, 2), 512 -> 32 channels, of a
    32×28 input, HEIGHT: 32×55 output pixels on 55 cores."""
    params = transposed_l1_full(
        in_channels=512,
        out_channels=32,
        input_height=32,
        input_width=28,
        kernel_size=(1, 1),
        stride=(1, 2),
        padding=(0, 0),
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT8_B,
            shard_layout=HEIGHT,
            transpose_shards=True,
            enable_activation_reuse=True,
        ),
        mirror_kernel=True,
    )
    decision = resolve_conv_transpose2d(params)
    output = decision.output
    assert (output.logical_shape, output.padded_shape) == ((1, 1, 1760, 32), (1, 1, 1760, 32))
    assert (output.buffer_type, output.memory_layout) == (BufferType.L1, HEIGHT)
    assert output.shard is not None
    assert (output.shard.ranges, output.shard.shape) == (((0, 0, 12, 3), (0, 4, 2, 4)), (32, 32))
    assert decision.plan.layout.physical_shape == (1, 1, 512, 32)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # Blackhole s6201 s0026: a depthwise 7×7 transposed conv of stride (1, 2) of a 16×100
        # input, WIDTH on one core: the whole conv's circular buffers are beyond the L1 (the
        # bias prepared with the weight, not planned in DRAM slices).
        (
            dict(
                in_channels=8,
                out_channels=8,
                input_height=16,
                input_width=100,
                kernel_size=(7, 7),
                stride=(1, 2),
                padding=(0, 0),
                groups=8,
                conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=WIDTH),
                mirror_kernel=True,
            ),
            "TT-NN 0.81.1's conv2d refuses this conv: Statically allocated circular buffers on "
            "core range [0-0 - 0-0] grow to 14564544 B which is beyond max L1 size of 1572864 B",
        ),
        # Blackhole s6201 s0022: no shard layout: the L1 path auto-shards the whole conv with
        # the config's activation reuse, whose HEIGHT estimate refuses it (23 output columns,
        # 1 tile; an act block of 1 tile; TT-NN: conv2d_utils.cpp:486).
        (
            dict(
                in_channels=3,
                out_channels=1,
                batch_size=2,
                kernel_size=(1, 1),
                stride=(2, 2),
                padding=(2, 2),
                input_dtype=DataType.FLOAT32,
                conv_config=Conv2dConfig(
                    weights_dtype=DataType.BFLOAT8_B, enable_activation_reuse=True
                ),
                mirror_kernel=True,
            ),
            "TT-NN 0.81.1's conv_transpose2d refuses this conv: Activation reuse needs act block "
            "h (1) to be bigger than output image width in tiles (1) for the optimization to "
            "give boost (TT-NN meets this in its L1 estimate for height_sharded, made to choose "
            "the shard layout since none is given)",
        ),
    ],
)
def test_an_l1_full_transposed_conv_of_0_slices_is_refused_as_the_whole_conv(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv_transpose2d(transposed_l1_full(**changes))
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("changes", "slices", "most"),
    [
        # Transposed slice draws s0000 (Blackhole): ConvTranspose2d(192, 1024, 1, stride (1, 2),
        # padding 1) of an 8×8 input has 7·2 − 2 + 1 = 13 output columns, one tile across.
        (
            dict(
                in_channels=192,
                input_height=8,
                input_width=8,
                kernel_size=(1, 1),
                stride=(1, 2),
                padding=(1, 1),
                conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16),
                grid=(13, 10),
            ),
            2,
            1,
        ),
        # Transposed slice draws s0000 (Wormhole): ConvTranspose2d(3, 1, 2, stride (1, 2),
        # padding (2, 0), dilation 2) of a 2×4×4 input has 3 − 4 + 2 + 1 = 2 output rows;
        # height slices of a TILE output are single rows, so at most 2 of them.
        (
            dict(
                in_channels=3,
                out_channels=1,
                batch_size=2,
                input_height=4,
                input_width=4,
                kernel_size=(2, 2),
                stride=(1, 2),
                padding=(2, 0),
                dilation=(2, 2),
                conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, act_block_h_override=256),
                dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 8),
            ),
            8,
            2,
        ),
    ],
)
def test_more_slices_of_a_transposed_output_than_allowed_are_refused(
    changes: dict[str, object], slices: int, most: int
) -> None:
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv_transpose2d(transposed_from_dram(**changes))
    assert str(raised.value) == (
        f"TT-NN 0.81.1's conv_transpose2d refuses this conv: Number of slices ({slices}) "
        f"exceeds the maximum allowed ({most}) for the given output dimension and alignment."
    )


def width_sharded_input(grid: tuple[int, int], shard_shape: tuple[int, int]) -> InputMemoryConfig:
    return InputMemoryConfig(BufferType.L1, WIDTH, shard_shape, grid, ShardOrientation.ROW_MAJOR)


def one_by_one(**changes: object) -> Conv2dParameters:
    """A 1×1 conv, 1 -> 16 channels, of a 14×16 row-major input, bfloat8_b weights
    (TT-NN's answers, wide draws w0331, Wormhole)."""
    params = conv(
        in_channels=1,
        out_channels=16,
        input_height=14,
        input_width=16,
        kernel_size=(1, 1),
        padding=(0, 0),
        input_layout=Layout.ROW_MAJOR,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, transpose_shards=True),
    )
    return replace(params, **changes)  # type: ignore[arg-type]


def test_a_matmul_of_a_width_input_on_more_cores_than_the_grid_is_wide() -> None:
    """w0331: the input WIDTH-sharded on a 4×3 grid, shards [224, 32]: TT-NN lays its 12 cores
    in one row of the 8-wide grid, and core (8, 0) has no L1 bank."""
    params = one_by_one(input_memory_config=width_sharded_input((4, 3), (224, 32)))
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Invalid shard grid: shard core (8, 0) has no "
        "L1 bank on this device, which has 64 of them. Derive the shard grid from the device "
        "(dram_grid_size() for DRAM, compute_with_storage_grid_size() for L1) rather than "
        "assuming a fixed size -- a harvested device exposes fewer banks than an unharvested "
        "one of the same type. An L1 shard core outside the compute grid is legal only while "
        "it is claimed via ServiceCoreManager."
    )


def test_a_matmul_of_a_width_input_wider_than_its_channels() -> None:
    """ttnn_conv_width_matmul_wormhole_N150 g42: the same input on a 4×2 grid fits the row,
    but the weight is prepared for 8 shards of 32 channels (8 tiles high) against the input's
    one channel (1 tile wide)."""
    params = one_by_one(input_memory_config=width_sharded_input((4, 2), (224, 32)))
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: K dimension in tiles must match between "
        "input A (1) and input B (8)"
    )


def test_a_folded_matmul_of_a_width_input_is_refused_by_the_matmul() -> None:
    """ttnn_conv_width_matmul_wormhole_N150 f64: a 2×2 conv of stride 2, 64 -> 64 channels,
    of a 16×16 L1 input, folded (256 channels, 8 WIDTH cores: within the row); the matmul's
    program config takes no WIDTH input. With 96 channels (f96: 12 cores) the row is too
    long first."""
    config = Conv2dConfig(
        weights_dtype=DataType.BFLOAT16, shard_layout=WIDTH, enable_kernel_stride_folding=True
    )
    params = conv(
        in_channels=64,
        out_channels=64,
        input_height=16,
        input_width=16,
        kernel_size=(2, 2),
        stride=(2, 2),
        padding=(0, 0),
        conv_config=config,
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: MatmulMultiCoreReuseMultiCastProgramConfig: "
        "Unsupported memory layout TensorMemoryLayout::WIDTH_SHARDED."
    )
    with pytest.raises(ConvConfigError, match=r"Invalid shard grid: shard core \(8, 0\)"):
        resolve_conv2d(replace(params, in_channels=96))


def test_a_matmul_of_an_interleaved_input_on_two_rows_of_width_cores_runs() -> None:
    """ttnn_conv_width_matmul_wormhole_N150 o512: a 1×1 WIDTH conv, 512 -> 512 channels, of an
    8×8 L1 interleaved input runs on 16 cores, two full rows of the grid."""
    config = Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=WIDTH)
    params = conv(
        in_channels=512, out_channels=512, kernel_size=(1, 1), padding=(0, 0), conv_config=config
    )
    output = resolve_conv2d(params).output
    assert output.shard is not None
    assert output.shard.ranges == ((0, 0, 7, 1),)


def test_a_1d_conv_from_dram_whose_slices_do_not_fit_is_refused_by_the_slice_search() -> None:
    """TT-NN's answers, conv1d draws s5003 r0104 (Wormhole): a 1×16 conv of stride 8, 160 ->
    2048 channels, of 8 DRAM rows of 256. prepare_conv_weights prepares a 1D conv whole, but
    conv2d searches DRAM slices for it; its output is one row high, so one height slice at most,
    whose HEIGHT shards hold the whole 2560 × 2048 weight on every core: no count fits."""
    params = conv(
        in_channels=160,
        out_channels=2048,
        batch_size=8,
        input_height=1,
        input_width=256,
        kernel_size=(1, 16),
        stride=(1, 8),
        padding=(0, 0),
        input_memory_config=DRAM,
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: the conv does not fit the device's L1 even in "
        "the most slices: TT-NN 0.81.1 tried up to 1 height slices of the output dimension 1, "
        "and the largest slice needs 11031616 bytes per core, more than the 1393312 bytes free "
        '(TT-NN: "DRAM Auto slice could not find valid slice configuration")'
    )


def test_a_1d_conv_from_dram_whose_slices_fit_runs() -> None:
    """Conv1d draws s5003 r0015 (Wormhole), which TT-NN runs: a 1×3 conv of stride 2, padding
    3, 96 -> 16 channels, of a float32 DRAM row of 256: (256 + 6 − 3) // 2 + 1 = 130 pixels,
    interleaved in DRAM."""
    params = conv(
        in_channels=96,
        out_channels=16,
        input_height=1,
        input_width=256,
        kernel_size=(1, 3),
        stride=(1, 2),
        padding=(0, 3),
        has_bias=True,
        input_memory_config=DRAM,
        input_dtype=DataType.FLOAT32,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, act_block_h_override=32),
    )
    output = resolve_conv2d(params).output
    assert output.logical_shape == (1, 1, 130, 16)
    assert (output.buffer_type, output.memory_layout) == (
        BufferType.DRAM,
        TensorMemoryLayout.INTERLEAVED,
    )


def test_a_1d_conv_from_dram_in_several_slices_is_prepared_for_the_first() -> None:
    """Conv1d draws s5003 r0133 (Wormhole): a 1×5 conv, padding 3, 16 -> 8 channels, of 8 bf16
    DRAM rows of 2048, BLOCK. conv2d's DRAM path cuts it in 2 width slices and prepares the
    weight for the first, a BLOCK conv of a row-major slice in 2 channel shards of 8 channels:
    5·8 = 40 rows padded to 64 per shard, 128 rows (TT-NN: [1, 1, 80, 8], padded
    [1, 1, 128, 32]). prepare_conv_weights prepares the whole conv, one shard of 16 channels
    padded to 32: 5·32 = 160 rows."""
    params = conv(
        out_channels=8,
        batch_size=8,
        input_height=1,
        input_width=2048,
        kernel_size=(1, 5),
        padding=(0, 3),
        has_bias=True,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=BLOCK),
    )
    plan = resolve_conv2d(params).plan
    assert plan.params.sliced_conv1d
    assert plan.params.slice_config == Conv2dSliceConfig(Conv2dSliceType.DRAM_WIDTH, 2)
    assert plan.layout.logical_shape == (1, 1, 80, 8)
    assert plan.layout.physical_shape == (1, 1, 128, 32)
    assert resolve_conv_weights(params).layout.physical_shape == (1, 1, 160, 32)


def test_a_1d_conv_from_dram_in_one_slice_is_refused_as_the_whole_conv() -> None:
    """Conv1d draws s5003 r0270 (Wormhole): a 1×1 conv of stride 8, left padding 3, 1 -> 64
    channels, of a float32 DRAM row of 2048, WIDTH, act_block_h_override 64. Its slice search
    finds one slice, which `run_sliced_op` runs whole on the L1 path: the WIDTH factory holds
    the whole conv's (2048 + 3 − 1) // 8 + 1 = 257 output pixels, 9 tiles, to 2-tile
    activation blocks, as TT-NN refused it (the first slice's would be 288 pixels)."""
    params = conv(
        in_channels=1,
        out_channels=64,
        input_height=1,
        input_width=2048,
        kernel_size=(1, 1),
        stride=(1, 8),
        padding=(0, 0, 3, 0),
        input_memory_config=DRAM,
        input_dtype=DataType.FLOAT32,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16, shard_layout=WIDTH, act_block_h_override=64
        ),
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: act_matrix_height_ntiles 9 should be "
        "divisible by act_block_h_ntiles 2"
    )


def test_a_1d_depthwise_conv_run_width_is_refused_for_its_expanded_weight() -> None:
    """Conv1d draws s5003 r0090 (Wormhole): a depthwise 1×3 conv, dilation 2, of 32 channels,
    of an L1 row of 256, WIDTH. The preparation lays its weight out with the 1D depthwise
    expansion, 768 rows; the WIDTH factory reads a dense weight of round_up(32·3, 32)·1 = 96
    rows, and refuses."""
    params = conv(
        in_channels=32,
        out_channels=32,
        input_height=1,
        input_width=256,
        kernel_size=(1, 3),
        padding=(0, 1),
        dilation=(1, 2),
        groups=32,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16, shard_layout=WIDTH, transpose_shards=True
        ),
    )
    assert resolve_conv_weights(params).layout.physical_shape == (1, 1, 768, 32)
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(params)
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: The width of tensor a needs to match the "
        "height of tensor b"
    )


FOLDED_FROM_DRAM = {
    # Wormhole dev set r0271: a 2×4 conv of stride 2×4, 512 -> 128 channels, of an 8×8
    # row-major DRAM input, HEIGHT: folded to 512·8 = 4096 channels, 128 tiles; the unfolded
    # weight's 2 kernel rows of 4·512 = 2048 rows each take a block of 4096: 256 tiles.
    "height_matmul": (
        dict(
            in_channels=512,
            out_channels=128,
            kernel_size=(2, 4),
            stride=(2, 4),
            padding=(0, 0),
            has_bias=True,
            input_layout=Layout.ROW_MAJOR,
            conv_config=Conv2dConfig(weights_dtype=DataType.FLOAT32, shard_layout=HEIGHT),
        ),
        "K dimension in tiles must match between input A (128) and input B (256)",
    ),
    # Fold-matmul draws p026: a 2×2 conv of stride 2, 32 -> 64 channels, of a 16×16 TILE
    # DRAM input folded as asked, BLOCK on 2 channel shards: 128 folded channels, 4 tiles;
    # the unfolded weight's 32 channels padded to 2 shards of 32, each 2·2·32 = 128 rows.
    "block_matmul": (
        dict(
            in_channels=32,
            out_channels=64,
            input_height=16,
            input_width=16,
            kernel_size=(2, 2),
            stride=(2, 2),
            padding=(0, 0),
            conv_config=Conv2dConfig(
                weights_dtype=DataType.BFLOAT16,
                shard_layout=BLOCK,
                enable_kernel_stride_folding=True,
            ),
        ),
        "K dimension in tiles must match between input A (4) and input B (8)",
    ),
    # Dev set r0166 (Blackhole): a 2×2 conv of stride 2, padding 1, 17 -> 256 channels, of a
    # 4×4 row-major DRAM input, WIDTH on 3 cores: run as a conv, 68 folded channels padded to
    # 96 wide; the unfolded weight's 17 channels padded to 96, round_up(96·2, 32)·2 = 384 rows.
    "width": (
        dict(
            in_channels=17,
            out_channels=256,
            input_height=4,
            input_width=4,
            kernel_size=(2, 2),
            stride=(2, 2),
            padding=(1, 1),
            has_bias=True,
            input_layout=Layout.ROW_MAJOR,
            conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=WIDTH),
            grid=(13, 10),
        ),
        "The width of tensor a needs to match the height of tensor b",
    ),
    # Held-out conv2d draws s5001 r0118: a 2×2 conv of stride 2, 3 -> 2048 channels, HEIGHT:
    # 12 folded channels, a block of 32; a kernel row of the unfolded weight is 2 · 32 = 64.
    "height_block": (
        dict(
            in_channels=3,
            out_channels=2048,
            kernel_size=(2, 2),
            stride=(2, 2),
            padding=(0, 0),
            input_layout=Layout.ROW_MAJOR,
            conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, shard_layout=HEIGHT),
        ),
        "Block height 32 must be >= inner dimension 64",
    ),
}


@pytest.mark.parametrize("name", FOLDED_FROM_DRAM)
def test_a_fold_from_dram_prepares_the_weight_unfolded_and_is_refused(name: str) -> None:
    """conv2d's DRAM path folds the input, then prepares the host weight unfolded for the
    folded conv (`folded_dram_weight_refusal`): TT-NN's refusals with its numbers."""
    changes, message = FOLDED_FROM_DRAM[name]
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(conv(input_memory_config=DRAM, **changes))
    assert str(raised.value) == f"TT-NN 0.81.1's conv2d refuses this conv: {message}"


def test_a_fold_from_dram_whose_unfolded_weight_has_the_input_s_width_runs() -> None:
    """Wide draws w0181 (Wormhole), which TT-NN runs: a 3×3 conv of stride 3, padding 1,
    96 -> 257 channels, of a 16×16 row-major DRAM input folded as asked, BLOCK on 3 channel
    shards: 864 folded channels, 27 tiles; the unfolded weight's 3 shards of 3·3·32 = 288
    rows are 27 tiles too. TT-NN returned the [1, 1, 864, 257] weight, padded [1, 1, 864,
    288]."""
    params = conv(
        in_channels=96,
        out_channels=257,
        input_height=16,
        input_width=16,
        kernel_size=(3, 3),
        stride=(3, 3),
        padding=(1, 1),
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        output_dtype=DataType.FLOAT32,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16,
            shard_layout=BLOCK,
            enable_kernel_stride_folding=True,
            enable_act_double_buffer=True,
            config_tensors_in_dram=True,
        ),
    )
    plan = resolve_conv2d(params).plan
    assert (plan.form.fold_stride, plan.sharding.input_cores_channels) == ((3, 3), 3)
    assert plan.layout.physical_shape == (1, 1, 864, 288)


@pytest.mark.parametrize(
    ("memory", "message"),
    [
        # ttnn_conv_transpose_row_major_bfloat8_b_wormhole_N150 tl1: the L1 path's conv op.
        (L1, "Only TILE layout is supported for BFLOAT8_B dtype!"),
        # tdram: the DRAM path, before anything is prepared.
        (DRAM, "Conv output can't be in Row Major if output dtype is BFloat8_B."),
    ],
)
def test_a_row_major_bfloat8_b_transposed_output_is_refused(
    memory: InputMemoryConfig, message: str
) -> None:
    """ConvTranspose2d(16, 32, 3, stride 2, padding 1) of an 8×8 TILE input, HEIGHT, asked for a
    ROW_MAJOR bfloat8_b output; as a 1×1 matmul (tmm) its output is TILE and runs."""
    config = Conv2dConfig(
        weights_dtype=DataType.BFLOAT16, shard_layout=HEIGHT, output_layout=Layout.ROW_MAJOR
    )
    params = ConvTranspose2dParameters(
        in_channels=16,
        out_channels=32,
        batch_size=1,
        input_height=8,
        input_width=8,
        kernel_size=(3, 3),
        stride=(2, 2),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        has_bias=False,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.TILE,
        input_memory_config=memory,
        conv_config=config,
        input_dtype=DataType.BFLOAT16,
        output_dtype=DataType.BFLOAT8_B,
    )
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv_transpose2d(params)
    assert str(raised.value) == f"TT-NN 0.81.1's conv_transpose2d refuses this conv: {message}"
    matmul = replace(params, kernel_size=(1, 1), stride=(1, 1), padding=(0, 0))
    output = resolve_conv_transpose2d(matmul).output
    assert (output.layout, output.dtype) == (Layout.TILE, DataType.BFLOAT8_B)


def output_grid_override(**changes: object) -> Conv2dParameters:
    """A BLOCK 3x3 conv, 256 -> 1000 channels, of a 32x32 image in L1 (1024 rows: 8 NHW cores
    of 4 tiles), whose output cores come from a 5x8 core_grid."""
    config = Conv2dConfig(
        weights_dtype=DataType.BFLOAT16,
        shard_layout=BLOCK,
        core_grid=(((0, 0), (4, 7)),),
        override_output_sharding_config=True,
    )
    return conv(**{"in_channels": 256, "out_channels": 1000, "input_height": 32,
                   "input_width": 32, "conv_config": config, **changes})  # fmt: skip


def test_the_output_core_grid_override_splits_the_output_channels_over_its_width() -> None:
    """1000 channels are 32 tiles. Over the device's 8 columns: 4 tiles a core. Over the
    override's 5 columns: 5 cores of 7 tiles (35 tiles, 3 of them padding, fewer than one
    core's 7), so 224-channel output shards on (0, 0)-(4, 7) and weight columns padded to
    5·224 = 1120, TT-NN's answer (`ov02`)."""
    overridden = resolve_conv2d(output_grid_override())
    assert overridden.output.shard is not None
    assert overridden.output.shard.ranges == ((0, 0, 4, 7),)
    assert overridden.output.shard.shape == (128, 224)
    assert overridden.plan.layout.padded_out_channels == 1120
    plain = resolve_conv2d(output_grid_override(conv_config=Conv2dConfig(shard_layout=BLOCK)))
    assert plain.output.shard is not None
    assert plain.output.shard.ranges == ((0, 0, 7, 7),)
    assert plain.output.shard.shape == (128, 128)
    # The box's size counts, not its origin: (1, 0)-(5, 7) is 5x8 too.
    moved = Conv2dConfig(
        weights_dtype=DataType.BFLOAT16,
        shard_layout=BLOCK,
        core_grid=(((1, 0), (5, 7)),),
        override_output_sharding_config=True,
    )
    shard = resolve_conv2d(output_grid_override(conv_config=moved)).output.shard
    assert shard is not None and shard.ranges == ((0, 0, 4, 7),)


@pytest.mark.parametrize(
    ("config", "memory", "message"),
    [
        (
            Conv2dConfig(shard_layout=BLOCK, override_output_sharding_config=True),
            L1,
            "When override_output_sharding_config is set to true, core_grid must have a value.",
        ),
        (
            Conv2dConfig(
                shard_layout=HEIGHT,
                core_grid=(((0, 0), (4, 7)),),
                override_output_sharding_config=True,
            ),
            L1,
            "Output sharding config override is only supported for BLOCK_SHARDED layout.",
        ),
        (
            Conv2dConfig(
                shard_layout=BLOCK,
                core_grid=(((0, 0), (8, 7)),),
                override_output_sharding_config=True,
            ),
            L1,
            "Invalid core grid override: 9x8 for device compute grid size: 8x8",
        ),
        (
            # 4 rows of cores where the input's rows are on 8.
            Conv2dConfig(
                shard_layout=BLOCK,
                core_grid=(((0, 0), (4, 3)),),
                override_output_sharding_config=True,
            ),
            L1,
            "NHW cores must match for input and output when overriding the grid size.",
        ),
        (
            Conv2dConfig(
                shard_layout=BLOCK,
                core_grid=(((0, 0), (4, 7)),),
                override_output_sharding_config=True,
            ),
            DRAM,
            "TT-NN 0.81.1's conv2d refuses this conv: Conv2D DRAM slicing doesn't support "
            "override_output_sharding_config.",
        ),
    ],
)
def test_the_output_core_grid_override_s_refusals_in_tt_nn_s_words(
    config: Conv2dConfig, memory: InputMemoryConfig, message: str
) -> None:
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(output_grid_override(conv_config=config, input_memory_config=memory))
    assert str(raised.value) == message


def height_sliced_width_conv(num_slices: int, **changes: object) -> Conv2dParameters:
    """TT-NN's answers, slice width rounding h1 (Wormhole): a 1×1 conv, padding 2, 64 -> 32
    channels, of a float32 30×30 row-major DRAM input, WIDTH, act_block_h_override 96, in
    `num_slices` height slices of its 34×34 output."""
    params = conv(
        in_channels=64,
        input_height=30,
        input_width=30,
        kernel_size=(1, 1),
        padding=(2, 2),
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        input_dtype=DataType.FLOAT32,
        has_bias=True,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.FLOAT32, shard_layout=WIDTH, act_block_h_override=96
        ),
        slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, num_slices),
    )
    return replace(params, **changes)  # type: ignore[arg-type]


def test_a_height_slice_of_a_tile_output_runs_whole_tiles_wide() -> None:
    """TT-NN's conv of each height slice is padded on the right to whole tiles of output
    columns (`Conv2dSliceAttr::get_input_slice_and_padding`): the first slice, 17 rows of 34
    columns, runs as a conv 17×64 wide, 1088 pixels, 34 tiles in activation blocks of 2
    (the largest divisor of 34 up to the 3 asked), which TT-NN runs. As 17×34 = 578 pixels it
    would have been 19 tiles in blocks of 3 (18 // 3), refused."""
    decision = resolve_conv2d(height_sliced_width_conv(2))
    assert decision.plan.l1.slice_output_size == (17, 64)
    assert decision.plan.blocking.act_block_h_ntiles == 2
    assert decision.output.padded_shape == (1, 1, 1184, 32)


def test_a_whole_conv_from_dram_is_not_padded_to_whole_tiles() -> None:
    """The same conv in one slice runs whole (`run_sliced_op` calls the L1 path): 34×34 =
    1156 pixels, 37 tiles in blocks of 3, refused with TT-NN's numbers (slice width rounding
    h1_one); a ROW_MAJOR output's slices are not rounded (h1_rm: 17×34 pixels, 19 tiles)."""
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(height_sliced_width_conv(1))
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: act_matrix_height_ntiles 37 should be "
        "divisible by act_block_h_ntiles 3"
    )
    row_major = height_sliced_width_conv(2)
    config = replace(row_major.conv_config, output_layout=Layout.ROW_MAJOR)
    with pytest.raises(ConvConfigError) as raised:
        resolve_conv2d(replace(row_major, conv_config=config))
    assert str(raised.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: act_matrix_height_ntiles 19 should be "
        "divisible by act_block_h_ntiles 3"
    )


def test_a_folded_conv_is_split_by_its_own_output_image() -> None:
    """TT-NN's answers, s100 r0123 (Wormhole): a 3×3 conv of stride (1, 2), padding 1, 512 ->
    16 channels, of a 4×28 row-major L1 input, HEIGHT, kernel-stride folding asked: conv2d
    folds the input (6×30 padded -> 6×15, 1024 channels, kernel 3×2, padding 0) and splits
    the folded conv by its own output, 4×14 = 56 pixels, 2 tiles: 2 cores. The preparation
    keeps the padding on the folded input (6×16 = 96 pixels, 3 cores), which conv2d's output
    does not follow; the weight is the same."""
    params = conv(
        in_channels=512,
        input_height=4,
        input_width=28,
        stride=(1, 2),
        input_layout=Layout.ROW_MAJOR,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16,
            shard_layout=HEIGHT,
            full_inner_dim=True,
            enable_kernel_stride_folding=True,
        ),
    )
    decision = resolve_conv2d(params)
    assert decision.plan.form.output_size == (4, 14)
    assert decision.output.shard == OutputShard(
        ((0, 0, 1, 0),), (32, 32), ShardOrientation.ROW_MAJOR
    )
    assert decision.plan.layout.physical_shape == (1, 1, 6144, 32)
    assert resolve_conv_weights(params).form.output_size == (6, 16)


def test_conv2d_prepares_a_sliced_weight_at_the_slice_s_shard_width() -> None:
    """TT-NN's answers, wide draws w0017 (Blackhole): a 7×7 conv, 4 -> 255 channels, of a
    2×112×112 TILE DRAM input, HEIGHT, float32 weights, act_block_h_override 96, in 3 height
    slices. conv2d prepares the weight inside the first slice's conv, whose input is the slice
    sharded ROW_MAJOR 8 channels wide: the channels align to 8, each kernel row
    round_up(8·7, 32) = 64 rows, 448 in all; `prepare_conv_weights` keeps 32 for a TILE input's
    blocks (7 blocks of 224 rows, 1568)."""
    params = conv(
        in_channels=4,
        out_channels=255,
        batch_size=2,
        input_height=112,
        input_width=112,
        kernel_size=(7, 7),
        padding=(0, 0),
        input_memory_config=DRAM,
        grid=(13, 10),
        conv_config=Conv2dConfig(
            weights_dtype=DataType.FLOAT32, shard_layout=HEIGHT, act_block_h_override=96
        ),
    )
    decision = resolve_conv2d(params)
    assert decision.plan.l1.slicing is not None
    assert decision.plan.l1.slicing.num_slices == 3
    assert decision.plan.layout.physical_shape == (1, 1, 448, 256)
    assert resolve_conv_weights(params).layout.physical_shape == (1, 1, 1568, 256)


def test_a_slice_conv2d_reshards_aligns_to_the_resharded_slice() -> None:
    """TT-NN's answers, slice configs probe_tests_s11 (Wormhole): a 3×3 conv, 48 -> 64
    channels, of a 56×56 TILE DRAM input in 3 height slices, BLOCK with
    `reshard_if_not_optimal`. The slice's conv reshards its ROW_MAJOR slice to its own BLOCK
    split, 6 channel cores, and aligns the channels to the new 8-wide shards: 6 shards of
    9·8 = 72 rows in whole tiles, 576 (a TILE input's alignment, 32, pads the 48 channels to
    6·32: shards of 288 rows, 1728)."""
    params = conv(
        in_channels=48,
        out_channels=64,
        input_height=56,
        input_width=56,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16, shard_layout=BLOCK, reshard_if_not_optimal=True
        ),
        slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 3),
    )
    decision = resolve_conv2d(params)
    assert decision.plan.sharding.input_cores_channels == 6
    assert decision.plan.sharding.weight_channels_alignment == 8
    assert decision.plan.layout.physical_shape == (1, 1, 576, 64)
    assert resolve_conv_weights(params).layout.physical_shape == (1, 1, 1728, 64)


def test_a_row_major_output_of_several_dram_slices_stays_row_major() -> None:
    """TT-NN's answers, held-out wide draws w0049 (Blackhole): a 7×7 conv of stride 2, padding
    1, 512 -> 40 channels, of a float32 28×28 row-major DRAM input, WIDTH, ROW_MAJOR output
    asked: its DRAM path cuts it into slices written into a ROW_MAJOR DRAM tensor, returned so
    and unpadded, [1, 1, 144, 40]; in one slice (the whole conv on the L1 path) it is TILE."""
    params = conv(
        in_channels=512,
        out_channels=40,
        input_height=28,
        input_width=28,
        kernel_size=(7, 7),
        stride=(2, 2),
        padding=(1, 1),
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        input_dtype=DataType.FLOAT32,
        grid=(13, 10),
        conv_config=Conv2dConfig(
            weights_dtype=DataType.FLOAT32,
            shard_layout=WIDTH,
            full_inner_dim=True,
            reshard_if_not_optimal=True,
            output_layout=Layout.ROW_MAJOR,
            enable_weights_double_buffer=True,
        ),
    )
    decision = resolve_conv2d(params)
    assert decision.plan.l1.sliced
    output = decision.output
    assert (output.layout, output.buffer_type) == (Layout.ROW_MAJOR, BufferType.DRAM)
    assert output.padded_shape == output.logical_shape == (1, 1, 144, 40)
    one = replace(params, slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 1))
    assert resolve_conv2d(one).output.layout == Layout.TILE


def matmul_tilize_probe(case_id: str) -> dict[str, object]:
    """A probe of TT-NN's answers on a 1×1 matmul conv of a row-major input already sharded in
    L1 (Blackhole; ttnn_conv_matmul_tilize_blackhole_P150)."""
    path = ANSWERS / "ttnn_conv_matmul_tilize_blackhole_P150.json.gz"
    with gzip.open(path, "rt") as text:
        case: dict[str, object] = json.load(text)[case_id]
    return case


def test_a_matmul_input_in_shards_not_whole_tiles_is_tilized_before_its_reshard() -> None:
    """TT-NN's probes on rare draw x0002: a 1×1 conv, 128 -> 255 channels, of three 45×33
    row-major bfloat16 images WIDTH-sharded in L1 on 4 channel cores (shards of 4455 rows),
    asked BLOCK. conv2d tilizes the input before resharding it (to any layout but HEIGHT), and
    the tilized tensor keeps the 4455-row shards: refused before any op, with or without
    `reshard_if_not_optimal` (p01, p03), shards of 891 rows or 16 columns too (p06, p08);
    asked HEIGHT it is resharded untilized and runs (p02), as does a 4320-row shard (p05)."""
    for case_id, shard in (("p01", "(4455, 32)"), ("p03", "(4455, 32)"), ("p06", "(891, 128)"),
                           ("p08", "(4320, 16)")):  # fmt: skip
        case = matmul_tilize_probe(case_id)
        message = f"Physical shard shape {shard} must be tile {{32, 32}} sized!"
        assert case["error_info"] == message
        with pytest.raises(VerifyException) as raised:
            build_conv2d(case, (13, 10)).verify()
        assert str(raised.value).endswith(f"conv2d refuses this conv: {message}")
    for case_id in ("p02", "p05"):
        case = matmul_tilize_probe(case_id)
        assert "error" not in case
        build_conv2d(case, (13, 10)).verify()


def test_a_matmul_input_in_shards_not_whole_tiles_is_resharded_to_the_config_s_layout() -> None:
    """Probe p07: the 1×1 conv of a HEIGHT input of 891-row shards on 5 cores, asked HEIGHT
    without `reshard_if_not_optimal`: TT-NN reshards it (tilizing needs whole tiles) on 70
    cores of the grid, shards of 64 rows; with no shard layout it finds none (p09)."""
    case = matmul_tilize_probe("p07")
    assert case["output_memory_config"]["shard_spec"]["shape"] == [64, 256]  # type: ignore[index]
    build_conv2d(case, (13, 10)).verify()
    unset = matmul_tilize_probe("p09")
    with pytest.raises(VerifyException) as raised:
        build_conv2d(unset, (13, 10)).verify()
    assert str(raised.value).endswith(str(unset["error_info"]))
    assert unset["error_info"] == (
        "Conv2d supports Height, Block or Width Sharded Layouts but got "
        "TensorMemoryLayout::INTERLEAVED"
    )


SLIDING_WINDOW_GRID = (
    "Sliding-window shard grid core 1 is 0-1 but the origin-anchored row walk addresses it as "
    "1-0. Only an origin-anchored, row-filled grid is supported; any other grid hangs "
    "max_pool2d/avg_pool2d or silently returns wrong conv2d results (#60513)."
)


def fold_shard_grid_probe(case_id: str) -> dict[str, object]:
    """A probe of TT-NN's answers on the kernel-stride fold of a HEIGHT-sharded input
    (Wormhole; ttnn_conv_fold_shard_grid_wormhole_N150)."""
    path = ANSWERS / "ttnn_conv_fold_shard_grid_wormhole_N150.json.gz"
    with gzip.open(path, "rt") as text:
        case: dict[str, object] = json.load(text)[case_id]
    return case


def test_a_padded_fold_of_a_column_major_height_input_walks_its_grid_by_rows() -> None:
    """Dev-set r0326 (Wormhole) asked again: a 5×5 conv of stride 2 folded
    (`enable_kernel_stride_folding`), padding (0, 0, 2, 2), of a 56×56 float32 TILE input
    HEIGHT-sharded COL_MAJOR on 4×5 cores. The fold pads it through a sliding window over
    the shard grid, which refuses the COL_MAJOR grid (q01), a 2×2 kernel padded 1 too (q06).
    Not so: without padding (q04, refused later for its L1), on a COL_MAJOR grid one core wide
    or high (q02, q05) or a ROW_MAJOR grid (q03), which TT-NN refuses otherwise."""
    for case_id in ("q01", "q06"):
        case = fold_shard_grid_probe(case_id)
        assert case["error_info"] == SLIDING_WINDOW_GRID
        with pytest.raises(VerifyException) as raised:
            build_conv2d(case, (8, 8)).verify()
        assert str(raised.value).endswith(f"conv2d refuses this conv: {SLIDING_WINDOW_GRID}")
    for case_id in ("q02", "q03", "q04", "q05"):
        case = fold_shard_grid_probe(case_id)
        assert case["error_info"] != SLIDING_WINDOW_GRID
        params = build_conv2d(case, (8, 8)).conv_parameters()
        assert folding_shard_grid_refusal(params) is None


def fold_width_input_probe(case_id: str) -> dict[str, object]:
    """A probe of TT-NN's answers on the kernel-stride fold of a WIDTH-sharded row-major input
    (Wormhole; ttnn_conv_fold_width_input_wormhole_N150)."""
    path = ANSWERS / "ttnn_conv_fold_width_input_wormhole_N150.json.gz"
    with gzip.open(path, "rt") as text:
        case: dict[str, object] = json.load(text)[case_id]
    return case


def test_a_folded_width_input_keeps_its_shard_height() -> None:
    """Conv2d draw r0195 (Wormhole) asked again: a 3×3 conv of stride 3 folded, padding 2, of
    an 8×8 row-major input WIDTH-sharded in shards of 64 rows and 32 channels on 3×2 cores.
    Viewed as [1, 8, 8, C], the shards hold 64·32 // C rows: 256 for 8 channels (w01), 85 for
    24 (w02), against the tensor's 64; 48 channels are not whole shards and the view is refused
    (w03); 32 or 64 channels view as they are, and the padded tensor, 12·12 = 144 rows, keeps
    shards of 64 (w04, w07), as does an NHWC input of 8 channels, which is not viewed (w08).
    Without padding and with whole shards of channels the fold goes on (w06, w09)."""
    expected = {
        "w01": "Shard height 256 must match physical height 64 for width sharded",
        "w02": "Shard height 85 must match physical height 64 for width sharded",
        "w03": "Changing the last dimension of a sharded tensor is not supported unless the shard "
        "width matches the input last dimension. Input shape: Shape([1, 1, 64, 64]), New shape: "
        "Shape([1, 8, 8, 48]), Shard width: 32",
        "w04": "Shard height 64 must match physical height 144 for width sharded",
        "w05": "Shard height 324 must match physical height 81 for width sharded",
        "w07": "Shard height 64 must match physical height 144 for width sharded",
        "w08": "Shard height 64 must match physical height 144 for width sharded",
    }
    for case_id, message in expected.items():
        case = fold_width_input_probe(case_id)
        assert case["error_info"] == message
        with pytest.raises(VerifyException) as raised:
            build_conv2d(case, (8, 8)).verify()
        assert str(raised.value).endswith(f"conv2d refuses this conv: {message}")
    for case_id in ("w06", "w09"):
        params = build_conv2d(fold_width_input_probe(case_id), (8, 8)).conv_parameters()
        assert folding_width_input_refusal(params) is None


def fold_block_input_probe(case_id: str, device: str = "blackhole_P150") -> dict[str, object]:
    """A probe of TT-NN's answers on the kernel-stride fold of a BLOCK-sharded input
    (ttnn_conv_fold_block_input_{device})."""
    path = ANSWERS / f"ttnn_conv_fold_block_input_{device}.json.gz"
    with gzip.open(path, "rt") as text:
        case: dict[str, object] = json.load(text)[case_id]
    return case


def test_a_padded_fold_of_a_block_input_keeps_its_shards() -> None:
    """Fresh draw r0027 (Blackhole) asked again: a 5×5 conv of stride (1, 2) folded, of a
    64×64 input of 192 channels BLOCK-sharded on 2×6 cores in shards of 704 rows. Padded 1 all
    round, the row-major input is 66·66 = 4356 rows: 7 shards on 6 rows of cores (b01); padded
    2 all round or above and below, 7 again (b07, b13); on a COL_MAJOR 6×2 grid, 7 shards on 6
    columns (b04). A TILE input is padded in whole tiles of width, 66·96 rows: 9 shards (b09),
    10 for two images in shards of 1376 (b10); but 66·64 = 4224 rows, padded below only, fit
    in 6 (b14). TILE front padding is the tile pad's refusal first (b05, b12). Dev-set conv1d
    r0074 (Wormhole): 1×18562 padded rows in shards of 3712 on a COL_MAJOR grid 5 wide, 6 (b03).
    """
    rows = "must not exceed number of rows 6 for row major orientation!"
    expected = {
        "b01": f"Number of shards along height 7 {rows}",
        "b07": f"Number of shards along height 7 {rows}",
        "b13": f"Number of shards along height 7 {rows}",
        "b04": "Number of shards along height 7 must not exceed number of columns 6 for column "
        "major orientation!",
        "b09": f"Number of shards along height 9 {rows}",
        "b10": f"Number of shards along height 10 {rows}",
        "b05": "ttnn.pad: on device tile padding does not support front padding",
        "b12": "ttnn.pad: on device tile padding does not support front padding",
    }
    for case_id, message in expected.items():
        case = fold_block_input_probe(case_id)
        assert case["error_info"] == message
        with pytest.raises(VerifyException) as raised:
            build_conv2d(case, (13, 10)).verify()
        assert str(raised.value).endswith(f"conv2d refuses this conv: {message}")
    conv1d = fold_block_input_probe("b03", "wormhole_N150")
    with pytest.raises(VerifyException) as raised:
        build_conv2d(conv1d, (8, 8)).verify()
    assert str(raised.value).endswith(str(conv1d["error_info"]))
    assert conv1d["error_info"] == (
        "Number of shards along height 6 must not exceed number of columns 5 for column major "
        "orientation!"
    )
    for case_id in ("b02", "b06", "b11", "b14"):
        case = fold_block_input_probe(case_id)
        assert "Number of shards" not in str(case["error_info"])
        params = build_conv2d(case, (13, 10)).conv_parameters()
        assert folding_block_input_refusal(params) is None


def test_a_column_major_input_is_prepared_as_resharded() -> None:
    """Dev-set r0483 (Wormhole): a 5×5 conv, 17 -> 192 channels, of a 28×28 row-major input
    HEIGHT-sharded on 1×4 COL_MAJOR cores, asked BLOCK with `act_block_h_override` 64 and
    activation reuse. conv2d reshards the input BLOCK on grid cores before it prepares the
    weight, so the act blocks are the override's 2 tiles, and the BLOCK program refuses the
    reuse; prepared on the input's own 4 cores (7 tiles each, which 2 does not divide) the
    blocks were 1 tile and the reuse's block height was refused first."""
    with gzip.open(ANSWERS / "ttnn_conv2d_wormhole_N150_s100.json.gz", "rt") as text:
        case = next(case for case in json.load(text).values() if case["id"] == "r0483")
    assert case["input_shard"]["orientation"] == "COL_MAJOR"
    assert case["error_info"] == "Activation data reuse is not supported for block sharded"
    with pytest.raises(VerifyException) as raised:
        build_conv2d(case, (8, 8)).verify()
    assert str(raised.value).endswith(f"conv2d refuses this conv: {case['error_info']}")


def test_a_folded_width_matmul_input_is_sharded_for_its_row_major_rows() -> None:
    """Probes of a 2×2 conv of stride 2 folded, 64 -> 64 channels, of an L1-interleaved input
    asked WIDTH (Wormhole, ttnn_conv_fold_width_matmul_wormhole_N150): the folded rows, 7·7
    (m01, m02 of a TILE input), 7·8 (m03), 9·9 (m04), 2·7·7 (m07), are sharded unrounded for
    the row-major fold, and the tilized input refuses the shards; asked BLOCK or HEIGHT (m05,
    m06) it runs. Fresh wide w0039 (Blackhole): 75·76 rows in shards 32 channels wide."""
    with gzip.open(ANSWERS / "ttnn_conv_fold_width_matmul_wormhole_N150.json.gz", "rt") as text:
        probes = json.load(text)
    for case_id, rows in (("m01", 49), ("m02", 49), ("m03", 56), ("m04", 81), ("m07", 98)):
        message = f"Physical shard shape ({rows}, 32) must be tile {{32, 32}} sized!"
        assert probes[case_id]["error_info"] == message
        with pytest.raises(VerifyException) as raised:
            build_conv2d(probes[case_id], (8, 8)).verify()
        assert str(raised.value).endswith(f"conv2d refuses this conv: {message}")
    for case_id in ("m05", "m06"):
        assert "error" not in probes[case_id]
        build_conv2d(probes[case_id], (8, 8)).verify()
    with gzip.open(ANSWERS / "ttnn_conv_fresh_wide_blackhole_P150_s9202.json.gz", "rt") as text:
        fresh = next(case for case in json.load(text).values() if case["id"] == "w0039")
    with pytest.raises(VerifyException) as raised:
        build_conv2d(fresh, (13, 10)).verify()
    assert str(raised.value).endswith(
        "conv2d refuses this conv: Physical shard shape (5700, 32) must be tile {32, 32} sized!"
    )


def test_a_folded_height_input_is_viewed_in_pages_of_one_stick() -> None:
    """Conv2d draw r0026 (Wormhole) asked again: a 3×3 conv of stride 2 folded, of two 8×8
    row-major images HEIGHT-sharded in shards of 32 rows and 8 channels on 8×2 cores: the
    fold views its 4 shards, 4 · 32 · 8 · 4 = 4096 bytes of float32, in pages of one stick of
    C channels: 3 (p01) or 5 (p03) leave a part page, padded or not (p05), as 6 bfloat16 ones
    do of 2048 bytes (p04); 4 channels, 16-byte pages, fold on (p02). Wide w0151 (Blackhole):
    17 bfloat16 channels in 24-wide shards, pages of 34 bytes on 12288."""
    with gzip.open(ANSWERS / "ttnn_conv_fold_page_wormhole_N150.json.gz", "rt") as text:
        probes = json.load(text)
    for case_id, page, size in (
        ("p01", 12, 4096),
        ("p03", 20, 4096),
        ("p04", 12, 2048),
        ("p05", 12, 4096),
    ):
        message = (
            f"For valid non-interleaved buffers page size {page} must equal buffer size {size}. "
            "For interleaved-buffers, buffer size should be divisible by the page size"
        )
        assert probes[case_id]["error_info"] == message
        with pytest.raises(VerifyException) as raised:
            build_conv2d(probes[case_id], (8, 8)).verify()
        assert str(raised.value).endswith(f"conv2d refuses this conv: {message}")
    params = build_conv2d(probes["p02"], (8, 8)).conv_parameters()
    assert "error" not in probes["p02"] and folding_input_page_refusal(params) is None
    with gzip.open(ANSWERS / "ttnn_conv_wide_blackhole_P150_s6002.json.gz", "rt") as text:
        wide = next(case for case in json.load(text).values() if case["id"] == "w0151")
    with pytest.raises(VerifyException) as raised:
        build_conv2d(wide, (13, 10)).verify()
    assert str(raised.value).endswith(str(wide["error_info"]))


def answered(file_name: str, case_id: str) -> dict[str, object]:
    """One case of TT-NN's committed conv2d answers (tests/data/ttnn_reference/conv2d_op/)."""
    with gzip.open(ANSWERS / file_name, "rt") as text:
        case: dict[str, object] = json.load(text)[case_id]
    return case


def refusal_of(case: dict[str, object], grid: tuple[int, int]) -> str:
    """The project's refusal of the case, without the op's name."""
    with pytest.raises(VerifyException) as raised:
        build_conv2d(case, grid).verify()
    return str(raised.value).removeprefix("'ttnn.conv2d' op ")


def test_a_width_conv_is_refused_for_its_act_height_before_its_k_blocks_split() -> None:
    """Fresh s9303 r0087 (Wormhole): a 3×3 conv of 1024 channels over two 16×16 images from
    DRAM, run WIDTH on 32 cores, act_block_h_override 64, act_block_w_div 2. Its output rows,
    2·14·14 = 392, are ⌈392 / 32⌉ = 13 tiles, not whole act blocks of 64 / 32 = 2 tiles
    (conv2d_op_width_sharded_program_factory.cpp:230), and its 72 K blocks do not split over
    its 32 input cores either: TT-NN checks the height first. Probes
    (ttnn_conv_width_act_height_wormhole_N150): asked WIDTH from DRAM or L1 (h01, h07), with
    blocks of 3 tiles (h04) or 7 output tiles (h11) it is refused for the height; with blocks
    of one tile (h02, h08) or 16 output tiles (h03) for the K blocks' split."""
    probes = "ttnn_conv_width_act_height_wormhole_N150.json.gz"
    refused = "TT-NN 0.81.1's conv2d refuses this conv: "
    drawn = next(
        case
        for case in load_answers("ttnn_conv_fresh_conv2d_wormhole_N150_s9303.json.gz")
        if case["id"] == "r0087"
    )
    for case, pixels, block in (
        (drawn, 2 * 14 * 14, 64),
        (answered(probes, "h01"), 2 * 14 * 14, 64),
        (answered(probes, "h07"), 2 * 14 * 14, 64),
        (answered(probes, "h04"), 2 * 14 * 14, 96),
        (answered(probes, "h11"), 14 * 14, 64),
    ):
        tiles, block_tiles = -(-pixels // 32), block // 32
        message = (
            f"act_matrix_height_ntiles {tiles} should be divisible by act_block_h_ntiles "
            f"{block_tiles}"
        )
        assert tiles % block_tiles and case["error_info"] == message
        assert refusal_of(case, (8, 8)) == refused + message
    split = "Number of Act Blocks along the Width 72 should be divisible by the number of cores 32"
    for case_id in ("h02", "h03", "h08"):
        case = answered(probes, case_id)
        assert case["error_info"] == split
        assert refusal_of(case, (8, 8)) == refused + split


def load_answers(file_name: str) -> list[dict[str, object]]:
    """Every case of one committed answers file."""
    with gzip.open(ANSWERS / file_name, "rt") as text:
        return list(json.load(text).values())


def override_channel_cores(case: dict[str, object]) -> int:
    """The channel cores of a BLOCK override core grid: its rows with `transpose_shards`
    (COL_MAJOR), else its columns."""
    config: dict[str, object] = case["conv_config"]  # type: ignore[assignment]
    ((x0, y0, x1, y1),) = config["core_grid"]  # type: ignore[misc]
    return y1 - y0 + 1 if config.get("transpose_shards") else x1 - x0 + 1


def test_a_block_matmul_on_an_override_grid_holds_the_input_s_tiles_to_the_weight_s() -> None:
    """Fresh s9308 x0051 (Blackhole): a 1×1 conv of 64 channels BLOCK on an override core grid
    of 2×5 cores with transpose_shards, 5 channel cores. conv2d reshards the input keeping its
    logical width, ⌈64 / 32⌉ = 2 tiles, while the weight covers every channel core's shard,
    round_up(64, 32·5) = 160 rows: the matmul refuses (matmul_device_operation.cpp:91).
    Probes (ttnn_conv_matmul_k_override_grid_blackhole_P150): so from a row-major input (k08),
    without a bias (k10), from DRAM (k09: conv2d's DRAM path hands a matmul to its L1 path,
    which prepares it BLOCK, not as prepare_conv_weights's interleaved matmul), for 96
    channels (k04), 3 or 4 channel cores (k05, k13, k14); run where the tiles agree: 2 channel
    cores (k02), 160, 150 or 128 channels on 5 and 4 (k03, k11, k15)."""
    probes = "ttnn_conv_matmul_k_override_grid_blackhole_P150.json.gz"
    drawn = next(
        case
        for case in load_answers("ttnn_conv_fresh_rare_blackhole_P150_s9308.json.gz")
        if case["id"] == "x0051"
    )
    refused = [drawn] + [answered(probes, f"k{n:02}") for n in (1, 4, 5, 8, 9, 10, 13, 14)]
    for case in refused:
        channels, cores = int(case["in_channels"]), override_channel_cores(case)  # type: ignore[call-overload]
        input_tiles, weight_tiles = -(-channels // 32), -(-channels // (32 * cores)) * cores
        assert input_tiles != weight_tiles
        message = (
            f"K dimension in tiles must match between input A ({input_tiles}) and input B "
            f"({weight_tiles})"
        )
        assert case["error_info"] == message
        assert refusal_of(case, (13, 10)) == f"TT-NN 0.81.1's conv2d refuses this conv: {message}"
    for case_id in ("k02", "k03", "k11", "k15"):
        case = answered(probes, case_id)
        channels, cores = int(case["in_channels"]), override_channel_cores(case)  # type: ignore[call-overload]
        rows = -(-channels // (32 * cores)) * cores * 32
        assert case["weight_padded_shape"][2] == rows == -(-channels // 32) * 32  # type: ignore[index]
        build_conv2d(case, (13, 10)).verify()


def test_a_padded_fold_of_a_tile_height_input_of_part_tile_channels_fails_a_reshape() -> None:
    """Fresh s9301 w0014 (Wormhole): a 3×3 conv of stride 3, padding 1, of a 16×16 TILE input of
    one channel HEIGHT-sharded on 3×8 cores in 32-row shards: TT-NN folds it (stride = kernel
    on a HEIGHT-sharded input), pads it through a halo and fails reshaping the padded tensor,
    one tile wide for one channel, before any check of the conv (so too without the case's
    activation reuse: f01). Probes (ttnn_conv_fold_tile_channels_wormhole_N150): 1, 3, 16 and
    48 channels on 8 to 24 cores, float32, a shard layout given: refused so; 32 or 64 channels
    (f05, f07), no padding (f08), a row-major input (f09, f10) fail otherwise, not folding
    (f13) runs."""
    message = "Attempting to reshape between two shapes with different volumes"
    probes = "ttnn_conv_fold_tile_channels_wormhole_N150.json.gz"
    drawn = next(
        case
        for case in load_answers("ttnn_conv_fresh_wide_wormhole_N150_s9301.json.gz")
        if case["id"] == "w0014"
    )
    refused = [drawn] + [answered(probes, f"f{n:02}") for n in (1, 2, 3, 4, 6, 11, 12, 14, 15)]
    for case in refused:
        assert case["layout"] == "TILE" and int(case["in_channels"]) % 32  # type: ignore[call-overload]
        assert case["error_info"] == message
        assert refusal_of(case, (8, 8)) == f"TT-NN 0.81.1's conv2d refuses this conv: {message}"
    for case_id in ("f05", "f07", "f08", "f09", "f10", "f13"):
        case = answered(probes, case_id)
        assert case.get("error_info") != message
        params = build_conv2d(case, (8, 8)).conv_parameters()
        assert folding_tile_channels_refusal(params) is None

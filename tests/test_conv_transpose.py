"""A conv_transpose2d's preparation (docs/semantics.md §7, `conv.conv_transpose`) against
hand-computed values: the output and the equivalent conv2d's input (PyTorch's ConvTranspose2d
formula, worked out in the comments), the equivalent conv2d TT-NN prepares for, the path and the
input TT-NN hands it on its DRAM path (its first slice), and the refusals with their exact
messages. The shapes TT-NN itself
gives are tests/test_conv_transpose_reference.py's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ttnn_xdsl.conv.conv_parameters import (
    Conv2dConfig,
    Conv2dSliceConfig,
    InputMemoryConfig,
)
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    TransposeDramPath,
    equivalent_conv2d,
    full_input_size,
    normalize_transpose_parameters,
    resolve_conv_transpose2d_bias,
    resolve_conv_transpose2d_weights,
    transpose_output_size,
)
from ttnn_xdsl.conv.conv_weight_layout import WeightLayoutKind
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
DRAM = InputMemoryConfig(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)
L1 = InputMemoryConfig(BufferType.L1, TensorMemoryLayout.INTERLEAVED)
BF16 = Conv2dConfig(weights_dtype=DataType.BFLOAT16)
RESHARD = Conv2dConfig(weights_dtype=DataType.BFLOAT16, reshard_if_not_optimal=True)


def transpose(**overrides: object) -> ConvTranspose2dParameters:
    """ConvTranspose2d(16, 24, 3, stride=2, padding=1, output_padding=1) on a 1×6×5 TILE
    input in L1, HEIGHT, bf16 weights (TT-NN's bytes case height_k3s2p1_op11)."""
    base: dict[str, object] = dict(
        in_channels=16,
        out_channels=24,
        batch_size=1,
        input_height=6,
        input_width=5,
        kernel_size=(3, 3),
        stride=(2, 2),
        padding=(1, 1),
        output_padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        has_bias=True,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.TILE,
        input_memory_config=L1,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=HEIGHT),
    )
    base.update(overrides)
    return normalize_transpose_parameters(ConvTranspose2dParameters(**base))  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "output", "full"),
    [
        # (6 − 1)·2 − 2 + 2 + 1 + 1 = 12, (5 − 1)·2 − 2 + 2 + 1 + 1 = 10; full = +2 each.
        ({}, (12, 10), (14, 12)),
        # A UNet up-conv: (32 − 1)·2 + 1 + 1 = 64; full 64 + 1 = 65.
        (
            dict(input_height=32, input_width=32, kernel_size=(2, 2), padding=(0, 0),
                 output_padding=(0, 0)),
            (64, 64),
            (65, 65),
        ),
        # Four paddings (top 2, bottom 0, left 1, right 3), dilation 2: (6 − 1)·2 − 2 + 4 +
        # 1 + 1 = 14 and (5 − 1)·2 − 4 + 4 + 1 + 1 = 10; full = + 2·2 = 18, 14.
        (dict(padding=(2, 0, 1, 3), dilation=(2, 2)), (14, 10), (18, 14)),
        # HiFi-GAN's ConvTranspose1d(512, 256, 16, stride 8, padding 4) on 32 frames: height 1,
        # (32 − 1)·8 − 8 + 15 + 1 = 256; full 256 + 15 = 271.
        (
            dict(input_height=1, input_width=32, kernel_size=(1, 16), stride=(1, 8),
                 padding=(0, 4), output_padding=(0, 0)),
            (1, 256),
            (1, 271),
        ),
    ],
)  # fmt: skip
def test_output_and_full_input(
    overrides: dict[str, object], output: tuple[int, int], full: tuple[int, int]
) -> None:
    params = transpose(**overrides)
    assert transpose_output_size(params) == output
    assert full_input_size(params) == full
    # Without output_padding (the bias's): one row and column fewer where it was 1.
    oph, opw = params.output_padding
    assert full_input_size(params, (0, 0)) == (full[0] - oph, full[1] - opw)


def test_the_weight_equivalent_conv2d() -> None:
    params = transpose(groups=2, dram_slice_config=None)
    equivalent, dram = equivalent_conv2d(params)
    assert dram is None  # an L1 input without slice config
    assert (equivalent.input_height, equivalent.input_width) == (14, 12)  # with output_padding
    assert equivalent.stride == (1, 1)
    assert equivalent.padding == (0, 0, 0, 0)
    assert equivalent.kernel_size == (3, 3)
    assert equivalent.groups == 1  # the transform made the weight dense
    assert (equivalent.in_channels, equivalent.out_channels) == (16, 24)
    assert equivalent.slice_config == Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 0)
    assert equivalent.input_memory_config == L1
    assert equivalent.conv_config == params.conv_config


def test_the_bias_equivalent_conv2d() -> None:
    slices = Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 4)
    equivalent, dram = equivalent_conv2d(
        transpose(groups=2, dram_slice_config=slices), for_bias=True
    )
    assert (equivalent.input_height, equivalent.input_width) == (13, 11)  # no output_padding
    assert equivalent.groups == 2  # kept
    assert equivalent.slice_config is None  # conv2d's prepare_conv_bias does not pass it on
    assert dram is None
    assert equivalent.has_bias


@pytest.mark.parametrize(
    ("memory", "slices", "dram"),
    [
        (DRAM, None, True),
        (L1, None, False),
        (DRAM, Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 0), False),
        (DRAM, Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 1), False),
        (L1, Conv2dSliceConfig(Conv2dSliceType.DRAM_WIDTH, 1), False),
        (DRAM, Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 4), False),
        # 0 slices: TT-NN's count first; this small conv fits in one slice, the L1 path.
        (L1, Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 0), False),
        (L1, Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 2), True),
    ],
)
def test_which_path_prepares_the_weight(
    memory: InputMemoryConfig, slices: Conv2dSliceConfig | None, dram: bool
) -> None:
    params = transpose(input_memory_config=memory, dram_slice_config=slices)
    assert resolve_conv_transpose2d_weights(params).dram_path == dram


# --------------------------------------------------------------------------------------------
# The DRAM path's input (semantics.md §7.4)
# --------------------------------------------------------------------------------------------


def dram_path(params: ConvTranspose2dParameters) -> TransposeDramPath:
    """The weight's DRAM path (the test's conv takes it)."""
    dram = resolve_conv_transpose2d_weights(params).dram
    assert dram is not None
    return dram


def test_dram_path_block_input() -> None:
    # 16 → 8, 2×2 stride 2 on 1×8×8, BLOCK, row-major orientation, 8×8 grid; the output is
    # 16×16 = 256 rows = 8 tiles, one slice (it fits L1). Alignment 8 (a sliced op):
    # ceil(16/8) = 2 channel blocks → n_c = with_padding(2, 8) = 2; nhw =
    # with_padding_and_mult(8, 8, 1) = 8. Shards: round_up(64, 8·32)/8 = 32 rows,
    # round_up(16, 2·8)/2 = 8 channels; grid (2, 8).
    params = transpose(
        out_channels=8,
        input_height=8,
        input_width=8,
        kernel_size=(2, 2),
        padding=(0, 0),
        output_padding=(0, 0),
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=BLOCK),
    )
    assert dram_path(params).slicing.num_slices == 1
    assert dram_path(params).input_memory_config == InputMemoryConfig(
        BufferType.L1, BLOCK, (32, 8), (2, 8), ShardOrientation.ROW_MAJOR
    )
    # The equivalent conv2d reads that spec: 2 input-channel cores (TT-NN's answer, 0.81.1:
    # [1, 1, 256, 32]). Its TILE input aligns to 32: Cin_pad = round_up(16, 2·32) = 64, iw 32,
    # BHP = round_up(32·2, 32)·2 = 128, rows 128·2 = 256; Cout 8 → 32 on 1 core.
    plan = resolve_conv_transpose2d_weights(params).conv
    assert (plan.sharding.input_cores_channels, plan.sharding.output_cores_channels) == (2, 1)
    assert plan.layout.physical_shape == (1, 1, 256, 32)
    # transpose_shards: COL_MAJOR, the channel split along y: grid (8, 2).
    col_major = replace(params, conv_config=replace(params.conv_config, transpose_shards=True))
    assert dram_path(col_major).input_memory_config == InputMemoryConfig(
        BufferType.L1, BLOCK, (32, 8), (8, 2), ShardOrientation.COL_MAJOR
    )


def test_dram_path_height_input_and_the_automatic_shard_layout() -> None:
    # The UNet up-conv, 128 → 64 on 1×32×32 in DRAM, no shard_layout: TT-NN's automatic
    # choice (its L1 estimate, semantics.md §8) is HEIGHT, in one slice. Output 64×64 = 4096
    # rows = 128 tiles; nhw =
    # with_padding_and_mult(128, 64, 1) = 64; shards round_up(1024, 64·32)/64 = 32 rows of
    # round_up(128, 8) = 128 channels, on 64 cores laid row by row over the 8×8 grid (the count
    # is what the conv2d reads).
    params = transpose(
        in_channels=128,
        out_channels=64,
        input_height=32,
        input_width=32,
        kernel_size=(2, 2),
        padding=(0, 0),
        output_padding=(0, 0),
        input_memory_config=DRAM,
        conv_config=BF16,
    )
    dram = dram_path(params)
    assert dram.slicing.num_slices == 1
    assert dram.slice_input.auto_shard is not None
    assert dram.slice_input.auto_shard.layout == HEIGHT
    assert dram.input_memory_config == InputMemoryConfig(BufferType.L1, HEIGHT, (32, 128), (8, 8))
    plan = resolve_conv_transpose2d_weights(params).conv
    # TT-NN 0.81.1's answer with shard_layout = height_sharded: [1, 1, 512, 64]. HEIGHT on
    # the 65×65 equivalent, act_block_w = round_up(128·2, 32) = 256, two kernel rows.
    assert plan.sharding.nhw_cores == 64
    assert plan.layout.physical_shape == (1, 1, 512, 64)
    assert plan.layout.kind == WeightLayoutKind.SPECIAL_PADDING


def test_dram_path_width_input_of_a_row_major_input() -> None:
    # WIDTH: alignment 32, ceil(40/32) = 2 tiles of channels → n_c = with_padding(2, 64) = 2;
    # nhw 1; a ROW_MAJOR input's WIDTH shard holds all N·H·W = 2·4·4 = 32 rows unrounded;
    # round_up(40, 2·32)/2 = 32 channels; grid (2, 1).
    params = transpose(
        in_channels=40,
        batch_size=2,
        input_height=4,
        input_width=4,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=WIDTH),
    )
    assert dram_path(params).input_memory_config == InputMemoryConfig(
        BufferType.L1, WIDTH, (32, 32), (2, 1)
    )


def test_dram_path_first_of_several_slices() -> None:
    # The UNet up-conv (2×2 stride 2, 128 → 64 on 1×32×32), HEIGHT, in 4 height slices: the
    # output's 64 rows → 16 a slice. The first reads input rows [0, ceil((16 − 1 + 1 − 1)/2)
    # = 8): the stuffed input's d·(k − 1) − p = 1 zero row before, then rows up to 15 − 1 +
    # 1 = 15, i.e. input row 7; the slice's transposed padding d·(k − 1) − 1 = 0 at the top,
    # at the bottom d·(k − 1) − (16 − 1) % 2 = 0. The weight is prepared for that slice with
    # the conv's own padding: (8 − 1)·2 − 0 + 1 + 1 = 16 rows + 1 = 17 of full input, (32 −
    # 1)·2 + 2 + 1 = 65 columns, and a row-major input (several slices). The shard: the
    # slice's 16×64 = 1024 output rows = 32 tiles on 32 cores; round_up(1·8·32, 32·32)/32 =
    # 32 rows of round_up(128, 8) = 128 channels.
    params = transpose(
        in_channels=128,
        out_channels=64,
        input_height=32,
        input_width=32,
        kernel_size=(2, 2),
        padding=(0, 0),
        output_padding=(0, 0),
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=HEIGHT),
        dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 4),
    )
    plan = resolve_conv_transpose2d_weights(params)
    dram = plan.dram
    assert dram is not None and dram.sliced
    assert (dram.first_slice.in_start, dram.first_slice.in_end) == ((0, 0), (8, 32))
    assert dram.first_slice.shape.padding == (0, 0, 0, 0)
    assert dram.first_slice.shape.out_hw == (16, 64)
    assert dram.full_input_size == (17, 65) == plan.full_input_size
    assert plan.equivalent.input_layout == Layout.ROW_MAJOR
    # 32 HEIGHT cores: 4 rows of the 8×8 grid.
    assert dram.input_memory_config == InputMemoryConfig(BufferType.L1, HEIGHT, (32, 128), (8, 4))
    # HEIGHT, a row-major input: round_up(128·2, 32) = 256 rows a kernel row, two of them.
    assert plan.conv.layout.physical_shape == (1, 1, 512, 64)


def test_a_dram_1x1_transpose_is_not_an_interleaved_matmul() -> None:
    # The equivalent conv of a 1×1 transpose is a 1×1 stride-1 conv, a matmul conv; on an
    # L1 input without shard layout it gets the interleaved-matmul layout, on a DRAM input
    # TT-NN's sharded config keeps it off that path (TT-NN 0.81.1: 192×192, not 96×96).
    one = dict(kernel_size=(1, 1), padding=(0, 0), output_padding=(0, 0), conv_config=BF16)
    on_l1 = resolve_conv_transpose2d_weights(transpose(**one)).conv
    assert on_l1.layout.kind == WeightLayoutKind.INTERLEAVED_MM
    on_dram = resolve_conv_transpose2d_weights(transpose(input_memory_config=DRAM, **one)).conv
    assert on_dram.layout.kind == WeightLayoutKind.SPECIAL_PADDING


# --------------------------------------------------------------------------------------------
# Result shapes
# --------------------------------------------------------------------------------------------


def test_a_grouped_weight_is_prepared_dense() -> None:
    # groups 2, 16 → 24: the IOHW weight is [16, 12, 3, 3], the dense OIHW [24, 16, 3, 3];
    # logical [1, 1, 16·9, 24] (not Cin/g), the equivalent conv never grouped.
    plan = resolve_conv_transpose2d_weights(transpose(groups=2))
    assert plan.dense_weight_shape == (24, 16, 3, 3)
    assert plan.conv.expansion.groups_expand is None
    assert plan.conv.layout.logical_shape == (1, 1, 144, 24)
    # HEIGHT on a TILE input: Cin 16 → 32, round_up(32·3, 32) = 96 rows a kernel row.
    assert plan.conv.layout.physical_shape == (1, 1, 288, 32)


def test_a_1x1_kernel_is_not_mirrored() -> None:
    plan = resolve_conv_transpose2d_weights(
        transpose(kernel_size=(1, 1), padding=(0, 0), output_padding=(0, 0))
    )
    assert not plan.mirror_kernel
    assert resolve_conv_transpose2d_weights(transpose()).mirror_kernel
    assert not resolve_conv_transpose2d_weights(transpose(mirror_kernel=False)).mirror_kernel


def test_the_bias_width() -> None:
    # The bias of the equivalent conv2d (13×11 input, HEIGHT): Cout 24 → 32, sub-block 1:
    # [1, 1, 32, 32], in weights_dtype.
    plan = resolve_conv_transpose2d_bias(transpose()).conv
    assert plan.bias.physical_shape == (1, 1, 32, 32)
    assert plan.weights_dtype == DataType.BFLOAT16


@pytest.mark.parametrize(
    ("layout", "out_channels", "width"),
    [
        (HEIGHT, 24, 32),
        (TensorMemoryLayout.BLOCK_SHARDED, 40, 64),
        (TensorMemoryLayout.WIDTH_SHARDED, 512, 512),
    ],
)
def test_the_bias_of_an_output_empty_without_output_padding(
    layout: TensorMemoryLayout, out_channels: int, width: int
) -> None:
    """From an L1 input with a shard layout TT-NN 0.81.1 prepares the bias although its conv
    has (1 − 1)·2 − 2 + 0 + 1 = −1 rows without output_padding: [1, 1, 1, Cout] in
    [1, 1, 32, 32·n] as TT-NN's answers in tests/data/ttnn_reference/conv_transpose2d/
    empty_bias/ (tb2910_0020: 40 channels BLOCK → 64; tb2910_0067: 512 WIDTH → 512)."""
    params = transpose(
        input_height=1,
        kernel_size=(1, 3),
        padding=(1, 1),
        output_padding=(2, 0),
        out_channels=out_channels,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=layout),
    )
    plan = resolve_conv_transpose2d_bias(params)
    assert plan.output_size == (-1, 9)
    assert plan.conv.bias.logical_shape == (1, 1, 1, out_channels)
    assert plan.conv.bias.physical_shape == (1, 1, 32, width)


# --------------------------------------------------------------------------------------------
# Refusals (semantics.md §7.5)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "for_bias", "message"),
    [
        (
            dict(output_padding=(0, -1)),
            False,
            "expected output_padding to have 2 non-negative values, got [0, -1]",
        ),
        (
            dict(input_height=1, kernel_size=(1, 3), padding=(2, 1), output_padding=(0, 0)),
            False,
            "output image is empty: OH = (input − 1)·stride − padding + dilation·(kernel − 1) "
            "+ output_padding + 1 = (1 − 1)·2 − (2 + 2) + 1·(1 − 1) + 0 + 1 = -3",
        ),
        (
            # With output_padding 2 the weight's output has (1 − 1)·2 − 2 + 0 + 2 + 1 = 1 row;
            # the bias takes no output_padding: −1 rows, which TT-NN auto-shards and dies on.
            dict(
                input_height=1,
                kernel_size=(1, 3),
                padding=(1, 1),
                output_padding=(2, 0),
                conv_config=BF16,
            ),
            True,
            "output image is empty without output_padding (the bias's preparation takes "
            "none): OH = (input − 1)·stride − padding + dilation·(kernel − 1) + 1 = "
            "(1 − 1)·2 − (1 + 1) + 1·(1 − 1) + 1 = -1; TT-NN 0.81.1 prepares such a bias only "
            "for an L1 input with a shard layout: it dies (integer divide-by-zero) "
            "auto-sharding that empty conv: give shard_layout",
        ),
        (
            # The same from DRAM, HEIGHT.
            dict(
                input_height=1,
                kernel_size=(1, 3),
                padding=(1, 1),
                output_padding=(2, 0),
                input_memory_config=DRAM,
            ),
            True,
            "output image is empty without output_padding (the bias's preparation takes "
            "none): OH = (input − 1)·stride − padding + dilation·(kernel − 1) + 1 = "
            "(1 − 1)·2 − (1 + 1) + 1·(1 − 1) + 1 = -1; TT-NN 0.81.1 prepares such a bias only "
            "for an L1 input with a shard layout: from DRAM its conv2d DRAM path slices that "
            "empty output and dies (integer divide-by-zero), hangs or prepares by how its uint32 "
            "sizes wrap",
        ),
        (
            dict(conv_config=Conv2dConfig(shard_layout=HEIGHT)),
            True,
            "prepare_conv_transpose2d_bias needs conv_config.weights_dtype (TT-NN 0.81.1 fails "
            "with 'bad optional access' without it)",
        ),
        (
            dict(
                input_memory_config=DRAM,
                conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, shard_layout=HEIGHT),
            ),
            True,
            "TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a DRAM "
            "input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan its DRAM "
            "slices it builds a row-major bfloat8_b placeholder weight, which TT-NN rejects "
            '(TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")',
        ),
        (
            # l1_full does not help: the bias's prepare_conv_bias is not given it (TT-NN 0.81.1
            # refuses such a bias, tests/data/ttnn_reference/conv_transpose2d/answers).
            dict(
                input_memory_config=DRAM,
                conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B, shard_layout=HEIGHT),
                dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 0),
            ),
            True,
            "TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM (a DRAM "
            "input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan its DRAM "
            "slices it builds a row-major bfloat8_b placeholder weight, which TT-NN rejects "
            '(TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")',
        ),
        (
            dict(
                input_memory_config=DRAM,
                conv_config=RESHARD,
            ),
            False,
            "conv_config.reshard_if_not_optimal needs conv_config.shard_layout when the "
            "conv_transpose2d's input is sharded or in DRAM (TT-NN 0.81.1 fails with 'bad "
            "optional access')",
        ),
        (
            dict(
                input_memory_config=InputMemoryConfig(BufferType.L1, HEIGHT, (32, 16), (1, 1)),
                conv_config=RESHARD,
            ),
            False,
            "conv_config.reshard_if_not_optimal needs conv_config.shard_layout when the "
            "conv_transpose2d's input is sharded or in DRAM (TT-NN 0.81.1 fails with 'bad "
            "optional access')",
        ),
        (
            # The output's 12 rows cannot make 13 slices.
            dict(dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 13)),
            False,
            'dram_slice_config asks for 13 slices of an output height of 12 (TT-NN 0.81.1: '
            '"Number of slices should be less or equal than the dimension being sliced in '
            'Conv2D DRAM Slicing")',
        ),
        (
            # A 1×1 kernel, stride 1, padding 3 on 14×14: an output of 13 − 6 + 1 = 8 rows. In
            # 4 height slices the first, 2 rows, reads input rows [0, 2 + 3) (with the slice's
            # own transposed padding, 3 above and 0 below, they give its 2 rows); TT-NN
            # prepares the weight for those 5 rows with the conv's own padding: (5 − 1) − 6 +
            # 1 = −1 rows.
            dict(
                in_channels=8,
                out_channels=8,
                input_height=14,
                input_width=14,
                kernel_size=(1, 1),
                stride=(1, 1),
                padding=(3, 3),
                output_padding=(0, 0),
                dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 4),
            ),
            False,
            "output image is empty for the first DRAM slice: TT-NN 0.81.1 prepares the weight "
            "for its 5x14 input positions with the conv's own padding [3, 3, 3, 3], an output "
            "of -1x8 (its uint32 sizes wrap)",
        ),
        (
            # The spec describes the transpose's own 30-row input: 1 core × 16 rows is short.
            dict(input_memory_config=InputMemoryConfig(BufferType.L1, HEIGHT, (16, 16), (1, 1))),
            False,
            "height_sharded shards of 16x16 on a 1x1 grid cannot hold the input's N·H·W = 30 "
            "rows (1 core(s) × 16 rows = 16)",
        ),
        (
            dict(groups=5),
            False,
            "expected groups 5 to be positive and divide in_channels 16 and out_channels 24",
        ),
    ],
)  # fmt: skip
def test_refusals(overrides: dict[str, object], for_bias: bool, message: str) -> None:
    resolve = resolve_conv_transpose2d_bias if for_bias else resolve_conv_transpose2d_weights
    base = transpose()
    with pytest.raises(ConvConfigError) as error:
        resolve(replace(base, **overrides))  # type: ignore[arg-type]
    assert str(error.value) == message


def test_output_padding_only_the_weight_needs() -> None:
    # The weight of the refusal above exists: 1 row, and (5 − 1)·2 − 2 + 2 + 0 + 1 = 9
    # columns.
    params = transpose(input_height=1, kernel_size=(1, 3), padding=(1, 1), output_padding=(2, 0))
    assert resolve_conv_transpose2d_weights(params).output_size == (1, 9)


def test_a_shard_spec_holding_the_transpose_input_is_enough() -> None:
    # The equivalent conv2d's input is the zero-stuffed 14×12 = 168 rows, but the spec holds
    # the transpose's own 6×5 = 30 rows: 1 core × 32 rows is accepted (and so is the weight
    # reading it: HEIGHT, 1 NHW core).
    memory = InputMemoryConfig(BufferType.L1, HEIGHT, (32, 16), (1, 1))
    plan = resolve_conv_transpose2d_weights(transpose(input_memory_config=memory)).conv
    assert plan.sharding.nhw_cores == 1


def test_the_weight_refusals_leave_the_bias_alone_and_back() -> None:
    # A slice config too many for the weight's output is the weight's refusal; the bias passes
    # it to conv2d's prepare_conv_bias, which is not given it (TT-NN 0.81.1 prepares such a
    # bias).
    slices = transpose(dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 13))
    with pytest.raises(ConvConfigError, match=r"^dram_slice_config asks for 13 slices"):
        resolve_conv_transpose2d_weights(slices)
    assert resolve_conv_transpose2d_bias(slices).conv.bias.physical_shape == (1, 1, 32, 32)
    # Without weights_dtype only the bias is refused.
    no_dtype = transpose(conv_config=Conv2dConfig(shard_layout=HEIGHT))
    assert resolve_conv_transpose2d_weights(no_dtype).conv.weights_dtype == DataType.FLOAT32

"""The resolution of prepare_conv_weights (semantics.md §3.3–3.6) against hand-computed values.

Every expected number below is worked out by hand from the formulas of docs/semantics.md (the
comments show the arithmetic); none is read back from the implementation.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ttnn_xdsl.conv.conv_form import (
    fold_parameters,
    is_depthwise_1d,
    is_mm_conv,
    resolve_kernel_stride_folding,
    resolve_weights_dtype,
)
from ttnn_xdsl.conv.conv_layout_geometry import (
    bias_physical_shape,
    block_sharded_map,
    depthwise_1d_shape,
    fold_kernel_stride_shape,
    grouped_shape,
    interleaved_mm_map,
    special_padding_map,
    tiled_map,
)
from ttnn_xdsl.conv.conv_op_config import (
    resolve_act_block_h_ntiles,
    resolve_out_subblock,
    resolve_weight_block_height,
)
from ttnn_xdsl.conv.conv_parameters import (
    ComputeKernelConfig,
    Conv2dConfig,
    Conv2dParameters,
    InputMemoryConfig,
    expand_padding,
    normalize_parameters,
    output_image_size,
    validate_parameters,
)
from ttnn_xdsl.conv.conv_resolution import resolve_conv_weights
from ttnn_xdsl.conv.conv_sharding import (
    resolve_input_channels_alignment,
    resolve_parallel_config,
    resolve_shard_layout,
)
from ttnn_xdsl.conv.conv_weight_layout import WeightLayoutKind
from ttnn_xdsl.conv.divisors import (
    common_divisor,
    find_divisor_with_padding,
    find_divisor_with_padding_and_multiple,
    largest_divisor,
    with_padding,
)
from ttnn_xdsl.core.enums import (
    BufferType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import round_up

HEIGHT = TensorMemoryLayout.HEIGHT_SHARDED
WIDTH = TensorMemoryLayout.WIDTH_SHARDED
BLOCK = TensorMemoryLayout.BLOCK_SHARDED
INTERLEAVED = TensorMemoryLayout.INTERLEAVED

DRAM = InputMemoryConfig(BufferType.DRAM, INTERLEAVED)
L1 = InputMemoryConfig(BufferType.L1, INTERLEAVED)


def sharded(
    layout: TensorMemoryLayout,
    width: int,
    height: int = 32,
    grid: tuple[int, int] = (8, 8),
    orientation: ShardOrientation = ShardOrientation.ROW_MAJOR,
) -> InputMemoryConfig:
    """An L1 input sharded `layout`-wise on a `grid` (x, y) of `height`×`width` shards."""
    return InputMemoryConfig(
        BufferType.L1,
        layout,
        shard_shape=(height, width),
        shard_grid=grid,
        shard_orientation=orientation,
    )


def conv(**overrides: object) -> Conv2dParameters:
    """A 3×3, stride-1, padding-1 conv of a 1×8×8 DRAM row-major input, 3 → 2 channels."""
    base: dict[str, object] = dict(
        in_channels=3,
        out_channels=2,
        batch_size=1,
        input_height=8,
        input_width=8,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1, 1, 1),
        dilation=(1, 1),
        groups=1,
        has_bias=False,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
    )
    base.update(overrides)
    return Conv2dParameters(**base)  # type: ignore[arg-type]


def config(**fields: object) -> Conv2dConfig:
    return Conv2dConfig(**fields)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------
# Arithmetic helpers
# ------------------------------------------------------------------------------------------


def test_largest_divisor():
    assert largest_divisor(12, 8) == 6
    assert largest_divisor(7, 8) == 7
    assert largest_divisor(13, 8) == 1
    assert largest_divisor(16, 8) == 8


def test_with_padding():
    # d = 8: p = 8, 8 − 7 = 1 ≥ 8 // 8 = 1 → d = 7: p = 7, 0 ≥ 1 is false.
    assert find_divisor_with_padding(7, 8) == 7
    assert with_padding is find_divisor_with_padding
    # 12 over ≤10: 10→p 20 (8 ≥ 2), 9→18 (6 ≥ 2), 8→16 (4 ≥ 2), 7→14 (2 ≥ 2), 6→12 stop.
    assert find_divisor_with_padding(12, 10) == 6
    # 12 over ≤13: 13→p 13, 1 ≥ 1 → 12→12, 0 ≥ 1 false.
    assert find_divisor_with_padding(12, 13) == 12
    # 11 over ≤10: …, 7→14 (3 ≥ 2), 6→12 (1 ≥ 2 false).
    assert find_divisor_with_padding(11, 10) == 6
    assert find_divisor_with_padding(3, 64) == 3
    assert find_divisor_with_padding(1, 8) == 1


def test_with_padding_and_mult():
    # mult 1: 32 over ≤10: 10→40 (8 ≥ 4), 9→36 (4 ≥ 4), 8→32 (0) → 8.
    assert find_divisor_with_padding_and_multiple(32, 10, 1) == 8
    # 32 over ≤13: 13→39 (7 ≥ 3), 12→36 (4 ≥ 3), 11→33 (1 ≥ 3 false) → 11.
    assert find_divisor_with_padding_and_multiple(32, 13, 1) == 11
    # mult 3: 20 over ≤8: 8→round_up(20, 24) = 24 (4 ≥ 3), 7→21 (1 ≥ 3 false) → 7.
    assert find_divisor_with_padding_and_multiple(20, 8, 3) == 7
    # mult 4: 9 over ≤4: 4→16 (7 ≥ 4), 3→12 (3 ≥ 4 false) → 3.
    assert find_divisor_with_padding_and_multiple(9, 4, 4) == 3
    # mult 4: 1 over ≤8 never fits: stops at d = 1.
    assert find_divisor_with_padding_and_multiple(1, 8, 4) == 1


def test_common_divisor():
    assert common_divisor(6, 4, 8) == 2
    assert common_divisor(8, 8, 8) == 8
    assert common_divisor(7, 5, 8) == 1
    assert common_divisor(12, 18, 8) == 6


# ------------------------------------------------------------------------------------------
# Geometry, validation
# ------------------------------------------------------------------------------------------


def test_expand_padding():
    assert expand_padding([1, 2]) == (1, 1, 2, 2)
    assert expand_padding([1, 2, 3, 4]) == (1, 2, 3, 4)
    with pytest.raises(ConvConfigError, match=r"2 or 4 non-negative values, got \[1, 2, 3\]"):
        expand_padding([1, 2, 3])


def test_output_image_size():
    assert output_image_size(conv()) == (8, 8)
    # (8 + 2 − 2 − 1) // 2 + 1 = 4
    assert output_image_size(conv(stride=(2, 2))) == (4, 4)
    # dilation 2: (8 + 2 − 4 − 1) // 1 + 1 = 6
    assert output_image_size(conv(dilation=(2, 1))) == (6, 8)
    # asymmetric padding: H (8 + 0 + 3 − 2 − 1) + 1 = 9, W (8 + 2 + 0 − 3) + 1 = 8
    assert output_image_size(conv(padding=(0, 3, 2, 0))) == (9, 8)
    assert output_image_size(conv(input_height=2, kernel_size=(5, 1), padding=(0, 0, 0, 0))) == (
        0,
        8,
    )


def validate(params: Conv2dParameters) -> None:
    """The resolution's checks, in its order: the lists first (normalizing the padding),
    then everything else."""
    validate_parameters(normalize_parameters(params))


def test_validate_parameters_accepts_a_valid_conv():
    validate(conv())
    validate(conv(padding=(1, 2)))
    assert normalize_parameters(conv(padding=(1, 2))).padding == (1, 1, 2, 2)
    assert normalize_parameters(conv(padding=(1, 2, 3, 4))).padding == (1, 2, 3, 4)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (dict(stride=(0, 1)), "expected stride to have 2 positive values, got [0, 1]"),
        (dict(dilation=(1,)), "expected dilation to have 2 positive values, got [1]"),
        (dict(kernel_size=(3, 0)), "expected kernel_size to have 2 positive values, got [3, 0]"),
        (
            dict(padding=(1, -1)),
            "expected padding to have 2 or 4 non-negative values, got [1, -1]",
        ),
        (
            dict(padding=(1, 1, 1)),
            "expected padding to have 2 or 4 non-negative values, got [1, 1, 1]",
        ),
        (dict(batch_size=0), "expected batch_size to be positive, got 0"),
        (dict(input_width=0), "expected input_width to be positive, got 0"),
        (
            dict(groups=0),
            "expected groups 0 to be positive and divide in_channels 3 and out_channels 2",
        ),
        (
            dict(groups=2),
            "expected groups 2 to be positive and divide in_channels 3 and out_channels 2",
        ),
        (
            dict(in_channels=4, groups=4),
            "expected groups 4 to be positive and divide in_channels 4 and out_channels 2",
        ),
        (
            dict(input_height=2, kernel_size=(5, 5), padding=(0, 0, 0, 0)),
            "output image is empty: OH = 0 (input_height 2, padding 0+0, dilation 1, "
            "kernel 5, stride 1)",
        ),
        (
            dict(input_width=3, kernel_size=(1, 3), padding=(0, 0, 0, 0), dilation=(1, 2)),
            "output image is empty: OW = 0 (input_width 3, padding 0+0, dilation 2, "
            "kernel 3, stride 1)",
        ),
        (
            dict(weight_dtype=DataType.BFLOAT8_B),
            "expected the weight dtype to be f32 or bf16, got bfp8_b",
        ),
        (
            dict(input_memory_config=InputMemoryConfig(BufferType.L1, INTERLEAVED, (32, 32))),
            "a sharded input_memory_config needs a shard layout (height_sharded, "
            "width_sharded or block_sharded), got interleaved with a shard spec",
        ),
        (
            dict(conv_config=Conv2dConfig(act_block_h_override=48)),
            "expected conv_config.act_block_h_override to be a non-negative multiple of 32, got 48",
        ),
        (
            dict(conv_config=Conv2dConfig(act_block_w_div=0)),
            "expected conv_config.act_block_w_div to be positive, got 0",
        ),
        (
            dict(input_memory_config=InputMemoryConfig(BufferType.L1, HEIGHT)),
            "expected the height_sharded input_memory_config to carry a shard spec",
        ),
    ],
)
def test_validate_parameters_messages(overrides: dict[str, object], message: str):
    with pytest.raises(ConvConfigError) as error:
        validate(conv(**overrides))
    assert str(error.value) == message
    # resolve_conv_weights runs the same checks first.
    with pytest.raises(ConvConfigError):
        resolve_conv_weights(conv(**overrides))


def test_input_memory_config_is_sharded():
    assert not DRAM.is_sharded
    assert sharded(HEIGHT, 32).is_sharded
    assert DRAM.is_dram and not L1.is_dram


# ------------------------------------------------------------------------------------------
# Steps 1–6
# ------------------------------------------------------------------------------------------


def test_weights_dtype():
    assert resolve_weights_dtype(conv()) == DataType.FLOAT32
    assert resolve_weights_dtype(conv(weight_dtype=DataType.BFLOAT16)) == DataType.BFLOAT16
    params = conv(conv_config=config(weights_dtype=DataType.BFLOAT8_B))
    assert resolve_weights_dtype(params) == DataType.BFLOAT8_B
    # TT-NN's DRAM path builds a ROW_MAJOR placeholder weight of weights_dtype: bfp8_b refused.
    with pytest.raises(ConvConfigError, match="Only TILE layout is supported for BFLOAT8_B"):
        resolve_conv_weights(params)
    on_l1 = replace(params, input_memory_config=L1)
    assert resolve_conv_weights(on_l1).weights_dtype == DataType.BFLOAT8_B


def test_mm_conv():
    one = dict(kernel_size=(1, 1), padding=(0, 0, 0, 0))
    assert is_mm_conv(conv(**one))
    assert is_mm_conv(conv(**one, conv_config=config(shard_layout=BLOCK)))
    assert not is_mm_conv(conv(**one, conv_config=config(shard_layout=WIDTH)))
    assert not is_mm_conv(conv(**one, stride=(2, 2)))
    assert not is_mm_conv(conv(**one, dilation=(1, 2)))
    assert not is_mm_conv(conv(kernel_size=(1, 1), padding=(0, 0, 0, 1)))
    assert not is_mm_conv(conv())


def fold_case(**overrides: object) -> Conv2dParameters:
    """kernel = stride = 2×2, 8×8 unpadded input in DRAM, row-major: folding is automatic."""
    base: dict[str, object] = dict(kernel_size=(2, 2), stride=(2, 2), padding=(0, 0, 0, 0))
    base.update(overrides)
    return conv(**base)


def test_kernel_stride_folding_auto_on():
    assert resolve_kernel_stride_folding(fold_case())
    # DRAM + row-major allows padding (8 + 1 + 1 = 10 divides by 2).
    assert resolve_kernel_stride_folding(fold_case(padding=(1, 1, 1, 1)))
    # DRAM + TILE needs zero padding.
    assert resolve_kernel_stride_folding(fold_case(input_layout=Layout.TILE))
    # A height-sharded input folds whatever its layout and padding.
    assert resolve_kernel_stride_folding(
        fold_case(
            input_layout=Layout.TILE,
            padding=(1, 1, 1, 1),
            input_memory_config=sharded(HEIGHT, 32),
        )
    )


@pytest.mark.parametrize(
    "overrides",
    [
        dict(stride=(2, 1)),  # stride != kernel
        dict(kernel_size=(1, 1), stride=(1, 1)),  # stride == (1, 1)
        dict(dilation=(2, 2)),  # dilated
        dict(input_height=9),  # 9 % 2 != 0
        dict(input_width=8, padding=(0, 0, 1, 0)),  # 9 % 2 != 0
        dict(input_layout=Layout.TILE, padding=(1, 1, 1, 1)),  # DRAM, TILE and padded
        dict(input_memory_config=L1),  # L1 interleaved
        dict(input_memory_config=sharded(BLOCK, 32)),  # sharded, not height
    ],
)
def test_kernel_stride_folding_auto_off(overrides: dict[str, object]):
    assert not resolve_kernel_stride_folding(fold_case(**overrides))


def test_kernel_stride_folding_explicit():
    on = config(enable_kernel_stride_folding=True)
    off = config(enable_kernel_stride_folding=False)
    assert resolve_kernel_stride_folding(conv(conv_config=on))  # 3×3 stride 1: forced on
    assert not resolve_kernel_stride_folding(fold_case(conv_config=off))


def test_fold_parameters():
    params = conv(
        kernel_size=(3, 3), stride=(2, 2), conv_config=config(enable_kernel_stride_folding=True)
    )
    folded = fold_parameters(params)
    # Cin 3·2·2, input (8 + 2)/2, kernel ceil(3/2), stride 1, padding 0.
    assert folded.in_channels == 12
    assert (folded.input_height, folded.input_width) == (5, 5)
    assert folded.kernel_size == (2, 2)
    assert folded.stride == (1, 1)
    assert folded.padding == (0, 0, 0, 0)
    assert not resolve_kernel_stride_folding(folded)
    with pytest.raises(ConvConfigError, match="padded input height 11"):
        fold_parameters(replace(params, input_height=9))


def test_folded_plan_kernel_equals_stride_is_interleaved_mm():
    # 3 → 64 channels, 4×4 kernel, stride 4, 32×32 DRAM row-major input: folded to a 1×1 conv
    # of 48 channels, mm_conv, auto-sharded → interleaved MM.
    plan = resolve_conv_weights(
        fold_case(
            in_channels=3,
            out_channels=64,
            input_height=32,
            input_width=32,
            kernel_size=(4, 4),
            stride=(4, 4),
        )
    )
    assert plan.form.fold_stride == (4, 4)
    assert plan.form.mm_conv
    assert plan.form.folded.in_channels == 48
    assert plan.form.folded.kernel_size == (1, 1)
    assert (plan.blocking.output_height, plan.blocking.output_width) == (8, 8)
    assert plan.layout.kind == WeightLayoutKind.INTERLEAVED_MM
    assert plan.expansion.expanded_weight_shape == (64, 48, 1, 1)
    assert plan.layout.logical_shape == (1, 1, 48, 64)
    assert plan.layout.physical_shape == (1, 1, 64, 64)  # round_up(48, 32), round_up(64, 32)


def test_folded_plan_kernel_larger_than_stride():
    # 7×7 kernel, stride 2, padding 3 on a 16×16 DRAM row-major input, folding forced on:
    # Cin 3·4 = 12, kernel 4×4, input 11×11, not an mm_conv.
    plan = resolve_conv_weights(
        conv(
            out_channels=64,
            input_height=16,
            input_width=16,
            kernel_size=(7, 7),
            stride=(2, 2),
            padding=(3, 3, 3, 3),
            conv_config=config(enable_kernel_stride_folding=True, shard_layout=HEIGHT),
        )
    )
    assert plan.form.fold_stride == (2, 2)
    assert not plan.form.mm_conv
    assert plan.expansion.expanded_weight_shape == (64, 12, 4, 4)
    # On the DRAM path TT-NN's slice keeps the original padding after folding: 11 + 6 − 4 + 1.
    assert (plan.blocking.output_height, plan.blocking.output_width) == (14, 14)
    # HEIGHT, row-major DRAM → align 8: Cin_pad 16, act_block_w round_up(16·4, 32).
    assert plan.layout.kind == WeightLayoutKind.SPECIAL_PADDING
    assert plan.layout.padded_in_channels == 16
    assert plan.blocking.act_block_w == 64
    assert plan.layout.logical_shape == (1, 1, 12 * 16, 64)
    assert plan.layout.physical_shape == (1, 1, 64 * 4, 64)


def test_shard_layout():
    assert resolve_shard_layout(conv()) == HEIGHT
    assert resolve_shard_layout(conv(input_memory_config=sharded(BLOCK, 32))) == BLOCK
    assert resolve_shard_layout(conv(conv_config=config(shard_layout=WIDTH))) == WIDTH
    # An interleaved shard_layout is refused by the validation (validate_conv2d_config).
    with pytest.raises(ConvConfigError, match="got interleaved"):
        resolve_conv_weights(conv(conv_config=config(shard_layout=INTERLEAVED)))


@pytest.mark.parametrize(("width", "alignment"), [(48, 16), (64, 32), (24, 8), (20, 32)])
def test_alignment_sharded_row_major_by_shard_width(width: int, alignment: int):
    memory = sharded(HEIGHT, width)
    assert resolve_input_channels_alignment(HEIGHT, Layout.ROW_MAJOR, memory, False) == alignment
    assert resolve_input_channels_alignment(BLOCK, Layout.ROW_MAJOR, memory, False) == alignment


def test_alignment_rules():
    assert resolve_input_channels_alignment(HEIGHT, Layout.ROW_MAJOR, DRAM, False) == 8
    assert resolve_input_channels_alignment(BLOCK, Layout.ROW_MAJOR, L1, False) == 8
    assert resolve_input_channels_alignment(HEIGHT, Layout.TILE, DRAM, False) == 32
    assert resolve_input_channels_alignment(WIDTH, Layout.ROW_MAJOR, DRAM, False) == 32
    assert resolve_input_channels_alignment(HEIGHT, Layout.ROW_MAJOR, DRAM, True) == 32
    assert (
        resolve_input_channels_alignment(HEIGHT, Layout.ROW_MAJOR, sharded(HEIGHT, 48), True) == 32
    )
    # A TILE input does not read the shard shape.
    no_shape = InputMemoryConfig(BufferType.L1, HEIGHT)
    assert resolve_input_channels_alignment(HEIGHT, Layout.TILE, no_shape, False) == 32


def test_alignment_in_the_plan():
    memory = sharded(HEIGHT, 48)
    plan = resolve_conv_weights(conv(in_channels=40, out_channels=32, input_memory_config=memory))
    assert plan.sharding.input_channels_alignment == 16
    assert plan.layout.padded_in_channels == 48  # round_up(40, 16)


# ------------------------------------------------------------------------------------------
# Step 7: parallel config
# ------------------------------------------------------------------------------------------


def test_parallel_config_height_with_override():
    # 640 output rows = 20 tiles over ≤64 cores in multiples of 3 tiles → 7 cores.
    common = dict(batch_size=1, in_channels=16, out_channels=64, output_height=20, output_width=32)
    pc = resolve_parallel_config(
        HEIGHT, **common, input_channels_alignment=32, grid=(8, 8), act_block_h_override=96
    )
    assert (pc.input_cores_channels, pc.output_cores_channels, pc.nhw_cores) == (1, 1, 7)
    assert pc.orientation == ShardOrientation.ROW_MAJOR
    pc = resolve_parallel_config(HEIGHT, **common, input_channels_alignment=32, grid=(8, 8))
    assert pc.nhw_cores == 20  # with_padding_and_mult(20, 64, 1)


def test_parallel_config_width():
    common = dict(batch_size=1, output_height=8, output_width=8, input_channels_alignment=32)
    pc = resolve_parallel_config(WIDTH, **common, in_channels=64, out_channels=64, grid=(8, 8))
    assert (pc.input_cores_channels, pc.output_cores_channels, pc.nhw_cores) == (2, 2, 1)
    # 12 tiles in, 3 tiles out over ≤10 cores: with_padding gives 6 and 3.
    pc = resolve_parallel_config(WIDTH, **common, in_channels=384, out_channels=96, grid=(5, 2))
    assert (pc.input_cores_channels, pc.output_cores_channels) == (6, 3)
    # mm_conv: largest_divisor(12, 10) = 6, the output keeps the input split.
    pc = resolve_parallel_config(
        WIDTH, **common, in_channels=384, out_channels=96, grid=(5, 2), mm_conv=True
    )
    assert (pc.input_cores_channels, pc.output_cores_channels) == (6, 6)


def test_parallel_config_block_mm_conv_common_divisor():
    pc = resolve_parallel_config(
        BLOCK,
        batch_size=1,
        in_channels=128,
        out_channels=192,
        output_height=8,
        output_width=8,
        input_channels_alignment=32,
        grid=(8, 8),
        mm_conv=True,
    )
    # common_divisor(ceil(192/32) = 6, ceil(128/32) = 4, 8) = 2; NHW 2 tiles over ≤8 → 2.
    assert (pc.input_cores_channels, pc.output_cores_channels, pc.nhw_cores) == (2, 2, 2)


def test_block_row_major_vs_col_major_on_13x10():
    # 352 → 352 channels (11 tiles), 3×3 pad 1 on 32×32 TILE L1 input: 1024 rows = 32 tiles.
    def plan(transpose: bool):
        return resolve_conv_weights(
            conv(
                in_channels=352,
                out_channels=352,
                input_height=32,
                input_width=32,
                input_layout=Layout.TILE,
                input_memory_config=L1,
                grid=(13, 10),
                conv_config=config(shard_layout=BLOCK, transpose_shards=transpose),
            )
        )

    row = plan(False)
    # channels along x = 13: with_padding(11, 13) = 11; NHW along y = 10: 32 tiles → 8.
    assert row.sharding.orientation == ShardOrientation.ROW_MAJOR
    assert (
        row.sharding.input_cores_channels,
        row.sharding.output_cores_channels,
        row.sharding.nhw_cores,
    ) == (11, 11, 8)
    assert (row.layout.padded_in_channels, row.layout.padded_out_channels) == (352, 352)
    assert row.blocking.act_block_w == 96  # round_up(352/11 · 3, 32)
    assert row.blocking.act_block_h_ntiles == 4  # round_up(1024, 8·32)/8 = 128 rows
    # iw 32: BHP = round_up(96, 32)·3 = 288 = iw·9 → rows I·9; ow 32 = owp → cols O.
    assert row.layout.physical_shape == (1, 1, 352 * 9, 352)

    col = plan(True)
    # channels along y = 10: with_padding(11, 10) = 6; NHW along x = 13: 32 tiles → 11.
    assert col.sharding.orientation == ShardOrientation.COL_MAJOR
    assert (
        col.sharding.input_cores_channels,
        col.sharding.output_cores_channels,
        col.sharding.nhw_cores,
    ) == (6, 6, 11)
    assert (col.layout.padded_in_channels, col.layout.padded_out_channels) == (384, 384)
    assert col.blocking.act_block_w == 192  # round_up(384/6 · 3, 32)
    assert col.blocking.act_block_h_ntiles == 3  # round_up(1024, 11·32)/11 = 96 rows
    assert col.blocking.out_width_ntiles == 2  # 384 / (6·32)
    assert col.blocking.weight_block_w_ntiles == 2  # (3, 2) is the first sub-block fitting 3×2
    assert col.layout.physical_shape == (1, 1, 384 * 9, 384)


# ------------------------------------------------------------------------------------------
# Steps 8–11: semantics.md §3.7 worked examples, end to end
# ------------------------------------------------------------------------------------------


def special_padding_row(plan, r: int, s: int, i: int) -> int:
    """semantics.md §3.6.2 without reuse: M[r·BH + s·Cin + i, o]."""
    block_rows = plan.blocking.weight_block_h_ntiles * 32
    return r * block_rows + s * plan.layout.padded_in_channels + i


def test_worked_example_height_row_major():
    plan = resolve_conv_weights(conv(conv_config=config(shard_layout=HEIGHT)))
    assert plan.layout.kind == WeightLayoutKind.SPECIAL_PADDING
    assert plan.sharding.input_channels_alignment == 8
    assert plan.layout.padded_in_channels == 8
    assert plan.layout.padded_out_channels == 32
    assert plan.blocking.act_block_w == 32  # BH
    assert plan.blocking.weight_block_h_ntiles == 1
    assert plan.layout.physical_shape == (1, 1, 96, 32)
    assert plan.layout.logical_shape == (1, 1, 27, 2)
    assert plan.layout.padded_weight_shape == (32, 8, 3, 3)
    assert special_padding_row(plan, r=1, s=0, i=2) == 34  # W[1, 2, 1, 0] → col 1


def test_worked_example_height_tile_l1():
    plan = resolve_conv_weights(
        conv(
            input_layout=Layout.TILE,
            input_memory_config=L1,
            conv_config=config(shard_layout=HEIGHT),
        )
    )
    assert plan.sharding.input_channels_alignment == 32
    assert plan.layout.padded_in_channels == 32
    assert plan.blocking.act_block_w == 96
    assert plan.layout.physical_shape == (1, 1, 288, 32)
    assert plan.layout.logical_shape == (1, 1, 27, 2)
    assert special_padding_row(plan, r=1, s=0, i=2) == 98


def test_worked_example_width():
    plan = resolve_conv_weights(
        conv(
            in_channels=64,
            out_channels=64,
            input_layout=Layout.TILE,
            conv_config=config(shard_layout=WIDTH),
        )
    )
    assert plan.layout.kind == WeightLayoutKind.TILED
    assert (plan.sharding.input_cores_channels, plan.sharding.output_cores_channels) == (2, 2)
    assert plan.layout.padded_in_channels == 64
    assert plan.blocking.act_block_w == 288  # 64·9 / 2
    assert plan.blocking.weight_block_h_ntiles == 9
    assert plan.layout.physical_shape == (1, 1, 576, 64)
    assert plan.layout.logical_shape == (1, 1, 576, 64)
    # §3.6.3: M[(r·KW + s)·Cin + i, o]; W[40, 10, 2, 1] → row 458, col 40.
    assert (2 * 3 + 1) * plan.layout.padded_in_channels + 10 == 458


def test_worked_example_block_row_major():
    params = conv(in_channels=64, out_channels=64, conv_config=config(shard_layout=BLOCK))
    plan = resolve_conv_weights(params)
    assert plan.layout.kind == WeightLayoutKind.BLOCK_SHARDED
    assert plan.sharding.input_channels_alignment == 8
    assert (plan.sharding.input_cores_channels, plan.sharding.output_cores_channels) == (8, 2)
    assert plan.layout.padded_in_channels == 64
    assert plan.layout.physical_shape == (1, 1, 768, 64)
    assert plan.layout.logical_shape == (1, 1, 576, 64)

    def row(plan, o: int, i: int, r: int, s: int, full: bool) -> tuple[int, int]:
        iw = plan.layout.padded_in_channels // plan.sharding.input_cores_channels
        ow = plan.layout.padded_out_channels // plan.sharding.output_cores_channels
        ic, c = divmod(i, iw)
        oc, k = divmod(o, ow)
        if full:
            bhp = round_up(iw * 9, 32)
            offset = r * 3 * iw + s * iw + c
        else:
            bhp = round_up(iw * 3, 32) * 3
            offset = r * round_up(iw * 3, 32) + s * iw + c
        return ic * bhp + offset, oc * round_up(ow, 32) + k

    assert row(plan, 40, 10, 2, 1, full=False) == (170, 40)
    full = resolve_conv_weights(
        replace(params, conv_config=config(shard_layout=BLOCK, full_inner_dim=True))
    )
    assert full.layout.physical_shape == (1, 1, 768, 64)  # BHP 96 either way
    assert full.blocking.act_block_w == 96  # round_up(8·3·3, 32)
    assert row(full, 40, 10, 2, 1, full=True) == (154, 40)


def test_worked_example_grouped_mm_conv_dram():
    plan = resolve_conv_weights(
        conv(in_channels=4, out_channels=4, groups=2, kernel_size=(1, 1), padding=(0, 0, 0, 0))
    )
    assert plan.form.mm_conv
    assert plan.sharding.auto_shard
    assert plan.expansion.groups_expand == 2
    assert not plan.form.depthwise_1d
    assert plan.expansion.expanded_weight_shape == (4, 4, 1, 1)
    assert plan.layout.kind == WeightLayoutKind.INTERLEAVED_MM
    assert plan.layout.physical_shape == (1, 1, 32, 32)
    assert plan.layout.logical_shape == (1, 1, 4, 4)
    assert plan.blocking.act_block_w is None and plan.blocking.weight_block_h_ntiles is None


def test_worked_example_layout_helpers():
    assert tiled_map(8, 4, 3, 3, 1, 1).shape == (64, 32)
    assert block_sharded_map(64, 32, 3, 3, 2, 2).shape == (384, 64)
    assert block_sharded_map(64, 32, 3, 3, 2, 2, full_inner_dim=True).shape == (320, 64)
    assert special_padding_map(32, 16, 3, 3, 2, 1).shape == (192, 32)
    assert special_padding_map(32, 16, 3, 3, 5, 1, activation_reuse=True).shape == (160, 32)
    assert depthwise_1d_shape((8, 1, 2, 2), 1) == (8, 128, 1, 1)


def test_layout_helpers_edges():
    assert interleaved_mm_map(64, 3, 7, 7).shape == (160, 64)  # round_up(147, 32)
    assert interleaved_mm_map(2, 3, 3, 3).shape == (32, 32)
    assert tiled_map(70, 64, 3, 3, 9, 2).shape == (576, 128)
    # ow 48 → owp 64 → cols 2·64; iw 16: BHP = round_up(16·3, 32)·3 = 192 > 144 → rows 2·192.
    assert block_sharded_map(96, 32, 3, 3, 2, 2).shape == (384, 128)
    # no padding needed at all: iw·KW multiple of 32, ow multiple of 32.
    assert block_sharded_map(64, 64, 1, 1, 2, 2).shape == (64, 64)
    assert grouped_shape((4, 2, 1, 1), 2) == (4, 4, 1, 1)
    assert fold_kernel_stride_shape((64, 3, 7, 7), (2, 2)) == (64, 12, 4, 4)
    assert fold_kernel_stride_shape((8, 4, 4, 4), (4, 4)) == (8, 64, 1, 1)
    with pytest.raises(ConvConfigError, match="block_h·32 = 32 rows to hold I·KW = 48"):
        special_padding_map(32, 16, 3, 3, 1, 1)
    with pytest.raises(ConvConfigError, match="in_shards 4 to divide the 30"):
        block_sharded_map(64, 30, 3, 3, 4, 2)
    with pytest.raises(ConvConfigError, match="out_shards 3 to divide the 64"):
        block_sharded_map(64, 32, 3, 3, 2, 3)
    with pytest.raises(ConvConfigError, match="groups 3 to divide the 4 output channels"):
        grouped_shape((4, 2, 1, 1), 3)
    with pytest.raises(
        ConvConfigError, match=r"depthwise weight \[O, 1, KH, KW\], got \[8, 2, 1, 4\]"
    ):
        depthwise_1d_shape((8, 2, 1, 4), 1)


# ------------------------------------------------------------------------------------------
# Step 4 branch, step 9 rules, grouping, depthwise
# ------------------------------------------------------------------------------------------


def one_by_one(**overrides: object) -> Conv2dParameters:
    base: dict[str, object] = dict(
        in_channels=64, out_channels=64, kernel_size=(1, 1), padding=(0, 0, 0, 0)
    )
    base.update(overrides)
    return conv(**base)


def test_mm_conv_dram_input_with_shard_layout_is_interleaved_mm():
    plan = resolve_conv_weights(one_by_one(conv_config=config(shard_layout=HEIGHT)))
    assert plan.form.mm_conv and not plan.sharding.auto_shard
    assert plan.layout.kind == WeightLayoutKind.INTERLEAVED_MM
    assert plan.layout.physical_shape == (1, 1, 64, 64)
    assert plan.layout.padded_weight_shape == (64, 64, 1, 1)


def test_mm_conv_l1_input_with_shard_layout_is_sharded():
    plan = resolve_conv_weights(
        one_by_one(input_memory_config=L1, conv_config=config(shard_layout=HEIGHT))
    )
    assert plan.layout.kind == WeightLayoutKind.SPECIAL_PADDING
    assert plan.sharding.input_channels_alignment == 32  # mm_conv
    assert plan.blocking.act_block_w == 64
    assert plan.layout.physical_shape == (1, 1, 64, 64)
    # auto-sharded mm_conv on L1 still goes interleaved.
    auto = resolve_conv_weights(one_by_one(input_memory_config=L1))
    assert auto.layout.kind == WeightLayoutKind.INTERLEAVED_MM


def test_mm_conv_on_a_width_sharded_input():
    # 96 → 64 channels, 1×1 on 8×8 (N·H·W 64), width-sharded over 3×1 cores in 64×32 shards
    # (3·32 = 96 channels): mm_conv, n_c_in = the grid's 3 cores (semantics.md §3.3a), the
    # output keeps them → Cout_pad = round_up(64, 3·32) = 96.
    memory = sharded(WIDTH, 32, height=64, grid=(3, 1))
    plan = resolve_conv_weights(one_by_one(in_channels=96, input_memory_config=memory))
    assert plan.sharding.shard_layout == WIDTH
    assert plan.form.mm_conv
    assert (plan.sharding.input_cores_channels, plan.sharding.output_cores_channels) == (3, 3)
    assert (plan.layout.padded_in_channels, plan.layout.padded_out_channels) == (96, 96)
    assert plan.blocking.act_block_w == 32  # 96·1·1 / 3
    assert plan.layout.kind == WeightLayoutKind.TILED
    assert plan.layout.physical_shape == (1, 1, 96, 96)


def test_mm_conv_on_a_block_sharded_input():
    # 128 → 192, BLOCK over a 2×4 row-major grid in 16×64 shards (4·16 = 64 rows, 2·64 = 128
    # channels): n_c_in = grid x = 2, mm_conv → n_c_out = 2.
    memory = sharded(BLOCK, 64, height=16, grid=(2, 4))
    plan = resolve_conv_weights(
        one_by_one(in_channels=128, out_channels=192, input_memory_config=memory)
    )
    assert (plan.sharding.input_cores_channels, plan.sharding.output_cores_channels) == (2, 2)
    assert (plan.layout.padded_in_channels, plan.layout.padded_out_channels) == (128, 192)
    # iw 64 = BHP → rows 128; ow 96 = owp → cols 192.
    assert plan.layout.physical_shape == (1, 1, 128, 192)


# ------------------------------------------------------------------------------------------
# Inputs already sharded (semantics.md §3.3a)
# ------------------------------------------------------------------------------------------


def test_a_sharded_input_keeps_its_own_kind():
    # conv_config asks for HEIGHT, the input is BLOCK-sharded in L1: BLOCK wins.
    memory = sharded(BLOCK, 8, height=8, grid=(8, 8))  # 8·8 = 64 rows, 8·8 = 64 ≥ 3 channels
    params = conv(input_memory_config=memory, conv_config=config(shard_layout=HEIGHT))
    assert resolve_shard_layout(params) == BLOCK
    assert resolve_conv_weights(params).sharding.shard_layout == BLOCK
    # So does a sharded input in DRAM (TT-NN looks at is_sharded(), not at the buffer).
    dram = InputMemoryConfig(BufferType.DRAM, WIDTH, shard_shape=(64, 8), shard_grid=(1, 1))
    asked_height = conv(input_memory_config=dram, conv_config=config(shard_layout=HEIGHT))
    assert resolve_shard_layout(asked_height) == WIDTH
    # A 1×1 conv with config shard_layout = width_sharded stays off the matmul path even
    # though the input is HEIGHT-sharded (step 2 looks at the config).
    memory = sharded(HEIGHT, 64, height=1, grid=(8, 8))
    plan = resolve_conv_weights(
        one_by_one(input_memory_config=memory, conv_config=config(shard_layout=WIDTH))
    )
    assert plan.sharding.shard_layout == HEIGHT
    assert not plan.form.mm_conv
    assert plan.layout.kind == WeightLayoutKind.SPECIAL_PADDING


def test_width_input_split_is_the_number_of_cores_in_the_grid():
    # 64 → 64, 3×3 on 8×8 (padding 1, N·H·W 64), TILE, width-sharded on 8×8 cores in 64×1
    # shards (64 cores × 1 column = 64 channels): n_c_in = 64 cores, Cin_pad =
    # round_up(64, 64·32) = 2048; n_c_out = with_padding(2, 64) = 2 (device grid), Cout_pad
    # 64; act_block_w = 2048·9 / 64 = 288 → block_h 9; rows round_up(2048·9, 288) = 18432.
    memory = sharded(WIDTH, 1, height=64, grid=(8, 8))
    plan = resolve_conv_weights(
        conv(in_channels=64, out_channels=64, input_layout=Layout.TILE, input_memory_config=memory)
    )
    assert (plan.sharding.input_cores_channels, plan.sharding.output_cores_channels) == (64, 2)
    assert (plan.layout.padded_in_channels, plan.layout.padded_out_channels) == (2048, 64)
    assert plan.blocking.act_block_w == 288
    assert plan.layout.physical_shape == (1, 1, 18432, 64)
    assert plan.layout.logical_shape == (1, 1, 576, 64)


def test_mm_conv_output_split_equals_the_input_split():
    # 1×1, 128 → 96 on a width-sharded 4×1 grid of 64×32 shards: n_c_in = 4 = n_c_out, so
    # the 96 outputs pad to round_up(96, 4·32) = 128; Cin_pad = round_up(128, 4·32) = 128,
    # act_block_w 128/4 = 32 → rows round_up(128, 32) = 128.
    memory = sharded(WIDTH, 32, height=64, grid=(4, 1))
    plan = resolve_conv_weights(
        one_by_one(in_channels=128, out_channels=96, input_memory_config=memory)
    )
    assert plan.form.mm_conv
    assert (plan.sharding.input_cores_channels, plan.sharding.output_cores_channels) == (4, 4)
    assert (plan.layout.padded_in_channels, plan.layout.padded_out_channels) == (128, 128)
    assert plan.layout.physical_shape == (1, 1, 128, 128)
    assert plan.layout.logical_shape == (1, 1, 128, 96)


@pytest.mark.parametrize(
    ("orientation", "grid", "shard", "transpose", "n_c_in"),
    [
        # row_major: channels along x; 2 × 32 = 64 channels, 4 × 16 = 64 rows.
        (ShardOrientation.ROW_MAJOR, (2, 4), (16, 32), False, 2),
        # transpose_shards is ignored: the spec's orientation counts.
        (ShardOrientation.ROW_MAJOR, (2, 4), (16, 32), True, 2),
        # col_major: channels along y; 4 × 16 = 64 channels, 2 × 32 = 64 rows.
        (ShardOrientation.COL_MAJOR, (2, 4), (32, 16), False, 4),
    ],
)
def test_block_input_split_follows_the_spec_orientation(
    orientation: ShardOrientation,
    grid: tuple[int, int],
    shard: tuple[int, int],
    transpose: bool,
    n_c_in: int,
) -> None:
    memory = sharded(BLOCK, shard[1], height=shard[0], grid=grid, orientation=orientation)
    params = conv(
        in_channels=64,
        out_channels=64,
        input_layout=Layout.TILE,
        input_memory_config=memory,
        conv_config=config(transpose_shards=transpose),
    )
    plan = resolve_conv_weights(params)
    assert plan.sharding.orientation == orientation
    assert plan.sharding.input_cores_channels == n_c_in
    # n_c_out from the device grid's channel axis (8 either way): with_padding(2, 8) = 2.
    assert plan.sharding.output_cores_channels == 2
    # Cin_pad = round_up(64, n_c_in·32) (64 for 2 cores, 128 for 4: a grid with more channel
    # cores pads the channels to fill them); iw = Cin_pad / n_c_in; BHP = round_up(iw·3, 32)·3.
    cin_pad = -(-64 // (n_c_in * 32)) * n_c_in * 32
    assert plan.layout.padded_in_channels == cin_pad
    iw = cin_pad // n_c_in
    bhp = -(-iw * 3 // 32) * 32 * 3
    rows = bhp * n_c_in if iw * 9 < bhp else cin_pad * 9
    assert plan.layout.physical_shape == (1, 1, rows, 64)


@pytest.mark.parametrize(
    ("layout", "orientation", "grid", "shard", "nhw_cores"),
    [
        # HEIGHT: every core of the 4×2 grid holds output rows, 8·392 = 3136.
        (HEIGHT, ShardOrientation.ROW_MAJOR, (4, 2), (392, 64), 8),
        # BLOCK row_major: the rows run along y (2 × 1568); col_major: along x (4 × 784).
        (BLOCK, ShardOrientation.ROW_MAJOR, (4, 2), (1568, 16), 2),
        (BLOCK, ShardOrientation.COL_MAJOR, (2, 4), (1568, 16), 2),
    ],
)
def test_nhw_cores_come_from_the_input_shard_grid(
    layout: TensorMemoryLayout,
    orientation: ShardOrientation,
    grid: tuple[int, int],
    shard: tuple[int, int],
    nhw_cores: int,
) -> None:
    # 64 → 64, 3×3, padding 1 on 1×56×56 (N·OH·OW = 3136 rows, 98 tiles), TILE, L1 already
    # sharded: TT-NN takes the spec's whole parallel config, its NHW cores included (from the
    # device grid HEIGHT would take with_padding_and_mult(98, 64, 1) = 49 cores, BLOCK
    # with_padding_and_mult(98, 8, 1) = 8: 104 − 98 = 6 < 104 // 8). The output shard is then
    # round_up(3136, nhw·32) / nhw rows: 3328 / 8 = 416 (13 tiles) for HEIGHT, 3136 / 2 = 1568
    # (49 tiles) for BLOCK.
    memory = sharded(layout, shard[1], height=shard[0], grid=grid, orientation=orientation)
    params = conv(
        in_channels=64,
        out_channels=64,
        input_height=56,
        input_width=56,
        input_layout=Layout.TILE,
        input_memory_config=memory,
    )
    plan = resolve_conv_weights(params)
    assert plan.sharding.nhw_cores == nhw_cores
    assert plan.blocking.act_block_h_ntiles == {8: 13, 2: 49}[nhw_cores]
    # reshard_if_not_optimal: the split comes from the device grid again.
    resharded = resolve_conv_weights(
        replace(params, conv_config=config(shard_layout=layout, reshard_if_not_optimal=True))
    )
    assert resharded.sharding.nhw_cores == {HEIGHT: 49, BLOCK: 8}[layout]


def test_row_major_alignment_comes_from_the_shard_width():
    # A ROW_MAJOR stem: 3 channels in shards 3 wide → alignment 32; 8 wide → 8. HEIGHT on
    # 1×1 cores holding all 64 rows.
    for width, alignment, cin_pad in ((3, 32, 32), (8, 8, 8)):
        plan = resolve_conv_weights(conv(input_memory_config=sharded(HEIGHT, width, 64, (1, 1))))
        assert (plan.sharding.input_channels_alignment, plan.layout.padded_in_channels) == (
            alignment,
            cin_pad,
        )
    # A wider shard than needed is legal: 128 columns over 16 channels aligns to 32.
    plan = resolve_conv_weights(
        conv(in_channels=16, input_memory_config=sharded(HEIGHT, 128, 64, (1, 1)))
    )
    assert (plan.sharding.input_channels_alignment, plan.layout.padded_in_channels) == (32, 32)


def test_height_sharded_input_folds_even_when_the_config_asks_for_block():
    # stride == kernel == 2 on an 8×8 input, no padding; the input is HEIGHT-sharded in L1
    # (64 rows on 2×1 cores of 32 rows): automatic folding is on, whatever conv_config says.
    memory = sharded(HEIGHT, 32, height=32, grid=(2, 1))
    params = conv(
        in_channels=4,
        out_channels=32,
        kernel_size=(2, 2),
        stride=(2, 2),
        padding=(0, 0, 0, 0),
        input_layout=Layout.TILE,
        input_memory_config=memory,
        conv_config=config(shard_layout=BLOCK),
    )
    plan = resolve_conv_weights(params)
    assert plan.form.fold_stride == (2, 2)
    assert plan.sharding.shard_layout == HEIGHT
    # A BLOCK-sharded input does not fold.
    memory = sharded(BLOCK, 4, height=8, grid=(1, 8))
    assert (
        resolve_conv_weights(replace(params, input_memory_config=memory)).form.fold_stride is None
    )


@pytest.mark.parametrize(
    ("memory", "message"),
    [
        (
            sharded(HEIGHT, 32, height=8, grid=(9, 9)),
            "expected the input's shard grid 9x9 to fit the device grid 8x8",
        ),
        (
            sharded(HEIGHT, 32, height=8, grid=(12, 10)),
            "expected the input's shard grid 12x10 to fit the device grid 8x8",
        ),
        (
            sharded(HEIGHT, 32, height=1, grid=(8, 7)),
            "height_sharded shards of 1x32 on a 8x7 grid cannot hold the input's N·H·W = 64 "
            "rows (56 core(s) × 1 rows = 56)",
        ),
        (
            sharded(HEIGHT, 2, height=1, grid=(8, 8)),
            "height_sharded shards of 1x2 on a 8x8 grid cannot hold the input's 3 channels "
            "(1 core(s) × 2 columns = 2)",
        ),
        (
            sharded(WIDTH, 1, height=63, grid=(3, 1)),
            "width_sharded shards of 63x1 on a 3x1 grid cannot hold the input's N·H·W = 64 "
            "rows (1 core(s) × 63 rows = 63)",
        ),
        (
            sharded(WIDTH, 1, height=64, grid=(2, 1)),
            "width_sharded shards of 64x1 on a 2x1 grid cannot hold the input's 3 channels "
            "(2 core(s) × 1 columns = 2)",
        ),
        (
            sharded(BLOCK, 1, height=8, grid=(2, 7)),
            "block_sharded shards of 8x1 on a 2x7 grid cannot hold the input's N·H·W = 64 "
            "rows (7 core(s) × 8 rows = 56)",
        ),
        (
            sharded(BLOCK, 1, height=8, grid=(2, 8)),
            "block_sharded shards of 8x1 on a 2x8 grid cannot hold the input's 3 channels "
            "(2 core(s) × 1 columns = 2)",
        ),
        (
            # col_major: rows split along x (2 · 16 = 32 < 64), channels along y.
            sharded(BLOCK, 1, height=16, grid=(2, 3), orientation=ShardOrientation.COL_MAJOR),
            "block_sharded shards of 16x1 on a 2x3 grid cannot hold the input's N·H·W = 64 "
            "rows (2 core(s) × 16 rows = 32)",
        ),
    ],
)
def test_impossible_shard_specs_are_refused(memory: InputMemoryConfig, message: str) -> None:
    params = conv(input_memory_config=memory)
    with pytest.raises(ConvConfigError) as error:
        resolve_conv_weights(params)
    assert str(error.value) == message


def test_shards_exactly_or_more_than_big_enough_are_accepted() -> None:
    # col_major 2×3 of 32×1: rows 2·32 = 64 ≥ 64, channels 3·1 = 3 ≥ 3; n_c_in = grid y = 3.
    memory = sharded(BLOCK, 1, height=32, grid=(2, 3), orientation=ShardOrientation.COL_MAJOR)
    assert resolve_conv_weights(conv(input_memory_config=memory)).sharding.input_cores_channels == 3
    # HEIGHT shards far larger than needed.
    memory = sharded(HEIGHT, 512, height=512, grid=(8, 8))
    assert resolve_conv_weights(conv(input_memory_config=memory)).sharding.shard_layout == HEIGHT


def test_weight_block_height_rules():
    kernel = (3, 3)
    assert resolve_weight_block_height(HEIGHT, 8, kernel, 1) == 32  # round_up(24, 32)
    assert resolve_weight_block_height(HEIGHT, 8, kernel, 1, enable_activation_reuse=True) == 96
    # TT-NN 0.81.1 takes the usual HEIGHT block for a 1D depthwise conv (round_up(48·4, 32));
    # the depthwise weight's own block height is set apart by the resolution.
    assert resolve_weight_block_height(HEIGHT, 48, (1, 4), 1) == 192
    # A WIDTH block under one tile is no error for a 1D depthwise weight (its blocks are
    # act_block_h_ntiles high): 64·3 / (2·4) = 24 → 0.
    assert resolve_weight_block_height(WIDTH, 64, (1, 3), 2, act_block_w_div=4) == 0
    assert resolve_weight_block_height(BLOCK, 64, kernel, 8) == 32  # round_up(8·3, 32)
    assert resolve_weight_block_height(BLOCK, 64, kernel, 8, full_inner_dim=True) == 96
    assert resolve_weight_block_height(WIDTH, 64, kernel, 2) == 288
    assert resolve_weight_block_height(WIDTH, 128, kernel, 2, act_block_w_div=2) == 288


def test_width_sharded_act_block_w_is_taken_in_whole_tiles():
    """TT-NN 0.81.1 floors the WIDTH block to whole tiles and the tiled layout rounds the
    rows up to whole blocks; only a block of 0 tiles is an error."""
    # The reference case: W[64, 128, 3, 3], 32×32 input, stride 1, padding 0, L1
    # interleaved TILE input, act_block_w_div 2: 128 channels → with_padding(4, 64) = 4 input
    # cores, Cin_pad 128, 128·9 / (4·2) = 144 → 4 tiles = 128 rows; rows round_up(1152, 128)
    # = 1152; 64 outputs → 2 output cores, cols 64. TT-NN gives [1, 1, 1152, 64].
    reference = conv(
        in_channels=128,
        out_channels=64,
        input_height=32,
        input_width=32,
        padding=(0, 0, 0, 0),
        input_layout=Layout.TILE,
        input_memory_config=InputMemoryConfig(BufferType.L1, TensorMemoryLayout.INTERLEAVED),
        conv_config=config(shard_layout=WIDTH, act_block_w_div=2),
    )
    plan = resolve_conv_weights(reference)
    assert plan.sharding.input_cores_channels == 4
    assert plan.blocking.act_block_w == 128
    assert plan.blocking.weight_block_h_ntiles == 4
    assert plan.layout.logical_shape == (1, 1, 1152, 64)
    assert plan.layout.physical_shape == (1, 1, 1152, 64)
    # 96 channels → 3 input cores, Cin_pad 96, 96·9 = 864; / (3·5) = 57.6 → 1 tile: rows
    # round_up(864, 32) = 864 (no longer an error: TT-NN only debug-asserts divisibility).
    params = conv(
        in_channels=96,
        out_channels=96,
        input_layout=Layout.TILE,
        input_memory_config=L1,
        conv_config=config(shard_layout=WIDTH, act_block_w_div=5),
    )
    plan = resolve_conv_weights(params)
    assert (plan.blocking.act_block_w, plan.layout.physical_shape) == (32, (1, 1, 864, 96))
    # act_block_w_div 2: 864 / 6 = 144 → 4 tiles = 128 rows → rows round_up(864, 128) = 896.
    plan = resolve_conv_weights(
        replace(params, conv_config=config(shard_layout=WIDTH, act_block_w_div=2))
    )
    assert (plan.blocking.act_block_w, plan.layout.physical_shape) == (128, (1, 1, 896, 96))
    # act_block_w_div 3: 864 / 9 = 96 = 3 tiles → rows round_up(864, 96) = 864.
    plan = resolve_conv_weights(
        replace(params, conv_config=config(shard_layout=WIDTH, act_block_w_div=3))
    )
    assert plan.blocking.act_block_w == 96
    assert plan.layout.physical_shape == (1, 1, 864, 96)
    # act_block_w_div 30: 864 / 90 = 9.6 rows → 0 tiles: TT-NN divides by it.
    with pytest.raises(ConvConfigError) as error:
        resolve_conv_weights(
            replace(params, conv_config=config(shard_layout=WIDTH, act_block_w_div=30))
        )
    assert str(error.value) == (
        "TT-NN 0.81.1 crashes on this conv (integer divide by zero): its width_sharded "
        "weight block act_block_w = in_channels_padded·KH·KW / (input cores × "
        "act_block_w_div) = 864/90 is less than one tile of 32 rows (act_block_w_div 30)"
    )


def test_activation_reuse():
    # 3 → 32 channels, 3×3 on a 16×8 TILE L1 input: 128 rows = 4 tiles on 4 cores → 1 tile
    # per core, not above ceil(8/32) = 1 → error.
    params = conv(
        out_channels=32,
        input_height=16,
        input_layout=Layout.TILE,
        input_memory_config=L1,
        conv_config=config(enable_activation_reuse=True),
    )
    with pytest.raises(
        ConvConfigError,
        match=r"^Activation reuse needs act block h \(1\) to be bigger than output image width "
        r"in tiles \(1\) for the optimization to give boost \(TT-NN meets this in its L1 "
        r"estimate for height_sharded, made to choose the shard layout since none is given\)$",
    ):
        resolve_conv_weights(params)
    # act_block_h_override 64 (2 tiles) asks for 2-tile blocks.
    plan = resolve_conv_weights(
        replace(params, conv_config=config(enable_activation_reuse=True, act_block_h_override=64))
    )
    assert (
        plan.sharding.nhw_cores == 2
    )  # 4 tiles in multiples of 2: with_padding_and_mult(4, 64, 2)
    assert plan.blocking.act_block_h_ntiles == 2
    assert plan.blocking.act_block_w == 288  # round_up(32·3·3, 32)
    assert plan.layout.physical_shape == (1, 1, 288, 32)  # BH, not BH·KH


def test_act_block_h_override():
    assert resolve_act_block_h_ntiles(128) == 4
    assert resolve_act_block_h_ntiles(128, 64) == 2
    # 6 tiles, override 4 tiles: does not divide → largest divisor of 6 below 4 = 3.
    assert resolve_act_block_h_ntiles(192, 128) == 3
    # width-sharded shards are unpadded: 61 rows → 2 tiles, floor 1 for the override check.
    assert resolve_act_block_h_ntiles(61) == 2
    assert resolve_act_block_h_ntiles(61, 64) == 1
    # 640 rows on ≤64 cores with 3-tile blocks: 7 cores of 96 rows, block 3 tiles.
    plan = resolve_conv_weights(
        conv(
            in_channels=16,
            out_channels=64,
            input_height=20,
            input_width=32,
            input_layout=Layout.TILE,
            input_memory_config=L1,
            conv_config=config(shard_layout=HEIGHT, act_block_h_override=96),
        )
    )
    assert (
        plan.blocking.out_nhw_ntiles,
        plan.sharding.nhw_cores,
        plan.blocking.act_block_h_ntiles,
    ) == (20, 7, 3)
    assert (
        plan.blocking.weight_block_w_ntiles == 2
    )  # width 2 tiles: (3, 2) is the first fit for 3×2
    assert plan.layout.physical_shape == (1, 1, 96 * 3, 64)


def test_grouped_conv_expansion():
    plan = resolve_conv_weights(
        conv(
            in_channels=64,
            out_channels=64,
            groups=4,
            input_layout=Layout.TILE,
            input_memory_config=L1,
        )
    )
    assert plan.expansion.groups_expand == 4
    assert plan.expansion.expanded_weight_shape == (64, 64, 3, 3)
    assert plan.layout.logical_shape == (1, 1, 576, 64)
    assert plan.layout.padded_in_channels == 64
    assert plan.layout.physical_shape == (1, 1, 192 * 3, 64)  # BH = round_up(64·3, 32)


def test_2d_depthwise_is_grouped():
    params = conv(
        in_channels=32,
        out_channels=32,
        groups=32,
        input_layout=Layout.TILE,
        input_memory_config=L1,
    )
    assert not is_depthwise_1d(params)
    plan = resolve_conv_weights(params)
    assert plan.expansion.groups_expand == 32 and not plan.form.depthwise_1d
    assert plan.expansion.expanded_weight_shape == (32, 32, 3, 3)


def depthwise(**overrides: object) -> Conv2dParameters:
    """64-channel depthwise conv1d, kernel 1×4, on a 1×64 TILE L1 input, no bias."""
    base: dict[str, object] = dict(
        in_channels=64,
        out_channels=64,
        groups=64,
        kernel_size=(1, 4),
        padding=(0, 0, 0, 0),
        input_height=1,
        input_width=64,
        input_layout=Layout.TILE,
        input_memory_config=L1,
    )
    base.update(overrides)
    return conv(**base)


def test_depthwise_1d_detection():
    assert is_depthwise_1d(depthwise())
    assert is_depthwise_1d(depthwise(kernel_size=(1, 1)))  # KW is not constrained (0.81.1)
    assert not is_depthwise_1d(depthwise(has_bias=True))
    assert not is_depthwise_1d(depthwise(input_height=2))
    assert not is_depthwise_1d(depthwise(kernel_size=(2, 4), input_height=2))
    assert not is_depthwise_1d(depthwise(groups=32))
    assert not is_depthwise_1d(depthwise(out_channels=128))
    assert not is_depthwise_1d(depthwise(in_channels=1, out_channels=1, groups=1))


def test_depthwise_1d_plan():
    plan = resolve_conv_weights(depthwise())
    # OW = 64 − 4 + 1 = 61 rows = 2 tiles over 2 cores → 32-row shards → 1 tile per block.
    assert plan.form.depthwise_1d
    assert plan.expansion.groups_expand is None
    assert (plan.sharding.nhw_cores, plan.blocking.act_block_h_ntiles) == (2, 1)
    assert plan.expansion.depthwise_act_block_h_ntiles == 1
    assert plan.expansion.expanded_weight_shape == (64, 4 * 32, 1, 1)
    assert plan.blocking.weight_block_h_ntiles == 4  # act_block_h_ntiles · KW
    assert plan.blocking.weight_block_w_ntiles == 2  # width 2 tiles, 1-tile block → (1, 2)
    assert plan.layout.kind == WeightLayoutKind.SPECIAL_PADDING
    assert plan.layout.physical_shape == (1, 1, 128, 64)
    assert plan.layout.logical_shape == (1, 1, 128, 64)
    assert plan.bias.physical_shape == (1, 1, 32, 64)


def test_depthwise_1d_negative_cases_take_the_grouped_path():
    with_bias = resolve_conv_weights(depthwise(has_bias=True))
    assert not with_bias.form.depthwise_1d and with_bias.expansion.groups_expand == 64
    assert with_bias.expansion.expanded_weight_shape == (64, 64, 1, 4)
    taller = resolve_conv_weights(depthwise(input_height=2))
    assert not taller.form.depthwise_1d and taller.expansion.groups_expand == 64


def test_depthwise_1d_width_and_block_sharded():
    """TT-NN 0.81.1 prepares a 1D depthwise weight under WIDTH and BLOCK sharding too: the
    depthwise expansion [O, act_block_h·32·KW, 1, 1], padded and laid out as usual, WIDTH in
    blocks of act_block_h_ntiles tiles (shapes measured on TT-NN 0.81.1)."""

    def dw(channels: int, kw: int, width: int, layout: TensorMemoryLayout) -> Conv2dParameters:
        return depthwise(
            in_channels=channels,
            out_channels=channels,
            groups=channels,
            kernel_size=(1, kw),
            padding=(0, 0, kw // 2, kw // 2),
            input_width=width,
            conv_config=config(shard_layout=layout),
        )

    # WIDTH, 96 channels (3 cores), KW 5, 256 wide: act_block_h 8 → A = 256, 1280 rows padded
    # to round_up(1280, 3·32) = 1344, in blocks of 8 tiles → 1536. TT-NN: [1, 1, 1536, 96].
    plan = resolve_conv_weights(dw(96, 5, 256, WIDTH))
    assert plan.form.depthwise_1d and plan.blocking.weight_block_h_ntiles == 8
    assert plan.layout.logical_shape == (1, 1, 1280, 96)
    assert plan.layout.physical_shape == (1, 1, 1536, 96)
    # KW 1: 256 → 288 → round_up(288, 256) = 512 (TT-NN: [1, 1, 512, 96]).
    assert resolve_conv_weights(dw(96, 1, 256, WIDTH)).layout.physical_shape == (1, 1, 512, 96)
    # BLOCK, 1000 wide: 8 NHW cores, shard 128 rows → A = 128; KW 5: 640 rows padded to
    # round_up(640, 3·32) = 672, 224 a core (TT-NN: [1, 1, 672, 96]).
    plan = resolve_conv_weights(dw(96, 5, 1000, BLOCK))
    assert plan.layout.logical_shape == (1, 1, 640, 96)
    assert plan.layout.physical_shape == (1, 1, 672, 96)


def test_depthwise_1d_folded():
    """TT-NN 0.81.1 expands a folded 1D depthwise weight first and folds the expansion; the
    HEIGHT block holds the whole folded column. 96 channels, kernel = stride = (1, 2), 256
    wide, HEIGHT: folded input 128 wide → act_block_h 1, A = 32 → [96, 64, 1, 1] → folded
    [96, 128, 1, 1] (TT-NN: [1, 1, 128, 96])."""
    plan = resolve_conv_weights(
        depthwise(
            in_channels=96,
            out_channels=96,
            groups=96,
            kernel_size=(1, 2),
            stride=(1, 2),
            input_width=256,
            conv_config=config(shard_layout=HEIGHT, enable_kernel_stride_folding=True),
        )
    )
    assert plan.form.depthwise_1d and plan.form.fold_stride == (1, 2)
    assert plan.expansion.expanded_weight_shape == (96, 128, 1, 1)
    assert plan.blocking.weight_block_h_ntiles == 4
    assert plan.layout.physical_shape == (1, 1, 128, 96)


# ------------------------------------------------------------------------------------------
# semantics.md §3.5 sub-block width, §3.4 bias
# ------------------------------------------------------------------------------------------


def test_out_subblock_width():
    # 4×8 block: (2,4), (4,2) skipped (w != 8, h != 1), (1,8) fits.
    assert resolve_out_subblock(4, 8) == (1, 8)
    # fp32: h·w ≤ 4 → (2,2) skipped (w != 8), (1,4) fits.
    assert resolve_out_subblock(4, 8, fp32_dest_acc_en=True) == (1, 4)
    assert resolve_out_subblock(4, 8)[1] == 8
    assert resolve_out_subblock(4, 8, True)[1] == 4
    # 2×3: (2,3) fits (w == 3); fp32 skips it (6 > 4) → (1,3).
    assert resolve_out_subblock(2, 3) == (2, 3)
    assert resolve_out_subblock(2, 3, True) == (1, 3)
    # 6×1: (6,1) fits; fp32 → (3,1).
    assert resolve_out_subblock(6, 1) == (6, 1)
    assert resolve_out_subblock(6, 1, True) == (3, 1)
    assert resolve_out_subblock(1, 1) == (1, 1)
    assert resolve_out_subblock(5, 7) == (1, 7)


def test_subblock_width_in_a_plan():
    # The sub-block width divides the per-core width, so it never adds columns for HEIGHT.
    params = conv(
        in_channels=32,
        out_channels=200,
        input_height=16,
        input_width=16,
        input_layout=Layout.TILE,
        input_memory_config=L1,
        conv_config=config(shard_layout=HEIGHT),
    )
    plan = resolve_conv_weights(params)
    # 256 rows = 8 tiles → 8 cores of 1 tile; width round_up(200, 32)/32 = 7 tiles → (1, 7).
    assert (
        plan.sharding.nhw_cores,
        plan.blocking.act_block_h_ntiles,
        plan.blocking.out_width_ntiles,
    ) == (8, 1, 7)
    assert plan.blocking.weight_block_w_ntiles == 7
    assert plan.layout.padded_out_channels == 224
    assert plan.layout.physical_shape == (1, 1, 96 * 3, 224)
    assert plan.bias.physical_shape == (1, 1, 32, 224)
    fp32 = resolve_conv_weights(
        replace(params, compute_config=ComputeKernelConfig(fp32_dest_acc_en=True))
    )
    # fp32: (1,7) skipped (7 > 4); nothing else divides 7 until (1,1).
    assert fp32.blocking.weight_block_w_ntiles == 1
    assert fp32.layout.physical_shape == (1, 1, 288, 224)
    assert fp32.bias.physical_shape == (1, 1, 32, 224)


def test_bias_physical_shape():
    assert bias_physical_shape(64, 4) == (1, 1, 32, 128)
    assert bias_physical_shape(64, 2) == (1, 1, 32, 64)
    assert bias_physical_shape(32, 1) == (1, 1, 32, 32)
    # A 256-channel HEIGHT conv: 8-tile width, 1-tile blocks → sub-block (1, 8).
    plan = resolve_conv_weights(
        conv(
            out_channels=256,
            input_layout=Layout.TILE,
            input_memory_config=L1,
            has_bias=True,
            conv_config=config(shard_layout=HEIGHT),
        )
    )
    assert plan.blocking.weight_block_w_ntiles == 8
    assert plan.bias.logical_shape == (1, 1, 1, 256)
    assert plan.bias.physical_shape == (1, 1, 32, 256)
    # Block sharded, 3 output cores → Cout_pad 96 for 70 channels, width 1 tile per core.
    block = resolve_conv_weights(
        conv(
            in_channels=96,
            out_channels=70,
            input_layout=Layout.TILE,
            input_memory_config=L1,
            conv_config=config(shard_layout=BLOCK),
        )
    )
    assert (block.sharding.input_cores_channels, block.sharding.output_cores_channels) == (3, 3)
    assert block.layout.padded_out_channels == 96
    assert block.bias.physical_shape == (1, 1, 32, 96)
    assert block.layout.physical_shape == (1, 1, 96 * 9, 96)


def test_two_value_padding_in_a_plan():
    plan = resolve_conv_weights(conv(padding=(1, 1)))
    assert plan.params.padding == (1, 1, 1, 1)
    assert plan.layout.physical_shape == (1, 1, 96, 32)


# ------------------------------------------------------------------------------------------
# TT-NN 0.81.1's refusals and its sharded-input details (measured on TT-NN 0.81.1, mock device)
# ------------------------------------------------------------------------------------------


def test_bfloat8_b_on_the_dram_path():
    """TT-NN plans a DRAM conv's slices with a ROW_MAJOR placeholder weight in weights_dtype:
    refused for bfloat8_b unless the conv is an mm_conv (after folding) or a 1D conv."""
    bfp8 = config(weights_dtype=DataType.BFLOAT8_B, shard_layout=HEIGHT)
    with pytest.raises(ConvConfigError, match="Only TILE layout is supported for BFLOAT8_B"):
        resolve_conv_weights(conv(conv_config=bfp8))
    with pytest.raises(ConvConfigError, match="Only TILE layout"):  # WIDTH: not an mm_conv
        resolve_conv_weights(
            conv(
                kernel_size=(1, 1),
                padding=(0, 0, 0, 0),
                conv_config=config(weights_dtype=DataType.BFLOAT8_B, shard_layout=WIDTH),
            )
        )
    # Accepted: L1, a 1×1 mm_conv, a conv1d, a conv that folds into an mm_conv.
    resolve_conv_weights(conv(conv_config=bfp8, input_memory_config=L1))
    resolve_conv_weights(conv(conv_config=bfp8, kernel_size=(1, 1), padding=(0, 0, 0, 0)))
    resolve_conv_weights(
        conv(conv_config=bfp8, input_height=1, kernel_size=(1, 3), padding=(0, 0, 1, 1))
    )
    resolve_conv_weights(
        conv(conv_config=bfp8, kernel_size=(2, 2), stride=(2, 2), padding=(0,) * 4)
    )


def test_reshard_without_shard_layout():
    """reshard_if_not_optimal with no shard_layout: TT-NN reads an unset layout for an input
    already sharded and for a DRAM conv it slices (not an mm_conv, not a 1D conv)."""
    reshard = config(reshard_if_not_optimal=True)
    with pytest.raises(ConvConfigError, match="bad optional access"):
        resolve_conv_weights(
            conv(
                input_layout=Layout.TILE,
                input_memory_config=sharded(HEIGHT, 32),
                conv_config=reshard,
            )
        )
    with pytest.raises(ConvConfigError, match="bad optional access"):
        resolve_conv_weights(conv(conv_config=reshard))
    resolve_conv_weights(conv(conv_config=reshard, input_memory_config=L1))
    resolve_conv_weights(conv(conv_config=reshard, kernel_size=(1, 1), padding=(0,) * 4))
    resolve_conv_weights(
        conv(conv_config=reshard, input_height=1, kernel_size=(1, 3), padding=(0, 0, 1, 1))
    )


def test_auto_shard_width_estimate():
    """With no shard layout TT-NN estimates WIDTH sharding too: a WIDTH block under one tile
    divides by zero, an act_block_h_override above one tile on fewer than 32 output rows
    exceeds the shard."""
    # 64 channels → 2 WIDTH cores of 32; a 1×1 kernel; 32 / 2 = 16 rows → 0 tiles.
    one = dict(
        in_channels=64,
        out_channels=64,
        kernel_size=(1, 1),
        padding=(0,) * 4,
        input_memory_config=L1,
    )
    with pytest.raises(ConvConfigError, match="integer divide by zero"):
        resolve_conv_weights(conv(**one, conv_config=config(act_block_w_div=2)))
    # Explicit HEIGHT: no estimate.
    resolve_conv_weights(conv(**one, conv_config=config(act_block_w_div=2, shard_layout=HEIGHT)))
    # 4×4 output (16 rows) with a 2-tile override: refused auto, accepted explicit.
    small = dict(input_height=4, input_width=4, input_memory_config=L1)
    with pytest.raises(ConvConfigError, match="exceeds the per-core output size"):
        resolve_conv_weights(conv(**small, conv_config=config(act_block_h_override=64)))
    resolve_conv_weights(
        conv(**small, conv_config=config(act_block_h_override=64, shard_layout=WIDTH))
    )
    # ... and an explicit WIDTH conv run from DRAM is estimated slice by slice.
    with pytest.raises(ConvConfigError, match="exceeds the per-core output size"):
        resolve_conv_weights(
            conv(
                input_height=4,
                input_width=4,
                conv_config=config(act_block_h_override=64, shard_layout=WIDTH),
            )
        )


def test_sharded_input_sets_the_nhw_split():
    """A HEIGHT input sharded over 2×2 cores: 1024 output rows / 4 cores → 8-tile shards, so a
    1D depthwise conv expands with A = 256 (TT-NN 0.81.1: [1, 1, 768, 64] for KW 3)."""
    plan = resolve_conv_weights(
        depthwise(
            kernel_size=(1, 3),
            padding=(0, 0, 1, 1),
            input_width=1024,
            input_memory_config=sharded(HEIGHT, 64, height=256, grid=(2, 2)),
        )
    )
    assert plan.sharding.nhw_cores == 4
    assert plan.blocking.act_block_h_ntiles == 8
    assert plan.layout.physical_shape == (1, 1, 768, 64)


def test_resharded_input_pads_to_the_interleaved_alignment():
    """reshard_if_not_optimal on a row-major input in 64-wide shards: the core split uses the
    shard width's alignment (32), the channel padding the interleaved one (8). 40 channels,
    kernel 1×5, BLOCK: 2 channel cores, Cin_pad round_up(40, 16) = 48, 24 a core → blocks of
    round_up(120, 32) = 128 rows → 256 (TT-NN 0.81.1: [1, 1, 256, 64])."""
    plan = resolve_conv_weights(
        conv(
            in_channels=40,
            out_channels=64,
            input_height=16,
            input_width=16,
            kernel_size=(1, 5),
            padding=(0, 0, 2, 2),
            input_memory_config=sharded(BLOCK, 64, height=128, grid=(1, 2)),
            conv_config=config(shard_layout=BLOCK, reshard_if_not_optimal=True),
        )
    )
    assert (plan.sharding.input_cores_channels, plan.layout.padded_in_channels) == (2, 48)
    assert plan.layout.physical_shape == (1, 1, 256, 64)


def test_interleaved_mm_bias_pads_to_the_output_cores():
    """A WIDTH conv folding into a 1×1 mm_conv from DRAM: interleaved MM weight, but its bias
    pads Cout to n_c_out·32 with n_c_out = n_c_in = largest_divisor(2880/32 = 90, 130) = 90
    (TT-NN 0.81.1 on 13×10: bias [1, 1, 32, 2880] for Cout 1)."""
    plan = resolve_conv_weights(
        conv(
            in_channels=320,
            out_channels=1,
            input_height=14,
            input_width=14,
            kernel_size=(3, 3),
            stride=(3, 3),
            padding=(2, 2, 2, 2),
            grid=(13, 10),
            conv_config=config(shard_layout=WIDTH, reshard_if_not_optimal=True),
        )
    )
    assert plan.layout.kind == WeightLayoutKind.INTERLEAVED_MM
    assert plan.layout.physical_shape == (1, 1, 2880, 32)
    assert plan.bias.physical_shape == (1, 1, 32, 2880)

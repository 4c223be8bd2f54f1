"""TT-NN 0.81.1's L1 model (dialect/conv_l1_model.py): the L1 budget, auto sharding and DRAM
slicing, each against an answer of TT-NN 0.81.1 on its mock device (research l1model: the dev set,
probe3 and probe_tests answer files)."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace

import pytest
from conv2d_op_reference_cases import ANSWERS, build_conv2d
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv_l1_model import (
    Arch,
    L1Device,
    default_l1_budget,
)
from ttnn_xdsl.conv.conv_l1_report import conv_l1_report
from ttnn_xdsl.conv.conv_op_config import ConvKnobs
from ttnn_xdsl.conv.conv_parameters import Conv2dConfig, Conv2dParameters, InputMemoryConfig
from ttnn_xdsl.conv.conv_resolution import resolve_conv_weights
from ttnn_xdsl.conv.conv_slicing import largest_slice_bytes, search_slice_config, slices_l1_bytes
from ttnn_xdsl.conv.conv_transpose_slicing import (
    TransposedConvGeometry,
    TransposedSliceAttribute,
    transposed_slice_l1_usage,
    transposed_slice_window,
)
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError

DRAM = InputMemoryConfig(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)
L1 = InputMemoryConfig(BufferType.L1, TensorMemoryLayout.INTERLEAVED)
HEIGHT = TensorMemoryLayout.HEIGHT_SHARDED
BLOCK = TensorMemoryLayout.BLOCK_SHARDED


def test_default_budget_is_tt_nn_default_open() -> None:
    # ttnn.open_device(device_id=0): the L1 allocator's free bytes per bank.
    assert default_l1_budget(Arch.WORMHOLE_B0) == 1_393_312
    assert default_l1_budget(Arch.BLACKHOLE) == 1_461_120
    # l1_small_size comes out of it; worker_l1_size replaces the default worker L1.
    assert default_l1_budget(Arch.WORMHOLE_B0, l1_small_size=32768) == 1_360_544
    assert default_l1_budget(Arch.WORMHOLE_B0, 65536, worker_l1_size=1_000_000) == 934_464
    assert L1Device.for_grid((13, 10)).l1_budget == 1_461_120
    assert L1Device.for_grid((8, 8), 500_000).l1_budget == 500_000


def conv(**changes: object) -> Conv2dParameters:
    values: dict[str, object] = dict(
        in_channels=64,
        out_channels=96,
        batch_size=1,
        input_height=8,
        input_width=8,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(3, 3, 3, 3),
        dilation=(1, 1),
        groups=1,
        has_bias=False,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(weights_dtype=DataType.FLOAT32),
        compute_config=None,
        input_dtype=DataType.BFLOAT16,
    )
    values.update(changes)
    return Conv2dParameters(**values)  # type: ignore[arg-type]


def test_auto_shard_picks_block_where_tt_nn_does() -> None:
    # Dev set r0042 (Wormhole): TT-NN [1, 1, 768, 96] — BLOCK, 8 channel cores of 8 channels.
    plan = resolve_conv_weights(conv())
    assert plan.sharding.shard_layout == BLOCK
    assert plan.layout.physical_shape == (1, 1, 768, 96)
    assert plan.l1 is not None and plan.l1.slicing is not None
    assert plan.l1.slicing.num_slices == 1
    auto = plan.l1.slice_auto_shard
    assert auto is not None and [c.layout for c in auto.candidates] == [
        HEIGHT,
        BLOCK,
        TensorMemoryLayout.WIDTH_SHARDED,
    ]
    height, block, _ = auto.candidates
    assert block.total_bytes < height.total_bytes and block.core_count >= 8
    report = conv_l1_report(plan)
    assert report.device.l1_budget == 1_393_312
    assert report.auto_shard == auto and report.estimate is not None
    # One slice of the whole conv: its estimate is the BLOCK candidate's.
    assert report.estimate.total_bytes == block.total_bytes == report.needed_bytes
    assert report.fits


def test_auto_shard_grouped_with_block_override() -> None:
    # Dev set r0043: groups 4, 2x2, act_block_h_override 128 → TT-NN [1, 1, 192, 128].
    plan = resolve_conv_weights(
        conv(
            in_channels=24,
            out_channels=128,
            input_height=28,
            input_width=28,
            kernel_size=(2, 2),
            padding=(2, 2, 2, 1),
            groups=4,
            has_bias=True,
            weight_dtype=DataType.FLOAT32,
            conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, act_block_h_override=128),
        )
    )
    assert plan.layout.physical_shape == (1, 1, 192, 128)


def test_bfloat8_b_on_the_dram_path_is_refused() -> None:
    params = conv(conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT8_B))
    with pytest.raises(ConvConfigError, match="Only TILE layout is supported for BFLOAT8_B"):
        resolve_conv_weights(params)
    assert resolve_conv_weights(replace(params, input_memory_config=L1)).weights_dtype == (
        DataType.BFLOAT8_B
    )


def test_the_budget_decides_the_slicing() -> None:
    # probe3 b0048: 48 → 128, 3x3, 224x224 TILE f32 input, WIDTH. TT-NN prepares it with the
    # default device open and refuses it after open_device(l1_small_size=917504).
    params = conv(
        in_channels=48,
        out_channels=128,
        input_height=224,
        input_width=224,
        padding=(1, 1, 1, 1),
        input_layout=Layout.TILE,
        input_dtype=DataType.FLOAT32,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16, shard_layout=TensorMemoryLayout.WIDTH_SHARDED
        ),
    )
    assert resolve_conv_weights(params).layout.physical_shape == (1, 1, 576, 128)
    with pytest.raises(ConvConfigError, match="more than the 475808 bytes free"):
        resolve_conv_weights(replace(params, l1_budget=1_393_312 - 917_504))


def _transposed_geometry(
    in_hw: tuple[int, int],
    kernel: tuple[int, int],
    stride: tuple[int, int],
    padding: tuple[int, int, int, int],
    output_padding: tuple[int, int],
    dilation: tuple[int, int],
    layout: Layout,
    channels: tuple[int, int] = (48, 40),
    batch: int = 2,
) -> TransposedConvGeometry:
    """A conv_transpose2d of bf16 tensors, with a bias, ungrouped."""
    return TransposedConvGeometry(
        batch=batch, in_channels=channels[0], out_channels=channels[1], in_hw=in_hw,
        kernel=kernel, stride=stride, padding=padding, output_padding=output_padding,
        dilation=dilation, groups=1, has_bias=True, input_dtype=DataType.BFLOAT16,
        output_dtype=DataType.BFLOAT16, input_layout=layout,
    )  # fmt: skip


def _default_knobs(output_layout: Layout) -> ConvKnobs:
    """The conv config's knobs at their defaults, bf16 weights."""
    return ConvKnobs(
        config=Conv2dConfig(output_layout=output_layout),
        weights_dtype=DataType.BFLOAT16, fp32_dest_acc_en=False, packer_l1_acc=False,
    )  # fmt: skip


def _searched_largest_slice_bytes(
    geometry, slice_type, num_slices, layout, knobs, device, above=None
):
    """The search's largest slice estimate over n transposed slices (equal windows estimated
    once)."""
    attribute = TransposedSliceAttribute(geometry, layout, knobs, device)
    return slices_l1_bytes(attribute, slice_type, num_slices, above)


def _every_window_largest_slice_bytes(geometry, slice_type, num_slices, layout, knobs, device):
    """The largest slice estimate over n transposed slices, each slice's window built and
    estimated on its own (no slices sharing an estimate)."""
    axis = 0 if slice_type == Conv2dSliceType.DRAM_HEIGHT else 1

    def slice_bytes(o_start: tuple[int, int], o_end: tuple[int, int]) -> int | None:
        window = transposed_slice_window(geometry, o_start, o_end, knobs.config.output_layout)
        if window.in_start[axis] >= window.in_end[axis]:
            return None
        return transposed_slice_l1_usage(
            geometry, window.shape, layout, knobs, device, num_slices > 1
        ).usage.slice_bytes

    return largest_slice_bytes(
        geometry.out_hw, slice_type, num_slices, knobs.config.output_layout, slice_bytes
    )


@pytest.mark.parametrize(
    ("in_hw", "kernel", "stride", "padding", "output_padding", "dilation", "layout"),
    [
        ((37, 29), (3, 3), (2, 2), (1, 1, 1, 1), (1, 1), (1, 1), Layout.TILE),
        ((23, 41), (4, 5), (3, 2), (0, 2, 3, 0), (2, 0), (1, 2), Layout.ROW_MAJOR),
        ((9, 8), (7, 7), (1, 1), (0, 0, 0, 0), (0, 0), (1, 1), Layout.TILE),  # kernel > input
        ((6, 5), (2, 2), (8, 5), (0, 0, 1, 1), (5, 3), (1, 1), Layout.ROW_MAJOR),  # stride > kernel
        ((30, 30), (3, 3), (2, 2), (4, 4, 4, 4), (0, 0), (3, 3), Layout.TILE),
    ],
)
def test_transposed_slices_share_estimates_of_equal_windows(
    in_hw, kernel, stride, padding, output_padding, dilation, layout
) -> None:
    # The search estimates a slice once per window shape of its sliced axis (a 4096² DRAM
    # input tries thousands of counts): the same largest need, or the same refusal, as
    # building every slice's window, for every count and both slice types.
    geometry = _transposed_geometry(
        in_hw, kernel, stride, padding, output_padding, dilation, layout
    )
    knobs = _default_knobs(layout)
    device = L1Device()
    compared = 0
    for slice_type in (Conv2dSliceType.DRAM_HEIGHT, Conv2dSliceType.DRAM_WIDTH):
        extent = geometry.out_hw[0 if slice_type == Conv2dSliceType.DRAM_HEIGHT else 1]
        for num_slices in range(1, extent + 1):
            answers = []
            for largest in (
                _searched_largest_slice_bytes,
                _every_window_largest_slice_bytes,
            ):
                try:
                    answers.append(largest(geometry, slice_type, num_slices, None, knobs, device))
                except ConvConfigError as error:
                    answers.append(str(error))
            assert answers[0] == answers[1], (slice_type, num_slices)
            compared += 1
    assert compared == sum(geometry.out_hw)


@pytest.mark.parametrize("budget", [1_393_312, 300_000, 120_000, 60_000, 20_000])
@pytest.mark.parametrize("in_hw", [(37, 29), (96, 70), (6, 5)])
def test_the_slice_search_stops_a_count_at_its_first_slice_above_the_budget(
    in_hw: tuple[int, int], budget: int
) -> None:
    # A count that does not fit is known at its first slice above the budget (a 4096²
    # DRAM conv_transpose2d verified in 13.5 s, now 0.4 s): the same decision, or the same
    # refusal with the same numbers, as estimating every slice of every count.
    geometry = _transposed_geometry(
        in_hw, (3, 3), (2, 2), (1, 1, 1, 1), (1, 1), (1, 1), Layout.TILE, (64, 64), batch=1
    )
    knobs = _default_knobs(Layout.TILE)
    device = L1Device(l1_budget=budget)
    estimated: list[tuple[int | None, int]] = []

    def largest(stype: Conv2dSliceType, n: int, above: int | None) -> int:
        need = _searched_largest_slice_bytes(geometry, stype, n, None, knobs, device, above)
        estimated.append((above, need))
        return need

    def whole(stype: Conv2dSliceType, n: int, above: int | None) -> int:
        return _searched_largest_slice_bytes(geometry, stype, n, None, knobs, device)

    answers = []
    for search in (largest, whole):
        try:
            decision = search_slice_config(
                geometry.in_hw, geometry.out_hw, Layout.TILE, budget, search
            )
            answers.append((decision.slice_type, decision.num_slices, decision.l1_bytes))
        except ConvConfigError as error:
            answers.append(str(error))
    assert answers[0] == answers[1]
    # Every count stopped early needs more than the budget; the answer's count, whole.
    assert all(need > budget for above, need in estimated[:-1] if above is not None)


def reuse_probe(case_id: str) -> dict[str, object]:
    """A probe of TT-NN's answers on bfloat8_b inputs with activation reuse (Blackhole;
    ttnn_conv_reuse_bfloat8_b_blackhole_P150)."""
    with gzip.open(ANSWERS / "ttnn_conv_reuse_bfloat8_b_blackhole_P150.json.gz", "rt") as text:
        case: dict[str, object] = json.load(text)[case_id]
    return case


def test_the_estimate_of_a_bfloat8_b_input_with_activation_reuse_has_no_datum_size() -> None:
    """A 3×3 conv, 32 -> 32 channels, of two 16×16 bfloat8_b TILE images with activation reuse
    and act blocks of 2 tiles: auto-sharded, from L1 (r02) or DRAM (r06), TT-NN's estimate
    sizes the split reader's reuse buffers by the bfloat8_b input's datum size, which does
    not exist; asked HEIGHT (r01, r05) no estimate is made and TT-NN runs it, as it runs the
    bfloat16 input auto-sharded (r04). Rare draw x0040's dilated 11×11 depthwise conv
    auto-sharded too (v01)."""
    for case_id in ("r02", "r06", "v01"):
        case = reuse_probe(case_id)
        assert case["error"] == "ValueError: datum for bfp2, bfp4, bfp8 is invalid"
        with pytest.raises(VerifyException) as raised:
            build_conv2d(case, (13, 10)).verify()
        assert "op datum for bfp2, bfp4, bfp8 is invalid (TT-NN meets this in its L1 " in str(
            raised.value
        )
    for case_id in ("r01", "r04", "r05"):
        case = reuse_probe(case_id)
        assert "error" not in case
        build_conv2d(case, (13, 10)).verify()


def test_the_weight_block_crash_comes_before_the_output_block() -> None:
    """Dev-set r0034 (Wormhole): a 1×1 conv of stride (1, 2) from DRAM, 192 -> 1024 channels,
    `act_block_h_override` 96 and `act_block_w_div` 2, auto-sharded: its WIDTH estimate has a
    weight block of 192 / (6 cores · 2) rows, less than a tile, and an activation block of 3
    tiles over a core's 1-tile output. TT-NN dies dividing by the weight block's tiles before
    it checks the activation block."""
    with gzip.open(ANSWERS / "ttnn_conv2d_wormhole_N150_s100.json.gz", "rt") as text:
        case = next(case for case in json.load(text).values() if case["id"] == "r0034")
    assert case["error"] == "process died" and "divide-by-zero" in case["error_info"]
    with pytest.raises(VerifyException) as raised:
        build_conv2d(case, (8, 8)).verify()
    assert "op TT-NN 0.81.1 crashes on this conv (integer divide by zero): its width_sharded " in (
        str(raised.value)
    )

"""The L1 report (conv/conv_l1_report.py, semantics.md §8.6): TT-NN's L1 estimate per core of the
configuration a weight is prepared for, its auto-shard candidates, its DRAM slices; the numbers
of the first case derived by hand from TT-NN's circular-buffer and halo rules."""

from __future__ import annotations

from dataclasses import replace

from ttnn_xdsl.conv.conv_l1_model import Arch, default_l1_budget
from ttnn_xdsl.conv.conv_l1_report import conv_l1_report, transpose_l1_report
from ttnn_xdsl.conv.conv_parameters import (
    Conv2dConfig,
    Conv2dParameters,
    Conv2dSliceConfig,
    InputMemoryConfig,
)
from ttnn_xdsl.conv.conv_resolution import resolve_conv_weights
from ttnn_xdsl.conv.conv_slicing import slices_l1_bytes
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    normalize_transpose_parameters,
    resolve_conv_transpose2d_weights,
)
from ttnn_xdsl.conv.conv_transpose_slicing import TransposedSliceAttribute
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.program import Program

HEIGHT = TensorMemoryLayout.HEIGHT_SHARDED
WIDTH = TensorMemoryLayout.WIDTH_SHARDED
L1 = InputMemoryConfig(BufferType.L1, TensorMemoryLayout.INTERLEAVED)
DRAM = InputMemoryConfig(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)
BF16_TILE = TILE_SIZE * TILE_SIZE * 2


def conv(**changes: object) -> Conv2dParameters:
    values: dict[str, object] = dict(
        in_channels=3,
        out_channels=2,
        batch_size=1,
        input_height=56,
        input_width=56,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1, 1, 1),
        dilation=(1, 1),
        groups=1,
        has_bias=True,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.TILE,
        input_memory_config=L1,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16, shard_layout=HEIGHT),
    )
    values.update(changes)
    return Conv2dParameters(**values)  # type: ignore[arg-type]


def test_a_given_height_sharding_by_hand() -> None:
    report = conv_l1_report(resolve_conv_weights(conv()))
    estimate = report.estimate
    assert estimate is not None and report.unavailable is None
    # 56·56 = 3136 output rows = 98 tiles: HEIGHT takes the largest divisor of 98 up to the 64
    # cores, 49, so each core holds 2 tiles of rows (64 rows).
    rows_per_core = 98 // 49 * TILE_SIZE
    assert (estimate.layout, estimate.core_count) == (HEIGHT, 49)
    # A TILE input aligns the 3 channels to 32; an activation block is one kernel row,
    # 32 channels × 3 taps = 3 tiles wide, and 2 tiles high (the core's rows).
    block_w, block_h = 32 * 3 // TILE_SIZE, rows_per_core // TILE_SIZE
    buffers = {b.name: b.bytes for b in estimate.circular_buffers if b.bytes}
    assert buffers["WEIGHTS"] == block_w * 1 * BF16_TILE  # one kernel row of 2 → 32 outputs
    assert buffers["ACT"] == buffers["ACT_TILIZED"] == block_h * block_w * BF16_TILE
    assert buffers["BIAS"] == 1 * BF16_TILE
    assert estimate.output_bytes == buffers["OUT"] == block_h * 1 * BF16_TILE
    # The halo: a core's input shard (64 rows × 32 channels), and the largest window it
    # gathers. The first core's 64 outputs run from (0, 0) to (1, 7); with the 3×3 kernel and
    # padding 1 they read padded rows 0..3 of 58 columns up to column 9: 3·58 + 10 sticks.
    assert estimate.halo_input_bytes == rows_per_core * 32 * 2
    assert estimate.halo_output_bytes == (3 * 58 + 10) * 32 * 2
    # The buffers TT-NN allocates (OUT, the input shard and the reader indices are tensors).
    allocated = ("WEIGHTS", "ACT", "ACT_TILIZED", "BIAS", "L1_ARRAY")
    cbs = sum(buffers[name] for name in allocated)
    assert estimate.cb_bytes == cbs == 3 * 2048 + 2 * 6 * 2048 + 2048 + 64
    assert estimate.total_bytes == cbs + 4096 + 11776 == 48704
    assert report.needed_bytes == 48704 and report.fits
    assert report.auto_shard is None and report.slicing is None
    assert report.describe() == (
        "L1 per core, TT-NN's estimate in bytes: height_sharded on 49 cores · circular buffers "
        "32832 = weights 6144 + act 12288 + act_tilized 12288 + bias 2048 + l1_array 64 · "
        "output 4096, halo 11776: total 48704 of 1393312 · fits"
    )


def test_the_budget_is_the_device_s() -> None:
    # A configuration past the budget is reported, not refused: TT-NN prepares its weight.
    big = conv(in_channels=1024, out_channels=1024, input_height=64, input_width=64, has_bias=False)
    report = conv_l1_report(resolve_conv_weights(big))
    assert report.estimate is not None and report.needed_bytes is not None
    assert report.needed_bytes > default_l1_budget(Arch.WORMHOLE_B0) and report.fits is False
    assert report.describe().endswith(
        "· does not fit the 1393312 bytes free: TT-NN prepares the weight all the same "
        "(prepare_conv_weights does not check the L1; the conv itself would fail to allocate "
        "its buffers)"
    )
    # On a device opened with a larger worker L1 the same estimate fits.
    roomy = conv_l1_report(resolve_conv_weights(replace(big, l1_budget=report.needed_bytes)))
    assert roomy.fits and roomy.estimate == report.estimate


def test_auto_sharding_shows_each_candidate() -> None:
    # 64 → 32, 3×3 on 8×8: BLOCK needs less L1 than HEIGHT but sits on 4 cores, fewer than the
    # grid's 8 columns, so TT-NN keeps HEIGHT.
    params = conv(
        in_channels=64,
        out_channels=32,
        input_height=8,
        input_width=8,
        has_bias=False,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16),
    )
    report = conv_l1_report(resolve_conv_weights(params))
    assert report.auto_shard is not None and report.estimate is not None
    height, block, width = report.auto_shard.candidates
    assert block.total_bytes < height.total_bytes < width.total_bytes
    assert block.core_count == 4 and report.auto_shard.layout == HEIGHT
    assert report.estimate == height
    assert (
        f"auto shard: height_sharded {height.total_bytes}, block_sharded {block.total_bytes} "
        f"(on 4 cores, fewer than the grid's 8 columns), width_sharded {width.total_bytes} → "
        "height_sharded · fits"
    ) in report.describe()


def test_dram_slices_follow_the_budget() -> None:
    params = conv(
        in_channels=64,
        out_channels=64,
        input_height=512,
        input_width=512,
        has_bias=False,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16),
    )
    default = conv_l1_report(resolve_conv_weights(params))
    assert default.slicing is not None and default.estimate is not None
    assert (default.slicing.slice_type, default.slicing.num_slices) == (
        Conv2dSliceType.DRAM_WIDTH,
        4,
    )
    # The budget the slices are held against: the largest slice fits, one slice fewer did not.
    tried = dict(((n, bytes_) for _, n, bytes_ in default.slicing.tried))
    assert tried[4] == default.needed_bytes <= 1_393_312 < tried[3]
    # l1_small_size = 524288 leaves 1393312 − 524288 bytes: more slices, each smaller.
    small = replace(params, l1_budget=default_l1_budget(Arch.WORMHOLE_B0, l1_small_size=524288))
    report = conv_l1_report(resolve_conv_weights(small))
    assert report.device.l1_budget == 869_024
    assert report.slicing is not None and report.slicing.num_slices == 6
    assert report.needed_bytes is not None and report.needed_bytes <= 869_024
    assert "· DRAM slices: 6 along the output width, the largest needs " in report.describe()


def test_an_estimate_tt_nn_cannot_make() -> None:
    # TT-NN prepares this WIDTH weight, but its estimate of the conv (as the conv itself) stops
    # at the activation block: 4 tiles asked, 1 tile of output per core.
    params = conv(
        in_channels=128,
        out_channels=128,
        input_height=7,
        input_width=4,
        input_layout=Layout.ROW_MAJOR,
        has_bias=False,
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16, shard_layout=WIDTH, act_block_h_override=128
        ),
    )
    report = conv_l1_report(resolve_conv_weights(params))
    assert report.estimate is None and report.fits is None
    assert report.unavailable == (
        "act_block_h_override 128 makes an activation block of 4 tiles, more than a core's "
        'output shard of 1 tile(s) (TT-NN 0.81.1: "Conv2d output block size 4 exceeds the '
        'per-core output size 1")'
    )
    assert report.describe().startswith("L1 per core: no estimate, TT-NN's estimate refuses")


def transpose(**changes: object) -> ConvTranspose2dParameters:
    """ConvTranspose2d(64, 64, 4, stride=2, padding=1) on a 1×256×256 row-major DRAM input,
    bf16 weights, no shard layout (TT-NN slices it), normalized; `changes` replace fields."""
    values: dict[str, object] = dict(
        in_channels=64,
        out_channels=64,
        batch_size=1,
        input_height=256,
        input_width=256,
        kernel_size=(4, 4),
        stride=(2, 2),
        padding=(1, 1),
        output_padding=(0, 0),
        dilation=(1, 1),
        groups=1,
        has_bias=False,
        weight_dtype=DataType.FLOAT32,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=DRAM,
        conv_config=Conv2dConfig(weights_dtype=DataType.BFLOAT16),
    )
    values.update(changes)
    return normalize_transpose_parameters(ConvTranspose2dParameters(**values))  # type: ignore[arg-type]


TRANSPOSED_DRAM_WEIGHT = (
    "func.func @up(%w: tensor<64x64x4x4xf32>) -> tensor<1x1x1024x64xbf16, "
    "#ttnn.tensor_layout<tile>> {\n"
    "  %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = "
    "#ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>> input_layout = "
    '#ttnn.layout<row_major> weights_format = "IOHW" in_channels = 64 out_channels = 64 '
    "batch_size = 1 input_height = 256 input_width = 256 kernel_size = [4, 4] stride = [2, 2] "
    "padding = [1, 1] output_padding = [0, 0] dilation = [1, 1] has_bias = false groups = 1 "
    "conv_config = #ttnn.conv2d_config<weights_dtype = bf16> : tensor<64x64x4x4xf32> -> "
    "tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile>>\n"
    "  func.return %0 : tensor<1x1x1024x64xbf16, #ttnn.tensor_layout<tile>>\n}\n"
)


def test_a_transposed_weight_on_the_dram_path_reports_tt_nn_s_slices() -> None:
    # ConvTranspose2d(64, 64, 4, stride=2, padding=1) on a 256x256 DRAM input: TT-NN slices the
    # transposed conv's 512x512 output, not the equivalent conv2d's input.
    params = transpose()
    plan = resolve_conv_transpose2d_weights(params)
    dram = plan.dram
    assert dram is not None
    report = transpose_l1_report(plan)
    assert report.slicing is not None and report.estimate is not None
    assert (report.slicing.slice_type, report.slicing.num_slices) == (
        Conv2dSliceType.DRAM_WIDTH,
        6,
    )

    # The fewest slices that fit, each count's largest slice estimated here afresh.
    def largest(slices: int) -> int:
        attribute = TransposedSliceAttribute(dram.geometry, None, dram.knobs, dram.device)
        return slices_l1_bytes(attribute, Conv2dSliceType.DRAM_WIDTH, slices)

    assert largest(6) == report.needed_bytes <= 1_393_312 < largest(5)
    # The first slice: ceil(ceil(512 / 32) / 6) · 32 = 96 of the 512 output columns, all 512
    # rows, HEIGHT on 64 cores: an output shard of 512 · 96 / 64 = 768 positions × 64
    # channels in bf16.
    assert dram.first_slice.shape.out_hw == (512, 96)
    assert report.estimate.core_count == 64 and report.estimate.layout == HEIGHT
    assert report.estimate.output_bytes == 512 * 96 // 64 * 64 * 2
    assert report.auto_shard is not None and report.auto_shard.layout == HEIGHT
    assert "· DRAM slices: 6 along the output width, the largest needs " in report.describe()
    # The equivalent conv2d alone would report no slicing (its input is the slice's, in L1).
    assert conv_l1_report(plan.conv).slicing is None
    # The picture's L1 line is this report's.
    layout = Program.load(TRANSPOSED_DRAM_WEIGHT).layout_map(0)
    assert layout is not None and layout.l1_report == report.describe()
    assert layout.l1_report.startswith(
        "L1 per core, TT-NN's estimate of the first DRAM slice in bytes: height_sharded on 64 cores"
    )


def test_a_transposed_weight_whose_given_slices_tt_nn_cannot_estimate() -> None:
    # Two DRAM height slices given: TT-NN prepares the WIDTH weight without estimating them
    # (the conv would refuse the activation block: 2 tiles asked, 1 tile of output per core).
    params = transpose(
        in_channels=128,
        out_channels=128,
        input_height=4,
        input_width=4,
        kernel_size=(3, 3),
        stride=(1, 1),
        conv_config=Conv2dConfig(
            weights_dtype=DataType.BFLOAT16, shard_layout=WIDTH, act_block_h_override=64
        ),
        dram_slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 2),
    )
    report = transpose_l1_report(resolve_conv_transpose2d_weights(params))
    assert report.estimate is None and report.fits is None and report.slicing is not None
    assert report.unavailable == (
        "act_block_h_override 64 makes an activation block of 2 tiles, more than a core's "
        'output shard of 1 tile(s) (TT-NN 0.81.1: "Conv2d output block size 2 exceeds the '
        'per-core output size 1")'
    )

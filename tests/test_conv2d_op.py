"""`ttnn.conv2d` end to end: built with its Python API, decomposed by `ttnn-decompose` into the
preparations of its host operands and one `ttnn.conv2d_consume`, lowered and run, its output
equal to the float64 reference conv on the original weight (`conv_reference.reference_conv2d`,
independent of the preparation and of the kernels' reading) within float32's roundings.

Everything is float32 (activation, weights dtype, output, DEST with `fp32_dest_acc_en`), so the
products are exact and the lowered conv rounds only sums: once per K block into the float32
accumulator, once for the bias, once for the output — at most (K blocks + 2) roundings of
2⁻²⁴ relative to Σ|a·w| + |b| (docs/semantics.md §9.7). The bound below allows 2⁻¹⁹, that is
32 roundings; the convs here have 1 to 24 K blocks (BLOCK 3×3 over 8 input slices: 24)."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest
from conv2d_op_reference_cases import ANSWERS, build_conv2d
from conv2d_op_scale import committed_case, run_case
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.conv.conv_resolution import resolve_conv_weights
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.dialect import (
    Conv2dConfigAttr,
    MemoryConfigAttr,
    PrepareConvWeightsOp,
    ShardSpecAttr,
    TypecastOp,
    build_function,
    build_module,
)
from ttnn_xdsl.dialect.attributes import Conv2dSliceConfigAttr, DeviceComputeKernelConfigAttr
from ttnn_xdsl.dialect.conv2d_ops import Conv2dOp, ConvConsumeOp
from ttnn_xdsl.dialect.device import module_device
from ttnn_xdsl.dialect.prepare_ops import PrepareConvBiasOp
from ttnn_xdsl.dialect.tensor_types import tensor_info, tensor_type
from ttnn_xdsl.passes.ttnn_decompose import TTNNDecompose, prepared_operands
from ttnn_xdsl.program import Program

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
L1_INTERLEAVED = MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.INTERLEAVED)
FLOAT32_ROUNDINGS = 2.0**-19
HEIGHT = TensorMemoryLayout.HEIGHT_SHARDED
WIDTH = TensorMemoryLayout.WIDTH_SHARDED
BLOCK = TensorMemoryLayout.BLOCK_SHARDED
MODEL_ANSWERS = ANSWERS / "ttnn_conv_models_wormhole_N150.json.gz"


def assert_runs_as_the_reference_conv(
    module: ModuleOp,
    inputs: list[np.ndarray],
    stride: tuple[int, int] = (1, 1),
    padding: tuple[int, int] = (0, 0),
) -> np.ndarray:
    """Run `module` on its float32 inputs [x, w(, b)] and hold the output to the float64
    reference conv of the same values: within FLOAT32_ROUNDINGS of the conv of their
    magnitudes, element by element. Returns the reference output."""
    (output,) = Program.load(module).run(inputs)
    got = output.to_numpy().astype(np.float64)
    x64, w64 = inputs[0].astype(np.float64), inputs[1].astype(np.float64)
    bias = inputs[2].astype(np.float64).reshape(-1) if len(inputs) > 2 else None
    options = dict(stride=stride, padding=padding)
    expected = reference_conv2d(x64, w64, bias=bias, **options)  # type: ignore[arg-type]
    magnitude = reference_conv2d(
        np.abs(x64),
        np.abs(w64),
        bias=None if bias is None else np.abs(bias),
        **options,  # type: ignore[arg-type]
    )
    assert got.shape == expected.shape
    error = np.abs(got - expected)
    assert np.all(error <= FLOAT32_ROUNDINGS * magnitude), float(np.max(error / magnitude))
    return expected


class Conv(NamedTuple):
    batch: int
    height: int
    width: int
    in_channels: int
    out_channels: int
    kernel: tuple[int, int]
    stride: tuple[int, int]
    padding: tuple[int, int]
    shard_layout: TensorMemoryLayout | None
    bias: bool
    prepared: bool
    """Whether the weight (and bias) reach the conv already prepared (a device tensor)."""
    path: str
    """The `conv2d_consume` path the conv takes."""


CONVS = {
    "height_3x3_bias_host": Conv(
        1, 8, 8, 16, 32, (3, 3), (1, 1), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED, True,
        False, "height_sharded",
    ),
    "height_3x3_prepared": Conv(
        2, 6, 7, 5, 7, (3, 3), (1, 1), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED, False,
        True, "height_sharded",
    ),
    "block_3x3_bias_prepared": Conv(
        1, 8, 8, 64, 64, (3, 3), (2, 2), (1, 1), TensorMemoryLayout.BLOCK_SHARDED, True,
        True, "block_sharded",
    ),
    "block_2x2_host": Conv(
        1, 9, 9, 48, 40, (2, 2), (1, 1), (0, 0), TensorMemoryLayout.BLOCK_SHARDED, False,
        False, "block_sharded",
    ),
    "width_3x3_bias_host": Conv(
        1, 5, 5, 128, 64, (3, 3), (1, 1), (1, 1), TensorMemoryLayout.WIDTH_SHARDED, True,
        False, "width_sharded",
    ),
    "matmul_1x1_bias_host": Conv(
        1, 6, 6, 32, 48, (1, 1), (1, 1), (0, 0), TensorMemoryLayout.HEIGHT_SHARDED, True,
        False, "matmul",
    ),
    "conv1d_1x5_bias_host": Conv(
        2, 1, 40, 16, 32, (1, 5), (1, 1), (0, 2), TensorMemoryLayout.HEIGHT_SHARDED, True,
        False, "height_sharded",
    ),
    "matmul_1x1_prepared": Conv(
        1, 4, 4, 64, 32, (1, 1), (1, 1), (0, 0), TensorMemoryLayout.BLOCK_SHARDED, False,
        True, "matmul",
    ),
}  # fmt: skip


def conv_keywords(conv: Conv, output_layout: Layout = Layout.TILE) -> dict[str, object]:
    """TT-NN's keyword parameters of the conv, float32 throughout."""
    return dict(
        in_channels=conv.in_channels,
        out_channels=conv.out_channels,
        batch_size=conv.batch,
        input_height=conv.height,
        input_width=conv.width,
        kernel_size=list(conv.kernel),
        stride=list(conv.stride),
        padding=list(conv.padding),
        dilation=[1, 1],
        groups=1,
        conv_config=Conv2dConfigAttr(
            weights_dtype=DataType.FLOAT32,
            shard_layout=conv.shard_layout,
            output_layout=None if output_layout == Layout.TILE else output_layout,
        ),
        compute_config=DeviceComputeKernelConfigAttr(fp32_dest_acc_en=True),
    )


def conv_module(conv: Conv, output_layout: Layout = Layout.TILE) -> ModuleOp:
    """@main(activation, weight[, bias]) -> the conv's output. A prepared weight is made in
    the function by `prepare_conv_weights` (and `prepare_conv_bias`) with the conv's
    parameters, so the conv takes a device tensor it consumes as given."""
    activation = tensor_type(
        (conv.batch, conv.height, conv.width, conv.in_channels),
        DataType.FLOAT32,
        Layout.ROW_MAJOR,
        memory_config=L1_INTERLEAVED,
    )
    weight = tensor_type(
        (conv.out_channels, conv.in_channels, *conv.kernel), DataType.FLOAT32, None
    )
    bias = tensor_type((1, 1, 1, conv.out_channels), DataType.FLOAT32, None)
    keywords = conv_keywords(conv, output_layout)
    preparation = dict(
        keywords,
        input_memory_config=L1_INTERLEAVED,
        input_layout=Layout.ROW_MAJOR,
        input_dtype=DataType.FLOAT32,
    )

    def body(x: SSAValue, w: SSAValue, *b: SSAValue) -> SSAValue:
        if conv.prepared:
            w = PrepareConvWeightsOp(
                w, weights_format="OIHW", has_bias=conv.bias, **preparation
            ).result
            b = tuple(PrepareConvBiasOp(value, **preparation).result for value in b)
        return Conv2dOp(x, w, b[0] if b else None, dtype=DataType.FLOAT32, **keywords).result

    types = [activation, weight] + ([bias] if conv.bias else [])
    module = build_module(build_function("main", types, body))
    module.verify()
    return module


@pytest.mark.parametrize("name", CONVS)
def test_conv2d_runs_and_equals_the_reference_conv(name: str) -> None:
    conv = CONVS[name]
    module = conv_module(conv)
    rng = np.random.default_rng(7)
    x = rng.standard_normal((conv.batch, conv.height, conv.width, conv.in_channels))
    w = rng.standard_normal((conv.out_channels, conv.in_channels, *conv.kernel))
    b = rng.standard_normal((1, 1, 1, conv.out_channels))
    inputs = [x.astype(np.float32), w.astype(np.float32)]
    if conv.bias:
        inputs.append(b.astype(np.float32))
    expected = assert_runs_as_the_reference_conv(module, inputs, conv.stride, conv.padding)
    assert np.max(np.abs(expected)) > 1.0  # a conv of real values, not of zeros


@pytest.mark.parametrize("name", CONVS)
def test_decompose_prepares_host_operands_and_consumes_once(name: str) -> None:
    conv = CONVS[name]
    module = conv_module(conv)
    TTNNDecompose().apply(None, module)  # type: ignore[arg-type]
    ops = [op for op in module.walk() if op.name.startswith("ttnn.")]
    consumes = [op for op in ops if isinstance(op, ConvConsumeOp)]
    assert len(consumes) == 1
    assert consumes[0].path.data == conv.path
    assert not any(isinstance(op, (Conv2dOp, PrepareConvWeightsOp)) for op in ops)
    assert (consumes[0].bias is not None) == conv.bias


def test_a_prepared_weight_of_other_parameters_is_refused_naming_both_types() -> None:
    conv = CONVS["height_3x3_prepared"]
    module = conv_module(conv)
    conv_op = next(op for op in module.walk() if isinstance(op, Conv2dOp))
    prepare = next(op for op in module.walk() if isinstance(op, PrepareConvWeightsOp))
    # The weight prepared for a conv with bfloat16 weights: another dtype.
    wrong = dict(conv_keywords(conv), input_memory_config=L1_INTERLEAVED)
    wrong["conv_config"] = Conv2dConfigAttr(
        weights_dtype=DataType.BFLOAT16, shard_layout=conv.shard_layout
    )
    other = PrepareConvWeightsOp(
        prepare.weight_tensor,
        weights_format="OIHW",
        input_layout=Layout.ROW_MAJOR,
        input_dtype=DataType.FLOAT32,
        **wrong,
    )
    assert tensor_info(other.result.type).dtype == DataType.BFLOAT16
    prepare.parent_block().insert_op_before(other, prepare)  # type: ignore[union-attr]
    conv_op.operands[1] = other.result
    with pytest.raises(VerifyException) as raised:
        conv_op.verify()
    message = str(raised.value)
    assert message.startswith("'ttnn.conv2d' op expected a prepared weight of type ")
    assert str(prepare.result.type) in message and str(other.result.type) in message


def test_a_flat_input_computes_what_the_nhwc_input_does(tmp_path: Path) -> None:
    """TT-NN's flat [1, 1, N·H·W, C] input (tt-mlir's form) and [N, H, W, C] hold the same
    row-major bytes: ttnn-run gives the same output, byte for byte."""
    source = (ROOT / "tests" / "filecheck" / "runtime" / "conv2d-run.mlir").read_text()
    flat = source.replace("tensor<1x8x8x16xbf16", "tensor<1x1x64x16xbf16")
    outputs = []
    for name, text in (("nhwc", source), ("flat", flat)):
        path = tmp_path / f"{name}.mlir"
        path.write_text(text)
        output = tmp_path / f"{name}.npz"
        run = subprocess.run(
            [BIN / "ttnn-run", path, "--random-inputs", "3", "--output", output],
            capture_output=True,
            text=True,
        )
        assert run.returncode == 0, run.stderr
        outputs.append(np.load(output)["y"])
    assert outputs[0].shape == (1, 1, 64, 32)
    assert outputs[0].tobytes() == outputs[1].tobytes()
    assert np.abs(outputs[0]).max() > 1.0


def test_a_tile_input_computes_what_the_row_major_input_does(tmp_path: Path) -> None:
    """A TILE input (a conv output fed to the next conv) is untilized before the consumption
    (`ttnn.to_layout`, exact, as TT-NN's halo untilizes it): ttnn-run gives the row-major
    input's output, byte for byte."""
    source = (ROOT / "tests" / "filecheck" / "runtime" / "conv2d-run.mlir").read_text()
    tiled = source.replace(
        "tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major,",
        "tensor<1x8x8x16xbf16, #ttnn.tensor_layout<tile,",
    )
    assert tiled != source
    outputs = []
    for name, text in (("row_major", source), ("tile", tiled)):
        path = tmp_path / f"{name}.mlir"
        path.write_text(text)
        output = tmp_path / f"{name}.npz"
        run = subprocess.run(
            [BIN / "ttnn-run", path, "--random-inputs", "3", "--output", output],
            capture_output=True,
            text=True,
        )
        assert run.returncode == 0, run.stderr
        outputs.append(np.load(output)["y"])
    assert outputs[0].shape == (1, 1, 64, 32)
    assert outputs[0].tobytes() == outputs[1].tobytes()
    assert np.abs(outputs[0]).max() > 1.0


def test_a_row_major_output_holds_the_tile_output_s_values() -> None:
    """conv_config.output_layout = ROW_MAJOR: the result type is row-major (its padded shape
    the logical one) and the values are those of the TILE output."""
    conv = CONVS["height_3x3_bias_host"]
    rng = np.random.default_rng(11)
    x = rng.standard_normal((conv.batch, conv.height, conv.width, conv.in_channels))
    w = rng.standard_normal((conv.out_channels, conv.in_channels, *conv.kernel))
    b = rng.standard_normal((1, 1, 1, conv.out_channels))
    inputs = [x.astype(np.float32), w.astype(np.float32), b.astype(np.float32)]
    values = {}
    for layout in (Layout.TILE, Layout.ROW_MAJOR):
        module = conv_module(conv, output_layout=layout)
        op = next(op for op in module.walk() if isinstance(op, Conv2dOp))
        info = tensor_info(op.result.type)
        assert (info.layout, info.physical_shape) == (
            layout,
            (1, 1, 64, 32),
        )
        (output,) = Program.load(module).run(inputs)
        values[layout] = output.to_numpy()
    assert values[Layout.ROW_MAJOR].tobytes() == values[Layout.TILE].tobytes()


def test_a_fold_of_stride_1x1_runs_unfolded_and_equals_the_reference_conv() -> None:
    """Kernel-stride folding asked for a stride of 1×1: `prepare_conv_weights` folds (by 1×1),
    TT-NN's conv2d runs the conv unfolded (its answers); the op decides, prepares and computes
    that conv."""
    conv = CONVS["height_3x3_bias_host"]
    keywords = conv_keywords(conv)
    folding = Conv2dConfigAttr(
        weights_dtype=DataType.FLOAT32,
        shard_layout=conv.shard_layout,
        enable_kernel_stride_folding=True,
    )
    keywords["conv_config"] = folding
    activation = tensor_type(
        (conv.batch, conv.height, conv.width, conv.in_channels),
        DataType.FLOAT32,
        Layout.ROW_MAJOR,
        memory_config=L1_INTERLEAVED,
    )
    weight = tensor_type(
        (conv.out_channels, conv.in_channels, *conv.kernel), DataType.FLOAT32, None
    )
    made: list[Conv2dOp] = []

    def body(x: SSAValue, w: SSAValue) -> SSAValue:
        made.append(Conv2dOp(x, w, None, dtype=DataType.FLOAT32, **keywords))
        return made[0].result

    module = build_module(build_function("main", [activation, weight], body))
    module.verify()
    assert resolve_conv_weights(made[0].conv_parameters()).form.fold_stride == (1, 1)
    assert made[0].decision().plan.form.fold_stride is None
    rng = np.random.default_rng(11)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    assert_runs_as_the_reference_conv(module, [x, w], conv.stride, conv.padding)
    # Decomposed, the weight is prepared for that conv: no fold in its chain.
    TTNNDecompose().apply(None, module)  # type: ignore[arg-type]
    module.verify()
    names = [op.name for op in module.walk()]
    assert "ttnn.conv2d_consume" in names
    assert not any("fold" in name for name in names), names


DRAM_INTERLEAVED = MemoryConfigAttr(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)


@pytest.mark.parametrize(
    ("kernel", "stride", "padding", "shard_layout", "folded"),
    [
        # A 3x3 HEIGHT conv with padding: the halo's path.
        ((3, 3), (1, 1), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED, False),
        # A 2x2 kernel of stride 2 on a row-major DRAM input: folded automatically (TT-NN's
        # `auto_enable_kernel_folding` reads the DRAM buffer), a 1x1 matmul after the fold.
        ((2, 2), (2, 2), (0, 0), TensorMemoryLayout.BLOCK_SHARDED, True),
    ],
)
def test_a_dram_input_on_the_l1_path_runs_sharded_and_equals_the_reference_conv(
    kernel: tuple[int, int],
    stride: tuple[int, int],
    padding: tuple[int, int],
    shard_layout: TensorMemoryLayout,
    folded: bool,
) -> None:
    """A DRAM input with an `l1_full` slice config: conv2d runs it on its L1 path (conv2d.cpp
    `conv2d_L1`), its output sharded in L1 (not interleaved in DRAM), its weight and bias
    prepared for that conv; decomposed and run, it equals the reference conv."""
    conv = Conv(1, 8, 8, 32, 64, kernel, stride, padding, shard_layout, True, False, "")
    keywords = conv_keywords(conv)
    activation = tensor_type(
        (conv.batch, conv.height, conv.width, conv.in_channels),
        DataType.FLOAT32,
        Layout.ROW_MAJOR,
        memory_config=DRAM_INTERLEAVED,
    )
    weight = tensor_type((conv.out_channels, conv.in_channels, *kernel), DataType.FLOAT32, None)
    bias = tensor_type((1, 1, 1, conv.out_channels), DataType.FLOAT32, None)
    made: list[Conv2dOp] = []

    def body(x: SSAValue, w: SSAValue, b: SSAValue) -> SSAValue:
        slices = Conv2dSliceConfigAttr(Conv2dSliceType.L1_FULL, 1)
        made.append(Conv2dOp(x, w, b, dtype=DataType.FLOAT32, slice_config=slices, **keywords))
        return made[0].result

    module = build_module(build_function("main", [activation, weight, bias], body))
    module.verify()
    decision = made[0].decision()
    assert (decision.output.buffer_type, decision.output.memory_layout) == (
        BufferType.L1,
        shard_layout,
    )
    assert (decision.plan.form.fold_stride is not None) == folded
    rng = np.random.default_rng(5)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    b = rng.standard_normal(bias.get_shape()).astype(np.float32)
    expected = assert_runs_as_the_reference_conv(module, [x, w, b], stride, padding)
    assert np.max(np.abs(expected)) > 1.0


@pytest.mark.parametrize(
    ("input_layout", "orientation", "grid", "shard", "shard_layout", "in_channels", "kernel"),
    [
        # WIDTH shards of 32 channels on 2 cores, for a BLOCK conv.
        (WIDTH, ShardOrientation.COL_MAJOR, (2, 1), (64, 32), BLOCK, 64, (3, 3)),
        # HEIGHT shards of 32 rows on 2 cores, for a HEIGHT conv.
        (HEIGHT, ShardOrientation.COL_MAJOR, (1, 2), (32, 64), HEIGHT, 64, (3, 3)),
        # A 1x1 matmul conv of 48 channels in BLOCK shards of 32 on 2 channel cores: resharded
        # BLOCK (its HEIGHT config notwithstanding).
        (BLOCK, ShardOrientation.ROW_MAJOR, (2, 2), (32, 32), HEIGHT, 48, (1, 1)),
    ],
)
def test_a_resharded_input_equals_the_reference_conv(
    input_layout: TensorMemoryLayout,
    orientation: ShardOrientation,
    grid: tuple[int, int],
    shard: tuple[int, int],
    shard_layout: TensorMemoryLayout,
    in_channels: int,
    kernel: tuple[int, int],
) -> None:
    """An L1 input TT-NN's conv2d reshards from the device grid — sharded in COL_MAJOR
    orientation (HEIGHT or WIDTH), resharded to `conv_config.shard_layout`; BLOCK for a 1x1
    matmul conv whose channels do not fill its shards, resharded BLOCK: the op decides,
    prepares and computes that conv (its weight prepared with `reshard_if_not_optimal`), not
    the one of the input's own shards that `prepare_conv_weights` prepares."""
    padding = (1, 1) if kernel == (3, 3) else (0, 0)
    conv = Conv(1, 8, 8, in_channels, 32, kernel, (1, 1), padding, shard_layout, True, False, "")
    keywords = conv_keywords(conv)
    spec = ShardSpecAttr(grid, shard, orientation)
    activation = tensor_type(
        (conv.batch, conv.height, conv.width, conv.in_channels),
        DataType.FLOAT32,
        Layout.ROW_MAJOR,
        memory_config=MemoryConfigAttr(BufferType.L1, input_layout, spec),
    )
    weight = tensor_type(
        (conv.out_channels, conv.in_channels, *conv.kernel), DataType.FLOAT32, None
    )
    bias = tensor_type((1, 1, 1, conv.out_channels), DataType.FLOAT32, None)
    made: list[Conv2dOp] = []

    def body(x: SSAValue, w: SSAValue, b: SSAValue) -> SSAValue:
        made.append(Conv2dOp(x, w, b, dtype=DataType.FLOAT32, **keywords))
        return made[0].result

    module = build_module(build_function("main", [activation, weight, bias], body))
    module.verify()
    decision = made[0].decision()
    assert decision.output.memory_layout == (BLOCK if kernel == (1, 1) else shard_layout)
    assert decision.plan.params.conv_config.reshard_if_not_optimal
    kept = resolve_conv_weights(made[0].conv_parameters())
    assert kept.sharding.parallel.input_split != decision.plan.sharding.parallel.input_split
    rng = np.random.default_rng(9)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    b = rng.standard_normal(bias.get_shape()).astype(np.float32)
    expected = assert_runs_as_the_reference_conv(module, [x, w, b], conv.stride, conv.padding)
    assert np.max(np.abs(expected)) > 1.0


def test_a_matmul_conv_of_an_input_with_empty_shards_equals_the_reference_conv() -> None:
    """A 1x1 conv (a matmul) of 64 pixels HEIGHT-sharded by the user over 4 cores of 32 rows:
    the last two shards are empty, and the matmul places its output on the 2 row blocks
    that hold rows (cores (0,0)-(1,0)); the run equals the reference conv."""
    conv = Conv(
        1, 8, 8, 64, 32, (1, 1), (1, 1), (0, 0), TensorMemoryLayout.HEIGHT_SHARDED, True, False, ""
    )
    keywords = conv_keywords(conv)
    spec = ShardSpecAttr((4, 1), (32, 64), ShardOrientation.ROW_MAJOR)
    activation = tensor_type(
        (conv.batch, conv.height, conv.width, conv.in_channels),
        DataType.FLOAT32,
        Layout.ROW_MAJOR,
        memory_config=MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.HEIGHT_SHARDED, spec),
    )
    weight = tensor_type((conv.out_channels, conv.in_channels, 1, 1), DataType.FLOAT32, None)
    bias = tensor_type((1, 1, 1, conv.out_channels), DataType.FLOAT32, None)
    made: list[Conv2dOp] = []

    def body(x: SSAValue, w: SSAValue, b: SSAValue) -> SSAValue:
        made.append(Conv2dOp(x, w, b, dtype=DataType.FLOAT32, **keywords))
        return made[0].result

    module = build_module(build_function("main", [activation, weight, bias], body))
    module.verify()
    output_spec = made[0].decision().output
    assert output_spec.shard is not None
    assert (output_spec.shard.ranges, output_spec.shard.shape) == (((0, 0, 1, 0),), (32, 32))
    rng = np.random.default_rng(13)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    b = rng.standard_normal(bias.get_shape()).astype(np.float32)
    expected = assert_runs_as_the_reference_conv(module, [x, w, b])
    assert np.max(np.abs(expected)) > 1.0


def test_a_1d_conv_cut_in_dram_slices_is_prepared_for_the_first_and_equals_the_reference_conv() -> (
    None
):
    """A 1×5 conv, padding 1, 16 -> 32 channels, of a DRAM row of 128 pixels in 2 width slices:
    conv2d prepares its weight for the first slice, 64 output pixels TT-NN auto-shards HEIGHT,
    5·16 = 80 weight rows in 3 tiles (prepare_conv_weights would prepare the whole conv, BLOCK
    in 2 shards of 8 channels: 5·8 = 40 rows in 2 tiles per shard, 128). No prepare op says
    that preparation: the conv decomposes into layout ops, and the run equals the reference
    conv."""
    conv = Conv(1, 1, 128, 16, 32, (1, 5), (1, 1), (0, 1), None, True, False, "")
    keywords = conv_keywords(conv)
    activation = tensor_type(
        (1, 1, 128, 16), DataType.FLOAT32, Layout.ROW_MAJOR, memory_config=DRAM_INTERLEAVED
    )
    weight = tensor_type((32, 16, 1, 5), DataType.FLOAT32, None)
    bias = tensor_type((1, 1, 1, 32), DataType.FLOAT32, None)
    made: list[Conv2dOp] = []

    def body(x: SSAValue, w: SSAValue, b: SSAValue) -> SSAValue:
        slices = Conv2dSliceConfigAttr(Conv2dSliceType.DRAM_WIDTH, 2)
        made.append(Conv2dOp(x, w, b, dtype=DataType.FLOAT32, slice_config=slices, **keywords))
        return made[-1].result

    module = build_module(build_function("main", [activation, weight, bias], body))
    module.verify()
    plan = made[0].decision().plan
    assert plan.params.sliced_conv1d
    assert (plan.sharding.shard_layout, plan.layout.physical_shape) == (HEIGHT, (1, 1, 96, 32))
    assert resolve_conv_weights(made[0].conv_parameters()).layout.physical_shape == (1, 1, 128, 32)
    decomposed = build_module(build_function("main", [activation, weight, bias], body))
    TTNNDecompose().apply(None, decomposed)  # type: ignore[arg-type]
    names = [op.name for op in decomposed.walk() if op.name.startswith("ttnn.")]
    assert not any(name.startswith("ttnn.prepare_conv") for name in names), names
    assert names.count("ttnn.conv2d_consume") == 1
    rng = np.random.default_rng(17)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    b = rng.standard_normal(bias.get_shape()).astype(np.float32)
    expected = assert_runs_as_the_reference_conv(module, [x, w, b], (1, 1), (0, 1))
    assert np.max(np.abs(expected)) > 1.0


SPLIT_ROW_INPUT = (
    "tensor<1x1x256x32xbf16, #ttnn.tensor_layout<row_major, #ttnn.memory_config<"
    "#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<[{cores}]>, "
    "<32x32>, <row_major>>>>>"
)
SPLIT_ROW_OUTPUT = (
    "tensor<1x1x256x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<"
    "#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<"
    "[#ttnn.core_range<(0,0), (7,0)>]>, <32x32>, <row_major>>>>>"
)


def split_row_conv(cores: str) -> str:
    """A 3×3 conv of an input HEIGHT-sharded on row 0 of 8 cores, written as `cores`."""
    source = SPLIT_ROW_INPUT.format(cores=cores)
    return (
        f"func.func @main(%x: {source}, %w: tensor<32x32x3x3xf32>) -> {SPLIT_ROW_OUTPUT} {{\n"
        "  %y = ttnn.conv2d %x, %w in_channels = 32 out_channels = 32 batch_size = 1 "
        "input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] "
        "padding = [1, 1] dilation = [1, 1] groups = 1 "
        f": ({source}, tensor<32x32x3x3xf32>) -> {SPLIT_ROW_OUTPUT}\n"
        f"  func.return %y : {SPLIT_ROW_OUTPUT}\n"
        "}\n"
    )


def test_a_shard_grid_split_into_ranges_in_row_order_is_the_same_grid() -> None:
    """Row 0 of 8 cores written as two ranges, (0,0)-(3,0) + (4,0)-(7,0), shards the input
    as the one range (0,0)-(7,0) does (TT-NN gives shards range by range, each row by row):
    the same output bytes. Once refused as "not supported"."""
    outputs = []
    for cores in (
        "#ttnn.core_range<(0,0), (3,0)>, #ttnn.core_range<(4,0), (7,0)>",
        "#ttnn.core_range<(0,0), (7,0)>",
    ):
        program = Program.load(split_row_conv(cores))
        (result,) = program.run(program.prepare_inputs(random_seed=3))
        outputs.append(result.to_bytes())
    assert outputs[0] == outputs[1]


FOLDED_DILATED_OUTPUT = (
    "tensor<1x1x256x32xf32, #ttnn.tensor_layout<tile, #ttnn.memory_config<"
    "#ttnn.buffer_type<dram>, <interleaved>>>>"
)
FOLDED_DILATED_INPUT = (
    "tensor<1x32x32x16xf32, #ttnn.tensor_layout<row_major, #ttnn.memory_config<"
    "#ttnn.buffer_type<l1>, <interleaved>>>>"
)
FOLDED_DILATED = (
    f"func.func @main(%x: {FOLDED_DILATED_INPUT}, %w: tensor<32x16x2x2xf32>) -> "
    f"{FOLDED_DILATED_OUTPUT} {{\n"
    "  %y = ttnn.conv2d %x, %w in_channels = 16 out_channels = 32 batch_size = 1 "
    "input_height = 32 input_width = 32 kernel_size = [2, 2] stride = [2, 2] "
    "padding = [0, 0] dilation = [2, 2] groups = 1 "
    "conv_config = #ttnn.conv2d_config<weights_dtype = f32, enable_kernel_stride_folding = true> "
    "compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, "
    "fp32_dest_acc_en = true> "
    f": ({FOLDED_DILATED_INPUT}, tensor<32x16x2x2xf32>) -> {FOLDED_DILATED_OUTPUT}\n"
    f"  func.return %y : {FOLDED_DILATED_OUTPUT}\n"
    "}\n"
)
"""A 2×2 conv of stride 2 and dilation 2 over 32×32, folding forced: TT-NN folds it to a 1×1
matmul of the 16×16 folded input — output 16×16, DRAM interleaved (TT-NN's answer, asked
again), where the dilated conv has 15×15 — and the dilation of a one-tap kernel is no
dilation. The project once inferred 15×15 and, given 16×16, refused the matmul's dilation."""


def test_a_forced_fold_of_a_dilated_conv_runs_the_conv_tt_nn_runs() -> None:
    program = Program.load(FOLDED_DILATED)
    rng = np.random.default_rng(4)
    x = rng.standard_normal((1, 32, 32, 16)).astype(np.float32)
    w = rng.standard_normal((32, 16, 2, 2)).astype(np.float32)
    (y,) = program.run({"x": x, "w": w})
    assert y.logical_shape == (1, 1, 256, 32)
    # The folded conv: taps (i, j) of each 2×2 block of pixels, undilated, in float64.
    undilated = sum(
        np.einsum("hwc,oc->hwo", x[0, i::2, j::2].astype(np.float64), w[:, :, i, j])
        for i in range(2)
        for j in range(2)
    )
    got = np.asarray(y.to_numpy(), np.float64).reshape(16, 16, 32)
    magnitudes = sum(
        np.einsum("hwc,oc->hwo", np.abs(x[0, i::2, j::2]), np.abs(w[:, :, i, j]))
        for i in range(2)
        for j in range(2)
    )
    assert np.all(np.abs(got - undilated) <= FLOAT32_ROUNDINGS * magnitudes)


def test_a_conv_in_height_slices_of_whole_tiles_equals_the_reference_conv() -> None:
    """A 1×1 WIDTH conv, padding 2, 64 -> 32 channels, of a float32 30×30 DRAM input in 2
    height slices with act_block_h_override 96 (TT-NN's answers, slice width rounding h1): TT-NN
    runs each slice's conv 64 columns wide, whole tiles, and accepts it; the project accepts it
    (`L1Decisions.slice_output_size`) and its run equals the reference conv."""
    conv = Conv(1, 30, 30, 64, 32, (1, 1), (1, 1), (2, 2), WIDTH, True, False, "")
    keywords = conv_keywords(conv)
    keywords["conv_config"] = Conv2dConfigAttr(
        weights_dtype=DataType.FLOAT32, shard_layout=WIDTH, act_block_h_override=96
    )
    activation = tensor_type(
        (1, 30, 30, 64), DataType.FLOAT32, Layout.ROW_MAJOR, memory_config=DRAM_INTERLEAVED
    )
    weight = tensor_type((32, 64, 1, 1), DataType.FLOAT32, None)
    bias = tensor_type((1, 1, 1, 32), DataType.FLOAT32, None)

    def body(x: SSAValue, w: SSAValue, b: SSAValue) -> SSAValue:
        slices = Conv2dSliceConfigAttr(Conv2dSliceType.DRAM_HEIGHT, 2)
        return Conv2dOp(x, w, b, dtype=DataType.FLOAT32, slice_config=slices, **keywords).result

    module = build_module(build_function("main", [activation, weight, bias], body))
    module.verify()
    rng = np.random.default_rng(23)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    b = rng.standard_normal(bias.get_shape()).astype(np.float32)
    expected = assert_runs_as_the_reference_conv(module, [x, w, b], (1, 1), (2, 2))
    assert expected.shape == (1, 1, 34 * 34, 32)


def test_a_folded_conv_split_by_its_own_output_equals_the_reference_conv() -> None:
    """A 3×3 conv of stride (1, 2), padding 1, 32 -> 16 channels, of a float32 4×28 L1 input,
    HEIGHT, kernel-stride folded: TT-NN's conv2d (asked again) puts its 56 output pixels on 2
    cores, its folded conv's own output (`Conv2dParameters.folded_output`), and prepares a
    [1, 1, 384, 32] weight; the project's conv says so and its run equals the reference conv."""
    conv = Conv(1, 4, 28, 32, 16, (3, 3), (1, 2), (1, 1), HEIGHT, False, False, "")
    keywords = conv_keywords(conv)
    keywords["conv_config"] = Conv2dConfigAttr(
        weights_dtype=DataType.FLOAT32, shard_layout=HEIGHT, enable_kernel_stride_folding=True
    )
    activation = tensor_type(
        (1, 4, 28, 32), DataType.FLOAT32, Layout.ROW_MAJOR, memory_config=L1_INTERLEAVED
    )
    weight = tensor_type((16, 32, 3, 3), DataType.FLOAT32, None)
    made: list[Conv2dOp] = []

    def body(x: SSAValue, w: SSAValue) -> SSAValue:
        made.append(Conv2dOp(x, w, None, dtype=DataType.FLOAT32, **keywords))
        return made[-1].result

    module = build_module(build_function("main", [activation, weight], body))
    module.verify()
    decision = made[0].decision()
    assert decision.output.shard is not None
    assert decision.output.shard.ranges == ((0, 0, 1, 0),)
    assert decision.plan.layout.physical_shape == (1, 1, 384, 32)
    rng = np.random.default_rng(29)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    expected = assert_runs_as_the_reference_conv(module, [x, w], (1, 2), (1, 1))
    assert expected.shape == (1, 1, 56, 16)


def test_a_weight_prepared_in_a_dram_slice_equals_the_reference_conv() -> None:
    """A 3×3 HEIGHT conv, padding 1, 40 -> 32 channels, of a float32 64×64 TILE DRAM input in
    2 height slices (TT-NN's answers, slice alignment a40): conv2d prepares the weight in the
    first slice's conv, its channels aligned to the slice's 40-wide shards, 8: 3 kernel rows of
    round_up(40·3, 32) = 128 rows, [1, 1, 384, 32] (576 from `prepare_conv_weights`); the
    project's conv prepares it so and its run equals the reference conv."""
    conv = Conv(1, 64, 64, 40, 32, (3, 3), (1, 1), (1, 1), HEIGHT, True, False, "")
    keywords = conv_keywords(conv)
    activation = tensor_type(
        (1, 64, 64, 40), DataType.FLOAT32, Layout.TILE, memory_config=DRAM_INTERLEAVED
    )
    weight = tensor_type((32, 40, 3, 3), DataType.FLOAT32, None)
    bias = tensor_type((1, 1, 1, 32), DataType.FLOAT32, None)
    made: list[Conv2dOp] = []

    def body(x: SSAValue, w: SSAValue, b: SSAValue) -> SSAValue:
        slices = Conv2dSliceConfigAttr(Conv2dSliceType.DRAM_HEIGHT, 2)
        made.append(Conv2dOp(x, w, b, dtype=DataType.FLOAT32, slice_config=slices, **keywords))
        return made[-1].result

    module = build_module(build_function("main", [activation, weight, bias], body))
    module.verify()
    assert made[0].decision().plan.layout.physical_shape == (1, 1, 384, 32)
    rng = np.random.default_rng(31)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    b = rng.standard_normal(bias.get_shape()).astype(np.float32)
    expected = assert_runs_as_the_reference_conv(module, [x, w, b], (1, 1), (1, 1))
    assert expected.shape == (1, 1, 64 * 64, 32)


def test_a_slice_resharded_in_its_conv_equals_the_reference_conv() -> None:
    """A 3×3 BLOCK conv with `reshard_if_not_optimal`, 48 -> 64 channels, of a float32 56×56
    TILE DRAM input in 3 height slices (TT-NN's answers, slice configs probe_tests_s11, in
    bfloat16): the slice's conv reshards its ROW_MAJOR slice and aligns the channels to its 6
    channel cores' 8-wide shards, 576 weight rows; the project's run of it equals the reference
    conv."""
    conv = Conv(1, 56, 56, 48, 64, (3, 3), (1, 1), (1, 1), BLOCK, False, False, "")
    keywords = conv_keywords(conv)
    keywords["conv_config"] = Conv2dConfigAttr(
        weights_dtype=DataType.FLOAT32, shard_layout=BLOCK, reshard_if_not_optimal=True
    )
    activation = tensor_type(
        (1, 56, 56, 48), DataType.FLOAT32, Layout.TILE, memory_config=DRAM_INTERLEAVED
    )
    weight = tensor_type((64, 48, 3, 3), DataType.FLOAT32, None)
    made: list[Conv2dOp] = []

    def body(x: SSAValue, w: SSAValue) -> SSAValue:
        slices = Conv2dSliceConfigAttr(Conv2dSliceType.DRAM_HEIGHT, 3)
        made.append(Conv2dOp(x, w, None, dtype=DataType.FLOAT32, slice_config=slices, **keywords))
        return made[-1].result

    module = build_module(build_function("main", [activation, weight], body))
    module.verify()
    assert made[0].decision().plan.layout.physical_shape == (1, 1, 576, 64)
    rng = np.random.default_rng(37)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    expected = assert_runs_as_the_reference_conv(module, [x, w], (1, 1), (1, 1))
    assert expected.shape == (1, 1, 56 * 56, 64)


def test_a_row_major_output_of_dram_slices_equals_the_reference_conv() -> None:
    """A 3×3 HEIGHT conv, 32 -> 32 channels, of a float32 32×32 DRAM input in 2 height slices,
    `output_layout` ROW_MAJOR: TT-NN writes the slices into a ROW_MAJOR DRAM tensor and returns
    it so, unpadded (TT-NN's answers, held-out wide draws w0049 and w0100); the project's conv
    says so and its run equals the reference conv."""
    conv = Conv(1, 32, 32, 32, 32, (3, 3), (1, 1), (1, 1), HEIGHT, False, False, "")
    keywords = conv_keywords(conv, Layout.ROW_MAJOR)
    activation = tensor_type(
        (1, 32, 32, 32), DataType.FLOAT32, Layout.ROW_MAJOR, memory_config=DRAM_INTERLEAVED
    )
    weight = tensor_type((32, 32, 3, 3), DataType.FLOAT32, None)
    made: list[Conv2dOp] = []

    def body(x: SSAValue, w: SSAValue) -> SSAValue:
        slices = Conv2dSliceConfigAttr(Conv2dSliceType.DRAM_HEIGHT, 2)
        made.append(Conv2dOp(x, w, None, dtype=DataType.FLOAT32, slice_config=slices, **keywords))
        return made[-1].result

    module = build_module(build_function("main", [activation, weight], body))
    module.verify()
    output = made[0].decision().output
    assert (output.layout, output.buffer_type) == (Layout.ROW_MAJOR, BufferType.DRAM)
    assert output.padded_shape == output.logical_shape == (1, 1, 1024, 32)
    rng = np.random.default_rng(41)
    x = rng.standard_normal(activation.get_shape()).astype(np.float32)
    w = rng.standard_normal(weight.get_shape()).astype(np.float32)
    expected = assert_runs_as_the_reference_conv(module, [x, w], (1, 1), (1, 1))
    assert expected.shape == (1, 1, 32 * 32, 32)


def test_the_vanilla_unet_s_dec2_1_runs_and_equals_the_reference_conv() -> None:
    """TT-NN's model convs (Wormhole): the vanilla UNet's dec2_1, a 3×3 conv 128 -> 64 of a
    bfloat16 240×320 input in L1 interleaved, HEIGHT-sharded on 64 cores with
    `deallocate_activation`, no `reallocate_halo_output`, act blocks of one tile, a ROW_MAJOR
    output and LoFi without float32 accumulation — the project refused it for a circular-buffer
    clash TT-NN does not have (it lets the input go once resharded,
    `conv2d_l1_allocation.move_resharded_input`). Built as the reference test builds it, run on
    values every sum of which bfloat16 holds exactly (0/1 activations, -1/0/1 weights, a bias
    of small integers; no partial sum beyond 256), its output is the reference conv's exactly."""
    with gzip.open(MODEL_ANSWERS, "rt") as text:
        case = json.load(text)["vanilla_unet_model_dec2_1"]
    assert case["conv_config"]["deallocate_activation"] and "error" not in case
    op = build_conv2d(case, (8, 8))
    module = op.parent_op()
    while not isinstance(module, ModuleOp):
        module = module.parent_op()
    module.verify()
    rng = np.random.default_rng(2)
    x = (rng.random((1, 240, 320, 128)) < 1 / 16).astype(np.float32)
    w = rng.integers(-1, 2, (64, 128, 3, 3)).astype(np.float32)
    b = rng.integers(-4, 5, (1, 1, 1, 64)).astype(np.float32)
    magnitude = reference_conv2d(x, np.abs(w), padding=(1, 1), bias=np.abs(b).reshape(-1))
    assert magnitude.max() <= 256
    (output,) = Program.load(module).run([x, w, b])
    expected = reference_conv2d(x, w, padding=(1, 1), bias=b.reshape(-1))
    assert np.array_equal(output.to_numpy().astype(np.float64), expected)


# ------------------------------------------------------------------------------------------
# The decomposition's preparation of a conv run from DRAM (found running TT-NN's accepted
# convs whole: tests/conv2d_op_scale.py)
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["ttnn_conv2d_blackhole_P150_s101/r0078"])
def test_a_dram_conv_resharding_without_a_shard_layout_is_prepared_without_it(name: str) -> None:
    """conv2d's DRAM path auto-shards each slice and drops `reshard_if_not_optimal` without a
    `shard_layout` (`unset_reshard_dropped`): the decomposition's `prepare_conv_weights` is
    given the flag as conv2d plans it, not as written (with it, its verifier refuses the unset
    layout), and the conv runs. (Wormhole w0249, also found so, has bfloat8_b weights: laid
    out by the layout ops since, the test below.)"""
    case = committed_case(name)
    assert case.answer["mem"] == "DRAM" and "shard_layout" not in case.answer["conv_config"]
    assert case.answer["conv_config"]["reshard_if_not_optimal"] is True
    op = build_conv2d(case.answer, case.grid)
    device = module_device(op)
    chain, _, _ = prepared_operands(op, op.decision(device), device)
    assert isinstance(chain[0], PrepareConvWeightsOp)
    assert chain[0].conv_parameters(device).conv_config.reshard_if_not_optimal is False
    assert run_case(case).status == "agrees"


@pytest.mark.parametrize(
    "name",
    [
        "ttnn_conv_fresh_conv2d_blackhole_P150_s9203/r0041",
        "ttnn_conv_conv2d_wormhole_N150_s5001/r0316",
        "ttnn_conv_fresh_wide_wormhole_N150_s9101/w0018",
    ],
)
def test_a_bfloat8_b_dram_weight_is_laid_out_for_the_conv_its_slices_plan(name: str) -> None:
    """A bfloat8_b weight of a conv run from DRAM is prepared as bfloat16 and typecast, but the
    slices are planned with bfloat8_b tiles, which take a HEIGHT layout where a bfloat16
    estimate (what `prepare_conv_weights` would plan) takes BLOCK — or finds no slices at
    all (w0018). The weight is laid out for the conv's own plan (the layout ops, no prepare
    op). Before, it was prepared BLOCK and read as HEIGHT: the conv's values were wrong (r0041
    1.4 times the output's scale off) or the prepare op refused the conv TT-NN runs."""
    case = committed_case(name)
    assert case.answer["mem"] == "DRAM" and case.answer["weight_dtype"] == "DataType.BFLOAT8_B"
    op = build_conv2d(case.answer, case.grid)
    device = module_device(op)
    decision = op.decision(device)
    chain, _, _ = prepared_operands(op, decision, device)
    assert not any(isinstance(prepared, PrepareConvWeightsOp) for prepared in chain)
    assert decision.plan.sharding.shard_layout == TensorMemoryLayout.HEIGHT_SHARDED
    outcome = run_case(case)
    assert outcome.status == "agrees", outcome.message


@pytest.mark.parametrize(
    "name",
    [
        "ttnn_conv_wide_wormhole_N150_s6001/w0249",
        "ttnn_conv_fresh_wide_wormhole_N150_s9101/w0020",
        "ttnn_conv2d_wormhole_N150_s100/r0078",
    ],
)
def test_a_bfloat8_b_dram_weight_planned_as_bfloat16_is_converted_once(name: str) -> None:
    """A bfloat8_b weight (and bias) of a conv run from DRAM, planned as bfloat16: TT-NN's
    conv2d converts the host values to bfloat8_b once (its bytes, captured:
    test_conv2d_op_bytes.py holds w0249 and w0020). The decomposition lays them out with
    the layout ops (float32) and one typecast to bfloat8_b each, no prepare op: a bfloat16
    prepare op then a typecast rounded every value twice (2307 of w0020's weight bytes were
    TT-NN's neighbours)."""
    case = committed_case(name)
    assert case.answer["mem"] == "DRAM" and case.answer["weight_dtype"] == "DataType.BFLOAT8_B"
    op = build_conv2d(case.answer, case.grid)
    device = module_device(op)
    decision = op.decision(device)
    assert decision.plan.weights_dtype == DataType.BFLOAT16
    chain, weight, bias = prepared_operands(op, decision, device)
    assert not any(
        isinstance(prepared, PrepareConvWeightsOp | PrepareConvBiasOp) for prepared in chain
    )
    typecasts = [prepared for prepared in chain if isinstance(prepared, TypecastOp)]
    assert [typecast.result for typecast in typecasts] == [weight, *([bias] if bias else [])]
    for typecast in typecasts:
        assert tensor_info(typecast.input.type).dtype == DataType.FLOAT32
        assert tensor_info(typecast.result.type).dtype == DataType.BFLOAT8_B

"""`ttnn.conv_transpose2d` runs: `ttnn-decompose` turns it into the preparations of its host
weight and bias, the zero-stuffed input (`ttnn.zero_stuff`) and one `ttnn.conv2d_consume` of the
equivalent conv2d, which lower and run. Values are checked against the transposed conv's own
definition, a scatter of each input pixel through the kernel (not the equivalent conv2d)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pytest
from conv2d_op_scale import committed_case, run_case
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue

from ttnn_xdsl.conv.conv2d_decisions import runs_whole_from_dram
from ttnn_xdsl.conv.conv_transpose import resolve_conv_transpose2d_weights
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    TensorMemoryLayout,
)
from ttnn_xdsl.dialect import Conv2dConfigAttr, MemoryConfigAttr, build_function, build_module
from ttnn_xdsl.dialect.attributes import Conv2dSliceConfigAttr, DeviceComputeKernelConfigAttr
from ttnn_xdsl.dialect.conv2d_ops import ConvConsumeOp, ConvTranspose2dOp, ZeroStuffOp
from ttnn_xdsl.dialect.conversion_ops import TypecastOp
from ttnn_xdsl.dialect.device import module_device
from ttnn_xdsl.dialect.prepare_ops import (
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
)
from ttnn_xdsl.dialect.tensor_types import tensor_info, tensor_type
from ttnn_xdsl.passes.ttnn_decompose import TTNNDecompose, transpose_prepared_operands
from ttnn_xdsl.program import Program

L1_INTERLEAVED = MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.INTERLEAVED)
DRAM_INTERLEAVED = MemoryConfigAttr(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)


class Transpose(NamedTuple):
    batch: int
    height: int
    width: int
    in_channels: int
    out_channels: int
    kernel: tuple[int, int]
    stride: tuple[int, int]
    padding: tuple[int, int]
    output_padding: tuple[int, int]
    shard_layout: TensorMemoryLayout | None
    bias: bool
    input_layout: Layout
    memory_config: MemoryConfigAttr = L1_INTERLEAVED
    dram_slices: int | None = None
    """`dram_slice_config`: so many DRAM_HEIGHT slices (TT-NN prepares for the first)."""
    dilation: tuple[int, int] = (1, 1)
    weights_dtype: DataType = DataType.FLOAT32
    reshard_if_not_optimal: bool = False
    enable_activation_reuse: bool = False
    enable_kernel_stride_folding: bool = False


TRANSPOSES = {
    "height_stride1_bias": Transpose(
        1, 6, 5, 16, 24, (3, 3), (1, 1), (1, 1), (0, 0), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.ROW_MAJOR,
    ),
    "height_stride2_output_padding_bias_tile": Transpose(
        1, 6, 5, 16, 24, (3, 3), (2, 2), (1, 1), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.TILE,
    ),
    "height_2x2_upsample_batch2": Transpose(
        2, 4, 4, 8, 16, (2, 2), (2, 2), (0, 0), (0, 0), TensorMemoryLayout.HEIGHT_SHARDED,
        False, Layout.ROW_MAJOR,
    ),
    "block_stride2_bias": Transpose(
        1, 5, 4, 64, 64, (3, 3), (2, 2), (1, 1), (0, 0), TensorMemoryLayout.BLOCK_SHARDED,
        True, Layout.ROW_MAJOR,
    ),
    "block_stride1_tile": Transpose(
        1, 4, 6, 48, 40, (3, 3), (1, 1), (0, 0), (0, 0), TensorMemoryLayout.BLOCK_SHARDED,
        False, Layout.TILE,
    ),
    "dram_stride2_bias": Transpose(
        1, 6, 5, 16, 24, (3, 3), (2, 2), (1, 1), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.TILE, DRAM_INTERLEAVED,
    ),
    "dram_height_slices_stride2": Transpose(
        1, 8, 6, 16, 24, (3, 3), (2, 2), (1, 1), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.ROW_MAJOR, DRAM_INTERLEAVED, 2,
    ),
    "height_stride2_dilation2": Transpose(
        1, 5, 4, 16, 8, (3, 2), (2, 2), (1, 0), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.ROW_MAJOR, dilation=(2, 3),
    ),
    "height_stride2_padding_beyond_kernel": Transpose(
        1, 5, 5, 8, 8, (3, 3), (2, 2), (3, 3), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        False, Layout.ROW_MAJOR,
    ),
    # conv_transpose2d's own path, where prepare_conv_transpose2d_weights / _bias refuse: a
    # bfloat8_b bias from DRAM (prepared as bfloat16, then typecast; halves are exact in
    # bfloat8_b), reshard_if_not_optimal without a shard layout from DRAM, and activation
    # reuse, which conv_transpose2d runs without.
    "dram_bfloat8_b_bias": Transpose(
        1, 6, 5, 16, 24, (3, 3), (2, 2), (1, 1), (1, 1), None, True, Layout.TILE,
        DRAM_INTERLEAVED, weights_dtype=DataType.BFLOAT8_B,
    ),
    "dram_reshard_without_shard_layout": Transpose(
        1, 6, 5, 16, 24, (3, 3), (2, 2), (1, 1), (1, 1), None, True, Layout.ROW_MAJOR,
        DRAM_INTERLEAVED, reshard_if_not_optimal=True,
    ),
    # Activation reuse on its DRAM path: the slices are planned with it, each slice's weight
    # prepared without it (prepare_conv_transpose2d_weights refuses this one).
    "dram_height_slices_activation_reuse": Transpose(
        1, 40, 40, 16, 8, (4, 4), (2, 2), (1, 1), (0, 0), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.ROW_MAJOR, DRAM_INTERLEAVED, 2, enable_activation_reuse=True,
    ),
    "height_activation_reuse": Transpose(
        1, 6, 5, 16, 24, (3, 3), (2, 2), (1, 1), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.TILE, enable_activation_reuse=True,
    ),
    # A DRAM input on conv_transpose2d's L1 path (one DRAM slice): the output sharded in L1;
    # a 1×1 kernel of stride 2 runs as a conv, not a matmul (TT-NN decides it by the
    # transpose's own stride), in L1 and on its DRAM path.
    "dram_one_slice": Transpose(
        1, 6, 5, 16, 24, (3, 3), (2, 2), (1, 1), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.ROW_MAJOR, DRAM_INTERLEAVED, 1,
    ),
    "height_1x1_stride2_bias": Transpose(
        1, 5, 4, 16, 24, (1, 1), (2, 2), (0, 0), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.ROW_MAJOR,
    ),
    "dram_1x1_stride2": Transpose(
        1, 6, 5, 16, 24, (1, 1), (2, 2), (0, 0), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.ROW_MAJOR, DRAM_INTERLEAVED,
    ),
    # A 1×1 matmul from DRAM with DRAM slices asked for: conv_transpose2d runs it whole on its
    # L1 path (conv_transpose2d_DRAM hands a matmul to conv_transpose2d_L1 before slicing).
    "dram_1x1_matmul_height_slices": Transpose(
        1, 8, 6, 16, 24, (1, 1), (1, 1), (0, 0), (0, 0), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.ROW_MAJOR, DRAM_INTERLEAVED, 2,
    ),
    "dram_1x1_matmul_auto_shard_slices": Transpose(
        1, 8, 6, 16, 24, (1, 1), (1, 1), (0, 0), (0, 0), None, True, Layout.TILE,
        DRAM_INTERLEAVED, 2,
    ),
    # Kernel-stride folding asked for: conv_transpose2d prepares and runs its equivalent conv
    # unfolded (a folded 1×1 kernel would be a matmul), from L1 and from DRAM.
    "height_1x1_stride2_folding_asked": Transpose(
        1, 5, 4, 16, 24, (1, 1), (2, 2), (0, 0), (1, 1), TensorMemoryLayout.HEIGHT_SHARDED,
        True, Layout.ROW_MAJOR, enable_kernel_stride_folding=True,
    ),
    "dram_1x1_width_folding_asked": Transpose(
        1, 6, 5, 16, 24, (1, 1), (1, 1), (0, 0), (0, 0), TensorMemoryLayout.WIDTH_SHARDED,
        True, Layout.ROW_MAJOR, DRAM_INTERLEAVED, enable_kernel_stride_folding=True,
    ),
    "block_stride2_folding_asked": Transpose(
        1, 5, 4, 64, 64, (3, 3), (2, 2), (1, 1), (0, 0), TensorMemoryLayout.BLOCK_SHARDED,
        True, Layout.ROW_MAJOR, enable_kernel_stride_folding=True,
    ),
}  # fmt: skip


def output_size(transpose: Transpose) -> tuple[int, int]:
    """(OH, OW): (I − 1)·s − 2p + d·(k − 1) + output_padding + 1 per axis."""
    sizes = []
    for axis, size in enumerate((transpose.height, transpose.width)):
        stride, padding = transpose.stride[axis], transpose.padding[axis]
        reach = transpose.dilation[axis] * (transpose.kernel[axis] - 1)
        sizes.append((size - 1) * stride - 2 * padding + reach + transpose.output_padding[axis] + 1)
    return sizes[0], sizes[1]


def scattered(transpose: Transpose, x: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """The transposed conv by its definition (groups 1): out[n, ih·s − p + kh·d,
    iw·s − p + kw·d, o] += x[n, ih, iw, c]·W[c, o, kh, kw], as [1, 1, N·OH·OW, Cout]."""
    out_h, out_w = output_size(transpose)
    (s_h, s_w), (p_h, p_w) = transpose.stride, transpose.padding
    d_h, d_w = transpose.dilation
    out = np.zeros((transpose.batch, out_h, out_w, transpose.out_channels))
    for ih in range(transpose.height):
        for iw in range(transpose.width):
            for kh in range(transpose.kernel[0]):
                for kw in range(transpose.kernel[1]):
                    oh, ow = ih * s_h - p_h + kh * d_h, iw * s_w - p_w + kw * d_w
                    if 0 <= oh < out_h and 0 <= ow < out_w:
                        out[:, oh, ow] += x[:, ih, iw].astype(np.float64) @ weight[:, :, kh, kw]
    return out.reshape(1, 1, -1, transpose.out_channels)


def integers(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """Integers in [-4, 4] / 2 as float32: exact in bfloat16, exact sums in float32."""
    return (np.random.default_rng(seed).integers(-4, 5, shape) / 2).astype(np.float32)


def transpose_module(transpose: Transpose, prepared: bool = False) -> ModuleOp:
    """@main(activation, IOHW weight[, bias]) -> one ttnn.conv_transpose2d, float32 throughout
    (float32 accumulation: the integer sums are exact). `prepared`: the weight and bias are
    prepared in the function first (`prepare_conv_transpose2d_weights` / `_bias`), and the
    conv consumes them as given."""
    activation = tensor_type(
        (transpose.batch, transpose.height, transpose.width, transpose.in_channels),
        DataType.FLOAT32,
        transpose.input_layout,
        memory_config=transpose.memory_config,
    )
    weight = tensor_type(
        (transpose.in_channels, transpose.out_channels, *transpose.kernel), DataType.FLOAT32, None
    )
    bias = tensor_type((1, 1, 1, transpose.out_channels), DataType.FLOAT32, None)
    keywords = dict(
        in_channels=transpose.in_channels,
        out_channels=transpose.out_channels,
        batch_size=transpose.batch,
        input_height=transpose.height,
        input_width=transpose.width,
        kernel_size=list(transpose.kernel),
        stride=list(transpose.stride),
        padding=list(transpose.padding),
        output_padding=list(transpose.output_padding),
        dilation=list(transpose.dilation),
        groups=1,
        conv_config=Conv2dConfigAttr(
            weights_dtype=transpose.weights_dtype,
            shard_layout=transpose.shard_layout,
            reshard_if_not_optimal=transpose.reshard_if_not_optimal or None,
            enable_activation_reuse=transpose.enable_activation_reuse or None,
            enable_kernel_stride_folding=transpose.enable_kernel_stride_folding or None,
        ),
        compute_config=DeviceComputeKernelConfigAttr(fp32_dest_acc_en=True),
        dtype=DataType.FLOAT32,
    )
    if transpose.dram_slices is not None:
        keywords["dram_slice_config"] = Conv2dSliceConfigAttr(
            Conv2dSliceType.DRAM_HEIGHT, transpose.dram_slices
        )

    preparation = {name: value for name, value in keywords.items() if name != "dtype"}
    preparation |= dict(
        input_memory_config=transpose.memory_config,
        input_layout=transpose.input_layout,
        input_dtype=DataType.FLOAT32,
        output_dtype=DataType.FLOAT32,
    )

    def body(x: SSAValue, w: SSAValue, *b: SSAValue) -> SSAValue:
        if prepared:
            w = PrepareConvTranspose2dWeightsOp(
                w, weights_format="IOHW", has_bias=transpose.bias, **preparation
            ).result
            bias_preparation = {
                name: value
                for name, value in preparation.items()
                if name not in ("output_padding", "mirror_kernel")
            }
            b = tuple(PrepareConvTranspose2dBiasOp(value, **bias_preparation).result for value in b)
        return ConvTranspose2dOp(x, w, b[0] if b else None, **keywords).result

    types = [activation, weight] + ([bias] if transpose.bias else [])
    module = build_module(build_function("main", types, body))
    module.verify()
    return module


@pytest.mark.parametrize("name", TRANSPOSES)
def test_conv_transpose2d_runs_and_equals_the_scattered_transpose(name: str) -> None:
    transpose = TRANSPOSES[name]
    x = integers((transpose.batch, transpose.height, transpose.width, transpose.in_channels), 1)
    w = integers((transpose.in_channels, transpose.out_channels, *transpose.kernel), 2)
    b = integers((1, 1, 1, transpose.out_channels), 3)
    inputs = [x, w] + ([b] if transpose.bias else [])
    (output,) = Program.load(transpose_module(transpose)).run(inputs)
    expected = scattered(transpose, x, w) + (b.reshape(-1) if transpose.bias else 0)
    got = output.to_numpy()
    out_h, out_w = output_size(transpose)
    assert got.shape == (1, 1, transpose.batch * out_h * out_w, transpose.out_channels)
    np.testing.assert_array_equal(got, expected.astype(np.float32))
    assert np.count_nonzero(expected) > expected.size // 2  # real values, not zeros


@pytest.mark.parametrize(
    # A weight prepared by prepare_conv_transpose2d_weights, as tt-mlir passes it, where the
    # conv's own path would prepare its own (a DRAM input run whole, a strided 1×1 kernel run
    # as a conv): the same bytes, read the same way.
    "name",
    ["block_stride2_bias", "dram_stride2_bias", "height_1x1_stride2_bias"],
)
def test_a_prepared_weight_and_bias_compute_what_the_host_ones_do(name: str) -> None:
    transpose = TRANSPOSES[name]
    x = integers((transpose.batch, transpose.height, transpose.width, transpose.in_channels), 4)
    w = integers((transpose.in_channels, transpose.out_channels, *transpose.kernel), 5)
    b = integers((1, 1, 1, transpose.out_channels), 6)
    (host,) = Program.load(transpose_module(transpose)).run([x, w, b])
    (given,) = Program.load(transpose_module(transpose, prepared=True)).run([x, w, b])
    assert given.to_numpy().tobytes() == host.to_numpy().tobytes()
    expected = scattered(transpose, x, w) + b.reshape(-1)
    np.testing.assert_array_equal(host.to_numpy(), expected.astype(np.float32))


def test_decompose_stuffs_the_input_prepares_the_operands_and_consumes_once() -> None:
    transpose = TRANSPOSES["height_stride2_output_padding_bias_tile"]
    module = transpose_module(transpose)
    TTNNDecompose().apply(None, module)  # type: ignore[arg-type]
    ops = [op for op in module.walk() if op.name.startswith("ttnn.")]
    assert not any(isinstance(op, ConvTranspose2dOp) for op in ops)
    (stuff,) = [op for op in ops if isinstance(op, ZeroStuffOp)]
    # 6×5 stuffed to 11×9, padded by k − 1 − p = 1 before and 1 + output_padding after.
    assert tensor_info(stuff.result.type).shape == (1, 14, 12, 16)
    assert (stuff.pair("stride"), stuff.pair("offset")) == ((2, 2), (1, 1))
    (consume,) = [op for op in ops if isinstance(op, ConvConsumeOp)]
    assert consume.activation is stuff.result
    assert consume.pair("stride") == (1, 1) and consume.pair("padding") == (0, 0, 0, 0)
    # The prepare ops' own decompositions have run: only layout ops remain.
    assert not any(
        isinstance(op, (PrepareConvTranspose2dWeightsOp, PrepareConvTranspose2dBiasOp))
        for op in ops
    )
    assert consume.bias is not None


def test_a_transpose_asked_to_fold_is_prepared_unfolded() -> None:
    """conv_transpose2d prepares its weight with `enable_kernel_stride_folding = false`
    (conv_transpose2d.cpp): the decomposition's prepare ops say so, where the conv's config
    asks to fold (folded, this 1×1 equivalent conv would be a matmul)."""
    module = transpose_module(TRANSPOSES["dram_1x1_width_folding_asked"])
    (op,) = [op for op in module.walk() if isinstance(op, ConvTranspose2dOp)]
    assert op.conv_parameters().conv_config.enable_kernel_stride_folding
    device = module_device(op)
    chain, _, _ = transpose_prepared_operands(op, op.decision(device), device)
    prepared = [
        op
        for op in chain
        if isinstance(op, (PrepareConvTranspose2dWeightsOp, PrepareConvTranspose2dBiasOp))
    ]
    assert len(prepared) == 2
    for preparation in prepared:
        assert preparation.conv_parameters().conv_config.enable_kernel_stride_folding is False
    assert not op.decision().plan.form.mm_conv


def test_a_bfloat8_b_bias_from_dram_is_rounded_once() -> None:
    """`prepare_conv_transpose2d_bias` refuses a bfloat8_b bias from DRAM (conv2d's DRAM path
    plans with a row-major bfloat8_b placeholder); conv_transpose2d prepares it with its
    weight and converts its host values to bfloat8_b once (its bytes, captured:
    data/ttnn_reference/conv_transpose2d_op/bytes/, test_conv_transpose2d_op_bytes.py): the
    decomposition lays it out and typecasts it once, from float32, as its weight — not through
    bfloat16, which would round it twice."""
    module = transpose_module(TRANSPOSES["dram_bfloat8_b_bias"])
    TTNNDecompose().apply(None, module)  # type: ignore[arg-type]
    casts = [
        (tensor_info(op.operands[0].type).dtype, tensor_info(op.result.type).dtype)
        for op in module.walk()
        if isinstance(op, TypecastOp)
    ]
    # The weight, then the bias: float32 → bfloat8_b each.
    assert casts == [
        (DataType.FLOAT32, DataType.BFLOAT8_B),
        (DataType.FLOAT32, DataType.BFLOAT8_B),
    ]


@pytest.mark.parametrize(
    ("name", "buffer", "memory_layout"),
    [
        ("dram_one_slice", BufferType.L1, TensorMemoryLayout.HEIGHT_SHARDED),
        ("dram_1x1_stride2", BufferType.DRAM, TensorMemoryLayout.INTERLEAVED),
        ("dram_stride2_bias", BufferType.DRAM, TensorMemoryLayout.INTERLEAVED),
    ],
)
def test_where_the_output_of_a_dram_input_lives(
    name: str, buffer: BufferType, memory_layout: TensorMemoryLayout
) -> None:
    """TT-NN's conv_transpose2d writes its DRAM path's slices to a DRAM tensor, and returns
    its L1 path's output sharded (a slice config of one slice takes the L1 path)."""
    module = transpose_module(TRANSPOSES[name])
    (op,) = [op for op in module.walk() if isinstance(op, ConvTranspose2dOp)]
    memory_config = tensor_info(op.result.type).memory_config
    assert memory_config is not None
    placed = (memory_config.buffer_type.data, memory_config.memory_layout.data)
    assert placed == (buffer, memory_layout)


def test_a_dram_input_that_fits_in_one_slice_is_prepared_on_the_whole_input() -> None:
    """Without a slice config TT-NN's conv_transpose2d takes its DRAM path for a DRAM input;
    when its slice search finds one slice, `run_sliced_op` runs the L1 path on the whole DRAM
    input (auto-sharded), where `prepare_conv_transpose2d_weights` prepares for the first
    slice's sharded input. The output is written to DRAM."""
    module = transpose_module(TRANSPOSES["dram_stride2_bias"])
    (op,) = [op for op in module.walk() if isinstance(op, ConvTranspose2dOp)]
    params = op.conv_parameters()
    assert runs_whole_from_dram(params)
    prepared = resolve_conv_transpose2d_weights(params)
    assert prepared.dram is not None and prepared.dram.slicing.num_slices == 1
    assert prepared.equivalent.input_memory_config.is_sharded
    decision = op.decision()
    assert decision.plan.params.input_memory_config.is_dram
    assert decision.output.buffer_type == BufferType.DRAM


def test_a_strided_1x1_transpose_runs_as_a_conv_not_a_matmul() -> None:
    """TT-NN's conv_transpose2d decides a 1×1 kernel's matmul by the transpose's own stride
    and padding: stride 2 runs a conv (the equivalent conv2d, stride 1 and unpadded, is no
    matmul), where `prepare_conv_transpose2d_weights` prepares a matmul's weight."""
    module = transpose_module(TRANSPOSES["height_1x1_stride2_bias"])
    (op,) = [op for op in module.walk() if isinstance(op, ConvTranspose2dOp)]
    assert not op.decision().plan.form.mm_conv
    assert resolve_conv_transpose2d_weights(op.conv_parameters()).conv.form.mm_conv


def test_a_transpose_whose_prepare_op_refuses_its_own_path_runs_from_its_layout_ops() -> None:
    """TT-NN runs s6201 s0042 (a grouped 1×1 transpose from DRAM in two width slices, with
    activation reuse) where `prepare_conv_transpose2d_weights` with its own path's properties
    refuses the activation reuse of a slice's plan: the decomposition lays the weight out by
    the own path's layout ops, and the conv equals the reference (found by
    tests/conv2d_op_scale.py; before, the decomposition raised the prepare op's refusal)."""
    case = committed_case("ttnn_conv_transpose_slices_blackhole_P150_s6201/s0042")
    assert case.answer["conv_config"]["enable_activation_reuse"] is True
    outcome = run_case(case)
    assert outcome.status == "agrees", outcome.message

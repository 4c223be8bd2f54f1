"""`ttnn.conv2d_consume` built from a prepare op's plan, lowered by convert-ttnn-to-tiles and run
by the interpreter (strict: every marked loop nest in bulk, tests/conftest.py), held against
the kernels' NumPy model (`conv_consumption.consume_prepared_weight`, float64) and the plain
reference conv on the ORIGINAL weight (`conv_reference`), for every layout path the lowering
covers (HEIGHT, BLOCK, WIDTH, matmul, folding; non-square kernels, stride, dilation,
padding, batch > 1)."""

from __future__ import annotations

import numpy as np
import pytest
from test_conv_consumption import BRANCHES, Case
from xdsl.builder import ImplicitBuilder
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    FunctionType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    bf16,
    f16,
    f32,
    i64,
)
from xdsl.ir import Attribute, BlockArgument, SSAValue
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv import resolve_conv_weights
from ttnn_xdsl.conv.conv_consumption import (
    ConsumptionPath,
    consume_prepared_weight,
    consumption_plan,
)
from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.dialect.conv2d_ops import ConvConsumeOp, conv2d_consume_from_plan
from ttnn_xdsl.dialect.tensor_types import tensor_type
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime import DeviceTensor
from ttnn_xdsl.tensor_formats import formats

# The 1D depthwise path: tests/test_depthwise_conv1d_lowering.py.
LOWERED = [name for name, (_, path) in BRANCHES.items() if path is not ConsumptionPath.DEPTHWISE_1D]
F32_EPSILON = 2.0**-24
BF16_EPSILON = 2.0**-8


def tensor_type_of(prepared: DeviceTensor) -> object:
    return tensor_type(
        prepared.logical_shape, prepared.dtype, Layout.TILE, physical=prepared.physical_shape
    )


def consume_module(
    case: Case,
    prepared: DeviceTensor,
    prepared_bias: DeviceTensor | None,
    output_dtype: DataType,
    fp32_dest_acc_en: bool,
    math_fidelity: str = "HiFi4",
) -> tuple[ModuleOp, ConvConsumeOp]:
    """@main(activation, weight[, bias]) returning the conv2d_consume of the case's plan."""
    params = case.parameters()
    plan = resolve_conv_weights(params)
    activation = tensor_type(
        (case.batch, case.height, case.width, case.in_channels), DataType.FLOAT32, None
    )
    types = [activation, tensor_type_of(prepared)]
    if prepared_bias is not None:
        types.append(tensor_type_of(prepared_bias))
    function = func.FuncOp("main", (types, []))
    with ImplicitBuilder(function.body) as arguments:
        op = conv2d_consume_from_plan(
            arguments[0],
            arguments[1],
            arguments[2] if prepared_bias is not None else None,
            plan,
            params,
            output_dtype=output_dtype,
            fp32_dest_acc_en=fp32_dest_acc_en,
            math_fidelity=math_fidelity,
        )
        func.ReturnOp(op.result)
    function.function_type = FunctionType.from_lists(types, [op.result.type])
    module = ModuleOp([function])
    module.verify()
    return module, op


def matrix(tensor: DeviceTensor) -> np.ndarray:
    """The physical matrix of a TILE tensor, float64 (bfloat8_b decodes exactly)."""
    values = formats.convert_tiles(tensor.data, tensor.dtype, DataType.FLOAT32)
    return formats.untilize(values).reshape(tensor.physical_shape[-2:]).astype(np.float64)


def run_case(
    name: str, output_dtype: DataType = DataType.FLOAT32, fp32_dest_acc_en: bool = True
) -> dict[str, object]:
    case, _ = BRANCHES[name]
    weight = case.weight()
    bias = case.bias_values() if case.bias else None
    prepared, prepared_bias = case.prepare(weight, bias)
    module, op = consume_module(case, prepared, prepared_bias, output_dtype, fp32_dest_acc_en)
    k_blocks = op.integer("k_blocks")
    activation = case.activation().astype(np.float32)
    inputs = [activation, prepared] + ([prepared_bias] if prepared_bias is not None else [])
    program = Program.load(module)
    (output,) = program.run(inputs)
    plan = resolve_conv_weights(case.parameters())
    bias_matrix = None if prepared_bias is None else matrix(prepared_bias)
    model = consume_prepared_weight(plan, matrix(prepared), activation, bias_matrix)
    # Σ|a|·|w| per output element, the scale of every rounding's error.
    magnitude = consume_prepared_weight(
        plan,
        np.abs(matrix(prepared)),
        np.abs(activation),
        None if bias_matrix is None else np.abs(bias_matrix),
    )
    return dict(
        case=case,
        weight=weight,
        bias=bias,
        activation=activation,
        got=output.to_numpy().astype(np.float64),
        model=model,
        magnitude=magnitude,
        k_blocks=k_blocks,
        weight_rows=matrix(prepared).shape[0],
        module=program,
    )


def float32_roundings(result: dict[str, object]) -> int:
    """How many f32 roundings of Σ|a·w| bound an output element's error with an f32 output
    and fp32 DEST: the products and sums of a K block in float32 (at most one per inner
    term: the prepared weight's rows bound a block's terms), one per K block into DEST, the
    bias and the output."""
    weight_rows = int(np.asarray(result["weight_rows"]))
    return weight_rows + int(np.asarray(result["k_blocks"])) + 2


@pytest.mark.parametrize("name", LOWERED)
def test_lowered_conv_equals_the_kernels_model(name: str) -> None:
    """f32 output and fp32 DEST: the only roundings are f32 ones: the products and sums
    within a K block, one per K block and the bias (≤ ½ ulp of the running sum each)."""
    result = run_case(name)
    got, model = result["got"], result["model"]
    assert got.shape == model.shape  # type: ignore[union-attr]
    bound = result["magnitude"] * float32_roundings(result) * F32_EPSILON  # type: ignore[operator]
    error = np.abs(got - model)  # type: ignore[operator]
    assert (error <= bound + 1e-30).all(), (error.max(), bound.max())


@pytest.mark.parametrize("name", LOWERED)
def test_lowered_conv_equals_the_reference_on_the_original_weight(name: str) -> None:
    """Against float64 on the original weight: the weight's own rounding to its prepared
    dtype (bf16: half an ulp, ≤ 2^-8 relative; bfloat8_b: one step of its shared exponent,
    ≤ 2^-6 of the largest |w| of its 16-value group, bounded here by the output channel's
    largest |w|) plus the f32 roundings."""
    result = run_case(name)
    case: Case = result["case"]  # type: ignore[assignment]
    weight: np.ndarray = result["weight"]  # type: ignore[assignment]
    activation: np.ndarray = result["activation"]  # type: ignore[assignment]
    reference = reference_conv2d(
        activation,
        weight,
        stride=case.stride,
        padding=case.padding,
        dilation=case.dilation,
        groups=case.groups,
        bias=result["bias"],
    )
    largest = np.abs(weight).max(axis=(1, 2, 3), keepdims=True) * np.ones_like(weight)
    scale_weight = {
        DataType.FLOAT32: np.abs(weight) * F32_EPSILON,
        DataType.BFLOAT16: np.abs(weight) * 2.0**-8,
        DataType.BFLOAT8_B: largest * 2.0**-6,
    }[case.weights_dtype]
    weight_error = reference_conv2d(
        np.abs(activation),
        scale_weight,
        stride=case.stride,
        padding=case.padding,
        dilation=case.dilation,
        groups=case.groups,
    )
    bound = weight_error + result["magnitude"] * float32_roundings(result) * F32_EPSILON  # type: ignore[operator]
    error = np.abs(result["got"] - reference)  # type: ignore[operator]
    assert (error <= bound * (1 + 1e-6) + 1e-12).all(), (error.max(), bound.max())
    assert error.max() > 0 or case.weights_dtype == DataType.FLOAT32


def test_bf16_output_rounds_the_activation_and_the_output() -> None:
    """bf16 output without fp32 DEST: the act tilize rounds the input to bf16, DEST and the
    output hold bf16 — every value is a bf16 and within a few bf16 half-ulps of the model."""
    result = run_case("1x1 matmul, interleaved", DataType.BFLOAT16, fp32_dest_acc_en=False)
    got, model = result["got"], result["model"]
    assert np.array_equal(formats.round_to_bfloat16(got).astype(np.float64), got)
    bound = result["magnitude"] * 3 * BF16_EPSILON  # type: ignore[operator]
    error = np.abs(got - model)  # type: ignore[operator]
    assert (error <= bound).all()
    assert error.max() > 0  # bf16 rounding shows


def lowered(name: str) -> ModuleOp:
    case, _ = BRANCHES[name]
    prepared, prepared_bias = case.prepare(case.weight(), case.bias_values() if case.bias else None)
    module, _ = consume_module(case, prepared, prepared_bias, DataType.FLOAT32, True)
    return Program.load(module, passes="convert-ttnn-to-tiles").module


def loop_of(value: object) -> scf.ForOp:
    """The scf.for whose induction variable `value` is."""
    assert isinstance(value, BlockArgument)
    loop = value.block.parent_op()
    assert isinstance(loop, scf.ForOp)
    return loop


def trip_count(loop: scf.ForOp) -> int:
    bounds = []
    for bound in (loop.lb, loop.ub, loop.step):
        owner = bound.owner
        assert isinstance(owner, arith.ConstantOp)
        bounds.append(owner.value.value.data)  # type: ignore[attr-defined]
    lower, upper, step = bounds
    return -(-(upper - lower) // step)


def column_offset(offset: SSAValue) -> tuple[int, int]:
    """A dynamic column offset of a weight window, core · tiles per core over a loop of
    `cores` trips, as (tiles per core, cores)."""
    if isinstance(offset, BlockArgument):  # one tile per core: the core itself
        return 1, trip_count(loop_of(offset))
    product = offset.owner
    assert isinstance(product, arith.MuliOp)
    factor = product.rhs.owner
    assert isinstance(factor, arith.ConstantOp)
    return factor.value.value.data, trip_count(loop_of(product.lhs))  # type: ignore[attr-defined]


def weight_windows(module: ModuleOp) -> list[tuple[int, ...]]:
    """The [0, 0, tile row, tile column] offsets of the weight window each tile.matmul reads,
    in program order; a column offset that a loop over the output-channel cores gives is
    expanded into one window per core."""
    windows = []
    for op in module.walk():
        if isinstance(op, tile.MatmulOp):
            view = op.b.owner
            assert isinstance(view, memref.SubviewOp)
            offsets = tuple(view.static_offsets.get_values())
            if offsets[3] != DYNAMIC_INDEX:
                windows.append(offsets)
                continue
            (dynamic,) = view.offsets
            per_core, cores = column_offset(dynamic)
            windows.extend((*offsets[:3], core * per_core) for core in range(cores))
    return windows


def matmul_loops(module: ModuleOp) -> list[list[int]]:
    """The trip counts of the loops around each tile.matmul, outermost first."""
    nests = []
    for op in module.walk():
        if isinstance(op, tile.MatmulOp):
            trips = []
            parent = op.parent_op()
            while isinstance(parent, scf.ForOp):
                trips.insert(0, trip_count(parent))
                parent = parent.parent_op()
            nests.append(trips)
    return nests


def test_height_reads_kernel_row_r_from_weight_tile_row_r() -> None:
    """HEIGHT, 3×3 over 8 padded channels: K block r = kernel row r, round_up(3·8, 32) = 32
    lanes = one weight tile row r; three tile.matmul in the order r = 0, 1, 2, one bias add."""
    module = lowered("height 3x3 padded, channel padding, batch 2, bias")
    assert weight_windows(module) == [(0, 0, 0, 0), (0, 0, 1, 0), (0, 0, 2, 0)]
    assert sum(isinstance(op, tile.AddRowOp) for op in module.walk()) == 1


def test_block_reads_kernel_row_outer_input_slice_inner() -> None:
    """BLOCK 3×3, 64 channels over n_c_in input slices: K block r·n_c_in + ic reads tile rows
    ic·(KH·BW/32) + r·BW/32 … (semantics.md §9.2), for each output-channel core's columns
    (a loop over the cores)."""
    case, _ = BRANCHES["block 3x3"]
    blocking = consumption_plan(resolve_conv_weights(case.parameters()))
    slices, cores = blocking.input_cores, blocking.output_cores
    block_tiles = blocking.act_block_w // 32
    per_core = blocking.out_width_ntiles
    assert (slices, cores) != (1, 1)  # the orders of slices and cores show
    expected = [
        (0, 0, ic * 3 * block_tiles + r * block_tiles, core * per_core)
        for r in range(3)
        for ic in range(slices)
        for core in range(cores)
    ]
    assert weight_windows(lowered("block 3x3")) == expected


def test_cores_and_activation_blocks_are_loops() -> None:
    """HEIGHT, 256 output pixels over 4 cores of 64 rows, act blocks of 2 tiles: each
    tile.matmul sits in a loop over the 4 cores (one act block each); BLOCK 3×3: a loop over
    the 2 cores along N·H·W and one over the output-channel cores, each matmul reading one
    activation block (one tile row) of a core."""
    reuse = consumption_plan(
        resolve_conv_weights(BRANCHES["height activation reuse"][0].parameters())
    )
    assert (reuse.nhw_cores, reuse.act_block_h_ntiles, reuse.window.pixels) == (4, 2, 256)
    assert matmul_loops(lowered("height activation reuse")) == [[4]]
    block = consumption_plan(resolve_conv_weights(BRANCHES["block 3x3"][0].parameters()))
    module = lowered("block 3x3")
    nests = matmul_loops(module)
    assert len(nests) == 3 * block.input_cores
    assert {tuple(nest) for nest in nests} == {(2, block.output_cores)}
    for op in module.walk():
        if isinstance(op, tile.MatmulOp):
            # The activation a row-major f32 block here (f32 in, f32 out: its tilize changes
            # no value): one tile row is 32 of its rows.
            assert tile.row_major_matrix_dtype(op.a) is DataType.FLOAT32
            assert memref_shape(op.a)[0] == 32 and memref_shape(op.accumulator)[0] == 1


@pytest.mark.parametrize(
    ("cores", "rows_per_core", "block_tiles", "loops"),
    [(2, 128, 2, [2, 2]), (1, 256, 1, [8]), (3, 96, 2, [3])],
)
def test_the_split_into_cores_and_activation_blocks_changes_no_value(
    cores: int, rows_per_core: int, block_tiles: int, loops: list[int]
) -> None:
    """Output pixels are independent: the same conv with N·OH·OW split into other cores and
    activation blocks (2 cores × 2 blocks of 2 tiles; 1 core × 8 blocks of 1 tile; 3 cores of
    3 tiles, which 2-tile blocks do not divide: one block per core) loops over them and gives
    the same bytes."""
    case, _ = BRANCHES["height activation reuse"]
    prepared, prepared_bias = case.prepare(case.weight(), None)
    activation = case.activation().astype(np.float32)
    module, op = consume_module(case, prepared, prepared_bias, DataType.FLOAT32, True)
    (expected,) = Program.load(module).run([activation, prepared])
    module, op = consume_module(case, prepared, prepared_bias, DataType.FLOAT32, True)
    op.properties["nhw_cores"] = IntegerAttr(cores, i64)
    op.properties["nhw_rows_per_core"] = IntegerAttr(rows_per_core, i64)
    op.properties["act_block_h_ntiles"] = IntegerAttr(block_tiles, i64)
    program = Program.load(module)
    assert matmul_loops(program.module) == [loops]
    (got,) = program.run([activation, prepared])
    assert got.data.tobytes() == expected.data.tobytes()


@pytest.mark.parametrize("name", ["block 3x3", "bfloat8_b, height", "width 3x3"])
def test_the_matmul_nests_give_the_same_bytes_op_by_op(name: str) -> None:
    """The bulk interpreter's batched tile.matmul over the cores, blocks and output-channel
    cores (an operand the loops do not vary converted once, chunks of the outer loop) against
    the same IR run op by op, one tile.matmul per iteration."""
    case, _ = BRANCHES[name]
    prepared, prepared_bias = case.prepare(case.weight(), case.bias_values() if case.bias else None)
    module, _ = consume_module(case, prepared, prepared_bias, DataType.BFLOAT16, False)
    assert any(nest for nest in matmul_loops(Program.load(module).module))
    inputs = [case.activation().astype(np.float32), prepared]
    inputs += [prepared_bias] if prepared_bias is not None else []
    program = Program.load(module)
    (bulk,) = program.run(inputs)
    (op_by_op,) = program.run(inputs, bulk=False)
    assert bulk.data.tobytes() == op_by_op.data.tobytes()


def memref_shape(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, MemRefType)
    return tuple(value.type.get_shape())


def test_every_outermost_loop_is_a_bulk_nest() -> None:
    """The lowering marks every loop nest it emits (the strict runs above show the interpreter
    ran each in bulk: a marked nest falling back is an error there)."""
    case, _ = BRANCHES["block 3x3"]
    prepared, prepared_bias = case.prepare(case.weight(), case.bias_values())
    module, _ = consume_module(case, prepared, prepared_bias, DataType.FLOAT32, True)
    lowered = Program.load(module).module
    outermost = [
        loop
        for loop in lowered.walk()
        if isinstance(loop, scf.ForOp) and not isinstance(loop.parent_op(), scf.ForOp)
    ]
    assert outermost and all(tile.is_bulk_nest(loop) for loop in outermost)


def test_matmul_verifier_states_the_tile_grids() -> None:
    def buffer(rows: int, cols: int, dtype: DataType) -> object:
        return memref.AllocOp.get(tile.tile_type(dtype), shape=[rows, cols])

    a, b, c = (
        buffer(2, 3, DataType.BFLOAT16),
        buffer(2, 4, DataType.BFLOAT16),
        buffer(2, 4, DataType.FLOAT32),
    )
    with pytest.raises(
        VerifyException, match=r"expected tile grids MxK, KxN, MxN, got 2x3, 2x4, 2x4"
    ):
        tile.MatmulOp(a.memref, b.memref, c.memref).verify()  # type: ignore[attr-defined]
    packed = buffer(2, 4, DataType.BFLOAT8_B)
    with pytest.raises(VerifyException, match="expected an f32 or bf16 accumulator, got bfp8_b"):
        tile.MatmulOp(b.memref, buffer(4, 4, DataType.BFLOAT16).memref, packed.memref).verify()  # type: ignore[attr-defined]


def test_bfloat8_b_output_tilizes_the_activation_with_shared_exponents_per_16_k_lanes() -> None:
    """bfloat8_b output, f32 DEST, the matmul path (one K block): the act tilize packs each
    pixel's 16 consecutive K lanes (a face row) under one exponent, the block's product is
    rounded to f32 once and packed to bfloat8_b: got = Q(f32(Q(A) · M)) exactly, with Q the
    bfloat8_b round trip of whole tiles and A the [N·H·W, K] input, K zero-padded to M's
    rows."""
    case, _ = BRANCHES["1x1 matmul, interleaved"]
    prepared, _ = case.prepare(case.weight())
    module, _ = consume_module(case, prepared, None, DataType.BFLOAT8_B, True)
    activation = case.activation().astype(np.float32)
    (output,) = Program.load(module).run([activation, prepared])
    weight = matrix(prepared)
    pixels = activation.reshape(-1, case.in_channels)
    rows = -(-pixels.shape[0] // 32) * 32
    padded = np.zeros((rows, weight.shape[0]), np.float32)
    padded[: pixels.shape[0], : case.in_channels] = pixels
    rounded = formats.untilize(formats.quantize_bfloat8_b(formats.tilize(padded)))
    product = (rounded.astype(np.float64) @ weight).astype(np.float32)
    expected = formats.untilize(formats.quantize_bfloat8_b(formats.tilize(product)))
    got = output.to_numpy().reshape(-1, case.out_channels)
    assert np.array_equal(got, expected[: pixels.shape[0], : case.out_channels])
    # The activation's rounding shows: without it the product differs.
    unrounded = (padded.astype(np.float64) @ weight).astype(np.float32)
    assert not np.array_equal(unrounded, product)


def truncated(values: np.ndarray, mantissa_bits: int) -> np.ndarray:
    """`values` with only the implicit 1 and the top `mantissa_bits` mantissa bits (toward
    zero): what one FPU fidelity phase's high part multiplies."""
    fraction, exponent = np.frexp(values.astype(np.float64))
    scale = 2.0 ** (mantissa_bits + 1)
    return np.trunc(fraction * scale) / scale * 2.0**exponent


@pytest.mark.parametrize("fidelity", ["LoFi", "HiFi2"])
def test_math_fidelity_reaches_the_lowered_matmul(fidelity: str) -> None:
    """LoFi multiplies the weight (SrcA) with 1 + 4 mantissa bits and the activation (SrcB)
    with 1 + 6; HiFi2 the whole bf16 weight and the activation's 1 + 6 bits (ISA documentation,
    semantics.md §9.7): the lowered matmul path equals that product within its f32 roundings,
    and differs from HiFi4."""
    case, _ = BRANCHES["1x1 matmul, interleaved"]
    prepared, _ = case.prepare(case.weight())
    activation = case.activation().astype(np.float32)
    outputs = {}
    for name in (fidelity, "HiFi4"):
        module, _ = consume_module(case, prepared, None, DataType.FLOAT32, True, name)
        (output,) = Program.load(module).run([activation, prepared])
        outputs[name] = output.to_numpy().reshape(-1, case.out_channels).astype(np.float64)
    weight = matrix(prepared)[: case.in_channels, : case.out_channels]
    pixels = activation.reshape(-1, case.in_channels)
    weight_bits = 4 if fidelity == "LoFi" else 7
    expected = truncated(pixels, 6) @ truncated(weight, weight_bits)
    magnitude = np.abs(pixels).astype(np.float64) @ np.abs(weight)
    # float32 sums: a rounding per inner term, per fidelity phase, the bias and the output.
    roundings = case.in_channels + 2 + 2
    assert (np.abs(outputs[fidelity] - expected) <= magnitude * roundings * F32_EPSILON).all()
    assert np.abs(outputs[fidelity] - outputs["HiFi4"]).max() > 1e-3


def test_matmul_verifier_states_the_row_major_left_operand_rules() -> None:
    """`tile.matmul`'s left operand may be a row-major f32 / bf16 matrix of whole tiles: its
    dims count 32 rows / columns a tile; any other memref is refused with what it got."""

    def tiles(rows: int, cols: int, dtype: DataType = DataType.BFLOAT16) -> SSAValue:
        return memref.AllocOp.get(tile.tile_type(dtype), shape=[rows, cols]).memref

    def values(shape: list[int], element: Attribute) -> SSAValue:
        return memref.AllocOp.get(element, shape=shape).memref

    weight, accumulator = tiles(3, 2), tiles(2, 2, DataType.FLOAT32)
    tile.MatmulOp(values([64, 96], bf16), weight, accumulator).verify()
    tile.MatmulOp(values([64, 96], f32), weight, accumulator).verify()
    with pytest.raises(
        VerifyException, match=r"expected tile grids MxK, KxN, MxN, got 2x2, 3x2, 2x2"
    ):
        tile.MatmulOp(values([64, 64], bf16), weight, accumulator).verify()
    with pytest.raises(
        VerifyException,
        match=r"expected the left operand's dims to be multiples of 32 \(whole tiles\), got 64x90",
    ):
        tile.MatmulOp(values([64, 90], bf16), weight, accumulator).verify()
    with pytest.raises(
        VerifyException,
        match=r"expected the left operand to be a rank-2 memref of tiles or of f32 or bf16 "
        r"values, got memref<64x96xf16>",
    ):
        tile.MatmulOp(values([64, 96], f16), weight, accumulator).verify()
    with pytest.raises(VerifyException, match="rank-2 memref of tiles or of f32 or bf16 values"):
        tile.MatmulOp(values([2, 32, 96], bf16), weight, accumulator).verify()

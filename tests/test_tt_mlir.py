"""tt-mlir interop: reading tt-mlir's TTNN IR, `import-tt-mlir`, `export-tt-mlir`, the round
trips, the tt-mlir-only fields the resolution honours, and the corpus in
`tests/filecheck/tt-mlir/` prepared byte for byte.

Expected numbers are written here with their derivation (docs/semantics.md §3.3, §3.3a,
TT-NN's execution path for slice configs); expected bytes are composed from the index maps
of `test_conv_layouts` and the reference formats, never asked of the code under test.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import cast

import numpy as np
import pytest
from reference_formats import device_bytes, host_values
from test_conv_layouts import (
    bias_matrix,
    block_sharded,
    grouped,
    interleaved_mm,
    iohw_to_oihw,
    mirror,
    pad_channels,
    random_weight,
    special_padding,
)
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType, UnregisteredAttr, UnregisteredOp
from xdsl.ir import Attribute, Operation
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv_parameters import (
    Conv2dConfig,
    Conv2dParameters,
    Conv2dSliceConfig,
    InputMemoryConfig,
)
from ttnn_xdsl.conv.conv_resolution import resolve_conv_weights
from ttnn_xdsl.conv.conv_sharding import resolve_shard_layout
from ttnn_xdsl.conv.conv_weight_layout import WeightLayoutKind
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError, RunError, TTNNError, TTNNWarning
from ttnn_xdsl.dialect.attributes import (
    Conv2dConfigAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
)
from ttnn_xdsl.dialect.context import make_context
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp, PrepareConvTranspose2dWeightsOp
from ttnn_xdsl.dialect.tt_mlir import (
    TT_MLIR_PREPARE_OPS,
    GetDeviceOp,
    PrepareConv2dWeightsOp,
    ReshapeOp,
    TTMLIRPrepareConvTranspose2dWeightsOp,
    TTMLIRTypecastOp,
    TTNNLayoutAttr,
    collapsed_map,
)
from ttnn_xdsl.dialect.tt_mlir_attributes import CoreRangeSetAttr, MeshShapeAttr
from ttnn_xdsl.dialect.ttcore import LoadCachedOp, SupportedDataTypesAttr, TTCoreDataType
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.passes.export_tt_mlir import export_tt_mlir
from ttnn_xdsl.passes.import_tt_mlir import import_tt_mlir
from ttnn_xdsl.pictures.plot import render_layout
from ttnn_xdsl.program import Program, run

CORPUS = sorted((Path(__file__).parent / "filecheck" / "tt-mlir").glob("*.mlir"))
NOT_CORPUS = frozenset(
    {
        "errors",
        "syntax",
        "device-grid",
        "run-errors",
        "bookkeeping",
        "bookkeeping-invalid",
        "bookkeeping-run-errors",
    }
)
"""tests/filecheck/tt-mlir/ files that test one construct each rather than a conv pattern."""
CORPUS_CASES = [path for path in CORPUS if path.stem not in NOT_CORPUS]


@pytest.fixture
def ctx() -> Context:
    return make_context()


def parse_attr(ctx: Context, text: str) -> Attribute:
    return Parser(ctx, text).parse_attribute()


def printed(attr: Attribute) -> str:
    from io import StringIO

    stream = StringIO()
    Printer(stream=stream).print_attribute(attr)
    return stream.getvalue()


def module_of(path: Path) -> ModuleOp:
    module = parse_module(make_context(), path.read_text(), str(path))
    verify_module(module)
    return module


# ---------------------------------------------------------------------------------------------
# Reading tt-mlir's syntax
# ---------------------------------------------------------------------------------------------


def test_positional_shard_spec_reads_an_origin_rectangle(ctx: Context) -> None:
    # Both spellings tt-mlir writes for the core range set; cores (0,0)-(7,1) are 8 columns
    # (x) by 2 rows (y).
    for cores in (
        "#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,1)>]>",
        "<[#ttnn.core_range<(0, 0), (7, 1)>]>",
    ):
        spec = parse_attr(ctx, f"#ttnn.shard_spec<{cores}, <64x32>, <col_major>>")
        assert isinstance(spec, ShardSpecAttr)
        assert spec.grid_shape == (8, 2)
        assert spec.shard_shape == (64, 32)
        assert spec.shard_orientation == ShardOrientation.COL_MAJOR
        assert printed(spec) == (
            "#ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,1)>]>, <64x32>, "
            "<col_major>>"
        )
        assert spec.keyword_form() == ShardSpecAttr((8, 2), (64, 32), ShardOrientation.COL_MAJOR)


def test_positional_shard_spec_over_other_cores_parses_but_has_no_grid(ctx: Context) -> None:
    # 12 cores as tt-mlir height-shards them: a row of 8 and a row of 4.
    spec = parse_attr(
        ctx,
        "#ttnn.shard_spec<<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(0,1), (3,1)>]>, "
        "<32x64>, <row_major>>",
    )
    assert isinstance(spec, ShardSpecAttr)
    with pytest.raises(VerifyException) as error:
        _ = spec.grid_shape
    assert str(error.value) == (
        "#ttnn.shard_spec over the cores (0,0)-(7,0) + (0,1)-(3,1) is not supported: the shard "
        "grid must be one rectangle from core (0, 0)"
    )
    offset = parse_attr(
        ctx, "#ttnn.shard_spec<<[#ttnn.core_range<(1,0), (2,0)>]>, <32x64>, <row_major>>"
    )
    with pytest.raises(VerifyException):
        _ = cast(ShardSpecAttr, offset).grid_shape


def test_cores_laid_row_by_row_are_a_grid_with_fewer_cores(ctx: Context) -> None:
    # The 12 cores above are 12 cores laid row by row over an 8-wide grid: x 8, y 2.
    spec = parse_attr(
        ctx,
        "#ttnn.shard_spec<<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(0,1), (3,1)>]>, "
        "<32x64>, <row_major>>",
    )
    assert cast(ShardSpecAttr, spec).grid_cores == (8, 2, 12)
    rectangle = parse_attr(ctx, "#ttnn.shard_spec<grid = 8x2, shape = 32x64>")
    assert cast(ShardSpecAttr, rectangle).grid_cores == (8, 2, 16)
    # However the ranges split them, cores listed row by row in the order TT-NN gives them
    # shards: one row of 8 in two halves, two rows one by one.
    for cores, laid in (
        ("<[#ttnn.core_range<(0,0), (3,0)>, #ttnn.core_range<(4,0), (7,0)>]>", (8, 1, 8)),
        ("<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(0,1), (7,1)>]>", (8, 2, 16)),
    ):
        text = f"#ttnn.shard_spec<{cores}, <32x64>, <row_major>>"
        split = cast(ShardSpecAttr, parse_attr(ctx, text))
        assert split.grid_cores == laid
        assert split.grid_shape == laid[:2]
    for cores in (
        "<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(1,1), (3,1)>]>",  # not from x 0
        "<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(0,2), (3,2)>]>",  # a row skipped
        "<[#ttnn.core_range<(0,0), (3,1)>, #ttnn.core_range<(0,2), (5,2)>]>",  # wider last row
        # The cores of rows 0-1 of an 8-wide grid, but given shards half-row by half-row:
        # (0,0)-(3,0), then (0,1)-(3,1) before (4,0).
        "<[#ttnn.core_range<(0,0), (3,1)>, #ttnn.core_range<(4,0), (7,1)>]>",
        "<[#ttnn.core_range<(4,0), (7,0)>, #ttnn.core_range<(0,0), (3,0)>]>",  # right half first
    ):
        other = parse_attr(ctx, f"#ttnn.shard_spec<{cores}, <32x64>, <row_major>>")
        with pytest.raises(VerifyException) as error:
            _ = cast(ShardSpecAttr, other).grid_cores
        assert "or cores laid row by row from it" in str(error.value)


def test_core_range_set_rules(ctx: Context) -> None:
    assert parse_attr(ctx, "#ttnn.core_range_set<>") == CoreRangeSetAttr()
    with pytest.raises(VerifyException) as error:
        parse_attr(
            ctx,
            "#ttnn.core_range_set<[#ttnn.core_range<(0,0), (3,3)>, "
            "#ttnn.core_range<(2,2), (4,4)>]>",
        )
    assert str(error.value) == (
        "#ttnn.core_range_set expected non-overlapping core ranges, got (0,0)-(3,3) + (2,2)-(4,4)"
    )
    with pytest.raises(VerifyException) as error:
        parse_attr(ctx, "#ttnn.core_range<(3,0), (1,0)>")
    assert str(error.value) == (
        "#ttnn.core_range expected its start (3,0) to be at or before its end (1,0) in x and y"
    )


def test_mesh_shape_prints_in_mlir_opaque_form(ctx: Context) -> None:
    attr = parse_attr(ctx, "#ttnn<mesh_shape 2x4>")
    assert attr == MeshShapeAttr(2, 4)
    assert printed(attr) == "#ttnn<mesh_shape 2x4>"


def test_buffer_types_and_compute_config_field(ctx: Context) -> None:
    for buffer in ("system_memory", "l1_small", "trace"):
        assert printed(parse_attr(ctx, f"#ttnn.buffer_type<{buffer}>")) == (
            f"#ttnn.buffer_type<{buffer}>"
        )
    text = "#ttnn.device_compute_kernel_config<math_fidelity = lofi, dst_full_sync_en = true>"
    assert printed(parse_attr(ctx, text)) == text


def test_conv2d_config_keeps_every_tt_mlir_field_and_spelling(ctx: Context) -> None:
    text = (
        "#ttnn.conv2d_config<weights_dtype = bfp_bf8, shard_layout = height_sharded, "
        "act_block_h_override = 0, act_block_w_div = 1, transpose_shards = true, "
        "enable_kernel_stride_folding = false, activation = #ttnn.unary_with_param<op_type = "
        "relu>, deallocate_activation = false, reallocate_halo_output = true, "
        "reshard_if_not_optimal = false, override_sharding_config = false, core_grid = "
        "#ttnn.core_range_set<>, output_layout = tile, enable_act_double_buffer = false, "
        "enable_weights_double_buffer = false, config_tensors_in_dram = true>"
    )
    attr = parse_attr(ctx, text)
    assert isinstance(attr, Conv2dConfigAttr)
    # Printed in TT-NN's order of Conv2dConfig's fields.
    assert printed(attr) == (
        "#ttnn.conv2d_config<weights_dtype = bfp_bf8, activation = #ttnn.unary_with_param<"
        "op_type = relu>, deallocate_activation = false, reallocate_halo_output = true, "
        "config_tensors_in_dram = true, act_block_h_override = 0, act_block_w_div = 1, "
        "reshard_if_not_optimal = false, override_sharding_config = false, shard_layout = "
        "height_sharded, core_grid = #ttnn.core_range_set<>, transpose_shards = true, "
        "output_layout = tile, enable_act_double_buffer = false, enable_weights_double_buffer = "
        "false, enable_kernel_stride_folding = false>"
    )
    assert attr.conv_config().weights_dtype == DataType.BFLOAT8_B
    # tt-mlir prints the attribute-valued fields without their prefix.
    stripped = parse_attr(
        ctx,
        "#ttnn.conv2d_config<activation = <op_type = relu, params = [1.0 : f32]>, "
        "core_grid = <[#ttnn.core_range<(0,0), (7,7)>]>>",
    )
    assert printed(stripped) == (
        "#ttnn.conv2d_config<activation = #ttnn.unary_with_param<op_type = relu, params = "
        "[1.000000e+00 : f32]>, core_grid = #ttnn.core_range_set<[#ttnn.core_range<(0,0), "
        "(7,7)>]>>"
    )


def test_ttnn_layout_reads_every_part(ctx: Context) -> None:
    text = (
        '#ttnn.ttnn_layout<(d0, d1) -> (d0, d1), <1x2>, mesh = <"mesh">, '
        "memref<1x1x!ttcore.tile<32x32, f32>, #ttnn.buffer_type<l1>>, <block_sharded>, "
        "core_ranges = <[#ttnn.core_range<(0,0), (1,0)>]>, ignorePhysicalLayout = true>"
    )
    layout = parse_attr(ctx, text)
    assert isinstance(layout, TTNNLayoutAttr)
    assert layout.buffer_type == BufferType.L1 and layout.tiled
    assert printed(layout) == text.replace(
        "core_ranges = <[", "core_ranges = #ttnn.core_range_set<["
    )


def test_collapsed_map_is_tt_mlirs() -> None:
    ctx = make_context()
    expected = parse_attr(
        ctx,
        "#ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 3 + d2, d3), <1x1>, "
        "memref<12288x3xbf16, #ttnn.buffer_type<system_memory>>>",
    )
    assert isinstance(expected, TTNNLayoutAttr)
    assert collapsed_map((64, 64, 3, 3)) == expected.linear.data
    from xdsl.dialects.builtin import bf16

    assert TTNNLayoutAttr.host((64, 64, 3, 3), bf16) == expected


def test_context_passes_tt_mlir_names_and_refuses_others() -> None:
    vector = "tensor<4xf32>"
    text = "\n".join(
        [
            f"func.func @f(%x: {vector}) -> {vector} {{",
            f'  %0 = "ttnn.reshape"(%x) <{{shape = [4 : i32]}}> : ({vector}) -> {vector}',
            '  %1 = "ttcore.anything_new"(%0) {a = #ttcore.argument_type<input>}'
            f" : ({vector}) -> {vector}",
            '  %2 = "ttnn.typecast"(%1) <{dtype = #ttcore.supportedDataTypes<f32>}>'
            f" : ({vector}) -> {vector}",
            f"  func.return %2 : {vector}",
            "}",
        ]
    )
    module = parse_module(make_context(), text, "f.mlir")
    reshape, anything, typecast = list(module.walk())[2:5]
    # tt-mlir's reshape and typecast (told apart from the project's typecast by its
    # property) are tt-mlir's ops the project runs; an unknown ttcore op passes unregistered.
    assert isinstance(reshape, ReshapeOp) and isinstance(typecast, TTMLIRTypecastOp)
    assert isinstance(anything, UnregisteredOp)
    assert anything.op_name.data == "ttcore.anything_new"
    assert isinstance(anything.attributes["a"], UnregisteredAttr)
    misspelled = 'func.func @f() {\n  "ttnn.prepare_conv_weight"() : () -> ()\n  func.return\n}'
    with pytest.raises(TTNNError) as error:
        parse_module(make_context(), misspelled, "g.mlir")
    assert str(error.value) == (
        "g.mlir:2:29: error: Operation ttnn.prepare_conv_weight is not registered (did you "
        "mean 'ttnn.prepare_conv_weights'?)"
    )
    unknown = "func.func private @f() attributes {a = #ttnn.bogus<1>}"
    with pytest.raises(TTNNError) as error:
        parse_module(make_context(), unknown, "h.mlir")
    assert "'ttnn.bogus' is not registered" in str(error.value)


def test_load_cached_reads_its_custom_form() -> None:
    text = (
        "func.func private @g(tensor<4xf32>) -> tensor<4xf32>\n"
        "func.func @f(%w: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %0 = ttcore.load_cached(@g, [%w]) : (tensor<4xf32>) -> tensor<4xf32>\n"
        "  func.return %0 : tensor<4xf32>\n}"
    )
    module = parse_module(make_context(), text, "f.mlir")
    (op,) = [op for op in module.walk() if isinstance(op, LoadCachedOp)]
    assert op.callee.string_value() == "g"


# ---------------------------------------------------------------------------------------------
# The resolution: reshard_if_not_optimal (semantics.md §3.3a) and slice configs
# ---------------------------------------------------------------------------------------------


def conv(**changes: object) -> Conv2dParameters:
    values: dict[str, object] = dict(
        in_channels=64,
        out_channels=64,
        batch_size=1,
        input_height=56,
        input_width=56,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1, 1, 1),
        dilation=(1, 1),
        groups=1,
        has_bias=False,
        weight_dtype=DataType.BFLOAT16,
        input_layout=Layout.TILE,
        input_memory_config=InputMemoryConfig(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED),
    )
    values.update(changes)
    return Conv2dParameters(**values)  # type: ignore[arg-type]


WIDTH_8X1 = InputMemoryConfig(
    BufferType.L1, TensorMemoryLayout.WIDTH_SHARDED, shard_shape=(1024, 16), shard_grid=(8, 1)
)


def test_reshard_false_reads_the_core_split_from_the_shard_spec() -> None:
    # W[64, 128, 3, 3] on a 1x32x32 input width-sharded over 8x1 cores in 1024x16 shards.
    # TT-NN (reshard_if_not_optimal = false): n_c_in = 8 cores; Cin_pad = round_up(128,
    # 8·32) = 256; act_block_w = 256·9/8 = 288; rows = round_up(2304, 288) = 2304;
    # n_c_out = with_padding(2, 64) = 2, Cout_pad 64, sub-block 1 → 64 columns.
    base = dict(in_channels=128, input_height=32, input_width=32, input_memory_config=WIDTH_8X1)
    spec = resolve_conv_weights(
        conv(**base, conv_config=Conv2dConfig(reshard_if_not_optimal=False))
    )
    assert (spec.sharding.input_cores_channels, spec.sharding.output_cores_channels) == (8, 2)
    assert spec.layout.padded_in_channels == 256
    assert spec.layout.physical_shape == (1, 1, 2304, 64)
    # reshard_if_not_optimal = true (with a shard_layout) computes the split from the device
    # grid: with_padding(ceil(128/32) = 4, 64) = 4 → Cin_pad 128, act_block_w = 1152/4 =
    # 288 → rows 1152.
    resharded = Conv2dConfig(
        shard_layout=TensorMemoryLayout.WIDTH_SHARDED, reshard_if_not_optimal=True
    )
    grid = resolve_conv_weights(conv(**base, conv_config=resharded))
    assert grid.sharding.input_cores_channels == 4
    assert grid.layout.physical_shape == (1, 1, 1152, 64)
    # Without one TT-NN 0.81.1 reads an unset shard layout ("bad optional access").
    with pytest.raises(ConvConfigError, match=r"needs conv_config\.shard_layout"):
        resolve_conv_weights(conv(**base, conv_config=Conv2dConfig(reshard_if_not_optimal=True)))
    # Unset, the field is TT-NN's default, false.
    assert resolve_conv_weights(conv(**base)).layout.physical_shape == (1, 1, 2304, 64)


def test_reshard_false_lets_the_input_sharding_win() -> None:
    # docs/semantics.md §3.3a's example: 64 → 64, 3x3, 1x56x56, BLOCK in L1 on a 4x8
    # row_major grid in 392x16 shards, ROW_MAJOR input: n_c_in 4, align 16, BHP 192 → [1, 1,
    # 768, 64], even when conv_config asks for HEIGHT.
    block = InputMemoryConfig(
        BufferType.L1, TensorMemoryLayout.BLOCK_SHARDED, shard_shape=(392, 16), shard_grid=(4, 8)
    )
    asked = Conv2dConfig(
        shard_layout=TensorMemoryLayout.HEIGHT_SHARDED, reshard_if_not_optimal=False
    )
    plan = resolve_conv_weights(
        conv(input_layout=Layout.ROW_MAJOR, input_memory_config=block, conv_config=asked)
    )
    assert plan.sharding.shard_layout == TensorMemoryLayout.BLOCK_SHARDED
    assert plan.sharding.input_channels_alignment == 16
    assert plan.layout.physical_shape == (1, 1, 768, 64)
    # With resharding the config's HEIGHT holds: align 16 (the shard width), act_block_w =
    # round_up(64·3, 32) = 192 → 576 rows.
    resharded = Conv2dConfig(
        shard_layout=TensorMemoryLayout.HEIGHT_SHARDED, reshard_if_not_optimal=True
    )
    plan = resolve_conv_weights(
        conv(input_layout=Layout.ROW_MAJOR, input_memory_config=block, conv_config=resharded)
    )
    assert plan.sharding.shard_layout == TensorMemoryLayout.HEIGHT_SHARDED
    assert plan.layout.physical_shape == (1, 1, 576, 64)
    # Step 5 looks at any sharded input, DRAM as well (TT-NN tests is_sharded()); resharding
    # lets the config's kind win there too, and without one the input's kind stays.
    dram = InputMemoryConfig(
        BufferType.DRAM, TensorMemoryLayout.WIDTH_SHARDED, shard_shape=(64, 8), shard_grid=(1, 1)
    )
    kept = resolve_shard_layout(conv(input_memory_config=dram, conv_config=asked))
    assert kept == TensorMemoryLayout.WIDTH_SHARDED
    ours = resolve_shard_layout(conv(input_memory_config=dram, conv_config=resharded))
    assert ours == TensorMemoryLayout.HEIGHT_SHARDED
    unset = Conv2dConfig(reshard_if_not_optimal=True)
    with pytest.raises(ConvConfigError, match="bad optional access"):
        resolve_conv_weights(conv(input_memory_config=dram, conv_config=unset))


ONE_BY_ONE = dict(kernel_size=(1, 1), padding=(0, 0, 0, 0))


def test_slice_config_decides_the_matmul_shortcut() -> None:
    # A 1x1 conv with an explicit shard layout: on a DRAM input TT-NN runs it on its DRAM path
    # and takes the interleaved-MM layout (semantics.md §3.3 step 4); l1_full sends it to the
    # L1 path, where only an auto-sharded matmul stays interleaved.
    height = Conv2dConfig(shard_layout=TensorMemoryLayout.HEIGHT_SHARDED)
    dram = conv(**ONE_BY_ONE, conv_config=height)
    assert resolve_conv_weights(dram).layout.kind == WeightLayoutKind.INTERLEAVED_MM
    l1_full = conv(
        **ONE_BY_ONE, conv_config=height, slice_config=Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 0)
    )
    assert resolve_conv_weights(l1_full).layout.kind == WeightLayoutKind.SPECIAL_PADDING
    # An L1 input with a DRAM slice config runs on the DRAM path: a matmul is not sliced and
    # takes the interleaved-MM layout.
    l1 = InputMemoryConfig(BufferType.L1, TensorMemoryLayout.INTERLEAVED)
    on_l1 = conv(**ONE_BY_ONE, conv_config=height, input_memory_config=l1)
    assert resolve_conv_weights(on_l1).layout.kind == WeightLayoutKind.SPECIAL_PADDING
    sliced = conv(
        **ONE_BY_ONE,
        conv_config=height,
        input_memory_config=l1,
        slice_config=Conv2dSliceConfig(Conv2dSliceType.DRAM_HEIGHT, 4),
    )
    assert resolve_conv_weights(sliced).layout.kind == WeightLayoutKind.INTERLEAVED_MM


def test_slicing_a_conv_follows_tt_nn() -> None:
    """TT-NN 0.81.1's DRAM slicing (answers of TT-NN 0.81.1 on its mock device, research
    l1model probe_tests): a given DRAM slice count is used as is, 0 asks TT-NN's L1 model; the
    weights are prepared for the first slice, BLOCK aligning its channels to the slice's shard
    width (8 here) while HEIGHT keeps 32 for a TILE input."""

    def shape(**changes: object) -> tuple[int, int, int, int]:
        return resolve_conv_weights(conv(**changes)).layout.physical_shape

    def sliced(kind: Conv2dSliceType, n: int) -> Conv2dSliceConfig:
        return Conv2dSliceConfig(kind, n)

    height, width = Conv2dSliceType.DRAM_HEIGHT, Conv2dSliceType.DRAM_WIDTH
    assert shape(slice_config=sliced(width, 4)) == (1, 1, 576, 64)
    assert shape(slice_config=sliced(height, 0)) == (1, 1, 576, 64)
    assert shape(slice_config=sliced(height, 1)) == shape() == (1, 1, 576, 64)
    # A 1D conv (KH = 1, input height 1) is never sliced by TT-NN.
    conv1d = dict(kernel_size=(1, 3), padding=(0, 0, 1, 1), input_height=1)
    assert shape(**conv1d, slice_config=sliced(width, 4)) == (1, 1, 192, 64)
    block = Conv2dConfig(shard_layout=TensorMemoryLayout.BLOCK_SHARDED)
    plan = resolve_conv_weights(
        conv(in_channels=40, slice_config=sliced(height, 2), conv_config=block)
    )
    assert plan.l1 is not None and plan.l1.sliced
    assert (plan.sharding.input_cores_channels, plan.sharding.input_channels_alignment) == (5, 8)
    assert plan.layout.physical_shape == (1, 1, 480, 64)
    heightwise = Conv2dConfig(shard_layout=TensorMemoryLayout.HEIGHT_SHARDED)
    assert shape(in_channels=40, slice_config=sliced(height, 2), conv_config=heightwise) == (
        1,
        1,
        576,
        64,
    )
    assert shape(
        in_channels=128, input_height=512, input_width=512, slice_config=sliced(width, 0)
    ) == (
        1,
        1,
        1152,
        64,
    )
    resharded = Conv2dConfig(
        shard_layout=TensorMemoryLayout.BLOCK_SHARDED, reshard_if_not_optimal=True
    )
    assert shape(in_channels=48, slice_config=sliced(height, 3), conv_config=resharded) == (
        1,
        1,
        1728,
        64,
    )


# ---------------------------------------------------------------------------------------------
# Import and export
# ---------------------------------------------------------------------------------------------


IMPORT_WARNINGS = {
    "real_emitc_prepare_inline_deallocate": [
        "warning: 'ttnn.prepare_conv2d_weights' op result layout ([3, 1] tiles, map (d0, d1, d2, "
        "d3) -> ((((d0 * 576) + (d1 * 576)) + d2), d3)) is not tt-mlir's for the prepared [1, 1, "
        "576, 64] ([18, 2] tiles, map (d0, d1, d2, d3) -> ((((d0 * 576) + (d1 * 576)) + d2), d3))"
        ": export-tt-mlir writes tt-mlir's"
    ],
}
"""The corpus files whose import replaces what tt-mlir wrote, and the warnings it gives."""


@pytest.mark.parametrize("path", CORPUS_CASES, ids=[p.stem for p in CORPUS_CASES])
def test_export_then_import_gives_the_import(path: Path) -> None:
    imported = module_of(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        import_tt_mlir(imported)
    # Each warning is FILE:LINE:COL: then the message.
    messages = [str(warning.message).split(": ", 1)[1] for warning in caught]
    assert messages == IMPORT_WARNINGS.get(path.stem, [])
    verify_module(imported)
    again = imported.clone()
    export_tt_mlir(again)
    verify_module(again)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # what export wrote imports without a warning
        import_tt_mlir(again)
    verify_module(again)
    assert imported.is_structurally_equivalent(again)


def _foreign_ops(module: ModuleOp) -> list[Operation]:
    """The ops import and export must keep: all but the prepare ops and the devices they use."""
    prepare = (*TT_MLIR_PREPARE_OPS, ConvPrepareOp)
    return [
        op
        for op in module.walk()
        if not isinstance(op, (*prepare, ModuleOp, func.FuncOp, func.ReturnOp))
        and not (
            isinstance(op, GetDeviceOp)
            and all(isinstance(use.operation, prepare) for use in op.device.uses)
        )
    ]


def _description(op: Operation) -> tuple[object, ...]:
    # Printed: each parse makes its own classes for tt-mlir's unregistered attributes
    # (`#ttnn.shape<1>`), which compare unequal across modules.
    return (
        op.name,
        {name: printed(value) for name, value in op.properties.items()},
        {name: printed(value) for name, value in op.attributes.items()},
        [printed(v.type) for v in op.operands],
        [printed(r.type) for r in op.results],
    )


SIZED_CASES = [path for path in CORPUS_CASES if path.stem != "real_emitc_prepare_inline_deallocate"]
"""The corpus files whose prepared types are tt-mlir's for what TT-NN prepares: tt-mlir's own
EmitC test writes [1, 1, 576, 64] in 3x1 tiles (export writes 18x2; import warns)."""


@pytest.mark.parametrize("path", SIZED_CASES, ids=[p.stem for p in SIZED_CASES])
def test_import_then_export_keeps_what_the_project_does_not_model(path: Path) -> None:
    original = module_of(path)
    round_trip = module_of(path)
    import_tt_mlir(round_trip)
    export_tt_mlir(round_trip)
    verify_module(round_trip)
    assert [_description(op) for op in _foreign_ops(round_trip)] == [
        _description(op) for op in _foreign_ops(original)
    ]

    # The corpus writes tt-mlir's result types as TT-NN computes them: export gives them back,
    # and the function signatures with them.
    def prepared(module: ModuleOp) -> list[tuple[str, Attribute, Attribute]]:
        return [
            (op.name, op.operands[0].type, op.results[0].type)
            for op in module.walk()
            if isinstance(op, TT_MLIR_PREPARE_OPS)
        ]

    assert prepared(round_trip) == prepared(original)

    def signatures(module: ModuleOp) -> list[Attribute]:
        return [f.function_type for f in module.walk() if isinstance(f, func.FuncOp)]

    assert signatures(round_trip) == signatures(original)


HOST_LAYOUT = (
    "#ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, "
    "memref<{rows}x3xbf16, #ttnn.buffer_type<system_memory>>>"
)
TILES_LAYOUT = (
    "#ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 9 + d1 * 3 + d2, d3), <1x1>, "
    "memref<9x1x!ttcore.tile<32x32, bf16>, #ttnn.buffer_type<dram>>, <interleaved>>"
)
DRAM_INPUT = "input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>"
L1_INPUT = "input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>"
BF16_INPUT = "input_dtype = #ttcore.supportedDataTypes<bf16>"


def tt_mlir_prepare(
    out_channels: int,
    extra: list[str],
    weight_layout: str | None = None,
    result: str = "tensor<1x1x27x32xbf16>",
    device: str = "1x1",
    input_layout: str = "tile",
) -> str:
    """A tt-mlir function preparing a W[out_channels, 3, 3, 3] weight (8x8 input, padding
    1), with `extra` properties."""
    weight = (
        f"tensor<{out_channels}x3x3x3xbf16, "
        + (weight_layout or HOST_LAYOUT.format(rows=out_channels * 9))
        + ">"
    )
    properties = [
        "batch_size = 1 : i32",
        "dilation = array<i32: 1, 1>",
        "groups = 1 : i32",
        "has_bias = false",
        "in_channels = 3 : i32",
        "input_height = 8 : i32",
        f"input_tensor_layout = #ttnn.layout<{input_layout}>",
        "input_width = 8 : i32",
        "kernel_size = array<i32: 3, 3>",
        f"out_channels = {out_channels} : i32",
        "padding = array<i32: 1, 1>",
        "stride = array<i32: 1, 1>",
        'weights_format = "OIHW"',
        *extra,
    ]
    return "\n".join(
        [
            f"func.func @prepare(%w: {weight}) -> {result} {{",
            '  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape '
            + device
            + ">}> : () -> !ttnn.device",
            '  %p = "ttnn.prepare_conv2d_weights"(%w, %d) <{' + ", ".join(properties) + "}>"
            f" : ({weight}, !ttnn.device) -> {result}",
            f"  return %p : {result}",
            "}",
        ]
    )


def test_export_writes_the_shapes_tt_nn_computes() -> None:
    # The result type a tt-mlir file carries is replaced: W[96, 3, 3, 3] → logical
    # [1, 1, 27, 96] → ceil(27/32) x ceil(96/32) = 1x3 bfloat8_b tiles; bf16 scalars. (An L1
    # input: TT-NN 0.81.1 cannot prepare bfloat8_b weights for a 3x3 conv run from DRAM.)
    text = tt_mlir_prepare(
        96,
        # (L1: on TT-NN's DRAM path a bfloat8_b weights_dtype is refused, semantics §6.)
        [L1_INPUT, BF16_INPUT, "conv2d_config = #ttnn.conv2d_config<weights_dtype = bfp_bf8>"],
        result="tensor<1x1x1x1xbf16>",
        input_layout="row_major",
    )
    module = parse_module(make_context(), text, "sizing.mlir")
    with pytest.warns(TTNNWarning) as caught:
        import_tt_mlir(module)
    assert [str(warning.message) for warning in caught] == [
        "sizing.mlir:3:3: warning: 'ttnn.prepare_conv2d_weights' op result type is [1, 1, 1, 1];"
        " TT-NN prepares [1, 1, 27, 96] (logical): import-tt-mlir uses that type"
    ]
    export_tt_mlir(module)
    verify_module(module)
    (op,) = [op for op in module.walk() if isinstance(op, PrepareConv2dWeightsOp)]
    result = cast(TensorType[Attribute], op.result.type)
    assert result.get_shape() == (1, 1, 27, 96)
    layout = cast(TTNNLayoutAttr, result.encoding)
    assert printed(layout.memref) == (
        "memref<1x3x!ttcore.tile<32x32, bfp_bf8>, #ttnn.buffer_type<dram>>"
    )
    config = cast(Conv2dConfigAttr, op.conv2d_config)
    assert config.weights_dtype == SupportedDataTypesAttr(TTCoreDataType.BFP_BFLOAT8)
    assert op.input_dtype == SupportedDataTypesAttr(TTCoreDataType.BFLOAT16)
    function = next(f for f in module.walk() if isinstance(f, func.FuncOp))
    assert function.function_type.outputs.data == (result,)


TWELVE_CORES = (
    "input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, "
    "#ttnn.shard_spec<<[#ttnn.core_range<(0,0), (7,0)>, #ttnn.core_range<(0,1), (3,1)>]>, "
    "<32x32>, <row_major>>>"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            tt_mlir_prepare(32, [DRAM_INPUT, BF16_INPUT], device="2x4"),
            "'ttnn.prepare_conv2d_weights' op runs on a 2x4 device mesh (offset 0x0): ttnn-xdsl "
            "prepares weights for a single device (mesh 1x1)",
        ),
        (
            tt_mlir_prepare(32, [DRAM_INPUT, BF16_INPUT], weight_layout=TILES_LAYOUT),
            "'ttnn.prepare_conv2d_weights' op expected weight_tensor to be a row-major host "
            "tensor (system_memory), got tiles in dram",
        ),
        (
            tt_mlir_prepare(32, [DRAM_INPUT, "input_dtype = #ttcore.supportedDataTypes<f16>"]),
            "'ttnn.prepare_conv2d_weights' op input_dtype f16 is not supported (expected f32, "
            "bf16 or bfp_bf8)",
        ),
        (
            tt_mlir_prepare(32, [TWELVE_CORES, BF16_INPUT]),
            "'ttnn.prepare_conv2d_weights' op input_memory_config: #ttnn.shard_spec over the "
            "cores (0,0)-(7,0) + (0,1)-(3,1) is not supported: the shard grid must be one "
            "rectangle from core (0, 0)",
        ),
    ],
    ids=["mesh", "device-weight", "f16", "twelve-cores"],
)
def test_import_refuses_what_it_cannot_reproduce(text: str, message: str) -> None:
    module = parse_module(make_context(), text, "bad.mlir")
    with pytest.raises(TTNNError) as error:
        import_tt_mlir(module)
    assert error.value.message == message
    assert error.value.location is not None and error.value.location.startswith("bad.mlir:")


def test_export_refuses_what_tt_mlir_cannot_read() -> None:
    full = "conv2d_config = #ttnn.conv2d_config<full_inner_dim = true>"
    module = parse_module(make_context(), tt_mlir_prepare(32, [DRAM_INPUT, BF16_INPUT, full]), "f")
    import_tt_mlir(module)
    with pytest.raises(TTNNError) as error:
        export_tt_mlir(module)
    assert error.value.message == (
        "'ttnn.prepare_conv_weights' op conv_config.full_inner_dim = true has no tt-mlir "
        "counterpart (tt-mlir's #ttnn.conv2d_config has no such field)"
    )
    tile = "tensor<32x32xbf16, #ttnn.tensor_layout<tile>>"
    assign = "\n".join(
        [
            f"func.func @f(%g: {tile}) -> {tile} {{",
            f"  %0 = ttnn.assign_bw(%g, %g) : ({tile}, {tile}) -> {tile}",
            f"  func.return %0 : {tile}",
            "}",
        ]
    )
    module = parse_module(make_context(), assign, "a.mlir")
    with pytest.raises(TTNNError) as error:
        export_tt_mlir(module)
    assert str(error.value) == (
        "a.mlir:2:3: error: 'ttnn.assign_bw' op has no tt-mlir form: export-tt-mlir writes the "
        "prepare ops (ttnn.prepare_conv_weights, ttnn.prepare_conv_bias, "
        "ttnn.prepare_conv_transpose2d_weights and _bias; run it before ttnn-lower)"
    )


def test_running_a_tt_mlir_op_names_it() -> None:
    text = (CORPUS[0].parent / "resnet_stem_7x7.mlir").read_text()
    with pytest.raises(RunError) as error:
        Program.load(text, entry="resnet_stem_7x7", passes="import-tt-mlir,ttnn-lower")
    # tt-mlir's conv2d runs once import-tt-mlir-conv2d makes it the project's: the hint
    # names that pass, as a prepare op's names import-tt-mlir.
    assert error.value.message == (
        "cannot run 'ttnn.conv2d' in @resnet_stem_7x7: it is tt-mlir's op; import it first "
        "(-p import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower)"
    )
    assert error.value.location is not None
    # Without import-tt-mlir, tt-mlir's prepare ops are not the project's.
    with pytest.raises(RunError) as error:
        Program.load(text, entry="resnet_stem_7x7_const_eval_0", passes="ttnn-lower")
    assert error.value.message == (
        "cannot run 'ttnn.prepare_conv2d_weights' in @resnet_stem_7x7_const_eval_0: it is "
        "tt-mlir's op; import it first (-p import-tt-mlir,ttnn-lower)"
    )


# ---------------------------------------------------------------------------------------------
# The corpus, byte for byte against the tests' reference formulas (semantics.md §3.6 with the
# numbers each file's header derives; TT-NN's own bytes: test_conv_transpose_reference)
# ---------------------------------------------------------------------------------------------


def _special(block_h: int, block_w: int, cout_pad: int, cin_pad: int):
    return lambda w: special_padding(pad_channels(w, cout_pad, cin_pad), block_h, block_w, False)


CORPUS_BYTES = [
    # (file, entry, OIHW weight, dtype, the layout of semantics.md §3.6 with its numbers of
    # §3.3 as derived in the file's header, bias width)
    # Stem: Cin 3 → 8 (row-major input), block_h 2 (64 rows per kernel row), block_w 2.
    (
        "resnet_stem_7x7",
        "resnet_stem_7x7_const_eval_0",
        (64, 3, 7, 7),
        "bf16",
        _special(2, 2, 64, 8),
        64,
    ),
    (
        "resnet_3x3_no_bias",
        "resnet_3x3_no_bias_const_eval_0",
        (128, 64, 3, 3),
        "bf16",
        _special(6, 4, 128, 64),
        None,
    ),
    (
        "bottleneck_1x1",
        "bottleneck_1x1_reduce_const_eval_0",
        (256, 1024, 1, 1),
        "bf16",
        interleaved_mm,
        256,
    ),
    (
        "bottleneck_1x1",
        "bottleneck_1x1_expand_2048ch_const_eval_0",
        (2048, 512, 1, 1),
        "bfp8_b",
        interleaved_mm,
        2048,
    ),
    (
        "depthwise_3x3",
        "depthwise_3x3_const_eval_0",
        (64, 1, 3, 3),
        "bf16",
        lambda w: special_padding(grouped(w, 64), 6, 2, False),
        64,
    ),
    (
        "depthwise_3x3",
        "depthwise_3x3_s2_const_eval_0",
        (128, 1, 3, 3),
        "bf16",
        # TT-NN 0.81.1 auto-shards this one BLOCK (4 input and 4 output channel cores).
        lambda w: block_sharded(grouped(w, 128), 4, 4, False),
        128,
    ),
    (
        "resnext_groups32",
        "resnext_groups32_const_eval_0",
        (256, 8, 3, 3),
        "bf16",
        # TT-NN 0.81.1 auto-shards this one BLOCK (8 × 8 channel cores).
        lambda w: block_sharded(grouped(w, 32), 8, 8, False),
        256,
    ),
    (
        "aspp_dilation",
        "aspp_dilation6_const_eval_0",
        (256, 256, 3, 3),
        "bf16",
        lambda w: block_sharded(w, 8, 8, False),
        256,
    ),
    (
        "aspp_dilation",
        "aspp_dilation12_const_eval_0",
        (256, 256, 3, 3),
        "bf16",
        lambda w: block_sharded(w, 8, 8, False),  # TT-NN 0.81.1's auto-shard: BLOCK
        256,
    ),
    (
        "inception_1x3_asymmetric",
        "inception_1x3_asymmetric_const_eval_0",
        (96, 64, 1, 3),
        "bf16",
        lambda w: block_sharded(w, 2, 3, False),  # TT-NN 0.81.1's auto-shard: BLOCK 2 → 3
        96,
    ),
    ("yolo_640x640", "yolo_640x640_const_eval_0", (32, 3, 3, 3), "bf16", _special(1, 1, 32, 8), 32),
    (
        "batch_16_32",
        "batch16_training_const_eval_0",
        (128, 64, 3, 3),
        "bf16",
        _special(6, 4, 128, 64),
        128,
    ),
    (
        "batch_16_32",
        "batch32_training_no_bias_const_eval_0",
        (128, 64, 3, 3),
        "f32",
        _special(6, 4, 128, 64),
        None,
    ),
    # The IOHW weight transposed and mirrored (semantics.md §7.3), then HEIGHT on the
    # equivalent conv2d: block_h 6 (round_up(64·3, 32) = 192 rows a kernel row), block_w 2.
    (
        "conv_transpose2d_upsample",
        "conv_transpose2d_upsample_const_eval_0",
        (64, 64, 3, 3),
        "bf16",
        lambda w: _special(6, 2, 64, 64)(mirror(iohw_to_oihw(w, 1))),
        64,
    ),
]


@pytest.mark.parametrize(
    ("file", "entry", "shape", "dtype", "layout", "bias_width"),
    CORPUS_BYTES,
    ids=[case[1].removesuffix("_const_eval_0") for case in CORPUS_BYTES],
)
def test_corpus_prepares_the_reference_formulas_bytes(
    file: str,
    entry: str,
    shape: tuple[int, int, int, int],
    dtype: str,
    layout,
    bias_width: int | None,
) -> None:
    text = (CORPUS[0].parent / f"{file}.mlir").read_text()
    program = Program.load(text, entry=entry, passes="import-tt-mlir,ttnn-lower")
    host = "f32" if dtype == "f32" else "bf16"
    weight = random_weight(shape, seed=len(entry))
    inputs = {"arg0": weight}
    bias = None
    if bias_width is not None:
        bias = random_weight((1, 1, 1, shape[0]), seed=len(entry) + 1)
        inputs["arg1"] = bias
    results = program.run(inputs)
    expected = layout(host_values(weight, host))[None, None]
    assert results[0].to_bytes() == device_bytes(expected, dtype)
    if bias is not None:
        expected_bias = bias_matrix(host_values(bias, host), bias_width)[None, None]
        assert results[1].to_bytes() == device_bytes(expected_bias, dtype)


def test_memory_config_without_a_layout_is_interleaved(ctx: Context) -> None:
    attr = parse_attr(ctx, "#ttnn.memory_config<#ttnn.buffer_type<system_memory>>")
    assert isinstance(attr, MemoryConfigAttr)
    assert attr.layout_kind == TensorMemoryLayout.INTERLEAVED and not attr.is_sharded
    assert printed(attr) == "#ttnn.memory_config<#ttnn.buffer_type<system_memory>>"


def test_a_module_in_tt_mlirs_wrappers_runs_on_its_device_grid() -> None:
    # tests/filecheck/tt-mlir/device-grid.mlir's first chunk: a Blackhole worker grid of 10x13
    # (13 cores in x) block-shards 416 channels as 13 x 32 (semantics.md §3.6.4 with 13 input
    # and 13 output shards, nothing padded).
    text = (CORPUS[0].parent / "device-grid.mlir").read_text().split("// -----")[0]
    program = Program.load(text, entry="blackhole", passes="import-tt-mlir,ttnn-lower")
    weight = random_weight((416, 416, 3, 3), seed=13)
    (prepared,) = program.run({"w": weight})
    expected = block_sharded(host_values(weight, "bf16"), 13, 13, False)
    assert expected.shape == (3744, 416)
    assert prepared.to_bytes() == device_bytes(expected[None, None], "bf16")


def test_host_and_special_buffers_are_not_where_the_project_computes(ctx: Context) -> None:
    from ttnn_xdsl.dialect.tensor_types import tensor_info

    host = parse_attr(
        ctx,
        "tensor<32x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<"
        "#ttnn.buffer_type<system_memory>, <interleaved>>>>",
    )
    with pytest.raises(TTNNError) as error:
        tensor_info(host)
    assert error.value.message == (
        "expected a #ttnn.tensor_layout memory config in dram or l1, got system_memory"
    )
    trace = InputMemoryConfig(BufferType.TRACE, TensorMemoryLayout.INTERLEAVED)
    with pytest.raises(ConvConfigError) as error:
        resolve_conv_weights(conv(input_memory_config=trace))
    assert str(error.value) == (
        "expected input_memory_config in dram or l1, got trace (the conv's input activation "
        "is a device tensor)"
    )


def test_the_physical_shape_travels_in_a_tensorbin_file(tmp_path: Path) -> None:
    # The stem's weight: tt-mlir's type says [1, 1, 147, 64]; the prepared tensor is
    # [1, 1, 448, 64] (its file header: the logical shape and an alignment of 448 rows).
    from ttnn_xdsl.runtime import DeviceTensor
    from ttnn_xdsl.tensor_formats.tensorbin import read_tensorbin

    text = (CORPUS[0].parent / "resnet_stem_7x7.mlir").read_text()
    program = Program.load(
        text, entry="resnet_stem_7x7_const_eval_0", passes="import-tt-mlir,ttnn-lower"
    )
    weight = program.run(random_seed=0)[0]
    path = tmp_path / "weight.tensorbin"
    weight.save_tensorbin(path)
    contents = read_tensorbin(path)
    assert contents.logical_shape == (1, 1, 147, 64)
    assert contents.alignment == (448, 32)
    assert contents.physical_shape == (1, 1, 448, 64)
    assert DeviceTensor.load_tensorbin(path).to_bytes() == weight.to_bytes()


# ---------------------------------------------------------------------------------------------
# tt-mlir's bookkeeping around const-eval functions, run
# ---------------------------------------------------------------------------------------------

TT_MLIR_FOLDER = Path(__file__).parent / "filecheck" / "tt-mlir"


def test_bookkeeping_runs_as_numpy_does() -> None:
    # bookkeeping.mlir: f32 host → device → tile with a fused cast to bf16 → permute (0, 2,
    # 1) → L1 → f32 → reshape [100, 40] → row-major → host → bf16 (to_dtype), called through
    # ttcore.load_cached from @main. The values: bf16 of the input, its last two dims swapped,
    # reshaped (bf16 → f32 → bf16 is exact).
    x = np.random.default_rng(7).standard_normal((2, 40, 50)).astype(np.float32)
    expected = host_values(np.transpose(x, (0, 2, 1)).reshape(100, 40), "bf16")
    text = (TT_MLIR_FOLDER / "bookkeeping.mlir").read_text()
    for entry in ("main", "main_const_eval_0"):
        (result,) = run(text, {"arg0": x}, entry=entry)
        assert (result.dtype, result.layout, result.physical_shape) == (
            DataType.BFLOAT16,
            Layout.ROW_MAJOR,
            (100, 40),
        )
        assert np.array_equal(result.to_numpy(), expected)


@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("real_vae_conv_in_device_bias", "main_const_eval_2"),
        ("real_vae_conv_in_cpu_hoisted_bias", "main_const_eval_44"),
    ],
)
def test_a_real_bias_chain_prepares_the_bias_it_was_given(name: str, entry: str) -> None:
    # The VAE's conv_in bias, [512] bf16 on host, made [1, 1, 1, 512] by tt-mlir's reshape
    # and permute (on the device, or in a CPU-hoisted TTIR function between host typecasts
    # to f32 and back) and prepared: row 0 of a [1, 1, 32, 512] bf16 tile matrix holds the 512
    # values, the other rows zero (semantics.md §3.7).
    bias = host_values(np.random.default_rng(3).standard_normal(512).astype(np.float32), "bf16")
    text = (TT_MLIR_FOLDER / f"{name}.mlir").read_text()
    (prepared,) = run(text, {"arg0": bias}, entry=entry, passes="import-tt-mlir,ttnn-lower")
    matrix = np.zeros((1, 1, 32, 512), np.float32)
    matrix[0, 0, 0] = bias
    assert prepared.physical_shape == (1, 1, 32, 512)
    assert prepared.to_bytes() == device_bytes(matrix, "bf16")


def test_the_tt_mlir_route_draws_the_traced_picture(tmp_path: Path) -> None:
    # The ResNet stem in tt-mlir's IR, run through `-p import-tt-mlir,ttnn-lower`, run after
    # `ttnn-opt -p import-tt-mlir`, and the same conv written natively (examples/
    # resnet50_conv_weights.mlir, @conv1): one traced map, [1, 1, 448, 64] where each kernel
    # row r has its 64-row block, in it 3 input channels at rows r·64 + s·8 + i (semantics.md
    # §3.6, special padding; Cin 3 → 8). Row 147 is W[:, 0, 2, 2]: kernel row 2, not padding.
    path = TT_MLIR_FOLDER / "resnet_stem_7x7.mlir"
    entry = "resnet_stem_7x7_const_eval_0"
    through_pipeline = Program.load(
        path.read_text(), entry=entry, passes="import-tt-mlir,ttnn-lower"
    )
    imported = module_of(path)
    import_tt_mlir(imported)
    pre_imported = Program.load(str(imported), entry=entry)
    native = Program.load(
        (Path(__file__).parent.parent / "examples" / "resnet50_conv_weights.mlir").read_text(),
        entry="conv1",
    )
    maps = [program.layout_map(0) for program in (through_pipeline, pre_imported, native)]
    assert all(layout is not None and layout.kind == "weight" for layout in maps)
    index = maps[0].index
    expected = np.full((448, 64), -1, np.int64)
    for r in range(7):
        for s in range(7):
            for i in range(3):
                expected[r * 64 + s * 8 + i] = np.arange(64) * 147 + i * 49 + r * 7 + s
    assert np.array_equal(index, expected)
    assert all(np.array_equal(layout.index, index) for layout in maps[1:])
    # Rows beyond the 147 logical ones hold data: row 434 = 6·64 + 6·8 + 2 holds W[0, 2, 6, 6].
    assert index[434, 0] == 2 * 49 + 6 * 7 + 6
    # The pictures of the two tt-mlir routes are the same bytes.
    weight_a = through_pipeline.run(random_seed=0)[0]
    weight_b = pre_imported.run(random_seed=0)[0]
    pictures = [
        render_layout(layout, weight, "png", "result0")
        for layout, weight in ((maps[0], weight_a), (maps[1], weight_b))
    ]
    assert pictures[0] == pictures[1]


def test_import_says_what_it_replaces_in_one_warning_line(tmp_path: Path) -> None:
    # A tt-mlir result type of another shape than TT-NN prepares ([1, 1, 1024, 96] for the
    # 27 rows of W[96, 3, 3, 3]) is replaced: one warning line, exit 0, the output written.
    # A host map tt-mlir would not write is dropped: one more. A later error: its line only.
    import subprocess
    import sys

    bin_folder = Path(sys.executable).parent
    odd_map = HOST_LAYOUT.replace("d0 * 9 + d1 * 3", "d0 * 10 + d1 * 3").format(rows=96 * 9)
    text = tt_mlir_prepare(
        96, [DRAM_INPUT, BF16_INPUT], weight_layout=odd_map, result="tensor<1x1x1024x96xbf16>"
    )
    source = tmp_path / "resized.mlir"
    source.write_text(text)
    output = tmp_path / "imported.mlir"
    done = subprocess.run(
        [bin_folder / "ttnn-opt", source, "-p", "import-tt-mlir", "-o", output],
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr.splitlines() == [
        f"{source}:3:3: warning: 'ttnn.prepare_conv2d_weights' op weight_tensor's layout map "
        "(d0, d1, d2, d3) -> ((((d0 * 10) + (d1 * 3)) + d2), d3) is not tt-mlir's for "
        "[96, 3, 3, 3] row-major ((d0, d1, d2, d3) -> ((((d0 * 9) + (d1 * 3)) + d2), d3)): "
        "import-tt-mlir drops it and export-tt-mlir writes tt-mlir's",
        f"{source}:3:3: warning: 'ttnn.prepare_conv2d_weights' op result type is "
        "[1, 1, 1024, 96]; TT-NN prepares [1, 1, 27, 96] (logical): import-tt-mlir uses that "
        "type",
    ]
    assert "tensor<1x1x27x96xbf16" in output.read_text()
    failed = subprocess.run(
        [bin_folder / "ttnn-opt", source, "-p", "import-tt-mlir,convert-ttnn-to-tiles"],
        capture_output=True,
        text=True,
    )
    assert failed.returncode == 1
    assert failed.stderr == (
        f"{source}:3:3: error: 'ttnn.prepare_conv_weights' op convert-ttnn-to-tiles cannot "
        "lower this op: ttnn-decompose turns it into layout ops first (-p "
        "ttnn-decompose,convert-ttnn-to-tiles, or the whole pipeline, -p ttnn-lower)\n"
    )


# ---------------------------------------------------------------------------------------------
# ttnn.prepare_conv_transpose2d_*: one name, two ops
# ---------------------------------------------------------------------------------------------

TRANSPOSE_COMMON = (
    "batch_size = 1 : i32, dilation = array<i32: 1, 1>, groups = 1 : i32, in_channels = 16 : i32, "
    "input_height = 6 : i32, input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, "
    "<interleaved>>, input_width = 5 : i32, kernel_size = array<i32: 3, 3>, out_channels = 24 : "
    "i32, padding = array<i32: 1, 1>, stride = array<i32: 2, 2>"
)
PREPARED_TRANSPOSE = "tensor<1x1x144x24xbf16, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>"


def test_the_generic_forms_of_the_shared_name_are_told_apart() -> None:
    """tt-mlir's `ttnn.prepare_conv_transpose2d_weights` (a device operand, tt-mlir's property
    names, `#ttnn.ttnn_layout` tensors) and the project's op of the same name, both in generic
    form."""
    project = (
        f"func.func @p(%w: tensor<16x24x3x3xf32>) -> {PREPARED_TRANSPOSE} {{\n"
        f'  %0 = "ttnn.prepare_conv_transpose2d_weights"(%w) <{{{TRANSPOSE_COMMON}, '
        'input_layout = #ttnn.layout<tile>, has_bias = false, weights_format = "IOHW", '
        "conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded>}> "
        f": (tensor<16x24x3x3xf32>) -> {PREPARED_TRANSPOSE}\n"
        f"  func.return %0 : {PREPARED_TRANSPOSE}\n}}\n"
    )
    module = parse_module(make_context(), project, "p.mlir")
    verify_module(module)
    assert [type(op) for op in module.walk() if op.name.startswith("ttnn.")] == [
        PrepareConvTranspose2dWeightsOp
    ]
    tt_mlir = (
        "func.func @t(%w: tensor<16x24x3x3xf32>) -> tensor<1x1x144x24xbf16> {\n"
        '  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device\n'
        f'  %0 = "ttnn.prepare_conv_transpose2d_weights"(%w, %d) <{{{TRANSPOSE_COMMON}, '
        'input_tensor_layout = #ttnn.layout<tile>, has_bias = false, weights_format = "IOHW", '
        "input_dtype = #ttcore.supportedDataTypes<bf16>, conv2d_config = #ttnn.conv2d_config<"
        "weights_dtype = bf16, shard_layout = height_sharded>, output_padding = array<i32: 1, 1>}>"
        " : (tensor<16x24x3x3xf32>, !ttnn.device) -> tensor<1x1x144x24xbf16>\n"
        "  func.return %0 : tensor<1x1x144x24xbf16>\n}\n"
    )
    module = parse_module(make_context(), tt_mlir, "t.mlir")
    verify_module(module)
    (op,) = [op for op in module.walk() if "prepare" in op.name]
    assert isinstance(op, TTMLIRPrepareConvTranspose2dWeightsOp)
    # Running it needs the import; the import makes the project's op and sizes it.
    with pytest.raises(RunError) as error:
        Program.load(tt_mlir, passes="ttnn-lower")
    assert str(error.value) == (
        "<input>:3:3: error: cannot run 'ttnn.prepare_conv_transpose2d_weights' in @t: it is "
        "tt-mlir's op; import it first (-p import-tt-mlir,ttnn-lower)"
    )
    (imported,) = import_tt_mlir(module)
    assert isinstance(imported, PrepareConvTranspose2dWeightsOp)
    assert str(imported.result.type) == PREPARED_TRANSPOSE
    assert imported.value_of("output_padding") == (1, 1)
    (exported,) = export_tt_mlir(module)
    assert isinstance(exported, TTMLIRPrepareConvTranspose2dWeightsOp)
    assert set(exported.properties) >= {"input_tensor_layout", "conv2d_config", "output_padding"}

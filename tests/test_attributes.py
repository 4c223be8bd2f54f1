"""Tests of the `#ttnn.*` attributes and types: parse and print, Python construction, and
their verifier and parse errors."""

from __future__ import annotations

from typing import cast

import pytest
from dialect_helpers import (
    parse_attr,
    parse_type,
    printed,
)
from xdsl.context import Context
from xdsl.dialects.builtin import (
    ArrayAttr,
    IntAttr,
    NoneAttr,
)
from xdsl.utils.exceptions import ParseError, VerifyException

from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    MathFidelity,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    BufferTypeAttr,
    Conv2dConfigAttr,
    Conv2dSliceConfigAttr,
    DeviceComputeKernelConfigAttr,
    LayoutAttr,
    MathFidelityAttr,
    MemoryConfigAttr,
    ShardOrientationAttr,
    ShardSpecAttr,
    TensorLayoutAttr,
    TensorMemoryLayoutAttr,
)
from ttnn_xdsl.dialect.tensor_types import tensor_type
from ttnn_xdsl.dialect.types import BFloat8BType, bfp8_b

# ---------------------------------------------------------------------------------------------
# Attributes: parse and print
# ---------------------------------------------------------------------------------------------

ROUND_TRIPS: list[tuple[str, str | None]] = [
    ("#ttnn.layout<tile>", None),
    ("#ttnn.layout<row_major>", None),
    ("#ttnn.buffer_type<l1>", None),
    ("#ttnn.tensor_memory_layout<block_sharded>", None),
    ("#ttnn.shard_orientation<col_major>", None),
    ("#ttnn.data_type<bfp8_b>", None),
    ("#ttnn.math_fidelity<hifi3>", None),
    ("#ttnn.shard_spec<grid = 8x8, shape = 32x64>", None),
    (
        "#ttnn.shard_spec<orientation = col_major, shape = 32x64, grid = 2x4>",
        "#ttnn.shard_spec<grid = 2x4, shape = 32x64, orientation = col_major>",
    ),
    ("#ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>", None),
    (
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, #ttnn.tensor_memory_layout<height_sharded>,"
        " #ttnn.shard_spec<grid = 8x1, shape = 1024x32, orientation = row_major>>",
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<"
        "grid = 8x1, shape = 1024x32, orientation = row_major>>",
    ),
    ("#ttnn.conv2d_config<>", None),
    (
        "#ttnn.conv2d_config<enable_kernel_stride_folding = true, weights_dtype = bf16>",
        "#ttnn.conv2d_config<weights_dtype = bf16, enable_kernel_stride_folding = true>",
    ),
    (
        "#ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = block_sharded, "
        "act_block_h_override = 64, act_block_w_div = 2, transpose_shards = true, "
        "full_inner_dim = false, enable_activation_reuse = true, "
        "enable_kernel_stride_folding = false>",
        # TT-NN's order of Conv2dConfig's fields.
        "#ttnn.conv2d_config<weights_dtype = bfp8_b, act_block_h_override = 64, "
        "act_block_w_div = 2, shard_layout = block_sharded, transpose_shards = true, "
        "full_inner_dim = false, enable_kernel_stride_folding = false, "
        "enable_activation_reuse = true>",
    ),
    (
        "#ttnn.conv2d_config<force_split_reader = false, "
        "override_output_sharding_config = true, padding_mode = replicate>",
        None,
    ),
    ("#ttnn.device_compute_kernel_config<>", None),
    (
        "#ttnn.device_compute_kernel_config<packer_l1_acc = true, math_fidelity = lofi>",
        "#ttnn.device_compute_kernel_config<math_fidelity = lofi, packer_l1_acc = true>",
    ),
    ("#ttnn.tensor_layout<tile>", None),
    ("#ttnn.tensor_layout<row_major>", None),
    (
        "#ttnn.tensor_layout<tile, physical = 1x1x96x32, #ttnn.memory_config<"
        "#ttnn.buffer_type<l1>, <interleaved>>>",
        "#ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>, "
        "physical = 1x1x96x32>",
    ),
]


@pytest.mark.parametrize(("text", "canonical"), ROUND_TRIPS)
def test_attribute_parse_print(ctx: Context, text: str, canonical: str | None) -> None:
    attr = parse_attr(ctx, text)
    expected = canonical or text
    assert printed(attr) == expected
    assert parse_attr(ctx, expected) == attr


def test_types_parse_print(ctx: Context) -> None:
    assert parse_type(ctx, "!ttnn.bfp8_b") == BFloat8BType() == bfp8_b
    text = "tensor<1x1x27x2x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>"
    parsed = parse_type(ctx, text)
    assert parsed == tensor_type((1, 1, 27, 2), DataType.BFLOAT8_B, physical=(1, 1, 96, 32))
    assert printed(parsed) == text


def test_attributes_built_in_python_print_as_written() -> None:
    assert printed(LayoutAttr(Layout.TILE)) == "#ttnn.layout<tile>"
    assert printed(BufferTypeAttr(BufferType.DRAM)) == "#ttnn.buffer_type<dram>"
    assert (
        printed(TensorMemoryLayoutAttr(TensorMemoryLayout.WIDTH_SHARDED))
        == "#ttnn.tensor_memory_layout<width_sharded>"
    )
    assert (
        printed(ShardOrientationAttr(ShardOrientation.ROW_MAJOR))
        == "#ttnn.shard_orientation<row_major>"
    )
    assert printed(MathFidelityAttr(MathFidelity.HIFI4)) == "#ttnn.math_fidelity<hifi4>"
    spec = ShardSpecAttr((8, 4), (64, 32), ShardOrientation.COL_MAJOR)
    assert printed(spec) == "#ttnn.shard_spec<grid = 8x4, shape = 64x32, orientation = col_major>"
    assert spec.grid_shape == (8, 4)
    assert spec.shard_shape == (64, 32)
    assert spec.shard_orientation == ShardOrientation.COL_MAJOR
    memory = MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.BLOCK_SHARDED, spec)
    assert memory.is_sharded
    assert not DRAM_INTERLEAVED.is_sharded
    assert printed(memory) == (
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, "
        "#ttnn.shard_spec<grid = 8x4, shape = 64x32, orientation = col_major>>"
    )
    config = Conv2dConfigAttr(act_block_h_override=64, full_inner_dim=True)
    assert (
        printed(config) == "#ttnn.conv2d_config<act_block_h_override = 64, full_inner_dim = true>"
    )
    read = config.conv_config()
    assert read.act_block_h_override == 64
    assert read.act_block_w_div == 1  # absent: TT-NN's default
    assert read.full_inner_dim is True
    assert read.weights_dtype is None
    kernel = DeviceComputeKernelConfigAttr(math_fidelity=MathFidelity.LOFI, fp32_dest_acc_en=True)
    assert printed(kernel) == (
        "#ttnn.device_compute_kernel_config<math_fidelity = lofi, fp32_dest_acc_en = true>"
    )
    layout = TensorLayoutAttr(Layout.TILE, memory, (1, 1, 64, 64))
    assert printed(layout) == (
        "#ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, "
        "#ttnn.shard_spec<grid = 8x4, shape = 64x32, orientation = col_major>>, "
        "physical = 1x1x64x64>"
    )


def test_shard_spec_needs_grid_and_shape() -> None:
    shape = ArrayAttr([IntAttr(32), IntAttr(32)])
    with pytest.raises(VerifyException) as error:
        ShardSpecAttr.new([NoneAttr(), shape, NoneAttr()])
    assert str(error.value) == "#ttnn.shard_spec needs a grid"
    with pytest.raises(VerifyException) as error:
        ShardSpecAttr.new([ArrayAttr([IntAttr(8)]), shape, NoneAttr()])
    assert str(error.value) == "#ttnn.shard_spec expected grid to be two positive sizes, got 8"


def test_shard_spec_without_orientation_is_row_major(ctx: Context) -> None:
    spec = parse_attr(ctx, "#ttnn.shard_spec<grid = 8x8, shape = 32x64>")
    assert isinstance(spec, ShardSpecAttr)
    assert isinstance(spec.orientation, NoneAttr)
    assert spec.shard_orientation == ShardOrientation.ROW_MAJOR


ATTRIBUTE_VERIFY_ERRORS: list[tuple[str, str]] = [
    (
        "#ttnn.conv2d_config<act_block_h_override = 48>",
        "#ttnn.conv2d_config expected act_block_h_override to be a non-negative multiple of 32, "
        "got 48",
    ),
    (
        "#ttnn.conv2d_config<act_block_w_div = 0>",
        "#ttnn.conv2d_config expected act_block_w_div to be positive, got 0",
    ),
    (
        "#ttnn.conv2d_config<shard_layout = interleaved>",
        "#ttnn.conv2d_config expected shard_layout to be height_sharded, width_sharded or "
        "block_sharded, got interleaved",
    ),
    (
        "#ttnn.shard_spec<grid = 8x0, shape = 32x32>",
        "#ttnn.shard_spec expected grid to be two positive sizes, got 8x0",
    ),
    (
        "#ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>, "
        "#ttnn.shard_spec<grid = 1x1, shape = 32x32>>",
        "#ttnn.memory_config with memory layout interleaved cannot have a shard_spec",
    ),
    (
        "#ttnn.tensor_layout<row_major, physical = 32x32>",
        "#ttnn.tensor_layout expected the tile layout with a physical shape (32x32), got row_major",
    ),
    (
        "#ttnn.tensor_layout<tile, physical = 32>",
        "#ttnn.tensor_layout expected a physical shape of rank 2 or more, got 32",
    ),
]


@pytest.mark.parametrize(("text", "message"), ATTRIBUTE_VERIFY_ERRORS)
def test_attribute_verify_errors(ctx: Context, text: str, message: str) -> None:
    with pytest.raises(VerifyException) as error:
        parse_attr(ctx, text)
    assert str(error.value) == message


def test_attribute_verify_errors_from_python() -> None:
    with pytest.raises(VerifyException) as error:
        Conv2dConfigAttr(act_block_h_override=-32)
    assert str(error.value) == (
        "#ttnn.conv2d_config expected act_block_h_override to be an unsigned 32-bit integer "
        "(0 to 4294967295), got -32"
    )
    with pytest.raises(VerifyException) as error:
        Conv2dConfigAttr(act_block_h_override=48)
    assert str(error.value) == (
        "#ttnn.conv2d_config expected act_block_h_override to be a non-negative multiple of 32, "
        "got 48"
    )
    # TT-NN's uint32_t fields: 2**32 (a multiple of 32) and 10**20 are refused as its binding
    # refuses them; 2**32 - 1 is the largest value they hold.
    for name, value in (("act_block_h_override", 2**32), ("act_block_w_div", 10**20)):
        with pytest.raises(VerifyException) as error:
            Conv2dConfigAttr(**{name: value})
        assert str(error.value) == (
            f"#ttnn.conv2d_config expected {name} to be an unsigned 32-bit integer "
            f"(0 to 4294967295), got {value}"
        )
    assert Conv2dConfigAttr(act_block_w_div=2**32 - 1).conv_config().act_block_w_div == 2**32 - 1
    with pytest.raises(VerifyException) as error:
        ShardSpecAttr((8, 8), (32, 2**32))
    assert str(error.value) == (
        "#ttnn.shard_spec expected each shape size to be an unsigned 32-bit integer "
        "(0 to 4294967295), got 4294967296"
    )
    with pytest.raises(VerifyException) as error:
        Conv2dSliceConfigAttr(Conv2dSliceType.DRAM_HEIGHT, 2**64)
    assert str(error.value) == (
        "#ttnn.conv2d_slice_config expected num_slices to be an unsigned 32-bit integer "
        "(0 to 4294967295), got 18446744073709551616"
    )
    with pytest.raises(VerifyException) as error:
        TensorLayoutAttr(Layout.TILE, physical=(1, 1, 2**32 + 32, 32))
    assert str(error.value) == (
        "#ttnn.tensor_layout expected each physical size to be an unsigned 32-bit integer "
        "(0 to 4294967295), got 4294967328"
    )
    largest = 2**32 - 32  # the largest whole number of tiles a uint32_t holds
    physical = TensorLayoutAttr(Layout.TILE, physical=(largest, 32)).physical
    assert [size.data for size in cast(ArrayAttr[IntAttr], physical).data] == [largest, 32]
    spec = ShardSpecAttr((1, 1), (32, 32))
    with pytest.raises(VerifyException) as error:
        MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.INTERLEAVED, spec)
    assert str(error.value) == (
        "#ttnn.memory_config with memory layout interleaved cannot have a shard_spec"
    )


ATTRIBUTE_PARSE_ERRORS: list[tuple[str, str]] = [
    (
        "#ttnn.conv2d_config<weights_dtype = bf16, block_h = 2>",
        "unknown #ttnn.conv2d_config field 'block_h' (expected one of: weights_dtype, "
        "activation, deallocate_activation, reallocate_halo_output, config_tensors_in_dram, "
        "act_block_h_override, act_block_w_div, reshard_if_not_optimal, "
        "override_sharding_config, shard_layout, core_grid, transpose_shards, output_layout, "
        "enable_act_double_buffer, enable_weights_double_buffer, full_inner_dim, "
        "enable_kernel_stride_folding, enable_activation_reuse, force_split_reader, "
        "override_output_sharding_config, padding_mode) or a field tt-mlir writes (in_place)",
    ),
    (
        "#ttnn.conv2d_config<full_inner_dim = true, full_inner_dim = true>",
        "duplicate #ttnn.conv2d_config field 'full_inner_dim'",
    ),
    (
        "#ttnn.conv2d_config<weights_dtype = f16>",
        "#ttnn.conv2d_config weights_dtype: expected f32, bf16 or bfp8_b, got f16",
    ),
    (
        "#ttnn.conv2d_config<transpose_shards = 1>",
        "#ttnn.conv2d_config transpose_shards: expected true or false, got 1",
    ),
    (
        "#ttnn.device_compute_kernel_config<math_fidelity = hifi5>",
        "#ttnn.device_compute_kernel_config math_fidelity: expected lofi, hifi2, hifi3 or "
        "hifi4, got hifi5",
    ),
    ("#ttnn.shard_spec<shape = 32x32>", "#ttnn.shard_spec needs the field(s): grid"),
    (
        "#ttnn.memory_config<#ttnn.layout<tile>, <interleaved>>",
        "#ttnn.memory_config expected a #ttnn.buffer_type first",
    ),
    (
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.layout<tile>>",
        "#ttnn.memory_config expected a #ttnn.shard_spec",
    ),
    ("#ttnn.layout<tiled>", "expected row_major or tile, got tiled"),
    (
        "#ttnn.tensor_layout<tile, physical = 32x32, physical = 32x32>",
        "duplicate #ttnn.tensor_layout physical shape",
    ),
    (
        "#ttnn.tensor_layout<tile, #ttnn.layout<tile>>",
        "#ttnn.tensor_layout expected a #ttnn.memory_config or 'physical = AxBx...'",
    ),
]


@pytest.mark.parametrize(("text", "message"), ATTRIBUTE_PARSE_ERRORS)
def test_attribute_parse_errors(ctx: Context, text: str, message: str) -> None:
    with pytest.raises(ParseError) as error:
        parse_attr(ctx, text)
    assert error.value.msg == message

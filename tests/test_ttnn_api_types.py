"""`ttnn_xdsl.ttnn`'s objects against TT-NN 0.81.1: enums, memory configs, cores, the conv
configs, Shape, Tensor and its conversions, the device — their constructors, reprs, equality
and errors, each expected value as TT-NN 0.81.1 printed or raised it on its mock device."""

from __future__ import annotations

import copy
import enum
import os
import subprocess
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.ttnn import device as device_module

DRAM_REPR = (
    "MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::DRAM,"
    "shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,"
    "per_core_allocation=0,range_lockstep_allocation=0)"
)


# ------------------------------------------------------------------------------------------
# Enums
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "members"),
    [
        (
            ttnn.DataType,
            "BFLOAT16 0 FLOAT32 1 UINT32 2 BFLOAT8_B 3 BFLOAT4_B 4 UINT8 5 UINT16 6 INT32 7 "
            "FP8_E4M3 8 INT8 9 INVALID 10",
        ),
        (ttnn.Layout, "ROW_MAJOR 0 TILE 1 INVALID 2"),
        (
            ttnn.TensorMemoryLayout,
            "INTERLEAVED 0 HEIGHT_SHARDED 2 WIDTH_SHARDED 3 BLOCK_SHARDED 4 ND_SHARDED 5",
        ),
        (ttnn.BufferType, "DRAM 0 L1 1 L1_SMALL 3 TRACE 4"),
        (ttnn.ShardOrientation, "ROW_MAJOR 0 COL_MAJOR 1"),
        (ttnn.StorageType, "HOST 0 DEVICE 1"),
        (ttnn.MathFidelity, "LoFi 0 HiFi2 2 HiFi3 3 HiFi4 4 Invalid 255"),
        (ttnn.Arch, "WORMHOLE_B0 2 BLACKHOLE 3 QUASAR 4"),
        (ttnn.Conv2dSliceConfig.SliceTypeEnum, "DRAMSliceHeight 0 DRAMSliceWidth 1 L1Full 2"),
    ],
)
def test_enum_members_and_values(kind: type[enum.Enum], members: str) -> None:
    words = members.split()
    assert [(m.name, m.value) for m in kind] == list(
        zip(words[::2], map(int, words[1::2]), strict=True)
    )


def test_enums_print_as_tt_nn() -> None:
    assert repr(ttnn.bfloat16) == str(ttnn.bfloat16) == "DataType.BFLOAT16"
    assert f"{ttnn.TILE_LAYOUT}" == "Layout.TILE"
    assert repr(ttnn.MathFidelity.HiFi4) == "MathFidelity.HiFi4"
    assert repr(ttnn.Conv2dDRAMSliceHeight) == "SliceTypeEnum.DRAMSliceHeight"
    assert ttnn.bfloat16 is ttnn.DataType.BFLOAT16 and ttnn.bfloat8_b is ttnn.DataType.BFLOAT8_B
    assert ttnn.float32 is ttnn.DataType.FLOAT32 and ttnn.ROW_MAJOR_LAYOUT is ttnn.Layout.ROW_MAJOR
    assert isinstance(ttnn.bfloat16, enum.Enum) and not isinstance(ttnn.bfloat16, int)
    assert ttnn.DataType.BFLOAT16 != 0
    assert ttnn.DataType(0) is ttnn.bfloat16 and ttnn.DataType["FLOAT32"] is ttnn.float32
    with pytest.raises(ValueError, match="'bfloat16' is not a valid DataType"):
        ttnn.DataType("bfloat16")
    assert len(list(ttnn.UnaryOpType)) == 119
    assert (ttnn.UnaryOpType.RELU.value, ttnn.UnaryOpType.SOFTCAP.value) == (4, 118)


# ------------------------------------------------------------------------------------------
# Memory configs and cores
# ------------------------------------------------------------------------------------------


def test_memory_configs() -> None:
    assert repr(ttnn.DRAM_MEMORY_CONFIG) == str(ttnn.DRAM_MEMORY_CONFIG) == DRAM_REPR
    assert repr(ttnn.L1_MEMORY_CONFIG) == DRAM_REPR.replace("BufferType::DRAM", "BufferType::L1")
    assert ttnn.MemoryConfig() == ttnn.DRAM_MEMORY_CONFIG
    assert ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1) == ttnn.L1_MEMORY_CONFIG
    assert hash(ttnn.MemoryConfig()) == hash(ttnn.DRAM_MEMORY_CONFIG)
    assert ttnn.DRAM_MEMORY_CONFIG != ttnn.L1_MEMORY_CONFIG and ttnn.DRAM_MEMORY_CONFIG != 3
    config = ttnn.DRAM_MEMORY_CONFIG
    assert (config.memory_layout, config.buffer_type, config.shard_spec) == (
        ttnn.TensorMemoryLayout.INTERLEAVED,
        ttnn.BufferType.DRAM,
        None,
    )
    assert config.interleaved and not config.is_sharded()
    with pytest.raises(AttributeError):
        config.buffer_type = ttnn.BufferType.L1  # type: ignore[misc]
    assert ttnn.L1_HEIGHT_SHARDED_MEMORY_CONFIG.is_sharded()


def test_sharded_memory_config() -> None:
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))})
    spec = ttnn.ShardSpec(grid, [64, 32], ttnn.ShardOrientation.ROW_MAJOR)
    text = (
        'ShardSpec{grid=[{"start":{"x":0,"y":0},"end":{"x":7,"y":7}], shape=[64, 32], '
        "orientation=ShardOrientation::ROW_MAJOR}"
    )
    assert repr(spec) == text
    assert (spec.grid, spec.shape, spec.orientation, spec.num_cores()) == (
        grid,
        [64, 32],
        ttnn.ShardOrientation.ROW_MAJOR,
        64,
    )
    assert spec == ttnn.ShardSpec(
        grid=grid, shard_shape=(64, 32), shard_orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, spec)
    assert repr(config) == (
        "MemoryConfig(memory_layout=TensorMemoryLayout::HEIGHT_SHARDED,buffer_type=BufferType::L1,"
        f"shard_spec={text},nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,"
        "per_core_allocation=0,range_lockstep_allocation=0)"
    )
    with pytest.raises(TypeError, match=r"^__init__\(\): incompatible function arguments"):
        ttnn.ShardSpec(grid, [64, 32])


def test_cores() -> None:
    assert repr(ttnn.CoreCoord(1, 2)) == "1-2" and ttnn.CoreCoord((1, 2)) == ttnn.CoreCoord(1, 2)
    assert ttnn.CoreCoord(1, 2) == (1, 2)
    core_range = ttnn.CoreRange((0, 0), (7, 7))
    assert repr(core_range) == "[0-0 - 7-7]" and repr(core_range.grid_size()) == "8-8"
    assert (core_range.start, core_range.end) == (ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))

    def cores(a: int, b: int, c: int, d: int) -> ttnn.CoreRange:
        return ttnn.CoreRange(ttnn.CoreCoord(a, b), ttnn.CoreCoord(c, d))

    # A set prints in TT-NN's order (by start, x before y); a list as given.
    assert repr(ttnn.CoreRangeSet({cores(1, 0, 1, 0), cores(0, 1, 0, 1), cores(0, 0, 0, 0)})) == (
        "{[0-0 - 0-0], [0-1 - 0-1], [1-0 - 1-0]}"
    )
    listed = ttnn.CoreRangeSet([cores(0, 9, 2, 9), cores(0, 0, 10, 8)])
    assert repr(listed) == "{[0-9 - 2-9], [0-0 - 10-8]}"
    assert listed.num_cores() == 102 and repr(listed.bounding_box()) == "[0-0 - 10-9]"
    assert repr(ttnn.CoreRangeSet([])) == "{}"
    with pytest.raises(RuntimeError) as error:
        ttnn.CoreRangeSet([cores(0, 0, 3, 3), cores(1, 1, 2, 2)])
    assert str(error.value) == (
        "Cannot create CoreRangeSet with specified core ranges because core ranges "
        "[0-0 - 3-3] and [1-1 - 2-2] overlap!"
    )
    with pytest.raises(
        RuntimeError, match=r"^Invalid core range for start_coord: 3-3, end_coord: 0-0$"
    ):
        cores(3, 3, 0, 0)
    for call in (lambda: ttnn.CoreCoord(x=1, y=2), lambda: ttnn.CoreCoord(-1, 2)):
        with pytest.raises(TypeError, match=r"^__init__\(\): incompatible function arguments"):
            call()
    with pytest.raises(AttributeError):
        ttnn.CoreCoord(1, 2).x = 5  # type: ignore[misc]


# ------------------------------------------------------------------------------------------
# Conv configs
# ------------------------------------------------------------------------------------------

DEFAULT_CONV2D_CONFIG = (
    "Conv2dConfig(weights_dtype=std::nullopt,activation=std::nullopt,deallocate_activation=0,"
    "reallocate_halo_output=1,config_tensors_in_dram=0,act_block_h_override=0,act_block_w_div=1,"
    "reshard_if_not_optimal=0,override_sharding_config=0,shard_layout=std::nullopt,"
    "core_grid=std::nullopt,transpose_shards=0,output_layout=Layout::TILE,"
    "enable_act_double_buffer=0,enable_weights_double_buffer=0,full_inner_dim=0,"
    "enable_kernel_stride_folding=std::nullopt,enable_activation_reuse=0,"
    "force_split_reader=std::nullopt,override_output_sharding_config=0,"
    "padding_mode=PaddingMode::Zeros)"
)


def test_conv2d_config() -> None:
    assert repr(ttnn.Conv2dConfig()) == str(ttnn.Conv2dConfig()) == DEFAULT_CONV2D_CONFIG
    assert ttnn.Conv1dConfig is ttnn.Conv2dConfig and ttnn.Conv1dConfig.__name__ == "Conv2dConfig"
    assert ttnn.Conv2dConfig() != ttnn.Conv2dConfig()  # no value equality, as in TT-NN
    grid = ttnn.CoreRangeSet([ttnn.CoreRange((0, 9), (2, 9)), ttnn.CoreRange((0, 0), (10, 8))])
    config = ttnn.Conv2dConfig(
        core_grid=grid,
        activation=ttnn.UnaryWithParam(ttnn.UnaryOpType.LEAKY_RELU, 0.1),
        enable_kernel_stride_folding=True,
        padding_mode=ttnn.PaddingMode.Replicate,
    )
    assert repr(config) == (
        DEFAULT_CONV2D_CONFIG.replace(
            "activation=std::nullopt",
            "activation=UnaryWithParam(op_type=UnaryOpType::LEAKY_RELU, params=[0.1])",
        )
        .replace("core_grid=std::nullopt", "core_grid={[0-9 - 2-9], [0-0 - 10-8]}")
        .replace("enable_kernel_stride_folding=std::nullopt", "enable_kernel_stride_folding=1")
        .replace("PaddingMode::Zeros", "PaddingMode::Replicate")
    )
    config.weights_dtype = ttnn.bfloat8_b
    config.act_block_h_override = 32
    config.activation = ttnn.UnaryOpType.RELU  # made a UnaryWithParam, as nanobind does
    assert (config.weights_dtype, config.act_block_h_override) == (ttnn.bfloat8_b, 32)
    assert repr(config.activation) == "UnaryWithParam(op_type=UnaryOpType::RELU)"
    with pytest.raises(TypeError) as error:
        config.act_block_h_override = -1
    assert str(error.value).splitlines()[:2] == [
        "(): incompatible function arguments. The following argument types are supported:",
        "    1. (self, arg: int, /) -> None",
    ]
    with pytest.raises(AttributeError, match="has no attribute 'nonexistent'"):
        config.nonexistent = 1
    for call in (
        lambda: ttnn.Conv2dConfig(ttnn.bfloat16),
        lambda: ttnn.Conv2dConfig(bogus=1),
        lambda: ttnn.Conv2dConfig(activation="relu"),
        lambda: ttnn.Conv2dConfig(act_block_h_override=1.5),
        lambda: ttnn.Conv2dConfig(dtype=ttnn.bfloat16),
    ):
        with pytest.raises(TypeError, match=r"^__init__\(\): incompatible function arguments"):
            call()
    copied = copy.deepcopy(config)
    assert copied is not config and repr(copied) == repr(config)
    # Accepted as TT-NN accepts them; refused where a preparation reads them.
    assert ttnn.Conv2dConfig(act_block_h_override=33).act_block_h_override == 33


def test_slice_config() -> None:
    config = ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dDRAMSliceHeight, num_slices=4)
    assert repr(config) == "Op2DSliceConfig(slice_type=SliceType::DRAM_HEIGHT,num_slices=4)"
    assert (config.slice_type, config.num_slices) == (ttnn.Conv2dDRAMSliceHeight, 4)
    config.num_slices = 3
    assert config.num_slices == 3
    assert (
        repr(ttnn.Conv2dL1FullSliceConfig)
        == "Op2DSliceConfig(slice_type=SliceType::L1_FULL,num_slices=0)"
    )
    assert ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dDRAMSliceWidth).num_slices == 0
    assert ttnn.Conv2dSliceConfig is ttnn.Op2DSliceConfig
    assert ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dL1Full) != ttnn.Conv2dL1FullSliceConfig
    assert ttnn.Op2DDRAMSliceHeight is ttnn.Conv2dSliceConfig.SliceTypeEnum.DRAMSliceHeight
    for call in (
        lambda: ttnn.Conv2dSliceConfig(),
        lambda: ttnn.Conv2dSliceConfig(ttnn.Conv2dDRAMSliceWidth, 2),
        lambda: ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dDRAMSliceWidth, num_slices=-1),
    ):
        with pytest.raises(TypeError) as error:
            call()
        assert str(error.value).splitlines()[1:3] == [
            "    1. __init__(self, *, slice_type: ttnn._ttnn.operations.sliding_window."
            "Op2DSliceConfig.SliceTypeEnum, num_slices: int) -> None",
            "    2. __init__(self, *, slice_type: ttnn._ttnn.operations.sliding_window."
            "Op2DSliceConfig.SliceTypeEnum) -> None",
        ]


def test_compute_kernel_config() -> None:
    config = ttnn.WormholeComputeKernelConfig()
    fields = ("math_fidelity", "math_approx_mode", "fp32_dest_acc_en", "packer_l1_acc")
    assert [getattr(config, name) for name in fields] == [
        ttnn.MathFidelity.Invalid,
        True,
        False,
        False,
    ]
    assert repr(config).startswith("<ttnn_xdsl.ttnn.configs.WormholeComputeKernelConfig object at")
    initial = ttnn.init_device_compute_kernel_config(ttnn.Arch.BLACKHOLE)
    assert [getattr(initial, name) for name in fields] == [
        ttnn.MathFidelity.LoFi,
        True,
        False,
        False,
    ]
    hifi = ttnn.init_device_compute_kernel_config(
        ttnn.Arch.WORMHOLE_B0,
        math_fidelity=ttnn.MathFidelity.HiFi4,
        math_approx_mode=False,
        fp32_dest_acc_en=True,
        packer_l1_acc=False,
    )
    assert [getattr(hifi, name) for name in fields] == [ttnn.MathFidelity.HiFi4, False, True, False]
    given = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi2)
    copied = ttnn.init_device_compute_kernel_config(ttnn.Arch.WORMHOLE_B0, given)
    assert copied.math_fidelity == ttnn.MathFidelity.HiFi2 and copied is not given
    assert ttnn.WormholeComputeKernelConfig() != ttnn.WormholeComputeKernelConfig()
    device = ttnn.open_device(device_id=0)
    with pytest.raises(TypeError, match=r"^init_device_compute_kernel_config\(\): incompatible"):
        ttnn.init_device_compute_kernel_config(device)
    with pytest.raises(TypeError, match=r"^__init__\(\): incompatible"):
        ttnn.WormholeComputeKernelConfig(ttnn.MathFidelity.HiFi2)


# ------------------------------------------------------------------------------------------
# Shape and Tensor
# ------------------------------------------------------------------------------------------


def test_shape() -> None:
    shape = ttnn.Shape([2, 3, 40, 50])
    assert repr(shape) == str(shape) == "Shape([2, 3, 40, 50])"
    assert (
        shape == [2, 3, 40, 50] and shape == (2, 3, 40, 50) and shape == ttnn.Shape((2, 3, 40, 50))
    )
    assert shape != [2, 3] and shape != "abc"
    assert (len(shape), shape[-1], shape[0], shape.rank, tuple(shape)) == (
        4,
        50,
        2,
        4,
        (2, 3, 40, 50),
    )
    assert hash(shape) == hash(ttnn.Shape([2, 3, 40, 50]))
    with pytest.raises(TypeError, match=r"^__getitem__\(\): incompatible function arguments"):
        shape[-2:]
    with pytest.raises(
        RuntimeError, match=r"^ShapeBase\[\] index out of range. 4 not in \[-4, 4\)$"
    ):
        shape[4]
    assert ttnn.Shape([1, 1, 5]).to_rank(2) == [1, 5] and ttnn.Shape([5]).to_rank(3) == [1, 1, 5]
    with pytest.raises(RuntimeError, match=r"^Can't convert shape rank$"):
        shape.to_rank(2)


def test_tensor_from_arrays() -> None:
    values = np.arange(2 * 3 * 40 * 50, dtype=np.float32).reshape(2, 3, 40, 50) / 100
    host = ttnn.Tensor(values, ttnn.bfloat16, None, ttnn.TILE_LAYOUT)
    assert (host.shape, host.padded_shape, host.dtype, host.layout) == (
        [2, 3, 40, 50],
        [2, 3, 64, 64],
        ttnn.bfloat16,
        ttnn.TILE_LAYOUT,
    )
    assert host.get_layout() is ttnn.TILE_LAYOUT and host.get_dtype() is ttnn.bfloat16
    assert host.storage_type() == ttnn.StorageType.HOST and host.device() is None
    assert repr(host.memory_config()) == DRAM_REPR
    assert (host.volume(), host.logical_volume()) == (24576, 12000)
    assert ttnn.Tensor(values).dtype == ttnn.float32
    assert ttnn.Tensor(values).layout == ttnn.ROW_MAJOR_LAYOUT
    assert ttnn.Tensor(
        tensor=values, data_type=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT
    ).padded_shape == [2, 3, 64, 64]
    assert ttnn.Tensor(values.astype(ml_dtypes.bfloat16)).dtype == ttnn.bfloat16
    assert ttnn.Tensor(np.ones(4, np.float32)).shape == [4]
    flat = ttnn.Tensor([1.0, 2.0, 3.0, 4.0], [1, 1, 2, 2], ttnn.float32, ttnn.ROW_MAJOR_LAYOUT)
    assert flat.shape == [1, 1, 2, 2] and flat.value.to_numpy().ravel().tolist() == [1, 2, 3, 4]
    copy = ttnn.Tensor(host)
    assert copy.value is host.value and copy is not host
    with pytest.raises(
        RuntimeError, match=r"^Layout must be Layout::TILE for bfloat8_b or bfloat4_b!$"
    ):
        ttnn.Tensor(values, ttnn.bfloat8_b, None, ttnn.ROW_MAJOR_LAYOUT)
    with pytest.raises(TypeError, match=r"^__init__\(\): incompatible function arguments"):
        ttnn.Tensor(values, dtype=ttnn.bfloat16)
    with pytest.raises(TypeError, match=r"^__init__\(\): incompatible function arguments"):
        ttnn.Tensor([1.0, 2.0])
    with pytest.raises(NotImplementedError) as error:
        ttnn.Tensor(np.arange(4, dtype=np.int32))
    assert str(error.value) == (
        "ttnn_xdsl.ttnn.Tensor does not cover tensors of DataType.INT32 (only "
        "DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B)"
    )
    with pytest.raises(RuntimeError, match="a float64 array has no TT-NN data type"):
        ttnn.Tensor(np.ones(3))
    assert ttnn.Tensor(np.ones(3), ttnn.float32).dtype == ttnn.float32
    with pytest.raises(NotImplementedError, match="does not cover TILE tensors of rank 1"):
        ttnn.Tensor(np.ones(5, np.float32), ttnn.bfloat16, None, ttnn.TILE_LAYOUT)


def test_tensor_repr_as_tt_nn_prints_it() -> None:
    """Each expected text is TT-NN 0.81.1's repr of the same tensor."""

    def text(values: object, dtype: ttnn.DataType = ttnn.float32) -> str:
        return repr(ttnn.Tensor(np.asarray(values, np.float32), dtype))

    tail = "dtype=DataType::FLOAT32, layout=Layout::ROW_MAJOR)"
    assert text(np.arange(4)) == (
        f"ttnn.Tensor([ 0.0000,  1.0000,  2.0000,  3.0000], shape=Shape([4]), {tail}"
    )
    assert text(np.arange(5)) == (
        f"ttnn.Tensor([ 0.0000,  1.0000,  ...,  3.0000,  4.0000], shape=Shape([5]), {tail}"
    )
    assert text([1e5, 2.0]) == f"ttnn.Tensor([ 1.0000e+05,  2.0000e+00], shape=Shape([2]), {tail}"
    assert text([999.0, 1.0]) == f"ttnn.Tensor([999.0000,  1.0000], shape=Shape([2]), {tail}"
    assert text([1000.0, 1.0]) == f"ttnn.Tensor([1000.0000,  1.0000], shape=Shape([2]), {tail}"
    assert (
        text([9.9e-5, 1.0]) == f"ttnn.Tensor([ 9.9000e-05,  1.0000e+00], shape=Shape([2]), {tail}"
    )
    assert text([123456.0, 100000.0]) == (
        f"ttnn.Tensor([123456.0000, 100000.0000], shape=Shape([2]), {tail}"
    )
    assert text([-0.5, np.nan, np.inf]) == (
        f"ttnn.Tensor([-0.5000,     nan,     inf], shape=Shape([3]), {tail}"
    )
    assert text([[-1.5, 2.25], [1e-3, 3]]) == (
        "ttnn.Tensor([[-1.5000e+00,  2.2500e+00],\n"
        f"             [ 1.0000e-03,  3.0000e+00]], shape=Shape([2, 2]), {tail}"
    )
    assert text(np.arange(100).reshape(10, 10)) == (
        "ttnn.Tensor([[ 0.0000,  1.0000,  ...,  8.0000,  9.0000],\n"
        "             [10.0000, 11.0000,  ..., 18.0000, 19.0000],\n"
        "             ...,\n"
        "             [80.0000, 81.0000,  ..., 88.0000, 89.0000],\n"
        f"             [90.0000, 91.0000,  ..., 98.0000, 99.0000]], shape=Shape([10, 10]), {tail}"
    )
    assert text(np.arange(12).reshape(2, 2, 3)) == (
        "ttnn.Tensor([[[ 0.0000,  1.0000,  2.0000],\n"
        "              [ 3.0000,  4.0000,  5.0000]],\n"
        "\n"
        "             [[ 6.0000,  7.0000,  8.0000],\n"
        f"              [ 9.0000, 10.0000, 11.0000]]], shape=Shape([2, 2, 3]), {tail}"
    )
    assert text(np.zeros((0, 3))) == f"ttnn.Tensor([], shape=Shape([0, 3]), {tail}"
    assert text(np.float32(2.5)) == f"ttnn.Tensor( 2.5000, shape=Shape([]), {tail}"
    assert text([3.14159, -2.5], ttnn.bfloat16) == (
        "ttnn.Tensor([ 3.1406, -2.5000], shape=Shape([2]), dtype=DataType::BFLOAT16, "
        "layout=Layout::ROW_MAJOR)"
    )


def test_from_torch_and_to_torch_with_numpy() -> None:
    values = np.random.default_rng(0).standard_normal((2, 3, 40, 50), dtype=np.float32)
    assert ttnn.from_torch(None) is None
    eight = ttnn.from_torch(values, ttnn.bfloat8_b)
    assert (eight.layout, eight.padded_shape) == (ttnn.TILE_LAYOUT, [2, 3, 64, 64])
    assert ttnn.from_torch(values).dtype == ttnn.float32
    assert ttnn.from_torch(values.astype(np.float16)).dtype == ttnn.bfloat16
    half = ttnn.from_torch(values, dtype=ttnn.bfloat16, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert half.memory_config() == ttnn.L1_MEMORY_CONFIG and half.device() is None
    back = ttnn.to_torch(half)
    assert back.dtype == ml_dtypes.bfloat16 and back.shape == (2, 3, 40, 50)
    np.testing.assert_array_equal(back, values.astype(ml_dtypes.bfloat16))
    assert ttnn.to_torch(eight).dtype == np.float32
    assert ttnn.to_torch(ttnn.from_torch(values[:1, :1])).shape == (1, 1, 40, 50)
    assert ttnn.to_torch(ttnn.from_torch(values[:1, :1]), torch_rank=2).shape == (40, 50)
    with pytest.raises(RuntimeError, match=r"^ttnn: Unable to squeeze to desired rank!$"):
        ttnn.to_torch(half, torch_rank=2)
    with pytest.raises(TypeError, match=r"takes from 1 to 2 positional arguments but 3 were given"):
        ttnn.from_torch(values, ttnn.bfloat16, ttnn.TILE_LAYOUT)  # type: ignore[misc]
    with pytest.raises(TypeError, match=r"^from_torch: expected a torch\.Tensor or a NumPy array"):
        ttnn.from_torch([1.0, 2.0])
    with pytest.raises(RuntimeError, match=r"^Layout must be Layout::TILE"):
        ttnn.from_torch(values, ttnn.bfloat8_b, layout=ttnn.ROW_MAJOR_LAYOUT)
    with pytest.raises(NotImplementedError, match=r"does not cover tensors of DataType\.UINT32"):
        ttnn.from_torch(np.arange(4))


FAKE_TORCH = '''
"""A stand-in for torch: records that it was imported; tensors wrap NumPy arrays."""
import numpy, ml_dtypes, pathlib, os
pathlib.Path(os.environ["TORCH_IMPORTED"]).write_text("imported")
class dtype:
    def __init__(self, name, numpy_dtype): self.name, self.numpy_dtype = name, numpy_dtype
    def __repr__(self): return "torch." + self.name
float32 = dtype("float32", numpy.float32)
bfloat16 = dtype("bfloat16", ml_dtypes.bfloat16)
class Tensor:
    def __init__(self, array): self._array = array
    @property
    def dtype(self): return bfloat16 if self._array.dtype == ml_dtypes.bfloat16 else float32
    @property
    def shape(self): return self._array.shape
    def detach(self): return self
    def cpu(self): return self
    def numpy(self): return self._array
    def to(self, kind): return Tensor(self._array.astype(kind.numpy_dtype))
def from_numpy(array): return Tensor(array)
'''

PROGRAM = """
import numpy, pathlib, os, sys
import ttnn_xdsl.ttnn as ttnn
marker = pathlib.Path(os.environ["TORCH_IMPORTED"])
t = ttnn.from_torch(numpy.ones((2, 3), numpy.float32), ttnn.bfloat16)
print("after a NumPy array:", marker.exists(), "torch" in sys.modules)
import torch
t = ttnn.from_torch(torch.Tensor(numpy.full((2, 3), 1.5, numpy.float32)), ttnn.bfloat16)
print("from a torch tensor:", t.dtype, t.shape)
back = ttnn.to_torch(t)
print("to_torch:", type(back).__module__, back.dtype, back.numpy().astype(numpy.float32).tolist())
"""


def test_from_torch_imports_torch_only_for_a_torch_tensor(tmp_path: Path) -> None:
    """With a torch on the path, a NumPy array does not import it; a torch tensor (told by
    its class's module) is read through it, and to_torch gives torch tensors back."""
    (tmp_path / "torch").mkdir()
    (tmp_path / "torch" / "__init__.py").write_text(FAKE_TORCH)
    marker = tmp_path / "imported"
    environment = dict(os.environ, PYTHONPATH=str(tmp_path), TORCH_IMPORTED=str(marker))
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM], env=environment, capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines() == [
        "after a NumPy array: False False",
        "from a torch tensor: DataType.BFLOAT16 Shape([2, 3])",
        "to_torch: torch torch.bfloat16 [[1.5, 1.5, 1.5], [1.5, 1.5, 1.5]]",
    ]


def test_to_device_and_from_device() -> None:
    device = ttnn.open_device(device_id=0)
    host = ttnn.from_torch(
        np.ones((1, 1, 32, 32), np.float32), ttnn.bfloat16, layout=ttnn.TILE_LAYOUT
    )
    on_device = ttnn.to_device(host, device)
    assert ttnn.is_tensor_storage_on_device(on_device) and not ttnn.is_tensor_storage_on_device(
        host
    )
    assert on_device.device() is device and on_device.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    in_l1 = ttnn.to_device(host, device, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert in_l1.memory_config() == ttnn.L1_MEMORY_CONFIG
    # Already on the device: returned as it is (TT-NN ignores memory_config then).
    again = ttnn.to_device(on_device, device, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert again is not on_device and again.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    back = ttnn.from_device(in_l1)
    assert back.device() is None and back.memory_config() == ttnn.L1_MEMORY_CONFIG
    assert ttnn.to_device(back, device).memory_config() == ttnn.DRAM_MEMORY_CONFIG
    assert ttnn.is_tensor_storage_on_device(host.to(device)) and host.to(device).device() is device
    assert not ttnn.is_tensor_storage_on_device(on_device.cpu())
    row_major = on_device.to(ttnn.ROW_MAJOR_LAYOUT)
    assert (row_major.layout, row_major.padded_shape, row_major.device()) == (
        ttnn.ROW_MAJOR_LAYOUT,
        [1, 1, 32, 32],
        device,
    )


def test_dump_and_load_tensor(tmp_path: Path) -> None:
    device = ttnn.open_device(device_id=0)
    values = np.random.default_rng(1).standard_normal((1, 1, 40, 50), dtype=np.float32)
    tensor = ttnn.from_torch(values, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    ttnn.dump_tensor(tmp_path / "t.tensorbin", tensor)
    assert (tmp_path / "t.tensorbin").read_bytes() == tensor.value.to_tensorbin()
    loaded = ttnn.load_tensor(str(tmp_path / "t.tensorbin"))
    assert loaded.value == tensor.value and loaded.device() is None
    on_device = ttnn.load_tensor(tmp_path / "t.tensorbin", device=device)
    assert on_device.device() is device and on_device.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    with pytest.raises(RuntimeError) as error:
        ttnn.dump_tensor(tmp_path / "t.bin", tensor)
    assert str(error.value) == f"File {tmp_path / 't.bin'} must have .tensorbin extension"
    with pytest.raises(RuntimeError) as error:
        ttnn.load_tensor(tmp_path / "missing.tensorbin")
    missing = tmp_path / "missing.tensorbin"
    assert (
        str(error.value) == f"Unable to load the tensor from {missing}.  The file does not exist."
    )
    (tmp_path / "bad.tensorbin").write_bytes(b"\x01")
    with pytest.raises(RuntimeError, match=r"^'.*bad.tensorbin': "):
        ttnn.load_tensor(tmp_path / "bad.tensorbin")
    with pytest.raises(NotImplementedError) as error:
        ttnn.dump_tensor(
            tmp_path / "l1.tensorbin",
            ttnn.to_device(ttnn.from_device(tensor), device, ttnn.L1_MEMORY_CONFIG),
        )
    assert str(error.value).startswith(
        "ttnn_xdsl.ttnn.dump_tensor does not cover tensors whose memory config is not DRAM "
        "interleaved (this one: BufferType.L1, TensorMemoryLayout.INTERLEAVED)"
    )
    assert not (tmp_path / "l1.tensorbin").exists()


# ------------------------------------------------------------------------------------------
# The device
# ------------------------------------------------------------------------------------------


def test_open_device(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TTNN_XDSL_DEVICE", raising=False)
    device = ttnn.open_device(device_id=0, l1_small_size=32768, trace_region_size=0)
    assert repr(device) == str(device) == "MeshDevice(1x1 grid, 1 devices)"
    assert repr(device.compute_with_storage_grid_size()) == "8-8"
    assert repr(device.core_grid) == "ttnn.CoreGrid(x=8, y=8)"
    assert device.arch() == ttnn.Arch.WORMHOLE_B0 and repr(device.dram_grid_size()) == "12-1"
    assert ttnn.Device is ttnn.MeshDevice and isinstance(device, ttnn.MeshDevice)
    assert ttnn.close_device(device) is None and ttnn.close_device(device) is None
    monkeypatch.setenv("TTNN_XDSL_DEVICE", "Blackhole_P150")
    with ttnn.manage_device(device_id=0) as blackhole:
        assert repr(blackhole.compute_with_storage_grid_size()) == "13-10"
        assert blackhole.arch() == ttnn.Arch.BLACKHOLE
    monkeypatch.setenv("TTNN_XDSL_DEVICE", "grayskull")
    with pytest.raises(RuntimeError) as error:
        ttnn.open_device(device_id=0)
    assert str(error.value) == (
        "TTNN_XDSL_DEVICE='grayskull' names no device (one of: wormhole_n150, blackhole_p150)"
    )
    monkeypatch.delenv("TTNN_XDSL_DEVICE")
    with pytest.raises(RuntimeError, match=r"^Chip to board mapping for chip 5 not found.$"):
        ttnn.open_device(device_id=5)
    for call in (
        lambda: ttnn.open_device(0),
        ttnn.open_device,
        lambda: ttnn.open_device(device_id=0, bogus=1),
    ):
        with pytest.raises(TypeError, match=r"^open_device\(\): incompatible function arguments"):
            call()
    with pytest.raises(TypeError, match=r"open a device with ttnn\.open_device"):
        ttnn.MeshDevice()


def test_progress_bars(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal, a device counts the tensors it prepared on one bar and each run's
    outermost loops on bars below it; close_device closes them."""
    made: list[list[object]] = []

    class Bar:
        def __init__(self, description: str, total: int | None, level: int) -> None:
            self.record = [description, total, level, 0, False]
            made.append(self.record)

        def update(self, n: int = 1) -> None:
            self.record[3] += n  # type: ignore[operator]

        def close(self) -> None:
            self.record[4] = True

    monkeypatch.setattr(device_module, "terminal_bars", lambda: Bar)
    device = ttnn.open_device(device_id=0)
    weight = ttnn.from_torch(np.zeros((64, 32, 3, 3), np.float32), ttnn.float32)
    for _ in range(3):
        ttnn.prepare_conv_weights(
            weight_tensor=weight,
            input_memory_config=ttnn.DRAM_MEMORY_CONFIG,
            input_layout=ttnn.TILE_LAYOUT,
            weights_format="OIHW",
            in_channels=32,
            out_channels=64,
            batch_size=1,
            input_height=32,
            input_width=32,
            kernel_size=(3, 3),
            stride=(1, 1),
            padding=(1, 1),
            dilation=(1, 1),
            has_bias=True,
            groups=1,
            device=device,
            input_dtype=ttnn.bfloat16,
        )
    count = made[0]
    assert count[:4] == ["ttnn_xdsl.ttnn: tensors prepared", None, 0, 3] and count[4] is False
    loops = made[1:]
    assert loops and all(bar[2] == 1 and bar[4] is True for bar in loops)
    assert all(bar[3] == bar[1] for bar in loops)  # each loop bar ran to its end
    ttnn.close_device(device)
    assert count[4] is True


def test_no_progress_off_a_terminal(capfd: pytest.CaptureFixture[str]) -> None:
    device = ttnn.open_device(device_id=0)
    ttnn.prepare_conv_bias(
        bias_tensor=ttnn.from_torch(np.ones((1, 1, 1, 64), np.float32), ttnn.float32),
        input_memory_config=ttnn.DRAM_MEMORY_CONFIG,
        input_layout=ttnn.TILE_LAYOUT,
        in_channels=32,
        out_channels=64,
        batch_size=1,
        input_height=32,
        input_width=32,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16),
    )
    ttnn.close_device(device)
    assert capfd.readouterr() == ("", "")

"""`conv_config.override_sharding_config` with `core_grid` through the Python API
(docs/semantics.md §6): conv2d shards its input on exactly the grid's cores and prepares the
weight for that split, computing the reference conv's values; `prepare_conv_weights` reads
neither field; TT-NN's refusals in its words. The expected shapes and memory configs are TT-NN
0.81.1's answers on its mock device (tests/data/ttnn_reference/conv2d_op/
ttnn_conv_core_grid_wormhole_N150.json.gz, cases `b3x2`, `h4`, `b3x2_transposed`; and the same
BLOCK conv without the override)."""

from __future__ import annotations

import numpy as np
import pytest

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.conv.conv_reference import reference_conv2d


@pytest.fixture
def device():
    device = ttnn.open_device(device_id=0, l1_small_size=16384)
    yield device
    ttnn.close_device(device)


def integers(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """Integers in [-4, 4] / 2 as float32: exact in bfloat16, exact sums in float32."""
    return (np.random.default_rng(seed).integers(-4, 5, shape) / 2).astype(np.float32)


def cores(*ranges: tuple[int, int, int, int]) -> ttnn.CoreRangeSet:
    """The core ranges (x0, y0, x1, y1), ends included."""
    return ttnn.CoreRangeSet(
        [
            ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))
            for x0, y0, x1, y1 in ranges
        ]
    )


def sharded(
    layout: str,
    grid: ttnn.CoreRangeSet,
    shape: tuple[int, int],
    orientation: ttnn.ShardOrientation = ttnn.ShardOrientation.ROW_MAJOR,
) -> ttnn.MemoryConfig:
    spec = ttnn.ShardSpec(grid, list(shape), orientation)
    return ttnn.MemoryConfig(ttnn.TensorMemoryLayout[layout], ttnn.BufferType.L1, spec)


def run_conv(
    device,
    conv_config: ttnn.Conv2dConfig,
    in_channels: int,
    out_channels: int,
    batch: int,
    size: int,
    memory_config: ttnn.MemoryConfig = ttnn.L1_MEMORY_CONFIG,
) -> tuple[ttnn.Tensor, ttnn.Tensor, np.ndarray]:
    """A 3×3 conv of padding 1 on a batch × size × size image from an L1 input: its output,
    returned weight and the reference conv's values (float32 accumulation)."""
    activation = integers((batch, size, size, in_channels), seed=1)
    weight = integers((out_channels, in_channels, 3, 3), seed=2)
    output, (prepared, _) = ttnn.conv2d(
        input_tensor=ttnn.from_torch(
            activation, ttnn.bfloat16, device=device, memory_config=memory_config
        ),
        weight_tensor=ttnn.from_torch(weight, ttnn.float32),
        device=device,
        in_channels=in_channels,
        out_channels=out_channels,
        batch_size=batch,
        input_height=size,
        input_width=size,
        kernel_size=(3, 3),
        padding=(1, 1),
        dtype=ttnn.float32,
        conv_config=conv_config,
        compute_config=ttnn.init_device_compute_kernel_config(
            device.arch(), math_fidelity=ttnn.MathFidelity.HiFi4, fp32_dest_acc_en=True
        ),
        return_weights_and_bias=True,
    )
    reference = reference_conv2d(activation.astype(np.float64), weight, padding=(1, 1))
    return output, prepared, reference


def values(tensor: ttnn.Tensor) -> np.ndarray:
    return np.asarray(ttnn.to_torch(ttnn.from_device(tensor)), dtype=np.float64)


BLOCK = ttnn.TensorMemoryLayout.BLOCK_SHARDED
HEIGHT = ttnn.TensorMemoryLayout.HEIGHT_SHARDED


@pytest.mark.parametrize(
    ("conv_config", "output_memory", "weight_rows"),
    [
        # BLOCK on (0, 0)-(2, 1): 3 channel cores of 32 input channels (3 × 9 × 32 weight
        # rows), 2 NHW cores; the output keeps the 2 NHW cores and splits its 256 channels over
        # the device's 8 columns.
        (
            ttnn.Conv2dConfig(
                weights_dtype=ttnn.bfloat16,
                shard_layout=BLOCK,
                override_sharding_config=True,
                core_grid=cores((0, 0, 2, 1)),
            ),
            sharded("BLOCK_SHARDED", cores((0, 0, 7, 1)), (128, 32)),
            864,
        ),
        # The same, COL_MAJOR: 3 NHW cores along x, 2 channel cores of 48 channels
        # (2 × 3 × round_up(48 · 3, 32) rows); the output on 3 × 8 cores.
        (
            ttnn.Conv2dConfig(
                weights_dtype=ttnn.bfloat16,
                shard_layout=BLOCK,
                override_sharding_config=True,
                core_grid=cores((0, 0, 2, 1)),
                transpose_shards=True,
            ),
            sharded(
                "BLOCK_SHARDED", cores((0, 0, 2, 7)), (96, 32), ttnn.ShardOrientation.COL_MAJOR
            ),
            960,
        ),
        # Without the override TT-NN splits the conv itself over the whole device.
        (
            ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16, shard_layout=BLOCK),
            sharded("BLOCK_SHARDED", cores((0, 0, 7, 7)), (32, 32)),
            1152,
        ),
    ],
)
def test_a_block_conv_runs_on_the_core_grid_as_tt_nn_does(
    device, conv_config, output_memory, weight_rows
) -> None:
    output, weight, reference = run_conv(device, conv_config, 96, 256, 1, 16)
    assert output.memory_config() == output_memory
    assert weight.padded_shape == [1, 1, weight_rows, 256]
    np.testing.assert_array_equal(values(output), reference.reshape(1, 1, 256, 256))


def test_a_height_conv_runs_on_the_core_grid_as_tt_nn_does(device) -> None:
    """2 × 32 × 32 output pixels over the 4 cores of (0, 0)-(3, 0): 512 rows a core (TT-NN
    splits it over 64 cores of 32 rows without the override)."""
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=HEIGHT,
        override_sharding_config=True,
        core_grid=cores((0, 0, 3, 0)),
    )
    output, weight, reference = run_conv(device, config, 32, 64, 2, 32)
    assert output.memory_config() == sharded("HEIGHT_SHARDED", cores((0, 0, 3, 0)), (512, 64))
    assert weight.padded_shape == [1, 1, 288, 64]
    np.testing.assert_array_equal(values(output), reference.reshape(1, 1, 2048, 64))


@pytest.mark.parametrize(
    ("layout", "grid", "in_channels", "out_channels", "batch", "size", "weight_rows"),
    [
        (BLOCK, (0, 0, 2, 1), 96, 256, 1, 16, 864),
        (HEIGHT, (0, 0, 3, 0), 32, 64, 2, 32, 288),
        (ttnn.TensorMemoryLayout.WIDTH_SHARDED, (0, 0, 3, 0), 512, 128, 1, 8, 4608),
    ],
)
def test_a_dram_input_runs_its_slice_on_the_core_grid(
    device, layout, grid, in_channels, out_channels, batch, size, weight_rows
) -> None:
    """A DRAM input: TT-NN's DRAM path reads the conv's one slice into L1 and runs conv2d_L1 on
    it with the user's conv_config (`Conv2dSliceAttr::run_L1_op`), which reshards the slice
    onto the core grid; the output is written back to DRAM. TT-NN's answers (`b3x2_dram`,
    `h4_dram`, `w4_dram`): the weight of the grid's split, the output DRAM interleaved."""
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=layout,
        override_sharding_config=True,
        core_grid=cores(grid),
    )
    output, weight, reference = run_conv(
        device, config, in_channels, out_channels, batch, size, ttnn.DRAM_MEMORY_CONFIG
    )
    assert output.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    assert weight.padded_shape == [1, 1, weight_rows, out_channels]
    pixels = batch * size * size
    np.testing.assert_array_equal(values(output), reference.reshape(1, 1, pixels, out_channels))


def test_prepare_conv_weights_reads_neither_field(device) -> None:
    """TT-NN's prepare_conv_weights prepares the weight of TT-NN's own split whatever the two
    fields say (its answer for the BLOCK conv above: [1, 1, 1152, 256])."""
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=BLOCK,
        override_sharding_config=True,
        core_grid=cores((0, 0, 2, 1)),
    )
    prepared = ttnn.prepare_conv_weights(
        weight_tensor=ttnn.from_torch(integers((256, 96, 3, 3), seed=2), ttnn.float32),
        input_memory_config=ttnn.L1_MEMORY_CONFIG,
        input_layout=ttnn.ROW_MAJOR_LAYOUT,
        weights_format="OIHW",
        in_channels=96,
        out_channels=256,
        batch_size=1,
        input_height=16,
        input_width=16,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        has_bias=False,
        groups=1,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=config,
    )
    assert prepared.padded_shape == [1, 1, 1152, 256]


OUTSIDE = (
    "Invalid shard grid: shard core ({}) has no L1 bank on this device, which has 64 of them. "
    "Derive the shard grid from the device (dram_grid_size() for DRAM, "
    "compute_with_storage_grid_size() for L1) rather than assuming a fixed size -- a harvested "
    "device exposes fewer banks than an unharvested one of the same type. An L1 shard core "
    "outside the compute grid is legal only while it is claimed via ServiceCoreManager."
)


@pytest.mark.parametrize(
    ("changes", "memory_config", "message"),
    [
        (
            dict(shard_layout=BLOCK),
            ttnn.L1_MEMORY_CONFIG,
            "Core grid must be provided when overriding sharding config",
        ),
        (
            dict(shard_layout=HEIGHT),
            sharded("HEIGHT_SHARDED", cores((0, 0, 7, 0)), (32, 96)),
            "If override_sharding_config is set, core_grid must be set as well.",
        ),
        (
            dict(core_grid=cores((0, 0, 3, 0))),
            sharded("HEIGHT_SHARDED", cores((0, 0, 7, 0)), (32, 96)),
            "If override_sharding_config is set, shard_layout must be set as well.",
        ),
        (
            dict(shard_layout=BLOCK, core_grid=cores((0, 0, 20, 20))),
            ttnn.L1_MEMORY_CONFIG,
            OUTSIDE.format("0, 8"),
        ),
        (
            dict(shard_layout=HEIGHT, core_grid=cores((0, 0, 8, 0))),
            ttnn.L1_MEMORY_CONFIG,
            OUTSIDE.format("8, 0"),
        ),
        (
            dict(shard_layout=BLOCK, core_grid=cores((1, 1, 3, 2))),
            ttnn.L1_MEMORY_CONFIG,
            "Sliding-window shard grid core 0 is 1-1 but the origin-anchored row walk addresses "
            "it as 0-0. Only an origin-anchored, row-filled grid is supported; any other grid "
            "hangs max_pool2d/avg_pool2d or silently returns wrong conv2d results (#60513).",
        ),
    ],
)
def test_the_refusals_are_tt_nn_s(device, changes, memory_config, message) -> None:
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16, override_sharding_config=True, **changes
    )
    with pytest.raises(RuntimeError) as refused:
        run_conv(device, config, 96, 256, 1, 16, memory_config)
    assert str(refused.value) == message


def test_conv_transpose2d_s_override_is_refused_as_not_modelled(device) -> None:
    """What TT-NN's conv_transpose2d does with the override is not known to the project."""
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=HEIGHT,
        override_sharding_config=True,
        core_grid=cores((0, 0, 1, 0)),
    )
    with pytest.raises(NotImplementedError) as refused:
        ttnn.conv_transpose2d(
            input_tensor=ttnn.from_torch(
                integers((1, 6, 5, 16), seed=1),
                ttnn.bfloat16,
                device=device,
                memory_config=ttnn.L1_MEMORY_CONFIG,
            ),
            weight_tensor=ttnn.from_torch(integers((16, 8, 3, 3), seed=2), ttnn.float32),
            device=device,
            in_channels=16,
            out_channels=8,
            batch_size=1,
            input_height=6,
            input_width=5,
            kernel_size=(3, 3),
            stride=(2, 2),
            padding=(1, 1),
            conv_config=config,
        )
    assert str(refused.value) == (
        "ttnn_xdsl.ttnn.conv_transpose2d does not cover this call: "
        "conv_config.override_sharding_config = true is not modelled for conv_transpose2d"
    )

"""`ttnn.conv2d`, `ttnn.conv1d` and `ttnn.conv_transpose2d` compute the conv: values against
the float64 reference conv (`conv.conv_reference`, im2col by taps) and, for the transposed
conv, a scatter written here from PyTorch's definition; each combination of
`return_output_dim` / `return_weights_and_bias`; a model's two-call pattern (the first call
prepares, the second consumes the returned device weight); refusals in TT-NN's words.

Values are small integers (and halves), so every product and sum is exact in float32 and
bfloat16 holds every input: with a float32 output the conv equals the reference exactly."""

from __future__ import annotations

import functools
import gzip
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from transposed_reference import transposed_reference

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.conv.conv_reference import reference_conv2d


@pytest.fixture
def device():
    """A device opened as TT-NN's model code opens one for convs, with 16 KiB of L1_SMALL for
    the halo's config tensors (the reference kit's device too)."""
    device = ttnn.open_device(device_id=0, l1_small_size=16384)
    yield device
    ttnn.close_device(device)


def integers(shape: tuple[int, ...], seed: int, low: int = -4, high: int = 4) -> np.ndarray:
    """Integers in [low, high] / 2 as float32: exact in bfloat16, exact sums in float32."""
    values = np.random.default_rng(seed).integers(low, high + 1, shape)
    return (values / 2).astype(np.float32)


def values(tensor: ttnn.Tensor) -> np.ndarray:
    """A tensor's logical values as float64 (to_torch gives NumPy without torch)."""
    return np.asarray(ttnn.to_torch(ttnn.from_device(tensor)), dtype=np.float64)


def conv2d_keywords(device, **changes: object) -> dict[str, object]:
    """A 3×3 conv, 16 → 32 channels, on a 2×10×12 image, padding 1, stride 1."""
    keywords: dict[str, object] = dict(
        device=device,
        in_channels=16,
        out_channels=32,
        batch_size=2,
        input_height=10,
        input_width=12,
        kernel_size=(3, 3),
        padding=(1, 1),
        dtype=ttnn.float32,
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16),
        # float32 DEST: TT-NN's default for a bfloat16 input accumulates in bfloat16.
        compute_config=ttnn.init_device_compute_kernel_config(
            device.arch(), math_fidelity=ttnn.MathFidelity.HiFi4, fp32_dest_acc_en=True
        ),
    )
    keywords.update(changes)
    return keywords


def transposed_keywords(device, **changes: object) -> dict[str, object]:
    """The transposed conv of these tests, ConvTranspose2d(16, 24, 3, stride 2, padding 1) on
    a 1×6×5 image (`output_padding` as `changes` say), else `conv2d_keywords`'."""
    geometry: dict[str, object] = dict(
        in_channels=16, out_channels=24, batch_size=1, input_height=6, input_width=5, stride=(2, 2)
    )
    return conv2d_keywords(device, **(geometry | changes))


ACTIVATION = integers((2, 10, 12, 16), seed=1)
WEIGHT = integers((32, 16, 3, 3), seed=2)
BIAS = integers((1, 1, 1, 32), seed=3)


def sharded(layout: str, last_core: tuple[int, int], shape: tuple[int, int]) -> ttnn.MemoryConfig:
    """An L1 memory config sharded over the cores (0, 0)..`last_core` (x, y), ROW_MAJOR."""
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(*last_core))])
    spec = ttnn.ShardSpec(grid, list(shape), ttnn.ShardOrientation.ROW_MAJOR)
    return ttnn.MemoryConfig(ttnn.TensorMemoryLayout[layout], ttnn.BufferType.L1, spec)


# The conv's output [1, 1, 240, 32]: 240 rows are 8 tile rows, 32 channels one tile column.
# HEIGHT: a tile row per core, 8 cores along x; BLOCK: the rows along y (ROW_MAJOR
# orientation), one column of cores; WIDTH: one core (one channel tile) with every padded row.
HEIGHT_OUTPUT = sharded("HEIGHT_SHARDED", (7, 0), (32, 32))
BLOCK_OUTPUT = sharded("BLOCK_SHARDED", (0, 7), (32, 32))
WIDTH_OUTPUT = sharded("WIDTH_SHARDED", (0, 0), (256, 32))


@pytest.mark.parametrize(
    ("memory_config", "shard_layout", "expected"),
    [
        # A DRAM input runs on TT-NN's DRAM path: the output is DRAM interleaved.
        (ttnn.DRAM_MEMORY_CONFIG, None, ttnn.DRAM_MEMORY_CONFIG),
        (ttnn.L1_MEMORY_CONFIG, "HEIGHT_SHARDED", HEIGHT_OUTPUT),
        (ttnn.L1_MEMORY_CONFIG, "BLOCK_SHARDED", BLOCK_OUTPUT),
        (ttnn.L1_MEMORY_CONFIG, "WIDTH_SHARDED", WIDTH_OUTPUT),
    ],
)
def test_conv2d_values_equal_the_reference(device, memory_config, shard_layout, expected) -> None:
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=None if shard_layout is None else ttnn.TensorMemoryLayout[shard_layout],
    )
    activation = ttnn.from_torch(
        ACTIVATION, ttnn.bfloat16, device=device, memory_config=memory_config
    )
    output = ttnn.conv2d(
        input_tensor=activation,
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        bias_tensor=ttnn.from_torch(BIAS, ttnn.float32),
        **conv2d_keywords(device, conv_config=config),
    )
    reference = reference_conv2d(
        ACTIVATION.astype(np.float64), WEIGHT, padding=(1, 1), bias=BIAS.reshape(-1)
    )
    assert output.shape == [1, 1, 2 * 10 * 12, 32]
    assert output.padded_shape == [1, 1, 256, 32]
    assert (output.dtype, output.layout) == (ttnn.float32, ttnn.TILE_LAYOUT)
    assert ttnn.is_tensor_storage_on_device(output)
    assert output.memory_config() == expected
    np.testing.assert_array_equal(values(output), reference)


# TT-NN 0.81.1 on its mock device (the reference kit), the conv above from an L1 input: the
# given memory_config places its [1, 1, 256, 32] (padded) output, checked as to_device checks
# it; from a DRAM input (TT-NN's DRAM path) the output is DRAM interleaved whatever it says.
@pytest.mark.parametrize(
    ("input_memory", "memory_config", "expected"),
    [
        (ttnn.L1_MEMORY_CONFIG, WIDTH_OUTPUT, WIDTH_OUTPUT),
        (
            ttnn.L1_MEMORY_CONFIG,
            sharded("HEIGHT_SHARDED", (0, 0), (32, 32)),
            "conv2d: memory_config's shard spec (shard shape [32, 32] on 1 cores, "
            "HEIGHT_SHARDED) does not fit the tensor of physical shape [1, 1, 256, 32]: Number "
            "of shards along height 8 must not exceed number of cores 1",
        ),
        (
            ttnn.L1_MEMORY_CONFIG,
            ttnn.L1_HEIGHT_SHARDED_MEMORY_CONFIG,
            "conv2d: memory_config is HEIGHT_SHARDED without a shard spec, which TT-NN 0.81.1 "
            "cannot place a tensor by (it fails: bad optional access); give one: "
            "ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, "
            "ttnn.ShardSpec(cores, shard_shape, orientation)), or "
            "ttnn.create_sharded_memory_config(shape, core_grid, strategy)",
        ),
        (
            ttnn.DRAM_MEMORY_CONFIG,
            sharded("HEIGHT_SHARDED", (0, 0), (32, 32)),
            ttnn.DRAM_MEMORY_CONFIG,
        ),
    ],
)
def test_the_output_memory_config_is_placed_as_tt_nn_places_it(
    device, input_memory, memory_config, expected
) -> None:
    keywords = dict(
        input_tensor=ttnn.from_torch(
            ACTIVATION, ttnn.bfloat16, device=device, memory_config=input_memory
        ),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        memory_config=memory_config,
        **conv2d_keywords(device),
    )
    if isinstance(expected, str):
        with pytest.raises(RuntimeError) as refused:
            ttnn.conv2d(**keywords)
        assert str(refused.value) == expected
        return
    output = ttnn.conv2d(**keywords)
    assert output.memory_config() == expected
    reference = reference_conv2d(ACTIVATION.astype(np.float64), WEIGHT, padding=(1, 1))
    np.testing.assert_array_equal(values(output), reference)


def test_bfloat16_accumulation_is_the_reference_within_its_rounding(device) -> None:
    # TT-NN's default compute config for a bfloat16 input: DEST in bfloat16, a bfloat16
    # output. Each of the three K blocks (kernel rows) rounds its sum to bfloat16 and the
    # partials and the output are bfloat16: within 4 bfloat16 steps (2⁻⁸ relative) of
    # Σ|a·w|, and not exact.
    output = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        **conv2d_keywords(device, dtype=None, compute_config=None),
    )
    assert output.dtype == ttnn.bfloat16
    exact = reference_conv2d(ACTIVATION.astype(np.float64), WEIGHT, padding=(1, 1))
    magnitude = reference_conv2d(np.abs(ACTIVATION), np.abs(WEIGHT), padding=(1, 1))
    error = np.abs(values(output) - exact)
    assert np.all(error <= 4 * 2.0**-8 * magnitude)
    assert np.count_nonzero(error) > 0


# The newcomer's conv_transpose2d, ConvTranspose2d(32, 16, 3, stride 2, padding 1,
# output_padding 1) on a 1×4×4 image: standard normal values (not the small integers above,
# whose sums are exact in either accumulator), each a bfloat16, so that a bfloat16 input or
# weight holds them exactly and only the accumulation rounds.
def bfloat16_normals(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """Standard normal values rounded to bfloat16 (kept as float32): their top 16 bits."""
    drawn = np.random.default_rng(seed).standard_normal(shape).astype(np.float32)
    return (drawn.view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32)


UPSAMPLE_ACTIVATION = bfloat16_normals((1, 4, 4, 32), seed=11)
UPSAMPLE_WEIGHT = bfloat16_normals((32, 16, 3, 3), seed=12)  # IOHW
UPSAMPLE_BIAS = bfloat16_normals((1, 1, 1, 16), seed=13)
UPSAMPLE_FLOAT32_ROUNDINGS = 2 * 9 + 3 + 32 * 3 * 3
"""docs/semantics.md §9.9's float32 bound, `(2·K + 3 + L)` roundings of `Σ|a·w| + |b|` with
`L = KH·KW·Cin = 288` products and at most `K = 9` K blocks (one a kernel tap)."""


def upsample(device, input_dtype, weights_dtype) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The upsampling conv with no compute config and a float32 output: its output, the float64
    reference (`transposed_reference` plus the bias) and `Σ|a·w| + |b|`."""
    output = ttnn.conv_transpose2d(
        input_tensor=ttnn.from_torch(UPSAMPLE_ACTIVATION, input_dtype),
        weight_tensor=ttnn.from_torch(UPSAMPLE_WEIGHT, ttnn.float32),
        bias_tensor=ttnn.from_torch(UPSAMPLE_BIAS, ttnn.float32),
        device=device,
        in_channels=32,
        out_channels=16,
        batch_size=1,
        input_height=4,
        input_width=4,
        kernel_size=(3, 3),
        stride=(2, 2),
        padding=(1, 1),
        output_padding=(1, 1),
        dtype=ttnn.float32,
        conv_config=ttnn.Conv2dConfig(weights_dtype=weights_dtype),
    )
    # (4 − 1)·2 − 2 + 3 + 1 = 8: an 8×8 output.
    assert output.shape == [1, 1, 64, 16] and output.dtype == ttnn.float32
    geometry = ((2, 2), (1, 1), (1, 1))
    exact = transposed_reference(UPSAMPLE_ACTIVATION, UPSAMPLE_WEIGHT.astype(np.float64), *geometry)
    magnitude = transposed_reference(
        np.abs(UPSAMPLE_ACTIVATION), np.abs(UPSAMPLE_WEIGHT), *geometry
    )
    bias = UPSAMPLE_BIAS.reshape(-1).astype(np.float64)
    return values(output), exact + bias, magnitude + np.abs(bias)


def test_a_float32_conv_transpose2d_accumulates_in_float32_by_default(device) -> None:
    # TT-NN 0.81.1's conv_transpose2d without a compute config takes
    # get_conv_default_compute_kernel_config(device, input dtype, weights dtype): float32
    # DEST for a float32 input with float32 weights, as conv2d's. Accumulated in bfloat16
    # (the project's default before) it is off by up to 0.167, 169 times the float32 bound.
    output, exact, magnitude = upsample(device, ttnn.float32, ttnn.float32)
    error = np.abs(output - exact)
    assert np.all(error <= UPSAMPLE_FLOAT32_ROUNDINGS * 2.0**-24 * magnitude)
    assert np.count_nonzero(error) > 0


@pytest.mark.parametrize(
    ("input_dtype", "weights_dtype"),
    [(ttnn.bfloat16, ttnn.float32), (ttnn.float32, ttnn.bfloat16)],
    ids=["bfloat16 input", "bfloat16 weights"],
)
def test_a_conv_transpose2d_not_all_float32_accumulates_in_bfloat16(
    device, input_dtype, weights_dtype
) -> None:
    # Either dtype bfloat16 (its values held exactly), the default DEST is bfloat16: with the
    # float32 output, beyond the float32 bound, within the bfloat16 one (at most 9 K blocks).
    output, exact, magnitude = upsample(device, input_dtype, weights_dtype)
    error = np.abs(output - exact)
    assert np.any(error > UPSAMPLE_FLOAT32_ROUNDINGS * 2.0**-24 * magnitude)
    assert np.all(error <= (2 * 9 + 3) * 2.0**-8 * magnitude)


@dataclass(frozen=True)
class ReturnCase:
    """A conv whose results are checked with each combination of `return_output_dim` and
    `return_weights_and_bias`: the conv, its inputs and keywords, its output dims and shape,
    and its reference values."""

    conv: Callable[..., Any]
    activation: np.ndarray
    weight: np.ndarray
    keywords: Callable[[Any], dict[str, object]]
    dims: tuple[int, int]
    output_shape: list[int]
    reference: Callable[[], np.ndarray]


TRANSPOSED_ACTIVATION = integers((1, 6, 5, 16), seed=8)
TRANSPOSED_WEIGHT = integers((16, 24, 3, 3), seed=9)  # IOHW

RETURN_CASES = {
    "conv2d": ReturnCase(
        ttnn.conv2d,
        ACTIVATION,
        WEIGHT,
        lambda device: conv2d_keywords(device, stride=(2, 2)),
        # (10 + 2 − 3) // 2 + 1 = 5, (12 + 2 − 3) // 2 + 1 = 6
        (5, 6),
        [1, 1, 2 * 5 * 6, 32],
        lambda: reference_conv2d(
            ACTIVATION.astype(np.float64), WEIGHT, stride=(2, 2), padding=(1, 1)
        ),
    ),
    # TT-NN 0.81.1's conv_transpose2d returns as conv2d does: the output, then (OH, OW), then
    # the device (weight, bias) — the bias None without one.
    "conv_transpose2d": ReturnCase(
        ttnn.conv_transpose2d,
        TRANSPOSED_ACTIVATION,
        TRANSPOSED_WEIGHT,
        transposed_keywords,
        # (6 − 1)·2 − 2 + 3 = 11, (5 − 1)·2 − 2 + 3 = 9
        (11, 9),
        [1, 1, 11 * 9, 24],
        lambda: transposed_reference(
            TRANSPOSED_ACTIVATION, TRANSPOSED_WEIGHT, (2, 2), (1, 1), (0, 0)
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(RETURN_CASES))
def test_return_combinations(device, name: str) -> None:
    case = RETURN_CASES[name]

    def call(**flags: bool):
        return case.conv(
            input_tensor=ttnn.from_torch(case.activation, ttnn.bfloat16),
            weight_tensor=ttnn.from_torch(case.weight, ttnn.float32),
            **case.keywords(device),
            **flags,
        )

    plain = call()
    assert isinstance(plain, ttnn.Tensor)
    output, dims = call(return_output_dim=True)
    assert dims == case.dims and output.shape == case.output_shape
    output, (weight, bias) = call(return_weights_and_bias=True)
    assert isinstance(weight, ttnn.Tensor) and bias is None
    output, dims, (weight, bias) = call(return_output_dim=True, return_weights_and_bias=True)
    assert dims == case.dims and bias is None
    assert ttnn.is_tensor_storage_on_device(weight) and weight.layout == ttnn.TILE_LAYOUT
    reference = case.reference()
    for result in (output, plain):
        np.testing.assert_array_equal(values(result), reference)


@pytest.mark.parametrize("shard_layout", ["HEIGHT_SHARDED", "BLOCK_SHARDED", "WIDTH_SHARDED"])
def test_returning_the_weights_changes_neither_output_nor_its_memory_config(
    device, shard_layout
) -> None:
    # With return_weights_and_bias the conv reads the weights it prepared and returns (each
    # prepared once); without, it prepares them inside: the same bytes, the same placement.
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout[shard_layout]
    )
    keywords = dict(
        input_tensor=ttnn.from_torch(
            ACTIVATION, ttnn.bfloat16, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
        ),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        bias_tensor=ttnn.from_torch(BIAS, ttnn.float32),
        **conv2d_keywords(device, conv_config=config),
    )
    plain = ttnn.conv2d(**keywords)
    returned, _ = ttnn.conv2d(**keywords, return_weights_and_bias=True)
    assert returned.memory_config() == plain.memory_config()
    assert returned.memory_config().shard_spec is not None
    assert returned.value.to_bytes() == plain.value.to_bytes()


def test_a_model_prepares_through_the_first_call_and_consumes_after(device, tmp_path: Path) -> None:
    # A model's layer: the first call prepares the host weight and bias and returns them on
    # the device; later calls pass those, which TT-NN consumes as given.
    keywords = conv2d_keywords(device, memory_config=None)
    weight = ttnn.from_torch(WEIGHT, ttnn.float32)
    bias = ttnn.from_torch(BIAS, ttnn.float32)
    first, (device_weight, device_bias) = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
        weight_tensor=weight,
        bias_tensor=bias,
        return_weights_and_bias=True,
        **keywords,
    )
    # The returned weight is the one prepare_conv_weights makes for this conv.
    prepared = ttnn.prepare_conv_weights(
        weight_tensor=weight,
        input_memory_config=ttnn.DRAM_MEMORY_CONFIG,
        input_layout=ttnn.ROW_MAJOR_LAYOUT,
        weights_format="OIHW",
        in_channels=16,
        out_channels=32,
        batch_size=2,
        input_height=10,
        input_width=12,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        has_bias=True,
        groups=1,
        device=device,
        input_dtype=ttnn.bfloat16,
        output_dtype=ttnn.float32,
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16),
    )
    ttnn.dump_tensor(tmp_path / "a.tensorbin", device_weight)
    ttnn.dump_tensor(tmp_path / "b.tensorbin", prepared)
    assert (tmp_path / "a.tensorbin").read_bytes() == (tmp_path / "b.tensorbin").read_bytes()
    second_input = integers((2, 10, 12, 16), seed=4)
    second = ttnn.conv2d(
        input_tensor=ttnn.from_torch(second_input, ttnn.bfloat16),
        weight_tensor=device_weight,
        bias_tensor=device_bias,
        **keywords,
    )
    bias_values = BIAS.reshape(-1)
    for output, activation in ((first, ACTIVATION), (second, second_input)):
        reference = reference_conv2d(
            activation.astype(np.float64), WEIGHT, padding=(1, 1), bias=bias_values
        )
        np.testing.assert_array_equal(values(output), reference)


def test_the_flattened_tile_output_of_a_conv_feeds_the_next(device) -> None:
    # TT-NN's conv output [1, 1, N·OH·OW, C] (TILE, float32 here, on the device) is the
    # next conv's input as it is.
    first = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        **conv2d_keywords(device),
    )
    assert first.shape == [1, 1, 240, 32] and first.layout == ttnn.TILE_LAYOUT
    second_weight = integers((8, 32, 1, 1), seed=5)
    second = ttnn.conv2d(
        input_tensor=first,
        weight_tensor=ttnn.from_torch(second_weight, ttnn.float32),
        **conv2d_keywords(
            device, in_channels=32, out_channels=8, kernel_size=(1, 1), padding=(0, 0)
        ),
    )
    hidden = reference_conv2d(ACTIVATION.astype(np.float64), WEIGHT, padding=(1, 1))
    hidden = hidden.reshape(2, 10, 12, 32)
    np.testing.assert_array_equal(values(second), reference_conv2d(hidden, second_weight))


@pytest.mark.parametrize(("padding", "sides"), [(2, (2, 2)), ((1, 3), (1, 3)), (None, (0, 0))])
def test_conv1d_values_and_length(device, padding, sides) -> None:
    # The weight [O, I, K] as PyTorch's; the input [N, L, C] (rank 3, TT-NN reshapes it to
    # [N, 1, L, C]); padding p on both sides or [left, right], or not given (TT-NN's default
    # 0: a newcomer's minimal call once failed on it); stride 2. The output length
    # (40 + left + right − 5) // 2 + 1.
    activation = integers((2, 40, 16), seed=6)
    weight = integers((32, 16, 5), seed=7)
    output, length, (prepared, bias) = ttnn.conv1d(
        input_tensor=ttnn.from_torch(activation, ttnn.bfloat16),
        weight_tensor=ttnn.from_torch(weight, ttnn.float32),
        device=device,
        in_channels=16,
        out_channels=32,
        batch_size=2,
        input_length=40,
        kernel_size=5,
        stride=2,
        **({} if padding is None else {"padding": padding}),
        dtype=ttnn.float32,
        conv_config=ttnn.Conv1dConfig(weights_dtype=ttnn.bfloat16),
        compute_config=conv2d_keywords(device)["compute_config"],
        return_output_dim=True,
        return_weights_and_bias=True,
    )
    assert length == (40 + sum(sides) - 5) // 2 + 1 and bias is None
    assert output.shape == [1, 1, 2 * length, 32]
    reference = reference_conv2d(
        activation.reshape(2, 1, 40, 16),
        weight.reshape(32, 16, 1, 5),
        stride=(1, 2),
        padding=(0, 0, *sides),
    )
    np.testing.assert_array_equal(values(output), reference)
    assert prepared.shape[-1] == 32 and ttnn.is_tensor_storage_on_device(prepared)


@pytest.mark.parametrize(
    ("memory_config", "shard_layout", "buffer_type"),
    [
        (ttnn.L1_MEMORY_CONFIG, ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1),
        (ttnn.DRAM_MEMORY_CONFIG, None, ttnn.BufferType.DRAM),
    ],
)
def test_conv_transpose2d_values(device, memory_config, shard_layout, buffer_type) -> None:
    # semantics.md §7.2's example: ConvTranspose2d(16, 24, 3, stride=2, padding=1,
    # output_padding=1) on a 1×6×5 TILE input: a 12×10 output.
    activation = integers((1, 6, 5, 16), seed=8)
    weight = integers((16, 24, 3, 3), seed=9)  # IOHW
    bias = integers((1, 1, 1, 24), seed=10)
    keywords = transposed_keywords(
        device,
        input_tensor=ttnn.from_torch(
            activation,
            ttnn.bfloat16,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=memory_config,
        ),
        weight_tensor=ttnn.from_torch(weight, ttnn.float32),
        bias_tensor=ttnn.from_torch(bias, ttnn.float32),
        output_padding=(1, 1),
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16, shard_layout=shard_layout),
        return_output_dim=True,
    )
    output, dims = ttnn.conv_transpose2d(**keywords)
    assert dims == (12, 10) and output.shape == [1, 1, 120, 24]
    assert output.memory_config().buffer_type == buffer_type
    reference = transposed_reference(activation, weight, (2, 2), (1, 1), (1, 1))
    np.testing.assert_array_equal(values(output), reference + bias.reshape(-1))
    # The prepared (mirrored) weight and bias it returns, given back, compute the same.
    keywords["return_weights_and_bias"] = True
    _, _, (device_weight, device_bias) = ttnn.conv_transpose2d(**keywords)
    keywords |= dict(weight_tensor=device_weight, bias_tensor=device_bias)
    keywords["return_weights_and_bias"] = False
    again, _ = ttnn.conv_transpose2d(**keywords)
    assert again.value.to_bytes() == output.value.to_bytes()


def test_conv_transpose2d_checks_its_memory_config_on_its_l1_path(device) -> None:
    # TT-NN 0.81.1 on its mock device: the [1, 1, 120, 24] output (padded [1, 1, 128, 32]) in
    # shards 24 wide is refused; from DRAM the same memory_config is ignored.
    keywords = dict(
        weight_tensor=ttnn.from_torch(integers((16, 24, 3, 3), seed=9), ttnn.float32),
        device=device,
        in_channels=16,
        out_channels=24,
        batch_size=1,
        input_height=6,
        input_width=5,
        kernel_size=(3, 3),
        stride=(2, 2),
        padding=(1, 1),
        output_padding=(1, 1),
        conv_config=ttnn.Conv2dConfig(
            weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
        ),
        memory_config=sharded("HEIGHT_SHARDED", (1, 0), (64, 24)),
    )
    activation = integers((1, 6, 5, 16), seed=8)
    with pytest.raises(RuntimeError) as refused:
        ttnn.conv_transpose2d(
            input_tensor=ttnn.from_torch(
                activation,
                ttnn.bfloat16,
                layout=ttnn.TILE_LAYOUT,
                device=device,
                memory_config=ttnn.L1_MEMORY_CONFIG,
            ),
            **keywords,
        )
    assert str(refused.value) == (
        "conv_transpose2d: memory_config's shard spec (shard shape [64, 24] on 2 cores, "
        "HEIGHT_SHARDED) does not fit the tensor of physical shape [1, 1, 128, 32]: Physical "
        "shard shape (64, 24) must be tile {32, 32} sized!"
    )
    output = ttnn.conv_transpose2d(
        input_tensor=ttnn.from_torch(
            activation, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device
        ),
        **keywords,
    )
    assert output.memory_config() == ttnn.DRAM_MEMORY_CONFIG


@pytest.mark.parametrize(
    ("function", "weight_shape", "keyword"),
    [
        ("conv2d", (32, 16, 3, 3), "slice_config"),
        ("conv_transpose2d", (16, 32, 3, 3), "dram_slice_config"),
    ],
)
def test_a_dram_slice_config_on_an_l1_input_is_refused_as_tt_nn_refuses(
    device, function, weight_shape, keyword
) -> None:
    # TT-NN 0.81.1 on its mock device, both functions: "Conv DRAM expects the input tensor to
    # be in DRAM." (once accepted, run as from DRAM).
    slices = ttnn.Conv2dSliceConfig(
        slice_type=ttnn.Conv2dSliceConfig.SliceTypeEnum.DRAMSliceHeight, num_slices=2
    )
    with pytest.raises(RuntimeError) as refused:
        getattr(ttnn, function)(
            input_tensor=ttnn.from_torch(
                ACTIVATION, ttnn.bfloat16, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
            ),
            weight_tensor=ttnn.from_torch(integers(weight_shape, seed=2), ttnn.float32),
            **{keyword: slices},
            **conv2d_keywords(device),
        )
    assert str(refused.value) == (
        "TT-NN 0.81.1's conv2d refuses this conv: Conv DRAM expects the input tensor to be in "
        "DRAM. (a dram_height slice config, the input in L1)"
    )


def test_a_tile_host_weight_is_refused_in_tt_nn_words(device) -> None:
    weight = ttnn.from_torch(WEIGHT, ttnn.float32, layout=ttnn.TILE_LAYOUT)
    with pytest.raises(RuntimeError) as error:
        ttnn.conv2d(
            input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
            weight_tensor=weight,
            **conv2d_keywords(device),
        )
    assert str(error.value) == (
        "conv2d: weight_tensor is a ttnn.float32 tensor in ttnn.TILE_LAYOUT on the host; "
        'TT-NN 0.81.1 prepares ROW_MAJOR host weights ("Host conv weights layout should be in '
        'row_major layout"): pass ttnn.to_layout(weight_tensor, ttnn.ROW_MAJOR_LAYOUT)'
    )


def test_a_prepared_weight_on_the_host_is_told_to_go_on_the_device(device) -> None:
    """A prepared weight brought to the host (ttnn.load_tensor without a device, or
    ttnn.from_device): TILE, TT-NN 0.81.1 refuses it ("Host conv weights layout should be in
    row_major layout", checked on its mock device) — and its untilized form, which TT-NN
    prepares again as an OIHW weight and fails on ("Block height 32 must be >= inner
    dimension 136"), was a shape error here: both name the fix, the weight on the device,
    which then runs as the weight conv2d prepared."""
    keywords = conv2d_keywords(device)
    output, (prepared, _) = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        return_weights_and_bias=True,
        **keywords,
    )
    on_the_host = ttnn.from_device(prepared)
    assert list(on_the_host.shape) == [1, 1, 144, 32]
    advice = (
        "weight_tensor has a prepared weight's shape [1, 1, 144, 32] ([1, 1, K, out_channels]), "
        "and TT-NN takes a weight on the device as prepared: put it there, "
        "ttnn.to_device(weight_tensor, device) or ttnn.load_tensor(path, device=device)"
    )
    expected = {
        ttnn.TILE_LAYOUT: (
            "conv2d: weight_tensor is a ttnn.bfloat16 tensor in ttnn.TILE_LAYOUT on the host; "
            'TT-NN 0.81.1 prepares ROW_MAJOR host weights ("Host conv weights layout should be '
            f'in row_major layout"): {advice}'
        ),
        ttnn.ROW_MAJOR_LAYOUT: (
            "conv2d: a weight_tensor on the host is the OIHW weight the conv prepares, "
            f"[32, 16, 3, 3]; {advice}"
        ),
    }
    for layout, message in expected.items():
        with pytest.raises(RuntimeError) as error:
            ttnn.conv2d(
                input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
                weight_tensor=ttnn.to_layout(on_the_host, layout),
                **keywords,
            )
        assert str(error.value) == message
    again = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
        weight_tensor=ttnn.to_device(on_the_host, device),
        **keywords,
    )
    np.testing.assert_array_equal(values(again), values(output))


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_a_conv_with_a_bias_and_no_conv_config_prepares_in_the_weight_s_dtype(
    device, dtype: str
) -> None:
    """TT-NN 0.81.1's conv2d without conv_config fills weights_dtype from the weight before
    preparing the bias (its mock device: a 3 → 17 conv's f32 weight and bias come back f32,
    bf16 ones bf16, the weight [1, 1, 27, 17] in [1, 1, 96, 32]); here it was refused,
    "prepare_conv_bias needs conv_config.weights_dtype". The output is the one of
    conv_config=ttnn.Conv2dConfig(weights_dtype=<the weight's dtype>), and the caller's
    config is not changed."""
    keywords = conv2d_keywords(device, conv_config=None)
    tensor_dtype = getattr(ttnn, dtype)

    def conv(**changes: object):
        return ttnn.conv2d(
            input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
            weight_tensor=ttnn.from_torch(WEIGHT, tensor_dtype),
            bias_tensor=ttnn.from_torch(BIAS, tensor_dtype),
            return_weights_and_bias=True,
            **(keywords | changes),
        )

    output, (weight, bias) = conv()
    assert (weight.dtype, bias.dtype) == (tensor_dtype, tensor_dtype)
    assert (list(weight.shape), list(bias.shape)) == ([1, 1, 144, 32], [1, 1, 1, 32])
    config = ttnn.Conv2dConfig()
    output_without_dtype, _ = conv(conv_config=config)
    assert config.weights_dtype is None
    given, _ = conv(conv_config=ttnn.Conv2dConfig(weights_dtype=tensor_dtype))
    np.testing.assert_array_equal(values(output), values(given))
    np.testing.assert_array_equal(values(output_without_dtype), values(given))


def test_a_bias_prepared_for_another_conv_is_refused_as_tt_nn_refuses(device) -> None:
    # The program factory's check prepare does not make (semantics.md §9.3): a 64-channel
    # conv's prepared bias (2 tiles wide) beside a 32-channel conv's weight (1 tile).
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
    )

    def prepared(out_channels: int, seed: int) -> tuple[ttnn.Tensor, ttnn.Tensor]:
        _, (weight, bias) = ttnn.conv2d(
            input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
            weight_tensor=ttnn.from_torch(integers((out_channels, 16, 3, 3), seed), ttnn.float32),
            bias_tensor=ttnn.from_torch(integers((1, 1, 1, out_channels), seed), ttnn.float32),
            return_weights_and_bias=True,
            **conv2d_keywords(device, out_channels=out_channels, conv_config=config),
        )
        return weight, bias

    weight, _ = prepared(32, seed=11)
    _, wide_bias = prepared(64, seed=12)
    with pytest.raises(RuntimeError) as error:
        ttnn.conv2d(
            input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
            weight_tensor=weight,
            bias_tensor=wide_bias,
            **conv2d_keywords(device, conv_config=config),
        )
    assert str(error.value) == "Bias tiles (2) must equal weight matrix width in tiles (1)"


def test_a_host_bias_beside_a_device_weight_is_refused(device) -> None:
    keywords = conv2d_keywords(device)
    _, (weight, _) = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        return_weights_and_bias=True,
        **keywords,
    )
    with pytest.raises(RuntimeError, match=r"^conv2d: bias_tensor is on the host and "):
        ttnn.conv2d(
            input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
            weight_tensor=weight,
            bias_tensor=ttnn.from_torch(BIAS, ttnn.float32),
            **keywords,
        )


def test_a_call_tt_nn_does_not_accept(device) -> None:
    with pytest.raises(TypeError) as error:
        ttnn.conv2d(
            input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
            weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
            **conv2d_keywords(device, kernel_size=3),
        )
    lines = str(error.value).splitlines()
    assert lines[1] == "ttnn.conv2d(): incompatible function arguments."
    assert lines[-1] == (
        "Not accepted by ttnn_xdsl: kernel_size=3: expected a sequence of 2 ints, got int."
    )


def test_a_row_major_output_holds_the_same_values(device) -> None:
    """A ROW_MAJOR output of a conv run in L1 (from an L1 input)."""
    config = ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16, output_layout=ttnn.ROW_MAJOR_LAYOUT)
    output = ttnn.conv2d(
        input_tensor=ttnn.from_torch(
            ACTIVATION, ttnn.bfloat16, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
        ),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        **conv2d_keywords(device, conv_config=config),
    )
    assert output.layout == ttnn.ROW_MAJOR_LAYOUT and output.shape == [1, 1, 240, 32]
    reference = reference_conv2d(ACTIVATION.astype(np.float64), WEIGHT, padding=(1, 1))
    np.testing.assert_array_equal(values(output), reference)


def test_a_row_major_output_from_dram_is_tile(device) -> None:
    """TT-NN's DRAM path returns its output TILE whatever `output_layout` says (its answers:
    every such output TILE)."""
    config = ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16, output_layout=ttnn.ROW_MAJOR_LAYOUT)
    output = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        **conv2d_keywords(device, conv_config=config),
    )
    assert output.layout == ttnn.TILE_LAYOUT and output.shape == [1, 1, 240, 32]
    reference = reference_conv2d(ACTIVATION.astype(np.float64), WEIGHT, padding=(1, 1))
    np.testing.assert_array_equal(values(output), reference)


def test_a_device_weight_prepared_for_another_input_is_refused(device) -> None:
    # Prepared for a ROW_MAJOR input (16 channels stay 16: three kernel rows of 64 rows),
    # then given with a TILE input, whose weight has 96-row K blocks: the kernels would
    # read past the 192 rows.
    l1_input = dict(device=device, memory_config=ttnn.L1_MEMORY_CONFIG)
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
    )
    keywords = conv2d_keywords(device, conv_config=config)
    _, (weight, _) = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16, **l1_input),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        return_weights_and_bias=True,
        **keywords,
    )
    assert weight.padded_shape == [1, 1, 192, 32]
    tile_input = ttnn.from_torch(ACTIVATION, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, **l1_input)
    with pytest.raises(RuntimeError) as error:
        ttnn.conv2d(input_tensor=tile_input, weight_tensor=weight, **keywords)
    assert str(error.value) == (
        "conv2d: the device weight_tensor [1, 1, 192, 32] is not the weight this conv reads (K "
        "block "
        "2 reads weight row 287 but the prepared weight has 192 rows): prepared for other "
        "parameters? TT-NN's kernels would read beyond it"
    )


def test_an_unprepared_weight_on_the_device_is_named_by_its_whole_shape(device) -> None:
    # TT-NN takes a device weight as prepared; an OIHW weight moved to the device is not one.
    # The refusal names its shape (a newcomer read "[3, 3]", its last two dims only).
    weight = ttnn.from_torch(WEIGHT, ttnn.bfloat16, device=device)
    with pytest.raises(RuntimeError) as error:
        ttnn.conv2d(
            input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
            weight_tensor=weight,
            **conv2d_keywords(device),
        )
    assert str(error.value).startswith(
        "conv2d: the device weight_tensor [32, 16, 3, 3] is not the weight this conv reads ("
    )


def test_bfloat8_b_weights_on_the_dram_path_run_as_tt_nn_s_conv2d_prepares_them(device) -> None:
    # prepare_conv_weights refuses bfloat8_b weights for a conv run from DRAM; TT-NN's conv2d
    # plans them as bfloat16 and typecasts the prepared weight (its own path). The halves in
    # [-2, 2] are exact in bfloat8_b (a shared exponent per 16 values, 7 mantissa bits), so
    # with float32 accumulation and output the conv equals the reference.
    output, (weight, _) = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16, device=device),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        return_weights_and_bias=True,
        **conv2d_keywords(device, conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat8_b)),
    )
    # The bfloat16 plan's shape: 3 kernel rows of round_up(3 · 16, 32) = 64 rows.
    assert weight.dtype == ttnn.bfloat8_b and weight.padded_shape == [1, 1, 192, 32]
    assert output.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    reference = reference_conv2d(ACTIVATION.astype(np.float64), WEIGHT, padding=(1, 1))
    np.testing.assert_array_equal(values(output), reference)


def test_a_conv_whose_l1_tt_nn_cannot_allocate_is_refused_in_its_words() -> None:
    # TT-NN 0.81.1's own answer (tests/data/ttnn_reference/conv2d_l1/, dev set r0225, on a
    # device opened with l1_small_size=16384, as models open it for convs): a 1×1 BLOCK conv
    # of a 224×224 row-major L1 input; the matmul's output does not fit.
    device = ttnn.open_device(device_id=0, l1_small_size=16384)
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
        act_block_h_override=96,
        act_block_w_div=2,
    )
    with pytest.raises(RuntimeError) as error:
        ttnn.conv2d(
            input_tensor=ttnn.from_torch(
                np.zeros((1, 224, 224, 64), np.float32),
                ttnn.bfloat16,
                device=device,
                memory_config=ttnn.L1_MEMORY_CONFIG,
            ),
            weight_tensor=ttnn.from_torch(np.zeros((96, 64, 1, 1), np.float32)),
            bias_tensor=ttnn.from_torch(np.zeros((1, 1, 1, 96), np.float32)),
            device=device,
            in_channels=64,
            out_channels=96,
            batch_size=1,
            input_height=224,
            input_width=224,
            kernel_size=(1, 1),
            conv_config=config,
        )
    ttnn.close_device(device)
    assert str(error.value) == (
        "Out of Memory: Not enough space to allocate 9633792 B L1 buffer across 8 banks, where "
        "each bank needs to store 1204224 B, but bank size is 1376928 B (allocated: 903168 B, "
        "free: 473760 B, largest free block: 373408 B)."
    )


@pytest.mark.parametrize(
    ("shard_layout", "expected"),
    [
        ("HEIGHT_SHARDED", HEIGHT_OUTPUT),
        ("BLOCK_SHARDED", BLOCK_OUTPUT),
        ("WIDTH_SHARDED", WIDTH_OUTPUT),
    ],
)
def test_a_chain_of_convs_with_outputs_in_l1(device, shard_layout, expected) -> None:
    # TT-NN's model pattern: conv → conv → conv, each output sharded in L1 with its shard
    # spec and given as it is to the next conv, which (no shard_layout asked) shards as its
    # input is sharded. 3×3 16 → 32 with bias, 3×3 32 → 32, 1×1 32 → 16; every value stays
    # exact in float32 (weights of the later convs in {-1/2, 0, 1/2}).
    first_config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout[shard_layout]
    )
    weights = [WEIGHT, integers((32, 32, 3, 3), 20, -1, 1), integers((16, 32, 1, 1), 21, -1, 1)]
    layers = [
        conv2d_keywords(device, conv_config=first_config),
        conv2d_keywords(device, in_channels=32),
        conv2d_keywords(
            device, in_channels=32, out_channels=16, kernel_size=(1, 1), padding=(0, 0)
        ),
    ]
    tensor = ttnn.from_torch(
        ACTIVATION, ttnn.bfloat16, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
    )
    hidden = ACTIVATION.astype(np.float64)
    for index, (weight, keywords) in enumerate(zip(weights, layers, strict=True)):
        bias = BIAS if index == 0 else None
        tensor = ttnn.conv2d(
            input_tensor=tensor,
            weight_tensor=ttnn.from_torch(weight, ttnn.float32),
            bias_tensor=None if bias is None else ttnn.from_torch(bias, ttnn.float32),
            **keywords,
        )
        padding = keywords["padding"]
        hidden = reference_conv2d(
            hidden, weight, padding=padding, bias=None if bias is None else bias.reshape(-1)
        )
        np.testing.assert_array_equal(values(tensor), hidden)
        hidden = hidden.reshape(2, 10, 12, -1)
        # 16 channels are one tile column as 32 are: every output is sharded alike.
        assert tensor.memory_config() == expected
        assert ttnn.is_tensor_storage_on_device(tensor)


def test_an_l1_output_over_cores_laid_row_by_row_feeds_the_next_conv(device) -> None:
    # 56·56 = 3136 rows are 98 tile rows: TT-NN's HEIGHT split over 49 cores, two tile rows
    # each, fills 6 rows of 8 cores and one core of the 7th. The next conv takes that input as
    # it is (49 cores, no reshard: its output has the same shard spec) and computes the conv.
    image = integers((1, 56, 56, 16), seed=22)
    second_weight = integers((32, 32, 1, 1), seed=23)
    keywords = conv2d_keywords(
        device,
        batch_size=1,
        input_height=56,
        input_width=56,
        conv_config=ttnn.Conv2dConfig(
            weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
        ),
    )
    first = ttnn.conv2d(
        input_tensor=ttnn.from_torch(
            image, ttnn.bfloat16, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
        ),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        **keywords,
    )
    spec = first.memory_config().shard_spec
    assert str(spec.grid) == "{[0-0 - 7-5], [0-6 - 0-6]}" and spec.shape == [64, 32]
    second = ttnn.conv2d(
        input_tensor=first,
        weight_tensor=ttnn.from_torch(second_weight, ttnn.float32),
        **dict(
            keywords,
            in_channels=32,
            kernel_size=(1, 1),
            padding=(0, 0),
            conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16),
        ),
    )
    assert second.memory_config() == first.memory_config()
    hidden = reference_conv2d(image.astype(np.float64), WEIGHT, padding=(1, 1))
    np.testing.assert_array_equal(values(first), hidden)
    np.testing.assert_array_equal(values(second), reference_conv2d(hidden, second_weight))


def test_an_l1_sharded_input_without_its_shard_spec_says_what_to_do(device) -> None:
    # A tensor labelled sharded in L1 without a shard spec (to_layout keeps the memory_config
    # it is given; a conv refuses such a memory_config on its L1 path and ignores it on its
    # DRAM path, as TT-NN 0.81.1 does): a next conv that would read the spec says so, and the
    # way through DRAM runs.
    output = ttnn.conv2d(
        input_tensor=ttnn.from_torch(ACTIVATION, ttnn.bfloat16),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        **conv2d_keywords(device, memory_config=ttnn.L1_HEIGHT_SHARDED_MEMORY_CONFIG),
    )
    assert output.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    first = ttnn.to_layout(
        output, ttnn.TILE_LAYOUT, memory_config=ttnn.L1_HEIGHT_SHARDED_MEMORY_CONFIG
    )
    assert first.memory_config() == ttnn.L1_HEIGHT_SHARDED_MEMORY_CONFIG
    second_weight = integers((8, 32, 1, 1), seed=13)
    second = conv2d_keywords(
        device, in_channels=32, out_channels=8, kernel_size=(1, 1), padding=(0, 0)
    )
    with pytest.raises(NotImplementedError) as error:
        ttnn.conv2d(
            input_tensor=first,
            weight_tensor=ttnn.from_torch(second_weight, ttnn.float32),
            **second,
        )
    assert str(error.value) == (
        "ttnn_xdsl.ttnn.conv2d does not cover this call: input_tensor is HEIGHT_SHARDED in L1 "
        "without a shard spec, which TT-NN's conv reads; pass it through DRAM: "
        "ttnn.to_device(ttnn.from_device(t), device, ttnn.DRAM_MEMORY_CONFIG), or give the "
        "conv memory_config=ttnn.DRAM_MEMORY_CONFIG"
    )
    through_dram = ttnn.to_device(ttnn.from_device(first), device, ttnn.DRAM_MEMORY_CONFIG)
    output = ttnn.conv2d(
        input_tensor=through_dram,
        weight_tensor=ttnn.from_torch(second_weight, ttnn.float32),
        **second,
    )
    hidden = reference_conv2d(ACTIVATION.astype(np.float64), WEIGHT, padding=(1, 1))
    np.testing.assert_array_equal(
        values(output), reference_conv2d(hidden.reshape(2, 10, 12, 32), second_weight)
    )


def test_a_conv_transpose2d_output_in_l1_feeds_the_next_conv(device) -> None:
    # The transposed conv's L1 output carries TT-NN's shard spec (4 cores of 32 rows:
    # TT-NN's answer `t_l1_height_row_major`), which the next conv reads as it is.
    activation = integers((1, 6, 5, 16), seed=8)
    weight = integers((16, 24, 3, 3), seed=9)  # IOHW
    first = ttnn.conv_transpose2d(
        input_tensor=ttnn.from_torch(
            activation, ttnn.bfloat16, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
        ),
        weight_tensor=ttnn.from_torch(weight, ttnn.float32),
        **transposed_keywords(
            device,
            output_padding=(1, 1),
            conv_config=ttnn.Conv2dConfig(
                weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
            ),
        ),
    )
    assert first.memory_config() == sharded("HEIGHT_SHARDED", (3, 0), (32, 32))
    second_weight = integers((8, 24, 1, 1), seed=13)
    second = conv2d_keywords(
        device,
        in_channels=24,
        out_channels=8,
        batch_size=1,
        input_height=12,
        input_width=10,
        kernel_size=(1, 1),
        padding=(0, 0),
    )
    output = ttnn.conv2d(
        input_tensor=first,
        weight_tensor=ttnn.from_torch(second_weight, ttnn.float32),
        **second,
    )
    hidden = transposed_reference(activation, weight, (2, 2), (1, 1), (1, 1))
    np.testing.assert_array_equal(
        values(output), reference_conv2d(hidden.reshape(1, 12, 10, 24), second_weight)
    )


REFERENCE = Path(__file__).parent / "data" / "ttnn_reference" / "conv2d_op"
TRANSPOSED_ANSWERS = json.loads(
    (REFERENCE / "api_conv_transpose2d_wormhole_N150.json").read_text(encoding="utf-8")
)
"""TT-NN 0.81.1's own conv_transpose2d on 8 calls (the reference kit's query_conv.py)."""


def _memory_config_answer(memory: ttnn.MemoryConfig) -> dict[str, object]:
    """A memory config in the reference kit's words."""
    answer: dict[str, object] = {
        "memory_layout": memory.memory_layout.name,
        "buffer_type": memory.buffer_type.name,
    }
    if memory.shard_spec is not None:
        spec = memory.shard_spec
        answer["shard_spec"] = {
            "grid": [[r.start.x, r.start.y, r.end.x, r.end.y] for r in spec.grid.ranges()],
            "shape": list(spec.shape),
            "orientation": spec.orientation.name,
            "num_cores": spec.num_cores(),
        }
    return answer


TRANSPOSED_ACTIVATION = integers((1, 6, 5, 16), seed=8)
TRANSPOSED_WEIGHT = integers((16, 24, 3, 3), seed=9)  # IOHW
TRANSPOSED_BIAS = integers((1, 1, 1, 24), seed=10)


def transposed_call(case: dict, device) -> dict[str, object]:
    """The keywords of ConvTranspose2d(16, 24, 3, stride=2, padding=1, output_padding=1) on
    the 1×6×5 input, as an answer of the reference kit asked it (its input's place and
    layout, its conv config, a bias or not)."""
    written = case["conv_config"]
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=(
            ttnn.TensorMemoryLayout[written["shard_layout"] + "_SHARDED"]
            if "shard_layout" in written
            else None
        ),
        output_layout=ttnn.Layout[written.get("output_layout", "TILE")],
        config_tensors_in_dram=written.get("config_tensors_in_dram", False),
    )
    memory = ttnn.DRAM_MEMORY_CONFIG if case["mem"] == "DRAM" else ttnn.L1_MEMORY_CONFIG
    return dict(
        input_tensor=ttnn.from_torch(
            TRANSPOSED_ACTIVATION,
            ttnn.bfloat16,
            layout=ttnn.Layout[case["layout"]],
            device=device,
            memory_config=memory,
        ),
        weight_tensor=ttnn.from_torch(TRANSPOSED_WEIGHT, ttnn.float32),
        bias_tensor=ttnn.from_torch(TRANSPOSED_BIAS, ttnn.float32) if case["bias"] else None,
        **transposed_keywords(
            device,
            output_padding=(1, 1),
            conv_config=config,
        ),
    )


def transposed_values(case: dict) -> np.ndarray:
    """The reference output of `transposed_call`'s conv."""
    reference = transposed_reference(
        TRANSPOSED_ACTIVATION, TRANSPOSED_WEIGHT, (2, 2), (1, 1), (1, 1)
    )
    return reference + TRANSPOSED_BIAS.reshape(-1) if case["bias"] else reference


@pytest.mark.parametrize("case_id", sorted(TRANSPOSED_ANSWERS))
def test_conv_transpose2d_returns_what_tt_nn_returns(device, case_id: str) -> None:
    # ConvTranspose2d(16, 24, 3, stride=2, padding=1, output_padding=1) on a 1×6×5 input
    # under each input place and shard layout: the output (its memory config, layout, shapes,
    # dtype, dims) and the prepared weight and bias are TT-NN's; the values the reference's.
    case = TRANSPOSED_ANSWERS[case_id]
    output, dims, (device_weight, device_bias) = ttnn.conv_transpose2d(
        **transposed_call(case, device), return_output_dim=True, return_weights_and_bias=True
    )
    assert _memory_config_answer(output.memory_config()) == case["output_memory_config"]
    assert f"Layout.{output.layout.name}" == case["output_layout"]
    assert f"DataType.{output.dtype.name}" == case["output_dtype"]
    assert list(dims) == case["output_dims"]
    assert output.shape == case["output_logical_shape"]
    # A ROW_MAJOR output too (t_l1_height_output_row_major: [1, 1, 120, 24] padded to
    # [1, 1, 128, 32]).
    assert output.padded_shape == case["output_padded_shape"]
    prepared = [("weight", device_weight)] + ([("bias", device_bias)] if case["bias"] else [])
    for role, tensor in prepared:
        assert tensor.shape == case[f"{role}_logical_shape"]
        assert tensor.padded_shape == case[f"{role}_padded_shape"]
        assert f"DataType.{tensor.dtype.name}" == case[f"{role}_dtype"]
    np.testing.assert_array_equal(values(output), transposed_values(case))


ROW_MAJOR_ANSWERS = REFERENCE / "ttnn_conv_row_major_targeted_wormhole_N150.json.gz"
"""TT-NN 0.81.1's own conv2d on convs written to pad a ROW_MAJOR output beyond whole tiles."""


def test_a_row_major_output_has_tt_nn_s_padded_shape(device) -> None:
    # TT-NN's t0014: a 3×3 BLOCK conv, 256 → 288 channels on a 10×10 image, asked for a
    # ROW_MAJOR output: [1, 1, 100, 288] padded to [1, 1, 128, 320] (9 output tiles over 5
    # channel cores of 2 tiles), more than whole tiles; its values are the TILE output's.
    with gzip.open(ROW_MAJOR_ANSWERS, "rt") as text:
        case = json.load(text)["t0014"]
    activation = integers((1, 10, 10, 256), seed=21)
    weight = integers((288, 256, 3, 3), seed=22)

    def conv(output_layout: ttnn.Layout) -> ttnn.Tensor:
        config = ttnn.Conv2dConfig(
            weights_dtype=ttnn.bfloat16,
            shard_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
            output_layout=output_layout,
        )
        return ttnn.conv2d(
            input_tensor=ttnn.from_torch(
                activation.reshape(1, 1, 100, 256),
                ttnn.bfloat16,
                device=device,
                memory_config=ttnn.L1_MEMORY_CONFIG,
            ),
            weight_tensor=ttnn.from_torch(weight, ttnn.float32),
            **conv2d_keywords(
                device,
                in_channels=256,
                out_channels=288,
                batch_size=1,
                input_height=10,
                input_width=10,
                dtype=ttnn.bfloat16,
                conv_config=config,
            ),
        )

    output = conv(ttnn.ROW_MAJOR_LAYOUT)
    assert output.layout == ttnn.ROW_MAJOR_LAYOUT
    assert _memory_config_answer(output.memory_config()) == case["output_memory_config"]
    assert output.shape == case["output_logical_shape"] == [1, 1, 100, 288]
    assert output.padded_shape == case["output_padded_shape"] == [1, 1, 128, 320]
    # TT-NN keeps the padded shape on the host, and counts it in volume() (asked of TT-NN).
    assert ttnn.from_device(output).padded_shape == [1, 1, 128, 320]
    assert (output.volume(), output.logical_volume()) == (128 * 320, 100 * 288)
    tiled = conv(ttnn.TILE_LAYOUT)
    assert tiled.padded_shape == [1, 1, 128, 288]  # a TILE output: whole tiles only
    np.testing.assert_array_equal(values(output), values(tiled))


L1_SMALL_ANSWERS = json.loads(
    (REFERENCE / "api_l1_small_wormhole_N150.json").read_text(encoding="utf-8")
)
"""TT-NN 0.81.1's own conv2d (this file's 3×3 conv, its input HEIGHT-sharded in L1 or in
DRAM; `DEPTHWISE_CONV1D`) and conv_transpose2d (`TRANSPOSED_ANSWERS`' calls) on a device
opened with `l1_small_size` 0 (ids `…_s0`) or 16384 (`…_s16384`), and with
`config_tensors_in_dram` on an `l1_small_size` of 0 (`…_dram`): the reference kit's
query_conv.py."""


def halo_conv2d(
    device, memory_config: ttnn.MemoryConfig, shard_layout, **config: bool
) -> tuple[ttnn.Tensor, np.ndarray]:
    """This file's 3×3 conv with bias, its input in `memory_config`: the output and the
    reference."""
    output = ttnn.conv2d(
        input_tensor=ttnn.from_torch(
            ACTIVATION, ttnn.bfloat16, device=device, memory_config=memory_config
        ),
        weight_tensor=ttnn.from_torch(WEIGHT, ttnn.float32),
        bias_tensor=ttnn.from_torch(BIAS, ttnn.float32),
        **conv2d_keywords(
            device,
            conv_config=ttnn.Conv2dConfig(
                weights_dtype=ttnn.bfloat16, shard_layout=shard_layout, **config
            ),
        ),
    )
    reference = reference_conv2d(
        ACTIVATION.astype(np.float64), WEIGHT, padding=(1, 1), bias=BIAS.reshape(-1)
    )
    return output, reference


DEPTHWISE_ACTIVATION = integers((1, 64, 32), seed=16)
DEPTHWISE_WEIGHT = integers((32, 1, 4), seed=17)


def depthwise_conv1d(
    device, input_dtype: ttnn.DataType = ttnn.bfloat16, **config: bool
) -> tuple[ttnn.Tensor, np.ndarray]:
    """Mamba's depthwise conv1d (groups = channels, kernel 4, padding 3 both sides, then the
    first L outputs are kept; TT-NN's elementwise-tap path), HEIGHT sharded in L1, float32
    DEST and output: the output and the reference (the taps' products and sums are exact)."""
    output, length = ttnn.conv1d(
        input_tensor=ttnn.from_torch(
            DEPTHWISE_ACTIVATION, input_dtype, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
        ),
        weight_tensor=ttnn.from_torch(DEPTHWISE_WEIGHT, ttnn.float32),
        device=device,
        in_channels=32,
        out_channels=32,
        batch_size=1,
        input_length=64,
        kernel_size=4,
        padding=3,
        groups=32,
        dtype=ttnn.float32,
        conv_config=ttnn.Conv1dConfig(
            weights_dtype=ttnn.bfloat16,
            shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
            **config,
        ),
        compute_config=conv2d_keywords(device)["compute_config"],
        return_output_dim=True,
    )
    assert length == 64 + 3 + 3 - 4 + 1 and output.shape == [1, 1, length, 32]
    reference = reference_conv2d(
        DEPTHWISE_ACTIVATION.reshape(1, 1, 64, 32),
        DEPTHWISE_WEIGHT.reshape(32, 1, 1, 4),
        padding=(0, 3),
        groups=32,
    )
    return output, reference


@pytest.mark.parametrize(
    ("name", "conv"),
    [
        (
            "conv2d_l1",
            functools.partial(
                halo_conv2d,
                memory_config=ttnn.L1_MEMORY_CONFIG,
                shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
            ),
        ),
        (
            "conv2d_dram",
            functools.partial(
                halo_conv2d, memory_config=ttnn.DRAM_MEMORY_CONFIG, shard_layout=None
            ),
        ),
        ("conv1d_l1", depthwise_conv1d),
    ],
)
def test_a_conv_whose_halo_needs_l1_small_is_refused_on_a_default_device(name, conv) -> None:
    # `open_device(device_id=0)` is TT-NN's default device: an L1_SMALL region of 0 B, where
    # the halo cannot place its config tensors. TT-NN refuses the conv there, in these words,
    # and runs it on a device opened as models open one for convs, or with the config tensors
    # in DRAM.
    def run(sizes: dict[str, int], **config: bool) -> dict[str, object]:
        device = ttnn.open_device(device_id=0, **sizes)
        try:
            output, reference = conv(device, **config)
            np.testing.assert_array_equal(values(output), reference)
            return _memory_config_answer(output.memory_config())
        finally:
            ttnn.close_device(device)

    with pytest.raises(RuntimeError) as error:
        run({})
    assert str(error.value) == L1_SMALL_ANSWERS[f"{name}_s0"]["error_info"]
    assert str(error.value).startswith("Out of Memory: Not enough space to allocate ")
    for sizes, config, answer in (
        ({"l1_small_size": 16384}, {}, "s16384"),
        ({}, {"config_tensors_in_dram": True}, "dram"),
    ):
        memory = run(sizes, **config)
        assert memory == L1_SMALL_ANSWERS[f"{name}_{answer}"]["output_memory_config"]


@pytest.mark.parametrize("case_id", sorted(TRANSPOSED_ANSWERS))
def test_conv_transpose2d_on_a_default_device_refuses_what_tt_nn_refuses(case_id) -> None:
    refused = L1_SMALL_ANSWERS[f"{case_id}_s0"]
    in_dram = L1_SMALL_ANSWERS[f"{case_id}_dram"]
    assert "L1_SMALL buffer" in refused["error_info"] and "error" not in in_dram
    device = ttnn.open_device(device_id=0)
    try:
        with pytest.raises(RuntimeError) as error:
            ttnn.conv_transpose2d(**transposed_call(refused, device))
        assert str(error.value) == (
            f"TT-NN 0.81.1's conv2d refuses this conv: {refused['error_info']}"
        )
        # The config tensors in DRAM: TT-NN runs it on the same device.
        output = ttnn.conv_transpose2d(**transposed_call(in_dram, device))
        assert _memory_config_answer(output.memory_config()) == in_dram["output_memory_config"]
        np.testing.assert_array_equal(values(output), transposed_values(in_dram))
    finally:
        ttnn.close_device(device)


DEV_SET = json.loads(
    gzip.decompress(
        (REFERENCE / "ttnn_conv_transpose2d_wormhole_N150_s103.json.gz").read_bytes()
    ).decode("utf-8")
)
"""TT-NN's own conv_transpose2d on the dev set's draws (what it accepts and refuses)."""


def dev_set_call(case: dict, device) -> dict[str, object]:
    """The conv_transpose2d call of a dev-set case (zeros: only TT-NN's decisions matter)."""
    written = dict(case["conv_config"])
    layout = written.pop("shard_layout", None)
    weights_dtype = written.pop("weights_dtype")
    config = ttnn.Conv2dConfig(
        weights_dtype=getattr(ttnn, weights_dtype),
        shard_layout=None if layout is None else ttnn.TensorMemoryLayout[layout + "_SHARDED"],
        **written,
    )
    pixels = case["N"] * case["H"] * case["W"]
    channels, out_channels = case["in_channels"], case["O"]
    memory = ttnn.DRAM_MEMORY_CONFIG if case["mem"] == "DRAM" else ttnn.L1_MEMORY_CONFIG
    bias = np.zeros((1, 1, 1, out_channels), np.float32)
    return dict(
        input_tensor=ttnn.from_torch(
            np.zeros((1, 1, pixels, channels), np.float32),
            getattr(ttnn, case["input_dtype"]),
            layout=ttnn.Layout[case["layout"]],
            device=device,
            memory_config=memory,
        ),
        weight_tensor=ttnn.from_torch(
            np.zeros((channels, out_channels, *case["kernel"]), np.float32), ttnn.float32
        ),
        bias_tensor=ttnn.from_torch(bias, ttnn.float32) if case["bias"] else None,
        device=device,
        in_channels=channels,
        out_channels=out_channels,
        batch_size=case["N"],
        input_height=case["H"],
        input_width=case["W"],
        kernel_size=case["kernel"],
        stride=case["stride"],
        padding=case["pad"],
        output_padding=case["output_padding"],
        dilation=case["dilation"],
        mirror_kernel=case["mirror_kernel"],
        conv_config=config,
    )


@pytest.mark.parametrize("case_id", ["r0140", "r0178", "r0187"])
def test_conv_transpose2d_refuses_what_tt_nn_refuses_in_its_words(device, case_id) -> None:
    # r0140: the conv program's circular buffers beyond the L1; r0178: its output buffer out
    # of memory (WIDTH, one core); r0187: the WIDTH factory's check of the weight (a DRAM
    # input). TT-NN's message word for word.
    case = DEV_SET[case_id]
    with pytest.raises(RuntimeError) as error:
        ttnn.conv_transpose2d(**dev_set_call(case, device))
    assert str(error.value) == f"TT-NN 0.81.1's conv2d refuses this conv: {case['error_info']}"


def test_bfloat8_b_weights_of_a_conv_transpose2d_from_dram_as_tt_nn_returns_them(device) -> None:
    # r0169: TT-NN's conv_transpose2d accepts bfloat8_b weights from a DRAM input (it
    # prepares them on a path of its own, which prepare_conv_transpose2d_weights refuses):
    # its output and its prepared weight and bias, as TT-NN returned them.
    case = DEV_SET["r0169"]
    assert "error" not in case and case["weight_dtype"] == "DataType.BFLOAT8_B"
    output, dims, (device_weight, device_bias) = ttnn.conv_transpose2d(
        **dev_set_call(case, device), return_output_dim=True, return_weights_and_bias=True
    )
    assert _memory_config_answer(output.memory_config()) == case["output_memory_config"]
    assert case["N"] * dims[0] * dims[1] == case["output_logical_shape"][2]
    assert output.shape == case["output_logical_shape"]
    assert output.padded_shape == case["output_padded_shape"]
    prepared = [("weight", device_weight)] + ([("bias", device_bias)] if case["bias"] else [])
    for role, tensor in prepared:
        assert tensor.shape == case[f"{role}_logical_shape"]
        assert tensor.padded_shape == case[f"{role}_padded_shape"]
        assert f"DataType.{tensor.dtype.name}" == case[f"{role}_dtype"]


def test_conv_transpose2d_in_dram_slices(device) -> None:
    # TT-NN's DRAM path in two height slices: the weight prepared for the first slice's
    # equivalent conv, which every slice reads; ConvTranspose2d(16, 8, 4, stride=2,
    # padding=1) doubles a 40×40 input.
    activation = integers((1, 40, 40, 16), seed=14)
    weight = integers((16, 8, 4, 4), seed=15)
    output, dims = ttnn.conv_transpose2d(
        input_tensor=ttnn.from_torch(activation, ttnn.bfloat16, device=device),
        weight_tensor=ttnn.from_torch(weight, ttnn.float32),
        device=device,
        in_channels=16,
        out_channels=8,
        batch_size=1,
        input_height=40,
        input_width=40,
        kernel_size=(4, 4),
        stride=(2, 2),
        padding=(1, 1),
        dtype=ttnn.float32,
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16),
        compute_config=conv2d_keywords(device)["compute_config"],
        dram_slice_config=ttnn.Conv2dSliceConfig(
            slice_type=ttnn.Conv2dDRAMSliceHeight, num_slices=2
        ),
        return_output_dim=True,
    )
    assert dims == (80, 80) and output.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    reference = transposed_reference(activation, weight, (2, 2), (1, 1), (0, 0))
    np.testing.assert_array_equal(values(output), reference)


@pytest.mark.parametrize("input_dtype", [ttnn.bfloat16, ttnn.float32])
def test_a_depthwise_conv1d_equals_the_reference(device, input_dtype) -> None:
    output, reference = depthwise_conv1d(device, input_dtype)
    np.testing.assert_array_equal(values(output), reference)
    assert output.memory_config().memory_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED


def test_a_conv1d_input_of_another_length_names_its_shapes_in_conv1d_terms(device) -> None:
    # The refusal once named the conv2d's view of it: "expected an input of shape
    # [1, 1, 30, 16] (batch_size, input_height, input_width, in_channels), got [1, 1, 32, 16]"
    # for an input the caller gave as [1, 32, 16], by parameters conv1d does not have.
    with pytest.raises(RuntimeError) as refusal:
        ttnn.conv1d(
            input_tensor=ttnn.from_torch(integers((1, 32, 16), seed=18), ttnn.bfloat16),
            weight_tensor=ttnn.from_torch(integers((16, 1, 4), seed=19), ttnn.float32),
            device=device,
            in_channels=16,
            out_channels=16,
            batch_size=1,
            input_length=30,
            kernel_size=4,
            padding=3,
            groups=16,
            conv_config=ttnn.Conv1dConfig(weights_dtype=ttnn.bfloat16),
        )
    assert str(refusal.value) == (
        "expected an input of shape [1, 30, 16] (batch_size, input_length, in_channels) or "
        "[1, 1, 30, 16], got [1, 32, 16]"
    )


@pytest.mark.parametrize(
    ("input_shape", "weight_shape", "message"),
    [
        (
            (2, 1, 64, 16),
            (8, 16, 3),
            "expected an input of shape [2, 32, 16] (batch_size, input_length, in_channels) "
            "or [1, 1, 64, 16], got [2, 1, 64, 16]",
        ),
        (
            (1, 1, 60, 16),
            (8, 16, 3),
            "expected an input of shape [2, 32, 16] (batch_size, input_length, in_channels) "
            "or [1, 1, 64, 16], got [1, 1, 60, 16]",
        ),
        (
            (2, 32, 16),
            (8, 16, 5),
            "expected a host weight of shape [8, 16, 3] (out_channels, in_channels / groups, "
            "kernel_size), got [8, 16, 5]",
        ),
        (
            (2, 32, 16),
            (8, 8, 3),
            "expected a host weight of shape [8, 16, 3] (out_channels, in_channels / groups, "
            "kernel_size), got [8, 8, 3]",
        ),
    ],
)
def test_a_conv1d_operand_of_another_shape_is_named_as_given(
    device, input_shape: tuple[int, ...], weight_shape: tuple[int, ...], message: str
) -> None:
    # The weight was named as the [O, I, 1, K] conv2d reshapes it to ("got [8, 16, 1, 5]").
    # [N, 1, L, C] is an input form too: batch 2 with L = 32 is [2, 1, 32, 16], not
    # [2, 1, 64, 16].
    with pytest.raises(RuntimeError) as refusal:
        ttnn.conv1d(
            input_tensor=ttnn.from_torch(integers(input_shape, seed=1), ttnn.bfloat16),
            weight_tensor=ttnn.from_torch(integers(weight_shape, seed=2), ttnn.float32),
            device=device,
            in_channels=16,
            out_channels=8,
            batch_size=2,
            input_length=32,
            kernel_size=3,
            padding=1,
        )
    assert str(refusal.value) == message

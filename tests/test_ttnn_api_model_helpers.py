"""What model code calls around conv weights besides the preparations (`ttnn.reshape`,
`ttnn.to_layout`, `ttnn.create_sharded_memory_config`) against TT-NN 0.81.1's own answers
(tests/fixtures/ttnn_api/model_helpers.wormhole_N150.txt, written by the probe beside it under
the reference kit's TT-NN); the one-line AttributeError (ImportError for `from … import`)
for the TT-NN names not covered; a
refused weight or bias said in TT-NN's words."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ttnn_xdsl.ttnn as ttnn

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "ttnn_api"
TILE_VIEW = "reshape a TILE tensor (1, 1, 5, 1)"
"""The one probe the project refuses: TT-NN reads the new shape from the old tiles."""


def test_the_probe_prints_what_tt_nn_printed() -> None:
    run = subprocess.run(
        [sys.executable, str(FIXTURES / "model_helpers_probe.py"), "ttnn_xdsl.ttnn"],
        capture_output=True,
        text=True,
        check=True,
    )
    ours = run.stdout.splitlines()
    theirs = (FIXTURES / "model_helpers.wormhole_N150.txt").read_text().splitlines()
    assert len(ours) == len(theirs) == 52
    differing = [(mine, its) for mine, its in zip(ours, theirs, strict=True) if mine != its]
    assert [its for _, its in differing] == [
        f"{TILE_VIEW}: Shape([1, 1, 5, 1]) Shape([1, 1, 32, 32]) DataType.FLOAT32 Layout.TILE "
        "StorageType.HOST [0.0, 0.0, 0.0, 0.0, 0.0]"
    ]
    assert differing[0][0].startswith(
        f"{TILE_VIEW}: NotImplementedError: ttnn_xdsl.ttnn.reshape does not cover a TILE tensor "
        "whose last two dims change ([1, 1, 1, 5] to [1, 1, 5, 1])"
    )


def host(values: np.ndarray) -> ttnn.Tensor:
    return ttnn.from_torch(np.asarray(values, np.float32), ttnn.float32)


def test_reshape_and_to_layout_keep_a_device_tensor_on_its_device() -> None:
    """TT-NN 0.81.1 on its mock device: a reshape and a to_layout stay on the device in DRAM
    interleaved, and to_layout casts there (on the host it keeps the dtype)."""
    device = ttnn.open_device(device_id=0)
    tensor = ttnn.to_device(host(np.arange(6).reshape(2, 3)), device)
    reshaped = ttnn.reshape(tensor, (3, 2))
    assert (reshaped.shape, reshaped.padded_shape) == ([3, 2], [3, 2])
    assert reshaped.storage_type() == ttnn.StorageType.DEVICE
    assert reshaped.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    tiled = ttnn.to_layout(tensor, ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16)
    assert (tiled.shape, tiled.padded_shape) == ([2, 3], [32, 32])
    assert (tiled.dtype, tiled.layout) == (ttnn.bfloat16, ttnn.TILE_LAYOUT)
    assert tiled.storage_type() == ttnn.StorageType.DEVICE
    back = ttnn.to_layout(tiled, ttnn.ROW_MAJOR_LAYOUT)
    assert (back.shape, back.padded_shape, back.dtype) == ([2, 3], [2, 3], ttnn.bfloat16)
    assert back.value.to_numpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    ttnn.close_device(device)


def test_a_model_s_conv_weights_with_the_helpers() -> None:
    """A 3×3 64→64 conv on a 56×56 input HEIGHT sharded by create_sharded_memory_config over
    8×7 cores, its 1-D bias reshaped to [1, 1, 1, -1]: TT-NN 0.81.1 prepares the weight as
    [1, 1, 576, 64] and the bias as [1, 1, 1, 64] padded to [1, 1, 32, 64], bfloat16."""
    device = ttnn.open_device(device_id=0)
    memory_config = ttnn.create_sharded_memory_config(
        (1, 1, 56 * 56, 64), ttnn.CoreGrid(x=8, y=7), ttnn.ShardStrategy.HEIGHT
    )
    common = dict(
        input_memory_config=memory_config,
        input_layout=ttnn.TILE_LAYOUT,
        in_channels=64,
        out_channels=64,
        batch_size=1,
        input_height=56,
        input_width=56,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16),
    )
    bias = ttnn.reshape(host(np.arange(64)), (1, 1, 1, -1))
    weight = ttnn.prepare_conv_weights(
        weight_tensor=host(np.ones((64, 64, 3, 3))), weights_format="OIHW", has_bias=True, **common
    )
    prepared_bias = ttnn.prepare_conv_bias(bias_tensor=bias, **common)
    assert (weight.shape, weight.padded_shape, weight.dtype) == (
        [1, 1, 576, 64],
        [1, 1, 576, 64],
        ttnn.bfloat16,
    )
    assert (prepared_bias.shape, prepared_bias.padded_shape) == ([1, 1, 1, 64], [1, 1, 32, 64])
    assert prepared_bias.value.to_numpy().ravel().tolist() == list(range(64))
    ttnn.close_device(device)


def not_implemented(name: str) -> str:
    """The line for a TT-NN name the module does not have: what it covers is every function
    of `__all__` (not the dtype constants), written out here."""
    return (
        f"ttnn.{name} is not implemented by ttnn-xdsl (ttnn_xdsl.ttnn covers: assign_bw, "
        "close_device, conv1d, conv2d, conv_transpose2d, create_sharded_memory_config, "
        "dump_tensor, from_device, from_torch, init_device_compute_kernel_config, "
        "is_tensor_storage_on_device, layout_text, load_tensor, manage_device, open_device, "
        "plot_layout, prepare_conv_bias, prepare_conv_transpose2d_bias, "
        "prepare_conv_transpose2d_weights, prepare_conv_weights, reshape, to_device, "
        "to_layout, to_torch; and the classes, enums and constants docs/ttnn-api.md lists)"
    )


def test_a_name_not_covered_says_so_in_one_line() -> None:
    with pytest.raises(AttributeError) as error:
        ttnn.silu  # noqa: B018 (the lookup is the test)
    assert str(error.value) == not_implemented("silu")
    assert not hasattr(ttnn, "upsample")
    with pytest.raises(AttributeError, match="has no attribute '__wrapped__'"):
        ttnn.__wrapped__  # noqa: B018


def test_importing_a_name_not_covered_says_so_in_one_line() -> None:
    """`from ttnn_xdsl.ttnn import max_pool2d` (TT-NN has it, the project does not): the same
    line, as an ImportError (it was Python's own "cannot import name 'max_pool2d' from
    'ttnn_xdsl.ttnn' (…/__init__.py)", which does not say why). `ttnn.max_pool2d` stays an
    AttributeError, so `hasattr` and `getattr` with a default still work."""
    with pytest.raises(ImportError) as error:
        from ttnn_xdsl.ttnn import max_pool2d  # noqa: F401 (the import is the test)
    assert str(error.value) == not_implemented("max_pool2d")
    assert error.value.name == "ttnn_xdsl.ttnn"
    with pytest.raises(AttributeError) as attribute_error:
        ttnn.max_pool2d  # noqa: B018
    assert str(attribute_error.value) == not_implemented("max_pool2d")
    assert getattr(ttnn, "max_pool2d", None) is None
    from ttnn_xdsl.ttnn import conv2d  # a name the module has imports as before

    assert conv2d is ttnn.conv2d


CONV = dict(
    input_memory_config=ttnn.L1_MEMORY_CONFIG,
    input_layout=ttnn.TILE_LAYOUT,
    in_channels=32,
    out_channels=64,
    batch_size=1,
    input_height=8,
    input_width=8,
    kernel_size=(3, 3),
    stride=(1, 1),
    padding=(1, 1),
    dilation=(1, 1),
    groups=1,
    input_dtype=ttnn.bfloat16,
    conv_config=ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
    ),
)


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (
            lambda device, weight: ttnn.to_device(weight, device),
            "prepare_conv_weights: weight_tensor is a ttnn.float32 tensor in "
            "ttnn.ROW_MAJOR_LAYOUT on device; TT-NN 0.81.1 prepares ROW_MAJOR host weights "
            '("Host conv weights should be placed on host"): pass ttnn.from_device(weight_tensor)',
        ),
        (
            lambda device, weight: ttnn.to_layout(weight, ttnn.TILE_LAYOUT),
            "prepare_conv_weights: weight_tensor is a ttnn.float32 tensor in ttnn.TILE_LAYOUT on "
            'the host; TT-NN 0.81.1 prepares ROW_MAJOR host weights ("Host conv weights layout '
            'should be in row_major layout"): pass ttnn.to_layout(weight_tensor, '
            "ttnn.ROW_MAJOR_LAYOUT)",
        ),
        (
            lambda device, weight: ttnn.to_device(ttnn.to_layout(weight, ttnn.TILE_LAYOUT), device),
            "prepare_conv_weights: weight_tensor is a ttnn.float32 tensor in ttnn.TILE_LAYOUT on "
            'device; TT-NN 0.81.1 prepares ROW_MAJOR host weights ("Host conv weights should be '
            'placed on host", "Host conv weights layout should be in row_major layout"): pass '
            "ttnn.to_layout(ttnn.from_device(weight_tensor), ttnn.ROW_MAJOR_LAYOUT)",
        ),
        (
            lambda device, weight: ttnn.from_torch(weight.value.to_numpy(), ttnn.bfloat8_b),
            "prepare_conv_weights: weight_tensor is a ttnn.bfloat8_b tensor in ttnn.TILE_LAYOUT "
            "on the host; TT-NN 0.81.1 prepares ROW_MAJOR host weights of ttnn.float32 or "
            'ttnn.bfloat16 (a ttnn.bfloat8_b tensor is always TILE: "Host conv weights layout '
            'should be in row_major layout"): pass the float32 values (ttnn.from_torch(values, '
            "ttnn.float32)) and ask for bfloat8_b with "
            "conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat8_b)",
        ),
    ],
    ids=["device", "tile", "tile-on-device", "bfloat8_b"],
)
def test_a_refused_weight_is_said_in_tt_nn_s_words(make: object, expected: str) -> None:
    """TT-NN 0.81.1 refuses each of these weights (its TT_FATAL quoted); the project's IR says
    "expected weight_tensor to be a host tensor (no encoding), got tensor<…>" and "expected the
    weight dtype to be f32 or bf16, got bfp8_b", which the API says in TT-NN's words."""
    device = ttnn.open_device(device_id=0)
    weight = make(device, host(np.ones((64, 32, 3, 3))))  # type: ignore[operator]
    with pytest.raises(RuntimeError) as error:
        ttnn.prepare_conv_weights(
            weight_tensor=weight, weights_format="OIHW", has_bias=False, device=device, **CONV
        )
    assert str(error.value) == expected
    ttnn.close_device(device)


def test_a_refused_bias_is_said_in_tt_nn_s_words() -> None:
    device = ttnn.open_device(device_id=0)
    bias = ttnn.to_device(host(np.ones((1, 1, 1, 64))), device)
    with pytest.raises(RuntimeError) as error:
        ttnn.prepare_conv_bias(bias_tensor=bias, device=device, **CONV)
    assert str(error.value) == (
        "prepare_conv_bias: bias_tensor is a ttnn.float32 tensor in ttnn.ROW_MAJOR_LAYOUT on "
        'device; TT-NN 0.81.1 prepares ROW_MAJOR host bias ("conv bias should be placed on '
        'host"): pass ttnn.from_device(bias_tensor)'
    )
    ttnn.close_device(device)

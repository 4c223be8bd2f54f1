"""A conv's fused activation (conv_config.activation) and padding mode: TT-NN 0.81.1's conv
kernels apply relu with the packer as they pack the final result (`pack_relu`: the ISA's
ZERO_RELU, `x <= 0 ? 0 : x`), after the bias; the run does the same (`tile.relu`). Other
activations run on the SFPU, whose approximations the run does not reproduce, and replicate
padding is not modelled: each is refused in one line, never computed as if absent (a
newcomer's finding: relu and replicate were dropped silently, from the API, the IR and
tt-mlir's fused `activation = <op_type = relu>`).

Values are small integers (and halves): every product and sum is exact, so with a float32
output the conv equals the reference exactly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.runtime.interpreter.tile import packer_relu


def test_packer_relu_is_the_isa_s_zero_relu() -> None:
    """≤ 0 becomes +0.0 (−0.0 and negative denormals included), NaN of either sign and
    positive values stay: `x <= 0 ? 0 : x` on every kind of value, in f32 and bf16."""
    values = np.array(
        [-2.5, -0.0, 0.0, 3.0, -1e-40, 1e-40, np.inf, -np.inf, np.nan, -np.nan], np.float32
    )
    for dtype in (np.float32, ml_dtypes.bfloat16):
        tiles = values.astype(dtype)
        expected = [0.0 if x <= 0 else x for x in tiles.astype(np.float64)]
        packer_relu(tiles)
        got = tiles.astype(np.float64)
        assert np.array_equal(got, expected, equal_nan=True)
        assert not np.signbit(got[:8]).any()  # +0.0, not −0.0
        assert np.isnan(got[8:]).all()


@pytest.fixture
def device():
    device = ttnn.open_device(device_id=0, l1_small_size=16384)
    yield device
    ttnn.close_device(device)


def halves(shape: tuple[int, ...], seed: int) -> np.ndarray:
    values = np.random.default_rng(seed).integers(-4, 5, shape)
    return (values / 2).astype(np.float32)


def conv(device, activation: str | None, **changes: object) -> np.ndarray:
    """A 16 → 32 conv over 2×10×12 with a bias, float32 output and DEST (kernel 3×3 padding 1
    unless `changes` say), its config's activation `activation`: the output's values."""
    kernel = changes.pop("kernel_size", (3, 3))
    keywords: dict[str, object] = dict(
        input_tensor=ttnn.from_torch(halves((2, 10, 12, 16), 1), ttnn.bfloat16),
        weight_tensor=ttnn.from_torch(halves((32, 16, *kernel), 2), ttnn.float32),
        bias_tensor=ttnn.from_torch(halves((1, 1, 1, 32), 3), ttnn.float32),
        device=device,
        in_channels=16,
        out_channels=32,
        batch_size=2,
        input_height=10,
        input_width=12,
        kernel_size=kernel,
        padding=(1, 1) if kernel != (1, 1) else (0, 0),
        dtype=ttnn.float32,
        compute_config=ttnn.init_device_compute_kernel_config(
            device.arch(), math_fidelity=ttnn.MathFidelity.HiFi4, fp32_dest_acc_en=True
        ),
    )
    config = dict(weights_dtype=ttnn.bfloat16)
    if activation is not None:
        config["activation"] = ttnn.UnaryWithParam(getattr(ttnn.UnaryOpType, activation))
    config.update(changes.pop("config", {}))  # type: ignore[arg-type]
    keywords["conv_config"] = ttnn.Conv2dConfig(**config)
    keywords.update(changes)
    output = ttnn.conv2d(**keywords)
    return np.asarray(ttnn.to_torch(ttnn.from_device(output)), np.float64)


@pytest.mark.parametrize(
    ("kernel", "layout"),
    [
        ((3, 3), ttnn.TensorMemoryLayout.HEIGHT_SHARDED),
        ((3, 3), ttnn.TensorMemoryLayout.BLOCK_SHARDED),
        ((1, 1), None),  # the matmul path
    ],
)
def test_relu_after_the_bias(device, kernel, layout) -> None:
    """relu(conv + bias), exactly: the bias is added before the packer's relu (a bias that
    lifts a negative sum above zero keeps it)."""
    config = {} if layout is None else {"shard_layout": layout}
    got = conv(device, "RELU", kernel_size=kernel, config=config)
    plain = conv(device, None, kernel_size=kernel, config=config)
    reference = reference_conv2d(
        halves((2, 10, 12, 16), 1),
        halves((32, 16, *kernel), 2),
        padding=(1, 1) if kernel != (1, 1) else (0, 0),
    ) + halves((1, 1, 1, 32), 3).reshape(-1)
    np.testing.assert_array_equal(plain, reference)
    np.testing.assert_array_equal(got, np.maximum(reference, 0))
    assert (plain < 0).any() and (got == 0).sum() == (reference <= 0).sum()


@pytest.mark.parametrize(
    ("activation", "changes", "message"),
    [
        (
            "SILU",
            {},
            "the fused activation silu (conv_config.activation) is not modelled: TT-NN's conv "
            "kernels compute it on the SFPU, whose approximations the run does not reproduce "
            "(it applies relu, the packer's)",
        ),
        (
            "RELU6",
            {},
            "the fused activation relu6 (conv_config.activation) is not modelled: TT-NN's conv "
            "kernels compute it on the SFPU, whose approximations the run does not reproduce "
            "(it applies relu, the packer's)",
        ),
        (
            None,
            {"config": {"padding_mode": ttnn.PaddingMode.Replicate}},
            "padding_mode replicate (conv_config.padding_mode) is not modelled: the run pads "
            "the input with zeros only",
        ),
    ],
)
def test_what_the_run_does_not_model_is_refused(device, activation, changes, message) -> None:
    with pytest.raises(NotImplementedError) as refused:
        conv(device, activation, **changes)
    assert str(refused.value) == (
        "ttnn_xdsl.ttnn.conv2d does not cover this call: ttnn-decompose cannot run this conv: "
        + message
    )


def test_replicate_without_padding_runs(device) -> None:
    """A 1×1 conv without padding pads nothing: replicate is zeros there."""
    replicate = {"config": {"padding_mode": ttnn.PaddingMode.Replicate}}
    np.testing.assert_array_equal(
        conv(device, None, kernel_size=(1, 1), **replicate), conv(device, None, kernel_size=(1, 1))
    )


def test_relu_of_a_depthwise_conv1d_is_refused(device) -> None:
    """TT-NN 0.81.1's depthwise conv1d kernel has no activation stage: not modelled."""
    with pytest.raises(NotImplementedError, match="on a 1D depthwise conv is not modelled"):
        ttnn.conv1d(
            input_tensor=ttnn.from_torch(halves((1, 64, 32), 4), ttnn.bfloat16),
            weight_tensor=ttnn.from_torch(halves((32, 1, 3), 5), ttnn.float32),
            device=device,
            in_channels=32,
            out_channels=32,
            batch_size=1,
            input_length=64,
            kernel_size=3,
            padding=1,
            groups=32,
            conv_config=ttnn.Conv1dConfig(
                weights_dtype=ttnn.bfloat16,
                shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
                activation=ttnn.UnaryWithParam(ttnn.UnaryOpType.RELU),
            ),
        )


def test_an_unknown_unary_op_is_an_ir_error(tmp_path: Path) -> None:
    """`#ttnn.unary_with_param` takes TT-NN's unary op types only (tt-mlir's lower case): an
    unknown one was accepted and the conv run without it. Located at the attribute."""
    source = tmp_path / "conv.mlir"
    source.write_text(
        "func.func private @f() attributes {activation = #ttnn.conv2d_config<weights_dtype = "
        "bf16, activation = #ttnn.unary_with_param<op_type = nonexistent_op>>}\n"
    )
    done = subprocess.run(
        [Path(sys.executable).parent / "ttnn-opt", source],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"{source}:1:104: error: #ttnn.conv2d_config activation: #ttnn.unary_with_param op_type "
        "must be one of TT-NN's unary ops in lower case (relu, silu, gelu, …), got "
        "'nonexistent_op'\n"
    )

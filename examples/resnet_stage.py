"""ResNet-50's stage 1 (torchvision's `layer1`: three bottlenecks at 56×56, 64 → 256 channels,
ten convs with the first block's downsample) run conv after conv from prepared weights, on the
CPU, each layer held against the float64 reference conv on its original weight.

Every conv's weight and bias are prepared by the project's pipeline (the conv's function of
examples/resnet50_conv_weights.py: `ttnn.prepare_conv_weights` / `prepare_conv_bias`, HEIGHT
sharded, bfloat16, lowered and interpreted), then the conv runs as `ttnn.conv2d_consume`,
lowered into tiled loops and interpreted, in TT-NN 0.81.1's default numerics for a bfloat16
input (bfloat16 output and DEST, HiFi4). Its output `[1, 1, 56·56, C]` is the next conv's
input, re-laid out as NHWC `[1, 56, 56, C]`. Between convs: ReLU, and the bottleneck's
residual add, in NumPy on bfloat16 values (the project has no elementwise ops; TT-NN fuses the
ReLU into the conv as `Conv2dConfig.activation`).

Per layer it prints the error of the lowered conv against the reference conv on the SAME input
(the previous layer's lowered output), the tolerance of docs/semantics.md §9.9 there, and at
the end the stage's output against the whole stage run in float64 (PCC, the measure model
ports use). Then the picture of one output tile of `layer1_0_conv2` (pictures.output_tile):
which input sticks and weight tiles fed it, as text, and as a PNG when matplotlib is installed.

    python examples/resnet_stage.py [--picture-dir DIR]

Exit status 1 when a layer is beyond its tolerance."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from resnet50_conv_weights import GRID, Conv, conv_function, resnet50_convs

from ttnn_xdsl.conv import resolve_conv_weights
from ttnn_xdsl.conv.conv_consumption import consumption_plan
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.dialect import build_module
from ttnn_xdsl.dialect.prepare_ops import PrepareConvWeightsOp
from ttnn_xdsl.pictures.output_tile import output_tile_feed, output_tile_text, plot_output_tile
from ttnn_xdsl.program import run
from ttnn_xdsl.program.conv_consume import consume_prepared
from ttnn_xdsl.runtime import DeviceTensor
from ttnn_xdsl.runtime.conv_tolerance import default_conv_numerics, tolerance
from ttnn_xdsl.tensor_formats.formats import round_to_bfloat16

STAGE = "layer1"
PICTURED = ("layer1_0_conv2", 1, 1)
"""The conv, output tile row and tile column the picture shows."""
NUMERICS = default_conv_numerics(DataType.BFLOAT16, DataType.BFLOAT16)


@dataclass
class Layer:
    """One conv of the stage: its weight and bias (original and prepared) and resolution."""

    conv: Conv
    weight: np.ndarray
    bias: np.ndarray
    prepared_weight: DeviceTensor
    prepared_bias: DeviceTensor
    params: Conv2dParameters
    plan: ConvWeightsPlan


def bfloat16(values: np.ndarray) -> np.ndarray:
    return round_to_bfloat16(np.asarray(values, dtype=np.float32)).astype(np.float64)


def prepare_layer(conv: Conv, rng: np.random.Generator) -> Layer:
    """The conv's weight (He-scaled, so the activations keep their size through the stage) and
    bias, in bfloat16, prepared by its function of examples/resnet50_conv_weights.py."""
    fan_in = conv.in_channels * conv.kernel * conv.kernel
    shape = (conv.out_channels, conv.in_channels, conv.kernel, conv.kernel)
    weight = bfloat16(rng.standard_normal(shape) * np.sqrt(2.0 / fan_in))
    bias = bfloat16(rng.standard_normal((1, 1, 1, conv.out_channels)) * 0.1)
    module = build_module(conv_function(conv), grid=GRID)
    prepared_weight, prepared_bias = run(module, [weight, bias])
    op = next(op for op in module.walk() if isinstance(op, PrepareConvWeightsOp))
    params = op.conv_parameters()
    assert isinstance(params, Conv2dParameters)
    plan = resolve_conv_weights(params)
    return Layer(conv, weight, bias, prepared_weight, prepared_bias, params, plan)


@dataclass(frozen=True)
class LayerResult:
    output: np.ndarray
    """NHWC, the lowered conv's values."""
    reference: np.ndarray
    """NHWC, the float64 conv of the same input with the original weight."""
    worst_error: float
    error_over_bound: float
    k_blocks: int
    seconds: float


def run_layer(layer: Layer, activation: np.ndarray) -> LayerResult:
    """The lowered conv of the NHWC `activation` from the prepared weight, beside the reference."""
    start = time.perf_counter()
    consumed = consume_prepared(
        layer.plan, layer.params, layer.prepared_weight, layer.prepared_bias, activation, NUMERICS
    )
    seconds = time.perf_counter() - start
    params = layer.params
    geometry = dict(stride=params.stride, padding=params.padding, dilation=params.dilation)
    reference = reference_conv2d(activation, layer.weight, bias=layer.bias, **geometry)  # type: ignore[arg-type]
    bound = tolerance(
        activation,
        layer.weight,
        layer.bias,
        params,
        DataType.BFLOAT16,
        NUMERICS,
        consumed.k_blocks,
    )
    error = np.abs(consumed.output - reference)
    size = layer.conv.input_size // layer.conv.stride
    shape = (1, size, size, layer.conv.out_channels)
    return LayerResult(
        output=consumed.output.reshape(shape),
        reference=reference.reshape(shape),
        worst_error=float(error.max()),
        error_over_bound=float((error / bound).max()),
        k_blocks=consumed.k_blocks,
        seconds=seconds,
    )


def relu(values: np.ndarray) -> np.ndarray:
    return np.maximum(values, 0.0)


def reference_stage(layers: dict[str, Layer], activation: np.ndarray) -> np.ndarray:
    """The stage in float64 on the original weights: what the lowered stage approximates."""

    def conv(name: str, x: np.ndarray) -> np.ndarray:
        layer = layers[name]
        params = layer.params
        out = reference_conv2d(
            x, layer.weight, bias=layer.bias, stride=params.stride, padding=params.padding
        )
        return out.reshape(x.shape[0], -1, x.shape[2] // params.stride[1], params.out_channels)

    x = activation
    for block in range(3):
        prefix = f"{STAGE}_{block}"
        y = relu(conv(f"{prefix}_conv1", x))
        y = relu(conv(f"{prefix}_conv2", y))
        y = conv(f"{prefix}_conv3", y)
        shortcut = conv(f"{prefix}_downsample", x) if block == 0 else x
        x = relu(y + shortcut)
    return x


def pcc(a: np.ndarray, b: np.ndarray) -> float:
    """Pearson's correlation coefficient of two arrays' values."""
    return float(np.corrcoef(a.reshape(-1), b.reshape(-1))[0, 1])


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--picture-dir", type=Path, help="write the output tile's picture (PNG) here"
    )
    options = parser.parse_args(arguments)
    rng = np.random.default_rng(0)
    convs = [conv for conv in resnet50_convs() if conv.name.startswith(f"{STAGE}_")]
    layers = {conv.name: prepare_layer(conv, rng) for conv in convs}
    # The stem's max-pooled ReLU output: non-negative, [1, 56, 56, 64].
    activation = bfloat16(np.abs(rng.standard_normal((1, 56, 56, 64))))
    print(
        f"ResNet-50 {STAGE}: {len(layers)} convs at 56×56 from prepared bf16 weights "
        f"(HEIGHT sharded, {GRID[0]}×{GRID[1]} grid), {NUMERICS.describe()}, HiFi4"
    )
    print(
        f"{'layer':<20} {'in → out':>10} {'kernel':>6} {'path':>15} {'K blocks':>8} "
        f"{'max |error|':>12} {'max |ref|':>10} {'relative':>9} {'error/tol':>9} {'time':>7}"
    )
    failed: list[str] = []

    def conv(name: str, x: np.ndarray) -> np.ndarray:
        layer = layers[name]
        result = run_layer(layer, x)
        scale = float(np.abs(result.reference).max())
        path = consumption_plan(layer.plan).path.value
        print(
            f"{name:<20} {layer.conv.in_channels:>4} → {layer.conv.out_channels:<3} "
            f"{layer.conv.kernel}×{layer.conv.kernel:<4} {path:>15} {result.k_blocks:>8} "
            f"{result.worst_error:>12.4g} {scale:>10.4g} {result.worst_error / scale:>9.2e} "
            f"{result.error_over_bound:>9.3f} {result.seconds:>6.2f}s",
            flush=True,
        )
        if result.error_over_bound > 1:
            failed.append(name)
        return result.output

    start = time.perf_counter()
    x = activation
    for block in range(3):
        prefix = f"{STAGE}_{block}"
        y = bfloat16(relu(conv(f"{prefix}_conv1", x)))
        y = bfloat16(relu(conv(f"{prefix}_conv2", y)))
        y = conv(f"{prefix}_conv3", y)
        shortcut = conv(f"{prefix}_downsample", x) if block == 0 else x
        x = bfloat16(relu(y + shortcut))
    elapsed = time.perf_counter() - start
    expected = reference_stage(layers, activation)
    relative = float(np.abs(x - expected).max() / np.abs(expected).max())
    print(
        f"{STAGE} output {list(x.shape)} against the stage in float64: PCC {pcc(x, expected):.6f}, "
        f"max |error| / max |value| {relative:.2e} ({elapsed:.1f} s for the {len(layers)} convs)"
    )
    name, tile_row, tile_column = PICTURED
    layer = layers[name]
    feed = output_tile_feed(
        layer.plan, layer.prepared_weight.physical_shape[2:], tile_row, tile_column
    )
    print()
    print(output_tile_text(feed, name))
    if options.picture_dir is not None:
        path = options.picture_dir / f"{name}_tile_{tile_row}_{tile_column}.png"
        try:
            options.picture_dir.mkdir(parents=True, exist_ok=True)
            plot_output_tile(feed, path, name)
            print(f"wrote {path}")
        except (OSError, TTNNError) as error:  # matplotlib missing, a folder not writable
            print(f"no picture: {error}")
    if failed:
        print(f"beyond the tolerance: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

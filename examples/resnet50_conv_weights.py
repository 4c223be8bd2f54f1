"""Write `examples/resnet50_conv_weights.mlir`: one `ttnn.prepare_conv_weights` and one
`ttnn.prepare_conv_bias` per convolution of torchvision's ResNet-50 (all 53; batch 1,
224×224 input), built with the dialect's Python API.

Each conv is a function `@<layer>(weight, bias) -> (prepared weight, prepared bias)` named
after torchvision's module (`conv1`, `layer1_0_conv2`, `layer2_0_downsample`, ...); `@main`
takes every weight and bias and calls them all. Weights are bf16 OIHW host tensors, as
TT-NN's ResNet-50 folds batch norm into each conv (so each has a bias). The shard layout is
written in each conv_config: HEIGHT for the stem and layers 1–3, BLOCK for layer 4; the
activations of layers 1–4 arrive L1-sharded in that layout, the stem's row-major in DRAM.

    python examples/resnet50_conv_weights.py [OUT.mlir]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType, bf16
from xdsl.ir import SSAValue
from xdsl.printer import Printer

from ttnn_xdsl.core.enums import (
    BufferType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.shapes import ceil_div, round_up
from ttnn_xdsl.dialect.attributes import (
    Conv2dConfigAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
)
from ttnn_xdsl.dialect.builders import build_function, build_module
from ttnn_xdsl.dialect.prepare_ops import PrepareConvBiasOp, PrepareConvWeightsOp

GRID = (8, 8)


@dataclass(frozen=True)
class Conv:
    """One convolution of the network."""

    name: str
    in_channels: int
    out_channels: int
    kernel: int
    stride: int
    padding: int
    input_size: int
    """Height = width of the conv's input image."""
    shard_layout: TensorMemoryLayout


def resnet50_convs() -> list[Conv]:
    """torchvision's resnet50: the stem, then 3, 4, 6, 3 bottlenecks (1×1, 3×3 with the
    stride, 1×1 ×4 expansion), a strided 1×1 downsample on the first of each stage."""
    convs = [Conv("conv1", 3, 64, 7, 2, 3, 224, TensorMemoryLayout.HEIGHT_SHARDED)]
    in_channels, size = 64, 56
    stages = ((1, 64, 3, 1), (2, 128, 4, 2), (3, 256, 6, 2), (4, 512, 3, 2))
    for stage, width, blocks, first_stride in stages:
        layout = (
            TensorMemoryLayout.BLOCK_SHARDED if stage == 4 else TensorMemoryLayout.HEIGHT_SHARDED
        )
        for block in range(blocks):
            stride = first_stride if block == 0 else 1
            prefix = f"layer{stage}_{block}"
            out_size = size // stride
            convs += [
                Conv(f"{prefix}_conv1", in_channels, width, 1, 1, 0, size, layout),
                Conv(f"{prefix}_conv2", width, width, 3, stride, 1, size, layout),
                Conv(f"{prefix}_conv3", width, width * 4, 1, 1, 0, out_size, layout),
            ]
            if block == 0:
                convs.append(
                    Conv(f"{prefix}_downsample", in_channels, width * 4, 1, stride, 0, size, layout)
                )
            in_channels, size = width * 4, out_size
    return convs


def input_memory_config(conv: Conv) -> MemoryConfigAttr:
    """The stem's input comes row-major from DRAM; the other activations are L1-sharded in
    the layer's layout over the 8×8 grid."""
    if conv.name == "conv1":
        return MemoryConfigAttr(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)
    rows = conv.input_size * conv.input_size
    cores = GRID[0] * GRID[1]
    if conv.shard_layout == TensorMemoryLayout.BLOCK_SHARDED:
        shard = (round_up(ceil_div(rows, GRID[1]), 32), conv.in_channels // GRID[0])
    else:
        shard = (round_up(ceil_div(rows, cores), 32), conv.in_channels)
    spec = ShardSpecAttr(GRID, shard, ShardOrientation.ROW_MAJOR)
    return MemoryConfigAttr(BufferType.L1, conv.shard_layout, spec)


def conv_function(conv: Conv) -> func.FuncOp:
    """`@<layer>(%weight, %bias) -> (%prepared_weight, %prepared_bias)` for one conv."""
    weight_type = TensorType(bf16, [conv.out_channels, conv.in_channels, conv.kernel, conv.kernel])
    bias_type = TensorType(bf16, [1, 1, 1, conv.out_channels])
    input_layout = Layout.ROW_MAJOR if conv.name == "conv1" else Layout.TILE
    config = Conv2dConfigAttr(weights_dtype=DataType.BFLOAT16, shard_layout=conv.shard_layout)

    parameters = dict(
        in_channels=conv.in_channels,
        out_channels=conv.out_channels,
        batch_size=1,
        input_height=conv.input_size,
        input_width=conv.input_size,
        kernel_size=(conv.kernel, conv.kernel),
        stride=(conv.stride, conv.stride),
        padding=(conv.padding, conv.padding),
        input_layout=input_layout,
        input_memory_config=input_memory_config(conv),
        conv_config=config,
        grid=GRID,
    )

    def body(weight: SSAValue, bias: SSAValue) -> list[SSAValue]:
        prepared_weight = PrepareConvWeightsOp(weight, has_bias=True, **parameters)
        prepared_bias = PrepareConvBiasOp(bias, **parameters)
        return [prepared_weight.result, prepared_bias.result]

    return build_function(
        conv.name,
        [weight_type, bias_type],
        body,
        argument_names=["weight", "bias"],
        result_names=["prepared_weight", "prepared_bias"],
    )


def build_resnet50_module() -> ModuleOp:
    """Every conv's function, and `@main` calling them all."""
    functions = [conv_function(conv) for conv in resnet50_convs()]
    argument_types = [t for f in functions for t in f.function_type.inputs.data]
    argument_names = [f"{f.sym_name.data}_{n}" for f in functions for n in ("weight", "bias")]

    def main_body(*arguments: SSAValue) -> list[SSAValue]:
        results: list[SSAValue] = []
        for index, function in enumerate(functions):
            call = func.CallOp(
                function.sym_name.data,
                [arguments[2 * index], arguments[2 * index + 1]],
                function.function_type.outputs.data,
            )
            results += call.results
        return results

    main = build_function("main", argument_types, main_body, argument_names=argument_names)
    return build_module(*functions, main, grid=GRID)


HEADER = """\
// ResNet-50's 53 convolutions (torchvision, batch 1, 224×224): prepare_conv_weights and
// prepare_conv_bias for each, bf16 OIHW weights, HEIGHT-sharded stem and layers 1–3,
// BLOCK-sharded layer 4, on an 8×8 Wormhole grid. Generated by
// examples/resnet50_conv_weights.py; `make demo` runs it:
//   ttnn-run examples/resnet50_conv_weights.mlir --random-inputs 0
//   ttnn-opt examples/resnet50_conv_weights.mlir -p ttnn-decompose   (the chosen layouts)
"""


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="examples/resnet50_conv_weights.py",
        description=(
            "Write ResNet-50's 53 prepare_conv_weights / prepare_conv_bias functions as IR "
            "(examples/resnet50_conv_weights.mlir unless OUT.mlir is given)."
        ),
    )
    parser.add_argument("out", nargs="?", metavar="OUT.mlir", help="the file to write")
    # An option was taken for the output's name: `--help` wrote a file named '--help'.
    given = parser.parse_args(argv[1:]).out
    out = Path(given) if given is not None else Path(__file__).with_suffix(".mlir")
    module = build_resnet50_module()
    module.verify()
    with out.open("w") as stream:
        stream.write(HEADER)
        Printer(stream=stream).print_op(module)
        stream.write("\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv)

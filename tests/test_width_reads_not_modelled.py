"""A width-sharded blocking whose weight reader fetches other rows than its activation blocks
hold (`conv_consumption.check_width_blocks_match`: TT-NN 0.81.1 multiplies garbage there) is
refused in one line at the op that states it — a hand-written `ttnn.conv2d_consume` by its
verifier, a `ttnn.conv2d` or tt-mlir's conv by the pass that would consume it — with exit
status 1, and by the Python API as a call it does not cover. It was once refused only by the
lowering, with no location."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.program import Program

TOOLS = Path(sys.executable).parent

ACTIVATION = (
    "tensor<1x8x8x16xbf16, #ttnn.tensor_layout<row_major, "
    "#ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>"
)
WEIGHT = "tensor<1x1x144x32xbf16, #ttnn.tensor_layout<tile, physical = 1x1x192x32>>"
OUTPUT = (
    "tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<"
    "#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<"
    "[#ttnn.core_range<(0,0), (0,0)>]>, <64x32>, <row_major>>>>>"
)
INTEGERS = {
    "batch": 1,
    "input_height": 8,
    "input_width": 8,
    "input_channels": 16,
    "activation_channels": 16,
    "nhw_cores": 1,
    "input_cores": 1,
    "output_cores": 1,
    "nhw_rows_per_core": 64,
    "act_block_h_ntiles": 1,
    "act_block_w_ntiles": 2,
    "k_blocks": 3,
    "out_width_ntiles": 1,
    "out_channels": 32,
}
FLAGS = ("full_inner_dim", "activation_reuse", "fp32_dest_acc_en", "packer_l1_acc")
ARRAYS = {
    "kernel": "3, 3",
    "stride": "1, 1",
    "dilation": "1, 1",
    "padding": "1, 1, 1, 1",
    "original_padding": "1, 1, 1, 1",
}
PROPERTIES = ", ".join(
    [
        'path = "width_sharded"',
        'math_fidelity = "HiFi4"',
        *(f"{name} = {value} : i64" for name, value in INTEGERS.items()),
        *(f"{name} = false" for name in FLAGS),
        *(f"{name} = array<i64: {values}>" for name, values in ARRAYS.items()),
        "fold_stride = array<i64>",
        "operandSegmentSizes = array<i32: 1, 1, 0>",
    ]
)
CONSUME = (
    f"func.func @main(%x: {ACTIVATION}, %w: {WEIGHT}) -> {OUTPUT} {{\n"
    f'  %y = "ttnn.conv2d_consume"(%x, %w) <{{{PROPERTIES}}}> : ({ACTIVATION}, {WEIGHT}) '
    f"-> {OUTPUT}\n"
    f"  func.return %y : {OUTPUT}\n"
    "}\n"
)
"""A 3×3 conv of 16 channels over 8×8, width-sharded in K blocks of two tiles: 3 blocks of
16/3 channels a tap while the weight reader fetches 64 / 32 // 9 = 0 tile rows a tap. The
op is line 2, column 3."""

CONSUME_REFUSAL = (
    "2:3: error: 'ttnn.conv2d_consume' op width_sharded blocking not modelled "
    "(activation_channels 16, input_cores 1, act_block_w_ntiles 2, kernel 3x3): width-sharded "
    "conv whose K blocks hold 16/3 input channels per tap while its weight reader fetches 0 "
    "tile rows per tap: TT-NN 0.81.1 reads weight tiles that do not match the activation (from "
    "reading its kernels, not run on a device); not modelled\n"
)

WIDTH_CONFIG = "weights_dtype = bf16, shard_layout = width_sharded, act_block_w_div = 2"
CONV_INPUT = (
    "tensor<1x6x6x128xbf16, #ttnn.tensor_layout<row_major, "
    "#ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>"
)
CONV_OUTPUT = (
    "tensor<1x1x25x32xbf16, #ttnn.tensor_layout<tile, #ttnn.memory_config<"
    "#ttnn.buffer_type<l1>, <width_sharded>, #ttnn.shard_spec<#ttnn.core_range_set<"
    "[#ttnn.core_range<(0,0), (0,0)>]>, <32x32>, <row_major>>>, physical = 1x1x32x32>>"
)
CONV = (
    f"func.func @main(%x: {CONV_INPUT}, %w: tensor<32x128x2x2xf32>) -> {CONV_OUTPUT} {{\n"
    "  %y = ttnn.conv2d %x, %w in_channels = 128 out_channels = 32 batch_size = 1 "
    "input_height = 6 input_width = 6 kernel_size = [2, 2] stride = [1, 1] padding = [0, 0] "
    f"dilation = [1, 1] groups = 1 conv_config = #ttnn.conv2d_config<{WIDTH_CONFIG}> : "
    f"({CONV_INPUT}, tensor<32x128x2x2xf32>) -> {CONV_OUTPUT}\n"
    f"  func.return %y : {CONV_OUTPUT}\n"
    "}\n"
)
"""A 2×2 conv of 128 channels over 6×6 (tests/test_conv_consumption.py's
`test_width_blocks_of_partial_tiles_are_not_modelled`): the input cores' 8 K blocks hold 16
channels a tap, the weight reader fetches 64 / 32 // 4 = 0 tile rows a tap."""

CONV_REASON = (
    "width-sharded conv whose K blocks hold 128/8 input channels per tap while its weight "
    "reader fetches 0 tile rows per tap: TT-NN 0.81.1 reads weight tiles that do not match the "
    "activation (from reading its kernels, not run on a device); not modelled"
)


def run_tool(tool: str, arguments: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(TOOLS / tool), *arguments], capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("ttnn-opt", []),
        ("ttnn-opt", ["-p", "ttnn-lower"]),
        ("ttnn-opt", ["-p", "convert-ttnn-to-tiles"]),
        ("ttnn-run", ["--random-inputs", "0"]),
    ],
)
def test_a_hand_written_conv2d_consume_is_refused_at_the_op(
    tool: str, arguments: list[str], tmp_path: Path
) -> None:
    source = tmp_path / "consume.mlir"
    source.write_text(CONSUME)
    output = tmp_path / ("out.mlir" if tool == "ttnn-opt" else "out.npz")
    flag = "-o" if tool == "ttnn-opt" else "--output"
    completed = run_tool(tool, [str(source), *arguments, flag, str(output)])
    assert (completed.returncode, completed.stdout) == (1, "")
    assert completed.stderr == f"{source}:{CONSUME_REFUSAL}"
    assert not output.exists()


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [("ttnn-opt", ["-p", "ttnn-decompose"]), ("ttnn-run", ["--random-inputs", "0"])],
)
def test_a_conv2d_of_that_blocking_is_refused_at_the_conv(
    tool: str, arguments: list[str], tmp_path: Path
) -> None:
    source = tmp_path / "conv.mlir"
    source.write_text(CONV)
    assert run_tool("ttnn-opt", [str(source)]).returncode == 0  # TT-NN accepts the conv
    completed = run_tool(tool, [str(source), *arguments])
    assert (completed.returncode, completed.stdout) == (1, "")
    assert completed.stderr == (
        f"{source}:2:3: error: 'ttnn.conv2d' op ttnn-decompose cannot run this conv: "
        f"{CONV_REASON}\n"
    )


TILES = "<1x1>, memref<{}x!ttcore.tile<32x32, bf16>, #dram>, <interleaved>>"
TT_MLIR_CONV = "\n".join(
    [
        "#dram = #ttnn.buffer_type<dram>",
        "#system_memory = #ttnn.buffer_type<system_memory>",
        "#host = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 256 + d1 * 2 + d2, d3), <1x1>, "
        "memref<8192x2xbf16, #system_memory>>",
        "#input = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 36 + d1 * 36 + d2, d3), "
        + TILES.format("2x4"),
        "#output = #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 25 + d1 * 25 + d2, d3), "
        + TILES.format("1x1"),
        "func.func @f(%x: tensor<1x1x36x128xbf16, #input>, %w: tensor<32x128x2x2xbf16, #host>) "
        "-> tensor<1x1x25x32xbf16, #output> {",
        '  %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device',
        '  %y = "ttnn.conv2d"(%x, %w, %d) <{in_channels = 128 : i32, out_channels = 32 : i32, '
        "batch_size = 1 : i32, input_height = 6 : i32, input_width = 6 : i32, kernel_size = "
        "array<i32: 2, 2>, stride = array<i32: 1, 1>, padding = array<i32: 0, 0>, dilation = "
        f"array<i32: 1, 1>, groups = 1 : i32, conv2d_config = #ttnn.conv2d_config<{WIDTH_CONFIG}>"
        ", dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x1x36x128xbf16, #input>, "
        "tensor<32x128x2x2xbf16, #host>, !ttnn.device) -> tensor<1x1x25x32xbf16, #output>",
        "  return %y : tensor<1x1x25x32xbf16, #output>",
        "}",
    ]
)
"""The same conv as tt-mlir writes it: the conv is line 8."""


def test_tt_mlir_s_conv_of_that_blocking_is_refused_at_the_conv() -> None:
    with pytest.raises(TTNNError) as error:
        Program.load(
            TT_MLIR_CONV,
            passes="import-tt-mlir,import-tt-mlir-conv2d,ttnn-lower",
            filename="conv.mlir",
        )
    assert str(error.value) == f"conv.mlir:8:3: error: 'ttnn.conv2d' op {CONV_REASON}"


def test_the_api_does_not_cover_that_blocking() -> None:
    device = ttnn.open_device(device_id=0)
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
        act_block_w_div=2,
    )
    with pytest.raises(NotImplementedError) as error:
        ttnn.conv2d(
            input_tensor=ttnn.from_torch(np.ones((1, 6, 6, 128), np.float32), ttnn.bfloat16),
            weight_tensor=ttnn.from_torch(np.ones((32, 128, 2, 2), np.float32), ttnn.float32),
            device=device,
            in_channels=128,
            out_channels=32,
            batch_size=1,
            input_height=6,
            input_width=6,
            kernel_size=(2, 2),
            conv_config=config,
        )
    ttnn.close_device(device)
    assert str(error.value) == f"ttnn_xdsl.ttnn.conv2d does not cover this call: {CONV_REASON}"

"""Every example runs: each function of each examples/*.mlir file, lowered and interpreted on
random inputs, and examples/conv_layouts.mlir covers every branch of the resolution."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.dialects import func

from ttnn_xdsl.dialect.context import make_context
from ttnn_xdsl.frontend import parse_module
from ttnn_xdsl.passes import TTNNDecompose
from ttnn_xdsl.program import Program

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SMALL_EXAMPLES = [
    "assign_bw.mlir",
    "prepare_conv_weights.mlir",
    "conv_layouts.mlir",
    "decoder_upsampling.mlir",
    "conv2d.mlir",
]


@pytest.mark.parametrize("name", SMALL_EXAMPLES)
def test_every_function_of_the_example_runs(name: str) -> None:
    text = (EXAMPLES / name).read_text()
    first = re.search(r"func\.func @([\w]+)", text)
    assert first is not None
    program = Program.load(text, entry=first.group(1), filename=name)
    assert program.functions
    for entry in program.functions:
        layer = program.with_entry(entry)
        results = layer.run(random_seed=0)
        assert len(results) == len(layer.results)
        for tensor, slot in zip(results, layer.results, strict=True):
            assert tensor.logical_shape == slot.tensor.shape


# The layout op (and the reshaping steps) each function of conv_layouts.mlir decomposes into.
BRANCHES = {
    "width_sharded": ["ttnn.conv_weights_tiled_layout"],
    "block_sharded_full_inner_dim": ["ttnn.conv_weights_block_sharded_layout"],
    "grouped": ["ttnn.conv_weights_grouped_layout", "ttnn.conv_weights_special_padding_layout"],
    "depthwise_1d": [
        "ttnn.conv_weights_depthwise_layout",
        "ttnn.conv_weights_special_padding_layout",
    ],
    "kernel_stride_folding": [
        "ttnn.conv_weights_fold_kernel_stride",
        "ttnn.conv_weights_interleaved_mm_layout",
    ],
    "bfloat8_b_weight": ["ttnn.conv_weights_special_padding_layout", "ttnn.typecast"],
    "activation_reuse": ["ttnn.conv_weights_special_padding_layout"],
    "interleaved_matmul": ["ttnn.conv_weights_interleaved_mm_layout"],
}


def test_conv_layouts_covers_every_branch() -> None:
    ctx = make_context()
    module = parse_module(ctx, (EXAMPLES / "conv_layouts.mlir").read_text(), "conv_layouts.mlir")
    TTNNDecompose().apply(ctx, module)
    chains = {
        op.sym_name.data: [
            inner.name
            for inner in op.body.block.ops
            if inner.name.startswith("ttnn.conv_weights") or inner.name == "ttnn.typecast"
        ]
        for op in module.ops
        if isinstance(op, func.FuncOp)
    }
    assert set(chains) == set(BRANCHES)
    for name, expected in BRANCHES.items():
        # The weight's chain comes first; a bias adds its own layout op after it.
        assert chains[name][: len(expected)] == expected, (name, chains[name])
    reuse = [
        op
        for op in module.walk()
        if op.name == "ttnn.conv_weights_special_padding_layout"
        and op.parent_op().sym_name.data == "activation_reuse"  # type: ignore[union-attr]
    ]
    assert str(reuse[0].properties["enable_activation_reuse"]) == "true"


# The chain each transposed conv of decoder_upsampling.mlir decomposes into (semantics.md §7.3):
# the transform, then the equivalent conv2d's layout op.
DECODER_CHAINS = {
    "unet_up_conv": [
        "ttnn.conv_weights_iohw_to_oihw",
        "ttnn.conv_weights_mirror_kernel",
        "ttnn.conv_weights_special_padding_layout",
    ],
    "unet_up_conv_bfloat8_b": [
        "ttnn.conv_weights_iohw_to_oihw",
        "ttnn.conv_weights_mirror_kernel",
        "ttnn.conv_weights_block_sharded_layout",
    ],
    "decoder_output_padding": [
        "ttnn.conv_weights_iohw_to_oihw",
        "ttnn.conv_weights_mirror_kernel",
        "ttnn.conv_weights_special_padding_layout",
    ],
    "depthwise_up": [
        "ttnn.conv_weights_iohw_to_oihw",
        "ttnn.conv_weights_mirror_kernel",
        "ttnn.conv_weights_special_padding_layout",
    ],
    "hifigan_upsample_8x": [  # WIDTH-sharded: the plain tiled layout
        "ttnn.conv_weights_iohw_to_oihw",
        "ttnn.conv_weights_mirror_kernel",
        "ttnn.conv_weights_tiled_layout",
    ],
    "hifigan_upsample_2x": [
        "ttnn.conv_weights_iohw_to_oihw",
        "ttnn.conv_weights_mirror_kernel",
        "ttnn.conv_weights_special_padding_layout",
    ],
}


def test_decoder_upsampling_decomposes_into_the_transform_and_the_equivalent_conv() -> None:
    ctx = make_context()
    text = (EXAMPLES / "decoder_upsampling.mlir").read_text()
    module = parse_module(ctx, text, "decoder_upsampling.mlir")
    TTNNDecompose().apply(ctx, module)
    chains = {
        op.sym_name.data: [
            inner.name for inner in op.body.block.ops if inner.name.startswith("ttnn.conv_weights")
        ]
        for op in module.ops
        if isinstance(op, func.FuncOp)
    }
    assert chains == DECODER_CHAINS
    # The grouped expansion happens in the transpose: the depthwise up-sampler's IOHW
    # [32, 1, 4, 4] becomes the dense [32, 32, 4, 4].
    (grouped,) = [
        op
        for op in module.walk()
        if op.name == "ttnn.conv_weights_iohw_to_oihw"
        and op.parent_op().sym_name.data == "depthwise_up"  # type: ignore[union-attr]
    ]
    assert str(grouped.results[0].type) == "tensor<32x32x4x4xf32>"


def test_resnet_stage_runs_conv_after_conv_within_the_tolerance(tmp_path: Path) -> None:
    """examples/resnet_stage.py (`make demo`): ResNet-50's layer1, its ten convs from prepared
    weights, each within its tolerance of the reference conv on the same input; the stage
    ends within 1% of the stage in float64; one output tile's picture is written."""
    script = EXAMPLES / "resnet_stage.py"
    done = subprocess.run(
        [sys.executable, str(script), "--picture-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    table = [line.split() for line in done.stdout.splitlines() if line.startswith("layer1_")]
    rows = [row for row in table if not row[0].endswith(":")]  # not the picture's title
    names = [row[0] for row in rows]
    assert names == [
        f"layer1_{block}_{conv}"
        for block in range(3)
        for conv in ("conv1", "conv2", "conv3", "downsample")
        if conv != "downsample" or block == 0
    ]
    kernels = {row[0]: (row[4], row[5], int(row[6])) for row in rows}  # kernel, path, K blocks
    assert kernels["layer1_0_conv2"] == ("3×3", "height_sharded", 3)
    assert kernels["layer1_1_conv1"] == ("1×1", "matmul", 1)
    assert all(0 < float(row[10]) <= 1 for row in rows)  # error / tolerance
    summary = re.search(r"PCC (\S+), max \|error\| / max \|value\| (\S+)", done.stdout)
    assert summary is not None
    assert float(summary[1]) > 0.9999 and 0 < float(summary[2]) < 0.01
    assert "output tile (1, 1) = pixels 32–63" in done.stdout
    assert (tmp_path / "layer1_0_conv2_tile_1_1.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("script", sorted(path.name for path in EXAMPLES.glob("*.py")))
def test_every_example_script_reads_its_options_before_it_works(
    script: str, tmp_path: Path
) -> None:
    # `--help` prints what the script does and writes nothing; an option the script does not
    # have stops it before anything runs. Two scripts took their first argument for the output
    # file's name: `--help` ran them and wrote a file named '--help'.
    path = EXAMPLES / script
    helped = subprocess.run(
        [sys.executable, str(path), "--help"], cwd=tmp_path, capture_output=True, text=True
    )
    assert (helped.returncode, helped.stderr) == (0, "")
    assert helped.stdout.startswith("usage: ")
    unknown = subprocess.run(
        [sys.executable, str(path), "out.txt", "--no-such-option"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert unknown.returncode == 2
    last = unknown.stderr.splitlines()[-1]
    assert "error: unrecognized arguments: " in last and last.endswith(" --no-such-option")
    assert list(tmp_path.iterdir()) == []

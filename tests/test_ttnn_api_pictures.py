"""The layout pictures from Python: `ttnn.layout_text` prints for a prepared tensor what
`ttnn-run --plot-text` prints for the same conv written as IR, and `ttnn.plot_layout` draws
the picture `--plot` draws (a prepared tensor remembers the call that made it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ttnn_xdsl.ttnn as ttnn

PLOT_MLIR = Path(__file__).resolve().parent / "filecheck" / "runtime" / "plot.mlir"
"""A 3×3 conv of 3 → 2 channels on a 56×56 ROW_MAJOR DRAM input, weight and bias, as IR."""

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def prepare_plot_mlir_conv(
    device: ttnn.MeshDevice,
    weights_dtype: ttnn.DataType = ttnn.bfloat16,
    memory_config: ttnn.MemoryConfig = ttnn.DRAM_MEMORY_CONFIG,
) -> tuple[ttnn.Tensor, ttnn.Tensor]:
    """The weight and the bias of PLOT_MLIR's conv (from `memory_config`), prepared through
    the Python API."""
    common = dict(
        input_memory_config=memory_config,
        input_layout=ttnn.ROW_MAJOR_LAYOUT,
        in_channels=3,
        out_channels=2,
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
        conv_config=ttnn.Conv2dConfig(weights_dtype=weights_dtype),
    )
    values = np.arange(54, dtype=np.float32).reshape(2, 3, 3, 3) / 7
    weight = ttnn.prepare_conv_weights(
        weight_tensor=ttnn.from_torch(values), weights_format="OIHW", has_bias=True, **common
    )
    bias = ttnn.prepare_conv_bias(
        bias_tensor=ttnn.from_torch(np.ones((1, 1, 1, 2), np.float32)), **common
    )
    return weight, bias


def test_layout_text_is_what_plot_text_prints_for_the_same_conv() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "from ttnn_xdsl.tools import ttnn_run; ttnn_run.main("
            f"['{PLOT_MLIR}', '--random-inputs', '0', '--plot-text'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    device = ttnn.open_device(device_id=0)
    weight, bias = prepare_plot_mlir_conv(device)
    text = (
        ttnn.layout_text(weight, "prepared_weight") + "\n" + ttnn.layout_text(bias, "prepared_bias")
    )
    assert text == run.stdout.rstrip("\n")
    assert text.splitlines()[0] == (
        "prepared_weight: [1, 1, 96, 32] bf16 tile (logical [1, 1, 27, 2]), 3×1 tiles: 0 data "
        "(#), 3 partly padding (+), 0 padding (.)"
    )
    # Without a name, the function that made it heads the map.
    assert ttnn.layout_text(weight).startswith("prepare_conv_weights: [1, 1, 96, 32] bf16 tile")
    # A device move keeps the call that made it.
    assert (
        ttnn.layout_text(ttnn.from_device(weight), "prepared_weight")
        == text.split("\nprepared_bias")[0]
    )
    ttnn.close_device(device)


def test_plot_layout_draws_a_png_and_an_svg(tmp_path: Path) -> None:
    device = ttnn.open_device(device_id=0)
    weight, _ = prepare_plot_mlir_conv(device)
    ttnn.plot_layout(weight, tmp_path / "weight.png")
    ttnn.plot_layout(weight, tmp_path / "weight.svg", "conv1.weight")
    # bfloat8_b (its exponent and error panels), from L1: TT-NN refuses it from DRAM.
    bfloat8_b, _ = prepare_plot_mlir_conv(device, ttnn.bfloat8_b, ttnn.L1_MEMORY_CONFIG)
    ttnn.plot_layout(bfloat8_b, tmp_path / "bfloat8_b.png")
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "bfloat8_b.png",
        "weight.png",
        "weight.svg",
    ]
    assert (tmp_path / "weight.png").read_bytes()[:8] == PNG_MAGIC
    assert (tmp_path / "bfloat8_b.png").read_bytes()[:8] == PNG_MAGIC
    assert "conv1.weight" in (tmp_path / "weight.svg").read_text()
    ttnn.close_device(device)


def test_a_bytes_path_is_named_as_one(tmp_path: Path) -> None:
    # Not "got 'b'.png''": os.fspath keeps a bytes path bytes.
    tiled = ttnn.from_torch(np.ones((40, 20), np.float32), ttnn.float32, layout=ttnn.TILE_LAYOUT)
    path = bytes(tmp_path / "x.png")
    with pytest.raises(TypeError) as error:
        ttnn.plot_layout(tiled, path)
    assert str(error.value) == (
        f"a picture's path is a str or a path object, got a bytes path {path!r} "
        "(os.fsdecode(path) makes it a str)"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_tensor_no_preparation_made_shows_its_logical_region() -> None:
    tiled = ttnn.from_torch(np.ones((40, 20), np.float32), ttnn.float32, layout=ttnn.TILE_LAYOUT)
    assert tiled.made_by is None
    assert ttnn.layout_text(tiled).splitlines()[0] == (
        "tensor: [64, 32] f32 tile (logical [40, 20]), 2×1 tiles: 0 data (#), 2 partly padding "
        "(+), 0 padding (.)"
    )
    with pytest.raises(RuntimeError, match="this tensor is ROW_MAJOR"):
        ttnn.layout_text(ttnn.from_torch(np.ones((4, 4), np.float32)))

"""Lanes the activation reader never writes hold stale L1 on a card (docs/semantics.md §9.1).
The prepared weight is zero there, so they do not matter — except where the act tilize rounds
to bfloat8_b (an output dtype of bfloat8_b) and a face row holds real lanes beside stale ones:
they share an exponent, so the real values' rounding depends on what L1 held. The lowering warns
at the conv exactly then; the stand-in the run fills those lanes with changes that conv's
output and no other's."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import ttnn_xdsl.passes.lower_conv2d as lower_conv2d
import ttnn_xdsl.passes.lower_depthwise_conv1d as lower_depthwise_conv1d
import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.core.errors import TTNNWarning
from ttnn_xdsl.program import Program

BIN = Path(sys.executable).parent

BLOCK_OUTPUT = (
    "#ttnn.tensor_layout<tile, #ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, "
    "#ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,7)>]>, <32x32>, "
    "<row_major>>>>"
)
INPUT = (
    "tensor<1x16x16x32xbf16, #ttnn.tensor_layout<row_major, "
    "#ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>"
)


def conv(dtype: str, element: str) -> str:
    """A 3×3 conv of 32 channels to 64 over 16×16, BLOCK-sharded on 4 input-channel cores:
    8 channels a core, K blocks of 3 taps · 8 = 24 real lanes and 8 stale, so lanes 16–31
    are one face row of 8 real and 8 stale lanes. The op is line 2, column 3."""
    output = f"tensor<1x1x256x64x{element}, {BLOCK_OUTPUT}>"
    return (
        f"func.func @main(%x: {INPUT}, %w: tensor<64x32x3x3xf32>) -> {output} {{\n"
        "  %y = ttnn.conv2d %x, %w in_channels = 32 out_channels = 64 batch_size = 1 "
        "input_height = 16 input_width = 16 kernel_size = [3, 3] stride = [1, 1] "
        "padding = [1, 1] dilation = [1, 1] groups = 1 "
        "conv_config = #ttnn.conv2d_config<weights_dtype = bf16> "
        "compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi4, "
        f"fp32_dest_acc_en = true> dtype = #ttnn.data_type<{dtype}> "
        f": ({INPUT}, tensor<64x32x3x3xf32>) -> {output}\n"
        f"  func.return %y : {output}\n"
        "}\n"
    )


def depthwise_conv1d(channels: int) -> str:
    """A depthwise conv1d (kernel 3, padding 1) of `channels` channels over 64 samples, a
    bfloat8_b output: the 1D depthwise path, a pixel's channels its lanes, stale beyond
    `channels` up to a whole tile. The op is line 2, column 3."""
    source = (
        f"tensor<1x1x64x{channels}xbf16, #ttnn.tensor_layout<row_major, "
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>>>"
    )
    output = (
        f"tensor<1x1x64x{channels}x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, "
        "#ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, "
        "#ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,0)>]>, <32x32>, "
        "<row_major>>>, physical = 1x1x64x32>>"
    )
    weight = f"tensor<{channels}x1x1x3xf32>"
    return (
        f"func.func @main(%x: {source}, %w: {weight}) -> {output} {{\n"
        f"  %y = ttnn.conv2d %x, %w in_channels = {channels} out_channels = {channels} "
        "batch_size = 1 input_height = 1 input_width = 64 kernel_size = [1, 3] "
        f"stride = [1, 1] padding = [0, 1] dilation = [1, 1] groups = {channels} "
        "conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> "
        f"dtype = #ttnn.data_type<bfp8_b> : ({source}, {weight}) -> {output}\n"
        f"  func.return %y : {output}\n"
        "}\n"
    )


BFLOAT8_B_OUTPUT = conv("bfp8_b", "!ttnn.bfp8_b")
BF16_OUTPUT = conv("bf16", "bf16")
WARNING = (
    "2:3: warning: the act tilize rounds to bfloat8_b face rows that hold real lanes beside "
    "lanes the reader never writes: on a card this conv's output depends on what L1 held "
    "there; the run fills them with 1.0 (docs/semantics.md §9.1)"
)


def output_bytes(text: str) -> tuple[bytes, list[str]]:
    """The conv's output bytes on seeded inputs, and the warnings its load gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        program = Program.load(text)
    inputs = program.prepare_inputs(random_seed=0)
    (result,) = program.run(inputs)
    return result.to_bytes(), [str(w.message) for w in caught if w.category is TTNNWarning]


def test_ttnn_run_warns_at_the_conv_and_still_runs(tmp_path: Path) -> None:
    source = tmp_path / "conv.mlir"
    source.write_text(BFLOAT8_B_OUTPUT)
    out = tmp_path / "out.npz"
    done = subprocess.run(
        [BIN / "ttnn-run", source, "--random-inputs", "0", "--output", out],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [f"{source}:{WARNING}"]
    assert np.load(out)["y"].shape == (1, 1, 256, 64)


@pytest.mark.parametrize(
    ("text", "stale_value_matters"),
    [
        (BFLOAT8_B_OUTPUT, True),
        (BF16_OUTPUT, False),
        (depthwise_conv1d(24), True),  # 24 real and 8 stale lanes: face row 16–31 mixed
        (depthwise_conv1d(32), False),  # no stale lane
    ],
    ids=["block-bfloat8_b", "block-bf16", "depthwise-24", "depthwise-32"],
)
def test_the_warning_is_given_where_the_stale_value_changes_the_output(
    text: str, stale_value_matters: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run with stale lanes of 1.0, then of 0.0: a bfloat8_b act tilize gives other
    bytes (and warns), a bf16 one the same (and does not)."""
    with_one, warned = output_bytes(text)
    monkeypatch.setattr(lower_conv2d, "STALE_VALUE", 0.0)
    monkeypatch.setattr(lower_depthwise_conv1d, "STALE_VALUE", 0.0)
    with_zero, _ = output_bytes(text)
    assert (with_one != with_zero) is stale_value_matters
    assert [message.endswith(WARNING.split("warning: ")[1]) for message in warned] == (
        [True] if stale_value_matters else []
    )


def test_only_the_functions_a_run_reaches_warn(tmp_path: Path) -> None:
    """The whole module is lowered; a run of one function shows the warnings about the convs
    it runs only (an attacker's finding: `--entry plain` warned about @main's conv)."""
    source = tmp_path / "two.mlir"
    source.write_text(BFLOAT8_B_OUTPUT + BF16_OUTPUT.replace("@main", "@plain"))
    stderr = {}
    for entry in ("main", "plain", "all"):
        done = subprocess.run(
            [BIN / "ttnn-run", source, "--random-inputs", "0", "--entry", entry],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        stderr[entry] = done.stderr.splitlines()
    assert stderr == {
        "main": [f"{source}:{WARNING}"],
        "plain": [],
        "all": [f"{source}:{WARNING}"],
    }
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        Program.load(source.read_text(), entry="plain")
        assert caught == []
        Program.load(source.read_text(), entry="main")
        assert [str(w.message).endswith(WARNING.split("warning: ")[1]) for w in caught] == [True]
    # Attributed to the line that called into the project, as a library's warnings are.
    assert caught[0].filename == __file__


def test_every_api_call_warns_at_its_own_line() -> None:
    """TT-NN's API caches a call's Program; a second identical call (the model's next layer
    of the same shape) warns as the first did, at its own line — it warned only once before,
    and with Python's default filter each call site now shows the warning once."""
    device = ttnn.open_device(device_id=0, l1_small_size=16384)

    def depthwise_conv1d() -> None:
        # depthwise_conv1d(8)'s conv: 8 real lanes of a 32-lane face row, a bfloat8_b output.
        ttnn.conv1d(
            input_tensor=ttnn.from_torch(np.ones((1, 64, 8), np.float32), ttnn.bfloat16),
            weight_tensor=ttnn.from_torch(np.ones((8, 1, 3), np.float32), ttnn.float32),
            device=device,
            in_channels=8,
            out_channels=8,
            batch_size=1,
            input_length=64,
            kernel_size=3,
            padding=1,
            groups=8,
            dtype=ttnn.bfloat8_b,
            conv_config=ttnn.Conv1dConfig(
                weights_dtype=ttnn.bfloat16,
                shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
            ),
        )

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            depthwise_conv1d()
            depthwise_conv1d()
    finally:
        ttnn.close_device(device)
    message = WARNING.split("warning: ")[1]
    assert [(w.category, str(w.message).endswith(message), w.filename) for w in caught] == [
        (TTNNWarning, True, __file__)
    ] * 2

"""Placing a tensor in a sharded memory config (`ttnn.to_device`, `ttnn.Tensor(..., device=)`,
a conv's `memory_config`) against TT-NN 0.81.1's own answers
(tests/fixtures/ttnn_api/shard_fit.wormhole_N150.txt, written by the probe beside it under the
reference kit's TT-NN): what TT-NN places is placed with the same shapes and shard spec; what
it refuses is refused with TT-NN's reason in a located one-line RuntimeError."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ttnn_xdsl.ttnn as ttnn

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "ttnn_api"

ROW_MAJOR_PADDED = {
    "to_device rows HEIGHT 2 cores 50x32": (20, 32, 32),
    "to_device rows BLOCK 2x2 64x16": (20, 16, 32),
}
"""The probes the project does not cover: TT-NN pads a ROW_MAJOR tensor's width (20) up to a
multiple of the shard width; the project keeps ROW_MAJOR tensors unpadded."""


def _probe_lines() -> tuple[list[str], list[str]]:
    run = subprocess.run(
        [sys.executable, str(FIXTURES / "shard_fit_probe.py"), "ttnn_xdsl.ttnn"],
        capture_output=True,
        text=True,
        check=True,
    )
    theirs = (FIXTURES / "shard_fit.wormhole_N150.txt").read_text().splitlines()
    return run.stdout.splitlines(), theirs


def test_to_device_places_and_refuses_what_tt_nn_does() -> None:
    ours, theirs = _probe_lines()
    assert len(ours) == len(theirs) == 38
    accepted = refused = 0
    for mine, its in zip(ours, theirs, strict=True):
        label, _, answer = its.partition(": ")
        assert mine.startswith(label + ": ")
        mine_answer = mine[len(label) + 2 :]
        if label in ROW_MAJOR_PADDED:
            width, shard, padded = ROW_MAJOR_PADDED[label]
            assert f"Shape([1, 1, 100, {padded}])" in answer
            assert mine_answer == (
                "NotImplementedError: ttnn_xdsl.ttnn.to_device does not cover a ROW_MAJOR "
                f"tensor of width {width} in shards {shard} wide: TT-NN pads its width to "
                f"{padded}, which ttnn_xdsl does not model"
            )
        elif not answer.startswith("RuntimeError: "):
            accepted += 1
            assert mine_answer == answer
        else:
            refused += 1
            reason = answer.removeprefix("RuntimeError: ")
            assert mine_answer.startswith("RuntimeError: to_device: ")
            if reason == "bad optional access":
                assert "HEIGHT_SHARDED without a shard spec" in mine_answer
            elif reason.startswith("Invalid shard grid"):
                # TT-NN's first sentence, then the device's grid instead of its advice.
                first = reason.split(" which has ")[0].removesuffix(",")
                assert first in mine_answer and mine_answer.endswith("worker grid is 8x8")
            else:
                assert mine_answer.endswith(": " + reason)
    assert (accepted, refused) == (11, 25)


def test_a_refusal_names_the_shard_spec_and_the_tensor() -> None:
    device = ttnn.open_device(device_id=0)
    cores = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))])
    spec = ttnn.ShardSpec(cores, [64, 64], ttnn.ShardOrientation.ROW_MAJOR)
    config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, spec)
    values = np.zeros((1, 1, 256, 64), np.float32)
    expected = (
        "memory_config's shard spec (shard shape [64, 64] on 2 cores, HEIGHT_SHARDED) does not "
        "fit the tensor of physical shape [1, 1, 256, 64]: Number of shards along height 4 "
        "must not exceed number of cores 2"
    )
    with pytest.raises(RuntimeError) as refused:
        ttnn.from_torch(
            values, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=config
        )
    assert str(refused.value) == "to_device: " + expected
    with pytest.raises(RuntimeError) as refused:
        ttnn.Tensor(values, ttnn.bfloat16, device, ttnn.TILE_LAYOUT, config)
    assert str(refused.value) == "Tensor: " + expected
    # 256 rows in shards of 128 on the same 2 cores fit.
    fitting = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
        ttnn.BufferType.L1,
        ttnn.ShardSpec(cores, [128, 64], ttnn.ShardOrientation.ROW_MAJOR),
    )
    placed = ttnn.Tensor(values, ttnn.bfloat16, device, ttnn.TILE_LAYOUT, fitting)
    assert placed.memory_config() == fitting
    ttnn.close_device(device)

"""TT-NN 0.81.1's side of `make bench`, measured in the same run as the project's: a server
that `benchmarks/run.py` starts with the reference kit's Python (the one TT-NN is installed
in; never the project's) when TT-NN is there. It imports TT-NN, opens the mock device once
and times what the constants of benchmarks/ttnn_reference.json time, as they were measured:

- `resnet50`: one pass of TT-NN's host preparation of ResNet-50 from a seed — draw every
  weight and bias in argument order (`default_rng(0)`, standard normal, rounded to float32:
  the values `ttnn-run --random-inputs 0` gives), `ttnn.Tensor(values, bfloat16, None,
  ROW_MAJOR_LAYOUT)` of each, `prepare_conv_weights` + `prepare_conv_bias` of each conv;
- `convert`: `ttnn.Tensor(values, dtype, None, TILE_LAYOUT)` of a 2048×2048 float32 array
  (`default_rng(1)`, the project's input), N runs back to back after a warm-up (`cold`: each
  after an untimed copy of 256 MiB, which takes the input out of the caches).

    python ttnn_side.py SPEC.json

SPEC.json: {"resnet50": [conv, ...], "size": 2048, "churn_bytes": N}, each conv the
parameters of one prepare_conv_weights / _bias pair, as run.py writes them. Commands come
one per line on stdin as JSON ({"case": "resnet50"}, {"case": "convert", "dtype":
"bfloat8_b", "cold": false, "runs": 11}); each answer is one stdout line, `ANSWER <json>`
({"seconds": [...]} or {"error": "..."}): TT-NN also logs on stdout, so the marker tells an
answer from a log line. Runs with TT-NN's NumPy (1.26) and Python; imports nothing of the
project.
"""

from __future__ import annotations

import importlib.metadata
import json
import sys
import time
from typing import Any

import numpy as np
import ttnn

ANSWER = "ANSWER "


def memory_config(conv: dict[str, Any]) -> Any:
    """The conv's input memory config, as TT-NN objects."""
    memory = conv["input_memory_config"]
    buffer = ttnn.BufferType.DRAM if memory["buffer_type"] == "dram" else ttnn.BufferType.L1
    layout = getattr(ttnn.TensorMemoryLayout, memory["memory_layout"].upper())
    if memory["shard_grid"] is None:
        return ttnn.MemoryConfig(layout, buffer)
    grid_x, grid_y = memory["shard_grid"]
    cores = ttnn.CoreRangeSet(
        {ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(grid_x - 1, grid_y - 1))}
    )
    orientation = getattr(ttnn.ShardOrientation, memory["shard_orientation"].upper())
    spec = ttnn.ShardSpec(cores, list(memory["shard_shape"]), orientation)
    return ttnn.MemoryConfig(layout, buffer, spec)


def call_arguments(conv: dict[str, Any], device: Any) -> dict[str, Any]:
    """The keyword arguments prepare_conv_weights and prepare_conv_bias share."""
    config = ttnn.Conv2dConfig(
        weights_dtype=getattr(ttnn, conv["weights_dtype"]),
        shard_layout=getattr(ttnn.TensorMemoryLayout, conv["shard_layout"].upper()),
    )
    layout = ttnn.TILE_LAYOUT if conv["input_layout"] == "tile" else ttnn.ROW_MAJOR_LAYOUT
    return dict(
        input_memory_config=memory_config(conv),
        input_layout=layout,
        in_channels=conv["in_channels"],
        out_channels=conv["out_channels"],
        batch_size=conv["batch_size"],
        input_height=conv["input_height"],
        input_width=conv["input_width"],
        kernel_size=tuple(conv["kernel_size"]),
        stride=tuple(conv["stride"]),
        padding=tuple(conv["padding"]),
        dilation=tuple(conv["dilation"]),
        groups=conv["groups"],
        device=device,
        input_dtype=ttnn.bfloat16,  # the activation's dtype, which TT-NN's binding requires
        conv_config=config,
    )


def resnet50_pass(convs: list[dict[str, Any]], device: Any) -> float:
    """One preparation of every weight and bias from the seed, in seconds."""
    started = time.perf_counter()
    rng = np.random.default_rng(0)
    for conv in convs:
        arguments = call_arguments(conv, device)
        weight = rng.standard_normal(conv["weight_shape"]).astype(np.float32)
        bias = rng.standard_normal(conv["bias_shape"]).astype(np.float32)
        ttnn.prepare_conv_weights(
            weight_tensor=ttnn.Tensor(weight, ttnn.bfloat16, None, ttnn.ROW_MAJOR_LAYOUT),
            weights_format="OIHW",
            has_bias=True,
            **arguments,
        )
        ttnn.prepare_conv_bias(
            bias_tensor=ttnn.Tensor(bias, ttnn.bfloat16, None, ttnn.ROW_MAJOR_LAYOUT),
            **arguments,
        )
    return time.perf_counter() - started


def conversions(
    values: np.ndarray, dtype: str, runs: int, churn: tuple[np.ndarray, np.ndarray] | None
) -> list[float]:
    """`runs` host conversions of `values` to a TILE tensor of `dtype`, after one warm-up;
    with `churn`, each after an untimed copy between its two arrays."""
    target = getattr(ttnn, dtype)
    ttnn.Tensor(values, target, None, ttnn.TILE_LAYOUT)
    seconds = []
    for _ in range(runs):
        if churn is not None:
            np.copyto(churn[1], churn[0])
        started = time.perf_counter()
        ttnn.Tensor(values, target, None, ttnn.TILE_LAYOUT)
        seconds.append(time.perf_counter() - started)
    return seconds


def answer(message: dict[str, Any]) -> None:
    print(ANSWER + json.dumps(message), flush=True)


def main() -> None:
    with open(sys.argv[1]) as spec_file:
        spec = json.load(spec_file)
    size = spec["size"]
    values = np.random.default_rng(1).standard_normal((size, size)).astype(np.float32)
    churn_source = np.ones(spec["churn_bytes"] // 4, np.float32)
    churn = (churn_source, np.empty_like(churn_source))
    device = ttnn.open_device(device_id=0)
    try:
        answer({"ready": f"ttnn {importlib.metadata.version('ttnn')}"})
        for line in sys.stdin:
            command = json.loads(line)
            try:
                if command["case"] == "resnet50":
                    seconds = [resnet50_pass(spec["resnet50"], device)]
                else:
                    seconds = conversions(
                        values,
                        command["dtype"],
                        command["runs"],
                        churn if command["cold"] else None,
                    )
                answer({"seconds": seconds})
            except Exception as error:  # reported to run.py, which then uses the constants
                first_line = (str(error).splitlines() or [""])[0]
                answer({"error": f"{type(error).__name__}: {first_line}"})
    finally:
        ttnn.close_device(device)


if __name__ == "__main__":
    main()

"""Speed of the interpreter against a direct NumPy implementation of the same operation on
the same data (`make bench`). Prints a table: best-of-N wall time of each, and the ratio.

The interpreter column runs the lowered IR (loops over tiles, one interpreted tile op per
tile); lowering is done once, outside the timing. The NumPy column does the same job with
whole-array NumPy calls and the project's format functions.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from ttnn_xdsl.dialect.shapes import round_up
from ttnn_xdsl.runtime import Program
from ttnn_xdsl.runtime.formats import (
    pack_bfloat8_b_tiles,
    round_to_bfloat16,
    tilize,
)

REPEATS = 3


def best_time(function: Callable[[], object], repeats: int = REPEATS) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - started)
    return best


def tensor(shape: tuple[int, ...], dtype: str) -> str:
    dims = "x".join(map(str, shape))
    element = "!ttnn.bfp8_b" if dtype == "bfp8_b" else dtype
    return f"tensor<{dims}x{element}, #ttnn.tensor_layout<tile>>"


def assign_bw_program(size: int, grad_dtype: str, out_dtype: str) -> Program:
    g, o = tensor((size, size), grad_dtype), tensor((size, size), out_dtype)
    text = f"""
func.func @main(%grad: {g}, %input: {o}) -> {o} {{
  %0 = ttnn.assign_bw(%grad, %input) : ({g}, {o}) -> {o}
  func.return %0 : {o}
}}"""
    return Program.load(text)


def conv_program(out_channels: int, in_channels: int) -> Program:
    weight = f"tensor<{out_channels}x{in_channels}x3x3xf32>"
    rows = in_channels * 9
    result = (
        f"tensor<1x1x{rows}x{out_channels}xbf16, "
        f"#ttnn.tensor_layout<tile, physical = 1x1x{rows}x{out_channels}>>"
    )
    text = f"""
func.func @main(%weight: {weight}) -> {result} {{
  %0 = ttnn.prepare_conv_weights %weight
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
      input_layout = #ttnn.layout<tile> weights_format = "OIHW"
      in_channels = {in_channels} out_channels = {out_channels} batch_size = 1
      input_height = 14 input_width = 14 kernel_size = [3, 3] stride = [1, 1]
      padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = width_sharded>
      : {weight} -> {result}
  func.return %0 : {result}
}}"""
    return Program.load(text)


def numpy_tiled_layout(weight: np.ndarray) -> np.ndarray:
    """semantics.md §3.6.3 with whole-array NumPy: M[(r·KW + s)·I + i, o] = W[o, i, r, s], tilized,
    rounded to bf16."""
    out_channels, in_channels, kernel_h, kernel_w = weight.shape
    matrix = weight.transpose(2, 3, 1, 0).reshape(kernel_h * kernel_w * in_channels, out_channels)
    rows = round_up(matrix.shape[0], 32)
    padded = np.zeros((rows, round_up(out_channels, 32)), np.float32)
    padded[: matrix.shape[0], :out_channels] = matrix
    return round_to_bfloat16(tilize(padded))


def main() -> None:
    rng = np.random.default_rng(0)
    rows: list[tuple[str, float, float]] = []

    size = 2048
    grad = rng.standard_normal((size, size)).astype(np.float32)
    for grad_dtype, out_dtype in (("bf16", "bf16"), ("bf16", "bfp8_b")):
        program = assign_bw_program(size, grad_dtype, out_dtype)
        inputs = program.prepare_inputs([grad, grad])
        tiles = inputs[0].data
        interpreted = best_time(lambda program=program, inputs=inputs: program.run(inputs))
        if out_dtype == grad_dtype:
            direct = best_time(lambda tiles=tiles: tiles.copy())
        else:
            direct = best_time(lambda tiles=tiles: pack_bfloat8_b_tiles(tiles.astype(np.float32)))
        rows.append((f"assign_bw {size}x{size} {grad_dtype} -> {out_dtype}", interpreted, direct))

    f32_tiles = tilize(grad)
    conversion = best_time(lambda: pack_bfloat8_b_tiles(f32_tiles))

    weight = rng.standard_normal((512, 512, 3, 3)).astype(np.float32)
    program = conv_program(512, 512)
    inputs = program.prepare_inputs([weight])
    interpreted = best_time(lambda: program.run(inputs))
    direct = best_time(lambda: numpy_tiled_layout(weight))
    rows.append(("prepare_conv_weights 512x512x3x3 WIDTH bf16", interpreted, direct))

    header = f"{'benchmark':52} {'interpreter':>12} {'numpy':>10} {'ratio':>8}"
    print(header)
    print("-" * len(header))
    for name, interpreted, direct in rows:
        print(
            f"{name:52} {interpreted * 1000:9.1f} ms {direct * 1000:7.1f} ms "
            f"{interpreted / direct:7.1f}x"
        )
    elements = size * size
    print(
        f"\nruntime.formats f32 -> bfloat8_b packing of {size}x{size}: {conversion * 1000:.1f} ms, "
        f"{elements / conversion / 1e6:.0f} M elements/s ({elements * 4 / conversion / 1e9:.2f} "
        "GB/s of float32 input)"
    )


if __name__ == "__main__":
    main()

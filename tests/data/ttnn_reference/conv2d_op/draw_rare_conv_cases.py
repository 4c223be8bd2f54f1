"""conv2d cases of what the kit's draws and the wider draws rarely make, for TT-NN's own conv2d
(the reference kit's query_conv.py): odd channel counts (3, 5, 17, 33, 100), big kernels (7 to
11) and strides (3 to 5), dilation, groups and depthwise convs, batches of 2 to 4, every
Conv2dConfig field the kit passes by name (act_block_h_override, act_block_w_div, the double
buffers, full_inner_dim, enable_kernel_stride_folding, output_layout ROW_MAJOR,
reshard_if_not_optimal, config_tensors_in_dram, reallocate_halo_output, deallocate_activation,
transpose_shards, enable_activation_reuse, override_sharding_config with a core_grid), compute
configs (math fidelity, math_approx_mode, fp32_dest_acc_en, packer_l1_acc), inputs in L1
(interleaved or already sharded) and in DRAM, DRAM inputs with a slice config.

    python3 draw_rare_conv_cases.py SEED N DEVICE > cases.json
        (DEVICE: wormhole_N150 | blackhole_P150)

Standalone: it imports nothing of this project nor of the reference kit, so the committed
cases can be checked against it (tests/test_conv2d_op_reference.py). The answers: a copy of
the kit's `query_conv.py` that also passes the case's `compute_config`
(`ttnn.init_device_compute_kernel_config` with its fields), `run cases.json OUT --jobs 1`
(a fresh device per case), then `strip_answers.py OUT`.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

GRIDS = {"wormhole_N150": (8, 8), "blackhole_P150": (13, 10)}
ODD_CHANNELS = [3, 5, 17, 33, 100]
COMMON_CHANNELS = [8, 16, 32, 64, 128]
SHARD_LAYOUTS = ["HEIGHT", "WIDTH", "BLOCK"]
MATH_FIDELITIES = ["LoFi", "HiFi2", "HiFi3", "HiFi4"]
SLICE_TYPES = ["DRAMSliceHeight", "DRAMSliceWidth", "L1Full"]
FLAGS = (
    "enable_act_double_buffer",
    "enable_weights_double_buffer",
    "full_inner_dim",
    "enable_kernel_stride_folding",
    "reshard_if_not_optimal",
    "config_tensors_in_dram",
    "deallocate_activation",
    "transpose_shards",
    "enable_activation_reuse",
)
"""Conv2dConfig's boolean fields drawn True (reallocate_halo_output, True by default, is drawn
False)."""


def round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def channels_and_groups(rng: random.Random) -> tuple[int, int, int]:
    """(in_channels, out_channels, groups): a depthwise conv, a grouped one or a plain one,
    most channel counts odd."""
    kind = rng.random()
    if kind < 0.2:  # depthwise
        channels = rng.choice(ODD_CHANNELS + COMMON_CHANNELS)
        return channels, channels * rng.choice([1, 1, 2]), channels
    if kind < 0.35:  # grouped
        groups = rng.choice([2, 3, 4, 5])
        return groups * rng.choice([1, 3, 5, 8, 17]), groups * rng.choice([1, 3, 8, 16]), groups
    pick = ODD_CHANNELS * 2 + COMMON_CHANNELS
    return rng.choice(pick), rng.choice([*pick, 255, 257]), 1


def window(rng: random.Random) -> dict[str, Any]:
    """Kernel, stride, padding and dilation: big kernels and strides, some dilated."""
    if rng.random() < 0.4:
        size = rng.choice([7, 9, 11])
        kernel = [size, size] if rng.random() < 0.8 else [size, rng.choice([1, 3, 5])]
    else:
        size = rng.choice([1, 2, 3, 3, 5])
        kernel = [size, size]
    if rng.random() < 0.5:
        step = rng.choice([3, 4, 5])
        stride = [step, step] if rng.random() < 0.8 else [step, rng.choice([1, 2])]
    else:
        stride = rng.choice([[1, 1], [2, 2], [1, 2]])
    dilation = [1, 1]
    if rng.random() < 0.25:
        dilation = rng.choice([[2, 2], [3, 3], [1, 2], [2, 1]])
    if rng.random() < 0.7:
        pad = [rng.randint(0, kernel[0] // 2), rng.randint(0, kernel[1] // 2)]
    else:
        pad = [rng.randint(0, kernel[0] // 2) for _ in range(2)]
        pad += [rng.randint(0, kernel[1] // 2) for _ in range(2)]
    return dict(kernel=kernel, stride=stride, pad=pad, dilation=dilation)


def core_grid(rng: random.Random, layout: str, grid: tuple[int, int]) -> list[list[int]]:
    """An override core grid from core (0, 0), as the kit writes one ([x0, y0, x1, y1] ranges):
    a rectangle for BLOCK, as many cores row by row for HEIGHT and WIDTH."""
    columns, rows = grid
    if layout == "BLOCK":
        return [[0, 0, rng.randint(1, columns) - 1, rng.randint(1, rows) - 1]]
    cores = rng.randint(1, columns * rows)
    full_rows, rest = divmod(cores, columns)
    ranges = [[0, 0, columns - 1, full_rows - 1]] if full_rows else []
    if rest:
        ranges.append([0, full_rows, rest - 1, full_rows])
    return ranges


def input_shard(rng: random.Random, case: dict[str, Any], grid: tuple[int, int]) -> dict[str, Any]:
    """An input already sharded in L1, its shard shape by TT-NN's convention for a conv input
    (the kit's draw's)."""
    kind = rng.choice(SHARD_LAYOUTS)
    orientation = rng.choice(["ROW_MAJOR", "ROW_MAJOR", "COL_MAJOR"])
    columns, rows = rng.randint(1, grid[0]), rng.randint(1, grid[1])
    cores = columns * rows
    if kind == "HEIGHT":
        across_rows, across_channels = cores, 1
    elif kind == "WIDTH":
        across_rows, across_channels = 1, cores
    else:
        row_major = orientation == "ROW_MAJOR"
        across_rows, across_channels = (rows, columns) if row_major else (columns, rows)
    matmul = case["kernel"] == [1, 1] and case["stride"] == [1, 1] and case["pad"] == [0, 0]
    row_align = 1 if kind == "WIDTH" and case["layout"] == "ROW_MAJOR" else 32
    channel_align = 8 if not matmul and kind != "WIDTH" and case["layout"] == "ROW_MAJOR" else 32
    pixels = case["N"] * case["H"] * case["W"]
    shard_rows = round_up(pixels, across_rows * row_align) // across_rows
    shard_channels = round_up(case["in_channels"], across_channels * channel_align)
    return dict(
        kind=kind,
        grid=[columns, rows],
        orientation=orientation,
        shard_shape=[shard_rows, shard_channels // across_channels],
    )


def conv_config(rng: random.Random, case: dict[str, Any], grid: tuple[int, int]) -> dict[str, Any]:
    config: dict[str, Any] = {}
    if rng.random() < 0.8:
        config["shard_layout"] = rng.choice(SHARD_LAYOUTS)
    config["weights_dtype"] = rng.choice(["float32", "bfloat16", "bfloat16", "bfloat8_b"])
    if rng.random() < 0.3:
        config["act_block_h_override"] = rng.choice([32, 64, 96, 128, 256])
    if rng.random() < 0.25:
        config["act_block_w_div"] = rng.choice([2, 3, 4, 8])
    for flag in FLAGS:
        if rng.random() < 0.15:
            config[flag] = True
    if rng.random() < 0.15:
        config["reallocate_halo_output"] = False
    if rng.random() < 0.25:
        config["output_layout"] = "ROW_MAJOR"
    layout = config.get("shard_layout")
    if layout and case["mem"] == "L1" and "input_shard" not in case and rng.random() < 0.3:
        config["override_sharding_config"] = True
        config["core_grid"] = core_grid(rng, layout, grid)
    return config


def compute_config(rng: random.Random) -> dict[str, Any]:
    """`ttnn.init_device_compute_kernel_config`'s fields, the math fidelity by TT-NN's name."""
    return dict(
        math_fidelity=rng.choice(MATH_FIDELITIES),
        math_approx_mode=rng.random() < 0.5,
        fp32_dest_acc_en=rng.random() < 0.5,
        packer_l1_acc=rng.random() < 0.5,
    )


def rare_case(rng: random.Random, index: int, grid: tuple[int, int]) -> dict[str, Any]:
    in_channels, out_channels, groups = channels_and_groups(rng)
    case: dict[str, Any] = {"id": f"x{index:04d}", "O": out_channels, "I": in_channels // groups}
    case["in_channels"] = in_channels
    shape = window(rng)
    case.update(kernel=shape["kernel"], groups=groups, stride=shape["stride"], pad=shape["pad"])
    case["dilation"] = shape["dilation"]
    reach = [(k - 1) * d + 1 for k, d in zip(shape["kernel"], shape["dilation"], strict=True)]
    height = max(rng.choice([9, 13, 16, 24, 31, 32, 45, 64]), reach[0])
    width = height if rng.random() < 0.7 else max(rng.choice([7, 20, 33, 50]), reach[1])
    case.update(H=height, W=width, N=rng.choice([1, 2, 2, 3, 4]))
    place = rng.random()
    case["mem"] = "DRAM" if place < 0.4 else "L1"
    case["layout"] = rng.choice(["TILE", "ROW_MAJOR"])
    case["bias"] = rng.random() < 0.6
    dtypes = ["bfloat16", "bfloat16", "float32"]
    if case["layout"] == "TILE":  # TT-NN holds bfloat8_b in tiles only
        dtypes.append("bfloat8_b")
    case["input_dtype"] = rng.choice(dtypes)
    if place > 0.85:
        case["input_shard"] = input_shard(rng, case, grid)
    case["conv_config"] = conv_config(rng, case, grid)
    if rng.random() < 0.6:
        case["compute_config"] = compute_config(rng)
    if rng.random() < 0.3:
        case["dtype"] = rng.choice(["bfloat16", "float32", "bfloat8_b"])
    if case["mem"] == "DRAM" and rng.random() < 0.5:
        case["slice_config"] = {
            "type": rng.choice(SLICE_TYPES),
            "num_slices": rng.choice([0, 1, 2, 3, 4, 8]),
        }
    if "input_shard" not in case and rng.random() < 0.25:
        case["input_shape"] = "nhwc"
    return case


def rare_cases(seed: int, count: int, device: str) -> list[dict[str, Any]]:
    """`count` cases for `device`, reproducible from `seed`."""
    rng = random.Random(seed)
    return [rare_case(rng, index, GRIDS[device]) for index in range(count)]


if __name__ == "__main__":
    seed, count, device = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    json.dump(rare_cases(seed, count, device), sys.stdout, indent=1)

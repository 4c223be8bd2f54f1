"""conv2d cases from the convs of real models, as tt-metal's per-model conv tests run them, for
TT-NN's own conv2d (the reference kit's query_conv.py).

tt-metal keeps, for each model it brings up, a table of that model's unique convs with the
Conv2dConfig, compute config, dtypes and batch the model runs them with (ResNet-50, Stable
Diffusion 1.4 and SDXL UNet / refiner / VAE, the shallow UNet, vanilla UNet, SegFormer,
MobileNetV2, YOLOv10x, EfficientNet-B0, Panoptic-DeepLab, OFT, ViT-style patch embeddings and
two models the tests name "kiwi" and "strawberry"), in
tests/ttnn/nightly/unit_tests/operations/conv/test_conv2d.py (commit 002a3f412aeb) and
tests/ttnn/unit_tests/operations/conv/test_conv2d.py (commit 0493f95cd6a6). Each row below is
one row of such a table, copied as written, and each case names its table and row in
`source`. The cases follow what the tables' `run_conv` (or `run_conv_with_split`) hands
ttnn.conv2d:

- the input in the output's dtype unless the row gives one, ROW_MAJOR (TILE when bfloat8_b),
  flat [1, 1, N·H·W, C]; `run_conv` passes a host tensor unless it is bfloat8_b or DRAM-sliced
  (then DRAM): the kit cannot pass a host tensor, so every input here is in DRAM;
- Conv2dConfig as `run_conv` builds it: `enable_kernel_stride_folding` False unless the row
  folds, `shard_layout` omitted for TT-NN's own choice ("auto_shard"), `act_block_w_div` only
  when the shard layout is given, the row's double buffers, `deallocate_activation`,
  `config_tensors_in_dram`, `transpose_shards`, `full_inner_dim`; a fused activation is left
  out (it steers the kernel only);
- slice_config L1Full unless the row DRAM-slices (`run_conv_with_split` passes none: TT-NN's
  own choice);
- the compute config of `init_device_compute_kernel_config` (`compute_config`: math
  fidelity, `math_approx_mode`, `fp32_dest_acc_en`, `packer_l1_acc`);
- `l1_small_size` of the table's device_params.

A channel-split row (`run_conv_with_split`: SD's convs of more than 1280 input channels) is
the conv it runs: in_channels divided by the split.

Two models are read from their own code instead (`WHISPER`, `UNET_MODEL`): Whisper's conv1d
encoder stem, and the convs of the vanilla UNet model whose input its code places where the
kit can place it (DRAM, L1 interleaved, or the HEIGHT shards it reshards a pool's output to),
with the model's Conv2dConfig, compute config and `l1_small_size`.

    python3 model_cases.py wormhole_N150 > cases.json   (or blackhole_P150)

Standalone: it imports nothing of this project. The answers: a copy of the kit's
`query_conv.py` that also passes `compute_config` (init_device_compute_kernel_config with the
case's fields), `run cases.json OUT --jobs 2`, then `strip_answers.py OUT`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

NIGHTLY = "tests/ttnn/nightly/unit_tests/operations/conv/test_conv2d.py@002a3f412aeb"
UNIT = "tests/ttnn/unit_tests/operations/conv/test_conv2d.py@0493f95cd6a6"

HS, BS, WS = "HEIGHT", "BLOCK", "WIDTH"
BF8, BF16 = "bfloat8_b", "bfloat16"


def case(
    case_id: str,
    source: str,
    *,
    n: int,
    c: int,
    o: int,
    h: int,
    w: int,
    kernel: tuple[int, int],
    stride: tuple[int, int],
    pad: tuple[int, ...],
    dilation: tuple[int, int] = (1, 1),
    groups: int = 1,
    bias: bool = True,
    weights: str | None = None,
    output: str = BF16,
    input_dtype: str | None = None,
    shard: str | None = None,
    act_block_h: int = 0,
    act_block_w_div: int = 1,
    fidelity: str = "LoFi",
    fp32: bool = False,
    packer: bool = False,
    approx: bool = True,
    output_layout: str = "TILE",
    slice_config: tuple[str, int] | None = ("L1Full", 1),
    l1_small: int = 16384,
    split_conv: bool = False,
    **flags: Any,
) -> dict[str, Any]:
    """One ttnn.conv2d call as `run_conv` makes it (`split_conv`: as `run_conv_with_split`
    does, whose Conv2dConfig sets fewer fields); `flags`: further Conv2dConfig fields."""
    input_dtype = input_dtype or output
    config: dict[str, Any] = {}
    if weights is not None:
        config["weights_dtype"] = weights
    if shard is not None:
        config["shard_layout"] = shard
    if act_block_h:
        config["act_block_h_override"] = act_block_h
    if act_block_w_div != 1 and shard is not None:
        config["act_block_w_div"] = act_block_w_div
    if output_layout != "TILE":
        config["output_layout"] = output_layout
    if not split_conv:
        config.setdefault("enable_kernel_stride_folding", False)
    config.update({key: value for key, value in flags.items() if value is not None})
    made: dict[str, Any] = {
        "id": case_id,
        "source": source,
        "O": o,
        "I": c // groups,
        "in_channels": c,
        "kernel": list(kernel),
        "groups": groups,
        "stride": list(stride),
        "pad": list(pad),
        "dilation": list(dilation),
        "H": h,
        "W": w,
        "N": n,
        "mem": "DRAM",
        "layout": "TILE" if input_dtype == BF8 else "ROW_MAJOR",
        "bias": bias,
        "input_dtype": input_dtype,
        "dtype": output,
        "conv_config": config,
        "compute_config": {
            "math_fidelity": fidelity,
            "math_approx_mode": approx,
            "fp32_dest_acc_en": fp32,
            "packer_l1_acc": packer,
        },
        "l1_small_size": l1_small,
    }
    if slice_config is not None and not split_conv:
        made["slice_config"] = {"type": slice_config[0], "num_slices": slice_config[1]}
    return made


def short(dtype: str) -> str:
    return "bf8" if dtype == BF8 else "bf16"


# test_resnet50_conv_wh: "unique convs in rn50 (complete list)" — (N, O, C, H, W, KH, KW, SH,
# SW, PH, PW, shard, act_block_h); weights bfloat8_b, LoFi, packer_l1_acc, fp32 off, bias.
RESNET50 = (
    (16, 64, 16, 115, 115, 4, 4, 1, 1, 0, 0, HS, 256),
    (8, 64, 64, 56, 56, 3, 3, 1, 1, 1, 1, HS, 0),
    (16, 64, 64, 56, 56, 3, 3, 1, 1, 1, 1, HS, 0),
    (20, 64, 64, 56, 56, 3, 3, 1, 1, 1, 1, HS, 0),
    (8, 128, 128, 56, 56, 3, 3, 2, 2, 1, 1, HS, 0),
    (16, 128, 128, 56, 56, 3, 3, 2, 2, 1, 1, HS, 0),
    (20, 128, 128, 56, 56, 3, 3, 2, 2, 1, 1, HS, 32),
    (8, 128, 128, 28, 28, 3, 3, 1, 1, 1, 1, HS, 0),
    (16, 128, 128, 28, 28, 3, 3, 1, 1, 1, 1, HS, 0),
    (20, 128, 128, 28, 28, 3, 3, 1, 1, 1, 1, HS, 0),
    (8, 256, 256, 28, 28, 3, 3, 2, 2, 1, 1, BS, 0),
    (16, 256, 256, 28, 28, 3, 3, 2, 2, 1, 1, BS, 0),
    (20, 256, 256, 28, 28, 3, 3, 2, 2, 1, 1, BS, 0),
    (8, 256, 256, 14, 14, 3, 3, 1, 1, 1, 1, BS, 0),
    (16, 256, 256, 14, 14, 3, 3, 1, 1, 1, 1, BS, 0),
    (20, 256, 256, 14, 14, 3, 3, 1, 1, 1, 1, BS, 0),
    (8, 512, 512, 14, 14, 3, 3, 2, 2, 1, 1, BS, 0),
    (16, 512, 512, 14, 14, 3, 3, 2, 2, 1, 1, BS, 0),
    (20, 512, 512, 14, 14, 3, 3, 2, 2, 1, 1, BS, 0),
    (8, 512, 512, 7, 7, 3, 3, 1, 1, 1, 1, BS, 0),
    (16, 512, 512, 7, 7, 3, 3, 1, 1, 1, 1, BS, 0),
    (20, 512, 512, 7, 7, 3, 3, 1, 1, 1, 1, BS, 0),
    (8, 256, 256, 7, 7, 3, 3, 1, 1, 1, 1, BS, 0),
    (20, 256, 64, 56, 56, 1, 1, 2, 2, 0, 0, HS, 0),
    (20, 1024, 512, 28, 28, 1, 1, 2, 2, 0, 0, BS, 0),
    (20, 2048, 1024, 14, 14, 1, 1, 2, 2, 0, 0, BS, 0),
)

# test_sd_conv_wh: Stable Diffusion 1.4's UNet at 64×64 latents, batch 2 — (N, O, C, H, W, KH,
# KW, SH, SW, PH, PW, shard, act_block_h); weights bfloat8_b, LoFi, fp32 off, packer_l1_acc.
STABLE_DIFFUSION = (
    (2, 320, 16, 64, 64, 3, 3, 1, 1, 1, 1, HS, 0),
    (2, 320, 320, 64, 64, 3, 3, 1, 1, 1, 1, BS, 64),
    (2, 320, 320, 64, 64, 3, 3, 2, 2, 1, 1, BS, 0),
    (2, 640, 640, 32, 32, 3, 3, 1, 1, 1, 1, BS, 32),
    (2, 640, 640, 32, 32, 3, 3, 2, 2, 1, 1, BS, 0),
    (2, 1280, 1280, 16, 16, 3, 3, 1, 1, 1, 1, BS, 0),
    (2, 1280, 1280, 16, 16, 3, 3, 2, 2, 1, 1, BS, 32),
    (2, 1280, 1280, 8, 8, 3, 3, 1, 1, 1, 1, BS, 32),
    (2, 1280, 1280, 32, 32, 3, 3, 1, 1, 1, 1, BS, 32),
    (2, 1280, 2560, 8, 8, 3, 3, 1, 1, 1, 1, BS, 0),
    (2, 1280, 2560, 16, 16, 3, 3, 1, 1, 1, 1, BS, 0),
    (2, 1280, 1920, 16, 16, 3, 3, 1, 1, 1, 1, BS, 32),
    (2, 640, 1920, 32, 32, 3, 3, 1, 1, 1, 1, BS, 32),
    (2, 640, 1280, 32, 32, 3, 3, 1, 1, 1, 1, BS, 32),
    (2, 640, 960, 32, 32, 3, 3, 1, 1, 1, 1, BS, 32),
    (2, 320, 960, 64, 64, 3, 3, 1, 1, 1, 1, BS, 32),
    (2, 320, 640, 64, 64, 3, 3, 1, 1, 1, 1, BS, 32),
    (2, 320, 960, 64, 64, 1, 1, 1, 1, 0, 0, HS, 0),
)

# test_unet_conv_wh: "unique convs in unet (complete list)", the shallow UNet at batch 2 — (N,
# O, C, H, W, KH, KW, SH, SW, PH, PW, shard, act_block_h); LoFi; weights bfloat8_b here.
SHALLOW_UNET = (
    (2, 16, 4, 1056, 160, 3, 3, 1, 1, 1, 1, HS, 512),
    (2, 16, 16, 1056, 160, 3, 3, 1, 1, 1, 1, HS, 512),
    (2, 16, 16, 528, 80, 3, 3, 1, 1, 1, 1, HS, 512),
    (2, 32, 16, 264, 40, 3, 3, 1, 1, 1, 1, HS, 0),
    (2, 32, 32, 264, 40, 3, 3, 1, 1, 1, 1, HS, 0),
    (2, 32, 32, 132, 20, 3, 3, 1, 1, 1, 1, HS, 0),
    (2, 64, 32, 66, 10, 3, 3, 1, 1, 1, 1, HS, 0),
    (2, 64, 64, 66, 10, 3, 3, 1, 1, 1, 1, HS, 0),
    (2, 32, 96, 132, 20, 3, 3, 1, 1, 1, 1, HS, 0),
    (2, 32, 64, 264, 40, 3, 3, 1, 1, 1, 1, HS, 0),
    (2, 16, 48, 528, 80, 3, 3, 1, 1, 1, 1, HS, 512),
    (2, 16, 32, 1056, 160, 3, 3, 1, 1, 1, 1, HS, 512),
    (2, 1, 16, 1056, 160, 1, 1, 1, 1, 0, 0, HS, 160),
)

# test_conv_for_vanilla_unet — (N, O, C, H, W, KH, KW, SH, SW, PH, PW, shard, act_block_h);
# weights bfloat16, LoFi, no bias.
VANILLA_UNET = (
    (1, 32, 3, 480, 640, 3, 3, 1, 1, 1, 1, HS, 64),
    (1, 32, 32, 480, 640, 3, 3, 1, 1, 1, 1, HS, 32),
    (1, 64, 32, 240, 320, 3, 3, 1, 1, 1, 1, HS, 0),
    (1, 64, 64, 240, 320, 3, 3, 1, 1, 1, 1, HS, 64),
    (1, 128, 64, 120, 160, 3, 3, 1, 1, 1, 1, HS, 0),
    (1, 128, 128, 120, 160, 3, 3, 1, 1, 1, 1, HS, 0),
    (1, 256, 128, 60, 80, 3, 3, 1, 1, 1, 1, HS, 0),
    (1, 256, 256, 60, 80, 3, 3, 1, 1, 1, 1, HS, 0),
    (1, 288, 288, 60, 80, 3, 3, 1, 1, 1, 1, HS, 0),
    (1, 512, 256, 30, 40, 3, 3, 1, 1, 1, 1, HS, 0),
    (1, 512, 512, 30, 40, 3, 3, 1, 1, 1, 1, BS, 0),
    (1, 256, 512, 60, 80, 3, 3, 1, 1, 1, 1, BS, 32),
    (1, 128, 256, 120, 160, 3, 3, 1, 1, 1, 1, HS, 32),
    (1, 64, 128, 240, 320, 3, 3, 1, 1, 1, 1, HS, 32),
    (1, 32, 64, 256, 256, 3, 3, 1, 1, 1, 1, HS, 32),
    (1, 1, 32, 480, 640, 1, 1, 1, 1, 0, 0, HS, 0),
)

# test_conv_for_segformer_512x512 — (N, C, O, H, W, KH, KW, SH, SW, PH, PW, groups, shard,
# act_block_h); weights and output bfloat16, LoFi, no bias.
SEGFORMER = (
    (1, 3, 32, 512, 512, 7, 7, 4, 4, 3, 3, 1, HS, 64),
    (1, 32, 32, 128, 128, 8, 8, 8, 8, 0, 0, 1, HS, 0),
    (1, 64, 64, 64, 64, 4, 4, 4, 4, 0, 0, 1, HS, 0),
    (1, 160, 160, 32, 32, 2, 2, 2, 2, 0, 0, 1, HS, 0),
    (1, 128, 128, 128, 128, 3, 3, 1, 1, 1, 1, 128, HS, 64),
    (1, 256, 256, 64, 64, 3, 3, 1, 1, 1, 1, 256, HS, 0),
    (1, 640, 640, 32, 32, 3, 3, 1, 1, 1, 1, 640, BS, 32),
    (1, 256, 150, 128, 128, 1, 1, 1, 1, 0, 0, 1, HS, 0),
    (1, 32, 16, 64, 64, 1, 1, 1, 1, 0, 0, 1, HS, 0),
    (1, 96, 24, 32, 32, 1, 1, 1, 1, 0, 0, 1, HS, 0),
    (1, 576, 576, 8, 8, 3, 3, 1, 1, 0, 0, 576, WS, 0),
    (1, 576, 576, 8, 8, 3, 3, 2, 2, 0, 0, 576, WS, 0),
    (1, 960, 960, 4, 4, 3, 3, 1, 1, 0, 0, 960, WS, 0),
    (1, 144, 24, 32, 32, 1, 1, 1, 1, 0, 0, 1, HS, 0),
    (1, 144, 32, 16, 16, 1, 1, 1, 1, 0, 0, 1, HS, 0),
)

# test_conv2d_sdxl (1024×1024 UNet) — (C, O, H, W, SH, shard, act_block_h, deallocate,
# fidelity, fp32, packer, act_db, w_db); batch 1, 3×3 pad 1, weights bfloat8_b, output
# bfloat16; BLOCK convs on Wormhole get core_grid (0, 0)–(4, 7) with
# override_output_sharding_config; l1_small_size 32768.
SDXL = (
    (1280, 1280, 32, 32, 1, BS, 0, True, "HiFi2", False, True, True, True),
    (1280, 1280, 64, 64, 1, BS, 128, True, "HiFi2", False, True, True, True),
    (1280, 640, 64, 64, 1, BS, 256, True, "HiFi2", True, False, True, True),
    (1920, 1280, 32, 32, 1, BS, 0, True, "HiFi2", False, True, True, True),
    (1920, 640, 64, 64, 1, BS, 128, True, "HiFi2", True, False, True, True),
    (2560, 1280, 32, 32, 1, BS, 64, True, "HiFi2", False, True, True, True),
    (320, 640, 64, 64, 1, BS, 0, True, "HiFi2", False, True, True, True),
    (320, 320, 128, 128, 1, BS, 1024, True, "HiFi2", False, True, True, True),
    (640, 1280, 32, 32, 1, BS, 0, True, "HiFi2", False, True, True, True),
    (640, 640, 128, 128, 1, BS, 128, True, "HiFi2", True, False, True, True),
    (640, 640, 64, 64, 1, BS, 0, True, "HiFi2", True, False, True, True),
    (640, 320, 128, 128, 1, BS, 256, True, "HiFi2", True, False, True, True),
    (960, 640, 64, 64, 1, BS, 256, True, "HiFi2", True, False, True, True),
    (960, 320, 128, 128, 1, BS, 128, True, "HiFi2", True, False, True, True),
    (320, 320, 128, 128, 2, BS, 0, False, "HiFi2", True, False, True, True),
    (640, 640, 64, 64, 2, BS, 0, False, "HiFi2", True, False, True, True),
    (320, 4, 128, 128, 1, HS, 128, True, "HiFi2", False, False, True, False),
    (4, 320, 128, 128, 1, HS, 0, True, "HiFi2", False, False, True, False),
    (9, 320, 128, 128, 1, HS, 0, True, "HiFi2", False, False, True, False),
)

# test_conv2d_sdxl_refiner — same columns; no core_grid; l1_small_size 38000.
SDXL_REFINER = (
    (1152, 384, 128, 128, 1, BS, 64, False, "HiFi2", False, False, True, True),
    (1152, 768, 64, 64, 1, BS, 256, False, "HiFi2", False, False, True, True),
    (1536, 1536, 16, 16, 1, BS, 32, False, "HiFi2", False, False, True, True),
    (1536, 1536, 32, 32, 1, BS, 128, False, "HiFi2", False, False, True, True),
    (1536, 1536, 64, 64, 1, BS, 256, False, "HiFi2", False, False, False, True),
    (1536, 768, 64, 64, 1, BS, 128, False, "HiFi2", False, False, True, True),
    (2304, 1536, 32, 32, 1, BS, 128, False, "HiFi2", False, False, True, True),
    (2304, 768, 64, 64, 1, BS, 128, False, "HiFi2", False, False, True, True),
    (3072, 1536, 16, 16, 1, BS, 32, False, "HiFi2", False, False, True, True),
    (3072, 1536, 32, 32, 1, BS, 128, False, "HiFi2", False, False, False, True),
    (384, 384, 128, 128, 1, BS, 512, False, "HiFi2", False, False, True, True),
    (384, 768, 64, 64, 1, BS, 256, False, "HiFi2", False, False, True, True),
    (768, 384, 128, 128, 1, BS, 256, False, "HiFi2", False, False, True, True),
    (768, 768, 128, 128, 1, BS, 128, False, "HiFi2", False, False, True, True),
    (768, 1536, 32, 32, 1, BS, 128, False, "HiFi2", False, False, True, True),
    (768, 768, 64, 64, 1, BS, 256, False, "HiFi2", False, False, True, True),
    (1536, 1536, 32, 32, 2, BS, 32, False, "HiFi2", False, False, True, True),
    (384, 384, 128, 128, 2, BS, 256, False, "HiFi2", False, False, True, True),
    (768, 768, 64, 64, 2, BS, 128, False, "HiFi2", False, False, True, True),
    (384, 4, 128, 128, 1, HS, 128, False, "HiFi2", False, False, False, True),
    (4, 384, 128, 128, 1, HS, 128, False, "HiFi2", False, False, True, True),
)

# test_conv2d_vae_sdxl (1024×1024 VAE) — (C, O, H, W, SH, pad, shard, slice type, slices,
# act_block_h); batch 1, 3×3, weights bfloat8_b, output bfloat16 from a TILE input, LoFi,
# l1_small_size 27 KiB. A row without a slice type runs L1Full.
SDXL_VAE = (
    (128, 128, 1024, 1024, 1, (1, 1), HS, "DRAMSliceWidth", 8, 32),
    (256, 128, 1024, 1024, 1, (1, 1), HS, "DRAMSliceWidth", 16, 32),
    (256, 256, 1024, 1024, 1, (1, 1), BS, "DRAMSliceWidth", 16, 512),
    (256, 256, 512, 512, 1, (1, 1), BS, "DRAMSliceWidth", 4, 512),
    (512, 512, 128, 128, 1, (1, 1), BS, None, 1, 512),
    (512, 512, 256, 256, 1, (1, 1), BS, "DRAMSliceWidth", 2, 256),
    (512, 256, 512, 512, 1, (1, 1), BS, "DRAMSliceWidth", 8, 512),
    (512, 512, 512, 512, 1, (1, 1), BS, "DRAMSliceWidth", 8, 256),
    (128, 3, 1024, 1024, 1, (1, 1), HS, "DRAMSliceWidth", 8, 256),
    (4, 512, 128, 128, 1, (1, 1), HS, None, 1, 0),
    (128, 256, 512, 512, 1, (1, 1), HS, "DRAMSliceWidth", 4, 64),
    (256, 512, 256, 256, 1, (1, 1), BS, "DRAMSliceWidth", 2, 1024),
    (3, 128, 1024, 1024, 1, (1, 1), HS, "DRAMSliceWidth", 8, 1024),
    (512, 8, 128, 128, 1, (1, 1), HS, "DRAMSliceWidth", 2, 0),
    (128, 128, 1024, 1024, 2, (0, 1, 0, 1), HS, "DRAMSliceWidth", 8, 256),
    (256, 256, 512, 512, 2, (0, 1, 0, 1), BS, "DRAMSliceWidth", 4, 1024),
    (512, 512, 256, 256, 2, (0, 1, 0, 1), BS, "DRAMSliceWidth", 2, 512),
)

# test_groups_vs_pool2: depthwise convs — (N, C, H, W, KH, SH, PH, shard, weights, model);
# output bfloat16, LoFi, math_approx_mode off, bias.
DEPTHWISE = (
    (10, 32, 40, 8, 3, 1, 1, HS, BF16, "mobilenetv2"),
    (10, 576, 14, 14, 3, 1, 1, BS, BF16, "mobilenetv2"),
    (10, 960, 7, 7, 3, 1, 1, BS, BF16, "mobilenetv2"),
    (10, 112, 7, 7, 3, 1, 1, HS, BF16, "mobilenetv2"),
    (1, 320, 32, 32, 3, 1, 1, HS, BF16, "yolov10x"),
    (1, 640, 40, 40, 3, 1, 1, BS, BF16, "yolov10x"),
    (1, 32, 112, 112, 3, 1, 1, HS, BF8, "efficientnetb0"),
    (1, 96, 112, 112, 3, 2, 1, HS, BF8, "efficientnetb0"),
    (1, 144, 56, 56, 3, 1, 1, HS, BF8, "efficientnetb0"),
    (1, 144, 56, 56, 5, 2, 2, BS, BF8, "efficientnetb0"),
    (1, 240, 28, 28, 5, 1, 2, BS, BF8, "efficientnetb0"),
    (1, 240, 28, 28, 3, 2, 1, BS, BF8, "efficientnetb0"),
    (1, 480, 14, 14, 3, 1, 1, BS, BF8, "efficientnetb0"),
    (1, 480, 14, 14, 5, 1, 2, BS, BF8, "efficientnetb0"),
    (1, 672, 14, 14, 5, 1, 2, BS, BF8, "efficientnetb0"),
    (1, 672, 14, 14, 5, 2, 2, BS, BF8, "efficientnetb0"),
    (1, 1152, 7, 7, 5, 1, 2, WS, BF8, "efficientnetb0"),
    (1, 1152, 7, 7, 3, 1, 1, WS, BF8, "efficientnetb0"),
)

# test_conv2d_model_fruit ("model strawberry", "model kiwi") — (N, C, O, H, W, input dtype,
# groups, KH, KW, SH, SW, pad, dilation, act_block_h, act_db); weights and output bfloat8_b,
# TT-NN's shard layout, LoFi, deallocate_activation, bias; l1_small_size 32768.
FRUIT = (
    (1, 10, 64, 1024, 128, BF8, 1, 4, 4, 2, 2, (1, 1, 1, 1), 1, 0, False),
    (1, 64, 64, 512, 64, BF8, 1, 4, 4, 2, 2, (1, 1, 1, 1), 1, 0, False),
    (1, 64, 64, 256, 32, BF8, 1, 4, 4, 2, 2, (1, 1, 1, 1), 1, 0, False),
    (1, 64, 64, 128, 16, BF8, 1, 4, 4, 2, 2, (1, 1, 1, 1), 1, 0, False),
    (1, 2, 1, 1024, 128, BF8, 1, 1, 1, 1, 1, (0, 0, 0, 0), 1, 0, False),
    (1, 4, 32, 288, 288, BF8, 1, 5, 5, 1, 1, (0, 0, 0, 0), 1, 0, False),
    (1, 32, 48, 284, 284, BF8, 1, 3, 3, 1, 1, (0, 0, 0, 0), 2, 0, False),
    (1, 48, 56, 280, 280, BF8, 1, 3, 3, 1, 1, (0, 0, 0, 0), 4, 0, False),
    (1, 56, 64, 272, 272, BF8, 1, 3, 3, 1, 1, (0, 0, 0, 0), 8, 512, False),
    (1, 64, 128, 256, 256, BF8, 1, 2, 2, 1, 1, (0, 0, 0, 0), 1, 0, False),
    (1, 128, 256, 255, 255, BF8, 1, 1, 1, 1, 1, (0, 0, 0, 0), 1, 0, False),
    (1, 256, 1, 255, 255, BF8, 1, 1, 1, 1, 1, (0, 0, 0, 0), 1, 0, False),
    (1, 4, 32, 1024, 128, BF16, 1, 5, 5, 1, 1, (2, 2, 2, 2), 1, 512, True),
    (4, 32, 48, 512, 64, BF16, 1, 3, 3, 1, 1, (1, 1, 1, 1), 1, 512, True),
    (16, 48, 56, 256, 32, BF16, 1, 3, 3, 1, 1, (1, 1, 1, 1), 1, 512, True),
    (64, 56, 64, 128, 16, BF16, 1, 3, 3, 1, 1, (1, 1, 1, 1), 1, 512, True),
    (1, 64, 128, 1024, 128, BF16, 1, 2, 2, 1, 1, (1, 0, 1, 0), 1, 512, True),
)

# test_conv2d_with_fold: patch embeddings folded into a matmul (enable_kernel_stride_folding)
# — (C, O, H, W, K, S, pad, act_block_h); batch 1, ROW_MAJOR input, weights and output
# bfloat16, LoFi, packer_l1_acc, bias.
PATCH_EMBEDDINGS = (
    (3, 32, 224, 224, 16, 16, (0, 0), 0),
    (3, 32, 224, 224, 32, 32, (0, 0), 0),
    (3, 32, 224, 224, 16, 2, (0, 0), 0),
    (3, 32, 224, 224, 7, 2, (0, 0), 0),
    (3, 32, 224, 224, 6, 2, (0, 0), 0),
    (3, 32, 1024, 1024, 7, 3, (1, 1), 0),
    (3, 32, 1280, 1280, 6, 2, (0, 0), 32),
    (3, 32, 512, 672, 16, 16, (0, 0), 0),
    (3, 32, 512, 672, 32, 32, (0, 0), 0),
    (320, 32, 224, 224, 16, 16, (0, 0), 0),
    (320, 32, 224, 224, 32, 32, (0, 0), 0),
    (320, 32, 512, 672, 16, 16, (0, 0), 0),
    (320, 32, 512, 672, 32, 32, (0, 0), 0),
    (3, 32, 208, 208, 16, 16, (8, 8), 0),
    (3, 32, 192, 192, 32, 32, (16, 16), 0),
    (320, 32, 208, 208, 16, 16, (8, 8), 0),
)

# Panoptic-DeepLab at 512×1024, Blackhole: nightly test_conv2d_panoptic — (C, O, H, W, input
# dtype, KH, SH, PH, has_bias, shard, act_block_h); batch 1, weights and output bfloat8_b,
# LoFi, deallocate_activation, act double buffer (weights double buffer when BLOCK),
# config_tensors_in_dram; a bfloat16 output is ROW_MAJOR. The convs of 1×1 "Matmul convs"
# rows give no shard layout.
PANOPTIC = (
    (128, 128, 128, 256, BF8, 3, 1, 1, False, HS, 128),
    (128, 128, 128, 256, BF8, 3, 2, 1, False, HS, 256),
    (128, 32, 128, 256, BF8, 3, 1, 1, False, HS, 128),
    (128, 128, 64, 128, BF8, 3, 1, 1, False, HS, 0),
    (160, 128, 128, 256, BF8, 3, 1, 1, False, HS, 96),
    (256, 256, 64, 128, BF8, 3, 2, 1, False, HS, 0),
    (256, 256, 64, 128, BF8, 3, 1, 1, False, HS, 64),
    (3, 64, 512, 1024, BF16, 3, 2, 1, False, HS, 1312),
    (320, 128, 64, 128, BF8, 3, 1, 1, False, HS, 64),
    (320, 256, 64, 128, BF8, 3, 1, 1, False, BS, 512),
    (512, 512, 32, 64, BF8, 3, 1, 2, False, BS, 288),
    (512, 512, 32, 64, BF8, 3, 1, 4, False, BS, 224),
    (512, 512, 32, 64, BF8, 3, 1, 8, False, BS, 32),
    (512, 1024, 64, 128, BF8, 1, 2, 0, False, BS, 0),
    (1024, 2048, 32, 64, BF8, 1, 1, 0, False, None, 0),
    (1024, 256, 32, 64, BF8, 1, 1, 0, False, None, 0),
    (1024, 512, 32, 64, BF8, 1, 1, 0, False, None, 0),
    (128, 256, 128, 256, BF8, 1, 1, 0, False, None, 0),
    (128, 64, 128, 256, BF8, 1, 1, 0, False, None, 0),
    (128, 512, 64, 128, BF8, 1, 1, 0, False, None, 0),
    (1280, 256, 32, 64, BF8, 1, 1, 0, False, None, 0),
    (2048, 256, 1, 1, BF8, 1, 1, 0, True, None, 0),
    (2048, 256, 32, 64, BF8, 1, 1, 0, False, None, 0),
    (2048, 512, 32, 64, BF8, 1, 1, 0, False, None, 0),
    (256, 128, 128, 256, BF8, 1, 1, 0, False, None, 0),
    (256, 19, 128, 256, BF8, 1, 1, 0, True, None, 0),
    (256, 32, 128, 256, BF8, 1, 1, 0, False, None, 0),
    (256, 64, 128, 256, BF8, 1, 1, 0, False, None, 0),
    (256, 1024, 32, 64, BF8, 1, 1, 0, False, None, 0),
    (32, 1, 128, 256, BF8, 1, 1, 0, True, None, 0),
    (32, 2, 128, 256, BF8, 1, 1, 0, True, None, 0),
    (512, 2048, 32, 64, BF8, 1, 1, 0, False, None, 0),
    (512, 128, 64, 128, BF8, 1, 1, 0, False, None, 0),
    (512, 256, 64, 128, BF8, 1, 1, 0, False, None, 0),
    (512, 64, 64, 128, BF8, 1, 1, 0, False, None, 0),
    (64, 256, 128, 256, BF8, 1, 1, 0, False, None, 0),
)

# OFT (orthographic feature transform) on Blackhole: nightly test_conv2d_oft — (C, O, H, W,
# weights, has_bias, K, S, P, shard, output layout, transpose_shards); batch 1, output
# bfloat16, HiFi4, fp32_dest_acc_en, deallocate_activation, act_block_h 32.
OFT = (
    (3, 64, 384, 1280, BF8, False, 7, 2, 3, HS, "TILE", False),
    (64, 64, 96, 320, BF8, False, 3, 1, 1, HS, "ROW_MAJOR", False),
    (64, 128, 96, 320, BF8, False, 3, 2, 1, HS, "ROW_MAJOR", False),
    (128, 128, 48, 160, BF8, False, 3, 1, 1, HS, "ROW_MAJOR", False),
    (128, 256, 48, 160, BF8, False, 3, 2, 1, HS, "ROW_MAJOR", False),
    (128, 256, 48, 160, BF8, True, 1, 1, 0, HS, "ROW_MAJOR", False),
    (256, 256, 24, 80, BF16, True, 1, 1, 0, None, "ROW_MAJOR", False),
    (256, 256, 24, 80, BF8, False, 3, 1, 1, HS, "ROW_MAJOR", False),
    (256, 512, 24, 80, BF8, False, 3, 2, 1, HS, "ROW_MAJOR", False),
    (512, 256, 12, 40, BF16, True, 1, 1, 0, None, "TILE", False),
    (512, 512, 12, 40, BF8, False, 3, 1, 1, BS, "ROW_MAJOR", True),
    (1, 1, 159, 159, BF16, False, 5, 1, 2, HS, "ROW_MAJOR", False),
)


WHISPER = "models/demos/whisper/tt/ttnn_optimized_functional_whisper.py@01845632d573"

# Whisper's encoder stem, as conv1d (input height 1, (1, 3) kernels) — (model, mel bins,
# d_model): conv1 mel bins -> d_model, stride 1; conv2 d_model -> d_model / 4 (its output
# channels cut in 4 to fit the L1), stride 2; 3000 frames, batch 1, no bias, HEIGHT,
# weights bfloat16, LoFi, a TILE bfloat16 input, l1_small_size 1024 (WHISPER_L1_SMALL_SIZE).
WHISPER_MODELS = (("whisper_base", 80, 512), ("distil_whisper_large_v3", 128, 1280))


UNET_MODEL = "models/demos/vanilla_unet/ttnn/ttnn_unet.py@1294a58cbfa2 (common.py@254f7bcf9ac3)"

# The vanilla UNet model itself at 480x640 (features 32), the convs whose input the model code
# places where the kit can: (name, C, O, H, W, input place, input layout, input dtype, shard,
# act_block_h, reshard, double buffers, output dtype, output layout, reallocate_halo_output).
# Its Conv: 3x3 pad 1, bias, weights bfloat16, LoFi with math_approx_mode, no fp32, no packer,
# deallocate_activation; the input [N, H, W, C]; l1_small_size 12·8192
# (common.py@2cde5264a973's VANILLA_UNET_L1_SMALL_SIZE).
UNET_MODEL_CONVS = (
    # the image padded to 16 channels, permuted to NHWC in DRAM
    ("enc1_1", 16, 32, 480, 640, "DRAM", "ROW_MAJOR", BF16, HS, 64, True, True, BF8, "TILE", False),
    # pool_1 resharded HEIGHT [1216, 32] over the 8x8 grid
    ("enc2_1", 32, 64, 240, 320, "HS1216", "ROW_MAJOR", BF16, HS, 0, True, False, BF16,
     "ROW_MAJOR", False),
    # the concats of the decoder into L1 (row-major halves)
    ("dec3_1", 256, 128, 120, 160, "L1", "ROW_MAJOR", BF16, HS, 32, True, True, BF16,
     "ROW_MAJOR", False),
    ("dec2_1", 128, 64, 240, 320, "L1", "ROW_MAJOR", BF16, HS, 32, False, True, BF16,
     "ROW_MAJOR", False),
    # the last concat tilized to bfloat8_b and moved to L1 interleaved
    ("dec1_1", 64, 32, 480, 640, "L1", "TILE", BF8, None, 0, False, True, BF8, "TILE", True),
)  # fmt: skip


def resnet50() -> list[dict[str, Any]]:
    cases = []
    for row, (n, o, c, h, w, kh, kw, sh, sw, ph, pw, shard, abh) in enumerate(RESNET50):
        source = f"{NIGHTLY}::test_resnet50_conv_wh row {row}"
        outputs = [BF8, BF16] if n == 8 else [BF8]
        for output in outputs:
            for auto in [False, True] if n == 16 else [False]:
                cases.append(
                    case(
                        f"resnet50_{row:02d}_b{n}_{short(output)}{'_auto' if auto else ''}",
                        source + (" (auto_shard)" if auto else ""),
                        n=n, c=c, o=o, h=h, w=w, kernel=(kh, kw), stride=(sh, sw),
                        pad=(ph, pw), weights=BF8, output=output,
                        shard=None if auto else shard, act_block_h=abh, packer=True,
                    )
                )  # fmt: skip
    return cases


def stable_diffusion() -> list[dict[str, Any]]:
    cases = []
    for row, (n, o, c, h, w, kh, kw, sh, sw, ph, pw, shard, abh) in enumerate(STABLE_DIFFUSION):
        source = f"{NIGHTLY}::test_sd_conv_wh row {row}"
        split = 3 if c == 1920 else 2
        if kh > 1 and (c > 1280 or (c > 640 and h > 16)):
            cases.append(
                case(
                    f"sd14_{row:02d}_split{split}",
                    source + f" (run_conv_with_split: in_channels {c} / {split})",
                    n=n, c=c // split, o=o, h=h, w=w, kernel=(kh, kw), stride=(sh, sw),
                    pad=(ph, pw), weights=BF8, output=BF8, shard=shard, act_block_h=abh,
                    packer=True, split_conv=True,
                )
            )  # fmt: skip
            continue
        for output, layout in ((BF8, "TILE"), (BF16, "ROW_MAJOR")):
            cases.append(
                case(
                    f"sd14_{row:02d}_{short(output)}",
                    source,
                    n=n, c=c, o=o, h=h, w=w, kernel=(kh, kw), stride=(sh, sw), pad=(ph, pw),
                    weights=BF8, output=output, output_layout=layout, shard=shard,
                    act_block_h=abh, packer=True,
                )
            )  # fmt: skip
    return cases


def shallow_unet() -> list[dict[str, Any]]:
    cases = []
    for row, (n, o, c, h, w, kh, kw, sh, sw, ph, pw, shard, abh) in enumerate(SHALLOW_UNET):
        source = f"{NIGHTLY}::test_unet_conv_wh (row of {c}->{o} at {h}x{w})"
        variants = [(BF8, "TILE")] + ([(BF16, "ROW_MAJOR")] if h < 1056 else [])
        for output, layout in variants:
            cases.append(
                case(
                    f"unet_{row:02d}_{short(output)}",
                    source,
                    n=n, c=c, o=o, h=h, w=w, kernel=(kh, kw), stride=(sh, sw), pad=(ph, pw),
                    weights=BF8, output=output, output_layout=layout, shard=shard,
                    act_block_h=abh,
                )
            )  # fmt: skip
    return cases


def vanilla_unet() -> list[dict[str, Any]]:
    cases = []
    for row, (n, o, c, h, w, kh, kw, sh, sw, ph, pw, shard, abh) in enumerate(VANILLA_UNET):
        source = f"{NIGHTLY}::test_conv_for_vanilla_unet row {row}"
        for output, layout in ((BF8, "TILE"), (BF16, "ROW_MAJOR")):
            cases.append(
                case(
                    f"vanilla_unet_{row:02d}_{short(output)}",
                    source,
                    n=n, c=c, o=o, h=h, w=w, kernel=(kh, kw), stride=(sh, sw), pad=(ph, pw),
                    bias=False, weights=BF16, output=output, output_layout=layout,
                    shard=shard, act_block_h=abh,
                )
            )  # fmt: skip
    return cases


def segformer() -> list[dict[str, Any]]:
    cases = []
    for row, (n, c, o, h, w, kh, kw, sh, sw, ph, pw, groups, shard, abh) in enumerate(SEGFORMER):
        source = f"{NIGHTLY}::test_conv_for_segformer_512x512 row {row}"
        for auto in (False, True):
            cases.append(
                case(
                    f"segformer_{row:02d}{'_auto' if auto else ''}",
                    source + (" (auto_shard)" if auto else ""),
                    n=n, c=c, o=o, h=h, w=w, kernel=(kh, kw), stride=(sh, sw), pad=(ph, pw),
                    groups=groups, bias=False, weights=BF16, output=BF16,
                    shard=None if auto else shard, act_block_h=abh,
                )
            )  # fmt: skip
    return cases


def sdxl(device: str) -> list[dict[str, Any]]:
    cases = []
    for table, rows, l1_small in (
        ("test_conv2d_sdxl", SDXL, 32768),
        ("test_conv2d_sdxl_refiner", SDXL_REFINER, 38000),
    ):
        name = "sdxl" if table == "test_conv2d_sdxl" else "sdxl_refiner"
        for row, fields in enumerate(rows):
            c, o, h, w, s, shard, abh, deallocate, fidelity, fp32, packer, act_db, w_db = fields
            grid = table == "test_conv2d_sdxl" and shard == BS and device == "wormhole_N150"
            cases.append(
                case(
                    f"{name}_{row:02d}",
                    f"{NIGHTLY}::{table} row {row}",
                    n=1, c=c, o=o, h=h, w=w, kernel=(3, 3), stride=(s, s), pad=(1, 1),
                    weights=BF8, output=BF16, shard=shard, act_block_h=abh, fidelity=fidelity,
                    fp32=fp32, packer=packer, l1_small=l1_small,
                    deallocate_activation=deallocate or None,
                    enable_act_double_buffer=act_db or None,
                    enable_weights_double_buffer=w_db or None,
                    core_grid=[[0, 0, 4, 7]] if grid else None,
                    override_output_sharding_config=True if grid else None,
                )
            )  # fmt: skip
    return cases


def sdxl_vae() -> list[dict[str, Any]]:
    cases = []
    for row, (c, o, h, w, s, pad, shard, slice_type, slices, abh) in enumerate(SDXL_VAE):
        source = f"{NIGHTLY}::test_conv2d_vae_sdxl row {row}"
        given = ("L1Full", 1) if slice_type is None else (slice_type, slices)
        for auto in (False, True):
            cases.append(
                case(
                    f"sdxl_vae_{row:02d}{'_autoslice' if auto else ''}",
                    source + (" (auto_slice: no slice_config)" if auto else ""),
                    n=1, c=c, o=o, h=h, w=w, kernel=(3, 3), stride=(s, s), pad=pad,
                    weights=BF8, output=BF16, input_dtype=BF16, shard=shard,
                    act_block_h=abh, slice_config=None if auto else given,
                    l1_small=27 * 1024,
                )
            )  # fmt: skip
    for made in cases:
        made["layout"] = "TILE"  # the table's input_layout
    return cases


def depthwise() -> list[dict[str, Any]]:
    cases = []
    for row, (n, c, h, w, k, s, p, shard, weights, model) in enumerate(DEPTHWISE):
        cases.append(
            case(
                f"{model}_dw_{row:02d}",
                f"{NIGHTLY}::test_groups_vs_pool2 row {row} ({model})",
                n=n, c=c, o=c, h=h, w=w, kernel=(k, k), stride=(s, s), pad=(p, p), groups=c,
                weights=weights, output=BF16, shard=shard, approx=False,
            )
        )  # fmt: skip
    return cases


def fruit() -> list[dict[str, Any]]:
    cases = []
    for row, fields in enumerate(FRUIT):
        n, c, o, h, w, input_dtype, groups, kh, kw, sh, sw, pad, d, abh, act_db = fields
        model = "strawberry" if row < 5 else "kiwi"
        cases.append(
            case(
                f"{model}_{row:02d}",
                f"{NIGHTLY}::test_conv2d_model_fruit row {row} (model {model})",
                n=n, c=c, o=o, h=h, w=w, kernel=(kh, kw), stride=(sh, sw), pad=pad,
                dilation=(d, d), groups=groups, weights=BF8, output=BF8,
                input_dtype=input_dtype, act_block_h=abh, l1_small=32768,
                deallocate_activation=True, enable_act_double_buffer=act_db or None,
            )
        )  # fmt: skip
    return cases


def patch_embeddings() -> list[dict[str, Any]]:
    cases = []
    for row, (c, o, h, w, k, s, pad, abh) in enumerate(PATCH_EMBEDDINGS):
        cases.append(
            case(
                f"patch_embed_{row:02d}",
                f"{NIGHTLY}::test_conv2d_with_fold row {row} (ROW_MAJOR input, bias)",
                n=1, c=c, o=o, h=h, w=w, kernel=(k, k), stride=(s, s), pad=pad, weights=BF16,
                output=BF16, act_block_h=abh, packer=True, enable_kernel_stride_folding=True,
            )
        )  # fmt: skip
    return cases


def panoptic() -> list[dict[str, Any]]:
    cases = []
    for row, (c, o, h, w, input_dtype, k, s, p, bias, shard, abh) in enumerate(PANOPTIC):
        cases.append(
            case(
                f"panoptic_{row:02d}",
                f"{NIGHTLY}::test_conv2d_panoptic (Blackhole) row {row}",
                n=1, c=c, o=o, h=h, w=w, kernel=(k, k), stride=(s, s), pad=(p, p),
                bias=bias, weights=BF8,
                output=BF8, input_dtype=input_dtype, shard=shard, act_block_h=abh,
                deallocate_activation=True, enable_act_double_buffer=True,
                enable_weights_double_buffer=True if shard == BS else None,
                config_tensors_in_dram=True, l1_small=16384,
            )
        )  # fmt: skip
    return cases


def oft() -> list[dict[str, Any]]:
    cases = []
    for row, (c, o, h, w, weights, bias, k, s, p, shard, layout, transpose) in enumerate(OFT):
        cases.append(
            case(
                f"oft_{row:02d}",
                f"{NIGHTLY}::test_conv2d_oft (Blackhole) row {row}",
                n=1, c=c, o=o, h=h, w=w, kernel=(k, k), stride=(s, s), pad=(p, p), bias=bias,
                weights=weights, output=BF16, shard=shard, act_block_h=32, fidelity="HiFi4",
                fp32=True, output_layout=layout, deallocate_activation=True,
                transpose_shards=transpose or None,
            )
        )  # fmt: skip
    return cases


def whisper() -> list[dict[str, Any]]:
    """conv1 reads the transposed mel features (DRAM); conv2 reads conv1's output after
    `sharded_to_interleaved` without a memory config, asked in DRAM and in L1."""
    cases = []
    for model, mels, width in WHISPER_MODELS:
        stems = [("conv1", mels, width, 1, "DRAM"), ("conv2", width, width // 4, 2, "DRAM"),
                 ("conv2", width, width // 4, 2, "L1")]  # fmt: skip
        for name, c, o, s, memory in stems:
            made = case(
                f"{model}_{name}_{memory.lower()}",
                f"{WHISPER}::preprocess_encoder_inputs ({name}, {model})",
                n=1, c=c, o=o, h=1, w=3000, kernel=(1, 3), stride=(1, s), pad=(0, 1),
                bias=False, weights=BF16, output=BF16, shard=HS, slice_config=None,
                l1_small=1024,
            )  # fmt: skip
            made["layout"], made["mem"] = "TILE", memory
            made["conv_config"].pop("enable_kernel_stride_folding")  # Conv1dConfig leaves it
            cases.append(made)
    return cases


def unet_model() -> list[dict[str, Any]]:
    cases = []
    for fields in UNET_MODEL_CONVS:
        name, c, o, h, w, place, layout, input_dtype, shard, abh, reshard, buffers = fields[:12]
        output, output_layout, reallocate = fields[12:]
        made = case(
            f"vanilla_unet_model_{name}",
            f"{UNET_MODEL}::TtUnet.{name}",
            n=1, c=c, o=o, h=h, w=w, kernel=(3, 3), stride=(1, 1), pad=(1, 1), weights=BF16,
            output=output, input_dtype=input_dtype, shard=shard, act_block_h=abh,
            output_layout=output_layout, slice_config=None, l1_small=12 * 8192,
            reshard_if_not_optimal=reshard or None, deallocate_activation=True,
            reallocate_halo_output=reallocate, enable_act_double_buffer=buffers or None,
            enable_weights_double_buffer=buffers or None,
        )  # fmt: skip
        made["conv_config"].pop("enable_kernel_stride_folding")  # the model leaves it
        made["layout"], made["input_shape"] = layout, "nhwc"
        made["mem"] = "L1" if place == "HS1216" else place
        if place == "HS1216":
            shard = {"kind": "HEIGHT", "grid": [8, 8], "orientation": "ROW_MAJOR"}
            made["input_shard"] = {**shard, "shard_shape": [1216, c]}
        cases.append(made)
    return cases


def model_cases(device: str) -> list[dict[str, Any]]:
    """The cases asked on `device`: every table on Wormhole N150 except the two tt-metal runs
    on Blackhole only (Panoptic-DeepLab, OFT), which are asked on Blackhole P150 with the
    depthwise convs, ResNet-50's, SDXL's (no core_grid there), SegFormer's and the shallow
    UNet's."""
    if device == "wormhole_N150":
        return (
            resnet50() + stable_diffusion() + shallow_unet() + vanilla_unet() + segformer()
            + sdxl(device) + sdxl_vae() + depthwise() + fruit() + patch_embeddings()
            + whisper() + unet_model()
        )  # fmt: skip
    return (
        panoptic() + oft() + depthwise() + resnet50() + sdxl(device) + sdxl_vae() + segformer()
        + shallow_unet()
    )  # fmt: skip


if __name__ == "__main__":
    json.dump(model_cases(sys.argv[1]), sys.stdout, indent=1)
    print()

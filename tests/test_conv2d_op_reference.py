"""`ttnn.conv2d` against TT-NN 0.81.1's own `conv2d`, without TT-NN: its answers on the mock
device for 3,429 convs (3,443 asked, 14 skipped by the recording run): conv2d and conv1d
draws on a Wormhole N150 and a Blackhole P150, the dev set's and fresh ones, kernel-stride
folding into a matmul, explicit slice configs, 24 1×1 WIDTH convs asked to test the rule of a
matmul of a WIDTH-sharded input; and 693 wider draws (700 asked: odd channel
counts, big kernels and strides, output dtype and layout, NHWC inputs, slice configs, double
buffers, config tensors in DRAM, l1_small_size); 330 of these again (55 convs whose halo TT-NN
runs, each with l1_small_size 0, 32, 64, 128 and 1024 and with config tensors in DRAM on an
l1_small_size of 0: the L1_SMALL region, conv/l1_small_region.py); and 197 convs asked for a
ROW_MAJOR output (199 asked: 155 draws on both devices, 44 written to look for a row-major
output's columns padded beyond whole tiles); and 524 convs of real models (tt-metal's
per-model conv tables, Whisper's encoder stem and 5 convs of the vanilla UNet model, each
with its model's Conv2dConfig and compute config; 290 on a Wormhole N150, 234 on a
Blackhole P150) with 24 probes of the output's core grid override they use and 9 of their
halo output's placement; and 112 convs asked with conv_config.override_sharding_config
and core_grid (56 on each device) and 49 draws with them (48 answered); and 14 convs from
DRAM in height slices of an output whose width is not whole tiles (TT-NN widens each slice's
conv to whole tiles, the slice width rounding file) and 12 whose channels are not whole tiles
(conv2d prepares the weight in the slice's conv, the slice alignment file); and 2,322 fresh
draws (2,340 asked; the `fresh` files, each compared once before any change as a held-out
measure: the kit's, the wider ones and 340 of what the others rarely make,
draw_rare_conv_cases.py: odd channel counts, big kernels and strides, every Conv2dConfig
field, compute configs); and 76 probes of seven rules (a 1×1 matmul conv of a row-major
input in shards not whole tiles, 12, and bfloat8_b inputs with activation reuse, 19, on a
Blackhole; the fold of a padded HEIGHT-sharded input, 6, of one in shards wider than its
channels, 5, of a WIDTH-sharded row-major input, 10, and into a WIDTH matmul, 9, on a
Wormhole; of a padded BLOCK-sharded input, 15 on both); and 44 probes of three rules of the
third held-out round's disagreements (the WIDTH factory's act height before its K blocks'
split, 14, and the fold of a padded TILE HEIGHT input of part-tile channels, 15, on a
Wormhole; a BLOCK matmul's K on an override core grid, 15, on a Blackhole);
recorded once, each
on a fresh device, and committed in
tests/data/ttnn_reference/conv2d_op/ (README there).
`ttnn.conv_transpose2d` against TT-NN's `conv_transpose2d`:
tests/test_conv_transpose2d_op_reference.py.

Each case is built as a `ttnn.conv2d` on the device's grid, opened with the case's
`l1_small_size` (the kit's 16384 by default) (its input TT-NN's flat [1, 1, N·H·W, C], or
[N, H, W, C] for `nhwc`, with the input's dtype, layout and memory config; a host weight and
bias; the output dtype, conv_config and slice config the case gives)
with TT-NN's output as the result type, and verified (`conv2d_op_reference_cases.verdict`):
a case TT-NN accepts agrees when the project accepts TT-NN's output type — logical and padded
shape, dtype, layout, memory config with the shard spec's cores, shape and orientation — and
prepares the weight and bias TT-NN's conv2d returned; a case TT-NN refuses agrees when the
project refuses with TT-NN's rule.

Pinned per file: how many cases are compared and agree, and every other case by id with its
category (pins.json, written by `python tests/conv2d_op_reference_cases.py --pins`), each
category with its reason below. TT-NN's L1 allocation refusals (out of memory, circular or
dataflow buffers beyond L1 or clashing with L1 buffers) are compared as any refusal: the
op refuses with `conv2d_l1_allocation`'s message, which agrees when it is TT-NN's word for word
(TT-NN's program number aside)."""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conv2d_op_reference_cases import (
    ANSWERS,
    FILES,
    PINS,
    assert_agrees_as_recorded,
    assert_every_pin_has_a_reason,
    build_conv2d,
    load,
)
from ttnn_reference_cases import DATA, grid_of
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv2d_decisions import conv2d_preparation
from ttnn_xdsl.conv.conv_resolution import resolve_conv_weights
from ttnn_xdsl.conv.conv_slicing import first_slice_end, slice_input_window
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import ConvConfigError

COUNTS = {
    # file: (TT-NN accepted, TT-NN refused by other rules than its L1 allocation, of these the
    # project agrees on, TT-NN's L1 allocation failures, of these the project refuses with
    # TT-NN's message, empty outputs)
    "ttnn_conv1d_wormhole_N150_s102.json.gz": (120, 40, 120, 40, 39, 39, 1),
    "ttnn_conv2d_blackhole_P150_s101.json.gz": (197, 70, 196, 70, 25, 25, 7),
    "ttnn_conv2d_wormhole_N150_s100.json.gz": (311, 112, 311, 111, 60, 59, 13),
    "ttnn_conv_conv1d_blackhole_P150_s5004.json.gz": (290, 80, 290, 80, 77, 76, 2),
    "ttnn_conv_conv1d_wormhole_N150_s5003.json.gz": (276, 99, 276, 99, 72, 69, 1),
    "ttnn_conv_conv2d_blackhole_P150_s5002.json.gz": (383, 131, 381, 128, 62, 62, 21),
    "ttnn_conv_conv2d_wormhole_N150_s5001.json.gz": (359, 139, 358, 139, 86, 83, 13),
    "ttnn_conv_core_grid_blackhole_P150.json.gz": (42, 14, 42, 14, 0, 0, 0),
    "ttnn_conv_core_grid_draws_wormhole_N150_s3701.json.gz": (26, 6, 26, 6, 16, 16, 0),
    "ttnn_conv_core_grid_wormhole_N150.json.gz": (42, 14, 42, 14, 0, 0, 0),
    "ttnn_conv_fold_block_input_blackhole_P150.json.gz": (0, 9, 0, 9, 4, 0, 0),
    "ttnn_conv_fold_block_input_wormhole_N150.json.gz": (1, 1, 0, 1, 0, 0, 0),
    "ttnn_conv_fold_matmul_wormhole_N150.json.gz": (15, 51, 13, 51, 0, 0, 0),
    "ttnn_conv_fold_page_wormhole_N150.json.gz": (1, 4, 0, 4, 0, 0, 0),
    "ttnn_conv_fold_shard_grid_wormhole_N150.json.gz": (0, 5, 0, 5, 1, 0, 0),
    "ttnn_conv_fold_tile_channels_wormhole_N150.json.gz": (1, 14, 1, 9, 0, 0, 0),
    "ttnn_conv_fold_width_input_wormhole_N150.json.gz": (0, 10, 0, 8, 0, 0, 0),
    "ttnn_conv_fold_width_matmul_wormhole_N150.json.gz": (2, 7, 2, 7, 0, 0, 0),
    "ttnn_conv_fresh_conv1d_blackhole_P150_s9104.json.gz": (64, 22, 64, 22, 14, 13, 0),
    "ttnn_conv_fresh_conv1d_blackhole_P150_s9304.json.gz": (65, 16, 65, 16, 18, 18, 0),
    "ttnn_conv_fresh_conv1d_wormhole_N150_s9204.json.gz": (54, 16, 54, 16, 30, 29, 0),
    "ttnn_conv_fresh_conv1d_wormhole_N150_s9404.json.gz": (63, 26, 63, 26, 10, 10, 0),
    "ttnn_conv_fresh_conv2d_blackhole_P150_s9203.json.gz": (62, 26, 62, 26, 7, 7, 4),
    "ttnn_conv_fresh_conv2d_blackhole_P150_s9403.json.gz": (66, 21, 66, 19, 11, 11, 2),
    "ttnn_conv_fresh_conv2d_wormhole_N150_s9103.json.gz": (91, 37, 91, 36, 15, 15, 5),
    "ttnn_conv_fresh_conv2d_wormhole_N150_s9303.json.gz": (67, 22, 67, 22, 11, 10, 0),
    "ttnn_conv_fresh_rare_blackhole_P150_s9208.json.gz": (25, 19, 24, 19, 6, 5, 0),
    "ttnn_conv_fresh_rare_blackhole_P150_s9308.json.gz": (32, 28, 32, 28, 0, 0, 0),
    "ttnn_conv_fresh_rare_blackhole_P150_s9408.json.gz": (36, 21, 36, 21, 3, 2, 0),
    "ttnn_conv_fresh_rare_wormhole_N150_s9207.json.gz": (33, 15, 33, 15, 1, 1, 1),
    "ttnn_conv_fresh_rare_wormhole_N150_s9307.json.gz": (36, 24, 36, 24, 0, 0, 0),
    "ttnn_conv_fresh_rare_wormhole_N150_s9407.json.gz": (38, 18, 37, 17, 4, 2, 0),
    "ttnn_conv_fresh_wide_blackhole_P150_s9102.json.gz": (63, 17, 63, 17, 18, 17, 1),
    "ttnn_conv_fresh_wide_blackhole_P150_s9202.json.gz": (87, 32, 87, 31, 26, 25, 3),
    "ttnn_conv_fresh_wide_blackhole_P150_s9302.json.gz": (91, 38, 91, 37, 19, 19, 2),
    "ttnn_conv_fresh_wide_blackhole_P150_s9402.json.gz": (88, 37, 88, 37, 22, 19, 3),
    "ttnn_conv_fresh_wide_wormhole_N150_s9101.json.gz": (93, 27, 91, 26, 23, 21, 4),
    "ttnn_conv_fresh_wide_wormhole_N150_s9201.json.gz": (84, 37, 83, 37, 23, 21, 3),
    "ttnn_conv_fresh_wide_wormhole_N150_s9301.json.gz": (88, 30, 88, 30, 28, 26, 1),
    "ttnn_conv_fresh_wide_wormhole_N150_s9401.json.gz": (79, 43, 79, 43, 26, 23, 1),
    "ttnn_conv_l1_small_blackhole_P150.json.gz": (44, 0, 44, 0, 106, 104, 0),
    "ttnn_conv_l1_small_wormhole_N150.json.gz": (67, 0, 67, 0, 113, 113, 0),
    "ttnn_conv_matmul_k_override_grid_blackhole_P150.json.gz": (6, 9, 6, 9, 0, 0, 0),
    "ttnn_conv_matmul_tilize_blackhole_P150.json.gz": (4, 8, 4, 8, 0, 0, 0),
    "ttnn_conv_models_blackhole_P150.json.gz": (234, 0, 234, 0, 0, 0, 0),
    "ttnn_conv_models_wormhole_N150.json.gz": (287, 1, 287, 1, 2, 2, 0),
    "ttnn_conv_output_core_grid_wormhole_N150.json.gz": (14, 10, 14, 10, 0, 0, 0),
    "ttnn_conv_reallocate_halo_wormhole_N150.json.gz": (7, 0, 7, 0, 2, 2, 0),
    "ttnn_conv_reuse_bfloat8_b_blackhole_P150.json.gz": (6, 13, 6, 13, 0, 0, 0),
    "ttnn_conv_row_major_blackhole_P150_s7002.json.gz": (48, 18, 48, 18, 7, 7, 2),
    "ttnn_conv_row_major_targeted_blackhole_P150.json.gz": (21, 0, 21, 0, 1, 0, 0),
    "ttnn_conv_row_major_targeted_wormhole_N150.json.gz": (21, 0, 21, 0, 1, 0, 0),
    "ttnn_conv_row_major_wormhole_N150_s7001.json.gz": (53, 19, 53, 19, 6, 6, 0),
    "ttnn_conv_slice_alignment_wormhole_N150.json.gz": (12, 0, 12, 0, 0, 0, 0),
    "ttnn_conv_slice_configs_wormhole_N150.json.gz": (153, 4, 153, 4, 20, 20, 0),
    "ttnn_conv_slice_width_rounding_wormhole_N150.json.gz": (11, 3, 11, 3, 0, 0, 0),
    "ttnn_conv_wide_blackhole_P150_s6002.json.gz": (178, 74, 178, 74, 41, 41, 3),
    "ttnn_conv_wide_wormhole_N150_s6001.json.gz": (239, 94, 238, 94, 59, 58, 5),
    "ttnn_conv_width_act_height_wormhole_N150.json.gz": (2, 12, 2, 12, 0, 0, 0),
    "ttnn_conv_width_matmul_wormhole_N150.json.gz": (11, 13, 11, 13, 0, 0, 0),
}
"""(accepted, refused, agree on accepted, agree on refused, L1 failures, agree on L1 failures,
empty outputs)."""

OOM = "Out of Memory: Not enough space to allocate # B L# buffer across # banks, where each bank "
BEYOND = (
    "Statically allocated circular buffers on core range [#-# - #-#] grow to # B which is beyon"
)
CLASH = "Statically allocated circular buffers in program # clash with L# buffers on core range [#-"
DATAFLOW_BEYOND = (
    "Statically allocated dataflow buffers on core range [#-# - #-#] grow to # B which is beyon"
)
DATAFLOW_CLASH = (
    "Statically allocated dataflow buffers in program # clash with L# buffers on core range [#-"
)
L1_NOT_REPRODUCED = (
    "TT-NN's L1 allocation fails where conv2d_l1_allocation finds it fits or makes no claim "
    "(not modelled there: kernel-stride folding of a sharded input, the matmul program's "
    "circular buffers, convs from DRAM past their first slice or in one slice the project's "
    "search found, an input kept as sharded for a matmul conv)"
)
L1_OTHER_NUMBERS = (
    "both fail for the L1, but at another stage or with other numbers (the model's halo or conv "
    "buffers, core range or circular buffer sizes differ: conv2d_l1_allocation's open cases), or "
    "the project refuses first for another rule"
)
REASONS = {
    f"project accepts what TT-NN refuses | TT-NN: {OOM}": L1_NOT_REPRODUCED,
    f"project accepts what TT-NN refuses | TT-NN: {BEYOND}": L1_NOT_REPRODUCED,
    f"project accepts what TT-NN refuses | TT-NN: {CLASH}": L1_NOT_REPRODUCED,
    f"project accepts what TT-NN refuses | TT-NN: {DATAFLOW_BEYOND}": "TT-NN's dataflow buffers "
    "(its other program path) beyond the L1: not modelled",
    f"project accepts what TT-NN refuses | TT-NN: {DATAFLOW_CLASH}": "TT-NN's dataflow buffers "
    "clashing with L1 buffers: not modelled",
    "project accepts what TT-NN refuses | TT-NN: Out of Memory: Not enough space to allocate # B "
    "L#_SMALL buffer across # banks, where each": "a DRAM conv cut in slices, whose gather "
    "configs and reader indices are not claimed (TT-NN keeps each slice's)",
    f"project refuses for another rule than TT-NN's | TT-NN: {OOM}": L1_OTHER_NUMBERS,
    f"project refuses for another rule than TT-NN's | TT-NN: {BEYOND}": L1_OTHER_NUMBERS,
    f"project refuses for another rule than TT-NN's | TT-NN: {CLASH}": L1_OTHER_NUMBERS,
    f"project refuses for another rule than TT-NN's | TT-NN: {DATAFLOW_CLASH}": "TT-NN's "
    "dataflow buffers (not modelled) clash, the project refuses for another rule",
    "project refuses for another rule than TT-NN's | TT-NN: Activation data reuse is not "
    "supported for dilation > #": "the project finds the L1 failing (or refuses otherwise) "
    "before TT-NN's activation-reuse check of the conv it runs",
    "empty output": "the conv has no output pixel (decided from the case alone): the project "
    "refuses it; TT-NN's answers vary (sizes wrap, crashes)",
    "project accepts what TT-NN refuses | TT-NN: Conv#d supports Height, Block or Width "
    "Sharded Layouts but got TensorMemoryLayout::INTERLE": "conv2d_utils.cpp:228 on an input "
    "the COL_MAJOR rule does not cover: kernel-stride folded inputs already sharded, whose "
    "fold's own sharding is not modelled (3 draws of HEIGHT inputs; 2 probes of unpadded WIDTH "
    "inputs TT-NN folds, then finds no layout for; 5 probes of HEIGHT inputs folded without a "
    "shard layout, ttnn_conv_fold_tile_channels_wormhole_N150 f05 and f07-f10: TILE inputs "
    "of whole tiles of channels or unpadded, row-major ones; s9403 r0070 of the fourth fresh "
    "round, a row-major input sharded BLOCK on 4×5 cores folded 2×2)",
    "project accepts what TT-NN refuses | TT-NN: DRAM Auto slice could not find valid slice "
    "configuration. Tried up to # slices for width-s": "conv2d's own slice search fails where "
    "prepare's succeeds, on a kernel-stride folded conv from DRAM (the 1D convs' is modelled, "
    "conv2d_decisions.conv1d_dram_slice_refusal)",
    "project accepts what TT-NN refuses | TT-NN: FillPadL#ShardedProgramFactory: N_slices > # "
    "not yet supported (got #)": "a fill-pad of a sharded input TT-NN runs before a folded "
    "conv, which it cannot do in slices: not modelled (a fresh draw)",
    "project accepts what TT-NN refuses | TT-NN: Can only write unbatched output for "
    "BLOCK_SHARDED -> BLOCK_SHARDED": "a reshard of conv2d's output: not modelled",
    "project accepts what TT-NN refuses | TT-NN: Activation data reuse is not supported for "
    "block sharded": "TT-NN's conv2d runs this conv BLOCK where the project's resolution has "
    "another layout",
    "project refuses for another rule than TT-NN's | TT-NN: process died: Floating point "
    "exception": "TT-NN's conv2d crashes before the project's rule",
    "project refuses for another rule than TT-NN's | TT-NN: Output block height (in # of "
    "tiles) (#) should be greater than or equal to activation bloc": "the project checks the "
    "act height after TT-NN's order when both fail",
    "project infers another output": "fresh wide w0050: a kernel-stride folded conv of an "
    "input the user sharded HEIGHT, asked BLOCK. TT-NN folds the sharded input into a sharding "
    "of the fold's own, whose shard width (Cin·sH·sW = 4) get_input_channels_alignment does not "
    "divide, so conv2d reshards it BLOCK from the device grid (probes: folded widths of 8 and 32 "
    "keep the fold's HEIGHT sharding, on 8 cores); the fold's output sharding is not modelled, "
    "the project keeps the user's HEIGHT shards; a probe of a fold of a HEIGHT input in "
    "8-wide shards of 4 float32 channels (ttnn_conv_fold_page_wormhole_N150 p02), whose "
    "output TT-NN puts on 10 cores of 32 rows, the project on 16: the fold's sharding, not "
    "modelled",
    "project prepares another weight": "TT-NN's bug: a conv from DRAM whose first height "
    "slice reads only padding, where run_sliced_op skips the slice without moving on and so "
    "skips every slice: no conv runs, the host weight comes back unprepared and the output "
    "unwritten (3; `test_tt_nn_runs_no_slice_of_a_conv_whose_first_slice_is_padding`); folded "
    "convs on the DRAM path (8: TT-NN prepares the weight unfolded for the folded conv, "
    "conv2d_decisions.folded_dram_weight_refusal, and returns other rows for those it runs; "
    "2 more of the third fresh round: s9304 r0054, a 1×5 conv1d of stride (1, 2), and s9308 "
    "x0021, a grouped 9×3 conv of stride 2, each from DRAM with enable_kernel_stride_folding, "
    "whose weights TT-NN returns unfolded, 5·384 and 27·40 rows; and s9403 r0048 of the fourth, "
    "a 3×3 depthwise conv of stride (1, 2) of 320 channels, 9·320 rows); "
    "a probe of a folded 1D conv of an unpadded BLOCK input in L1 (b08: 384 weight rows where "
    "the project prepares 256): not found",
    "project refuses what TT-NN accepts": "TT-NN's bug: a conv from DRAM whose first height "
    "slice reads only padding runs no slice (see 'project prepares another weight'), which "
    "the project refuses for the first slice's weight width (1); and a conv from DRAM with "
    "enable_activation_reuse and no shard layout (wide w0069), which TT-NN auto-shards HEIGHT "
    "(its graph capture, also from L1 and without reuse) where the project's estimate with "
    "activation reuse picks BLOCK, whose reuse the factory refuses: not found"
    "; fresh draws (2): a folded conv from DRAM (2×4 kernel, stride 2, act_block_h_override "
    "128) the project refuses for its block height, 64, under the inner dimension, 128, "
    "where TT-NN's weight is the unfolded one in 2 blocks of 128 rows; and a 5×5 row-major "
    "conv from DRAM with act_block_w_div 3 and full_inner_dim, auto-sharded, that the project "
    "runs WIDTH and refuses for the matmul's shapes, where TT-NN's weight is 5 kernel rows of "
    "224 (another layout); TT-NN runs each whole (its graph: a halo and one conv op): not "
    "found; and s9407 x0051 of the fourth fresh round, an 11×11 BLOCK conv of a bfloat8_b "
    "input of 17 channels with full_inner_dim and float32 weights on 6 cores, whose circular "
    "buffers the project sums to 1,627,808 B (act blocks of the whole 121-tile window: ACT and "
    "ACT_TILIZED 242 pages each, the second reader and row-major copies 121), past the L1, "
    "where TT-NN runs it (its graph: a typecast, a fill pad, a reshard, the halo and the conv; "
    "without full_inner_dim the project agrees): not found",
    "project accepts what TT-NN refuses | TT-NN: Physical shard shape (#, #) must be tile "
    "{#, #} sized!": "fresh draws: TT-NN makes a tile tensor on shards not whole tiles (a "
    "row-major WIDTH input of 4455-row shards asked to reshard for a BLOCK 1×1 conv, before "
    "any op; a HEIGHT input folded 2×2 into 4-row shards, its Fold after a reshard): not "
    "modelled",
    "project refuses for another rule than TT-NN's | TT-NN: Physical shard shape (#, #) must "
    "be tile {#, #} sized!": "a fresh draw: TT-NN tilizes a folded WIDTH input (75×76 "
    "folded pixels, shards of 5700 rows) and refuses its shards before the shard grid the "
    "project refuses (conv2d_decisions.width_input_matmul_refusal)",
    "project refuses for another rule than TT-NN's | TT-NN: ValueError: datum for bfp#, bfp#, "
    "bfp# is invalid": "a fresh draw: a bfloat8_b input with enable_activation_reuse (a "
    "dilated 11×11 depthwise conv): TT-NN's Python conversion fails; without the reuse or "
    "with a bfloat16 input TT-NN refuses for the matmul's shapes, as the project does",
    "project accepts what TT-NN refuses | TT-NN: ttnn.pad: on device tile padding does not "
    "support front padding": "fresh draws of the fourth round (s9403 r0050, s9407 x0055): a "
    "TILE input WIDTH-sharded in L1, its shards the whole height, folded with top padding: "
    "TT-NN views it as [N, H, W, C] (its graph: a reshape) and pads it on the device, which "
    "refuses the front padding (pad.cpp:454), as for an interleaved or BLOCK input "
    "(`conv2d_decisions.folding_pad_refusal`, which lets a WIDTH input fold; so does a "
    "TILE input in DRAM or interleaved in L1 in probes of r0050; no padded TILE WIDTH fold "
    "is accepted in any answer): not applied to WIDTH inputs",
    "project refuses for another rule than TT-NN's | TT-NN: Out of Memory: Not enough space to "
    "allocate # B L#_SMALL buffer across # banks, where each": "fresh draws of the fourth round "
    "from DRAM with an l1_small_size of 0: s9401 w0119, a 1×1 conv of stride 2 with padding, "
    "both fail for the L1_SMALL region, TT-NN's first config tensor on 56 banks of 32 B, the "
    "project's on 27 of 16 B (the DRAM slice's cores: not found); s9402 w0018, a 2×2 conv of "
    "stride 2, dilation 2 and 4 groups, folded, which TT-NN runs as a conv after a halo "
    "(its graph: Fold, halo, conv) whose config tensors find no L1_SMALL, the project as a "
    "matmul it refuses for its K tiles (8 against 16): the fold of a dilated grouped conv, "
    "not found",
}
"""Why each pinned category disagrees (docs/semantics.md §9.8)."""


def test_every_answers_file_is_compared() -> None:
    assert sorted(path.name for path in FILES) == sorted(COUNTS)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name.split(".")[0])
def test_conv2d_agrees_with_tt_nn(path: Path) -> None:
    assert_agrees_as_recorded(path, COUNTS[path.name], PINS)


def test_every_pinned_category_has_its_reason() -> None:
    assert_every_pin_has_a_reason(PINS, REASONS)


def test_row_major_outputs_are_padded_as_tt_nn_pads() -> None:
    """TT-NN pads a ROW_MAJOR output (conv_config.output_layout) beyond its logical shape:
    rows to whole tiles, columns to all its shards across — a logical [1, 1, 168, 16] output
    of 6 BLOCK cores is [1, 1, 192, 32], a Blackhole [1, 1, 36, 2048] one over 13 channel cores
    [1, 1, 64, 2080]. Its type spells no padded shape (the project's row-major values hold the
    logical rows only); the op's decision says TT-NN's, and `ttnn_xdsl.ttnn.conv2d`'s output
    reports it (tests/test_ttnn_api_conv.py). Every ROW_MAJOR answer whose output the project
    infers (all 355; one it did not would be pinned above) is held to TT-NN's padded shape, 18
    of them wider than whole tiles."""
    compared, wider = 0, 0
    for path in FILES:
        grid = grid_of(path)
        for case in load(path):
            if case.get("output_layout") != "Layout.ROW_MAJOR":
                continue
            op = build_conv2d(case, grid)
            try:
                op.verify()
            except VerifyException:
                continue
            logical, padded = case["output_logical_shape"], case["output_padded_shape"]
            assert list(op.decision().output.padded_shape) == padded, (path.name, case["id"])
            compared += 1
            wider += padded[3] > -(-logical[3] // 32) * 32
    assert (compared, wider) == (355, 18)


def load_script(path: Path) -> ModuleType:
    """A standalone case-writing script of the data folder, loaded as a module by its path."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_model_convs_are_model_cases_py_s_cases() -> None:
    """The committed model convs are the cases `model_cases.py` writes for each device, in
    its order, every field as written (each with its `source`), TT-NN's answer added."""
    folder = DATA / "conv2d_op"
    module = load_script(folder / "model_cases.py")
    for device in ("wormhole_N150", "blackhole_P150"):
        cases = module.model_cases(device)
        with gzip.open(folder / f"ttnn_conv_models_{device}.json.gz", "rt") as text:
            answers = json.load(text)
        assert [case["id"] for case in cases] == list(answers)
        for case in cases:
            assert {key: answers[case["id"]][key] for key in case} == case
            assert case["source"].startswith(("tests/ttnn/", "models/demos/"))


RARE_DRAW_ROUNDS = (
    # (device, seed, cases) of each held-out round, and how many of its cases have an input
    # already sharded and a slice config
    ((("wormhole_N150", 9207, 50), ("blackhole_P150", 9208, 50)), 16, 16),
    ((("wormhole_N150", 9307, 60), ("blackhole_P150", 9308, 60)), 27, 18),
    ((("wormhole_N150", 9407, 60), ("blackhole_P150", 9408, 60)), 16, 24),
)


@pytest.mark.parametrize(("draws", "input_shards", "slice_configs"), RARE_DRAW_ROUNDS)
def test_the_rare_draws_are_draw_rare_conv_cases_py_s_cases(
    draws: tuple[tuple[str, int, int], ...], input_shards: int, slice_configs: int
) -> None:
    """The committed rare draws of a held-out round are the cases `draw_rare_conv_cases.py`
    writes for their seed and device (9207 on the Wormhole and 9208 on the Blackhole, 50
    each; 9307 and 9308, and 9407 and 9408, 60 each), in its order, every field as drawn,
    TT-NN's answer added; between the two files of a round they ask every Conv2dConfig field
    the script draws, override core grids, compute configs of each math fidelity, inputs
    already sharded and DRAM slice configs."""
    folder = DATA / "conv2d_op"
    module = load_script(folder / "draw_rare_conv_cases.py")
    drawn: list[dict[str, Any]] = []
    for device, seed, count in draws:
        with gzip.open(folder / f"ttnn_conv_fresh_rare_{device}_s{seed}.json.gz", "rt") as text:
            answers = json.load(text)
        cases = module.rare_cases(seed, count, device)
        assert [case["id"] for case in cases] == list(answers)
        for case in cases:
            assert {key: answers[case["id"]][key] for key in case} == case
        drawn += cases
    fields = {field for case in drawn for field in case["conv_config"]}
    assert fields >= {*module.FLAGS, "act_block_h_override", "act_block_w_div"}
    assert {"output_layout", "reallocate_halo_output", "override_sharding_config"} <= fields
    fidelities = {
        case["compute_config"]["math_fidelity"] for case in drawn if "compute_config" in case
    }
    assert fidelities == {"LoFi", "HiFi2", "HiFi3", "HiFi4"}
    assert sum("input_shard" in case for case in drawn) == input_shards
    assert sum("slice_config" in case for case in drawn) == slice_configs


def first_slice_reads_only_padding(case: dict[str, Any], grid: tuple[int, int]) -> bool:
    """Whether conv2d's DRAM path cuts the case's conv into slices (the project's plan of them,
    `conv_l1_decisions.resolve_dram_slicing`) whose first reads no input row or column: its
    window lies in the padding."""
    params = conv2d_preparation(build_conv2d(case, grid).conv_parameters())
    try:
        decisions = resolve_conv_weights(params).l1
    except ConvConfigError:
        return False
    if not decisions.sliced:
        return False
    assert decisions.slicing is not None
    output_layout = params.conv_config.output_layout
    end = first_slice_end(decisions.geometry.out_hw, decisions.slicing, output_layout)
    window = slice_input_window(decisions.geometry, (0, 0), end, output_layout)
    return min(window.in_h, window.in_w) <= 0


def test_tt_nn_runs_no_slice_of_a_conv_whose_first_slice_is_padding() -> None:
    """TT-NN's bug, pinned (REASONS): `run_sliced_op` (op_slicing.cpp) skips a slice whose input
    window is empty with `slice_index++; continue;` and does not move its start on, so when the
    first slice reads only padding every slice is that same skipped one: conv2d runs no conv,
    returns its DRAM output unwritten and the host weight unprepared (graph capture of s5002
    r0284: no Conv2dDeviceOperation). Every conv TT-NN accepted and returned its host weight
    for is such a conv, and every such conv TT-NN accepted came back so: 4 in TT-NN's
    answers (s101 r0102, s5002 r0179 and r0284, s5001 r0089)."""
    unprepared, padding_first = set(), set()
    for path in FILES:
        grid = grid_of(path)
        for case in load(path):
            if "error" in case:
                continue
            # The host weight, OIHW, as given: logical and padded (a prepared one is
            # [1, 1, rows, O] in whole tiles).
            host = [case["O"], case["I"], *case["kernel"]]
            if case["weight_logical_shape"] == case["weight_padded_shape"] == host:
                unprepared.add((path.name, case["id"]))
            if case["mem"] == "DRAM" and first_slice_reads_only_padding(case, grid):
                padding_first.add((path.name, case["id"]))
    assert unprepared == padding_first
    assert sorted(id for _, id in unprepared) == ["r0089", "r0102", "r0179", "r0284"]


def test_dram_slices_are_planned_with_bfloat8_b_weight_tiles() -> None:
    """conv2d's DRAM path prepares a bfloat8_b weight as bfloat16 and typecasts it, but plans its
    slices with bfloat8_b tiles (1088 bytes, not 2048): fresh w0018 (250 → 384 channels, 7×7,
    stride 4, a 14×14 DRAM input, act_block_h_override 32) then fits in one slice, whose
    weights buffer of 56 × 12 tiles is 731,136 bytes, and TT-NN runs it — its output a TILE
    [1, 1, 4, 384] in DRAM, the weight bfloat8_b [1, 1, 12544, 384]. Planned with bfloat16 tiles
    (1,376,256 bytes of weights) the slice search found no slicing that fits."""
    path = ANSWERS / "ttnn_conv_fresh_wide_wormhole_N150_s9101.json.gz"
    (case,) = [case for case in load(path) if case["id"] == "w0018"]
    assert "error" not in case and case["output_padded_shape"] == [1, 1, 32, 384]
    op = build_conv2d(case, grid_of(path))
    op.verify()  # the answer's output type: TT-NN's
    decision = op.decision()
    assert decision.weights_dtype == DataType.BFLOAT8_B
    assert list(decision.output.padded_shape) == [1, 1, 32, 384]
    params = decision.plan.params
    assert (params.conv_config.weights_dtype, params.planned_weights_dtype) == (
        DataType.BFLOAT16,
        DataType.BFLOAT8_B,
    )

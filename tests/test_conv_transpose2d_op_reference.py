"""`ttnn.conv_transpose2d` against TT-NN 0.81.1's own `conv_transpose2d`, without TT-NN: its
answers on the mock device for 4,216 transposed convs (4,262 asked, 46 skipped by the
recording run) on a Wormhole N150 and a Blackhole P150: random draws (the dev set's and fresh
ones), 1D edge cases, output padding, auto-sharding and DRAM probes, explicit DRAM slice
configs, ROW_MAJOR bfloat8_b output probes; recorded once, each on a fresh device, and committed in
tests/data/ttnn_reference/conv_transpose2d_op/ (README there).

Each case is built as a `ttnn.conv_transpose2d` on the device's grid (its input TT-NN's flat
[1, 1, N·H·W, C] with the input's dtype, layout and memory config; a host IOHW weight and a
bias; the conv_config, output padding, kernel mirroring and DRAM slice config the case gives)
with TT-NN's output as the result type, and verified (`conv2d_op_reference_cases.verdict`):
a case TT-NN accepts agrees when the project accepts TT-NN's output type — logical and padded
shape, dtype, layout, memory config with the shard spec's cores, shape and orientation — and
prepares the weight and bias TT-NN's conv_transpose2d returned; a case TT-NN refuses agrees
when the project refuses with TT-NN's rule.

Pinned per file: how many cases are compared and agree, and every other case by id with its
category (pins.json, written by `python tests/conv2d_op_reference_cases.py --pins`), each
category with its reason below; a pinned case that starts agreeing fails the test as an
unpinned disagreement does. TT-NN's L1 allocation refusals are counted apart: the op refuses
with `conv2d_l1_allocation`'s replay of the equivalent conv, which agrees when it is TT-NN's
message word for word (TT-NN's program number aside)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conv2d_op_reference_cases import (
    TRANSPOSED_ANSWERS,
    TRANSPOSED_FILES,
    TRANSPOSED_PINS,
    assert_agrees_as_recorded,
    assert_every_pin_has_a_reason,
    build_conv2d,
    load,
)
from ttnn_reference_cases import grid_of

from ttnn_xdsl.conv.conv_layout_geometry import block_sharded_map

COUNTS = {
    # file: (TT-NN accepted, TT-NN refused by other rules than its L1 allocation, of these the
    # project agrees on, TT-NN's L1 allocation failures, of these the project refuses with
    # TT-NN's message, empty outputs)
    "ttnn_conv_transpose_auto_shard_probes_wormhole_N150.json.gz": (20, 2, 20, 2, 2, 2, 0),
    "ttnn_conv_transpose_blackhole_P150_s3001.json.gz": (195, 39, 192, 39, 82, 82, 3),
    "ttnn_conv_transpose_blackhole_P150_s3003.json.gz": (221, 35, 220, 35, 58, 58, 3),
    "ttnn_conv_transpose_blackhole_P150_s3101.json.gz": (204, 33, 202, 33, 57, 57, 2),
    "ttnn_conv_transpose_blackhole_P150_s6001.json.gz": (213, 42, 211, 42, 69, 68, 4),
    "ttnn_conv_transpose_blackhole_P150_s6301.json.gz": (89, 22, 89, 22, 30, 30, 4),
    "ttnn_conv_transpose_dram_probes_wormhole_N150.json.gz": (9, 2, 9, 2, 0, 0, 0),
    "ttnn_conv_transpose_edge1d_wormhole_N150.json.gz": (170, 0, 170, 0, 0, 0, 0),
    "ttnn_conv_transpose_examples_wormhole_N150.json.gz": (11, 2, 11, 2, 1, 1, 0),
    "ttnn_conv_transpose_fresh_blackhole_P150_s9205.json.gz": (49, 14, 47, 14, 23, 23, 1),
    "ttnn_conv_transpose_fresh_blackhole_P150_s9306.json.gz": (68, 13, 67, 13, 17, 16, 1),
    "ttnn_conv_transpose_fresh_blackhole_P150_s9406.json.gz": (63, 8, 63, 8, 29, 28, 0),
    "ttnn_conv_transpose_fresh_wormhole_N150_s9105.json.gz": (73, 16, 72, 16, 29, 29, 1),
    "ttnn_conv_transpose_fresh_wormhole_N150_s9206.json.gz": (56, 11, 52, 11, 21, 21, 1),
    "ttnn_conv_transpose_fresh_wormhole_N150_s9305.json.gz": (66, 14, 66, 14, 17, 17, 0),
    "ttnn_conv_transpose_fresh_wormhole_N150_s9405.json.gz": (64, 8, 61, 8, 26, 26, 2),
    "ttnn_conv_transpose_output_padding_probes_wormhole_N150.json.gz": (11, 3, 11, 3, 1, 1, 0),
    "ttnn_conv_transpose_own_path_probes_blackhole_P150.json.gz": (6, 4, 6, 4, 1, 1, 0),
    "ttnn_conv_transpose_own_path_probes_wormhole_N150.json.gz": (3, 6, 3, 4, 0, 0, 0),
    "ttnn_conv_transpose_row_major_bfloat8_b_wormhole_N150.json.gz": (4, 5, 4, 5, 0, 0, 0),
    "ttnn_conv_transpose_slices_blackhole_P150_s6201.json.gz": (76, 28, 73, 28, 13, 13, 2),
    "ttnn_conv_transpose_slices_wormhole_N150_s6200.json.gz": (96, 37, 95, 37, 23, 23, 4),
    "ttnn_conv_transpose_wormhole_N150_s103.json.gz": (120, 18, 120, 18, 53, 52, 3),
    "ttnn_conv_transpose_wormhole_N150_s3000.json.gz": (198, 29, 196, 29, 84, 84, 4),
    "ttnn_conv_transpose_wormhole_N150_s3002.json.gz": (208, 35, 207, 35, 71, 71, 3),
    "ttnn_conv_transpose_wormhole_N150_s3100.json.gz": (179, 32, 177, 32, 87, 86, 1),
    "ttnn_conv_transpose_wormhole_N150_s6000.json.gz": (204, 37, 204, 37, 83, 83, 2),
    "ttnn_conv_transpose_wormhole_N150_s6300.json.gz": (87, 25, 87, 25, 34, 34, 1),
}
"""(accepted, refused, agree on accepted, agree on refused, L1 failures, agree on L1 failures,
empty outputs)."""

OOM = "Out of Memory: Not enough space to allocate # B L# buffer across # banks, where each bank "
OOM_SMALL = (
    "Out of Memory: Not enough space to allocate # B L#_SMALL buffer across # banks, where each"
)
BEYOND = (
    "Statically allocated circular buffers on core range [#-# - #-#] grow to # B which is beyon"
)
CLASH = "Statically allocated circular buffers in program # clash with L# buffers on core range [#-"
DATAFLOW_CLASH = (
    "Statically allocated dataflow buffers in program # clash with L# buffers on core range [#-"
)
NO_LAYOUT = (
    "Conv#d supports Height, Block or Width Sharded Layouts but got TensorMemoryLayout::INTERLE"
)
L1_REPLAY = (
    "conv_transpose2d's L1 allocation: conv2d_l1_allocation's replay of the equivalent conv "
    "gives other halo and circular buffer sizes (not found yet)"
)

ACCEPTS = "project accepts what TT-NN refuses | TT-NN: "
OTHER_RULE = "project refuses for another rule than TT-NN's | TT-NN: "
REASONS = {
    "empty output": "the transposed conv has no output pixel (decided from the case alone): "
    "the project refuses it; TT-NN's answers vary (sizes wrap, crashes)",
    "project refuses what TT-NN accepts": "the WIDTH factory's checks and L1 estimate on the "
    "equivalent conv's blocking where TT-NN's own differs (4), activation reuse refused by the "
    "L1 estimate that plans the DRAM slices of an l1_full slice config with a shard layout, "
    "where TT-NN's passes (2), and a first DRAM slice with no output where TT-NN's sizes "
    "wrap (2), and a BLOCK transposed conv from DRAM with enable_activation_reuse whose "
    "circular buffers the project's L1 replay finds beyond the L1 (a fresh draw)",
    "project infers another output": "fresh draws: a 1×1 transposed conv of 3 channels "
    "the user sharded BLOCK on 3×2 cores (two of its columns hold no channel), no shard "
    "layout given: TT-NN reshards it (its graph: a reshard, then the matmul) onto one column "
    "of 10 cores, the project keeps the input's grid: conv2d's reshard of a matmul's "
    "unfilled BLOCK input (conv2d_l1_allocation.matmul_block_input_unfilled) fits it, not "
    "applied to the transpose; s9305 r0049 the same, 32 channels on 5×4 COL_MAJOR cores "
    "(three of its 4 channel rows empty), its output on one column of 7 cores",
    "project prepares another weight": "TT-NN's bug: its conv_transpose2d prepares a BLOCK "
    "weight without full_inner_dim (each kernel row padded to a tile; all 26 such weights, "
    "test_tt_nn_lays_out_a_full_inner_dim_block_weight_kernel_row_by_kernel_row) where it "
    "blocks the conv with the config's full_inner_dim, an activation block of the whole "
    "window, by which the BLOCK weight reader steps through the kernel rows: a weight its own "
    "conv reads wrong; the project prepares the layout that conv reads (3 more of the fourth "
    "fresh round, s9405 r0002, r0024 and r0083: TT-NN's weight is the project's without "
    "full_inner_dim, 960, 3584 and 960 rows)",
    "project prepares another bias": "the bias TT-NN's conv_transpose2d returns differs from "
    "prepare_conv_transpose2d_bias' (its own preparation, not modelled)",
    f"{ACCEPTS}{OOM}": L1_REPLAY,
    f"{ACCEPTS}{OOM_SMALL}": L1_REPLAY,
    f"{ACCEPTS}{BEYOND}": L1_REPLAY,
    f"{ACCEPTS}{CLASH}": L1_REPLAY,
    f"{OTHER_RULE}{OOM}": L1_REPLAY,
    f"{OTHER_RULE}{OOM_SMALL}": L1_REPLAY + "; and a fresh draw (s9406 r0004: a 5×5 WIDTH "
    "transpose of stride (1, 2), act_block_h_override 64) whose halo's config tensors TT-NN "
    "fails to place in the L1_SMALL region (15,872 of its 16,384 B taken) before the WIDTH "
    "factory's act height check the project refuses first, 107 act tiles in blocks of 2 "
    "(TT-NN's graph, which allocates nothing, reaches that check word for word): the project "
    "checks the act height before the halo's config tensors (with act_block_h_override 32 it "
    "finds the region as full, 15,872 B taken, for a tensor of another size)",
    f"{OTHER_RULE}{BEYOND}": L1_REPLAY,
    f"{OTHER_RULE}{CLASH}": L1_REPLAY + "; and a fresh draw (s9305 r0023: a 7×7 depthwise "
    "transpose of stride 7 from DRAM, WIDTH, act_block_h_override 96) that TT-NN runs in 2 "
    "DRAM height slices past the WIDTH factory's act height check (its graph) while the "
    "project's slice has 88 act tiles, not whole blocks of 3: the slice's act height, not found",
    f"{OTHER_RULE}{DATAFLOW_CLASH}": L1_REPLAY,
    f"{ACCEPTS}MatmulMultiCoreReuseMultiCastProgramConfig: Unsupported memory layout "
    "TensorMemoryLayout::": "a probe: a 1×1 transposed matmul of an input WIDTH-sharded in "
    "whole-tile shards, kept as given without a shard layout, which the matmul's program "
    "config refuses: not modelled",
    f"{OTHER_RULE}Physical shard shape (#, #) must be tile {{#, #}} sized!": "a probe: a BLOCK "
    "reshard of a WIDTH input whose shards are not whole tiles, which TT-NN's tilized "
    "reshard refuses; the project refuses the resharded grid first (not found yet)",
    f"{ACCEPTS}{DATAFLOW_CLASH}": "a 1×1 transposed conv of stride 1 without padding TT-NN runs "
    "as a matmul: the matmul program's circular buffers, not modelled (its tensors are, as "
    "conv2d's matmul's)",
    f"{ACCEPTS}Multicast runtime arguments target an unplaced core": "a 1x1 transposed conv "
    "with a stride the project runs as a matmul, TT-NN through the WIDTH program, whose "
    "multicast arguments it then refuses (conv2d_decisions.width_multicast_refusal)",
    f"{ACCEPTS}{NO_LAYOUT}": "conv_transpose2d's check of its input's layout "
    "(conv2d_utils.cpp:228) on an input the project's rules do not cover",
    f"{OTHER_RULE}{NO_LAYOUT}": "conv_transpose2d's check of its input's layout "
    "(conv2d_utils.cpp:228) comes before the project's rule",
    f"{ACCEPTS}act_matrix_height_ntiles # should be divisible by act_block_h_ntiles #": "the "
    "WIDTH act height of the transposed conv's own activation matrix: not modelled",
    f"{OTHER_RULE}act_matrix_height_ntiles # should be divisible by act_block_h_ntiles #": "the "
    "WIDTH act height of the transposed conv's own matrix, before the project's rule",
    f"{ACCEPTS}process died: Segmentation fault": "TT-NN's conv_transpose2d crashed: no rule "
    "to name",
    f"{OTHER_RULE}process died: Segmentation fault": "TT-NN crashed before the project's rule",
    f"{OTHER_RULE}process died: Floating point exception": "TT-NN divides by zero before the "
    "project's rule",
    f"{ACCEPTS}The width of tensor a needs to match the height of tensor b": "the matmul "
    "path's shape check on a weight conv_transpose2d prepares otherwise: not modelled",
    f"{OTHER_RULE}The width of tensor a needs to match the height of tensor b": "the matmul "
    "path's shape check (not modelled) comes first",
    f"{ACCEPTS}Conv DRAM expects the input tensor to be in DRAM.": "conv_transpose2d's DRAM "
    "path on an L1 input (a DRAM slice config): not modelled",
    f"{OTHER_RULE}Conv DRAM expects the input tensor to be in DRAM.": "as above, before the "
    "project's rule",
    f"{ACCEPTS}Number of Act Blocks along the Width # should be divisible by the number of "
    "cores #": "the WIDTH factory's act block split of the transposed conv: not modelled",
    f"{OTHER_RULE}Number of Act Blocks along the Width # should be divisible by the number of "
    "cores #": "as above, before the project's rule",
    f"{ACCEPTS}Output block height (in # of tiles) (#) should be greater than or equal to "
    "activation bloc": "the WIDTH output block of the transposed conv's own blocking: not modelled",
}
"""Why each pinned category disagrees (docs/semantics.md §9.8)."""


def test_every_answers_file_is_compared() -> None:
    assert sorted(path.name for path in TRANSPOSED_FILES) == sorted(COUNTS)


@pytest.mark.parametrize("path", TRANSPOSED_FILES, ids=lambda path: path.name.split(".")[0])
def test_conv_transpose2d_agrees_with_tt_nn(path: Path) -> None:
    assert_agrees_as_recorded(path, COUNTS[path.name], TRANSPOSED_PINS)


def test_every_pinned_category_has_its_reason() -> None:
    assert_every_pin_has_a_reason(TRANSPOSED_PINS, REASONS)


def test_tt_nn_lays_out_a_full_inner_dim_block_weight_kernel_row_by_kernel_row() -> None:
    """The pinned "another weight" cases (Blackhole s3101 r0148): a 5x5 BLOCK transposed conv
    with `full_inner_dim`, 128 -> 1 channels, its input in 8 channel slices of 16. TT-NN's
    conv_transpose2d prepares the weight with `full_inner_dim = false` whatever the config
    says (conv_transpose2d.cpp, Conv2dWeightsBiasPrepConfig): §3.6.4's layout with each kernel
    row padded to round_up(16·5, 32) = 96 rows, 8·5·96 = 3840 rows in all — but it blocks the
    conv with the config's `full_inner_dim` (determine_per_core_conv_block_config): an
    activation block of the whole window, round_up(16·25, 32) = 416, by which its conv's
    weight reader steps through the kernel rows. The project prepares the layout that conv
    reads, the window in one block: 8·416 = 3328 rows."""
    path = TRANSPOSED_ANSWERS / "ttnn_conv_transpose_blackhole_P150_s3101.json.gz"
    (case,) = [case for case in load(path) if case["id"] == "r0148"]
    assert case["weight_padded_shape"] == [1, 1, 3840, 32]
    assert block_sharded_map(32, 128, 5, 5, 8, 1, full_inner_dim=False).rows == 3840
    decision = build_conv2d(case, grid_of(path)).decision()
    assert decision.plan.blocking.act_block_w == 416
    assert decision.plan.layout.physical_shape == (1, 1, 3328, 32)
    assert json.loads(TRANSPOSED_PINS.read_text())[path.name]["r0148"] == (
        "project prepares another weight"
    )

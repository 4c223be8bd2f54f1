"""`ttnn.prepare_conv_weights` / `prepare_conv_bias` end to end, one case per decomposition
branch, through `ttnn-run` (a subprocess: `--output` and `--raw-output`) and the Python API.

The expected result of each case is composed here from the index maps of semantics.md §3.6
(`test_conv_layouts`) and the data formats of semantics.md §1 (`reference_formats`): group
expansion → kernel-stride fold → channel padding → layout → cast. The numbers each case needs
(padded channel counts, shard counts, block sizes, physical shapes) are semantics.md §3.3 evaluated
by hand, written as literals with their derivation; nothing asks the project's resolution for them.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
from reference_formats import device_bytes, device_values, host_values
from test_conv_layouts import (
    assert_same_bits,
    bias_matrix,
    block_sharded,
    depthwise,
    dims,
    fold,
    grouped,
    host_type,
    interleaved_mm,
    pad_channels,
    random_weight,
    seed_of,
    special_padding,
    tile_type,
    tiled,
)
from xdsl.dialects import func
from xdsl.dialects.builtin import DenseArrayBase, ModuleOp, i32
from xdsl.ir import Block, Region

from ttnn_xdsl.core.enums import BufferType, DataType, Layout, TensorMemoryLayout
from ttnn_xdsl.dialect.attributes import Conv2dConfigAttr, MemoryConfigAttr
from ttnn_xdsl.dialect.prepare_ops import PrepareConvBiasOp, PrepareConvWeightsOp
from ttnn_xdsl.dialect.tensor_types import tensor_type
from ttnn_xdsl.program import run

TTNN_RUN = str(Path(sys.executable).parent / "ttnn-run")

DRAM = "#ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>"
L1 = "#ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>"
"""TT-NN 0.81.1 refuses a bfloat8_b weights_dtype on its DRAM path and runs its L1 model there
(semantics.md §6): the bfloat8_b and activation-reuse cases below are L1 interleaved with an
explicit shard layout, as TT-NN 0.81.1 prepares them (research l1model, e2e_l1_*.json)."""
L1_HEIGHT_TILE = (
    "#ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, "
    "#ttnn.shard_spec<grid = 2x1, shape = 32x32>>"
)
L1_BLOCK_TILE = (
    "#ttnn.memory_config<#ttnn.buffer_type<l1>, <block_sharded>, "
    "#ttnn.shard_spec<grid = 2x2, shape = 32x32>>"
)
L1_HEIGHT_RM16 = (
    "#ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, "
    "#ttnn.shard_spec<grid = 2x1, shape = 32x16>>"
)


@dataclass(frozen=True)
class Conv:
    """One conv and what semantics.md §3.3 makes of its weight, by hand."""

    id: str
    weight: tuple[int, int, int, int]
    """OIHW as given (I = in_channels / groups)."""
    host: str
    """dtype of the host weight (f32 | bf16)."""
    in_channels: int
    out_channels: int
    height: int
    width: int
    kernel: tuple[int, int]
    dtype: str
    """The prepared weight's dtype (weights_dtype, else the host dtype)."""
    layout: Callable[[np.ndarray], np.ndarray] = field(repr=False)
    """The §3.6 layout applied to the padded weight."""
    physical: tuple[int, int]
    logical: tuple[int, int]
    padded: tuple[int, int] | None = None
    """(Cout_pad, Cin_pad) of step 8; None for interleaved MM (no padding)."""
    stride: tuple[int, int] = (1, 1)
    padding: tuple[int, int] = (0, 0)
    groups: int = 1
    batch: int = 1
    memory: str = DRAM
    input_layout: str = "tile"
    config: str = ""
    """The fields of #ttnn.conv2d_config<...>, or "" for none."""
    expand_groups: int | None = None
    depthwise_ntiles: int | None = None
    fold_stride: tuple[int, int] | None = None
    bias_width: int | None = None
    """Width of the prepared bias (semantics.md §3.4) when the case also prepares a bias."""
    grid: tuple[int, int] = (8, 8)

    def parameters(self) -> str:
        kh, kw = self.kernel
        return (
            f"input_memory_config = {self.memory} input_layout = #ttnn.layout<{self.input_layout}>"
            f" {{weights_format}}in_channels = {self.in_channels}"
            f" out_channels = {self.out_channels} batch_size = {self.batch}"
            f" input_height = {self.height} input_width = {self.width}"
            f" kernel_size = [{kh}, {kw}] stride = [{self.stride[0]}, {self.stride[1]}]"
            f" padding = [{self.padding[0]}, {self.padding[1]}] dilation = [1, 1]"
            f" {{has_bias}}groups = {self.groups}"
            + (f" conv_config = #ttnn.conv2d_config<{self.config}>" if self.config else "")
        )

    @property
    def result_type(self) -> str:
        return tile_type((1, 1, *self.logical), (1, 1, *self.physical), self.dtype)

    @property
    def bias_shape(self) -> tuple[int, int, int, int]:
        return (1, 1, 1, self.out_channels)

    @property
    def bias_result_type(self) -> str:
        assert self.bias_width is not None
        return tile_type(self.bias_shape, (1, 1, 32, self.bias_width), self.dtype)

    def weights_op(self, result: str, source: str) -> str:
        has_bias = "true" if self.bias_width is not None else "false"
        parameters = self.parameters().format(
            weights_format='weights_format = "OIHW" ', has_bias=f"has_bias = {has_bias} "
        )
        in_type = host_type(self.weight, self.host)
        return (
            f"%{result} = ttnn.prepare_conv_weights %{source} {parameters}"
            f" : {in_type} -> {self.result_type}"
        )

    def bias_op(self, result: str, source: str) -> str:
        parameters = self.parameters().format(weights_format="", has_bias="")
        in_type = host_type(self.bias_shape, self.host)
        return (
            f"%{result} = ttnn.prepare_conv_bias %{source} {parameters}"
            f" : {in_type} -> {self.bias_result_type}"
        )

    def expected_matrix(self, w: np.ndarray) -> np.ndarray:
        """group expand → fold → pad → layout, on the host weight's values."""
        x = host_values(w, self.host)
        if self.expand_groups is not None:
            x = grouped(x, self.expand_groups)
        if self.depthwise_ntiles is not None:
            x = depthwise(x, self.depthwise_ntiles)
        if self.fold_stride is not None:
            x = fold(x, *self.fold_stride)
        if self.padded is not None:
            x = pad_channels(x, *self.padded)
        m = self.layout(x)
        assert m.shape == self.physical, f"reference gives {m.shape}, the case says {self.physical}"
        return m.reshape(1, 1, *m.shape)

    def expected_bias_matrix(self, b: np.ndarray) -> np.ndarray:
        assert self.bias_width is not None
        return bias_matrix(host_values(b, self.host), self.bias_width).reshape(
            1, 1, 32, self.bias_width
        )


def sp(block_h: int, block_w: int = 1, reuse: bool = False):
    return lambda w: special_padding(w, block_h, block_w, reuse)


CASES = [
    # 1×1, stride 1, no padding on a DRAM input, no shard layout: mm_conv and auto_shard →
    # interleaved MM (step 4), Cin not padded: rows round_up(24, 32) = 32, cols
    # round_up(40, 32) = 64. Bias: HEIGHT (step 5 default), NHW 64 → 2 tiles, nhw cores
    # with_padding_and_mult(2, 64, 1) = 2, shard 32 rows → act_block_h 1 tile; Cout_pad 64 →
    # out width 2 tiles → sub-block (1, 2) → bias width round_up(64, 64) = 64.
    Conv(
        "mm_1x1_dram", (40, 24, 1, 1), "f32", 24, 40, 8, 8, (1, 1), "bf16",
        interleaved_mm, (32, 64), (24, 40), config="weights_dtype = bf16", bias_width=64,
    ),
    # semantics.md §3.7: W [4,2,1,1], groups 2, DRAM → grouped [4,4,1,1], mm_conv → interleaved MM,
    # physical [1,1,32,32], logical [1,1,4,4]; bf16 host weight, dtype stays bf16.
    Conv(
        "grouped_mm_spec", (4, 2, 1, 1), "bf16", 4, 4, 8, 8, (1, 1), "bf16",
        interleaved_mm, (32, 32), (4, 4), groups=2, expand_groups=2,
    ),
    # semantics.md §3.7: O=2, I=3, 3×3, HEIGHT (default), ROW_MAJOR interleaved input → align
    # 8: Cin_pad round_up(3, 1·8) = 8, Cout_pad 32, act_block_w round_up(8·3, 32) = 32 →
    # block_h 1 (BH 32), rows 96; NHW 64 → 2 cores, 1 tile each; out width 1 → block_w 1,
    # cols 32. Bias width round_up(32, 32) = 32. (In L1: TT-NN 0.81.1 cannot prepare
    # bfloat8_b weights for a 3×3 conv run from DRAM.)
    Conv(
        "height_rm", (2, 3, 3, 3), "f32", 3, 2, 8, 8, (3, 3), "bfp8_b",
        sp(1), (96, 32), (27, 2), padded=(32, 8), padding=(1, 1), input_layout="row_major",
        config="weights_dtype = bfp8_b, shard_layout = height_sharded", bias_width=32, memory=L1,
    ),
    # semantics.md §3.7: the same with a TILE input sharded in L1 → align 32: Cin_pad 32,
    # act_block_w round_up(96, 32) = 96 → block_h 3 (BH 96), rows 288.
    Conv(
        "height_tile_l1", (2, 3, 3, 3), "f32", 3, 2, 8, 8, (3, 3), "bf16",
        sp(3), (288, 32), (27, 2), padded=(32, 32), padding=(1, 1), memory=L1_HEIGHT_TILE,
        config="weights_dtype = bf16",
    ),
    # ROW_MAJOR input height-sharded with shard width 16 → align 16 (step 6): Cin_pad 16,
    # act_block_w round_up(48, 32) = 64 → block_h 2, rows 64·3 = 192.
    Conv(
        "height_rm_shard16", (2, 3, 3, 3), "bf16", 3, 2, 8, 8, (3, 3), "bf16",
        sp(2), (192, 32), (27, 2), padded=(32, 16), padding=(1, 1), memory=L1_HEIGHT_RM16,
        input_layout="row_major",
    ),
    # HEIGHT with activation reuse: 16×16 output, NHW 256 → 8 tiles; act_block_h_override
    # 64 → abh 2: nhw cores with_padding_and_mult(8, 64, 2) = 4, shard round_up(256, 128)/4
    # = 64 rows → 2 tiles (> ceil(16/32) = 1, as reuse needs). ROW_MAJOR DRAM → align 8:
    # Cin_pad 8, act_block_w round_up(8·9, 32) = 96 → block_h 3, rows BH = 96 (reuse);
    # sub-block of 2×1 tiles → (2, 1), block_w 1, cols 32.
    Conv(
        "height_reuse", (16, 8, 3, 3), "bf16", 8, 16, 16, 16, (3, 3), "bf16",
        sp(3, reuse=True), (96, 32), (72, 16), padded=(32, 8), padding=(1, 1),
        input_layout="row_major", memory=L1,
        config="weights_dtype = bf16, shard_layout = height_sharded, act_block_h_override = 64, "
        "enable_activation_reuse = true",
        bias_width=32,
    ),
    # semantics.md §3.7: O=I=64, 3×3, WIDTH, 8×8: n_c_in = n_c_out = with_padding(2, 64) = 2,
    # Cin_pad 64, act_block_w 64·9/2 = 288 → block_h 9; NHW 64 → 2 tiles, out width
    # 64/(2·32) = 1 tile → sub-block (2, 1), block_w 1. rows round_up(576, 288) = 576,
    # cols 64: physical = logical.
    Conv(
        "width_spec", (64, 64, 3, 3), "f32", 64, 64, 8, 8, (3, 3), "bf16",
        lambda w: tiled(w, 9, 1), (576, 64), (576, 64), padded=(64, 64), padding=(1, 1),
        config="weights_dtype = bf16, shard_layout = width_sharded",
    ),
    # WIDTH, act_block_w_div 2, 2×2 kernel on 9×9: n_c_in = with_padding(2, 64) = 2,
    # n_c_out = with_padding(ceil(40/32) = 2, 64) = 2, Cin_pad 64, Cout_pad round_up(40, 64)
    # = 64; act_block_w = 64·4/(2·2) = 64 → block_h 2; out width 1 tile → block_w 1;
    # rows round_up(256, 64) = 256, cols 64. Bias width 64.
    Conv(
        "width_div2", (40, 64, 2, 2), "f32", 64, 40, 9, 9, (2, 2), "bfp8_b",
        lambda w: tiled(w, 2, 1), (256, 64), (256, 40), padded=(64, 64), memory=L1,
        config="weights_dtype = bfp8_b, shard_layout = width_sharded, act_block_w_div = 2",
        bias_width=64,
    ),
    # WIDTH block in whole tiles (TT-NN 0.81.1 floors it): 96 channels, 3×3 on 8×8,
    # act_block_w_div 2: n_c_in = n_c_out = with_padding(3, 64) = 3, Cin_pad = Cout_pad = 96;
    # 96·9/(3·2) = 144 rows → 4 tiles = block_h 4, so rows round_up(864, 128) = 896 (32
    # zero rows past the last tap); out width 96/(3·32) = 1 tile → block_w 1, cols 96.
    Conv(
        "width_floor", (96, 96, 3, 3), "f32", 96, 96, 8, 8, (3, 3), "bf16",
        lambda w: tiled(w, 4, 1), (896, 96), (864, 96), padded=(96, 96), padding=(1, 1),
        config="weights_dtype = bf16, shard_layout = width_sharded, act_block_w_div = 2",
        bias_width=96,
    ),
    # semantics.md §3.7: O=I=64, 3×3, BLOCK, 8×8, ROW_MAJOR input → align 8: n_c_in =
    # with_padding(64/8 = 8, 8) = 8, n_c_out = with_padding(2, 8) = 2, Cin_pad 64, Cout_pad
    # 64; iw 8, BHP round_up(24, 32)·3 = 96, rows 96·8 = 768; ow 32 → cols 64.
    Conv(
        "block_rm", (64, 64, 3, 3), "f32", 64, 64, 8, 8, (3, 3), "bf16",
        lambda w: block_sharded(w, 8, 2, False), (768, 64), (576, 64), padded=(64, 64),
        padding=(1, 1), input_layout="row_major",
        config="weights_dtype = bf16, shard_layout = block_sharded",
    ),
    # The same with full_inner_dim: BHP round_up(72, 32) = 96, rows 768.
    Conv(
        "block_rm_full", (64, 64, 3, 3), "f32", 64, 64, 8, 8, (3, 3), "bf16",
        lambda w: block_sharded(w, 8, 2, True), (768, 64), (576, 64), padded=(64, 64),
        padding=(1, 1), input_layout="row_major",
        config="weights_dtype = bf16, shard_layout = block_sharded, full_inner_dim = true",
    ),
    # groups 4, Cin = Cout = 8: expanded [8,8,3,3]; HEIGHT, TILE → align 32: Cin_pad 32,
    # act_block_w round_up(96, 32) = 96 → block_h 3, rows 288; Cout_pad 32, cols 32. Its bf16
    # bias becomes bfloat8_b, width 32.
    Conv(
        "grouped", (8, 2, 3, 3), "bf16", 8, 8, 8, 8, (3, 3), "bfp8_b",
        sp(3), (288, 32), (72, 8), padded=(32, 32), padding=(1, 1), groups=4,
        expand_groups=4, config="weights_dtype = bfp8_b, shard_layout = height_sharded",
        bias_width=32, memory=L1,
    ),
    # 2D depthwise (groups = Cin = Cout = 8, input_height 8 ≠ 1): grouped in 0.81.1,
    # [8,1,3,3] → [8,8,3,3]; then as "grouped": rows 288, cols 32.
    Conv(
        "depthwise_2d", (8, 1, 3, 3), "f32", 8, 8, 8, 8, (3, 3), "bf16",
        sp(3), (288, 32), (72, 8), padded=(32, 32), padding=(1, 1), groups=8,
        expand_groups=8, config="weights_dtype = bf16",
    ),
    # 1D depthwise (groups = Cin = Cout = 8, KH 1, input_height 1, no bias), 1×32 input,
    # kernel 1×3, padding [0, 1] → OW 32, NHW 32 → 1 tile, 1 core, act_block_h 1 tile:
    # [8,1,1,3] → [8, 3·32 = 96, 1, 1]; Cin_pad round_up(96, 32) = 96, block_h 1·KW = 3,
    # BH 96 ≥ 96, rows 96; Cout_pad 32, block_w 1, cols 32.
    Conv(
        "depthwise_1d", (8, 1, 1, 3), "f32", 8, 8, 1, 32, (1, 3), "bf16",
        sp(3), (96, 32), (96, 8), padded=(32, 96), padding=(0, 1), groups=8,
        depthwise_ntiles=1, config="weights_dtype = bf16",
    ),
    # 1D depthwise with act_block_h_override 64: 1×64 input → OW 64, NHW 2 tiles, nhw cores
    # with_padding_and_mult(2, 64, 2) = 1, shard 64 rows → 2 tiles = override → ntiles 2:
    # [8,1,1,3] → [8, 3·64 = 192, 1, 1], block_h 2·3 = 6, rows 192; sub-block (2, 1) → cols 32.
    Conv(
        "depthwise_1d_ntiles2", (8, 1, 1, 3), "bf16", 8, 8, 1, 64, (1, 3), "bfp8_b",
        sp(6), (192, 32), (192, 8), padded=(32, 192), padding=(0, 1), groups=8,
        depthwise_ntiles=2, config="weights_dtype = bfp8_b, act_block_h_override = 64",
    ),
    # 1D depthwise asking for activation reuse (batch 2 → NHW 64, override 64 → 1 core, 2-tile
    # act blocks > ceil(32/32)): the depthwise layout is never laid out for reuse, so the
    # same [8, 192, 1, 1] → block_h 6, rows 192 as without it.
    Conv(
        "depthwise_1d_reuse", (8, 1, 1, 3), "f32", 8, 8, 1, 32, (1, 3), "f32",
        sp(6), (192, 32), (192, 8), padded=(32, 192), padding=(0, 1), groups=8, batch=2,
        depthwise_ntiles=2, config="act_block_h_override = 64, enable_activation_reuse = true",
    ),
    # Automatic folding: stride = kernel = 2×2, 8 % 2 = 0, DRAM input without padding →
    # folded [16, 3·4 = 12, 1, 1], mm_conv (kernel == stride), auto_shard → interleaved MM:
    # rows round_up(12, 32) = 32, cols 32. f32 stays f32.
    Conv(
        "fold_auto", (16, 3, 2, 2), "f32", 3, 16, 8, 8, (2, 2), "f32",
        interleaved_mm, (32, 32), (12, 16), stride=(2, 2), fold_stride=(2, 2),
    ),
    # The same conv with enable_kernel_stride_folding = false: no fold, a 2×2 stride-2 HEIGHT
    # conv (OH 4, NHW 16 → 1 tile, 1 core); Cin_pad 32, act_block_w round_up(32·2, 32) = 64 →
    # block_h 2, rows 128, cols 32.
    Conv(
        "fold_disabled", (16, 3, 2, 2), "f32", 3, 16, 8, 8, (2, 2), "f32",
        sp(2), (128, 32), (12, 16), padded=(32, 32), stride=(2, 2),
        config="enable_kernel_stride_folding = false",
    ),
    # Automatic folding 4×4: [8, 2, 4, 4] → [8, 32, 1, 1] → interleaved MM 32×32.
    Conv(
        "fold_auto_4x4", (8, 2, 4, 4), "f32", 2, 8, 8, 8, (4, 4), "bfp8_b",
        interleaved_mm, (32, 32), (32, 8), stride=(4, 4), fold_stride=(4, 4),
        config="weights_dtype = bfp8_b",
    ),
    # Automatic folding is off for a padded TILE input in DRAM (semantics.md §3.3 step 3): a plain
    # stride-2 HEIGHT conv, OH = (8 + 4 − 1 − 1)//2 + 1 = 6, NHW 36 → 2 tiles, 2 cores,
    # act_block_h 1 tile; Cin_pad 32, act_block_w round_up(32·2, 32) = 64 → block_h 2, rows 128.
    Conv(
        "fold_auto_off_padded", (16, 3, 2, 2), "f32", 3, 16, 8, 8, (2, 2), "bf16",
        sp(2), (128, 32), (12, 16), padded=(32, 32), stride=(2, 2), padding=(2, 2),
        config="weights_dtype = bf16",
    ),
    # ... but on for the same conv with a ROW_MAJOR input in DRAM: [16, 12, 1, 1], mm_conv,
    # auto_shard → interleaved MM 32×32.
    Conv(
        "fold_auto_rm_padded", (16, 3, 2, 2), "f32", 3, 16, 8, 8, (2, 2), "f32",
        interleaved_mm, (32, 32), (12, 16), stride=(2, 2), padding=(2, 2),
        input_layout="row_major", fold_stride=(2, 2),
    ),
    # ... and on for a height-sharded L1 input even with padding ((8 + 2) % 2 = 0): the folded
    # 1×1 conv is an mm_conv, but its input is sharded in L1, so no interleaved MM: HEIGHT,
    # alignment 32 (mm_conv), Cin 12 → 32, act_block_w 32 → block_h 1, rows 32, cols 32.
    Conv(
        "fold_auto_l1_height", (16, 3, 2, 2), "bf16", 3, 16, 8, 8, (2, 2), "bf16",
        sp(1), (32, 32), (12, 16), padded=(32, 32), stride=(2, 2), padding=(1, 1),
        memory=L1_HEIGHT_TILE, fold_stride=(2, 2),
    ),
    # groups 2 then folding: [8,2,2,2] → grouped [8,4,2,2] → folded [8,16,1,1] → interleaved
    # MM: rows round_up(16, 32) = 32, cols 32.
    Conv(
        "grouped_fold", (8, 2, 2, 2), "bf16", 4, 8, 8, 8, (2, 2), "bf16",
        interleaved_mm, (32, 32), (16, 8), stride=(2, 2), groups=2, expand_groups=2,
        fold_stride=(2, 2),
    ),
    # Explicit folding of a 3×3 kernel with stride 2 (padded input 8 + 2 = 10, even):
    # [16,4,3,3] → [16, 16, 2, 2]; folded conv 5×5 input, 2×2 kernel, stride 1, OH = OW = 4,
    # not mm (3×3 ≠ 2×2) → HEIGHT: NHW 16 → 1 tile, 1 core; Cin_pad round_up(16, 32) = 32,
    # act_block_w round_up(32·2, 32) = 64 → block_h 2, rows 64·2 = 128; cols 32.
    Conv(
        "fold_explicit", (16, 4, 3, 3), "f32", 4, 16, 8, 8, (3, 3), "bf16",
        sp(2), (128, 32), (64, 16), padded=(32, 32), stride=(2, 2), padding=(1, 1),
        fold_stride=(2, 2),
        config="weights_dtype = bf16, enable_kernel_stride_folding = true",
    ),
    # A 1×1 conv (mm_conv) on a block-sharded L1 input: not interleaved MM (sharded, not
    # DRAM); BLOCK with channel padding off: alignment 32 (mm_conv), n_c_in = n_c_out =
    # common_divisor(ceil(64/32) = 2, ceil(40/32) = 2, 8) = 2; Cin_pad round_up(40, 64) = 64,
    # Cout_pad 64; iw 32, BHP round_up(32, 32) = 32 = iw → rows 64·1 = 64; ow 32 → cols 64.
    Conv(
        "block_mm_l1", (64, 40, 1, 1), "f32", 40, 64, 8, 8, (1, 1), "f32",
        lambda w: block_sharded(w, 2, 2, False), (64, 64), (40, 64), padded=(64, 64),
        memory=L1_BLOCK_TILE,
    ),
    # 13×10 grid, BLOCK, ROW_MAJOR input → align 8, Cin 96 → 12 blocks: row-major channel
    # axis grid.x = 13: n_c_in = with_padding(12, 13) = 12 (on 8×8 it would be 6),
    # n_c_out = with_padding(1, 13) = 1; Cin_pad round_up(96, 96) = 96, Cout_pad 32;
    # iw 8, BHP round_up(16, 32)·2 = 64 > iw·4 = 32 → rows 64·12 = 768; ow 32 → cols 32.
    # Bias width 32.
    Conv(
        "block_13x10_row", (8, 96, 2, 2), "f32", 96, 8, 8, 8, (2, 2), "bf16",
        lambda w: block_sharded(w, 12, 1, False), (768, 32), (384, 8), padded=(32, 96),
        input_layout="row_major", config="weights_dtype = bf16, shard_layout = block_sharded",
        bias_width=32, grid=(13, 10),
    ),
    # transpose_shards (COL_MAJOR): channel axis grid.y = 10: n_c_in = with_padding(12, 10)
    # = 6, n_c_out 1; iw 16, BHP round_up(32, 32)·2 = 64 = iw·4 → rows 96·4 = 384.
    Conv(
        "block_13x10_col", (8, 96, 2, 2), "f32", 96, 8, 8, 8, (2, 2), "bfp8_b",
        lambda w: block_sharded(w, 6, 1, False), (384, 32), (384, 8), padded=(32, 96),
        input_layout="row_major", memory=L1,
        config="weights_dtype = bfp8_b, shard_layout = block_sharded, transpose_shards = true",
        grid=(13, 10),
    ),
    # Row-major with full_inner_dim: (12, 1), iw 8, BHP round_up(32, 32) = 32 = iw·4 → rows
    # 96·4 = 384.
    Conv(
        "block_13x10_full", (8, 96, 2, 2), "bf16", 96, 8, 8, 8, (2, 2), "bf16",
        lambda w: block_sharded(w, 12, 1, True), (384, 32), (384, 8), padded=(32, 96),
        input_layout="row_major", config="shard_layout = block_sharded, full_inner_dim = true",
        grid=(13, 10),
    ),
]  # fmt: skip

BY_ID = {case.id: case for case in CASES}

# The bias of ResNet-50 layer1's 3×3 conv (examples/prepare_conv_weights.mlir), alone: HEIGHT,
# 56×56 → NHW 3136 = 98 tiles, nhw cores with_padding_and_mult(98, 64, 1) = 49, shard 64 rows
# → act_block_h 2 tiles; Cout_pad 64 → out width 2 → sub-block (2, 2) → bias width
# round_up(64, 64) = 64. (The weight's rows: Cin_pad 64, block_h 6 → 576.)
RESNET = Conv(
    "resnet_bias", (64, 64, 3, 3), "f32", 64, 64, 56, 56, (3, 3), "bf16",
    sp(6, 2), (576, 64), (576, 64), padded=(64, 64), padding=(1, 1),
    config="weights_dtype = bf16, shard_layout = height_sharded", bias_width=64,
)  # fmt: skip
BIAS_CASES = [case for case in CASES if case.bias_width is not None] + [RESNET]


def module_text(grid: tuple[int, int], body: list[str], arguments: list[str], results: list[str]):
    """A module on `grid` with @main(arguments) -> results holding `body`."""
    names = [r.split(":")[0].strip() for r in results]
    types = [r.split(":", 1)[1].strip() for r in results]
    lines = [
        f"module attributes {{ttnn.grid = array<i32: {grid[0]}, {grid[1]}>}} {{",
        f"  func.func @main({', '.join(arguments)}) -> ({', '.join(types)}) {{",
        *(f"    {line}" for line in body),
        f"    func.return {', '.join(names)} : {', '.join(types)}",
        "  }",
        "}",
    ]
    return "\n".join(lines) + "\n"


def weights_module(case: Conv) -> str:
    return module_text(
        case.grid,
        [case.weights_op("r", "w")],
        [f"%w: {host_type(case.weight, case.host)}"],
        [f"%r: {case.result_type}"],
    )


def bias_module(case: Conv) -> str:
    return module_text(
        case.grid,
        [case.bias_op("r", "b")],
        [f"%b: {host_type(case.bias_shape, case.host)}"],
        [f"%r: {case.bias_result_type}"],
    )


def weight_of(case: Conv) -> np.ndarray:
    return random_weight(case.weight, seed_of("e2e" + case.id))


def bias_of(case: Conv) -> np.ndarray:
    return random_weight(case.bias_shape, seed_of("e2e-bias" + case.id))


def check(result, matrix: np.ndarray, logical: tuple[int, ...], dtype: str) -> None:
    assert result.logical_shape == logical
    assert result.physical_shape == matrix.shape
    assert result.dtype.value == dtype
    assert result.layout.value == "tile"
    assert_same_bits(result.physical_to_numpy(), device_values(matrix, dtype))
    assert result.to_bytes() == device_bytes(matrix, dtype)


# ------------------------------------------------------------------------------------------
# Python API, one case at a time
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_prepare_conv_weights(case: Conv) -> None:
    w = weight_of(case)
    (result,) = run(weights_module(case), {"w": w})
    check(result, case.expected_matrix(w), (1, 1, *case.logical), case.dtype)


@pytest.mark.parametrize("case", BIAS_CASES, ids=lambda c: c.id)
def test_prepare_conv_bias(case: Conv) -> None:
    b = bias_of(case)
    (result,) = run(bias_module(case), {"b": b})
    check(result, case.expected_bias_matrix(b), case.bias_shape, case.dtype)


# semantics.md §3.7: where one weight element lands (row, col) in the physical matrix.
POSITIONS = [
    ("height_rm", (1, 2, 1, 0), (34, 1)),
    ("height_tile_l1", (1, 2, 1, 0), (98, 1)),
    # align 16: row 1·64 + 0·16 + 2 = 66
    ("height_rm_shard16", (1, 2, 1, 0), (66, 1)),
    ("width_spec", (40, 10, 2, 1), (458, 40)),
    ("block_rm", (40, 10, 2, 1), (170, 40)),
    ("block_rm_full", (40, 10, 2, 1), (154, 40)),
    # grouped [4,2,1,1], groups 2: W[3,1] is output 3 of group 1 → input channel 2·1 + 1 = 3
    ("grouped_mm_spec", (3, 1, 0, 0), (3, 3)),
]


@pytest.mark.parametrize(("case_id", "element", "position"), POSITIONS)
def test_spec_positions(case_id: str, element: tuple[int, ...], position: tuple[int, int]) -> None:
    case = BY_ID[case_id]
    w = np.zeros(case.weight, dtype=np.float32)
    w[element] = 1.5
    (result,) = run(weights_module(case), {"w": w})
    found = [tuple(int(x) for x in p[2:]) for p in np.argwhere(result.physical_to_numpy())]
    assert found == [position]


@pytest.mark.parametrize("case_id", ["height_rm", "block_13x10_col"])
def test_python_constructors(case_id: str) -> None:
    """The prepare ops built with their Python constructors infer the hand-written result
    types and give the same values."""
    case = BY_ID[case_id]
    host = DataType.FLOAT32 if case.host == "f32" else DataType.BFLOAT16
    dtype = {"f32": DataType.FLOAT32, "bf16": DataType.BFLOAT16, "bfp8_b": DataType.BFLOAT8_B}
    parameters = {
        "in_channels": case.in_channels,
        "out_channels": case.out_channels,
        "batch_size": case.batch,
        "input_height": case.height,
        "input_width": case.width,
        "kernel_size": case.kernel,
        "stride": case.stride,
        "padding": case.padding,
        "groups": case.groups,
        "input_layout": Layout(case.input_layout),
        "input_memory_config": MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.INTERLEAVED),
        "conv_config": Conv2dConfigAttr(
            weights_dtype=dtype[case.dtype],
            shard_layout=TensorMemoryLayout.BLOCK_SHARDED
            if "block" in case_id
            else TensorMemoryLayout.HEIGHT_SHARDED,
            transpose_shards=True if "col" in case_id else None,
        ),
        "grid": case.grid,
    }
    block = Block(
        arg_types=[
            tensor_type(case.weight, host, None),
            tensor_type(case.bias_shape, host, None),
        ]
    )
    weights = PrepareConvWeightsOp(block.args[0], **parameters)
    bias = PrepareConvBiasOp(block.args[1], **parameters)
    block.add_ops([weights, bias, func.ReturnOp(weights.result, bias.result)])
    function = func.FuncOp(
        "main",
        ([a.type for a in block.args], [weights.result.type, bias.result.type]),
        Region(block),
    )
    module = ModuleOp([function])
    if case.grid != (8, 8):
        module.attributes["ttnn.grid"] = DenseArrayBase.from_list(i32, case.grid)
    assert str(weights.result.type) == case.result_type
    w, b = weight_of(case), bias_of(case)
    result_w, result_b = run(module, {0: w, 1: b})
    check(result_w, case.expected_matrix(w), (1, 1, *case.logical), case.dtype)
    if case.bias_width is not None:
        check(result_b, case.expected_bias_matrix(b), case.bias_shape, case.dtype)


# ------------------------------------------------------------------------------------------
# ttnn-run: every case of a grid in one module, --output and --raw-output
# ------------------------------------------------------------------------------------------


def grid_module(grid: tuple[int, int]) -> tuple[str, list[tuple[str, Conv, str]]]:
    """All cases (weights and biases) of `grid` as the results of one @main; returns the
    text and, per result, (kind, case, argument name)."""
    body, arguments, results, order = [], [], [], []
    for case in [*CASES, RESNET]:
        if case.grid != grid:
            continue
        if case is not RESNET:
            body.append(case.weights_op(f"r_{case.id}", f"w_{case.id}"))
            arguments.append(f"%w_{case.id}: {host_type(case.weight, case.host)}")
            results.append(f"%r_{case.id}: {case.result_type}")
            order.append(("weight", case, f"w_{case.id}"))
        if case.bias_width is not None:
            body.append(case.bias_op(f"rb_{case.id}", f"b_{case.id}"))
            arguments.append(f"%b_{case.id}: {host_type(case.bias_shape, case.host)}")
            results.append(f"%rb_{case.id}: {case.bias_result_type}")
            order.append(("bias", case, f"b_{case.id}"))
    return module_text(grid, body, arguments, results), order


@pytest.mark.parametrize("grid", [(8, 8), (13, 10)], ids=lambda g: dims(g))
def test_ttnn_run(grid: tuple[int, int], tmp_path: Path) -> None:
    text, order = grid_module(grid)
    source = tmp_path / "prepare.mlir"
    source.write_text(text)
    command = [TTNN_RUN, str(source)]
    expected = []
    for kind, case, name in order:
        value = weight_of(case) if kind == "weight" else bias_of(case)
        path = tmp_path / f"{name}.npy"
        np.save(path, value)
        command += ["--input", f"{name}={path}"]
        if kind == "weight":
            expected.append((case.expected_matrix(value), case.dtype))
        else:
            expected.append((case.expected_bias_matrix(value), case.dtype))
    command += ["--output", str(tmp_path / "out.npz"), "--raw-output", str(tmp_path / "raw")]
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    # Each result is named after its returned value (%r_ID, %rb_ID), and stored once.
    returned = [("r_" if kind == "weight" else "rb_") + case.id for kind, case, _ in order]
    with zipfile.ZipFile(tmp_path / "out.npz") as archive:
        names = sorted(archive.namelist())
        assert names == sorted(f"{name}.npy" for name in returned)
        outputs = {n: np.load(io.BytesIO(archive.read(n))) for n in names}
    assert sorted(os.listdir(tmp_path / "raw")) == sorted(f"{name}.bin" for name in returned)
    for k, ((matrix, dtype), (_, case, _)) in enumerate(zip(expected, order, strict=True)):
        values = outputs[f"{returned[k]}.npy"]
        assert values.dtype == np.float32, case.id
        assert_same_bits(values, device_values(matrix, dtype))
        raw = (tmp_path / "raw" / f"{returned[k]}.bin").read_bytes()
        assert raw == device_bytes(matrix, dtype), case.id

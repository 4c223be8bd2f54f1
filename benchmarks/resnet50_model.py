"""A vectorized NumPy model of ResNet-50's prepared conv weights and biases: the reference the
`make bench` ResNet-50 row compares the interpreter with.

It reads from the decomposed IR (`ttnn-decompose`) which layout each conv gets and with which
parameters, then builds each prepared tensor with a handful of whole-array NumPy operations
— channel padding, one strided assignment of the transposed weight into the zero matrix
(semantics.md §3.6), then `formats.tilize` / `formats.to_tile_data` — with no IR, no loops
over kernel taps or tiles. `make bench` checks that it gives the interpreter's bytes.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from ttnn_xdsl.core.shapes import TILE_SIZE, round_up
from ttnn_xdsl.dialect.conv_layout_ops import (
    ConvBiasLayoutOp,
    ConvWeightsBlockShardedLayoutOp,
    ConvWeightsSpecialPaddingLayoutOp,
)
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.tensor_formats import formats

Prepare = Callable[[np.ndarray], np.ndarray]


def _tiles(matrix: np.ndarray, dtype: formats.DataType) -> np.ndarray:
    """The TILE data of a row-major [rows, cols] matrix as the function's result holds it:
    tile grid [1, 1, rows/32, cols/32]."""
    matrix = matrix[None, None]
    if matrix.dtype == formats.BFLOAT16 and dtype == formats.DataType.BFLOAT16:
        return formats.tilize(matrix)
    return formats.to_tile_data(matrix, dtype)


def _padded(weight: np.ndarray, out_channels: int, in_channels: int) -> np.ndarray:
    o, i, _, _ = weight.shape
    if (o, i) == (out_channels, in_channels):
        return weight
    padded = np.zeros((out_channels, in_channels, *weight.shape[2:]), weight.dtype)
    padded[:o, :i] = weight
    return padded


def special_padding(op: ConvWeightsSpecialPaddingLayoutOp) -> Prepare:
    """semantics.md §3.6.2: M[r·BH + s·I + i, o] (M[(r·KW + s)·I + i, o] with reuse)."""
    result = tensor_info(op.result.type)
    rows, cols = result.physical_shape[-2:]
    block_rows = op.value_of("block_h") * TILE_SIZE

    def prepare(weight: np.ndarray) -> np.ndarray:
        out_channels, in_channels = op.padded_channels(weight.shape)
        weight = _padded(weight, out_channels, in_channels)
        kernel_height, kernel_width = weight.shape[2:]
        taps = weight.transpose(2, 3, 1, 0)  # [r, s, i, o]
        matrix = np.zeros((rows, cols), weight.dtype)
        if op.value_of("enable_activation_reuse"):
            matrix[: kernel_height * kernel_width * in_channels, :out_channels] = taps.reshape(
                -1, out_channels
            )
        else:
            by_kernel_row = matrix[: kernel_height * block_rows].reshape(
                kernel_height, block_rows, cols
            )
            by_kernel_row[:, : kernel_width * in_channels, :out_channels] = taps.reshape(
                kernel_height, kernel_width * in_channels, out_channels
            )
        return _tiles(matrix, result.dtype)

    return prepare


def block_sharded(op: ConvWeightsBlockShardedLayoutOp) -> Prepare:
    """semantics.md §3.6.4: M[ic·BHP + rowoff, oc·owp + k] = W[oc·ow + k, ic·iw + c, r, s]."""
    result = tensor_info(op.result.type)
    rows, cols = result.physical_shape[-2:]
    in_shards, out_shards = op.value_of("in_shards"), op.value_of("out_shards")
    full_inner = op.value_of("full_inner_dim")

    def prepare(weight: np.ndarray) -> np.ndarray:
        out_channels, in_channels = op.padded_channels(weight.shape)
        weight = _padded(weight, out_channels, in_channels)
        kernel_height, kernel_width = weight.shape[2:]
        shard_out, shard_in = out_channels // out_shards, in_channels // in_shards
        shard_cols = round_up(shard_out, TILE_SIZE)
        kernel_row_rows = (
            kernel_width * shard_in if full_inner else round_up(shard_in * kernel_width, TILE_SIZE)
        )
        block_height = (
            round_up(shard_in * kernel_height * kernel_width, TILE_SIZE)
            if full_inner
            else kernel_row_rows * kernel_height
        )
        assert cols == out_shards * shard_cols and block_height == kernel_row_rows * kernel_height
        # [oc, k, ic, c, r, s] → [ic, r, s, c, oc, k]
        blocks = weight.reshape(
            out_shards, shard_out, in_shards, shard_in, kernel_height, kernel_width
        ).transpose(2, 4, 5, 3, 0, 1)
        matrix = np.zeros((rows, cols), weight.dtype)
        target = matrix[: in_shards * block_height].reshape(
            in_shards, kernel_height, kernel_row_rows, out_shards, shard_cols
        )
        target[:, :, : kernel_width * shard_in, :, :shard_out] = blocks.reshape(
            in_shards, kernel_height, kernel_width * shard_in, out_shards, shard_out
        )
        return _tiles(matrix, result.dtype)

    return prepare


def bias(op: ConvBiasLayoutOp) -> Prepare:
    """semantics.md §3.4: row 0 of a zero [32, width] matrix."""
    result = tensor_info(op.result.type)
    width = op.value_of("width")

    def prepare(values: np.ndarray) -> np.ndarray:
        matrix = np.zeros((TILE_SIZE, width), values.dtype)
        matrix[0, : values.shape[-1]] = values.reshape(-1)
        return _tiles(matrix, result.dtype)

    return prepare


def model(decomposed: ModuleOp) -> list[Prepare]:
    """One function per result of `@main` of the decomposed ResNet-50 module (a prepared
    weight then its bias, for each conv in call order), each taking the matching argument
    of `@main`. Only the layouts ResNet-50 uses (HEIGHT special padding, BLOCK sharded)."""
    functions = {op.sym_name.data: op for op in decomposed.walk() if isinstance(op, func.FuncOp)}
    preparations: list[Prepare] = []
    for call in functions["main"].walk():
        if not isinstance(call, func.CallOp):
            continue
        callee = functions[call.callee.string_value()]
        for op in callee.walk():
            if isinstance(op, ConvWeightsSpecialPaddingLayoutOp):
                weight = special_padding(op)
            elif isinstance(op, ConvWeightsBlockShardedLayoutOp):
                weight = block_sharded(op)
            elif isinstance(op, ConvBiasLayoutOp):
                prepared_bias = bias(op)
        preparations += [weight, prepared_bias]
    return preparations


def run_model(preparations: list[Prepare], arguments: list[np.ndarray]) -> list[np.ndarray]:
    """The prepared tensors' data, from `@main`'s arguments (the weights' and biases' data)."""
    return [prepare(argument) for prepare, argument in zip(preparations, arguments, strict=True)]


__all__ = ["model", "run_model"]

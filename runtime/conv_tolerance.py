"""How far a conv computed from a prepared weight may be from the float64 reference conv on the
original weight (docs/semantics.md §9.9): the numerics a conv runs in (`ConvNumerics`, TT-NN
0.81.1's defaults by `default_conv_numerics`) and the bound per output element (`tolerance`).

The bound follows §9.7's steps: the weight (and bias) rounded to the prepared dtype, the
float32 sums within a K block (one float32 rounding per product), then one rounding of a value
no larger than Σ|a·w| + |b| for each of the act tilize, DEST after each K block, the partials
stored between K blocks, the bias and the output."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ttnn_xdsl.conv.conv_l1_decisions import default_fp32_dest_accumulation
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.runtime.weight_check import bfloat8_b_bias_step, bfloat8_b_steps

UNIT_ROUNDOFF = {DataType.FLOAT32: 2.0**-24, DataType.BFLOAT16: 2.0**-8}
"""The most a round to nearest moves a value, relative to it: half an ulp (float32: 24
significant bits, bfloat16: 8)."""

PREPARED_ABOVE_ORIGINAL = 1 + 2.0**-6
"""A prepared weight's magnitude is at most one bfloat8_b step (2⁻⁶ of its block's largest
value) above the original's: Σ|a·w| on the original, times this, bounds it on the prepared."""


@dataclass(frozen=True)
class ConvNumerics:
    """What a conv computes in: the activation's dtype (what the halo's sticks hold), the output
    dtype (the act tilize rounds the activation to it) and DEST (float32 with
    `fp32_dest_acc_en`, else bfloat16). HiFi4, no packer L1 accumulation."""

    input_dtype: DataType
    output_dtype: DataType
    fp32_dest_acc_en: bool

    @property
    def dest_dtype(self) -> DataType:
        return DataType.FLOAT32 if self.fp32_dest_acc_en else DataType.BFLOAT16

    @property
    def unit_roundoff(self) -> float:
        """The coarsest of the output dtype's and DEST's roundings (the partials are stored in
        one of the two)."""
        return max(UNIT_ROUNDOFF[self.output_dtype], UNIT_ROUNDOFF[self.dest_dtype])

    def describe(self) -> str:
        return f"{self.output_dtype.value} output, {self.dest_dtype.value} DEST"


def default_conv_numerics(input_dtype: DataType, weights_dtype: DataType) -> ConvNumerics:
    """TT-NN 0.81.1's conv2d without `dtype` and `compute_config`: the output in the input's
    dtype; `get_conv_default_compute_kernel_config`: HiFi4, `fp32_dest_acc_en` only for a
    float32 input with float32 weights, no packer L1 accumulation."""
    fp32_dest = default_fp32_dest_accumulation(input_dtype, weights_dtype)
    return ConvNumerics(input_dtype, input_dtype, fp32_dest)


def weight_rounding(weight: np.ndarray, dtype: DataType) -> np.ndarray:
    """Per OIHW element, the most its rounding to the prepared dtype moves it: float32 none,
    bfloat16 half an ulp (≤ 2⁻⁸·|w|), bfloat8_b one step of the largest block it can share
    an exponent with (`weight_check.bfloat8_b_steps`)."""
    if dtype == DataType.BFLOAT16:
        return np.abs(weight) * UNIT_ROUNDOFF[DataType.BFLOAT16]
    if dtype == DataType.BFLOAT8_B:
        return np.ascontiguousarray(bfloat8_b_steps(weight))
    return np.zeros_like(weight)


def bias_rounding(bias: np.ndarray, dtype: DataType) -> np.ndarray:
    """As `weight_rounding`, for the bias values (bfloat8_b: one step of the largest)."""
    if dtype == DataType.BFLOAT16:
        return np.abs(bias) * UNIT_ROUNDOFF[DataType.BFLOAT16]
    if dtype == DataType.BFLOAT8_B:
        return np.full_like(bias, bfloat8_b_bias_step(bias))
    return np.zeros_like(bias)


def tolerance(
    activation: np.ndarray,
    weight: np.ndarray,
    bias: np.ndarray | None,
    params: Conv2dParameters,
    weights_dtype: DataType,
    numerics: ConvNumerics,
    k_blocks: int,
) -> np.ndarray:
    """The bound on |conv − reference| per output element `[1, 1, N·OH·OW, Cout]`, for the
    conv `params` of the NHWC `activation` (its values as the conv gets them), the original
    OIHW `weight` and bias values, prepared in `weights_dtype`:

        Σ|a|·δw + δb + ((2·K + 3)·u + L·2⁻²⁴)·(Σ|a|·|w| + |b|)·(1 + 2⁻⁶)

    δw, δb: the weight's and bias's rounding (`weight_rounding`); K the K blocks; u the
    numerics' unit roundoff, once for the act tilize, twice per K block (DEST, the stored
    partials), once for the bias and once for the output; L the products an output element
    sums (KH·KW·Cin/groups), each sum of the float32 matmul rounding once."""
    geometry = dict(
        stride=params.stride,
        padding=params.padding,
        dilation=params.dilation,
        groups=params.groups,
    )
    magnitude = np.abs(np.asarray(activation, dtype=np.float64))
    weight = np.asarray(weight, dtype=np.float64)
    rounding = reference_conv2d(magnitude, weight_rounding(weight, weights_dtype), **geometry)  # type: ignore[arg-type]
    scale = reference_conv2d(magnitude, np.abs(weight), **geometry)  # type: ignore[arg-type]
    if bias is not None:
        values = np.asarray(bias, dtype=np.float64).reshape(-1)
        rounding = rounding + bias_rounding(values, weights_dtype)
        scale = scale + np.abs(values)
    roundings = 2 * k_blocks + 3
    kernel_h, kernel_w = weight.shape[2:]
    products = kernel_h * kernel_w * weight.shape[1]
    relative = roundings * numerics.unit_roundoff + products * UNIT_ROUNDOFF[DataType.FLOAT32]
    return rounding + relative * scale * PREPARED_ABOVE_ORIGINAL

"""A plain conv2d in float64 on the original OIHW weight: what a prepared weight must compute.

It knows nothing of TT-NN's layouts, blocks or cores; `conv_consumption` reads the prepared
weight the way TT-NN 0.81.1's kernels do, and the weight check (`runtime.weight_check`) holds
the two against each other (docs/semantics.md §9)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ttnn_xdsl.conv.conv_parameters import expand_padding, output_extent


def reference_conv2d(
    activation: np.ndarray,
    weight: np.ndarray,
    *,
    stride: Sequence[int] = (1, 1),
    padding: Sequence[int] = (0, 0),
    dilation: Sequence[int] = (1, 1),
    groups: int = 1,
    bias: np.ndarray | None = None,
) -> np.ndarray:
    """The conv of an NHWC `activation` [N, H, W, Cin] with an OIHW `weight`
    [Cout, Cin/groups, KH, KW], zero padding ([ph, pw] or [top, bottom, left, right]), in
    float64, as TT-NN lays its output out: `[1, 1, N·OH·OW, Cout]`, pixel m = (n·OH + oh)·OW + ow.
    `bias` is any array of Cout values. One batched matmul per kernel tap (im2col by taps)."""
    x = np.asarray(activation, dtype=np.float64)
    w = np.asarray(weight, dtype=np.float64)
    batch, height, width, in_channels = x.shape
    out_channels, group_in, kh, kw = w.shape
    if in_channels != group_in * groups or out_channels % groups:
        raise ValueError(
            f"reference_conv2d: activation channels {in_channels}, weight {list(w.shape)} and "
            f"groups {groups} do not fit together"
        )
    top, bottom, left, right = expand_padding(padding)
    sh, sw = stride
    dh, dw = dilation
    oh = output_extent(height, top + bottom, kh, sh, dh)
    ow = output_extent(width, left + right, kw, sw, dw)
    padded = np.zeros((batch, height + top + bottom, width + left + right, in_channels))
    padded[:, top : top + height, left : left + width, :] = x
    group_out = out_channels // groups
    # [KH, KW, g, Ig, Og]: each tap's and group's weight as a matmul operand.
    grouped = w.reshape(groups, group_out, group_in, kh, kw).transpose(3, 4, 0, 2, 1)
    pixels = batch * oh * ow
    depthwise = group_in == group_out == 1
    # A depthwise conv's per-group matmuls are 1×1: NumPy runs them as a slow loop over the
    # groups, so its taps are multiplied elementwise instead — the same float64 sums (a 1×1
    # matmul's value is the product, added to the running sum in the same tap order).
    out = np.zeros((pixels, groups) if depthwise else (groups, pixels, group_out))
    for r in range(kh):
        for s in range(kw):
            rows = slice(r * dh, r * dh + sh * (oh - 1) + 1, sh)
            cols = slice(s * dw, s * dw + sw * (ow - 1) + 1, sw)
            tap = padded[:, rows, cols, :].reshape(pixels, in_channels)
            if depthwise:
                out += tap * w[:, 0, r, s]
                continue
            tap_groups = tap.reshape(pixels, groups, group_in).transpose(1, 0, 2)
            out += np.matmul(tap_groups, grouped[r, s])  # [g, M, Ig] @ [g, Ig, Og]
    result = out if depthwise else out.transpose(1, 0, 2).reshape(pixels, out_channels)
    if bias is not None:
        result = result + np.asarray(bias, dtype=np.float64).reshape(out_channels)
    return result.reshape(1, 1, pixels, out_channels)

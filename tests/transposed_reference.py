"""The transposed conv by PyTorch's definition (ConvTranspose2d, groups 1, dilation 1), written
here as a scatter: the reference `tests/test_ttnn_api_conv.py` and
`tests/test_tt_mlir_conv2d.py` hold conv_transpose2d to, independent of its equivalent conv2d."""

from __future__ import annotations

import numpy as np


def transposed_reference(
    activation: np.ndarray,
    weight: np.ndarray,
    stride: tuple[int, int],
    padding: tuple[int, int],
    output_padding: tuple[int, int],
) -> np.ndarray:
    """PyTorch's ConvTranspose2d (groups 1, dilation 1) by its definition: each input pixel
    scatters `x[n, ih, iw] · W[:, :, kh, kw]` to output (ih·s + kh − p, iw·s + kw − p);
    the output [1, 1, N·OH·OW, Cout] with OH = (H − 1)·s − 2p + K + output_padding."""
    batch, height, width, _ = activation.shape
    _, out_channels, kernel_h, kernel_w = weight.shape
    out_h = (height - 1) * stride[0] - 2 * padding[0] + kernel_h + output_padding[0]
    out_w = (width - 1) * stride[1] - 2 * padding[1] + kernel_w + output_padding[1]
    full = np.zeros(
        (batch, out_h + 2 * padding[0] + kernel_h, out_w + 2 * padding[1] + kernel_w, out_channels)
    )
    x = activation.astype(np.float64)
    for ih in range(height):
        for iw in range(width):
            for kh in range(kernel_h):
                for kw in range(kernel_w):
                    full[:, ih * stride[0] + kh, iw * stride[1] + kw] += (
                        x[:, ih, iw] @ weight[:, :, kh, kw]
                    )
    cropped = full[:, padding[0] : padding[0] + out_h, padding[1] : padding[1] + out_w]
    return cropped.reshape(1, 1, -1, out_channels)

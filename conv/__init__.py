"""The preparation of conv weights as pure Python, with no IR: the parameters of a prepare op
(`conv_parameters`), TT-NN's core-split searches (`divisors`), the resolution of
docs/semantics.md §3.3–3.5 (`conv_resolution.resolve_conv_weights` → `ConvWeightsPlan`, one
step per module: `conv_form`, `conv_l1_decisions` with TT-NN's L1 model `conv_l1_model` and its
DRAM slicing `conv_slicing`, `conv_sharding`, `conv_weight_layout`), a conv_transpose2d's
preparation as that of its equivalent conv2d (`conv_transpose`, its slices
`conv_transpose_slicing`, docs/semantics.md §7) and the geometry of each weight layout
(`conv_layout_geometry`). The dialect's ops and passes call these; they import only
`ttnn_xdsl.core`."""

from ttnn_xdsl.conv.conv_parameters import (
    Conv2dConfig,
    Conv2dParameters,
    Conv2dSliceConfig,
    InputMemoryConfig,
)
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan, resolve_conv_weights
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    ConvTranspose2dPlan,
    resolve_conv_transpose2d_bias,
    resolve_conv_transpose2d_weights,
)
from ttnn_xdsl.conv.conv_weight_layout import WeightLayoutKind

__all__ = [
    "Conv2dConfig",
    "Conv2dParameters",
    "Conv2dSliceConfig",
    "ConvTranspose2dParameters",
    "ConvTranspose2dPlan",
    "ConvWeightsPlan",
    "InputMemoryConfig",
    "WeightLayoutKind",
    "resolve_conv_transpose2d_bias",
    "resolve_conv_transpose2d_weights",
    "resolve_conv_weights",
]

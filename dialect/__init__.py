"""The IR layer: the `ttnn`, `tile` and `ttcore` dialects (and tt-mlir's constructs), built on
the pure conv resolution of `ttnn_xdsl.conv` and the plain facts of `ttnn_xdsl.core`.

- `types`, `attributes`, `tensor_types`: `!ttnn.bfp8_b`, the `#ttnn.*` attributes, reading
  tensor types;
- `operation` (op base), `keyword_properties` (the `key = value` syntax),
  `prepare_op_properties` (the one declaration of the prepare ops' properties), `assign_bw`,
  `conversion_ops` (typecast, to_layout), `prepare_ops`, `conv_layout_ops`: the ttnn operations;
  `ttnn` and `tile`: the two dialects; `context`: `make_context`; `builders`: functions and
  modules from Python;
- `tt_mlir`, `tt_mlir_attributes`, `ttcore`, `tt_mlir_names`: tt-mlir's TTNN IR as the project
  reads and writes it (`import-tt-mlir`, `export-tt-mlir`).

The names below are re-exported for convenience (enums, errors and the resolution from `core`
and `conv`)."""

from ttnn_xdsl.conv.conv_parameters import (
    Conv2dConfig,
    Conv2dParameters,
    Conv2dSliceConfig,
    InputMemoryConfig,
)
from ttnn_xdsl.conv.conv_resolution import (
    ConvWeightsPlan,
    resolve_conv_weights,
)
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    ConvTranspose2dPlan,
    resolve_conv_transpose2d_bias,
    resolve_conv_transpose2d_weights,
)
from ttnn_xdsl.core.enums import (
    BufferType,
    DataType,
    Layout,
    MathFidelity,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import (
    ConvConfigError,
    TensorTypeError,
    TTNNError,
)
from ttnn_xdsl.core.shapes import (
    TILE_SIZE,
    tile_padded_shape,
)
from ttnn_xdsl.dialect.assign_bw import (
    AssignBwOp,
)
from ttnn_xdsl.dialect.attributes import (
    BufferTypeAttr,
    Conv2dConfigAttr,
    Conv2dSliceConfigAttr,
    DataTypeAttr,
    DeviceComputeKernelConfigAttr,
    LayoutAttr,
    MathFidelityAttr,
    MemoryConfigAttr,
    PaddingModeAttr,
    ShardOrientationAttr,
    ShardSpecAttr,
    TensorLayoutAttr,
    TensorMemoryLayoutAttr,
)
from ttnn_xdsl.dialect.builders import (
    build_function,
    build_module,
)
from ttnn_xdsl.dialect.context import (
    TTNNContext,
    make_context,
    register_dialects,
)
from ttnn_xdsl.dialect.conv2d_ops import Conv2dOp, ConvTranspose2dOp
from ttnn_xdsl.dialect.conv_layout_ops import (
    ConvBiasLayoutOp,
    ConvWeightsBlockShardedLayoutOp,
    ConvWeightsDepthwiseLayoutOp,
    ConvWeightsFoldKernelStrideOp,
    ConvWeightsGroupedLayoutOp,
    ConvWeightsInterleavedMMLayoutOp,
    ConvWeightsIOHWToOIHWOp,
    ConvWeightsMirrorKernelOp,
    ConvWeightsSpecialPaddingLayoutOp,
    ConvWeightsTiledLayoutOp,
)
from ttnn_xdsl.dialect.conversion_ops import (
    ToLayoutOp,
    TypecastOp,
)
from ttnn_xdsl.dialect.prepare_ops import (
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
)
from ttnn_xdsl.dialect.tensor_types import (
    TensorInfo,
    tensor_info,
    tensor_type,
)
from ttnn_xdsl.dialect.tile import (
    TILE,
)
from ttnn_xdsl.dialect.tt_mlir import (
    GetDeviceOp,
    PrepareConv2dBiasOp,
    PrepareConv2dWeightsOp,
    TTMLIRPrepareConvTranspose2dBiasOp,
    TTMLIRPrepareConvTranspose2dWeightsOp,
    TTNNLayoutAttr,
)
from ttnn_xdsl.dialect.ttcore import (
    TTCORE,
)
from ttnn_xdsl.dialect.ttnn import (
    TTNN,
)
from ttnn_xdsl.dialect.types import (
    BFloat8BType,
    bfp8_b,
)

__all__ = [
    "TILE",
    "TILE_SIZE",
    "TTCORE",
    "TTNN",
    "AssignBwOp",
    "BFloat8BType",
    "BufferType",
    "BufferTypeAttr",
    "Conv2dConfig",
    "Conv2dConfigAttr",
    "Conv2dOp",
    "Conv2dParameters",
    "Conv2dSliceConfig",
    "Conv2dSliceConfigAttr",
    "ConvBiasLayoutOp",
    "ConvConfigError",
    "ConvTranspose2dOp",
    "ConvTranspose2dParameters",
    "ConvTranspose2dPlan",
    "ConvWeightsBlockShardedLayoutOp",
    "ConvWeightsDepthwiseLayoutOp",
    "ConvWeightsFoldKernelStrideOp",
    "ConvWeightsGroupedLayoutOp",
    "ConvWeightsIOHWToOIHWOp",
    "ConvWeightsInterleavedMMLayoutOp",
    "ConvWeightsMirrorKernelOp",
    "ConvWeightsPlan",
    "ConvWeightsSpecialPaddingLayoutOp",
    "ConvWeightsTiledLayoutOp",
    "DataType",
    "DataTypeAttr",
    "DeviceComputeKernelConfigAttr",
    "GetDeviceOp",
    "InputMemoryConfig",
    "Layout",
    "LayoutAttr",
    "MathFidelity",
    "MathFidelityAttr",
    "MemoryConfigAttr",
    "PaddingModeAttr",
    "PrepareConv2dBiasOp",
    "PrepareConv2dWeightsOp",
    "PrepareConvBiasOp",
    "PrepareConvTranspose2dBiasOp",
    "PrepareConvTranspose2dWeightsOp",
    "PrepareConvWeightsOp",
    "ShardOrientation",
    "ShardOrientationAttr",
    "ShardSpecAttr",
    "TTMLIRPrepareConvTranspose2dBiasOp",
    "TTMLIRPrepareConvTranspose2dWeightsOp",
    "TTNNContext",
    "TTNNError",
    "TTNNLayoutAttr",
    "TensorInfo",
    "TensorLayoutAttr",
    "TensorMemoryLayout",
    "TensorMemoryLayoutAttr",
    "TensorTypeError",
    "ToLayoutOp",
    "TypecastOp",
    "bfp8_b",
    "build_function",
    "build_module",
    "make_context",
    "register_dialects",
    "resolve_conv_transpose2d_bias",
    "resolve_conv_transpose2d_weights",
    "resolve_conv_weights",
    "tensor_info",
    "tensor_type",
    "tile_padded_shape",
]

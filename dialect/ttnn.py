"""The `ttnn` dialect: TT-NN tensor types, attributes and operations, gathered from the
modules that define them:

- `types.py` — `!ttnn.bfp8_b`;
- `attributes.py` — `#ttnn.layout`, `#ttnn.memory_config`, `#ttnn.tensor_layout`, …;
- `assign_bw.py` — `assign_bw`; `conversion_ops.py` — `typecast`, `to_layout`;
- `prepare_ops.py` — `prepare_conv_weights`, `prepare_conv_bias`,
  `prepare_conv_transpose2d_weights`, `prepare_conv_transpose2d_bias`;
- `conv_layout_ops.py` — the conv layout ops `ttnn-decompose` produces;
- `conv2d_ops.py` — `conv2d_consume`, a conv computed from a prepared weight;
- `tt_mlir.py`, `tt_mlir_attributes.py` — tt-mlir's own constructs the project reads and
  writes (`ttnn.get_device`, `!ttnn.device`, `ttnn.prepare_conv2d_weights` / `_bias`,
  `ttnn.prepare_conv_transpose2d_weights` / `_bias`,
  the bookkeeping around const-eval functions — `ttnn.deallocate`, `to_device`,
  `from_device`, `to_memory_config`, `to_dtype`, `reshape`, `permute` and, told apart from
  the project's ops of the same names, tt-mlir's `to_layout` and `typecast` —,
  `#ttnn.ttnn_layout`, `#ttnn.core_range_set`, …).

Types and attributes follow tt-mlir's TTNN spellings:

    tensor<64x64x3x3xf32>                                      host tensor, row-major
    tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>          TILE, DRAM interleaved
    tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>  bfloat8_b (TILE only)
    tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>

Every operation parameter is a property, so the generic form always parses; every operation
also has a readable custom form. Verifier messages follow MLIR's `'op.name' op message`.
"""

from __future__ import annotations

from xdsl.ir import Dialect

from ttnn_xdsl.dialect.assign_bw import AssignBwOp
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
from ttnn_xdsl.dialect.conv2d_ops import Conv2dOp, ConvConsumeOp, ConvTranspose2dOp, ZeroStuffOp
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
from ttnn_xdsl.dialect.conversion_ops import ToLayoutOp, TypecastOp
from ttnn_xdsl.dialect.prepare_ops import (
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
)
from ttnn_xdsl.dialect.tt_mlir import (
    DeallocateOp,
    DeviceType,
    FromDeviceOp,
    GetDeviceOp,
    PermuteOp,
    PrepareConv2dBiasOp,
    PrepareConv2dWeightsOp,
    ReshapeOp,
    ToDeviceOp,
    ToDtypeOp,
    ToMemoryConfigOp,
    TTNNLayoutAttr,
)
from ttnn_xdsl.dialect.tt_mlir_attributes import (
    CoreRangeAttr,
    CoreRangeSetAttr,
    MeshOffsetAttr,
    MeshShapeAttr,
    UnaryWithParamAttr,
)
from ttnn_xdsl.dialect.types import BFloat8BType

__all__ = ["TTNN"]

TTNN = Dialect(
    "ttnn",
    [
        AssignBwOp,
        PrepareConvWeightsOp,
        PrepareConvBiasOp,
        PrepareConvTranspose2dWeightsOp,
        PrepareConvTranspose2dBiasOp,
        ConvWeightsInterleavedMMLayoutOp,
        ConvWeightsSpecialPaddingLayoutOp,
        ConvWeightsTiledLayoutOp,
        ConvWeightsBlockShardedLayoutOp,
        ConvWeightsGroupedLayoutOp,
        ConvWeightsDepthwiseLayoutOp,
        ConvWeightsFoldKernelStrideOp,
        ConvWeightsIOHWToOIHWOp,
        ConvWeightsMirrorKernelOp,
        ConvBiasLayoutOp,
        Conv2dOp,
        ConvConsumeOp,
        ZeroStuffOp,
        ConvTranspose2dOp,
        TypecastOp,
        ToLayoutOp,
        GetDeviceOp,
        PrepareConv2dWeightsOp,
        PrepareConv2dBiasOp,
        DeallocateOp,
        ToDeviceOp,
        FromDeviceOp,
        ToMemoryConfigOp,
        ToDtypeOp,
        ReshapeOp,
        PermuteOp,
    ],
    [
        BFloat8BType,
        LayoutAttr,
        BufferTypeAttr,
        TensorMemoryLayoutAttr,
        ShardOrientationAttr,
        DataTypeAttr,
        MathFidelityAttr,
        PaddingModeAttr,
        ShardSpecAttr,
        Conv2dConfigAttr,
        DeviceComputeKernelConfigAttr,
        MemoryConfigAttr,
        TensorLayoutAttr,
        Conv2dSliceConfigAttr,
        DeviceType,
        TTNNLayoutAttr,
        CoreRangeAttr,
        CoreRangeSetAttr,
        UnaryWithParamAttr,
        MeshShapeAttr,
        MeshOffsetAttr,
    ],
)
"""The ttnn dialect."""

"""The IR layer: the `ttnn` and `tile` dialects and the pure conv-weight resolution.

The public names below load lazily, so `from ttnn_xdsl.dialect.enums import DataType` (what
the runtime's data formats use) loads no IR definition.

- `enums`: plain enums (DataType, Layout, TensorMemoryLayout, BufferType, ShardOrientation,
  MathFidelity); `shapes`: TILE_SIZE, rounding, the physical-shape rule; `errors`: TTNNError,
  the base of every user error;
- `types`, `attributes`, `tensor_types`: `!ttnn.bfp8_b`, the `#ttnn.*` attributes, reading
  tensor types;
- `operation` (op base), `assign_bw`, `conversion_ops` (typecast, to_layout), `prepare_ops`,
  `conv_layout_ops`: the ttnn operations; `ttnn` and
  `tile`: the two dialects; `context`: `make_context`; `builders`: functions and modules
  from Python;
- `conv_parameters`, `divisors`, `conv_resolution`, `conv_layout_geometry`: the resolution of
  the prepare ops, plain Python with no IR;
- `tt_mlir`, `tt_mlir_attributes`, `ttcore`, `tt_mlir_names`: tt-mlir's TTNN IR as the project
  reads and writes it (`import-tt-mlir`, `export-tt-mlir`).
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS: dict[str, str] = {
    # contexts
    "make_context": "context",
    "register_dialects": "context",
    "TTNNContext": "context",
    "build_function": "builders",
    "build_module": "builders",
    # enums, shapes, errors
    "BufferType": "enums",
    "DataType": "enums",
    "Layout": "enums",
    "MathFidelity": "enums",
    "ShardOrientation": "enums",
    "TensorMemoryLayout": "enums",
    "TILE_SIZE": "shapes",
    "tile_padded_shape": "shapes",
    "TTNNError": "errors",
    "ConvConfigError": "errors",
    "TensorTypeError": "errors",
    # the dialects
    "TTNN": "ttnn",
    "TILE": "tile",
    # types and attributes
    "BFloat8BType": "types",
    "bfp8_b": "types",
    "BufferTypeAttr": "attributes",
    "Conv2dConfigAttr": "attributes",
    "DataTypeAttr": "attributes",
    "DeviceComputeKernelConfigAttr": "attributes",
    "LayoutAttr": "attributes",
    "MathFidelityAttr": "attributes",
    "MemoryConfigAttr": "attributes",
    "ShardOrientationAttr": "attributes",
    "ShardSpecAttr": "attributes",
    "TensorLayoutAttr": "attributes",
    "TensorMemoryLayoutAttr": "attributes",
    "TensorInfo": "tensor_types",
    "tensor_info": "tensor_types",
    "tensor_type": "tensor_types",
    # operations
    "AssignBwOp": "assign_bw",
    "TypecastOp": "conversion_ops",
    "ToLayoutOp": "conversion_ops",
    "PrepareConvWeightsOp": "prepare_ops",
    "PrepareConvBiasOp": "prepare_ops",
    "ConvBiasLayoutOp": "conv_layout_ops",
    "ConvWeightsBlockShardedLayoutOp": "conv_layout_ops",
    "ConvWeightsDepthwiseLayoutOp": "conv_layout_ops",
    "ConvWeightsFoldKernelStrideOp": "conv_layout_ops",
    "ConvWeightsGroupedLayoutOp": "conv_layout_ops",
    "ConvWeightsInterleavedMMLayoutOp": "conv_layout_ops",
    "ConvWeightsSpecialPaddingLayoutOp": "conv_layout_ops",
    "ConvWeightsTiledLayoutOp": "conv_layout_ops",
    # tt-mlir's constructs
    "TTCORE": "ttcore",
    "GetDeviceOp": "tt_mlir",
    "PrepareConv2dWeightsOp": "tt_mlir",
    "PrepareConv2dBiasOp": "tt_mlir",
    "TTNNLayoutAttr": "tt_mlir",
    "Conv2dSliceConfigAttr": "attributes",
    "Conv2dSliceConfig": "conv_parameters",
    # the resolution
    "Conv2dConfig": "conv_parameters",
    "Conv2dParameters": "conv_parameters",
    "InputMemoryConfig": "conv_parameters",
    "ConvWeightsPlan": "conv_resolution",
    "resolve_conv_weights": "conv_resolution",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)

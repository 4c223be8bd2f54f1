"""The one declaration of the conv preparation ops' properties (semantics.md §3.1).

Each entry names a property, its kind (how it is held, written, built from Python and read
as the plain value the pure resolution reads), whether the IR requires it, the Python
builder's default, and tt-mlir's name and kind where they differ; each is a named constant,
which the ops' typed record builders (`prepare_ops.ConvPrepareOp.conv_parameters`) read to
fill the parameter record's fields. The project's ops (`prepare_ops.py`), tt-mlir's ops
(`tt_mlir.py`), the keyword syntax, the builders, `import-tt-mlir` / `export-tt-mlir` and the
record builders all read these lists: a property added later is one entry here (and, when the
resolution reads it, one keyword in its op's record builder).
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import Attribute

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    Conv2dConfigAttr,
    Conv2dSliceConfigAttr,
    DataTypeAttr,
    DeviceComputeKernelConfigAttr,
    LayoutAttr,
    MemoryConfigAttr,
)
from ttnn_xdsl.dialect.keyword_properties import (
    BOOLEAN,
    INT32,
    INT32_ARRAY,
    STRING,
    AttributeKind,
    EnumKind,
    OpProperty,
)
from ttnn_xdsl.dialect.ttcore import SupportedDataTypesAttr

__all__ = [
    "CONV2D_BIAS_PROPERTIES",
    "CONV2D_PROPERTIES",
    "CONV2D_WEIGHTS_PROPERTIES",
    "CONV_TRANSPOSE2D_BIAS_PROPERTIES",
    "CONV_TRANSPOSE2D_PROPERTIES",
    "CONV_TRANSPOSE2D_WEIGHTS_PROPERTIES",
    "WEIGHTS_ONLY_PROPERTIES",
]

MEMORY_CONFIG = AttributeKind(MemoryConfigAttr, MemoryConfigAttr.conv_input)
LAYOUT: EnumKind[Layout] = EnumKind(LayoutAttr)
DATA_TYPE: EnumKind[DataType] = EnumKind(DataTypeAttr)
CONV2D_CONFIG = AttributeKind(Conv2dConfigAttr, Conv2dConfigAttr.conv_config)
COMPUTE_CONFIG = AttributeKind(
    DeviceComputeKernelConfigAttr, DeviceComputeKernelConfigAttr.compute_config
)
SLICE_CONFIG = AttributeKind(Conv2dSliceConfigAttr, Conv2dSliceConfigAttr.slice_config)
TT_MLIR_DATA_TYPE: AttributeKind[Attribute] = AttributeKind(SupportedDataTypesAttr)
"""tt-mlir spells a data type `#ttcore.supportedDataTypes<bf16>`."""

INPUT_MEMORY_CONFIG = OpProperty("input_memory_config", MEMORY_CONFIG, default=DRAM_INTERLEAVED)
INPUT_LAYOUT = OpProperty(
    "input_layout", LAYOUT, default=Layout.TILE, tt_mlir_name="input_tensor_layout"
)
WEIGHTS_FORMAT = OpProperty("weights_format", STRING, default="OIHW")
IN_CHANNELS = OpProperty("in_channels", INT32)
OUT_CHANNELS = OpProperty("out_channels", INT32)
BATCH_SIZE = OpProperty("batch_size", INT32)
INPUT_HEIGHT = OpProperty("input_height", INT32)
INPUT_WIDTH = OpProperty("input_width", INT32)
KERNEL_SIZE = OpProperty("kernel_size", INT32_ARRAY)
STRIDE = OpProperty("stride", INT32_ARRAY, default=(1, 1))
PADDING = OpProperty("padding", INT32_ARRAY, default=(0, 0))
DILATION = OpProperty("dilation", INT32_ARRAY, default=(1, 1))
HAS_BIAS = OpProperty("has_bias", BOOLEAN, default=False)
GROUPS = OpProperty("groups", INT32, default=1)
CONV_GEOMETRY = (
    IN_CHANNELS,
    OUT_CHANNELS,
    BATCH_SIZE,
    INPUT_HEIGHT,
    INPUT_WIDTH,
    KERNEL_SIZE,
    STRIDE,
    PADDING,
    DILATION,
    GROUPS,
)
"""The conv's own parameters every conv op declares, each named as its `ConvParameters`
field."""
CONV_CONFIG = OpProperty(
    "conv_config", CONV2D_CONFIG, required=False, default=None, tt_mlir_name="conv2d_config"
)
COMPUTE_CONFIG_PROPERTY = OpProperty("compute_config", COMPUTE_CONFIG, required=False, default=None)
INPUT_DTYPE = OpProperty(
    "input_dtype",
    DATA_TYPE,
    required=False,
    default=None,
    tt_mlir_kind=TT_MLIR_DATA_TYPE,
    tt_mlir_required=True,
)
OUTPUT_DTYPE = OpProperty(
    "output_dtype", DATA_TYPE, required=False, default=None, tt_mlir_kind=TT_MLIR_DATA_TYPE
)
SLICE_CONFIG_PROPERTY = OpProperty(
    "slice_config", SLICE_CONFIG, required=False, default=None, tt_mlir_name="conv2d_slice_config"
)

CONV2D_WEIGHTS_PROPERTIES: tuple[OpProperty[Any], ...] = (
    INPUT_MEMORY_CONFIG,
    INPUT_LAYOUT,
    WEIGHTS_FORMAT,
    IN_CHANNELS,
    OUT_CHANNELS,
    BATCH_SIZE,
    INPUT_HEIGHT,
    INPUT_WIDTH,
    KERNEL_SIZE,
    STRIDE,
    PADDING,
    DILATION,
    HAS_BIAS,
    GROUPS,
    CONV_CONFIG,
    COMPUTE_CONFIG_PROPERTY,
    INPUT_DTYPE,
    OUTPUT_DTYPE,
    SLICE_CONFIG_PROPERTY,
)
"""`prepare_conv_weights`' properties, in printing order (tt-mlir's order)."""

WEIGHTS_ONLY_PROPERTIES = (WEIGHTS_FORMAT, HAS_BIAS)
"""The weight op's properties the bias op does not have."""

CONV2D_BIAS_PROPERTIES: tuple[OpProperty, ...] = tuple(
    prop for prop in CONV2D_WEIGHTS_PROPERTIES if prop not in WEIGHTS_ONLY_PROPERTIES
)
"""`prepare_conv_bias`' properties: the weight op's but `weights_format` and `has_bias`."""


OUTPUT_DTYPE_OF_CONV2D = OpProperty("dtype", DATA_TYPE, required=False, default=None)
"""conv2d's own name for the output dtype (`output_dtype` of the prepare ops)."""

CONV2D_PROPERTIES: tuple[OpProperty, ...] = (
    *CONV_GEOMETRY,
    CONV_CONFIG,
    COMPUTE_CONFIG_PROPERTY,
    SLICE_CONFIG_PROPERTY,
    OUTPUT_DTYPE_OF_CONV2D,
)
"""`ttnn.conv2d`'s properties, in TT-NN 0.81.1's keyword order: the prepare ops' conv
parameters (the input's memory config, layout and dtype are its operand's type; `has_bias`
is whether a bias operand is given) and `dtype`."""


IOHW_WEIGHTS_FORMAT = OpProperty("weights_format", STRING, default="IOHW")
OUTPUT_PADDING = OpProperty("output_padding", INT32_ARRAY, required=False, default=(0, 0))
"""Absent means [0, 0] (TT-NN's default; tt-mlir's `DefaultValuedAttr`)."""
MIRROR_KERNEL = OpProperty("mirror_kernel", BOOLEAN, required=False, default=True)
"""Absent means true (TT-NN's default; tt-mlir's `DefaultValuedAttr`)."""
DRAM_SLICE_CONFIG = OpProperty(
    "dram_slice_config",
    SLICE_CONFIG,
    required=False,
    default=None,
    tt_mlir_name="conv2d_slice_config",
)
"""TT-NN's `prepare_conv_transpose2d_*` call conv2d's `slice_config` `dram_slice_config`."""


def _transpose_property(prop: OpProperty) -> tuple[OpProperty, ...]:
    """A `prepare_conv_weights` property as `prepare_conv_transpose2d_weights` has it (and
    `output_padding` after `padding`, where TT-NN and tt-mlir place it)."""
    if prop is WEIGHTS_FORMAT:
        return (IOHW_WEIGHTS_FORMAT,)
    if prop is PADDING:
        return (prop, OUTPUT_PADDING)
    if prop is SLICE_CONFIG_PROPERTY:
        return (DRAM_SLICE_CONFIG,)
    return (prop,)


CONV_TRANSPOSE2D_WEIGHTS_PROPERTIES: tuple[OpProperty, ...] = (
    *(derived for prop in CONV2D_WEIGHTS_PROPERTIES for derived in _transpose_property(prop)),
    MIRROR_KERNEL,
)
"""`prepare_conv_transpose2d_weights`' properties: `prepare_conv_weights`' with
`weights_format` "IOHW", `output_padding`, `dram_slice_config` (tt-mlir: `conv2d_slice_config`)
and `mirror_kernel`."""

CONV_TRANSPOSE2D_BIAS_PROPERTIES: tuple[OpProperty, ...] = tuple(
    prop
    for prop in CONV_TRANSPOSE2D_WEIGHTS_PROPERTIES
    if prop not in (IOHW_WEIGHTS_FORMAT, HAS_BIAS, OUTPUT_PADDING, MIRROR_KERNEL)
)
"""`prepare_conv_transpose2d_bias`' properties: `prepare_conv_bias`' with `dram_slice_config`
(TT-NN 0.81.1's bias takes no `output_padding`)."""


CONV_TRANSPOSE2D_PROPERTIES: tuple[OpProperty, ...] = (
    IN_CHANNELS,
    OUT_CHANNELS,
    BATCH_SIZE,
    INPUT_HEIGHT,
    INPUT_WIDTH,
    KERNEL_SIZE,
    STRIDE,
    PADDING,
    OUTPUT_PADDING,
    DILATION,
    GROUPS,
    CONV_CONFIG,
    COMPUTE_CONFIG_PROPERTY,
    DRAM_SLICE_CONFIG,
    MIRROR_KERNEL,
    OUTPUT_DTYPE_OF_CONV2D,
)
"""`ttnn.conv_transpose2d`'s properties, in TT-NN 0.81.1's keyword order: `ttnn.conv2d`'s with
the transpose's `output_padding`, `dram_slice_config` (for `slice_config`) and
`mirror_kernel`."""

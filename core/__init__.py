"""The plain facts below everything else, with no IR and no xDSL: TT-NN's enumerations
(`enums`), tile shapes and size arithmetic (`shapes`), the project's one error tree
(`errors`), and the one rule every output file is written by (`output_files`). Every other
package imports these; they import nothing of the project."""

from ttnn_xdsl.core.enums import (
    DEVICE_BUFFER_TYPES,
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    MathFidelity,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import (
    ConvConfigError,
    ConvNotModelledError,
    NotModelledError,
    RunError,
    TensorFileError,
    TensorTypeError,
    TTNNError,
    format_location,
)
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div, format_shape, round_up, tile_padded_shape

__all__ = [
    "DEVICE_BUFFER_TYPES",
    "TILE_SIZE",
    "BufferType",
    "Conv2dSliceType",
    "ConvConfigError",
    "ConvNotModelledError",
    "DataType",
    "Layout",
    "MathFidelity",
    "NotModelledError",
    "RunError",
    "ShardOrientation",
    "TTNNError",
    "TensorFileError",
    "TensorMemoryLayout",
    "TensorTypeError",
    "ceil_div",
    "format_location",
    "format_shape",
    "round_up",
    "tile_padded_shape",
]

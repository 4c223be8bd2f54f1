"""TT-NN 0.81.1's own Python API for what the project covers, with no card:

    import ttnn_xdsl.ttnn as ttnn

    device = ttnn.open_device(device_id=0)
    weight = ttnn.from_torch(w, ttnn.float32)         # a NumPy array or a torch tensor
    prepared = ttnn.prepare_conv_weights(weight_tensor=weight, ..., device=device)
    ttnn.dump_tensor("conv1.weight.tensorbin", prepared)   # the file TT-NN loads

The names, signatures (keyword names, defaults, accepted spellings), reprs and errors are
TT-NN's. Each `prepare_conv_*` / `assign_bw` call is the project's op, built for the device's
grid, verified, lowered and run in the interpreter (a Program per parameter set, cached).
What TT-NN refuses raises what TT-NN raises (TypeError for arguments it does not accept,
RuntimeError for the rest); what the project does not cover raises NotImplementedError
naming the function. docs/ttnn-api.md lists every name with its signature.

Modules: `enums`, `memory` (MemoryConfig, shard specs, cores), `configs` (Conv2dConfig,
slice and compute configs), `tensor` (Tensor, from_torch, …), `device`, `conv_preparation`
(the prepare functions), `convolution` (`conv2d`, `conv1d`, `conv_transpose2d`: the conv
computed from prepared weights), `backward`
(assign_bw), `model_helpers` (reshape, to_layout, create_sharded_memory_config: what model
code calls around conv weights); `signatures`, `conversion` (to the IR), `programs`
(building, caching and running the IR) and `printing` (tensor reprs) serve them. Any other
TT-NN name is an AttributeError saying in one line that ttnn-xdsl does not implement it (an
ImportError with that line for `from ttnn_xdsl.ttnn import NAME`).
"""

import dis
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from ttnn_xdsl.ttnn.backward import assign_bw
from ttnn_xdsl.ttnn.configs import (
    Conv1dConfig,
    Conv2dConfig,
    Conv2dDRAMSliceHeight,
    Conv2dDRAMSliceWidth,
    Conv2dL1Full,
    Conv2dL1FullSliceConfig,
    Conv2dSliceConfig,
    Op2DSliceConfig,
    UnaryWithParam,
    WormholeComputeKernelConfig,
    init_device_compute_kernel_config,
)
from ttnn_xdsl.ttnn.conv_preparation import (
    prepare_conv_bias,
    prepare_conv_transpose2d_bias,
    prepare_conv_transpose2d_weights,
    prepare_conv_weights,
)
from ttnn_xdsl.ttnn.convolution import conv1d, conv2d, conv_transpose2d
from ttnn_xdsl.ttnn.device import Device, MeshDevice, close_device, open_device
from ttnn_xdsl.ttnn.enums import (
    Arch,
    BufferType,
    DataType,
    DumpTensorMode,
    Layout,
    MathFidelity,
    PaddingMode,
    ShardOrientation,
    StorageType,
    TensorMemoryLayout,
    ThrottleLevel,
    UnaryOpType,
)
from ttnn_xdsl.ttnn.memory import (
    DRAM_MEMORY_CONFIG,
    L1_BLOCK_SHARDED_MEMORY_CONFIG,
    L1_HEIGHT_SHARDED_MEMORY_CONFIG,
    L1_MEMORY_CONFIG,
    L1_WIDTH_SHARDED_MEMORY_CONFIG,
    CoreCoord,
    CoreGrid,
    CoreRange,
    CoreRangeSet,
    MemoryConfig,
    ShardSpec,
)
from ttnn_xdsl.ttnn.model_helpers import (
    ShardStrategy,
    create_sharded_memory_config,
    reshape,
    to_layout,
)
from ttnn_xdsl.ttnn.pictures import layout_text, plot_layout
from ttnn_xdsl.ttnn.signatures import keywords_suggested
from ttnn_xdsl.ttnn.tensor import (
    Shape,
    Tensor,
    dump_tensor,
    from_device,
    from_torch,
    is_tensor_storage_on_device,
    load_tensor,
    to_device,
    to_torch,
)

bfloat16 = DataType.BFLOAT16
bfloat8_b = DataType.BFLOAT8_B
bfloat4_b = DataType.BFLOAT4_B
float32 = DataType.FLOAT32
uint8 = DataType.UINT8
uint16 = DataType.UINT16
uint32 = DataType.UINT32
int32 = DataType.INT32
int8 = DataType.INT8
fp8_e4m3 = DataType.FP8_E4M3
TILE_LAYOUT = Layout.TILE
ROW_MAJOR_LAYOUT = Layout.ROW_MAJOR
TILE_SIZE = 32
DEVICE_STORAGE_TYPE = StorageType.DEVICE
Op2DDRAMSliceHeight = Conv2dDRAMSliceHeight
Op2DDRAMSliceWidth = Conv2dDRAMSliceWidth
Op2DL1Full = Conv2dL1Full
Op2DL1FullSliceConfig = Conv2dL1FullSliceConfig


@keywords_suggested
@contextmanager
def manage_device(device_id: int) -> Iterator[MeshDevice]:
    """`with ttnn.manage_device(device_id=0) as device:` opens the device and closes it."""
    device = open_device(device_id=device_id)
    try:
        yield device
    finally:
        close_device(device)


def __getattr__(name: str) -> Any:
    """A TT-NN name the module does not have (`ttnn.max_pool2d`): AttributeError in one line
    saying so — ImportError with the same line for `from ttnn_xdsl.ttnn import max_pool2d`
    (dunder names are Python's own lookups, not TT-NN's)."""
    if name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    message = _not_implemented_message(name)
    if _is_from_import(sys._getframe(1)):
        # Python replaces an AttributeError raised for `from … import NAME` by its own
        # "cannot import name", dropping the message; an ImportError reaches the user as is.
        raise ImportError(message, name=__name__, path=__file__)
    raise AttributeError(message)


def _not_implemented_message(name: str) -> str:
    """The one line saying that TT-NN's `name` is not implemented here, and what is."""
    functions = ", ".join(
        sorted(item for item in __all__ if item[0].islower() and item not in _DTYPES)
    )
    return (
        f"ttnn.{name} is not implemented by ttnn-xdsl (ttnn_xdsl.ttnn covers: {functions}; "
        "and the classes, enums and constants docs/ttnn-api.md lists)"
    )


_IMPORT_FROM = dis.opmap["IMPORT_FROM"]


def _is_from_import(frame: FrameType) -> bool:
    """Whether `frame` is running a `from … import NAME` statement's name lookup (not
    `ttnn.NAME`, nor `hasattr`, which must keep seeing an AttributeError)."""
    return frame.f_code.co_code[frame.f_lasti] == _IMPORT_FROM


_DTYPES = {"bfloat4_b", "bfloat8_b", "bfloat16", "float32", "fp8_e4m3", "int8", "int32"}
_DTYPES |= {"uint8", "uint16", "uint32"}

__all__ = [
    "DEVICE_STORAGE_TYPE",
    "DRAM_MEMORY_CONFIG",
    "L1_BLOCK_SHARDED_MEMORY_CONFIG",
    "L1_HEIGHT_SHARDED_MEMORY_CONFIG",
    "L1_MEMORY_CONFIG",
    "L1_WIDTH_SHARDED_MEMORY_CONFIG",
    "ROW_MAJOR_LAYOUT",
    "TILE_LAYOUT",
    "TILE_SIZE",
    "Arch",
    "BufferType",
    "Conv1dConfig",
    "Conv2dConfig",
    "Conv2dDRAMSliceHeight",
    "Conv2dDRAMSliceWidth",
    "Conv2dL1Full",
    "Conv2dL1FullSliceConfig",
    "Conv2dSliceConfig",
    "CoreCoord",
    "CoreGrid",
    "CoreRange",
    "CoreRangeSet",
    "DataType",
    "Device",
    "DumpTensorMode",
    "Layout",
    "MathFidelity",
    "MemoryConfig",
    "MeshDevice",
    "Op2DDRAMSliceHeight",
    "Op2DDRAMSliceWidth",
    "Op2DL1Full",
    "Op2DL1FullSliceConfig",
    "Op2DSliceConfig",
    "PaddingMode",
    "Shape",
    "ShardOrientation",
    "ShardSpec",
    "ShardStrategy",
    "StorageType",
    "Tensor",
    "TensorMemoryLayout",
    "ThrottleLevel",
    "UnaryOpType",
    "UnaryWithParam",
    "WormholeComputeKernelConfig",
    "assign_bw",
    "bfloat4_b",
    "bfloat8_b",
    "bfloat16",
    "close_device",
    "conv1d",
    "conv2d",
    "conv_transpose2d",
    "create_sharded_memory_config",
    "dump_tensor",
    "float32",
    "fp8_e4m3",
    "from_device",
    "from_torch",
    "init_device_compute_kernel_config",
    "int8",
    "int32",
    "is_tensor_storage_on_device",
    "layout_text",
    "load_tensor",
    "manage_device",
    "open_device",
    "plot_layout",
    "prepare_conv_bias",
    "prepare_conv_transpose2d_bias",
    "prepare_conv_transpose2d_weights",
    "prepare_conv_weights",
    "reshape",
    "to_device",
    "to_layout",
    "to_torch",
    "uint8",
    "uint16",
    "uint32",
]

"""`ttnn.Tensor` and moving tensors: `from_torch` / `to_torch`, `to_device` / `from_device`,
`is_tensor_storage_on_device`, `dump_tensor` / `load_tensor` (`.tensorbin` files).

A Tensor holds its values as a `DeviceTensor` (the runtime's TT-NN data formats: float32,
bfloat16, bfloat8_b; ROW_MAJOR or TILE), where it is stored (the host, or the device it was
moved to — the device holds no memory: the values stay here) and its memory config. Values
are converted as TT-NN converts host values (bf16 rounding, tilizing, bfloat8_b packing);
`from_torch` takes NumPy arrays as well as torch tensors, and imports torch only for a torch
tensor."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np

from ttnn_xdsl.core.errors import TensorFileError, TensorTypeError
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.ttnn.device import MeshDevice
from ttnn_xdsl.ttnn.enums import (
    COVERED_DATA_TYPES,
    BufferType,
    DataType,
    DumpTensorMode,
    Layout,
    StorageType,
    from_core_data_type,
    from_core_layout,
    to_core_data_type,
    to_core_layout,
)
from ttnn_xdsl.ttnn.memory import DRAM_MEMORY_CONFIG, MemoryConfig, ShardSpec, shard_fit_error
from ttnn_xdsl.ttnn.printing import format_values
from ttnn_xdsl.ttnn.signatures import (
    Overload,
    Parameter,
    Rejected,
    accept_bool,
    accept_float,
    accept_instance,
    accept_optional,
    accept_uint32_sequence,
    constructor,
    keywords_suggested,
    type_name,
)

__all__ = [
    "MadeBy",
    "Shape",
    "Tensor",
    "check_placement",
    "dump_tensor",
    "from_device",
    "from_torch",
    "is_tensor_storage_on_device",
    "load_tensor",
    "to_device",
    "to_torch",
]

_TENSOR = "ttnn._ttnn.tensor."
_DEVICE = "ttnn._ttnn.multi_device.MeshDevice"


class Shape:
    """A tensor's shape: compares equal to lists and tuples of its dims, indexes (negative
    too) and iterates like a tuple, prints `Shape([2, 3])`; no slicing, as in TT-NN."""

    __slots__ = ("_dims",)

    INIT = constructor(
        "Shape",
        (
            Overload(
                (
                    Parameter(
                        "shape", "collections.abc.Sequence[int]", accept_uint32_sequence(*range(9))
                    ),
                ),
                method=True,
            ),
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _, values = self.INIT.bind(args, kwargs)
        self._dims: tuple[int, ...] = values["shape"]

    @classmethod
    def _of(cls, dims: Sequence[int]) -> Shape:
        shape = object.__new__(cls)
        shape._dims = tuple(int(d) for d in dims)
        return shape

    @property
    def rank(self) -> int:
        return len(self._dims)

    def to_rank(self, rank: int) -> Shape:
        """The shape with leading 1s added or dropped to reach `rank`."""
        dims = self._dims
        while len(dims) > rank:
            if dims[0] != 1:
                raise RuntimeError("Can't convert shape rank")
            dims = dims[1:]
        return Shape._of((1,) * (rank - len(dims)) + dims)

    def __len__(self) -> int:
        return len(self._dims)

    def __getitem__(self, index: Any) -> int:
        if isinstance(index, slice) or not isinstance(index, int | np.integer):
            raise TypeError(
                "__getitem__(): incompatible function arguments. The following argument types "
                f"are supported:\n    1. __getitem__(self, arg: int, /) -> int\n\nInvoked with "
                f"types: {type_name(self)}, {type_name(index)}"
            )
        rank = len(self._dims)
        if not -rank <= index < rank:
            raise RuntimeError(f"ShapeBase[] index out of range. {index} not in [{-rank}, {rank})")
        return self._dims[index]

    def __iter__(self) -> Any:
        return iter(self._dims)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Shape):
            return self._dims == other._dims
        if isinstance(other, list | tuple):
            return list(self._dims) == list(other)
        return False

    def __hash__(self) -> int:
        return hash(self._dims)

    def __repr__(self) -> str:
        return f"Shape({list(self._dims)})"


# ------------------------------------------------------------------------------------------
# Values in: arrays (NumPy, torch) to the project's data formats
# ------------------------------------------------------------------------------------------

_NUMPY_DATA_TYPES = {
    np.dtype(np.float32): DataType.FLOAT32,
    np.dtype(ml_dtypes.bfloat16): DataType.BFLOAT16,
    np.dtype(np.float16): DataType.BFLOAT16,
    np.dtype(np.int32): DataType.INT32,
    np.dtype(np.int64): DataType.UINT32,
    np.dtype(np.uint32): DataType.UINT32,
    np.dtype(np.uint16): DataType.UINT16,
    np.dtype(np.int16): DataType.UINT16,
    np.dtype(np.uint8): DataType.UINT8,
    np.dtype(np.bool_): DataType.UINT8,
}
"""The dtype TT-NN gives an array of each element type when none is asked for (torch's
float16 becomes BFLOAT16, int64 UINT32; float64 has none)."""


def is_torch_tensor(value: object) -> bool:
    """Whether `value` is a torch tensor, told by its class's module (torch is not imported)."""
    return any(
        kind.__name__ == "Tensor" and kind.__module__.partition(".")[0] == "torch"
        for kind in type(value).__mro__
    )


def _torch_to_numpy(value: Any) -> np.ndarray:
    """A torch tensor's values as a NumPy array of the same element type (bfloat16 as
    ml_dtypes' bfloat16), without a copy where NumPy can share them."""
    import torch  # the value is a torch tensor: torch is there and already imported

    tensor = value.detach().cpu()
    if tensor.dtype == torch.bfloat16:
        return tensor.to(torch.float32).numpy().astype(ml_dtypes.bfloat16)
    return tensor.numpy()


def accept_array(value: Any) -> np.ndarray:
    """A NumPy array or a torch tensor, as a NumPy array."""
    if is_torch_tensor(value):
        return _torch_to_numpy(value)
    if isinstance(value, np.ndarray):
        return value
    raise Rejected(f"expected a torch.Tensor or a NumPy array, got {type_name(value)}")


def host_values(
    array: np.ndarray,
    dtype: DataType | None,
    layout: Layout,
    caller: str,
) -> DeviceTensor:
    """`array` converted to `dtype` (default: by its element type) and `layout` as TT-NN
    converts host values. Raises NotImplementedError for a dtype or a tensor the project
    does not hold, RuntimeError where TT-NN refuses."""
    if dtype is None:
        if array.dtype == np.float64:
            raise RuntimeError(
                f"{caller}: a float64 array has no TT-NN data type; give dtype= (TT-NN 0.81.1 "
                "aborts the process here)"
            )
        dtype = _NUMPY_DATA_TYPES.get(array.dtype)
        if dtype is None:
            raise TypeError(f"{caller}: arrays of {array.dtype} are not accepted")
    core_dtype = to_core_data_type(dtype)
    if core_dtype is None:
        raise NotImplementedError(_not_covered_dtype(caller, dtype))
    core_layout = to_core_layout(layout)
    if core_layout is None:
        raise NotImplementedError(f"ttnn_xdsl.ttnn.{caller} does not cover {layout}")
    if dtype == DataType.BFLOAT8_B and layout != Layout.TILE:
        raise RuntimeError("Layout must be Layout::TILE for bfloat8_b or bfloat4_b!")
    if layout == Layout.TILE and array.ndim < 2:
        raise NotImplementedError(
            f"ttnn_xdsl.ttnn.{caller} does not cover TILE tensors of rank {array.ndim} "
            "(TILE tensors of rank 2 or more are)"
        )
    if array.dtype.kind in "iub":
        array = array.astype(np.float64)
    try:
        return DeviceTensor.from_numpy(array, core_dtype, core_layout)
    except TensorTypeError as error:
        raise RuntimeError(f"{caller}: {error}") from None


def _not_covered_dtype(caller: str, dtype: DataType) -> str:
    covered = ", ".join(map(str, COVERED_DATA_TYPES))
    return f"ttnn_xdsl.ttnn.{caller} does not cover tensors of {dtype} (only {covered})"


# ------------------------------------------------------------------------------------------
# Tensor
# ------------------------------------------------------------------------------------------


def _accept_device(value: Any) -> MeshDevice:
    if not isinstance(value, MeshDevice):
        raise Rejected(f"expected a MeshDevice, got {type_name(value)}")
    return value


def _accept_none(value: Any) -> None:
    if value is not None:
        raise Rejected(f"only None is covered by ttnn_xdsl, got {type_name(value)}")


_OPTIONAL_DEVICE = Parameter("device", _DEVICE + " | None", accept_optional(_accept_device), None)
_NO_TILE = Parameter("tile", _TENSOR + "Tile | None", _accept_none, None)

_TENSOR_INIT = constructor(
    "Tensor",
    (
        Overload((Parameter("arg", _TENSOR + "Tensor", lambda v: _accept_tensor(v)),), method=True),
        Overload(
            (
                Parameter(
                    "data",
                    "collections.abc.Sequence[float]",
                    lambda v: _accept_flat_data(v),
                ),
                Parameter(
                    "shape", "collections.abc.Sequence[int]", accept_uint32_sequence(*range(9))
                ),
                Parameter("data_type", _TENSOR + "DataType", accept_instance(DataType)),
                Parameter("layout", _TENSOR + "Layout", accept_instance(Layout)),
                _OPTIONAL_DEVICE,
                Parameter(
                    "memory_config",
                    _TENSOR + "MemoryConfig | None",
                    accept_optional(accept_instance(MemoryConfig)),
                    None,
                ),
                _NO_TILE,
                Parameter("pad_value", "float", accept_float, 0.0, "0.0"),
            ),
            method=True,
        ),
        Overload(
            (
                Parameter("tensor", "object", accept_array),
                Parameter(
                    "data_type",
                    _TENSOR + "DataType | None",
                    accept_optional(accept_instance(DataType)),
                    None,
                ),
                _OPTIONAL_DEVICE,
                Parameter(
                    "layout",
                    _TENSOR + "Layout | None",
                    accept_optional(accept_instance(Layout)),
                    None,
                ),
                Parameter(
                    "mem_config",
                    _TENSOR + "MemoryConfig | None",
                    accept_optional(accept_instance(MemoryConfig)),
                    None,
                ),
                _NO_TILE,
                Parameter("cq_id", "ttnn._ttnn.types.QueueId | None", lambda v: v, None),
                Parameter("pad_value", "float | None", accept_optional(accept_float), None),
                Parameter("mesh_mapper", "object | None", _accept_none, None),
                Parameter("preserve_nan_values", "bool", accept_bool, False),
                Parameter("col_tilize", "bool", accept_bool, False),
                Parameter("enable_bfloat_opt", "bool", accept_bool, False),
            ),
            method=True,
        ),
    ),
)


def _accept_tensor(value: Any) -> Tensor:
    if not isinstance(value, Tensor):
        raise Rejected(f"expected a Tensor, got {type_name(value)}")
    return value


def _accept_flat_data(value: Any) -> np.ndarray:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise Rejected(f"expected a sequence of floats, got {type_name(value)}")
    return np.array([accept_float(item) for item in value], dtype=np.float32)


@dataclass(frozen=True)
class MadeBy:
    """The call that made a tensor: the Program that ran it, the position of the tensor among
    its results and the tensors it ran on (the pictures trace the layout through the Program
    and show a bfloat8_b result's quantization error against its source values)."""

    function: str
    program: Program
    position: int
    inputs: tuple[DeviceTensor, ...]


class Tensor:
    """A TT-NN tensor: its values in a TT-NN data format, where it is stored (host or
    device) and its memory config.

    `Tensor(array, data_type=None, device=None, layout=None, mem_config=None)` converts a
    NumPy array or a torch tensor as TT-NN does (ROW_MAJOR unless asked; the dtype follows
    the array's when not given); `Tensor(data, shape, data_type, layout)` takes a flat list;
    `Tensor(tensor)` copies."""

    __slots__ = ("_device", "_made_by", "_memory_config", "_padded_shape", "_value")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        index, values = _TENSOR_INIT.bind(args, kwargs)
        if index == 0:
            other: Tensor = values["arg"]
            self._set(other._value, other._device, other._memory_config, other._made_by)
            self._padded_shape = other._padded_shape
            return
        if index == 1:
            shape = values["shape"]
            data: np.ndarray = values["data"]
            if data.size != int(np.prod(shape)):
                raise RuntimeError(
                    f"Tensor: {data.size} values do not fill the shape {list(shape)}"
                )
            if values["pad_value"] != 0.0:
                raise NotImplementedError(
                    "ttnn_xdsl.ttnn.Tensor does not cover a non-zero pad_value"
                )
            value = host_values(
                data.reshape(shape), values["data_type"], values["layout"], "Tensor"
            )
            memory_config = values["memory_config"]
        else:
            for flag in ("preserve_nan_values", "col_tilize", "enable_bfloat_opt"):
                if values[flag]:
                    raise NotImplementedError(f"ttnn_xdsl.ttnn.Tensor does not cover {flag}=True")
            if values["pad_value"] not in (None, 0.0):
                raise NotImplementedError(
                    "ttnn_xdsl.ttnn.Tensor does not cover a non-zero pad_value"
                )
            value = host_values(
                values["tensor"],
                values["data_type"],
                values["layout"] or Layout.ROW_MAJOR,
                "Tensor",
            )
            memory_config = values["mem_config"]
        device = values["device"]
        config = memory_config or DRAM_MEMORY_CONFIG
        if device is not None:
            check_placement(config, value, device, "Tensor")
        self._set(value, device, config)

    @classmethod
    def _wrap(
        cls,
        value: DeviceTensor,
        device: MeshDevice | None,
        memory_config: MemoryConfig,
        made_by: MadeBy | None = None,
        padded_shape: tuple[int, ...] | None = None,
    ) -> Tensor:
        """A tensor of `value`; `padded_shape`: TT-NN's padded shape where it is more than
        the values hold (a conv's ROW_MAJOR output, rows and columns padded to its shards,
        docs/semantics.md §9.8), else the values' physical shape."""
        tensor = object.__new__(cls)
        tensor._set(value, device, memory_config, made_by)
        tensor._padded_shape = padded_shape
        return tensor

    def _set(
        self,
        value: DeviceTensor,
        device: MeshDevice | None,
        memory_config: MemoryConfig,
        made_by: MadeBy | None = None,
    ) -> None:
        self._value = value
        self._device = device
        self._memory_config = memory_config
        self._made_by = made_by
        self._padded_shape: tuple[int, ...] | None = None

    @property
    def made_by(self) -> MadeBy | None:
        """The call that prepared this tensor (ttnn_xdsl's own attribute; None for a tensor
        no preparation made): what `ttnn.plot_layout` and `ttnn.layout_text` trace."""
        return self._made_by

    @property
    def value(self) -> DeviceTensor:
        """The values in their data format (ttnn_xdsl's own attribute): a `DeviceTensor`, with
        `to_bytes()`, `to_numpy()`, `physical_to_numpy()`, pictures."""
        return self._value

    @property
    def shape(self) -> Shape:
        return Shape._of(self._value.logical_shape)

    @property
    def padded_shape(self) -> Shape:
        return Shape._of(self._padded_dims())

    def _padded_dims(self) -> tuple[int, ...]:
        """TT-NN's padded shape: the values' physical shape, or more where `_wrap` was told
        (a conv's ROW_MAJOR output)."""
        return self._padded_shape or self._value.physical_shape

    @property
    def dtype(self) -> DataType:
        return from_core_data_type(self._value.dtype)

    @property
    def layout(self) -> Layout:
        return from_core_layout(self._value.layout)

    def get_dtype(self) -> DataType:
        return self.dtype

    def get_layout(self) -> Layout:
        return self.layout

    def memory_config(self) -> MemoryConfig:
        return self._memory_config

    def storage_type(self) -> StorageType:
        return StorageType.HOST if self._device is None else StorageType.DEVICE

    def device(self) -> MeshDevice | None:
        return self._device

    def is_sharded(self) -> bool:
        return self._memory_config.is_sharded()

    def is_allocated(self) -> bool:
        return True

    def volume(self) -> int:
        return int(np.prod(self._padded_dims()))

    def logical_volume(self) -> int:
        return int(np.prod(self._value.logical_shape))

    def to(self, target: Any, mem_config: MemoryConfig | None = None) -> Tensor:
        """`.to(layout)`: the values in another layout (tilized or untilized on the host);
        `.to(device[, mem_config])`: `to_device`."""
        if isinstance(target, MeshDevice):
            return to_device(self, target, mem_config)
        if isinstance(target, Layout):
            if target == self.layout:
                return Tensor._wrap(self._value, self._device, self._memory_config)
            value = host_values(self._value.to_numpy(), self.dtype, target, "Tensor.to")
            return Tensor._wrap(value, self._device, self._memory_config)
        raise TypeError(f"Tensor.to expects a Layout or a MeshDevice, got {type_name(target)}")

    def cpu(self, blocking: bool = True) -> Tensor:
        return from_device(self, blocking)

    def to_torch(self) -> Any:
        return to_torch(self)

    def __repr__(self) -> str:
        values = format_values(self._value.to_numpy())
        return (
            f"ttnn.Tensor({values}, shape={self.shape!r}, dtype={self.dtype.cpp()}, "
            f"layout={self.layout.cpp()})"
        )


# ------------------------------------------------------------------------------------------
# Moving tensors
# ------------------------------------------------------------------------------------------


@keywords_suggested
def from_torch(
    tensor: Any,
    dtype: DataType | None = None,
    *,
    spec: Any = None,
    tile: Any = None,
    pad_value: float | None = None,
    layout: Layout | None = None,
    device: MeshDevice | None = None,
    memory_config: MemoryConfig | None = None,
    mesh_mapper: Any = None,
    cq_id: int | None = None,
    preserve_nan_values: bool = False,
    col_tilize: bool = False,
    enable_bfloat_opt: bool = False,
) -> Tensor | None:
    """TT-NN's `from_torch`: a torch tensor — or a NumPy array (torch is then not imported)
    — as a Tensor of `dtype` (default: the array's), in `layout` (default ROW_MAJOR,
    TILE for bfloat8_b), on `device` in `memory_config` (default DRAM) when given. None
    gives None."""
    if tensor is None:
        return None
    try:
        array = accept_array(tensor)
        dtype = accept_optional(accept_instance(DataType))(dtype)
        layout = accept_optional(accept_instance(Layout))(layout)
        device = accept_optional(_accept_device)(device)
        memory_config = accept_optional(accept_instance(MemoryConfig))(memory_config)
    except Rejected as reason:
        raise TypeError(f"from_torch: {reason}") from None
    for name, value in (("spec", spec), ("tile", tile), ("mesh_mapper", mesh_mapper)):
        if value is not None:
            raise NotImplementedError(f"ttnn_xdsl.ttnn.from_torch does not cover {name}=")
    if pad_value not in (None, 0, 0.0):
        raise NotImplementedError("ttnn_xdsl.ttnn.from_torch does not cover a non-zero pad_value")
    for flag, value in (
        ("preserve_nan_values", preserve_nan_values),
        ("col_tilize", col_tilize),
        ("enable_bfloat_opt", enable_bfloat_opt),
    ):
        if value:
            raise NotImplementedError(f"ttnn_xdsl.ttnn.from_torch does not cover {flag}=True")
    if layout is None:
        layout = (
            Layout.TILE if dtype in (DataType.BFLOAT8_B, DataType.BFLOAT4_B) else Layout.ROW_MAJOR
        )
    value = host_values(array, dtype, layout, "from_torch")
    host = Tensor._wrap(value, None, memory_config or DRAM_MEMORY_CONFIG)
    return host if device is None else to_device(host, device, memory_config)


@keywords_suggested
def to_torch(
    tensor: Tensor,
    dtype: Any = None,
    *,
    torch_rank: int | None = None,
    mesh_composer: Any = None,
    device: MeshDevice | None = None,
    cq_id: int | None = None,
) -> Any:
    """TT-NN's `to_torch`: the logical values as a torch tensor when torch is installed
    (bfloat16 stays bfloat16; bfloat8_b and float32 give float32), else as a NumPy array
    (bfloat16 as ml_dtypes' bfloat16). `torch_rank` drops leading dims of 1; `dtype`
    converts (a torch dtype, or a NumPy one without torch)."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"to_torch expects a ttnn.Tensor, got {type_name(tensor)}")
    if mesh_composer is not None:
        raise NotImplementedError("ttnn_xdsl.ttnn.to_torch does not cover mesh_composer=")
    values = tensor.value.to_numpy()
    if torch_rank is not None:
        while values.ndim > torch_rank:
            if values.shape[0] != 1:
                raise RuntimeError("ttnn: Unable to squeeze to desired rank!")
            values = values[0]
        values = values.reshape((1,) * (torch_rank - values.ndim) + values.shape)
    bfloat16 = tensor.dtype == DataType.BFLOAT16
    if _torch_available():
        import torch

        result = torch.from_numpy(np.ascontiguousarray(values))
        if bfloat16:
            result = result.to(torch.bfloat16)
        return result if dtype is None else result.to(dtype)
    if bfloat16:
        values = values.astype(ml_dtypes.bfloat16)
    return values if dtype is None else values.astype(dtype)


def _torch_available() -> bool:
    if "torch" in sys.modules:
        return True
    import importlib.util

    return importlib.util.find_spec("torch") is not None


@keywords_suggested
def is_tensor_storage_on_device(tensor: Tensor) -> bool:
    """Whether `tensor` is stored on a device."""
    return tensor.storage_type() == StorageType.DEVICE


@keywords_suggested
def to_device(
    tensor: Tensor,
    device: MeshDevice,
    memory_config: MemoryConfig | None = None,
    *,
    queue_id: Any = None,
) -> Tensor:
    """`tensor` on `device`, in `memory_config` (default DRAM interleaved). A tensor already
    on a device comes back as it is (TT-NN ignores `memory_config` then). Nothing moves:
    the device holds no memory."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"to_device expects a ttnn.Tensor, got {type_name(tensor)}")
    if not isinstance(device, MeshDevice):
        raise TypeError(f"to_device expects a MeshDevice, got {type_name(device)}")
    # A conv's ROW_MAJOR output keeps TT-NN's padded shape wherever it goes (`_wrap`).
    padded = tensor._padded_shape
    if tensor.device() is not None:
        return Tensor._wrap(
            tensor.value, tensor.device(), tensor.memory_config(), tensor.made_by, padded
        )
    config = memory_config or DRAM_MEMORY_CONFIG
    if not isinstance(config, MemoryConfig):
        raise TypeError(f"to_device expects a MemoryConfig, got {type_name(config)}")
    check_placement(config, tensor.value, device, "to_device")
    return Tensor._wrap(tensor.value, device, config, tensor.made_by, padded)


def check_placement(
    config: MemoryConfig, value: DeviceTensor, device: MeshDevice, caller: str
) -> None:
    """Refuse to place `value` on `device` in `config` where TT-NN 0.81.1 refuses to
    (RuntimeError): a sharded config without a shard spec (TT-NN fails on it with "bad
    optional access"), a shard spec that cannot hold the tensor (`shard_fit_error`, TT-NN's
    reason kept as it says it) or one over L1 cores the device does not have. A ROW_MAJOR
    tensor whose width TT-NN pads up to a multiple of the shard width is NotImplementedError:
    the project keeps a ROW_MAJOR tensor unpadded."""
    if not config.is_sharded():
        return
    layout = config.memory_layout.name
    spec = config.shard_spec
    if spec is None:
        raise RuntimeError(
            f"{caller}: memory_config is {layout} without a shard spec, which TT-NN 0.81.1 "
            "cannot place a tensor by (it fails: bad optional access); give one: "
            f"ttnn.MemoryConfig(ttnn.TensorMemoryLayout.{layout}, ttnn.BufferType.L1, "
            "ttnn.ShardSpec(cores, shard_shape, orientation)), or "
            "ttnn.create_sharded_memory_config(shape, core_grid, strategy)"
        )
    tiled = from_core_layout(value.layout) == Layout.TILE
    reason = shard_fit_error(config, value.physical_shape, tiled)
    if reason is not None:
        raise RuntimeError(
            f"{caller}: memory_config's shard spec (shard shape {spec.shape} on "
            f"{spec.num_cores()} cores, {layout}) does not fit the tensor of physical shape "
            f"{list(value.physical_shape)}: {reason}"
        )
    outside = _core_outside_the_grid(spec, device.grid)
    if config.buffer_type == BufferType.L1 and outside is not None:
        raise RuntimeError(
            f"{caller}: Invalid shard grid: shard core {outside} has no L1 bank on this device, "
            f"whose worker grid is {device.grid[0]}x{device.grid[1]}"
        )
    width = value.physical_shape[-1]
    shard_width = spec.shape[1]
    if not tiled and width % shard_width:
        raise NotImplementedError(
            f"ttnn_xdsl.ttnn.{caller} does not cover a ROW_MAJOR tensor of width {width} "
            f"in shards {shard_width} wide: TT-NN pads its width to "
            f"{-(-width // shard_width) * shard_width}, which ttnn_xdsl does not model"
        )


def _core_outside_the_grid(spec: ShardSpec, grid: tuple[int, int]) -> tuple[int, int] | None:
    """The first core of the shard spec, range by range and row by row, outside the worker
    grid of `grid` (x, y) cores, as TT-NN's allocator walks them; None when all are inside."""
    for core_range in spec.grid.ranges():
        for y in range(core_range.start.y, core_range.end.y + 1):
            for x in range(core_range.start.x, core_range.end.x + 1):
                if x >= grid[0] or y >= grid[1]:
                    return (x, y)
    return None


@keywords_suggested
def from_device(tensor: Tensor, blocking: bool = True, *, queue_id: Any = None) -> Tensor:
    """`tensor` on the host, with its memory config; a host tensor comes back as it is."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"from_device expects a ttnn.Tensor, got {type_name(tensor)}")
    return Tensor._wrap(
        tensor.value, None, tensor.memory_config(), tensor.made_by, tensor._padded_shape
    )


def _tensorbin_path(file_name: Any, caller: str) -> str:
    if not isinstance(file_name, str | os.PathLike):
        raise TypeError(f"{caller}: expected a file name (str or Path), got {type_name(file_name)}")
    name = os.fspath(file_name)
    if not name.endswith(".tensorbin"):
        raise RuntimeError(f"File {name} must have .tensorbin extension")
    return name


@keywords_suggested
def dump_tensor(
    file_name: str | os.PathLike[str],
    tensor: Tensor,
    *,
    mode: DumpTensorMode = DumpTensorMode.DISTRIBUTED_GATHER,
) -> None:
    """Write `tensor` (from the host or a device) as the `.tensorbin` file TT-NN 0.81.1's
    `dump_tensor` writes, byte for byte; the name must end in `.tensorbin`."""
    name = _tensorbin_path(file_name, "dump_tensor")
    if not isinstance(tensor, Tensor):
        raise TypeError(f"dump_tensor expects a ttnn.Tensor, got {type_name(tensor)}")
    if not isinstance(mode, DumpTensorMode):
        raise TypeError(f"dump_tensor: mode expects a DumpTensorMode, got {type_name(mode)}")
    if tensor.memory_config() != DRAM_MEMORY_CONFIG:
        # TT-NN writes the memory config into the header; the project's writer knows the
        # header of the DRAM-interleaved default only.
        raise NotImplementedError(
            "ttnn_xdsl.ttnn.dump_tensor does not cover tensors whose memory config is not "
            f"DRAM interleaved (this one: {tensor.memory_config().buffer_type}, "
            f"{tensor.memory_config().memory_layout}); move it with ttnn.to_device(ttnn."
            "from_device(t), device) first"
        )
    try:
        tensor.value.save_tensorbin(name)
    except TensorFileError as error:
        raise RuntimeError(str(error)) from None


@keywords_suggested
def load_tensor(file_name: str | os.PathLike[str], *, device: MeshDevice | None = None) -> Tensor:
    """The tensor a `.tensorbin` file holds (TT-NN 0.81.1's format), on the host, or on
    `device` (DRAM interleaved) when given."""
    name = _tensorbin_path(file_name, "load_tensor")
    if device is not None and not isinstance(device, MeshDevice):
        raise TypeError(f"load_tensor: device expects a MeshDevice, got {type_name(device)}")
    if not os.path.exists(name):
        raise RuntimeError(f"Unable to load the tensor from {name}.  The file does not exist.")
    try:
        value = DeviceTensor.load_tensorbin(name)
    except TensorFileError as error:
        raise RuntimeError(str(error)) from None
    return Tensor._wrap(value, device, DRAM_MEMORY_CONFIG)

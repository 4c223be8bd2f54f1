"""TT-NN's Python objects as the project's IR: a Tensor's tensor type, a MemoryConfig's
`#ttnn.memory_config`, a Conv2dConfig's `#ttnn.conv2d_config`, a compute config's
`#ttnn.device_compute_kernel_config`, a slice config's `#ttnn.conv2d_slice_config`.

A value the IR cannot express is NotImplementedError naming the caller (a dtype other than
float32 / bfloat16 / bfloat8_b, an N-d sharded memory config, a shard grid other than one
rectangle from core (0, 0) or cores laid row by row from it); the rules on the values
themselves are the IR's (its attributes' verifiers, the ops' resolution)."""

from __future__ import annotations

from typing import Any, cast

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute

from ttnn_xdsl.conv import conv2d_config as core_config
from ttnn_xdsl.core import enums as core
from ttnn_xdsl.core.shapes import tile_padded_shape
from ttnn_xdsl.dialect.attributes import (
    Conv2dConfigAttr,
    Conv2dSliceConfigAttr,
    DeviceComputeKernelConfigAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
)
from ttnn_xdsl.dialect.tensor_types import tensor_type
from ttnn_xdsl.dialect.tt_mlir_attributes import CoreRangeAttr, CoreRangeSetAttr
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.ttnn.configs import Conv2dConfig, Op2DSliceConfig, WormholeComputeKernelConfig
from ttnn_xdsl.ttnn.enums import (
    DataType,
    Layout,
    from_core_buffer_type,
    from_core_memory_layout,
    from_core_orientation,
    to_core_buffer_type,
    to_core_data_type,
    to_core_layout,
    to_core_math_fidelity,
    to_core_memory_layout,
    to_core_orientation,
    to_core_padding_mode,
    to_core_slice_type,
)
from ttnn_xdsl.ttnn.memory import CoreCoord, CoreRange, CoreRangeSet, MemoryConfig, ShardSpec

__all__ = [
    "compute_config_attribute",
    "conv2d_config",
    "conv2d_config_attribute",
    "data_type",
    "layout",
    "memory_config_attribute",
    "memory_config_of",
    "slice_config_attribute",
    "tensor_type_of",
]


def _not_covered(caller: str, what: str) -> NotImplementedError:
    return NotImplementedError(f"ttnn_xdsl.ttnn.{caller} does not cover {what}")


def data_type(dtype: DataType, caller: str, what: str) -> core.DataType:
    """`dtype` as the IR's data type."""
    converted = to_core_data_type(dtype)
    if converted is None:
        raise _not_covered(caller, f"{what}={dtype} (float32, bfloat16 and bfloat8_b are)")
    return converted


def layout(value: Layout, caller: str, what: str) -> core.Layout:
    converted = to_core_layout(value)
    if converted is None:
        raise _not_covered(caller, f"{what}={value}")
    return converted


def tensor_type_of(value: DeviceTensor, *, on_device: bool) -> TensorType[Attribute]:
    """The IR type of a tensor's values: a host ROW_MAJOR tensor has no encoding; any other
    (on a device, or TILE) has `#ttnn.tensor_layout` with its physical shape where it is
    more than tile rounding gives. (The memory config is left out: it changes no value.)"""
    if not on_device and value.layout == core.Layout.ROW_MAJOR:
        return tensor_type(value.logical_shape, value.dtype, None)
    physical = value.physical_shape
    explicit = value.layout == core.Layout.TILE and physical != tile_padded_shape(
        value.logical_shape
    )
    return tensor_type(
        value.logical_shape, value.dtype, value.layout, physical=physical if explicit else None
    )


def memory_config_attribute(config: MemoryConfig, caller: str, what: str) -> MemoryConfigAttr:
    """`config` as `#ttnn.memory_config`; its shard spec in the keyword form (a grid of X×Y
    cores from core (0, 0)), or as the core range set when its cores are laid row by row
    with a partial last row (a HEIGHT or WIDTH conv's output): the shard grids the project
    models."""
    memory_layout = to_core_memory_layout(config.memory_layout)
    if memory_layout is None:
        raise _not_covered(caller, f"{what} with {config.memory_layout}")
    spec = config.shard_spec
    shard: ShardSpecAttr | None = None
    if spec is not None:
        cores = CoreRangeSetAttr(
            [CoreRangeAttr((r.start.x, r.start.y), (r.end.x, r.end.y)) for r in spec.grid.ranges()]
        )
        rectangle = cores.origin_rectangle()
        height, width = spec.shape
        orientation = to_core_orientation(spec.orientation)
        if rectangle is not None:
            shard = ShardSpecAttr(rectangle, (height, width), orientation)
        elif cores.row_wise_cores() is not None:
            shard = ShardSpecAttr.positional(cores, (height, width), orientation)
        else:
            raise _not_covered(
                caller,
                f"{what} sharded over the cores {spec.grid} (a shard grid must be one "
                "rectangle from core (0, 0), or cores laid row by row from it)",
            )
    return MemoryConfigAttr(to_core_buffer_type(config.buffer_type), memory_layout, shard)


def memory_config_of(attribute: MemoryConfigAttr) -> MemoryConfig:
    """A `#ttnn.memory_config` as TT-NN's MemoryConfig: its shard spec's cores as the core
    ranges it lists (a keyword grid of X×Y cores as the rectangle from core (0, 0))."""
    spec = attribute.shard_spec
    shard: ShardSpec | None = None
    if isinstance(spec, ShardSpecAttr):
        if isinstance(spec.grid, CoreRangeSetAttr):
            corners = [(r.start, r.end) for r in spec.grid.ranges.data]
        else:
            x, y = spec.grid_shape
            corners = [((0, 0), (x - 1, y - 1))]
        ranges = [CoreRange(CoreCoord(*start), CoreCoord(*end)) for start, end in corners]
        shard = ShardSpec(
            CoreRangeSet(ranges),
            list(spec.shard_shape),
            from_core_orientation(spec.shard_orientation),
        )
    return MemoryConfig(
        from_core_memory_layout(attribute.layout_kind),
        from_core_buffer_type(attribute.buffer_type.data),
        shard,
    )


def conv2d_config_attribute(config: Conv2dConfig | None, caller: str) -> Conv2dConfigAttr | None:
    """`config` as `#ttnn.conv2d_config`: every field of the one declaration
    (`conv.conv2d_config`) that is not at its default, so the API and the IR read the same
    configuration."""
    if config is None:
        return None
    return Conv2dConfigAttr.of_config(conv2d_config(config, caller))


def conv2d_config(config: Conv2dConfig, caller: str) -> core_config.Conv2dConfig:
    """`config` as the record the resolution reads, field by field from the declaration."""
    return core_config.Conv2dConfig(
        **{
            declared.name: _config_value(declared, getattr(config, declared.name), caller)
            for declared in core_config.CONV2D_CONFIG_FIELDS
            if declared.in_ttnn
        }
    )


def _config_value(declared: core_config.ConfigField, value: Any, caller: str) -> object:
    """A Conv2dConfig field's TT-NN value as the record's (its kind says how)."""
    if value is None:
        return None
    what = f"conv_config.{declared.name}"
    kind = declared.kind
    if kind == core_config.ConfigKind.DATA_TYPE:
        return data_type(value, caller, what)
    if kind == core_config.ConfigKind.MEMORY_LAYOUT:
        converted = to_core_memory_layout(value)
        if converted is None:
            raise _not_covered(caller, f"{what}={value}")
        return converted
    if kind == core_config.ConfigKind.LAYOUT:
        return layout(value, caller, what)
    if kind == core_config.ConfigKind.PADDING_MODE:
        return to_core_padding_mode(value)
    if kind == core_config.ConfigKind.ACTIVATION:
        return core_config.FusedActivation(value.op_type.name.lower(), tuple(value.params))
    if kind == core_config.ConfigKind.CORE_GRID:
        return tuple(
            ((r.start.x, r.start.y), (r.end.x, r.end.y)) for r in cast(CoreRangeSet, value).ranges()
        )
    return value


def compute_config_attribute(
    config: WormholeComputeKernelConfig | None,
) -> DeviceComputeKernelConfigAttr | None:
    """`config` as `#ttnn.device_compute_kernel_config` (an unset math fidelity, TT-NN's
    `MathFidelity.Invalid`, is left out; the throttle level has no field and changes no
    prepared weight)."""
    if config is None:
        return None
    return DeviceComputeKernelConfigAttr(
        math_fidelity=to_core_math_fidelity(config.math_fidelity),
        math_approx_mode=config.math_approx_mode,
        fp32_dest_acc_en=config.fp32_dest_acc_en,
        packer_l1_acc=config.packer_l1_acc,
        dst_full_sync_en=config.dst_full_sync_en,
    )


def slice_config_attribute(config: Op2DSliceConfig | None) -> Conv2dSliceConfigAttr | None:
    if config is None:
        return None
    return Conv2dSliceConfigAttr(to_core_slice_type(config.slice_type), config.num_slices)

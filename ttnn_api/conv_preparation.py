"""`prepare_conv_weights`, `prepare_conv_bias`, `prepare_conv_transpose2d_weights` and
`prepare_conv_transpose2d_bias` with TT-NN 0.81.1's signatures: keyword-only, TT-NN's keyword
names, required set and defaults, and TT-NN's TypeError for a call they do not accept.

Each call is the project's op of the same name (`ttnn.prepare_conv_weights`, …, whose
properties are these keywords) built for the device (its grid, and the sizes it was opened
with), verified, lowered and run
(`programs`); the result is a TILE tensor on the device, DRAM interleaved, as TT-NN returns
it. A preparation is declared once (`Preparation`: its binding, its op, its tensor keyword);
the functions are thin calls of `prepare`.

`conv2d`, `conv1d` and `conv_transpose2d` (module `convolution`) build on these ops."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from xdsl.ir import SSAValue

from ttnn_xdsl.core import enums as core
from ttnn_xdsl.dialect.prepare_ops import (
    ConvPrepareOp,
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
)
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.ttnn import conversion
from ttnn_xdsl.ttnn.configs import Conv2dConfig, Op2DSliceConfig, WormholeComputeKernelConfig
from ttnn_xdsl.ttnn.device import MeshDevice
from ttnn_xdsl.ttnn.enums import DataType, Layout
from ttnn_xdsl.ttnn.memory import DRAM_MEMORY_CONFIG, MemoryConfig
from ttnn_xdsl.ttnn.programs import Call, ir_refusals, program_for, run_call
from ttnn_xdsl.ttnn.signatures import (
    Binding,
    Overload,
    Parameter,
    accept_bool,
    accept_instance,
    accept_optional,
    accept_uint32,
    accept_uint32_sequence,
)
from ttnn_xdsl.ttnn.tensor import MadeBy, Tensor

__all__ = [
    "PREPARATIONS",
    "Preparation",
    "conv1d_weight",
    "op_property",
    "prepare",
    "prepare_conv_bias",
    "prepare_conv_transpose2d_bias",
    "prepare_conv_transpose2d_weights",
    "prepare_conv_weights",
]

_TENSOR = "ttnn._ttnn.tensor."
_PAIR = "collections.abc.Sequence[int]"


def _parameter(name: str) -> Parameter:
    """A parameter of the prepare functions, as TT-NN declares it."""
    return _PARAMETERS[name]


_PARAMETERS = {
    parameter.name: parameter
    for parameter in (
        Parameter("weight_tensor", _TENSOR + "Tensor", accept_instance(Tensor)),
        Parameter("bias_tensor", _TENSOR + "Tensor", accept_instance(Tensor)),
        Parameter("input_memory_config", _TENSOR + "MemoryConfig", accept_instance(MemoryConfig)),
        Parameter("input_layout", _TENSOR + "Layout", accept_instance(Layout)),
        Parameter("weights_format", "str", accept_instance(str)),
        *(
            Parameter(name, "int", accept_uint32)
            for name in ("in_channels", "out_channels", "batch_size", "input_height", "input_width")
        ),
        Parameter("kernel_size", _PAIR, accept_uint32_sequence(2)),
        Parameter("stride", _PAIR, accept_uint32_sequence(2)),
        Parameter("padding", f"{_PAIR} | {_PAIR}", accept_uint32_sequence(2, 4)),
        Parameter("output_padding", _PAIR, accept_uint32_sequence(2), (0, 0), "[0, 0]"),
        Parameter("dilation", _PAIR, accept_uint32_sequence(2)),
        Parameter("has_bias", "bool", accept_bool),
        Parameter("groups", "int", accept_uint32),
        Parameter("device", "ttnn._ttnn.multi_device.MeshDevice", accept_instance(MeshDevice)),
        Parameter("input_dtype", _TENSOR + "DataType", accept_instance(DataType)),
        Parameter(
            "output_dtype",
            _TENSOR + "DataType | None",
            accept_optional(accept_instance(DataType)),
            None,
        ),
        Parameter(
            "conv_config",
            "ttnn._ttnn.operations.conv.Conv2dConfig | None",
            accept_optional(accept_instance(Conv2dConfig)),
            None,
        ),
        Parameter(
            "compute_config",
            "ttnn._ttnn.operations.core.WormholeComputeKernelConfig | None",
            accept_optional(accept_instance(WormholeComputeKernelConfig)),
            None,
        ),
        *(
            Parameter(
                name,
                "ttnn._ttnn.operations.sliding_window.Op2DSliceConfig | None",
                accept_optional(accept_instance(Op2DSliceConfig)),
                None,
            )
            for name in ("slice_config", "dram_slice_config")
        ),
        Parameter("mirror_kernel", "bool", accept_bool, True),
    )
}


def _binding(name: str, parameters: str) -> Binding:
    return Binding(
        name,
        (
            Overload(
                keyword=tuple(_parameter(parameter) for parameter in parameters.split()),
                returns=_TENSOR + "Tensor",
            ),
        ),
    )


@dataclass(frozen=True)
class Preparation:
    """One prepare function: its TT-NN signature, the op that models it, the keyword of the
    tensor it prepares, and whether that is a conv weight TT-NN also takes as [O, I, K] when
    the input height is 1."""

    binding: Binding
    op: type[ConvPrepareOp]
    source: str
    conv1d_weight: bool = False


PREPARE_CONV_WEIGHTS = Preparation(
    _binding(
        "prepare_conv_weights",
        "weight_tensor input_memory_config input_layout weights_format in_channels "
        "out_channels batch_size input_height input_width kernel_size stride padding dilation "
        "has_bias groups device input_dtype output_dtype conv_config compute_config "
        "slice_config",
    ),
    PrepareConvWeightsOp,
    "weight_tensor",
    conv1d_weight=True,
)
PREPARE_CONV_BIAS = Preparation(
    _binding(
        "prepare_conv_bias",
        "bias_tensor input_memory_config input_layout in_channels out_channels batch_size "
        "input_height input_width kernel_size stride padding dilation groups device "
        "input_dtype output_dtype conv_config compute_config slice_config",
    ),
    PrepareConvBiasOp,
    "bias_tensor",
)

PREPARE_CONV_TRANSPOSE2D_WEIGHTS = Preparation(
    _binding(
        "prepare_conv_transpose2d_weights",
        "weight_tensor input_memory_config input_layout weights_format in_channels "
        "out_channels batch_size input_height input_width kernel_size stride padding "
        "output_padding dilation has_bias groups device input_dtype output_dtype conv_config "
        "compute_config dram_slice_config mirror_kernel",
    ),
    PrepareConvTranspose2dWeightsOp,
    "weight_tensor",
)
PREPARE_CONV_TRANSPOSE2D_BIAS = Preparation(
    _binding(
        "prepare_conv_transpose2d_bias",
        "bias_tensor input_memory_config input_layout in_channels out_channels batch_size "
        "input_height input_width kernel_size stride padding dilation groups device "
        "input_dtype output_dtype conv_config compute_config dram_slice_config",
    ),
    PrepareConvTranspose2dBiasOp,
    "bias_tensor",
)

PREPARATIONS = (
    PREPARE_CONV_WEIGHTS,
    PREPARE_CONV_BIAS,
    PREPARE_CONV_TRANSPOSE2D_WEIGHTS,
    PREPARE_CONV_TRANSPOSE2D_BIAS,
)
"""Every prepare function of this module (the docs list their signatures)."""


def op_property(name: str, value: Any, caller: str) -> object:
    """A bound argument as the op's property of the same name."""
    if isinstance(value, MemoryConfig):
        return conversion.memory_config_attribute(value, caller, name)
    if isinstance(value, Layout):
        return conversion.layout(value, caller, name)
    if isinstance(value, DataType):
        return conversion.data_type(value, caller, name)
    if isinstance(value, Conv2dConfig):
        return conversion.conv2d_config_attribute(value, caller)
    if isinstance(value, WormholeComputeKernelConfig):
        return conversion.compute_config_attribute(value)
    if isinstance(value, Op2DSliceConfig):
        return conversion.slice_config_attribute(value)
    return value


def conv1d_weight(value: DeviceTensor, input_height: int) -> DeviceTensor:
    """TT-NN takes a conv1d weight [O, I, K] (3-D) when the input height is 1, as the 4-D
    [O, I, 1, K]; the op reads OIHW."""
    if input_height != 1 or len(value.logical_shape) != 3 or value.layout != core.Layout.ROW_MAJOR:
        return value
    out_channels, in_channels, kernel = value.logical_shape
    shape = (out_channels, in_channels, 1, kernel)
    return DeviceTensor(shape, shape, value.dtype, value.layout, value.data.reshape(shape))


def prepare(preparation: Preparation, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> Tensor:
    """Run one prepare function on a call's arguments: the prepared tensor, on the call's
    device, TILE, DRAM interleaved."""
    name = preparation.binding.name
    _, values = preparation.binding.bind(args, kwargs)
    source: Tensor = values.pop(preparation.source)
    device: MeshDevice = values.pop("device")
    device.check_open(name)
    with ir_refusals(name):
        properties = {key: op_property(key, value, name) for key, value in values.items()}
    tensor = source.value
    if preparation.conv1d_weight:
        tensor = conv1d_weight(tensor, values["input_height"])
    source_type = conversion.tensor_type_of(tensor, on_device=source.device() is not None)
    target = device.target_device
    op = preparation.op

    def body(argument: SSAValue) -> list[SSAValue]:
        return [op(argument, device=target, **properties).result]

    parameters = tuple(sorted(properties.items()))
    call = Call(name, (source_type,), parameters, device.grid, body, device.opened_with)
    [result] = run_call(call, [tensor], device, prepares=True, sources={preparation.source: source})
    made_by = MadeBy(name, program_for(call), 0, (tensor,))
    return Tensor._wrap(result, device, DRAM_MEMORY_CONFIG, made_by)


def prepare_conv_weights(*args: Any, **kwargs: Any) -> Tensor:
    """TT-NN's `prepare_conv_weights(*, weight_tensor, input_memory_config, input_layout,
    weights_format, in_channels, out_channels, batch_size, input_height, input_width,
    kernel_size, stride, padding, dilation, has_bias, groups, device, input_dtype,
    output_dtype=None, conv_config=None, compute_config=None, slice_config=None)`: the OIHW
    host weight (a 3-D [O, I, K] conv1d weight when input_height is 1) in the tiled layout
    the conv reads, on `device` (semantics.md §3)."""
    return prepare(PREPARE_CONV_WEIGHTS, args, kwargs)


def prepare_conv_bias(*args: Any, **kwargs: Any) -> Tensor:
    """TT-NN's `prepare_conv_bias(*, bias_tensor, input_memory_config, input_layout,
    in_channels, out_channels, batch_size, input_height, input_width, kernel_size, stride,
    padding, dilation, groups, device, input_dtype, output_dtype=None, conv_config=None,
    compute_config=None, slice_config=None)`: the [1, 1, 1, Cout] host bias as the conv reads
    it, on `device` (semantics.md §3.4)."""
    return prepare(PREPARE_CONV_BIAS, args, kwargs)


def prepare_conv_transpose2d_weights(*args: Any, **kwargs: Any) -> Tensor:
    """TT-NN's `prepare_conv_transpose2d_weights(*, weight_tensor, input_memory_config,
    input_layout, weights_format, in_channels, out_channels, batch_size, input_height,
    input_width, kernel_size, stride, padding, output_padding=[0, 0], dilation, has_bias,
    groups, device, input_dtype, output_dtype=None, conv_config=None, compute_config=None,
    dram_slice_config=None, mirror_kernel=True)`: the IOHW host weight
    [in_channels, out_channels / groups, KH, KW] in the tiled layout the transposed conv reads,
    on `device` (semantics.md §7)."""
    return prepare(PREPARE_CONV_TRANSPOSE2D_WEIGHTS, args, kwargs)


def prepare_conv_transpose2d_bias(*args: Any, **kwargs: Any) -> Tensor:
    """TT-NN's `prepare_conv_transpose2d_bias(*, bias_tensor, input_memory_config, input_layout,
    in_channels, out_channels, batch_size, input_height, input_width, kernel_size, stride,
    padding, dilation, groups, device, input_dtype, output_dtype=None, conv_config=None,
    compute_config=None, dram_slice_config=None)`: the [1, 1, 1, Cout] host bias as the
    transposed conv reads it, on `device` (semantics.md §7.4)."""
    return prepare(PREPARE_CONV_TRANSPOSE2D_BIAS, args, kwargs)

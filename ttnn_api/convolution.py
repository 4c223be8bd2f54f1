"""`conv2d`, `conv1d` and `conv_transpose2d` with TT-NN 0.81.1's signatures: the conv
computed on the CPU, its output a device tensor `[1, 1, N·OH·OW, Cout]` whose values
`to_torch` / `from_device` give.

Each call is one function of IR (`conv_body`), built, lowered, cached and run as the prepare
functions' are (`programs`): one `ttnn.conv2d` op (one `ttnn.conv_transpose2d` op) on the input
as given (its layout, dtype and memory config — a sharded input's shard spec — are its type; a
conv1d's [N, L, C] input as [N, 1, L, C]), the weight and the bias. The op infers TT-NN's
output: TILE (ROW_MAJOR when `conv_config.output_layout` asks and the output is sharded), of
`dtype` (default: the input's), DRAM interleaved on TT-NN's DRAM path, else sharded in L1 with
TT-NN's shard spec — the output's memory config, which the next conv reads (`memory_config`,
when given, names it instead). `ttnn-decompose` turns the op into the preparation of its host
weight and bias (as TT-NN's conv2d prepares them: `prepare_conv_weights` / `prepare_conv_bias`;
`prepare_conv_transpose2d_weights` / `_bias` for the transposed conv) and one
`ttnn.conv2d_consume` computing the conv the way TT-NN's kernels read the prepared weight
(docs/semantics.md §9), a TILE input untilized first; a weight already on the device is
consumed as given (TT-NN's rule, `is_device_tensor(weight)`). A 1D depthwise conv (groups =
channels, Mamba's conv1d) runs on its elementwise-tap path. A transposed conv runs as its
equivalent conv2d (semantics.md §7.2): the input zero-stuffed (`ttnn.zero_stuff`: `s − 1`
zeros between pixels) and padded (`d·(k − 1) − p` before, that plus `output_padding` after),
then a stride-1 conv with the mirrored prepared weight.

Refused, in TT-NN's words (RuntimeError): what the prepare ops refuse (`in_ttnn_words`), what
the conv op's decisions refuse (its program factories' checks of the weight and bias,
semantics.md §9.3; where its L1 allocation fails, §8.9 — for conv_transpose2d that of its
equivalent conv), a host bias beside a device weight, a device weight the kernels would read
beyond. Not covered (NotImplementedError): an L1-sharded input without a shard spec (a conv
output given `memory_config` without one) or sharded over cores that are neither one rectangle
from core (0, 0) nor laid row by row from it."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
from xdsl.ir import Attribute, Block, SSAValue
from xdsl.rewriter import Rewriter

from ttnn_xdsl.conv.conv2d_decisions import Conv2dDecision, conv_transpose2d_preparation
from ttnn_xdsl.conv.conv2d_l1_allocation import conv2d_l1_refusal
from ttnn_xdsl.conv.conv_consumption import (
    ConsumptionPath,
    consumption_plan,
    conv2d_refusal,
    kernel_reads,
    refuse_unmodelled_reads,
    weight_reads_in_bounds,
)
from ttnn_xdsl.conv.conv_l1_decisions import DRAM_BFLOAT8_B_REFUSAL
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters, output_image_size
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    resolve_conv_transpose2d_weights,
    whole_equivalent_conv,
)
from ttnn_xdsl.core import enums as core
from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.dialect.conv2d_ops import (
    Conv2dOp,
    ConvOp,
    ConvTranspose2dOp,
    prepared_bias_type,
    prepared_weight_type,
)
from ttnn_xdsl.dialect.prepare_op_properties import CONV_GEOMETRY
from ttnn_xdsl.dialect.prepare_ops import (
    ConvPrepareOp,
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
    conv2d_parameters,
)
from ttnn_xdsl.dialect.tensor_types import tensor_info, tensor_type
from ttnn_xdsl.passes.ttnn_decompose import prepared_operands, transpose_prepared_operands
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.ttnn import conversion
from ttnn_xdsl.ttnn.configs import Conv2dConfig, Op2DSliceConfig, WormholeComputeKernelConfig
from ttnn_xdsl.ttnn.conv_preparation import conv1d_weight, op_property
from ttnn_xdsl.ttnn.device import MeshDevice
from ttnn_xdsl.ttnn.enums import (
    DataType,
    Layout,
    MathFidelity,
)
from ttnn_xdsl.ttnn.memory import DRAM_MEMORY_CONFIG, MemoryConfig
from ttnn_xdsl.ttnn.programs import Call, in_ttnn_words, ir_refusals, program_for, run_call
from ttnn_xdsl.ttnn.signatures import (
    OPERATION,
    Binding,
    Overload,
    Parameter,
    accept_bool,
    accept_instance,
    accept_optional,
    accept_uint32,
    accept_uint32_sequence,
)
from ttnn_xdsl.ttnn.tensor import MadeBy, Tensor, check_placement

__all__ = ["CONV1D", "CONV2D", "CONV_TRANSPOSE2D", "conv1d", "conv2d", "conv_transpose2d"]

_TENSOR = "ttnn._ttnn.tensor."
_PAIR = "collections.abc.Sequence[int]"
_CONFIG = "ttnn._ttnn.operations.conv.Conv2dConfig | None"
_COMPUTE = "ttnn._ttnn.operations.core.WormholeComputeKernelConfig | None"
_SLICE = "ttnn._ttnn.operations.sliding_window.Op2DSliceConfig | None"
_WEIGHTS = f"tuple[{_TENSOR}Tensor, {_TENSOR}Tensor | None]"


def _optional(name: str, annotation: str, kind: type) -> Parameter:
    return Parameter(name, annotation, accept_optional(accept_instance(kind)), None)


def _accept_length_padding(value: Any) -> tuple[int, ...]:
    """conv1d's padding: one int (both sides) or [left, right]."""
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        return (accept_uint32(value),)
    return accept_uint32_sequence(2)(value)


def _signature(name: str, window: tuple[Parameter, ...], extra: tuple[Parameter, ...], dims: str):
    """A conv function's binding: TT-NN's keyword-only parameters in TT-NN's order."""
    head = tuple(
        Parameter(item, annotation, accept)
        for item, annotation, accept in (
            ("input_tensor", _TENSOR + "Tensor", accept_instance(Tensor)),
            ("weight_tensor", _TENSOR + "Tensor", accept_instance(Tensor)),
            ("device", "ttnn._ttnn.multi_device.MeshDevice", accept_instance(MeshDevice)),
            ("in_channels", "int", accept_uint32),
            ("out_channels", "int", accept_uint32),
            ("batch_size", "int", accept_uint32),
        )
    )
    tail = (
        Parameter("groups", "int", accept_uint32, 1),
        _optional("dtype", _TENSOR + "DataType | None", DataType),
        _optional("bias_tensor", _TENSOR + "Tensor | None", Tensor),
        _optional("conv_config", _CONFIG, Conv2dConfig),
        _optional("compute_config", _COMPUTE, WormholeComputeKernelConfig),
        _optional("memory_config", _TENSOR + "MemoryConfig | None", MemoryConfig),
        *extra,
        Parameter("return_output_dim", "bool", accept_bool, False),
        Parameter("return_weights_and_bias", "bool", accept_bool, False),
    )
    output = _TENSOR + "Tensor"
    returns = (
        f"{output} | tuple[{output}, {dims}] | tuple[{output}, {_WEIGHTS}] | "
        f"tuple[{output}, {dims}, {_WEIGHTS}]"
    )
    return Binding(
        name,
        (Overload(keyword=head + window + tail, returns=returns),),
        style=OPERATION,
        qualified_name=f"ttnn.{name}",
    )


def _image_window(*, output_padding: bool) -> tuple[Parameter, ...]:
    """conv2d's and conv_transpose2d's image and window parameters."""
    pair = accept_uint32_sequence(2)
    return (
        Parameter("input_height", "int", accept_uint32),
        Parameter("input_width", "int", accept_uint32),
        Parameter("kernel_size", _PAIR, pair),
        Parameter("stride", _PAIR, pair, (1, 1), "[1, 1]"),
        Parameter("padding", f"{_PAIR} | {_PAIR}", accept_uint32_sequence(2, 4), (0, 0), "[0, 0]"),
        *((Parameter("output_padding", _PAIR, pair, (0, 0), "[0, 0]"),) if output_padding else ()),
        Parameter("dilation", _PAIR, pair, (1, 1), "[1, 1]"),
    )


CONV2D = _signature(
    "conv2d",
    _image_window(output_padding=False),
    (_optional("slice_config", _SLICE, Op2DSliceConfig),),
    "tuple[int, int]",
)
CONV1D = _signature(
    "conv1d",
    (
        Parameter("input_length", "int", accept_uint32),
        Parameter("kernel_size", "int", accept_uint32),
        Parameter("stride", "int", accept_uint32, 1),
        Parameter("padding", f"{_PAIR} | int", _accept_length_padding, (0,), "0"),
        Parameter("dilation", "int", accept_uint32, 1),
    ),
    (_optional("slice_config", _SLICE, Op2DSliceConfig),),
    "int",
)
CONV_TRANSPOSE2D = _signature(
    "conv_transpose2d",
    _image_window(output_padding=True),
    (
        _optional("dram_slice_config", _SLICE, Op2DSliceConfig),
        Parameter("mirror_kernel", "bool", accept_bool, True),
    ),
    "tuple[int, int]",
)

_SHARED = (*(prop.name for prop in CONV_GEOMETRY), "conv_config", "compute_config")
"""The keywords a conv call hands to its prepare ops as they are."""


@dataclass(frozen=True)
class ConvKind:
    """A conv function's preparation: the ops preparing its weight and bias, the keywords only
    the weight op takes, its weights format, its slice config keyword."""

    weight_op: type[ConvPrepareOp]
    bias_op: type[ConvPrepareOp]
    weights_format: str
    slice_keyword: str
    weight_only: tuple[str, ...] = ()

    @property
    def transposed(self) -> bool:
        return self.weight_op is PrepareConvTranspose2dWeightsOp


_CONV2D_KIND = ConvKind(PrepareConvWeightsOp, PrepareConvBiasOp, "OIHW", "slice_config")
_TRANSPOSED_KIND = ConvKind(
    PrepareConvTranspose2dWeightsOp,
    PrepareConvTranspose2dBiasOp,
    "IOHW",
    "dram_slice_config",
    ("output_padding", "mirror_kernel"),
)


@dataclass(frozen=True)
class ConvCall:
    """One conv call, its arguments bound: what the IR is built from."""

    name: str
    kind: ConvKind
    values: Mapping[str, Any]
    """The bound keywords, in conv2d's terms (a conv1d's already mapped)."""
    input_tensor: Tensor
    weight: Tensor
    bias: Tensor | None
    device: MeshDevice

    def prepare_properties(self, weight: bool) -> dict[str, object]:
        """The keywords of the weight's (or the bias's) prepare op, as TT-NN's conv2d fills
        them from its own arguments and its input tensor."""
        values = self.values
        source = self.input_tensor
        keywords: dict[str, Any] = {name: values[name] for name in _SHARED}
        keywords |= {
            "input_memory_config": source.memory_config(),
            "input_layout": source.layout,
            "input_dtype": source.dtype,
            "output_dtype": values["dtype"],
            self.kind.slice_keyword: values[self.kind.slice_keyword],
        }
        if weight:
            keywords |= {name: values[name] for name in self.kind.weight_only}
            keywords |= {"weights_format": self.kind.weights_format}
            keywords["has_bias"] = self.bias is not None
        else:
            keywords["conv_config"] = self.bias_conv_config()
        with ir_refusals(self.name):
            return {
                key: op_property(key, value, self.name)
                for key, value in keywords.items()
                if value is not None
            }

    def bias_conv_config(self) -> Conv2dConfig:
        """The call's conv_config as TT-NN's conv prepares the bias with it: its
        weights_dtype, when not given, the weight's dtype (conv2d fills it before preparing;
        `prepare_conv_bias`, which has no weight, needs it given). A copy: the caller's
        config stays as it was."""
        given = self.values["conv_config"]
        config = Conv2dConfig() if given is None else copy.deepcopy(given)
        if config.weights_dtype is None:
            config.weights_dtype = self.weight.dtype
        return config


def _host_weight(call: ConvCall, value: DeviceTensor) -> DeviceTensor:
    """A host weight as the prepare op takes it (a conv1d's [O, I, K] as [O, I, 1, K])."""
    return conv1d_weight(value, call.values["input_height"])


def _original_weight_shape(call: ConvCall) -> tuple[int, ...]:
    """The shape of the weight the call's conv prepares: OIHW, IOHW for a transposed conv
    (a conv1d's as [O, I, 1, K])."""
    values = call.values
    channels = values["in_channels"], values["out_channels"] // values["groups"]
    if not call.kind.transposed:
        channels = values["out_channels"], values["in_channels"] // values["groups"]
    return (*channels, *values["kernel_size"])


def _weight_type(call: ConvCall) -> Attribute:
    """The host weight type the weight's prepare op resolves from: the host weight's, or for
    a prepared weight the OIHW (IOHW) weight it was prepared from, in a float dtype (the
    resolution reads the dtype only when `conv_config.weights_dtype` is not given)."""
    weight = call.weight
    if weight.device() is None:
        return conversion.tensor_type_of(_host_weight(call, weight.value), on_device=False)
    dtype = weight.value.dtype
    if dtype not in (core.DataType.FLOAT32, core.DataType.BFLOAT16):
        dtype = core.DataType.BFLOAT16
    return tensor_type(_original_weight_shape(call), dtype, None)


def _prepared_weight_on_the_host(call: ConvCall) -> str | None:
    """What to do with a host weight of a prepared weight's shape, [1, 1, K, out_channels]
    (not the weight the conv prepares): a prepared weight loaded or moved to the host (ttnn.
    load_tensor without a device). TT-NN takes a weight on the device as prepared; on the host
    it prepares it again, and refuses it (TILE) or misreads its shape (ROW_MAJOR). None for
    any other weight."""
    weight = call.weight
    shape = tuple(weight.shape)
    if weight.device() is not None or len(shape) != 4:
        return None
    prepared_form = shape[:2] == (1, 1) and shape[3] == call.values["out_channels"]
    if not prepared_form or shape == _original_weight_shape(call):
        return None
    return (
        f"weight_tensor has a prepared weight's shape {list(shape)} ([1, 1, K, out_channels]), "
        "and TT-NN takes a weight on the device as prepared: put it there, "
        "ttnn.to_device(weight_tensor, device) or ttnn.load_tensor(path, device=device)"
    )


@dataclass(frozen=True)
class Resolution:
    """What a conv call resolves to before any IR runs."""

    plan: ConvWeightsPlan
    """The conv2d preparation the consumption reads (a transposed conv's equivalent conv2d's)."""
    params: Conv2dParameters
    """That conv2d's parameters."""
    weight_type: Attribute
    """The type of the weight the consumption reads: as given, or the prepare op's result."""
    bias_type: Attribute | None
    output_size: tuple[int, int]
    """(OH, OW) of the conv (the transposed conv's for conv_transpose2d)."""


def _detached(
    call: ConvCall, op: type[ConvPrepareOp], source: Attribute, weight: bool
) -> ConvPrepareOp:
    """A prepare op on a value of type `source` outside any function: its resolution and
    result type, for the call's device."""
    argument = Block(arg_types=[source]).args[0]
    target = call.device.target_device
    return op(argument, device=target, **call.prepare_properties(weight=weight))


def _resolve(call: ConvCall, types: list[Attribute], input_type: Attribute) -> Resolution:
    """A conv2d or conv1d call's resolution (`types`: the IR types of its weight and bias
    arguments; `input_type`: its input's). Raises what the prepare ops refuse, in TT-NN's
    terms."""
    target = call.device.target_device
    sources = {"weight_tensor": call.weight, "input_tensor": call.input_tensor}
    bias_type = types[1] if len(types) > 1 else None
    try:
        with ir_refusals(call.name, sources):
            weight_op = _detached(call, call.kind.weight_op, _weight_type(call), True)
            plan = weight_op.resolved(target)
        weight_type = types[0] if call.weight.device() is not None else weight_op.result.type
        if call.bias is not None and call.bias.device() is None and bias_type is not None:
            with ir_refusals(call.name, {"bias_tensor": call.bias}):
                bias_type = _detached(call, call.kind.bias_op, bias_type, False).result.type
    except RuntimeError as error:
        if str(error).startswith(DRAM_BFLOAT8_B_REFUSAL):
            # prepare_conv_weights (or prepare_conv_bias, which plans without the slice
            # config: an L1Full conv of a DRAM input) refuses it; TT-NN's conv2d prepares it
            # on its own path, which `ttnn.conv2d` models.
            return _conv2d_own_resolution(call, [input_type, *types])
        raise
    params = conv2d_parameters(weight_op, target)
    return Resolution(plan, params, weight_type, bias_type, output_image_size(plan.params))


def _conv2d_own_resolution(call: ConvCall, types: list[Attribute]) -> Resolution:
    """The resolution of a conv2d `prepare_conv_weights` would refuse but TT-NN's conv2d runs
    on its own path (bfloat8_b weights of a conv run from DRAM: planned as bfloat16, then
    typecast), as `ttnn.conv2d`'s decisions give it (`types`: input, weight[, bias])."""
    sources = {"weight_tensor": call.weight, "input_tensor": call.input_tensor}
    with ir_refusals(call.name, sources):
        decision = _conv_op(call, list(Block(arg_types=types).args)).decision(
            call.device.target_device
        )
    params = decision.plan.params
    weight_type, bias_type = _consumed_types(call, types, decision)
    return Resolution(decision.plan, params, weight_type, bias_type, output_image_size(params))


def _transposed_resolution(call: ConvCall, types: list[Attribute]) -> Resolution:
    """A conv_transpose2d call's resolution, as its `ttnn.conv_transpose2d` op decides it
    (`types`: input, weight[, bias]), with the op's refusals in TT-NN's order (the input's
    place in L1, what `prepare_conv_transpose2d_weights` refuses, the L1 allocation of the
    equivalent conv, the program factories' checks). The plan is the equivalent conv2d over
    the whole zero-stuffed input: the conv the consumption reads."""
    sources = {"weight_tensor": call.weight, "input_tensor": call.input_tensor}
    target = call.device.target_device
    with ir_refusals(call.name, sources):
        op = _conv_op(call, list(Block(arg_types=types).args))
        decision = op.decision(target)
        # The weight as TT-NN's conv_transpose2d prepares it on its own path (its op's).
        transpose = resolve_conv_transpose2d_weights(
            conv_transpose2d_preparation(
                cast(ConvTranspose2dParameters, op.conv_parameters(target))
            )
        )
    plan, params = whole_equivalent_conv(transpose)
    weight_type, bias_type = _consumed_types(call, types, decision)
    return Resolution(plan, params, weight_type, bias_type, transpose.output_size)


def _consumed_types(
    call: ConvCall, types: list[Attribute], decision: Conv2dDecision
) -> tuple[Attribute, Attribute | None]:
    """The types of the weight and bias the conv reads (`types`: input, weight[, bias]): a
    device operand's own, a host operand's as the conv prepares it."""
    weight_type = types[1] if call.weight.device() is not None else prepared_weight_type(decision)
    bias_type: Attribute | None = None
    if call.bias is not None:
        bias_type = types[2] if call.bias.device() is not None else prepared_bias_type(decision)
    return weight_type, bias_type


def _refuse_what_conv2d_refuses(call: ConvCall, resolution: Resolution) -> None:
    """TT-NN's conv2d refusals of a weight and bias prepare accepts (its program factory's
    TT_FATALs, semantics.md §9.3; its L1 allocation, §8.9) after what the consumption op
    does not compute, then `_refuse_a_weight_read_beyond`."""
    with ir_refusals(call.name):
        consumption_plan(resolution.plan)
    rows, cols = tensor_info(resolution.weight_type).physical_shape[-2:]
    bias = resolution.bias_type
    bias_shape = None if bias is None else tensor_info(bias).physical_shape
    refusal = conv2d_refusal(resolution.plan, (rows, cols), bias_shape)
    if refusal is None:
        # TT-NN's conv2d allocating its L1 (semantics.md §8.9).
        refusal = conv2d_l1_refusal(resolution.plan.params, resolution.plan)
    if refusal is not None:
        raise RuntimeError(refusal)
    _refuse_a_weight_read_beyond(call, resolution)


def _refuse_a_weight_read_beyond(call: ConvCall, resolution: Resolution) -> None:
    """What the consumption op does not compute, and a device weight smaller than the one
    the kernels read (they would read whatever lies beyond it)."""
    with ir_refusals(call.name):
        consumption = consumption_plan(resolution.plan)
        refuse_unmodelled_reads(consumption)
    physical = tensor_info(resolution.weight_type).physical_shape
    rows, cols = physical[-2:]
    if consumption.path in (ConsumptionPath.MATMUL, ConsumptionPath.DEPTHWISE_1D):
        # One K block over the whole prepared weight (the matmul), or every tap's rows of it
        # (the 1D depthwise taps): the kernels read all the rows this conv prepares.
        expected_rows = resolution.plan.layout.physical_shape[-2]
        reader = "matmul reads" if consumption.path is ConsumptionPath.MATMUL else "taps read"
        beyond = None if rows >= expected_rows else f"the {reader} {expected_rows} rows"
    else:
        beyond = weight_reads_in_bounds(kernel_reads(consumption, (rows, cols)), (rows, cols))
    if beyond is not None:
        # The device would read whatever lies beyond the weight: nothing to compute from.
        raise RuntimeError(
            f"{call.name}: the device weight_tensor {format_shape(physical)} is not the weight "
            f"this conv reads ({beyond}): prepared for other parameters? TT-NN's kernels would "
            "read beyond it"
        )


def _given_memory_config(
    call: ConvCall, inferred: MemoryConfig, output: DeviceTensor
) -> MemoryConfig | None:
    """The call's `memory_config`, checked against the output it places (`check_placement`),
    or None when not given or when TT-NN 0.81.1 ignores it: on its DRAM path (`inferred`,
    the op's output, DRAM interleaved) the output stays there whatever `memory_config` says
    (checked on its mock device)."""
    given = call.values["memory_config"]
    if given is None or inferred == DRAM_MEMORY_CONFIG:
        return None
    check_placement(given, output, call.device, call.name)
    return given


def _math_fidelity(call: ConvCall) -> str:
    """The compute config's math fidelity (TT-NN's conv2d default: HiFi4)."""
    config = call.values["compute_config"]
    fidelity = MathFidelity.HiFi4 if config is None else config.math_fidelity
    return (MathFidelity.HiFi4 if fidelity == MathFidelity.Invalid else fidelity).name


def conv_body(call: ConvCall, arguments: list[SSAValue]) -> list[SSAValue]:
    """The IR of one conv call: one `ttnn.conv2d` (`ttnn.conv_transpose2d`), its result type
    TT-NN's output, inferred by the op. When the call returns its weights: the preparations
    of its host operands as the op's decomposition makes them
    (`ttnn_decompose.prepared_operands` / `transpose_prepared_operands`), then the op on the
    prepared ones (consumed as given), so each is prepared once. Returns the output, then
    the weight and bias it prepared (if any)."""
    op = _conv_op(call, arguments)
    if not call.values["return_weights_and_bias"]:
        return [op.result]
    target = call.device.target_device
    decision = op.decision(target)
    if isinstance(op, ConvTranspose2dOp):
        _, weight, bias = transpose_prepared_operands(op, decision, target)
    else:
        _, weight, bias = prepared_operands(op, decision, target)
    Rewriter.erase_op(op)
    conv = _conv_op(call, [arguments[0], weight, *([bias] if bias is not None else [])])
    prepared = [value for value in (weight, bias) if value is not None]
    return [conv.result, *(value for value in prepared if value not in arguments)]


def _conv_properties(call: ConvCall) -> dict[str, object]:
    """The conv op's properties: the call's conv parameters and configs, its slice config,
    `dtype`, and a transposed conv's `output_padding` and `mirror_kernel`."""
    values = call.values
    names = (*_SHARED, call.kind.slice_keyword, "dtype", *call.kind.weight_only)
    with ir_refusals(call.name):
        return {
            name: op_property(name, values[name], call.name)
            for name in names
            if values[name] is not None
        }


def _conv_op(call: ConvCall, arguments: list[SSAValue]) -> ConvOp:
    """The call's `ttnn.conv2d` (`ttnn.conv_transpose2d`) op on `arguments` (input,
    weight[, bias]), its result type inferred for the call's device."""
    activation, weight, *rest = arguments
    kind = ConvTranspose2dOp if call.kind.transposed else Conv2dOp
    return kind(
        activation,
        weight,
        rest[0] if rest else None,
        device=call.device.target_device,
        **_conv_properties(call),
    )


def run_conv(
    call: ConvCall,
) -> tuple[Tensor, tuple[int, int], tuple[Tensor, Tensor | None] | None]:
    """Run one conv call: the output on the device, (OH, OW), and the device weight and bias
    (prepared here, or as given; None for a conv2d or conv1d call that does not return them)."""
    call.device.check_open(call.name)
    memory = call.input_tensor.memory_config()
    if memory.is_sharded() and memory.shard_spec is None:
        # TT-NN's conv reads an L1-sharded input's shard spec (semantics.md §3.3a).
        raise NotImplementedError(
            f"ttnn_xdsl.ttnn.{call.name} does not cover this call: input_tensor is "
            f"{memory.memory_layout.name} in L1 without a shard spec, which TT-NN's conv "
            "reads; pass it through DRAM: "
            "ttnn.to_device(ttnn.from_device(t), device, ttnn.DRAM_MEMORY_CONFIG), or give "
            "the conv memory_config=ttnn.DRAM_MEMORY_CONFIG"
        )
    weight, bias = call.weight, call.bias
    if bias is not None and weight.device() is not None and bias.device() is None:
        raise RuntimeError(
            f"{call.name}: bias_tensor is on the host and weight_tensor on the device; TT-NN "
            "0.81.1 prepares the bias only together with a host weight: pass the bias its "
            "first call returned (return_weights_and_bias=True), or the host weight too"
        )
    _refuse_a_host_tile_operand(call)
    operands = [weight] + ([bias] if bias is not None else [])
    values = [
        _host_weight(call, weight.value) if weight.device() is None else weight.value,
        *(operand.value for operand in operands[1:]),
    ]
    operand_types = [
        conversion.tensor_type_of(value, on_device=operand.device() is not None)
        for value, operand in zip(values, operands, strict=True)
    ]
    returns_weights = call.values["return_weights_and_bias"]
    activation = _input_value(call)
    input_type = _input_type(call, activation)
    if call.kind.transposed:
        resolution = _transposed_resolution(call, [input_type, *operand_types])
        _refuse_a_weight_read_beyond(call, resolution)
    else:
        resolution = _resolve(call, operand_types, input_type)
        _refuse_what_conv2d_refuses(call, resolution)
    inputs = [activation, *values]
    types = (input_type, *operand_types)
    parameters = (
        call.name,
        tuple(sorted(call.prepare_properties(weight=True).items())),
        tuple(sorted(call.prepare_properties(weight=False).items())) if bias else (),
        call.values["dtype"],
        _math_fidelity(call),
        returns_weights,
    )
    device = call.device

    def body(*arguments: SSAValue) -> list[SSAValue]:
        return conv_body(call, list(arguments))

    program_call = Call(call.name, types, parameters, device.grid, body, device.opened_with)
    sources = {"weight_tensor": weight} | ({"bias_tensor": bias} if bias is not None else {})
    output, *prepared = run_call(program_call, inputs, device, prepares=True, sources=sources)
    program = program_for(program_call)
    inferred = _output_memory_config(program)
    memory_config = _given_memory_config(call, inferred, output) or inferred
    padded = _row_major_padded_shape(call, output, [input_type, *operand_types])
    result = Tensor._wrap(output, device, memory_config, padded_shape=padded)
    if not returns_weights:
        return result, resolution.output_size, None
    returned: list[Tensor | None] = []
    for operand in operands:
        if operand.device() is not None:
            returned.append(operand)
            continue
        made_by = MadeBy(call.name, program, len(returned) + 1, tuple(inputs))
        value = prepared[len(returned)]
        returned.append(Tensor._wrap(value, device, DRAM_MEMORY_CONFIG, made_by))
    returned_weight = returned[0]
    assert returned_weight is not None
    returned_bias = returned[1] if bias is not None else None
    return result, resolution.output_size, (returned_weight, returned_bias)


def _row_major_padded_shape(
    call: ConvCall, output: DeviceTensor, types: list[Attribute]
) -> tuple[int, ...] | None:
    """TT-NN's padded shape of a ROW_MAJOR output (`types`: input, weight[, bias]): the conv
    op's decision (rows in whole tiles, columns across all its shards, docs/semantics.md
    §9.8), which the output's row-major values do not hold; None for a TILE output, whose
    values hold their padded shape."""
    if output.layout != core.Layout.ROW_MAJOR:
        return None
    op = _conv_op(call, list(Block(arg_types=types).args))
    return op.decision(call.device.target_device).output.padded_shape


def _refuse_a_host_tile_operand(call: ConvCall) -> None:
    """A host weight or bias in TILE layout, which TT-NN's conv refuses to prepare ("Host conv
    weights layout should be in row_major layout"), refused in its words (`in_ttnn_words`)
    before the IR, whose types tell a host tensor by its having no encoding (a TILE tensor
    has one, and would read as a prepared one); a host weight of a prepared weight's shape,
    TILE or not, with the advice to put it on the device (`_prepared_weight_on_the_host`)."""
    prepared_on_the_host = _prepared_weight_on_the_host(call)
    for name, tensor in (("weight_tensor", call.weight), ("bias_tensor", call.bias)):
        if tensor is None or tensor.device() is not None or tensor.layout != Layout.TILE:
            continue
        raise RuntimeError(
            in_ttnn_words(
                f"expected {name} to be a host tensor (no encoding), got a TILE tensor",
                call.name,
                {name: tensor},
                advice=prepared_on_the_host if name == "weight_tensor" else None,
            )
        )
    if prepared_on_the_host is not None:
        # ROW_MAJOR: TT-NN prepares it as an OIHW weight and fails on a block size ("Block
        # height 32 must be >= inner dimension 136"), no help; the shape says what it is.
        weight_format = "IOHW" if call.kind.transposed else "OIHW"
        raise RuntimeError(
            f"{call.name}: a weight_tensor on the host is the {weight_format} weight the conv "
            f"prepares, {list(_original_weight_shape(call))}; {prepared_on_the_host}"
        )


def _input_value(call: ConvCall) -> DeviceTensor:
    """The input as `ttnn.conv2d` takes it: as given ([N, H, W, C] or the flat
    [1, 1, N·H·W, C]; the op refuses another shape), a conv1d's [N, L, C] as [N, 1, L, C]
    (TT-NN reshapes it so; the tiles are the same)."""
    value = call.input_tensor.value
    if len(value.logical_shape) != 3 or call.values["input_height"] != 1:
        return value
    batch, *rest = value.logical_shape
    physical_batch, *physical_rest = value.physical_shape
    return DeviceTensor(
        (batch, 1, *rest),
        (physical_batch, 1, *physical_rest),
        value.dtype,
        value.layout,
        np.expand_dims(value.data, 1),
    )


def _input_type(call: ConvCall, value: DeviceTensor) -> Attribute:
    """The input's IR type: its shape, dtype and layout, and on a device its memory config
    (with the shard spec a sharded input carries, which TT-NN's conv reads)."""
    source = call.input_tensor
    if source.device() is None:
        return conversion.tensor_type_of(value, on_device=False)
    memory = conversion.memory_config_attribute(source.memory_config(), call.name, "input_tensor")
    plain = tensor_info(conversion.tensor_type_of(value, on_device=True))
    physical = plain.physical_shape if plain.explicit_physical else None
    return tensor_type(value.logical_shape, value.dtype, value.layout, memory, physical)


def _output_memory_config(program: Program) -> MemoryConfig:
    """The memory config of the output the call's conv op inferred (the program's
    first result type): DRAM interleaved on TT-NN's DRAM path, else sharded in L1 with TT-NN's
    shard spec (its cores, shard shape and orientation), which the next conv reads."""
    memory = program.results[0].tensor.memory_config
    assert memory is not None  # a conv2d's output is on the device
    return conversion.memory_config_of(memory)


def _result(
    values: Mapping[str, Any],
    output: Tensor,
    dims: object,
    weights: tuple[Tensor, Tensor | None] | None,
) -> Any:
    """What TT-NN returns for the two flags: the output, then the output dims, then the
    (weight, bias) pair, each when asked."""
    items: list[Any] = [output]
    if values["return_output_dim"]:
        items.append(dims)
    if values["return_weights_and_bias"]:
        items.append(weights)
    return items[0] if len(items) == 1 else tuple(items)


def conv2d(*args: Any, **kwargs: Any) -> Any:
    """TT-NN's `conv2d(*, input_tensor, weight_tensor, device, in_channels, out_channels,
    batch_size, input_height, input_width, kernel_size, stride=[1, 1], padding=[0, 0],
    dilation=[1, 1], groups=1, dtype=None, bias_tensor=None, conv_config=None,
    compute_config=None, memory_config=None, slice_config=None, return_output_dim=False,
    return_weights_and_bias=False)`: the output `[1, 1, N·OH·OW, Cout]` on the device;
    with `return_output_dim` also `(OH, OW)`, with `return_weights_and_bias` also the
    device `(weight, bias)` a later call consumes as given (semantics.md §9)."""
    _, values = CONV2D.bind(args, kwargs)
    call = _call("conv2d", _CONV2D_KIND, values)
    output, dims, weights = run_conv(call)
    return _result(values, output, dims, weights)


def conv1d(*args: Any, **kwargs: Any) -> Any:
    """TT-NN's `conv1d(*, input_tensor, weight_tensor, device, in_channels, out_channels,
    batch_size, input_length, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    dtype=None, bias_tensor=None, conv_config=None, compute_config=None, memory_config=None,
    slice_config=None, return_output_dim=False, return_weights_and_bias=False)`: the conv2d
    of input height 1, kernel (1, kernel_size) over the length; the weight [O, I, K] (or
    [O, I, 1, K]); padding `p` both sides or `[left, right]`. The output dim is the length."""
    _, values = CONV1D.bind(args, kwargs)
    _check_conv1d_shapes(values)
    padding = values["padding"]
    mapped = dict(values) | {
        "input_height": 1,
        "input_width": values["input_length"],
        "kernel_size": (1, values["kernel_size"]),
        "stride": (1, values["stride"]),
        "padding": (0, padding[0]) if len(padding) == 1 else (0, 0, *padding),
        "dilation": (1, values["dilation"]),
    }
    call = _call("conv1d", _CONV2D_KIND, mapped)
    output, (_, length), weights = run_conv(call)
    return _result(values, output, length, weights)


def _check_conv1d_shapes(values: Mapping[str, Any]) -> None:
    """Refuse, in conv1d's own terms, an input or a [O, I, K] host weight of another shape than
    the call's parameters give: the conv2d it runs would name them by input_height and
    input_width, and by the [N, 1, L, C] and [O, I, 1, K] it reshapes them to, shapes the caller
    never passed. A 4-D weight (TT-NN's [O, I, 1, K], or a prepared one) is the conv2d's to
    judge."""
    batch, length = values["batch_size"], values["input_length"]
    channels, groups = values["in_channels"], values["groups"]
    input_shape = tuple(values["input_tensor"].shape)
    forms = ((batch, length, channels), (1, 1, batch * length, channels))
    if input_shape not in (*forms, (batch, 1, length, channels)):
        raise RuntimeError(
            f"expected an input of shape {format_shape(forms[0])} (batch_size, input_length, "
            f"in_channels) or {format_shape(forms[1])}, got {format_shape(input_shape)}"
        )
    weight = values["weight_tensor"]
    weight_shape = (values["out_channels"], channels // groups, values["kernel_size"])
    if weight.device() is None and len(weight.shape) == 3 and tuple(weight.shape) != weight_shape:
        raise RuntimeError(
            f"expected a host weight of shape {format_shape(weight_shape)} (out_channels, "
            f"in_channels / groups, kernel_size), got {format_shape(tuple(weight.shape))}"
        )


def conv_transpose2d(*args: Any, **kwargs: Any) -> Any:
    """TT-NN's `conv_transpose2d(*, input_tensor, weight_tensor, device, in_channels,
    out_channels, batch_size, input_height, input_width, kernel_size, stride=[1, 1],
    padding=[0, 0], output_padding=[0, 0], dilation=[1, 1], groups=1, dtype=None,
    bias_tensor=None, conv_config=None, compute_config=None, memory_config=None,
    dram_slice_config=None, mirror_kernel=True, return_output_dim=False,
    return_weights_and_bias=False)`: the IOHW weight [Cin, Cout/groups, KH, KW]; computed as
    its equivalent conv2d on the zero-stuffed input with the mirrored prepared weight
    (semantics.md §7.2). The output dims are the transposed conv's (OH, OW)."""
    _, values = CONV_TRANSPOSE2D.bind(args, kwargs)
    call = _call("conv_transpose2d", _TRANSPOSED_KIND, values)
    output, dims, weights = run_conv(call)
    return _result(values, output, dims, weights)


def _call(name: str, kind: ConvKind, values: Mapping[str, Any]) -> ConvCall:
    return ConvCall(
        name,
        kind,
        values,
        values["input_tensor"],
        values["weight_tensor"],
        values["bias_tensor"],
        values["device"],
    )

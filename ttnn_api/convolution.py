"""`conv2d`, `conv1d` and `conv_transpose2d` with TT-NN 0.81.1's signatures: the conv
computed on the CPU, its output a device tensor `[1, 1, N·OH·OW, Cout]` whose values
`to_torch` / `from_device` give.

Each call is one function of IR (`conv_body`), built, lowered, cached and run as the prepare
functions' are (`programs`). conv2d and conv1d: one `ttnn.conv2d` op on the input as given
(its layout, dtype and memory config — a sharded input's shard spec — are its type; a conv1d's
[N, L, C] input as [N, 1, L, C]), the weight and the bias. The op infers TT-NN's output: TILE
(ROW_MAJOR when `conv_config.output_layout` asks), of `dtype` (default: the input's), DRAM
interleaved on TT-NN's DRAM path, else sharded in L1 with TT-NN's shard spec — the output's
memory config, which the next conv reads (`memory_config`, when given, names it instead).
`ttnn-decompose` turns the op into the preparation of its host weight and bias (as TT-NN's
conv2d prepares them: `prepare_conv_weights` / `prepare_conv_bias`) and one
`ttnn.conv2d_consume` computing the conv the way TT-NN's kernels read the prepared weight
(docs/semantics.md §9), a TILE input untilized first; a weight already on the device is
consumed as given (TT-NN's rule, `is_device_tensor(weight)`). A 1D depthwise conv
(groups = channels, Mamba's conv1d) runs on its elementwise-tap path.

`conv_transpose2d` runs its equivalent conv2d (semantics.md §7.2; its IR is the prepare ops,
`ttnn.zero_stuff` and one `ttnn.conv2d_consume`, as `ttnn-decompose` makes of
`ttnn.conv_transpose2d`, whose L1 refusals the API does not apply yet): the input zero-stuffed
(`s − 1` zeros between pixels) and padded (`d·(k − 1) − p` before, that plus `output_padding`
after), then a stride-1 conv with the mirrored prepared weight. Its output's memory config is
TT-NN's buffer type and memory layout without the shard spec.

Refused, in TT-NN's words (RuntimeError): what the prepare ops refuse (`in_ttnn_words`), what
conv2d's program factory refuses of the weight and bias (semantics.md §9.3), where conv2d's L1
allocation fails (§8.9; not for conv_transpose2d), what `ttnn.conv2d`'s decisions refuse, a
host bias beside a device weight, a device weight the kernels would read beyond. Not covered
(NotImplementedError): bfloat8_b weights of a conv_transpose2d on TT-NN's DRAM path (its
conv's own path; conv2d and conv1d run theirs, as `ttnn.conv2d` models it), an
L1-sharded input without a shard spec (a conv_transpose2d output) or sharded over cores that
are neither one rectangle from core (0, 0) nor laid row by row from it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.ir import Attribute, Block, SSAValue
from xdsl.rewriter import Rewriter

from ttnn_xdsl.conv.conv2d_l1_allocation import conv2d_l1_refusal
from ttnn_xdsl.conv.conv_consumption import (
    ConsumptionPath,
    consumption_plan,
    conv2d_refusal,
    kernel_reads,
    weight_reads_in_bounds,
)
from ttnn_xdsl.conv.conv_form import runs_from_dram
from ttnn_xdsl.conv.conv_l1_decisions import DRAM_BFLOAT8_B_REFUSAL, fp32_dest_accumulation
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters, output_image_size
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.conv.conv_transpose import ConvTranspose2dPlan, whole_equivalent_conv
from ttnn_xdsl.core import enums as core
from ttnn_xdsl.dialect.conv2d_ops import (
    Conv2dOp,
    conv2d_consume_from_plan,
    prepared_bias_type,
    prepared_weight_type,
)
from ttnn_xdsl.dialect.prepare_ops import (
    ConvPrepareOp,
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
    conv2d_parameters,
)
from ttnn_xdsl.dialect.tensor_types import tensor_info, tensor_type
from ttnn_xdsl.passes.ttnn_decompose import prepared_operands, zero_stuffed_input
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.ttnn import conversion
from ttnn_xdsl.ttnn.configs import Conv2dConfig, Op2DSliceConfig, WormholeComputeKernelConfig
from ttnn_xdsl.ttnn.conv_preparation import conv1d_weight, op_property
from ttnn_xdsl.ttnn.device import MeshDevice
from ttnn_xdsl.ttnn.enums import (
    BufferType,
    DataType,
    Layout,
    MathFidelity,
    TensorMemoryLayout,
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
from ttnn_xdsl.ttnn.tensor import MadeBy, Tensor

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
        Parameter("padding", f"{_PAIR} | int", _accept_length_padding, 0),
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

_SHARED = (
    "in_channels",
    "out_channels",
    "batch_size",
    "input_height",
    "input_width",
    "kernel_size",
    "stride",
    "padding",
    "dilation",
    "groups",
    "conv_config",
    "compute_config",
)
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
        with ir_refusals(self.name):
            return {
                key: op_property(key, value, self.name)
                for key, value in keywords.items()
                if value is not None
            }


def _host_weight(call: ConvCall, value: DeviceTensor) -> DeviceTensor:
    """A host weight as the prepare op takes it (a conv1d's [O, I, K] as [O, I, 1, K])."""
    return conv1d_weight(value, call.values["input_height"])


def _weight_type(call: ConvCall) -> Attribute:
    """The host weight type the weight's prepare op resolves from: the host weight's, or for
    a prepared weight the OIHW (IOHW) weight it was prepared from, in a float dtype (the
    resolution reads the dtype only when `conv_config.weights_dtype` is not given)."""
    weight = call.weight
    if weight.device() is None:
        return conversion.tensor_type_of(_host_weight(call, weight.value), on_device=False)
    values = call.values
    kernel = values["kernel_size"]
    channels = values["in_channels"], values["out_channels"] // values["groups"]
    if not call.kind.transposed:
        channels = values["out_channels"], values["in_channels"] // values["groups"]
    dtype = weight.value.dtype
    if dtype not in (core.DataType.FLOAT32, core.DataType.BFLOAT16):
        dtype = core.DataType.BFLOAT16
    return tensor_type((*channels, *kernel), dtype, None)


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
    dram_path: bool
    """Whether TT-NN runs the conv on its DRAM path (its output then in DRAM)."""
    output_size: tuple[int, int]
    """(OH, OW) of the conv (the transposed conv's for conv_transpose2d)."""
    transpose: ConvTranspose2dPlan | None = None
    """A transposed conv's preparation (its parameters place the zero-stuffed input)."""


def _detached(
    call: ConvCall, op: type[ConvPrepareOp], source: Attribute, weight: bool
) -> ConvPrepareOp:
    """A prepare op on a value of type `source` outside any function: its resolution and
    result type, for the call's device."""
    argument = Block(arg_types=[source]).args[0]
    target = call.device.target_device
    return op(argument, device=target, **call.prepare_properties(weight=weight))


def _resolve(call: ConvCall, types: list[Attribute], input_type: Attribute | None) -> Resolution:
    """The call's resolution (`types`: the IR types of its weight and bias arguments;
    `input_type`: a conv2d's input type, None for conv_transpose2d). Raises what the prepare
    ops refuse, in TT-NN's terms."""
    target = call.device.target_device
    sources = {"weight_tensor": call.weight, "input_tensor": call.input_tensor}
    bias_type = types[1] if len(types) > 1 else None
    try:
        with ir_refusals(call.name, sources):
            weight_op = _detached(call, call.kind.weight_op, _weight_type(call), True)
            plan = weight_op.resolved(target)
    except RuntimeError as error:
        if str(error).startswith(DRAM_BFLOAT8_B_REFUSAL) and input_type is not None:
            # prepare_conv_weights refuses it; TT-NN's conv2d prepares it on its own path,
            # which `ttnn.conv2d` models.
            return _conv2d_own_resolution(call, [input_type, *types])
        if str(error).startswith(DRAM_BFLOAT8_B_REFUSAL):
            raise NotImplementedError(
                f"ttnn_xdsl.ttnn.{call.name} does not cover this call: TT-NN 0.81.1's conv "
                "prepares bfloat8_b weights for a conv it runs from DRAM on a path of its own "
                "(prepare_conv_weights refuses them), not modelled here; an L1 input "
                "(memory_config=ttnn.L1_MEMORY_CONFIG) or a bfloat16 weight runs"
            ) from None
        raise
    weight_type = types[0] if call.weight.device() is not None else weight_op.result.type
    if call.bias is not None and call.bias.device() is None and bias_type is not None:
        with ir_refusals(call.name, {"bias_tensor": call.bias}):
            bias_type = _detached(call, call.kind.bias_op, bias_type, False).result.type
    if isinstance(plan, ConvTranspose2dPlan):
        conv_plan, equivalent = whole_equivalent_conv(plan)
        return Resolution(
            conv_plan, equivalent, weight_type, bias_type, plan.dram_path, plan.output_size, plan
        )
    params = conv2d_parameters(weight_op, target)
    return Resolution(
        plan, params, weight_type, bias_type, runs_from_dram(params), output_image_size(plan.params)
    )


def _conv2d_own_resolution(call: ConvCall, types: list[Attribute]) -> Resolution:
    """The resolution of a conv2d `prepare_conv_weights` would refuse but TT-NN's conv2d runs
    on its own path (bfloat8_b weights of a conv run from DRAM: planned as bfloat16, then
    typecast), as `ttnn.conv2d`'s decisions give it (`types`: input, weight[, bias])."""
    sources = {"weight_tensor": call.weight, "input_tensor": call.input_tensor}
    with ir_refusals(call.name, sources):
        decision = _conv2d_op(call, list(Block(arg_types=types).args)).decision(
            call.device.target_device
        )
    weight_type = types[1] if call.weight.device() is not None else prepared_weight_type(decision)
    bias_type: Attribute | None = None
    if call.bias is not None:
        bias_type = types[2] if call.bias.device() is not None else prepared_bias_type(decision)
    params = decision.plan.params
    return Resolution(
        decision.plan,
        params,
        weight_type,
        bias_type,
        runs_from_dram(params),
        output_image_size(params),
    )


def _refuse_what_conv2d_refuses(call: ConvCall, resolution: Resolution) -> None:
    """TT-NN's conv2d refusals of a weight and bias prepare accepts (its program factory's
    TT_FATALs, semantics.md §9.3; its L1 allocation, §8.9), and what the consumption op does
    not compute."""
    with ir_refusals(call.name):
        consumption = consumption_plan(resolution.plan)
    rows, cols = tensor_info(resolution.weight_type).physical_shape[-2:]
    bias = resolution.bias_type
    bias_shape = None if bias is None else tensor_info(bias).physical_shape
    refusal = conv2d_refusal(resolution.plan, (rows, cols), bias_shape)
    if refusal is None and not call.kind.transposed:
        # TT-NN's conv2d allocating its L1 (semantics.md §8.9; conv_transpose2d's is a first
        # cut, not applied here).
        refusal = conv2d_l1_refusal(resolution.plan.params, resolution.plan)
    if refusal is not None:
        raise RuntimeError(refusal)
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
            f"{call.name}: the device weight_tensor [{rows}, {cols}] is not the weight this "
            f"conv reads ({beyond}): prepared for other parameters? TT-NN's kernels would "
            "read beyond it"
        )


def _activation(call: ConvCall) -> DeviceTensor:
    """The input as the consumption op reads it: host NHWC, row-major, float32 or bfloat16
    (a bfloat8_b input's values, exact in bfloat16). TT-NN takes [N, H, W, C] or its
    flattened [1, 1, N·H·W, C] (and a conv1d's of rank 3); a transposed conv's input is
    zero-stuffed in the IR (`conv_body`)."""
    values = call.values
    shape = (values["batch_size"], values["input_height"], values["input_width"])
    shape += (values["in_channels"],)
    array = call.input_tensor.value.to_numpy()
    if array.size != int(np.prod(shape)) or array.shape[-1] != shape[-1]:
        raise RuntimeError(
            f"{call.name}: input_tensor of shape {list(array.shape)} is not the "
            f"[N, H, W, C] = {list(shape)} the call gives (nor [1, 1, N·H·W, C])"
        )
    array = array.reshape(shape)
    dtype = call.input_tensor.value.dtype
    if dtype not in (core.DataType.FLOAT32, core.DataType.BFLOAT16):
        dtype = core.DataType.BFLOAT16
    return DeviceTensor.from_numpy(array, dtype, core.Layout.ROW_MAJOR)


def _output_memory_config(call: ConvCall, resolution: Resolution) -> MemoryConfig:
    """The output's memory config: `memory_config` when given; else TT-NN's buffer type and
    memory layout (DRAM interleaved on the DRAM path, else L1 in the conv's shard layout).
    The shard spec of an L1 output is not derived here."""
    given = call.values["memory_config"]
    if given is not None:
        return given
    if resolution.dram_path:
        return DRAM_MEMORY_CONFIG
    layout = TensorMemoryLayout[resolution.plan.sharding.shard_layout.name]
    return MemoryConfig(layout, BufferType.L1)


def _math_fidelity(call: ConvCall) -> str:
    """The compute config's math fidelity (TT-NN's conv2d default: HiFi4)."""
    config = call.values["compute_config"]
    fidelity = MathFidelity.HiFi4 if config is None else config.math_fidelity
    return (MathFidelity.HiFi4 if fidelity == MathFidelity.Invalid else fidelity).name


def conv_body(call: ConvCall, resolution: Resolution, arguments: list[SSAValue]) -> list[SSAValue]:
    """The IR of one conv call. conv2d and conv1d: one `ttnn.conv2d` (its result type TT-NN's
    output, inferred by the op; when the call returns its weights, on the weight and bias
    prepared before it, `_conv2d_body`).
    conv_transpose2d: each host operand through its prepare op, the input zero-stuffed into
    the equivalent conv2d's (`ttnn.zero_stuff`), then one `ttnn.conv2d_consume` of it. Returns
    the output, then the weight and bias it prepared (if any)."""
    if not call.kind.transposed:
        return _conv2d_body(call, arguments)
    activation, weight, *rest = arguments
    target = call.device.target_device
    prepared: list[SSAValue] = []
    if call.weight.device() is None:
        properties = call.prepare_properties(weight=True)
        weight = call.kind.weight_op(weight, device=target, **properties).result
        prepared.append(weight)
    bias = rest[0] if rest else None
    if bias is not None and call.bias is not None and call.bias.device() is None:
        properties = call.prepare_properties(weight=False)
        bias = call.kind.bias_op(bias, device=target, **properties).result
        prepared.append(bias)
    compute = call.values["compute_config"]
    output_dtype = call.values["dtype"] or call.input_tensor.dtype
    plan, params = resolution.plan, resolution.params
    assert resolution.transpose is not None
    stuffed = zero_stuffed_input(activation, resolution.transpose).result
    op = conv2d_consume_from_plan(
        stuffed,
        weight,
        bias,
        plan,
        params,
        output_dtype=conversion.data_type(output_dtype, call.name, "dtype"),
        math_fidelity=_math_fidelity(call),
        fp32_dest_acc_en=fp32_dest_accumulation(params, plan.weights_dtype),
        packer_l1_acc=compute is not None and compute.packer_l1_acc,
    )
    return [op.result, *prepared]


def _conv2d_properties(call: ConvCall) -> dict[str, object]:
    """The `ttnn.conv2d` op's properties: the call's conv parameters and configs, `dtype`."""
    values = call.values
    keywords: dict[str, Any] = {name: values[name] for name in _SHARED}
    keywords |= {"slice_config": values["slice_config"], "dtype": values["dtype"]}
    with ir_refusals(call.name):
        return {
            key: op_property(key, value, call.name)
            for key, value in keywords.items()
            if value is not None
        }


def _conv2d_op(call: ConvCall, arguments: list[SSAValue]) -> Conv2dOp:
    """The call's `ttnn.conv2d` op on `arguments` (input, weight[, bias]), its result type
    inferred for the call's device."""
    activation, weight, *rest = arguments
    return Conv2dOp(
        activation,
        weight,
        rest[0] if rest else None,
        device=call.device.target_device,
        **_conv2d_properties(call),
    )


def _conv2d_body(call: ConvCall, arguments: list[SSAValue]) -> list[SSAValue]:
    """One `ttnn.conv2d`. When the call returns its weights: the preparations of its host
    operands as the op's decomposition makes them (`ttnn_decompose.prepared_operands`), then
    the op on the prepared ones (consumed as given), so each is prepared once."""
    op = _conv2d_op(call, arguments)
    if not call.values["return_weights_and_bias"]:
        return [op.result]
    _, weight, bias = prepared_operands(op, op.decision(call.device.target_device))
    Rewriter.erase_op(op)
    conv = _conv2d_op(call, [arguments[0], weight, *([bias] if bias is not None else [])])
    prepared = [value for value in (weight, bias) if value is not None]
    return [conv.result, *(value for value in prepared if value not in arguments)]


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
            f"{memory.memory_layout.name} in L1 without a shard spec (a conv_transpose2d output "
            "of ttnn_xdsl, whose shard spec is not derived yet); pass it through DRAM: "
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
    if call.kind.transposed:
        resolution = _resolve(call, operand_types, None)
        _refuse_what_conv2d_refuses(call, resolution)
        activation = _activation(call)
        input_type = conversion.tensor_type_of(activation, on_device=False)
        returns_weights = True
    else:
        activation = _input_value(call)
        input_type = _input_type(call, activation)
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
        return conv_body(call, resolution, list(arguments))

    program_call = Call(call.name, types, parameters, device.grid, body, device._opened_with)
    sources = {"weight_tensor": weight} | ({"bias_tensor": bias} if bias is not None else {})
    output, *prepared = run_call(program_call, inputs, device, prepares=True, sources=sources)
    program = program_for(program_call)
    if call.kind.transposed:
        output = _output_layout(call, output)
        memory_config = _output_memory_config(call, resolution)
    else:
        memory_config = call.values["memory_config"] or _conv2d_output_memory_config(program)
    result = Tensor._wrap(output, device, memory_config)
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


def _refuse_a_host_tile_operand(call: ConvCall) -> None:
    """A host weight or bias in TILE layout, which TT-NN's conv refuses to prepare ("Host conv
    weights layout should be in row_major layout"), refused in its words (`in_ttnn_words`)
    before the IR, whose types tell a host tensor by its having no encoding (a TILE tensor
    has one, and would read as a prepared one)."""
    for name, tensor in (("weight_tensor", call.weight), ("bias_tensor", call.bias)):
        if tensor is None or tensor.device() is not None or tensor.layout != Layout.TILE:
            continue
        raise RuntimeError(
            in_ttnn_words(
                f"expected {name} to be a host tensor (no encoding), got a TILE tensor",
                call.name,
                {name: tensor},
            )
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


def _conv2d_output_memory_config(program: Program) -> MemoryConfig:
    """The memory config of the output the call's `ttnn.conv2d` inferred (the program's
    first result type): DRAM interleaved on TT-NN's DRAM path, else sharded in L1 with TT-NN's
    shard spec (its cores, shard shape and orientation), which the next conv reads."""
    memory = program.results[0].tensor.memory_config
    assert memory is not None  # a conv2d's output is on the device
    return conversion.memory_config_of(memory)


def _output_layout(call: ConvCall, output: DeviceTensor) -> DeviceTensor:
    """The output in `conv_config.output_layout`: TILE as computed, or ROW_MAJOR (the same
    values untilized, exact)."""
    config = call.values["conv_config"]
    if config is None or config.output_layout != Layout.ROW_MAJOR:
        return output
    if output.dtype == core.DataType.BFLOAT8_B:
        raise RuntimeError(f"{call.name}: a bfloat8_b output is TILE (ROW_MAJOR asked)")
    return DeviceTensor.from_numpy(output.to_numpy(), output.dtype, core.Layout.ROW_MAJOR)


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

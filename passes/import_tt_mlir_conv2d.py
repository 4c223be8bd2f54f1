"""`import-tt-mlir-conv2d`: tt-mlir's `ttnn.conv2d` and `ttnn.conv_transpose2d` → the
project's ops that compute them.

tt-mlir writes its conv in generic form (the project parses it as an unregistered op):

    %y = "ttnn.conv2d"(%x, %w, %b, %device) <{in_channels = 16 : i32, …, conv2d_config = …,
      dtype = #ttcore.supportedDataTypes<bf16>}> : (tensor<1x1x14400x16xbf16, …>, …) -> …

with the input flattened to `[1, 1, N·H·W, C]` and the output `[1, 1, N·OH·OW, Cout]`; the
weight and bias are either host tensors (TT-NN's conv2d prepares them) or prepared device
tensors (consumed as given): a `ttnn.prepare_conv2d_weights` inline, or the result of a
const-eval function through `ttcore.load_cached`. After `import-tt-mlir`, each such conv in a
function whose other ops the project runs becomes (`conv_ops`):

- tt-mlir's bookkeeping of that function as the project's ops (`run_as_project_ops`, as
  `convert-ttnn-to-tiles` does first anyway), so that every tensor has the project's type;
- a host weight or bias through `ttnn.prepare_conv_weights` / `prepare_conv_bias`, with the
  conv's parameters and its input tensor's memory config, layout and dtype (what TT-NN's conv2d
  passes them); a prepared weight whose tt-mlir type holds only its logical shape (a function
  argument) takes the type TT-NN prepares;
- the input made row-major on the host (`to_layout`, a `typecast` to bf16 for a bfloat8_b input)
  and reshaped to `[N, H, W, C]`;
- one `ttnn.conv2d_consume` (docs/semantics.md §9), its result converted to the conv's result
  type.

Refused at the conv, in one line: what TT-NN's conv2d program factory refuses of the weight and
bias (semantics.md §9.3), where its L1 allocation fails (§8.9). A 1D depthwise conv runs on
its elementwise-tap path (`lower_depthwise_conv1d`).

tt-mlir's `ttnn.conv_transpose2d` (the same operands, `output_padding` more; no
`mirror_kernel`: TT-NN's default) becomes what `ttnn-decompose` makes of the project's
`ttnn.conv_transpose2d` (`conv_transpose_ops`): `prepare_conv_transpose2d_weights` / `_bias`,
the input zero-stuffed (`ttnn.zero_stuff`) and one `ttnn.conv2d_consume` of the equivalent
conv2d; refused at the conv with TT-NN's conv_transpose2d decisions
(`conv2d_decisions.resolve_conv_transpose2d`).

There is no way back: the result
holds project ops `export-tt-mlir` does not write (run `ttnn-opt -p import-tt-mlir` alone for a
file to give back to tt-mlir). Functions holding other tt-mlir ops the project does not run are
left as they are."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    BoolAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    UnregisteredOp,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.irdl import VerificationContext, irdl_to_attr_constraint
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv2d_decisions import resolve_conv_transpose2d
from ttnn_xdsl.conv.conv_l1_decisions import fp32_dest_accumulation
from ttnn_xdsl.conv.conv_transpose import whole_equivalent_conv
from ttnn_xdsl.core.enums import DataType, TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvConfigError, TensorTypeError, TTNNError
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    DataTypeAttr,
    LayoutAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
)
from ttnn_xdsl.dialect.call_graph import function_table
from ttnn_xdsl.dialect.conv2d_ops import (
    ConvConsumeOp,
    conv2d_consume_from_plan,
    math_fidelity_name,
)
from ttnn_xdsl.dialect.device import module_device
from ttnn_xdsl.dialect.keyword_properties import OpProperty
from ttnn_xdsl.dialect.prepare_op_properties import (
    COMPUTE_CONFIG_PROPERTY,
    CONV2D_BIAS_PROPERTIES,
    CONV2D_WEIGHTS_PROPERTIES,
    CONV_CONFIG,
    CONV_GEOMETRY,
    CONV_TRANSPOSE2D_BIAS_PROPERTIES,
    CONV_TRANSPOSE2D_WEIGHTS_PROPERTIES,
    DATA_TYPE,
    MEMORY_CONFIG,
    OUTPUT_PADDING,
    SLICE_CONFIG_PROPERTY,
    TT_MLIR_DATA_TYPE,
)
from ttnn_xdsl.dialect.prepare_ops import (
    ConvPrepareOp,
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
    conv2d_parameters,
)
from ttnn_xdsl.dialect.tensor_types import denote_same_tensor, tensor_info, tensor_type
from ttnn_xdsl.dialect.tt_mlir import (
    TT_MLIR_CONV2D,
    DeviceType,
    GetDeviceOp,
    ReshapeOp,
    foreign_op_name,
    is_tt_mlir_conv,
    layout_of,
    project_tensor_type,
)
from ttnn_xdsl.dialect.tt_mlir_attributes import CoreRangeSetAttr
from ttnn_xdsl.dialect.tt_mlir_names import TT_MLIR_OP_PROPERTIES
from ttnn_xdsl.passes.import_tt_mlir import check_single_device, project_properties
from ttnn_xdsl.passes.lowering import refresh_signature
from ttnn_xdsl.passes.tt_mlir_bookkeeping import convert, located_type_error, run_as_project_ops
from ttnn_xdsl.passes.ttnn_decompose import transposed_bias_config, zero_stuffed_input

__all__ = ["ImportTTMLIRConv2d", "import_tt_mlir_conv2d", "is_tt_mlir_conv", "is_tt_mlir_conv2d"]

_REQUIRED = tuple(prop.name for prop in CONV_GEOMETRY)
"""The geometry tt-mlir's conv2d and conv_transpose2d require (tt-mlir spells it as the
project's conv ops do)."""

_CONV_PARAMETERS = (
    *_REQUIRED,
    "output_padding",
    "conv2d_config",
    "compute_config",
    "conv2d_slice_config",
)
"""The conv's properties its prepare ops take as they are (tt-mlir's spelling; a
conv_transpose2d's `output_padding` its weight's only)."""

CONV_DTYPE = OpProperty(
    "dtype", DATA_TYPE, required=False, default=None, tt_mlir_kind=TT_MLIR_DATA_TYPE
)
"""tt-mlir's conv output dtype (its prepare ops' `output_dtype`)."""

_CONV2D_PROPERTIES = (
    *CONV_GEOMETRY,
    CONV_CONFIG,
    COMPUTE_CONFIG_PROPERTY,
    SLICE_CONFIG_PROPERTY,
    CONV_DTYPE,
)
TT_MLIR_CONV_PROPERTIES: dict[str, tuple[OpProperty, ...]] = {
    "conv2d": _CONV2D_PROPERTIES,
    "conv_transpose2d": (
        *_CONV2D_PROPERTIES,
        OUTPUT_PADDING,
        OpProperty("memory_config", MEMORY_CONFIG, required=False, default=None),
    ),
}
"""The properties tt-mlir's conv2d and conv_transpose2d declare, each with the kind of value
it holds."""


def is_tt_mlir_conv2d(op: Operation) -> bool:
    """tt-mlir's `ttnn.conv2d` (generic form, unregistered)."""
    return isinstance(op, UnregisteredOp) and op.op_name.data == TT_MLIR_CONV2D


def _conv_name(conv: Operation) -> str:
    return cast(UnregisteredOp, conv).op_name.data


def import_tt_mlir_conv2d(module: ModuleOp) -> int:
    """Import every tt-mlir conv2d and conv_transpose2d of `module` in a function the project
    can run once they are imported; returns how many."""
    table = function_table(module)
    count = 0
    for function in [op for op in module.walk() if isinstance(op, func.FuncOp)]:
        convs = [op for op in function.walk() if is_tt_mlir_conv(op)]
        others = [
            op for op in function.walk() if foreign_op_name(op) is not None and op not in convs
        ]
        if not convs or others:
            continue
        for conv in convs:
            _check_device(conv)  # its operand's type before the bookkeeping retypes any
        # The input's shard spec is in its tt-mlir layout only (the project's type keeps the
        # memory layout kind): read it before the bookkeeping gives the project's types.
        inputs = {conv: _input_properties(conv.operands[0]) for conv in convs}
        run_as_project_ops(function, table)
        for conv in convs:
            if is_tt_mlir_conv2d(conv):
                conv_ops(conv, inputs[conv])
            else:
                conv_transpose_ops(conv, inputs[conv])
        for device in [op for op in function.walk() if isinstance(op, GetDeviceOp)]:
            if not device.device.uses:
                Rewriter.erase_op(device)
        refresh_signature(function)
        count += len(convs)
    return count


def _check_required_properties(conv: Operation) -> None:
    """tt-mlir's conv requires its geometry (`_REQUIRED`); a missing one is named, with the
    property of another name written instead, if any."""
    known = TT_MLIR_OP_PROPERTIES[_conv_name(conv).removeprefix("ttnn.")]
    for name in _REQUIRED:
        if name not in conv.properties:
            unknown = sorted(set(conv.properties) - known)
            written = f", got the unknown property '{unknown[0]}'" if unknown else ""
            raise _error(conv, f"property '{name}' expected{written}")


def _check_properties(conv: Operation) -> None:
    """The required properties present (`_check_required_properties`), no property tt-mlir's
    conv does not declare (a misspelled optional one would be ignored: the conv would run
    without it), each holding its kind of value (`TT_MLIR_CONV_PROPERTIES`) and `dtype` one
    the project computes in — each refusal one line naming the property and what it needs."""
    _check_required_properties(conv)
    declared = {
        prop.spelled(tt_mlir=True): prop
        for prop in TT_MLIR_CONV_PROPERTIES[_conv_name(conv).removeprefix("ttnn.")]
    }
    for name, value in conv.properties.items():
        prop = declared.get(name)
        if prop is None:
            close = difflib.get_close_matches(name, list(declared), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise _error(conv, f"has no property '{name}'{hint}")
        kind = prop.tt_mlir_kind or prop.kind
        try:
            irdl_to_attr_constraint(kind.constraint()).verify(value, VerificationContext())
        except VerifyException:
            raise _error(
                conv, f"expected {name} to be {kind.generic_spelling()}, got {value}"
            ) from None
    project_properties(conv, (CONV_DTYPE,), conv.properties)


def _check_device(conv: Operation) -> None:
    """tt-mlir's conv takes the device it runs on as its last operand (a conv without it
    would have its bias read as the device, or its weight); the project runs convs on one
    device (`check_single_device`)."""
    device = conv.operands[-1] if conv.operands else None
    if device is None or not isinstance(device.type, DeviceType):
        got = "nothing" if device is None else str(device.type)
        raise _error(
            conv, f"expected its last operand to be the !ttnn.device it runs on, got {got}"
        )
    check_single_device(conv, device, "runs convs on")


def _error(conv: Operation, message: str) -> TTNNError:
    return TTNNError(f"'{_conv_name(conv)}' op {message}", op=conv)


def _insert(op: Operation, conv: Operation) -> Operation:
    Rewriter.insert_op(op, InsertPoint.before(conv))
    op.location = conv.location
    return op


def _prepare_properties(conv: Operation) -> dict[str, Attribute]:
    """The properties of the conv's prepare ops in tt-mlir's spelling: the conv's own and
    its output dtype (`dtype`, the prepare ops' `output_dtype`)."""
    given = conv.properties
    properties = {name: given[name] for name in _CONV_PARAMETERS if name in given}
    if "dtype" in given:
        properties["output_dtype"] = given["dtype"]
    return properties


def _input_properties(input_value: SSAValue) -> dict[str, Attribute]:
    """The prepare ops' input memory config, layout and dtype: the conv's input tensor's, in
    the project's spelling (its type in tt-mlir's layout or the project's). A tt-mlir layout
    sharded over one rectangle of cores from (0, 0) gives the shard spec: its memref is one
    core's shard (tiles of 32×32, or elements), its `core_ranges` the grid; tt-mlir's layout
    has no orientation (row_major)."""
    try:
        info = tensor_info(project_tensor_type(input_value.type))
    except TensorTypeError as error:
        raise located_type_error(input_value, error) from None
    memory = info.memory_config or DRAM_INTERLEAVED
    layout = layout_of(input_value.type)
    if (
        layout is not None
        and isinstance(layout.core_ranges, CoreRangeSetAttr)
        and layout.core_ranges.origin_rectangle() is not None
        and memory.memory_layout.data != TensorMemoryLayout.INTERLEAVED
    ):
        rows, columns = layout.memref.get_shape()[-2:]
        tile = TILE_SIZE if layout.tiled else 1
        grid = cast(tuple[int, int], layout.core_ranges.origin_rectangle())
        spec = ShardSpecAttr(grid, (rows * tile, columns * tile))
        memory = MemoryConfigAttr(memory.buffer_type.data, memory.memory_layout.data, spec)
    return {
        "input_memory_config": memory,
        "input_layout": LayoutAttr(info.layout),
        "input_dtype": DataTypeAttr(info.dtype),
    }


def _prepare(
    conv: Operation,
    kind: type[ConvPrepareOp],
    source: SSAValue,
    properties: dict[str, Attribute],
    insert: bool,
) -> ConvPrepareOp:
    """The project's prepare op of `source` for the conv (inserted before it when `insert`;
    else built apart, for its resolution), its result type inferred."""
    op = kind.create(operands=[source], result_types=[source.type], properties=properties)
    device = module_device(conv)
    if insert:
        _insert(op, conv)
    try:
        inferred = op.inferred_result_type(device)
    except Exception as error:  # the prepare op's verifier or the resolution
        if insert:
            Rewriter.erase_op(op)
        message = str(error).split(" op ", 1)[-1] if "' op " in str(error) else str(error)
        raise _error(conv, message) from None
    Rewriter.replace_value_with_new_type(op.result, inferred)
    return op


def _weight_source_type(conv: Operation, weight: SSAValue) -> Attribute:
    """The host weight type a prepared (device) weight was prepared from, for the
    resolution: OIHW [Cout, Cin/groups, KH, KW] (a conv_transpose2d's IOHW [Cin,
    Cout/groups, KH, KW]) in its float dtype (bf16 for bfloat8_b)."""
    given = conv.properties

    def integer(name: str) -> int:
        return cast(IntegerAttr, given[name]).value.data

    kernel = tuple(int(v) for v in given["kernel_size"].get_values())  # type: ignore[attr-defined]
    dtype = tensor_info(weight.type).dtype
    if dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
        dtype = DataType.BFLOAT16
    channels = (integer("out_channels"), integer("in_channels") // integer("groups"))
    if is_tt_mlir_conv2d(conv):
        shape = (*channels, *kernel)
    else:
        shape = (integer("in_channels"), integer("out_channels") // integer("groups"), *kernel)
    return tensor_type(shape, dtype, None)


def _math_fidelity(conv: Operation) -> str:
    return math_fidelity_name(conv.properties.get("compute_config"))


def conv_ops(conv: Operation, inputs: dict[str, Attribute]) -> None:
    """Replace tt-mlir's conv2d `conv` (its operands already of the project's types) by the
    project's ops (see the module doc). It builds the consumption itself rather than the
    project's `ttnn.conv2d`: the input's shard spec is in its tt-mlir layout only (`inputs`),
    not in the value's type the op would read, and the result keeps tt-mlir's type."""
    # conv_consumption (NumPy) is imported here: compiling IR without a conv loads no NumPy.
    from ttnn_xdsl.conv.conv2d_l1_allocation import conv2d_l1_refusal
    from ttnn_xdsl.conv.conv_consumption import (
        consumption_plan,
        conv2d_refusal,
        refuse_unmodelled_reads,
    )

    _check_properties(conv)
    input_value, weight, *rest = conv.operands[:-1]
    bias = rest[0] if rest else None
    tt_mlir_properties = _prepare_properties(conv)
    weight_properties = project_properties(conv, CONV2D_WEIGHTS_PROPERTIES, tt_mlir_properties)
    weight_properties |= inputs | {
        "weights_format": StringAttr("OIHW"),
        "has_bias": BoolAttr.from_bool(bias is not None),
    }
    host_weight = tensor_info(weight.type).on_host
    if host_weight:
        weight_op = _prepare(conv, PrepareConvWeightsOp, weight, weight_properties, True)
        weight = weight_op.result
    else:
        source = Block(arg_types=[_weight_source_type(conv, weight)]).args[0]
        weight_op = _prepare(conv, PrepareConvWeightsOp, source, weight_properties, False)
        weight = _as_prepared(conv, weight, weight_op.result.type)
    device = module_device(conv)
    try:
        plan = weight_op.resolve(device)
    except Exception as error:  # resolved already when the type was inferred
        raise _error(conv, str(error)) from None
    params = conv2d_parameters(weight_op, device)
    if bias is not None and tensor_info(bias.type).on_host:
        bias_properties = project_properties(conv, CONV2D_BIAS_PROPERTIES, tt_mlir_properties)
        bias = _prepare(conv, PrepareConvBiasOp, bias, bias_properties | inputs, True).result
    try:
        # What the consumption cannot read: refused here, at the conv.
        refuse_unmodelled_reads(consumption_plan(plan))
    except ConvConfigError as error:
        raise _error(conv, str(error)) from None
    weight_shape = tensor_info(weight.type).physical_shape
    bias_shape = None if bias is None else tensor_info(bias.type).physical_shape
    refusal = conv2d_refusal(plan, (weight_shape[-2], weight_shape[-1]), bias_shape)
    if refusal is None:
        refusal = conv2d_l1_refusal(plan.params, plan)  # TT-NN's L1 allocation (§8.9)
    if refusal is not None:
        raise _error(conv, refusal)
    activation = _activation(conv, input_value)
    output_dtype = tensor_info(conv.results[0].type).dtype
    compute = params.compute_config
    try:
        consume = conv2d_consume_from_plan(
            activation,
            weight,
            bias,
            plan,
            params,
            output_dtype=output_dtype,
            math_fidelity=_math_fidelity(conv),
            fp32_dest_acc_en=fp32_dest_accumulation(params, plan.weights_dtype),
            packer_l1_acc=compute is not None and compute.packer_l1_acc,
            conv_config=params.conv_config,
        )
    except ConvConfigError as error:  # a conv-only field the run does not model
        raise _error(conv, str(error)) from None
    _replace_by_consumption(conv, consume)


def conv_transpose_ops(conv: Operation, inputs: dict[str, Attribute]) -> None:
    """Replace tt-mlir's conv_transpose2d `conv` (its operands already of the project's
    types) by the project's ops, as `ttnn-decompose` makes of the project's
    `ttnn.conv_transpose2d` and `conv_ops` of a conv2d: a host weight and bias through
    `ttnn.prepare_conv_transpose2d_weights` / `_bias` (tt-mlir's conv writes no
    `mirror_kernel`: TT-NN's default, true; the bias in the weight's weights dtype), a
    prepared weight as given (a function argument takes the type TT-NN prepares), TT-NN's
    conv_transpose2d decisions checked (`resolve_conv_transpose2d`: the input's place in L1,
    the equivalent conv's L1 allocation, the program factories' checks), the input row-major
    `[N, H, W, C]` zero-stuffed (`ttnn.zero_stuff`), then one `ttnn.conv2d_consume` of the
    equivalent conv2d over the whole stuffed input, converted to the conv's result type."""
    from ttnn_xdsl.conv.conv_consumption import (
        consumption_plan,
        conv2d_refusal,
        refuse_unmodelled_reads,
    )

    _check_properties(conv)
    input_value, weight, *rest = conv.operands[:-1]
    bias = rest[0] if rest else None
    tt_mlir_properties = _prepare_properties(conv)
    weight_properties = project_properties(
        conv, CONV_TRANSPOSE2D_WEIGHTS_PROPERTIES, tt_mlir_properties
    )
    weight_properties |= inputs | {
        "weights_format": StringAttr("IOHW"),
        "has_bias": BoolAttr.from_bool(bias is not None),
    }
    kind = PrepareConvTranspose2dWeightsOp
    if tensor_info(weight.type).on_host:
        weight_op = _prepare(conv, kind, weight, weight_properties, True)
        weight = weight_op.result
    else:
        source = Block(arg_types=[_weight_source_type(conv, weight)]).args[0]
        weight_op = _prepare(conv, kind, source, weight_properties, False)
        weight = _as_prepared(conv, weight, weight_op.result.type)
    assert isinstance(weight_op, PrepareConvTranspose2dWeightsOp)
    device = module_device(conv)
    try:
        transpose = weight_op.transpose_plan(device)
        decision = resolve_conv_transpose2d(transpose.params)
        plan, params = whole_equivalent_conv(transpose)
        refuse_unmodelled_reads(consumption_plan(plan))  # refused at the conv
    except ConvConfigError as error:
        raise _error(conv, str(error)) from None
    if bias is not None and tensor_info(bias.type).on_host:
        bias_properties = project_properties(
            conv, CONV_TRANSPOSE2D_BIAS_PROPERTIES, tt_mlir_properties
        )
        bias_properties["conv_config"] = transposed_bias_config(
            bias_properties.get("conv_config"), decision.weights_dtype
        )
        bias_op = _prepare(conv, PrepareConvTranspose2dBiasOp, bias, bias_properties | inputs, True)
        bias = bias_op.result
    weight_shape = tensor_info(weight.type).physical_shape
    bias_shape = None if bias is None else tensor_info(bias.type).physical_shape
    # The program factories' checks of the weight and bias the conv is given (a prepared bias
    # of another width).
    refusal = conv2d_refusal(decision.plan, (weight_shape[-2], weight_shape[-1]), bias_shape)
    if refusal is not None:
        raise _error(conv, refusal)
    activation = _activation(conv, input_value)
    stuffed = _insert(zero_stuffed_input(activation, transpose), conv).results[0]
    compute = transpose.params.compute_config
    try:
        consume = conv2d_consume_from_plan(
            stuffed,
            weight,
            bias,
            plan,
            params,
            output_dtype=tensor_info(conv.results[0].type).dtype,
            math_fidelity=_math_fidelity(conv),
            fp32_dest_acc_en=fp32_dest_accumulation(params, decision.weights_dtype),
            packer_l1_acc=compute is not None and compute.packer_l1_acc,
            conv_config=transpose.params.conv_config,
        )
    except ConvConfigError as error:  # a conv-only field the run does not model
        raise _error(conv, str(error)) from None
    _replace_by_consumption(conv, consume)


def _replace_by_consumption(conv: Operation, consume: ConvConsumeOp) -> None:
    """Insert the consumption before `conv` and give its result, converted to the conv's
    result type, to the conv's users; refused when the conv's result is of another shape."""
    written = tensor_info(conv.results[0].type).shape
    computed = tensor_info(consume.result.type).shape
    if written != computed:
        raise _error(
            conv,
            f"result shape {list(written)} is not the conv's output {list(computed)} "
            "([1, 1, N·OH·OW, Cout])",
        )
    _insert(consume, conv)
    result = convert(consume.result, conv.results[0].type, conv)
    conv.results[0].replace_all_uses_with(result)
    Rewriter.erase_op(conv)


def _as_prepared(conv: Operation, weight: SSAValue, prepared: Attribute) -> SSAValue:
    """A device weight with the type TT-NN prepares for this conv: as it is when it has it;
    a function argument whose tt-mlir type gave only the logical shape takes it (its bytes
    are the physical tensor, as a `.tensorbin` holds them); anything else of another type is
    refused, naming both."""
    if denote_same_tensor(weight.type, prepared):
        return weight
    written, wanted = tensor_info(weight.type), tensor_info(prepared)
    same_logical = (written.shape, written.dtype, written.layout) == (
        wanted.shape,
        wanted.dtype,
        wanted.layout,
    )
    if same_logical and isinstance(weight, BlockArgument):
        return Rewriter.replace_value_with_new_type(weight, prepared)
    raise _error(
        conv,
        f"expected the prepared weight of type {prepared} (what TT-NN prepares for this conv), "
        f"got {weight.type}",
    )


def _activation(conv: Operation, value: SSAValue) -> SSAValue:
    """The conv's input as the consumption reads it: row-major on the host (float32 or
    bfloat16), `[N, H, W, C]`."""
    given = conv.properties

    def integer(name: str) -> int:
        return cast(IntegerAttr, given[name]).value.data

    info = tensor_info(value.type)
    dtype = info.dtype if info.dtype in (DataType.FLOAT32, DataType.BFLOAT16) else DataType.BFLOAT16
    host = convert(value, tensor_type(info.shape, dtype, None), conv)
    nhwc = (
        integer("batch_size"),
        integer("input_height"),
        integer("input_width"),
        integer("in_channels"),
    )
    if info.shape == nhwc:
        return host
    if (
        len(info.shape) != 4
        or info.shape[:2] != (1, 1)
        or info.shape[2:]
        != (
            nhwc[0] * nhwc[1] * nhwc[2],
            nhwc[3],
        )
    ):
        raise _error(
            conv,
            f"expected the input [1, 1, N·H·W, C] = [1, 1, {nhwc[0] * nhwc[1] * nhwc[2]}, "
            f"{nhwc[3]}] or [N, H, W, C], got {list(info.shape)}",
        )
    reshape = ReshapeOp.create(operands=[host], result_types=[tensor_type(nhwc, dtype, None)])
    return _insert(reshape, conv).results[0]


@dataclass(frozen=True)
class ImportTTMLIRConv2d(ModulePass):
    """tt-mlir's ttnn.conv2d → the project's prepare ops and ttnn.conv2d_consume (see the
    module doc)."""

    name = "import-tt-mlir-conv2d"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        import_tt_mlir_conv2d(op)

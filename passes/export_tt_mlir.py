"""`export-tt-mlir`: write the project's conv preparation ops as tt-mlir's.

Each `ttnn.prepare_conv_weights` / `ttnn.prepare_conv_bias` becomes tt-mlir's
`ttnn.prepare_conv2d_weights` / `ttnn.prepare_conv2d_bias`, and each
`ttnn.prepare_conv_transpose2d_weights` / `_bias` tt-mlir's op of the same name, in the
generic form tt-mlir parses:

- its device is the nearest `ttnn.get_device` before it in its block, or a new
  `"ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}>` placed before it;
- a host weight or bias gets tt-mlir's host layout, `#ttnn.ttnn_layout<(d0, d1, d2, d3) ->
  (d0 * C·H + d1 * H + d2, d3), <1x1>, memref<ROWSxCOLSxT, #system_memory>>`, in the function
  signature as well;
- the result gets tt-mlir's result-type convention: the **logical** shape of the prepared
  tensor, in tiles counted from that shape, `memref<⌈R/32⌉x⌈C/32⌉x!ttcore.tile<32x32, DT>,
  #dram>, <interleaved>`, with the element type f32 or bf16 (bf16 for bfloat8_b, whose tiles
  say `bfp_bf8`). The physical shape of semantics.md §3.3 step 11 has no place in that type;
  it travels with the prepared bytes (a `.tensorbin` file's alignment);
- properties get tt-mlir's names (from the ops' one declaration) and spellings
  (`input_tensor_layout`, `conv2d_config`,
  `conv2d_slice_config`, `#ttcore.supportedDataTypes<…>`, `bfp_bf8`, the positional shard
  spec); `input_dtype`, which tt-mlir requires, defaults to the source tensor's dtype.

Other ops are left alone. The project's other ops (`assign_bw`, `typecast`, the layout ops,
the lowered loops) have no tt-mlir form and are refused, as are `conv2d_config` fields
tt-mlir does not have (`full_inner_dim`, `enable_activation_reuse` set to true).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, NoneAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from ttnn_xdsl.conv.conv2d_config import CONV2D_CONFIG_FIELDS
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.dialect.attributes import (
    Conv2dConfigAttr,
    DataTypeAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
)
from ttnn_xdsl.dialect.keyword_properties import OpProperty
from ttnn_xdsl.dialect.prepare_op_properties import (
    CONV2D_CONFIG,
    MEMORY_CONFIG,
    TT_MLIR_DATA_TYPE,
)
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.dialect.tt_mlir import (
    TT_MLIR_OPS,
    GetDeviceOp,
    TTMLIRPrepareOp,
    TTNNLayoutAttr,
)
from ttnn_xdsl.dialect.tt_mlir_attributes import CoreRangeAttr, CoreRangeSetAttr
from ttnn_xdsl.dialect.ttcore import SupportedDataTypesAttr, ttcore_data_type
from ttnn_xdsl.dialect.types import element_type_for
from ttnn_xdsl.passes.import_tt_mlir import (
    PROJECT_OPS,
    defining_function,
    enclosing_function,
    follow_callee_types,
    retype,
)
from ttnn_xdsl.passes.lowering import refresh_signature

TT_MLIR_OPS_OF: dict[type[ConvPrepareOp], type[TTMLIRPrepareOp]] = {
    project: tt_mlir for tt_mlir, project in PROJECT_OPS.items()
}
"""tt-mlir's op for each of the project's prepare ops."""


def _supported_data_type(value: Attribute) -> SupportedDataTypesAttr:
    return SupportedDataTypesAttr(ttcore_data_type(cast(DataTypeAttr, value).data))


def _conv2d_config(op: ConvPrepareOp, config: Conv2dConfigAttr) -> Conv2dConfigAttr:
    """The conv config in tt-mlir's spelling; a field tt-mlir's `#ttnn.conv2d_config` does not
    have (`ConfigField.tt_mlir_name` None) is left out at its default and refused otherwise (it
    would change what TT-NN does, and tt-mlir cannot write it)."""
    fields = dict(config.fields())
    record = config.conv_config()
    for declared in CONV2D_CONFIG_FIELDS:
        if declared.tt_mlir_name is not None:
            continue
        fields.pop(declared.name, None)
        value = getattr(record, declared.name)
        if value != declared.default:
            raise TTNNError(
                f"'{op.name}' op conv_config.{declared.name} = {_spelled(value)} has no tt-mlir "
                "counterpart (tt-mlir's #ttnn.conv2d_config has no such field)",
                op=op,
            )
    weights_dtype = fields.get("weights_dtype")
    if isinstance(weights_dtype, DataTypeAttr):
        fields["weights_dtype"] = _supported_data_type(weights_dtype)
    return Conv2dConfigAttr.from_fields(fields)


def _spelled(value: object) -> str:
    """A config value as the IR writes it (`true`, `replicate`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _memory_config(memory: MemoryConfigAttr) -> MemoryConfigAttr:
    """The memory config with its shard spec in tt-mlir's positional form."""
    spec = memory.shard_spec
    if not isinstance(spec, ShardSpecAttr) or isinstance(spec.grid, CoreRangeSetAttr):
        return memory
    x, y = spec.grid_shape
    cores = CoreRangeSetAttr([CoreRangeAttr((0, 0), (x - 1, y - 1))])
    positional = ShardSpecAttr.positional(cores, spec.shard_shape, spec.shard_orientation)
    return MemoryConfigAttr.new([memory.buffer_type, memory.memory_layout, positional])


def _tt_mlir_value(op: ConvPrepareOp, prop: OpProperty, value: Attribute) -> Attribute:
    """A property's value in tt-mlir's spelling."""
    if prop.tt_mlir_kind is TT_MLIR_DATA_TYPE:
        return _supported_data_type(value)
    if prop.kind is CONV2D_CONFIG:
        return _conv2d_config(op, cast(Conv2dConfigAttr, value))
    if prop.kind is MEMORY_CONFIG:
        return _memory_config(cast(MemoryConfigAttr, value))
    return value


def tt_mlir_result_type(op: ConvPrepareOp) -> TensorType[Attribute]:
    """tt-mlir's type for the prepared tensor: its logical shape, tiles from that shape."""
    info = tensor_info(op.result.type)
    element = element_type_for(
        DataType.BFLOAT16 if info.dtype == DataType.BFLOAT8_B else info.dtype
    )
    layout = TTNNLayoutAttr.dram_tiles(info.shape, ttcore_data_type(info.dtype))
    return TensorType(element, info.shape, layout)


def tt_mlir_host_type(value: SSAValue) -> TensorType[Attribute]:
    """tt-mlir's type for a host tensor: row-major in system_memory."""
    tensor = cast(TensorType[Attribute], value.type)
    if not isinstance(tensor.encoding, NoneAttr):
        return tensor
    shape = tensor.get_shape()
    return TensorType(tensor.element_type, shape, TTNNLayoutAttr.host(shape, tensor.element_type))


def _device_for(op: Operation) -> SSAValue:
    """The nearest `ttnn.get_device` before `op` in its block, else a new 1x1 one."""
    previous = op.prev_op
    while previous is not None:
        if isinstance(previous, GetDeviceOp):
            return previous.device
        previous = previous.prev_op
    device = GetDeviceOp()
    Rewriter.insert_op(device, InsertPoint.before(op))
    return device.device


def export_prepare_op(op: ConvPrepareOp) -> Operation:
    """Replace one of the project's prepare ops by tt-mlir's (see the module doc)."""
    source_info = tensor_info(op.source.type)
    result_type = tt_mlir_result_type(op)
    source = retype(op.source, tt_mlir_host_type(op.source))
    declared = {prop.name: prop for prop in op.PROPERTIES}
    properties: dict[str, Attribute] = {}
    for name, value in op.properties.items():
        prop = declared[name]
        properties[prop.spelled(tt_mlir=True)] = _tt_mlir_value(op, prop, value)
    if "input_dtype" not in properties:
        properties["input_dtype"] = SupportedDataTypesAttr(ttcore_data_type(source_info.dtype))
    device = _device_for(op)
    new_op = TT_MLIR_OPS_OF[type(op)].create(
        operands=[source, device],
        result_types=[result_type],
        properties=properties,
        attributes=dict(op.attributes),
        location=op.location,
    )
    Rewriter.replace_op(op, new_op)
    return new_op


def _refuse_unexportable(module: ModuleOp) -> None:
    """The project's ops other than the prepare ops have no tt-mlir form."""
    for op in module.walk():
        if isinstance(op, (ConvPrepareOp, *TT_MLIR_OPS)):
            continue
        if op.dialect_name() in ("ttnn", "tile"):
            raise TTNNError(
                f"'{op.name}' op has no tt-mlir form: export-tt-mlir writes the prepare ops "
                "(ttnn.prepare_conv_weights, ttnn.prepare_conv_bias, "
                "ttnn.prepare_conv_transpose2d_weights and _bias; run it before ttnn-lower)",
                op=op,
            )


def export_tt_mlir(module: ModuleOp) -> list[Operation]:
    """Export every prepare op of `module`; returns tt-mlir's new ops."""
    _refuse_unexportable(module)
    ops = [op for op in module.walk() if isinstance(op, ConvPrepareOp)]
    functions: set[func.FuncOp] = set()
    exported: list[Operation] = []
    for op in ops:
        for function in (defining_function(op.source), enclosing_function(op)):
            if function is not None:
                functions.add(function)
        exported.append(export_prepare_op(op))
    for function in functions:
        refresh_signature(function)
    follow_callee_types(module)
    return exported


@dataclass(frozen=True)
class ExportTTMLIR(ModulePass):
    """The project's prepare ops → tt-mlir's (see the module doc)."""

    name = "export-tt-mlir"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        export_tt_mlir(op)

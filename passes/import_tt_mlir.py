"""`import-tt-mlir`: turn tt-mlir's conv preparation ops into the project's.

For each `ttnn.prepare_conv2d_weights` / `ttnn.prepare_conv2d_bias` (the project's
`ttnn.prepare_conv_weights` / `prepare_conv_bias`) and `ttnn.prepare_conv_transpose2d_weights`
/ `_bias` (the project's ops of the same names, semantics.md §7):

- the `!ttnn.device` operand is dropped, and a `ttnn.get_device` left without users is
  erased (the project prepares for one device: a mesh other than 1x1 is refused);
- the host weight or bias loses its `#ttnn.ttnn_layout` (it must be a row-major tensor in
  `system_memory`, as TT-NN requires), in the function signature as well;
- properties get the project's names (`input_tensor_layout` → `input_layout`, `conv2d_config`
  → `conv_config`, `conv2d_slice_config` → `slice_config`, or `dram_slice_config` for the
  transposed ops, TT-NN's name: the ops' one declaration,
  `dialect/prepare_op_properties.py`, names both), `#ttcore.supportedDataTypes` become
  `#ttnn.data_type`, `bfp_bf8` becomes `bfp8_b`, a positional shard spec becomes the
  project's `grid = XxY` form, and the stray `dtype` key some tt-mlir files carry is dropped;
- the result type is inferred (semantics.md §3.3) on the device's compute grid — the
  worker grid of the module's `ttcore.device` (tt-mlir writes it rows x columns) becomes the
  module's `ttnn.grid` when that is not set — : tt-mlir's result type holds only the logical
  shape, and a wrong or unknown one is replaced (with a warning when the file's was a
  different shape). Users of the result, the function signature and the results of the
  `ttcore.load_cached` calls of the function follow.

Every other op and attribute (`ttnn.conv2d`, `ttnn.reshape`, `ttcore.*`, …) is left as it
is; `export-tt-mlir` is the inverse.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DenseArrayBase,
    ModuleOp,
    NoneAttr,
    TensorType,
    i32,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import BufferType
from ttnn_xdsl.core.errors import TTNNError, warn
from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.dialect.attributes import (
    GRID_ATTRIBUTE,
    Conv2dConfigAttr,
    DataTypeAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
)
from ttnn_xdsl.dialect.call_graph import function_table
from ttnn_xdsl.dialect.keyword_properties import OpProperty
from ttnn_xdsl.dialect.prepare_op_properties import (
    CONV2D_CONFIG,
    MEMORY_CONFIG,
    TT_MLIR_DATA_TYPE,
)
from ttnn_xdsl.dialect.prepare_ops import (
    ConvPrepareOp,
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
)
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.dialect.tt_mlir import (
    TT_MLIR_PREPARE_OPS,
    GetDeviceOp,
    PrepareConv2dBiasOp,
    PrepareConv2dWeightsOp,
    TTMLIRPrepareConvTranspose2dBiasOp,
    TTMLIRPrepareConvTranspose2dWeightsOp,
    TTMLIRPrepareOp,
    TTNNLayoutAttr,
    collapsed_map,
    foreign_op_name,
    layout_of,
    mesh_offset_of,
    mesh_shape_of,
)
from ttnn_xdsl.dialect.ttcore import (
    DeviceOp,
    LoadCachedOp,
    SupportedDataTypesAttr,
    data_type_of_ttcore,
    ttcore_data_type,
)
from ttnn_xdsl.frontend import located_diagnostic
from ttnn_xdsl.passes.lowering import refresh_signature

PROJECT_OPS: dict[type[TTMLIRPrepareOp], type[ConvPrepareOp]] = {
    PrepareConv2dWeightsOp: PrepareConvWeightsOp,
    PrepareConv2dBiasOp: PrepareConvBiasOp,
    TTMLIRPrepareConvTranspose2dWeightsOp: PrepareConvTranspose2dWeightsOp,
    TTMLIRPrepareConvTranspose2dBiasOp: PrepareConvTranspose2dBiasOp,
}
"""The project's op for each of tt-mlir's prepare ops (`export-tt-mlir` reads it backwards)."""


def source_role(op: TTMLIRPrepareOp | ConvPrepareOp) -> str:
    """The name of a prepare op's tensor operand: `weight_tensor` or `bias_tensor`."""
    names = {name for name, _ in type(op).get_irdl_definition().operands}
    return "bias_tensor" if "bias_tensor" in names else "weight_tensor"


def written_name(op: Operation) -> str:
    """The op's name as the file writes it (tt-mlir's conv2d is an unregistered op, whose
    `name` is `builtin.unregistered`)."""
    return foreign_op_name(op) or op.name


def _data_type(op: Operation, name: str, value: Attribute) -> DataTypeAttr:
    """A `#ttcore.supportedDataTypes` property as the project's `#ttnn.data_type`."""
    written = cast(SupportedDataTypesAttr, value).data
    dtype = data_type_of_ttcore(written)
    if dtype is None:
        raise TTNNError(
            f"'{written_name(op)}' op {name} {written.value} is not supported (expected f32, "
            "bf16 or bfp_bf8)",
            op=op,
        )
    return DataTypeAttr(dtype)


def _conv_config(op: Operation, config: Conv2dConfigAttr) -> Attribute:
    """tt-mlir's conv2d_config in the project's spelling (`bfp_bf8` → `bfp8_b`)."""
    fields = dict(config.fields())
    weights_dtype = fields.get("weights_dtype")
    if isinstance(weights_dtype, SupportedDataTypesAttr):
        fields["weights_dtype"] = _data_type(op, "conv2d_config.weights_dtype", weights_dtype)
    return Conv2dConfigAttr.from_fields(fields)


def _project_value(op: Operation, prop: OpProperty, value: Attribute) -> Attribute:
    """A property's value in the project's spelling."""
    if prop.tt_mlir_kind is TT_MLIR_DATA_TYPE:
        return _data_type(op, prop.name, value)
    if prop.kind is CONV2D_CONFIG:
        return _conv_config(op, cast(Conv2dConfigAttr, value))
    if prop.kind is MEMORY_CONFIG:
        return _memory_config(op, cast(MemoryConfigAttr, value))
    return value


def _memory_config(op: Operation, memory: MemoryConfigAttr) -> MemoryConfigAttr:
    """The input memory config with a positional (tt-mlir) shard spec in the project's form."""
    spec = memory.shard_spec
    if not isinstance(spec, ShardSpecAttr):
        return memory
    try:
        keyword = spec.keyword_form()
    except VerifyException as error:
        raise TTNNError(f"'{written_name(op)}' op input_memory_config: {error}", op=op) from None
    return MemoryConfigAttr.new([memory.buffer_type, memory.memory_layout, keyword])


def check_single_device(op: Operation, device: SSAValue, work: str) -> None:
    """The project models one device: `op` (named `written_name`) whose `device` operand is
    a `ttnn.get_device` of a larger mesh, or at another offset, is refused — one line at
    `op`, saying what ttnn-xdsl does on a single device (`work`: "prepares weights for")."""
    producer = device.owner
    if not isinstance(producer, GetDeviceOp):
        return
    shape, offset = mesh_shape_of(producer), mesh_offset_of(producer)
    if shape != (1, 1) or offset != (0, 0):
        raise TTNNError(
            f"'{written_name(op)}' op runs on a {shape[0]}x{shape[1]} device mesh (offset "
            f"{offset[0]}x{offset[1]}): ttnn-xdsl {work} a single device (mesh 1x1)",
            op=op,
        )


def host_tensor_type(op: Operation, value: SSAValue, role: str) -> TensorType[Attribute]:
    """The project's host type for a tt-mlir host tensor (its layout dropped). TT-NN prepares
    only row-major host weights and biases: a layout on a device or in tiles is refused."""
    if not isinstance(value.type, TensorType):
        raise TTNNError(f"'{op.name}' op expected {role} to be a tensor, got {value.type}", op=op)
    tensor = cast(TensorType[Attribute], value.type)
    layout = layout_of(tensor)
    if isinstance(tensor.encoding, NoneAttr):
        return tensor
    if layout is None:
        return tensor  # the project's own encoding: its verifier explains what is wrong
    buffer = layout.buffer_type
    if buffer != BufferType.SYSTEM_MEMORY or layout.tiled:
        where = "tiles" if layout.tiled else "row-major"
        raise TTNNError(
            f"'{op.name}' op expected {role} to be a row-major host tensor (system_memory), got "
            f"{where} in {buffer.value if buffer else 'an unnamed buffer'}",
            op=op,
        )
    return TensorType(tensor.element_type, tensor.get_shape())


def retype(value: SSAValue, new_type: Attribute) -> SSAValue:
    """Give `value` a new type in place (every use sees it); returns the new value."""
    if value.type == new_type:
        return value
    return Rewriter.replace_value_with_new_type(value, new_type)


def enclosing_function(op: Operation) -> func.FuncOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


def defining_function(value: SSAValue) -> func.FuncOp | None:
    """The function whose entry block defines `value` as an argument."""
    if isinstance(value, BlockArgument):
        block = cast(Block, value.block)
        parent = block.parent_op()
        if isinstance(parent, func.FuncOp):
            return parent
    return None


def _diagnostic(op: TTMLIRPrepareOp, new_op: ConvPrepareOp, error: Exception) -> TTNNError:
    """Why `new_op` (imported from `op`) cannot be sized: the first complaint of its own
    verifier, as for a hand-written op, naming tt-mlir's op (the one in the user's file)."""
    try:
        new_op.verify_()
    except VerifyException as first:
        error = first
    diagnostic = located_diagnostic(new_op, error)
    diagnostic.message = diagnostic.message.replace(f"'{new_op.name}' op", f"'{op.name}' op", 1)
    return diagnostic


def _warn_if_resized(op: TTMLIRPrepareOp, inferred: Attribute) -> None:
    """A result type of another shape in the file is replaced: say so (tt-mlir cannot size
    these ops without a device, so its files may hold any shape here)."""
    written = op.result.type
    if not isinstance(written, TensorType):
        return
    shape = cast(TensorType[Attribute], written).get_shape()
    info = tensor_info(inferred)
    if shape != info.shape:
        warn(
            f"'{op.name}' op result type is {format_shape(shape)}; TT-NN prepares "
            f"{format_shape(info.shape)} (logical): import-tt-mlir uses that type",
            op=op,
        )
        return
    layout = layout_of(written)
    if layout is None:
        return
    expected = TTNNLayoutAttr.dram_tiles(info.shape, ttcore_data_type(info.dtype))
    tiles = layout.memref.get_shape()
    if tiles != expected.memref.get_shape() or layout.linear != expected.linear:
        warn(
            f"'{op.name}' op result layout ({format_shape(tiles)} tiles, map "
            f"{layout.linear.data}) is not tt-mlir's for the prepared "
            f"{format_shape(info.shape)} ({format_shape(expected.memref.get_shape())} tiles, "
            f"map {expected.linear.data}): export-tt-mlir writes tt-mlir's",
            op=op,
        )


def _warn_if_unusual_map(op: TTMLIRPrepareOp, source: SSAValue, role: str) -> None:
    """A host tensor's layout map that is not tt-mlir's row-major one is dropped on import
    (and export writes tt-mlir's): say so."""
    layout = layout_of(source.type)
    if layout is None:
        return
    shape = cast(TensorType[Attribute], source.type).get_shape()
    expected = collapsed_map(shape)
    if layout.linear.data != expected:
        warn(
            f"'{op.name}' op {role}'s layout map {layout.linear.data} is not tt-mlir's for "
            f"{format_shape(shape)} row-major ({expected}): import-tt-mlir drops it and "
            "export-tt-mlir writes tt-mlir's",
            op=op,
        )


def project_properties(
    op: Operation, declaration: Iterable[OpProperty], properties: Mapping[str, Attribute]
) -> dict[str, Attribute]:
    """tt-mlir's spelling of a prepare op's properties (`properties`, of `op`, which errors
    name) as the project's, for the ops the `declaration` declares; keys it does not declare
    (a stray `dtype`) mean nothing and are dropped."""
    declared = {prop.spelled(tt_mlir=True): prop for prop in declaration}
    return {
        declared[name].name: _project_value(op, declared[name], value)
        for name, value in properties.items()
        if name in declared
    }


def import_prepare_op(op: TTMLIRPrepareOp) -> ConvPrepareOp:
    """Replace one tt-mlir prepare op by the project's (see the module doc)."""
    check_single_device(op, op.device, "prepares weights for")
    role = source_role(op)
    new_source_type = host_tensor_type(op, op.source, role)
    _warn_if_unusual_map(op, op.source, role)
    source = retype(op.source, new_source_type)
    properties = project_properties(op, op.PROPERTIES, op.properties)
    new_op = PROJECT_OPS[type(op)].create(
        operands=[source],
        result_types=[op.result.type],
        properties=properties,
        attributes=dict(op.attributes),
        location=op.location,
    )
    Rewriter.insert_op(new_op, InsertPoint.before(op))
    try:
        inferred = new_op.inferred_result_type()
    except (VerifyException, TTNNError) as error:
        raise _diagnostic(op, new_op, error) from None
    result = Rewriter.replace_value_with_new_type(new_op.result, inferred)
    try:
        new_op.verify()
    except VerifyException as error:
        raise _diagnostic(op, new_op, error) from None
    _warn_if_resized(op, inferred)
    op.result.replace_all_uses_with(result)
    Rewriter.erase_op(op)
    return new_op


def adopt_device_grid(module: ModuleOp) -> None:
    """Give each module holding a `ttcore.device` with a worker grid that grid as its
    `ttnn.grid` (x, y), unless it has one."""
    for device in [op for op in module.walk() if isinstance(op, DeviceOp)]:
        grid = device.device_attr.worker_grid
        parent = device.parent_op()
        if (
            grid is not None
            and isinstance(parent, ModuleOp)
            and GRID_ATTRIBUTE not in parent.attributes
        ):
            if not all(0 < extent < 2**31 for extent in grid):
                # ttnn.grid is an i32 array; the prepare ops check the device's own limits.
                raise TTNNError(
                    f"'{device.name}' op worker grid {grid[1]}x{grid[0]} is not a grid of i32 "
                    "extents of at least 1",
                    op=device,
                )
            parent.attributes[GRID_ATTRIBUTE] = DenseArrayBase.from_list(i32, grid)


def import_tt_mlir(module: ModuleOp) -> list[ConvPrepareOp]:
    """Import every tt-mlir prepare op of `module`; returns the project's new ops."""
    adopt_device_grid(module)
    tt_mlir_ops = [op for op in module.walk() if isinstance(op, TT_MLIR_PREPARE_OPS)]
    devices = {op.device.owner for op in tt_mlir_ops if isinstance(op.device.owner, GetDeviceOp)}
    functions: set[func.FuncOp] = set()
    imported: list[ConvPrepareOp] = []
    for op in tt_mlir_ops:
        for function in (defining_function(op.source), enclosing_function(op)):
            if function is not None:
                functions.add(function)
        imported.append(import_prepare_op(op))
    for device in _unused(devices):
        Rewriter.erase_op(device)
    for function in functions:
        refresh_signature(function)
    follow_callee_types(module)
    return imported


def follow_callee_types(module: ModuleOp) -> None:
    """Give each `ttcore.load_cached` result the type its callee now returns (the prepared
    tensors' types change on import and on export)."""
    table = function_table(module)
    callers: set[func.FuncOp] = set()
    for op in [op for op in module.walk() if isinstance(op, LoadCachedOp)]:
        callee = table.get(op.callee.root_reference.data)
        if callee is None:
            continue
        outputs = callee.function_type.outputs.data
        if len(outputs) == len(op.results):
            for result, new_type in zip(list(op.results), outputs, strict=True):
                if result.type != new_type:
                    retype(result, new_type)
                    caller = enclosing_function(op)
                    if caller is not None:
                        callers.add(caller)
    for caller in callers:
        refresh_signature(caller)  # a caller may return what it loaded


def _unused(ops: Iterable[Operation]) -> list[Operation]:
    return [op for op in ops if all(not result.uses for result in op.results)]


@dataclass(frozen=True)
class ImportTTMLIR(ModulePass):
    """tt-mlir's prepare ops → the project's (see the module doc)."""

    name = "import-tt-mlir"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        import_tt_mlir(op)

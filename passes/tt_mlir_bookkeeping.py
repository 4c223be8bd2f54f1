"""tt-mlir's bookkeeping around const-eval functions, run as the project's own ops.

tt-mlir's pipeline surrounds the preparation of conv weights and biases with bookkeeping
(`tt_mlir.TT_MLIR_RUNNABLE_OPS`): a device token, `ttnn.deallocate` after each last use,
moves between host and device, tilize/untilize, dtype casts, and the reshape and permute
that make a PyTorch bias `[C]` the `[1, 1, 1, C]` TT-NN prepares. `convert-ttnn-to-tiles`
calls `run_as_project_ops` on each function it lowers, before anything else:

- every tensor in tt-mlir's `#ttnn.ttnn_layout` takes the project's type
  (`tt_mlir.project_tensor_type`; a rank-1 tensor in tiles inside the function is held
  row-major, the same values), in the signature as well;
- `ttnn.deallocate` is erased: it has no effect on values (its verifier has checked that
  nothing uses the value after it), and a `ttnn.get_device` left unused is erased;
- `ttcore.load_cached(@f, [...])` becomes `func.call @f(...)`: tt-mlir's runtime computes
  a const-eval function once and caches its results, which are the call's results;
- `to_device`, `from_device`, `to_memory_config` and tt-mlir's `to_layout`, `typecast` and
  `to_dtype` become the project's `ttnn.to_layout` where the layout or placement changes
  and `ttnn.typecast` where the dtype does (nothing when the two types are one tensor);
- `ttnn.reshape` and `ttnn.permute` work on row-major tensors: a tiled input is untilized
  first and a tiled result tilized after (`to_layout`), and the lowering reshapes or
  transposes the row-major buffer (`convert_ttnn_to_tiles.LowerReshape` / `LowerPermute`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, TensorType
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import TensorTypeError
from ttnn_xdsl.dialect.attributes import DRAM_INTERLEAVED
from ttnn_xdsl.dialect.conversion_ops import ToLayoutOp, TypecastOp
from ttnn_xdsl.dialect.tensor_types import TensorInfo, denote_same_tensor, tensor_info, tensor_type
from ttnn_xdsl.dialect.tt_mlir import (
    DeallocateOp,
    FromDeviceOp,
    GetDeviceOp,
    PermuteOpBase,
    ReshapeOpBase,
    ToDeviceOp,
    ToDtypeOp,
    ToMemoryConfigOp,
    TTMLIRToLayoutOp,
    TTMLIRTypecastOp,
    foreign_op_name,
    project_tensor_type,
)
from ttnn_xdsl.dialect.ttcore import LoadCachedOp
from ttnn_xdsl.passes.lowering import refresh_signature

__all__ = ["located_type_error", "run_as_project_ops"]

_CONVERSIONS = (
    ToDeviceOp,
    FromDeviceOp,
    ToMemoryConfigOp,
    TTMLIRToLayoutOp,
    TTMLIRTypecastOp,
    ToDtypeOp,
)


def run_as_project_ops(function: func.FuncOp, functions: Mapping[str, func.FuncOp]) -> None:
    """Rewrite tt-mlir's bookkeeping in `function` into the project's ops (see the module
    doc); `functions` finds the callees of `ttcore.load_cached`."""
    if function.is_declaration:
        signature = function.function_type
        function.function_type = FunctionType.from_lists(
            [project_tensor_type(t) for t in signature.inputs.data],
            [project_tensor_type(t) for t in signature.outputs.data],
        )
        return
    for argument in function.body.block.args:
        _retype(argument, boundary=True)
    for op in list(function.walk()):
        if op is function:
            continue
        for result in op.results:
            _retype(result, boundary=False)
        if isinstance(op, DeallocateOp):
            Rewriter.erase_op(op)
        elif isinstance(op, LoadCachedOp):
            _call(op, functions)
        elif isinstance(op, _CONVERSIONS):
            _replace(op, convert(op.input, op.result.type, op))
        elif isinstance(op, ReshapeOpBase | PermuteOpBase):
            _replace(op, _row_major(op))
    for op in list(function.walk()):
        if isinstance(op, GetDeviceOp) and not op.device.uses:
            Rewriter.erase_op(op)
    refresh_signature(function)


def _retype(value: SSAValue, boundary: bool) -> None:
    if isinstance(value.type, TensorType):
        try:
            new_type = project_tensor_type(value.type, rank1_tiles_row_major=not boundary)
        except TensorTypeError as error:
            raise located_type_error(value, error) from None
        if new_type != value.type:
            Rewriter.replace_value_with_new_type(value, new_type)


def located_type_error(value: SSAValue, error: TensorTypeError) -> TensorTypeError:
    """`error` (a type the project cannot hold) at the op making `value`, or at its function
    for an argument, naming which value it is."""
    if error.location is not None:
        return error
    if isinstance(value, BlockArgument):
        function = value.owner.parent_op()
        assert function is not None
        name = function.sym_name.data if isinstance(function, func.FuncOp) else function.name
        return TensorTypeError(f"argument {value.index} of @{name}: {error.message}", op=function)
    owner = cast(Operation, value.owner)
    index = owner.results.index(value)
    return TensorTypeError(
        f"result {index} of '{foreign_op_name(owner) or owner.name}': {error.message}", op=owner
    )


def _replace(op: Operation, value: SSAValue) -> None:
    op.results[0].replace_all_uses_with(value)
    Rewriter.erase_op(op)


def _insert(op: Operation, before: Operation) -> SSAValue:
    Rewriter.insert_op(op, InsertPoint.before(before))
    op.location = before.location
    return op.results[0]


def _call(op: LoadCachedOp, functions: Mapping[str, func.FuncOp]) -> None:
    """`ttcore.load_cached` → `func.call` of its callee, typed as the callee returns (the
    op's verifier has found the callee and checked that it returns one value a result)."""
    callee = functions[op.callee.root_reference.data]
    outputs = [project_tensor_type(t) for t in callee.function_type.outputs.data]
    call = func.CallOp(op.callee, list(op.inputs), outputs)
    Rewriter.insert_op(call, InsertPoint.before(op))
    call.location = op.location
    for old, new in zip(op.results, call.results, strict=True):
        old.replace_all_uses_with(new)
    Rewriter.erase_op(op)


def _with(
    info: TensorInfo,
    *,
    dtype: DataType | None = None,
    layout: Layout | None = None,
    shape: tuple[int, ...] | None = None,
    like: TensorInfo | None = None,
) -> Attribute:
    """A project tensor type from `info` with some of its facts replaced; `like` gives
    the placement (host, or a device memory config)."""
    placement = like or info
    chosen = layout or info.layout
    memory = placement.memory_config
    return tensor_type(
        shape or info.shape,
        dtype or info.dtype,
        None if placement.on_host else chosen,
        None if memory == DRAM_INTERLEAVED else memory,  # the default, left unwritten
    )


def convert(value: SSAValue, target: Attribute, at: Operation) -> SSAValue:
    """`value` as a tensor of type `target` (same shape): the project's `to_layout` where
    the layout or placement changes, `typecast` where the dtype does (bfloat8_b only in
    tiles, so a cast to or from it happens on the tiled side), inserted before `at`."""
    if denote_same_tensor(value.type, target):
        return value
    source, result = tensor_info(value.type), tensor_info(target)
    cast_first = source.dtype != result.dtype and (
        source.dtype == DataType.BFLOAT8_B or result.layout != Layout.TILE
    )
    if cast_first and source.dtype != result.dtype:
        value = _insert(TypecastOp(value, _with(source, dtype=result.dtype)), at)
        source = tensor_info(value.type)
    if source.layout != result.layout or source.on_host != result.on_host:
        value = _insert(ToLayoutOp(value, _with(source, layout=result.layout, like=result)), at)
        source = tensor_info(value.type)
    if source.dtype != result.dtype:
        value = _insert(TypecastOp(value, _with(source, dtype=result.dtype)), at)
    if not denote_same_tensor(value.type, target):
        # Only the memory config differs (DRAM ↔ L1, interleaved ↔ sharded): values stay.
        value = _insert(ToLayoutOp(value, target), at)
    return value


def _row_major(op: ReshapeOpBase | PermuteOpBase) -> SSAValue:
    """A reshape or permute on row-major tensors, with the conversions around it (the same
    dtype, not bfloat8_b: `call_graph` refuses the others, `op.unmodelled`)."""
    source, result = tensor_info(op.input.type), tensor_info(op.result.type)
    row_major_in = _with(source, layout=Layout.ROW_MAJOR)
    row_major_out = _with(result, layout=Layout.ROW_MAJOR)
    value = convert(op.input, row_major_in, op)
    properties = {"permutation": op.permutation} if isinstance(op, PermuteOpBase) else {}
    moved = _insert(
        type(op).create(
            operands=[value],
            result_types=[row_major_out],
            properties=cast(dict[str, Attribute], properties),
        ),
        op,
    )
    return convert(moved, op.result.type, op)

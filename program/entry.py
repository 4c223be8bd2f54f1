"""The function a run executes, read off a lowered module: which one (`find_entry`), whether
it can run and what the interpreter executes for it (`runnable_module`), its signature as
TensorSlots (`signature`) and the names of its results (`result_names`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from xdsl.dialects import func
from xdsl.dialects.builtin import DictionaryAttr, MemRefType, ModuleOp, TensorType
from xdsl.ir import Attribute

from ttnn_xdsl.core.errors import NotModelledError, RunError, TensorTypeError
from ttnn_xdsl.dialect.attributes import TENSOR_ATTRIBUTE
from ttnn_xdsl.dialect.buffers import buffer_type, tensor_of_buffer
from ttnn_xdsl.dialect.call_graph import (
    is_outlined,
    is_tt_mlir_prepare_op,
    reachable_functions,
    unrunnable_message,
    unrunnable_op,
)
from ttnn_xdsl.dialect.result_attributes import recorded_alignment
from ttnn_xdsl.dialect.tensor_types import TensorInfo, tensor_info
from ttnn_xdsl.dialect.tt_mlir import foreign_op_name
from ttnn_xdsl.program.result_names import RESULT_ALIAS_PREFIX, result_alias, result_names
from ttnn_xdsl.runtime.slots import TensorSlot

__all__ = [
    "RESULT_ALIAS_PREFIX",
    "find_entry",
    "module_functions",
    "result_alias",
    "result_names",
    "runnable_module",
    "runs_whole",
    "signature",
]


def module_functions(module: ModuleOp) -> Iterator[func.FuncOp]:
    """The module's function definitions, in order, apart from those the lowering outlined
    (`call_graph.is_outlined`: parts of the functions that call them)."""
    for op in module.walk():
        if isinstance(op, func.FuncOp) and not op.is_declaration and not is_outlined(op):
            yield op


def find_entry(module: ModuleOp, entry: str | None) -> func.FuncOp:
    """Function `entry` (a leading `@` allowed), by default `main` or the only function."""
    functions = list(module_functions(module))
    if not functions:
        raise RunError("the module has no function to run")
    names = [f.sym_name.data for f in functions]
    if entry is not None:
        entry = entry.removeprefix("@")
    # An empty name names no function (`--entry ''`), as ttnn-check-weight says: not the default.
    default = "main" if "main" in names or len(functions) != 1 else names[0]
    wanted = default if entry is None else entry
    for function in functions:
        if function.sym_name.data == wanted:
            return function
    listing = ", ".join(f"@{n}" for n in names)
    raise RunError(
        f"no function @{wanted} to run (functions: {listing})", tool_hint="choose one with --entry"
    )


def runs_whole(module: ModuleOp) -> bool:
    """Whether the interpreter can take `module` as it is: no tt-mlir construct and no
    function it cannot run anywhere in it (else it runs a copy of the functions an entry
    reaches, `runnable_module`)."""
    return not any(foreign_op_name(op) is not None for op in module.walk()) and (
        unrunnable_op(module_functions(module)) is None
    )


def runnable_module(
    module: ModuleOp, entry: func.FuncOp, whole: bool | None = None
) -> tuple[ModuleOp, func.FuncOp]:
    """The module to interpret for `entry`: refused when `entry` or a function it calls
    holds an op the project does not run (`call_graph.unrunnable_op`; `NotModelledError`
    unless it is tt-mlir's prepare op, which only needs importing). When the module holds
    tt-mlir constructs or unrunnable functions elsewhere (a forward pass next to the
    const-eval function being run, tt-mlir's module wrappers), a new module of copies of
    `entry` and the functions it calls. `whole` is `runs_whole(module)` when a caller asking
    for many entries has it."""
    reached = reachable_functions(entry, module)
    unrunnable = unrunnable_op(reached)
    if unrunnable is not None:
        op, function = unrunnable
        error = RunError if is_tt_mlir_prepare_op(op) else NotModelledError
        raise error(unrunnable_message(op, function), op=op)
    if whole is None:
        whole = runs_whole(module)
    if whole and entry.parent_op() is module:
        return module, entry
    copies = [function.clone() for function in reached]
    return ModuleOp(copies), copies[0]


def signature(
    function: func.FuncOp, names: list[str | None]
) -> tuple[list[TensorSlot], list[TensorSlot]]:
    """The arguments and results of `function` as TensorSlots; `names` names the results
    (`result_names`; ignored when it does not have one name per result)."""
    block = function.body.blocks.first
    assert block is not None  # a declaration is never an entry
    arg_attrs = function.arg_attrs.data if function.arg_attrs else [None] * len(block.args)
    res_types = function.function_type.outputs.data
    res_attrs = function.res_attrs.data if function.res_attrs else [None] * len(res_types)
    if len(names) != len(res_types):
        names = [None] * len(res_types)
    arguments = [
        _slot(arg.name_hint, position, arg.type, attrs)
        for position, (arg, attrs) in enumerate(zip(block.args, arg_attrs, strict=True))
    ]
    results = [
        _slot(name, position, result_type, attrs)
        for position, (name, result_type, attrs) in enumerate(
            zip(names, res_types, res_attrs, strict=True)
        )
    ]
    return arguments, results


def _slot(
    name: str | None, position: int, memref_or_tensor: Attribute, attributes: DictionaryAttr | None
) -> TensorSlot:
    """An argument/result of the entry function and the TT-NN tensor it holds: the recorded
    `ttnn.tensor` attribute, else what its type says (a tensor, a tiled or row-major memref)."""
    label = f"%{name}" if name else f"#{position}"
    if attributes is not None and TENSOR_ATTRIBUTE in attributes.data:
        recorded = attributes.data[TENSOR_ATTRIBUTE]
        if isinstance(memref_or_tensor, MemRefType):
            _check_recorded_tensor(label, recorded, memref_or_tensor)
        memref_or_tensor = recorded
    tensor = _tensor_of(memref_or_tensor, label)
    return TensorSlot(name, position, tensor, memref_or_tensor, recorded_alignment(attributes))


def _check_recorded_tensor(label: str, recorded: Attribute, memref: MemRefType[Attribute]) -> None:
    """A lowered argument/result records the tensor its memref holds (`ttnn.tensor`): the
    memref must be the one that tensor bufferizes to."""
    try:
        expected = buffer_type(recorded)
    except TensorTypeError as error:
        raise RunError(f"{label}: {TENSOR_ATTRIBUTE} is not a TT-NN tensor type: {error}") from None
    if (expected.get_shape(), expected.element_type) != (memref.get_shape(), memref.element_type):
        raise RunError(
            f"{label}: {TENSOR_ATTRIBUTE} = {recorded} is held in {expected}, not in {memref}"
        )


def _tensor_of(memref_or_tensor: Attribute, label: str) -> TensorInfo:
    try:
        if isinstance(memref_or_tensor, TensorType):
            return tensor_info(memref_or_tensor)
        if isinstance(memref_or_tensor, MemRefType):
            return tensor_of_buffer(cast(MemRefType[Attribute], memref_or_tensor))
    except TensorTypeError as error:
        raise RunError(f"{label}: {error.message}") from None
    raise RunError(
        f"{label}: cannot pass a value of type {memref_or_tensor} to or from the interpreter"
    )

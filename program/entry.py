"""The function a run executes, read off a lowered module: which one (`find_entry`), whether
it can run and what the interpreter executes for it (`runnable_module`), its signature as
TensorSlots (`signature`) and the names of its results (`result_names`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from xdsl.dialects import func
from xdsl.dialects.builtin import DictionaryAttr, MemRefType, ModuleOp, TensorType
from xdsl.ir import Attribute, OpResult, SSAValue

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
from ttnn_xdsl.dialect.tensor_types import TensorInfo, tensor_info
from ttnn_xdsl.dialect.tt_mlir import foreign_op_name
from ttnn_xdsl.runtime.slots import TensorSlot

__all__ = [
    "RESULT_ALIAS_PREFIX",
    "calls_a_function",
    "find_entry",
    "module_functions",
    "result_alias",
    "result_names",
    "runnable_module",
    "signature",
]

RESULT_ALIAS_PREFIX = "result"


def result_alias(position: int) -> str:
    """The name every result also answers to: `result0`, `result1`, … by position."""
    return f"{RESULT_ALIAS_PREFIX}{position}"


def module_functions(module: ModuleOp) -> Iterator[func.FuncOp]:
    """The module's function definitions, in order, apart from those the lowering outlined
    (`call_graph.is_outlined`: parts of the functions that call them)."""
    for op in module.walk():
        if isinstance(op, func.FuncOp) and not op.is_declaration and not is_outlined(op):
            yield op


def calls_a_function(function: func.FuncOp) -> bool:
    """Whether `function` calls another function (a call of an outlined op's function is
    part of its own work, not a call)."""
    outlined = {
        op.sym_name.data
        for op in (function.parent_block() or function.body.block).ops
        if isinstance(op, func.FuncOp) and is_outlined(op)
    }
    return any(
        isinstance(op, func.CallOp) and op.callee.string_value() not in outlined
        for op in function.walk()
    )


def find_entry(module: ModuleOp, entry: str | None) -> func.FuncOp:
    """Function `entry` (a leading `@` allowed), by default `main` or the only function."""
    functions = list(module_functions(module))
    if not functions:
        raise RunError("the module has no function to run")
    names = [f.sym_name.data for f in functions]
    if entry is not None:
        entry = entry.removeprefix("@")
    wanted = entry or ("main" if "main" in names or len(functions) != 1 else names[0])
    for function in functions:
        if function.sym_name.data == wanted:
            return function
    listing = ", ".join(f"@{n}" for n in names)
    raise RunError(
        f"no function @{wanted} to run (functions: {listing})", tool_hint="choose one with --entry"
    )


def runnable_module(module: ModuleOp, entry: func.FuncOp) -> tuple[ModuleOp, func.FuncOp]:
    """The module to interpret for `entry`: refused when `entry` or a function it calls
    holds an op the project does not run (`call_graph.unrunnable_op`; `NotModelledError`
    unless it is tt-mlir's prepare op, which only needs importing). When the module holds
    tt-mlir constructs elsewhere (a forward pass next to the const-eval function being run,
    tt-mlir's module wrappers), a new module of copies of `entry` and the functions it
    calls."""
    reached = reachable_functions(entry, module)
    unrunnable = unrunnable_op(reached)
    if unrunnable is not None:
        op, function = unrunnable
        error = RunError if is_tt_mlir_prepare_op(op) else NotModelledError
        raise error(unrunnable_message(op, function), op=op)
    foreign = any(foreign_op_name(op) is not None for op in module.walk())
    if not foreign and entry.parent_op() is module:
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
    return TensorSlot(name, position, _tensor_of(memref_or_tensor, label), memref_or_tensor)


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


def result_names(module: ModuleOp, function_name: str) -> list[str | None]:
    """The name of each result of function `function_name`: the SSA name of the value its
    `func.return` returns (`%prepared_weight` → `prepared_weight`); for an unnamed result of
    a `func.call`, the callee's name of that result after the callee's name
    (`conv1.prepared_weight`). None where there is no name, where two results would get the
    same name, and where a name would be another result's alias (`result_alias`). Empty when
    there is no such function."""
    functions = {function.sym_name.data: function for function in module_functions(module)}
    memo: dict[str, list[str | None]] = {}

    def names_of(name: str, calling: frozenset[str]) -> list[str | None]:
        if name not in memo:
            returns = [op for op in functions[name].body.block.ops if isinstance(op, func.ReturnOp)]
            values = list(returns[0].arguments) if returns else []
            memo[name] = [name_of(value, calling | {name}) for value in values]
        return memo[name]

    def name_of(value: SSAValue, calling: frozenset[str]) -> str | None:
        if value.name_hint is not None:
            return value.name_hint
        call = value.owner
        if isinstance(value, OpResult) and isinstance(call, func.CallOp):
            callee = call.callee.string_value()
            if callee in functions and callee not in calling:
                inner = names_of(callee, calling)
                if value.index < len(inner) and inner[value.index] is not None:
                    return f"{callee}.{inner[value.index]}"
        return None

    if function_name not in functions:
        return []
    names = names_of(function_name, frozenset())
    aliases = {result_alias(position) for position in range(len(names))}
    return [
        name if name is not None and names.count(name) == 1 and name not in aliases else None
        for name in names
    ]

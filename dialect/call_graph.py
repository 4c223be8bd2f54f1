"""Which functions of a module hold tt-mlir ops the project does not run, and which
functions a function calls (`func.call`, tt-mlir's `ttcore.load_cached`).

A tt-mlir module mixes functions the project can lower and run (a const-eval function of
prepare ops, once imported, with tt-mlir's bookkeeping around them: `ttnn.get_device`,
`deallocate`, moves and conversions between host and device, reshapes and permutes —
`tt_mlir.TT_MLIR_RUNNABLE_OPS`) with functions it cannot (a forward pass of `ttnn.conv2d`s,
batch-norm folding with `ttnn.add`, `ttnn.sqrt`, …).
`convert-ttnn-to-tiles` lowers only the first kind and leaves the others untouched at tensor
level; `ttnn-run` runs a function only when it and every function it calls are of the
first kind. `unrunnable_op` and `unrunnable_message` are the one rule and the one message
for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import cast

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, SymbolRefAttr, TensorType
from xdsl.ir import Attribute, Operation

from ttnn_xdsl.core.errors import TensorTypeError
from ttnn_xdsl.dialect.attributes import OUTLINED_ATTRIBUTE
from ttnn_xdsl.dialect.tt_mlir import (
    TT_MLIR_PREPARE_OPS,
    TTMLIRTensorOp,
    foreign_op_name,
    is_tt_mlir_conv,
    project_tensor_type,
)
from ttnn_xdsl.dialect.ttcore import LoadCachedOp

__all__ = [
    "called_functions",
    "first_foreign_op",
    "foreign_functions",
    "foreign_ops",
    "function_table",
    "import_first_message",
    "is_outlined",
    "reachable_functions",
    "tt_mlir_op_to_import",
    "unrunnable_message",
    "unrunnable_op",
]


def _type_problem(attribute: Attribute, boundary: bool) -> str | None:
    """Why the project cannot hold a tensor of this type (a tt-mlir layout it has no
    counterpart for, `tt_mlir.project_tensor_type`), None when it can. At a function's
    `boundary` its bytes are seen, so a rank-1 tensor in tiles is refused there."""
    if not isinstance(attribute, TensorType):
        return None
    try:
        project_tensor_type(attribute, rank1_tiles_row_major=not boundary)
    except TensorTypeError as error:
        return error.message
    return None


def _value_problem(op: Operation) -> str | None:
    """Why the project cannot hold one of `op`'s operands or results, None when it can."""
    for value in (*op.operands, *op.results):
        problem = _type_problem(value.type, boundary=False)
        if problem is not None:
            return problem
    return None


def _unmodelled(op: Operation) -> str | None:
    """Why the project does not run a case of one of tt-mlir's ops it otherwise runs (a
    `ttcore.load_cached` whose callee is missing never gets here: its verifier refuses it)."""
    return op.unmodelled() if isinstance(op, TTMLIRTensorOp) else None


def _signature_problem(function: func.FuncOp) -> str | None:
    signature = function.function_type
    for type_ in (*signature.inputs, *signature.outputs):
        problem = _type_problem(type_, boundary=True)
        if problem is not None:
            return problem
    return None


def foreign_ops(function: func.FuncOp) -> list[Operation]:
    """The ops in `function` that the project does not run: tt-mlir's ops it does not model
    (or whose prepare ops need importing), then ops on tensors it cannot hold, then
    `function` itself when its signature has one."""
    body = [op for op in function.walk() if op is not function]
    found = [op for op in body if foreign_op_name(op) is not None]
    found += [op for op in body if op not in found and _value_problem(op) is not None]
    found += [op for op in body if op not in found and _unmodelled(op) is not None]
    if _signature_problem(function) is not None:
        found.append(function)
    return found


def first_foreign_op(function: func.FuncOp) -> Operation | None:
    """The first of `foreign_ops(function)`, None when there is none."""
    found = foreign_ops(function)
    return found[0] if found else None


def is_outlined(function: func.FuncOp) -> bool:
    """Whether `function` holds the loops of an op the lowering outlined (`OUTLINED_ATTRIBUTE`):
    part of the functions that call it, never run on its own."""
    return OUTLINED_ATTRIBUTE in function.attributes


def function_table(module: ModuleOp, *, definitions: bool = False) -> dict[str, func.FuncOp]:
    """The module's functions by name (one walk of the module): the first definition of a
    name, else its first declaration — a call through a declaration reaches the definition
    elsewhere in the module (tt-xla declares a CPU-hoisted function in the device module and
    defines it in a `ttcore.cpu_module`); only those with a body when `definitions`."""
    table: dict[str, func.FuncOp] = {}
    for op in module.walk():
        if isinstance(op, func.FuncOp) and not (definitions and op.is_declaration):
            known = table.get(op.sym_name.data)
            if known is None or (known.is_declaration and not op.is_declaration):
                table[op.sym_name.data] = op
    return table


def called_functions(
    function: func.FuncOp, functions: ModuleOp | Mapping[str, func.FuncOp]
) -> list[func.FuncOp]:
    """The functions `function` calls (`func.call`), in call order. `functions` is the
    module, or its `function_table` (made once by a caller that asks for many functions:
    a walk of the module per function would make the question quadratic)."""
    by_name = function_table(functions) if isinstance(functions, ModuleOp) else functions
    called: list[func.FuncOp] = []
    for op in function.walk():
        if isinstance(op, func.CallOp | LoadCachedOp):
            callee = by_name.get(cast(SymbolRefAttr, op.callee).root_reference.data)
            if callee is not None and callee not in called:
                called.append(callee)
    return called


def reachable_functions(
    entry: func.FuncOp, functions: ModuleOp | Mapping[str, func.FuncOp]
) -> list[func.FuncOp]:
    """`entry` and every function it calls, directly or not (`functions` as for
    `called_functions`)."""
    by_name = function_table(functions) if isinstance(functions, ModuleOp) else functions
    reached = [entry]
    for function in reached:
        for callee in called_functions(function, by_name):
            if callee not in reached:
                reached.append(callee)
    return reached


def foreign_functions(module: ModuleOp) -> set[func.FuncOp]:
    """The functions holding an op the project does not run, and every function that calls
    one of them."""
    functions = [f for f in module.walk() if isinstance(f, func.FuncOp)]
    by_name = function_table(module)
    callees = {function: called_functions(function, by_name) for function in functions}
    foreign = {f for f in functions if first_foreign_op(f) is not None}
    changed = True
    while changed:
        changed = False
        for function in functions:
            if function not in foreign and any(callee in foreign for callee in callees[function]):
                foreign.add(function)
                changed = True
    return foreign


def unrunnable_op(functions: Iterable[func.FuncOp]) -> tuple[Operation, func.FuncOp] | None:
    """The first op of `functions` the interpreter cannot run, with its function: tt-mlir's
    prepare ops first (they only need `import-tt-mlir`), then any other of `foreign_ops`.
    None when every function can run once lowered."""
    found: list[tuple[Operation, func.FuncOp]] = []
    for function in functions:
        found += [(op, function) for op in foreign_ops(function)]
    for op, function in found:
        if is_tt_mlir_prepare_op(op):
            return op, function
    return found[0] if found else None


def is_tt_mlir_prepare_op(op: Operation) -> bool:
    """tt-mlir's own prepare op, which `import-tt-mlir` turns into the project's."""
    return isinstance(op, TT_MLIR_PREPARE_OPS)


def import_first_message(op: Operation, action: str, pipeline: str) -> str:
    """Why tt-mlir's prepare op (or conv op) `op` cannot be `action`ed (run, lowered) as it
    is: the project's passes and interpreter work on the project's ops, which `import-tt-mlir`
    (and for a conv `import-tt-mlir-conv2d`) make of tt-mlir's. `pipeline`: the passes to
    suggest after `import-tt-mlir`."""
    function = op.parent_op()
    while function is not None and not isinstance(function, func.FuncOp):
        function = function.parent_op()
    where = f" in @{function.sym_name.data}" if function is not None else ""
    return (
        f"cannot {action} '{foreign_op_name(op) or op.name}'{where}: it is tt-mlir's op; import it "
        f"first (-p import-tt-mlir,{pipeline})"
    )


def tt_mlir_op_to_import(module: Operation) -> Operation | None:
    """The first of tt-mlir's prepare ops in `module` (which `import-tt-mlir` would turn into
    the project's), None when there is none."""
    return next((op for op in module.walk() if is_tt_mlir_prepare_op(op)), None)


def unrunnable_message(op: Operation, function: func.FuncOp) -> str:
    """Why `op` (from `unrunnable_op`) in `function` cannot run, and what to do about it."""
    name = foreign_op_name(op)
    where = f"@{function.sym_name.data}"
    if is_tt_mlir_prepare_op(op):
        return import_first_message(op, "run", "ttnn-lower")
    if is_tt_mlir_conv(op):
        return import_first_message(op, "run", "import-tt-mlir-conv2d,ttnn-lower")
    if name is not None:
        return (
            f"cannot run '{name}' in {where}: ttnn-xdsl does not model this tt-mlir op "
            "(ttnn-opt passes it through untouched)"
        )
    if op is function:
        return f"cannot run {where}: in its signature, {_signature_problem(function)}"
    return f"cannot run '{op.name}' in {where}: {_value_problem(op) or _unmodelled(op)}"

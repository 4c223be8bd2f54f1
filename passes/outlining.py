"""Lowering each distinct op once per module: before `convert-ttnn-to-tiles` lowers a module,
every op that occurs more than once in it with the same name, properties, operand types and
result types (its discardable attributes and location aside) is moved into one private
function of its own, and each occurrence becomes a `func.call` of it. The lowering then
builds that op's loops once, and the interpreter analyses each loop nest once (ResNet-50's
106 prepare ops make 26 distinct layout ops).

Only ops whose lowering reads its operand and allocates its result are outlined (the conv
layout ops, `typecast`, `to_layout`): a call passes buffers by reference, so an op writing an
operand in place (`assign_bw`'s preallocated outputs) stays where it is.

The function is named after the op (`@conv_bias_layout_0`, a free name of the symbol table),
holds a clone of the first occurrence (its location too) and carries `ttnn.outlined`
(`dialect.attributes.OUTLINED_ATTRIBUTE`), so that no tool picks it as a function to run.
Each call keeps its occurrence's location: a run error inside the function names the call's
(the interpreter's `func.call`), not the first occurrence's."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, StringAttr, UnitAttr
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.rewriter import Rewriter

from ttnn_xdsl.dialect.attributes import OUTLINED_ATTRIBUTE
from ttnn_xdsl.dialect.conv_layout_ops import ConvLayoutOp
from ttnn_xdsl.dialect.conversion_ops import ToLayoutOp, TypecastOp

__all__ = ["OUTLINABLE_OPS", "op_signature", "outline_repeated_ops"]

OUTLINABLE_OPS: tuple[type[Operation], ...] = (ConvLayoutOp, TypecastOp, ToLayoutOp)
"""The ops whose lowering only reads its operand and allocates its result."""


def op_signature(op: Operation) -> Hashable:
    """What an op's lowering depends on: its name, properties, operand and result types."""
    properties = tuple(sorted(op.properties.items()))
    operands: tuple[Attribute, ...] = tuple(operand.type for operand in op.operands)
    results: tuple[Attribute, ...] = tuple(result.type for result in op.results)
    return op.name, properties, operands, results


def _symbol_names(block: Block) -> set[str]:
    """The names of the symbols defined in `block` (functions, globals, …)."""
    names: set[str] = set()
    for op in block.ops:
        symbol = op.properties.get("sym_name") or op.attributes.get("sym_name")
        if isinstance(symbol, StringAttr):
            names.add(symbol.data)
    return names


def outline_repeated_ops(
    functions: Sequence[func.FuncOp], stays: Callable[[Operation], bool] = lambda op: False
) -> list[func.FuncOp]:
    """Outline every op of `functions` that occurs more than once in one symbol table (see
    the module doc), except those `stays` keeps in place (an op lowered together with its
    neighbour); returns the new functions (each appended to its table's block)."""
    groups: dict[tuple[int, Hashable], list[Operation]] = {}
    for function in functions:
        table = function.parent_block()
        if table is None:
            continue
        for op in function.walk():
            if isinstance(op, OUTLINABLE_OPS) and not stays(op):
                groups.setdefault((id(table), op_signature(op)), []).append(op)
    outlined: list[func.FuncOp] = []
    taken: dict[int, set[str]] = {}
    for occurrences in groups.values():
        if len(occurrences) < 2:
            continue
        first = occurrences[0]
        owner = first.parent_op()
        while owner is not None and not isinstance(owner, func.FuncOp):
            owner = owner.parent_op()
        assert owner is not None
        table = owner.parent_block()
        assert table is not None
        names = taken.setdefault(id(table), _symbol_names(table))
        stem = first.name.partition(".")[2]
        name = next(f"{stem}_{n}" for n in range(len(names) + 1) if f"{stem}_{n}" not in names)
        names.add(name)
        outlined.append(_outline(first, occurrences, name, table))
    return outlined


def _outline(
    first: Operation, occurrences: Sequence[Operation], name: str, table: Block
) -> func.FuncOp:
    inputs = [operand.type for operand in first.operands]
    outputs = [result.type for result in first.results]
    block = Block(arg_types=inputs)
    body = first.clone()
    for index, argument in enumerate(block.args):
        argument.name_hint = first.operands[index].name_hint
        body.operands[index] = argument
    block.add_ops([body, func.ReturnOp(*body.results)])
    function = func.FuncOp(
        name, FunctionType.from_lists(inputs, outputs), Region(block), visibility="private"
    )
    function.attributes[OUTLINED_ATTRIBUTE] = UnitAttr()
    function.location = first.location
    table.add_op(function)
    for op in occurrences:
        call = func.CallOp(name, list(op.operands), outputs)
        call.location = op.location
        Rewriter.replace_op(op, call)
    return function

"""The names of a function's results, as the tools write them (`prepared_weight.tensorbin`).

A result is named after the value the function returns (`func.return %prepared_weight` →
`prepared_weight`), or, for an unnamed result of a call, after the callee's name of it
(`conv1.prepared_weight`). A name the lowering recorded (`ttnn.name`,
`dialect/result_attributes.py`) comes first.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import OpResult, SSAValue

from ttnn_xdsl.dialect.result_attributes import own_result_names, returned_values

__all__ = ["RESULT_ALIAS_PREFIX", "result_alias", "result_names"]

RESULT_ALIAS_PREFIX = "result"


def result_alias(position: int) -> str:
    """A result's name by position: `result0`, `result1`, … (the name of a result the IR
    does not name, and, with `ttnn-run --aliases`, a second name of every result)."""
    return f"{RESULT_ALIAS_PREFIX}{position}"


def result_names(module: ModuleOp, function_name: str) -> list[str | None]:
    """The name of each result of function `function_name` (see the module doc). None where
    there is no name, where two results would get the same name, and where a name would be
    another result's positional name (`result_alias`). Empty when there is no such
    function."""
    functions: dict[str, func.FuncOp] = {}
    for op in module.walk():
        if isinstance(op, func.FuncOp) and not op.is_declaration:
            functions.setdefault(op.sym_name.data, op)
    memo: dict[str, list[str | None]] = {}

    def names_of(name: str, calling: frozenset[str]) -> list[str | None]:
        if name not in memo:
            function = functions[name]
            own = own_result_names(function)
            values = returned_values(function)
            memo[name] = [
                own[position] or called_name(value, calling | {name})
                for position, value in enumerate(values)
            ]
        return memo[name]

    def called_name(value: SSAValue, calling: frozenset[str]) -> str | None:
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

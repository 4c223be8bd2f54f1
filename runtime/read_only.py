"""Which arguments of a lowered function the IR only reads, so a run may hand the
interpreter a caller's buffer without copying it. Read off the ops: an op whose every memory
effect on the buffer is a read (`tile.load`, `tile.tilize`, `memref.load`; the sources of
`tile.matmul`, `tile.add_row`, `tile.multiply`, `tile.add`, which write only their last
operand), an input of a linalg op (destination-passing style: its `inputs` are read, its
`outputs` written; xDSL 0.74 declares no memory effects on linalg ops), a view (subview,
collapse or expand shape) only read, an argument of a call whose callee only reads it. Any
other use may write."""

from __future__ import annotations

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Operation, SSAValue, Use
from xdsl.traits import MemoryEffectKind, get_effects

from ttnn_xdsl.dialect.call_graph import function_table

__all__ = ["read_only_arguments"]


def reads_only(use: Use) -> bool:
    """Whether `use` only reads the buffer it names (see the module doc)."""
    user: Operation = use.operation
    effects = get_effects(user)
    buffer = user.operands[use.index]
    # An effect naming another value does not touch this one (a tile op reads its sources
    # and writes its last operand).
    if effects and all(
        effect.kind == MemoryEffectKind.READ
        for effect in effects
        if effect.value is None or effect.value is buffer
    ):
        return True
    if isinstance(user, linalg.LinalgStructuredOperation):
        return use.index < len(user.inputs)
    # linalg.broadcast is not one of xDSL's structured ops: its input comes first.
    return isinstance(user, linalg.BroadcastOp) and use.index == 0


def read_only_arguments(
    module: ModuleOp, entry: str, functions: dict[str, func.FuncOp] | None = None
) -> list[bool]:
    """For each argument of function `entry`: whether the IR only reads it (see the module
    doc); a returned, written or otherwise used argument is not read-only. `functions` is
    the module's table of function definitions by name, when already made."""
    if functions is None:
        functions = function_table(module, definitions=True)
    memo: dict[tuple[str, int], bool] = {}

    def argument_read_only(name: str, position: int) -> bool:
        key = (name, position)
        if key not in memo:
            memo[key] = False  # a recursive call is assumed to write
            memo[key] = only_read(functions[name].body.block.args[position])
        return memo[key]

    def only_read(value: SSAValue) -> bool:
        for use in value.uses:
            user = use.operation
            if reads_only(use):
                continue
            views = (
                memref.SubviewOp,
                memref.CollapseShapeOp,
                memref.ExpandShapeOp,
                memref.ReinterpretCastOp,
            )
            if isinstance(user, views) and use.index == 0:
                if only_read(user.result):
                    continue
                return False
            callee = user.callee.string_value() if isinstance(user, func.CallOp) else None
            if callee in functions and argument_read_only(callee, use.index):
                continue
            return False
        return True

    return [
        argument_read_only(entry, position)
        for position in range(len(functions[entry].body.block.args))
    ]

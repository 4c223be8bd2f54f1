"""The NumPy interpreter of tiled loop IR, built on xDSL's `Interpreter`.

It executes func, scf and arith — calls, returns, `scf.for` and index arithmetic as xDSL's
implementations do, in the project's own files (`func.py`, `scf.py`: a loop step that is not
positive refused; `arith.py`: index arithmetic without type reflection), xDSL's own for every
other op of those dialects (`upstream.py`, imported only for a module that holds one) — and,
one file per dialect as xDSL's interpreters do, memref (`memref.py`), the few linalg ops the
lowerings use (`linalg.py`) and the tile dialect (`tile.py`), on NumPy buffers (`buffers.py`);
any other op is an error.

The interpreter has no implementation of the tensor-level `ttnn` ops: a module that still
holds one is refused ("run ttnn-lower first"), and so is one holding a tt-mlir op the
project does not model (named in the message). Every value it produces comes from running
the lowered loops.

By default each loop nest the lowering marked as a bulk nest (the unit attribute `tile.bulk`
on its outermost `scf.for`: its body moves, tilizes or converts tiles at indices affine in
its induction variables) runs in bulk: the same ops over the whole iteration space as a few
strided NumPy operations (`bulk.py`). A marked nest that cannot is reported — a warning, or
an error when strict — and runs op by op; so does every unmarked loop, and every loop with
`bulk=False`. Both give the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

# The dialects are imported by class name: the submodules func, scf and arith of this package
# would shadow their modules.
from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import Interpreter, InterpreterFunctions
from xdsl.ir import Operation

from ttnn_xdsl.core.errors import RunError, format_location
from ttnn_xdsl.dialect.call_graph import unrunnable_message, unrunnable_op
from ttnn_xdsl.runtime.interpreter.arith import IndexArithFunctions, scalar_constant
from ttnn_xdsl.runtime.interpreter.func import FuncFunctions
from ttnn_xdsl.runtime.interpreter.linalg import NumPyLinalgFunctions
from ttnn_xdsl.runtime.interpreter.memref import NumPyMemRefFunctions
from ttnn_xdsl.runtime.interpreter.scf import (
    BulkScfFunctions,
    CheckedScfFunctions,
    strict_bulk_from_environment,
)
from ttnn_xdsl.runtime.interpreter.tile import TileFunctions

__all__ = ["execute", "make_interpreter", "needs_upstream", "tensor_level_ops"]


_UPSTREAM_DIALECTS = frozenset({"arith", "builtin", "func", "scf"})
"""The dialects whose ops xDSL's implementations run when the project's files do not."""

_OWN_FUNCTIONS: tuple[type[InterpreterFunctions], ...] = (
    IndexArithFunctions,
    FuncFunctions,
    CheckedScfFunctions,
)


def _own_ops() -> frozenset[type[Operation]]:
    """The ops of those dialects the project's files run (`@impl`s and callables)."""
    ops: set[type[Operation]] = {ModuleOp}
    for functions in _OWN_FUNCTIONS:
        ops.update(op for op, _ in functions._impls())  # pyright: ignore[reportPrivateUsage]
        ops.update(op for op, _ in functions._callable_impls())  # pyright: ignore[reportPrivateUsage]
    return frozenset(ops)


_OWN_OPS = _own_ops()


def needs_upstream(ops: Iterable[Operation]) -> bool:
    """Whether any of `ops` is an arith, builtin, func or scf op only xDSL's implementations
    run (a dense constant among them)."""
    for op in ops:
        if type(op) in _OWN_OPS:
            if isinstance(op, ConstantOp) and not scalar_constant(op):
                return True
        elif op.dialect_name() in _UPSTREAM_DIALECTS:
            return True
    return False


def tensor_level_ops(module: Operation) -> list[Operation]:
    """The `ttnn` ops of a module, which only the lowering (not the interpreter) handles
    (tt-mlir's unregistered ops are not among them)."""
    return [op for op in module.walk() if op.dialect_name() == "ttnn"]


def make_interpreter(
    module: ModuleOp, bulk: bool = True, strict: bool | None = None
) -> Interpreter:
    """An interpreter for a lowered module: func, scf and arith (xDSL's implementations for
    the ops the project's files do not run), NumPy memref/linalg and the tile dialect; the
    marked loop nests in bulk unless `bulk` is False. A marked nest that cannot run in bulk
    is a warning, or a RunError when `strict` (by default, when the environment variable
    `TTNN_XDSL_STRICT_BULK` is 1)."""
    unrunnable = unrunnable_op(op for op in module.walk() if isinstance(op, FuncOp))
    if unrunnable is not None:
        op, function = unrunnable
        raise RunError(unrunnable_message(op, function), op=op)
    remaining = tensor_level_ops(module)
    if remaining:
        op = remaining[0]
        where = format_location(op.location)
        raise RunError(
            f"the module still holds the tensor-level op '{op.name}'"
            + (f" at {where}" if where else "")
            + "; the interpreter runs lowered loops only: run ttnn-lower first"
        )
    interpreter = Interpreter(module)
    own: list[InterpreterFunctions] = [
        FuncFunctions(module),
        BulkScfFunctions(strict_bulk_from_environment() if strict is None else strict)
        if bulk
        else CheckedScfFunctions(),
        NumPyMemRefFunctions(),
        NumPyLinalgFunctions(),
        TileFunctions(),
    ]
    if needs_upstream(module.walk()):
        from ttnn_xdsl.runtime.interpreter.upstream import upstream_functions

        # xDSL's tables first (their arith with the project's index arithmetic), the
        # project's files over them.
        for functions in upstream_functions():
            interpreter.register_implementations(functions)
    else:
        own.append(IndexArithFunctions())
    for functions in own:
        interpreter.register_implementations(functions, override=True)
    return interpreter


def execute(
    module: ModuleOp,
    entry: str,
    arguments: Sequence[Any],
    listeners: Sequence[Interpreter.Listener] = (),
    bulk: bool = True,
) -> tuple[Any, ...]:
    """Run function `entry` of a lowered module on NumPy buffers; returns its results.
    `listeners` observe each op the interpreter runs (xDSL's `Interpreter.Listener`); with
    `bulk` False every op runs one by one."""
    interpreter = make_interpreter(module, bulk)
    interpreter.listeners = tuple(listeners)
    return interpreter.call_op(entry, tuple(arguments))

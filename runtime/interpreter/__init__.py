"""The NumPy interpreter of tiled loop IR, built on xDSL's `Interpreter`.

It executes func, scf and arith (xDSL's own implementations) and, one file per dialect as
xDSL's interpreters do, memref (`memref.py`), the few linalg ops the lowerings use
(`linalg.py`) and the tile dialect (`tile.py`), on NumPy buffers (`buffers.py`); any other
op is an error.

The interpreter has no implementation of the tensor-level `ttnn` ops: a module that still
holds one is refused ("run ttnn-lower first"), and so is one holding a tt-mlir op the
project does not model (named in the message). Every value it produces comes from running
the lowered loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.builtin import BuiltinFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions
from xdsl.ir import Operation

from ttnn_xdsl.dialect.errors import RunError, format_location
from ttnn_xdsl.dialect.tt_mlir import foreign_op_name
from ttnn_xdsl.runtime.interpreter.linalg import NumPyLinalgFunctions
from ttnn_xdsl.runtime.interpreter.memref import NumPyMemRefFunctions
from ttnn_xdsl.runtime.interpreter.tile import TileFunctions

__all__ = ["execute", "make_interpreter", "tensor_level_ops"]

def tensor_level_ops(module: Operation) -> list[Operation]:
    """The `ttnn` ops of a module, which only the lowering (not the interpreter) handles
    (tt-mlir's unregistered ops are not among them)."""
    return [op for op in module.walk() if op.dialect_name() == "ttnn"]


def make_interpreter(module: ModuleOp) -> Interpreter:
    """An interpreter for a lowered module: xDSL's implementations of func, scf and arith,
    with NumPy memref/linalg and the tile dialect."""
    for op in module.walk():
        name = foreign_op_name(op)
        if name is not None:
            where = format_location(op.location)
            raise RunError(
                f"cannot run '{name}'" + (f" at {where}" if where else "") + ": ttnn-xdsl does "
                "not model this tt-mlir op (import-tt-mlir turns tt-mlir's prepare ops into "
                "the project's)"
            )
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
    for functions in (
        ArithFunctions(),
        BuiltinFunctions(),
        FuncFunctions(),
        ScfFunctions(),
        NumPyMemRefFunctions(),
        NumPyLinalgFunctions(),
        TileFunctions(),
    ):
        interpreter.register_implementations(functions)
    return interpreter


def execute(
    module: ModuleOp,
    entry: str,
    arguments: Sequence[Any],
    listeners: Sequence[Interpreter.Listener] = (),
) -> tuple[Any, ...]:
    """Run function `entry` of a lowered module on NumPy buffers; returns its results.
    `listeners` observe each op the interpreter runs (xDSL's `Interpreter.Listener`)."""
    interpreter = make_interpreter(module)
    interpreter.listeners = tuple(listeners)
    return interpreter.call_op(entry, tuple(arguments))

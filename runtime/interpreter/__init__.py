"""The NumPy interpreter of tiled loop IR, built on xDSL's `Interpreter`.

It executes func, scf and arith (xDSL's own implementations; index arithmetic without its
type reflection, `arith.py`; a loop step that is not positive refused) and, one file per
dialect as xDSL's interpreters do, memref (`memref.py`), the few linalg ops the lowerings use
(`linalg.py`) and the tile dialect (`tile.py`), on NumPy buffers (`buffers.py`); any other op
is an error.

The interpreter has no implementation of the tensor-level `ttnn` ops: a module that still
holds one is refused ("run ttnn-lower first"), and so is one holding a tt-mlir op the
project does not model (named in the message). Every value it produces comes from running
the lowered loops.

By default a loop nest whose body moves, tilizes or converts tiles at indices affine in its
induction variables runs in bulk: the same ops over the whole iteration space as a few
strided NumPy operations (`bulk.py`); any other nest, and every nest with `bulk=False`, runs
op by op. Both give the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls
from xdsl.interpreters.builtin import BuiltinFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions
from xdsl.ir import Operation

from ttnn_xdsl.core.errors import RunError, format_location
from ttnn_xdsl.dialect.call_graph import unrunnable_message, unrunnable_op
from ttnn_xdsl.runtime.interpreter.arith import FastArithFunctions
from ttnn_xdsl.runtime.interpreter.buffers import op_error
from ttnn_xdsl.runtime.interpreter.bulk import NotBulk, run_nest_in_bulk
from ttnn_xdsl.runtime.interpreter.linalg import NumPyLinalgFunctions
from ttnn_xdsl.runtime.interpreter.memref import NumPyMemRefFunctions
from ttnn_xdsl.runtime.interpreter.tile import TileFunctions

__all__ = ["BulkScfFunctions", "execute", "make_interpreter", "tensor_level_ops"]


@register_impls
class CheckedScfFunctions(ScfFunctions):
    """xDSL's scf, with `scf.for` refusing a step that is not positive (MLIR leaves it
    undefined; Python's `range` fails on 0 and runs nothing for a negative step)."""

    @impl(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues) -> PythonValues:
        lower, upper, step, *loop_values = args
        if step < 1:
            raise op_error(op, f"the step must be positive, got {step}")
        values = tuple(loop_values)
        for index in range(lower, upper, step):
            values = interpreter.run_ssacfg_region(op.body, (index, *values), "for_loop")
        return values


@register_impls
class BulkScfFunctions(CheckedScfFunctions):
    """xDSL's scf implementations, with `scf.for` running its loop nest in bulk when it can
    (`bulk.run_nest_in_bulk`) and op by op otherwise."""

    def __init__(self) -> None:
        self.op_by_op: set[scf.ForOp] = set()
        """Loops whose nest cannot run in bulk whatever the values (not tried again)."""

    @impl(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues) -> PythonValues:
        if op not in self.op_by_op:
            try:
                run_nest_in_bulk(interpreter, op, args[:3])
                return ()
            except NotBulk as reason:
                if reason.structural:
                    self.op_by_op.add(op)
        # xDSL wraps implementations: the inherited one returns an OpImplResult.
        return super().run_for(interpreter, op, args).values  # pyright: ignore[reportAttributeAccessIssue]


@register_impls
class CallByNameFunctions(FuncFunctions):
    """xDSL's func implementations, with `func.call` finding its callee in a table of the
    module's functions (xDSL's lookup scans the module at every call)."""

    def __init__(self, module: ModuleOp) -> None:
        self.functions: dict[str, func.FuncOp] = {}
        for op in module.body.block.ops:
            if isinstance(op, func.FuncOp):
                self.functions.setdefault(op.sym_name.data, op)  # the first, as xDSL finds

    @impl(func.CallOp)
    def run_call(
        self, interpreter: Interpreter, op: func.CallOp, args: PythonValues
    ) -> PythonValues:
        callee = self.functions.get(op.callee.string_value())
        return interpreter.call_op(callee if callee is not None else op.callee, args)


def tensor_level_ops(module: Operation) -> list[Operation]:
    """The `ttnn` ops of a module, which only the lowering (not the interpreter) handles
    (tt-mlir's unregistered ops are not among them)."""
    return [op for op in module.walk() if op.dialect_name() == "ttnn"]


def make_interpreter(module: ModuleOp, bulk: bool = True) -> Interpreter:
    """An interpreter for a lowered module: xDSL's implementations of func, scf and arith,
    with NumPy memref/linalg and the tile dialect; loop nests in bulk unless `bulk` is
    False."""
    unrunnable = unrunnable_op(op for op in module.walk() if isinstance(op, func.FuncOp))
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
    for functions in (
        FastArithFunctions(),
        BuiltinFunctions(),
        CallByNameFunctions(module),
        BulkScfFunctions() if bulk else CheckedScfFunctions(),
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
    bulk: bool = True,
) -> tuple[Any, ...]:
    """Run function `entry` of a lowered module on NumPy buffers; returns its results.
    `listeners` observe each op the interpreter runs (xDSL's `Interpreter.Listener`); with
    `bulk` False every op runs one by one."""
    interpreter = make_interpreter(module, bulk)
    interpreter.listeners = tuple(listeners)
    return interpreter.call_op(entry, tuple(arguments))

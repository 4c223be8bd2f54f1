"""The linalg ops the lowerings use to move 2D windows, on NumPy arrays."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.linalg import ops as linalg
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)

from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.runtime.interpreter.buffers import op_error
from ttnn_xdsl.runtime.interpreter.memref import FILLED_BY_ALLOC, NumPyMemRefFunctions


def transpose_permutation(op: linalg.TransposeOp, rank: int) -> tuple[int, ...]:
    """The permutation of a `linalg.transpose` of a rank-`rank` input; a RunError at the op
    unless it permutes the input's dims (xDSL's verifier checks the shapes the permutation
    gives, not the permutation: [0, 0] passes on a square input)."""
    permutation = tuple(op.permutation.get_values())
    if sorted(permutation) != list(range(rank)):
        raise op_error(
            op,
            f"permutation {format_shape(permutation)} is not one of the {rank} dims of its input",
        )
    return permutation


@register_impls
class NumPyLinalgFunctions(InterpreterFunctions):
    """The linalg ops the lowerings use to move 2D windows, on NumPy arrays."""

    @impl(linalg.FillOp)
    def run_fill(
        self, interpreter: Interpreter, op: linalg.FillOp, args: PythonValues
    ) -> PythonValues:
        filled_by_alloc = interpreter.get_data(NumPyMemRefFunctions, FILLED_BY_ALLOC, set)
        if op in filled_by_alloc:
            # The buffer was just allocated as zeros and this fill writes +0 (memref.py).
            filled_by_alloc.discard(op)
            return ()
        value, dest = args
        dest[...] = value
        return ()

    @impl(linalg.CopyOp)
    def run_copy(
        self, interpreter: Interpreter, op: linalg.CopyOp, args: PythonValues
    ) -> PythonValues:
        source, dest = args
        np.copyto(dest, source)
        return ()

    @impl(linalg.TransposeOp)
    def run_transpose(
        self, interpreter: Interpreter, op: linalg.TransposeOp, args: PythonValues
    ) -> PythonValues:
        source, dest = args
        np.copyto(dest, np.transpose(source, transpose_permutation(op, source.ndim)))
        return ()

    @impl(linalg.BroadcastOp)
    def run_broadcast(
        self, interpreter: Interpreter, op: linalg.BroadcastOp, args: PythonValues
    ) -> PythonValues:
        source, dest = args
        expanded = np.expand_dims(source, tuple(op.dimensions.get_values()))
        np.copyto(dest, np.broadcast_to(expanded, dest.shape))
        return ()

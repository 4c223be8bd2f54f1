"""memref ops on NumPy arrays (replacing xDSL's element-list implementations)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    MemRefType,
)
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.ir import Attribute

from ttnn_xdsl.dialect.errors import RunError, format_location
from ttnn_xdsl.runtime.interpreter.buffers import buffer_shape_and_dtype


def _static_or_dynamic(static: Sequence[int], dynamic: Any) -> list[int]:
    values = iter(dynamic)
    return [next(values) if s == DYNAMIC_INDEX else s for s in static]


@register_impls
class NumPyMemRefFunctions(InterpreterFunctions):
    """memref ops on NumPy arrays (replacing xDSL's element-list implementations)."""

    @impl(memref.AllocOp)
    def run_alloc(
        self, interpreter: Interpreter, op: memref.AllocOp, args: PythonValues
    ) -> PythonValues:
        # MLIR leaves new memory undefined; zeros make every run reproducible.
        shape, dtype = buffer_shape_and_dtype(op.memref.type)
        return (np.zeros(shape, dtype),)

    @impl(memref.DeallocOp)
    def run_dealloc(
        self, interpreter: Interpreter, op: memref.DeallocOp, args: PythonValues
    ) -> PythonValues:
        return ()

    @impl(memref.LoadOp)
    def run_load(
        self, interpreter: Interpreter, op: memref.LoadOp, args: PythonValues
    ) -> PythonValues:
        array, *indices = args
        return (array[tuple(indices)],)

    @impl(memref.StoreOp)
    def run_store(
        self, interpreter: Interpreter, op: memref.StoreOp, args: PythonValues
    ) -> PythonValues:
        value, array, *indices = args
        array[tuple(indices)] = value
        return ()

    @impl(memref.SubviewOp)
    def run_subview(
        self, interpreter: Interpreter, op: memref.SubviewOp, args: PythonValues
    ) -> PythonValues:
        source = args[0]
        dynamic = iter(args[1:])
        offsets = _static_or_dynamic(op.static_offsets.get_values(), dynamic)
        sizes = _static_or_dynamic(op.static_sizes.get_values(), dynamic)
        strides = _static_or_dynamic(op.static_strides.get_values(), dynamic)
        for offset, size, stride, extent in zip(
            offsets, sizes, strides, source.shape, strict=False
        ):
            if offset < 0 or size < 0 or (size and offset + (size - 1) * stride >= extent):
                raise RunError(
                    f"memref.subview out of bounds: offset {offset}, size {size}, stride "
                    f"{stride} in a dim of {extent} ({format_location(op.location) or op.name})"
                )
        window = source[
            tuple(
                slice(offset, offset + size * stride, stride)
                for offset, size, stride in zip(offsets, sizes, strides, strict=True)
            )
        ]
        # A rank-reducing subview drops unit dims; reshaping a view to drop them stays a view.
        return (window.reshape(cast(MemRefType[Attribute], op.result.type).get_shape()),)

    @impl(memref.CopyOp)
    def run_copy(
        self, interpreter: Interpreter, op: memref.CopyOp, args: PythonValues
    ) -> PythonValues:
        source, dest = args
        np.copyto(dest, source)
        return ()



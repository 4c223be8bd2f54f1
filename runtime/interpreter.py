"""The NumPy interpreter of tiled loop IR, built on xDSL's `Interpreter`.

It executes func, scf and arith (xDSL's own implementations), memref and the few linalg ops
the lowerings use (NumPy-backed here), and the tile dialect; any other op is an error.
Buffers are NumPy arrays in the
project's data convention (`runtime/formats.py`): a memref of `!tile.tile<32x32, f32|bf16>`
is an array [..., 32, 32] of float32 / ml_dtypes.bfloat16, a memref of bfloat8_b tiles an
array [..., 1088] of the packed tile bytes, a row-major memref an array of its shape. A tile
value is one such 32×32 (or 1088-byte) block.

The interpreter has no implementation of the tensor-level `ttnn` ops: a module that still
holds one is refused ("run ttnn-lower first"). Every value it produces comes from running
the lowered loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import ml_dtypes
import numpy as np
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BFloat16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.builtin import BuiltinFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions
from xdsl.ir import Attribute, Operation

from ttnn_xdsl.dialect import tile
from ttnn_xdsl.dialect.diagnostics import format_location
from ttnn_xdsl.dialect.ttnn import TILE_SIZE, DataType
from ttnn_xdsl.runtime import formats


class InterpreterError(Exception):
    """The module cannot be interpreted (a one-line, user-facing message)."""


def numpy_dtype(element_type: Attribute) -> np.dtype[Any]:
    """The NumPy dtype holding one element of a row-major memref."""
    if isinstance(element_type, Float32Type):
        return np.dtype(np.float32)
    if isinstance(element_type, BFloat16Type):
        return np.dtype(ml_dtypes.bfloat16)
    if isinstance(element_type, Float64Type):
        return np.dtype(np.float64)
    if isinstance(element_type, IndexType):
        return np.dtype(np.int64)
    if isinstance(element_type, IntegerType):
        width = element_type.width.data
        return np.dtype(bool) if width == 1 else np.dtype(f"int{max(8, width)}")
    raise InterpreterError(f"no NumPy representation for element type {element_type}")


def buffer_shape_and_dtype(
    memref_type: MemRefType[Attribute],
) -> tuple[tuple[int, ...], np.dtype[Any]]:
    """The shape and dtype of the NumPy array backing a memref."""
    shape = memref_type.get_shape()
    element = memref_type.element_type
    if isinstance(element, tile.TileType):
        if element.dtype == DataType.BFLOAT8_B:
            return (*shape, formats.BFLOAT8_B_TILE_BYTES), np.dtype(np.uint8)
        return (*shape, TILE_SIZE, TILE_SIZE), numpy_dtype(element.element_type)
    return shape, numpy_dtype(element)


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
                raise InterpreterError(
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


@register_impls
class NumPyLinalgFunctions(InterpreterFunctions):
    """The linalg ops the lowerings use to move 2D windows, on NumPy arrays."""

    @impl(linalg.FillOp)
    def run_fill(
        self, interpreter: Interpreter, op: linalg.FillOp, args: PythonValues
    ) -> PythonValues:
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
        np.copyto(dest, np.transpose(source, op.permutation.get_values()))
        return ()

    @impl(linalg.BroadcastOp)
    def run_broadcast(
        self, interpreter: Interpreter, op: linalg.BroadcastOp, args: PythonValues
    ) -> PythonValues:
        source, dest = args
        expanded = np.expand_dims(source, tuple(op.dimensions.get_values()))
        np.copyto(dest, np.broadcast_to(expanded, dest.shape))
        return ()


@register_impls
class TileFunctions(InterpreterFunctions):
    """The tile dialect: tiles are NumPy blocks (see the module doc)."""

    @impl(tile.LoadOp)
    def run_load(
        self, interpreter: Interpreter, op: tile.LoadOp, args: PythonValues
    ) -> PythonValues:
        buffer, *indices = args
        # A copy: the tile value must not change when the buffer is written later.
        return (buffer[tuple(indices)].copy(),)

    @impl(tile.StoreOp)
    def run_store(
        self, interpreter: Interpreter, op: tile.StoreOp, args: PythonValues
    ) -> PythonValues:
        value, buffer, *indices = args
        buffer[tuple(indices)] = value
        return ()

    @impl(tile.TilizeOp)
    def run_tilize(
        self, interpreter: Interpreter, op: tile.TilizeOp, args: PythonValues
    ) -> PythonValues:
        source, *indices = args
        *leading, row, col = indices
        window = source[(*leading, slice(row, row + TILE_SIZE), slice(col, col + TILE_SIZE))]
        block = np.zeros((TILE_SIZE, TILE_SIZE), source.dtype)
        block[: window.shape[0], : window.shape[1]] = window
        return (block,)

    @impl(tile.UntilizeOp)
    def run_untilize(
        self, interpreter: Interpreter, op: tile.UntilizeOp, args: PythonValues
    ) -> PythonValues:
        value, dest, *indices = args
        *leading, row, col = indices
        window = dest[(*leading, slice(row, row + TILE_SIZE), slice(col, col + TILE_SIZE))]
        window[...] = value[: window.shape[0], : window.shape[1]]
        return ()

    @impl(tile.TypecastOp)
    def run_typecast(
        self, interpreter: Interpreter, op: tile.TypecastOp, args: PythonValues
    ) -> PythonValues:
        (value,) = args
        source = cast(tile.TileType, op.input.type).dtype
        target = cast(tile.TileType, op.result.type).dtype
        try:
            return (formats.convert_tiles(value, source, target),)
        except ValueError as error:
            # A value the target cannot hold (NaN/Inf into bfloat8_b): a user error.
            where = format_location(op.location) or op.name
            raise InterpreterError(
                f"{source.value} -> {target.value} typecast at {where}: {error}"
            ) from None


def tensor_level_ops(module: Operation) -> list[Operation]:
    """The `ttnn` ops of a module, which only the lowering (not the interpreter) handles."""
    return [op for op in module.walk() if op.dialect_name() == "ttnn"]


def make_interpreter(module: ModuleOp) -> Interpreter:
    """An interpreter for a lowered module: xDSL's implementations of func, scf and arith,
    with NumPy memref/linalg and the tile dialect."""
    remaining = tensor_level_ops(module)
    if remaining:
        op = remaining[0]
        where = format_location(op.location)
        raise InterpreterError(
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


def execute(module: ModuleOp, entry: str, arguments: Sequence[Any]) -> tuple[Any, ...]:
    """Run function `entry` of a lowered module on NumPy buffers; returns its results."""
    return make_interpreter(module).call_op(entry, tuple(arguments))

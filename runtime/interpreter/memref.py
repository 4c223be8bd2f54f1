"""memref ops on NumPy arrays (replacing xDSL's element-list implementations)."""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from typing import Any, cast

import numpy as np
from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    FloatAttr,
    IntegerAttr,
    MemRefType,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttnn_xdsl.core.errors import RunError, op_location
from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.runtime.interpreter.buffers import (
    buffer_shape_and_dtype,
    check_indices,
    op_error,
)


def _static_or_dynamic(static: Sequence[int], dynamic: Any) -> list[int]:
    values = iter(dynamic)
    return [next(values) if s == DYNAMIC_INDEX else s for s in static]


# Facts about ops that depend only on the IR, found once per op.
_SUBVIEW_STATIC: weakref.WeakKeyDictionary[Operation, Any] = weakref.WeakKeyDictionary()
_WHOLE_FILL: weakref.WeakKeyDictionary[Operation, Any] = weakref.WeakKeyDictionary()
_WRITTEN_WHOLE: weakref.WeakKeyDictionary[Operation, bool] = weakref.WeakKeyDictionary()
_REINTERPRET_CAST_LAYOUTS: weakref.WeakKeyDictionary[
    Operation, tuple[int, tuple[int, ...], tuple[int, ...]]
] = weakref.WeakKeyDictionary()
_STATIC_SUBVIEW_WINDOWS: weakref.WeakKeyDictionary[Operation, dict[tuple[int, ...], Any]] = (
    weakref.WeakKeyDictionary()
)


def subview_static(op: memref.SubviewOp) -> tuple[tuple[int, ...], ...]:
    """The static offsets, sizes and strides of a subview (DYNAMIC_INDEX where an operand
    gives them), decoded once per op: xDSL unpacks the dense arrays at every access."""
    if op not in _SUBVIEW_STATIC:
        _SUBVIEW_STATIC[op] = (
            op.static_offsets.get_values(),
            op.static_sizes.get_values(),
            op.static_strides.get_values(),
        )
    return _SUBVIEW_STATIC[op]


def whole_fill(alloc: memref.AllocOp) -> tuple[linalg.FillOp, Attribute | None] | None:
    """The `linalg.fill` of the whole new buffer that follows `alloc` (past constants), and
    its value when a constant gives it (found once per op)."""
    if alloc not in _WHOLE_FILL:
        found = _whole_fill(alloc)
        # A weak reference to the fill: a strong one would keep `alloc` (through the
        # fill's parent) and its module alive for good.
        _WHOLE_FILL[alloc] = None if found is None else (weakref.ref(found[0]), found[1])
    cached = _WHOLE_FILL[alloc]
    if cached is None:
        return None
    fill = cached[0]()
    if fill is None:  # the IR changed since
        del _WHOLE_FILL[alloc]
        return whole_fill(alloc)
    return fill, cached[1]


def _whole_fill(alloc: memref.AllocOp) -> tuple[linalg.FillOp, Attribute | None] | None:
    following = alloc.next_op
    while isinstance(following, arith.ConstantOp):
        following = following.next_op
    if not isinstance(following, linalg.FillOp) or tuple(following.outputs) != (alloc.memref,):
        return None
    (value,) = following.inputs
    owner = value.owner
    return following, owner.value if isinstance(owner, arith.ConstantOp) else None


def written_whole_next(alloc: memref.AllocOp) -> bool:
    """Whether the op after `alloc` (past constants) is a loop nest that stores every tile of
    the new memref of tiles once before anything reads it (found once per op): loops from 0
    by 1 to the memref's dims, each iteration `tile.store`-ing its tile at the induction
    variables (index 0 in a dim of 1), and no other use of the buffer in the nest — the
    lowerings' copies, typecasts and tilizes."""
    if alloc not in _WRITTEN_WHOLE:
        _WRITTEN_WHOLE[alloc] = _written_whole_next(alloc)
    return _WRITTEN_WHOLE[alloc]


def _constant_index(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _written_whole_next(alloc: memref.AllocOp) -> bool:
    nest = alloc.next_op
    while isinstance(nest, arith.ConstantOp):
        nest = nest.next_op
    if not isinstance(nest, scf.ForOp):
        return False
    loops: list[tuple[SSAValue, int | None]] = []
    loop = nest
    while True:
        if loop.iter_args or (_constant_index(loop.lb), _constant_index(loop.step)) != (0, 1):
            return False
        loops.append((loop.body.block.args[0], _constant_index(loop.ub)))
        inner = [op for op in loop.body.block.ops if isinstance(op, scf.ForOp)]
        if not inner:
            break
        if len(inner) > 1:
            return False
        loop = inner[0]
    buffer = alloc.memref
    uses = [use.operation for use in buffer.uses if nest.is_ancestor(use.operation)]
    if len(uses) != 1:
        return False
    (store,) = uses
    if not isinstance(store, tile.StoreOp) or store.buffer is not buffer:
        return False
    if store.parent_block() is not loop.body.block:
        return False
    remaining = iter(loops)
    shape = cast(MemRefType[Attribute], buffer.type).get_shape()
    for index, extent in zip(store.indices, shape, strict=True):
        if _constant_index(index) == 0 and extent == 1:
            continue
        variable, upper = next(remaining, (None, None))
        if index is not variable or upper != extent:
            return False
    return next(remaining, None) is None


FILLED_BY_ALLOC = "filled by alloc"
"""Key of the interpreter data naming the `linalg.fill`s whose buffer is already zero."""


def _reinterpret_cast_layout(
    op: memref.ReinterpretCastOp,
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The static (offset, sizes, strides) of a `memref.reinterpret_cast` of a memref of
    values, checked once per op (the same at every run); a RunError where they are not."""
    layout = _REINTERPRET_CAST_LAYOUTS.get(op)
    if layout is not None:
        return layout
    element = cast(MemRefType[Attribute], op.source.type).element_type
    if isinstance(element, tile.TileType):
        raise RunError(
            f"memref.reinterpret_cast of a buffer that is not a contiguous memref of values "
            f"at {op_location(op)}"
        )
    offsets = op.static_offsets.get_values()
    sizes = tuple(op.static_sizes.get_values())
    strides = tuple(op.static_strides.get_values())
    result_shape = cast(MemRefType[Attribute], op.result.type).get_shape()
    if len(offsets) != 1 or len(strides) != len(sizes) or tuple(result_shape) != sizes:
        raise RunError(
            f"memref.reinterpret_cast expects one offset and a stride per size of its "
            f"result {format_shape(result_shape)}, got offsets {list(offsets)}, sizes "
            f"{format_shape(sizes)}, strides {list(strides)} at {op_location(op)}"
        )
    (offset,) = offsets
    if offset < 0 or min(strides, default=0) < 0:
        raise RunError(
            f"memref.reinterpret_cast out of bounds: offset {offset}, sizes "
            f"{format_shape(sizes)}, strides {list(strides)} at {op_location(op)}"
        )
    layout = (offset, sizes, strides)
    _REINTERPRET_CAST_LAYOUTS[op] = layout
    return layout


def _reshaped(op: memref.CollapseShapeOp | memref.ExpandShapeOp, source: np.ndarray) -> Any:
    """The buffer with the result's shape: a view, so that writes through it reach the
    source. Its size must be the source's, its layout one a view can reshape (contiguous
    along the merged or split dims)."""
    shape = cast(MemRefType[Attribute], op.result.type).get_shape()
    if math.prod(shape) != source.size:
        raise op_error(op, f"cannot view {format_shape(source.shape)} as {format_shape(shape)}")
    try:
        return np.reshape(source, shape, copy=False)
    except ValueError:
        raise op_error(
            op, f"cannot view {format_shape(source.shape)} as {format_shape(shape)} in place"
        ) from None


def _is_positive_zero(value: float) -> bool:
    return value == 0 and math.copysign(1.0, value) > 0


def _source_rank(op: memref.SubviewOp) -> int:
    return cast(MemRefType[Attribute], op.source.type).get_num_dims()


def _check_subview(
    op: memref.SubviewOp,
    rank: int,
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    result_shape: Sequence[int],
) -> None:
    """What xDSL's verifier leaves to run time: one offset, size and stride per dim of the
    source, positive strides, and a result type that is the sizes (less unit dims dropped
    by a rank-reducing subview)."""
    if not len(offsets) == len(sizes) == len(strides) == rank:
        raise op_error(
            op,
            f"expected {rank} offsets, sizes and strides for a memref of rank {rank}, got "
            f"{len(offsets)}, {len(sizes)} and {len(strides)}",
        )
    if min(strides, default=1) < 1:
        raise op_error(op, f"strides must be positive, got {format_shape(strides)}")
    kept = [size for size in sizes if size != 1]
    if len(result_shape) > rank or [d for d in result_shape if d != 1] != kept:
        raise op_error(
            op,
            f"the result type's shape {format_shape(result_shape)} is not the sizes "
            f"{format_shape(sizes)}",
        )


@register_impls
class NumPyMemRefFunctions(InterpreterFunctions):
    """memref ops on NumPy arrays (replacing xDSL's element-list implementations)."""

    @impl(memref.AllocOp)
    def run_alloc(
        self, interpreter: Interpreter, op: memref.AllocOp, args: PythonValues
    ) -> PythonValues:
        # MLIR leaves new memory undefined; zeros make every run reproducible. A buffer that
        # the next op fills whole needs no zeroing first, and a fill with +0 is done by the
        # zeroing (np.zeros maps zero pages without writing them).
        shape, dtype = buffer_shape_and_dtype(op.memref.type)
        if written_whole_next(op):
            return (np.empty(shape, dtype),)  # every element is written before any read
        fill = whole_fill(op)
        if fill is None:
            return (np.zeros(shape, dtype),)
        fill_op, value = fill
        if isinstance(value, FloatAttr | IntegerAttr) and _is_positive_zero(value.value.data):
            interpreter.get_data(NumPyMemRefFunctions, FILLED_BY_ALLOC, set).add(fill_op)
            return (np.zeros(shape, dtype),)
        return (np.empty(shape, dtype),)

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
        check_indices(op, array.shape[: len(indices)], indices)
        return (array[tuple(indices)],)

    @impl(memref.StoreOp)
    def run_store(
        self, interpreter: Interpreter, op: memref.StoreOp, args: PythonValues
    ) -> PythonValues:
        value, array, *indices = args
        check_indices(op, array.shape[: len(indices)], indices)
        array[tuple(indices)] = value
        return ()

    @impl(memref.SubviewOp)
    def run_subview(
        self, interpreter: Interpreter, op: memref.SubviewOp, args: PythonValues
    ) -> PythonValues:
        source = args[0]
        if len(args) == 1:
            # Every offset, size and stride static: checked once per op and source shape.
            windows = _STATIC_SUBVIEW_WINDOWS.setdefault(op, {})
            if source.shape not in windows:
                windows[source.shape] = self._window(op, source, ())
            index, shape = windows[source.shape]
            return (source[index].reshape(shape),)
        index, shape = self._window(op, source, args[1:])
        return (source[index].reshape(shape),)

    @staticmethod
    def _window(
        op: memref.SubviewOp, source: np.ndarray, dynamic_values: Sequence[int]
    ) -> tuple[tuple[slice, ...], tuple[int, ...]]:
        """The subview's index into `source` and the result's shape, its bounds checked."""
        dynamic = iter(dynamic_values)
        static_offsets, static_sizes, static_strides = subview_static(op)
        offsets = _static_or_dynamic(static_offsets, dynamic)
        sizes = _static_or_dynamic(static_sizes, dynamic)
        strides = _static_or_dynamic(static_strides, dynamic)
        result_shape = cast(MemRefType[Attribute], op.result.type).get_shape()
        _check_subview(op, _source_rank(op), offsets, sizes, strides, result_shape)
        for offset, size, stride, extent in zip(
            offsets, sizes, strides, source.shape, strict=False
        ):
            if offset < 0 or size < 0 or (size and offset + (size - 1) * stride >= extent):
                raise RunError(
                    f"memref.subview out of bounds: offset {offset}, size {size}, stride "
                    f"{stride} in a dim of {extent} ({op_location(op)})"
                )
        index = tuple(
            slice(offset, offset + size * stride, stride)
            for offset, size, stride in zip(offsets, sizes, strides, strict=True)
        )
        # A rank-reducing subview drops unit dims; reshaping a view to drop them stays a view.
        # A memref of tiles keeps each tile's own trailing data dims.
        return index, (*result_shape, *source.shape[len(offsets) :])

    @impl(memref.ReinterpretCastOp)
    def run_reinterpret_cast(
        self, interpreter: Interpreter, op: memref.ReinterpretCastOp, args: PythonValues
    ) -> PythonValues:
        """A view of the source buffer's elements at a static offset, sizes and strides (in
        elements; strides may overlap: a sliding window), checked to stay inside it."""
        source = args[0]
        if len(args) > 1:
            raise RunError(f"memref.reinterpret_cast with dynamic operands at {op_location(op)}")
        if not source.flags.c_contiguous:
            raise RunError(
                f"memref.reinterpret_cast of a buffer that is not a contiguous memref of "
                f"values at {op_location(op)}"
            )
        offset, sizes, strides = _reinterpret_cast_layout(op)
        last = offset + sum(
            (size - 1) * stride for size, stride in zip(sizes, strides, strict=True)
        )
        if math.prod(sizes) > 0 and last >= source.size:
            raise RunError(
                f"memref.reinterpret_cast out of bounds: offset {offset}, sizes "
                f"{format_shape(sizes)}, strides {list(strides)} in a buffer of {source.size} "
                f"elements at {op_location(op)}"
            )
        # A view of the source's memory (its base the source: it stays writeable where the
        # source is); NumPy's own constructor, a tenth of as_strided's cost.
        view = np.ndarray(
            sizes,
            source.dtype,
            buffer=source,
            offset=offset * source.itemsize,
            strides=[stride * source.itemsize for stride in strides],
        )
        return (view,)

    @impl(memref.CollapseShapeOp)
    def run_collapse_shape(
        self, interpreter: Interpreter, op: memref.CollapseShapeOp, args: PythonValues
    ) -> PythonValues:
        return (_reshaped(op, args[0]),)

    @impl(memref.ExpandShapeOp)
    def run_expand_shape(
        self, interpreter: Interpreter, op: memref.ExpandShapeOp, args: PythonValues
    ) -> PythonValues:
        return (_reshaped(op, args[0]),)

    @impl(memref.CopyOp)
    def run_copy(
        self, interpreter: Interpreter, op: memref.CopyOp, args: PythonValues
    ) -> PythonValues:
        source, dest = args
        np.copyto(dest, source)
        return ()

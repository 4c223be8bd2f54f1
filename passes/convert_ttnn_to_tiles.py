"""`convert-ttnn-to-tiles`: bufferize functions on TT-NN tensors and lower every `ttnn`
tensor op into `scf.for` loops whose bodies are tile ops.

An op that occurs more than once in a module with the same properties and types is lowered
once: into a private function that each occurrence calls (`outlining.py`).

Functions holding tt-mlir ops the project does not model (`ttnn.conv2d`, …), and functions
calling them, are left untouched at tensor level (`dialect/call_graph.py`).

Bufferization: a TILE tensor becomes a memref of `!tile.tile<32x32, T>` over its physical
tile grid, a row-major tensor a memref of its elements (`buffers.buffer_type`). Each function
argument and result keeps the tensor type it stands for as the argument/result attribute
`ttnn.tensor`, so a runtime can convert values at the boundary (logical shape, layout,
dtype), and each result its name as `ttnn.name` (`dialect/result_attributes.py`). Ops are
lowered in program order, so an op's operands are already memrefs when it is rewritten.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    FunctionType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import Rewriter

from ttnn_xdsl.core.enums import Layout
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div
from ttnn_xdsl.dialect import tile
from ttnn_xdsl.dialect.assign_bw import AssignBwOp
from ttnn_xdsl.dialect.attributes import TENSOR_ATTRIBUTE
from ttnn_xdsl.dialect.buffers import buffer_type
from ttnn_xdsl.dialect.call_graph import foreign_functions, function_table
from ttnn_xdsl.dialect.conv2d_ops import ConvOp
from ttnn_xdsl.dialect.conversion_ops import ToLayoutOp, TypecastOp
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp
from ttnn_xdsl.dialect.result_attributes import (
    ALIGNMENT_ATTRIBUTE,
    NAME_ATTRIBUTE,
    alignment_attribute,
    own_result_alignments,
    own_result_names,
)
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.dialect.tt_mlir import PermuteOpBase, ReshapeOpBase
from ttnn_xdsl.passes.loops import copy, loop_nest, memref_type, scaled
from ttnn_xdsl.passes.lower_conv2d import CONV2D_PATTERNS
from ttnn_xdsl.passes.lower_conv_layouts import CONV_LAYOUT_PATTERNS
from ttnn_xdsl.passes.lower_depthwise_conv1d import DEPTHWISE_CONV1D_PATTERNS
from ttnn_xdsl.passes.lowering import allocate, lowering, refresh_signature
from ttnn_xdsl.passes.outlining import outline_repeated_ops
from ttnn_xdsl.passes.tt_mlir_bookkeeping import run_as_project_ops


def copy_tiles(source: SSAValue, dest: SSAValue) -> None:
    """Loops over the tile grid of `dest` copying each tile of `source` into it, converting
    the tile's element type on the way when the two memrefs' tile types differ."""
    dest_tile = memref_type(dest).element_type
    convert = memref_type(source).element_type != dest_tile

    def body(indices: list[SSAValue]) -> None:
        value = tile.LoadOp(source, indices).result
        if convert:
            value = tile.TypecastOp(value, tile.tile_dtype(dest_tile)).result
        tile.StoreOp(value, dest, indices)

    loop_nest(memref_type(dest).get_shape(), body)


WindowBody = Callable[[list[SSAValue], list[SSAValue]], None]


def tile_windows(shape: Sequence[int], body: WindowBody) -> None:
    """Loops over the 32×32 windows of a row-major shape of rank ≥ 2 (leading dims, then
    window rows and columns); `body(tile_indices, element_indices)` gets the tile index
    and the element offsets of the window's top-left corner."""
    *leading, rows, cols = shape
    grid = (*leading, ceil_div(rows, TILE_SIZE), ceil_div(cols, TILE_SIZE))

    def window(indices: list[SSAValue]) -> None:
        *outer, row, col = indices
        body(indices, [*outer, scaled(row, TILE_SIZE), scaled(col, TILE_SIZE)])

    loop_nest(grid, window)


@dataclass
class LowerAssignBw(RewritePattern):
    """assign_bw → for each produced gradient, a loop nest copying grad's tiles into the
    gradient's buffer (the preallocated output, or a new allocation), typecast per tile when
    the dtypes differ."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: AssignBwOp, rewriter: PatternRewriter) -> None:
        with lowering(rewriter, op) as results:
            for (_, preallocated, _), result in zip(
                op.gradient_destinations(), op.gradients, strict=True
            ):
                dest = preallocated if preallocated is not None else allocate(result.type)
                copy_tiles(op.grad, dest)
                results.append(dest)


def tilizes_for(op: ToLayoutOp) -> TypecastOp | None:
    """The typecast `op` tilizes for, when its only use is one that changes the dtype of its
    TILE result: the two are lowered together, into one loop nest (`LowerTypecast`)."""
    use = op.result.get_unique_use()
    if tensor_info(op.result.type).layout != Layout.TILE or use is None:
        return None
    source = op.input.type
    if isinstance(source, MemRefType):  # bufferized already
        if isinstance(cast(MemRefType[Attribute], source).element_type, tile.TileType):
            return None
    elif tensor_info(source).layout == Layout.TILE:
        return None
    user = use.operation
    if not isinstance(user, TypecastOp):
        return None
    if tensor_info(user.result.type).dtype == tensor_info(op.result.type).dtype:
        return None
    return user


def lowered_together(op: Operation) -> bool:
    """Whether `op` is a to_layout lowered with its typecast, or that typecast (`tilizes_for`):
    the two stay where they are (`outline_repeated_ops` leaves them)."""
    if isinstance(op, TypecastOp):
        op = op.input.owner  # pyright: ignore[reportAssignmentType]
        return isinstance(op, ToLayoutOp) and tilizes_for(op) is not None
    return isinstance(op, ToLayoutOp) and tilizes_for(op) is not None


@dataclass
class LowerTypecast(RewritePattern):
    """typecast → a loop nest over tiles (TILE) or 32×32 windows (ROW_MAJOR: tilize,
    convert, untilize) converting each to the result dtype. A typecast of a row-major
    tensor's `to_layout` to TILE (its only use) takes the to_layout in: one nest tilizes each
    window, converts it and stores the tile, as TT-NN's host conversion does in one pass."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: TypecastOp, rewriter: PatternRewriter) -> None:
        result_info = tensor_info(op.result.type)
        to_layout = op.input.owner
        if isinstance(to_layout, ToLayoutOp) and tilizes_for(to_layout) is op:
            with lowering(rewriter, op) as results:
                dest = allocate(op.result.type)
                source = to_layout.input

                def tilize_convert(tiles: list[SSAValue], elements: list[SSAValue]) -> None:
                    window = tile.TilizeOp(source, elements).result
                    converted = tile.TypecastOp(window, result_info.dtype).result
                    tile.StoreOp(converted, dest, tiles)

                tile_windows(result_info.shape, tilize_convert)
                results.append(dest)
            rewriter.erase(to_layout)
            return
        row_major = result_info.layout != Layout.TILE
        same_dtype = memref_type(op.input).element_type == buffer_type(op.result.type).element_type
        if row_major and not same_dtype and len(result_info.shape) < 1:
            # Tile windows need a row: say so instead of building invalid IR.
            raise TTNNError(
                f"'{op.name}' op cannot lower a row-major typecast of rank 0: its tiled "
                "lowering (tilize, typecast, untilize) needs rank 1 or more",
                op=op,
            )
        with lowering(rewriter, op) as results:
            dest = allocate(op.result.type)
            if result_info.layout == Layout.TILE:
                copy_tiles(op.input, dest)
            elif same_dtype:
                # Nothing to convert (tile.typecast requires different element types).
                copy(op.input, dest)
            else:
                # A rank-1 tensor is one row: its windows are those of the [1, N] view.
                source, target = (_as_matrix(v) for v in (op.input, dest))

                def body(_: list[SSAValue], elements: list[SSAValue]) -> None:
                    window = tile.TilizeOp(source, elements).result
                    converted = tile.TypecastOp(window, result_info.dtype).result
                    tile.UntilizeOp(converted, target, elements)

                tile_windows(memref_type(source).get_shape(), body)
            results.append(dest)


@dataclass
class LowerToLayout(RewritePattern):
    """to_layout → tilize each 32×32 window into a tile (row-major → TILE, zero padding),
    untilize each tile into its window (TILE → row-major, padding dropped), or a plain copy
    (same layout); a tilize whose only use is a typecast is lowered with it."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ToLayoutOp, rewriter: PatternRewriter) -> None:
        if tilizes_for(op) is not None:
            return  # lowered with its typecast (`LowerTypecast`)
        result_info = tensor_info(op.result.type)
        source_is_tiled = isinstance(memref_type(op.input).element_type, tile.TileType)
        with lowering(rewriter, op) as results:
            dest = allocate(op.result.type)
            if source_is_tiled and result_info.layout == Layout.TILE:
                copy_tiles(op.input, dest)
            elif result_info.layout == Layout.TILE:

                def tilize(tiles: list[SSAValue], elements: list[SSAValue]) -> None:
                    tile.StoreOp(tile.TilizeOp(op.input, elements).result, dest, tiles)

                tile_windows(result_info.shape, tilize)
            elif source_is_tiled:

                def untilize(tiles: list[SSAValue], elements: list[SSAValue]) -> None:
                    tile.UntilizeOp(tile.LoadOp(op.input, tiles).result, dest, elements)

                tile_windows(result_info.shape, untilize)
            else:
                copy(op.input, dest)
            results.append(dest)


@dataclass
class LowerReshape(RewritePattern):
    """tt-mlir's reshape of a row-major tensor (`tt_mlir_bookkeeping` untilizes a tiled one
    first) → its buffer collapsed to one dim and expanded to the result's shape, copied into
    the result's buffer."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ReshapeOpBase, rewriter: PatternRewriter) -> None:
        source = memref_type(op.input)
        with lowering(rewriter, op) as results:
            dest = allocate(op.result.type)
            shape = memref_type(dest).get_shape()
            flat: SSAValue = op.input
            if len(source.get_shape()) != 1:
                flat = memref.CollapseShapeOp(
                    operands=[op.input],
                    result_types=[MemRefType(source.element_type, [math.prod(source.get_shape())])],
                    properties={"reassociation": _one_group(len(source.get_shape()))},
                ).result
            view = flat
            if len(shape) != 1:
                view = memref.ExpandShapeOp(
                    operands=[flat, []],
                    result_types=[MemRefType(source.element_type, shape)],
                    properties={
                        "reassociation": _one_group(len(shape)),
                        "static_output_shape": DenseArrayBase.from_list(i64, shape),
                    },
                ).result
            copy(view, dest)
            results.append(dest)


def _as_matrix(buffer: SSAValue) -> SSAValue:
    """A rank-1 row-major buffer as a `[1, N]` view (a buffer of higher rank as it is)."""
    memref_of = memref_type(buffer)
    shape = memref_of.get_shape()
    if len(shape) != 1:
        return buffer
    return memref.ExpandShapeOp(
        operands=[buffer, []],
        result_types=[MemRefType(memref_of.element_type, [1, shape[0]])],
        properties={
            "reassociation": _one_group(2),
            "static_output_shape": DenseArrayBase.from_list(i64, [1, shape[0]]),
        },
    ).result


def _one_group(rank: int) -> ArrayAttr[ArrayAttr[IntegerAttr]]:
    """The reassociation that joins `rank` dims into one."""
    return ArrayAttr([ArrayAttr([IntegerAttr(d, i64) for d in range(rank)])])


@dataclass
class LowerPermute(RewritePattern):
    """tt-mlir's permute of a row-major tensor → `linalg.transpose` into the result's
    buffer."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: PermuteOpBase, rewriter: PatternRewriter) -> None:
        with lowering(rewriter, op) as results:
            dest = allocate(op.result.type)
            linalg.TransposeOp(op.input, dest, DenseArrayBase.from_list(i64, op.dims))
            results.append(dest)


def bufferize_signature(function: func.FuncOp) -> None:
    """Turn the function's tensor arguments into memrefs, recording the tensor types."""
    if function.is_declaration:
        # Calls through it must match the definition's bufferized signature.
        signature = function.function_type
        function.function_type = FunctionType.from_lists(
            [_buffer_or_type(t) for t in signature.inputs.data],
            [_buffer_or_type(t) for t in signature.outputs.data],
        )
        return
    block = function.body.block
    arg_attrs = _attribute_dicts(function.arg_attrs, len(block.args))
    for position, argument in enumerate(block.args):
        if isinstance(argument.type, TensorType):
            arg_attrs[position] = {**arg_attrs[position], TENSOR_ATTRIBUTE: argument.type}
            Rewriter.replace_value_with_new_type(argument, buffer_type(argument.type))
    function.arg_attrs = ArrayAttr([DictionaryAttr(d) for d in arg_attrs])


def _buffer_or_type(type_: Attribute) -> Attribute:
    return buffer_type(type_) if isinstance(type_, TensorType) else type_


def bufferize_call_results(call: func.CallOp) -> None:
    """A call's tensor results become the buffers its (bufferized) callee returns."""
    for result in call.results:
        if isinstance(result.type, TensorType):
            Rewriter.replace_value_with_new_type(result, buffer_type(result.type))


def finish_signature(
    function: func.FuncOp,
    result_tensors: Sequence[Attribute | None],
    names: Sequence[str | None] = (),
    alignments: Sequence[tuple[int, ...] | None] = (),
) -> None:
    """Set the function type from the bufferized arguments and returned values, and record
    beside each bufferized result its tensor type, its name (`names`, taken before
    lowering: the returned value may change, `dialect/result_attributes.py`) and the alignment
    TT-NN writes for it when it is a prepared bias (`alignments`,
    `dialect/result_attributes.py`)."""
    if function.is_declaration:
        return
    refresh_signature(function)
    result_types = function.function_type.outputs.data
    res_attrs = _attribute_dicts(function.res_attrs, len(result_types))
    for position, tensor in enumerate(result_tensors):
        if tensor is not None and isinstance(result_types[position], MemRefType):
            res_attrs[position] = {**res_attrs[position], TENSOR_ATTRIBUTE: tensor}
            name = names[position] if position < len(names) else None
            if name is not None:
                res_attrs[position][NAME_ATTRIBUTE] = StringAttr(name)
            alignment = alignments[position] if position < len(alignments) else None
            if alignment is not None:
                res_attrs[position][ALIGNMENT_ATTRIBUTE] = alignment_attribute(alignment)
    function.res_attrs = ArrayAttr([DictionaryAttr(d) for d in res_attrs])


def _attribute_dicts(
    attrs: ArrayAttr[DictionaryAttr] | None, count: int
) -> list[dict[str, Attribute]]:
    if attrs is None:
        return [{} for _ in range(count)]
    return [dict(d.data) for d in attrs.data]


@dataclass(frozen=True)
class ConvertTTNNToTiles(ModulePass):
    """Bufferize and lower every `ttnn` tensor op into tiled loops (see the module doc)."""

    name = "convert-ttnn-to-tiles"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # Functions holding tt-mlir ops the project does not model (or calling such a
        # function) stay as they are, at tensor level.
        skipped = foreign_functions(op)
        functions = [f for f in op.walk() if isinstance(f, func.FuncOp) and f not in skipped]
        table = function_table(op)
        for function in functions:
            run_as_project_ops(function, table)
        # What each function returns is read before outlining, while its results are still
        # the ops' own (a prepared bias's alignment is read off its layout op). An outlined
        # op's function is part of its callers: its results are neither named nor aligned.
        names = {f: own_result_names(f) for f in functions}
        alignments = {f: own_result_alignments(f) for f in functions}
        outlined = outline_repeated_ops(functions, lowered_together)
        names |= {f: [] for f in outlined}
        alignments |= {f: [] for f in outlined}
        functions += outlined
        result_tensors = {
            f: [t if isinstance(t, TensorType) else None for t in f.function_type.outputs.data]
            for f in functions
        }
        for function in functions:
            bufferize_signature(function)
        calls = [c for f in functions for c in f.walk() if isinstance(c, func.CallOp)]
        for call in calls:
            bufferize_call_results(call)
        walker = PatternRewriteWalker(
            GreedyRewritePatternApplier(
                [
                    LowerAssignBw(),
                    LowerTypecast(),
                    LowerToLayout(),
                    LowerReshape(),
                    LowerPermute(),
                    *CONV_LAYOUT_PATTERNS,
                    *CONV2D_PATTERNS,
                    *DEPTHWISE_CONV1D_PATTERNS,
                ],
                dce_enabled=False,
            ),
            apply_recursively=False,
        )
        for function in functions:
            walker.rewrite_region(function.body)
        for function in functions:
            finish_signature(
                function, result_tensors[function], names[function], alignments[function]
            )
        for leftover in (o for f in functions for o in f.walk() if o is not f):
            if leftover.dialect_name() == "ttnn" or any(
                isinstance(v.type, TensorType) for v in (*leftover.operands, *leftover.results)
            ):
                if isinstance(leftover, ConvPrepareOp | ConvOp):
                    # What ttnn-run says of a module still at tensor level: what to run first.
                    into = (
                        "layout ops"
                        if isinstance(leftover, ConvPrepareOp)
                        else "its preparations and one ttnn.conv2d_consume"
                    )
                    raise TTNNError(
                        f"'{leftover.name}' op convert-ttnn-to-tiles cannot lower this op: "
                        f"ttnn-decompose turns it into {into} first (-p "
                        "ttnn-decompose,convert-ttnn-to-tiles, or the whole pipeline, -p "
                        "ttnn-lower)",
                        op=leftover,
                    )
                raise TTNNError(
                    f"'{leftover.name}' op convert-ttnn-to-tiles cannot lower this op (it has "
                    "no tiled lowering or works on tensors)",
                    op=leftover,
                )

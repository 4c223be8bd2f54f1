"""Shared pieces of the passes: allocating a tensor's buffer, replacing a tensor op by the
loops built in its place, and a function's type after its values changed type."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from xdsl.builder import ImplicitBuilder
from xdsl.dialects import func, memref
from xdsl.dialects.builtin import FunctionType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttnn_xdsl.dialect.buffers import buffer_type


def allocate(tensor: Attribute) -> SSAValue:
    """A `memref.alloc` of the buffer of a tensor type, at the current ImplicitBuilder."""
    buffer = buffer_type(tensor)
    return memref.AllocOp.get(buffer.element_type, shape=buffer.get_shape()).memref


@contextmanager
def lowering(rewriter: PatternRewriter, op: Operation) -> Iterator[list[SSAValue]]:
    """Build an op's lowering before it (ImplicitBuilder), then replace the op by the
    buffers appended to the yielded list. The new ops inherit the op's location, so
    diagnostics about them still point at the source line."""
    first_new = op.prev_op
    buffers: list[SSAValue] = []
    with ImplicitBuilder(rewriter):
        yield buffers
    block = op.parent_block()
    new_op = block.first_op if first_new is None else first_new.next_op
    while new_op is not None and new_op is not op:
        for nested in new_op.walk():
            nested.location = op.location
        new_op = new_op.next_op
    rewriter.replace(op, [], buffers)


def refresh_signature(function: func.FuncOp) -> None:
    """Set a function's type from its arguments and what its `func.return` returns."""
    if function.is_declaration:
        return
    block = function.body.block
    returned = block.last_op
    outputs = (
        [v.type for v in returned.operands]
        if isinstance(returned, func.ReturnOp)
        else list(function.function_type.outputs.data)
    )
    function.function_type = FunctionType.from_lists([a.type for a in block.args], outputs)

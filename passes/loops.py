"""Building blocks for lowerings into tiled loops: index constants, loop nests, copies."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from xdsl.builder import ImplicitBuilder
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, MemRefType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Block, Region, SSAValue

from ttnn_xdsl.dialect import tile


def index(value: int) -> SSAValue:
    """An `arith.constant value : index`, inserted by the enclosing ImplicitBuilder."""
    return arith.ConstantOp.from_int_and_width(value, IndexType()).result


def loop_nest(upper_bounds: Sequence[int], body: Callable[[list[SSAValue]], None]) -> None:
    """`scf.for` loops from 0 to each bound with step 1, outermost first, built at the
    current ImplicitBuilder and marked as a nest to run in bulk (`tile.BULK_NEST` on the
    outermost loop); `body(induction_variables)` fills the innermost block.

    A bound of 1 makes no loop (its index is the constant 0) and a bound of 0 makes nothing:
    canonicalize would inline a one-iteration loop, and with it the marker of an outermost
    one."""
    if 0 in upper_bounds:
        return
    looped = [level for level, bound in enumerate(upper_bounds) if bound > 1]
    if not looped:
        body([index(0) for _ in upper_bounds])
        return
    levels = range(len(upper_bounds))
    zero, one = index(0), index(1)

    def build(position: int, induction_variables: dict[int, SSAValue]) -> scf.ForOp:
        block = Block(arg_types=[IndexType()])
        with ImplicitBuilder(block) as (variable,):
            variables = {**induction_variables, looped[position]: variable}
            if position + 1 == len(looped):
                body([variables[level] if level in variables else index(0) for level in levels])
            else:
                build(position + 1, variables)
            scf.YieldOp()
        return scf.ForOp(zero, index(upper_bounds[looped[position]]), one, [], Region(block))

    tile.mark_bulk_nest(build(0, {}))


def scaled(value: SSAValue, factor: int) -> SSAValue:
    """`value * factor` as index arithmetic."""
    return arith.MuliOp(value, index(factor)).result


def memref_type(value: SSAValue) -> MemRefType[Attribute]:
    """The memref type of an already bufferized value."""
    assert isinstance(value.type, MemRefType), f"{value} is not bufferized yet"
    return cast(MemRefType[Attribute], value.type)


def copy(source: SSAValue, dest: SSAValue) -> None:
    """`linalg.copy` between two buffers of the same shape (no result: memref semantics)."""
    linalg.CopyOp([source], [dest], res=())

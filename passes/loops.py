"""Building blocks for lowerings into tiled loops: index constants, loop nests, copies."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from xdsl.builder import ImplicitBuilder
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, MemRefType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Block, Region, SSAValue


def index(value: int) -> SSAValue:
    """An `arith.constant value : index`, inserted by the enclosing ImplicitBuilder."""
    return arith.ConstantOp.from_int_and_width(value, IndexType()).result


def loop_nest(upper_bounds: Sequence[int], body: Callable[[list[SSAValue]], None]) -> None:
    """`scf.for` loops from 0 to each bound with step 1, outermost first, built at the
    current ImplicitBuilder; `body(induction_variables)` fills the innermost block."""
    if not upper_bounds:
        body([])
        return
    zero, one = index(0), index(1)

    def build(level: int, induction_variables: list[SSAValue]) -> None:
        block = Block(arg_types=[IndexType()])
        with ImplicitBuilder(block) as (variable,):
            variables = [*induction_variables, variable]
            if level + 1 == len(upper_bounds):
                body(variables)
            else:
                build(level + 1, variables)
            scf.YieldOp()
        scf.ForOp(zero, index(upper_bounds[level]), one, [], Region(block))

    build(0, [])


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

"""The dominance rule of SSA, which xDSL 0.74's verifier does not check: a value is used
only where its definition has already run.

MLIR's rule, for a use by operation U of a value V:

- V is a block argument of block B, or the result of an operation D in block B.
- Let A be U or the ancestor of U that lies in B's region. Without one, V is used outside
  the region that defines it: an error.
- If A is in B, a block argument dominates it; a result does when D comes before A in B
  (D is not A: an operation cannot use its own result, not even inside its regions).
- If A is in another block of the region, B must dominate A's block in the region's
  control-flow graph (a block no path reaches is dominated by everything, as in MLIR).
- The body of a `builtin.module` is a graph region: order does not matter there.

A use before its definition reached the lowering (an assertion) and the interpreter (a
missing value) before this check.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.irdl.dominance import DominanceInfo

from ttnn_xdsl.core.errors import TTNNError, format_location

__all__ = ["verify_dominance"]


class _Dominance:
    """Dominance queries over one module, with each block's operation order and each
    region's block dominance computed once."""

    def __init__(self) -> None:
        self._order: dict[Block, dict[Operation, int]] = {}
        self._blocks: dict[Region, DominanceInfo] = {}

    def _position(self, op: Operation, block: Block) -> int:
        order = self._order.get(block)
        if order is None:
            order = self._order[block] = {child: i for i, child in enumerate(block.ops)}
        return order[op]

    def _block_dominates(self, region: Region, first: Block, second: Block) -> bool:
        info = self._blocks.get(region)
        if info is None:
            info = self._blocks[region] = DominanceInfo(region)
        entry = region.blocks.first
        unreachable = entry is not None and not info.dominates(entry, second)
        return unreachable or info.dominates(first, second)

    def dominates(self, value: SSAValue, user: Operation) -> bool:
        """Whether `value` is defined before every execution of `user` (module doc)."""
        if isinstance(value, BlockArgument):
            definer, block = None, value.block
        elif isinstance(value, OpResult):
            definer, block = value.op, value.op.parent_block()
        else:
            return False
        region = block.parent if block is not None else None
        if block is None or region is None:
            return False
        ancestor: Operation | None = user
        while ancestor is not None and ancestor.parent_region() is not region:
            ancestor = ancestor.parent_op()
        if ancestor is None:
            return False
        if isinstance(region.parent, ModuleOp):
            return True
        use_block = ancestor.parent_block()
        assert use_block is not None
        if use_block is block:
            return definer is None or (
                definer is not ancestor
                and self._position(definer, block) < self._position(ancestor, block)
            )
        return self._block_dominates(region, block, use_block)


def verify_dominance(module: Operation) -> None:
    """Raise TTNNError at the first operation using a value its definition does not
    dominate (the module doc's rule), naming the operand and where the value is defined."""
    dominance = _Dominance()
    for op in module.walk():
        for number, operand in enumerate(op.operands):
            if dominance.dominates(operand, op):
                continue
            name = f"%{operand.name_hint} " if operand.name_hint else ""
            defined = (
                format_location(operand.op.location) if isinstance(operand, OpResult) else None
            )
            where = f" (defined at {defined})" if defined else ""
            raise TTNNError(
                f"'{op.name}' op operand #{number} {name}does not dominate this use: it is used "
                f"before its definition or outside its scope{where}",
                format_location(op.location),
            )

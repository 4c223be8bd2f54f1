"""The arguments and results of the function a run executes."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Attribute

from ttnn_xdsl.dialect.tensor_types import TensorInfo

__all__ = ["TensorSlot"]


@dataclass(frozen=True)
class TensorSlot:
    """An argument or result of the entry function: its name, position, and the TT-NN tensor
    it holds. An argument's name is its SSA name; a result's is the name the IR gives the
    value the function returns, None when it gives none."""

    name: str | None
    position: int
    tensor: TensorInfo
    type: Attribute
    """The tensor type (or, for IR written at the loop level, the memref type)."""
    tensorbin_alignment: tuple[int, ...] | None = None
    """The alignment TT-NN writes in the `.tensorbin` header of this result when it is not
    the usual one (a prepared bias, `dialect/result_attributes.py`)."""

    @property
    def label(self) -> str:
        return f"%{self.name}" if self.name else f"#{self.position}"

"""The base class of the ttnn operations and small property readers they share."""

from __future__ import annotations

from abc import ABC
from collections.abc import Sequence

from xdsl.dialects.builtin import (
    DenseArrayBase,
)
from xdsl.ir import (
    SSAValue,
)
from xdsl.irdl import (
    IRDLOperation,
)
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.dialect.errors import TensorTypeError
from ttnn_xdsl.dialect.tensor_types import TensorInfo, tensor_info


class TTNNOperation(IRDLOperation, ABC):
    """Base of the ttnn operations: MLIR-style verifier messages (`'ttnn.x' op ...`)."""

    def error(self, message: str) -> VerifyException:
        return VerifyException(f"'{self.name}' op {message}")

    def tensor(self, value: SSAValue | None, role: str) -> TensorInfo:
        """Read the TT-NN tensor type of `value` (an operand or result called `role`)."""
        assert value is not None
        try:
            return tensor_info(value.type)
        except TensorTypeError as error:
            raise self.error(f"{role}: {error}") from None


def bool_list(attr: DenseArrayBase) -> list[bool]:
    return [bool(v) for v in attr.get_values()]


def format_bools(values: Sequence[bool]) -> str:
    return "[" + ", ".join("true" if v else "false" for v in values) + "]"


def int_list(attr: DenseArrayBase) -> list[int]:
    return [int(v) for v in attr.get_values()]



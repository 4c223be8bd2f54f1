"""The base class of the ttnn operations and small property readers they share."""

from __future__ import annotations

from abc import ABC
from collections.abc import Sequence
from typing import ClassVar, Self

from xdsl.dialects.builtin import DenseArrayBase
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.errors import TensorTypeError
from ttnn_xdsl.dialect.keyword_properties import (
    PropertySyntax,
    parse_keyword_properties,
    print_keyword_properties,
)
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


class KeywordPropertyOp(TTNNOperation, ABC):
    """Base of the ops written `%r = ttnn.op %x key = value ... {attrs} : T -> R`: one
    operand, one result, keyword properties in any order (`keyword_properties`)."""

    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = ()

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        source = parser.parse_unresolved_operand()
        properties = parse_keyword_properties(parser, cls.name, cls.PROPERTY_SYNTAX)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.build(
            operands=[parser.resolve_operand(source, source_type)],
            result_types=[result_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operands[0])
        print_keyword_properties(printer, self.properties, self.PROPERTY_SYNTAX)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.operands[0].type)
        printer.print_string(" -> ")
        printer.print_attribute(self.results[0].type)


def bool_list(attr: DenseArrayBase) -> list[bool]:
    return [bool(v) for v in attr.get_values()]


def format_bools(values: Sequence[bool]) -> str:
    return "[" + ", ".join("true" if v else "false" for v in values) + "]"


def int_list(attr: DenseArrayBase) -> list[int]:
    return [int(v) for v in attr.get_values()]

"""The base class of the ttnn operations and small property readers they share."""

from __future__ import annotations

from abc import ABC
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self, TypeVar

from xdsl.dialects.builtin import DenseArrayBase
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, VerificationContext, irdl_to_attr_constraint
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.errors import TensorTypeError, TTNNError
from ttnn_xdsl.dialect.keyword_properties import (
    OpProperty,
    build_properties,
    parse_keyword_properties,
    print_keyword_properties,
    property_definitions,
)
from ttnn_xdsl.dialect.tensor_types import TensorInfo, tensor_info

ValueT = TypeVar("ValueT")


def builder_error(error: VerifyException) -> TTNNError:
    """An op builder's refusal of its Python parameters, in the verifier's words, as the
    project's error: of the class of its cause when that is one (a ConvConfigError, a
    ConvNotModelledError: what the project does not model stays told apart), else a
    TTNNError (`in_channels=-8` was xDSL's VerifyException)."""
    cause = error.__cause__
    kind = type(cause) if isinstance(cause, TTNNError) else TTNNError
    return kind(str(error))


class TTNNOperation(IRDLOperation, ABC):
    """Base of the ttnn operations: MLIR-style verifier messages (`'ttnn.x' op ...`)."""

    def error(self, message: str) -> VerifyException:
        return VerifyException(f"'{self.name}' op {message}")

    def built_result_type(self, inferred: Callable[[], Attribute]) -> Attribute:
        """The result type a Python builder infers (`inferred`), its refusal of the given
        parameters raised as the project's error (`builder_error`), not xDSL's."""
        try:
            return inferred()
        except VerifyException as error:
            raise builder_error(error) from error

    def property_kinds(self) -> Mapping[str, tuple[Any, str]]:
        """Per property name, the constraint of its value and how the message refusing
        another value says what it expects (`check_property_kinds`); none by default."""
        return {}

    def verify(self, verify_nested_ops: bool = True) -> None:
        self.check_property_kinds()
        super().verify(verify_nested_ops)

    def check_property_kinds(self) -> None:
        """Each property written holds its kind of value, before the definition's checks,
        whose message names neither the property nor what it expects ("2 : i32 should be
        of base attribute array")."""
        for name, (constraint, spelling) in self.property_kinds().items():
            value = self.properties.get(name)
            if value is None:
                continue
            try:
                irdl_to_attr_constraint(constraint).verify(value, VerificationContext())
            except VerifyException:
                raise self.error(f"expected {name} to be {spelling}, got {value}") from None

    def tensor(self, value: SSAValue | None, role: str) -> TensorInfo:
        """Read the TT-NN tensor type of `value` (an operand or result called `role`)."""
        assert value is not None
        try:
            return tensor_info(value.type)
        except TensorTypeError as error:
            raise self.error(f"{role}: {error}") from None


class KeywordPropertyOp(TTNNOperation, ABC):
    """Base of the ops written `%r = ttnn.op %x key = value ... {attrs} : T -> R`: one
    operand, one result, keyword properties in any order (`keyword_properties`).

    A subclass declares its properties once, in `PROPERTIES`; their IRDL definitions are
    made from that list when the class is created, and the syntax and the builder read it."""

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = ()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # Only a class that declares its own list (irdl_op_definition's subclass does not).
        if "PROPERTIES" in cls.__dict__:
            for name, definition in property_definitions(cls.PROPERTIES).items():
                setattr(cls, name, definition)

    @classmethod
    def declared_properties(cls, values: Mapping[str, object]) -> dict[str, Attribute]:
        """The op's properties from its builder's keyword `values` (`PROPERTIES` gives the
        names, defaults and conversions)."""
        return build_properties(cls.name, cls.PROPERTIES, values)

    def property_kinds(self) -> Mapping[str, tuple[Any, str]]:
        return {
            prop.name: (prop.kind.constraint(), prop.kind.generic_spelling())
            for prop in self.PROPERTIES
        }

    def value_of(self, name: str) -> Any:
        """The plain Python value of property `name` (its kind's reading), or its declared
        default when it is absent."""
        value = self.properties.get(name)
        prop = next(prop for prop in self.PROPERTIES if prop.name == name)
        return prop.default if value is None else prop.kind.read(value)

    def read(self, prop: OpProperty[ValueT]) -> ValueT | None:
        """The plain Python value of the declared property `prop` (its kind's reading), None
        when it is absent."""
        value = self.properties.get(prop.name)
        return None if value is None else prop.kind.read(value)

    def read_present(self, prop: OpProperty[ValueT]) -> ValueT:
        """The value of a property the IR requires (`prop.required`: the verifier of the
        op's definition has checked it is there)."""
        value = self.read(prop)
        assert value is not None, prop.name
        return value

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        source = parser.parse_unresolved_operand()
        properties = parse_keyword_properties(parser, cls.name, cls.PROPERTIES)
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
        print_keyword_properties(printer, self.properties, self.PROPERTIES)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.operands[0].type)
        printer.print_string(" -> ")
        printer.print_attribute(self.results[0].type)


def bool_list(attr: DenseArrayBase) -> list[bool]:
    return [bool(v) for v in attr.get_values()]


def format_bools(values: Sequence[bool]) -> str:
    return "[" + ", ".join("true" if v else "false" for v in values) + "]"

"""Op properties declared once, and the custom syntax of ops written with `key = value`
properties:

    %w = ttnn.prepare_conv_weights %weight in_channels = 64 out_channels = 64 ... : T -> R

An op lists its properties as `OpProperty` entries (name, kind, whether the IR requires it,
the Python builder's default, tt-mlir's name); from that one list come the IRDL definitions
(`property_definitions`), the keyword syntax (`parse_keyword_properties`,
`print_keyword_properties`) and the builder's properties (`build_properties`). A property
added later is one entry.

Keys may come in any order; a key written twice, an unknown key (with the closest valid
name) and a missing required key are each one parse error naming the key. Properties print
in the op's declared order, optional ones only when present, so printing is canonical and
round-trips. Values are spelled as in MLIR: attributes in full (`#ttnn.layout<tile>`),
i32 integers bare (`64`), i32 arrays in brackets (`[3, 3]`), booleans (`true`), strings
(`"OIHW"`).
"""

from __future__ import annotations

import difflib
import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, NoReturn, SupportsIndex, TypeVar, cast

from xdsl.dialects.builtin import (
    I32,
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    StringAttr,
    i32,
)
from xdsl.ir import Attribute
from xdsl.irdl import opt_prop_def, prop_def
from xdsl.irdl.operations import OptPropertyDef, PropertyDef
from xdsl.parser import Parser
from xdsl.parser.base_parser import BaseParser
from xdsl.printer import Printer
from xdsl.utils.lexer import Token
from xdsl.utils.mlir_lexer import MLIRTokenKind

from ttnn_xdsl.core.enums import spelled_values
from ttnn_xdsl.core.errors import TTNNError

__all__ = [
    "BOOLEAN",
    "INT32",
    "INT32_ARRAY",
    "REQUIRED",
    "STRING",
    "AttributeKind",
    "EnumKind",
    "OpProperty",
    "PropertyKind",
    "build_properties",
    "i32_array_attribute",
    "i32_attribute",
    "parse_keyword_properties",
    "print_keyword_properties",
    "property_definitions",
    "refuse_token",
]

I32_RANGE = range(-(2**31), 2**31)

ValueT = TypeVar("ValueT")
"""The plain Python value a property kind reads (int, a tuple of ints, a record, …)."""


def i32_attribute(value: int, name: str) -> IntegerAttr:
    """`value : i32`, the value of the i32 property `name`. Raises TTNNError naming it when
    the value is not an i32 (xDSL would keep 2³¹…2³²−1 wrapped to a negative number)."""
    if value not in I32_RANGE:
        raise TTNNError(f"expected {name} to be an i32, got {value}")
    return IntegerAttr(value, i32)


def python_int(value: object, name: str, what: str) -> int:
    """`value` as an int (NumPy's integers too) when a Python builder is given one for
    property `name`; TypeError saying `what` it expects otherwise (`in_channels=8.0` was
    xDSL's AttributeError "'float' object has no attribute 'data'"; a bool is no count)."""
    if isinstance(value, SupportsIndex) and not isinstance(value, bool):
        return operator.index(value)
    raise TypeError(f"{name}: expected {what}, got {value!r} ({type(value).__name__})")


def i32_array_attribute(values: Sequence[int], name: str) -> DenseArrayBase:
    """`array<i32: ...>`, the value of the i32-array property `name`. Raises TTNNError naming
    it when a value is not an i32."""
    for value in values:
        if value not in I32_RANGE:
            raise TTNNError(f"expected {name} to hold i32 values, got {value}")
    return DenseArrayBase.from_list(i32, list(values))


def refuse_token(parser: BaseParser, expected: str, token: Token[Any] | None = None) -> NoReturn:
    """Refuse a value at `token` (default: the current one) naming what it should be and what
    was written: `expected true or false, got 1` (xDSL's own "Expected boolean literal" says
    neither what it got nor, in a struct field or a property, in the project's words)."""
    if token is None:
        token = parser._current_token  # pyright: ignore[reportPrivateUsage]
    parser.raise_error(f"expected {expected}, got {token.text}", token.span.start, token.span.end)


def _refuse_value(parser: Parser, key: str, written: str) -> NoReturn:
    """Refuse the value of property `key` at the token it starts with: what it is written as
    (`written`) and what was written."""
    refuse_token(parser, f"{key} to be {written}")


def _parse_i32(parser: Parser, key: str, written: str = "an integer") -> int:
    start = parser.pos
    value = parser.parse_optional_integer(allow_boolean=False)
    if value is None:
        _refuse_value(parser, key, written)
    if value not in I32_RANGE:
        parser.raise_error(f"expected {key} to be an i32, got {value}", start, parser.pos)
    return value


class PropertyKind(ABC, Generic[ValueT]):
    """What a property holds: its IRDL constraint, how its value is written in the custom
    syntax, built from a Python value and read back as a plain Python value (`ValueT`)."""

    placeholder: str = "#…"
    """How the syntax reference writes a value of this kind."""

    spelling: str = "an attribute"
    """How a value of this kind is written in the generic form (`<{name = …}>`)."""

    def generic_spelling(self) -> str:
        """What a message expecting a value of this kind says (`spelling`)."""
        return self.spelling

    @abstractmethod
    def constraint(self) -> Any:
        """The constraint of the IRDL property definition."""

    def parse(self, parser: Parser, key: str) -> Attribute:
        return parser.parse_attribute()

    def print(self, printer: Printer, value: Attribute) -> None:
        printer.print_attribute(value)

    def build(self, value: object, name: str) -> Attribute:
        """The attribute of a Python value (an attribute is taken as it is)."""
        if isinstance(value, Attribute):
            return value
        raise TypeError(f"{name}: expected an attribute, got {value!r}")

    def read(self, value: Attribute) -> ValueT:
        """The plain Python value of the property's attribute."""
        return cast(ValueT, value)


class _I32Kind(PropertyKind[int]):
    placeholder = "N"
    spelling = "an i32 integer (N : i32)"

    def constraint(self) -> Any:
        return IntegerAttr[I32]

    def parse(self, parser: Parser, key: str) -> Attribute:
        return IntegerAttr(_parse_i32(parser, key), i32)

    def print(self, printer: Printer, value: Attribute) -> None:
        printer.print_string(str(cast(IntegerAttr, value).value.data))

    def build(self, value: object, name: str) -> Attribute:
        if isinstance(value, Attribute):
            return value
        return i32_attribute(python_int(value, name, "an int"), name)

    def read(self, value: Attribute) -> int:
        return cast(IntegerAttr, value).value.data


class _I32ArrayKind(PropertyKind[tuple[int, ...]]):
    placeholder = "[N, …]"
    spelling = "an i32 array (array<i32: N, …>)"

    def constraint(self) -> Any:
        return DenseArrayBase.constr(i32)

    def parse(self, parser: Parser, key: str) -> Attribute:
        written = "an integer array ([N, …])"
        if parser._current_token.kind != MLIRTokenKind.L_SQUARE:  # pyright: ignore[reportPrivateUsage]
            _refuse_value(parser, key, written)
        values = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: _parse_i32(parser, key, written)
        )
        return DenseArrayBase.from_list(i32, values)

    def print(self, printer: Printer, value: Attribute) -> None:
        values = cast(DenseArrayBase, value).get_values()
        printer.print_string("[" + ", ".join(str(int(v)) for v in values) + "]")

    def build(self, value: object, name: str) -> Attribute:
        if isinstance(value, Attribute):
            return value
        what = "a sequence of ints"
        if not isinstance(value, Sequence) or isinstance(value, str | bytes):
            raise TypeError(f"{name}: expected {what}, got {value!r} ({type(value).__name__})")
        return i32_array_attribute([python_int(item, name, what) for item in value], name)

    def read(self, value: Attribute) -> tuple[int, ...]:
        return tuple(int(v) for v in cast(DenseArrayBase, value).get_values())


class _BoolKind(PropertyKind[bool]):
    placeholder = "true|false"
    spelling = "true or false"

    def constraint(self) -> Any:
        return BoolAttr

    def parse(self, parser: Parser, key: str) -> Attribute:
        value = parser.parse_optional_boolean()
        if value is None:
            _refuse_value(parser, key, "true or false")
        return IntegerAttr.from_bool(value)

    def print(self, printer: Printer, value: Attribute) -> None:
        printer.print_string("true" if cast(BoolAttr, value).value.data else "false")

    def build(self, value: object, name: str) -> Attribute:
        if isinstance(value, Attribute):
            return value
        # Not truthiness: has_bias="no" would be true.
        if not isinstance(value, bool):
            raise TypeError(f"{name}: expected a bool, got {value!r} ({type(value).__name__})")
        return IntegerAttr.from_bool(bool(value))

    def read(self, value: Attribute) -> bool:
        return bool(cast(IntegerAttr, value).value.data)


class _StringKind(PropertyKind[str]):
    placeholder = '"…"'
    spelling = 'a string ("…")'

    def constraint(self) -> Any:
        return StringAttr

    def parse(self, parser: Parser, key: str) -> Attribute:
        value = parser.parse_optional_str_literal()
        if value is None:
            _refuse_value(parser, key, 'a string ("…")')
        return StringAttr(value)

    def print(self, printer: Printer, value: Attribute) -> None:
        printer.print_string_literal(cast(StringAttr, value).data)

    def build(self, value: object, name: str) -> Attribute:
        if isinstance(value, Attribute):
            return value
        if not isinstance(value, str):
            raise TypeError(f"{name}: expected a str, got {value!r} ({type(value).__name__})")
        return StringAttr(value)

    def read(self, value: Attribute) -> str:
        return cast(StringAttr, value).data


INT32: PropertyKind[int] = _I32Kind()
INT32_ARRAY: PropertyKind[tuple[int, ...]] = _I32ArrayKind()
BOOLEAN: PropertyKind[bool] = _BoolKind()
STRING: PropertyKind[str] = _StringKind()


def _parse_attribute_of_type(
    parser: Parser, key: str, attribute_type: type[Attribute], spelling: str
) -> Attribute:
    """The value of property `key`, an attribute of `attribute_type` written in full; any
    other value is refused at the value in the words of the op's verifier ("expected dtype to
    be a #ttnn.data_type<…> (f32, bf16 or bfp8_b), got 3"). A bare number is read alone: as an
    attribute it would take the op's ` : (types)` for its own type and fail there, lines
    below, in xDSL's words."""
    start = parser.pos
    number = parser.parse_optional_number()
    value = parser.parse_attribute() if number is None else None
    if isinstance(value, attribute_type):
        return value
    got = number if value is None else value
    parser.raise_error(f"expected {key} to be {spelling}, got {got}", start, parser.pos)


@dataclass(frozen=True)
class AttributeKind(PropertyKind[ValueT]):
    """A property holding an attribute of `attribute_type`, written in full; `read` turns it
    into the plain value the pure code uses (the attribute itself by default)."""

    attribute_type: type[Attribute]
    reader: Callable[[Any], ValueT] | None = None

    def generic_spelling(self) -> str:
        return f"a #{cast(Any, self.attribute_type).name}<…>"

    def constraint(self) -> Any:
        return self.attribute_type

    def parse(self, parser: Parser, key: str) -> Attribute:
        return _parse_attribute_of_type(parser, key, self.attribute_type, self.generic_spelling())

    def read(self, value: Attribute) -> ValueT:
        return cast(ValueT, value) if self.reader is None else self.reader(value)


@dataclass(frozen=True)
class EnumKind(PropertyKind[ValueT]):
    """A property holding an enum attribute (`#ttnn.layout<tile>`): built from the enum
    member or the attribute, read as the enum member."""

    attribute_type: type[Attribute]

    def generic_spelling(self) -> str:
        """`a #ttnn.data_type<…> (f32, bf16 or bfp8_b)`: the attribute and the values it
        takes."""
        attribute_type = cast(Any, self.attribute_type)
        return f"a #{attribute_type.name}<…> ({spelled_values(attribute_type.enum_type)})"

    def constraint(self) -> Any:
        return self.attribute_type

    def parse(self, parser: Parser, key: str) -> Attribute:
        return _parse_attribute_of_type(parser, key, self.attribute_type, self.generic_spelling())

    def build(self, value: object, name: str) -> Attribute:
        if isinstance(value, Attribute):
            return value
        if isinstance(value, Enum):
            return self.attribute_type(value)  # pyright: ignore[reportCallIssue]
        raise TypeError(f"{name}: expected a {self.attribute_type.__name__} or its enum")

    def read(self, value: Attribute) -> ValueT:
        return cast(Any, value).data


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""The default of a property the Python builder must be given."""


@dataclass(frozen=True)
class OpProperty(Generic[ValueT]):
    """One property of an op, declared once: its name, its kind, whether the IR requires it,
    the Python builder's default (`REQUIRED`: the builder must be given it; None: absent),
    its name in tt-mlir's IR when that differs, and its kind and presence there when they
    differ (tt-mlir's ops declare the same properties from the same list)."""

    name: str
    kind: PropertyKind[ValueT]
    required: bool = True
    default: object = REQUIRED
    tt_mlir_name: str | None = None
    tt_mlir_kind: PropertyKind[Any] | None = None
    tt_mlir_required: bool | None = None

    def definition(self, tt_mlir: bool = False) -> PropertyDef[Any] | OptPropertyDef[Any]:
        """The IRDL definition (`prop_def` / `opt_prop_def`), in tt-mlir's spelling when asked."""
        kind = (self.tt_mlir_kind or self.kind) if tt_mlir else self.kind
        required = self.required
        if tt_mlir and self.tt_mlir_required is not None:
            required = self.tt_mlir_required
        return prop_def(kind.constraint()) if required else opt_prop_def(kind.constraint())

    def spelled(self, tt_mlir: bool) -> str:
        """The property's name in the project's IR or in tt-mlir's."""
        return (self.tt_mlir_name or self.name) if tt_mlir else self.name


def property_definitions(
    properties: Sequence[OpProperty], tt_mlir: bool = False
) -> dict[str, PropertyDef[Any] | OptPropertyDef[Any]]:
    """The IRDL property definitions of an op declaring `properties`, by (spelled) name."""
    return {prop.spelled(tt_mlir): prop.definition(tt_mlir) for prop in properties}


def build_properties(
    op_name: str, properties: Sequence[OpProperty], values: Mapping[str, object]
) -> dict[str, Attribute]:
    """The properties of an op built from Python `values` (keyword arguments of its builder):
    each declared property from its value or default, absent when None. Raises TypeError for
    an unknown name (with the closest valid one) or a missing required value."""
    by_name = {prop.name: prop for prop in properties}
    for name in values:
        if name not in by_name:
            close = difflib.get_close_matches(name, list(by_name), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise TypeError(f"{op_name} has no property '{name}'{hint}")
    built: dict[str, Attribute] = {}
    for prop in properties:
        value = values.get(prop.name, prop.default)
        if value is REQUIRED:
            raise TypeError(f"{op_name} needs the property '{prop.name}'")
        if value is None and prop.required:
            # None leaves a property out: the op would then lack one its verifier requires.
            raise TypeError(f"{op_name} needs the property '{prop.name}', got None")
        if value is None:
            continue
        built[prop.name] = prop.kind.build(value, prop.name)
    return built


def parse_keyword_properties(
    parser: Parser, op_name: str, properties: Sequence[OpProperty]
) -> dict[str, Attribute]:
    """Parse `key = value` pairs, in any order, up to the first token that is not a key."""
    by_name = {prop.name: prop for prop in properties}
    values: dict[str, Attribute] = {}
    start = parser.pos
    while parser._current_token.kind == MLIRTokenKind.BARE_IDENT:  # pyright: ignore[reportPrivateUsage]
        key_start = parser.pos
        key = parser.parse_identifier()
        if key not in by_name:
            close = difflib.get_close_matches(key, list(by_name), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            parser.raise_error(f"'{op_name}' has no property '{key}'{hint}", key_start, parser.pos)
        if key in values:
            parser.raise_error(f"property '{key}' is given twice", key_start, parser.pos)
        parser.parse_punctuation("=", f" after property '{key}'")
        values[key] = by_name[key].kind.parse(parser, key)
    missing = [prop.name for prop in properties if prop.required and prop.name not in values]
    if missing:
        names = ", ".join(f"'{name}'" for name in missing)
        plural = "property" if len(missing) == 1 else "properties"
        parser.raise_error(f"'{op_name}' is missing {plural} {names}", start, parser.pos)
    return values


def print_keyword_properties(
    printer: Printer, values: Mapping[str, Attribute], properties: Sequence[OpProperty]
) -> None:
    """Print ` key = value` for each present property, in the declared order."""
    for prop in properties:
        value = values.get(prop.name)
        if value is None:
            continue
        printer.print_string(f" {prop.name} = ")
        prop.kind.print(printer, value)

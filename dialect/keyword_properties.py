"""The custom syntax of ops whose parameters are written as `key = value` properties:

    %w = ttnn.prepare_conv_weights %weight in_channels = 64 out_channels = 64 ... : T -> R

Keys may come in any order; a key written twice, an unknown key (with the closest valid
name) and a missing required key are each one parse error naming the key. Properties print
in the op's declared order, optional ones only when present, so printing is canonical and
round-trips. Values are spelled as in MLIR: attributes in full (`#ttnn.layout<tile>`),
i32 integers bare (`64`), i32 arrays in brackets (`[3, 3]`), booleans (`true`), strings
(`"OIHW"`).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import cast

from xdsl.dialects.builtin import (
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    StringAttr,
    i32,
)
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.mlir_lexer import MLIRTokenKind

from ttnn_xdsl.core.errors import TTNNError

__all__ = [
    "PropertyKind",
    "PropertySyntax",
    "i32_array_attribute",
    "i32_attribute",
    "parse_keyword_properties",
    "print_keyword_properties",
]

I32_RANGE = range(-(2**31), 2**31)


def i32_attribute(value: int, name: str) -> IntegerAttr:
    """`value : i32`, the value of the i32 property `name`. Raises TTNNError naming it when
    the value is not an i32 (xDSL would keep 2³¹…2³²−1 wrapped to a negative number)."""
    if value not in I32_RANGE:
        raise TTNNError(f"expected {name} to be an i32, got {value}")
    return IntegerAttr(value, i32)


def i32_array_attribute(values: Sequence[int], name: str) -> DenseArrayBase:
    """`array<i32: ...>`, the value of the i32-array property `name`. Raises TTNNError naming
    it when a value is not an i32."""
    for value in values:
        if value not in I32_RANGE:
            raise TTNNError(f"expected {name} to hold i32 values, got {value}")
    return DenseArrayBase.from_list(i32, list(values))


class PropertyKind(Enum):
    """How a property's value is written."""

    ATTRIBUTE = "attribute"
    I32 = "i32"
    I32_ARRAY = "i32 array"
    BOOL = "bool"
    STRING = "string"


@dataclass(frozen=True)
class PropertySyntax:
    """One `key = value` property of an op's custom syntax."""

    name: str
    kind: PropertyKind
    required: bool = True


def _parse_i32(parser: Parser, key: str) -> int:
    start = parser.pos
    value = parser.parse_integer(allow_boolean=False)
    if value not in I32_RANGE:
        parser.raise_error(f"expected {key} to be an i32, got {value}", start, parser.pos)
    return value


def _parse_value(parser: Parser, syntax: PropertySyntax) -> Attribute:
    key = syntax.name
    if syntax.kind is PropertyKind.ATTRIBUTE:
        return parser.parse_attribute()
    if syntax.kind is PropertyKind.I32:
        return IntegerAttr(_parse_i32(parser, key), i32)
    if syntax.kind is PropertyKind.I32_ARRAY:
        values = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: _parse_i32(parser, key)
        )
        return DenseArrayBase.from_list(i32, values)
    if syntax.kind is PropertyKind.BOOL:
        return IntegerAttr.from_bool(parser.parse_boolean())
    return StringAttr(parser.parse_str_literal())


def parse_keyword_properties(
    parser: Parser, op_name: str, syntaxes: Sequence[PropertySyntax]
) -> dict[str, Attribute]:
    """Parse `key = value` pairs, in any order, up to the first token that is not a key."""
    by_name = {syntax.name: syntax for syntax in syntaxes}
    properties: dict[str, Attribute] = {}
    start = parser.pos
    while parser._current_token.kind == MLIRTokenKind.BARE_IDENT:  # pyright: ignore[reportPrivateUsage]
        key_start = parser.pos
        key = parser.parse_identifier()
        if key not in by_name:
            close = difflib.get_close_matches(key, list(by_name), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            parser.raise_error(f"'{op_name}' has no property '{key}'{hint}", key_start, parser.pos)
        if key in properties:
            parser.raise_error(f"property '{key}' is given twice", key_start, parser.pos)
        parser.parse_punctuation("=", f" after property '{key}'")
        properties[key] = _parse_value(parser, by_name[key])
    missing = [s.name for s in syntaxes if s.required and s.name not in properties]
    if missing:
        names = ", ".join(f"'{name}'" for name in missing)
        plural = "property" if len(missing) == 1 else "properties"
        parser.raise_error(f"'{op_name}' is missing {plural} {names}", start, parser.pos)
    return properties


def _print_value(printer: Printer, syntax: PropertySyntax, value: Attribute) -> None:
    if syntax.kind is PropertyKind.ATTRIBUTE:
        printer.print_attribute(value)
    elif syntax.kind is PropertyKind.I32:
        printer.print_string(str(cast(IntegerAttr, value).value.data))
    elif syntax.kind is PropertyKind.I32_ARRAY:
        values = cast(DenseArrayBase, value).get_values()
        printer.print_string("[" + ", ".join(str(int(v)) for v in values) + "]")
    elif syntax.kind is PropertyKind.BOOL:
        printer.print_string("true" if cast(BoolAttr, value).value.data else "false")
    else:
        printer.print_string_literal(cast(StringAttr, value).data)


def print_keyword_properties(
    printer: Printer, properties: Mapping[str, Attribute], syntaxes: Sequence[PropertySyntax]
) -> None:
    """Print ` key = value` for each present property, in the declared order."""
    for syntax in syntaxes:
        value = properties.get(syntax.name)
        if value is None:
            continue
        printer.print_string(f" {syntax.name} = ")
        _print_value(printer, syntax, value)

"""The ttnn dialect's attributes, in tt-mlir's spellings:

    #ttnn.layout<tile>   #ttnn.buffer_type<l1>   #ttnn.tensor_memory_layout<height_sharded>
    #ttnn.shard_orientation<row_major>   #ttnn.data_type<bfp8_b>   #ttnn.math_fidelity<hifi4>
    #ttnn.shard_spec<grid = 8x8, shape = 64x64, orientation = row_major>
    #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, ...>
    #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = false, ...>
    #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<...>>
    #ttnn.tensor_layout<tile, #ttnn.memory_config<...>, physical = 1x1x96x32>
    #ttnn.conv2d_slice_config<l1_full, 0>

and the names of the attributes the project attaches to modules and functions.

The same attributes also read tt-mlir's TTNN IR as tt-mlir writes it: its buffer types
(`system_memory`, `l1_small`, `trace`), every `#ttnn.conv2d_config` and
`#ttnn.device_compute_kernel_config` field, `bfp_bf8` for `bfp8_b`, and the positional
`#ttnn.shard_spec<#ttnn.core_range_set<[…]>, <HxW>, <row_major>>`. What tt-mlir wrote is
kept, so it prints back the way tt-mlir reads it; the project's own spellings parse and print
exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    NoneAttr,
    StringAttr,
    f32,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import (
    Attribute,
    ParametrizedAttribute,
)
from xdsl.irdl import (
    irdl_attr_definition,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind
from xdsl.utils.str_enum import StrEnum

from ttnn_xdsl.conv.conv2d_config import (
    CONV2D_CONFIG_FIELDS,
    COUNT_TYPE,
    ConfigField,
    ConfigKind,
    Conv2dConfig,
    CoreRanges,
    FusedActivation,
)
from ttnn_xdsl.conv.conv_parameters import (
    ComputeKernelConfig,
    Conv2dSliceConfig,
    InputMemoryConfig,
    validate_conv2d_config,
)
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    MathFidelity,
    PaddingMode,
    ShardOrientation,
    TensorMemoryLayout,
    spelled_values,
)
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.integer_types import UINT32, CppIntegerType
from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.dialect.keyword_properties import refuse_token
from ttnn_xdsl.dialect.tt_mlir_attributes import (
    CoreRangeAttr,
    CoreRangeSetAttr,
    UnaryWithParamAttr,
    parse_core_range_set_body,
)
from ttnn_xdsl.dialect.ttcore import (
    SupportedDataTypesAttr,
    TTCoreDataType,
    data_type_of_ttcore,
)

DEFAULT_GRID = (8, 8)
"""The compute grid (x, y) of a Wormhole n150, used when the module has no `ttnn.grid`."""

GRID_ATTRIBUTE = "ttnn.grid"
"""The module attribute holding the device compute grid, `array<i32: X, Y>`."""

TENSOR_ATTRIBUTE = "ttnn.tensor"
"""The argument/result attribute of a bufferized function recording the tensor type each
memref stands for: `convert-ttnn-to-tiles` writes it, the runtime reads it to convert values
at the boundary."""

OUTLINED_ATTRIBUTE = "ttnn.outlined"
"""The unit attribute of a private function `convert-ttnn-to-tiles` made to lower an op that
occurs more than once in a module once: the function holds that op's loops and each
occurrence calls it. A tool never picks such a function as the one to run."""


# --------------------------------------------------------------------------------------------
# Enum attributes: `#ttnn.<name><value>`
# --------------------------------------------------------------------------------------------


class _AngleBracketEnumSyntax:
    """Prints an enum attribute as `#ttnn.name<value>`, tt-mlir's spelling."""

    enum_type: ClassVar[type[StrEnum]]
    data: StrEnum

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> StrEnum:
        with parser.in_angle_brackets():
            return _parse_enum_member(parser, cls.enum_type)


@irdl_attr_definition
class LayoutAttr(_AngleBracketEnumSyntax, EnumAttribute[Layout]):
    """`#ttnn.layout<tile|row_major>`."""

    name = "ttnn.layout"


@irdl_attr_definition
class BufferTypeAttr(_AngleBracketEnumSyntax, EnumAttribute[BufferType]):
    """`#ttnn.buffer_type<dram|l1|system_memory|l1_small|trace>` (the last three are
    tt-mlir's; the project's own device tensors live in dram or l1)."""

    name = "ttnn.buffer_type"


@irdl_attr_definition
class TensorMemoryLayoutAttr(_AngleBracketEnumSyntax, EnumAttribute[TensorMemoryLayout]):
    """`#ttnn.tensor_memory_layout<interleaved|height_sharded|width_sharded|block_sharded>`."""

    name = "ttnn.tensor_memory_layout"


@irdl_attr_definition
class ShardOrientationAttr(_AngleBracketEnumSyntax, EnumAttribute[ShardOrientation]):
    """`#ttnn.shard_orientation<row_major|col_major>`."""

    name = "ttnn.shard_orientation"


@irdl_attr_definition
class DataTypeAttr(_AngleBracketEnumSyntax, EnumAttribute[DataType]):
    """`#ttnn.data_type<f32|bf16|bfp8_b>`."""

    name = "ttnn.data_type"


@irdl_attr_definition
class MathFidelityAttr(_AngleBracketEnumSyntax, EnumAttribute[MathFidelity]):
    """`#ttnn.math_fidelity<lofi|hifi2|hifi3|hifi4>`."""

    name = "ttnn.math_fidelity"


@irdl_attr_definition
class Conv2dSliceTypeAttr(_AngleBracketEnumSyntax, EnumAttribute[Conv2dSliceType]):
    """The slice type of a `#ttnn.conv2d_slice_config` (`l1_full`, `dram_height`,
    `dram_width`); it is written inside that attribute only."""

    name = "ttnn.conv2d_slice_type"


@irdl_attr_definition
class PaddingModeAttr(_AngleBracketEnumSyntax, EnumAttribute[PaddingMode]):
    """`#ttnn.padding_mode<zeros|replicate>`: how a conv pads its input (TT-NN's PaddingMode).
    Inside `#ttnn.conv2d_config` its field takes the bare keyword, as every enum field there
    does: `padding_mode = replicate`, not `padding_mode = #ttnn.padding_mode<replicate>`."""

    name = "ttnn.padding_mode"


# --------------------------------------------------------------------------------------------
# Keyword-struct attributes: `#ttnn.name<key = value, ...>`, every field optional
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StructField:
    """One `key = value` field of a keyword-struct attribute: how its value parses and prints."""

    name: str
    parse: Callable[[AttrParser], Attribute]
    print: Callable[[Printer, Attribute], None]
    written: str
    """What `parse` takes, in words for the dialect reference (docs/dialect.md's tables):
    `true` or `false`, bare keywords, an attribute written in full."""


def keywords_text(enum_type: type[StrEnum]) -> str:
    """An enum's values as a field takes them, bare (`` `zeros` or `replicate` ``)."""
    values = [f"`{member.value}`" for member in enum_type]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + f" or {values[-1]}"


def parse_cpp_integer(parser: AttrParser, integer_type: CppIntegerType, field: str = "") -> int:
    """An integer of TT-NN's C++ type `integer_type`; a value it cannot hold is refused at it
    (`expected an unsigned 32-bit integer (0 to 4294967295), got 4294967296`, after `field`
    when given), as TT-NN's binding refuses it (xDSL keeps any integer)."""
    start = parser.pos
    value = parser.parse_optional_integer(allow_boolean=False)
    if value is None:
        refuse_token(parser, "an integer")
    if value not in integer_type.values:
        parser.raise_error(
            f"{field}expected {integer_type.description()}, got {value}", start, parser.pos
        )
    return value


def check_cpp_integer(owner: str, name: str, value: int, integer_type: CppIntegerType) -> None:
    """The verifier's side of `parse_cpp_integer`, for an attribute built in Python: raises
    VerifyException when `value` of `owner`'s field `name` is not an `integer_type`."""
    if value not in integer_type.values:
        raise VerifyException(
            f"{owner} expected {name} to be {integer_type.description()}, got {value}"
        )


def _parse_count_field(parser: AttrParser) -> Attribute:
    return IntAttr(parse_cpp_integer(parser, COUNT_TYPE))


def _print_int_field(printer: Printer, value: Attribute) -> None:
    printer.print_string(str(cast(IntAttr, value).data))


def _parse_bool_field(parser: AttrParser) -> Attribute:
    value = parser.parse_optional_boolean()
    if value is None:
        refuse_token(parser, "true or false")
    return IntegerAttr.from_bool(value)


def _print_bool_field(printer: Printer, value: Attribute) -> None:
    printer.print_string("true" if cast(IntegerAttr, value).value.data else "false")


def _parse_shape_2d(parser: AttrParser) -> tuple[int, int]:
    first = parser.parse_shape_dimension(allow_dynamic=False)
    parser.parse_shape_delimiter()
    return first, parser.parse_shape_dimension(allow_dynamic=False)


def _parse_shape_field(parser: AttrParser) -> Attribute:
    return ArrayAttr([IntAttr(d) for d in _parse_shape_2d(parser)])


def _print_shape_field(printer: Printer, value: Attribute) -> None:
    printer.print_string("x".join(str(d.data) for d in cast(ArrayAttr[IntAttr], value).data))


def _parse_enum_member(parser: AttrParser, enum_type: type[StrEnum]) -> StrEnum:
    """A member of `enum_type` written by its value (`bf16`); anything else is refused at it,
    naming the values and what was written (`expected f32, bf16 or bfp8_b, got 3`)."""
    token = parser._current_token  # pyright: ignore[reportPrivateUsage]
    value = parser.parse_optional_identifier_or_str_literal()
    if value is not None and value in {member.value for member in enum_type}:
        return enum_type(value)
    refuse_token(parser, spelled_values(enum_type), token)


def _enum_field(name: str, attr_type: type[EnumAttribute[StrEnum]]) -> StructField:
    def parse(parser: AttrParser) -> Attribute:
        return attr_type(_parse_enum_member(parser, attr_type.enum_type))

    def print_(printer: Printer, value: Attribute) -> None:
        printer.print_string(cast(EnumAttribute[StrEnum], value).data.value)

    return StructField(name, parse, print_, keywords_text(attr_type.enum_type))


def _count_field(name: str) -> StructField:
    """A Conv2dConfig COUNT field, of TT-NN's C++ type `COUNT_TYPE`."""
    return StructField(name, _parse_count_field, _print_int_field, COUNT_TYPE.description())


def _bool_field(name: str) -> StructField:
    return StructField(name, _parse_bool_field, _print_bool_field, "`true` or `false`")


def _shape_field(name: str) -> StructField:
    return StructField(name, _parse_shape_field, _print_shape_field, "two sizes, `8x2`")


def _parse_spelled_data_type(parser: AttrParser) -> Attribute:
    """A data type in the project's spelling (`#ttnn.data_type` values) or tt-mlir's
    `bfp_bf8` (kept as a `#ttcore.supportedDataTypes` so it prints back as written)."""
    if parser.parse_optional_keyword(TTCoreDataType.BFP_BFLOAT8.value) is not None:
        return SupportedDataTypesAttr(TTCoreDataType.BFP_BFLOAT8)
    return DataTypeAttr(_parse_enum_member(parser, DataType))


def _print_spelled_data_type(printer: Printer, value: Attribute) -> None:
    printer.print_string(cast(DataTypeAttr | SupportedDataTypesAttr, value).data.value)


def _data_type_field(name: str) -> StructField:
    return StructField(
        name,
        _parse_spelled_data_type,
        _print_spelled_data_type,
        f"{keywords_text(DataType)} (or tt-mlir's `{TTCoreDataType.BFP_BFLOAT8.value}`)",
    )


def _attribute_field(
    name: str,
    attr_type: type[Attribute],
    parse_unprefixed: Callable[[AttrParser], Attribute],
) -> StructField:
    """A field holding an attribute, written in full (`#ttnn.core_range_set<>`) or, as
    tt-mlir prints it, without its prefix (`<>`); it prints in full."""

    def parse(parser: AttrParser) -> Attribute:
        if parser._current_token.kind == MLIRTokenKind.LESS:  # pyright: ignore[reportPrivateUsage]
            return parse_unprefixed(parser)
        position = parser.pos
        value = parser.parse_attribute()
        if not isinstance(value, attr_type):
            parser.raise_error(
                f"expected {name} to be a #{attr_type.name}, got {value}", position, parser.pos
            )
        return value

    return StructField(
        name,
        parse,
        lambda printer, value: printer.print_attribute(value),
        f"`#{attr_type.name}<…>` (or tt-mlir's `<…>`)",
    )


def _parse_unprefixed_core_range_set(parser: AttrParser) -> Attribute:
    return CoreRangeSetAttr(parse_core_range_set_body(parser))


def _parse_unprefixed_unary_with_param(parser: AttrParser) -> Attribute:
    return UnaryWithParamAttr.new(UnaryWithParamAttr.parse_parameters(parser))


class KeywordStructAttr(ParametrizedAttribute):
    """Base of the attributes written `#ttnn.name<key = value, ...>`.

    Each parameter is a field that may be absent (`NoneAttr`); fields print in declaration
    order, only when present. Subclasses list their fields in `FIELDS`, in the order of
    their parameters."""

    FIELDS: ClassVar[tuple[StructField, ...]]
    REQUIRED_FIELDS: ClassVar[frozenset[str]] = frozenset()
    TT_MLIR_FIELDS: ClassVar[tuple[str, ...]] = ()
    """Fields only tt-mlir writes (accepted and kept; listed apart in messages)."""

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        start = parser.pos
        with parser.in_angle_brackets():
            values = cls.parse_fields(parser)
        return cls.field_parameters(parser, values, start)

    @classmethod
    def parse_fields(cls, parser: AttrParser) -> dict[str, Attribute]:
        """The `key = value, ...` list inside the angle brackets (possibly empty)."""
        by_name = {field.name: field for field in cls.FIELDS}
        values: dict[str, Attribute] = {}

        def parse_entry() -> None:
            position = parser.pos
            key = parser.parse_identifier(f" (a #{cls.name} field)")
            if key not in by_name:
                known = ", ".join(name for name in by_name if name not in cls.TT_MLIR_FIELDS)
                message = f"unknown #{cls.name} field '{key}' (expected one of: {known})"
                if cls.TT_MLIR_FIELDS:
                    message += f" or a field tt-mlir writes ({', '.join(cls.TT_MLIR_FIELDS)})"
                parser.raise_error(message, position, parser.pos)
            if key in values:
                parser.raise_error(f"duplicate #{cls.name} field '{key}'", position, parser.pos)
            parser.parse_punctuation("=")
            try:
                values[key] = by_name[key].parse(parser)
            except ParseError as error:
                # The value's own message ("Expected `f32`, `bf16`, or `bfp8_b`.") names
                # neither the field nor the attribute.
                if type(error) is not ParseError:
                    raise
                raise ParseError(error.span, f"#{cls.name} {key}: {error.msg}") from None

        if parser._current_token.kind != MLIRTokenKind.GREATER:  # pyright: ignore[reportPrivateUsage]
            parser.parse_comma_separated_list(parser.Delimiter.NONE, parse_entry)
        return values

    @classmethod
    def field_parameters(
        cls, parser: AttrParser, values: dict[str, Attribute], start: int
    ) -> list[Attribute]:
        """The parameters, in field order, of the fields parsed; a missing required field is
        reported at `start` (the opening bracket)."""
        missing = [name for name in cls.REQUIRED_FIELDS if name not in values]
        if missing:
            parser.raise_error(
                f"#{cls.name} needs the field(s): {', '.join(sorted(missing))}", start, parser.pos
            )
        return [values.get(field.name, NoneAttr()) for field in cls.FIELDS]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            first = True
            for field, value in zip(self.FIELDS, self.parameters[: len(self.FIELDS)], strict=True):
                if isinstance(value, NoneAttr):
                    continue
                if not first:
                    printer.print_string(", ")
                first = False
                printer.print_string(f"{field.name} = ")
                field.print(printer, value)


def _bool(value: bool | None) -> Attribute:
    return NoneAttr() if value is None else IntegerAttr.from_bool(value)


def _int(value: int | None) -> Attribute:
    return NoneAttr() if value is None else IntAttr(value)


SHARD_SHAPE_TYPE: CppIntegerType = UINT32
"""TT-NN's C++ type of a shard spec's shape sizes (`std::array<uint32_t, 2> shape`)."""


@irdl_attr_definition
class ShardSpecAttr(KeywordStructAttr):
    """`#ttnn.shard_spec<grid = XxY, shape = HxW, orientation = row_major|col_major>`: the
    cores a sharded tensor is spread over (a grid of X×Y cores from core (0, 0)), the
    shape of one shard in elements, and the order of shards over the cores.

    tt-mlir writes the same attribute positionally, with a core range set:
    `#ttnn.shard_spec<#ttnn.core_range_set<[#ttnn.core_range<(0,0), (7,7)>]>, <64x64>,
    <row_major>>` (the set may also be written `<[…]>`). That form parses whatever the set
    holds and prints back positionally; its grid is X×Y when the set is the one rectangle
    from core (0, 0) to (X−1, Y−1), and any other set is refused where the grid is needed
    (`grid_shape`)."""

    name = "ttnn.shard_spec"
    grid: ArrayAttr[IntAttr] | CoreRangeSetAttr | NoneAttr
    """`XxY`, or in tt-mlir's positional form the core range set as written."""
    shape: ArrayAttr[IntAttr] | NoneAttr
    orientation: ShardOrientationAttr | NoneAttr

    FIELDS = (
        _shape_field("grid"),
        _shape_field("shape"),
        _enum_field("orientation", ShardOrientationAttr),
    )
    REQUIRED_FIELDS = frozenset({"grid", "shape"})

    def __init__(
        self,
        grid: tuple[int, int],
        shape: tuple[int, int],
        orientation: ShardOrientation = ShardOrientation.ROW_MAJOR,
    ):
        super().__init__(
            ArrayAttr([IntAttr(d) for d in grid]),
            ArrayAttr([IntAttr(d) for d in shape]),
            ShardOrientationAttr(orientation),
        )

    @staticmethod
    def positional(
        core_ranges: CoreRangeSetAttr,
        shape: Sequence[int],
        orientation: ShardOrientation = ShardOrientation.ROW_MAJOR,
    ) -> ShardSpecAttr:
        """The shard spec in tt-mlir's positional spelling."""
        return ShardSpecAttr.new(
            [core_ranges, ArrayAttr([IntAttr(d) for d in shape]), ShardOrientationAttr(orientation)]
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        start = parser.pos
        with parser.in_angle_brackets():
            if parser._current_token.kind != MLIRTokenKind.BARE_IDENT:  # pyright: ignore[reportPrivateUsage]
                return cls._parse_positional(parser)
            values = cls.parse_fields(parser)
        return cls.field_parameters(parser, values, start)

    @classmethod
    def _parse_positional(cls, parser: AttrParser) -> list[Attribute]:
        """`<core range set>, <HxW>, <orientation>` (tt-mlir's `params` format)."""
        position = parser.pos
        if parser._current_token.kind == MLIRTokenKind.LESS:  # pyright: ignore[reportPrivateUsage]
            core_ranges: Attribute = CoreRangeSetAttr(parse_core_range_set_body(parser))
        else:
            core_ranges = parser.parse_attribute()
            if not isinstance(core_ranges, CoreRangeSetAttr):
                parser.raise_error(
                    "#ttnn.shard_spec expected a #ttnn.core_range_set (tt-mlir's form) or "
                    "'grid = XxY, shape = HxW' fields",
                    position,
                    parser.pos,
                )
        parser.parse_punctuation(",")
        with parser.in_angle_brackets():
            shape = parser.parse_dimension_list()
        parser.parse_punctuation(",")
        if parser.parse_optional_punctuation("<") is not None:
            orientation = ShardOrientationAttr(_parse_enum_member(parser, ShardOrientation))
            parser.parse_punctuation(">")
        else:
            position = parser.pos
            orientation = parser.parse_attribute()
            if not isinstance(orientation, ShardOrientationAttr):
                parser.raise_error(
                    "#ttnn.shard_spec expected a shard orientation (<row_major> or <col_major>)",
                    position,
                    parser.pos,
                )
        return [core_ranges, ArrayAttr([IntAttr(d) for d in shape]), orientation]

    def print_parameters(self, printer: Printer) -> None:
        if not isinstance(self.grid, CoreRangeSetAttr):
            super().print_parameters(printer)
            return
        with printer.in_angle_brackets():
            printer.print_attribute(self.grid)
            printer.print_string(", <")
            shape = cast(ArrayAttr[IntAttr], self.shape)
            printer.print_dimension_list([d.data for d in shape.data])
            printer.print_string(f">, <{self.shard_orientation.value}>")

    @property
    def grid_shape(self) -> tuple[int, int]:
        """(X, Y): the shard grid of X × Y cores from core (0, 0). Raises VerifyException for
        a tt-mlir core range set that is not such a rectangle."""
        if isinstance(self.grid, CoreRangeSetAttr):
            rectangle = self.grid.origin_rectangle()
            if rectangle is None:
                raise VerifyException(
                    f"#ttnn.shard_spec over the cores {self.grid.describe()} is not "
                    "supported: the shard grid must be one rectangle from core (0, 0)"
                )
            return rectangle
        x, y = (d.data for d in cast(ArrayAttr[IntAttr], self.grid).data)
        return x, y

    @property
    def grid_cores(self) -> tuple[int, int, int]:
        """(X, Y, cores): the extent of the shard grid and its number of cores — X × Y for a
        rectangle from core (0, 0), fewer for cores laid row by row whose last row is partial
        (`CoreRangeSetAttr.row_wise_cores`). Raises VerifyException for any other set."""
        if isinstance(self.grid, CoreRangeSetAttr):
            laid = self.grid.row_wise_cores()
            if laid is None:
                raise VerifyException(
                    f"#ttnn.shard_spec over the cores {self.grid.describe()} is not "
                    "supported: the shard grid must be one rectangle from core (0, 0), or cores "
                    "laid row by row from it"
                )
            return laid
        x, y = self.grid_shape
        return x, y, x * y

    @property
    def shard_shape(self) -> tuple[int, int]:
        dims = [d.data for d in cast(ArrayAttr[IntAttr], self.shape).data]
        if len(dims) != 2:
            raise VerifyException(
                f"#ttnn.shard_spec with shard shape {'x'.join(map(str, dims))} is not "
                "supported: the shard shape must be HxW"
            )
        return dims[0], dims[1]

    @property
    def shard_orientation(self) -> ShardOrientation:
        if isinstance(self.orientation, NoneAttr):
            return ShardOrientation.ROW_MAJOR
        return self.orientation.data

    def keyword_form(self) -> ShardSpecAttr:
        """This spec in the project's keyword spelling (raises VerifyException when its grid
        or shape has none)."""
        return ShardSpecAttr(self.grid_shape, self.shard_shape, self.shard_orientation)

    def verify(self) -> None:
        if isinstance(self.shape, ArrayAttr):
            for size in cast(ArrayAttr[IntAttr], self.shape).data:
                check_cpp_integer(f"#{self.name}", "each shape size", size.data, SHARD_SHAPE_TYPE)
        if isinstance(self.grid, CoreRangeSetAttr):
            dims = [d.data for d in cast(ArrayAttr[IntAttr], self.shape).data]
            if not dims or min(dims) < 1:
                raise VerifyException(
                    "#ttnn.shard_spec expected a shard shape of positive sizes, got "
                    + format_shape(dims)
                )
            return
        for label, value in (("grid", self.grid), ("shape", self.shape)):
            if isinstance(value, NoneAttr):
                raise VerifyException(f"#ttnn.shard_spec needs a {label}")
            dims = [d.data for d in cast(ArrayAttr[IntAttr], value).data]
            if len(dims) != 2 or min(dims) < 1:
                raise VerifyException(
                    f"#ttnn.shard_spec expected {label} to be two positive sizes, got "
                    + "x".join(map(str, dims))
                )


@dataclass(frozen=True)
class ConfigFieldSpelling:
    """How a kind of Conv2dConfig field (`ConfigKind`) is held in `#ttnn.conv2d_config`: the
    attribute type of its parameter, its `key = value` syntax, and its conversions to and from
    the record's value."""

    constraint: object
    syntax: Callable[[str], StructField]
    read: Callable[[Attribute], object]
    write: Callable[[object], Attribute]


def _read_data_type(value: Attribute) -> DataType:
    """A data type in the project's spelling or tt-mlir's; VerifyException for a tt-mlir data
    type TT-NN's conv preparation does not produce."""
    if isinstance(value, SupportedDataTypesAttr):
        dtype = data_type_of_ttcore(value.data)
        if dtype is None:
            raise VerifyException(
                f"#ttnn.conv2d_config weights_dtype {value.data.value} is not supported "
                "(expected f32, bf16 or bfp8_b / bfp_bf8)"
            )
        return dtype
    return cast(DataTypeAttr, value).data


def _read_activation(value: Attribute) -> FusedActivation:
    activation = cast(UnaryWithParamAttr, value)
    return FusedActivation(
        activation.op_type.data, tuple(float(param.value.data) for param in activation.params)
    )


def _write_activation(value: object) -> Attribute:
    activation = cast(FusedActivation, value)
    return UnaryWithParamAttr.new(
        [
            StringAttr(activation.op_type),
            ArrayAttr([FloatAttr(param, f32) for param in activation.params]),
        ]
    )


def _read_core_grid(value: Attribute) -> CoreRanges:
    return tuple((r.start, r.end) for r in cast(CoreRangeSetAttr, value).ranges.data)


def _write_core_grid(value: object) -> Attribute:
    return CoreRangeSetAttr([CoreRangeAttr(start, end) for start, end in cast(CoreRanges, value)])


def _enum_spelling(attr_type: type[EnumAttribute[StrEnum]]) -> ConfigFieldSpelling:
    return ConfigFieldSpelling(
        attr_type,
        lambda name: _enum_field(name, attr_type),
        lambda value: cast(EnumAttribute[StrEnum], value).data,
        lambda value: attr_type(cast(StrEnum, value)),  # pyright: ignore[reportCallIssue]
    )


FIELD_SPELLINGS: dict[ConfigKind, ConfigFieldSpelling] = {
    ConfigKind.FLAG: ConfigFieldSpelling(
        BoolAttr,
        _bool_field,
        lambda value: bool(cast(IntegerAttr, value).value.data),
        lambda value: IntegerAttr.from_bool(bool(value)),
    ),
    ConfigKind.COUNT: ConfigFieldSpelling(
        IntAttr,
        _count_field,
        lambda value: cast(IntAttr, value).data,
        lambda value: IntAttr(cast(int, value)),
    ),
    ConfigKind.DATA_TYPE: ConfigFieldSpelling(
        DataTypeAttr | SupportedDataTypesAttr,
        _data_type_field,
        _read_data_type,
        lambda value: DataTypeAttr(cast(DataType, value)),
    ),
    ConfigKind.MEMORY_LAYOUT: _enum_spelling(TensorMemoryLayoutAttr),
    ConfigKind.LAYOUT: _enum_spelling(LayoutAttr),
    ConfigKind.PADDING_MODE: _enum_spelling(PaddingModeAttr),
    ConfigKind.ACTIVATION: ConfigFieldSpelling(
        UnaryWithParamAttr,
        lambda name: _attribute_field(name, UnaryWithParamAttr, _parse_unprefixed_unary_with_param),
        _read_activation,
        _write_activation,
    ),
    ConfigKind.CORE_GRID: ConfigFieldSpelling(
        CoreRangeSetAttr,
        lambda name: _attribute_field(name, CoreRangeSetAttr, _parse_unprefixed_core_range_set),
        _read_core_grid,
        _write_core_grid,
    ),
}
"""Each kind of Conv2dConfig field as `#ttnn.conv2d_config` holds it."""

TT_MLIR_ONLY_CONV2D_CONFIG_FIELDS = tuple(
    declared.name for declared in CONV2D_CONFIG_FIELDS if not declared.in_ttnn
)
"""The `#ttnn.conv2d_config` fields TT-NN 0.81.1's Conv2dConfig does not have (tt-mlir writes
them; accepted, kept and printed)."""


@irdl_attr_definition
class Conv2dConfigAttr(KeywordStructAttr):
    """`#ttnn.conv2d_config<...>`: TT-NN's Conv2dConfig, each field optional (absent: TT-NN's
    default). Its fields, their syntax and the record they give (`conv_config()`) come from
    the one declaration of Conv2dConfig (`conv.conv2d_config.CONV2D_CONFIG_FIELDS`), in its
    order; what each field does is said there.

    tt-mlir writes these fields too (all but `full_inner_dim`, `enable_activation_reuse`,
    `force_split_reader`, `override_output_sharding_config` and `padding_mode`) and one TT-NN
    0.81.1 does not have (`in_place`); what tt-mlir wrote is kept and printed back, and
    `weights_dtype` keeps tt-mlir's spelling `bfp_bf8` (the project's `bfp8_b`)."""

    name = "ttnn.conv2d_config"
    __annotations__ = {
        declared.name: FIELD_SPELLINGS[declared.kind].constraint | NoneAttr
        for declared in CONV2D_CONFIG_FIELDS
    }

    FIELDS = tuple(
        FIELD_SPELLINGS[declared.kind].syntax(declared.name) for declared in CONV2D_CONFIG_FIELDS
    )
    TT_MLIR_FIELDS = TT_MLIR_ONLY_CONV2D_CONFIG_FIELDS

    def __init__(self, **values: object):
        """The attribute with the fields given: each a record value (`Conv2dConfig`'s type
        for it) or an attribute; None leaves the field out."""
        by_name = {declared.name: declared for declared in CONV2D_CONFIG_FIELDS}
        unknown = set(values) - set(by_name)
        if unknown:
            raise TypeError(f"unknown #ttnn.conv2d_config field(s): {', '.join(sorted(unknown))}")
        super().__init__(
            *(
                _field_attribute(declared, values.get(declared.name))
                for declared in CONV2D_CONFIG_FIELDS
            )
        )

    @staticmethod
    def of_config(config: Conv2dConfig) -> Conv2dConfigAttr:
        """The attribute of `config`'s fields that are not at their defaults."""
        return Conv2dConfigAttr(**config.non_default_fields())

    def fields(self) -> dict[str, Attribute]:
        """The fields present, by name, in declaration order."""
        return {
            field.name: value
            for field, value in zip(self.FIELDS, self.parameters, strict=True)
            if not isinstance(value, NoneAttr)
        }

    @staticmethod
    def from_fields(fields: dict[str, Attribute]) -> Conv2dConfigAttr:
        """The attribute with exactly these fields (values as attributes)."""
        return Conv2dConfigAttr(**fields)

    def conv_config(self) -> Conv2dConfig:
        """The config as the pure resolution reads it (absent fields at TT-NN's defaults).
        Raises VerifyException for a tt-mlir weights_dtype TT-NN does not produce."""
        return self._config(read_weights_dtype=True)

    def _config(self, read_weights_dtype: bool) -> Conv2dConfig:
        values = {
            declared.name: FIELD_SPELLINGS[declared.kind].read(value)
            for declared, value in zip(CONV2D_CONFIG_FIELDS, self.parameters, strict=True)
            if not isinstance(value, NoneAttr)
            and (read_weights_dtype or declared.kind != ConfigKind.DATA_TYPE)
        }
        return Conv2dConfig(**values)

    def verify(self) -> None:
        for declared, value in zip(CONV2D_CONFIG_FIELDS, self.parameters, strict=True):
            if declared.kind == ConfigKind.COUNT and isinstance(value, IntAttr):
                check_cpp_integer(f"#{self.name}", declared.name, value.data, COUNT_TYPE)
        # The fields' own rules live with the pure config (one home); weights_dtype is read
        # (and a tt-mlir dtype checked) where the config is used.
        try:
            validate_conv2d_config(self._config(read_weights_dtype=False), field_prefix="")
        except ConvConfigError as error:
            raise VerifyException(f"#ttnn.conv2d_config {error.message}") from None


def _field_attribute(declared: ConfigField, value: object) -> Attribute:
    """A field's parameter: absent (None), an attribute as given, or a record value written."""
    if value is None:
        return NoneAttr()
    if isinstance(value, Attribute):
        return value
    return FIELD_SPELLINGS[declared.kind].write(value)


@irdl_attr_definition
class DeviceComputeKernelConfigAttr(KeywordStructAttr):
    """`#ttnn.device_compute_kernel_config<math_fidelity = hifi4, math_approx_mode = false,
    fp32_dest_acc_en = false, packer_l1_acc = false, dst_full_sync_en = false>`, each field
    optional. Of these only `fp32_dest_acc_en` can change prepared weights (the sub-block
    choice, semantics.md §3.5); `dst_full_sync_en` is tt-mlir's (TT-NN's preparation does
    not read it)."""

    name = "ttnn.device_compute_kernel_config"
    math_fidelity: MathFidelityAttr | NoneAttr
    math_approx_mode: BoolAttr | NoneAttr
    fp32_dest_acc_en: BoolAttr | NoneAttr
    packer_l1_acc: BoolAttr | NoneAttr
    dst_full_sync_en: BoolAttr | NoneAttr

    FIELDS = (
        _enum_field("math_fidelity", MathFidelityAttr),
        _bool_field("math_approx_mode"),
        _bool_field("fp32_dest_acc_en"),
        _bool_field("packer_l1_acc"),
        _bool_field("dst_full_sync_en"),
    )
    TT_MLIR_FIELDS = ("dst_full_sync_en",)

    def __init__(
        self,
        *,
        math_fidelity: MathFidelity | None = None,
        math_approx_mode: bool | None = None,
        fp32_dest_acc_en: bool | None = None,
        packer_l1_acc: bool | None = None,
        dst_full_sync_en: bool | None = None,
    ):
        super().__init__(
            NoneAttr() if math_fidelity is None else MathFidelityAttr(math_fidelity),
            _bool(math_approx_mode),
            _bool(fp32_dest_acc_en),
            _bool(packer_l1_acc),
            _bool(dst_full_sync_en),
        )

    def compute_config(self) -> ComputeKernelConfig:
        """The config as the pure resolution reads it (absent fields false)."""

        def flag(value: BoolAttr | NoneAttr) -> bool:
            return isinstance(value, IntegerAttr) and bool(value.value.data)

        return ComputeKernelConfig(
            fp32_dest_acc_en=flag(self.fp32_dest_acc_en), packer_l1_acc=flag(self.packer_l1_acc)
        )


# --------------------------------------------------------------------------------------------
# Memory config and the tensor encoding
# --------------------------------------------------------------------------------------------


@irdl_attr_definition
class MemoryConfigAttr(ParametrizedAttribute):
    """`#ttnn.memory_config<#ttnn.buffer_type<dram|l1>, <memory_layout>[, #ttnn.shard_spec<...>]>`:
    where a device tensor lives (DRAM or L1) and how it is spread over banks or cores.
    tt-mlir may leave the memory layout out (`#ttnn.memory_config<#system_memory>`, a host
    tensor); it then means interleaved and prints back without it."""

    name = "ttnn.memory_config"
    buffer_type: BufferTypeAttr
    memory_layout: TensorMemoryLayoutAttr | NoneAttr
    shard_spec: ShardSpecAttr | NoneAttr

    def __init__(
        self,
        buffer_type: BufferType,
        memory_layout: TensorMemoryLayout,
        shard_spec: ShardSpecAttr | None = None,
    ):
        super().__init__(
            BufferTypeAttr(buffer_type),
            TensorMemoryLayoutAttr(memory_layout),
            NoneAttr() if shard_spec is None else shard_spec,
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        memory_layout: Attribute = NoneAttr()
        shard_spec: Attribute = NoneAttr()
        with parser.in_angle_brackets():
            position = parser.pos
            buffer_type = parser.parse_attribute()
            if not isinstance(buffer_type, BufferTypeAttr):
                parser.raise_error(
                    "#ttnn.memory_config expected a #ttnn.buffer_type first", position, parser.pos
                )
            if parser.parse_optional_punctuation(",") is not None:
                position = parser.pos
                if parser.parse_optional_punctuation("<") is not None:
                    memory_layout = TensorMemoryLayoutAttr(
                        _parse_enum_member(parser, TensorMemoryLayout)
                    )
                    parser.parse_punctuation(">")
                else:
                    memory_layout = parser.parse_attribute()
                    if not isinstance(memory_layout, TensorMemoryLayoutAttr):
                        parser.raise_error(
                            "#ttnn.memory_config expected a memory layout (<interleaved>, "
                            "<height_sharded>, <width_sharded> or <block_sharded>)",
                            position,
                            parser.pos,
                        )
                if parser.parse_optional_punctuation(",") is not None:
                    position = parser.pos
                    shard_spec = parser.parse_attribute()
                    if not isinstance(shard_spec, ShardSpecAttr):
                        parser.raise_error(
                            "#ttnn.memory_config expected a #ttnn.shard_spec", position, parser.pos
                        )
        return buffer_type, memory_layout, shard_spec

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.buffer_type)
            if isinstance(self.memory_layout, TensorMemoryLayoutAttr):
                printer.print_string(f", <{self.memory_layout.data.value}>")
            if isinstance(self.shard_spec, ShardSpecAttr):
                printer.print_string(", ")
                printer.print_attribute(self.shard_spec)

    @property
    def layout_kind(self) -> TensorMemoryLayout:
        """The memory layout; interleaved when the attribute names none."""
        if isinstance(self.memory_layout, TensorMemoryLayoutAttr):
            return self.memory_layout.data
        return TensorMemoryLayout.INTERLEAVED

    @property
    def is_sharded(self) -> bool:
        return self.layout_kind != TensorMemoryLayout.INTERLEAVED

    def conv_input(self) -> InputMemoryConfig:
        """The memory config of a conv's input as the pure resolution reads it."""
        shard = self.shard_spec
        if not isinstance(shard, ShardSpecAttr):
            return InputMemoryConfig(self.buffer_type.data, self.layout_kind)
        x, y, cores = shard.grid_cores
        return InputMemoryConfig(
            buffer_type=self.buffer_type.data,
            memory_layout=self.layout_kind,
            shard_shape=shard.shard_shape,
            shard_grid=(x, y),
            shard_orientation=shard.shard_orientation,
            shard_cores=None if cores == x * y else cores,
        )

    def verify(self) -> None:
        if not self.is_sharded and isinstance(self.shard_spec, ShardSpecAttr):
            raise VerifyException(
                "#ttnn.memory_config with memory layout interleaved cannot have a shard_spec"
            )


DRAM_INTERLEAVED = MemoryConfigAttr(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)
"""Where a device tensor lives when its encoding names no memory config."""


def _parse_shape(parser: AttrParser) -> list[int]:
    dims = [parser.parse_shape_dimension(allow_dynamic=False)]
    while parser._parse_optional_shape_delimiter() is not None:  # pyright: ignore[reportPrivateUsage]
        dims.append(parser.parse_shape_dimension(allow_dynamic=False))
    return dims


PHYSICAL_SIZE_TYPE: CppIntegerType = UINT32
"""TT-NN's C++ type of a tensor's padded (physical) shape sizes (`Shape`'s `uint32_t`)."""


@irdl_attr_definition
class TensorLayoutAttr(ParametrizedAttribute):
    """`#ttnn.tensor_layout<tile|row_major[, #ttnn.memory_config<...>][, physical = AxBx...]>`:
    the encoding of a device tensor type. Without a memory config the tensor is DRAM
    interleaved. `physical` gives the stored shape when it is more than the logical shape
    rounded up to whole tiles (a prepared conv weight, semantics.md §3.3 step 11)."""

    name = "ttnn.tensor_layout"
    layout: LayoutAttr
    memory_config: MemoryConfigAttr | NoneAttr
    physical: ArrayAttr[IntAttr] | NoneAttr

    def __init__(
        self,
        layout: Layout,
        memory_config: MemoryConfigAttr | None = None,
        physical: Sequence[int] | None = None,
    ):
        super().__init__(
            LayoutAttr(layout),
            NoneAttr() if memory_config is None else memory_config,
            NoneAttr() if physical is None else ArrayAttr([IntAttr(d) for d in physical]),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        memory_config: Attribute = NoneAttr()
        physical: Attribute = NoneAttr()
        with parser.in_angle_brackets():
            layout = LayoutAttr(_parse_enum_member(parser, Layout))
            while parser.parse_optional_punctuation(",") is not None:
                position = parser.pos
                if parser.parse_optional_keyword("physical") is not None:
                    if not isinstance(physical, NoneAttr):
                        parser.raise_error(
                            "duplicate #ttnn.tensor_layout physical shape", position, parser.pos
                        )
                    parser.parse_punctuation("=")
                    physical = ArrayAttr([IntAttr(d) for d in _parse_shape(parser)])
                    continue
                attr = parser.parse_attribute()
                if not isinstance(attr, MemoryConfigAttr):
                    parser.raise_error(
                        "#ttnn.tensor_layout expected a #ttnn.memory_config or "
                        "'physical = AxBx...'",
                        position,
                        parser.pos,
                    )
                if not isinstance(memory_config, NoneAttr):
                    parser.raise_error(
                        "duplicate #ttnn.tensor_layout memory config", position, parser.pos
                    )
                memory_config = attr
        return layout, memory_config, physical

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.layout.data.value)
            if isinstance(self.memory_config, MemoryConfigAttr):
                printer.print_string(", ")
                printer.print_attribute(self.memory_config)
            if isinstance(self.physical, ArrayAttr):
                printer.print_string(
                    ", physical = " + "x".join(str(d.data) for d in self.physical.data)
                )

    def verify(self) -> None:
        if isinstance(self.physical, ArrayAttr):
            for size in cast(ArrayAttr[IntAttr], self.physical).data:
                check_cpp_integer(
                    f"#{self.name}", "each physical size", size.data, PHYSICAL_SIZE_TYPE
                )
            physical = "x".join(str(d.data) for d in self.physical.data)
            if self.layout.data != Layout.TILE:
                raise VerifyException(
                    "#ttnn.tensor_layout expected the tile layout with a physical shape "
                    f"({physical}), got {self.layout.data.value}"
                )
            if len(self.physical.data) < 2:
                raise VerifyException(
                    "#ttnn.tensor_layout expected a physical shape of rank 2 or more, "
                    f"got {physical}"
                )


# --------------------------------------------------------------------------------------------
# Slice config
# --------------------------------------------------------------------------------------------


NUM_SLICES_TYPE: CppIntegerType = UINT32
"""TT-NN's C++ type of Conv2dSliceConfig's `num_slices` (`uint32_t`)."""


@irdl_attr_definition
class Conv2dSliceConfigAttr(ParametrizedAttribute):
    """`#ttnn.conv2d_slice_config<l1_full|dram_height|dram_width, N>`: TT-NN's
    Conv2dSliceConfig, how a conv whose activation does not fit in L1 runs: in N slices of its
    output height or width from DRAM, or whole in L1 (`N` is then ignored). Its effect on
    prepared weights is semantics.md §3.3 step 4 (see `conv_resolution`)."""

    name = "ttnn.conv2d_slice_config"
    slice_type: Conv2dSliceTypeAttr
    num_slices: IntAttr

    def __init__(self, slice_type: Conv2dSliceType, num_slices: int):
        super().__init__(Conv2dSliceTypeAttr(slice_type), IntAttr(num_slices))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            slice_type = _parse_enum_member(parser, Conv2dSliceType)
            parser.parse_punctuation(",")
            num_slices = parse_cpp_integer(parser, NUM_SLICES_TYPE, f"#{cls.name} num_slices: ")
        return Conv2dSliceTypeAttr(slice_type), IntAttr(num_slices)

    def verify(self) -> None:
        check_cpp_integer(f"#{self.name}", "num_slices", self.num_slices.data, NUM_SLICES_TYPE)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.slice_type.data.value}, {self.num_slices.data}>")

    @property
    def kind(self) -> Conv2dSliceType:
        return self.slice_type.data

    def slice_config(self) -> Conv2dSliceConfig:
        """The slice config as the pure resolution reads it."""
        return Conv2dSliceConfig(self.kind, self.num_slices.data)

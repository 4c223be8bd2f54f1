"""The `ttnn` dialect: TT-NN tensor types, attributes and operations.

Types and attributes follow tt-mlir's TTNN spellings (see DESIGN.md, "IR contract"):

    tensor<64x64x3x3xf32>                                      host tensor, row-major
    tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile>>          TILE, DRAM interleaved
    tensor<1x1x64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>  bfloat8_b (TILE only)
    tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>

Every operation parameter is a property, so the generic form always parses; every operation
also has a readable custom form. Verifier messages follow MLIR's `'op.name' op message`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from xdsl.dialects.builtin import (
    I32,
    ArrayAttr,
    BFloat16Type,
    BoolAttr,
    DenseArrayBase,
    Float32Type,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    NoneAttr,
    StringAttr,
    TensorType,
    bf16,
    f32,
    i1,
    i32,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import (
    Attribute,
    Dialect,
    Operation,
    ParametrizedAttribute,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_result_def,
)
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.rewriter import Rewriter
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ttnn_xdsl.dialect import conv_config as resolution
from ttnn_xdsl.dialect.conv_config import (
    TILE_SIZE,
    BufferType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
    round_up,
)

DEFAULT_GRID = (8, 8)
"""The compute grid (x, y) of a Wormhole n150, used when the module has no `ttnn.grid`."""

GRID_ATTRIBUTE = "ttnn.grid"
"""The module attribute holding the device compute grid, `array<i32: X, Y>`."""


class MathFidelity(StrEnum):
    """The math fidelity of a compute kernel."""

    LOFI = "lofi"
    HIFI2 = "hifi2"
    HIFI3 = "hifi3"
    HIFI4 = "hifi4"


# --------------------------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------------------------


@irdl_attr_definition
class BFloat8BType(ParametrizedAttribute, TypeAttribute):
    """`!ttnn.bfp8_b`: TT's block float; 16 values of a tile face row share an 8-bit exponent,
    each keeps a sign and a 7-bit magnitude (SPEC §1.3). Only valid in TILE layout."""

    name = "ttnn.bfp8_b"


bfp8_b = BFloat8BType()

_ELEMENT_TYPES: dict[DataType, Attribute] = {
    DataType.FLOAT32: f32,
    DataType.BFLOAT16: bf16,
    DataType.BFLOAT8_B: bfp8_b,
}


def element_type_for(dtype: DataType) -> Attribute:
    """The MLIR element type that spells `dtype` (f32, bf16, !ttnn.bfp8_b)."""
    return _ELEMENT_TYPES[dtype]


def data_type_of(element_type: Attribute) -> DataType | None:
    """The TT-NN data type of an element type, or None when TT-NN has no such type."""
    if isinstance(element_type, Float32Type):
        return DataType.FLOAT32
    if isinstance(element_type, BFloat16Type):
        return DataType.BFLOAT16
    if isinstance(element_type, BFloat8BType):
        return DataType.BFLOAT8_B
    return None


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
            return parser.parse_str_enum(cls.enum_type)


@irdl_attr_definition
class LayoutAttr(_AngleBracketEnumSyntax, EnumAttribute[Layout]):
    """`#ttnn.layout<tile|row_major>`."""

    name = "ttnn.layout"


@irdl_attr_definition
class BufferTypeAttr(_AngleBracketEnumSyntax, EnumAttribute[BufferType]):
    """`#ttnn.buffer_type<dram|l1>`."""

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


# --------------------------------------------------------------------------------------------
# Keyword-struct attributes: `#ttnn.name<key = value, ...>`, every field optional
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StructField:
    """One `key = value` field of a keyword-struct attribute: how its value parses and prints."""

    name: str
    parse: Callable[[AttrParser], Attribute]
    print: Callable[[Printer, Attribute], None]


def _parse_int_field(parser: AttrParser) -> Attribute:
    return IntAttr(parser.parse_integer(allow_boolean=False))


def _print_int_field(printer: Printer, value: Attribute) -> None:
    printer.print_string(str(cast(IntAttr, value).data))


def _parse_bool_field(parser: AttrParser) -> Attribute:
    return IntegerAttr.from_bool(parser.parse_boolean())


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


def _enum_field(name: str, attr_type: type[EnumAttribute[StrEnum]]) -> StructField:
    def parse(parser: AttrParser) -> Attribute:
        return attr_type(parser.parse_str_enum(attr_type.enum_type))

    def print_(printer: Printer, value: Attribute) -> None:
        printer.print_string(cast(EnumAttribute[StrEnum], value).data.value)

    return StructField(name, parse, print_)


def _int_field(name: str) -> StructField:
    return StructField(name, _parse_int_field, _print_int_field)


def _bool_field(name: str) -> StructField:
    return StructField(name, _parse_bool_field, _print_bool_field)


def _shape_field(name: str) -> StructField:
    return StructField(name, _parse_shape_field, _print_shape_field)


class KeywordStructAttr(ParametrizedAttribute):
    """Base of the attributes written `#ttnn.name<key = value, ...>`.

    Each parameter is a field that may be absent (`NoneAttr`); fields print in declaration
    order, only when present. Subclasses list their fields in `FIELDS`, in the order of
    their parameters."""

    FIELDS: ClassVar[tuple[StructField, ...]]
    REQUIRED_FIELDS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        by_name = {field.name: field for field in cls.FIELDS}
        values: dict[str, Attribute] = {}
        start = parser.pos

        def parse_entry() -> None:
            position = parser.pos
            key = parser.parse_identifier(f" (a #{cls.name} field)")
            if key not in by_name:
                known = ", ".join(by_name)
                parser.raise_error(
                    f"unknown #{cls.name} field '{key}' (expected one of: {known})",
                    position,
                    parser.pos,
                )
            if key in values:
                parser.raise_error(f"duplicate #{cls.name} field '{key}'", position, parser.pos)
            parser.parse_punctuation("=")
            values[key] = by_name[key].parse(parser)

        with parser.in_angle_brackets():
            if parser.parse_optional_punctuation(">") is None:
                parser.parse_comma_separated_list(parser.Delimiter.NONE, parse_entry)
            else:
                # `#ttnn.x<>`: the context manager expects to consume `>` itself.
                parser._resume_from(parser.pos - 1)  # pyright: ignore[reportPrivateUsage]
        missing = [name for name in cls.REQUIRED_FIELDS if name not in values]
        if missing:
            parser.raise_error(
                f"#{cls.name} needs the field(s): {', '.join(sorted(missing))}", start, parser.pos
            )
        return [values.get(field.name, NoneAttr()) for field in cls.FIELDS]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            first = True
            for field, value in zip(self.FIELDS, self.parameters, strict=True):
                if isinstance(value, NoneAttr):
                    continue
                if not first:
                    printer.print_string(", ")
                first = False
                printer.print_string(f"{field.name} = ")
                field.print(printer, value)

    def field(self, name: str) -> Attribute | None:
        """The value of field `name`, or None when absent."""
        index = [field.name for field in self.FIELDS].index(name)
        value = self.parameters[index]
        return None if isinstance(value, NoneAttr) else value

    def int_field(self, name: str) -> int | None:
        value = self.field(name)
        return None if value is None else cast(IntAttr, value).data

    def bool_field(self, name: str) -> bool | None:
        value = self.field(name)
        return None if value is None else bool(cast(IntegerAttr, value).value.data)


def _bool(value: bool | None) -> Attribute:
    return NoneAttr() if value is None else IntegerAttr.from_bool(value)


def _int(value: int | None) -> Attribute:
    return NoneAttr() if value is None else IntAttr(value)


@irdl_attr_definition
class ShardSpecAttr(KeywordStructAttr):
    """`#ttnn.shard_spec<grid = XxY, shape = HxW, orientation = row_major|col_major>`: the
    cores a sharded tensor is spread over (a grid of X×Y cores from core (0, 0)), the
    shape of one shard in elements, and the order of shards over the cores."""

    name = "ttnn.shard_spec"
    grid: ArrayAttr[IntAttr] | NoneAttr
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

    @property
    def grid_shape(self) -> tuple[int, int]:
        x, y = (d.data for d in cast(ArrayAttr[IntAttr], self.grid).data)
        return x, y

    @property
    def shard_shape(self) -> tuple[int, int]:
        height, width = (d.data for d in cast(ArrayAttr[IntAttr], self.shape).data)
        return height, width

    @property
    def shard_orientation(self) -> ShardOrientation:
        if isinstance(self.orientation, NoneAttr):
            return ShardOrientation.ROW_MAJOR
        return self.orientation.data

    def verify(self) -> None:
        for label, value in (("grid", self.grid), ("shape", self.shape)):
            if isinstance(value, NoneAttr):
                raise VerifyException(f"#ttnn.shard_spec needs a {label}")
            dims = [d.data for d in value.data]
            if len(dims) != 2 or min(dims) < 1:
                raise VerifyException(
                    f"#ttnn.shard_spec expected {label} to be two positive sizes, got "
                    + "x".join(map(str, dims))
                )


@irdl_attr_definition
class Conv2dConfigAttr(KeywordStructAttr):
    """`#ttnn.conv2d_config<...>`: the Conv2dConfig fields that change prepared weights
    (SPEC §3.1), each optional. `weights_dtype` defaults to the weight's dtype,
    `shard_layout` is chosen by the resolution (SPEC §3.3 step 5), `act_block_h_override` 0,
    `act_block_w_div` 1, the booleans false, and `enable_kernel_stride_folding` unset means
    automatic."""

    name = "ttnn.conv2d_config"
    weights_dtype: DataTypeAttr | NoneAttr
    shard_layout: TensorMemoryLayoutAttr | NoneAttr
    act_block_h_override: IntAttr | NoneAttr
    act_block_w_div: IntAttr | NoneAttr
    transpose_shards: BoolAttr | NoneAttr
    full_inner_dim: BoolAttr | NoneAttr
    enable_activation_reuse: BoolAttr | NoneAttr
    enable_kernel_stride_folding: BoolAttr | NoneAttr

    FIELDS = (
        _enum_field("weights_dtype", DataTypeAttr),
        _enum_field("shard_layout", TensorMemoryLayoutAttr),
        _int_field("act_block_h_override"),
        _int_field("act_block_w_div"),
        _bool_field("transpose_shards"),
        _bool_field("full_inner_dim"),
        _bool_field("enable_activation_reuse"),
        _bool_field("enable_kernel_stride_folding"),
    )

    def __init__(
        self,
        *,
        weights_dtype: DataType | None = None,
        shard_layout: TensorMemoryLayout | None = None,
        act_block_h_override: int | None = None,
        act_block_w_div: int | None = None,
        transpose_shards: bool | None = None,
        full_inner_dim: bool | None = None,
        enable_activation_reuse: bool | None = None,
        enable_kernel_stride_folding: bool | None = None,
    ):
        super().__init__(
            NoneAttr() if weights_dtype is None else DataTypeAttr(weights_dtype),
            NoneAttr() if shard_layout is None else TensorMemoryLayoutAttr(shard_layout),
            _int(act_block_h_override),
            _int(act_block_w_div),
            _bool(transpose_shards),
            _bool(full_inner_dim),
            _bool(enable_activation_reuse),
            _bool(enable_kernel_stride_folding),
        )

    def verify(self) -> None:
        override = self.int_field("act_block_h_override")
        if override is not None and (override < 0 or override % TILE_SIZE):
            raise VerifyException(
                "#ttnn.conv2d_config expected act_block_h_override to be a non-negative "
                f"multiple of 32, got {override}"
            )
        divisor = self.int_field("act_block_w_div")
        if divisor is not None and divisor < 1:
            raise VerifyException(
                f"#ttnn.conv2d_config expected act_block_w_div to be positive, got {divisor}"
            )
        if (
            isinstance(self.shard_layout, TensorMemoryLayoutAttr)
            and self.shard_layout.data == TensorMemoryLayout.INTERLEAVED
        ):
            raise VerifyException(
                "#ttnn.conv2d_config expected shard_layout to be height_sharded, "
                "width_sharded or block_sharded, got interleaved"
            )


@irdl_attr_definition
class DeviceComputeKernelConfigAttr(KeywordStructAttr):
    """`#ttnn.device_compute_kernel_config<math_fidelity = hifi4, math_approx_mode = false,
    fp32_dest_acc_en = false, packer_l1_acc = false>`, each field optional. Of these only
    `fp32_dest_acc_en` can change prepared weights (the sub-block choice, SPEC §3.5)."""

    name = "ttnn.device_compute_kernel_config"
    math_fidelity: MathFidelityAttr | NoneAttr
    math_approx_mode: BoolAttr | NoneAttr
    fp32_dest_acc_en: BoolAttr | NoneAttr
    packer_l1_acc: BoolAttr | NoneAttr

    FIELDS = (
        _enum_field("math_fidelity", MathFidelityAttr),
        _bool_field("math_approx_mode"),
        _bool_field("fp32_dest_acc_en"),
        _bool_field("packer_l1_acc"),
    )

    def __init__(
        self,
        *,
        math_fidelity: MathFidelity | None = None,
        math_approx_mode: bool | None = None,
        fp32_dest_acc_en: bool | None = None,
        packer_l1_acc: bool | None = None,
    ):
        super().__init__(
            NoneAttr() if math_fidelity is None else MathFidelityAttr(math_fidelity),
            _bool(math_approx_mode),
            _bool(fp32_dest_acc_en),
            _bool(packer_l1_acc),
        )


# --------------------------------------------------------------------------------------------
# Memory config and the tensor encoding
# --------------------------------------------------------------------------------------------


@irdl_attr_definition
class MemoryConfigAttr(ParametrizedAttribute):
    """`#ttnn.memory_config<#ttnn.buffer_type<dram|l1>, <memory_layout>[, #ttnn.shard_spec<...>]>`:
    where a device tensor lives (DRAM or L1) and how it is spread over banks or cores."""

    name = "ttnn.memory_config"
    buffer_type: BufferTypeAttr
    memory_layout: TensorMemoryLayoutAttr
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
        with parser.in_angle_brackets():
            position = parser.pos
            buffer_type = parser.parse_attribute()
            if not isinstance(buffer_type, BufferTypeAttr):
                parser.raise_error(
                    "#ttnn.memory_config expected a #ttnn.buffer_type first", position, parser.pos
                )
            parser.parse_punctuation(",")
            position = parser.pos
            if parser.parse_optional_punctuation("<") is not None:
                memory_layout = TensorMemoryLayoutAttr(parser.parse_str_enum(TensorMemoryLayout))
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
            shard_spec: Attribute = NoneAttr()
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
            printer.print_string(f", <{self.memory_layout.data.value}>")
            if isinstance(self.shard_spec, ShardSpecAttr):
                printer.print_string(", ")
                printer.print_attribute(self.shard_spec)

    @property
    def is_sharded(self) -> bool:
        return self.memory_layout.data != TensorMemoryLayout.INTERLEAVED

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


@irdl_attr_definition
class TensorLayoutAttr(ParametrizedAttribute):
    """`#ttnn.tensor_layout<tile|row_major[, #ttnn.memory_config<...>][, physical = AxBx...]>`:
    the encoding of a device tensor type. Without a memory config the tensor is DRAM
    interleaved. `physical` gives the stored shape when it is more than the logical shape
    rounded up to whole tiles (a prepared conv weight, SPEC §3.3 step 11)."""

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
            layout = LayoutAttr(parser.parse_str_enum(Layout))
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
# Reading tensor types
# --------------------------------------------------------------------------------------------


def tile_padded_shape(shape: Sequence[int]) -> tuple[int, ...]:
    """`shape` with its last two dims rounded up to whole tiles (SPEC §1.1)."""
    if len(shape) < 2:
        return tuple(shape)
    *leading, height, width = shape
    return (*leading, round_up(height, TILE_SIZE), round_up(width, TILE_SIZE))


@dataclass(frozen=True)
class TensorInfo:
    """What a tensor type says about a TT-NN tensor."""

    shape: tuple[int, ...]
    dtype: DataType
    layout: Layout
    memory_config: MemoryConfigAttr | None
    """None for a host tensor (no encoding)."""
    physical_shape: tuple[int, ...]
    """The stored shape: `physical` when written, else the shape padded to whole tiles
    (TILE) or the shape itself (ROW_MAJOR)."""
    explicit_physical: bool

    @property
    def on_host(self) -> bool:
        return self.memory_config is None


class TensorTypeError(ValueError):
    """A tensor type that is not a valid TT-NN tensor type."""


def tensor_info(tensor_type: Attribute) -> TensorInfo:
    """Read a TT-NN tensor type; raises TensorTypeError when it is not one."""
    if not isinstance(tensor_type, TensorType):
        raise TensorTypeError(f"expected a tensor type, got {tensor_type}")
    tensor_type = cast(TensorType[Attribute], tensor_type)
    shape = tensor_type.get_shape()
    if any(d < 0 for d in shape):
        raise TensorTypeError(f"expected a static shape, got {tensor_type}")
    dtype = data_type_of(tensor_type.element_type)
    if dtype is None:
        raise TensorTypeError(
            f"expected element type f32, bf16 or !ttnn.bfp8_b, got {tensor_type.element_type}"
        )
    encoding = tensor_type.encoding
    if isinstance(encoding, NoneAttr):
        if dtype == DataType.BFLOAT8_B:
            raise TensorTypeError(
                f"bfloat8_b needs the tile layout, got a host row-major tensor {tensor_type}"
            )
        return TensorInfo(shape, dtype, Layout.ROW_MAJOR, None, shape, False)
    if not isinstance(encoding, TensorLayoutAttr):
        raise TensorTypeError(f"expected a #ttnn.tensor_layout encoding, got {encoding}")
    layout = encoding.layout.data
    memory_config = (
        encoding.memory_config
        if isinstance(encoding.memory_config, MemoryConfigAttr)
        else DRAM_INTERLEAVED
    )
    if layout == Layout.ROW_MAJOR:
        if dtype == DataType.BFLOAT8_B:
            raise TensorTypeError(f"bfloat8_b needs the tile layout, got {tensor_type}")
        return TensorInfo(shape, dtype, layout, memory_config, shape, False)
    if len(shape) < 2:
        raise TensorTypeError(f"a tile-layout tensor needs rank 2 or more, got {tensor_type}")
    padded = tile_padded_shape(shape)
    if isinstance(encoding.physical, NoneAttr):
        return TensorInfo(shape, dtype, layout, memory_config, padded, False)
    physical = tuple(d.data for d in encoding.physical.data)
    if (
        len(physical) != len(shape)
        or physical[:-2] != shape[:-2]
        or physical[-2] % TILE_SIZE
        or physical[-1] % TILE_SIZE
        or physical[-2] < padded[-2]
        or physical[-1] < padded[-1]
    ):
        raise TensorTypeError(
            "expected physical shape "
            + "x".join(map(str, physical))
            + " to keep the leading dims of "
            + "x".join(map(str, shape))
            + " and hold its last two dims in whole tiles"
        )
    return TensorInfo(shape, dtype, layout, memory_config, physical, True)


def tensor_type(
    shape: Sequence[int],
    dtype: DataType,
    layout: Layout | None = Layout.TILE,
    memory_config: MemoryConfigAttr | None = None,
    physical: Sequence[int] | None = None,
) -> TensorType[Attribute]:
    """Build a TT-NN tensor type; `layout=None` gives a host (row-major, unencoded) tensor."""
    if layout is None:
        return TensorType(element_type_for(dtype), shape)
    return TensorType(
        element_type_for(dtype),
        shape,
        TensorLayoutAttr(layout, memory_config, physical),
    )


def _placement(info: TensorInfo) -> tuple[object, ...]:
    """Where a tensor lives, by meaning rather than spelling: a shard spec without an
    orientation is the same as one with `orientation = row_major`."""
    if info.on_host:
        return ("host",)
    memory = info.memory_config or DRAM_INTERLEAVED
    shard = memory.shard_spec
    return (
        memory.buffer_type.data,
        memory.memory_layout.data,
        (shard.grid_shape, shard.shard_shape, shard.shard_orientation)
        if isinstance(shard, ShardSpecAttr)
        else None,
    )


def same_storage(a: TensorInfo, b: TensorInfo) -> bool:
    """True when two tensor types describe the same layout, physical shape and placement."""
    return (
        a.layout == b.layout
        and a.physical_shape == b.physical_shape
        and a.explicit_physical == b.explicit_physical
        and _placement(a) == _placement(b)
    )


def format_shape(shape: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, shape)) + "]"


def module_grid(op: Operation) -> tuple[int, int]:
    """The device compute grid (x, y) from the enclosing module's `ttnn.grid` attribute."""
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, ModuleOp) and GRID_ATTRIBUTE in parent.attributes:
            grid = parent.attributes[GRID_ATTRIBUTE]
            values = (
                grid.get_values()
                if isinstance(grid, DenseArrayBase) and isinstance(grid.elt_type, IntegerType)
                else ()
            )
            if len(values) != 2 or min(values) < 1:
                raise VerifyException(
                    f"expected the module attribute {GRID_ATTRIBUTE} to be array<i32: X, Y> "
                    f"with two positive values, got {grid}"
                )
            return cast(tuple[int, int], tuple(values))
        parent = parent.parent_op()
    return DEFAULT_GRID


# --------------------------------------------------------------------------------------------
# Operations
# --------------------------------------------------------------------------------------------


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


def _bool_list(attr: DenseArrayBase) -> list[bool]:
    return [bool(v) for v in attr.get_values()]


def _format_bools(values: Sequence[bool]) -> str:
    return "[" + ", ".join("true" if v else "false" for v in values) + "]"


def _int_list(attr: DenseArrayBase) -> list[int]:
    return [int(v) for v in attr.get_values()]


_ASSIGN_BW_DTYPES = (DataType.BFLOAT16, DataType.BFLOAT8_B)


@irdl_op_definition
class AssignBwOp(TTNNOperation):
    """Backward of `assign` (a copy): the incoming gradient flows through unchanged.

    Binary form, `(grad, input_a, input_b)`: results `[grad cast to input_a's dtype]` when
    `are_required_outputs[0]` and `[grad cast to input_b's dtype]` when
    `are_required_outputs[1]` (default both), in that order. Unary form, `(grad, input_a)`:
    one result, `grad` cast to `input_a`'s dtype. A preallocated `input_grad` / `other_grad`
    receives the gradient and gives the result its type; otherwise the result takes the
    type of `input_a` / `input_b`. The values of `input_a` and `input_b` are never read.

    Constraints (TT-NN's table): bf16 or bfloat8_b, TILE layout, rank 2 to 4, every tensor
    of the same shape and physical shape (no broadcasting). `memory_config` and `queue_id`
    have no effect on values; `round_mode` (absent, "trunc" or "floor") has no effect on a
    copy.

        %ga, %gb = ttnn.assign_bw(%grad, %a, %b) are_required_outputs = [true, true]
                   : (T, T, T) -> (T, T)
        %ga = ttnn.assign_bw(%grad, %a) input_grad(%buffer) : (T, T, T) -> T
    """

    name = "ttnn.assign_bw"

    grad = operand_def(TensorType)
    input_a = operand_def(TensorType)
    input_b = opt_operand_def(TensorType)
    input_grad = opt_operand_def(TensorType)
    other_grad = opt_operand_def(TensorType)
    are_required_outputs = opt_prop_def(DenseArrayBase.constr(i1))
    memory_config = opt_prop_def(MemoryConfigAttr)
    queue_id = opt_prop_def(IntegerAttr[I32])
    round_mode = opt_prop_def(StringAttr)
    gradients = var_result_def(TensorType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    ROUND_MODES: ClassVar[tuple[str, ...]] = ("trunc", "floor")

    def __init__(
        self,
        grad: SSAValue,
        input_a: SSAValue,
        input_b: SSAValue | None = None,
        *,
        input_grad: SSAValue | None = None,
        other_grad: SSAValue | None = None,
        are_required_outputs: Sequence[bool] | None = None,
        memory_config: MemoryConfigAttr | None = None,
        queue_id: int | None = None,
        round_mode: str | None = None,
        result_types: Sequence[Attribute] | None = None,
    ):
        if result_types is None:
            required = list(are_required_outputs or (True, True))
            if input_b is None:
                required = [True, False]
            sources = [(input_grad or input_a), (other_grad or input_b)]
            result_types = [
                source.type
                for source, wanted in zip(sources, required, strict=True)
                if wanted and source is not None
            ]
        super().__init__(
            operands=[
                [grad],
                [input_a],
                [] if input_b is None else [input_b],
                [] if input_grad is None else [input_grad],
                [] if other_grad is None else [other_grad],
            ],
            result_types=[list(result_types)],
            properties={
                "are_required_outputs": None
                if are_required_outputs is None
                else DenseArrayBase.from_list(i1, [int(v) for v in are_required_outputs]),
                "memory_config": memory_config,
                "queue_id": None if queue_id is None else IntegerAttr(queue_id, i32),
                "round_mode": None if round_mode is None else StringAttr(round_mode),
            },
        )

    @property
    def is_binary(self) -> bool:
        return self.input_b is not None

    @property
    def required_outputs(self) -> tuple[bool, bool]:
        """Which gradients are produced: (input_a's, input_b's)."""
        if not self.is_binary:
            return True, False
        if self.are_required_outputs is None:
            return True, True
        first, second = _bool_list(self.are_required_outputs)
        return first, second

    def gradient_destinations(self) -> list[tuple[int, SSAValue | None, SSAValue]]:
        """For each produced gradient: (slot 0 or 1, its preallocated output or None, the
        operand whose type it takes)."""
        slots = [(0, self.input_grad, self.input_a), (1, self.other_grad, self.input_b)]
        return [
            (slot, preallocated, cast(SSAValue, preallocated or source))
            for (slot, preallocated, source), wanted in zip(
                slots, self.required_outputs, strict=True
            )
            if wanted
        ]

    def verify_(self) -> None:
        if self.is_binary:
            if self.are_required_outputs is not None:
                values = _bool_list(self.are_required_outputs)
                if len(values) != 2:
                    raise self.error(
                        "expected are_required_outputs to have exactly two values, got "
                        + _format_bools(values)
                    )
                if not any(values):
                    raise self.error(
                        "expected at least one gradient: are_required_outputs is "
                        + _format_bools(values)
                    )
        else:
            if self.are_required_outputs is not None:
                raise self.error(
                    "are_required_outputs needs the binary form (grad, input_a, input_b)"
                )
            if self.other_grad is not None:
                raise self.error("other_grad needs the binary form (grad, input_a, input_b)")
        if self.round_mode is not None and self.round_mode.data not in self.ROUND_MODES:
            raise self.error(
                f'expected round_mode to be "trunc" or "floor", got "{self.round_mode.data}"'
            )
        operands = [("grad", self.grad), ("input_a", self.input_a)]
        operands += [
            (role, value)
            for role, value in (
                ("input_b", self.input_b),
                ("input_grad", self.input_grad),
                ("other_grad", self.other_grad),
            )
            if value is not None
        ]
        grad = self.tensor(self.grad, "grad")
        for role, value in operands:
            info = self.tensor(value, role)
            self._verify_supported(info, role)
            if info.shape != grad.shape:
                raise self.error(
                    f"expected {role} to have the shape of grad {format_shape(grad.shape)}, "
                    f"got {format_shape(info.shape)}"
                )
            if info.physical_shape != grad.physical_shape:
                raise self.error(
                    f"expected {role} to have the physical shape of grad "
                    f"{format_shape(grad.physical_shape)}, got {format_shape(info.physical_shape)}"
                )
        unused = [
            name
            for slot, name, value in (
                (0, "input_grad", self.input_grad),
                (1, "other_grad", self.other_grad),
            )
            if value is not None and not self.required_outputs[slot]
        ]
        if unused:
            raise self.error(
                f"{unused[0]} is given but its gradient is not required "
                f"(are_required_outputs = {_format_bools(self.required_outputs)})"
            )
        destinations = self.gradient_destinations()
        if len(self.gradients) != len(destinations):
            raise self.error(
                f"expected {len(destinations)} result(s), one per required gradient, "
                f"got {len(self.gradients)}"
            )
        for index, ((slot, preallocated, source), result) in enumerate(
            zip(destinations, self.gradients, strict=True)
        ):
            if result.type != source.type:
                what = (
                    ("input_grad" if slot == 0 else "other_grad")
                    if preallocated
                    else ("input_a" if slot == 0 else "input_b")
                )
                raise self.error(
                    f"expected result #{index} to have the type of {what} {source.type}, "
                    f"got {result.type}"
                )

    def _verify_supported(self, info: TensorInfo, role: str) -> None:
        if info.dtype not in _ASSIGN_BW_DTYPES:
            raise self.error(f"expected {role} to be bf16 or bfloat8_b, got {info.dtype.value}")
        if info.layout != Layout.TILE:
            raise self.error(f"expected {role} in tile layout, got {info.layout.value}")
        if not 2 <= len(info.shape) <= 4:
            raise self.error(f"expected {role} of rank 2, 3 or 4, got rank {len(info.shape)}")

    @classmethod
    def parse(cls, parser: Parser) -> AssignBwOp:
        position = parser.pos
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        if not 2 <= len(operands) <= 3:
            parser.raise_error(
                "expected (grad, input_a) or (grad, input_a, input_b), got "
                f"{len(operands)} operands",
                position,
                parser.pos,
            )
        preallocated: dict[str, UnresolvedOperand] = {}
        for keyword in ("input_grad", "other_grad"):
            if parser.parse_optional_keyword(keyword) is not None:
                parser.parse_punctuation("(")
                preallocated[keyword] = parser.parse_unresolved_operand()
                parser.parse_punctuation(")")
        properties: dict[str, Attribute] = {}
        if parser.parse_optional_keyword("are_required_outputs") is not None:
            parser.parse_punctuation("=")
            values = parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, parser.parse_boolean
            )
            properties["are_required_outputs"] = DenseArrayBase.from_list(
                i1, [int(v) for v in values]
            )
        if parser.parse_optional_keyword("memory_config") is not None:
            parser.parse_punctuation("=")
            position = parser.pos
            memory_config = parser.parse_attribute()
            if not isinstance(memory_config, MemoryConfigAttr):
                parser.raise_error(
                    f"expected memory_config to be a #ttnn.memory_config, got {memory_config}",
                    position,
                    parser.pos,
                )
            properties["memory_config"] = memory_config
        if parser.parse_optional_keyword("queue_id") is not None:
            parser.parse_punctuation("=")
            position = parser.pos
            queue_id = parser.parse_integer()
            if not -(2**31) <= queue_id < 2**31:
                parser.raise_error(
                    f"expected queue_id to be an i32, got {queue_id}", position, parser.pos
                )
            properties["queue_id"] = IntegerAttr(queue_id, i32)
        if parser.parse_optional_keyword("round_mode") is not None:
            parser.parse_punctuation("=")
            properties["round_mode"] = StringAttr(parser.parse_str_literal())
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        position = parser.pos
        function_type = parser.parse_function_type()
        unresolved = [*operands, *preallocated.values()]
        if len(function_type.inputs.data) != len(unresolved):
            parser.raise_error(
                f"expected {len(unresolved)} operand types, got {len(function_type.inputs.data)}",
                position,
                parser.pos,
            )
        values = [
            parser.resolve_operand(operand, operand_type)
            for operand, operand_type in zip(unresolved, function_type.inputs.data, strict=True)
        ]
        resolved = dict(zip(("grad", "input_a", "input_b"), values[: len(operands)], strict=False))
        for index, keyword in enumerate(preallocated):
            resolved[keyword] = values[len(operands) + index]
        op = cls.build(
            operands=[
                [resolved["grad"]],
                [resolved["input_a"]],
                [resolved["input_b"]] if "input_b" in resolved else [],
                [resolved["input_grad"]] if "input_grad" in resolved else [],
                [resolved["other_grad"]] if "other_grad" in resolved else [],
            ],
            result_types=[list(function_type.outputs.data)],
            properties=properties,
            attributes=attributes,
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        main = [self.grad, self.input_a] + ([self.input_b] if self.input_b else [])
        printer.print_list(main, printer.print_operand)
        printer.print_string(")")
        for keyword, value in (("input_grad", self.input_grad), ("other_grad", self.other_grad)):
            if value is not None:
                printer.print_string(f" {keyword}(")
                printer.print_operand(value)
                printer.print_string(")")
        if self.are_required_outputs is not None:
            printer.print_string(
                " are_required_outputs = " + _format_bools(_bool_list(self.are_required_outputs))
            )
        if self.memory_config is not None:
            printer.print_string(" memory_config = ")
            printer.print_attribute(self.memory_config)
        if self.queue_id is not None:
            printer.print_string(f" queue_id = {self.queue_id.value.data}")
        if self.round_mode is not None:
            printer.print_string(" round_mode = ")
            printer.print_string_literal(self.round_mode.data)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type(self.operand_types, self.result_types)


# --------------------------------------------------------------------------------------------
# prepare_conv_weights / prepare_conv_bias
# --------------------------------------------------------------------------------------------


class ConvPrepareOp(TTNNOperation, ABC):
    """Base of `prepare_conv_weights` and `prepare_conv_bias`: the conv parameters they
    share (SPEC §3.1, tt-mlir's names), their verification (SPEC §3.2) and the resolution of
    the prepared layout (SPEC §3.3, via `conv_config.resolve_conv_weights`)."""

    input_memory_config = prop_def(MemoryConfigAttr)
    input_layout = prop_def(LayoutAttr)
    in_channels = prop_def(IntegerAttr[I32])
    out_channels = prop_def(IntegerAttr[I32])
    batch_size = prop_def(IntegerAttr[I32])
    input_height = prop_def(IntegerAttr[I32])
    input_width = prop_def(IntegerAttr[I32])
    kernel_size = prop_def(DenseArrayBase.constr(i32))
    stride = prop_def(DenseArrayBase.constr(i32))
    padding = prop_def(DenseArrayBase.constr(i32))
    dilation = prop_def(DenseArrayBase.constr(i32))
    groups = prop_def(IntegerAttr[I32])
    conv_config = opt_prop_def(Conv2dConfigAttr)
    compute_config = opt_prop_def(DeviceComputeKernelConfigAttr)
    input_dtype = opt_prop_def(DataTypeAttr)
    output_dtype = opt_prop_def(DataTypeAttr)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(
        self,
        source: SSAValue,
        *,
        in_channels: int,
        out_channels: int,
        batch_size: int,
        input_height: int,
        input_width: int,
        kernel_size: Sequence[int],
        stride: Sequence[int] = (1, 1),
        padding: Sequence[int] = (0, 0),
        dilation: Sequence[int] = (1, 1),
        groups: int = 1,
        input_layout: Layout = Layout.TILE,
        input_memory_config: MemoryConfigAttr = DRAM_INTERLEAVED,
        conv_config: Conv2dConfigAttr | None = None,
        compute_config: DeviceComputeKernelConfigAttr | None = None,
        input_dtype: DataType | None = None,
        output_dtype: DataType | None = None,
        result_type: Attribute | None = None,
        grid: tuple[int, int] | None = None,
        extra_properties: dict[str, Attribute] | None = None,
    ):
        """Build the op from plain Python values; without `result_type` the result type is
        inferred (SPEC §3.3) for `grid` (default: the Wormhole 8×8 grid)."""
        properties: dict[str, Attribute | None] = {
            "input_memory_config": input_memory_config,
            "input_layout": LayoutAttr(input_layout),
            "in_channels": IntegerAttr(in_channels, i32),
            "out_channels": IntegerAttr(out_channels, i32),
            "batch_size": IntegerAttr(batch_size, i32),
            "input_height": IntegerAttr(input_height, i32),
            "input_width": IntegerAttr(input_width, i32),
            "kernel_size": DenseArrayBase.from_list(i32, kernel_size),
            "stride": DenseArrayBase.from_list(i32, stride),
            "padding": DenseArrayBase.from_list(i32, padding),
            "dilation": DenseArrayBase.from_list(i32, dilation),
            "groups": IntegerAttr(groups, i32),
            "conv_config": conv_config,
            "compute_config": compute_config,
            "input_dtype": None if input_dtype is None else DataTypeAttr(input_dtype),
            "output_dtype": None if output_dtype is None else DataTypeAttr(output_dtype),
            **(extra_properties or {}),
        }
        super().__init__(
            operands=[source], result_types=[result_type or source.type], properties=properties
        )
        if result_type is None:
            Rewriter.replace_value_with_new_type(self.result, self.inferred_result_type(grid))

    @property
    @abstractmethod
    def source(self) -> SSAValue:
        """The tensor being prepared (the weight or the bias)."""

    @property
    @abstractmethod
    def has_bias_value(self) -> bool: ...

    def conv_parameters(self, grid: tuple[int, int] | None = None) -> resolution.Conv2dParameters:
        """The op's parameters as the pure resolution sees them (after verification), on
        `grid` (default: the enclosing module's `ttnn.grid`)."""
        weight_dtype = tensor_info(self.weight_type()).dtype
        return resolution.Conv2dParameters(
            in_channels=self.in_channels.value.data,
            out_channels=self.out_channels.value.data,
            batch_size=self.batch_size.value.data,
            input_height=self.input_height.value.data,
            input_width=self.input_width.value.data,
            kernel_size=cast(tuple[int, int], tuple(_int_list(self.kernel_size))),
            stride=cast(tuple[int, int], tuple(_int_list(self.stride))),
            padding=resolution.expand_padding(_int_list(self.padding)),
            dilation=cast(tuple[int, int], tuple(_int_list(self.dilation))),
            groups=self.groups.value.data,
            has_bias=self.has_bias_value,
            weight_dtype=weight_dtype,
            input_layout=self.input_layout.data,
            input_memory_config=input_memory_config_of(self.input_memory_config),
            conv_config=conv2d_config_of(self.conv_config),
            fp32_dest_acc_en=bool(
                self.compute_config is not None
                and self.compute_config.bool_field("fp32_dest_acc_en")
            ),
            grid=grid or module_grid(self),
        )

    def weight_type(self) -> Attribute:
        """The type of the OIHW weight the conv uses (prepare_conv_bias has none: it
        stands for a host weight of the same dtype as the bias)."""
        return self.source.type

    def resolve(self, grid: tuple[int, int] | None = None) -> resolution.ConvWeightsPlan:
        """The resolved preparation (SPEC §3.3); raises the op's VerifyException."""
        try:
            return resolution.resolve_conv_weights(self.conv_parameters(grid))
        except resolution.ConvConfigError as error:
            raise self.error(str(error)) from None

    def _verify_conv_parameters(self) -> None:
        """SPEC §3.2's checks of the scalar parameters, with the op's messages."""
        memory = self.input_memory_config
        if memory.is_sharded and not isinstance(memory.shard_spec, ShardSpecAttr):
            # TT-NN reads a sharded input's shard spec (its grid, and its width for the
            # channel alignment of a row-major input).
            raise self.error(
                f"expected the {memory.memory_layout.data.value} input_memory_config to carry "
                "a #ttnn.shard_spec"
            )
        for name in ("in_channels", "out_channels", "batch_size", "input_height", "input_width"):
            value = cast(IntegerAttr, getattr(self, name)).value.data
            if value < 1:
                raise self.error(f"expected {name} to be positive, got {value}")
        groups = self.groups.value.data
        in_channels, out_channels = self.in_channels.value.data, self.out_channels.value.data
        if groups < 1 or in_channels % groups or out_channels % groups:
            raise self.error(
                f"expected groups {groups} to be positive and divide in_channels "
                f"{in_channels} and out_channels {out_channels}"
            )
        for name in ("kernel_size", "stride", "dilation"):
            values = _int_list(cast(DenseArrayBase, getattr(self, name)))
            if len(values) != 2 or min(values) < 1:
                raise self.error(
                    f"expected {name} to have 2 positive values, got {format_shape(values)}"
                )
        padding = _int_list(self.padding)
        if len(padding) not in (2, 4) or min(padding) < 0:
            raise self.error(
                "expected padding to have 2 or 4 non-negative values, got " + format_shape(padding)
            )
        try:
            resolution.validate_parameters(self.conv_parameters())
        except resolution.ConvConfigError as error:
            raise self.error(str(error)) from None

    def _verify_result(self, expected: TensorType[Attribute]) -> None:
        if self.result.type != expected:
            raise self.error(
                f"expected result type {expected} (inferred from the conv parameters), "
                f"got {self.result.type}"
            )

    @abstractmethod
    def inferred_result_type(self, grid: tuple[int, int] | None = None) -> TensorType[Attribute]:
        """The result type TT-NN would give (SPEC §3.3 step 11 and §3.4)."""


def input_memory_config_of(attr: MemoryConfigAttr) -> resolution.InputMemoryConfig:
    """The pure resolution's view of a memory config attribute."""
    shard = attr.shard_spec
    return resolution.InputMemoryConfig(
        buffer_type=attr.buffer_type.data,
        memory_layout=attr.memory_layout.data,
        shard_shape=shard.shard_shape if isinstance(shard, ShardSpecAttr) else None,
        shard_grid=shard.grid_shape if isinstance(shard, ShardSpecAttr) else None,
        shard_orientation=shard.shard_orientation
        if isinstance(shard, ShardSpecAttr)
        else ShardOrientation.ROW_MAJOR,
    )


def conv2d_config_of(attr: Conv2dConfigAttr | None) -> resolution.Conv2dConfig:
    """The pure resolution's view of a `#ttnn.conv2d_config` (absent fields at defaults)."""
    if attr is None:
        return resolution.Conv2dConfig()
    dtype = attr.field("weights_dtype")
    shard_layout = attr.field("shard_layout")
    return resolution.Conv2dConfig(
        weights_dtype=cast(DataTypeAttr, dtype).data if dtype is not None else None,
        shard_layout=cast(TensorMemoryLayoutAttr, shard_layout).data
        if shard_layout is not None
        else None,
        act_block_h_override=attr.int_field("act_block_h_override") or 0,
        act_block_w_div=attr.int_field("act_block_w_div") or 1,
        transpose_shards=bool(attr.bool_field("transpose_shards")),
        full_inner_dim=bool(attr.bool_field("full_inner_dim")),
        enable_activation_reuse=bool(attr.bool_field("enable_activation_reuse")),
        enable_kernel_stride_folding=attr.bool_field("enable_kernel_stride_folding"),
    )


_CONV_PARAMETERS_FORMAT = (
    "${source} `input_memory_config` `=` qualified($input_memory_config)"
    " `input_layout` `=` qualified($input_layout)"
    " {weights_format}"
    " `in_channels` `=` $in_channels `out_channels` `=` $out_channels"
    " `batch_size` `=` $batch_size `input_height` `=` $input_height"
    " `input_width` `=` $input_width `kernel_size` `=` $kernel_size"
    " `stride` `=` $stride `padding` `=` $padding `dilation` `=` $dilation"
    " {has_bias}"
    " `groups` `=` $groups"
    " (`conv_config` `=` qualified($conv_config)^)?"
    " (`compute_config` `=` qualified($compute_config)^)?"
    " (`input_dtype` `=` qualified($input_dtype)^)?"
    " (`output_dtype` `=` qualified($output_dtype)^)?"
    " attr-dict `:` type(${source}) `->` type($result)"
)


@irdl_op_definition
class PrepareConvWeightsOp(ConvPrepareOp):
    """`ttnn.prepare_conv_weights`: turns an OIHW host weight into the tiled device layout
    a TT-NN conv2d with these parameters reads (SPEC §3).

    The resolution (SPEC §3.3, `conv_config.resolve_conv_weights`) picks the weights dtype,
    kernel-stride folding, grouped or depthwise expansion, the shard layout and its core
    counts, the channel padding and the weight block sizes; the result is a TILE tensor in
    DRAM of dtype `weights_dtype`, logical shape [1, 1, Cin·KH·KW, Cout] (after grouping and
    folding, unpadded) and the physical shape of the chosen layout (SPEC §3.6).
    `ttnn-decompose` rewrites it into that chain of layout ops with every parameter explicit.
    """

    name = "ttnn.prepare_conv_weights"

    weight_tensor = operand_def(TensorType)
    weights_format = prop_def(StringAttr)
    has_bias = prop_def(BoolAttr)

    assembly_format = _CONV_PARAMETERS_FORMAT.format(
        weights_format="`weights_format` `=` $weights_format",
        has_bias="`has_bias` `=` $has_bias",
        source="weight_tensor",
    )

    def __init__(
        self,
        weight_tensor: SSAValue,
        *,
        has_bias: bool = False,
        weights_format: str = "OIHW",
        **parameters: Any,
    ):
        """`parameters`: the keywords of `ConvPrepareOp.__init__` (conv parameters, configs,
        an optional `result_type` or the `grid` to infer it on)."""
        super().__init__(
            weight_tensor,
            extra_properties={
                "weights_format": StringAttr(weights_format),
                "has_bias": IntegerAttr.from_bool(has_bias),
            },
            **parameters,
        )

    @property
    def source(self) -> SSAValue:
        return self.weight_tensor

    @property
    def has_bias_value(self) -> bool:
        return bool(self.has_bias.value.data)

    def verify_(self) -> None:
        weight = self.tensor(self.weight_tensor, "weight_tensor")
        if not weight.on_host:
            raise self.error(
                "expected weight_tensor to be a host tensor (no encoding), got "
                f"{self.weight_tensor.type}"
            )
        if weight.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
            raise self.error(
                f"expected weight_tensor of dtype f32 or bf16, got {weight.dtype.value}"
            )
        if len(weight.shape) != 4:
            raise self.error(
                f"expected weight_tensor of rank 4 (OIHW), got rank {len(weight.shape)}"
            )
        if self.weights_format.data != "OIHW":
            raise self.error(f'expected weights_format "OIHW", got "{self.weights_format.data}"')
        self._verify_conv_parameters()
        out_channels, in_channels = self.out_channels.value.data, self.in_channels.value.data
        groups = self.groups.value.data
        if weight.shape[0] != out_channels:
            raise self.error(
                f"expected out_channels {out_channels} to match the weight's dim 0 "
                f"{weight.shape[0]} (shape {format_shape(weight.shape)})"
            )
        if weight.shape[1] != in_channels // groups:
            raise self.error(
                f"expected the weight's dim 1 {weight.shape[1]} to be in_channels / groups = "
                f"{in_channels} / {groups} = {in_channels // groups}"
            )
        kernel = _int_list(self.kernel_size)
        if kernel != list(weight.shape[2:]):
            raise self.error(
                f"expected kernel_size {format_shape(kernel)} to match the weight's kernel "
                f"dims {format_shape(weight.shape[2:])}"
            )
        self._verify_result(self.inferred_result_type())

    def inferred_result_type(self, grid: tuple[int, int] | None = None) -> TensorType[Attribute]:
        plan = self.resolve(grid)
        return tensor_type(
            plan.logical_shape,
            plan.weights_dtype,
            Layout.TILE,
            physical=plan.physical_shape,
        )


@irdl_op_definition
class PrepareConvBiasOp(ConvPrepareOp):
    """`ttnn.prepare_conv_bias`: turns a [1, 1, 1, Cout] host bias into the device layout a
    TT-NN conv2d with these parameters reads (SPEC §3.4): zero-padded to
    [1, 1, 32, round_up(Cout_pad, 32·weight_block_w)] with the values in row 0, TILE, in the
    prepared weight's dtype. Its logical shape stays [1, 1, 1, Cout]."""

    name = "ttnn.prepare_conv_bias"

    bias_tensor = operand_def(TensorType)

    assembly_format = _CONV_PARAMETERS_FORMAT.format(
        weights_format="", has_bias="", source="bias_tensor"
    )

    @property
    def source(self) -> SSAValue:
        return self.bias_tensor

    @property
    def has_bias_value(self) -> bool:
        return True

    def verify_(self) -> None:
        bias = self.tensor(self.bias_tensor, "bias_tensor")
        if not bias.on_host:
            raise self.error(
                "expected bias_tensor to be a host tensor (no encoding), got "
                f"{self.bias_tensor.type}"
            )
        if bias.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
            raise self.error(f"expected bias_tensor of dtype f32 or bf16, got {bias.dtype.value}")
        self._verify_conv_parameters()
        out_channels = self.out_channels.value.data
        if bias.shape != (1, 1, 1, out_channels):
            raise self.error(
                f"expected bias_tensor of shape [1, 1, 1, {out_channels}] (out_channels), "
                f"got {format_shape(bias.shape)}"
            )
        self._verify_result(self.inferred_result_type())

    def inferred_result_type(self, grid: tuple[int, int] | None = None) -> TensorType[Attribute]:
        plan = self.resolve(grid)
        return tensor_type(
            (1, 1, 1, self.out_channels.value.data),
            plan.weights_dtype,
            Layout.TILE,
            physical=plan.bias_physical_shape,
        )


# --------------------------------------------------------------------------------------------
# Conv weight layout ops (SPEC §3.6)
# --------------------------------------------------------------------------------------------


def _property_format(*properties: tuple[str, bool]) -> str:
    """A declarative format `$input key = $key ... attr-dict : type -> type`; optional
    properties (flag True) go in optional groups so an absent one prints nothing."""
    parts = ["$input"]
    for name, optional in properties:
        part = f"`{name}` `=` ${name}"
        parts.append(f"({part}^)?" if optional else part)
    parts.append("attr-dict `:` type($input) `->` type($result)")
    return " ".join(parts)


def _verify_positive(op: TTNNOperation, name: str) -> int:
    value = cast(IntegerAttr, getattr(op, name)).value.data
    if value < 1:
        raise op.error(f"expected {name} to be positive, got {value}")
    return value


class ConvLayoutOp(TTNNOperation, ABC):
    """Base of the conv weight/bias layout ops: one input tensor, one result, both types
    checked against the op's index map (SPEC §3.6). Each result type fixes its dtype; the
    values are converted bit-exactly (bf16 rounding, bfloat8_b packing) as the last step."""

    input = operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    INPUT_RANK: ClassVar[int] = 4

    @abstractmethod
    def expected_result(self, source: TensorInfo) -> TensorType[Attribute]:
        """The result type this op's parameters give for an input of type `source`; the
        result's dtype is taken from the written result (any dtype the layout allows)."""

    def verify_(self) -> None:
        source = self.tensor(self.input, "input")
        if source.layout != Layout.ROW_MAJOR:
            raise self.error(f"expected a row-major input, got {self.input.type}")
        if len(source.shape) != self.INPUT_RANK:
            raise self.error(
                f"expected an input of rank {self.INPUT_RANK}, got {format_shape(source.shape)}"
            )
        if source.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
            raise self.error(f"expected an f32 or bf16 input, got {source.dtype.value}")
        # The parameters first: their messages say more than a mismatching result type.
        expected = self.expected_result(source)
        self.verify_result_form(self.tensor(self.result, "result"))
        if self.result.type != expected:
            raise self.error(f"expected result type {expected}, got {self.result.type}")

    def verify_result_form(self, result: TensorInfo) -> None:
        """Checks of the written result type beyond its equality with the expected one
        (for a clearer message)."""

    def result_dtype(self) -> DataType:
        """The dtype the written result type asks for."""
        element = cast(TensorType[Attribute], self.result.type).element_type
        dtype = data_type_of(element)
        if dtype is None:
            raise self.error(
                f"result: expected element type f32, bf16 or !ttnn.bfp8_b, got {element}"
            )
        return dtype


class ConvWeightsMatrixLayoutOp(ConvLayoutOp, ABC):
    """Base of the layout ops that turn an OIHW weight into a TILE matrix [1, 1, rows, cols]
    (logical [1, 1, I·KH·KW, O]). `padded_in_channels` / `padded_out_channels` (defaults:
    the weight's I and O) give the channel counts the weight is zero-padded to first
    (SPEC §3.3 step 8)."""

    @abstractmethod
    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        """(rows, cols) of the layout for an already channel-padded OIHW weight."""

    def padded_channels(self, weight_shape: Sequence[int]) -> tuple[int, int]:
        """(padded out channels, padded in channels) for an OIHW weight of `weight_shape`;
        the weight's own when not padded."""
        return weight_shape[0], weight_shape[1]

    def expected_result(self, source: TensorInfo) -> TensorType[Attribute]:
        out_channels, in_channels, kernel_height, kernel_width = source.shape
        padded_out, padded_in = self.padded_channels(source.shape)
        rows, cols = self.physical_matrix_shape(padded_out, padded_in, kernel_height, kernel_width)
        return tensor_type(
            (1, 1, in_channels * kernel_height * kernel_width, out_channels),
            self.result_dtype(),
            Layout.TILE,
            physical=(1, 1, rows, cols),
        )

    def verify_result_form(self, result: TensorInfo) -> None:
        if result.layout != Layout.TILE or not result.explicit_physical:
            raise self.error(
                "expected a tile-layout result with its physical shape written "
                f"(physical = 1x1xROWSxCOLS), got {self.result.type}"
            )


class ConvWeightsPaddedMatrixLayoutOp(ConvWeightsMatrixLayoutOp, ABC):
    """A tiled weight layout that zero-pads the channels first."""

    padded_in_channels = opt_prop_def(IntegerAttr[I32])
    padded_out_channels = opt_prop_def(IntegerAttr[I32])

    def padded_channels(self, weight_shape: Sequence[int]) -> tuple[int, int]:
        out_channels, in_channels = weight_shape[0], weight_shape[1]
        padded_out = (
            out_channels
            if self.padded_out_channels is None
            else self.padded_out_channels.value.data
        )
        padded_in = (
            in_channels if self.padded_in_channels is None else self.padded_in_channels.value.data
        )
        if padded_out < out_channels:
            raise self.error(
                f"expected padded_out_channels {padded_out} to be at least the weight's "
                f"{out_channels} output channels"
            )
        if padded_in < in_channels:
            raise self.error(
                f"expected padded_in_channels {padded_in} to be at least the weight's "
                f"{in_channels} input channels"
            )
        return padded_out, padded_in


_PADDING_PROPERTIES = (("padded_in_channels", True), ("padded_out_channels", True))


@irdl_op_definition
class ConvWeightsInterleavedMMLayoutOp(ConvWeightsMatrixLayoutOp):
    """The weight of a conv run as a plain matmul on an interleaved input (SPEC §3.6.1):
    rows = round_up(KH·KW·I, 32), cols = round_up(O, 32),
    `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`.

        %m = ttnn.conv_weights_interleaved_mm_layout %w
             : tensor<64x64x1x1xf32>
             -> tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
    """

    name = "ttnn.conv_weights_interleaved_mm_layout"
    assembly_format = _property_format()

    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        return resolution.interleaved_mm_shape(
            out_channels, in_channels, kernel_height, kernel_width
        )


@irdl_op_definition
class ConvWeightsSpecialPaddingLayoutOp(ConvWeightsPaddedMatrixLayoutOp):
    """The weight of a HEIGHT-sharded conv (SPEC §3.6.2), after zero-padding the channels:
    BH = block_h·32, cols = round_up(O, block_w·32). Without activation reuse each kernel
    row gets its own BH rows, rows = BH·KH, `M[r·BH + s·I + i, o] = W[o, i, r, s]`; with
    reuse, rows = BH, `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`."""

    name = "ttnn.conv_weights_special_padding_layout"
    block_h = prop_def(IntegerAttr[I32])
    block_w = prop_def(IntegerAttr[I32])
    enable_activation_reuse = opt_prop_def(BoolAttr)
    assembly_format = _property_format(
        ("block_h", False),
        ("block_w", False),
        ("enable_activation_reuse", True),
        *_PADDING_PROPERTIES,
    )

    @property
    def activation_reuse(self) -> bool:
        return self.enable_activation_reuse is not None and bool(
            self.enable_activation_reuse.value.data
        )

    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        block_h, block_w = _verify_positive(self, "block_h"), _verify_positive(self, "block_w")
        block_rows = block_h * TILE_SIZE
        needed = in_channels * kernel_width * (kernel_height if self.activation_reuse else 1)
        if needed > block_rows:
            what = "I·KH·KW" if self.activation_reuse else "I·KW"
            raise self.error(
                f"expected block_h·32 = {block_rows} rows to hold {what} = {needed} "
                f"(I = {in_channels} after padding)"
            )
        return resolution.special_padding_shape(
            out_channels,
            in_channels,
            kernel_height,
            kernel_width,
            block_h,
            block_w,
            self.activation_reuse,
        )


@irdl_op_definition
class ConvWeightsTiledLayoutOp(ConvWeightsPaddedMatrixLayoutOp):
    """The weight of a WIDTH-sharded conv (SPEC §3.6.3), after zero-padding the channels:
    rows = round_up(I·KH·KW, block_h·32), cols = round_up(O, block_w·32),
    `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`."""

    name = "ttnn.conv_weights_tiled_layout"
    block_h = prop_def(IntegerAttr[I32])
    block_w = prop_def(IntegerAttr[I32])
    assembly_format = _property_format(("block_h", False), ("block_w", False), *_PADDING_PROPERTIES)

    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        return resolution.tiled_shape(
            out_channels,
            in_channels,
            kernel_height,
            kernel_width,
            _verify_positive(self, "block_h"),
            _verify_positive(self, "block_w"),
        )


@irdl_op_definition
class ConvWeightsBlockShardedLayoutOp(ConvWeightsPaddedMatrixLayoutOp):
    """The weight of a BLOCK-sharded conv (SPEC §3.6.4), after zero-padding the channels:
    the I input channels are split over `in_shards` row blocks and the O output channels
    over `out_shards` column blocks, each padded to whole tiles;
    `M[ic·BHP + rowoff, oc·owp + k] = W[oc·ow + k, ic·iw + c, r, s]` with ow = O/out_shards,
    owp = round_up(ow, 32), iw = I/in_shards, and BHP / rowoff as SPEC §3.6.4 gives for
    `full_inner_dim`. Shards must divide the (padded) channel counts."""

    name = "ttnn.conv_weights_block_sharded_layout"
    in_shards = prop_def(IntegerAttr[I32])
    out_shards = prop_def(IntegerAttr[I32])
    full_inner_dim = opt_prop_def(BoolAttr)
    assembly_format = _property_format(
        ("in_shards", False),
        ("out_shards", False),
        ("full_inner_dim", True),
        *_PADDING_PROPERTIES,
    )

    @property
    def full_inner(self) -> bool:
        return self.full_inner_dim is not None and bool(self.full_inner_dim.value.data)

    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        in_shards = _verify_positive(self, "in_shards")
        out_shards = _verify_positive(self, "out_shards")
        if in_channels % in_shards:
            raise self.error(
                f"expected in_shards {in_shards} to divide the {in_channels} input channels"
            )
        if out_channels % out_shards:
            raise self.error(
                f"expected out_shards {out_shards} to divide the {out_channels} output channels"
            )
        return resolution.block_sharded_shape(
            out_channels,
            in_channels,
            kernel_height,
            kernel_width,
            in_shards,
            out_shards,
            self.full_inner,
        )


class ConvWeightsReshapeOp(ConvLayoutOp, ABC):
    """Base of the layout ops that turn an OIHW host weight into another OIHW host weight
    of the same dtype (grouping, depthwise, kernel-stride folding)."""

    @abstractmethod
    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]: ...

    def expected_result(self, source: TensorInfo) -> TensorType[Attribute]:
        return cast(
            TensorType[Attribute],
            TensorType(
                element_type_for(source.dtype),
                self.result_shape(source.shape),
                cast(TensorType[Attribute], self.input.type).encoding,
            ),
        )


@irdl_op_definition
class ConvWeightsGroupedLayoutOp(ConvWeightsReshapeOp):
    """Expands a grouped weight [O, I/g, KH, KW] into the block-diagonal dense weight
    [O, I, KH, KW] (SPEC §3.6.5): output channel b of group gid = b // (O/g) reads input
    channels gid·(I/g) ... (gid+1)·(I/g) − 1, `out[b, gid·(I/g) + j] = in[b, j]`, the rest
    zero. `groups` must divide O."""

    name = "ttnn.conv_weights_grouped_layout"
    groups = prop_def(IntegerAttr[I32])
    assembly_format = _property_format(("groups", False))

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        groups = _verify_positive(self, "groups")
        if shape[0] % groups:
            raise self.error(f"expected groups {groups} to divide the {shape[0]} output channels")
        return resolution.grouped_shape(shape, groups)


@irdl_op_definition
class ConvWeightsDepthwiseLayoutOp(ConvWeightsReshapeOp):
    """The weight of a 1D depthwise conv (SPEC §3.6.6): [O, 1, KH, KW] →
    [O, KH·KW·A, 1, 1] with A = act_block_h_ntiles·32, each kernel tap (row-major over kh,
    kw) repeated A times: `out[o, p·A + j, 0, 0] = in[o, 0, p // KW, p % KW]`."""

    name = "ttnn.conv_weights_depthwise_layout"
    act_block_h_ntiles = prop_def(IntegerAttr[I32])
    assembly_format = _property_format(("act_block_h_ntiles", False))

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        ntiles = _verify_positive(self, "act_block_h_ntiles")
        if shape[1] != 1:
            raise self.error(
                f"expected a depthwise weight [O, 1, KH, KW], got {format_shape(shape)}"
            )
        return resolution.depthwise_1d_shape(shape, ntiles)


@irdl_op_definition
class ConvWeightsFoldKernelStrideOp(ConvWeightsReshapeOp):
    """Folds the stride into the channels (SPEC §3.6.7): [O, I, KH, KW] →
    [O, I·sH·sW, ceil(KH/sH), ceil(KW/sW)],
    `out[o, ((kh % sH)·sW + kw % sW)·I + i, kh // sH, kw // sW] = in[o, i, kh, kw]`."""

    name = "ttnn.conv_weights_fold_kernel_stride"
    stride = prop_def(DenseArrayBase.constr(i32))
    assembly_format = _property_format(("stride", False))

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        stride = _int_list(self.stride)
        if len(stride) != 2 or min(stride) < 1:
            raise self.error(
                f"expected stride to have 2 positive values, got {format_shape(stride)}"
            )
        return resolution.fold_kernel_stride_shape(shape, (stride[0], stride[1]))


@irdl_op_definition
class ConvBiasLayoutOp(ConvLayoutOp):
    """The bias of a conv (SPEC §3.4): [1, 1, 1, O] → a TILE tensor, logical [1, 1, 1, O],
    physical [1, 1, 32, width] with the values in row 0 and zeros elsewhere. `width` is a
    multiple of 32 and at least O."""

    name = "ttnn.conv_bias_layout"
    width = prop_def(IntegerAttr[I32])
    assembly_format = _property_format(("width", False))

    def expected_result(self, source: TensorInfo) -> TensorType[Attribute]:
        width = _verify_positive(self, "width")
        out_channels = source.shape[3]
        if source.shape[:3] != (1, 1, 1):
            raise self.error(
                f"expected a bias of shape [1, 1, 1, O], got {format_shape(source.shape)}"
            )
        if width % TILE_SIZE or width < out_channels:
            raise self.error(
                f"expected width {width} to be a multiple of 32 of at least {out_channels}"
            )
        return tensor_type(
            source.shape, self.result_dtype(), Layout.TILE, physical=(1, 1, TILE_SIZE, width)
        )


# --------------------------------------------------------------------------------------------
# typecast / to_layout
# --------------------------------------------------------------------------------------------


@irdl_op_definition
class TypecastOp(TTNNOperation):
    """`ttnn.typecast`: the same tensor in another dtype, named by the result type (layout,
    shape, physical shape and memory config unchanged). f32 → bf16 rounds to nearest even
    (SPEC §1.2); → bfloat8_b packs each tile face row with a shared exponent (SPEC §1.3);
    bf16 → bfloat8_b goes through f32 (exact); widening is exact.

        %1 = ttnn.typecast %0 : tensor<64x64xbf16, #ttnn.tensor_layout<tile>>
             -> tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
    """

    name = "ttnn.typecast"
    input = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, input: SSAValue, result_type: Attribute):
        super().__init__(operands=[input], result_types=[result_type])

    def verify_(self) -> None:
        source = self.tensor(self.input, "input")
        result = self.tensor(self.result, "result")
        if source.shape != result.shape:
            raise self.error(
                f"expected the result shape {format_shape(result.shape)} to equal the input "
                f"shape {format_shape(source.shape)}"
            )
        if not same_storage(source, result):
            raise self.error(
                "expected the result to keep the input's layout, physical shape and memory "
                f"config (only the dtype changes): {self.input.type} -> {self.result.type}"
            )


@irdl_op_definition
class ToLayoutOp(TTNNOperation):
    """`ttnn.to_layout`: the same values in another layout, named by the result type —
    tilize (row-major → TILE, zero padding to whole tiles) or untilize (TILE → row-major,
    the logical values). The dtype stays; a result with an explicit physical shape is not
    something to_layout makes.

        %1 = ttnn.to_layout %0 : tensor<40x50xbf16> -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
    """

    name = "ttnn.to_layout"
    input = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, input: SSAValue, result_type: Attribute):
        super().__init__(operands=[input], result_types=[result_type])

    def verify_(self) -> None:
        source = self.tensor(self.input, "input")
        result = self.tensor(self.result, "result")
        if source.shape != result.shape:
            raise self.error(
                f"expected the result shape {format_shape(result.shape)} to equal the input "
                f"shape {format_shape(source.shape)}"
            )
        if source.dtype != result.dtype:
            raise self.error(
                f"expected the result dtype {result.dtype.value} to equal the input dtype "
                f"{source.dtype.value} (ttnn.typecast changes dtypes)"
            )
        if result.explicit_physical:
            raise self.error(f"cannot produce an explicit physical shape, got {self.result.type}")


TTNN = Dialect(
    "ttnn",
    [
        AssignBwOp,
        PrepareConvWeightsOp,
        PrepareConvBiasOp,
        ConvWeightsInterleavedMMLayoutOp,
        ConvWeightsSpecialPaddingLayoutOp,
        ConvWeightsTiledLayoutOp,
        ConvWeightsBlockShardedLayoutOp,
        ConvWeightsGroupedLayoutOp,
        ConvWeightsDepthwiseLayoutOp,
        ConvWeightsFoldKernelStrideOp,
        ConvBiasLayoutOp,
        TypecastOp,
        ToLayoutOp,
    ],
    [
        BFloat8BType,
        LayoutAttr,
        BufferTypeAttr,
        TensorMemoryLayoutAttr,
        ShardOrientationAttr,
        DataTypeAttr,
        MathFidelityAttr,
        ShardSpecAttr,
        Conv2dConfigAttr,
        DeviceComputeKernelConfigAttr,
        MemoryConfigAttr,
        TensorLayoutAttr,
    ],
)
"""The ttnn dialect."""

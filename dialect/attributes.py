"""The ttnn dialect's attributes, in tt-mlir's spellings:

    #ttnn.layout<tile>   #ttnn.buffer_type<l1>   #ttnn.tensor_memory_layout<height_sharded>
    #ttnn.shard_orientation<row_major>   #ttnn.data_type<bfp8_b>   #ttnn.math_fidelity<hifi4>
    #ttnn.shard_spec<grid = 8x8, shape = 64x64, orientation = row_major>
    #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, ...>
    #ttnn.device_compute_kernel_config<math_fidelity = hifi4, fp32_dest_acc_en = false, ...>
    #ttnn.memory_config<#ttnn.buffer_type<l1>, <height_sharded>, #ttnn.shard_spec<...>>
    #ttnn.tensor_layout<tile, #ttnn.memory_config<...>, physical = 1x1x96x32>

and the names of the attributes the project attaches to modules and functions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    IntAttr,
    IntegerAttr,
    NoneAttr,
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
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ttnn_xdsl.dialect.enums import (
    BufferType,
    DataType,
    Layout,
    MathFidelity,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.dialect.shapes import TILE_SIZE

DEFAULT_GRID = (8, 8)
"""The compute grid (x, y) of a Wormhole n150, used when the module has no `ttnn.grid`."""

GRID_ATTRIBUTE = "ttnn.grid"
"""The module attribute holding the device compute grid, `array<i32: X, Y>`."""

TENSOR_ATTRIBUTE = "ttnn.tensor"
"""The argument/result attribute of a bufferized function recording the tensor type each
memref stands for: `convert-ttnn-to-tiles` writes it, the runtime reads it to convert values
at the boundary."""


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
    (semantics.md §3.1), each optional. `weights_dtype` defaults to the weight's dtype,
    `shard_layout` is chosen by the resolution (semantics.md §3.3 step 5), `act_block_h_override` 0,
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
    `fp32_dest_acc_en` can change prepared weights (the sub-block choice, semantics.md §3.5)."""

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



"""The part of tt-mlir's `ttcore` dialect that tt-mlir's TTNN IR needs around conv weights:

    #ttcore.supportedDataTypes<bf16>     a data type, as tt-mlir spells it
    !ttcore.tile<32x32, bfp_bf8>         the element type of a tiled memref in a layout
    ttcore.load_cached(@f_const_eval_0, [%w]) : (…) -> …    a cached const-eval call
    ttcore.device_module { builtin.module { … } }          what tt-mlir's pipelines wrap
    ttcore.cpu_module { … }                                   code around
    ttcore.device @default_device = <workerGrid = #ttcore.grid<8x8, …>, …>    the device

tt-mlir spells data types its own way (`bfp_bf8` where TT-NN and this project write
`bfp8_b`) and has more of them than TT-NN's conv preparation accepts; both attributes
parse every tt-mlir spelling, and `data_type_of_ttcore` / `ttcore_data_type` translate the
ones this project computes with. The four ops are here for their custom syntax, which
tt-mlir prints and an unregistered op could not be read in; the project never runs them
(`ttcore.device` also tells `import-tt-mlir` the device's worker grid). Every other `ttcore`
construct (`#ttcore.argument_type`, the system descriptor, …) passes through unregistered
(`dialect/context.py`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

from xdsl.dialects import func
from xdsl.dialects.builtin import FlatSymbolRefAttrConstr, IntAttr, StringAttr, TensorType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Dialect, Operation, ParametrizedAttribute, Region, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    param_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import NoTerminator, SymbolOpInterface, SymbolTable, SymbolUserOpInterface
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ttnn_xdsl.core.enums import DataType

__all__ = [
    "TTCORE",
    "CPUModuleOp",
    "DeviceAttr",
    "DeviceModuleOp",
    "DeviceOp",
    "LoadCachedOp",
    "SupportedDataTypesAttr",
    "TTCoreDataType",
    "TTCoreTileType",
    "data_type_of_ttcore",
    "ttcore_data_type",
]


class TTCoreDataType(StrEnum):
    """tt-mlir's data types (`TTCore_DataType`), spelled as in its IR."""

    FLOAT32 = "f32"
    FLOAT16 = "f16"
    BFLOAT16 = "bf16"
    BFP_FLOAT8 = "bfp_f8"
    BFP_BFLOAT8 = "bfp_bf8"
    BFP_FLOAT4 = "bfp_f4"
    BFP_BFLOAT4 = "bfp_bf4"
    BFP_FLOAT2 = "bfp_f2"
    BFP_BFLOAT2 = "bfp_bf2"
    UINT32 = "u32"
    UINT16 = "u16"
    UINT8 = "u8"
    INT32 = "si32"
    BOOL = "i1"


_TO_DATA_TYPE: dict[TTCoreDataType, DataType] = {
    TTCoreDataType.FLOAT32: DataType.FLOAT32,
    TTCoreDataType.BFLOAT16: DataType.BFLOAT16,
    TTCoreDataType.BFP_BFLOAT8: DataType.BFLOAT8_B,
}
_FROM_DATA_TYPE = {value: key for key, value in _TO_DATA_TYPE.items()}


def data_type_of_ttcore(dtype: TTCoreDataType) -> DataType | None:
    """The project's data type for a tt-mlir one (`bfp_bf8` is `bfp8_b`), None when the
    project does not compute with it (f16, the other block floats, integers)."""
    return _TO_DATA_TYPE.get(dtype)


def ttcore_data_type(dtype: DataType) -> TTCoreDataType:
    """tt-mlir's spelling of one of the project's data types."""
    return _FROM_DATA_TYPE[dtype]


@irdl_attr_definition
class SupportedDataTypesAttr(EnumAttribute[TTCoreDataType]):
    """`#ttcore.supportedDataTypes<bf16>`: a tt-mlir data type (the `input_dtype` and
    `output_dtype` of tt-mlir's prepare ops; inside `#ttnn.conv2d_config` a
    `weights_dtype` written in tt-mlir's spelling keeps it with this attribute)."""

    name = "ttcore.supportedDataTypes"

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> TTCoreDataType:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(TTCoreDataType)


@irdl_attr_definition
class TTCoreTileType(ParametrizedAttribute, TypeAttribute):
    """`!ttcore.tile<32x32, bf16>`: the element type of the memref inside a tt-mlir tiled
    layout (`#ttnn.ttnn_layout<…, memref<18x2x!ttcore.tile<32x32, bf16>, #dram>, …>`), one
    tile of the given height × width and tt-mlir data type."""

    name = "ttcore.tile"
    height: IntAttr = param_def(converter=IntAttr.get)
    width: IntAttr = param_def(converter=IntAttr.get)
    data_type: SupportedDataTypesAttr

    def __init__(self, height: int, width: int, data_type: TTCoreDataType):
        super().__init__(IntAttr(height), IntAttr(width), SupportedDataTypesAttr(data_type))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            height = parser.parse_shape_dimension(allow_dynamic=False)
            parser.parse_shape_delimiter()
            width = parser.parse_shape_dimension(allow_dynamic=False)
            parser.parse_punctuation(",")
            data_type = parser.parse_str_enum(TTCoreDataType)
        return IntAttr(height), IntAttr(width), SupportedDataTypesAttr(data_type)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(
                f"{self.height.data}x{self.width.data}, {self.data_type.data.value}"
            )

    @property
    def dtype(self) -> TTCoreDataType:
        return cast(TTCoreDataType, self.data_type.data)

    def verify(self) -> None:
        if self.height.data < 1 or self.width.data < 1:
            raise VerifyException(
                f"!ttcore.tile expected a positive shape, got {self.height.data}x{self.width.data}"
            )


class _LoadCachedCallee(SymbolUserOpInterface):
    """tt-mlir's rule for `ttcore.load_cached` (`LoadCachedOp::verify`): the callee is a
    function of the nearest symbol table, taking as many tensors as the op passes and
    returning as many as the op has results. The types are not compared: the import retypes
    a const-eval function's signature (its prepared weights gain their physical shape)
    before the op becomes a `func.call` typed as the callee returns."""

    def verify(self, op: Operation) -> None:
        assert isinstance(op, LoadCachedOp)
        callee = SymbolTable.lookup_symbol(op, op.callee)
        if not isinstance(callee, func.FuncOp):
            raise VerifyException(f"'{op.callee}' does not reference a function")
        signature = callee.function_type
        for what, expected, got in (
            ("operands", len(signature.inputs), len(op.inputs)),
            ("results", len(signature.outputs), len(op.outputs)),
        ):
            if expected != got:
                raise VerifyException(
                    f"incorrect number of {what} for callee {op.callee}: "
                    f"expected {expected}, got {got}"
                )


@irdl_op_definition
class LoadCachedOp(IRDLOperation):
    """`ttcore.load_cached(@f_const_eval_0, [%w, %b]) : (…) -> (…)`: the results of the
    const-eval function `@f_const_eval_0` on the inputs, computed once and cached by
    tt-mlir's runtime. The callee is a function of the module that takes as many tensors as
    the op passes and returns as many as the op has results."""

    name = "ttcore.load_cached"
    callee = prop_def(FlatSymbolRefAttrConstr)
    inputs = var_operand_def(TensorType)
    outputs = var_result_def(TensorType)
    traits = traits_def(_LoadCachedCallee())

    assembly_format = (
        "`(` $callee `,` `[` $inputs `]` `)` attr-dict `:` functional-type($inputs, $outputs)"
    )


@irdl_op_definition
class DeviceModuleOp(IRDLOperation):
    """`ttcore.device_module { builtin.module { … } }`: the device code of a tt-mlir module."""

    name = "ttcore.device_module"
    body = region_def("single_block")
    traits = traits_def(NoTerminator())
    assembly_format = "attr-dict-with-keyword $body"

    def __init__(self, body: Region):
        super().__init__(regions=[body])


@irdl_op_definition
class CPUModuleOp(IRDLOperation):
    """`ttcore.cpu_module { … }`: the host code of a tt-mlir module."""

    name = "ttcore.cpu_module"
    body = region_def("single_block")
    traits = traits_def(NoTerminator())
    assembly_format = "attr-dict-with-keyword $body"


_WORKER_GRID = re.compile(r"workerGrid\s*=\s*#ttcore\.grid<(\d+)x(\d+)")


@irdl_attr_definition
class DeviceAttr(ParametrizedAttribute):
    """`#ttcore.device<workerGrid = #ttcore.grid<8x8, …>, l1Map = …, …>`: tt-mlir's
    description of a device, kept as the text tt-mlir wrote; `worker_grid` reads its
    worker grid."""

    name = "ttcore.device"
    body: StringAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return (StringAttr(parser._parse_dialect_symbol_body()),)  # pyright: ignore[reportPrivateUsage]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.body.data}>")

    @property
    def worker_grid(self) -> tuple[int, int] | None:
        """The worker grid as (x, y) cores — tt-mlir writes it rows x columns, `<YxX>` —
        or None when the description has none."""
        match = _WORKER_GRID.search(self.body.data)
        if match is None:
            return None
        rows, columns = int(match.group(1)), int(match.group(2))
        return columns, rows


@irdl_op_definition
class DeviceOp(IRDLOperation):
    """`ttcore.device @default_device = <workerGrid = …, …>`: the device a tt-mlir module's
    functions run on."""

    name = "ttcore.device"
    sym_name = prop_def(StringAttr)
    device_attr = prop_def(DeviceAttr)
    traits = traits_def(SymbolOpInterface())

    @classmethod
    def parse(cls, parser: Parser) -> DeviceOp:
        name = parser.parse_symbol_name()
        parser.parse_punctuation("=")
        device = DeviceAttr.new(DeviceAttr.parse_parameters(parser))
        attributes = parser.parse_optional_attr_dict()
        properties: dict[str, Attribute] = {"sym_name": name, "device_attr": device}
        return cls.create(properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" = ")
        self.device_attr.print_parameters(printer)
        if self.attributes:
            printer.print_op_attributes(self.attributes)


TTCORE = Dialect(
    "ttcore",
    [LoadCachedOp, DeviceModuleOp, CPUModuleOp, DeviceOp],
    [SupportedDataTypesAttr, TTCoreTileType, DeviceAttr],
)
"""The ttcore constructs the project reads (see the module doc)."""

"""tt-mlir's own TTNN constructs around conv weights, as tt-mlir writes them:

    !ttnn.device                                          a (sub)mesh of devices
    %d = "ttnn.get_device"() <{mesh_shape = #ttnn<mesh_shape 1x1>}> : () -> !ttnn.device
    "ttnn.prepare_conv2d_weights"(%w, %d) <{…, input_tensor_layout = #ttnn.layout<tile>,
        input_dtype = #ttcore.supportedDataTypes<bf16>, conv2d_config = …}> : (…) -> …
    "ttnn.prepare_conv2d_bias"(%b, %d) <{…}> : (…) -> …
    #ttnn.ttnn_layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 3 + d2, d3), <1x1>,
                      memref<12288x3xbf16, #system_memory>>      a tensor's layout

These classes read and print tt-mlir's IR; they do not compute. `import-tt-mlir` turns
the prepare ops into the project's `ttnn.prepare_conv_weights` / `prepare_conv_bias` (which
verify and resolve), `export-tt-mlir` writes them back. tt-mlir's other ops (`ttnn.conv2d`,
`ttnn.reshape`, …) are not modelled: they parse as unregistered ops and pass through
(`dialect/context.py`); `foreign_op_name` tells both kinds apart from the project's ops.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    BoolAttr,
    IntAttr,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    StringAttr,
    TensorType,
    UnregisteredOp,
)
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    result_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.mlir_lexer import MLIRTokenKind

from ttnn_xdsl.core.enums import BufferType, TensorMemoryLayout
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div
from ttnn_xdsl.dialect.attributes import BufferTypeAttr, TensorMemoryLayoutAttr
from ttnn_xdsl.dialect.keyword_properties import OpProperty, property_definitions
from ttnn_xdsl.dialect.prepare_op_properties import (
    CONV2D_BIAS_PROPERTIES,
    CONV2D_WEIGHTS_PROPERTIES,
    CONV_TRANSPOSE2D_BIAS_PROPERTIES,
    CONV_TRANSPOSE2D_WEIGHTS_PROPERTIES,
)
from ttnn_xdsl.dialect.tt_mlir_attributes import (
    CoreRangeSetAttr,
    MeshOffsetAttr,
    MeshShapeAttr,
    parse_core_range_set_body,
)
from ttnn_xdsl.dialect.ttcore import (
    CPUModuleOp,
    DeviceModuleOp,
    DeviceOp,
    LoadCachedOp,
    TTCoreDataType,
    TTCoreTileType,
)

__all__ = [
    "TT_MLIR_OPS",
    "TT_MLIR_PREPARE_OPS",
    "TT_MLIR_SHARED_NAME_OPS",
    "DeviceType",
    "GetDeviceOp",
    "PrepareConv2dBiasOp",
    "PrepareConv2dWeightsOp",
    "TTMLIRPrepareConvTranspose2dBiasOp",
    "TTMLIRPrepareConvTranspose2dWeightsOp",
    "TTMLIRPrepareOp",
    "TTNNLayoutAttr",
    "collapsed_map",
    "foreign_op_name",
]


@irdl_attr_definition
class DeviceType(ParametrizedAttribute, TypeAttribute):
    """`!ttnn.device`: the device (or submesh of devices) tt-mlir's ops run on."""

    name = "ttnn.device"


# --------------------------------------------------------------------------------------------
# #ttnn.ttnn_layout
# --------------------------------------------------------------------------------------------


def collapsed_map(shape: Sequence[int]) -> AffineMap:
    """tt-mlir's default linear map of a tensor onto 2D: every dim but the last collapsed
    into rows, `(d0, …, dN) -> (d0 * s1⋯sN-1 + … + dN-1, dN)` (the coefficients are the
    row strides, 1 left out)."""
    rank = len(shape)
    dims = [AffineExpr.dimension(index) for index in range(rank)]
    rows: AffineExpr | None = None
    for index in range(rank - 1):
        stride = 1
        for size in shape[index + 1 : rank - 1]:
            stride *= size
        term = dims[index] * stride
        rows = term if rows is None else rows + term
    if rows is None:
        return AffineMap(rank, 0, tuple(dims))
    return AffineMap(rank, 0, (rows, dims[rank - 1]))


@irdl_attr_definition
class TTNNLayoutAttr(ParametrizedAttribute):
    """`#ttnn.ttnn_layout<MAP, <RxC>, [mesh = M,] memref<…>[, <mem_layout>]
    [, core_ranges = <[…]>][, ignorePhysicalLayout = true]>`: tt-mlir's encoding of a
    tensor type. MAP folds the tensor onto 2D, `<RxC>` is the grid it is spread over (rows ×
    columns, 1x1 for DRAM and host tensors), the memref one grid cell's share with its
    element type (a scalar type for row-major data, `!ttcore.tile<32x32, DT>` for tiles) and
    its buffer type as memory space (`#ttnn.buffer_type<system_memory>` for a host tensor)."""

    name = "ttnn.ttnn_layout"
    linear: AffineMapAttr
    grid: ArrayAttr[IntAttr]
    mesh: Attribute
    """tt-mlir's tensor mesh: its name (`mesh = <"name">`, kept as a string) or an attribute;
    NoneAttr when absent."""
    memref: MemRefType
    mem_layout: TensorMemoryLayoutAttr | NoneAttr
    core_ranges: CoreRangeSetAttr | NoneAttr
    ignore_physical_layout: BoolAttr | NoneAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        mesh: Attribute = NoneAttr()
        mem_layout: Attribute = NoneAttr()
        core_ranges: Attribute = NoneAttr()
        ignore: Attribute = NoneAttr()
        with parser.in_angle_brackets():
            start = parser.pos
            try:
                linear = AffineMapAttr(parser.parse_affine_map())
            except NotImplementedError as error:
                # xDSL's affine expressions are affine only (d0 * d0 is refused this way).
                parser.raise_error(f"the layout's map is not affine ({error})", start, parser.pos)
            parser.parse_punctuation(",")
            with parser.in_angle_brackets():
                grid = parser.parse_dimension_list()
            parser.parse_punctuation(",")
            if parser.parse_optional_keyword("mesh") is not None:
                parser.parse_punctuation("=")
                if parser.parse_optional_punctuation("<") is not None:
                    mesh = StringAttr(parser.parse_str_literal())
                    parser.parse_punctuation(">")
                else:
                    mesh = parser.parse_attribute()
                parser.parse_punctuation(",")
            position = parser.pos
            memref = parser.parse_type()
            if not isinstance(memref, MemRefType):
                parser.raise_error("#ttnn.ttnn_layout expected a memref type", position, parser.pos)
            while parser.parse_optional_punctuation(",") is not None:
                position = parser.pos
                if parser.parse_optional_keyword("core_ranges") is not None:
                    parser.parse_punctuation("=")
                    if parser._current_token.kind == MLIRTokenKind.LESS:  # pyright: ignore[reportPrivateUsage]
                        core_ranges = CoreRangeSetAttr(parse_core_range_set_body(parser))
                    else:
                        core_ranges = parser.parse_attribute()
                elif parser.parse_optional_keyword("ignorePhysicalLayout") is not None:
                    parser.parse_punctuation("=")
                    ignore = IntegerAttr.from_bool(parser.parse_boolean())
                elif parser.parse_optional_punctuation("<") is not None:
                    mem_layout = TensorMemoryLayoutAttr(parser.parse_str_enum(TensorMemoryLayout))
                    parser.parse_punctuation(">")
                else:
                    mem_layout = parser.parse_attribute()
                if not isinstance(mem_layout, TensorMemoryLayoutAttr | NoneAttr) or not (
                    isinstance(core_ranges, CoreRangeSetAttr | NoneAttr)
                ):
                    parser.raise_error(
                        "#ttnn.ttnn_layout expected a memory layout (<interleaved>, …), "
                        "'core_ranges = <[…]>' or 'ignorePhysicalLayout = true'",
                        position,
                        parser.pos,
                    )
        return (
            linear,
            ArrayAttr([IntAttr(d) for d in grid]),
            mesh,
            memref,
            mem_layout,
            core_ranges,
            ignore,
        )

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(str(self.linear.data) + ", <")
            printer.print_dimension_list([d.data for d in self.grid.data])
            printer.print_string(">, ")
            if isinstance(self.mesh, StringAttr):
                printer.print_string("mesh = <")
                printer.print_string_literal(self.mesh.data)
                printer.print_string(">, ")
            elif not isinstance(self.mesh, NoneAttr):
                printer.print_string("mesh = ")
                printer.print_attribute(self.mesh)
                printer.print_string(", ")
            printer.print_attribute(self.memref)
            if isinstance(self.mem_layout, TensorMemoryLayoutAttr):
                printer.print_string(f", <{self.mem_layout.data.value}>")
            if isinstance(self.core_ranges, CoreRangeSetAttr):
                printer.print_string(", core_ranges = ")
                printer.print_attribute(self.core_ranges)
            if isinstance(self.ignore_physical_layout, IntegerAttr):
                value = "true" if self.ignore_physical_layout.value.data else "false"
                printer.print_string(f", ignorePhysicalLayout = {value}")

    @staticmethod
    def build(
        shape: Sequence[int],
        memref: MemRefType[Attribute],
        mem_layout: TensorMemoryLayout | None = None,
    ) -> TTNNLayoutAttr:
        """The layout of a tensor of `shape` with tt-mlir's collapsed map on a 1x1 grid."""
        return TTNNLayoutAttr.new(
            [
                AffineMapAttr(collapsed_map(shape)),
                ArrayAttr([IntAttr(1), IntAttr(1)]),
                NoneAttr(),
                memref,
                NoneAttr() if mem_layout is None else TensorMemoryLayoutAttr(mem_layout),
                NoneAttr(),
                NoneAttr(),
            ]
        )

    @staticmethod
    def host(shape: Sequence[int], element_type: Attribute) -> TTNNLayoutAttr:
        """A row-major host tensor: `memref<ROWSxCOLSxT, #system_memory>` (rows = the
        product of all dims but the last)."""
        rows = 1
        for size in shape[:-1]:
            rows *= size
        memref = MemRefType(
            element_type, [rows, shape[-1]], memory_space=BufferTypeAttr(BufferType.SYSTEM_MEMORY)
        )
        return TTNNLayoutAttr.build(shape, memref)

    @staticmethod
    def dram_tiles(shape: Sequence[int], data_type: TTCoreDataType) -> TTNNLayoutAttr:
        """A TILE tensor interleaved in DRAM, its tiles counted from `shape`:
        `memref<⌈ROWS/32⌉x⌈COLS/32⌉x!ttcore.tile<32x32, DT>, #dram>, <interleaved>`."""
        rows = 1
        for size in shape[:-1]:
            rows *= size
        memref = MemRefType(
            TTCoreTileType(TILE_SIZE, TILE_SIZE, data_type),
            [ceil_div(rows, TILE_SIZE), ceil_div(shape[-1], TILE_SIZE)],
            memory_space=BufferTypeAttr(BufferType.DRAM),
        )
        return TTNNLayoutAttr.build(shape, memref, TensorMemoryLayout.INTERLEAVED)

    @property
    def buffer_type(self) -> BufferType | None:
        """The memref's buffer type, None when it names none."""
        space = self.memref.memory_space
        return space.data if isinstance(space, BufferTypeAttr) else None

    @property
    def tiled(self) -> bool:
        return isinstance(self.memref.element_type, TTCoreTileType)


# --------------------------------------------------------------------------------------------
# Operations
# --------------------------------------------------------------------------------------------


@irdl_op_definition
class GetDeviceOp(IRDLOperation):
    """`ttnn.get_device`: the device (submesh `mesh_shape` at `mesh_offset`) that tt-mlir's
    ops run on; tt-mlir's prepare ops take it as their last operand."""

    name = "ttnn.get_device"
    mesh_shape = opt_prop_def(MeshShapeAttr)
    mesh_offset = opt_prop_def(MeshOffsetAttr)
    device = result_def(DeviceType)

    def __init__(self, mesh_shape: tuple[int, int] = (1, 1)):
        super().__init__(
            result_types=[DeviceType()],
            properties={"mesh_shape": MeshShapeAttr(*mesh_shape)},
        )


class TTMLIRPrepareOp(IRDLOperation):
    """tt-mlir's conv preparation ops: the project's properties under tt-mlir's names and
    kinds (one declaration, `prepare_op_properties`), a device operand, and a stray `dtype`
    key some tt-mlir tests write (it means nothing and import drops it)."""

    device = operand_def(DeviceType)
    dtype = opt_prop_def(Attribute)
    result = result_def(TensorType)

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = ()
    """The project op's declaration these ops spell in tt-mlir's way."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "PROPERTIES" in cls.__dict__:
            for name, definition in property_definitions(cls.PROPERTIES, tt_mlir=True).items():
                setattr(cls, name, definition)

    @property
    def source(self) -> SSAValue:
        """The host tensor being prepared (the weight or the bias)."""
        return self.operands[0]


@irdl_op_definition
class PrepareConv2dWeightsOp(TTMLIRPrepareOp):
    """tt-mlir's `ttnn.prepare_conv2d_weights` (the project's `ttnn.prepare_conv_weights`
    with a device operand and tt-mlir's property names); `import-tt-mlir` turns it into the
    project's op, which checks and sizes it."""

    name = "ttnn.prepare_conv2d_weights"
    weight_tensor = operand_def(TensorType)
    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV2D_WEIGHTS_PROPERTIES


@irdl_op_definition
class PrepareConv2dBiasOp(TTMLIRPrepareOp):
    """tt-mlir's `ttnn.prepare_conv2d_bias` (the project's `ttnn.prepare_conv_bias` with a
    device operand and tt-mlir's property names)."""

    name = "ttnn.prepare_conv2d_bias"
    bias_tensor = operand_def(TensorType)
    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV2D_BIAS_PROPERTIES


@irdl_op_definition
class TTMLIRPrepareConvTranspose2dWeightsOp(TTMLIRPrepareOp):
    """tt-mlir's `ttnn.prepare_conv_transpose2d_weights` (the project's op of the same name
    with a device operand and tt-mlir's property names). The two share a name: the parser
    tells them apart by the device operand, tt-mlir's property names and its
    `#ttnn.ttnn_layout` tensors (`TT_MLIR_SHARED_NAME_OPS`)."""

    name = "ttnn.prepare_conv_transpose2d_weights"
    weight_tensor = operand_def(TensorType)
    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV_TRANSPOSE2D_WEIGHTS_PROPERTIES


@irdl_op_definition
class TTMLIRPrepareConvTranspose2dBiasOp(TTMLIRPrepareOp):
    """tt-mlir's `ttnn.prepare_conv_transpose2d_bias` (the project's op of the same name with a
    device operand and tt-mlir's property names; told apart as the weights op is)."""

    name = "ttnn.prepare_conv_transpose2d_bias"
    bias_tensor = operand_def(TensorType)
    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV_TRANSPOSE2D_BIAS_PROPERTIES


TT_MLIR_PREPARE_OPS: tuple[type[TTMLIRPrepareOp], ...] = (
    PrepareConv2dWeightsOp,
    PrepareConv2dBiasOp,
    TTMLIRPrepareConvTranspose2dWeightsOp,
    TTMLIRPrepareConvTranspose2dBiasOp,
)
"""tt-mlir's prepare ops, which `import-tt-mlir` turns into the project's."""

TT_MLIR_SHARED_NAME_OPS: dict[str, type[TTMLIRPrepareOp]] = {
    op.name: op
    for op in (TTMLIRPrepareConvTranspose2dWeightsOp, TTMLIRPrepareConvTranspose2dBiasOp)
}
"""tt-mlir's ops modelled under a name the project's own ops also have: the dialect
registers the project's; the parser makes tt-mlir's from a generic form written tt-mlir's
way (`frontend.diagnostics`)."""

TT_MLIR_OPS: tuple[type[Operation], ...] = (
    GetDeviceOp,
    *TT_MLIR_PREPARE_OPS,
    LoadCachedOp,
    DeviceModuleOp,
    CPUModuleOp,
    DeviceOp,
)
"""tt-mlir's ops the project reads but never runs (`import-tt-mlir` replaces the prepare ops
and the devices only they use)."""


def foreign_op_name(op: Operation) -> str | None:
    """The name of a tt-mlir op the project does not run — an unregistered pass-through op
    (`ttnn.conv2d`, `ttcore.load_cached`, …) or one of `TT_MLIR_OPS` — else None."""
    if isinstance(op, UnregisteredOp):
        return op.op_name.data
    if isinstance(op, TT_MLIR_OPS):
        return op.name
    return None


def mesh_shape_of(op: GetDeviceOp) -> tuple[int, int]:
    """The device mesh of a `ttnn.get_device`: its `mesh_shape`, 1x1 when absent."""
    return (1, 1) if op.mesh_shape is None else op.mesh_shape.shape


def mesh_offset_of(op: GetDeviceOp) -> tuple[int, int]:
    return (0, 0) if op.mesh_offset is None else op.mesh_offset.shape


def layout_of(tensor: Attribute) -> TTNNLayoutAttr | None:
    """The `#ttnn.ttnn_layout` of a tensor type, None when it has none."""
    if isinstance(tensor, TensorType):
        encoding = cast(TensorType[Attribute], tensor).encoding
        if isinstance(encoding, TTNNLayoutAttr):
            return encoding
    return None

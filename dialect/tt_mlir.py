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

import math
from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    BoolAttr,
    DenseArrayBase,
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
    prop_def,
    result_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind

from ttnn_xdsl.core.enums import BufferType, DataType, Layout, TensorMemoryLayout
from ttnn_xdsl.core.errors import TensorTypeError, format_location
from ttnn_xdsl.core.shapes import TILE_SIZE, ceil_div, format_shape
from ttnn_xdsl.dialect.attributes import (
    BufferTypeAttr,
    MemoryConfigAttr,
    TensorLayoutAttr,
    TensorMemoryLayoutAttr,
)
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
    data_type_of_ttcore,
)
from ttnn_xdsl.dialect.types import data_type_of, element_type_for

__all__ = [
    "IMPORT_TT_MLIR_CONV2D_PIPELINE",
    "TT_MLIR_CONV2D",
    "TT_MLIR_CONV_TRANSPOSE2D",
    "TT_MLIR_OPS",
    "TT_MLIR_PREPARE_OPS",
    "TT_MLIR_RUNNABLE_OPS",
    "TT_MLIR_SHARED_NAME_OPS",
    "DeallocateOp",
    "DeviceType",
    "FromDeviceOp",
    "GetDeviceOp",
    "PermuteOp",
    "PrepareConv2dBiasOp",
    "PrepareConv2dWeightsOp",
    "ReshapeOp",
    "TTMLIRPrepareConvTranspose2dBiasOp",
    "TTMLIRPrepareConvTranspose2dWeightsOp",
    "TTMLIRPrepareOp",
    "TTMLIRTensorOp",
    "TTMLIRToLayoutOp",
    "TTMLIRTypecastOp",
    "TTNNLayoutAttr",
    "ToDeviceOp",
    "ToDtypeOp",
    "ToMemoryConfigOp",
    "collapsed_map",
    "foreign_op_name",
    "is_tt_mlir_conv",
    "project_tensor_type",
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
    """`#ttnn.ttnn_layout<MAP, <RxC[, GRID_MAP]>, [mesh = M,] memref<…>[, <mem_layout>]
    [, core_ranges = <[…]>][, ignorePhysicalLayout = true]>`: tt-mlir's encoding of a
    tensor type. MAP folds the tensor onto 2D, `<RxC>` is the grid it is spread over (rows ×
    columns, 1x1 for DRAM and host tensors), the memref one grid cell's share with its
    element type (a scalar type for row-major data, `!ttcore.tile<32x32, DT>` for tiles) and
    its buffer type as memory space (`#ttnn.buffer_type<system_memory>` for a host tensor)."""

    name = "ttnn.ttnn_layout"
    linear: AffineMapAttr
    grid: ArrayAttr[IntAttr]
    grid_map: AffineMapAttr | NoneAttr
    """The map tt-mlir wrote after the grid until late 2025 (`<7x8, (d0, d1) -> (0, d0,
    d1)>`, the virtual-to-physical core map), kept to print back; NoneAttr when absent."""
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
        grid_map: Attribute = NoneAttr()
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
                if parser.parse_optional_punctuation(",") is not None:
                    grid_map = AffineMapAttr(parser.parse_affine_map())
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
            grid_map,
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
            if isinstance(self.grid_map, AffineMapAttr):
                printer.print_string(f", {self.grid_map.data}")
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
        """A TILE tensor (rank 2 or more) interleaved in DRAM, as tt-mlir writes one: its
        map collapses the shape with the second-last dim padded to whole tiles (each matrix
        of the tensor starts at a tile row), and its memref counts those tiles,
        `memref<ROWS/32x⌈COLS/32⌉x!ttcore.tile<32x32, DT>, #dram>, <interleaved>`."""
        padded = [*shape[:-2], ceil_div(shape[-2], TILE_SIZE) * TILE_SIZE, shape[-1]]
        rows = math.prod(padded[:-1])
        memref = MemRefType(
            TTCoreTileType(TILE_SIZE, TILE_SIZE, data_type),
            [rows // TILE_SIZE, ceil_div(shape[-1], TILE_SIZE)],
            memory_space=BufferTypeAttr(BufferType.DRAM),
        )
        return TTNNLayoutAttr.build(padded, memref, TensorMemoryLayout.INTERLEAVED)

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


class TTMLIRTensorOp(IRDLOperation):
    """Base of tt-mlir's ops on one tensor that the project runs: the result encoding is
    authoritative (tt-mlir's attributes on these ops repeat it, and changed spelling from
    one tt-mlir generation to the next), so each generation's properties are accepted and
    none is needed."""

    input = operand_def(TensorType)
    result = result_def(TensorType)

    def error(self, message: str) -> VerifyException:
        return VerifyException(f"'{self.name}' op {message}")

    def unmodelled(self) -> str | None:
        """Why the project does not run this op (a case it does not model), None when it
        does (`call_graph` refuses the function; the lowering never sees it)."""
        return None

    def verify_same_shape(self) -> None:
        source = cast(TensorType[Attribute], self.input.type).get_shape()
        result = cast(TensorType[Attribute], self.result.type).get_shape()
        if source != result:
            raise self.error(
                f"expected the result shape {format_shape(result)} to equal the input shape "
                f"{format_shape(source)} (only its placement, layout or dtype changes)"
            )


class _TTMLIRConversionOp(TTMLIRTensorOp):
    """A tt-mlir op that keeps a tensor's values and shape and changes where or how it is
    stored: the project runs it as its own `ttnn.to_layout` (tilize, untilize, host ↔
    device) followed by `ttnn.typecast` when the result's dtype differs."""

    def verify_(self) -> None:
        self.verify_same_shape()


@irdl_op_definition
class ToDeviceOp(_TTMLIRConversionOp):
    """`"ttnn.to_device"(%x, %device) : (host tensor, !ttnn.device) -> device tensor`: the
    same values on the device, in the placement the result type names (before tt-mlir
    #7548 also a `memory_config` property, which repeats it)."""

    name = "ttnn.to_device"
    input = operand_def(TensorType)  # restated: IRDL orders a class's own operands first
    device = operand_def(DeviceType)
    memory_config = opt_prop_def(Attribute)


@irdl_op_definition
class FromDeviceOp(_TTMLIRConversionOp):
    """`"ttnn.from_device"(%x) : (device tensor) -> host tensor`: the same values on host."""

    name = "ttnn.from_device"


@irdl_op_definition
class ToMemoryConfigOp(_TTMLIRConversionOp):
    """`"ttnn.to_memory_config"(%x)`: the same values in another device memory (DRAM or L1,
    interleaved or sharded), the one the result type names."""

    name = "ttnn.to_memory_config"
    memory_config = opt_prop_def(Attribute)


@irdl_op_definition
class TTMLIRToLayoutOp(_TTMLIRConversionOp):
    """tt-mlir's `"ttnn.to_layout"(%x)`: the same values in the layout (and dtype, a fused
    cast) of the result type — tilize or untilize. Before tt-mlir #8555 it also wrote
    `layout`, `dtype` and `memory_config` properties, which repeat the result type. It shares
    its name with the project's `ttnn.to_layout` and is told apart by those properties or its
    `#ttnn.ttnn_layout` tensors (`frontend/diagnostics.py`)."""

    name = "ttnn.to_layout"
    layout = opt_prop_def(Attribute)
    dtype = opt_prop_def(Attribute)
    memory_config = opt_prop_def(Attribute)


@irdl_op_definition
class TTMLIRTypecastOp(_TTMLIRConversionOp):
    """tt-mlir's `"ttnn.typecast"(%x)`: the same values in the dtype of the result type
    (before tt-mlir #8555 a `dtype` property repeated it), rounded as TT-NN rounds (f32 →
    bf16 to nearest even; bf16 → f32 exact). Shares its name with the project's
    `ttnn.typecast` (told apart as `ttnn.to_layout` is)."""

    name = "ttnn.typecast"
    dtype = opt_prop_def(Attribute)


@irdl_op_definition
class ToDtypeOp(_TTMLIRConversionOp):
    """`"ttnn.to_dtype"(%x) <{dtype = …}>`: tt-mlir's host-only typecast until #6869
    (2026-02-12); the same as `ttnn.typecast`."""

    name = "ttnn.to_dtype"
    dtype = opt_prop_def(Attribute)


class _RowMajorMoveOp(TTMLIRTensorOp):
    """A reshape or permute: the project moves the values of a row-major tensor (untilizing
    a tiled one first). bfloat8_b has no row-major form, and its shared exponents depend on
    which values share a tile row, which these ops regroup."""

    def unmodelled(self) -> str | None:
        try:
            types = [
                project_tensor_type(v.type, rank1_tiles_row_major=True)
                for v in (self.input, self.result)
            ]
        except TensorTypeError:
            return None  # the types' own refusal says why
        source, result = (data_type_of(cast(TensorType[Attribute], t).element_type) for t in types)
        if source != result:
            return (
                f"it changes the dtype ({source.value if source else '?'} → "
                f"{result.value if result else '?'}); ttnn-xdsl runs a {self.name} that keeps it"
            )
        if source == DataType.BFLOAT8_B:
            return (
                "ttnn-xdsl does not model it on bfloat8_b (the shared exponents depend on "
                "which values share a tile row, which it regroups)"
            )
        return None


class ReshapeOpBase(_RowMajorMoveOp):
    """A reshape (`ttnn.reshape`, `ttir.reshape`): the same values in row-major order with
    the result's shape (`shape` repeats it)."""

    shape = opt_prop_def(ArrayAttr)
    memory_config = opt_prop_def(Attribute)

    def verify_(self) -> None:
        source = cast(TensorType[Attribute], self.input.type).get_shape()
        result = cast(TensorType[Attribute], self.result.type).get_shape()
        if math.prod(source) != math.prod(result):
            raise self.error(
                f"cannot reshape {format_shape(source)} ({math.prod(source)} elements) into "
                f"{format_shape(result)} ({math.prod(result)} elements)"
            )
        if self.shape is not None:
            written = tuple(
                cast(IntegerAttr, d).value.data if isinstance(d, IntegerAttr) else None
                for d in self.shape.data
            )
            if written != result:
                raise self.error(
                    f"expected shape {self.shape} to be the result shape {format_shape(result)}"
                )


class PermuteOpBase(_RowMajorMoveOp):
    """A permute (`ttnn.permute`, `ttir.permute`): the tensor with its dims reordered,
    result dim i being input dim permutation[i] (numpy's transpose); `pad_value` (tile
    padding) does not change values."""

    permutation = prop_def(DenseArrayBase)
    memory_config = opt_prop_def(Attribute)
    pad_value = opt_prop_def(Attribute)

    @property
    def dims(self) -> tuple[int, ...]:
        return tuple(int(d) for d in self.permutation.get_values())

    def verify_(self) -> None:
        source = cast(TensorType[Attribute], self.input.type).get_shape()
        result = cast(TensorType[Attribute], self.result.type).get_shape()
        if sorted(self.dims) != list(range(len(source))):
            raise self.error(
                f"expected the permutation {format_shape(self.dims)} to reorder the "
                f"{len(source)} dims of the input"
            )
        expected = tuple(source[d] for d in self.dims)
        if expected != result:
            raise self.error(
                f"expected the result shape {format_shape(expected)} (the input "
                f"{format_shape(source)} permuted), got {format_shape(result)}"
            )


@irdl_op_definition
class ReshapeOp(ReshapeOpBase):
    """`"ttnn.reshape"(%x) <{shape = [1 : i32, 512 : i32, 1 : i32, 1 : i32]}>`: the same
    values in row-major order with the result's shape (`shape` repeats it)."""

    name = "ttnn.reshape"


@irdl_op_definition
class PermuteOp(PermuteOpBase):
    """`"ttnn.permute"(%x) <{permutation = array<i64: 0, 2, 3, 1>}>`: the tensor with its
    dims reordered, result dim i being input dim permutation[i] (numpy's transpose);
    `pad_value` (tile padding) does not change values."""

    name = "ttnn.permute"


@irdl_op_definition
class DeallocateOp(IRDLOperation):
    """`"ttnn.deallocate"(%x) <{force = false}> : (tensor) -> ()`: frees the tensor's buffer
    on the device (tt-mlir's runtime keeps tensors it retains: const-eval results, inputs).
    It has no effect on values; the value must not be used after it."""

    name = "ttnn.deallocate"
    input = operand_def(TensorType)
    force = opt_prop_def(BoolAttr)

    def verify_(self) -> None:
        block = self.parent_block()
        if block is None:
            return
        for use in self.input.uses:
            user = block.find_ancestor_op_in_block(use.operation)
            if user is None or user is self or not self.is_before_in_block(user):
                continue
            where = format_location(use.operation.location)
            raise VerifyException(
                f"'{self.name}' op deallocates a value that '{use.operation.name}'"
                f"{f' at {where}' if where else ''} uses after it"
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

TT_MLIR_SHARED_NAME_OPS: dict[str, type[Operation]] = {
    op.name: op
    for op in (
        TTMLIRPrepareConvTranspose2dWeightsOp,
        TTMLIRPrepareConvTranspose2dBiasOp,
        TTMLIRToLayoutOp,
        TTMLIRTypecastOp,
    )
}
"""tt-mlir's ops modelled under a name the project's own ops also have: the dialect
registers the project's; the parser makes tt-mlir's from a generic form written tt-mlir's
way (`frontend.diagnostics`)."""

TT_MLIR_RUNNABLE_OPS: tuple[type[Operation], ...] = (
    GetDeviceOp,
    LoadCachedOp,
    DeallocateOp,
    ToDeviceOp,
    FromDeviceOp,
    ToMemoryConfigOp,
    TTMLIRToLayoutOp,
    TTMLIRTypecastOp,
    ToDtypeOp,
    ReshapeOpBase,
    PermuteOpBase,
)
"""tt-mlir's bookkeeping around const-eval functions, which the project runs
(`convert-ttnn-to-tiles` turns it into its own ops, `passes/tt_mlir_bookkeeping.py`): a
device token, cached calls, deallocations (no effect on values), moves and conversions
between host and device, layouts and dtypes, reshapes and permutes."""

TT_MLIR_OPS: tuple[type[Operation], ...] = (
    *TT_MLIR_RUNNABLE_OPS,
    *TT_MLIR_PREPARE_OPS,
    DeviceModuleOp,
    CPUModuleOp,
    DeviceOp,
)
"""tt-mlir's ops the project reads and writes back. Of those not in `TT_MLIR_RUNNABLE_OPS`,
the prepare ops run once `import-tt-mlir` has made them the project's, and the module ops
hold functions."""


TT_MLIR_CONV2D = "ttnn.conv2d"
TT_MLIR_CONV_TRANSPOSE2D = "ttnn.conv_transpose2d"
IMPORT_TT_MLIR_CONV2D_PIPELINE = "import-tt-mlir,import-tt-mlir-conv2d"
"""The passes that make tt-mlir's conv ops the project's (`import-tt-mlir-conv2d`)."""


def is_tt_mlir_conv(op: Operation) -> bool:
    """tt-mlir's `ttnn.conv2d` or `ttnn.conv_transpose2d` (generic form, unregistered), which
    `import-tt-mlir-conv2d` turns into the project's ops."""
    return isinstance(op, UnregisteredOp) and op.op_name.data in (
        TT_MLIR_CONV2D,
        TT_MLIR_CONV_TRANSPOSE2D,
    )


def foreign_op_name(op: Operation) -> str | None:
    """The name of a tt-mlir op the project does not run — an unregistered pass-through op
    (`ttnn.conv2d`, `ttnn.add`, …) or one of `TT_MLIR_OPS` outside `TT_MLIR_RUNNABLE_OPS` —
    else None."""
    if isinstance(op, UnregisteredOp):
        return op.op_name.data
    if isinstance(op, TT_MLIR_OPS) and not isinstance(op, TT_MLIR_RUNNABLE_OPS):
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


def layout_mismatch(shape: Sequence[int], layout: TTNNLayoutAttr) -> str | None:
    """What keeps `layout` from describing a tensor of `shape`, or None: its map must take
    one dim a tensor dim and use each dim of more than one element (`(d0, d1, d2, d3) ->
    (d0, d1)` on a [1, 1, 120, 16] tensor puts all its elements in one place); on
    one grid cell, not sharded (DRAM interleaved, host), its memref must hold the map's 2D
    image exactly — in whole tiles when it holds tiles (`memref<7x9x!ttcore.tile…>` for a
    [1, 1, 120, 16] tensor, 4x1 tiles, is another tensor's layout). A sharded layout's memref
    is one core's shard: not checked here."""
    linear = layout.linear.data
    if linear.num_dims != len(shape) or linear.num_symbols != 0:
        return f"its layout map {linear} takes {linear.num_dims} dims, the tensor has {len(shape)}"
    left_out = [f"d{dim}" for dim in linear.unused_dims() if shape[dim] > 1]
    if left_out:
        # Elements differing only in those dims would share a place.
        return f"its layout map {linear} leaves out {', '.join(left_out)}"
    if len(linear.results) != 2 or any(size <= 0 for size in shape):
        return None
    sharded = isinstance(layout.mem_layout, TensorMemoryLayoutAttr) and (
        layout.mem_layout.data != TensorMemoryLayout.INTERLEAVED
    )
    if sharded or [cell.data for cell in layout.grid.data] != [1, 1]:
        return None
    extents = [last + 1 for last in linear.eval([size - 1 for size in shape], [])]
    unit = TILE_SIZE if layout.tiled else 1
    expected = [ceil_div(extent, unit) for extent in extents]
    held = list(layout.memref.get_shape())
    if held != expected:
        what = "tiles" if layout.tiled else "elements"
        return (
            f"its layout's memref holds {'x'.join(map(str, held))} {what}; the layout map "
            f"puts the tensor in {extents[0]}x{extents[1]} elements, "
            f"{'x'.join(map(str, expected))} {what}"
        )
    return None


def project_tensor_type(tensor: Attribute, *, rank1_tiles_row_major: bool = False) -> Attribute:
    """The project's tensor type for a tensor in tt-mlir's `#ttnn.ttnn_layout` (any other
    type as it is): the dtype of its tiles (`bfp_bf8` → `!ttnn.bfp8_b`) or elements, TILE
    when its memref holds tiles, a host tensor (no encoding) in `system_memory`, else the
    DRAM or L1 memory config its memref and memory layout name. The project's TILE tensors
    have rank 2 or more: with `rank1_tiles_row_major`, a rank-1 tensor in tiles becomes the
    same values row-major (where no one sees its bytes), else it is refused. Raises
    TensorTypeError for a tensor the project cannot hold."""
    layout = layout_of(tensor)
    if layout is None:
        return tensor
    shape = cast(TensorType[Attribute], tensor).get_shape()
    mismatch = layout_mismatch(shape, layout)
    if mismatch is not None:
        raise TensorTypeError(f"{tensor}: {mismatch}")
    element = layout.memref.element_type
    if isinstance(element, TTCoreTileType):
        dtype = data_type_of_ttcore(element.dtype)
        spelled = element.dtype.value
    else:
        dtype = data_type_of(element)
        spelled = str(element)
    if dtype is None:
        raise TensorTypeError(
            f"{tensor} holds {spelled} data; ttnn-xdsl computes with f32, bf16 and bfp_bf8"
        )
    tiled = layout.tiled
    if tiled and len(shape) < 2 and rank1_tiles_row_major and dtype != DataType.BFLOAT8_B:
        tiled = False
    buffer = layout.buffer_type
    if buffer == BufferType.SYSTEM_MEMORY:
        if tiled:
            raise TensorTypeError(
                f"{tensor} is a host tensor in tiles; ttnn-xdsl holds host tensors row-major"
            )
        return TensorType(element_type_for(dtype), shape)
    if buffer not in (BufferType.DRAM, BufferType.L1):
        where = buffer.value if buffer is not None else "an unnamed buffer"
        raise TensorTypeError(f"{tensor} lives in {where}; ttnn-xdsl holds tensors in dram or l1")
    if tiled and len(shape) < 2:
        raise TensorTypeError(
            f"{tensor} is a tile-layout tensor of rank {len(shape)}; ttnn-xdsl's tile-layout "
            "tensors have rank 2 or more"
        )
    if not tiled and dtype == DataType.BFLOAT8_B:
        raise TensorTypeError(f"{tensor}: bfloat8_b needs the tile layout")
    kind = (
        layout.mem_layout.data
        if isinstance(layout.mem_layout, TensorMemoryLayoutAttr)
        else TensorMemoryLayout.INTERLEAVED
    )
    memory = (
        None
        if (buffer, kind) == (BufferType.DRAM, TensorMemoryLayout.INTERLEAVED)
        else MemoryConfigAttr(buffer, kind)
    )
    project_layout = Layout.TILE if tiled else Layout.ROW_MAJOR
    return TensorType(element_type_for(dtype), shape, TensorLayoutAttr(project_layout, memory))

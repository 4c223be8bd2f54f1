"""The `tile` dialect: 32×32 tiles, the unit TT hardware computes and stores in.

A TILE-layout tensor becomes a memref whose elements are tiles,
`memref<1x1x2x2x!tile.tile<32x32, bf16>>` for a [1, 1, 40, 50] tensor (tiles row-major over
the leading dims, then tile rows, then tile columns — semantics.md §1.1). Row-major data stays a
plain memref (`memref<64x64x3x3xf32>`). The ops move single tiles between the two and
change their element type; loops (`scf.for`), windows (`memref.subview`) and 2D data
movement (`linalg.transpose`, `linalg.copy`, `linalg.broadcast`, `linalg.fill`) come from
upstream dialects.

A lowering marks each loop nest it means to run in bulk with the discardable unit attribute
`tile.bulk` on the nest's outermost `scf.for` (printed `} {tile.bulk}`): that loop and the
loops in it form a perfect nest with constant bounds whose indices are affine in the
induction variables. The interpreter runs such a nest as a few strided NumPy operations; a
marked nest it cannot run so is a warning (`FILE:LINE:COL: warning: loop nest runs op by op
(reason)`), or an error with `TTNN_XDSL_STRICT_BULK=1`, and runs op by op. An unmarked loop
always runs op by op.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import IndexType, IntAttr, MemRefType, StringAttr, UnitAttr
from xdsl.ir import (
    Attribute,
    Dialect,
    Operation,
    ParametrizedAttribute,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    param_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import (
    EffectInstance,
    MemoryEffect,
    MemoryEffectKind,
    MemoryReadEffect,
    MemoryWriteEffect,
    Pure,
)
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.dialect.types import data_type_of, element_type_for


@irdl_attr_definition
class TileType(ParametrizedAttribute, TypeAttribute):
    """`!tile.tile<32x32, T>`: one 32×32 tile of f32, bf16 or `!ttnn.bfp8_b` values. A
    bfloat8_b tile holds its 64 shared exponents and 1024 sign|magnitude bytes (semantics.md
    §1.3)."""

    name = "tile.tile"
    rows: IntAttr = param_def(converter=IntAttr.get)
    cols: IntAttr = param_def(converter=IntAttr.get)
    element_type: Attribute

    def __init__(self, element_type: Attribute):
        super().__init__(IntAttr(TILE_SIZE), IntAttr(TILE_SIZE), element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            rows = parser.parse_shape_dimension(allow_dynamic=False)
            parser.parse_shape_delimiter()
            cols = parser.parse_shape_dimension(allow_dynamic=False)
            parser.parse_punctuation(",")
            element_type = parser.parse_type()
        return IntAttr(rows), IntAttr(cols), element_type

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(f"{self.rows.data}x{self.cols.data}, ")
            printer.print_attribute(self.element_type)

    @property
    def dtype(self) -> DataType:
        return cast(DataType, data_type_of(self.element_type))

    def verify(self) -> None:
        if (self.rows.data, self.cols.data) != (TILE_SIZE, TILE_SIZE):
            raise VerifyException(
                f"!tile.tile must be 32x32, got {self.rows.data}x{self.cols.data}"
            )
        if data_type_of(self.element_type) is None:
            raise VerifyException(
                f"!tile.tile expected element type f32, bf16 or !ttnn.bfp8_b, got "
                f"{self.element_type}"
            )


def tile_type(dtype: DataType) -> TileType:
    return TileType(element_type_for(dtype))


def tile_dtype(tile: Attribute) -> DataType:
    """The data type of a tile type's elements."""
    assert isinstance(tile, TileType)
    return tile.dtype


def _verify_index_count(op: IRDLOperation, buffer: SSAValue, indices: Sequence[SSAValue]) -> None:
    rank = cast(MemRefType[Attribute], buffer.type).get_num_dims()
    if len(indices) != rank:
        raise VerifyException(
            f"'{op.name}' op expected {rank} indices for {buffer.type}, got {len(indices)}"
        )


@irdl_op_definition
class LoadOp(IRDLOperation):
    """`%t = tile.load %buffer[%i, ...] : memref<...x!tile.tile<32x32, T>>`: the tile at an
    index of a memref of tiles."""

    name = "tile.load"
    T: ClassVar = VarConstraint("T", base(TileType))
    buffer = operand_def(MemRefType.constr(T))
    indices = var_operand_def(IndexType())
    result = result_def(T)
    traits = traits_def(MemoryReadEffect())
    assembly_format = "$buffer `[` $indices `]` attr-dict `:` type($buffer)"

    def __init__(self, buffer: SSAValue, indices: Sequence[SSAValue]):
        element = cast(MemRefType[Attribute], buffer.type).element_type
        super().__init__(operands=[buffer, indices], result_types=[element])

    def verify_(self) -> None:
        _verify_index_count(self, self.buffer, self.indices)


@irdl_op_definition
class StoreOp(IRDLOperation):
    """`tile.store %t, %buffer[%i, ...] : memref<...x!tile.tile<32x32, T>>`: writes a tile at
    an index of a memref of tiles."""

    name = "tile.store"
    T: ClassVar = VarConstraint("T", base(TileType))
    value = operand_def(T)
    buffer = operand_def(MemRefType.constr(T))
    indices = var_operand_def(IndexType())
    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$value `,` $buffer `[` $indices `]` attr-dict `:` type($buffer)"

    def __init__(self, value: SSAValue, buffer: SSAValue, indices: Sequence[SSAValue]):
        super().__init__(operands=[value, buffer, indices])

    def verify_(self) -> None:
        _verify_index_count(self, self.buffer, self.indices)


def _verify_row_major_window(op: IRDLOperation, buffer: SSAValue, tile: Attribute) -> None:
    memref_type = cast(MemRefType[Attribute], buffer.type)
    if memref_type.get_num_dims() < 2:
        raise VerifyException(
            f"'{op.name}' op expected a memref of rank 2 or more, got {memref_type}"
        )
    if isinstance(memref_type.element_type, TileType):
        raise VerifyException(f"'{op.name}' op expected a memref of scalars, got {memref_type}")
    tile = cast(TileType, tile)
    if tile.element_type != memref_type.element_type:
        raise VerifyException(
            f"'{op.name}' op expected a tile of the memref's element type "
            f"{memref_type.element_type}, got {tile}"
        )
    if tile.dtype == DataType.BFLOAT8_B:
        raise VerifyException(f"'{op.name}' op bfloat8_b has no row-major form")


@irdl_op_definition
class TilizeOp(IRDLOperation):
    """`%t = tile.tilize %source[%i, ..., %row, %col] : memref<...xT> -> !tile.tile<32x32, T>`:
    the 32×32 window of a row-major memref whose top-left element is at the given indices
    (the last two are element offsets); elements beyond the memref's last two dims read as
    zero (TT's tile padding)."""

    name = "tile.tilize"
    source = operand_def(MemRefType)
    indices = var_operand_def(IndexType())
    result = result_def(TileType)
    traits = traits_def(MemoryReadEffect())
    assembly_format = "$source `[` $indices `]` attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue, indices: Sequence[SSAValue]):
        element = cast(MemRefType[Attribute], source.type).element_type
        super().__init__(operands=[source, indices], result_types=[TileType(element)])

    def verify_(self) -> None:
        _verify_index_count(self, self.source, self.indices)
        _verify_row_major_window(self, self.source, self.result.type)


@irdl_op_definition
class UntilizeOp(IRDLOperation):
    """`tile.untilize %t, %dest[%i, ..., %row, %col] : !tile.tile<32x32, T>, memref<...xT>`:
    writes a tile into the 32×32 window of a row-major memref at the given indices (the
    last two are element offsets); the part beyond the memref's last two dims is dropped."""

    name = "tile.untilize"
    value = operand_def(TileType)
    dest = operand_def(MemRefType)
    indices = var_operand_def(IndexType())
    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$value `,` $dest `[` $indices `]` attr-dict `:` type($value) `,` type($dest)"

    def __init__(self, value: SSAValue, dest: SSAValue, indices: Sequence[SSAValue]):
        super().__init__(operands=[value, dest, indices])

    def verify_(self) -> None:
        _verify_index_count(self, self.dest, self.indices)
        _verify_row_major_window(self, self.dest, self.value.type)


@irdl_op_definition
class TypecastOp(IRDLOperation):
    """`%u = tile.typecast %t : !tile.tile<32x32, A> -> !tile.tile<32x32, B>`: the tile's
    values in another element type — f32 → bf16 rounds to nearest even (semantics.md §1.2); →
    bfloat8_b packs each 16-value face row with a shared exponent (semantics.md §1.3); bf16 →
    bfloat8_b goes through f32; widening is exact."""

    name = "tile.typecast"
    input = operand_def(TileType)
    result = result_def(TileType)
    traits = traits_def(Pure())
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, input: SSAValue, dtype: DataType):
        super().__init__(operands=[input], result_types=[tile_type(dtype)])

    def verify_(self) -> None:
        if self.input.type == self.result.type:
            raise VerifyException(
                f"'{self.name}' op expected a different result element type, got "
                f"{self.input.type} -> {self.result.type}"
            )


def _tile_grid(op: IRDLOperation, buffer: SSAValue, what: str) -> tuple[int, int]:
    """The (tile rows, tile columns) of a rank-2 memref of tiles, or a verifier error."""
    memref_type = cast(MemRefType[Attribute], buffer.type)
    if memref_type.get_num_dims() != 2 or not isinstance(memref_type.element_type, TileType):
        raise VerifyException(
            f"'{op.name}' op expected {what} to be a rank-2 memref of tiles, got {memref_type}"
        )
    rows, cols = memref_type.get_shape()
    return rows, cols


def row_major_matrix_dtype(buffer: SSAValue) -> DataType | None:
    """The dtype of a row-major matrix operand (a rank-2 memref of f32 or bf16 values), or
    None for any other memref (tiles among them)."""
    memref_type = cast(MemRefType[Attribute], buffer.type)
    dtype = data_type_of(memref_type.element_type)
    if memref_type.get_num_dims() != 2 or dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
        return None
    return dtype


def _matrix_tile_grid(op: IRDLOperation, buffer: SSAValue, what: str) -> tuple[int, int]:
    """The (tile rows, tile columns) of a rank-2 memref of tiles or of a row-major f32 / bf16
    matrix whose dims are whole tiles, or a verifier error."""
    if row_major_matrix_dtype(buffer) is None:
        memref_type = cast(MemRefType[Attribute], buffer.type)
        if memref_type.get_num_dims() != 2 or not isinstance(memref_type.element_type, TileType):
            raise VerifyException(
                f"'{op.name}' op expected {what} to be a rank-2 memref of tiles or of f32 or bf16 "
                f"values, got {memref_type}"
            )
        return _tile_grid(op, buffer, what)
    rows, cols = cast(MemRefType[Attribute], buffer.type).get_shape()
    if rows % TILE_SIZE or cols % TILE_SIZE:
        raise VerifyException(
            f"'{op.name}' op expected {what}'s dims to be multiples of {TILE_SIZE} (whole "
            f"tiles), got {rows}x{cols}"
        )
    return rows // TILE_SIZE, cols // TILE_SIZE


def _accumulator_dtype(op: IRDLOperation, accumulator: SSAValue) -> DataType:
    """The accumulator's dtype: f32 (DEST with fp32_dest_acc_en) or bf16 (without)."""
    element = cast(TileType, cast(MemRefType[Attribute], accumulator.type).element_type)
    if element.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
        raise VerifyException(
            f"'{op.name}' op expected an f32 or bf16 accumulator, got {element.dtype.value}"
        )
    return element.dtype


MATH_FIDELITIES = ("LoFi", "HiFi2", "HiFi3", "HiFi4")
"""TT-NN's MathFidelity values: the fidelity phases the FPU's multiplies run."""


def _fidelity_properties(math_fidelity: str) -> dict[str, Attribute]:
    """The `math_fidelity` property, left out for HiFi4 (the default: exact products)."""
    return {} if math_fidelity == "HiFi4" else {"math_fidelity": StringAttr(math_fidelity)}


def _fidelity_of(attribute: StringAttr | None) -> str:
    return "HiFi4" if attribute is None else attribute.data


def _verify_fidelity(op: IRDLOperation, attribute: StringAttr | None) -> None:
    if _fidelity_of(attribute) not in MATH_FIDELITIES:
        raise VerifyException(
            f"'{op.name}' op math_fidelity must be one of {', '.join(MATH_FIDELITIES)}, got "
            f"'{_fidelity_of(attribute)}'"
        )


class ReadsSourcesWritesLast(MemoryEffect):
    """The effects of an accumulating tile op: it reads every operand and writes only its
    last (the accumulator or destination), so a buffer passed as a source is only read."""

    @classmethod
    def get_effects(cls, op: Operation) -> set[EffectInstance]:
        effects = {EffectInstance(MemoryEffectKind.READ, value) for value in op.operands}
        effects.add(EffectInstance(MemoryEffectKind.WRITE, op.operands[-1]))
        return effects


@irdl_op_definition
class MatmulOp(IRDLOperation):
    """`tile.matmul %a, %b, %acc : memref<MxK x tile<A>>, memref<KxN x tile<B>>, memref<MxN x
    tile<C>>`: the accumulating block matmul of the FPU, acc += a · b over blocks of tiles
    (M×K by K×N tiles). `a` may instead be a row-major matrix, `memref<(M·32)x(K·32)xf32|bf16>`,
    whose 32×32 blocks are its tiles: the activation block as the act tilize would put it in
    tiles where that changes no value. The products are summed in f32 (HiFi4: every product
    of a bf16 or bfloat8_b pair is exact in f32; the ISA's MVMUL sums in f32) and the block's
    sum is added to `acc` and rounded to the accumulator's element type: f32 (DEST with
    fp32_dest_acc_en, or the partials kept in f32 by packer_l1_acc) or bf16 (semantics.md
    §9.7). With `math_fidelity` LoFi, HiFi2 or
    HiFi3 the products keep only the mantissa bits those fidelity phases multiply (`a` is the
    FPU's SrcB, `b` its SrcA; `runtime/math_fidelity.py`); HiFi4, the default, is exact.
    With `cleared` the accumulator's values are not read: the product is added to +0.0, as
    into a DEST cleared before a conv's first K block."""

    name = "tile.matmul"
    a = operand_def(MemRefType)
    b = operand_def(MemRefType)
    accumulator = operand_def(MemRefType)
    math_fidelity = opt_prop_def(StringAttr)
    cleared = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(ReadsSourcesWritesLast())
    assembly_format = (
        "$a `,` $b `,` $accumulator attr-dict `:` type($a) `,` type($b) `,` type($accumulator)"
    )

    def __init__(
        self,
        a: SSAValue,
        b: SSAValue,
        accumulator: SSAValue,
        math_fidelity: str = "HiFi4",
        cleared: bool = False,
    ):
        properties = _fidelity_properties(math_fidelity)
        if cleared:
            properties["cleared"] = UnitAttr()
        super().__init__(operands=[a, b, accumulator], properties=properties)

    def fidelity(self) -> str:
        """The math fidelity the products are computed at (HiFi4 when not stated)."""
        return _fidelity_of(self.math_fidelity)

    def verify_(self) -> None:
        _verify_fidelity(self, self.math_fidelity)
        rows, inner = _matrix_tile_grid(self, self.a, "the left operand")
        inner_b, cols = _tile_grid(self, self.b, "the right operand")
        acc_rows, acc_cols = _tile_grid(self, self.accumulator, "the accumulator")
        _accumulator_dtype(self, self.accumulator)
        if inner != inner_b or (rows, cols) != (acc_rows, acc_cols):
            raise VerifyException(
                f"'{self.name}' op expected tile grids MxK, KxN, MxN, got {rows}x{inner}, "
                f"{inner_b}x{cols}, {acc_rows}x{acc_cols}"
            )


@irdl_op_definition
class AddRowOp(IRDLOperation):
    """`tile.add_row %row, %acc : memref<1xN x tile<B>>, memref<MxN x tile<C>>`: adds the first
    row of each tile of `row` to every row of the accumulator's tiles in the same tile column
    (the bias, a [32, N] tile row whose row 0 holds the values), rounding to the
    accumulator's element type: the bias add of the conv's compute kernel after its last K
    block."""

    name = "tile.add_row"
    row = operand_def(MemRefType)
    accumulator = operand_def(MemRefType)
    traits = traits_def(ReadsSourcesWritesLast())
    assembly_format = "$row `,` $accumulator attr-dict `:` type($row) `,` type($accumulator)"

    def __init__(self, row: SSAValue, accumulator: SSAValue):
        super().__init__(operands=[row, accumulator])

    def verify_(self) -> None:
        row_rows, row_cols = _tile_grid(self, self.row, "the row")
        _, acc_cols = _tile_grid(self, self.accumulator, "the accumulator")
        _accumulator_dtype(self, self.accumulator)
        if row_rows != 1 or row_cols != acc_cols:
            raise VerifyException(
                f"'{self.name}' op expected a 1x{acc_cols} row of tiles, got {row_rows}x{row_cols}"
            )


@irdl_op_definition
class MultiplyOp(IRDLOperation):
    """`tile.multiply %a, %b, %dest : memref<MxN x tile<A>>, memref<KxN x tile<B>>,
    memref<MxN x tile<C>>`: the FPU's elementwise multiply (`mul_tiles`), dest = a ⊙ b rounded
    to dest's element type (f32 or bf16: DEST), overwriting it — or, with `accumulate`,
    dest = dest + a ⊙ b rounded once (`mul_tiles` accumulating into DEST). `b`'s K tile rows
    are read again for every K tile rows of `a` (M a multiple of K): the 1D depthwise conv's
    weight block, which every activation block of a core multiplies. `a` is the FPU's SrcA,
    `b` its SrcB; `math_fidelity` as for `tile.matmul`."""

    name = "tile.multiply"
    a = operand_def(MemRefType)
    b = operand_def(MemRefType)
    dest = operand_def(MemRefType)
    math_fidelity = opt_prop_def(StringAttr)
    accumulate = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(ReadsSourcesWritesLast())
    assembly_format = "$a `,` $b `,` $dest attr-dict `:` type($a) `,` type($b) `,` type($dest)"

    def __init__(
        self,
        a: SSAValue,
        b: SSAValue,
        dest: SSAValue,
        math_fidelity: str = "HiFi4",
        accumulate: bool = False,
    ):
        properties = _fidelity_properties(math_fidelity)
        if accumulate:
            properties["accumulate"] = UnitAttr()
        super().__init__(operands=[a, b, dest], properties=properties)

    def fidelity(self) -> str:
        """The math fidelity the products are computed at (HiFi4 when not stated)."""
        return _fidelity_of(self.math_fidelity)

    def verify_(self) -> None:
        _verify_fidelity(self, self.math_fidelity)
        rows, cols = _tile_grid(self, self.a, "the left operand")
        b_rows, b_cols = _tile_grid(self, self.b, "the right operand")
        dest_grid = _tile_grid(self, self.dest, "the destination")
        _accumulator_dtype(self, self.dest)
        if b_cols != cols or b_rows == 0 or rows % b_rows or dest_grid != (rows, cols):
            raise VerifyException(
                f"'{self.name}' op expected tile grids MxN, KxN (K dividing M), MxN, got "
                f"{rows}x{cols}, {b_rows}x{b_cols}, {dest_grid[0]}x{dest_grid[1]}"
            )


@irdl_op_definition
class AddOp(IRDLOperation):
    """`tile.add %a, %acc : memref<MxN x tile<A>>, memref<MxN x tile<C>>`: acc += a, rounded to
    the accumulator's element type (f32 or bf16): the FPU's elementwise add of a tile to DEST
    (`add_tiles` with DEST reuse)."""

    name = "tile.add"
    a = operand_def(MemRefType)
    accumulator = operand_def(MemRefType)
    traits = traits_def(ReadsSourcesWritesLast())
    assembly_format = "$a `,` $accumulator attr-dict `:` type($a) `,` type($accumulator)"

    def __init__(self, a: SSAValue, accumulator: SSAValue):
        super().__init__(operands=[a, accumulator])

    def verify_(self) -> None:
        grid = _tile_grid(self, self.a, "the addend")
        acc_grid = _tile_grid(self, self.accumulator, "the accumulator")
        _accumulator_dtype(self, self.accumulator)
        if grid != acc_grid:
            raise VerifyException(
                f"'{self.name}' op expected equal tile grids, got {grid[0]}x{grid[1]} and "
                f"{acc_grid[0]}x{acc_grid[1]}"
            )


@irdl_op_definition
class ReluOp(IRDLOperation):
    """`tile.relu %tiles : memref<MxN x tile<C>>`: the packer's ReLU on DEST's tiles, in place,
    as they are packed (`ZERO_RELU`: a value ≤ 0, −0.0 included, becomes +0.0; a NaN and a
    positive value are kept): the conv's fused `relu` (conv_config.activation), applied to the
    final result only — after the bias, before the output's rounding to its dtype. Exact in
    DEST's f32 or bf16 (the ISA's packer: `x <= 0 ? 0 : x`)."""

    name = "tile.relu"
    tiles = operand_def(MemRefType)
    traits = traits_def(ReadsSourcesWritesLast())
    assembly_format = "$tiles attr-dict `:` type($tiles)"

    def __init__(self, tiles: SSAValue):
        super().__init__(operands=[tiles])

    def verify_(self) -> None:
        _tile_grid(self, self.tiles, "the tiles")
        _accumulator_dtype(self, self.tiles)


BULK_NEST = "tile.bulk"
"""The discardable unit attribute on the outermost `scf.for` of a nest the lowering means to
run in bulk: the loop and the loops nested in it form a perfect nest whose bounds are
constants, whose indices are affine in the induction variables and whose bodies move,
tilize or convert tiles (`runtime/interpreter/bulk.py`)."""


def mark_bulk_nest(loop: Operation) -> None:
    """State that `loop` (an outermost `scf.for`) and its inner loops run in bulk."""
    loop.attributes[BULK_NEST] = UnitAttr()


def is_bulk_nest(loop: Operation) -> bool:
    """Whether a lowering marked `loop` as the outermost loop of a nest to run in bulk."""
    return BULK_NEST in loop.attributes


TILE = Dialect(
    "tile",
    [
        LoadOp,
        StoreOp,
        TilizeOp,
        UntilizeOp,
        TypecastOp,
        MatmulOp,
        AddRowOp,
        MultiplyOp,
        AddOp,
        ReluOp,
    ],
    [TileType],
)
"""The tile dialect."""

"""tt-mlir's small `#ttnn` attributes that appear inside the project's own attributes or
on tt-mlir's ops, written as tt-mlir writes them:

    #ttnn.core_range<(0,0), (7,0)>            cores (x0, y0) to (x1, y1), both included
    #ttnn.core_range_set<[#ttnn.core_range<…>, …]>   or `#ttnn.core_range_set<>`
    #ttnn.unary_with_param<op_type = relu>    a fused activation (conv2d_config.activation)
    #ttnn<mesh_shape 1x1>                      rows × columns of devices (`ttnn.get_device`)
    #ttnn<mesh_offset 0x0>

Core coordinates are (x, y): x counts columns, y rows. tt-mlir also writes a core range set
without its prefix (`<[…]>`) where the context says what it is; `parse_core_range_set_body`
reads that form.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import ArrayAttr, FloatAttr, IntAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import UNARY_OP_TYPES

__all__ = [
    "CoreRangeAttr",
    "CoreRangeSetAttr",
    "MeshOffsetAttr",
    "MeshShapeAttr",
    "UnaryWithParamAttr",
    "parse_core_range_set_body",
]


def _parse_coordinate(parser: AttrParser) -> tuple[int, int]:
    with parser.in_parens():
        first = parser.parse_integer(allow_boolean=False, allow_negative=False)
        parser.parse_punctuation(",")
        second = parser.parse_integer(allow_boolean=False, allow_negative=False)
    return first, second


@irdl_attr_definition
class CoreRangeAttr(ParametrizedAttribute):
    """`#ttnn.core_range<(x0,y0), (x1,y1)>`: the rectangle of cores from (x0, y0) to
    (x1, y1), both corners included."""

    name = "ttnn.core_range"
    start_x: IntAttr
    start_y: IntAttr
    end_x: IntAttr
    end_y: IntAttr

    def __init__(self, start: tuple[int, int], end: tuple[int, int]):
        super().__init__(IntAttr(start[0]), IntAttr(start[1]), IntAttr(end[0]), IntAttr(end[1]))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            start = _parse_coordinate(parser)
            parser.parse_punctuation(",")
            end = _parse_coordinate(parser)
        return IntAttr(start[0]), IntAttr(start[1]), IntAttr(end[0]), IntAttr(end[1])

    def print_parameters(self, printer: Printer) -> None:
        (x0, y0), (x1, y1) = self.start, self.end
        printer.print_string(f"<({x0},{y0}), ({x1},{y1})>")

    @property
    def start(self) -> tuple[int, int]:
        return self.start_x.data, self.start_y.data

    @property
    def end(self) -> tuple[int, int]:
        return self.end_x.data, self.end_y.data

    def intersects(self, other: CoreRangeAttr) -> bool:
        (x0, y0), (x1, y1) = self.start, self.end
        (u0, v0), (u1, v1) = other.start, other.end
        return not (x1 < u0 or u1 < x0 or y1 < v0 or v1 < y0)

    def verify(self) -> None:
        (x0, y0), (x1, y1) = self.start, self.end
        if x0 > x1 or y0 > y1:
            raise VerifyException(
                f"#ttnn.core_range expected its start ({x0},{y0}) to be at or before its end "
                f"({x1},{y1}) in x and y"
            )


def parse_core_range_set_body(parser: AttrParser) -> list[CoreRangeAttr]:
    """The ranges of `<[#ttnn.core_range<…>, …]>` or `<>` (a core range set without its
    `#ttnn.core_range_set` prefix)."""
    ranges: list[CoreRangeAttr] = []
    with parser.in_angle_brackets():
        if parser.parse_optional_punctuation("[") is not None:

            def parse_range() -> None:
                position = parser.pos
                attr = parser.parse_attribute()
                if not isinstance(attr, CoreRangeAttr):
                    parser.raise_error(
                        f"#ttnn.core_range_set expected #ttnn.core_range values, got {attr}",
                        position,
                        parser.pos,
                    )
                ranges.append(attr)

            parser.parse_comma_separated_list(parser.Delimiter.NONE, parse_range)
            parser.parse_punctuation("]")
    return ranges


@irdl_attr_definition
class CoreRangeSetAttr(ParametrizedAttribute):
    """`#ttnn.core_range_set<[#ttnn.core_range<…>, …]>`: non-overlapping rectangles of
    cores; `#ttnn.core_range_set<>` is the empty set."""

    name = "ttnn.core_range_set"
    ranges: ArrayAttr[CoreRangeAttr]

    def __init__(self, ranges: Sequence[CoreRangeAttr] = ()):
        super().__init__(ArrayAttr(ranges))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return (ArrayAttr(parse_core_range_set_body(parser)),)

    def print_parameters(self, printer: Printer) -> None:
        if not self.ranges.data:
            printer.print_string("<>")
            return
        printer.print_string("<[")
        printer.print_list(self.ranges.data, printer.print_attribute)
        printer.print_string("]>")

    def origin_rectangle(self) -> tuple[int, int] | None:
        """(X, Y) when the set is the rectangle of X × Y cores from core (0, 0), its cores
        in row-by-row order however the ranges split it (`row_wise_cores`) — the shard grids
        this project models — else None."""
        laid = self.row_wise_cores()
        if laid is None or laid[0] * laid[1] != laid[2]:
            return None
        return laid[0], laid[1]

    def row_wise_cores(self) -> tuple[int, int, int] | None:
        """(X, Y, cores) when the set is `cores` cores laid row by row from core (0, 0): full
        rows of X cores and, when `cores` is not a multiple of X, the first cores of row
        Y − 1 (TT-NN's `num_cores_to_corerangeset(cores, grid, row_wise = true)`, how HEIGHT
        and WIDTH convs spread their output: 49 cores of an 8-wide grid are rows 0–5 and core
        (0, 6)). TT-NN gives shards to the cores range by range, each row by row, so the
        ranges must list them in that order: `(0,0)-(3,0) + (4,0)-(7,0)` is row 0 of 8
        cores, `(0,0)-(3,1) + (4,0)-(7,1)` is no such set. Else None."""
        cores = [
            (x, y)
            for core_range in self.ranges.data
            for y in range(core_range.start[1], core_range.end[1] + 1)
            for x in range(core_range.start[0], core_range.end[0] + 1)
        ]
        if not cores:
            return None
        width = max(x for x, _ in cores) + 1
        if cores != [(index % width, index // width) for index in range(len(cores))]:
            return None
        return width, -(-len(cores) // width), len(cores)

    def describe(self) -> str:
        """The ranges as `(x0,y0)-(x1,y1) + …`, for messages."""
        return (
            " + ".join(
                f"({r.start[0]},{r.start[1]})-({r.end[0]},{r.end[1]})" for r in self.ranges.data
            )
            or "no cores"
        )

    def verify(self) -> None:
        ranges = self.ranges.data
        for index, first in enumerate(ranges):
            for second in ranges[index + 1 :]:
                if first.intersects(second):
                    raise VerifyException(
                        "#ttnn.core_range_set expected non-overlapping core ranges, got "
                        + self.describe()
                    )


@irdl_attr_definition
class UnaryWithParamAttr(ParametrizedAttribute):
    """`#ttnn.unary_with_param<op_type = relu[, params = [1.0 : f32, …]]>`: an activation
    a conv fuses into its output (`conv2d_config.activation`); it does not change prepared
    weights."""

    name = "ttnn.unary_with_param"
    op_type: StringAttr
    params: ArrayAttr[FloatAttr]

    OPTIONAL_PARAMETERS: ClassVar[frozenset[str]] = frozenset({"params"})
    """Parameters the syntax may leave out (`params`: written only when not empty)."""

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        params: list[FloatAttr] = []
        with parser.in_angle_brackets():
            parser.parse_keyword("op_type")
            parser.parse_punctuation("=")
            op_type = parser.parse_identifier(" (a unary op type)")
            if parser.parse_optional_punctuation(",") is not None:
                parser.parse_keyword("params")
                parser.parse_punctuation("=")

                def parse_param() -> None:
                    position = parser.pos
                    value = parser.parse_attribute()
                    if not isinstance(value, FloatAttr):
                        parser.raise_error(
                            f"#ttnn.unary_with_param expected float params, got {value}",
                            position,
                            parser.pos,
                        )
                    params.append(cast(FloatAttr, value))

                parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parse_param)
        return StringAttr(op_type), ArrayAttr(params)

    def verify(self) -> None:
        if self.op_type.data.upper() not in UNARY_OP_TYPES or not self.op_type.data.islower():
            raise VerifyException(
                f"#ttnn.unary_with_param op_type must be one of TT-NN's unary ops in lower "
                f"case (relu, silu, gelu, …), got '{self.op_type.data}'"
            )

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<op_type = {self.op_type.data}")
        if self.params.data:
            printer.print_string(", params = [")
            printer.print_list(self.params.data, printer.print_attribute)
            printer.print_string("]")
        printer.print_string(">")


class _MeshCoordinateAttr(ParametrizedAttribute, SpacedOpaqueSyntaxAttribute):
    """A rows × columns pair written `#ttnn<NAME RxC>` (tt-mlir prints these attributes in
    MLIR's opaque form, since their body does not start with `<`)."""

    rows: IntAttr
    columns: IntAttr

    def __init__(self, rows: int, columns: int):
        super().__init__(IntAttr(rows), IntAttr(columns))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        bracketed = parser.parse_optional_punctuation("<") is not None
        dims = parser.parse_dimension_list()
        if len(dims) != 2:
            parser.raise_error(f"#{cls.name} expected two sizes RxC, got {len(dims)}")
        if bracketed:
            parser.parse_punctuation(">")
        return IntAttr(dims[0]), IntAttr(dims[1])

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"{self.rows.data}x{self.columns.data}")

    @property
    def shape(self) -> tuple[int, int]:
        return self.rows.data, self.columns.data


@irdl_attr_definition
class MeshShapeAttr(_MeshCoordinateAttr):
    """`#ttnn<mesh_shape 1x1>`: the devices of a (sub)mesh, rows × columns."""

    name = "ttnn.mesh_shape"


@irdl_attr_definition
class MeshOffsetAttr(_MeshCoordinateAttr):
    """`#ttnn<mesh_offset 0x0>`: where a submesh starts in its parent mesh, row × column."""

    name = "ttnn.mesh_offset"

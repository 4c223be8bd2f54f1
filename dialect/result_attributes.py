"""What `convert-ttnn-to-tiles` records beside each result of a function it lowers, for the
runtime to read once the ops that told are gone: the result's name (`ttnn.name`) and the
alignment TT-NN writes in its `.tensorbin` header (`ttnn.tensorbin_alignment`).

The name: after bufferization the returned value may be another one (an `assign_bw`
writing into its preallocated `input_grad` returns that buffer, `%buffer`), so the lowering
records the name the function gave (`program/result_names.py` names results from it).

The alignment: TT-NN's `dump_tensor` of `prepare_conv_bias`'s (and
`prepare_conv_transpose2d_bias`'s) result stores the alignment `[32, padded width]`
(docs/tensorbin.md §4), where any other TILE tensor gets the rule of
`tensor_formats.tensorbin.header_alignment` (`[32, 32]` for a bias padded only to whole
tiles). The bias layout op is gone once the IR is lowered, so the lowering records the
alignment and the runtime writes it.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import DenseArrayBase, DictionaryAttr, IntegerType, StringAttr, i32
from xdsl.ir import Attribute, SSAValue

from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.dialect.conv_layout_ops import ConvBiasLayoutOp
from ttnn_xdsl.dialect.conversion_ops import TypecastOp

__all__ = [
    "ALIGNMENT_ATTRIBUTE",
    "NAME_ATTRIBUTE",
    "alignment_attribute",
    "own_result_alignments",
    "own_result_names",
    "recorded_alignment",
    "returned_values",
]

NAME_ATTRIBUTE = "ttnn.name"
"""The result attribute recording a result's name through lowering."""

ALIGNMENT_ATTRIBUTE = "ttnn.tensorbin_alignment"
"""The result attribute recording the alignment TT-NN writes for a prepared bias."""


def returned_values(function: func.FuncOp) -> list[SSAValue]:
    """The values `function` returns (none for a declaration)."""
    if function.is_declaration:
        return []
    returns = [op for op in function.body.block.ops if isinstance(op, func.ReturnOp)]
    return list(returns[0].arguments) if returns else []


def _result_attributes(function: func.FuncOp) -> tuple[DictionaryAttr, ...]:
    return function.res_attrs.data if function.res_attrs else ()


def _recorded_name(function: func.FuncOp, position: int) -> str | None:
    attributes = _result_attributes(function)
    if position < len(attributes):
        name = attributes[position].data.get(NAME_ATTRIBUTE)
        if isinstance(name, StringAttr):
            return name.data
    return None


def own_result_names(function: func.FuncOp) -> list[str | None]:
    """The names `function` gives its results itself: recorded (`ttnn.name`), else the SSA
    name of the returned value; None where it gives none."""
    return [
        _recorded_name(function, position) or value.name_hint
        for position, value in enumerate(returned_values(function))
    ]


def _bias_alignment(value: SSAValue) -> tuple[int, int] | None:
    """`[32, width]` when `value` is a prepared bias (a bias layout op's result, cast or not)."""
    while isinstance(value.owner, TypecastOp):
        value = value.owner.input
    if isinstance(value.owner, ConvBiasLayoutOp):
        return (TILE_SIZE, value.owner.value_of("width"))
    return None


def recorded_alignment(attributes: DictionaryAttr | None) -> tuple[int, ...] | None:
    """The alignment a result's attributes record, None when they record none."""
    if attributes is None:
        return None
    alignment = attributes.data.get(ALIGNMENT_ATTRIBUTE)
    if isinstance(alignment, DenseArrayBase) and isinstance(alignment.elt_type, IntegerType):
        return tuple(int(x) for x in alignment.get_values())
    return None


def own_result_alignments(function: func.FuncOp) -> list[tuple[int, ...] | None]:
    """For each result of `function`: the alignment to write for it, recorded, else that of a
    prepared bias it returns; None for any other result."""
    attributes = _result_attributes(function)
    return [
        (recorded_alignment(attributes[position]) if position < len(attributes) else None)
        or _bias_alignment(value)
        for position, value in enumerate(returned_values(function))
    ]


def alignment_attribute(alignment: tuple[int, ...]) -> Attribute:
    return DenseArrayBase.from_list(i32, alignment)

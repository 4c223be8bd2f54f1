"""`ttnn.assign_bw`, the backward of assign (semantics.md §2): each produced gradient is the
incoming gradient cast to its destination's dtype."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    I32,
    DenseArrayBase,
    IntegerAttr,
    StringAttr,
    TensorType,
    i1,
)
from xdsl.ir import (
    Attribute,
    SSAValue,
)
from xdsl.irdl import (
    AttrSizedOperandSegments,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.dialect.attributes import MemoryConfigAttr
from ttnn_xdsl.dialect.keyword_properties import INT32, STRING, i32_attribute, refuse_token
from ttnn_xdsl.dialect.operation import TTNNOperation, bool_list, format_bools
from ttnn_xdsl.dialect.tensor_types import TensorInfo, denote_same_tensor

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
                "queue_id": None if queue_id is None else i32_attribute(queue_id, "queue_id"),
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
        first, second = bool_list(self.are_required_outputs)
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
                values = bool_list(self.are_required_outputs)
                if len(values) != 2:
                    raise self.error(
                        "expected are_required_outputs to have exactly two values, got "
                        + format_bools(values)
                    )
                if not any(values):
                    raise self.error(
                        "expected at least one gradient: are_required_outputs is "
                        + format_bools(values)
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
                f"(are_required_outputs = {format_bools(self.required_outputs)})"
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
            if not denote_same_tensor(result.type, source.type):
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
            properties["are_required_outputs"] = _parse_required_outputs(parser)
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
            properties["queue_id"] = INT32.parse(parser, "queue_id")
        if parser.parse_optional_keyword("round_mode") is not None:
            parser.parse_punctuation("=")
            properties["round_mode"] = STRING.parse(parser, "round_mode")
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
                " are_required_outputs = " + format_bools(bool_list(self.are_required_outputs))
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


def _parse_required_outputs(parser: Parser) -> DenseArrayBase:
    """`are_required_outputs`' value, `[true|false, …]`; anything else is refused at it in the
    project's words, as the keyword properties' values are (`refuse_token`)."""
    written = "are_required_outputs to be a boolean array ([true|false, …])"

    def boolean() -> bool:
        value = parser.parse_optional_boolean()
        if value is None:
            refuse_token(parser, written)
        return value

    values = parser.parse_optional_comma_separated_list(parser.Delimiter.SQUARE, boolean)
    if values is None:
        refuse_token(parser, written)
    return DenseArrayBase.from_list(i1, [int(value) for value in values])

"""Shared helpers of the dialect tests: SSA values, printing and parsing attributes, verifier
messages, and the tensor types the tests use most."""

from __future__ import annotations

from io import StringIO

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import (
    ModuleOp,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import (
    BufferType,
    DataType,
    TensorMemoryLayout,
)
from ttnn_xdsl.dialect.attributes import (
    MemoryConfigAttr,
)
from ttnn_xdsl.dialect.tensor_types import tensor_type

# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


def values(*types: Attribute) -> tuple[SSAValue, ...]:
    """SSA values of the given types (arguments of a fresh block)."""
    return tuple(Block(arg_types=types).args)


def printed(attr: Attribute) -> str:
    stream = StringIO()
    Printer(stream=stream).print_attribute(attr)
    return stream.getvalue()


def parse_attr(ctx: Context, text: str) -> Attribute:
    return Parser(ctx, text).parse_attribute()


def parse_type(ctx: Context, text: str) -> Attribute:
    return Parser(ctx, text).parse_type()


def verify_error(op: Operation) -> str:
    """The message of `op`'s verifier failure (the test fails when it verifies)."""
    with pytest.raises(VerifyException) as error:
        op.verify()
    return str(error.value)


def in_module(op: Operation, attributes: dict[str, Attribute] | None = None) -> ModuleOp:
    """Put `op` alone in a module with `attributes`: only its parent matters here, for
    `module_grid` (the module is not valid IR: its operands are defined elsewhere)."""
    return ModuleOp(Region(Block([op])), attributes=attributes or {})


BF16_TILE = tensor_type((32, 32), DataType.BFLOAT16)
BFP8_TILE = tensor_type((32, 32), DataType.BFLOAT8_B)
F32_TILE = tensor_type((32, 32), DataType.FLOAT32)
L1_INTERLEAVED = MemoryConfigAttr(BufferType.L1, TensorMemoryLayout.INTERLEAVED)

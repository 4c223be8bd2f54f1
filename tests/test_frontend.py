"""Tests of reading IR text (`ttnn_xdsl.frontend`): every op located at FILE:LINE:COL, and
parse and verify failures as one-line located errors."""

from __future__ import annotations

import pytest
from dialect_helpers import (
    F32_TILE,
    values,
)
from xdsl.builder import ImplicitBuilder
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    FileLineColLoc,
    IntAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
    TensorType,
    UnknownLoc,
    f32,
)
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.errors import TTNNError, format_location
from ttnn_xdsl.dialect.conversion_ops import TypecastOp
from ttnn_xdsl.dialect.types import bfp8_b
from ttnn_xdsl.frontend.diagnostics import located_diagnostic, parse_module, verify_module

# ---------------------------------------------------------------------------------------------
# frontend: locations and one-line errors
# ---------------------------------------------------------------------------------------------

T = "#ttnn.tensor_layout<tile>"
MODULE = (
    f"func.func @f(%g: tensor<32x32xbf16, {T}>) {{\n"
    f"  %0 = ttnn.typecast %g : tensor<32x32xbf16, {T}> -> tensor<32x32xf32, {T}>\n"
    f"    %1 = ttnn.typecast %g : tensor<32x32xbf16, {T}> -> tensor<64x32xf32, {T}>\n"
    "  func.return\n"
    "}\n"
)


def locations(module: ModuleOp) -> list[tuple[str, str | None]]:
    return [(op.name, format_location(op.location)) for op in module.walk()]


def test_parse_module_locates_every_operation(ctx: Context) -> None:
    module = parse_module(ctx, MODULE, "in.mlir")
    assert locations(module) == [
        ("builtin.module", None),
        ("func.func", "in.mlir:1:1"),
        ("ttnn.typecast", "in.mlir:2:3"),
        ("ttnn.typecast", "in.mlir:3:5"),
        ("func.return", "in.mlir:4:3"),
    ]
    assert isinstance(module.location, UnknownLoc)  # the implicit module has no text
    shifted = parse_module(ctx, MODULE, "in.mlir", line_offset=10)
    assert locations(shifted)[2] == ("ttnn.typecast", "in.mlir:12:3")


def test_parse_module_keeps_written_locations(ctx: Context) -> None:
    text = 'func.func @f() {\n  func.return loc("x.py":7:9)\n}\n'
    module = parse_module(ctx, text, "in.mlir")
    ret = list(module.walk())[-1]
    assert isinstance(ret.location, FileLineColLoc)
    assert format_location(ret.location) == "x.py:7:9"


def test_verify_module_names_the_failing_op(ctx: Context) -> None:
    module = parse_module(ctx, MODULE, "in.mlir", line_offset=4)
    with pytest.raises(TTNNError) as error:
        verify_module(module)
    assert error.value.stage == "verify"
    assert error.value.location == "in.mlir:7:5"
    assert str(error.value) == (
        "in.mlir:7:5: error: 'ttnn.typecast' op expected the result shape [64, 32] to equal the "
        "input shape [32, 32]"
    )
    valid = parse_module(ctx, MODULE.replace("64x32xf32", "32x32xf32"), "in.mlir")
    verify_module(valid)


TB = "tensor<1x1x1x32xf32, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>"
PARSE_ERRORS: list[tuple[str, str]] = [
    # A syntax error: at the offending token, shifted by line_offset.
    (
        "func.func @f(%x: tensor<4xf32, #ttnn.tensor_layout<tiled>>)\n",
        "in.mlir:3:52: error: expected row_major or tile, got tiled",
    ),
    # An attribute's verifier: at the attribute.
    (
        "func.func @f() attributes {c = #ttnn.conv2d_config<act_block_w_div = 0>}\n",
        "in.mlir:3:32: error: #ttnn.conv2d_config expected act_block_w_div to be positive, got 0",
    ),
    # An i32 property out of range: at the value, naming it (no traceback).
    (
        "func.func @f(%g: tensor<1x1x1x32xf32>) {\n"
        f"  %1 = ttnn.conv_bias_layout %g width = 4294967296 : tensor<1x1x1x32xf32> -> {TB}\n"
        "  func.return\n"
        "}\n",
        "in.mlir:4:41: error: expected width to be an i32, got 4294967296",
    ),
    # xDSL's unchecked parameter count: a diagnostic, not a ValueError traceback.
    (
        "func.func private @f(!ttnn.bfp8_b<8>)\n",
        "in.mlir:3:22: error: invalid parameters for !ttnn.bfp8_b: zip() argument 2 is longer "
        "than argument 1",
    ),
]


@pytest.mark.parametrize(("text", "message"), PARSE_ERRORS)
def test_parse_module_errors(ctx: Context, text: str, message: str) -> None:
    with pytest.raises(TTNNError) as error:
        parse_module(ctx, text, "in.mlir", line_offset=2)
    assert error.value.stage == "parse"
    assert str(error.value) == message


def test_located_diagnostic_is_one_line() -> None:
    (value,) = values(MemRefType(f32, (4,)))
    op = TypecastOp(value, F32_TILE)
    op.location = FileLineColLoc(StringAttr("x.mlir"), IntAttr(3), IntAttr(5))
    with pytest.raises(VerifyException) as error:
        op.verify()
    located = located_diagnostic(op, error.value)
    assert str(located) == (
        "x.mlir:3:5: error: 'ttnn.typecast' op operand 'input' at position 0 does not verify: "
        "memref<4xf32> should be of base attribute tensor"
    )
    plain = located_diagnostic(op, VerifyException("Operation does not verify: bad"))
    assert str(plain) == "x.mlir:3:5: error: 'ttnn.typecast' op bad"
    assert format_location(UnknownLoc()) is None
    assert str(TTNNError("no position", None)) == "no position"


# ---------------------------------------------------------------------------------------------
# Types that cannot exist are errors where they are written
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "column", "message"),
    [
        (
            "tensor<32x32x!ttnn.bfp8_b>",
            18,
            "bfloat8_b needs the tile layout, got a host row-major tensor "
            "tensor<32x32x!ttnn.bfp8_b>",
        ),
        (
            "tensor<32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<row_major>>",
            18,
            "bfloat8_b needs the tile layout, got tensor<32x32x!ttnn.bfp8_b, "
            "#ttnn.tensor_layout<row_major>>",
        ),
    ],
)
def test_an_impossible_tensor_type_is_a_parse_error_at_the_type(
    ctx: Context, written: str, column: int, message: str
) -> None:
    """Even as the argument of a function no op reads: rejected where written, not later
    in a pass or the runtime."""
    text = f"func.func @f(%x: {written}) {{\n  func.return\n}}\n"
    with pytest.raises(TTNNError) as error:
        parse_module(ctx, text, "types.mlir")
    assert (error.value.location, error.value.message, error.value.stage) == (
        f"types.mlir:1:{column}",
        message,
        "parse",
    )


def test_an_impossible_tensor_type_built_in_python_fails_verification() -> None:
    bad = TensorType(bfp8_b, (32, 32))
    function = func.FuncOp("f", ((bad,), ()))
    with ImplicitBuilder(function.body):
        func.ReturnOp()
    function.location = FileLineColLoc(StringAttr("built.py"), IntAttr(7), IntAttr(1))
    with pytest.raises(TTNNError) as error:
        verify_module(ModuleOp([function]))
    assert str(error.value) == (
        "built.py:7:1: error: 'func.func' op bfloat8_b needs the tile layout, got a host "
        "row-major tensor tensor<32x32x!ttnn.bfp8_b>"
    )

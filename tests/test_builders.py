"""Building functions and modules from Python (dialect/builders.py)."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import SSAValue

from ttnn_xdsl.dialect import (
    DataType,
    PrepareConvWeightsOp,
    TypecastOp,
    build_function,
    build_module,
    tensor_type,
)
from ttnn_xdsl.frontend import verify_module
from ttnn_xdsl.program import run

WEIGHT = TensorType(f32, [2, 3, 3, 3])


def prepare(weight: SSAValue) -> PrepareConvWeightsOp:
    return PrepareConvWeightsOp(
        weight,
        in_channels=3,
        out_channels=2,
        batch_size=1,
        input_height=8,
        input_width=8,
        kernel_size=(3, 3),
        padding=(1, 1),
    )


def test_function_from_types_and_a_body() -> None:
    function = build_function(
        "main", [WEIGHT], prepare, argument_names=["weight"], result_names=["prepared"]
    )
    module = build_module(function, grid=(8, 8))
    verify_module(module)
    text = str(module)
    assert "builtin.module attributes {ttnn.grid = array<i32: 8, 8>}" in text
    # semantics.md §3.7's first example with a TILE DRAM input (alignment 32): Cin_pad 32,
    # BH round_up(32·3, 32) = 96 rows per kernel row → [1, 1, 288, 32].
    assert (
        "func.func @main(%weight: tensor<2x3x3x3xf32>) -> tensor<1x1x27x2xf32, "
        "#ttnn.tensor_layout<tile, physical = 1x1x288x32>>" in text
    )
    assert "%prepared = ttnn.prepare_conv_weights %weight" in text
    (prepared,) = run(module, {"weight": np.ones((2, 3, 3, 3), np.float32)})
    assert prepared.physical_shape == (1, 1, 288, 32)


def test_a_body_may_return_an_op_a_sequence_or_nothing() -> None:
    tile = tensor_type((32, 32), DataType.FLOAT32)
    bf16_tile = tensor_type((32, 32), DataType.BFLOAT16)
    as_op = build_function("f", [tile], lambda x: TypecastOp(x, bf16_tile))
    assert [str(t) for t in as_op.function_type.outputs.data] == [
        "tensor<32x32xbf16, #ttnn.tensor_layout<tile>>"
    ]
    both = build_function("g", [tile, tile], lambda x, y: [y, x])
    assert list(both.function_type.outputs.data) == [tile, tile]
    nothing = build_function("h", [tile], lambda x: None)
    assert list(nothing.function_type.outputs.data) == []
    assert isinstance(nothing.body.block.last_op, func.ReturnOp)
    verify_module(build_module(as_op, both, nothing))


def test_name_counts_must_match() -> None:
    with pytest.raises(ValueError, match=r"^@main: 2 argument names for 1 arguments$"):
        build_function("main", [WEIGHT], prepare, argument_names=["a", "b"])
    with pytest.raises(ValueError, match=r"^@main: 2 result names for 1 results$"):
        build_function("main", [WEIGHT], prepare, result_names=["a", "b"])

"""Each distinct op is lowered once per module (`passes/outlining.py`): an op that occurs
again with the same properties and types costs no lowering — each occurrence calls one
outlined function — and gives the same bytes as the op lowered in place."""

# ruff: noqa: E501 - IR lines are long; they stay as the printer writes them.
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.dialects import func

from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.dialect import make_context
from ttnn_xdsl.dialect.call_graph import is_outlined
from ttnn_xdsl.frontend import parse_module
from ttnn_xdsl.passes import TTNNDecompose, convert_ttnn_to_tiles, lower_conv_layouts
from ttnn_xdsl.program import Program

ROOT = Path(__file__).resolve().parents[1]
T = "#ttnn.tensor_layout<tile>"
BIAS = "tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>"


def bias_layouts(count: int) -> str:
    """@prepare(%b0, …) -> the same conv_bias_layout of each argument."""
    arguments = ", ".join(f"%b{i}: tensor<1x1x1x64xbf16>" for i in range(count))
    body = "\n".join(
        f"  %r{i} = ttnn.conv_bias_layout %b{i} width = 64 : tensor<1x1x1x64xbf16> -> {BIAS}"
        for i in range(count)
    )
    results = ", ".join(f"%r{i}" for i in range(count))
    return (
        f"func.func @prepare({arguments}) -> ({', '.join([BIAS] * count)}) {{\n{body}\n"
        f"  func.return {results} : {', '.join([BIAS] * count)}\n}}\n"
    )


@pytest.fixture
def lowered_ops(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The name of each op the lowering patterns build loops for, counted."""
    counts: Counter[str] = Counter()
    for module in (convert_ttnn_to_tiles, lower_conv_layouts):
        original = module.lowering

        @contextmanager
        def counting(rewriter: Any, op: Any, original: Any = original) -> Iterator[Any]:
            counts[op.name] += 1
            with original(rewriter, op) as results:
                yield results

        monkeypatch.setattr(module, "lowering", counting)
    return counts


def test_a_second_identical_op_costs_no_lowering(lowered_ops: Counter[str]) -> None:
    program = Program.load(bias_layouts(2))
    assert lowered_ops == Counter({"ttnn.conv_bias_layout": 1})
    functions = [op for op in program.module.walk() if isinstance(op, func.FuncOp)]
    assert [(f.sym_name.data, is_outlined(f)) for f in functions] == [
        ("prepare", False),
        ("conv_bias_layout_0", True),
    ]
    calls = [op for op in functions[0].walk() if isinstance(op, func.CallOp)]
    assert [call.callee.string_value() for call in calls] == ["conv_bias_layout_0"] * 2
    # The outlined function is no entry: the default is still the only function of the
    # source, and it is the only function a caller sees.
    assert program.entry == "prepare" and program.functions == ["prepare"]


def test_three_occurrences_lower_once_and_give_each_its_own_bytes(
    lowered_ops: Counter[str],
) -> None:
    values = [np.random.default_rng(seed).standard_normal((1, 1, 1, 64)) for seed in range(3)]
    outlined = Program.load(bias_layouts(3)).run([v.astype(np.float32) for v in values])
    assert lowered_ops == Counter({"ttnn.conv_bias_layout": 1})
    in_place = Program.load(bias_layouts(1))
    for value, tensor in zip(values, outlined, strict=True):
        (expected,) = in_place.run([value.astype(np.float32)])
        assert tensor.to_bytes() == expected.to_bytes()
    assert len({tensor.to_bytes() for tensor in outlined}) == 3  # three distinct results


def test_resnet50_lowers_each_distinct_layout_op_once(lowered_ops: Counter[str]) -> None:
    # The layout ops ttnn-decompose makes of the 106 prepare ops, told apart by their
    # printed properties and types: 26 distinct ones.
    text = (ROOT / "examples" / "resnet50_conv_weights.mlir").read_text()
    ctx = make_context()
    module = parse_module(ctx, text, "resnet50_conv_weights.mlir")
    TTNNDecompose().apply(ctx, module)
    layout_ops = [op for op in module.walk() if op.dialect_name() == "ttnn"]
    distinct = {
        (
            op.name,
            str(sorted(op.properties.items())),
            str(op.operands[0].type),
            str(op.result_types),
        )
        for op in layout_ops
    }
    assert (len(layout_ops), len(distinct)) == (106, 26)
    Program.load(text)
    assert lowered_ops == Counter(name for name, *_ in distinct)
    assert lowered_ops == Counter(
        {
            "ttnn.conv_bias_layout": 6,
            "ttnn.conv_weights_special_padding_layout": 15,
            "ttnn.conv_weights_block_sharded_layout": 5,
        }
    )


def test_ops_that_differ_in_a_property_or_a_type_are_lowered_each(
    lowered_ops: Counter[str],
) -> None:
    text = f"""
func.func @main(%x: tensor<40x50xbf16, {T}>, %y: tensor<40x60xbf16, {T}>)
    -> (tensor<40x50x!ttnn.bfp8_b, {T}>, tensor<40x50xf32, {T}>, tensor<40x60x!ttnn.bfp8_b, {T}>) {{
  %0 = ttnn.typecast %x : tensor<40x50xbf16, {T}> -> tensor<40x50x!ttnn.bfp8_b, {T}>
  %1 = ttnn.typecast %x : tensor<40x50xbf16, {T}> -> tensor<40x50xf32, {T}>
  %2 = ttnn.typecast %y : tensor<40x60xbf16, {T}> -> tensor<40x60x!ttnn.bfp8_b, {T}>
  func.return %0, %1, %2 : tensor<40x50x!ttnn.bfp8_b, {T}>, tensor<40x50xf32, {T}>, tensor<40x60x!ttnn.bfp8_b, {T}>
}}
"""
    program = Program.load(text)
    assert lowered_ops == Counter({"ttnn.typecast": 3})
    assert not any(isinstance(op, func.CallOp) for op in program.module.walk())


def two_bfloat8_b_weights() -> str:
    """The newcomer's twolayer.mlir: two identical bfloat8_b weight preparations (one
    outlined function of their typecast), `%p1` on line 3 and `%p2` on line 10."""
    prepare = """ttnn.prepare_conv_weights %{weight}
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>
      input_layout = #ttnn.layout<tile> weights_format = "OIHW"
      in_channels = 64 out_channels = 64 batch_size = 1 input_height = 56 input_width = 56
      kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = height_sharded>
      : tensor<64x64x3x3xf32> -> {prepared}"""
    prepared = "tensor<1x1x576x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>"
    return f"""func.func @main(%w1: tensor<64x64x3x3xf32>, %w2: tensor<64x64x3x3xf32>)
    -> ({prepared}, {prepared}) {{
  %p1 = {prepare.format(weight="w1", prepared=prepared)}
  %p2 = {prepare.format(weight="w2", prepared=prepared)}
  func.return %p1, %p2 : {prepared}, {prepared}
}}
"""


@pytest.mark.parametrize("bulk", [True, False], ids=["bulk", "op by op"])
@pytest.mark.parametrize(("failing", "line"), [(0, 3), (1, 10)], ids=["%p1", "%p2"])
def test_a_run_error_in_an_outlined_op_names_the_occurrence_it_came_from(
    failing: int, line: int, bulk: bool
) -> None:
    text = two_bfloat8_b_weights()
    assert text.splitlines()[line - 1].startswith(f"  %p{failing + 1} = ttnn.prepare_conv_weights")
    program = Program.load(text, filename="twolayer.mlir")
    assert any(is_outlined(f) for f in program.module.walk() if isinstance(f, func.FuncOp))
    weights = [np.ones((64, 64, 3, 3), np.float32) for _ in range(2)]
    weights[failing][0, 0, 0, 0] = np.nan
    with pytest.raises(RunError) as error:
        program.run(weights, bulk=bulk)
    assert str(error.value) == (
        f"f32 -> bfp8_b typecast at twolayer.mlir:{line}:3: bfloat8_b cannot encode non-finite "
        "values (NaN or Inf found)"
    )


def test_a_run_error_in_an_op_outlined_across_functions_names_the_entry_s_own() -> None:
    # @good's and @bad's typecasts are one outlined function; running @bad names line 6.
    tile_bf16 = "tensor<1x1x32x32xbf16, #ttnn.tensor_layout<tile>>"
    tile_bfp8 = "tensor<1x1x32x32x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>"
    text = "".join(
        f"""func.func @{name}(%x: {tile_bf16}) -> {tile_bfp8} {{
  %y = ttnn.typecast %x : {tile_bf16} -> {tile_bfp8}
  func.return %y : {tile_bfp8}
}}
"""
        for name in ("good", "bad")
    )
    program = Program.load(text, filename="two.mlir", entry="bad")
    with pytest.raises(RunError) as error:
        program.run([np.full((1, 1, 32, 32), np.inf, np.float32)])
    assert str(error.value) == (
        "bf16 -> bfp8_b typecast at two.mlir:6:3: bfloat8_b cannot encode non-finite values "
        "(NaN or Inf found)"
    )

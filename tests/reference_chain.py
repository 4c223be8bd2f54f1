"""The values a prepare op's decomposition makes, computed with the tests' own formulas: the
layout ops `ttnn-decompose` chose (their properties read from the IR) applied one after the
other by the reference layouts of test_conv_layouts (semantics.md §3.6, §7.3) and the reference
formats of reference_formats — not by the project's lowering, interpreter or formats. A test
holds what a user's path prepared against these bytes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from reference_formats import device_bytes, device_values, host_values
from test_conv_layouts import (
    bias_matrix,
    block_sharded,
    depthwise,
    fold,
    grouped,
    interleaved_mm,
    iohw_to_oihw,
    mirror,
    pad_channels,
    special_padding,
    tiled,
)
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    IntegerAttr,
    TensorType,
    i1,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.program.loading import lower_source


def _value(attribute: Attribute) -> Any:
    if isinstance(attribute, IntegerAttr):
        value = attribute.value.data
        return bool(value) if attribute.type == i1 else value
    if isinstance(attribute, DenseArrayBase):
        return tuple(attribute.get_values())
    if isinstance(attribute, ArrayAttr):
        return tuple(_value(item) for item in attribute.data)
    raise AssertionError(f"no reference reading of {attribute}")


def _properties(op: Operation) -> dict[str, Any]:
    return {name: _value(value) for name, value in op.properties.items()}


def _padded(w: np.ndarray, properties: dict[str, Any]) -> np.ndarray:
    out_channels = properties.get("padded_out_channels", w.shape[0])
    in_channels = properties.get("padded_in_channels", w.shape[1])
    return pad_channels(w, out_channels, in_channels)


def _matrix(w: np.ndarray) -> np.ndarray:
    """A [1, 1, rows, cols] result as its [rows, cols] matrix."""
    return w.reshape(w.shape[-2], w.shape[-1])


LAYOUTS: dict[str, Callable[[np.ndarray, dict[str, Any]], np.ndarray]] = {
    "ttnn.conv_weights_interleaved_mm_layout": lambda w, p: interleaved_mm(w),
    "ttnn.conv_weights_special_padding_layout": lambda w, p: special_padding(
        _padded(w, p), p["block_h"], p["block_w"], p.get("enable_activation_reuse", False)
    ),
    "ttnn.conv_weights_tiled_layout": lambda w, p: tiled(_padded(w, p), p["block_h"], p["block_w"]),
    "ttnn.conv_weights_block_sharded_layout": lambda w, p: block_sharded(
        _padded(w, p), p["in_shards"], p["out_shards"], p.get("full_inner_dim", False)
    ),
    "ttnn.conv_weights_grouped_layout": lambda w, p: grouped(w, p["groups"]),
    "ttnn.conv_weights_depthwise_layout": lambda w, p: depthwise(w, p["act_block_h_ntiles"]),
    "ttnn.conv_weights_fold_kernel_stride": lambda w, p: fold(w, *p["stride"]),
    "ttnn.conv_weights_iohw_to_oihw": lambda w, p: iohw_to_oihw(w, p.get("groups", 1)),
    "ttnn.conv_weights_mirror_kernel": lambda w, p: mirror(w),
    "ttnn.conv_bias_layout": lambda w, p: bias_matrix(w, p["width"]),
}
"""Each layout op of the decomposition → its reference formula (float32 values in, out)."""


def _converted(values: np.ndarray, result: Attribute) -> np.ndarray:
    """`ttnn.typecast` / `ttnn.to_layout`: the values the result type keeps."""
    info = tensor_info(result)
    dtype = info.dtype.value
    if info.layout.value == "tile":
        return device_values(_matrix(values), dtype).reshape(values.shape)
    return host_values(values, dtype)


def reference_results(text: str, inputs: dict[str, np.ndarray], entry: str = "main") -> list[bytes]:
    """The exact device bytes of each TILE result of `entry` in the module `text`, from the
    decomposition's layout ops evaluated by the reference formulas on `inputs` (host arrays
    by argument name, rounded to the argument's dtype first)."""
    _, module = lower_source(text, "ttnn-decompose")
    function = next(
        op for op in module.walk() if isinstance(op, func.FuncOp) and op.sym_name.data == entry
    )
    values: dict[SSAValue, np.ndarray] = {}
    for argument in function.body.block.args:
        dtype = tensor_info(argument.type).dtype.value
        values[argument] = host_values(inputs[argument.name_hint or ""], dtype)
    for op in function.body.block.ops:
        if isinstance(op, func.ReturnOp):
            return [
                device_bytes(_matrix(values[operand]), tensor_info(operand.type).dtype.value)
                for operand in op.operands
            ]
        source = values[op.operands[0]]
        if op.name in ("ttnn.typecast", "ttnn.to_layout"):
            values[op.results[0]] = _converted(source, op.results[0].type)
            continue
        made = LAYOUTS[op.name](source, _properties(op))
        assert isinstance(op.results[0].type, TensorType)
        values[op.results[0]] = made.astype(np.float32)
    raise AssertionError(f"@{entry} has no return")

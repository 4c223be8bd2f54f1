"""Builds `@main(activation, weight[, bias])` returning a `ttnn.conv2d_consume` of a test case's
plan (tests/test_conv_consumption.py's `Case`), with the knobs the conv2d lowering tests turn:
output dtype and layout, DEST width, math fidelity, the activation's form (NHWC or tt-mlir's
flat [1, 1, N·H·W, C]) and properties written over the plan's (as hand-written IR may)."""

from __future__ import annotations

from typing import Any

from xdsl.builder import ImplicitBuilder
from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, IntegerAttr, ModuleOp, i64

from ttnn_xdsl.conv import resolve_conv_weights
from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.dialect.conv2d_ops import conv2d_consume_from_plan
from ttnn_xdsl.dialect.tensor_types import tensor_type
from ttnn_xdsl.runtime import DeviceTensor


def device_tensor_type(prepared: DeviceTensor) -> Any:
    return tensor_type(
        prepared.logical_shape, prepared.dtype, Layout.TILE, physical=prepared.physical_shape
    )


def consume_program(
    case: Any,
    prepared: DeviceTensor,
    prepared_bias: DeviceTensor | None = None,
    *,
    output_dtype: DataType = DataType.FLOAT32,
    output_layout: Layout = Layout.TILE,
    fp32_dest_acc_en: bool = True,
    math_fidelity: str = "HiFi4",
    flat_activation: bool = False,
    activation_dtype: DataType = DataType.FLOAT32,
    activation_shape: tuple[int, ...] | None = None,
    integer_overrides: dict[str, int] | None = None,
) -> ModuleOp:
    params = case.parameters()
    plan = resolve_conv_weights(params)
    shape = (case.batch, case.height, case.width, case.in_channels)
    if flat_activation:
        shape = (1, 1, case.batch * case.height * case.width, case.in_channels)
    shape = activation_shape or shape
    types = [tensor_type(shape, activation_dtype, None), device_tensor_type(prepared)]
    if prepared_bias is not None:
        types.append(device_tensor_type(prepared_bias))
    function = func.FuncOp("main", (types, []))
    with ImplicitBuilder(function.body) as arguments:
        op = conv2d_consume_from_plan(
            arguments[0],
            arguments[1],
            arguments[2] if prepared_bias is not None else None,
            plan,
            params,
            output_dtype=output_dtype,
            fp32_dest_acc_en=fp32_dest_acc_en,
            math_fidelity=math_fidelity,
            output_layout=output_layout,
        )
        for name, value in (integer_overrides or {}).items():
            op.properties[name] = IntegerAttr(value, i64)
        func.ReturnOp(op.result)
    function.function_type = FunctionType.from_lists(types, [op.result.type])
    module = ModuleOp([function])
    module.verify()
    return module

"""Running a conv from a prepared weight: `ttnn.conv2d_consume` of a plan in a module of its own,
lowered and interpreted (docs/semantics.md §9.5–9.7). Used by the scale check against the
reference (tests/conv2d_scale.py) and the example network (examples/resnet_stage.py)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.builder import ImplicitBuilder
from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, ModuleOp, TensorType

from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.core.enums import Layout
from ttnn_xdsl.dialect.conv2d_ops import ConvConsumeOp, conv2d_consume_from_plan
from ttnn_xdsl.dialect.tensor_types import tensor_type
from ttnn_xdsl.program.program import run
from ttnn_xdsl.runtime.conv_tolerance import ConvNumerics
from ttnn_xdsl.runtime.tensor import DeviceTensor


@dataclass(frozen=True)
class ConsumedConv:
    """The conv's output `[1, 1, N·OH·OW, Cout]` (float64 of the output dtype's values) and the
    K blocks the op accumulated over."""

    output: np.ndarray
    k_blocks: int


def prepared_type(prepared: DeviceTensor) -> TensorType:
    """The TILE tensor type of a prepared weight or bias (its logical and physical shape)."""
    return tensor_type(
        prepared.logical_shape, prepared.dtype, Layout.TILE, physical=prepared.physical_shape
    )


def conv2d_consume_module(
    plan: ConvWeightsPlan,
    params: Conv2dParameters,
    weight: DeviceTensor,
    bias: DeviceTensor | None,
    numerics: ConvNumerics,
) -> ModuleOp:
    """`@main(activation, weight[, bias])` returning the `ttnn.conv2d_consume` of `plan` in
    `numerics`: the activation row-major NHWC of the numerics' input dtype."""
    shape = (params.batch_size, params.input_height, params.input_width, params.in_channels)
    types = [tensor_type(shape, numerics.input_dtype, None), prepared_type(weight)]
    if bias is not None:
        types.append(prepared_type(bias))
    function = func.FuncOp("main", (types, []))
    with ImplicitBuilder(function.body) as arguments:
        op = conv2d_consume_from_plan(
            arguments[0],
            arguments[1],
            arguments[2] if bias is not None else None,
            plan,
            params,
            output_dtype=numerics.output_dtype,
            fp32_dest_acc_en=numerics.fp32_dest_acc_en,
            packer_l1_acc=False,
        )
        func.ReturnOp(op.result)
    function.function_type = FunctionType.from_lists(types, [op.result.type])
    return ModuleOp([function])


def consume_prepared(
    plan: ConvWeightsPlan,
    params: Conv2dParameters,
    weight: DeviceTensor,
    bias: DeviceTensor | None,
    activation: np.ndarray,
    numerics: ConvNumerics,
) -> ConsumedConv:
    """The conv `params` (resolved as `plan`) of the NHWC `activation` from the prepared
    `weight` and `bias`, lowered and interpreted."""
    module = conv2d_consume_module(plan, params, weight, bias, numerics)
    blocks = next(op.integer("k_blocks") for op in module.walk() if isinstance(op, ConvConsumeOp))
    inputs: list[np.ndarray | DeviceTensor] = [activation, weight]
    if bias is not None:
        inputs.append(bias)
    (output,) = run(module, inputs)
    return ConsumedConv(output.to_numpy().astype(np.float64), blocks)

"""The same conv preparations asked of `ttnn_xdsl.ttnn` (the Python API) and of the IR, side by
side with TT-NN 0.81.1's own answers (a `query_prepare.py run` answers file of the reference
kit: the case's parameters, TT-NN's prepared shapes and dtype or its refusal).

    .venv/bin/python tests/ttnn_api_vs_ir.py ANSWERS.json [ANSWERS.json ...]

For each conv2d case and each of weight and bias: the API's answer (logical shape, physical
shape, dtype, or "refused"), the IR's (the prepare op's inferred result type, or "refused"),
and TT-NN's. Prints the counts of API = IR, API = TT-NN and IR = TT-NN, and each case where
the API and the IR differ or the IR differs from TT-NN (`test_conv2d_config_fields` holds the
committed `config_fields` answers to it). Runs on the project's mock 8x8 Wormhole device (the
answers file must be a wormhole_N150 one)."""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects.builtin import TensorType

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.dialect import make_context
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.frontend import parse_module

Answer = tuple[Any, ...]

IR_DTYPES = {"float32": "f32", "bfloat16": "bf16", "bfloat8_b": "bfp8_b"}


def api_conv_config(config: dict[str, Any]) -> Any:
    """The case's conv_config as TT-NN's Python takes it."""
    values: dict[str, Any] = {}
    for name, value in config.items():
        if name == "shard_layout":
            value = getattr(ttnn.TensorMemoryLayout, value + "_SHARDED")
        elif name == "weights_dtype":
            value = getattr(ttnn, value)
        elif name == "output_layout":
            value = getattr(ttnn.Layout, value)
        elif name == "padding_mode":
            value = getattr(ttnn.PaddingMode, value)
        values[name] = value
    return ttnn.Conv2dConfig(**values)


def api_memory_config(case: dict[str, Any]) -> Any:
    shard = case.get("input_shard")
    if not shard:
        return ttnn.DRAM_MEMORY_CONFIG if case["mem"] == "DRAM" else ttnn.L1_MEMORY_CONFIG
    grid_x, grid_y = shard["grid"]
    cores = ttnn.CoreRangeSet(
        {ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(grid_x - 1, grid_y - 1))}
    )
    spec = ttnn.ShardSpec(
        cores, list(shard["shard_shape"]), getattr(ttnn.ShardOrientation, shard["orientation"])
    )
    return ttnn.MemoryConfig(
        getattr(ttnn.TensorMemoryLayout, shard["kind"] + "_SHARDED"), ttnn.BufferType.L1, spec
    )


def api_answers(case: dict[str, Any], device: Any) -> dict[str, Answer]:
    common = dict(
        input_memory_config=api_memory_config(case),
        input_layout=ttnn.TILE_LAYOUT if case["layout"] == "TILE" else ttnn.ROW_MAJOR_LAYOUT,
        in_channels=case["in_channels"],
        out_channels=case["O"],
        batch_size=case["N"],
        input_height=case["H"],
        input_width=case["W"],
        kernel_size=tuple(case["kernel"]),
        stride=tuple(case["stride"]),
        padding=tuple(case["pad"]),
        dilation=tuple(case["dilation"]),
        groups=case["groups"],
        device=device,
        input_dtype=getattr(ttnn, case["input_dtype"]),
        conv_config=api_conv_config(case["conv_config"]),
    )
    weight = np.zeros((case["O"], case["I"], *case["kernel"]), np.float32)
    answers: dict[str, Answer] = {}
    calls = {
        "weight": lambda: ttnn.prepare_conv_weights(
            weight_tensor=ttnn.from_torch(weight, ttnn.float32),
            weights_format="OIHW",
            has_bias=case["bias"],
            **common,
        ),
        "bias": lambda: ttnn.prepare_conv_bias(
            bias_tensor=ttnn.from_torch(np.zeros((1, 1, 1, case["O"]), np.float32), ttnn.float32),
            **common,
        ),
    }
    for role, call in calls.items():
        try:
            tensor = call()
        except (RuntimeError, NotImplementedError):
            answers[role] = ("refused",)
            continue
        answers[role] = (
            list(tensor.shape),
            list(tensor.padded_shape),
            IR_DTYPES[str(tensor.dtype).split(".")[-1].lower()],
        )
    return answers


def ir_properties(case: dict[str, Any]) -> str:
    """The case as the prepare ops' generic properties."""
    fields = []
    for name, value in case["conv_config"].items():
        if name == "shard_layout":
            value = value.lower() + "_sharded"
        elif name == "weights_dtype":
            value = IR_DTYPES[value]
        else:
            value = str(value).lower()
        fields.append(f"{name} = {value}")
    shard = case.get("input_shard")
    if shard:
        (grid_x, grid_y), (rows, columns) = shard["grid"], shard["shard_shape"]
        memory = (
            f"#ttnn.memory_config<#ttnn.buffer_type<l1>, <{shard['kind'].lower()}_sharded>, "
            f"#ttnn.shard_spec<grid = {grid_x}x{grid_y}, shape = {rows}x{columns}, "
            f"orientation = {shard['orientation'].lower()}>>"
        )
    else:
        memory = f"#ttnn.memory_config<#ttnn.buffer_type<{case['mem'].lower()}>, <interleaved>>"

    def array(values: list[int]) -> str:
        return "array<i32: " + ", ".join(map(str, values)) + ">"

    return (
        f"conv_config = #ttnn.conv2d_config<{', '.join(fields)}>, input_memory_config = {memory}, "
        f"input_layout = #ttnn.layout<{case['layout'].lower()}>, in_channels = "
        f"{case['in_channels']} : i32, out_channels = {case['O']} : i32, batch_size = "
        f"{case['N']} : i32, input_height = {case['H']} : i32, input_width = {case['W']} : i32, "
        f"kernel_size = {array(case['kernel'])}, stride = {array(case['stride'])}, "
        f"padding = {array(case['pad'])}, dilation = {array(case['dilation'])}, "
        f"groups = {case['groups']} : i32, "
        f"input_dtype = #ttnn.data_type<{IR_DTYPES[case['input_dtype']]}>"
    )


def ir_answers(case: dict[str, Any]) -> dict[str, Answer]:
    properties = ir_properties(case)
    weight = "tensor<{}x{}x{}x{}xf32>".format(case["O"], case["I"], *case["kernel"])
    bias = f"tensor<1x1x1x{case['O']}xf32>"
    any_type = "tensor<1x1x1x1xf32>"
    ops = {
        "weight": f'"ttnn.prepare_conv_weights"(%w) <{{{properties}, weights_format = "OIHW", '
        f"has_bias = {str(case['bias']).lower()}}}> : ({weight}) -> {any_type}",
        "bias": f'"ttnn.prepare_conv_bias"(%b) <{{{properties}}}> : ({bias}) -> {any_type}',
    }
    answers: dict[str, Answer] = {}
    for role, op_text in ops.items():
        text = (
            "builtin.module attributes {ttnn.grid = array<i32: 8, 8>} {\n"
            f"func.func @f(%w: {weight}, %b: {bias}) {{\n  %0 = {op_text}\n  func.return\n}}\n}}"
        )
        module = parse_module(make_context(), text, "case.mlir")
        (op,) = [op for op in module.walk() if isinstance(op, ConvPrepareOp)]
        try:
            result = op.inferred_result_type()
        except Exception as error:  # the op's refusal: a VerifyException
            if "VerifyException" not in type(error).__name__:
                raise
            answers[role] = ("refused",)
            continue
        info = tensor_info(result)
        assert isinstance(result, TensorType)
        answers[role] = (list(info.shape), list(info.physical_shape), info.dtype.value)
    return answers


def ttnn_answers(case: dict[str, Any]) -> dict[str, Answer]:
    def answer(prefix: str) -> Answer:
        if f"{prefix}_padded_shape" not in case:
            return ("refused",)
        dtype = case[f"{prefix}_dtype"].split(".")[-1].lower()
        return (
            case[f"{prefix}_logical_shape"],
            case[f"{prefix}_padded_shape"],
            IR_DTYPES[dtype],
        )

    answers = {"weight": answer("weight")}
    if case["bias"] and "weight_padded_shape" in case:
        answers["bias"] = answer("bias")
    return answers


def main(files: list[str]) -> None:
    tally: collections.Counter[str] = collections.Counter()
    device = ttnn.open_device(device_id=0)
    for path in files:
        for case in json.loads(Path(path).read_text()).values():
            if case.get("op") == "conv_transpose2d" or case.get("skipped"):
                continue
            reference = ttnn_answers(case)
            api, ir = api_answers(case, device), ir_answers(case)
            for role in reference:
                api_answer = api[role]
                tally["answers"] += 1
                tally["API = IR"] += api_answer == ir[role]
                tally["API = TT-NN"] += api_answer == reference[role]
                tally["IR = TT-NN"] += ir[role] == reference[role]
                if api_answer != ir[role] or ir[role] != reference[role]:
                    print(
                        f"{case['id']} {role}: API {api_answer} IR {ir[role]} "
                        f"TT-NN {reference[role]}"
                    )
    ttnn.close_device(device)
    for key, count in tally.items():
        print(f"{key}: {count}")


if __name__ == "__main__":
    main(sys.argv[1:])

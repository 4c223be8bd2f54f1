"""Random parameters for every op, valid and invalid, written as IR and run through the tools.

Each draw is IR text. Whether it is valid is what the project's parser and verifier say in
process (the tool must then agree: accept a valid case unless it is too large, refuse an
invalid one); a prepare or layout op's result type is the one the op infers, so most draws are
valid. An accepted case small enough runs with known inputs, and its values and exact bytes are
compared with references written in the tests: the data formats of `reference_formats` and the
index maps of `test_conv_layouts` (semantics.md §1, §3.6). The layout a prepare op gets (its
padding, blocks, shards, expansion and folding) is the project's resolution, read from the
parsed op; the resolution itself is checked against hand-computed cases in
test_conv_resolution.py.
"""

from __future__ import annotations

import io
import math
import random
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from reference_formats import device_bytes, device_values, host_bytes, host_values
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
    random_weight,
    special_padding,
    tiled,
)

from fuzz.harness import MAX_BYTES, NOT_COMPARED, Case

ELEMENT = {"f32": "f32", "bf16": "bf16", "bfp8_b": "!ttnn.bfp8_b"}
MAX_VALUES = 40_000
"""Weights larger than this are verified and lowered but not compared value by value (the
references are plain Python loops)."""


def dims(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))


def _npy(values: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, values)
    return buffer.getvalue()


def _round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


# ---------------------------------------------------------------------------------------------
# What the project says about a draw (parsed and verified in process)
# ---------------------------------------------------------------------------------------------


@dataclass
class Verdict:
    """The draw's IR with its types filled in, whether the project accepts it, and its
    parsed module (None when it does not parse)."""

    text: str
    valid: bool
    module: Any


def _parse(text: str) -> Any | None:
    from ttnn_xdsl.core.errors import TTNNError
    from ttnn_xdsl.dialect.context import make_context
    from ttnn_xdsl.frontend import parse_module

    try:
        return parse_module(make_context(), text, "draw.mlir")
    except TTNNError:
        return None


def _verifies(module: Any) -> bool:
    from ttnn_xdsl.core.errors import TTNNError
    from ttnn_xdsl.frontend import verify_module

    try:
        verify_module(module)
    except TTNNError:
        return False
    return True


def _with_inferred_types(text: str, infer: Callable[[Any], dict[str, str]]) -> Verdict:
    """Parse `text` (whose `!result_*` aliases hold placeholder types), ask `infer` for the
    types the ops infer, write them into the aliases and verify."""
    module = _parse(text)
    if module is None:
        return Verdict(text, False, None)
    try:
        inferred = infer(module)
    except Exception:  # the op refuses its parameters: keep the placeholders, invalid
        inferred = {}
    for alias, type_text in inferred.items():
        text = text.replace(f"{alias} = {PLACEHOLDER}", f"{alias} = {type_text}")
    module = _parse(text)
    return Verdict(text, module is not None and _verifies(module), module)


PLACEHOLDER = "tensor<1x1x32x32xf32, #ttnn.tensor_layout<tile>>"


def _ops(module: Any, name: str) -> list[Any]:
    return [op for op in module.walk() if op.name == name]


# ---------------------------------------------------------------------------------------------
# Checks of a run's outputs
# ---------------------------------------------------------------------------------------------


def _load_npz(folder: Path) -> dict[str, np.ndarray]:
    with zipfile.ZipFile(folder / "out.npz") as archive:
        return {
            name.removesuffix(".npy"): np.load(io.BytesIO(archive.read(name)))
            for name in archive.namelist()
        }


def _compare(name: str, actual: np.ndarray, expected: np.ndarray) -> str | None:
    actual = np.ascontiguousarray(actual, dtype=np.float32)
    expected = np.ascontiguousarray(expected, dtype=np.float32)
    if actual.shape != expected.shape:
        return f"{name}: shape {actual.shape}, expected {expected.shape}"
    differ = actual.view(np.uint32) != expected.view(np.uint32)
    if differ.any():
        first = tuple(int(x) for x in np.argwhere(differ)[0])
        return (
            f"{name}: {int(differ.sum())} of {differ.size} values differ, first at {first}: "
            f"{actual[first]!r} != {expected[first]!r}"
        )
    return None


Expected = list[tuple[np.ndarray, bytes]]
MAX_RESULT_VALUES = 4_000_000
"""A result larger than this is not compared (its reference would be slow)."""


def _check_results(expected: Callable[[], Expected | None]) -> Callable[[Path], str | None]:
    """A check of `out.npz` (values) and `raw/NAME.bin` (bytes) against what `expected`
    computes (after the run: the reference is only computed for an accepted case; None when
    it is too large to compute). The results are the archive's members, in result order."""

    def check(folder: Path) -> str | None:
        pairs = expected()
        if pairs is None:
            return NOT_COMPARED
        values = _load_npz(folder)
        names = list(values)
        if len(names) != len(pairs):
            return f"{len(names)} results written, {len(pairs)} expected"
        for name, (matrix, data) in zip(names, pairs, strict=True):
            if (difference := _compare(name, values[name], matrix)) is not None:
                return difference
            raw = (folder / "raw" / f"{name}.bin").read_bytes()
            if raw != data:
                return f"{name}: device bytes differ ({len(raw)} bytes, expected {len(data)})"
        return None

    return check


def _run_case(
    label: str,
    verdict: Verdict,
    inputs: dict[str, np.ndarray],
    expected: Callable[[], Expected | None] | None,
    rng: random.Random,
    tags: tuple[str, ...],
    *,
    always_run: bool = False,
) -> Case:
    """ttnn-run of the draw on `inputs`, checked against `expected` when given; or, now and
    then (never when `always_run`), ttnn-opt lowering it."""
    files = {"draw.mlir": verdict.text.encode()}
    expect = "accept" if verdict.valid else "refuse"
    if not always_run and rng.random() < 0.25:
        pipeline = rng.choice(("ttnn-decompose", "ttnn-lower", "ttnn-lower,canonicalize,cse"))
        return Case(
            "draw",
            label,
            "ttnn-opt",
            ["{dir}/draw.mlir", "-p", pipeline],
            files,
            [],
            None,
            expect,
            tags,
        )
    args = [
        "{dir}/draw.mlir",
        "--max-bytes",
        MAX_BYTES,
        "--output",
        "{dir}/out.npz",
        "--raw-output",
        "{dir}/raw",
    ]
    for name, values in inputs.items():
        files[f"{name}.npy"] = _npy(values)
        args += ["--input", f"{name}={{dir}}/{name}.npy"]
    args += ["--random-inputs", "0"]
    if rng.random() < 0.3:
        args.append("--no-bulk")  # op by op, against the same reference
    check = _check_results(expected) if expected is not None and verdict.valid else None
    return Case("draw", label, "ttnn-run", args, files, ["out.npz", "raw"], check, expect, tags)


# ---------------------------------------------------------------------------------------------
# assign_bw, typecast, to_layout
# ---------------------------------------------------------------------------------------------


def _shape(rng: random.Random, rank: int, extents: tuple[int, ...]) -> tuple[int, ...]:
    """Leading dims of 1–5 and last two dims from `extents` (a case stays well inside the
    time limit)."""
    leading = tuple(rng.choice((1, 1, 2, 3, 5)) for _ in range(max(rank - 2, 0)))
    return leading + tuple(rng.choice(extents) for _ in range(min(rank, 2)))


def _tile_type(shape: tuple[int, ...], dtype: str) -> str:
    return f"tensor<{dims(shape)}x{ELEMENT[dtype]}, #ttnn.tensor_layout<tile>>"


def _padded(values: np.ndarray) -> np.ndarray:
    *leading, rows, cols = values.shape
    padded = np.zeros((*leading, _round_up(rows, 32), _round_up(cols, 32)), np.float32)
    padded[..., :rows, :cols] = values
    return padded


def _gradient(grad: np.ndarray, grad_dtype: str, dtype: str) -> tuple[np.ndarray, bytes]:
    """assign_bw's gradient for a destination of `dtype`: the incoming gradient as the device
    holds it, cast (semantics.md §2)."""
    held = device_values(_padded(grad), grad_dtype)
    *_, rows, cols = grad.shape
    return device_values(held, dtype)[..., :rows, :cols], device_bytes(held, dtype)


def _gradients(grad: np.ndarray, grad_dtype: str, dtypes: list[str]) -> Expected:
    return [_gradient(grad, grad_dtype, dtype) for dtype in dtypes]


def assign_bw_draw(rng: random.Random) -> Case:
    rank = rng.choice((2, 3, 4, 4, 2, 3, 4, 4, 1, 5))
    shape = _shape(rng, rank, (1, 1, 2, 3, 31, 32, 33, 40, 64, 70))
    dtypes = ("bf16", "bfp8_b") * 8 + ("f32",)
    grad_dtype, a_dtype, b_dtype = (rng.choice(dtypes) for _ in range(3))
    binary = rng.random() < 0.6
    required = [rng.random() < 0.8, rng.random() < 0.8] if binary else [True]
    buffers = {
        "input_grad": rng.random() < 0.3 and required[0],
        "other_grad": binary and rng.random() < 0.3 and required[-1],
    }
    buffer_dtypes = {name: rng.choice(dtypes) for name in buffers}
    other_shape = shape if rng.random() < 0.9 else tuple(d + 1 for d in shape)
    arguments = [("grad", shape, grad_dtype), ("input_a", shape, a_dtype)]
    if binary:
        arguments.append(("input_b", other_shape, b_dtype))
    arguments += [(n, shape, buffer_dtypes[n]) for n, present in buffers.items() if present]
    # Result types: each destination's (a preallocated buffer's when given).
    results: list[tuple[str, str]] = []
    if required[0]:
        results.append(("input_grad" if buffers["input_grad"] else "input_a", ""))
    if binary and required[-1]:
        results.append(("other_grad" if buffers["other_grad"] else "input_b", ""))
    dtype_of = {name: dtype for name, _, dtype in arguments}
    shape_of = {name: s for name, s, _ in arguments}
    result_dtypes = [dtype_of[name] for name, _ in results]
    if result_dtypes and rng.random() < 0.05:
        result_dtypes[0] = rng.choice(dtypes)
    result_types = [
        _tile_type(shape_of[name], dtype)
        for (name, _), dtype in zip(results, result_dtypes, strict=True)
    ]
    argument_text = ", ".join(f"%{n}: {_tile_type(s, d)}" for n, s, d in arguments)
    operands = ["%grad", "%input_a"] + (["%input_b"] if binary else [])
    extra = ""
    if buffers["input_grad"]:
        extra += " input_grad(%input_grad)"
    if buffers["other_grad"]:
        extra += " other_grad(%other_grad)"
    if binary and (not all(required) or rng.random() < 0.5):
        extra += (
            " are_required_outputs = ["
            + ", ".join("true" if r else "false" for r in required)
            + "]"
        )
    if rng.random() < 0.2:
        extra += f" queue_id = {rng.choice((0, 1, -1, 2**31 - 1))}"
    if rng.random() < 0.2:
        extra += (
            f' round_mode = "{rng.choice(("trunc", "floor", "trunc", "floor", "nearest", ""))}"'
        )
    operand_types = ", ".join(
        _tile_type(shape_of[n], dtype_of[n]) for n in [o[1:] for o in operands]
    )
    operand_types += "".join(
        f", {_tile_type(shape, buffer_dtypes[n])}" for n, p in buffers.items() if p
    )
    names = [f"%r{k}" for k in range(len(result_types))]
    joined = ", ".join(result_types)
    text = (
        f"func.func @main({argument_text}) -> ({joined}) {{\n"
        + (f"  {', '.join(names)} = " if names else "  ")
        + f"ttnn.assign_bw({', '.join(operands)}){extra} : ({operand_types}) -> ({joined})\n"
        + f"  func.return {', '.join(names)}{' : ' + joined if names else ''}\n}}\n"
    )
    module = _parse(text)
    verdict = Verdict(text, module is not None and _verifies(module), module)
    form = "binary" if binary else "unary"
    label = f"assign_bw {form} {dims(shape)} grad {grad_dtype} {extra.strip()}"
    small = math.prod(shape) <= MAX_VALUES
    grad = random_weight(shape, rng.randrange(2**31)) if small else None
    expected = None
    if verdict.valid and small and rank >= 2:
        expected = partial(_gradients, grad, grad_dtype, result_dtypes)
    inputs = {"grad": grad} if grad is not None else {}
    return _run_case(label, verdict, inputs, expected, rng, ("assign_bw",), always_run=True)


def _as_pair(
    values: np.ndarray, encode: Callable[[np.ndarray, str], bytes], matrix: np.ndarray, dtype: str
) -> tuple[np.ndarray, bytes]:
    return values, encode(matrix, dtype)


def _one(pair: Callable[[], tuple[np.ndarray, bytes]]) -> Expected:
    return [pair()]


def conversion_draw(rng: random.Random) -> Case:
    """typecast (dtype change, same layout) or to_layout (tilize / untilize)."""
    rank = rng.choice((2, 3, 4, 1))
    shape = _shape(rng, rank, (1, 2, 31, 32, 33, 50, 64))
    dtypes = ("f32", "bf16", "bfp8_b")
    source, target = rng.choice(dtypes), rng.choice(dtypes)
    small = math.prod(shape) <= MAX_VALUES
    grad = random_weight(shape if small else (1,) * rank, rng.randrange(2**31))
    if rng.random() < 0.5:
        op = "typecast"
        in_type, out_type = _tile_type(shape, source), _tile_type(shape, target)
        if rng.random() < 0.1:
            out_type = _tile_type(tuple(d + 1 for d in shape), target)
        expected_pair = partial(_gradient, grad, source, target) if rank >= 2 else None
    else:
        op = "to_layout"
        if source == "bfp8_b":
            source = "bf16"
        host = f"tensor<{dims(shape)}x{ELEMENT[source]}>"
        tile = _tile_type(shape, source if rng.random() < 0.9 else target)
        tilize = rng.random() < 0.5
        in_type, out_type = (host, tile) if tilize else (tile, host)
        values = host_values(grad, source)
        if rank < 2:
            expected_pair = None
        elif tilize:
            expected_pair = partial(_as_pair, values, device_bytes, _padded(values), source)
        else:
            expected_pair = partial(_as_pair, values, host_bytes, values, source)
    text = (
        f"func.func @main(%x: {in_type}) -> {out_type} {{\n"
        f"  %r = ttnn.{op} %x : {in_type} -> {out_type}\n"
        f"  func.return %r : {out_type}\n}}\n"
    )
    module = _parse(text)
    verdict = Verdict(text, module is not None and _verifies(module), module)
    expected = partial(_one, expected_pair) if expected_pair is not None and small else None
    inputs = {"x": grad} if small else {}
    return _run_case(f"{op} {in_type} -> {out_type}", verdict, inputs, expected, rng, (op,))


# ---------------------------------------------------------------------------------------------
# prepare_conv_weights / prepare_conv_bias
# ---------------------------------------------------------------------------------------------


def _memory_config(rng: random.Random) -> str:
    kind = rng.choice(("dram", "dram", "dram", "l1", "height", "width", "block", "block"))
    if rng.random() < 0.03:
        kind = "nospec"
    if kind == "dram":
        return "#ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>"
    if kind == "l1":
        return "#ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>"
    layout = {"height": "height_sharded", "width": "width_sharded", "block": "block_sharded"}.get(
        kind, rng.choice(("height_sharded", "block_sharded"))
    )
    if kind == "nospec":
        return f"#ttnn.memory_config<#ttnn.buffer_type<l1>, <{layout}>>"
    grid = (rng.randint(1, 8), rng.randint(1, 8))
    shard = (rng.choice((32, 64, 96, 128, 1024, 4096, 16)), rng.choice((16, 32, 64, 128, 8)))
    orientation = rng.choice(("", ", orientation = row_major", ", orientation = col_major"))
    buffer = "l1" if rng.random() < 0.9 else "dram"
    return (
        f"#ttnn.memory_config<#ttnn.buffer_type<{buffer}>, <{layout}>, #ttnn.shard_spec<grid = "
        f"{grid[0]}x{grid[1]}, shape = {shard[0]}x{shard[1]}{orientation}>>"
    )


def _conv_config(rng: random.Random) -> str:
    fields = []
    if rng.random() < 0.6:
        fields.append(f"weights_dtype = {rng.choice(('bf16', 'f32', 'bfp8_b'))}")
    if rng.random() < 0.6:
        layouts = ("height_sharded", "width_sharded", "block_sharded") * 6 + ("interleaved",)
        fields.append(f"shard_layout = {rng.choice(layouts)}")
    if rng.random() < 0.2:
        fields.append(
            f"act_block_h_override = {rng.choice((0, 32, 64, 96, 32, 64, 33, 2**31 - 32))}"
        )
    if rng.random() < 0.2:
        fields.append(f"act_block_w_div = {rng.choice((1, 2, 3, 1, 2, 3, 0))}")
    for name in (
        "transpose_shards",
        "full_inner_dim",
        "enable_activation_reuse",
        "enable_kernel_stride_folding",
    ):
        if rng.random() < 0.15:
            fields.append(f"{name} = {rng.choice(('true', 'false'))}")
    return (
        f"conv_config = #ttnn.conv2d_config<{', '.join(fields)}>"
        if fields or rng.random() < 0.3
        else ""
    )


def _parameters(rng: random.Random) -> dict[str, Any]:
    groups = rng.choice((1, 1, 1, 1, 2, 3, 4))
    in_channels = rng.choice((1, 2, 3, 4, 8, 16, 24, 32, 33, 48, 64)) * (
        groups if rng.random() < 0.9 else 1
    )
    out_channels = rng.choice((1, 2, 4, 8, 16, 30, 32, 40, 64)) * (
        groups if rng.random() < 0.9 else 1
    )
    depthwise = rng.random() < 0.15
    if depthwise:
        groups = in_channels = out_channels = rng.choice((2, 4, 8, 16, 32))
    kernel = (rng.choice((1, 1, 2, 3, 3, 5)), rng.choice((1, 1, 2, 3, 3, 5)))
    height = 1 if depthwise and rng.random() < 0.7 else rng.choice((1, 4, 7, 8, 14, 16, 28))
    width = rng.choice((4, 7, 8, 14, 16, 28, 56))
    padding = [rng.choice((0, 0, 1, 2)) for _ in range(rng.choice((2, 2, 4)))]
    if rng.random() < 0.05:
        padding = [rng.choice((-1, 0, 1)) for _ in range(rng.choice((1, 3, 4)))]
    stride = [rng.choice((1, 1, 2, 3)), rng.choice((1, 1, 2, 3))]
    dilation = [rng.choice((1, 1, 1, 2)), rng.choice((1, 1, 1, 2))]
    parameters: dict[str, Any] = {
        "in_channels": in_channels,
        "out_channels": out_channels,
        "batch_size": rng.choice((1, 1, 2, 8)),
        "input_height": height,
        "input_width": width,
        "kernel_size": list(kernel),
        "stride": stride,
        "padding": padding,
        "dilation": dilation,
        "groups": groups,
    }
    if rng.random() < 0.08:  # one parameter out of its domain
        name = rng.choice(list(parameters))
        value = rng.choice((0, -1, 2**31 - 1, 7))
        parameters[name] = [value, value] if isinstance(parameters[name], list) else value
    return parameters


def _property_text(parameters: dict[str, Any]) -> str:
    def value(v: Any) -> str:
        return "[" + ", ".join(map(str, v)) + "]" if isinstance(v, list) else str(v)

    return " ".join(f"{key} = {value(v)}" for key, v in parameters.items())


def prepare_draw(rng: random.Random, transpose: bool = False) -> Case:
    """A prepare_conv_weights (with its bias) or, `transpose`, a
    prepare_conv_transpose2d_weights (an IOHW weight, output_padding, mirror_kernel) with its
    bias."""
    parameters = _parameters(rng)
    groups, kernel = parameters["groups"], parameters["kernel_size"]
    in_channels, out_channels = parameters["in_channels"], parameters["out_channels"]
    divides = isinstance(groups, int) and groups > 0
    weight_only = f'weights_format = "{"IOHW" if transpose else "OIHW"}"'
    if transpose:
        per_group = out_channels // groups if divides and out_channels > 0 else 1
        channels = (max(in_channels, 1), max(per_group, 1))
        if rng.random() < 0.85:
            extra = [rng.choice((0, 0, 1, 2)), rng.choice((0, 0, 1))]
            if rng.random() < 0.03:
                extra = rng.choice(([-1, 0], [1]))
            weight_only += " " + _property_text({"output_padding": extra})
        if rng.random() < 0.3:
            weight_only += f" mirror_kernel = {rng.choice(('true', 'false'))}"
    else:
        per_group = in_channels // groups if divides and in_channels > 0 else 1
        channels = (max(out_channels, 1), max(per_group, 1))
    weight_shape = (*channels, *(max(k, 1) for k in kernel[:2]))
    if rng.random() < 0.05:
        weight_shape = (weight_shape[0] + 1, *weight_shape[1:])
    host = rng.choice(("f32", "bf16"))
    has_bias = rng.random() < 0.6
    grid = rng.choice((None, None, None, (8, 8), (8, 8), (13, 10), (4, 2), (1, 1), (64, 64)))
    if rng.random() < 0.03:
        grid = rng.choice(((0, 8), (65, 1), (2**31 - 1, 8)))
    memory = _memory_config(rng)
    layout = rng.choice(("tile", "tile", "row_major"))
    config = _conv_config(rng)
    accumulate = rng.choice(("true", "false"))
    compute = (
        f" compute_config = #ttnn.device_compute_kernel_config<fp32_dest_acc_en = {accumulate}>"
        if rng.random() < 0.2
        else ""
    )
    common = (
        f"input_memory_config = {memory} input_layout = #ttnn.layout<{layout}> "
        + _property_text(parameters)
        + (f" {config}" if config else "")
        + compute
    )
    weight_type = f"tensor<{dims(weight_shape)}x{host}>"
    bias_shape = (1, 1, 1, max(out_channels, 1))
    bias_type = f"tensor<{dims(bias_shape)}x{host}>"
    attributes = f" attributes {{ttnn.grid = array<i32: {grid[0]}, {grid[1]}>}}" if grid else ""
    lines = [
        f"!result_w = {PLACEHOLDER}",
        f"!result_b = {PLACEHOLDER}",
        f"builtin.module{attributes} {{",
    ]
    arguments = f"%weight: {weight_type}" + (f", %bias: {bias_type}" if has_bias else "")
    results = "!result_w" + (", !result_b" if has_bias else "")
    name = "prepare_conv_transpose2d" if transpose else "prepare_conv"
    lines.append(f"  func.func @main({arguments}) -> ({results}) {{")
    lines.append(
        f"    %w = ttnn.{name}_weights %weight {common} has_bias = "
        f"{'true' if has_bias else 'false'} {weight_only} : {weight_type} -> !result_w"
    )
    if has_bias:
        lines.append(f"    %b = ttnn.{name}_bias %bias {common} : {bias_type} -> !result_b")
    lines.append(f"    func.return %w{', %b' if has_bias else ''} : {results}")
    lines += ["  }", "}"]
    text = "\n".join(lines) + "\n"

    def infer(module: Any) -> dict[str, str]:
        types = {}
        for op in _ops(module, f"ttnn.{name}_weights"):
            types["!result_w"] = str(op.inferred_result_type())
        for op in _ops(module, f"ttnn.{name}_bias"):
            types["!result_b"] = str(op.inferred_result_type())
        return types

    verdict = _with_inferred_types(text, infer)
    if verdict.valid and rng.random() < 0.05:  # a written result type that differs
        broken = verdict.text.replace("!result_w = tensor<1x1x", "!result_w = tensor<1x2x", 1)
        module = _parse(broken)
        verdict = Verdict(broken, module is not None and _verifies(module), module)
    label = f"{name}_weights {dims(weight_shape)} {host} {common} {weight_only}" + (
        " + bias" if has_bias else ""
    )
    small = math.prod(weight_shape) <= MAX_VALUES
    # A huge draw gets random inputs (refused by size or run): no values to write.
    weight = random_weight(weight_shape if small else (1, 1, 1, 1), rng.randrange(2**31))
    bias = random_weight(bias_shape if small else (1, 1, 1, 1), rng.randrange(2**31))
    inputs = {"weight": weight, **({"bias": bias} if has_bias else {})} if small else {}
    expected = None
    if verdict.valid and small:
        expected = partial(
            _prepared, verdict.module, f"ttnn.{name}_weights", weight, bias if has_bias else None,
            host,
        )  # fmt: skip
    return _run_case(
        label,
        verdict,
        inputs,
        expected,
        rng,
        (f"{name}_weights",) + ((f"{name}_bias",) if has_bias else ()),
        always_run=True,
    )


def prepare_transpose_draw(rng: random.Random) -> Case:
    return prepare_draw(rng, transpose=True)


def _prepared(
    module: Any, op_name: str, weight: np.ndarray, bias: np.ndarray | None, host: str
) -> Expected | None:
    """The prepared weight (and bias) from the reference index maps, on the layout the
    resolution chose (module doc); a conv_transpose2d's IOHW weight first goes through the
    references of its transform (semantics.md §7.3)."""
    (op,) = _ops(module, op_name)
    plan = op.resolve()
    if math.prod(plan.layout.physical_shape) > MAX_RESULT_VALUES:
        return None
    w = host_values(weight, host)
    if op_name == "ttnn.prepare_conv_transpose2d_weights":
        w = iohw_to_oihw(w, op.value_of("groups"))
        if op.value_of("mirror_kernel"):
            w = mirror(w)
    if plan.expansion.groups_expand is not None:
        w = grouped(w, plan.expansion.groups_expand)
    elif plan.form.depthwise_1d:
        if plan.expansion.depthwise_act_block_h_ntiles * 32 * w.size > MAX_VALUES * 8:
            return None
        w = depthwise(w, plan.expansion.depthwise_act_block_h_ntiles)
    if plan.form.fold_stride is not None:
        w = fold(w, *plan.form.fold_stride)
    kind = plan.layout.kind.value
    if kind == "interleaved_mm":
        matrix = interleaved_mm(w)
    else:
        w = pad_channels(w, plan.layout.padded_out_channels, plan.layout.padded_in_channels)
        config = plan.params.conv_config
        if kind == "special_padding":
            reuse = config.enable_activation_reuse and not plan.form.depthwise_1d
            matrix = special_padding(
                w, plan.blocking.weight_block_h_ntiles, plan.blocking.weight_block_w_ntiles, reuse
            )
        elif kind == "tiled":
            matrix = tiled(
                w, plan.blocking.weight_block_h_ntiles, plan.blocking.weight_block_w_ntiles
            )
        else:
            matrix = block_sharded(
                w,
                plan.sharding.input_cores_channels,
                plan.sharding.output_cores_channels,
                config.full_inner_dim,
            )
    dtype = plan.weights_dtype.value
    physical = matrix.reshape(1, 1, *matrix.shape)
    results = [(device_values(physical, dtype), device_bytes(physical, dtype))]
    if bias is not None:
        # The bias op's own plan: on a transposed conv's DRAM path the weight is prepared for a
        # slice's sharded input, the bias on conv2d's own path, and their widths can differ.
        bias_op_name = op_name.replace("_weights", "_bias")
        (bias_op,) = _ops(module, bias_op_name)
        width = bias_op.resolve().bias.physical_shape[-1]
        padded = bias_matrix(host_values(bias, host), width).reshape(1, 1, 32, width)
        results.append((device_values(padded, dtype), device_bytes(padded, dtype)))
    return results


# ---------------------------------------------------------------------------------------------
# Layout ops
# ---------------------------------------------------------------------------------------------

_LAYOUT_OPS = (
    "conv_weights_iohw_to_oihw",
    "conv_weights_mirror_kernel",
    "conv_weights_interleaved_mm_layout",
    "conv_weights_special_padding_layout",
    "conv_weights_tiled_layout",
    "conv_weights_block_sharded_layout",
    "conv_weights_grouped_layout",
    "conv_weights_depthwise_layout",
    "conv_weights_fold_kernel_stride",
    "conv_bias_layout",
)


def layout_draw(rng: random.Random) -> Case:
    op = rng.choice(_LAYOUT_OPS)
    o, i = rng.choice((1, 2, 4, 8, 32, 40)), rng.choice((1, 2, 3, 4, 8, 16))
    kh, kw = rng.choice((1, 2, 3)), rng.choice((1, 2, 3))
    shape: tuple[int, ...] = (o, i, kh, kw)
    small = (0, 1, 2, 3, 4, -1)
    properties: dict[str, Any] = {}
    if op in ("conv_weights_special_padding_layout", "conv_weights_tiled_layout"):
        properties = {"block_h": rng.choice((*small[1:4], 6, 9)), "block_w": rng.choice(small[1:4])}
        if op == "conv_weights_special_padding_layout":
            properties["enable_activation_reuse"] = rng.random() < 0.3
    elif op == "conv_weights_block_sharded_layout":
        properties = {
            "in_shards": rng.choice((1, 2, 4, 3)),
            "out_shards": rng.choice((1, 2, 4, 3)),
            "full_inner_dim": rng.random() < 0.5,
        }
    elif op == "conv_weights_grouped_layout":
        properties = {"groups": rng.choice((1, 2, 4, 3, 0))}
    elif op == "conv_weights_depthwise_layout":
        shape = (o, 1, kh, kw) if rng.random() < 0.9 else shape
        properties = {"act_block_h_ntiles": rng.choice((1, 2, 0))}
    elif op == "conv_weights_fold_kernel_stride":
        properties = {"stride": [rng.choice((1, 2, 3, 0)), rng.choice((1, 2, 3))]}
    elif op == "conv_weights_iohw_to_oihw":
        properties = {"groups": rng.choice((1, 1, 2, 4, 3, 0))}
    elif op == "conv_bias_layout":
        shape = (1, 1, 1, o)
        properties = {"width": rng.choice((32, 64, 96, _round_up(o, 32), 16))}
    if (
        op
        not in (
            "conv_weights_grouped_layout",
            "conv_weights_depthwise_layout",
            "conv_weights_fold_kernel_stride",
            "conv_weights_iohw_to_oihw",
            "conv_weights_mirror_kernel",
            "conv_bias_layout",
            "conv_weights_interleaved_mm_layout",
        )
        and rng.random() < 0.5
    ):
        properties["padded_in_channels"] = _round_up(i, rng.choice((1, 8, 16, 32)))
        properties["padded_out_channels"] = _round_up(o, rng.choice((32, 64)))
    if rng.random() < 0.05 and properties:
        key = rng.choice(list(properties))
        if not isinstance(properties[key], bool):
            properties[key] = rng.choice((0, -1, 2**31 - 1))
    host = rng.choice(("f32", "bf16"))
    dtype = (
        rng.choice(("f32", "bf16", "bfp8_b"))
        if op
        not in (
            "conv_weights_grouped_layout",
            "conv_weights_depthwise_layout",
            "conv_weights_fold_kernel_stride",
            "conv_weights_iohw_to_oihw",
            "conv_weights_mirror_kernel",
        )
        else host
    )
    source = f"tensor<{dims(shape)}x{host}>"
    text = (
        f"!result = {PLACEHOLDER}\n"
        f"func.func @main(%w: {source}) -> !result {{\n"
        f"  %r = ttnn.{op} %w {_layout_properties(properties)} : {source} -> !result\n"
        "  func.return %r : !result\n}\n"
    )

    def infer(module: Any) -> dict[str, str]:
        from ttnn_xdsl.core.enums import DataType
        from ttnn_xdsl.dialect.tensor_types import tensor_info

        (layout_op,) = _ops(module, f"ttnn.{op}")
        return {
            "!result": str(
                layout_op.expected_result(tensor_info(layout_op.input.type), DataType(dtype))
            )
        }

    verdict = _with_inferred_types(text, infer)
    weight = random_weight(shape, rng.randrange(2**31))
    expected = None
    if verdict.valid and math.prod(shape) <= MAX_VALUES:
        values = host_values(weight, host)
        expected = partial(_layout_expected, op, properties, values, dtype, verdict.text)
    label = f"{op} {source} {_layout_properties(properties)} -> {dtype}"
    return _run_case(label, verdict, {"w": weight}, expected, rng, (op,))


def _layout_properties(properties: dict[str, Any]) -> str:
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(map(str, v)) + "]"
        return str(v)

    return " ".join(f"{key} = {value(v)}" for key, v in properties.items())


def _layout_expected(
    op: str, properties: dict[str, Any], w: np.ndarray, dtype: str, text: str
) -> Expected | None:
    if _result_values(text) > MAX_RESULT_VALUES:
        return None
    if op == "conv_weights_grouped_layout":
        out = grouped(w, properties["groups"])
        return [(out, host_bytes(out, dtype))]
    if op == "conv_weights_depthwise_layout":
        out = depthwise(w, properties["act_block_h_ntiles"])
        return [(out, host_bytes(out, dtype))]
    if op == "conv_weights_fold_kernel_stride":
        out = fold(w, *properties["stride"])
        return [(out, host_bytes(out, dtype))]
    if op == "conv_weights_iohw_to_oihw":
        out = iohw_to_oihw(w, properties["groups"])
        return [(out, host_bytes(out, dtype))]
    if op == "conv_weights_mirror_kernel":
        out = mirror(w)
        return [(out, host_bytes(out, dtype))]
    if op == "conv_bias_layout":
        matrix = bias_matrix(w, properties["width"]).reshape(1, 1, 32, properties["width"])
    else:
        # 0 (or absent) is the weight's own channel count, as for the op.
        o_pad = properties.get("padded_out_channels") or w.shape[0]
        i_pad = properties.get("padded_in_channels") or w.shape[1]
        padded = pad_channels(w, o_pad, i_pad)
        if op == "conv_weights_interleaved_mm_layout":
            matrix = interleaved_mm(w)
        elif op == "conv_weights_special_padding_layout":
            matrix = special_padding(
                padded,
                properties["block_h"],
                properties["block_w"],
                properties["enable_activation_reuse"],
            )
        elif op == "conv_weights_tiled_layout":
            matrix = tiled(padded, properties["block_h"], properties["block_w"])
        else:
            matrix = block_sharded(
                padded,
                properties["in_shards"],
                properties["out_shards"],
                properties["full_inner_dim"],
            )
        matrix = matrix.reshape(1, 1, *matrix.shape)
    values = device_values(matrix, dtype)
    if "physical =" not in text.split("\n", 1)[0]:
        # The result type does not spell its physical shape: --output holds the logical values.
        logical = text.split("\n", 1)[0].split("tensor<", 1)[1].split("x")[:4]
        rows, cols = int(logical[2]), int(logical[3])
        values = values[..., :rows, :cols]
    return [(values, device_bytes(matrix, dtype))]


def _result_values(text: str) -> int:
    """The number of values of the `!result` type in the draw's first line (its physical
    shape when it spells one)."""
    line = text.split("\n", 1)[0]
    spelled = line.split("physical = ", 1)[1] if "physical = " in line else line.split("<", 1)[1]
    return math.prod(int(d) for d in spelled.split(">")[0].split(",")[0].split("x") if d.isdigit())


DRAWS: dict[str, Callable[[random.Random], Case]] = {
    "assign_bw": assign_bw_draw,
    "prepare": prepare_draw,
    "prepare_transpose": prepare_transpose_draw,
    "conversion": conversion_draw,
    "layout": layout_draw,
}
_DRAW_WEIGHTS = {"assign_bw": 3, "prepare": 5, "prepare_transpose": 2, "conversion": 1, "layout": 2}


def draw_case(rng: random.Random) -> Case:
    names = list(DRAWS)
    name = rng.choices(names, weights=[_DRAW_WEIGHTS[n] for n in names])[0]
    return DRAWS[name](rng)

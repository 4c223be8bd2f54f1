"""TT-NN 0.81.1's own `conv2d` and `conv_transpose2d` answers (tests/data/ttnn_reference/
conv2d_op/ and conv_transpose2d_op/, READMEs there) as `ttnn.conv2d` and `ttnn.conv_transpose2d`
ops, and the verdict of the project on each: whether it accepts what TT-NN accepts with TT-NN's
output (logical and padded shape, dtype, layout, memory config with the shard spec's cores,
shape and orientation) and the weight and bias TT-NN's op prepares, and refuses what TT-NN
refuses with TT-NN's rule. Read by tests/test_conv2d_op_reference.py,
tests/test_conv_transpose2d_op_reference.py and by their pin maker
(`python tests/conv2d_op_reference_cases.py` prints the verdicts)."""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

from ttnn_reference_cases import (
    DATA,
    DTYPES,
    REFUSAL_RULES,
    TTNN_DTYPES,
    common_properties,
    compute_config,
    grid_of,
    memory_config,
    output_is_empty,
    slice_config,
)
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import Attribute, SSAValue
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import (
    BufferType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.dialect import MemoryConfigAttr, ShardSpecAttr, build_function, build_module
from ttnn_xdsl.dialect.conv2d_ops import (
    Conv2dOp,
    ConvOp,
    ConvTranspose2dOp,
    prepared_bias_type,
    prepared_weight_type,
)
from ttnn_xdsl.dialect.tensor_types import denote_same_tensor, tensor_type
from ttnn_xdsl.dialect.tt_mlir_attributes import CoreRangeAttr, CoreRangeSetAttr

ANSWERS = DATA / "conv2d_op"
FILES = sorted(
    path for path in ANSWERS.glob("*.json.gz") if not path.name.startswith("ttnn_conv_transpose2d")
)
"""The conv2d answers. The dev set's conv_transpose2d answers kept here (read by the API's and
tt-mlir's tests) are compared in conv_transpose2d_op/, as asked again there."""
PINS = ANSWERS / "pins.json"
TRANSPOSED_ANSWERS = DATA / "conv_transpose2d_op"
TRANSPOSED_FILES = sorted(TRANSPOSED_ANSWERS.glob("*.json.gz"))
TRANSPOSED_PINS = TRANSPOSED_ANSWERS / "pins.json"

KIT_L1_SMALL_SIZE = 16384
"""The reference kit opens its device with `l1_small_size = 16384` unless a case says."""

L1_ALLOCATION_PLACES = (
    "bank_manager.cpp:514",  # Out of Memory: Not enough space to allocate … L1 buffer
    "program.cpp:2567",  # Statically allocated circular buffers … grow to … beyond max L1 size
    "program.cpp:2624",  # Statically allocated circular buffers … clash with L1 buffers
    "dataflow_buffer.cpp:3087",  # Statically allocated dataflow buffers … grow to … beyond
    "dataflow_buffer.cpp:3096",  # Statically allocated dataflow buffers … clash with L1 buffers
)

CONV2D_REFUSAL_RULES: tuple[tuple[str, str], ...] = (
    *REFUSAL_RULES,
    # conv2d_utils.cpp:228: TT-NN's conv2d finds no shard layout on an input it reshards.
    ("conv2d_utils.cpp:228", "reshard_if_not_optimal on an input already sharded needs"),
    # tt-metal's datum_size, asked of a bfloat8_b input by the L1 estimate with activation
    # reuse (conv_l1_model.reuse_datum_refusal): a ValueError with no place.
    ("datum for bfp2, bfp4, bfp8 is invalid", "datum for bfp2, bfp4, bfp8 is invalid"),
)
"""TT-NN's refusals by the rule that refused (its TT_FATAL's place), each with the words of the
project's message for that rule; besides these, a project message that quotes TT-NN's own
message (the program factories' checks, `conv2d_decisions`) names TT-NN's rule."""


def load(path: Path) -> list[dict[str, Any]]:
    """The answered cases of a file (a case the recording run skipped is no answer)."""
    with gzip.open(path, "rt") as text:
        cases = json.load(text)
    return [case for case in cases.values() if case.get("error") != "skipped"]


def names_tt_nn_rule(case: dict[str, Any], message: str) -> bool:
    """Whether the project's refusal `message` names the rule of TT-NN's refusal."""
    error, info = case["error"], case.get("error_info") or ""
    if info and without_program_number(info) in without_program_number(message):
        return True
    return any(tt_nn in error and project in message for tt_nn, project in CONV2D_REFUSAL_RULES)


def without_program_number(message: str) -> str:
    """A message with TT-NN's program number (a process-wide counter; the project names the
    program) left out."""
    return re.sub(r"in program \S+ clash", "in program N clash", message)


def is_l1_allocation(case: dict[str, Any]) -> bool:
    return any(place in case["error"] for place in L1_ALLOCATION_PLACES)


def output_memory_config(answer: dict[str, Any]) -> MemoryConfigAttr:
    """TT-NN's output memory config, the shard grid as a core range set."""
    buffer = BufferType.DRAM if answer["buffer_type"] == "DRAM" else BufferType.L1
    layout = TensorMemoryLayout(answer["memory_layout"].lower())
    spec = answer.get("shard_spec")
    if spec is None:
        return MemoryConfigAttr(buffer, layout)
    cores = CoreRangeSetAttr([CoreRangeAttr((a, b), (c, d)) for a, b, c, d in spec["grid"]])
    orientation = ShardOrientation(spec["orientation"].lower())
    return MemoryConfigAttr(
        buffer, layout, ShardSpecAttr.positional(cores, spec["shape"], orientation)
    )


def output_type(case: dict[str, Any]) -> Attribute:
    """TT-NN's output as a tensor type (f32 [1, 1, 1, 1] where TT-NN refused)."""
    if "output_logical_shape" not in case:
        return TensorType(f32, [1, 1, 1, 1])
    layout = Layout.TILE if case["output_layout"] == "Layout.TILE" else Layout.ROW_MAJOR
    return tensor_type(
        case["output_logical_shape"],
        TTNN_DTYPES[case["output_dtype"]],
        layout,
        memory_config=output_memory_config(case["output_memory_config"]),
        # A row-major type spells no padded shape (the project's row-major tensor holds its
        # logical rows only): the op's decision is held to TT-NN's (`verdict`).
        physical=case["output_padded_shape"] if layout == Layout.TILE else None,
    )


def answer_type(case: dict[str, Any], what: str) -> Attribute:
    """The weight or bias TT-NN's conv2d returned (`return_weights_and_bias`)."""
    return tensor_type(
        case[f"{what}_logical_shape"],
        TTNN_DTYPES[case[f"{what}_dtype"]],
        Layout.TILE,
        physical=case[f"{what}_padded_shape"],
    )


def build_conv2d(case: dict[str, Any], grid: tuple[int, int]) -> ConvOp:
    """The case as a `ttnn.conv2d` (or, for a case of TT-NN's conv_transpose2d, a
    `ttnn.conv_transpose2d`) in a module on `grid`: its input TT-NN's (flat [1, 1, N·H·W, C]
    unless the case says `nhwc`; dtype, layout, memory config), a host f32 weight (OIHW; a
    transpose's IOHW) and bias, TT-NN's output as the result type."""
    batch, height, width, channels = case["N"], case["H"], case["W"], case["in_channels"]
    flat = case.get("input_shape", "flat") == "flat"
    shape = (1, 1, batch * height * width, channels) if flat else (batch, height, width, channels)
    layout = Layout.TILE if case["layout"] == "TILE" else Layout.ROW_MAJOR
    input_type = tensor_type(
        shape, DTYPES[case["input_dtype"]], layout, memory_config=memory_config(case)
    )
    transposed = case.get("op") == "conv_transpose2d"
    weight_shape = (
        [case["in_channels"], case["O"] // case["groups"], *case["kernel"]]
        if transposed
        else [case["O"], case["I"], *case["kernel"]]
    )
    types = [input_type, TensorType(f32, weight_shape)]
    if case["bias"]:
        types.append(TensorType(f32, [1, 1, 1, case["O"]]))
    keywords = {
        key: value
        for key, value in common_properties(case).items()
        if key not in ("input_memory_config", "input_layout", "input_dtype")
    }
    sliced = slice_config(case)
    if sliced is not None:
        keywords["dram_slice_config" if transposed else "slice_config"] = sliced
    if "dtype" in case:
        keywords["dtype"] = DTYPES[case["dtype"]]
    compute = compute_config(case)
    if compute is not None:
        keywords["compute_config"] = compute
    if transposed:
        keywords.update(output_padding=case["output_padding"], mirror_kernel=case["mirror_kernel"])
    op_class: type[ConvOp] = ConvTranspose2dOp if transposed else Conv2dOp
    made: list[ConvOp] = []

    def body(x: SSAValue, w: SSAValue, *bias: SSAValue) -> SSAValue:
        op = op_class(x, w, bias[0] if bias else None, result_type=output_type(case), **keywords)
        made.append(op)
        return op.result

    function = build_function("conv", types, body)
    l1_small_size = case.get("l1_small_size", KIT_L1_SMALL_SIZE)
    build_module(function, grid=grid, open_device={"l1_small_size": l1_small_size})
    return made[0]


class Verdict(NamedTuple):
    category: str
    """"agree", "empty output", or the disagreement."""
    message: str


def verdict(case: dict[str, Any], grid: tuple[int, int]) -> Verdict:
    """The project's `ttnn.conv2d` held against TT-NN's conv2d on one case. Any exception
    other than the op's verifier error fails the caller (a crash)."""
    op = build_conv2d(case, grid)
    error = case.get("error")
    try:
        op.verify()
    except VerifyException as exception:
        message = str(exception)
        if "output image is empty" in message and output_is_empty(case):
            return Verdict("empty output", message)
        if "expected result type" in message:
            if error is None:
                return Verdict("project infers another output", message)
            return Verdict("project accepts what TT-NN refuses", case.get("error_info") or error)
        if error is None:
            return Verdict("project refuses what TT-NN accepts", message)
        if names_tt_nn_rule(case, message):
            return Verdict("agree", message)
        return Verdict("project refuses for another rule than TT-NN's", message)
    if error is not None:
        return Verdict("project accepts what TT-NN refuses", case.get("error_info") or error)
    padded = op.decision().output.padded_shape
    if list(padded) != case["output_padded_shape"]:
        # A ROW_MAJOR output's padded shape is the decision's alone (its type spells none).
        return Verdict("project pads the output otherwise", str(list(padded)))
    return prepared_verdict(op, case)


def prepared_verdict(op: ConvOp, case: dict[str, Any]) -> Verdict:
    """An accepted conv: the weight and bias conv2d prepared against TT-NN's."""
    decision = op.decision()
    weight = prepared_weight_type(decision)
    if not denote_same_tensor(weight, answer_type(case, "weight")):
        return Verdict("project prepares another weight", f"{weight}")
    if "bias_padded_shape" in case:
        bias = prepared_bias_type(decision)
        if not denote_same_tensor(bias, answer_type(case, "bias")):
            return Verdict("project prepares another bias", f"{bias}")
    return Verdict("agree", "")


def tt_nn_rule(case: dict[str, Any]) -> str:
    """TT-NN's refusal in short: its message with the numbers left out (a crash: "process
    died"), at most 90 characters."""
    message = case.get("error_info") or case["error"]
    if "Signal:" in message:
        message = "process died: " + message.split("Signal:")[1].split("(")[0].strip()
    return re.sub(r"\d+", "#", message)[:90]


def pin_key(case: dict[str, Any], category: str) -> str:
    """How a disagreement is pinned: its category and, for a case TT-NN refused, its rule."""
    if "error" in case and category != "empty output":
        return f"{category} | TT-NN: {tt_nn_rule(case)}"
    return category


class FileAgreement(NamedTuple):
    """One answers file against the project: counts by what was compared, and the verdict of
    every case that does not agree, by id."""

    accepted: int
    """Cases TT-NN accepted, each compared on output, weight and bias."""
    refused: int
    """Cases TT-NN refused by another rule than its L1 allocation."""
    agree_accepted: int
    agree_refused: int
    l1_failures: int
    """Cases TT-NN refused allocating its L1 (`is_l1_allocation`)."""
    agree_l1_failures: int
    """Of these, the project refuses with TT-NN's message."""
    empty: int
    disagreements: dict[str, str]
    """id → category, for every case that is not "agree" (empty outputs included: pinned
    too)."""


def compare(path: Path) -> FileAgreement:
    grid = grid_of(path)
    counts: Counter[str] = Counter()
    disagreements: dict[str, str] = {}
    for case in load(path):
        result = verdict(case, grid)
        refused = "error" in case
        if result.category == "empty output":
            counts["empty"] += 1
        elif refused and is_l1_allocation(case):
            counts["l1"] += 1
            counts["agree l1"] += result.category == "agree"
        else:
            counts["refused" if refused else "accepted"] += 1
            if result.category == "agree":
                counts["agree refused" if refused else "agree accepted"] += 1
        if result.category != "agree":
            disagreements[case["id"]] = pin_key(case, result.category)
    return FileAgreement(
        counts["accepted"],
        counts["refused"],
        counts["agree accepted"],
        counts["agree refused"],
        counts["l1"],
        counts["agree l1"],
        counts["empty"],
        disagreements,
    )


def assert_agrees_as_recorded(path: Path, counts: tuple[int, ...], pins_path: Path) -> None:
    """The file's agreement is the recorded one: its counts (`FileAgreement`'s, in order, all
    but the disagreements) and, case by case, its pinned disagreements."""
    result = compare(path)
    assert tuple(result[:-1]) == counts
    assert result.disagreements == json.loads(pins_path.read_text())[path.name]


def assert_every_pin_has_a_reason(pins_path: Path, reasons: dict[str, str]) -> None:
    """Every pinned category of `pins_path` is one `reasons` explains."""
    pins = json.loads(pins_path.read_text())
    categories = {category for file in pins.values() for category in file.values()}
    assert categories <= set(reasons), sorted(categories - set(reasons))


def write_pins() -> None:
    """Write both folders' `pins.json` from the project's verdicts (run after a change of the
    rules, then read the difference: each pin is a disagreement the tests hold to)."""
    for files, pins_path in ((FILES, PINS), (TRANSPOSED_FILES, TRANSPOSED_PINS)):
        pins = {path.name: compare(path).disagreements for path in files}
        pins_path.write_text(json.dumps(pins, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    # `--pins` writes pins.json; otherwise prints each disagreement of every file (or of
    # those named) with the project's message.
    if sys.argv[1:] == ["--pins"]:
        write_pins()
    else:
        named = map(Path, sys.argv[1:])
        for path in [*FILES, *TRANSPOSED_FILES] if len(sys.argv) < 2 else named:
            grid = grid_of(path)
            for case in load(path):
                result = verdict(case, grid)
                if result.category != "agree":
                    print(path.name, case["id"], result.category, "|", result.message[:300])

"""TT-NN 0.81.1's recorded answers (tests/data/ttnn_reference/, README there) as the project's
IR: a case's keyword parameters as the prepare ops' properties, TT-NN's answer as a result type,
and the verdict of the project's verifier on it. Shared by the conv2d and the conv_transpose2d
reference tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    MathFidelity,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.dialect import (
    Conv2dConfigAttr,
    LayoutAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
    tensor_type,
)
from ttnn_xdsl.dialect.attributes import Conv2dSliceConfigAttr, DeviceComputeKernelConfigAttr
from ttnn_xdsl.dialect.operation import TTNNOperation

DATA = Path(__file__).resolve().parent / "data" / "ttnn_reference"
GRIDS = {"wormhole_N150": (8, 8), "blackhole_P150": (13, 10)}
DTYPES = {
    "float32": DataType.FLOAT32,
    "bfloat16": DataType.BFLOAT16,
    "bfloat8_b": DataType.BFLOAT8_B,
}
TTNN_DTYPES = {f"DataType.{name.upper()}": dtype for name, dtype in DTYPES.items()}
SHARD_LAYOUTS = {
    "HEIGHT": TensorMemoryLayout.HEIGHT_SHARDED,
    "WIDTH": TensorMemoryLayout.WIDTH_SHARDED,
    "BLOCK": TensorMemoryLayout.BLOCK_SHARDED,
}
SLICE_TYPES = {
    "dram_height": Conv2dSliceType.DRAM_HEIGHT,
    "dram_width": Conv2dSliceType.DRAM_WIDTH,
    "l1_full": Conv2dSliceType.L1_FULL,
    # The reference kit's conv2d cases spell TT-NN's enum names.
    "DRAMSliceHeight": Conv2dSliceType.DRAM_HEIGHT,
    "DRAMSliceWidth": Conv2dSliceType.DRAM_WIDTH,
    "L1Full": Conv2dSliceType.L1_FULL,
}


def grid_of(path: Path) -> tuple[int, int]:
    """The worker grid of the device a file's answers come from (named in the file)."""
    return next(grid for device, grid in GRIDS.items() if device in path.name)


def cases_of(path: Path) -> list[dict[str, Any]]:
    """The answered cases of a file (a case the recording run skipped is no answer)."""
    cases = json.loads(path.read_text())
    return [case for case in cases.values() if case.get("error") != "skipped"]


def leaves_it_to_tt_nn(case: dict[str, Any]) -> bool:
    """No shard layout given and no input shard: TT-NN decides ("auto")."""
    return not case["conv_config"].get("shard_layout") and "input_shard" not in case


def conv_config(case: dict[str, Any]) -> Conv2dConfigAttr:
    fields = dict(case["conv_config"])
    if "weights_dtype" in fields:
        fields["weights_dtype"] = DTYPES[fields["weights_dtype"]]
    if "shard_layout" in fields:
        fields["shard_layout"] = SHARD_LAYOUTS[fields["shard_layout"]]
    if "output_layout" in fields:
        fields["output_layout"] = Layout[fields["output_layout"]]
    if "core_grid" in fields:  # the kit's core ranges [x0, y0, x1, y1]
        fields["core_grid"] = tuple(((x0, y0), (x1, y1)) for x0, y0, x1, y1 in fields["core_grid"])
    return Conv2dConfigAttr(**fields)


def compute_config(case: dict[str, Any]) -> DeviceComputeKernelConfigAttr | None:
    """A case's compute config (the model cases give TT-NN's `init_device_compute_kernel_config`
    fields, the math fidelity by TT-NN's enum name), None when it gives none."""
    given = case.get("compute_config")
    if given is None:
        return None
    return DeviceComputeKernelConfigAttr(
        math_fidelity=MathFidelity(given["math_fidelity"].lower()),
        math_approx_mode=given["math_approx_mode"],
        fp32_dest_acc_en=given["fp32_dest_acc_en"],
        packer_l1_acc=given["packer_l1_acc"],
    )


def memory_config(case: dict[str, Any]) -> MemoryConfigAttr:
    shard = case.get("input_shard")
    if shard is None:
        buffer = BufferType.DRAM if case["mem"] == "DRAM" else BufferType.L1
        return MemoryConfigAttr(buffer, TensorMemoryLayout.INTERLEAVED)
    orientation = ShardOrientation(shard["orientation"].lower())
    spec = ShardSpecAttr(tuple(shard["grid"]), tuple(shard["shard_shape"]), orientation)
    return MemoryConfigAttr(BufferType.L1, SHARD_LAYOUTS[shard["kind"]], spec)


def slice_config(case: dict[str, Any]) -> Conv2dSliceConfigAttr | None:
    """A case's `slice_config` — [TYPE, N], or {"type": TYPE, "num_slices": N} in the wider
    conv2d draws — when it gives one."""
    given = case.get("slice_config")
    if not given:
        return None
    if isinstance(given, dict):
        return Conv2dSliceConfigAttr(SLICE_TYPES[given["type"]], given["num_slices"])
    return Conv2dSliceConfigAttr(SLICE_TYPES[given[0]], given[1])


def common_properties(case: dict[str, Any]) -> dict[str, object]:
    """The properties the weight and the bias op both take (TT-NN's keyword parameters)."""
    layout = Layout.TILE if case["layout"] == "TILE" else Layout.ROW_MAJOR
    return dict(
        input_memory_config=memory_config(case),
        input_layout=LayoutAttr(layout),
        in_channels=case["in_channels"],
        out_channels=case["O"],
        batch_size=case["N"],
        input_height=case["H"],
        input_width=case["W"],
        kernel_size=case["kernel"],
        stride=case["stride"],
        padding=case["pad"],
        dilation=case["dilation"],
        groups=case["groups"],
        conv_config=conv_config(case),
        input_dtype=DTYPES[case["input_dtype"]],
    )


def answer_type(case: dict[str, Any], what: str) -> Attribute | None:
    """TT-NN's result type for the weight or the bias, None when TT-NN refused it."""
    if f"{what}_padded_shape" not in case:
        return None
    return tensor_type(
        case[f"{what}_logical_shape"],
        TTNN_DTYPES[case[f"{what}_dtype"]],
        Layout.TILE,
        physical=case[f"{what}_padded_shape"],
    )


def compared(case: dict[str, Any]) -> list[str]:
    """What TT-NN answered for: the weight, and the bias when it was asked and the weight was
    prepared (the recording run asks for the bias after the weight)."""
    if "weight_padded_shape" not in case or not case["bias"]:
        return ["weight"]
    return ["weight", "bias"]


def output_is_empty(case: dict[str, Any]) -> bool:
    """Whether the case's conv has no output pixel, computed here from the case alone (apart
    from the project's resolution): conv2d's (H + pads − d(k − 1) − 1) / s + 1, or
    conv_transpose2d's (H − 1)·s − pads + d(k − 1) + output_padding + 1, for each axis."""
    pad = case["pad"]
    top, bottom, left, right = (pad[0], pad[0], pad[1], pad[1]) if len(pad) == 2 else pad
    (kernel_h, kernel_w), (stride_h, stride_w) = case["kernel"], case["stride"]
    dilation_h, dilation_w = case["dilation"]
    if case.get("op") == "conv_transpose2d" or "output_padding" in case:
        # The op's answers may leave output_padding out: the kit passes (0, 0) then.
        extra_h, extra_w = case.get("output_padding", (0, 0))
        height = (case["H"] - 1) * stride_h - top - bottom + dilation_h * (kernel_h - 1) + extra_h
        width = (case["W"] - 1) * stride_w - left - right + dilation_w * (kernel_w - 1) + extra_w
        return height + 1 < 1 or width + 1 < 1
    height = (case["H"] + top + bottom - dilation_h * (kernel_h - 1) - 1) // stride_h + 1
    width = (case["W"] + left + right - dilation_w * (kernel_w - 1) - 1) // stride_w + 1
    return height < 1 or width < 1


REFUSAL_RULES: tuple[tuple[str, str], ...] = (
    # (what TT-NN's error names, what the project's message must say for the same rule)
    ("tensor_spec.cpp:134: layout == Layout::TILE", "cannot prepare bfloat8_b weights for a conv "
     "it runs from DRAM"),
    ("bad optional access", "reshard_if_not_optimal"),
    ("bad optional access", "prepare_conv_bias needs conv_config.weights_dtype"),
    ("process died", "crashes on this conv"),
    ("conv2d_utils.cpp:486: act_block_h_ntiles", "Activation reuse needs act block h"),
    ("op_slicing.cpp:266", "does not fit the device's L1 even in the most slices"),
    ("conv2d_op_program_factory_common.cpp:233", "act_block_h_override"),
    ("prepare_conv_transpose2d_weights", "dram_slice_config asks for"),
    ("conv2d_utils.cpp:1533: padded_height", "kernel-stride folding needs the padded input height"),
    ("conv2d_utils.cpp:1538: padded_width", "kernel-stride folding needs the padded input width"),
    ("conv2d.cpp:540: !mm_conv", "kernel-stride folding of a"),
    # conv2d_utils.cpp's get_output_compute_grid_size (override_output_sharding_config)
    ("conv2d_utils.cpp:133: conv_config.core_grid", "core_grid must have a value"),
    ("conv2d_utils.cpp:136: input_parallel_config.shard_scheme", "override is only supported "
     "for BLOCK_SHARDED"),
    ("conv2d_utils.cpp:145: device_compute_grid_size", "Invalid core grid override"),
    ("conv2d_utils.cpp:150: (input_parallel_config", "NHW cores must match for input and output"),
)  # fmt: skip
"""TT-NN's refusals by the rule that refused (its TT_FATAL's place or its failure), each with
the words of the project's message for that rule: a refusal agrees only when the project
names TT-NN's rule."""


def same_rule(tt_nn_error: str, message: str) -> bool:
    """Whether the project's refusal `message` names the rule of TT-NN's `tt_nn_error`."""
    return any(tt_nn in tt_nn_error and project in message for tt_nn, project in REFUSAL_RULES)


def verdict(op: TTNNOperation, case: dict[str, Any], what: str) -> tuple[str, str]:
    """("agree" | "empty output" | a disagreement, the project's message) for the op preparing
    the case's weight or bias, written with TT-NN's result type (any other where TT-NN
    refused: the verifier then has to refuse for another reason than the type).

    A refusal agrees with TT-NN's only when it names TT-NN's rule (`REFUSAL_RULES`). An
    output that is empty (`output_is_empty`, decided here) is refused by the project whatever
    TT-NN did (its uint32 sizes wrap): "empty output", which the tests count apart and pin by
    id. Any exception other than the op's verifier error fails the test (a crash)."""
    error = case.get("error" if what == "weight" else "bias_error")
    try:
        op.verify()
    except VerifyException as exception:
        message = str(exception)
        if "expected result type" in message:
            return "project infers another type", message
        if "output image is empty" in message and output_is_empty(case):
            return "empty output", message
        if error is None:
            return "project refuses what TT-NN prepares", message
        if same_rule(error, message):
            return "agree", message
        return "project refuses for another rule than TT-NN's", message
    if error is not None:
        return "project accepts what TT-NN refuses", ""
    return "agree", ""


class FileComparison(NamedTuple):
    """A file's cases held against the project: how many weights and biases were compared,
    the ones refused as empty outputs ("r0032 weight") and the disagreements by (id, what)."""

    compared: int
    empty: set[str]
    disagreements: dict[tuple[str, str], str]


def compare_file(
    path: Path, build_op: Callable[[dict[str, Any], str, tuple[int, int]], TTNNOperation]
) -> FileComparison:
    """Every answered case of a file, its weight and (when compared) its bias, built by
    `build_op` on the file's device and judged by `verdict`."""
    grid = grid_of(path)
    compared_count = 0
    empty: set[str] = set()
    disagreements: dict[tuple[str, str], str] = {}
    for case in cases_of(path):
        for what in compared(case):
            result, message = verdict(build_op(case, what, grid), case, what)
            if result == "empty output":
                empty.add(f"{case['id']} {what}")
                continue
            compared_count += 1
            if result != "agree":
                disagreements[case["id"], what] = f"{result}: {message[:240]}"
    return FileComparison(compared_count, empty, disagreements)


def empty_outputs(path: Path) -> set[str]:
    """The weights and biases of a file whose conv has no output (`output_is_empty`), but the
    biases TT-NN 0.81.1 prepares anyway (`prepares_empty_bias`)."""
    return {
        f"{case['id']} {what}"
        for case in cases_of(path)
        if output_is_empty(case)
        for what in compared(case)
        if not (what == "bias" and prepares_empty_bias(case))
    }


def prepares_empty_bias(case: dict[str, Any]) -> bool:
    """TT-NN 0.81.1 prepares the bias of a conv_transpose2d whose output is empty (its
    preparation takes no output_padding) from an L1 input with a shard layout, given or the
    input's own (tests/data/ttnn_reference/conv_transpose2d/empty_bias/, docs/semantics.md
    §7.5); the project does too, so such a bias is compared."""
    sharded = bool(case["conv_config"].get("shard_layout")) or "input_shard" in case
    return "output_padding" in case and case["mem"] == "L1" and sharded

"""TT-NN 0.81.1's recorded answers (tests/data/ttnn_reference/, README there) as the project's
IR: a case's keyword parameters as the prepare ops' properties, TT-NN's answer as a result type,
and the verdict of the project's verifier on it. Shared by the conv2d and the conv_transpose2d
reference tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
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
from ttnn_xdsl.dialect.attributes import Conv2dSliceConfigAttr
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
    return Conv2dConfigAttr(**fields)


def memory_config(case: dict[str, Any]) -> MemoryConfigAttr:
    shard = case.get("input_shard")
    if shard is None:
        buffer = BufferType.DRAM if case["mem"] == "DRAM" else BufferType.L1
        return MemoryConfigAttr(buffer, TensorMemoryLayout.INTERLEAVED)
    orientation = ShardOrientation(shard["orientation"].lower())
    spec = ShardSpecAttr(tuple(shard["grid"]), tuple(shard["shard_shape"]), orientation)
    return MemoryConfigAttr(BufferType.L1, SHARD_LAYOUTS[shard["kind"]], spec)


def slice_config(case: dict[str, Any]) -> Conv2dSliceConfigAttr | None:
    """A case's `slice_config` [TYPE, N], when it gives one."""
    given = case.get("slice_config")
    if not given:
        return None
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


def verdict(op: TTNNOperation, case: dict[str, Any], what: str) -> tuple[str, str]:
    """("agree" | a disagreement, the project's message) for the op preparing the case's weight
    or bias, written with TT-NN's result type (any other where TT-NN refused: the verifier
    then has to refuse for another reason than the type). Any exception other than the op's
    verifier error fails the test (a crash)."""
    try:
        op.verify()
    except VerifyException as error:
        message = str(error)
        if "expected result type" in message:
            return "project infers another type", message
        if answer_type(case, what) is None:
            return "agree", message
        if "output image is empty" in message:
            return "empty output", message  # TT-NN's uint32 sizes wrap; not counted
        return "project refuses what TT-NN prepares", message
    if answer_type(case, what) is None:
        return "project accepts what TT-NN refuses", ""
    return "agree", ""

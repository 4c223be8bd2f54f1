"""Hold captured TT-NN bytes (capture_bytes.py's folders) against the project's, file for file.

    .venv/bin/python tests/data/ttnn_reference/capture/compare_bytes.py FOLDER... [--json OUT]

Run with the project's Python (no TT-NN needed). Each FOLDER holds a summary.json and a folder
per case; the device is the one the summary names. Every weight and bias TT-NN prepared is
prepared by the project from the same host tensor (the prepare op built as the reference
tests build it, with TT-NN's result type, run through the whole pipeline) and its
`.tensorbin` compared with TT-NN's whole file; a case captured from TT-NN's own conv2d
(`capture_bytes.py --conv2d` / `--conv-transpose2d`) is run as the same call of the project's
`ttnn.conv2d` or `ttnn.conv_transpose2d` (conv2d_call.py, `return_weights_and_bias`) and the
weight and bias it returns are compared.
Prints the count and every difference: the project refusing, another shape or dtype, or the
first differing byte (and how many differ).
A conv whose output is empty (which TT-NN prepares with wrapped sizes and the project refuses,
as the reference tests count them) is counted apart.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np

TESTS = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(TESTS))

from test_conv2d_reference import build_op as build_conv2d_op  # noqa: E402
from test_conv_transpose_reference import build_op as build_transpose_op  # noqa: E402
from ttnn_reference_cases import GRIDS, compared, output_is_empty  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conv2d_call import returned_weight_and_bias  # noqa: E402

from ttnn_xdsl.program import run  # noqa: E402
from ttnn_xdsl.runtime import DeviceTensor  # noqa: E402


def host_file(case: dict[str, Any], what: str) -> str:
    if what == "bias":
        return "bias_f32.npy"
    return "weight_iohw_f32.npy" if case.get("op") == "conv_transpose2d" else "weight_oihw_f32.npy"


def project_failure(exception: Exception) -> str:
    return f"project fails: {type(exception).__name__}: {str(exception).splitlines()[0][:200]}"


def difference(case: dict[str, Any], folder: Path, what: str) -> str | None:
    """None when the project's file is TT-NN's, else what differs."""
    build = build_transpose_op if case.get("op") == "conv_transpose2d" else build_conv2d_op
    op = build(case, what, GRIDS[case["device"]])
    module = op.parent_op().parent_op()  # type: ignore[union-attr]
    try:
        (prepared,) = run(module, [np.load(folder / host_file(case, what))])
    except Exception as exception:
        return project_failure(exception)
    return file_difference(prepared, folder / f"{what}.tensorbin")


def conv2d_differences(case: dict[str, Any], folder: Path) -> dict[str, str | None]:
    """For the weight and bias the project's `ttnn.conv2d` (or `conv_transpose2d`, as the
    case's `op` says) returns, called as TT-NN's was
    (conv2d_call.py) from the case's host tensors: None when its file is TT-NN's, else what
    differs."""
    os.environ["TTNN_XDSL_DEVICE"] = case["device"].lower()
    import ttnn_xdsl.ttnn as ttnn

    weight = np.load(folder / host_file(case, "weight"))
    bias = np.load(folder / "bias_f32.npy") if case["bias"] else None
    whats = compared(case)
    try:
        returned = returned_weight_and_bias(ttnn, case, weight, bias)
    except Exception as exception:
        return {what: project_failure(exception) for what in whats}
    tensors = dict(zip(("weight", "bias"), returned, strict=True))
    return {
        what: file_difference(tensors[what].value, folder / f"{what}.tensorbin") for what in whats
    }


def file_difference(prepared: DeviceTensor, captured: Path) -> str | None:
    """None when `prepared` as a `.tensorbin` is the captured file, else what differs."""
    expected = DeviceTensor.load_tensorbin(captured)
    if prepared.physical_shape != expected.physical_shape or prepared.dtype != expected.dtype:
        return (
            f"project {prepared.dtype} {list(prepared.physical_shape)}, "
            f"TT-NN {expected.dtype} {list(expected.physical_shape)}"
        )
    mine, theirs = prepared.to_tensorbin(), captured.read_bytes()
    if mine == theirs:
        return None
    if len(mine) != len(theirs):
        return f"file length {len(mine)}, TT-NN's {len(theirs)}"
    differing = [index for index, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b]
    return f"{len(differing)} bytes differ, the first at byte {differing[0]}"


def main(arguments: list[str]) -> None:
    out = None
    if "--json" in arguments:
        index = arguments.index("--json")
        out = Path(arguments[index + 1])
        arguments = arguments[:index] + arguments[index + 2 :]
    if not arguments:
        raise SystemExit(__doc__)
    same, empty, differences = 0, 0, {}
    for root in map(Path, arguments):
        for case in json.loads((root / "summary.json").read_text()):
            if "weight_sha256" not in case:
                continue  # TT-NN refused the weight: no bytes
            if output_is_empty(case):
                empty += 1
                continue
            folder = root / case["id"]
            if case.get("captured_from") in ("conv2d", "conv_transpose2d"):
                found_of = conv2d_differences(case, folder)
            else:
                found_of = {
                    what: difference(case, folder, what)
                    for what in compared(case)
                    if (folder / f"{what}.tensorbin").exists()  # else TT-NN refused the bias
                }
            for what, found in found_of.items():
                if found is None:
                    same += 1
                else:
                    differences[f"{case['device']}/{case['id']} {what}"] = found
                    print(f"{case['device']}/{case['id']} {what}: {found}", flush=True)
    print(f"{same} of {same + len(differences)} files identical to TT-NN's")
    print(f"{empty} cases with an empty output not compared")
    if out is not None:
        out.write_text(json.dumps(differences, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])

"""The conv2d cases whose weight `capture_bytes.py --conv2d` captures, from the committed
answers of TT-NN's own conv2d (`../conv2d_op/`), or with `--transposed` the conv_transpose2d
cases `capture_bytes.py --conv-transpose2d` captures, from `../conv_transpose2d_op/`.
Standalone (no project, no TT-NN).

    python3 conv2d_op_cases.py DEVICE [--transposed] > cases.json

Writes, for the device (wormhole_N150 or blackhole_P150), conv2d cases TT-NN's conv2d
accepted with a non-empty output: first the convs named for the bfloat8_b DRAM weight
(`NAMED`), then, in an order seeded by the device's name, up to 40 more with a
DRAM-interleaved input (conv2d_DRAM's path) and `weights_dtype` bfloat8_b and 6 with
bfloat16. Each id is the
answers file's seed (or name) and the case's id, `s9101_w0018`, since ids repeat across
files; `answers` names the file. The answer's own fields are dropped: only the case stays.
With `--transposed`: no named convs, up to 40 with a DRAM-interleaved input, a bias and
`weights_dtype` bfloat8_b (the weight and bias the project prepared as bfloat16 and typecast)
and 10 with bfloat16.
"""

from __future__ import annotations

import gzip
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

ANSWERS = Path(__file__).resolve().parent.parent / "conv2d_op"
TRANSPOSED_ANSWERS = ANSWERS.parent / "conv_transpose2d_op"
DEVICES = ("wormhole_N150", "blackhole_P150")
NAMED = (
    ("s9203", "r0041"),
    ("s5001", "r0316"),
    ("s9101", "w0018"),
    ("s9101", "w0055"),
    ("s9101", "w0020"),
    ("s9201", "w0020"),
    ("s9207", "x0046"),
    ("s9307", "x0046"),
    ("s5001", "r0524"),
    ("s5002", "r0524"),
    ("s6001", "w0249"),
    ("s100", "r0078"),
)
"""(answers file's seed, id) of the convs the project's bfloat8_b DRAM weight change named,
where TT-NN's conv2d accepted them (x0046 and r0524 have their input in L1)."""
MORE = {"bfloat8_b": 40, "bfloat16": 6}
TRANSPOSED_MORE = {"bfloat8_b": 40, "bfloat16": 10}
ANSWER_FIELDS = re.compile(r"^(output_(?!padding$)|weight_|bias_|error|seconds)")
"""The answer's own fields (a transposed case's `output_padding` is the case's)."""


def file_tag(path: Path) -> str:
    """The answers file's seed (`s9101`), or its name's middle where it has none."""
    stem = path.name.removesuffix(".json.gz")
    seed = re.search(r"_(s\d+)$", stem)
    return seed.group(1) if seed else stem.removeprefix("ttnn_conv_").split("_")[0]


def accepted(answer: dict[str, Any], op: str) -> bool:
    """TT-NN's `op` (conv2d or conv_transpose2d) ran it and returned a weight; its output has
    pixels."""
    return (
        "weight_padded_shape" in answer
        and answer.get("op", "conv2d") == op
        and all(size > 0 for size in answer["output_logical_shape"])
    )


def from_dram(case: dict[str, Any]) -> bool:
    """The input is DRAM-interleaved: conv2d_DRAM's path."""
    return case["mem"] == "DRAM" and not case.get("input_shard")


def case_of(tag: str, answer: dict[str, Any], path: Path) -> dict[str, Any]:
    case = {key: value for key, value in answer.items() if not ANSWER_FIELDS.match(key)}
    return {**case, "id": f"{tag}_{answer['id']}", "answers": path.name}


def cases_for(device: str, transposed: bool = False) -> list[dict[str, Any]]:
    op = "conv_transpose2d" if transposed else "conv2d"
    candidates: dict[str, dict[str, Any]] = {}
    for path in sorted((TRANSPOSED_ANSWERS if transposed else ANSWERS).glob(f"*{device}*.json.gz")):
        answers = json.loads(gzip.decompress(path.read_bytes()))
        tag = file_tag(path)
        for answer in answers.values() if isinstance(answers, dict) else answers:
            if accepted(answer, op):
                case = case_of(tag, answer, path)
                candidates[case["id"]] = case
    named = [] if transposed else [f"{tag}_{case_id}" for tag, case_id in NAMED]
    chosen = [candidates[name] for name in named if name in candidates]
    rest = sorted(name for name in set(candidates) - set(named) if from_dram(candidates[name]))
    if transposed:
        # The bfloat8_b convs with a bias: the bias is the operand the project typecast.
        rest = [
            name
            for name in rest
            if candidates[name]["bias"]
            or candidates[name]["conv_config"]["weights_dtype"] != "bfloat8_b"
        ]
    random.Random(device).shuffle(rest)
    for dtype, count in (TRANSPOSED_MORE if transposed else MORE).items():
        same = [name for name in rest if candidates[name]["conv_config"]["weights_dtype"] == dtype]
        chosen += [candidates[name] for name in same[:count]]
    return chosen


def main(arguments: list[str]) -> None:
    transposed = "--transposed" in arguments
    arguments = [argument for argument in arguments if argument != "--transposed"]
    if len(arguments) != 1 or arguments[0] not in DEVICES:
        raise SystemExit(__doc__)
    print(json.dumps(cases_for(arguments[0], transposed), indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])

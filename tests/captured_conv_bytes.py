"""The captures of TT-NN 0.81.1's own `conv2d` / `conv_transpose2d` kept as test data
(`data/ttnn_reference/<op folder>/bytes/<device>/<case>/`, made by
`data/ttnn_reference/capture/capture_bytes.py`): their cases, and the committed answers they
were drawn from. Read by tests/test_conv2d_op_bytes.py and test_conv_transpose2d_op_bytes.py."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any


def captured_cases(captures: Path) -> list[tuple[str, str]]:
    """(device, case name) of every capture under `captures` (`<device>/<case>/case.json`)."""
    return sorted(
        (path.parent.parent.name, path.parent.name) for path in captures.glob("*/*/case.json")
    )


def captured_case(captures: Path, device: str, name: str) -> dict[str, Any]:
    """A capture's `case.json`: the case it ran, TT-NN's shapes and every tensor moved."""
    case: dict[str, Any] = json.loads((captures / device / name / "case.json").read_text())
    return case


def answer_of(answers: Path, case: dict[str, Any]) -> dict[str, Any]:
    """The committed answer in the folder `answers` the captured case was drawn from (its
    file, `case["answers"]`; its id without the file's seed or tag)."""
    listed = json.loads(gzip.decompress((answers / case["answers"]).read_bytes()))
    answer_id = case["id"].split("_", 1)[1]
    (answer,) = [
        answer
        for answer in (listed.values() if isinstance(listed, dict) else listed)
        if answer["id"] == answer_id
    ]
    return answer

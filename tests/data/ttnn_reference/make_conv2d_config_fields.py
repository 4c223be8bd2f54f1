"""Writes conv2d_config_fields.json: TT-NN 0.81.1's Conv2dConfig fields as TT-NN itself
declares them (its nanobind constructor's signature, in order), with the default of each as
a default-built Conv2dConfig holds it, and the members of PaddingMode.

Run with TT-NN's Python (the reference kit's venv), from the repository's root:

    . ~/.cache/ttnn-reference/env.sh
    $TTNN_VENV/bin/python tests/data/ttnn_reference/make_conv2d_config_fields.py
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import ttnn  # type: ignore[import-not-found]  # TT-NN 0.81.1, the reference kit's only

SIGNATURE = re.compile(r"__init__\(self, \*, (?P<parameters>.*)\) -> None")


def plain(value: Any) -> Any:
    """A default as JSON: None, a bool, an int, or an enum member's name."""
    if value is None or isinstance(value, bool | int):
        return value
    return str(value)


def main() -> None:
    parameters = SIGNATURE.search(ttnn.Conv2dConfig.__init__.__doc__)
    assert parameters is not None
    default_config = ttnn.Conv2dConfig()
    fields = []
    for parameter in parameters["parameters"].split(", "):
        name, rest = parameter.split(": ", 1)
        annotation, _ = rest.split(" = ", 1)
        fields.append(
            {
                "name": name,
                "annotation": annotation,
                "default": plain(getattr(default_config, name)),
            }
        )
    record = {
        "ttnn_version": ttnn.__version__ if hasattr(ttnn, "__version__") else "0.81.1",
        "made_by": "tests/data/ttnn_reference/make_conv2d_config_fields.py (TT-NN's Python)",
        "conv1d_config_is_conv2d_config": ttnn.Conv1dConfig is ttnn.Conv2dConfig,
        "repr_of_default": repr(default_config),
        "padding_modes": list(ttnn.PaddingMode.__members__),
        "fields": fields,
    }
    out = Path(__file__).with_name("conv2d_config_fields.json")
    out.write_text(json.dumps(record, indent=1) + "\n")


if __name__ == "__main__":
    main()

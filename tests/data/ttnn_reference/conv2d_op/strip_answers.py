"""Copy answers files of the reference kit's `query_conv.py run` (TT-NN 0.81.1's own conv2d on
the mock device) into this folder, keeping only the fields tests/test_conv2d_op_reference.py
reads, TT-NN's error cut to its first line and its message to 400 characters, gzipped:

    python3 strip_answers.py ANSWERS.json ...   (writes ./ANSWERS.json.gz)"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

KEPT = (
    "id", "O", "I", "in_channels", "kernel", "groups", "stride", "pad", "dilation", "H", "W",
    "N", "mem", "layout", "bias", "conv_config", "input_dtype", "input_shard", "slice_config",
    "dtype", "input_shape", "device_open", "error", "error_info", "bias_error",
    "output_logical_shape", "output_padded_shape", "output_dtype", "output_layout",
    "output_memory_config", "weight_logical_shape", "weight_padded_shape", "weight_dtype",
    "bias_logical_shape", "bias_padded_shape", "bias_dtype", "op", "output_padding",
    "mirror_kernel", "l1_small_size", "compute_config", "source",
)  # fmt: skip


def stripped(case: dict[str, object]) -> dict[str, object]:
    kept = {key: case[key] for key in KEPT if key in case}
    if isinstance(kept.get("error"), str):
        kept["error"] = str(kept["error"]).splitlines()[0][:400]
    if isinstance(kept.get("error_info"), str):
        kept["error_info"] = str(kept["error_info"])[:400]
    return kept


def main(paths: list[str]) -> None:
    for path in map(Path, paths):
        cases = json.loads(path.read_text())
        text = json.dumps({key: stripped(case) for key, case in cases.items()}, indent=0)
        with gzip.open(Path(path.name + ".gz"), "wt", compresslevel=9) as out:
            out.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])

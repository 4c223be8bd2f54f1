"""The package's layering: the data formats, `DeviceTensor` and the `.tensorbin` files stand
alone (no IR), and one resolution runs per prepare op through the whole pipeline."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ttnn_xdsl.dialect import conv_resolution
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp
from ttnn_xdsl.runtime import Program

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# Runs in a fresh interpreter: import the runtime's NumPy layer, then list every loaded module
# that defines an xDSL operation (an IRDLOperation subclass whose home is that module).
PROBE = """
import json, sys
import ttnn_xdsl.runtime.formats
import ttnn_xdsl.runtime.tensor
import ttnn_xdsl.runtime.tensorbin
loaded = sorted(sys.modules)
from xdsl.irdl import IRDLOperation
defining = sorted(
    name for name in loaded
    if any(
        isinstance(value, type) and issubclass(value, IRDLOperation)
        and value.__module__ == name
        for value in vars(sys.modules[name]).values()
    )
)
print(json.dumps({"loaded": loaded, "defining_ops": defining}))
"""


def test_formats_and_device_tensor_load_no_ir() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    )
    report = json.loads(result.stdout)
    assert report["defining_ops"] == []
    assert [name for name in report["loaded"] if name.startswith("xdsl")] == []
    project = sorted(name for name in report["loaded"] if name.startswith("ttnn_xdsl"))
    assert project == [
        "ttnn_xdsl",
        "ttnn_xdsl.dialect",
        "ttnn_xdsl.dialect.enums",
        "ttnn_xdsl.dialect.errors",
        "ttnn_xdsl.dialect.shapes",
        "ttnn_xdsl.runtime",
        "ttnn_xdsl.runtime.formats",
        "ttnn_xdsl.runtime.tensor",
        "ttnn_xdsl.runtime.tensorbin",
        "ttnn_xdsl.runtime.tensorbin_schema",
    ]


def test_one_resolution_per_prepare_op_through_ttnn_lower(monkeypatch) -> None:
    """examples/prepare_conv_weights.mlir holds a weight and a bias of one conv: parsing,
    verifying, decomposing and verifying again resolve each distinct parameter set once and
    validate it once."""
    validations: list[object] = []
    original = conv_resolution.validate_parameters

    def counting_validate(params: object) -> None:
        validations.append(params)
        original(params)  # type: ignore[arg-type]

    monkeypatch.setattr(conv_resolution, "validate_parameters", counting_validate)
    conv_resolution.resolve_conv_weights.cache_clear()
    text = (EXAMPLES / "prepare_conv_weights.mlir").read_text()
    from ttnn_xdsl.dialect.context import make_context
    from ttnn_xdsl.frontend import parse_module

    module = parse_module(make_context(), text, "prepare_conv_weights.mlir")
    prepare_ops = [op for op in module.walk() if isinstance(op, ConvPrepareOp)]
    assert len(prepare_ops) == 2
    distinct = {op.conv_parameters() for op in prepare_ops}
    conv_resolution.resolve_conv_weights.cache_clear()
    Program.load(module)
    info = conv_resolution.resolve_conv_weights.cache_info()
    assert info.misses == len(distinct) <= len(prepare_ops)
    assert len(validations) == len(distinct)

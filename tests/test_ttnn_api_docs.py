"""docs/ttnn-api.md lists every name `ttnn_xdsl.ttnn` exports, each function and constructor
with the signature the code declares (TT-NN 0.81.1's), and its example runs."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from pathlib import Path

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.ttnn import (
    backward,
    configs,
    conv_preparation,
    convolution,
    device,
    model_helpers,
    tensor,
)
from ttnn_xdsl.ttnn.signatures import Binding

DOC = Path(__file__).resolve().parent.parent / "docs" / "ttnn-api.md"
TEXT = DOC.read_text()


def plain_signature(function: Callable[..., object]) -> str:
    """`name(a, b=1, *, c=None)`: a Python function's signature without annotations."""
    items: list[str] = []
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind == parameter.KEYWORD_ONLY and "*" not in items:
            items.append("*")
        default = parameter.default
        items.append(
            parameter.name if default is parameter.empty else f"{parameter.name}={default!r}"
        )
    return f"{function.__name__}({', '.join(items)})"


def documented(text: str) -> bool:
    """`text` appears in the doc, as written or inside a table (`|` escaped)."""
    return f"`{text}`" in TEXT or f"`{text.replace('|', chr(92) + '|')}`" in TEXT


def test_every_exported_name_is_listed() -> None:
    listed = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_.]*)`", TEXT))
    assert sorted(name for name in ttnn.__all__ if name not in listed) == []


def test_signatures_are_the_declared_ones() -> None:
    bindings: list[Binding] = [
        *(preparation.binding for preparation in conv_preparation.PREPARATIONS),
        convolution.CONV2D,
        convolution.CONV1D,
        convolution.CONV_TRANSPOSE2D,
        backward.ASSIGN_BW,
        model_helpers.TO_LAYOUT,
        model_helpers.RESHAPE,
        device._OPEN_DEVICE,
        configs._INIT_COMPUTE_CONFIG,
        tensor._TENSOR_INIT,
        *(
            kind.INIT
            for kind in (
                ttnn.Shape,
                ttnn.MemoryConfig,
                ttnn.ShardSpec,
                ttnn.CoreCoord,
                ttnn.CoreRange,
                ttnn.CoreRangeSet,
                ttnn.CoreGrid,
                ttnn.Conv2dConfig,
                ttnn.Conv2dSliceConfig,
                ttnn.WormholeComputeKernelConfig,
                ttnn.UnaryWithParam,
            )
        ),
    ]
    texts = [binding.text(index) for binding in bindings for index in range(len(binding.overloads))]
    texts += [
        plain_signature(function)
        for function in (
            ttnn.from_torch,
            ttnn.to_torch,
            ttnn.dump_tensor,
            ttnn.load_tensor,
            ttnn.is_tensor_storage_on_device,
            ttnn.to_device,
            ttnn.from_device,
            ttnn.close_device,
            ttnn.manage_device,
            ttnn.create_sharded_memory_config,
        )
    ]
    assert len(texts) == 43
    assert [text for text in texts if not documented(text)] == []


def test_the_example_runs() -> None:
    [example] = re.findall(r"```python\n(.*?)```", TEXT, re.DOTALL)
    exec(example, {"__name__": "__doc_example__"})

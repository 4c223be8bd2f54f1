"""The project's passes, one per file, named after the pass:

- `ttnn-decompose` (`ttnn_decompose.TTNNDecompose`): prepare ops → explicit layout ops;
- `convert-ttnn-to-tiles` (`convert_ttnn_to_tiles.ConvertTTNNToTiles`): bufferize and lower
  every ttnn tensor op into `scf.for` loops of tile ops;
- `ttnn-lower` (`ttnn_lower.TTNNLower`): the whole pipeline.

`PASSES` maps each name to a lazy factory of its class, as xDSL's drivers expect; the classes
are also importable from here (loaded on first use).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from xdsl.passes import ModulePass

_CLASSES: dict[str, tuple[str, str]] = {
    "ttnn-decompose": ("ttnn_decompose", "TTNNDecompose"),
    "convert-ttnn-to-tiles": ("convert_ttnn_to_tiles", "ConvertTTNNToTiles"),
    "ttnn-lower": ("ttnn_lower", "TTNNLower"),
    "import-tt-mlir": ("import_tt_mlir", "ImportTTMLIR"),
    "export-tt-mlir": ("export_tt_mlir", "ExportTTMLIR"),
}


def _factory(module: str, name: str) -> Callable[[], type[ModulePass]]:
    def load() -> type[ModulePass]:
        return getattr(importlib.import_module(f"{__name__}.{module}"), name)

    return load


PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    pass_name: _factory(module, name) for pass_name, (module, name) in _CLASSES.items()
}
"""Pass name → lazy factory of the pass class."""

PASS_SUMMARIES: dict[str, str] = {
    "ttnn-decompose": "prepare ops -> the explicit layout-op chain TT-NN runs, with the facts "
    "that chose it",
    "convert-ttnn-to-tiles": "bufferize and lower every ttnn tensor op into scf.for loops of "
    "tile ops",
    "ttnn-lower": "the whole pipeline: ttnn-decompose, convert-ttnn-to-tiles, canonicalize, cse",
    "import-tt-mlir": "tt-mlir's prepare_conv2d_weights / _bias -> the project's prepare ops, "
    "sized",
    "export-tt-mlir": "the project's prepare ops -> tt-mlir's, with the shapes TT-NN computes",
}
"""One line about each pass, for `ttnn-opt --help`."""

__all__ = ["PASSES", "PASS_SUMMARIES", *sorted(name for _, name in _CLASSES.values())]


def __getattr__(name: str) -> Any:
    for module, class_name in _CLASSES.values():
        if class_name == name:
            return getattr(importlib.import_module(f"{__name__}.{module}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

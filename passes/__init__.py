"""The project's passes, one per file, named after the pass:

- `ttnn-decompose` (`ttnn_decompose.TTNNDecompose`): prepare ops → explicit layout ops;
- `convert-ttnn-to-tiles` (`convert_ttnn_to_tiles.ConvertTTNNToTiles`): bufferize and lower
  every ttnn tensor op into `scf.for` loops of tile ops;
- `ttnn-lower` (`ttnn_lower.TTNNLower`): the whole pipeline;
- `import-tt-mlir` (`import_tt_mlir.ImportTTMLIR`): tt-mlir's prepare ops → the project's;
- `import-tt-mlir-conv2d` (`import_tt_mlir_conv2d.ImportTTMLIRConv2d`): tt-mlir's `ttnn.conv2d`
  and `ttnn.conv_transpose2d` → the project's prepare ops and `ttnn.conv2d_consume`, which
  compute them;
- `export-tt-mlir` (`export_tt_mlir.ExportTTMLIR`): the project's prepare ops → tt-mlir's.

`PASSES` maps each name to a factory of its class, as xDSL's drivers expect.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass

from ttnn_xdsl.passes.convert_ttnn_to_tiles import ConvertTTNNToTiles
from ttnn_xdsl.passes.export_tt_mlir import ExportTTMLIR
from ttnn_xdsl.passes.import_tt_mlir import ImportTTMLIR
from ttnn_xdsl.passes.import_tt_mlir_conv2d import ImportTTMLIRConv2d
from ttnn_xdsl.passes.ttnn_decompose import TTNNDecompose
from ttnn_xdsl.passes.ttnn_lower import TTNNLower

_CLASSES: tuple[type[ModulePass], ...] = (
    TTNNDecompose,
    ConvertTTNNToTiles,
    TTNNLower,
    ImportTTMLIR,
    ImportTTMLIRConv2d,
    ExportTTMLIR,
)


def _factory(pass_class: type[ModulePass]) -> Callable[[], type[ModulePass]]:
    return lambda: pass_class


PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    pass_class.name: _factory(pass_class) for pass_class in _CLASSES
}
"""Pass name → factory of the pass class."""

PASS_SUMMARIES: dict[str, str] = {
    "ttnn-decompose": "prepare ops -> the explicit layout-op chain TT-NN runs, with the facts "
    "that chose it",
    "convert-ttnn-to-tiles": "bufferize and lower every ttnn tensor op into scf.for loops of "
    "tile ops",
    "ttnn-lower": "the whole pipeline: ttnn-decompose, convert-ttnn-to-tiles, canonicalize, cse",
    "import-tt-mlir": "tt-mlir's prepare_conv2d_weights / _bias -> the project's prepare ops, "
    "sized",
    "import-tt-mlir-conv2d": "tt-mlir's ttnn.conv2d and ttnn.conv_transpose2d -> the project's "
    "prepare ops and ttnn.conv2d_consume, which compute them (after import-tt-mlir; no way back)",
    "export-tt-mlir": "the project's prepare ops -> tt-mlir's, with the shapes TT-NN computes",
}
"""One line about each pass, for `ttnn-opt --help`."""

__all__ = [
    "PASSES",
    "PASS_SUMMARIES",
    "ConvertTTNNToTiles",
    "ExportTTMLIR",
    "ImportTTMLIR",
    "ImportTTMLIRConv2d",
    "TTNNDecompose",
    "TTNNLower",
]

"""The project's passes (one per file), registered under their pass names."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass


def _decompose() -> type[ModulePass]:
    from ttnn_xdsl.passes.ttnn_decompose import TTNNDecompose

    return TTNNDecompose


def _convert_to_tiles() -> type[ModulePass]:
    from ttnn_xdsl.passes.convert_ttnn_to_tiles import ConvertTTNNToTiles

    return ConvertTTNNToTiles


def _lower() -> type[ModulePass]:
    from ttnn_xdsl.passes.ttnn_lower import TTNNLower

    return TTNNLower


def _import_tt_mlir() -> type[ModulePass]:
    from ttnn_xdsl.passes.import_tt_mlir import ImportTTMLIR

    return ImportTTMLIR


def _export_tt_mlir() -> type[ModulePass]:
    from ttnn_xdsl.passes.export_tt_mlir import ExportTTMLIR

    return ExportTTMLIR


PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "ttnn-decompose": _decompose,
    "convert-ttnn-to-tiles": _convert_to_tiles,
    "ttnn-lower": _lower,
    "import-tt-mlir": _import_tt_mlir,
    "export-tt-mlir": _export_tt_mlir,
}
"""Pass name → lazy factory of the pass class, as xDSL's drivers expect."""

"""The xDSL plugin (tools/universe.py, pyproject's `xdsl.universe` entry point): xDSL's
multiverse holds the project's dialects and passes, and the project's own contexts and
`ttnn-opt` still register them once."""

from __future__ import annotations

from xdsl.universe import Universe

from ttnn_xdsl.dialect.context import PROJECT_DIALECTS, make_context
from ttnn_xdsl.passes import PASSES
from ttnn_xdsl.tools.ttnn_opt import TTNNOptMain
from ttnn_xdsl.tools.universe import TTNN_XDSL_UNIVERSE


def test_the_entry_point_brings_the_dialects_and_passes_into_the_multiverse() -> None:
    multiverse = Universe.get_multiverse()
    for name in ("ttnn", "tile"):
        assert multiverse.all_dialects[name] is PROJECT_DIALECTS[name]
    for name in ("ttnn-decompose", "convert-ttnn-to-tiles", "ttnn-lower"):
        assert multiverse.all_passes[name] is PASSES[name]
    assert set(TTNN_XDSL_UNIVERSE.all_dialects) == set(PROJECT_DIALECTS)
    assert set(TTNN_XDSL_UNIVERSE.all_passes) == set(PASSES)


def test_the_project_context_and_ttnn_opt_register_each_dialect_once() -> None:
    ctx = make_context()
    assert {"ttnn", "tile", "builtin", "func", "scf"} <= set(ctx.registered_dialect_names)
    assert ctx.get_optional_op("ttnn.prepare_conv_weights") is not None
    driver = TTNNOptMain(args=[])
    assert driver.ctx.get_optional_op("tile.load") is not None
    assert driver.available_passes["ttnn-lower"] is PASSES["ttnn-lower"]

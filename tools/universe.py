"""The project as an xDSL plugin: the `xdsl.universe` entry point (pyproject.toml) names
`TTNN_XDSL_UNIVERSE`, so stock `xdsl-opt` (and every xDSL tool that reads plugins) knows the
project's dialects (`ttnn`, `tile`, and whatever else `dialect.context.PROJECT_DIALECTS`
lists) and passes (`passes.PASSES`).

Both tables hold lazy factories: xDSL loads every plugin's universe whenever it gathers the
available dialects and passes, and importing this module loads no dialect or pass."""

from __future__ import annotations

from xdsl.universe import Universe

from ttnn_xdsl.dialect.context import PROJECT_DIALECTS
from ttnn_xdsl.passes import PASSES

__all__ = ["TTNN_XDSL_UNIVERSE"]

TTNN_XDSL_UNIVERSE = Universe(all_dialects=dict(PROJECT_DIALECTS), all_passes=dict(PASSES))
"""The project's dialects and passes, by name."""

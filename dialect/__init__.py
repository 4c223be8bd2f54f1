"""The IR layer: the `ttnn` and `tile` dialects and the conv-weight resolution they use."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.universe import Universe

__all__ = ["make_context", "register_dialects"]


def _ttnn():
    from ttnn_xdsl.dialect.ttnn import TTNN

    return TTNN


def _tile():
    from ttnn_xdsl.dialect.tile import TILE

    return TILE


PROJECT_DIALECTS = {"ttnn": _ttnn, "tile": _tile}
"""The project's dialects by name, as lazy factories (xDSL's convention)."""


def register_dialects(ctx: Context) -> None:
    """Make the project's dialects available to `ctx` (loaded when first used)."""
    for name, factory in PROJECT_DIALECTS.items():
        if name not in ctx.registered_dialect_names:
            ctx.register_dialect(name, factory)


def make_context() -> Context:
    """A context that knows every upstream xDSL dialect and the project's dialects."""
    ctx = Context()
    for name, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(name, factory)
    register_dialects(ctx)
    return ctx

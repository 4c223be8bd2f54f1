"""Contexts that know the project's dialects (lazily, as xDSL's own registry does)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.context import Context
from xdsl.ir import Dialect
from xdsl.universe import Universe

__all__ = ["PROJECT_DIALECTS", "make_context", "register_dialects"]


def _ttnn() -> Dialect:
    from ttnn_xdsl.dialect.ttnn import TTNN

    return TTNN


def _tile() -> Dialect:
    from ttnn_xdsl.dialect.tile import TILE

    return TILE


PROJECT_DIALECTS: dict[str, Callable[[], Dialect]] = {"ttnn": _ttnn, "tile": _tile}
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
        if name not in PROJECT_DIALECTS:
            ctx.register_dialect(name, factory)
    register_dialects(ctx)
    return ctx

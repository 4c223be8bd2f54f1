"""Contexts that know the project's dialects (lazily, as xDSL's own registry does) and read
tt-mlir's TTNN IR.

tt-mlir writes many ops, attributes and types the project does not model (`ttnn.conv2d`,
`#ttnn.matmul_…_program_config`, `ttcore.load_cached`, `#ttcore.argument_type`, …). A
`TTNNContext` lets exactly those through as xDSL's unregistered constructs, which parse,
print back untouched and are never run:

- in the `ttnn` namespace, the names tt-mlir defines (`dialect/tt_mlir_names.py`); any other
  unknown `ttnn.` name — a misspelled op of the project's own — stays an error;
- in the `ttcore` namespace, every name (the project registers only the ttcore constructs
  it reads, `dialect/ttcore.py`), and likewise in `ttir`, the dialect of tt-xla's
  CPU-hoisted const-eval functions (`dialect/ttir.py`).

Everything else unknown is an error, as before; `--allow-unregistered-dialect` still lets
everything through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import UnregisteredAttr, UnregisteredOp
from xdsl.ir import Attribute, Dialect, Operation, TypeAttribute
from xdsl.universe import Universe

from ttnn_xdsl.dialect.tt_mlir_names import (
    TT_MLIR_TTNN_ATTRIBUTES,
    TT_MLIR_TTNN_OPS,
    TT_MLIR_TTNN_TYPES,
)

__all__ = ["PROJECT_DIALECTS", "TTNNContext", "make_context", "register_dialects"]


def _ttnn() -> Dialect:
    from ttnn_xdsl.dialect.ttnn import TTNN

    return TTNN


def _tile() -> Dialect:
    from ttnn_xdsl.dialect.tile import TILE

    return TILE


def _ttcore() -> Dialect:
    from ttnn_xdsl.dialect.ttcore import TTCORE

    return TTCORE


def _ttir() -> Dialect:
    from ttnn_xdsl.dialect.ttir import TTIR

    return TTIR


PROJECT_DIALECTS: dict[str, Callable[[], Dialect]] = {
    "ttnn": _ttnn,
    "tile": _tile,
    "ttcore": _ttcore,
    "ttir": _ttir,
}
"""The project's dialects by name, as lazy factories (xDSL's convention)."""


def _is_tt_mlir_name(name: str, ttnn_names: frozenset[str]) -> bool:
    """Whether `name` (`dialect.rest`) is one of tt-mlir's that passes through."""
    dialect, _, rest = name.partition(".")
    return dialect in ("ttcore", "ttir") or (dialect == "ttnn" and rest in ttnn_names)


@dataclass
class TTNNContext(Context):
    """A context that also reads tt-mlir's TTNN IR (see the module doc)."""

    def clone(self) -> TTNNContext:
        return TTNNContext(
            self.allow_unregistered,
            self._loaded_dialects.copy(),
            self._loaded_ops.copy(),
            self._loaded_attrs.copy(),
            self._loaded_types.copy(),
            self._registered_dialects.copy(),
        )

    def get_optional_op(
        self, name: str, *, dialect_stack: Sequence[str] = ()
    ) -> type[Operation] | None:
        op_type = super().get_optional_op(name, dialect_stack=dialect_stack)
        if op_type is None and _is_tt_mlir_name(name, TT_MLIR_TTNN_OPS):
            op_type = UnregisteredOp.with_name(name)
            self._loaded_ops[name] = op_type
        return op_type

    def get_optional_attr(self, name: str) -> type[Attribute] | None:
        attr_type = super().get_optional_attr(name)
        if attr_type is None and _is_tt_mlir_name(name, TT_MLIR_TTNN_ATTRIBUTES):
            attr_type = UnregisteredAttr.with_name_and_type(name, False)
            self._loaded_attrs[name] = attr_type
        return attr_type

    def get_optional_type(self, name: str) -> type[TypeAttribute] | None:
        type_type = super().get_optional_type(name)
        if type_type is None and _is_tt_mlir_name(name, TT_MLIR_TTNN_TYPES):
            unregistered = UnregisteredAttr.with_name_and_type(name, True)
            assert issubclass(unregistered, TypeAttribute)
            type_type = unregistered
            self._loaded_types[name] = type_type
        return type_type


def register_dialects(ctx: Context) -> None:
    """Make the project's dialects available to `ctx` (loaded when first used)."""
    for name, factory in PROJECT_DIALECTS.items():
        if name not in ctx.registered_dialect_names:
            ctx.register_dialect(name, factory)


def make_context() -> TTNNContext:
    """A context that knows every upstream xDSL dialect and the project's dialects, and
    reads tt-mlir's TTNN IR."""
    ctx = TTNNContext()
    for name, factory in Universe.get_multiverse().all_dialects.items():
        if name not in PROJECT_DIALECTS:
            ctx.register_dialect(name, factory)
    register_dialects(ctx)
    return ctx

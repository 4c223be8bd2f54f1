"""Progress of a run on stderr (`ttnn-run` when stderr is a terminal): a bar per function of
a run over several functions, and a bar per outermost loop of a nest, each shown only once
its work has taken about a second.

`LoopProgress` is an xDSL interpreter listener (`Interpreter.Listener`): it sees each op the
interpreter runs. An outermost `scf.for` (one directly in a function body) opens a bar of its
trip count, each start of its body advances it, and its end closes it. A loop nest the
interpreter runs as one step (a bulk execution) closes its bar at once. The bars are tqdm's;
the listener only counts, through `BarFactory`, so tests can count with it."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO, Any, Protocol

from xdsl.dialects import func, scf
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from ttnn_xdsl.core.errors import format_location

__all__ = ["Bar", "BarFactory", "LoopProgress", "terminal_bars"]

SHOW_AFTER_SECONDS = 1.0
"""A bar appears once its work has run this long (quick work shows nothing)."""


class Bar(Protocol):
    """What the listener needs of a progress bar (tqdm's interface)."""

    def update(self, n: int = 1) -> Any: ...

    def close(self) -> None: ...


BarFactory = Callable[[str, int | None, int], Bar]
"""Makes a bar from its description, its total (None: a count of unknown end) and its
nesting level (0 = outermost)."""


def terminal_bars(stream: IO[str] | None = None) -> BarFactory | None:
    """tqdm bars on `stream` (default stderr) when it is a terminal, else None (no progress:
    redirected output stays free of bar updates)."""
    stream = stream or sys.stderr
    if not stream.isatty():
        return None
    from tqdm import tqdm

    def make(description: str, total: int | None, level: int) -> Bar:
        return tqdm(
            total=total,
            desc=description,
            file=stream,
            delay=SHOW_AFTER_SECONDS,
            leave=False,
            position=level,
            dynamic_ncols=True,
        )

    return make


def trip_count(lower: int, upper: int, step: int) -> int:
    """The number of iterations of `scf.for lower to upper step step`."""
    return max(0, -(-(upper - lower) // step)) if step > 0 else 0


class LoopProgress(Interpreter.Listener):
    """Counts the iterations of each outermost loop of the functions the interpreter runs,
    on bars from `make_bar` at nesting `level`."""

    def __init__(self, make_bar: BarFactory, level: int = 0) -> None:
        self.make_bar = make_bar
        self.level = level
        self._loop: scf.ForOp | None = None
        self._body_start: Operation | None = None
        self._bar: Bar | None = None
        self._remaining = 0

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        if op is self._body_start:
            assert self._bar is not None
            self._bar.update(1)
            self._remaining -= 1
        elif self._loop is None and isinstance(op, scf.ForOp) and _outermost(op):
            total = trip_count(*(int(value) for value in args[:3]))
            function = op.parent_op()
            assert isinstance(function, func.FuncOp)
            where = format_location(op.location)
            description = f"@{function.sym_name.data} loop" + (f" at {where}" if where else "")
            self._loop, self._body_start = op, op.body.block.first_op
            self._bar = self.make_bar(description, total, self.level)
            self._remaining = total

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        if op is self._loop:
            # A nest run in bulk does all its iterations at once, unseen by the listener.
            if self._bar is not None and self._remaining > 0:
                self._bar.update(self._remaining)
            self.close()

    def close(self) -> None:
        """Close the open bar, if any (also after an error stopped the loop)."""
        if self._bar is not None:
            self._bar.close()
        self._loop = self._body_start = self._bar = None


def _outermost(loop: scf.ForOp) -> bool:
    return isinstance(loop.parent_op(), func.FuncOp)

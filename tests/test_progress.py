"""Progress on a terminal (runtime/progress.py): one bar per outermost loop of a nest,
advanced once per iteration, shown by tqdm only when stderr is a terminal."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import numpy as np
import pytest

from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime import progress
from ttnn_xdsl.runtime.progress import LoopProgress, terminal_bars, trip_count

TILES = "memref<1x1x4x4x!tile.tile<32x32, bf16>>"
# Outermost loops of 3 (0, 3, 6 of 0..7 step 3), 4 (with a nested loop) and 0 iterations.
LOOPS = f"""
func.func @copy(%src: {TILES}, %dst: {TILES}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  scf.for %i = %c0 to %c7 step %c3 {{
    %t = tile.load %src[%c0, %c0, %c0, %c0] : {TILES}
    tile.store %t, %dst[%c0, %c0, %c0, %c0] : {TILES}
  }}
  scf.for %i = %c0 to %c4 step %c1 {{
    scf.for %j = %c0 to %c4 step %c1 {{
      %t = tile.load %src[%c0, %c0, %i, %j] : {TILES}
      tile.store %t, %dst[%c0, %c0, %i, %j] : {TILES}
    }}
  }}
  scf.for %i = %c4 to %c0 step %c1 {{
    %t = tile.load %src[%c0, %c0, %c0, %c0] : {TILES}
    tile.store %t, %dst[%c0, %c0, %c0, %c0] : {TILES}
  }}
  func.return
}}
"""


@dataclass
class RecordedBar:
    description: str
    total: int
    level: int
    done: int = 0
    closed: bool = False

    def update(self, n: int = 1) -> None:
        assert not self.closed
        self.done += n

    def close(self) -> None:
        self.closed = True


@dataclass
class Recorder:
    bars: list[RecordedBar] = field(default_factory=list)

    def __call__(self, description: str, total: int, level: int) -> RecordedBar:
        bar = RecordedBar(description, total, level)
        self.bars.append(bar)
        return bar


def test_trip_count() -> None:
    assert [trip_count(0, 7, 3), trip_count(0, 6, 3), trip_count(4, 0, 1)] == [3, 2, 0]
    assert trip_count(0, 1, 1) == 1


def test_each_outermost_loop_gets_a_bar_advanced_per_iteration() -> None:
    program = Program.load(LOOPS, filename="loops.mlir")
    recorder = Recorder()
    listener = LoopProgress(recorder, level=1)
    program.run(random_seed=0, listeners=[listener])
    assert [(bar.description, bar.total, bar.done, bar.level) for bar in recorder.bars] == [
        ("@copy loop at loops.mlir:8:3", 3, 3, 1),
        ("@copy loop at loops.mlir:12:3", 4, 4, 1),
        ("@copy loop at loops.mlir:18:3", 0, 0, 1),
    ]
    assert all(bar.closed for bar in recorder.bars)


def test_the_listener_does_not_change_the_results() -> None:
    program = Program.load(LOOPS, filename="loops.mlir")
    plain = program.run(random_seed=1)
    watched = program.run(random_seed=1, listeners=[LoopProgress(Recorder())])
    for a, b in zip(plain, watched, strict=True):
        assert a.to_bytes() == b.to_bytes()


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_bars_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert terminal_bars(io.StringIO()) is None
    screen = FakeTerminal()
    monkeypatch.setattr(progress, "SHOW_AFTER_SECONDS", 0)
    make_bar = terminal_bars(screen)
    assert make_bar is not None
    program = Program.load(LOOPS, filename="loops.mlir")
    program.run(random_seed=0, listeners=[LoopProgress(make_bar)])
    shown = screen.getvalue()
    assert "@copy loop at loops.mlir:12:3:   0%" in shown
    assert "0/4" in shown


def test_quick_work_shows_no_bar() -> None:
    # tqdm's delay: a bar appears only once its work has run SHOW_AFTER_SECONDS.
    screen = FakeTerminal()
    make_bar = terminal_bars(screen)
    assert make_bar is not None
    program = Program.load(LOOPS, filename="loops.mlir")
    program.run(random_seed=0, listeners=[LoopProgress(make_bar)])
    assert screen.getvalue().strip() == ""
    assert np.isclose(progress.SHOW_AFTER_SECONDS, 1.0)

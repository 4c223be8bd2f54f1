"""Wall-clock time per phase of a run (`ttnn-run --time`): parse, lower, convert inputs,
interpret, write, … Phases may repeat (one interpretation per function); their times add up."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["PhaseTimer"]


class PhaseTimer:
    """Accumulates the time spent in named phases, in the order each phase first ran."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.counts: dict[str, int] = {}

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        """Time the body as (one more run of) phase `name`, also when it raises."""
        started = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - started
            self.counts[name] = self.counts.get(name, 0) + 1

    def table(self) -> str:
        """The phases as a table: seconds, share of the total and how often each ran."""
        total = sum(self.seconds.values())
        width = max([len("phase"), len("total"), *map(len, self.seconds)])
        lines = [f"{'phase':<{width}}  {'seconds':>8}  {'share':>6}  {'runs':>5}"]
        lines.append("-" * len(lines[0]))
        for name, seconds in self.seconds.items():
            share = seconds / total if total else 0.0
            lines.append(f"{name:<{width}}  {seconds:8.3f}  {share:6.1%}  {self.counts[name]:5d}")
        lines.append("-" * len(lines[0]))
        lines.append(f"{'total':<{width}}  {total:8.3f}  {1:6.1%}")
        return "\n".join(lines)

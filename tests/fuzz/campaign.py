"""A fuzzing campaign: cases by (seed, kind, number), run in worker processes (one per job)
that are killed and replaced when a case hangs, with counts of what was tried and what was
found. The cases and their results do not depend on the number of jobs."""

from __future__ import annotations

import multiprocessing
import random
import resource
import shutil
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from fuzz.draws import draw_case
from fuzz.harness import TIME_LIMIT, Case, Result, run_case
from fuzz.inputs import input_case
from fuzz.mutations import mutation_case

GENERATORS: dict[str, Callable[[random.Random], Case]] = {
    "mutation": mutation_case,
    "draw": draw_case,
    "input": input_case,
}
WORKER_MEMORY = 6 * 2**30
"""Address space of the worker: a case that needs more fails with MemoryError (the tools'
one-line "out of memory") instead of exhausting the machine."""
_GRACE = 5.0
"""Seconds past the time limit before a silent worker is killed."""


def make_case(seed: int, kind: str, number: int) -> Case:
    """Case `number` of `kind` in the campaign of `seed` (the same on every run)."""
    return GENERATORS[kind](random.Random(f"{seed}:{kind}:{number}"))


@dataclass
class Summary:
    """What a campaign tried and found."""

    seed: int
    counts: Counter[str] = field(default_factory=Counter)
    """Cases run, by kind."""
    exits: Counter[str] = field(default_factory=Counter)
    """By kind and exit status."""
    tags: Counter[str] = field(default_factory=Counter)
    checked: Counter[str] = field(default_factory=Counter)
    """Accepted cases whose values were compared with the reference, by kind."""
    findings: list[tuple[str, int, Result]] = field(default_factory=list)
    slowest: list[tuple[float, str, int, str]] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, kind: str, number: int, result: Result) -> None:
        self.counts[kind] += 1
        self.exits[f"{kind} exit {result.exit}"] += 1
        self.tags.update(f"{kind}: {tag}" for tag in result.tags)
        if result.checked:
            self.checked[kind] += 1
        if result.finding is not None:
            self.findings.append((kind, number, result))
        self.slowest.append((result.seconds, kind, number, result.label))
        self.slowest = sorted(self.slowest, reverse=True)[:5]

    def report(self) -> str:
        finding_kinds = Counter(result.finding for _, _, result in self.findings)
        lines = [
            f"seed {self.seed}: {sum(self.counts.values())} cases in {self.seconds:.0f} s",
            "  tried: " + ", ".join(f"{n} {kind}s" for kind, n in sorted(self.counts.items())),
            "  exits: " + ", ".join(f"{key}: {n}" for key, n in sorted(self.exits.items())),
            "  values checked against the references: "
            + (", ".join(f"{n} {kind}s" for kind, n in sorted(self.checked.items())) or "none"),
            "  exercised: " + ", ".join(f"{tag} {n}" for tag, n in sorted(self.tags.items())),
            "  slowest: " + "; ".join(f"{s:.2f} s {k} {n}" for s, k, n, _ in self.slowest),
            f"  findings: {len(self.findings)}"
            + (
                " (" + ", ".join(f"{k} {n}" for k, n in sorted(finding_kinds.items())) + ")"
                if self.findings
                else ""
            ),
        ]
        for kind, number, result in self.findings:
            lines.append(f"    {kind} {number} [{result.finding}] {result.label}")
            lines.append(
                f"      {result.detail.strip().splitlines()[-1] if result.detail.strip() else ''}"
            )
        return "\n".join(lines)


def _worker(connection: Connection, seed: int, folder: str) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = WORKER_MEMORY if hard == resource.RLIM_INFINITY else min(WORKER_MEMORY, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    while True:
        request = connection.recv()
        if request is None:
            return
        kind, number = request
        try:
            case = make_case(seed, kind, number)
        except Exception:
            connection.send(
                (
                    "done",
                    Result(
                        kind, "(generation)", "-", 0.0, "", "fuzzer error", traceback.format_exc()
                    ),
                )
            )
            continue
        connection.send(("start", case.label))
        result = run_case(case, Path(folder), on_ran=lambda: connection.send(("ran", None)))
        connection.send(("done", result))


class Worker:
    """A worker process running cases; replaced when one hangs."""

    def __init__(self, seed: int, folder: Path, start_method: str = "fork"):
        self.seed, self.folder, self.start_method = seed, folder, start_method
        self._start()

    def _start(self) -> None:
        # One job forks (the corpus loaded once is shared); several jobs, each driven by a
        # thread, spawn their workers: forking a process with threads is unsafe.
        context = multiprocessing.get_context(self.start_method)
        self.connection, child = context.Pipe()
        self.process = context.Process(
            target=_worker, args=(child, self.seed, str(self.folder)), daemon=True
        )
        self.process.start()

    def _restart(self) -> None:
        self.process.kill()
        self.process.join()
        self._start()

    def _receive(self, seconds: float) -> tuple[str, object] | None:
        if not self.connection.poll(seconds):
            return None
        try:
            return self.connection.recv()
        except EOFError:
            return None

    def run(self, kind: str, number: int) -> Result:
        self.connection.send((kind, number))
        started = self._receive(600)  # the first case loads the corpus
        if started is None:
            self._restart()
            return Result(
                kind, "(generation)", "-", 0.0, "", "hang", "the case was not generated in 600 s"
            )
        if started[0] == "done":
            return started[1]  # type: ignore[return-value]
        label = str(started[1])
        ran = self._receive(TIME_LIMIT + _GRACE)
        if ran is None:
            alive = self.process.is_alive()
            self._restart()
            finding = "hang" if alive else "crash"
            detail = f"no exit after {TIME_LIMIT + _GRACE:.0f} s" if alive else "the worker died"
            return Result(kind, label, "-", TIME_LIMIT + _GRACE, "", finding, detail)
        done = self._receive(600)
        if done is None:
            self._restart()
            return Result(
                kind, label, "-", 0.0, "", "fuzzer error", "the value check took over 600 s"
            )
        return done[1]  # type: ignore[return-value]

    def close(self) -> None:
        self.connection.send(None)
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()


def schedule(plan: dict[str, int]) -> Iterator[tuple[str, int]]:
    """(kind, number) for `plan[kind]` cases of each kind, interleaved in proportion."""
    total = sum(plan.values())
    done = Counter[str]()
    for step in range(total):
        kind = max(
            plan, key=lambda k: (plan[k] * (step + 1) / total - done[k], -list(plan).index(k))
        )
        if done[kind] >= plan[kind]:
            kind = next(k for k in plan if done[k] < plan[k])
        yield kind, done[kind]
        done[kind] += 1


def campaign(
    seed: int,
    plan: dict[str, int],
    *,
    budget: float | None = None,
    progress: Callable[[str], None] | None = None,
    findings_folder: Path | None = None,
    jobs: int = 1,
) -> Summary:
    """Run `plan[kind]` cases of each kind (stopping after `budget` seconds when given), in
    `jobs` worker processes at once."""
    summary = Summary(seed)
    started = time.perf_counter()
    folder = Path(tempfile.mkdtemp(prefix="ttnn-fuzz-"))
    cases = schedule(plan)
    lock = threading.Lock()
    failures: list[BaseException] = []

    def next_case() -> tuple[str, int] | None:
        with lock:
            if failures or (budget is not None and time.perf_counter() - started > budget):
                return None
            return next(cases, None)

    def record(kind: str, number: int, result: Result) -> None:
        with lock:
            summary.add(kind, number, result)
            if result.finding is not None:
                if progress:
                    heading = f"FINDING {kind} {number} [{result.finding}] {result.label}"
                    progress(f"{heading}\n{result.detail}")
                if findings_folder is not None:
                    _save(findings_folder, seed, kind, number, result)
            total = sum(summary.counts.values())
            if progress and total % 500 == 0:
                elapsed = time.perf_counter() - started
                progress(f"{total} cases, {elapsed:.0f} s, {len(summary.findings)} findings")

    def job(index: int, start_method: str) -> None:
        try:
            worker = Worker(seed, folder / f"case-{index}", start_method)
        except BaseException as error:
            failures.append(error)
            return
        try:
            while (item := next_case()) is not None:
                record(*item, worker.run(*item))
        except BaseException as error:  # the campaign's own failure: stop every job
            failures.append(error)
        finally:
            worker.close()

    try:
        if jobs == 1:
            job(0, "fork")
        else:
            threads = [threading.Thread(target=job, args=(index, "spawn")) for index in range(jobs)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        if failures:
            raise failures[0]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        summary.seconds = time.perf_counter() - started
    return summary


def _save(folder: Path, seed: int, kind: str, number: int, result: Result) -> None:
    """The case's files and what happened, to replay it (`python -m fuzz --case`)."""
    target = folder / f"{seed}-{kind}-{number}"
    target.mkdir(parents=True, exist_ok=True)
    try:
        case = make_case(seed, kind, number)
    except Exception:
        (target / "finding.txt").write_text(f"{result.finding}\n{result.detail}\n")
        return
    for name, data in case.files.items():
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    (target / "finding.txt").write_text(
        f"{result.finding}: {result.label}\n{case.tool} {' '.join(case.args)}\n"
        f"exit {result.exit}\nstderr:\n{result.stderr}\ndetail:\n{result.detail}\n"
    )

"""Running one case: the tool in process, then the checks every case must pass."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ttnn_xdsl.tools import ttnn_opt, ttnn_run

TIME_LIMIT = 10.0
"""Seconds a case may run."""

MAX_BYTES = "64M"
"""`--max-bytes` of the fuzzer's ttnn-run cases: enough for every example (ResNet-50's largest
tensor takes 9 MiB), small enough that a shape mutated to 2³¹ is refused rather than allocated
and a case runs well inside the time limit."""

TOOLS: dict[str, Callable[[list[str]], None]] = {
    "ttnn-opt": ttnn_opt.main,
    "ttnn-run": ttnn_run.main,
}

Check = Callable[[Path], str | None]
"""After a successful run: None when the values are right, `NOT_COMPARED` when the case is
too large for the reference, else what differs."""

NOT_COMPARED = "not compared"


@dataclass
class Case:
    """One thing to try: a tool, its arguments (`{dir}` is the case's folder), the files it
    reads, the outputs it writes on success, and what must hold."""

    kind: str
    """`mutation`, `draw` or `input`."""
    label: str
    """What was tried, one line."""
    tool: str
    args: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    outputs: list[str] = field(default_factory=list)
    """Paths (relative to the folder) written on success, absent on failure."""
    check: Check | None = None
    """The values of a successful run, against an independent reference."""
    expect: str | None = None
    """`accept` or `refuse` when the case is known to be valid or invalid."""
    tags: tuple[str, ...] = ()
    """What the case exercised (mutators, ops), for the campaign's counts."""


@dataclass
class Result:
    """What a case did; `finding` is None when every check passed."""

    kind: str
    label: str
    exit: int | str
    seconds: float
    stderr: str
    finding: str | None = None
    detail: str = ""
    checked: bool = False
    """Whether values were compared with the reference."""
    tags: tuple[str, ...] = ()


_WARNING = re.compile(r"^(\S+:\d+:\d+|ttnn-opt|ttnn-run): warning: \S")
"""The one line of a warning of the tools."""


def _exit_code(request: SystemExit) -> int | str:
    code = request.code
    if code is None:
        return 0
    return code if isinstance(code, int) else f"SystemExit({code!r})"


def run_case(case: Case, folder: Path, on_ran: Callable[[], None] | None = None) -> Result:
    """Run `case` in `folder` (emptied first) and check it."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name, data in case.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    before = _listing(folder)
    argv = [argument.replace("{dir}", str(folder)) for argument in case.args]
    stdout, stderr = io.StringIO(), io.StringIO()
    crash = ""
    started = time.perf_counter()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            TOOLS[case.tool](argv)
            code: int | str = 0
        except SystemExit as request:
            code = _exit_code(request)
        except Exception as error:  # any escape is what the fuzzer looks for
            code = f"{type(error).__name__}"
            crash = traceback.format_exc()
    seconds = time.perf_counter() - started
    if on_ran is not None:
        on_ran()
    out, err = stdout.getvalue(), stderr.getvalue()
    result = Result(case.kind, case.label, code, seconds, err, tags=case.tags)
    finding = _judge(case, folder, before, code, out, err, seconds)
    if crash:
        finding = ("crash", crash)
    if finding is None and code == 0 and case.check is not None:
        try:
            difference = case.check(folder)
        except Exception:  # a failing reference is a finding
            difference = "the reference failed: " + traceback.format_exc()
        result.checked = difference != NOT_COMPARED
        if difference is not None and difference != NOT_COMPARED:
            finding = ("disagreement", difference)
    if finding is not None:
        result.finding, result.detail = finding
    return result


def _listing(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


def _judge(
    case: Case,
    folder: Path,
    before: set[str],
    code: int | str,
    out: str,
    err: str,
    seconds: float,
) -> tuple[str, str] | None:
    """The first rule the run broke, as (kind of finding, detail), or None."""
    if seconds > TIME_LIMIT:
        return "hang", f"ran {seconds:.1f} s"
    if code not in (0, 1):
        kind = "internal error" if "internal error" in err else "crash"
        return kind, f"exit {code}: {err.strip()}"
    if "Traceback" in err or "internal error" in err:
        return "internal error", err.strip()
    created = _listing(folder) - before
    outputs = {os.path.normpath(name) for name in case.outputs}
    timed = "--time" in case.args
    if timed:
        # `--time` prints its table on stderr (before the error line of a failure).
        err = "".join(line for line in err.splitlines(keepends=True) if not _timing_line(line))
    if code == 1:
        lines = err.splitlines()
        if len(lines) != 1 or not lines[0].strip():
            return "not one line", f"stderr has {len(lines)} lines: {err!r}"
        reports = ("--verify-diagnostics", "--expect")  # their lines go to stdout by design
        if out and not any(flag in case.args for flag in reports):
            return "output on failure", f"stdout: {out[:300]!r}"
        if created:
            return "file left on failure", ", ".join(sorted(created))
        if case.expect == "accept" and "more than the limit" not in err:
            return "disagreement", f"a valid case was refused: {err.strip()}"
        return None
    # A success may warn, one line a warning (`FILE:LINE:COL: warning: …`); nothing else.
    noise = [line for line in err.splitlines() if not _WARNING.match(line)]
    if noise:
        return "noise on success", f"stderr: {err[:300]!r}"
    missing = [name for name in outputs if not (folder / name).exists()]
    if missing:
        return "missing output", ", ".join(sorted(missing))
    strays = [name for name in created if not any(_inside(name, o) for o in outputs)]
    if strays:
        return "stray file", ", ".join(sorted(strays))
    if case.expect == "refuse":
        return "disagreement", "an invalid case was accepted"
    return None


_TIMING_ROW = re.compile(r"^.+\s\d+\.\d+\s+\d+\.\d%(\s+\d+)?$")


def _timing_line(line: str) -> bool:
    """A line of `--time`'s table: a phase, its time, count and share, or the table's
    heading and rule."""
    text = line.strip()
    if "error:" in text:
        return False
    return not text or text.startswith(("phase ", "---")) or bool(_TIMING_ROW.match(text))


def _inside(name: str, output: str) -> bool:
    return name == output or name.startswith(output + os.sep)

"""The console scripts' entry points: `ttnn-opt`, `ttnn-run`, `ttnn-check-weight`
(pyproject.toml).

They import the tool only when called, so that Ctrl-C while Python is still importing the
tool (NumPy, xDSL, the dialects: most of a short run's time) is the same one line as Ctrl-C
later — `TOOL: interrupted`, exit status 130 (128 + SIGINT), as shells report it — and not
a traceback of whichever import it stopped. After the imports the tool's own error
reporting (`cli.report_errors`) does the same.

SIGTERM (`timeout`, a CI job cancelled, `kill`) cleans up as Ctrl-C does: it raises
`Terminated` in the main thread, so every cleanup runs (`write_output_files` removes its
temporary files and the folders it made), then the tool prints `TOOL: terminated` and ends
killed by SIGTERM, as it would have without the handler (a shell reports 143 = 128 + 15).

`ttnn-run` loads NumPy, whose OpenBLAS starts a thread per core when it loads (0.1 s of CPU
at every start, which a machine running many tools — a lit suite — pays in time); the tool
never multiplies matrices, so it asks for one, unless the environment says otherwise. The
variable must be set before NumPy is imported: here, before the tool is.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys
from types import FrameType
from typing import NoReturn

__all__ = ["Terminated", "interrupted", "ttnn_check_weight", "ttnn_opt", "ttnn_run"]

INTERRUPTED_STATUS = 130
"""The exit status of a run stopped by Ctrl-C (SIGINT): 128 + 2."""


def interrupted(tool: str) -> None:
    """Report a Ctrl-C as one line and exit 130."""
    print(f"{tool}: interrupted", file=sys.stderr)
    sys.exit(INTERRUPTED_STATUS)


class Terminated(BaseException):
    """SIGTERM received: raised in the main thread, as KeyboardInterrupt is for Ctrl-C."""


def _raise_terminated(signal_number: int, frame: FrameType | None) -> NoReturn:
    raise Terminated


def terminated(tool: str) -> NoReturn:
    """Report a SIGTERM as one line, then end killed by it (its default action)."""
    with contextlib.suppress(Exception):
        print(f"{tool}: terminated", file=sys.stderr, flush=True)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)
    sys.exit(128 + signal.SIGTERM)  # not reached: the signal ends the process


def _launch(tool: str, module: str) -> None:
    signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        try:
            main = importlib.import_module(module).main
        except KeyboardInterrupt:
            if "--traceback" in sys.argv[1:]:
                raise
            interrupted(tool)
        main()
    except Terminated:
        terminated(tool)


def ttnn_opt() -> None:
    """`ttnn-opt` (`tools/ttnn_opt.py`)."""
    _launch("ttnn-opt", "ttnn_xdsl.tools.ttnn_opt")


def ttnn_run() -> None:
    """`ttnn-run` (`tools/ttnn_run.py`)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    _launch("ttnn-run", "ttnn_xdsl.tools.ttnn_run")


def ttnn_check_weight() -> None:
    """`ttnn-check-weight` (`tools/ttnn_check_weight.py`)."""
    _launch("ttnn-check-weight", "ttnn_xdsl.tools.ttnn_check_weight")

"""What `ttnn-opt`, `ttnn-run` and `ttnn-check-weight` share as command-line tools: one-line
error reporting with exit statuses. (Their output files are written by one rule,
`core.output_files`.)

Exit status 0: success. 1: a user error (`TTNNError`), printed as one line —
`FILE:LINE:COL: error: message` when its position is known, else `TOOL: error: message`.
A warning of the project's (`TTNNWarning`) is one line too, `FILE:LINE:COL: warning: …`,
printed when the command succeeds (after its work, on stderr); a failure prints only its
error line.
A failure to write standard output (a full disk, an I/O error) is a user error too:
`TOOL: error: cannot write standard output: REASON`, exit status 1; a reader that went away
(`| head`) ends the tool quietly with status 1, as Unix tools do, with `PYTHONUNBUFFERED` set
too (`_write_unbuffered`).
2: anything else, an internal error of the project, printed as `TOOL: internal error: …`
with a hint to rerun with `--traceback` (which shows the Python traceback instead).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import os
import re
import select
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from errno import EBADF
from importlib.metadata import PackageNotFoundError, version
from typing import Any, TextIO

from ttnn_xdsl.core.errors import TTNNError, TTNNWarning
from ttnn_xdsl.tools.launch import INTERRUPTED_STATUS, Terminated

__all__ = [
    "StoreOnce",
    "given_once",
    "one_printable_line",
    "package_versions",
    "quiet_garbage_collector",
    "report_errors",
]


def package_versions() -> str:
    """`ttnn-xdsl X on xdsl Y`, for `--version`."""

    def of(package: str) -> str:
        try:
            return version(package)
        except PackageNotFoundError:
            return "unknown"

    return f"ttnn-xdsl {of('ttnn-xdsl')} on xdsl {of('xdsl')}"


def quiet_garbage_collector() -> None:
    """Tune Python's cycle collector for a tool run that builds millions of IR objects.

    The objects the imports made (modules, dialect definitions) never die: freeze them so
    that no collection walks them again. The IR lives until the run ends: collect young
    objects every 100 000 allocations instead of every 700, so that the collector's passes
    over the growing IR stay a small part of the run. Only the first call of a process
    freezes: a tool called again in the same process (tests, the fuzzer, a Python caller)
    would otherwise freeze the garbage of its previous runs for good."""
    global _frozen
    if not _frozen:
        gc.freeze()
        _frozen = True
    gc.set_threshold(100_000, 50, 100)


_frozen = False


_GIVEN_OPTIONS = "_options_given"
"""The namespace attribute in which `StoreOnce` records the options a command line gave."""


class StoreOnce(argparse._StoreAction):  # pyright: ignore[reportPrivateUsage]
    """An option of one value (`--output FILE`) that a command line may give at most once:
    argparse keeps the last of `--output a.npz --output b.npz` and drops the first without a
    word; LLVM's tools refuse it ("may only occur zero or one times"), and so do these."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        given: set[str] = namespace.__dict__.setdefault(_GIVEN_OPTIONS, set())
        if self.dest in given:
            raise argparse.ArgumentError(self, "may only be given once")
        given.add(self.dest)
        super().__call__(parser, namespace, values, option_string)


def given_once(parser: argparse.ArgumentParser) -> None:
    """Make every option of `parser` that stores one value a `StoreOnce` (upstream xdsl-opt's
    options too); flags and options meant to repeat (`action="append"`) stay as they are.
    A value that begins with a minus and a digit (`--tile -1,0`) is read as the option's
    value, so that its own check names what is wrong with it: argparse reads only `-1` or
    `-0.5` so and takes `-1,0` for an option ("expected one argument"). No option of the
    tools is spelt like a number."""
    for action in parser._actions:  # pyright: ignore[reportPrivateUsage]
        if type(action) is argparse._StoreAction and action.option_strings:  # pyright: ignore[reportPrivateUsage]
            action.__class__ = StoreOnce
    parser._negative_number_matcher = _BEGINS_LIKE_A_NUMBER  # pyright: ignore[reportPrivateUsage, reportAttributeAccessIssue]


_BEGINS_LIKE_A_NUMBER = re.compile(r"^-\d")


def format_user_error(tool: str, error: TTNNError) -> str:
    """The one line a user error prints."""
    line = str(error) if error.location else f"{tool}: error: {error.message}"
    return one_printable_line(f"{line}; {error.tool_hint}" if error.tool_hint else line)


def one_printable_line(text: str) -> str:
    """`text` with every character that is not printable escaped (`\\n`, `\\x1e`, `\\u2028`):
    a message quoting the input (an unexpected character, a name) stays one line and sends
    no control sequence to the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def report_errors(tool: str, body: Callable[[], None], argv: Sequence[str]) -> None:
    """Run `body`; on a user error print its one line and exit 1, on any other exception
    print an internal-error line and exit 2 (with `--traceback` in `argv`, raise instead).
    Running out of memory is one line and exit 1 too: not a bug, a request too large for the
    machine. Python warnings (NumPy's floating-point ones, deprecations) are developers' noise:
    shown only with `--traceback`."""
    show_traceback = "--traceback" in argv
    standard_output = sys.stdout
    try:
        sys.stdout = _ReportedWrites(standard_output)  # type: ignore[assignment]
        with warnings.catch_warnings():
            if not show_traceback:
                warnings.simplefilter("ignore")
            # The project's own warnings are for the user: one line each, printed when the
            # command succeeds (a failure is its one error line).
            warnings.simplefilter("always", TTNNWarning)
            held: list[str] = []
            warnings.showwarning = _warning_printer(tool, warnings.showwarning, held)
            body()
            sys.stdout.flush()  # a write error of the last printed lines is reported here
        for line in held:
            print(line, file=sys.stderr)
    except TTNNError as error:
        if show_traceback:
            raise
        if isinstance(error, StandardOutputError):
            _discard_standard_output(standard_output)
        print(format_user_error(tool, error), file=sys.stderr)
        sys.exit(1)
    except BrokenPipeError:
        # The reader of our output went away (`| head`): stop quietly, as Unix tools do.
        _discard_standard_output(standard_output)
        sys.exit(1)
    except KeyboardInterrupt:
        if show_traceback:
            raise
        # Ctrl-C: one line and 128 + SIGINT, as shells report it; outputs are written
        # all-or-nothing (`write_output_files`), so nothing is left half-written.
        print(f"{tool}: interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED_STATUS)
    except (SystemExit, Terminated):
        raise  # SIGTERM: the launcher ends the process by it, after every cleanup ran
    except MemoryError as error:
        if show_traceback:
            raise
        detail = " ".join(str(error).split())
        message = f"{tool}: error: out of memory{f' ({detail})' if detail else ''}"
        print(one_printable_line(message), file=sys.stderr)
        sys.exit(1)
    except BaseException as error:
        if show_traceback:
            raise
        detail = " ".join(str(error).split()) or type(error).__name__
        message = (
            f"{tool}: internal error: {type(error).__name__}: {detail} "
            "(this is a bug in ttnn-xdsl; rerun with --traceback for details)"
        )
        print(one_printable_line(message), file=sys.stderr)
        sys.exit(2)
    finally:
        sys.stdout = standard_output


class StandardOutputError(TTNNError):
    """Standard output cannot be written (a full disk, an I/O error): not a bug, the
    user's output went where it cannot be written."""


class _ReportedWrites:
    """`sys.stdout` whose failed writes (other than a reader gone away, `BrokenPipeError`)
    raise `StandardOutputError`; so does a write when the process has no standard output
    (started with it closed, `>&-`: Python's `sys.stdout` is None)."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is None:
            raise StandardOutputError(f"cannot write standard output: {os.strerror(EBADF)}")
        with self._reported():
            if isinstance(getattr(self._stream, "buffer", None), io.RawIOBase):
                return _write_unbuffered(self._stream, text)
            return self._stream.write(text)

    def flush(self) -> None:
        if self._stream is None:
            return  # nothing was written to it
        with self._reported():
            self._stream.flush()

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)

    @staticmethod
    @contextlib.contextmanager
    def _reported() -> Iterator[None]:
        try:
            yield
        except BrokenPipeError:
            raise
        except OSError as error:
            reason = error.strerror or str(error)
            raise StandardOutputError(f"cannot write standard output: {reason}") from None


def _write_unbuffered(stream: TextIO, text: str) -> int:
    """Write `text` whole to a text stream over an unbuffered file (`PYTHONUNBUFFERED=1`,
    `python -u`: its `buffer` is the raw file). The text stream hands each write to the
    file once and ignores how much the file took: a pipe whose reader goes away in the middle
    of a write takes part of it, and the rest is dropped without an error (a truncated output
    and exit status 0). Here the rest is written again until all of it is taken, so that the
    next write meets the closed pipe (`BrokenPipeError`) or any other error."""
    stream.flush()  # what the text stream still holds goes first
    data = memoryview(text.encode(stream.encoding, stream.errors or "strict"))
    file = stream.buffer
    while data:
        written = file.write(data)
        if written is None:  # a non-blocking file that cannot take more yet
            select.select([], [file], [])
            continue
        data = data[written:]
    return len(text)


def _discard_standard_output(stream: TextIO | None) -> None:
    """Point the process's standard output at the null device, so that the text still
    buffered for it is dropped when Python exits instead of failing again (a second error
    message and exit status 120). Only the process's own standard output: a stream a caller
    put in its place (a test's capture) is left alone."""
    if stream is None or stream is not sys.__stdout__:
        return
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


def _warning_printer(
    tool: str, default: Callable[..., None], held: list[str]
) -> Callable[..., None]:
    """`warnings.showwarning` holding a `TTNNWarning` as its one line (`FILE:LINE:COL:
    warning: message`, or `TOOL: warning: message`) in `held`, others shown as before."""

    def show(
        message: Warning | str, category: type[Warning], *args: object, **kwargs: object
    ) -> None:
        if isinstance(message, TTNNWarning):
            line = str(message) if message.location else f"{tool}: warning: {message.message}"
            held.append(one_printable_line(line))
        else:
            default(message, category, *args, **kwargs)

    return show

"""What `ttnn-opt` and `ttnn-run` share as command-line tools: one-line error reporting with
exit statuses, and output files written atomically with the user's umask.

Exit status 0: success. 1: a user error (`TTNNError`), printed as one line —
`FILE:LINE:COL: error: message` when its position is known, else `TOOL: error: message`.
A warning of the project's (`TTNNWarning`) is one line too, `FILE:LINE:COL: warning: …`,
printed when the command succeeds (after its work, on stderr); a failure prints only its
error line.
2: anything else, an internal error of the project, printed as `TOOL: internal error: …`
with a hint to rerun with `--traceback` (which shows the Python traceback instead).
"""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
import signal
import sys
import tempfile
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from importlib.metadata import PackageNotFoundError, version

from ttnn_xdsl.core.errors import TTNNError, TTNNWarning
from ttnn_xdsl.tools.launch import INTERRUPTED_STATUS

__all__ = [
    "one_printable_line",
    "package_versions",
    "quiet_garbage_collector",
    "report_errors",
    "write_files_atomically",
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
    try:
        with warnings.catch_warnings():
            if not show_traceback:
                warnings.simplefilter("ignore")
            # The project's own warnings are for the user: one line each, printed when the
            # command succeeds (a failure is its one error line).
            warnings.simplefilter("always", TTNNWarning)
            held: list[str] = []
            warnings.showwarning = _warning_printer(tool, warnings.showwarning, held)
            body()
        for line in held:
            print(line, file=sys.stderr)
    except TTNNError as error:
        if show_traceback:
            raise
        print(format_user_error(tool, error), file=sys.stderr)
        sys.exit(1)
    except BrokenPipeError:
        # The reader of our output went away (`| head`): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
    except KeyboardInterrupt:
        if show_traceback:
            raise
        # Ctrl-C: one line and 128 + SIGINT, as shells report it; outputs are written
        # all-or-nothing (`write_files_atomically`), so nothing is left half-written.
        print(f"{tool}: interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED_STATUS)
    except SystemExit:
        raise
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


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_files_atomically(
    files: Sequence[tuple[str, bytes]],
    *folders: str | None,
    links: Sequence[tuple[str, str]] = (),
) -> None:
    """Write each (path, data) through a temporary file next to it, then rename them all
    into place, so a failure leaves no output behind — and removes each of `folders` (and
    their parents) that this call created (None entries are ignored). Each (alias, path) of
    `links` makes `alias` a second name of the file written at `path` (a hard link; a copy
    where the file system has none). Files get the permissions the umask allows (like
    `open`). Raises TTNNError when a file cannot be written."""
    created: list[str] = []
    staged: list[tuple[str, str]] = []
    wanted = [folder for folder in folders if folder is not None]
    target = wanted[0] if wanted else (files[0][0] if files else "")
    mode = 0o666 & ~_umask()
    try:
        for folder in wanted:
            target = folder
            _make_folders(folder, created)
            if not os.path.isdir(folder):
                raise NotADirectoryError(20, "Not a directory", folder)
        for target, data in files:
            if os.path.isdir(target):
                raise IsADirectoryError(21, "Is a directory", target)
            descriptor, temporary = tempfile.mkstemp(
                dir=os.path.dirname(os.path.abspath(target)), prefix=".ttnn-xdsl-"
            )
            staged.append((temporary, target))
            with os.fdopen(descriptor, "wb") as stream:
                stream.write(data)
            os.chmod(temporary, mode)
        written = {os.path.abspath(path): temporary for temporary, path in staged}
        for target, original in links:
            if os.path.isdir(target):
                raise IsADirectoryError(21, "Is a directory", target)
            temporary = os.path.join(
                os.path.dirname(os.path.abspath(target)),
                f".ttnn-xdsl-{os.getpid()}-{len(staged)}-{os.path.basename(target)}",
            )
            source = written[os.path.abspath(original)]
            try:
                os.link(source, temporary)
            except OSError:
                shutil.copyfile(source, temporary)
            staged.append((temporary, target))
        with _interrupts_deferred():
            for temporary, target in staged:
                os.replace(temporary, target)
    except BaseException as error:
        # A failure or a Ctrl-C before the renames: nothing of this call is left behind.
        for temporary, _ in staged:
            if os.path.exists(temporary):
                os.unlink(temporary)
        for created_folder in reversed(created):
            with contextlib.suppress(OSError):
                os.rmdir(created_folder)
        if isinstance(error, OSError):
            raise TTNNError(f"cannot write '{target}': {error.strerror}") from None
        raise


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Within the block a Ctrl-C waits until the block ends (then it raises as usual): the
    renames that put a run's outputs in place all happen, or none does. Only the main thread
    can handle signals; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[object] = []
    previous = signal.signal(signal.SIGINT, lambda *caught: received.append(caught))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if received:
        raise KeyboardInterrupt


def _make_folders(path: str, created: list[str]) -> None:
    """Create `path` and its missing parents, appending each to `created` (outermost
    first) as soon as it exists."""
    missing: list[str] = []
    folder = os.path.abspath(path)
    while not os.path.exists(folder):
        missing.append(folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    missing.reverse()
    for folder in missing:
        os.mkdir(folder)
        created.append(folder)

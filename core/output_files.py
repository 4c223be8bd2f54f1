"""How every output file of the project is written: one rule, by what the target path names.

- nothing, or a regular file: the data goes to a temporary file in the same folder, renamed
  over the target (atomic: a reader sees the old file or the new one, never a part);
- a symbolic link: the rule of what it names — a regular file (or nothing, in an existing
  folder) is replaced atomically where it is, and the link stays a link;
- a descriptor of this process (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
  `/proc/self/fd/N`): written to that descriptor, as a shell's redirection would;
- a character or block device, a FIFO, a socket: written through (opened for writing, never
  truncated, renamed or removed), so `-o /dev/null` leaves `/dev/null` a device;
- a directory: an error; an output folder (`--raw-output DIR`, …) is made with its missing
  parents, and a symbolic link to nothing in its place is an error, as for `mkdir -p`.

Renaming a temporary file over a device (as root) would turn `/dev/null` into a regular
file that every process then writes into: nothing but a regular file is ever replaced.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from ttnn_xdsl.core.errors import TTNNError

__all__ = ["OutputKind", "OutputTarget", "output_target", "write_output_files"]


class OutputKind(Enum):
    """How an output path is written."""

    REPLACE = "replace"
    """A regular file or nothing: a temporary file renamed over `OutputTarget.path`."""
    DESCRIPTOR = "descriptor"
    """One of this process's open descriptors: written to it."""
    THROUGH = "through"
    """A device, FIFO or socket: opened for writing and written, never replaced."""


@dataclass(frozen=True)
class OutputTarget:
    """Where and how the data for an output path goes (see `output_target`)."""

    kind: OutputKind
    path: str
    """The file replaced (a symbolic link resolved) or the node written through."""
    descriptor: int = -1
    """The descriptor written to (`OutputKind.DESCRIPTOR` only)."""


_LINK_HOPS = 40  # Linux's own limit on symbolic links in one path resolution


def output_target(path: str) -> OutputTarget:
    """How `path` is written by the module's rule. Raises OSError for a directory (or a link
    to one), a loop of links, or a path the system cannot look up."""
    descriptor = own_descriptor(path)
    if descriptor is not None:
        return OutputTarget(OutputKind.DESCRIPTOR, path, descriptor)
    try:
        mode = os.stat(path).st_mode  # what the path names, links followed
    except FileNotFoundError:
        # Nothing there, or a link naming nothing: the file is made where the link points.
        return OutputTarget(OutputKind.REPLACE, os.path.realpath(path))
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(21, "Is a directory", path)
    if stat.S_ISREG(mode):
        return OutputTarget(OutputKind.REPLACE, os.path.realpath(path))
    return OutputTarget(OutputKind.THROUGH, path)


_DESCRIPTOR_PATH = re.compile(r"/(?:dev/fd|proc/(?:self|thread-self|(\d+))/fd)/(\d+)")
_STANDARD_STREAMS = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}


def own_descriptor(path: str) -> int | None:
    """The descriptor of this process `path` names (`/dev/stdout`, `/dev/fd/N`,
    `/proc/self/fd/N`, or a link to one of them), else None. Looked up in the path's text and
    its links' texts: `/proc/self/fd/N` itself is a link to whatever the descriptor holds
    (`pipe:[…]`, a file that may since be deleted), which only the descriptor reaches."""
    current = os.path.abspath(path)
    for _ in range(_LINK_HOPS):
        if current in _STANDARD_STREAMS:
            return _STANDARD_STREAMS[current]
        match = _DESCRIPTOR_PATH.fullmatch(current)
        if match and (match[1] is None or int(match[1]) == os.getpid()):
            return int(match[2])
        try:
            link = os.readlink(current)
        except OSError:
            return None  # not a link (or nothing there): no descriptor
        current = os.path.normpath(os.path.join(os.path.dirname(current), link))
    return None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_output_files(
    files: Sequence[tuple[str, bytes]],
    *folders: str | None,
    links: Sequence[tuple[str, str]] = (),
) -> None:
    """Write each (path, data) by the module's rule, all or nothing as far as the targets
    allow: every replaced file is staged as a temporary file first and all are renamed into
    place at the end, after the written-through targets (devices, FIFOs, descriptors) took
    their data; a failure before the renames leaves no replaced file changed, removes the
    temporary files and each of `folders` (and their parents) that this call created (None
    entries are ignored). Each (alias, path) of `links` makes `alias` a second name of the
    data written at `path` (a hard link; a copy where the file system has none, or where
    either is written through). New files get the permissions the umask allows (like
    `open`). Raises TTNNError, naming the path, when a file cannot be written."""
    created: list[str] = []
    staged: list[tuple[str, str, str]] = []  # (temporary file, the file it replaces, path given)
    through: list[tuple[str, OutputTarget, bytes]] = []  # (path given, target, data)
    wanted = [folder for folder in folders if folder is not None]
    current = wanted[0] if wanted else (files[0][0] if files else "")
    mode = 0o666 & ~_umask()
    try:
        for folder in wanted:
            current = folder
            _make_folders(folder, created)
            if not os.path.isdir(folder):
                raise NotADirectoryError(20, "Not a directory", folder)
        temporaries: dict[str, str] = {}  # path given → its staged temporary file
        contents: dict[str, bytes] = {}
        for current, data in files:
            target = output_target(current)
            contents[os.path.abspath(current)] = data
            if target.kind is not OutputKind.REPLACE:
                through.append((current, target, data))
                continue
            temporary = _stage(current, target.path, mode, staged)
            with open(temporary, "wb") as stream:
                stream.write(data)
            temporaries[os.path.abspath(current)] = temporary
        for current, original in links:
            target = output_target(current)
            data = contents[os.path.abspath(original)]
            if target.kind is not OutputKind.REPLACE:
                through.append((current, target, data))
                continue
            source = temporaries.get(os.path.abspath(original))
            temporary = _stage(current, target.path, mode, staged, source)
            if source is None:
                with open(temporary, "wb") as stream:
                    stream.write(data)
        # Written through before any rename: a full device or a closed FIFO fails the call
        # while no replaced file has changed yet. (Not with Ctrl-C deferred: opening a FIFO
        # waits for its reader, and the user may give up waiting.)
        for given, target, data in through:
            current = given  # the path a failure names
            _write_through(target, data)
        with _interrupts_deferred():
            for temporary, replaced, given in staged:
                current = given
                os.replace(temporary, replaced)
    except BaseException as error:
        # A failure, a Ctrl-C or a SIGTERM before the renames: nothing of this call is left
        # behind, even when another signal comes while it is removed (it acts afterwards).
        with _interrupts_deferred():
            for temporary, _, _ in staged:
                if os.path.lexists(temporary):
                    os.unlink(temporary)
            for created_folder in reversed(created):
                with contextlib.suppress(OSError):
                    os.rmdir(created_folder)
        if isinstance(error, OSError):
            reason = error.strerror or str(error)
            raise TTNNError(f"cannot write '{current}': {reason}") from None
        raise


def _stage(
    given: str,
    replaced: str,
    mode: int,
    staged: list[tuple[str, str, str]],
    source: str | None = None,
) -> str:
    """A new temporary file next to `replaced` (the file of the output path `given`) with
    permissions `mode` — a hard link to `source` when given and possible, else a copy of
    it, else empty — recorded in `staged`."""
    folder = os.path.dirname(replaced)
    descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".ttnn-xdsl-")
    os.close(descriptor)
    staged.append((temporary, replaced, given))
    if source is not None:
        os.unlink(temporary)  # its unique name is kept for the link
        try:
            os.link(source, temporary)
        except OSError:
            shutil.copyfile(source, temporary)
        return temporary
    os.chmod(temporary, mode)
    return temporary


def _write_through(target: OutputTarget, data: bytes) -> None:
    """Write `data` to a descriptor of this process or through a device, FIFO or socket
    node (opened for writing without creating or truncating it)."""
    if target.kind is OutputKind.DESCRIPTOR:
        # What this process printed so far comes first, as on a shell's redirection.
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        _write_all(target.descriptor, data)
        return
    descriptor = os.open(target.path, os.O_WRONLY | os.O_NOCTTY)
    try:
        _write_all(descriptor, data)
    finally:
        os.close(descriptor)


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


_DEFERRED_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a tool (Ctrl-C, `timeout`'s or a CI cancel's SIGTERM)."""


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Within the block a Ctrl-C or SIGTERM waits until the block ends, however it ends (then
    it is delivered to the handler it had before, and acts as usual): the renames that put a
    run's outputs in place all happen, or none does, and the cleanup after a failure is
    never cut short. Only the main thread can handle signals; elsewhere the block runs as it
    is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = {
        number: signal.signal(number, lambda caught, frame: received.append(caught))
        for number in _DEFERRED_SIGNALS
    }
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        # Delivered also when the block failed: the signal, not the failure, ends the run.
        for number in dict.fromkeys(received):
            signal.raise_signal(number)


def _make_folders(path: str, created: list[str]) -> None:
    """Create `path` and its missing parents, appending each to `created` (outermost
    first) as soon as it exists. A symbolic link to nothing on the way is an error
    (FileExistsError naming the link and its target)."""
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
        if os.path.islink(folder):
            # A link to nothing (os.path.exists follows it): the folder it names is not made
            # for it, as `mkdir -p` does not; saying so, not mkdir's bare "File exists".
            named = "it is" if folder == os.path.abspath(path) else f"'{folder}' is"
            raise FileExistsError(
                17,
                f"{named} a symbolic link to '{os.readlink(folder)}', which does not exist "
                "(make the folder it names, or remove the link)",
                path,
            )
        os.mkdir(folder)
        created.append(folder)

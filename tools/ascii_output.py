"""`--ascii`: the tools' text in ASCII, for FileCheck lines and terminals without Unicode.

The tools' messages, `--print`, `--plot-text` and `--expect` lines use a few typographic
characters (`f32 → bf16 · kernel 3×3`, `…`, the tile map's `│` and `─`). With `--ascii` each
is written in ASCII (`f32 -> bf16 | kernel 3x3`, `...`, `|`, `-`); any other character that
is not ASCII (a non-ASCII file name) is escaped (`\\xe9`). The form is chosen by the flag, not
by whether stdout is a terminal: the text a user copies from the terminal into a CHECK line
is the text the tool writes into lit's pipe. `ttnn-opt` prints IR unchanged (a string
attribute's text is the IR's); its diagnostics follow the flag.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import sys
from collections.abc import Iterator

__all__ = ["ASCII_FORMS", "ascii_streams", "to_ascii"]

ASCII_FORMS = {
    "·": "*",
    "×": "x",
    "→": "->",
    "←": "<-",
    "↔": "<->",
    "…": "...",
    "⋯": "...",
    "—": "--",
    "–": "-",
    "−": "-",
    "≤": "<=",
    "≥": ">=",
    "±": "+/-",
    "¹": "^1",
    "²": "^2",
    "³": "^3",
    "⌈": "ceil(",
    "⌉": ")",
    "Σ": "sum ",
    "§": "section ",
    "│": "|",
    "─": "-",
    # tqdm's progress bars (on a terminal's stderr)
    **dict.fromkeys("█▉▊▋▌▍▎▏", "#"),
}
"""Each typographic character the tools write, and its ASCII form (` · ` between spaces, a
separator, is `|`; elsewhere `·` multiplies)."""

_ERROR_HANDLER = "ttnn-xdsl-ascii"


def _ascii_form(text: str, index: int) -> str:
    """The ASCII form of the character `text[index]` (escaped when it has none)."""
    character = text[index]
    if character == "·" and text[index - 1 : index] == " " and text[index + 1 : index + 2] == " ":
        return "|"
    form = ASCII_FORMS.get(character)
    return form if form is not None else character.encode("ascii", "backslashreplace").decode()


def _replace_with_ascii(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler that writes each non-ASCII character in its ASCII form."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    forms = (_ascii_form(error.object, index) for index in range(error.start, error.end))
    return "".join(forms), error.end


codecs.register_error(_ERROR_HANDLER, _replace_with_ascii)


def to_ascii(text: str) -> str:
    """`text` with each of `ASCII_FORMS` in its ASCII form and any other non-ASCII character
    escaped."""
    return text.encode("ascii", _ERROR_HANDLER).decode("ascii")


@contextlib.contextmanager
def ascii_streams(enabled: bool, *, stdout: bool = True) -> Iterator[None]:
    """Within the block, stderr (and stdout unless `stdout` is False) encode their text in
    ASCII through `to_ascii`'s rule when `enabled`. The streams stay the process's own
    (reconfigured, not wrapped): what tells standard output apart, and a closed one, work as
    without the flag."""
    streams = [sys.stderr, *([sys.stdout] if stdout else [])] if enabled else []
    changed: list[tuple[io.TextIOWrapper, str, str | None]] = []
    for stream in streams:
        if isinstance(stream, io.TextIOWrapper):
            changed.append((stream, stream.encoding, stream.errors))
            stream.reconfigure(encoding="ascii", errors=_ERROR_HANDLER)
    try:
        yield
    finally:
        for stream, encoding, errors in changed:
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(encoding=encoding, errors=errors)

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

import contextlib
import sys
from collections.abc import Iterator
from typing import TextIO

__all__ = ["ASCII_FORMS", "ascii_streams", "to_ascii"]

ASCII_FORMS = {
    " · ": " | ",
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
"""Each typographic character the tools write, and its ASCII form (longest first)."""


def to_ascii(text: str) -> str:
    """`text` with each of `ASCII_FORMS` in its ASCII form and any other non-ASCII character
    escaped."""
    if text.isascii():
        return text
    for character, replacement in ASCII_FORMS.items():
        text = text.replace(character, replacement)
    return text.encode("ascii", "backslashreplace").decode("ascii")


class _AsciiStream:
    """A text stream writing through `to_ascii` into another (everything else delegated)."""

    def __init__(self, stream: TextIO):
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(to_ascii(text))

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


@contextlib.contextmanager
def ascii_streams(enabled: bool, *, stdout: bool = True) -> Iterator[None]:
    """Within the block, stderr (and stdout unless `stdout` is False) are written in ASCII
    when `enabled`."""
    if not enabled:
        yield
        return
    saved = sys.stdout, sys.stderr
    sys.stderr = _AsciiStream(sys.stderr)  # type: ignore[assignment]
    if stdout:
        sys.stdout = _AsciiStream(sys.stdout)  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved

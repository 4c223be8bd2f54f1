"""IR text before the parser sees it: bytes to text, and the guards that keep xDSL's parser
within bounds on any input.

- `decode_source`: IR files are UTF-8; a byte that is not is a located error, not a
  `UnicodeDecodeError`.
- `check_nesting`: xDSL's parser (and its verifier, printer and interpreter after it) recurse
  once or more per nesting level, so deep enough nesting exhausts Python's stack. IR nested
  more than `MAX_NESTING` brackets deep is refused at the bracket that goes too deep; the
  project's own IR, lowered loops included, stays below 20. The tools refuse to print IR
  deeper than that (`check_printed_nesting`): what they print, they read back.
- `BoundedLexer`: xDSL 0.74's lexer matches a string literal with a regular expression that
  backtracks exponentially when the closing quote is missing (`"(?:[^"]+)*"` tries every way
  to split the rest of the line); this lexer uses the same language with possessive
  quantifiers, which never backtrack, so an unterminated string fails at once.
"""

from __future__ import annotations

import re
import sys

from xdsl.utils.lexer import Input, Span
from xdsl.utils.mlir_lexer import MLIRLexer

from ttnn_xdsl.core.errors import TTNNError

__all__ = [
    "MAX_NESTING",
    "STANDARD_INPUT",
    "BoundedLexer",
    "check_nesting",
    "check_printed_nesting",
    "decode_source",
    "read_source",
    "source_name",
    "too_deep",
]

STANDARD_INPUT = "-"
"""The input path that means standard input, as for mlir-opt and xdsl-opt."""

MAX_NESTING = 64
"""The deepest bracket nesting (`{`, `(`, `[`, `<` together) IR text may have."""


def _location(text: str, position: int, name: str, line_offset: int) -> str:
    where = Span(position, position + 1, Input(text, name), line_offset).get_location()
    return f"{where.file}:{where.line}:{where.col}"


def decode_source(data: bytes, name: str, line_offset: int = 0) -> str:
    """The text of an IR file (UTF-8); raises TTNNError at the first byte that is not
    UTF-8, with its line and column."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        # Everything before the bad byte decodes: locate it in that text.
        prefix = data[: error.start].decode("utf-8")
        location = _location(prefix + " ", len(prefix), name, line_offset)
        byte = data[error.start]
        raise TTNNError(
            f"invalid UTF-8 byte 0x{byte:02x}: IR text must be UTF-8", location, stage="parse"
        ) from None


def source_name(path: str | None) -> str:
    """The name diagnostics give the input `path`: `<stdin>` (mlir-opt's name) for standard
    input (`-`, or no path), else the path."""
    return "<stdin>" if path in (None, STANDARD_INPUT) else path


def read_source(path: str) -> str:
    """The IR text of the file `path`, or of standard input for `-`; raises TTNNError when it
    cannot be read or is not UTF-8."""
    try:
        if path == STANDARD_INPUT:
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as stream:
                data = stream.read()
    except OSError as error:
        raise TTNNError(f"cannot read '{path}': {error.strerror}") from None
    return decode_source(data, source_name(path))


# What the nesting scan must see past: comments and string literals (whose brackets do not
# count; an unterminated string ends at the line's end) and `->` (whose `>` closes nothing).
_NESTING_TOKENS = re.compile(r'//[^\n]*+|"(?:[^"\\\n]++|\\.)*+"?|->|[{(\[<]|[})\]>]')
_OPENING = frozenset("{([<")


def too_deep(text: str) -> int | None:
    """The position of the first bracket of `text` nested deeper than `MAX_NESTING`, None
    when there is none."""
    depth = 0
    for token in _NESTING_TOKENS.finditer(text):
        bracket = token.group()
        if bracket in _OPENING:
            depth += 1
            if depth > MAX_NESTING:
                return token.start()
        elif len(bracket) == 1 and bracket != '"':
            # A closing bracket. Unbalanced text is the parser's to report: never below 0.
            depth = max(depth - 1, 0)
    return None


def check_nesting(text: str, name: str, line_offset: int = 0) -> None:
    """Raise TTNNError at the first bracket nested deeper than `MAX_NESTING`."""
    position = too_deep(text)
    if position is not None:
        raise TTNNError(
            f"nesting deeper than {MAX_NESTING} brackets is not supported",
            _location(text, position, name, line_offset),
            stage="parse",
        )


def check_printed_nesting(text: str, name: str) -> None:
    """What the tools print they must read back: raise TTNNError (located at the input
    `name`) when the printed IR `text` nests deeper than `MAX_NESTING` — the printed form
    can be deeper than the text read (the generic form spends two brackets a region, a type
    alias is printed expanded, a module is added around top-level ops)."""
    position = too_deep(text)
    if position is not None:
        where = Span(position, position + 1, Input(text, "output")).get_location()
        raise TTNNError(
            f"the printed IR would nest deeper than {MAX_NESTING} brackets (output line "
            f"{where.line}, column {where.col}), which cannot be read back (the generic form "
            "spends two brackets a region, a type alias is printed expanded): nest less",
            name,
        )


class BoundedLexer(MLIRLexer):
    """xDSL's MLIR lexer with a string-literal rule that cannot backtrack (see the module
    doc): `"` then runs of plain characters or escapes (`\\"`, `\\n`, `\\t`, `\\\\`, two hex
    digits), then `"` — the language of xDSL's rule."""

    _unescaped_characters_regex = re.compile(r'"(?:[^"\\\n\v\f]++|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"')

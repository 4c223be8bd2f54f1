"""`ttnn-opt --verify-diagnostics`: the diagnostics a file expects, checked as mlir-opt does.

A comment `// expected-error {{text}}` (also `expected-warning`, `expected-note`,
`expected-remark`) says that a diagnostic of that kind whose message contains `text` is
reported on the comment's line; `@+N` / `@-N` move the line by N, `@above` / `@below` name
the nearest line above / below that holds no such comment, `@unknown` a diagnostic without a
line. `expected-error-re` reads `{{regex}}` blocks inside the text as regular expressions.
Every diagnostic must match an expectation and every expectation must be produced; each
mismatch is mlir-opt's sentence: `unexpected error: MESSAGE` at the diagnostic,
`expected error "TEXT" was not produced` at the comment. A comment that cannot be read (an
`-re` regex that does not compile or a `{{` block left open, a line offset before the start of
the file, no closing `}}`, an unknown `@` designator) is a problem of its own, reported at the
comment, where mlir-opt would count it as an expectation never produced or ignore it.

xDSL 0.74's `xdsl-opt --verify-diagnostics` only prints a diagnostic and exits 0 (it reads no
expectation): this module is the project's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ttnn_xdsl.core.errors import TTNNError

__all__ = ["Diagnostic", "Expectation", "expectations_of", "mismatches", "read_expectations"]

_EXPECTATION = re.compile(
    r"expected-(?P<kind>error|note|remark|warning)(?P<regex>-re)? *"
    r"(?:@(?P<where>[+-][0-9]+|above|below|unknown))? *\{\{(?P<text>.*)\}\}\s*$"
)
_EXPECTATION_START = re.compile(
    r"expected-(?P<kind>error|note|remark|warning)(?P<regex>-re)? *(?:@(?P<where>[^ {]*))? *\{\{"
)
"""The start of an `expected-KIND` comment (up to its `{{`): a line that has it but does not
read as `_EXPECTATION` is a malformed comment. Prose naming `expected-error` has no `{{`."""

Problem = tuple[str, str]
"""A comment that cannot be read: (`FILE:LINE:COL` of the comment, what is wrong)."""
_LOCATION_LINE = re.compile(r":(?P<line>[0-9]+):[0-9]+$")


@dataclass(frozen=True)
class Expectation:
    """One `expected-KIND` comment: the diagnostic it expects and where it is written."""

    kind: str
    text: str
    line: int | None
    """The line the diagnostic is expected on (1-based, in the whole file); None: `@unknown`."""
    written_at: str
    """`FILE:LINE:COL` of the `expected-` comment, where a missing diagnostic is reported."""
    pattern: re.Pattern[str] | None = None
    """The regular expression of an `expected-KIND-re` comment."""

    def matches(self, diagnostic: Diagnostic) -> bool:
        if self.kind != diagnostic.kind or self.line != diagnostic.line:
            return False
        if self.pattern is not None:
            return self.pattern.search(diagnostic.message) is not None
        return self.text in diagnostic.message


@dataclass(frozen=True)
class Diagnostic:
    """A diagnostic the tool reported: its kind, message and `FILE:LINE:COL` (or None)."""

    kind: str
    message: str
    location: str | None

    @property
    def line(self) -> int | None:
        """The line of the location; None without one (a diagnostic of no line)."""
        found = _LOCATION_LINE.search(self.location or "")
        return int(found.group("line")) if found else None


class _CommentError(Exception):
    """What is wrong with one `expected-*` comment (reported at the comment)."""


def _regex_of(text: str, kind: str) -> re.Pattern[str]:
    """mlir's `-re` text: literal text with `{{regex}}` blocks (each block ends at the first
    `}}` after it, as mlir reads it). Raises _CommentError for a block left open or one that
    does not compile."""
    parts: list[str] = []
    rest = text
    while "{{" in rest:
        before, _, rest = rest.partition("{{")
        block, closed, after = rest.partition("}}")
        if not closed:
            raise _CommentError(f"expected-{kind}-re regex block '{{{{' has no closing '}}}}'")
        try:
            re.compile(block)
        except re.error as error:
            raise _CommentError(f"invalid expected-{kind} regex '{block}': {error}") from None
        parts += [re.escape(before), f"(?:{block})"]
        rest = after
    parts.append(re.escape(rest))
    return re.compile("".join(parts))


def read_expectations(
    text: str, name: str, line_offset: int = 0
) -> tuple[list[Expectation], list[Problem]]:
    """The `expected-KIND` comments of `text` (a chunk starting after `line_offset` lines of
    the file `name`), and the comments that cannot be read, each at its `FILE:LINE:COL`."""
    lines = text.split("\n")
    found = [(number, _EXPECTATION.search(line)) for number, line in enumerate(lines)]
    designated = {number for number, match in found if match is not None}
    expectations: list[Expectation] = []
    problems: list[Problem] = []
    for number, match in found:
        if match is None:
            start = _EXPECTATION_START.search(lines[number])
            if start is not None:
                written_at = f"{name}:{number + 1 + line_offset}:{start.start() + 1}"
                problems.append((written_at, _malformed(start)))
            continue
        written_at = f"{name}:{number + 1 + line_offset}:{match.start() + 1}"
        try:
            expectations.append(
                _expectation(match, number, lines, designated, line_offset, written_at)
            )
        except _CommentError as error:
            problems.append((written_at, str(error)))
    return expectations, problems


def _malformed(start: re.Match[str]) -> str:
    """What is wrong with a comment that starts as `_EXPECTATION_START` but does not read."""
    kind = f"expected-{start.group('kind')}{start.group('regex') or ''}"
    where = start.group("where")
    if where is not None and not re.fullmatch(r"[+-][0-9]+|above|below|unknown", where):
        return (
            f"{kind} comment has an unknown designator '@{where}' (expected @+N, @-N, "
            "@above, @below or @unknown)"
        )
    return f"{kind} comment has no closing '}}}}' at the end of its line"


def _expectation(
    match: re.Match[str],
    number: int,
    lines: list[str],
    designated: set[int],
    line_offset: int,
    written_at: str,
) -> Expectation:
    """The expectation of the comment `match` on chunk line `number` (0-based), written at
    `written_at`. Raises _CommentError when it cannot be read."""
    kind = match.group("kind")
    where = match.group("where")
    target: int | None = number
    if where == "unknown":
        target = None
    elif where == "above":
        target = max((n for n in range(number) if n not in designated), default=number)
    elif where == "below":
        target = next((n for n in range(number + 1, len(lines)) if n not in designated), number)
    elif where is not None:
        target = number + int(where)
        if target < 0:
            start = "the file" if target + line_offset < 0 else "its chunk"
            raise _CommentError(
                f"expected-{kind} line offset '@{where}' is before the start of {start}"
            )
    pattern = _regex_of(match.group("text"), kind) if match.group("regex") else None
    return Expectation(
        kind,
        match.group("text"),
        None if target is None else target + 1 + line_offset,
        written_at,
        pattern,
    )


def expectations_of(text: str, name: str, line_offset: int = 0) -> list[Expectation]:
    """`read_expectations`' expectations; raises TTNNError at the first comment that cannot
    be read."""
    expectations, problems = read_expectations(text, name, line_offset)
    if problems:
        location, message = problems[0]
        raise TTNNError(message, location)
    return expectations


def mismatches(
    expectations: list[Expectation], diagnostics: list[Diagnostic]
) -> list[tuple[str | None, str]]:
    """Each diagnostic no expectation matches (`unexpected KIND: MESSAGE`, at the diagnostic)
    and each expectation no diagnostic matched (`expected KIND "TEXT" was not produced`, at
    the comment), as (location, message), in the order mlir-opt reports them. An expectation
    matches one diagnostic."""
    unmatched = list(expectations)
    found: list[tuple[str | None, str]] = []
    for diagnostic in diagnostics:
        match = next((e for e in unmatched if e.matches(diagnostic)), None)
        if match is None:
            found.append(
                (diagnostic.location, f"unexpected {diagnostic.kind}: {diagnostic.message}")
            )
        else:
            unmatched.remove(match)
    found += [(e.written_at, f'expected {e.kind} "{e.text}" was not produced') for e in unmatched]
    return found

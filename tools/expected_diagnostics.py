"""`ttnn-opt --verify-diagnostics`: the diagnostics a file expects, checked as mlir-opt does.

A comment `// expected-error {{text}}` (also `expected-warning`, `expected-note`,
`expected-remark`) says that a diagnostic of that kind whose message contains `text` is
reported on the comment's line; `@+N` / `@-N` move the line by N, `@above` / `@below` name
the nearest line above / below that holds no such comment, `@unknown` a diagnostic without a
line. `expected-error-re` reads `{{regex}}` blocks inside the text as regular expressions.
Every diagnostic must match an expectation and every expectation must be produced; each
mismatch is mlir-opt's sentence: `unexpected error: MESSAGE` at the diagnostic,
`expected error "TEXT" was not produced` at the comment.

xDSL 0.74's `xdsl-opt --verify-diagnostics` only prints a diagnostic and exits 0 (it reads no
expectation): this module is the project's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ttnn_xdsl.core.errors import TTNNError

__all__ = ["Diagnostic", "Expectation", "expectations_of", "mismatches"]

_EXPECTATION = re.compile(
    r"expected-(?P<kind>error|note|remark|warning)(?P<regex>-re)? *"
    r"(?:@(?P<where>[+-][0-9]+|above|below|unknown))? *\{\{(?P<text>.*)\}\}\s*$"
)
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


def _regex_of(text: str) -> re.Pattern[str]:
    """mlir's `-re` text: literal text with `{{regex}}` blocks."""
    parts: list[str] = []
    position = 0
    for block in re.finditer(r"\{\{(.*?)\}\}", text):
        parts += [re.escape(text[position : block.start()]), f"(?:{block.group(1)})"]
        position = block.end()
    parts.append(re.escape(text[position:]))
    return re.compile("".join(parts))


def expectations_of(text: str, name: str, line_offset: int = 0) -> list[Expectation]:
    """The `expected-KIND` comments of `text` (a chunk starting after `line_offset` lines of
    the file `name`). Raises TTNNError at an `-re` comment whose regex does not compile."""
    lines = text.split("\n")
    found = [(number, _EXPECTATION.search(line)) for number, line in enumerate(lines)]
    designated = {number for number, match in found if match is not None}
    expectations: list[Expectation] = []
    for number, match in found:
        if match is None:
            continue
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
        written_at = f"{name}:{number + 1 + line_offset}:{match.start() + 1}"
        pattern = None
        if match.group("regex"):
            try:
                pattern = _regex_of(match.group("text"))
            except re.error as error:
                raise TTNNError(f"invalid regex in expectation: {error}", written_at) from None
        expectations.append(
            Expectation(
                match.group("kind"),
                match.group("text"),
                None if target is None else target + 1 + line_offset,
                written_at,
                pattern,
            )
        )
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

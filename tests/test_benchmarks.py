"""`make bench` prints only what it measured as this machine's: earlier figures it quotes
(the README's, from another machine) say where they come from."""

from __future__ import annotations

import re
from pathlib import Path

RUN = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"


def test_quoted_figures_do_not_claim_this_machine() -> None:
    source = RUN.read_text()
    # Every hard-coded time or size it prints (a number with ms, s or MiB in a string) sits in
    # a line that quotes BEFORE or the README's machine, never one that claims this machine.
    for line in source.splitlines():
        if re.search(r"\d[\d.–]* ?(ms|s|MiB)\b", line) and ('f"' in line or '"' in line):
            assert "this machine" not in line and "here:" not in line, line
    before = re.search(r"BEFORE = \(\n((?:.*\n)*?)\)", source)
    assert before is not None
    assert "not on this machine" in before.group(1)

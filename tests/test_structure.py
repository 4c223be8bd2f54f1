"""The conv model stays in pieces a reader can hold: no function (method, nested function) in
`conv/` is longer than 120 lines, its `def` line to its last line."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONV = ROOT / "conv"
MAX_FUNCTION_LINES = 120


def long_functions(source: str, limit: int = MAX_FUNCTION_LINES) -> list[tuple[str, int]]:
    """(name, lines) of every function of `source` longer than `limit` lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            lines = node.end_lineno - node.lineno + 1
            if lines > limit:
                found.append((node.name, lines))
    return found


def test_the_measure_counts_a_function_s_lines_from_def_to_its_end() -> None:
    statements = [f"x{i} = {i}" for i in range(119)]
    function = "def long():\n" + "".join(f"    {s}\n" for s in statements) + "    return 0\n"
    assert long_functions(function) == [("long", 121)]
    assert long_functions(function, limit=121) == []
    # Methods and nested functions count too: the method spans its `def` and the 120 lines
    # of the function nested in it.
    nested = "class Holder:\n    def method(self):\n        def inner():\n" + "".join(
        f"            {s}\n" for s in statements
    )
    assert long_functions(nested) == [("method", 121)]
    assert long_functions(nested, limit=119) == [("method", 121), ("inner", 120)]


def test_no_function_in_conv_is_longer_than_120_lines() -> None:
    files = sorted(CONV.glob("*.py"))
    assert len(files) >= 10  # the folder was found
    too_long = {
        f"{path.name}:{name}": lines
        for path in files
        for name, lines in long_functions(path.read_text())
    }
    assert too_long == {}

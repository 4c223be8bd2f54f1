"""The README is executable: every fenced code block in it runs here.

- ```mlir: a whole module — parsed and verified, then every function is lowered and run
  on random inputs (as `ttnn-run --random-inputs 0 --entry F` would). A block preceded by
  `<!-- readme: types -->` is a list of types instead, one per line (`// comments` allowed),
  each parsed and checked to be a TT-NN type that can exist.
- ```python: executed as written, in a fresh namespace, from a temporary folder that links
  to everything in the repository's root (what it writes stays out of the repository). A block
  preceded by `<!-- readme: lit -->` is a user's `lit.cfg`: it becomes the config of a small
  suite (one test running `ttnn-opt` and `filecheck`), run with lit from a shell whose PATH
  does not hold this environment.
- ```sh: each command that starts with `.venv/bin/` runs with this environment's tools, from
  such a folder, and must succeed; `make …` lines are the commands that run these tests and
  are not rerun.
- A block without a language is sample output, not run.

A block preceded by `<!-- readme: skip REASON -->` is not run; every skip names its reason.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from ttnn_xdsl.dialect.context import make_context
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.frontend.diagnostics import LocatingParser
from ttnn_xdsl.program import Program

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BIN = Path(sys.executable).parent

_FENCE = re.compile(r"^```(\w*)\s*$")
_DIRECTIVE = re.compile(r"^<!--\s*readme:\s*(\w+)\s*(.*?)\s*-->\s*$")


@dataclass(frozen=True)
class Block:
    language: str
    text: str
    line: int
    """1-based line of the opening fence."""
    directive: str | None
    reason: str

    @property
    def id(self) -> str:
        return f"README.md:{self.line}:{self.language or 'text'}"


def readme_blocks() -> list[Block]:
    lines = README.read_text().splitlines()
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        fence = _FENCE.match(lines[index])
        if fence is None:
            index += 1
            continue
        end = index + 1
        while not lines[end].startswith("```"):
            end += 1
        directive = _DIRECTIVE.match(lines[index - 1]) if index > 0 else None
        blocks.append(
            Block(
                language=fence.group(1),
                text="\n".join(lines[index + 1 : end]) + "\n",
                line=index + 1,
                directive=directive.group(1) if directive else None,
                reason=directive.group(2) if directive else "",
            )
        )
        index = end + 1
    return blocks


BLOCKS = readme_blocks()


def test_the_readme_has_runnable_blocks() -> None:
    languages = {block.language for block in BLOCKS}
    assert {"mlir", "python", "sh"} <= languages
    for block in BLOCKS:
        assert block.directive in (None, "types", "skip", "lit"), block.id
        if block.directive == "skip":
            assert block.reason, f"{block.id}: a skipped block names its reason"


def run_mlir(block: Block) -> None:
    ctx = make_context()
    if block.directive == "types":
        for number, line in enumerate(block.text.splitlines(), block.line + 1):
            written = line.split("//")[0].strip()
            if not written:
                continue
            parsed = LocatingParser(ctx, written, f"README.md:{number}").parse_type()
            tensor_info(parsed)  # raises for a type that is not a TT-NN tensor type
        return
    module = parse_module(ctx, block.text, f"README.md:{block.line}")
    verify_module(module)
    functions = [op.sym_name.data for op in module.ops if hasattr(op, "sym_name")]
    assert functions, f"{block.id}: an IR block holds at least one function"
    for entry in functions:
        program = Program.load(module, entry=entry)
        program.run(random_seed=0)


LIT_TEST = """\
// RUN: ttnn-opt %s | filecheck %s
func.func @f(%x: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>) {
  func.return
}
// CHECK: func.func @f(%x: tensor<32x32xbf16, #ttnn.tensor_layout<tile>>)
"""


def run_lit_config(block: Block, folder: Path) -> None:
    (folder / "lit.cfg").write_text(block.text)
    (folder / "check.mlir").write_text(LIT_TEST)
    environment = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp")}
    result = subprocess.run(
        [BIN / "lit", "-v", str(folder)], capture_output=True, text=True, env=environment
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Passed: 1" in result.stdout or "1 Passed" in result.stdout, result.stdout


def working_copy(folder: Path) -> Path:
    """A folder that looks like the repository's root to the README's commands (a link to
    each of its files and folders) but keeps what they write (`out/…`) out of the
    repository: `make test` leaves the repository as it found it."""
    for entry in ROOT.iterdir():
        if not entry.name.startswith(".") and entry.name != "out":
            (folder / entry.name).symlink_to(entry)
    return folder


def run_python(block: Block, folder: Path) -> None:
    code = compile(block.text, block.id, "exec")
    cwd = Path.cwd()
    os.chdir(working_copy(folder))
    try:
        exec(code, {"__name__": "__readme__"})
    finally:
        os.chdir(cwd)


def run_sh(block: Block, folder: Path) -> None:
    working_copy(folder)
    ran = 0
    for line in block.text.splitlines():
        command = line.split("  #")[0].strip()
        if not command.startswith(".venv/bin/"):
            assert command == "" or command.startswith(("make ", "pip ", "#")), (
                f"{block.id}: say how to run '{command}' (or skip the block)"
            )
            continue
        argv = shlex.split(command)
        argv[0] = str(BIN / argv[0].removeprefix(".venv/bin/"))
        result = subprocess.run(argv, cwd=folder, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"{block.id}: {command}\n{result.stderr}"
        ran += 1
    assert ran or "make " in block.text, f"{block.id}: no command ran"


@pytest.mark.parametrize(
    "block", [b for b in BLOCKS if b.language and b.directive != "skip"], ids=lambda b: b.id
)
def test_readme_block(block: Block, tmp_path: Path) -> None:
    before = sorted(path.name for path in ROOT.iterdir())
    run_block(block, tmp_path)
    # What the block wrote (`out/conv1`, …) is not in the repository.
    assert sorted(path.name for path in ROOT.iterdir()) == before


def run_block(block: Block, tmp_path: Path) -> None:
    if block.directive == "lit":
        run_lit_config(block, tmp_path)
        return
    if block.language == "mlir":
        run_mlir(block)
        return
    runners = {"python": run_python, "sh": run_sh}
    assert block.language in runners, f"{block.id}: no runner for ```{block.language}"
    runners[block.language](block, tmp_path)


PACKAGE_FOLDERS = (
    "core",
    "conv",
    "dialect",
    "frontend",
    "passes",
    "program",
    "runtime",
    "tools",
    "ttnn_api",
)


def test_the_repository_map_names_every_module() -> None:
    """Each module of the installed packages appears in the README's repository map."""
    text = README.read_text()
    tree = text[text.index("## Repository") :]
    missing = [
        str(path.relative_to(ROOT))
        for folder in PACKAGE_FOLDERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name != "__init__.py" and path.name not in tree
    ]
    assert missing == []


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation but `-` dropped, spaces `-`."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_the_contents_list_every_section() -> None:
    text = README.read_text()
    contents = text[text.index("Contents:") : text.index("\n\n", text.index("Contents:"))]
    links = re.findall(r"\]\(#([^)]+)\)", contents)
    headings = [
        _anchor(line.lstrip("#")) for line in text.splitlines() if re.match(r"#{2,3} ", line)
    ]
    assert links == headings
    # Near the top: before the first section after the Quick start.
    assert text.index("Contents:") < text.index("\n## ", text.index("## Quick start") + 1)


def test_every_make_target_says_how_long_it_takes() -> None:
    makefile = (ROOT / "Makefile").read_text()
    (phony,) = re.findall(r"^\.PHONY: (.*)$", makefile, re.MULTILINE)
    text = README.read_text()
    quick_start = text[text.index("## Quick start") : text.index("Contents:")]
    for target in phony.split():
        if target in ("lint", "pytest", "lit"):  # the parts of make test, timed in its line
            assert f"({target}, " in quick_start, target
            continue
        assert re.search(rf"^make {target} +# \[[^\]]*\d[^\]]*\] ", quick_start, re.MULTILINE), (
            target
        )

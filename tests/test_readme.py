"""The README and the docs pages it links are executable: every fenced code block in them
runs here.

- ```mlir: a whole module — parsed and verified, then every function is lowered and run
  on random inputs (as `ttnn-run --random-inputs 0 --entry F` would). A block preceded by
  `<!-- readme: types -->` is a list of types instead, one per line (`// comments` allowed),
  each parsed and checked to be a TT-NN type that can exist.
- ```python: executed as written, in a fresh namespace, from a temporary folder that links
  to everything in the repository's root (what it writes stays out of the repository, and
  must go under `out/`, as a reader's run by hand would leave the clone clean). A block
  preceded by `<!-- readme: lit -->` is a user's `lit.cfg`: it becomes the config of a small
  suite (one test running `ttnn-opt` and `filecheck`), run with lit from a shell whose PATH
  does not hold this environment.
- ```sh: each command that starts with `.venv/bin/` runs with this environment's tools, from
  such a folder, and must succeed; `make …` lines are the commands that run these tests and
  are not rerun.
- A block without a language is sample output or plain text, and says which:
  `<!-- readme: output COMMAND ; COMMAND … -->` before it runs the commands (`.venv/bin/`
  tools, from such a folder, in order) and compares what they print (stdout, then stderr, of
  each) with the block line by line: a line `…` stands for any number of lines, `[…]` in a
  line for any text (a time, a path). `<!-- readme: excerpt COMMAND … -->` is the same for a
  passage broken into lines for reading: the block, its whitespace runs made one space, must
  occur in the output made the same way. `<!-- readme: text REASON -->` is not output (a
  table, lines of a file): every such block names what it is.

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
PAGES = [
    README,
    *(
        ROOT / "docs" / name
        for name in (
            "ir.md",
            "tools.md",
            "python-api.md",
            "tt-mlir-interop.md",
            "reliability.md",
            "performance.md",
            "development.md",
        )
    ),
]
"""The README and the pages it moved its reference parts to: their blocks run here."""
BIN = Path(sys.executable).parent

_FENCE = re.compile(r"^( *)```(\w*)\s*$")
_DIRECTIVE = re.compile(r"^\s*<!--\s*readme:\s*(\w+)\s*(.*?)\s*-->\s*$")
DIRECTIVES = (None, "types", "skip", "lit", "output", "excerpt", "text")


@dataclass(frozen=True)
class Block:
    page: str
    """The file, relative to the repository's root."""
    language: str
    text: str
    line: int
    """1-based line of the opening fence."""
    directive: str | None
    reason: str
    """What follows the directive: a skip's reason, an output block's commands."""

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}:{self.language or 'text'}"


def page_blocks(page: Path) -> list[Block]:
    """The fenced blocks of a page; a fence may be indented (a block inside a list item), its
    lines are then read without the indent."""
    lines = page.read_text().splitlines()
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        fence = _FENCE.match(lines[index])
        if fence is None:
            index += 1
            continue
        indent = fence.group(1)
        end = index + 1
        while lines[end].strip() != "```":
            end += 1
        directive = _DIRECTIVE.match(lines[index - 1]) if index > 0 else None
        blocks.append(
            Block(
                page=str(page.relative_to(ROOT)),
                language=fence.group(2),
                text="\n".join(line.removeprefix(indent) for line in lines[index + 1 : end]) + "\n",
                line=index + 1,
                directive=directive.group(1) if directive else None,
                reason=directive.group(2) if directive else "",
            )
        )
        index = end + 1
    return blocks


BLOCKS = [block for page in PAGES for block in page_blocks(page)]


def test_the_pages_have_runnable_blocks() -> None:
    languages = {block.language for block in BLOCKS if block.page == "README.md"}
    assert {"mlir", "python", "sh", ""} <= languages
    for block in BLOCKS:
        assert block.directive in DIRECTIVES, block.id
        if block.directive in ("skip", "text", "output", "excerpt"):
            assert block.reason, f"{block.id}: a {block.directive} block names its reason"
        if not block.language:
            assert block.directive in ("output", "excerpt", "text"), (
                f"{block.id}: say whether the block is a command's output or plain text"
            )


def test_the_readme_links_every_page() -> None:
    text = README.read_text()
    for page in PAGES[1:]:
        assert f"](docs/{page.name})" in text, page.name


def run_mlir(block: Block) -> None:
    ctx = make_context()
    if block.directive == "types":
        for number, line in enumerate(block.text.splitlines(), block.line + 1):
            written = line.split("//")[0].strip()
            if not written:
                continue
            parsed = LocatingParser(ctx, written, f"{block.page}:{number}").parse_type()
            tensor_info(parsed)  # raises for a type that is not a TT-NN tensor type
        return
    module = parse_module(ctx, block.text, f"{block.page}:{block.line}")
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


def check_written_under_out(folder: Path, block: Block) -> None:
    """What a block's commands wrote into the working copy `folder` is in `out/` only, which
    .gitignore and `make clean` name: a reader who runs the README by hand keeps a clean
    clone (its `w.npy` once landed in the clone's root)."""
    written = sorted(
        entry.name for entry in folder.iterdir() if not entry.is_symlink() and entry.name != "out"
    )
    assert written == [], f"{block.id}: write under out/, not {written}"


def run_python(block: Block, folder: Path) -> None:
    code = compile(block.text, block.id, "exec")
    cwd = Path.cwd()
    os.chdir(working_copy(folder))
    try:
        exec(code, {"__name__": "__readme__"})
    finally:
        os.chdir(cwd)
    check_written_under_out(folder, block)


def tool_command(command: str) -> list[str]:
    """A `.venv/bin/TOOL …` command line as the argv of this environment's tool."""
    argv = shlex.split(command)
    argv[0] = str(BIN / argv[0].removeprefix(".venv/bin/"))
    return argv


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
        result = subprocess.run(
            tool_command(command), cwd=folder, capture_output=True, text=True, timeout=600
        )
        assert result.returncode == 0, f"{block.id}: {command}\n{result.stderr}"
        ran += 1
    assert ran or "make " in block.text, f"{block.id}: no command ran"
    check_written_under_out(folder, block)


def printed_output(commands: str, folder: Path) -> str:
    """What the `;`-separated `.venv/bin/` commands print, run in turn from `folder`: the
    stdout, then the stderr, of each."""
    working_copy(folder)
    printed = ""
    for command in commands.split(" ; "):
        assert command.startswith(".venv/bin/"), f"not a tool of this environment: {command}"
        result = subprocess.run(
            tool_command(command), cwd=folder, capture_output=True, text=True, timeout=600
        )
        printed += result.stdout + result.stderr
    return printed


GAP = "…"
"""A sample-output line that stands for any number of lines."""
ANY_TEXT = "[…]"
"""In a sample-output line, any text on the line: a time, a path."""


def sample_pattern(sample: str) -> str:
    """A regular expression of the output a sample block shows."""
    parts = []
    for line in sample.splitlines():
        if line.strip() == GAP:
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = (re.escape(piece) for piece in line.rstrip().split(ANY_TEXT))
            parts.append("[^\n]*?".join(pieces) + r"[ \t]*\n")
    return "".join(parts)


def check_sample_output(block: Block, folder: Path) -> None:
    printed = printed_output(block.reason, folder)
    check_written_under_out(folder, block)
    if block.directive == "output":
        matched = re.fullmatch(sample_pattern(block.text), printed)
        assert matched, f"{block.id}: the sample is not what `{block.reason}` prints:\n{printed}"
        return
    # An excerpt: whitespace runs are one space on both sides, the sample occurs in the output.
    excerpt = " ".join(block.text.split())
    pattern = ".*?".join(re.escape(piece) for piece in excerpt.split(ANY_TEXT))
    assert re.search(pattern, " ".join(printed.split())), (
        f"{block.id}: the excerpt is not in what `{block.reason}` prints:\n{printed}"
    )


def test_sample_patterns() -> None:
    """The sample syntax itself: a gap line takes any lines, `[…]` any text on its line."""
    sample = "a: [1, 2]\n…\nz [in […] s]\n"
    assert re.fullmatch(sample_pattern(sample), "a: [1, 2]\nb\nc\nz [in 0.3 s]\n")
    assert re.fullmatch(sample_pattern(sample), "a: [1, 2]\nz [in  s]\n")
    assert not re.fullmatch(sample_pattern(sample), "a: [1, 3]\nz [in 0.3 s]\n")
    assert not re.fullmatch(sample_pattern(sample), "a: [1, 2]\nz [in 0.3 s]\nmore\n")
    assert not re.fullmatch(sample_pattern(sample), "a: [1, 2]\nz [in 0.3\n s]\n")


@pytest.mark.parametrize(
    "block",
    [b for b in BLOCKS if b.directive in ("output", "excerpt")],
    ids=lambda b: b.id,
)
def test_sample_output(block: Block, tmp_path: Path) -> None:
    check_sample_output(block, tmp_path)


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
    """Each module of the installed packages appears in the repository map (docs/development.md)."""
    text = (ROOT / "docs" / "development.md").read_text()
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

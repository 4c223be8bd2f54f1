"""What both command-line tools share: --version, --help, output permissions."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.parametrize("tool", ["ttnn-opt", "ttnn-run"])
def test_version_names_both_packages(tool: str) -> None:
    result = subprocess.run([BIN / tool, "--version"], capture_output=True, text=True)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (
        f"{tool}: ttnn-xdsl {version('ttnn-xdsl')} on xdsl {version('xdsl')}\n"
    )


def test_ttnn_opt_help_lists_the_project_passes_first() -> None:
    result = subprocess.run([BIN / "ttnn-opt", "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    text = result.stdout
    listing = text.index("ttnn-xdsl passes (-p NAME):")
    assert listing < text.index("positional arguments:")
    for name in ("ttnn-decompose", "convert-ttnn-to-tiles", "ttnn-lower"):
        assert f"\n  {name} " in text[listing:]
    assert "canonicalize" in text  # upstream passes stay listed under -p


def test_output_files_honour_the_umask(tmp_path: Path) -> None:
    """-o, --output and --raw-output create files as `open` would: 0o666 minus the umask."""
    script = (
        "import os, sys; os.umask(0o022); "
        "from ttnn_xdsl.tools import ttnn_opt, ttnn_run; "
        f"ttnn_run.main(['{EXAMPLES / 'assign_bw.mlir'}', '--random-inputs', '0', "
        f"'--output', '{tmp_path / 'out.npz'}', '--raw-output', '{tmp_path / 'raw'}']); "
        f"ttnn_opt.main(['{EXAMPLES / 'assign_bw.mlir'}', '-o', '{tmp_path / 'out.mlir'}'])"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
    for path in (tmp_path / "out.npz", tmp_path / "raw" / "result0.bin", tmp_path / "out.mlir"):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o644, path


@pytest.mark.parametrize(("given", "expected"), [(None, "1"), ("4", "4")])
def test_ttnn_run_asks_numpy_for_one_blas_thread(
    monkeypatch: pytest.MonkeyPatch, given: str | None, expected: str
) -> None:
    # The console script sets OPENBLAS_NUM_THREADS (before NumPy loads) unless it is set.
    from ttnn_xdsl.tools import entry

    monkeypatch.setenv("OPENBLAS_NUM_THREADS", given or "")  # restored after the test
    if given is None:
        monkeypatch.delenv("OPENBLAS_NUM_THREADS")
    monkeypatch.setattr(sys, "argv", ["ttnn-run", "--version"])
    with pytest.raises(SystemExit):
        entry.ttnn_run()
    assert os.environ["OPENBLAS_NUM_THREADS"] == expected

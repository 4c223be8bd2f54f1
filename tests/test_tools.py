"""What both command-line tools share: --version, --help, output permissions."""

from __future__ import annotations

import argparse
import os
import stat
import subprocess
import sys
import time
from collections.abc import Callable
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
    # The project's options next, then xdsl-opt's, then upstream's passes (still listed).
    ours, theirs = text.index("\nttnn-opt options:\n"), text.index("\nxdsl-opt options:\n")
    upstream_passes = text.index("\nupstream xDSL passes (-p NAME):\n")
    assert listing < ours < theirs < upstream_passes
    ours_flags = ("-p PASSES", "-o OUTPUT_FILE", "--verify-diagnostics", "--ascii", "--traceback")
    for flag in ours_flags:
        assert ours < text.index(f"  {flag}", listing) < theirs, flag
    for flag in ("--split-input-file", "--print-op-generic", "--allow-unregistered-dialect"):
        assert theirs < text.index(f"  {flag}") < upstream_passes, flag
    assert "canonicalize, canonicalize-dmp," in text[upstream_passes:]
    assert "canonicalize-dmp" not in text[:upstream_passes]
    # What the project adds reads in the first 40 lines; the pass list fills 100 columns.
    assert text[:theirs].count("\n") < 40
    assert max(len(line) for line in text[upstream_passes:].splitlines()) <= 100


@pytest.mark.parametrize(
    ("tool", "options", "message"),
    [
        (
            # Once wrote o2.npz only, without a word about o1.npz.
            "ttnn-run",
            ["--random-inputs", "0", "--output", "o1.npz", "--output", "o2.npz"],
            "ttnn-run: error: argument --output: may only be given once (see ttnn-run --help)",
        ),
        (
            # An abbreviation is the same option.
            "ttnn-run",
            ["--random-inputs", "0", "--raw-output", "d1", "--raw", "d2", "--tensorbin", "t"],
            "ttnn-run: error: argument --raw-output: may only be given once (see ttnn-run --help)",
        ),
        (
            "ttnn-run",
            ["--entry", "main", "--random-inputs", "0", "--entry=main", "--plot", "p"],
            "ttnn-run: error: argument --entry: may only be given once (see ttnn-run --help)",
        ),
        (
            "ttnn-opt",
            ["-o", "o1.mlir", "--output-file", "o2.mlir"],
            "ttnn-opt: error: argument -o/--output-file: may only be given once",
        ),
        (
            "ttnn-opt",
            ["-p", "", "-o", "o1.mlir", "-p", "ttnn-lower"],
            "ttnn-opt: error: argument -p/--passes: may only be given once",
        ),
        (
            "ttnn-check-weight",
            ["weight.npy", "original.npy", "--max-bytes", "1G", "--max-bytes", "2G"],
            "ttnn-check-weight: error: argument --max-bytes: may only be given once "
            "(see ttnn-check-weight --help)",
        ),
    ],
)
def test_an_option_of_one_value_given_twice_is_refused(
    tmp_path: Path, tool: str, options: list[str], message: str
) -> None:
    # LLVM's tools refuse `-o a -o b` ("may only occur zero or one times"); argparse would keep
    # the last value and drop the first without a word.
    result = subprocess.run(
        [BIN / tool, EXAMPLES / "assign_bw.mlir", *options],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert (result.returncode, result.stdout, result.stderr) == (1, "", message + "\n")
    assert list(tmp_path.iterdir()) == []


def test_the_options_given_once_are_every_option_of_one_value() -> None:
    # Every option that stores one value, upstream xdsl-opt's too; --input repeats.
    from ttnn_xdsl.tools import ttnn_check_weight, ttnn_opt, ttnn_run
    from ttnn_xdsl.tools.cli import StoreOnce

    def once(parser: argparse.ArgumentParser) -> list[str]:
        return [a.dest for a in parser._actions if isinstance(a, StoreOnce)]

    assert once(ttnn_run.build_argument_parser()) == [
        "passes",
        "entry",
        "random_inputs",
        "output",
        "raw_output",
        "tensorbin",
        "max_bytes",
        "plot",
        "plot_format",
        "expect",
        "expect_pcc",
    ]
    assert once(ttnn_check_weight.build_argument_parser()) == [
        "entry",
        "conv_choice",
        "seed",
        "tile",
        "max_bytes",
    ]
    driver = ttnn_opt.TTNNOptMain(args=[str(EXAMPLES / "assign_bw.mlir")])
    opt_parser = argparse.ArgumentParser()
    driver.register_all_arguments(opt_parser)
    assert sorted(once(opt_parser)) == ["frontend", "output_file", "passes", "target"]


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
    for path in (tmp_path / "out.npz", tmp_path / "raw" / "grad_a.bin", tmp_path / "out.mlir"):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o644, path


@pytest.mark.parametrize(("given", "expected"), [(None, "1"), ("4", "4")])
def test_ttnn_run_asks_numpy_for_one_blas_thread(
    monkeypatch: pytest.MonkeyPatch, given: str | None, expected: str
) -> None:
    # The console script sets OPENBLAS_NUM_THREADS (before NumPy loads) unless it is set.
    from ttnn_xdsl.tools import launch

    monkeypatch.setenv("OPENBLAS_NUM_THREADS", given or "")  # restored after the test
    if given is None:
        monkeypatch.delenv("OPENBLAS_NUM_THREADS")
    monkeypatch.setattr(sys, "argv", ["ttnn-run", "--version"])
    with pytest.raises(SystemExit):
        launch.ttnn_run()
    assert os.environ["OPENBLAS_NUM_THREADS"] == expected


# ---------------------------------------------------------------------------------------------
# Ctrl-C
# ---------------------------------------------------------------------------------------------


def test_ctrl_c_during_a_run_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    # ttnn-run reads its input from a FIFO: when our end of it opens, the tool has imported
    # everything, parsed and lowered the IR and waits in the read; SIGINT stops it there.
    import signal

    fifo = tmp_path / "grad.npy"
    os.mkfifo(fifo)
    output = tmp_path / "out" / "results.npz"
    process = subprocess.Popen(
        [
            BIN / "ttnn-run",
            EXAMPLES / "assign_bw.mlir",
            "--input",
            f"grad={fifo}",
            "--random-inputs",
            "0",
            "--output",
            output,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A test run in the background (`make test &`) ignores SIGINT, and so would the tool:
        # it gets the default handling a terminal's Ctrl-C meets.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        with open(fifo, "wb"):
            process.send_signal(signal.SIGINT)
            stdout, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    assert (process.returncode, stdout, stderr) == (130, "", "ttnn-run: interrupted\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("tool", ["ttnn-opt", "ttnn-run"])
def test_ctrl_c_while_the_tool_is_imported_is_one_line(
    tool: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Most of a short run is Python importing NumPy and xDSL: the entry point imports the
    # tool itself, so an interrupt there is the same line.
    import importlib

    from ttnn_xdsl.tools import launch

    def interrupted_import(name: str) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib, "import_module", interrupted_import)
    monkeypatch.setattr(sys, "argv", [tool, "x.mlir"])
    with pytest.raises(SystemExit) as exit_request:
        getattr(launch, tool.replace("-", "_"))()
    assert exit_request.value.code == 130
    assert capsys.readouterr().err == f"{tool}: interrupted\n"


def test_ctrl_c_while_writing_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Interrupted after the first of two files is staged: neither file, no temporary file,
    # no folder the call made.
    from ttnn_xdsl.core.output_files import write_output_files

    real_chmod = os.chmod
    calls: list[str] = []

    def chmod_then_interrupt(path: str, mode: int) -> None:
        real_chmod(path, mode)
        calls.append(path)
        if len(calls) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "chmod", chmod_then_interrupt)
    folder = tmp_path / "new" / "raw"
    with pytest.raises(KeyboardInterrupt):
        write_output_files(
            [(str(folder / "a.bin"), b"a"), (str(folder / "b.bin"), b"b")], str(folder)
        )
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------------------------
# SIGTERM (timeout, a CI job cancelled): cleaned up as Ctrl-C is, then killed by the signal
# ---------------------------------------------------------------------------------------------


def temporary_files(folder: Path) -> list[str]:
    """The write's temporary files under `folder`, as paths relative to it."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob(".ttnn-xdsl-*"))


def wait_for(condition: Callable[[], bool], process: subprocess.Popen[str]) -> None:
    """Wait until `condition` holds (60 s at most, the tool still running)."""
    deadline = time.monotonic() + 60
    while not condition():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the tool never got there"
        time.sleep(0.02)


def test_sigterm_while_writing_removes_the_temporary_files_and_new_folders(
    tmp_path: Path,
) -> None:
    # The --tensorbin folder holds a FIFO named after a result: the write stages every
    # regular file as a temporary file (in the new folders made/ and raw/, and in tb/), then
    # waits for a reader of the FIFO, which never comes. SIGTERM ends that wait.
    import signal

    folder = tmp_path / "tb"
    folder.mkdir()
    os.mkfifo(folder / "grad_a.tensorbin")
    process = subprocess.Popen(
        [
            BIN / "ttnn-run",
            EXAMPLES / "assign_bw.mlir",
            "--random-inputs",
            "0",
            "--output",
            tmp_path / "made" / "out.npz",
            "--raw-output",
            tmp_path / "raw",
            "--tensorbin",
            folder,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # out.npz, grad_a.bin and grad_b.bin, grad_b.tensorbin: staged, the FIFO's turn next.
        wait_for(lambda: len(temporary_files(tmp_path)) == 4, process)
        assert [Path(path).parent.name for path in temporary_files(tmp_path)] == [
            "made",
            "raw",
            "raw",
            "tb",
        ]
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    # Killed by SIGTERM, as without a handler (a shell's status 143), after cleaning up.
    assert (process.returncode, stdout, stderr) == (-signal.SIGTERM, "", "ttnn-run: terminated\n")
    assert sorted(os.listdir(tmp_path)) == ["tb"]
    assert os.listdir(folder) == ["grad_a.tensorbin"]
    assert stat.S_ISFIFO(os.lstat(folder / "grad_a.tensorbin").st_mode)


def test_sigterm_during_a_run_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    # As the Ctrl-C test: the tool waits in the read of its input FIFO when SIGTERM comes.
    import signal

    fifo = tmp_path / "grad.npy"
    os.mkfifo(fifo)
    process = subprocess.Popen(
        [
            BIN / "ttnn-run",
            EXAMPLES / "assign_bw.mlir",
            "--input",
            f"grad={fifo}",
            "--random-inputs",
            "0",
            "--output",
            tmp_path / "out" / "results.npz",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        with open(fifo, "wb"):
            process.send_signal(signal.SIGTERM)
            stdout, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    assert (process.returncode, stdout, stderr) == (-signal.SIGTERM, "", "ttnn-run: terminated\n")
    assert os.listdir(tmp_path) == ["grad.npy"]


@pytest.mark.parametrize("tool", ["ttnn-opt", "ttnn-run"])
def test_sigterm_while_the_tool_is_imported_is_one_line(
    tool: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The launcher handles SIGTERM from before the import: it reports it, then ends the
    # process by the signal (here recorded instead of delivered).
    import importlib
    import signal

    from ttnn_xdsl.tools import launch

    def terminated_import(name: str) -> object:
        raise launch.Terminated

    killed: list[tuple[int, int, object]] = []
    monkeypatch.setattr(importlib, "import_module", terminated_import)
    monkeypatch.setattr(sys, "argv", [tool, "x.mlir"])
    monkeypatch.setattr(
        os, "kill", lambda pid, number: killed.append((pid, number, signal.getsignal(number)))
    )
    previous = signal.getsignal(signal.SIGTERM)
    try:
        with pytest.raises(SystemExit) as exit_request:
            getattr(launch, tool.replace("-", "_"))()
    finally:
        signal.signal(signal.SIGTERM, previous)
    # The signal goes to this process with its default action back in place; were it not
    # delivered, the status would be a shell's for it.
    assert killed == [(os.getpid(), signal.SIGTERM, signal.SIG_DFL)]
    assert exit_request.value.code == 128 + 15
    assert capsys.readouterr().err == f"{tool}: terminated\n"


def test_make_install_silences_setuptools_editable_warning() -> None:
    # setuptools (≥ 69, as pip's build environment has it) warns on every editable install
    # of a package-dir map that "folders … with the same name as your package … may take
    # precedence": the project has no folder named ttnn_xdsl. The Makefile's install filters
    # exactly that warning (its summary line starts "Editable installation."), nothing else.
    import re

    makefile = (EXAMPLES.parent / "Makefile").read_text()
    (recipe,) = [line for line in makefile.splitlines() if "pip install" in line and "-e" in line]
    (setting,) = re.findall(r'PYTHONWARNINGS="([^"]*)"', recipe)
    assert setting == "ignore:Editable installation"
    emit = (
        "import warnings; warnings.warn('Editable installation.\\n!!\\n  Please be careful "
        "with folders in your working directory with the same name as your package')"
    )
    other = "import warnings; warnings.warn('something else')"
    environment = {**os.environ, "PYTHONWARNINGS": setting}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], env=environment, capture_output=True, text=True
        )
        for code in (emit, other)
    ]
    assert runs[0].stderr == ""
    assert "something else" in runs[1].stderr


def test_make_clean_removes_what_the_targets_make(tmp_path: Path) -> None:
    # A copy of the Makefile in a folder holding every output of make demo, test, bench and
    # fuzz (and the lit suite's temporary folder): make clean leaves only the sources.
    import shutil

    from ttnn_xdsl.tools.lit_config import temporary_exec_root

    shutil.copy(EXAMPLES.parent / "Makefile", tmp_path / "Makefile")
    outputs = [
        "out/conv1/prepared_weight.png",
        "examples/out/resnet50/conv1.prepared_weight.tensorbin",
        "benchmarks/results.json",
        "fuzz-findings/case.txt",
        ".pytest_cache/x",
        ".ruff_cache/x",
        ".hypothesis/x",
        "ttnn_xdsl.egg-info/PKG-INFO",
        "build/lib/ttnn_xdsl/core/enums.py",  # what `pip install .` leaves
    ]
    sources = ["examples/demo.py", "benchmarks/run.py", "tests/filecheck/lit.cfg"]
    for name in outputs + sources:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (venv / "python").chmod(0o755)
    lit_outputs = Path(temporary_exec_root(str(tmp_path / "tests" / "filecheck")))
    lit_outputs.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(["make", "clean"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    left = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*") if path.is_file())
    assert left == sorted(["Makefile", *sources])
    assert not lit_outputs.exists()

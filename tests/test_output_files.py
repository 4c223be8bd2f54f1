"""Every output of the tools is written by one rule (`core.output_files`): a regular file (or
nothing) is replaced atomically, a symbolic link keeps being a link (the regular file it names
is replaced), a device, FIFO or descriptor of the process is written through and stays what it
was, a directory is one error line. A failure to write standard output or an output (a full
device) is one line and exit status 1, not an internal error.

Every node here is the test's own, in its temporary folder (a FIFO read by a thread, a private
device node where the process may make one); /dev/full is only ever standard output, or an
`-o` target when no private node can be made (a process that may not make device nodes may
not replace /dev/full either)."""

from __future__ import annotations

import fcntl
import os
import signal
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.core.output_files import OutputKind, output_target, write_output_files
from ttnn_xdsl.program import run
from ttnn_xdsl.tools import ttnn_opt, ttnn_run

BIN = Path(sys.executable).parent
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ASSIGN_BW = EXAMPLES / "assign_bw.mlir"
CONV2D = EXAMPLES / "conv2d.mlir"
NO_SPACE = os.strerror(28)  # ENOSPC: what a full device answers every write


def kind(path: Path) -> str:
    """The file type of `path` itself (a link is a link), in `ls -l`'s letters."""
    return stat.filemode(os.lstat(path).st_mode)[0]


@pytest.fixture(scope="module")
def printed_ir(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """What `ttnn-opt examples/assign_bw.mlir` writes into a new regular file: the bytes every
    other kind of target must receive."""
    path = tmp_path_factory.mktemp("reference") / "out.mlir"
    ttnn_opt.main([str(ASSIGN_BW), "-o", str(path)])
    text = path.read_bytes()
    assert text.startswith(b"builtin.module {\n  func.func @main(%grad: ")
    return text


def read_in_background(fifo: Path) -> Callable[[], bytes]:
    """Start reading `fifo` on a thread; the returned call waits for and gives what it read."""
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as stream:
            received.append(stream.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()

    def result() -> bytes:
        thread.join(timeout=60)
        assert not thread.is_alive(), f"nothing was written into {fifo}"
        return received[0]

    return result


def private_device(folder: Path, name: str, minor: int) -> Path:
    """A character device node (major 1: memory devices; minor 3 the null device, 7 the full
    one) in the test's folder, read-write for its owner only."""
    node = folder / name
    try:
        os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, minor))
    except PermissionError:
        pytest.skip("making a device node needs CAP_MKNOD, which this test process lacks")
    return node


def full_device(folder: Path) -> Path:
    """A private full device, or /dev/full where device nodes cannot be made (by a process
    that, lacking the right, cannot replace /dev/full either)."""
    node = folder / "full"
    try:
        os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 7))
    except PermissionError:
        return Path("/dev/full")
    return node


# ---------------------------------------------------------------------------------------------
# The rule
# ---------------------------------------------------------------------------------------------


def test_each_kind_of_target_has_its_way_of_writing(tmp_path: Path) -> None:
    (tmp_path / "file").write_bytes(b"old")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "to_file").symlink_to("file")
    (tmp_path / "to_fifo").symlink_to("fifo")
    (tmp_path / "to_nothing").symlink_to("nothing")
    (tmp_path / "to_link").symlink_to("to_file")
    real = os.path.realpath(tmp_path)
    expected = {
        "missing": (OutputKind.REPLACE, f"{real}/missing"),
        "file": (OutputKind.REPLACE, f"{real}/file"),
        "to_file": (OutputKind.REPLACE, f"{real}/file"),
        "to_link": (OutputKind.REPLACE, f"{real}/file"),
        "to_nothing": (OutputKind.REPLACE, f"{real}/nothing"),
        "fifo": (OutputKind.THROUGH, f"{tmp_path}/fifo"),
        "to_fifo": (OutputKind.THROUGH, f"{tmp_path}/to_fifo"),
    }
    for name, (how, where) in expected.items():
        target = output_target(str(tmp_path / name))
        assert (target.kind, target.path) == (how, where), name
    with pytest.raises(IsADirectoryError):
        output_target(str(tmp_path))


@pytest.mark.parametrize(
    ("path", "descriptor"),
    [
        ("/dev/stdout", 1),
        ("/dev/stderr", 2),
        ("/dev/fd/1", 1),
        ("/proc/self/fd/1", 1),
        ("/proc/self/fd/7", 7),
        (f"/proc/{os.getpid()}/fd/2", 2),
    ],
)
def test_a_descriptor_of_the_process_is_written_to(path: str, descriptor: int) -> None:
    target = output_target(path)
    assert (target.kind, target.descriptor) == (OutputKind.DESCRIPTOR, descriptor)


def test_a_link_to_a_descriptor_path_is_that_descriptor(tmp_path: Path) -> None:
    (tmp_path / "out").symlink_to("/dev/stdout")
    target = output_target(str(tmp_path / "out"))
    assert (target.kind, target.descriptor) == (OutputKind.DESCRIPTOR, 1)


def test_a_failed_write_through_changes_no_replaced_file(tmp_path: Path) -> None:
    # All or nothing as far as the targets allow: the full device fails before any rename.
    full = full_device(tmp_path)
    (tmp_path / "kept").write_bytes(b"old")
    with pytest.raises(TTNNError) as error:
        write_output_files([(str(tmp_path / "kept"), b"new"), (str(full), b"data")])
    assert error.value.message == f"cannot write '{full}': {NO_SPACE}"
    assert (tmp_path / "kept").read_bytes() == b"old"
    assert sorted(os.listdir(tmp_path)) == sorted(
        ["kept", *(["full"] if full.parent == tmp_path else [])]
    )
    assert kind(full) == "c"


# ---------------------------------------------------------------------------------------------
# ttnn-opt -o
# ---------------------------------------------------------------------------------------------


def test_a_fifo_gets_the_bytes_and_stays_a_fifo(tmp_path: Path, printed_ir: bytes) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received = read_in_background(fifo)
    ttnn_opt.main([str(ASSIGN_BW), "-o", str(fifo)])
    assert received() == printed_ir
    assert kind(fifo) == "p"
    assert os.listdir(tmp_path) == ["fifo"]  # no temporary file left beside it


def test_a_link_to_a_file_stays_a_link_and_the_file_is_replaced(
    tmp_path: Path, printed_ir: bytes
) -> None:
    (tmp_path / "real.mlir").write_bytes(b"old")
    link = tmp_path / "link.mlir"
    link.symlink_to("real.mlir")
    ttnn_opt.main([str(ASSIGN_BW), "-o", str(link)])
    assert (kind(link), os.readlink(link)) == ("l", "real.mlir")
    assert kind(tmp_path / "real.mlir") == "-"
    assert (tmp_path / "real.mlir").read_bytes() == printed_ir
    assert sorted(os.listdir(tmp_path)) == ["link.mlir", "real.mlir"]


def test_a_link_to_nothing_makes_the_file_it_names(tmp_path: Path, printed_ir: bytes) -> None:
    link = tmp_path / "link.mlir"
    link.symlink_to("made.mlir")
    ttnn_opt.main([str(ASSIGN_BW), "-o", str(link)])
    assert (kind(link), os.readlink(link)) == ("l", "made.mlir")
    assert (tmp_path / "made.mlir").read_bytes() == printed_ir


def test_a_link_to_a_fifo_stays_a_link_to_a_fifo(tmp_path: Path, printed_ir: bytes) -> None:
    os.mkfifo(tmp_path / "fifo")
    link = tmp_path / "link"
    link.symlink_to("fifo")
    received = read_in_background(tmp_path / "fifo")
    ttnn_opt.main([str(ASSIGN_BW), "-o", str(link)])
    assert received() == printed_ir
    assert (kind(link), os.readlink(link), kind(tmp_path / "fifo")) == ("l", "fifo", "p")


def test_a_device_node_stays_a_device(tmp_path: Path) -> None:
    null = private_device(tmp_path, "null", 3)
    before = os.lstat(null)
    ttnn_opt.main([str(ASSIGN_BW), "-o", str(null)])
    after = os.lstat(null)
    assert kind(null) == "c"
    assert (after.st_rdev, after.st_ino) == (before.st_rdev, before.st_ino)
    assert os.listdir(tmp_path) == ["null"]


def test_a_directory_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_request:
        ttnn_opt.main([str(ASSIGN_BW), "-o", str(tmp_path)])
    assert exit_request.value.code == 1
    assert (
        capsys.readouterr().err == f"ttnn-opt: error: cannot write '{tmp_path}': Is a directory\n"
    )


@pytest.mark.parametrize("target", ["/proc/self/fd/1", "/dev/stdout"])
def test_standard_output_by_its_path_is_written_to(target: str, printed_ir: bytes) -> None:
    result = subprocess.run([BIN / "ttnn-opt", ASSIGN_BW, "-o", target], capture_output=True)
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout == printed_ir


def test_standard_output_into_a_file_is_written_where_the_shell_put_it(
    tmp_path: Path, printed_ir: bytes
) -> None:
    # `ttnn-opt f -o /dev/stdout >> log`: after what the file holds, as the shell opened it.
    log = tmp_path / "log"
    log.write_bytes(b"before\n")
    with open(log, "ab") as stream:
        result = subprocess.run(
            [BIN / "ttnn-opt", ASSIGN_BW, "-o", "/dev/stdout"],
            stdout=stream,
            stderr=subprocess.PIPE,
        )
    assert (result.returncode, result.stderr) == (0, b"")
    assert log.read_bytes() == b"before\n" + printed_ir


# ---------------------------------------------------------------------------------------------
# ttnn-run's files and folders
# ---------------------------------------------------------------------------------------------


def test_folder_entries_that_are_links_follow_the_rule(tmp_path: Path) -> None:
    # --raw-output into a folder whose grad_a.bin links to a file elsewhere and whose
    # grad_b.bin links to a FIFO; --aliases adds result1.bin, a second name of grad_b.
    reference = tmp_path / "reference"
    run = [str(ASSIGN_BW), "--random-inputs", "0", "--aliases"]
    ttnn_run.main([*run, "--raw-output", str(reference)])
    assert sorted(os.listdir(reference)) == [
        "grad_a.bin",
        "grad_b.bin",
        "result0.bin",
        "result1.bin",
    ]
    raw, elsewhere = tmp_path / "raw", tmp_path / "elsewhere"
    raw.mkdir()
    elsewhere.mkdir()
    (elsewhere / "a.bin").write_bytes(b"old")
    os.mkfifo(elsewhere / "b.fifo")
    (raw / "grad_a.bin").symlink_to(elsewhere / "a.bin")
    (raw / "grad_b.bin").symlink_to(elsewhere / "b.fifo")
    received = read_in_background(elsewhere / "b.fifo")
    ttnn_run.main([*run, "--raw-output", str(raw)])
    assert received() == (reference / "grad_b.bin").read_bytes()
    assert [kind(raw / name) for name in ("grad_a.bin", "grad_b.bin")] == ["l", "l"]
    assert [kind(elsewhere / name) for name in ("a.bin", "b.fifo")] == ["-", "p"]
    assert (elsewhere / "a.bin").read_bytes() == (reference / "grad_a.bin").read_bytes()
    for alias in ("result0.bin", "result1.bin"):
        assert kind(raw / alias) == "-"
        assert (raw / alias).read_bytes() == (reference / alias).read_bytes()
    assert sorted(os.listdir(elsewhere)) == ["a.bin", "b.fifo"]


@pytest.mark.parametrize("under", ["", "/pictures"])
def test_an_output_folder_that_is_a_link_to_nothing_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], under: str
) -> None:
    # --plot DIR where DIR (or a folder on the way to it) is a link to nothing: refused as
    # `mkdir -p` refuses it, naming the link and what it names; nothing is made.
    (tmp_path / "dangling").symlink_to("nowhere")
    folder = f"{tmp_path / 'dangling'}{under}"
    with pytest.raises(SystemExit) as exit_request:
        ttnn_run.main([str(ASSIGN_BW), "--random-inputs", "0", "--plot", folder])
    assert exit_request.value.code == 1
    named = "it is" if not under else f"'{tmp_path / 'dangling'}' is"
    assert capsys.readouterr() == (
        "",
        f"ttnn-run: error: cannot write '{folder}': {named} a symbolic link to 'nowhere', "
        "which does not exist (make the folder it names, or remove the link)\n",
    )
    assert sorted(os.listdir(tmp_path)) == ["dangling"]


# ---------------------------------------------------------------------------------------------
# Ctrl-C and SIGTERM while the outputs are renamed into place
# ---------------------------------------------------------------------------------------------


def test_a_sigterm_during_the_renames_waits_until_every_file_is_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SIGTERM comes right after the first of two renames: the second still happens, then the
    # signal reaches the handler it had (here one noting the folder; a tool's ends the run).
    noted: list[list[str]] = []
    real_replace = os.replace

    def replace_then_terminate(source: str, target: str) -> None:
        real_replace(source, target)
        if len(os.listdir(tmp_path)) == 2:  # the first renamed, the second still staged
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(os, "replace", replace_then_terminate)
    previous = signal.signal(
        signal.SIGTERM, lambda number, frame: noted.append(sorted(os.listdir(tmp_path)))
    )
    try:
        write_output_files([(str(tmp_path / "a.bin"), b"a"), (str(tmp_path / "b.bin"), b"b")])
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert noted == [["a.bin", "b.bin"]]
    assert (tmp_path / "b.bin").read_bytes() == b"b"


def test_a_ctrl_c_during_the_renames_raises_once_every_file_is_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_replace = os.replace

    def replace_then_interrupt(source: str, target: str) -> None:
        real_replace(source, target)
        if len(os.listdir(tmp_path)) == 2:
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(os, "replace", replace_then_interrupt)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            write_output_files([(str(tmp_path / "a.bin"), b"a"), (str(tmp_path / "b.bin"), b"b")])
    finally:
        signal.signal(signal.SIGINT, previous)
    assert sorted(os.listdir(tmp_path)) == ["a.bin", "b.bin"]
    assert (tmp_path / "b.bin").read_bytes() == b"b"


def test_a_sigterm_during_a_rename_that_fails_still_acts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SIGTERM comes, then the rename fails (a full or read-only file system): the failure's
    # line is raised, and the SIGTERM is not lost, its handler is called once.
    noted: list[int] = []

    def terminate_then_fail(source: str, target: str) -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        raise OSError(30, os.strerror(30))  # EROFS

    monkeypatch.setattr(os, "replace", terminate_then_fail)
    previous = signal.signal(signal.SIGTERM, lambda number, frame: noted.append(number))
    try:
        with pytest.raises(TTNNError, match="Read-only file system"):
            write_output_files([(str(tmp_path / "a.bin"), b"a")])
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert noted == [signal.SIGTERM]
    assert os.listdir(tmp_path) == []


def test_a_second_signal_while_a_failed_write_cleans_up_waits_for_the_cleanup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A Ctrl-C stops the write after two files are staged in a new folder; a SIGTERM comes as
    # the first temporary file is removed: the cleanup finishes, then the SIGTERM acts.
    noted: list[list[str]] = []
    real_chmod, real_unlink = os.chmod, os.unlink
    folder = tmp_path / "new"

    def chmod_then_interrupt(path: str, mode: int) -> None:
        real_chmod(path, mode)
        if len(os.listdir(folder)) == 2:
            raise KeyboardInterrupt

    def unlink_then_terminate(path: str) -> None:
        real_unlink(path)
        if len(os.listdir(folder)) == 1:
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(os, "chmod", chmod_then_interrupt)
    monkeypatch.setattr(os, "unlink", unlink_then_terminate)
    previous = signal.signal(
        signal.SIGTERM, lambda number, frame: noted.append(sorted(os.listdir(tmp_path)))
    )
    try:
        with pytest.raises(KeyboardInterrupt):
            write_output_files(
                [(str(folder / "a.bin"), b"a"), (str(folder / "b.bin"), b"b")], str(folder)
            )
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert noted == [[]]
    assert os.listdir(tmp_path) == []


# ---------------------------------------------------------------------------------------------
# Writes that fail: one line, exit status 1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["ttnn-opt", str(ASSIGN_BW)],
        ["ttnn-run", str(ASSIGN_BW), "--random-inputs", "0", "--print"],
        ["ttnn-run", str(ASSIGN_BW), "--random-inputs", "0", "--plot-text"],
    ],
    ids=["ttnn-opt", "ttnn-run --print", "ttnn-run --plot-text"],
)
def test_a_full_standard_output_is_one_error_line(command: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [BIN / command[0], *command[1:]], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert (result.returncode, result.stderr) == (
        1,
        f"{command[0]}: error: cannot write standard output: {NO_SPACE}\n",
    )


def test_a_closed_standard_output_is_one_error_line() -> None:
    # Started with standard output closed (`>&-`), Python has no sys.stdout.
    result = subprocess.run(
        [BIN / "ttnn-opt", ASSIGN_BW],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.close(1),
    )
    assert (result.returncode, result.stderr) == (
        1,
        f"ttnn-opt: error: cannot write standard output: {os.strerror(9)}\n",
    )


def test_ttnn_opt_makes_the_missing_folders_of_its_output(
    tmp_path: Path, printed_ir: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    """`-o out/imported.mlir` in a fresh clone (no out/ yet) makes out/, as ttnn-run's
    `--output new/dir/out.npz` makes its folders (docs/tools.md, "Where outputs go"); it
    was `cannot write 'out/imported.mlir': No such file or directory`."""
    target = tmp_path / "out" / "deeper" / "imported.mlir"
    ttnn_opt.main([str(ASSIGN_BW), "-o", str(target)])
    assert capsys.readouterr() == ("", "")
    assert target.read_bytes() == printed_ir


PIPE_CAPACITY = 4096
"""The pipe a reader-gone test writes into holds one page: the tool's output (38 kB) is far
larger, so its write is cut short when the reader goes, whatever the system's default."""


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "PYTHONUNBUFFERED"])
def test_a_reader_gone_mid_write_ends_the_tool_quietly_with_status_1(unbuffered: bool) -> None:
    """`ttnn-opt big.mlir | head -1`: the reader leaves while the tool's one large write is
    under way. With PYTHONUNBUFFERED set (common in containers and CI) the tool exited 0:
    Python's text stream over an unbuffered file dropped what the pipe had not taken, without
    an error. Now the rest is written again, meets the closed pipe, and the tool ends as
    ttnn-run does when its reader is gone: nothing on stderr, exit status 1."""
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    if unbuffered:
        environment["PYTHONUNBUFFERED"] = "1"
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, PIPE_CAPACITY)
    with os.fdopen(read_end, "rb", buffering=0) as reader:
        tool = subprocess.Popen(
            [BIN / "ttnn-opt", CONV2D, "-p", "ttnn-lower"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            env=environment,
        )
        os.close(write_end)
        first = reader.read(16)  # the tool is in its write: the pipe's page is full
    _, stderr = tool.communicate(timeout=120)
    assert first == b"builtin.module {"
    assert (tool.returncode, stderr) == (1, b"")


@pytest.mark.parametrize(
    "command",
    [
        ["ttnn-opt", str(ASSIGN_BW)],
        ["ttnn-run", str(ASSIGN_BW), "--random-inputs", "0", "--print"],
        ["ttnn-check-weight", "conv.mlir", "prepared.tensorbin", "original.npy"],
    ],
    ids=["ttnn-opt", "ttnn-run", "ttnn-check-weight"],
)
def test_a_reader_gone_before_the_output_ends_every_tool_quietly_with_status_1(
    command: list[str], tmp_path: Path
) -> None:
    """Every tool (`tools/`), its reader gone before it prints: exit status 1, nothing on
    stderr, as `ttnn-run`'s and `ttnn-opt`'s errors are status 1."""
    if command[0] == "ttnn-check-weight":
        prepared_weight_files(tmp_path)
    read_end, write_end = os.pipe()
    os.close(read_end)
    tool = subprocess.run(
        [BIN / command[0], *command[1:]], stdout=write_end, stderr=subprocess.PIPE, cwd=tmp_path
    )
    os.close(write_end)
    assert (tool.returncode, tool.stderr) == (1, b"")


def prepared_weight_files(folder: Path) -> None:
    """`conv.mlir` (assign_bw's module has no conv: a 1×1 conv's preparation), its original
    weight `original.npy` and its prepared weight `prepared.tensorbin`, in `folder`."""
    prepared_type = "tensor<1x1x2x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>"
    (folder / "conv.mlir").write_text(
        f"""func.func @conv(%weight: tensor<2x2x1x1xf32>) -> {prepared_type} {{
  %w = ttnn.prepare_conv_weights %weight
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
      input_layout = #ttnn.layout<row_major> weights_format = "OIHW" has_bias = false
      in_channels = 2 out_channels = 2 batch_size = 1 input_height = 4 input_width = 4
      kernel_size = [1, 1] stride = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 1
      conv_config = #ttnn.conv2d_config<weights_dtype = bf16>
      : tensor<2x2x1x1xf32> -> {prepared_type}
  func.return %w : {prepared_type}
}}
"""
    )
    original = np.arange(1, 5, dtype=np.float32).reshape(2, 2, 1, 1)
    np.save(folder / "original.npy", original)
    (prepared,) = run((folder / "conv.mlir").read_text(), {"weight": original})
    prepared.save_tensorbin(folder / "prepared.tensorbin")


def test_a_full_device_as_output_is_one_error_line(tmp_path: Path) -> None:
    full = full_device(tmp_path)
    result = subprocess.run(
        [BIN / "ttnn-opt", ASSIGN_BW, "-o", full], capture_output=True, text=True
    )
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == f"ttnn-opt: error: cannot write '{full}': {NO_SPACE}\n"
    assert kind(full) == "c"


def test_ttnn_run_output_through_a_link_to_a_full_device_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    full = full_device(tmp_path)
    archive = tmp_path / "results.npz"
    archive.symlink_to(full)
    with pytest.raises(SystemExit) as exit_request:
        ttnn_run.main([str(ASSIGN_BW), "--random-inputs", "0", "--output", str(archive)])
    assert exit_request.value.code == 1
    assert capsys.readouterr().err == f"ttnn-run: error: cannot write '{archive}': {NO_SPACE}\n"
    assert (kind(archive), kind(full)) == ("l", "c")

"""`ttnn-run`: lower and execute an IR file in the NumPy interpreter.

    ttnn-run FILE [-p PASSES] [--entry NAME|all] [--input NAME=PATH.npy|PATH.tensorbin ...]
             [--random-inputs SEED] [--output OUT.npz] [--raw-output DIR]
             [--tensorbin DIR] [--aliases] [--print] [--expect DIR|FILE.npz]
             [--expect-pcc P] [--time]
             [--no-bulk]

Inputs are logical values in .npy files (any float dtype), by argument name (without `%`)
or position, converted to each argument's type (rounding, tilizing, packing), or TT-NN
0.81.1 `.tensorbin` files, whose dtype, layout and shapes must be the argument's. Each result
is named after the value the function returns (`%prepared_weight` → `prepared_weight`), else
`resultN` by position (`--aliases`: that too, as a hard link in the folders); `--entry all`
runs every function that calls no other and names each result `FUNCTION.NAME`. A name that
is not a plain file name ('/', '\\', a control character, a leading '.') where files are named,
and two results under one name, are refused before the run. Results go to
OUT.npz as float32 arrays (the logical values, or the whole physical matrix when the result
type writes a `physical` shape), to DIR/NAME.bin as exact device bytes and/or to
DIR/NAME.tensorbin as TT-NN 0.81.1 tensor files. An output folder holding files of its kind
that the run does not write (an earlier run's) is refused, unless --force. Every user error is
one line on stderr and exit status 1, and no output file is written unless the whole run
succeeded; Ctrl-C is `ttnn-run: interrupted`, exit status 130; SIGTERM cleans up the same
way, prints `ttnn-run: terminated` and ends the tool by the signal. When stderr is a
terminal, work that takes more than about a second shows progress bars there; `--time`
prints the time of each phase on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import os
import sys
import unicodedata
import zipfile
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NoReturn

import numpy as np
from xdsl.printer import Printer

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import TTNNError, format_location
from ttnn_xdsl.core.output_files import write_output_files
from ttnn_xdsl.core.shapes import format_bytes, format_shape
from ttnn_xdsl.frontend.source import read_source, source_name
from ttnn_xdsl.pictures.layout_map import LayoutMap
from ttnn_xdsl.program import Program, TensorSlot, result_alias
from ttnn_xdsl.program.entry import module_functions
from ttnn_xdsl.runtime.compare import (
    ExpectedValues,
    compared_values,
    expected_from_values,
    expected_tensor,
    first_difference,
    pearson_correlation,
    same_kind,
)
from ttnn_xdsl.runtime.inputs import InputValue
from ttnn_xdsl.runtime.memory import check_memory
from ttnn_xdsl.runtime.progress import BarFactory, LoopProgress, terminal_bars
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.runtime.timing import PhaseTimer
from ttnn_xdsl.tensor_formats.npy import (
    DEFAULT_MAX_BYTES,
    npy_data_bytes,
    read_npy,
    read_npy_stream,
)
from ttnn_xdsl.tensor_formats.tensorbin_schema import TENSORBIN_SUFFIX
from ttnn_xdsl.tools.ascii_output import ascii_streams
from ttnn_xdsl.tools.cli import (
    given_once,
    package_versions,
    quiet_garbage_collector,
    report_errors,
)


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, like every other user error (argparse would print the usage first).
        raise TTNNError(f"{message} (see ttnn-run --help)")


_BYTE_SUFFIXES = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def byte_count(text: str) -> int:
    """`--max-bytes`: a positive number of bytes, `8589934592` or `8G` (K, M, G, T: powers
    of 1024)."""
    number, suffix = text[:-1], text[-1:].upper()
    if suffix not in _BYTE_SUFFIXES or suffix == "":
        number, suffix = text, ""
    if not (number.isascii() and number.isdigit()) or int(number) < 1:
        raise argparse.ArgumentTypeError(
            f"expected a positive number of bytes (optionally with K, M, G or T), got '{text}'"
        )
    return int(number) * _BYTE_SUFFIXES[suffix]


def build_argument_parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog="ttnn-run",
        description="Lower an IR file and run it in the NumPy interpreter.",
        epilog="Output folders (--raw-output, --tensorbin, --plot) never mix runs unless "
        "--force is given: a folder that holds files of its kind (.bin, .tensorbin, pictures) "
        "this run does not write — an earlier run's results — is refused before anything runs; "
        "remove them, choose another folder or give --force. This run's own files are "
        "replaced. Every output is written all or nothing: a regular file through a temporary "
        "file renamed over it (a symbolic link stays a link), a device, FIFO or /dev/stdout "
        "written through, never replaced.",
    )
    parser.add_argument("input_file", help="the .mlir file to run ('-': standard input)")
    parser.add_argument(
        "-p",
        "--passes",
        default=None,
        help="pass pipeline to apply first (default: ttnn-lower when the module holds ttnn "
        "ops; '' runs no pass)",
    )
    parser.add_argument(
        "--entry",
        default=None,
        metavar="NAME|all",
        help="function to run (default: main or the only one); 'all' runs every function that "
        "calls no other function (each layer of a module whose @main calls its layers) and "
        "names each result FUNCTION.NAME",
    )
    parser.add_argument(
        "--input",
        action="append",
        default=[],
        metavar="NAME=PATH.npy|PATH.tensorbin|PATH.npz",
        help="an input: argument name (without %%) or position, and a .npy file of its values "
        "or a TT-NN 0.81.1 .tensorbin file of the argument's type; or an .npz archive of "
        "inputs, each member named after its argument (NAME.npy, or FUNCTION.NAME.npy; "
        "members for other functions of the module are left alone; NAME=PATH wins over a "
        "member)",
    )
    parser.add_argument(
        "--random-inputs",
        type=int,
        default=None,
        metavar="SEED",
        help="fill every argument without --input with standard normal values from SEED",
    )
    parser.add_argument(
        "--output",
        default=None,
        metavar="OUT.npz",
        help="write results as float32 arrays, one member a result, under its name",
    )
    parser.add_argument(
        "--raw-output",
        default=None,
        metavar="DIR",
        help="write each result's exact device bytes, DIR/NAME.bin",
    )
    parser.add_argument(
        "--tensorbin",
        default=None,
        metavar="DIR",
        help="write each result as a TT-NN 0.81.1 .tensorbin file (ttnn.load_tensor reads it), "
        "DIR/NAME.tensorbin",
    )
    parser.add_argument(
        "--aliases",
        action="store_true",
        help="in the --raw-output and --tensorbin folders, also name each result resultN (its "
        "position; a hard link, the data is written once); without it each result has one "
        "name, the IR's or resultN",
    )
    parser.add_argument(
        "--max-bytes",
        type=byte_count,
        default=DEFAULT_MAX_BYTES,
        metavar="SIZE",
        help="refuse an input file, argument, result or buffer larger than SIZE bytes "
        "(a suffix K, M, G or T multiplies by 1024, 1024², …; default 8G); whatever SIZE, a "
        "run needing more than the memory the machine has left is refused before it starts",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="write into --raw-output, --tensorbin and --plot folders that hold other files "
        "of their kind (an earlier run's): this run's files replace those of the same names, "
        "the others are left as they are",
    )
    parser.add_argument("--print", action="store_true", help="print each result")
    parser.add_argument(
        "--plot",
        default=None,
        metavar="DIR",
        help="draw each TILE result's physical matrix, every element coloured by where it "
        "came from, into DIR/NAME.png (needs matplotlib, the package's plot extra); a "
        "ROW_MAJOR result gets a line saying there is nothing to draw",
    )
    parser.add_argument(
        "--plot-format",
        default=None,
        choices=["png", "svg"],
        help="the format of the --plot pictures (default png)",
    )
    parser.add_argument(
        "--plot-text",
        action="store_true",
        help="print each TILE result's tile map: one character per tile (# data, + partly "
        "padding, . padding) with its blocks and shards",
    )
    parser.add_argument(
        "--expect",
        default=None,
        metavar="DIR|FILE.npz",
        help="compare each result with the expected values in DIR (NAME.tensorbin, NAME.bin "
        "device bytes or NAME.npy values, by its name or resultN) or in FILE.npz; name "
        "the first differing tile, face, row and column; exit 1 when any result differs "
        "or has no expected values, or a member of FILE.npz names no result",
    )
    parser.add_argument(
        "--expect-pcc",
        type=correlation,
        default=None,
        metavar="P",
        help="with --expect: compare each result's values with the expected ones by their "
        "Pearson correlation instead of their bytes, as model ports do; a result passes at P "
        "or above (0 < P <= 1), whatever its scale (PCC does not see it); the line names the "
        "max abs error and the max rel error, which do",
    )
    parser.add_argument(
        "--time",
        action="store_true",
        help="print the time of each phase (parse, lower, convert inputs, interpret, write, …) "
        "on stderr",
    )
    parser.add_argument(
        "--no-bulk",
        action="store_true",
        help="run every op of every loop nest one by one (the same bytes as the default bulk "
        "execution of loop nests, slower)",
    )
    parser.add_argument(
        "--ascii",
        action="store_true",
        help="write messages, --print, --plot-text and --expect lines in ASCII (-> for →, x "
        "for ×, ... for …, | and - in tile maps)",
    )
    parser.add_argument("--traceback", action="store_true", help="show tracebacks of errors")
    parser.add_argument("--version", action="version", version=f"ttnn-run: {package_versions()}")
    given_once(parser)
    return parser


def input_archives(specs: Sequence[str]) -> tuple[list[str], list[str]]:
    """The `--input` values split into `NAME=PATH` specs and `PATH.npz` archives."""
    archives = [spec for spec in specs if "=" not in spec and spec.endswith(".npz")]
    return [spec for spec in specs if spec not in archives], archives


def load_inputs(
    specs: Sequence[str], max_bytes: int = DEFAULT_MAX_BYTES
) -> dict[str, np.ndarray | DeviceTensor]:
    """Read `NAME=PATH.npy` (logical values; at most `max_bytes` of them) and
    `NAME=PATH.tensorbin` (a TT-NN tensor) inputs; none when together they hold more than the
    memory available."""
    check_memory("reading the --input files", input_files_bytes(specs, max_bytes))
    inputs: dict[str, np.ndarray | DeviceTensor] = {}
    for spec in specs:
        name, separator, path = spec.partition("=")
        if not separator or not name or not path:
            raise TTNNError(
                "--input expects NAME=PATH.npy, NAME=PATH.tensorbin or PATH.npz (its members "
                f"by argument name), got '{spec}'"
            )
        if path.endswith(".npz") and not os.path.isdir(path):  # a folder: read_npy says so
            raise TTNNError(
                f"--input {name}: '{path}' is an .npz archive: give it as --input {path} (each "
                "member is the input of the argument it is named after)"
            )
        if name in inputs:
            raise TTNNError(f"--input {name} is given twice")
        if path.endswith(TENSORBIN_SUFFIX):
            try:
                size = os.path.getsize(path)
            except OSError:
                size = 0  # a missing or unreadable file: load_tensorbin says which
            if size > max_bytes:
                raise TTNNError(
                    f"--input {name}: '{path}' holds {format_bytes(size)}, more than the limit "
                    f"of {format_bytes(max_bytes)}"
                )
            try:
                inputs[name] = DeviceTensor.load_tensorbin(path)
            except TTNNError as error:
                raise TTNNError(f"--input {name}: {error.message}") from None
            continue
        try:
            array = read_npy(path, max_bytes)
        except TTNNError as error:
            raise TTNNError(f"--input {name}: {error.message}") from None
        inputs[name] = array
    return inputs


def input_files_bytes(specs: Sequence[str], max_bytes: int) -> int:
    """What the `NAME=PATH` input files hold, from the .npy files' headers and the
    .tensorbin files' sizes. A file that cannot be sized, or holds more than `max_bytes`,
    counts nothing: reading it says why it is refused."""
    total = 0
    for spec in specs:
        path = spec.partition("=")[2]
        size: int | None = None
        if path.endswith(TENSORBIN_SUFFIX):
            with contextlib.suppress(OSError):
                size = os.path.getsize(path)
        else:
            size = npy_data_bytes(path)
        if size is not None and size <= max_bytes:
            total += size
    return total


def archive_inputs(
    archives: Sequence[str],
    programs: Sequence[Program],
    qualified: bool,
    given: dict[str, InputValue],
    max_bytes: int,
) -> dict[str, InputValue]:
    """The inputs in `--input PATH.npz` archives, by argument name: a member `NAME.npy` is the
    input of the argument NAME of the function run (also written `FUNCTION.NAME`, as with
    `--entry all`, where only that form names one). A member named after another function
    of the module (`layer2.weight`) is for that function and is not read; any other member
    that names no argument is an error. An input given as `--input NAME=PATH` takes the
    place of the archive's; two archives giving one input are an error."""
    functions = set(programs[0].functions) if programs else set()
    running = {program.entry for program in programs}
    wanted: dict[str, str] = {}  # member name → the input key it gives
    given_already: set[str] = set()  # keys an --input NAME=PATH gives, however spelt
    arguments: list[str] = []
    for program in programs:
        for slot in program.arguments:
            if slot.name is None:  # no member names it: given by position (--input N=PATH)
                prefix = f"{program.entry}." if qualified else ""
                arguments.append(f"{prefix}{slot.label}")  # #N
                continue
            qualified_name = f"{program.entry}.{slot.name}"
            key = qualified_name if qualified else slot.name
            wanted[qualified_name] = key
            if not qualified:
                wanted[slot.name] = key
            arguments.append(key)
            # `--input x=`, `%x=` and its position `0=` name one argument.
            spellings = {key} if qualified else {key, f"%{key}", str(slot.position)}
            if spellings & set(given):
                given_already.add(key)
    found: dict[str, InputValue] = {}
    sources: dict[str, str] = {}
    for path in archives:
        try:
            archive = zipfile.ZipFile(path)
        except FileNotFoundError:
            raise TTNNError(f"--input: no such file '{path}'") from None
        except (OSError, zipfile.BadZipFile) as error:
            raise TTNNError(f"--input: cannot read '{path}' as an .npz archive ({error})") from None
        with archive:
            for member in archive.namelist():
                name = member.removesuffix(".npy")
                key = wanted.get(name)
                if key is None:
                    function, dot, _ = name.rpartition(".")
                    if dot and function in functions - running:
                        continue  # another function's input
                    where = ", ".join(f"@{program.entry}" for program in programs)
                    listing = ", ".join(arguments) or "none"
                    raise TTNNError(
                        f"--input {path}: member '{member}' names no argument of {where} "
                        f"(arguments: {listing})"
                    )
                if key in given_already:
                    continue  # --input NAME=PATH given: it takes the member's place
                if key in found:
                    raise TTNNError(
                        f"--input {key} is given twice ({sources[key]} and {path} hold it)"
                    )
                source = f"{path}[{member}]"
                try:
                    with archive.open(member) as stream:
                        found[key] = read_npy_stream(stream, source, max_bytes)
                except TTNNError as error:
                    raise TTNNError(f"--input {key}: {error.message}") from None
                except (OSError, zipfile.BadZipFile, NotImplementedError) as error:
                    raise TTNNError(f"--input {key}: cannot read {source} ({error})") from None
                sources[key] = path
    return found


def result_name(slot: TensorSlot, function: str | None = None) -> str:
    """The name of a result in every output (the .npz member and the file names of
    --raw-output and --tensorbin): the name the IR gives it (`prepared_weight`), else
    `resultN`; after `FUNCTION.` when `function` is given (`--entry all`)."""
    name = slot.name or result_alias(slot.position)
    return f"{function}.{name}" if function else name


def result_aliases(
    slot: TensorSlot, function: str | None = None, aliases: bool = True
) -> tuple[str, ...]:
    """The other names of a result in the output folders (`--aliases`): `resultN` when the
    IR names it (after `FUNCTION.` when `function` is given); none without `aliases`."""
    if slot.name is None or not aliases:
        return ()
    alias = result_alias(slot.position)
    return (f"{function}.{alias}" if function else alias,)


@dataclass(frozen=True)
class NamedResult:
    """A result of the run, with its names in the outputs and the function that made it."""

    name: str
    aliases: tuple[str, ...]
    tensor: DeviceTensor
    slot: TensorSlot
    function: str

    qualified: bool = False
    """Named `FUNCTION.NAME` (`--entry all`)."""

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    @property
    def lookup_names(self) -> tuple[str, ...]:
        """The names --expect looks for: its names, and its position (`resultN`) always; each
        also after `FUNCTION.` (as `--entry all` names it: one archive of a model's expected
        values serves `--entry all` and each `--entry FUNCTION`, as with `--input`)."""
        position = result_aliases(self.slot, self.function if self.qualified else None)
        names = (*self.names, *position)
        if not self.qualified:
            names += tuple(f"{self.function}.{name}" for name in names)
        return tuple(dict.fromkeys(names))


def named_results(
    program: Program, tensors: Sequence[DeviceTensor], qualified: bool, aliases: bool = False
) -> list[NamedResult]:
    """The results of `program`, named (after `FUNCTION.` when `qualified`; with their
    `resultN` aliases when `aliases`)."""
    function = program.entry if qualified else None
    return [
        NamedResult(
            result_name(slot, function),
            result_aliases(slot, function, aliases),
            tensor,
            slot,
            program.entry,
            qualified,
        )
        for tensor, slot in zip(tensors, program.results, strict=True)
    ]


@dataclass(frozen=True)
class OutputName:
    """A name a result will be written under, known before the run, and the result it
    names."""

    name: str
    program: Program
    position: int
    alias: bool
    """The result's `--aliases` name (`resultN`), not its own."""

    def describe(self) -> str:
        """`result 0 of @f` (`, as its --aliases name`): the result in a message."""
        described = f"result {self.position} of {symbol_text(self.program.entry)}"
        return described + (" as its --aliases name" if self.alias else "")


def output_names(programs: Sequence[Program], qualified: bool, aliases: bool) -> list[OutputName]:
    """Every name the results of `programs` will be written under (before they run)."""
    names: list[OutputName] = []
    for program in programs:
        function = program.entry if qualified else None
        for slot in program.results:
            names.append(OutputName(result_name(slot, function), program, slot.position, False))
            names += [
                OutputName(alias, program, slot.position, True)
                for alias in result_aliases(slot, function, aliases)
            ]
    return names


def symbol_text(name: str) -> str:
    """A function's name as the IR spells it: `@main`, `@"../escape"`."""
    text = io.StringIO()
    Printer(stream=text).print_symbol_name(name)
    return text.getvalue()


def function_location(program: Program) -> str | None:
    """`FILE:LINE:COL` of the function `program` runs (None when the IR has no position)."""
    for function in module_functions(program.source or program.module):
        if function.sym_name.data == program.entry:
            return format_location(function.location)
    return None


def file_name_problem(name: str) -> str | None:
    """Why `name` (a result's) cannot be the name of a file in an output folder, None when
    it can: it must name a file inside the folder, not a path out of it ('/', '..', an
    absolute path), nor '.', '..' or a hidden file (a name starting with '.': the folder
    checks and the temporary files of a write leave those alone), nor hold what no portable
    file name on one line should ('\\', NUL and the other control characters)."""
    if not name:
        return "it is empty"
    for character in name:
        if character in "/\\":
            return f"it holds '{character}'"
        if unicodedata.category(character) == "Cc":  # NUL, a line break, a tab, …
            return f"it holds the control character U+{ord(character):04X}"
    if name.startswith("."):
        return "it starts with '.'"
    return None


def result_file_name(name: str, suffix: str) -> str:
    """The file (or .npz member) of the result named `name` in an output of `suffix`: every
    output and `--expect` make a result's file name here, and only from a plain file name
    (`file_name_problem`; `check_result_names` refuses any other before the run, at its
    function)."""
    problem = file_name_problem(name)
    if problem is not None:
        raise TTNNError(f"the result name {name!r} cannot name a file: {problem}")
    return name + suffix


def result_path(folder: str, name: str, suffix: str) -> str:
    """The path of the result named `name` in an output folder (`result_file_name`)."""
    return os.path.join(folder, result_file_name(name, suffix))


def check_result_names(names: Sequence[OutputName], names_files: bool) -> None:
    """Before anything runs: every output holds a result once, so two results under one name
    (`@"a.b"` returning `%c` and `@a` returning `%b.c` are both `a.b.c` with --entry all)
    are refused, naming both; and when the run names files after its results
    (`names_files`: --output, --raw-output, --tensorbin, --plot, --expect), a name that is no
    plain file name (`file_name_problem`) is refused at its function: a name cannot make a
    run write or read outside its folders."""
    first: dict[str, OutputName] = {}
    for output in names:
        problem = file_name_problem(output.name) if names_files else None
        if problem is not None:
            raise TTNNError(
                f"{output.describe()} is named {output.name!r}, which cannot name an output "
                f"file: {problem} (rename it in the IR)",
                function_location(output.program),
            )
        other = first.setdefault(output.name, output)
        if other is not output:
            where = function_location(other.program)
            raise TTNNError(
                f"{output.describe()} and {other.describe()}"
                f"{f' (at {where})' if where else ''} are both named {output.name!r}, and "
                "every output holds a result once under its name (rename one in the IR)",
                function_location(output.program),
            )


def plot_format(arguments: argparse.Namespace) -> str:
    """The format of --plot's pictures: --plot-format's, PNG when not given."""
    return arguments.plot_format or "png"


OUTPUT_KINDS = {
    "--raw-output": (".bin",),
    "--tensorbin": (TENSORBIN_SUFFIX,),
    "--plot": (".png", ".svg"),
}
"""The files each output folder holds, by the flag that names the folder."""


def check_output_folders(
    folders: dict[str, str | None],
    names: Sequence[str],
    force: bool = False,
    picture_format: str = "png",
) -> None:
    """A folder never mixes runs unless asked to (`--force`): refuse an output folder holding
    files of its kind that this run will not write (an earlier run's), before anything runs.
    `folders` maps each flag of `OUTPUT_KINDS` to its folder (None when not given); this run
    writes NAME and its kind's suffix there for each of `names` (a picture in `picture_format`
    only, so a picture of another format is as stale as an earlier run's: left beside this
    run's, it would show other values under the same name)."""
    if force:
        return
    for flag, folder in folders.items():
        if folder is None or not os.path.isdir(folder):
            continue
        suffixes = OUTPUT_KINDS[flag]
        written_suffixes = (f".{picture_format}",) if flag == "--plot" else suffixes
        written = {result_file_name(name, suffix) for name in names for suffix in written_suffixes}
        stale = sorted(
            entry
            for entry in os.listdir(folder)
            if entry.endswith(suffixes) and not entry.startswith(".") and entry not in written
        )
        if stale:
            listing = ", ".join(stale[:3]) + (
                f" and {len(stale) - 3} more" if len(stale) > 3 else ""
            )
            raise TTNNError(
                f"{flag} {folder}: the folder holds {listing}, which this run does not write "
                "(an earlier run's?): remove them, choose another folder, or give --force to "
                "write this run's files beside them"
            )


def output_values(tensor: DeviceTensor, slot: TensorSlot) -> np.ndarray:
    """The float32 values written for a result: the whole physical matrix when its type
    writes a physical shape (a prepared conv weight), else the logical values."""
    if slot.tensor.explicit_physical:
        return tensor.physical_to_numpy()
    return tensor.to_numpy()


def describe(tensor: DeviceTensor, slot: TensorSlot, names: Sequence[str] = ()) -> str:
    """The --print text of one result (`names`: its name and aliases, default `resultN`)."""
    values = output_values(tensor, slot)
    name, *aliases = names or [result_name(slot)]
    label = f"{name} ({', '.join(aliases)})" if aliases else name
    lines = [f"{label}: {slot.type}"]
    summary = (
        f"  logical {format_shape(tensor.logical_shape)}, physical "
        f"{format_shape(tensor.physical_shape)}, {tensor.dtype.value}, {tensor.layout.value}"
    )
    if tensor.layout.value == "tile":
        tiles = tensor.num_tiles
        summary += f", {tiles} tile{'s' if tiles != 1 else ''}"
    lines.append(summary + f", {len(tensor.to_bytes())} bytes")
    shown = "physical matrix" if slot.tensor.explicit_physical else "values"
    lines.append(f"  {shown}:")
    text = np.array2string(values, threshold=200, edgeitems=3, precision=6, max_line_width=100)
    lines.extend("    " + line for line in text.splitlines())
    return "\n".join(lines)


def write_outputs(
    results: Sequence[NamedResult],
    npz: str | None,
    raw_dir: str | None,
    tensorbin_dir: str | None = None,
    plot: tuple[str, list[tuple[str, bytes]]] | None = None,
) -> None:
    """Write --output, --raw-output, --tensorbin and the --plot pictures (`plot`: the folder
    and its files) atomically: a failure leaves no output (and no folder this call created).
    A result is one .npz member, under its name; in a folder, its file is named after it
    and its aliases (`--aliases`) are hard links to that file."""
    files: list[tuple[str, bytes]] = list(plot[1]) if plot is not None else []
    links: list[tuple[str, str]] = []
    if npz is not None:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for result in results:
                member = io.BytesIO()
                np.save(member, output_values(result.tensor, result.slot).astype(np.float32))
                archive.writestr(result_file_name(result.name, ".npy"), member.getvalue())
        files.append((npz, buffer.getvalue()))
    for folder, suffix, content in (
        (raw_dir, ".bin", DeviceTensor.to_bytes),
        (tensorbin_dir, TENSORBIN_SUFFIX, DeviceTensor.to_tensorbin),
    ):
        if folder is None:
            continue
        for result in results:
            path = result_path(folder, result.name, suffix)
            files.append((path, content(result.tensor)))
            links += [(result_path(folder, alias, suffix), path) for alias in result.aliases]
    plot_dir = plot[0] if plot is not None else None
    # The .npz's folder is made like the output folders (and removed again on failure).
    npz_dir = (os.path.dirname(npz) or None) if npz is not None else None
    write_output_files(files, raw_dir, tensorbin_dir, plot_dir, npz_dir, links=links)


def inputs_of(
    inputs: dict[str, InputValue], program: Program, qualified: bool
) -> dict[str, InputValue]:
    """The inputs of one function: all of them, or (`--entry all`) those named
    `FUNCTION.ARGUMENT` for it, without the prefix."""
    if not qualified:
        return inputs
    prefix = f"{program.entry}."
    return {
        key.removeprefix(prefix): value for key, value in inputs.items() if key.startswith(prefix)
    }


def check_qualified_inputs(inputs: dict[str, InputValue], programs: Sequence[Program]) -> None:
    """With `--entry all`, each --input must name `FUNCTION.ARGUMENT` of a function run."""
    functions = {program.entry for program in programs}
    for key in inputs:
        function, dot, _ = key.rpartition(".")
        if not dot or function not in functions:
            listing = ", ".join(sorted(functions))
            raise TTNNError(
                f"--input {key}: with --entry all, name an input FUNCTION.ARGUMENT "
                f"(functions run: {listing})"
            )


@contextmanager
def progress_bars(
    make_bar: BarFactory | None, programs: Sequence[Program]
) -> Iterator[tuple[list[LoopProgress], Callable[[], None]]]:
    """Progress for the run (nothing when there is no terminal to show it): a bar over the
    functions when there are several, and one per outermost loop of a nest. Yields the
    interpreter listeners and the call that marks one more function done."""
    if make_bar is None:
        yield [], lambda: None
        return
    functions = make_bar("functions", len(programs), 0) if len(programs) > 1 else None
    loops = LoopProgress(make_bar, level=1 if functions is not None else 0)
    try:
        yield [loops], (lambda: functions.update(1)) if functions is not None else lambda: None
    finally:
        loops.close()
        if functions is not None:
            functions.close()


def check_traceable(programs: Sequence[Program]) -> None:
    """--plot, --plot-text: refuse, before anything runs, a TILE result whose layout map
    cannot be traced (`Program.check_traceable`)."""
    for program in programs:
        for slot in program.results:
            if slot.tensor.layout == Layout.TILE:
                program.check_traceable(slot.position)


def layout_maps(
    results: Sequence[NamedResult], programs: Sequence[Program]
) -> dict[str, LayoutMap]:
    """The layout map of each TILE result, by name: traced through the IR where a prepare
    or layout op chain made it (`Program.layout_map`), else its logical region."""
    by_entry = {program.entry: program for program in programs}
    maps: dict[str, LayoutMap] = {}
    for result in results:
        if result.tensor.layout != Layout.TILE:
            continue
        traced = by_entry[result.function].layout_map(result.slot.position)
        maps[result.name] = traced or LayoutMap.of_logical(
            result.tensor.logical_shape,
            result.tensor.physical_shape,
            f"{result.name}: values of {result.slot.type}",
        )
    return maps


def pictures(
    results: Sequence[NamedResult],
    maps: dict[str, LayoutMap],
    programs: Sequence[Program],
    arguments: argparse.Namespace,
    inputs: dict[str, InputValue],
    every_function: bool,
) -> list[tuple[str, bytes]]:
    """--plot: one picture per TILE result, DIR/NAME.FORMAT. A bfloat8_b result's exact
    source values (for its quantization error panel) are the inputs of its run again."""
    from ttnn_xdsl.pictures.plot import render_layout

    picture_format = plot_format(arguments)
    by_entry = {program.entry: program for program in programs}
    files: list[tuple[str, bytes]] = []
    for result in results:
        layout = maps.get(result.name)
        if layout is None:
            continue
        exact = None
        if result.tensor.dtype == DataType.BFLOAT8_B and layout.source_argument is not None:
            program = by_entry[result.function]
            sources = program.prepare_inputs(
                inputs_of(inputs, program, every_function), arguments.random_inputs
            )
            exact = sources[layout.source_argument].to_numpy()
        picture = render_layout(layout, result.tensor, picture_format, result.name, exact)
        path = result_path(arguments.plot, result.name, f".{picture_format}")
        files.append((path, picture))
    return files


def nothing_to_draw(result: NamedResult) -> str:
    """--plot, --plot-text: the line that stands for a result drawn neither way (not TILE),
    so that a run drawing nothing does not look like one that drew everything."""
    return (
        f"{result.name}: nothing to draw: the layout pictures show a TILE tensor's tiles; "
        f"this result is {result.tensor.layout.value.upper()}"
    )


EXPECTED_SUFFIXES = (TENSORBIN_SUFFIX, ".bin", ".npy")
"""The files --expect DIR looks for, for each name of a result, in this order."""


def expected_for(
    result: NamedResult, where: str, archive: zipfile.ZipFile | None, max_bytes: int
) -> tuple[str, ExpectedValues] | None:
    """The expected values for a result from `where` (a folder, or an .npz open as
    `archive`) and its source, or None when there is none: the first of NAME.tensorbin,
    NAME.bin, NAME.npy over the result's names (name first, then `resultN`). An array larger
    than `max_bytes` is refused from its header."""
    tensor = result.slot.tensor
    if archive is not None:
        members = set(archive.namelist())
        for name in result.lookup_names:
            member_name = result_file_name(name, ".npy")
            if member_name in members:
                source = f"{where}[{name}]"
                with archive.open(member_name) as member:
                    values = read_npy_stream(member, source, max_bytes)
                return source, expected_from_values(values, tensor, source)
        return None
    for name in result.lookup_names:
        for suffix in EXPECTED_SUFFIXES:
            path = result_path(where, name, suffix)
            if os.path.isfile(path):
                return path, expected_tensor(path, tensor, max_bytes)
    return None


def correlation(text: str) -> float:
    """--expect-pcc's value: a number in (0, 1]."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"expected a number above 0 and at most 1, got {text!r}")
    return value


def correlation_line(
    result: NamedResult, source: str, expected: ExpectedValues, pcc: float
) -> tuple[str, bool]:
    """--expect-pcc's line for one result — its values' correlation with the expected ones
    (the expected as the result's dtype holds them) over the region the bytes would be
    compared in (`compared_values`: the logical values for expected values of the logical
    shape, else the physical matrix), the largest absolute difference with where it is, and
    that difference relative to the expected values' largest magnitude — and whether the
    correlation reaches `pcc`. The verdict is the PCC's alone, as TT-NN's `assert_with_pcc`
    decides; the PCC does not see a scale (a result 1000 times the expected one correlates
    1.0), the relative error does."""
    mine = compared_values(result.tensor, expected.logical_only)
    theirs = expected.values()
    value = pearson_correlation(mine, theirs)
    verdict = "passes" if value >= pcc else "FAILS"
    line = f"{result.name}: PCC {value:.6f} with {source} ({verdict} at {pcc:g})"
    with np.errstate(invalid="ignore"):
        gaps = np.abs(mine.astype(np.float64) - theirs.astype(np.float64))
    if gaps.size and not np.isnan(gaps).all():
        where = tuple(int(i) for i in np.unravel_index(int(np.nanargmax(gaps)), gaps.shape))
        tensor = result.tensor
        padded = tensor.physical_shape != tensor.logical_shape and not expected.logical_only
        place = f"physical element {list(where)}" if padded else str(list(where))
        largest_gap = float(gaps[where])
        magnitude = float(np.nanmax(np.abs(theirs.astype(np.float64)), initial=0.0))
        line += (
            f"; max abs error {largest_gap:.6g} at {place}: "
            f"{float(mine[where]):.6g} here, {float(theirs[where]):.6g} expected; "
            f"max rel error {relative_error(largest_gap, magnitude):.3g} (of the largest "
            f"expected magnitude, {magnitude:.6g})"
        )
    return line, value >= pcc


def relative_error(gap: float, magnitude: float) -> float:
    """`gap` as a fraction of the expected values' largest magnitude: 0 for no gap, infinite
    for a gap from expected values that are all 0."""
    if gap == 0:
        return 0.0
    return gap / magnitude if magnitude > 0 else math.inf


def check_archive_members(
    archive: zipfile.ZipFile,
    where: str,
    results: Sequence[NamedResult],
    other_functions: Collection[str],
) -> None:
    """--expect FILE.npz: every member names a result (`NamedResult.lookup_names`), or is
    for a function of the module not run (`FUNCTION.NAME`, left alone, as `--input`'s
    archives are read): a member naming nothing would be a comparison silently not made."""
    wanted = {result_file_name(name, ".npy") for result in results for name in result.lookup_names}
    for member in archive.namelist():
        function, dot, _ = member.removesuffix(".npy").rpartition(".")
        if member in wanted or (dot and function in other_functions):
            continue
        functions = ", ".join(dict.fromkeys(symbol_text(result.function) for result in results))
        listing = ", ".join(result.name for result in results)
        raise TTNNError(
            f"--expect {where}: member '{member}' names no result of {functions} "
            f"(results: {listing})"
        )


def check_expected(
    results: Sequence[NamedResult],
    where: str,
    max_bytes: int,
    pcc: float | None = None,
    other_functions: Collection[str] = (),
) -> None:
    """--expect: one line per result on stdout (the same, different with the first
    difference, or no expected values; with `pcc`, the values' correlation and whether it
    reaches `pcc`); TTNNError when any differs (or falls short) or has no expected values —
    a check that checks less than it was asked to fails, as FileCheck's does — or when an
    .npz member names no result (`check_archive_members`; `other_functions`: the module's
    functions not run, whose members are left alone)."""
    if where.endswith(".npz"):
        if not os.path.isfile(where):
            raise TTNNError(f"--expect: no such file '{where}'")
    elif not os.path.isdir(where):
        raise TTNNError(f"--expect: '{where}' is neither a folder nor an .npz file")
    # Every expected file is read before the first line is printed: a file that cannot be
    # read is the one line of a failure, with no comparison printed before it.
    if not where.endswith(".npz"):
        expected_values = [
            (result, expected_for(result, where, None, max_bytes)) for result in results
        ]
    else:
        try:
            with zipfile.ZipFile(where) as archive:
                check_archive_members(archive, where, results, other_functions)
                expected_values = [
                    (result, expected_for(result, where, archive, max_bytes)) for result in results
                ]
        except (OSError, zipfile.BadZipFile, NotImplementedError) as error:
            # Not a zip file, a member cut short or compressed in a way zipfile cannot read, …
            raise TTNNError(f"--expect: cannot read '{where}' as an .npz file ({error})") from None
    compared = differing = 0
    missing: list[str] = []
    for result, found in expected_values:
        if found is None:
            print(f"{result.name}: no expected values in {where}")
            missing.append(result.name)
            continue
        source, expected = found
        compared += 1
        problems = same_kind(result.tensor, expected.tensor)
        if problems:
            differing += 1
            print(f"{result.name}: cannot compare with {source}: {'; '.join(problems)}")
            continue
        if pcc is not None:
            line, passes = correlation_line(result, source, expected, pcc)
            differing += not passes
            print(line)
            continue
        difference = first_difference(result.tensor, expected.tensor, expected.logical_only)
        if difference is None:
            print(f"{result.name}: same bytes as {source}")
        else:
            differing += 1
            print(f"{result.name}: differs from {source}: {difference.describe()}")
    if compared == 0:
        looked = (
            "members named after the results"
            if where.endswith(".npz")
            else "NAME.tensorbin, NAME.bin or NAME.npy for each name of each result"
        )
        raise TTNNError(
            f"--expect: no expected values for any result in {where} (looked for {looked})"
        )
    failures: list[str] = []
    if differing and pcc is not None:
        falls = "results fall" if compared != 1 else "result falls"
        failures.append(f"{differing} of {compared} compared {falls} short of PCC {pcc:g}")
    elif differing:
        results_differ = "results differ" if compared != 1 else "result differs"
        failures.append(
            f"{differing} of {compared} compared {results_differ} from the expected values"
        )
    if missing:
        has = "has" if len(missing) == 1 else "have"
        failures.append(f"{', '.join(missing)} {has} no expected values in {where}")
    if failures:
        raise TTNNError("; ".join(failures))


def check_output_flags(arguments: argparse.Namespace) -> None:
    """Flags that contradict each other or name an output wrongly, refused before any work."""
    if arguments.output is not None and not arguments.output.endswith(".npz"):
        raise TTNNError(
            f"--output writes an .npz archive (one float32 array a result): name it "
            f"FILE.npz, got '{arguments.output}'"
        )
    if arguments.plot_format is not None and arguments.plot is None:
        raise TTNNError("--plot-format chooses the format of --plot DIR's pictures; give --plot")
    if arguments.expect_pcc is not None and arguments.expect is None:
        raise TTNNError("--expect-pcc says how --expect compares; give --expect DIR|FILE.npz")


def check_something_to_write(
    planned: Sequence[object], programs: Sequence[Program], outputs: Mapping[str, str | None]
) -> None:
    """An output flag (`outputs`: flag → its path, None when not given) of a run with no
    result to write (`planned` empty) is refused before the run: an empty archive or folder
    would look like a run that made something."""
    given = [flag for flag, path in outputs.items() if path is not None]
    if planned or not given:
        return
    functions = ", ".join(f"@{program.entry}" for program in programs)
    returns = "returns" if len(programs) == 1 else "return"
    raise TTNNError(f"{given[0]} has nothing to write: {functions} {returns} no result")


def run_command(arguments: argparse.Namespace) -> None:
    check_output_flags(arguments)
    timer = PhaseTimer()
    with timer.phase("read files"):
        text = read_source(arguments.input_file)
        specs, archives = input_archives(arguments.input)
        inputs = load_inputs(specs, arguments.max_bytes)
    every_function = arguments.entry == "all"
    skipped: list[str] = []  # --entry all: the functions left out, and why
    common = dict(
        passes=arguments.passes,
        filename=source_name(arguments.input_file),
        timer=timer,
        max_bytes=arguments.max_bytes,
    )
    if every_function:
        programs = Program.load_all(text, skipped=skipped, **common)
        check_qualified_inputs(inputs, programs)
    else:
        # The random inputs are drawn on another core while the module is lowered (not
        # with archives: which inputs they give is known once the module is loaded).
        programs = [
            Program.load(
                text,
                entry=arguments.entry,
                random_seed=None if archives else arguments.random_inputs,
                given=list(inputs),
                **common,
            )
        ]
    if archives:
        with timer.phase("read files"):
            inputs.update(
                archive_inputs(archives, programs, every_function, inputs, arguments.max_bytes)
            )
        if every_function:
            check_qualified_inputs(inputs, programs)
    folders = {
        "--raw-output": arguments.raw_output,
        "--tensorbin": arguments.tensorbin,
        "--plot": arguments.plot,
    }
    planned = output_names(programs, every_function, arguments.aliases)
    check_something_to_write(
        planned,
        programs,
        {
            "--output": arguments.output,
            "--raw-output": arguments.raw_output,
            "--tensorbin": arguments.tensorbin,
        },
    )
    named_files = [arguments.output, arguments.expect, *folders.values()]
    check_result_names(planned, any(given is not None for given in named_files))
    check_output_folders(
        folders,
        [output.name for output in planned],
        arguments.force,
        plot_format(arguments),
    )
    if arguments.plot is not None or arguments.plot_text:
        check_traceable(programs)
    results: list[NamedResult] = []
    with progress_bars(terminal_bars(), programs) as (listeners, function_done):
        for program in programs:
            tensors = program.run(
                inputs_of(inputs, program, every_function),
                arguments.random_inputs,
                bulk=not arguments.no_bulk,
                listeners=listeners,
                timer=timer,
            )
            results += named_results(program, tensors, every_function, arguments.aliases)
            function_done()
    maps: dict[str, LayoutMap] = {}
    drawn: tuple[str, list[tuple[str, bytes]]] | None = None
    if arguments.plot is not None or arguments.plot_text:
        with timer.phase("trace provenance"):
            maps = layout_maps(results, programs)
    if arguments.plot is not None:
        with timer.phase("draw"):
            drawn = (
                arguments.plot,
                pictures(results, maps, programs, arguments, inputs, every_function),
            )
    try:
        if arguments.expect is not None:
            with timer.phase("compare"):
                # Before writing: a failed comparison, like any failure, leaves no file.
                functions = set(programs[0].functions) if programs else set()
                not_run = functions - {program.entry for program in programs}
                check_expected(
                    results,
                    arguments.expect,
                    arguments.max_bytes,
                    arguments.expect_pcc,
                    not_run,
                )
        with timer.phase("write"):
            write_outputs(
                results, arguments.output, arguments.raw_output, arguments.tensorbin, drawn
            )
        # After the outputs are written: a failure prints its one line and nothing else.
        for reason in skipped:
            print(f"not run: {reason}")
        if arguments.print:
            for result in results:
                print(describe(result.tensor, result.slot, result.names))
        if arguments.plot_text or arguments.plot is not None:
            for result in results:
                if result.name not in maps:
                    print(nothing_to_draw(result))
                elif arguments.plot_text:
                    print(result.tensor.tile_map(maps[result.name], result.name))
    finally:
        if arguments.time:
            sys.stdout.flush()
            print(timer.table(), file=sys.stderr)


def main(args: Sequence[str] | None = None) -> None:
    """Entry point of the `ttnn-run` console script."""
    quiet_garbage_collector()
    argv = list(sys.argv[1:] if args is None else args)
    parser = build_argument_parser()
    with ascii_streams("--ascii" in argv):
        report_errors("ttnn-run", lambda: run_command(parser.parse_args(argv)), argv)


if __name__ == "__main__":
    main()

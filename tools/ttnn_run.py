"""`ttnn-run`: lower and execute an IR file in the NumPy interpreter.

    ttnn-run FILE [-p PASSES] [--entry NAME] [--input NAME=PATH.npy ...]
             [--random-inputs SEED] [--output OUT.npz] [--raw-output DIR] [--print] [--no-bulk]

Inputs are logical values in .npy files (any float dtype), by argument name (without `%`)
or position, converted to each argument's type (rounding, tilizing, packing). Results go to
OUT.npz as float32 arrays `result0`, `result1`, … (the logical values, or the whole physical
matrix when the result type writes a `physical` shape) and/or to DIR/result0.bin, … as exact
device bytes. Every user error is one line on stderr and exit status 1, and no output file
is written unless the whole run succeeded.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import zipfile
from collections.abc import Sequence
from typing import NoReturn

import numpy as np

from ttnn_xdsl.dialect.errors import TTNNError
from ttnn_xdsl.dialect.shapes import format_shape
from ttnn_xdsl.runtime.program import Program, TensorSlot
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.tools.cli import quiet_garbage_collector, report_errors, write_files_atomically


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, like every other user error (argparse would print the usage first).
        raise TTNNError(f"{message} (see ttnn-run --help)")


def build_argument_parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog="ttnn-run", description="Lower an IR file and run it in the NumPy interpreter."
    )
    parser.add_argument("input_file", help="the .mlir file to run")
    parser.add_argument(
        "-p",
        "--passes",
        default=None,
        help="pass pipeline to apply first (default: ttnn-lower when the module holds ttnn "
        "ops; '' runs no pass)",
    )
    parser.add_argument(
        "--entry", default=None, help="function to run (default: main or the only one)"
    )
    parser.add_argument(
        "--input",
        action="append",
        default=[],
        metavar="NAME=PATH.npy",
        help="an input: argument name (without %%) or position, and a .npy file of its values",
    )
    parser.add_argument(
        "--random-inputs",
        type=int,
        default=None,
        metavar="SEED",
        help="fill every argument without --input with standard normal values from SEED",
    )
    parser.add_argument(
        "--output", default=None, metavar="OUT.npz", help="write results as float32 arrays"
    )
    parser.add_argument(
        "--raw-output", default=None, metavar="DIR", help="write each result's exact device bytes"
    )
    parser.add_argument("--print", action="store_true", help="print each result")
    parser.add_argument(
        "--no-bulk",
        action="store_true",
        help="run every op of every loop nest one by one (the same bytes as the default bulk "
        "execution of loop nests, slower)",
    )
    parser.add_argument("--traceback", action="store_true", help="show tracebacks of errors")
    return parser


_NPY_MAGIC = b"\x93NUMPY"
_ZIP_MAGIC = b"PK"


def load_inputs(specs: Sequence[str]) -> dict[str, np.ndarray]:
    """Read `NAME=PATH.npy` inputs."""
    inputs: dict[str, np.ndarray] = {}
    for spec in specs:
        name, separator, path = spec.partition("=")
        if not separator or not name or not path:
            raise TTNNError(f"--input expects NAME=PATH.npy, got '{spec}'")
        if name in inputs:
            raise TTNNError(f"--input {name} is given twice")
        try:
            with open(path, "rb") as stream:
                magic = stream.read(len(_NPY_MAGIC))
        except FileNotFoundError:
            raise TTNNError(f"--input {name}: no such file '{path}'") from None
        except OSError as error:
            raise TTNNError(f"--input {name}: cannot read '{path}': {error.strerror}") from None
        # Check the header first: np.load would try a zip reader or pickle on anything else.
        if magic.startswith(_ZIP_MAGIC):
            raise TTNNError(
                f"--input {name}: '{path}' is a zip archive (an .npz?), expected one .npy array"
            )
        if magic != _NPY_MAGIC:
            raise TTNNError(f"--input {name}: '{path}' is not a .npy file (no NumPy header)")
        try:
            array = np.load(path, allow_pickle=False)
        except (OSError, ValueError, EOFError) as error:
            raise TTNNError(
                f"--input {name}: cannot read '{path}' as a .npy file ({error})"
            ) from None
        if not isinstance(array, np.ndarray):
            raise TTNNError(
                f"--input {name}: '{path}' holds several arrays (an .npz), expected one .npy array"
            )
        inputs[name] = array
    return inputs


def output_values(tensor: DeviceTensor, slot: TensorSlot) -> np.ndarray:
    """The float32 values written for a result: the whole physical matrix when its type
    writes a physical shape (a prepared conv weight), else the logical values."""
    if slot.tensor.explicit_physical:
        return tensor.physical_to_numpy()
    return tensor.to_numpy()


def describe(tensor: DeviceTensor, slot: TensorSlot) -> str:
    """The --print text of one result."""
    values = output_values(tensor, slot)
    lines = [f"result{slot.position}: {slot.type}"]
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
    results: list[DeviceTensor], slots: list[TensorSlot], npz: str | None, raw_dir: str | None
) -> None:
    """Write --output and --raw-output atomically: a failure leaves no output (and no
    folder this call created)."""
    files: list[tuple[str, bytes]] = []
    if npz is not None:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for tensor, slot in zip(results, slots, strict=True):
                member = io.BytesIO()
                np.save(member, output_values(tensor, slot).astype(np.float32))
                archive.writestr(f"result{slot.position}.npy", member.getvalue())
        files.append((npz, buffer.getvalue()))
    if raw_dir is not None:
        files += [
            (os.path.join(raw_dir, f"result{slot.position}.bin"), tensor.to_bytes())
            for tensor, slot in zip(results, slots, strict=True)
        ]
    write_files_atomically(files, raw_dir)


def run_command(arguments: argparse.Namespace) -> None:
    try:
        with open(arguments.input_file, encoding="utf-8") as stream:
            text = stream.read()
    except OSError as error:
        raise TTNNError(f"cannot read '{arguments.input_file}': {error.strerror}") from None
    inputs = load_inputs(arguments.input)
    program = Program.load(
        text, entry=arguments.entry, passes=arguments.passes, filename=arguments.input_file
    )
    results = program.run(inputs, arguments.random_inputs, bulk=not arguments.no_bulk)
    write_outputs(results, program.results, arguments.output, arguments.raw_output)
    if arguments.print:
        for tensor, slot in zip(results, program.results, strict=True):
            print(describe(tensor, slot))


def main(args: Sequence[str] | None = None) -> None:
    """Entry point of the `ttnn-run` console script."""
    quiet_garbage_collector()
    argv = list(sys.argv[1:] if args is None else args)
    parser = build_argument_parser()
    report_errors("ttnn-run", lambda: run_command(parser.parse_args(argv)), argv)


if __name__ == "__main__":
    main()

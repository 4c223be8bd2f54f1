"""`ttnn-run`: lower and execute an IR file in the NumPy interpreter.

    ttnn-run FILE [-p PASSES] [--entry NAME] [--input NAME=PATH.npy ...]
             [--random-inputs SEED] [--output OUT.npz] [--raw-output DIR] [--print]

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
import tempfile
import zipfile
from collections.abc import Sequence
from typing import NoReturn

import numpy as np

from ttnn_xdsl.dialect.diagnostics import LocatedError
from ttnn_xdsl.dialect.ttnn import format_shape
from ttnn_xdsl.runtime.interpreter import InterpreterError
from ttnn_xdsl.runtime.run import Program, RunError, TensorSlot
from ttnn_xdsl.runtime.tensor import DeviceTensor


class CommandError(Exception):
    """A user error, reported as `ttnn-run: error: ...`."""


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        raise CommandError(message)


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
    parser.add_argument("--traceback", action="store_true", help="show tracebacks of errors")
    return parser


def load_inputs(specs: Sequence[str]) -> dict[str, np.ndarray]:
    """Read `NAME=PATH.npy` inputs."""
    inputs: dict[str, np.ndarray] = {}
    for spec in specs:
        name, separator, path = spec.partition("=")
        if not separator or not name or not path:
            raise CommandError(f"--input expects NAME=PATH.npy, got '{spec}'")
        if name in inputs:
            raise CommandError(f"--input {name} is given twice")
        try:
            array = np.load(path, allow_pickle=False)
        except FileNotFoundError:
            raise CommandError(f"--input {name}: no such file '{path}'") from None
        except (OSError, ValueError, EOFError) as error:
            raise CommandError(
                f"--input {name}: cannot read '{path}' as a .npy file ({error})"
            ) from None
        if not isinstance(array, np.ndarray):
            raise CommandError(
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
        summary += f", {tensor.num_tiles} tiles"
    lines.append(summary + f", {len(tensor.to_bytes())} bytes")
    shown = "physical matrix" if slot.tensor.explicit_physical else "values"
    lines.append(f"  {shown}:")
    text = np.array2string(values, threshold=200, edgeitems=3, precision=6, max_line_width=100)
    lines.extend("    " + line for line in text.splitlines())
    return "\n".join(lines)


def _replace_atomically(path: str, data: bytes) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".ttnn-run-")
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def write_outputs(
    results: list[DeviceTensor], slots: list[TensorSlot], npz: str | None, raw_dir: str | None
) -> None:
    """Write --output and --raw-output; everything is computed before the first write."""
    npz_bytes = None
    if npz is not None:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for tensor, slot in zip(results, slots, strict=True):
                member = io.BytesIO()
                np.save(member, output_values(tensor, slot).astype(np.float32))
                archive.writestr(f"result{slot.position}.npy", member.getvalue())
        npz_bytes = buffer.getvalue()
    raw = [
        (f"result{slot.position}.bin", t.to_bytes()) for t, slot in zip(results, slots, strict=True)
    ]
    try:
        if raw_dir is not None:
            os.makedirs(raw_dir, exist_ok=True)
            for name, data in raw:
                _replace_atomically(os.path.join(raw_dir, name), data)
        if npz_bytes is not None and npz is not None:
            _replace_atomically(npz, npz_bytes)
    except OSError as error:
        raise CommandError(f"cannot write output: {error.strerror}: '{error.filename}'") from None


def run_command(arguments: argparse.Namespace) -> None:
    try:
        with open(arguments.input_file, encoding="utf-8") as stream:
            text = stream.read()
    except OSError as error:
        raise CommandError(f"cannot read '{arguments.input_file}': {error.strerror}") from None
    inputs = load_inputs(arguments.input)
    program = Program.load(
        text, entry=arguments.entry, passes=arguments.passes, filename=arguments.input_file
    )
    results = program.run(inputs, arguments.random_inputs)
    write_outputs(results, program.results, arguments.output, arguments.raw_output)
    if arguments.print:
        for tensor, slot in zip(results, program.results, strict=True):
            print(describe(tensor, slot))


def main(args: Sequence[str] | None = None) -> None:
    """Entry point of the `ttnn-run` console script."""
    argv = list(sys.argv[1:] if args is None else args)
    parser = build_argument_parser()
    try:
        arguments = parser.parse_args(argv)
        run_command(arguments)
    except (CommandError, RunError, InterpreterError) as error:
        if "--traceback" in argv:
            raise
        print(f"ttnn-run: error: {error}", file=sys.stderr)
        sys.exit(1)
    except LocatedError as error:
        if "--traceback" in argv:
            raise
        print(error, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

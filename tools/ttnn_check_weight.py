"""`ttnn-check-weight`: does a prepared conv weight compute its conv? (docs/semantics.md §9.4)

    ttnn-check-weight CONV.mlir PREPARED(.tensorbin | .npy) ORIGINAL.npy [--seed N]

CONV.mlir holds the conv's parameters as one `ttnn.prepare_conv_weights` op (its module's
`ttnn.grid` is the device's); PREPARED is the prepared weight, a TT-NN `.tensorbin` (from
`ttnn.dump_tensor`, a model cache, `ttnn-run --tensorbin`) or its physical matrix as float values
in a `.npy`; ORIGINAL is the OIHW weight the preparation was given. The tool reads the prepared
weight the way TT-NN 0.81.1's conv2d kernels read it, runs the conv on a random activation
beside a float64 reference conv of the original weight, and prints one line: OK, WRONG (the
first wrong output element and the weight tile the kernel read there) or REFUSED (TT-NN's
conv2d would not take this weight). Exit status: 0 OK, 3 WRONG or REFUSED, 1 a user error,
2 an internal error."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

import numpy as np

from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.dialect import PrepareConvWeightsOp, make_context
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.runtime import DeviceTensor
from ttnn_xdsl.runtime.weight_check import check_prepared_weight
from ttnn_xdsl.tensor_formats.npy import DEFAULT_MAX_BYTES, read_npy
from ttnn_xdsl.tools.cli import package_versions, quiet_garbage_collector, report_errors

__all__ = ["WRONG_STATUS", "main"]

TOOL = "ttnn-check-weight"
WRONG_STATUS = 3
"""The exit status when the prepared weight does not compute its conv (or conv2d refuses it)."""


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise TTNNError(f"{message} (see {TOOL} --help)")


def build_argument_parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog=TOOL,
        description="Check that a prepared conv weight computes its conv, read the way TT-NN "
        "0.81.1's conv2d reads it, against a float64 conv of the original weight.",
        epilog="Exit status: 0 the weight computes the conv; 3 it does not, or TT-NN's conv2d "
        "refuses it; 1 a user error; 2 an internal error.",
    )
    parser.add_argument("conv", help="IR file with one ttnn.prepare_conv_weights op")
    parser.add_argument("prepared", help="the prepared weight: .tensorbin, or .npy of floats")
    parser.add_argument("original", help="the original OIHW weight (.npy)")
    parser.add_argument(
        "--seed", type=non_negative_seed, default=0, help="seed of the random activation"
    )
    parser.add_argument("--traceback", action="store_true", help="show internal tracebacks")
    parser.add_argument("--version", action="version", version=f"{TOOL}: {package_versions()}")
    return parser


def read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise TTNNError(f"cannot read '{path}': {reason}") from None


def prepare_op(path: str) -> PrepareConvWeightsOp:
    """The file's one `ttnn.prepare_conv_weights` op (parsed and verified)."""
    module = parse_module(make_context(), read_text(path), path)
    verify_module(module)
    ops = [op for op in module.walk() if isinstance(op, PrepareConvWeightsOp)]
    if len(ops) != 1:
        raise TTNNError(
            f"{path}: expected one ttnn.prepare_conv_weights op (the conv's parameters), "
            f"found {len(ops)}"
        )
    return ops[0]


def non_negative_seed(text: str) -> int:
    """--seed's value: NumPy's generators take only non-negative seeds."""
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if seed < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}")
    return seed


def read_prepared(path: str) -> DeviceTensor | np.ndarray:
    """The prepared weight: a .tensorbin, or a .npy of its physical matrix as floats
    ([rows, columns], any leading dims 1)."""
    if path.endswith(".tensorbin"):
        return DeviceTensor.load_tensorbin(path)
    matrix = read_npy(path, DEFAULT_MAX_BYTES)
    is_matrix = matrix.ndim >= 2 and all(size == 1 for size in matrix.shape[:-2])
    if not is_matrix or matrix.dtype.kind != "f":
        raise TTNNError(
            f"{path}: expected the prepared weight's physical matrix of floats, [rows, "
            f"columns] or [1, 1, rows, columns]; got shape {list(matrix.shape)} of "
            f"{matrix.dtype}"
        )
    return matrix


def check_original(path: str, original: np.ndarray, expected: tuple[int, ...]) -> None:
    """The original weight is the conv's OIHW weight: that shape exactly (another of the
    same size, an HWIO weight say, would be read as OIHW and blame the prepared weight),
    real numbers, all finite (a NaN makes the reference NaN: a WRONG verdict on the prepared
    weight for the original's fault)."""
    if tuple(original.shape) != expected:
        raise TTNNError(
            f"{path}: the original weight has shape {list(original.shape)}; the conv's OIHW "
            f"weight is {list(expected)}"
        )
    if original.dtype.kind not in "fiu":
        raise TTNNError(
            f"{path}: expected the original weight as real numbers (floats or integers), "
            f"got {original.dtype}"
        )
    finite = np.isfinite(original)
    if not finite.all():
        first = tuple(int(index) for index in np.argwhere(~finite)[0])
        raise TTNNError(
            f"{path}: the original weight holds {original[first]} at {list(first)}; the "
            "reference conv needs finite values"
        )


def check(arguments: argparse.Namespace) -> None:
    op = prepare_op(arguments.conv)
    parameters = op.conv_parameters()
    plan = op.resolve()
    prepared = read_prepared(arguments.prepared)
    original = read_npy(arguments.original, DEFAULT_MAX_BYTES)
    expected = (
        parameters.out_channels,
        parameters.in_channels // parameters.groups,
        *parameters.kernel_size,
    )
    check_original(arguments.original, original, expected)
    # A conv the model does not cover raises ConvNotModelledError: a user error line.
    result = check_prepared_weight(
        prepared,
        original,
        parameters,
        plan=plan,
        seed=arguments.seed,
    )
    print(result.verdict)
    if not result.ok:
        sys.exit(WRONG_STATUS)


def main(args: Sequence[str] | None = None) -> None:
    """Entry point of the `ttnn-check-weight` console script."""
    quiet_garbage_collector()
    argv = list(sys.argv[1:] if args is None else args)
    parser = build_argument_parser()
    report_errors(TOOL, lambda: check(parser.parse_args(argv)), argv)


if __name__ == "__main__":
    main()

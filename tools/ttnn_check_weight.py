"""`ttnn-check-weight`: does a prepared conv weight compute its conv? (docs/semantics.md §9.4)

    ttnn-check-weight CONV.mlir PREPARED(.tensorbin | .npy) ORIGINAL.npy [--entry NAME]
        [--conv N|%NAME] [--seed N] [--tile R,J] [--max-bytes SIZE] [--ascii]

CONV.mlir holds the conv: one `ttnn.conv2d` op (the conv the model runs) or one
`ttnn.prepare_conv_weights` op (its preparation), the one in function NAME with `--entry`
(its module's `ttnn.grid` is the device's); PREPARED is the prepared weight, a TT-NN
`.tensorbin` (from `ttnn.dump_tensor`, a model cache, `ttnn-run --tensorbin`) or its physical
matrix as float values in a `.npy`; ORIGINAL is the OIHW weight the preparation was given. The
tool first checks that PREPARED has the prepared weight's type (dtype, layout, logical and
physical shape) the conv's resolution gives; it then reads it the way TT-NN 0.81.1's conv2d
kernels read it, runs the conv on a random activation beside a float64 reference conv of the
original weight, and prints one line: OK, WRONG (the first wrong output element and the weight
tile the kernel read there) or REFUSED (TT-NN's conv2d would not take this weight). Exit
status: 0 OK, 3 WRONG or REFUSED, 1 a user error (a prepared weight of another type among
them), 2 an internal error."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.core.enums import Layout
from ttnn_xdsl.core.errors import TensorTypeError, TTNNError, format_location
from ttnn_xdsl.core.shapes import format_bytes, format_shape
from ttnn_xdsl.dialect import (
    Conv2dOp,
    ConvTranspose2dOp,
    PrepareConvTranspose2dWeightsOp,
    PrepareConvWeightsOp,
    make_context,
)
from ttnn_xdsl.dialect.call_graph import is_tt_mlir_prepare_op
from ttnn_xdsl.dialect.conv2d_ops import prepared_weight_type
from ttnn_xdsl.dialect.tensor_types import TensorInfo, tensor_info
from ttnn_xdsl.dialect.tt_mlir import (
    IMPORT_TT_MLIR_CONV2D_PIPELINE,
    foreign_op_name,
    is_tt_mlir_conv,
)
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.frontend.source import read_source
from ttnn_xdsl.pictures.output_tile import output_tile_feed, output_tile_text
from ttnn_xdsl.runtime import DeviceTensor
from ttnn_xdsl.runtime.inputs import type_differences
from ttnn_xdsl.runtime.memory import available_memory
from ttnn_xdsl.runtime.weight_check import check_memory_estimate, check_prepared_weight
from ttnn_xdsl.tensor_formats.npy import DEFAULT_MAX_BYTES, read_npy
from ttnn_xdsl.tools.ascii_output import ascii_streams
from ttnn_xdsl.tools.cli import (
    given_once,
    package_versions,
    quiet_garbage_collector,
    report_errors,
)
from ttnn_xdsl.tools.ttnn_run import byte_count

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
        "refuses it; 1 a user error (a prepared weight of another type than the conv's among "
        "them); 2 an internal error.",
    )
    parser.add_argument(
        "conv", help="IR file with the conv: a ttnn.conv2d or ttnn.prepare_conv_weights op"
    )
    parser.add_argument("prepared", help="the prepared weight: .tensorbin, or .npy of floats")
    parser.add_argument("original", help="the original OIHW weight (.npy)")
    parser.add_argument(
        "--entry",
        metavar="NAME",
        help="look for the conv in function NAME only (--conv then counts its convs)",
    )
    parser.add_argument(
        "--conv",
        metavar="N|%NAME",
        dest="conv_choice",
        type=conv_choice,
        help="the conv to check when there are several: the Nth (0-based, in printed order) or "
        "the one whose result is %%NAME",
    )
    parser.add_argument(
        "--seed", type=non_negative_seed, default=0, help="seed of the random activation"
    )
    parser.add_argument(
        "--tile",
        metavar="R,J",
        type=output_tile,
        help="also print what fed output tile (R, J): pixels 32R… of N·OH·OW, channels 32J…, "
        "the input sticks read and the weight tiles each K block fetched",
    )
    parser.add_argument(
        "--max-bytes",
        type=byte_count,
        default=DEFAULT_MAX_BYTES,
        metavar="SIZE",
        help="refuse a weight file, or an array the check would hold, larger than SIZE bytes "
        "(a suffix K, M, G or T multiplies by 1024, 1024², …; default 8G), as ttnn-run does; "
        "whatever SIZE, a check needing more than the memory the machine has left is refused "
        "before it starts",
    )
    parser.add_argument(
        "--ascii",
        action="store_true",
        help="write the verdict, --tile's picture and messages in ASCII (-> for →, x for ×, "
        "... for …), as ttnn-run --ascii does",
    )
    parser.add_argument("--traceback", action="store_true", help="show internal tracebacks")
    parser.add_argument("--version", action="version", version=f"{TOOL}: {package_versions()}")
    given_once(parser)
    return parser


CheckedOp = PrepareConvWeightsOp | Conv2dOp
"""An op giving the conv's parameters: its preparation, or the conv itself."""

TRANSPOSED_OPS = (PrepareConvTranspose2dWeightsOp, ConvTranspose2dOp)


@dataclass(frozen=True)
class ConvToCheck:
    """The conv a prepared weight is checked against."""

    parameters: Conv2dParameters
    plan: ConvWeightsPlan
    """The project's resolution: how the kernels read the prepared weight."""
    prepared_type: TensorInfo
    """The type of the prepared weight the conv reads (its dtype, layout and shapes)."""


def conv_to_check(op: CheckedOp) -> ConvToCheck:
    """The conv of a `ttnn.prepare_conv_weights` (its result type is the prepared weight's)
    or of a `ttnn.conv2d` (TT-NN's decisions, as `ttnn-decompose` prepares its weight: the
    prepared dtype may be bfloat8_b where the plan was made for bfloat16)."""
    if isinstance(op, Conv2dOp):
        decision = op.decision()
        prepared_type = prepared_weight_type(decision)
        return ConvToCheck(op.conv_parameters(), decision.plan, tensor_info(prepared_type))
    return ConvToCheck(op.conv_parameters(), op.resolve(), tensor_info(op.result.type))


def function_name(op: Operation) -> str | None:
    """The name of the function holding `op`."""
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return None if parent is None else parent.sym_name.data


def chosen_scope(path: str, module: ModuleOp, entry: str | None) -> Operation:
    """Where to look for the conv: function `entry` (a leading `@` allowed), else the module."""
    if entry is None:
        return module
    name = entry.removeprefix("@")
    functions = [op for op in module.walk() if isinstance(op, func.FuncOp)]
    for function in functions:
        if function.sym_name.data == name:
            return function
    names = [function.sym_name.data for function in functions]
    raise TTNNError(f"{path}: no function @{name} (functions: {function_listing(names)})")


def function_listing(names: list[str]) -> str:
    """Function names as a message lists them: the first eight, then how many there are."""
    shown = ", ".join(f"@{name}" for name in names[:8])
    return f"{shown}, … ({len(names)} functions)" if len(names) > 8 else shown or "none"


def convs_in(scope: Operation) -> list[CheckedOp]:
    """The convs in `scope`: its `ttnn.conv2d` ops and its `ttnn.prepare_conv_weights` ops
    but those whose weight a `ttnn.conv2d` there reads (the same conv, told twice)."""
    ops = [op for op in scope.walk() if isinstance(op, PrepareConvWeightsOp | Conv2dOp)]
    read_by_a_conv = {op.weight.owner for op in ops if isinstance(op, Conv2dOp)}
    return [op for op in ops if op not in read_by_a_conv]


def no_conv_message(path: str, scope: Operation) -> TTNNError:
    """Why `scope` gives no conv to check: a transposed conv, tt-mlir's conv not imported,
    or none at all."""
    for op in scope.walk():
        if isinstance(op, TRANSPOSED_OPS):
            return TTNNError(
                f"'{op.name}': transposed-conv weights are not checked by {TOOL} (it checks "
                "the weight of a ttnn.conv2d or ttnn.prepare_conv_weights op)",
                op=op,
            )
        if is_tt_mlir_conv(op) or is_tt_mlir_prepare_op(op):
            return TTNNError(
                f"'{foreign_op_name(op) or op.name}' is tt-mlir's op; import it first (ttnn-opt "
                f"{path} -p {IMPORT_TT_MLIR_CONV2D_PIPELINE} -o IMPORTED.mlir) and check the "
                "imported file",
                op=op,
            )
    where = f" @{scope.sym_name.data}" if isinstance(scope, func.FuncOp) else ""
    return TTNNError(
        f"{path}{where}: no conv to check: expected a ttnn.conv2d or ttnn.prepare_conv_weights "
        "op (the conv's parameters)"
    )


ConvChoice = int | str
"""`--conv`'s value: a conv's index in the scope (0-based, in printed order) or its result's
name (without the `%`)."""


def conv_choice(text: str) -> ConvChoice:
    """--conv's value: N (0-based) or %NAME."""
    if text.isdigit():
        return int(text)
    if text.startswith("%") and len(text) > 1:
        return text[1:]
    raise argparse.ArgumentTypeError(
        f"expected a conv's index N (0-based) or its result's %NAME, got {text!r}"
    )


def conv_listing(convs: list[CheckedOp], shown: list[CheckedOp] | None = None) -> str:
    """The convs `shown` (default all of `convs`) as a message lists them to choose from: each
    one's index in `convs`, result name, function and `FILE:LINE:COL`; the first eight, then
    how many there are."""
    listed = convs if shown is None else shown
    entries = []
    for op in listed[:8]:
        name = op.results[0].name_hint
        function = function_name(op)
        location = format_location(op.location)
        parts = (
            str(convs.index(op)),
            f"%{name}" if name else "",
            f"in @{function}" if function else "",
            f"at {location}" if location else "",
        )
        entries.append(" ".join(part for part in parts if part))
    text = ", ".join(entries)
    return f"{text}, … ({len(listed)} convs)" if len(listed) > 8 else text


def scope_description(scope: Operation) -> str:
    """The scope the convs were looked for in, as a message names it."""
    return f"@{scope.sym_name.data}" if isinstance(scope, func.FuncOp) else "the file"


def chosen_conv(
    path: str, scope: Operation, convs: list[CheckedOp], choice: ConvChoice | None
) -> CheckedOp:
    """The conv to check of the `convs` of `scope`: the one `choice` (--conv) names, or the
    only one. Several and none chosen, or a choice naming none or several, is a user error
    listing the convs with their indices, names and locations."""
    count = f"{len(convs)} conv{'s' if len(convs) > 1 else ''}"
    if choice is None:
        if len(convs) == 1:
            return convs[0]
        how = "--conv N (0-based, in printed order) or --conv %NAME"
        if not isinstance(scope, func.FuncOp):
            how += " (or --entry FUNCTION)"
        raise TTNNError(
            f"{count} in {scope_description(scope)} (ttnn.conv2d or ttnn.prepare_conv_weights "
            f"ops); {TOOL} checks "
            f"one: choose it with {how}: {conv_listing(convs)}",
            op=convs[0],
        )
    if isinstance(choice, int):
        if choice < len(convs):
            return convs[choice]
        raise TTNNError(
            f"{path}: --conv {choice}: {scope_description(scope)} holds {count}: "
            f"{conv_listing(convs)}"
        )
    named = [op for op in convs if op.results[0].name_hint == choice]
    if len(named) == 1:
        return named[0]
    if named:
        raise TTNNError(
            f"{path}: --conv %{choice} names {len(named)} convs in {scope_description(scope)}; "
            f"choose one by its index (--conv N) or function (--entry FUNCTION): "
            f"{conv_listing(convs, named)}"
        )
    raise TTNNError(
        f"{path}: --conv %{choice}: no conv in {scope_description(scope)} has that result "
        f"name; its {count}: {conv_listing(convs)}"
    )


def conv_op(path: str, entry: str | None, choice: ConvChoice | None = None) -> CheckedOp:
    """The file's conv (parsed and verified): its one `ttnn.conv2d` or
    `ttnn.prepare_conv_weights` op, in function `entry` when given, the one `choice` (--conv)
    names when there are several."""
    module = parse_module(make_context(), read_source(path), path)
    verify_module(module)
    scope = chosen_scope(path, module, entry)
    convs = convs_in(scope)
    if not convs:
        raise no_conv_message(path, scope)
    return chosen_conv(path, scope, convs, choice)


def non_negative_seed(text: str) -> int:
    """--seed's value: NumPy's generators take only non-negative seeds."""
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if seed < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}")
    return seed


def output_tile(text: str) -> tuple[int, int]:
    """--tile's value: two non-negative integers R,J."""
    parts = text.split(",")
    if len(parts) == 2 and all(part.strip().isdigit() for part in parts):
        return int(parts[0]), int(parts[1])
    raise argparse.ArgumentTypeError(f"expected two non-negative integers R,J, got {text!r}")


def read_prepared(path: str, max_bytes: int) -> DeviceTensor | np.ndarray:
    """The prepared weight: a .tensorbin, or a .npy of its physical matrix as floats
    ([rows, columns] or [1, 1, rows, columns], as TT-NN's prepared weight is) of at most
    `max_bytes`."""
    if path.endswith(".tensorbin"):
        return DeviceTensor.load_tensorbin(path)
    matrix = read_npy(path, max_bytes)
    is_matrix = matrix.ndim in (2, 4) and all(size == 1 for size in matrix.shape[:-2])
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


def prepared_of_type(
    path: str, prepared: DeviceTensor | np.ndarray, expected: TensorInfo
) -> DeviceTensor:
    """The prepared weight, refused (a user error, naming the file, what it holds and what
    the conv reads) unless it has the type of the conv's prepared weight: a `.tensorbin` that
    dtype, layout, logical and physical shape (`type_differences`, as `ttnn-run --input` says
    it); a `.npy` the physical matrix, which becomes a tensor of the conv's prepared dtype:
    its values rounded to that dtype as `ttnn-run --input` rounds an input (a float64 .npy of
    a bfloat16 weight would otherwise be read unrounded and judged WRONG for digits bfloat16
    cannot hold), and for a conv whose prepared dtype is not the plan's (conv2d's bfloat8_b
    weight planned as bfloat16) the dtype the check rounds the reference to."""
    if isinstance(prepared, DeviceTensor):
        differences = type_differences(prepared, expected)
        if differences:
            raise TTNNError(
                f"{path}: the prepared weight does not match the conv's: " + "; ".join(differences)
            )
        return prepared
    physical = expected.physical_shape
    if tuple(prepared.shape[-2:]) != tuple(physical[-2:]):
        hint = ""
        if tuple(prepared.shape[-2:]) == tuple(expected.shape[-2:]):
            hint = (
                f" ({format_shape(prepared.shape)} is its logical shape, what ttnn.to_torch "
                "gives: a .npy holds the whole physical matrix; give the .tensorbin "
                "ttnn.dump_tensor writes instead)"
            )
        raise TTNNError(
            f"{path}: the prepared weight does not match the conv's: physical shape is "
            f"{format_shape(prepared.shape)}, expected {format_shape(physical)} (or "
            f"{format_shape(physical[-2:])}){hint}"
        )
    try:
        return DeviceTensor.from_numpy(prepared.reshape(physical), expected.dtype, Layout.TILE)
    except TensorTypeError as error:  # NaN or ±inf into bfloat8_b
        raise TTNNError(f"{path}: {error.message}") from None


def rounding_note(path: str, given: np.ndarray, rounded: DeviceTensor) -> str | None:
    """The line saying that the .npy's values were rounded to the prepared dtype, with the
    first one rounding changed (shortest exact digits); None when none changed."""
    values = rounded.physical_to_numpy().astype(np.float64).reshape(given.shape[-2:])
    given = given.astype(np.float64).reshape(values.shape)
    changed = np.argwhere((values != given) & ~(np.isnan(values) & np.isnan(given)))
    if not changed.size:
        return None
    row, column = (int(index) for index in changed[0])
    return (
        f"note: {path} holds values {rounded.dtype.value} cannot hold, rounded to it as "
        f"ttnn-run --input rounds an input (row {row} column {column}: "
        f"{float(given[row, column])!r} -> {float(values[row, column])!r})"
    )


def check_size(conv: ConvToCheck, max_bytes: int) -> None:
    """Refuse, before anything is read or computed, a check holding an array larger than
    `max_bytes` or needing more memory than the machine has available
    (`check_memory_estimate`): a large conv would otherwise run for minutes and end out of
    memory."""
    rows, columns = conv.prepared_type.physical_shape[-2:]
    needed = check_memory_estimate(conv.plan, (rows, columns))
    for name, shape in needed.arrays:
        size = 8 * math.prod(shape)
        if size > max_bytes:
            raise TTNNError(
                f"checking this conv holds its {name} {format_shape(shape)} as float64 values, "
                f"{format_bytes(size)}: more than the limit of {format_bytes(max_bytes)} "
                "(--max-bytes)"
            )
    available = available_memory()
    if available is not None and needed.peak > available:
        arrays = ", ".join(f"{name} {format_shape(shape)}" for name, shape in needed.arrays)
        raise TTNNError(
            f"checking this conv needs about {format_bytes(needed.peak)} (float64 {arrays}), "
            f"more than the {format_bytes(available)} of memory available"
        )


def check(arguments: argparse.Namespace) -> None:
    op = conv_op(arguments.conv, arguments.entry, arguments.conv_choice)
    conv = conv_to_check(op)
    parameters = conv.parameters
    # The tile's feed first: a tile outside the output is a user error before any verdict.
    feed_text = None
    if arguments.tile is not None:
        feed = output_tile_feed(conv.plan, conv.prepared_type.physical_shape, *arguments.tile)
        feed_text = output_tile_text(feed, function_name(op) or "conv")
    check_size(conv, arguments.max_bytes)
    given = read_prepared(arguments.prepared, arguments.max_bytes)
    prepared = prepared_of_type(arguments.prepared, given, conv.prepared_type)
    original = read_npy(arguments.original, arguments.max_bytes)
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
        plan=conv.plan,
        seed=arguments.seed,
    )
    if isinstance(given, np.ndarray):
        note = rounding_note(arguments.prepared, given, prepared)
        if note is not None:
            print(note)
    print(result.verdict)
    if feed_text is not None:
        print(feed_text)
    if not result.ok:
        sys.exit(WRONG_STATUS)


def main(args: Sequence[str] | None = None) -> None:
    """Entry point of the `ttnn-check-weight` console script."""
    quiet_garbage_collector()
    argv = list(sys.argv[1:] if args is None else args)
    parser = build_argument_parser()
    with ascii_streams("--ascii" in argv):
        report_errors(TOOL, lambda: check(parser.parse_args(argv)), argv)


if __name__ == "__main__":
    main()

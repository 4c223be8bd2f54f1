"""Bulk execution of loop nests (`runtime/interpreter/bulk.py`) against op-by-op execution.

Both paths run the same lowered IR; they must leave identical bytes in every buffer. Checked
on every example (examples/*.mlir, ResNet-50 included) and on randomly generated loop nests —
random depths, bounds, lower bounds and steps, affine index maps (negative coefficients
included), tile loads, typecasts, stores, tilize and untilize windows cut by the memref's
edge, subview windows moved by linalg copy / transpose / broadcast / fill — including nests
the bulk path must refuse (a non-affine index, a write that reaches an element twice, a
write into the buffer it reads), which run op by op with the same result. An interpreter
listener shows which path ran. Out-of-bounds indices are found before anything is written and
reported as one-line RunErrors.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import scf
from xdsl.interpreter import Interpreter
from xdsl.ir import Operation

from ttnn_xdsl.core.errors import RunError, TTNNWarning
from ttnn_xdsl.dialect import make_context
from ttnn_xdsl.dialect.tile import is_bulk_nest
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime.interpreter import make_interpreter
from ttnn_xdsl.runtime.interpreter.scf import STRICT_BULK_VARIABLE, strict_bulk_from_environment
from ttnn_xdsl.runtime.interpreter.tile import accumulate_into
from ttnn_xdsl.tensor_formats import formats

ROOT = Path(__file__).resolve().parents[1]
TTNN_RUN = str(Path(sys.executable).parent / "ttnn-run")

TILE_ELEMENT = {"f32": "f32", "bf16": "bf16", "bfp8_b": "!ttnn.bfp8_b"}


class OpCounter(Interpreter.Listener):
    """Counts the ops the interpreter runs, by name."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def will_interpret_op(self, op: Operation, args: tuple[object, ...]) -> None:
        self.counts[op.name] += 1


def interpret(
    module: object,
    entry: str,
    arguments: list[np.ndarray],
    bulk: bool,
    fallbacks: list[str] | None = None,
) -> tuple[list[np.ndarray], Counter[str]]:
    """Run `entry` on copies of `arguments`; the results, the arguments afterwards (the IR
    may write them) and the op counts. In bulk it runs twice, on fresh copies: the second run
    replays the nests the first recorded (`bulk._Plan`), and both must give the same bytes;
    the second's are returned. Strict (a marked nest that falls back is an error) unless
    `fallbacks` is given: then the fallback warnings are appended to it."""
    interpreter = make_interpreter(module, bulk, strict=fallbacks is None)  # type: ignore[arg-type]
    outcomes: list[list[np.ndarray]] = []
    for _ in range(2 if bulk else 1):
        buffers = [argument.copy() for argument in arguments]
        counter = OpCounter()
        interpreter.listeners = (counter,)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", TTNNWarning)
            results = interpreter.call_op(entry, tuple(buffers))
        if fallbacks is not None:
            fallbacks += [str(warning.message) for warning in caught]
        outcomes.append([np.asarray(r) for r in results] + buffers)
    assert_same_bytes(outcomes[0], outcomes[-1])
    return outcomes[-1], counter.counts


def assert_same_bytes(bulk: list[np.ndarray], op_by_op: list[np.ndarray]) -> None:
    assert len(bulk) == len(op_by_op)
    for position, (a, b) in enumerate(zip(bulk, op_by_op, strict=True)):
        assert a.dtype == b.dtype and a.shape == b.shape, position
        assert np.ascontiguousarray(a).tobytes() == np.ascontiguousarray(b).tobytes(), position


# ---------------------------------------------------------------------------------------------
# The examples
# ---------------------------------------------------------------------------------------------

EXAMPLES = [
    ("assign_bw.mlir", "main"),
    ("assign_bw.mlir", "unary"),
    ("prepare_conv_weights.mlir", None),
    ("resnet50_conv_weights.mlir", None),
    ("decoder_upsampling.mlir", "unet_up_conv"),
    ("decoder_upsampling.mlir", "depthwise_up"),
]


@pytest.mark.parametrize(("example", "entry"), EXAMPLES)
def test_examples_give_the_same_bytes_in_bulk(example: str, entry: str | None) -> None:
    path = ROOT / "examples" / example
    program = Program.load(path.read_text(), entry=entry, filename=str(path))
    arguments = [tensor.data for tensor in program.prepare_inputs(random_seed=11)]
    bulk, bulk_counts = interpret(program.module, program.entry, arguments, True)
    op_by_op, counts = interpret(program.module, program.entry, arguments, False)
    assert_same_bytes(bulk, op_by_op)
    # Op by op, every tile op runs once per tile; in bulk, none runs on its own: every nest
    # of the examples is recognised.
    assert sum(n for name, n in counts.items() if name.startswith("tile.")) > 0
    assert not [name for name in bulk_counts if name.startswith("tile.")]
    # The results through the Python API are the same DeviceTensors both ways.
    for a, b in zip(
        program.run(random_seed=11), program.run(random_seed=11, bulk=False), strict=True
    ):
        assert a == b


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each nest the interpreter reached ran its recorded moves (`bulk._Plan`)."""
    from ttnn_xdsl.runtime.interpreter import bulk

    outcomes: list[bool] = []
    replay = bulk._Plan.replay  # pyright: ignore[reportPrivateUsage]

    def recording(plan: Any, interpreter: Interpreter, bounds: Any) -> bool:
        outcomes.append(replay(plan, interpreter, bounds))
        return outcomes[-1]

    monkeypatch.setattr(bulk._Plan, "replay", recording)  # pyright: ignore[reportPrivateUsage]
    return outcomes


@pytest.mark.parametrize(("example", "entry"), EXAMPLES)
def test_a_nest_run_again_on_other_buffers_gives_their_bytes(
    example: str, entry: str | None, replays: list[bool]
) -> None:
    # The second run of each nest, on other inputs and fresh results of the same layout,
    # runs the moves recorded at the first (no evaluation): the bytes of op-by-op execution.
    path = ROOT / "examples" / example
    program = Program.load(path.read_text(), entry=entry, filename=str(path))
    program.run(random_seed=11)
    replays.clear()
    second = program.run(random_seed=12)
    assert replays and all(replays)
    for a, b in zip(second, program.run(random_seed=12, bulk=False), strict=True):
        assert a == b


COPY_TILES = """
func.func @copy(%a: memref<2x3x!tile.tile<32x32, f32>>, %b: memref<2x3x!tile.tile<32x32, f32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %t = tile.load %a[%i, %j] : memref<2x3x!tile.tile<32x32, f32>>
      tile.store %t, %b[%i, %j] : memref<2x3x!tile.tile<32x32, f32>>
    }
  } {tile.bulk}
  func.return
}
"""


def test_a_recorded_nest_is_evaluated_again_for_buffers_that_alias_otherwise(
    replays: list[bool],
) -> None:
    # Recorded on two buffers, run on one buffer passed twice (and the other way round): the
    # buffers share memory in one layout and not in the other, so the nest is evaluated
    # again (and, on one buffer, its write overlaps its read: op by op, the same bytes).
    ctx = make_context()
    module = parse_module(ctx, COPY_TILES, "copy.mlir")
    verify_module(module)
    rng = np.random.default_rng(3)
    interpreter = make_interpreter(module, strict=False)
    expected_replays = ([False, True, True], [False, True, False, False])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", TTNNWarning)
        for calls, expected in zip(
            (("two", "one", "two", "two"), ("one", "two", "one", "one")),
            expected_replays,
            strict=True,
        ):
            replays.clear()
            for call in calls:
                a = rng.standard_normal((2, 3, 32, 32)).astype(np.float32)
                if call == "two":
                    b = np.zeros_like(a)
                    interpreter.call_op("copy", (a, b))
                    assert b.tobytes() == a.tobytes()
                else:
                    before = a.copy()
                    interpreter.call_op("copy", (a, a))
                    assert a.tobytes() == before.tobytes()
            # The nest is recorded on two buffers (the first call of all) and replayed for
            # two buffers only; on one buffer it is evaluated again, and its overlap runs it
            # op by op.
            assert replays == expected
    # The fallback on one buffer is reported once, for the nest, at its outermost loop.
    assert [str(warning.message) for warning in caught] == [
        "copy.mlir:7:3: warning: loop nest runs op by op "
        "(a write that may overlap a read or another write)"
    ]


def test_a_marked_nest_that_falls_back_is_an_error_when_strict() -> None:
    # The suite runs strict (conftest.py): the interpreter's default then raises.
    module = parse_module(make_context(), COPY_TILES, "copy.mlir")
    a = np.ones((2, 3, 32, 32), np.float32)
    with pytest.raises(RunError) as error:
        make_interpreter(module).call_op("copy", (a, a))  # type: ignore[arg-type]
    assert str(error.value) == (
        "copy.mlir:7:3: error: loop nest runs op by op "
        "(a write that may overlap a read or another write)"
    )
    assert (a == 1).all()


def test_an_unmarked_nest_runs_op_by_op_without_a_word() -> None:
    # Only the lowering's marker asks for bulk execution: the same nest without it runs op by
    # op, one tile.load per tile, and nothing is reported.
    module = parse(COPY_TILES.replace(" {tile.bulk}", ""))
    a = np.random.default_rng(4).standard_normal((2, 3, 32, 32)).astype(np.float32)
    fallbacks: list[str] = []
    (_, b), counts = interpret(module, "copy", [a, np.zeros_like(a)], True, fallbacks)
    assert b.tobytes() == a.tobytes()
    assert counts["tile.load"] == 6 and fallbacks == []


def test_ttnn_run_warns_once_per_nest_that_falls_back(tmp_path: Path) -> None:
    path = tmp_path / "fold.mlir"
    path.write_text(FOLD_BY_REMAINDERS)
    out = tmp_path / "out"
    environment = {**os.environ, STRICT_BULK_VARIABLE: "0"}
    result = subprocess.run(
        [TTNN_RUN, str(path), "-p", "", "--random-inputs", "0", "--raw-output", str(out)],
        capture_output=True,
        text=True,
        env=environment,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == (
        f"{path}:12:3: warning: loop nest runs op by op ('arith.remsi' in a loop nest)\n"
    )
    # The result (named after the value returned) is what op-by-op execution writes.
    op_by_op = str(tmp_path / "o")
    subprocess.run(
        [
            TTNN_RUN,
            str(path),
            "-p",
            "",
            "--random-inputs",
            "0",
            "--raw-output",
            op_by_op,
            "--no-bulk",
        ],
        check=True,
    )
    assert (out / "e.bin").read_bytes() == (tmp_path / "o" / "e.bin").read_bytes()
    # Strict (as the test suites run it), the same run is one error line and writes nothing.
    strict = subprocess.run(
        [TTNN_RUN, str(path), "-p", "", "--random-inputs", "0", "--raw-output", str(out / "x")],
        capture_output=True,
        text=True,
    )
    assert strict.returncode == 1
    assert strict.stderr == (
        f"{path}:12:3: error: loop nest runs op by op ('arith.remsi' in a loop nest)\n"
    )
    assert not (out / "x").exists()


def test_resnet50_raw_output_is_the_same_in_bulk(tmp_path: Path) -> None:
    example = str(ROOT / "examples" / "resnet50_conv_weights.mlir")
    for flags, folder in (([], "bulk"), (["--no-bulk"], "op-by-op")):
        raw = str(tmp_path / folder)
        subprocess.run(
            [TTNN_RUN, example, "--random-inputs", "7", "--raw-output", raw, *flags], check=True
        )
    # 53 weights and 53 biases, each under its name (conv1.prepared_weight.bin).
    files = sorted(p.name for p in (tmp_path / "bulk").iterdir())
    assert len([name for name in files if name.endswith(".prepared_weight.bin")]) == 53
    assert len(files) == 106
    for name in files:
        bulk_bytes = (tmp_path / "bulk" / name).read_bytes()
        assert bulk_bytes == (tmp_path / "op-by-op" / name).read_bytes(), name


# ---------------------------------------------------------------------------------------------
# Random loop nests
# ---------------------------------------------------------------------------------------------


@dataclass
class Loop:
    lower: int
    step: int
    count: int

    def values(self) -> tuple[int, int]:
        """Smallest and largest induction variable (count ≥ 1)."""
        return self.lower, self.lower + self.step * (self.count - 1)


@dataclass
class Nest:
    """A function with one loop nest, written as IR text, and its arguments."""

    rng: np.random.Generator
    loops: list[Loop]
    arguments: list[tuple[str, str, np.ndarray]] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    constants: dict[int, str] = field(default_factory=dict)
    names: int = 0
    expects_bulk: bool = True

    def fresh(self) -> str:
        self.names += 1
        return f"%v{self.names}"

    def constant(self, value: int) -> str:
        if value not in self.constants:
            self.constants[value] = f"%c{value}" if value >= 0 else f"%cm{-value}"
        return self.constants[value]

    def argument(self, type_text: str, array: np.ndarray) -> str:
        name = f"%a{len(self.arguments)}"
        self.arguments.append((name, type_text, array))
        return name

    def live(self) -> list[int]:
        """Loops with more than one iteration."""
        return [k for k, loop in enumerate(self.loops) if loop.count > 1]

    # -- index expressions ---------------------------------------------------------------------

    def expression(self, terms: list[tuple[int, int]], constant: int) -> str:
        """`constant + Σ coefficient · iv_k` as index arithmetic in the body."""
        value = self.constant(constant)
        for k, coefficient in terms:
            if coefficient == 0:
                continue
            product = f"%i{k}"
            if abs(coefficient) != 1:
                product = self.emit(f"arith.muli %i{k}, {self.constant(abs(coefficient))} : index")
            operation = "addi" if coefficient > 0 else "subi"
            value = self.emit(f"arith.{operation} {value}, {product} : index")
        return value

    def emit(self, text: str) -> str:
        name = self.fresh()
        self.body.append(f"{name} = {text}")
        return name

    def span(self, terms: list[tuple[int, int]]) -> tuple[int, int]:
        low = high = 0
        for k, coefficient in terms:
            first, last = (coefficient * v for v in self.loops[k].values())
            low, high = low + min(first, last), high + max(first, last)
        return low, high

    def read_index(self, extent_slack: int = 2) -> tuple[str, int]:
        """A random affine index that stays ≥ 0, and an extent that holds its range."""
        terms = [
            (k, int(self.rng.choice([-1, 0, 1, 1, 2, 3])))
            for k in range(len(self.loops))
            if self.rng.random() < 0.6
        ]
        low, high = self.span(terms)
        constant = -low + int(self.rng.integers(0, 3))
        return self.expression(terms, constant), high + constant + 1 + int(
            self.rng.integers(0, extent_slack + 1)
        )

    def write_indices(self, rank: int, unit: tuple[int, ...]) -> tuple[list[str], list[int]]:
        """`rank` indices that give every iteration its own element (or window of `unit`
        elements per dim), and the extents that hold them: the live loops are spread over
        the dims, several in one dim in mixed radix."""
        groups: list[list[int]] = [[] for _ in range(rank)]
        for k in self.live():
            groups[int(self.rng.integers(0, rank))].append(k)
        if self.rng.random() < 0.1 and self.live():
            # A write that ignores a loop reaches some element several times: op by op only.
            dropped = int(self.rng.choice(self.live()))
            groups = [[k for k in group if k != dropped] for group in groups]
            self.expects_bulk = False
        indices, extents = [], []
        for dim, group in enumerate(groups):
            terms, radix = [], unit[dim]
            for k in reversed(group):
                loop = self.loops[k]
                terms.append((k, radix))
                radix *= loop.step * (loop.count - 1) + 1
            low, high = self.span(terms)
            constant = -low + int(self.rng.integers(0, 2))
            indices.append(self.expression(terms, constant))
            extents.append(high + constant + unit[dim] + int(self.rng.integers(0, 2)))
        return indices, extents

    # -- data ----------------------------------------------------------------------------------

    def tiles(self, shape: list[int], dtype: str) -> tuple[str, str]:
        """A memref-of-tiles argument with random contents: its name and type."""
        values = self.rng.standard_normal((*shape, 32, 32)).astype(np.float32)
        data = formats.convert_tiles(values, formats.DataType.FLOAT32, formats.DataType(dtype))
        type_text = f"memref<{'x'.join(map(str, shape))}x!tile.tile<32x32, {TILE_ELEMENT[dtype]}>>"
        return self.argument(type_text, np.ascontiguousarray(data)), type_text

    def matrix(self, shape: list[int], dtype: str) -> tuple[str, str]:
        values = self.rng.standard_normal(shape).astype(np.float32)
        data = values if dtype == "f32" else formats.round_to_bfloat16(values)
        type_text = f"memref<{'x'.join(map(str, shape))}x{dtype}>"
        return self.argument(type_text, data), type_text

    # -- statements ----------------------------------------------------------------------------

    def move_tiles(self) -> None:
        """load → [typecast] → store between memrefs of tiles."""
        source_dtype, dest_dtype = (str(d) for d in self.rng.choice(list(TILE_ELEMENT), 2))
        rank = int(self.rng.integers(1, 4))
        indices, extents = zip(*(self.read_index() for _ in range(rank)), strict=True)
        source, source_type = self.tiles(list(extents), source_dtype)
        write_rank = int(self.rng.integers(1, 4))
        dest_indices, dest_extents = self.write_indices(write_rank, (1,) * write_rank)
        if self.rng.random() < 0.08 and source_dtype == dest_dtype:
            # Store into the buffer it loads from: op by op only.
            dest, dest_type = source, source_type
            dest_indices = list(indices)
            self.expects_bulk = False
        else:
            dest, dest_type = self.tiles(dest_extents, dest_dtype)
        value = self.emit(f"tile.load {source}[{', '.join(indices)}] : {source_type}")
        if source_dtype != dest_dtype:
            value = self.emit(
                f"tile.typecast {value} : !tile.tile<32x32, {TILE_ELEMENT[source_dtype]}> -> "
                f"!tile.tile<32x32, {TILE_ELEMENT[dest_dtype]}>"
            )
        self.body.append(f"tile.store {value}, {dest}[{', '.join(dest_indices)}] : {dest_type}")

    def tilize(self) -> None:
        """tilize windows of a row-major memref (cut by its edge) into tiles."""
        dtype = str(self.rng.choice(["f32", "bf16"]))
        row, rows = self.window_start()
        col, cols = self.window_start()
        source, source_type = self.matrix([rows, cols], dtype)
        target = str(self.rng.choice(["f32", "bf16", "bfp8_b"]))
        dest_indices, dest_extents = self.write_indices(2, (1, 1))
        dest, dest_type = self.tiles(dest_extents, target)
        value = self.emit(
            f"tile.tilize {source}[{row}, {col}] : {source_type} -> "
            f"!tile.tile<32x32, {TILE_ELEMENT[dtype]}>"
        )
        if target != dtype:
            value = self.emit(
                f"tile.typecast {value} : !tile.tile<32x32, {TILE_ELEMENT[dtype]}> -> "
                f"!tile.tile<32x32, {TILE_ELEMENT[target]}>"
            )
        self.body.append(f"tile.store {value}, {dest}[{', '.join(dest_indices)}] : {dest_type}")

    def window_start(self) -> tuple[str, int]:
        """A window start 32·iv_k + c for one loop (or a constant), and an extent that cuts
        the last windows (or leaves some beyond the edge)."""
        live = self.live()
        k = int(self.rng.choice(live)) if live and self.rng.random() < 0.8 else None
        terms = [(k, 32)] if k is not None else []
        low, high = self.span(terms)
        constant = -low + int(self.rng.integers(0, 5))
        extent = max(1, high + constant + int(self.rng.integers(-40, 40)))
        return self.expression(terms, constant), extent

    def untilize(self) -> None:
        """load tiles and untilize them into windows of a row-major memref, cut by its edge."""
        dtype = str(self.rng.choice(["f32", "bf16"]))
        indices, extents = zip(*(self.read_index() for _ in range(2)), strict=True)
        source, source_type = self.tiles(list(extents), dtype)
        (row, col), (rows, cols) = self.write_indices(2, (32, 32))
        if len(self.live()) <= 1 or self.rng.random() < 0.3:
            # Cut the last windows (bulk handles an edge crossed by windows along one loop;
            # with several loops in one dim it runs op by op).
            several = len(self.live()) > 1
            rows, cols = max(1, rows - int(self.rng.integers(0, 40))), max(1, cols - 5)
            self.expects_bulk = self.expects_bulk and not several
        dest, dest_type = self.matrix([rows, cols], dtype)
        value = self.emit(f"tile.load {source}[{', '.join(indices)}] : {source_type}")
        self.body.append(
            f"tile.untilize {value}, {dest}[{row}, {col}] : "
            f"!tile.tile<32x32, {TILE_ELEMENT[dtype]}>, {dest_type}"
        )

    def window_move(self) -> None:
        """subview windows of row-major memrefs moved by linalg copy / transpose /
        broadcast / fill."""
        kind = str(self.rng.choice(["copy", "transpose", "broadcast", "fill"]))
        dtype = str(self.rng.choice(["f32", "bf16"]))
        height, width = (int(x) for x in self.rng.integers(1, 5, 2))
        (row, col), (rows, cols) = self.write_indices(2, (height, width))
        dest, _ = self.matrix([rows, cols], dtype)
        dest_window = self.subview(dest, [rows, cols], [row, col], [height, width], dtype)
        window_type = self.window_type([height, width], [cols, 1], dtype)
        if kind == "fill":
            value = self.emit(f"arith.constant 1.500000e+00 : {dtype}")
            self.body.append(
                f"linalg.fill ins({value} : {dtype}) outs({dest_window} : {window_type})"
            )
            return
        source_shape = {
            "copy": [height, width],
            "transpose": [width, height],
            "broadcast": [1, width],
        }[kind]
        offsets, extents = zip(*(self.read_index() for _ in range(2)), strict=True)
        extents = [extents[0] + source_shape[0], extents[1] + source_shape[1]]
        source, _ = self.matrix(extents, dtype)
        if kind == "broadcast":
            # A rank-reducing subview: one row of the source.
            source_type = f"memref<{width}x{dtype}, strided<[1], offset: ?>>"
            source_window = self.emit(
                f"memref.subview {source}[{offsets[0]}, {offsets[1]}] [1, {width}] [1, 1] : "
                f"memref<{extents[0]}x{extents[1]}x{dtype}> to {source_type}"
            )
        else:
            source_window = self.subview(source, extents, list(offsets), source_shape, dtype)
            source_type = self.window_type(source_shape, [extents[1], 1], dtype)
        operation = {
            "copy": "linalg.copy",
            "transpose": "linalg.transpose",
            "broadcast": "linalg.broadcast",
        }[kind]
        suffix = {
            "copy": "",
            "transpose": " permutation = [1, 0]",
            "broadcast": " dimensions = [0]",
        }[kind]
        self.body.append(
            f"{operation} ins({source_window} : {source_type}) outs({dest_window} : {window_type})"
            + suffix
        )

    def subview(
        self, memref: str, shape: list[int], offsets: list[str], sizes: list[int], dtype: str
    ) -> str:
        return self.emit(
            f"memref.subview {memref}[{offsets[0]}, {offsets[1]}] [{sizes[0]}, {sizes[1]}] [1, 1] "
            f": memref<{shape[0]}x{shape[1]}x{dtype}> to "
            f"{self.window_type(sizes, [shape[1], 1], dtype)}"
        )

    @staticmethod
    def window_type(sizes: list[int], strides: list[int], dtype: str) -> str:
        return (
            f"memref<{sizes[0]}x{sizes[1]}x{dtype}, "
            f"strided<[{strides[0]}, {strides[1]}], offset: ?>>"
        )

    def non_affine(self) -> None:
        """An index through arith.remsi of an induction variable: op by op only."""
        k = int(self.rng.integers(0, len(self.loops)))
        index = self.emit(f"arith.remsi %i{k}, {self.constant(2)} : index")
        source, source_type = self.tiles([2], "f32")
        dest_indices, dest_extents = self.write_indices(1, (1,))
        dest, dest_type = self.tiles(dest_extents, "bf16")
        value = self.emit(f"tile.load {source}[{index}] : {source_type}")
        value = self.emit(
            f"tile.typecast {value} : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>"
        )
        self.body.append(f"tile.store {value}, {dest}[{dest_indices[0]}] : {dest_type}")
        self.expects_bulk = False

    # -- the function ----------------------------------------------------------------------

    def text(self) -> str:
        signature = ", ".join(f"{name}: {type_text}" for name, type_text, _ in self.arguments)
        lines = [f"func.func @main({signature}) {{"]
        bounds = {v for loop in self.loops for v in (loop.lower, loop.step)}
        bounds |= {loop.lower + loop.step * loop.count for loop in self.loops}
        for value in sorted(set(self.constants) | bounds):
            lines.append(f"  {self.constant(value)} = arith.constant {value} : index")
        for k, loop in enumerate(self.loops):
            upper = self.constant(loop.lower + loop.step * loop.count)
            lines.append(
                "  " * (k + 1) + f"scf.for %i{k} = {self.constant(loop.lower)} to {upper} "
                f"step {self.constant(loop.step)} {{"
            )
        indent = "  " * (len(self.loops) + 1)
        lines += [indent + line for line in self.body]
        for k in reversed(range(len(self.loops))):
            lines.append("  " * (k + 1) + ("} {tile.bulk}" if k == 0 else "}"))
        lines += ["  func.return", "}"]
        return "\n".join(lines)


def random_nest(seed: int) -> Nest:
    rng = np.random.default_rng(seed)
    loops = [
        Loop(int(rng.integers(0, 3)), int(rng.choice([1, 1, 2])), int(rng.choice([1, 2, 3, 4])))
        for _ in range(int(rng.integers(1, 4)))
    ]
    nest = Nest(rng, loops)
    statements = [nest.move_tiles, nest.tilize, nest.untilize, nest.window_move]
    for _ in range(int(rng.integers(1, 4))):
        statements[int(rng.integers(0, len(statements)))]()
    if rng.random() < 0.1:
        nest.non_affine()
    return nest


def parse(text: str) -> object:
    module = parse_module(make_context(), text, "nest.mlir")
    verify_module(module)
    return module


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_nests_give_the_same_bytes(seed: int) -> None:
    nest = random_nest(seed)
    module = parse(nest.text())
    arguments = [array for _, _, array in nest.arguments]
    # A nest expected to run in bulk runs strict (a fallback is an error); the others report
    # their fallback, once.
    fallbacks: list[str] | None = None if nest.expects_bulk else []
    bulk, bulk_counts = interpret(module, "main", arguments, True, fallbacks)
    op_by_op, counts = interpret(module, "main", arguments, False)
    assert_same_bytes(bulk, op_by_op)
    moved = sum(n for name, n in counts.items() if name.startswith(("tile.", "linalg.")))
    bulk_moved = sum(n for name, n in bulk_counts.items() if name.startswith(("tile.", "linalg.")))
    if nest.expects_bulk:
        assert bulk_moved == 0, nest.text()
    else:
        assert fallbacks is not None and len(fallbacks) <= 1
        assert all(": warning: loop nest runs op by op (" in line for line in fallbacks)
        assert bulk_moved in (0, moved) and (bulk_moved == moved) == bool(fallbacks)
    assert moved > 0 or not np.prod([loop.count for loop in nest.loops])


def test_random_nests_cover_every_kind_of_statement_and_both_paths() -> None:
    seen: Counter[str] = Counter()
    for seed in range(300):
        nest = random_nest(seed)
        text = nest.text()
        for marker in (
            "tile.typecast",
            "tile.tilize",
            "tile.untilize",
            "linalg.copy",
            "linalg.transpose",
            "linalg.broadcast",
            "linalg.fill",
            "arith.subi",
            "arith.remsi",
        ):
            seen[marker] += marker in text
        seen["op by op"] += not nest.expects_bulk
        seen["bulk"] += nest.expects_bulk
    assert min(seen.values()) >= 10, seen


FOLD_BY_REMAINDERS = """
func.func @main(%w: memref<8x4x3x3xf32>) -> memref<8x16x2x2xf32> {
  %e = memref.alloc() : memref<8x16x2x2xf32>
  %zero = arith.constant 0.000000e+00 : f32
  linalg.fill ins(%zero : f32) outs(%e : memref<8x16x2x2xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %kh = %c0 to %c3 step %c1 {
    scf.for %kw = %c0 to %c3 step %c1 {
      %src = memref.subview %w[0, 0, %kh, %kw] [8, 4, 1, 1] [1, 1, 1, 1]
          : memref<8x4x3x3xf32> to memref<8x4xf32, strided<[36, 9], offset: ?>>
      %ph = arith.remsi %kh, %c2 : index
      %pw = arith.remsi %kw, %c2 : index
      %a = arith.muli %ph, %c8 : index
      %b = arith.muli %pw, %c4 : index
      %channel = arith.addi %a, %b : index
      %fh = arith.divsi %kh, %c2 : index
      %fw = arith.divsi %kw, %c2 : index
      %dst = memref.subview %e[0, %channel, %fh, %fw] [8, 4, 1, 1] [1, 1, 1, 1]
          : memref<8x16x2x2xf32> to memref<8x4xf32, strided<[64, 4], offset: ?>>
      linalg.copy ins(%src : memref<8x4xf32, strided<[36, 9], offset: ?>>)
          outs(%dst : memref<8x4xf32, strided<[64, 4], offset: ?>>)
    }
  } {tile.bulk}
  func.return %e : memref<8x16x2x2xf32>
}
"""


def fold_formula(weight: np.ndarray) -> np.ndarray:
    """semantics.md §3.6.7 with stride 2 on a 3×3 kernel:
    out[o, ((kh % 2)·2 + kw % 2)·I + i, kh // 2, kw // 2] = w[o, i, kh, kw]."""
    expected = np.zeros((8, 16, 2, 2), np.float32)
    for kh in range(3):
        for kw in range(3):
            channel = ((kh % 2) * 2 + kw % 2) * 4
            expected[:, channel : channel + 4, kh // 2, kw // 2] = weight[:, :, kh, kw]
    return expected


def test_a_nest_with_a_non_affine_index_runs_op_by_op() -> None:
    # A fold written with kh % 2 and kh / 2 (not affine): the nest and its inner loop run op
    # by op, giving what the op-by-op interpreter gives.
    program = Program.load(FOLD_BY_REMAINDERS, passes="")
    arguments = [np.random.default_rng(5).standard_normal((8, 4, 3, 3)).astype(np.float32)]
    fallbacks: list[str] = []
    bulk, bulk_counts = interpret(program.module, program.entry, arguments, True, fallbacks)
    op_by_op, counts = interpret(program.module, program.entry, arguments, False)
    assert_same_bytes(bulk, op_by_op)
    assert bulk_counts["arith.remsi"] == counts["arith.remsi"] == 18  # ran op by op
    # Said once (the interpreter does not try a nest again that cannot run in bulk).
    assert fallbacks == [
        "<input>:12:3: warning: loop nest runs op by op ('arith.remsi' in a loop nest)"
    ]
    assert bulk[0].tobytes() == fold_formula(arguments[0]).tobytes()


def test_the_lowered_fold_runs_in_bulk() -> None:
    # The lowering pads the kernel to whole strides and indexes by (phase, folded tap): every
    # index affine, so the whole nest is one bulk run (no per-tap copy is interpreted).
    text = (
        "func.func @main(%w: tensor<8x4x3x3xf32>) -> tensor<8x16x2x2xf32> {\n"
        "  %f = ttnn.conv_weights_fold_kernel_stride %w stride = [2, 2]"
        " : tensor<8x4x3x3xf32> -> tensor<8x16x2x2xf32>\n"
        "  func.return %f : tensor<8x16x2x2xf32>\n"
        "}\n"
    )
    program = Program.load(text)
    assert "arith.remsi" not in {op.name for op in program.module.walk()}
    arguments = [tensor.data for tensor in program.prepare_inputs(random_seed=5)]
    bulk, bulk_counts = interpret(program.module, program.entry, arguments, True)
    op_by_op, counts = interpret(program.module, program.entry, arguments, False)
    assert_same_bytes(bulk, op_by_op)
    assert counts["linalg.copy"] == 1 + 16  # the padding copy, then one per (phase, tap)
    assert bulk_counts["linalg.copy"] == 1  # only the padding copy runs as an op
    assert bulk[0].tobytes() == fold_formula(arguments[0]).tobytes()


# ---------------------------------------------------------------------------------------------
# Out-of-bounds indices
# ---------------------------------------------------------------------------------------------

OUT_OF_BOUNDS = {
    # tile.load of tile i + 1 of 4 tiles, for i up to 3.
    "load": (
        "%t = tile.load %a[%j] : memref<4x!tile.tile<32x32, f32>>\n"
        "tile.store %t, %b[%i] : memref<4x!tile.tile<32x32, f32>>",
        "tile.load out of bounds: index 4 in a dim of 4 (nest.mlir:{line}:5)",
    ),
    # a store below 0.
    "store": (
        "%t = tile.load %a[%i] : memref<4x!tile.tile<32x32, f32>>\n"
        "tile.store %t, %b[%k] : memref<4x!tile.tile<32x32, f32>>",
        "tile.store out of bounds: index -1 in a dim of 4 (nest.mlir:{line}:5)",
    ),
    # a subview window reaching past the edge.
    "subview": (
        "%w = memref.subview %m[%j, 0] [2, 8] [1, 1] : memref<5x8xf32> to "
        "memref<2x8xf32, strided<[8, 1], offset: ?>>\n"
        "linalg.fill ins(%zero : f32) outs(%w : memref<2x8xf32, strided<[8, 1], offset: ?>>)",
        "memref.subview out of bounds: offset 4, size 2, stride 1 in a dim of 5 "
        "(nest.mlir:{line}:5)",
    ),
    # a tilize window starting before the memref.
    "tilize": (
        "%r = arith.muli %k, %c32 : index\n"
        "%t = tile.tilize %m[%r, %c0] : memref<5x8xf32> -> !tile.tile<32x32, f32>\n"
        "tile.store %t, %b[%i] : memref<4x!tile.tile<32x32, f32>>",
        "tile.tilize out of bounds: window start -32 is negative (nest.mlir:{line}:5)",
    ),
}


@pytest.mark.parametrize("case", sorted(OUT_OF_BOUNDS))
def test_out_of_bounds_indices_fail_before_any_write(case: str) -> None:
    body, message = OUT_OF_BOUNDS[case]
    text = (
        "func.func @main(%a: memref<4x!tile.tile<32x32, f32>>, "
        "%b: memref<4x!tile.tile<32x32, f32>>, %m: memref<5x8xf32>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %c4 = arith.constant 4 : index\n"
        "  %c32 = arith.constant 32 : index\n"
        "  %zero = arith.constant 0.0 : f32\n"
        "  scf.for %i = %c0 to %c4 step %c1 {\n"
        "    %j = arith.addi %i, %c1 : index\n"
        "    %k = arith.subi %i, %c1 : index\n"
        + "".join(f"    {line}\n" for line in body.splitlines())
        + "  } {tile.bulk}\n  func.return\n}\n"
    )
    # The failing op is the first line of the body that the message names.
    failing = {"load": 0, "store": 1, "subview": 0, "tilize": 1}[case]
    line = 10 + failing
    module = parse(text)
    a = np.arange(4 * 1024, dtype=np.float32).reshape(4, 32, 32)
    b = np.full((4, 32, 32), 7, np.float32)
    m = np.ones((5, 8), np.float32)
    with pytest.raises(RunError) as error:
        make_interpreter(module).call_op("main", (a, b, m))  # type: ignore[arg-type]
    assert str(error.value) == message.format(line=line)
    # Nothing was written before the check.
    assert (b == 7).all() and (m == 1).all()


def test_out_of_bounds_is_one_line_from_ttnn_run(tmp_path: Path) -> None:
    path = tmp_path / "nest.mlir"
    path.write_text(
        "func.func @main(%a: memref<1x4x!tile.tile<32x32, f32>>) -> "
        "memref<1x4x!tile.tile<32x32, bf16>> {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %c4 = arith.constant 4 : index\n"
        "  %b = memref.alloc() : memref<1x4x!tile.tile<32x32, bf16>>\n"
        "  scf.for %i = %c0 to %c4 step %c1 {\n"
        "    %j = arith.addi %i, %c1 : index\n"
        "    %t = tile.load %a[%c0, %j] : memref<1x4x!tile.tile<32x32, f32>>\n"
        "    %u = tile.typecast %t : !tile.tile<32x32, f32> -> !tile.tile<32x32, bf16>\n"
        "    tile.store %u, %b[%c0, %i] : memref<1x4x!tile.tile<32x32, bf16>>\n"
        "  } {tile.bulk}\n"
        "  func.return %b : memref<1x4x!tile.tile<32x32, bf16>>\n"
        "}\n"
    )
    out = tmp_path / "out"
    result = subprocess.run(
        [TTNN_RUN, str(path), "-p", "", "--random-inputs", "0", "--raw-output", str(out)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert result.stderr == (
        f"ttnn-run: error: tile.load out of bounds: index 4 in a dim of 4 ({path}:8:5)\n"
    )
    assert not out.exists()


def test_a_nan_into_bfloat8_b_fails_the_same_in_bulk() -> None:
    text = (
        "func.func @main(%a: memref<3x!tile.tile<32x32, f32>>, "
        "%b: memref<3x!tile.tile<32x32, !ttnn.bfp8_b>>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %c3 = arith.constant 3 : index\n"
        "  scf.for %i = %c0 to %c3 step %c1 {\n"
        "    %t = tile.load %a[%i] : memref<3x!tile.tile<32x32, f32>>\n"
        "    %u = tile.typecast %t : !tile.tile<32x32, f32> -> !tile.tile<32x32, !ttnn.bfp8_b>\n"
        "    tile.store %u, %b[%i] : memref<3x!tile.tile<32x32, !ttnn.bfp8_b>>\n"
        "  } {tile.bulk}\n  func.return\n}\n"
    )
    module = parse(text)
    a = np.ones((3, 32, 32), np.float32)
    a[2, 5, 5] = np.nan
    messages = []
    for bulk in (True, False):
        with pytest.raises(RunError) as error:
            make_interpreter(module, bulk).call_op(  # type: ignore[arg-type]
                "main", (a.copy(), np.zeros((3, 1088), np.uint8))
            )
        messages.append(str(error.value))
    assert (
        messages[0]
        == messages[1]
        == (
            "f32 -> bfp8_b typecast at nest.mlir:7:5: bfloat8_b cannot encode non-finite values "
            "(NaN or Inf found)"
        )
    )


# ---------------------------------------------------------------------------------------------
# A new buffer that a loop nest writes whole is not zeroed first
# ---------------------------------------------------------------------------------------------

TILES = "memref<3x1x2x!tile.tile<32x32, f32>>"
NEST = """func.func @main(%a: {tiles}) -> {tiles} {{
  %b = memref.alloc() : {tiles}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = {lower} to %c3 step %c1 {{
    scf.for %j = %c0 to {upper} step %c1 {{
      %t = tile.load {source}[%i, %c0, %j] : {tiles}
      tile.store %t, %b[{indices}] : {tiles}
    }}
  }} {{tile.bulk}}
  func.return %b : {tiles}
}}
"""


def expected_tiles(a: np.ndarray, change: str) -> np.ndarray:
    """What the nest leaves in the new buffer, written tile by tile (unwritten tiles zero)."""
    b = np.zeros_like(a)
    rows, cols = (
        range(1, 3) if change == "lower" else range(3),
        range(1 if change == "upper" else 2),
    )
    for i in rows:
        for j in cols:
            tile = b[i, 0, j] if change == "source" else a[i, 0, j]
            b[(i, 0, 0) if change == "indices" else (i, 0, j)] = tile
    return b


@pytest.mark.parametrize(
    ("change", "whole"),
    [
        ("", True),
        ("upper", False),  # the second tile of each row is never written
        ("lower", False),  # the first row is never written
        ("indices", False),  # the same tile written twice
        ("source", False),  # reads the new buffer
    ],
)
def test_only_a_nest_that_writes_every_tile_skips_zeroing(change: str, whole: bool) -> None:
    from xdsl.dialects import memref

    from ttnn_xdsl.runtime.interpreter.memref import written_whole_next

    fields = {"lower": "%c0", "upper": "%c2", "indices": "%i, %c0, %j", "source": "%a"}
    changed = {"lower": "%c1", "upper": "%c1", "indices": "%i, %c0, %c0", "source": "%b"}
    if change:
        fields[change] = changed[change]
    module = parse(NEST.format(tiles=TILES, **fields))
    (alloc,) = [op for op in module.walk() if isinstance(op, memref.AllocOp)]
    assert written_whole_next(alloc) is whole
    a = np.arange(1, 6 * 1024 + 1, dtype=np.float32).reshape(3, 1, 2, 32, 32)
    for bulk in (True, False):
        (result, _), _ = interpret(module, "main", [a], bulk, fallbacks=[])
        assert np.array_equal(result, expected_tiles(a, change)), (change, bulk)


# ---------------------------------------------------------------------------------------------
# Inputs the IR never writes are not copied
# ---------------------------------------------------------------------------------------------


def test_only_written_or_returned_arguments_are_copied() -> None:
    from ttnn_xdsl.runtime.read_only import read_only_arguments

    text = (ROOT / "examples" / "assign_bw.mlir").read_text()
    program = Program.load(text, entry="unary")
    # %grad and %input are only read (tile.load, or not used); %buffer is written (the
    # preallocated output).
    assert read_only_arguments(program.module, "unary") == [True, True, False]
    inputs = program.prepare_inputs(random_seed=3)
    before = [tensor.to_bytes() for tensor in inputs]
    (result,) = program.run(inputs)
    # The caller's tensors are unchanged, and the result is not the caller's buffer.
    assert [tensor.to_bytes() for tensor in inputs] == before
    assert not np.shares_memory(result.data, inputs[2].data)
    resnet = Program.load((ROOT / "examples" / "resnet50_conv_weights.mlir").read_text())
    # Every weight and bias is only read (through the calls into each conv's function).
    assert all(read_only_arguments(resnet.module, resnet.entry))


def lit_runs() -> list[tuple[Path, str | None]]:
    """The lit inputs `ttnn-run` runs successfully (a `RUN: ttnn-run %s` line without `not`),
    each with the passes of its first such line (None: ttnn-run's default)."""
    runs: dict[Path, str | None] = {}
    for path in sorted((ROOT / "tests" / "filecheck").rglob("*.mlir")):
        for line in path.read_text().splitlines():
            found = re.search(r"RUN: ttnn-run %s(.*)", line)
            if found is None or path in runs:
                continue
            passes = re.search(r"-p (''|\S+)", found.group(1))
            runs[path] = None if passes is None else passes.group(1).strip("'")
    return sorted(runs.items())


# The corpus holds files whose result types import-tt-mlir replaces on purpose (syntax.mlir, a
# real tt-mlir output): their warnings are asserted in test_tt_mlir.py, not here (a fallback
# is an error in this strict suite, not a warning, so the filter cannot hide one).
@pytest.mark.filterwarnings("ignore::ttnn_xdsl.core.errors.TTNNWarning")
def test_every_nest_the_lowering_emits_runs_in_bulk() -> None:
    """No loop nest the lowering marks to run in bulk falls back to op-by-op execution
    (10–100× slower) in any example, tt-mlir corpus file or lit input ttnn-run runs: the
    suite runs strict (conftest.py), so a fallback is a RunError here, not a silent slowdown."""
    assert strict_bulk_from_environment()
    corpus = ROOT / "tests" / "filecheck" / "tt-mlir"
    sources = [(path, None) for path in sorted((ROOT / "examples").glob("*.mlir"))]
    sources += [(path, "import-tt-mlir,ttnn-lower") for path in sorted(corpus.glob("*.mlir"))]
    sources += [run for run in lit_runs() if run not in sources]
    ran = nests = 0
    unrunnable: list[str] = []
    for path, passes in sources:
        if "split-input-file" in path.read_text():
            continue  # a lit file of several modules (device-grid, errors)
        try:
            programs = Program.load_all(path.read_text(), passes=passes, filename=str(path))
        except RunError:
            unrunnable.append(path.name)
            continue
        # The lowering marks every nest it emits, at its outermost loop only.
        loops = [op for op in programs[0].module.walk() if isinstance(op, scf.ForOp)]
        outermost = [loop for loop in loops if not isinstance(loop.parent_op(), scf.ForOp)]
        assert [is_bulk_nest(loop) for loop in loops] == [loop in outermost for loop in loops]
        nests += len(outermost)
        for program in programs:
            program.run(random_seed=0)
            ran += 1
    assert len(sources) >= 35 and ran >= 100 and nests >= 190, (len(sources), ran, nests)
    # Nothing to run: its functions hold tt-mlir's conv (tt-mlir's EmitC test), batch-norm
    # folding (ResNet-50), a load_cached of a function the file only declares (syntax).
    assert unrunnable == [
        "real_emitc_prepare_inline_deallocate.mlir",
        "real_resnet50_stem_bn_fold.mlir",
        "syntax.mlir",
    ]


def test_the_marker_survives_printing_and_parsing(tmp_path: Path) -> None:
    # `ttnn-opt -p ttnn-lower` writes `} {tile.bulk}`; ttnn-run reads the lowered file back
    # (`-p ''`) and runs its nests in bulk, strict (a fallback would fail the run): the same
    # bytes as running the tensor-level example.
    example = ROOT / "examples" / "prepare_conv_weights.mlir"
    lowered = tmp_path / "lowered.mlir"
    ttnn_opt = str(Path(TTNN_RUN).parent / "ttnn-opt")
    subprocess.run([ttnn_opt, str(example), "-p", "ttnn-lower", "-o", str(lowered)], check=True)
    assert lowered.read_text().count("} {tile.bulk}") == 5
    for source, passes, folder in ((example, [], "direct"), (lowered, ["-p", ""], "reparsed")):
        raw = str(tmp_path / folder)
        subprocess.run(
            [TTNN_RUN, str(source), *passes, "--random-inputs", "3", "--raw-output", raw],
            check=True,
        )
    names = sorted(path.name for path in (tmp_path / "direct").iterdir())
    assert names == ["prepared_bias.bin", "prepared_weight.bin"]
    for name in names:
        assert (tmp_path / "direct" / name).read_bytes() == (
            tmp_path / "reparsed" / name
        ).read_bytes()


RETURNED = """
func.func @main(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  func.return %x : tensor<2x3xbf16>
}
"""


def test_a_bfloat16_row_major_input_is_taken_without_a_copy_unless_the_ir_may_write_it() -> None:
    """A C-contiguous bf16 array for a bf16 ROW_MAJOR argument is already its data: the run
    reads it in place when the IR only reads it, copies it when the IR returns (or writes)
    it, and converts an array holding a NaN the conversion rewrites (0x7FC1 -> 0x7FC0)."""
    values = np.arange(6, dtype=np.float32).reshape(2, 3).astype(ml_dtypes.bfloat16)
    before = values.copy()
    returned = Program.load(RETURNED)
    (taken,) = returned.prepare_inputs([values])
    assert np.shares_memory(taken.data, values)
    (result,) = returned.run([values])
    assert not np.shares_memory(result.data, values)
    assert result.data.tobytes() == before.tobytes()
    assert values.tobytes() == before.tobytes()
    nan = values.copy()
    nan.view(np.uint16)[0, 0] = 0x7FC1
    (converted,) = returned.prepare_inputs([nan])
    assert not np.shares_memory(converted.data, nan)
    assert int(converted.data.view(np.uint16)[0, 0]) == 0x7FC0
    strided = np.zeros((2, 6), ml_dtypes.bfloat16)[:, ::2]
    (copied,) = returned.prepare_inputs([strided])
    assert not np.shares_memory(copied.data, strided)


MATMUL_ON_ARGUMENTS = """
func.func @main(%a: memref<1x1x!tile.tile<32x32, bf16>>, %b: memref<1x1x!tile.tile<32x32, bf16>>,
                %acc: memref<1x1x!tile.tile<32x32, f32>>, %same: memref<1x1x!tile.tile<32x32, f32>>,
                %flat: memref<1x4x8x32xbf16>) {
  tile.matmul %a, %b, %acc : memref<1x1x!tile.tile<32x32, bf16>>,
      memref<1x1x!tile.tile<32x32, bf16>>, memref<1x1x!tile.tile<32x32, f32>>
  tile.add %same, %same : memref<1x1x!tile.tile<32x32, f32>>, memref<1x1x!tile.tile<32x32, f32>>
  %rows = memref.collapse_shape %flat [[0, 1, 2], [3]]
      : memref<1x4x8x32xbf16> into memref<32x32xbf16>
  %c0 = arith.constant 0 : index
  %t = tile.tilize %rows[%c0, %c0] : memref<32x32xbf16> -> !tile.tile<32x32, bf16>
  func.return
}
"""


def test_tile_ops_read_their_sources_and_write_their_last_operand() -> None:
    """`tile.matmul` / `tile.add` (and `tile.add_row`, `tile.multiply`) write only their last
    operand: a buffer passed as a source is only read, unless it is also the destination; a
    collapse_shape only read leaves its source read-only. The conv's own arguments (host
    weight and bias, the activation) are all only read."""
    from ttnn_xdsl.runtime.read_only import read_only_arguments

    program = Program.load(MATMUL_ON_ARGUMENTS)
    assert read_only_arguments(program.module, "main") == [True, True, False, False, True]
    conv = Program.load((ROOT / "examples" / "conv2d.mlir").read_text())
    assert read_only_arguments(conv.executed or conv.module, "main") == [True, True, True]


CLEARED_MATMUL = """
func.func @main(%a: memref<2x1x!tile.tile<32x32, bf16>>, %b: memref<1x1x!tile.tile<32x32, bf16>>,
                %acc: memref<2x1x!tile.tile<32x32, bf16>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %row = memref.subview %a[%i, 0] [1, 1] [1, 1]
        : memref<2x1x!tile.tile<32x32, bf16>>
        to memref<1x1x!tile.tile<32x32, bf16>, strided<[1, 1], offset: ?>>
    %out = memref.subview %acc[%i, 0] [1, 1] [1, 1]
        : memref<2x1x!tile.tile<32x32, bf16>>
        to memref<1x1x!tile.tile<32x32, bf16>, strided<[1, 1], offset: ?>>
    tile.matmul %row, %b, %out {cleared}
        : memref<1x1x!tile.tile<32x32, bf16>, strided<[1, 1], offset: ?>>,
          memref<1x1x!tile.tile<32x32, bf16>>,
          memref<1x1x!tile.tile<32x32, bf16>, strided<[1, 1], offset: ?>>
  } {tile.bulk}
  func.return
}
"""


def test_a_cleared_matmul_does_not_read_its_accumulator() -> None:
    """`tile.matmul {cleared}` (a conv's first K block into a cleared DEST): the accumulator's
    old values are not read — acc = +0.0 + a·b rounded to bf16, a −0.0 product made +0.0 —
    in bulk and op by op alike."""
    rng = np.random.default_rng(5)
    a = rng.standard_normal((2, 1, 32, 32)).astype(ml_dtypes.bfloat16)
    a[0, 0, 0, :] = 0  # row 0 of tile 0: products of zeros, some −0.0 (b negative)
    b = rng.standard_normal((1, 1, 32, 32)).astype(ml_dtypes.bfloat16)
    a[0, 0, 0, 0] = -0.0
    stale = np.full((2, 1, 32, 32), 7.0, ml_dtypes.bfloat16)
    product = np.concatenate([a[i, 0].astype(np.float64) @ b[0, 0] for i in range(2)])
    results = {}
    for bulk in (True, False):
        (_, _, result), _ = interpret(parse(CLEARED_MATMUL), "main", [a, b, stale], bulk)
        values = result.astype(np.float64).reshape(64, 32)
        # Sums of 32 bf16 products in float32, then bf16: within one bf16 rounding.
        assert (np.abs(values - product) <= np.abs(product) * 2.0**-8 + 1e-30).all()
        assert result.reshape(64, 32)[0].view(np.uint16).tolist() == [0] * 32, "never -0.0"
        results[bulk] = result.tobytes()
    assert results[True] == results[False]


ROW_MAJOR_MATMUL = """
func.func @main(%a: memref<96x64xbf16>, %b: memref<2x3x!tile.tile<32x32, bf16>>,
                %acc: memref<3x3x!tile.tile<32x32, bf16>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %first = arith.muli %i, %c32 : index
    %rows = memref.subview %a[%first, 0] [32, 64] [1, 1]
        : memref<96x64xbf16> to memref<32x64xbf16, strided<[64, 1], offset: ?>>
    %out = memref.subview %acc[%i, 0] [1, 3] [1, 1]
        : memref<3x3x!tile.tile<32x32, bf16>>
        to memref<1x3x!tile.tile<32x32, bf16>, strided<[3, 1], offset: ?>>
    tile.matmul %rows, %b, %out
        : memref<32x64xbf16, strided<[64, 1], offset: ?>>,
          memref<2x3x!tile.tile<32x32, bf16>>,
          memref<1x3x!tile.tile<32x32, bf16>, strided<[3, 1], offset: ?>>
  } {tile.bulk}
  func.return
}
"""

TILES_MATMUL = """
func.func @main(%a: memref<3x2x!tile.tile<32x32, bf16>>, %b: memref<2x3x!tile.tile<32x32, bf16>>,
                %acc: memref<3x3x!tile.tile<32x32, bf16>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %row = memref.subview %a[%i, 0] [1, 2] [1, 1]
        : memref<3x2x!tile.tile<32x32, bf16>>
        to memref<1x2x!tile.tile<32x32, bf16>, strided<[2, 1], offset: ?>>
    %out = memref.subview %acc[%i, 0] [1, 3] [1, 1]
        : memref<3x3x!tile.tile<32x32, bf16>>
        to memref<1x3x!tile.tile<32x32, bf16>, strided<[3, 1], offset: ?>>
    tile.matmul %row, %b, %out
        : memref<1x2x!tile.tile<32x32, bf16>, strided<[2, 1], offset: ?>>,
          memref<2x3x!tile.tile<32x32, bf16>>,
          memref<1x3x!tile.tile<32x32, bf16>, strided<[3, 1], offset: ?>>
  } {tile.bulk}
  func.return
}
"""


def test_a_row_major_left_operand_is_read_as_its_tiles() -> None:
    """`tile.matmul` reading 32 rows of a row-major bf16 matrix per tile row gives the bytes
    of the same matmuls on that matrix's tiles (formats.tilize), in bulk and op by op, into
    a bf16 DEST holding values: each tile bf16(old + the float32 sum of 64 exact products)."""
    rng = np.random.default_rng(11)
    matrix = rng.standard_normal((96, 64)).astype(ml_dtypes.bfloat16)
    weight = rng.standard_normal((2, 3, 32, 32)).astype(ml_dtypes.bfloat16)
    start = rng.standard_normal((3, 3, 32, 32)).astype(ml_dtypes.bfloat16)
    weight_matrix = formats.untilize(weight.astype(np.float64))
    products = np.abs(matrix.astype(np.float64)) @ np.abs(weight_matrix)
    expected = (
        formats.untilize(start.astype(np.float64)) + matrix.astype(np.float64) @ weight_matrix
    )
    outcomes = []
    for source, left in ((ROW_MAJOR_MATMUL, matrix), (TILES_MATMUL, formats.tilize(matrix))):
        for bulk in (True, False):
            (_, _, accumulator), counts = interpret(
                parse(source), "main", [left, weight, start], bulk
            )
            got = formats.untilize(accumulator.astype(np.float64))
            # 64 float32 roundings of the sum at most, then one bf16 rounding.
            bound = np.abs(expected) * 2.0**-8 + 64 * 2.0**-24 * products
            assert (np.abs(got - expected) <= bound).all()
            assert counts["tile.matmul"] == (0 if bulk else 3)
            outcomes.append(accumulator.tobytes())
    assert len(set(outcomes)) == 1


@pytest.mark.parametrize("writable", [False, True])
def test_a_cleared_accumulation_adds_to_positive_zero(writable: bool) -> None:
    """`accumulate_into(..., cleared=True)` into bf16 ignores the old values and stores
    bf16(+0.0 + addend): a −0.0 addend becomes +0.0, other values round to nearest even —
    with its own scratch, or using the (writable) addend as the scratch."""
    accumulator = np.full((2, 1, 32, 32), 7.0, ml_dtypes.bfloat16)
    addend = np.zeros((2, 1, 32, 32), np.float32)
    addend[0, 0, 0, :4] = [-0.0, 1.0 + 2.0**-8, 1.0 + 3 * 2.0**-8, -2.5]
    addend[1] = -0.0
    accumulate_into(accumulator, addend, cleared=True, addend_writable=writable)
    bits = accumulator.view(np.uint16)
    assert bits[0, 0, 0, :4].tolist() == [0x0000, 0x3F80, 0x3F82, 0xC020]
    assert not bits[1].any()  # +0.0 everywhere, never 0x8000

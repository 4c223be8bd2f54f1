"""`ttnn_xdsl.program`: loading a module (parse, verify, lower, find the entry), the signature
it reports, converting inputs by name or position, and running."""

# ruff: noqa: E501 - IR lines are long; they stay as the printer writes them.
from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from reference_formats import bf16_round, device_bytes

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import RunError, TTNNError
from ttnn_xdsl.program import Program, run
from ttnn_xdsl.runtime import DeviceTensor
from ttnn_xdsl.runtime.inputs import _short_switch_interval, standard_normal

ROOT = Path(__file__).resolve().parents[1]
T = "#ttnn.tensor_layout<tile>"
TWO_FUNCTIONS = f"""
func.func @main(%grad: tensor<1x1x40x50xbf16, {T}>, %a: tensor<1x1x40x50xbf16, {T}>) -> tensor<1x1x40x50x!ttnn.bfp8_b, {T}> {{
  %0 = ttnn.typecast %grad : tensor<1x1x40x50xbf16, {T}> -> tensor<1x1x40x50x!ttnn.bfp8_b, {T}>
  func.return %0 : tensor<1x1x40x50x!ttnn.bfp8_b, {T}>
}}
func.func @widen(%x: tensor<32x32xbf16, {T}>) -> tensor<32x32xf32, {T}> {{
  %0 = ttnn.typecast %x : tensor<32x32xbf16, {T}> -> tensor<32x32xf32, {T}>
  func.return %0 : tensor<32x32xf32, {T}>
}}
"""


def test_load_lowers_and_reports_the_signature() -> None:
    program = Program.load(TWO_FUNCTIONS)
    assert program.entry == "main"
    assert [(s.name, s.position, s.label) for s in program.arguments] == [
        ("grad", 0, "%grad"),
        ("a", 1, "%a"),
    ]
    (result,) = program.results
    assert (result.name, result.position, result.label) == (None, 0, "#0")
    assert result.tensor.shape == (1, 1, 40, 50)
    assert result.tensor.physical_shape == (1, 1, 64, 64)
    assert result.tensor.dtype == DataType.BFLOAT8_B
    assert "ttnn.typecast" not in str(program.module)


def test_entry_selection() -> None:
    assert Program.load(TWO_FUNCTIONS, entry="widen").entry == "widen"
    only = TWO_FUNCTIONS[TWO_FUNCTIONS.index("func.func @widen") :]
    assert Program.load(only).entry == "widen"
    with pytest.raises(RunError) as error:
        Program.load(TWO_FUNCTIONS, entry="nope")
    assert str(error.value) == ("no function @nope to run (functions: @main, @widen)")
    for empty in ("", "@"):  # names no function: not the default (`--entry ''` once ran @main)
        with pytest.raises(RunError) as error:
            Program.load(only, entry=empty)
        assert str(error.value) == "no function @ to run (functions: @widen)"
    with pytest.raises(RunError, match=r"^the module has no function to run$"):
        Program.load("builtin.module {}")


def test_run_by_name_position_and_percent_name() -> None:
    grad = np.random.default_rng(0).standard_normal((1, 1, 40, 50)).astype(np.float32)
    other = np.zeros((1, 1, 40, 50), np.float32)
    padded = np.zeros((1, 1, 64, 64), np.float32)
    padded[..., :40, :50] = bf16_round(grad)
    expected = device_bytes(padded, "bfp8_b")
    for inputs in ({"grad": grad, "a": other}, {"%grad": grad, 1: other}, [grad, other]):
        (result,) = run(TWO_FUNCTIONS, inputs)
        assert result.to_bytes() == expected
        assert (result.logical_shape, result.physical_shape) == ((1, 1, 40, 50), (1, 1, 64, 64))


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        (
            {"grad": np.zeros((1, 1, 40, 50))},
            "missing input for argument %a of @main (expected shape [1, 1, 40, 50])",
        ),
        (
            {"grad": np.zeros((1, 1, 40, 50)), "%grad": np.zeros((1, 1, 40, 50))},
            "argument %grad is given twice",
        ),
        ({"b": np.zeros((1, 1, 40, 50))}, "@main has no argument %b (arguments: %grad, %a)"),
        (
            {5: np.zeros((1, 1, 40, 50))},
            "input position 5 is out of range: @main has 2 argument(s) (%grad, %a)",
        ),
        (
            {"grad": np.zeros((1, 1, 40, 49)), "a": np.zeros((1, 1, 40, 50))},
            "input for %grad has shape [1, 1, 40, 49], expected [1, 1, 40, 50]",
        ),
        (
            {"grad": np.array([["x"]]), "a": np.zeros((1, 1, 40, 50))},
            "input for %grad has dtype <U1; expected floating-point values (float16, float32, float64 or bfloat16; convert others with .astype(np.float32))",
        ),
    ],
)
def test_input_errors(inputs: dict, message: str) -> None:
    program = Program.load(TWO_FUNCTIONS)
    with pytest.raises(RunError) as error:
        program.run(inputs)
    assert str(error.value) == message
    assert isinstance(error.value, TTNNError)


NUMBERED_ARGUMENT = TWO_FUNCTIONS.replace("%a:", "%152:", 1)
"""@main's second argument written with a number, as tt-mlir writes some (`%152`): MLIR
numbers such a value, and xDSL keeps no name for it."""


@pytest.mark.parametrize(
    ("key", "message"),
    [
        (
            "%152",
            "@main has no argument %152 (arguments: %grad, #1); an argument written %N has no "
            "name: give its position",
        ),
        ("152", "input position 152 is out of range: @main has 2 argument(s) (%grad, #1)"),
        ("b", "@main has no argument %b (arguments: %grad, #1)"),
    ],
)
def test_a_numbered_argument_is_given_by_position(key: str, message: str) -> None:
    program = Program.load(NUMBERED_ARGUMENT)
    grad = np.zeros((1, 1, 40, 50), np.float32)
    with pytest.raises(RunError) as error:
        program.run({"grad": grad, key: grad})
    assert str(error.value) == message
    (result,) = program.run({"grad": grad, 1: grad})
    assert result.logical_shape == (1, 1, 40, 50)


def test_device_tensor_inputs_must_match_the_argument() -> None:
    program = Program.load(TWO_FUNCTIONS, entry="widen")
    good = DeviceTensor.from_numpy(np.ones((32, 32), np.float32), DataType.BFLOAT16)
    (result,) = program.run([good])
    np.testing.assert_array_equal(result.to_numpy(), np.ones((32, 32), np.float32))
    wrong = DeviceTensor.from_numpy(np.ones((32, 32), np.float32), DataType.FLOAT32)
    with pytest.raises(RunError) as error:
        program.run([wrong])
    assert str(error.value) == (
        "input for %x does not match the argument's type: dtype is f32, expected bf16"
    )


def test_random_inputs_are_seeded() -> None:
    program = Program.load(TWO_FUNCTIONS)
    first = program.run(random_seed=3)[0].to_bytes()
    assert program.run(random_seed=3)[0].to_bytes() == first
    assert program.run(random_seed=4)[0].to_bytes() != first


def test_bad_pipeline_is_one_line() -> None:
    with pytest.raises(TTNNError) as error:
        Program.load(TWO_FUNCTIONS, passes="lower-everything")
    assert str(error.value) == (
        "bad pass pipeline 'lower-everything': unknown pass 'lower-everything'"
    )


LOOPS = """
func.func @main(%a: memref<1x2x!tile.tile<32x32, f32>>, %m: memref<3x5xbf16>) -> (memref<1x2x!tile.tile<32x32, f32>>, memref<3x5xbf16>) {
  func.return %a, %m : memref<1x2x!tile.tile<32x32, f32>>, memref<3x5xbf16>
}
"""


def test_lowered_ir_without_tensor_attributes_runs_on_its_memref_types() -> None:
    program = Program.load(LOOPS)
    tiled, row_major = (slot.tensor for slot in program.arguments)
    # A memref of tiles stands for its whole tile grid: 1x2 tiles are a 32x64 tensor.
    assert (tiled.shape, tiled.physical_shape, tiled.layout) == ((32, 64), (32, 64), Layout.TILE)
    assert (row_major.shape, row_major.dtype, row_major.layout) == (
        (3, 5),
        DataType.BFLOAT16,
        Layout.ROW_MAJOR,
    )
    values = np.arange(15, dtype=np.float32).reshape(3, 5) / 7
    matrix = np.arange(32 * 64, dtype=np.float32).reshape(32, 64)
    out_tiled, out_row_major = program.run([matrix, values])
    np.testing.assert_array_equal(out_row_major.to_numpy(), bf16_round(values))
    np.testing.assert_array_equal(out_tiled.to_numpy(), matrix)


def test_load_and_run_leave_the_callers_module_untouched() -> None:
    from ttnn_xdsl.dialect.context import make_context
    from ttnn_xdsl.frontend import parse_module

    module = parse_module(make_context(), TWO_FUNCTIONS, "two.mlir")
    before = str(module)
    Program.load(module)
    run(module, random_seed=0)
    assert str(module) == before
    assert "ttnn.typecast" in str(module)


def test_with_entry_reuses_the_lowered_module() -> None:
    program = Program.load(TWO_FUNCTIONS)
    assert program.functions == ["main", "widen"]
    widen = program.with_entry("widen")
    assert widen.module is program.module
    assert (widen.entry, [s.name for s in widen.arguments]) == ("widen", ["x"])
    (result,) = widen.run([np.full((32, 32), 1.5, np.float32)])
    np.testing.assert_array_equal(result.to_numpy(), np.full((32, 32), 1.5, np.float32))
    with pytest.raises(RunError, match="no function @nope to run"):
        program.with_entry("nope")


@pytest.fixture
def draws_by_thread(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The thread each argument's random values are drawn on, in order."""
    from ttnn_xdsl.runtime import execution, inputs

    threads: list[str] = []
    original = inputs.standard_normal

    def recording(
        rng: np.random.Generator,
        shape: tuple[int, ...],
        out: np.ndarray | None = None,
        chunk_values: int = 1 << 16,
    ) -> np.ndarray:
        threads.append(threading.current_thread().name)
        return original(rng, shape, out, chunk_values)

    monkeypatch.setattr(inputs, "standard_normal", recording)
    monkeypatch.setattr(execution, "standard_normal", recording)
    return threads


def test_the_draw_is_the_same_stream_in_chunks_of_any_size() -> None:
    # The background draw uses larger chunks than a run: the values are the same.
    whole = np.random.default_rng(5).standard_normal(300_001).astype(np.float32)
    for chunk_values in (7_777, 1 << 16, 1 << 20):
        drawn = standard_normal(np.random.default_rng(5), (300_001,), chunk_values=chunk_values)
        assert drawn.tobytes() == whole.tobytes()


def test_random_inputs_drawn_while_lowering_are_the_runs_own(draws_by_thread: list[str]) -> None:
    # Program.load(random_seed=S) draws on another thread what run(random_seed=S) draws:
    # the same values, taken by the first such run; a second run draws its own.
    program = Program.load(TWO_FUNCTIONS, random_seed=7)
    first = program.run(random_seed=7)
    assert draws_by_thread == ["ttnn-xdsl-draw"] * 2
    second = program.run(random_seed=7)
    assert draws_by_thread[2:] == ["MainThread"] * 2
    expected = Program.load(TWO_FUNCTIONS).run(random_seed=7)
    assert first[0].to_bytes() == second[0].to_bytes() == expected[0].to_bytes()


def test_random_inputs_drawn_while_lowering_skip_the_given_ones(
    draws_by_thread: list[str],
) -> None:
    grad = np.random.default_rng(1).standard_normal((1, 1, 40, 50)).astype(np.float32)
    program = Program.load(TWO_FUNCTIONS, random_seed=3, given=["%grad"])
    (result,) = program.run({"grad": grad}, random_seed=3)
    assert draws_by_thread == ["ttnn-xdsl-draw"]  # %a only
    (expected,) = Program.load(TWO_FUNCTIONS).run({"grad": grad}, random_seed=3)
    assert result.to_bytes() == expected.to_bytes()


def test_a_run_unlike_the_draw_draws_its_own(draws_by_thread: list[str]) -> None:
    # Another seed, or inputs the draw did not expect: drawn in the run, as without it.
    grad = np.zeros((1, 1, 40, 50), np.float32)
    for seed, given in ((4, {}), (3, {"grad": grad}), (3, {1: grad})):
        draws_by_thread.clear()
        program = Program.load(TWO_FUNCTIONS, random_seed=3)
        (result,) = program.run(given, random_seed=seed)
        assert draws_by_thread.count("MainThread") == 2 - len(given)
        (expected,) = Program.load(TWO_FUNCTIONS).run(given, random_seed=seed)
        assert result.to_bytes() == expected.to_bytes()


def test_nothing_is_drawn_for_inputs_a_run_refuses(draws_by_thread: list[str]) -> None:
    # An argument beyond max_bytes: no drawing starts, and the run refuses as it does
    # without it. An unknown input name or a negative seed the load refuses, as the run
    # would: nothing is drawn either.
    program = Program.load(TWO_FUNCTIONS, random_seed=0, max_bytes=1000)
    with pytest.raises(RunError, match=r"^argument %grad of @main .* more than the limit"):
        program.run(random_seed=0)
    with pytest.raises(RunError, match=r"^@main has no argument %nope"):
        Program.load(TWO_FUNCTIONS, random_seed=0, given=["nope"])
    with pytest.raises(RunError, match=r"^the random seed must be a non-negative integer"):
        Program.load(TWO_FUNCTIONS, random_seed=-1)
    assert draws_by_thread == []


def test_the_switch_interval_is_restored_after_overlapping_draws() -> None:
    # Each background draw shortens the interpreter's switch interval while it runs; the
    # interval of before comes back when the last of overlapping draws ends.
    before = sys.getswitchinterval()
    first = _short_switch_interval(1e-4)
    second = _short_switch_interval(1e-4)
    first.__enter__()
    second.__enter__()
    assert sys.getswitchinterval() == pytest.approx(1e-4)
    first.__exit__(None, None, None)  # the first to start ends first: still short
    assert sys.getswitchinterval() == pytest.approx(1e-4)
    second.__exit__(None, None, None)
    assert sys.getswitchinterval() == before
    Program.load(TWO_FUNCTIONS, random_seed=1).run(random_seed=1)
    assert sys.getswitchinterval() == before


def test_a_load_that_fails_stops_its_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    # The draw starts once the module is verified; a pipeline that then fails (or Ctrl-C)
    # stops it: no run will take the values.
    from ttnn_xdsl.runtime import inputs

    cancelled: list[bool] = []
    original = inputs.BackgroundDraw.cancel

    def recording(self: inputs.BackgroundDraw) -> None:
        original(self)
        cancelled.append(not self._thread.is_alive())

    monkeypatch.setattr(inputs.BackgroundDraw, "cancel", recording)
    with pytest.raises(TTNNError, match=r"^bad pass pipeline 'no-such-pass': unknown pass"):
        Program.load(TWO_FUNCTIONS, random_seed=0, passes="no-such-pass")
    assert cancelled == [True]
    assert not any(thread.name == "ttnn-xdsl-draw" for thread in threading.enumerate())


@pytest.mark.parametrize(
    ("call", "error_type", "message"),
    [
        (
            lambda program: program.run("abc"),
            TypeError,
            "Program.run expects a list of inputs or a dict of them by argument name or "
            "position, got str",
        ),
        (
            lambda program: program.run(None),
            TypeError,
            "Program.run expects a list of inputs or a dict of them by argument name or "
            "position, got NoneType",
        ),
        (
            # One array is not a list of inputs (its rows would be read as the inputs).
            lambda program: program.prepare_inputs(np.zeros((1, 1, 40, 50))),
            TypeError,
            "Program.prepare_inputs expects a list of inputs or a dict of them by argument "
            "name or position, got ndarray",
        ),
        (
            lambda program: Program.load(TWO_FUNCTIONS.encode()),
            TypeError,
            "Program.load expects IR text (a str) or a ModuleOp, got bytes (decode bytes "
            "first: data.decode())",
        ),
        (
            lambda program: Program.load_all(None),
            TypeError,
            "Program.load_all expects IR text (a str) or a ModuleOp, got NoneType",
        ),
        (
            lambda program: run(b"func.func @f() { func.return }", []),
            TypeError,
            "run expects IR text (a str) or a ModuleOp, got bytes (decode bytes first: "
            "data.decode())",
        ),
        (
            lambda program: program.layout_map(5),
            IndexError,
            "result 5 is out of range: @main has 1 result",
        ),
        (
            lambda program: program.layout_map(-2),
            IndexError,
            "result -2 is out of range: @main has 1 result",
        ),
        (
            lambda program: program.check_traceable(1),
            IndexError,
            "result 1 is out of range: @main has 1 result",
        ),
        (
            # Once a raw "'>' not supported between instances of 'int' and 'str'" at run
            # time: the tools' --max-bytes 8G spelling is theirs, Python passes an int.
            lambda program: Program.load(TWO_FUNCTIONS, max_bytes="1G"),
            TypeError,
            "Program.load expects max_bytes as an int (a number of bytes), got str",
        ),
        (
            lambda program: Program.load(TWO_FUNCTIONS, max_bytes=None),
            TypeError,
            "Program.load expects max_bytes as an int (a number of bytes), got NoneType",
        ),
        (
            lambda program: Program.load(TWO_FUNCTIONS, max_bytes=1.5),
            TypeError,
            "Program.load expects max_bytes as an int (a number of bytes), got float",
        ),
        (
            lambda program: Program.load_all(TWO_FUNCTIONS, max_bytes=True),
            TypeError,
            "Program.load_all expects max_bytes as an int (a number of bytes), got bool",
        ),
        (
            # Once accepted, and then every tensor refused.
            lambda program: Program.load(TWO_FUNCTIONS, max_bytes=0),
            ValueError,
            "Program.load expects max_bytes of at least 1 byte, got 0",
        ),
        (
            lambda program: run(TWO_FUNCTIONS, [], max_bytes=-1),
            ValueError,
            "run expects max_bytes of at least 1 byte, got -1",
        ),
        (
            # Once NumPy's own TypeError, naming neither the parameter nor the call.
            lambda program: program.prepare_inputs(random_seed=1.5),
            TypeError,
            "Program.prepare_inputs expects random_seed as an int or None, got float",
        ),
        (
            lambda program: program.run(random_seed="0"),
            TypeError,
            "Program.run expects random_seed as an int or None, got str",
        ),
        (
            lambda program: Program.load(TWO_FUNCTIONS, random_seed=1.5),
            TypeError,
            "Program.load expects random_seed as an int or None, got float",
        ),
        (
            lambda program: run(TWO_FUNCTIONS, [], random_seed=True),
            TypeError,
            "run expects random_seed as an int or None, got bool",
        ),
        (
            # Once "AttributeError: 'int' object has no attribute 'removeprefix'".
            lambda program: Program.load(TWO_FUNCTIONS, entry=3),
            TypeError,
            "Program.load expects entry as a function name (a str) or None, got int",
        ),
        (
            lambda program: program.with_entry(3),
            TypeError,
            "Program.with_entry expects entry as a function name (a str) or None, got int",
        ),
        (
            lambda program: run(TWO_FUNCTIONS, [], passes=3),
            TypeError,
            "run expects passes as a pass pipeline (a str) or None, got int",
        ),
        (
            lambda program: Program.load_all(TWO_FUNCTIONS, filename=None),
            TypeError,
            "Program.load_all expects filename as a str, got None",
        ),
        (
            # Once read as the names 'g', 'r', ... of its characters.
            lambda program: Program.load(TWO_FUNCTIONS, random_seed=0, given="grad"),
            TypeError,
            "Program.load expects given as a list of argument names (str) or positions "
            "(int), got str",
        ),
        (
            lambda program: Program.load(TWO_FUNCTIONS, given=[0.5]),
            TypeError,
            "Program.load expects given as a list of argument names (str) or positions "
            "(int), got 0.5 (float) among them",
        ),
        (
            # Once accepted by the load and refused by the run only.
            lambda program: Program.load(TWO_FUNCTIONS, random_seed=0, given=["nope"]),
            RunError,
            "@main has no argument %nope (arguments: %grad, %a)",
        ),
        (
            lambda program: Program.load(TWO_FUNCTIONS, random_seed=-3),
            RunError,
            "the random seed must be a non-negative integer, got -3",
        ),
        (
            # Once run in bulk: a non-empty string is true.
            lambda program: run(TWO_FUNCTIONS, random_seed=0, bulk="no"),
            TypeError,
            "run expects bulk as a bool (True or False), got str",
        ),
        (
            lambda program: program.run(random_seed=0, bulk=None),
            TypeError,
            "Program.run expects bulk as a bool (True or False), got NoneType",
        ),
        (
            # Once position 1 (True == 1).
            lambda program: program.run({True: np.zeros((1, 1, 40, 50))}, random_seed=0),
            TypeError,
            "Program.run expects inputs by argument name (a str) or position (an int) as "
            "keys, got bool",
        ),
        (
            lambda program: program.layout_map("0"),
            TypeError,
            "Program.layout_map expects a result position (an int), got str",
        ),
        (
            lambda program: program.layout_map(True),
            TypeError,
            "Program.layout_map expects a result position (an int), got bool",
        ),
    ],
)
def test_python_api_argument_errors_name_what_was_expected(
    call: Any, error_type: type[Exception], message: str
) -> None:
    program = Program.load(TWO_FUNCTIONS)
    with pytest.raises(error_type) as error:
        call(program)
    assert type(error.value) is error_type
    assert str(error.value) == message


def test_layout_map_counts_a_negative_position_from_the_end() -> None:
    program = Program.load((ROOT / "examples" / "prepare_conv_weights.mlir").read_text())
    assert len(program.results) == 2
    for position, same in ((-1, 1), (-2, 0), (np.int64(1), 1)):
        negative, positive = program.layout_map(position), program.layout_map(same)
        assert negative is not None and positive is not None
        assert (negative.kind, negative.source_shape) == (positive.kind, positive.source_shape)
        assert np.array_equal(negative.index, positive.index)
    weight, bias = program.layout_map(0), program.layout_map(1)
    assert weight is not None and bias is not None
    assert (weight.kind, bias.kind) == ("weight", "bias")

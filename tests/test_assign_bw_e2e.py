"""`ttnn.assign_bw` end to end: IR → `ttnn-lower` → the NumPy interpreter, through `ttnn-run`
(a subprocess: `--output` float32 values and `--raw-output` device bytes) and the Python API
`ttnn_xdsl.runtime.run`.

semantics.md §2: every produced gradient is `grad` cast to the dtype of its destination (the
preallocated `input_grad` / `other_grad`, else `input_a` / `input_b`). The expected values and
bytes are computed here from the inputs with `reference_formats` (semantics.md §1 written
independently, importing nothing from `ttnn_xdsl`): `grad` as its own dtype holds it (bf16
rounding or bfloat8_b quantisation of the zero-padded tiles), then cast to the destination
dtype; bytes are tiles in face order, 2048 B a bf16 tile and 1088 B a bfloat8_b tile.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from reference_formats import (
    bf16_round,
    bfp8_pack,
    bfp8_unpack,
    device_bytes,
    device_values,
    face_offset,
    face_order,
    from_face_order,
    tiles,
    untiles,
)

from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.program import run
from ttnn_xdsl.tools import ttnn_run

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "assign_bw.mlir"
BIN = Path(sys.executable).parent
TTNN_RUN = str(BIN / "ttnn-run")
TTNN_OPT = str(BIN / "ttnn-opt")

ELEMENT = {"bf16": "bf16", "bfp8_b": "!ttnn.bfp8_b"}
BYTES_PER_TILE = {"bf16": 2048, "bfp8_b": 1088}


def tensor_type(shape: tuple[int, ...], dtype: str) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{ELEMENT[dtype]}, #ttnn.tensor_layout<tile>>"


def physical_shape(shape: tuple[int, ...]) -> tuple[int, ...]:
    *leading, rows, cols = shape
    return (*leading, -(-rows // 32) * 32, -(-cols // 32) * 32)


def padded(values: np.ndarray) -> np.ndarray:
    """`values` zero-padded in its last two dims to whole tiles (semantics.md §1.1)."""
    out = np.zeros(physical_shape(values.shape), np.float32)
    out[..., : values.shape[-2], : values.shape[-1]] = values
    return out


def tile_count(shape: tuple[int, ...]) -> int:
    return int(np.prod(physical_shape(shape))) // (32 * 32)


def random_values(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """Normal values spread over 2^-6 … 2^6 (so bfloat8_b blocks mix exponents), some zeros."""
    rng = np.random.default_rng(seed)
    values = rng.standard_normal(shape) * np.exp2(rng.integers(-6, 7, shape))
    values[rng.random(shape) < 0.1] = 0.0
    return values.astype(np.float32)


def same_bits(actual: np.ndarray, expected: np.ndarray) -> bool:
    actual = np.asarray(actual, np.float32)
    expected = np.asarray(expected, np.float32)
    return actual.shape == expected.shape and np.array_equal(
        actual.view(np.uint32), expected.view(np.uint32)
    )


# ------------------------------------------------------------------------------------------
# The forms of assign_bw
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Form:
    """One use of assign_bw: its shape, the dtypes of its operands and which outputs it has."""

    id: str
    shape: tuple[int, ...]
    grad: str
    input_a: str
    input_b: str | None = None
    required: tuple[bool, bool] | None = None
    """`are_required_outputs` as written (None: absent, [true, true] for the binary form)."""
    input_grad: str | None = None
    other_grad: str | None = None

    def arguments(self) -> list[tuple[str, str]]:
        """(name, dtype) of the operands, in operand order."""
        operands = [("grad", self.grad), ("input_a", self.input_a)]
        for name in ("input_b", "input_grad", "other_grad"):
            dtype = getattr(self, name)
            if dtype is not None:
                operands.append((name, dtype))
        return operands

    def gradients(self) -> list[tuple[str, str | None]]:
        """(dtype, preallocated operand or None) of each produced gradient, in result order."""
        wanted = self.required or (True, self.input_b is not None)
        slots = [
            (self.input_grad or self.input_a, "input_grad" if self.input_grad else None),
            (self.other_grad or self.input_b, "other_grad" if self.other_grad else None),
        ]
        return [
            (dtype, preallocated)
            for (dtype, preallocated), want in zip(slots, wanted, strict=True)
            if want and dtype is not None
        ]

    def op(self, prefix: str = "") -> tuple[str, list[str]]:
        """The assign_bw op on arguments `%{prefix}{name}` and its result types."""
        main = ["grad", "input_a"] + (["input_b"] if self.input_b else [])
        text = ", ".join(f"%{prefix}{n}" for n in main)
        op = f"ttnn.assign_bw({text})"
        for name in ("input_grad", "other_grad"):
            if getattr(self, name) is not None:
                op += f" {name}(%{prefix}{name})"
        if self.required is not None:
            op += " are_required_outputs = [" + ", ".join(
                "true" if r else "false" for r in self.required
            )
            op += "]"
        operand_types = ", ".join(tensor_type(self.shape, d) for _, d in self.arguments())
        results = [tensor_type(self.shape, d) for d, _ in self.gradients()]
        return f"{op} : ({operand_types}) -> ({', '.join(results)})", results

    def inputs(self, prefix: str = "") -> dict[str, np.ndarray]:
        seed = sum(ord(c) * (k + 1) for k, c in enumerate(self.id))
        return {
            f"{prefix}{name}": random_values(self.shape, seed + k)
            for k, (name, _) in enumerate(self.arguments())
        }

    def expected(self, grad: np.ndarray) -> list[tuple[str, np.ndarray, bytes]]:
        """(dtype, logical float32 values, device bytes) of each gradient: grad as its own
        dtype holds it (padding included), cast to the gradient's dtype."""
        held = device_values(padded(grad), self.grad)
        rows, cols = self.shape[-2:]
        out = []
        for dtype, _ in self.gradients():
            values = device_values(held, dtype)[..., :rows, :cols]
            out.append((dtype, values, device_bytes(held, dtype)))
        return out


FORMS = [
    Form("binary_bf16_rank4", (1, 1, 64, 64), "bf16", "bf16", "bf16"),
    Form("binary_bf16_to_bfp8_40x50", (1, 1, 40, 50), "bf16", "bf16", "bfp8_b", (True, True)),
    Form("binary_bfp8_to_bf16_rank3", (2, 33, 64), "bfp8_b", "bf16", "bfp8_b"),
    Form("unary_bf16_rank2", (64, 96), "bf16", "bf16"),
    Form("unary_bfp8_rank4", (2, 1, 40, 50), "bfp8_b", "bfp8_b"),
    Form("required_true_false_rank3", (2, 64, 32), "bf16", "bfp8_b", "bf16", (True, False)),
    Form("required_false_true_33x1", (33, 1), "bfp8_b", "bfp8_b", "bf16", (False, True)),
    Form("preallocated_unary", (2, 64, 64), "bfp8_b", "bfp8_b", input_grad="bf16"),
    Form(
        "preallocated_binary",
        (1, 2, 32, 64),
        "bf16",
        "bf16",
        "bf16",
        input_grad="bfp8_b",
        other_grad="bf16",
    ),
    Form(
        "preallocated_other_grad_only",
        (40, 50),
        "bf16",
        "bf16",
        "bf16",
        (False, True),
        other_grad="bfp8_b",
    ),
]


def single_function(form: Form) -> str:
    """A module whose @main applies `form` to its arguments and returns its gradients."""
    op, results = form.op()
    arguments = ", ".join(f"%{n}: {tensor_type(form.shape, d)}" for n, d in form.arguments())
    names = [f"%r{k}" for k in range(len(results))]
    return (
        f"func.func @main({arguments}) -> ({', '.join(results)}) {{\n"
        f"  {', '.join(names)} = {op}\n"
        f"  func.return {', '.join(names)} : {', '.join(results)}\n"
        "}\n"
    )


def all_forms_function() -> tuple[str, list[tuple[Form, int]]]:
    """One @main applying every form to its own arguments (`%f3_grad`, …): a single ttnn-run
    covers them all. Also returns (form, index of its first result)."""
    arguments, body, returned, types, order = [], [], [], [], []
    for k, form in enumerate(FORMS):
        prefix = f"f{k}_"
        arguments += [f"%{prefix}{n}: {tensor_type(form.shape, d)}" for n, d in form.arguments()]
        op, results = form.op(prefix)
        names = [f"%{prefix}r{j}" for j in range(len(results))]
        body.append(f"  {', '.join(names)} = {op}")
        order.append((form, len(returned)))
        returned += names
        types += results
    text = (
        f"func.func @main({', '.join(arguments)})\n    -> ({', '.join(types)}) {{\n"
        + "\n".join(body)
        + f"\n  func.return {', '.join(returned)} : {', '.join(types)}\n}}\n"
    )
    return text, order


def run_cli(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [TTNN_RUN, *map(str, arguments)], capture_output=True, text=True, check=False
    )


def save_inputs(folder: Path, inputs: dict[str, np.ndarray]) -> list[str]:
    """Save each input as NAME.npy; the `--input NAME=PATH` arguments."""
    flags = []
    for name, values in inputs.items():
        path = folder / f"{name}.npy"
        np.save(path, values)
        flags += ["--input", f"{name}={path}"]
    return flags


def read_npz(path: Path) -> dict[str, np.ndarray]:
    with zipfile.ZipFile(path) as archive:
        return {
            name.removesuffix(".npy"): np.load(io.BytesIO(archive.read(name)))
            for name in archive.namelist()
        }


# ------------------------------------------------------------------------------------------
# The reference itself, against the worked rows of docs/semantics.md (so a wrong reference cannot
# pass) ------------------------------------------------------------------------------------------


def test_reference_formats_match_spec_worked_rows() -> None:
    # semantics.md §1.3, E = 128 (the 2.0 sets the block's exponent; its byte is 0x40).
    row = np.array(
        [1.0, 3.0, 0.1, -0.75, 1e-3, -0.0, 2.9999, 3.9921875, 2.0] + [0.0] * 7, np.float32
    )
    flat = np.zeros((1, 1024), np.float32)
    flat[0, :16] = row
    exponents, elements = bfp8_pack(flat)
    assert exponents[0, 0] == 128 and not exponents[0, 1:].any()
    assert elements[0, :9].tolist() == [0x20, 0x60, 0x03, 0x98, 0x00, 0x00, 0x60, 0x7F, 0x40]
    assert bfp8_unpack(exponents, elements)[0, :9].tolist() == [
        1.0, 3.0, 0.09375, -0.75, 0.0, 0.0, 3.0, 3.96875, 2.0,
    ]  # fmt: skip
    # semantics.md §1.2 = ml_dtypes' round to nearest even; semantics.md §1.1 face offsets.
    values = random_values((4, 64), 7)
    assert same_bits(bf16_round(values), values.astype(ml_dtypes.bfloat16).astype(np.float32))
    assert [face_offset(r, c) for r, c in ((0, 0), (0, 16), (16, 0), (31, 31), (1, 2))] == [
        0, 256, 512, 1023, 18,
    ]  # fmt: skip
    matrix = np.arange(64 * 96, dtype=np.float32).reshape(64, 96)
    assert same_bits(untiles(tiles(matrix), matrix.shape), matrix)
    assert face_order(tiles(matrix))[4, 256] == 32 * 96 + 32 + 16  # tile (1, 1), face 1


# ------------------------------------------------------------------------------------------
# Every form through ttnn-run, and through the Python API
# ------------------------------------------------------------------------------------------


def test_every_form_through_ttnn_run(tmp_path: Path) -> None:
    text, order = all_forms_function()
    source = tmp_path / "assign_bw.mlir"
    source.write_text(text)
    inputs = {}
    for k, form in enumerate(FORMS):
        inputs.update(form.inputs(f"f{k}_"))
    flags = save_inputs(tmp_path, inputs)
    completed = run_cli(
        source, *flags, "--output", tmp_path / "out.npz", "--raw-output", tmp_path / "raw"
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == "" and completed.stdout == ""
    values = read_npz(tmp_path / "out.npz")
    count = sum(len(form.gradients()) for form in FORMS)
    # Named after the returned values (%f0_r0, …), each once.
    returned = [f"f{k}_r{j}" for k, form in enumerate(FORMS) for j in range(len(form.gradients()))]
    assert len(returned) == count
    assert sorted(values) == sorted(returned)
    assert sorted(os.listdir(tmp_path / "raw")) == sorted(f"{n}.bin" for n in returned)
    for k, (form, first) in enumerate(order):
        for j, (dtype, expected_values, expected_bytes) in enumerate(
            form.expected(inputs[f"f{k}_grad"])
        ):
            name = returned[first + j]
            assert values[name].dtype == np.float32, form.id
            assert same_bits(values[name], expected_values), f"{form.id}: {name} values"
            raw = (tmp_path / "raw" / f"{name}.bin").read_bytes()
            assert len(raw) == tile_count(form.shape) * BYTES_PER_TILE[dtype], form.id
            assert raw == expected_bytes, f"{form.id}: {name} bytes"


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.id)
def test_form_through_python_api(form: Form) -> None:
    inputs = form.inputs()
    results = run(single_function(form), inputs)
    expected = form.expected(inputs["grad"])
    assert len(results) == len(expected) == len(form.gradients())
    for result, (dtype, values, raw) in zip(results, expected, strict=True):
        assert result.dtype.value == dtype
        assert result.layout.value == "tile"
        assert result.logical_shape == form.shape
        assert result.physical_shape == physical_shape(form.shape)
        assert result.num_tiles == tile_count(form.shape)
        assert same_bits(result.to_numpy(), values)
        assert result.to_bytes() == raw


def test_gradient_is_grad_cast_to_destination_dtype() -> None:
    """The definition, stated directly on one case: bf16 grad → bf16 is grad's bf16 values
    (ml_dtypes' cast), → bfloat8_b is those values quantised; `input_b`'s values never
    matter."""
    form = FORMS[1]  # binary, [1, 1, 40, 50], bf16 → (bf16, bfloat8_b)
    inputs = form.inputs()
    grad_bf16 = inputs["grad"].astype(ml_dtypes.bfloat16).astype(np.float32)
    first, second = run(single_function(form), inputs)
    assert same_bits(first.to_numpy(), grad_bf16)
    quantised = device_values(padded(grad_bf16), "bfp8_b")[..., :40, :50]
    assert same_bits(second.to_numpy(), quantised)
    assert not same_bits(quantised, grad_bf16)  # the cast really does something here
    other = dict(inputs, input_a=-inputs["input_a"], input_b=np.zeros_like(inputs["input_b"]))
    again = run(single_function(form), other)
    assert [t.to_bytes() for t in again] == [first.to_bytes(), second.to_bytes()]


def test_bf16_40x50_to_bfloat8_b_is_4_tiles_with_zero_padding() -> None:
    form = FORMS[1]
    inputs = form.inputs()
    result = run(single_function(form), inputs)[1]
    raw = result.to_bytes()
    assert result.num_tiles == 4 and len(raw) == 4352 == 4 * 1088
    packed = np.frombuffer(raw, np.uint8).reshape(4, 1088)
    values = untiles(from_face_order(bfp8_unpack(packed[:, :64], packed[:, 64:])), (1, 1, 64, 64))
    assert not values[..., 40:, :].any() and not values[..., :, 50:].any()
    # The padding's element bytes are zero too (not just values that decode to zero).
    for t, (tile_row, tile_col) in enumerate(np.ndindex(2, 2)):
        for r in range(32):
            for c in range(32):
                if tile_row * 32 + r >= 40 or tile_col * 32 + c >= 50:
                    assert packed[t, 64 + face_offset(r, c)] == 0
    assert same_bits(values[..., :40, :50], result.to_numpy())


def test_preallocated_output_is_overwritten_and_inputs_untouched() -> None:
    form = FORMS[7]  # unary, bfloat8_b grad into a preallocated bf16 input_grad
    inputs = form.inputs()
    kept = {name: values.copy() for name, values in inputs.items()}
    (result,) = run(single_function(form), inputs)
    assert same_bits(result.to_numpy(), device_values(padded(inputs["grad"]), "bfp8_b"))
    assert all(same_bits(inputs[name], kept[name]) for name in inputs)


# ------------------------------------------------------------------------------------------
# The interpreter runs lowered loops only
# ------------------------------------------------------------------------------------------


def test_python_api_refuses_unlowered_module() -> None:
    form = FORMS[0]
    with pytest.raises(RunError, match=r"'ttnn\.assign_bw'.*run ttnn-lower first"):
        run(single_function(form), form.inputs(), passes="")


def test_ttnn_run_refuses_unlowered_module(tmp_path: Path) -> None:
    source = tmp_path / "unlowered.mlir"
    source.write_text(single_function(FORMS[0]))
    completed = run_cli(source, "-p", "", "--random-inputs", "0", "--output", tmp_path / "out.npz")
    assert completed.returncode == 1
    assert completed.stdout == ""
    assert completed.stderr == (
        f"ttnn-run: error: the module still holds the tensor-level op 'ttnn.assign_bw' at "
        f"{source}:2:3; the interpreter runs lowered loops only: run ttnn-lower first\n"
    )
    assert not (tmp_path / "out.npz").exists()


# ------------------------------------------------------------------------------------------
# examples/assign_bw.mlir
# ------------------------------------------------------------------------------------------


def test_example_through_ttnn_run(tmp_path: Path) -> None:
    shape = (1, 1, 40, 50)
    inputs = {
        name: random_values(shape, seed) for seed, name in enumerate(("grad", "input_a", "input_b"))
    }
    flags = save_inputs(tmp_path, inputs)
    completed = run_cli(EXAMPLE, *flags, "--raw-output", tmp_path / "raw")
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    held = device_values(padded(inputs["grad"]), "bf16")
    first = (tmp_path / "raw" / "grad_a.bin").read_bytes()
    second = (tmp_path / "raw" / "grad_b.bin").read_bytes()
    assert len(first) == 4 * 2048 and first == device_bytes(held, "bf16")
    assert len(second) == 4 * 1088 and second == device_bytes(held, "bfp8_b")
    # Named after the returned values (%grad_a, %grad_b), each once.
    assert sorted(os.listdir(tmp_path / "raw")) == ["grad_a.bin", "grad_b.bin"]


def test_example_lowers_to_loops_without_ttnn_ops() -> None:
    completed = subprocess.run(
        [TTNN_OPT, str(EXAMPLE), "-p", "ttnn-lower"], capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0, completed.stderr
    text = completed.stdout
    assert "scf.for" in text and "tile.load" in text and "tile.store" in text
    assert "tile.typecast" in text  # bf16 -> bfloat8_b in @main, the other way in @unary
    # `ttnn.` appears in types and the `ttnn.tensor` attributes, never as an operation.
    op_pattern = re.compile(r'^\s*(?:%[\w.]+(?:\s*,\s*%[\w.]+)*\s*=\s*)?"?(ttnn\.\w+)', re.M)
    assert op_pattern.findall(EXAMPLE.read_text()) == ["ttnn.assign_bw"] * 2  # the pattern works
    assert op_pattern.findall(text) == []
    assert "ttnn.assign_bw" not in text


# ------------------------------------------------------------------------------------------
# User errors: exit status exactly 1, one line on stderr, no output written
# ------------------------------------------------------------------------------------------

ERROR_MODULE = single_function(Form("errors", (2, 3), "bf16", "bf16", "bfp8_b"))


@pytest.fixture
def error_files(tmp_path: Path) -> Path:
    np.save(tmp_path / "ok.npy", np.ones((2, 3), np.float32))
    np.save(tmp_path / "wide.npy", np.ones((2, 4), np.float32))
    np.save(tmp_path / "nan.npy", np.array([[1, np.nan, 2], [3, 4, 5]], np.float32))
    np.savez(tmp_path / "arrays.npz", grad=np.ones((2, 3), np.float32))
    (tmp_path / "garbage.npy").write_text("not an array")
    (tmp_path / "badzip.npy").write_bytes(b"PK-garbage-garbage")
    buffer = io.BytesIO()
    np.save(buffer, np.ones((2, 3), np.float32))
    (tmp_path / "truncated.npy").write_bytes(buffer.getvalue()[:-8])
    (tmp_path / "module.mlir").write_text(ERROR_MODULE)
    (tmp_path / "empty.mlir").write_text("builtin.module {}")
    (tmp_path / "bad.mlir").write_text("func.func @f(\n")
    return tmp_path


OK_B = ["--input", "input_b={d}/ok.npy"]
NAN_B = ["--input", "input_b={d}/nan.npy"]
OK_AB = ["--input", "input_a={d}/ok.npy", *OK_B]
ERRORS = {
    "missing_npy": (["{d}/module.mlir", "--input", "grad={d}/missing.npy", *OK_AB], "no such file"),
    "garbage_npy": (["{d}/module.mlir", "--input", "grad={d}/garbage.npy", *OK_AB], "not a .npy"),
    "bad_zip": (["{d}/module.mlir", "--input", "grad={d}/badzip.npy", *OK_AB], "zip archive"),
    "truncated_npy": (
        ["{d}/module.mlir", "--input", "grad={d}/truncated.npy", *OK_AB],
        "cannot read",
    ),
    "npz_input": (["{d}/module.mlir", "--input", "grad={d}/arrays.npz", *OK_AB], "an .npz"),
    "wrong_shape": (["{d}/module.mlir", "--input", "grad={d}/wide.npy", *OK_AB], "shape [2, 4]"),
    "unknown_name": (["{d}/module.mlir", "--input", "g={d}/ok.npy", *OK_AB], "no argument %g"),
    "position_out_of_range": (
        ["{d}/module.mlir", "--input", "3={d}/ok.npy", *OK_AB],
        "position 3 is out of range",
    ),
    "missing_input": (["{d}/module.mlir", "--input", "grad={d}/ok.npy", *OK_B], "%input_a"),
    "nan_into_bfloat8_b_input": (
        ["{d}/module.mlir", "--input", "grad={d}/ok.npy", "--input", "input_a={d}/ok.npy", *NAN_B],
        "non-finite",
    ),
    "nan_typecast_to_bfloat8_b": (
        ["{d}/module.mlir", "--input", "grad={d}/nan.npy", *OK_AB],
        "bf16 -> bfp8_b typecast at {d}/module.mlir:2:3",
    ),
    "no_function": (["{d}/empty.mlir"], "no function to run"),
    "missing_entry": (["{d}/module.mlir", "--entry", "nope", "--random-inputs", "0"], "@nope"),
    "unlowered": (["{d}/module.mlir", "-p", "", "--random-inputs", "0"], "run ttnn-lower first"),
    "parse_error": (["{d}/bad.mlir"], "{d}/bad.mlir:2:1: error:"),
    "unknown_pass": (["{d}/module.mlir", "-p", "nope", "--random-inputs", "0"], "'nope'"),
    "unwritable_output": (
        ["{d}/module.mlir", "--random-inputs", "0", "--output", "{d}/module.mlir/out.npz"],
        "cannot write",
    ),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_user_error(case: str, error_files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """In process (fast): `main` exits with status 1 after one line on stderr."""
    arguments, message = ERRORS[case]
    argv = [a.format(d=error_files) for a in arguments]
    if "--output" not in argv:
        argv += ["--output", f"{error_files}/out.npz"]
    argv += ["--raw-output", f"{error_files}/raw"]
    with pytest.raises(SystemExit) as exit_info:
        ttnn_run.main(argv)
    assert exit_info.value.code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert re.match(r"(ttnn-run: error: |\S+:\d+:\d+: error: )", lines[0]), lines[0]
    assert message.format(d=error_files) in lines[0]
    assert not (error_files / "out.npz").exists()
    assert not (error_files / "raw").exists()
    assert not (error_files / "no").exists()
    assert not [p for p in error_files.iterdir() if p.name.startswith(".ttnn-run-")]


def test_user_error_in_a_subprocess(error_files: Path) -> None:
    """The console script itself: status 1, one stderr line, no Traceback, nothing written."""
    completed = run_cli(
        error_files / "module.mlir",
        *[a.format(d=error_files) for a in ["--input", "grad={d}/nan.npy", *OK_AB]],
        "--output",
        error_files / "out.npz",
        "--raw-output",
        error_files / "raw",
    )
    assert completed.returncode == 1
    assert completed.stdout == ""
    assert completed.stderr == (
        f"ttnn-run: error: bf16 -> bfp8_b typecast at {error_files}/module.mlir:2:3: "
        "bfloat8_b cannot encode non-finite values (NaN or Inf found)\n"
    )
    assert not (error_files / "out.npz").exists() and not (error_files / "raw").exists()

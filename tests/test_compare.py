"""runtime/compare.py: the first difference between two device tensors, named by tile,
face, row and column (semantics.md §1.1), checked against positions computed here from the
byte offsets of the device buffer."""

from __future__ import annotations

from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.dialect.tensor_types import TensorInfo
from ttnn_xdsl.runtime.compare import (
    expected_from_values,
    expected_tensor,
    first_difference,
    pearson_correlation,
    same_kind,
)
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.tensor_formats import formats
from ttnn_xdsl.tools import ttnn_run

BF16 = ml_dtypes.bfloat16


def place_of(element_number: int, tiles_per_row: int) -> tuple[int, int, int, int, int, int]:
    """(tile number, face, row, column, matrix row, matrix column) of the n-th element of a
    tiled buffer of a [H, 32·tiles_per_row] matrix, from semantics.md §1.1's offset rule."""
    tile, within = divmod(element_number, 1024)
    face, in_face = divmod(within, 256)
    row, column = divmod(in_face, 16)
    tile_row, tile_column = divmod(tile, tiles_per_row)
    matrix_row = tile_row * 32 + (face // 2) * 16 + row
    matrix_column = tile_column * 32 + (face % 2) * 16 + column
    return tile, face, row, column, matrix_row, matrix_column


def matrix(shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_equal_tensors_have_no_difference() -> None:
    tensor = DeviceTensor.from_numpy(matrix((40, 70)), DataType.BFLOAT16)
    assert (
        first_difference(
            tensor, DeviceTensor.from_bytes(tensor.to_bytes(), (40, 70), "bf16", "tile")
        )
        is None
    )


@pytest.mark.parametrize(
    "element_number", [0, 1, 255, 256, 300, 1023, 1024 * 4 + 517, 5 * 1024 - 1]
)
def test_bf16_the_first_changed_element_is_named(element_number: int) -> None:
    shape = (64, 96)  # 2 x 3 tiles
    tensor = DeviceTensor.from_numpy(matrix(shape), DataType.BFLOAT16)
    corrupted = bytearray(tensor.to_bytes())
    corrupted[2 * element_number] ^= 0x01  # the low mantissa bit
    # A second, later change is counted but not reported first.
    corrupted[2 * (6 * 1024 - 1)] ^= 0x01
    expected = DeviceTensor.from_bytes(bytes(corrupted), shape, "bf16", "tile")
    difference = first_difference(tensor, expected)
    assert difference is not None
    tile, face, row, column, matrix_row, matrix_column = place_of(element_number, 3)
    assert difference.tile_number == tile
    assert difference.tile == divmod(tile, 3)
    assert (difference.face, difference.row, difference.column) == (face, row, column)
    assert difference.element == (matrix_row, matrix_column)
    assert (difference.differing, difference.total) == (
        2 if element_number != 6143 else 1,
        6 * 1024,
    )
    assert difference.actual == tensor.physical_to_numpy()[matrix_row, matrix_column]
    assert difference.expected == expected.physical_to_numpy()[matrix_row, matrix_column]
    assert difference.actual != difference.expected


def test_the_description_names_everything() -> None:
    values = np.zeros((32, 64), np.float32)
    values[17, 35] = 1.0  # tile (0, 1), its row 17 column 3: face 2 (rows 16-31, columns 0-15)
    here = DeviceTensor.from_numpy(np.zeros((32, 64), np.float32), DataType.BFLOAT16)
    there = DeviceTensor.from_numpy(values, DataType.BFLOAT16)
    difference = first_difference(here, there)
    assert difference is not None
    assert difference.describe() == (
        "1 of 2048 elements differ; the first at tile 1 (tile row 0, tile column 1), face 2, "
        "row 1, column 3 = physical element [17, 35]: 0.0 (0x0000) here, 1.0 (0x3f80) expected"
    )


def test_bfloat8_b_exponents_count_for_every_element_of_their_row() -> None:
    shape = (32, 32)
    tensor = DeviceTensor.from_numpy(matrix(shape), DataType.BFLOAT8_B)
    corrupted = bytearray(tensor.to_bytes())
    # Exponent byte 16 + 4 is face 1, row 4: all 16 elements of that face row change.
    corrupted[16 + 4] ^= 0x01
    expected = DeviceTensor.from_bytes(bytes(corrupted), shape, "bfp8_b", "tile")
    difference = first_difference(tensor, expected)
    assert difference is not None
    assert difference.differing == 16
    assert (difference.face, difference.row, difference.column) == (1, 4, 0)
    assert difference.element == (4, 16)
    byte = tensor.to_bytes()[64 + 256 + 4 * 16]
    exponent = tensor.to_bytes()[16 + 4]
    assert difference.actual_encoding == f"byte 0x{byte:02x}, row exponent 0x{exponent:02x}"
    assert difference.expected_encoding == f"byte 0x{byte:02x}, row exponent 0x{exponent ^ 1:02x}"


def test_bfloat8_b_two_encodings_of_one_value_differ() -> None:
    # 1.0 with exponent 127 (m = 64) and with exponent 128 (m = 32): same value, other bytes.
    low = bytearray(1088)
    high = bytearray(1088)
    low[0], low[64] = 127, 64
    high[0], high[64] = 128, 32
    a = DeviceTensor.from_bytes(bytes(low), (32, 32), "bfp8_b", "tile")
    b = DeviceTensor.from_bytes(bytes(high), (32, 32), "bfp8_b", "tile")
    assert a.physical_to_numpy()[0, 0] == b.physical_to_numpy()[0, 0] == 1.0
    difference = first_difference(a, b)
    assert difference is not None
    assert difference.differing == 16  # the whole face row: its exponent differs
    assert (difference.actual, difference.expected) == (1.0, 1.0)


def test_row_major_differences_are_elements() -> None:
    values = matrix((3, 5))
    changed = values.copy()
    changed[2, 1] += 1
    here = DeviceTensor.from_numpy(values, DataType.FLOAT32, Layout.ROW_MAJOR)
    there = DeviceTensor.from_numpy(changed, DataType.FLOAT32, Layout.ROW_MAJOR)
    difference = first_difference(here, there)
    assert difference is not None
    assert (difference.element, difference.tile, difference.differing) == ((2, 1), None, 1)
    assert difference.describe().startswith(
        "1 of 15 elements differ; the first at element [2, 1]: "
    )


def test_tensors_of_other_kinds_are_not_compared() -> None:
    bf16 = DeviceTensor.from_numpy(matrix((32, 32)), DataType.BFLOAT16)
    wide = DeviceTensor.from_numpy(matrix((32, 64)), DataType.BFLOAT8_B)
    assert same_kind(bf16, wide) == [
        "dtype is bf16, expected bfp8_b",
        "physical shape is [32, 32], expected [32, 64]",
    ]
    with pytest.raises(ValueError, match="dtype is bf16, expected bfp8_b"):
        first_difference(bf16, wide)


INFO = TensorInfo((1, 1, 27, 2), DataType.BFLOAT16, Layout.TILE, None, (1, 1, 96, 32), True)


def test_expected_values_from_npy_bin_and_tensorbin(tmp_path: Path) -> None:
    logical = matrix((1, 1, 27, 2))
    tensor = DeviceTensor.from_numpy(logical, "bf16", physical_shape=(1, 1, 96, 32))
    np.save(tmp_path / "logical.npy", logical)
    np.save(tmp_path / "physical.npy", tensor.physical_to_numpy())
    (tmp_path / "raw.bin").write_bytes(tensor.to_bytes())
    tensor.save_tensorbin(tmp_path / "t.tensorbin")
    # Only the logical .npy leaves the padding out of the comparison.
    for name, logical_only in [
        ("logical.npy", True),
        ("physical.npy", False),
        ("raw.bin", False),
        ("t.tensorbin", False),
    ]:
        loaded = expected_tensor(str(tmp_path / name), INFO)
        assert loaded.logical_only == logical_only, name
        assert first_difference(tensor, loaded.tensor, loaded.logical_only) is None, name


def test_logical_values_judge_the_logical_region_only() -> None:
    """A difference in the padding (row 27 of a [27, 2] tensor in one tile) is no
    difference when only the logical region is compared; one inside it is counted among
    the 54 logical elements."""
    logical = matrix((1, 1, 27, 2))
    tensor = DeviceTensor.from_numpy(logical, "bf16", physical_shape=(1, 1, 96, 32))
    padded = tensor.physical_to_numpy()
    padded[0, 0, 27, 0] = 0.5
    padded[0, 0, 40, 31] = -3.0
    with_padding = DeviceTensor.from_numpy(padded, "bf16")
    differs = first_difference(with_padding, tensor)
    assert differs is not None and (differs.differing, differs.total) == (2, 3072)
    assert first_difference(with_padding, tensor, logical_only=True) is None
    padded[0, 0, 26, 1] = 1.0 if logical[0, 0, 26, 1] != 1.0 else 2.0
    changed = DeviceTensor.from_numpy(padded, "bf16")
    difference = first_difference(changed, tensor, logical_only=True)
    assert difference is not None
    assert (difference.differing, difference.total, difference.element) == (1, 54, (0, 0, 26, 1))
    assert difference.describe().startswith(
        "1 of 54 logical elements differ; the first at tile 0 ([0, 0], tile row 0, tile "
        "column 0), face 2, row 10, column 1 = physical element [0, 0, 26, 1]: "
    )


def test_bad_expected_files_are_one_line(tmp_path: Path) -> None:
    (tmp_path / "short.bin").write_bytes(b"\0" * 100)
    with pytest.raises(TTNNError) as error:
        expected_tensor(str(tmp_path / "short.bin"), INFO)
    assert error.value.message == (
        f"'{tmp_path}/short.bin' holds 100 bytes; a bf16 tile tensor of physical shape "
        "[1, 1, 96, 32] has 6144"
    )
    with pytest.raises(TTNNError) as error:
        expected_from_values(np.zeros((27, 2)), INFO, "x.npy")
    assert error.value.message == (
        "x.npy holds an array of shape [27, 2]; expected the logical shape [1, 1, 27, 2] or "
        "the physical shape [1, 1, 96, 32]"
    )
    (tmp_path / "text.npy").write_text("not numpy")
    with pytest.raises(TTNNError) as error:
        expected_tensor(str(tmp_path / "text.npy"), INFO)
    assert error.value.message == f"'{tmp_path}/text.npy' is not a .npy file (no NumPy header)"
    # A header declaring more than the limit is refused before anything is allocated.
    header = b"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999, 99999), }"
    size = len(header).to_bytes(2, "little")
    (tmp_path / "huge.npy").write_bytes(b"\x93NUMPY\x01\x00" + size + header)
    with pytest.raises(TTNNError) as error:
        expected_tensor(str(tmp_path / "huge.npy"), INFO)
    assert error.value.message == (
        f"'{tmp_path}/huge.npy' holds 36.4 TiB (shape [99999999, 99999], float32), more than "
        "the limit of 8 GiB"
    )


def test_a_corrupt_npz_member_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An .npz of expected values whose member has a damaged header (found by the fuzzer,
    seed 22, inputs 407 and 3742: NumPy's ValueError was an internal error)."""
    expect = tmp_path / "expect.npz"
    np.savez(expect, result1=np.zeros((1, 1, 40, 50), np.float32))
    data = bytearray(expect.read_bytes())
    at = data.index(b"fortran_order")
    data[at + 3] ^= 0x08  # 'for|ran_order'
    expect.write_bytes(bytes(data))
    examples = Path(__file__).resolve().parent.parent / "examples"
    with pytest.raises(SystemExit) as exit_request:
        ttnn_run.main(
            [str(examples / "assign_bw.mlir"), "--random-inputs", "0", "--expect", str(expect)]
        )
    captured = capsys.readouterr()
    assert (exit_request.value.code, captured.out) == (1, "")
    assert captured.err == (
        f"ttnn-run: error: cannot read {expect}[result1] as a .npy file (the header is not a "
        "dict of descr, fortran_order and shape)\n"
    )


def test_pearson_correlation_of_values() -> None:
    """The coefficient of two arrays against NumPy's corrcoef; equal arrays (a constant one
    too) 1.0; a constant against another, or a NaN, 0.0."""
    rng = np.random.default_rng(4)
    a, b = rng.standard_normal(500), rng.standard_normal(500)
    mixed = a + 0.3 * b
    assert pearson_correlation(a, mixed) == pytest.approx(np.corrcoef(a, mixed)[0, 1], abs=1e-15)
    assert pearson_correlation(np.full(7, 2.5), np.full(7, 2.5)) == 1.0
    assert pearson_correlation(np.full(7, 2.5), np.arange(7.0)) == 0.0
    assert pearson_correlation(np.array([1.0, np.nan]), np.array([1.0, 2.0])) == 0.0


def test_expect_pcc_compares_by_correlation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--expect FILE.npz --expect-pcc P`: one line a result, its PCC with the expected values
    as the result's dtype holds them (bf16 and bfloat8_b here; NumPy's corrcoef) and the
    max abs error; exit 1 when one falls short of P, naming how many. --expect-pcc
    without --expect, or outside (0, 1], is a user error."""
    example = str(Path(__file__).resolve().parent.parent / "examples" / "assign_bw.mlir")
    produced = tmp_path / "produced.npz"
    ttnn_run.main([example, "--random-inputs", "0", "--output", str(produced)])
    values = dict(np.load(produced))
    rng = np.random.default_rng(9)
    close = {name: v + 0.01 * rng.standard_normal(v.shape) for name, v in values.items()}
    far = dict(close, grad_b=rng.standard_normal(values["grad_b"].shape))
    capsys.readouterr()

    def run(expected: dict[str, np.ndarray], *extra: str) -> tuple[int, str, str]:
        path = tmp_path / "expected.npz"
        np.savez(path, **{name: v.astype(np.float32) for name, v in expected.items()})
        try:
            ttnn_run.main([example, "--random-inputs", "0", "--expect", str(path), *extra])
            code = 0
        except SystemExit as stop:
            code = int(stop.code or 0)
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    def pcc(name: str, expected: dict[str, np.ndarray]) -> float:
        # grad_a is bf16, grad_b bfloat8_b: the expected values as each dtype holds them.
        single = expected[name].astype(np.float32)
        if name == "grad_a":
            held = single.astype(BF16).astype(np.float64)
        else:
            tiles = formats.quantize_bfloat8_b(formats.tilize(single))
            held = formats.untilize(tiles, single.shape).astype(np.float64)
        return float(np.corrcoef(values[name].reshape(-1), held.reshape(-1))[0, 1])

    code, out, err = run(close, "--expect-pcc", "0.999")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    for line, name in zip(lines, ("grad_a", "grad_b"), strict=True):
        assert line.startswith(
            f"{name}: PCC {pcc(name, close):.6f} with {tmp_path}/expected.npz[{name}] "
            "(passes at 0.999); max abs error "
        )
    code, out, err = run(far, "--expect-pcc", "0.999")
    assert code == 1
    assert f"grad_b: PCC {pcc('grad_b', far):.6f} with " in out and "(FAILS at 0.999)" in out
    assert err == "ttnn-run: error: 1 of 2 compared results fall short of PCC 0.999\n"
    for extra, message in [
        (
            ["--expect-pcc", "1.5"],
            "argument --expect-pcc: expected a number above 0 and at most "
            "1, got '1.5' (see ttnn-run --help)",
        ),
    ]:
        assert run(close, *extra)[::2] == (1, f"ttnn-run: error: {message}\n")
    with pytest.raises(SystemExit):
        ttnn_run.main([example, "--random-inputs", "0", "--expect-pcc", "0.99"])
    assert capsys.readouterr().err == (
        "ttnn-run: error: --expect-pcc says how --expect compares; give --expect DIR|FILE.npz\n"
    )


# A conv of 120 output rows whose padding rows 120-127 hold relu(bias), not zeros.
SMALL_CONV = Path(__file__).resolve().parent / "fixtures" / "conv_relu_padded_rows.mlir"


def run_tool(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    """ttnn-run's exit status, stdout and stderr."""
    try:
        ttnn_run.main(list(arguments))
        code = 0
    except SystemExit as stop:
        code = int(stop.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_expected_values_of_the_logical_shape_judge_the_logical_region(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--expect with a .npy of a result's logical shape (what ttnn.to_torch gives) compares
    the logical region: the conv's padding rows (relu(bias)) and the prepared weight's data
    past its logical rows are not judged (they were compared with zeros: '128 of 4096
    elements differ ... physical element [0, 0, 120, 0]: 0.09375 here, 0.0 expected'); a
    changed logical value is one of the 3840 logical elements; the physical matrix is
    compared whole, padding included."""
    conv = SMALL_CONV
    assert (
        run_tool(capsys, str(conv), "--random-inputs", "0", "--output", str(tmp_path / "o.npz"))[0]
        == 0
    )
    physical = np.load(tmp_path / "o.npz")["y"]
    assert physical.shape == (1, 1, 128, 32) and np.any(physical[0, 0, 120:] != 0)
    for folder, values in [("logical", physical[:, :, :120]), ("physical", physical)]:
        (tmp_path / folder).mkdir()
        np.save(tmp_path / folder / "y.npy", values)
        code, out, err = run_tool(
            capsys, str(conv), "--random-inputs", "0", "--expect", str(tmp_path / folder)
        )
        assert (code, out, err) == (0, f"y: same bytes as {tmp_path}/{folder}/y.npy\n", "")
    changed = physical[:, :, :120].copy()
    changed[0, 0, 5, 3] += 1
    (tmp_path / "changed").mkdir()
    np.save(tmp_path / "changed" / "y.npy", changed)
    code, out, err = run_tool(
        capsys, str(conv), "--random-inputs", "0", "--expect", str(tmp_path / "changed")
    )
    here, there = physical[0, 0, 5, 3], changed[0, 0, 5, 3]
    assert (code, err) == (
        1,
        "ttnn-run: error: 1 of 1 compared result differs from the expected values\n",
    )
    assert out == (
        f"y: differs from {tmp_path}/changed/y.npy: 1 of 3840 logical elements differ; the "
        "first at tile 0 ([0, 0], tile row 0, tile column 0), face 0, row 5, column 3 = "
        f"physical element [0, 0, 5, 3]: {float(here)!r} (0x{here.view(np.uint32):08x}) here, "
        f"{float(there)!r} (0x{there.view(np.uint32):08x}) expected\n"
    )
    # ResNet-50's conv1 prepared weight: logical [1, 1, 147, 64], its data in 448 rows.
    example = str(
        Path(__file__).resolve().parent.parent / "examples" / "resnet50_conv_weights.mlir"
    )
    run = [example, "--entry", "conv1", "--random-inputs", "0"]
    assert run_tool(capsys, *run, "--output", str(tmp_path / "conv1.npz"))[0] == 0
    weight = np.load(tmp_path / "conv1.npz")["prepared_weight"]
    assert weight.shape == (1, 1, 448, 64) and np.any(weight[0, 0, 147:] != 0)
    (tmp_path / "weight").mkdir()
    np.save(tmp_path / "weight" / "prepared_weight.npy", weight[:, :, :147])
    code, out, err = run_tool(capsys, *run, "--expect", str(tmp_path / "weight"))
    assert (code, err) == (
        1,
        f"ttnn-run: error: prepared_bias has no expected values in {tmp_path}/weight\n",
    )
    assert (
        out.splitlines()[0]
        == f"prepared_weight: same bytes as {tmp_path}/weight/prepared_weight.npy"
    )


def test_expect_pcc_compares_the_region_the_bytes_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--expect-pcc with the physical matrix --output writes of a result whose type spells
    `physical = ...` correlates the physical matrices (it correlated the logical values with
    the physical ones: 'internal error: ValueError: shapes (9408,) and (28672,) not
    aligned'); with logical values, the logical ones."""
    example = str(
        Path(__file__).resolve().parent.parent / "examples" / "resnet50_conv_weights.mlir"
    )
    run = [example, "--entry", "conv1", "--random-inputs", "0"]
    assert run_tool(capsys, *run, "--output", str(tmp_path / "conv1.npz"))[0] == 0
    produced = dict(np.load(tmp_path / "conv1.npz"))
    code, out, err = run_tool(
        capsys, *run, "--expect", str(tmp_path / "conv1.npz"), "--expect-pcc", "0.99"
    )
    assert (code, err) == (0, "")
    first = produced["prepared_weight"][0, 0, 0, 0]
    bias = produced["prepared_bias"][0, 0, 0, 0]
    weight_magnitude = np.abs(produced["prepared_weight"]).max()
    bias_magnitude = np.abs(produced["prepared_bias"]).max()
    assert out == (
        f"prepared_weight: PCC 1.000000 with {tmp_path}/conv1.npz[prepared_weight] (passes at "
        f"0.99); max abs error 0 at physical element [0, 0, 0, 0]: {first:.6g} here, "
        f"{first:.6g} expected; max rel error 0 (of the largest expected magnitude, "
        f"{weight_magnitude:.6g})\n"
        f"prepared_bias: PCC 1.000000 with {tmp_path}/conv1.npz[prepared_bias] (passes at "
        f"0.99); max abs error 0 at physical element [0, 0, 0, 0]: {bias:.6g} here, "
        f"{bias:.6g} expected; max rel error 0 (of the largest expected magnitude, "
        f"{bias_magnitude:.6g})\n"
    )
    conv = SMALL_CONV
    assert (
        run_tool(capsys, str(conv), "--random-inputs", "0", "--output", str(tmp_path / "o.npz"))[0]
        == 0
    )
    physical = np.load(tmp_path / "o.npz")["y"]
    logical = physical[:, :, :120].astype(np.float64)
    logical[0, 0, 7, 9] += 0.5
    np.savez(tmp_path / "logical.npz", y=logical)
    code, out, err = run_tool(
        capsys,
        str(conv),
        "--random-inputs",
        "0",
        "--expect",
        str(tmp_path / "logical.npz"),
        "--expect-pcc",
        "0.99",
    )
    held = logical.astype(np.float32).astype(np.float64).reshape(-1)
    pcc = np.corrcoef(physical[:, :, :120].astype(np.float64).reshape(-1), held)[0, 1]
    assert (code, err) == (0, "")
    magnitude = np.abs(held).max()
    assert out == (
        f"y: PCC {pcc:.6f} with {tmp_path}/logical.npz[y] (passes at 0.99); max abs "
        f"error 0.5 at [0, 0, 7, 9]: {physical[0, 0, 7, 9]:.6g} here, "
        f"{np.float32(logical[0, 0, 7, 9]):.6g} expected; max rel error {0.5 / magnitude:.3g} "
        f"(of the largest expected magnitude, {magnitude:.6g})\n"
    )


def test_expect_pcc_passes_a_result_of_another_scale_and_its_line_shows_the_scale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """PCC does not see scale: expected values 1000 times the result correlate 1.0 with it,
    and the check passes, as TT-NN's `assert_with_pcc` (a PCC alone) passes it. The line's
    max rel error — the max abs error over the expected values' largest magnitude — shows the
    scale: 0.999 (the result is a thousandth of the expected values), 999 (the result is 1000
    times the expected values), where equal values give 0. Against expected values that are
    all 0 the PCC is 0 (one side constant) and the relative error infinite."""
    conv = str(SMALL_CONV)
    assert (
        run_tool(capsys, conv, "--random-inputs", "0", "--output", str(tmp_path / "o.npz"))[0] == 0
    )
    mine = np.load(tmp_path / "o.npz")["y"][:, :, :120].astype(np.float64)
    scaled = mine * 1000
    np.savez(tmp_path / "scaled.npz", y=scaled)
    expect = [conv, "--random-inputs", "0", "--expect-pcc", "0.999", "--expect"]
    code, out, err = run_tool(capsys, *expect, str(tmp_path / "scaled.npz"))
    held = scaled.astype(np.float32).astype(np.float64)  # y is f32: the expected as f32
    pcc = np.corrcoef(mine.reshape(-1), held.reshape(-1))[0, 1]
    gaps = np.abs(mine - held)
    where = np.unravel_index(int(np.argmax(gaps)), gaps.shape)
    magnitude = np.abs(held).max()
    assert (code, err) == (0, "")
    assert out == (
        f"y: PCC {pcc:.6f} with {tmp_path}/scaled.npz[y] (passes at 0.999); max abs error "
        f"{gaps[where]:.6g} at {[int(i) for i in where]}: {mine[where]:.6g} here, "
        f"{held[where]:.6g} expected; max rel error {gaps[where] / magnitude:.3g} (of the "
        f"largest expected magnitude, {magnitude:.6g})\n"
    )
    assert f"{pcc:.6f}" == "1.000000" and f"{gaps[where] / magnitude:.3g}" == "0.999"
    # The result 1000 times the expected values: a max rel error of 999.
    np.savez(tmp_path / "shrunk.npz", y=mine / 1000)
    code, out, err = run_tool(capsys, *expect, str(tmp_path / "shrunk.npz"))
    shrunk = (mine / 1000).astype(np.float32).astype(np.float64)
    relative = np.abs(mine - shrunk).max() / np.abs(shrunk).max()
    assert (code, err, f"{relative:.3g}") == (0, "", "999")
    assert " (passes at 0.999); " in out and f"; max rel error {relative:.3g} (of the " in out
    np.savez(tmp_path / "zeros.npz", y=np.zeros_like(mine))
    code, out, err = run_tool(capsys, *expect, str(tmp_path / "zeros.npz"))
    assert (code, err) == (1, "ttnn-run: error: 1 of 1 compared result falls short of PCC 0.999\n")
    assert out.startswith(f"y: PCC 0.000000 with {tmp_path}/zeros.npz[y] (FAILS at 0.999); ")
    assert out.endswith("; max rel error inf (of the largest expected magnitude, 0)\n")

"""Bad runtime inputs and flags: .npy files of every dtype and shape, corrupt headers,
.tensorbin files cut or flipped, paths that are missing or folders, odd seeds, limits, entries,
pipelines and output places. An accepted assign_bw run on given values is checked against
`reference_formats`."""

from __future__ import annotations

import io
import random
import struct
from pathlib import Path

import ml_dtypes
import numpy as np
from reference_formats import device_values

from fuzz.draws import _compare, _load_npz, _padded
from fuzz.harness import MAX_BYTES, Case

ROOT = Path(__file__).resolve().parents[2]
ASSIGN_BW = ROOT / "examples" / "assign_bw.mlir"
PREPARE = ROOT / "examples" / "prepare_conv_weights.mlir"

# (file, entry, argument, shape) of the arguments inputs are given for.
ARGUMENTS = (
    ("assign_bw.mlir", "main", "grad", (1, 1, 40, 50)),
    ("assign_bw.mlir", "main", "input_b", (1, 1, 40, 50)),
    ("assign_bw.mlir", "unary", "grad", (2, 64, 64)),
    ("prepare_conv_weights.mlir", "main", "weight", (64, 64, 3, 3)),
    ("prepare_conv_weights.mlir", "main", "bias", (1, 1, 1, 64)),
)
DTYPES = (
    "float32",
    "float32",
    "float64",
    "float16",
    "bfloat16",
    "int32",
    "int64",
    "uint8",
    "bool",
    "complex64",
    "V2",
    "<U3",
    "object",
    "longdouble",
    "float8",
)


def _npy(values: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, values, allow_pickle=True)
    return buffer.getvalue()


def _array(rng: random.Random, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    with np.errstate(all="ignore"):  # 1e300 into float16 is meant to overflow
        return _values(rng, shape, dtype)


def _values(rng: random.Random, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    values = np.random.default_rng(rng.randrange(2**31)).standard_normal(shape)
    special = rng.random()
    if special < 0.1:
        values.flat[rng.randrange(max(values.size, 1))] = rng.choice(
            (np.nan, np.inf, -np.inf, 1e300, -1e300, 1e-300)
        )
    elif special < 0.15:
        values = values * 1e38
    if dtype == "bfloat16":
        return values.astype(ml_dtypes.bfloat16)
    if dtype == "float8":
        return values.astype(ml_dtypes.float8_e4m3fn)
    if dtype == "V2":
        return np.zeros(shape, "V2")
    if dtype == "object":
        return values.astype(object)
    if dtype == "<U3":
        return values.astype("<U3")
    return values.astype(dtype)


def _shape(rng: random.Random, shape: tuple[int, ...]) -> tuple[int, ...]:
    choice = rng.random()
    if choice < 0.7:
        return shape
    if choice < 0.8:
        return shape[1:]
    if choice < 0.9:
        return (*shape, 1)
    return tuple(d + rng.choice((-1, 1)) if d > 1 else d for d in shape)


def _corrupt(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    choice = rng.randrange(6)
    if choice == 0:
        cut = rng.randrange(len(data))
        return data[:cut], f"cut at {cut}"
    if choice == 1:
        at = rng.randrange(min(len(data), 128))
        flipped = bytearray(data)
        flipped[at] ^= 1 << rng.randrange(8)
        return bytes(flipped), f"bit flipped at {at}"
    if choice == 2:
        shape = rng.choice(
            ("(99999999, 99999)", "(-1,)", "(2**64,)", "()", "(1, 1, 40, 50, 0)", "'x'")
        )
        header = f"{{'descr': '<f4', 'fortran_order': False, 'shape': {shape}, }}"
        return b"\x93NUMPY\x01\x00" + struct.pack(
            "<H", len(header)
        ) + header.encode(), f"header shape {shape}"
    if choice == 3:
        descr = rng.choice(
            ("'<V2'", "'|O'", "'<q9'", "[('a', '<f4')]", "'<U1000000000'", "1", "'>f4'")
        )
        header = f"{{'descr': {descr}, 'fortran_order': False, 'shape': (1, 1, 40, 50), }}"
        return b"\x93NUMPY\x01\x00" + struct.pack(
            "<H", len(header)
        ) + header.encode(), f"header descr {descr}"
    if choice == 4:
        version = rng.choice((b"\x02\x00", b"\x03\x00", b"\x09\x09", b"\x01\x05"))
        return data[:6] + version + data[8:], f"version {version!r}"
    return rng.choice((b"", b"PK\x03\x04junk", b"\x93NUMP", b"not a numpy file")), "not a .npy"


def input_case(rng: random.Random) -> Case:
    """One run of an example with odd inputs or flags."""
    file, entry, argument, shape = rng.choice(ARGUMENTS)
    source = (ROOT / "examples" / file).read_bytes()
    files = {"program.mlir": source}
    args = ["{dir}/program.mlir", "--entry", entry]
    tried: list[str] = []
    given: np.ndarray | None = None
    choice = rng.random()
    if choice < 0.55:
        dtype = rng.choice(DTYPES)
        values = _array(rng, _shape(rng, shape), dtype)
        data = _npy(values)
        if rng.random() < 0.15:
            data, what = _corrupt(rng, data)
            tried.append(what)
        elif values.dtype.kind == "f" or values.dtype == ml_dtypes.bfloat16:
            given = values
        files["input.npy"] = data
        args += ["--input", f"{argument}={{dir}}/input.npy"]
        tried.append(f"--input {argument}: {dtype} {values.shape}")
    elif choice < 0.65:
        spec = rng.choice(
            (
                f"{argument}={{dir}}/missing.npy",
                f"{argument}={{dir}}",
                "=x.npy",
                argument,
                f"{argument}=",
                "9={dir}/x.npy",
                "²={dir}/x.npy",
                f"%{argument}={{dir}}/x.npy",
                f"{argument}={{dir}}/x.npz",
                f"{argument}={{dir}}/x.tensorbin",
                f"{argument}={{dir}}/dir.tensorbin",
            )
        )
        files["x.npy"] = _npy(_array(rng, shape, "float32"))
        files["x.npz"] = files["x.npy"]
        files["x.tensorbin"] = rng.choice((b"", b"\x00" * 64, files["x.npy"]))
        files["dir.tensorbin/placeholder"] = b""
        args += ["--input", spec]
        if rng.random() < 0.3:
            args += ["--input", spec]
        tried.append(f"--input {spec}")
    elif choice < 0.75:
        seed = rng.choice(("-1", "0", "1", str(2**64), "abc", "1.5", "", "-0", "0x10"))
        args += ["--random-inputs", seed]
        tried.append(f"--random-inputs {seed!r}")
    elif choice < 0.85:
        limit = rng.choice(
            ("0", "-5", "1", "1K", "16K", "1X", "9999999999999T", "8G", "k", "1.5G", "۱۲")
        )
        args += ["--max-bytes", limit]
        tried.append(f"--max-bytes {limit!r}")
    elif choice < 0.88:
        args += ["--expect", _expected(rng, files, tried, shape)]
    elif choice < 0.92:
        pipeline = rng.choice(
            (
                "ttnn-lower{",
                "ttnn-lowr",
                "",
                ",",
                "ttnn-lower,",
                "canonicalize{max-iterations=-1}",
                "ttnn-decompose{x=1}",
                "cse,cse,cse",
                "ttnn-lower{ }",
                "ttnn-lower}",
                "{}",
            )
        )
        args += ["-p", pipeline]
        tried.append(f"-p {pipeline!r}")
    else:
        entry_flag = rng.choice(("", "nope", "@main", "main main", "unary"))
        args[2] = entry_flag
        tried.append(f"--entry {entry_flag!r}")
    if "--random-inputs" not in args:
        args += ["--random-inputs", "0"]
    for flag, chance in (("--no-bulk", 0.2), ("--time", 0.05), ("--plot-text", 0.05)):
        if rng.random() < chance:
            args.append(flag)
    args += ["--max-bytes", MAX_BYTES] if "--max-bytes" not in args else []
    outputs: list[str] = []
    place = rng.random()
    if place < 0.6:
        args += ["--output", "{dir}/out.npz", "--raw-output", "{dir}/raw"]
        outputs += ["out.npz", "raw"]
    elif place < 0.7:
        files["taken/file"] = b""
        target = rng.choice(
            (
                "{dir}/taken",
                "{dir}/taken/file/x",
                "{dir}/missing/deeper/out.npz",
                "/dev/null/x",
                "{dir}/out.npy",
            )
        )
        flag = rng.choice(("--output", "--raw-output", "--tensorbin"))
        args += [flag, target]
        tried.append(f"{flag} {target}")
        if target.startswith("{dir}/missing/"):
            outputs.append("missing")
        elif target == "{dir}/out.npy" and flag != "--output":
            outputs.append("out.npy")  # a folder of that name (--output wants FILE.npz)
        elif target == "{dir}/taken" and flag != "--output":
            outputs.append("taken")  # an existing folder: the files go into it
    elif place < 0.8:
        args += ["--tensorbin", "{dir}/tb"]
        outputs.append("tb")
    elif place < 0.83:
        args += ["--plot", "{dir}/plots", "--plot-format", rng.choice(("png", "svg"))]
        outputs.append("plots")
    elif place < 0.85:
        args += ["--plot-format", "svg"]  # without --plot: refused
        tried.append("--plot-format without --plot")
    check = None
    if (
        given is not None
        and file == "assign_bw.mlir"
        and entry == "main"
        and argument == "grad"
        and "{dir}/out.npz" in args  # the other places of --output are refused
    ):
        check = _assign_bw_check(given)
    return Case(
        "input",
        f"{file} @{entry}: " + "; ".join(tried),
        "ttnn-run",
        args,
        files,
        outputs,
        check,
        tags=("inputs",),
    )


def _expected(
    rng: random.Random, files: dict[str, bytes], tried: list[str], shape: tuple[int, ...]
) -> str:
    """A place of expected values for `--expect`, often wrong: a folder of .npy, .bin and
    .tensorbin files named after the results, an .npz, or a path that is neither."""
    names = rng.choice(("result0", "result1", "prepared_weight", "grad_a", "nothing"))
    kind = rng.randrange(5)
    if kind == 0:
        values = _array(
            rng,
            rng.choice((shape, (1, 1, 64, 64), (2, 2), (1, 1, 576, 64))),
            rng.choice(("float32", "int32", "bool", "float64")),
        )
        files[f"expect/{names}.npy"] = (
            _npy(values) if rng.random() < 0.8 else _corrupt(rng, _npy(values))[0]
        )
        tried.append(f"--expect a folder with {names}.npy {values.dtype} {values.shape}")
        return "{dir}/expect"
    if kind == 1:
        size = rng.choice((0, 1, 8192, 4352, 2048 * 4, 7))
        files[f"expect/{names}.bin"] = bytes(
            rng.randrange(256) for _ in range(min(size, 64))
        ) * max(size // 64, 1)
        tried.append(f"--expect a folder with {names}.bin of {size} bytes")
        return "{dir}/expect"
    if kind == 2:
        files[f"expect/{names}.tensorbin"] = rng.choice((b"", b"\x00" * 100, bytes(range(256))))
        tried.append(f"--expect a folder with a garbage {names}.tensorbin")
        return "{dir}/expect"
    if kind == 3:
        buffer = io.BytesIO()
        np.savez(buffer, **{names: _array(rng, shape, rng.choice(("float32", "float16", "<U3")))})
        data = buffer.getvalue()
        if rng.random() < 0.3:
            data, what = _corrupt(rng, data)
            tried.append(what)
        files["expect.npz"] = data
        tried.append(f"--expect an .npz with {names}")
        return "{dir}/expect.npz"
    where = rng.choice(("{dir}/missing.npz", "{dir}/missing", "{dir}/program.mlir", "{dir}"))
    tried.append(f"--expect {where}")
    return where


def _assign_bw_check(grad: np.ndarray):
    """examples/assign_bw.mlir @main: grad_a is grad in bf16, grad_b grad in bfloat8_b
    (both from the bf16 grad the device holds)."""

    def check(folder: Path) -> str | None:
        values = _load_npz(folder)
        as_float = np.asarray(grad, dtype=np.float32)
        held = device_values(_padded(as_float), "bf16")
        for name, dtype in (("grad_a", "bf16"), ("grad_b", "bfp8_b")):
            expected = device_values(held, dtype)[..., :40, :50]
            if (difference := _compare(name, values[name], expected)) is not None:
                return difference
        return None

    return check

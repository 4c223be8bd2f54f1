"""Mutated IR: the example and lit files, with one to three textual mutations, run through
either tool with random passes and flags."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from fuzz.harness import MAX_BYTES, Case

ROOT = Path(__file__).resolve().parents[2]

INTERESTING_NUMBERS = (
    0,
    -1,
    1,
    2,
    3,
    31,
    32,
    33,
    64,
    1000,
    2**31 - 1,
    2**31,
    2**32,
    2**63 - 1,
    2**63,
    2**64,
    10**30,
)
ELEMENT_TYPES = ("f32", "bf16", "!ttnn.bfp8_b", "f16", "f64", "i32", "i1", "index", "i64")
KEYWORD_GROUPS = (
    ("tile", "row_major"),
    ("dram", "l1"),
    ("interleaved", "height_sharded", "width_sharded", "block_sharded"),
    ("true", "false"),
    ("bf16", "f32", "bfp8_b"),
    ("col_major", "row_major"),
    ("hifi4", "hifi2", "lofi"),
    (
        "ttnn.prepare_conv_weights",
        "ttnn.prepare_conv_bias",
        "ttnn.assign_bw",
        "ttnn.typecast",
        "ttnn.to_layout",
        "ttnn.conv_weights_interleaved_mm_layout",
        "ttnn.conv_weights_special_padding_layout",
        "ttnn.conv_weights_tiled_layout",
        "ttnn.conv_weights_block_sharded_layout",
        "ttnn.conv_weights_grouped_layout",
        "ttnn.conv_weights_depthwise_layout",
        "ttnn.conv_weights_fold_kernel_stride",
        "ttnn.conv_bias_layout",
    ),
    ("tile.load", "tile.store", "tile.tilize", "tile.untilize", "tile.typecast"),
    ("memref.subview", "memref.alloc", "memref.load", "memref.store", "memref.copy"),
    ("linalg.copy", "linalg.transpose", "linalg.broadcast", "linalg.fill"),
    ("arith.addi", "arith.muli", "arith.subi", "arith.divui", "arith.remsi"),
    ("scf.for", "scf.yield", "func.return", "func.call"),
)
_TOKEN = re.compile(
    r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|->|[%@#!^][\w.$-]+|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\w+(?:\.\w+)*|\S'
)
_NUMBER = re.compile(r"(?<![\w.%#@!^-])-?\d+(?![\w.])|(?<=x)\d+|\d+(?=x)")
_DIMS = re.compile(r"(?<=[<(])(?:\d+x)+")
_RANDOM_BYTES = b'\x00\xff\xc3\x80"{}()<>[]%#!^\\\n,=:x0123456789abz@-\t '


@cache
def corpus() -> tuple[tuple[str, str, float], ...]:
    """(name, text, weight): the examples, every lit file, and the examples lowered."""
    files = sorted((ROOT / "examples").glob("*.mlir")) + sorted(
        path
        for path in (ROOT / "tests" / "filecheck").rglob("*.mlir")
        if ".lit_out" not in path.parts  # lit's own output: not part of the repository
    )
    entries = [
        (str(path.relative_to(ROOT)), path.read_text(), 0.2 if "resnet50" in path.name else 1.0)
        for path in files
    ]
    entries += [
        (f"{name} (lowered)", lowered, weight)
        for name, text, weight in entries[: len(list((ROOT / "examples").glob("*.mlir")))]
        if (lowered := _lowered(text)) is not None
    ]
    return tuple(entries)


def _lowered(text: str) -> str | None:
    """`ttnn-opt -p ttnn-lower` of an example, in process."""
    from ttnn_xdsl.core.errors import TTNNError
    from ttnn_xdsl.dialect.context import make_context
    from ttnn_xdsl.frontend import parse_module
    from ttnn_xdsl.passes import TTNNLower

    try:
        ctx = make_context()
        module = parse_module(ctx, text, "<corpus>")
        TTNNLower().apply(ctx, module)
    except TTNNError:
        return None
    return str(module)


# ---------------------------------------------------------------------------------------------
# Mutators: (text, rng) -> (text, what was done)
# ---------------------------------------------------------------------------------------------

Mutator = Callable[[str, random.Random], tuple[str, str]]


def _tokens(text: str) -> list[re.Match[str]]:
    return list(_TOKEN.finditer(text))


def _pick_token(text: str, rng: random.Random) -> re.Match[str] | None:
    tokens = _tokens(text)
    return rng.choice(tokens) if tokens else None


def _position(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    return f"{line}:{index - (text.rfind(chr(10), 0, index) + 1) + 1}"


def delete_token(text: str, rng: random.Random) -> tuple[str, str]:
    token = _pick_token(text, rng)
    if token is None:
        return text, "delete: no token"
    return (
        text[: token.start()] + text[token.end() :],
        f"delete {token.group()[:20]!r} at {_position(text, token.start())}",
    )


def duplicate_token(text: str, rng: random.Random) -> tuple[str, str]:
    token = _pick_token(text, rng)
    if token is None:
        return text, "duplicate: no token"
    copies = rng.choice((1, 1, 2, 10))
    return (
        text[: token.end()] + (" " + token.group()) * copies + text[token.end() :],
        f"duplicate {token.group()[:20]!r}×{copies} at {_position(text, token.start())}",
    )


def swap_tokens(text: str, rng: random.Random) -> tuple[str, str]:
    tokens = _tokens(text)
    if len(tokens) < 2:
        return text, "swap: too few tokens"
    first = rng.randrange(len(tokens) - 1)
    second = first + 1 if rng.random() < 0.5 else rng.randrange(first + 1, len(tokens))
    a, b = tokens[first], tokens[second]
    swapped = (
        text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group() + text[b.end() :]
    )
    return swapped, f"swap {a.group()[:20]!r} and {b.group()[:20]!r}"


def change_number(text: str, rng: random.Random) -> tuple[str, str]:
    numbers = list(_NUMBER.finditer(text))
    if not numbers:
        return text, "number: none"
    number = rng.choice(numbers)
    value = rng.choice(INTERESTING_NUMBERS) if rng.random() < 0.8 else rng.randrange(0, 300)
    return (
        text[: number.start()] + str(value) + text[number.end() :],
        f"number {number.group()} -> {value} at {_position(text, number.start())}",
    )


def change_shape(text: str, rng: random.Random) -> tuple[str, str]:
    shapes = list(_DIMS.finditer(text))
    if not shapes:
        return text, "shape: none"
    shape = rng.choice(shapes)
    dims = shape.group().split("x")[:-1]
    choice = rng.randrange(3)
    if choice == 0 and len(dims) > 0:
        del dims[rng.randrange(len(dims))]
    elif choice == 1:
        dims.insert(rng.randrange(len(dims) + 1), str(rng.choice((1, 2, 32, 33, 0))))
    else:
        dims[rng.randrange(len(dims))] = str(rng.choice((0, 1, 2, 31, 32, 33, 63, 64, 65, 3000)))
    new = "".join(d + "x" for d in dims)
    return (
        text[: shape.start()] + new + text[shape.end() :],
        f"shape {shape.group()} -> {new or '(scalar)'}",
    )


def change_element_type(text: str, rng: random.Random) -> tuple[str, str]:
    pattern = "|".join(re.escape(t) for t in ELEMENT_TYPES)
    found = list(re.finditer(rf"(?<=x)(?:{pattern})\b|(?<=, )(?:{pattern})(?=>)", text))
    if not found:
        return text, "element type: none"
    match = rng.choice(found)
    new = rng.choice([t for t in ELEMENT_TYPES if t != match.group()])
    return (
        text[: match.start()] + new + text[match.end() :],
        f"element type {match.group()} -> {new} at {_position(text, match.start())}",
    )


def change_keyword(text: str, rng: random.Random) -> tuple[str, str]:
    group = rng.choice(KEYWORD_GROUPS)
    found = [m for word in group for m in re.finditer(rf"(?<![\w.]){re.escape(word)}\b", text)]
    if not found:
        return text, f"keyword: none of {group[0]}…"
    match = rng.choice(found)
    new = rng.choice([word for word in group if word != match.group()])
    return (
        text[: match.start()] + new + text[match.end() :],
        f"keyword {match.group()} -> {new} at {_position(text, match.start())}",
    )


def truncate(text: str, rng: random.Random) -> tuple[str, str]:
    cut = rng.randrange(len(text) + 1)
    return text[:cut], f"truncate at {_position(text, cut)}"


def random_bytes(text: str, rng: random.Random) -> tuple[str, str]:
    """Bytes inserted or overwritten; the text becomes bytes decoded with surrogates, so a
    byte that is not UTF-8 survives to the file (see `encode`)."""
    data = bytearray(encode(text))
    count = rng.choice((1, 1, 2, 5, 20))
    at = rng.randrange(len(data) + 1)
    # A quarter of the cases may hold bytes that are not UTF-8 (refused at once when read);
    # the rest stay ASCII, so the parser sees them.
    alphabet = _RANDOM_BYTES if rng.random() < 0.25 else bytes(b for b in _RANDOM_BYTES if b < 128)
    chunk = bytes(
        rng.choice(alphabet)
        if rng.random() < 0.7 or alphabet is not _RANDOM_BYTES
        else rng.randrange(256)
        for _ in range(count)
    )
    if rng.random() < 0.5:
        data[at:at] = chunk
        what = "insert"
    else:
        data[at : at + count] = chunk
        what = "overwrite"
    return decode(bytes(data)), f"{what} bytes {chunk!r} at byte {at}"


def deep_nesting(text: str, rng: random.Random) -> tuple[str, str]:
    depth = rng.choice((2, 10, 63, 64, 65, 100, 150, 300, 1000))
    choice = rng.randrange(3)
    if choice == 0:
        return (
            "builtin.module {\n" * depth + text + "\n}" * depth,
            f"wrap in {depth} modules",
        )
    at = rng.randrange(len(text) + 1)
    opening, closing = rng.choice((("(", ")"), ("<", ">"), ("[", "]"), ("{", "}")))
    inner = rng.choice(("i32", "f32", "", "1", "tensor<1xf32>"))
    nested = opening * depth + inner + (closing * depth if choice == 1 else "")
    return text[:at] + nested + text[at:], f"insert {depth}×{opening!r} at {_position(text, at)}"


def unterminated_string(text: str, rng: random.Random) -> tuple[str, str]:
    at = rng.randrange(len(text) + 1)
    tail = "a" * rng.choice((0, 5, 30, 200))
    return text[:at] + '"' + tail + text[
        at:
    ], f"insert '\"' + {len(tail)} chars at {_position(text, at)}"


def line_edit(text: str, rng: random.Random) -> tuple[str, str]:
    lines = text.split("\n")
    index = rng.randrange(len(lines))
    choice = rng.randrange(3)
    if choice == 0:
        del lines[index]
        what = "delete"
    elif choice == 1:
        lines.insert(index, lines[index])
        what = "duplicate"
    else:
        other = rng.randrange(len(lines))
        lines[index], lines[other] = lines[other], lines[index]
        what = f"swap with line {other + 1}"
    return "\n".join(lines), f"{what} line {index + 1}"


def splice(text: str, rng: random.Random) -> tuple[str, str]:
    name, other, _ = rng.choice(corpus())
    donor = [
        line for line in other.split("\n") if line.strip() and not line.lstrip().startswith("//")
    ]
    if not donor:
        return text, "splice: empty donor"
    line = rng.choice(donor)
    lines = text.split("\n")
    at = rng.randrange(len(lines) + 1)
    lines.insert(at, line)
    return "\n".join(lines), f"splice a line of {name} at line {at + 1}"


MUTATORS: dict[str, Mutator] = {
    "delete": delete_token,
    "duplicate": duplicate_token,
    "swap": swap_tokens,
    "number": change_number,
    "shape": change_shape,
    "element type": change_element_type,
    "keyword": change_keyword,
    "truncate": truncate,
    "bytes": random_bytes,
    "nesting": deep_nesting,
    "string": unterminated_string,
    "line": line_edit,
    "splice": splice,
}
_WEIGHTS = {"number": 3, "shape": 2, "keyword": 2, "delete": 2, "element type": 1.5}


def encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def decode(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


# ---------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------

_PIPELINES = (
    "",
    "import-tt-mlir",
    "import-tt-mlir,ttnn-lower",
    "export-tt-mlir",
    "ttnn-decompose",
    "ttnn-lower",
    "convert-ttnn-to-tiles",
    "ttnn-lower,canonicalize,cse",
    "ttnn-decompose,convert-ttnn-to-tiles",
)
_FUNCTION = re.compile(r"func\.func @([\w.$-]+)")


@cache
def upstream_passes() -> tuple[str, ...]:
    """Every pass of xDSL: any of them may be asked for on the project's IR."""
    from xdsl.transforms import get_all_passes

    return tuple(sorted(get_all_passes()))


_TARGETS = ("mlir", "riscv-asm", "x86-asm", "arm-asm", "wat", "wgsl", "csl", "llvm", "mps", "nope")
_FLAGS = (
    "--allow-unregistered-dialect",
    "--no-implicit-module",
    "--print-debuginfo",
    "--print-between-passes",
    "--print-op-generic",
    "--print-no-properties",
)


def _pipeline(rng: random.Random) -> str:
    """A project pipeline, now and then with an upstream pass of xDSL in it."""
    pipeline = rng.choice(_PIPELINES)
    if rng.random() < 0.1:
        upstream = rng.choice(upstream_passes())
        pipeline = f"{pipeline},{upstream}" if pipeline else upstream
    return pipeline


def mutation_case(rng: random.Random) -> Case:
    """One mutated corpus file run through ttnn-opt or ttnn-run."""
    entries = corpus()
    name, text, _ = rng.choices(entries, weights=[weight for _, _, weight in entries])[0]
    names = list(MUTATORS)
    chosen = rng.choices(
        names, weights=[_WEIGHTS.get(n, 1) for n in names], k=rng.choice((1, 1, 2, 3))
    )
    done = []
    for mutator in chosen:
        text, what = MUTATORS[mutator](text, rng)
        done.append(what)
    source = encode(text)
    files = {"case.mlir": source}
    label = f"{name}: " + "; ".join(done)
    if rng.random() < 0.5:
        args = ["{dir}/case.mlir"]
        if pipeline := rng.choice(_PIPELINES):
            args += ["-p", pipeline]
        if "// -----" in text and rng.random() < 0.7:
            args.append("--split-input-file")
            if "expected-error" in text and rng.random() < 0.5:
                args.append("--verify-diagnostics")
        outputs = []
        if rng.random() < 0.3:
            args += ["-o", "{dir}/out.mlir"]
            outputs.append("out.mlir")
        return Case("mutation", label, "ttnn-opt", args, files, outputs, tags=tuple(chosen))
    args = ["{dir}/case.mlir", "--random-inputs", str(rng.randrange(4)), "--max-bytes", MAX_BYTES]
    functions = [f for f in _FUNCTION.findall(text) if f != "main" or "resnet50" not in name]
    if functions and (rng.random() < 0.5 or "resnet50" in name or "conv_layouts" in name):
        args += ["--entry", rng.choice(functions)]
    outputs = []
    if rng.random() < 0.7:
        args += ["--output", "{dir}/out.npz"]
        outputs.append("out.npz")
    if rng.random() < 0.4:
        args += ["--raw-output", "{dir}/raw"]
        outputs.append("raw")
    if rng.random() < 0.2:
        args += ["--tensorbin", "{dir}/tensorbin"]
        outputs.append("tensorbin")
    if rng.random() < 0.2:
        args.append("--print")
    if rng.random() < 0.1:
        args += ["-p", _pipeline(rng)]
    for flag, chance in (("--no-bulk", 0.2), ("--time", 0.05), ("--plot-text", 0.05)):
        if rng.random() < chance:
            args.append(flag)
    if "--entry" not in args and rng.random() < 0.05:
        args += ["--entry", "all"]
    return Case("mutation", label, "ttnn-run", args, files, outputs, tags=tuple(chosen))

"""Each conv weight/bias layout op (semantics.md §3.6, §3.4) run alone against an independent NumPy
formula.

Every test runs an IR function holding one layout op through `ttnn_xdsl.runtime.run` on random
weights and compares the result's physical matrix (`physical_to_numpy`) bit for bit and its
exact device bytes (`to_bytes`) with the index maps of semantics.md §3.6, written below as plain
loops, composed with the reference data formats of `reference_formats` (semantics.md §1). Nothing
here calls the project's own layout code or resolution. The shapes in the cases are the formulas of
docs/semantics.md evaluated by hand; the reference asserts that its own matrix has that shape too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
from reference_formats import DTYPES, device_bytes, device_values, host_bytes, host_values

from ttnn_xdsl.program import run

HOSTS = ("f32", "bf16")
ELEMENT = {"f32": "f32", "bf16": "bf16", "bfp8_b": "!ttnn.bfp8_b"}


# ------------------------------------------------------------------------------------------
# semantics.md §3.6 index maps (M is zero-initialised; W is the channel-padded OIHW weight)
# ------------------------------------------------------------------------------------------


def round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def pad_channels(w: np.ndarray, out_channels: int, in_channels: int) -> np.ndarray:
    """semantics.md §3.3 step 8: zero-pad an OIHW weight to [out_channels, in_channels, KH, KW]."""
    o, i, kh, kw = w.shape
    padded = np.zeros((out_channels, in_channels, kh, kw), dtype=np.float32)
    padded[:o, :i] = w
    return padded


def interleaved_mm(w: np.ndarray) -> np.ndarray:
    """§3.6.1: rows = round_up(KH·KW·I, 32), cols = round_up(O, 32),
    M[(r·KW + s)·I + i, o] = W[o, i, r, s]."""
    o_n, i_n, kh, kw = w.shape
    m = np.zeros((round_up(kh * kw * i_n, 32), round_up(o_n, 32)), dtype=np.float32)
    for o in range(o_n):
        for i in range(i_n):
            for r in range(kh):
                for s in range(kw):
                    m[(r * kw + s) * i_n + i, o] = w[o, i, r, s]
    return m


def special_padding(w: np.ndarray, block_h: int, block_w: int, reuse: bool) -> np.ndarray:
    """§3.6.2: BH = block_h·32, cols = round_up(O, block_w·32); without reuse rows = BH·KH,
    M[r·BH + s·I + i, o]; with reuse rows = BH, M[(r·KW + s)·I + i, o]."""
    o_n, i_n, kh, kw = w.shape
    bh = block_h * 32
    rows = bh if reuse else bh * kh
    m = np.zeros((rows, round_up(o_n, block_w * 32)), dtype=np.float32)
    for o in range(o_n):
        for i in range(i_n):
            for r in range(kh):
                for s in range(kw):
                    row = (r * kw + s) * i_n + i if reuse else r * bh + s * i_n + i
                    m[row, o] = w[o, i, r, s]
    return m


def tiled(w: np.ndarray, block_h: int, block_w: int) -> np.ndarray:
    """§3.6.3: rows = round_up(I·KH·KW, block_h·32), cols = round_up(O, block_w·32),
    M[(r·KW + s)·I + i, o] = W[o, i, r, s]."""
    o_n, i_n, kh, kw = w.shape
    m = np.zeros(
        (round_up(i_n * kh * kw, block_h * 32), round_up(o_n, block_w * 32)), dtype=np.float32
    )
    for o in range(o_n):
        for i in range(i_n):
            for r in range(kh):
                for s in range(kw):
                    m[(r * kw + s) * i_n + i, o] = w[o, i, r, s]
    return m


def block_sharded(w: np.ndarray, in_shards: int, out_shards: int, full: bool) -> np.ndarray:
    """§3.6.4: M[ic·BHP + rowoff, oc·owp + k] = W[oc·ow + k, ic·iw + c, r, s]."""
    o_n, i_n, kh, kw = w.shape
    ow = o_n // out_shards
    owp = round_up(ow, 32)
    cols = owp * out_shards if ow < owp else o_n
    iw = i_n // in_shards
    bhp = round_up(iw * kh * kw, 32) if full else round_up(iw * kw, 32) * kh
    rows = bhp * in_shards if iw * kh * kw < bhp else i_n * kh * kw
    m = np.zeros((rows, cols), dtype=np.float32)
    for oc in range(out_shards):
        for k in range(ow):
            for ic in range(in_shards):
                for c in range(iw):
                    for r in range(kh):
                        for s in range(kw):
                            if full:
                                rowoff = r * kw * iw + s * iw + c
                            else:
                                rowoff = r * round_up(iw * kw, 32) + s * iw + c
                            m[ic * bhp + rowoff, oc * owp + k] = w[oc * ow + k, ic * iw + c, r, s]
    return m


def grouped(w: np.ndarray, groups: int) -> np.ndarray:
    """§3.6.5: [O, I/g, KH, KW] → [O, I, KH, KW], out[b, gid·(I/g) + j] = in[b, j] with
    gid = min(b // (O/g), g − 1)."""
    o_n, ig, kh, kw = w.shape
    out = np.zeros((o_n, ig * groups, kh, kw), dtype=w.dtype)
    for b in range(o_n):
        gid = min(b // (o_n // groups), groups - 1)
        for j in range(ig):
            out[b, gid * ig + j] = w[b, j]
    return out


def depthwise(w: np.ndarray, ntiles: int) -> np.ndarray:
    """§3.6.6: [O, 1, KH, KW] → [O, KH·KW·A, 1, 1], out[o, p·A + j] = in[o, 0, p // KW, p % KW]
    with A = act_block_h_ntiles·32."""
    o_n, _, kh, kw = w.shape
    a = ntiles * 32
    out = np.zeros((o_n, kh * kw * a, 1, 1), dtype=w.dtype)
    for o in range(o_n):
        for p in range(kh * kw):
            for j in range(a):
                out[o, p * a + j, 0, 0] = w[o, 0, p // kw, p % kw]
    return out


def fold(w: np.ndarray, sh: int, sw: int) -> np.ndarray:
    """§3.6.7: [O, I, KH, KW] → [O, I·sH·sW, ceil(KH/sH), ceil(KW/sW)],
    out[o, ((kh % sH)·sW + kw % sW)·I + i, kh // sH, kw // sW] = in[o, i, kh, kw]."""
    o_n, i_n, kh_n, kw_n = w.shape
    out = np.zeros((o_n, i_n * sh * sw, -(-kh_n // sh), -(-kw_n // sw)), dtype=w.dtype)
    for o in range(o_n):
        for i in range(i_n):
            for kh in range(kh_n):
                for kw in range(kw_n):
                    channel = ((kh % sh) * sw + kw % sw) * i_n + i
                    out[o, channel, kh // sh, kw // sw] = w[o, i, kh, kw]
    return out


def iohw_to_oihw(w: np.ndarray, groups: int) -> np.ndarray:
    """§7.3: IOHW [I, O/g, KH, KW] → OIHW [O, I, KH, KW], out[q·(O/g) + c, i, r, s] =
    in[i, c, r, s] with q = i // (I/g), zeros elsewhere."""
    i_n, og, kh, kw = w.shape
    out = np.zeros((og * groups, i_n, kh, kw), dtype=w.dtype)
    for i in range(i_n):
        q = i // (i_n // groups)
        for c in range(og):
            out[q * og + c, i] = w[i, c]
    return out


def mirror(w: np.ndarray) -> np.ndarray:
    """§7.3: out[o, i, r, s] = in[o, i, KH − 1 − r, KW − 1 − s]."""
    _, _, kh, kw = w.shape
    out = np.empty_like(w)
    for r in range(kh):
        for s in range(kw):
            out[:, :, r, s] = w[:, :, kh - 1 - r, kw - 1 - s]
    return out


def bias_matrix(b: np.ndarray, width: int) -> np.ndarray:
    """§3.4: [1, 1, 1, O] → [32, width], row 0 holds the values, zeros elsewhere."""
    m = np.zeros((32, width), dtype=np.float32)
    m[0, : b.shape[3]] = b[0, 0, 0]
    return m


# ------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------


def random_weight(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """Normal values, a fifth of them scaled by 2^-40 … 2^3 (so bfloat8_b blocks mix
    exponents far apart), a few exact zeros and negative zeros."""
    rng = np.random.default_rng(seed)
    w = rng.standard_normal(shape).astype(np.float32)
    scaled = rng.random(shape) < 0.2
    w = np.where(scaled, np.ldexp(w, rng.integers(-40, 4, size=shape)), w).astype(np.float32)
    w[rng.random(shape) < 0.05] = 0.0
    w[rng.random(shape) < 0.02] = -0.0
    return w


def assert_same_bits(actual: np.ndarray, expected: np.ndarray) -> None:
    """float32 arrays equal bit for bit (so -0.0 ≠ 0.0), with the first differences shown."""
    actual = np.ascontiguousarray(actual, dtype=np.float32)
    expected = np.ascontiguousarray(expected, dtype=np.float32)
    assert actual.shape == expected.shape, f"shape {actual.shape} != expected {expected.shape}"
    differ = actual.view(np.uint32) != expected.view(np.uint32)
    if differ.any():
        first = [tuple(int(x) for x in p) for p in np.argwhere(differ)[:5]]
        shown = ", ".join(f"{p}: got {actual[p]!r}, expected {expected[p]!r}" for p in first)
        raise AssertionError(f"{int(differ.sum())} of {differ.size} values differ; {shown}")


def dims(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))


def host_type(shape: tuple[int, ...], dtype: str) -> str:
    return f"tensor<{dims(shape)}x{ELEMENT[dtype]}>"


def tile_type(logical: tuple[int, ...], physical: tuple[int, ...], dtype: str) -> str:
    return (
        f"tensor<{dims(logical)}x{ELEMENT[dtype]}, "
        f"#ttnn.tensor_layout<tile, physical = {dims(physical)}>>"
    )


def property_text(properties: dict[str, Any]) -> str:
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, tuple):
            return "[" + ", ".join(map(str, v)) + "]"
        return str(v)

    return " ".join(f"{k} = {value(v)}" for k, v in properties.items())


def one_op_function(op: str, properties: dict[str, Any], source: str, result: str) -> str:
    """`func.func @main(%w: source) -> result` holding the single op `ttnn.<op>`."""
    return (
        f"func.func @main(%w: {source}) -> {result} {{\n"
        f"  %r = ttnn.{op} %w {property_text(properties)} : {source} -> {result}\n"
        f"  func.return %r : {result}\n"
        "}\n"
    )


def seed_of(text: str) -> int:
    return sum(ord(c) * (k + 1) for k, c in enumerate(text)) % 2**31


# ------------------------------------------------------------------------------------------
# Matrix layouts: interleaved MM, special padding, tiled, block sharded
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatrixCase:
    id: str
    op: str
    shape: tuple[int, int, int, int]
    """The weight as given (OIHW, before channel padding)."""
    properties: dict[str, Any]
    physical: tuple[int, int]
    """(rows, cols), from semantics.md §3.6 by hand (see each case's comment)."""
    reference: Callable[[np.ndarray], np.ndarray] = field(repr=False)

    def expected_matrix(self, w: np.ndarray) -> np.ndarray:
        o_pad = self.properties.get("padded_out_channels", self.shape[0])
        i_pad = self.properties.get("padded_in_channels", self.shape[1])
        return self.reference(pad_channels(w, o_pad, i_pad))


def mm_case(case_id: str, shape: tuple[int, int, int, int], physical: tuple[int, int]):
    return MatrixCase(
        case_id, "conv_weights_interleaved_mm_layout", shape, {}, physical, interleaved_mm
    )


def sp_case(case_id, shape, block_h, block_w, reuse, physical, padded=None):
    properties: dict[str, Any] = {"block_h": block_h, "block_w": block_w}
    if reuse is not None:
        properties["enable_activation_reuse"] = reuse
    if padded:
        properties["padded_in_channels"], properties["padded_out_channels"] = padded
    return MatrixCase(
        case_id,
        "conv_weights_special_padding_layout",
        shape,
        properties,
        physical,
        lambda w: special_padding(w, block_h, block_w, bool(reuse)),
    )


def tiled_case(case_id, shape, block_h, block_w, physical, padded=None):
    properties: dict[str, Any] = {"block_h": block_h, "block_w": block_w}
    if padded:
        properties["padded_in_channels"], properties["padded_out_channels"] = padded
    return MatrixCase(
        case_id,
        "conv_weights_tiled_layout",
        shape,
        properties,
        physical,
        lambda w: tiled(w, block_h, block_w),
    )


def block_case(case_id, shape, in_shards, out_shards, full, physical, padded=None):
    properties: dict[str, Any] = {"in_shards": in_shards, "out_shards": out_shards}
    if full is not None:
        properties["full_inner_dim"] = full
    if padded:
        properties["padded_in_channels"], properties["padded_out_channels"] = padded
    return MatrixCase(
        case_id,
        "conv_weights_block_sharded_layout",
        shape,
        properties,
        physical,
        lambda w: block_sharded(w, in_shards, out_shards, bool(full)),
    )


MATRIX_CASES = [
    # rows round_up(3·3·4 = 36, 32) = 64, cols round_up(8, 32) = 32
    mm_case("mm_36rows", (8, 4, 3, 3), (64, 32)),
    # rows round_up(1·1·3, 32) = 32, cols round_up(40, 32) = 64 (O not a multiple of 32)
    mm_case("mm_o40", (40, 3, 1, 1), (32, 64)),
    # rows round_up(2·3·5 = 30, 32) = 32, cols round_up(33, 32) = 64
    mm_case("mm_rect_kernel", (33, 5, 2, 3), (32, 64)),
    # semantics.md §3.7: BH 64, I·KW = 48 ≤ 64, rows 64·3 = 192, cols round_up(32, 32) = 32
    sp_case("sp_spec_block_h2", (32, 16, 3, 3), 2, 1, None, (192, 32)),
    # semantics.md §3.7: reuse, BH 160 ≥ I·KH·KW = 144, rows 160
    sp_case("sp_spec_block_h5_reuse", (32, 16, 3, 3), 5, 1, True, (160, 32)),
    # semantics.md §3.7 example 1 at the layout level: I 3 → 8, O 2 → 32, BH 32 ≥ 8·3, rows 96
    sp_case("sp_padded", (2, 3, 3, 3), 1, 1, False, (96, 32), padded=(8, 32)),
    # padded I 3 → 8 with reuse: BH 96 ≥ 8·9 = 72, rows 96; O 4 → 32
    sp_case("sp_padded_reuse", (4, 3, 3, 3), 3, 1, True, (96, 32), padded=(8, 32)),
    # block_w 2: cols round_up(40, 64) = 64; BH 32 ≥ 8·3; rows 96
    sp_case("sp_block_w2", (40, 8, 3, 3), 1, 2, False, (96, 64)),
    # block_w 2 with O 40 → 64 padded: cols 64; I 5 → 16, BH 64 ≥ 16·2, KH 2 → rows 128
    sp_case("sp_block_w2_padded", (40, 5, 2, 2), 2, 2, False, (128, 64), padded=(16, 64)),
    # semantics.md §3.7: rows round_up(36, 32) = 64, cols 32
    tiled_case("tiled_spec", (8, 4, 3, 3), 1, 1, (64, 32)),
    # rows round_up(8·9 = 72, 64) = 128, cols round_up(40, 64) = 64
    tiled_case("tiled_block_2x2", (40, 8, 3, 3), 2, 2, (128, 64)),
    # I 10 → 32, O 30 → 64: rows round_up(288, 96) = 288, cols round_up(64, 32) = 64
    tiled_case("tiled_padded", (30, 10, 3, 3), 3, 1, (288, 64), padded=(32, 64)),
    # rows round_up(3·2·2 = 12, 128) = 128, cols round_up(5, 96) = 96
    tiled_case("tiled_block_4x3", (5, 3, 2, 2), 4, 3, (128, 96)),
    # semantics.md §3.7: ow 32 = owp → cols 64; iw 16, BHP round_up(48, 32)·3 = 192, rows 384
    block_case("block_spec", (64, 32, 3, 3), 2, 2, False, (384, 64)),
    # semantics.md §3.7: BHP round_up(144, 32) = 160, rows 320
    block_case("block_spec_full", (64, 32, 3, 3), 2, 2, True, (320, 64)),
    # semantics.md §3.7 (BLOCK, 8×2 shards): iw 8, BHP round_up(24, 32)·3 = 96, rows 768; cols 64
    block_case("block_8x2", (64, 64, 3, 3), 8, 2, None, (768, 64)),
    # ow 5 < owp 32 → cols 128; iw 4, BHP round_up(12, 32)·3 = 96, rows 288
    block_case("block_3x4", (20, 12, 3, 3), 3, 4, False, (288, 128)),
    # full: BHP round_up(36, 32) = 64, rows 192
    block_case("block_3x4_full", (20, 12, 3, 3), 3, 4, True, (192, 128)),
    # I 10 → 16, O 30 → 64: iw 8, ow 32 → cols 64; BHP round_up(16, 32)·2 = 64, rows 128
    block_case("block_padded", (30, 10, 2, 2), 2, 2, False, (128, 64), padded=(16, 64)),
    # full: BHP round_up(8·4, 32) = 32 = iw·KH·KW → rows = I·KH·KW = 64
    block_case("block_padded_full", (30, 10, 2, 2), 2, 2, True, (64, 64), padded=(16, 64)),
    # Kernels that are not square (KH ≠ KW), so that a kernel-row stride written with the
    # other extent moves elements.
    # I·KW = 24 ≤ BH 32, rows 32·KH 2 = 64, cols 32
    sp_case("sp_k2x3", (8, 8, 2, 3), 1, 1, False, (64, 32)),
    # I·KW = 48 ≤ BH 64, rows 64·KH 1 = 64
    sp_case("sp_k1x3", (8, 16, 1, 3), 2, 1, False, (64, 32)),
    # I·KW = 16 ≤ BH 32, rows 32·KH 3 = 96
    sp_case("sp_k3x1", (8, 16, 3, 1), 1, 1, False, (96, 32)),
    # reuse: BH 64 ≥ I·KH·KW = 48, rows 64
    sp_case("sp_k2x3_reuse", (8, 8, 2, 3), 2, 1, True, (64, 32)),
    # rows round_up(8·2·3 = 48, 32) = 64, cols 32
    tiled_case("tiled_k2x3", (8, 8, 2, 3), 1, 1, (64, 32)),
    # rows round_up(16·1·3 = 48, 64) = 64, cols round_up(40, 64) = 64
    tiled_case("tiled_k1x3", (40, 16, 1, 3), 2, 2, (64, 64)),
    # rows round_up(16·3·1 = 48, 32) = 64, cols 32
    tiled_case("tiled_k3x1", (8, 16, 3, 1), 1, 1, (64, 32)),
    # iw 8: BHP round_up(8·3, 32)·2 = 64, iw·KH·KW = 48 < 64 → rows 128; ow 32 → cols 64
    block_case("block_k2x3", (64, 16, 2, 3), 2, 2, False, (128, 64)),
    # full: BHP round_up(48, 32) = 64 → rows 128
    block_case("block_k2x3_full", (64, 16, 2, 3), 2, 2, True, (128, 64)),
    # iw 16: BHP round_up(16·3, 32)·1 = 64, 48 < 64 → rows 128
    block_case("block_k1x3", (64, 32, 1, 3), 2, 2, False, (128, 64)),
    # iw 16: BHP round_up(16·1, 32)·3 = 96, 48 < 96 → rows 192
    block_case("block_k3x1", (64, 32, 3, 1), 2, 2, False, (192, 64)),
    # full: BHP round_up(48, 32) = 64 → rows 128
    block_case("block_k3x1_full", (64, 32, 3, 1), 2, 2, True, (128, 64)),
]


def run_matrix_case(case: MatrixCase, w: np.ndarray, host: str, dtype: str):
    o, i, kh, kw = case.shape
    logical = (1, 1, i * kh * kw, o)
    text = one_op_function(
        case.op,
        case.properties,
        host_type(case.shape, host),
        tile_type(logical, (1, 1, *case.physical), dtype),
    )
    (result,) = run(text, {"w": w})
    assert result.logical_shape == logical
    assert result.physical_shape == (1, 1, *case.physical)
    assert result.dtype.value == dtype
    assert result.layout.value == "tile"
    return result


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("case", MATRIX_CASES, ids=lambda c: c.id)
def test_matrix_layout(case: MatrixCase, host: str, dtype: str) -> None:
    w = random_weight(case.shape, seed_of(case.id + host))
    result = run_matrix_case(case, w, host, dtype)
    matrix = case.expected_matrix(host_values(w, host))
    assert matrix.shape == case.physical
    physical = matrix.reshape(1, 1, *matrix.shape)
    assert_same_bits(result.physical_to_numpy(), device_values(physical, dtype))
    assert result.to_bytes() == device_bytes(physical, dtype)


# ------------------------------------------------------------------------------------------
# Host reshapes: grouped, 1D depthwise, kernel-stride fold
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReshapeCase:
    id: str
    op: str
    shape: tuple[int, int, int, int]
    properties: dict[str, Any]
    result_shape: tuple[int, int, int, int]
    """By hand from semantics.md §3.6.5–7 (see each case's comment)."""
    reference: Callable[[np.ndarray], np.ndarray] = field(repr=False)


RESHAPE_CASES = [
    # [O, I/g, KH, KW] → [O, I, KH, KW]: I = 2·3
    ReshapeCase(
        "grouped_3", "conv_weights_grouped_layout", (6, 2, 3, 3), {"groups": 3}, (6, 6, 3, 3),
        lambda w: grouped(w, 3),
    ),
    # semantics.md §3.7's grouped weight: [4, 2, 1, 1], groups 2 → [4, 4, 1, 1]
    ReshapeCase(
        "grouped_spec", "conv_weights_grouped_layout", (4, 2, 1, 1), {"groups": 2}, (4, 4, 1, 1),
        lambda w: grouped(w, 2),
    ),
    # groups 4, O/g = 2: I = 3·4 = 12
    ReshapeCase(
        "grouped_4", "conv_weights_grouped_layout", (8, 3, 2, 2), {"groups": 4}, (8, 12, 2, 2),
        lambda w: grouped(w, 4),
    ),
    # 2D depthwise expanded as grouped (0.81.1): [8, 1, 3, 3] → [8, 8, 3, 3]
    ReshapeCase(
        "grouped_depthwise", "conv_weights_grouped_layout", (8, 1, 3, 3), {"groups": 8},
        (8, 8, 3, 3), lambda w: grouped(w, 8),
    ),
    # semantics.md §3.7: [8, 1, 2, 2], ntiles 1 → [8, 2·2·32 = 128, 1, 1]
    ReshapeCase(
        "depthwise_spec", "conv_weights_depthwise_layout", (8, 1, 2, 2),
        {"act_block_h_ntiles": 1}, (8, 128, 1, 1), lambda w: depthwise(w, 1),
    ),
    # ntiles 2: [5, 1, 1, 3] → [5, 1·3·64 = 192, 1, 1]
    ReshapeCase(
        "depthwise_ntiles2", "conv_weights_depthwise_layout", (5, 1, 1, 3),
        {"act_block_h_ntiles": 2}, (5, 192, 1, 1), lambda w: depthwise(w, 2),
    ),
    # stride 2×2: [4, 3, 4, 4] → [4, 3·4 = 12, 2, 2]
    ReshapeCase(
        "fold_2x2", "conv_weights_fold_kernel_stride", (4, 3, 4, 4), {"stride": (2, 2)},
        (4, 12, 2, 2), lambda w: fold(w, 2, 2),
    ),
    # stride 4×4: [4, 3, 4, 4] → [4, 3·16 = 48, 1, 1]
    ReshapeCase(
        "fold_4x4", "conv_weights_fold_kernel_stride", (4, 3, 4, 4), {"stride": (4, 4)},
        (4, 48, 1, 1), lambda w: fold(w, 4, 4),
    ),
    # kernel 3×5 not a multiple of stride 2: → [4, 2·4 = 8, ceil(3/2) = 2, ceil(5/2) = 3]
    ReshapeCase(
        "fold_ragged", "conv_weights_fold_kernel_stride", (4, 2, 3, 5), {"stride": (2, 2)},
        (4, 8, 2, 3), lambda w: fold(w, 2, 2),
    ),
    # stride 2×3 on a 3×3 kernel: → [3, 2·6 = 12, 2, 1]
    ReshapeCase(
        "fold_2x3", "conv_weights_fold_kernel_stride", (3, 2, 3, 3), {"stride": (2, 3)},
        (3, 12, 2, 1), lambda w: fold(w, 2, 3),
    ),
    # IOHW [16, 24, 3, 3] → OIHW [24, 16, 3, 3]: a plain transpose of the channel dims
    ReshapeCase(
        "iohw_to_oihw", "conv_weights_iohw_to_oihw", (16, 24, 3, 3), {"groups": 1},
        (24, 16, 3, 3), lambda w: iohw_to_oihw(w, 1),
    ),
    # 2 groups: IOHW [4, 3, 2, 2] → [3·2 = 6, 4, 2, 2], block-diagonal
    ReshapeCase(
        "iohw_to_oihw_2", "conv_weights_iohw_to_oihw", (4, 3, 2, 2), {"groups": 2},
        (6, 4, 2, 2), lambda w: iohw_to_oihw(w, 2),
    ),
    # depthwise (groups = I = 8): IOHW [8, 1, 4, 4] → a diagonal [8, 8, 4, 4]
    ReshapeCase(
        "iohw_to_oihw_depthwise", "conv_weights_iohw_to_oihw", (8, 1, 4, 4), {"groups": 8},
        (8, 8, 4, 4), lambda w: iohw_to_oihw(w, 8),
    ),
    # the mirror keeps the shape: a 3×2 kernel, and a 1×16 (ConvTranspose1d) one
    ReshapeCase(
        "mirror_3x2", "conv_weights_mirror_kernel", (5, 3, 3, 2), {}, (5, 3, 3, 2), mirror,
    ),
    ReshapeCase(
        "mirror_1x16", "conv_weights_mirror_kernel", (4, 2, 1, 16), {}, (4, 2, 1, 16), mirror,
    ),
]  # fmt: skip


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("case", RESHAPE_CASES, ids=lambda c: c.id)
def test_reshape_layout(case: ReshapeCase, host: str) -> None:
    w = random_weight(case.shape, seed_of(case.id + host))
    text = one_op_function(
        case.op,
        case.properties,
        host_type(case.shape, host),
        host_type(case.result_shape, host),
    )
    (result,) = run(text, {"w": w})
    assert result.logical_shape == case.result_shape
    assert result.dtype.value == host
    assert result.layout.value == "row_major"
    expected = case.reference(host_values(w, host))
    assert expected.shape == case.result_shape
    assert_same_bits(result.physical_to_numpy(), expected)
    assert result.to_bytes() == host_bytes(expected, host)


# ------------------------------------------------------------------------------------------
# Bias
# ------------------------------------------------------------------------------------------

BIAS_CASES = [(40, 64), (8, 32), (64, 128), (32, 32), (1, 96)]
"""(O, width): width a multiple of 32 of at least O (semantics.md §3.4)."""


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize(("out_channels", "width"), BIAS_CASES)
def test_bias_layout(out_channels: int, width: int, host: str, dtype: str) -> None:
    shape = (1, 1, 1, out_channels)
    b = random_weight(shape, seed_of(f"bias{out_channels}{width}{host}"))
    text = one_op_function(
        "conv_bias_layout",
        {"width": width},
        host_type(shape, host),
        tile_type(shape, (1, 1, 32, width), dtype),
    )
    (result,) = run(text, {"w": b})
    assert result.logical_shape == shape
    assert result.physical_shape == (1, 1, 32, width)
    assert result.dtype.value == dtype
    physical = bias_matrix(host_values(b, host), width).reshape(1, 1, 32, width)
    assert_same_bits(result.physical_to_numpy(), device_values(physical, dtype))
    assert result.to_bytes() == device_bytes(physical, dtype)
    # The logical view is the bias itself (semantics.md §3.4: logical shape stays [1, 1, 1, O]).
    assert_same_bits(result.to_numpy(), device_values(physical, dtype)[:, :, :1, :out_channels])


# ------------------------------------------------------------------------------------------
# semantics.md §3.7's worked examples, verbatim
# ------------------------------------------------------------------------------------------


def test_spec_tiled_example() -> None:
    """tiled layout, W [8,4,3,3], block (1,1): physical [1,1,64,32],
    M[:36,:8] = W.transpose(2,3,1,0).reshape(36, 8)."""
    w = random_weight((8, 4, 3, 3), 1)
    text = one_op_function(
        "conv_weights_tiled_layout",
        {"block_h": 1, "block_w": 1},
        host_type((8, 4, 3, 3), "f32"),
        tile_type((1, 1, 36, 8), (1, 1, 64, 32), "f32"),
    )
    (result,) = run(text, {"w": w})
    assert result.physical_shape == (1, 1, 64, 32)
    m = result.physical_to_numpy()[0, 0]
    expected = np.zeros((64, 32), dtype=np.float32)
    expected[:36, :8] = w.transpose(2, 3, 1, 0).reshape(36, 8)
    assert_same_bits(m, expected)


@pytest.mark.parametrize(("full", "rows"), [(False, 384), (True, 320)])
def test_spec_block_sharded_example(full: bool, rows: int) -> None:
    """block sharded, W [64,32,3,3], shards (2,2): physical [1,1,384,64]; with
    full_inner_dim [1,1,320,64]."""
    case = block_case("spec", (64, 32, 3, 3), 2, 2, full, (rows, 64))
    w = random_weight((64, 32, 3, 3), 2)
    result = run_matrix_case(case, w, "f32", "f32")
    assert result.physical_shape == (1, 1, rows, 64)
    assert_same_bits(result.physical_to_numpy()[0, 0], case.expected_matrix(w))


@pytest.mark.parametrize(("block_h", "reuse", "rows"), [(2, False, 192), (5, True, 160)])
def test_spec_special_padding_example(block_h: int, reuse: bool, rows: int) -> None:
    """special padding, W [32,16,3,3]: block_h 2 → [1,1,192,32]; block_h 5 with reuse →
    [1,1,160,32]."""
    case = sp_case("spec", (32, 16, 3, 3), block_h, 1, reuse, (rows, 32))
    w = random_weight((32, 16, 3, 3), 3)
    result = run_matrix_case(case, w, "f32", "f32")
    assert result.physical_shape == (1, 1, rows, 32)
    assert_same_bits(result.physical_to_numpy()[0, 0], case.expected_matrix(w))


def test_spec_depthwise_example() -> None:
    """depthwise, W [8,1,2,2], act_block_h_ntiles 1 → [8,128,1,1]: row o is W[o,0,0,0] ×32,
    W[o,0,0,1] ×32, W[o,0,1,0] ×32, W[o,0,1,1] ×32."""
    w = random_weight((8, 1, 2, 2), 4)
    text = one_op_function(
        "conv_weights_depthwise_layout",
        {"act_block_h_ntiles": 1},
        host_type((8, 1, 2, 2), "f32"),
        host_type((8, 128, 1, 1), "f32"),
    )
    (result,) = run(text, {"w": w})
    out = result.physical_to_numpy()
    assert out.shape == (8, 128, 1, 1)
    for o in range(8):
        expected_row = np.concatenate(
            [
                np.full(32, w[o, 0, 0, 0]),
                np.full(32, w[o, 0, 0, 1]),
                np.full(32, w[o, 0, 1, 0]),
                np.full(32, w[o, 0, 1, 1]),
            ]
        ).astype(np.float32)
        assert_same_bits(out[o, :, 0, 0], expected_row)


@pytest.mark.parametrize(
    ("padded_in", "block_h", "row"),
    [
        # ROW_MAJOR input (align 8): Cin_pad 8, BH 32: row 1·32 + 0·8 + 2 = 34
        (8, 1, 34),
        # TILE input (align 32): Cin_pad 32, BH 96: row 1·96 + 0·32 + 2 = 98
        (32, 3, 98),
    ],
)
def test_spec_height_example_position(padded_in: int, block_h: int, row: int) -> None:
    """O=2, I=3, 3×3 HEIGHT: W[1,2,1,0] → row 34, col 1 (align 8) / row 98 (align 32)."""
    rows = block_h * 32 * 3
    case = sp_case("spec", (2, 3, 3, 3), block_h, 1, False, (rows, 32), padded=(padded_in, 32))
    w = np.zeros((2, 3, 3, 3), dtype=np.float32)
    w[1, 2, 1, 0] = 7.0
    result = run_matrix_case(case, w, "f32", "f32")
    m = result.physical_to_numpy()[0, 0]
    assert [tuple(int(x) for x in p) for p in np.argwhere(m)] == [(row, 1)]

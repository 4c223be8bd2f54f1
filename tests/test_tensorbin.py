"""TT-NN 0.81.1 `.tensorbin` files (docs/tensorbin.md): the reader and the writer against
TT-NN's own dumps in tests/fixtures/tensorbin, the padded-shape rule against the examples
of docs/tensorbin.md §4 written out here, the writer → reader round trip as a hypothesis
property, and one test per kind of bad file (each built here from a good fixture by
patching bytes; positions inside the header are found with the `flatbuffers` package, not
with the code under test)."""

from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path

import numpy as np
import pytest
from flatbuffers import number_types
from flatbuffers.table import Table
from hypothesis import given, settings
from hypothesis import strategies as st

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import TensorFileError, TTNNError
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.tensor_formats.tensorbin import (
    decode_tensorbin,
    encode_tensorbin,
    header_alignment,
    padded_shape,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "tensorbin"
SUMMARY = json.loads((FIXTURES / "summary.json").read_text())
CASES = sorted(SUMMARY["cases"])
DTYPES = {
    "BFLOAT16": DataType.BFLOAT16,
    "FLOAT32": DataType.FLOAT32,
    "BFLOAT8_B": DataType.BFLOAT8_B,
}
LAYOUTS = {"TILE": Layout.TILE, "ROW_MAJOR": Layout.ROW_MAJOR}


def facts(case: str) -> dict:
    return json.loads((FIXTURES / f"{case}.json").read_text())


def fixture_file(case: str) -> bytes:
    return (FIXTURES / f"{case}.tensorbin").read_bytes()


def raw_bytes(case: str) -> bytes:
    return (FIXTURES / f"{case}_raw.bin").read_bytes()


# ------------------------------------------------------------------------------------------
# TT-NN's own files, both directions
# ------------------------------------------------------------------------------------------


def test_every_fixture_is_listed() -> None:
    on_disk = sorted(p.stem for p in FIXTURES.glob("*.tensorbin"))
    assert on_disk == CASES
    assert len(CASES) == 10
    assert SUMMARY["ttnn_version"] == "0.81.1"


@pytest.mark.parametrize("case", CASES)
def test_fixture_files_are_intact(case: str) -> None:
    info = facts(case)
    assert hashlib.sha256(fixture_file(case)).hexdigest() == info["sha256_file"]
    assert hashlib.sha256(raw_bytes(case)).hexdigest() == info["sha256_raw"]


@pytest.mark.parametrize("case", CASES)
def test_reader_gives_the_fixture_facts_and_bytes(case: str) -> None:
    info = facts(case)
    content = fixture_file(case)
    decoded = decode_tensorbin(content, f"{case}.tensorbin")
    assert list(decoded.logical_shape) == info["logical_shape"]
    assert list(decoded.physical_shape) == info["padded_shape"]
    assert decoded.dtype == DTYPES[info["dtype"]]
    assert decoded.layout == LAYOUTS[info["layout"]]
    assert list(decoded.alignment) == info["header_alignment"]
    assert decoded.header_size == info["header_size"]
    assert decoded.data_offset == info["data_offset"]
    assert decoded.data == raw_bytes(case)
    assert len(decoded.data) == info["raw_nbytes"]
    # The file's own framing, read directly: u64 header size, data at 8 + H to the end.
    assert struct.unpack_from("<Q", content)[0] == info["header_size"]
    assert content[info["data_offset"] :] == raw_bytes(case)


@pytest.mark.parametrize("case", CASES)
def test_load_tensorbin_gives_the_tensor(case: str) -> None:
    info = facts(case)
    tensor = DeviceTensor.load_tensorbin(FIXTURES / f"{case}.tensorbin")
    assert list(tensor.logical_shape) == info["logical_shape"]
    assert list(tensor.physical_shape) == info["padded_shape"]
    assert tensor.dtype == DTYPES[info["dtype"]]
    assert tensor.layout == LAYOUTS[info["layout"]]
    assert tensor.to_bytes() == raw_bytes(case)


@pytest.mark.parametrize("case", CASES)
def test_writer_from_logical_values_is_byte_identical(case: str) -> None:
    """The fixture's logical values, dtype, layout and shapes → TT-NN's file, byte for byte."""
    info = facts(case)
    values = np.load(FIXTURES / f"{case}_input_f32.npy")
    assert list(values.shape) == info["logical_shape"]
    layout = LAYOUTS[info["layout"]]
    tensor = DeviceTensor.from_numpy(
        values,
        DTYPES[info["dtype"]],
        layout,
        physical_shape=info["padded_shape"] if layout == Layout.TILE else None,
    )
    assert tensor.to_tensorbin() == fixture_file(case)


@pytest.mark.parametrize("case", CASES)
def test_writer_from_raw_bytes_is_byte_identical(case: str) -> None:
    info = facts(case)
    encoded = encode_tensorbin(
        info["logical_shape"],
        info["padded_shape"],
        DTYPES[info["dtype"]],
        LAYOUTS[info["layout"]],
        raw_bytes(case),
    )
    assert encoded == fixture_file(case)


@pytest.mark.parametrize("case", CASES)
def test_save_tensorbin_writes_the_fixture(case: str, tmp_path: Path) -> None:
    tensor = DeviceTensor.load_tensorbin(FIXTURES / f"{case}.tensorbin")
    path = tmp_path / f"{case}.tensorbin"
    tensor.save_tensorbin(path)
    assert path.read_bytes() == fixture_file(case)


# ------------------------------------------------------------------------------------------
# The alignment vector and the padded shape (docs/tensorbin.md §4)
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("logical", "physical", "alignment"),
    [
        ((1, 1, 40, 50), (1, 1, 64, 64), (32, 32)),  # padded by tile rounding only
        ((64, 96), (64, 96), (32, 32)),
        ((1, 1, 27, 2), (1, 1, 96, 32), (96, 32)),
        ((1, 1, 147, 64), (1, 1, 1568, 64), (1568, 32)),
        ((1, 1, 432, 48), (1, 1, 576, 64), (576, 32)),
        ((1, 1, 40, 50), (1, 1, 64, 96), (32, 96)),
    ],
)
def test_tile_alignment_written(
    logical: tuple[int, ...], physical: tuple[int, ...], alignment: tuple[int, ...]
) -> None:
    assert header_alignment(logical, physical, Layout.TILE) == alignment
    assert padded_shape(logical, alignment, Layout.TILE) == physical


def test_row_major_alignment_written() -> None:
    assert header_alignment((64, 64, 3, 3), (64, 64, 3, 3), Layout.ROW_MAJOR) == (1,)
    assert padded_shape((64, 64, 3, 3), (1,), Layout.ROW_MAJOR) == (64, 64, 3, 3)
    assert padded_shape((7,), (1,), Layout.ROW_MAJOR) == (7,)


@pytest.mark.parametrize(
    ("logical", "alignment", "layout", "padded"),
    [
        # Entries are first rounded up to the layout's default ([32, 32] for TILE): 48 → 64.
        ((1, 1, 40, 50), (48, 32), Layout.TILE, (1, 1, 64, 64)),
        ((1, 1, 50, 50), (48, 32), Layout.TILE, (1, 1, 64, 64)),
        # Another alignment for the same padded shape.
        ((1, 1, 147, 64), (1568, 64), Layout.TILE, (1, 1, 1568, 64)),
        # A rank-1 TILE tensor gains a dim; the default alignment applies when none is stored.
        ((7,), (32, 32), Layout.TILE, (32, 32)),
        ((1, 1, 40, 50), (), Layout.TILE, (1, 1, 64, 64)),
        # The legacy form: outer entries count rows (96 rows x 4 = 384, then redundant).
        ((1, 3, 27, 2), (384, 384, 96, 32), Layout.TILE, (1, 4, 96, 32)),
        # ROW_MAJOR with an explicit padded width.
        ((27, 2), (27, 8), Layout.ROW_MAJOR, (27, 8)),
    ],
)
def test_padded_shape_derivation(
    logical: tuple[int, ...],
    alignment: tuple[int, ...],
    layout: Layout,
    padded: tuple[int, ...],
) -> None:
    assert padded_shape(logical, alignment, layout) == padded


def test_padded_shape_refuses_impossible_alignments() -> None:
    with pytest.raises(ValueError, match=r"alignment \[0, 32\] has an entry that is not positive"):
        padded_shape((1, 1, 40, 50), (0, 32), Layout.TILE)
    # 100 rows neither divide nor are a multiple of the 64 rows below: TT-NN throws too.
    with pytest.raises(ValueError, match=r"alignment \[100, 64, 32\] does not give a padded"):
        padded_shape((2, 40, 50), (100, 64, 32), Layout.TILE)


def test_writer_refuses_a_physical_shape_the_header_cannot_say() -> None:
    # Height 0 padded to 32: the alignment entry 32 rounds 0 up to 0, not 32.
    with pytest.raises(ValueError, match=r"cannot be expressed in a \.tensorbin header"):
        encode_tensorbin((0, 32), (32, 32), DataType.BFLOAT16, Layout.TILE, bytes(2048))
    with pytest.raises(ValueError, match="has 2048 bytes, got 2047"):
        encode_tensorbin((32, 32), (32, 32), DataType.BFLOAT16, Layout.TILE, bytes(2047))


# ------------------------------------------------------------------------------------------
# Writer → reader is the identity
# ------------------------------------------------------------------------------------------


@st.composite
def tensors(draw: st.DrawFn) -> DeviceTensor:
    layout = draw(st.sampled_from([Layout.TILE, Layout.ROW_MAJOR]))
    dtypes = [DataType.FLOAT32, DataType.BFLOAT16]
    if layout == Layout.TILE:
        dtypes.append(DataType.BFLOAT8_B)
    dtype = draw(st.sampled_from(dtypes))
    rank = draw(st.integers(2 if layout == Layout.TILE else 1, 4))
    shape = tuple(draw(st.lists(st.integers(1, 70), min_size=rank, max_size=rank)))
    if len(shape) > 2:
        shape = (*(min(x, 3) for x in shape[:-2]), *shape[-2:])
    values = np.random.default_rng(draw(st.integers(0, 2**32 - 1))).standard_normal(shape)
    physical = None
    if layout == Layout.TILE:
        # Padding beyond whole tiles, as prepared weights have: 0–3 extra tiles each way.
        extra = draw(st.tuples(st.integers(0, 3), st.integers(0, 3)))
        *leading, height, width = shape
        physical = (
            *leading,
            -(-height // 32) * 32 + 32 * extra[0],
            -(-width // 32) * 32 + 32 * extra[1],
        )
    return DeviceTensor.from_numpy(values.astype(np.float32), dtype, layout, physical)


@settings(max_examples=80, deadline=None)
@given(tensors())
def test_writer_then_reader_is_the_identity(tensor: DeviceTensor) -> None:
    content = tensor.to_tensorbin()
    header_size = struct.unpack_from("<Q", content)[0]
    assert (8 + header_size) % 64 == 0
    assert content[8 + header_size :] == tensor.to_bytes()
    loaded = DeviceTensor.from_tensorbin(content)
    assert loaded == tensor
    assert loaded.physical_shape == tensor.physical_shape


# ------------------------------------------------------------------------------------------
# Bad files: one line naming the file, never a wrong tensor
# ------------------------------------------------------------------------------------------

BF16_TILE = "pub_bf16_tile_1x1x40x50"  # header size 376, 8192 data bytes
F32_ROW_MAJOR = "pub_f32_rm_oihw_64x64x3x3"  # writes data_type = 1 (bf16 omits it)


def header_table(content: bytes, *slots: int) -> Table:
    """The table reached from the root by following the table fields at `slots`."""
    header = content[8:]
    table = Table(header, Table(header, 0).Indirect(0))
    for slot in slots:
        offset = table.Offset(4 + 2 * slot)
        assert offset, f"slot {slot} is absent"
        table = Table(header, table.Indirect(table.Pos + offset))
    return table


def field_position(content: bytes, slot: int, *table_slots: int) -> int:
    """The file offset of the scalar field `slot` of the table at `table_slots`."""
    table = header_table(content, *table_slots)
    offset = table.Offset(4 + 2 * slot)
    assert offset, f"slot {slot} is absent"
    return 8 + table.Pos + offset


def patched(content: bytes, position: int, value: bytes) -> bytes:
    return content[:position] + value + content[position + len(value) :]


def read_error(content: bytes, name: str = "bad.tensorbin") -> str:
    with pytest.raises(TensorFileError) as info:
        DeviceTensor.from_tensorbin(content, name)
    message = str(info.value)
    assert "\n" not in message
    assert isinstance(info.value, TTNNError)
    return message


# Slots (docs/tensorbin.md §2): Tensor.tensor_spec 0, .shards 2; TensorSpec.tensor_layout 1;
# TensorLayout.data_type 0, .page_config_type 1, .page_config 2, .alignment 4;
# TilePageConfig.tile 0; Tile.tile_shape_h 0.
LAYOUT_TABLE = (0, 1)


def test_truncated_before_the_header_size() -> None:
    assert read_error(fixture_file(BF16_TILE)[:5]) == (
        "'bad.tensorbin': truncated: 5 bytes, fewer than the 8-byte header size"
    )
    assert read_error(b"") == (
        "'bad.tensorbin': truncated: 0 bytes, fewer than the 8-byte header size"
    )


def test_header_size_beyond_the_file() -> None:
    assert read_error(fixture_file(BF16_TILE)[:200]) == (
        "'bad.tensorbin': the header size 376 goes beyond the end of the file (200 bytes): "
        "truncated or not a .tensorbin file"
    )
    huge = patched(fixture_file(BF16_TILE), 0, struct.pack("<Q", 2**63))
    assert f"the header size {2**63} goes beyond the end of the file" in read_error(huge)


def test_data_region_not_8_byte_aligned() -> None:
    content = patched(fixture_file(BF16_TILE), 0, struct.pack("<Q", 372))
    assert read_error(content) == (
        "'bad.tensorbin': the data region starts at byte 380, which is not a multiple of 8 "
        "(TT-NN's loader requires 8-byte alignment)"
    )


def test_shard_beyond_the_file() -> None:
    content = fixture_file(BF16_TILE)[:-100]
    assert read_error(content) == (
        "'bad.tensorbin': truncated: the shard's 8192 bytes at offset 0 go beyond the data "
        "region (8092 bytes from byte 384)"
    )


def test_shard_size_not_matching_the_spec() -> None:
    content = fixture_file(BF16_TILE)
    storage = struct.pack("<QQ", 0, 8192)
    position = content.index(storage)
    smaller = patched(content, position, struct.pack("<QQ", 0, 8192 - 64))
    message = (
        "'bad.tensorbin': the shard holds {} bytes, but a bf16 tile tensor of physical shape "
        "[1, 1, 64, 64] has 8192"
    )
    assert read_error(smaller) == message.format(8128)
    larger = patched(content, position, struct.pack("<QQ", 0, 8192 + 64)) + bytes(64)
    assert read_error(larger) == message.format(8256)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (9, "unknown data type code 9 (TT-NN 0.81.1 has codes 0 to 8)"),
        (200, "unknown data type code 200 (TT-NN 0.81.1 has codes 0 to 8)"),
        (2, "data type UINT32 (code 2) is not one ttnn-xdsl has (bf16, f32, bfp8_b)"),
    ],
)
def test_unknown_or_unsupported_data_type(code: int, message: str) -> None:
    content = fixture_file(F32_ROW_MAJOR)
    position = field_position(content, 0, *LAYOUT_TABLE)
    assert content[position] == 1  # FLOAT32
    assert read_error(patched(content, position, bytes([code]))) == f"'bad.tensorbin': {message}"


def test_unknown_page_config() -> None:
    content = fixture_file(BF16_TILE)
    position = field_position(content, 1, *LAYOUT_TABLE)
    assert content[position] == 2  # tile
    assert read_error(patched(content, position, bytes([3]))) == (
        "'bad.tensorbin': Tensor.tensor_spec.tensor_layout.page_config_type is 3, not a "
        "PageConfig type TT-NN 0.81.1 knows (1 = RowMajorPageConfig, 2 = TilePageConfig)"
    )
    assert read_error(patched(content, position, bytes([0]))) == (
        "'bad.tensorbin': corrupt header: Tensor.tensor_spec.tensor_layout.page_config is set "
        "but Tensor.tensor_spec.tensor_layout.page_config_type is 0 (none)"
    )


def test_unknown_root_field() -> None:
    """A root vtable with one more slot (5 instead of 4): the 2 bytes after the vtable are
    the start of the root table itself (its offset back to the vtable, 12), so slot 4
    reads as present at offset 12."""
    content = fixture_file(BF16_TILE)
    root = header_table(content)
    vtable = root.Pos - root.Get(number_types.SOffsetTFlags, root.Pos)
    assert struct.unpack_from("<HH", content, 8 + vtable) == (12, 22)
    assert 8 + vtable + 12 == 8 + root.Pos  # the table follows its vtable
    content = patched(content, 8 + vtable, struct.pack("<H", 14))
    assert read_error(content) == (
        "'bad.tensorbin': Tensor has a field in slot 4, which TT-NN 0.81.1's Tensor does not "
        "have (a file from another TT-NN version?)"
    )


def test_tile_other_than_32x32() -> None:
    content = fixture_file(BF16_TILE)
    position = field_position(content, 0, *LAYOUT_TABLE, 2, 0)  # Tile.tile_shape_h
    assert struct.unpack_from("<I", content, position)[0] == 32
    assert read_error(patched(content, position, struct.pack("<I", 16))) == (
        "'bad.tensorbin': tile 16x32 is not supported (only 32x32 tiles)"
    )


def test_row_major_padding_is_refused() -> None:
    """The project's ROW_MAJOR tensors are not padded: alignment [1] → [4] pads 3 to 4."""
    content = fixture_file(F32_ROW_MAJOR)
    layout = header_table(content, *LAYOUT_TABLE)
    vector = layout.Vector(layout.Offset(4 + 2 * 4))
    assert struct.unpack_from("<I", content, 8 + vector)[0] == 1
    assert read_error(patched(content, 8 + vector, struct.pack("<I", 4))) == (
        "'bad.tensorbin': a ROW_MAJOR tensor padded from [64, 64, 3, 3] to [64, 64, 3, 4] is "
        "not supported (ttnn-xdsl's ROW_MAJOR tensors are not padded)"
    )


def test_corrupt_header_offsets() -> None:
    content = fixture_file(BF16_TILE)
    beyond = patched(content, 8, struct.pack("<I", 10_000))
    assert read_error(beyond) == (
        "'bad.tensorbin': corrupt header: Tensor at byte 10000 lies outside the 376-byte header"
    )
    garbage = content[:8] + bytes(range(256)) + bytes(120) + content[384:]
    assert read_error(garbage).startswith("'bad.tensorbin': corrupt header: ")


def test_names_must_end_in_tensorbin(tmp_path: Path) -> None:
    path = tmp_path / "weight.bin"
    path.write_bytes(fixture_file(BF16_TILE))
    message = (
        f"'{path}': a TT-NN tensor file's name must end in .tensorbin (ttnn.load_tensor "
        "refuses any other)"
    )
    with pytest.raises(TensorFileError) as info:
        DeviceTensor.load_tensorbin(path)
    assert str(info.value) == message
    tensor = DeviceTensor.from_tensorbin(fixture_file(BF16_TILE))
    with pytest.raises(TensorFileError) as info:
        tensor.save_tensorbin(tmp_path / "out.bin")
    assert str(info.value) == f"'{tmp_path / 'out.bin'}': {message.split(': ', 1)[1]}"
    assert not (tmp_path / "out.bin").exists()


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TensorFileError) as info:
        DeviceTensor.load_tensorbin(tmp_path / "absent.tensorbin")
    assert str(info.value) == f"'{tmp_path / 'absent.tensorbin'}': no such file"


def test_a_path_given_for_bytes_or_bytes_for_a_path_says_which_is_which(tmp_path: Path) -> None:
    # A newcomer's mix-ups: from_tensorbin takes a file's bytes (a str path was "string
    # argument without an encoding", a Path was read as 27 bytes of content), load_tensorbin
    # and save_tensorbin take a path (bytes gave "endswith first arg must be bytes ...").
    content = fixture_file(BF16_TILE)
    path = tmp_path / "weight.tensorbin"
    path.write_bytes(content)
    expects = (
        "DeviceTensor.from_tensorbin expects a .tensorbin file's bytes (bytes, bytearray or "
        "memoryview), got "
    )
    reader = " (a file name: DeviceTensor.load_tensorbin(path) reads the file)"
    for wrong, told in ((str(path), "str" + reader), (path, "PosixPath" + reader), (5, "int")):
        with pytest.raises(TypeError) as info:
            DeviceTensor.from_tensorbin(wrong)  # type: ignore[arg-type]
        assert str(info.value) == expects + told
    with path.open("rb") as stream, pytest.raises(TypeError) as info:
        DeviceTensor.from_tensorbin(stream)  # type: ignore[arg-type]
    assert str(info.value) == expects + "BufferedReader"
    # Any bytes-like object is a file's bytes.
    tensor = DeviceTensor.from_tensorbin(memoryview(content))
    assert tensor.to_tensorbin() == content
    assert DeviceTensor.from_tensorbin(np.frombuffer(content, np.uint8)).to_bytes() == (
        tensor.to_bytes()
    )
    bytes_path = bytes(path)
    named = "a .tensorbin file's path is a str or a path object, got "
    for call in (DeviceTensor.load_tensorbin, tensor.save_tensorbin):
        with pytest.raises(TypeError) as info:
            call(bytes_path)  # type: ignore[arg-type]
        assert str(info.value) == (
            f"{named}a bytes path {bytes_path!r} (os.fsdecode(path) makes it a str)"
        )
        with pytest.raises(TypeError) as info:
            call(3)  # type: ignore[arg-type]
        assert str(info.value) == named + "int"
    with pytest.raises(TypeError) as info:
        DeviceTensor.load_tensorbin(content)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"{named}{len(content)} bytes (a file's content: DeviceTensor.from_tensorbin reads it)"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["weight.tensorbin"]


def test_host_buffer_sizes() -> None:
    """docs/tensorbin.md §5: tiles × (2048 bf16, 4096 f32, 1088 bfloat8_b); ROW_MAJOR
    elements × element size."""
    from ttnn_xdsl.tensor_formats.formats import device_buffer_size

    assert device_buffer_size((1, 1, 64, 64), DataType.BFLOAT16, Layout.TILE) == 4 * 2048
    assert device_buffer_size((3, 64, 96), DataType.FLOAT32, Layout.TILE) == 18 * 4096
    assert device_buffer_size((1, 1, 1568, 64), DataType.BFLOAT8_B, Layout.TILE) == 98 * 1088
    assert device_buffer_size((64, 64, 3, 3), DataType.FLOAT32, Layout.ROW_MAJOR) == 147456
    assert device_buffer_size((7,), DataType.BFLOAT16, Layout.ROW_MAJOR) == 14


# ------------------------------------------------------------------------------------------
# ttnn-run --tensorbin DIR and --input NAME=PATH.tensorbin
# ------------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
ASSIGN_BW = ROOT / "examples" / "assign_bw.mlir"
RESNET50 = ROOT / "examples" / "resnet50_conv_weights.mlir"


def run_tool(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run ttnn-run in process: (exit status, stderr)."""
    from ttnn_xdsl.tools import ttnn_run

    try:
        ttnn_run.main(argv)
    except SystemExit as exit_info:
        return int(exit_info.code or 0), capsys.readouterr().err
    return 0, capsys.readouterr().err


def test_ttnn_run_writes_tensorbin_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [str(ASSIGN_BW), "--random-inputs", "0"]
    status, _ = run_tool(
        [*argv, "--raw-output", f"{tmp_path}/raw", "--tensorbin", f"{tmp_path}/tb"], capsys
    )
    assert status == 0
    assert sorted(p.name for p in (tmp_path / "tb").iterdir()) == [
        "grad_a.tensorbin",
        "grad_b.tensorbin",
    ]
    # examples/assign_bw.mlir: gradients [1, 1, 40, 50], bf16 then bfloat8_b, TILE.
    for name, dtype in (("grad_a", DataType.BFLOAT16), ("grad_b", DataType.BFLOAT8_B)):
        content = (tmp_path / "tb" / f"{name}.tensorbin").read_bytes()
        decoded = decode_tensorbin(content)
        assert decoded.logical_shape == (1, 1, 40, 50)
        assert decoded.physical_shape == (1, 1, 64, 64)
        assert (decoded.dtype, decoded.layout) == (dtype, Layout.TILE)
        assert decoded.data == (tmp_path / "raw" / f"{name}.bin").read_bytes()


def test_ttnn_run_reads_tensorbin_inputs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A .tensorbin input gives the same results as the .npy of its values."""
    values = np.random.default_rng(3).standard_normal((1, 1, 40, 50)).astype(np.float32)
    np.save(tmp_path / "grad.npy", values)
    DeviceTensor.from_numpy(values, DataType.BFLOAT16).save_tensorbin(tmp_path / "grad.tensorbin")
    DeviceTensor.from_numpy(values, DataType.BFLOAT8_B).save_tensorbin(tmp_path / "b.tensorbin")
    common = [str(ASSIGN_BW), "--input", f"input_a={tmp_path}/grad.npy"]
    from_npy = [
        *common,
        "--input",
        f"grad={tmp_path}/grad.npy",
        "--input",
        f"input_b={tmp_path}/grad.npy",
    ]
    from_tensorbin = [
        *common,
        "--input",
        f"grad={tmp_path}/grad.tensorbin",
        "--input",
        f"input_b={tmp_path}/b.tensorbin",
    ]
    assert run_tool([*from_npy, "--raw-output", f"{tmp_path}/npy"], capsys)[0] == 0
    assert run_tool([*from_tensorbin, "--raw-output", f"{tmp_path}/tb"], capsys)[0] == 0
    for name in ("grad_a.bin", "grad_b.bin"):
        assert (tmp_path / "tb" / name).read_bytes() == (tmp_path / "npy" / name).read_bytes()


@pytest.mark.parametrize(
    ("tensor", "difference"),
    [
        (
            DeviceTensor.from_numpy(np.ones((1, 1, 40, 50), np.float32), DataType.BFLOAT8_B),
            "dtype is bfp8_b, expected bf16",
        ),
        (
            DeviceTensor.from_numpy(
                np.ones((1, 1, 40, 50), np.float32), DataType.BFLOAT16, Layout.ROW_MAJOR
            ),
            "layout is row_major, expected tile; physical shape is [1, 1, 40, 50], expected "
            "[1, 1, 64, 64]",
        ),
        (
            DeviceTensor.from_numpy(np.ones((1, 1, 40, 40), np.float32), DataType.BFLOAT16),
            "logical shape is [1, 1, 40, 40], expected [1, 1, 40, 50]",
        ),
        (
            DeviceTensor.from_numpy(
                np.ones((1, 1, 40, 50), np.float32), DataType.BFLOAT16, Layout.TILE, (1, 1, 96, 64)
            ),
            "physical shape is [1, 1, 96, 64], expected [1, 1, 64, 64]",
        ),
    ],
)
def test_ttnn_run_tensorbin_input_of_another_type(
    tensor: DeviceTensor, difference: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tensor.save_tensorbin(tmp_path / "grad.tensorbin")
    argv = [
        str(ASSIGN_BW),
        "--input",
        f"grad={tmp_path}/grad.tensorbin",
        "--random-inputs",
        "0",
        "--tensorbin",
        f"{tmp_path}/out",
    ]
    status, err = run_tool(argv, capsys)
    assert status == 1
    assert err == (
        f"ttnn-run: error: input for %grad does not match the argument's type: {difference}\n"
    )
    assert not (tmp_path / "out").exists()


def test_ttnn_run_bad_tensorbin_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "grad.tensorbin").write_bytes(fixture_file(BF16_TILE)[:-100])
    argv = [str(ASSIGN_BW), "--input", f"grad={tmp_path}/grad.tensorbin", "--random-inputs", "0"]
    status, err = run_tool([*argv, "--tensorbin", f"{tmp_path}/out"], capsys)
    assert status == 1
    assert err == (
        f"ttnn-run: error: --input grad: '{tmp_path}/grad.tensorbin': truncated: the shard's "
        "8192 bytes at offset 0 go beyond the data region (8092 bytes from byte 384)\n"
    )
    assert not (tmp_path / "out").exists()


def test_resnet50_tensorbin_files_read_back_as_raw_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """All 53 prepared weights and 53 biases of ResNet-50: 106 files, each reading back
    as exactly the bytes --raw-output writes, with the result type's shapes."""
    from ttnn_xdsl.program import Program

    argv = [str(RESNET50), "--random-inputs", "0"]
    status, err = run_tool(
        [*argv, "--raw-output", f"{tmp_path}/raw", "--tensorbin", f"{tmp_path}/tb"], capsys
    )
    assert (status, err) == (0, "")
    program = Program.load(RESNET50.read_text(), filename=str(RESNET50))
    assert len(program.results) == 106
    # 106 results, each under its layer's name, one file each.
    assert len(list((tmp_path / "tb").iterdir())) == 106
    for slot in program.results:
        tensor = DeviceTensor.load_tensorbin(tmp_path / "tb" / f"{slot.name}.tensorbin")
        assert tensor.to_bytes() == (tmp_path / "raw" / f"{slot.name}.bin").read_bytes()
        assert tensor.logical_shape == slot.tensor.shape
        assert tensor.physical_shape == slot.tensor.physical_shape
        assert (tensor.dtype, tensor.layout) == (slot.tensor.dtype, slot.tensor.layout)


def test_accepted_variants_read_the_same_tensor() -> None:
    """What TT-NN's loader accepts reads as the same tensor (docs/tensorbin.md §7): more
    header padding, no padding (H = F, still 8-aligned), bytes after the shard, a root
    without tensor_topology."""
    content = fixture_file(BF16_TILE)
    expected = raw_bytes(BF16_TILE)
    header = content[8:384]
    flatbuffer_size = 360  # docs/tensorbin.md §6: F = 360, then 16 zero bytes
    assert header[flatbuffer_size:] == bytes(16)
    more_padding = struct.pack("<Q", 376 + 64) + header + bytes(64) + content[384:]
    no_padding = struct.pack("<Q", 360) + header[:flatbuffer_size] + content[384:]
    trailing = content + b"trailing bytes"
    root = header_table(content)
    vtable = root.Pos - root.Get(number_types.SOffsetTFlags, root.Pos)
    topology_entry = 8 + vtable + 4 + 2 * 3  # the vtable entry of Tensor slot 3
    assert struct.unpack_from("<H", content, topology_entry)[0] != 0
    no_topology = patched(content, topology_entry, struct.pack("<H", 0))
    for variant in (more_padding, no_padding, trailing, no_topology):
        decoded = decode_tensorbin(variant)
        assert decoded.data == expected
        assert (decoded.logical_shape, decoded.physical_shape) == ((1, 1, 40, 50), (1, 1, 64, 64))
    assert decode_tensorbin(more_padding).data_offset == 448
    assert decode_tensorbin(no_padding).data_offset == 368

"""Layout pictures: the provenance read off the IR (runtime/provenance.py) against the index
maps of semantics.md §3.6 written here, the blocks and shards (pictures/layout_map.py), the
tile map as text, and the pictures (pictures/plot.py) and their colours."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.pictures import plot
from ttnn_xdsl.pictures.layout_map import (
    DATA,
    PADDING,
    PARTIAL,
    Band,
    LayoutMap,
    core_of,
    core_ranges,
    tile_kinds,
)
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime.tensor import DeviceTensor

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
matplotlib = pytest.importorskip("matplotlib")  # installed by `make test` (the test extra)

# semantics.md §3.7 A: W[2, 3, 3, 3], ROW_MAJOR input in DRAM: HEIGHT, align 8, BH = 32.
EXAMPLE_A = """
module attributes {ttnn.grid = array<i32: 8, 8>} {
  func.func @layer(%weight: tensor<2x3x3x3xbf16>, %bias: tensor<1x1x1x2xbf16>)
      -> (tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>,
          tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>) {
    %prepared_weight = ttnn.prepare_conv_weights %weight
        input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
        input_layout = #ttnn.layout<row_major> weights_format = "OIHW"
        in_channels = 3 out_channels = 2 batch_size = 1 input_height = 56 input_width = 56
        kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1]
        has_bias = true groups = 1
        : tensor<2x3x3x3xbf16>
        -> tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
    %prepared_bias = ttnn.prepare_conv_bias %bias
        input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>
        input_layout = #ttnn.layout<row_major>
        in_channels = 3 out_channels = 2 batch_size = 1 input_height = 56 input_width = 56
        kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1
        conv_config = #ttnn.conv2d_config<weights_dtype = bf16>
        : tensor<1x1x1x2xbf16>
        -> tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
    func.return %prepared_weight, %prepared_bias
        : tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>,
          tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>
  }
  func.func @main(%w: tensor<2x3x3x3xbf16>, %b: tensor<1x1x1x2xbf16>)
      -> (tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>,
          tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>) {
    %0, %1 = func.call @layer(%w, %b) : (tensor<2x3x3x3xbf16>, tensor<1x1x1x2xbf16>)
        -> (tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>,
            tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>)
    func.return %1, %0 : tensor<1x1x1x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x32>>,
                         tensor<1x1x27x2xbf16, #ttnn.tensor_layout<tile, physical = 1x1x96x32>>
  }
}
"""


def expected_index(shape: tuple[int, int], weight: tuple[int, ...], place) -> np.ndarray:
    """The index map an index rule gives: `place(o, i, r, s)` → (row, col) of W[o, i, r, s]."""
    index = np.full(shape, -1, dtype=np.int64)
    for flat, (o, i, r, s) in enumerate(np.ndindex(*weight)):
        index[place(o, i, r, s)] = flat
    return index


def test_provenance_of_the_height_layout_is_the_index_map_of_3_6_2() -> None:
    program = Program.load(EXAMPLE_A, entry="layer", filename="a.mlir")
    layout = program.layout_map(0)
    assert layout is not None and layout.kind == "weight"
    assert layout.source_shape == (2, 3, 3, 3) and layout.source_argument == 0
    # rows = r·BH + s·I + i with BH = 32 and I = Cin_pad = 8; column o.
    expected = expected_index((96, 32), (2, 3, 3, 3), lambda o, i, r, s: (r * 32 + s * 8 + i, o))
    np.testing.assert_array_equal(layout.index, expected)
    o, i, r, s = (int(c[34, 1]) for c in layout.coordinates())
    assert (o, i, r, s) == (1, 2, 1, 0)  # semantics.md §3.7 A: W[1, 2, 1, 0] → row 34, column 1
    assert [(band.start, band.stop, band.label) for band in layout.row_bands] == [
        (0, 32, "kernel row 0"),
        (32, 64, "kernel row 1"),
        (64, 96, "kernel row 2"),
    ]
    assert layout.column_bands == ()
    assert layout.title.startswith("ttnn.prepare_conv_weights [2, 3, 3, 3] bf16 → bf16 · ")
    assert layout.subtitle.startswith("height_sharded → special_padding layout · Cin 3→8 (align 8)")


def test_provenance_of_a_transposed_weight_shows_its_mirrored_kernel() -> None:
    """examples/decoder_upsampling.mlir's autoencoder stage: the IOHW weight [64, 32, 3, 3] of
    ConvTranspose2d(64, 32, 3, stride 2, padding 1, output_padding 1), traced over its IOHW
    source. HEIGHT, BH = round_up(64·3, 32) = 192: W[i, o, r, s] lands in kernel row
    2 − r, tap 2 − s (semantics.md §7.3), at row (2 − r)·192 + (2 − s)·64 + i, column o."""
    text = (EXAMPLES / "decoder_upsampling.mlir").read_text()
    layout = Program.load(text, entry="decoder_output_padding").layout_map(0)
    assert layout is not None and layout.kind == "weight"
    assert layout.source_shape == (64, 32, 3, 3) and layout.weight_axes == (1, 0, 2, 3)
    assert layout.weight_shape == (32, 64, 3, 3)
    expected = expected_index(
        (576, 32),
        (64, 32, 3, 3),
        lambda i, o, r, s: ((2 - r) * 192 + (2 - s) * 64 + i, o),
    )
    np.testing.assert_array_equal(layout.index, expected)
    o, i, r, s = (int(c[0, 5]) for c in layout.weight_coordinates())
    assert (o, i, r, s) == (5, 0, 2, 2)  # the first row holds the last tap
    assert [band.label for band in layout.row_bands] == [
        "kernel row 0 ← source row 2",
        "kernel row 1",
        "kernel row 2 ← source row 0",
    ]
    assert layout.title.startswith(
        "ttnn.prepare_conv_transpose2d_weights [64, 32, 3, 3] f32 → bf16 · input 1×16×16×64 "
        "tile l1 interleaved · kernel 3×3 mirrored stride 2×2 padding 1 output_padding 1×1"
    )
    assert layout.subtitle.startswith(
        "IOHW→OIHW, kernel mirrored · equivalent conv2d: input 1×34×34 (zero-stuffed), stride "
        "1×1, padding 0, groups 1 · height_sharded → special_padding layout"
    )
    # The picture's colours follow the source's kernel position: the first row's hue is that
    # of tap (2, 2), the last of the nine.
    from ttnn_xdsl.pictures.plot import HUE_RANGE, element_colours

    colours = element_colours(layout)
    hue = matplotlib.colors.rgb_to_hsv(colours[0, 5])[0]
    assert hue == pytest.approx(8 / 9 * HUE_RANGE, abs=0.01)


def test_provenance_of_a_grouped_transposed_weight_unmirrored() -> None:
    """IOHW [16, 12, 3, 3], groups 2, mirror_kernel false, WIDTH (tiled, rows (r·3 + s)·32 + i
    for the 16 input channels padded to 32): output channel q·12 + c of input channel i, q =
    i // 8."""
    text = """
    func.func @t(%w: tensor<16x12x3x3xf32>) -> tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>> {
      %0 = ttnn.prepare_conv_transpose2d_weights %w input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>> input_layout = #ttnn.layout<tile> weights_format = "IOHW" in_channels = 16 out_channels = 24 batch_size = 1 input_height = 6 input_width = 5 kernel_size = [3, 3] stride = [2, 2] padding = [1, 1] dilation = [1, 1] has_bias = false groups = 2 conv_config = #ttnn.conv2d_config<shard_layout = width_sharded> mirror_kernel = false : tensor<16x12x3x3xf32> -> tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
      func.return %0 : tensor<1x1x144x24xf32, #ttnn.tensor_layout<tile, physical = 1x1x288x32>>
    }
    """  # noqa: E501
    layout = Program.load(text).layout_map(0)
    assert layout is not None
    expected = expected_index(
        (288, 32), (16, 12, 3, 3), lambda i, c, r, s: ((r * 3 + s) * 32 + i, (i // 8) * 12 + c)
    )
    np.testing.assert_array_equal(layout.index, expected)
    assert " mirrored" not in layout.title
    assert layout.subtitle.startswith("grouped ×2, IOHW→OIHW · equivalent conv2d: input 1×13×11")


def test_provenance_of_the_bias_and_through_a_call() -> None:
    program = Program.load(EXAMPLE_A, filename="a.mlir")  # @main calls @layer
    bias, weight = program.layout_map(0), program.layout_map(1)
    assert bias is not None and weight is not None
    assert (bias.kind, bias.source_shape, bias.source_argument) == ("bias", (1, 1, 1, 2), 1)
    expected = np.full((32, 32), -1)
    expected[0, :2] = [0, 1]
    np.testing.assert_array_equal(bias.index, expected)
    alone = Program.load(EXAMPLE_A, entry="layer").layout_map(0)
    assert alone is not None
    np.testing.assert_array_equal(weight.index, alone.index)
    assert weight.source_argument == 0


def test_provenance_of_block_sharding_and_kernel_stride_folding() -> None:
    program = Program.load((EXAMPLES / "conv_layouts.mlir").read_text(), entry="grouped")
    block = program.with_entry("block_sharded_full_inner_dim").layout_map(0)
    assert block is not None
    # semantics.md §3.6.4 with full_inner_dim: iw = 8, ow = 32, BHP = 96,
    # M[ic·96 + r·3·8 + s·8 + c, oc·32 + k] = W[oc·32 + k, ic·8 + c, r, s].
    expected = expected_index(
        (768, 64),
        (64, 64, 3, 3),
        lambda o, i, r, s: ((i // 8) * 96 + r * 24 + s * 8 + i % 8, o),
    )
    np.testing.assert_array_equal(block.index, expected)
    assert [c[154, 40] for c in block.coordinates()] == [40, 10, 2, 1]  # §3.7 C
    assert [band.label for band in block.column_bands] == ["cores (0, *)", "cores (1, *)"]
    assert block.row_bands[1] == Band(96, 192, "input channels of cores (1, *)")
    folded = program.with_entry("kernel_stride_folding").layout_map(0)
    assert folded is not None
    # §3.6.7 then §3.6.1: W[o, i, kh, kw] → row ((kh % 4)·4 + kw % 4)·3 + i, column o.
    expected = expected_index(
        (64, 64), (64, 3, 4, 4), lambda o, i, r, s: (((r % 4) * 4 + s % 4) * 3 + i, o)
    )
    np.testing.assert_array_equal(folded.index, expected)
    width = program.with_entry("width_sharded").layout_map(0)
    assert width is not None
    assert [band.label for band in width.column_bands] == ["core (0, 0)", "core (1, 0)"]
    assert [(b.start, b.stop) for b in width.row_bands] == [
        (k * 128, k * 128 + 128) for k in range(9)
    ]


def test_a_result_made_otherwise_has_no_traced_map() -> None:
    program = Program.load((EXAMPLES / "assign_bw.mlir").read_text())
    assert program.layout_map(0) is None


def test_tile_kinds_and_the_logical_map() -> None:
    layout = LayoutMap.of_logical((1, 40, 50), (1, 64, 96))
    kinds = tile_kinds(layout.holds_data)
    assert kinds.tolist() == [[DATA, PARTIAL, PADDING], [PARTIAL, PARTIAL, PADDING]]
    assert layout.index[39, 49] == 39 * 50 + 49 and layout.index[40, 0] == -1
    assert core_of(24, (8, 8)) == (0, 3) and core_of(13, (13, 10)) == (0, 1)


def test_the_text_map() -> None:
    program = Program.load(EXAMPLE_A, entry="layer", filename="a.mlir")
    weight = program.run(random_seed=0)[0]
    text = weight.tile_map(program.layout_map(0), "prepared_weight")
    lines = text.splitlines()
    assert lines[0] == (
        "prepared_weight: [1, 1, 96, 32] bf16 tile (logical [1, 1, 27, 2]), 3×1 tiles: "
        "0 data (#), 3 partly padding (+), 0 padding (.)"
    )
    assert lines[3].startswith("L1 per core, TT-NN's estimate of the first DRAM slice in bytes: ")
    assert lines[4:] == [
        "   0",
        "0  +  kernel row 0 (rows 0–31)",
        "   ─",
        "1  +  kernel row 1 (rows 32–63)",
        "   ─",
        "2  +  kernel row 2 (rows 64–95)",
    ]
    plain = DeviceTensor.from_numpy(np.ones((40, 70), np.float32), "bf16")
    # 40×70 in 2×3 tiles: columns 64–69 of the third tile column, rows 32–39 of the second row.
    assert plain.tile_map().splitlines()[-2:] == ["0  ##+", "1  +++"]


def test_shard_columns_in_the_text_map() -> None:
    program = Program.load((EXAMPLES / "conv_layouts.mlir").read_text(), entry="grouped")
    block = program.with_entry("block_sharded_full_inner_dim")
    layout = block.layout_map(0)
    text = block.run(random_seed=0)[0].tile_map(layout, "w")
    lines = text.splitlines()
    assert lines[3].startswith("L1 per core, TT-NN's estimate of the first DRAM slice in bytes: ")
    assert lines[4] == "    0│1"
    assert lines[5] == " 0  #│#  input channels of cores (0, *) (rows 0–95)"
    assert lines[7] == " 2  +│+"  # 72 of 96 rows hold data: the third tile row is partial
    assert lines[8] == "    ───"
    assert lines[-1] == "columns: 0–31 cores (0, *) │ 32–63 cores (1, *)"


def test_colours() -> None:
    from matplotlib.colors import hsv_to_rgb

    from ttnn_xdsl.pictures.plot import PADDING_COLOUR, element_colours

    program = Program.load(EXAMPLE_A, entry="layer")
    layout = program.layout_map(0)
    assert layout is not None
    colours = element_colours(layout)
    np.testing.assert_allclose(colours[3, 0], PADDING_COLOUR)  # channel 3 is padding
    # W[0, 0, 0, 0] at (0, 0): the first kernel position's hue, channel 0 the deepest shade.
    np.testing.assert_allclose(colours[0, 0], hsv_to_rgb([0.0, 0.95, 0.62]))
    # W[1, 2, 1, 0] at (34, 1): tap 3 of 9 → hue 3/9 of the range; the last channel, palest.
    np.testing.assert_allclose(colours[34, 1], hsv_to_rgb([3 / 9 * 0.83, 0.35, 1.0]))


def test_face_row_exponents_are_those_of_the_bytes() -> None:
    from ttnn_xdsl.pictures.plot import face_row_exponents

    values = np.random.default_rng(0).standard_normal((64, 96)).astype(np.float32)
    values[40:] *= 2.0**10
    tensor = DeviceTensor.from_numpy(values, "bfp8_b")
    exponents = face_row_exponents(tensor)
    assert exponents.shape == (64, 6)
    raw = tensor.to_bytes()
    for row in range(64):
        for block in range(6):
            tile = (row // 32) * 3 + block // 2
            face = ((row % 32) // 16) * 2 + block % 2
            assert exponents[row, block] == raw[tile * 1088 + face * 16 + row % 16]
            segment = values[row, block * 16 : block * 16 + 16]
            biased = np.frexp(np.abs(segment).max())[1] + 126
            assert exponents[row, block] == biased


def test_pictures(tmp_path: Path) -> None:
    from ttnn_xdsl.pictures.plot import render_layout

    program = Program.load((EXAMPLES / "conv_layouts.mlir").read_text(), entry="bfloat8_b_weight")
    inputs = program.prepare_inputs(random_seed=0)
    weight = program.run(inputs)[0]
    layout = program.layout_map(0)
    assert layout is not None
    exact = inputs[layout.source_argument].to_numpy()
    png = render_layout(layout, weight, "png", "w", exact)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert (
        render_layout(layout, weight, "png", "w", exact) == png
    )  # the same picture, the same bytes
    svg = render_layout(layout, weight, "svg", "w", exact)
    assert svg.startswith(b"<?xml") and b"quantization error" in svg and b"shared exponent" in svg
    weight.plot(tmp_path / "w.svg", layout, "w", exact)
    assert (tmp_path / "w.svg").read_bytes() == svg


def test_picture_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tensor = DeviceTensor.from_numpy(np.ones((32, 32), np.float32), "bf16")
    with pytest.raises(TTNNError) as error:
        tensor.plot(tmp_path / "w.jpg")
    assert error.value.message == (
        f"cannot draw '{tmp_path}/w.jpg': a picture is .png or .svg (by its extension), got '.jpg'"
    )
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    with pytest.raises(TTNNError) as error:
        tensor.plot(tmp_path / "w.png")
    # The tests run from the repository (an editable install): the extra from the clone.
    assert error.value.message == (
        "layout pictures need matplotlib: pip install -e '.[plot]' (or pip install matplotlib)"
    )
    assert not (tmp_path / "w.png").exists()


def test_the_missing_matplotlib_message_fits_the_installation() -> None:
    """A clone installs the extra from its folder; an installed package by its name."""
    assert plot._installed_from_a_clone()  # the tests run from the repository's folder
    assert plot.matplotlib_missing_message(from_a_clone=False) == (
        "layout pictures need matplotlib: pip install 'ttnn-xdsl[plot]' (or pip install matplotlib)"
    )
    assert plot.matplotlib_missing_message(from_a_clone=True) == (
        "layout pictures need matplotlib: pip install -e '.[plot]' (or pip install matplotlib)"
    )


def _demo_pictures() -> list[tuple[str, Program, int]]:
    """Every picture `make demo` draws: each result of examples/conv_layouts.mlir's and
    examples/decoder_upsampling.mlir's functions and of ResNet-50's conv1 (the program and
    the result's position)."""
    layouts = Program.load_all((EXAMPLES / "conv_layouts.mlir").read_text())
    decoder = Program.load_all((EXAMPLES / "decoder_upsampling.mlir").read_text())
    conv1 = Program.load((EXAMPLES / "resnet50_conv_weights.mlir").read_text(), entry="conv1")
    return [
        (f"{program.entry}.{slot.name}", program, slot.position)
        for program in [*layouts, *decoder, conv1]
        for slot in program.results
        if slot.tensor.layout.value == "tile"
    ]


def overlapping_tick_labels(figure: Any, canvas: Any) -> list[tuple[str, str]]:
    """The neighbouring tick labels of the figure's colour bars that touch or overlap once
    drawn (a horizontal bar's labels run together as `-0.0015-0.0010`)."""
    renderer = canvas.get_renderer()
    touching: list[tuple[str, str]] = []
    for axes in figure.axes:
        if axes.get_label() != "<colorbar>":
            continue
        for axis in (axes.xaxis, axes.yaxis):
            labels = [
                label
                for label in axis.get_ticklabels()
                if label.get_visible() and label.get_text().strip()
            ]
            boxes = [label.get_window_extent(renderer) for label in labels]
            for first, second, a, b in zip(labels, labels[1:], boxes, boxes[1:], strict=False):
                # Two pixels apart at least, along the bar.
                gap = b.x0 - a.x1 if axis is axes.xaxis else b.y0 - a.y1
                if gap < 2:
                    touching.append((first.get_text(), second.get_text()))
    return touching


def test_every_demo_picture_fits_a_screen_and_its_words_fit_it() -> None:
    # No picture wider than 16 inches (1760 pixels at 110 dpi) or taller than 20; every word
    # drawn (titles, labels, legends) inside the picture; the title never broken inside a
    # shape or a parenthesis; a 1×1 kernel's legend and a bias's name what the hue is.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    from ttnn_xdsl.pictures.plot import PICTURE_DPI, layout_figure

    pictures = _demo_pictures()
    assert len(pictures) == 28  # what make demo draws: 15 layouts, 11 decoder, conv1's 2
    for name, program, position in pictures:
        inputs = program.prepare_inputs(random_seed=0)
        tensor = program.run(inputs)[position]
        layout = program.layout_map(position)
        assert layout is not None
        exact = inputs[layout.source_argument].to_numpy()
        figure = layout_figure(layout, tensor, name, exact)
        figure.set_dpi(PICTURE_DPI)
        canvas = FigureCanvasAgg(figure)
        canvas.draw()
        width, height = figure.get_size_inches() * PICTURE_DPI
        assert width <= 1760 and height <= 20 * PICTURE_DPI, (name, width, height)
        # What is drawn (matplotlib's tight box: every title, label, tick and legend) lies
        # inside the picture, to a pixel.
        drawn = figure.get_tightbbox(canvas.get_renderer())
        inches = figure.get_size_inches()
        slack = 1 / PICTURE_DPI
        assert drawn.x0 >= -slack and drawn.y0 >= -slack, (name, drawn)
        assert drawn.x1 <= inches[0] + slack and drawn.y1 <= inches[1] + slack, (name, drawn)
        texts = [t for t in figure.findobj(Text) if t.get_visible() and t.get_text().strip()]
        title = figure._suptitle.get_text()  # pyright: ignore[reportAttributeAccessIssue]
        assert title.splitlines()[0].startswith(f"{name}: ")
        for line in title.splitlines():
            assert line.count("[") == line.count("]") and line.count("(") == line.count(")"), line
        assert overlapping_tick_labels(figure, canvas) == [], name
        words = {text.get_text() for text in texts}
        if "bias" in name:
            assert "hue: output channel o" in words, name
        elif layout.source_shape[2:] == (1, 1):
            assert "hue: input channel i (a 1×1 kernel)" in words, name
            assert "hue: kernel position (r, s)" not in words, name
        else:
            assert "hue: kernel position (r, s)" in words, name


def test_titles_break_between_their_parts() -> None:
    from ttnn_xdsl.pictures.plot import _wrap  # pyright: ignore[reportPrivateUsage]

    text = (
        "op [64, 64, 3, 3] f32 · input 1×56×56×64 · physical [1, 1, 288, 64], logical [1, 1, 1, 64]"
    )
    assert _wrap(text, 40).split("\n") == [
        "op [64,\u00a064,\u00a03,\u00a03] f32 · input 1×56×56×64",
        "physical [1,\u00a01,\u00a0288,\u00a064], logical",
        "[1,\u00a01,\u00a01,\u00a064]",
    ]
    # A part longer than a line breaks between words, never between a number and its word.
    report = "L1 per core, TT-NN's estimate in bytes: height_sharded on 56 cores · total 131472"
    assert _wrap(report, 55).split("\n") == [
        "L1\u00a0per core, TT-NN's estimate in bytes: height_sharded",
        "on 56\u00a0cores · total 131472",
    ]


@pytest.mark.parametrize(
    ("count", "ranges"),
    [
        (64, "(0, 0)…(7, 7)"),
        (49, "(0, 0)…(7, 5) and (0, 6)"),  # six whole rows and one core: not seven rows
        (10, "(0, 0)…(7, 0) and (0, 1)…(1, 1)"),
        (8, "(0, 0)…(7, 0)"),
        (5, "(0, 0)…(4, 0)"),
        (1, "(0, 0)"),
    ],
)
def test_core_ranges_are_the_rectangles_the_cores_make(count: int, ranges: str) -> None:
    assert core_ranges(count, (8, 8)) == ranges


def test_a_bias_subtitle_names_its_weight_with_the_right_article() -> None:
    program = Program.load((EXAMPLES / "conv_layouts.mlir").read_text(), entry="interleaved_matmul")
    layout = program.layout_map(1)
    assert layout is not None
    assert layout.subtitle.startswith("bias for an interleaved_mm weight: row 0 holds the 256 ")


WHISPER_CONV1 = """
func.func @conv1(%w: tensor<384x80x1x3xf32>)
    -> tensor<1x1x240x384x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x320x384>> {
  %pw = ttnn.prepare_conv_weights %w
      input_memory_config = #ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>
      input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 80
      out_channels = 384 batch_size = 2 input_height = 1 input_width = 100
      kernel_size = [1, 3] stride = [1, 1] padding = [0, 1] dilation = [1, 1] has_bias = true
      groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b>
      input_dtype = #ttnn.data_type<bf16>
      : tensor<384x80x1x3xf32>
      -> tensor<1x1x240x384x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x320x384>>
  func.return %pw
      : tensor<1x1x240x384x!ttnn.bfp8_b, #ttnn.tensor_layout<tile, physical = 1x1x320x384>>
}
"""


def drawn(figure: Any) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from ttnn_xdsl.pictures.plot import PICTURE_DPI

    figure.set_dpi(PICTURE_DPI)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    return canvas


def test_colour_bar_ticks_never_run_together() -> None:
    # Whisper's conv1 weight (a newcomer's): quantization errors up to ~0.002 under a narrow
    # panel were labelled -0.0020 … 0.0020 every 0.0005, nine labels run together; now a few
    # short ones (−1, 0, 1) and the power of ten once.
    from ttnn_xdsl.pictures.plot import layout_figure

    program = Program.load(WHISPER_CONV1)
    weight = np.random.default_rng(0).standard_normal((384, 80, 1, 3)).astype(np.float32) * 0.15
    inputs = program.prepare_inputs({"w": weight})
    tensor = program.run(inputs)[0]
    layout = program.layout_map(0)
    assert layout is not None
    figure = layout_figure(layout, tensor, "pw", inputs[0].to_numpy())
    canvas = drawn(figure)
    assert overlapping_tick_labels(figure, canvas) == []
    error_bar = [axes for axes in figure.axes if axes.get_label() == "<colorbar>"][-1]
    labels = [
        re.sub(r"^\$\\mathdefault\{(.*)\}\$$", r"\1", label.get_text())
        for label in error_bar.xaxis.get_ticklabels()
        if label.get_text()
    ]
    assert labels == ["−4", "−2", "0", "2", "4"]
    assert (
        error_bar.xaxis.get_offset_text().get_text()
        == r"$\times\mathdefault{10^{−3}}\mathdefault{}$"
    )


@pytest.mark.parametrize(
    ("shape", "legend"),
    [
        ((32, 32), []),  # one whole tile: no tile line, no padding
        ((64, 32), ["tile boundary (32)"]),
        ((40, 50), ["padding (no source)", "tile boundary (32)"]),
    ],
)
def test_a_values_picture_has_its_colour_scale_and_a_legend_of_what_it_draws(
    shape: tuple[int, int], legend: list[str]
) -> None:
    # A tensor no preparation made (a conv's output) is coloured by value: its colour bar
    # spans the lowest to the highest value held; the legend names only what is drawn (no
    # block or shard line is, nor padding where every element holds data).
    from ttnn_xdsl.pictures.plot import layout_figure

    # -3 to 1 in steps of 1/4: exact in bf16.
    values = np.arange(shape[0] * shape[1], dtype=np.float32).reshape(shape) % 17 / 4 - 3
    tensor = DeviceTensor.from_numpy(values, "bf16")
    layout = LayoutMap.of_logical(tensor.logical_shape, tensor.physical_shape, "values")
    figure = layout_figure(layout, tensor, "y")
    drawn(figure)
    bars = [axes for axes in figure.axes if axes.get_label() == "<colorbar>"]
    assert len(bars) == 1
    limits = bars[0].get_xlim() if shape[1] < 2 * shape[0] else bars[0].get_ylim()
    assert limits == (-3.0, 1.0)
    legend_axes = figure.axes[-1]
    shown = legend_axes.get_legend()
    assert ([text.get_text() for text in shown.get_texts()] if shown else []) == legend
    words = {text.get_text() for text in legend_axes.texts}
    assert words == {"colour: value (the colour bar)"}

"""The forms `ttnn.conv2d_consume` takes and gives besides NHWC in, TILE out
(docs/semantics.md §9.5): tt-mlir's flat activation [1, 1, N·H·W, C] (the same row-major data,
so the same output bytes) and a ROW_MAJOR output (conv_config.output_layout = ROW_MAJOR: TT-NN
untilizes the output; the values are the TILE output's, only the layout changes)."""

from __future__ import annotations

import numpy as np
import pytest
from conv_consume_builder import consume_program
from test_conv_consumption import BRANCHES
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.program import Program

FORMS = [
    "height 3x3 padded, channel padding, batch 2, bias",
    "block 3x3",
    "1x1 matmul, interleaved",
    "folded 4x4 stride 2, height",
    "folded, kernel = stride = 2 (matmul)",
    "1D depthwise",
]


def run(name: str, flat: bool = False, **knobs: object) -> object:
    case, _ = BRANCHES[name]
    bias = case.bias_values() if case.bias else None
    prepared, prepared_bias = case.prepare(case.weight(), bias)
    activation = case.activation().astype(np.float32)
    if flat:
        activation = activation.reshape(1, 1, -1, case.in_channels)
    module = consume_program(case, prepared, prepared_bias, flat_activation=flat, **knobs)  # type: ignore[arg-type]
    inputs = [activation, prepared] + ([prepared_bias] if prepared_bias is not None else [])
    (output,) = Program.load(module).run(inputs)
    return output


@pytest.mark.parametrize("name", FORMS)
def test_a_flat_activation_gives_the_same_bytes(name: str) -> None:
    nhwc = run(name)
    flat = run(name, flat=True)
    assert flat.layout == nhwc.layout == Layout.TILE  # type: ignore[attr-defined]
    assert np.array_equal(flat.data, nhwc.data)  # type: ignore[attr-defined]


def test_an_activation_of_another_shape_is_refused_by_the_verifier() -> None:
    # Once refused only when the module was lowered for a run.
    case, _ = BRANCHES["1x1 matmul, interleaved"]
    prepared, _ = case.prepare(case.weight())
    with pytest.raises(VerifyException) as error:
        consume_program(case, prepared, activation_shape=(5, 5, 1, 40))
    assert (
        "'ttnn.conv2d_consume' op batch 1, input_height 5, input_width 5 need an activation "
        "[N, H, W, C] [1, 5, 5, 40] or [1, 1, N·H·W, C] [1, 1, 25, 40], got [5, 5, 1, 40]"
    ) in str(error.value).splitlines()[0]


@pytest.mark.parametrize("dtype", [DataType.FLOAT32, DataType.BFLOAT16])
@pytest.mark.parametrize("name", FORMS)
def test_a_row_major_output_holds_the_tile_output_s_values(name: str, dtype: DataType) -> None:
    tiled = run(name, output_dtype=dtype)
    row_major = run(name, output_dtype=dtype, output_layout=Layout.ROW_MAJOR)
    assert row_major.layout == Layout.ROW_MAJOR and row_major.dtype == dtype  # type: ignore[attr-defined]
    assert row_major.data.shape == tuple(tiled.logical_shape)  # type: ignore[attr-defined]
    assert np.array_equal(row_major.to_numpy(), tiled.to_numpy())  # type: ignore[attr-defined]


def test_a_row_major_bfloat8_b_output_is_refused() -> None:
    """TT-NN untilizes only a bf16 or f32 output; bfloat8_b has no row-major form."""
    case, _ = BRANCHES["1x1 matmul, interleaved"]
    prepared, _ = case.prepare(case.weight())
    with pytest.raises(VerifyException, match="result: bfloat8_b needs the tile layout"):
        consume_program(
            case, prepared, output_dtype=DataType.BFLOAT8_B, output_layout=Layout.ROW_MAJOR
        )

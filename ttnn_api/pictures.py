"""The pictures `ttnn-run --plot` / `--plot-text` draw, for a tensor from the Python API:
`plot_layout(prepared, "conv1.png")` and `layout_text(prepared)` show where each element of a
prepared weight or bias came from (which output channel, input channel and kernel tap, which
block and shard), traced through the Program of the call that made it (`Tensor.made_by`) as
the runtime traces a result (`Program.layout_map`: the IR run on an index-encoded weight).
These are ttnn_xdsl's own functions: TT-NN has none."""

from __future__ import annotations

import os

from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.pictures.layout_map import LayoutMap
from ttnn_xdsl.ttnn.enums import Layout
from ttnn_xdsl.ttnn.signatures import keywords_suggested
from ttnn_xdsl.ttnn.tensor import Tensor

__all__ = ["layout_map", "layout_text", "plot_layout"]


def layout_map(tensor: Tensor) -> LayoutMap:
    """Where each element of `tensor` came from: traced through the call that prepared it, or
    (a tensor no preparation made) its logical region as the data and the rest padding.
    RuntimeError for a ROW_MAJOR tensor (the pictures show 32×32 tiles)."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"expected a ttnn.Tensor, got {type(tensor).__name__}")
    if tensor.layout != Layout.TILE:
        raise RuntimeError(
            "the layout pictures show a TILE tensor's tiles; this tensor is ROW_MAJOR "
            "(ttnn.to_layout(tensor, ttnn.TILE_LAYOUT) tiles it)"
        )
    made_by = tensor.made_by
    traced = None
    if made_by is not None:
        try:
            traced = made_by.program.layout_map(made_by.position)
        except TTNNError as error:
            raise RuntimeError(f"{made_by.function}: {error.message}") from None
    if traced is not None:
        return traced
    value = tensor.value
    return LayoutMap.of_logical(value.logical_shape, value.physical_shape, "values of a tensor")


@keywords_suggested
def layout_text(tensor: Tensor, name: str | None = None) -> str:
    """What `ttnn-run --plot-text` prints for `tensor`: one character per tile (`#` data, `+`
    partly padding, `.` padding) with its blocks and shards and, for a prepared conv tensor,
    its title and TT-NN's L1 estimate. `name` heads it (default: the function that made it,
    else "tensor")."""
    heading = name or (tensor.made_by.function if tensor.made_by is not None else "tensor")
    return tensor.value.tile_map(layout_map(tensor), heading)


@keywords_suggested
def plot_layout(tensor: Tensor, path: str | os.PathLike[str], name: str | None = None) -> None:
    """Draw what `ttnn-run --plot` draws for `tensor` into `path` (.png or .svg by its
    extension; needs matplotlib, the `plot` extra): its physical matrix as 32×32 tiles,
    coloured by where each element came from; for bfloat8_b, each face row's shared exponent
    and the quantization error against the values it was prepared from."""
    layout = layout_map(tensor)
    made_by = tensor.made_by
    exact = None
    if (
        made_by is not None
        and tensor.value.dtype == DataType.BFLOAT8_B
        and layout.source_argument is not None
    ):
        exact = made_by.inputs[layout.source_argument].to_numpy()
    heading = name or (made_by.function if made_by is not None else "tensor")
    try:
        tensor.value.plot(path, layout, heading, exact)
    except TTNNError as error:
        raise RuntimeError(error.message) from None

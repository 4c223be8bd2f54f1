"""`conv_config.override_sharding_config` with `conv_config.core_grid`, as TT-NN 0.81.1's
conv2d reads them (semantics.md §6): the conv's input is sharded on exactly the cores of
`core_grid` (conv2d_utils.cpp, `get_conv_padded_input_shape_and_mem_config`: the parallel
config is `{core_grid, shard_layout, orientation}` instead of `determine_parallel_config`'s),
and the output's parallel config follows from it as from any input's
(`determine_output_parallel_config`: HEIGHT keeps the input's cores, BLOCK keeps its NHW
cores and splits the output channels over the device grid, WIDTH splits them over the
device grid). The refusals are TT-NN's, in its words.

Plain Python, no IR; a step of `conv_sharding.resolve_sharding`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig, CoreRanges
from ttnn_xdsl.conv.conv_op_config import (
    CoreSplit,
    ShardSpec,
    determine_input_memory_config,
    input_channels_alignment,
)
from ttnn_xdsl.core.enums import Layout, ShardOrientation, TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvConfigError, ConvNotModelledError

if TYPE_CHECKING:
    from ttnn_xdsl.conv.conv_l1_model import ConvGeometry


class CoreGridParameters(Protocol):
    """What these rules read of a conv's parameters (`conv_parameters.ConvParameters`, whose
    checks call this module, so it does not import that one)."""

    @property
    def conv_config(self) -> Conv2dConfig: ...

    @property
    def grid(self) -> tuple[int, int]: ...

    @property
    def input_layout(self) -> Layout: ...

    @property
    def input_memory_config(self) -> Any: ...  # conv_parameters.InputMemoryConfig

    @property
    def reads_core_grid(self) -> bool: ...


__all__ = [
    "check_core_grid_override",
    "core_grid_input_shard",
    "core_grid_reshards_input",
    "core_grid_split",
    "overrides_core_grid",
    "split_on_core_grid",
]

Core = tuple[int, int]


def overrides_core_grid(params: CoreGridParameters) -> bool:
    """Whether the conv's cores come from `conv_config.core_grid`: a conv op's with
    `override_sharding_config` (a prepare op's never)."""
    return params.reads_core_grid and params.conv_config.override_sharding_config


def check_core_grid_override(params: CoreGridParameters, transposed: bool) -> None:
    """The refusals TT-NN 0.81.1 makes before it shards anything (conv2d_utils.cpp,
    `get_conv_padded_input_shape_and_mem_config`): no core grid (an input already sharded in
    L1 is checked by another TT_FATAL, in other words), and an input already sharded with no
    shard layout. A conv_transpose2d's override is not modelled."""
    if not overrides_core_grid(params):
        return
    if transposed:
        raise ConvNotModelledError(
            "conv_config.override_sharding_config = true is not modelled for conv_transpose2d"
        )
    config = params.conv_config
    sharded = params.input_memory_config.sharded_in_l1
    if not config.core_grid:
        if sharded:
            raise ConvConfigError(
                "If override_sharding_config is set, core_grid must be set as well."
            )
        raise ConvConfigError("Core grid must be provided when overriding sharding config")
    if sharded and config.shard_layout is None:
        raise ConvConfigError(
            "If override_sharding_config is set, shard_layout must be set as well."
        )


def core_grid_split(
    params: CoreGridParameters,
    layout: TensorMemoryLayout,
    orientation: ShardOrientation,
    mm_conv: bool,
) -> CoreSplit:
    """The input's parallel config on `conv_config.core_grid` for the shard `layout` TT-NN
    uses, after TT-NN's checks of the grid, in the order it meets them: a BLOCK grid must be
    one range (TensorSpec), every core must have an L1 bank (the input buffer's allocation),
    and the halo walks the cores row by row from (0, 0), rows as wide as the grid
    (sliding_window.cpp). A 1×1 matmul conv runs no halo: a BLOCK grid away from (0, 0) is
    refused by its matmul, any other grid that is not such a walk is not modelled (the
    project's core splits start at (0, 0) and fill rows)."""
    grid = params.conv_config.core_grid
    assert grid
    if layout == TensorMemoryLayout.BLOCK_SHARDED and len(grid) != 1:
        raise ConvConfigError("Shard grid must be one full rectangular grid for block sharded!")
    outside = first_core_outside(grid, params.grid)
    if outside is not None:
        raise ConvConfigError(
            f"Invalid shard grid: shard core ({outside[0]}, {outside[1]}) has no L1 bank on "
            f"this device, which has {params.grid[0] * params.grid[1]} of them. Derive the "
            "shard grid from the device (dram_grid_size() for DRAM, "
            "compute_with_storage_grid_size() for L1) rather than assuming a fixed size -- a "
            "harvested device exposes fewer banks than an unharvested one of the same type. An "
            "L1 shard core outside the compute grid is legal only while it is claimed via "
            "ServiceCoreManager."
        )
    width = max(end[0] for _, end in grid) + 1
    height = max(end[1] for _, end in grid) + 1
    cores = walked_cores(grid)
    walk = [(index % width, index // width) for index in range(len(cores))]
    if cores != walk:
        if mm_conv and layout == TensorMemoryLayout.BLOCK_SHARDED:
            # A 1×1 matmul conv runs no halo; its matmul's grid is the size of the output's
            # shard grid, counted from (0, 0).
            (x0, y0), (x1, y1) = grid[0]
            raise ConvConfigError(
                "MatmulMultiCoreReuseMultiCastProgramConfig: output shard grid "
                f"{{[{x0}-{y0} - {x1}-{y1}]}} must lie within extent {x1 - x0 + 1}-{y1 - y0 + 1}"
            )
        if mm_conv:
            raise ConvNotModelledError(
                f"conv_config.core_grid {format_core_grid(grid)} of a 1×1 matmul conv is not "
                "modelled: only core grids that fill rows from core (0, 0) are"
            )
        index = next(index for index, core in enumerate(cores) if core != walk[index])
        (x, y), (walk_x, walk_y) = cores[index], walk[index]
        raise ConvConfigError(
            f"Sliding-window shard grid core {index} is {x}-{y} but the origin-anchored row "
            f"walk addresses it as {walk_x}-{walk_y}. Only an origin-anchored, row-filled grid "
            "is supported; any other grid hangs max_pool2d/avg_pool2d or silently returns wrong "
            "conv2d results (#60513)."
        )
    return CoreSplit(layout, orientation, width, height, len(cores))


def first_core_outside(grid: CoreRanges, device_grid: tuple[int, int]) -> Core | None:
    """The first core of `grid` beyond the device's worker grid, in TT-NN's order (by x, then
    y: TT-NN's answers name (0, 8) for the range (0, 0)-(20, 20) of an 8×8 grid)."""
    columns, rows = device_grid
    outside: list[Core] = []
    for (x0, y0), (x1, y1) in grid:
        if x0 >= columns or y0 >= rows:
            outside.append((x0, y0))
        elif y1 >= rows:
            outside.append((x0, rows))
        elif x1 >= columns:
            outside.append((columns, y0))
    return min(outside, default=None)


def walked_cores(grid: CoreRanges) -> list[Core]:
    """The cores of `grid`, range by range, each row by row (TT-NN's `corerange_to_cores`)."""
    return [
        (x, y) for (x0, y0), (x1, y1) in grid for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
    ]


def format_core_grid(grid: CoreRanges) -> str:
    """`(0, 0)-(3, 0), (0, 1)-(1, 1)`."""
    return ", ".join(f"({x0}, {y0})-({x1}, {y1})" for (x0, y0), (x1, y1) in grid)


def core_grid_reshards_input(params: CoreGridParameters) -> bool:
    """Whether TT-NN reshards an input already sharded in L1 onto `core_grid`: its cores, its
    shard layout or (BLOCK) its orientation differ from the override's
    (`get_conv_padded_input_shape_and_mem_config`); otherwise TT-NN keeps the input's shards,
    which are the override's."""
    config = params.conv_config
    memory = params.input_memory_config
    if not overrides_core_grid(params) or not memory.sharded_in_l1 or not config.core_grid:
        return False
    assert memory.shard_grid is not None
    if first_core_outside(config.core_grid, params.grid) is not None:
        return True  # refused where the grid is split (`core_grid_split`)
    width = memory.shard_grid[0]
    input_cores = {(index % width, index // width) for index in range(memory.shard_core_count)}
    if set(walked_cores(config.core_grid)) != input_cores:
        return True
    if config.shard_layout != memory.memory_layout:
        return True
    transposed = memory.shard_orientation == ShardOrientation.COL_MAJOR
    return (
        config.shard_layout == TensorMemoryLayout.BLOCK_SHARDED
        and config.transpose_shards != transposed
    )


def split_on_core_grid(
    params: CoreGridParameters,
    geometry: ConvGeometry,
    output_size: tuple[int, int],
    layout: TensorMemoryLayout,
    mm_conv: bool,
) -> tuple[CoreSplit, int]:
    """The input's split on `core_grid` and the alignment of the weights' input channels: that
    of the shards TT-NN makes for the split (`determine_input_memory_config`), as for any
    input TT-NN shards itself (`conv_l1_decisions.resplit`)."""
    orientation = (
        ShardOrientation.COL_MAJOR
        if params.conv_config.transpose_shards
        else ShardOrientation.ROW_MAJOR
    )
    split = core_grid_split(params, layout, orientation, mm_conv)
    shard = core_grid_input_shard(params, geometry, output_size, split, mm_conv)
    alignment = input_channels_alignment(
        layout, params.input_layout, False, mm_conv, shard.shard_shape[1]
    )
    return split, alignment


def core_grid_input_shard(
    params: CoreGridParameters,
    geometry: ConvGeometry,
    output_size: tuple[int, int],
    split: CoreSplit,
    mm_conv: bool,
) -> ShardSpec:
    """The shard spec TT-NN gives the input on `split` (`determine_input_memory_config`)."""
    return determine_input_memory_config(
        split.layout,
        split.orientation,
        geometry.batch,
        geometry.in_hw,
        geometry.in_channels,
        output_size,
        geometry.out_channels,
        mm_conv,
        params.grid,
        params.input_layout,
        False,
        split,
        params.conv_config.act_block_h_override,
    )

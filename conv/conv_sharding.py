"""Steps 4–7 of the resolution (semantics.md §3.3): the input's shard layout, the channel
alignment, the shard orientation and the core split of the conv's input and output — TT-NN's
input memory config and its two ParallelConfigs — after TT-NN's own decisions
(`conv_l1_decisions`: auto sharding, the DRAM slice's input, resharding).

Plain Python, no IR; a step of `conv_resolution.resolve_conv_weights`."""

from __future__ import annotations

from dataclasses import dataclass

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv_core_grid import overrides_core_grid, split_on_core_grid
from ttnn_xdsl.conv.conv_form import ConvForm
from ttnn_xdsl.conv.conv_l1_decisions import L1Decisions, resplit
from ttnn_xdsl.conv.conv_op_config import (
    CoreSplit,
    determine_output_parallel_config,
    determine_parallel_config,
    input_channels_alignment,
    output_compute_grid,
)
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters, InputMemoryConfig
from ttnn_xdsl.core.enums import Layout, ShardOrientation, TensorMemoryLayout
from ttnn_xdsl.core.shapes import TILE_SIZE


def resolve_shard_layout(params: Conv2dParameters) -> TensorMemoryLayout:
    """Step 5: an input already sharded keeps its own kind, whatever `conv_config.shard_layout`
    says (TT-NN: `conv_config.shard_layout = input_memory_config.memory_layout()`,
    semantics.md §3.3a), unless `reshard_if_not_optimal` (semantics.md §6); otherwise
    `conv_config.shard_layout`, else the sharded input's kind, else HEIGHT_SHARDED. A conv2d
    never reaches the last: TT-NN's L1 model chooses for an interleaved input with no shard
    layout (semantics.md §8.4); a conv_transpose2d's DRAM path still assumes it (§4 row 13)."""
    memory = params.input_memory_config
    resharded = params.conv_config.reshard_if_not_optimal
    if memory.is_sharded and not resharded:
        return memory.memory_layout
    if params.conv_config.shard_layout is not None:
        return params.conv_config.shard_layout
    if memory.is_sharded:
        return memory.memory_layout
    return TensorMemoryLayout.HEIGHT_SHARDED


def resolve_orientation(params: Conv2dParameters) -> ShardOrientation:
    """Step 7's shard orientation: an L1 input already sharded keeps its spec's
    (semantics.md §3.3a) unless `reshard_if_not_optimal`, otherwise COL_MAJOR iff
    `conv_config.transpose_shards`."""
    memory = params.input_memory_config
    if params.reads_input_shard_spec:
        return memory.shard_orientation
    if params.conv_config.transpose_shards:
        return ShardOrientation.COL_MAJOR
    return ShardOrientation.ROW_MAJOR


def resolve_input_channels_alignment(
    shard_layout: TensorMemoryLayout,
    input_layout: Layout,
    input_memory_config: InputMemoryConfig,
    mm_conv: bool,
) -> int:
    """Step 6 for the conv's own input (`conv_op_config.input_channels_alignment` with the
    input's shard width, when it is sharded)."""
    shard = input_memory_config.shard_shape if input_memory_config.is_sharded else None
    return input_channels_alignment(
        shard_layout, input_layout, False, mm_conv, None if shard is None else shard[1]
    )


@dataclass(frozen=True)
class ParallelConfig:
    """Step 7's core split of the conv's input and of its output (TT-NN's two ParallelConfigs):
    channel cores of each, NHW cores, and the shard orientation (ROW_MAJOR for HEIGHT and
    WIDTH)."""

    input_split: CoreSplit
    output_split: CoreSplit

    @property
    def shard_layout(self) -> TensorMemoryLayout:
        return self.input_split.layout

    @property
    def input_cores_channels(self) -> int:
        return self.input_split.channels

    @property
    def output_cores_channels(self) -> int:
        return self.output_split.channels

    @property
    def nhw_cores(self) -> int:
        return self.input_split.nhw

    @property
    def orientation(self) -> ShardOrientation:
        if self.shard_layout == TensorMemoryLayout.BLOCK_SHARDED:
            return self.input_split.orientation
        return ShardOrientation.ROW_MAJOR


def resolve_parallel_config(
    shard_layout: TensorMemoryLayout,
    *,
    batch_size: int,
    in_channels: int,
    out_channels: int,
    output_height: int,
    output_width: int,
    input_channels_alignment: int,
    grid: tuple[int, int],
    orientation: ShardOrientation = ShardOrientation.ROW_MAJOR,
    mm_conv: bool = False,
    act_block_h_override: int = 0,
    input_shard_grid: tuple[int, int] | None = None,
    input_split: CoreSplit | None = None,
    input_shard_cores: int | None = None,
    config: Conv2dConfig | None = None,
) -> ParallelConfig:
    """Step 7 (TT-NN's `determine_parallel_config` + `determine_output_parallel_config`, in
    `conv_op_config`).

    `orientation` only matters for BLOCK (ROW_MAJOR: channels along grid.x, NHW along
    grid.y; COL_MAJOR the other way). Channel padding is off for an mm_conv, whose output
    keeps the input's split. The input's split is `input_split` when TT-NN fixed it (the
    shard spec it gives a DRAM slice, or a resharded input), or comes from `input_shard_grid`,
    the (x, y) shard grid of an L1 input already sharded (TT-NN takes the spec's whole
    parallel config: semantics.md §3.3a). The output's cores come from the device grid, or
    from `config.core_grid` (`conv_op_config.output_compute_grid`)."""
    if input_split is None and input_shard_grid is not None:
        x, y = input_shard_grid
        input_split = CoreSplit(shard_layout, orientation, x, y, input_shard_cores or x * y)
    if input_split is None:
        input_split = determine_parallel_config(
            shard_layout,
            batch_size,
            in_channels,
            output_height,
            output_width,
            out_channels,
            input_channels_alignment,
            grid,
            orientation,
            not mm_conv,
            act_block_h_override,
        )
    output_grid = grid if config is None else output_compute_grid(grid, config, input_split)
    output_split = determine_output_parallel_config(input_split, output_grid, out_channels, mm_conv)
    return ParallelConfig(input_split, output_split)


@dataclass(frozen=True)
class ShardDecision:
    """Steps 4–7: how the conv's input is sharded and the conv split over the cores, for the
    whole conv or, on the DRAM path, its first slice."""

    auto_shard: bool
    """Step 4: non-sharded input and no conv_config.shard_layout."""
    shard_layout: TensorMemoryLayout
    """Step 5."""
    input_channels_alignment: int
    """Step 6: the alignment the channels are padded to (§3.3a: for a resharded input that of
    an interleaved input; its core split used the shard width's)."""
    parallel: ParallelConfig
    """Step 7: the core split of the conv's input and output."""
    weight_channels_alignment: int
    """The alignment of the weight's input channels (the pitch of its kernel positions): step
    6's, except on a HEIGHT conv cut in DRAM height slices
    (`conv_l1_decisions.height_slice_weight_alignment`)."""

    @property
    def orientation(self) -> ShardOrientation:
        """Step 7: shard orientation (BLOCK: the sharded input's, else COL_MAJOR iff
        transpose_shards)."""
        return self.parallel.orientation

    @property
    def input_cores_channels(self) -> int:
        """Step 7: n_c_in."""
        return self.parallel.input_cores_channels

    @property
    def output_cores_channels(self) -> int:
        """Step 7: n_c_out."""
        return self.parallel.output_cores_channels

    @property
    def nhw_cores(self) -> int:
        """Step 7: cores along N·OH·OW."""
        return self.parallel.nhw_cores


def resolve_sharding(
    params: Conv2dParameters, form: ConvForm, l1: L1Decisions, output_size: tuple[int, int]
) -> ShardDecision:
    """Steps 4–7 for the conv whose output is `output_size` (its first slice's on the DRAM
    path), computed on every path: the block sizes and the bias width need them even for the
    interleaved-MM layout."""
    memory = params.input_memory_config
    split = l1.slice_split
    if split is not None:
        # The DRAM path: TT-NN prepares the weights of one slice, whose input it shards itself
        # (on conv_config.core_grid with override_sharding_config, `resolve_dram_slicing`).
        shard_layout = split.layout
        alignment = pad_alignment = l1.slice_alignment or TILE_SIZE
        weight_alignment = l1.slice_weight_alignment or pad_alignment
    else:
        if l1.auto_shard is not None:
            shard_layout = l1.auto_shard.layout
        elif overrides_core_grid(params) and params.conv_config.shard_layout is not None:
            shard_layout = params.conv_config.shard_layout
        else:
            shard_layout = resolve_shard_layout(params)
        alignment = resolve_input_channels_alignment(
            shard_layout, params.input_layout, memory, form.mm_conv
        )
        pad_alignment = alignment
        weight_alignment = 0
        if overrides_core_grid(params) and not params.reads_input_shard_spec:
            # The input sharded on conv_config.core_grid (conv_core_grid).
            split, pad_alignment = split_on_core_grid(
                params, l1.geometry, output_size, shard_layout, form.mm_conv
            )
        elif memory.is_sharded and not params.reads_input_shard_spec:
            # An input already sharded that TT-NN reshards (reshard_if_not_optimal): it splits
            # the conv again from the device grid and pads the channels to its new shards.
            split, pad_alignment = resplit(
                params,
                l1.geometry,
                output_size,
                shard_layout,
                memory.shard_shape[1] if memory.shard_shape is not None else None,
                False,
                form.mm_conv,
            )
    folded = form.folded
    parallel = resolve_parallel_config(
        shard_layout,
        batch_size=folded.batch_size,
        in_channels=folded.in_channels,
        out_channels=folded.out_channels,
        output_height=output_size[0],
        output_width=output_size[1],
        input_channels_alignment=alignment,
        grid=params.grid,
        orientation=resolve_orientation(params) if split is None else split.orientation,
        mm_conv=form.mm_conv,
        act_block_h_override=params.conv_config.act_block_h_override,
        input_shard_grid=memory.shard_grid if params.reads_input_shard_spec else None,
        input_split=split,
        input_shard_cores=memory.shard_cores,
        config=params.conv_config,
    )
    auto_shard = not memory.is_sharded and params.conv_config.shard_layout is None
    return ShardDecision(
        auto_shard, shard_layout, pad_alignment, parallel, weight_alignment or pad_alignment
    )

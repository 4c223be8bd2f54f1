"""TT-NN's L1 estimate for the configuration a conv's weights are prepared for (semantics.md
§8.6): what `ttnn-decompose` records in `ttnn.resolution` and `--plot-text` prints.

TT-NN computes its estimate only where it decides (auto sharding, DRAM slicing); the report
gives the same estimate for a configuration the user spelled out too, as information: TT-NN's
`prepare_conv_weights` does not refuse a configuration that would not fit (the conv itself
fails to allocate its buffers later), so neither does the project."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ttnn_xdsl.conv.conv_core_grid import core_grid_input_shard, overrides_core_grid
from ttnn_xdsl.conv.conv_l1_decisions import L1Decisions
from ttnn_xdsl.conv.conv_l1_model import AutoShardChoice, ConvL1Usage, L1Device, conv_l1_usage
from ttnn_xdsl.conv.conv_op_config import CoreSplit, ShardSpec
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.conv.conv_slicing import (
    Conv2dSliceAttribute,
    SliceDecision,
    slice_memory_config,
    slices_l1_bytes,
)
from ttnn_xdsl.conv.conv_transpose import ConvTranspose2dPlan
from ttnn_xdsl.conv.conv_transpose_slicing import (
    TransposedSliceAttribute,
    transposed_slice_l1_usage,
)
from ttnn_xdsl.core.enums import Conv2dSliceType, TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvConfigError


@dataclass(frozen=True)
class ConvL1Report:
    """TT-NN's L1 estimate per core of the configuration the weights are prepared for (its
    first slice on the DRAM path), against the device's budget; with the auto-shard
    candidates and the DRAM slicing where TT-NN decided them."""

    device: L1Device
    estimate: ConvL1Usage | None
    """None when TT-NN's estimate fails on this configuration (`unavailable` says why)."""
    unavailable: str | None
    auto_shard: AutoShardChoice | None
    """TT-NN's choice of shard layout, on the whole conv or on its DRAM slice."""
    slicing: SliceDecision | None
    largest_slice_bytes: int | None
    """On the DRAM path: the L1 of the largest slice, what TT-NN holds against the budget."""
    mm_conv: bool = False

    @property
    def needed_bytes(self) -> int | None:
        """What TT-NN holds against the budget: the largest slice's L1 on the DRAM path, the
        conv's circular buffers, output and halo otherwise."""
        if self.largest_slice_bytes is not None:
            return self.largest_slice_bytes
        return None if self.estimate is None else self.estimate.total_bytes

    @property
    def fits(self) -> bool | None:
        needed = self.needed_bytes
        return None if needed is None else needed <= self.device.l1_budget

    def describe(self) -> str:
        """One line for a reader (`--plot-text`'s header)."""
        budget = self.device.l1_budget
        estimate = self.estimate
        if estimate is None:
            return (
                f"L1 per core: no estimate, TT-NN's estimate refuses this conv: {self.unavailable}"
            )
        buffers = " + ".join(
            f"{buffer.name.lower()} {buffer.bytes}"
            for buffer in estimate.circular_buffers
            if buffer.bytes and not buffer.globally_allocated
        )
        of = " of the first DRAM slice" if self.slicing is not None else ""
        parts = [
            f"L1 per core, TT-NN's estimate{of} in bytes: {estimate.layout.value} on "
            f"{estimate.core_count} cores",
            f"circular buffers {estimate.cb_bytes} = {buffers}",
            f"output {estimate.output_bytes}, halo {estimate.halo_output_bytes}: total "
            f"{estimate.total_bytes} of {budget}",
        ]
        if self.auto_shard is not None:
            candidates = ", ".join(
                f"{c.layout.value} {c.total_bytes}{self._passed_over(c)}"
                for c in self.auto_shard.candidates
            )
            parts.append(f"auto shard: {candidates} → {self.auto_shard.layout.value}")
        if self.slicing is not None:
            along = "height" if self.slicing.slice_type == Conv2dSliceType.DRAM_HEIGHT else "width"
            slices = f"DRAM slices: {self.slicing.num_slices} along the output {along}"
            if self.largest_slice_bytes is not None:
                slices += f", the largest needs {self.largest_slice_bytes}"
            parts.append(slices)
        parts.append("fits" if self.fits else self.not_fitting(budget))
        return " · ".join(parts)

    @staticmethod
    def not_fitting(budget: int) -> str:
        """Why a weight that does not fit is prepared all the same: TT-NN's preparation does
        not check the L1 (the module doc)."""
        return (
            f"does not fit the {budget} bytes free: TT-NN prepares the weight all the same "
            "(prepare_conv_weights does not check the L1; the conv itself would fail to "
            "allocate its buffers)"
        )

    def _passed_over(self, candidate: ConvL1Usage) -> str:
        """Why auto sharding did not take a candidate that needs less L1 than the best before
        it (TT-NN's rule: BLOCK needs at least grid.x cores, WIDTH is never taken for a 1×1
        matmul conv)."""
        assert self.auto_shard is not None
        height, *others = self.auto_shard.candidates
        best = height.total_bytes
        for other in others:
            smaller = other.total_bytes < best
            if other.layout == TensorMemoryLayout.BLOCK_SHARDED:
                taken = other.core_count >= self.device.grid[0]
                reason = (
                    f" (on {other.core_count} cores, fewer than the grid's "
                    f"{self.device.grid[0]} columns)"
                )
            else:
                taken = not self.mm_conv
                reason = " (never for a 1×1 matmul conv)"
            if other is candidate:
                return reason if smaller and not taken else ""
            if smaller and taken:
                best = other.total_bytes
        return ""


def conv_l1_report(plan: ConvWeightsPlan) -> ConvL1Report:
    """The L1 report of a resolved conv (made once per distinct conv)."""
    given_shard_layout = plan.params.conv_config.shard_layout
    return _report(plan.l1, plan.sharding.shard_layout, _kept_input_shard(plan), given_shard_layout)


def transpose_l1_report(plan: ConvTranspose2dPlan) -> ConvL1Report:
    """The L1 report of a resolved conv_transpose2d's weight or bias. On the weight's DRAM
    path it is what TT-NN estimates there (its slice attribute for conv_transpose2d): the
    first slice's usage (the slice's own input shard, the conv's buffers for the slice's
    output), the slicing with its largest slice's need, and the auto-shard choice made for
    the slice. Elsewhere TT-NN estimates the equivalent conv2d: its report."""
    dram = plan.dram
    if dram is None:
        return conv_l1_report(plan.conv)
    layout = plan.params.conv_config.shard_layout
    geometry, knobs, device, slicing = dram.geometry, dram.knobs, dram.device, dram.slicing
    auto_shard = dram.slice_input.auto_shard
    try:
        # (It fails only for a slice count the user gave: a count TT-NN chose was estimated.)
        first = transposed_slice_l1_usage(
            geometry, dram.first_slice.shape, layout, knobs, device, dram.sliced, planning=False
        )
        # (l1_bytes is 0 for a slice count the user gave: TT-NN estimated no slices.)
        attribute = TransposedSliceAttribute(geometry, layout, knobs, device)
        largest = slicing.l1_bytes or slices_l1_bytes(
            attribute, slicing.slice_type, slicing.num_slices
        )
    except ConvConfigError as error:
        return ConvL1Report(device, None, error.message, auto_shard, slicing, None)
    return ConvL1Report(device, first.usage, None, auto_shard, slicing, largest)


@lru_cache(maxsize=512)
def _report(
    decisions: L1Decisions,
    shard_layout: TensorMemoryLayout,
    kept_input_shard: ShardSpec | None,
    given_shard_layout: TensorMemoryLayout | None,
) -> ConvL1Report:
    device, geometry, knobs = decisions.device, decisions.geometry, decisions.knobs
    slicing = decisions.slicing
    auto_shard = decisions.auto_shard or decisions.slice_auto_shard
    largest: int | None = None
    try:
        if slicing is not None:
            assert decisions.slice_output_size is not None
            # The first slice as TT-NN's slicing estimates it: within the output (the slice
            # the weights are prepared for may be rounded up past it, to whole tiles).
            size = decisions.slice_output_size
            end = (min(size[0], geometry.out_hw[0]), min(size[1], geometry.out_hw[1]))
            first = slice_memory_config(geometry, (0, 0), end, given_shard_layout, knobs, device)
            shard = first.input_shard
            if decisions.whole_input_shard is not None:
                # One slice runs conv2d_L1 on the whole input, sharded as it shards it
                # (`conv_l1_decisions.whole_dram_input_shard`).
                shard = decisions.whole_input_shard
            estimate = conv_l1_usage(first.geometry, shard.layout, knobs, device, shard)
            attribute = Conv2dSliceAttribute(geometry, given_shard_layout, knobs, device)
            largest = slicing.l1_bytes or slices_l1_bytes(
                attribute, slicing.slice_type, slicing.num_slices
            )
        elif decisions.auto_shard is not None and kept_input_shard is None:
            estimate = decisions.auto_shard.chosen
        else:
            estimate = conv_l1_usage(geometry, shard_layout, knobs, device, kept_input_shard)
    except ConvConfigError as error:
        return ConvL1Report(
            device, None, error.message, auto_shard, slicing, None, geometry.mm_conv
        )
    return ConvL1Report(device, estimate, None, auto_shard, slicing, largest, geometry.mm_conv)


def _kept_input_shard(plan: ConvWeightsPlan) -> ShardSpec | None:
    """The shard spec of an L1 input already sharded that TT-NN keeps (does not reshard), or
    the one it gives the input on `conv_config.core_grid` (its override)."""
    params = plan.params
    memory = params.input_memory_config
    if overrides_core_grid(params) and not params.reads_input_shard_spec:
        geometry = plan.l1.geometry
        split = plan.sharding.parallel.input_split
        return core_grid_input_shard(params, geometry, geometry.out_hw, split, plan.form.mm_conv)
    if not params.reads_input_shard_spec:
        return None
    assert memory.shard_grid is not None and memory.shard_shape is not None
    x, y = memory.shard_grid
    split = CoreSplit(
        plan.sharding.shard_layout, plan.sharding.orientation, x, y, memory.shard_core_count
    )
    return ShardSpec(split, memory.shard_shape)

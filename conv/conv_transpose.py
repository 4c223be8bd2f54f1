"""The preparation of a conv_transpose2d's weight and bias (semantics.md §7), as TT-NN 0.81.1
does it: the weight is transformed on the host — its groups expanded, IOHW transposed to OIHW,
the kernel mirrored — and then prepared as the weight of an *equivalent conv2d*, the stride-1
conv over the transpose's zero-stuffed, re-padded ("full") input; the bias is prepared as that
conv's bias. Every transpose-specific rule lives here or, for its DRAM slices, beside it in
`conv_transpose_slicing`: the equivalent conv2d's parameters, where TT-NN prepares the weight
and, on its DRAM path, the first slice and the input TT-NN hands it, the weight transform's
facts and the refusals of the transposed op. The equivalent conv is then resolved by the conv2d
resolution itself (`conv_resolution.resolve_conv_weights`).

Plain Python, no IR: the ops `ttnn.prepare_conv_transpose2d_weights` / `_bias` infer their
result types with it and `ttnn-decompose` builds their chains from its plans.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

from ttnn_xdsl.conv.conv_core_grid import check_core_grid_override
from ttnn_xdsl.conv.conv_form import resolve_weights_dtype
from ttnn_xdsl.conv.conv_l1_decisions import l1_knobs
from ttnn_xdsl.conv.conv_l1_model import L1Device
from ttnn_xdsl.conv.conv_op_config import ConvKnobs, ShardSpec
from ttnn_xdsl.conv.conv_parameters import (
    Conv2dParameters,
    Conv2dSliceConfig,
    ConvParameters,
    InputMemoryConfig,
    check_padding,
    check_window_parameter,
    transposed_output_extent,
    validate_counts,
    validate_input_shard_spec,
    validate_parameters,
)
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan, resolve_conv_weights
from ttnn_xdsl.conv.conv_slicing import (
    SliceDecision,
    decide_slices,
    first_slice_end,
    output_slices,
    slice_axis,
    slices_beyond_extent,
)
from ttnn_xdsl.conv.conv_transpose_slicing import (
    TransposedConvGeometry,
    TransposedSlice,
    TransposedSliceAttribute,
    TransposedSliceWindow,
    transposed_full_input,
    transposed_slice_memory_config,
    transposed_slice_window,
)
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import format_shape

__all__ = [
    "ConvTranspose2dParameters",
    "ConvTranspose2dPlan",
    "TransposeDramPath",
    "equivalent_conv2d",
    "normalize_transpose_parameters",
    "plans_dram_slices",
    "resolve_conv_transpose2d_bias",
    "resolve_conv_transpose2d_weights",
    "resolve_dram_path",
    "transpose_output_size",
    "whole_equivalent_conv",
]


@dataclass(frozen=True)
class ConvTranspose2dParameters(ConvParameters):
    """Everything the preparation of a conv_transpose2d's weight or bias reads: TT-NN 0.81.1's
    keyword parameters of `prepare_conv_transpose2d_weights` / `_bias` (semantics.md §7.1) —
    the conv parameters (`ConvParameters`) and the transpose's own.
    `normalize_transpose_parameters` expands `padding`."""

    output_padding: tuple[int, ...] = (0, 0)
    mirror_kernel: bool = True
    dram_slice_config: Conv2dSliceConfig | None = None
    own_path: bool = False
    """The preparation TT-NN's conv_transpose2d runs itself, not its preparation ops
    (conv2d_decisions.conv_transpose2d_preparation): it decides a 1×1 kernel's matmul by the
    transpose's own stride and padding (`use_matmul_for_1x1_conv` on them: the equivalent
    conv2d of a strided or padded one runs as a conv, `Conv2dParameters.matmul_1x1`), and on
    its DRAM path prepares each slice's weight without activation reuse (its slices' planning
    reads the flag)."""


# ------------------------------------------------------------------------------------------
# Geometry (semantics.md §7.2)
# ------------------------------------------------------------------------------------------


def transpose_output_size(
    params: ConvTranspose2dParameters, output_padding: tuple[int, ...] | None = None
) -> tuple[int, int]:
    """(OH, OW) of the conv_transpose2d on normalized parameters:
    `O = (I − 1)·s − (p_before + p_after) + d·(k − 1) + output_padding + 1` per axis
    (`output_padding` defaults to the parameters'); ≤ 0 for an empty output."""
    top, bottom, left, right = params.padding
    extra = params.output_padding if output_padding is None else output_padding
    return (
        transposed_output_extent(
            params.input_height, top + bottom, params.kernel_size[0], params.stride[0],
            params.dilation[0], extra[0],
        ),
        transposed_output_extent(
            params.input_width, left + right, params.kernel_size[1], params.stride[1],
            params.dilation[1], extra[1],
        ),
    )  # fmt: skip


def full_input_size(
    params: ConvTranspose2dParameters, output_padding: tuple[int, ...] | None = None
) -> tuple[int, int]:
    """The equivalent conv2d's input (full_H, full_W): the transpose's output + d·(k − 1) per
    axis, i.e. its input zero-stuffed to (I − 1)·s + 1, padded with d·(k − 1) − p_before before
    and d·(k − 1) − p_after + output_padding after (TT-NN's `compute_conv_transpose2d_dimensions`);
    with stride 1 and padding 0 the kernel then sweeps exactly the transpose's output."""
    oh, ow = transpose_output_size(params, output_padding)
    return (
        oh + params.dilation[0] * (params.kernel_size[0] - 1),
        ow + params.dilation[1] * (params.kernel_size[1] - 1),
    )


# ------------------------------------------------------------------------------------------
# Validation (semantics.md §7.1)
# ------------------------------------------------------------------------------------------


def normalize_transpose_parameters(params: ConvTranspose2dParameters) -> ConvTranspose2dParameters:
    """`params` with kernel_size, stride and dilation checked to be 2 positive values,
    `output_padding` 2 non-negative values and `padding` 2 or 4 non-negative values, expanded to
    (top, bottom, left, right). Raises ConvConfigError."""
    windows = {
        name: check_window_parameter(name, getattr(params, name))
        for name in ("kernel_size", "stride", "dilation")
    }
    output_padding = tuple(params.output_padding)
    if len(output_padding) != 2 or min(output_padding) < 0:
        raise ConvConfigError(
            f"expected output_padding to have 2 non-negative values, got "
            f"{format_shape(output_padding)}"
        )
    return replace(
        params,
        padding=check_padding(params.padding),
        output_padding=output_padding,
        **windows,  # pyright: ignore[reportArgumentType]
    )


def validate_transpose_parameters(params: ConvTranspose2dParameters, for_bias: bool) -> None:
    """The checks of the transposed conv's own parameters, on normalized parameters: the counts
    (semantics.md §3.2), a non-empty output (for the bias, without output_padding, which its
    preparation does not take, except where TT-NN prepares it anyway: `empty_bias_refusal`), and
    an L1 input's shard spec against the transpose's own input
    [N·H·W, Cin] (semantics.md §3.3a). The equivalent conv2d checks everything else.
    TT-NN 0.81.1 checks none of these (an empty output wraps its uint32 sizes)."""
    validate_counts(params)
    check_core_grid_override(params, transposed=True)
    output_padding = (0, 0) if for_bias else params.output_padding
    oh, ow = transpose_output_size(params, output_padding)
    refusal = empty_bias_refusal(params) if for_bias else None
    if (oh < 1 or ow < 1) and (refusal is not None or not for_bias):
        top, bottom, left, right = params.padding
        axis, size, extent, kernel, stride, dilation, before, after, extra = (
            ("OH", oh, params.input_height, params.kernel_size[0], params.stride[0],
             params.dilation[0], top, bottom, output_padding[0])
            if oh < 1
            else ("OW", ow, params.input_width, params.kernel_size[1], params.stride[1],
                  params.dilation[1], left, right, output_padding[1])
        )  # fmt: skip
        values = f"({extent} − 1)·{stride} − ({before} + {after}) + {dilation}·({kernel} − 1)"
        if for_bias:
            raise ConvConfigError(
                "output image is empty without output_padding (the bias's preparation takes "
                f"none): {axis} = (input − 1)·stride − padding + dilation·(kernel − 1) + 1 = "
                f"{values} + 1 = {size}; TT-NN 0.81.1 prepares such a bias only for an L1 "
                f"input with a shard layout: {refusal}"
            )
        raise ConvConfigError(
            f"output image is empty: {axis} = (input − 1)·stride − padding + "
            f"dilation·(kernel − 1) + output_padding + 1 = {values} + {extra} + 1 = {size}"
        )
    if params.input_memory_config.sharded_in_l1:
        validate_input_shard_spec(params)


def empty_bias_refusal(params: ConvTranspose2dParameters) -> str | None:
    """Why TT-NN 0.81.1 does not prepare the bias of a conv_transpose2d whose output is empty
    without output_padding (the bias's preparation takes none; its conv2d sees an output of 0
    or fewer rows and its uint32 sizes wrap), None where it prepares it. Measured on 158 such
    biases (semantics.md §7.5): it prepares them for an L1 input with a shard layout (given,
    or the input's own sharding), as the bias of the conv with one output row or column
    (`bias_output_padding`); it dies (integer divide-by-zero) auto-sharding that conv (an
    interleaved L1 input without `shard_layout`), and from DRAM its conv2d DRAM path dies,
    hangs or prepares by how the sizes wrap (the project refuses them all)."""
    memory = params.input_memory_config
    if memory.buffer_type == BufferType.DRAM:
        return (
            "from DRAM its conv2d DRAM path slices that empty output and dies (integer "
            "divide-by-zero), hangs or prepares by how its uint32 sizes wrap"
        )
    if params.conv_config.shard_layout is None and not memory.is_sharded:
        return "it dies (integer divide-by-zero) auto-sharding that empty conv: give shard_layout"
    return None


def bias_output_padding(params: ConvTranspose2dParameters) -> tuple[int, int]:
    """The output_padding the bias's equivalent conv2d is resolved with: none (its preparation
    takes none), or, where its output is empty and TT-NN prepares it anyway
    (`empty_bias_refusal`), the least that gives the conv one output row and column: TT-NN's
    bias of the empty conv is that conv's (measured: the same width on all 71 it prepared from
    L1 in tests/data/ttnn_reference/conv_transpose2d/empty_bias/, e.g. `[1, 1, 32, 288]` for
    256 channels on an input WIDTH sharded over 9 cores, and on 2 random draws whose weight is
    empty too, `[1, 1, 32, 2080]` for 2048 channels BLOCK sharded)."""
    oh, ow = transpose_output_size(params, (0, 0))
    return (max(0, 1 - oh), max(0, 1 - ow))


# ------------------------------------------------------------------------------------------
# The equivalent conv2d (semantics.md §7.2, §7.4)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TransposeDramPath:
    """TT-NN 0.81.1's DRAM path of a conv_transpose2d's weight (semantics.md §7.4): the slice
    config (the caller's, or the fewest slices its L1 model fits in the device's L1), the first
    slice of the output, the sharded input TT-NN builds for that slice and the full input of
    the stride-1 conv the slice runs as, which the weight is prepared for."""

    device: L1Device
    geometry: TransposedConvGeometry
    knobs: ConvKnobs
    slicing: SliceDecision
    first_slice: TransposedSliceWindow
    slice_input: TransposedSlice
    """The first slice's input shard spec, with TT-NN's auto-shard choice when it made one."""
    full_input_size: tuple[int, int]

    @property
    def sliced(self) -> bool:
        """More than one slice: the weight is prepared for a row-major input."""
        return self.slicing.num_slices > 1

    @property
    def input_memory_config(self) -> InputMemoryConfig:
        """The first slice's shard spec as the equivalent conv2d's input memory config
        (`slice_input_memory_config`)."""
        return slice_input_memory_config(self.slice_input.input_shard)

    def slices(self) -> Iterator[TransposedSlice]:
        """The slices TT-NN's slicer runs, in order (`op_slicing.run_sliced_op`: the output
        blocks whose clamped input window is not empty, `conv_slicing.output_slices`), each
        with its own input window, padding and shard spec. Every slice is sharded in the first
        slice's layout: `ConvT2DSliceAttr::run_L1_op` keeps the layout the first slice took
        (auto-sharded without a shard layout) in the attribute's config, which the next
        slices' `get_input_memory_config` reads (conv_transpose2d.cpp)."""
        geometry, output_layout = self.geometry, self.knobs.config.output_layout
        axis = slice_axis(self.slicing.slice_type)
        layout = self.slice_input.input_shard.layout

        def window(start: tuple[int, int], end: tuple[int, int]) -> TransposedSliceWindow:
            return transposed_slice_window(geometry, start, end, output_layout)

        def reads_input(start: tuple[int, int], end: tuple[int, int]) -> bool:
            found = window(start, end)
            return found.in_start[axis] < found.in_end[axis]

        for start, end in output_slices(
            geometry.out_hw,
            self.slicing.slice_type,
            self.slicing.num_slices,
            output_layout,
            reads_input,
        ):
            shape = window(start, end).shape
            yield transposed_slice_memory_config(geometry, shape, layout, self.knobs, self.device)


def slice_input_memory_config(spec: ShardSpec) -> InputMemoryConfig:
    """A DRAM slice's shard spec as a conv's input memory config: the core counts in its grid —
    (c, nhw) or (nhw, c) for BLOCK by orientation, a HEIGHT or WIDTH split's cores laid row by
    row over the device grid — as the conv2d preparation reads only the counts (semantics.md
    §3.3a). The project's memory config has no DRAM shard, so it is an L1 one."""
    split = spec.split
    if spec.layout == TensorMemoryLayout.BLOCK_SHARDED:
        return InputMemoryConfig(
            BufferType.L1, spec.layout, spec.shard_shape, spec.grid_shape, split.orientation
        )
    grid = (split.cores_x, split.cores_y)
    partial_row = split.num_cores if split.num_cores != grid[0] * grid[1] else None
    return InputMemoryConfig(
        BufferType.L1, spec.layout, spec.shard_shape, grid, shard_cores=partial_row
    )


def transposed_geometry(params: ConvTranspose2dParameters) -> TransposedConvGeometry:
    """The conv_transpose2d as TT-NN's slice attribute for it sees it, on normalized
    parameters (its output padding counted: 0.81.1 threads it into the weight's preparation)."""
    input_dtype = params.input_dtype or DataType.BFLOAT16
    return TransposedConvGeometry(
        batch=params.batch_size,
        in_channels=params.in_channels,
        out_channels=params.out_channels,
        in_hw=(params.input_height, params.input_width),
        kernel=(params.kernel_size[0], params.kernel_size[1]),
        stride=(params.stride[0], params.stride[1]),
        padding=(params.padding[0], params.padding[1], params.padding[2], params.padding[3]),
        output_padding=(params.output_padding[0], params.output_padding[1]),
        dilation=(params.dilation[0], params.dilation[1]),
        groups=params.groups,
        has_bias=params.has_bias,
        input_dtype=input_dtype,
        output_dtype=params.output_dtype or input_dtype,
        input_layout=params.input_layout,
    )


def plans_dram_slices(params: ConvTranspose2dParameters) -> bool:
    """Whether TT-NN 0.81.1 plans DRAM slices for the conv_transpose2d (`resolve_dram_path`):
    not for a slice config of one slice, of one slice or more of `l1_full`, nor without a
    slice config for an L1 input (its L1 path from the start)."""
    slice_config = params.dram_slice_config
    if slice_config is None:
        return params.input_memory_config.is_dram
    return not (
        slice_config.num_slices == 1
        or (slice_config.slice_type == Conv2dSliceType.L1_FULL and slice_config.num_slices > 1)
    )


def resolve_dram_path(
    params: ConvTranspose2dParameters, equivalent: Conv2dParameters
) -> TransposeDramPath | None:
    """Where TT-NN 0.81.1 prepares the weight (its `determine_conv_transpose2d_execution_path`
    after resolving an automatic slice count), and on its DRAM path what it decides there
    (semantics.md §7.4), for `equivalent`, the weight's equivalent conv2d of the whole input:

    - a slice config of one slice or more of `l1_full`, a DRAM slice config of one slice, and no
      slice config with an L1 input: the L1 path (None);
    - a slice config of 0 slices: TT-NN first chooses the count along the given dimension
      (`l1_full` counts as width, unrounded) and refuses when none fits; the L1 path for one
      slice or for `l1_full`, else the DRAM path;
    - no slice config with a DRAM input: the DRAM path, TT-NN choosing dimension and count;
    - a DRAM slice config of ≥ 2 slices: the DRAM path with them (at most the output extent);
    - TT-NN's own conv_transpose2d (`own_path`) of a 1×1 kernel it runs as a matmul
      (`transposes_as_matmul`): the L1 path on the whole input, whatever the slice config
      (conv_transpose2d_DRAM hands a matmul to conv_transpose2d_L1 before slicing).

    On the DRAM path the weight is prepared for the first slice of the output,
    ceil(ceil(extent / r) / n)·r rows or columns (r = 32 for width slices of a TILE output,
    else 1)."""
    if not plans_dram_slices(params) or (params.own_path and transposes_as_matmul(params)):
        return None
    slice_config = params.dram_slice_config
    device = L1Device.for_grid(params.grid, params.l1_budget)
    geometry = transposed_geometry(params)
    knobs = l1_knobs(equivalent, resolve_weights_dtype(equivalent))
    layout = params.conv_config.shard_layout
    slicing = decide_slices(TransposedSliceAttribute(geometry, layout, knobs, device), slice_config)
    if slice_config is not None and (
        slicing.num_slices == 1 or slicing.slice_type == Conv2dSliceType.L1_FULL
    ):
        return None
    beyond = slices_beyond_extent(geometry.out_hw, slicing)
    if beyond is not None:
        raise ConvConfigError(
            f"dram_slice_config asks for {slicing.num_slices} slices of an output "
            f'{beyond[0]} of {beyond[1]} (TT-NN 0.81.1: "Number of slices should be less or '
            f'equal than the dimension being sliced in Conv2D DRAM Slicing")'
        )
    end = first_slice_end(geometry.out_hw, slicing, knobs.config.output_layout)
    first = transposed_slice_window(geometry, (0, 0), end, knobs.config.output_layout)
    slice_input = transposed_slice_memory_config(geometry, first.shape, layout, knobs, device)
    if params.own_path:
        full = transposed_full_input(geometry, first.shape)
    else:
        slice_height, slice_width = first.shape.in_hw
        slice_params = replace(params, input_height=slice_height, input_width=slice_width)
        check_first_slice_output(slice_params)
        full = full_input_size(slice_params)
    return TransposeDramPath(device, geometry, knobs, slicing, first, slice_input, full)


def check_first_slice_output(slice_params: ConvTranspose2dParameters) -> None:
    """TT-NN 0.81.1 prepares a DRAM-sliced weight for the first slice's input rows and columns
    with the conv's own padding (not the slice's): when the slice reads too few of them, that
    conv has no output, TT-NN's uint32 sizes wrap and it prepares a weight for a nonsensical
    conv, which the project refuses as it does any empty output (semantics.md §7.5)."""
    output_height, output_width = transpose_output_size(slice_params)
    if output_height >= 1 and output_width >= 1:
        return
    raise ConvConfigError(
        f"output image is empty for the first DRAM slice: TT-NN 0.81.1 prepares the weight for "
        f"its {slice_params.input_height}x{slice_params.input_width} input positions with the "
        f"conv's own padding {format_shape(slice_params.padding)}, an output of "
        f"{output_height}x{output_width} (its uint32 sizes wrap)"
    )


def strided_or_padded(params: ConvTranspose2dParameters) -> bool:
    """The transpose's own stride is not 1 or its padding not 0."""
    return tuple(params.stride) != (1, 1) or any(params.padding)


def equivalent_conv2d(
    params: ConvTranspose2dParameters, for_bias: bool = False
) -> tuple[Conv2dParameters, TransposeDramPath | None]:
    """The conv2d whose `prepare_conv_weights` (`prepare_conv_bias` when `for_bias`) TT-NN 0.81.1
    runs for this conv_transpose2d, on normalized parameters (semantics.md §7.2), and the
    weight's DRAM path when it takes it (§7.4):

    - input N × full_H × full_W × Cin (`full_input_size`), stride (1, 1), padding 0, the same
      kernel, dilation, channels, conv_config and compute_config;
    - the weight: output_padding counted in the full input (0.81.1 threads it into the weight's
      preparation), groups 1 (the transform made the weight dense), and the L1 path
      (`l1_full`); on the DRAM path (`resolve_dram_path`) the full input of the first slice, the
      sharded input TT-NN builds for it, and a row-major input when there are several slices;
    - the bias: no output_padding (0.81.1's bias takes none), the transpose's groups, the input
      as given and no slice config (conv2d's `prepare_conv_bias` does not pass it on): a DRAM
      input takes conv2d's own DRAM path.
    """
    output_padding = bias_output_padding(params) if for_bias else params.output_padding
    full_height, full_width = full_input_size(params, output_padding)
    if for_bias:
        slice_config, groups = None, params.groups
    else:
        slice_config, groups = Conv2dSliceConfig(Conv2dSliceType.L1_FULL, 0), 1
    conv = Conv2dParameters(
        in_channels=params.in_channels,
        out_channels=params.out_channels,
        batch_size=params.batch_size,
        input_height=full_height,
        input_width=full_width,
        kernel_size=params.kernel_size,
        stride=(1, 1),
        padding=(0, 0, 0, 0),
        dilation=params.dilation,
        groups=groups,
        has_bias=params.has_bias or for_bias,
        weight_dtype=params.weight_dtype,
        input_layout=params.input_layout,
        input_memory_config=params.input_memory_config,
        conv_config=params.conv_config,
        # None is TT-NN's default, a conv2d's (`conv_l1_decisions.fp32_dest_accumulation`):
        # conv_transpose2d and the conv2d preparation it calls both take
        # `get_conv_default_compute_kernel_config(device, input dtype, weights dtype)`.
        compute_config=params.compute_config,
        grid=params.grid,
        l1_budget=params.l1_budget,
        slice_config=slice_config,
        input_dtype=params.input_dtype,
        output_dtype=params.output_dtype,
        check_input_shard_spec=False,
        matmul_1x1=not (params.own_path and strided_or_padded(params)),
    )
    if for_bias:
        return conv, None
    # Its other parameters are sound before TT-NN's DRAM path is planned from them.
    validate_parameters(conv)
    dram = resolve_dram_path(params, conv)
    if dram is None:
        return conv, None
    full_height, full_width = dram.full_input_size
    sliced = replace(
        conv,
        input_height=full_height,
        input_width=full_width,
        input_layout=Layout.ROW_MAJOR if dram.sliced else params.input_layout,
        input_memory_config=dram.input_memory_config,
    )
    if params.own_path:
        config = replace(sliced.conv_config, enable_activation_reuse=False)
        sliced = replace(sliced, conv_config=config)
    return sliced, dram


# ------------------------------------------------------------------------------------------
# Refusals of the transposed op (semantics.md §7.5)
# ------------------------------------------------------------------------------------------


def check_reshard_without_shard_layout(equivalent: Conv2dParameters) -> None:
    """TT-NN 0.81.1 fails with "bad optional access" when the weight's equivalent conv2d has a
    sharded input (the transpose's own sharded input, or any DRAM input, whose path hands it a
    sharded config) and `reshard_if_not_optimal` without `shard_layout`: its conv2d
    preparation then reads `conv_config.shard_layout` unchecked."""
    config = equivalent.conv_config
    if (
        config.reshard_if_not_optimal
        and config.shard_layout is None
        and equivalent.input_memory_config.is_sharded
    ):
        raise ConvConfigError(
            "conv_config.reshard_if_not_optimal needs conv_config.shard_layout when the "
            "conv_transpose2d's input is sharded or in DRAM (TT-NN 0.81.1 fails with 'bad "
            "optional access')"
        )


def check_bias_weights_dtype(params: ConvTranspose2dParameters) -> None:
    """`prepare_conv_transpose2d_bias` reads `conv_config.weights_dtype` unchecked: TT-NN 0.81.1
    fails with "bad optional access" without it (tt-mlir always sets it)."""
    if params.conv_config.weights_dtype is None:
        raise ConvConfigError(
            "prepare_conv_transpose2d_bias needs conv_config.weights_dtype (TT-NN 0.81.1 fails "
            "with 'bad optional access' without it)"
        )


# ------------------------------------------------------------------------------------------
# The whole preparation
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConvTranspose2dPlan:
    """The preparation of one conv_transpose2d's weight (or bias): the transform of the IOHW
    host weight, then the conv2d preparation `conv` of the `equivalent` conv2d.

    Weight pipeline: IOHW [Cin, Cout/g, KH, KW] → dense OIHW `dense_weight_shape` [Cout, Cin,
    KH, KW] (grouped expansion and transpose, §7.3) → both kernel axes flipped when
    `mirror_kernel` → `conv`'s chain (channel padding, layout, cast)."""

    params: ConvTranspose2dParameters
    """The parameters, normalized (padding as (top, bottom, left, right))."""
    for_bias: bool
    output_size: tuple[int, int]
    """(OH, OW) of the conv_transpose2d (with output_padding; for the bias without it, as its
    preparation takes none)."""
    full_input_size: tuple[int, int]
    """(full_H, full_W), the equivalent conv2d's input."""
    dram: TransposeDramPath | None
    """The weight's DRAM path, when TT-NN prepares it there (`resolve_dram_path`): its slicing,
    the first slice and the input TT-NN builds for it."""
    equivalent: Conv2dParameters
    """The conv2d TT-NN prepares for."""
    conv: ConvWeightsPlan
    """The conv2d preparation of `equivalent` (semantics.md §3.3)."""
    dense_weight_shape: tuple[int, int, int, int]
    """OIHW [Cout, Cin, KH, KW] after the grouped expansion and the transpose."""

    @property
    def dram_path(self) -> bool:
        """Whether the weight is prepared on TT-NN's DRAM path."""
        return self.dram is not None

    @property
    def groups(self) -> int:
        return self.params.groups

    @property
    def mirror_kernel(self) -> bool:
        """Whether the kernel is flipped: `mirror_kernel`, and a kernel larger than 1×1 (whose
        flip is itself)."""
        return self.params.mirror_kernel and tuple(self.params.kernel_size) != (1, 1)


def _resolve(
    params: ConvTranspose2dParameters, for_bias: bool, normalized: bool = False
) -> ConvTranspose2dPlan:
    if not normalized:
        params = normalize_transpose_parameters(params)
    validate_transpose_parameters(params, for_bias)
    if for_bias:
        check_bias_weights_dtype(params)
    equivalent, dram = equivalent_conv2d(params, for_bias)
    if not for_bias:
        check_reshard_without_shard_layout(equivalent)
    conv = resolve_conv_weights(equivalent)
    kernel_height, kernel_width = params.kernel_size[0], params.kernel_size[1]
    return ConvTranspose2dPlan(
        params=params,
        for_bias=for_bias,
        output_size=transpose_output_size(params, (0, 0) if for_bias else None),
        full_input_size=(equivalent.input_height, equivalent.input_width),
        dram=dram,
        equivalent=equivalent,
        conv=conv,
        dense_weight_shape=(params.out_channels, params.in_channels, kernel_height, kernel_width),
    )


@lru_cache(maxsize=512)
def resolve_conv_transpose2d_weights(params: ConvTranspose2dParameters) -> ConvTranspose2dPlan:
    """The preparation of a conv_transpose2d's weight (semantics.md §7). Raises
    ConvConfigError for any invalid parameter or combination TT-NN refuses."""
    return _resolve(params, for_bias=False)


@lru_cache(maxsize=512)
def resolve_dram_slice_conv(params: ConvTranspose2dParameters) -> ConvTranspose2dPlan:
    """The conv_transpose2d TT-NN's DRAM slicer runs for one slice, on parameters normalized
    already (the transpose's own, with the slice's input, padding and output padding). A
    slice's transposed padding may be below 0 (`ConvT2DSliceAttr::get_input_slice_and_padding`:
    `dilation·(kernel − 1)` less the slice's real padding, which a stride's offset can make the
    larger): TT-NN's uint32 sizes wrap and come out as signed ones would (its graph: a slice
    padding of 4294967295 above an input of 5 rows), so it is taken as it is. Raises
    ConvConfigError for any other invalid combination."""
    return _resolve(params, for_bias=False, normalized=True)


@lru_cache(maxsize=512)
def resolve_conv_transpose2d_bias(params: ConvTranspose2dParameters) -> ConvTranspose2dPlan:
    """The preparation of a conv_transpose2d's bias (semantics.md §7.4). Raises ConvConfigError
    for any invalid parameter or combination TT-NN refuses."""
    return _resolve(params, for_bias=True)


def whole_equivalent_conv(plan: ConvTranspose2dPlan) -> tuple[ConvWeightsPlan, Conv2dParameters]:
    """A transposed conv's equivalent conv2d over its whole input, read with the prepared
    weight's blocking. On TT-NN's DRAM path in slices the weight is prepared for the first
    slice's equivalent conv and every slice reads that weight (output pixels are independent
    rows of each block): the same blocking over the whole stuffed input computes every slice's
    output."""
    if plan.dram is None or not plan.dram.sliced:
        return plan.conv, plan.equivalent
    height, width = full_input_size(plan.params)
    equivalent = replace(plan.equivalent, input_height=height, input_width=width)
    form = plan.conv.form
    folded = replace(form.folded, input_height=height, input_width=width)
    return replace(plan.conv, form=replace(form, folded=folded)), equivalent


def transposes_as_matmul(params: ConvTranspose2dParameters) -> bool:
    """conv_transpose2d's `use_matmul_for_1x1_conv` on the transpose's own kernel, stride,
    padding and dilation (not WIDTH sharded)."""
    return (
        tuple(params.kernel_size) == (1, 1)
        and tuple(params.stride) == (1, 1)
        and not any(params.padding)
        and tuple(params.dilation) == (1, 1)
        and params.conv_config.shard_layout != TensorMemoryLayout.WIDTH_SHARDED
    )

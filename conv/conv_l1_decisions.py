"""Where TT-NN 0.81.1 decides by itself with its L1 model (semantics.md §8, `conv_l1_model`),
the resolution's step after the conv's form: on its DRAM path the slicing (`conv_slicing`), the
first slice's input shard and the core split the weights are prepared for; otherwise, for an
interleaved input with no shard layout, the auto-shard choice. With them, TT-NN's refusals of
the DRAM path and of resharding.

Plain Python, no IR; a step of `conv_resolution.resolve_conv_weights`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ttnn_xdsl.conv.conv_core_grid import overrides_core_grid, split_on_core_grid
from ttnn_xdsl.conv.conv_form import ConvForm, is_mm_conv
from ttnn_xdsl.conv.conv_l1_model import (
    AutoShardChoice,
    ConvGeometry,
    L1Device,
    choose_auto_shard,
)
from ttnn_xdsl.conv.conv_op_config import (
    ConvKnobs,
    CoreSplit,
    ShardSpec,
    determine_input_memory_config,
    determine_parallel_config,
    input_channels_alignment,
)
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.conv.conv_slicing import (
    Conv2dSliceAttribute,
    SliceDecision,
    decide_slices,
    first_slice_end,
    slice_memory_config,
    slices_beyond_extent,
)
from ttnn_xdsl.core.enums import (
    Conv2dSliceType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError

# ------------------------------------------------------------------------------------------
# TT-NN's refusals of the DRAM path and of resharding
# ------------------------------------------------------------------------------------------


DRAM_BFLOAT8_B_REFUSAL = (
    "TT-NN 0.81.1 cannot prepare bfloat8_b weights for a conv it runs from DRAM"
)
"""How `check_dram_path_weights_dtype`'s refusal starts (TT-NN's conv2d itself prepares such
a weight on its own path, which ttnn_xdsl.ttnn.conv2d tells apart by it)."""


def check_dram_path_weights_dtype(weights_dtype: DataType) -> None:
    """On the DRAM path TT-NN 0.81.1 plans a conv that is not an mm_conv (after folding) in
    slices, and to do so it first builds a placeholder device weight in `weights_dtype` with
    a ROW_MAJOR layout, which it cannot do for bfloat8_b (a TensorSpec check)."""
    if weights_dtype == DataType.BFLOAT8_B:
        raise ConvConfigError(
            f"{DRAM_BFLOAT8_B_REFUSAL} (a "
            "DRAM input or DRAM slice config; not a 1x1 matmul conv nor a 1D conv): to plan "
            "its DRAM slices it builds a row-major bfloat8_b placeholder weight, which TT-NN "
            'rejects (TT-NN: "Only TILE layout is supported for BFLOAT8_B dtype!")'
        )


def check_folded_matmul_on_dram_path(params: Conv2dParameters, folded: Conv2dParameters) -> None:
    """On the DRAM path TT-NN 0.81.1 takes a folded conv for a 1×1 matmul only when its
    kernel equals its stride, and plans the others in slices; a kernel smaller than its
    stride folds to a 1×1 kernel too, a matmul when unpadded (and not WIDTH), which TT-NN's
    slicing then refuses (measured: kernels 1×1, 2×2, 3×3 with strides 1×2 to 4×4)."""
    if tuple(params.kernel_size) == tuple(params.stride):
        return
    # The folded conv keeps the original padding on TT-NN's prepare path (step 3).
    if is_mm_conv(replace(folded, padding=params.padding)):
        raise ConvConfigError(
            f"kernel-stride folding of a {params.kernel_size[0]}x{params.kernel_size[1]} kernel "
            f"with stride {params.stride[0]}x{params.stride[1]} on the DRAM path: the folded "
            "kernel is 1x1, a matmul, which TT-NN 0.81.1's DRAM slicing refuses (TT-NN: "
            '"Conv2D DRAM with matmul should never use the slicing code path.")'
        )


def check_reshard_of_sharded_input(params: Conv2dParameters) -> None:
    """`reshard_if_not_optimal` without `conv_config.shard_layout` on an input already sharded:
    TT-NN 0.81.1 auto-shards only an input that is not sharded, and takes a sharded input's
    own layout only without reshard_if_not_optimal, so it reads an unset shard layout."""
    config = params.conv_config
    if not config.reshard_if_not_optimal or config.shard_layout is not None:
        return
    if params.input_memory_config.is_sharded:
        raise ConvConfigError(
            "reshard_if_not_optimal on an input already sharded needs conv_config."
            "shard_layout: TT-NN 0.81.1 neither auto-shards a sharded input nor, with "
            "reshard_if_not_optimal, keeps its layout, and reads the unset shard_layout "
            '(TT-NN: "bad optional access")'
        )


def check_reshard_of_dram_slice(params: Conv2dParameters) -> TensorMemoryLayout:
    """`reshard_if_not_optimal` on a conv run from DRAM in slices (not an mm_conv): TT-NN 0.81.1
    splits the first slice again from the device grid with `conv_config.shard_layout`, which
    it reads after it has planned the slices (so the slice search's own refusals come first,
    measured on 6 TT-NN answers where both hold); without one it reads an unset shard
    layout. Returns the shard layout."""
    layout = params.conv_config.shard_layout
    if layout is None:
        raise ConvConfigError(
            "reshard_if_not_optimal on a conv run from DRAM (not a 1x1 matmul conv nor a 1D "
            "conv) needs conv_config.shard_layout: TT-NN 0.81.1 computes its block config on "
            "the sharded input of a DRAM slice, which it neither auto-shards nor, with "
            'reshard_if_not_optimal, takes the layout of (TT-NN: "bad optional access")'
        )
    return layout


def check_path_refusals(params: Conv2dParameters, form: ConvForm) -> None:
    """What TT-NN refuses before it decides anything with its L1 model: resharding an input
    already sharded without a shard layout, and a folded matmul on the DRAM path."""
    check_reshard_of_sharded_input(params)
    if form.dram_conv and form.fold_stride is not None:
        check_folded_matmul_on_dram_path(params, form.folded)


# ------------------------------------------------------------------------------------------
# The decisions
# ------------------------------------------------------------------------------------------


def fp32_dest_accumulation(params: Conv2dParameters, weights_dtype: DataType) -> bool:
    """Whether the conv accumulates in float32: the compute config's `fp32_dest_acc_en`;
    without a compute config TT-NN's default, true exactly when the input and the weights
    are float32."""
    if params.compute_config is not None:
        return params.compute_config.fp32_dest_acc_en
    return default_fp32_dest_accumulation(params.input_dtype or DataType.BFLOAT16, weights_dtype)


def default_fp32_dest_accumulation(input_dtype: DataType, weights_dtype: DataType) -> bool:
    """TT-NN 0.81.1's default compute config for a conv
    (`get_conv_default_compute_kernel_config`): `fp32_dest_acc_en` exactly when the input
    and the weights are float32."""
    return input_dtype == DataType.FLOAT32 and weights_dtype == DataType.FLOAT32


def l1_knobs(params: Conv2dParameters, weights_dtype: DataType) -> ConvKnobs:
    """The conv_config / compute_config fields TT-NN's L1 model reads."""
    return ConvKnobs(
        config=params.conv_config,
        weights_dtype=weights_dtype,
        fp32_dest_acc_en=fp32_dest_accumulation(params, weights_dtype),
        packer_l1_acc=params.compute_config is not None and params.compute_config.packer_l1_acc,
    )


def l1_geometry(
    params: Conv2dParameters, folded: Conv2dParameters, output_size: tuple[int, int], mm_conv: bool
) -> ConvGeometry:
    """The conv TT-NN's L1 model estimates: the folded conv with the original padding (TT-NN's
    prepare path keeps it after folding, semantics.md §3.3 step 3)."""
    input_dtype = params.input_dtype or DataType.BFLOAT16
    return ConvGeometry(
        batch=folded.batch_size,
        in_channels=folded.in_channels,
        out_channels=folded.out_channels,
        in_hw=(folded.input_height, folded.input_width),
        out_hw=output_size,
        kernel=(folded.kernel_size[0], folded.kernel_size[1]),
        stride=(folded.stride[0], folded.stride[1]),
        padding=(params.padding[0], params.padding[1], params.padding[2], params.padding[3]),
        dilation=(folded.dilation[0], folded.dilation[1]),
        groups=params.groups,
        has_bias=params.has_bias,
        input_dtype=input_dtype,
        output_dtype=params.output_dtype or input_dtype,
        input_layout=params.input_layout,
        mm_conv=mm_conv,
    )


@dataclass(frozen=True)
class L1Decisions:
    """What TT-NN's L1 model decides for one conv, as plain data: the auto-shard choice on the
    whole conv (with every candidate's estimate), or, on the DRAM path, the slice config, the
    first slice's output size and the core split and channel alignment its weights are
    prepared for."""

    device: L1Device
    geometry: ConvGeometry
    """The whole conv the estimates are made for (after folding)."""
    knobs: ConvKnobs
    auto_shard: AutoShardChoice | None = None
    slicing: SliceDecision | None = None
    slice_auto_shard: AutoShardChoice | None = None
    slice_shard: ShardSpec | None = None
    whole_input_shard: ShardSpec | None = None
    """The shard spec of a DRAM input run whole (one slice the search found) where conv2d_L1
    shards it otherwise than the slicer (`whole_dram_input_shard`); None: the slicer's."""
    slice_output_size: tuple[int, int] | None = None
    """The output of the first slice's conv as TT-NN runs it: its input window's output
    (`conv_slicing.window_output_size`), whose width a sliced TILE output rounds up to whole
    tiles with more right padding — a height slice's too (`Conv2dSliceAttr::
    get_input_slice_and_padding`); None off the DRAM path."""
    slice_split: CoreSplit | None = None
    """The core split the slice's weights are prepared for (the slice's shard spec, or with
    reshard_if_not_optimal one TT-NN computes again from the device grid)."""
    slice_alignment: int | None = None
    """Step 6's alignment on the DRAM path."""
    slice_weight_alignment: int | None = None
    """The alignment of the weight's input channels on the DRAM path, where it differs from
    `slice_alignment` (`height_slice_weight_alignment`)."""

    @property
    def sliced(self) -> bool:
        """More than one slice: the weights are prepared for a slice of the conv."""
        return self.slicing is not None and self.slicing.num_slices > 1


def resolve_l1_decisions(
    params: Conv2dParameters, form: ConvForm, weights_dtype: DataType, knobs: ConvKnobs
) -> L1Decisions:
    """Where TT-NN 0.81.1 decides by itself with its L1 model (TT-NN's `setup_conv_prep_config`,
    semantics.md §8):

    - on the DRAM path (not a 1D conv, not an mm_conv) TT-NN chooses a slice config
      (`conv_slicing.decide_slices`), shards the input of the first slice itself (auto-sharding
      the slice when no shard layout is set) and prepares the weights for that slice;
    - otherwise an interleaved input with no shard layout is auto-sharded on the whole conv.
    """
    device = L1Device.for_grid(params.grid, params.l1_budget)
    config = params.conv_config
    geometry = l1_geometry(params, form.folded, form.output_size, form.mm_conv)
    if form.dram_conv and not form.mm_conv:
        if not params.sliced_conv1d:  # conv2d's own path makes no placeholder weight
            check_dram_path_weights_dtype(weights_dtype)
        return resolve_dram_slicing(params, geometry, knobs, device, form.mm_conv)
    if not params.input_memory_config.is_sharded and config.shard_layout is None:
        auto = choose_auto_shard(geometry, knobs, device)
        return L1Decisions(device, geometry, knobs, auto_shard=auto)
    return L1Decisions(device, geometry, knobs)


def resolve_dram_slicing(
    params: Conv2dParameters,
    geometry: ConvGeometry,
    knobs: ConvKnobs,
    device: L1Device,
    mm_conv: bool,
) -> L1Decisions:
    """The DRAM path (semantics.md §8.4): the slice config (given, or the fewest slices that
    fit the budget), the first slice's output and the shard spec TT-NN gives its input, and
    the core split and channel alignment its weights are prepared for."""
    config = params.conv_config
    attribute = Conv2dSliceAttribute(geometry, config.shard_layout, knobs, device)
    decision = decide_slices(attribute, params.slice_config)
    beyond = slices_beyond_extent(geometry.out_hw, decision)
    if beyond is not None:
        raise ConvConfigError(
            f"conv2d_slice_config asks for {decision.num_slices} slices of an output "
            f'{beyond[0]} of {beyond[1]} (TT-NN 0.81.1: "Number of slices should be less or '
            f'equal than the dimension being sliced in Conv2D DRAM Slicing")'
        )
    out_hw = first_slice_end(geometry.out_hw, decision, knobs.config.output_layout)
    first = slice_memory_config(geometry, (0, 0), out_hw, config.shard_layout, knobs, device)
    spec = first.input_shard
    whole = None
    if decision.num_slices == 1 and params.slice_config is None:
        whole = whole_dram_input_shard(geometry, spec.split, knobs, device)
    sliced = decision.num_slices > 1
    split = spec.split
    # Observed on TT-NN 0.81.1: a sliced conv aligns its input channels to the slice's shard
    # width when BLOCK sharded; HEIGHT keeps the unsliced rule (32 for a TILE input), although
    # the slice's shard spec itself is 8-aligned.
    alignment = input_channels_alignment(
        spec.layout,
        params.input_layout,
        sliced and spec.layout == TensorMemoryLayout.BLOCK_SHARDED,
        mm_conv,
        spec.shard_shape[1],
    )
    weight_alignment = height_slice_weight_alignment(params, decision, spec, mm_conv)
    if sliced and params.prepared_in_slice:
        # conv2d's own path prepares the weight in the slice's conv, whose input is the slice
        # sharded ROW_MAJOR (TT-NN's graph capture): channels and blocks at its shard width.
        alignment = input_channels_alignment(
            spec.layout, Layout.ROW_MAJOR, False, mm_conv, spec.shard_shape[1]
        )
        weight_alignment = None
    if overrides_core_grid(params):
        # Each slice's conv (`Conv2dSliceAttr::run_L1_op` -> `conv2d_L1`, with the user's
        # conv_config) reshards the slice, sharded on the device grid, onto
        # conv_config.core_grid, as it does an L1 input (`conv_core_grid`), in the slice's
        # shard layout (the config's, or the one the slicer auto-sharded it with).
        read_as = replace(params, input_layout=Layout.ROW_MAJOR) if sliced else params
        split, alignment = split_on_core_grid(read_as, geometry, out_hw, spec.layout, mm_conv)
        weight_alignment = None
    elif config.reshard_if_not_optimal:
        # TT-NN splits the slice again from the device grid with conv_config.shard_layout
        # and aligns to that new spec.
        layout = check_reshard_of_dram_slice(params)
        # conv2d's own path reshards the slice, a ROW_MAJOR input (`prepared_in_slice`).
        read_as = params
        if sliced and params.prepared_in_slice:
            read_as = replace(params, input_layout=Layout.ROW_MAJOR)
        split, alignment = resplit(
            read_as, geometry, out_hw, layout, spec.shard_shape[1], sliced, mm_conv
        )
        weight_alignment = None
    return L1Decisions(
        device,
        geometry,
        knobs,
        slicing=decision,
        slice_auto_shard=first.auto_shard,
        slice_shard=spec,
        whole_input_shard=whole,
        # The conv TT-NN runs for the slice (TT-NN's graph capture of a conv of 23 height
        # slices of a 228-wide output: each slice's conv 256 wide, pad_right 2 + 28).
        slice_output_size=first.geometry.out_hw,
        slice_split=split,
        slice_alignment=alignment,
        slice_weight_alignment=weight_alignment,
    )


def whole_dram_input_shard(
    geometry: ConvGeometry, split: CoreSplit, knobs: ConvKnobs, device: L1Device
) -> ShardSpec | None:
    """The shard spec of a DRAM input whose slice search finds one slice: TT-NN runs conv2d_L1
    on the whole DRAM input, which shards it by its own parallel config, split with
    `act_block_h_override` (the slicer's `get_input_memory_config` passes none). TT-NN's
    graph capture: l1_small l0160, a HEIGHT conv of 6300 output tiles with an override of 2
    tiles, is read into 63 cores (100 tiles each), not the slicer's 64; its answers: l0160 and
    l0041 (a BLOCK conv of 2 output tiles on 1 row of cores, not 2) refused for their halo's
    config tensors on those cores in the L1_SMALL region, word for word. None without an
    override: the two agree."""
    override = knobs.config.act_block_h_override
    if not override:
        return None
    return determine_input_memory_config(
        split.layout,
        split.orientation,
        geometry.batch,
        geometry.in_hw,
        geometry.in_channels,
        geometry.out_hw,
        geometry.out_channels,
        False,
        device.grid,
        geometry.input_layout,
        False,
        act_block_h_override=override,
    )


def height_slice_weight_alignment(
    params: Conv2dParameters, decision: SliceDecision, spec: ShardSpec, mm_conv: bool
) -> int | None:
    """A HEIGHT-sharded conv on a TILE input that TT-NN 0.81.1 cuts into more than one DRAM
    height slice: its block config keeps the unsliced alignment (32), but the weight places
    the kernel positions of a kernel row at the pitch of the slice's shard width (the
    channels rounded up to 8, 16 or 32 as the width divides). Measured on TT-NN's prepared
    bytes (tests/data/ttnn_reference/conv2d/bytes/, the `al2_*` / `al3_*` probes: 3 to 96
    channels, 1 to 8 slices); one slice, width slices and ROW_MAJOR inputs keep one
    alignment. None where the weight takes the slice's alignment."""
    if (
        spec.layout != TensorMemoryLayout.HEIGHT_SHARDED
        or decision.slice_type != Conv2dSliceType.DRAM_HEIGHT
        or decision.num_slices < 2
        or params.input_layout != Layout.TILE
    ):
        return None
    return input_channels_alignment(spec.layout, Layout.TILE, True, mm_conv, spec.shard_shape[1])


def resplit(
    params: Conv2dParameters,
    geometry: ConvGeometry,
    output_size: tuple[int, int],
    layout: TensorMemoryLayout,
    shard_width: int | None,
    sliced: bool,
    mm_conv: bool,
) -> tuple[CoreSplit, int]:
    """`reshard_if_not_optimal` on an input TT-NN has sharded (the user's, or a DRAM slice's):
    TT-NN splits the conv again from the device grid (channels aligned to the old shard
    width), shards the input for that split, and aligns the weights to the new shard width
    (TT-NN's `setup_conv_prep_config`). Returns (the new split, the weights' alignment)."""
    config = params.conv_config
    orientation = (
        ShardOrientation.COL_MAJOR if config.transpose_shards else ShardOrientation.ROW_MAJOR
    )
    (kh, kw), (sh, sw), (dh, dw) = geometry.kernel, geometry.stride, geometry.dilation
    in_hw = geometry.in_hw
    if output_size != geometry.out_hw:
        # a slice: the input rows / columns its output reads
        if output_size[0] != geometry.out_hw[0]:
            rows = (output_size[0] - 1) * sh + (kh - 1) * (dh - 1) + kh - geometry.padding[0]
            in_hw = (rows, in_hw[1])
        else:
            cols = (output_size[1] - 1) * sw + (kw - 1) * (dw - 1) + kw - geometry.padding[2]
            in_hw = (in_hw[0], cols)
    first = input_channels_alignment(layout, params.input_layout, sliced, mm_conv, shard_width)
    split = determine_parallel_config(
        layout,
        geometry.batch,
        geometry.in_channels,
        output_size[0],
        output_size[1],
        geometry.out_channels,
        first,
        params.grid,
        orientation,
        not mm_conv,
        config.act_block_h_override,
    )
    again = determine_input_memory_config(
        layout,
        orientation,
        geometry.batch,
        in_hw,
        geometry.in_channels,
        output_size,
        geometry.out_channels,
        mm_conv,
        params.grid,
        params.input_layout,
        sliced,
        split,
        config.act_block_h_override,
    )
    alignment = input_channels_alignment(
        layout, params.input_layout, False, mm_conv, again.shard_shape[1]
    )
    return split, alignment

"""The preparation of a conv_transpose2d's weight and bias (semantics.md §7), as TT-NN 0.81.1
does it: the weight is transformed on the host — its groups expanded, IOHW transposed to OIHW,
the kernel mirrored — and then prepared as the weight of an *equivalent conv2d*, the stride-1
conv over the transpose's zero-stuffed, re-padded ("full") input; the bias is prepared as that
conv's bias. Every transpose-specific rule lives here: the equivalent conv2d's parameters, the
input TT-NN hands it on its DRAM path, the weight transform's facts and the refusals of the
transposed op. The equivalent conv is then resolved by the conv2d resolution itself
(`conv_resolution.resolve_conv_weights`).

Plain Python, no IR: the ops `ttnn.prepare_conv_transpose2d_weights` / `_bias` infer their
result types with it and `ttnn-decompose` builds their chains from its plans.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from ttnn_xdsl.conv.conv_parameters import (
    ComputeKernelConfig,
    Conv2dConfig,
    Conv2dParameters,
    Conv2dSliceConfig,
    InputMemoryConfig,
    check_padding,
    check_window_parameter,
    validate_counts,
    validate_input_shard_spec,
    validate_parameters,
)
from ttnn_xdsl.conv.conv_resolution import (
    ConvWeightsPlan,
    is_mm_conv,
    resolve_conv_weights,
    resolve_input_channels_alignment,
    resolve_parallel_config,
    resolve_shard_layout,
    runs_from_dram,
)
from ttnn_xdsl.core.enums import (
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError, ConvNotModelledError
from ttnn_xdsl.core.shapes import TILE_SIZE, format_shape, round_up

__all__ = [
    "ConvTranspose2dParameters",
    "ConvTranspose2dPlan",
    "dram_path_input_memory_config",
    "equivalent_conv2d",
    "normalize_transpose_parameters",
    "resolve_conv_transpose2d_bias",
    "resolve_conv_transpose2d_weights",
    "transpose_output_size",
    "weight_runs_dram_path",
]


@dataclass(frozen=True)
class ConvTranspose2dParameters:
    """Everything the preparation of a conv_transpose2d's weight or bias reads: TT-NN 0.81.1's
    keyword parameters of `prepare_conv_transpose2d_weights` / `_bias` (semantics.md §7.1),
    plus what the op's operand and module say: `weight_dtype`, the dtype of the host tensor
    (f32 or bf16), `has_bias` (always true for a bias) and the device `grid`.

    The fields are the ops' properties under the same names (their declaration,
    `dialect/prepare_op_properties.py`, fills them). `padding` is [pad_h, pad_w] or (top,
    bottom, left, right) as written; `normalize_transpose_parameters` makes it the latter."""

    in_channels: int
    out_channels: int
    batch_size: int
    input_height: int
    input_width: int
    kernel_size: tuple[int, ...]
    stride: tuple[int, ...]
    padding: tuple[int, ...]
    dilation: tuple[int, ...]
    groups: int
    has_bias: bool
    weight_dtype: DataType
    input_layout: Layout
    input_memory_config: InputMemoryConfig
    output_padding: tuple[int, ...] = (0, 0)
    mirror_kernel: bool = True
    conv_config: Conv2dConfig = field(default_factory=Conv2dConfig)
    compute_config: ComputeKernelConfig = field(default_factory=ComputeKernelConfig)
    grid: tuple[int, int] = (8, 8)
    l1_budget: int | None = None
    """Free L1 bytes per core TT-NN's decisions may use (`Conv2dParameters.l1_budget`)."""
    dram_slice_config: Conv2dSliceConfig | None = None
    input_dtype: DataType | None = None
    output_dtype: DataType | None = None


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
    sizes = []
    for size, kernel, stride, dilation, before, after, pad_after in (
        (params.input_height, params.kernel_size[0], params.stride[0], params.dilation[0], top,
         bottom, extra[0]),
        (params.input_width, params.kernel_size[1], params.stride[1], params.dilation[1], left,
         right, extra[1]),
    ):  # fmt: skip
        sizes.append(
            (size - 1) * stride - (before + after) + dilation * (kernel - 1) + pad_after + 1
        )
    return sizes[0], sizes[1]


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
    preparation does not take), and an L1 input's shard spec against the transpose's own input
    [N·H·W, Cin] (semantics.md §3.3a). The equivalent conv2d checks everything else.
    TT-NN 0.81.1 checks none of these (an empty output wraps its uint32 sizes)."""
    validate_counts(params)
    output_padding = (0, 0) if for_bias else params.output_padding
    oh, ow = transpose_output_size(params, output_padding)
    if oh < 1 or ow < 1:
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
                f"{values} + 1 = {size}"
            )
        raise ConvConfigError(
            f"output image is empty: {axis} = (input − 1)·stride − padding + "
            f"dilation·(kernel − 1) + output_padding + 1 = {values} + {extra} + 1 = {size}"
        )
    if params.input_memory_config.sharded_in_l1:
        validate_input_shard_spec(params)


# ------------------------------------------------------------------------------------------
# The equivalent conv2d (semantics.md §7.2, §7.4)
# ------------------------------------------------------------------------------------------


def weight_runs_dram_path(params: ConvTranspose2dParameters) -> bool:
    """Whether TT-NN 0.81.1 prepares the weight on its DRAM path (its
    `determine_conv_transpose2d_execution_path`, observed): without `dram_slice_config` exactly
    when the input is in DRAM. `l1_full`, or a DRAM slice config of one slice, is the L1 path
    whatever the input's buffer; more slices are refused (`check_weight_slicing`)."""
    return params.dram_slice_config is None and params.input_memory_config.is_dram


def dram_path_input_memory_config(params: ConvTranspose2dParameters) -> InputMemoryConfig:
    """The sharded input config TT-NN 0.81.1 hands the equivalent conv2d on the weight's DRAM
    path (`ConvT2DSliceAttr::get_input_memory_config` → `determine_input_memory_config`), for
    one slice (the project's stand-in never slices, semantics.md §4 row 2):

    - the shard layout: `conv_config.shard_layout`, else TT-NN's automatic choice, made on the
      full input with the transpose's own stride and padding (`auto_shard_probe`);
    - the channel alignment of a sliced (DRAM) op, which counts as row-major: 32 for WIDTH,
      else 8;
    - the core split of step 7 on the transpose's output, channel padding on, no
      act_block_h_override, COL_MAJOR iff transpose_shards;
    - the shard [round_up(N·H·W, nhw·r)/nhw, round_up(Cin, c·align)/c] over the transpose's own
      input (r = 1 for a WIDTH row-major input, else 32).

    The grid holds the core counts: (c, nhw) or (nhw, c) for BLOCK by orientation, (nhw, 1)
    for HEIGHT, (c, 1) for WIDTH (the conv2d preparation reads only the counts, semantics.md
    §3.3a). The project's memory config has no DRAM shard, so it is an L1 one: what matters is
    that the conv2d preparation reads its spec."""
    config = params.conv_config
    shard_layout = config.shard_layout or resolve_shard_layout(auto_shard_probe(params))
    alignment = resolve_input_channels_alignment(
        shard_layout,
        Layout.ROW_MAJOR,
        InputMemoryConfig(BufferType.DRAM, TensorMemoryLayout.INTERLEAVED),
        mm_conv=False,
    )
    orientation = (
        ShardOrientation.COL_MAJOR if config.transpose_shards else ShardOrientation.ROW_MAJOR
    )
    output_height, output_width = transpose_output_size(params)
    parallel = resolve_parallel_config(
        shard_layout,
        batch_size=params.batch_size,
        in_channels=params.in_channels,
        out_channels=params.out_channels,
        output_height=output_height,
        output_width=output_width,
        input_channels_alignment=alignment,
        grid=params.grid,
        orientation=orientation,
    )
    width = shard_layout == TensorMemoryLayout.WIDTH_SHARDED
    row_unit = 1 if width and params.input_layout == Layout.ROW_MAJOR else TILE_SIZE
    nhw, channel_cores = parallel.nhw_cores, parallel.input_cores_channels
    rows = params.batch_size * params.input_height * params.input_width
    shard = (
        round_up(rows, nhw * row_unit) // nhw,
        round_up(params.in_channels, channel_cores * alignment) // channel_cores,
    )
    if shard_layout == TensorMemoryLayout.BLOCK_SHARDED:
        col_major = orientation == ShardOrientation.COL_MAJOR
        grid = (nhw, channel_cores) if col_major else (channel_cores, nhw)
        return InputMemoryConfig(BufferType.L1, shard_layout, shard, grid, orientation)
    grid = (nhw, 1) if shard_layout == TensorMemoryLayout.HEIGHT_SHARDED else (channel_cores, 1)
    return InputMemoryConfig(BufferType.L1, shard_layout, shard, grid)


def auto_shard_probe(params: ConvTranspose2dParameters) -> Conv2dParameters:
    """The conv TT-NN 0.81.1's DRAM path chooses an automatic shard layout for (its slice
    attribute): the full input, the transpose's own stride and padding, groups 1, the input as
    given. The choice itself is the conv2d resolution's (`resolve_shard_layout`)."""
    full_height, full_width = full_input_size(params)
    return Conv2dParameters(
        in_channels=params.in_channels,
        out_channels=params.out_channels,
        batch_size=params.batch_size,
        input_height=full_height,
        input_width=full_width,
        kernel_size=params.kernel_size,
        stride=params.stride,
        padding=params.padding,
        dilation=params.dilation,
        groups=1,
        has_bias=params.has_bias,
        weight_dtype=params.weight_dtype,
        input_layout=params.input_layout,
        input_memory_config=params.input_memory_config,
        conv_config=params.conv_config,
        compute_config=params.compute_config,
        grid=params.grid,
        l1_budget=params.l1_budget,
        check_input_shard_spec=False,
    )


def equivalent_conv2d(
    params: ConvTranspose2dParameters, for_bias: bool = False
) -> Conv2dParameters:
    """The conv2d whose `prepare_conv_weights` (`prepare_conv_bias` when `for_bias`) TT-NN 0.81.1
    runs for this conv_transpose2d, on normalized parameters (semantics.md §7.2):

    - input N × full_H × full_W × Cin (`full_input_size`), stride (1, 1), padding 0, the same
      kernel, dilation, channels, conv_config and compute_config;
    - the weight: output_padding counted in the full input (0.81.1 threads it into the weight's
      preparation), groups 1 (the transform made the weight dense), and the L1 path
      (`l1_full`): on the DRAM path the input is the sharded config TT-NN builds
      (`dram_path_input_memory_config`), else the input as given;
    - the bias: no output_padding (0.81.1's bias takes none), the transpose's groups, the input
      and the caller's `dram_slice_config` as given (a DRAM input takes conv2d's own DRAM path).
    """
    output_padding = (0, 0) if for_bias else params.output_padding
    full_height, full_width = full_input_size(params, output_padding)
    if for_bias:
        slice_config, groups = params.dram_slice_config, params.groups
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
        compute_config=params.compute_config,
        grid=params.grid,
        l1_budget=params.l1_budget,
        slice_config=slice_config,
        input_dtype=params.input_dtype,
        output_dtype=params.output_dtype,
        check_input_shard_spec=False,
    )
    if for_bias or not weight_runs_dram_path(params):
        return conv
    # Its other parameters are sound before TT-NN's DRAM-path input is built from them.
    validate_parameters(conv)
    return replace(conv, input_memory_config=dram_path_input_memory_config(params))


# ------------------------------------------------------------------------------------------
# Refusals of the transposed op (semantics.md §7.5)
# ------------------------------------------------------------------------------------------


def check_weight_slicing(params: ConvTranspose2dParameters) -> None:
    """A DRAM `dram_slice_config` of more than one slice (or an automatic number) prepares the
    weight for one slice of the output with a row-major input, decided by TT-NN's slicing
    model: not modelled (ConvNotModelledError), refused as conv2d's (semantics.md §6)."""
    slice_config = params.dram_slice_config
    if slice_config is None or slice_config.slice_type == Conv2dSliceType.L1_FULL:
        return
    if slice_config.num_slices == 1:
        return
    slices = slice_config.num_slices
    count = "an automatic number of" if slices == 0 else str(slices)
    raise ConvNotModelledError(
        f"dram_slice_config {slice_config.slice_type} with {count} slices is not supported: "
        "TT-NN then prepares the conv_transpose2d weight for one slice of the output with a "
        "row-major input, which ttnn-xdsl does not model (supported: l1_full, or a single slice)"
    )


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


def check_bias_bfloat8_b_on_dram(
    params: ConvTranspose2dParameters, equivalent: Conv2dParameters
) -> None:
    """On a DRAM input without `dram_slice_config` the bias's equivalent conv2d takes conv2d's
    DRAM path, which plans its slicing with a row-major placeholder weight of `weights_dtype`:
    bfloat8_b cannot be row-major, and TT-NN 0.81.1 fails ("Only TILE layout is supported for
    BFLOAT8_B dtype!") unless the conv needs no slicing — a matmul conv (semantics.md §3.3
    step 2) or a 1D conv (KH == 1 and full_H == 1)."""
    if params.dram_slice_config is not None or not runs_from_dram(equivalent):
        return
    if params.conv_config.weights_dtype != DataType.BFLOAT8_B:
        return
    conv1d = equivalent.kernel_size[0] == 1 and equivalent.input_height == 1
    if is_mm_conv(equivalent) or conv1d:
        return
    raise ConvConfigError(
        "prepare_conv_transpose2d_bias with weights_dtype bfp8_b on a DRAM input: TT-NN 0.81.1 "
        "plans the DRAM slicing of the equivalent conv2d with a row-major bfloat8_b weight and "
        "fails ('Only TILE layout is supported for BFLOAT8_B dtype!'); use bf16 or f32, or an "
        "L1 input"
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
    dram_path: bool
    """Whether the weight is prepared on TT-NN's DRAM path (`weight_runs_dram_path`)."""
    equivalent: Conv2dParameters
    """The conv2d TT-NN prepares for."""
    conv: ConvWeightsPlan
    """The conv2d preparation of `equivalent` (semantics.md §3.3)."""
    dense_weight_shape: tuple[int, int, int, int]
    """OIHW [Cout, Cin, KH, KW] after the grouped expansion and the transpose."""

    @property
    def groups(self) -> int:
        return self.params.groups

    @property
    def mirror_kernel(self) -> bool:
        """Whether the kernel is flipped: `mirror_kernel`, and a kernel larger than 1×1 (whose
        flip is itself)."""
        return self.params.mirror_kernel and tuple(self.params.kernel_size) != (1, 1)


def _resolve(params: ConvTranspose2dParameters, for_bias: bool) -> ConvTranspose2dPlan:
    params = normalize_transpose_parameters(params)
    validate_transpose_parameters(params, for_bias)
    if for_bias:
        check_bias_weights_dtype(params)
    else:
        check_weight_slicing(params)
    equivalent = equivalent_conv2d(params, for_bias)
    if for_bias:
        check_bias_bfloat8_b_on_dram(params, equivalent)
    else:
        check_reshard_without_shard_layout(equivalent)
    conv = resolve_conv_weights(equivalent)
    kernel_height, kernel_width = params.kernel_size[0], params.kernel_size[1]
    return ConvTranspose2dPlan(
        params=params,
        for_bias=for_bias,
        output_size=transpose_output_size(params, (0, 0) if for_bias else None),
        full_input_size=(equivalent.input_height, equivalent.input_width),
        dram_path=not for_bias and weight_runs_dram_path(params),
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
def resolve_conv_transpose2d_bias(params: ConvTranspose2dParameters) -> ConvTranspose2dPlan:
    """The preparation of a conv_transpose2d's bias (semantics.md §7.4). Raises ConvConfigError
    for any invalid parameter or combination TT-NN refuses."""
    return _resolve(params, for_bias=True)

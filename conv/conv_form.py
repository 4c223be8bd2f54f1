"""Steps 1–3 of the resolution (semantics.md §3.3): the conv TT-NN prepares the weight for —
its weights dtype, whether it runs as a matmul, whether its kernel and stride are folded,
whether it is a 1D depthwise conv — and whether TT-NN runs it on its DRAM path.

Plain Python, no IR; the first step of `conv_resolution.resolve_conv_weights`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ttnn_xdsl.conv.conv_op_config import is_1d_depthwise_conv
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters, output_image_size
from ttnn_xdsl.conv.conv_slicing import SliceDecision
from ttnn_xdsl.core.enums import Conv2dSliceType, DataType, Layout, TensorMemoryLayout
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import ceil_div


def resolve_weights_dtype(params: Conv2dParameters) -> DataType:
    """Step 1: `conv_config.weights_dtype`, else the host weight's dtype."""
    return params.conv_config.weights_dtype or params.weight_dtype


def is_mm_conv(params: Conv2dParameters) -> bool:
    """Step 2: a 1×1, stride-1, unpadded, undilated conv runs as a matmul, unless
    `conv_config.shard_layout` asks for WIDTH_SHARDED (TT-NN's `use_matmul_for_1x1_conv`) or
    the conv says otherwise (`matmul_1x1`)."""
    return (
        tuple(params.kernel_size) == (1, 1)
        and tuple(params.stride) == (1, 1)
        and all(p == 0 for p in params.padding)
        and tuple(params.dilation) == (1, 1)
        and params.conv_config.shard_layout != TensorMemoryLayout.WIDTH_SHARDED
        and params.matmul_1x1
    )


def resolve_kernel_stride_folding(params: Conv2dParameters) -> bool:
    """Step 3: `conv_config.enable_kernel_stride_folding` when set; else on iff
    stride == kernel, stride != (1, 1), dilation == (1, 1), the padded input divides by the
    stride, and the input is (in DRAM and row-major or unpadded) or height-sharded
    (TT-NN's `auto_enable_kernel_folding`)."""
    explicit = params.conv_config.enable_kernel_stride_folding
    if explicit is not None:
        return explicit
    stride, kernel = tuple(params.stride), tuple(params.kernel_size)
    if stride != kernel or stride == (1, 1) or tuple(params.dilation) != (1, 1):
        return False
    top, bottom, left, right = params.padding
    if (params.input_height + top + bottom) % stride[0]:
        return False
    if (params.input_width + left + right) % stride[1]:
        return False
    memory = params.input_memory_config
    zero_padding = all(p == 0 for p in params.padding)
    return (
        memory.is_dram and (params.input_layout == Layout.ROW_MAJOR or zero_padding)
    ) or memory.memory_layout == TensorMemoryLayout.HEIGHT_SHARDED


def fold_parameters(params: Conv2dParameters) -> Conv2dParameters:
    """Step 3, folding on: the conv the folded weight belongs to — Cin·sH·sW input channels,
    a (H + pt + pb)/sH × (W + pl + pr)/sW input, kernel ceil(K/s), stride 1, padding 0
    (TT-NN's `compute_kernel_stride_folding_params`). Folding is then marked done
    (`enable_kernel_stride_folding=False`) so the result does not fold again."""
    sh, sw = params.stride
    top, bottom, left, right = params.padding
    padded_h = params.input_height + top + bottom
    padded_w = params.input_width + left + right
    if padded_h % sh:
        raise ConvConfigError(
            f"kernel-stride folding needs the padded input height {padded_h} "
            f"(input_height {params.input_height} + padding {top}+{bottom}) divisible by "
            f"stride {sh}"
        )
    if padded_w % sw:
        raise ConvConfigError(
            f"kernel-stride folding needs the padded input width {padded_w} "
            f"(input_width {params.input_width} + padding {left}+{right}) divisible by "
            f"stride {sw}"
        )
    kh, kw = params.kernel_size
    return replace(
        params,
        in_channels=params.in_channels * sh * sw,
        input_height=padded_h // sh,
        input_width=padded_w // sw,
        kernel_size=(ceil_div(kh, sh), ceil_div(kw, sw)),
        stride=(1, 1),
        padding=(0, 0, 0, 0),
        conv_config=replace(params.conv_config, enable_kernel_stride_folding=False),
    )


def is_conv1d(params: Conv2dParameters) -> bool:
    """TT-NN's `is_1d_conv`: kernel height 1 on an input of height 1."""
    return params.kernel_size[0] == 1 and params.input_height == 1


def is_depthwise_1d(params: Conv2dParameters) -> bool:
    """Step 10: a 1D depthwise conv whose weight TT-NN expands with the depthwise layout
    (§3.6.6) instead of the grouped one: `is_1d_depthwise_conv` with groups > 1. TT-NN 0.81.1
    evaluates it on the original weight's channels and kernel with the input height of the
    conv it prepares (`prepare_conv_weights_internal`), so a folded 1D depthwise conv is
    expanded too (and then folded)."""
    return params.groups > 1 and is_1d_depthwise_conv(
        params.groups,
        params.in_channels,
        params.out_channels,
        params.kernel_size[0],
        params.input_height,
        params.has_bias,
    )


def runs_from_dram(params: Conv2dParameters) -> bool:
    """Whether TT-NN runs the conv on its DRAM path (TT-NN's
    `determine_conv2d_execution_path`): a `conv2d_slice_config` other than `l1_full` says
    DRAM, `l1_full` says L1, and without one the input's buffer type decides."""
    slice_config = params.slice_config
    if slice_config is not None:
        return slice_config.slice_type != Conv2dSliceType.L1_FULL
    return params.input_memory_config.is_dram


def runs_as_dram_conv(params: Conv2dParameters) -> bool:
    """TT-NN's `is_dram_conv`: the conv runs on the DRAM path (`runs_from_dram`) and is not a
    1D conv (KH == 1 on an input of height 1: "Conv1D doesn't support DRAM"), unless conv2d
    prepares it for its slices itself (`Conv2dParameters.sliced_conv1d`). Only such a conv
    takes the DRAM-only branches of TT-NN's preparation: its slicing plan (unless it is an
    mm_conv) and, for a 1×1 conv, the interleaved-matmul layout."""
    return runs_from_dram(params) and (params.sliced_conv1d or not is_conv1d(params))


def prepared_input_height(
    folded: Conv2dParameters, slicing: SliceDecision | None, output_size: tuple[int, int]
) -> int:
    """The input height of the conv whose weight TT-NN 0.81.1 prepares (what its
    `is_1d_depthwise_conv` reads): the (folded) conv's own, except on the DRAM path with height
    slices (even one), where it is the rows the first slice's `output_size[0]` output rows
    span, (OH_slice − 1)·sH + dH·(KH − 1) + 1, neither clamped to the input nor counting its
    padding — so a depthwise 1×k conv whose first slice has one output row is a 1D depthwise
    conv to TT-NN, whatever its input height and stride (found against TT-NN 0.81.1,
    tests/data/ttnn_reference/conv2d/answers/depthwise_dram_*). Width slices keep the height."""
    if slicing is None or slicing.slice_type != Conv2dSliceType.DRAM_HEIGHT:
        return folded.input_height
    kernel_height, stride_height = folded.kernel_size[0], folded.stride[0]
    return (output_size[0] - 1) * stride_height + folded.dilation[0] * (kernel_height - 1) + 1


def prepared_depthwise_1d(
    params: Conv2dParameters,
    form: ConvForm,
    slicing: SliceDecision | None,
    output_size: tuple[int, int],
) -> bool:
    """Step 10 on the conv TT-NN prepares: `is_depthwise_1d` of the original weight with the
    input height of `prepared_input_height` (the form's own guess, the folded height, holds
    off the DRAM path's height slices)."""
    height = prepared_input_height(form.folded, slicing, output_size)
    return is_depthwise_1d(replace(params, input_height=height))


@dataclass(frozen=True)
class ConvForm:
    """Steps 2–3: the conv TT-NN prepares the weight for, and where it runs it."""

    mm_conv: bool
    """Step 2 (step 3's value when folded)."""
    fold_stride: tuple[int, int] | None
    """Step 3: (sH, sW) when the weight is kernel-stride folded, else None."""
    folded: Conv2dParameters
    """The conv after folding (== params when not folded)."""
    depthwise_1d: bool
    """Step 10: a 1D depthwise conv (uses §3.6.6 instead of the grouped expansion)."""
    output_size: tuple[int, int]
    """(OH, OW) of the folded conv with the original padding (without it where conv2d runs the
    fold itself, `Conv2dParameters.folded_output`), the whole conv's."""
    dram_conv: bool
    """Whether TT-NN runs the conv on its DRAM path (`runs_as_dram_conv`)."""


def resolve_conv_form(params: Conv2dParameters) -> ConvForm:
    """Steps 2–3 on normalized, validated parameters. Raises ConvConfigError when the weight
    cannot be folded or the folded conv has no output."""
    mm_conv = is_mm_conv(params)
    folded = params
    fold_stride: tuple[int, int] | None = None
    if resolve_kernel_stride_folding(params):
        folded = fold_parameters(params)
        mm_conv = tuple(params.kernel_size) == tuple(params.stride)
        fold_stride = (params.stride[0], params.stride[1])
    # The weight's 1D depthwise expansion: the original weight, the folded input height.
    depthwise = is_depthwise_1d(replace(params, input_height=folded.input_height))
    # (OH, OW) of the conv TT-NN blocks: the folded conv keeps the original padding on
    # TT-NN's prepare path (setup_conv_prep_config), not on conv2d's own (`folded_output`).
    padding = folded.padding if params.folded_output else params.padding
    oh, ow = output_image_size(replace(folded, padding=padding))
    if oh < 1 or ow < 1:
        raise ConvConfigError(f"output image of the kernel-stride folded conv is empty: {oh}x{ow}")
    return ConvForm(mm_conv, fold_stride, folded, depthwise, (oh, ow), runs_as_dram_conv(params))

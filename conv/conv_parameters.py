"""The parameters of a conv's weight preparation (semantics.md §3.1) as plain
dataclasses, the conv geometry they imply (padding, output image) and their validation
(semantics.md §3.2). No IR here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv_core_grid import check_core_grid_override, core_grid_reshards_input
from ttnn_xdsl.core.enums import (
    DEVICE_BUFFER_TYPES,
    BufferType,
    Conv2dSliceType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError, ConvNotModelledError
from ttnn_xdsl.core.shapes import TILE_SIZE, format_shape

# ------------------------------------------------------------------------------------------
# Parameters
# ------------------------------------------------------------------------------------------

INT32_MAX = 2**31 - 1
"""The largest size the IR can record: every count of the resolution (channels, blocks, cores,
rows) is an i32 property or fact once decomposed."""

MAX_GRID_EXTENT = 64
"""The largest device grid extent accepted (x and y). Tenstorrent devices have at most 14×10
compute cores; the core-split searches of semantics.md §3.3 step 7 scan the grid's cores."""


@dataclass(frozen=True)
class InputMemoryConfig:
    """The memory config of the conv's input activation (semantics.md §3.1 `input_memory_config`).

    `shard_shape` is (height, width) of one shard, `shard_grid` the (x, y) extent of the
    shard grid; both only for a sharded layout. `shard_cores`: the number of cores when they
    are laid row by row and the last row is partial (a HEIGHT or WIDTH conv's output over 49
    cores of an 8-wide grid: x 8, y 7), None when the grid is all x × y cores."""

    buffer_type: BufferType
    memory_layout: TensorMemoryLayout
    shard_shape: tuple[int, int] | None = None
    shard_grid: tuple[int, int] | None = None
    shard_orientation: ShardOrientation = ShardOrientation.ROW_MAJOR
    shard_cores: int | None = None

    @property
    def shard_core_count(self) -> int:
        """The cores the shards are on (`shard_cores`, else the grid's x × y)."""
        assert self.shard_grid is not None
        return self.shard_cores or self.shard_grid[0] * self.shard_grid[1]

    @property
    def is_sharded(self) -> bool:
        """Whether the layout is one of the three sharded layouts."""
        return self.memory_layout != TensorMemoryLayout.INTERLEAVED

    @property
    def is_dram(self) -> bool:
        """Whether the input lives in DRAM."""
        return self.buffer_type == BufferType.DRAM

    @property
    def sharded_in_l1(self) -> bool:
        """An L1 input already sharded by its shard spec: TT-NN then reads the shard kind and
        the input-channel split from the spec (semantics.md §3.3a)."""
        return self.is_sharded and not self.is_dram and self.shard_grid is not None


@dataclass(frozen=True)
class Conv2dSliceConfig:
    """TT-NN's Conv2dSliceConfig: run the conv in `num_slices` slices of its output height or
    width from DRAM, or (`L1_FULL`) whole in L1 (semantics.md §3.3 step 4)."""

    slice_type: Conv2dSliceType
    num_slices: int


@dataclass(frozen=True)
class ComputeKernelConfig:
    """TT-NN's DeviceComputeKernelConfig, as given (`Conv2dParameters.compute_config` is None
    when none is). Of its fields `fp32_dest_acc_en` changes a prepared weight (the sub-block
    choice, semantics.md §3.5) and, with `packer_l1_acc`, TT-NN's L1 estimate (§8)."""

    fp32_dest_acc_en: bool = False
    packer_l1_acc: bool = False


@dataclass(frozen=True)
class ConvParameters:
    """What every conv preparation reads, a conv2d's (`Conv2dParameters`) or a
    conv_transpose2d's (`conv.conv_transpose.ConvTranspose2dParameters`): TT-NN's keyword
    parameters common to both (semantics.md §3.1, §7.1) plus the device.

    The fields are the prepare ops' properties under the same names (the ops' declaration,
    `dialect/prepare_op_properties.py`), plus what the op's operand and module say:
    `weight_dtype`, the dtype of the host weight (f32 or bf16), `has_bias` (always true for a
    bias) and the device `grid`. `padding` is [pad_h, pad_w] or (top, bottom, left, right) as
    written; normalizing makes it the latter, once."""

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
    conv_config: Conv2dConfig = field(default_factory=Conv2dConfig)
    compute_config: ComputeKernelConfig | None = None
    grid: tuple[int, int] = (8, 8)
    input_dtype: DataType | None = None
    output_dtype: DataType | None = None
    l1_budget: int | None = None
    """Free L1 bytes per core TT-NN's decisions may use (semantics.md §8.1): what the device was
    opened with; None for TT-NN's default open of `grid`'s chip."""
    reads_core_grid: bool = False
    """Whether TT-NN reads `conv_config.override_sharding_config` (with `core_grid`): its
    conv ops do (`conv_core_grid`), its prepare functions do not (TT-NN's answers: the
    same weights with and without it)."""

    def shared_fields(self) -> dict[str, object]:
        """This record's `ConvParameters` fields by name: what a conv2d's or a
        conv_transpose2d's record is built from, with its own fields added."""
        return {name.name: getattr(self, name.name) for name in fields(ConvParameters)}


@dataclass(frozen=True)
class Conv2dParameters(ConvParameters):
    """Everything the conv2d resolution reads: the conv of semantics.md §3.1 (`ConvParameters`)
    and its slice config. `normalize_parameters` expands `padding`."""

    slice_config: Conv2dSliceConfig | None = None
    check_input_shard_spec: bool = True
    """Whether semantics.md §3.3a's refusals hold the input's shard spec against this conv's
    input. False for a conv_transpose2d's equivalent conv2d (semantics.md §7), whose spec
    describes the transpose's own input, before its zero-stuffing (checked there), or is the
    one TT-NN builds for its DRAM path."""
    matmul_1x1: bool = True
    """Whether a 1×1, stride-1, unpadded conv may run as a matmul (step 2). False for the
    equivalent conv2d of a conv_transpose2d whose own stride or padding is not 1 and 0: TT-NN's
    conv_transpose2d decides its matmul by them and runs it as a conv."""
    sliced_conv1d: bool = False
    """Whether a 1D conv run from DRAM is prepared for its first DRAM slice, as TT-NN's conv2d
    prepares it (its DRAM path cuts any conv that is not a 1×1 matmul into slices,
    `run_sliced_op`, and prepares the weight for the first: `conv2d_decisions.
    conv2d_preparation`); `prepare_conv_weights` prepares it whole ("Conv1D doesn't support
    DRAM", `conv_form.runs_as_dram_conv`), so no prepare op says it."""
    prepared_in_slice: bool = False
    """Whether the weight is prepared as conv2d's own DRAM path prepares it: inside each slice's
    conv (`Conv2dSliceAttr::run_L1_op` calls `conv2d_L1`), which reads its slice as a ROW_MAJOR
    input sharded as the slice's shard spec and aligns the channels to that shard's width
    (`conv_l1_decisions.resolve_dram_slicing`); `prepare_conv_weights` plans the first slice
    from the input as given (a TILE input's block config keeps 32), so no prepare op says it."""
    planned_weights_dtype: DataType | None = None
    """The weights dtype TT-NN's L1 estimate plans the conv with where conv2d prepares the
    weight in another (its DRAM path prepares a bfloat8_b weight as bfloat16 and typecasts it,
    but plans its DRAM slices with bfloat8_b tiles: `conv2d_decisions.dram_path_preparation`);
    None: the weight's own."""
    input_unflattened: bool = False
    """Whether the input tensor is already `[N, H, W, C]` as conv2d's fold reads it (its
    second and third dims are H and W: `fold_tensor` views a flat `[1, 1, N·H·W, C]` input as
    that first, `conv2d_decisions.folding_width_input_refusal`)."""
    unfolded_weight: bool = False
    """Whether a kernel-stride folded conv's weight is prepared unfolded, as TT-NN's conv2d
    prepares it on its DRAM path: `conv2d_DRAM` folds the input itself and runs `conv2d_L1` on
    the folded conv, whose stride, 1×1, is the stride the weight is folded by
    (`conv_weight_layout.resolve_expansion`; TT-NN's bytes: tests/data/ttnn_reference/
    conv2d_op/bytes/). `prepare_conv_weights`, and conv2d on its L1 path, fold it by the conv's
    stride, so no prepare op says it."""
    folded_output: bool = False
    """Whether a kernel-stride folded conv is split and blocked by its folded conv's own output
    image (padding 0), as TT-NN's conv2d runs the folded input (`fold_input_tensor_if_required`
    then `conv2d_L1`); `prepare_conv_weights` keeps the original padding on the folded input
    (`conv_form.ConvForm.output_size`), so no prepare op says it."""

    @property
    def fp32_dest_acc_en(self) -> bool:
        return self.compute_config.fp32_dest_acc_en

    @property
    def reads_input_shard_spec(self) -> bool:
        """Whether TT-NN takes the input's sharding and core split from its shard spec: an L1
        input already sharded, `reshard_if_not_optimal` false, and no `core_grid` override
        that moves it (semantics.md §3.3a, §6)."""
        return (
            self.input_memory_config.sharded_in_l1
            and not self.conv_config.reshard_if_not_optimal
            and not core_grid_reshards_input(self)
        )


# ------------------------------------------------------------------------------------------
# Conv geometry
# ------------------------------------------------------------------------------------------


def expand_padding(padding: Sequence[int]) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) from semantics.md §3.1's padding: [pad_h, pad_w] pads both sides
    (TT-NN's `get_pair_n4_padding`), four values are taken as they are."""
    values = tuple(int(v) for v in padding)
    if len(values) == 2:
        return (values[0], values[0], values[1], values[1])
    if len(values) == 4:
        return (values[0], values[1], values[2], values[3])
    raise ConvConfigError(
        f"expected padding to have 2 or 4 non-negative values, got {format_shape(values)}"
    )


def output_image_size(params: Conv2dParameters) -> tuple[int, int]:
    """(OH, OW) = ((H + pt + pb − dH·(KH − 1) − 1) // sH + 1, likewise W) (semantics.md §3.2),
    clamped at 0 when the dilated kernel does not fit the padded input."""
    top, bottom, left, right = params.padding
    oh = output_extent(
        params.input_height,
        top + bottom,
        params.kernel_size[0],
        params.stride[0],
        params.dilation[0],
    )
    ow = output_extent(
        params.input_width,
        left + right,
        params.kernel_size[1],
        params.stride[1],
        params.dilation[1],
    )
    return oh, ow


def output_extent(size: int, pad: int, kernel: int, stride: int, dilation: int) -> int:
    span = size + pad - dilation * (kernel - 1) - 1
    return span // stride + 1 if span >= 0 else 0


def transposed_output_extent(
    size: int, pad: int, kernel: int, stride: int, dilation: int, output_padding: int
) -> int:
    """One axis of a conv_transpose2d's output: `(I − 1)·s − (p_before + p_after) + d·(k − 1)
    + output_padding + 1` (`pad` the two sides' sum); ≤ 0 for an empty output."""
    return (size - 1) * stride - pad + dilation * (kernel - 1) + output_padding + 1


# ------------------------------------------------------------------------------------------
# Validation (semantics.md §3.2, parameter checks)
# ------------------------------------------------------------------------------------------

POSITIVE_COUNTS = ("in_channels", "out_channels", "batch_size", "input_height", "input_width")


WINDOW_PARAMETERS = ("kernel_size", "stride", "dilation")
"""The window parameters that hold 2 positive values."""


def check_window_parameter(name: str, values: Sequence[int]) -> tuple[int, int]:
    """`values` of the window parameter `name` (kernel_size, stride, dilation), checked to be
    2 positive values. Raises ConvConfigError."""
    values = tuple(values)
    if len(values) != 2 or min(values) < 1:
        raise ConvConfigError(
            f"expected {name} to have 2 positive values, got {format_shape(values)}"
        )
    return (values[0], values[1])


def check_padding(padding: Sequence[int]) -> tuple[int, int, int, int]:
    """`padding` checked to be 2 or 4 non-negative values and expanded to (top, bottom, left,
    right). Raises ConvConfigError."""
    values = tuple(padding)
    if len(values) not in (2, 4) or min(values) < 0:
        raise ConvConfigError(
            f"expected padding to have 2 or 4 non-negative values, got {format_shape(values)}"
        )
    return expand_padding(values)


def normalize_parameters(params: Conv2dParameters) -> Conv2dParameters:
    """`params` with `kernel_size`, `stride` and `dilation` checked to be 2 positive values
    and `padding` checked to be 2 or 4 non-negative values, then expanded to (top, bottom,
    left, right) — the one place the resolution expands it. Raises ConvConfigError."""
    for name in WINDOW_PARAMETERS:
        check_window_parameter(name, getattr(params, name))
    padding = check_padding(params.padding)
    if len(params.padding) == 4:
        return params
    return replace(params, padding=padding)


def validate_conv2d_config(config: Conv2dConfig, field_prefix: str = "conv_config.") -> None:
    """The checks of a Conv2dConfig's own fields (its attribute's verifier runs them too,
    with no prefix): act_block_h_override a non-negative multiple of 32, act_block_w_div
    positive, shard_layout not interleaved."""
    override = config.act_block_h_override
    if override < 0 or override % TILE_SIZE:
        raise ConvConfigError(
            f"expected {field_prefix}act_block_h_override to be a non-negative multiple of 32, "
            f"got {override}"
        )
    if config.act_block_w_div < 1:
        raise ConvConfigError(
            f"expected {field_prefix}act_block_w_div to be positive, got {config.act_block_w_div}"
        )
    if config.shard_layout == TensorMemoryLayout.INTERLEAVED:
        raise ConvConfigError(
            f"expected {field_prefix}shard_layout to be height_sharded, width_sharded or "
            "block_sharded, got interleaved"
        )


def validate_parameters(params: Conv2dParameters) -> None:
    """semantics.md §3.2's checks of the conv parameters (not of the weight/bias tensors), on
    normalized parameters (`normalize_parameters`).

    Raises `ConvConfigError` with a plain sentence naming the parameter and its value."""
    validate_counts(params)
    top, bottom, left, right = params.padding
    oh, ow = output_image_size(params)
    if oh < 1:
        raise ConvConfigError(
            f"output image is empty: OH = {oh} (input_height {params.input_height}, "
            f"padding {top}+{bottom}, dilation {params.dilation[0]}, "
            f"kernel {params.kernel_size[0]}, stride {params.stride[0]})"
        )
    if ow < 1:
        raise ConvConfigError(
            f"output image is empty: OW = {ow} (input_width {params.input_width}, "
            f"padding {left}+{right}, dilation {params.dilation[1]}, "
            f"kernel {params.kernel_size[1]}, stride {params.stride[1]})"
        )

    if params.weight_dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
        raise ConvConfigError(
            f"expected the weight dtype to be f32 or bf16, got {params.weight_dtype}"
        )
    weights_dtype = params.conv_config.weights_dtype
    if weights_dtype is not None and weights_dtype not in tuple(DataType):
        raise ConvConfigError(
            f"expected conv_config.weights_dtype to be f32, bf16 or bfp8_b, got {weights_dtype}"
        )
    memory = params.input_memory_config
    if memory.buffer_type not in DEVICE_BUFFER_TYPES:
        raise ConvConfigError(
            f"expected input_memory_config in dram or l1, got {memory.buffer_type} (the conv's "
            "input activation is a device tensor)"
        )
    if not memory.is_sharded and (memory.shard_shape is not None or memory.shard_grid is not None):
        raise ConvConfigError(
            "a sharded input_memory_config needs a shard layout (height_sharded, "
            f"width_sharded or block_sharded), got {memory.memory_layout} with a shard spec"
        )
    if memory.is_sharded and (memory.shard_shape is None or memory.shard_grid is None):
        # TT-NN reads a sharded input's shard spec (its grid, and its width for the channel
        # alignment of a row-major input).
        raise ConvConfigError(
            f"expected the {memory.memory_layout.value} input_memory_config to carry a shard spec"
        )
    if len(params.grid) != 2 or min(params.grid) < 1:
        raise ConvConfigError(
            f"expected the device grid to have 2 positive values, got {format_shape(params.grid)}"
        )
    if max(params.grid) > MAX_GRID_EXTENT:
        raise ConvNotModelledError(
            f"expected the device grid to be at most {MAX_GRID_EXTENT}x{MAX_GRID_EXTENT}, got "
            f"{params.grid[0]}x{params.grid[1]}"
        )
    n = params.batch_size
    for what, (height, width), symbols in (
        ("input", (params.input_height, params.input_width), "N·H·W"),
        ("output", (oh, ow), "N·OH·OW"),
    ):
        if n * height * width > INT32_MAX:
            raise ConvNotModelledError(
                f"the conv's {what} has too many rows for the IR's i32 sizes: {symbols} = "
                f"{n}·{height}·{width} = {n * height * width} > {INT32_MAX}"
            )
    validate_conv2d_config(params.conv_config)
    check_core_grid_override(params, transposed=False)
    if params.slice_config is not None and params.slice_config.num_slices < 0:
        raise ConvConfigError(
            "expected conv2d_slice_config to have a non-negative number of slices, got "
            f"{params.slice_config.num_slices}"
        )
    if memory.sharded_in_l1 and params.check_input_shard_spec:
        validate_input_shard_spec(params)


def validate_counts(params: ConvParameters) -> None:
    """semantics.md §3.2's checks of the counts: the channels, batch and input extents are
    positive, and groups is positive and divides both channel counts."""
    for name in POSITIVE_COUNTS:
        value = getattr(params, name)
        if value < 1:
            raise ConvConfigError(f"expected {name} to be positive, got {value}")
    groups = params.groups
    if groups < 1 or params.in_channels % groups or params.out_channels % groups:
        raise ConvConfigError(
            f"expected groups {groups} to be positive and divide in_channels "
            f"{params.in_channels} and out_channels {params.out_channels}"
        )


def validate_input_shard_spec(params: ConvParameters) -> None:
    """semantics.md §3.3a's refusals (TT-NN validates none of them): an L1 input's shard grid
    must fit the device grid, and its shards must hold the input activation seen as the
    matrix [N·H·W, Cin]."""
    memory = params.input_memory_config
    assert memory.shard_grid is not None and memory.shard_shape is not None
    grid_x, grid_y = memory.shard_grid
    device_x, device_y = params.grid
    if grid_x > device_x or grid_y > device_y:
        raise ConvConfigError(
            f"expected the input's shard grid {grid_x}x{grid_y} to fit the device grid "
            f"{device_x}x{device_y}"
        )
    rows = params.batch_size * params.input_height * params.input_width
    channels = params.in_channels
    shard_h, shard_w = memory.shard_shape
    cores = memory.shard_core_count
    layout = memory.memory_layout
    if layout == TensorMemoryLayout.HEIGHT_SHARDED:
        row_cores, channel_cores = cores, 1
    elif layout == TensorMemoryLayout.WIDTH_SHARDED:
        row_cores, channel_cores = 1, cores
    elif memory.shard_orientation == ShardOrientation.COL_MAJOR:
        row_cores, channel_cores = grid_x, grid_y
    else:
        row_cores, channel_cores = grid_y, grid_x
    held = f"{layout.value} shards of {shard_h}x{shard_w} on a {grid_x}x{grid_y} grid"
    if shard_h * row_cores < rows:
        raise ConvConfigError(
            f"{held} cannot hold the input's N·H·W = {rows} rows "
            f"({row_cores} core(s) × {shard_h} rows = {shard_h * row_cores})"
        )
    if shard_w * channel_cores < channels:
        raise ConvConfigError(
            f"{held} cannot hold the input's {channels} channels "
            f"({channel_cores} core(s) × {shard_w} columns = {shard_w * channel_cores})"
        )

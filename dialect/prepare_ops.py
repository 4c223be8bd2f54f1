"""`ttnn.prepare_conv_weights` and `ttnn.prepare_conv_bias` (semantics.md §3): the
conv parameters they share, their verification, and their result type, inferred through the
resolution (`conv_resolution.resolve_conv_weights`, computed once per distinct set of
parameters)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    I32,
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    StringAttr,
    TensorType,
    i32,
)
from xdsl.ir import (
    Attribute,
    SSAValue,
)
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.rewriter import Rewriter
from xdsl.traits import Pure

from ttnn_xdsl.conv.conv_parameters import (
    Conv2dConfig,
    Conv2dParameters,
    Conv2dSliceConfig,
    InputMemoryConfig,
    expand_padding,
)
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan, resolve_conv_weights
from ttnn_xdsl.core.enums import DataType, Layout, ShardOrientation
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import format_shape

# --------------------------------------------------------------------------------------------
# prepare_conv_weights / prepare_conv_bias
# --------------------------------------------------------------------------------------------
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    Conv2dConfigAttr,
    Conv2dSliceConfigAttr,
    DataTypeAttr,
    DeviceComputeKernelConfigAttr,
    LayoutAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
    TensorMemoryLayoutAttr,
)
from ttnn_xdsl.dialect.keyword_properties import (
    PropertyKind,
    PropertySyntax,
    i32_array_attribute,
    i32_attribute,
)
from ttnn_xdsl.dialect.operation import KeywordPropertyOp, int_list
from ttnn_xdsl.dialect.tensor_types import (
    denote_same_tensor,
    module_grid,
    tensor_info,
    tensor_type,
)


class ConvPrepareOp(KeywordPropertyOp, ABC):
    """Base of `prepare_conv_weights` and `prepare_conv_bias`: the conv parameters they
    share (semantics.md §3.1, tt-mlir's names), their verification (semantics.md §3.2) and the
    resolution of the prepared layout (semantics.md §3.3, via
    `conv_resolution.resolve_conv_weights`)."""

    input_memory_config = prop_def(MemoryConfigAttr)
    input_layout = prop_def(LayoutAttr)
    in_channels = prop_def(IntegerAttr[I32])
    out_channels = prop_def(IntegerAttr[I32])
    batch_size = prop_def(IntegerAttr[I32])
    input_height = prop_def(IntegerAttr[I32])
    input_width = prop_def(IntegerAttr[I32])
    kernel_size = prop_def(DenseArrayBase.constr(i32))
    stride = prop_def(DenseArrayBase.constr(i32))
    padding = prop_def(DenseArrayBase.constr(i32))
    dilation = prop_def(DenseArrayBase.constr(i32))
    groups = prop_def(IntegerAttr[I32])
    conv_config = opt_prop_def(Conv2dConfigAttr)
    compute_config = opt_prop_def(DeviceComputeKernelConfigAttr)
    input_dtype = opt_prop_def(DataTypeAttr)
    output_dtype = opt_prop_def(DataTypeAttr)
    slice_config = opt_prop_def(Conv2dSliceConfigAttr)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(
        self,
        source: SSAValue,
        *,
        in_channels: int,
        out_channels: int,
        batch_size: int,
        input_height: int,
        input_width: int,
        kernel_size: Sequence[int],
        stride: Sequence[int] = (1, 1),
        padding: Sequence[int] = (0, 0),
        dilation: Sequence[int] = (1, 1),
        groups: int = 1,
        input_layout: Layout = Layout.TILE,
        input_memory_config: MemoryConfigAttr = DRAM_INTERLEAVED,
        conv_config: Conv2dConfigAttr | None = None,
        compute_config: DeviceComputeKernelConfigAttr | None = None,
        input_dtype: DataType | None = None,
        output_dtype: DataType | None = None,
        slice_config: Conv2dSliceConfigAttr | None = None,
        result_type: Attribute | None = None,
        grid: tuple[int, int] | None = None,
        extra_properties: dict[str, Attribute] | None = None,
    ):
        """Build the op from plain Python values; without `result_type` the result type is
        inferred (semantics.md §3.3) for `grid` (default: the Wormhole 8×8 grid)."""
        properties: dict[str, Attribute | None] = {
            "input_memory_config": input_memory_config,
            "input_layout": LayoutAttr(input_layout),
            "in_channels": i32_attribute(in_channels, "in_channels"),
            "out_channels": i32_attribute(out_channels, "out_channels"),
            "batch_size": i32_attribute(batch_size, "batch_size"),
            "input_height": i32_attribute(input_height, "input_height"),
            "input_width": i32_attribute(input_width, "input_width"),
            "kernel_size": i32_array_attribute(kernel_size, "kernel_size"),
            "stride": i32_array_attribute(stride, "stride"),
            "padding": i32_array_attribute(padding, "padding"),
            "dilation": i32_array_attribute(dilation, "dilation"),
            "groups": i32_attribute(groups, "groups"),
            "conv_config": conv_config,
            "compute_config": compute_config,
            "input_dtype": None if input_dtype is None else DataTypeAttr(input_dtype),
            "output_dtype": None if output_dtype is None else DataTypeAttr(output_dtype),
            "slice_config": slice_config,
            **(extra_properties or {}),
        }
        super().__init__(
            operands=[source], result_types=[result_type or source.type], properties=properties
        )
        if result_type is None:
            Rewriter.replace_value_with_new_type(self.result, self.inferred_result_type(grid))

    @property
    @abstractmethod
    def source(self) -> SSAValue:
        """The tensor being prepared (the weight or the bias)."""

    @property
    @abstractmethod
    def has_bias_value(self) -> bool: ...

    def conv_parameters(self, grid: tuple[int, int] | None = None) -> Conv2dParameters:
        """The op's parameters as the pure resolution sees them (after verification), on
        `grid` (default: the enclosing module's `ttnn.grid`)."""
        weight_dtype = tensor_info(self.weight_type()).dtype
        return Conv2dParameters(
            in_channels=self.in_channels.value.data,
            out_channels=self.out_channels.value.data,
            batch_size=self.batch_size.value.data,
            input_height=self.input_height.value.data,
            input_width=self.input_width.value.data,
            kernel_size=cast(tuple[int, int], tuple(int_list(self.kernel_size))),
            stride=cast(tuple[int, int], tuple(int_list(self.stride))),
            padding=expand_padding(int_list(self.padding)),
            dilation=cast(tuple[int, int], tuple(int_list(self.dilation))),
            groups=self.groups.value.data,
            has_bias=self.has_bias_value,
            weight_dtype=weight_dtype,
            input_layout=self.input_layout.data,
            input_memory_config=input_memory_config_of(self.input_memory_config),
            conv_config=conv2d_config_of(self.conv_config),
            fp32_dest_acc_en=bool(
                self.compute_config is not None
                and self.compute_config.bool_field("fp32_dest_acc_en")
            ),
            grid=grid or module_grid(self),
            slice_config=None
            if self.slice_config is None
            else Conv2dSliceConfig(self.slice_config.kind, self.slice_config.num_slices.data),
        )

    def weight_type(self) -> Attribute:
        """The type of the OIHW weight the conv uses (prepare_conv_bias has none: it
        stands for a host weight of the same dtype as the bias)."""
        return self.source.type

    def resolve(self, grid: tuple[int, int] | None = None) -> ConvWeightsPlan:
        """The resolved preparation (semantics.md §3.3); raises the op's VerifyException."""
        try:
            return resolve_conv_weights(self.conv_parameters(grid))
        except ConvConfigError as error:
            raise self.error(str(error)) from None

    def _verify_conv_parameters(self) -> ConvWeightsPlan:
        """semantics.md §3.2's checks of the scalar parameters, with the op's messages, then the
        resolution (which validates the rest); returns the resolved plan."""
        memory = self.input_memory_config
        if memory.is_sharded and not isinstance(memory.shard_spec, ShardSpecAttr):
            # TT-NN reads a sharded input's shard spec (its grid, and its width for the
            # channel alignment of a row-major input).
            raise self.error(
                f"expected the {memory.layout_kind.value} input_memory_config to carry "
                "a #ttnn.shard_spec"
            )
        for name in ("in_channels", "out_channels", "batch_size", "input_height", "input_width"):
            value = cast(IntegerAttr, getattr(self, name)).value.data
            if value < 1:
                raise self.error(f"expected {name} to be positive, got {value}")
        groups = self.groups.value.data
        in_channels, out_channels = self.in_channels.value.data, self.out_channels.value.data
        if groups < 1 or in_channels % groups or out_channels % groups:
            raise self.error(
                f"expected groups {groups} to be positive and divide in_channels "
                f"{in_channels} and out_channels {out_channels}"
            )
        for name in ("kernel_size", "stride", "dilation"):
            values = int_list(cast(DenseArrayBase, getattr(self, name)))
            if len(values) != 2 or min(values) < 1:
                raise self.error(
                    f"expected {name} to have 2 positive values, got {format_shape(values)}"
                )
        padding = int_list(self.padding)
        if len(padding) not in (2, 4) or min(padding) < 0:
            raise self.error(
                "expected padding to have 2 or 4 non-negative values, got " + format_shape(padding)
            )
        return self.resolve()

    def _verify_result(self, expected: TensorType[Attribute]) -> None:
        if not denote_same_tensor(self.result.type, expected):
            raise self.error(
                f"expected result type {expected} (inferred from the conv parameters), "
                f"got {self.result.type}"
            )

    def inferred_result_type(self, grid: tuple[int, int] | None = None) -> TensorType[Attribute]:
        """The result type TT-NN would give (semantics.md §3.3 step 11 and §3.4) on `grid`
        (default: the enclosing module's)."""
        return self.result_type_of(self.resolve(grid))

    @abstractmethod
    def result_type_of(self, plan: ConvWeightsPlan) -> TensorType[Attribute]:
        """The result type of this op under the resolved `plan`."""


def input_memory_config_of(attr: MemoryConfigAttr) -> InputMemoryConfig:
    """The pure resolution's view of a memory config attribute."""
    shard = attr.shard_spec
    return InputMemoryConfig(
        buffer_type=attr.buffer_type.data,
        memory_layout=attr.layout_kind,
        shard_shape=shard.shard_shape if isinstance(shard, ShardSpecAttr) else None,
        shard_grid=shard.grid_shape if isinstance(shard, ShardSpecAttr) else None,
        shard_orientation=shard.shard_orientation
        if isinstance(shard, ShardSpecAttr)
        else ShardOrientation.ROW_MAJOR,
    )


def conv2d_config_of(attr: Conv2dConfigAttr | None) -> Conv2dConfig:
    """The pure resolution's view of a `#ttnn.conv2d_config` (absent fields at defaults)."""
    if attr is None:
        return Conv2dConfig()
    shard_layout = attr.field("shard_layout")
    return Conv2dConfig(
        weights_dtype=attr.weights_data_type(),
        shard_layout=cast(TensorMemoryLayoutAttr, shard_layout).data
        if shard_layout is not None
        else None,
        act_block_h_override=attr.int_field("act_block_h_override") or 0,
        act_block_w_div=attr.int_field("act_block_w_div") or 1,
        transpose_shards=bool(attr.bool_field("transpose_shards")),
        full_inner_dim=bool(attr.bool_field("full_inner_dim")),
        enable_activation_reuse=bool(attr.bool_field("enable_activation_reuse")),
        enable_kernel_stride_folding=attr.bool_field("enable_kernel_stride_folding"),
        reshard_if_not_optimal=bool(attr.bool_field("reshard_if_not_optimal")),
    )


def _conv_parameter_syntax(*, weights: bool) -> tuple[PropertySyntax, ...]:
    """The keyword properties of a prepare op, in printing order (tt-mlir's names)."""
    attribute, i32, array = PropertyKind.ATTRIBUTE, PropertyKind.I32, PropertyKind.I32_ARRAY
    return (
        PropertySyntax("input_memory_config", attribute),
        PropertySyntax("input_layout", attribute),
        *((PropertySyntax("weights_format", PropertyKind.STRING),) if weights else ()),
        PropertySyntax("in_channels", i32),
        PropertySyntax("out_channels", i32),
        PropertySyntax("batch_size", i32),
        PropertySyntax("input_height", i32),
        PropertySyntax("input_width", i32),
        PropertySyntax("kernel_size", array),
        PropertySyntax("stride", array),
        PropertySyntax("padding", array),
        PropertySyntax("dilation", array),
        *((PropertySyntax("has_bias", PropertyKind.BOOL),) if weights else ()),
        PropertySyntax("groups", i32),
        PropertySyntax("conv_config", attribute, required=False),
        PropertySyntax("compute_config", attribute, required=False),
        PropertySyntax("input_dtype", attribute, required=False),
        PropertySyntax("output_dtype", attribute, required=False),
        PropertySyntax("slice_config", attribute, required=False),
    )


@irdl_op_definition
class PrepareConvWeightsOp(ConvPrepareOp):
    """`ttnn.prepare_conv_weights`: turns an OIHW host weight into the tiled device layout
    a TT-NN conv2d with these parameters reads (semantics.md §3).

    The resolution (semantics.md §3.3, `conv_resolution.resolve_conv_weights`) picks the weights
    dtype, kernel-stride folding, grouped or depthwise expansion, the shard layout and its core
    counts, the channel padding and the weight block sizes; the result is a TILE tensor in
    DRAM of dtype `weights_dtype`, logical shape [1, 1, Cin·KH·KW, Cout] (after grouping and
    folding, unpadded) and the physical shape of the chosen layout (semantics.md §3.6).
    `ttnn-decompose` rewrites it into that chain of layout ops with every parameter explicit.
    """

    name = "ttnn.prepare_conv_weights"

    weight_tensor = operand_def(TensorType)
    weights_format = prop_def(StringAttr)
    has_bias = prop_def(BoolAttr)

    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = _conv_parameter_syntax(weights=True)

    def __init__(
        self,
        weight_tensor: SSAValue,
        *,
        in_channels: int,
        out_channels: int,
        batch_size: int,
        input_height: int,
        input_width: int,
        kernel_size: Sequence[int],
        stride: Sequence[int] = (1, 1),
        padding: Sequence[int] = (0, 0),
        dilation: Sequence[int] = (1, 1),
        groups: int = 1,
        has_bias: bool = False,
        weights_format: str = "OIHW",
        input_layout: Layout = Layout.TILE,
        input_memory_config: MemoryConfigAttr = DRAM_INTERLEAVED,
        conv_config: Conv2dConfigAttr | None = None,
        compute_config: DeviceComputeKernelConfigAttr | None = None,
        input_dtype: DataType | None = None,
        output_dtype: DataType | None = None,
        result_type: Attribute | None = None,
        grid: tuple[int, int] | None = None,
    ):
        """Build the op from plain Python values (TT-NN's `prepare_conv_weights` keywords);
        without `result_type` the result type is inferred (semantics.md §3.3) for `grid`
        (default: the Wormhole 8×8 grid)."""
        super().__init__(
            weight_tensor,
            in_channels=in_channels,
            out_channels=out_channels,
            batch_size=batch_size,
            input_height=input_height,
            input_width=input_width,
            kernel_size=kernel_size,
            stride=stride,
            padding=padding,
            dilation=dilation,
            groups=groups,
            input_layout=input_layout,
            input_memory_config=input_memory_config,
            conv_config=conv_config,
            compute_config=compute_config,
            input_dtype=input_dtype,
            output_dtype=output_dtype,
            result_type=result_type,
            grid=grid,
            extra_properties={
                "weights_format": StringAttr(weights_format),
                "has_bias": IntegerAttr.from_bool(has_bias),
            },
        )

    @property
    def source(self) -> SSAValue:
        return self.weight_tensor

    @property
    def has_bias_value(self) -> bool:
        return bool(self.has_bias.value.data)

    def verify_(self) -> None:
        weight = self.tensor(self.weight_tensor, "weight_tensor")
        if not weight.on_host:
            raise self.error(
                "expected weight_tensor to be a host tensor (no encoding), got "
                f"{self.weight_tensor.type}"
            )
        if weight.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
            raise self.error(
                f"expected weight_tensor of dtype f32 or bf16, got {weight.dtype.value}"
            )
        if len(weight.shape) != 4:
            raise self.error(
                f"expected weight_tensor of rank 4 (OIHW), got rank {len(weight.shape)}"
            )
        if self.weights_format.data != "OIHW":
            raise self.error(f'expected weights_format "OIHW", got "{self.weights_format.data}"')
        plan = self._verify_conv_parameters()
        out_channels, in_channels = self.out_channels.value.data, self.in_channels.value.data
        groups = self.groups.value.data
        if weight.shape[0] != out_channels:
            raise self.error(
                f"expected out_channels {out_channels} to match the weight's dim 0 "
                f"{weight.shape[0]} (shape {format_shape(weight.shape)})"
            )
        if weight.shape[1] != in_channels // groups:
            raise self.error(
                f"expected the weight's dim 1 {weight.shape[1]} to be in_channels / groups = "
                f"{in_channels} / {groups} = {in_channels // groups}"
            )
        kernel = int_list(self.kernel_size)
        if kernel != list(weight.shape[2:]):
            raise self.error(
                f"expected kernel_size {format_shape(kernel)} to match the weight's kernel "
                f"dims {format_shape(weight.shape[2:])}"
            )
        self._verify_result(self.result_type_of(plan))

    def result_type_of(self, plan: ConvWeightsPlan) -> TensorType[Attribute]:
        return tensor_type(
            plan.logical_shape,
            plan.weights_dtype,
            Layout.TILE,
            physical=plan.physical_shape,
        )


@irdl_op_definition
class PrepareConvBiasOp(ConvPrepareOp):
    """`ttnn.prepare_conv_bias`: turns a [1, 1, 1, Cout] host bias into the device layout a
    TT-NN conv2d with these parameters reads (semantics.md §3.4): zero-padded to
    [1, 1, 32, round_up(Cout_pad, 32·weight_block_w)] with the values in row 0, TILE, in the
    prepared weight's dtype. Its logical shape stays [1, 1, 1, Cout]."""

    name = "ttnn.prepare_conv_bias"

    bias_tensor = operand_def(TensorType)

    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = _conv_parameter_syntax(weights=False)

    @property
    def source(self) -> SSAValue:
        return self.bias_tensor

    @property
    def has_bias_value(self) -> bool:
        return True

    def verify_(self) -> None:
        bias = self.tensor(self.bias_tensor, "bias_tensor")
        if not bias.on_host:
            raise self.error(
                "expected bias_tensor to be a host tensor (no encoding), got "
                f"{self.bias_tensor.type}"
            )
        if bias.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
            raise self.error(f"expected bias_tensor of dtype f32 or bf16, got {bias.dtype.value}")
        plan = self._verify_conv_parameters()
        out_channels = self.out_channels.value.data
        if bias.shape != (1, 1, 1, out_channels):
            raise self.error(
                f"expected bias_tensor of shape [1, 1, 1, {out_channels}] (out_channels), "
                f"got {format_shape(bias.shape)}"
            )
        self._verify_result(self.result_type_of(plan))

    def result_type_of(self, plan: ConvWeightsPlan) -> TensorType[Attribute]:
        return tensor_type(
            (1, 1, 1, self.out_channels.value.data),
            plan.weights_dtype,
            Layout.TILE,
            physical=plan.bias_physical_shape,
        )

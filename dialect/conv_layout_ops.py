"""The conv weight and bias layout ops (semantics.md §3.6): what `ttnn-decompose`
turns the prepare ops into. Each op states its shape rule once, through the geometry
functions of `conv_layout_geometry`; its verifier, its builder (used by the decomposition)
and its lowering all use that rule."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    I32,
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    TensorType,
    i32,
)
from xdsl.ir import Attribute, SSAValue
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

from ttnn_xdsl.conv import conv_layout_geometry as geometry
from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.shapes import TILE_SIZE, format_shape
from ttnn_xdsl.dialect.keyword_properties import (
    PropertyKind,
    PropertySyntax,
    i32_array_attribute,
    i32_attribute,
)
from ttnn_xdsl.dialect.operation import KeywordPropertyOp, TTNNOperation, int_list
from ttnn_xdsl.dialect.tensor_types import (
    TensorInfo,
    denote_same_tensor,
    tensor_info,
    tensor_type,
)
from ttnn_xdsl.dialect.types import data_type_of, element_type_for


def _i32_property(name: str, required: bool = True) -> PropertySyntax:
    return PropertySyntax(name, PropertyKind.I32, required)


_PADDING_PROPERTIES = (
    _i32_property("padded_in_channels", required=False),
    _i32_property("padded_out_channels", required=False),
)


def _i32(value: int | None, name: str) -> IntegerAttr | None:
    return None if value is None else i32_attribute(value, name)


def _verify_positive(op: TTNNOperation, name: str) -> int:
    value = cast(IntegerAttr, getattr(op, name)).value.data
    if value < 1:
        raise op.error(f"expected {name} to be positive, got {value}")
    return value


class ConvLayoutOp(KeywordPropertyOp, ABC):
    """Base of the conv weight/bias layout ops: one input tensor, one result, both types
    checked against the op's index map (semantics.md §3.6). Each result type fixes its dtype; the
    values are converted bit-exactly (bf16 rounding, bfloat8_b packing) as the last step."""

    input = operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    INPUT_RANK: ClassVar[int] = 4

    def __init__(
        self,
        input: SSAValue,
        properties: Mapping[str, Attribute | None],
        dtype: DataType | None = None,
    ):
        """Build the op on `input` with `properties`; its result type is the one its shape
        rule gives, in `dtype` (default: the input's)."""
        super().__init__(operands=[input], result_types=[input.type], properties=properties)
        source = tensor_info(input.type)
        Rewriter.replace_value_with_new_type(
            self.result, self.expected_result(source, dtype or source.dtype)
        )

    @abstractmethod
    def expected_result(self, source: TensorInfo, dtype: DataType) -> TensorType[Attribute]:
        """The result type this op's parameters give for an input of type `source` and a
        result of data type `dtype` (the written result's, in the verifier)."""

    def verify_(self) -> None:
        source = self.tensor(self.input, "input")
        if source.layout != Layout.ROW_MAJOR:
            raise self.error(f"expected a row-major input, got {self.input.type}")
        if len(source.shape) != self.INPUT_RANK:
            raise self.error(
                f"expected an input of rank {self.INPUT_RANK}, got {format_shape(source.shape)}"
            )
        if source.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
            raise self.error(f"expected an f32 or bf16 input, got {source.dtype.value}")
        # The parameters first: their messages say more than a mismatching result type.
        expected = self.expected_result(source, self.result_dtype())
        self.verify_result_form(self.tensor(self.result, "result"))
        if not denote_same_tensor(self.result.type, expected):
            raise self.error(f"expected result type {expected}, got {self.result.type}")

    def verify_result_form(self, result: TensorInfo) -> None:
        """Checks of the written result type beyond its equality with the expected one
        (for a clearer message)."""

    def result_dtype(self) -> DataType:
        """The dtype the written result type asks for."""
        element = cast(TensorType[Attribute], self.result.type).element_type
        dtype = data_type_of(element)
        if dtype is None:
            raise self.error(
                f"result: expected element type f32, bf16 or !ttnn.bfp8_b, got {element}"
            )
        return dtype


class ConvWeightsMatrixLayoutOp(ConvLayoutOp, ABC):
    """Base of the layout ops that turn an OIHW weight into a TILE matrix [1, 1, rows, cols]
    (logical [1, 1, I·KH·KW, O]). `padded_in_channels` / `padded_out_channels` (defaults:
    the weight's I and O) give the channel counts the weight is zero-padded to first
    (semantics.md §3.3 step 8)."""

    @abstractmethod
    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        """(rows, cols) of the layout for an already channel-padded OIHW weight."""

    def padded_channels(self, weight_shape: Sequence[int]) -> tuple[int, int]:
        """(padded out channels, padded in channels) for an OIHW weight of `weight_shape`;
        the weight's own when not padded."""
        return weight_shape[0], weight_shape[1]

    def expected_result(self, source: TensorInfo, dtype: DataType) -> TensorType[Attribute]:
        out_channels, in_channels, kernel_height, kernel_width = source.shape
        padded_out, padded_in = self.padded_channels(source.shape)
        rows, cols = self.physical_matrix_shape(padded_out, padded_in, kernel_height, kernel_width)
        return tensor_type(
            (1, 1, in_channels * kernel_height * kernel_width, out_channels),
            dtype,
            Layout.TILE,
            physical=(1, 1, rows, cols),
        )

    def verify_result_form(self, result: TensorInfo) -> None:
        if result.layout != Layout.TILE:
            raise self.error(f"expected a tile-layout result, got {self.result.type}")


class ConvWeightsPaddedMatrixLayoutOp(ConvWeightsMatrixLayoutOp, ABC):
    """A tiled weight layout that zero-pads the channels first."""

    padded_in_channels = opt_prop_def(IntegerAttr[I32])
    padded_out_channels = opt_prop_def(IntegerAttr[I32])

    def padded_channels(self, weight_shape: Sequence[int]) -> tuple[int, int]:
        out_channels, in_channels = weight_shape[0], weight_shape[1]
        padded_out = (
            out_channels
            if self.padded_out_channels is None
            else self.padded_out_channels.value.data
        )
        padded_in = (
            in_channels if self.padded_in_channels is None else self.padded_in_channels.value.data
        )
        if padded_out < out_channels:
            raise self.error(
                f"expected padded_out_channels {padded_out} to be at least the weight's "
                f"{out_channels} output channels"
            )
        if padded_in < in_channels:
            raise self.error(
                f"expected padded_in_channels {padded_in} to be at least the weight's "
                f"{in_channels} input channels"
            )
        return padded_out, padded_in


@irdl_op_definition
class ConvWeightsInterleavedMMLayoutOp(ConvWeightsMatrixLayoutOp):
    """The weight of a conv run as a plain matmul on an interleaved input (semantics.md §3.6.1):
    rows = round_up(KH·KW·I, 32), cols = round_up(O, 32),
    `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`.

        %m = ttnn.conv_weights_interleaved_mm_layout %w
             : tensor<64x64x1x1xf32>
             -> tensor<1x1x64x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x64x64>>
    """

    name = "ttnn.conv_weights_interleaved_mm_layout"

    def __init__(self, input: SSAValue, *, dtype: DataType | None = None):
        super().__init__(input, {}, dtype)

    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        return geometry.interleaved_mm_shape(out_channels, in_channels, kernel_height, kernel_width)


@irdl_op_definition
class ConvWeightsSpecialPaddingLayoutOp(ConvWeightsPaddedMatrixLayoutOp):
    """The weight of a HEIGHT-sharded conv (semantics.md §3.6.2), after zero-padding the channels:
    BH = block_h·32, cols = round_up(O, block_w·32). Without activation reuse each kernel
    row gets its own BH rows, rows = BH·KH, `M[r·BH + s·I + i, o] = W[o, i, r, s]`; with
    reuse, rows = BH, `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`."""

    name = "ttnn.conv_weights_special_padding_layout"
    block_h = prop_def(IntegerAttr[I32])
    block_w = prop_def(IntegerAttr[I32])
    enable_activation_reuse = opt_prop_def(BoolAttr)
    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = (
        _i32_property("block_h"),
        _i32_property("block_w"),
        PropertySyntax("enable_activation_reuse", PropertyKind.BOOL, required=False),
        *_PADDING_PROPERTIES,
    )

    def __init__(
        self,
        input: SSAValue,
        *,
        block_h: int,
        block_w: int,
        enable_activation_reuse: bool = False,
        padded_in_channels: int | None = None,
        padded_out_channels: int | None = None,
        dtype: DataType | None = None,
    ):
        super().__init__(
            input,
            {
                "block_h": _i32(block_h, "block_h"),
                "block_w": _i32(block_w, "block_w"),
                "enable_activation_reuse": IntegerAttr.from_bool(enable_activation_reuse),
                "padded_in_channels": _i32(padded_in_channels, "padded_in_channels"),
                "padded_out_channels": _i32(padded_out_channels, "padded_out_channels"),
            },
            dtype,
        )

    @property
    def activation_reuse(self) -> bool:
        return self.enable_activation_reuse is not None and bool(
            self.enable_activation_reuse.value.data
        )

    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        block_h, block_w = _verify_positive(self, "block_h"), _verify_positive(self, "block_w")
        block_rows = block_h * TILE_SIZE
        needed = in_channels * kernel_width * (kernel_height if self.activation_reuse else 1)
        if needed > block_rows:
            what = "I·KH·KW" if self.activation_reuse else "I·KW"
            raise self.error(
                f"expected block_h·32 = {block_rows} rows to hold {what} = {needed} "
                f"(I = {in_channels} after padding)"
            )
        return geometry.special_padding_shape(
            out_channels,
            in_channels,
            kernel_height,
            kernel_width,
            block_h,
            block_w,
            self.activation_reuse,
        )


@irdl_op_definition
class ConvWeightsTiledLayoutOp(ConvWeightsPaddedMatrixLayoutOp):
    """The weight of a WIDTH-sharded conv (semantics.md §3.6.3), after zero-padding the channels:
    rows = round_up(I·KH·KW, block_h·32), cols = round_up(O, block_w·32),
    `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`."""

    name = "ttnn.conv_weights_tiled_layout"
    block_h = prop_def(IntegerAttr[I32])
    block_w = prop_def(IntegerAttr[I32])
    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = (
        _i32_property("block_h"),
        _i32_property("block_w"),
        *_PADDING_PROPERTIES,
    )

    def __init__(
        self,
        input: SSAValue,
        *,
        block_h: int,
        block_w: int,
        padded_in_channels: int | None = None,
        padded_out_channels: int | None = None,
        dtype: DataType | None = None,
    ):
        super().__init__(
            input,
            {
                "block_h": _i32(block_h, "block_h"),
                "block_w": _i32(block_w, "block_w"),
                "padded_in_channels": _i32(padded_in_channels, "padded_in_channels"),
                "padded_out_channels": _i32(padded_out_channels, "padded_out_channels"),
            },
            dtype,
        )

    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        return geometry.tiled_shape(
            out_channels,
            in_channels,
            kernel_height,
            kernel_width,
            _verify_positive(self, "block_h"),
            _verify_positive(self, "block_w"),
        )


@irdl_op_definition
class ConvWeightsBlockShardedLayoutOp(ConvWeightsPaddedMatrixLayoutOp):
    """The weight of a BLOCK-sharded conv (semantics.md §3.6.4), after zero-padding the channels:
    the I input channels are split over `in_shards` row blocks and the O output channels
    over `out_shards` column blocks, each padded to whole tiles;
    `M[ic·BHP + rowoff, oc·owp + k] = W[oc·ow + k, ic·iw + c, r, s]` with ow = O/out_shards,
    owp = round_up(ow, 32), iw = I/in_shards, and BHP / rowoff as semantics.md §3.6.4 gives for
    `full_inner_dim`. Shards must divide the (padded) channel counts."""

    name = "ttnn.conv_weights_block_sharded_layout"
    in_shards = prop_def(IntegerAttr[I32])
    out_shards = prop_def(IntegerAttr[I32])
    full_inner_dim = opt_prop_def(BoolAttr)
    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = (
        _i32_property("in_shards"),
        _i32_property("out_shards"),
        PropertySyntax("full_inner_dim", PropertyKind.BOOL, required=False),
        *_PADDING_PROPERTIES,
    )

    def __init__(
        self,
        input: SSAValue,
        *,
        in_shards: int,
        out_shards: int,
        full_inner_dim: bool = False,
        padded_in_channels: int | None = None,
        padded_out_channels: int | None = None,
        dtype: DataType | None = None,
    ):
        super().__init__(
            input,
            {
                "in_shards": _i32(in_shards, "in_shards"),
                "out_shards": _i32(out_shards, "out_shards"),
                "full_inner_dim": IntegerAttr.from_bool(full_inner_dim),
                "padded_in_channels": _i32(padded_in_channels, "padded_in_channels"),
                "padded_out_channels": _i32(padded_out_channels, "padded_out_channels"),
            },
            dtype,
        )

    @property
    def full_inner(self) -> bool:
        return self.full_inner_dim is not None and bool(self.full_inner_dim.value.data)

    def physical_matrix_shape(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> tuple[int, int]:
        in_shards = _verify_positive(self, "in_shards")
        out_shards = _verify_positive(self, "out_shards")
        if in_channels % in_shards:
            raise self.error(
                f"expected in_shards {in_shards} to divide the {in_channels} input channels"
            )
        if out_channels % out_shards:
            raise self.error(
                f"expected out_shards {out_shards} to divide the {out_channels} output channels"
            )
        return geometry.block_sharded_shape(
            out_channels,
            in_channels,
            kernel_height,
            kernel_width,
            in_shards,
            out_shards,
            self.full_inner,
        )


class ConvWeightsReshapeOp(ConvLayoutOp, ABC):
    """Base of the layout ops that turn an OIHW host weight into another OIHW host weight
    of the same dtype (grouping, depthwise, kernel-stride folding)."""

    @abstractmethod
    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]: ...

    def expected_result(self, source: TensorInfo, dtype: DataType) -> TensorType[Attribute]:
        # A reshaping step keeps the input's dtype whatever the result asks for.
        return cast(
            TensorType[Attribute],
            TensorType(
                element_type_for(source.dtype),
                self.result_shape(source.shape),
                cast(TensorType[Attribute], self.input.type).encoding,
            ),
        )


@irdl_op_definition
class ConvWeightsGroupedLayoutOp(ConvWeightsReshapeOp):
    """Expands a grouped weight [O, I/g, KH, KW] into the block-diagonal dense weight
    [O, I, KH, KW] (semantics.md §3.6.5): output channel b of group gid = b // (O/g) reads input
    channels gid·(I/g) ... (gid+1)·(I/g) − 1, `out[b, gid·(I/g) + j] = in[b, j]`, the rest
    zero. `groups` must divide O."""

    name = "ttnn.conv_weights_grouped_layout"
    groups = prop_def(IntegerAttr[I32])
    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = (_i32_property("groups"),)

    def __init__(self, input: SSAValue, *, groups: int):
        super().__init__(input, {"groups": _i32(groups, "groups")})

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        groups = _verify_positive(self, "groups")
        if shape[0] % groups:
            raise self.error(f"expected groups {groups} to divide the {shape[0]} output channels")
        return geometry.grouped_shape(shape, groups)


@irdl_op_definition
class ConvWeightsDepthwiseLayoutOp(ConvWeightsReshapeOp):
    """The weight of a 1D depthwise conv (semantics.md §3.6.6): [O, 1, KH, KW] →
    [O, KH·KW·A, 1, 1] with A = act_block_h_ntiles·32, each kernel tap (row-major over kh,
    kw) repeated A times: `out[o, p·A + j, 0, 0] = in[o, 0, p // KW, p % KW]`."""

    name = "ttnn.conv_weights_depthwise_layout"
    act_block_h_ntiles = prop_def(IntegerAttr[I32])
    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = (_i32_property("act_block_h_ntiles"),)

    def __init__(self, input: SSAValue, *, act_block_h_ntiles: int):
        ntiles = _i32(act_block_h_ntiles, "act_block_h_ntiles")
        super().__init__(input, {"act_block_h_ntiles": ntiles})

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        ntiles = _verify_positive(self, "act_block_h_ntiles")
        if shape[1] != 1:
            raise self.error(
                f"expected a depthwise weight [O, 1, KH, KW], got {format_shape(shape)}"
            )
        return geometry.depthwise_1d_shape(shape, ntiles)


@irdl_op_definition
class ConvWeightsFoldKernelStrideOp(ConvWeightsReshapeOp):
    """Folds the stride into the channels (semantics.md §3.6.7): [O, I, KH, KW] →
    [O, I·sH·sW, ceil(KH/sH), ceil(KW/sW)],
    `out[o, ((kh % sH)·sW + kw % sW)·I + i, kh // sH, kw // sW] = in[o, i, kh, kw]`."""

    name = "ttnn.conv_weights_fold_kernel_stride"
    stride = prop_def(DenseArrayBase.constr(i32))
    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = (
        PropertySyntax("stride", PropertyKind.I32_ARRAY),
    )

    def __init__(self, input: SSAValue, *, stride: Sequence[int]):
        super().__init__(input, {"stride": i32_array_attribute(stride, "stride")})

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        stride = int_list(self.stride)
        if len(stride) != 2 or min(stride) < 1:
            raise self.error(
                f"expected stride to have 2 positive values, got {format_shape(stride)}"
            )
        return geometry.fold_kernel_stride_shape(shape, (stride[0], stride[1]))


@irdl_op_definition
class ConvBiasLayoutOp(ConvLayoutOp):
    """The bias of a conv (semantics.md §3.4): [1, 1, 1, O] → a TILE tensor, logical [1, 1, 1, O],
    physical [1, 1, 32, width] with the values in row 0 and zeros elsewhere. `width` is a
    multiple of 32 and at least O."""

    name = "ttnn.conv_bias_layout"
    width = prop_def(IntegerAttr[I32])
    PROPERTY_SYNTAX: ClassVar[tuple[PropertySyntax, ...]] = (_i32_property("width"),)

    def __init__(self, input: SSAValue, *, width: int, dtype: DataType | None = None):
        super().__init__(input, {"width": _i32(width, "width")}, dtype)

    def expected_result(self, source: TensorInfo, dtype: DataType) -> TensorType[Attribute]:
        width = _verify_positive(self, "width")
        out_channels = source.shape[3]
        if source.shape[:3] != (1, 1, 1):
            raise self.error(
                f"expected a bias of shape [1, 1, 1, O], got {format_shape(source.shape)}"
            )
        if width % TILE_SIZE or width < out_channels:
            raise self.error(
                f"expected width {width} to be a multiple of 32 of at least {out_channels}"
            )
        return tensor_type(source.shape, dtype, Layout.TILE, physical=(1, 1, TILE_SIZE, width))

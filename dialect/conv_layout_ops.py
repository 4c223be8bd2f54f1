"""The conv weight and bias layout ops (semantics.md §3.6): what `ttnn-decompose` turns the
prepare ops into. Each op declares its properties once (`PROPERTIES`) and states its layout
through one geometry function of `conv.conv_layout_geometry` (its shape, index map and
limits); its verifier, its builder and its lowering all use that function."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import ClassVar, TypeVar, cast

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def
from xdsl.rewriter import Rewriter
from xdsl.traits import Pure

from ttnn_xdsl.conv import conv_layout_geometry as geometry
from ttnn_xdsl.conv.conv_layout_geometry import WeightMatrixMap
from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, format_shape
from ttnn_xdsl.dialect.keyword_properties import BOOLEAN, INT32, INT32_ARRAY, OpProperty
from ttnn_xdsl.dialect.operation import KeywordPropertyOp
from ttnn_xdsl.dialect.tensor_types import (
    TensorInfo,
    denote_same_tensor,
    tensor_info,
    tensor_type,
)
from ttnn_xdsl.dialect.types import data_type_of, element_type_for

_T = TypeVar("_T")

_PADDING_PROPERTIES = (
    OpProperty("padded_in_channels", INT32, required=False, default=None),
    OpProperty("padded_out_channels", INT32, required=False, default=None),
)


class ConvLayoutOp(KeywordPropertyOp, ABC):
    """Base of the conv weight/bias layout ops: one input tensor, one result, both types
    checked against the op's layout (semantics.md §3.6). Each result type fixes its dtype; the
    values are converted bit-exactly (bf16 rounding, bfloat8_b packing) as the last step."""

    input = operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    INPUT_RANK: ClassVar[int] = 4

    def __init__(
        self,
        input: SSAValue,
        *,
        dtype: DataType | None = None,
        result_type: Attribute | None = None,
        **properties: object,
    ):
        """Build the op on `input` from its properties' Python values (`PROPERTIES` gives
        their names and defaults). Its result type is `result_type` when given, else the one
        its layout gives, in `dtype` (default: the input's)."""
        super().__init__(
            operands=[input],
            result_types=[result_type or input.type],
            properties=self.declared_properties(properties),
        )
        if result_type is None:
            source = tensor_info(input.type)
            expected = self.layout_error_as_op(
                lambda: self.expected_result(source, dtype or source.dtype)
            )
            Rewriter.replace_value_with_new_type(self.result, expected)

    def layout_error_as_op(self, compute: Callable[[], _T]) -> _T:
        """`compute()`, a layout rule's ConvConfigError as this op's error."""
        try:
            return compute()
        except ConvConfigError as error:
            raise self.error(error.message) from None

    @abstractmethod
    def expected_result(self, source: TensorInfo, dtype: DataType) -> TensorType[Attribute]:
        """The result type this op's parameters give for an input of type `source` and a
        result of data type `dtype` (the written result's, in the verifier). Raises
        ConvConfigError for parameters its layout does not accept."""

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
        expected = self.layout_error_as_op(
            lambda: self.expected_result(source, self.result_dtype())
        )
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
    (semantics.md §3.3 step 8). Where each element goes is the op's `matrix_map`."""

    @abstractmethod
    def layout_map(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> WeightMatrixMap:
        """The layout's geometry for an already channel-padded OIHW weight."""

    def padded_channels(self, weight_shape: Sequence[int]) -> tuple[int, int]:
        """(padded out channels, padded in channels) for an OIHW weight of `weight_shape`;
        the weight's own when not padded."""
        out_channels, in_channels = weight_shape[0], weight_shape[1]
        names = {prop.name for prop in self.PROPERTIES}
        if "padded_out_channels" not in names:
            return out_channels, in_channels
        padded_out = self.value_of("padded_out_channels") or out_channels
        padded_in = self.value_of("padded_in_channels") or in_channels
        if padded_out < out_channels:
            raise ConvConfigError(
                f"expected padded_out_channels {padded_out} to be at least the weight's "
                f"{out_channels} output channels"
            )
        if padded_in < in_channels:
            raise ConvConfigError(
                f"expected padded_in_channels {padded_in} to be at least the weight's "
                f"{in_channels} input channels"
            )
        return padded_out, padded_in

    def matrix_map(self, weight_shape: Sequence[int]) -> WeightMatrixMap:
        """Where each element of the (channel-padded) weight of `weight_shape` goes."""
        padded_out, padded_in = self.padded_channels(weight_shape)
        return self.layout_map(padded_out, padded_in, weight_shape[2], weight_shape[3])

    def expected_result(self, source: TensorInfo, dtype: DataType) -> TensorType[Attribute]:
        out_channels, in_channels, kernel_height, kernel_width = source.shape
        matrix = self.matrix_map(source.shape)
        return tensor_type(
            (1, 1, in_channels * kernel_height * kernel_width, out_channels),
            dtype,
            Layout.TILE,
            physical=(1, 1, matrix.rows, matrix.cols),
        )

    def verify_result_form(self, result: TensorInfo) -> None:
        if result.layout != Layout.TILE:
            raise self.error(f"expected a tile-layout result, got {self.result.type}")


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

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = ()

    def layout_map(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> WeightMatrixMap:
        return geometry.interleaved_mm_map(out_channels, in_channels, kernel_height, kernel_width)


@irdl_op_definition
class ConvWeightsSpecialPaddingLayoutOp(ConvWeightsMatrixLayoutOp):
    """The weight of a HEIGHT-sharded conv (semantics.md §3.6.2), after zero-padding the channels:
    BH = block_h·32, cols = round_up(O, block_w·32). Without activation reuse each kernel
    row gets its own BH rows, rows = BH·KH, `M[r·BH + s·I + i, o] = W[o, i, r, s]`; with
    reuse, rows = BH, `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`."""

    name = "ttnn.conv_weights_special_padding_layout"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = (
        OpProperty("block_h", INT32),
        OpProperty("block_w", INT32),
        OpProperty("enable_activation_reuse", BOOLEAN, required=False, default=False),
        *_PADDING_PROPERTIES,
    )

    def layout_map(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> WeightMatrixMap:
        return geometry.special_padding_map(
            out_channels,
            in_channels,
            kernel_height,
            kernel_width,
            self.value_of("block_h"),
            self.value_of("block_w"),
            self.value_of("enable_activation_reuse"),
        )


@irdl_op_definition
class ConvWeightsTiledLayoutOp(ConvWeightsMatrixLayoutOp):
    """The weight of a WIDTH-sharded conv (semantics.md §3.6.3), after zero-padding the channels:
    rows = round_up(I·KH·KW, block_h·32), cols = round_up(O, block_w·32),
    `M[(r·KW + s)·I + i, o] = W[o, i, r, s]`."""

    name = "ttnn.conv_weights_tiled_layout"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = (
        OpProperty("block_h", INT32),
        OpProperty("block_w", INT32),
        *_PADDING_PROPERTIES,
    )

    def layout_map(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> WeightMatrixMap:
        return geometry.tiled_map(
            out_channels,
            in_channels,
            kernel_height,
            kernel_width,
            self.value_of("block_h"),
            self.value_of("block_w"),
        )


@irdl_op_definition
class ConvWeightsBlockShardedLayoutOp(ConvWeightsMatrixLayoutOp):
    """The weight of a BLOCK-sharded conv (semantics.md §3.6.4), after zero-padding the channels:
    the I input channels are split over `in_shards` row blocks and the O output channels
    over `out_shards` column blocks, each padded to whole tiles;
    `M[ic·BHP + rowoff, oc·owp + k] = W[oc·ow + k, ic·iw + c, r, s]` with ow = O/out_shards,
    owp = round_up(ow, 32), iw = I/in_shards, and BHP / rowoff as semantics.md §3.6.4 gives for
    `full_inner_dim`. Shards must divide the (padded) channel counts."""

    name = "ttnn.conv_weights_block_sharded_layout"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = (
        OpProperty("in_shards", INT32),
        OpProperty("out_shards", INT32),
        OpProperty("full_inner_dim", BOOLEAN, required=False, default=False),
        *_PADDING_PROPERTIES,
    )

    def layout_map(
        self, out_channels: int, in_channels: int, kernel_height: int, kernel_width: int
    ) -> WeightMatrixMap:
        return geometry.block_sharded_map(
            out_channels,
            in_channels,
            kernel_height,
            kernel_width,
            self.value_of("in_shards"),
            self.value_of("out_shards"),
            self.value_of("full_inner_dim"),
        )


class ConvWeightsReshapeOp(ConvLayoutOp, ABC):
    """Base of the layout ops that turn an OIHW host weight into another OIHW host weight
    of the same dtype (grouping, depthwise, kernel-stride folding)."""

    @abstractmethod
    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        """The result's shape for an input of `shape` (its geometry function)."""

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

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = (OpProperty("groups", INT32),)

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        return geometry.grouped_shape(shape, self.value_of("groups"))


@irdl_op_definition
class ConvWeightsDepthwiseLayoutOp(ConvWeightsReshapeOp):
    """The weight of a 1D depthwise conv (semantics.md §3.6.6): [O, 1, KH, KW] →
    [O, KH·KW·A, 1, 1] with A = act_block_h_ntiles·32, each kernel tap (row-major over kh,
    kw) repeated A times: `out[o, p·A + j, 0, 0] = in[o, 0, p // KW, p % KW]`."""

    name = "ttnn.conv_weights_depthwise_layout"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = (OpProperty("act_block_h_ntiles", INT32),)

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        return geometry.depthwise_1d_shape(shape, self.value_of("act_block_h_ntiles"))


@irdl_op_definition
class ConvWeightsFoldKernelStrideOp(ConvWeightsReshapeOp):
    """Folds the stride into the channels (semantics.md §3.6.7): [O, I, KH, KW] →
    [O, I·sH·sW, ceil(KH/sH), ceil(KW/sW)],
    `out[o, ((kh % sH)·sW + kw % sW)·I + i, kh // sH, kw // sW] = in[o, i, kh, kw]`."""

    name = "ttnn.conv_weights_fold_kernel_stride"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = (OpProperty("stride", INT32_ARRAY),)

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        return geometry.fold_kernel_stride_shape(shape, self.value_of("stride"))


@irdl_op_definition
class ConvWeightsIOHWToOIHWOp(ConvWeightsReshapeOp):
    """A conv_transpose2d's IOHW weight [I, O/g, KH, KW] as the dense OIHW weight
    [O, I, KH, KW] of its equivalent conv2d (semantics.md §7.3): input channel i belongs to
    group q = i // (I/g), whose O/g output channels it feeds,
    `out[q·(O/g) + c, i, r, s] = in[i, c, r, s]`, the rest zero (block-diagonal for g > 1).
    `groups` must divide I."""

    name = "ttnn.conv_weights_iohw_to_oihw"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = (OpProperty("groups", INT32, default=1),)

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        return geometry.iohw_to_oihw_shape(shape, self.value_of("groups"))


@irdl_op_definition
class ConvWeightsMirrorKernelOp(ConvWeightsReshapeOp):
    """Flips both kernel axes of an OIHW weight, as a conv_transpose2d's weight is mirrored for
    its equivalent conv2d (semantics.md §7.3): `out[o, i, r, s] = in[o, i, KH − 1 − r,
    KW − 1 − s]`, the shape unchanged."""

    name = "ttnn.conv_weights_mirror_kernel"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = ()

    def result_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        return geometry.mirror_kernel_shape(shape)


@irdl_op_definition
class ConvBiasLayoutOp(ConvLayoutOp):
    """The bias of a conv (semantics.md §3.4): [1, 1, 1, O] → a TILE tensor, logical [1, 1, 1, O],
    physical [1, 1, 32, width] with the values in row 0 and zeros elsewhere. `width` is a
    multiple of 32 and at least O."""

    name = "ttnn.conv_bias_layout"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = (OpProperty("width", INT32),)

    def expected_result(self, source: TensorInfo, dtype: DataType) -> TensorType[Attribute]:
        width = self.value_of("width")
        if width < 1:
            raise ConvConfigError(f"expected width to be positive, got {width}")
        out_channels = source.shape[3]
        if source.shape[:3] != (1, 1, 1):
            raise ConvConfigError(
                f"expected a bias of shape [1, 1, 1, O], got {format_shape(source.shape)}"
            )
        if width % TILE_SIZE or width < out_channels:
            raise ConvConfigError(
                f"expected width {width} to be a multiple of 32 of at least {out_channels}"
            )
        return tensor_type(source.shape, dtype, Layout.TILE, physical=(1, 1, TILE_SIZE, width))

"""`ttnn.conv2d_consume`: a conv computed from a PREPARED weight the way TT-NN 0.81.1's conv2d
kernels read it (docs/semantics.md §9), with the resolved blocking written out as plain
integer properties, so that a reader of the IR sees the blocking and the lowering
(`passes/lower_conv2d.py`) needs no resolution.

    %out = "ttnn.conv2d_consume"(%activation, %weight, %bias) <{path = "height_sharded",
      batch = 1 : i64, ...}> : (tensor<1x8x8x16xf32>, tensor<1x1x160x32xbf16, ...>,
      tensor<1x1x32x32xbf16, ...>) -> tensor<1x1x64x32xbf16, #ttnn.tensor_layout<tile>>

(the generic form: it prints and parses every property as written)

`conv2d_consume_from_plan` fills the properties from the project's resolution, read through
`conv.conv_consumption.consumption_plan` (the one place the plan's fields are read)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import (
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure

from ttnn_xdsl.conv.conv_parameters import Conv2dParameters
from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.shapes import TILE_SIZE, round_up
from ttnn_xdsl.dialect.operation import TTNNOperation
from ttnn_xdsl.dialect.tensor_types import tensor_info, tensor_type
from ttnn_xdsl.dialect.tile import MATH_FIDELITIES

if TYPE_CHECKING:
    from ttnn_xdsl.conv.conv_consumption import ConsumptionPlan
    from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan

# conv_consumption (NumPy) is imported where it is used: compiling IR without this op must not
# load NumPy (tests/test_layering.py).

PATHS = ("matmul", "height_sharded", "block_sharded", "width_sharded", "depthwise_1d")
"""The values of `path`: `conv_consumption.ConsumptionPath`'s."""


INTEGER_PROPERTIES = (
    "batch",
    "input_height",
    "input_width",
    "input_channels",
    "activation_channels",
    "nhw_cores",
    "input_cores",
    "output_cores",
    "nhw_rows_per_core",
    "act_block_h_ntiles",
    "act_block_w_ntiles",
    "k_blocks",
    "out_width_ntiles",
    "out_channels",
)
"""The op's integer properties (i64), in the order it prints them."""

PAIR_PROPERTIES = ("kernel", "stride", "dilation")
BOOLEAN_PROPERTIES = ("full_inner_dim", "activation_reuse", "fp32_dest_acc_en", "packer_l1_acc")


@irdl_op_definition
class ConvConsumeOp(TTNNOperation):
    """The conv output `[1, 1, N·OH·OW, Cout]` computed from the activation (host NHWC
    `[N, H, W, Cin]`, or tt-mlir's flat `[1, 1, N·H·W, Cin]`, row-major f32/bf16), the
    prepared weight (a TILE tensor, its physical matrix) and the optional prepared bias (a
    TILE tensor whose row 0 holds the values) as TT-NN 0.81.1's conv2d kernels compute it.

    The properties are the resolved blocking: `path` (height_sharded, block_sharded,
    width_sharded, matmul, depthwise_1d); the window the kernels run (after kernel-stride
    folding: `batch`, `input_height`, `input_width`, `input_channels`, `kernel`, `stride`,
    `dilation`, `padding` as [top, bottom, left, right]); `fold_stride` ([] or [sH, sW]) and
    `original_padding` (applied before folding); the channels of the reader's sticks
    (`activation_channels`); the cores along N·H·W and the channel cores (`nhw_cores`,
    `input_cores`, `output_cores`), the rows of N·OH·OW one core holds (`nhw_rows_per_core`),
    `act_block_h_ntiles`, `act_block_w_ntiles`, the number of K blocks (`k_blocks`) and what
    orders them (`full_inner_dim`, `activation_reuse`), the output tiles per core
    (`out_width_ntiles`), `out_channels`, `fp32_dest_acc_en`, `packer_l1_acc`,
    `math_fidelity`. The output dtype and layout are the result type's."""

    name = "ttnn.conv2d_consume"

    activation = operand_def(TensorType)
    weight = operand_def(TensorType)
    bias = opt_operand_def(TensorType)
    result = result_def(TensorType)

    path = prop_def(StringAttr)
    math_fidelity = prop_def(StringAttr)
    padding = prop_def(DenseArrayBase)
    original_padding = prop_def(DenseArrayBase)
    fold_stride = prop_def(DenseArrayBase)
    kernel = prop_def(DenseArrayBase)
    stride = prop_def(DenseArrayBase)
    dilation = prop_def(DenseArrayBase)

    batch = prop_def(IntegerAttr)
    input_height = prop_def(IntegerAttr)
    input_width = prop_def(IntegerAttr)
    input_channels = prop_def(IntegerAttr)
    activation_channels = prop_def(IntegerAttr)
    nhw_cores = prop_def(IntegerAttr)
    input_cores = prop_def(IntegerAttr)
    output_cores = prop_def(IntegerAttr)
    nhw_rows_per_core = prop_def(IntegerAttr)
    act_block_h_ntiles = prop_def(IntegerAttr)
    act_block_w_ntiles = prop_def(IntegerAttr)
    k_blocks = prop_def(IntegerAttr)
    out_width_ntiles = prop_def(IntegerAttr)
    out_channels = prop_def(IntegerAttr)
    full_inner_dim = prop_def(IntegerAttr)
    activation_reuse = prop_def(IntegerAttr)
    fp32_dest_acc_en = prop_def(IntegerAttr)
    packer_l1_acc = prop_def(IntegerAttr)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    def __init__(
        self,
        activation: SSAValue,
        weight: SSAValue,
        bias: SSAValue | None,
        result_type: Attribute,
        properties: dict[str, Attribute],
    ):
        super().__init__(
            operands=[activation, weight, [] if bias is None else [bias]],
            result_types=[result_type],
            properties=properties,
        )

    def integer(self, name: str) -> int:
        """The value of an integer property."""
        value = self.properties.get(name)
        if not isinstance(value, IntegerAttr):
            raise self.error(f"expected an integer property '{name}'")
        return value.value.data

    def flag(self, name: str) -> bool:
        """The value of a boolean property."""
        value = self.properties.get(name)
        if not isinstance(value, IntegerAttr):
            raise self.error(f"expected a boolean property '{name}'")
        return bool(value.value.data)

    def pair(self, name: str) -> tuple[int, ...]:
        """The values of an i64 array property."""
        return tuple(int(v) for v in getattr(self, name).get_values())

    def consumption(self) -> ConsumptionPlan:
        """The blocking these properties state, as `conv_consumption` describes it (what its
        per-layout K-block functions take)."""
        from ttnn_xdsl.conv.conv_consumption import ConsumptionPath, ConsumptionPlan, ConvWindow

        fold = self.pair("fold_stride")
        kernel, stride, dilation = (self.pair(n) for n in PAIR_PROPERTIES)
        window = ConvWindow(
            batch=self.integer("batch"),
            height=self.integer("input_height"),
            width=self.integer("input_width"),
            channels=self.integer("input_channels"),
            kernel=(kernel[0], kernel[1]),
            stride=(stride[0], stride[1]),
            dilation=(dilation[0], dilation[1]),
            padding=self.pair("padding"),  # type: ignore[arg-type]
        )
        return ConsumptionPlan(
            path=ConsumptionPath(self.path.data),
            window=window,
            fold_stride=(fold[0], fold[1]) if fold else None,
            original_padding=self.pair("original_padding"),  # type: ignore[arg-type]
            activation_channels=self.integer("activation_channels"),
            input_cores=self.integer("input_cores"),
            output_cores=self.integer("output_cores"),
            nhw_cores=self.integer("nhw_cores"),
            act_block_h_ntiles=self.integer("act_block_h_ntiles"),
            act_block_w=self.integer("act_block_w_ntiles") * TILE_SIZE,
            out_width_ntiles=self.integer("out_width_ntiles"),
            full_inner_dim=self.flag("full_inner_dim"),
            activation_reuse=self.flag("activation_reuse"),
        )

    def verify_(self) -> None:
        if self.path.data not in PATHS:
            raise self.error(f"path must be one of {', '.join(PATHS)}, got '{self.path.data}'")
        if self.math_fidelity.data not in MATH_FIDELITIES:
            raise self.error(
                f"math_fidelity must be one of {', '.join(MATH_FIDELITIES)}, got "
                f"'{self.math_fidelity.data}'"
            )
        for name in PAIR_PROPERTIES:
            if len(self.pair(name)) != 2 or min(self.pair(name)) < 1:
                raise self.error(
                    f"{name} must be two positive integers, got {list(self.pair(name))}"
                )
        if len(self.pair("padding")) != 4 or len(self.pair("original_padding")) != 4:
            raise self.error("padding and original_padding must be [top, bottom, left, right]")
        if len(self.pair("fold_stride")) not in (0, 2):
            raise self.error("fold_stride must be [] or [sH, sW]")
        activation = self.tensor(self.activation, "activation")
        weight = self.tensor(self.weight, "weight")
        result = self.tensor(self.result, "result")
        if activation.layout != Layout.ROW_MAJOR or len(activation.shape) != 4:
            raise self.error(
                f"expected a row-major activation of rank 4, got {self.activation.type}"
            )
        if weight.layout != Layout.TILE:
            raise self.error(f"expected a prepared weight in TILE layout, got {self.weight.type}")
        consumption = self.consumption()
        pixels = consumption.window.pixels
        expected = (1, 1, pixels, self.integer("out_channels"))
        if tuple(result.shape) != expected:
            raise self.error(
                f"expected a result of shape {list(expected)}, got {list(result.shape)}"
            )
        if self.bias is not None and self.tensor(self.bias, "bias").layout != Layout.TILE:
            raise self.error(f"expected a prepared bias in TILE layout, got {self.bias.type}")


def conv2d_consume_from_plan(
    activation: SSAValue,
    weight: SSAValue,
    bias: SSAValue | None,
    plan: ConvWeightsPlan,
    params: Conv2dParameters,
    *,
    output_dtype: DataType | None = None,
    math_fidelity: str = "HiFi4",
    fp32_dest_acc_en: bool | None = None,
    packer_l1_acc: bool | None = None,
    output_layout: Layout = Layout.TILE,
) -> ConvConsumeOp:
    """The consumption op of the conv `params` whose resolution is `plan`, reading the
    prepared `weight` (and `bias`), its result a `[1, 1, N·OH·OW, Cout]` TILE tensor of
    `output_dtype` (default: the activation's dtype, TT-NN's default) in `output_layout`
    (conv_config.output_layout: TILE, or ROW_MAJOR untilized). `fp32_dest_acc_en` and
    `packer_l1_acc` default to `params.compute_config`'s (conv2d's own compute config may
    differ from the one the weight was prepared with)."""
    from ttnn_xdsl.conv.conv_consumption import consumption_plan

    consumption = consumption_plan(plan)
    window = consumption.window
    compute = params.compute_config
    fold = consumption.fold_stride or ()
    pixels = window.pixels
    dtype = output_dtype or tensor_info(activation.type).dtype
    integers = {
        "batch": window.batch,
        "input_height": window.height,
        "input_width": window.width,
        "input_channels": window.channels,
        "activation_channels": consumption.activation_channels,
        "nhw_cores": consumption.nhw_cores,
        "input_cores": consumption.input_cores,
        "output_cores": consumption.output_cores,
        "nhw_rows_per_core": round_up(pixels, consumption.nhw_cores * TILE_SIZE)
        // consumption.nhw_cores,
        "act_block_h_ntiles": consumption.act_block_h_ntiles,
        "act_block_w_ntiles": consumption.act_block_w // TILE_SIZE,
        "k_blocks": k_block_count(consumption),
        "out_width_ntiles": consumption.out_width_ntiles,
        "out_channels": params.out_channels,
    }
    flags = {
        "full_inner_dim": consumption.full_inner_dim,
        "activation_reuse": consumption.activation_reuse,
        "fp32_dest_acc_en": (compute is not None and compute.fp32_dest_acc_en)
        if fp32_dest_acc_en is None
        else fp32_dest_acc_en,
        "packer_l1_acc": (compute is not None and compute.packer_l1_acc)
        if packer_l1_acc is None
        else packer_l1_acc,
    }
    arrays: dict[str, Sequence[int]] = {
        "kernel": window.kernel,
        "stride": window.stride,
        "dilation": window.dilation,
        "padding": window.padding,
        "original_padding": consumption.original_padding,
        "fold_stride": fold,
    }
    properties: dict[str, Attribute] = {
        "path": StringAttr(consumption.path.value),
        "math_fidelity": StringAttr(math_fidelity),
        **{name: IntegerAttr(value, i64) for name, value in integers.items()},
        **{name: BoolAttr.from_bool(value) for name, value in flags.items()},
        **{name: DenseArrayBase.from_list(i64, list(v)) for name, v in arrays.items()},
    }
    result_type = tensor_type((1, 1, pixels, params.out_channels), dtype, output_layout)
    return ConvConsumeOp(activation, weight, bias, result_type, properties)


def k_block_count(consumption: ConsumptionPlan) -> int:
    """The K blocks the compute kernel loops over (in0_num_blocks_w, research §2–§5)."""
    from ttnn_xdsl.conv import conv_consumption as model
    from ttnn_xdsl.conv.conv_consumption import ConsumptionPath

    kh = consumption.window.kernel[0]
    if consumption.path in (ConsumptionPath.MATMUL, ConsumptionPath.DEPTHWISE_1D):
        return 1
    if consumption.path is ConsumptionPath.HEIGHT:
        return 1 if consumption.activation_reuse else kh
    if consumption.path is ConsumptionPath.BLOCK:
        slices = consumption.input_cores
        return slices if consumption.full_inner_dim else kh * slices
    return model.width_blocks(consumption)

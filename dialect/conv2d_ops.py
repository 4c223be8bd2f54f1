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

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Self

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
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.rewriter import Rewriter
from xdsl.traits import Pure

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv2d_decisions import (
    Conv2dDecision,
    Conv2dOutputSpec,
    resolve_conv2d,
    resolve_conv_transpose2d,
)
from ttnn_xdsl.conv.conv_parameters import (
    Conv2dParameters,
    ConvParameters,
    normalize_parameters,
    validate_counts,
    validate_parameters,
)
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    normalize_transpose_parameters,
)
from ttnn_xdsl.core.enums import (
    Conv2dSliceType,
    DataType,
    Layout,
    MathFidelity,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError, ConvNotModelledError, TensorTypeError
from ttnn_xdsl.core.shapes import TILE_SIZE, format_shape, round_up
from ttnn_xdsl.dialect.attributes import (
    DRAM_INTERLEAVED,
    DeviceComputeKernelConfigAttr,
    MathFidelityAttr,
    MemoryConfigAttr,
    ShardSpecAttr,
)
from ttnn_xdsl.dialect.device import TargetDevice, module_device
from ttnn_xdsl.dialect.keyword_properties import (
    BOOLEAN,
    INT32_ARRAY,
    STRING,
    OpProperty,
    parse_keyword_properties,
    print_keyword_properties,
)
from ttnn_xdsl.dialect.operation import KeywordPropertyOp, TTNNOperation
from ttnn_xdsl.dialect.prepare_op_properties import (
    BATCH_SIZE,
    COMPUTE_CONFIG_PROPERTY,
    CONV2D_PROPERTIES,
    CONV_CONFIG,
    CONV_GEOMETRY,
    CONV_TRANSPOSE2D_PROPERTIES,
    DRAM_SLICE_CONFIG,
    GROUPS,
    IN_CHANNELS,
    INPUT_HEIGHT,
    INPUT_WIDTH,
    KERNEL_SIZE,
    MIRROR_KERNEL,
    OUT_CHANNELS,
    OUTPUT_DTYPE_OF_CONV2D,
    OUTPUT_PADDING,
    SLICE_CONFIG_PROPERTY,
)
from ttnn_xdsl.dialect.tensor_types import denote_same_tensor, tensor_info, tensor_type
from ttnn_xdsl.dialect.tile import MATH_FIDELITIES
from ttnn_xdsl.dialect.tt_mlir_attributes import CoreRangeAttr, CoreRangeSetAttr

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
"""The op's integer properties (i64), in the order it prints them: sizes and block or core
counts, each at least 1."""

ConvRecord = Conv2dParameters | ConvTranspose2dParameters
"""What a conv op's properties fill."""

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
    `math_fidelity`; optionally `fused_activation = "relu"`, the packer's ReLU on the final
    result (conv_config.activation). The output dtype and layout are the result type's."""

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
    fused_activation = opt_prop_def(StringAttr)

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

    def property_kinds(self) -> Mapping[str, tuple[Any, str]]:
        kinds: dict[str, tuple[Any, str]] = {
            name: (StringAttr, STRING.generic_spelling()) for name in ("path", "math_fidelity")
        }
        array = (DenseArrayBase, "an integer array (array<i64: N, …>)")
        kinds |= {name: array for name in (*PAIR_PROPERTIES, "padding", "original_padding")}
        kinds["fold_stride"] = array
        kinds |= {name: (IntegerAttr, "an integer (N : i64)") for name in INTEGER_PROPERTIES}
        kinds |= {name: (IntegerAttr, BOOLEAN.generic_spelling()) for name in BOOLEAN_PROPERTIES}
        return kinds

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
        if self.path.data == "matmul" and any(self.pair(n) != (1, 1) for n in PAIR_PROPERTIES):
            # TT-NN runs only a 1×1, stride-1, undilated conv (after folding) as a matmul.
            raise self.error(
                "the matmul path needs kernel, stride and dilation [1, 1], got "
                + ", ".join(f"{name} {list(self.pair(name))}" for name in PAIR_PROPERTIES)
            )
        if len(self.pair("padding")) != 4 or len(self.pair("original_padding")) != 4:
            raise self.error("padding and original_padding must be [top, bottom, left, right]")
        if (
            len(self.pair("fold_stride")) not in (0, 2)
            or min(self.pair("fold_stride"), default=1) < 1
        ):
            raise self.error(
                f"fold_stride must be [] or two positive integers [sH, sW], got "
                f"{list(self.pair('fold_stride'))}"
            )
        if min(self.pair("padding")) < 0 or min(self.pair("original_padding")) < 0:
            raise self.error("padding and original_padding must be non-negative")
        for name in INTEGER_PROPERTIES:
            # A zero block or core count would read no weight and answer wrong, not fail.
            if self.integer(name) < 1:
                raise self.error(f"{name} must be positive, got {self.integer(name)}")
        for name in BOOLEAN_PROPERTIES:
            if self.properties[name] not in (BoolAttr.from_bool(False), BoolAttr.from_bool(True)):
                raise self.error(f"{name} must be true or false, got {self.properties[name]}")
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
        self.verify_activation_shape(consumption, tuple(activation.shape))
        pixels = consumption.window.pixels
        expected = (1, 1, pixels, self.integer("out_channels"))
        if tuple(result.shape) != expected:
            raise self.error(
                f"expected a result of shape {list(expected)}, got {list(result.shape)}"
            )
        if self.bias is not None and self.tensor(self.bias, "bias").layout != Layout.TILE:
            raise self.error(f"expected a prepared bias in TILE layout, got {self.bias.type}")
        self.verify_derived_counts(consumption)
        self.verify_weight_reads(consumption)
        self.verify_fused_activation()

    def verify_fused_activation(self) -> None:
        """`fused_activation`, when given, is one the run applies, on a path that has it."""
        from ttnn_xdsl.conv.conv_consumption import MODELLED_ACTIVATIONS

        if self.fused_activation is None:
            return
        name = self.fused_activation.data
        if name not in MODELLED_ACTIVATIONS:
            raise self.error(
                f"fused_activation must be one of {', '.join(MODELLED_ACTIVATIONS)}, got '{name}'"
            )
        if self.path.data == "depthwise_1d":
            raise self.error(
                "the depthwise_1d path has no fused activation (TT-NN 0.81.1's depthwise "
                "conv1d kernel has no activation stage)"
            )

    def verify_activation_shape(self, consumption: ConsumptionPlan, shape: tuple[int, ...]) -> None:
        """The activation is the window's input before folding: `input_channels` of it
        (`input_channels / (sH·sW)` when folded), `batch` images of `input_height` ×
        `input_width` (folded: those times the fold stride, less `original_padding`), NHWC or
        flat — what the lowering reads it as (`lower_conv2d.nhwc_activation`)."""
        window = consumption.window
        fold = consumption.fold_stride or (1, 1)
        height, width = window.height, window.width
        if consumption.fold_stride is not None:
            top, bottom, left, right = consumption.original_padding
            height, width = height * fold[0] - top - bottom, width * fold[1] - left - right
        folded = f" folded by {list(fold)}" if consumption.fold_stride is not None else ""
        if window.channels % (fold[0] * fold[1]):
            raise self.error(
                f"input_channels {window.channels} of a conv{folded} must be a multiple of "
                f"{fold[0] * fold[1]} (the input's channels times sH·sW)"
            )
        channels = window.channels // (fold[0] * fold[1])
        if shape[3] != channels:
            raise self.error(
                f"input_channels {window.channels}{folded} needs an activation of {channels} "
                f"channels, got {shape[3]} ({format_shape(shape)})"
            )
        nhwc = (window.batch, height, width, channels)
        flat = (1, 1, window.batch * height * width, channels)
        if shape not in (nhwc, flat):
            raise self.error(
                f"batch {window.batch}, input_height {window.height}, input_width "
                f"{window.width}{folded} need an activation [N, H, W, C] {format_shape(nhwc)} "
                f"or [1, 1, N·H·W, C] {format_shape(flat)}, got {format_shape(shape)}"
            )
        if consumption.activation_channels < window.channels:
            # A narrower stick was an out-of-bounds subview at run time.
            raise self.error(
                f"activation_channels {consumption.activation_channels} must be at least "
                f"input_channels {window.channels} (the reader's sticks hold the input's "
                "channels, then padding)"
            )

    def verify_block_width(self, consumption: ConsumptionPlan) -> None:
        """On the height_sharded and block_sharded paths a K block's width follows from the
        sticks' channels and the kernel (`conv_op_config.resolve_weight_block_height`, the
        rule the weight was prepared by): an `act_block_w_ntiles` or `activation_channels`
        edited apart from the other reads the weight's rows at the wrong lanes (once: values
        silently wrong)."""
        from ttnn_xdsl.conv.conv_consumption import ConsumptionPath
        from ttnn_xdsl.conv.conv_op_config import resolve_weight_block_height

        layouts = {
            ConsumptionPath.HEIGHT: TensorMemoryLayout.HEIGHT_SHARDED,
            ConsumptionPath.BLOCK: TensorMemoryLayout.BLOCK_SHARDED,
        }
        layout = layouts.get(consumption.path)
        if layout is None:
            return
        kernel = consumption.window.kernel
        expected = resolve_weight_block_height(
            layout,
            consumption.activation_channels,
            kernel,
            consumption.input_cores,
            full_inner_dim=consumption.full_inner_dim,
            enable_activation_reuse=consumption.activation_reuse,
        )
        if consumption.act_block_w != expected:
            raise self.error(
                f"act_block_w_ntiles {consumption.act_block_w // TILE_SIZE} disagrees with "
                f"activation_channels {consumption.activation_channels}: the {self.path.data} "
                f"path's K block over kernel {kernel[0]}x{kernel[1]} and input_cores "
                f"{consumption.input_cores} is {expected // TILE_SIZE} tiles"
            )

    def verify_weight_reads(self, consumption: ConsumptionPlan) -> None:
        """The K blocks of the sharded paths read rows and columns inside the prepared
        weight (`conv_consumption.weight_reads_in_bounds`; a hand-edited `act_block_w_ntiles`
        read beyond it at run time); a WIDTH blocking the model does not cover is refused here,
        at the op (once only by the lowering, without a location)."""
        from ttnn_xdsl.conv.conv_consumption import (
            ConsumptionPath,
            kernel_reads,
            refuse_unmodelled_reads,
            weight_reads_in_bounds,
        )

        sharded = (ConsumptionPath.HEIGHT, ConsumptionPath.BLOCK, ConsumptionPath.WIDTH)
        if consumption.path not in sharded:
            return
        try:
            refuse_unmodelled_reads(consumption)
        except ConvNotModelledError as error:
            kernel = consumption.window.kernel
            raise self.error(
                f"width_sharded blocking not modelled (activation_channels "
                f"{consumption.activation_channels}, input_cores {consumption.input_cores}, "
                f"act_block_w_ntiles {self.integer('act_block_w_ntiles')}, kernel "
                f"{kernel[0]}x{kernel[1]}): {error.message}"
            ) from error
        rows, columns = self.tensor(self.weight, "weight").physical_shape[-2:]
        reads = kernel_reads(consumption, (rows, columns))
        beyond = weight_reads_in_bounds(reads, (rows, columns))
        if beyond is not None:
            raise self.error(
                f"{beyond}: the blocking (act_block_w_ntiles {self.integer('act_block_w_ntiles')}"
                f", out_width_ntiles {self.integer('out_width_ntiles')}, activation_channels "
                f"{consumption.activation_channels}) is not the one the weight was prepared for"
            )

    def verify_derived_counts(self, consumption: ConsumptionPlan) -> None:
        """`k_blocks` follows from the other properties (it is written out for the reader of
        the IR): a value that disagrees is refused rather than ignored. `nhw_cores` does not
        (TT-NN's core split also depends on the device grid and the conv's input, which the op
        does not carry: docs/ir.md), but the rows a core holds follow from it: the N·OH·OW
        rows split over `nhw_cores` in whole tiles, and the width_sharded path's cores all
        split the channels, one core along N·H·W."""
        k_blocks = k_block_count(consumption)
        if self.integer("k_blocks") != k_blocks:
            raise self.error(
                f"k_blocks must be {k_blocks} for this blocking ({self.path.data}), got "
                f"{self.integer('k_blocks')}"
            )
        self.verify_block_width(consumption)
        nhw_cores = consumption.nhw_cores
        if self.path.data == "width_sharded" and nhw_cores != 1:
            raise self.error(
                f"nhw_cores must be 1 on the width_sharded path (its cores split the channels), "
                f"got {nhw_cores}"
            )
        pixels = consumption.window.pixels
        rows = round_up(pixels, nhw_cores * TILE_SIZE) // nhw_cores
        if self.integer("nhw_rows_per_core") != rows:
            raise self.error(
                f"nhw_rows_per_core {self.integer('nhw_rows_per_core')} disagrees with "
                f"nhw_cores {nhw_cores}: {pixels} output rows (N·OH·OW) over {nhw_cores} cores "
                f"are round_up({pixels}, 32·{nhw_cores}) / {nhw_cores} = {rows} rows a core"
            )


@irdl_op_definition
class ZeroStuffOp(KeywordPropertyOp):
    """`ttnn.zero_stuff`: a conv_transpose2d's input as the input of its equivalent conv2d
    (semantics.md §7.2), the zero-stuffed, padded ("full") image. The input is row-major
    `[N, H, W, C]` or `[1, 1, N·H·W, C]` (`input_size` = [H, W] says which image it flattens);
    the result is row-major `[N, full_H, full_W, C]` on the host, the input's dtype:
    `out[n, offset[0] + h·stride[0], offset[1] + w·stride[1], c] = in[n, h, w, c]` where that
    falls inside the result, zeros elsewhere (an offset is negative, and pixels are cut off,
    when the padding is beyond the kernel's reach).

        %full = ttnn.zero_stuff %x stride = [2, 2] offset = [2, 2] input_size = [4, 4]
          : tensor<1x4x4x8xbf16> -> tensor<1x12x12x8xbf16>
    """

    name = "ttnn.zero_stuff"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = (
        OpProperty("stride", INT32_ARRAY),
        OpProperty("offset", INT32_ARRAY),
        OpProperty("input_size", INT32_ARRAY),
    )

    input = operand_def(TensorType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, result_type: Attribute, **properties: object):
        """The op on `input` with its properties' Python values and the result type."""
        super().__init__(
            operands=[input],
            result_types=[result_type],
            properties=self.declared_properties(properties),
        )

    def pair(self, name: str) -> tuple[int, int]:
        """The two values of an array property."""
        first, second = self.value_of(name)
        return first, second

    def kept_pixels(self, axis: int) -> tuple[int, int]:
        """Along image axis `axis` (0: height, 1: width): the first input pixel that falls
        inside the result and how many do."""
        size = self.pair("input_size")[axis]
        stride, offset = self.pair("stride")[axis], self.pair("offset")[axis]
        extent = self.tensor(self.result, "result").shape[1 + axis]
        places = [offset + i * stride for i in range(size)]
        kept = [i for i, place in enumerate(places) if 0 <= place < extent]
        return (kept[0], len(kept)) if kept else (0, 0)

    def verify_(self) -> None:
        for prop in self.PROPERTIES:
            if len(self.value_of(prop.name)) != 2:
                raise self.error(f"{prop.name} must be two integers")
        if min(self.pair("stride")) < 1 or min(self.pair("input_size")) < 1:
            raise self.error(
                f"stride and input_size must be positive, got {list(self.pair('stride'))} and "
                f"{list(self.pair('input_size'))}"
            )
        source = self.tensor(self.input, "input")
        result = self.tensor(self.result, "result")
        if source.layout != Layout.ROW_MAJOR or result.layout != Layout.ROW_MAJOR:
            raise self.error("expected a row-major input and result")
        if source.dtype != result.dtype or result.memory_config is not None:
            raise self.error(
                f"expected a host result of the input's dtype {source.dtype.value}, got "
                f"{self.result.type}"
            )
        height, width = self.pair("input_size")
        if len(result.shape) != 4 or len(source.shape) != 4:
            raise self.error("expected an input and a result of rank 4")
        batch, channels = result.shape[0], result.shape[3]
        shapes = ((batch, height, width, channels), (1, 1, batch * height * width, channels))
        if source.shape not in shapes:
            raise self.error(
                f"expected an input of shape {format_shape(shapes[0])} or "
                f"{format_shape(shapes[1])} (the result's batch and channels, input_size), got "
                f"{format_shape(source.shape)}"
            )


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
    conv_config: Conv2dConfig | None = None,
) -> ConvConsumeOp:
    """The consumption op of the conv `params` whose resolution is `plan`, reading the
    prepared `weight` (and `bias`), its result a `[1, 1, N·OH·OW, Cout]` TILE tensor of
    `output_dtype` (default: the activation's dtype, TT-NN's default) in `output_layout`
    (conv_config.output_layout: TILE, or ROW_MAJOR untilized). `fp32_dest_acc_en` and
    `packer_l1_acc` default to `params.compute_config`'s (conv2d's own compute config may
    differ from the one the weight was prepared with). `conv_config`: the conv's config, whose
    conv-only fields the run applies (its fused activation; `fused_activation`), None for a
    run of the weight alone (a weight check). Raises ConvNotModelledError for a conv the
    consumption model does not cover."""
    from ttnn_xdsl.conv.conv_consumption import (
        consumption_plan,
        fused_activation,
        refuse_unmodelled_reads,
    )

    consumption = consumption_plan(plan)
    refuse_unmodelled_reads(consumption)  # raised here, a pass names the conv it consumes
    fused = None if conv_config is None else fused_activation(conv_config, consumption)
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
    if fused is not None:
        properties["fused_activation"] = StringAttr(fused)
    result_type = tensor_type((1, 1, pixels, params.out_channels), dtype, output_layout)
    return ConvConsumeOp(activation, weight, bias, result_type, properties)


def math_fidelity_name(compute_config: Attribute | None) -> str:
    """The math fidelity a conv's compute config (`#ttnn.device_compute_kernel_config`) asks,
    as `conv2d_consume` names it; TT-NN's conv2d default HiFi4 without one."""
    if isinstance(compute_config, DeviceComputeKernelConfigAttr) and isinstance(
        compute_config.math_fidelity, MathFidelityAttr
    ):
        return _FIDELITY_NAMES[compute_config.math_fidelity.data]
    return "HiFi4"


_FIDELITY_NAMES = {
    MathFidelity.LOFI: "LoFi",
    MathFidelity.HIFI2: "HiFi2",
    MathFidelity.HIFI3: "HiFi3",
    MathFidelity.HIFI4: "HiFi4",
}


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


# ------------------------------------------------------------------------------------------
# ttnn.conv2d: TT-NN 0.81.1's conv2d, its decisions in the verifier
# ------------------------------------------------------------------------------------------


class ConvOp(KeywordPropertyOp, ABC):
    """Base of `ttnn.conv2d` and `ttnn.conv_transpose2d`: TT-NN's conv ops with their input
    activation, weight (host or prepared) and optional bias as operands, the conv parameters
    as keyword properties, and their result type verified against TT-NN's decisions."""

    WEIGHT_SHAPE_TEXT: ClassVar[str]
    """How the host weight's shape reads (its layout and dims)."""

    OPERANDS_SYNTAX: ClassVar[str] = "%input, %weight[, %bias]"
    TYPES_SYNTAX: ClassVar[str] = "(T, W[, B]) -> R"

    input = operand_def(TensorType)
    weight = operand_def(TensorType)
    bias = opt_operand_def(TensorType)
    result = result_def(TensorType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    def __init__(
        self,
        input: SSAValue,
        weight: SSAValue,
        bias: SSAValue | None = None,
        *,
        result_type: Attribute | None = None,
        grid: tuple[int, int] | None = None,
        device: TargetDevice | None = None,
        **properties: object,
    ):
        """Build the op from TT-NN's keyword parameters (`PROPERTIES` lists them with their
        defaults); without `result_type` the result type is inferred for `device` (or a
        device of `grid`, default the Wormhole 8×8). Put it in a module of that device
        (`build_module(..., grid=)`) for it to verify."""
        super().__init__(
            operands=[input, weight, [] if bias is None else [bias]],
            result_types=[result_type or input.type],
            properties=self.declared_properties(properties),
        )
        if result_type is None:
            if device is None and grid is not None:
                device = TargetDevice(grid)
            inferred = self.built_result_type(lambda: self.inferred_result_type(device))
            Rewriter.replace_value_with_new_type(self.result, inferred)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        properties = parse_keyword_properties(parser, cls.name, cls.PROPERTIES)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        position = parser.pos
        operand_types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        if len(operand_types) != len(operands) or len(operands) not in (2, 3):
            parser.raise_error(
                f"{cls.name} expected 2 or 3 operands (input, weight[, bias]) and as many "
                f"types, got {len(operands)} and {len(operand_types)}",
                position,
                parser.pos,
            )
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        values = [
            parser.resolve_operand(o, t) for o, t in zip(operands, operand_types, strict=True)
        ]
        return cls.build(
            operands=[values[0], values[1], values[2:]],
            result_types=[result_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        print_keyword_properties(printer, self.properties, self.PROPERTIES)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_list((o.type for o in self.operands), printer.print_attribute)
        printer.print_string(") -> ")
        printer.print_attribute(self.result.type)

    def weight_is_prepared(self) -> bool:
        """TT-NN's `is_device_tensor(weight)`: the weight is on the device (it has a memory
        config), consumed as given."""
        return not self.tensor(self.weight, "weight").on_host

    def bias_is_prepared(self) -> bool:
        return self.bias is not None and not self.tensor(self.bias, "bias").on_host

    @abstractmethod
    def conv_parameters(self, device: TargetDevice | None = None) -> ConvRecord:
        """The conv's parameters as the pure resolution reads them, on `device` (default:
        the enclosing module's)."""

    @abstractmethod
    def resolution(self, params: ConvRecord) -> Conv2dDecision:
        """TT-NN's decisions for these parameters (raises ConvConfigError)."""

    @abstractmethod
    def host_weight_shape(self) -> tuple[int, ...]:
        """The shape a host weight of these parameters has."""

    def validate(self, params: ConvRecord) -> None:
        """The parameters' own rules, checked before the operands' shapes."""

    def shared_fields(self, device: TargetDevice) -> dict[str, object]:
        """The fields every conv shares (`ConvParameters`): the properties, the input's type,
        the weight's dtype."""
        activation = self.tensor(self.input, "input")
        memory = activation.memory_config or DRAM_INTERLEAVED
        weight = self.tensor(self.weight, "weight")
        config = self.read(CONV_CONFIG) or Conv2dConfig()
        weight_dtype = weight.dtype
        if not weight.on_host:
            # A prepared weight: its dtype is the weights dtype unless conv_config says one
            # (then the two must agree: the prepared type is checked); the host weight it was
            # made from is not known, and its dtype no longer matters.
            if config.weights_dtype is None:
                config = replace(config, weights_dtype=weight.dtype)
            if weight_dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
                weight_dtype = DataType.BFLOAT16
        return ConvParameters(
            **{prop.name: self.read_present(prop) for prop in CONV_GEOMETRY},  # type: ignore[arg-type]
            has_bias=self.bias is not None,
            weight_dtype=weight_dtype,
            input_layout=activation.layout,
            input_memory_config=memory.conv_input(),
            conv_config=config,
            compute_config=self.read(COMPUTE_CONFIG_PROPERTY),
            grid=device.grid,
            input_dtype=activation.dtype,
            output_dtype=self.read(OUTPUT_DTYPE_OF_CONV2D),
            l1_budget=device.l1_budget,
            reads_core_grid=True,
        ).shared_fields()

    def decision(self, device: TargetDevice | None = None) -> Conv2dDecision:
        """TT-NN's conv2d decisions for this op (`conv2d_decisions.resolve_conv2d`) on
        `device` (default: the enclosing module's); raises the op's VerifyException with
        TT-NN's rule for a conv it refuses."""
        params = self.conv_parameters(device)
        refusal = dram_slice_input_refusal(params)
        if refusal is not None:
            raise self.error(refusal)
        try:
            return self.resolution(params)
        except ConvConfigError as error:
            raise self.error(str(error)) from error

    def inferred_result_type(self, device: TargetDevice | None = None) -> TensorType[Attribute]:
        """The output type TT-NN's conv2d gives on `device` (default: the module's)."""
        return output_type(self.decision(device).output)

    def verify_(self) -> None:
        activation = self.tensor(self.input, "input")
        weight = self.tensor(self.weight, "weight")
        try:
            # The parameters themselves first (groups, kernel, stride, …), then the operands.
            self.validate(self.conv_parameters())
        except ConvConfigError as error:
            raise self.error(str(error)) from error
        batch, height, width = (
            self.read_present(p) for p in (BATCH_SIZE, INPUT_HEIGHT, INPUT_WIDTH)
        )
        in_channels, out_channels = self.read_present(IN_CHANNELS), self.read_present(OUT_CHANNELS)
        shapes = ((1, 1, batch * height * width, in_channels), (batch, height, width, in_channels))
        if activation.shape not in shapes:
            # One batch of one row (a conv1d's): the two forms are one shape.
            alternatives = " or ".join(dict.fromkeys(format_shape(shape) for shape in shapes))
            raise self.error(
                f"expected an input of shape {alternatives} (batch_size, input_height, "
                f"input_width, in_channels), got {format_shape(activation.shape)}"
            )
        if weight.on_host:
            host_weight = self.host_weight_shape()
            if weight.shape != host_weight:
                raise self.error(
                    f"expected a host weight of shape {format_shape(host_weight)} "
                    f"({self.WEIGHT_SHAPE_TEXT}), got {format_shape(weight.shape)}"
                )
        if self.bias is not None and self.tensor(self.bias, "bias").on_host:
            bias_shape = self.tensor(self.bias, "bias").shape
            if bias_shape != (1, 1, 1, out_channels):
                raise self.error(
                    f"expected a host bias of shape [1, 1, 1, {out_channels}] (out_channels), "
                    f"got {format_shape(bias_shape)}"
                )
        decision = self.decision()
        if not weight.on_host:
            self._verify_prepared("weight", self.weight, prepared_weight_type(decision))
        if self.bias is not None and self.bias_is_prepared():
            assert decision.bias_plan is not None
            self._verify_prepared("bias", self.bias, prepared_bias_type(decision))
        expected = output_type(decision.output)
        if not same_output(self.result.type, expected):
            raise self.error(
                f"expected result type {expected} (TT-NN's conv2d output for these "
                f"parameters), got {self.result.type}"
            )

    def _verify_prepared(self, role: str, value: SSAValue, expected: Attribute) -> None:
        if not denote_same_tensor(value.type, expected):
            raise self.error(
                f"expected a prepared {role} of type {expected} (the preparation of these "
                f"parameters), got {value.type}"
            )


@irdl_op_definition
class Conv2dOp(ConvOp):
    """`ttnn.conv2d`: TT-NN 0.81.1's `ttnn.conv2d` (docs/semantics.md §9.8).

        %y = ttnn.conv2d %input, %weight[, %bias] in_channels = 16 out_channels = 32
          batch_size = 1 input_height = 8 input_width = 8 kernel_size = [3, 3] ...
          : (tensor<1x8x8x16xbf16, ...>, tensor<32x16x3x3xf32>) -> tensor<1x1x64x32xbf16, ...>

    Operands: the input activation — `[1, 1, N·H·W, C]` as tt-mlir passes it, or
    `[N, H, W, C]`; its type is TT-NN's input tensor (layout, dtype and memory config; a host
    tensor counts as DRAM interleaved); the weight — a host OIHW tensor, prepared by the conv
    as `prepare_conv_weights` would, or a weight already on the device (a TILE tensor with a
    memory config: TT-NN's `is_device_tensor(weight)`), consumed as given, whose type must be
    the one the resolution gives for these parameters; the optional bias — host
    `[1, 1, 1, Cout]`, or prepared. Properties: the prepare ops' (`in_channels`,
    `out_channels`, `batch_size`, `input_height`, `input_width`, `kernel_size`, `stride`,
    `padding`, `dilation`, `groups`, `conv_config`, `compute_config`, `slice_config`) and
    `dtype`, the output's (default: the input's).

    The result type is TT-NN's output (`conv2d_decisions.conv2d_output_spec`): logical
    `[1, 1, N·OH·OW, Cout]`, padded to whole tiles, `dtype`, TILE (ROW_MAJOR when
    `conv_config.output_layout` says so), interleaved in DRAM on the DRAM path, else sharded
    in L1 as the conv's output parallel config (the shard spec's cores as a core range set).
    The verifier infers it and refuses another, naming both; a conv TT-NN's conv2d refuses
    is refused with TT-NN's rule. `ttnn-decompose` turns the op into the preparations of its
    host operands and one `ttnn.conv2d_consume`."""

    name = "ttnn.conv2d"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV2D_PROPERTIES
    WEIGHT_SHAPE_TEXT: ClassVar[str] = "OIHW: out_channels, in_channels / groups, kernel_size"

    def conv_parameters(self, device: TargetDevice | None = None) -> Conv2dParameters:
        shape = tuple(self.tensor(self.input, "input").shape)
        return Conv2dParameters(
            **self.shared_fields(device or module_device(self)),
            slice_config=self.read(SLICE_CONFIG_PROPERTY),
            input_unflattened=shape[1:3]
            == (self.read_present(INPUT_HEIGHT), self.read_present(INPUT_WIDTH)),
        )

    def resolution(self, params: ConvRecord) -> Conv2dDecision:
        assert isinstance(params, Conv2dParameters)
        return resolve_conv2d(params)

    def validate(self, params: ConvRecord) -> None:
        assert isinstance(params, Conv2dParameters)
        validate_parameters(normalize_parameters(params))

    def host_weight_shape(self) -> tuple[int, ...]:
        groups = self.read_present(GROUPS)
        in_channels, out_channels = self.read_present(IN_CHANNELS), self.read_present(OUT_CHANNELS)
        return (out_channels, in_channels // groups, *self.read_present(KERNEL_SIZE))


@irdl_op_definition
class ConvTranspose2dOp(ConvOp):
    """`ttnn.conv_transpose2d`: TT-NN 0.81.1's `ttnn.conv_transpose2d` (docs/semantics.md
    §9.8), written as `ttnn.conv2d` is, its host weight IOHW `[in_channels, out_channels /
    groups, KH, KW]`, with the transpose's own properties (`output_padding`, default [0, 0];
    `mirror_kernel`, default true; `dram_slice_config`). Its decisions are those of the
    equivalent conv2d (§7.2, `conv2d_decisions.resolve_conv_transpose2d`): the preparation
    `prepare_conv_transpose2d_weights` makes, conv2d's factory checks of that conv, and the
    output — the transposed image `[1, 1, N·OH·OW, Cout]` laid out as the equivalent conv's
    output, interleaved in DRAM for a DRAM input. `ttnn-decompose` turns it into the
    preparations of its host operands (`prepare_conv_transpose2d_weights` / `_bias`), its
    input zero-stuffed (`ttnn.zero_stuff`) and one `ttnn.conv2d_consume` of the equivalent
    conv2d over the whole stuffed input."""

    name = "ttnn.conv_transpose2d"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV_TRANSPOSE2D_PROPERTIES
    WEIGHT_SHAPE_TEXT: ClassVar[str] = "IOHW: in_channels, out_channels / groups, kernel_size"

    def conv_parameters(self, device: TargetDevice | None = None) -> ConvTranspose2dParameters:
        return ConvTranspose2dParameters(
            **self.shared_fields(device or module_device(self)),
            output_padding=self.read(OUTPUT_PADDING) or (0, 0),
            mirror_kernel=self.read(MIRROR_KERNEL) is not False,
            dram_slice_config=self.read(DRAM_SLICE_CONFIG),
        )

    def resolution(self, params: ConvRecord) -> Conv2dDecision:
        assert isinstance(params, ConvTranspose2dParameters)
        return resolve_conv_transpose2d(params)

    def validate(self, params: ConvRecord) -> None:
        assert isinstance(params, ConvTranspose2dParameters)
        validate_counts(normalize_transpose_parameters(params))

    def host_weight_shape(self) -> tuple[int, ...]:
        groups = self.read_present(GROUPS)
        in_channels, out_channels = self.read_present(IN_CHANNELS), self.read_present(OUT_CHANNELS)
        return (in_channels, out_channels // groups, *self.read_present(KERNEL_SIZE))


def dram_slice_input_refusal(params: ConvRecord) -> str | None:
    """TT-NN 0.81.1's conv run in DRAM slices (a slice config other than l1_full) reads its
    input from DRAM: an input in L1 is refused (checked on its mock device, conv2d and
    conv_transpose2d alike); a host input counts as DRAM, where TT-NN puts it."""
    slice_config = (
        params.dram_slice_config
        if isinstance(params, ConvTranspose2dParameters)
        else params.slice_config
    )
    if slice_config is None or slice_config.slice_type == Conv2dSliceType.L1_FULL:
        return None
    if params.input_memory_config.is_dram:
        return None
    return (
        "TT-NN 0.81.1's conv2d refuses this conv: Conv DRAM expects the input tensor to be in "
        f"DRAM. (a {slice_config.slice_type.value} slice config, the input in L1)"
    )


def prepared_weight_type(decision: Conv2dDecision) -> TensorType[Attribute]:
    """The type of the weight conv2d prepares (and of a prepared weight it consumes)."""
    layout = decision.plan.layout
    return tensor_type(
        layout.logical_shape, decision.weights_dtype, Layout.TILE, physical=layout.physical_shape
    )


def prepared_bias_type(decision: Conv2dDecision) -> TensorType[Attribute]:
    """The type of the bias conv2d prepares (and of a prepared bias it consumes)."""
    assert decision.bias_plan is not None
    bias = decision.bias_plan.bias
    return tensor_type(
        bias.logical_shape, decision.weights_dtype, Layout.TILE, physical=bias.physical_shape
    )


def output_memory_config(output: Conv2dOutputSpec) -> MemoryConfigAttr:
    """The output's memory config; a shard spec's cores as tt-mlir's core range set."""
    if output.shard is None:
        return MemoryConfigAttr(output.buffer_type, output.memory_layout)
    cores = CoreRangeSetAttr(
        [CoreRangeAttr((x0, y0), (x1, y1)) for x0, y0, x1, y1 in output.shard.ranges]
    )
    spec = ShardSpecAttr.positional(cores, output.shard.shape, output.shard.orientation)
    return MemoryConfigAttr(output.buffer_type, output.memory_layout, spec)


def output_type(output: Conv2dOutputSpec) -> TensorType[Attribute]:
    """The output tensor's type. A ROW_MAJOR one spells no padded shape: the project's
    row-major tensor holds its logical rows only (TT-NN's padded shape, `output.padded_shape`,
    is what `ttnn_xdsl.ttnn.conv2d`'s output reports)."""
    physical = (
        output.padded_shape
        if output.layout == Layout.TILE and output.padded_shape != output.logical_shape
        else None
    )
    return tensor_type(
        output.logical_shape,
        output.dtype,
        output.layout,
        memory_config=output_memory_config(output),
        physical=physical,
    )


def placement_key(type_: Attribute) -> tuple[object, ...] | None:
    """What a tensor type says, by meaning: shape, dtype, layout, physical shape, buffer,
    memory layout and the shard spec with its cores as core ranges (`grid = XxY` is the
    rectangle from core (0, 0)). None for a type that is not a TT-NN tensor type."""
    try:
        info = tensor_info(type_)
    except TensorTypeError:
        return None
    memory = info.memory_config
    shard: tuple[object, ...] | None = None
    if memory is not None and isinstance(memory.shard_spec, ShardSpecAttr):
        spec = memory.shard_spec
        if isinstance(spec.grid, CoreRangeSetAttr):
            ranges = tuple((*r.start, *r.end) for r in spec.grid.ranges.data)
        else:
            x, y = spec.grid_shape
            ranges = ((0, 0, x - 1, y - 1),)
        shard = (ranges, spec.shard_shape, spec.shard_orientation)
    return (
        info.shape,
        info.dtype,
        info.layout,
        info.physical_shape,
        None if memory is None else (memory.buffer_type.data, memory.layout_kind),
        shard,
    )


def same_output(written: Attribute, expected: Attribute) -> bool:
    """Whether the written result type denotes TT-NN's output tensor."""
    return written == expected or (
        placement_key(written) is not None and placement_key(written) == placement_key(expected)
    )

"""`ttnn.prepare_conv_weights` and `ttnn.prepare_conv_bias` (semantics.md §3), and
`ttnn.prepare_conv_transpose2d_weights` and `ttnn.prepare_conv_transpose2d_bias` (semantics.md
§7): their properties (declared once, `prepare_op_properties`), their verification and their
result type, inferred through the resolution (`conv_resolution.resolve_conv_weights`; for the
transposed ops `conv_transpose.resolve_conv_transpose2d_*`, which resolves their equivalent
conv2d with it).

From op to resolution, typed: each op builds its parameter record (`Conv2dParameters`,
`ConvTranspose2dParameters`) in one function (`parameter_record`) whose every keyword reads one
named property of the declaration (`read_present(IN_CHANNELS)`, `read(CONV_CONFIG)`), so a
reader — or `farm-studio walk` — follows a property from its attribute (`Conv2dConfigAttr.
conv_config`) to the record field it fills and on into the resolution; no property is matched
to a field by its name.

Where the resolution runs: in the verifier, as before. The op's result type is what TT-NN
computes from its parameters on the module's device, so the verifier checks it with the
resolution (the same located messages `ttnn-opt`, `ttnn-run` and the API give) — a separate
resolve step every tool must remember to call would let an op with a wrong type verify. The
resolution is cached on the op itself (`resolved`), keyed by what it was resolved from (the
properties, the source's type and the device), so verifying and then decomposing an op resolve
it once; a clone starts with no cache.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def
from xdsl.rewriter import Rewriter
from xdsl.traits import Pure

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv_parameters import (
    Conv2dParameters,
    ConvParameters,
)
from ttnn_xdsl.conv.conv_resolution import (
    ConvWeightsPlan,
    resolve_conv_bias,
    resolve_conv_weights,
)
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    ConvTranspose2dPlan,
    resolve_conv_transpose2d_bias,
    resolve_conv_transpose2d_weights,
)
from ttnn_xdsl.core.enums import DataType, Layout
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.dialect.device import TargetDevice, module_device
from ttnn_xdsl.dialect.keyword_properties import OpProperty
from ttnn_xdsl.dialect.operation import KeywordPropertyOp
from ttnn_xdsl.dialect.prepare_op_properties import (
    COMPUTE_CONFIG_PROPERTY,
    CONV2D_BIAS_PROPERTIES,
    CONV2D_WEIGHTS_PROPERTIES,
    CONV_CONFIG,
    CONV_GEOMETRY,
    CONV_TRANSPOSE2D_BIAS_PROPERTIES,
    CONV_TRANSPOSE2D_WEIGHTS_PROPERTIES,
    DRAM_SLICE_CONFIG,
    HAS_BIAS,
    INPUT_DTYPE,
    INPUT_LAYOUT,
    INPUT_MEMORY_CONFIG,
    MIRROR_KERNEL,
    OUTPUT_DTYPE,
    OUTPUT_PADDING,
    SLICE_CONFIG_PROPERTY,
)
from ttnn_xdsl.dialect.tensor_types import (
    denote_same_tensor,
    tensor_info,
    tensor_type,
)

__all__ = [
    "ConvPrepareOp",
    "ConvTranspose2dPrepareOp",
    "PrepareConvBiasOp",
    "PrepareConvTranspose2dBiasOp",
    "PrepareConvTranspose2dWeightsOp",
    "PrepareConvWeightsOp",
]

ParameterRecord = Conv2dParameters | ConvTranspose2dParameters
"""What a prepare op's properties fill: the conv2d's record or the conv_transpose2d's."""
Plan = ConvWeightsPlan | ConvTranspose2dPlan

ResolutionKey = tuple[tuple[tuple[str, Attribute], ...], Attribute, TargetDevice]
"""What a resolution was made from: the op's properties, its source's type and the device."""

RESOLUTION_CACHE = "_resolution"
"""The instance attribute an op keeps its last resolution in (with its `ResolutionKey`)."""


class ConvPrepareOp(KeywordPropertyOp, ABC):
    """Base of the conv preparation ops: one host tensor in (the weight or the bias), one
    prepared TILE tensor out; the conv's parameters as properties (semantics.md §3.1,
    tt-mlir's names, declared in `prepare_op_properties`), their verification (semantics.md
    §3.2) and the resolution of the prepared layout (semantics.md §3.3)."""

    result = result_def(TensorType)

    traits = traits_def(Pure())

    def __init__(
        self,
        source: SSAValue,
        *,
        result_type: Attribute | None = None,
        grid: tuple[int, int] | None = None,
        device: TargetDevice | None = None,
        **properties: object,
    ):
        """Build the op from plain Python values under TT-NN's keyword names (the op's
        `PROPERTIES` list them with their defaults); without `result_type` the result type
        is inferred (semantics.md §3.3) for `device`, or a device of `grid` opened with
        TT-NN's defaults (default: the Wormhole 8×8 grid). Put the op in a module of that
        device (`build_module(..., grid=, open_device=)`) for it to verify."""
        super().__init__(
            operands=[source],
            result_types=[result_type or source.type],
            properties=self.declared_properties(properties),
        )
        if result_type is None:
            if device is None and grid is not None:
                device = TargetDevice(grid)
            inferred = self.built_result_type(lambda: self.inferred_result_type(device))
            Rewriter.replace_value_with_new_type(self.result, inferred)

    @property
    @abstractmethod
    def source(self) -> SSAValue:
        """The tensor being prepared (the weight or the bias)."""

    @property
    @abstractmethod
    def has_bias_value(self) -> bool: ...

    def conv_parameters(self, device: TargetDevice | None = None) -> ParameterRecord:
        """The op's parameters as the pure resolution reads them, on `device` (default: the
        enclosing module's, `module_device`)."""
        return self.parameter_record(device or module_device(self))

    @abstractmethod
    def parameter_record(self, device: TargetDevice) -> ParameterRecord:
        """The op's record, each field read from the declared property that fills it."""

    def conv_parameter_fields(self, device: TargetDevice) -> dict[str, object]:
        """The fields every conv preparation shares (`ConvParameters`), from the op's
        properties, its source and `device`: built as a `ConvParameters` (each keyword
        checked there, the declaration written once), handed on by name."""
        return ConvParameters(
            **{prop.name: self.read_present(prop) for prop in CONV_GEOMETRY},  # type: ignore[arg-type]
            has_bias=self.has_bias_value,
            weight_dtype=tensor_info(self.source.type).dtype,
            input_layout=self.read_present(INPUT_LAYOUT),
            input_memory_config=self.read_present(INPUT_MEMORY_CONFIG),
            conv_config=self.read(CONV_CONFIG) or Conv2dConfig(),
            compute_config=self.read(COMPUTE_CONFIG_PROPERTY),
            grid=device.grid,
            input_dtype=self.read(INPUT_DTYPE),
            output_dtype=self.read(OUTPUT_DTYPE),
            l1_budget=device.l1_budget,
        ).shared_fields()

    @abstractmethod
    def resolution(self, params: ParameterRecord) -> Plan:
        """The pure resolution of the op's parameters (raises ConvConfigError)."""

    def resolved(self, device: TargetDevice | None = None) -> Plan:
        """The op's resolution on `device` (default: the enclosing module's); raises the op's
        VerifyException. Resolved once per set of properties, source type and device (the
        last resolution is kept on the op)."""
        device = device or module_device(self)
        key: ResolutionKey = (tuple(self.properties.items()), self.source.type, device)
        cached: tuple[ResolutionKey, Plan] | None = getattr(self, RESOLUTION_CACHE, None)
        if cached is not None and cached[0] == key:
            return cached[1]
        try:
            plan = self.resolution(self.conv_parameters(device))
        except ConvConfigError as error:
            # The cause stays reachable: a caller tells what the project does not model
            # (ConvNotModelledError) from an invalid configuration.
            raise self.error(str(error)) from error
        setattr(self, RESOLUTION_CACHE, (key, plan))
        return plan

    def resolve(self, device: TargetDevice | None = None) -> ConvWeightsPlan:
        """The conv2d preparation that makes the result (semantics.md §3.3; for a
        conv_transpose2d, that of its equivalent conv2d, §7) on `device` (default: the
        enclosing module's); raises the op's VerifyException."""
        plan = self.resolved(device)
        return plan.conv if isinstance(plan, ConvTranspose2dPlan) else plan

    def _verify_source(self, role: str) -> None:
        """The source is a host f32 / bf16 tensor."""
        source = self.tensor(self.source, role)
        if not source.on_host:
            raise self.error(
                f"expected {role} to be a host tensor (no encoding), got {self.source.type}"
            )
        if source.dtype not in (DataType.FLOAT32, DataType.BFLOAT16):
            raise self.error(f"expected {role} of dtype f32 or bf16, got {source.dtype.value}")

    def _verify_result(self, expected: TensorType[Attribute]) -> None:
        if not denote_same_tensor(self.result.type, expected):
            raise self.error(
                f"expected result type {expected} (inferred from the conv parameters), "
                f"got {self.result.type}"
            )

    def inferred_result_type(self, device: TargetDevice | None = None) -> TensorType[Attribute]:
        """The result type TT-NN would give (semantics.md §3.3 step 11 and §3.4) on `device`
        (default: the enclosing module's)."""
        return self.result_type_of(self.resolve(device))

    @abstractmethod
    def result_type_of(self, plan: ConvWeightsPlan) -> TensorType[Attribute]:
        """The result type of this op under the resolved conv2d `plan`."""

    def _verify_kernel(self, kernel_size: tuple[int, ...], weight_shape: tuple[int, ...]) -> None:
        if tuple(kernel_size) != weight_shape[2:]:
            raise self.error(
                f"expected kernel_size {format_shape(kernel_size)} to match the "
                f"weight's kernel dims {format_shape(weight_shape[2:])}"
            )

    def _verify_bias_shape(self, out_channels: int) -> None:
        bias = tensor_info(self.source.type)
        if bias.shape != (1, 1, 1, out_channels):
            raise self.error(
                f"expected bias_tensor of shape [1, 1, 1, {out_channels}] (out_channels), "
                f"got {format_shape(bias.shape)}"
            )


def conv2d_parameters(op: ConvPrepareOp, device: TargetDevice) -> Conv2dParameters:
    """A conv2d prepare op's record: the shared fields and its slice config."""
    return Conv2dParameters(
        **op.conv_parameter_fields(device), slice_config=op.read(SLICE_CONFIG_PROPERTY)
    )


def weight_result_type(plan: ConvWeightsPlan) -> TensorType[Attribute]:
    """A prepared weight's type (semantics.md §3.3 step 11): TILE, `weights_dtype`, the
    logical and physical shapes of the plan."""
    return tensor_type(
        plan.layout.logical_shape,
        plan.weights_dtype,
        Layout.TILE,
        physical=plan.layout.physical_shape,
    )


def bias_result_type(plan: ConvWeightsPlan) -> TensorType[Attribute]:
    """A prepared bias's type (semantics.md §3.4): TILE, `weights_dtype`, [1, 1, 1, Cout] in
    [1, 1, 32, width]."""
    return tensor_type(
        plan.bias.logical_shape, plan.weights_dtype, Layout.TILE, physical=plan.bias.physical_shape
    )


class WeightPrepareOp(ConvPrepareOp, ABC):
    """Base of the ops preparing a conv's weight: the host weight `weight_tensor` of rank 4
    in the layout `WEIGHTS_FORMAT` names, `has_bias` a property, a prepared weight's type."""

    weight_tensor = operand_def(TensorType)

    WEIGHTS_FORMAT: ClassVar[str]
    """The only `weights_format` the op takes (OIHW for a conv2d, IOHW for a transposed)."""

    @property
    def source(self) -> SSAValue:
        return self.weight_tensor

    @property
    def has_bias_value(self) -> bool:
        return bool(self.read(HAS_BIAS))

    def _verify_weight(self) -> tuple[int, ...]:
        """The weight is a host f32 / bf16 tensor of rank 4 in `WEIGHTS_FORMAT`: its shape."""
        self._verify_source("weight_tensor")
        weight = tensor_info(self.weight_tensor.type)
        if len(weight.shape) != 4:
            raise self.error(
                f"expected weight_tensor of rank 4 ({self.WEIGHTS_FORMAT}), "
                f"got rank {len(weight.shape)}"
            )
        weights_format = self.value_of("weights_format")
        if weights_format != self.WEIGHTS_FORMAT:
            raise self.error(
                f'expected weights_format "{self.WEIGHTS_FORMAT}", got "{weights_format}"'
            )
        return weight.shape

    def result_type_of(self, plan: ConvWeightsPlan) -> TensorType[Attribute]:
        return weight_result_type(plan)


class BiasPrepareOp(ConvPrepareOp, ABC):
    """Base of the ops preparing a conv's bias: the host bias `bias_tensor` [1, 1, 1, Cout]
    (a conv with a bias), a prepared bias's type."""

    bias_tensor = operand_def(TensorType)

    @property
    def source(self) -> SSAValue:
        return self.bias_tensor

    @property
    def has_bias_value(self) -> bool:
        return True

    @abstractmethod
    def _bias_plan(self) -> tuple[int, ConvWeightsPlan]:
        """The op's out_channels and the conv2d plan its bias is prepared for."""

    def verify_(self) -> None:
        self._verify_source("bias_tensor")
        out_channels, plan = self._bias_plan()
        self._verify_bias_shape(out_channels)
        self._verify_result(self.result_type_of(plan))

    def result_type_of(self, plan: ConvWeightsPlan) -> TensorType[Attribute]:
        return bias_result_type(plan)


@irdl_op_definition
class PrepareConvWeightsOp(WeightPrepareOp):
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

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV2D_WEIGHTS_PROPERTIES
    WEIGHTS_FORMAT: ClassVar[str] = "OIHW"

    def parameter_record(self, device: TargetDevice) -> ParameterRecord:
        return conv2d_parameters(self, device)

    def resolution(self, params: ParameterRecord) -> Plan:
        assert isinstance(params, Conv2dParameters)
        return resolve_conv_weights(params)

    def verify_(self) -> None:
        shape = self._verify_weight()
        plan = self.resolve()
        params = plan.params
        out_channels, in_channels, groups = params.out_channels, params.in_channels, params.groups
        if shape[0] != out_channels:
            raise self.error(
                f"expected out_channels {out_channels} to match the weight's dim 0 "
                f"{shape[0]} (shape {format_shape(shape)})"
            )
        if shape[1] != in_channels // groups:
            raise self.error(
                f"expected the weight's dim 1 {shape[1]} to be in_channels / groups = "
                f"{in_channels} / {groups} = {in_channels // groups}"
            )
        self._verify_kernel(params.kernel_size, shape)
        self._verify_result(self.result_type_of(plan))


@irdl_op_definition
class PrepareConvBiasOp(BiasPrepareOp):
    """`ttnn.prepare_conv_bias`: turns a [1, 1, 1, Cout] host bias into the device layout a
    TT-NN conv2d with these parameters reads (semantics.md §3.4): zero-padded to
    [1, 1, 32, round_up(Cout_pad, 32·weight_block_w)] with the values in row 0, TILE, in the
    prepared weight's dtype. Its logical shape stays [1, 1, 1, Cout]."""

    name = "ttnn.prepare_conv_bias"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV2D_BIAS_PROPERTIES

    def parameter_record(self, device: TargetDevice) -> ParameterRecord:
        return conv2d_parameters(self, device)

    def resolution(self, params: ParameterRecord) -> Plan:
        assert isinstance(params, Conv2dParameters)
        return resolve_conv_bias(params)

    def _bias_plan(self) -> tuple[int, ConvWeightsPlan]:
        plan = self.resolve()
        return plan.params.out_channels, plan


class ConvTranspose2dPrepareOp(ConvPrepareOp, ABC):
    """Base of the conv_transpose2d preparation ops (semantics.md §7): TT-NN 0.81.1's keyword
    parameters of `prepare_conv_transpose2d_weights` / `_bias` as properties, resolved by
    `conv_transpose` into the preparation of the equivalent conv2d."""

    def parameter_record(self, device: TargetDevice) -> ParameterRecord:
        return ConvTranspose2dParameters(
            **self.conv_parameter_fields(device),
            output_padding=self.read(OUTPUT_PADDING) or (0, 0),
            mirror_kernel=self.read(MIRROR_KERNEL) is not False,
            dram_slice_config=self.read(DRAM_SLICE_CONFIG),
        )

    def transpose_plan(self, device: TargetDevice | None = None) -> ConvTranspose2dPlan:
        """The op's whole preparation (the weight transform, the equivalent conv2d and its
        resolution) on `device` (default: the enclosing module's)."""
        plan = self.resolved(device)
        assert isinstance(plan, ConvTranspose2dPlan)
        return plan


@irdl_op_definition
class PrepareConvTranspose2dWeightsOp(ConvTranspose2dPrepareOp, WeightPrepareOp):
    """`ttnn.prepare_conv_transpose2d_weights`: turns an IOHW host weight [Cin, Cout/groups,
    KH, KW] into the tiled device layout a TT-NN conv_transpose2d with these parameters reads
    (semantics.md §7).

    TT-NN 0.81.1 expands the groups into a dense block-diagonal weight, transposes IOHW to
    OIHW, flips both kernel axes when `mirror_kernel` (default true), and prepares the result
    as `prepare_conv_weights` would for the equivalent conv2d: the transpose's input
    zero-stuffed and padded to (OH + dH·(KH − 1)) × (OW + dW·(KW − 1)), stride 1, padding 0,
    groups 1 (semantics.md §7.2). The result is a TILE tensor in DRAM of dtype
    `weights_dtype`, logical shape [1, 1, Cin·KH·KW, Cout], with the physical shape of the
    equivalent conv's layout. `output_padding` (default [0, 0]) enlarges the output at the
    bottom and right; `weights_format` must be "IOHW". `ttnn-decompose` rewrites it into the
    transform's layout ops and the equivalent conv's chain.
    """

    name = "ttnn.prepare_conv_transpose2d_weights"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV_TRANSPOSE2D_WEIGHTS_PROPERTIES
    WEIGHTS_FORMAT: ClassVar[str] = "IOHW"

    def resolution(self, params: ParameterRecord) -> Plan:
        assert isinstance(params, ConvTranspose2dParameters)
        return resolve_conv_transpose2d_weights(params)

    def verify_(self) -> None:
        shape = self._verify_weight()
        plan = self.transpose_plan()
        params = plan.params
        in_channels, out_channels, groups = params.in_channels, params.out_channels, params.groups
        if shape[0] != in_channels:
            raise self.error(
                f"expected in_channels {in_channels} to match the weight's dim 0 "
                f"{shape[0]} (IOHW shape {format_shape(shape)})"
            )
        if shape[1] != out_channels // groups:
            raise self.error(
                f"expected the weight's dim 1 {shape[1]} to be out_channels / groups = "
                f"{out_channels} / {groups} = {out_channels // groups}"
            )
        self._verify_kernel(params.kernel_size, shape)
        self._verify_result(self.result_type_of(plan.conv))


@irdl_op_definition
class PrepareConvTranspose2dBiasOp(ConvTranspose2dPrepareOp, BiasPrepareOp):
    """`ttnn.prepare_conv_transpose2d_bias`: turns a [1, 1, 1, Cout] host bias into the device
    layout a TT-NN conv_transpose2d with these parameters reads (semantics.md §7.4): the bias of
    the equivalent conv2d (without output_padding, which TT-NN 0.81.1's bias does not take),
    zero-padded to [1, 1, 32, round_up(Cout_pad, 32·weight_block_w)] with the values in row 0,
    TILE, in `conv_config.weights_dtype` (required). Its logical shape stays [1, 1, 1, Cout]."""

    name = "ttnn.prepare_conv_transpose2d_bias"

    PROPERTIES: ClassVar[tuple[OpProperty, ...]] = CONV_TRANSPOSE2D_BIAS_PROPERTIES

    def resolution(self, params: ParameterRecord) -> Plan:
        assert isinstance(params, ConvTranspose2dParameters)
        return resolve_conv_transpose2d_bias(params)

    def _bias_plan(self) -> tuple[int, ConvWeightsPlan]:
        plan = self.transpose_plan()
        return plan.params.out_channels, plan.conv

"""`ttnn.typecast` and `ttnn.to_layout`: the same values in another dtype or layout
(semantics.md §1)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from xdsl.dialects.builtin import (
    TensorType,
)
from xdsl.ir import (
    Attribute,
    SSAValue,
)
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure

from ttnn_xdsl.core.enums import Layout
from ttnn_xdsl.core.shapes import format_shape, tile_padded_shape
from ttnn_xdsl.dialect.operation import TTNNOperation
from ttnn_xdsl.dialect.tensor_types import TensorInfo, same_storage


class ConversionOp(TTNNOperation, ABC):
    """Base of `typecast` and `to_layout`: one tensor in, the same values out in the type the
    result names, with the same shape. Each op checks what else it keeps
    (`verify_conversion`)."""

    input = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, input: SSAValue, result_type: Attribute):
        super().__init__(operands=[input], result_types=[result_type])

    def verify_(self) -> None:
        source = self.tensor(self.input, "input")
        result = self.tensor(self.result, "result")
        if source.shape != result.shape:
            raise self.error(
                f"expected the result shape {format_shape(result.shape)} to equal the input "
                f"shape {format_shape(source.shape)}"
            )
        self.verify_conversion(source, result)

    @abstractmethod
    def verify_conversion(self, source: TensorInfo, result: TensorInfo) -> None:
        """What this conversion keeps of the input, beyond the shape."""


@irdl_op_definition
class TypecastOp(ConversionOp):
    """`ttnn.typecast`: the same tensor in another dtype, named by the result type (layout,
    shape, physical shape and memory config unchanged). f32 → bf16 rounds to nearest even
    (semantics.md §1.2); → bfloat8_b packs each tile face row with a shared exponent (semantics.md
    §1.3); bf16 → bfloat8_b goes through f32 (exact); widening is exact.

        %1 = ttnn.typecast %0 : tensor<64x64xbf16, #ttnn.tensor_layout<tile>>
             -> tensor<64x64x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>
    """

    name = "ttnn.typecast"

    def verify_conversion(self, source: TensorInfo, result: TensorInfo) -> None:
        if not same_storage(source, result):
            raise self.error(
                "expected the result to keep the input's layout, physical shape and memory "
                f"config (only the dtype changes): {self.input.type} -> {self.result.type}"
            )


@irdl_op_definition
class ToLayoutOp(ConversionOp):
    """`ttnn.to_layout`: the same values in another layout, named by the result type —
    tilize (row-major → TILE, zero padding to whole tiles) or untilize (TILE → row-major,
    the logical values). The dtype stays, and a TILE result is padded to whole tiles only.

        %1 = ttnn.to_layout %0 : tensor<40x50xbf16> -> tensor<40x50xbf16, #ttnn.tensor_layout<tile>>
    """

    name = "ttnn.to_layout"

    def verify_conversion(self, source: TensorInfo, result: TensorInfo) -> None:
        if source.dtype != result.dtype:
            raise self.error(
                f"expected the result dtype {result.dtype.value} to equal the input dtype "
                f"{source.dtype.value} (ttnn.typecast changes dtypes)"
            )
        if result.layout == Layout.TILE and result.physical_shape != tile_padded_shape(
            result.shape
        ):
            raise self.error(
                "cannot produce a physical shape beyond whole tiles (to_layout pads to the next "
                f"tile only), got {self.result.type}"
            )

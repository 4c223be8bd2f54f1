"""Where each element of a prepared tensor came from, read off the IR by running it.

The layout of a prepared conv weight is what the lowered loops do, so the provenance is
taken from them, not from formulas: the op chain that produced a result (a
`prepare_conv_weights` / `prepare_conv_bias` or their conv_transpose2d twins, or layout ops,
with their typecasts) is cloned into a module of its own with every dtype float32 — the
weight argument f32, `weights_dtype` f32, layout results f32, typecasts dropped (they change
values, not places) — lowered with the same pipeline, and run on an *index-encoded* weight:
element number n (row-major over OIHW, or a conv_transpose2d's IOHW) holds n + 1. Float32
holds every integer up to 2^24 exactly and the layout only copies values, so each element of
the result is 1 + the flat index of the weight element it holds, or 0 where it holds padding
(a mirrored kernel shows as it is: its taps in reverse). The physical shape is checked
against the real result's.

The chain is followed from the function's `func.return` back to a function argument,
through `func.call`s (a `@main` that calls its layers)."""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass, replace
from typing import cast

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, ModuleOp, TensorType, f32
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.rewriter import Rewriter

from ttnn_xdsl.conv.conv_l1_report import ConvL1Report, conv_l1_report, transpose_l1_report
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import RunError, TTNNError
from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.dialect.attributes import Conv2dConfigAttr
from ttnn_xdsl.dialect.call_graph import foreign_functions, function_table
from ttnn_xdsl.dialect.conv_layout_ops import ConvLayoutOp, ConvWeightsIOHWToOIHWOp
from ttnn_xdsl.dialect.conversion_ops import ToLayoutOp, TypecastOp
from ttnn_xdsl.dialect.prepare_ops import (
    ConvPrepareOp,
    ConvTranspose2dPrepareOp,
    PrepareConvBiasOp,
    PrepareConvTranspose2dBiasOp,
    PrepareConvTranspose2dWeightsOp,
)
from ttnn_xdsl.dialect.tensor_types import tensor_info
from ttnn_xdsl.dialect.tt_mlir import TT_MLIR_PREPARE_OPS, PermuteOpBase, ReshapeOpBase
from ttnn_xdsl.passes.import_tt_mlir import import_tt_mlir
from ttnn_xdsl.passes.tt_mlir_bookkeeping import run_as_project_ops
from ttnn_xdsl.pictures.layout_map import (
    LayoutMap,
    describe_plan,
    describe_transpose_plan,
    layout_bands,
    with_source_kernel_rows,
)
from ttnn_xdsl.program.entry import find_entry, module_functions, signature
from ttnn_xdsl.program.loading import lower_source
from ttnn_xdsl.runtime.execution import Executable
from ttnn_xdsl.runtime.slots import TensorSlot

__all__ = [
    "EXACT_INDEX_LIMIT",
    "OpChain",
    "check_traceable",
    "check_traceable_shape",
    "layout_map_of",
    "tensor_level_module",
    "trace_chain",
]

EXACT_INDEX_LIMIT = 2**24
"""Float32 holds every integer up to here exactly (2^24 + 1 is the first it rounds): the
number of elements of the largest weight that can be traced, numbered 1 … 2^24."""


@dataclass(frozen=True)
class OpChain:
    """The ops that made a result from one function argument, source first."""

    ops: tuple[Operation, ...]
    source: BlockArgument
    """The argument of the entry function the chain starts from."""

    @property
    def prepare_op(self) -> ConvPrepareOp | None:
        return next((op for op in self.ops if isinstance(op, ConvPrepareOp)), None)

    @property
    def transposed_weight(self) -> bool:
        """Whether the source is a conv_transpose2d's IOHW weight (its prepare op, or a chain
        of layout ops that begins by turning IOHW into OIHW)."""
        first = self.ops[0]
        return isinstance(first, PrepareConvTranspose2dWeightsOp | ConvWeightsIOHWToOIHWOp)


_TRACEABLE = (ConvPrepareOp, ConvLayoutOp, TypecastOp, ToLayoutOp, ReshapeOpBase, PermuteOpBase)
"""Ops that only move values (or, typecasts, convert them in place): a chain of them is
traced. Reshapes and permutes of row-major data come from tt-mlir's bookkeeping."""


def tensor_level_module(source: ModuleOp) -> ModuleOp:
    """A copy of the verified module `source` as the lowering sees it at tensor level:
    tt-mlir's prepare ops imported and its bookkeeping (moves, conversions, reshapes,
    `load_cached`) made the project's ops. A result is then traced the same way whether its
    run imported the file (`-p import-tt-mlir,ttnn-lower`), ran a file `ttnn-opt -p
    import-tt-mlir` wrote, or ran the project's own IR. What cannot be imported or run is
    left as it is (its results were not made by a run)."""
    module = source.clone()
    if any(isinstance(op, TT_MLIR_PREPARE_OPS) for op in module.walk()):
        imported = module.clone()
        try:
            import_tt_mlir(imported)
        except TTNNError:
            pass
        else:
            module = imported
    skipped = foreign_functions(module)
    table = function_table(module)
    for function in [f for f in module_functions(module) if f not in skipped]:
        with contextlib.suppress(TTNNError):
            run_as_project_ops(function, table)
    return module


def trace_chain(source: ModuleOp, entry_name: str, position: int) -> OpChain | None:
    """The chain of prepare / layout / typecast / to_layout / reshape / permute ops that made
    result `position` of function `entry_name` of the tensor-level module `source`
    (`tensor_level_module`) from one of its arguments (None when it was made otherwise)."""
    functions = {function.sym_name.data: function for function in module_functions(source)}
    entry = functions.get(entry_name)
    if entry is None:
        return None

    def returned(function: func.FuncOp, index: int) -> SSAValue | None:
        for op in function.body.block.ops:
            if isinstance(op, func.ReturnOp) and index < len(op.arguments):
                return op.arguments[index]
        return None

    def follow(value: SSAValue | None, depth: int) -> tuple[list[Operation], SSAValue] | None:
        ops: list[Operation] = []
        while value is not None:
            owner = value.owner
            if isinstance(value, BlockArgument):
                return ops, value
            if isinstance(owner, _TRACEABLE):
                ops.append(owner)
                value = owner.operands[0]
                continue
            if isinstance(owner, func.CallOp) and isinstance(value, OpResult) and depth < 8:
                callee = functions.get(owner.callee.string_value())
                if callee is None:
                    return None
                inner = follow(returned(callee, value.index), depth + 1)
                if inner is None or not isinstance(inner[1], BlockArgument):
                    return None
                inner_ops, argument = inner
                ops += inner_ops
                value = owner.arguments[cast(BlockArgument, argument).index]
                continue
            return None
        return None

    found = follow(returned(entry, position), 0)
    if found is None or not found[0]:
        return None
    ops, argument = found
    if not isinstance(argument, BlockArgument) or argument.owner is not entry.body.block:
        return None
    return OpChain(tuple(reversed(ops)), argument)


def _float32(type_: Attribute) -> Attribute:
    """The same tensor type with float32 elements."""
    tensor = cast(TensorType[Attribute], type_)
    return TensorType(f32, tensor.get_shape(), tensor.encoding)


def _float32_module(source: ModuleOp, chain: OpChain) -> ModuleOp:
    """A module with one function @provenance running `chain` in float32 on one argument."""
    source_type = _float32(chain.source.type)
    block = Block(arg_types=[source_type])
    value: SSAValue = block.args[0]
    for op in chain.ops:
        if isinstance(op, TypecastOp):
            continue  # a value conversion: the places are the same without it
        clone = op.clone()
        clone.operands = [value]
        clone.location = op.location
        if isinstance(op, ConvPrepareOp):
            config = (op.conv_config or Conv2dConfigAttr()).conv_config()
            clone.properties["conv_config"] = Conv2dConfigAttr.of_config(
                replace(config, weights_dtype=DataType.FLOAT32)
            )
        block.add_op(clone)
        Rewriter.replace_value_with_new_type(clone.results[0], _float32(op.results[0].type))
        value = clone.results[0]
    result_type = value.type
    block.add_op(func.ReturnOp(value))
    function = func.FuncOp(
        "provenance", FunctionType.from_lists([source_type], [result_type]), Region(block)
    )
    return ModuleOp([function], attributes=dict(source.attributes))


def check_traceable(chain: OpChain, position: int) -> None:
    """Raise RunError when the source of `chain` (which made result `position`) is too large
    to trace (`check_traceable_shape`). Known from the types alone, so a caller can ask
    before running anything."""
    check_traceable_shape(tensor_info(chain.source.type).shape, position)


def check_traceable_shape(source_shape: tuple[int, ...], position: int) -> None:
    """Raise RunError when a source of `source_shape` has more elements than
    `EXACT_INDEX_LIMIT`: its elements are numbered 1 … N in float32, and N must be exact
    (2^24 is; 2^24 + 1 rounds to 2^24, so two elements would share a number)."""
    elements = math.prod(source_shape)
    if elements > EXACT_INDEX_LIMIT:
        raise RunError(
            f"cannot trace result {position}: its source {format_shape(source_shape)} has "
            f"{elements} elements, more than 2^24 = {EXACT_INDEX_LIMIT} (its elements are "
            "numbered 1, 2, … in float32, which holds integers exactly only up to 2^24)"
        )


def layout_map_of(
    source: ModuleOp, entry: str, slot: TensorSlot, position: int
) -> LayoutMap | None:
    """Where each element of result `position` (`slot`) of function `entry` of the
    tensor-level module `source` (`tensor_level_module` of the verified module) came from
    (None when it was not made by a chain of prepare / layout ops from one argument). Raises
    RunError when the weight is too large to index exactly in float32."""
    chain = trace_chain(source, entry, position)
    if chain is None:
        return None
    check_traceable(chain, position)
    source_shape = tensor_info(chain.source.type).shape
    size = int(np.prod(source_shape))
    _, lowered = lower_source(_float32_module(source, chain), None)
    function = find_entry(lowered, "provenance")
    arguments, results = signature(function, [])
    traced = Executable(lowered, "provenance", arguments, results)
    encoded = (np.arange(size, dtype=np.float32) + 1).reshape(source_shape)
    (result,) = traced.run([encoded])
    if result.physical_shape != slot.tensor.physical_shape:
        raise RunError(
            f"the float32 trace of result {position} has physical shape "
            f"{format_shape(result.physical_shape)}, the result "
            f"{format_shape(slot.tensor.physical_shape)}"
        )
    physical = result.physical_to_numpy()
    index = physical.reshape(-1, physical.shape[-1]).astype(np.int64) - 1
    prepare = chain.prepare_op
    plan: ConvWeightsPlan | None = prepare.resolve() if prepare is not None else None
    bias = isinstance(prepare, PrepareConvBiasOp | PrepareConvTranspose2dBiasOp)
    kind = "bias" if bias else "weight"
    title, subtitle = describe_chain(chain, plan, kind, slot.tensor.physical_shape)
    rows, columns = layout_bands(plan, kind, index.shape)
    traced = LayoutMap(
        index=index,
        source_shape=tuple(source_shape),
        kind=kind,
        title=title,
        subtitle=subtitle,
        row_bands=rows,
        column_bands=columns,
        source_argument=chain.source.index,
        weight_axes=(1, 0, 2, 3) if chain.transposed_weight else (0, 1, 2, 3),
        l1_report=_l1_report(prepare, plan),
    )
    return with_source_kernel_rows(traced)


def _l1_report(prepare: ConvPrepareOp | None, plan: ConvWeightsPlan | None) -> str:
    """The L1 line of a picture: the report of the prepare op's resolution, if any."""
    report: ConvL1Report | None = None
    if isinstance(prepare, ConvTranspose2dPrepareOp):
        report = transpose_l1_report(prepare.transpose_plan())
    elif plan is not None:
        report = conv_l1_report(plan)
    return "" if report is None else report.describe()


def describe_chain(
    chain: OpChain, plan: ConvWeightsPlan | None, kind: str, physical: tuple[int, ...]
) -> tuple[str, str]:
    """The title (the op and its parameters) and subtitle (the layout chosen) of a picture."""
    prepare = chain.prepare_op
    if isinstance(prepare, ConvTranspose2dPrepareOp):
        source = tensor_info(prepare.source.type)
        transpose = prepare.transpose_plan()
        return describe_transpose_plan(transpose, prepare.name, source.shape, source.dtype, kind)
    if prepare is not None and plan is not None:
        source = tensor_info(prepare.source.type)
        return describe_plan(plan, prepare.name, source.shape, source.dtype, kind)
    names = " → ".join(op.name for op in chain.ops)
    last = chain.ops[-1]
    properties = ", ".join(f"{name} = {value}" for name, value in sorted(last.properties.items()))
    source = tensor_info(chain.source.type)
    return (
        f"{names} on {format_shape(source.shape)} {source.dtype.value}",
        f"{properties or 'no properties'} · physical {format_shape(physical)}",
    )

"""Building IR from Python in a few lines: a function from its argument types and a body
callback, and a module around functions.

    def body(weight):
        return PrepareConvWeightsOp(weight, in_channels=64, ...).result

    module = build_module(build_function("main", [TensorType(f32, [64, 64, 3, 3])], body))

Ops constructed inside the callback are inserted into the function's body (xDSL's
`ImplicitBuilder`); the values it returns become the function's results, and the function's
type follows from them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from xdsl.builder import ImplicitBuilder
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DenseArrayBase,
    DictionaryAttr,
    FunctionType,
    IntegerAttr,
    ModuleOp,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttnn_xdsl.dialect.attributes import GRID_ATTRIBUTE
from ttnn_xdsl.dialect.device import OPEN_DEVICE_ATTRIBUTE

__all__ = ["build_function", "build_module"]

FunctionBody = Callable[..., SSAValue | Operation | Sequence[SSAValue] | None]


def build_function(
    name: str,
    argument_types: Sequence[Attribute],
    body: FunctionBody,
    *,
    argument_names: Sequence[str] | None = None,
    result_names: Sequence[str] | None = None,
) -> func.FuncOp:
    """`func.func @name(args) -> (results)` whose body is what `body(*arguments)` builds. It
    returns the result value(s): one SSA value, an op with one result, a sequence of values,
    or None for no result. Names become the `%name`s of arguments and results (so
    `ttnn-run --input NAME=...` can refer to them)."""
    function = func.FuncOp(name, (list(argument_types), []))
    arguments = function.body.block.args
    if argument_names is not None:
        if len(argument_names) != len(arguments):
            raise ValueError(
                f"@{name}: {len(argument_names)} argument names for {len(arguments)} arguments"
            )
        for argument, argument_name in zip(arguments, argument_names, strict=True):
            argument.name_hint = argument_name
    with ImplicitBuilder(function.body):
        returned = body(*arguments)
        if returned is None:
            results: list[SSAValue] = []
        elif isinstance(returned, SSAValue):
            results = [returned]
        elif isinstance(returned, Operation):
            results = list(returned.results)
        else:
            results = list(returned)
        if result_names is not None:
            if len(result_names) != len(results):
                raise ValueError(
                    f"@{name}: {len(result_names)} result names for {len(results)} results"
                )
            for result, result_name in zip(results, result_names, strict=True):
                result.name_hint = result_name
        func.ReturnOp(*results)
    function.function_type = FunctionType.from_lists(
        list(argument_types), [result.type for result in results]
    )
    return function


def build_module(
    *functions: func.FuncOp,
    grid: tuple[int, int] | None = None,
    open_device: Mapping[str, int] | None = None,
) -> ModuleOp:
    """A module of `functions`, with the device grid `ttnn.grid` (x, y) when given (8×8
    when absent) and `ttnn.open_device` when given: the keywords the device was opened with
    (`l1_small_size`, `worker_l1_size`, `trace_region_size`; TT-NN's default open when
    absent)."""
    module = ModuleOp(list(functions))
    if grid is not None:
        module.attributes[GRID_ATTRIBUTE] = DenseArrayBase.from_list(i32, grid)
    if open_device is not None:
        module.attributes[OPEN_DEVICE_ATTRIBUTE] = DictionaryAttr(
            {key: IntegerAttr(value, i64) for key, value in open_device.items()}
        )
    return module

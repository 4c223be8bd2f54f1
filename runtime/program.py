"""Running IR: parse, lower, convert inputs, interpret, convert outputs.

    from ttnn_xdsl.runtime import run
    gradients = run(open("examples/assign_bw.mlir").read(), {"grad": g, "input_a": a, "input_b": b})
    gradients[0].to_numpy(), gradients[0].to_bytes()

`Program` is the same in steps, for tools that need the argument and result types.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
from xdsl.context import Context
from xdsl.dialects import func, memref
from xdsl.dialects.builtin import DictionaryAttr, MemRefType, ModuleOp, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import PassPipeline
from xdsl.transforms import get_all_passes

from ttnn_xdsl.dialect import tile
from ttnn_xdsl.dialect.attributes import TENSOR_ATTRIBUTE
from ttnn_xdsl.dialect.context import make_context
from ttnn_xdsl.dialect.enums import Layout
from ttnn_xdsl.dialect.errors import RunError
from ttnn_xdsl.dialect.shapes import TILE_SIZE, format_shape
from ttnn_xdsl.dialect.tensor_types import TensorInfo, tensor_info
from ttnn_xdsl.dialect.types import data_type_of
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.passes import PASSES
from ttnn_xdsl.runtime.interpreter import make_interpreter, tensor_level_ops
from ttnn_xdsl.runtime.tensor import DeviceTensor

DEFAULT_PIPELINE = "ttnn-lower"

InputValue = np.ndarray | DeviceTensor


@dataclass(frozen=True)
class TensorSlot:
    """An argument or result of the entry function: its name (arguments only), position,
    and the TT-NN tensor it holds."""

    name: str | None
    position: int
    tensor: TensorInfo
    type: Attribute
    """The tensor type (or, for IR written at the loop level, the memref type)."""

    @property
    def label(self) -> str:
        return f"%{self.name}" if self.name else f"#{self.position}"


def _slot(
    name: str | None, position: int, memref_or_tensor: Attribute, attributes: DictionaryAttr | None
) -> TensorSlot:
    """An argument/result of the entry function and the TT-NN tensor it holds: the recorded
    `ttnn.tensor` attribute, else what its type says (a tensor, a tiled or row-major memref)."""
    if attributes is not None and TENSOR_ATTRIBUTE in attributes.data:
        memref_or_tensor = attributes.data[TENSOR_ATTRIBUTE]
    return TensorSlot(name, position, _tensor_of(memref_or_tensor), memref_or_tensor)


def _tensor_of(memref_or_tensor: Attribute) -> TensorInfo:
    if isinstance(memref_or_tensor, TensorType):
        return tensor_info(memref_or_tensor)
    if isinstance(memref_or_tensor, MemRefType):
        memref_type = cast(MemRefType[Attribute], memref_or_tensor)
        shape = memref_type.get_shape()
        element = memref_type.element_type
        if isinstance(element, tile.TileType):
            *leading, rows, cols = shape
            physical = (*leading, rows * TILE_SIZE, cols * TILE_SIZE)
            return TensorInfo(physical, element.dtype, Layout.TILE, None, physical, False)
        dtype = data_type_of(element)
        if dtype is not None:
            return TensorInfo(shape, dtype, Layout.ROW_MAJOR, None, shape, False)
    raise RunError(f"cannot pass a value of type {memref_or_tensor} to or from the interpreter")


@dataclass
class Program:
    """A lowered module and the signature of its entry function."""

    module: ModuleOp
    entry: str
    arguments: list[TensorSlot]
    results: list[TensorSlot]
    _read_only: list[bool] | None = field(default=None, init=False, repr=False, compare=False)
    """Per argument, whether the IR only reads it (computed on the first run)."""
    _interpreters: dict[bool, Interpreter] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """The interpreter of each mode (bulk or not), kept between runs."""
    _function: func.FuncOp | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def load(
        cls,
        module_or_text: ModuleOp | str,
        *,
        entry: str | None = None,
        passes: str | None = None,
        filename: str = "<input>",
        ctx: Context | None = None,
    ) -> Program:
        """Parse (when given text) and verify a module, lower it (`passes`, default
        `ttnn-lower` when it still holds ttnn ops; "" runs no pass) and find the entry
        function (`entry`, default `main` or the only function)."""
        ctx = ctx or make_context()
        if isinstance(module_or_text, str):
            module = parse_module(ctx, module_or_text, filename)
        else:
            module = module_or_text
        verify_module(module)
        if passes is None:
            passes = DEFAULT_PIPELINE if tensor_level_ops(module) else ""
        if passes:
            available = {**get_all_passes(), **PASSES}
            try:
                pipeline = PassPipeline.parse_spec(available, passes)
            except (ValueError, TypeError, KeyError) as error:
                raise RunError(f"bad pass pipeline '{passes}': {error}") from None
            pipeline.apply(ctx, module)
            verify_module(module)
        function = _find_entry(module, entry)
        block = function.body.block
        arg_attrs = function.arg_attrs.data if function.arg_attrs else [None] * len(block.args)
        res_types = function.function_type.outputs.data
        res_attrs = function.res_attrs.data if function.res_attrs else [None] * len(res_types)
        arguments = [
            _slot(arg.name_hint, position, arg.type, attrs)
            for position, (arg, attrs) in enumerate(zip(block.args, arg_attrs, strict=True))
        ]
        results = [
            _slot(None, position, result_type, attrs)
            for position, (result_type, attrs) in enumerate(zip(res_types, res_attrs, strict=True))
        ]
        return cls(module, function.sym_name.data, arguments, results)

    def prepare_inputs(
        self,
        inputs: Mapping[str | int, InputValue] | Sequence[InputValue] = (),
        random_seed: int | None = None,
    ) -> list[DeviceTensor]:
        """Convert inputs, given by argument name (without `%`) or position, to the
        arguments' tensor types; missing ones are random normal values when `random_seed`
        is given. Raises RunError on an unknown name, a missing input or a wrong shape."""
        return [tensor for tensor, _ in self._prepare(inputs, random_seed)]

    def _prepare(
        self,
        inputs: Mapping[str | int, InputValue] | Sequence[InputValue],
        random_seed: int | None,
    ) -> list[tuple[DeviceTensor, bool]]:
        """`prepare_inputs`, each tensor with whether it was made here (so the interpreter
        may write into it) rather than passed in by the caller."""
        given: dict[int, InputValue] = {}
        items = inputs.items() if isinstance(inputs, Mapping) else enumerate(inputs)
        by_name = {slot.name: slot.position for slot in self.arguments if slot.name}
        for key, value in items:
            position = self._position_of(key, by_name)
            if position in given:
                raise RunError(f"argument {self.arguments[position].label} is given twice")
            given[position] = value
        rng = np.random.default_rng(random_seed) if random_seed is not None else None
        prepared: list[tuple[DeviceTensor, bool]] = []
        for slot in self.arguments:
            if slot.position in given:
                value = given[slot.position]
                prepared.append((_to_device(value, slot), not isinstance(value, DeviceTensor)))
            elif rng is not None:
                prepared.append((_to_device(_standard_normal(rng, slot.tensor.shape), slot), True))
            else:
                raise RunError(
                    f"missing input for argument {slot.label} of @{self.entry} "
                    f"(expected shape {format_shape(slot.tensor.shape)})"
                )
        return prepared

    def _position_of(self, key: str | int, by_name: Mapping[str, int]) -> int:
        if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
            position = int(key)
            if not 0 <= position < len(self.arguments):
                raise RunError(
                    f"input position {position} is out of range: @{self.entry} has "
                    f"{len(self.arguments)} argument(s)"
                )
            return position
        name = key.removeprefix("%")
        if name not in by_name:
            known = ", ".join(f"%{n}" for n in by_name) or "none named"
            raise RunError(f"@{self.entry} has no argument %{name} (arguments: {known})")
        return by_name[name]

    def run(
        self,
        inputs: Mapping[str | int, InputValue] | Sequence[InputValue] = (),
        random_seed: int | None = None,
        *,
        bulk: bool = True,
    ) -> list[DeviceTensor]:
        """Interpret the entry function on the inputs; one DeviceTensor per result. Loop
        nests run in bulk unless `bulk` is False (every op one by one; the same bytes)."""
        arguments = self._prepare(inputs, random_seed)
        # The interpreter writes into preallocated outputs: a tensor the caller passed in is
        # copied when the IR may write it or return it; the others are passed as they are.
        if self._read_only is None:
            self._read_only = read_only_arguments(self.module, self.entry)
        buffers = [
            tensor.data if made_here or read_only else tensor.data.copy()
            for (tensor, made_here), read_only in zip(arguments, self._read_only, strict=True)
        ]
        # One interpreter per mode, made (and the module checked for ttnn ops) on first use;
        # one that a run left half-way through is dropped.
        interpreter = self._interpreters.pop(bulk, None) or make_interpreter(self.module, bulk)
        if self._function is None:
            self._function = _find_entry(self.module, self.entry)
        outputs = interpreter.call_op(self._function, tuple(buffers))
        self._interpreters[bulk] = interpreter
        return [
            DeviceTensor(
                logical_shape=slot.tensor.shape,
                physical_shape=slot.tensor.physical_shape,
                dtype=slot.tensor.dtype,
                layout=slot.tensor.layout,
                data=np.asarray(output),
                memory_config=slot.tensor.memory_config,
            )
            for slot, output in zip(self.results, outputs, strict=True)
        ]


def _standard_normal(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """`rng.standard_normal(shape).astype(np.float32)` without its full-size float64
    temporary: drawn in chunks (the same stream of values), each rounded to float32."""
    values = np.empty(shape, np.float32)
    flat = values.reshape(-1)
    chunk = np.empty(max(1, min(flat.size, 1 << 16)))
    for start in range(0, flat.size, chunk.size):
        part = chunk[: min(chunk.size, flat.size - start)]
        rng.standard_normal(out=part)
        flat[start : start + part.size] = part
    return values


# Operand positions an op only reads (every other use of a buffer may write it).
_READ_OPERANDS: dict[type[Operation], tuple[int, ...]] = {
    tile.LoadOp: (0,),
    tile.TilizeOp: (0,),
    memref.LoadOp: (0,),
    memref.CopyOp: (0,),
    linalg.CopyOp: (0,),
    linalg.TransposeOp: (0,),
    linalg.BroadcastOp: (0,),
}


def read_only_arguments(module: ModuleOp, entry: str) -> list[bool]:
    """For each argument of function `entry`: whether the IR only reads it — every use is a
    read (`tile.load`, `tile.tilize`, `memref.load`, the source of a copy, transpose or
    broadcast), a subview only read, or an argument of a call whose callee only reads it. A
    returned, written or otherwise used argument is not read-only."""
    functions = {
        op.sym_name.data: op
        for op in module.walk()
        if isinstance(op, func.FuncOp) and not op.is_declaration
    }
    memo: dict[tuple[str, int], bool] = {}

    def argument_read_only(name: str, position: int) -> bool:
        key = (name, position)
        if key not in memo:
            memo[key] = False  # a recursive call is assumed to write
            memo[key] = only_read(functions[name].body.block.args[position])
        return memo[key]

    def only_read(value: SSAValue) -> bool:
        for use in value.uses:
            user = use.operation
            if use.index in _READ_OPERANDS.get(type(user), ()):
                continue
            if isinstance(user, memref.SubviewOp) and use.index == 0:
                if only_read(user.result):
                    continue
                return False
            callee = user.callee.string_value() if isinstance(user, func.CallOp) else None
            if callee in functions and argument_read_only(callee, use.index):
                continue
            return False
        return True

    return [
        argument_read_only(entry, position)
        for position in range(len(functions[entry].body.block.args))
    ]


def _find_entry(module: ModuleOp, entry: str | None) -> func.FuncOp:
    functions = [
        op for op in module.walk() if isinstance(op, func.FuncOp) and not op.is_declaration
    ]
    if not functions:
        raise RunError("the module has no function to run")
    names = [f.sym_name.data for f in functions]
    wanted = entry or ("main" if "main" in names or len(functions) != 1 else names[0])
    for function in functions:
        if function.sym_name.data == wanted:
            return function
    listing = ", ".join(f"@{n}" for n in names)
    raise RunError(f"no function @{wanted} to run (functions: {listing}); choose one with --entry")


def _to_device(value: InputValue, slot: TensorSlot) -> DeviceTensor:
    """Convert an input to the argument's tensor type (rounding, tilizing, packing)."""
    tensor = slot.tensor
    if isinstance(value, DeviceTensor):
        if (value.logical_shape, value.dtype, value.layout, value.physical_shape) != (
            tensor.shape,
            tensor.dtype,
            tensor.layout,
            tensor.physical_shape,
        ):
            raise RunError(
                f"input for {slot.label} is a {value.dtype.value} {value.layout.value} tensor "
                f"of shape {format_shape(value.logical_shape)}, expected {tensor.dtype.value} "
                f"{tensor.layout.value} of shape {format_shape(tensor.shape)}"
            )
        return value
    array: Any = np.asarray(value)
    if array.dtype.kind not in "fiub":
        raise RunError(f"input for {slot.label} has non-numeric dtype {array.dtype}")
    if tuple(array.shape) != tensor.shape:
        raise RunError(
            f"input for {slot.label} has shape {format_shape(array.shape)}, expected "
            f"{format_shape(tensor.shape)}"
        )
    try:
        return DeviceTensor.from_numpy(
            array,
            tensor.dtype,
            tensor.layout,
            physical_shape=tensor.physical_shape if tensor.explicit_physical else None,
            memory_config=tensor.memory_config,
        )
    except ValueError as error:
        raise RunError(f"input for {slot.label}: {error}") from None


def run(
    module_or_text: ModuleOp | str,
    inputs: Mapping[str | int, InputValue] | Sequence[InputValue] = (),
    *,
    entry: str | None = None,
    passes: str | None = None,
    random_seed: int | None = None,
    filename: str = "<input>",
    bulk: bool = True,
) -> list[DeviceTensor]:
    """Lower (when needed) and run IR: inputs by argument name or position (NumPy arrays of
    logical values, converted to each argument's type, or DeviceTensors); one DeviceTensor
    per result of the entry function. `bulk=False` runs every op one by one."""
    program = Program.load(module_or_text, entry=entry, passes=passes, filename=filename)
    return program.run(inputs, random_seed, bulk=bulk)

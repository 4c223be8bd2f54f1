"""Running IR: parse, lower, convert inputs, interpret, convert outputs.

    from ttnn_xdsl.runtime import run
    gradients = run(open("examples/assign_bw.mlir").read(), {"grad": g, "input_a": a, "input_b": b})
    gradients[0].to_numpy(), gradients[0].to_bytes()

`Program` is the same in steps, for tools that need the argument and result types.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any, cast

import ml_dtypes
import numpy as np
from xdsl.context import Context
from xdsl.dialects import func, memref
from xdsl.dialects.builtin import DictionaryAttr, MemRefType, ModuleOp, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.interpreter import InterpretationError, Interpreter
from xdsl.ir import Attribute, Operation, OpResult, SSAValue

from ttnn_xdsl.dialect import tile
from ttnn_xdsl.dialect.attributes import TENSOR_ATTRIBUTE
from ttnn_xdsl.dialect.context import make_context
from ttnn_xdsl.dialect.enums import Layout
from ttnn_xdsl.dialect.errors import RunError, TensorTypeError, TTNNError
from ttnn_xdsl.dialect.shapes import TILE_SIZE, format_bytes, format_shape
from ttnn_xdsl.dialect.tensor_types import TensorInfo, tensor_info
from ttnn_xdsl.dialect.tt_mlir import (
    PrepareConv2dBiasOp,
    PrepareConv2dWeightsOp,
    foreign_op_name,
)
from ttnn_xdsl.dialect.types import data_type_of
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.frontend.diagnostics import upstream_failure
from ttnn_xdsl.passes.foreign_functions import (
    foreign_ops,
    function_table,
    reachable_functions,
)
from ttnn_xdsl.passes.loops import buffer_type
from ttnn_xdsl.passes.pipeline_spec import parse_pass_pipeline
from ttnn_xdsl.runtime.interpreter import make_interpreter, tensor_level_ops
from ttnn_xdsl.runtime.interpreter.buffers import buffer_shape_and_dtype, op_error
from ttnn_xdsl.runtime.layout_map import LayoutMap
from ttnn_xdsl.runtime.npy import DEFAULT_MAX_BYTES
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.runtime.timing import PhaseTimer

DEFAULT_PIPELINE = "ttnn-lower"


InputValue = np.ndarray | DeviceTensor

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)


@dataclass(frozen=True)
class TensorSlot:
    """An argument or result of the entry function: its name, position, and the TT-NN tensor
    it holds. An argument's name is its SSA name; a result's is the name the IR gives the
    value the function returns (`result_names`), None when it gives none."""

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
    label = f"%{name}" if name else f"#{position}"
    if attributes is not None and TENSOR_ATTRIBUTE in attributes.data:
        recorded = attributes.data[TENSOR_ATTRIBUTE]
        if isinstance(memref_or_tensor, MemRefType):
            _check_recorded_tensor(label, recorded, memref_or_tensor)
        memref_or_tensor = recorded
    return TensorSlot(name, position, _tensor_of(memref_or_tensor, label), memref_or_tensor)


def _check_recorded_tensor(label: str, recorded: Attribute, memref: MemRefType[Attribute]) -> None:
    """A lowered argument/result records the tensor its memref holds (`ttnn.tensor`): the
    memref must be the one that tensor bufferizes to."""
    try:
        expected = buffer_type(recorded)
    except TensorTypeError as error:
        raise RunError(f"{label}: {TENSOR_ATTRIBUTE} is not a TT-NN tensor type: {error}") from None
    if (expected.get_shape(), expected.element_type) != (memref.get_shape(), memref.element_type):
        raise RunError(
            f"{label}: {TENSOR_ATTRIBUTE} = {recorded} is held in {expected}, not in {memref}"
        )


def _tensor_of(memref_or_tensor: Attribute, label: str) -> TensorInfo:
    if isinstance(memref_or_tensor, TensorType):
        try:
            return tensor_info(memref_or_tensor)
        except TensorTypeError as error:
            raise RunError(f"{label}: {error.message}") from None
    if isinstance(memref_or_tensor, MemRefType):
        memref_type = cast(MemRefType[Attribute], memref_or_tensor)
        shape = memref_type.get_shape()
        if any(d < 0 for d in shape):
            raise RunError(f"{label}: cannot pass a memref of dynamic shape {memref_type}")
        element = memref_type.element_type
        if isinstance(element, tile.TileType):
            if len(shape) < 2:
                raise RunError(
                    f"{label}: a memref of tiles needs rank 2 or more (tile rows and columns), "
                    f"got {memref_type}"
                )
            *leading, rows, cols = shape
            physical = (*leading, rows * TILE_SIZE, cols * TILE_SIZE)
            return TensorInfo(physical, element.dtype, Layout.TILE, None, physical, False)
        dtype = data_type_of(element)
        if dtype is not None:
            return TensorInfo(shape, dtype, Layout.ROW_MAJOR, None, shape, False)
    raise RunError(
        f"{label}: cannot pass a value of type {memref_or_tensor} to or from the interpreter"
    )


def _phase(timer: PhaseTimer | None, name: str) -> AbstractContextManager[None]:
    return timer.phase(name) if timer is not None else nullcontext()


@dataclass
class Program:
    """A lowered module and the signature of its entry function."""

    module: ModuleOp
    entry: str
    arguments: list[TensorSlot]
    results: list[TensorSlot]
    executed: ModuleOp | None = field(default=None, repr=False)
    """The module the interpreter runs when it is not `module`: the entry and the functions
    it calls, apart from tt-mlir constructs the project does not run (`_runnable`)."""
    source: ModuleOp | None = field(default=None, repr=False)
    """The verified module before lowering (what the result names and the layout pictures'
    provenance are read from); None when the Program was built from lowered IR directly."""
    _read_only: list[bool] | None = field(default=None, init=False, repr=False, compare=False)
    """Per argument, whether the IR only reads it (computed on the first run)."""
    max_bytes: int = field(default=DEFAULT_MAX_BYTES, compare=False)
    """The largest tensor or buffer a run accepts (`DEFAULT_MAX_BYTES`)."""
    _shared: _ModuleRunState = field(
        default_factory=lambda: _ModuleRunState(), init=False, repr=False, compare=False
    )
    """What runs of this module keep, shared with the Programs of its other entries
    (`with_entry`, `load_all`)."""
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
        timer: PhaseTimer | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
    ) -> Program:
        """Parse (when given text) and verify a module, lower it (`passes`, default
        `ttnn-lower` when it still holds ttnn ops; "" runs no pass) and find the entry
        function (`entry`, default `main` or the only function; a leading `@` is allowed).
        `timer` records the phases `parse` and `lower`. A run refuses any tensor or buffer
        larger than `max_bytes`."""
        source, module = _lower(module_or_text, passes, filename, ctx, timer)
        program = cls._of_entry(module, entry, source)
        program.max_bytes = max_bytes
        return program

    @classmethod
    def load_all(
        cls,
        module_or_text: ModuleOp | str,
        *,
        passes: str | None = None,
        filename: str = "<input>",
        ctx: Context | None = None,
        timer: PhaseTimer | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
        skipped: list[str] | None = None,
    ) -> list[Program]:
        """`load`, once, with one Program per function that calls no other function (in a
        module whose `@main` only calls its layers, each layer and not `@main`, which would
        compute them again), in the module's order. A function holding a tt-mlir op the
        project does not model (tt-mlir's forward pass beside its const-eval functions) is
        left out, with the reason appended to `skipped`; tt-mlir's own prepare ops, not yet
        imported, are still an error."""
        source, module = _lower(module_or_text, passes, filename, ctx, timer)
        leaves = [
            function.sym_name.data
            for function in _functions(source)
            if not any(isinstance(op, func.CallOp) for op in function.walk())
        ]
        if not leaves:
            raise RunError("the module has no function that calls no other function to run")
        programs: list[Program] = []
        reasons: list[str] = []
        for name in leaves:
            try:
                programs.append(cls._of_entry(module, name, source))
            except NotModelledError as error:
                reasons.append(error.message)
        if not programs:
            raise RunError(f"no function the interpreter can run: {reasons[0]}")
        if skipped is not None:
            skipped += reasons
        for program in programs:
            program.max_bytes = max_bytes
            program._share_with(programs[0])
        return programs

    def with_entry(self, entry: str) -> Program:
        """The same lowered module with another entry function (no parsing, verifying or
        lowering again)."""
        program = self._of_entry(self.module, entry, self.source)
        program.max_bytes = self.max_bytes
        program._share_with(self)
        return program

    def _share_with(self, other: Program) -> None:
        """Share `other`'s interpreters and checks when both run the same module (not
        when either runs a copy of its entry's functions: `_runnable`)."""
        if self.executed is None and other.executed is None and self.module is other.module:
            self._shared = other._shared

    @property
    def functions(self) -> list[str]:
        """The names of the module's functions, in order (the possible entries)."""
        return [
            op.sym_name.data
            for op in self.module.walk()
            if isinstance(op, func.FuncOp) and not op.is_declaration
        ]

    @classmethod
    def _of_entry(cls, module: ModuleOp, entry: str | None, source: ModuleOp | None) -> Program:
        function = _find_entry(module, entry)
        executed, function = _runnable(module, function)
        block = function.body.blocks.first
        assert block is not None  # a declaration is never an entry
        arg_attrs = function.arg_attrs.data if function.arg_attrs else [None] * len(block.args)
        res_types = function.function_type.outputs.data
        res_attrs = function.res_attrs.data if function.res_attrs else [None] * len(res_types)
        names = result_names(source or module, function.sym_name.data)
        if len(names) != len(res_types):
            names = [None] * len(res_types)
        arguments = [
            _slot(arg.name_hint, position, arg.type, attrs)
            for position, (arg, attrs) in enumerate(zip(block.args, arg_attrs, strict=True))
        ]
        results = [
            _slot(name, position, result_type, attrs)
            for position, (name, result_type, attrs) in enumerate(
                zip(names, res_types, res_attrs, strict=True)
            )
        ]
        return cls(
            module,
            function.sym_name.data,
            arguments,
            results,
            executed if executed is not module else None,
            source,
        )

    def layout_map(self, position: int) -> LayoutMap | None:
        """Where each element of result `position` came from, read off the IR by running
        its op chain in float32 on an index-encoded input (`provenance.layout_map_of`);
        None when the result is not made by prepare / layout ops from one argument."""
        from ttnn_xdsl.runtime.provenance import layout_map_of

        return layout_map_of(self, position)

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
        if random_seed is not None and random_seed < 0:
            raise RunError(f"the random seed must be a non-negative integer, got {random_seed}")
        for kind, slots in (("argument", self.arguments), ("result", self.results)):
            for slot in slots:
                self._check_size(kind, slot)
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
                    f"(expected shape {format_shape(slot.tensor.shape)})",
                    tool_hint="give it with --input NAME=FILE.npy or draw every missing "
                    "input with --random-inputs SEED",
                )
        return prepared

    def _check_size(self, kind: str, slot: TensorSlot) -> None:
        """Refuse an argument or result larger than `max_bytes` (4 bytes a value at its
        physical shape: the float32 values every conversion works on)."""
        size = 4 * math.prod(slot.tensor.physical_shape)
        if size > self.max_bytes:
            raise RunError(
                f"{kind} {slot.label} of @{self.entry} ({slot.type}) takes "
                f"{format_bytes(size)}, more than the limit of {format_bytes(self.max_bytes)}"
            )

    def _position_of(self, key: str | int, by_name: Mapping[str, int]) -> int:
        if isinstance(key, int) or (isinstance(key, str) and key.isascii() and key.isdigit()):
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
        listeners: Sequence[Interpreter.Listener] = (),
        timer: PhaseTimer | None = None,
    ) -> list[DeviceTensor]:
        """Interpret the entry function on the inputs; one DeviceTensor per result. Loop
        nests run in bulk unless `bulk` is False (every op one by one; the same bytes).
        `listeners` observe every op the interpreter runs (progress); `timer` records the
        phases `convert inputs` and `interpret`."""
        executed = self.executed or self.module
        with _phase(timer, "convert inputs"):
            arguments = self._prepare(inputs, random_seed)
            # The interpreter writes into preallocated outputs: a tensor the caller passed
            # in is copied when the IR may write it or return it; the others are passed as
            # they are.
            if self._read_only is None:
                self._read_only = read_only_arguments(
                    executed, self.entry, self._shared.function_table(executed)
                )
            buffers = [
                tensor.data if made_here or read_only else tensor.data.copy()
                for (tensor, made_here), read_only in zip(arguments, self._read_only, strict=True)
            ]
        with _phase(timer, "interpret"):
            shared = self._shared
            if shared.allocations_checked != self.max_bytes:
                _check_allocations(executed, self.max_bytes)
                shared.allocations_checked = self.max_bytes
            # One interpreter per mode, made (and the module checked for ttnn ops) on first
            # use; one that a run left half-way through is dropped.
            interpreter = shared.interpreters.pop(bulk, None) or make_interpreter(executed, bulk)
            interpreter.listeners = tuple(listeners)
            if self._function is None:
                self._function = shared.function_table(executed).get(self.entry) or _find_entry(
                    executed, self.entry
                )
            try:
                outputs = interpreter.call_op(self._function, tuple(buffers))
            except InterpretationError as error:
                # An op or a call the interpreter has no implementation for.
                message = " ".join(str(error).split())
                raise RunError(f"cannot run @{self.entry}: {message}") from None
            except RecursionError:
                # The interpreter recurses once (or more) per func.call: a recursive program.
                raise RunError(
                    f"cannot run @{self.entry}: its calls nest too deeply for the interpreter"
                ) from None
            shared.interpreters[bulk] = interpreter
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


@dataclass
class _ModuleRunState:
    """What every run of one lowered module keeps, whichever function is the entry: an
    interpreter per mode (bulk or not; one a run left half-way is dropped), the `max_bytes`
    every `memref.alloc` was last found within, and the table of its functions — each a walk
    of the whole module, made once (`make demo` runs ResNet-50's 53 functions one by one)."""

    interpreters: dict[bool, Interpreter] = field(default_factory=dict)
    allocations_checked: int | None = None
    functions: dict[str, func.FuncOp] | None = None

    def function_table(self, module: ModuleOp) -> dict[str, func.FuncOp]:
        if self.functions is None:
            self.functions = function_table(module, definitions=True)
        return self.functions


def _check_allocations(module: ModuleOp, max_bytes: int) -> None:
    """Refuse a `memref.alloc` the interpreter could not make: of a dynamic shape, or
    larger than `max_bytes` (checked before running, so no allocation is attempted)."""
    for op in module.walk():
        if not isinstance(op, memref.AllocOp):
            continue
        memref_type = cast(MemRefType[Attribute], op.memref.type)
        if any(d < 0 for d in memref_type.get_shape()):
            raise op_error(op, f"cannot allocate a memref of dynamic shape {memref_type}")
        shape, dtype = buffer_shape_and_dtype(memref_type)
        size = math.prod(shape) * dtype.itemsize
        if size > max_bytes:
            raise op_error(
                op,
                f"{memref_type} takes {format_bytes(size)}, more than the limit of "
                f"{format_bytes(max_bytes)}",
            )


def _runnable(module: ModuleOp, entry: func.FuncOp) -> tuple[ModuleOp, func.FuncOp]:
    """The module to interpret for `entry`: refused when `entry` or a function it calls
    holds a tt-mlir op the project does not run. When the module holds tt-mlir constructs
    elsewhere (a forward pass next to the const-eval function being run, tt-mlir's module
    wrappers), a new module of copies of `entry` and the functions it calls."""
    reached = reachable_functions(entry, module)
    for function in reached:
        found = foreign_ops(function)
        if found:
            # tt-mlir's prepare ops first: they only need import-tt-mlir.
            prepare = [
                op for op in found if isinstance(op, PrepareConv2dWeightsOp | PrepareConv2dBiasOp)
            ]
            op = (prepare or found)[0]
            error = RunError if prepare else NotModelledError
            raise error(_not_runnable(op, function), op=op)
    foreign = any(foreign_op_name(op) is not None for op in module.walk())
    if not foreign and entry.parent_op() is module:
        return module, entry
    copies = [function.clone() for function in reached]
    return ModuleOp(copies), copies[0]


class NotModelledError(RunError):
    """A function the interpreter cannot run because it holds a tt-mlir op (or tensor
    layout) the project does not model."""


def _not_runnable(op: Operation, function: func.FuncOp) -> str:
    """Why `op` (found by `first_foreign_op` in `function`) cannot run."""
    name = foreign_op_name(op)
    if isinstance(op, PrepareConv2dWeightsOp | PrepareConv2dBiasOp):
        return (
            f"cannot run '{name}' in @{function.sym_name.data}: it is tt-mlir's op; import it "
            "first (-p import-tt-mlir,ttnn-lower)"
        )
    if name is not None:
        return (
            f"cannot run '{name}' in @{function.sym_name.data}: ttnn-xdsl does not model this "
            "tt-mlir op (ttnn-opt passes it through untouched)"
        )
    if op is function:
        return (
            f"cannot run @{function.sym_name.data}: its signature holds tensors in a tt-mlir "
            "layout (#ttnn.ttnn_layout), which only tt-mlir's ops use"
        )
    return (
        f"cannot run '{op.name}' in @{function.sym_name.data}: it works on tensors in a tt-mlir "
        "layout (#ttnn.ttnn_layout)"
    )


def _lower(
    module_or_text: ModuleOp | str,
    passes: str | None,
    filename: str,
    ctx: Context | None,
    timer: PhaseTimer | None,
) -> tuple[ModuleOp, ModuleOp]:
    """Parse and verify, then lower a copy: (the verified module, the lowered module)."""
    ctx = ctx or make_context()
    with _phase(timer, "parse"):
        if isinstance(module_or_text, str):
            source = parse_module(ctx, module_or_text, filename)
        else:
            source = module_or_text
        verify_module(source)
    with _phase(timer, "lower"):
        # Lowering rewrites the module in place: work on a copy, never the caller's.
        module = source.clone()
        if passes is None:
            passes = DEFAULT_PIPELINE if tensor_level_ops(module) else ""
        if passes:
            pipeline = parse_pass_pipeline(passes)
            try:
                pipeline.apply(ctx, module)
            except TTNNError:
                raise
            except Exception as error:
                # An upstream pass failing on IR it was not made for: the input's problem.
                failure = upstream_failure(error, f"the pass pipeline '{passes}'")
                if failure is None:
                    raise
                raise failure from None
            verify_module(module)
    if not isinstance(module_or_text, str):
        # The caller may change its module later: keep a copy of what was lowered.
        source = source.clone()
    return source, module


def _functions(module: ModuleOp) -> Iterator[func.FuncOp]:
    """The module's function definitions, in order."""
    for op in module.walk():
        if isinstance(op, func.FuncOp) and not op.is_declaration:
            yield op


def result_names(module: ModuleOp, function_name: str) -> list[str | None]:
    """The name of each result of function `function_name`: the SSA name of the value its
    `func.return` returns (`%prepared_weight` → `prepared_weight`); for an unnamed result of
    a `func.call`, the callee's name of that result after the callee's name
    (`conv1.prepared_weight`). None where there is no name, where two results would get the
    same name, and where a name would be another result's `resultN`. Empty when there is no
    such function."""
    functions = {function.sym_name.data: function for function in _functions(module)}
    memo: dict[str, list[str | None]] = {}

    def names_of(name: str, calling: frozenset[str]) -> list[str | None]:
        if name not in memo:
            returns = [op for op in functions[name].body.block.ops if isinstance(op, func.ReturnOp)]
            values = list(returns[0].arguments) if returns else []
            memo[name] = [name_of(value, calling | {name}) for value in values]
        return memo[name]

    def name_of(value: SSAValue, calling: frozenset[str]) -> str | None:
        if value.name_hint is not None:
            return value.name_hint
        call = value.owner
        if isinstance(value, OpResult) and isinstance(call, func.CallOp):
            callee = call.callee.string_value()
            if callee in functions and callee not in calling:
                inner = names_of(callee, calling)
                if value.index < len(inner) and inner[value.index] is not None:
                    return f"{callee}.{inner[value.index]}"
        return None

    if function_name not in functions:
        return []
    names = names_of(function_name, frozenset())
    aliases = {f"result{position}" for position in range(len(names))}
    return [
        name if name is not None and names.count(name) == 1 and name not in aliases else None
        for name in names
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


def read_only_arguments(
    module: ModuleOp, entry: str, functions: dict[str, func.FuncOp] | None = None
) -> list[bool]:
    """For each argument of function `entry`: whether the IR only reads it — every use is a
    read (`tile.load`, `tile.tilize`, `memref.load`, the source of a copy, transpose or
    broadcast), a subview only read, or an argument of a call whose callee only reads it. A
    returned, written or otherwise used argument is not read-only. `functions` is the
    module's table of function definitions by name, when already made."""
    if functions is None:
        functions = function_table(module, definitions=True)
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
    functions = list(_functions(module))
    if not functions:
        raise RunError("the module has no function to run")
    names = [f.sym_name.data for f in functions]
    if entry is not None:
        entry = entry.removeprefix("@")
    wanted = entry or ("main" if "main" in names or len(functions) != 1 else names[0])
    for function in functions:
        if function.sym_name.data == wanted:
            return function
    listing = ", ".join(f"@{n}" for n in names)
    raise RunError(
        f"no function @{wanted} to run (functions: {listing})", tool_hint="choose one with --entry"
    )


def _to_device(value: InputValue, slot: TensorSlot) -> DeviceTensor:
    """Convert an input to the argument's tensor type (rounding, tilizing, packing)."""
    tensor = slot.tensor
    if isinstance(value, DeviceTensor):
        differences = [
            f"{what} is {given}, expected {wanted}"
            for what, given, wanted in (
                ("dtype", value.dtype.value, tensor.dtype.value),
                ("layout", value.layout.value, tensor.layout.value),
                ("logical shape", format_shape(value.logical_shape), format_shape(tensor.shape)),
                (
                    "physical shape",
                    format_shape(value.physical_shape),
                    format_shape(tensor.physical_shape),
                ),
            )
            if given != wanted
        ]
        if differences:
            raise RunError(
                f"input for {slot.label} does not match the argument's type: "
                + "; ".join(differences)
            )
        return value
    array: Any = np.asarray(value)
    if array.dtype.kind != "f" and array.dtype != BFLOAT16:
        raise RunError(
            f"input for {slot.label} has dtype {array.dtype}; expected floating-point values "
            "(float16, float32, float64 or bfloat16; convert others with .astype(np.float32))"
        )
    if tuple(array.shape) != tensor.shape:
        raise RunError(
            f"input for {slot.label} has shape {format_shape(array.shape)}, expected "
            f"{format_shape(tensor.shape)}"
        )
    try:
        # float64 values beyond float32's range become ±inf, as torch's cast makes them
        # (bfloat8_b then refuses them): no overflow warning.
        with np.errstate(over="ignore"):
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
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[DeviceTensor]:
    """Lower (when needed) and run IR: inputs by argument name or position (NumPy arrays of
    logical values, converted to each argument's type, or DeviceTensors); one DeviceTensor
    per result of the entry function. `bulk=False` runs every op one by one; a tensor or
    buffer beyond `max_bytes` is refused."""
    program = Program.load(
        module_or_text, entry=entry, passes=passes, filename=filename, max_bytes=max_bytes
    )
    return program.run(inputs, random_seed, bulk=bulk)

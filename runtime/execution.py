"""Running a lowered function: its arguments' inputs converted, the interpreter run, its
results as DeviceTensors. What runs is already lowered (the compiler side, `ttnn_xdsl.program`,
parses, verifies, lowers and reads the signature); nothing here compiles."""

from __future__ import annotations

import math
import operator
from collections.abc import Collection, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import SupportsIndex, cast

import numpy as np
from xdsl.dialects import func, memref
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.interpreter import InterpretationError, Interpreter
from xdsl.ir import Attribute

from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.core.shapes import format_bytes, format_shape
from ttnn_xdsl.dialect.call_graph import function_table, reachable_functions
from ttnn_xdsl.runtime.inputs import BackgroundDraw, InputValue, standard_normal, to_device
from ttnn_xdsl.runtime.interpreter import make_interpreter
from ttnn_xdsl.runtime.interpreter.buffers import buffer_shape_and_dtype, op_error
from ttnn_xdsl.runtime.memory import check_memory
from ttnn_xdsl.runtime.read_only import read_only_arguments
from ttnn_xdsl.runtime.slots import TensorSlot
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.runtime.timing import PhaseTimer
from ttnn_xdsl.tensor_formats.npy import DEFAULT_MAX_BYTES

__all__ = [
    "Executable",
    "argument_position",
    "boolean_argument",
    "check_allocations",
    "check_max_bytes",
    "check_random_seed",
    "check_run_memory",
    "check_size",
    "draw_in_background",
    "given_inputs",
    "input_key",
    "integer_argument",
    "optional_text_argument",
    "phase",
]


def phase(timer: PhaseTimer | None, name: str) -> AbstractContextManager[None]:
    """`timer.phase(name)`, or nothing when there is no timer."""
    return timer.phase(name) if timer is not None else nullcontext()


@dataclass
class Executable:
    """A lowered module, the function a run executes and that function's signature."""

    module: ModuleOp
    entry: str
    arguments: list[TensorSlot]
    results: list[TensorSlot]
    executed: ModuleOp | None = field(default=None, repr=False)
    """The module the interpreter runs when it is not `module` (the entry and the functions
    it calls, apart from tt-mlir constructs the project does not run)."""
    max_bytes: int = field(default=DEFAULT_MAX_BYTES, compare=False)
    """The largest tensor or buffer a run accepts (`DEFAULT_MAX_BYTES`)."""
    _read_only: list[bool] | None = field(default=None, init=False, repr=False, compare=False)
    """Per argument, whether the IR only reads it (computed on the first run)."""
    _allocated: int | None = field(default=None, init=False, repr=False, compare=False)
    """The bytes of the buffers a run of the entry allocates (`allocated_bytes`, on first use)."""
    _shared: ModuleRunState = field(
        default_factory=lambda: ModuleRunState(), init=False, repr=False, compare=False
    )
    """What runs of this module keep, shared with the Executables of its other entries."""
    _function: func.FuncOp | None = field(default=None, init=False, repr=False, compare=False)
    _draw: BackgroundDraw | None = field(default=None, init=False, repr=False, compare=False)
    """Random inputs being drawn for a run (`draw_in_background`)."""

    def share_state_with(self, other: Executable) -> None:
        """Share `other`'s interpreters and checks when both run the same module (not when
        either runs a copy of its entry's functions)."""
        if self.executed is None and other.executed is None and self.module is other.module:
            self._shared = other._shared

    def prepare_inputs(
        self,
        inputs: Mapping[str | int, InputValue] | Sequence[InputValue] = (),
        random_seed: int | None = None,
    ) -> list[DeviceTensor]:
        """Convert inputs, given by argument name (without `%`) or position, to the
        arguments' tensor types; missing ones are random normal values when `random_seed`
        is given. Raises RunError on an unknown name, a missing input or a wrong shape."""
        return [
            tensor for tensor, _ in self._prepare(inputs, random_seed, "Program.prepare_inputs")
        ]

    def _prepare(
        self,
        inputs: Mapping[str | int, InputValue] | Sequence[InputValue],
        random_seed: int | None,
        caller: str = "Program.run",
    ) -> list[tuple[DeviceTensor, bool]]:
        """`prepare_inputs`, each tensor with whether it was made here (so the interpreter
        may write into it) rather than passed in by the caller (`caller`: the method a
        TypeError names)."""
        items = input_items(inputs, caller)
        random_seed = check_random_seed(random_seed, caller)
        for kind, slots in (("argument", self.arguments), ("result", self.results)):
            for slot in slots:
                self._check_size(kind, slot)
        self._check_buffers()
        given: dict[int, InputValue] = {}
        by_name = {slot.name: slot.position for slot in self.arguments if slot.name}
        for key, value in items:
            position = self._position_of(key, by_name)
            if position in given:
                raise RunError(f"argument {self.arguments[position].label} is given twice")
            given[position] = value
        rng = np.random.default_rng(random_seed) if random_seed is not None else None
        drawn = iter(self._drawn_already(random_seed, given))
        prepared: list[tuple[DeviceTensor, bool]] = []
        for slot in self.arguments:
            if slot.position in given:
                value = given[slot.position]
                tensor = to_device(value, slot)
                # Made here unless it is (or shares memory with) what the caller passed.
                theirs = isinstance(value, DeviceTensor) or np.shares_memory(tensor.data, value)
                prepared.append((tensor, not theirs))
            elif rng is not None:
                tensor = next(drawn, None)
                if tensor is None:
                    tensor = to_device(standard_normal(rng, slot.tensor.shape), slot)
                prepared.append((tensor, True))
            else:
                raise RunError(
                    f"missing input for argument {slot.label} of @{self.entry} "
                    f"(expected shape {format_shape(slot.tensor.shape)})",
                    tool_hint="give it with --input NAME=FILE.npy or draw every missing "
                    "input with --random-inputs SEED",
                )
        return prepared

    def take_draw(self, draw: BackgroundDraw | None) -> None:
        """Values drawn in the background (`draw_in_background`) for the next run: a run with
        their seed and without inputs for their arguments takes them instead of drawing."""
        self._draw = draw

    def _drawn_already(
        self, random_seed: int | None, given: Mapping[int, InputValue]
    ) -> list[DeviceTensor]:
        """The arguments drawn in the background for this run's seed and missing arguments
        (taken once), or none."""
        draw, self._draw = self._draw, None
        if draw is None or draw.seed != random_seed:
            return []
        missing = [slot for slot in self.arguments if slot.position not in given]
        if draw.positions != tuple(slot.position for slot in missing):
            return []
        if draw.types != tuple(slot.tensor for slot in missing):
            return []
        return draw.tensors()

    def _check_size(self, kind: str, slot: TensorSlot) -> None:
        check_size(kind, slot, self.entry, self.max_bytes)

    def _check_buffers(self) -> None:
        """Before anything of a run is allocated: each `memref.alloc` within `max_bytes`,
        and the arguments and buffers together within the memory the machine has left."""
        executed = self.executed or self.module
        shared = self._shared
        if shared.allocations_checked != self.max_bytes:
            check_allocations(executed, self.max_bytes)
            shared.allocations_checked = self.max_bytes
        if self._allocated is None:
            entry = shared.function_table(executed).get(self.entry)
            functions = reachable_functions(entry, shared.function_table(executed)) if entry else []
            self._allocated = allocated_bytes(functions)
        check_run_memory(self.entry, self.arguments, self._allocated)

    def _position_of(self, key: str | int, by_name: Mapping[str, int]) -> int:
        return argument_position(key, len(self.arguments), by_name, self.entry)

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
        bulk = boolean_argument(bulk, "bulk as a bool (True or False)", "Program.run")
        executed = self.executed or self.module
        shared = self._shared
        with phase(timer, "convert inputs"):
            arguments = self._prepare(inputs, random_seed)
            # The interpreter writes into preallocated outputs: a tensor the caller passed
            # in is copied when the IR may write it or return it; the others are passed as
            # they are.
            if self._read_only is None:
                self._read_only = read_only_arguments(
                    executed, self.entry, shared.function_table(executed)
                )
            buffers = [
                tensor.data if made_here or read_only else tensor.data.copy()
                for (tensor, made_here), read_only in zip(arguments, self._read_only, strict=True)
            ]
        with phase(timer, "interpret"):
            # One interpreter per mode, made (and the module checked for ttnn ops) on first
            # use; one that a run left half-way through is dropped.
            interpreter = shared.interpreters.pop(bulk, None) or make_interpreter(executed, bulk)
            interpreter.listeners = tuple(listeners)
            if self._function is None:
                function = shared.function_table(executed).get(self.entry)
                if function is None:
                    raise RunError(f"no function @{self.entry} to run")
                self._function = function
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
                tensorbin_alignment=slot.tensorbin_alignment,
            )
            for slot, output in zip(self.results, outputs, strict=True)
        ]


def check_size(kind: str, slot: TensorSlot, entry: str, max_bytes: int) -> None:
    """Refuse an argument or result of @`entry` larger than `max_bytes` (4 bytes a value at
    its physical shape: the float32 values every conversion works on)."""
    size = 4 * math.prod(slot.tensor.physical_shape)
    if size > max_bytes:
        raise RunError(
            f"{kind} {slot.label} of @{entry} ({slot.type}) takes "
            f"{format_bytes(size)}, more than the limit of {format_bytes(max_bytes)}"
        )


def arguments_bytes(arguments: Sequence[TensorSlot]) -> int:
    """What a run's arguments take as the float32 values every input conversion works on (4
    bytes a value at the physical shape, as `check_size` counts them)."""
    return sum(4 * math.prod(slot.tensor.physical_shape) for slot in arguments)


def allocated_bytes(functions: Sequence[func.FuncOp]) -> int:
    """The bytes of every `memref.alloc` in `functions` (static sizes; the results are among
    them), each counted once: an alloc in a loop or in a function called again is freed
    before it is made anew."""
    total = 0
    for function in functions:
        for op in function.walk():
            if isinstance(op, memref.AllocOp):
                memref_type = cast(MemRefType[Attribute], op.memref.type)
                if all(d >= 0 for d in memref_type.get_shape()):
                    shape, dtype = buffer_shape_and_dtype(memref_type)
                    total += math.prod(shape) * dtype.itemsize
    return total


def check_run_memory(entry: str, arguments: Sequence[TensorSlot], allocated: int = 0) -> None:
    """Refuse a run of @`entry` whose arguments (`arguments_bytes`) and buffers (`allocated`
    bytes) together need more memory than the machine has available (`check_memory`)."""
    taken = arguments_bytes(arguments)
    check_memory(
        f"a run of @{entry}",
        taken + allocated,
        f"arguments {format_bytes(taken)}, buffers {format_bytes(allocated)}",
    )


def input_items(inputs: object, caller: str) -> Iterable[tuple[str | int, InputValue]]:
    """The (name or position, value) pairs of a run's inputs: a mapping's items, a sequence's
    values by position. Raises TypeError for anything else — a string or a single array would
    otherwise be read as a sequence of inputs (`Program.run("abc")` once said 'input position
    2 is out of range')."""
    if isinstance(inputs, Mapping):
        items = cast(Mapping[object, InputValue], inputs).items()
        return [(input_key(key, caller), value) for key, value in items]
    if isinstance(inputs, Sequence) and not isinstance(inputs, str | bytes):
        return enumerate(cast(Sequence[InputValue], inputs))
    raise TypeError(
        f"{caller} expects a list of inputs or a dict of them by argument name or position, "
        f"got {type(inputs).__name__}"
    )


def input_key(key: object, caller: str) -> str | int:
    """An input's key as a Python caller gives it: an argument's name (a str) or position
    (an int, NumPy's too); TypeError naming `caller` for anything else (`True`, which would
    be position 1; a float)."""
    if isinstance(key, str):
        return key
    return integer_argument(
        key, "inputs by argument name (a str) or position (an int) as keys", caller
    )


def given_inputs(given: object, caller: str) -> list[str | int]:
    """`Program.load`'s `given`: a collection of argument names or positions (`input_key`);
    TypeError naming `caller` for a string (its characters would be names) or anything else."""
    what = "given as a list of argument names (str) or positions (int)"
    if not isinstance(given, Collection) or isinstance(given, str | bytes):
        raise TypeError(f"{caller} expects {what}, got {type(given).__name__}")
    keys: list[str | int] = []
    for key in given:
        try:
            keys.append(input_key(key, caller))
        except TypeError:
            raise TypeError(
                f"{caller} expects {what}, got {key!r} ({type(key).__name__}) among them"
            ) from None
    return keys


def integer_argument(value: object, what: str, caller: str) -> int:
    """`value` as an int (NumPy's integers too) when a Python caller gives one; TypeError
    naming `caller` and `what` it expects for anything else (bool, whose True would be 1,
    a float, a string)."""
    if isinstance(value, SupportsIndex) and not isinstance(value, bool):
        return operator.index(value)
    raise TypeError(f"{caller} expects {what}, got {type(value).__name__}")


def boolean_argument(value: object, what: str, caller: str) -> bool:
    """`value` as a bool (NumPy's too) when a Python caller gives one; TypeError naming
    `caller` and `what` it expects for anything else (`bulk="no"` is a true string: it once
    ran in bulk)."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise TypeError(f"{caller} expects {what}, got {type(value).__name__}")


def optional_text_argument(value: object, what: str, caller: str) -> str | None:
    """`value` when it is None or a str; TypeError naming `caller` and `what` it expects for
    anything else (`entry=3` once failed as "'int' object has no attribute 'removeprefix'")."""
    if value is None or isinstance(value, str):
        return value
    raise TypeError(f"{caller} expects {what}, got {type(value).__name__}")


def check_max_bytes(max_bytes: object, caller: str) -> int:
    """The `max_bytes` a Python caller gives: an int of at least 1 byte. The tools'
    `--max-bytes 8G` spelling is the command line's: here a string is a TypeError (a
    comparison with it once failed in the middle of a run), 0 or less a ValueError (every
    tensor would be refused)."""
    count = integer_argument(max_bytes, "max_bytes as an int (a number of bytes)", caller)
    if count < 1:
        raise ValueError(f"{caller} expects max_bytes of at least 1 byte, got {count}")
    return count


def check_random_seed(random_seed: object, caller: str) -> int | None:
    """The `random_seed` a Python caller gives: None or an int (NumPy's own TypeError for a
    float named neither the parameter nor the call); a negative one is a RunError, the same
    from `Program.load` as from a run (the command line's `--random-inputs -1` among them)."""
    if random_seed is None:
        return None
    seed = integer_argument(random_seed, "random_seed as an int or None", caller)
    if seed < 0:
        raise RunError(f"the random seed must be a non-negative integer, got {seed}")
    return seed


def argument_position(key: str | int, count: int, by_name: Mapping[str, int], entry: str) -> int:
    """The position of the argument an input names (`name`, `%name`, a position or its
    digits) among the `count` arguments of @`entry` (`by_name`: the named ones)."""
    if isinstance(key, int) or (isinstance(key, str) and key.isascii() and key.isdigit()):
        position = int(key)
        if not 0 <= position < count:
            raise RunError(
                f"input position {position} is out of range: @{entry} has {count} argument(s) "
                f"({argument_listing(count, by_name)})"
            )
        return position
    name = key.removeprefix("%")
    if name not in by_name:
        # MLIR numbers a value written `%152`: xDSL keeps no name for it.
        numbered = "; an argument written %N has no name: give its position"
        raise RunError(
            f"@{entry} has no argument %{name} (arguments: {argument_listing(count, by_name)})"
            + (numbered if name.isascii() and name.isdigit() else "")
        )
    return by_name[name]


def argument_listing(count: int, by_name: Mapping[str, int]) -> str:
    """The `count` arguments in order, each by its name or, unnamed, by its position (their
    labels: `%x, %w, #2`)."""
    names = {position: name for name, position in by_name.items()}
    return (
        ", ".join(
            f"%{names[position]}" if position in names else f"#{position}"
            for position in range(count)
        )
        or "none"
    )


def draw_in_background(
    entry: str,
    arguments: Sequence[TensorSlot],
    random_seed: int,
    given: Collection[str | int] = (),
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> BackgroundDraw | None:
    """Start drawing, on a thread of its own, the values a run of @`entry` with
    `random_seed` draws for its `arguments` not in `given` (names, `%names` or positions),
    for an Executable of that function to take (`Executable.take_draw`). None when the run
    would refuse the inputs first (an unknown name, an argument beyond `max_bytes`,
    arguments beyond the memory available): nothing is drawn for it."""
    by_name = {slot.name: slot.position for slot in arguments if slot.name}
    try:
        positions = {argument_position(key, len(arguments), by_name, entry) for key in given}
        for slot in arguments:
            check_size("argument", slot, entry, max_bytes)
        check_run_memory(entry, arguments)
    except RunError:
        return None
    missing = [slot for slot in arguments if slot.position not in positions]
    return BackgroundDraw(random_seed, missing)


@dataclass
class ModuleRunState:
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


def check_allocations(module: ModuleOp, max_bytes: int) -> None:
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

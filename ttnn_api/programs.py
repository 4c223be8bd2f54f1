"""Each call as IR: the op built with the dialect's builders (its result type inferred, for
the device's grid), in a function of its own in a module carrying `ttnn.grid` and, for a call
on a device, `ttnn.open_device` (how it was opened: `{}` for TT-NN's defaults), verified,
lowered and loaded as a `Program` once per set of parameters (`program_for`, a bounded
cache: a model's repeated geometries are built once), then run on the call's tensors.

The project's refusals become what a TT-NN user expects (`refusal`): a configuration TT-NN
prepares but the project does not model (`ConvNotModelledError` from the resolution) is
NotImplementedError naming the function; any other refusal of the IR is RuntimeError with
its reason, as TT-NN raises its own — a refused tensor argument said in TT-NN's words, with
what to pass instead (`in_ttnn_words`)."""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from xdsl.ir import Attribute, SSAValue
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.core.errors import ConvNotModelledError, TTNNError
from ttnn_xdsl.dialect.builders import build_function, build_module
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.ttnn.device import MeshDevice
from ttnn_xdsl.ttnn.enums import DataType, Layout
from ttnn_xdsl.ttnn.tensor import MadeBy, Tensor

__all__ = [
    "CACHE_SIZE",
    "Call",
    "MadeBy",
    "cached_programs",
    "in_ttnn_words",
    "ir_refusals",
    "program_for",
    "refusal",
    "run_call",
]

CACHE_SIZE = 256
"""Programs kept (least recently used dropped first)."""

Body = Callable[..., Sequence[SSAValue]]


@dataclass(frozen=True)
class Call:
    """One call as IR: the function (`name`, TT-NN's), the types of its tensor arguments,
    the parameters that decide the IR (hashable: plain values and attributes), and the body
    that builds the op from the argument values."""

    name: str
    argument_types: tuple[Attribute, ...]
    parameters: Hashable
    grid: tuple[int, int] | None
    """The device's worker grid (the module's `ttnn.grid`); None when no op reads one."""
    body: Body
    open_device: tuple[tuple[str, int], ...] | None = None
    """The sizes the device was opened with that are not TT-NN's defaults (the module's
    `ttnn.open_device`, empty for a default open); None when no op reads the device."""

    @property
    def key(self) -> Hashable:
        return (self.name, self.argument_types, self.parameters, self.grid, self.open_device)


_programs: OrderedDict[Hashable, Program] = OrderedDict()


def cached_programs() -> int:
    """How many Programs the cache holds."""
    return len(_programs)


def program_for(call: Call, sources: Mapping[str, Tensor] | None = None) -> Program:
    """The loaded Program of `call`: built, verified and lowered on its first use, then
    taken from the cache. Raises `refusal(...)` when the IR refuses the call (`sources`: its
    tensor arguments by keyword, which a refusal may name)."""
    program = _programs.get(call.key)
    if program is not None:
        _programs.move_to_end(call.key)
        return program
    with ir_refusals(call.name, sources):
        function = build_function(
            call.name,
            list(call.argument_types),
            call.body,
            argument_names=[f"arg{index}" for index in range(len(call.argument_types))],
        )
        open_device = None if call.open_device is None else dict(call.open_device)
        module = build_module(function, grid=call.grid, open_device=open_device)
        module.verify()
        program = Program.load(module)
    _programs[call.key] = program
    if len(_programs) > CACHE_SIZE:
        _programs.popitem(last=False)
    return program


def run_call(
    call: Call,
    inputs: Sequence[DeviceTensor],
    device: MeshDevice | None,
    *,
    prepares: bool = False,
    sources: Mapping[str, Tensor] | None = None,
) -> list[DeviceTensor]:
    """Run `call` on `inputs` (one per argument type), with the progress bars of the device
    it runs for (none for host tensors); a call that `prepares` a tensor counts on them.
    `sources`: the call's tensor arguments by keyword, for its refusals (`in_ttnn_words`)."""
    cached = call.key in _programs
    program = program_for(call, sources)
    if cached:
        # Each call warns as its first did, at its own line (where Python shows a warning
        # once by default): a model's call sites each see it.
        program.warn_about_its_functions(program.lowering_warnings)
    progress = None if device is None else device._progress
    try:
        with ir_refusals(call.name, sources):
            results = program.run(
                list(inputs), listeners=() if progress is None else progress.listeners()
            )
    except Exception:
        if progress is not None:
            progress.done(prepared=False)
        raise
    if progress is not None:
        progress.done(prepared=prepares)
    return results


@contextmanager
def ir_refusals(function: str, sources: Mapping[str, Tensor] | None = None) -> Iterator[None]:
    """Turn the IR's refusals (an attribute's or an op's verifier, the resolution, a run)
    raised inside into what a TT-NN user of `function` gets (`refusal`)."""
    try:
        yield
    except (VerifyException, TTNNError) as error:
        raise refusal(error, function, sources) from None


def refusal(
    error: Exception, function: str, sources: Mapping[str, Tensor] | None = None
) -> Exception:
    """The exception a TT-NN user gets for the IR's refusal `error` of a call to
    `function`: NotImplementedError for what the project does not model, else RuntimeError
    with the reason (without the IR's `'ttnn.op' op` prefix), in TT-NN's words where it
    refuses one of the call's tensor arguments `sources` (`in_ttnn_words`)."""
    message = error.message if isinstance(error, TTNNError) else str(error)
    if message.startswith("'ttnn."):
        message = message.split(" op ", 1)[-1]
    if isinstance(error, ConvNotModelledError) or isinstance(error.__cause__, ConvNotModelledError):
        return NotImplementedError(f"ttnn_xdsl.ttnn.{function} does not cover this call: {message}")
    return RuntimeError(in_ttnn_words(message, function, sources or {}))


_NOT_A_HOST_TENSOR = re.compile(r"expected (\w+) to be a host tensor \(no encoding\), got ")
_NOT_A_WEIGHT_DTYPE = "expected the weight dtype to be f32 or bf16, got "


def in_ttnn_words(
    message: str, function: str, sources: Mapping[str, Tensor], advice: str | None = None
) -> str:
    """The IR's refusal of a preparation's tensor argument, said as a TT-NN user knows it
    (`ttnn.bfloat8_b`, `ttnn.TILE_LAYOUT`, on device: the IR's `bfp8_b` and `#ttnn.tensor_layout`
    encodings) with TT-NN 0.81.1's own reason and what to pass instead; any other message as it
    is. The IR says "host tensor (no encoding)" (a device or TILE tensor has an encoding) and
    "weight dtype f32 or bf16"; TT-NN refuses a device weight ("Host conv weights should be
    placed on host") and a TILE one, which a bfloat8_b weight always is ("Host conv weights
    layout should be in row_major layout"), and the same of a bias. `advice`, when given,
    replaces what to pass instead (the caller knows better: a prepared weight on the host)."""
    match = _NOT_A_HOST_TENSOR.match(message)
    if match is not None:
        name = match.group(1)
    elif message.startswith(_NOT_A_WEIGHT_DTYPE) and len(sources) == 1:
        [name] = sources
    else:
        return message
    tensor = sources.get(name)
    if tensor is None:
        return message
    what = "weights" if name == "weight_tensor" else "bias"
    # TT-NN's constants are named after the members: ttnn.bfloat8_b, ttnn.TILE_LAYOUT.
    found = (
        f"{function}: {name} is a ttnn.{tensor.dtype.name.lower()} tensor in "
        f"ttnn.{tensor.layout.name}_LAYOUT {'on device' if tensor.device() else 'on the host'}"
    )
    if tensor.dtype == DataType.BFLOAT8_B:
        return (
            f"{found}; TT-NN 0.81.1 prepares ROW_MAJOR host {what} of ttnn.float32 or "
            f'ttnn.bfloat16 (a ttnn.bfloat8_b tensor is always TILE: "Host conv {what} layout '
            'should be in row_major layout"): '
            + (
                advice
                or "pass the float32 values (ttnn.from_torch(values, ttnn.float32)) and ask "
                "for bfloat8_b with conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat8_b)"
            )
        )
    instead = name
    reasons = []
    if tensor.device() is not None:
        instead = f"ttnn.from_device({instead})"
        placed = "Host conv weights" if what == "weights" else "conv bias"
        reasons.append(f'"{placed} should be placed on host"')
    if tensor.layout == Layout.TILE:
        instead = f"ttnn.to_layout({instead}, ttnn.ROW_MAJOR_LAYOUT)"
        reasons.append(f'"Host conv {what} layout should be in row_major layout"')
    return (
        f"{found}; TT-NN 0.81.1 prepares ROW_MAJOR host {what} ({', '.join(reasons)}): "
        f"{advice or f'pass {instead}'}"
    )

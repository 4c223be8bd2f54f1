"""The project's one error hierarchy.

Every error a user can cause — bad IR text, an invalid op, impossible conv parameters, a
bad input file, a module the interpreter cannot run — is a `TTNNError`, printed by the tools
as one line (`FILE:LINE:COL: error: message` when its position is known) with exit
status 1. Any other exception escaping the project is an internal error (exit status 2).
xDSL's own `ParseError` / `VerifyException` are turned into `TTNNError`s where IR is read
and verified.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xdsl.ir import Attribute, Operation

__all__ = [
    "ConvConfigError",
    "ConvNotModelledError",
    "NotModelledError",
    "RunError",
    "TTNNError",
    "TTNNWarning",
    "TensorFileError",
    "TensorTypeError",
    "format_location",
    "op_location",
    "warn",
]


class TTNNError(Exception):
    """A user error: `message`, and where it is when known (`location`, `FILE:LINE:COL`).

    `stage` says which step found it ("parse" for a syntax error, "verify" for an invalid
    op, "run" for an execution or input error), so a driver can tell `--parsing-diagnostics`
    from `--verify-diagnostics` cases. `tool_hint` is what a user of the command-line tools
    can do about it (`choose one with --entry`); the tools append it, `str()` leaves it out
    (a Python caller has no flags)."""

    def __init__(
        self,
        message: str,
        location: str | None = None,
        stage: str = "verify",
        *,
        op: Operation | None = None,
        tool_hint: str | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.tool_hint = tool_hint
        self.location = location if op is None else format_location(op.location)
        self.stage = stage

    def __str__(self) -> str:
        return f"{self.location}: error: {self.message}" if self.location else self.message


class ConvConfigError(TTNNError, ValueError):
    """An invalid conv parameter or combination found by the pure resolution; the message
    names the parameter and its value (an op's verifier prefixes it with the op)."""


class ConvNotModelledError(ConvConfigError):
    """A conv configuration TT-NN 0.81.1 prepares but the project does not model (a DRAM
    slice config of several slices, a 1D depthwise conv folded or not height-sharded,
    counts beyond the IR's i32 sizes, a device grid beyond 64×64): not invalid, not
    covered. The message says which."""


class TensorTypeError(TTNNError, ValueError):
    """A tensor that cannot exist as asked: a type that is not a valid TT-NN tensor type, or
    (from `DeviceTensor`'s constructors) a dtype or layout name that does not exist, data
    that does not fit its shapes, values its format cannot hold."""


class RunError(TTNNError):
    """A program cannot run: bad inputs, no entry function, a module or value the
    interpreter cannot execute."""

    def __init__(
        self,
        message: str,
        location: str | None = None,
        *,
        op: Operation | None = None,
        tool_hint: str | None = None,
    ):
        super().__init__(message, location, stage="run", op=op, tool_hint=tool_hint)


class NotModelledError(RunError):
    """A function the interpreter cannot run because it holds a tt-mlir op (or a tensor in
    tt-mlir's layout) the project does not model; `--entry all` leaves such functions out."""


class TensorFileError(TTNNError):
    """A tensor file (a TT-NN `.tensorbin`) that cannot be read or written; the message
    names the file and says what is wrong with it."""

    def __init__(self, message: str):
        super().__init__(message, stage="run")


def format_location(location: Attribute) -> str | None:
    """`FILE:LINE:COL` of an xDSL `FileLineColLoc`, None for any other location."""
    from xdsl.dialects.builtin import FileLineColLoc  # only when there is IR to locate

    if isinstance(location, FileLineColLoc):
        return f"{location.filename.data}:{location.line.data}:{location.column.data}"
    return None


def op_location(op: Operation) -> str:
    """Where an op is, for a run error: its `FILE:LINE:COL`, else its name."""
    return format_location(op.location) or op.name


class TTNNWarning(UserWarning):
    """Something a user should know that does not stop the work — a pass replacing what the
    input said (a tt-mlir result type of the wrong shape, a layout map tt-mlir would not
    write). The tools print it as one line, `FILE:LINE:COL: warning: message`; from Python it
    is an ordinary warning (`warnings.catch_warnings` records it)."""

    def __init__(self, message: str, location: str | None = None, function: str | None = None):
        super().__init__(message)
        self.message = message
        self.location = location
        self.function = function
        """The function the op it is about is in (None: none, or unknown): a program run
        from an entry that does not reach that function keeps it to itself."""

    def __str__(self) -> str:
        return f"{self.location}: warning: {self.message}" if self.location else self.message


def warn(message: str, *, op: Operation | None = None) -> None:
    """Issue a `TTNNWarning` located at `op` (and naming the function it is in)."""
    import warnings

    location = format_location(op.location) if op is not None else None
    function = enclosing_function_name(op) if op is not None else None
    warnings.warn(TTNNWarning(message, location, function), stacklevel=2)


def enclosing_function_name(op: Operation) -> str | None:
    """The name of the `func.func` `op` is in, None outside any."""
    parent = op.parent_op()
    while parent is not None:
        if parent.name == "func.func":
            name = parent.properties.get("sym_name")
            return getattr(name, "data", None)
        parent = parent.parent_op()
    return None

"""TT-NN's signatures, declared once: each parameter's name, its type as TT-NN prints it, how
a value is accepted (and converted), its default. From one declaration come the argument
checks of a call, the `TypeError` TT-NN raises for a call it does not accept, and the
signature text the docs list (`Binding.text`).

TT-NN's functions and classes are nanobind bindings; a call that matches no overload raises
(lines cut here)

    prepare_conv_weights(): incompatible function arguments. The following argument types
    are supported:
        1. prepare_conv_weights(*, weight_tensor: ttnn._ttnn.tensor.Tensor, ...) -> ...

    Invoked with types: kwargs = { weight_tensor: ..., ... }

and its operations (`ttnn.assign_bw`) re-raise that as a message starting with a newline,
`ttnn.assign_bw(): incompatible function arguments.`, the call and the signatures
(`OPERATION` style). Both are reproduced here, with one more line naming the argument that
was not accepted and why (TT-NN does not say). A keyword no signature has is named with
the closest the function has (`unexpected_keyword`), in that line or, for TT-NN's Python
functions, in Python's own TypeError (`keywords_suggested`).
"""

from __future__ import annotations

import difflib
import functools
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from ttnn_xdsl.core.integer_types import UINT32

__all__ = [
    "NANOBIND",
    "OPERATION",
    "REQUIRED",
    "Binding",
    "Overload",
    "Parameter",
    "Rejected",
    "accept_bool",
    "accept_instance",
    "accept_optional",
    "accept_uint32",
    "accept_uint32_sequence",
    "constructor",
    "keywords_suggested",
    "type_name",
    "unexpected_keyword",
]

NANOBIND = "nanobind"
"""A nanobind function or class: `name(): incompatible function arguments. ...`."""

OPERATION = "operation"
"""A TT-NN operation (`ttnn.decorators.FastOperation`): its enhanced message."""


class Rejected(Exception):
    """A value a parameter does not accept; the message says why."""


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""The default of a parameter the call must give."""

Accept = Callable[[Any], Any]
"""Returns the accepted value (converted: a sequence becomes a tuple) or raises Rejected."""


@dataclass(frozen=True)
class Parameter:
    """One parameter: its name, its type as TT-NN prints it, how a value is accepted, its
    default (`REQUIRED`: none) and how TT-NN prints that default; `positional_only` for
    nanobind's `arg0, /` parameters."""

    name: str
    annotation: str
    accept: Accept
    default: Any = REQUIRED
    default_text: str | None = None
    positional_only: bool = False

    def text(self) -> str:
        text = f"{self.name}: {self.annotation}"
        if self.default is not REQUIRED:
            text += " = " + (self.default_text or repr(self.default))
        return text


@dataclass(frozen=True)
class Overload:
    """One signature: its positional parameters (positional-only or not), its keyword-only
    parameters, its return type; `method` prints a leading `self`."""

    positional: tuple[Parameter, ...] = ()
    keyword: tuple[Parameter, ...] = ()
    returns: str = "None"
    method: bool = False

    @property
    def parameters(self) -> tuple[Parameter, ...]:
        return self.positional + self.keyword

    def text(self, name: str, *, returns: bool = True) -> str:
        """`name(self, a: T, /, *, b: U = 1) -> R`, as nanobind prints it."""
        items = ["self"] if self.method else []
        items += [parameter.text() for parameter in self.positional]
        if self.positional and self.positional[-1].positional_only:
            items.append("/")
        if self.keyword:
            items.append("*")
            items += [parameter.text() for parameter in self.keyword]
        text = f"{name}({', '.join(items)})"
        return f"{text} -> {self.returns}" if returns else text

    def bind(self, args: Sequence[Any], kwargs: Mapping[str, Any]) -> dict[str, Any]:
        """The accepted value of every parameter (defaults filled in); Rejected when the
        call does not fit this signature."""
        if len(args) > len(self.positional):
            raise Rejected(
                f"takes {len(self.positional)} positional argument(s), {len(args)} given"
            )
        given: dict[str, Any] = {}
        for parameter, value in zip(self.positional, args, strict=False):
            given[parameter.name] = value
        names = {parameter.name: parameter for parameter in self.parameters}
        for name, value in kwargs.items():
            parameter = names.get(name)
            if parameter is None or parameter.positional_only:
                raise Rejected(f"no parameter named {name!r}")
            if name in given:
                raise Rejected(f"{name} is given twice")
            given[name] = value
        bound: dict[str, Any] = {}
        for parameter in self.parameters:
            if parameter.name not in given:
                if parameter.default is REQUIRED:
                    raise Rejected(f"{parameter.name} is missing")
                bound[parameter.name] = parameter.default
                continue
            value = given[parameter.name]
            try:
                bound[parameter.name] = parameter.accept(value)
            except Rejected as reason:
                raise Rejected(f"{parameter.name}={_short(value)}: {reason}") from None
        return bound


@dataclass(frozen=True)
class Binding:
    """A function or a class constructor with its overloads, and the style of the TypeError
    TT-NN raises for a call that fits none."""

    name: str
    overloads: tuple[Overload, ...]
    style: str = NANOBIND
    qualified_name: str | None = None
    """The name an operation's message gives (`ttnn.assign_bw`)."""
    owner: str | None = None
    """The class whose constructor this is: Python names an unexpected keyword of it
    `Conv2dConfig.__init__()`."""

    def bind(self, args: Sequence[Any], kwargs: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
        """(the index of the first overload the call fits, its bound arguments); TypeError in
        TT-NN's form when it fits none."""
        keywords = [
            parameter.name
            for overload in self.overloads
            for parameter in overload.parameters
            if not parameter.positional_only
        ]
        for name in kwargs:
            if name not in keywords:
                function = f"{self.owner}.{self.name}" if self.owner else self.name
                reason = unexpected_keyword(function, name, keywords)
                raise TypeError(self.message(args, kwargs, reason))
        reasons: list[str] = []
        for index, overload in enumerate(self.overloads):
            try:
                return index, overload.bind(args, kwargs)
            except Rejected as reason:
                reasons.append(str(reason))
        raise TypeError(self.message(args, kwargs, self._reason(args, reasons)))

    def _reason(self, args: Sequence[Any], reasons: list[str]) -> str:
        """Why the call was refused: the reason of the one overload of its positional arity
        (or of the only overload)."""
        fitting = [
            reason
            for overload, reason in zip(self.overloads, reasons, strict=True)
            if len(overload.positional) == len(args)
        ]
        if len(self.overloads) == 1:
            return reasons[0]
        return fitting[0] if len(fitting) == 1 else "it fits none of the signatures"

    def text(self, index: int = 0, *, returns: bool = True) -> str:
        return self.overloads[index].text(self.name, returns=returns)

    def message(self, args: Sequence[Any], kwargs: Mapping[str, Any], reason: str) -> str:
        # A sentence ends with a full stop unless it is a question (`did you mean …?`).
        detail = f"Not accepted by ttnn_xdsl: {reason}{'' if reason.endswith('?') else '.'}"
        if self.style == OPERATION:
            call = ", ".join(
                [_operation_type(value) for value in args]
                + [f"{name}={_short(value)}" for name, value in kwargs.items()]
            )
            lines = [
                "",
                f"{self.qualified_name or self.name}(): incompatible function arguments.",
                "",
                "Called with:",
                f"  {self.name}({call})",
                "",
                "Available signatures:",
                *(
                    "  " + _operation_text(overload.text(self.name, returns=False))
                    for overload in self.overloads
                ),
                "",
                detail,
            ]
            return "\n".join(lines)
        supported = [
            f"    {number}. {overload.text(self.name)}"
            for number, overload in enumerate(self.overloads, start=1)
        ]
        types = [type_name(value) for value in args]
        if kwargs:
            types.append(
                "kwargs = { "
                + ", ".join(f"{name}: {type_name(value)}" for name, value in kwargs.items())
                + " }"
            )
        return "\n".join(
            [
                f"{self.name}(): incompatible function arguments. The following argument "
                "types are supported:",
                *supported,
                "",
                f"Invoked with types: {', '.join(types)}",
                detail,
            ]
        )


def constructor(owner: str, overloads: tuple[Overload, ...]) -> Binding:
    """The constructor of TT-NN's class `owner`: `__init__` in TT-NN's messages,
    `owner.__init__` in Python's words for an unexpected keyword."""
    return Binding("__init__", overloads, owner=owner)


LIKENESS_TIE = 0.05
"""How much less like a misspelt keyword than the closest keyword another may be and still
be suggested (difflib's ratio)."""


def _likeness(keyword: str, name: str) -> float:
    return difflib.SequenceMatcher(None, keyword, name).ratio()


def unexpected_keyword(function: str, keyword: str, keywords: Iterable[str]) -> str:
    """Python's words for a keyword `function` does not have, followed by the closest of its
    `keywords` when some are close (a misspelling): `conv2d() got an unexpected keyword
    argument 'kernal_size'; did you mean 'kernel_size'?`."""
    message = f"{function}() got an unexpected keyword argument {keyword!r}"
    names = list(dict.fromkeys(keywords))
    close = difflib.get_close_matches(keyword, names)
    if close:
        # The closest, and any as close (a tie): not every name above difflib's cutoff.
        best = _likeness(keyword, close[0])
        close = [name for name in close if _likeness(keyword, name) >= best - LIKENESS_TIE]
        quoted = [repr(name) for name in close]
        choices = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
        message += f"; did you mean {choices}?"
    return message


Function = TypeVar("Function", bound=Callable[..., Any])


def keywords_suggested(function: Function) -> Function:
    """`function` (a TT-NN Python function: TT-NN raises Python's own TypeError for it) whose
    call with a keyword it does not have raises that TypeError with the closest keywords it
    has (`unexpected_keyword`); any other call is `function`'s own (all of them for a
    function taking `**kwargs`)."""
    parameters = inspect.signature(function).parameters
    if any(parameter.kind is parameter.VAR_KEYWORD for parameter in parameters.values()):
        return function
    keywords = [
        name
        for name, parameter in parameters.items()
        if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)
    ]

    @functools.wraps(function)
    def checked(*args: Any, **kwargs: Any) -> Any:
        for name in kwargs:
            if name not in parameters:
                raise TypeError(unexpected_keyword(function.__name__, name, keywords))
        return function(*args, **kwargs)

    return checked  # type: ignore[return-value]


def type_name(value: object) -> str:
    """A value's type as nanobind names it: builtins bare (`int`), others qualified."""
    kind = type(value)
    if value is None:
        return "None"
    if kind.__module__ == "builtins":
        return kind.__qualname__
    return f"{kind.__module__}.{kind.__qualname__}"


def _operation_type(value: object) -> str:
    """A positional argument as an operation's message shows it: `ttnn.Tensor`."""
    name = type(value).__name__
    return f"ttnn.{name}" if name == "Tensor" else type_name(value)


def _operation_text(text: str) -> str:
    """A signature as an operation's message shows it: `ttnn.Tensor` for TT-NN's classes."""
    return text.replace("ttnn._ttnn.tensor.", "ttnn.")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ------------------------------------------------------------------------------------------
# How values are accepted (nanobind's casters, as TT-NN's bindings use them)
# ------------------------------------------------------------------------------------------


def accept_instance(*kinds: type, name: str | None = None) -> Accept:
    """An instance of one of `kinds`, as it is."""
    wanted = name or " or ".join(kind.__name__ for kind in kinds)

    def accept(value: Any) -> Any:
        if not isinstance(value, kinds):
            raise Rejected(f"expected {wanted}, got {type_name(value)}")
        return value

    return accept


def accept_optional(accept: Accept) -> Accept:
    """None, or what `accept` accepts."""

    def optional(value: Any) -> Any:
        return None if value is None else accept(value)

    return optional


def accept_bool(value: Any) -> bool:
    """A bool (NumPy's too); an int is not one."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise Rejected(f"expected a bool, got {type_name(value)}")


def _integer(value: Any) -> int:
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise Rejected(f"expected an int, got {type_name(value)}")
    return int(value)


def accept_int(value: Any) -> int:
    """An int (NumPy's integers too; a bool or a float is not one)."""
    return _integer(value)


def accept_uint32(value: Any) -> int:
    """An int in 0 … 2³² − 1 (a C++ uint32_t)."""
    number = _integer(value)
    if number not in UINT32.values:
        raise Rejected(f"expected an unsigned 32-bit int, got {number}")
    return number


def accept_uint32_sequence(*lengths: int) -> Accept:
    """A sequence (list, tuple, NumPy array) of `lengths` unsigned 32-bit ints, as a tuple."""
    counts = " or ".join(map(str, lengths))

    def accept(value: Any) -> tuple[int, ...]:
        if isinstance(value, str | bytes) or not isinstance(value, Sequence | np.ndarray):
            raise Rejected(f"expected a sequence of {counts} ints, got {type_name(value)}")
        values = tuple(accept_uint32(item) for item in value)
        if len(values) not in lengths:
            raise Rejected(f"expected {counts} values, got {len(values)}")
        return values

    return accept


def accept_bool_sequence(value: Any) -> tuple[bool, ...]:
    """A sequence of bools, as a tuple."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence | np.ndarray):
        raise Rejected(f"expected a sequence of bools, got {type_name(value)}")
    return tuple(accept_bool(item) for item in value)


def accept_float(value: Any) -> float:
    """A float (an int is accepted too, as nanobind's float caster does)."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, float | int | np.number):
        raise Rejected(f"expected a float, got {type_name(value)}")
    return float(value)

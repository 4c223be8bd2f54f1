"""Reading a `-p` pass pipeline (`ttnn-decompose,canonicalize`, options in braces) with
errors a user can act on: one line, and for an unknown pass the closest known names."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping

from xdsl.passes import ModulePass, PassPipeline
from xdsl.transforms import get_all_passes
from xdsl.utils.arg_spec import parse_pipeline
from xdsl.utils.exceptions import ArgSpecParseError

from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.passes import PASSES

__all__ = ["all_passes", "parse_pass_pipeline"]

PassFactories = Mapping[str, Callable[[], type[ModulePass]]]


def all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Every upstream xDSL pass and the project's, by name."""
    return {**get_all_passes(), **PASSES}


def parse_pass_pipeline(
    spec: str,
    available: PassFactories | None = None,
    callback: Callable[[ModulePass | None, object, ModulePass | None], None] | None = None,
) -> PassPipeline:
    """The pipeline `spec` names; a TTNNError in one line when it is malformed, names an
    unknown pass (with the closest known names) or gives a pass a bad option."""
    available = all_passes() if available is None else available
    try:
        names = [step.name for step in parse_pipeline(spec)]
    except ArgSpecParseError as error:
        raise TTNNError(f"bad pass pipeline '{spec}': {_syntax_message(error)}") from None
    unknown = [name for name in names if name not in available]
    if unknown:
        hints = [
            f"'{name}' (did you mean {' or '.join(repr(m) for m in matches)}?)"
            if (matches := difflib.get_close_matches(name, list(available), n=2, cutoff=0.75))
            else f"'{name}'"
            for name in unknown
        ]
        raise TTNNError(f"bad pass pipeline '{spec}': unknown pass {', '.join(hints)}")
    try:
        return PassPipeline.parse_spec(available, spec, callback)  # type: ignore[arg-type]
    except (ValueError, TypeError, KeyError) as error:
        message = " ".join(str(error).split()) or type(error).__name__
        raise TTNNError(f"bad pass pipeline '{spec}': {message}") from None


def _syntax_message(error: ArgSpecParseError) -> str:
    """xDSL prints a pipeline syntax error over several lines (the pipeline, a caret, the
    message): keep the position and the message."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    if len(lines) >= 3:
        return f"{lines[1]}: {lines[-1]}"
    return lines[0] if lines else type(error).__name__

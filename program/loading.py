"""Loading IR for a run: parse (when given text) and verify a module, then lower a copy of
it with a pass pipeline (`ttnn-lower` by default when it still holds ttnn ops)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.dialect.context import make_context
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.frontend.diagnostics import upstream_failure
from ttnn_xdsl.passes.pipeline_spec import parse_pass_pipeline
from ttnn_xdsl.runtime.execution import phase
from ttnn_xdsl.runtime.interpreter import tensor_level_ops
from ttnn_xdsl.runtime.timing import PhaseTimer

__all__ = ["DEFAULT_PIPELINE", "check_module_or_text", "lower_source"]

DEFAULT_PIPELINE = "ttnn-lower"


def check_module_or_text(module_or_text: object, caller: str) -> None:
    """Raise TypeError naming `caller` unless `module_or_text` is IR text or a ModuleOp (bytes
    once reached xDSL as "'bytes' object has no attribute 'regions'")."""
    if isinstance(module_or_text, ModuleOp | str):
        return
    hint = " (decode bytes first: data.decode())" if isinstance(module_or_text, bytes) else ""
    raise TypeError(
        f"{caller} expects IR text (a str) or a ModuleOp, got {type(module_or_text).__name__}"
        + hint
    )


def lower_source(
    module_or_text: ModuleOp | str,
    passes: str | None,
    filename: str = "<input>",
    ctx: Context | None = None,
    timer: PhaseTimer | None = None,
    verified: Callable[[ModuleOp], None] | None = None,
) -> tuple[ModuleOp, ModuleOp]:
    """Parse and verify, then lower a copy: (the verified module, the lowered module).
    `passes` is a pipeline (None: `ttnn-lower` when the module holds ttnn ops, else none;
    "" runs no pass); `timer` records the phases `parse` and `lower`; `verified` is called
    with the verified module before it is lowered."""
    ctx = ctx or make_context()
    with phase(timer, "parse"):
        if isinstance(module_or_text, str):
            source = parse_module(ctx, module_or_text, filename)
        else:
            source = module_or_text
        verify_module(source)
    if verified is not None:
        verified(source)
    with phase(timer, "lower"):
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

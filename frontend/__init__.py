"""Reading IR text: a parser that gives every operation its `FILE:LINE:COL` location, and
verification whose failures are one-line `TTNNError`s at the failing operation — what the
tools and the runtime's `Program.load` use."""

from ttnn_xdsl.frontend.diagnostics import (
    located_diagnostic,
    parse_error_location,
    parse_module,
    verify_module,
)

__all__ = ["located_diagnostic", "parse_error_location", "parse_module", "verify_module"]

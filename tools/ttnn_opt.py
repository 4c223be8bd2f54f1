"""`ttnn-opt`: xDSL's `xdsl-opt` with the ttnn and tile dialects and the project's passes.

Every upstream flag works. User errors (a parse or verify error, an unknown pass, a bad pass
option, a missing file) print one line — `FILE:LINE:COL: error: message` where there is a
position — and exit with status 1; `--traceback` shows the Python traceback instead.
`-o FILE` is written by the project's output rule (`core.output_files`): a file atomically (on
failure nothing is left behind), a device, FIFO or `/dev/stdout` written through.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
import time
import warnings
from collections.abc import Sequence
from io import BytesIO, StringIO
from typing import IO, NoReturn

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.printer import Printer
from xdsl.utils.exceptions import DiagnosticException, ParseError
from xdsl.xdsl_opt_main import xDSLOptMain

from ttnn_xdsl.core.errors import TTNNError, TTNNWarning
from ttnn_xdsl.core.output_files import write_output_files
from ttnn_xdsl.dialect.call_graph import import_first_message, tt_mlir_op_to_import
from ttnn_xdsl.dialect.context import TTNNContext, register_dialects
from ttnn_xdsl.frontend import parse_error_location, parse_module, verify_module
from ttnn_xdsl.frontend.diagnostics import upstream_failure
from ttnn_xdsl.frontend.source import (
    STANDARD_INPUT,
    check_printed_nesting,
    decode_source,
    source_name,
)
from ttnn_xdsl.passes import (
    PASS_SUMMARIES,
    PASSES,
    ConvertTTNNToTiles,
    ImportTTMLIR,
    TTNNDecompose,
    TTNNLower,
)
from ttnn_xdsl.passes.pipeline_spec import parse_pass_pipeline
from ttnn_xdsl.tools.ascii_output import ascii_streams, to_ascii
from ttnn_xdsl.tools.cli import (
    format_user_error,
    given_once,
    one_printable_line,
    package_versions,
    quiet_garbage_collector,
    report_errors,
)
from ttnn_xdsl.tools.expected_diagnostics import Diagnostic, mismatches, read_expectations

LOWERING_PASSES = (TTNNDecompose.name, ConvertTTNNToTiles.name, TTNNLower.name)
"""The passes that lower the project's prepare ops (and leave tt-mlir's alone)."""

HELP_WIDTH = 100
"""The width of the upstream pass list in --help."""

PROJECT_OPTIONS = ("help", "passes", "output_file", "verify_diagnostics", "ascii", "traceback")
"""The options listed first in --help (with any this project adds); xdsl-opt's other options
follow under their own heading."""


def group_upstream_options(arg_parser: argparse.ArgumentParser) -> None:
    """--help lists the project's options first ("ttnn-opt options") and xdsl-opt's others
    after them ("xdsl-opt options"); options added later stay in the first group."""
    groups = arg_parser._action_groups  # pyright: ignore[reportPrivateUsage]
    options = next(
        group
        for group in groups
        if any(action.dest == "help" for action in group._group_actions)  # pyright: ignore[reportPrivateUsage]
    )
    options.title = "ttnn-opt options"
    upstream = arg_parser.add_argument_group("xdsl-opt options")
    actions = options._group_actions  # pyright: ignore[reportPrivateUsage]
    moved = [action for action in actions if action.dest not in PROJECT_OPTIONS]
    for action in moved:
        actions.remove(action)
        upstream._group_actions.append(action)  # pyright: ignore[reportPrivateUsage]


class TTNNOptMain(xDSLOptMain):
    """The `ttnn-opt` driver."""

    version_format = f"ttnn-opt: {package_versions()}"

    def register_all_dialects(self) -> None:
        # Our context reads tt-mlir's TTNN IR without --allow-unregistered-dialect.
        self.ctx = TTNNContext()
        super().register_all_dialects()
        register_dialects(self.ctx)

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, factory in PASSES.items():
            self.register_pass(name, factory)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)

        def one_line_error(message: str) -> NoReturn:
            # argparse prints the whole usage before the message; a user error is one line.
            arg_parser.exit(2, f"ttnn-opt: error: {message}\n")

        arg_parser.error = one_line_error
        # The project's passes first, one line each; upstream ones at the end (the epilog).
        arg_parser.formatter_class = argparse.RawDescriptionHelpFormatter
        width = max(len(name) for name in PASS_SUMMARIES)
        listing = "\n".join(
            f"  {name:<{width}}  {summary}" for name, summary in PASS_SUMMARIES.items()
        )
        arg_parser.description = (
            f"{arg_parser.description}\n\nttnn-xdsl passes (-p NAME):\n{listing}"
        )
        upstream = sorted(name for name in self.available_passes if name not in PASSES)
        arg_parser.epilog = "upstream xDSL passes (-p NAME):\n" + textwrap.fill(
            ", ".join(upstream),
            width=HELP_WIDTH,
            initial_indent="  ",
            subsequent_indent="  ",
            break_on_hyphens=False,
        )
        for action in arg_parser._actions:  # pyright: ignore[reportPrivateUsage]
            if action.dest == "verify_diagnostics":
                action.help = (
                    "check each diagnostic against the input's expected-error (-warning, "
                    "-note, -remark) comments as mlir-opt does: exit 1 on a mismatch; each "
                    "diagnostic, and each further mismatch, is printed on stdout"
                )
            if action.dest == "input_file":
                action.help = "path to input file ('-' or none: standard input)"
            if action.dest == "passes":
                action.help = (
                    "comma-separated pass pipeline, options in braces ('ttnn-lower,cse'): "
                    "the ttnn-xdsl passes above, or upstream xDSL's (listed at the end)"
                )
        arg_parser.add_argument(
            "--ascii",
            default=False,
            action="store_true",
            help="write diagnostics in ASCII (-> for →, x for ×, ... for …); the IR is printed "
            "as it is",
        )
        arg_parser.add_argument(
            "--traceback",
            default=False,
            action="store_true",
            help="show the Python traceback of an error instead of the one-line message",
        )
        group_upstream_options(arg_parser)
        given_once(arg_parser)

    def setup_pipeline(self) -> None:
        """Upstream's pipeline, verifying between passes with one-line diagnostics."""
        started = time.perf_counter()

        def callback(
            previous: ModulePass | None, module: ModuleOp, following: ModulePass | None
        ) -> None:
            nonlocal started
            if self.args.time_passes and previous is not None:
                print(f"Pass {previous.name} took {time.perf_counter() - started} seconds")
            if not self.args.disable_verify:
                verify_module(module)
            if previous and following and self.args.print_between_passes:
                print(f"IR after {previous.name}:")
                Printer(stream=sys.stdout).print_op(module)
                print("\n\n\n")
            if self.args.time_passes and following is not None:
                started = time.perf_counter()

        self.pipeline = parse_pass_pipeline(self.args.passes, self.available_passes, callback)

    def get_input_stream(self) -> tuple[IO[bytes], str]:
        """`-` is standard input, as for mlir-opt (xDSL reads it only without a path)."""
        if self.args.input_file == STANDARD_INPUT:
            return sys.stdin.buffer, "mlir"
        return super().get_input_stream()

    def get_input_name(self) -> str:
        return source_name(self.args.input_file)

    def output_resulting_program(self, prog: ModuleOp) -> str:
        text = super().output_resulting_program(prog)
        if self.args.target == "mlir":
            check_printed_nesting(text, self.get_input_name())
        return text

    def check_tt_mlir_imported(self, module: ModuleOp) -> None:
        """A pipeline that lowers (`LOWERING_PASSES`) with no `import-tt-mlir` before it would
        leave tt-mlir's prepare ops unlowered: refuse it at the first such op, as ttnn-run
        refuses to run one (`call_graph.import_first_message`)."""
        names = [step.name for step in self.pipeline.passes]
        lowering = next((i for i, name in enumerate(names) if name in LOWERING_PASSES), None)
        if lowering is None or ImportTTMLIR.name in names[:lowering]:
            return
        op = tt_mlir_op_to_import(module)
        if op is not None:
            raise TTNNError(import_first_message(op, "lower", self.args.passes), op=op)

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        if file_extension != "mlir":
            return super().parse_chunk(chunk, file_extension, start_offset)
        name = self.get_input_name()
        text = decode_source(chunk.read(), name, start_offset)
        return parse_module(self.ctx, text, name, start_offset)

    _output: StringIO

    def run(self) -> None:
        """Parse, transform and print each chunk; diagnostics are one line each. With
        `--verify-diagnostics` each chunk's diagnostics are checked against its
        `expected-*` comments (`expected_diagnostics`)."""
        try:
            chunks, file_extension = self.prepare_input()
        except OSError as error:
            raise TTNNError(f"cannot read '{self.args.input_file}': {error.strerror}") from None
        except ValueError as error:
            raise TTNNError(str(error)) from None
        output = self._output = StringIO()
        self._diagnostic_lines: list[str] = []
        failures: list[tuple[str | None, str]] = []
        for index, (chunk, offset) in enumerate(chunks):
            with chunk:
                data = chunk.read()
            if index > 0:
                output.write("// -----\n")
            if not self.args.verify_diagnostics:
                try:
                    self._process_chunk(data, file_extension, offset)
                except TTNNError as error:
                    parse_stage = error.stage == "parse" and self.args.parsing_diagnostics
                    if not parse_stage:
                        raise
                    self._print_diagnostic(str(error))
                continue
            failures += self._checked_chunk(data, file_extension, offset)
        if failures:
            # The first mismatch is the run's one error line (exit status 1); each other one is
            # named on standard output, a line each as mlir-opt reports them, where
            # --verify-diagnostics prints its diagnostics.
            (location, message), *others = failures
            if others:
                for other_location, other_message in others:
                    line = format_user_error("ttnn-opt", TTNNError(other_message, other_location))
                    sys.stdout.write((to_ascii(line) if self.args.ascii else line) + "\n")
                sys.stdout.flush()  # before the error line, when both go to one pipe
                message += (
                    f" (and {len(others)} more mismatch{'es' if len(others) > 1 else ''} "
                    "with the expected-* comments, each on standard output)"
                )
            raise TTNNError(message, location)
        self._write(output.getvalue())
        for line in self._diagnostic_lines:
            print(line)

    def _process_chunk(self, data: bytes, file_extension: str, offset: int) -> None:
        """Parse, transform and print one chunk; every diagnostic is raised as a TTNNError."""
        try:
            module = self.parse_chunk(BytesIO(data), file_extension, offset)
            if module is not None:
                self.check_tt_mlir_imported(module)
                self.apply_passes(module)
                self._output.write(self.output_resulting_program(module))
        except ParseError as error:
            # A frontend other than ours (or a pass) raised a raw parse error.
            raise parse_error_location(error, offset) from None
        except TTNNError:
            raise
        except DiagnosticException as error:
            # A pass failed without naming an operation.
            message = str(error).split("\n", 1)[0]
            raise TTNNError(message, self.get_input_name()) from None
        except Exception as error:
            # An upstream pass or target of xDSL failed on IR it was not made for.
            failure = upstream_failure(error, "the pass pipeline or the output target")
            if failure is None:
                raise
            raise failure from None

    def _checked_chunk(
        self, data: bytes, file_extension: str, offset: int
    ) -> list[tuple[str | None, str]]:
        """Run one chunk and compare its diagnostics (its error, its warnings) with its
        `expected-*` comments: the mismatches, as (location, message). Each diagnostic is
        printed on stdout too, as xdsl-opt's flag does, for FileCheck to check its column."""
        name = self.get_input_name()
        expectations, problems = read_expectations(data.decode("utf-8", "replace"), name, offset)
        failure: TTNNError | None = None
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", TTNNWarning)
            try:
                self._process_chunk(data, file_extension, offset)
            except TTNNError as error:
                failure = error
        # The warnings came before the error that stopped the chunk.
        diagnostics = [
            Diagnostic("warning", warning.message.message, warning.message.location)
            for warning in caught
            if isinstance(warning.message, TTNNWarning)
        ]
        if failure is not None:
            diagnostics.append(Diagnostic("error", failure.message, failure.location))
        for diagnostic in diagnostics:
            where = f"{diagnostic.location}: " if diagnostic.location else ""
            self._print_diagnostic(f"{where}{diagnostic.kind}: {diagnostic.message}")
        return problems + mismatches(expectations, diagnostics)

    def _print_diagnostic(self, line: str) -> None:
        """Print a diagnostic the run expects and goes on after."""
        line = one_printable_line(to_ascii(line) if self.args.ascii else line)
        if self.args.output_file is None:
            # In order with the printed chunks, like upstream's unbuffered output.
            self._output.write(f"{line}\n")
        else:
            # On stdout once the run succeeded: a failure prints only its error line.
            self._diagnostic_lines.append(line)

    def _write(self, text: str) -> None:
        if self.args.output_file is None:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        # Missing folders on the way are made, as for ttnn-run's outputs (docs/tools.md).
        folder = os.path.dirname(self.args.output_file) or None
        write_output_files([(self.args.output_file, text.encode())], folder)


def main(args: Sequence[str] | None = None) -> None:
    """Entry point of the `ttnn-opt` console script."""
    quiet_garbage_collector()
    arguments = list(sys.argv[1:] if args is None else args)

    def body() -> None:
        try:
            driver = TTNNOptMain(description="ttnn-xdsl's MLIR optimizer driver", args=arguments)
        except SystemExit as exit_request:
            # argparse reports a bad flag with status 2; every user error here exits 1.
            sys.exit(0 if exit_request.code in (0, None) else 1)
        # A bad `-p` (an unknown pass, a malformed pipeline or a bad option) raised
        # TTNNError in the constructor above, reported like any other user error.
        driver.run()

    with ascii_streams("--ascii" in arguments, stdout=False):
        report_errors("ttnn-opt", body, arguments)


if __name__ == "__main__":
    main()

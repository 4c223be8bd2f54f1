"""Source locations and one-line diagnostics for IR read from text.

xDSL records an operation's location only when the text spells `loc(...)`, and reports a
verifier failure as an exception plus the whole module. Users of `ttnn-opt` / `ttnn-run`
expect MLIR's one line, `FILE:LINE:COL: error: message`; this module gives every parsed
operation its `FILE:LINE:COL` location and turns parse and verify failures into
`TTNNError`s (the project's user error) that print that line.
"""

from __future__ import annotations

import bisect
import difflib
import importlib.util
import itertools
import os
import re
import struct
import traceback
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from xdsl.context import Context
from xdsl.dialects.builtin import (
    FileLineColLoc,
    IntAttr,
    LocationAttr,
    ModuleOp,
    NoneAttr,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    UnknownLoc,
    UnregisteredOp,
)
from xdsl.ir import Attribute, Dialect, Operation, TypeAttribute
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser
from xdsl.parser.generic_parser import ParserState
from xdsl.rewriter import Rewriter
from xdsl.traits import SymbolOpInterface, SymbolTable
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Input, Position, Span
from xdsl.utils.mlir_lexer import MLIRTokenKind

from ttnn_xdsl.core.errors import TTNNError, format_location
from ttnn_xdsl.dialect.attributes import TensorLayoutAttr
from ttnn_xdsl.dialect.tensor_types import written_tensor_type_problem
from ttnn_xdsl.dialect.tt_mlir import TT_MLIR_OPS, TT_MLIR_SHARED_NAME_OPS
from ttnn_xdsl.dialect.tt_mlir_names import TT_MLIR_OP_PROPERTIES, TT_MLIR_TTNN_OPS
from ttnn_xdsl.frontend.dominance import verify_dominance
from ttnn_xdsl.frontend.source import BoundedLexer, check_nesting

__all__ = [
    "LocatingParser",
    "located_diagnostic",
    "parse_error_location",
    "parse_module",
    "raised_through_project",
    "symbol_tables",
    "upstream_failure",
    "verify_module",
    "verify_ops",
]


class LocatingParser(Parser):
    """An xDSL parser that gives every operation the location of its first token, with
    line numbers shifted by `line_offset` (a chunk of a `--split-input-file` input), and
    reports an attribute's verifier failure as a parse error at the attribute. Its lexer is
    `BoundedLexer` (no exponential backtracking on an unterminated string)."""

    def __init__(self, ctx: Context, text: str, name: str, line_offset: int = 0):
        # xDSL's constructor builds its own lexer and lexes the first token with it: give it
        # no text, then start over on the real text with the bounded lexer.
        super().__init__(ctx, "", name)
        self._parser_state = ParserState(BoundedLexer(Input(text, name)))
        self.line_offset = line_offset
        # Where each line starts, for locations in O(log lines): xDSL's `Span.get_location`
        # counts the newlines from the start of the text, which made parsing quadratic.
        self.line_starts = [0, *itertools.accumulate(len(line) + 1 for line in text.split("\n"))]
        self.tensor_types: dict[str, Attribute] = {}
        """Each `tensor<...>` parsed, by the text between its brackets (a module spells the
        same few types again and again: ResNet-50 spells 52 distinct ones 1060 times)."""
        self.dialect_attributes: dict[tuple[str, bool, str], Attribute] = {}
        """Each `#dialect.name<...>` / `!dialect.name<...>` parsed, by name and text (a
        conv's memory and conv2d configs repeat on every prepare op)."""
        self.deferred_location_aliases: list[Span] = []
        """`loc(#name)` uses of location aliases not defined yet (checked at the end)."""
        self.tt_mlir_forms: list[tuple[Operation, type[Operation]]] = []
        """Generic forms parsed as the project's ops that are tt-mlir's ops of the same name
        (`tt_mlir_op_written`), replaced by those once the module is read: xDSL's context
        holds one op per name, and its generic-form parser is private."""

    def _parse_location(self) -> LocationAttr:
        """A location, where an alias may be defined later in the file: MLIR (and tt-mlir,
        which writes every `#locN = loc(...)` it did not need earlier after the module)
        resolves location aliases at the end of the file. The tools locate ops by their
        place in the .mlir file, so a location alias only has to exist (`parse_module`)."""
        token = self._current_token
        if (
            token.kind == MLIRTokenKind.HASH_IDENT
            and "." not in token.text
            and token.text not in self.attribute_aliases
        ):
            self._consume_token()
            self.deferred_location_aliases.append(token.span)
            return UnknownLoc()
        return super()._parse_location()

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        module = super().parse_module(allow_implicit_module)
        for span in self.deferred_location_aliases:
            if not isinstance(self.attribute_aliases.get(span.text), LocationAttr):
                self.raise_error(f"undefined location alias '{span.text}'", span.start, span.end)
        for op, tt_mlir_op in self.tt_mlir_forms:
            become(op, tt_mlir_op)
        return module

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        try:
            op = super().parse_operation()
        except (VerifyException, struct.error) as error:
            # An attribute or type checked while parsing the operation (an i32 property out
            # of range, an operand type its format rejects, a dense array xDSL packs
            # unchecked) failed: report it at the operation, as a parse error naming it.
            message = _one_line(str(error))
            if isinstance(error, struct.error):
                message = f"integer out of range: {message}"
            name = _operation_name(start)
            if name is not None and not message.startswith(f"'{name}' op "):
                message = f"'{name}' op {message}"
            self.raise_error(message, start.start, self.pos)
        except ParseError as error:
            if not error.msg.startswith(f"Operation {UnregisteredOp.name} does not have"):
                raise
            # An op the project does not model, written in its custom syntax (only the
            # generic form of such an op can be read): say which op, and what to do.
            name = _operation_name(start)
            self.raise_error(
                f"'{name}' is written in its custom syntax, which ttnn-xdsl can read only for "
                "the ops it knows; write it in generic form (tt-mlir: --mlir-print-op-generic)",
                start.start,
                self.pos,
            )
        except (TTNNError, RecursionError):
            raise
        except Exception as error:
            # xDSL's parser of an upstream op's custom syntax failed on malformed input with a
            # Python error (a bare `linalg.copy` indexes its empty operand list): a syntax
            # error at that op. When the project's own code took part (its parsers raise
            # ParseError), the failure stays an internal error, to be fixed, not hidden.
            name = _operation_name(start)
            if name is None or raised_through_project(error):
                raise
            detail = _one_line(str(error)) or type(error).__name__
            self.raise_error(
                f"'{name}' op malformed custom syntax (xDSL's parser failed: {detail})",
                start.start,
                self.pos,
            )
        if not isinstance(op.location, FileLineColLoc):
            # Debug locations (tt-mlir's `loc(#loc12)` into Python sources) give way to the
            # op's place in this file, which every diagnostic names.
            line, column = self.line_and_column(start.start)
            op.location = FileLineColLoc(
                StringAttr(start.input.name), IntAttr(line), IntAttr(column)
            )
        tt_mlir_op = tt_mlir_op_written(op)
        if tt_mlir_op is not None and _GENERIC_FORM.match(start.input.content, start.start):
            self.tt_mlir_forms.append((op, tt_mlir_op))
        return op

    def _get_op_by_name(self, name: str) -> type[Operation]:
        """xDSL's lookup; an unknown name is an error with the closest known op name."""
        op_type = self.ctx.get_optional_op(name, dialect_stack=self._parser_state.dialect_stack)
        if op_type is not None:
            return op_type
        self.raise_error(
            f"Operation {name} is not registered{_did_you_mean(name, self._op_names(name))}"
        )

    def _parse_dialect_type_or_attribute_body(
        self,
        attr_name: str,
        is_type: bool,
        is_opaque: bool,
        starting_opaque_pos: Position | None,
    ) -> Attribute:
        """xDSL's parse of a dialect attribute or type; an unknown name is an error with the
        closest known name of its dialect (`#ttnn.compute_kernel_config`: did you mean
        'ttnn.device_compute_kernel_config'?)."""
        pretty = "." in attr_name
        if pretty:
            known = self.ctx.get_optional_type if is_type else self.ctx.get_optional_attr
            if known(attr_name) is None:
                self.raise_error(
                    f"'{attr_name}' is not registered"
                    + _did_you_mean(attr_name, self._attribute_names(attr_name, is_type))
                )
        return super()._parse_dialect_type_or_attribute_body(
            attr_name, is_type, is_opaque, starting_opaque_pos
        )

    def _dialect_of(self, name: str) -> Dialect | None:
        """The registered dialect `name` (`ttnn.x`) belongs to, None for any other."""
        dialect_name = name.partition(".")[0]
        if dialect_name not in self.ctx.registered_dialect_names:
            return None
        return self.ctx.get_optional_dialect(dialect_name)

    def _attribute_names(self, name: str, is_type: bool) -> list[str]:
        """The names of the attributes (or types) of `name`'s dialect."""
        dialect = self._dialect_of(name)
        if dialect is None:
            return []
        return [
            attribute.name
            for attribute in dialect.attributes
            if issubclass(attribute, TypeAttribute) == is_type
        ]

    def _op_names(self, name: str) -> list[str]:
        """The names of the ops of `name`'s dialect (`ttnn.x`: the project's and tt-mlir's)."""
        dialect = self._dialect_of(name)
        names = [op.name for op in dialect.operations] if dialect is not None else []
        if name.partition(".")[0] == "ttnn":
            names += [f"ttnn.{tt_mlir_name}" for tt_mlir_name in TT_MLIR_TTNN_OPS]
        return names

    def _parse_tensor_attrs(self) -> Attribute:  # pyright: ignore[reportIncompatibleMethodOverride]
        """`tensor<...>`: a TT-NN tensor type that cannot exist is an error where it is
        written, not later in a pass (`written_tensor_type_problem`). A text parsed before
        is not parsed again (`tensor_types`)."""
        start = self.pos
        text = self.lexer.input.content
        end = _closing_bracket(text, start)
        key = text[start:end] if end is not None else None
        cached = self.tensor_types.get(key) if key is not None else None
        if cached is not None:
            self._resume_from(end)  # pyright: ignore[reportArgumentType]
            return cached
        tensor = super()._parse_tensor_attrs()
        problem = written_tensor_type_problem(tensor)
        if problem is not None:
            keyword = text.rfind("tensor", 0, start)
            self.raise_error(problem, keyword if keyword >= 0 else start, self.pos)
        if key is not None and self.pos == end:
            self.tensor_types[key] = tensor
        return tensor

    def line_and_column(self, position: int) -> tuple[int, int]:
        """The 1-based line (shifted by `line_offset`) and column of a position in the
        text, as `Span.get_location` computes them."""
        line = bisect.bisect_right(self.line_starts, position)
        return line + self.line_offset, position - self.line_starts[line - 1] + 1

    def _parse_extended_type_or_attribute(  # pyright: ignore[reportIncompatibleMethodOverride]
        self, attr_or_dialect_name: str, is_type: bool
    ) -> Attribute:
        start = self.pos - len(attr_or_dialect_name) - 1
        key: tuple[str, bool, str] | None = None
        end: int | None = None
        if "." in attr_or_dialect_name and self._current_token.kind == MLIRTokenKind.LESS:
            text = self.lexer.input.content
            end = _closing_bracket(text, self.pos + 1)
            if end is not None:
                key = (attr_or_dialect_name, is_type, text[self.pos : end + 1])
                cached = self.dialect_attributes.get(key)
                if cached is not None:
                    self._resume_from(end + 1)  # pyright: ignore[reportArgumentType]
                    return cached
        try:
            attribute = super()._parse_extended_type_or_attribute(attr_or_dialect_name, is_type)  # pyright: ignore[reportCallIssue, reportArgumentType]
            if key is not None and end is not None and not text[end + 1 : self.pos].strip():
                self.dialect_attributes[key] = attribute
            return attribute
        except VerifyException as error:
            self.raise_error(str(error), max(start, 0), self.pos)
        except ValueError as error:
            # xDSL builds a parametrized attribute without checking its parameter count
            # (`!ttnn.bfp8_b<8>`): report it at the attribute, not as a traceback.
            sigil = "!" if is_type else "#"
            self.raise_error(
                f"invalid parameters for {sigil}{attr_or_dialect_name}: {error}",
                max(start, 0),
                self.pos,
            )


def tt_mlir_op_written(op: Operation) -> type[Operation] | None:
    """The op a generic form parsed as one of the project's ops stands for when it is
    tt-mlir's op of the same name, None when it is the project's own. tt-mlir's are told apart
    by what the project's ops never have: properties of other names, tensors in tt-mlir's
    `#ttnn.ttnn_layout`, or (the prepare ops) a device operand. Those the project models
    (`ttnn.prepare_conv_transpose2d_weights` / `_bias`, tt-mlir's `ttnn.to_layout` and
    `ttnn.typecast`: `TT_MLIR_SHARED_NAME_OPS`) become that op; any other, an unregistered
    pass-through op, unless it has a property tt-mlir's op does not have either
    (`TT_MLIR_OP_PROPERTIES`): then it is the project's op, misspelled."""
    shares_a_name = (
        isinstance(op, IRDLOperation)
        and not isinstance(op, TT_MLIR_OPS)
        and op.name.removeprefix("ttnn.") in TT_MLIR_TTNN_OPS
    )
    if not shares_a_name:
        return None
    foreign_properties = set(op.properties) - set(type(op).get_irdl_definition().properties)
    foreign_types = any(
        isinstance(value.type, TensorType)
        and not isinstance(value.type.encoding, NoneAttr | TensorLayoutAttr)
        for value in (*op.operands, *op.results)
    )
    tt_mlir_model = TT_MLIR_SHARED_NAME_OPS.get(op.name)
    if tt_mlir_model is not None:
        # A property of neither op's is the project op's error (a misspelled name).
        tt_mlir_names = set(tt_mlir_model.get_irdl_definition().properties)
        written = len(op.operands) != 1 or foreign_types
        written |= bool(foreign_properties) and set(op.properties) <= tt_mlir_names
        return tt_mlir_model if written else None
    if not foreign_properties and not foreign_types:
        return None
    tt_mlir_properties = TT_MLIR_OP_PROPERTIES.get(op.name.removeprefix("ttnn."))
    # A property of neither op's (`kernal_size`) is the project op's error, named there.
    misspelled = tt_mlir_properties is not None and not foreign_properties <= tt_mlir_properties
    if misspelled and not foreign_types:
        return None
    return UnregisteredOp.with_name(op.name)


def become(op: Operation, tt_mlir_op: type[Operation]) -> None:
    """Replace `op` by an op of class `tt_mlir_op` with the same operands, results, properties,
    attributes, location and regions (through xDSL's public rewriter)."""
    written = tt_mlir_op.create(
        operands=op.operands,
        result_types=op.result_types,
        properties=op.properties,
        attributes=op.attributes,
        location=op.location,
        successors=op.successors,
        regions=[op.detach_region(region) for region in list(op.regions)],
    )
    for parsed, result in zip(op.results, written.results, strict=True):
        result.name_hint = parsed.name_hint
    Rewriter.replace_op(op, written)


_GENERIC_FORM = re.compile(r'(?:%[\w$.-]+(?::\d+)?\s*(?:,\s*%[\w$.-]+(?::\d+)?\s*)*=\s*)?"')
"""An operation written in generic form: its results, if any, then its name as a string."""


_BRACKETS = re.compile(r'[<>"]')


def _closing_bracket(text: str, start: int) -> int | None:
    """The position of the `>` closing the `<` just before `start` (None when a string
    literal comes first, whose text may hold brackets, or there is none)."""
    depth = 1
    for match in _BRACKETS.finditer(text, start):
        bracket = match.group()
        if bracket == '"':
            return None
        depth += 1 if bracket == "<" else -1
        if depth == 0:
            return match.start()
    return None


_OPERATION_NAME = re.compile(
    r"\s*(?:%[\w.$-]+(?::\d+)?\s*(?:,\s*%[\w.$-]+(?::\d+)?\s*)*=\s*)?\"?([\w.$-]+)"
)


def _project_folders() -> tuple[str, ...]:
    """The folders of the project's packages (`ttnn_xdsl.dialect`, …)."""
    folders: list[str] = []
    for package in ("dialect", "frontend", "passes", "runtime", "tools"):
        spec = importlib.util.find_spec(f"ttnn_xdsl.{package}")
        if spec is not None and spec.submodule_search_locations:
            folders += [os.path.join(path, "") for path in spec.submodule_search_locations]
    return tuple(folders)


def raised_through_project(error: BaseException) -> bool:
    """Whether the project's code ran between the frame handling `error` and the one that
    raised it. An exception raised by xDSL alone (its parser, verifier, a pass or a printer
    of its own failing on input it does not expect) is about the input; one the project's
    code took part in is a bug of the project."""
    folders = _project_folders()
    frames = traceback.extract_tb(error.__traceback__)[1:]
    return any(frame.filename.startswith(folders) for frame in frames)


def _operation_name(start: Span) -> str | None:
    """The name of the operation whose text begins at `start` (after its results)."""
    match = _OPERATION_NAME.match(start.input.content, start.start)
    return match.group(1) if match else None


def upstream_failure(error: Exception, what: str) -> TTNNError | None:
    """The user error for an exception xDSL raised while doing `what` to the IR (an upstream
    pass or printer failing on IR it was not made for), or None when the project's code took
    part (a bug: re-raise it)."""
    if isinstance(error, RecursionError) or raised_through_project(error):
        return None
    detail = " ".join(str(error).split()) or type(error).__name__
    if len(detail) > 200:
        detail = detail[:200] + "…"
    if isinstance(error, DiagnosticException):
        return TTNNError(f"{what} failed: {detail}")
    return TTNNError(f"{what} failed in xDSL: {type(error).__name__}: {detail}")


_COMMENTS_AND_SPACE = re.compile(r"(?:\s|//[^\n]*)*")


def _only_comments(text: str) -> bool:
    return _COMMENTS_AND_SPACE.fullmatch(text) is not None


def _clearer_parse_message(message: str, text: str, position: int) -> str:
    """xDSL's message, or a clearer one for the two it gives on the commonest slips: a region
    left open at the end of the file (" in block definition", the rest of the sentence
    missing) and a file or a top level with nothing it can parse ("Could not parse entire
    input!"); and for a sigil (`%`, `#`, `!`, `^`) with no name after it, whose message
    xDSL prints unformatted ("Expected suffix identifier after {first_char}")."""
    if message.strip() == "in block definition":
        if _only_comments(text[position:]):
            return "expected '}' to close a region before the end of the input"
        return "expected an operation, a block label (^name:) or '}'"
    if message == "Could not parse entire input!":
        if _only_comments(text):
            return "the input holds no operation"
        return "expected an operation"
    if message == "Expected suffix identifier after {first_char}":
        # xDSL's f-string that is not one: say which sigil lacks its name.
        sigil = text[position] if position < len(text) else "%"
        return f"expected a name or a number after '{sigil}' (as in {sigil}x or {sigil}0)"
    return message


def parse_error_location(error: ParseError, line_offset: int = 0) -> TTNNError:
    """The one-line form of a parse error."""
    span = error.span
    where = Span(span.start, span.end, span.input, span.line_offset + line_offset).get_location()
    text = span.input.content
    message = error.msg
    if isinstance(text, str):
        message = _clearer_parse_message(message, text, span.start)
    return TTNNError(message, f"{where.file}:{where.line}:{where.col}", stage="parse")


def parse_module(ctx: Context, text: str, name: str, line_offset: int = 0) -> ModuleOp:
    """Parse IR text into a module whose operations carry their source locations.
    Raises TTNNError on a syntax error and on nesting deeper than the parser can take
    (`source.check_nesting`)."""
    check_nesting(text, name, line_offset)
    try:
        return LocatingParser(ctx, text, name, line_offset).parse_module()
    except ParseError as error:
        raise parse_error_location(error, line_offset) from None


def _post_order(op: Operation) -> Iterator[Operation]:
    """Operations in the order xDSL verifies them: nested ones before their parent."""
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                yield from _post_order(child)
    yield op


def _one_line(message: str) -> str:
    """A verifier message on one line (xDSL splits some over several)."""
    return " ".join(part.strip() for part in message.splitlines() if part.strip())


def _strip_prefix(message: str) -> str:
    return _one_line(message).removeprefix("Operation does not verify: ")


def verify_module(module: Operation) -> None:
    """Verify `module`; on failure raise a TTNNError naming the first failing operation's
    location and the verifier's message (MLIR's `'op.name' op ...` form). An upstream op
    whose xDSL verifier fails with a Python error is reported the same way."""
    with symbol_tables():
        try:
            module.verify()
        except DiagnosticException as error:
            failure: Exception = error
        except Exception as error:
            if isinstance(error, RecursionError) or raised_through_project(error):
                raise
            failure = error
        else:
            _verify_written_tensor_types(module)
            verify_dominance(module)
            return
        for op in _post_order(module):
            try:
                op.verify(verify_nested_ops=False)
            except DiagnosticException as error:
                raise located_diagnostic(op, error) from None
            except Exception as error:
                if isinstance(error, RecursionError) or raised_through_project(error):
                    raise
                detail = _one_line(str(error)) or type(error).__name__
                raise TTNNError(
                    f"'{op.name}' op cannot be verified (xDSL's verifier failed: {detail})",
                    format_location(op.location),
                ) from None
    # Not attributable to one operation (e.g. a region-level rule): report it as it is.
    raise TTNNError(_strip_prefix(str(failure)), format_location(module.location))


def _verify_written_tensor_types(module: Operation) -> None:
    """The check the parser makes of each TT-NN tensor type, for IR built in Python: every
    operand, result and block argument type of every operation."""
    for op in module.walk():
        values = [*op.operands, *op.results]
        values += [arg for region in op.regions for block in region.blocks for arg in block.args]
        for value in values:
            problem = written_tensor_type_problem(value.type)
            if problem is not None:
                raise TTNNError(f"'{op.name}' op {problem}", format_location(op.location))


def verify_ops(ops: Iterable[Operation]) -> None:
    """Verify each of `ops` on its own (not its nested ops), like `verify_module` reporting
    the first failure at its location: for a pass that checks only the ops it made."""
    with symbol_tables():
        for op in ops:
            try:
                op.verify(verify_nested_ops=False)
            except DiagnosticException as error:
                raise located_diagnostic(op, error) from None


@contextmanager
def symbol_tables() -> Iterator[None]:
    """Within the block, symbol lookups (`SymbolTable.lookup_symbol`, which verifying a
    `func.call` does) are answered from one table per symbol-table op, built on first use.

    xDSL's lookup scans every op of the symbol table for each call it verifies: verifying a
    module of F functions and C calls cost C·F. The IR must not change within the block (a
    verifier does not change it); nested symbol references still take xDSL's own path."""
    original = SymbolTable.__dict__["lookup_symbol"]
    tables: dict[Operation, dict[str, Operation]] = {}

    def lookup(op: Operation, name: str | StringAttr | SymbolRefAttr) -> Operation | None:
        anchor: Operation | None = op
        while anchor is not None and not anchor.has_trait(SymbolTable):
            anchor = anchor.parent_op()
        reference = SymbolRefAttr(name) if isinstance(name, str | StringAttr) else name
        if anchor is None or reference.nested_references.data:
            return original.__func__(op, name)
        if anchor not in tables:
            table: dict[str, Operation] = {}
            for symbol in anchor.regions[0].block.ops:
                interface = symbol.get_trait(SymbolOpInterface)
                symbol_name = interface.get_sym_attr_name(symbol) if interface else None
                if symbol_name is not None:
                    table.setdefault(symbol_name.data, symbol)  # the first, as xDSL finds
            tables[anchor] = table
        return tables[anchor].get(reference.root_reference.data)

    SymbolTable.lookup_symbol = staticmethod(lookup)  # type: ignore[method-assign]
    try:
        yield
    finally:
        SymbolTable.lookup_symbol = original  # type: ignore[method-assign]


def _did_you_mean(name: str, known: Iterable[str]) -> str:
    """` (did you mean 'X'?)` with the known name closest to `name`, or nothing."""
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


_MISSING_PROPERTY = re.compile(r"^property '(?P<name>[^']+)' expected in operation '[^']+'")
_UNDEFINED_PROPERTY = re.compile(r"^property '(?P<name>[^']+)' is not defined by the operation")


def _property_message(op: Operation, message: str) -> str:
    """xDSL's message on an op's properties, naming what the generic form misspelled: a
    required property missing names the key written instead of it (`kernal_size`) and the
    closest known name; a key the op does not have names the closest property it has."""
    if not isinstance(op, IRDLOperation):
        return message
    known = list(type(op).get_irdl_definition().properties)
    unknown = [key for key in op.properties if key not in known]
    missing = _MISSING_PROPERTY.match(message)
    if missing is not None and unknown:
        written = min(
            unknown,
            key=lambda key: -difflib.SequenceMatcher(None, key, missing.group("name")).ratio(),
        )
        return (
            f"property '{missing.group('name')}' expected, got the unknown property "
            f"'{written}'{_did_you_mean(written, known)}"
        )
    undefined = _UNDEFINED_PROPERTY.match(message)
    if undefined is not None:
        name = undefined.group("name")
        return f"has no property '{name}'{_did_you_mean(name, known)}"
    return message


def located_diagnostic(op: Operation, error: Exception) -> TTNNError:
    """The one-line diagnostic for `error` raised by (or about) `op`."""
    message = _property_message(op, _strip_prefix(str(error)))
    if not message.startswith(f"'{op.name}' op "):
        message = f"'{op.name}' op {message}"
    return TTNNError(message, format_location(op.location))

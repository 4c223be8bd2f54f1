"""`make docs`: docs/dialect.md, the reference of the project's dialects, generated from their
definitions — like MLIR's generated dialect docs.

For every dialect `dialect.context.PROJECT_DIALECTS` lists, in order: the dialect's module
docstring; each operation with its name, syntax (its assembly format, or the `key = value`
form of the keyword-property ops), operands, properties (type, required or optional, default
from the op's Python builder), results, the semantics (its docstring), the verifier rules (the
messages its verifier can raise, read from the verifier's source) and an example; each
attribute and type with its parameters, docstring, verifier rules and an example. The
examples are the functions of docs/dialect_examples.mlir named after each construct, parsed,
verified and printed, so every example is valid IR.

    python -m ttnn_xdsl.tools.dialect_docs [--examples FILE.mlir] [-o docs/dialect.md]
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ArrayOfConstraint,
    DenseArrayBase,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StringAttr,
    TensorType,
)
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import (
    AllOf,
    AnyAttr,
    AnyOf,
    BaseAttr,
    EqAttrConstraint,
    IRDLOperation,
    OptOperandDef,
    OptPropertyDef,
    OptResultDef,
    ParamAttrConstraint,
    VarConstraint,
    VarOperandDef,
    VarResultDef,
)
from xdsl.printer import Printer

from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.core.output_files import write_output_files
from ttnn_xdsl.dialect.context import PROJECT_DIALECTS, make_context
from ttnn_xdsl.dialect.keyword_properties import REQUIRED, OpProperty
from ttnn_xdsl.dialect.operation import KeywordPropertyOp
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.tools.cli import report_errors

__all__ = ["DEFAULT_EXAMPLES", "dialect_reference", "load_examples", "main", "missing_examples"]

DEFAULT_EXAMPLES = "docs/dialect_examples.mlir"
_PLAIN_NAMES: dict[type[Attribute], str] = {
    TensorType: "tensor",
    MemRefType: "memref",
    StringAttr: "string",
    FloatAttr: "float",
    IntegerAttr: "integer",
    IntAttr: "integer",
    DenseArrayBase: "array",
    IndexType: "index",
}


# ------------------------------------------------------------------------------------------
# Examples
# ------------------------------------------------------------------------------------------


def load_examples(path: str) -> dict[str, str]:
    """Each function of the examples file by name (an op, `#attribute` or `!type`), printed:
    the whole function for an op, the `example` attribute for an attribute or type."""
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
    except OSError as error:
        raise TTNNError(f"cannot read '{path}': {error.strerror}") from None
    module = parse_module(make_context(), text, path)
    verify_module(module)
    examples: dict[str, str] = {}
    for op in module.walk():
        if isinstance(op, ModuleOp) and op.sym_name is not None and op is not module:
            # An example outside a function: the named module's body.
            examples[op.sym_name.data] = "\n".join(
                _printed(lambda printer, o=inner: printer.print_op(o)) for inner in op.ops
            )
            continue
        if not isinstance(op, func.FuncOp) or op.parent_op() is not module:
            continue
        name = op.sym_name.data
        if op.is_declaration:
            example = op.attributes.get("example")
            if example is not None:
                examples[name] = _printed(lambda printer, a=example: printer.print_attribute(a))
            continue
        shown = op.clone()
        shown.sym_name = StringAttr("example")  # the function is named after the op it shows
        examples[name] = _printed(lambda printer, f=shown: printer.print_op(f))
    return examples


def _printed(body: Callable[[Printer], None]) -> str:
    import io

    stream = io.StringIO()
    body(Printer(stream=stream))
    return stream.getvalue().strip()


# ------------------------------------------------------------------------------------------
# Reading the definitions
# ------------------------------------------------------------------------------------------


def _dialects() -> Iterator[tuple[Dialect, str]]:
    """Each project dialect with its module's docstring."""
    for name, factory in PROJECT_DIALECTS.items():
        dialect = factory()
        try:
            module = importlib.import_module(f"ttnn_xdsl.dialect.{name}")
            doc = inspect.getdoc(module) or ""
        except ImportError:
            doc = ""
        yield dialect, doc


def constraint_text(constraint: Any) -> str:
    """A constraint in words: `tensor`, `#ttnn.memory_config`, `i32 integer`, …"""
    if isinstance(constraint, VarConstraint):
        return constraint_text(constraint.constraint)
    if isinstance(constraint, ArrayOfConstraint):
        return f"array of {constraint_text(constraint.elem_range_constraint)}"
    inner = getattr(constraint, "constraint", None) or getattr(constraint, "constr", None)
    if inner is not None and not isinstance(constraint, BaseAttr | ParamAttrConstraint):
        return constraint_text(inner)
    if isinstance(constraint, BaseAttr):
        return _attribute_name(constraint.attr)
    if isinstance(constraint, EqAttrConstraint):
        return str(constraint.attr)
    if isinstance(constraint, AnyOf):
        texts = [
            constraint_text(c)
            for c in constraint.attr_constrs
            if not (isinstance(c, BaseAttr) and c.attr is NoneAttr)
        ]
        return " or ".join(texts)
    if isinstance(constraint, AllOf):
        return constraint_text(constraint.attr_constrs[-1])
    if isinstance(constraint, ParamAttrConstraint):
        base = constraint.base_attr
        parameters = [constraint_text(p) for p in constraint.param_constrs]
        if base is IntegerAttr:
            return f"{parameters[-1]} integer"
        if base is DenseArrayBase:
            return f"array<{parameters[0]}>"
        if base is MemRefType:
            element = [p for p in parameters if p not in ("any", "")]
            return f"memref of {element[0]}" if element else "memref"
        return _attribute_name(base)
    if isinstance(constraint, AnyAttr):
        return "any"
    return str(constraint)


def _attribute_name(attr: type[Attribute]) -> str:
    if attr in _PLAIN_NAMES:
        return _PLAIN_NAMES[attr]
    name = getattr(attr, "name", attr.__name__)
    sigil = "!" if issubclass(attr, TypeAttribute) else "#"
    return f"{sigil}{name}" if name.startswith(tuple(PROJECT_DIALECTS)) else name


def _defaults(cls: type) -> dict[str, Any]:
    """The defaults of the keyword parameters of the class's Python builder (an op declaring
    its properties gives them in its declaration)."""
    declared: tuple[OpProperty, ...] = getattr(cls, "PROPERTIES", ())
    if declared:
        return {
            prop.name: prop.default
            for prop in declared
            if prop.default is not REQUIRED and prop.default is not None
        }
    try:
        parameters = inspect.signature(cls.__init__).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {
        p.name: p.default
        for p in parameters
        if p.default is not inspect.Parameter.empty and p.default is not None
    }


def _default_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_default_text(v) for v in value) + "]"
    if hasattr(value, "value") and isinstance(value.value, str):
        return value.value
    if isinstance(value, Attribute):
        return _printed(lambda printer: printer.print_attribute(value))
    return str(value)


def _message_text(node: ast.expr) -> str | None:
    """The text of a message expression: literal parts kept, computed parts as `…`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            else:
                parts.append("…")
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _message_text(node.left), _message_text(node.right)
        return (left or "…") + (right or "…")
    return None


_RAISERS = {
    "error",
    "VerifyException",
    "raise_error",
    "TensorTypeError",
    "ConvConfigError",
    "ConvNotModelledError",
    "WeightBlockCrash",
}

RULES = "ttnn_xdsl.conv."
"""The pure rules an op's verifier delegates to (its messages are the op's too)."""


def verifier_rules(cls: type, entry: str) -> list[str]:
    """The messages the verifier `entry` of `cls` can raise, in order of appearance,
    computed parts as `…`: its own and those of the methods and functions it calls that are
    defined in the module of `cls` or in the pure conv rules it delegates to (`ttnn_xdsl.conv`;
    the generic reading of tensor types is left out)."""
    rules: list[str] = []
    seen: set[object] = set()
    home = inspect.getmodule(cls)

    def visit(function: Any) -> None:
        if function in seen or not callable(function):
            return
        seen.add(function)
        module = inspect.getmodule(function)
        if module is None or (module is not home and not module.__name__.startswith(RULES)):
            return
        try:
            source = textwrap.dedent(inspect.getsource(function))
        except (OSError, TypeError):
            return
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call):
                continue
            callee = node.func
            name = callee.attr if isinstance(callee, ast.Attribute) else getattr(callee, "id", "")
            if name in _RAISERS and node.args:
                text = _message_text(node.args[0])
                if text is not None:
                    text = text.removeprefix("'…' op ")
                # A message starting with a computed part (`f"{name} is …"`) is listed
                # too; one that is only computed (`f"{error}"`) says nothing to list.
                if text and any(c.isalpha() for c in text) and text not in rules:
                    rules.append(text)
            elif isinstance(callee, ast.Attribute) and getattr(callee.value, "id", "") == "self":
                visit(_own_method(cls, callee.attr))
            elif isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name):
                # `geometry.special_padding_map(...)`: a function of an imported module.
                owner = getattr(module, callee.value.id, None)
                if inspect.ismodule(owner):
                    visit(getattr(owner, callee.attr, None))
            elif isinstance(callee, ast.Name):
                visit(getattr(module, callee.id, None))

    visit(_own_method(cls, entry))
    return rules


def _own_method(cls: type, name: str) -> Any:
    """The project's own definition of method `name` along the class's MRO (xDSL wraps the
    verifier of an op definition; the wrapped function is the project's)."""
    for klass in cls.__mro__:
        function = klass.__dict__.get(name)
        candidates = [function] if function is not None else []
        # irdl_op_definition replaces `verify_` with a wrapper that closes over the original.
        candidates += [cell.cell_contents for cell in getattr(function, "__closure__", None) or ()]
        for candidate in candidates:
            module = inspect.getmodule(candidate) if callable(candidate) else None
            if module is not None and module.__name__.startswith("ttnn_xdsl."):
                return candidate
    return None


def _syntax(op: type[IRDLOperation]) -> str:
    """The custom syntax of an op, as a line."""
    assembly = getattr(op, "assembly_format", None)
    if assembly:
        return f"{op.name} {assembly}"
    keywords: tuple[OpProperty, ...] = getattr(op, "PROPERTIES", ())
    if issubclass(op, KeywordPropertyOp):
        parts = []
        for keyword in keywords:
            text = f"{keyword.name} = {keyword.kind.placeholder}"
            parts.append(text if keyword.required else f"[{text}]")
        # An op of several operands writes them (and their types) its own way.
        operands = getattr(op, "OPERANDS_SYNTAX", "%input")
        types = getattr(op, "TYPES_SYNTAX", "T -> R")
        return f"%result = {op.name} {operands} " + " ".join(parts) + f" [{{attributes}}] : {types}"
    if _own_method(op, "print") is not None:
        return f"{op.name} (custom syntax: see the example; the generic form always parses)"
    # No printer of its own: the op is written, and printed, in the generic form only.
    return (
        f'"{op.name}"(operands) <{{properties}}> : (operand types) -> result types '
        "(the generic form only, as the example)"
    )


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    if not rows:
        return []
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return [*lines, ""]


def _operation(op: type[IRDLOperation], examples: dict[str, str]) -> list[str]:
    definition = op.get_irdl_definition()
    defaults = _defaults(op)
    lines = [f"### `{op.name}`", "", f"`{op.__name__}` · `` {_syntax(op)} ``", ""]
    lines += [inspect.getdoc(op) or "(no description)", ""]
    operands = [
        (
            f"`{name}`",
            constraint_text(operand.constr),
            "variadic"
            if isinstance(operand, VarOperandDef) and not isinstance(operand, OptOperandDef)
            else "optional"
            if isinstance(operand, OptOperandDef)
            else "one",
        )
        for name, operand in definition.operands
    ]
    lines += _table(("operand", "type", "count"), operands)
    properties = [
        (
            f"`{name}`",
            constraint_text(prop.constr),
            "optional" if isinstance(prop, OptPropertyDef) else "required",
            _default_text(defaults[name]) if name in defaults else "",
        )
        for name, prop in definition.properties.items()
        if name != "operandSegmentSizes"
    ]
    lines += _table(("property", "type", "presence", "default (Python builder)"), properties)
    results = [
        (
            f"`{name}`",
            constraint_text(result.constr),
            "variadic"
            if isinstance(result, VarResultDef) and not isinstance(result, OptResultDef)
            else "optional"
            if isinstance(result, OptResultDef)
            else "one",
        )
        for name, result in definition.results
    ]
    lines += _table(("result", "type", "count"), results)
    rules = verifier_rules(op, "verify_")
    if rules:
        lines += ["Verifier errors (`'" + op.name + "' op …`, computed parts as `…`):", ""]
        lines += [f"- {rule}" for rule in rules] + [""]
    if op.name in examples:
        lines += ["Example:", "", "```mlir", examples[op.name], "```", ""]
    return lines


def _attribute(attr: type[ParametrizedAttribute], examples: dict[str, str]) -> list[str]:
    is_type = issubclass(attr, TypeAttribute)
    spelled = f"{'!' if is_type else '#'}{attr.name}"
    lines = [
        f"### `{spelled}`",
        "",
        f"`{attr.__name__}` · {'type' if is_type else 'attribute'}",
        "",
    ]
    lines += [inspect.getdoc(attr) or "(no description)", ""]
    try:
        parameters = attr.get_irdl_definition().parameters
    except Exception:  # an attribute without an IRDL definition
        parameters = []
    enum_type = getattr(attr, "enum_type", None)
    fields = getattr(attr, "FIELDS", None)
    if enum_type is not None:
        lines += ["Values: " + ", ".join(f"`{member.value}`" for member in enum_type), ""]
    elif fields is not None:
        required = getattr(attr, "REQUIRED_FIELDS", frozenset())
        # A field's value is written as its parser takes it (`shard_layout = height_sharded`),
        # not as the attribute of its parameter would be (`#ttnn.tensor_memory_layout<…>`).
        rows = [
            (f"`{field.name}`", field.written, "required" if field.name in required else "optional")
            for field in fields
        ]
        lines += _table(("field", "written as", "presence"), rows)
    elif parameters:
        # A parameter the syntax may leave out: one that may be `none`, or one the attribute
        # declares optional in its syntax (`OPTIONAL_PARAMETERS`: written only when not empty).
        written_optionally = getattr(attr, "OPTIONAL_PARAMETERS", frozenset())
        rows = [
            (
                f"`{name}`",
                constraint_text(parameter.constr),
                "optional"
                if name in written_optionally
                or (
                    isinstance(parameter.constr, AnyOf)
                    and any(
                        isinstance(c, BaseAttr) and c.attr is NoneAttr
                        for c in parameter.constr.attr_constrs
                    )
                )
                else "required",
            )
            for name, parameter in parameters
        ]
        lines += _table(("parameter", "type", "presence"), rows)
    rules = verifier_rules(attr, "verify")
    if rules:
        lines += ["Verifier errors:", ""] + [f"- {rule}" for rule in rules] + [""]
    if spelled in examples:
        lines += ["Example:", "", "```mlir", examples[spelled], "```", ""]
    return lines


def missing_examples(examples: dict[str, str]) -> list[str]:
    """The ops, attributes and types of the project dialects without an example."""
    missing = []
    for dialect, _ in _dialects():
        missing += [op.name for op in dialect.operations if op.name not in examples]
        for attr in dialect.attributes:
            sigil = "!" if issubclass(attr, TypeAttribute) else "#"
            if f"{sigil}{attr.name}" not in examples:
                missing.append(f"{sigil}{attr.name}")
    return missing


def dialect_reference(examples: dict[str, str]) -> str:
    """docs/dialect.md's text."""
    dialects = list(_dialects())
    lines = [
        "# Dialect reference",
        "",
        "<!-- Generated by `make docs` (tools/dialect_docs.py) from the op, attribute and type",
        "     definitions and docs/dialect_examples.mlir. Do not edit: tests fail when stale. -->",
        "",
        "The project's dialects, generated from their definitions: for each operation its",
        "syntax, operands, properties (with their defaults in the Python builders), results,",
        "semantics, the errors its verifier reports and an example; for each attribute and type",
        "its parameters, semantics, verifier errors and an example. Every op also has the",
        'generic form `"op.name"(%operands) <{properties}> : (T) -> R`. Semantics sections are',
        "those of [semantics.md](semantics.md); [ir.md](ir.md) introduces the IR.",
        "",
    ]
    for dialect, _ in dialects:
        lines += [
            f"- [`{dialect.name}`](#dialect-{dialect.name}): "
            f"{len(list(dialect.operations))} operations, "
            f"{len(list(dialect.attributes))} attributes and types"
        ]
    lines.append("")
    for dialect, doc in dialects:
        lines += [f"## Dialect `{dialect.name}`", "", doc, ""]
        lines += [f"## `{dialect.name}` operations", ""]
        for op in dialect.operations:
            lines += _operation(op, examples)
        lines += [f"## `{dialect.name}` attributes and types", ""]
        for attr in dialect.attributes:
            lines += _attribute(attr, examples)
    return "\n".join(lines).rstrip() + "\n"


def main(args: Sequence[str] | None = None) -> None:
    """Entry point: write (or print) docs/dialect.md."""
    argv = list(sys.argv[1:] if args is None else args)
    parser = argparse.ArgumentParser(prog="dialect_docs", description=__doc__.split("\n")[0])
    parser.add_argument("--examples", default=DEFAULT_EXAMPLES)
    parser.add_argument("-o", "--output", default=None, help="write here (default: stdout)")

    def body() -> None:
        arguments = parser.parse_args(argv)
        text = dialect_reference(load_examples(arguments.examples))
        if arguments.output is None:
            sys.stdout.write(text)
        else:
            write_output_files([(arguments.output, text.encode())])

    report_errors("dialect_docs", body, argv)


if __name__ == "__main__":
    main()

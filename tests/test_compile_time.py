"""The compiler's work grows linearly with the IR (issue 9): locations from a table of line
starts, symbol lookups from one table per module while verifying, the `ttnn` ops alone
verified inside `ttnn-lower`. Checked by what the code does (locations equal to the
newline-counting definition, lookups counted), never by timing."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation
from xdsl.traits import SymbolOpInterface, SymbolTable

from ttnn_xdsl.core.errors import TTNNError
from ttnn_xdsl.dialect import make_context
from ttnn_xdsl.frontend import parse_module, verify_module
from ttnn_xdsl.frontend.diagnostics import symbol_tables
from ttnn_xdsl.passes.ttnn_lower import TTNNLower
from ttnn_xdsl.tools.cli import quiet_garbage_collector

ROOT = Path(__file__).resolve().parents[1]


def expected_location(text: str, position: int, line_offset: int = 0) -> tuple[int, int]:
    """Line and column of a character position, by counting newlines before it."""
    line_start = text.rfind("\n", 0, position) + 1
    return text.count("\n", 0, line_start) + 1 + line_offset, position - line_start + 1


def op_positions(text: str, names: list[str]) -> list[int]:
    """The position of each op's first token: its results, or its name."""
    positions, cursor = [], 0
    for name in names:
        at = text.index(name, cursor)
        line_start = text.rfind("\n", 0, at) + 1
        indent = len(text[line_start:at]) - len(text[line_start:at].lstrip())
        positions.append(line_start + indent)
        cursor = at + len(name)
    return positions


@pytest.mark.parametrize("line_offset", [0, 41])
def test_locations_are_the_lines_and_columns_of_the_first_tokens(line_offset: int) -> None:
    # Non-ASCII comments (columns count characters), blank lines, ops sharing a line.
    text = (
        "// ×§ a comment with non-ASCII characters\n"
        "\n"
        "func.func @f(%a: index) -> index {\n"
        "  // §3.6 again: × ÷\n"
        "  %0 = arith.addi %a, %a : index\n"
        "      %1 = arith.muli %0, %0 : index\n"
        '  "func.return"(%1) : (index) -> ()\n'
        "}\n"
    )
    module = parse_module(make_context(), text, "f.mlir", line_offset)
    ops = [op for op in module.walk() if op is not module]
    names = ["func.func", "%0 = arith.addi", "%1 = arith.muli", '"func.return"']
    for op, position in zip(ops, op_positions(text, names), strict=True):
        assert isinstance(op.location, FileLineColLoc)
        line, column = expected_location(text, position, line_offset)
        assert (op.location.line.data, op.location.column.data) == (line, column), op.name
        assert op.location.filename.data == "f.mlir"


def functions_and_calls(count: int) -> str:
    """A module of `count` functions, each calling the previous one."""
    lines = ["func.func @f0(%x: index) -> index {", "  func.return %x : index", "}"]
    for k in range(1, count):
        lines += [
            f"func.func @f{k}(%x: index) -> index {{",
            f"  %y = func.call @f{k - 1}(%x) : (index) -> index",
            "  func.return %y : index",
            "}",
        ]
    return "\n".join(lines) + "\n"


def count_symbol_reads(monkeypatch: pytest.MonkeyPatch, check: object, *arguments: object) -> int:
    """How many times the verifier reads an op's symbol name while `check` runs."""
    reads = 0
    original = SymbolOpInterface.get_sym_attr_name

    def counting(self: SymbolOpInterface, op: Operation) -> object:
        nonlocal reads
        reads += 1
        return original(self, op)

    monkeypatch.setattr(SymbolOpInterface, "get_sym_attr_name", counting)
    check(*arguments)  # type: ignore[operator]
    monkeypatch.setattr(SymbolOpInterface, "get_sym_attr_name", original)
    return reads


def test_verifying_calls_reads_each_symbol_once(monkeypatch: pytest.MonkeyPatch) -> None:
    module = parse_module(make_context(), functions_and_calls(200), "calls.mlir")
    reads = count_symbol_reads(monkeypatch, verify_module, module)
    # One table of 200 symbols for 199 calls, plus the module's duplicate-symbol check (200)
    # and the functions' own symbol checks — not 199 calls × up to 200 functions.
    assert reads <= 4 * 200
    # xDSL's own lookup scans the module for each call.
    assert count_symbol_reads(monkeypatch, module.verify) > 199 * 100


def test_symbol_table_lookups_give_xdsls_answers_and_errors() -> None:
    module = parse_module(make_context(), functions_and_calls(5), "calls.mlir")
    original = SymbolTable.__dict__["lookup_symbol"]
    calls = [op for op in module.walk() if isinstance(op, func.CallOp)]
    expected = [SymbolTable.lookup_symbol(call, call.callee) for call in calls]
    with symbol_tables():
        assert SymbolTable.__dict__["lookup_symbol"] is not original
        assert [SymbolTable.lookup_symbol(c, c.callee) for c in calls] == expected
        assert SymbolTable.lookup_symbol(calls[0], "missing") is None
        assert SymbolTable.lookup_symbol(calls[0], "f3") is expected[3]  # calls[k] calls f{k}
    # Restored afterwards, also after an error.
    assert SymbolTable.__dict__["lookup_symbol"] is original
    bad = functions_and_calls(3).replace("@f1(%x)", "@nowhere(%x)")
    with pytest.raises(TTNNError) as error:
        verify_module(parse_module(make_context(), bad, "calls.mlir"))
    assert str(error.value) == (
        "calls.mlir:9:3: error: 'func.call' op '@nowhere' could not be found in symbol table"
    )
    assert SymbolTable.__dict__["lookup_symbol"] is original


def test_ttnn_lower_verifies_only_the_ops_it_decomposed_into(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ctx = make_context()
    module = parse_module(
        ctx, (ROOT / "examples" / "prepare_conv_weights.mlir").read_text(), "conv.mlir"
    )
    verify_module(module)
    verified: list[str] = []
    original = Operation.verify

    def counting(self: Operation, verify_nested_ops: bool = True) -> None:
        verified.append(self.name)
        original(self, verify_nested_ops)

    monkeypatch.setattr(Operation, "verify", counting)
    TTNNLower().apply(ctx, module)
    monkeypatch.setattr(Operation, "verify", original)
    # The decomposition's layout ops and typecasts, each on its own; no module-wide pass.
    assert verified
    assert all(name.startswith("ttnn.") for name in verified), verified
    verify_module(module)


def test_the_tools_freeze_the_imports_and_collect_less_often() -> None:
    saved = gc.get_threshold()
    try:
        quiet_garbage_collector()
        assert gc.get_threshold() == (100_000, 50, 100)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*saved)


def test_ttnn_lower_makes_one_table_of_the_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Which function calls which is read from one table of the module's functions: a walk
    of the whole module per function made the lowering of many functions quadratic (32
    copies of the ResNet-50 example: 1.53x linear)."""
    from ttnn_xdsl.dialect import call_graph
    from ttnn_xdsl.dialect.call_graph import is_outlined

    ctx = make_context()
    text = (ROOT / "examples" / "resnet50_conv_weights.mlir").read_text()
    module = parse_module(ctx, text, "resnet50.mlir")
    verify_module(module)
    tables: list[int] = []
    original = call_graph.function_table

    def counting(module: Operation) -> dict[str, func.FuncOp]:
        tables.append(1)
        return original(module)  # type: ignore[arg-type]

    monkeypatch.setattr(call_graph, "function_table", counting)
    TTNNLower().apply(ctx, module)
    functions = [op for op in module.walk() if isinstance(op, func.FuncOp)]
    # @main, the 53 convs, and one function for each layout op that occurs more than once
    # (passes/outlining.py): 18 of the 26 distinct ones.
    assert len(functions) == 54 + 18
    assert sum(is_outlined(function) for function in functions) == 18
    assert len(tables) == 1


def test_ttnn_lower_hoists_loop_constants_where_canonicalize_puts_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ttnn-lower moves the constants out of its loops before canonicalize (which moves them
    one loop level per walk of the module): the same IR as canonicalize alone makes, in 3
    walks of the module instead of 5."""
    import xdsl.pattern_rewriter as pattern_rewriter
    from xdsl.transforms.canonicalize import CanonicalizePass
    from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination

    from ttnn_xdsl.passes import ConvertTTNNToTiles, TTNNDecompose

    text = (ROOT / "examples" / "resnet50_conv_weights.mlir").read_text()
    walks: list[str] = []
    canonicalizing = [False]
    process = pattern_rewriter.PatternRewriteWalker._process_worklist  # pyright: ignore
    canonicalize = CanonicalizePass.apply

    def counting(walker: object, listener: object) -> bool:
        if canonicalizing[0]:
            walks.append("walk")
        return process(walker, listener)  # type: ignore[arg-type]

    def counted(self: CanonicalizePass, ctx: object, op: object) -> None:
        canonicalizing[0] = True
        try:
            canonicalize(self, ctx, op)  # type: ignore[arg-type]
        finally:
            canonicalizing[0] = False

    monkeypatch.setattr(pattern_rewriter.PatternRewriteWalker, "_process_worklist", counting)
    monkeypatch.setattr(CanonicalizePass, "apply", counted)
    ctx = make_context()
    lowered = parse_module(ctx, text, "resnet50.mlir")
    TTNNLower().apply(ctx, lowered)
    assert len(walks) == 3
    walks.clear()
    reference = parse_module(ctx, text, "resnet50.mlir")
    for step in (TTNNDecompose(), ConvertTTNNToTiles(), CanonicalizePass()):
        step.apply(ctx, reference)
    assert len(walks) == 5
    CommonSubexpressionElimination().apply(ctx, reference)
    assert str(lowered) == str(reference)

"""docs/dialect.md is generated (`make docs`, tools/dialect_docs.py) from the definitions of
the project's dialects: it must be what the generator writes now, cover every op, attribute
and type, and each example must be valid IR."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dialect_helpers import parse_attr, printed
from xdsl.utils.exceptions import ParseError, VerifyException

from ttnn_xdsl.dialect.context import PROJECT_DIALECTS, make_context
from ttnn_xdsl.tools.dialect_docs import (
    constraint_text,
    dialect_reference,
    load_examples,
    missing_examples,
    verifier_rules,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "dialect_examples.mlir"
REFERENCE = ROOT / "docs" / "dialect.md"


def test_the_committed_reference_is_fresh() -> None:
    generated = dialect_reference(load_examples(str(EXAMPLES)))
    assert REFERENCE.read_text() == generated, (
        "docs/dialect.md is stale: run `make docs` and commit it"
    )


def test_every_op_attribute_and_type_has_a_section_and_an_example() -> None:
    examples = load_examples(str(EXAMPLES))
    assert missing_examples(examples) == []
    text = REFERENCE.read_text()
    for name, factory in PROJECT_DIALECTS.items():
        dialect = factory()
        assert f"## Dialect `{name}`" in text
        for op in dialect.operations:
            assert f"### `{op.name}`" in text
        for attr in dialect.attributes:
            assert f"### `#{attr.name}`" in text or f"### `!{attr.name}`" in text
    # 13 ttnn ops, 6 tile ops; 11 ttnn attributes and 1 type, 1 tile type.
    assert text.count("\nExample:\n") >= 13 + 6 + 12 + 1


def test_the_reference_shows_the_facts_of_an_op() -> None:
    text = REFERENCE.read_text()
    section = text[text.index("### `ttnn.conv_weights_block_sharded_layout`") :]
    section = section[: section.index("\n### ", 1)]
    assert "| `in_shards` | i32 integer | required |" in section
    assert "| `full_inner_dim` | i1 integer | optional | false |" in section
    assert "- expected in_shards … to divide the … input channels" in section
    assert "%m = ttnn.conv_weights_block_sharded_layout %w in_shards = 2" in section


def section_of(text: str, heading: str) -> str:
    section = text[text.index(heading) :]
    return section[: section.index("\n### ", 1)]


def test_an_op_without_a_printer_is_documented_in_its_generic_form() -> None:
    """ttnn.conv2d_consume prints and is written in the generic form only: its syntax line
    says so (it said 'custom syntax: see the example'); assign_bw, which prints its own
    form, keeps that line."""
    text = REFERENCE.read_text()
    assert (
        '`ConvConsumeOp` · `` "ttnn.conv2d_consume"(operands) <{properties}> : (operand types) '
        "-> result types (the generic form only, as the example) ``"
    ) in section_of(text, "### `ttnn.conv2d_consume`")
    assert (
        "`AssignBwOp` · `` ttnn.assign_bw (custom syntax: see the example; the generic form "
        "always parses) ``"
    ) in section_of(text, "### `ttnn.assign_bw`")


def test_an_array_parameter_reads_in_words_and_may_be_optional() -> None:
    """#ttnn.unary_with_param's params: 'array of float', optional (it read
    'ArrayOfConstraint(elem_range_constraint=…)', required)."""
    section = section_of(REFERENCE.read_text(), "### `#ttnn.unary_with_param`")
    assert "| `params` | array of float | optional |" in section
    assert "| `op_type` | string | required |" in section


def test_verifier_rules_and_constraints() -> None:
    from ttnn_xdsl.dialect.tile import LoadOp

    assert verifier_rules(LoadOp, "verify_") == ["expected … indices for …, got …"]
    assert constraint_text(LoadOp.get_irdl_definition().operands[0][1].constr) == (
        "memref of !tile.tile"
    )


def test_a_message_starting_with_a_computed_part_is_listed() -> None:
    """assign_bw's verifier says `f"{unused[0]} is given but its gradient is not required …"`
    (`input_grad is given …`): listed with its computed start as `…`, as its other computed
    parts (the generator left out every message starting with one)."""
    from ttnn_xdsl.dialect.assign_bw import AssignBwOp

    rules = verifier_rules(AssignBwOp, "verify_")
    assert "… is given but its gradient is not required (are_required_outputs = …)" in rules
    text = REFERENCE.read_text()
    section = text[text.index("### `ttnn.assign_bw`") :]
    section = section[: section.index("\n### ", 1)]
    assert "- … is given but its gradient is not required (are_required_outputs = …)" in section


def _table_rows(section: str) -> dict[str, str]:
    """The `field` → `written as` cells of the field table under the heading `section`."""
    text = REFERENCE.read_text()
    body = text[text.index(f"### `{section}`\n") :]
    body = body[: body.index("\n### ", 1)]
    rows = [line.split(" | ") for line in body.splitlines() if line.startswith("| `")]
    return {cells[0].strip("|` "): cells[1] for cells in rows}


def test_every_documented_field_spelling_parses() -> None:
    # Each conv2d_config and compute-config field written as its table says — every bare
    # keyword, `true`/`false`, a number, the attribute forms — parses; the table once gave
    # attribute names (#ttnn.padding_mode) that the fields refuse.
    context = make_context()
    for section in ("#ttnn.conv2d_config", "#ttnn.device_compute_kernel_config"):
        rows = _table_rows(section)
        assert rows, section
        for field, written in rows.items():
            spellings = re.findall(r"`([^`]+)`", written) or ["64"]
            for spelling in spellings:
                if spelling == "<…>" or spelling.endswith("<…>"):
                    continue  # checked with real contents below
                text = f"{section}<{field} = {spelling}>"
                if (field, spelling) == ("shard_layout", "interleaved"):
                    # Written so, and refused by a rule of the section's verifier list.
                    with pytest.raises(VerifyException) as refused:
                        parse_attr(context, text)
                    assert str(refused.value) == (
                        "#ttnn.conv2d_config expected shard_layout to be height_sharded, "
                        "width_sharded or block_sharded, got interleaved"
                    )
                    continue
                assert printed(parse_attr(context, text)) == text
    whole = "#ttnn.conv2d_config<activation = #ttnn.unary_with_param<op_type = relu>, "
    whole += "core_grid = #ttnn.core_range_set<[#ttnn.core_range<(0,0), (1,1)>]>>"
    assert printed(parse_attr(context, whole)) == whole
    assert _table_rows("#ttnn.conv2d_config")["padding_mode"] == "`zeros` or `replicate`"
    with pytest.raises(ParseError) as error:
        parse_attr(context, "#ttnn.conv2d_config<padding_mode = #ttnn.padding_mode<zeros>>")
    assert error.value.msg.endswith("expected zeros or replicate, got #ttnn.padding_mode")


def test_docs_ir_lists_every_tile_op() -> None:
    """docs/ir.md's table of the ops tiles move with has a row for each op of the tile
    dialect (tile.relu had none)."""
    text = (ROOT / "docs" / "ir.md").read_text()
    tile_dialect = PROJECT_DIALECTS["tile"]()
    for op in tile_dialect.operations:
        assert re.search(rf"^\| `(%\w+ = )?{re.escape(op.name)} ", text, re.MULTILINE), op.name

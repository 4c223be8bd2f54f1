"""Fixtures shared by the test modules."""

import pytest
from xdsl.context import Context

from ttnn_xdsl.dialect.context import make_context


@pytest.fixture(scope="module")
def ctx() -> Context:
    """A context with every upstream dialect and the project's."""
    return make_context()

"""Fixtures shared by the test modules, and the suite's strictness: a loop nest the lowering
marks to run in bulk that falls back to op by op fails the run (`make_interpreter`'s
`strict`, read from the environment so the tools the tests start are strict too)."""

import os

import pytest
from xdsl.context import Context

from ttnn_xdsl.dialect.context import make_context
from ttnn_xdsl.runtime.interpreter.scf import STRICT_BULK_VARIABLE

os.environ[STRICT_BULK_VARIABLE] = "1"


@pytest.fixture(scope="module")
def ctx() -> Context:
    """A context with every upstream dialect and the project's."""
    return make_context()

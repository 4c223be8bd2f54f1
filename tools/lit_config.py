"""Run `ttnn-opt`, `ttnn-run` and `filecheck` from your own lit suite.

In the suite's `lit.cfg` (lit executes it with `config` and `lit_config` defined):

    import os
    from ttnn_xdsl.tools.lit_config import configure
    configure(config, os.path.dirname(__file__))

This uses lit's internal shell (lit 23 deprecates `ShTest(execute_external=True)`), runs
`.mlir` files, and puts the folder holding this installation's console scripts first on the
tests' PATH, so RUN lines find `ttnn-opt`, `ttnn-run` and `filecheck` without an activated
virtual environment. It adds the substitutions `%python` (this interpreter) and `%roundtrip`
(custom → generic → custom, checked with FileCheck).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from typing import Any

__all__ = ["configure", "remove_temporary_exec_root", "scripts_folder", "temporary_exec_root"]


def scripts_folder() -> str:
    """Where this installation's console scripts (`ttnn-opt`, `ttnn-run`) live."""
    return sysconfig.get_path("scripts")


def configure(
    config: Any,
    source_root: str,
    *,
    name: str = "ttnn-xdsl",
    suffixes: Sequence[str] = (".mlir",),
    excludes: Sequence[str] = ("Inputs",),
) -> None:
    """Set up a lit `config` for tests under `source_root` (the lit.cfg's folder) that run
    the ttnn-xdsl tools (see the module doc); lit's outputs go to `source_root/.lit_out`."""
    import lit.formats  # lit is only needed when a suite runs

    config.name = name
    config.test_format = lit.formats.ShTest(execute_external=False)
    config.suffixes = list(suffixes)
    config.excludes = [*excludes, ".lit_out", "lit.cfg", "lit.site.cfg"]
    config.test_source_root = source_root
    config.test_exec_root = os.path.join(source_root, ".lit_out")
    config.environment["PATH"] = os.pathsep.join(
        [scripts_folder(), config.environment.get("PATH", os.environ.get("PATH", ""))]
    )
    config.substitutions.append(("%python", sys.executable))
    config.substitutions.append(
        (
            "%roundtrip",
            "ttnn-opt %s --split-input-file --print-op-generic"
            " | ttnn-opt --split-input-file | filecheck %s",
        )
    )


def temporary_exec_root(source_root: str) -> str:
    """A folder for a suite's outputs outside the repository: in the system's temporary
    folder, one per user and suite folder (two checkouts never share one)."""
    suite = os.path.abspath(source_root)
    checkout = hashlib.sha256(suite.encode()).hexdigest()[:12]
    return os.path.join(tempfile.gettempdir(), f"ttnn-xdsl-lit-{os.getuid()}-{checkout}")


def remove_temporary_exec_root(source_root: str) -> None:
    """`make clean`: remove the folder `temporary_exec_root` names."""
    shutil.rmtree(temporary_exec_root(source_root), ignore_errors=True)

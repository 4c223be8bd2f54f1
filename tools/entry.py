"""The console scripts' entry points: set the process up, then run the tool.

`ttnn-run` loads NumPy, whose OpenBLAS starts a thread per core when it loads (0.1 s of CPU
at every start, which a machine running many tools — a lit suite — pays in time); the tool
never multiplies matrices, so it asks for one, unless the environment says otherwise. The
variable must be set before NumPy is imported: hence this module, which imports the tool
after it."""

from __future__ import annotations

import os

__all__ = ["ttnn_opt", "ttnn_run"]


def ttnn_run() -> None:
    """`ttnn-run`."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from ttnn_xdsl.tools.ttnn_run import main

    main()


def ttnn_opt() -> None:
    """`ttnn-opt` (it does not load NumPy)."""
    from ttnn_xdsl.tools.ttnn_opt import main

    main()

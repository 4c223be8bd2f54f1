"""The part of tt-mlir's `ttir` dialect that CPU-hoisted const-eval functions use.

tt-xla's default pipeline moves const-eval work that can run on the host into a function
of a `ttcore.cpu_module`, in TTIR on plain tensors, and calls it from the device module
through a declaration:

    func.func private @cpu_hoisted_const_eval_<hash>(tensor<512xf32, #host>) -> … attributes
        {tt.function_type = "forward_cpu_declaration"}
    ttcore.cpu_module { builtin.module { func.func @cpu_hoisted_const_eval_<hash>(…) {
      %0 = "ttir.reshape"(%arg0) <{shape = [1 : i32, 512 : i32, 1 : i32, 1 : i32]}> : …
      %1 = "ttir.permute"(%0) <{permutation = array<i64: 0, 2, 3, 1>}> : … } } }

`ttir.reshape` and `ttir.permute` are TTNN's reshape and permute (`tt_mlir.ReshapeOpBase`,
`PermuteOpBase`) under TTIR's names, and run as they do; every other `ttir` op passes through
unregistered (`dialect/context.py`) and is not run.
"""

from __future__ import annotations

from xdsl.ir import Dialect
from xdsl.irdl import irdl_op_definition

from ttnn_xdsl.dialect.tt_mlir import PermuteOpBase, ReshapeOpBase

__all__ = ["TTIR", "TTIRPermuteOp", "TTIRReshapeOp"]


@irdl_op_definition
class TTIRReshapeOp(ReshapeOpBase):
    """`"ttir.reshape"(%x) <{shape = [...]}>`: `ttnn.reshape` on host tensors (TTIR)."""

    name = "ttir.reshape"


@irdl_op_definition
class TTIRPermuteOp(PermuteOpBase):
    """`"ttir.permute"(%x) <{permutation = array<i64: ...>}>`: `ttnn.permute` on host
    tensors (TTIR)."""

    name = "ttir.permute"


TTIR = Dialect("ttir", [TTIRReshapeOp, TTIRPermuteOp], [])
"""The ttir ops the project runs (see the module doc)."""

"""Running IR, from the compiler's side: load (parse, verify, lower), pick the entry function
and read its signature, then run it with the runtime.

- `loading`: `lower_source`, parse + verify + the pass pipeline;
- `entry`: the entry function, whether it can run, its TensorSlots and result names;
- `program`: `Program` (load, load_all, run, layout_map) and `run`;
- `provenance`: where each element of a prepared tensor came from (the layout pictures).
"""

from ttnn_xdsl.program.entry import result_alias, result_names
from ttnn_xdsl.program.program import Program, run
from ttnn_xdsl.runtime.slots import TensorSlot

__all__ = ["Program", "TensorSlot", "result_alias", "result_names", "run"]

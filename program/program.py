"""A program a user runs: IR loaded, verified and lowered (`loading`), its entry function and
signature read (`entry`), run by the runtime (`runtime.execution.Executable`).

    from ttnn_xdsl.program import run
    gradients = run(open("examples/assign_bw.mlir").read(), {"grad": g, "input_a": a, "input_b": b})
    gradients[0].to_numpy(), gradients[0].to_bytes()

`Program` is the same in steps, for tools that need the argument and result types.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from ttnn_xdsl.core.errors import NotModelledError, RunError, TTNNError, TTNNWarning
from ttnn_xdsl.dialect.call_graph import (
    called_functions,
    function_table,
    is_outlined,
    reachable_functions,
)
from ttnn_xdsl.dialect.ttcore import CPUModuleOp
from ttnn_xdsl.pictures.layout_map import LayoutMap
from ttnn_xdsl.program.entry import (
    find_entry,
    module_functions,
    result_names,
    runnable_module,
    runs_whole,
    signature,
)
from ttnn_xdsl.program.loading import check_module_or_text, lower_source
from ttnn_xdsl.program.provenance import (
    check_traceable,
    layout_map_of,
    tensor_level_module,
    trace_chain,
)
from ttnn_xdsl.runtime.execution import (
    Executable,
    argument_position,
    boolean_argument,
    check_max_bytes,
    check_random_seed,
    draw_in_background,
    given_inputs,
    integer_argument,
    optional_text_argument,
)
from ttnn_xdsl.runtime.inputs import BackgroundDraw, InputValue
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.runtime.timing import PhaseTimer
from ttnn_xdsl.tensor_formats.npy import DEFAULT_MAX_BYTES

__all__ = ["Program", "run"]


@dataclass
class Program(Executable):
    """A lowered module, the signature of its entry function, and the verified module it
    was lowered from."""

    source: ModuleOp | None = field(default=None, repr=False)
    """The verified module before lowering (what the result names and the layout pictures'
    provenance are read from); None when the Program was built from lowered IR directly."""
    _tensor_level: ModuleOp | None = field(default=None, repr=False, init=False)
    """`source` at tensor level (`provenance.tensor_level_module`), made on first use."""
    lowering_warnings: list[warnings.WarningMessage] = field(
        default_factory=list, repr=False, init=False
    )
    """The warnings lowering the module gave (`load`): issued at the load, and again by a
    caller that runs the Program once more for new code (`warn_about_its_functions`)."""

    @classmethod
    def load(
        cls,
        module_or_text: ModuleOp | str,
        *,
        entry: str | None = None,
        passes: str | None = None,
        filename: str = "<input>",
        ctx: Context | None = None,
        timer: PhaseTimer | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
        random_seed: int | None = None,
        given: Collection[str | int] = (),
    ) -> Program:
        """Parse (when given text) and verify a module, lower it (`passes`, default
        `ttnn-lower` when it still holds ttnn ops; "" runs no pass) and find the entry
        function (`entry`, default `main` or the only function; a leading `@` is allowed).
        `timer` records the phases `parse` and `lower`. A run refuses any tensor or buffer
        larger than `max_bytes`, an int of at least 1 (checked here: TypeError or ValueError).

        With `random_seed`, the values `run(random_seed=random_seed)` draws for the entry's
        arguments not in `given` (names or positions of the inputs the run will give) are
        drawn while the module is lowered, on another core (the first such run takes them;
        another run draws its own): `ttnn-run --random-inputs SEED` loads this way. A name or
        position in `given` that is no argument of the entry is the RunError a run gives
        for such an input; a negative `random_seed` too."""
        check_module_or_text(module_or_text, "Program.load")
        check_load_texts("Program.load", entry=entry, passes=passes, filename=filename)
        max_bytes = check_max_bytes(max_bytes, "Program.load")
        random_seed = check_random_seed(random_seed, "Program.load")
        given = given_inputs(given, "Program.load")
        drawn: list[BackgroundDraw | None] = []

        def start_drawing(source: ModuleOp) -> None:
            assert random_seed is not None
            try:
                function = find_entry(source, entry)
                arguments, _ = signature(function, [])
            except TTNNError:
                return  # the same error comes where the lowered module's entry is read
            name = function.sym_name.data
            drawn.append(draw_in_background(name, arguments, random_seed, given, max_bytes))

        try:
            with warnings.catch_warnings(record=True) as lowering_warnings:
                warnings.simplefilter("always")
                source, module = lower_source(
                    module_or_text,
                    passes,
                    filename,
                    ctx,
                    timer,
                    verified=start_drawing if random_seed is not None else None,
                )
                program = cls.of_entry(module, entry, source)
            program.check_given(given)
        except BaseException:  # an error or Ctrl-C: no run takes the values being drawn
            for draw in drawn:
                if draw is not None:
                    draw.cancel()
            raise
        program.lowering_warnings = list(lowering_warnings)
        program.warn_about_its_functions(lowering_warnings)
        program.max_bytes = max_bytes
        program.take_draw(drawn[0] if drawn else None)
        return program

    @classmethod
    def load_all(
        cls,
        module_or_text: ModuleOp | str,
        *,
        passes: str | None = None,
        filename: str = "<input>",
        ctx: Context | None = None,
        timer: PhaseTimer | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
        skipped: list[str] | None = None,
    ) -> list[Program]:
        """`load`, once, with one Program per function that calls no other function (in a
        module whose `@main` only calls its layers, each layer and not `@main`, which would
        compute them again; in a tt-mlir module, each const-eval function and not the forward
        function that calls them through `ttcore.load_cached`), in the module's order. A
        CPU-hoisted function (tt-xla's, in a `ttcore.cpu_module`) is part of the const-eval
        function that calls it: that one runs. A function holding a tt-mlir op the project
        does not model is left out, with the reason appended to `skipped`; tt-mlir's own
        prepare ops, not yet imported, are still an error."""
        check_module_or_text(module_or_text, "Program.load_all")
        check_load_texts("Program.load_all", passes=passes, filename=filename)
        max_bytes = check_max_bytes(max_bytes, "Program.load_all")
        source, module = lower_source(module_or_text, passes, filename, ctx, timer)
        table = function_table(source)
        leaves = [
            function.sym_name.data
            for function in module_functions(source)
            if not _in_cpu_module(function)
            and all(
                _in_cpu_module(callee) or is_outlined(callee)
                for callee in called_functions(function, table)
            )
        ]
        if not leaves:
            raise RunError("the module has no function that calls no other function to run")
        programs: list[Program] = []
        reasons: list[str] = []
        whole = runs_whole(module)  # once for every entry
        for name in leaves:
            try:
                programs.append(cls.of_entry(module, name, source, whole))
            except NotModelledError as error:
                reasons.append(error.message)
        if not programs:
            raise RunError(f"no function the interpreter can run: {reasons[0]}")
        if skipped is not None:
            skipped += reasons
        for program in programs:
            program.max_bytes = max_bytes
            program.share_state_with(programs[0])
        return programs

    @classmethod
    def of_entry(
        cls,
        module: ModuleOp,
        entry: str | None,
        source: ModuleOp | None,
        whole: bool | None = None,
    ) -> Program:
        """The Program of function `entry` of the lowered `module` (`source`: the module it
        was lowered from, None when it is the input itself; `whole`: `runs_whole(module)`
        when known)."""
        function = find_entry(module, entry)
        executed, function = runnable_module(module, function, whole)
        name = function.sym_name.data
        arguments, results = signature(function, result_names(source or module, name))
        return cls(
            module,
            name,
            arguments,
            results,
            executed if executed is not module else None,
            source=source,
        )

    def check_given(self, given: Sequence[str | int]) -> None:
        """Raise the RunError a run gives for an input naming no argument of the entry, for
        the first of `given` (names or positions) that names none."""
        by_name = {slot.name: slot.position for slot in self.arguments if slot.name}
        for key in given:
            argument_position(key, len(self.arguments), by_name, self.entry)

    def warn_about_its_functions(self, caught: Sequence[warnings.WarningMessage]) -> None:
        """Issue again the warnings lowering the module gave (`caught`) but those about a
        function the entry does not reach: the whole module is lowered, only those run."""
        reached = {
            function.sym_name.data
            for function in reachable_functions(
                function_table(self.module)[self.entry], self.module
            )
        }
        caller = _caller_outside_the_package()
        for caught_warning in caught:
            message = caught_warning.message
            if isinstance(message, TTNNWarning) and message.function not in (None, *reached):
                continue
            # Attributed to the code that called into the project (a model's `ttnn.conv2d`
            # line), as a library's warnings are.
            filename, lineno, module_globals = caller or (
                caught_warning.filename,
                caught_warning.lineno,
                None,
            )
            warnings.warn_explicit(
                message,
                caught_warning.category,
                filename,
                lineno,
                module_globals=module_globals,
            )

    def with_entry(self, entry: str) -> Program:
        """The same lowered module with another entry function (no parsing, verifying or
        lowering again)."""
        check_load_texts("Program.with_entry", entry=entry)
        program = self.of_entry(self.module, entry, self.source)
        program.max_bytes = self.max_bytes
        program.share_state_with(self)
        return program

    @property
    def functions(self) -> list[str]:
        """The names of the module's functions, in order (the possible entries)."""
        return [function.sym_name.data for function in module_functions(self.module)]

    def result_position(self, position: int, caller: str) -> int:
        """The position of result `position` of the entry, a negative one counted from the
        end as a Python sequence counts it (-1: the last result). Raises TypeError naming
        `caller` when `position` is not an int, IndexError when there is no such result."""
        index = integer_argument(position, "a result position (an int)", caller)
        count = len(self.results)
        if not -count <= index < count:
            raise IndexError(
                f"result {index} is out of range: @{self.entry} has {count} "
                + ("result" if count == 1 else "results")
            )
        return index % count

    def check_traceable(self, position: int) -> None:
        """Raise RunError when `layout_map(position)` would refuse the result's source as too
        large to trace — from the types, before anything runs (a picture of a weight of more
        than 2^24 elements is refused at once, not after the run). `position` is read as
        `layout_map` reads it."""
        position = self.result_position(position, "Program.check_traceable")
        if self.source is None:
            return
        chain = trace_chain(self._tensor_level_source(), self.entry, position)
        if chain is not None:
            check_traceable(chain, position)

    def _tensor_level_source(self) -> ModuleOp:
        assert self.source is not None
        if self._tensor_level is None:
            self._tensor_level = tensor_level_module(self.source)
        return self._tensor_level

    def layout_map(self, position: int) -> LayoutMap | None:
        """Where each element of result `position` came from, read off the IR by running
        its op chain in float32 on an index-encoded input (`provenance.layout_map_of`);
        None when the result is not made by prepare / layout ops from one argument.
        `position` counts from 0, or from the end when negative (-1: the last result), as a
        Python sequence does; TypeError when it is not an int, IndexError when there is no
        such result."""
        position = self.result_position(position, "Program.layout_map")
        if self.source is None:
            return None
        return layout_map_of(
            self._tensor_level_source(), self.entry, self.results[position], position
        )


def _in_cpu_module(function: func.FuncOp) -> bool:
    """Whether `function` is one of tt-xla's CPU-hoisted functions (in a `ttcore.cpu_module`)."""
    parent = function.parent_op()
    while parent is not None:
        if isinstance(parent, CPUModuleOp):
            return True
        parent = parent.parent_op()
    return False


def run(
    module_or_text: ModuleOp | str,
    inputs: Mapping[str | int, InputValue] | Sequence[InputValue] = (),
    *,
    entry: str | None = None,
    passes: str | None = None,
    random_seed: int | None = None,
    filename: str = "<input>",
    bulk: bool = True,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[DeviceTensor]:
    """Lower (when needed) and run IR: inputs by argument name or position (NumPy arrays of
    logical values, converted to each argument's type, or DeviceTensors); one DeviceTensor
    per result of the entry function. `bulk=False` runs every op one by one; a tensor or
    buffer beyond `max_bytes` is refused."""
    check_module_or_text(module_or_text, "run")
    check_load_texts("run", entry=entry, passes=passes, filename=filename)
    bulk = boolean_argument(bulk, "bulk as a bool (True or False)", "run")
    max_bytes = check_max_bytes(max_bytes, "run")
    random_seed = check_random_seed(random_seed, "run")
    program = Program.load(
        module_or_text, entry=entry, passes=passes, filename=filename, max_bytes=max_bytes
    )
    return program.run(inputs, random_seed, bulk=bulk)


def check_load_texts(caller: str, **texts: object) -> None:
    """The text parameters of a load, as a Python caller gives them: `entry` a function name
    and `passes` a pipeline, each a str or None; `filename` a str. TypeError naming `caller`
    and the parameter otherwise."""
    expected = {
        "entry": "entry as a function name (a str) or None",
        "passes": "passes as a pass pipeline (a str) or None",
        "filename": "filename as a str",
    }
    for name, value in texts.items():
        if name == "filename" and value is None:
            raise TypeError(f"{caller} expects {expected[name]}, got None")
        optional_text_argument(value, expected[name], caller)


def _caller_outside_the_package() -> tuple[str, int, dict[str, object]] | None:
    """(file, line, globals) of the innermost frame whose code is not in one of the project's
    packages (`ttnn_xdsl.core`, `.program`, `.ttnn`, ...), or None when there is none."""
    folders = tuple(
        os.path.abspath(folder) + os.sep
        for name, module in list(sys.modules.items())
        if name.startswith("ttnn_xdsl.")
        for folder in getattr(module, "__path__", ())
    )
    frame = sys._getframe(1)
    while frame is not None:
        if not os.path.abspath(frame.f_code.co_filename).startswith(folders):
            return frame.f_code.co_filename, frame.f_lineno, frame.f_globals
        frame = frame.f_back
    return None

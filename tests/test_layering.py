"""The package's layering: packages import one way only (core ← conv / tensor_formats ←
dialect / pictures ← frontend ← passes / runtime ← program ← tools / ttnn), with no import
circle and no lazy `__getattr__`; the data formats, `DeviceTensor` and the `.tensorbin` files
stand alone (no IR); one resolution runs per prepare op through the whole pipeline."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tomllib
from pathlib import Path

from ttnn_xdsl.conv import conv_resolution
from ttnn_xdsl.dialect.prepare_ops import ConvPrepareOp
from ttnn_xdsl.program import Program

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

LAYERS = {
    "core": 0,
    "conv": 1,
    "tensor_formats": 1,
    "dialect": 2,
    "pictures": 2,
    "frontend": 3,
    "passes": 4,
    "runtime": 4,
    "program": 5,
    "tools": 6,
    "ttnn": 6,
}
"""Each package's layer: a package imports only from packages of a lower layer (and itself);
`passes` (the compiler) and `runtime` (the executor) are side by side and never import each
other, as are `tools` (the command-line tools) and `ttnn` (TT-NN's Python API), `conv` (the
conv model) and `tensor_formats` (TT-NN's data and file formats), `dialect` (the IR) and
`pictures` (layout pictures, which read conv plans and data formats, never the IR)."""


def project_modules() -> dict[str, Path]:
    """Every module of the installed package, by dotted name, from pyproject's package map."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    package_dirs = config["tool"]["setuptools"]["package-dir"]
    modules: dict[str, Path] = {}
    for package, folder in package_dirs.items():
        for path in (ROOT / folder).rglob("*.py"):
            if ".venv" in path.parts or "__pycache__" in path.parts:
                continue
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            name = ".".join((package, *parts))
            modules[name.removesuffix(".__init__")] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules `name` imports anywhere in its file (at the top, in functions, or
    for type checking only): an import is a dependency wherever it is written."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1]]
                    + ([base] if base else [])
                )
            # `from package import module` depends on the module; `from module import name`
            # on the module.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
        for target in targets:
            if target in modules and target != name:
                found.add(target)
    return found


def package_of(module: str) -> str:
    return module.split(".")[1]


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def test_packages_import_downwards_only() -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        for target in targets
        if package_of(module) != package_of(target)
        and LAYERS[package_of(module)] <= LAYERS[package_of(target)]
    )
    assert wrong == []


def test_no_import_circles() -> None:
    """No module reaches itself through imports (Tarjan's strongly connected components of
    the module graph, every import counted: top-level, lazy and type-checking ones)."""
    graph = import_graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert circles == []


def test_no_package_has_a_lazy_getattr() -> None:
    """No package makes names on demand: a module `__getattr__` may only refuse a name (the
    TT-NN API's one-line AttributeError for what it does not cover), never return or import."""
    lazy = [
        name
        for name, path in project_modules().items()
        if path.name == "__init__.py"
        and any(
            isinstance(node, ast.FunctionDef)
            and node.name == "__getattr__"
            and any(
                isinstance(inner, ast.Return | ast.Import | ast.ImportFrom)
                for inner in ast.walk(node)
            )
            for node in ast.parse(path.read_text()).body
        )
    ]
    assert lazy == []


# Runs in a fresh interpreter: import the runtime's NumPy layer, then list every loaded module
# that defines an xDSL operation (an IRDLOperation subclass whose home is that module).
PROBE = """
import json, sys
import ttnn_xdsl.tensor_formats.formats
import ttnn_xdsl.tensor_formats.tensorbin
import ttnn_xdsl.runtime.tensor
loaded = sorted(sys.modules)
from xdsl.irdl import IRDLOperation
defining = sorted(
    name for name in loaded
    if any(
        isinstance(value, type) and issubclass(value, IRDLOperation)
        and value.__module__ == name
        for value in vars(sys.modules[name]).values()
    )
)
print(json.dumps({"loaded": loaded, "defining_ops": defining}))
"""


def test_formats_and_device_tensor_load_no_ir() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    )
    report = json.loads(result.stdout)
    assert report["defining_ops"] == []
    assert [name for name in report["loaded"] if name.startswith("xdsl")] == []
    project = sorted(name for name in report["loaded"] if name.startswith("ttnn_xdsl"))
    assert project == [
        "ttnn_xdsl",
        "ttnn_xdsl.core",
        "ttnn_xdsl.core.enums",
        "ttnn_xdsl.core.errors",
        "ttnn_xdsl.core.output_files",
        "ttnn_xdsl.core.shapes",
        "ttnn_xdsl.runtime",
        "ttnn_xdsl.runtime.compare",
        "ttnn_xdsl.runtime.memory",
        "ttnn_xdsl.runtime.tensor",
        "ttnn_xdsl.tensor_formats",
        "ttnn_xdsl.tensor_formats.formats",
        "ttnn_xdsl.tensor_formats.npy",
        "ttnn_xdsl.tensor_formats.tensorbin",
        "ttnn_xdsl.tensor_formats.tensorbin_schema",
    ]


def test_one_resolution_per_prepare_op_through_ttnn_lower(monkeypatch) -> None:
    """examples/prepare_conv_weights.mlir holds a weight and a bias of one conv: parsing,
    verifying, decomposing and verifying again resolve each distinct parameter set once and
    validate it once."""
    validations: list[object] = []
    original = conv_resolution.validate_parameters

    def counting_validate(params: object) -> None:
        validations.append(params)
        original(params)  # type: ignore[arg-type]

    monkeypatch.setattr(conv_resolution, "validate_parameters", counting_validate)
    conv_resolution.resolve_conv_weights.cache_clear()
    text = (EXAMPLES / "prepare_conv_weights.mlir").read_text()
    from ttnn_xdsl.dialect.context import make_context
    from ttnn_xdsl.frontend import parse_module

    module = parse_module(make_context(), text, "prepare_conv_weights.mlir")
    prepare_ops = [op for op in module.walk() if isinstance(op, ConvPrepareOp)]
    assert len(prepare_ops) == 2
    distinct = {op.conv_parameters() for op in prepare_ops}
    conv_resolution.resolve_conv_weights.cache_clear()
    Program.load(module)
    info = conv_resolution.resolve_conv_weights.cache_info()
    assert info.misses == len(distinct) <= len(prepare_ops)
    assert len(validations) == len(distinct)


def test_each_fact_is_derived_once_per_op_through_ttnn_lower(monkeypatch) -> None:
    """Every prepare op of examples/conv_layouts.mlir (each branch of the resolution) on its
    way through parsing, verification and `ttnn-lower`: its properties are read into the
    parameter record once and its device grid looked up once (the decomposition reads the
    plan verification resolved, with each module's grid read once); the resolution and the
    padding expansion run once per distinct parameter set, and each layout's geometry (shape,
    index map, limits) is computed once per distinct layout op, however many steps ask it
    (the resolution, the layout op's verifier and its lowering)."""
    from ttnn_xdsl.conv import conv_layout_geometry, conv_parameters
    from ttnn_xdsl.dialect import prepare_ops
    from ttnn_xdsl.dialect.context import make_context
    from ttnn_xdsl.frontend import parse_module, verify_module
    from ttnn_xdsl.passes import TTNNLower

    calls: dict[str, int] = {"conv_parameters": 0, "module_device": 0, "expand_padding": 0}

    def counted(name: str, function):  # type: ignore[no-untyped-def]
        def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
            calls[name] += 1
            return function(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(
        prepare_ops.ConvPrepareOp,
        "conv_parameters",
        counted("conv_parameters", prepare_ops.ConvPrepareOp.conv_parameters),
    )
    monkeypatch.setattr(
        prepare_ops, "module_device", counted("module_device", prepare_ops.module_device)
    )
    monkeypatch.setattr(
        conv_parameters,
        "expand_padding",
        counted("expand_padding", conv_parameters.expand_padding),
    )
    maps = (
        conv_layout_geometry.interleaved_mm_map,
        conv_layout_geometry.special_padding_map,
        conv_layout_geometry.tiled_map,
        conv_layout_geometry.block_sharded_map,
    )
    conv_resolution.resolve_conv_weights.cache_clear()
    for layout_map in maps:
        layout_map.cache_clear()

    ctx = make_context()
    text = (EXAMPLES / "conv_layouts.mlir").read_text()
    module = parse_module(ctx, text, "conv_layouts.mlir")
    verify_module(module)
    prepare = [op for op in module.walk() if isinstance(op, ConvPrepareOp)]
    assert len(prepare) == 15
    after_verification = dict(calls)
    TTNNLower().apply(ctx, module)
    assert after_verification["conv_parameters"] == len(prepare)
    assert after_verification["module_device"] == len(prepare)
    assert calls["conv_parameters"] == after_verification["conv_parameters"]  # none in the pass
    assert calls["module_device"] == after_verification["module_device"]

    # What the ops resolve to, computed again apart (after the counts).
    again = parse_module(ctx, text, "conv_layouts.mlir")
    plans = {
        op.conv_parameters(): op.resolve() for op in again.walk() if isinstance(op, ConvPrepareOp)
    }
    distinct = len(plans)
    two_value_padding = sum(len(params.padding) == 2 for params in plans)
    assert after_verification["expand_padding"] == two_value_padding
    assert conv_resolution.resolve_conv_weights.cache_info().misses == distinct
    layouts = {plan.layout.weight_map for plan in plans.values()}
    computed = sum(layout_map.cache_info().misses for layout_map in maps)
    asked = sum(
        layout_map.cache_info().hits + layout_map.cache_info().misses for layout_map in maps
    )
    assert computed == len(layouts)
    assert asked > computed  # verification and lowering ask again, and get the same map


# Runs a tool in a fresh interpreter, then prints the modules loaded.
TOOL_PROBE = """
import importlib, json, sys
tool = importlib.import_module("ttnn_xdsl.tools." + sys.argv[1].replace("-", "_"))
try:
    tool.main(sys.argv[2:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

NEVER_AT_START = ("matplotlib", "tqdm", "flatbuffers", "xdsl.interpreters")
"""What a run that draws no picture, shows no progress bar, writes no .tensorbin and holds
only the ops the project interprets itself does not import (xdsl.interpreters imports every
interpreter of xDSL, RISC-V and Snitch included)."""


def loaded_by(*command: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", TOOL_PROBE, *command], capture_output=True, text=True, check=True
    )
    return json.loads(result.stderr.splitlines()[-1])


def loaded_of(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    """The modules of `packages` among `modules`."""
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)]


def test_tools_import_only_what_the_command_uses(tmp_path: Path) -> None:
    tile = tmp_path / "tile.mlir"
    t = "tensor<32x32xbf16, #ttnn.tensor_layout<tile>>"
    tile.write_text(
        f"func.func @main(%g: {t}, %a: {t}) -> {t} {{\n"
        f"  %0 = ttnn.assign_bw(%g, %a) : ({t}, {t}) -> {t}\n  func.return %0 : {t}\n}}\n"
    )
    run = loaded_by("ttnn-run", str(tile), "--random-inputs", "0")
    assert "ttnn_xdsl.runtime.interpreter" in run  # it did run
    assert loaded_of(run, NEVER_AT_START) == []
    for arguments in (["--version"], [str(tile), "-p", "ttnn-lower"]):
        opt = loaded_by("ttnn-opt", *arguments)
        assert loaded_of(opt, (*NEVER_AT_START, "ttnn_xdsl.runtime", "ttnn_xdsl.program")) == []
    # Writing a .tensorbin is what loads flatbuffers.
    written = loaded_by("ttnn-run", str(tile), "--random-inputs", "0", "--tensorbin", str(tmp_path))
    assert "flatbuffers" in written
    assert loaded_of(written, ("matplotlib", "tqdm", "xdsl.interpreters")) == []


# Runs in a fresh interpreter: compile and lower the examples, whose prepare ops ask TT-NN's L1
# model (auto sharding, DRAM slicing); print whether NumPy was loaded.
# The output goes to a file of the test's own folder (argv[1]), never /dev/null: a tool that
# replaced its target would turn a device into a regular file.
COMPILER_PROBE = """
import os, sys
from ttnn_xdsl.tools.ttnn_opt import main
folder = sys.argv[1]
for example in ("examples/conv_layouts.mlir", "examples/prepare_conv_weights.mlir"):
    sys.argv = ["ttnn-opt", example, "-p", "ttnn-lower", "-o", os.path.join(folder, "out.mlir")]
    try:
        main()
    except SystemExit as exit:
        assert not exit.code, exit.code
print("numpy" in sys.modules)
"""


def test_the_compiler_loads_no_numpy(tmp_path: Path) -> None:
    """NumPy is the runtime's (it costs ~90 ms at start-up): compiling, the L1 model included,
    does without it."""
    result = subprocess.run(
        [sys.executable, "-c", COMPILER_PROBE, str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert result.stdout.strip() == "False"

"""`make demo`: the project's main jobs, run as a user would.

1. `ttnn-opt` parses, verifies and prints the example IR (assign_bw, prepare_conv_weights),
   and shows the layout `ttnn-decompose` picks for the conv.
2. `ttnn-run` executes assign_bw on random inputs and the demo checks that every gradient
   equals the incoming gradient cast to its dtype, byte for byte.
3. Every branch of the resolution (examples/conv_layouts.mlir): one function each, run, with
   the layout, the reshaping steps and the shapes it gets.
4. Layout pictures (`--plot`, `--plot-text`): one per branch of the resolution and ResNet-50's
   conv1, in examples/out/layouts/ and examples/out/conv1/; then `--expect` names the first
   bad tile of a deliberately corrupted copy of conv1's prepared weight.
5. A decoder's up-sampling stages (examples/decoder_upsampling.mlir): each transposed conv's
   weight and bias prepared, a table of the equivalent conv2d TT-NN prepares for and the layout
   it gets, and the pictures of the mirrored kernels in examples/out/decoder/.
6. `ttnn-run` prepares the weights and biases of all 53 convolutions of ResNet-50 and writes
   them as TT-NN 0.81.1 `.tensorbin` files in examples/out/resnet50/ (what
   `ttnn.load_tensor` reads); the demo reads all 106 back and checks they hold exactly the
   `--raw-output` bytes (`conv1.prepared_weight.tensorbin`, …). A table shows, per conv, the
   chosen layout, the logical and physical shapes and the time.
7. tt-mlir interop: `ttnn-run` prepares the weights of a tt-mlir const-eval function (the
   ResNet stem, written in tt-mlir's TTNN IR), and `export-tt-mlir` writes the prepare ops
   back with the result types TT-NN computes; importing the export gives the import again.
8. ResNet-50's stage 1 run conv after conv from prepared weights (examples/resnet_stage.py):
   each layer's error against the float64 reference conv, and the picture of one output
   tile (which input sticks and weight tiles fed it) in examples/out/output_tile/.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from ttnn_xdsl.core.shapes import format_shape
from ttnn_xdsl.dialect import make_context
from ttnn_xdsl.dialect.prepare_ops import PrepareConvTranspose2dWeightsOp, PrepareConvWeightsOp
from ttnn_xdsl.dialect.tt_mlir import PrepareConv2dBiasOp, PrepareConv2dWeightsOp
from ttnn_xdsl.frontend.diagnostics import parse_module
from ttnn_xdsl.passes.export_tt_mlir import export_tt_mlir
from ttnn_xdsl.passes.import_tt_mlir import import_tt_mlir
from ttnn_xdsl.program import Program
from ttnn_xdsl.runtime import DeviceTensor

EXAMPLES = Path(__file__).resolve().parent
TENSORBIN_DIR = "examples/out/resnet50"  # git-ignored; relative to the repository, like the paths
BIN = Path(sys.executable).parent


def banner(title: str) -> None:
    print(f"\n{'=' * 100}\n{title}\n{'=' * 100}", flush=True)


def command(*arguments: str, check: bool = True) -> int:
    """Run one of the project's tools, echoing the command line like a shell would; its
    exit status."""
    print(f"$ {' '.join(arguments)}", flush=True)
    return subprocess.run([str(BIN / arguments[0]), *arguments[1:]], check=check).returncode


def draw_layouts() -> None:
    banner("Layout pictures: where every weight lands (examples/out/layouts/, examples/out/conv1/)")
    command(
        "ttnn-run",
        "examples/conv_layouts.mlir",
        "--entry",
        "all",
        "--random-inputs",
        "0",
        "--plot",
        "examples/out/layouts",
    )
    pictures = sorted(path.name for path in (EXAMPLES / "out" / "layouts").glob("*.png"))
    print(f"{len(pictures)} pictures: {', '.join(pictures)}")
    command(
        "ttnn-run",
        "examples/resnet50_conv_weights.mlir",
        "--entry",
        "conv1",
        "--random-inputs",
        "0",
        "--plot",
        "examples/out/conv1",
        "--plot-text",
    )
    banner("ttnn-run --expect: the first bad tile of a deliberately corrupted prepared weight")
    with tempfile.TemporaryDirectory() as folder:
        path = "examples/resnet50_conv_weights.mlir"
        flags = ("--entry", "conv1", "--random-inputs", "0")
        command("ttnn-run", path, *flags, "--raw-output", folder)
        weight = Path(folder) / "prepared_weight.bin"
        data = bytearray(weight.read_bytes())
        # The high byte of tile 3, face 0, row 2, column 9: row 34, column 41, W[41, 2, 0, 4].
        data[3 * 2048 + 2 * (2 * 16 + 9) + 1] ^= 0x40
        weight.write_bytes(bytes(data))
        status = command("ttnn-run", path, *flags, "--expect", folder, check=False)
        if status != 1:
            raise SystemExit("--expect did not report the corrupted tile")


def show_ir() -> None:
    banner("ttnn-opt: parse, verify and print the examples")
    command("ttnn-opt", "examples/assign_bw.mlir")
    command("ttnn-opt", "examples/prepare_conv_weights.mlir")
    banner("ttnn-opt -p ttnn-decompose: the layout TT-NN picks for the conv, and why")
    command("ttnn-opt", "examples/prepare_conv_weights.mlir", "-p", "ttnn-decompose")


def run_assign_bw() -> None:
    banner("ttnn-run: assign_bw on random inputs (seed 0)")
    path = "examples/assign_bw.mlir"
    with tempfile.TemporaryDirectory() as raw:
        command("ttnn-run", path, "--random-inputs", "0", "--print", "--raw-output", raw)
        # The same inputs ttnn-run drew, from the same Python API.
        program = Program.load((EXAMPLES / "assign_bw.mlir").read_text(), filename=path)
        grad = program.prepare_inputs(random_seed=0)[0]
        print("\nEvery gradient equals the incoming gradient cast to its dtype:")
        for slot in program.results:
            produced = (Path(raw) / f"{slot.name}.bin").read_bytes()
            expected = DeviceTensor.from_numpy(grad.to_numpy(), slot.tensor.dtype).to_bytes()
            verdict = "identical" if produced == expected else "DIFFERENT"
            print(
                f"  {slot.name} ({slot.tensor.dtype.value}): {len(produced)} bytes, "
                f"{verdict} to grad cast to {slot.tensor.dtype.value}"
            )
            if produced != expected:
                raise SystemExit("assign_bw produced a wrong gradient")


def run_resnet50() -> None:
    banner("ttnn-run: ResNet-50's 53 conv weights and biases, random bf16 weights (seed 0)")
    path = "examples/resnet50_conv_weights.mlir"
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as out:
        command(
            "ttnn-run",
            path,
            "--random-inputs",
            "0",
            "--output",
            f"{out}/resnet50.npz",
            "--raw-output",
            f"{out}/raw",
            "--tensorbin",
            TENSORBIN_DIR,
        )
        elapsed = time.perf_counter() - started
        with np.load(f"{out}/resnet50.npz") as results:
            # Each result once, under its layer's name: conv1.prepared_weight, …
            names = list(results.files)
        count = len(names)
        print(f"{count} prepared tensors in {elapsed:.1f} s (whole process)")
        # Every .tensorbin file, read back, holds exactly the bytes --raw-output wrote.
        total = 0
        for name in names:
            tensor = DeviceTensor.load_tensorbin(f"{TENSORBIN_DIR}/{name}.tensorbin")
            if tensor.to_bytes() != (Path(out) / "raw" / f"{name}.bin").read_bytes():
                raise SystemExit(f"{name}.tensorbin does not hold the raw output")
            total += (Path(TENSORBIN_DIR) / f"{name}.tensorbin").stat().st_size
    print(
        f"{count} TT-NN 0.81.1 .tensorbin files in {TENSORBIN_DIR}/ ({total / 2**20:.1f} MiB), "
        "each reading back as exactly the --raw-output bytes"
    )

    # The table: the resolution of each conv, and the time to run its lowered function.
    # The module is parsed, verified and lowered once; each row only picks its entry.
    ctx = make_context()
    text = (EXAMPLES / "resnet50_conv_weights.mlir").read_text()
    module = parse_module(ctx, text, path)
    plans = {
        op.parent_op().sym_name.data: (op, op.resolve())  # type: ignore[union-attr]
        for op in module.walk()
        if isinstance(op, PrepareConvWeightsOp)
    }
    program = Program.load(module, filename=path)
    header = (
        f"{'layer':22} {'weight':18} {'layout':16} {'cores c/nhw':11} "
        f"{'logical':18} {'physical':18} {'time':>7}"
    )
    print(f"\n{header}\n{'-' * len(header)}")
    total = 0.0
    for name, (op, plan) in plans.items():
        layer = program.with_entry(name)
        inputs = layer.prepare_inputs(random_seed=0)
        started = time.perf_counter()
        layer.run(inputs)
        elapsed = time.perf_counter() - started
        total += elapsed
        weight = tuple(op.weight_tensor.type.get_shape())  # type: ignore[attr-defined]
        sharding, layout = plan.sharding, plan.layout
        cores = (
            f"{sharding.input_cores_channels}x{sharding.output_cores_channels}/{sharding.nhw_cores}"
        )
        print(
            f"{name:22} {format_shape(weight):18} {layout.kind.value:16} {cores:11} "
            f"{format_shape(layout.logical_shape):18} {format_shape(layout.physical_shape):18} "
            f"{elapsed * 1000:5.0f} ms"
        )
    print(f"{'-' * len(header)}\n{'total (weights and biases)':>{len(header) - 9}} {total:6.2f} s")


def run_conv_layouts() -> None:
    banner("Every branch of the resolution: examples/conv_layouts.mlir, one function each")
    path = "examples/conv_layouts.mlir"
    command("ttnn-run", path, "--entry", "grouped", "--random-inputs", "0", "--print")
    ctx = make_context()
    module = parse_module(ctx, (EXAMPLES / "conv_layouts.mlir").read_text(), path)
    plans = {
        op.parent_op().sym_name.data: op.resolve()  # type: ignore[union-attr]
        for op in module.walk()
        if isinstance(op, PrepareConvWeightsOp)
    }
    program = Program.load(module, entry=next(iter(plans)), filename=path)
    header = (
        f"{'function':30} {'layout':16} {'steps':28} {'logical':18} {'physical':18} "
        f"{'dtype':7} {'bytes':>8}"
    )
    print(f"\n{header}\n{'-' * len(header)}")
    for name, plan in plans.items():
        weight = program.with_entry(name).run(random_seed=0)[0]
        steps = ", ".join(
            step
            for step, taken in (
                (
                    f"grouped x{plan.expansion.groups_expand}",
                    plan.expansion.groups_expand is not None,
                ),
                ("1D depthwise", plan.form.depthwise_1d),
                (f"fold {plan.form.fold_stride}", plan.form.fold_stride is not None),
            )
            if taken
        )
        layout = plan.layout
        print(
            f"{name:30} {layout.kind.value:16} {steps or '-':28} "
            f"{format_shape(layout.logical_shape):18} {format_shape(layout.physical_shape):18} "
            f"{weight.dtype.value:7} {len(weight.to_bytes()):8}"
        )


def run_decoder() -> None:
    banner("A decoder's transposed convs: examples/decoder_upsampling.mlir (examples/out/decoder/)")
    path = "examples/decoder_upsampling.mlir"
    decomposed = "examples/out/decoder_decomposed.mlir"
    command("ttnn-opt", path, "-p", "ttnn-decompose", "-o", decomposed)
    print(f"the decomposition: {decomposed}")
    flags = ("--random-inputs", "0")
    command("ttnn-run", path, "--entry", "all", *flags, "--plot", "examples/out/decoder")
    command("ttnn-run", path, "--entry", "unet_up_conv", *flags, "--plot-text")
    ctx = make_context()
    module = parse_module(ctx, (EXAMPLES / "decoder_upsampling.mlir").read_text(), path)
    header = (
        f"{'function':24} {'IOHW weight':18} {'output':9} {'equivalent input':16} {'path':5} "
        f"{'layout':16} {'physical':18} {'dtype':7}"
    )
    print(f"\n{header}\n{'-' * len(header)}")
    for op in module.walk():
        if not isinstance(op, PrepareConvTranspose2dWeightsOp):
            continue
        plan = op.transpose_plan()
        name = op.parent_op().sym_name.data  # type: ignore[union-attr]
        weight = tuple(op.weight_tensor.type.get_shape())  # type: ignore[attr-defined]
        output = "x".join(map(str, plan.output_size))
        full = "x".join(map(str, plan.full_input_size)) + " s1 p0"
        print(
            f"{name:24} {format_shape(weight):18} {output:9} {full:16} "
            f"{'DRAM' if plan.dram_path else 'L1':5} {plan.conv.layout.kind.value:16} "
            f"{format_shape(plan.conv.layout.physical_shape):18} {plan.conv.weights_dtype.value:7}"
        )
    pictures = sorted(p.name for p in (EXAMPLES / "out" / "decoder").glob("*.png"))
    print(f"{len(pictures)} pictures in examples/out/decoder/")


def run_tt_mlir() -> None:
    banner("tt-mlir interop: the ResNet stem's weights in tt-mlir's TTNN IR")
    path = "tests/filecheck/tt-mlir/resnet_stem_7x7.mlir"
    entry = "resnet_stem_7x7_const_eval_0"
    command("ttnn-run", path, "-p", "import-tt-mlir,ttnn-lower", "--entry", entry,
            "--random-inputs", "0", "--print")  # fmt: skip
    text = (EXAMPLES.parent / path).read_text()
    ctx = make_context()
    imported = parse_module(ctx, text, path)
    import_tt_mlir(imported)
    exported = imported.clone()
    export_tt_mlir(exported)
    print("\nexport-tt-mlir writes tt-mlir's result types (the logical shape, tiles from it):")
    for op in exported.walk():
        if isinstance(op, PrepareConv2dWeightsOp | PrepareConv2dBiasOp):
            print(f"  {op.name}: {op.result.type}")
    again = exported.clone()
    import_tt_mlir(again)
    same = "identical" if again.is_structurally_equivalent(imported) else "DIFFERENT"
    print(f"import(export(import(file))) vs import(file): {same}")
    if same != "identical":
        raise SystemExit("the tt-mlir round trip changed the module")


def run_resnet_stage() -> None:
    banner("ResNet-50 layer1 conv after conv from prepared weights (examples/resnet_stage.py)")
    print("$ python examples/resnet_stage.py --picture-dir examples/out/output_tile", flush=True)
    arguments = ["--picture-dir", str(EXAMPLES / "out" / "output_tile")]
    subprocess.run([sys.executable, str(EXAMPLES / "resnet_stage.py"), *arguments], check=True)


def main() -> None:
    # No options: --help says what the demo does (and, like any unknown option, runs nothing).
    argparse.ArgumentParser(
        prog="examples/demo.py",
        description=(
            "make demo: the project's main jobs, run as a user would. It empties and rewrites "
            "examples/out/{layouts,conv1,resnet50,decoder,output_tile}/ (the --raw-output bytes "
            "it checks against go to temporary folders). Takes no options."
        ),
    ).parse_args()
    # The demo's own output folders start empty: ttnn-run refuses a folder that holds an
    # earlier run's files (of an older version, other names), and these are the demo's.
    for folder in ("layouts", "conv1", "resnet50", "decoder", "output_tile"):
        shutil.rmtree(EXAMPLES / "out" / folder, ignore_errors=True)
    show_ir()
    run_assign_bw()
    run_conv_layouts()
    draw_layouts()
    run_decoder()
    run_resnet50()
    run_tt_mlir()
    run_resnet_stage()


if __name__ == "__main__":
    main()

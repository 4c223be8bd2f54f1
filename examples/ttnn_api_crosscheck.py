"""One script, two TT-NNs: the same calls under `import ttnn_xdsl.ttnn as ttnn` (default) and
under TT-NN 0.81.1 itself (`--real-ttnn`, on its mock device), writing the same report: the
shapes, dtypes, layouts and memory configs of what each call returns, the reprs of TT-NN's
objects, the errors of refused calls, the `.tensorbin` headers of dumped tensors (and the
whole file of a host tensor: the mock device keeps no values).

    python examples/ttnn_api_crosscheck.py OUT.txt                # ttnn_xdsl.ttnn
    TTNN_XDSL_DEVICE=blackhole_p150 python examples/ttnn_api_crosscheck.py OUT.txt
    $TTNN_VENV/bin/python examples/ttnn_api_crosscheck.py OUT.txt --real-ttnn

It uses only names ttnn_xdsl.ttnn covers, in calls whose results the project and TT-NN agree
on (tests/test_ttnn_api_crosscheck.py compares its report with TT-NN's, committed in
tests/fixtures/ttnn_api/). TT-NN's `from_torch` needs torch; the inputs are NumPy arrays.
"""

from __future__ import annotations

import argparse
import hashlib
import tempfile
from pathlib import Path

import numpy as np

# Read before anything runs: an option taken for the report's name (`--help`) ran every call
# and wrote the report to a file named '--help'.
_parser = argparse.ArgumentParser(
    prog="examples/ttnn_api_crosscheck.py",
    description="Make the same TT-NN calls under ttnn_xdsl.ttnn (or TT-NN 0.81.1 itself) and "
    "write a report of what each returns.",
)
_parser.add_argument("out", metavar="OUT.txt", help="the report to write")
_parser.add_argument(
    "--real-ttnn", action="store_true", help="run under TT-NN 0.81.1 (import ttnn) instead"
)
ARGUMENTS = _parser.parse_args()

if ARGUMENTS.real_ttnn:
    import ttnn
else:
    import ttnn_xdsl.ttnn as ttnn

lines: list[str] = []


def say(*items: object) -> None:
    lines.append(" ".join(str(item) for item in items))


def describe(label: str, tensor: ttnn.Tensor) -> None:
    say(
        f"{label}: shape={tensor.shape} padded_shape={tensor.padded_shape} "
        f"dtype={tensor.dtype} layout={tensor.get_layout()} "
        f"on_device={ttnn.is_tensor_storage_on_device(tensor)} "
        f"memory_config={tensor.memory_config()}"
    )


def refused(label: str, call: object) -> None:
    """The exception type of a refused call and the first line of its message."""
    try:
        call()  # type: ignore[operator]
    except (TypeError, RuntimeError, NotImplementedError) as error:
        first = str(error).strip().splitlines()[0]
        say(f"{label}: {type(error).__name__}: {first}")
    else:
        say(f"{label}: accepted")


def refused_type(label: str, call: object) -> None:
    """Only the exception type: the reason's words are the project's own."""
    try:
        call()  # type: ignore[operator]
    except (TypeError, RuntimeError, NotImplementedError) as error:
        say(f"{label}: {type(error).__name__}")
    else:
        say(f"{label}: accepted")


def dumped(label: str, path: Path, whole: bool) -> None:
    """A .tensorbin file's size and the digest of its header (of the whole file if `whole`)."""
    data = path.read_bytes()
    header = int.from_bytes(data[:8], "little")
    part = data if whole else data[: 8 + header]
    digest = hashlib.sha256(part).hexdigest()[:16]
    what = "file" if whole else "header"
    say(f"{label}: {len(data)} bytes, header {header}, sha256({what}) {digest}")


rng = np.random.default_rng(2024)
folder = Path(tempfile.mkdtemp(prefix="ttnn_api_crosscheck_"))
device = ttnn.open_device(device_id=0)
try:
    grid = device.compute_with_storage_grid_size()
    say("device:", device, "grid:", grid, grid.x, grid.y, "arch:", device.arch())

    # -- TT-NN's objects as they print ---------------------------------------------------------
    say(
        "dtypes:",
        ttnn.bfloat16,
        ttnn.bfloat8_b,
        ttnn.float32,
        ttnn.DataType.BFLOAT16 is ttnn.bfloat16,
    )
    say("layouts:", ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT, ttnn.Layout.TILE == ttnn.TILE_LAYOUT)
    say(
        "memory:",
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
        ttnn.BufferType.L1,
        ttnn.ShardOrientation.COL_MAJOR,
    )
    say("fidelity:", ttnn.MathFidelity.HiFi2, ttnn.MathFidelity.LoFi)
    say("DRAM:", ttnn.DRAM_MEMORY_CONFIG)
    say("L1:", ttnn.L1_MEMORY_CONFIG)
    say("default MemoryConfig == DRAM:", ttnn.MemoryConfig() == ttnn.DRAM_MEMORY_CONFIG)
    cores = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))})
    say(
        "cores:",
        ttnn.CoreCoord(1, 2),
        ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7)),
        cores,
    )
    sharded = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
        ttnn.BufferType.L1,
        ttnn.ShardSpec(cores, [64, 32], ttnn.ShardOrientation.ROW_MAJOR),
    )
    say("sharded:", sharded)
    say("shard spec:", sharded.shard_spec, sharded.shard_spec.shape, sharded.shard_spec.num_cores())
    say("Conv1dConfig is Conv2dConfig:", ttnn.Conv1dConfig is ttnn.Conv2dConfig)
    config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat8_b,
        shard_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
        act_block_h_override=64,
        deallocate_activation=True,
        enable_kernel_stride_folding=False,
    )
    config.act_block_w_div = 2
    say("Conv2dConfig:", config)
    say(
        "slices:",
        ttnn.Conv2dL1FullSliceConfig,
        ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dDRAMSliceHeight, num_slices=4),
    )
    say("slice types:", ttnn.Conv2dDRAMSliceHeight, ttnn.Conv2dDRAMSliceWidth, ttnn.Conv2dL1Full)
    compute = ttnn.init_device_compute_kernel_config(
        device.arch(),
        math_fidelity=ttnn.MathFidelity.HiFi2,
        math_approx_mode=False,
        fp32_dest_acc_en=True,
        packer_l1_acc=False,
    )
    say(
        "compute config:",
        type(compute).__name__,
        compute.math_fidelity,
        compute.math_approx_mode,
        compute.fp32_dest_acc_en,
        compute.packer_l1_acc,
    )

    # -- tensors -----------------------------------------------------------------------------
    values = np.arange(2 * 3, dtype=np.float32).reshape(2, 3)
    say("repr float32:", repr(ttnn.Tensor(values, ttnn.float32)).replace("\n", "|"))
    say(
        "repr bfloat16 TILE:",
        repr(ttnn.Tensor(values / 3, ttnn.bfloat16, None, ttnn.TILE_LAYOUT)).replace("\n", "|"),
    )
    wide = np.linspace(-5.0, 3000.0, 60, dtype=np.float32).reshape(6, 10)
    say("repr wide:", repr(ttnn.Tensor(wide, ttnn.float32)).replace("\n", "|"))
    host = ttnn.Tensor(
        rng.standard_normal((2, 3, 40, 50), dtype=np.float32), ttnn.bfloat16, None, ttnn.TILE_LAYOUT
    )
    describe("host bf16 TILE", host)
    say(
        "host shape:",
        list(host.shape),
        host.shape[-1],
        len(host.shape),
        host.shape == (2, 3, 40, 50),
    )
    eight = ttnn.from_torch(
        rng.standard_normal((1, 1, 40, 50), dtype=np.float32), dtype=ttnn.bfloat8_b
    )
    describe("from_torch bfloat8_b (TILE by default)", eight)
    back = ttnn.to_torch(eight)
    say(
        "to_torch bfloat8_b:", tuple(back.shape), [round(float(v), 6) for v in back.reshape(-1)[:4]]
    )
    ttnn.dump_tensor(folder / "host_bf16.tensorbin", host)
    dumped("dump host bf16 TILE", folder / "host_bf16.tensorbin", whole=True)
    ttnn.dump_tensor(folder / "host_bfp8.tensorbin", eight)
    dumped("dump host bfloat8_b", folder / "host_bfp8.tensorbin", whole=True)
    x = ttnn.from_torch(
        rng.standard_normal((1, 1, 1024, 256), dtype=np.float32),
        ttnn.bfloat16,
        layout=ttnn.ROW_MAJOR_LAYOUT,
        device=device,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )
    describe("from_torch on device", x)
    describe("from_device", ttnn.from_device(x))
    describe(
        "to_device(L1)",
        ttnn.to_device(ttnn.from_device(x), device, memory_config=ttnn.L1_MEMORY_CONFIG),
    )

    # -- conv1d, depthwise (Mamba): a (1, K) weight on a DRAM row-major input -----------------
    channels, length, kernel = 256, 1024, 4
    conv1d = dict(
        input_memory_config=x.memory_config(),
        input_layout=x.layout,
        in_channels=channels,
        out_channels=channels,
        batch_size=1,
        input_height=1,
        input_width=length,
        kernel_size=(1, kernel),
        stride=(1, 1),
        padding=(0, kernel - 1),
        dilation=(1, 1),
        groups=channels,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=ttnn.Conv1dConfig(
            weights_dtype=ttnn.bfloat16,
            shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
            deallocate_activation=True,
        ),
        compute_config=ttnn.init_device_compute_kernel_config(
            device.arch(), math_fidelity=ttnn.MathFidelity.LoFi
        ),
    )
    weight3 = ttnn.from_torch(
        rng.standard_normal((channels, 1, kernel), dtype=np.float32), ttnn.float32
    )
    weight4 = ttnn.from_torch(
        rng.standard_normal((channels, 1, 1, kernel), dtype=np.float32), ttnn.float32
    )
    bias = ttnn.from_torch(rng.standard_normal((1, 1, 1, channels), dtype=np.float32), ttnn.float32)
    describe(
        "conv1d weight [O, 1, K]",
        ttnn.prepare_conv_weights(
            weight_tensor=weight3, weights_format="OIHW", has_bias=True, **conv1d
        ),
    )
    describe(
        "conv1d weight [O, 1, 1, K]",
        ttnn.prepare_conv_weights(
            weight_tensor=weight4, weights_format="OIHW", has_bias=True, **conv1d
        ),
    )
    describe("conv1d bias", ttnn.prepare_conv_bias(bias_tensor=bias, **conv1d))
    causal = dict(conv1d, padding=(0, 0, kernel - 1, 0))
    describe(
        "conv1d weight, padding (0, 0, 3, 0)",
        ttnn.prepare_conv_weights(
            weight_tensor=weight4, weights_format="OIHW", has_bias=True, **causal
        ),
    )
    eight_bit = dict(
        conv1d,
        conv_config=ttnn.Conv1dConfig(
            weights_dtype=ttnn.bfloat8_b, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
        ),
    )
    describe(
        "conv1d weight bfloat8_b",
        ttnn.prepare_conv_weights(
            weight_tensor=weight4, weights_format="OIHW", has_bias=True, **eight_bit
        ),
    )
    describe(
        "conv1d weight bfloat8_b, L1 full",
        ttnn.prepare_conv_weights(
            weight_tensor=weight4,
            weights_format="OIHW",
            has_bias=True,
            slice_config=ttnn.Conv2dL1FullSliceConfig,
            **eight_bit,
        ),
    )

    # -- a VAE / UNet block on an L1 TILE activation, prepared once ---------------------------
    hidden = ttnn.from_torch(
        rng.standard_normal((1, 1, 64 * 64, 128), dtype=np.float32),
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.L1_MEMORY_CONFIG,
    )
    block = dict(
        in_channels=128,
        out_channels=128,
        batch_size=1,
        input_height=64,
        input_width=64,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        device=device,
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat8_b, deallocate_activation=True),
        slice_config=ttnn.Conv2dL1FullSliceConfig,
        input_memory_config=hidden.memory_config(),
        input_layout=hidden.get_layout(),
        input_dtype=hidden.dtype,
        compute_config=compute,
    )
    vae_weight = ttnn.from_torch(
        rng.standard_normal((128, 128, 3, 3), dtype=np.float32), dtype=ttnn.float32
    )
    vae_bias = ttnn.from_torch(
        rng.standard_normal((1, 1, 1, 128), dtype=np.float32), dtype=ttnn.float32
    )
    say("weight on device before:", ttnn.is_tensor_storage_on_device(vae_weight))
    prepared_weight = ttnn.prepare_conv_weights(
        weight_tensor=vae_weight, weights_format="OIHW", has_bias=True, **block
    )
    prepared_bias = ttnn.prepare_conv_bias(bias_tensor=vae_bias, **block)
    describe("VAE weight bfloat8_b", prepared_weight)
    describe("VAE bias bfloat8_b", prepared_bias)
    describe("to_device(prepared) again", ttnn.to_device(prepared_weight, device))
    downsample = dict(
        block,
        stride=(2, 2),
        conv_config=ttnn.Conv2dConfig(
            weights_dtype=ttnn.bfloat16,
            shard_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
            act_block_h_override=64,
        ),
    )
    describe(
        "UNet downsample weight",
        ttnn.prepare_conv_weights(
            weight_tensor=vae_weight, weights_format="OIHW", has_bias=True, **downsample
        ),
    )
    describe("UNet downsample bias", ttnn.prepare_conv_bias(bias_tensor=vae_bias, **downsample))

    # -- the ResNet stem: act_block_h_override and a slice config -----------------------------
    stem = dict(
        input_memory_config=ttnn.MemoryConfig(
            ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.L1, None
        ),
        input_layout=ttnn.Layout.TILE,
        in_channels=3,
        out_channels=64,
        batch_size=8,
        input_height=224,
        input_width=224,
        kernel_size=[7, 7],
        stride=[2, 2],
        padding=[3, 3, 3, 3],
        dilation=[1, 1],
        groups=1,
        device=device,
        input_dtype=ttnn.DataType.BFLOAT16,
        output_dtype=ttnn.DataType.BFLOAT16,
        conv_config=ttnn.Conv2dConfig(
            weights_dtype=ttnn.DataType.BFLOAT16,
            act_block_h_override=64,
            shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
            enable_kernel_stride_folding=False,
        ),
        compute_config=None,
        slice_config=ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dL1Full, num_slices=0),
    )
    stem_weight = ttnn.from_torch(
        rng.standard_normal((64, 3, 7, 7), dtype=np.float32), ttnn.bfloat16
    )
    stem_bias = ttnn.from_torch(rng.standard_normal((1, 1, 1, 64), dtype=np.float32), ttnn.bfloat16)
    describe(
        "stem weight",
        ttnn.prepare_conv_weights(
            weight_tensor=stem_weight, weights_format="OIHW", has_bias=True, **stem
        ),
    )
    describe("stem bias", ttnn.prepare_conv_bias(bias_tensor=stem_bias, **stem))
    float_stem = dict(
        stem,
        conv_config=ttnn.Conv2dConfig(
            weights_dtype=ttnn.float32,
            act_block_h_override=64,
            shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
        ),
    )
    describe(
        "stem weight float32",
        ttnn.prepare_conv_weights(
            weight_tensor=stem_weight, weights_format="OIHW", has_bias=True, **float_stem
        ),
    )

    # -- a cached layer, dumped and loaded -----------------------------------------------------
    layer = dict(
        input_memory_config=ttnn.L1_MEMORY_CONFIG,
        input_layout=ttnn.TILE_LAYOUT,
        in_channels=32,
        out_channels=64,
        batch_size=1,
        input_height=56,
        input_width=56,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=ttnn.Conv2dConfig(
            weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
        ),
    )
    layer_weight = ttnn.from_torch(
        rng.standard_normal((64, 32, 3, 3), dtype=np.float32), ttnn.float32
    )
    layer_bias = ttnn.from_torch(rng.standard_normal((1, 1, 1, 64), dtype=np.float32), ttnn.float32)
    weight_file = folder / "conv.prepared_weight.tensorbin"
    bias_file = folder / "conv.prepared_bias.tensorbin"
    ttnn.dump_tensor(
        weight_file,
        ttnn.prepare_conv_weights(
            weight_tensor=layer_weight, weights_format="OIHW", has_bias=True, **layer
        ),
    )
    ttnn.dump_tensor(
        str(bias_file), ttnn.from_device(ttnn.prepare_conv_bias(bias_tensor=layer_bias, **layer))
    )
    dumped("dump prepared weight (device)", weight_file, whole=False)
    # TT-NN writes a prepared bias's alignment as [32, padded width] (here [32, 64]).
    dumped("dump prepared bias (host)", bias_file, whole=False)
    describe("load_tensor(device=device)", ttnn.load_tensor(weight_file, device=device))
    describe("load_tensor()", ttnn.load_tensor(bias_file))

    # -- the device's grid: BLOCK sharding splits 416 channels over the grid's columns ------
    block_sharded = dict(
        layer,
        in_channels=416,
        out_channels=416,
        input_height=14,
        input_width=14,
        conv_config=ttnn.Conv2dConfig(
            weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED
        ),
    )
    wide_weight = ttnn.from_torch(np.zeros((416, 416, 3, 3), np.float32), ttnn.float32)
    wide_bias = ttnn.from_torch(np.zeros((1, 1, 1, 416), np.float32), ttnn.float32)
    describe(
        "BLOCK 416 weight",
        ttnn.prepare_conv_weights(
            weight_tensor=wide_weight, weights_format="OIHW", has_bias=True, **block_sharded
        ),
    )
    describe("BLOCK 416 bias", ttnn.prepare_conv_bias(bias_tensor=wide_bias, **block_sharded))

    # -- a decoder's up-sampling: conv_transpose2d 2×2 stride 2, and a ConvTranspose1d ---------
    up = dict(
        layer,
        in_channels=128,
        out_channels=64,
        input_height=28,
        input_width=28,
        kernel_size=(2, 2),
        stride=(2, 2),
        padding=(0, 0),
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16),
    )
    up_rng = np.random.default_rng(7)  # its own, so the draws of the calls below stay put
    up_weight = ttnn.from_torch(
        up_rng.standard_normal((128, 64, 2, 2), dtype=np.float32), dtype=ttnn.float32
    )
    up_bias = ttnn.from_torch(
        up_rng.standard_normal((1, 1, 1, 64), dtype=np.float32), dtype=ttnn.float32
    )
    describe(
        "UNet up-conv weight",
        ttnn.prepare_conv_transpose2d_weights(
            weight_tensor=up_weight, weights_format="IOHW", has_bias=True, **up
        ),
    )
    describe("UNet up-conv bias", ttnn.prepare_conv_transpose2d_bias(bias_tensor=up_bias, **up))
    describe(
        "UNet up-conv weight, not mirrored, HEIGHT",
        ttnn.prepare_conv_transpose2d_weights(
            weight_tensor=up_weight,
            weights_format="IOHW",
            has_bias=True,
            mirror_kernel=False,
            **dict(
                up,
                conv_config=ttnn.Conv2dConfig(
                    weights_dtype=ttnn.bfloat16,
                    shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
                ),
            ),
        ),
    )
    vocoder = dict(
        layer,
        in_channels=64,
        out_channels=32,
        input_height=1,
        input_width=256,
        kernel_size=(1, 16),
        stride=(1, 8),
        padding=(0, 4),
        conv_config=ttnn.Conv2dConfig(
            weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
        ),
    )
    vocoder_weight = ttnn.from_torch(np.zeros((64, 32, 1, 16), np.float32), ttnn.float32)
    describe(
        "ConvTranspose1d weight",
        ttnn.prepare_conv_transpose2d_weights(
            weight_tensor=vocoder_weight,
            weights_format="IOHW",
            has_bias=False,
            output_padding=(0, 0),
            **vocoder,
        ),
    )

    # -- assign_bw: the unary form passes the gradient through --------------------------------
    shape = (1, 1, 320, 384)
    grad = ttnn.Tensor(
        rng.standard_normal(shape, dtype=np.float32), ttnn.bfloat16, device, ttnn.TILE_LAYOUT
    )
    given = ttnn.Tensor(
        rng.standard_normal(shape, dtype=np.float32), ttnn.bfloat16, device, ttnn.TILE_LAYOUT
    )
    gradients = ttnn.assign_bw(grad, given)
    say("assign_bw unary:", type(gradients).__name__, len(gradients))
    describe("assign_bw unary [0]", gradients[0])
    gradients = ttnn.assign_bw(grad, given, queue_id=0)
    describe("assign_bw unary, queue_id=0 [0]", gradients[0])

    # -- refused calls -------------------------------------------------------------------------
    basic = dict(layer, conv_config=None)
    refused(
        "kernel_size=3",
        lambda: ttnn.prepare_conv_weights(
            weight_tensor=layer_weight,
            weights_format="OIHW",
            has_bias=True,
            **dict(basic, kernel_size=3),
        ),
    )
    refused(
        "padding=(1, 1, 1)",
        lambda: ttnn.prepare_conv_weights(
            weight_tensor=layer_weight,
            weights_format="OIHW",
            has_bias=True,
            **dict(basic, padding=(1, 1, 1)),
        ),
    )
    refused(
        "has_bias=1",
        lambda: ttnn.prepare_conv_weights(
            weight_tensor=layer_weight, weights_format="OIHW", has_bias=1, **basic
        ),
    )
    refused(
        "device=None",
        lambda: ttnn.prepare_conv_weights(
            weight_tensor=layer_weight,
            weights_format="OIHW",
            has_bias=True,
            **dict(basic, device=None),
        ),
    )
    refused(
        "no weights_format",
        lambda: ttnn.prepare_conv_weights(weight_tensor=layer_weight, has_bias=True, **basic),
    )
    refused(
        "bias with has_bias",
        lambda: ttnn.prepare_conv_bias(bias_tensor=layer_bias, has_bias=True, **basic),
    )
    refused(
        "positional weight",
        lambda: ttnn.prepare_conv_weights(
            layer_weight, weights_format="OIHW", has_bias=True, **basic
        ),
    )
    refused(
        "numpy weight",
        lambda: ttnn.prepare_conv_weights(
            weight_tensor=np.zeros((64, 32, 3, 3), np.float32),
            weights_format="OIHW",
            has_bias=True,
            **basic,
        ),
    )
    refused("Conv2dConfig(bogus=1)", lambda: ttnn.Conv2dConfig(bogus=1))
    refused(
        "Conv2dConfig(act_block_h_override=-1)", lambda: ttnn.Conv2dConfig(act_block_h_override=-1)
    )
    refused(
        "Conv2dSliceConfig positional", lambda: ttnn.Conv2dSliceConfig(ttnn.Conv2dDRAMSliceWidth, 2)
    )
    refused("CoreCoord(x=1, y=2)", lambda: ttnn.CoreCoord(x=1, y=2))
    refused("open_device(0)", lambda: ttnn.open_device(0))
    refused("assign_bw(bogus=1)", lambda: ttnn.assign_bw(grad, given, bogus=1))
    refused("assign_bw(input_grad=)", lambda: ttnn.assign_bw(grad, given, given, input_grad=grad))
    refused_type(
        "assign_bw are_required_outputs=[False, False]",
        lambda: ttnn.assign_bw(grad, given, given, are_required_outputs=[False, False]),
    )
    refused_type(
        "act_block_h_override=33",
        lambda: ttnn.prepare_conv_weights(
            weight_tensor=layer_weight,
            weights_format="OIHW",
            has_bias=True,
            **dict(basic, conv_config=ttnn.Conv2dConfig(act_block_h_override=33)),
        ),
    )
    refused_type(
        "stride=(0, 0)",
        lambda: ttnn.prepare_conv_weights(
            weight_tensor=layer_weight,
            weights_format="OIHW",
            has_bias=True,
            **dict(basic, stride=(0, 0)),
        ),
    )
    refused_type(
        "weight in TILE",
        lambda: ttnn.prepare_conv_weights(
            weight_tensor=ttnn.Tensor(
                np.zeros((64, 32, 3, 3), np.float32), ttnn.bfloat16, None, ttnn.TILE_LAYOUT
            ),
            weights_format="OIHW",
            has_bias=True,
            **basic,
        ),
    )
    refused_type(
        "weight on device",
        lambda: ttnn.prepare_conv_weights(
            weight_tensor=ttnn.to_device(layer_weight, device),
            weights_format="OIHW",
            has_bias=True,
            **basic,
        ),
    )
    refused_type(
        "bias [1, 1, 2, 64]",
        lambda: ttnn.prepare_conv_bias(
            bias_tensor=ttnn.from_torch(np.zeros((1, 1, 2, 64), np.float32), ttnn.float32), **layer
        ),
    )
    refused_type(
        "bfloat8_b in ROW_MAJOR",
        lambda: ttnn.Tensor(
            np.zeros((32, 32), np.float32), ttnn.bfloat8_b, None, ttnn.ROW_MAJOR_LAYOUT
        ),
    )
    refused("dump to .bin", lambda: ttnn.dump_tensor(folder / "conv.bin", host))
    refused("load a missing file", lambda: ttnn.load_tensor(folder / "missing.tensorbin"))
finally:
    ttnn.close_device(device)

report = "\n".join(lines).replace(str(folder), "<folder>") + "\n"
Path(ARGUMENTS.out).write_text(report)

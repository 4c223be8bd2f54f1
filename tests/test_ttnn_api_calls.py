"""Real call patterns of `ttnn_xdsl.ttnn`, written as TT-NN users write them (Mamba's depthwise
conv1d, a Stable Diffusion VAE / UNet block, a ResNet stem, TT-NN's own assign_bw test): each
result has the shapes TT-NN 0.81.1 gives for the same call (its answers, committed in
tests/fixtures/ttnn_api/) and dumps the `.tensorbin` file the IR path writes — the same op
written in MLIR by hand, lowered and run by `Program` — byte for byte; a conv preparation's
bytes are also those of the tests' reference formulas (`reference_chain`), not only the
project's own IR path.
"""

from __future__ import annotations

import re
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from reference_chain import reference_results

import ttnn_xdsl.ttnn as ttnn
from ttnn_xdsl.program import Program

FIXTURES = Path(__file__).parent / "fixtures" / "ttnn_api"
DESCRIBED = re.compile(
    r"^(?P<label>[^:]+): shape=Shape\((?P<shape>\[[^]]*\])\) "
    r"padded_shape=Shape\((?P<padded>\[[^]]*\])\) dtype=(?P<dtype>\S+) layout=(?P<layout>\S+) "
    r"on_device=(?P<on_device>\w+) memory_config=(?P<memory>.*)$"
)


def ttnn_answers(device: str = "wormhole_N150") -> dict[str, tuple[str, ...]]:
    """What TT-NN 0.81.1 returned for each call of examples/ttnn_api_crosscheck.py on its
    mock `device`: label → (shape, padded shape, dtype, layout, on device, memory config)."""
    answers = {}
    for line in (FIXTURES / f"crosscheck.{device}.txt").read_text().splitlines():
        match = DESCRIBED.match(line)
        if match:
            answers[match["label"]] = match.group(
                "shape", "padded", "dtype", "layout", "on_device", "memory"
            )
    return answers


ANSWERS = ttnn_answers()


def assert_answer(tensor: ttnn.Tensor, label: str) -> None:
    """`tensor` is what TT-NN returned for the call `label`."""
    assert (
        str(list(tensor.shape)),
        str(list(tensor.padded_shape)),
        str(tensor.dtype),
        str(tensor.layout),
        str(ttnn.is_tensor_storage_on_device(tensor)),
        repr(tensor.memory_config()),
    ) == ANSWERS[label]


def ir_path(mlir: str, inputs: dict[str, np.ndarray], folder: Path) -> list[bytes]:
    """The `.tensorbin` bytes of each result of `mlir`'s @main run on `inputs`; a conv
    preparation's results are first held against the reference formulas (`reference_chain`:
    the tests' own layouts and formats on the layout ops the decomposition chose), so that
    the API's bytes, equal to these files, are the formulas' too."""
    results = Program.load(mlir).run(inputs)
    if "prepare_conv" in mlir:
        reference = reference_results(mlir, inputs)
        assert [result.to_bytes() for result in results] == reference
    files = []
    for index, result in enumerate(results):
        path = folder / f"ir{index}.tensorbin"
        result.save_tensorbin(path)
        files.append(path.read_bytes())
    return files


def dumped(tensor: ttnn.Tensor, path: Path) -> bytes:
    ttnn.dump_tensor(path, tensor)
    return path.read_bytes()


@pytest.fixture
def device():
    device = ttnn.open_device(device_id=0)
    yield device
    ttnn.close_device(device)


DRAM = "#ttnn.memory_config<#ttnn.buffer_type<dram>, <interleaved>>"
L1 = "#ttnn.memory_config<#ttnn.buffer_type<l1>, <interleaved>>"


# ------------------------------------------------------------------------------------------
# Mamba's depthwise conv1d: kernel (1, K) on a DRAM row-major input, Conv1dConfig
# ------------------------------------------------------------------------------------------

CHANNELS, LENGTH, KERNEL = 256, 1024, 4


def test_conv1d_depthwise_weight_and_bias(device, tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    torch_input_nlc = rng.standard_normal((1, LENGTH, CHANNELS), dtype=np.float32)
    torch_weight = rng.standard_normal((CHANNELS, 1, KERNEL), dtype=np.float32)  # [O, I/g, K]
    torch_bias = rng.standard_normal((1, 1, 1, CHANNELS), dtype=np.float32)
    x = ttnn.from_torch(
        torch_input_nlc.reshape(1, 1, LENGTH, CHANNELS),
        ttnn.bfloat16,
        layout=ttnn.ROW_MAJOR_LAYOUT,
        device=device,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )
    conv_config = ttnn.Conv1dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
        deallocate_activation=True,
    )
    compute_config = ttnn.init_device_compute_kernel_config(
        device.arch(), math_fidelity=ttnn.MathFidelity.LoFi
    )
    conv_kwargs = dict(
        input_memory_config=x.memory_config(),
        input_layout=x.layout,
        in_channels=CHANNELS,
        out_channels=CHANNELS,
        batch_size=1,
        input_height=1,
        input_width=LENGTH,
        kernel_size=(1, KERNEL),
        stride=(1, 1),
        padding=(0, KERNEL - 1),
        dilation=(1, 1),
        groups=CHANNELS,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=conv_config,
        compute_config=compute_config,
    )
    tt_weight = ttnn.from_torch(torch_weight, ttnn.float32)
    tt_bias = ttnn.from_torch(torch_bias, ttnn.float32)
    weight = ttnn.prepare_conv_weights(
        weight_tensor=tt_weight, weights_format="OIHW", has_bias=True, **conv_kwargs
    )
    bias = ttnn.prepare_conv_bias(bias_tensor=tt_bias, **conv_kwargs)
    assert_answer(weight, "conv1d weight [O, 1, K]")
    assert_answer(bias, "conv1d bias")
    # The same weight as 4-D [O, I, 1, K]: the same prepared tensor.
    weight4 = ttnn.prepare_conv_weights(
        weight_tensor=ttnn.from_torch(torch_weight.reshape(CHANNELS, 1, 1, KERNEL), ttnn.float32),
        weights_format="OIHW",
        has_bias=True,
        **conv_kwargs,
    )
    assert_answer(weight4, "conv1d weight [O, 1, 1, K]")
    assert weight4.value == weight.value

    parameters = (
        f"input_memory_config = {DRAM} input_layout = #ttnn.layout<row_major> "
        f"in_channels = 256 out_channels = 256 batch_size = 1 input_height = 1 "
        f"input_width = 1024 kernel_size = [1, 4] stride = [1, 1] padding = [0, 3] "
        "dilation = [1, 1] groups = 256 "
        "conv_config = #ttnn.conv2d_config<weights_dtype = bf16, shard_layout = height_sharded> "
        "compute_config = #ttnn.device_compute_kernel_config<math_fidelity = lofi> "
        "input_dtype = #ttnn.data_type<bf16>"
    )
    weight_type = "tensor<1x1x1024x256xbf16, #ttnn.tensor_layout<tile>>"
    bias_type = "tensor<1x1x1x256xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x256>>"
    mlir = f"""
    func.func @main(%w: tensor<256x1x1x4xf32>, %b: tensor<1x1x1x256xf32>)
        -> ({weight_type}, {bias_type}) {{
      %pw = ttnn.prepare_conv_weights %w weights_format = "OIHW" has_bias = true {parameters}
          : tensor<256x1x1x4xf32> -> {weight_type}
      %pb = ttnn.prepare_conv_bias %b {parameters} : tensor<1x1x1x256xf32> -> {bias_type}
      func.return %pw, %pb : {weight_type}, {bias_type}
    }}"""
    expected = ir_path(
        mlir, {"w": torch_weight.reshape(CHANNELS, 1, 1, KERNEL), "b": torch_bias}, tmp_path
    )
    assert dumped(weight, tmp_path / "w.tensorbin") == expected[0]
    assert dumped(bias, tmp_path / "b.tensorbin") == expected[1]


def test_conv1d_bfloat8_b_weight(device, tmp_path: Path) -> None:
    """Mamba's own dtype: bfloat8_b weights (from float32 host weights)."""
    torch_weight = np.random.default_rng(2).standard_normal((CHANNELS, 1, 1, KERNEL), np.float32)
    x = ttnn.from_torch(
        np.zeros((1, 1, LENGTH, CHANNELS), np.float32),
        ttnn.bfloat16,
        layout=ttnn.ROW_MAJOR_LAYOUT,
        device=device,
    )
    weight = ttnn.prepare_conv_weights(
        weight_tensor=ttnn.from_torch(torch_weight, ttnn.float32),
        input_memory_config=x.memory_config(),
        input_layout=x.get_layout(),
        weights_format="OIHW",
        in_channels=CHANNELS,
        out_channels=CHANNELS,
        batch_size=1,
        input_height=1,
        input_width=LENGTH,
        kernel_size=(1, KERNEL),
        stride=(1, 1),
        padding=(0, KERNEL - 1),
        dilation=(1, 1),
        has_bias=True,
        groups=CHANNELS,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=ttnn.Conv1dConfig(
            weights_dtype=ttnn.bfloat8_b, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
        ),
    )
    assert_answer(weight, "conv1d weight bfloat8_b")
    weight_type = "tensor<1x1x1024x256x!ttnn.bfp8_b, #ttnn.tensor_layout<tile>>"
    mlir = f"""
    func.func @main(%w: tensor<256x1x1x4xf32>) -> {weight_type} {{
      %pw = ttnn.prepare_conv_weights %w input_memory_config = {DRAM}
          input_layout = #ttnn.layout<row_major> weights_format = "OIHW" in_channels = 256
          out_channels = 256 batch_size = 1 input_height = 1 input_width = 1024
          kernel_size = [1, 4] stride = [1, 1] padding = [0, 3] dilation = [1, 1]
          has_bias = true groups = 256
          conv_config = #ttnn.conv2d_config<weights_dtype = bfp8_b, shard_layout = height_sharded>
          input_dtype = #ttnn.data_type<bf16> : tensor<256x1x1x4xf32> -> {weight_type}
      func.return %pw : {weight_type}
    }}"""
    [expected] = ir_path(mlir, {"w": torch_weight}, tmp_path)
    assert dumped(weight, tmp_path / "w8.tensorbin") == expected
    assert len(expected) == 384 + 32 * 8 * 1088  # 32 × 8 bfloat8_b tiles after the header


# ------------------------------------------------------------------------------------------
# A Stable Diffusion VAE / UNet block that prepares its weight and bias once
# ------------------------------------------------------------------------------------------


def get_default_compute_config(device):
    return ttnn.init_device_compute_kernel_config(
        device.arch(),
        math_fidelity=ttnn.MathFidelity.HiFi2,
        math_approx_mode=False,
        fp32_dest_acc_en=True,
        packer_l1_acc=False,
    )


class ConvBlock:
    """Caches the prepared weight and bias on the device after the first call, as the VAE
    and UNet blocks do."""

    def __init__(self, weight, bias, device, input_height, input_width, stride=1):
        self.device = device
        self.out_channels, self.in_channels, *self.kernel_size = weight.shape
        self.input_height, self.input_width = input_height, input_width
        self.stride = (stride, stride)
        self.conv_weights = ttnn.from_torch(weight, dtype=ttnn.float32)
        self.conv_bias = ttnn.from_torch(bias.reshape(1, 1, 1, -1), dtype=ttnn.float32)
        self.conv_config = ttnn.Conv2dConfig(
            weights_dtype=ttnn.bfloat8_b, deallocate_activation=True
        )
        self.compute_config = get_default_compute_config(device)

    def conv_kwargs(self):
        return {
            "in_channels": self.in_channels,
            "out_channels": self.out_channels,
            "batch_size": 1,
            "input_height": self.input_height,
            "input_width": self.input_width,
            "kernel_size": self.kernel_size,
            "stride": self.stride,
            "padding": (1, 1),
            "dilation": (1, 1),
            "groups": 1,
            "device": self.device,
            "conv_config": self.conv_config,
            "slice_config": ttnn.Conv2dL1FullSliceConfig,
        }

    def prepare(self, hidden_states):
        if not ttnn.is_tensor_storage_on_device(self.conv_weights):
            kw = self.conv_kwargs()
            self.conv_weights = ttnn.prepare_conv_weights(
                weight_tensor=self.conv_weights,
                weights_format="OIHW",
                input_memory_config=hidden_states.memory_config(),
                input_layout=hidden_states.get_layout(),
                has_bias=True,
                input_dtype=hidden_states.dtype,
                compute_config=self.compute_config,
                **kw,
            )
            self.conv_bias = ttnn.prepare_conv_bias(
                bias_tensor=self.conv_bias,
                input_memory_config=hidden_states.memory_config(),
                input_layout=hidden_states.get_layout(),
                input_dtype=hidden_states.dtype,
                compute_config=self.compute_config,
                **kw,
            )
            self.conv_weights = ttnn.to_device(self.conv_weights, self.device)
            self.conv_bias = ttnn.to_device(self.conv_bias, self.device)


VAE_PARAMETERS = (
    f"input_memory_config = {L1} input_layout = #ttnn.layout<tile> in_channels = 128 "
    "out_channels = 128 batch_size = 1 input_height = 64 input_width = 64 kernel_size = [3, 3] "
    "padding = [1, 1] dilation = [1, 1] groups = 1 input_dtype = #ttnn.data_type<bf16> "
    "slice_config = #ttnn.conv2d_slice_config<l1_full, 0> "
    "compute_config = #ttnn.device_compute_kernel_config<math_fidelity = hifi2, "
    "math_approx_mode = false, fp32_dest_acc_en = true, packer_l1_acc = false>"
)


def vae_mlir(stride: int, config: str, dtype: str) -> str:
    weight_type = f"tensor<1x1x1152x128x{dtype}, #ttnn.tensor_layout<tile>>"
    bias_type = f"tensor<1x1x1x128x{dtype}, #ttnn.tensor_layout<tile, physical = 1x1x32x128>>"
    parameters = f"{VAE_PARAMETERS} stride = [{stride}, {stride}] conv_config = {config}"
    return f"""
    func.func @main(%w: tensor<128x128x3x3xf32>, %b: tensor<1x1x1x128xf32>)
        -> ({weight_type}, {bias_type}) {{
      %pw = ttnn.prepare_conv_weights %w weights_format = "OIHW" has_bias = true {parameters}
          : tensor<128x128x3x3xf32> -> {weight_type}
      %pb = ttnn.prepare_conv_bias %b {parameters} : tensor<1x1x1x128xf32> -> {bias_type}
      func.return %pw, %pb : {weight_type}, {bias_type}
    }}"""


def test_vae_block_prepares_once_from_its_activation(device, tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    weight = rng.standard_normal((128, 128, 3, 3), dtype=np.float32)
    bias = rng.standard_normal(128, dtype=np.float32)
    hidden_states = ttnn.from_torch(
        rng.standard_normal((1, 1, 64 * 64, 128), dtype=np.float32),
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.L1_MEMORY_CONFIG,
    )
    block = ConvBlock(weight, bias, device, 64, 64)
    block.prepare(hidden_states)
    assert_answer(block.conv_weights, "VAE weight bfloat8_b")
    assert_answer(block.conv_bias, "VAE bias bfloat8_b")
    first = block.conv_weights
    block.prepare(hidden_states)  # already on the device: not prepared again
    assert block.conv_weights is first

    config = "#ttnn.conv2d_config<weights_dtype = bfp8_b>"
    expected = ir_path(
        vae_mlir(1, config, "!ttnn.bfp8_b"), {"w": weight, "b": bias.reshape(1, 1, 1, -1)}, tmp_path
    )
    assert dumped(block.conv_weights, tmp_path / "w.tensorbin") == expected[0]
    assert dumped(block.conv_bias, tmp_path / "b.tensorbin") == expected[1]


def test_unet_downsample_block(device, tmp_path: Path) -> None:
    rng = np.random.default_rng(4)
    weight = rng.standard_normal((128, 128, 3, 3), dtype=np.float32)
    bias = rng.standard_normal(128, dtype=np.float32)
    hidden_states = ttnn.from_torch(
        np.zeros((1, 1, 64 * 64, 128), np.float32),
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.L1_MEMORY_CONFIG,
    )
    block = ConvBlock(weight, bias, device, 64, 64, stride=2)
    block.conv_config = ttnn.Conv2dConfig(
        weights_dtype=ttnn.bfloat16,
        shard_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
        act_block_h_override=64,
    )
    block.prepare(hidden_states)
    assert_answer(block.conv_weights, "UNet downsample weight")
    assert_answer(block.conv_bias, "UNet downsample bias")
    config = (
        "#ttnn.conv2d_config<weights_dtype = bf16, shard_layout = block_sharded, "
        "act_block_h_override = 64>"
    )
    expected = ir_path(
        vae_mlir(2, config, "bf16"), {"w": weight, "b": bias.reshape(1, 1, 1, -1)}, tmp_path
    )
    assert dumped(block.conv_weights, tmp_path / "w.tensorbin") == expected[0]
    assert dumped(block.conv_bias, tmp_path / "b.tensorbin") == expected[1]


# ------------------------------------------------------------------------------------------
# The ResNet-50 stem: batch norm folded on the host, act_block_h_override, a slice config
# ------------------------------------------------------------------------------------------


def fold_bn_into_conv_weights(conv_weight, bn_weight, bn_bias, running_mean, running_var):
    scale = bn_weight / np.sqrt(running_var + 1e-5)
    folded_weight = conv_weight * scale.reshape(-1, 1, 1, 1)
    folded_bias = (bn_bias - running_mean * scale).reshape(1, 1, 1, -1)
    return ttnn.from_torch(folded_weight), ttnn.from_torch(folded_bias)


def stem_kwargs(device, weights_dtype) -> dict:
    return dict(
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
            weights_dtype=weights_dtype,
            deallocate_activation=True,
            config_tensors_in_dram=True,
            act_block_h_override=64,
            shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
            enable_kernel_stride_folding=False,
        ),
        compute_config=None,
        slice_config=ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dL1Full, num_slices=0),
    )


@pytest.mark.parametrize(
    ("weights_dtype", "ir_dtype", "label"),
    [(ttnn.DataType.BFLOAT16, "bf16", "stem weight"), (ttnn.float32, "f32", "stem weight float32")],
)
def test_resnet_stem(device, tmp_path: Path, weights_dtype, ir_dtype, label) -> None:
    rng = np.random.default_rng(5)
    conv_weight = rng.standard_normal((64, 3, 7, 7), dtype=np.float32)
    running_var = rng.uniform(0.5, 1.5, 64).astype(np.float32)
    running_mean = rng.uniform(-0.1, 0.1, 64).astype(np.float32)
    bn_weight, bn_bias = np.ones(64, np.float32), np.zeros(64, np.float32)
    w, b = fold_bn_into_conv_weights(conv_weight, bn_weight, bn_bias, running_mean, running_var)
    stem = stem_kwargs(device, weights_dtype)
    weight = ttnn.prepare_conv_weights(
        weight_tensor=w, weights_format="OIHW", has_bias=True, **stem
    )
    bias = ttnn.prepare_conv_bias(bias_tensor=b, **stem)
    assert_answer(weight, label)
    if ir_dtype == "bf16":
        assert_answer(bias, "stem bias")

    weight_type = (
        f"tensor<1x1x147x64x{ir_dtype}, #ttnn.tensor_layout<tile, physical = 1x1x1568x64>>"
    )
    bias_type = f"tensor<1x1x1x64x{ir_dtype}, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>"
    parameters = (
        f"input_memory_config = {L1} input_layout = #ttnn.layout<tile> in_channels = 3 "
        "out_channels = 64 batch_size = 8 input_height = 224 input_width = 224 "
        "kernel_size = [7, 7] stride = [2, 2] padding = [3, 3, 3, 3] dilation = [1, 1] "
        f"groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = {ir_dtype}, "
        "shard_layout = height_sharded, act_block_h_override = 64, "
        "enable_kernel_stride_folding = false> input_dtype = #ttnn.data_type<bf16> "
        "output_dtype = #ttnn.data_type<bf16> slice_config = #ttnn.conv2d_slice_config<l1_full, 0>"
    )
    mlir = f"""
    func.func @main(%w: tensor<64x3x7x7xf32>, %b: tensor<1x1x1x64xf32>)
        -> ({weight_type}, {bias_type}) {{
      %pw = ttnn.prepare_conv_weights %w weights_format = "OIHW" has_bias = true {parameters}
          : tensor<64x3x7x7xf32> -> {weight_type}
      %pb = ttnn.prepare_conv_bias %b {parameters} : tensor<1x1x1x64xf32> -> {bias_type}
      func.return %pw, %pb : {weight_type}, {bias_type}
    }}"""
    folded_weight = w.value.to_numpy()
    folded_bias = b.value.to_numpy()
    expected = ir_path(mlir, {"w": folded_weight, "b": folded_bias}, tmp_path)
    assert dumped(weight, tmp_path / "w.tensorbin") == expected[0]
    assert dumped(bias, tmp_path / "b.tensorbin") == expected[1]


def test_resnet_stem_sliced_from_dram(device) -> None:
    """TT-NN prepares the stem for a DRAM input in 4 height slices for one slice of the
    output: [1, 1, 147, 64] padded to [1, 1, 448, 64] (its answer for this call)."""
    w = ttnn.from_torch(np.zeros((64, 3, 7, 7), np.float32), ttnn.bfloat16)
    dram = dict(
        stem_kwargs(device, ttnn.bfloat16),
        input_memory_config=ttnn.DRAM_MEMORY_CONFIG,
        input_layout=ttnn.ROW_MAJOR_LAYOUT,
        slice_config=ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dDRAMSliceHeight, num_slices=4),
    )
    prepared = ttnn.prepare_conv_weights(
        weight_tensor=w, weights_format="OIHW", has_bias=True, **dram
    )
    assert list(prepared.shape) == [1, 1, 147, 64]
    assert list(prepared.padded_shape) == [1, 1, 448, 64]


# ------------------------------------------------------------------------------------------
# assign_bw, as TT-NN's backward test calls it
# ------------------------------------------------------------------------------------------


def data_gen_with_range(shape, low, high, device, seed):
    values = np.random.default_rng(seed).random(shape, dtype=np.float32)
    pt_tensor = (values.astype(ml_dtypes.bfloat16) * (high - low) + low).astype(ml_dtypes.bfloat16)
    tt_tensor = ttnn.Tensor(pt_tensor, ttnn.bfloat16).to(ttnn.TILE_LAYOUT).to(device)
    return pt_tensor, tt_tensor


ASSIGN_TYPE = "tensor<1x1x320x384xbf16, #ttnn.tensor_layout<tile>>"


@pytest.mark.parametrize("buffer", ["DRAM", "L1"])
def test_assign_bw_binary_with_a_preallocated_input_grad(device, tmp_path: Path, buffer) -> None:
    shape = (1, 1, 320, 384)
    _, input_tensor = data_gen_with_range(shape, -100, 100, device, 0)
    _, other_tensor = data_gen_with_range(shape, -100, 100, device, 1)
    grad_data, grad_tensor = data_gen_with_range(shape, -100, 100, device, 2)
    input_grad = ttnn.from_torch(
        np.zeros(shape, np.float32),
        ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=getattr(ttnn, f"{buffer}_MEMORY_CONFIG"),
    )
    result = ttnn.assign_bw(
        grad_tensor,
        input_tensor,
        other_tensor,
        are_required_outputs=[True, False],
        input_a_grad=input_grad,
        input_b_grad=None,
        queue_id=0,
    )
    assert isinstance(result, list) and len(result) == 2
    assert result[0] is input_grad and result[1] is None
    # The gradient of assign is the incoming gradient, written into the preallocated tensor.
    np.testing.assert_array_equal(ttnn.to_torch(input_grad), grad_data)
    assert input_grad.memory_config() == getattr(ttnn, f"{buffer}_MEMORY_CONFIG")
    if buffer == "L1":
        with pytest.raises(NotImplementedError, match=r"^ttnn_xdsl.ttnn.dump_tensor does not"):
            ttnn.dump_tensor(tmp_path / "g.tensorbin", input_grad)
        return
    T = ASSIGN_TYPE
    mlir = f"""
    func.func @main(%g: {T}, %a: {T}, %b: {T}, %p: {T}) -> {T} {{
      %ga = ttnn.assign_bw(%g, %a, %b) input_grad(%p) are_required_outputs = [true, false]
          queue_id = 0 : ({T}, {T}, {T}, {T}) -> {T}
      func.return %ga : {T}
    }}"""
    zeros = np.zeros(shape, np.float32)
    [expected] = ir_path(mlir, {"g": grad_data, "a": zeros, "b": zeros, "p": zeros}, tmp_path)
    assert dumped(input_grad, tmp_path / "g.tensorbin") == expected


def test_assign_bw_unary_passes_the_gradient_through(device, tmp_path: Path) -> None:
    shape = (1, 1, 320, 384)
    in_data, input_tensor = data_gen_with_range(shape, -100, 100, device, 3)
    grad_data, grad_tensor = data_gen_with_range(shape, -100, 100, device, 4)
    [gradient] = ttnn.assign_bw(grad_tensor, input_tensor)
    np.testing.assert_array_equal(ttnn.to_torch(gradient), grad_data)
    assert gradient.memory_config() == grad_tensor.memory_config()
    assert ttnn.is_tensor_storage_on_device(gradient)
    mlir = f"""
    func.func @main(%g: {ASSIGN_TYPE}, %a: {ASSIGN_TYPE}) -> {ASSIGN_TYPE} {{
      %ga = ttnn.assign_bw(%g, %a) : ({ASSIGN_TYPE}, {ASSIGN_TYPE}) -> {ASSIGN_TYPE}
      func.return %ga : {ASSIGN_TYPE}
    }}"""
    [expected] = ir_path(mlir, {"g": grad_data, "a": in_data}, tmp_path)
    assert dumped(gradient, tmp_path / "g.tensorbin") == expected


def test_assign_bw_binary_makes_outputs_like_the_inputs(device) -> None:
    shape = (1, 1, 64, 64)
    rng = np.random.default_rng(6)
    grad = ttnn.from_torch(
        rng.standard_normal(shape, dtype=np.float32),
        ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
    )
    a = ttnn.from_torch(np.zeros(shape, np.float32), ttnn.bfloat8_b, device=device)
    b = ttnn.from_torch(
        np.zeros(shape, np.float32), ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device
    )
    ga, gb = ttnn.assign_bw(grad, a, b, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert (ga.dtype, gb.dtype) == (ttnn.bfloat8_b, ttnn.bfloat16)
    assert ga.memory_config() == gb.memory_config() == ttnn.L1_MEMORY_CONFIG
    np.testing.assert_array_equal(ttnn.to_torch(gb), ttnn.to_torch(grad))
    # bfloat8_b: grad's values packed 16 to a shared exponent (semantics.md §1.3).
    packed = ttnn.from_torch(ttnn.to_torch(grad).astype(np.float32), ttnn.bfloat8_b)
    assert ga.value.to_bytes() == packed.value.to_bytes()
    [ga, gb] = ttnn.assign_bw(grad, a, b, are_required_outputs=[False, True])
    assert ga is None and gb.dtype == ttnn.bfloat16


def test_assign_bw_refusals(device) -> None:
    shape = (1, 1, 32, 32)
    grad = ttnn.from_torch(
        np.ones(shape, np.float32), ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device
    )
    other = ttnn.from_torch(np.ones(shape, np.float32), ttnn.bfloat8_b, device=device)
    with pytest.raises(RuntimeError) as error:
        ttnn.assign_bw(grad, grad, grad, are_required_outputs=[False, False])
    assert (
        str(error.value) == "expected at least one gradient: are_required_outputs is [false, false]"
    )
    with pytest.raises(TypeError) as error:
        ttnn.assign_bw(grad, grad, grad, input_grad=grad)
    assert str(error.value).splitlines()[1] == "ttnn.assign_bw(): incompatible function arguments."
    assert (
        str(error.value).splitlines()[-1]
        == "Not accepted by ttnn_xdsl: assign_bw() got an unexpected keyword argument "
        "'input_grad'; did you mean 'input_b_grad' or 'input_a_grad'?"
    )
    with pytest.raises(TypeError) as error:
        ttnn.assign_bw(grad, grad, are_required_outputs=[True])
    assert (
        str(error.value).splitlines()[4]
        == "  assign_bw(ttnn.Tensor, ttnn.Tensor, are_required_outputs=[True])"
    )
    host = ttnn.from_device(grad)
    with pytest.raises(RuntimeError, match=r"^Device Operations expect device tensors as inputs$"):
        ttnn.assign_bw(host, host, host)
    row_major = ttnn.from_torch(np.ones(shape, np.float32), ttnn.bfloat16, device=device)
    with pytest.raises(NotImplementedError) as error:
        ttnn.assign_bw(row_major, row_major)  # TT-NN passes any grad through
    assert str(error.value) == (
        "ttnn_xdsl.ttnn.assign_bw does not cover this call: expected grad in tile layout, got "
        "row_major"
    )
    with pytest.raises(NotImplementedError) as error:
        ttnn.assign_bw(grad, other)
    assert str(error.value) == (
        "ttnn_xdsl.ttnn.assign_bw does not cover a unary call whose grad and input differ "
        "(DataType.BFLOAT16 Layout.TILE [1, 1, 32, 32] and DataType.BFLOAT8_B Layout.TILE "
        "[1, 1, 32, 32]): TT-NN returns grad as it is, the project's op gives grad in the "
        "input's type"
    )


# ------------------------------------------------------------------------------------------
# The device's grid
# ------------------------------------------------------------------------------------------


def test_the_device_grid_reaches_the_preparation(monkeypatch, tmp_path: Path) -> None:
    """A BLOCK-sharded conv splits its 416 input channels over the grid's columns: 8 on a
    Wormhole N150 (52 each, padded to 448), 13 on a Blackhole P150 (32 each). The same call
    gives each device TT-NN's shape, and the bytes the IR gives for the module's `ttnn.grid`."""
    weight = np.random.default_rng(7).standard_normal((416, 416, 3, 3), dtype=np.float32)
    dumps = {}
    for name, fixture, grid, rows, columns in (
        ("wormhole_n150", "wormhole_N150", "8, 8", 4032, 448),
        ("blackhole_p150", "blackhole_P150", "13, 10", 3744, 416),
    ):
        monkeypatch.setenv("TTNN_XDSL_DEVICE", name)
        device = ttnn.open_device(device_id=0)
        prepared = ttnn.prepare_conv_weights(
            weight_tensor=ttnn.from_torch(weight, ttnn.float32),
            input_memory_config=ttnn.L1_MEMORY_CONFIG,
            input_layout=ttnn.TILE_LAYOUT,
            weights_format="OIHW",
            in_channels=416,
            out_channels=416,
            batch_size=1,
            input_height=14,
            input_width=14,
            kernel_size=(3, 3),
            stride=(1, 1),
            padding=(1, 1),
            dilation=(1, 1),
            has_bias=True,
            groups=1,
            device=device,
            input_dtype=ttnn.bfloat16,
            conv_config=ttnn.Conv2dConfig(
                weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED
            ),
        )
        ttnn.close_device(device)
        answer = ttnn_answers(fixture)["BLOCK 416 weight"]
        assert answer[:2] == ("[1, 1, 3744, 416]", f"[1, 1, {rows}, {columns}]")
        assert (str(list(prepared.shape)), str(list(prepared.padded_shape))) == answer[:2]
        weight_type = (
            f"tensor<1x1x3744x416xbf16, #ttnn.tensor_layout<tile, physical = 1x1x{rows}x{columns}>>"
        )
        mlir = f"""
        module attributes {{ttnn.grid = array<i32: {grid}>}} {{
          func.func @main(%w: tensor<416x416x3x3xf32>) -> {weight_type} {{
            %pw = ttnn.prepare_conv_weights %w input_memory_config = {L1}
                input_layout = #ttnn.layout<tile> weights_format = "OIHW" in_channels = 416
                out_channels = 416 batch_size = 1 input_height = 14 input_width = 14
                kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1]
                has_bias = true groups = 1
                conv_config = #ttnn.conv2d_config<weights_dtype = bf16,
                                                  shard_layout = block_sharded>
                input_dtype = #ttnn.data_type<bf16> : tensor<416x416x3x3xf32> -> {weight_type}
            func.return %pw : {weight_type}
          }}
        }}"""
        [expected] = ir_path(mlir, {"w": weight}, tmp_path)
        dumps[name] = dumped(prepared, tmp_path / f"{name}.tensorbin")
        assert dumps[name] == expected


def test_open_device_sizes_set_the_l1_budget() -> None:
    """TT-NN 0.81.1 (tests/data/ttnn_reference/conv2d/answers/device_opens_wormhole_N150.json,
    b0048): a 48 → 128 3×3 WIDTH conv on a 224×224 float32 DRAM input is prepared after
    `open_device(device_id=0)` and refused after `open_device(device_id=0, l1_small_size=917504)`,
    which leaves 1393312 − 917504 bytes: no number of DRAM slices fits."""
    weight = np.zeros((128, 48, 3, 3), np.float32)

    def prepare(**sizes: int) -> ttnn.Tensor:
        device = ttnn.open_device(device_id=0, **sizes)
        try:
            return ttnn.prepare_conv_weights(
                weight_tensor=ttnn.from_torch(weight, dtype=ttnn.float32),
                input_memory_config=ttnn.DRAM_MEMORY_CONFIG,
                input_layout=ttnn.TILE_LAYOUT,
                weights_format="OIHW",
                in_channels=48,
                out_channels=128,
                batch_size=1,
                input_height=224,
                input_width=224,
                kernel_size=(3, 3),
                stride=(1, 1),
                padding=(1, 1),
                dilation=(1, 1),
                has_bias=False,
                groups=1,
                device=device,
                input_dtype=ttnn.float32,
                conv_config=ttnn.Conv2dConfig(
                    weights_dtype=ttnn.bfloat16,
                    shard_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
                ),
            )
        finally:
            ttnn.close_device(device)

    prepared = prepare()
    assert (list(prepared.shape), list(prepared.padded_shape)) == (
        [1, 1, 432, 128],
        [1, 1, 576, 128],
    )
    assert list(prepare(l1_small_size=131072).padded_shape) == [1, 1, 576, 128]
    with pytest.raises(RuntimeError, match=r"more than the 475808 bytes free"):
        prepare(l1_small_size=917504)


# ------------------------------------------------------------------------------------------
# A decoder's up-sampling: conv_transpose2d 2×2 stride 2 (IOHW weight), weight and bias
# ------------------------------------------------------------------------------------------


def test_unet_up_conv_weight_and_bias(device, tmp_path: Path) -> None:
    rng = np.random.default_rng(7)  # the crosscheck script's draws for this call
    weight = rng.standard_normal((128, 64, 2, 2), dtype=np.float32)
    bias = rng.standard_normal((1, 1, 1, 64), dtype=np.float32)
    up = dict(
        input_memory_config=ttnn.L1_MEMORY_CONFIG,
        input_layout=ttnn.TILE_LAYOUT,
        in_channels=128,
        out_channels=64,
        batch_size=1,
        input_height=28,
        input_width=28,
        kernel_size=(2, 2),
        stride=(2, 2),
        padding=(0, 0),
        dilation=(1, 1),
        groups=1,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16),
    )
    prepared_weight = ttnn.prepare_conv_transpose2d_weights(
        weight_tensor=ttnn.from_torch(weight, dtype=ttnn.float32),
        weights_format="IOHW",
        has_bias=True,
        **up,
    )
    prepared_bias = ttnn.prepare_conv_transpose2d_bias(
        bias_tensor=ttnn.from_torch(bias, dtype=ttnn.float32), **up
    )
    assert_answer(prepared_weight, "UNet up-conv weight")
    assert_answer(prepared_bias, "UNet up-conv bias")
    common = (
        f"input_memory_config = {L1} input_layout = #ttnn.layout<tile> in_channels = 128 "
        "out_channels = 64 batch_size = 1 input_height = 28 input_width = 28 "
        "kernel_size = [2, 2] stride = [2, 2] padding = [0, 0]"
    )
    config = (
        "groups = 1 conv_config = #ttnn.conv2d_config<weights_dtype = bf16> "
        "input_dtype = #ttnn.data_type<bf16>"
    )
    weight_type = "tensor<1x1x512x64xbf16, #ttnn.tensor_layout<tile>>"
    bias_type = "tensor<1x1x1x64xbf16, #ttnn.tensor_layout<tile, physical = 1x1x32x64>>"
    mlir = f"""
    func.func @main(%w: tensor<128x64x2x2xf32>, %b: tensor<1x1x1x64xf32>)
        -> ({weight_type}, {bias_type}) {{
      %pw = ttnn.prepare_conv_transpose2d_weights %w {common} weights_format = "IOHW"
          output_padding = [0, 0] dilation = [1, 1] has_bias = true {config}
          : tensor<128x64x2x2xf32> -> {weight_type}
      %pb = ttnn.prepare_conv_transpose2d_bias %b {common} dilation = [1, 1] {config}
          : tensor<1x1x1x64xf32> -> {bias_type}
      func.return %pw, %pb : {weight_type}, {bias_type}
    }}"""
    expected = ir_path(mlir, {"w": weight, "b": bias}, tmp_path)
    assert dumped(prepared_weight, tmp_path / "w.tensorbin") == expected[0]
    assert dumped(prepared_bias, tmp_path / "b.tensorbin") == expected[1]


def test_conv_transpose2d_weight_in_dram_slices(device) -> None:
    # TT-NN's DRAM path in two height slices (the lit test's @dram_slices): the weight is
    # prepared for the first slice with a row-major input, TT-NN 0.81.1's [1, 1, 192, 32]
    # (tests/data/ttnn_reference/conv_transpose2d/answers/transpose_dram_probes_wormhole_N150.json,
    # lit_h2); without the slice config the L1 path's [1, 1, 288, 32]. Its bfloat8_b bias on a
    # DRAM input is refused whatever the slice config (TT-NN: "Only TILE layout is supported
    # for BFLOAT8_B dtype!").
    weight = np.ones((16, 24, 3, 3), dtype=np.float32)
    call = dict(
        input_memory_config=ttnn.L1_MEMORY_CONFIG,
        input_layout=ttnn.TILE_LAYOUT,
        in_channels=16,
        out_channels=24,
        batch_size=1,
        input_height=6,
        input_width=5,
        kernel_size=(3, 3),
        stride=(2, 2),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=ttnn.Conv2dConfig(
            weights_dtype=ttnn.bfloat16, shard_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED
        ),
    )
    sliced = ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dDRAMSliceHeight, num_slices=2)
    for slices, rows in ((sliced, 192), (None, 288)):
        prepared = ttnn.prepare_conv_transpose2d_weights(
            weight_tensor=ttnn.from_torch(weight, dtype=ttnn.float32),
            weights_format="IOHW",
            output_padding=(1, 1),
            has_bias=True,
            dram_slice_config=slices,
            **call,
        )
        assert list(prepared.padded_shape) == [1, 1, rows, 32]
    in_dram = dict(
        call,
        input_memory_config=ttnn.DRAM_MEMORY_CONFIG,
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat8_b),
    )
    l1_full = ttnn.Conv2dSliceConfig(slice_type=ttnn.Conv2dL1Full, num_slices=0)
    with pytest.raises(RuntimeError, match="Only TILE layout is supported for BFLOAT8_B dtype"):
        ttnn.prepare_conv_transpose2d_bias(
            bias_tensor=ttnn.from_torch(np.ones((1, 1, 1, 24), np.float32), dtype=ttnn.float32),
            dram_slice_config=l1_full,
            **in_dram,
        )


@pytest.mark.parametrize(
    "name", ["prepare_conv_weights", "prepare_conv_bias", "prepare_conv_transpose2d_weights"]
)
def test_a_closed_device_prepares_nothing(name: str) -> None:
    # TT-NN 0.81.1 raises a RuntimeError when a preparation runs on a closed device
    # ("SubDeviceManagerTracker is not initialized on MeshDevice"); it used to prepare here.
    device = ttnn.open_device(device_id=0)
    ttnn.close_device(device)
    transposed = "transpose" in name
    source = (
        np.ones((1, 1, 1, 8), np.float32)
        if name.endswith("bias")
        else np.ones((8, 8, 3, 3), np.float32)
    )
    call = dict(
        input_memory_config=ttnn.DRAM_MEMORY_CONFIG,
        input_layout=ttnn.TILE_LAYOUT,
        in_channels=8,
        out_channels=8,
        batch_size=1,
        input_height=8,
        input_width=8,
        kernel_size=(3, 3),
        stride=(1, 1),
        padding=(1, 1),
        dilation=(1, 1),
        groups=1,
        device=device,
        input_dtype=ttnn.bfloat16,
        conv_config=ttnn.Conv2dConfig(weights_dtype=ttnn.bfloat16),
    )
    if name.endswith("bias"):
        call["bias_tensor"] = ttnn.from_torch(source, dtype=ttnn.float32)
    else:
        call["weight_tensor"] = ttnn.from_torch(source, dtype=ttnn.float32)
        call["weights_format"] = "IOHW" if transposed else "OIHW"
        call["has_bias"] = True
    with pytest.raises(RuntimeError) as error:
        getattr(ttnn, name)(**call)
    assert str(error.value) == (
        f"{name}: the device is closed (ttnn.close_device); open one with "
        "ttnn.open_device(device_id=0)"
    )

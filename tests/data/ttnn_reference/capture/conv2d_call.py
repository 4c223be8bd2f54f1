"""One `conv2d` (or `conv_transpose2d`) call of an answers case, made with whichever `ttnn`
module is given: TT-NN 0.81.1 itself (capture_bytes.py --conv2d / --conv-transpose2d, in
TT-NN's environment) or `ttnn_xdsl.ttnn` (compare_bytes.py, the project's), so both run the
same call on the same host tensors.

The call is the reference kit's `query_conv.py` call (its answers are these cases): the input
is zeros (a conv's prepared weight does not depend on it) of TT-NN's flat [1, 1, N·H·W, C]
(or NHWC when the case says `input_shape: nhwc`), moved to the device in the case's memory
config; the weight and bias are the host float32 tensors given; `return_output_dim` and
`return_weights_and_bias` are set, the case's compute config passed as the kit's copy for the
rare and model draws passes it. A case whose `op` is `conv_transpose2d` calls
`conv_transpose2d` with its IOHW weight, `output_padding` and `mirror_kernel`, the slice config
as `dram_slice_config` (the kit's call).
"""

from __future__ import annotations

from typing import Any

import numpy as np

L1_SMALL_SIZE = 16384
"""The reference kit's default `l1_small_size` (a case may give its own)."""


def conv2d_config(ttnn: Any, fields: dict[str, Any]) -> Any:
    """The case's Conv2dConfig: enum fields by name, `core_grid` as [[x0, y0, x1, y1], ...]."""
    values: dict[str, Any] = {}
    for key, value in fields.items():
        if key == "shard_layout":
            values[key] = getattr(ttnn.TensorMemoryLayout, value + "_SHARDED") if value else None
        elif key == "weights_dtype":
            values[key] = getattr(ttnn, value)
        elif key == "output_layout":
            values[key] = ttnn.TILE_LAYOUT if value == "TILE" else ttnn.ROW_MAJOR_LAYOUT
        elif key == "core_grid":
            ranges = {
                ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))
                for x0, y0, x1, y1 in value
            }
            values[key] = ttnn.CoreRangeSet(ranges)
        elif key == "activation":
            values[key] = ttnn.UnaryWithParam(getattr(ttnn.UnaryOpType, value))
        else:
            values[key] = value
    return ttnn.Conv2dConfig(**values)


def input_memory_config(ttnn: Any, case: dict[str, Any]) -> Any:
    """Where the input is: sharded in L1 as the case's `input_shard` says, else DRAM or L1
    interleaved."""
    shard = case.get("input_shard")
    if not shard:
        return ttnn.DRAM_MEMORY_CONFIG if case["mem"] == "DRAM" else ttnn.L1_MEMORY_CONFIG
    grid_x, grid_y = shard["grid"]
    cores = ttnn.CoreRangeSet(
        {ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(grid_x - 1, grid_y - 1))}
    )
    orientation = getattr(ttnn.ShardOrientation, shard["orientation"])
    spec = ttnn.ShardSpec(cores, list(shard["shard_shape"]), orientation)
    kind = getattr(ttnn.TensorMemoryLayout, shard["kind"] + "_SHARDED")
    return ttnn.MemoryConfig(kind, ttnn.BufferType.L1, spec)


def device_input(ttnn: Any, case: dict[str, Any], device: Any) -> Any:
    """The case's input (zeros) on the device."""
    batch, height, width, channels = case["N"], case["H"], case["W"], case["in_channels"]
    nhwc = case.get("input_shape") == "nhwc"
    shape = (batch, height, width, channels) if nhwc else (1, 1, batch * height * width, channels)
    layout = ttnn.TILE_LAYOUT if case["layout"] == "TILE" else ttnn.ROW_MAJOR_LAYOUT
    host = ttnn.Tensor(
        np.zeros(shape, np.float32), getattr(ttnn, case["input_dtype"]), None, layout
    )
    return ttnn.to_device(host, device, memory_config=input_memory_config(ttnn, case))


def is_transposed(case: dict[str, Any]) -> bool:
    """The case is a conv_transpose2d (the answers' `op`; conv2d when absent)."""
    return case.get("op", "conv2d") == "conv_transpose2d"


def conv_function(ttnn: Any, case: dict[str, Any]) -> Any:
    """The module's op the case calls: `conv_transpose2d` or `conv2d`."""
    return ttnn.conv_transpose2d if is_transposed(case) else ttnn.conv2d


def returned_weight_and_bias(
    ttnn: Any, case: dict[str, Any], weight: np.ndarray, bias: np.ndarray | None
) -> tuple[Any, Any]:
    """The weight and bias the case's conv returns (`return_weights_and_bias`), called on the
    case's input (`device_input`) with `conv2d_keywords`, on a device opened for the call (the
    case's `l1_small_size`) and closed after it."""
    device = ttnn.open_device(device_id=0, l1_small_size=case.get("l1_small_size", L1_SMALL_SIZE))
    try:
        input_tensor = device_input(ttnn, case, device)
        keywords = conv2d_keywords(ttnn, case, device, input_tensor, weight, bias)
        _, _, (returned_weight, returned_bias) = conv_function(ttnn, case)(**keywords)
    finally:
        ttnn.close_device(device)
    return returned_weight, returned_bias


def host_tensor(ttnn: Any, values: np.ndarray) -> Any:
    """A float32 row-major host tensor of `values`."""
    return ttnn.Tensor(values, ttnn.float32, None, ttnn.ROW_MAJOR_LAYOUT)


def conv2d_keywords(
    ttnn: Any,
    case: dict[str, Any],
    device: Any,
    input_tensor: Any,
    weight: np.ndarray,
    bias: np.ndarray | None,
) -> dict[str, Any]:
    """The keyword arguments of the case's `ttnn.conv2d` (or `conv_transpose2d`) call."""
    keywords: dict[str, Any] = dict(
        input_tensor=input_tensor,
        weight_tensor=host_tensor(ttnn, weight),
        in_channels=case["in_channels"],
        out_channels=case["O"],
        device=device,
        kernel_size=tuple(case["kernel"]),
        stride=tuple(case["stride"]),
        padding=tuple(case["pad"]),
        dilation=tuple(case["dilation"]),
        groups=case["groups"],
        batch_size=case["N"],
        input_height=case["H"],
        input_width=case["W"],
        conv_config=conv2d_config(ttnn, case.get("conv_config", {})),
        return_output_dim=True,
        return_weights_and_bias=True,
    )
    if bias is not None:
        keywords["bias_tensor"] = host_tensor(ttnn, bias)
    if case.get("dtype"):
        keywords["dtype"] = getattr(ttnn, case["dtype"])
    if case.get("slice_config"):
        sliced = case["slice_config"]
        slice_type = getattr(ttnn.Conv2dSliceConfig.SliceTypeEnum, sliced["type"])
        name = "dram_slice_config" if is_transposed(case) else "slice_config"
        keywords[name] = ttnn.Conv2dSliceConfig(
            slice_type=slice_type, num_slices=sliced.get("num_slices", 0)
        )
    if is_transposed(case):
        keywords["output_padding"] = tuple(case.get("output_padding", (0, 0)))
        keywords["mirror_kernel"] = case.get("mirror_kernel", True)
    compute = case.get("compute_config")
    if compute:
        keywords["compute_config"] = ttnn.init_device_compute_kernel_config(
            device.arch(),
            math_fidelity=getattr(ttnn.MathFidelity, compute["math_fidelity"]),
            math_approx_mode=compute["math_approx_mode"],
            fp32_dest_acc_en=compute["fp32_dest_acc_en"],
            packer_l1_acc=compute["packer_l1_acc"],
        )
    return keywords

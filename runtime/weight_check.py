"""Does a prepared conv weight compute its conv? (docs/semantics.md §9.4)

`check_prepared_weight` runs the conv the way TT-NN 0.81.1's kernels read the prepared weight
(`conv.conv_consumption`) beside a plain float64 conv of the original OIHW weight
(`conv.conv_reference`) on the same activation, and reports whether they agree within the
weight dtype's bound — and where not, the first wrong output element (n, oh, ow, c) and the
first weight row (tile) the kernel read there that disagrees with the original weight.

Numerics. Both sides compute in float64 on the same activation (rounded to bfloat16, the
halo's row-major output). The consumption uses the prepared values as decoded; the reference
uses the original weight rounded to the prepared dtype:
- float32, bfloat16: the rounding is per element (round to nearest even, tensor_formats.formats), so
  the two sides multiply equal values and differ only by float64 summation order: the bound is
  (L + 2)·2⁻⁵²·Σ|a·w| with L the K lanes summed (exact up to float64 rounding);
- bfloat8_b: an element's rounding depends on the 16 values sharing its exponent (a face row of
  the prepared matrix: 16 consecutive columns of one row). The reference places the original
  weight where the plan says the kernels read it (each K block's weight rows, each output
  channel's column), rounds that matrix to bfloat8_b face row by face row (semantics.md §1.3),
  and uses those values: the two sides again multiply equal values, with the same bound. A
  bfloat8_b bias likewise (its face rows: 16 consecutive channels). The 1D depthwise path,
  whose weight rows are per output pixel, keeps the original values and adds to the bound,
  per product, |a|·2^(E − 133), E the biased float32 exponent of the largest |W[o, i, r, s]|
  over the output channels o (one bfloat8_b step of any block the element can be in).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ttnn_xdsl.conv.conv_consumption import (
    DEFAULT_STALE_VALUE,
    PIXELS_PER_CHUNK,
    ConsumptionPath,
    ConsumptionPlan,
    activation_matrix,
    consume_prepared_weight,
    consumption_plan,
    conv2d_refusal,
    depthwise_weight_rows,
    kernel_reads,
    lane_columns,
    weight_reads_in_bounds,
)
from ttnn_xdsl.conv.conv_parameters import Conv2dParameters, output_image_size
from ttnn_xdsl.conv.conv_reference import reference_conv2d
from ttnn_xdsl.conv.conv_resolution import ConvWeightsPlan, resolve_conv_weights
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.shapes import TILE_SIZE
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.tensor_formats import formats
from ttnn_xdsl.tensor_formats.formats import round_to_bfloat16

FLOAT64_UNIT = 2.0**-52
BFLOAT8_B_STEP_EXPONENT = 133
"""A bfloat8_b magnitude step in a block of shared (biased) exponent E is 2^(E − 133)
(semantics.md §1.3)."""


@dataclass(frozen=True)
class WeightRead:
    """One product the kernel computed for the first wrong output element."""

    k_block: int
    """The K block's place in the layout's K order (−1: the depthwise path, by tap)."""
    row: int
    """The prepared weight's row (and `column`): tile (row // 32, column // 32)."""
    column: int
    meaning: str
    """What the reference has there: the original weight element, or padding."""
    prepared_value: float
    expected_value: float


@dataclass(frozen=True)
class WeightCheck:
    """The verdict of `check_prepared_weight`."""

    ok: bool
    worst_error: float
    """max |conv − reference| over the output (0 when refused)."""
    bound: float
    """The bound at the element of the worst error."""
    first_wrong: tuple[int, int, int, int] | None = None
    """(n, oh, ow, c) of the first output element beyond its bound, row-major."""
    conv_value: float | None = None
    reference_value: float | None = None
    first_bound: float | None = None
    """The bound at `first_wrong` (|conv − reference| is beyond it, or NaN)."""
    wrong_read: WeightRead | None = None
    """The first weight element the kernel read for `first_wrong` that is not the original's."""
    refusal: str | None = None
    """Why TT-NN's conv2d would refuse or misread this weight (nothing computed then)."""

    @property
    def verdict(self) -> str:
        """One line: what a user needs to know."""
        if self.refusal is not None:
            return f"prepared weight REFUSED: {self.refusal}"
        if self.ok:
            return (
                "prepared weight OK: conv equals the reference (worst error "
                f"{self.worst_error:.3g}, bound {self.bound:.3g})"
            )
        assert self.first_wrong is not None
        assert self.conv_value is not None and self.reference_value is not None
        n, oh, ow, c = self.first_wrong
        # Shortest round-trip digits: values that differ beyond the bound print differently
        # (six digits once printed '-4.25301, the reference -4.25301').
        difference = abs(self.conv_value - self.reference_value)
        line = (
            f"prepared weight WRONG: output (n={n}, oh={oh}, ow={ow}, c={c}) is "
            f"{self.conv_value!r}, the reference {self.reference_value!r} (difference "
            f"{difference:.3g}, bound {self.first_bound:.3g})"
        )
        read = self.wrong_read
        if read is not None:
            line += (
                f"; K block {read.k_block} read weight row {read.row} column {read.column} (tile "
                f"{read.row // TILE_SIZE}, {read.column // TILE_SIZE}) = {read.prepared_value!r}"
                f" where {read.meaning} = {read.expected_value!r}"
            )
        return line


def decoded_matrix(prepared: DeviceTensor | np.ndarray) -> np.ndarray:
    """The prepared tensor's physical matrix [rows, cols] as float64 values (a DeviceTensor is
    decoded from its dtype: bfloat16 and bfloat8_b decode exactly)."""
    if isinstance(prepared, DeviceTensor):
        values = prepared.physical_to_numpy()
    else:
        values = np.asarray(prepared)
    values = values.astype(np.float64)
    return values.reshape(values.shape[-2:])


def rounded_weight(weight: np.ndarray, dtype: DataType) -> np.ndarray:
    """The original weight as the reference uses it: bfloat16 rounded to nearest even,
    float32 as float32, bfloat8_b unrounded (its rounding is in the bound)."""
    if dtype == DataType.BFLOAT16:
        return round_to_bfloat16(weight).astype(np.float64)
    return np.asarray(weight, dtype=np.float32).astype(np.float64)


def bfloat8_b_placed_weight(
    consumption: ConsumptionPlan,
    params: Conv2dParameters,
    weight_shape: tuple[int, int],
    weight: np.ndarray,
) -> np.ndarray:
    """The OIHW `weight` as bfloat8_b holds it in the prepared matrix the kernels read: each
    element put at the weight row and column the plan's K blocks read it from for its output
    channel, the matrix rounded to bfloat8_b face row by face row (16 consecutive columns share
    an exponent), the values taken back to OIHW. Elements no K block reads keep their value."""
    expected = np.zeros(weight_shape)
    placements: list[tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]] = []
    per_group = params.out_channels // params.groups
    for core in kernel_reads(consumption, weight_shape):
        start, stop = core.columns
        stop = min(stop, params.out_channels)
        # The channels of one group meet the same lanes: one gather per group and K block.
        for first in range(start, stop):
            if first != start and first % per_group:
                continue
            channels = np.arange(first, min(stop, (first // per_group + 1) * per_group))
            for block in core.k_blocks:
                coordinates = original_coordinates(
                    consumption, block.window_lanes, int(channels[0]), params
                )
                real = coordinates[:, 0] >= 0
                rows = block.weight_rows[real]
                _, i, r, s = (column[real, None] for column in coordinates.T)
                index = (channels[None, :], i, r, s)
                expected[rows[:, None], channels[None, :]] = weight[index]
                placements.append((rows, channels, index))
    quantized = bfloat8_b_rounded(expected)
    placed = np.array(weight, dtype=np.float64)
    for rows, channels, index in placements:
        placed[index] = quantized[rows[:, None], channels[None, :]]
    return placed


def bfloat8_b_bias(bias: np.ndarray) -> np.ndarray:
    """The bias as a bfloat8_b prepared bias holds it: row 0 of a tile row, rounded face row by
    face row (16 consecutive channels share an exponent)."""
    row = np.asarray(bias, dtype=np.float64).reshape(1, -1)
    return bfloat8_b_rounded(row).reshape(np.shape(bias))


def bfloat8_b_rounded(matrix: np.ndarray) -> np.ndarray:
    """A matrix's values as bfloat8_b tiles of it hold them: each face row of 16 columns
    rounded to one shared exponent, the tiles' padding zeros (semantics.md §1.3)."""
    tiles = formats.quantize_bfloat8_b(formats.tilize(matrix))
    return formats.untilize(tiles, matrix.shape).astype(np.float64)


def bfloat8_b_steps(weight: np.ndarray) -> np.ndarray:
    """Per OIHW element, one bfloat8_b step of the largest block it can share: 2^(E − 133),
    E the biased exponent of max over output channels of |W[:, i, r, s]| (0 where that is 0)."""
    largest = np.abs(np.asarray(weight, dtype=np.float32)).max(axis=0)
    exponents = (largest.view(np.uint32) >> 23).astype(np.int64)
    steps = np.where(exponents > 0, np.ldexp(1.0, exponents - BFLOAT8_B_STEP_EXPONENT), 0.0)
    return np.broadcast_to(steps, weight.shape)


def bfloat8_b_bias_step(bias: np.ndarray) -> float:
    """One bfloat8_b step of the largest bias value's block (bound for every bias element)."""
    largest = np.float32(np.abs(np.asarray(bias, dtype=np.float32)).max())
    exponent = int(largest.view(np.uint32)) >> 23
    return float(np.ldexp(1.0, exponent - BFLOAT8_B_STEP_EXPONENT)) if exponent else 0.0


def random_activation(params: Conv2dParameters, seed: int) -> np.ndarray:
    """A standard normal NHWC activation for the conv, rounded to bfloat16."""
    rng = np.random.default_rng(seed)
    shape = (params.batch_size, params.input_height, params.input_width, params.in_channels)
    return rng.standard_normal(shape)


@dataclass(frozen=True)
class CheckMemory:
    """The memory `check_prepared_weight` takes for a conv, estimated from its shapes before
    anything is allocated: its largest float64 arrays (name, shape) and the peak of the
    arrays held at once."""

    arrays: tuple[tuple[str, tuple[int, ...]], ...]
    peak: int
    """Bytes: three copies of the weight (decoded, original, rounded) and the larger of the
    consumption's peak (three copies of one chunk of activation rows, the activation and its
    padded copy, the consumed and the reference output) and the comparison's (the activation,
    six outputs: conv, reference, magnitudes, bound, error and a temporary). Measured with
    tracemalloc over twelve 1×1, 3×3 and 7×7 convs of 3–512 channels at 14–224 pixels a side,
    the check's peak is 0.69 to 1.02 times this."""


def check_memory_estimate(plan: ConvWeightsPlan, weight_shape: tuple[int, int]) -> CheckMemory:
    """`CheckMemory` of checking a prepared weight whose physical matrix is `weight_shape`
    [rows, columns] for the conv `plan` resolved."""
    params = plan.params
    top, bottom, left, right = params.padding
    oh, ow = output_image_size(params)
    pixels = params.batch_size * oh * ow
    rows, columns = weight_shape
    arrays = (
        ("activation rows", (min(pixels, PIXELS_PER_CHUNK), rows + 2)),
        (
            "padded activation",
            (
                params.batch_size,
                params.input_height + top + bottom,
                params.input_width + left + right,
                params.in_channels,
            ),
        ),
        ("output", (pixels, max(columns, params.out_channels))),
    )
    chunk, padded, output = (8 * math.prod(shape) for _, shape in arrays)
    weight = 8 * rows * columns
    peak = 3 * weight + max(3 * chunk + 2 * padded + 2 * output, padded + 6 * output)
    return CheckMemory(arrays, peak)


def check_prepared_weight(
    prepared: DeviceTensor | np.ndarray,
    original_weight: np.ndarray,
    parameters: Conv2dParameters,
    *,
    prepared_bias: DeviceTensor | np.ndarray | None = None,
    original_bias: np.ndarray | None = None,
    activation: np.ndarray | None = None,
    seed: int = 0,
    stale_value: float = DEFAULT_STALE_VALUE,
    plan: ConvWeightsPlan | None = None,
) -> WeightCheck:
    """Run the conv `parameters` describe from the prepared weight the way TT-NN 0.81.1's
    kernels read it, and a float64 reference conv of `original_weight` (OIHW), on `activation`
    (NHWC; standard normal from `seed` when None), and compare (module docstring: numerics).
    The prepared bias and the original bias come together or not at all. `plan` is the
    project's resolution of `parameters` (resolved when None); the prepared weight is read
    with the plan's blocking, whatever its own shape says."""
    if (prepared_bias is None) != (original_bias is None):
        raise ValueError("give both the prepared and the original bias, or neither")
    plan = plan or resolve_conv_weights(parameters)
    params = plan.params
    weight_matrix = decoded_matrix(prepared)
    bias_matrix = None if prepared_bias is None else decoded_matrix(prepared_bias)
    dtype = prepared.dtype if isinstance(prepared, DeviceTensor) else plan.weights_dtype
    refusal = conv2d_refusal(
        plan,
        weight_matrix.shape,  # type: ignore[arg-type]
        None if bias_matrix is None else bias_matrix.shape,
    )
    consumption = consumption_plan(plan)
    if refusal is None and consumption.path is not ConsumptionPath.DEPTHWISE_1D:
        reads = kernel_reads(consumption, weight_matrix.shape)  # type: ignore[arg-type]
        refusal = weight_reads_in_bounds(reads, weight_matrix.shape)  # type: ignore[arg-type]
    elif refusal is None:
        last = int(depthwise_weight_rows(consumption, consumption.window.taps - 1).max())
        if last >= weight_matrix.shape[0]:
            refusal = (
                f"the 1D depthwise kernel reads weight row {last} but the prepared weight has "
                f"{weight_matrix.shape[0]} rows"
            )
    if refusal is not None:
        return WeightCheck(ok=False, worst_error=0.0, bound=0.0, refusal=refusal)

    x = random_activation(params, seed) if activation is None else np.asarray(activation)
    x = round_to_bfloat16(x).astype(np.float64)
    weight = np.asarray(original_weight, dtype=np.float64).reshape(
        params.out_channels, params.in_channels // params.groups, *params.kernel_size
    )
    reference_weight = rounded_weight(weight, dtype)
    reference_bias = None if original_bias is None else rounded_weight(original_bias, dtype)
    # bfloat8_b: rounded in the prepared layout (exact), but for the 1D depthwise path, whose
    # rounding the bound covers (`steps`).
    steps = None
    if dtype == DataType.BFLOAT8_B and consumption.path is ConsumptionPath.DEPTHWISE_1D:
        steps = np.ascontiguousarray(bfloat8_b_steps(weight))
    elif dtype == DataType.BFLOAT8_B:
        reference_weight = bfloat8_b_placed_weight(
            consumption,
            params,
            weight_matrix.shape,  # type: ignore[arg-type]
            weight,
        )
        if original_bias is not None:
            reference_bias = bfloat8_b_bias(original_bias)
    geometry = dict(
        stride=params.stride, padding=params.padding, dilation=params.dilation, groups=params.groups
    )
    conv = consume_prepared_weight(plan, weight_matrix, x, bias_matrix, stale_value)
    reference = reference_conv2d(x, reference_weight, bias=reference_bias, **geometry)  # type: ignore[arg-type]
    magnitude = reference_conv2d(np.abs(x), np.abs(reference_weight), **geometry)  # type: ignore[arg-type]
    if reference_bias is not None:
        magnitude = magnitude + np.abs(reference_bias).reshape(-1)
    lanes = weight_matrix.shape[0] + 2
    bound = magnitude * (lanes + 2) * FLOAT64_UNIT
    if steps is not None:
        bound = bound + reference_conv2d(np.abs(x), steps, **geometry)  # type: ignore[arg-type]
        if original_bias is not None:
            bound = bound + bfloat8_b_bias_step(original_bias)
    error = np.abs(conv - reference)
    worst = int(np.argmax(error)) if error.size else 0
    worst_error = float(error.reshape(-1)[worst]) if error.size else 0.0
    worst_bound = float(bound.reshape(-1)[worst]) if error.size else 0.0
    wrong = np.flatnonzero(~(error <= bound))
    if wrong.size == 0:
        return WeightCheck(ok=True, worst_error=worst_error, bound=worst_bound)
    first = int(wrong[0])
    pixel, channel = divmod(first, params.out_channels)
    oh, ow = consumption.window.output_size
    n, rest = divmod(pixel, oh * ow)
    element = (n, rest // ow, rest % ow, channel)
    window_row = activation_matrix(consumption, x, stale_value, np.array([pixel]))[0]
    read = first_wrong_read(
        consumption, params, weight_matrix, window_row, reference_weight, steps, pixel, channel
    )
    return WeightCheck(
        ok=False,
        worst_error=worst_error,
        bound=worst_bound,
        first_wrong=element,
        conv_value=float(conv.reshape(-1)[first]),
        reference_value=float(reference.reshape(-1)[first]),
        first_bound=float(bound.reshape(-1)[first]),
        wrong_read=read,
    )


# ------------------------------------------------------------------------------------------
# Which weight element made an output element wrong
# ------------------------------------------------------------------------------------------


def original_coordinates(
    consumption: ConsumptionPlan, window_lanes: np.ndarray, channel: int, params: Conv2dParameters
) -> np.ndarray:
    """[L, 4] (o, i, r, s) of the original OIHW weight that K lanes of the conv as run meet
    for output channel `channel`, through the fold (folded channel (i·sW + j)·Cin + c is
    original tap (r·sH + i, s·sW + j)) and the groups; −1 rows where the reference has zero."""
    window = consumption.window
    kw = window.kernel[1]
    channels = consumption.activation_channels
    tap, lane_channel = np.divmod(window_lanes, channels)
    r, s = np.divmod(tap, kw)
    real = (window_lanes >= 0) & (lane_channel < window.channels)
    if consumption.fold_stride is not None:
        sh, sw = consumption.fold_stride
        phase, in_channel = np.divmod(lane_channel, params.in_channels)
        r, s = r * sh + phase // sw, s * sw + phase % sw
    else:
        in_channel = lane_channel
    kh_original, kw_original = params.kernel_size
    real &= (r < kh_original) & (s < kw_original)
    group_in = params.in_channels // params.groups
    group = channel // (params.out_channels // params.groups)
    real &= (in_channel >= group * group_in) & (in_channel < (group + 1) * group_in)
    coordinates = np.stack([np.full_like(r, channel), in_channel - group * group_in, r, s], axis=1)
    coordinates[~real] = -1
    return coordinates


def read_order(
    consumption: ConsumptionPlan, weight_shape: tuple[int, int], pixel: int, channel: int
) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """(K block position, K lanes, weight rows) in the order the kernel reads them for output
    (pixel, channel): the K blocks of the core computing `channel`, or the 1D depthwise taps."""
    if consumption.path is ConsumptionPath.DEPTHWISE_1D:
        channels = consumption.activation_channels
        return [
            (
                tap,
                np.array([tap * channels + channel]),
                depthwise_weight_rows(consumption, tap)[pixel : pixel + 1],
            )
            for tap in range(consumption.window.taps)
        ]
    for core in kernel_reads(consumption, weight_shape):
        start, stop = core.columns
        if start <= channel < stop:
            return [
                (block.position, block.window_lanes, block.weight_rows) for block in core.k_blocks
            ]
    return []


def first_wrong_read(
    consumption: ConsumptionPlan,
    params: Conv2dParameters,
    weight_matrix: np.ndarray,
    window_row: np.ndarray,
    reference_weight: np.ndarray,
    steps: np.ndarray | None,
    pixel: int,
    channel: int,
) -> WeightRead | None:
    """The first product the kernel computed for output (pixel, channel), in K order, whose
    weight is not the original's (within one bfloat8_b step when `steps` are given) while its
    activation (`window_row`, the pixel's row of the activation matrix) is not zero — or whose
    weight is NaN or infinite, whatever the activation (0 · NaN is NaN). None when every
    weight read is right (the error is then elsewhere, e.g. the bias)."""
    weight_shape = weight_matrix.shape
    for position, lanes, rows in read_order(consumption, weight_shape, pixel, channel):  # type: ignore[arg-type]
        coordinates = original_coordinates(consumption, lanes, channel, params)
        padding = coordinates[:, 0] < 0
        safe = tuple(np.where(padding[:, None], 0, coordinates).T)
        expected = np.where(padding, 0.0, reference_weight[safe])
        tolerance = 0.0 if steps is None else np.where(padding, 0.0, steps[safe])
        prepared = weight_matrix[rows, channel]
        activation = window_row[lane_columns(lanes, window_row.size)]
        differs = ~(np.abs(prepared - expected) <= tolerance)  # NaN differs too
        bad = differs & ((activation != 0) | ~np.isfinite(prepared))
        if bad.any():
            q = int(np.flatnonzero(bad)[0])
            if padding[q]:
                meaning = "the reference has no weight (padding)"
            else:
                o, i, r, s = (int(v) for v in coordinates[q])
                meaning = f"W[{o}, {i}, {r}, {s}]"
            return WeightRead(
                position, int(rows[q]), channel, meaning, float(prepared[q]), float(expected[q])
            )
    return None

"""`l1_small_region` (docs/semantics.md §8.9): the halo's config tensors (two padding configs,
two gather configs) TT-NN 0.81.1's conv2d places in the device's L1_SMALL region, and its
refusal when they do not fit.

The padding runs and the halo's copies against a stick-by-stick walk of the image the halo
reads (a conv's padded input, a conv_transpose2d's stuffed one: the definition, not the
interval arithmetic under test); widths by hand; banks and TT-NN's words against TT-NN's own
numbers; the refusal on `ttnn.conv2d` by how the module says the device was opened; and the
model's four config tensors against TT-NN's graph capture of its conv2d (the config tensors
it allocated, tests/data/ttnn_reference/conv2d_l1_small/, README there)."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from typing import Any

import pytest
from conv2d_op_reference_cases import build_conv2d
from ttnn_reference_cases import DATA, GRIDS
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv_l1_model import ConvGeometry, halo_input_windows
from ttnn_xdsl.conv.conv_op_config import CoreSplit
from ttnn_xdsl.conv.l1_small_region import (
    ConfigTensor,
    PaddedInput,
    gather_config_widths,
    halo_padding_configs,
    halo_transfers,
    l1_small_out_of_memory_message,
    l1_small_refusal,
    padding_config_widths,
    padding_runs_per_core,
)
from ttnn_xdsl.core.enums import DataType, Layout, ShardOrientation, TensorMemoryLayout

CAPTURES = DATA / "conv2d_l1_small"
ANSWERS = DATA / "conv2d_op"


def geometry(
    batch: int,
    in_hw: tuple[int, int],
    kernel: tuple[int, int],
    stride: tuple[int, int],
    padding: tuple[int, int, int, int],
    dilation: tuple[int, int] = (1, 1),
) -> ConvGeometry:
    (height, width), (top, bottom, left, right) = in_hw, padding
    out_h = (height + top + bottom - dilation[0] * (kernel[0] - 1) - 1) // stride[0] + 1
    out_w = (width + left + right - dilation[1] * (kernel[1] - 1) - 1) // stride[1] + 1
    return ConvGeometry(
        batch, 16, 32, in_hw, (out_h, out_w), kernel, stride, padding, dilation, 1, False,
        DataType.BFLOAT16, DataType.BFLOAT16, Layout.TILE, False,
    )  # fmt: skip


def is_padding(image: PaddedInput, stick: int) -> bool:
    """Whether a stick of the image is padding: off the input's rows and columns, which sit
    `step` apart from (top, left)."""
    height, width = image.padded
    row, column = divmod(stick % (height * width), width)
    row, column = row - image.top, column - image.left
    return not (
        0 <= row < image.rows * image.step[0]
        and 0 <= column < image.columns * image.step[1]
        and row % image.step[0] == 0
        and column % image.step[1] == 0
    )


def runs_by_walking(
    conv: ConvGeometry, nhw_cores: int, image: PaddedInput | None = None
) -> list[int]:
    """Each core's runs of padding sticks, walking its window stick by stick: a run starts at a
    padding stick that is the window's first or follows an input stick."""
    image = image or PaddedInput.of_conv(conv)
    windows = halo_input_windows(
        conv.batch, conv.in_hw, conv.kernel, conv.stride, conv.padding, conv.dilation, nhw_cores
    )
    counts = []
    for first, last in windows:
        sticks = range(first, last + 1)
        counts.append(
            sum(
                is_padding(image, s) and (s == first or not is_padding(image, s - 1))
                for s in sticks
            )
        )
    return counts


@pytest.mark.parametrize(
    "conv, cores",
    [
        (geometry(8, (64, 64), (5, 5), (2, 2), (3, 3, 3, 3)), 46),
        (geometry(2, (32, 28), (3, 3), (2, 2), (1, 1, 1, 1)), 14),
        (geometry(1, (16, 64), (3, 3), (2, 2), (1, 0, 2, 2)), 5),
        (geometry(2, (7, 9), (3, 1), (1, 1), (0, 2, 0, 1)), 3),
        (geometry(3, (5, 5), (2, 2), (1, 1), (0, 0, 0, 0)), 2),
        (geometry(1, (10, 10), (3, 3), (1, 1), (2, 2, 2, 2), (2, 2)), 4),
        (geometry(1, (4, 4), (3, 3), (1, 1), (1, 1, 1, 1)), 8),  # cores past the output
    ],
)
def test_padding_runs_are_the_windows_runs_of_padding_sticks(
    conv: ConvGeometry, cores: int
) -> None:
    assert padding_runs_per_core(conv, cores) == runs_by_walking(conv, cores)


def transfers_by_walking(
    conv: ConvGeometry, nhw_cores: int, shard_height: int, image: PaddedInput | None = None
) -> dict[tuple[int, int], list[list[int]]]:
    """The halo's copies walking each core's window stick by stick, as TT-NN's loop does: the
    input sticks counted in order, an input stick extends its (source, destination) pair's
    last run when both its rows follow it, else starts a run."""
    image = image or PaddedInput.of_conv(conv)
    height, width = image.padded
    sticks = image.batch * height * width
    input_index = {}
    for stick in range(sticks):
        if not is_padding(image, stick):
            input_index[stick] = len(input_index)
    windows = halo_input_windows(
        conv.batch, conv.in_hw, conv.kernel, conv.stride, conv.padding, conv.dilation, nhw_cores
    )
    runs: dict[tuple[int, int], list[list[int]]] = {}
    for destination, (first, last) in enumerate(windows):
        for stick in range(first, last + 1):
            if stick not in input_index:
                continue
            source, source_row = divmod(input_index[stick], shard_height)
            pair = runs.setdefault((source, destination), [])
            row_there = stick - first
            last_run = pair[-1] if pair else None
            if (
                last_run is not None
                and last_run[0] + last_run[2] == source_row
                and last_run[1] + last_run[2] == row_there
            ):
                last_run[2] += 1
            else:
                pair.append([source_row, row_there, 1])
    return runs


@pytest.mark.parametrize(
    "conv, cores, shard_height",
    [
        (geometry(8, (64, 64), (5, 5), (2, 2), (3, 3, 3, 3)), 46, 736),
        (geometry(2, (32, 28), (3, 3), (2, 2), (1, 1, 1, 1)), 14, 128),
        (geometry(1, (16, 64), (3, 3), (2, 2), (1, 0, 2, 2)), 5, 224),
        (geometry(2, (7, 9), (3, 1), (1, 1), (0, 2, 0, 1)), 3, 42),
        (geometry(3, (5, 5), (2, 2), (1, 1), (0, 0, 0, 0)), 2, 40),
    ],
)
def test_halo_copies_are_the_windows_runs_of_input_sticks(
    conv: ConvGeometry, cores: int, shard_height: int
) -> None:
    assert halo_transfers(conv, cores, shard_height) == transfers_by_walking(
        conv, cores, shard_height
    )


def stuffed(
    batch: int,
    in_hw: tuple[int, int],
    kernel: tuple[int, int],
    stride: tuple[int, int],
    padding: tuple[int, int],
    output_padding: tuple[int, int],
) -> tuple[ConvGeometry, PaddedInput]:
    """A conv_transpose2d's equivalent conv (stride 1, no padding, on the full input) and the
    image its halo reads: the input `stride` apart from `kernel − 1 − padding`."""
    full = tuple(
        (in_hw[axis] - 1) * stride[axis]
        + 1
        + 2 * (kernel[axis] - 1 - padding[axis])
        + output_padding[axis]
        for axis in (0, 1)
    )
    conv = geometry(batch, full, kernel, (1, 1), (0, 0, 0, 0))  # type: ignore[arg-type]
    image = PaddedInput(
        batch,
        in_hw[0],
        in_hw[1],
        kernel[0] - 1 - padding[0],
        kernel[1] - 1 - padding[1],
        stride,
        full,  # type: ignore[arg-type]
    )
    return conv, image  # fmt: skip


@pytest.mark.parametrize(
    "transpose, cores, shard_height",
    [
        (stuffed(2, (6, 5), (3, 3), (2, 2), (0, 0), (1, 1)), 4, 16),
        (stuffed(1, (7, 7), (4, 4), (3, 2), (1, 2), (0, 1)), 3, 17),
        (stuffed(3, (4, 6), (3, 2), (1, 3), (1, 0), (0, 0)), 5, 24),
    ],
)
def test_a_transposed_halo_reads_the_stuffed_input(
    transpose: tuple[ConvGeometry, PaddedInput], cores: int, shard_height: int
) -> None:
    conv, image = transpose
    assert padding_runs_per_core(conv, cores, image) == runs_by_walking(conv, cores, image)
    assert halo_transfers(conv, cores, shard_height, image) == transfers_by_walking(
        conv, cores, shard_height, image
    )


def test_gather_config_widths_by_hand() -> None:
    # One image 4×4 unpadded, 3×3 kernel: 4 output pixels, 2 HEIGHT cores of 32 output rows
    # (tile-snapped), input in shards of 8 rows. Core 0's window is sticks 0..15 (pixels 0..3);
    # core 1 has no pixel and takes the last one's window, sticks 5..15.
    conv = geometry(1, (4, 4), (3, 3), (1, 1), (0, 0, 0, 0))
    split = CoreSplit(TensorMemoryLayout.HEIGHT_SHARDED, ShardOrientation.ROW_MAJOR, 2, 1, 2)
    assert halo_transfers(conv, 2, 8) == {
        (0, 0): [[0, 0, 8]], (1, 0): [[0, 8, 8]], (0, 1): [[5, 0, 3]], (1, 1): [[0, 3, 8]]
    }  # fmt: skip
    # Each core sends two copies, its own first: one to each core, each on its own route.
    # Row-major: the two copies go one to each processor: 1 + 3 + 3 values, made even: 8.
    assert gather_config_widths(conv, split, 8, tiled=False) == (8, 8)
    # TILE: both copies of a core start in block 0 of its rows (0..31): both to the first
    # processor, on two routes (two destination cores): 1 + 2·(3 + 3) = 13, made even: 14;
    # the second processor has nothing: its route count alone, made even: 2.
    assert gather_config_widths(conv, split, 8, tiled=True) == (14, 2)


def test_padding_configs_of_a_conv_tt_nn_refused_for_the_region() -> None:
    # TT-NN's wide draw w0008 (Wormhole, l1_small_size 0): its halo on 46 cores allocated two
    # padding configs of 36-byte rows (graph capture) and refused the first, 48 bytes a bank.
    conv = geometry(8, (64, 64), (5, 5), (2, 2), (3, 3, 3, 3))
    assert padding_config_widths(conv, 46) == (18, 18)
    first, second = halo_padding_configs(conv, 46, 1)
    assert (first.banks, first.row_bytes, first.bank_bytes, first.size) == (46, 36, 48, 2208)
    assert second == ConfigTensor("halo padding config 1", 46, 36)
    # A conv without padding still sends each core the end mark: 4 bytes, 16 a bank.
    bare = geometry(3, (5, 5), (2, 2), (1, 1), (0, 0, 0, 0))
    assert padding_config_widths(bare, 2) == (2, 2)
    # BLOCK: each NHW core's row repeated over the 3 channel cores.
    assert halo_padding_configs(bare, 2, 3)[0].banks == 6


def test_tt_nn_words_for_an_empty_and_a_full_region() -> None:
    # TT-NN's messages, word for word (wide draw w0008; conv_transpose2d r0028, 16 KiB).
    empty = l1_small_out_of_memory_message(ConfigTensor("pad", 46, 36), 0, 0, 0)
    assert empty == (
        "Out of Memory: Not enough space to allocate 2208 B L1_SMALL buffer across 46 banks, "
        "where each bank needs to store 48 B, but bank size is 0 B (allocated: 0 B, free: 0 B, "
        "largest free block: 0 B). The L1_SMALL region is 0 B because it is reserved at device "
        "open; set l1_small_size large enough for this allocation when opening the device."
    )
    full = l1_small_out_of_memory_message(ConfigTensor("gather", 64, 5776), 16384, 12896, 3488)
    assert full == (
        "Out of Memory: Not enough space to allocate 369664 B L1_SMALL buffer across 64 banks, "
        "where each bank needs to store 5776 B, but bank size is 16384 B (allocated: 12896 B, "
        "free: 3488 B, largest free block: 3488 B). The L1_SMALL region is sized at device "
        "open; increase l1_small_size when opening the device."
    )


def test_the_region_fills_in_allocation_units() -> None:
    tensors = (ConfigTensor("pad 0", 38, 20), ConfigTensor("pad 1", 38, 36))
    # 20 bytes take 32 (16-byte rows, 32-byte units); 48 then does not fit in the 32 left.
    refusal = l1_small_refusal(tensors, 64, 32)
    assert refusal is not None
    assert "allocate 1824 B L1_SMALL buffer across 38 banks" in refusal
    assert "bank size is 64 B (allocated: 32 B, free: 32 B, largest free block: 32 B)" in refusal
    assert l1_small_refusal(tensors, 96, 32) is None
    # Blackhole's 64-byte unit: the first alone fills 64 bytes.
    assert "(allocated: 64 B, free: 0 B" in str(l1_small_refusal(tensors, 64, 64))


def conv_case(**changes: Any) -> dict[str, Any]:
    """Wide draw w0231 (Wormhole): a HEIGHT conv of an L1 input whose halo TT-NN runs; TT-NN
    refused it with l1_small_size 0."""
    case = {
        "O": 16, "I": 8, "in_channels": 8, "kernel": [3, 3], "groups": 1, "stride": [2, 2],
        "pad": [1, 1], "dilation": [1, 1], "H": 32, "W": 28, "N": 2, "mem": "L1",
        "layout": "ROW_MAJOR", "bias": False, "input_dtype": "bfloat16",
        "conv_config": {"shard_layout": "HEIGHT", "weights_dtype": "bfloat16"},
        "error": None,
    }  # fmt: skip
    case.update(changes)
    return case


def refusal(case: dict[str, Any], open_device: dict[str, int] | None) -> str | None:
    op = build_conv2d(case, (8, 8))
    module = op.get_toplevel_object()
    if open_device is None:
        del module.attributes["ttnn.open_device"]  # type: ignore[union-attr]
    try:
        op.decision()
    except VerifyException as error:
        return str(error)
    return None


def test_conv2d_refuses_where_the_padding_configs_do_not_fit() -> None:
    message = refusal(conv_case(l1_small_size=0), {"l1_small_size": 0})
    assert message is not None
    assert (
        "Out of Memory: Not enough space to allocate 448 B L1_SMALL buffer across 14 banks, "
        "where each bank needs to store 32 B, but bank size is 0 B" in message
    )
    # 32 bytes hold the first padding config; the second is refused with it allocated.
    second = refusal(conv_case(l1_small_size=32), {"l1_small_size": 32})
    assert second is not None and "bank size is 32 B (allocated: 32 B, free: 0 B" in second
    assert refusal(conv_case(l1_small_size=16384), {"l1_small_size": 16384}) is None
    # Config tensors in DRAM leave the region alone.
    in_dram = conv_case(l1_small_size=0)
    in_dram["conv_config"] = {**in_dram["conv_config"], "config_tensors_in_dram": True}
    assert refusal(in_dram, {"l1_small_size": 0}) is None
    # A module that does not say how the device was opened: no claim on the region.
    assert refusal(conv_case(l1_small_size=0), None) is None


def captured(name: str) -> dict[str, list[Any]]:
    """TT-NN's L1_SMALL allocations per case of a capture file (events None: TT-NN died on
    the case)."""
    answers = [json.loads(line) for line in (CAPTURES / name).read_text().splitlines()]
    return {answer["id"]: answer["events"] for answer in answers if answer["events"] is not None}


def tt_nn_halo_configs(events: list[Any]) -> list[tuple[int, int]] | None:
    """TT-NN's halo config tensors (its two padding configs, then its two gather configs) as
    (bytes a bank, banks), when the first op that allocated any is the halo: its rows padded
    to 16 bytes."""
    if len(events) < 5 or events[0] != ["op", "HaloDeviceOperation"]:
        return None
    rows = events[1:5]
    if not all(isinstance(row[0], int) for row in rows):
        return None
    return [((row[0] + 15) // 16 * 16, row[1]) for row in rows]


CONFIGS = ("padding config 0", "padding config 1", "gather config 0", "gather config 1")
"""The halo's config tensors, in the order TT-NN allocates them."""

REFUSED = re.compile(
    r"allocate (\d+) B L1_SMALL buffer across (\d+) banks, where each bank needs to store (\d+) B"
)


def refused_config(case: dict[str, Any], grid: tuple[int, int], l1_small_size: int) -> Any:
    """The config tensor `ttnn.conv2d` refuses for the region on a device opened with
    `l1_small_size`: (bytes a bank, banks), or its other answer ("fits", or its message)."""
    changed = dict(case, l1_small_size=l1_small_size, error=None)
    op = build_conv2d(changed, grid)
    try:
        op.decision()
    except VerifyException as error:
        found = REFUSED.search(str(error))
        if found is None:
            return str(error)
        size, banks, bank_bytes = map(int, found.groups())
        assert size == banks * bank_bytes
        return (bank_bytes, banks)
    return "fits"


def no_claim(answer: str) -> str:
    """Why the project does not refuse a conv for the region, in short."""
    if answer == "fits":
        return "no claim: the project runs no halo (a kernel-stride fold)"
    if "Out of Memory" in answer or "circular buffers" in answer:
        return "no claim: the project refuses first for the L1, as TT-NN's own run does"
    return "no claim: the project refuses first for another rule"


CAPTURE_COUNTS = {
    # capture: (TT-NN's halo allocated first, the project refuses with an empty region for
    # it, of these with TT-NN's first padding config, then, with a region that holds exactly
    # the configs before, with TT-NN's second padding config, first and second gather configs)
    "ttnn_conv2d_wormhole_N150_s100.jsonl": (336, 320, 319, 319, 309, 309),
    "ttnn_conv_wide_blackhole_P150_s6002.jsonl": (170, 159, 159, 159, 151, 151),
    "ttnn_conv_wide_wormhole_N150_s6001.jsonl": (221, 209, 209, 209, 206, 206),
}
CAPTURE_PINS: dict[str, dict[str, str]] = {
    "ttnn_conv2d_wormhole_N150_s100.jsonl": {
        "r0016": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0020": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0028": "gather config 0: fits where TT-NN's is (112, 1)",
        "r0077": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0121": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0131": "gather config 0: fits where TT-NN's is (64, 64)",
        "r0155": "gather config 0: fits where TT-NN's is (32, 2)",
        "r0162": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0171": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0174": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0204": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0209": "gather config 0: fits where TT-NN's is (32, 24)",
        "r0219": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0242": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0247": "gather config 0: fits where TT-NN's is (32, 64)",
        "r0252": "padding config 0: (32, 48) where TT-NN's is (32, 12)",
        "r0270": "gather config 0: fits where TT-NN's is (352, 5)",
        "r0274": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0306": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0307": "gather config 0: fits where TT-NN's is (96, 2)",
        "r0367": "gather config 0: fits where TT-NN's is (112, 2)",
        "r0402": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0411": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0414": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0452": "gather config 0: fits where TT-NN's is (64, 8)",
        "r0458": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "r0486": "gather config 0: fits where TT-NN's is (64, 64)",
    },
    "ttnn_conv_wide_blackhole_P150_s6002.jsonl": {
        "w0016": "gather config 0: fits where TT-NN's is (80, 2)",
        "w0017": "gather config 0: fits where TT-NN's is (128, 96)",
        "w0045": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0077": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0079": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0084": "gather config 0: fits where TT-NN's is (48, 2)",
        "w0098": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0106": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0107": "gather config 0: fits where TT-NN's is (32, 56)",
        "w0120": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0135": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0168": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0222": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0240": "gather config 0: fits where TT-NN's is (208, 126)",
        "w0244": "gather config 0: fits where TT-NN's is (80, 120)",
        "w0247": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0257": "gather config 0: fits where TT-NN's is (48, 8)",
        "w0259": "gather config 0: fits where TT-NN's is (96, 110)",
        "w0264": "no claim: the project refuses first for the L1, as TT-NN's own run does",
    },
    "ttnn_conv_wide_wormhole_N150_s6001.jsonl": {
        "w0005": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0027": "gather config 0: fits where TT-NN's is (32, 56)",
        "w0101": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0102": "gather config 0: fits where TT-NN's is (64, 5)",
        "w0142": "no claim: the project refuses first for another rule",
        "w0152": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0174": "gather config 0: fits where TT-NN's is (80, 64)",
        "w0202": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0228": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0250": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0256": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0302": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0334": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0393": "no claim: the project refuses first for the L1, as TT-NN's own run does",
        "w0399": "no claim: the project refuses first for the L1, as TT-NN's own run does",
    },
}
"""The cases where the project does not refuse with TT-NN's halo configs, by capture: no
claim (it refuses first for the L1 as TT-NN's own run does, or for another rule; a
kernel-stride folded conv's halo is claimed since the fold is replayed, r0123 and w0293); a
padding config on other cores (and so of
other widths): DRAM inputs run as one slice and a few sharded or auto-sharded L1 inputs, whose
halo cores the project's resolution gives otherwise; a gather config that "fits": a DRAM conv
cut in slices, whose gather configs the project does not claim."""


@pytest.mark.parametrize("name", sorted(CAPTURE_COUNTS))
def test_halo_configs_agree_with_tt_nn_graph_capture(name: str) -> None:
    answers = ANSWERS / name.replace(".jsonl", ".json.gz")
    with gzip.open(answers, "rt") as text:
        cases = json.load(text)
    grid = GRIDS[next(device for device in GRIDS if device in name)]
    unit = 64 if grid == GRIDS["blackhole_P150"] else 32
    counts: Counter[str] = Counter()
    differing: dict[str, str] = {}
    for key, events in captured(name).items():
        expected = tt_nn_halo_configs(events)
        if expected is None:
            continue
        counts["halo first"] += 1
        first = refused_config(cases[key], grid, 0)
        if not isinstance(first, tuple):
            differing[key] = no_claim(first)
            continue
        counts["claims"] += 1
        region = 0
        for index, (config, tt_nn) in enumerate(zip(CONFIGS, expected, strict=True)):
            found = first if index == 0 else refused_config(cases[key], grid, region)
            if found != tt_nn:
                differing[key] = f"{config}: {found} where TT-NN's is {tt_nn}"
                break
            counts[config] += 1
            region += (tt_nn[0] + unit - 1) // unit * unit
    result = (counts["halo first"], counts["claims"], *(counts[config] for config in CONFIGS))
    print(name, result, json.dumps(differing, indent=1, sort_keys=True))
    assert result == CAPTURE_COUNTS[name]
    assert differing == CAPTURE_PINS.get(name, {})

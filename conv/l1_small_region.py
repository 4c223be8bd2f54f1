"""TT-NN 0.81.1's L1_SMALL region in conv2d (docs/semantics.md §8.9): the small config tensors
the halo and the conv's reader read (uint16 index lists, one row per core) are placed in the
device's L1_SMALL region, reserved at `ttnn.open_device(l1_small_size=…)` (TT-NN's default:
0 bytes), unless `conv_config.config_tensors_in_dram`.

The halo allocates four config tensors, in this order, after its output (measured on TT-NN's
graph capture): the two halves of its padding config (`pad_config0`, `pad_config1`: the runs
of padding sticks each core writes, split between the core's two data movement processors),
then the two halves of its gather config (the sticks it copies from each core). The conv then
allocates its reader indices on top of them (TT-NN's answers: the halo's program, cached,
keeps its tensors). Each is a row-major uint16 tensor HEIGHT-sharded one row per core
(TT-NN's `construct_on_host_config_tensor`, `move_config_tensor_to_device`), its row padded
to the longest core's.

Modelled: the halo's four config tensors, from TT-NN's `generate_halo_kernel_config_tensors`
(their widths, the cores they are sharded over), for a conv's padded input or a
conv_transpose2d's stuffed one (`PaddedInput`), and the allocator's words when one does not
fit. Not modelled (no claim): the conv's reader indices (a conv whose halo fits may still fail
on them), a conv that runs no halo (a 1×1 matmul conv, a WIDTH conv of a row-major input
without padding).

Pure Python, no IR."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from ttnn_xdsl.conv.conv_l1_model import ConvGeometry, halo_input_windows
from ttnn_xdsl.conv.conv_op_config import CoreSplit
from ttnn_xdsl.core.enums import ShardOrientation, TensorMemoryLayout
from ttnn_xdsl.core.shapes import round_up

CONFIG_PAGE_ALIGNMENT = 16
"""What a config tensor's row (one page, one core's share) is padded to in its bank (measured
on Wormhole's graph capture: rows of 8, 20, 36 and 172 bytes take 16, 32, 48 and 176;
Blackhole's refusals agree)."""

CONFIG_ELEMENT_BYTES = 2
"""The config tensors hold uint16 values."""


@dataclass(frozen=True)
class ConfigTensor:
    """A config tensor as the allocator sees it: `banks` rows (one per core) of `row_bytes`,
    each padded to `bank_bytes`."""

    what: str
    banks: int
    row_bytes: int

    @property
    def bank_bytes(self) -> int:
        return round_up(self.row_bytes, CONFIG_PAGE_ALIGNMENT)

    @property
    def size(self) -> int:
        """The size TT-NN's message gives: every bank's padded row."""
        return self.banks * self.bank_bytes


@dataclass(frozen=True)
class PaddedInput:
    """The image the halo reads, row by row: `batch` images of `padded` (height, width) sticks,
    among which the input's `rows × columns` sticks sit from (`top`, `left`), every `step`
    (rows, columns); every other stick is padding — a conv's padding around the input, a
    conv_transpose2d's zeros stuffed between its sticks too (TT-NN's `generate_pad_metadata`)."""

    batch: int
    rows: int
    columns: int
    top: int
    left: int
    step: tuple[int, int]
    padded: tuple[int, int]

    @classmethod
    def of_conv(cls, geometry: ConvGeometry) -> PaddedInput:
        """A conv's input with its padding."""
        top, bottom, left, right = geometry.padding
        height, width = geometry.in_hw
        return cls(
            geometry.batch, height, width, top, left, (1, 1),
            (height + top + bottom, width + left + right),
        )  # fmt: skip

    def input_row(self, padded_row: int) -> int | None:
        """The input row at a row of a padded image, None for a padding row."""
        offset = padded_row - self.top
        if offset < 0 or offset % self.step[0] or offset // self.step[0] >= self.rows:
            return None
        return offset // self.step[0]

    def input_column_starts(self) -> list[int]:
        """The columns of a padded row that start runs of input sticks (one run when the
        columns follow each other, else one per stick)."""
        if self.step[1] == 1:
            return [self.left]
        return [self.left + column * self.step[1] for column in range(self.columns)]

    @property
    def run_length(self) -> int:
        """Input sticks in each run of a row."""
        return self.columns if self.step[1] == 1 else 1


def padding_runs(image: PaddedInput) -> tuple[list[int], list[int]]:
    """The runs of padding sticks of `image` read row by row, as sorted starts and ends (end
    excluded): a run joins the right padding of a row to the left padding of the next, and
    whole padding rows to their neighbours."""
    starts: list[int] = []
    ends: list[int] = []

    def add(start: int, end: int) -> None:
        if start == end:
            return
        if ends and ends[-1] == start:
            ends[-1] = end
        else:
            starts.append(start)
            ends.append(end)

    height, width = image.padded
    for padded_row in range(image.batch * height):
        first = padded_row * width
        if image.input_row(padded_row % height) is None:
            add(first, first + width)
            continue
        column = 0
        for run in image.input_column_starts():
            add(first + column, first + run)
            column = run + image.run_length
        add(first + column, first + width)
    return starts, ends


def geometry_windows(geometry: ConvGeometry, nhw_cores: int) -> list[tuple[int, int]]:
    """Each core's halo input window ([first, last] padded-input rows) for the conv
    `geometry` over `nhw_cores` (`halo_input_windows`)."""
    return halo_input_windows(
        geometry.batch,
        geometry.in_hw,
        geometry.kernel,
        geometry.stride,
        geometry.padding,
        geometry.dilation,
        nhw_cores,
    )


def padding_runs_per_core(
    geometry: ConvGeometry, nhw_cores: int, image: PaddedInput | None = None
) -> list[int]:
    """How many runs of padding sticks each core's halo window holds: TT-NN's padding config
    entries of that core (consecutive padding sticks are one entry). `image` is the image the
    halo reads (the conv's padded input unless given)."""
    starts, ends = padding_runs(image or PaddedInput.of_conv(geometry))
    windows = geometry_windows(geometry, nhw_cores)
    counts = []
    for first, last in windows:
        if last < first:
            counts.append(0)
            continue
        # Runs that start at or before `last` less those that end at or before `first`.
        counts.append(bisect_right(starts, last) - bisect_left(ends, first + 1))
    return counts


def padding_config_widths(
    geometry: ConvGeometry, nhw_cores: int, image: PaddedInput | None = None
) -> tuple[int, int]:
    """The uint16 width of the two padding configs: each core's runs split in two halves (the
    first `n // 2` runs, then the rest), each run a (start, length) pair, the longest core's
    pairs and a (0, 0) end mark (TT-NN's `flatten_pad_config`; the width is even)."""
    runs = padding_runs_per_core(geometry, nhw_cores, image)
    first = max((count // 2 for count in runs), default=0)
    second = max((count - count // 2 for count in runs), default=0)
    return 2 * first + 2, 2 * second + 2


def halo_padding_configs(
    geometry: ConvGeometry, nhw_cores: int, channel_cores: int, image: PaddedInput | None = None
) -> tuple[ConfigTensor, ConfigTensor]:
    """The halo's two padding config tensors, one row per core of the halo's grid: each NHW
    core's row, repeated over the cores along the channels (TT-NN's
    `get_repeat_factor_for_replicating_nhw_config_across_grid`)."""
    banks = nhw_cores * channel_cores
    widths = padding_config_widths(geometry, nhw_cores, image)
    return (
        ConfigTensor("halo padding config 0", banks, widths[0] * CONFIG_ELEMENT_BYTES),
        ConfigTensor("halo padding config 1", banks, widths[1] * CONFIG_ELEMENT_BYTES),
    )


def l1_small_out_of_memory_message(
    tensor: ConfigTensor, bank_size: int, allocated: int, largest_free: int
) -> str:
    """TT-NN's words (bank_manager.cpp) when a config tensor does not fit in the L1_SMALL
    region, which differ when the region is empty."""
    if bank_size == 0:
        advice = (
            "The L1_SMALL region is 0 B because it is reserved at device open; set l1_small_size "
            "large enough for this allocation when opening the device."
        )
    else:
        advice = (
            "The L1_SMALL region is sized at device open; increase l1_small_size when opening "
            "the device."
        )
    return (
        f"Out of Memory: Not enough space to allocate {tensor.size} B L1_SMALL buffer across "
        f"{tensor.banks} banks, where each bank needs to store {tensor.bank_bytes} B, but bank "
        f"size is {bank_size} B (allocated: {allocated} B, free: {bank_size - allocated} B, "
        f"largest free block: {largest_free} B). {advice}"
    )


@dataclass
class L1SmallRegion:
    """TT-NN's L1_SMALL region of `size` bytes a bank as config tensors fill it, one after the
    other (each bank's share rounded up to the allocator's `allocation_unit`, from the top
    down: the free space stays one block). Nothing is freed while a conv runs: a program
    TT-NN caches keeps its config tensors."""

    size: int
    allocation_unit: int
    allocated: int = 0

    def allocate(self, tensor: ConfigTensor) -> str | None:
        """Places `tensor`, or gives TT-NN's message when it does not fit."""
        share = round_up(tensor.bank_bytes, self.allocation_unit)
        free = self.size - self.allocated
        if share > free:
            return l1_small_out_of_memory_message(tensor, self.size, self.allocated, free)
        self.allocated += share
        return None

    def allocate_all(self, tensors: tuple[ConfigTensor, ...]) -> str | None:
        """Places `tensors` in order, or gives TT-NN's message for the first that does not
        fit."""
        for tensor in tensors:
            refusal = self.allocate(tensor)
            if refusal is not None:
                return refusal
        return None


def l1_small_refusal(
    tensors: tuple[ConfigTensor, ...], l1_small_size: int, allocation_unit: int
) -> str | None:
    """TT-NN's message for the first of `tensors` that does not fit in a fresh L1_SMALL region
    of `l1_small_size` bytes (`L1SmallRegion`), else None."""
    return L1SmallRegion(l1_small_size, allocation_unit).allocate_all(tensors)


# ------------------------------------------------------------------------------------------
# The gather configs: the sticks each core sends to the halo windows (its own and others')
# ------------------------------------------------------------------------------------------

UNTILIZE_BLOCK_ROWS = 32
"""The halo untilizes a TILE input in blocks of 32 rows; its gather configs split the transfers
at block boundaries and deal whole blocks to the two processors (`untilize_block_size`)."""

Transfer = tuple[tuple[int, int], int, int, int]
"""(destination core's position, first source row, first destination row, rows)."""


def data_segments(image: PaddedInput, first: int, last: int) -> list[tuple[int, int, int]]:
    """The runs of input (not padding) sticks of `image` in the window `[first, last]`, row by
    row: (index in `image`, sticks, index of its first stick in the input)."""
    height, width = image.padded
    segments = []
    for padded_row in range(first // width, last // width + 1):
        picture, row = divmod(padded_row, height)
        input_row = image.input_row(row)
        if input_row is None:
            continue
        for index, column in enumerate(image.input_column_starts()):
            start = padded_row * width + column
            lo, hi = max(start, first), min(start + image.run_length, last + 1)
            if lo < hi:
                input_column = index * image.run_length + lo - start
                data = (picture * image.rows + input_row) * image.columns + input_column
                segments.append((lo, hi - lo, data))
    return segments


def halo_transfers(
    geometry: ConvGeometry, nhw_cores: int, shard_height: int, image: PaddedInput | None = None
) -> dict[tuple[int, int], list[list[int]]]:
    """The halo's copies by (source core, destination core): runs of [source row, destination
    row, rows], a run growing while both sides stay consecutive (TT-NN's
    `per_core_gather_data`; the input rows dealt `shard_height` to a core; `image` the image
    the halo reads, the conv's padded input unless given)."""
    image = image or PaddedInput.of_conv(geometry)
    windows = geometry_windows(geometry, nhw_cores)
    transfers: dict[tuple[int, int], list[list[int]]] = {}
    for destination, (first, last) in enumerate(windows):
        if last < first:
            continue
        for start, count, data in data_segments(image, first, last):
            row = start - first
            while count:
                source, source_row = divmod(data, shard_height)
                rows = min(count, shard_height - source_row)
                runs = transfers.setdefault((source, destination), [])
                if (
                    runs
                    and runs[-1][0] + runs[-1][2] == source_row
                    and runs[-1][1] + runs[-1][2] == row
                ):
                    runs[-1][2] += rows
                else:
                    runs.append([source_row, row, rows])
                data, row, count = data + rows, row + rows, count - rows
    return transfers


def core_position(split: CoreSplit, core: int) -> tuple[int, int]:
    """The grid position of the halo's NHW core `core`, as its gather configs order cores (by
    NoC x, then y: the same order as the logical grid's): a BLOCK grid's first column (its
    first row when COL_MAJOR), else row by row over the input's grid."""
    if split.layout == TensorMemoryLayout.BLOCK_SHARDED:
        return (core, 0) if split.orientation == ShardOrientation.COL_MAJOR else (0, core)
    return core % split.cores_x, core // split.cores_x


def split_between_processors(
    transfers: list[Transfer], tiled: bool
) -> tuple[list[Transfer], list[Transfer]]:
    """A core's copies dealt to its two data movement processors: a row-major input's in turn;
    a TILE input's cut at the 32-row blocks it is untilized in, ordered by source row (then
    destination core), and dealt by block, even blocks to the first (TT-NN's
    `quantize_transfers_along_block_boundaries`, `reorder_transfers_globally`,
    `divide_blocks_between_cores`)."""
    if not tiled:
        return transfers[0::2], transfers[1::2]
    pieces: list[Transfer] = []
    for position, source, destination, rows in transfers:
        while rows:
            count = min(rows, UNTILIZE_BLOCK_ROWS - source % UNTILIZE_BLOCK_ROWS)
            pieces.append((position, source, destination, count))
            source, destination, rows = source + count, destination + count, rows - count
    pieces.sort(key=lambda piece: (piece[1], piece[0]))
    even = [piece for piece in pieces if piece[1] // UNTILIZE_BLOCK_ROWS % 2 == 0]
    odd = [piece for piece in pieces if piece[1] // UNTILIZE_BLOCK_ROWS % 2 == 1]
    return even, odd


def serialized_length(transfers: list[Transfer]) -> int:
    """uint16 values of one core's gather config: a route count, then per route (a run of
    copies to one core) its header of three and three per copy (`serialize_gather_config`)."""
    routes = sum(
        1
        for index, transfer in enumerate(transfers)
        if index == 0 or transfer[0] != transfers[index - 1][0]
    )
    return 1 + 3 * routes + 3 * len(transfers)


def gather_config_widths(
    geometry: ConvGeometry,
    split: CoreSplit,
    shard_height: int,
    tiled: bool,
    image: PaddedInput | None = None,
) -> tuple[int, int]:
    """The uint16 width of the two gather configs: each NHW core's copies (to itself first,
    then to the other cores in order) dealt to its processors, the longest core's, made even
    (TT-NN's `generate_halo_kernel_config_tensors`, `construct_on_host_config_tensor`)."""
    nhw_cores = split.nhw
    transfers = halo_transfers(geometry, nhw_cores, shard_height, image)
    by_source: dict[int, list[Transfer]] = {}
    for source, destination in sorted(
        transfers, key=lambda key: (key[0], key[0] != key[1], key[1])
    ):
        position = core_position(split, destination)
        for source_row, destination_row, rows in transfers[(source, destination)]:
            by_source.setdefault(source, []).append((position, source_row, destination_row, rows))
    widths = [1, 1]
    for core in range(nhw_cores):
        for half, copies in enumerate(split_between_processors(by_source.get(core, []), tiled)):
            widths[half] = max(widths[half], serialized_length(copies))
    return widths[0] + widths[0] % 2, widths[1] + widths[1] % 2


def halo_gather_configs(
    geometry: ConvGeometry,
    split: CoreSplit,
    shard_height: int,
    tiled: bool,
    image: PaddedInput | None = None,
) -> tuple[ConfigTensor, ConfigTensor]:
    """The halo's two gather config tensors, after its padding configs, on the same cores:
    the halo of `geometry` on the cores of `split`, its input in shards of `shard_height` rows,
    `tiled` when the input is TILE (untilized by the halo)."""
    banks = split.nhw * split.channels
    widths = gather_config_widths(geometry, split, shard_height, tiled, image)
    return (
        ConfigTensor("halo gather config 0", banks, widths[0] * CONFIG_ELEMENT_BYTES),
        ConfigTensor("halo gather config 1", banks, widths[1] * CONFIG_ELEMENT_BYTES),
    )

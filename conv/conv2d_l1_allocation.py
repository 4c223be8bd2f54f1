"""Where TT-NN 0.81.1's `conv2d` fails to allocate its L1 (docs/semantics.md §8.9): the
tensors it allocates one after another in a worker core's L1 bank, and the circular buffers
of each program it runs, held against the L1 as TT-NN's allocator and program checks hold
them.

`prepare_conv_weights` does not check the L1 (§8.6: a configuration that cannot fit is
prepared with `fits = false`); TT-NN's conv2d then fails in one of three places, each with
its numbers:

- the allocator (`bank_manager.cpp:514`): "Out of Memory: Not enough space to allocate …" —
  a tensor does not fit in the free blocks of the L1 bank;
- a program's circular buffers (`program.cpp`): laid from the bottom of the L1 up, they grow
  beyond the core's L1, or reach the lowest L1 buffer (buffers are allocated from the top
  down).

The model replays conv2d's allocations in TT-NN's order (`conv2d_l1_failure`) on a bank that
allocates first-fit from the top down: the input itself (when in L1), the input resharded for
the conv (with `deallocate_activation` the input let go then and the resharded one moved), the
halo's output and the halo program's circular buffers, the resharded input let go and the
halo's output moved up, the conv's output and the conv program's circular buffers;
for a 1×1 matmul conv the tilized and resharded input and the matmul's output. The sizes are
the project's port of TT-NN's rules (`conv_l1_model`: shard specs, the halo's window,
`get_cb_info`); where conv2d departs from them, and the L1's layout (where the bank and the
circular buffers start, the allocation unit), TT-NN's answers were measured.

A conv_transpose2d (`conv_transpose2d_l1_failure`) is replayed as its equivalent conv2d from
the user's input (a DRAM input TT-NN runs whole: read into the conv's shards; in DRAM slices:
each slice in turn, `dram_slices_l1_failure`); a conv2d from DRAM in slices as its first
slice's conv2d of an L1 input (`conv2d_first_slice_l1_failure`). The halo's config tensors go
to the L1_SMALL region (`l1_small_region`), replayed after the halo's output, and so do the
conv's reader indices, after the conv's output; for a conv2d from DRAM those of the first halo
(and of its one slice's conv). A conv_transpose2d's DRAM slices keep theirs: the region fills
slice by slice. A kernel-stride folded conv runs on a folded copy of its L1-interleaved input
(`replay_fold_and_conv`).

Not modelled (None: no claim): the L1 of a conv2d from DRAM past its first slice or in one
slice the project's search found, kernel-stride folding of a sharded input (the fold keeps a
sharding of its own), the matmul program's circular buffers, a matmul conv on an input TT-NN
keeps as sharded, and a conv whose L1 estimate or resolution refuses it (another refusal comes
first).

Pure Python, no IR."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ttnn_xdsl.conv.conv2d_config import Conv2dConfig
from ttnn_xdsl.conv.conv_core_grid import overrides_core_grid
from ttnn_xdsl.conv.conv_form import is_conv1d, is_mm_conv, runs_from_dram
from ttnn_xdsl.conv.conv_l1_decisions import L1Decisions
from ttnn_xdsl.conv.conv_l1_model import (
    Arch,
    ConvGeometry,
    ConvL1Usage,
    L1Device,
    datum_bytes,
    default_l1_budget,
    halo_dtype,
)
from ttnn_xdsl.conv.conv_l1_report import conv_l1_report
from ttnn_xdsl.conv.conv_op_config import CoreSplit, ShardSpec, determine_input_memory_config
from ttnn_xdsl.conv.conv_parameters import (
    Conv2dParameters,
    ConvParameters,
    InputMemoryConfig,
    normalize_parameters,
)
from ttnn_xdsl.conv.conv_reader_indices import reader_indices_page_bytes, reader_indices_refusal
from ttnn_xdsl.conv.conv_resolution import (
    ConvWeightsPlan,
    resolve_conv_sharding,
    resolve_conv_weights,
)
from ttnn_xdsl.conv.conv_sharding import ShardDecision
from ttnn_xdsl.conv.conv_slicing import (
    first_slice_end,
    slice_input_window,
    window_output_size,
)
from ttnn_xdsl.conv.conv_transpose import (
    ConvTranspose2dParameters,
    ConvTranspose2dPlan,
    equivalent_conv2d,
    normalize_transpose_parameters,
    resolve_dram_slice_conv,
    slice_input_memory_config,
    transposes_as_matmul,
)
from ttnn_xdsl.conv.conv_transpose_slicing import TransposedSlice, TransposedSliceShape
from ttnn_xdsl.conv.l1_small_region import (
    ConfigTensor,
    L1SmallRegion,
    PaddedInput,
    halo_gather_configs,
    halo_padding_configs,
    l1_small_refusal,
)
from ttnn_xdsl.core.enums import (
    BufferType,
    DataType,
    Layout,
    ShardOrientation,
    TensorMemoryLayout,
)
from ttnn_xdsl.core.errors import ConvConfigError
from ttnn_xdsl.core.shapes import TILE_SIZE, bytes_per_tile, ceil_div, round_up

# ------------------------------------------------------------------------------------------
# The L1 of a worker core (TT-NN 0.81.1's allocator and HAL, measured on its messages)
# ------------------------------------------------------------------------------------------

L1_SIZE = {Arch.WORMHOLE_B0: 1_499_136, Arch.BLACKHOLE: 1_572_864}
"""A worker core's whole L1 in bytes: the "max L1 size" of TT-NN's circular-buffer check
(Wormhole: 1464 KiB; Blackhole: 1536 KiB)."""

L1_ALIGNMENT = 16
"""The L1 page alignment of both chips: a row-major page (one row) is padded to it."""

DRAM_ALIGNMENT = {Arch.WORMHOLE_B0: 32, Arch.BLACKHOLE: 64}
"""What a DRAM buffer's page is padded to (tt-metal's HAL; measured on Wormhole: a config
tensor row of 12 B is a 32-byte page, one of 228 B a 256-byte page)."""

L1_ALLOCATION_UNIT = {Arch.WORMHOLE_B0: 32, Arch.BLACKHOLE: 64}
"""What the allocator rounds each bank's share of a buffer up to (measured: a buffer of 12336 B
per bank takes 12352 on Wormhole, one of 18528 B takes 18560 on Blackhole)."""


@dataclass(frozen=True)
class L1Bank:
    """One L1 bank as TT-NN's allocator and program checks see it, in absolute addresses.

    The allocator's region is `[base, top)`; the `l1_small_size` region sits above `top`,
    the chip's reserved L1 below `base`. Buffers are allocated from `top` down; the static
    circular buffers of a program are laid from `base` up."""

    base: int
    top: int
    l1_size: int
    allocation_unit: int = 32

    @property
    def size(self) -> int:
        """TT-NN's "bank size": what the allocator can hand out."""
        return self.top - self.base


def l1_bank(arch: Arch, l1_budget: int) -> L1Bank:
    """The L1 bank of a device opened with the free L1 `l1_budget` (semantics.md §8.1:
    `worker_l1_size − l1_small_size`). TT-NN's worker L1 ends at the top of the core's L1, so
    it starts `worker_l1_size` below it; the `l1_small_size` region is its top (measured: on
    Wormhole with `l1_small_size = 16384` circular buffers start at 105824 and the first
    buffer ends at 1482752)."""
    l1_size = L1_SIZE[arch]
    worker_l1 = default_l1_budget(arch)
    # The region is whole allocation units (measured on Blackhole: l1_small_size = 32 gives
    # an L1_SMALL bank of 64 bytes and an L1 bank 64 bytes smaller).
    l1_small = round_up(worker_l1 - l1_budget, L1_ALLOCATION_UNIT[arch])
    base = l1_size - worker_l1
    return L1Bank(base, l1_size - l1_small, l1_size, L1_ALLOCATION_UNIT[arch])


# ------------------------------------------------------------------------------------------
# Buffers: what one tensor takes in each L1 bank
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class L1Buffer:
    """A tensor's buffer as TT-NN's allocator sees it: its `size` in bytes over `banks`
    banks, `bank_bytes` in each."""

    what: str
    size: int
    banks: int
    bank_bytes: int


def page_bytes(dtype: DataType, layout: Layout, width: int) -> int:
    """A page of a tensor `width` elements wide: a tile (TILE), else one row padded to the
    L1 alignment."""
    if layout == Layout.TILE:
        return bytes_per_tile(dtype)
    return round_up(width * element_bytes(dtype), L1_ALIGNMENT)


def element_bytes(dtype: DataType) -> int:
    """Bytes of one element of a row-major tensor (bfloat8_b exists only tiled)."""
    return 4 if dtype == DataType.FLOAT32 else 2


def interleaved_buffer(
    what: str, rows: int, width: int, dtype: DataType, layout: Layout, banks: int
) -> L1Buffer:
    """An L1-interleaved tensor `[rows, width]`: its pages dealt round-robin over every bank
    (TT-NN: `num_pages` pages, each bank holding `ceil(num_pages / banks)`)."""
    if layout == Layout.TILE:
        pages = ceil_div(rows, TILE_SIZE) * ceil_div(width, TILE_SIZE)
    else:
        pages = rows
    page = page_bytes(dtype, layout, width)
    return L1Buffer(what, pages * page, banks, ceil_div(pages, banks) * page)


def sharded_buffer(
    what: str,
    rows: int,
    width: int,
    shard: tuple[int, int],
    dtype: DataType,
    layout: Layout,
) -> L1Buffer:
    """A sharded L1 tensor `[rows, width]` in shards of `shard` (rows, columns): one shard in
    each bank that holds data (TT-NN counts the shards the tensor covers)."""
    shard_h, shard_w = shard
    shards = ceil_div(rows, shard_h) * ceil_div(width, shard_w)
    if layout == Layout.TILE:
        per_bank = ceil_div(shard_h, TILE_SIZE) * ceil_div(shard_w, TILE_SIZE)
        per_bank *= bytes_per_tile(dtype)
    else:
        per_bank = shard_h * page_bytes(dtype, layout, shard_w)
    return L1Buffer(what, shards * per_bank, shards, per_bank)


# ------------------------------------------------------------------------------------------
# The allocator (TT-NN's bank manager: one address range shared by every bank)
# ------------------------------------------------------------------------------------------


class L1Exhausted(Exception):
    """A buffer that does not fit: TT-NN's out-of-memory message."""


@dataclass
class L1Allocator:
    """TT-NN's L1 bank manager on a fresh device: one address range shared by every bank,
    each buffer placed at the top of the highest free block that holds it (first fit from the
    top down: TT-NN 0.81.1 put a 150016-byte buffer in a 250112-byte hole above a free block
    of 200096 bytes)."""

    bank: L1Bank
    bank_count: int = 1
    """How many L1 banks the device has (one per worker core): an interleaved tensor's pages
    are dealt over them."""
    blocks: dict[str, tuple[int, int]] = field(default_factory=dict)
    """The live buffers by name: (address, bytes per bank)."""

    @property
    def allocated(self) -> int:
        return sum(size for _, size in self.blocks.values())

    @property
    def lowest_address(self) -> int | None:
        """The lowest address any L1 buffer occupies, None when the bank is empty."""
        return min((address for address, _ in self.blocks.values()), default=None)

    def free_blocks(self) -> list[tuple[int, int]]:
        """The free (address, size) ranges of the bank, from the top down."""
        free = []
        top = self.bank.top
        for address, size in sorted(self.blocks.values(), reverse=True):
            if address + size < top:
                free.append((address + size, top - address - size))
            top = address
        if top > self.bank.base:
            free.append((self.bank.base, top - self.bank.base))
        return free

    def allocate(self, buffer: L1Buffer) -> None:
        """Allocate `buffer` in every bank, or raise TT-NN's message."""
        size = round_up(buffer.bank_bytes, self.bank.allocation_unit)
        fitting = [block for block in self.free_blocks() if block[1] >= size]
        if not fitting:
            raise L1Exhausted(out_of_memory_message(buffer, self.bank.size, self))
        address, block_size = max(fitting)
        self.blocks[buffer.what] = (address + block_size - size, size)

    def deallocate(self, what: str) -> None:
        del self.blocks[what]


def out_of_memory_message(buffer: L1Buffer, bank_size: int, allocator: L1Allocator) -> str:
    """TT-NN's words (bank_manager.cpp) when a buffer does not fit in its banks."""
    allocated = allocator.allocated
    free = bank_size - allocated
    largest = max((size for _, size in allocator.free_blocks()), default=0)
    return (
        f"Out of Memory: Not enough space to allocate {buffer.size} B L1 buffer across "
        f"{buffer.banks} banks, where each bank needs to store {buffer.bank_bytes} B, but bank "
        f"size is {bank_size} B (allocated: {allocated} B, free: {free} B, largest free block: "
        f"{largest} B)."
    )


# ------------------------------------------------------------------------------------------
# Circular buffers of a program against the L1
# ------------------------------------------------------------------------------------------


def core_range_text(x: int, y: int) -> str:
    """TT-NN's `CoreRange::str()` of the range from core (0, 0) to (x − 1, y − 1)."""
    return f"[0-0 - {x - 1}-{y - 1}]"


def circular_buffer_refusal(
    program: str, cb_bytes: int, core_range: str, allocator: L1Allocator
) -> str | None:
    """TT-NN's check of a program's static circular buffers (program.cpp), laid from the
    bank's base up: first that they end within the core's L1, then that they end below the
    lowest L1 buffer. `program` names the program in place of TT-NN's running program id."""
    bank = allocator.bank
    end = bank.base + cb_bytes
    if end > bank.l1_size:
        return (
            f"Statically allocated circular buffers on core range {core_range} grow to {end} B "
            f"which is beyond max L1 size of {bank.l1_size} B"
        )
    lowest = allocator.lowest_address
    if lowest is not None and lowest < end:
        return (
            f"Statically allocated circular buffers in program {program} clash with L1 buffers "
            f"on core range {core_range}. L1 buffer allocated at {lowest} and static circular "
            f"buffer region ends at {end}"
        )
    return None


def halo_circular_buffer_bytes(
    shard_width: int, input_dtype: DataType, input_layout: Layout
) -> int:
    """The halo program's circular buffers that no tensor backs (TT-NN's
    `untilize_with_halo_multi_core`): two padding buffers of one output stick each, and for a
    TILE input two untilize buffers of a 32-row block, double-buffered."""
    out_dtype = halo_dtype(input_dtype)
    stick = shard_width * datum_bytes(out_dtype)
    total = 2 * stick
    if input_layout == Layout.TILE:
        block_tiles = ceil_div(shard_width, TILE_SIZE)
        total += 2 * 2 * block_tiles * bytes_per_tile(out_dtype)
    return total


# ------------------------------------------------------------------------------------------
# conv2d's allocations, in TT-NN's order
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class L1Failure:
    """Where conv2d's L1 fails: the `stage` (what was being allocated or checked) and TT-NN's
    message."""

    stage: str
    message: str


def input_buffer(params: ConvParameters, banks: int) -> L1Buffer | None:
    """The input activation `[1, 1, N·H·W, C]` as the user placed it, when in L1."""
    memory: InputMemoryConfig = params.input_memory_config
    if memory.is_dram:
        return None
    rows = params.batch_size * params.input_height * params.input_width
    dtype = params.input_dtype or DataType.BFLOAT16
    if memory.is_sharded:
        assert memory.shard_shape is not None
        return sharded_buffer(
            "input", rows, params.in_channels, memory.shard_shape, dtype, params.input_layout
        )
    return interleaved_buffer("input", rows, params.in_channels, dtype, params.input_layout, banks)


def conv_input_buffer(params: ConvParameters, shard: ShardSpec, layout: Layout) -> L1Buffer:
    """The input resharded for the conv: the shard spec TT-NN gives it, in the input's dtype,
    the input's logical [N·H·W, Cin] in those shards (`shard_or_reshard_tensor_if_required`
    makes the tensor of the input's logical shape): a column of shards past the channels
    takes no bank (TT-NN's answers: 4 channels WIDTH-sharded on a core grid of 21 cores, the
    override of semantics.md §6, allocate one bank; TT-NN's own splits leave no such column)."""
    rows = params.batch_size * params.input_height * params.input_width
    dtype = params.input_dtype or DataType.BFLOAT16
    width = params.in_channels
    return sharded_buffer("resharded input", rows, width, shard.shard_shape, dtype, layout)


def input_l1_failure(params: ConvParameters) -> L1Failure | None:
    """The input itself not placed in L1 (TT-NN fails before conv2d runs, before any of its
    rules), on a fresh device of `params`' grid and L1 budget; None when it fits or is in
    DRAM."""
    device = L1Device.for_grid(params.grid, params.l1_budget)
    allocator = L1Allocator(l1_bank(device.arch, device.l1_budget), device.grid[0] * device.grid[1])
    given = input_buffer(params, allocator.bank_count)
    if given is None:
        return None
    try:
        allocator.allocate(given)
    except L1Exhausted as error:
        return L1Failure("input", str(error))
    return None


def resharded_input_l1_failure(params: Conv2dParameters) -> L1Failure | None:
    """The first two allocations of conv2d's L1 path, for a conv the project resolves only up
    to its sharding (TT-NN kills the process later, `conv_op_config.WeightBlockCrash`): the
    input itself, then the input resharded for the conv (conv2d_utils.cpp,
    `shard_or_reshard_tensor_if_required`, before `get_conv_configs`). None when both fit, and
    for a conv from DRAM, folded, a matmul, or an input TT-NN keeps as sharded (no claim).
    TT-NN's answers: 5 WIDTH convs whose weight block would divide by zero, refused for the
    resharded input's L1 instead, word for word."""
    memory = params.input_memory_config
    if memory.is_dram or params.reads_input_shard_spec:
        return None
    params = normalize_parameters(params)
    form, l1, sharding, output_size = resolve_conv_sharding(params)
    if form.fold_stride == (1, 1):
        # A fold of stride 1×1 folds nothing: the conv runs unfolded (`runtime_parameters`).
        config = replace(params.conv_config, enable_kernel_stride_folding=False)
        params = replace(params, conv_config=config)
        form, l1, sharding, output_size = resolve_conv_sharding(params)
    if l1.slicing is not None or form.fold_stride is not None or form.mm_conv:
        return None
    return input_and_reshard_l1_failure(params, l1, sharding, output_size)


def input_and_reshard_l1_failure(
    params: ConvParameters, l1: L1Decisions, sharding: ShardDecision, output_size: tuple[int, int]
) -> L1Failure | None:
    """The input allocated in L1 as given, then resharded for the conv's core split (its
    `output_size`), on an empty device: the first failure, None when both fit."""
    device = l1.device
    allocator = L1Allocator(l1_bank(device.arch, device.l1_budget), device.grid[0] * device.grid[1])
    given = input_buffer(params, allocator.bank_count)
    assert given is not None
    try:
        allocator.allocate(given)
    except L1Exhausted as error:
        return L1Failure("input", str(error))
    split = sharding.parallel.input_split
    shard = determine_input_memory_config(
        split.layout,
        split.orientation,
        params.batch_size,
        (params.input_height, params.input_width),
        params.in_channels,
        output_size,
        params.out_channels,
        False,
        device.grid,
        params.input_layout,
        False,
        split,
        params.conv_config.act_block_h_override,
    )
    try:
        allocator.allocate(conv_input_buffer(params, shard, params.input_layout))
    except L1Exhausted as error:
        return L1Failure("resharded input", str(error))
    return None


def transposed_resharded_input_l1_failure(params: ConvTranspose2dParameters) -> L1Failure | None:
    """`resharded_input_l1_failure` of a conv_transpose2d (its own path's parameters) the
    project resolves only up to its sharding (`conv_op_config.WeightBlockCrash`): its input,
    then that input resharded for the equivalent conv's core split (`conv_transpose2d_L1`'s
    `shard_or_reshard_tensor_if_required`, before its block config), as
    `conv_transpose2d_l1_failure` reshards it. None when both fit, and for a DRAM input, an
    input TT-NN keeps as sharded, a matmul or the DRAM path (no claim). TT-NN's answers:
    Blackhole s6001 r0283, a WIDTH transpose with act_block_w_div 2, out of memory for its
    resharded input, word for word."""
    if params.input_memory_config.is_dram or transposes_as_matmul(params):
        return None
    params = normalize_transpose_parameters(params)
    equivalent, dram = equivalent_conv2d(params)
    if dram is not None or equivalent.reads_input_shard_spec:
        return None
    form, l1, sharding, _ = resolve_conv_sharding(equivalent)
    if l1.slicing is not None or form.fold_stride is not None or form.mm_conv:
        return None
    return input_and_reshard_l1_failure(params, l1, sharding, l1.geometry.out_hw)


def conv2d_l1_failure(params: Conv2dParameters, plan: ConvWeightsPlan) -> L1Failure | None:
    """Where TT-NN 0.81.1's conv2d fails to allocate its L1, replayed in TT-NN's order, or
    None when it fits or is not modelled (the module doc)."""
    device = plan.l1.device
    allocator = L1Allocator(l1_bank(device.arch, device.l1_budget), device.grid[0] * device.grid[1])
    given = input_buffer(params, allocator.bank_count)
    if given is None and (runs_from_dram(params) or plan.form.mm_conv):
        return dram_input_l1_failure(params, plan, allocator.bank)
    if given is not None:
        try:
            allocator.allocate(given)
        except L1Exhausted as error:
            return L1Failure("input", str(error))
    # A DRAM input on the L1 path (an `l1_full` slice config) is read straight into the
    # conv's shards: the replay goes on with nothing else in L1.
    resolved = runtime_conv(params, plan)
    if resolved is None:
        return None
    params, plan = resolved
    if plan.l1.slicing is not None:
        return None
    if plan.form.fold_stride is not None:
        return replay_fold_and_conv(params, plan, allocator, device)
    return replay_conv(params, plan, allocator, device)


def replay_conv(
    params: Conv2dParameters, plan: ConvWeightsPlan, allocator: L1Allocator, device: L1Device
) -> L1Failure | None:
    """The conv after its input is placed: a 1×1 matmul conv's, or the halo's and the conv's."""
    usage = conv_l1_report(plan).estimate
    if usage is None:
        return None
    if plan.form.mm_conv:
        return replay_matmul(params, plan.l1.geometry, usage, allocator)
    configs = halo_config_tensors(params, plan.l1.geometry, usage.input_split, usage.input_shard[0])
    return replay_halo_and_conv(
        params, plan.l1.geometry, usage, allocator, device, halo_configs=configs
    )


def fresh_l1_small_region(bank: L1Bank) -> L1SmallRegion:
    """The empty L1_SMALL region above `bank` (the `l1_small_size` TT-NN's device was opened
    with)."""
    return L1SmallRegion(bank.l1_size - bank.top, bank.allocation_unit)


def replay_fold_and_conv(
    params: Conv2dParameters, plan: ConvWeightsPlan, allocator: L1Allocator, device: L1Device
) -> L1Failure | None:
    """A kernel-stride folded conv of an L1-interleaved input (conv2d.cpp,
    `fold_input_tensor_if_required`): TT-NN folds the input into a new L1-interleaved,
    row-major tensor of the folded conv's input — N·(H + pt + pb)/sH·(W + pl + pr)/sW rows of
    Cin·sH·sW channels in the input's dtype (its graph capture: `Fold` allocates it, the input
    stays) — lets the input go with `deallocate_activation`, and runs the folded conv on it
    (stride 1, no padding), as on any interleaved input. Not claimed: an input already sharded
    (the fold keeps a sharding of its own), in DRAM (folded there) or bfloat8_b (no row-major
    tensor)."""
    memory = params.input_memory_config
    if memory.is_sharded or memory.is_dram or params.input_dtype == DataType.BFLOAT8_B:
        return None
    folded = replace(
        plan.form.folded,
        input_layout=Layout.ROW_MAJOR,
        folded_output=False,
        conv_config=replace(plan.form.folded.conv_config, enable_kernel_stride_folding=False),
    )
    allocator.blocks["unfolded input"] = allocator.blocks.pop("input")
    rows = folded.batch_size * folded.input_height * folded.input_width
    dtype = params.input_dtype or DataType.BFLOAT16
    buffer = interleaved_buffer(
        "input", rows, folded.in_channels, dtype, Layout.ROW_MAJOR, allocator.bank_count
    )
    try:
        allocator.allocate(buffer)
    except L1Exhausted as error:
        return L1Failure("folded input", str(error))
    if params.conv_config.deallocate_activation:
        allocator.deallocate("unfolded input")
    try:
        folded_plan = resolve_conv_weights(folded)
    except ConvConfigError:
        return None
    if (
        folded_plan.form.fold_stride is not None
        or folded_plan.l1.slicing is not None
        # TT-NN's folded conv is a matmul when kernel == stride, whatever else it keeps (a
        # dilation: conv2d_s5001 r0540); the folded conv resolved afresh may not be.
        or folded_plan.form.mm_conv != plan.form.mm_conv
    ):
        return None
    return replay_conv(folded, folded_plan, allocator, device)


def claims_l1_small(params: Conv2dParameters) -> bool:
    """Whether the replay claims the conv's use of the L1_SMALL region: its config tensors go
    there (not `config_tensors_in_dram`) and the region's size is stated (`l1_budget`)."""
    return params.l1_budget is not None and not params.conv_config.config_tensors_in_dram


def halo_config_tensors(
    params: Conv2dParameters,
    geometry: ConvGeometry,
    split: CoreSplit,
    shard_height: int | None,
    image: PaddedInput | None = None,
) -> tuple[ConfigTensor, ...]:
    """The config tensors the halo of `geometry` on the cores of `split` places in the
    L1_SMALL region (`l1_small_region`), in TT-NN's order: its two padding configs, then its
    two gather configs of an input in shards of `shard_height` rows (None: only the padding
    configs are claimed); `image` is what the halo reads (the conv's padded input unless
    given). None with `config_tensors_in_dram`, and none for a device opened with TT-NN's
    defaults and no `ttnn.open_device` saying so (`l1_budget` None: no claim, the region's
    size is not stated)."""
    if not claims_l1_small(params):
        return ()
    padding = halo_padding_configs(geometry, split.nhw, split.channels, image)
    if shard_height is None:
        return padding
    tiled = geometry.input_layout == Layout.TILE
    return padding + halo_gather_configs(geometry, split, shard_height, tiled, image)


def reader_indices_tensors(
    params: Conv2dParameters, geometry: ConvGeometry, usage: ConvL1Usage
) -> tuple[ConfigTensor, ...]:
    """The conv program's reader indices in the L1_SMALL region: a row of
    `reader_indices_page_bytes` on every core of the conv's grid (TT-NN's
    `construct_on_host_config_tensor`, `move_config_tensor_to_device`; measured on its graph:
    36 B on each of a WIDTH conv's 8 cores, 96 B on each of a 2×8 BLOCK conv's 16). None with
    `config_tensors_in_dram`, nor where the region's size is not stated (`l1_budget` None)."""
    if params.l1_budget is None or params.conv_config.config_tensors_in_dram:
        return ()
    split = usage.input_split
    page = reader_indices_page_bytes(geometry, usage)
    return (ConfigTensor("conv reader indices", split.nhw * split.channels, page),)


def dram_input_l1_failure(
    params: Conv2dParameters, plan: ConvWeightsPlan, bank: L1Bank
) -> L1Failure | None:
    """A DRAM input: the first slice TT-NN's slicer runs (`conv2d_first_slice_l1_failure`) up to its
    halo's output, then the first halo's config tensors (`dram_input_l1_small_failure`), then
    the rest of that slice's conv — the halo's and the conv's circular buffers, the conv's
    output. A slice whose own config tensors overflow the region makes no further claim (TT-NN
    keeps them over the slices; the first halo's are the measured claim)."""
    replay = conv2d_first_slice_l1_failure(params, plan)
    if replay is not None and replay.stage in ("slice input", "resharded input", "halo output"):
        return replay
    small = dram_input_l1_small_failure(params, plan, bank)
    if small is not None or replay is None or replay.stage == "halo config tensors":
        return small
    return replay


def conv2d_first_slice_l1_failure(
    params: Conv2dParameters, plan: ConvWeightsPlan
) -> L1Failure | None:
    """Where the first slice of a conv2d from DRAM fails to allocate its L1, or None (no claim:
    a later slice may fail). TT-NN's slicer (op_slicing.cpp, `run_sliced_op`) reads the slice's
    input window into L1, row-major, sharded as `Conv2dSliceAttr::get_input_memory_config`
    decides (`L1Decisions.slice_shard`), and runs conv2d_L1 on it (`Conv2dSliceAttr::run_L1_op`)
    with the window's padding, the slice's shard layout and its own config
    (`slicer_run_config`); replayed as that conv2d of an L1 input on a fresh L1 (each slice lets
    its tensors go). Not claimed: one slice found by the project's slice search (TT-NN's
    answers: wide draw w0319, whose one slice the replay finds too big for the L1, runs; one
    slice asked for is claimed), a 1D conv (TT-NN cuts it
    otherwise), a 1×1 matmul or folded conv (the DRAM path's own matmul, the fold), a
    bfloat8_b input (no row-major slice), and `reshard_if_not_optimal` (the slice's conv splits
    it again; on a Blackhole opened with TT-NN's defaults, held-out w0049's first slice so
    split would grow its circular buffers beyond the L1, where TT-NN's search plans slices that
    fit)."""
    decisions = plan.l1
    shard = decisions.slice_shard
    if (
        is_conv1d(params)
        or plan.form.mm_conv
        or plan.form.fold_stride is not None
        or decisions.slicing is None
        or not (decisions.sliced or params.slice_config is not None)
        or shard is None
        or params.input_dtype == DataType.BFLOAT8_B
        or params.conv_config.reshard_if_not_optimal
    ):
        return None
    out_hw = decisions.geometry.out_hw
    end = first_slice_end(out_hw, decisions.slicing, params.conv_config.output_layout)
    # The slicer's first block ends within the output (`output_slices`), where the weights'
    # slice may be rounded up past it (a width slice of a TILE output: whole tiles).
    end = (min(end[0], out_hw[0]), min(end[1], out_hw[1]))
    window = slice_input_window(decisions.geometry, (0, 0), end, params.conv_config.output_layout)
    split = shard.split
    memory = InputMemoryConfig(
        BufferType.L1,
        split.layout,
        shard.shard_shape,
        (split.cores_x, split.cores_y),
        split.orientation,
        None if split.num_cores == split.cores_x * split.cores_y else split.num_cores,
    )
    config = replace(slicer_run_config(params.conv_config), shard_layout=split.layout)
    slice_params = replace(
        params,
        input_height=window.in_h,
        input_width=window.in_w,
        padding=window.padding,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=memory,
        slice_config=None,
        conv_config=config,
    )
    try:
        slice_plan = resolve_conv_weights(slice_params)
    except ConvConfigError:
        return None
    failure = conv2d_l1_failure(slice_params, slice_plan)
    if failure is not None and failure.stage == "input":
        return L1Failure("slice input", failure.message)
    return failure


def dram_input_l1_small_failure(
    params: Conv2dParameters, plan: ConvWeightsPlan, bank: L1Bank
) -> L1Failure | None:
    """A DRAM input, whose L1 allocations (TT-NN's DRAM path: each slice read into L1, its halo
    and conv) are not modelled: only its first use of the L1_SMALL region, the padding configs
    of the first halo TT-NN runs — the first slice's (`conv_slicing.slice_input_window`: its
    input window and padding, sharded as the slice's weights are prepared for), or, for one
    slice, the whole conv's on the cores of its L1 estimate, split as conv2d_L1 splits the whole
    DRAM input (`conv_l1_decisions.whole_dram_input_shard`: with `act_block_h_override`;
    measured on TT-NN's graph capture: every one-slice conv's padding configs agree, 17 more
    than with the slicer's split; every one of 15 sliced convs agrees). None for a conv that
    runs no halo, and for a 1D conv, which TT-NN's conv2d cuts into slices its preparation
    does not plan (measured: a 1×5 conv from DRAM ran as 19 convs). The conv is the one
    TT-NN runs (`runtime_parameters`: a 1×1 fold runs unfolded)."""
    if is_conv1d(params):
        return None
    resolved = runtime_conv(params, plan)
    if resolved is None:
        return None
    params, plan = resolved
    if plan.form.mm_conv or plan.form.fold_stride is not None or overrides_core_grid(params):
        return None
    decisions = plan.l1
    if decisions.slicing is None or decisions.slicing.num_slices == 1:
        usage = conv_l1_report(plan).estimate
        if usage is None or bypasses_halo(decisions.geometry, usage):
            return None
        configs = halo_config_tensors(
            params, decisions.geometry, usage.input_split, usage.input_shard[0]
        )
        if configs:
            # The one slice's conv then adds its reader indices (`reader_indices_tensors`).
            configs = (*configs, *reader_indices_tensors(params, decisions.geometry, usage))
    else:
        assert decisions.slice_output_size is not None and decisions.slice_split is not None
        geometry = first_slice_geometry(decisions.geometry, decisions.slice_output_size, params)
        split = decisions.slice_split
        if (
            split.layout == TensorMemoryLayout.WIDTH_SHARDED
            and geometry.input_layout == Layout.ROW_MAJOR
            and not any(geometry.padding)
        ):
            return None  # No halo (`bypasses_halo`).
        # The slice's gather configs are not claimed: its input shards are not modelled
        # (measured: 6 of 15 sliced convs' gather configs as TT-NN's, every padding config).
        configs = halo_config_tensors(params, geometry, split, None)
    refusal = l1_small_refusal(configs, bank.l1_size - bank.top, bank.allocation_unit)
    return None if refusal is None else L1Failure("halo config tensors", refusal)


def first_slice_geometry(
    geometry: ConvGeometry, output_end: tuple[int, int], params: Conv2dParameters
) -> ConvGeometry:
    """The conv of TT-NN's first DRAM slice, the output from (0, 0) to `output_end` (within the
    output: a slice's conv may be rounded up past it, `L1Decisions.slice_output_size`): its
    input window, with that window's padding."""
    end = (min(output_end[0], geometry.out_hw[0]), min(output_end[1], geometry.out_hw[1]))
    window = slice_input_window(geometry, (0, 0), end, params.conv_config.output_layout)
    return replace(
        geometry,
        in_hw=(window.in_h, window.in_w),
        out_hw=window_output_size(geometry, window),
        padding=window.padding,
    )


def runtime_conv(
    params: Conv2dParameters, plan: ConvWeightsPlan
) -> tuple[Conv2dParameters, ConvWeightsPlan] | None:
    """The conv TT-NN's conv2d runs (`runtime_parameters`) and its resolution, or None where
    the project does not resolve it (then it makes no claim about it)."""
    runtime = runtime_parameters(params, plan)
    if runtime is params:
        return params, plan
    try:
        return runtime, resolve_conv_weights(runtime)
    except ConvConfigError:
        return None


def runtime_parameters(params: Conv2dParameters, plan: ConvWeightsPlan) -> Conv2dParameters:
    """The conv TT-NN's conv2d runs, where it is not the one its weight preparation resolves:

    - kernel-stride folding asked for a stride of 1×1 folds nothing: the conv runs unfolded
      (its graph capture shows no fold); a fold of a larger stride runs the folded conv, split
      by its own output image (`Conv2dParameters.folded_output`; TT-NN's answers: 3 convs
      whose output is on fewer cores than the preparation's split);
    - an L1 input sharded HEIGHT or WIDTH in COL_MAJOR orientation is resharded to
      `conv_config.shard_layout` — whichever it is, the input's own kind too — its cores
      chosen from the device grid (`get_conv_padded_input_shape_and_mem_config`,
      conv2d_utils.cpp: a sharded input that is not BLOCK and not ROW_MAJOR "needs shard or
      reshard", and the new parallel config is `determine_parallel_config` of the config's
      shard layout, its channels aligned as the input's shards were): resolved as the
      preparation reshards with `reshard_if_not_optimal`, where it keeps the input's own
      layout (§3.3a). Without a shard layout TT-NN finds none (`finds_no_shard_layout`). A
      ROW_MAJOR or BLOCK input runs in its own layout, whatever the config says — but
    - an L1 input of a 1×1 matmul conv in shards not whole tiles (`matmul_shard_not_tiles`)
      is resharded so too (TT-NN's answers: probe p07 of
      `ttnn_conv_matmul_tilize_blackhole_P150`, a HEIGHT input of 891-row shards on 5 cores
      asked HEIGHT, runs on 70; asked BLOCK or WIDTH TT-NN refuses it first,
      `conv2d_decisions.matmul_input_tilize_refusal`);
    - a BLOCK input of a 1×1 matmul conv whose channels are not its channel cores' shards
      exactly (`matmul_block_input_unfilled`) is resharded BLOCK, whatever the config says
      (the same function; TT-NN's answers: 1 such conv run, its output agrees).

    TT-NN's answers (tests/test_conv2d_op_reference.py): of 53 convs of COL_MAJOR HEIGHT or
    WIDTH inputs with a shard layout, the 26 TT-NN runs agree on output and weight, its 21 L1
    failures word for word.

    The input itself stays where the user put it (`input_buffer` reads `params`, not this)."""
    config = params.conv_config
    if plan.form.fold_stride == (1, 1):
        config = replace(config, enable_kernel_stride_folding=False)
    elif plan.form.fold_stride is not None and not params.folded_output:
        params = replace(params, folded_output=True)
    if reshards_column_major_input(params) or (
        matmul_shard_not_tiles(params) and config.shard_layout is not None
    ):
        return replace(params, conv_config=replace(config, reshard_if_not_optimal=True))
    if plan.form.mm_conv and plan.form.fold_stride is None and matmul_block_input_unfilled(params):
        config = replace(
            config, shard_layout=TensorMemoryLayout.BLOCK_SHARDED, reshard_if_not_optimal=True
        )
        return replace(params, conv_config=config)
    if config is params.conv_config:
        return params
    return replace(params, conv_config=config)


def reshards_column_major_input(params: ConvParameters) -> bool:
    """An L1 input sharded HEIGHT or WIDTH in COL_MAJOR orientation with a
    `conv_config.shard_layout`: conv2d_utils.cpp's `get_conv_padded_input_shape_and_mem_config`
    needs to reshard it and does so to the config's layout on cores chosen from the device
    grid (`runtime_parameters`; conv_transpose2d's L1 path calls the same function,
    `conv2d_decisions.conv_transpose2d_preparation`)."""
    memory = params.input_memory_config
    return (
        memory.sharded_in_l1
        and memory.shard_orientation == ShardOrientation.COL_MAJOR
        and memory.memory_layout
        in (TensorMemoryLayout.HEIGHT_SHARDED, TensorMemoryLayout.WIDTH_SHARDED)
        and params.conv_config.shard_layout is not None
    )


def matmul_shard_not_tiles(params: ConvParameters) -> bool:
    """A 1×1 matmul conv2d's L1 input in shards whose height or width is not whole tiles:
    conv2d_utils.cpp's `get_conv_padded_input_shape_and_mem_config` needs to reshard it
    (tilizing it needs whole tiles; a width not whole tiles is also an unaligned one), to
    `conv_config.shard_layout` on cores of the device grid (`runtime_parameters`)."""
    memory = params.input_memory_config
    if not isinstance(params, Conv2dParameters) or not memory.sharded_in_l1:
        return False
    if not is_mm_conv(normalize_parameters(params)):
        return False
    assert memory.shard_shape is not None
    height, width = memory.shard_shape
    return height % TILE_SIZE != 0 or width % TILE_SIZE != 0


def matmul_block_input_unfilled(params: Conv2dParameters) -> bool:
    """An L1 input BLOCK-sharded for a 1×1 matmul conv whose channels are not its channel
    cores' shards exactly (`get_conv_padded_input_shape_and_mem_config`, conv2d_utils.cpp:
    `in_channels != num_cores_c · shard width` needs a reshard, BLOCK whatever the config
    says)."""
    memory = params.input_memory_config
    if not memory.sharded_in_l1 or memory.memory_layout != TensorMemoryLayout.BLOCK_SHARDED:
        return False
    assert memory.shard_grid is not None and memory.shard_shape is not None
    x, y = memory.shard_grid
    channel_cores = x if memory.shard_orientation == ShardOrientation.ROW_MAJOR else y
    return params.in_channels != channel_cores * memory.shard_shape[1]


def replay_halo_and_conv(
    params: Conv2dParameters,
    geometry: ConvGeometry,
    usage: ConvL1Usage,
    allocator: L1Allocator,
    device: L1Device,
    resharded_input: L1Buffer | None = None,
    halo_configs: tuple[ConfigTensor, ...] = (),
    reader_indices: tuple[ConfigTensor, ...] = (),
    l1_small: L1SmallRegion | None = None,
) -> L1Failure | None:
    """TT-NN's conv2d after the input is placed (conv2d.cpp, `conv2d_L1`): the input resharded
    for the conv unless TT-NN keeps the user's shards; the halo's output and the halo program;
    the resharded input let go and the halo's output moved up; the conv's output and the conv
    program. `resharded_input` is the resharded input of a conv_transpose2d, which holds it
    to the end (`release_transposed_halo_input`) and always runs the halo (its zero stuffing,
    conv_transpose2d.cpp: no bypass); `halo_configs` the halo's config tensors and
    `reader_indices` the conv program's (`conv_reader_indices_tensor`, made with its program
    after its output) in the L1_SMALL region `l1_small` (a fresh one unless given)."""
    transposed = resharded_input is not None
    resharded = not params.reads_input_shard_spec
    region = l1_small or fresh_l1_small_region(allocator.bank)
    halo = transposed or not bypasses_halo(geometry, usage)
    stage = "resharded input"
    try:
        if resharded:
            copy = resharded_input or conv_input_buffer(
                params, _input_shard(usage), params.input_layout
            )
            allocator.allocate(copy)
            if params.conv_config.deallocate_activation and "input" in allocator.blocks:
                # `shard_or_reshard_tensor_if_required` lets the input go once resharded and
                # moves the copy up (`ttnn::move`): conv2d's and conv_transpose2d's (TT-NN's
                # graph capture of the vanilla UNet's dec2_1: the input freed before the halo,
                # the resharded input freed and made again).
                allocator.deallocate("input")
                allocator.deallocate(copy.what)
                allocator.allocate(copy)
        if halo:
            failure = replay_halo(
                params, usage, allocator, resharded, halo_configs, transposed, region
            )
            if failure is not None:
                return failure
        stage = "conv output"
        allocator.allocate(conv_output_buffer(geometry, usage))
    except L1Exhausted as error:
        return L1Failure(stage, str(error))
    if not transposed:
        # conv2d's program puts its reader indices on top of the halo's configs (TT-NN keeps
        # them with its cached program): TT-NN's answers, 6 L1_SMALL re-asks refused so.
        refusal = region.allocate_all(reader_indices_tensors(params, geometry, usage))
        if refusal is not None:
            return L1Failure("conv reader indices", refusal)
    refusal = region.allocate_all(reader_indices)
    if refusal is not None:
        return L1Failure("conv reader indices", refusal)
    # `get_cb_info` then checks the indices against the circular buffer planned for them.
    refusal = reader_indices_refusal(geometry, usage) if reader_indices else None
    if refusal is not None:
        return L1Failure(READER_INDICES_BUFFER, refusal)
    buffers = conv_circular_buffer_bytes(params, geometry, usage, device.arch)
    refusal = circular_buffer_refusal(
        "conv2d", buffers, conv_core_range(usage, device.grid[0]), allocator
    )
    if refusal is not None:
        return L1Failure("conv circular buffers", refusal)
    return None


def bypasses_halo(geometry: ConvGeometry, usage: ConvL1Usage) -> bool:
    """TT-NN's conv2d runs no halo for a WIDTH conv of a row-major input without padding: the
    conv reads its sharded input as it is (a TILE input still goes through the halo, which
    untilizes it; measured on TT-NN's messages)."""
    return (
        usage.layout == TensorMemoryLayout.WIDTH_SHARDED
        and geometry.input_layout == Layout.ROW_MAJOR
        and not any(geometry.padding)
    )


def replay_halo(
    params: Conv2dParameters,
    usage: ConvL1Usage,
    allocator: L1Allocator,
    resharded: bool,
    configs: tuple[ConfigTensor, ...] = (),
    transposed: bool = False,
    l1_small: L1SmallRegion | None = None,
) -> L1Failure | None:
    """The halo: its output, its config tensors `configs` in the L1_SMALL region `l1_small`
    (above the bank: the `l1_small_size` TT-NN's device was opened with; a fresh one unless
    given), its program's circular buffers, then the resharded input let go (a `transposed`
    conv's as conv_transpose2d lets it go) and the halo's output moved up."""
    try:
        halo = halo_output_buffer(params, usage)
        allocator.allocate(halo)
    except L1Exhausted as error:
        return L1Failure("halo output", str(error))
    region = l1_small or fresh_l1_small_region(allocator.bank)
    refusal = region.allocate_all(configs)
    if refusal is not None:
        return L1Failure("halo config tensors", refusal)
    refusal = circular_buffer_refusal(
        "halo",
        halo_circular_buffer_bytes(
            usage.input_shard[1], params.input_dtype or DataType.BFLOAT16, params.input_layout
        ),
        halo_core_range(usage),
        allocator,
    )
    if refusal is not None:
        return L1Failure("halo circular buffers", refusal)
    if transposed:
        release_transposed_halo_input(allocator, params, resharded)
    else:
        release_halo_input(allocator, params, resharded)
    if params.conv_config.reallocate_halo_output:
        # TT-NN's `ttnn::move`: the halo's output freed and allocated again, now above
        # the space its input left.
        allocator.deallocate(halo.what)
        allocator.allocate(halo)
    return None


def replay_matmul(
    params: Conv2dParameters,
    geometry: ConvGeometry,
    usage: ConvL1Usage,
    allocator: L1Allocator,
    resharded_input: L1Buffer | None = None,
) -> L1Failure | None:
    """A 1×1 matmul conv after the input is placed (conv2d.cpp, `conv2d_L1` with mm_conv,
    measured on TT-NN's messages): a row-major input is tilized into an L1-interleaved
    tensor, which is copied into the conv's shards (TILE) and then let go; then the matmul's
    output. `resharded_input` is the resharded input of a conv_transpose2d (TILE). The matmul
    program's own circular buffers are not modelled, nor an input TT-NN keeps as the user
    sharded it."""
    if params.reads_input_shard_spec:
        return None
    dtype = params.input_dtype or DataType.BFLOAT16
    rows = params.batch_size * params.input_height * params.input_width
    banks = allocator.bank_count
    stage = "tilized input"
    try:
        # A DRAM input is tilized where it is (`to_layout` keeps its memory config).
        tilized = params.input_layout == Layout.ROW_MAJOR and not params.input_memory_config.is_dram
        if tilized:
            allocator.allocate(
                interleaved_buffer(stage, rows, params.in_channels, dtype, Layout.TILE, banks)
            )
        stage = "resharded input"
        allocator.allocate(
            resharded_input or conv_input_buffer(params, _input_shard(usage), Layout.TILE)
        )
        if tilized:
            allocator.deallocate("tilized input")
        stage = "matmul output"
        allocator.allocate(conv_output_buffer(geometry, usage))
    except L1Exhausted as error:
        return L1Failure(stage, str(error))
    return None


def _input_shard(usage: ConvL1Usage) -> ShardSpec:
    return ShardSpec(usage.input_split, usage.input_shard)


def release_halo_input(allocator: L1Allocator, params: Conv2dParameters, resharded: bool) -> None:
    """What conv2d lets go once the halo has run: the input it resharded (its last reference
    is dropped), and the user's input with `deallocate_activation`."""
    if resharded:
        allocator.deallocate("resharded input")
    if params.conv_config.deallocate_activation and "input" in allocator.blocks:
        allocator.deallocate("input")


def release_transposed_halo_input(
    allocator: L1Allocator, params: Conv2dParameters, resharded: bool
) -> None:
    """What conv_transpose2d lets go once the halo has run: its input as the conv reads it
    (the resharded input, else the user's) only with `deallocate_activation`; otherwise it
    holds the resharded input until it returns (conv_transpose2d.cpp, `conv_transpose2d_L1`:
    `input_tensor_post_tm` outlives the halo, whose output is another tensor). TT-NN's
    answers: the resharded input still allocated when the conv's output fails."""
    if params.conv_config.deallocate_activation:
        allocator.deallocate("resharded input" if resharded else "input")


def halo_output_buffer(params: Conv2dParameters, usage: ConvL1Usage) -> L1Buffer:
    """The halo's output: each input core's window of sticks, as wide as its input shard, on
    the cores whose shards hold channels (an input kept as the user sharded it may leave
    channel cores empty)."""
    split = usage.input_split
    channel_cores = split.channels
    if params.reads_input_shard_spec:
        channel_cores = min(channel_cores, ceil_div(params.in_channels, usage.input_shard[1]))
    banks = split.nhw * channel_cores
    return L1Buffer("halo output", usage.halo_output_bytes * banks, banks, usage.halo_output_bytes)


def conv_circular_buffer_bytes(
    params: ConvParameters, geometry: ConvGeometry, usage: ConvL1Usage, arch: Arch
) -> int:
    """The conv program's circular buffers that no tensor backs: TT-NN's `get_cb_info`, as its
    L1 estimate counts them (`conv_l1_model.circular_buffers`), but

    - for a WIDTH conv on one core (input and output), whose program creates no
      tilized-activation buffer (measured: its buffers are the estimate's less that one on all
      5 such convs that failed in TT-NN's answers, and on none of the 19 WIDTH convs on more
      cores);
    - with `config_tensors_in_dram`, where the reader indices buffer is the program's own: one
      page of the reader indices in DRAM (`reader_indices_page_bytes`, padded to
      `DRAM_ALIGNMENT`), not the estimate's one index per output row (TT-NN's answers: the 8
      such convs whose buffers clash, each by the difference, 32 B or 576 B; the factory sets
      the buffer's page to the config tensor's, conv2d_op_sharded_program_factory.cpp)."""
    single_core_width = (
        usage.layout == TensorMemoryLayout.WIDTH_SHARDED
        and usage.input_split.num_cores == usage.output_split.num_cores == 1
    )
    total = 0
    for buffer in usage.circular_buffers:
        if buffer.globally_allocated or (single_core_width and buffer.name == "ACT_TILIZED"):
            continue
        if buffer.name == "READER_INDICES" and params.conv_config.config_tensors_in_dram:
            total += round_up(reader_indices_page_bytes(geometry, usage), DRAM_ALIGNMENT[arch])
            continue
        total += buffer.bytes
    return total


def conv_output_buffer(geometry: ConvGeometry, usage: ConvL1Usage) -> L1Buffer:
    """The conv's output `[N·OH·OW, Cout]`, both padded to tiles, in its shards of whole tiles
    (TT-NN's output memory config rounds the shard height up to tiles): one on each output core
    that holds rows of it."""
    rows = round_up(geometry.batch * geometry.out_hw[0] * geometry.out_hw[1], TILE_SIZE)
    shard_h, shard_w = usage.blocking.out_shard
    banks = ceil_div(rows, round_up(shard_h, TILE_SIZE)) * ceil_div(
        round_up(geometry.out_channels, TILE_SIZE), shard_w
    )
    return L1Buffer("conv output", usage.output_bytes * banks, banks, usage.output_bytes)


def halo_core_range(usage: ConvL1Usage) -> str:
    """The first core range of the halo's shard grid (TT-NN reports the first that fails)."""
    split = usage.input_split
    if split.layout == TensorMemoryLayout.BLOCK_SHARDED:
        return core_range_text(split.cores_x, split.cores_y)
    full_rows = split.num_cores // split.cores_x
    if full_rows:
        return core_range_text(split.cores_x, full_rows)
    return core_range_text(split.num_cores, 1)


def conv_core_range(usage: ConvL1Usage, grid_x: int) -> str:
    """The conv program's core range: HEIGHT's is its input's grid, BLOCK's the rectangle of
    its input and output cores, WIDTH's the larger of its input and output core counts laid
    row by row over the device grid (whatever grid the input was sharded on)."""
    inputs, outputs = usage.input_split, usage.output_split
    if inputs.layout == TensorMemoryLayout.HEIGHT_SHARDED:
        return core_range_text(inputs.cores_x, inputs.cores_y)
    if inputs.layout == TensorMemoryLayout.BLOCK_SHARDED:
        return core_range_text(
            max(inputs.cores_x, outputs.cores_x), max(inputs.cores_y, outputs.cores_y)
        )
    cores = max(inputs.num_cores, outputs.num_cores)
    x = min(cores, grid_x)
    return core_range_text(x, ceil_div(cores, x))


def conv2d_l1_refusal(params: Conv2dParameters, plan: ConvWeightsPlan) -> str | None:
    """TT-NN's message when conv2d's L1 allocation fails (`conv2d_l1_failure`), else None."""
    failure = conv2d_l1_failure(params, plan)
    return None if failure is None else failure.message


def conv_transpose2d_l1_failure(
    plan: ConvTranspose2dPlan, run_by_slicer: bool = False, l1_small: L1SmallRegion | None = None
) -> L1Failure | None:
    """Where TT-NN 0.81.1's conv_transpose2d fails to allocate its L1: the conv2d replay of its
    equivalent conv (§7.2) from the user's input, which TT-NN reshards as it is (an L1 input
    stays where the user put it; a DRAM input run whole on the L1 path is read into the
    conv's shards), its shards cut for the equivalent conv's cores (the halo stuffs and pads it
    into that conv's windows, even when the equivalent conv is a 1×1 matmul). `run_by_slicer`:
    a DRAM input without a slice config whose slice search found one slice, which TT-NN's
    slicer runs on the L1 path with its own config (`slicer_run_config`). On the DRAM path in
    several slices, each slice in turn (`dram_slices_l1_failure`); the bias is not modelled.
    The halo's config tensors and the conv's reader indices go to the L1_SMALL region
    `l1_small` (a fresh one unless given: a DRAM slice's go where the slices before left
    theirs)."""
    params, conv, conv_plan = plan.params, plan.equivalent, plan.conv
    if plan.for_bias:
        return None
    if plan.dram is not None:
        return dram_slices_l1_failure(plan) if plan.dram.sliced else None
    if run_by_slicer:
        conv = replace(conv, conv_config=slicer_run_config(conv.conv_config))
        if conv.conv_config.output_layout != plan.equivalent.conv_config.output_layout:
            conv_plan = resolve_conv_weights(conv)
    device = conv_plan.l1.device
    allocator = L1Allocator(l1_bank(device.arch, device.l1_budget), device.grid[0] * device.grid[1])
    given = input_buffer(params, allocator.bank_count)
    if given is not None:
        try:
            allocator.allocate(given)
        except L1Exhausted as error:
            return L1Failure("input", str(error))
    usage = conv_l1_report(conv_plan).estimate
    if usage is None or conv_plan.form.fold_stride is not None:
        return None
    geometry = conv_plan.l1.geometry
    shard = determine_input_memory_config(
        usage.layout,
        usage.input_split.orientation,
        params.batch_size,
        (params.input_height, params.input_width),
        params.in_channels,
        geometry.out_hw,
        geometry.out_channels,
        False,
        device.grid,
        params.input_layout,
        False,
        usage.input_split,
        params.conv_config.act_block_h_override,
    )
    if transposes_as_matmul(params):
        if given is None and params.conv_config.shard_layout is None:
            # An auto-sharded matmul runs on the interleaved DRAM input (conv2d_utils.cpp's
            # `auto_shard_mm`): its program's buffers are not modelled.
            return None
        # A DRAM input with a shard layout is read into the conv's shards (TT-NN's answers:
        # Wormhole s3002 r0253, out of memory there).
        resharded = conv_input_buffer(params, shard, Layout.TILE)
        return replay_matmul(conv, geometry, usage, allocator, resharded)
    resharded = conv_input_buffer(params, shard, params.input_layout)
    configs = halo_config_tensors(
        conv, geometry, usage.input_split, shard.shard_shape[0], stuffed_image(params, geometry)
    )
    return replay_halo_and_conv(
        conv,
        geometry,
        usage,
        allocator,
        device,
        resharded,
        halo_configs=configs,
        reader_indices=reader_indices_tensors(conv, geometry, usage),
        l1_small=l1_small,
    )


READER_INDICES_BUFFER = "conv reader indices buffer"
"""The stage of `get_cb_info`'s check of a conv_transpose2d's reader indices against their
circular buffer (conv2d_op_program_factory_common.cpp), made once they are in the L1_SMALL
region: replayed for the conv TT-NN runs, a DRAM input's whole or each DRAM slice's."""

LATER_DRAM_SLICE = "later DRAM slice"
"""The stage of a failure in a DRAM slice after the first (whatever its own stage): TT-NN meets
it after the first slice has run whole."""


def dram_slices_l1_failure(plan: ConvTranspose2dPlan) -> L1Failure | None:
    """Where a conv_transpose2d in DRAM slices fails to allocate its L1 or its L1_SMALL
    region, or None (it fits, or no claim). TT-NN's slicer (op_slicing.cpp, `run_sliced_op`)
    runs the slices in turn (`TransposeDramPath.slices`): it reads the slice's input rows into
    L1, sharded as its slice attribute decides (`padded_slice`: row-major), and runs
    conv_transpose2d_L1 on them (`ConvT2DSliceAttr::run_L1_op`): the slice's own transposed
    padding and output padding, the slice's shard spec, the slicer's config
    (`slicer_run_config`), no activation reuse. Each slice starts on an empty L1 (it lets its
    tensors go), but the L1_SMALL region keeps the config tensors of every slice before: the
    halo's and the conv's programs, cached by TT-NN with their config tensors, differ with the
    slice's input and padding, so each new slice shape adds its halo's four configs and its
    reader indices, and a slice of a shape run before (the same programs) adds none and fits
    its L1 as that one did (measured on TT-NN: the L1_SMALL buffers left after a conv are
    those of its distinct slices; its refusals' `allocated` bytes are the slices' before)."""
    dram, params = plan.dram, plan.params
    assert dram is not None
    if transposes_as_matmul(params):
        return None
    bank = l1_bank(plan.conv.l1.device.arch, plan.conv.l1.device.l1_budget)
    region = fresh_l1_small_region(bank)
    seen: set[TransposedSliceShape] = set()
    for each in dram.slices():
        if each.shape in seen:
            continue
        seen.add(each.shape)
        slice_plan = dram_slice_plan(plan, each)
        if slice_plan is None:
            return None  # No claim for this slice, nor for the ones after.
        failure = conv_transpose2d_l1_failure(slice_plan, l1_small=region)
        if failure is not None:
            if len(seen) > 1:
                return L1Failure(LATER_DRAM_SLICE, failure.message)
            if failure.stage == "input":
                return L1Failure("slice input", failure.message)
            return failure
    return None


def dram_slice_plan(plan: ConvTranspose2dPlan, each: TransposedSlice) -> ConvTranspose2dPlan | None:
    """The conv_transpose2d TT-NN's slicer runs for the DRAM slice `each` of `plan`'s, as one of
    an L1 input (the slice's input rows, row-major, in the slice's shard spec), or None where
    the project does not resolve it."""
    params = plan.params
    shape = each.shape
    config = replace(
        slicer_run_config(params.conv_config),
        shard_layout=each.input_shard.layout,
        enable_activation_reuse=False,
    )
    slice_params = replace(
        params,
        input_height=shape.in_hw[0],
        input_width=shape.in_hw[1],
        padding=shape.padding,
        output_padding=shape.output_padding,
        input_layout=Layout.ROW_MAJOR,
        input_memory_config=slice_input_memory_config(each.input_shard),
        dram_slice_config=None,
        conv_config=config,
    )
    try:
        return resolve_dram_slice_conv(slice_params)
    except ConvConfigError:
        return None


def slicer_run_config(config: Conv2dConfig) -> Conv2dConfig:
    """The config TT-NN's DRAM slicer runs each slice's conv_transpose2d_L1 with (its
    `ConvT2DSliceAttr::run_L1_op`, conv_transpose2d.cpp), also the one slice of a DRAM input its
    slice search finds fits whole: the slice's input let go after the halo
    (`deallocate_activation`), the halo's output moved up (`reallocate_halo_output`) and a TILE
    output (fewer circular buffers)."""
    return replace(
        config, deallocate_activation=True, reallocate_halo_output=True, output_layout=Layout.TILE
    )


def stuffed_image(params: ConvTranspose2dParameters, geometry: ConvGeometry) -> PaddedInput:
    """The image a conv_transpose2d's halo reads: its input's sticks `stride` apart in the
    equivalent conv's input (`geometry.in_hw`), from `dilation·(kernel − 1) − padding` before
    (TT-NN's `get_transposed_real_padding`); the zeros between and around them are padding,
    and rows or columns past the equivalent input are cut. Where a padding before (top or
    left) is above `dilation·(kernel − 1)`, TT-NN's unsigned real padding wraps around and its
    `generate_pad_metadata` (a stick is padding when its row or column is below that padding)
    marks every stick as padding: the halo's configs then hold no input stick (TT-NN's
    answers: its config tensors fit where the cropped image's would not, and it fails later
    with the numbers of such configs; a DRAM slice's left padding of 1 under a kernel 1 wide
    gives TT-NN's graph a padding config of one run a core). A padding after only cuts: TT-NN
    numbers the input sticks it finds in the image, so a cut image holds fewer rows or
    columns."""
    top, _, left, _ = params.padding
    (kernel_h, kernel_w), (dilation_h, dilation_w) = params.kernel_size, params.dilation
    stride_h, stride_w = params.stride
    real_top, real_left = dilation_h * (kernel_h - 1) - top, dilation_w * (kernel_w - 1) - left
    if real_top < 0 or real_left < 0:
        return PaddedInput(params.batch_size, 0, 0, 0, 0, (stride_h, stride_w), geometry.in_hw)
    full_h, full_w = geometry.in_hw
    return PaddedInput(
        params.batch_size,
        min(params.input_height, max(0, ceil_div(full_h - real_top, stride_h))),
        min(params.input_width, max(0, ceil_div(full_w - real_left, stride_w))),
        real_top,
        real_left,
        (stride_h, stride_w),
        geometry.in_hw,
    )

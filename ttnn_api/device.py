"""The device: `open_device(device_id=0)` gives a `MeshDevice` that holds no memory and runs
nothing — its worker grid is what the preparations read (Wormhole N150's 8×8 by default,
Blackhole P150's 13×10 when the environment variable `TTNN_XDSL_DEVICE` says
`blackhole_p150`, as TT-NN's mock device is chosen by its cluster descriptor before the
process starts) — and the progress bars of the preparations made for it."""

from __future__ import annotations

import os
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xdsl.interpreter import Interpreter

from ttnn_xdsl.dialect.device import TargetDevice
from ttnn_xdsl.runtime.progress import Bar, BarFactory, LoopProgress, terminal_bars
from ttnn_xdsl.ttnn.enums import Arch
from ttnn_xdsl.ttnn.memory import CoreCoord, CoreGrid
from ttnn_xdsl.ttnn.signatures import (
    REQUIRED,
    Binding,
    Overload,
    Parameter,
    accept_instance,
    accept_uint32,
    keywords_suggested,
)

__all__ = [
    "DEVICES",
    "DEVICE_VARIABLE",
    "Device",
    "DeviceKind",
    "MeshDevice",
    "close_device",
    "open_device",
]

DEVICE_VARIABLE = "TTNN_XDSL_DEVICE"
"""The environment variable naming the device `open_device` opens (a key of `DEVICES`)."""


@dataclass(frozen=True)
class DeviceKind:
    """A Tenstorrent card as a preparation sees it: its architecture, its worker grid (x, y)
    and its DRAM grid."""

    name: str
    arch: Arch
    grid: tuple[int, int]
    dram_grid: tuple[int, int]


DEVICES = {
    "wormhole_n150": DeviceKind("Wormhole N150", Arch.WORMHOLE_B0, (8, 8), (12, 1)),
    "blackhole_p150": DeviceKind("Blackhole P150", Arch.BLACKHOLE, (13, 10), (8, 1)),
}
"""The devices `open_device` can open, by the value of `TTNN_XDSL_DEVICE` (any case)."""

DEFAULT_DEVICE = "wormhole_n150"


def selected_device() -> DeviceKind:
    """The device `TTNN_XDSL_DEVICE` names (Wormhole N150 when it is unset or empty)."""
    name = os.environ.get(DEVICE_VARIABLE, "").strip().lower() or DEFAULT_DEVICE
    kind = DEVICES.get(name)
    if kind is None:
        valid = ", ".join(DEVICES)
        raise RuntimeError(f"{DEVICE_VARIABLE}={name!r} names no device (one of: {valid})")
    return kind


class MeshDevice:
    """An open device: a 1×1 mesh of one chip. `compute_with_storage_grid_size()` is its
    worker grid, the grid every preparation for it is resolved on."""

    __slots__ = ("__weakref__", "_closed", "_kind", "_opened_with", "_progress")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("MeshDevice: open a device with ttnn.open_device(device_id=0)")

    @classmethod
    def _open(cls, kind: DeviceKind, opened_with: tuple[tuple[str, int], ...] = ()) -> MeshDevice:
        device = object.__new__(cls)
        device._kind = kind
        device._opened_with = opened_with
        device._closed = False
        device._progress = Progress(terminal_bars)
        weakref.finalize(device, device._progress.close)
        return device

    @property
    def grid(self) -> tuple[int, int]:
        """The worker grid (x, y) (ttnn_xdsl's own attribute)."""
        return self._kind.grid

    @property
    def target_device(self) -> TargetDevice:
        """The device as the IR's prepare ops take it: the grid, and the memory sizes it was
        opened with, which set the L1 TT-NN's decisions may use (semantics.md §8.1). It is
        always opened, as TT-NN's is: `open_device(device_id=0)` reserves TT-NN's default
        L1_SMALL region of 0 bytes, where a conv's halo cannot place its config tensors
        (§8.9)."""
        return TargetDevice(self._kind.grid, **dict(self._opened_with), opened=True)

    @property
    def opened_with(self) -> tuple[tuple[str, int], ...]:
        """The sizes `open_device` was given that are not TT-NN's defaults (keyword, bytes):
        the `ttnn.open_device` attribute of the modules the calls build for this device (an
        empty one for TT-NN's default open; ttnn_xdsl's own attribute)."""
        return self._opened_with

    def check_open(self, function: str) -> None:
        """Refuse to run `function` on this device once it is closed, as TT-NN 0.81.1 does (a
        RuntimeError: "SubDeviceManagerTracker is not initialized on MeshDevice")."""
        if self._closed:
            raise RuntimeError(
                f"{function}: the device is closed (ttnn.close_device); open one with "
                "ttnn.open_device(device_id=0)"
            )

    def arch(self) -> Arch:
        return self._kind.arch

    def compute_with_storage_grid_size(self) -> CoreCoord:
        return CoreCoord(*self._kind.grid)

    @property
    def core_grid(self) -> CoreGrid:
        return CoreGrid(x=self._kind.grid[0], y=self._kind.grid[1])

    def dram_grid_size(self) -> CoreCoord:
        return CoreCoord(*self._kind.dram_grid)

    def get_num_devices(self) -> int:
        return 1

    def get_device_ids(self) -> list[int]:
        return [0]

    def __repr__(self) -> str:
        return "MeshDevice(1x1 grid, 1 devices)"


Device = MeshDevice
"""TT-NN 0.81.1's `ttnn.Device` is `ttnn.MeshDevice`."""


_OPEN_DEVICE = Binding(
    "open_device",
    (
        Overload(
            keyword=(
                Parameter("device_id", "int", accept_uint32, REQUIRED),
                Parameter("l1_small_size", "int", accept_uint32, 0),
                Parameter("trace_region_size", "int", accept_uint32, 0),
                Parameter("num_command_queues", "int", accept_uint32, 1),
                Parameter(
                    "dispatch_core_config",
                    "ttnn.device.DispatchCoreConfig | None",
                    accept_instance(type(None), name="None (ttnn_xdsl has no dispatch cores)"),
                    None,
                ),
                Parameter("worker_l1_size", "int", accept_uint32, 0),
            ),
            returns="ttnn._ttnn.multi_device.MeshDevice",
        ),
    ),
)


def open_device(*args: Any, **kwargs: Any) -> MeshDevice:
    """TT-NN's `open_device(*, device_id, l1_small_size=0, trace_region_size=0,
    num_command_queues=1, dispatch_core_config=None, worker_l1_size=0)`: the one chip,
    `device_id=0`, of the card `TTNN_XDSL_DEVICE` names. `l1_small_size` and
    `worker_l1_size` set the L1 left to a conv, with which TT-NN chooses shard layouts and DRAM
    slices (semantics.md §8.1), and `l1_small_size` the L1_SMALL region where a conv's halo
    places its config tensors: TT-NN's default, 0, has none, and a conv with a halo is refused
    there as TT-NN refuses it (models open `l1_small_size=16384` for convs, §8.9);
    `trace_region_size` lives in DRAM."""
    _, values = _OPEN_DEVICE.bind(args, kwargs)
    kind = selected_device()
    if values["device_id"] != 0:
        # What TT-NN says on a one-chip system.
        raise RuntimeError(f"Chip to board mapping for chip {values['device_id']} not found.")
    sizes = ("l1_small_size", "worker_l1_size", "trace_region_size")
    opened_with = tuple((size, values[size]) for size in sizes if values[size])
    return MeshDevice._open(kind, opened_with)


@keywords_suggested
def close_device(device: MeshDevice) -> None:
    """Close `device`: its progress bars end. Closing twice is silent, as in TT-NN."""
    if not isinstance(device, MeshDevice):
        raise TypeError(f"close_device expects a MeshDevice, got {type(device).__name__}")
    device._closed = True
    device._progress.close()


class Progress:
    """The progress of a device's preparations on a terminal (stderr): a bar counting the
    tensors prepared, and one per outermost loop of each run (`LoopProgress`), each shown
    once its work has taken about a second — the tools' bars. Nothing when stderr is not a
    terminal."""

    def __init__(self, bars: Any) -> None:
        self._bars = bars
        """Makes the bar factory when the first preparation starts (`terminal_bars`)."""
        self._made = False
        self._make_bar: BarFactory | None = None
        self._count: Bar | None = None
        self._loops: LoopProgress | None = None

    def listeners(self) -> Sequence[Interpreter.Listener]:
        """The interpreter listeners of one run (the bars open on the first run)."""
        if not self._made:
            self._made = True
            self._make_bar = self._bars()
        if self._make_bar is None:
            return ()
        if self._count is None:
            self._count = self._make_bar("ttnn_xdsl.ttnn: tensors prepared", None, 0)
            self._loops = LoopProgress(self._make_bar, level=1)
        assert self._loops is not None
        return (self._loops,)

    def done(self, prepared: bool = True) -> None:
        """A run ended: its loop bar closes, and the count grows when it `prepared`."""
        if self._loops is not None:
            self._loops.close()
        if self._count is not None and prepared:
            self._count.update(1)

    def close(self) -> None:
        if self._loops is not None:
            self._loops.close()
        if self._count is not None:
            self._count.close()
        self._count = self._loops = None
        self._made = False

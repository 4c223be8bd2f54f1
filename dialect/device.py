"""The device a module prepares for, read off its module attributes: the compute grid
(`ttnn.grid = array<i32: X, Y>`, Wormhole n150's 8×8 when absent) and how the device was
opened (`ttnn.open_device = {l1_small_size = N, worker_l1_size = N, trace_region_size = N}`,
the keywords of TT-NN's `ttnn.open_device`; absent keys are TT-NN's defaults), which sets the
L1 TT-NN's decisions may use (semantics.md §8.1). A nested module inherits each attribute it
does not set from the modules around it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from xdsl.dialects.builtin import (
    DenseArrayBase,
    DictionaryAttr,
    IntegerAttr,
    ModuleOp,
    i32,
)
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from ttnn_xdsl.conv.conv_l1_model import arch_of_grid, default_l1_budget
from ttnn_xdsl.dialect.attributes import DEFAULT_GRID, GRID_ATTRIBUTE

__all__ = [
    "DEFAULT_DEVICE",
    "OPEN_DEVICE_ATTRIBUTE",
    "OPEN_DEVICE_KEYWORDS",
    "TargetDevice",
    "device_of_module",
    "grid_of_module",
    "module_device",
]

OPEN_DEVICE_ATTRIBUTE = "ttnn.open_device"
"""The module attribute giving `ttnn.open_device`'s keywords the device was opened with."""

OPEN_DEVICE_KEYWORDS = ("l1_small_size", "trace_region_size", "worker_l1_size")
"""The keywords of `ttnn.open_device` that size the device's memory (the trace region lives in
DRAM: accepted, without effect on L1)."""


@dataclass(frozen=True)
class TargetDevice:
    """The compute grid (x, y) and the keywords the device was opened with (0: TT-NN's
    default)."""

    grid: tuple[int, int] = DEFAULT_GRID
    l1_small_size: int = 0
    worker_l1_size: int = 0
    trace_region_size: int = 0
    opened: bool = False
    """Whether a module says how the device was opened (else TT-NN's default open)."""

    @property
    def l1_budget(self) -> int | None:
        """Free L1 bytes per core TT-NN's decisions may use; None for TT-NN's default open."""
        if not self.opened:
            return None
        return default_l1_budget(arch_of_grid(self.grid), self.l1_small_size, self.worker_l1_size)


DEFAULT_DEVICE = TargetDevice()
"""A Wormhole n150 opened with TT-NN's defaults (what a module with no attributes prepares for)."""


def grid_of_module(module: ModuleOp) -> tuple[int, int] | None:
    """The module's own `ttnn.grid` (x, y), None when it has none."""
    if GRID_ATTRIBUTE not in module.attributes:
        return None
    grid = module.attributes[GRID_ATTRIBUTE]
    # The documented form only, as tt-mlir and the project's builders write it: an i64 or
    # ui32 array is a hand-written module's slip, refused rather than read as if it were i32.
    values = grid.get_values() if isinstance(grid, DenseArrayBase) and grid.elt_type == i32 else ()
    if len(values) != 2 or min(values) < 1:
        raise VerifyException(
            f"expected the module attribute {GRID_ATTRIBUTE} to be array<i32: X, Y> "
            f"with two positive values, got {grid}"
        )
    return cast(tuple[int, int], tuple(values))


def _open_device_of_module(module: ModuleOp) -> dict[str, int] | None:
    """The module's own `ttnn.open_device` keywords, None when it has none."""
    if OPEN_DEVICE_ATTRIBUTE not in module.attributes:
        return None
    attribute = module.attributes[OPEN_DEVICE_ATTRIBUTE]
    if not isinstance(attribute, DictionaryAttr):
        raise VerifyException(
            f"expected the module attribute {OPEN_DEVICE_ATTRIBUTE} to be a dictionary of "
            f"{', '.join(OPEN_DEVICE_KEYWORDS)}, got {attribute}"
        )
    values: dict[str, int] = {}
    for key, value in attribute.data.items():
        if key not in OPEN_DEVICE_KEYWORDS:
            raise VerifyException(
                f"{OPEN_DEVICE_ATTRIBUTE} has no keyword '{key}' (expected "
                f"{', '.join(OPEN_DEVICE_KEYWORDS)})"
            )
        if not isinstance(value, IntegerAttr) or value.value.data < 0:
            raise VerifyException(
                f"expected {OPEN_DEVICE_ATTRIBUTE}.{key} to be a non-negative integer of bytes, "
                f"got {value}"
            )
        values[key] = value.value.data
    return values


def device_of_module(module: ModuleOp, outer: TargetDevice = DEFAULT_DEVICE) -> TargetDevice:
    """The device `module` prepares for: its own attributes, else `outer`'s (the device of
    the modules around it)."""
    grid = grid_of_module(module) or outer.grid
    opened = _open_device_of_module(module)
    if opened is None:
        return TargetDevice(
            grid,
            outer.l1_small_size,
            outer.worker_l1_size,
            outer.trace_region_size,
            outer.opened,
        )
    device = TargetDevice(grid, **opened, opened=True)
    budget = device.l1_budget
    if budget is not None and budget < 1:
        raise VerifyException(
            f"{OPEN_DEVICE_ATTRIBUTE} leaves no L1 for the conv: worker L1 less l1_small_size is "
            f"{budget} bytes"
        )
    return device


def module_device(op: Operation) -> TargetDevice:
    """The device `op` prepares for (see the module doc): one walk up its modules."""
    modules: list[ModuleOp] = []
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, ModuleOp):
            modules.append(parent)
        parent = parent.parent_op()
    device = DEFAULT_DEVICE
    for module in reversed(modules):
        device = device_of_module(module, device)
    return device

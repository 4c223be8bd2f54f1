"""How much memory a run may still take: the operating system's estimate, read before a run
allocates its inputs and buffers, so a run the machine cannot hold is one error line instead
of the kernel's out-of-memory kill."""

from __future__ import annotations

import os

from ttnn_xdsl.core.errors import RunError
from ttnn_xdsl.core.shapes import format_bytes

__all__ = ["MEMORY_CHECKED_FROM", "available_memory", "check_memory"]

MEMORY_CHECKED_FROM = 64 * 2**20
"""Less (64 MiB) is not compared with the memory available: reading the system's figures takes
about 0.2 ms, more than a small run's own overhead, and no machine that runs the project has
less left."""


def check_memory(what: str, needed: int, detail: str = "") -> None:
    """Refuse `what` (`a run of @main`) needing `needed` bytes (`detail`: of what) when the
    machine has less available (`available_memory`): it would be killed by the system, or
    swap for minutes, before failing."""
    if needed < MEMORY_CHECKED_FROM:
        return
    available = available_memory()
    if available is not None and needed > available:
        raise RunError(
            f"{what} needs at least {format_bytes(needed)}{f' ({detail})' if detail else ''}, "
            f"more than the {format_bytes(available)} of memory available"
        )


MEMINFO = "/proc/meminfo"
CGROUP_FILES = (
    ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),  # cgroup v2
    ("/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"),
)
"""The memory cgroup's (limit, usage) files, version 2 first, then version 1."""


def available_memory() -> int | None:
    """The bytes this process can still allocate without swapping: Linux's `MemAvailable`
    (free memory and the caches it can drop), and no more than the memory cgroup's limit
    leaves (a container's share of a larger machine); the free physical pages where there is
    no /proc; None when the system tells neither."""
    available = _meminfo_available()
    if available is None:
        try:
            available = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            return None
    left_in_cgroup = _cgroup_left()
    return available if left_in_cgroup is None else min(available, left_in_cgroup)


def _meminfo_available() -> int | None:
    try:
        with open(MEMINFO, encoding="ascii") as stream:
            for line in stream:
                name, _, value = line.partition(":")
                if name == "MemAvailable":
                    number, *unit = value.split()
                    return int(number) * (1024 if unit == ["kB"] else 1)
    except (OSError, ValueError):
        return None
    return None


def _cgroup_left() -> int | None:
    """What the memory cgroup's limit leaves of its usage; None without a limit (v2 writes
    "max", v1 a number beyond any machine's memory, which `min` then ignores)."""
    for limit_file, usage_file in CGROUP_FILES:
        try:
            with open(limit_file, encoding="ascii") as stream:
                limit = stream.read().strip()
            if not limit.isdigit():
                return None
            with open(usage_file, encoding="ascii") as stream:
                usage = int(stream.read().strip())
        except (OSError, ValueError):
            continue
        return max(int(limit) - usage, 0)
    return None

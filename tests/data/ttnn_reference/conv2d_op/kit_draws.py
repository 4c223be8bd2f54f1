"""What the draw scripts of this folder share: the reference kit's `draw` (its
query_prepare.py, loaded by path), the devices' grids, and the command line
`KIT SEED N DEVICE` that prints N of the kit's draws, each changed by the script, as JSON.

Standalone: it imports nothing of this project.
"""

import importlib.util
import json
import random
import sys
from collections.abc import Callable

GRIDS = {"wormhole_N150": (8, 8), "blackhole_P150": (13, 10)}


def kit_draw(kit: str):
    spec = importlib.util.spec_from_file_location("query_prepare", kit)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.draw


def print_cases(change: Callable[[random.Random, dict], dict]) -> None:
    """The command line: `KIT SEED N DEVICE`; N cases, the kit's draw for SEED each passed
    through `change` (with the same generator), on standard output."""
    kit, seed, count, device = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    draw = kit_draw(kit)
    rng = random.Random(seed)
    cases = [change(rng, draw(rng, i, GRIDS[device])) for i in range(count)]
    json.dump(cases, sys.stdout, indent=1)

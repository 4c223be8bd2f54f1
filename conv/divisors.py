"""TT-NN's divisor searches, which split channels and output rows over cores
(semantics.md §3.3 step 7). Each is one small rule, testable alone."""

from __future__ import annotations

from ttnn_xdsl.core.shapes import round_up

# ------------------------------------------------------------------------------------------
# Arithmetic helpers (semantics.md §3.3 step 7)
# ------------------------------------------------------------------------------------------


def _first_candidate(n: int, start: int) -> int:
    """Where a downward search from `start` can begin for a count `n`: no d > n ≥ 1 is ever
    the answer of the searches below (a divisor of n is at most n; padding n < d up to d adds
    d − n ≥ 1 = d // d, which the padding rules refuse), so starting at min(start, n) gives the
    same answer in at most n steps — not `start` steps for a huge grid or override."""
    return min(start, n) if n >= 1 else start


def largest_divisor(n: int, start: int) -> int:
    """The largest d ≤ `start` dividing `n` (semantics.md §3.3 step 7 `largest_divisor`; TT-NN's
    `find_closest_largest_divisor(num, start_divisor)`)."""
    d = _first_candidate(n, start)
    while d > 1 and n % d:
        d -= 1
    return max(d, 1)


def find_divisor_with_padding(n: int, start: int) -> int:
    """The largest d ≤ `start` such that padding `n` up to a multiple of d adds less than one
    share `p // d` (docs/semantics.md `with_padding`; TT-NN's
    `find_closest_largest_divisor_with_num_padding(num, start_divisor)`)."""
    d = _first_candidate(n, start)
    p = round_up(n, d)
    while d > 1 and p - n >= p // d:
        d -= 1
        p = round_up(n, d)
    return d


with_padding = find_divisor_with_padding
"""docs/semantics.md's name for `find_divisor_with_padding`."""


def find_divisor_with_padding_and_multiple(n: int, start: int, mult: int) -> int:
    """Like `find_divisor_with_padding`, but pads `n` to a multiple of d·`mult` (docs/semantics.md
    `with_padding_and_mult`; TT-NN's `find_closest_largest_divisor_with_num_padding_and_mult`).
    Used for the NHW cores, with mult = act_block_h_override in tiles."""
    d = _first_candidate(n, start)
    p = round_up(n, d * mult)
    while p - n >= p // d and d > 1:
        d -= 1
        p = round_up(n, d * mult)
    return d


def common_divisor(a: int, b: int, start: int) -> int:
    """The largest d ≤ `start` dividing both `a` and `b` (docs/semantics.md `common_divisor`;
    TT-NN's `find_closest_largest_divisor(num1, num2, start_divisor)`)."""
    d = _first_candidate(a, _first_candidate(b, start))
    while d > 1 and (a % d or b % d):
        d -= 1
    return max(d, 1)

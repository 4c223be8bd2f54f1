"""The bounded fuzzing run of `make test`: a fixed seed and a fixed number of cases of every
kind (about 40 s of one core; the long campaign is `make fuzz`). The count, not a time budget,
bounds it, so every machine runs the same cases and finds the same things."""

from __future__ import annotations

from fuzz.campaign import campaign

SEED = 8
PLAN = {"mutation": 1000, "draw": 300, "input": 100}


def test_a_fixed_fuzzing_run_finds_nothing() -> None:
    summary = campaign(SEED, PLAN)
    print(summary.report())
    assert dict(summary.counts) == PLAN, summary.report()
    assert summary.checked["draw"] > 0, summary.report()
    assert not summary.findings, summary.report()

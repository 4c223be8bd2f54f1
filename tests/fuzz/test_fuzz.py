"""The bounded fuzzing run of `make test`: a fixed seed, about a minute of cases of every
kind (the long campaign is `make fuzz`)."""

from __future__ import annotations

from fuzz.campaign import campaign

SEED = 8
BUDGET = 60.0
"""Seconds of cases; the schedule is fixed, so a faster machine tries a longer prefix of it."""


def test_a_minute_of_fuzzing_finds_nothing() -> None:
    summary = campaign(SEED, {"mutation": 5000, "draw": 1000, "input": 500}, budget=BUDGET)
    print(summary.report())
    assert sum(summary.counts.values()) >= 100, summary.report()
    assert summary.checked["draw"] > 0, summary.report()
    assert not summary.findings, summary.report()

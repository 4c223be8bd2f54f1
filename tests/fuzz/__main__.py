"""`python -m fuzz` (run from `tests/`): a fuzzing campaign of ttnn-opt and ttnn-run.

    python -m fuzz --seed 1 --mutations 100000 --draws 10000 --inputs 5000 --jobs 2
    python -m fuzz --seed 1 --case draw:17        # replay one case and show what it did

Prints progress and each finding as it comes, then what was tried and found; exits 1 when
anything was found. Findings are saved under --findings (default `fuzz-findings/`).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from fuzz.campaign import GENERATORS, campaign, make_case
from fuzz.harness import run_case


def case_name(text: str) -> tuple[str, int]:
    """`KIND:NUMBER` (`mutation:12`, `draw:17`, `input:3`) for --case."""
    kind, _, number = text.partition(":")
    if kind not in GENERATORS or not number.isdigit():
        kinds = ", ".join(GENERATORS)
        raise argparse.ArgumentTypeError(
            f"expected KIND:NUMBER with KIND one of {kinds} (for example draw:17), got {text!r}"
        )
    return kind, int(number)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mutations", type=int, default=1000, help="mutated IR files to try")
    parser.add_argument("--draws", type=int, default=200, help="random op parameter draws")
    parser.add_argument("--inputs", type=int, default=100, help="runtime input and flag cases")
    parser.add_argument("--budget", type=float, default=None, help="stop after SECONDS")
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes at once (the same cases)"
    )
    parser.add_argument("--findings", type=Path, default=Path("fuzz-findings"))
    parser.add_argument(
        "--case",
        type=case_name,
        default=None,
        metavar="KIND:NUMBER",
        help="replay one case (KIND: mutation, draw or input)",
    )
    arguments = parser.parse_args()
    if arguments.case is not None:
        kind, number = arguments.case
        case = make_case(arguments.seed, kind, number)
        print(f"{case.kind} {number}: {case.label}\n{case.tool} {' '.join(case.args)}")
        with tempfile.TemporaryDirectory() as folder:
            result = run_case(case, Path(folder) / "case")
        print(f"exit {result.exit} in {result.seconds:.2f} s\nstderr: {result.stderr}")
        print(f"finding: {result.finding}\n{result.detail}" if result.finding else "no finding")
        return 1 if result.finding else 0
    plan = {"mutation": arguments.mutations, "draw": arguments.draws, "input": arguments.inputs}
    summary = campaign(
        arguments.seed,
        plan,
        budget=arguments.budget,
        progress=lambda line: print(line, flush=True),
        findings_folder=arguments.findings,
        jobs=max(1, arguments.jobs),
    )
    print(summary.report(), flush=True)
    return 1 if summary.findings else 0


if __name__ == "__main__":
    sys.exit(main())

"""examples/ttnn_api_crosscheck.py under `ttnn_xdsl.ttnn` writes, line for line, the report
TT-NN 0.81.1 wrote running the same script on its mock Wormhole N150 and Blackhole P150
(`--real-ttnn`, committed in tests/fixtures/ttnn_api/): the same shapes, dtypes, layouts,
memory configs, reprs, errors and `.tensorbin` headers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "ttnn_api_crosscheck.py"
FIXTURES = Path(__file__).parent / "fixtures" / "ttnn_api"


@pytest.mark.parametrize(
    ("device", "fixture"),
    [("wormhole_n150", "wormhole_N150"), ("blackhole_p150", "blackhole_P150")],
)
def test_the_script_reports_what_tt_nn_reported(tmp_path: Path, device: str, fixture: str) -> None:
    report = tmp_path / "report.txt"
    environment = dict(os.environ, TTNN_XDSL_DEVICE=device)
    subprocess.run(
        [sys.executable, str(SCRIPT), str(report)], env=environment, check=True, cwd=tmp_path
    )
    expected = (FIXTURES / f"crosscheck.{fixture}.txt").read_text().splitlines()
    assert report.read_text().splitlines() == expected
    assert len(expected) == 80

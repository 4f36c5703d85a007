"""The line length the project's settings name holds everywhere (ruff's E501, run as CI runs the tests)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def test_no_line_is_longer_than_the_setting():
    checked = subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "E501", "--output-format", "concise",
                              "companion", "tests", "benchmarks"], cwd=ROOT, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr

"""The project is written in our own words: no run of ten words is shared with a rulebook seed."""
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
CHECKER = REPO_ROOT / ".." / "shared" / "tools" / "seed_overlap.py"


@pytest.mark.skipif(not CHECKER.is_file(), reason="the rulebooks and their checker (../shared) are not "
                    "distributed with the project; CI has them and runs this check")
def test_no_file_shares_sentences_with_the_seeds():
    result = subprocess.run([sys.executable, str(CHECKER), str(REPO_ROOT)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr

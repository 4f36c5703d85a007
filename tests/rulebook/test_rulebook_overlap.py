"""The rules reference is written in our own words: no 10-word run is shared with a rulebook seed."""
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
CHECKER = REPO_ROOT / ".." / "shared" / "tools" / "seed_overlap.py"
OUR_PATHS = ("companion/rulebook/", "tests/rulebook/", "tests/bench/bench_rulebook.py")


def test_rulebook_files_share_no_sentences_with_the_seeds():
    if not CHECKER.is_file():
        pytest.fail(f"seed overlap checker not found at {CHECKER.resolve()}; "
                    "it must be present to verify that the rules text is our own")
    result = subprocess.run([sys.executable, str(CHECKER), str(REPO_ROOT)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode in (0, 1), result.stderr
    ours = [line for line in result.stdout.splitlines() if line.replace("\\", "/").startswith(OUR_PATHS)]
    assert not ours, "\n".join(ours)

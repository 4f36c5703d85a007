"""The benchmarks and the tests stand apart: no test imports a benchmark (a benchmark is run as a command), and no
benchmark imports the tests (what both drive is in companion/testing)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported(path: Path) -> set[str]:
    """The top-level packages a module imports, wherever in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_no_test_imports_a_benchmark():
    assert [str(path.relative_to(ROOT)) for path in (ROOT / "tests").rglob("*.py")
            if "benchmarks" in imported(path)] == []


def test_no_benchmark_imports_the_tests():
    borrowing = {path.stem for path in (ROOT / "benchmarks").glob("*.py") if "tests" in imported(path)}
    assert borrowing == set()

"""The rules and the card catalogs are pure: no Flask, no database, no I/O modules."""

import ast
from pathlib import Path

import pytest

from companion import rules

COMPANION = Path(__file__).resolve().parents[2] / "companion"
IMPURE = {"flask", "sqlite3", "sqlite_utils", "psycopg", "companion.store", "companion.db", "companion.memory",
          "companion.web", "companion.play"}


def imported(path: Path) -> set[str]:
    """The absolute module names a file imports."""
    package = "companion." + ".".join(path.relative_to(COMPANION).parent.parts)
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rstrip(".").rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module) if part)
            names |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    return names


@pytest.mark.parametrize("folder", ["rules", "cards"])
def test_the_folder_imports_nothing_impure(folder):
    for path in (COMPANION / folder).glob("*.py"):
        bad = {name for name in imported(path) if any(name == m or name.startswith(m + ".") for m in IMPURE)}
        assert not bad, (path.name, bad)


def test_the_rest_of_the_app_uses_the_rules_front_door():
    """Outside rules/, code imports from `companion.rules` (its __init__), never from one of its modules."""
    for path in COMPANION.rglob("*.py"):
        if path.parent.name == "rules":
            continue
        inner = {name for name in imported(path) if name.startswith("companion.rules.")
                 and name.split(".")[2] in {p.stem for p in (COMPANION / "rules").glob("*.py")}
                 and name.split(".")[2] not in rules.__all__}  # `offers` is both a module and an export
        assert not inner, (str(path.relative_to(COMPANION)), sorted(inner))

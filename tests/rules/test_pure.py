"""The rules are pure: they import only a few standard-library modules and each other, and reach no file or
console; the card catalogs import no Flask, database or I/O module; the rest of the app uses the rules' front door."""

import ast
from pathlib import Path

from companion import rules

COMPANION = Path(__file__).resolve().parents[2] / "companion"
RULES = COMPANION / "rules"
# Everything the rules may import from outside companion.rules: no clock, no dice, no files, no network.
RULES_MAY_IMPORT = {"__future__", "collections", "copy", "dataclasses", "math", "pickle", "types", "typing"}
REACHING_OUT = {"open", "input", "print", "breakpoint", "__import__", "exec", "eval", "compile"}
IMPURE = {"flask", "sqlite3", "sqlite_utils", "psycopg", "companion.storage", "companion.knowledge",
          "companion.service", "companion.live", "companion.serve", "companion.web"}


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


def test_the_rules_import_only_the_listed_standard_modules_and_each_other():
    for path in RULES.rglob("*.py"):
        bad = {name for name in imported(path) if name.split(".")[0] not in RULES_MAY_IMPORT
               and name != "companion.rules" and not name.startswith("companion.rules.")}
        assert not bad, (path.name, sorted(bad))


def test_the_rules_call_no_builtin_that_reaches_outside():
    for path in RULES.rglob("*.py"):
        calls = {node.func.id for node in ast.walk(ast.parse(path.read_text()))
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert not calls & REACHING_OUT, (path.name, sorted(calls & REACHING_OUT))


def test_the_card_catalogs_import_nothing_impure():
    for path in (COMPANION / "cards").glob("*.py"):
        bad = {name for name in imported(path) if any(name == m or name.startswith(m + ".") for m in IMPURE)}
        assert not bad, (path.name, bad)


def test_the_rest_of_the_app_uses_the_rules_front_door():
    """Outside rules/, code imports from `companion.rules` (its __init__), never from one of its modules."""
    for path in COMPANION.rglob("*.py"):
        if path.parent.name == "rules":
            continue
        inner = {name for name in imported(path) if name.startswith("companion.rules.")
                 and name.split(".")[2] in {p.stem for p in RULES.glob("*.py")}
                 and name.split(".")[2] not in rules.__all__}  # `offers` is both a module and an export
        assert not inner, (str(path.relative_to(COMPANION)), sorted(inner))

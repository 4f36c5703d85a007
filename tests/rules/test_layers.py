"""The layout names the architecture: each folder says what it is, imports only go down, the rules load no Flask."""

from __future__ import annotations

import ast
import graphlib
import importlib
import inspect
import re
import subprocess
import sys
from pathlib import Path

import companion

COMPANION = Path(companion.__file__).parent

# Lowest first: a module may import from its own layer and the layers before it, never from one after it.
# `testing` (what the tests and the benchmarks drive) comes last: it may import any layer and no layer imports it.
LAYERS = ("rules", "rulebook", "cards", "translations", "input", "storage", "knowledge", "live", "service", "serve",
          "web", "web.views", "web.site", "app", "__main__", "testing")


def module_name(path: Path) -> str:
    """The dotted name of a module file under companion/."""
    parts = path.relative_to(COMPANION.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> int:
    """The index in LAYERS of the deepest layer a companion module belongs to."""
    inside = module.removeprefix("companion.")
    matches = [i for i, layer in enumerate(LAYERS) if inside == layer or inside.startswith(layer + ".")]
    assert matches, f"{module} belongs to no layer: add its folder to LAYERS"
    return max(matches)


def companion_imports(path: Path) -> set[str]:
    """Every companion module a file imports, anywhere in it (function-level imports included)."""
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("companion")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            if base.split(".")[0] == "companion":
                found.add(base)
                found |= {f"{base}.{alias.name}" for alias in node.names
                          if (COMPANION.parent / f"{base}.{alias.name}".replace(".", "/")).with_suffix(".py").exists()
                          or (COMPANION.parent / f"{base}.{alias.name}".replace(".", "/")).is_dir()}
    return found - {"companion"}


def modules():
    """Every Python file of the package."""
    return sorted(COMPANION.rglob("*.py"))


def test_imports_only_go_down():
    upward = [(module_name(path), imported) for path in modules() for imported in companion_imports(path)
              if layer_of(imported) > layer_of(module_name(path))]
    assert not upward, upward


def test_nothing_in_the_app_imports_the_testing_package():
    """companion/testing drives the app from outside, as the tests and the benchmarks do."""
    importing = [(module_name(path), imported) for path in modules() for imported in companion_imports(path)
                 if imported.startswith("companion.testing") and not module_name(path).startswith("companion.testing")]
    assert not importing, importing


def test_the_layer_order_puts_the_testing_package_last():
    """So that `test_imports_only_go_down` would also catch an app module importing it."""
    assert LAYERS[-1] == "testing"
    assert layer_of("companion.testing.real_server") > layer_of("companion.__main__")


def test_no_module_imports_one_that_imports_it_back():
    """Imports inside functions count: a cycle hidden in a function is still a cycle (a package's own modules
    importing their siblings through it are not)."""
    graph = {name: {imported for imported in companion_imports(path)
                    if imported != name and not name.startswith(imported + ".")}
             for path in modules() for name in [module_name(path)]}
    graphlib.TopologicalSorter(graph).prepare()  # raises CycleError naming the cycle


# The layers that may open the storage layer; the web reads through service/table_reads.py and knowledge/deck_host.py.
STORAGE_READERS = ("storage", "knowledge", "live", "service", "serve")


def test_only_the_layers_under_the_web_import_the_storage_layer():
    reaching = [(module_name(path), imported) for path in modules() for imported in companion_imports(path)
                if imported.startswith("companion.storage")
                and LAYERS[layer_of(module_name(path))].split(".")[0] not in STORAGE_READERS]
    assert not reaching, reaching


# The web's request plumbing and its one reading module (`web/readings.py`) read the store; the rest of the web outside
# views/ (screens, words, forms, stories, streams) are functions of what the views hand them.
WEB_READERS = {
    "companion.web.connection", "companion.web.common", "companion.web.site", "companion.web.readings",
    "companion.web.openings",  # opens a table and claims a seat: actions, through TableService
    "companion.web.forms.setup_forms",  # reads the remembered rank cards until the forms are handed them (issue 59)
}
# What composes a live panel from the pure screens and the web's reading helpers (`readings`, who asks), never the
# layers below themselves: a panel read and made, the render cache asking the version first, a stream's panel as of
# the version it heard.
PANEL_MAKERS = {"companion.web.panels", "companion.web.fragments", "companion.web.streams"}
READ_LAYERS = ("companion.service", "companion.storage", "companion.knowledge", "companion.live")
READING_HELPERS = {"companion.web.common": {"play", "table_or_404", "actor_for", "held_seat", "get_db"},
                   "companion.web.connection": {"get_db"}}


def reads_imported(path: Path) -> list[str]:
    """What a module imports that reads the store: a function or module of the service, storage, knowledge or live
    layers (their classes, exceptions and types are plain data), the request's connection or service, `readings`."""
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.startswith(READ_LAYERS)]
        if not isinstance(node, ast.ImportFrom) or not node.level and not (node.module or "").startswith("companion"):
            continue
        parts = package.split(".")
        base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else [])) \
            if node.level else node.module
        for alias in node.names:
            if base.startswith(READ_LAYERS):
                named = getattr(importlib.import_module(base), alias.name, None)
                if named is None or inspect.ismodule(named) or not inspect.isclass(named):
                    found.append(f"{base}.{alias.name}")
            elif alias.name in READING_HELPERS.get(base, ()) or base == "companion.web.readings" \
                    or (base == "companion.web" and alias.name == "readings"):
                found.append(f"{base}.{alias.name}")
    return found


def test_web_modules_outside_the_views_read_nothing_themselves():
    """Screens, words, forms, stories and streams take plain data (the view's, or its one reading module's)."""
    web = [path for path in modules() if module_name(path).startswith("companion.web.")
           and not module_name(path).startswith("companion.web.views") and module_name(path) not in WEB_READERS]
    reading = {module_name(path): found for path in web
               if (found := [name for name in reads_imported(path)
                             if not (module_name(path) in PANEL_MAKERS and name.startswith("companion.web."))])}
    assert reading == {}, reading


def test_the_read_check_sees_a_read():
    """The check above would notice a screen that read the store (it is not blind to relative imports)."""
    screens = COMPANION / "web" / "screens.py"
    assert reads_imported(screens) == []
    reading = COMPANION / "web" / "readings.py"
    assert "companion.service.table_reads" in reads_imported(reading)
    assert "companion.web.connection.get_db" in reads_imported(reading)


def test_blueprints_do_not_import_each_other():
    views = [path for path in modules() if path.parent.name == "views" and path.name != "__init__.py"]
    assert views
    crossing = [(module_name(path), imported) for path in views for imported in companion_imports(path)
                if imported.startswith("companion.web.views")]
    assert not crossing, crossing


def test_no_private_name_is_imported_from_another_module():
    private = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                private += [(module_name(path), alias.name) for alias in node.names if alias.name.startswith("_")]
    assert not private, private


def test_every_folder_says_what_it_is_and_few_modules_lie_loose():
    folders = [path for path in COMPANION.rglob("*") if path.is_dir() and any(path.glob("*.py"))]
    undocumented = [str(folder.relative_to(COMPANION)) for folder in folders
                    if not ast.get_docstring(ast.parse((folder / "__init__.py").read_text())
                                             if (folder / "__init__.py").exists()
                                             else ast.Module(body=[], type_ignores=[]))]
    assert not undocumented, undocumented
    loose = sorted(path.name for path in COMPANION.glob("*.py"))
    assert len(loose) <= 6, loose


def test_no_two_modules_share_a_name_across_layers():
    seen: dict[str, set[str]] = {}
    for path in modules():
        if path.name not in ("__init__.py", "__main__.py"):
            seen.setdefault(path.stem, set()).add(LAYERS[layer_of(module_name(path))])
    assert {name: layers for name, layers in seen.items() if len(layers) > 1} == {}


def test_importing_the_rules_or_the_package_never_loads_flask():
    check = "import companion, companion.rules, sys; assert 'flask' not in sys.modules, 'flask loaded'"
    subprocess.run([sys.executable, "-c", check], check=True, cwd=COMPANION.parent)


def test_a_server_on_sqlite_starts_without_numpy_opencv_psycopg_or_the_testing_package():
    """Each costs a server's start (and each worker's) about a tenth of a CPU-second: NumPy and OpenCV load in the
    photo readers, psycopg for a PostgreSQL address only; companion/testing is the tests' and benchmarks' alone."""
    check = (
        "import companion.__main__ as serve, sys, tempfile\n"
        "folder = tempfile.mkdtemp()\n"
        "serve.create_app(instance_path=folder)\n"
        "loaded = {'numpy', 'cv2', 'psycopg', 'companion.testing'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", check], check=True, cwd=COMPANION.parent)


ARCHITECTURE = COMPANION.parent / "docs" / "architecture.md"


def test_docs_architecture_md_lists_the_layers_lowest_first():
    """Its table of layers names each folder of companion/ once, in the order imports go (LAYERS)."""
    listed = re.findall(r"^\| `(\w+)/` \|", ARCHITECTURE.read_text(), re.MULTILINE)
    folders = list(dict.fromkeys(layer.split(".")[0] for layer in LAYERS if (COMPANION / layer.split(".")[0]).is_dir()))
    assert listed == folders


def test_docs_architecture_md_says_what_the_state_cache_keeps():
    """"A snapshot every 100 events, at most 256 tables", as the cache's settings say."""
    from companion.storage import state_cache
    said = f"a snapshot every {state_cache.SNAPSHOT_EVERY} events, at most {state_cache.MAX_TABLES} tables"
    assert said in " ".join(ARCHITECTURE.read_text().split())

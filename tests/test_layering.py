"""The rules layer never imports textual or rich (DESIGN.md §1)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[1] / "boardgames_tui" / "rules"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_rules_sources_do_not_import_ui_libraries():
    files = list(RULES.rglob("*.py"))
    assert len(files) >= 5
    offenders = {str(f.relative_to(RULES)): sorted(imported_modules(f) & {"textual", "rich"}) for f in files}
    assert {f: m for f, m in offenders.items() if m} == {}


def test_loading_every_game_pulls_in_no_ui_library():
    code = (
        "import sys\nfrom boardgames_tui.rules import registry, simulate, record\n"
        "[registry.get(g) for g in registry.ids()]\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


PACKAGE = RULES.parent


def package_imports(path: Path) -> set[str]:
    """Every module of the package `path` imports, wherever the import stands (inside a function
    or under TYPE_CHECKING too), as dotted names from the package's root."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = parts if parts[-1] == "__init__" else parts[:-1]
    if package[-1] == "__init__":
        package = package[:-1]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names if alias.name.startswith(PACKAGE.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.startswith(PACKAGE.name):
                # `from . import x` names module x if there is one, else a name in the package
                for alias in node.names:
                    inner = PACKAGE.parent.joinpath(*f"{module}.{alias.name}".split("."))
                    is_module = inner.with_suffix(".py").exists() or (inner / "__init__.py").exists()
                    names.add(f"{module}.{alias.name}" if is_module else module)
    return names


@pytest.mark.parametrize("layer", ["play", "serve"])
def test_the_play_layer_and_the_servers_import_nothing_of_the_screens(layer: str):
    files = list((PACKAGE / layer).rglob("*.py"))
    assert files
    found = {
        str(f.relative_to(PACKAGE)): sorted(
            n for n in package_imports(f) if n.startswith(f"{PACKAGE.name}.ui")
        )
        for f in files
    }
    assert {f: names for f, names in found.items() if names} == {}


def import_circles() -> list[list[str]]:
    """The package's modules that import each other round a circle (strongly connected groups of
    more than one module), by every import there is."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {
        name: {n for n in package_imports(path) if n in modules and n != name}
        for name, path in modules.items()
    }
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        order[node] = low[node] = len(order)
        stack.append(node)
        for other in graph[node]:
            if other not in order:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], order[other])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return circles


def test_no_module_imports_itself_round_a_circle():
    assert len(list(PACKAGE.rglob("*.py"))) > 100
    assert import_circles() == []


def test_the_circle_finder_finds_a_circle(tmp_path, monkeypatch):
    package = tmp_path / "boardgames_tui"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from .inner import b\n")
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .. import a\n"
    )
    (package / "c.py").write_text("from . import a\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", package)
    assert import_circles() == [["boardgames_tui.a", "boardgames_tui.inner.b"]]

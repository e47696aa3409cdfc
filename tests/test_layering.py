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
                names.update(f"{module}.{alias.name}" for alias in node.names)
                names.add(module)
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

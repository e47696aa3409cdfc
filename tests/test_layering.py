"""The rules layer never imports textual or rich (DESIGN.md §1)."""

import ast
import subprocess
import sys
from pathlib import Path

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

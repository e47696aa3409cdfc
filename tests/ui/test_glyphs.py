"""Regression guard: no enclosed alphanumerics (circled digits and letters, U+2460–U+24FF) in any
string the program can print. DejaVu Sans Mono, the most common Linux monospace font, has none of
them, so players would see boxes; use words ("2 workers") or superscript digits (¹ ² ³) instead.

No font is needed: the .py files under boardgames_tui/ are read as text and every string literal
(docstrings and f-string parts included) is checked.
"""

from __future__ import annotations

import ast
from pathlib import Path

import boardgames_tui

PACKAGE = Path(boardgames_tui.__file__).resolve().parent
BANNED = range(0x2460, 0x2500)  # Enclosed Alphanumerics


def banned_in_literals(source: str, filename: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for ch in sorted({ch for ch in node.value if ord(ch) in BANNED}):
                found.append(f"{filename}:{node.lineno}: {ch} (U+{ord(ch):04X})")
    return found


def test_the_scan_catches_a_circled_digit():
    assert banned_in_literals('x = "Banana \u2461"\ny = f"{x} \u24ea"\n', "t.py") == [
        "t.py:1: \u2461 (U+2461)",
        "t.py:2: \u24ea (U+24EA)",
    ]
    assert banned_in_literals('x = "Banana (2 workers) \u00b2 \u2076"\n', "t.py") == []


def test_no_enclosed_alphanumerics_in_string_literals():
    files = sorted(PACKAGE.rglob("*.py"))
    assert files, PACKAGE
    found = []
    for path in files:
        name = str(path.relative_to(PACKAGE))
        found += banned_in_literals(path.read_text(encoding="utf-8"), name)
    assert not found, "characters missing from common fonts:\n" + "\n".join(found)

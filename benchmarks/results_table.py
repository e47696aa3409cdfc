"""benchmarks/RESULTS.md: the figures the benchmarks print, as one table a section.

The README keeps the targets and says what each script measures; the figures themselves change
with every run and every machine, so they live here, where a run rewrites them without touching
prose. Each section (bench.py's `rules`, `startup`, …, search.py's `search`, bots.py's `bots`) is
one block of the file between two markers; a run replaces the blocks of the sections it measured
and keeps every other block as it was, so `bench.py keys` leaves the rules figures alone. Each
block says when and on what machine it was measured, and each row repeats the date, so a row
copied elsewhere keeps it.
"""

from __future__ import annotations

import datetime
import os
import platform
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"

# The blocks' order in the file; a section not named here goes after these, by name.
ORDER = (
    "rules",
    "startup",
    "keys",
    "thinking",
    "memory",
    "help",
    "ssh",
    "shared",
    "headless",
    "instructions",
    "search",
    "bots",
)

HEADER = """\
# Benchmark results

Written by `benchmarks/bench.py`, `benchmarks/search.py` and `benchmarks/bots.py` (the README's
"For developers" says what each measures, and the targets): a run rewrites the blocks of the
sections it measured and keeps the others. Wall-clock figures on a shared machine swing by up to
a third within minutes; the ratios to a bare Textual app of the same run much less.
"""

BLOCK = re.compile(r"<!-- section (?P<name>\S+) -->\n.*?<!-- end (?P=name) -->\n", re.S)

Row = Sequence[str]  # (measure, figure, target) or (measure, figure, target, when measured)


def machine() -> str:
    """Cores, CPU model, Python, Textual and the OS of this machine, in one line."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        from importlib.metadata import version

        textual = version("textual")
    except Exception:  # the rules-only benchmarks run without Textual installed
        textual = "not installed"
    try:
        # the machine is shared: what else ran says how far to trust a wall-clock figure
        load = f"; load average {os.getloadavg()[0]:.1f} at the end of the run"
    except OSError:
        load = ""
    return (
        f"{os.cpu_count()} cores, {model}; Python {platform.python_version()}; Textual {textual}; "
        f"{platform.system()} {platform.release()}{load}"
    )


def now() -> str:
    return datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %z")


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_block(section: str, rows: Iterable[Row], measured: str, on: str, note: str = "") -> str:
    lines = [
        f"<!-- section {section} -->",
        f"## {section}",
        "",
        f"Measured {measured} on {on}." + (f" {note}" if note else ""),
        "",
        "| measure | figure | target | section | measured |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        measure, figure, target = row[:3]
        when = row[3] if len(row) > 3 else measured
        lines.append(f"| {' | '.join(_cell(c) for c in (measure, figure, target, section, when))} |")
    lines.append(f"<!-- end {section} -->")
    return "\n".join(lines) + "\n"


def read_blocks(path: Path) -> dict[str, str]:
    """The section blocks `path` holds, by section; none if it does not exist yet."""
    if not path.exists():
        return {}
    return {m.group("name"): m.group(0) for m in BLOCK.finditer(path.read_text())}


def _rank(section: str) -> tuple[int, str]:
    return (ORDER.index(section) if section in ORDER else len(ORDER), section)


def write_sections(
    sections: dict[str, list[Row]],
    path: Path = RESULTS,
    *,
    measured: str | None = None,
    on: str | None = None,
    notes: dict[str, str] | None = None,
) -> None:
    """Put `sections` ({section: rows}) into `path`, each replacing its own block whole; the
    blocks of other sections stay as they were. A section with no rows is left as it was: a run
    that failed should not wipe the figures of the last one that did not."""
    blocks = read_blocks(path)
    measured = measured or now()
    on = on or machine()
    for section, rows in sections.items():
        if rows:
            blocks[section] = render_block(section, rows, measured, on, (notes or {}).get(section, ""))
    text = HEADER + "".join("\n" + blocks[name] for name in sorted(blocks, key=_rank))
    # written whole then renamed: a run stopped halfway leaves the last complete file
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text)
    partial.replace(path)


class Collector:
    """The rows of one run, section by section, as the benchmarks print them."""

    def __init__(self) -> None:
        self.sections: dict[str, list[Row]] = {}
        self.notes: dict[str, str] = {}

    def add(self, section: str, measure: str, figure: str, target: str = "") -> None:
        self.sections.setdefault(section, []).append((measure, figure, target))

    def note(self, section: str, text: str) -> None:
        self.notes[section] = text

    def write(self, names: Iterable[str], path: Path = RESULTS) -> list[str]:
        """Write the sections `names` that gathered rows; returns those written."""
        chosen = {name: self.sections.get(name, []) for name in names}
        written = [name for name, rows in chosen.items() if rows]
        if written:
            write_sections(chosen, path, notes=self.notes)
        return written


# One collector for the run: the sections' modules (player.py, remote.py, …) add to it beside
# each figure they print, and bench.py writes what they added.
FIGURES = Collector()


def add(section: str, measure: str, figure: str, target: str = "") -> None:
    FIGURES.add(section, measure, figure, target)

"""benchmarks/RESULTS.md is rewritten a section at a time: a run of some sections must keep the
others' figures. The writer is exercised on a file of the test's own; no benchmark runs."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))

import results_table  # noqa: E402
from results_table import Collector, read_blocks, write_sections  # noqa: E402


def write(path: Path, section: str, rows, measured: str) -> None:
    write_sections({section: rows}, path, measured=measured, on="a test machine")


def test_a_second_section_keeps_the_first(tmp_path):
    path = tmp_path / "RESULTS.md"
    write(path, "rules", [("St. Petersburg, 4 normal bots", "120 games/s", "≥ 100 games/s")], "day 1")
    write(path, "keys", [("key → screen, Santiago", "median 5 ms", "p95 ≤ 1.5× bare")], "day 2")
    blocks = read_blocks(path)
    assert list(blocks) == ["rules", "keys"]
    assert "120 games/s" in blocks["rules"] and "day 1" in blocks["rules"]
    assert "median 5 ms" in blocks["keys"] and "day 2" in blocks["keys"]


def test_rewriting_a_section_replaces_only_that_section(tmp_path):
    path = tmp_path / "RESULTS.md"
    write(path, "rules", [("St. Petersburg", "120 games/s", ""), ("Macao", "60 games/s", "")], "day 1")
    write(path, "help", [("`?` → help", "20 ms", "< 300 ms")], "day 1")
    help_before = read_blocks(path)["help"]
    write(path, "rules", [("St. Petersburg", "130 games/s", "")], "day 2")
    blocks = read_blocks(path)
    assert "130 games/s" in blocks["rules"] and "day 2" in blocks["rules"]
    # the rows of the run before are gone, not kept beside the new ones
    assert "120 games/s" not in blocks["rules"] and "Macao" not in blocks["rules"]
    assert blocks["help"] == help_before
    assert path.read_text().count("<!-- section rules -->") == 1


def test_the_file_keeps_its_order_and_header_whatever_the_order_of_writing(tmp_path):
    path = tmp_path / "RESULTS.md"
    write(path, "bots", [("hard vs normal", "78 %", "")], "day 1")
    write(path, "memory", [("peak memory", "43 MB", "< 150 MB")], "day 1")
    write(path, "rules", [("St. Petersburg", "120 games/s", "")], "day 1")
    assert list(read_blocks(path)) == ["rules", "memory", "bots"]
    assert path.read_text().startswith(results_table.HEADER)


def test_a_section_without_rows_leaves_the_last_figures(tmp_path):
    path = tmp_path / "RESULTS.md"
    write(path, "keys", [("key → screen", "median 5 ms", "")], "day 1")
    write_sections({"keys": [], "startup": [("first frame", "400 ms", "")]}, path, measured="day 2")
    blocks = read_blocks(path)
    assert "median 5 ms" in blocks["keys"] and "day 1" in blocks["keys"]
    assert "400 ms" in blocks["startup"]


def test_rows_carry_their_own_date_and_pipes_stay_in_their_cell(tmp_path):
    path = tmp_path / "RESULTS.md"
    rows = [("SSH | local", "6 ms", "", "2026-11-30, from README, not re-measured"), ("local", "5 ms", "")]
    write(path, "ssh", rows, "day 3")
    lines = [line for line in read_blocks(path)["ssh"].splitlines() if line.startswith("| SSH")]
    assert lines == ["| SSH \\| local | 6 ms |  | ssh | 2026-11-30, from README, not re-measured |"]
    assert "| local | 5 ms |  | ssh | day 3 |" in read_blocks(path)["ssh"]


def test_the_collector_writes_only_the_sections_asked_for(tmp_path):
    path = tmp_path / "RESULTS.md"
    figures = Collector()
    figures.add("rules", "St. Petersburg", "120 games/s", "≥ 100 games/s")
    figures.add("memory", "peak memory", "43 MB", "< 150 MB")
    assert figures.write(["rules", "keys"], path) == ["rules"]
    assert list(read_blocks(path)) == ["rules"]
    assert "≥ 100 games/s" in read_blocks(path)["rules"]

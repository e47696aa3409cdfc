import pytest

from boardgames_tui.rules import registry


@pytest.fixture
def toy_registered(monkeypatch):
    """Make the test-only toy game available through the registry."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy_game")
    yield registry.get("toy")
    registry._LOADED.pop("toy", None)


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path, monkeypatch):
    """Saves never touch the real user data directory during tests."""
    monkeypatch.setenv("BOARDGAMES_TUI_DATA", str(tmp_path / "data"))

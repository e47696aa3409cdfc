import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every UI test gets its own save directory and starts with colour on."""
    path = tmp_path / "data"
    monkeypatch.setenv("BOARDGAMES_TUI_DATA", str(path))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return path

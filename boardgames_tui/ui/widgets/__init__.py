"""Widgets shared by every game: log pane, action list, player strip, key bar."""

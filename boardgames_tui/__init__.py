"""boardgames-tui: five Euro board games, hot-seat in a terminal."""

__version__ = "0.1.0"

"""Serving the app to players who have not installed it: over SSH (`ssh.py`)."""

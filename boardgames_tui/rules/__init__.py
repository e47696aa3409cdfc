"""The rules layer: pure Python game logic behind one contract (see core.py).

Nothing under this package may import textual or rich; tests/test_layering.py enforces it.
"""

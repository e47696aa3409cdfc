"""The Textual user interface: reads views, sends actions, never changes game state itself."""

"""The play layer: a game at a table and the flow of turns, hand-offs and bots, without Textual.

`table` holds one game at one keyboard (moves, undo, bots' decisions, saving); `remote` is a seat
at a shared table, answering the same questions from the table service's updates, with `wire`
its protocol; `review` steps through a finished game; `lesson` runs a guided walkthrough. The
Textual app (ui/) carries out what these say; serve/ uses them without any screen.
"""

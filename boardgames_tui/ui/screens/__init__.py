"""The screens: launcher, game (base), hand-off and recap, game over, help, quit, too small."""

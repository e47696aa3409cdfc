"""Quick rules walkthroughs (issue 12): each game's script in `data/<game id>.toml`, read and
replayed through the rules layer by `script.py`. No Textual here; the screens are in ui/."""

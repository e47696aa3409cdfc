"""Make screenshots/ (SVG and PNG) from the real app, headless.

    pip install ".[screenshots]" && python scripts/screenshots.py [name ...]

Every picture comes from the app itself driven by keystrokes; none is drawn by hand.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from boardgames_tui.rules.opponents import make_bot

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "screenshots"


def saved_until(game_id: str, names: list[str], seed: int, stop=None, name: str = "", options=None) -> Path:
    """Let the smart bot play every seat until `stop(public view)` holds (or the game ends), and
    save the game there: the app then resumes a position worth a picture."""
    from boardgames_tui import saves
    from boardgames_tui.rules import registry
    from boardgames_tui.rules.bots import bot_move, bot_rng
    from boardgames_tui.rules.record import GameRecord

    record, state = GameRecord.start(game_id, names, seed, options=options or {})
    bot = make_bot(registry.get(game_id), "smart")
    while not state.is_over() and not (stop and stop(state.view(None))):
        seat = state.to_move()[0]
        record.play(state, seat, bot_move(state, seat, bot, bot_rng(seed, seat, len(record.steps))))
    path = saves.save_dir() / f"{game_id}-{name or 'screenshot'}.json"
    saves.save(path, record)
    return path


def santiago_at(phase: str, round_: int):
    def stop(view):
        return view.phase == phase and view.round >= round_

    return stop


def scenes():
    from boardgames_tui.ui.app import BoardgamesApp

    def sp(**kw):
        return BoardgamesApp("st_petersburg", ["Ann", "Bob", "Cleo"], seed=7, bot_delay=0, **kw)

    # Ann takes a card into hand, Bob and Cleo buy; back to Ann through hand-offs and recaps.
    to_ann_again = [
        "enter",
        "h",
        "enter",
        "enter",
        "right",
        "enter",
        "enter",
        "enter",
        "right",
        "enter",
        "enter",
        "enter",
    ]
    yield "launcher", (80, 24), lambda: BoardgamesApp(seed=48213), []
    yield "st_petersburg_handoff", (80, 24), sp, []
    yield "st_petersburg_board_80x24", (80, 24), sp, to_ann_again
    yield "st_petersburg_board_120x40", (120, 40), sp, to_ann_again
    yield "st_petersburg_buy_choice", (80, 24), sp, to_ann_again + ["1"]
    yield "st_petersburg_help", (80, 24), sp, ["enter", "question_mark"]
    yield (
        "st_petersburg_game_over",
        (80, 24),
        lambda: BoardgamesApp(
            load_path=saved_until("st_petersburg", ["Ann", "Bob", "Cleo"], 11), bot_delay=0
        ),
        [],
    )

    def santiago(phase, round_, name):
        path = saved_until("santiago", ["Ann", "Bob", "Cleo", "Dan"], 5, santiago_at(phase, round_), name)
        return lambda: BoardgamesApp(load_path=path, bot_delay=0)

    yield "santiago_planting_80x24", (80, 24), santiago("plant", 4, "plant"), ["enter"]
    yield "santiago_bribes_80x24", (80, 24), santiago("bribe", 5, "bribe"), ["enter", "enter"]
    yield "santiago_bribes_120x40", (120, 40), santiago("bribe", 5, "bribe"), ["enter", "enter"]
    yield "santiago_game_over", (80, 24), santiago("over", 99, "over"), []

    def san_marco(stop, name):
        path = saved_until("san_marco", ["Ann", "Bob", "Cleo"], 3, stop, name)
        return lambda: BoardgamesApp(load_path=path, bot_delay=0)

    def doge_to_play(view):
        return view.step == "resolve" and "doge" in view.pending and view.doge is not None

    def splitting(view):
        return view.step == "split" and view.round >= 2

    def choosing(view):
        return view.step == "choose" and view.round >= 2

    # the hand-off, then what happened since that player's last turn, then the scene's keys
    yield "san_marco_map_80x24", (80, 24), san_marco(doge_to_play, "doge"), ["enter", "enter", "c"]
    yield "san_marco_map_120x40", (120, 40), san_marco(doge_to_play, "doge"), ["enter", "enter", "c"]
    yield (
        "san_marco_split_80x24",
        (80, 24),
        san_marco(splitting, "split"),
        ["enter", "enter", "right", "2", "right", "3"],
    )
    yield "san_marco_choice_80x24", (80, 24), san_marco(choosing, "choose"), ["enter", "enter", "down"]
    yield "san_marco_game_over", (80, 24), san_marco(lambda view: False, "over"), []

    def rialto(stop, name, names=("Ann", "Bob", "Cleo"), options=None, seed=5):
        path = saved_until("rialto", list(names), seed, stop, name, options)
        return lambda: BoardgamesApp(load_path=path, bot_delay=0)

    def building_stage(view):
        return view.step == "play" and view.round >= 2 and view.current_stage == 2

    def bridge_to_place(view):
        return view.step == "bridge" and view.round >= 2

    def virtual_stage(view):
        return view.step == "play" and view.round >= 3 and view.current_stage == 4

    # the hand-off (and the recap, when there is one), then the scene's keys: a Joker picked
    # besides the stage's cards; a bridge moved and turned; the virtual player's public hand
    stage_keys = ["enter", "enter", "right", "right", "space"]
    yield "rialto_stage_80x24", (80, 24), rialto(building_stage, "stage", seed=7), stage_keys
    yield "rialto_stage_120x40", (120, 40), rialto(building_stage, "stage", seed=7), stage_keys
    yield "rialto_bridge_80x24", (80, 24), rialto(bridge_to_place, "bridge"), ["enter", "right", "f"]
    yield (
        "rialto_virtual_80x24",
        (80, 24),
        rialto(virtual_stage, "virtual", ("Ann", "Bob"), {"virtual_player": "on"}, seed=3),
        ["enter", "right"],
    )
    yield "rialto_game_over", (80, 24), rialto(lambda view: False, "over"), []

    def macao(stop, name, seed=7):
        path = saved_until("macao", ["Ann", "Bob", "Cleo"], seed, stop, name)
        return lambda: BoardgamesApp(load_path=path, bot_delay=0)

    def dice(view):
        return view.step == "dice" and view.round >= 4

    def actions(view):
        return (
            view.step == "actions" and view.round >= 5 and sum(view.players[view.to_move[0]].available) >= 3
        )

    # the hand-off (and the recap), then two dice marked; an action turn on the city, then the sea
    yield "macao_dice_80x24", (80, 24), macao(dice, "dice"), ["enter", "enter", "b", "y"]
    yield "macao_city_80x24", (80, 24), macao(actions, "actions"), ["enter", "c"]
    yield "macao_sea_80x24", (80, 24), macao(actions, "actions"), ["enter", "s"]
    yield "macao_actions_120x40", (120, 40), macao(actions, "actions"), ["enter", "c"]
    yield "macao_game_over", (80, 24), macao(lambda view: False, "over"), []

    # a walkthrough: the fifth step's caption; reviewing a finished game with its score chart
    yield (
        "learn_caption_80x24",
        (80, 24),
        lambda: BoardgamesApp(learn="st_petersburg", bot_delay=0),
        ["right"] * 4,
    )
    yield "review_chart_120x40", (120, 40), macao(lambda view: False, "over"), ["r", "pageup", "pageup"]
    yield "review_figures_80x24", (80, 24), macao(lambda view: False, "over"), ["r", "f"]


async def shoot(name, size, make_app, keys) -> Path:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.2)
        svg = app.export_screenshot(title=name)
    path = OUT / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


async def shoot_shared(name, size, keys) -> Path:
    """A shared table's screens: the table service runs here, Ben has opened a St. Petersburg
    table for three (one seat open, one kept for cat) with a bot, and the app, Ann's, presses
    `keys` ("<code>" types the table's code)."""
    from boardgames_tui.play import wire
    from boardgames_tui.play.remote import Link
    from boardgames_tui.serve.tables import TableService
    from boardgames_tui.ui.app import BoardgamesApp

    with tempfile.TemporaryDirectory() as root:
        service = TableService(Path(root), bot_delay=0)
        await service.start()
        try:
            os.environ[wire.SOCKET_ENV] = str(service.path)
            os.environ[wire.TOKEN_ENV] = service.register("ann")
            ben = await Link.connect(str(service.path), service.register("ben"))
            seats = [
                {"kind": "me", "name": "Ben"},
                {"kind": "open", "name": "Seat 2"},
                {"kind": "user", "user": "cat"},
                {"kind": "bot", "name": "Dan", "level": "hard"},
            ]
            ben.send({"type": "open", "game": "st_petersburg", "seats": seats, "seed": 7})
            code = ""
            while not code:
                message = await ben.receive()
                assert message is not None
                code = message.get("code", "") if message["type"] == "opened" else ""
            app = BoardgamesApp(bot_delay=0)
            async with app.run_test(size=size) as pilot:
                await pilot.pause(0.3)
                for key in keys:
                    for each in list(code.lower()) if key == "<code>" else [key]:
                        await pilot.press(each)
                    await pilot.pause(0.3)
                await pilot.pause(0.3)
                svg = app.export_screenshot(title=name)
        finally:
            os.environ.pop(wire.SOCKET_ENV, None)
            os.environ.pop(wire.TOKEN_ENV, None)
            await service.close()
    path = OUT / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


# A shared table (over SSH): joining it by its code, then its lobby while it waits for a player.
SHARED_SCENES = [
    ("shared_join_80x24", (80, 24), ["f7", "<code>", "enter"]),
    ("shared_lobby_80x24", (80, 24), ["f7", "<code>", "enter", "enter"]),
]


def to_png(svg_path: Path) -> Path:
    import cairosvg

    # The SVG asks for Fira Code, which machines rarely have; DejaVu Sans Mono keeps box lines joined.
    svg = svg_path.read_text(encoding="utf-8").replace("Fira Code", "DejaVu Sans Mono")
    png = svg_path.with_suffix(".png")
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(png), output_width=1600)
    return png


def main() -> int:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        os.environ["BOARDGAMES_TUI_DATA"] = data  # an empty launcher, and no real saves touched
        os.environ.pop("NO_COLOR", None)
        only = set(sys.argv[1:])  # names to shoot again; none: every scene
        for name, size, make_app, keys in scenes():
            if only and name not in only:
                continue
            svg = asyncio.run(shoot(name, size, make_app, keys))
            png = to_png(svg)
            print(f"{png.relative_to(ROOT)}  {size[0]}×{size[1]}")
        for name, size, keys in SHARED_SCENES:
            if only and name not in only:
                continue
            png = to_png(asyncio.run(shoot_shared(name, size, keys)))
            print(f"{png.relative_to(ROOT)}  {size[0]}×{size[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Mahjong's view on the game screen at 80x24 (and 120x40), through the pilot: positions are built by
playing actions through the match (shanten-greedy discards, calls taken at random, wins where asked),
saved, and resumed with every seat human, so no AI has to be compiled; the hotseat test seats two
people and two AI players.

What a player must see: the round, sticks, wall and dora indicators, every seat's wind, points and
melds, every discard of the four ponds, the hand with the drawn tile apart and its melds, the prompt
and the buttons, all inside the board area without scrolling; ASCII and monochrome (red fives and dora
told apart without colour), the light theme's own tile colours; a discard by arrows, by number, by
letter and by click, riichi by r and a tile, a pon answered by its key; no frame showing a seat's tiles
to the other person at the screen; the end-of-hand panel (the winner, yaku with han, fu, the points
each seat got, or the draw with the tenpai seats). The shared tile widgets' layout is tested alone at
the end.
"""

from __future__ import annotations

import asyncio
import random
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from layout_helpers import region_lines, region_text, screen_lines  # noqa: E402
from rich.cells import cell_len  # noqa: E402
from tui_games import catalog  # noqa: E402
from tui_games.core.players import SIMULTANEOUS  # noqa: E402
from tui_games.engine.observer import redacted_array  # noqa: E402
from tui_games.games.mahjong.constants import CHI, DISCARD, PASS, PON, RIICHI, RON, TSUMO, type_kind  # noqa: E402
from tui_games.games.mahjong.look import COLOURS  # noqa: E402
from tui_games.games.mahjong.shanten import shanten_search  # noqa: E402
from tui_games.games.mahjong.tiles import kind_name, parse, parse_kind  # noqa: E402
from tui_games.games.mahjong.view import MahjongView, dora_kind  # noqa: E402
from tui_games.match import Match, Seat  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from tui_games.ui.glyphs import ASCII, UNICODE  # noqa: E402
from tui_games.ui.screens.handoff import HandoffScreen  # noqa: E402
from tui_games.ui.widgets.tile_rack import LETTERS, TileRack  # noqa: E402
from tui_games.ui.widgets.tiles import GROUP_GAP, Tile, TileGroup, TileStrip, face_width, wrap_groups  # noqa: E402
from ui_helpers import wait_for  # noqa: E402

SIZE = (80, 24)
BIG = (120, 40)
SPEC = catalog.get("mahjong")
HUMANS = [Seat()] * 4
SETTINGS = Settings(ai_think_time=0.0, animation="off")
UNICODE_FACE = re.compile(r"[1-9⑤][萬筒索]|[東南西北白發中]")
ASCII_FACE = re.compile(r"[0-9][mps]|(?:Wh|Gr|Rd|[ESWN])(?![a-z])")


# ----- building positions --------------------------------------------------------------------------------
def greedy_discard(state, seat: int, acts: list[int], rng: random.Random) -> int:
    """The discard that keeps the least shanten (ties at random)."""
    hand = np.array(state.field("hands")[seat * 34:seat * 34 + 34])

    def after(action: int) -> float:
        hand[type_kind(action % RIICHI)] -= 1
        value = shanten_search(hand) + rng.random()
        hand[type_kind(action % RIICHI)] += 1
        return value

    return min((a for a in acts if a < RIICHI), key=after)


def pick(state, seat: int, acts: list[int], rng: random.Random, calls: float, win: bool, riichi: bool) -> int:
    """A seat's move: a win where ``win``, a call with odds ``calls``, riichi where ``riichi``, else the
    greedy discard (or pass)."""
    for action in (TSUMO, RON):
        if action in acts and win:
            return action
    offered = [a for a in acts if CHI <= a < TSUMO]
    if offered and rng.random() < calls:
        return rng.choice(offered)
    if PASS in acts:
        return PASS
    declared = [a for a in acts if RIICHI <= a < CHI]
    if declared and riichi:
        return rng.choice(declared)
    if any(a < RIICHI for a in acts):
        return greedy_discard(state, seat, acts, rng)
    return next(a for a in acts if a not in (TSUMO, RON))


def played(stop, seats=HUMANS, seeds=range(40), calls: float = 0.4, win: bool = False, riichi: bool = False,
           params=None) -> Match:
    """The first match (trying ``seeds`` in turn) whose play reaches a position where ``stop(state)``
    holds; the match is left there, saved."""
    for seed in seeds:
        rng = random.Random(seed)
        match = Match.new(SPEC, dict(params or {"length": "hand"}), list(seats), seed=seed)
        while not stop(match.state) and not match.is_over:
            state = match.state
            if state.current_player == SIMULTANEOUS:
                match.play_joint([pick(state, s, state.legal_actions(s), rng, calls, win, riichi) for s in range(4)])
            else:
                match.play(pick(state, state.current_player, state.legal_actions(), rng, calls, win, riichi))
        if stop(match.state):
            match.save()
            return match
        match.close()
    raise AssertionError("no seed reached the position")


def mid_hand(state) -> bool:
    """Seat 0 to discard, with a meld, another seat with one, and long ponds."""
    return (state.current_player == 0 and state.phase == "turn" and state.melds(0)
            and any(state.melds(seat) for seat in (1, 2, 3))
            and sum(len(state.pond(seat)) for seat in range(4)) >= 40 and state.drawn is not None)


async def opened(pilot, app, timeout: float = 600.0):
    """The game screen once the shown seat may act (hand-overs confirmed) or the game is over; the
    kernels may have to compile first."""
    def ready() -> bool:
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            return False
        match = getattr(screen, "match", None)
        return (getattr(screen, "view", None) is not None and match is not None and not screen._handoff_open
                and (match.is_over or match.human_to_move or match.choosing_human is not None))

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
        if ready():
            await pilot.pause()
            if ready():
                return app.screen
        await pilot.pause(0.05)
    raise AssertionError("the game did not open")


def resumed(match: Match, settings: Settings = SETTINGS) -> TuiGamesApp:
    """The app resuming ``match``'s save."""
    path = match.save_path
    match.close()
    return TuiGamesApp({"resume": str(path)}, settings=settings)


# ----- reading the screen ---------------------------------------------------------------------------------
def faces(text: str, ascii_mode: bool = False) -> list[str]:
    """The tile faces written in ``text``, in reading order."""
    return (ASCII_FACE if ascii_mode else UNICODE_FACE).findall(text)


def face_of(tile: str, ascii_mode: bool = False) -> str:
    """How the view writes a tile of the notation ('0m' -> '⑤萬' / '0m')."""
    kind, red = parse_kind(tile)
    text = kind_name(kind, not ascii_mode, red)
    return "⑤" + text[1:] if red and not ascii_mode else text


def hand_faces(notation: str, ascii_mode: bool = False) -> list[str]:
    """The faces of a hand in the notation."""
    out = []
    for tile in parse(notation):
        kind, red = tile // 4, tile in (16, 52, 88)
        out.append(face_of(f"{0 if red else kind % 9 + 1}{'mpsz'[kind // 9]}" if kind < 27
                           else f"{kind - 26}z", ascii_mode))
    return out


def meld_faces(meld, ascii_mode: bool = False) -> list[str]:
    """The faces a meld shows: all its tiles, but a closed kan's two ends lie face down."""
    shown = hand_faces(meld.tiles, ascii_mode)
    return shown[1:-1] if meld.type == "closed kan" else shown


def cells(line: str) -> list[str]:
    """A line as the terminal's cells: a wide character, then '' for its second cell."""
    out = []
    for char in line:
        out += [char] + [""] * (cell_len(char) - 1)
    return out


def tall_faces(lines: list[str]) -> list[str]:
    """The faces of the framed (tall) tiles drawn in ``lines``, left to right, row by row: what each
    frame holds on its two lines, the top line's text then the bottom's ('5' over '萬': '5萬')."""
    grid = [cells(line) for line in lines]
    found = []
    for y, row in enumerate(grid[:-3]):
        for x, char in enumerate(row):
            if char in "╭┏+#" and x + 1 < len(row) and row[x + 1] in "─━-=":
                right = next(i for i in range(x + 1, len(row)) if row[i] in "╮┓+#")
                text = "".join("".join(grid[y + dy][x + 1:right]).strip() for dy in (1, 2))
                found.append((x, text))
    return [text for _, text in sorted(found)]


def widget_text(app, widget) -> str:
    """What the screen shows where ``widget`` is."""
    return region_text(app, widget.region)


def check_table(app, screen, ascii_mode: bool = False) -> None:
    """Every part of the table is on the screen, whole, inside the board area."""
    view: MahjongView = screen.view
    state = screen.match.shown_state()
    table = view.query_one("#mj-table")
    assert table.max_scroll_y == 0, "the table had to scroll"
    area = screen.query_one("#view-slot").region
    for widget in view.query("TileStrip, TileRack, #mj-prompt, #mj-actions"):
        if widget.display and widget.region.height:
            assert area.contains_region(widget.region), widget
    info = widget_text(app, view.query_one("#mj-info"))
    assert f"East {state.hand_number}" in info and f"honba {state.honba}" in info
    assert f"sticks {state.riichi_sticks}" in info and f"wall {state.wall_left}" in info
    assert faces(info, ascii_mode) == [face_of(t, ascii_mode) for t in state.dora_indicators]
    for slot, seat in enumerate(view._order()):
        header = widget_text(app, view.query_one(f"#mj-seat-{slot}"))
        wind = kind_name(27 + ("east", "south", "west", "north").index(state.seat_wind(seat)), not ascii_mode)
        assert view._mark(seat) in header and f" {wind} " in header and f"{state.scores[seat]:,}" in header
        if seat != view.seat:
            for meld in state.melds(seat):
                tiles = Counter(meld_faces(meld, ascii_mode))
                found = [m for m in re.findall(r"\S+", header) if Counter(faces(m, ascii_mode)) == tiles]
                assert found, (meld, header)
            melds = [f for meld in state.melds(seat) for f in meld_faces(meld, ascii_mode)]
            assert Counter(faces(header, ascii_mode)) == Counter([wind] + melds), header
        pond = widget_text(app, view.query_one(f"#mj-pond-{slot}"))
        assert faces(pond, ascii_mode) == [face_of(d.tile, ascii_mode) for d in state.pond(seat)], (seat, pond)
    expected = hand_faces(state.hand(view.seat), ascii_mode)
    melds = [f for meld in state.melds(view.seat) for f in meld_faces(meld, ascii_mode)]
    if view.rack.tall:
        backs = {"░░░░", "####"}  # a closed kan's ends lie face down
        shown = [f for f in tall_faces(region_lines(app, view.rack.region)) if f not in backs]
    else:
        shown = faces(widget_text(app, view.rack), ascii_mode)
    assert Counter(shown) == Counter(expected + melds), shown


# ----- the table ------------------------------------------------------------------------------------------
async def test_a_mid_hand_table_shows_every_part_at_80x24(home):
    match = played(mid_hand)
    state = match.state
    app = resumed(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        check_table(app, screen)
        text = "\n".join(screen_lines(app))
        assert "Your turn: discard a tile" in text
        rack = screen.view.rack
        assert rack.all_tiles[-1].face == face_of(state.drawn)  # the drawn tile, last and set apart
        plan = rack.plan()
        assert plan.columns[-1] - plan.columns[-2] == plan.face + (0 if plan.packed else 1) + GROUP_GAP
        header = widget_text(app, screen.view.query_one("#mj-seat-3"))
        assert "▶" in header and "(you)" in header  # the shown seat is on turn
        for meld in state.melds(0):
            if meld.from_seat is not None:
                assert screen.view._mark(meld.from_seat) in widget_text(app, rack)


def dora_held(state) -> list[str]:
    """The tiles of seat 0's hand that are dora."""
    dora = {dora_kind(parse_kind(t)[0]) for t in state.dora_indicators}
    return [face for face in hand_faces(state.hand(0), True) if parse_kind(ascii_to_notation(face))[0] in dora]


def red_five_seen(state) -> bool:
    """A red five lies in some pond or in seat 0's hand."""
    return "0" in state.hand(0) or any(d.tile[0] == "0" for seat in range(4) for d in state.pond(seat))


async def test_ascii_and_monochrome_tell_red_fives_and_dora_without_colour(home):
    match = played(lambda s: mid_hand(s) and red_five_seen(s) and bool(dora_held(s)), seeds=range(200))
    state = match.state
    app = resumed(match, Settings(ai_think_time=0.0, animation="off", glyphs="ascii", colour="monochrome"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        text = "\n".join(screen_lines(app))
        assert text.isascii(), text
        check_table(app, screen, ascii_mode=True)
        reds = [face for face in hand_faces(state.hand(0), True) if face[0] == "0"]
        reds += [d.tile for seat in range(4) for d in state.pond(seat) if d.tile[0] == "0"]
        assert reds and all(red in text for red in reds)  # '0m': the red five by its digit
        for strip in screen_strips(app):  # no colour but greys
            for segment in strip:
                assert segment.style is None or segment.style.color is None or \
                    segment.style.color.triplet is None or len(set(segment.style.color.triplet)) == 1
        held = dora_held(state)
        assert held and Counter(held) <= Counter(underlined_faces(app))  # dora: underlined


def ascii_to_notation(face: str) -> str:
    """The notation of an ASCII face ('5m', 'E' -> '1z', 'Wh' -> '5z')."""
    honours = ["E", "S", "W", "N", "Wh", "Gr", "Rd"]
    return f"{honours.index(face) + 1}z" if face in honours else face


def screen_strips(app):
    """The screen's lines as Rich segments."""
    return [list(strip) for strip in app.screen._compositor.render_strips()]


def underlined_faces(app) -> list[str]:
    """The ASCII faces written underlined on the screen."""
    found = []
    for strip in screen_strips(app):
        for segment in strip:
            if segment.style is not None and segment.style.underline:
                found += faces(segment.text, True)
    return found


async def test_the_light_theme_paints_tiles_in_its_own_colours(home):
    match = played(mid_hand)
    app = resumed(match, Settings(ai_think_time=0.0, animation="off", theme="light"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        check_table(app, screen)
        rack = screen.view.rack
        face = rack.get_component_rich_style("tiles--face")
        assert face.bgcolor.triplet.hex == COLOURS["tile"]["light"]
        red = rack.get_component_rich_style("tiles--ink-red", partial=True)
        assert red.color.triplet.hex == COLOURS["red"]["light"]


async def test_a_big_terminal_stands_the_hand_tall(home):
    match = played(mid_hand)
    app = resumed(match)
    async with app.run_test(size=BIG) as pilot:
        screen = await opened(pilot, app)
        rack = screen.view.rack
        assert rack.tall and rack.region.height >= 6 and rack.region.width > 48 and not rack.plan().packed
        check_table(app, screen)


# ----- playing by keys and mouse --------------------------------------------------------------------------
async def discard_by(pilot, screen, keys: list[str], index: int) -> None:
    """Press ``keys``; the tile ``index`` of the rack must be discarded."""
    match = screen.match
    view = screen.view
    before = len(match.state.history)
    wanted = DISCARD + view._types[index]
    for key in keys:
        await pilot.press(key)
    await wait_for(pilot, lambda: len(match.state.history) > before, what=f"{keys} to discard")
    assert match.state.history[before] == wanted


async def test_a_discard_by_arrows_digits_letters_and_click(home):
    for how in ("arrows", "digit", "letter", "click"):
        match = played(mid_hand)
        app = resumed(match)
        async with app.run_test(size=SIZE) as pilot:
            screen = await opened(pilot, app)
            view = screen.view
            playable = [i for i, tile in enumerate(view.rack.all_tiles) if tile.playable]
            index = playable[min(2, len(playable) - 1)]
            if how == "arrows":
                await discard_by(pilot, screen, ["home"] + ["right"] * index + ["enter"], index)
            elif how == "digit":
                await discard_by(pilot, screen, [str(index + 1), "enter"], index)
            elif how == "letter":
                await pilot.press("A")
                assert view.rack.cursor == 0
                await discard_by(pilot, screen, [LETTERS[index], "space"], index)
            else:
                x = view.rack.plan().columns[index] + 1
                await pilot.pause()
                before = len(screen.match.state.history)
                wanted = DISCARD + view._types[index]
                await pilot.click(TileRack, offset=(x, 1))
                await wait_for(pilot, lambda: len(screen.match.state.history) > before, what="the click")
                assert screen.match.state.history[before] == wanted


async def test_riichi_by_r_then_a_tile(home):
    def can_riichi(state) -> bool:
        return state.current_player == 0 and any(RIICHI <= a < CHI for a in state.legal_actions())

    match = played(can_riichi, calls=0.0, seeds=range(200))
    legal = match.state.legal_actions()
    app = resumed(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        view = screen.view
        assert "r Riichi" in widget_text(app, view.actions)
        await pilot.press("r")
        await pilot.pause()
        assert view.riichi_mode and "Riichi: choose the tile" in widget_text(app, view.query_one("#mj-prompt"))
        bright = [i for i, tile in enumerate(view.rack.all_tiles) if tile.playable]
        assert {RIICHI + view._types[i] for i in bright} == {a for a in legal if RIICHI <= a < CHI}
        dull = [i for i, tile in enumerate(view.rack.all_tiles) if not tile.playable]
        await pilot.press("escape")
        await pilot.pause()
        assert not view.riichi_mode and screen.match.state.history == match.state.history
        await pilot.press("r")
        before = len(screen.match.state.history)
        if dull:  # a tile that would leave the hand not ready is refused, nothing is played
            view.rack.move_cursor(dull[0])
            await pilot.press("enter")
            await pilot.pause()
            assert len(screen.match.state.history) == before and view.riichi_mode
        view.rack.move_cursor(bright[0])
        wanted = RIICHI + view._types[bright[0]]
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.match.state.history) > before, what="the riichi discard")
        assert screen.match.state.history[before] == wanted


async def test_a_call_answered_by_its_key(home):
    def can_pon(state) -> bool:
        return state.current_player == SIMULTANEOUS and PON in state.legal_actions(0)

    match = played(can_pon, calls=0.0)
    state = match.state
    discarder = state.turn
    tile = state.pond(discarder)[-1].tile
    app = resumed(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        view = screen.view
        assert screen.match.choosing_human == 0
        text = "\n".join(screen_lines(app))
        assert f"{view._mark(discarder)} Player {discarder + 1} discards {face_of(tile)}: " in text
        labels = [label for _, label in view.actions.actions]
        assert "p Pon" in labels and "x Pass" in labels
        assert not view.rack.active  # no tile to choose while answering
        await pilot.press("p")
        await wait_for(pilot, lambda: 0 in screen.match.joint_choices or len(screen.match.state.history)
                       > len(state.history), what="the pon")
        chosen = screen.match.joint_choices.get(0)
        assert chosen == PON or screen.match.state.history[len(state.history)][0] == PON


# ----- hotseat --------------------------------------------------------------------------------------------
class HandWatch:
    """Checks every frame the app draws: the view draws the redacted state of the seat it shows, that
    seat is the person holding the screen (once someone has confirmed a hand-over), the rack was last
    given that seat's own tiles and melds, and the frame shows none but those."""

    def __init__(self, app: TuiGamesApp) -> None:
        self.app = app
        self.holder: int | None = None
        self.frames = 0
        self.problems: list[str] = []
        self.drawn: tuple[int | None, Counter] | None = None
        """The seat and the tiles (hand and melds) the view's last redraw gave the rack."""
        self.holders: set[int] = set()
        """Every seat that has held the screen."""
        original = app._display

        def display(screen, renderable) -> None:
            original(screen, renderable)
            try:
                self.check()
            except Exception as error:  # reported by the test, never inside Textual's loop
                self.problems.append(f"check failed: {error!r}")

        app._display = display

    def watch_view(self, view: MahjongView) -> None:
        """Record what each redraw of ``view`` gives the rack."""
        if getattr(view, "_watched", False):
            return
        view._watched = True
        redraw = view.redraw

        def recorded() -> None:
            redraw()
            match = view.match
            observer = match.observer_seat
            own = Counter()
            if observer is not None:
                state = match.state
                own = Counter(hand_faces(state.hand(observer)) + [f for meld in state.melds(observer)
                                                                  for f in meld_faces(meld)])
            self.drawn = (observer, own)

        view.redraw = recorded

    def check(self) -> None:
        """Check the frame just drawn."""
        app = self.app
        if isinstance(app.screen, HandoffScreen) or getattr(app.screen, "view", None) is None:
            return
        screen = app.screen
        match, view = screen.match, screen.view
        self.watch_view(view)
        if match is None or view.match is None or not view.rack.region.height:
            return
        self.frames += 1
        observer = match.observer_seat
        state = match.state
        where = f"frame {self.frames}"
        if self.holder is not None and observer not in (None, self.holder):
            self.problems.append(f"{where}: seat {observer}'s tiles drawn while seat {self.holder} holds the screen")
        if observer is not None and not np.array_equal(view.state.array,
                                                       redacted_array(state.kernels, state.array, observer)):
            self.problems.append(f"{where}: the view draws more than seat {observer} may see")
        if self.drawn is None:
            return
        seat, own = self.drawn
        if self.holder is not None and seat not in (None, self.holder):
            self.problems.append(f"{where}: the rack was given seat {seat}'s tiles while seat {self.holder} holds "
                                 "the screen")
        shown = Counter(faces(region_text(app, view.rack.region)))
        if not shown <= own:  # (a frame drawn mid-layout may show a part of the rack)
            self.problems.append(f"{where}: the rack shows {sorted(shown.elements())}, seat {seat} holds "
                                 f"{sorted(own.elements())}")


def ready_to_move(app) -> bool:
    """A human may move on the game screen now (or the game is over)."""
    screen = app.screen
    match = getattr(screen, "match", None)
    if getattr(screen, "view", None) is None or match is None or screen._handoff_open:
        return False
    return match.is_over or match.human_to_move or match.choosing_human is not None


async def test_hotseat_no_frame_shows_a_seat_the_other_persons_tiles(home):
    match = Match.new(SPEC, {"length": "hand"}, [Seat(), Seat(), Seat("ai", 1), Seat("ai", 1)], seed=6)
    path = match.save()
    match.close()
    app = TuiGamesApp({"resume": str(path)}, settings=SETTINGS)
    watch = HandWatch(app)
    rng = random.Random(3)
    moves = 0
    async with app.run_test(size=SIZE) as pilot:
        while moves < 16:
            await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) or ready_to_move(app),
                           what="a turn or a hand-over", timeout=600)
            await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                match = next(s for s in reversed(app.screen_stack) if getattr(s, "view", None) is not None).match
                watch.holder = match.choosing_human if match.at_simultaneous_node else match.to_move
                watch.holders.add(watch.holder)
                await pilot.press("enter")
                await pilot.pause()
                continue
            match = app.screen.match
            if match.is_over:
                break
            seat = match.choosing_human if match.at_simultaneous_node else match.to_move
            before = (len(match.state.history), len(match.joint_choices))
            app.screen.view.choose(pick(match.state, seat, app.screen.view.legal(), rng, 0.5, False, False))
            await wait_for(pilot, lambda: (len(match.state.history), len(match.joint_choices)) != before,
                           what="the move", timeout=600)
            moves += 1
    assert not watch.problems, "\n".join(watch.problems[:3])
    assert watch.frames > 10 and watch.holders == {0, 1}


# ----- the end of a hand ----------------------------------------------------------------------------------
async def test_the_end_of_a_won_hand(home):
    match = played(lambda s: s.is_terminal and bool(s.winners), calls=0.3, win=True, riichi=True)
    state = match.state
    app = resumed(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        result = widget_text(app, screen.view.query_one("#mj-result"))
        change = state.returns()
        for seat in state.winners:
            how = "tsumo" if state.win_from is None else f"ron from {screen.view._mark(state.win_from)}"
            assert f"Player {seat + 1} wins by {how}" in result
            value = f"{state.han(seat)} han {state.fu(seat)} fu" if not state.yakuman(seat) else "yakuman"
            assert value in result
            for name in state.yaku(seat):
                if name not in ("Dora", "Ura Dora", "Aka Dora"):
                    assert name in result
        for seat in range(4):
            assert f"{screen.view._mark(seat)} {change[seat]:+,.0f}" in result
        assert screen.query_one("#view-slot").region.contains_region(screen.view.query_one("#mj-result").region)
        rack = screen.view.rack
        assert rack.bare and rack.region.height == rack.plan().height < 3  # no cursor, no keys: the hand is over


async def test_the_end_of_a_drawn_hand(home):
    match = played(lambda s: s.is_terminal and s.end == "exhaustive draw", calls=0.2)
    state = match.state
    app = resumed(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        result = widget_text(app, screen.view.query_one("#mj-result"))
        assert "Drawn hand: exhaustive draw; tenpai: " in result
        tenpai = " ".join(screen.view._mark(seat) for seat in state.tenpai) or "nobody"
        assert f"tenpai: {tenpai}" in result
        change = state.returns()
        assert all(f"{screen.view._mark(seat)} {change[seat]:+,.0f}" in result for seat in range(4)), \
            "\n".join(screen_lines(app))


# ----- the tile widgets alone -----------------------------------------------------------------------------
def tiles(count: int, face: str = "5萬", **flags) -> tuple[Tile, ...]:
    """``count`` tiles alike."""
    return tuple(Tile(face, **flags) for _ in range(count))


def test_a_pond_wraps_after_whole_rows_of_six():
    pond = TileGroup(tiles(24), run=6)
    assert wrap_groups([pond], 48, 3) == [[(0, 0, 12)], [(0, 12, 24)]]
    assert wrap_groups([pond], 30, 3) == [[(0, 0, 6)], [(0, 6, 12)], [(0, 12, 18)], [(0, 18, 24)]]
    assert wrap_groups([TileGroup(tiles(14), run=6)], 48, 3) == [[(0, 0, 12)], [(0, 12, 14)]]
    assert wrap_groups([TileGroup(tiles(5), run=6)], 48, 3) == [[(0, 0, 5)]]


def test_melds_stay_whole_and_wrap_after_a_lead():
    meld = TileGroup(tiles(3), packed=True, note="●1")
    # a lead of 20 cells, then melds of 9 + 3 cells each: two fit in 48, the third wraps
    assert wrap_groups([meld] * 3, 48, 3, lead=20, indent=2) == [[(0, 0, 3), (1, 0, 3)], [(2, 0, 3)]]
    assert wrap_groups([meld], 10, 3, lead=20) == [[], [(0, 0, 3)]]  # the lead keeps its line


def test_the_rack_stands_tiles_apart_where_they_fit_and_packs_them_where_not():
    rack = TileRack(face=3)
    rack.show(tiles(13), Tile("1索"))
    spaced = rack.plan(80)
    assert not spaced.packed and spaced.columns[:3] == (0, 4, 8) and spaced.columns[-1] == 13 * 4 + 2
    packed = rack.plan(48)
    assert packed.packed and packed.columns[:3] == (0, 3, 6) and packed.columns[-1] == 13 * 3 + 2
    lines = rack.text(48).splitlines()
    assert lines[1].startswith("   5萬") and lines[0].startswith("5萬")  # the cursor tile is lifted
    assert lines[2].split() == list(LETTERS[:14]) == list("ABCDFGHIJKLMOP")
    rack.show(tiles(10), None, [TileGroup(tiles(3, "東"), packed=True, note="■2")])
    plan = rack.plan(48)
    assert plan.melds_beside and rack.text(48).splitlines()[1].rstrip().endswith(" 東 東 東 ■2")
    rack.show(tiles(13), Tile("1索"), [TileGroup(tiles(3, "東"), packed=True, note="■2")])
    assert not rack.plan(48).melds_beside and len(rack.text(48).splitlines()) == 4


def test_the_rack_finds_the_tile_clicked():
    rack = TileRack(face=3)
    rack.show(tiles(4, playable=False) + tiles(1), Tile("1索"))
    plan = rack.plan(48)
    assert not plan.packed and plan.columns == (0, 4, 8, 12, 16, 22)
    assert [rack.tile_at(x, 1, 48) for x in range(30)] == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4 + \
        [None] * 2 + [5] * 4 + [None] * 4
    assert rack.tile_at(0, 0, 48) == 0 and rack.tile_at(4, 2, 48) == 1 and rack.tile_at(0, 3, 48) is None
    assert rack.cursor == 4  # the cursor went to the first playable tile


def test_faces_fit_their_cells():
    assert face_width([Tile("5萬"), Tile("東")]) == 3 and face_width([Tile("5m"), Tile("E")]) == 2
    strip = TileStrip(face=3, glyphs=UNICODE)
    strip.show([TileGroup((Tile("東"), Tile("5萬", mark="▸"), Tile("白", down=True)))], "dora")
    assert strip.text(40) == "dora   東▸5萬 ░░░"
    strip.set_glyphs(ASCII)
    strip.face = 2
    strip.show([TileGroup((Tile("E"), Tile("0m", mark=">"), Tile("Wh", down=True)))], "dora")
    assert strip.text(40) == "dora   E>0m ##"

"""Hotseat privacy, frame by frame: in every hidden-information game, with two or three human seats
(and an AI seat where the game has room for one), no frame the app draws shows a human's private cards,
dice or secret choice while another human may be looking, and neither does the first frame after a
resume.

The test keeps its own model of who may be looking. At the start, after a resume and whenever a new
secret reaches a seat outside its own turn (a new hand, a new round), the whole table may be looking.
Pressing the hand-over button as seat X gives the screen to X: X may then see the secrets X held at
that moment and those X gains during its own turn (a card drawn, dice rerolled), until the screen is
handed to someone else. Every frame (each call of the app's display) is checked against that model:
its text may show no other secret, and the state the view draws may be no seat's but the holder's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np
import pytest

from layout_helpers import screen_lines
from tui_games.engine.observer import PUBLIC_VIEW, redacted_array
from tui_games.match import Seat
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.screens.game import GameScreen
from tui_games.ui.screens.handoff import HandoffScreen
from ui_helpers import FAST, game_screen, table_screen, wait_for

SIZE = (80, 24)
SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
CARD_GAMES = ("leduc-holdem", "limit-holdem", "no-limit-holdem", "holdem-tournament")


def card_forms(name: str) -> list[str]:
    """How the table draws card ``name`` ('Kd'): as a chip '[K♦]' and inside a framed card 'K ♦'."""
    rank = "10" if name[0] == "T" else name[0]
    suit = SUITS[name[1]]
    return [f"[{rank}{suit}]", f"{rank}{suit}" if len(rank) == 2 else f"{rank} {suit}"]


def secrets_of(match, seat: int) -> set:
    """What ``seat`` knows that a spectator may not: its hole cards ('Kd'), its dice under the cup
    ((die, face)), its choice made in secret at a simultaneous turn (('choice', action))."""
    game = match.spec.id
    state = match.state
    if match.at_simultaneous_node and match.has_chosen(seat):  # a seat's only action, chosen for it, is no secret
        return {("choice", match.joint_choices[seat])}
    if game in CARD_GAMES:
        public = state.observed(PUBLIC_VIEW)
        return set(state.private_cards(seat)) - set(public.private_cards(seat))
    if game == "bluff-poker":
        mine = state.observed(seat)
        public = state.observed(PUBLIC_VIEW)
        return {(die, face) for die, (face, seen) in enumerate(zip(mine.dice, public.dice))
                if face and seen is None and not mine.open_dice[die]}
    return set()


def leaks(match, view, text: str, secret) -> bool:
    """True when ``text`` (a frame) shows ``secret``."""
    if isinstance(secret, str):
        return any(form in text for form in card_forms(secret))
    kind, value = secret
    if kind == "choice":
        return any(name in text for name in {match.state.action_to_string(value), view.move_name(value)})
    dice_line = next((line for line in text.splitlines() if "The dice:" in line), "")
    tokens = dice_line.split("The dice:")[-1].split()
    return len(tokens) == 3 and tokens[kind] == f"({value})"


@dataclass
class PrivacyWatch:
    """Checks every frame of ``app`` against the model of who may be looking."""

    app: TuiGamesApp
    holder: int | None = None
    """The human the screen was handed to (None: the whole table may be looking)."""
    allowed: set = field(default_factory=set)
    """The secrets the holder may see."""
    frames: int = 0
    problems: list[str] = field(default_factory=list)

    def install(self) -> None:
        """Wrap the app's display so that every frame it draws is checked."""
        original = self.app._display

        def display(screen, renderable) -> None:
            original(screen, renderable)
            try:
                self.check_frame()
            except Exception as error:  # reported by the test, never inside Textual's loop
                self.problems.append(f"check failed: {error!r}")

        self.app._display = display

    def handed_to(self, seat: int, match) -> None:
        """The test pressed the hand-over button as ``seat``."""
        self.holder = seat
        self.allowed = secrets_of(match, seat)

    def check_frame(self) -> None:
        """No frame shows a secret of a human other than what the holder may see."""
        app = self.app
        screen = table_screen(app)
        if screen is None or screen.match is None or screen.view is None:
            return
        match = screen.match
        self.frames += 1
        holder = self.holder
        if holder is not None and match.to_move == holder and self._last_mover(match) == holder:
            self.allowed |= secrets_of(match, holder)  # gained in the holder's own turn
        text = "\n".join(screen_lines(app))
        for seat in match.human_seats:
            for secret in secrets_of(match, seat):
                if seat == holder and secret in self.allowed:
                    continue
                if leaks(match, screen.view, text, secret):
                    self.problems.append(f"frame {self.frames}: {match.spec.seat_name(seat)}'s {secret!r} is drawn "
                                         f"while the screen is held by {holder}:\n{text}")
        if isinstance(app.screen, HandoffScreen) or screen.view.match is None:
            return
        observer = match.observer_seat
        kernels, array = match.state.kernels, match.state.array
        expected = redacted_array(kernels, array, PUBLIC_VIEW if observer is None else observer)
        if observer is not None and observer != holder and observer in match.human_seats and \
                not np.array_equal(expected, redacted_array(kernels, array, PUBLIC_VIEW)):
            self.problems.append(f"frame {self.frames}: the view draws seat {observer}'s view, held by {holder}")
        if not np.array_equal(screen.view.state.array, expected):
            self.problems.append(f"frame {self.frames}: the view draws more than seat {observer} may see")

    @staticmethod
    def _last_mover(match) -> int | None:
        movers = [mover for mover in match.movers if mover >= 0]
        return movers[-1] if movers else None

    def assert_clean(self) -> None:
        """Fail with the first problems found."""
        assert not self.problems, "\n\n".join(self.problems[:3])


async def play_watched(app: TuiGamesApp, watch: PrivacyWatch, pilot, moves: int, rng: random.Random) -> None:
    """Play ``moves`` human moves (random legal ones), confirming each hand-over as its player, the
    next deal of a series when one ends; frames are checked all the while."""
    played = 0
    while played < moves:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) or _ready(app), what="a turn or a hand-off")
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            match = table_screen(app).match
            seat = match.choosing_human if match.at_simultaneous_node else match.to_move
            assert app.screen.player_name == match.spec.seat_name(seat)
            watch.handed_to(seat, match)  # the frames the press draws are the new holder's
            await pilot.press("enter")
            await pilot.pause()
            continue
        screen = game_screen(app)
        match = screen.match
        if match.match_over:
            return
        if match.is_over:
            await pilot.press("n")
            await wait_for(pilot, lambda: not match.is_over, what="the next deal")
            continue
        before = (len(match.state.history), len(match.joint_choices), match.deal_number)
        screen.view.choose(rng.choice(screen.view.legal()))
        await wait_for(pilot, lambda: (len(match.state.history), len(match.joint_choices), match.deal_number) != before,
                       what="the move")
        played += 1


def _ready(app) -> bool:
    """A human may move now on the game screen (or the deal or game is over)."""
    screen = game_screen(app)
    if screen is None or screen.match is None or screen.view is None or screen._handoff_open:
        return False
    match = screen.match
    return match.is_over or match.human_to_move or match.choosing_human is not None


GAMES = [
    ("leduc-holdem", {}, [Seat(), Seat()]),
    ("limit-holdem", {"players": 3}, [Seat(), Seat(), Seat("ai", 1)]),
    ("no-limit-holdem", {"players": 4}, [Seat("ai", 1), Seat(), Seat(), Seat()]),
    ("holdem-tournament", {"players": 3}, [Seat(), Seat("ai", 1), Seat()]),
    ("blackjack", {"rules": "american"}, [Seat(), Seat(), Seat("ai", 1)]),
    ("bluff-poker", {"players": 3}, [Seat(), Seat(), Seat("ai", 1)]),
    ("ropasci360", {}, [Seat(), Seat()]),
    ("uno", {"players": 3}, [Seat(), Seat("ai", 1), Seat()]),
    ("doudizhu", {}, [Seat(), Seat(), Seat("ai", 1)]),
    ("gin-rummy", {}, [Seat(), Seat()]),
    ("mahjong", {"length": "east"}, [Seat(), Seat(), Seat("ai", 1), Seat()]),
]



@pytest.mark.parametrize("game, params, seats", GAMES, ids=[game for game, _, _ in GAMES])
async def test_no_frame_shows_a_secret_to_the_wrong_player(home, game, params, seats):
    rng = random.Random(11)
    app = TuiGamesApp({"game": game, "params": params, "seats": seats, "seed": 5}, settings=FAST)
    watch = PrivacyWatch(app)
    watch.install()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: table_screen(app) is not None and table_screen(app).view is not None,
                       what="the game to load")
        await play_watched(app, watch, pilot, 24, rng)
        path = table_screen(app).match.save_path
        match_over = table_screen(app).match.match_over
    watch.assert_clean()
    assert watch.frames > 10
    if match_over:
        return
    resumed = TuiGamesApp({"resume": str(path)}, settings=FAST)
    watch = PrivacyWatch(resumed)  # after a resume the whole table may be looking
    watch.install()
    async with resumed.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: table_screen(resumed) is not None and table_screen(resumed).view is not None,
                       what="the save to load")
        await play_watched(resumed, watch, pilot, 6, rng)
    watch.assert_clean()

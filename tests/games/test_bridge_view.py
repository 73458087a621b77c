"""Contract Bridge on the game screen at 80x24: the four hands, the auction box, the trick, the
contract, vulnerability, dealer, tricks won and the Chicago standing mid-auction and mid-play; a bid by
keys and by clicks; cards by suit and rank keys, by the cursor and by a click; the dummy's card played
by the declarer (its 'q' never quits); ASCII mode with monochrome; the red suits in the dark and light
themes; hotseat with two people, no frame before the opening lead showing a hand but the holder's; and
the double-dummy table and par after a deal, against endplay's DDS.

Positions are written call by call and card by card from one known deal (the issue's PBN example) and
resumed from a save, so each test starts where it means to whatever the AI does."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from layout_helpers import region_lines, screen_lines  # noqa: E402
from tui_games import catalog  # noqa: E402
from tui_games.games.bridge.constants import NUM_CARDS, parse_action  # noqa: E402
from tui_games.games.bridge.look import COLOURS  # noqa: E402
from tui_games.games.bridge.pbn import parse_deal  # noqa: E402
from tui_games.games.bridge.view import (HAND_AT, TABLE_HEIGHT, TABLE_WIDTH, TRICK_AT, call_text,  # noqa: E402
                                         contract_text)
from tui_games.match import Match, Seat  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from tui_games.ui.glyphs import ASCII, UNICODE  # noqa: E402
from tui_games.ui.screens.handoff import HandoffScreen  # noqa: E402
from ui_helpers import FAST, table_screen, wait_for, wait_for_game, wait_for_human  # noqa: E402

SIZE = (80, 24)
SPEC = catalog.get("bridge")
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ93.A632 AT942.AQ4.2.KJ75"
"""The issue's deal: North QJ6.K652.J85.T98, East 873.J97.AT764.Q4, South K5.T83.KQ93.A632, West
AT942.AQ4.2.KJ75 (spades.hearts.diamonds.clubs)."""
HANDS = parse_deal(DEAL).hands
AUCTION = ["pass", "pass", "1NT", "pass", "3NT", "pass", "pass", "pass"]
"""North deals (deal 1 of a Chicago session): South opens 1NT, North raises to 3NT, West leads."""
FIRST_TRICKS = ["S4", "S6", "S8", "SK",  # West leads a spade, South wins the king
                "DK", "D2", "D5", "D4",  # South cashes diamonds; West has one
                "DQ", "C5", "D8", "D6",
                "H3", "H4"]              # South leads a heart, West follows: the dummy's card is due
HUMAN_SOUTH = [Seat("ai", 1), Seat("ai", 1), Seat(), Seat("ai", 1)]


def dealt() -> list[int]:
    """The 52 chance outcomes that deal :data:`HANDS` (the k-th card dealt goes to seat k % 4)."""
    return [sorted(HANDS[k % 4])[k // 4] for k in range(NUM_CARDS)]


def written(*names: str) -> list[int]:
    """The deal, then the calls and cards ``names`` (the state's own names: 'pass', '1NT', 'SA')."""
    return dealt() + [parse_action(name) for name in names]


def resume(history: list[int], seats=HUMAN_SOUTH, settings: Settings = FAST, params: dict | None = None):
    """The app resuming a Chicago session at ``history`` (its first deal)."""
    match = Match(SPEC, params or {}, list(seats), 1, history=history)
    path = match.save()
    match.close()
    return TuiGamesApp({"resume": str(path)}, settings=settings)


def table_lines(app, screen) -> list[str]:
    """The table's lines as the screen shows them."""
    return region_lines(app, screen.view.table.region)


def view_text(app, screen) -> str:
    return "\n".join(region_lines(app, screen.query_one("#view-slot").region))


def at(lines: list[str], column: int, row: int, width: int) -> str:
    """The text at ``column``, ``row`` of ``lines``, ``width`` cells wide."""
    return lines[row][column:column + width]


def suit_lines(hand: str, glyphs=UNICODE) -> list[str]:
    """A hand written 'QJ6.K652.J85.T98' as the table draws it: '♠ QJ6', '♥ K652' ..."""
    marks = [glyphs.suits[letter] for letter in "SHDC"]
    return [f"{mark} {cards or '—'}" for mark, cards in zip(marks, hand.split("."))]


async def press_for(pilot, screen, keys: list[str], action: str) -> None:
    """Press ``keys`` and check that they played ``action`` for the person at the screen."""
    match = screen.match
    before = len(match.state.history)
    for key in keys:
        await pilot.press(key)
    await wait_for(pilot, lambda: len(match.state.history) > before, what=f"{keys} to play {action}")
    played = match.state.history[before]
    assert played == parse_action(action), match.state.action_to_string(played)


# ----- the names -------------------------------------------------------------------------------------------
def test_calls_and_contracts_read_as_players_write_them():
    assert [call_text(parse_action(name), UNICODE) for name in ("pass", "X", "XX", "1H", "3NT", "7C")] == \
        ["Pass", "X", "XX", "1♥", "3NT", "7♣"]
    assert call_text(parse_action("4s"), ASCII) == "4S"
    assert contract_text("4HX by S", UNICODE) == "4♥X by S"
    assert contract_text("3NT-2 -200", UNICODE) == "3NT-2 -200"
    assert contract_text("6D+1", ASCII) == "6D+1"


# ----- the auction ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("keys, bid", [(["1", "d"], "1D"), (["1", "n"], "1NT")])
async def test_mid_auction_the_table_shows_every_part_and_a_bid_is_made_by_keys(home, keys, bid):
    app = resume(written("pass", "pass"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        lines = table_lines(app, screen)
        text = "\n".join(lines)
        for row, line in enumerate(suit_lines("K5.T83.KQ93.A632"), start=1):  # South's own hand
            x, y = HAND_AT[2]
            assert at(lines, x + 1, y + row, len(line)) == line
        for seat, name in ((0, "North"), (1, "East"), (3, "West")):  # the others: 13 backs each
            x, y = HAND_AT[seat]
            assert name in lines[y] and at(lines, x + 1, y + 1, 14) == "░" * 13 + " "
            assert "13 cards" in lines[y + 2]
        for hand in DEAL[2:].split()[:2] + DEAL[2:].split()[3:]:
            assert not any(line in text for line in suit_lines(hand)[:3]), hand
        assert "▶South (you)" in text
        assert [line[:12].rstrip() for line in lines[:3]] == ["Dealer North", "Vul none", "Bidding"]
        assert at(lines, 31, 0, 19) == "W    N    E    S   " and at(lines, 31, 1, 19) == "     Pass Pass ?   "
        assert lines[10].startswith("Chicago 1 of 4") and lines[12].startswith("Score    0    0")
        view = view_text(app, screen)
        assert "Your call: 1-7 then c d h s n, p pass" in view and "p Pass" in view
        assert "Bid 1 2 3 4 5 6 7  ♣ ♦ ♥ ♠ NT" in view
        await pilot.press(keys[0])
        await pilot.pause()
        assert "Level 1: now the strain" in view_text(app, screen)
        await press_for(pilot, screen, keys[1:], bid)


async def test_a_bid_by_clicks_in_the_bidding_box_and_pass_by_its_button(home):
    app = resume(written("pass", "1S", "pass", "pass", "2C"))  # South's turn again, over East's 1S
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        box = screen.view.box
        assert "Bid · 2 3 4 5 6 7" in view_text(app, screen)  # no bid at the one level is left
        match = screen.match
        before = len(match.state.history)
        await pilot.click(box, offset=(box.position_of(level=2), 0))
        await pilot.pause()
        assert "Bid · 2 3 4 5 6 7  · ♦ ♥ ♠ NT" in view_text(app, screen)  # 2C is no higher than 2C
        await pilot.click(box, offset=(box.position_of(strain=2), 0))
        await wait_for(pilot, lambda: len(match.state.history) > before, what="the clicked bid")
        assert match.state.history[before] == parse_action("2H")
    app = resume(written("pass", "pass"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        match = screen.match
        before = len(match.state.history)
        await pilot.click("#bridge-calls Button")
        await wait_for(pilot, lambda: len(match.state.history) > before, what="the Pass button")
        assert match.state.history[before] == parse_action("pass")


# ----- the play ---------------------------------------------------------------------------------------------
async def test_mid_play_the_table_shows_every_part_and_the_declarer_plays_the_dummys_card(home):
    app = resume(written(*AUCTION, *FIRST_TRICKS))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        state = screen.match.state
        assert state.current_player == 2 and state.seat_to_play == 0
        lines = table_lines(app, screen)
        text = "\n".join(lines)
        x, y = HAND_AT[0]
        assert "▶North (dummy)" in lines[y]  # the dummy's hand is face up, its card due
        for row, line in enumerate(["♠ QJ", "♥ K652", "♦ J", "♣ T98"], start=1):
            assert at(lines, x + 1, y + row, len(line)) == line
        for row, line in enumerate(["♠ 5", "♥ T8", "♦ 93", "♣ A632"], start=1):
            assert at(lines, HAND_AT[2][0] + 1, HAND_AT[2][1] + row, len(line)) == line
        assert "9 cards" in lines[HAND_AT[3][1] + 2] and "10 cards" in lines[HAND_AT[1][1] + 2]
        assert at(lines, *TRICK_AT[2], 2) == "♥3" and at(lines, *TRICK_AT[3], 2) == "♥4"  # the trick
        assert lines[2].startswith("3NT by S")
        assert lines[3].startswith("        NS  EW") and lines[4].startswith("Tricks   3   0")
        assert at(lines, 31, 10, 19) == "Last trick to S    " and at(lines, 31, 11, 15) == "S♦Q W♣5 N♦8 E♦6"
        assert at(lines, 31, 1, 19) == "     Pass Pass 1NT " and at(lines, 31, 2, 19) == "Pass 3NT  Pass Pass"
        assert at(lines, 31, 3, 4) == "Pass"
        assert lines[10].startswith("Chicago 1 of 4")
        for hand in (DEAL[2:].split()[1], DEAL[2:].split()[3]):  # East's and West's hands stay hidden
            assert not any(line in text for line in suit_lines(hand)[:2])
        assert "From dummy: suit + rank, arrows + Enter, click" in view_text(app, screen)
        log = screen.view.log_lines(screen.match, moves_only=True)
        assert log[8:12] == ["West: ♠4", "North (dummy): ♠6", "East: ♠8", "South: ♠K"]
        await press_for(pilot, screen, ["h", "k"], "HK")
        assert not screen.match.is_over and app.screen is screen  # that was no hint (t) or quit (q)


async def test_the_declarer_plays_the_dummys_queen_by_s_then_q_and_q_alone_is_still_quit(home):
    app = resume(written(*AUCTION, "S4"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        assert screen.match.state.seat_to_play == 0
        await pilot.press("s")
        await pilot.pause()
        assert "now the rank" in view_text(app, screen)
        await press_for(pilot, screen, ["q"], "SQ")
        assert app.screen is screen
        assert "SQ" in screen.match.state.trick_cards(0)[1]


async def test_a_card_by_a_click_and_by_the_cursor(home):
    app = resume(written(*AUCTION, "S4", "S6", "S8"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        table = screen.view.table
        assert table.position_of(parse_action("SK")) == (HAND_AT[2][0] + 3, HAND_AT[2][1] + 1)
        await pilot.click(table, offset=table.position_of(parse_action("SK")))
        await wait_for(pilot, lambda: parse_action("SK") in screen.match.state.history, what="the click")
    app = resume(written(*AUCTION, "S4", "S6", "S8"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        await press_for(pilot, screen, ["right", "enter"], "S5")  # the cursor starts on SK, the 5 is next


async def test_a_click_on_a_card_that_may_not_go_is_refused_with_the_reason(home):
    app = resume(written(*AUCTION, "S4", "S6", "S8"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        table = screen.view.table
        before = len(screen.match.state.history)
        await pilot.click(table, offset=table.position_of(parse_action("CA")))
        await pilot.pause(0.3)
        assert len(screen.match.state.history) == before
        assert any("must follow suit" in str(toast.message) for toast in app._notifications)


async def test_ascii_and_monochrome_keep_suits_marks_and_the_cursor(home):
    settings = Settings(ai_think_time=0.1, animation="off", glyphs="ascii", colour="monochrome")
    app = resume(written(*AUCTION, *FIRST_TRICKS), settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        lines = table_lines(app, screen)
        text = "\n".join(screen_lines(app))
        assert text.isascii(), [c for c in text if not c.isascii()]
        x, y = HAND_AT[0]
        assert lines[y].startswith(">North (dummy)", x)
        for row, line in enumerate(suit_lines("QJ.K652.J.T98", ASCII), start=1):
            assert at(lines, x + 1, y + row, len(line)) == line
        assert at(lines, *TRICK_AT[2], 2) == "H3" and "####" in lines[HAND_AT[3][1] + 1]
        assert at(lines, 31, 1, 19) == "     Pass Pass 1NT "
        region = screen.view.table.region
        colours, reversed_cards = set(), 0
        for strip in app.screen._compositor.render_strips()[region.y:region.bottom]:
            for segment in strip:
                style = segment.style
                if style is None:
                    continue
                colours |= {tuple(c.triplet) for c in (style.color, style.bgcolor) if c is not None and c.triplet}
                rank = segment.text.strip()
                reversed_cards += bool(style.reverse) and len(rank) == 1 and rank in "AKQJT98765432"
        assert colours and all(r == g == b for r, g, b in colours)
        assert reversed_cards >= 1  # the cursor card shows without colour


@pytest.mark.parametrize("theme", ["dark", "light"])
async def test_red_suits_take_the_games_red_in_the_theme(home, theme):
    settings = Settings(ai_think_time=0.1, animation="off", theme=theme)
    app = resume(written("pass", "pass"), settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        table = screen.view.table
        x, y = HAND_AT[2]
        inks = {}
        for row, mark in enumerate("♠♥♦♣", start=1):
            column = 0
            for segment in table.render_line(y + row):
                if column <= x + 1 < column + len(segment.text):
                    colour = segment.style.color if segment.style else None
                    inks[mark] = colour.triplet.hex.lower() if colour is not None and colour.triplet else None
                column += len(segment.text)
        red = COLOURS["red"][theme].lower()
        assert inks["♥"] == inks["♦"] == red and inks["♠"] != red and inks["♣"] != red


# ----- hotseat ----------------------------------------------------------------------------------------------
async def test_hotseat_no_frame_before_the_opening_lead_shows_a_hand_but_the_holders(home):
    """North and East are people at one screen, South and West the AI: every frame drawn before the
    opening lead shows the hand of the person who took the screen (or none), never another's."""
    app = TuiGamesApp({"game": "bridge", "seats": [Seat(), Seat(), Seat("ai", 1), Seat("ai", 1)], "seed": 4},
                      settings=FAST)
    holder: list[int | None] = [None]
    problems: list[str] = []
    frames, own = [0], [0]
    original = app._display

    def display(screen, renderable) -> None:
        original(screen, renderable)
        table = table_screen(app)
        if table is None or table.match is None or table.match.state.played:
            return
        frames[0] += 1
        text = "\n".join(screen_lines(app))
        state = table.match.state
        for seat in range(4):
            lines = [line for line in suit_lines_of(state, seat) if not line.endswith("—")]
            shown = any(line in text for line in lines)
            own[0] += shown and seat == holder[0]
            if shown and seat != holder[0]:
                problems.append(f"frame {frames[0]}: {SPEC.seat_name(seat)}'s hand shown, held by {holder[0]}:\n{text}")

    app._display = display
    handed = set()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: table_screen(app) is not None and table_screen(app).view is not None,
                       what="the game")
        for _ in range(200):
            await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) or ready(app), what="a turn")
            await pilot.pause()
            match = table_screen(app).match
            if match.is_over or match.state.played:
                break
            if isinstance(app.screen, HandoffScreen):
                holder[0] = match.to_move
                handed.add(match.to_move)
                await pilot.press("enter")
                await pilot.pause()
                continue
            before = len(match.state.history)
            await pilot.press("p" if match.state.phase == "auction" else "enter")
            await wait_for(pilot, lambda: len(match.state.history) > before, what="the move")
    assert not problems, problems[0]
    assert frames[0] > 10 and handed == {0, 1}
    assert own[0] > 0  # the check reads hands: the holder's own is drawn


def suit_lines_of(state, seat: int) -> list[str]:
    """``seat``'s hand as the table draws its suit lines (from the whole state)."""
    hand = state.hand(seat)
    by_suit = {letter: "".join(card[1] for card in hand if card[0] == letter) for letter in "SHDC"}
    return suit_lines(".".join(by_suit[letter] for letter in "SHDC"))


def ready(app) -> bool:
    screen = table_screen(app)
    if screen is None or screen.match is None or screen.view is None or screen._handoff_open \
            or app.screen is not screen:
        return False
    return screen.match.is_over or screen.match.human_to_move


# ----- after the deal ---------------------------------------------------------------------------------------
def finished_history() -> list[int]:
    """The deal, the auction to 3NT by South, then the first legal card each time to the end."""
    state = SPEC.new(seed=1)
    for action in written(*AUCTION):
        state.apply(action)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    return list(state.history)


def endplay_analysis() -> tuple[list[list[int]], int]:
    """DDS's table (tricks[seat][strain], strains C D H S NT) and par for North-South, from endplay."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Player, Vul

    table = calc_dd_table(Deal(DEAL))
    by_denom = table.to_list()  # S H D C NT, each N E S W
    tricks = [[by_denom[denom][seat] for denom in (3, 2, 1, 0, 4)] for seat in range(4)]
    return tricks, par(table, Vul.none, Player.north).score


async def test_after_the_deal_d_shows_the_double_dummy_table_and_par_and_hides_them(home):
    history = finished_history()
    app = resume(history)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        match = screen.match
        assert match.is_over and match.can_next_deal
        lines = table_lines(app, screen)
        for seat, hand in zip((0, 1, 2, 3), DEAL[2:].split()):  # every hand as dealt, face up
            x, y = HAND_AT[seat]
            for row, line in enumerate(suit_lines(hand), start=1):
                assert at(lines, x + 1, y + row, len(line)) == line
        state = match.state
        ns, ew = state.tricks
        made = ns - 9
        result = f"3NT{'=' if made == 0 else f'{made:+d}'}"
        assert at(lines, 31, 11, len(result) + 5) == f"{result} by S"
        assert "d: the double-dummy table and par" in view_text(app, screen)
        await pilot.press("d")
        await wait_for(pilot, lambda: screen.view.analysis is not None and bool(screen.view.analysis.tricks),
                       timeout=60, what="the analysis")
        await pilot.pause()
        tricks, par_score = endplay_analysis()
        assert [list(row) for row in screen.view.analysis.tricks] == tricks
        lines = table_lines(app, screen)
        assert at(lines, 16, 5, 17) == "DD  ♣  ♦  ♥  ♠ NT"
        for row, seat in enumerate((0, 2, 1, 3), start=6):
            assert at(lines, 16, row, 17) == "NESW"[seat] + " " + "".join(f"{n:>3}" for n in tricks[seat])
        side = "NS" if par_score >= 0 else "EW"
        assert at(lines, 31, 13, 19).rstrip() == f"Par {side} {abs(par_score):+d}"
        assert "2♠+1 EW" in lines[14]  # DDS's par: East-West make 2♠ with an overtrick
        await pilot.press("d")
        await pilot.pause()
        assert "DD  ♣" not in "\n".join(table_lines(app, screen))


async def test_the_chicago_standing_after_the_first_deal_and_into_the_second(home):
    history = finished_history()
    probe = SPEC.new(seed=1)
    for action in history:
        probe.apply(action)
    ns_tricks = probe.tricks[0]
    # 3NT made: 100 below the line is game (300 more, not vulnerable; both part-scores wiped) and 30 an
    # overtrick; down: 50 an undertrick to East-West.
    points = 100 + 300 + 30 * (ns_tricks - 9) if ns_tricks >= 9 else 0
    defenders = 0 if ns_tricks >= 9 else 50 * (9 - ns_tricks)
    part = 0
    app = resume(history)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        lines = table_lines(app, screen)
        assert lines[10].startswith("Chicago 1 of 4")
        assert lines[12].startswith(f"Score{points:>5}{defenders:>5}") and lines[13].startswith(f"Part{part:>6}{0:>5}")
        await pilot.press("n")
        await wait_for(pilot, lambda: not screen.match.is_over and screen.match.human_to_move, what="deal 2")
        await pilot.pause()
        lines = table_lines(app, screen)
        assert lines[10].startswith("Chicago 2 of 4") and lines[12].startswith(f"Score{points:>5}{defenders:>5}")
        assert lines[0].startswith("Dealer East") and lines[1].startswith("Vul E-W")


async def test_the_view_fits_in_its_slot_at_80x24(home):
    app = resume(written("pass", "pass"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        slot = screen.query_one("#view-slot").region
        for widget in screen.view.walk_children():
            if widget.display:
                assert slot.contains_region(widget.region), (widget, widget.region, slot)
        assert screen.view.table.region.size == (TABLE_WIDTH, TABLE_HEIGHT)

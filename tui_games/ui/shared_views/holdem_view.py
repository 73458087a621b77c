"""The Texas Hold'em table, shared by Limit and No-limit Hold'em: 2-10 seats around the oval, the
board, the main pot and side pots, the betting buttons, and in no-limit the bet-size control.

It draws the hand as the shown seat may see it (``self.state``, the redacted copy): other seats'
hole cards stay face down until a showdown turns them up; at a showdown each shown hand is named
and the winners' five cards are drawn reversed. Like every view it imports no kernels.
"""

from __future__ import annotations

import math
import textwrap

from textual.app import ComposeResult
from textual.binding import Binding

from tui_games.core.errors import IllegalActionError
from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.ui.shared_views.poker_view import PokerView, face, short_name
from tui_games.ui.widgets.bet_sizer import PRESET_KEYS, BetSizer
from tui_games.ui.widgets.card_table import TableModel, TableSeat, separator

CALL = 1
"""The check-or-call action; every action above it is a bet or raise."""
RAISE_BUTTON = -1
"""The no-limit raise button's id: it bets whatever the bet-size control holds when it is pressed."""
NOTES = {"check": "checked", "call": "called", "raise": "raised"}
"""A seat's note for its last action in the street being bet (a bet shows as the bet itself)."""
BOARD_SLOTS = 5
"""Community cards in a hand."""
STREETS = {(0, 3): "Flop", (3, 4): "Turn", (4, 5): "River"}
"""A street by the board cards before it and after it."""
LOG_WIDTH = 46
"""The history log's width before the table has been laid out."""


BET_SIZE_KEYS = """\
- **Bet size** (no limit): the raise button bets the amount in the box under it, your chips in the
  pot this hand after the raise. **m** the smallest raise, **h** half the pot, **p** the pot, **a**
  all in put their amount in the box (so do clicks on them); or type it: a **digit** starts a new
  amount (digits type here instead of pressing buttons), **Enter** bets it, **Esc** gives the keys
  back to the table. An amount the rules refuse (too small, more than you have) is not bet: the
  reason is shown, and the amount stays in the box to be corrected.
"""
"""The bet-size control's keys, for the no-limit games' key help."""


def street_title(before: int, after: int) -> str:
    """'Flop', 'Turn', 'River' for the cards a street turns up; 'Board' for cards turned up
    together when every seat is all in (the turn and river at once)."""
    return STREETS.get((before, after), "Board")


def pot_share_total(committed: int, owed: int, pot: int, share: float) -> int:
    """The 'raise to' total of a raise by ``share`` of the pot: call first, then raise that share of
    the pot the call makes (``committed``: the seat's chips in the pot this hand)."""
    return committed + owed + math.ceil(share * (pot + owed))


class HoldemView(PokerView):
    """A Hold'em hand at the card table, with the betting buttons of the human to act; in no-limit
    also the bet-size control (amount box and presets)."""

    KEYS_HELP = """\
- **f** fold, **c** check or call, **r** bet or raise: each button shows its letter and the chips
  ('c Call 4', 'r Raise to 8': a raise names your chips in the pot this hand afterwards).
- **1-3** press the buttons in order; **Tab** moves between them, **Enter** presses the focused one;
  **click** a button to press it.
- When a hand is over, **n** deals the next one; **q** leaves the table (between hands).
"""

    BINDINGS = [
        *[Binding(str(n), f"press({n})", f"Digit {n}", show=False) for n in (0, *range(4, 10))],
        *[Binding(key, f"preset('{key}')", f"Bet size {key}", show=False) for key in PRESET_KEYS],
    ]

    DEFAULT_CSS = """
    HoldemView #bet-sizer { width: 1fr; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.sizer = BetSizer(id="bet-sizer")
        self._sized_for: tuple | None = None  # the decision the amount box was last set for

    def compose(self) -> ComposeResult:
        """The table, the betting buttons and (no-limit) the bet-size control."""
        yield from super().compose()
        yield self.sizer

    # ----- drawing --------------------------------------------------------------------------------------
    def redraw(self) -> None:
        """The table from the shown seat's side, and the controls of the human to act."""
        state = self.state
        story, last_moves = self._story()
        board = state.board
        seats = []
        winning_board: set[int] = set()
        for seat in self.seat_order():
            seats.append(self._seat(seat, last_moves.get(seat, "")))
            if state.showdown and seat in state.winners:
                best = state.best_cards(seat)
                winning_board |= {index for index, card in enumerate(board) if card in best}
        model = TableModel(seats=tuple(seats), community=tuple(face(name) for name in state.public_cards()),
                           slots=BOARD_SLOTS, community_winning=frozenset(winning_board), pots=self._pots(),
                           message=self._message(), log=tuple(self.finished_hands_log() + story))
        self.table.show(model)
        self._show_controls()

    def _seat(self, seat: int, last_move: str) -> TableSeat:
        state = self.state
        match = self.match
        cards: tuple = ()
        if state.has_cards(seat):
            names = state.private_cards(seat)
            cards = tuple(face(name) for name in names) if names else (None, None)
        showing = bool(state.private_cards(seat)) and not state.folded(seat)
        winner = state.is_terminal and seat in state.winners
        winning: frozenset[int] = frozenset()
        if winner and state.showdown:
            best = state.best_cards(seat)
            winning = frozenset(index for index, card in enumerate(state.hole_cards(seat)) if card in best)
        hand = ""
        if showing and (state.showdown or seat == match.observer_seat):
            hand = state.hand_name(seat) or ""
        note = self.result_note(seat) if state.is_terminal else last_move
        you = seat == match.observer_seat and len(match.human_seats) == 1
        return TableSeat(
            name=self.seat_name(seat), short="You" if you else short_name(match.spec.seat_name(seat)),
            stack=state.stacks[seat], bet=0 if state.is_terminal else state.bets[seat], cards=cards,
            dealer=state.button == seat, blind=self.blind_mark(seat), folded=state.folded(seat),
            all_in=state.all_in(seat), to_act=state.current_player == seat, winner=winner, hand=hand, note=note,
            winning=winning)

    def _pots(self) -> tuple[tuple[str, int], ...]:
        """'Pot 24' (every chip in the middle, this round's bets included); with side pots also the
        pots gathered so far ('main 30', 'side 80'); once the hand is over, the pots it was played
        for. Chips that nobody called go back to their owner and are left out."""
        state = self.state
        live = sum(1 for seat in range(state.num_players) if state.in_hand(seat) and not state.folded(seat))
        pots = [chips for chips, seats in state.pots(collected=not state.is_terminal)
                if chips and (len(seats) > 1 or live <= 1)]
        if state.is_terminal:
            if live <= 1:  # won by folds: the pot without the last bet's part that nobody called
                top, *rest = sorted(state.committed, reverse=True)
                return (("Pot", state.pot - (top - max(rest, default=0))),)
            if len(pots) <= 1:
                return (("Pot", sum(pots)),)
            return (("Main pot", pots[0]), *[(f"Side pot{'' if len(pots) == 2 else f' {k}'}", chips)
                                             for k, chips in enumerate(pots[1:], 1)])
        if len(pots) <= 1:
            return (("Pot", state.pot),)
        return (("Pot", state.pot), ("main", pots[0]), *[(f"side{'' if len(pots) == 2 else f' {k}'}", chips)
                                                         for k, chips in enumerate(pots[1:], 1)])

    def _message(self) -> str:
        state = self.state
        sep = separator(self.glyphs)
        if state.is_terminal:  # in short: the turn line and the seats say the rest
            results = state.returns()
            won = [f"{short_name(self.match.spec.seat_name(seat))} wins {chips:g}"
                   for seat, chips in enumerate(results) if chips > 0]
            return sep.join(won) or "No chips changed hands"
        street = state.street_name.capitalize()
        if state.no_limit:
            return f"{street}{sep}blinds {state.small_blind}/{state.big_blind}"
        bet = state.big_blind * (2 if state.street >= 2 else 1)
        return f"{street}{sep}bets of {bet}"

    def hand_log(self, observer: int) -> list:
        """This hand's (entry, line) pairs of the move log as ``observer`` may read them (a game whose
        one state holds many hands, the tournament, gives only the current hand's)."""
        return self.match.log_for(observer)

    def _story(self) -> tuple[list[str], dict[int, str]]:
        """This hand in the history log, street by street ('Flop Ks 7d 2c: P1 bet 4, P2 call 4'), the
        hands shown at a showdown, and each seat's last action in the street now being bet."""
        state = self.state
        match = self.match
        observer = match.observer_seat
        board = set(state.public_cards())
        streets: list[tuple[str, list[str]]] = [("Pre-flop", [])]
        cards: list[str] = []
        last: dict[int, str] = {}
        dealt_before = 0
        for entry, _ in self.hand_log(PUBLIC_VIEW if observer is None else observer):
            if entry.mover < 0:
                if entry.name in board:  # a board card; hole cards are dealt before any of them
                    if streets[-1][1] or not cards:
                        dealt_before = len(cards)
                        streets.append(("", []))
                        last = {}
                    cards.append(entry.name)
                    streets[-1] = (f"{street_title(dealt_before, len(cards))} {' '.join(cards[dealt_before:])}",
                                   streets[-1][1])
                continue
            streets[-1][1].append(f"{short_name(match.spec.seat_name(entry.mover))} {entry.name}")
            last[entry.mover] = NOTES.get(entry.name.split()[0], "")
        lines = [f"{title}: " + ", ".join(moves) for title, moves in streets if moves or title != "Pre-flop"]
        if state.showdown:
            lines.append("Showdown: " + ", ".join(
                f"{short_name(match.spec.seat_name(seat))} {state.hand_name(seat)}"
                for seat in range(state.num_players) if state.private_cards(seat) and not state.folded(seat)))
        width = self.table.size.width or LOG_WIDTH
        wrapped = []
        for line in lines:
            wrapped.extend(textwrap.wrap(line, width, subsequent_indent="  ") or [line])
        return wrapped, last

    # ----- the controls ----------------------------------------------------------------------------------
    def _show_controls(self) -> None:
        """The betting buttons of the human to act and, in no-limit, the bet-size control."""
        state = self.state
        legal = self.legal() if self.match.human_to_move else []
        sizing = state.no_limit and any(action > CALL for action in legal)
        self.sizer.display = sizing
        if sizing:
            self._size_for_decision()
        named = [(action, state.action_to_string(action)) for action in legal if action <= CALL or not state.no_limit]
        hinted = self.hinted
        if sizing:
            named.append((RAISE_BUTTON, self._raise_name()))
            if hinted is not None and hinted > CALL:
                hinted = RAISE_BUTTON if hinted == self.sizer.amount else None
        self.actions.show_actions(named, hinted=hinted)

    def _size_for_decision(self) -> None:
        """Set the presets for the decision now, and the amount box to the smallest raise when the
        decision is a new one (an amount typed for this decision stays)."""
        state = self.state
        low, high = state.raise_range()
        seat = state.current_player
        owed, pot, mine = state.to_call, state.pot, state.committed[seat]
        clamp = lambda total: min(max(total, low), high)  # noqa: E731
        self.sizer.set_presets({"min": low, "half": clamp(pot_share_total(mine, owed, pot, 0.5)),
                                "pot": clamp(pot_share_total(mine, owed, pot, 1.0)), "all": high})
        decision = (self.match.deal_number, len(self.match.state.history))
        if decision != self._sized_for:
            self._sized_for = decision
            self.sizer.set_amount(low)

    def _raise_name(self) -> str:
        """The raise button's action in words for the amount in the box: 'raise to 12', 'bet to 200
        (all in)'; 'raise to ...' while the box is empty."""
        state = self.state
        amount = self.sizer.amount
        if amount is not None and amount > CALL:
            return state.action_to_string(amount)
        word = state.action_to_string(self.sizer.presets["min"]).split()[0]
        return f"{word} to {'...' if amount is None else amount}"

    def choose(self, action: int) -> None:
        """Play ``action``; the no-limit raise button bets the amount in the box, unless the rules
        refuse it (too small, more than the stack): then the reason is shown and the amount stays
        in the box to be corrected."""
        if action != RAISE_BUTTON:
            super().choose(action)
            return
        amount = self.sizer.amount
        low, high = self.sizer.presets["min"], self.sizer.presets["all"]
        try:
            if amount is None:
                raise IllegalActionError(f"type the chips to raise to: from {low} to {high} (all in)")
            action = self.match.state.parse_action(f"raise {amount}")
        except IllegalActionError as error:
            self.sizer.refuse()
            reason = str(error)
            self.notify(reason[:1].upper() + reason[1:], title="Bet refused", severity="warning", timeout=6)
            return
        super().choose(action)

    def show_hint(self, action: int | None) -> None:
        """Highlight the suggested action; a no-limit raise also goes into the amount box."""
        if action is not None and action > CALL and self.sizer.display:
            self.sizer.set_amount(action)
        super().show_hint(action)

    # ----- keys, clicks and the amount box --------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Preset keys work only while the bet-size control is shown."""
        if action == "preset":
            return bool(self.match is not None and self.match.human_to_move and self.sizer.display)
        return super().check_action(action, parameters)

    def action_preset(self, key: str) -> None:
        """Put a preset's amount in the box (m min, h half the pot, p the pot, a all in)."""
        self.sizer.pick(PRESET_KEYS[key])

    def action_press(self, position: int) -> None:
        """A digit: starts an amount in the bet-size control when it is shown, else presses the
        ``position``-th button."""
        if self.sizer.display and self.match is not None and self.match.human_to_move:
            self.sizer.type_digit(str(position))
            return
        super().action_press(position)

    def on_bet_sizer_amount_changed(self, message: BetSizer.AmountChanged) -> None:
        """Show the new amount on the raise button."""
        message.stop()
        if self.match is not None:
            self._show_controls()

    def on_bet_sizer_raise_asked(self, message: BetSizer.RaiseAsked) -> None:
        """Enter in the amount box: raise by the amount typed (refused with the reason if out of range)."""
        message.stop()
        if self.match is not None and self.match.human_to_move and not self.match.is_over:
            self.choose(RAISE_BUTTON)
            if not self.sizer.box.has_class("-refused"):
                self.focus()  # the keys go back to the table

    # ----- the side panel ------------------------------------------------------------------------------
    def table_rules(self, state) -> str:
        """Blinds, and the bet sizes or 'no limit'."""
        blinds = f"Blinds {state.small_blind}/{state.big_blind}"
        if state.no_limit:
            return f"{blinds}, no limit"
        return f"{blinds}, bets {state.big_blind} then {2 * state.big_blind}"

    def status_lines(self, match) -> list[str]:
        """The table's rules, each human's net chips in big blinds, and the rebuys so far (the stacks
        are on the table)."""
        state = match.state
        lines = [self.table_rules(state)]
        standing = match.standing
        if standing is None:
            return lines
        for seat in match.human_seats:
            chips = standing.scores[seat]
            lines.append(f"{short_name(match.spec.seat_name(seat))} net {chips:+g} = {chips / state.big_blind:+.1f} bb")
        rebuys = standing.facts.get("rebuys", [])
        bought = [f"{short_name(match.spec.seat_name(seat))} {count}" for seat, count in enumerate(rebuys) if count]
        if bought:
            lines.append("Rebuys: " + ", ".join(bought))
        return lines


__all__ = ["BET_SIZE_KEYS", "HoldemView", "RAISE_BUTTON", "pot_share_total", "street_title"]

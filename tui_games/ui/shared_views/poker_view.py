"""What every poker view shares: the card table above the betting buttons, the betting keys, seat
names, blind marks, results, the finished hands of a sitting and the rebuys in the side panel.

A poker game's view subclasses :class:`PokerView` and fills a
:class:`~tui_games.ui.widgets.card_table.TableModel` from the shown seat's state in :meth:`redraw`.
Like every view it imports no kernels: it reads the state's read-only views (stacks, bets, blinds,
card names like 'Ks') and names card faces with :mod:`tui_games.engine.cards.names`.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from tui_games.core.words import counted
from tui_games.engine.cards.names import CardFace
from tui_games.ui.action_keys import ActionBarKeys
from tui_games.ui.game_view import GameView
from tui_games.ui.widgets.card_table import BettingBar, CardTable

KEY_LETTERS = ("f", "c", "r")
"""Fold, check or call, bet or raise."""
HISTORY_HANDS = 2
"""Finished hands the history log lists before the hand being played."""


def short_name(name: str) -> str:
    """A seat's short name for the history log and the compact table: 'Player 2' -> 'P2'."""
    words = name.split()
    return "".join(word if word.isdigit() else word[0] for word in words) if len(words) > 1 else name


def face(name: str) -> CardFace:
    """The face of a card named like 'Ks' (rank letter, suit letter)."""
    return CardFace(name[0].upper(), name[1].upper())


class PokerView(ActionBarKeys, GameView):
    """The card table and the betting buttons (``f`` ``c`` ``r`` and the digits 1-3, Tab and Enter,
    or a click); subclasses draw the table in :meth:`redraw` and say the table's rules in
    :meth:`table_rules`."""

    BINDINGS = [
        *[Binding(str(n), f"press({n})", f"Action {n}", show=False) for n in range(1, 4)],
        *[Binding(key, f"letter('{key}')", f"Key {key}", show=False) for key in KEY_LETTERS],
    ]

    DEFAULT_CSS = """
    PokerView { layout: vertical; padding: 0 1; }
    PokerView #poker-table { height: 1fr; }
    PokerView #poker-actions { height: auto; width: 1fr; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.table = CardTable(glyphs, id="poker-table")
        self.actions = BettingBar(id="poker-actions")
        self._results: dict[int, str] = {}  # finished hand number -> its one-line result

    def compose(self) -> ComposeResult:
        """The table above the betting buttons."""
        yield self.table
        yield self.actions

    def set_glyphs(self, glyphs) -> None:
        """Draw the cards with another glyph set."""
        self.table.set_glyphs(glyphs)
        super().set_glyphs(glyphs)

    # ----- the seats -----------------------------------------------------------------------------------
    def seat_order(self) -> list[int]:
        """The seats as the table draws them: the shown seat at the bottom, then clockwise."""
        seats = self.state.num_players
        bottom = self.match.observer_seat if self.match.observer_seat is not None else 0
        return [(bottom + step) % seats for step in range(seats)]

    def seat_name(self, seat: int) -> str:
        """'Player 2 (AI Shark)', 'Player 1 (you)' with one human at the table, else 'Player 1'."""
        match = self.match
        name = match.spec.seat_name(seat)
        who = match.seats[seat] if seat < len(match.seats) else None
        if who is not None and who.is_ai:
            return f"{name} (AI {match.spec.level_name(who.level)})"
        if seat == match.observer_seat and len(match.human_seats) == 1:
            return f"{name} (you)"
        return name

    def blind_mark(self, seat: int) -> str:
        """'SB', 'BB' or '' for ``seat``."""
        state = self.state
        if state.small_blind_seat == seat:
            return "SB"
        if state.big_blind_seat == seat:
            return "BB"
        return ""

    def result_note(self, seat: int) -> str:
        """'wins 7' or 'loses 2' once the hand is over ('' for a seat that broke even)."""
        state = self.state
        result = state.returns()[seat] if state.is_terminal else 0.0
        if not result:
            return ""
        return f"wins {result:g}" if result > 0 else f"loses {-result:g}"

    # ----- the history -------------------------------------------------------------------------------
    def finished_hands_log(self) -> list[str]:
        """'Hand 3: Player 1 wins 12 ...' for the last finished hands of the sitting."""
        series = self.match.series
        if series is None:
            return []
        finished = len(series.deals) - (1 if self.match.is_over else 0)
        return [f"Hand {number + 1}: {self._result_of(number)}"
                for number in range(max(0, finished - HISTORY_HANDS), finished)]

    def _result_of(self, number: int) -> str:
        """The one-line result of finished hand ``number`` (0-based), replayed once and kept."""
        if number not in self._results:
            deal = self.match.series.deals[number]
            state = self.match.spec.new(seed=deal.seed, **deal.params)
            for action in deal.history:
                state.apply(action)
            self._results[number] = self.match.spec.definition().result_text(state)
        return self._results[number]

    # ----- the side panel ------------------------------------------------------------------------------
    def table_rules(self, state) -> str:
        """The table's blinds and bet sizes in one line ('Blinds 1/2, bets 2 then 4')."""
        return ""

    def status_lines(self, match) -> list[str]:
        """The table's rules and each seat's stack, with its rebuys."""
        state = match.state
        lines = [self.table_rules(state)]
        standing = match.standing
        rebuys = standing.facts.get("rebuys", []) if standing is not None else []
        for seat in range(state.num_players):
            again = f" ({counted(rebuys[seat], 'rebuy')})" if rebuys and rebuys[seat] else ""
            lines.append(f"{match.spec.seat_name(seat)}: {counted(state.stacks[seat], 'chip')}{again}")
        return lines

    # ----- keys ---------------------------------------------------------------------------------------
    def _letter_action(self, key: str) -> int | None:
        """The shown button of letter ``key`` (f fold, c check or call, r bet or raise) when a human is
        to act."""
        if self.match is None or not self.match.human_to_move:
            return None
        return self.actions.action_for_key(key)


__all__ = ["HISTORY_HANDS", "KEY_LETTERS", "PokerView", "face", "short_name"]

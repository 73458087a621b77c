"""The Hold'em tournament's view: the shared Hold'em table (:mod:`tui_games.ui.shared_views.holdem_view`, with the
bet-size control in no-limit) drawing the current hand, and the tournament around it: the hand number
and blind level on the table, players who are out marked with their place, the last hands' results
in the history log, and in the side panel the blinds, when they go up and the places so far.

Like every view it imports no kernels: it reads the shown seat's state (``self.state``).
"""

from __future__ import annotations

from dataclasses import replace

from tui_games.core.outcome import ordinal
from tui_games.core.words import counted
from tui_games.ui.shared_views.holdem_view import BET_SIZE_KEYS, HoldemView
from tui_games.ui.shared_views.poker_view import HISTORY_HANDS, short_name
from tui_games.ui.widgets.card_table import COMPACT_FROM, TableSeat, separator

CROWDED_FROM = COMPACT_FROM
"""Players from which the side panel gives the places in one short paragraph (the seats list is long)."""
CROWDED_PLACES = 3
"""The latest places that paragraph names ('Out: 2nd P4, 3rd P7, 4th P1 and 5 more')."""


class TournamentView(HoldemView):
    """The Hold'em table for a tournament: one hand after another until one player holds every chip."""

    KEYS_HELP = """\
- **f** fold, **c** check or call, **r** bet or raise: each button shows its letter and the chips
  ('c Call 20', 'r Raise to 40': a raise names your chips in the pot this hand afterwards).
- **1-3** press the buttons in order; **Tab** moves between them, **Enter** presses the focused one;
  **click** a button to press it. The next hand is dealt as soon as one is over; the history log
  keeps the last hands' results.
""" + BET_SIZE_KEYS

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self._replay = None  # the tournament replayed as far as the match has gone, for hand results
        self._hand_results: dict[int, str] = {}  # finished hand number -> its one-line result

    # ----- the current hand ------------------------------------------------------------------------------
    def hand_log(self, observer: int) -> list:
        """The current hand's entries of the move log (the log holds the whole tournament)."""
        return self.match.log_for(observer)[self.state.hand_start:]

    def _seat(self, seat: int, last_move: str) -> TableSeat:
        """A seat of the hand; a player who is out shows its place instead of cards."""
        drawn = super()._seat(seat, last_move)
        state = self.state
        if state.is_out(seat) and not state.in_hand(seat):
            return replace(drawn, note=f"out {ordinal(state.place(seat))}", cards=())
        return drawn

    def result_note(self, seat: int) -> str:
        """'wins 120' or 'loses 60' for the last hand once the tournament is over ('' when even)."""
        result = self.state.hand_results[seat]
        if not result:
            return ""
        return f"wins {result:g}" if result > 0 else f"loses {-result:g}"

    def _message(self) -> str:
        """'Hand 12 · Flop · 10/20' (the blinds; short enough for the compact table of 7-10 seats)
        while the tournament runs; its winner once it is over."""
        state = self.state
        sep = separator(self.glyphs)
        if state.is_terminal:
            return f"{short_name(self.match.spec.seat_name(state.winner))} wins the tournament"
        return (f"Hand {state.hand_number}{sep}{state.street_name.capitalize()}{sep}"
                f"{state.small_blind}/{state.big_blind}")

    # ----- the finished hands -----------------------------------------------------------------------------
    def finished_hands_log(self) -> list[str]:
        """'Hand 11: Player 3 wins 60 with a pair of kings' for the last hands before this one."""
        self._follow_match()
        current = self.state.hand_number
        return [f"Hand {number}: {self._hand_results[number]}"
                for number in range(max(1, current - HISTORY_HANDS), current) if number in self._hand_results]

    def _follow_match(self) -> None:
        """Replay the actions the match has played since the last call, noting each hand's result
        (what the table showed everyone: the winners, and the hands shown at a showdown)."""
        match = self.match
        if self._replay is None or len(self._replay.history) > len(match.state.history):
            self._replay = match.spec.new(seed=match.state.seed, **match.state.params)
            self._hand_results.clear()
        for hand in self._replay.follow(match.state.history[len(self._replay.history):]):
            self._hand_results[hand.hand_number] = hand.hand_result_text()

    # ----- the side panel ------------------------------------------------------------------------------
    def table_rules(self, state) -> str:
        """The blinds of this level and the betting ('Blinds 10/20, bets of 20', 'Blinds 10/20, no limit')."""
        blinds = f"Blinds {state.small_blind}/{state.big_blind}"
        return f"{blinds}, no limit" if state.no_limit else f"{blinds}, bets of {state.big_blind}"

    def status_lines(self, match) -> list[str]:
        """The blinds and their level, when they go up, the hands played and the places so far."""
        state = match.state
        lines = [self.table_rules(state), f"Level {state.blind_level}, hand {state.hand_number}"]
        if state.hands_to_next_level is not None and not state.is_terminal:
            small, big = state.next_blinds
            lines.append(f"Blinds {small}/{big} in {counted(state.hands_to_next_level + 1, 'hand')}")
        lines.append(f"{len(state.players_left)} of {state.num_players} players left")
        out = state.finishing_order
        if state.num_players < CROWDED_FROM:
            for seat in out:
                lines.append(f"{ordinal(state.place(seat))} {short_name(match.spec.seat_name(seat))}"
                             f" (out in hand {state.out_in_hand(seat)})")
        elif out:  # a crowded table: the seats list takes the room, so the latest places on a line or two
            shown = [f"{ordinal(state.place(seat))} {short_name(match.spec.seat_name(seat))}"
                     for seat in out[:CROWDED_PLACES]]
            lines.append("Out: " + ", ".join(shown) + (f" and {len(out) - CROWDED_PLACES} more"
                                                       if len(out) > CROWDED_PLACES else ""))
        return lines


__all__ = ["TournamentView"]

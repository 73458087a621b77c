"""Leduc Hold'em view: the shared card table (two seats, the public card, the pot, the hand history)
and the betting buttons.

It draws the hand as the shown seat may see it (``self.state``, the redacted copy): the other
seat's card stays face down until a showdown turns it up. Like every view it imports no kernels;
card names come from the state ('Ks') and faces from :mod:`tui_games.engine.cards.names`.
"""

from __future__ import annotations

from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.ui.shared_views.poker_view import PokerView, face, short_name
from tui_games.ui.widgets.card_table import TableModel, TableSeat, separator


class LeducView(PokerView):
    """Two seats at the card table: the shown seat at the bottom, the other across the table."""

    KEYS_HELP = """\
- **f** fold, **c** check or call, **r** bet or raise: each button shows its letter and the chips
  it puts in ('c Call 2', 'r Raise to 7').
- **1-3** press the buttons in order; **Tab** moves between them, **Enter** presses the focused one;
  **click** a button to press it.
- When a hand is over, **n** deals the next one; **q** leaves the table (between hands).
"""

    # ----- drawing --------------------------------------------------------------------------------------
    def redraw(self) -> None:
        """The table from the shown seat's side, and the buttons of the human to act."""
        state = self.state
        match = self.match
        public = state.public_cards()
        winning_public = frozenset()
        seats = []
        for seat in self.seat_order():
            seats.append(self._seat(seat))
            if state.showdown and seat in state.winners and public and len(state.hand_cards(seat)) > 1:
                winning_public = frozenset({0})
        model = TableModel(seats=tuple(seats), community=tuple(face(name) for name in public), slots=1,
                           community_winning=winning_public, pots=(("Pot", state.pot),),
                           message=self._message(), log=tuple(self._log()))
        self.table.show(model)
        named = ([(action, state.action_to_string(action)) for action in self.legal()]
                 if match.human_to_move else [])
        self.actions.show_actions(named, hinted=self.hinted)

    def _seat(self, seat: int) -> TableSeat:
        state = self.state
        cards: tuple = ()
        if state.has_card(seat):
            names = state.private_cards(seat)
            cards = (face(names[0]),) if names else (None,)
        winner = state.is_terminal and seat in state.winners
        return TableSeat(
            name=self.seat_name(seat), short=self.match.spec.seat_name(seat), stack=state.stacks[seat],
            bet=state.bets[seat], cards=cards, dealer=state.button == seat, blind=self.blind_mark(seat),
            folded=state.folded(seat), all_in=state.all_in(seat), to_act=state.current_player == seat,
            winner=winner, hand=state.hand_name(seat) or "", note=self.result_note(seat),
            winning=frozenset({0}) if winner and state.showdown else frozenset())

    def _message(self) -> str:
        state = self.state
        if state.is_terminal:
            return self.match.result_text
        if not state.started:
            return "Choosing the small blind..."
        round_name = "Round 1: one card each" if state.round == 0 else "Round 2: public card up"
        return f"{round_name}{separator(self.glyphs)}bets of {state.raise_size}"

    def _log(self) -> list[str]:
        """The last finished hands' results, then this hand's betting round by round."""
        match = self.match
        lines = self.finished_hands_log()
        observer = match.observer_seat
        public_at = 3 if self.state.betting == "ante" else 4  # chance outcomes up to the public card
        rounds: list[list[str]] = [[]]
        dealt = 0
        for entry, _ in match.log_for(PUBLIC_VIEW if observer is None else observer):
            if entry.mover < 0:
                dealt += 1
                if dealt == public_at:
                    rounds.append([])
                continue
            rounds[-1].append(f"{short_name(match.spec.seat_name(entry.mover))} {entry.name}")
        for index, moves in enumerate(rounds):
            if moves:
                lines.append(f"Round {index + 1}: " + ", ".join(moves))
        return lines

    def table_rules(self, state) -> str:
        """Antes or blinds, and the bet sizes."""
        return "Antes 1, bets 2 then 4" if state.betting == "ante" else "Blinds 1/2, bets 2 then 4"

"""Leduc Hold'em view: the shared card table (two seats, the public card, the pot, the hand history)
and the betting buttons.

It draws the hand as the shown seat may see it (``self.state``, the redacted copy): the other
seat's card stays face down until a showdown turns it up. Like every view it imports no kernels;
card names come from the state ('Ks') and faces from :mod:`tui_games.engine.cards.names`.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from tui_games.engine.cards.names import CardFace
from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.ui.game_view import GameView
from tui_games.ui.messages import ButtonAction
from tui_games.ui.widgets.card_table import BettingBar, CardTable, TableModel, TableSeat, separator

KEY_LETTERS = ("f", "c", "r")
"""Fold, check or call, bet or raise."""
HISTORY_HANDS = 2
"""Finished hands the history log lists before the hand being played."""


def short_name(name: str) -> str:
    """A seat's name for the history log: 'Player 2' -> 'P2'."""
    words = name.split()
    return "".join(word if word.isdigit() else word[0] for word in words) if len(words) > 1 else name


def face(name: str) -> CardFace:
    """The face of a card named like 'Ks' (rank letter, suit letter)."""
    return CardFace(name[0].upper(), name[1].upper())


class LeducView(GameView):
    """Two seats at the card table: the shown seat at the bottom, the other across the table."""

    KEYS_HELP = """\
- **f** fold, **c** check or call, **r** bet or raise: each button shows its letter and the chips
  it puts in ('c Call 2', 'r Raise to 7').
- **1-3** press the buttons in order; **Tab** moves between them, **Enter** presses the focused one;
  **click** a button to press it.
- When a hand is over, **n** deals the next one; **q** leaves the table (between hands).
"""

    BINDINGS = [
        *[Binding(str(n), f"press({n})", f"Action {n}", show=False) for n in range(1, 4)],
        *[Binding(key, f"letter('{key}')", f"Key {key}", show=False) for key in KEY_LETTERS],
    ]

    DEFAULT_CSS = """
    LeducView { layout: vertical; padding: 0 1; }
    LeducView #leduc-table { height: 1fr; }
    LeducView #leduc-actions { height: auto; width: 1fr; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.table = CardTable(glyphs, id="leduc-table")
        self.actions = BettingBar(id="leduc-actions")
        self._results: dict[int, str] = {}  # finished hand number -> its one-line result

    def compose(self) -> ComposeResult:
        """The table above the betting buttons."""
        yield self.table
        yield self.actions

    def set_glyphs(self, glyphs) -> None:
        """Draw the cards with another glyph set."""
        self.table.set_glyphs(glyphs)
        super().set_glyphs(glyphs)

    # ----- drawing --------------------------------------------------------------------------------------
    def redraw(self) -> None:
        """The table from the shown seat's side, and the buttons of the human to act."""
        state = self.state
        match = self.match
        bottom = match.observer_seat if match.observer_seat is not None else 0
        order = [bottom] + [seat for seat in range(state.num_players) if seat != bottom]
        public = state.public_cards()
        winning_public = frozenset()
        seats = []
        for seat in order:
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
        match = self.match
        cards: tuple = ()
        if state.has_card(seat):
            names = state.private_cards(seat)
            cards = (face(names[0]),) if names else (None,)
        winner = state.is_terminal and seat in state.winners
        result = state.returns()[seat] if state.is_terminal else 0.0
        note = ""
        if state.is_terminal and result:
            note = f"wins {result:g}" if result > 0 else f"loses {-result:g}"
        blind = ""
        if state.small_blind_seat == seat:
            blind = "SB"
        elif state.big_blind_seat == seat:
            blind = "BB"
        return TableSeat(
            name=self._seat_name(seat), short=match.spec.seat_name(seat), stack=state.stacks[seat],
            bet=state.bets[seat], cards=cards, dealer=state.button == seat, blind=blind,
            folded=state.folded(seat), all_in=state.all_in(seat), to_act=state.current_player == seat,
            winner=winner, hand=state.hand_name(seat) or "", note=note,
            winning=frozenset({0}) if winner and state.showdown else frozenset())

    def _seat_name(self, seat: int) -> str:
        match = self.match
        name = match.spec.seat_name(seat)
        who = match.seats[seat] if seat < len(match.seats) else None
        if who is not None and who.is_ai:
            return f"{name} (AI {match.spec.level_name(who.level)})"
        if seat == match.observer_seat and len(match.human_seats) == 1:
            return f"{name} (you)"
        return name

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
        lines = []
        series = match.series
        if series is not None:
            finished = len(series.deals) - (1 if match.is_over else 0)
            for number in range(max(0, finished - HISTORY_HANDS), finished):
                lines.append(f"Hand {number + 1}: {self._result_of(number)}")
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

    def _result_of(self, number: int) -> str:
        """The one-line result of finished hand ``number`` (0-based), replayed once and kept."""
        if number not in self._results:
            deal = self.match.series.deals[number]
            state = self.match.spec.new(seed=deal.seed, **deal.params)
            for action in deal.history:
                state.apply(action)
            self._results[number] = self.match.spec.definition().result_text(state)
        return self._results[number]

    def status_lines(self, match) -> list[str]:
        """The table's rules and each seat's stack."""
        state = match.state
        lines = ["Antes 1, bets 2 then 4" if state.betting == "ante" else "Blinds 1/2, bets 2 then 4"]
        standing = match.standing
        rebuys = standing.facts.get("rebuys", []) if standing is not None else []
        for seat in range(state.num_players):
            again = f" ({rebuys[seat]} rebuy{'s' if rebuys[seat] != 1 else ''})" if rebuys and rebuys[seat] else ""
            lines.append(f"{match.spec.seat_name(seat)}: {state.stacks[seat]} chips{again}")
        return lines

    # ----- keys and clicks --------------------------------------------------------------------------------
    def _letter_action(self, key: str) -> int | None:
        if self.match is None or not self.match.human_to_move:
            return None
        return self.actions.action_for_key(key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A letter is taken only when its button is shown (else it falls through to the screen)."""
        if action == "letter":
            return self._letter_action(str(parameters[0])) is not None
        return super().check_action(action, parameters)

    def action_letter(self, key: str) -> None:
        """Play the button of letter ``key`` (f fold, c check or call, r bet or raise)."""
        action = self._letter_action(key)
        if action is not None:
            self.choose(action)

    def action_press(self, position: int) -> None:
        """Press the ``position``-th button (digit keys)."""
        action = self.actions.action_at(position)
        if action is not None:
            self.choose(action)

    def on_button_action(self, message: ButtonAction) -> None:
        """A clicked (or Enter-pressed) button plays its action."""
        message.stop()
        self.choose(message.action)

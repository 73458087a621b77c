"""Blackjack view: the dealer's cards over each seat's hands, and numbered action buttons."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from tui_games.ui.game_view import GameView
from tui_games.ui.messages import ButtonAction
from tui_games.ui.widgets.action_bar import ActionBar
from tui_games.ui.widgets.cards import hand_content

LABELS = {"hit": "Hit", "stand": "Stand", "double": "Double", "split": "Split", "surrender": "Surrender",
          "insurance": "Insurance", "no insurance": "No insurance", "bet": "Deal"}
"""Button labels for the state's action names."""


LETTERS = ("b", "h", "s", "d", "p", "r", "i", "n")
"""The action letters of blackjack's help page (the game module's ACTION_KEYS gives their actions)."""


def action_keys() -> dict[int, str]:
    """Action id to its letter, from the game module (imported only once a game is running)."""
    from tui_games.games.blackjack.game import ACTION_KEYS

    return dict(ACTION_KEYS)


def money(amount: float) -> str:
    """'+1.5', '-1', '0' (in base wagers)."""
    return f"{amount:+g}" if amount else "0"


class BlackjackView(GameView):
    """Draws ``state.dealer_cards`` (the hole card stays face down until the state reveals it) and
    ``state.hands(seat)``; the buttons are ``state.available_actions``."""

    KEYS_HELP = """\
- **b** deal (bet), **h** hit, **s** stand, **d** double, **p** split, **r** surrender, **i** take
  insurance, **n** decline it: each button shows its letter.
- **1-9** press the buttons in order; **Tab** moves between them, **Enter** presses the focused one;
  **click** a button to press it.
- The hand being played is marked with an arrow; the dealer's hole card stays face down until the dealer plays.
"""

    BINDINGS = [
        *[Binding(str(n), f"press({n})", f"Action {n}", show=False) for n in range(1, 10)],
        *[Binding(key, f"letter('{key}')", f"Key {key}", show=False) for key in LETTERS],
    ]

    DEFAULT_CSS = """
    BlackjackView { layout: vertical; padding: 0 1; }
    BlackjackView #bj-table { height: 1fr; }
    BlackjackView .bj-label { height: 1; margin-top: 1; }
    BlackjackView .bj-hand { height: auto; }
    BlackjackView #bj-actions { height: auto; width: 1fr; }
    BlackjackView #bj-last { height: 1; color: $foreground-muted; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.actions = ActionBar(id="bj-actions")
        self._seat_count = -1

    def compose(self) -> ComposeResult:
        """The table (dealer, seats) above the action buttons."""
        with VerticalScroll(id="bj-table"):
            yield Static(classes="bj-label", id="bj-dealer-label")
            yield Static(classes="bj-hand", id="bj-dealer")
            yield Vertical(id="bj-seats")
        yield Static(id="bj-last")
        yield self.actions

    def redraw(self) -> None:
        """Paint the dealer, every seat's hands, the last move and the legal actions."""
        state = self.state
        match = self.match
        if self._seat_count != state.num_players:
            self._seat_count = state.num_players
            seats = self.query_one("#bj-seats", Vertical)
            seats.remove_children()
            widgets = []
            for seat in range(state.num_players):
                widgets.append(Static(classes="bj-label", id=f"bj-seat-label-{seat}"))
                widgets.append(Static(classes="bj-hand", id=f"bj-seat-{seat}"))
            seats.mount_all(widgets)
            self.call_after_refresh(self.redraw)
            return
        self._draw_dealer()
        for seat in range(state.num_players):
            self._draw_seat(seat)
        self.query_one("#bj-last", Static).update(self._last_text())
        keys = action_keys()
        actions = [(a, f"{keys.get(a, '?')} {LABELS.get(name, name.capitalize())}")
                   for a, name in state.available_actions] if match.human_to_move else []
        self.actions.show(actions, hinted=self.hinted)

    def _draw_dealer(self) -> None:
        state = self.state
        cards = state.dealer_cards
        hidden = any(card is None for card in cards)
        total, soft = state.dealer_total
        note = ""
        if cards:
            note = f"{'showing' if hidden else ('soft' if soft else 'hard')} {total}"
            if total > 21:
                note = f"bust {total}"
        label = Content.assemble(("Dealer", "bold"), ("  hole card face down" if hidden else "", "dim"))
        self.query_one("#bj-dealer-label", Static).update(label)
        body = hand_content(cards, self.glyphs, note) if cards else Content.styled("no cards yet", "dim")
        self.query_one("#bj-dealer", Static).update(body)

    def _seat_title(self, seat: int) -> Content:
        match = self.match
        state = self.state
        who = match.seats[seat] if seat < len(match.seats) else None
        if who is not None and who.kind == "ai":
            tag = f"AI {match.spec.level_name(who.level)}"
        elif seat == match.observer_seat and len(match.human_seats) == 1:
            tag = "you"
        else:
            tag = "human"
        parts: list[tuple[str, str]] = [(f"{match.spec.seat_name(seat)} ({tag})", "bold")]
        insurance = state.insurance(seat)
        if insurance != "not offered":
            result = state.insurance_result(seat)
            parts.append((f"  insurance {insurance}" + (f" {money(result)}" if result is not None else ""), ""))
        if state.is_terminal:
            parts.append((f"  result {money(state.seat_return(seat))}", "bold reverse"))
        elif not state.has_bet(seat):
            parts.append(("  waiting to deal", "dim"))
        return Content.assemble(*parts)

    def _draw_seat(self, seat: int) -> None:
        state = self.state
        arrow = self.glyphs.arrows["left"]
        lines: list[Content] = []
        for hand in state.hands(seat):
            if not hand.cards:
                continue
            note_parts: list[tuple[str, str]] = [(hand.total_text, "bold")]
            if hand.wager > 1 or hand.doubled:
                note_parts.append((f"  wager {hand.wager}" + (" (doubled)" if hand.doubled else ""), ""))
            if hand.status not in ("playing", "natural") and hand.total <= 21:
                note_parts.append((f"  {hand.status}", "italic"))
            if hand.result is not None:
                note_parts.append((f"  {money(hand.result)}", "bold"))
            if hand.active:
                note_parts.append((f"  {arrow} to play", "bold reverse"))
            lines.append(hand_content(hand.cards, self.glyphs, Content.assemble(*note_parts)))
        self.query_one(f"#bj-seat-label-{seat}", Static).update(self._seat_title(seat))
        body = Content("\n").join(lines) if lines else Content.styled("no cards yet", "dim")
        self.query_one(f"#bj-seat-{seat}", Static).update(body)

    def _last_text(self) -> Content:
        moves = [line for line in self.match.move_log if not line.startswith("  (")]
        if not moves:
            return Content("")
        return Content.assemble(("Last move: ", "dim"), (moves[-1], "bold underline"))

    def status_lines(self, match) -> list[str]:
        """Table rules and each seat's running result."""
        state = match.state
        lines = [f"{state.rules_name.capitalize()} rules, {state.decks} deck{'s' if state.decks > 1 else ''}",
                 f"Shoe: {state.cards_left} cards"]
        if state.is_terminal:
            lines += [f"{match.spec.seat_name(s)}: {money(state.seat_return(s))}" for s in range(state.num_players)]
        return lines

    def _letter_action(self, key: str) -> int | None:
        """The legal action whose letter is ``key``, if any."""
        if self.match is None:
            return None
        legal = set(self.legal())
        return next((a for a, letter in action_keys().items() if letter == key and a in legal), None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A letter key is only taken when its action is legal; otherwise it falls through to the
        game screen (so n still means 'new game' once the round is over)."""
        if action == "letter":
            return self._letter_action(str(parameters[0])) is not None
        return super().check_action(action, parameters)

    def action_letter(self, key: str) -> None:
        """Play the action of letter ``key`` (h hit, s stand ...)."""
        action = self._letter_action(key)
        if action is not None:
            self.choose(action)

    def action_press(self, position: int) -> None:
        """Press the ``position``-th action button (digit keys)."""
        action = self.actions.action_at(position)
        if action is not None:
            self.choose(action)

    def on_button_action(self, message: ButtonAction) -> None:
        """A clicked (or Enter-pressed) button plays its action."""
        message.stop()
        self.choose(message.action)


VIEW = BlackjackView
"""The view class the game screen mounts for Blackjack."""

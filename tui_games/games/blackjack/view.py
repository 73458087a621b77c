"""Blackjack view: the dealer's cards over each seat's hands, and numbered action buttons.

The table takes the roomiest layout that shows every seat and every hand at once: cards drawn as
three-line boxes with a blank line between seats, then without the blank lines, then one line per
hand (``[Q♠] [9♣]``). Notes sit beside the cards and are cut short rather than wrapped.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from tui_games.core.words import counted
from tui_games.games.blackjack.constants import ACTION_KEYS
from tui_games.ui.action_keys import ActionBarKeys
from tui_games.ui.game_view import GameView
from tui_games.ui.widgets.action_bar import ActionBar
from tui_games.ui.widgets.cards import hand_content, hand_line, hand_width

LABELS = {"hit": "Hit", "stand": "Stand", "double": "Double", "split": "Split", "surrender": "Surrender",
          "insurance": "Insurance", "no insurance": "No insurance", "bet": "Deal"}
"""Button labels for the state's action names."""


def money(amount: float) -> str:
    """'+1.5', '-1', '0' (in base wagers)."""
    return f"{amount:+g}" if amount else "0"


LAYOUTS = (("tall", True), ("tall", False), ("compact", True), ("compact", False))
"""Table layouts from roomiest to tightest: (card style, blank line before each seat)."""

NOTE_ROOM = 14
"""Columns a three-line hand keeps beside its cards for the notes ('hard 20', 'stood  +2')."""


class BlackjackView(ActionBarKeys, GameView):
    """Draws ``state.dealer_cards`` (the hole card stays face down until the state reveals it) and
    ``state.hands(seat)``; the buttons are ``state.available_actions``."""

    KEYS_HELP = """\
- **b** deal (bet), **h** hit, **s** stand, **d** double, **p** split, **r** surrender, **i** take
  insurance, **n** decline it: each button shows its letter.
- **1-9** press the buttons in order; **Tab** moves between them, **Enter** presses the focused one;
  **click** a button to press it.
- The hand being played is marked with an arrow; the dealer's hole card stays face down until the dealer plays.
- When a round is over, **n** deals the next one; **q** between rounds leaves the table. There is no
  undo at the blackjack table: once a card is seen, a decision cannot be taken back.
"""

    BINDINGS = [
        *[Binding(str(n), f"press({n})", f"Action {n}", show=False) for n in range(1, 10)],
        *[Binding(key, f"letter('{key}')", f"Key {key}", show=False) for key in ACTION_KEYS.values()],
    ]

    DEFAULT_CSS = """
    BlackjackView { layout: vertical; padding: 0 1; }
    BlackjackView #bj-table { height: 1fr; }
    BlackjackView #bj-seats { height: auto; }
    BlackjackView .bj-label { height: 1; margin-top: 1; }
    BlackjackView.-tight .bj-label { margin-top: 0; }
    BlackjackView .bj-hand { height: auto; }
    BlackjackView .bj-label, BlackjackView .bj-hand, BlackjackView #bj-last {
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    BlackjackView #bj-actions { height: auto; width: 1fr; }
    BlackjackView #bj-last { height: 1; color: $foreground-muted; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.actions = ActionBar(id="bj-actions")
        self._seat_count = -1
        self.compact = False
        """True when hands are drawn on one line each (not enough room for three-line cards)."""

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
        self._choose_layout()
        self._draw_dealer()
        for seat in range(state.num_players):
            self._draw_seat(seat)
        self.query_one("#bj-last", Static).update(self._last_text())
        actions = [(a, f"{ACTION_KEYS.get(a, '?')} {LABELS.get(name, name.capitalize())}")
                   for a, name in state.available_actions] if match.human_to_move else []
        self.actions.show(actions, hinted=self.hinted)

    # ----- layout ------------------------------------------------------------------------------------
    def _lines_needed(self, compact: bool, spaced: bool) -> int:
        """Lines the table takes in a layout: the dealer and every seat, each with its label."""
        state = self.state
        label = 2 if spaced else 1
        lines = label + (1 if compact or not state.dealer_cards else 3)
        for seat in range(state.num_players):
            hands = sum(1 for hand in state.hands(seat) if hand.cards)
            lines += label + (max(1, hands) if compact else (3 * hands or 1))
        return lines

    def _tall_fits_across(self, width: int) -> bool:
        """True when the widest hand, drawn as three-line cards, leaves room for its notes."""
        state = self.state
        hands = [state.dealer_cards] + [hand.cards for seat in range(state.num_players)
                                        for hand in state.hands(seat)]
        widest = max((hand_width(cards, compact=False) for cards in hands if cards), default=0)
        return widest + 2 + NOTE_ROOM <= width

    def _choose_layout(self) -> None:
        """The roomiest layout that shows the whole table in the space the view has now."""
        height = self.size.height - 2  # the last-move line and the action buttons
        width = self.size.width - 2
        if height <= 0 or width <= 0:  # not laid out yet: on_resize draws again
            compact, spaced = False, True
        else:
            fitting = [(style == "compact", spaced) for style, spaced in LAYOUTS
                       if self._lines_needed(style == "compact", spaced) <= height
                       and (style == "compact" or self._tall_fits_across(width))]
            compact, spaced = fitting[0] if fitting else (True, False)
        self.compact = compact
        self.set_class(not spaced, "-tight")

    def on_resize(self, event: events.Resize) -> None:
        """A new size may call for another layout."""
        if self.match is not None and self._seat_count == self.state.num_players:
            self.redraw()

    # ----- drawing -----------------------------------------------------------------------------------
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
        if not cards:
            body = Content.styled("no cards yet", "dim")
        elif self.compact:
            body = Content.assemble("  ", hand_line(cards, self.glyphs, Content.styled(note, "bold")))
        else:
            body = hand_content(cards, self.glyphs, Content.styled(note, "bold"))
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
        lines: list[Content] = []
        for hand in state.hands(seat):
            if hand.cards:
                lines.append(self._hand_line(hand) if self.compact else self._hand_box(hand))
        self.query_one(f"#bj-seat-label-{seat}", Static).update(self._seat_title(seat))
        body = Content("\n").join(lines) if lines else Content.styled("no cards yet", "dim")
        self.query_one(f"#bj-seat-{seat}", Static).update(body)

    @staticmethod
    def _outcome(hand) -> Content:
        """'stood  +2', 'surrendered  -0.5', '+1.5' (a natural): how the hand stands or ended."""
        parts: list[tuple[str, str]] = []
        if hand.status not in ("playing", "natural") and hand.total <= 21:
            parts.append((hand.status, "italic"))
        if hand.result is not None:
            parts.append((money(hand.result), "bold"))
        return Content("  ").join(Content.styled(text, style) for text, style in parts)

    @staticmethod
    def _stake(hand) -> str:
        """'doubled' or 'wager 2' when the hand carries more than the base bet."""
        if hand.doubled:
            return "doubled"
        return f"wager {hand.wager}" if hand.wager > 1 else ""

    def _hand_box(self, hand) -> Content:
        """Three-line cards with the total above, the outcome (or 'to play') beside, the stake below."""
        middle = (Content.styled(f"{self.glyphs.arrows['left']} to play", "bold reverse") if hand.active
                  else self._outcome(hand))
        return hand_content(hand.cards, self.glyphs,
                            [Content.styled(hand.total_text, "bold"), middle, self._stake(hand)])

    def _hand_line(self, hand) -> Content:
        """One line: an arrow before the hand to play, the cards, then total, outcome and stake."""
        marker = (Content.styled(f"{self.glyphs.arrows['right']} ", "bold reverse") if hand.active
                  else Content("  "))
        parts = [Content.styled(hand.total_text, "bold"), self._outcome(hand), Content(self._stake(hand))]
        note = Content("  ").join(part for part in parts if part)
        return Content.assemble(marker, hand_line(hand.cards, self.glyphs, note))

    def _last_text(self) -> Content:
        moves = self.match.visible_log(moves_only=True)
        if not moves:
            return Content("")
        return Content.assemble(("Last move: ", "dim"), (moves[-1], "bold underline"))

    def status_lines(self, match) -> list[str]:
        """Table rules and each seat's running result."""
        state = match.state
        lines = [f"{state.rules_name.capitalize()} rules, {counted(state.decks, 'deck')}",
                 f"Shoe: {counted(state.cards_left, 'card')}"]
        if state.is_terminal:
            lines += [f"{match.spec.seat_name(s)}: {money(state.seat_return(s))}" for s in range(state.num_players)]
        return lines

    def _letter_action(self, key: str) -> int | None:
        """The legal action whose letter is ``key``, if any."""
        if self.match is None:
            return None
        legal = set(self.legal())
        return next((a for a, letter in ACTION_KEYS.items() if letter == key and a in legal), None)

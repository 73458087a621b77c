"""Dou Dizhu view: the three seats with their roles, card counts and what each played in the current
round, the stake and the kitty, and the shown seat's hand, from which cards are selected and played
together.

The hand is a :class:`Hand` in multi mode without card letters (A J Q K are ranks): the cursor and
Space, or clicks, select cards; Enter or the Play button plays the selection as the game reads it
(``parse_action`` of the sorted cards), and the game refuses an illegal one with its reason. A hint
selects the suggested cards. The view reads the state's public accessors and action names only.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static

from tui_games.core.errors import IllegalActionError
from tui_games.core.words import counted
from tui_games.ui.action_keys import ActionBarKeys
from tui_games.ui.game_view import GameView
from tui_games.ui.seat_marks import seat_mark
from tui_games.ui.widgets.action_bar import ActionBar
from tui_games.ui.widgets.card_row import CardRow
from tui_games.ui.widgets.hand import Hand, HandCard

RANKS = "3456789TJQKA2BR"
"""The ranks as the game writes them, lowest first (T ten, B black joker, R red joker)."""
FACES = {"T": "10", "B": "BJ", "R": "RJ"}
"""Card faces that differ from the game's rank letter."""
SEATS = 3
PASS = "pass"
LABEL_WIDTH = 14
"""Columns of a seat's name, role and count beside its cards."""


def face_of(rank: str) -> str:
    """The face of a card of ``rank`` ('T' -> '10', 'B' -> 'BJ')."""
    return FACES.get(rank, rank)


def rank_of(face: str) -> str:
    """The game's rank letter of a card face ('10' -> 'T', 'RJ' -> 'R')."""
    return next((rank for rank, shown in FACES.items() if shown == face), face)


def cards_of(text: str, playable: bool = True) -> list[HandCard]:
    """A hand or move as the game writes it ('33345TBR') as cards (the red joker in red ink)."""
    return [HandCard(face_of(rank), colour="red" if rank == "R" else "black", playable=playable)
            for rank in text if rank in RANKS]


def faces_text(text: str) -> str:
    """'3 3 3 4 10 BJ' for the game's '3334TB'."""
    return " ".join(face_of(rank) for rank in text if rank in RANKS)


def current_round(trace: list[tuple[int, str]]) -> dict[int, str]:
    """What each seat played in the round on the table (a pass included): the round starts with the
    move that follows two passes in a row, so the round just won stays shown until the next lead."""
    shown: dict[int, str] = {}
    passes = 0
    for seat, move in trace:
        if move != PASS and passes >= 2:
            shown = {}
        shown[seat] = move
        passes = passes + 1 if move == PASS else 0
    return shown


class DoudizhuView(ActionBarKeys, GameView):
    """Draws each seat's ``role``, ``hand_sizes`` and its move of the round (``trace``), the ``bids``
    while bidding, the ``stake`` and the ``kitty``, and the shown seat's ``hand`` (multi-select)."""

    KEYS_HELP = """\
- **Left/Right** (or **h**/**l**, **Up**/**Down** between rows) move along your hand; **Space** selects
  or unselects the card under the cursor (a selected card stands one line higher); **click** a card to
  select it; **Backspace** clears the selection.
- **Enter** (or the **Play** button) plays the selected cards, in any order: the game reads the
  combination and refuses an illegal one with the reason. **p** (or the Pass button) passes.
- Bidding: **1**, **2**, **3** bid, **p** passes; or click the buttons.
- A hint (**t**) selects the suggested cards: **Enter** plays them.
"""

    BINDINGS = [
        *[Binding(str(n), f"letter('{n}')", f"Bid {n}", show=False) for n in range(1, 4)],
        Binding("p", "letter('p')", "Pass", show=False),
        *Hand.relayed_bindings(),
    ]

    DEFAULT_CSS = """
    DoudizhuView { layout: vertical; padding: 0 1; }
    DoudizhuView #ddz-status, DoudizhuView #ddz-prompt, DoudizhuView .ddz-label {
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    DoudizhuView #ddz-status { height: 1; }
    DoudizhuView #ddz-table { height: 1fr; }
    DoudizhuView .ddz-seat { height: auto; }
    DoudizhuView .ddz-label { width: %d; height: 3; }
    DoudizhuView .ddz-move { width: 1fr; min-height: 3; }
    DoudizhuView #ddz-prompt { height: 1; color: $text-accent; }
    DoudizhuView #ddz-bar { height: auto; width: 1fr; align-horizontal: center; }
    DoudizhuView #ddz-bar > Button { margin: 0 1; min-width: 8; }
    DoudizhuView #ddz-actions { width: auto; }
    """ % LABEL_WIDTH

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.hand = Hand(multi=True, letters="", glyphs=glyphs, notes=False, id="ddz-hand")
        self.actions = ActionBar(id="ddz-actions")
        self.plays = [CardRow(glyphs=glyphs, classes="ddz-move", id=f"ddz-move-{i}") for i in range(SEATS)]
        self._hand_text = ""
        self._ply = -1
        self._hint_shown: int | None = None

    def compose(self) -> ComposeResult:
        """The stake line, the seats, the prompt, the hand, the buttons."""
        yield Static(id="ddz-status")
        with VerticalScroll(id="ddz-table", can_focus=False):
            for place in range(SEATS):
                with Horizontal(classes="ddz-seat", id=f"ddz-seat-{place}"):
                    yield Static(classes="ddz-label", id=f"ddz-label-{place}")
                    yield self.plays[place]
        yield Static(id="ddz-prompt")
        yield self.hand
        with Horizontal(id="ddz-bar"):
            yield Button("Play", id="ddz-play", compact=True)
            yield Button("Clear", id="ddz-clear", compact=True)
            yield self.actions

    def on_mount(self) -> None:
        """The Play and Clear buttons are for the mouse: the keys stay with the hand."""
        for button in self.query("#ddz-play, #ddz-clear"):
            button.can_focus = False

    def on_focus(self, event: events.Focus) -> None:
        """The keys go to the hand (the view's own keys still apply from there)."""
        self.hand.focus()

    def set_glyphs(self, glyphs) -> None:
        """Draw the cards with another glyph set."""
        self.hand.set_glyphs(glyphs)
        for row in self.plays:
            row.set_glyphs(glyphs)
        super().set_glyphs(glyphs)

    # ----- what is shown --------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat whose hand is shown (None: nobody's, a spectator's view)."""
        return self.match.observer_seat if self.match is not None else None

    def seat_order(self) -> list[int]:
        """The seats top to bottom: the two after the shown seat in the order of play, then the shown
        seat (next to its hand)."""
        bottom = self.seat if self.seat is not None else SEATS - 1
        return [(bottom + step) % SEATS for step in (1, 2, 0)]

    def _my_turn(self, state) -> bool:
        return self.seat is not None and state.current_player == self.seat and self.match.human_to_move

    def _named(self, legal: list[int]) -> dict[str, int]:
        """The legal actions by name ('pass', 'bid 2', '33345')."""
        state = self.match.state
        return {state.action_to_string(a): a for a in legal}

    def redraw(self) -> None:
        """Paint the stake and kitty, every seat, the prompt, the hand and the buttons."""
        state = self.state
        if len(state.history) != self._ply:
            self._ply = len(state.history)
            self._hint_shown = None
            self.hand.clear_selection()
        mine = self._my_turn(state)
        self.query_one("#ddz-status", Static).update(self._status(state))
        shown = current_round(state.trace)
        for place, seat in enumerate(self.seat_order()):
            self.query_one(f"#ddz-label-{place}", Static).update(self._label(state, seat))
            self._draw_play(state, seat, shown, self.plays[place])
        hand = state.hand(self.seat) if self.seat is not None else None
        self._hand_text = hand or ""
        empty = "(no cards)" if hand is not None else "(the hands are hidden)"
        if empty != self.hand.empty:
            self.hand.empty = empty
            self.hand.refresh(layout=True)
        self.hand.show(cards_of(self._hand_text, playable=mine and state.phase in ("bidding", "play")))
        named = self._named(self.legal()) if mine else {}
        self._follow_hint(state)
        prompt = self.query_one("#ddz-prompt", Static)
        prompt.display = not state.is_terminal  # the screen's turn line says how the hand ended
        prompt.update(self._prompt(state, mine, named))
        playing = mine and state.phase == "play"
        for button in self.query("#ddz-play, #ddz-clear"):
            button.display = playing
        buttons = [(named[f"bid {n}"], f"{n} Bid {n}") for n in (1, 2, 3) if f"bid {n}" in named]
        if PASS in named:
            buttons.append((named[PASS], "p Pass"))
        self.actions.show(buttons, hinted=self.hinted)

    def _status(self, state) -> Content:
        kitty = state.kitty
        parts: list[tuple[str, str]] = []
        if state.phase in ("deal", "first bidder", "bidding"):
            parts += [("Bidding: ", "dim"), (f"highest bid {state.bid}" if state.bid else "no bid yet", "bold")]
        elif state.bidding == "rlcard":
            parts += [("RLCard rules", "bold")]
        else:
            parts += [("Stake ", "dim"), (str(state.stake), "bold"), (f" = bid {state.bid}", "")]
            if state.bombs:
                parts.append((f" x{2 ** state.bombs} ({state.bombs} bomb{'s' if state.bombs > 1 else ''})", ""))
            if state.is_terminal and state.spring:
                parts.append((" x2 (spring)", ""))
        parts += [("   Kitty ", "dim"), (faces_text(kitty) if kitty else "face down", "bold")]
        return Content.assemble(*parts)

    def _label(self, state, seat: int) -> Content:
        name = self.match.spec.seat_name(seat)
        top = f"{seat_mark(seat, self.glyphs, name).label} {name}"
        style = "bold"
        if seat == state.current_player and not state.is_terminal:
            top, style = f"[{top}]", "bold reverse"
        role = ", ".join(part for part in (state.role(seat), "you" if seat == self.seat else "") if part)
        count = state.hand_sizes[seat]
        return Content.assemble((top, style), "\n", (role, "bold" if role.startswith("landlord") else ""),
                                "\n", (f"{count} card{'s' if count != 1 else ''}", "dim"))

    def _draw_play(self, state, seat: int, shown: dict[int, str], row: CardRow) -> None:
        """A seat's move of the round as cards ('pass' as the word); while bidding, its bid."""
        if state.phase in ("deal", "first bidder", "bidding"):
            bid = state.bids[seat]
            row.show([], empty="" if bid is None else ("pass" if bid == 0 else f"bid {bid}"))
            return
        move = shown.get(seat)
        row.show(cards_of(move) if move and move != PASS else [], empty="pass" if move == PASS else "")

    def _prompt(self, state, mine: bool, named: dict[str, int]) -> str:
        name = self.match.spec.seat_name
        if not mine:
            return f"Your hand: {counted(len(self._hand_text), 'card')}" if self.seat is not None else ""
        if state.phase == "bidding":
            bids = " ".join(str(n) for n in (1, 2, 3) if f"bid {n}" in named)
            return f"Bid for landlord: {bids} or p pass"
        last = state.last_move
        if last is None:
            return "Your lead: select cards (Space, click), Enter"
        return f"Beat {name(state.leader)}'s {faces_text(state.action_to_string(last))} or p pass"

    def _follow_hint(self, state) -> None:
        """Select the cards of the hinted move, once per hint."""
        hinted = self.hinted
        if hinted is None or hinted == self._hint_shown or state.phase != "play":
            return
        self._hint_shown = hinted
        move = state.action_to_string(hinted)
        if move == PASS:
            return
        picked: list[int] = []
        for rank in move:
            index = next((i for i, card in enumerate(self.hand.cards)
                          if i not in picked and rank_of(card.face) == rank), None)
            if index is None:  # not this hand's move (the hint was for another seat)
                return
            picked.append(index)
        self.hand.select(picked)
        self.hand.move_cursor(picked[0])

    # ----- choosing ---------------------------------------------------------------------------------
    def play_selection(self) -> None:
        """Play the selected cards: the game reads them as a move; one it cannot read is refused here
        with its reason, an illegal one by the game screen with the game's reason."""
        state = self.state
        if state.phase == "bidding":
            self.notify("Bid first: 1, 2, 3 or p pass.", severity="warning", timeout=3)
            return
        text = "".join(sorted((rank_of(self.hand.cards[i].face) for i in self.hand.selected), key=RANKS.index))
        try:
            action = state.parse_action(text)
        except IllegalActionError as error:
            self.notify(str(error), title="Not allowed", severity="warning", timeout=4)
            return
        self.choose(action)

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        """Enter (or the Play button) with cards selected."""
        message.stop()
        self.play_selection()

    def on_hand_refused(self, message: Hand.Refused) -> None:
        """Enter with nothing selected, or a card chosen out of turn."""
        message.stop()
        if self.match.is_over:
            return
        if message.index is not None:
            self.notify("Wait for your turn.", timeout=2)
        elif self.state.phase == "bidding":
            self.notify("Bid first: 1, 2, 3 or p pass.", severity="warning", timeout=3)
        else:
            self.notify("Select cards first (Space or a click), then Enter; p passes.", severity="warning",
                        timeout=3)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The Play and Clear buttons (the action bar's own buttons play their actions)."""
        if event.button.id == "ddz-play":
            event.stop()
            self.hand.choose()
        elif event.button.id == "ddz-clear":
            event.stop()
            self.hand.clear_selection()

    async def action_hand(self, action: str) -> None:
        """A key of the hand's pressed while a button of the view has the focus: the hand takes it."""
        await self.hand.run_action(action)

    def _letter_action(self, key: str) -> int | None:
        """1 2 3: that bid, p: pass, when legal now."""
        if self.match is None or not self.match.human_to_move:
            return None
        named = self._named(self.legal())
        return named.get(PASS if key == "p" else f"bid {key}")


__all__ = ["DoudizhuView", "cards_of", "current_round"]

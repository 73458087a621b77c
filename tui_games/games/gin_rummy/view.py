"""Gin Rummy view: the upcard and the stock, the other hand's size (and the cards it took from the
upcard), the melds laid and the cards laid off, and the shown seat's hand arranged in its best melds
with the deadwood last, played by key or click.

A click or Enter on a card discards it (or lays it off); the buttons draw, pass, knock and lay melds.
The view reads the state's public accessors and action names; the action numbers come from
``constants.py``.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Static

from tui_games.core.words import counted
from tui_games.games.gin_rummy.constants import (DRAW_STOCK, DRAW_UPCARD, KNOCK, MELD_BASE, NUM_CARDS, PASS,
                                                 card_of, meld_name)
from tui_games.ui.action_keys import ActionBarKeys
from tui_games.ui.game_view import GameView
from tui_games.ui.widgets.action_bar import ActionBar
from tui_games.ui.widgets.card_row import CardRow
from tui_games.ui.widgets.fan import HandCard
from tui_games.ui.widgets.hand import Hand

WORDS = {DRAW_UPCARD: "Upcard", DRAW_STOCK: "Stock", PASS: "Pass", KNOCK: "Knock"}
"""The buttons of the actions that are no card or meld."""
KEYS = {DRAW_UPCARD: "u", DRAW_STOCK: "s", PASS: "p", KNOCK: "k"}
"""The key (and button letter) of each of them."""
MELD_KEYS = "123456789"
"""The keys of the meld buttons, in order."""
SUIT_MARKS = {"s": "S", "c": "C", "d": "D", "h": "H"}


def hand_card(name: str, playable: bool = True) -> HandCard:
    """A card ('Td') as the hand and the upcard draw it: its rank ('10' for a ten), its suit's mark,
    red ink for hearts and diamonds."""
    rank, suit = name[0], name[1]
    face = "10" if rank == "T" else rank
    return HandCard(face, SUIT_MARKS[suit], "red" if suit in "dh" else "black", playable, "T" if rank == "T" else "")


class GinRummyView(ActionBarKeys, GameView):
    """Draws the ``upcard``, ``stock_size``, the other seat's ``hand_sizes`` and ``known`` cards, both
    seats' ``laid_melds`` and the ``layoffs``, and the shown seat's ``hand`` in a :class:`Hand`, its
    ``best_melds`` first and its deadwood after."""

    KEYS_HELP = """\
- **Left/Right** (or **h**/**l**) move along your hand; **Enter** or **Space** discards the card under
  the cursor (after a knock: lays it off); **click** a card to do the same.
- **u** draw the upcard, **s** draw from the stock, **p** pass, **k** knock; **1-9** lay the meld of that
  button. Each button shows its key; click it too.
- Your hand is arranged in its best melds (each marked by a bracket in the meld line) with the deadwood
  last; the line above it counts the deadwood.
"""

    BINDINGS = [
        *[Binding(key, f"letter('{key}')", WORDS[action], show=False) for action, key in KEYS.items()],
        *[Binding(key, f"letter('{key}')", f"Meld {key}", show=False) for key in MELD_KEYS],
        *Hand.relayed_bindings(),
    ]

    DEFAULT_CSS = """
    GinRummyView { layout: vertical; padding: 0 1; }
    GinRummyView #gin-top { height: auto; }
    GinRummyView #gin-upcard { width: 8; }
    GinRummyView #gin-info { width: 1fr; height: auto; padding-left: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    GinRummyView #gin-melds, GinRummyView #gin-prompt { height: auto; width: 1fr; }
    GinRummyView #gin-prompt { color: $text-accent; }
    GinRummyView #gin-spacer { height: 1fr; }
    GinRummyView #gin-actions { height: auto; width: 1fr; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.upcard = CardRow(caption="Upcard", empty="none", glyphs=glyphs, id="gin-upcard")
        self.hand = Hand(glyphs=glyphs, notes=False, id="gin-hand")
        self.actions = ActionBar(id="gin-actions")
        self._names: list[str] = []
        self._ply = -1
        self._hint_shown: int | None = None

    def compose(self) -> ComposeResult:
        """The upcard beside the table's facts, the melds line, the prompt, the hand, the buttons."""
        with Horizontal(id="gin-top"):
            yield self.upcard
            yield Static(id="gin-info")
        yield Static(id="gin-spacer")
        yield Static(id="gin-melds")
        yield Static(id="gin-prompt")
        yield self.hand
        yield self.actions

    def on_focus(self, event: events.Focus) -> None:
        """The keys go to the hand (the view's own keys still apply from there)."""
        self.hand.focus()

    def set_glyphs(self, glyphs) -> None:
        """Draw the cards with another glyph set."""
        self.upcard.set_glyphs(glyphs)
        self.hand.set_glyphs(glyphs)
        super().set_glyphs(glyphs)

    @property
    def seat(self) -> int | None:
        """The seat whose hand is shown (None: a spectator's view)."""
        return self.match.observer_seat if self.match is not None else None

    def _my_turn(self, state) -> bool:
        return self.seat is not None and state.current_player == self.seat and self.match.human_to_move

    def move_name(self, action: int) -> str:
        """'discard Td', 'draw upcard', 'knock', 'meld As2s3s' ..."""
        if 0 <= action < NUM_CARDS:
            return self.state.action_to_string(action)
        if action >= MELD_BASE:
            return "meld " + meld_name(action - MELD_BASE)
        return {DRAW_UPCARD: "draw upcard", DRAW_STOCK: "draw stock", PASS: "pass", KNOCK: "knock"}.get(action, str(action))

    def redraw(self) -> None:
        """Paint the upcard, the table's facts, the melds line, the hand and the buttons."""
        state = self.state
        if len(state.history) != self._ply:
            self._ply = len(state.history)
            self._hint_shown = None
        mine = self._my_turn(state)
        legal = set(self.legal()) if mine else set()
        self.upcard.show([hand_card(state.upcard)] if state.upcard else [])
        self.query_one("#gin-info", Static).update(self._info(state))
        groups = state.best_melds(self.seat) if self.seat is not None and state.phase != "deal" else []
        grouped = [card for meld in groups for card in meld]
        hand = state.hand(self.seat) if self.seat is not None else []
        self._names = grouped + [card for card in hand if card not in grouped]
        self.query_one("#gin-melds", Static).update(self._melds_line(state, groups, hand, grouped))
        empty = "(no cards)" if self.seat is not None else "(the hands are hidden)"
        if empty != self.hand.empty:
            self.hand.empty = empty
            self.hand.refresh(layout=True)
        self.hand.show([hand_card(name, card_of(name) in legal) for name in self._names])
        self._follow_hint()
        prompt = self.query_one("#gin-prompt", Static)
        prompt.display = not state.is_terminal
        prompt.update(self._prompt(state, mine, legal))
        self.actions.show(self._buttons(legal) if mine else [], hinted=self.hinted)

    def _info(self, state) -> Content:
        name = self.match.spec.seat_name
        lines = [Content.assemble(("Stock ", "dim"), (str(state.stock_size), "bold"), ("   Knock card ", "dim"),
                                  (str(state.knock_card), "bold"))]
        for seat in range(2):
            you = " (you)" if seat == self.seat else ""
            dealer = ", dealer" if seat != state.first else ""
            text = f"{name(seat)}{you}{dealer}: {counted(state.hand_sizes[seat], 'card')}"
            if seat != self.seat and state.hand_mask(seat) is None and state.known(seat):
                text += ", took " + " ".join(state.known(seat))
            lines.append(Content.styled(text, "bold" if seat == state.current_player else ""))
            laid = state.laid_melds(seat)
            if laid:
                lines.append(Content.assemble(("  laid ", "dim"), " ".join("".join(meld) for meld in laid)))
        if state.layoffs:
            lines.append(Content.assemble(("Laid off ", "dim"), " ".join(state.layoffs)))
        if state.discard_pile:
            lines.append(Content.assemble(("Discards ", "dim"), " ".join(state.discard_pile[-8:])))
        return Content("\n").join(lines)

    def _melds_line(self, state, groups, hand, grouped) -> Content:
        if self.seat is None or not hand:
            return Content("")
        dead = [card for card in hand if card not in grouped]
        deadwood = state.deadwood(self.seat)
        melds = " ".join("[" + " ".join(meld) + "]" for meld in groups) or "no melds"
        return Content.assemble(("Melds ", "dim"), melds, ("   deadwood ", "dim"),
                                (" ".join(dead) or "none", ""), (f" = {deadwood}" if deadwood is not None else "", "bold"))

    def _prompt(self, state, mine: bool, legal: set[int]) -> str:
        if not mine:
            return "" if self.seat is None else "Waiting for the other player"
        phase = state.phase
        if phase == "first upcard":
            return "Take the first upcard (u) or pass (p)" if DRAW_UPCARD in legal else "Draw from the stock (s)"
        if phase == "draw":
            return "Draw: the upcard (u) or the stock (s)"
        if phase == "discard":
            return "Discard a card (Enter, click)" + (" or knock (k)" if KNOCK in legal else "")
        if phase == "knock":
            if any(a < NUM_CARDS for a in legal):
                return "You knocked: discard a card"
            return "Lay your melds (1-9)" + (", then pass (p)" if PASS in legal else "")
        if phase == "layoff":
            if any(a < NUM_CARDS for a in legal):
                return "Lay off cards on the knocker's melds (Enter, click), then pass (p)"
            return "Lay your melds (1-9), then pass (p)"
        if phase == "wall":
            return "Two stock cards left: knock (k) or pass (p), which ends the hand"
        return ""

    def _buttons(self, legal: set[int]) -> list[tuple[int, str]]:
        buttons = [(a, f"{KEYS[a]} {WORDS[a]}") for a in (DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK) if a in legal]
        melds = sorted(a for a in legal if a >= MELD_BASE)[:len(MELD_KEYS)]
        buttons += [(a, f"{MELD_KEYS[i]} {meld_name(a - MELD_BASE)}") for i, a in enumerate(melds)]
        return buttons

    def _follow_hint(self) -> None:
        """Put the cursor on the hinted card once."""
        hinted = self.hinted
        if hinted is None or hinted == self._hint_shown or not 0 <= hinted < NUM_CARDS:
            return
        self._hint_shown = hinted
        for index, name in enumerate(self._names):
            if card_of(name) == hinted:
                self.hand.move_cursor(index)
                return

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        """A card from the hand: discarded or laid off."""
        message.stop()
        self.choose(card_of(self._names[message.indices[0]]))

    def on_hand_refused(self, message: Hand.Refused) -> None:
        """A card that cannot go now: offered to the game all the same, which says why."""
        message.stop()
        if message.index is not None:
            self.choose(card_of(self._names[message.index]))

    async def action_hand(self, action: str) -> None:
        """A key of the hand's pressed while a button of the view has the focus: the hand takes it."""
        await self.hand.run_action(action)

    def _letter_action(self, key: str) -> int | None:
        """The action of the button whose key is ``key``."""
        if self.match is None or not self.match.human_to_move:
            return None
        legal = set(self.legal())
        return next((a for a, label in self.actions.actions if label.split(" ", 1)[0] == key and a in legal), None)


__all__ = ["GinRummyView", "hand_card"]

"""UNO view: the top card and the colour in force, every seat's card count in the order of play, the
last plays, and the shown seat's hand, played by key or click.

Cards are drawn filled with their colour and with the colour's letter (r g b y) under the face, so they
read the same without colour. A wild chosen from the hand asks for its colour (r g b y, or a click on a
colour button) before it is played. The view reads the state's public accessors and action names; the
action numbers it needs come from ``constants.py``.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from tui_games.games.uno.constants import (ACCEPT, CARD_ACTIONS, CHALLENGE, COLOUR_NAMES, COLOURS, DRAW, KEEP,
                                           TRAITS, TRAITS_PER_COLOUR, WILD, WILD_DRAW_4, card_action)
from tui_games.ui.action_keys import ActionBarKeys
from tui_games.ui.game_view import GameView
from tui_games.ui.seat_marks import seat_mark
from tui_games.ui.widgets.action_bar import ActionBar
from tui_games.ui.widgets.card_row import CardRow
from tui_games.ui.widgets.hand import Hand, HandCard

FACES = {"skip": ("skip", "S"), "reverse": ("rev", "R"), "draw_2": ("+2", ""), "wild": ("wild", "W"),
         "wild_draw_4": ("+4", "")}
"""Card faces (and the short corner an overlapped card shows) for the traits that are no number."""

WORDS = {DRAW: "draw", KEEP: "keep", CHALLENGE: "challenge", ACCEPT: "accept"}
"""The actions that are no card, by name."""

KEYS = {DRAW: "d", KEEP: "k", CHALLENGE: "c", ACCEPT: "a"}
"""The key (and button letter) of each action that is no card."""

LAST_PLAYS = 3
"""Plays the view lists beside the top card."""

DISCARD_WIDTH = 8
"""Columns of the top card's column (a card is six wide)."""


def card_of(name: str, playable: bool = True) -> HandCard:
    """A card as RLCard writes it ('r-7', 'b-draw_2', 'wild'; 'g-wild' for a wild on the discards
    that named green) as the hand and the discard pile draw it: its face, its colour's letter under it,
    filled with its colour (a wild that names none: black, no letter)."""
    colour, _, trait = name.rpartition("-")
    face, corner = FACES.get(trait, (trait, ""))
    if colour in COLOURS:
        return HandCard(face, colour, f"fill-{COLOUR_NAMES[COLOURS.index(colour)]}", playable, corner)
    return HandCard(face, "", "fill-black", playable, corner)


def trait_words(trait: int) -> str:
    """'7', 'skip', 'draw 2', 'wild draw 4'."""
    return TRAITS[trait].replace("_", " ")


def colour_css() -> str:
    """The game's own card colours over the shared fills, in the hand and on the discard pile."""
    rules = []
    for fill, variable in (("red", "red"), ("green", "green"), ("blue", "blue"), ("yellow", "yellow"),
                           ("black", "wild")):
        rules.append(f"UnoView Hand > .hand--fill-{fill}, UnoView CardRow > .card-row--fill-{fill} "
                     f"{{ background: $uno-{variable}; }}")
    return "\n".join(rules)


class UnoView(ActionBarKeys, GameView):
    """Draws ``state.target`` (the top card, with ``state.colour``), the seats' ``hand_sizes`` in the
    ``direction`` of play with the seat whose ``turn`` it is, the draw pile, and the shown seat's
    ``hand`` in a :class:`Hand` (single mode: a card is playable when some legal action plays it)."""

    KEYS_HELP = """\
- **Left/Right** (or **h**/**l**, **Up**/**Down** between rows) move along your hand; **Enter** or
  **Space** plays the card under the cursor; **Shift+A..Z** jumps to a card by the letter in its bottom
  edge; **click** a card to play it.
- A **wild** asks for its colour: **r** red, **g** green, **b** blue, **y** yellow, or click a colour
  button; **Backspace** (or **Esc**) takes the wild back.
- **d** draw, **k** keep the card you drew, **c** challenge a Wild Draw Four, **a** accept it: each
  button shows its letter; **1-9** press the buttons in order, or click them.
- Each card shows its colour's letter (r g b y) under its face; the seats line lists every seat's
  cards in the order of play, the seat to play in brackets.
"""

    BINDINGS = [
        *[Binding(str(n), f"press({n})", f"Action {n}", show=False) for n in range(1, 10)],
        Binding("d", "letter('d')", "Draw", show=False),
        Binding("k", "letter('k')", "Keep", show=False),
        Binding("c", "letter('c')", "Challenge", show=False),
        Binding("a", "letter('a')", "Accept", show=False),
        *[Binding(letter, f"letter('{letter}')", name.capitalize(), show=False)
          for letter, name in zip(COLOURS, COLOUR_NAMES)],
        *Hand.relayed_bindings(),
    ]

    DEFAULT_CSS = """
    UnoView { layout: vertical; padding: 0 1; }
    UnoView #uno-table { height: 1fr; }
    UnoView #uno-top { height: auto; }
    UnoView #uno-discard { width: %d; }
    UnoView #uno-info, UnoView #uno-prompt { width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    UnoView #uno-info { height: auto; padding-left: 1; }
    UnoView #uno-seats { height: auto; }
    UnoView #uno-prompt { height: 1; color: $text-accent; }
    UnoView #uno-actions { height: auto; width: 1fr; }
    """ % DISCARD_WIDTH + colour_css()

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.discard = CardRow(caption="Discard", empty="none", glyphs=glyphs, id="uno-discard")
        self.hand = Hand(glyphs=glyphs, notes=False, id="uno-hand")
        self.actions = ActionBar(id="uno-actions")
        self.picking: int | None = None
        """The wild (trait WILD or WILD_DRAW_4) whose colour the player is naming, else None."""
        self._names: list[str] = []  # the shown hand's cards as RLCard writes them
        self._ply = -1
        self._hint_shown: int | None = None

    def compose(self) -> ComposeResult:
        """The top card beside the table's facts and the seats (scrolled only when a very long hand
        leaves them too little room), the prompt, the hand, the buttons."""
        with VerticalScroll(id="uno-table", can_focus=False):
            with Horizontal(id="uno-top"):
                yield self.discard
                yield Static(id="uno-info")
            yield Static(id="uno-seats")
        yield Static(id="uno-prompt")
        yield self.hand
        yield self.actions

    def on_focus(self, event: events.Focus) -> None:
        """The keys go to the hand (the view's own keys still apply from there)."""
        self.hand.focus()

    def set_glyphs(self, glyphs) -> None:
        """Draw the cards with another glyph set."""
        self.discard.set_glyphs(glyphs)
        self.hand.set_glyphs(glyphs)
        super().set_glyphs(glyphs)

    def on_resize(self, event: events.Resize) -> None:
        """The seats line packs its seats to the width."""
        if self.match is not None:
            self.redraw()

    # ----- what is shown --------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat whose hand is shown (None: nobody's, a spectator's view)."""
        return self.match.observer_seat if self.match is not None else None

    def _my_turn(self, state) -> bool:
        return self.seat is not None and state.current_player == self.seat and self.match.human_to_move

    def move_name(self, action: int) -> str:
        """'red 7', 'green skip', 'yellow draw 2', 'wild (blue)', 'wild draw 4 (red)', 'draw' ..."""
        if 0 <= action < CARD_ACTIONS:
            colour, trait = divmod(action, TRAITS_PER_COLOUR)
            if trait >= WILD:
                return f"{trait_words(trait)} ({COLOUR_NAMES[colour]})"
            return f"{COLOUR_NAMES[colour]} {trait_words(trait)}"
        return WORDS.get(action, str(action))

    def card_actions(self, name: str, legal: set[int]) -> list[int]:
        """The legal actions that play card ``name`` of the hand ('r-7': one; a wild: one per colour)."""
        colour, _, trait = name.rpartition("-")
        if colour:
            return [a for a in (card_action(COLOURS.index(colour), TRAITS.index(trait)),) if a in legal]
        return [a for a in (card_action(c, TRAITS.index(trait)) for c in range(len(COLOURS))) if a in legal]

    def redraw(self) -> None:
        """Paint the top card, the table's facts, the seats, the hand and the buttons."""
        state = self.state
        if len(state.history) != self._ply:
            self._ply = len(state.history)
            self.picking = None
            self._hint_shown = None
        mine = self._my_turn(state)
        legal = set(self.legal()) if mine else set()
        naming_first = mine and state.phase == "name colour"
        self.discard.show([card_of(state.target)] if state.target else [])
        self.query_one("#uno-info", Static).update(self._info(state))
        self.query_one("#uno-seats", Static).update(self._seats(state))
        self._names = list(state.hand(self.seat)) if self.seat is not None else []
        empty = "(no cards)" if self.seat is not None else "(the hands are hidden)"
        if empty != self.hand.empty:
            self.hand.empty = empty
            self.hand.refresh(layout=True)
        self.hand.show([card_of(name, bool(self.card_actions(name, legal)) and not naming_first)
                        for name in self._names])
        self._follow_hint(legal)
        prompt = self.query_one("#uno-prompt", Static)
        prompt.display = not state.is_terminal  # the screen's turn line says how the hand ended
        prompt.update(self._prompt(state, mine, legal))
        self.actions.show(self._buttons(state, legal, naming_first) if mine else [], hinted=self.hinted)

    def _info(self, state) -> Content:
        colour = state.colour
        lines = [Content.assemble(("Colour ", "dim"), (f"{colour} ({colour[0]})" if colour else "none", "bold"),
                                  ("   Draw pile ", "dim"), (str(state.draw_pile_size), "bold"))]
        name = self.match.spec.seat_name
        if state.is_terminal:
            winner = state.winner
            lines.append(Content.styled(f"{name(winner)} wins" if winner is not None else "The hand is over",
                                        "bold reverse"))
        else:
            mark = seat_mark(state.turn, self.glyphs, name(state.turn)).label
            lines.append(Content.assemble(("Turn ", "dim"), (f"{mark} {name(state.turn)}", "bold")))
        plays = self.match.visible_log(moves_only=True, name=self.move_name)[-LAST_PLAYS:]
        lines += [Content.styled(line, "dim" if i < len(plays) - 1 else "") for i, line in enumerate(plays)]
        return Content("\n").join(lines)

    def _seats(self, state) -> Content:
        """Every seat's card count in seat order, joined by arrows in the direction of play; the seat
        to play in brackets, the shown seat underlined; packed into lines of the view's width."""
        arrow = self.glyphs.arrows["right" if state.direction > 0 else "left"]
        width = max(20, self.content_region.width or 48)
        name = self.match.spec.seat_name
        pieces: list[Content] = []
        for seat, count in enumerate(state.hand_sizes):
            text = f"{seat_mark(seat, self.glyphs, name(seat)).label} {count}" + (" UNO" if count == 1 else "")
            style = "bold" if seat != self.seat else "bold underline"
            if seat == state.turn and not state.is_terminal:
                text, style = f"[{text}]", style + " reverse"
            pieces.append(Content.styled(text, style))
        lines: list[list[Content | str]] = [[Content.styled(f"Cards, play goes {arrow}: ", "dim")]]
        used = lines[0][0].cell_length
        for index, piece in enumerate(pieces):
            tail = f" {arrow} " if index < len(pieces) - 1 else ""
            if used + piece.cell_length + len(tail) - 1 > width and used:
                lines.append([])
                used = 0
            lines[-1] += [piece, tail]
            used += piece.cell_length + len(tail)
        return Content("\n").join(Content.assemble(*line) for line in lines)

    def _prompt(self, state, mine: bool, legal: set[int]) -> str:
        if not mine:
            if self.seat is None:
                return ""
            return f"Your hand: {len(self._names)} card{'s' if len(self._names) != 1 else ''}"
        phase = state.phase
        if phase == "name colour":
            return "The first card is a wild: name its colour"
        if self.picking is not None:
            return f"Colour for the {FACES[TRAITS[self.picking]][0]}: r g b y, Backspace: back"
        if phase == "challenge":
            return f"{self.match.spec.seat_name(state.offender)} played +4: c challenge or a accept"
        if phase == "play or keep":
            return f"You drew {state.drawn_card}: play it (Enter) or k keep"
        if not any(card.playable for card in self.hand.cards):
            return "No card of yours goes: d draw"
        return "Your turn: play a card (Enter, click)" + (" or d draw" if DRAW in legal else "")

    def _buttons(self, state, legal: set[int], naming_first: bool) -> list[tuple[int, str]]:
        if naming_first or self.picking is not None:
            colours = range(len(COLOURS))
            if naming_first:
                options = [a for a in sorted(legal) if a < CARD_ACTIONS]
            else:
                options = [a for a in (card_action(c, self.picking) for c in colours) if a in legal]
            return [(a, f"{COLOURS[a // TRAITS_PER_COLOUR]} {COLOUR_NAMES[a // TRAITS_PER_COLOUR].capitalize()}")
                    for a in options]
        return [(a, f"{KEYS[a]} {WORDS[a].capitalize()}") for a in (DRAW, KEEP, CHALLENGE, ACCEPT) if a in legal]

    def _follow_hint(self, legal: set[int]) -> None:
        """Put the cursor on the hinted card once (a wild hinted in a colour: on the wild)."""
        hinted = self.hinted
        if hinted is None or hinted == self._hint_shown or not 0 <= hinted < CARD_ACTIONS:
            return
        self._hint_shown = hinted
        for index, name in enumerate(self._names):
            if hinted in self.card_actions(name, legal):
                self.hand.move_cursor(index)
                return

    # ----- choosing ---------------------------------------------------------------------------------
    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        """A card from the hand: played, or (a wild) the colour buttons come up."""
        message.stop()
        name = self._names[message.indices[0]]
        actions = self.card_actions(name, set(self.legal()))
        if not actions:
            return
        trait = TRAITS.index(name.rpartition("-")[2])
        if trait in (WILD, WILD_DRAW_4):
            self.picking = trait
            self.redraw()
            return
        self.picking = None
        self.choose(actions[0])

    def on_hand_refused(self, message: Hand.Refused) -> None:
        """An unplayable card: offered to the game all the same, which says why it cannot go (or that
        it is not this seat's turn); while the first card's colour is named, the hand waits."""
        message.stop()
        if message.index is None:
            return
        if self.match.human_to_move and self.state.phase == "name colour":
            self.notify("Name the colour of the first card, a wild, first: r g b y.", timeout=3)
            return
        name = self._names[message.index]
        colour, _, trait = name.rpartition("-")
        self.choose(card_action(COLOURS.index(colour) if colour else 0, TRAITS.index(trait)))

    def on_key(self, event: events.Key) -> None:
        """Esc or Backspace takes back a wild whose colour is being named (otherwise Esc is the screen's
        quit, Backspace the hand's key). Not a binding: one on Backspace would go when the hand's key
        there is remapped (Textual drops every binding of a key whose binding id the keymap moves)."""
        if event.key in ("escape", "backspace") and self.picking is not None:
            event.stop()
            event.prevent_default()
            self.action_cancel_colour()

    def action_cancel_colour(self) -> None:
        """Take back the wild whose colour is being named: the hand is played again."""
        self.picking = None
        self.redraw()

    async def action_hand(self, action: str) -> None:
        """A key of the hand's pressed while a button of the view has the focus: the hand takes it."""
        await self.hand.run_action(action)

    def _letter_action(self, key: str) -> int | None:
        """The action of the button whose letter is ``key`` (d k c a, or r g b y while naming a colour)."""
        if self.match is None or not self.match.human_to_move:
            return None
        legal = set(self.legal())
        return next((a for a, label in self.actions.actions if label.split(" ", 1)[0] == key and a in legal), None)


__all__ = ["UnoView", "card_of"]

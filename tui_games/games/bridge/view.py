"""Contract Bridge view: the table as bridge players draw it, North at the top, South at the bottom,
West and East at the sides, each hand by suit ("♠ AKQ2"), a hand the shown seat may not see as a row of
backs; the auction box, the current trick in the middle, the contract, vulnerability, dealer and the
tricks won, the Chicago standing, the last trick, and at the end of a deal the result and, on a key,
the double-dummy table and par.

Calls are made in the bidding box (a level 1-7, then a strain) and with the Pass / X / XX buttons;
cards by their suit and rank keys, by the cursor, or by a click. When the dummy's card is due the
declarer plays it from the dummy's hand (the state's ``seat_to_play``). The view draws the state as
the shown seat may see it and reads numbers from ``constants.py``; the double-dummy analysis runs in a
thread through ``double_dummy.py`` (DDS by endplay, no numba), imported only when it is asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from tui_games.games.bridge.constants import (BID_BASE, DOUBLE, NUM_CARDS, NUM_LEVELS, NUM_STRAINS, NUM_TRICKS,
                                              PASS, RANKS, REDOUBLE, SEAT_NAMES, SEATS, STRAINS, SUITS, bid_action,
                                              bid_level, bid_strain, card_id, card_rank, card_suit)
from tui_games.ui.action_keys import ActionBarKeys
from tui_games.ui.game_view import GameView
from tui_games.ui.glyphs import UNICODE, Glyphs
from tui_games.ui.looks import look_of_package
from tui_games.ui.widgets.action_bar import ActionBar
from tui_games.ui.widgets.card_table import Canvas

LOOK = look_of_package(__package__)
"""Bridge's own colours and glyphs (``look.py``)."""

TABLE_WIDTH, TABLE_HEIGHT = 50, 15
"""The table's size: three bands of five rows (North, West and East, South), 50 columns."""
SIDE = 15
"""The width of the West and East columns and of the left corners."""
HAND_AT = {0: (16, 0), 1: (34, 5), 2: (16, 10), 3: (0, 5)}
"""Where each seat's hand starts (column, row): its name, then a line per suit."""
TRICK_AT = {0: (24, 6), 1: (29, 7), 2: (24, 8), 3: (19, 7)}
"""Where each seat's card of the current trick lies, in the middle of the table."""
AUCTION_AT, AUCTION_ROWS, AUCTION_CELL = (31, 0), 4, 5
"""The auction box (top right): its corner, the rounds it shows (the last ones), a call's width."""
AUCTION_COLUMNS = (3, 0, 1, 2)
"""The auction box's columns W N E S, as seats."""
DISPLAY_SUITS = (3, 2, 1, 0)
"""Spades, hearts, diamonds, clubs: the order a hand is shown in."""
RED_SUITS = (1, 2)
"""Diamonds and hearts."""
RED = "$bridge-red"
TURN = "$bridge-turn bold"
VULNERABLE_TEXT = {"none": "none", "ns": "N-S", "ew": "E-W", "both": "both"}
STRAIN_KEYS = "cdhsn"
"""The strain keys in strain order (n: no trumps)."""
RANK_KEYS = {**{rank: index for index, rank in enumerate(RANKS)}, "0": RANKS.index("T"), "1": RANKS.index("T")}
"""A rank's key (upper case) after a suit key: 2-9, T (or 0, 1: a ten), J Q K A."""
_CODE = re.compile(r"([1-7])(NT|[CDHS])")


# ----- names ----------------------------------------------------------------------------------------------
def suit_mark(suit: int, glyphs: Glyphs) -> str:
    """The suit's symbol (♠ ♥ ♦ ♣), or its letter in ASCII mode."""
    return glyphs.suits[SUITS[suit]]


def strain_mark(strain: int, glyphs: Glyphs) -> str:
    """A strain as a bid writes it: a suit's mark, or 'NT'."""
    return "NT" if strain == NUM_STRAINS - 1 else suit_mark(strain, glyphs)


def ink(suit: int) -> str:
    """The style of a suit's cards (or a strain's mark): red for hearts and diamonds."""
    return RED if suit in RED_SUITS else ""


def card_text(card: int, glyphs: Glyphs) -> str:
    """A card as the table writes it: '♠A', '♥T' ('SA', 'HT' in ASCII mode)."""
    return suit_mark(card_suit(card), glyphs) + RANKS[card_rank(card)]


def call_text(action: int, glyphs: Glyphs) -> str:
    """A call as the auction box writes it: 'Pass', 'X', 'XX', '1♥', '3NT'."""
    if action == PASS:
        return "Pass"
    if action in (DOUBLE, REDOUBLE):
        return "X" * (action - PASS)
    return f"{bid_level(action)}{strain_mark(bid_strain(action), glyphs)}"


def call_content(action: int, glyphs: Glyphs, style: str = "") -> Content:
    """A call, a red suit's bid in red."""
    red = action >= BID_BASE and bid_strain(action) in RED_SUITS
    return Content.styled(call_text(action, glyphs), f"{RED} {style}" if red else style)


def contract_text(text: str, glyphs: Glyphs) -> str:
    """A contract or result as the state writes it ('4HX by S', '3NT-2 -200') with the suit's mark."""
    return _CODE.sub(lambda m: m.group(1) + strain_mark(STRAINS.index(m.group(2)), glyphs), text)


def cards_by_suit(mask: int) -> dict[int, list[int]]:
    """The cards of a mask by suit, each suit from the ace down."""
    return {suit: [card_id(rank, suit) for rank in range(NUM_TRICKS - 1, -1, -1) if mask >> card_id(rank, suit) & 1]
            for suit in DISPLAY_SUITS}


@dataclass(frozen=True)
class Session:
    """Where a Chicago session stands: this deal's number, each side's points and part-scores."""

    deal: int
    """This deal's number in the session (a deal passed out is dealt again under the same number)."""
    deals: int
    """Deals in the session (four)."""
    points: tuple[float, float]
    """North-South's and East-West's points so far (this deal's too once it is over)."""
    partscores: tuple[int, int]
    """Their part-scores towards game."""


def session_of(match: Any, state: Any) -> Session | None:
    """The Chicago standing, read from ``match``'s series; None for a duplicate deal or where the
    match keeps no series (a room's view of one)."""
    params = getattr(match, "params", None) or {}
    standing = getattr(match, "standing", None)
    series = getattr(match, "series", None)
    if params.get("scoring") != "chicago" or standing is None or series is None:
        return None
    counted = state.is_terminal and not state.passed_out
    parts = standing.facts.get("partscores", (0, 0))
    return Session(standing.deals + (0 if counted else 1), int(series.target.value),
                   (standing.scores[0], standing.scores[1]), (int(parts[0]), int(parts[1])))


@dataclass(frozen=True)
class Analysis:
    """The double-dummy analysis of a finished deal: tricks[declarer][strain], and par."""

    tricks: tuple[tuple[int, ...], ...] = ()
    """Tricks the declarer's side takes, ``tricks[declarer][strain]`` (strains C D H S NT)."""
    par_score: int = 0
    """Par for North-South (negative: East-West score)."""
    par_contracts: tuple[str, ...] = ()
    """The par contracts as the table writes them: '4♠= NS', '5♦X-2 EW'."""
    note: str = ""
    """'Working it out...' while it runs, or why it failed (then there is no table)."""


@dataclass
class Marks:
    """What the table marks beside the state: the hand played from now and its choices."""

    you: int | None = None
    """The seat shown (None: a spectator's view)."""
    active: int | None = None
    """The hand a card is chosen from now (the dummy's when the declarer plays it), if a person chooses."""
    playable: frozenset[int] = frozenset()
    cursor: int | None = None
    hinted: int | None = None
    session: Session | None = None
    analysis: Analysis | None = None


# ----- the table ----------------------------------------------------------------------------------------
class BridgeTable(Widget):
    """The four hands, the auction box, the trick and the facts of the deal on one 50 x 15 canvas; a
    click on a card posts :class:`BridgeTable.Clicked`."""

    DEFAULT_CSS = f"BridgeTable {{ width: {TABLE_WIDTH}; height: {TABLE_HEIGHT}; }}"

    @dataclass
    class Clicked(Message):
        """A card of a hand shown face up was clicked."""

        card: int

    def __init__(self, glyphs: Glyphs = UNICODE, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._lines: list[Content] = []
        self._cards_at: dict[tuple[int, int], int] = {}

    def show(self, state: Any, marks: Marks) -> None:
        """Draw ``state`` (as the shown seat sees it) with ``marks``."""
        canvas = Canvas(TABLE_WIDTH, TABLE_HEIGHT)
        self._cards_at = {}
        for seat in range(4):
            self._hand(canvas, state, marks, seat)
        self._facts(canvas, state)
        self._auction(canvas, state)
        if marks.analysis is not None and state.is_terminal:
            self._analysis(canvas, marks.analysis)
        else:
            self._trick(canvas, state)
        self._session(canvas, marks.session)
        self._corner(canvas, state, marks.analysis)
        self._lines = canvas.lines()
        self.refresh()

    def render(self) -> Content:
        """The canvas drawn by :meth:`show`."""
        return Content("\n").join(self._lines)

    def text(self) -> str:
        """The table as plain text (tests)."""
        return "\n".join(line.plain.rstrip() for line in self._lines)

    def position_of(self, card: int) -> tuple[int, int] | None:
        """Where ``card`` is drawn in a face-up hand (column, row), if it is."""
        return next((place for place, shown in self._cards_at.items() if shown == card), None)

    def on_click(self, event: events.Click) -> None:
        """A click on a card of a face-up hand."""
        offset = event.get_content_offset(self)
        card = self._cards_at.get((offset.x, offset.y)) if offset is not None else None
        if card is not None:
            event.stop()
            self.post_message(self.Clicked(card))

    # ----- the parts --------------------------------------------------------------------------------------
    def _label(self, state: Any, marks: Marks, seat: int) -> Content:
        turn = state.seat_to_play == seat and not state.is_terminal
        role = "dummy" if seat == state.dummy and state.phase != "auction" else (
            "you" if seat == marks.you else "")
        name = SEAT_NAMES[seat] + (f" ({role})" if role else "")
        mark = LOOK.glyph("turn", self.glyphs) if turn else " "
        return Content.assemble((mark, TURN), (name, TURN if turn else "bold"))

    def _hand(self, canvas: Canvas, state: Any, marks: Marks, seat: int) -> None:
        x, y = HAND_AT[seat]
        canvas.put(x, y, self._label(state, marks, seat))
        mask = state.dealt_mask(seat) if state.is_terminal else state.hand_mask(seat)
        if mask is None:
            count = state.hand_size(seat)
            canvas.put(x + 1, y + 1, self.glyphs.card_back * count, "dim")
            canvas.put(x + 1, y + 2, f"{count} card{'s' * (count != 1)}", "dim")
            return
        choosing = seat == marks.active
        for row, (suit, cards) in enumerate(cards_by_suit(mask).items(), start=1):
            parts: list[Content] = [Content.styled(suit_mark(suit, self.glyphs) + " ", ink(suit))]
            if not cards:
                parts.append(Content.styled(LOOK.glyph("void", self.glyphs), "dim"))
            for column, card in enumerate(cards):
                style = ink(suit)
                if choosing:
                    style += " bold" if card in marks.playable else " dim"
                    if card == marks.cursor:
                        style += " reverse"
                if card == marks.hinted:
                    style += " underline"
                parts.append(Content.styled(RANKS[card_rank(card)], style))
                self._cards_at[(x + 3 + column, y + row)] = card
            canvas.put(x + 1, y + row, Content.assemble(*parts))

    def _facts(self, canvas: Canvas, state: Any) -> None:
        canvas.put(0, 0, Content.assemble(("Dealer ", "dim"), SEAT_NAMES[state.dealer]))
        canvas.put(0, 1, Content.assemble(("Vul ", "dim"), VULNERABLE_TEXT[state.vulnerability]))
        if state.phase == "auction":
            canvas.put(0, 2, "Bidding", "italic")
            return
        if state.passed_out:
            canvas.put(0, 2, "Passed out", "bold")
            return
        canvas.put(0, 2, contract_text(state.contract, self.glyphs), "bold")
        ns, ew = state.tricks
        canvas.put(0, 3, f"{'':6}{'NS':>4}{'EW':>4}", "dim")
        canvas.put(0, 4, Content.assemble(("Tricks", "dim"), f"{ns:>4}{ew:>4}"))

    def _auction(self, canvas: Canvas, state: Any) -> None:
        x, y = AUCTION_AT
        canvas.put(x, y, "".join(f"{SEATS[seat]:<{AUCTION_CELL}}" for seat in AUCTION_COLUMNS).rstrip(), "dim")
        first = AUCTION_COLUMNS.index(state.dealer)
        calls = list(state.auction_actions)
        cells = [call_content(call, self.glyphs) for call in calls]
        if state.phase == "auction" and state.seat_to_play is not None:
            cells.append(Content.styled("?", TURN))
        places = [first + index for index in range(len(cells))]
        rounds = (places[-1] // 4 + 1) if places else 0
        top = max(0, rounds - AUCTION_ROWS)
        for cell, place in zip(cells, places):
            row = place // 4 - top
            if row >= 0:
                canvas.put(x + (place % 4) * AUCTION_CELL, y + 1 + row, cell)

    def _trick(self, canvas: Canvas, state: Any) -> None:
        for seat, name in state.current_trick:
            card = _card_of(name)
            column, row = TRICK_AT[seat]
            canvas.put(column, row, Content.styled(card_text(card, self.glyphs), f"{ink(card_suit(card))} bold"))

    def _analysis(self, canvas: Canvas, analysis: Analysis) -> None:
        x, y = SIDE + 1, HAND_AT[3][1]
        if not analysis.tricks:
            canvas.put(SIDE + 1, y + 2, analysis.note[:TABLE_WIDTH - 2 * SIDE - 2], "italic")
            return
        head = [Content.styled("DD", "dim")]
        head += [Content.styled(f"{strain_mark(strain, self.glyphs):>3}", ink(strain))
                 for strain in range(NUM_STRAINS)]
        canvas.put(x, y, Content.assemble(*head))
        for row, seat in enumerate((0, 2, 1, 3), start=1):
            canvas.put(x, y + row, Content.assemble((f"{SEATS[seat]:<2}", "bold"),
                                                    "".join(f"{n:>3}" for n in analysis.tricks[seat])))

    def _session(self, canvas: Canvas, session: Session | None) -> None:
        y = HAND_AT[2][1]
        if session is None:
            canvas.put(0, y, "Duplicate", "dim")
            return
        canvas.put(0, y, f"Chicago {session.deal} of {session.deals}", "dim")
        canvas.put(0, y + 1, f"{'':6}{'NS':>4}{'EW':>5}", "dim")
        canvas.put(0, y + 2, Content.assemble(("Score", "dim"), f"{session.points[0]:>5g}{session.points[1]:>5g}"))
        canvas.put(0, y + 3, Content.assemble(("Part", "dim"), f"{session.partscores[0]:>6}{session.partscores[1]:>5}"))

    def _corner(self, canvas: Canvas, state: Any, analysis: Analysis | None) -> None:
        x, y = AUCTION_AT[0], HAND_AT[2][1]
        if state.is_terminal:
            canvas.put(x, y, "Result", "dim")
            if state.passed_out:
                canvas.put(x, y + 1, "Passed out", "bold")
            else:
                made = contract_text(state.result.split(" ")[0], self.glyphs)
                side = "NS" if state.declarer % 2 == 0 else "EW"
                canvas.put(x, y + 1, f"{made} by {SEATS[state.declarer]}", "bold")
                canvas.put(x, y + 2, f"{side} {state.score:+d}", "bold")
            if analysis is not None and analysis.tricks:
                canvas.put(x, y + 3, Content.assemble(("Par ", "dim"), ("NS " if analysis.par_score >= 0 else "EW ")
                                                      + f"{abs(analysis.par_score):+d}"))
                canvas.put(x, y + 4, ", ".join(analysis.par_contracts) or "pass it out")
            return
        last = state.last_trick
        if state.phase == "play" and last:
            winner = state.trick_winners[-1]
            canvas.put(x, y, Content.assemble(("Last trick to ", "dim"), SEATS[winner]))
            pieces: list[Content | str] = []
            for seat, name in last:
                card = _card_of(name)
                pieces += [" " if pieces else "", SEATS[seat],
                           Content.styled(card_text(card, self.glyphs), ink(card_suit(card)))]
            canvas.put(x, y + 1, Content.assemble(*pieces))


def _card_of(name: str) -> int:
    """The card id of a card's name ('SA')."""
    return card_id(RANKS.index(name[1]), SUITS.index(name[0]))


# ----- the bidding box ------------------------------------------------------------------------------------
class BidBox(Widget):
    """The bidding box: levels 1-7, then the strains; a click posts :class:`BidBox.Picked`. A level or
    strain that makes no legal bid now is a dot."""

    DEFAULT_CSS = "BidBox { width: auto; height: 1; text-wrap: nowrap; }"

    @dataclass
    class Picked(Message):
        """A level (``strain`` None) or a strain (``level`` None) was clicked."""

        level: int | None
        strain: int | None

    def __init__(self, glyphs: Glyphs = UNICODE, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._legal: frozenset[int] = frozenset()
        self._level: int | None = None
        self._hinted: int | None = None
        self._spans: list[tuple[int, int, int | None, int | None]] = []

    def show(self, legal: frozenset[int], level: int | None, hinted: int | None) -> None:
        """Show the box for the legal bids ``legal`` with ``level`` chosen."""
        self._legal, self._level, self._hinted = legal, level, hinted
        self.refresh(layout=True)

    def _pieces(self) -> list[tuple[Content, int | None, int | None]]:
        pieces: list[tuple[Content, int | None, int | None]] = [(Content.styled("Bid ", "dim"), None, None)]
        hinted_level = bid_level(self._hinted) if self._hinted is not None and self._hinted in self._legal else None
        for level in range(1, NUM_LEVELS + 1):
            if not any(bid_action(level, strain) in self._legal for strain in range(NUM_STRAINS)):
                pieces.append((Content.styled(self.glyphs.empty, "dim"), None, None))
            else:
                style = "bold reverse" if level == self._level else "bold"
                pieces.append((Content.styled(str(level), style + (" underline" if level == hinted_level else "")),
                               level, None))
            pieces.append((Content(" "), None, None))
        pieces.append((Content(" "), None, None))
        for strain in range(NUM_STRAINS):
            bid = bid_action(self._level, strain) if self._level is not None else None
            mark = strain_mark(strain, self.glyphs)
            if bid is None:
                pieces.append((Content.styled(mark, f"{ink(strain)} dim"), None, strain))
            elif bid in self._legal:
                style = f"{ink(strain)} bold" + (" underline" if bid == self._hinted else "")
                pieces.append((Content.styled(mark, style), None, strain))
            else:
                pieces.append((Content.styled(self.glyphs.empty * len(mark), "dim"), None, None))
            pieces.append((Content(" "), None, None))
        return pieces

    def render(self) -> Content:
        """The box on one line."""
        self._spans = []
        column = 0
        parts = []
        for content, level, strain in self._pieces():
            if level is not None or strain is not None:
                self._spans.append((column, column + content.cell_length, level, strain))
            column += content.cell_length
            parts.append(content)
        return Content.assemble(*parts)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """As wide as its line."""
        return sum(content.cell_length for content, _, _ in self._pieces())

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line."""
        return 1

    def position_of(self, level: int | None = None, strain: int | None = None) -> int | None:
        """The column of a level's or a strain's mark (tests)."""
        self.render()
        return next((start for start, _, lv, st in self._spans if (lv, st) == (level, strain)), None)

    def on_click(self, event: events.Click) -> None:
        """A click on a level or a strain."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for start, end, level, strain in self._spans:
            if start <= offset.x < end:
                event.stop()
                self.post_message(self.Picked(level, strain))
                return


# ----- the view -------------------------------------------------------------------------------------------
class BridgeView(ActionBarKeys, GameView):
    """Draws the table (:class:`BridgeTable`), the prompt, and in the auction the bidding box and the
    Pass / X / XX buttons; turns keys and clicks into calls and cards."""

    KEYS_HELP = """\
- **The auction**: a level **1-7**, then a strain **c d h s** or **n** (no trumps): `1` `n` bids 1NT,
  `4` `s` bids 4♠ (or click the level, then the strain, in the bidding box); **p** passes, **x**
  doubles, or redoubles when that is the call open to you; **Backspace** clears the level.
- **The play**: a suit key **s h d c**, then the rank (`2`-`9`, `t`, `j`, `q`, `k`, `a`) plays that
  card: `s` `q` is the ♠Q; or move along the hand with **Left/Right** (**Up/Down**: the next suit) and
  play with **Enter** or **Space**; or click the card. When the dummy's card is due, the declarer
  plays it from the dummy.
- **d** once a deal is over: the double-dummy table (the tricks each declarer takes in each strain
  with best play all round) and par; **d** again hides it.
"""

    BINDINGS = [
        *[Binding(str(level), f"level({level})", f"Level {level}", show=False) for level in range(1, NUM_LEVELS + 1)],
        *[Binding(key, f"suit({strain})", name, show=False)
          for strain, (key, name) in enumerate(zip(STRAIN_KEYS, ("Clubs", "Diamonds", "Hearts", "Spades")))],
        Binding("n", "letter('n')", "No trumps", show=False),
        Binding("p", "letter('p')", "Pass", show=False),
        Binding("x", "letter('x')", "Double or redouble", show=False),
        Binding("left", "step(-1)", "Previous card", show=False),
        Binding("right", "step(1)", "Next card", show=False),
        Binding("up", "suit_step(-1)", "Suit above", show=False),
        Binding("down", "suit_step(1)", "Suit below", show=False),
        Binding("enter,space", "play", "Play the card", show=False),
        Binding("backspace", "clear", "Clear the level", show=False),
        Binding("d", "double_dummy", "Double dummy"),
    ]

    DEFAULT_CSS = """
    BridgeView { layout: vertical; align: center top; }
    BridgeView #bridge-prompt { width: %d; height: 1; color: $text-accent; text-wrap: nowrap; text-overflow: ellipsis; }
    BridgeView #bridge-bidding { width: %d; height: auto; }
    BridgeView #bridge-calls { width: 1fr; }
    """ % (TABLE_WIDTH, TABLE_WIDTH)

    def __init__(self, glyphs: Glyphs = UNICODE, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.table = BridgeTable(glyphs, id="bridge-table")
        self.box = BidBox(glyphs, id="bridge-box")
        self.actions = ActionBar(id="bridge-calls")
        self._level: int | None = None
        self._suit: int | None = None
        self._cursor: int | None = None
        self._position: tuple[int, int] | None = None
        self._hint_shown: int | None = None
        self._analysis: Analysis | None = None
        self._analysis_of: tuple | None = None
        self._analysis_shown = False
        self._shown: Any = None

    def compose(self) -> ComposeResult:
        """The table, the prompt, the bidding box and the call buttons."""
        yield self.table
        yield Static(id="bridge-prompt")
        with Horizontal(id="bridge-bidding"):
            yield self.box
            yield self.actions

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Draw with another glyph set."""
        self.table.glyphs = glyphs
        self.box.glyphs = glyphs
        super().set_glyphs(glyphs)

    def move_name(self, action: int) -> str:
        """'♥A' for a card, 'Pass', 'X', '1♥', '3NT' for a call ('HA', '1H' in ASCII mode)."""
        if 0 <= action < NUM_CARDS:
            return card_text(action, self.glyphs)
        return call_text(action, self.glyphs)

    def log_lines(self, match: Any, moves_only: bool = False) -> list[str]:
        """The log as the game screen gives it, with the dummy's cards under the dummy's name ("West
        (dummy): ♥4") though the declarer played them."""
        lines = super().log_lines(match, moves_only)
        state = self.state
        dummy = state.dummy
        mask = state.dealt_mask(dummy) if dummy is not None else None
        if mask is None:
            return lines
        spec = match.spec
        declarer = f"{spec.seat_name(state.declarer)}: "
        dummy_cards = {self.move_name(card) for card in range(NUM_CARDS) if (mask >> card) & 1}
        return [f"{spec.seat_name(dummy)} (dummy): {line[len(declarer):]}"
                if line.startswith(declarer) and line[len(declarer):] in dummy_cards else line for line in lines]

    # ----- what is on now -----------------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat shown (None: a spectator's view)."""
        return self.match.observer_seat if self.match is not None else None

    def _choosing(self) -> str:
        """'call' or 'card' when a person at this screen chooses now, else ''."""
        if self.match is None or not self.match.human_to_move or self.match.is_over:
            return ""
        return "call" if self.match.state.phase == "auction" else "card"

    def _active_cards(self) -> list[int]:
        """The cards of the hand a card is chosen from now, in the order drawn."""
        state = self._shown
        if state is None or self._choosing() != "card":
            return []
        mask = state.hand_mask(state.seat_to_play)
        return [card for cards in cards_by_suit(mask or 0).values() for card in cards]

    def _playable(self) -> list[int]:
        legal = set(self.legal())
        return [card for card in self._active_cards() if card in legal]

    # ----- drawing ------------------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw the table, the prompt and, when a person calls, the bidding box and buttons."""
        state = self._shown = self.state
        position = (getattr(self.match, "deal_number", 1), len(state.history))
        if position != self._position:
            self._position = position
            self._level = self._suit = None
            self._hint_shown = None
        if not state.is_terminal:
            self._analysis_shown = False
        choosing = self._choosing()
        legal = set(self.legal()) if choosing else set()
        playable = self._playable()
        self._place_cursor(playable)
        marks = Marks(you=self.seat, active=state.seat_to_play if choosing == "card" else None,
                      playable=frozenset(playable), cursor=self._cursor, hinted=self.hinted,
                      session=session_of(self.match, state),
                      analysis=self._analysis if self._analysis_shown else None)
        self.table.show(state, marks)
        self.query_one("#bridge-prompt", Static).update(self._prompt(state, choosing, legal))
        bidding = choosing == "call"
        self.query_one("#bridge-bidding").display = bidding
        if bidding:
            self.box.show(frozenset(a for a in legal if a >= BID_BASE), self._level, self.hinted)
        self.actions.show(self._call_buttons(legal) if bidding else [], hinted=self.hinted)

    def _place_cursor(self, playable: list[int]) -> None:
        hinted = self.hinted
        if hinted is not None and hinted != self._hint_shown and hinted in playable:
            self._hint_shown = hinted
            self._cursor = hinted
        if self._cursor not in playable:
            self._cursor = playable[0] if playable else None

    def _call_buttons(self, legal: set[int]) -> list[tuple[int, str]]:
        buttons = [(PASS, "p Pass")] if PASS in legal else []
        buttons += [(call, f"x {'X' * (call - PASS)}") for call in (DOUBLE, REDOUBLE) if call in legal]
        return buttons

    def _prompt(self, state: Any, choosing: str, legal: set[int]) -> Content:
        name = self.match.spec.seat_name
        if state.is_terminal:
            if self._analysis_shown and self._analysis is not None and self._analysis.tricks:
                return Content("Double dummy: tricks by declarer · d hides")
            return Content("Deal over · d: the double-dummy table and par")
        if choosing == "call":
            if self._level is not None:
                return Content(f"Level {self._level}: now the strain, c d h s or n (NT)")
            parts = ["1-7 then c d h s n"] if any(a >= BID_BASE for a in legal) else []
            parts.append("p pass")
            parts += [word for call, word in ((DOUBLE, "x double"), (REDOUBLE, "x redouble")) if call in legal]
            return Content("Your call: " + ", ".join(parts))
        if choosing == "card":
            if self._suit is not None:
                return Content.assemble(suit_mark(self._suit, self.glyphs), ": now the rank, 2-9 t j q k a")
            source = "Your card" if state.seat_to_play == state.current_player else "From dummy"
            return Content(f"{source}: suit + rank, arrows + Enter, click")
        if state.phase == "auction":
            return Content.styled(f"{name(state.current_player)} to call", "dim")
        if state.seat_to_play != state.current_player:
            return Content.styled(f"{name(state.current_player)} to play from the dummy", "dim")
        return Content.styled(f"{name(state.current_player)} to play", "dim")

    # ----- keys ------------------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each key only where it does something now; otherwise it falls through to the game screen."""
        if action == "double_dummy":
            return self.match is not None and self.match.is_over
        if action in ("level", "suit", "step", "suit_step", "play", "clear"):
            choosing = self._choosing()
            if action == "level":
                return choosing == "call" and self._bids_at(int(parameters[0]))
            if action == "suit":
                return choosing != ""
            if action == "clear":
                return choosing != "" and (self._level is not None or self._suit is not None)
            return choosing == "card"
        return super().check_action(action, parameters)

    def _bids_at(self, level: int) -> bool:
        legal = set(self.legal())
        return any(bid_action(level, strain) in legal for strain in range(NUM_STRAINS))

    def _letter_action(self, key: str) -> int | None:
        """p: pass; x: double, or redouble (never both open at once); n: no trumps at the level chosen
        (else n is the game screen's, the next deal's)."""
        if self._choosing() != "call":
            return None
        legal = set(self.legal())
        calls = {"p": (PASS,), "x": (DOUBLE, REDOUBLE)}.get(key, ())
        if key == "n" and self._level is not None:
            calls = (bid_action(self._level, NUM_STRAINS - 1),)
        return next((call for call in calls if call in legal), None)

    def action_level(self, level: int) -> None:
        """Choose the level of a bid."""
        self._level = level
        self.redraw()

    def action_suit(self, strain: int) -> None:
        """In the auction: bid the strain at the level chosen; in the play: go to the suit, whose rank
        key plays its card."""
        if self._choosing() == "call":
            self._bid(strain)
            return
        self._suit = strain
        suit = [card for card in self._playable() if card_suit(card) == strain]
        if suit:
            self._cursor = suit[0]
        self.redraw()

    def _bid(self, strain: int) -> None:
        if self._level is None:
            self.notify("Choose the level first (1-7), then the strain.", severity="warning", timeout=3)
            return
        bid = bid_action(self._level, strain)
        if bid not in self.legal():
            self.notify(f"{call_text(bid, self.glyphs)} is not higher than the last bid.", severity="warning",
                        timeout=3)
            return
        self._level = None
        self.choose(bid)

    def action_step(self, delta: int) -> None:
        """Move the cursor along the playable cards."""
        playable = self._playable()
        if playable:
            index = playable.index(self._cursor) if self._cursor in playable else 0
            self._cursor = playable[max(0, min(len(playable) - 1, index + delta))]
            self._suit = None
            self.redraw()

    def action_suit_step(self, delta: int) -> None:
        """Move the cursor to the next suit (with a playable card) above or below."""
        playable = self._playable()
        if not playable or self._cursor not in playable:
            return
        suits = list(dict.fromkeys(card_suit(card) for card in playable))
        index = suits.index(card_suit(self._cursor)) + delta
        if 0 <= index < len(suits):
            self._cursor = next(card for card in playable if card_suit(card) == suits[index])
            self._suit = None
            self.redraw()

    def action_play(self) -> None:
        """Play the card under the cursor."""
        if self._cursor is not None:
            self._suit = None
            self.choose(self._cursor)

    def action_clear(self) -> None:
        """Forget the level (or suit) chosen."""
        self._level = self._suit = None
        self.redraw()

    def on_key(self, event: events.Key) -> None:
        """In the play, a suit key, then a rank key plays that card (t and q included, which the game
        screen would otherwise take for its hint and quit). Both are read here, in the order typed: a
        binding would run only once the key has gone up to the app, after a rank typed fast behind it."""
        char = event.character or ""
        if len(char) != 1 or self._choosing() != "card":
            return
        suit = self._suit
        rank = RANK_KEYS.get(char.upper())
        if char in STRAIN_KEYS[:4]:
            event.stop()
            event.prevent_default()
            self.action_suit(STRAIN_KEYS.index(char))
            return
        if suit is None or rank is None:
            return
        event.stop()
        event.prevent_default()
        self._suit = None
        card = card_id(rank, suit)
        if card in self._active_cards():
            self.choose(card)
        else:
            self.notify(f"No {card_text(card, self.glyphs)} in that hand.", severity="warning", timeout=3)
            self.redraw()

    # ----- clicks ----------------------------------------------------------------------------------------------
    def on_bridge_table_clicked(self, message: BridgeTable.Clicked) -> None:
        """A clicked card is played when a person chooses a card now (the game says why one may not)."""
        message.stop()
        if self._choosing() == "card":
            self._suit = None
            self.choose(message.card)

    def on_bid_box_picked(self, message: BidBox.Picked) -> None:
        """A clicked level is chosen; a clicked strain bids at that level."""
        message.stop()
        if self._choosing() != "call":
            return
        if message.level is not None:
            self.action_level(message.level)
        elif message.strain is not None:
            self._bid(message.strain)

    # ----- the double-dummy analysis ---------------------------------------------------------------------------
    def action_double_dummy(self) -> None:
        """Show (or hide) the double-dummy table and par of the finished deal, worked out in a thread."""
        state = self.state
        if not state.is_terminal:
            return
        hands = tuple(tuple(card for cards in cards_by_suit(state.dealt_mask(seat) or 0).values() for card in cards)
                      for seat in range(4))
        key = (hands, state.vulnerability, state.dealer)
        if key == self._analysis_of:
            self._analysis_shown = not self._analysis_shown
        else:
            self._analysis_of = key
            self._analysis = Analysis(note="Working it out...")
            self._analysis_shown = True
            self.run_worker(lambda: self._analyse(key), thread=True, group="bridge-dd", exclusive=True,
                            exit_on_error=False)
        self.redraw()

    def _analyse(self, key: tuple) -> None:
        """DDS's table and par of the deal ``key`` names (in a worker thread)."""
        hands, vulnerability, dealer = key
        try:
            from tui_games.games.bridge.double_dummy import dd_table, par

            table = dd_table(hands)
            found = par(table, vulnerability, dealer)
            contracts = tuple(contract_text(f"{c.level}{STRAINS[c.strain]}{'X' * c.doubled}"
                                            f"{'=' if c.result == 0 else f'{c.result:+d}'} {c.declarers}", self.glyphs)
                              for c in found.contracts)
            analysis = Analysis(table, found.score, contracts)
        except Exception as error:  # endplay missing or DDS failing: say so on the table
            analysis = Analysis(note=f"No analysis: {error}")
        try:
            self.app.call_from_thread(self._analysed, key, analysis)
        except RuntimeError:
            pass  # the app has closed

    def _analysed(self, key: tuple, analysis: Analysis) -> None:
        if key == self._analysis_of and self.is_attached:
            self._analysis = analysis
            if self.match is not None:
                self.redraw()

    @property
    def analysis(self) -> Analysis | None:
        """The double-dummy analysis of the finished deal, once worked out (None before)."""
        return self._analysis


__all__ = ["Analysis", "BidBox", "BridgeTable", "BridgeView", "Marks", "Session", "call_text", "card_text",
           "contract_text", "session_of"]

"""Mahjong view: the round, the sticks, the wall and the dora indicators; each seat's wind, points,
riichi and melds over its pond; the shown seat's hand with the drawn tile set apart; the calls and
declarations as buttons; and at the end of a hand what it came to.

Tiles are drawn by the shared tile widgets (:mod:`tui_games.ui.widgets.tiles` and ``tile_rack``):
``5萬 5筒 5索 東 白`` with the Unicode glyphs, ``5m 5p 5s E Wh`` in ASCII; a red five is inked red and
written ``⑤`` (``0`` in ASCII), a dora is lit and underlined, so neither rests on colour alone. In a
pond a riichi discard is reversed and marked ``▸``, a tile called away marked ``×`` (``*``) and
dimmed, a tile discarded as drawn dimmed; in a meld the called tile is reversed, on the side of the
seat it came from, and that seat's mark follows the meld. Where the view has room the hand's tiles
stand tall (framed, the number over the suit). The view reads the state's public accessors and action
names; the action numbers come from ``constants.py``.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from tui_games.core.players import SIMULTANEOUS
from tui_games.games.mahjong.constants import (CHI, DISCARD, KAN, NINE_TERMINALS, PASS, PON, RED_TYPE, RIICHI, RON,
                                               TSUMO)
from tui_games.games.mahjong.tiles import HONORS, is_red, kind_name, kind_of, parse, parse_kind
from tui_games.games.mahjong.yaku import AKA_DORA, DORA, HAN_CLOSED, HAN_OPEN, NAMES, URA_DORA, yaku_list
from tui_games.ui.action_keys import ActionBarKeys
from tui_games.ui.game_view import GameView
from tui_games.ui.looks import look_of_package
from tui_games.ui.seat_marks import seat_mark
from tui_games.ui.widgets.action_bar import ActionBar
from tui_games.ui.widgets.tile_rack import TileRack
from tui_games.ui.widgets.tiles import Tile, TileGroup, TileStrip

LOOK = look_of_package(__package__)
"""The game's own colours and glyphs (:mod:`.look`)."""
SEATS = 4
"""Seats at the table."""
POND_RUN = 6
"""A pond wraps after a multiple of six tiles, as a table lays discards in rows of six."""
TALL_FROM = (64, 30)
"""The view's least width and height at which the hand's tiles are drawn tall (framed, two lines of
face): a 120x40 terminal has room, 80x24 has not."""
RIICHI_BUTTON = -1
"""The riichi button's number: it picks no action itself, it makes the next discard a riichi."""
CHI_KEYS = "cvb"
"""The keys of the chi buttons, in order (a discard may be chied three ways)."""
KAN_KEYS = "kjg"
"""The keys of the kan buttons, in order."""
KEYS = {TSUMO: "w", RON: "w", PON: "p", PASS: "x", NINE_TERMINALS: "d"}
"""The key (and button letter) of each action that is no tile; chi and kan options take the letters
of :data:`CHI_KEYS` and :data:`KAN_KEYS` in order."""
WORDS = {TSUMO: "Tsumo", RON: "Ron", PON: "Pon", PASS: "Pass", NINE_TERMINALS: "Nine terminals"}
"""The buttons' words for those actions."""
DORA_BITS = (DORA, URA_DORA, AKA_DORA)
"""The yaku numbers of dora, ura dora and red fives: counted together on the result's yaku line."""


# ----- tiles -----------------------------------------------------------------------------------------
def dora_kind(indicator: int) -> int:
    """The kind an indicator of kind ``indicator`` makes dora: the next number of its suit (9 -> 1),
    the next wind (north -> east), the next dragon (red -> white)."""
    if indicator < HONORS:
        suit, rank = divmod(indicator, 9)
        return suit * 9 + (rank + 1) % 9
    if indicator < HONORS + 4:
        return HONORS + (indicator - HONORS + 1) % 4
    return HONORS + 4 + (indicator - HONORS - 4 + 1) % 3


def ink(kind: int, red: bool) -> str:
    """A tile's ink: red fives and the red dragon red, dots blue, bamboo and the green dragon green."""
    if red or kind == HONORS + 6:
        return "red"
    if 9 <= kind < 18 or kind == HONORS + 4:
        return "blue"
    if 18 <= kind < 27 or kind == HONORS + 5:
        return "green"
    return "black"


class TileFaces:
    """Tiles of the notation as the widgets draw them, in one glyph set, with the dora kinds lit."""

    def __init__(self, glyphs, dora: set[int]) -> None:
        self.glyphs = glyphs
        self.dora = dora
        self.unicode = glyphs.name != "ascii"

    @property
    def width(self) -> int:
        """Cells of a face: '5萬' is three, '5m' two."""
        return 3 if self.unicode else 2

    def face(self, kind: int, red: bool = False) -> str:
        """'5萬' ('⑤萬' red), '東'; ASCII '5m' ('0m' red), 'E', 'Wh'."""
        text = kind_name(kind, self.unicode, red)
        if red and self.unicode:
            text = LOOK.glyph("red-five", self.glyphs) + text[1:]
        return text

    def tile(self, kind: int, red: bool = False, **flags) -> Tile:
        """The widget's tile of one kind (its tall face: the number over the suit, or the honour)."""
        face = self.face(kind, red)
        tall = (face, "") if kind >= HONORS else (face[0], face[1:])
        return Tile(face, ink(kind, red), lit=kind in self.dora, tall=tall, **flags)

    def of(self, text: str, **flags) -> Tile:
        """The tile written ``text`` in the notation ('5m', '0p', '7z')."""
        kind, red = parse_kind(text)
        return self.tile(kind, red, **flags)

    def many(self, text: str) -> list[tuple[int, bool]]:
        """(kind, red) of each tile written in ``text``, in order."""
        return [(kind_of(tile), is_red(tile)) for tile in parse(text)] if text else []


TILE_COLOURS = {
    "face": "background: $mahjong-tile; color: $mahjong-ink;",
    "ink-black": "color: $mahjong-ink;",
    "ink-blue": "color: $mahjong-dots;",
    "ink-green": "color: $mahjong-bamboo;",
    "ink-red": "color: $mahjong-red;",
    "lit": "background: $mahjong-dora;",
    "back": "background: $mahjong-back; color: $mahjong-tile;",
    "mark": "color: $mahjong-mark;",
}
"""The tile widgets' classes in the game's own colours (:mod:`.look`)."""


def tile_colours_css() -> str:
    """CSS giving the tile widgets of the view the game's colours."""
    return "\n".join(f"MahjongView TileStrip > .tiles--{name}, MahjongView TileRack > .tiles--{name} {{ {rule} }}"
                     for name, rule in TILE_COLOURS.items())


def tile_type(kind: int, red: bool) -> int:
    """The rules' tile type of a tile: its kind, or the red five's type."""
    return RED_TYPE + kind // 9 if red else kind


def meld_group(meld, owner: int, faces: TileFaces, note: str) -> TileGroup:
    """A meld as the table shows it: a closed kan with its ends face down; a called meld with the called
    tile reversed on the side of the seat it came from (left: the seat before, middle: across, right:
    the seat after), ``note`` (that seat's mark) after it."""
    tiles = faces.many(meld.tiles)
    if meld.called is None:
        drawn = [faces.tile(kind, red) for kind, red in tiles]
        return TileGroup(tuple([Tile(drawn[0].face, down=True)] + drawn[1:-1] + [Tile(drawn[-1].face, down=True)]),
                         packed=True)
    called = parse_kind(meld.called)
    rest = list(tiles)
    if called in rest:
        rest.remove(called)
    else:
        rest.pop()
    side = (meld.from_seat - owner) % SEATS
    place = {3: 0, 2: 1}.get(side, len(rest))
    shown = [faces.tile(kind, red) for kind, red in rest]
    shown.insert(place, faces.tile(*called, turned=True))
    return TileGroup(tuple(shown), packed=True, note=note)


class MahjongView(ActionBarKeys, GameView):
    """Draws the table's facts (``round_wind``, ``hand_number``, ``honba``, ``riichi_sticks``,
    ``wall_left``, ``dora_indicators``), each seat's ``seat_wind``, ``scores``, ``in_riichi``,
    ``melds`` and ``pond``, the shown seat's ``hand`` with the ``drawn`` tile apart in a
    :class:`TileRack`, and once the hand is over its ``winners``, ``yaku``, ``han``, ``fu``, ``tenpai``
    and each seat's ``returns``."""

    KEYS_HELP = """\
- **Left/Right** (or **h**/**l**) move along your hand, **1-9** and **0** jump to the first ten tiles,
  **Shift+A..P** to the tile of that letter (shown under each tile; E and N are skipped: they name
  winds); **Enter** or **Space** discards the tile lifted out of the row; **click** a tile to discard it.
- **r** riichi: then pick the tile to discard as above (only tiles that keep the hand ready are bright);
  **r** again (or Esc) takes it back.
- **w** tsumo (on your turn) or ron (on a discard); **p** pon; **c**, **v**, **b** the chi buttons in order;
  **k**, **j**, **g** the kan buttons in order; **x** pass; **d** draw the hand with nine terminals. Each
  button shows its key; click it too.
- In a pond `▸` (ASCII `>`) marks a riichi discard (also reversed), `×` (ASCII `*`) a tile called away;
  dim tiles were discarded as drawn. In a meld the reversed tile was called, from the seat whose mark
  follows the meld. Dora are lit and underlined; a red five reads `⑤` (`0m` in ASCII).
"""

    BINDINGS = [
        Binding("r", "riichi", "Riichi", show=False),
        Binding("w", "letter('w')", "Tsumo or ron", show=False),
        Binding("p", "letter('p')", "Pon", show=False),
        *[Binding(key, f"letter('{key}')", "Chi", show=False) for key in CHI_KEYS],
        *[Binding(key, f"letter('{key}')", "Kan", show=False) for key in KAN_KEYS],
        Binding("x", "letter('x')", "Pass", show=False),
        Binding("d", "letter('d')", "Draw nine terminals", show=False),
        *TileRack.relayed_bindings(),
    ]

    DEFAULT_CSS = """
    MahjongView { layout: vertical; padding: 0 1; }
    MahjongView #mj-table { height: 1fr; }
    MahjongView #mj-result { height: auto; display: none; }
    MahjongView #mj-result.-shown { display: block; }
    MahjongView #mj-prompt { height: 1; color: $text-accent; text-wrap: nowrap; text-overflow: ellipsis; }
    MahjongView #mj-actions { height: auto; width: 1fr; }
    """ + tile_colours_css()

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.rack = TileRack(glyphs=glyphs, id="mj-hand")
        self.actions = ActionBar(id="mj-actions")
        self.riichi_mode = False
        """True after r: the next tile chosen is discarded declaring riichi."""
        self._types: list[int] = []  # the rack's tiles as tile types, the drawn tile last
        self._ply = -1
        self._hint_shown: int | None = None

    def compose(self) -> ComposeResult:
        """The table's facts, each seat's line and pond (the shown seat's last), the result of a finished
        hand, the prompt, the hand and the buttons."""
        with VerticalScroll(id="mj-table", can_focus=False):
            yield TileStrip(glyphs=self.glyphs, id="mj-info")
            for slot in range(SEATS):
                yield TileStrip(glyphs=self.glyphs, indent=2, id=f"mj-seat-{slot}")
                yield TileStrip(glyphs=self.glyphs, id=f"mj-pond-{slot}", classes="mj-pond")
        yield Static(id="mj-result")
        yield Static(id="mj-prompt")
        yield self.rack
        yield self.actions

    def on_focus(self, event: events.Focus) -> None:
        """The keys go to the hand (the view's own keys still apply from there)."""
        self.rack.focus()

    def set_glyphs(self, glyphs) -> None:
        """Draw the tiles with another glyph set."""
        self.rack.set_glyphs(glyphs)
        for strip in self.query(TileStrip):
            strip.set_glyphs(glyphs)
        super().set_glyphs(glyphs)

    def on_resize(self, event: events.Resize) -> None:
        """The hand's tiles stand tall where the view has room (:data:`TALL_FROM`); the strips wrap to
        the new width by themselves."""
        self.rack.set_tall(event.size.width >= TALL_FROM[0] and event.size.height >= TALL_FROM[1])
        if self.match is not None:
            self.redraw()

    # ----- whose view ---------------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat whose hand is shown (None: a spectator's view)."""
        return self.match.observer_seat if self.match is not None else None

    def _mark(self, seat: int) -> str:
        return seat_mark(seat, self.glyphs, self.match.spec.seat_name(seat)).label

    def _order(self) -> list[int]:
        """The seats top to bottom: the three others in the order of play after the shown seat, then it."""
        me = self.seat if self.seat is not None else SEATS - 1
        return [(me + step) % SEATS for step in (1, 2, 3, 0)]

    def _choosing(self, state) -> str:
        """'turn' when the shown seat plays its turn, 'call' when it answers a discard, else ''."""
        if self.seat is None or self.match is None or state.is_terminal:
            return ""
        if state.current_player == SIMULTANEOUS:
            return "call" if self.match.choosing_human == self.seat else ""
        return "turn" if state.current_player == self.seat and self.match.human_to_move else ""

    # ----- drawing -------------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Paint the table, the seats, the ponds, the hand, the prompt and the buttons."""
        state = self.state
        if len(state.history) != self._ply:
            self._ply = len(state.history)
            self.riichi_mode = False
            self._hint_shown = None
        riichi_rules = state.reading == "riichi"
        dora = {dora_kind(parse_kind(t)[0]) for t in state.dora_indicators} if riichi_rules else set()
        faces = TileFaces(self.glyphs, dora)
        choosing = self._choosing(state)
        legal = set(self.legal()) if choosing else set()
        if self.riichi_mode and not any(RIICHI <= a < CHI for a in legal):
            self.riichi_mode = False
        for strip in self.query(TileStrip):
            strip.face = faces.width
        self.rack.face = faces.width
        self.query_one("#mj-info", TileStrip).show(
            [TileGroup(tuple(faces.of(t) for t in state.dora_indicators))] if riichi_rules and state.dora_indicators
            else [], self._info(state))
        for slot, seat in enumerate(self._order()):
            melds = [meld_group(m, seat, faces, self._mark(m.from_seat) if m.from_seat is not None else "")
                     for m in state.melds(seat)]
            header = self.query_one(f"#mj-seat-{slot}", TileStrip)
            header.show(melds if seat != self.seat else [], self._header(state, seat))
            pond = [faces.of(d.tile, mark=self._pond_mark(d), turned=d.riichi, faint=d.called or d.tsumogiri)
                    for d in state.pond(seat)]
            self.query_one(f"#mj-pond-{slot}", TileStrip).show([TileGroup(tuple(pond), run=POND_RUN)] if pond else [])
        self._draw_hand(state, faces, choosing, legal)
        result = self.query_one("#mj-result", Static)
        result.set_class(state.is_terminal, "-shown")
        result.update(self._result(state, faces) if state.is_terminal else "")
        prompt = self.query_one("#mj-prompt", Static)
        prompt.display = not state.is_terminal
        prompt.update(self._prompt(state, choosing, legal, faces))
        buttons = self._buttons(choosing, legal)
        hinted = RIICHI_BUTTON if self.hinted is not None and RIICHI <= self.hinted < CHI else self.hinted
        self.actions.show(buttons, hinted=hinted)

    def _pond_mark(self, discard) -> str:
        if discard.riichi:
            return LOOK.glyph("riichi", self.glyphs)
        if discard.called:
            return LOOK.glyph("called", self.glyphs)
        return ""

    def _info(self, state) -> Content:
        """'East 2  honba 1  sticks 1  wall 53  dora' (the indicators follow as tiles)."""
        dot = "  "
        if state.reading != "riichi":
            return Content.assemble(("Simple mahjong", "bold"), dot, f"wall {state.wall_left}")
        parts = [Content.styled(f"{state.round_wind.capitalize()} {state.hand_number}", "bold"),
                 Content(f"honba {state.honba}"), Content(f"sticks {state.riichi_sticks}"),
                 Content(f"wall {state.wall_left}")]
        text = Content(dot).join(parts)
        return Content.assemble(text, dot, "dora") if state.dora_indicators else text

    def _header(self, state, seat: int) -> Content:
        """'▶ ●1 東 25,000 riichi (you)': the turn's mark, the seat's mark, wind, points, riichi."""
        on_turn = not state.is_terminal and state.turn == seat
        turn = LOOK.glyph("turn", self.glyphs) if on_turn else " "
        wind = kind_name(HONORS + ("east", "south", "west", "north").index(state.seat_wind(seat)),
                         self.glyphs.name != "ascii")
        parts: list[Content | str | tuple[str, str]] = [(turn, "bold"), " ", (self._mark(seat), "bold"), " ", wind]
        if state.reading == "riichi":
            parts += [" ", (f"{state.scores[seat]:,}", "bold")]
            if state.in_riichi(seat):
                parts += [" ", ("riichi", "bold reverse")]
        if seat == self.seat:
            parts.append(("  (you)", "dim"))
        elif seat == state.dealer:
            parts.append(("  dealer", "dim"))
        return Content.assemble(*parts)

    def _draw_hand(self, state, faces: TileFaces, choosing: str, legal: set[int]) -> None:
        seat = self.seat
        hand = faces.many(state.hand(seat)) if seat is not None else []
        drawn = parse_kind(state.drawn) if seat is not None and state.turn == seat and state.drawn else None
        if drawn is not None and drawn in hand:
            hand.remove(drawn)
        else:
            drawn = None
        tiles = hand + ([drawn] if drawn is not None else [])
        self._types = [tile_type(kind, red) for kind, red in tiles]
        base = RIICHI if self.riichi_mode else DISCARD
        shown = [faces.tile(kind, red, playable=base + t in legal) for (kind, red), t in zip(tiles, self._types)]
        melds = [meld_group(m, seat, faces, self._mark(m.from_seat) if m.from_seat is not None else "")
                 for m in state.melds(seat)] if seat is not None else []
        self.rack.empty = "(the hands are hidden)" if seat is None else "(no tiles)"
        active = choosing == "turn" and any(a < CHI for a in legal)
        self.rack.show(shown[:len(hand)], shown[len(hand)] if drawn is not None else None, melds, active=active,
                       bare=state.is_terminal)
        self._follow_hint()

    def _follow_hint(self) -> None:
        """Put the cursor on the hinted tile once."""
        hinted = self.hinted
        if hinted is None or hinted == self._hint_shown or not DISCARD <= hinted < CHI:
            return
        self._hint_shown = hinted
        wanted = hinted - (RIICHI if hinted >= RIICHI else DISCARD)
        for index, kind in reversed(list(enumerate(self._types))):
            if kind == wanted:
                self.rack.move_cursor(index)
                return

    def _prompt(self, state, choosing: str, legal: set[int], faces: TileFaces) -> str:
        name = self.match.spec.seat_name
        if choosing == "call":
            tile = self._last_discard(state, faces)
            who = f"{self._mark(state.turn)} {name(state.turn)}"
            if state.phase == "chankan":
                return f"{who} adds to a kan: rob it (w ron) or pass (x)"
            options = [word for action, word in ((RON, "ron"), (PON, "pon"), (CHI, "chi")) if action in legal
                       or (action == CHI and any(CHI <= a < PON for a in legal))]
            if any(KAN <= a < TSUMO for a in legal):
                options.append("kan")
            offer = ", ".join(options) + " or pass" if options else "nothing to call (x pass)"
            return f"{who} discards {tile}: {offer}"
        if choosing == "turn":
            if self.riichi_mode:
                return "Riichi: choose the tile to discard (r again: back)"
            if state.in_riichi(self.seat):
                return "Riichi: discard the drawn tile" + (" or tsumo (w)" if TSUMO in legal else "")
            return "Your turn: discard a tile (Enter, click)"
        if state.is_terminal or self.seat is None:
            return ""
        if state.current_player == SIMULTANEOUS:
            return "The other seats answer the discard"
        return f"Waiting for {self._mark(state.turn)} {name(state.turn)}"

    def _last_discard(self, state, faces: TileFaces) -> str:
        pond = state.pond(state.turn)
        if state.phase == "chankan" or not pond:
            return "a tile"
        return faces.of(pond[-1].tile).face.strip()

    def _buttons(self, choosing: str, legal: set[int]) -> list[tuple[int, str]]:
        if not choosing:
            return []
        buttons: list[tuple[int, str]] = []
        for action in (TSUMO, RON, PON):
            if action in legal:
                buttons.append((action, f"{KEYS[action]} {WORDS[action]}"))
        chis = sorted(a for a in legal if CHI <= a < PON)
        buttons += [(a, f"{key} Chi {self.state.action_to_string(a)[4:]}") for key, a in zip(CHI_KEYS, chis)]
        kans = sorted(a for a in legal if KAN <= a < TSUMO)
        buttons += [(a, f"{key} Kan {self.state.action_to_string(a)[4:]}") for key, a in zip(KAN_KEYS, kans)]
        if any(RIICHI <= a < CHI for a in legal):
            buttons.insert(0, (RIICHI_BUTTON, "r Riichi" + (" (on)" if self.riichi_mode else "")))
        for action in (NINE_TERMINALS, PASS):
            if action in legal:
                buttons.append((action, f"{KEYS[action]} {WORDS[action]}"))
        return buttons

    # ----- the end of a hand ---------------------------------------------------------------------------
    def _result(self, state, faces: TileFaces) -> Content:
        """Who won, how, the value and yaku of each win (and who is liable for a yakuman fed to it), the
        winner's hand where the state shows it; or how the hand was drawn and who was tenpai; then each
        seat's point change."""
        name = self.match.spec.seat_name
        lines: list[Content] = []
        change = state.returns()
        if state.winners:
            for seat in state.winners:
                how = "tsumo" if state.win_from is None else \
                    f"ron from {self._mark(state.win_from)} {name(state.win_from)}"
                lines.append(Content.assemble((f"{self._mark(seat)} {name(seat)} wins by {how}", "bold")))
                if state.reading == "riichi":
                    liable = state.pao(seat) if state.yakuman(seat) else None
                    paid = f" ({self._mark(liable)} {name(liable)} liable)" if liable is not None else ""
                    lines.append(Content("  " + self._value(state, seat) + paid))
                    lines.append(Content("  " + self._yaku_line(state, seat)))
                hand = state.hand(seat)
                if hand:
                    lines.append(Content("  " + " ".join(faces.face(k, r).strip() for k, r in faces.many(hand))))
        else:
            text = f"Drawn hand: {state.end}"
            if state.reading == "riichi" and state.end in ("exhaustive draw", "nagashi mangan"):
                ready = " ".join(self._mark(seat) for seat in state.tenpai) or "nobody"
                text += f"; tenpai: {ready}"
            lines.append(Content.styled(text, "bold"))
        if state.reading == "riichi":
            lines.append(Content("  " + "  ".join(f"{self._mark(seat)} {change[seat]:+,.0f}" for seat in range(SEATS))))
        return Content("\n").join(lines)

    def _value(self, state, seat: int) -> str:
        """'4 han 30 fu', '5 han 30 fu, mangan', 'yakuman', '13 han, counted yakuman'."""
        han, fu, yakuman = state.han(seat), state.fu(seat), state.yakuman(seat)
        if yakuman:
            return "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
        limits = ((13, "counted yakuman"), (11, "sanbaiman"), (8, "baiman"), (6, "haneman"), (5, "mangan"))
        limit = next((word for least, word in limits if han >= least), "")
        if not limit and (han == 4 and fu >= 40 or han == 3 and fu >= 70):
            limit = "mangan"
        return f"{han} han {fu} fu" + (f", {limit}" if limit else "")

    def _yaku_line(self, state, seat: int) -> str:
        """'Riichi 1, Pinfu 1, Dora 2': each yaku with its han (an open hand's value where it has one),
        the dora of every kind together with what the yaku leave of the han."""
        mask = self._yaku_mask(state, seat)
        opened = any(m.called is not None for m in state.melds(seat))
        yakuman = state.yakuman(seat)
        parts, counted = [], 0
        for number in yaku_list(mask):
            if number in DORA_BITS:
                continue
            han = int(HAN_OPEN[number] if opened and HAN_OPEN[number] else HAN_CLOSED[number])
            counted += han
            parts.append(NAMES[number] if yakuman else f"{NAMES[number]} {han}")
        dora = [NAMES[number] for number in DORA_BITS if mask >> number & 1]
        if dora and not yakuman:
            parts.append(f"{' + '.join(dora)} {max(0, state.han(seat) - counted)}")
        return ", ".join(parts)

    @staticmethod
    def _yaku_mask(state, seat: int) -> int:
        return sum(1 << NAMES.index(name) for name in state.yaku(seat))

    # ----- choosing ------------------------------------------------------------------------------------
    def on_tile_rack_chosen(self, message: TileRack.Chosen) -> None:
        """A tile of the hand: discarded (declaring riichi in riichi mode)."""
        message.stop()
        base = RIICHI if self.riichi_mode else DISCARD
        self.choose(base + self._types[message.index])

    def on_tile_rack_refused(self, message: TileRack.Refused) -> None:
        """A tile that cannot go now: offered to the game all the same, which says why; in riichi mode
        the player is told which tiles can go."""
        message.stop()
        if self.riichi_mode:
            self.notify("That tile does not leave your hand ready: pick a bright one, or r to take riichi back.",
                        severity="warning", timeout=3)
            return
        if self._choosing(self.state) == "turn":
            self.choose(DISCARD + self._types[message.index])

    def on_button_action(self, message) -> None:
        """A clicked button: the riichi button switches riichi mode, the others play their action."""
        message.stop()
        if message.action == RIICHI_BUTTON:
            self.action_riichi()
        else:
            self.choose(message.action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """r works only while a riichi is possible (else it falls through)."""
        if action == "riichi":
            if self.match is None or self.match.is_over:
                return False
            return any(RIICHI <= a < CHI for a in self.legal()) and self._choosing(self.state) == "turn"
        return super().check_action(action, parameters)

    def action_riichi(self) -> None:
        """Switch riichi mode: the next tile chosen is discarded declaring riichi."""
        self.riichi_mode = not self.riichi_mode
        self.redraw()

    def on_key(self, event: events.Key) -> None:
        """Esc takes back riichi mode (otherwise it is the screen's quit)."""
        if event.key == "escape" and self.riichi_mode:
            event.stop()
            event.prevent_default()
            self.riichi_mode = False
            self.redraw()

    async def action_rack(self, action: str) -> None:
        """A key of the hand's pressed while a button of the view has the focus: the hand takes it."""
        await self.rack.run_action(action)

    def _letter_action(self, key: str) -> int | None:
        """The legal action of the button whose key is ``key``."""
        if self.match is None or not self._choosing(self.state):
            return None
        legal = set(self.legal())
        return next((a for a, label in self.actions.actions if label.split(" ", 1)[0] == key and a in legal), None)


__all__ = ["MahjongView", "TileFaces", "dora_kind", "ink", "meld_group", "tile_type"]

"""RoPaSci 360 view: the hexagon of 61 hexes with Upper's tokens in capitals (R P S) and Lower's in
small letters (r p s), a stack's count after its letter (``R2``), each row's ``r`` on the left, the
throw rows or the destinations of the chosen token marked, and two lines under the board naming the
hex under the cursor and what Enter would do there.

Both sides choose at once: the game screen collects the choices (the AI's hidden, the other person's
behind the pass-the-device screen) and plays them together; the side panel then tells the last turn
in words, with the tokens its battles defeated.

Keys: arrows move the cursor; r, p or s picks a throw of rock, paper or scissors and Enter (or a
click) on a marked hex throws it; Enter (or a click) on one of your tokens picks it up and Enter on a
marked hex moves it there (``+`` a slide, ``*`` a swing); Esc puts the choice back.
"""

from __future__ import annotations

from collections import Counter

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from tui_games.core.words import counted
from tui_games.games.ropasci360.constants import GRID, MAX_TURNS, N_HEXES as HEXES, THROW_ACTIONS
from tui_games.ui.game_view import BOARD_MARGIN, GameView
from tui_games.ui.messages import CellClicked
from tui_games.ui.widgets.hex_board import HexBoard, HexLayout, step_cursor
from tui_games.ui.widgets.move_log import PART_BREAK

SYMBOLS = "RPS"
"""Upper's token letters by symbol (0 rock, 1 paper, 2 scissors); Lower's are these in small letters."""
SLIDE_MARK, SWING_MARK, PICKED_MARK = "+", "*", ">"
"""Before (or, on an empty hex, in place of) a hex's mark: a throw or slide may land there, a swing
may land there, the token picked up to move."""
LEFT, RIGHT = 4, 3
"""Columns left of the cells (the row's r, a space, the mark before a hex) and right of them (a
stack's count)."""
NOTE_LINES = 2
"""The lines under the board."""


def token_letter(seat: int, symbol: int) -> str:
    """The board letter of ``seat``'s token of ``symbol``: R P S for Upper (seat 0), r p s for Lower."""
    return SYMBOLS[symbol] if seat == 0 else SYMBOLS[symbol].lower()


def hex_name(hex_: int) -> str:
    """A hex as the notation writes it: its r and q ('4 -2')."""
    q, r = GRID.coords[hex_]
    return f"{r} {q}"


def decode(action: int) -> tuple[str, int, int]:
    """``('throw', symbol, hex)`` or ``('slide' | 'swing', from_hex, to_hex)`` of an action id."""
    if action < THROW_ACTIONS:
        return "throw", action // HEXES, action % HEXES
    start, end = divmod(action - THROW_ACTIONS, HEXES)
    return ("slide" if GRID.distance(start, end) == 1 else "swing"), start, end


def stack_text(stack) -> str:
    """What stands on a hex, as the board writes it: each seat's letter and its count when more than
    one ('R', 'R2', 'Rr', 'R2r3'); '' when the hex is empty. ``stack`` lists (seat, symbol, count)."""
    return "".join(token_letter(seat, symbol) + (str(count) if count > 1 else "") for seat, symbol, count in stack)


def stack_words(stack, seat_name) -> str:
    """A hex's tokens in words ('Upper R x2, Lower r'); 'empty' when there are none."""
    parts = [f"{seat_name(seat)} {token_letter(seat, symbol)}" + (f" x{count}" if count > 1 else "")
             for seat, symbol, count in stack]
    return ", ".join(parts) or "empty"


def action_words(seat: int, seat_name: str, action: int, letter: str | None = None) -> str:
    """``seat``'s action of a turn in words: 'Upper threw R on 4 -2', 'Lower slid p to 1 -1'
    (``letter``: the moved token's, when known; the log has where it came from)."""
    kind, a, b = decode(action)
    if kind == "throw":
        return f"{seat_name} threw {token_letter(seat, a)} on {hex_name(b)}"
    verb = "slid" if kind == "slide" else "swung"
    token = f"{letter} " if letter else ""
    return f"{seat_name} {verb} {token}to {hex_name(b)}"


def short_action(action: int, seat: int) -> str:
    """A short name for the move log: 'R@4,-2' for a throw, '0,0>1,-1' for a slide or swing."""
    kind, a, b = decode(action)
    if kind == "throw":
        return f"{token_letter(seat, a)}@{hex_name(b).replace(' ', ',')}"
    return f"{hex_name(a).replace(' ', ',')}>{hex_name(b).replace(' ', ',')}"


def defeated_tokens(before: Counter, actions, after: Counter) -> list[tuple[int, int, int]]:
    """The tokens a turn's battles removed, as (seat, symbol, hex): the position ``before`` the turn
    (a Counter of (seat, symbol, hex)) with both ``actions`` played but no battle fought, less the
    position ``after`` it."""
    moved = Counter(before)
    for seat, action in enumerate(actions):
        kind, a, b = decode(action)
        if kind == "throw":
            moved[(seat, a, b)] += 1
            continue
        symbol = next((s for (owner, s, h), n in moved.items() if owner == seat and h == a and n > 0), None)
        if symbol is None:
            continue
        moved[(seat, symbol, a)] -= 1
        moved[(seat, symbol, b)] += 1
    lost = moved - after
    return sorted(((seat, symbol, hex_) for (seat, symbol, hex_), n in lost.items() for _ in range(n)),
                  key=lambda token: (token[2], token[0], token[1]))


class RoPaSciView(GameView):
    """Draws ``state.stack(hex)`` for the 61 hexes of ``state.grid`` (the shared hexagon), the throw
    rows or a picked token's destinations from the legal actions of the seat choosing, the last turn's
    landing hexes, and the hint; posts throws ``symbol * 61 + hex`` and moves ``183 + from * 61 + to``."""

    KEYS_HELP = """\
- **Arrow keys** move the cursor over the hexes (Up and Down keep to the same column as near as the
  rows allow).
- **Throw**: press **r**, **p** or **s** (rock, paper, scissors); the hexes your throw may land on
  are marked `+`; move the cursor to one and press **Enter** (or click it).
- **Move**: press **Enter** on one of your tokens (or click it) to pick it up; its slides are marked
  `+` and its swings `*`; press **Enter** on one (or click it) to move there.
- **Esc** puts a picked throw or token back. Your choice stays secret until both sides have chosen;
  then both actions are played together and the side panel tells the turn and its battles.
"""

    BINDINGS = [
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "play_cursor", "Pick/place", show=True),
        Binding("r", "throw(0)", "Rock", show=False),
        Binding("p", "throw(1)", "Paper", show=False),
        Binding("s", "throw(2)", "Scissors", show=False),
        Binding("escape", "cancel", "Put back", show=True),
    ]

    BOARD_ID = "ropasci-board"

    DEFAULT_CSS = """
    RoPaSciView { align: center middle; }
    RoPaSciView #ropasci-box { width: auto; height: auto; }
    RoPaSciView #ropasci-note { width: auto; height: 2; padding: 0 1; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.cursor = GRID.rows[4][4]
        """The hex under the keyboard cursor."""
        self.column: int | None = None
        """The drawn column (in half cells) Up and Down aim for, kept while moving up and down."""
        self.throw_symbol: int | None = None
        """The symbol picked for a throw (r, p or s pressed), until it is thrown or put back."""
        self.picked: int | None = None
        """The hex of the token picked up to move, until it moves or is put back."""
        self.chooser: int | None = None
        """The seat whose choice the view collected last (the cursor and the choice in hand are its)."""
        self.step = 4
        """Characters per hex along a row: 4, or 2 where the view is narrow."""
        self._room = (80, 24)
        self._seen: tuple[tuple, Counter] | None = None  # the last position drawn: (history, tokens)
        self._battle: tuple[tuple, Counter, list[tuple[int, int, int]]] | None = None
        # the last turn the view saw played: (history after it, position before it, tokens defeated)
        self.board = HexBoard(HexLayout((), 1, 1), id="ropasci-board")

    def compose(self) -> ComposeResult:
        """The board and the two lines under it."""
        with Vertical(id="ropasci-box"):
            yield self.board
            yield Static(id="ropasci-note")

    # ----- geometry ---------------------------------------------------------------------------------
    def _layout(self, step: int) -> HexLayout:
        return HexLayout.of(GRID.rows, GRID.indent, step, left=LEFT, top=1, right=RIGHT, bottom=1)

    def fit(self, width: int, height: int) -> bool:
        """Take the roomy spacing when the board fits with it."""
        self._room = (width, height)
        self.step, changed = self.board.fit(self._layout, width, height, BOARD_MARGIN, below=NOTE_LINES)
        return changed

    # ----- what the seat choosing may do ------------------------------------------------------------
    def _seat(self) -> int | None:
        """The seat choosing now at this device (None: no human chooses now)."""
        match = self.match
        if match is None or match.is_over:
            return None
        return match.choosing_human

    def throw_targets(self, symbol: int) -> dict[int, int]:
        """Hex -> throw action for each hex a throw of ``symbol`` may land on now."""
        first = symbol * HEXES
        return {action - first: action for action in self.legal() if first <= action < first + HEXES}

    def move_targets(self, start: int) -> dict[int, int]:
        """Hex -> move action for each hex the token on ``start`` may slide or swing to now."""
        return {(action - THROW_ACTIONS) % HEXES: action for action in self.legal()
                if action >= THROW_ACTIONS and (action - THROW_ACTIONS) // HEXES == start}

    def _movable(self, hex_: int) -> bool:
        return bool(self.move_targets(hex_))

    def targets(self) -> dict[int, int]:
        """Hex -> action of the hexes marked now: the picked throw's or the picked token's."""
        if self.throw_symbol is not None:
            return self.throw_targets(self.throw_symbol)
        if self.picked is not None:
            return self.move_targets(self.picked)
        return {}

    def _home_hex(self, seat: int | None) -> int:
        """Where the cursor starts for ``seat``: the middle of its first row (the centre for none)."""
        if seat == 0:
            return GRID.rows[0][2]
        if seat == 1:
            return GRID.rows[-1][2]
        return GRID.rows[4][4]

    def _put_back(self) -> None:
        self.throw_symbol = None
        self.picked = None

    # ----- drawing ----------------------------------------------------------------------------------
    def update_from(self, match) -> None:
        """Redraw from ``match``. A new turn, or no human to choose, clears the choice in hand; another
        seat choosing (the device passed on) also sends the cursor to that seat's side, so nothing of
        the last person's choice shows."""
        self.match = match
        seat = self._seat()
        history = self._history()
        if seat is not None and seat != self.chooser:
            self.chooser = seat
            self.cursor = self._home_hex(seat)
            self.column = None
            self._put_back()
        elif seat is None:
            self._put_back()
        if self._seen is not None and self._seen[0] != history:
            self._put_back()
        self._note_battle(history)
        self.redraw()

    def _history(self) -> tuple:
        return tuple(tuple(joint) if isinstance(joint, (list, tuple)) else (joint,) for joint in self.state.history)

    def _position(self) -> Counter:
        state = self.state
        return Counter({(seat, symbol, hex_): count for hex_ in range(HEXES)
                        for seat, symbol, count in state.stack(hex_)})

    def _note_battle(self, history: tuple) -> None:
        """Work out the last turn's defeated tokens when the position before it was the last drawn."""
        position = self._position()
        seen = self._seen
        if seen is not None and len(history) == len(seen[0]) + 1 and history[:-1] == seen[0] and len(history[-1]) == 2:
            self._battle = (history, seen[1], defeated_tokens(seen[1], history[-1], position))
        self._seen = (history, position)

    def _stacks(self) -> list[list[tuple[int, int, int]]]:
        state = self.state
        return [state.stack(hex_) for hex_ in range(HEXES)]

    def redraw(self) -> None:
        """Paint the tokens, the marked hexes, the picked token, the last turn, the hint and the
        cursor, and the lines under the board."""
        state = self.state
        if not self.board.hex_layout.places:
            self.fit(*self._room)
        playing = not state.is_terminal and self._seat() is not None
        targets = self.targets() if playing else {}
        roomy = self.step >= 4
        landed = {decode(action)[2] for action in state.last_actions if action is not None}
        hinted = set()
        if self.hinted is not None:
            kind, a, b = decode(self.hinted)
            hinted = {b} if kind == "throw" else {a, b}
        places = self.board.hex_layout.places
        marks: list[str] = []
        states: list[set[str]] = []
        texts = self._labels()
        for hex_, stack in enumerate(self._stacks()):
            line, column = places[hex_]
            cell_states: set[str] = set()
            text = stack_text(stack)
            if stack:
                marks.append(text[0])
                cell_states.add(f"seat-{stack[0][0]}")
                rest = text[1:][:2 if roomy else 1]
                if rest:
                    owner = stack[-1][0] if any(c.isalpha() for c in rest) else stack[0][0]
                    texts.append((line, column + 1, rest, f"rim-{owner}"))
            else:
                cell_states.add("empty")
                marks.append(self.glyphs.empty)
            if hex_ in targets:
                cell_states.add("target")
                mark = self._target_mark(hex_)
                if not stack:
                    marks[-1] = mark
                elif roomy:
                    texts.append((line, column - 1, mark, "label-active"))
            if hex_ == self.picked and playing:
                cell_states.add("last")
                if roomy:
                    texts.append((line, column - 1, PICKED_MARK, "label-active"))
            if hex_ in landed:
                cell_states.add("last")
            if hex_ in hinted:
                cell_states.add("hint")
            if hex_ == self.cursor and playing:
                cell_states.add("cursor")
            states.append(cell_states)
        self.board.paint(marks, states, texts)
        if self.is_mounted:
            self.query_one("#ropasci-note", Static).update(self._note())

    def _target_mark(self, hex_: int) -> str:
        if self.picked is not None and GRID.distance(self.picked, hex_) == 2:
            return SWING_MARK
        return SLIDE_MARK

    def _labels(self) -> list[tuple[int, int, str, str]]:
        """Each row's r left of it (the cursor's row highlighted), the sides' names above and below."""
        places = self.board.hex_layout.places
        cursor_row = GRID.row_of(self.cursor)
        texts = []
        for row, cells in enumerate(GRID.rows):
            line, first = places[cells[0]]
            r = GRID.coords[cells[0]][1]
            style = "label-active" if row == cursor_row else "label"
            texts.append((line, first - LEFT, f"{r:>2}", style))
        seat_name = self.match.spec.seat_name
        for row, line_offset, seat in ((0, -1, 0), (len(GRID.rows) - 1, 1, 1)):
            line, first = places[GRID.rows[row][0]]
            letters = " ".join(token_letter(seat, symbol) for symbol in range(3))
            texts.append((line + line_offset, first, f"{seat_name(seat)} {letters}", f"rim-{seat}"))
        return texts

    def _note(self) -> str:
        """The cursor's hex and what Enter does there; then what is in hand and how to go on."""
        state = self.state
        seat = self._seat()
        if state.is_terminal:
            return ""
        seat_name = self.match.spec.seat_name
        stack = state.stack(self.cursor)
        where = f"{hex_name(self.cursor)}: {stack_words(stack, seat_name)}"
        if seat is None:
            waiting = [seat_name(s) for s in self.match.seats_to_choose]
            return where + ("\nWaiting for " + " and ".join(waiting) + " to choose..." if waiting else "")
        targets = self.targets()
        if self.throw_symbol is not None:
            letter = token_letter(seat, self.throw_symbol)
            doing = f"Enter throws {letter} here" if self.cursor in targets else "not a + hex"
            rows = len(state.throw_rows(seat))
            span = "row 1" if rows == 1 else f"rows 1-{rows}"
            return f"{where} - {doing}\nThrow {letter}: a + hex, {span}; Esc: back"
        if self.picked is not None:
            letter = stack_text(state.stack(self.picked))[:1]
            if self.cursor == self.picked:
                doing = "Enter puts it back"
            elif self.cursor in targets:
                verb = "swings" if GRID.distance(self.picked, self.cursor) == 2 else "slides"
                doing = f"Enter {verb} {letter} here"
            else:
                doing = "not a + or * hex"
            return f"{where} - {doing}\nMove {letter}: + slide, * swing; Esc: back"
        own = any(owner == seat for owner, _, _ in stack)
        doing = " - Enter picks it up" if own and self._movable(self.cursor) else ""
        left = state.throws_left[seat]
        throws = f"r/p/s throw ({left} left)" if left else "No throws left"
        return f"{where}{doing}\n{throws}; Enter on a token moves it"

    def status_lines(self, match) -> list[str]:
        """The turn, each side's tokens and throws left, and the last turn in words with its battles."""
        state = match.state
        name = match.spec.seat_name
        lines = []
        if not state.is_terminal:
            lines.append(f"Turn {state.turn + 1} of {MAX_TURNS}")
        counts = [0, 0]
        for hex_ in range(HEXES):
            for seat, _, count in state.stack(hex_):
                counts[seat] += count
        for seat in range(2):
            lines.append(f"{name(seat)}: {counted(counts[seat], 'token')}, {counted(state.throws_left[seat], 'throw')}")
        if state.history:
            last = state.history[-1]
            lines.append("Last turn:")
            for seat, action in enumerate(last):
                lines.append(" " + action_words(seat, name(seat), action, self._moved_letter(seat, action)))
            lines.extend(self._battle_lines())
        return lines

    def _last_turn_seen(self) -> tuple[tuple, Counter, list[tuple[int, int, int]]] | None:
        """The last turn as the view saw it played, when it is the turn that led to the position shown."""
        if self._battle is None or self._seen is None or self._battle[0] != self._seen[0]:
            return None
        return self._battle

    def _moved_letter(self, seat: int, action: int) -> str | None:
        """The letter of the token a move of the last turn carried, when the position before is known."""
        kind, start, _ = decode(action)
        seen = self._last_turn_seen()
        if kind == "throw" or seen is None:
            return None
        symbol = next((s for (owner, s, h), n in seen[1].items() if owner == seat and h == start and n), None)
        return None if symbol is None else token_letter(seat, symbol)

    def _battle_lines(self) -> list[str]:
        """' s defeated on 1 -1' for each hex where the last turn's battles defeated tokens (nothing when
        the view did not see that turn played)."""
        seen = self._last_turn_seen()
        if seen is None:
            return []
        if not seen[2]:
            return [" No token defeated"]
        by_hex: dict[int, list[str]] = {}
        for seat, symbol, hex_ in seen[2]:
            by_hex.setdefault(hex_, []).append(token_letter(seat, symbol))
        return [f" {' '.join(letters)} defeated on {hex_name(hex_)}" for hex_, letters in by_hex.items()]

    def log_lines(self, match, moves_only: bool = False) -> list[str]:
        """One line a turn, Upper's action then Lower's: 'R@4,-2  0,0>1,-1' (capitals and small
        letters tell the sides apart; the log puts Lower's under Upper's where both do not fit)."""
        lines = []
        for entry in match.log_entries:
            if isinstance(entry.action, (list, tuple)):
                lines.append(PART_BREAK.join(short_action(action, seat) for seat, action in enumerate(entry.action)))
        return lines

    # ----- keys and clicks --------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc puts a choice back only when one is in hand (else it is the game screen's quit)."""
        if action == "cancel" and self.throw_symbol is None and self.picked is None:
            return False
        return super().check_action(action, parameters)

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor along its row (wrapping) or to the nearest hex of the row above or below."""
        self.cursor, self.column = step_cursor(GRID.rows, GRID.indent, self.cursor, self.column, dx, dy)
        self.redraw()

    def action_throw(self, symbol: int) -> None:
        """Pick a throw of ``symbol``: its landing hexes are marked (the reason when there are none)."""
        seat = self._seat()
        if seat is None:
            self.notify("Wait: it is not your choice now.", timeout=2)
            return
        if not self.throw_targets(symbol):
            left = self.state.throws_left[seat]
            why = "all nine tokens are thrown" if left == 0 else "no hex to throw on"
            self.notify(f"No throw: {why}.", title="Not allowed", severity="warning", timeout=3)
            return
        self.picked = None
        self.throw_symbol = symbol
        self.redraw()

    def action_cancel(self) -> None:
        """Put the picked throw or token back."""
        self._put_back()
        self.redraw()

    def action_play_cursor(self) -> None:
        """Enter on the cursor's hex: throw or move there, or pick up the token there."""
        self._act_on(self.cursor)

    def _act_on(self, hex_: int) -> None:
        seat = self._seat()
        if seat is None:
            self.notify("Wait: it is not your choice now.", timeout=2)
            return
        targets = self.targets()
        if hex_ in targets:
            action = targets[hex_]
            self._put_back()
            self.choose(action)
            return
        own = any(owner == seat for owner, _, _ in self.state.stack(hex_))
        if self.picked is not None and hex_ == self.picked:
            self._put_back()
        elif own and self._movable(hex_):
            self.throw_symbol = None
            self.picked = hex_
        elif self.throw_symbol is not None:
            self.notify(f"{hex_name(hex_)} is not a hex this throw may land on: pick a + hex.", timeout=3)
        elif self.picked is not None:
            self.notify(f"The token on {hex_name(self.picked)} cannot get to {hex_name(hex_)}: "
                        "pick a + (slide) or * (swing) hex.", timeout=3)
        elif own:
            self.notify(f"Your token on {hex_name(hex_)} has no move.", timeout=3)
        else:
            self.notify("Press r, p or s to throw, or pick one of your tokens to move.", timeout=3)
        self.redraw()

    def on_cell_clicked(self, message: CellClicked) -> None:
        """A click: the cursor goes to the clicked hex, which is then acted on as by Enter."""
        message.stop()
        self.focus()
        self.column = None
        self.cursor = message.index
        self._act_on(message.index)

"""Rubik's Cube view: the unfolded net in colour with face letters, arrows to turn each face, the
move counter and the solve clock (after 15 seconds of inspection), the scramble, the beginner's
explanation of the next step, and 'solve it'.

Keys: u r f d l b turn a face clockwise; shifted (U R F D L B), or after ', counter-clockwise; after
2, half a turn. h explains the next step of the beginner's method, s lets the solver finish the cube
(move by move, at the AI's pace), space ends the inspection, backspace takes a move back (u is a
turn here, also once the cube is solved). A click on a face's arrows turns it (the letter between
them: half a turn).
"""

from __future__ import annotations

import time
from functools import partial

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from tui_games.games.rubiks_cube.geometry import FACES, MOVE_NAMES
from tui_games.ui.game_view import GameView, largest_fitting
from tui_games.ui.messages import ButtonAction

STICKER_COLOURS = ("#ffd500", "#ff5800", "#009b48", "#ffffff", "#b71234", "#0046ad")
"""Sticker colours of the faces U R F D L B: yellow, orange, green, white, red, blue."""
LETTER_COLOURS = ("#000000", "#000000", "#ffffff", "#000000", "#ffffff", "#ffffff")
"""The face letter's colour on each sticker colour (readable on it)."""
NET_PLACES = {0: (1, 0), 4: (0, 1), 2: (1, 1), 1: (2, 1), 5: (3, 1), 3: (1, 2)}
"""Where each face sits in the net, as (column, row) of faces: U above F; L F R B across; D below."""
STICKER_SIZES = ((2, 1), (4, 2), (6, 3))
"""Sticker sizes (columns, lines) from 80x24 up; the view takes the largest that fits."""
INSPECTION_SECONDS = 15
"""Seconds to look at the scrambled cube before the clock starts by itself (as in competitions)."""
SOLVE_LEVEL = {2: 3, 3: 2}
"""The AI level 'solve it' hands the cube to: the 2x2's shortest solver, the 3x3's two-phase."""
TEXT_LINES = 5
"""Lines under the net: the scramble and the explanation or the keys."""


def clock_text(seconds: float) -> str:
    """'0:07.3' (minutes, seconds and tenths)."""
    minutes, rest = divmod(max(seconds, 0.0), 60)
    return f"{int(minutes)}:{rest:04.1f}"


def inverse_moves(moves: list[int]) -> list[int]:
    """The moves that undo ``moves``: reversed, each turned the other way."""
    return [3 * (m // 3) + 2 - m % 3 for m in reversed(moves)]


class CubeNet(Widget):
    """The unfolded net of a cube with a caption over each face ('↺ U ↻'), and a few lines of text in
    the net's empty top-right corner. Clicking a caption's arrow posts ButtonAction(move)."""

    DEFAULT_CSS = """
    CubeNet { width: auto; height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.colours: list[int] = []
        self.cube_size = 3
        self.sticker = STICKER_SIZES[0]
        self.arrows = ("↺", "↻")
        self.hinted: int | None = None
        self.corner_text: list[str] = []
        self._targets: dict[tuple[int, int], int] = {}

    def show(self, colours: list[int], size: int, hinted: int | None, corner_text: list[str],
             arrows: tuple[str, str]) -> None:
        """Draw ``colours`` (face per facelet, Kociemba's order) of a ``size`` cube."""
        self.colours, self.cube_size, self.hinted = list(colours), size, hinted
        self.corner_text, self.arrows = list(corner_text), arrows
        self.refresh(layout=True)

    def net_size(self, sticker: tuple[int, int], size: int | None = None) -> tuple[int, int]:
        """(columns, lines) the net takes with ``sticker`` sized stickers."""
        n = size or self.cube_size
        face_width, face_height = n * sticker[0], n * sticker[1]
        return 4 * face_width + 3, 3 * (face_height + 1)

    def get_content_width(self, container, viewport) -> int:
        """The net's width."""
        return self.net_size(self.sticker)[0]

    def get_content_height(self, container, viewport, width: int) -> int:
        """The net's height."""
        return self.net_size(self.sticker)[1]

    def face_origin(self, face: int) -> tuple[int, int]:
        """(column, line) of the top-left sticker of ``face``; its caption is on the line above."""
        n, (width, height) = self.cube_size, self.sticker
        column, row = NET_PLACES[face]
        return column * (n * width + 1), row * (n * height + 1) + 1

    def caption(self, face: int) -> list[tuple[str, int | None]]:
        """The caption of ``face`` as (text, move or None) pieces: ccw arrow, letter (half), cw arrow."""
        ccw, cw = self.arrows
        return [(ccw, 3 * face + 2), (" " if self.cube_size * self.sticker[0] >= 5 else "", None),
                (FACES[face], 3 * face + 1), (" " if self.cube_size * self.sticker[0] >= 5 else "", None),
                (cw, 3 * face)]

    def render(self) -> Text:
        """The net, the captions and the corner text, line by line."""
        width, height = self.net_size(self.sticker)
        grid: list[list[tuple[str, Style]]] = [[(" ", Style())] * width for _ in range(height)]
        self._targets = {}
        n, (sw, sh) = self.cube_size, self.sticker
        for face in range(6):
            x0, y0 = self.face_origin(face)
            pieces = self.caption(face)
            text_width = sum(len(text) for text, _ in pieces)
            x = x0 + max(0, (n * sw - text_width) // 2)
            for text, move in pieces:
                style = Style(bold=True, reverse=move is not None and move == self.hinted)
                for char in text:
                    grid[y0 - 1][x] = (char, style)
                    if move is not None:
                        self._targets[(x, y0 - 1)] = move
                    x += 1
            for index in range(n * n):
                if face * n * n + index >= len(self.colours):
                    continue
                colour = self.colours[face * n * n + index]
                style = Style(bgcolor=STICKER_COLOURS[colour], color=LETTER_COLOURS[colour], bold=True)
                r, c = divmod(index, n)
                for dy in range(sh):
                    for dx in range(sw):
                        mark = FACES[colour] if (dx == (sw - 1) // 2 and dy == (sh - 1) // 2) else " "
                        grid[y0 + r * sh + dy][x0 + c * sw + dx] = (mark, style)
        corner_x = 2 * (n * sw + 1)
        for line, words in enumerate(self.corner_text[: n * sh]):
            for k, char in enumerate(words[: width - corner_x]):
                grid[line][corner_x + k] = (char, Style(bold=line == 0))
        text = Text()
        for y, row in enumerate(grid):
            if y:
                text.append("\n")
            for char, style in row:
                text.append(char, style)
        return text

    def on_click(self, event: events.Click) -> None:
        """A click on a caption's arrow or letter turns that face."""
        move = self._targets.get((event.x, event.y))
        if move is not None:
            event.stop()
            self.post_message(ButtonAction(move))


class CubeView(GameView):
    """Draws ``state.colours`` as a net; actions are the 18 face turns (3 x face + turn)."""

    KEYS_HELP = """\
- **u r f d l b** turn that face clockwise (as seen looking at it); **shift** with the letter
  (U R F D L B), or **'** before it, turns it counter-clockwise; **2** before it, half a turn.
- **Click** the arrows over a face: ↻ clockwise, ↺ counter-clockwise, the letter between them a half turn.
- **h** explains the next step of the beginner's method (layer by layer), with its moves.
- **s** lets the solver finish the cube, move by move (the solve then counts as not yours).
- **space** ends the inspection and starts the clock (the first turn starts it too).
- **backspace** takes a move back (u is a turn here; y replays it).
"""

    BINDINGS = [
        *[Binding(face.lower(), f"turn({f}, 0)", face, show=False) for f, face in enumerate(FACES)],
        *[Binding(face, f"turn({f}, 2)", f"{face}'", show=False) for f, face in enumerate(FACES)],
        Binding("apostrophe", "modifier(2)", "Inverse next", show=False),
        Binding("2", "modifier(1)", "Half next", show=False),
        Binding("h", "explain", "Explain", show=False),
        Binding("s", "solve_it", "Solve it", show=False),
        Binding("space", "start_clock", "Start clock", show=False),
        Binding("backspace", "undo", "Undo"),
    ]

    BOARD_ID = "cube-net"

    DEFAULT_CSS = """
    CubeView { align: center middle; }
    CubeView #cube-box { width: auto; height: auto; max-width: 100%; }
    CubeView #cube-text { width: 48; height: auto; margin-top: 1; color: $foreground-muted; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.net = CubeNet(id="cube-net")
        self.words = Static("", id="cube-text")
        self.modifier = 0
        """The turn the next face key makes when no shift is held: 0 clockwise, 1 half, 2 counter."""
        self.explanation: str = ""
        """The beginner's explanation of the next step (empty when none was asked for)."""
        self.scramble_text: str = ""
        """The scramble shown (worked out in a worker for a random position)."""
        self._shown_at = time.monotonic()
        self._token = 0
        self._history_length = -1

    def compose(self) -> ComposeResult:
        """The net and the text under it."""
        with Vertical(id="cube-box"):
            yield self.net
            yield self.words

    def on_mount(self) -> None:
        """Tick the clock."""
        self._shown_at = time.monotonic()
        self.set_interval(0.1, self._tick)

    # ----- drawing ------------------------------------------------------------------------------------
    def fit(self, width: int, height: int) -> bool:
        """The largest stickers with which the net and its text fit."""
        size = self.match.state.size if self.match is not None else 3

        def need(sticker):
            columns, lines = self.net.net_size(sticker, size)
            return columns, lines + TEXT_LINES

        chosen = largest_fitting(STICKER_SIZES, need, width, height)
        changed = chosen != self.net.sticker
        self.net.sticker = chosen
        return changed

    def redraw(self) -> None:
        """Paint the net, the counters and the text under it."""
        state = self.state
        if len(state.history) != self._history_length:
            self._history_length = len(state.history)
            self.explanation = ""
            self._token += 1
        if not self.scramble_text:
            self._start_scramble()
        arrows = ("↺", "↻") if self.glyphs.name == "unicode" else ("<", ">")
        self.net.show(state.colours, state.size, self.hinted, self._corner_text(), arrows)
        self.words.update(self._words())

    def _tick(self) -> None:
        if self.match is None:
            return
        if self._inspection_left() == 0 and not self.match.clock_running and self._fresh():
            self.match.start_clock()
        self.net.show(self.net.colours, self.net.cube_size, self.hinted, self._corner_text(), self.net.arrows)

    def _fresh(self) -> bool:
        """True for a solve timed from its start in this session (no move yet, clock not started)."""
        match = self.match
        return match.clock_seconds is None and not match.state.history and match.human_to_move

    def _inspection_left(self) -> int | None:
        if not self._fresh():
            return None
        return max(0, INSPECTION_SECONDS - int(time.monotonic() - self._shown_at))

    def _corner_text(self) -> list[str]:
        match = self.match
        if match is None:
            return []
        state = match.state
        lines = [f"Moves {state.moves_made}"]
        seconds = match.clock_seconds
        left = self._inspection_left()
        if left:
            lines.append(f"Inspect {left:2d} s")
        elif seconds is not None:
            lines.append(f"Time {clock_text(seconds)}")
        elif state.history and not match.is_over:
            lines.append("not timed")
        if match.is_over:
            lines.append("Solved!")
        elif self.modifier:
            lines.append("next: " + ("half" if self.modifier == 1 else "inverse"))
        return lines

    def _words(self) -> Text:
        text = Text()
        if self.scramble_text:
            text.append("Scramble: ", style="bold")
            text.append(self.scramble_text)
        if self.explanation:
            text.append("\n" + self.explanation)
        elif self.match is not None and not self.match.is_over:
            text.append("\nu r f d l b turn · shift or ' inverse · 2 half · h explain · s solve it", style="dim")
        return text

    def status_lines(self, match) -> list[str]:
        """Nothing: the net's corner shows the moves and the running clock."""
        return []

    # ----- keys and clicks -------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The face keys stay the cube's once it is solved (doing nothing then: u is never the screen's
        undo here); undo shows only while there is a move of yours to take back."""
        if action == "turn":
            return True
        if action == "undo":
            return self.match is not None and self.match.can_undo
        return super().check_action(action, parameters)

    def action_turn(self, face: int, turn: int) -> None:
        """Turn ``face``: ``turn`` 0 clockwise (a pending ' or 2 changes it), 2 counter-clockwise."""
        if self.match is None or self.match.is_over:
            return
        if turn == 0 and self.modifier:
            turn = self.modifier
        self.modifier = 0
        self.choose(3 * face + turn)

    def action_modifier(self, turn: int) -> None:
        """The next face key makes ``turn`` (1 half, 2 counter-clockwise); pressed again, cancelled."""
        self.modifier = 0 if self.modifier == turn else turn
        self.redraw()

    def action_start_clock(self) -> None:
        """End the inspection now."""
        if self.match is not None:
            self.match.start_clock()
            self._shown_at = time.monotonic() - INSPECTION_SECONDS
            self.redraw()

    def action_undo(self) -> None:
        """Take a move back (the screen's undo: its own key, u, is a turn here)."""
        action = getattr(self.screen, "action_undo", None)
        if action is not None:
            action()

    def action_solve_it(self) -> None:
        """Hand the cube to the solver, which finishes it move by move."""
        hand_over = getattr(self.screen, "let_ai_play", None)
        if hand_over is not None and self.match is not None and not self.match.is_over:
            hand_over(SOLVE_LEVEL.get(self.match.state.size, 2))

    def on_button_action(self, message: ButtonAction) -> None:
        """A click on a face's arrow turns it."""
        message.stop()
        self.focus()
        self.choose(message.action)

    def move_name(self, action: int) -> str:
        """'R', "R'", 'R2'."""
        return MOVE_NAMES[action] if 0 <= action < len(MOVE_NAMES) else str(action)

    # ----- the AI's answers (worked out by the table's runner): the explanation, a random start's scramble --
    def action_explain(self) -> None:
        """Explain the next step of the beginner's method (the level-1 AI's hint, worked out off the screen)."""
        match = self.match
        if match is None or match.is_over:
            return
        if self.consult is None:
            self.explanation = "No explanation here: the AI is not asked in a room"
            self.words.update(self._words())
            return
        self.explanation = "Working out the next step..."
        self.words.update(self._words())
        token = self._token
        self.consult(match.state.clone(), 1, partial(self._explained_hint, token),
                     lambda error: self._explained(token, f"No explanation: {error}", None))

    def _explained_hint(self, token: int, hint) -> None:
        self._explained(token, hint.summary, hint.best)

    def _explained(self, token: int, words: str, best: int | None) -> None:
        if token != self._token or self.match is None:
            return
        self.explanation = words
        self.hinted = best
        self.redraw()

    def _start_scramble(self) -> None:
        state = self.match.state
        if state.scramble:
            self.scramble_text = state.scramble
            return
        if self.consult is None:
            self.scramble_text = "random position"
            return
        self.scramble_text = "random position (working out a scramble...)"
        start = state.replayed([])
        self.consult(start, SOLVE_LEVEL.get(start.size, 2),
                     lambda hint: self._scrambled(" ".join(MOVE_NAMES[m] for m in inverse_moves(hint.line))
                                                  if hint.line else "random position"),
                     lambda error: self._scrambled("random position"))

    def _scrambled(self, text: str) -> None:
        self.scramble_text = text
        if self.match is not None:
            self.redraw()

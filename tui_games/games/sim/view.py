"""Sim view: the K nodes on a circle, every edge a line in its seat's colour and pattern; an edge
cursor moved by keys, node letters typed or clicked, and edges clicked.

Seats are told apart without colour: the Unicode board draws seat A's edges solid, B's dashed and C's
dotted (free edges faint and sparse); the ASCII board draws them with the seats' shapes (``o``, ``#``,
``^``) and free edges with ``- | / \\``. So does the Unicode board from :data:`STROKES_FROM` nodes,
where the lines of braille dots would run together. The legend under the board shows each pattern
beside the seat's mark and name.
"""

from __future__ import annotations

from typing import Any

from rich.color import Color as RichColor
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from tui_games.core.words import counted
from tui_games.games.sim.board import BoardLayout, board_layout, braille, dot_bit
from tui_games.ui.game_view import BOARD_MARGIN, GameView
from tui_games.ui.glyphs import ASCII
from tui_games.ui.seat_marks import seat_mark

NODE_LETTERS = "abcdefghijkl"
"""Each node's letter (and key)."""
LINES_BELOW = 2
"""The choice line and the legend under the board."""
MIN_COLS, MAX_COLS = 24, 72
MIN_ROWS, MAX_ROWS = 9, 30
"""The board's smallest and largest size in cells."""
PATTERNS = ((1,), (1, 1, 1, 1, 0, 0), (1, 0, 0), (1,))
"""Dots on and off along a line: seat 0 solid, seat 1 dashed, seat 2 dotted, then free edges (solid,
but thin and faint: every seat's edges are drawn two dots thick)."""
FREE_PATTERN = PATTERNS[3]
STROKES_FROM = 9
"""Nodes from which every board is drawn with characters along the edges instead of braille dots."""
PRIORITY = {"free": 0, "seat": 1, "last": 2, "hint": 3, "lost": 4, "cursor": 5}
"""Where lines cross in one cell, the cell takes the style of the line that matters most."""


def seat_colour(seat: int) -> str:
    """The seat's mark colour as '#rrggbb' (the same colour as its mark in the seats panel)."""
    return RichColor.parse(seat_mark(seat).colour).get_truecolor().hex


def pattern_sample(pattern: tuple[int, ...], cells: int = 3, thick: bool = False) -> str:
    """A short horizontal line drawn in braille with ``pattern`` (for the legend), two dots thick
    like a seat's edges when ``thick``."""
    dots = [0] * cells
    for x in range(cells * 2):
        if pattern[x % len(pattern)]:
            dots[x // 2] |= dot_bit(x, 1) | (dot_bit(x, 2) if thick else 0)
    return "".join(braille(bits) for bits in dots)


class SimCanvas(Static):
    """The drawn board; a click reports the cell it hit."""

    DEFAULT_CSS = "SimCanvas { width: auto; height: auto; }"

    def on_click(self, event: events.Click) -> None:
        """Tell the view which cell was clicked."""
        event.stop()
        self.post_message(SimView.CellClicked(event.x, event.y))


class SimView(GameView):
    """Draws ``state.colours`` on a :func:`board_layout`; actions are edge indices from
    ``state.edge_between``, the legal ones ``state.legal_actions()``."""

    KEYS_HELP = """\
- **Left/Right** move the edge cursor to the previous / next free edge, **Up/Down** to the first free
  edge of the previous / next node; **Enter** or **Space** colours it.
- Type two **node letters** (a, b, c ...) to pick the edge between them.
- **Click** a node, then another, to pick their edge; **click** an edge to pick it, and click it again
  (or press Enter) to colour it.
"""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous edge", show=False),
        Binding("right", "step(1)", "Next edge", show=False),
        Binding("up", "jump(-1)", "Previous node", show=False),
        Binding("down", "jump(1)", "Next node", show=False),
        Binding("enter,space", "colour", "Colour edge", show=True),
        *[Binding(letter, f"node({index})", f"Node {letter}", show=False)
          for index, letter in enumerate(NODE_LETTERS)],
    ]

    BOARD_ID = "sim-canvas"

    DEFAULT_CSS = """
    SimView { align: center middle; }
    SimView #sim-box { width: auto; height: auto; padding: 0 1; background: $surface; }
    SimView #sim-choice, SimView #sim-legend { width: auto; height: 1; }
    """

    class CellClicked(Message):
        """A click on the board at cell (``col``, ``row``)."""

        def __init__(self, col: int, row: int) -> None:
            super().__init__()
            self.col = col
            """The clicked column of the board."""
            self.row = row
            """The clicked row of the board."""

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.edge: int | None = None
        """The edge under the cursor."""
        self.first_node: int | None = None
        """A node typed or clicked, waiting for the second node of an edge."""
        self.size_cells = (MIN_COLS, MIN_ROWS)
        """The board's size in cells."""
        self._layout: BoardLayout | None = None

    def compose(self) -> ComposeResult:
        """The board, the line naming the chosen edge, and the seats' legend."""
        with Vertical(id="sim-box"):
            yield SimCanvas(id="sim-canvas")
            yield Static(id="sim-choice")
            yield Static(id="sim-legend")

    # ----- geometry ----------------------------------------------------------------------------------
    def fit(self, width: int, height: int) -> bool:
        """Take as much of the view as the board can use."""
        cols = min(max(width - BOARD_MARGIN - 2, MIN_COLS), MAX_COLS)
        rows = min(max(height - BOARD_MARGIN - LINES_BELOW, MIN_ROWS), MAX_ROWS)
        changed = (cols, rows) != self.size_cells
        self.size_cells = (cols, rows)
        return changed

    def board(self) -> BoardLayout:
        """The layout for the game's node count at the current size (worked out once per size)."""
        nodes = self.state.nodes
        cols, rows = self.size_cells
        layout = self._layout
        if layout is None or (layout.nodes, layout.cols, layout.rows) != (nodes, cols, rows):
            layout = self._layout = board_layout(nodes, cols, rows)
        return layout

    # ----- drawing -----------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Paint the board, the chosen edge and the legend."""
        self._fix_cursor()
        self.query_one("#sim-canvas", SimCanvas).update(self._board_content())
        self.query_one("#sim-choice", Static).update(self._choice_text())
        self.query_one("#sim-legend", Static).update(self._legend())

    def _edge_roles(self) -> dict[int, tuple[str, str]]:
        """Each edge's (role, style): its seat's colour, or the highlight it has now."""
        state = self.state
        roles: dict[int, tuple[str, str]] = {}
        for edge, owner in enumerate(state.colours):
            roles[edge] = ("seat", f"{seat_colour(owner)} bold") if owner >= 0 else ("free", "$foreground 40%")
        last = self.match.last_action
        if isinstance(last, int) and last in roles and not state.is_terminal:
            roles[last] = ("last", roles[last][1] + " underline")
        for seat in state.seats_out:
            a, b, c = state.losing_triangle(seat)
            for edge in (state.edge_between(a, b), state.edge_between(a, c), state.edge_between(b, c)):
                roles[edge] = ("lost", f"{seat_colour(seat)} bold reverse")
        if self.hinted is not None and self.hinted in roles:
            roles[self.hinted] = ("hint", "$success bold underline")
        if self.edge is not None and self._playing():
            roles[self.edge] = ("cursor", "$accent bold reverse")
        return roles

    def _pattern(self, edge: int, role: str) -> tuple[int, ...]:
        """The cursor and the hint are solid; other edges have their seat's pattern (or the free one)."""
        owner = self.state.colours[edge]
        if role in ("cursor", "hint"):
            return PATTERNS[0]
        return FREE_PATTERN if owner < 0 else PATTERNS[owner]

    def strokes(self) -> bool:
        """True when the board is drawn with characters along the edges (ASCII, or many nodes)."""
        return self.glyphs.name == "ascii" or self.state.nodes >= STROKES_FROM

    def _board_content(self) -> Content:
        layout = self.board()
        cols, rows = layout.cols, layout.rows
        ascii_board = self.strokes()
        chars = [[" "] * cols for _ in range(rows)]
        dots = [[0] * cols for _ in range(rows)]
        styles: list[list[str | None]] = [[None] * cols for _ in range(rows)]
        # lines that matter more are drawn later: where lines cross, a cell takes the later line's style
        for edge, (role, style) in sorted(self._edge_roles().items(), key=lambda item: PRIORITY[item[1][0]]):
            owner = self.state.colours[edge]
            if ascii_board:
                mark = layout.edge_strokes[edge] if owner < 0 else seat_mark(owner, ASCII).shape
                if role in ("cursor", "hint"):
                    mark = "*" if owner < 0 else mark
                for col, row in layout.edge_cells[edge]:
                    chars[row][col] = mark
                    styles[row][col] = style
                continue
            pattern = self._pattern(edge, role)
            extra_x, extra_y = layout.edge_thickening[edge] if role != "free" else (0, 0)
            for index, (x, y) in enumerate(layout.edge_dots[edge]):
                if not pattern[index % len(pattern)]:
                    continue
                for dot_x, dot_y in {(x, y), (x + extra_x, y + extra_y)}:
                    col, row = dot_x // 2, dot_y // 4
                    if col < cols and row < rows:
                        dots[row][col] |= dot_bit(dot_x, dot_y)
                        styles[row][col] = style
        picked = set(self.state.edge_nodes(self.edge)) if self.edge is not None and self._playing() else set()
        for node, (col, row) in enumerate(layout.node_cells):
            chars[row][col] = NODE_LETTERS[node]
            dots[row][col] = 0
            waiting = node == self.first_node
            style = "bold reverse underline" if waiting else ("bold reverse" if node in picked else "bold")
            styles[row][col] = style
        lines = []
        for row in range(rows):
            pieces = []
            for col in range(cols):
                char = chars[row][col]
                if not ascii_board and char == " " and dots[row][col]:
                    char = braille(dots[row][col])
                pieces.append((char, styles[row][col]) if styles[row][col] else char)
            lines.append(Content.assemble(*pieces))
        return Content("\n").join(lines)

    def _choice_text(self) -> Content:
        state = self.state
        if state.is_terminal:
            return Content("")
        if self.first_node is not None:
            return Content.assemble(("Edge ", ""), (f"{NODE_LETTERS[self.first_node]}-?", "bold reverse"),
                                    ("  type or click its other node", "dim"))
        if self.edge is None:
            return Content("")
        a, b = state.edge_nodes(self.edge)
        mover = state.current_player
        warning = ("  completes your triangle!", "$warning bold") if mover >= 0 and state.would_lose(
            self.edge, mover) else ("  Enter colours it", "dim")
        return Content.assemble(("Edge ", ""), (f"{NODE_LETTERS[a]}-{NODE_LETTERS[b]}", "bold reverse"), warning)

    def _legend(self) -> Content:
        state = self.state
        pieces: list[Any] = []
        out = state.seats_out
        for seat in range(state.num_players):
            mark = seat_mark(seat, self.glyphs)
            sample = seat_mark(seat, ASCII).shape * 3 if self.strokes() else pattern_sample(PATTERNS[seat], thick=True)
            pieces.append((sample, f"{seat_colour(seat)} bold"))
            name = f" {mark.label} {state.spec.seat_name(seat)}"
            pieces.append((name + (" out" if seat in out else ""), "strike" if seat in out else ""))
            pieces.append(("  ", ""))
        return Content.assemble(*pieces)

    def status_lines(self, match: Any) -> list[str]:
        """Edges coloured and safe edges left per seat still in; the coalition, if any."""
        state = match.state
        lines = []
        if state.coalition:
            names = [match.spec.seat_name(seat) for seat in range(3)]
            lines += [f"Coalition: {names[1]} + {names[2]}", f"against {names[0]}"]
        colours = state.colours
        for seat in range(state.num_players):
            name = match.spec.seat_name(seat)
            if seat in state.seats_out:
                lines.append(f"{name}: out")
                continue
            lines.append(f"{name}: {counted(colours.count(seat), 'edge')}, {state.safe_edges(seat)} safe")
        lines.append(f"Free edges: {colours.count(-1)}")
        return lines

    # ----- the cursor --------------------------------------------------------------------------------
    def _playing(self) -> bool:
        return self.match is not None and not self.state.is_terminal

    def _free(self) -> list[int]:
        return [edge for edge, owner in enumerate(self.state.colours) if owner < 0]

    def _fix_cursor(self) -> None:
        """Keep the cursor on a free edge (the nearest one after it)."""
        free = self._free()
        if not free:
            self.edge = None
        elif self.edge not in free:
            start = self.edge or 0
            self.edge = next((edge for edge in free if edge >= start), free[0])
        if self.first_node is not None and self.first_node >= self.state.nodes:
            self.first_node = None

    def _changed(self) -> None:
        if self.match is not None:
            self.redraw()

    def action_step(self, step: int) -> None:
        """The previous or next free edge (wrapping around)."""
        free = self._free() if self.match is not None else []
        if free:
            index = free.index(self.edge) if self.edge in free else 0
            self.edge = free[(index + step) % len(free)]
        self.first_node = None
        self._changed()

    def action_jump(self, step: int) -> None:
        """The first free edge of the previous or next node (edges are grouped by their first node)."""
        free = self._free() if self.match is not None else []
        if not free:
            return
        first = self.state.edge_nodes(self.edge)[0] if self.edge is not None else 0
        groups = sorted({self.state.edge_nodes(edge)[0] for edge in free})
        later = [group for group in groups if (group - first) * step > 0]
        target = (min(later) if step > 0 else max(later)) if later else (groups[0] if step > 0 else groups[-1])
        self.edge = next(edge for edge in free if self.state.edge_nodes(edge)[0] == target)
        self.first_node = None
        self._changed()

    def action_node(self, node: int) -> None:
        """A node letter: the first one waits for a second; the second picks the edge between them."""
        if not self._playing() or node >= self.state.nodes:
            return
        if self.first_node is None or self.first_node == node:
            self.first_node = None if self.first_node == node else node
            self._changed()
            return
        edge = self.state.edge_between(self.first_node, node)
        self.first_node = None
        if self.state.colours[edge] >= 0:
            owner = self.match.spec.seat_name(self.state.colours[edge])
            self.notify(f"{self.move_name(edge)} is already {owner}'s", timeout=3)
        else:
            self.edge = edge
        self._changed()

    def action_colour(self) -> None:
        """Colour the edge under the cursor."""
        if self._playing() and self.edge is not None:
            self.choose(self.edge)

    def on_sim_view_cell_clicked(self, message: "SimView.CellClicked") -> None:
        """A node click works as its letter; an edge click picks the edge, a second click colours it."""
        message.stop()
        if not self._playing():
            return
        self.focus()
        layout = self.board()
        node = layout.node_at(message.col, message.row)
        if node is not None:
            self.action_node(node)
            return
        edge = layout.nearest_edge(message.col, message.row, self._free())
        if edge is None:
            return
        self.first_node = None
        if edge == self.edge:
            self.choose(edge)
        else:
            self.edge = edge
            self._changed()

    def move_name(self, action: int) -> str:
        """'a-c': the edge's two nodes."""
        a, b = self.state.edge_nodes(action)
        return f"{NODE_LETTERS[a]}-{NODE_LETTERS[b]}"

"""Written Yavalath positions for the tests: a diagram of the board (rows a-i, X White, O Black, ^ Red)
made into a state, cells by name, and an independent scan of every line on the board."""

from __future__ import annotations

from tui_games import catalog
from tui_games.engine.hexgrid import hexagon
from tui_games.games.yavalath import rules
from tui_games.games.yavalath.game import parse_cell

SPEC = catalog.get("yavalath")
MARKS = {"X": 0, "O": 1, "^": 2}
"""The seat of each mark in a diagram."""


def position(diagram: str, to_move: int, players: int = 2, swap: str = "off"):
    """A state with the stones of ``diagram`` (rows a-i, X White, O Black, ^ Red) and ``to_move`` to
    play (nobody out, no line of three or four on the board)."""
    state = SPEC.new(players=players, swap=swap)
    rows = [line.split() for line in diagram.strip("\n").splitlines()]
    assert [len(row) for row in rows] == [len(cells) for cells in rules.GRID.rows], "a row has the wrong length"
    stones = 0
    for cells, marks in zip(rules.GRID.rows, rows):
        for cell, mark in zip(cells, marks):
            if mark != ".":
                state.array[rules.CELLS + cell] = MARKS[mark] + 1
                stones += 1
    state.array[rules.FREE] = rules.N_CELLS - stones
    state.array[rules.PLY] = stones
    state.array[0] = to_move
    return state


def play(state, *names: str) -> None:
    """Play the named cells (or 'swap') in turn, checked."""
    for name in names:
        state.apply(state.parse_action(name))


def cells(*names: str) -> tuple[int, ...]:
    """The cells named, in index order."""
    return tuple(sorted(parse_cell(name) for name in names))


GRID = hexagon(5)
"""The board, for its axial coordinates."""
DIRECTIONS = ((1, 0), (0, 1), (1, -1))
"""The three line directions as axial steps."""


def scan(state, seat: int) -> list[int]:
    """The lengths of every maximal line of ``seat``'s stones (two or more) over the whole board,
    walked on the axial coordinates (not the rules' neighbour table)."""
    owners = state.owners
    lengths = []
    for cell, (q, r) in enumerate(GRID.coords):
        if owners[cell] != seat:
            continue
        for dq, dr in DIRECTIONS:
            before = GRID.index(q - dq, r - dr)
            if before >= 0 and owners[before] == seat:
                continue  # not the start of the line
            length, step = 1, GRID.index(q + dq, r + dr)
            while step >= 0 and owners[step] == seat:
                length += 1
                step = GRID.index(GRID.coords[step][0] + dq, GRID.coords[step][1] + dr)
            if length >= 2:
                lengths.append(length)
    return lengths


FOUR_TO_MAKE = """
    X . . . .
   . . . . . .
  . . . . . . O
 . . . . . . . .
X X . X . . . . .
 . . . . . . . .
  . O O . . . .
   . . . . . .
    . . . O .
"""
"""White (X) makes four on e3; Black (O) would make three on g1 or g4."""

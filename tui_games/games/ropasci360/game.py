"""RoPaSci 360 state: the protocol adapter over rules.py, read-only views for the UI and the AI, and
the course's action notation.

Actions are written as the course wrote them: ``throw r 4 -2`` (symbol letter r/p/s, then the hex's
``r`` and ``q``), ``slide 0 0 1 -1`` and ``swing 0 0 2 -1`` (from ``r q`` to ``r q``). Upper is seat 0
(capital letters R P S on the board), Lower seat 1 (r p s). Both seats' tokens are public.
"""

from __future__ import annotations

import numpy as np

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.engine.hexgrid import HexGrid
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.games.ropasci360 import evaluation, rules

SYMBOL_LETTERS = "rps"
"""Symbol letters in the notation: r rock, p paper, s scissors."""
SYMBOL_NAMES = ("rock", "paper", "scissors")
SEAT_NAMES = ("Upper", "Lower")
END_TEXTS = {
    rules.END_ELIMINATED: "no tokens and no throws left",
    rules.END_BOTH_INVINCIBLE: "both sides hold an invincible token",
    rules.END_INVINCIBLE: "an invincible token against a single token",
    rules.END_REPETITION: "the same position for the third time",
    rules.END_TURNS: "360 turns played",
}
"""Why the game ended, by end condition."""


def hex_coords(hex_: int) -> tuple[int, int]:
    """The ``(r, q)`` of hex ``hex_`` (0 -> (4, -4), 60 -> (-4, 4))."""
    q, r = rules.GRID.coords[hex_]
    return r, q


def hex_at(r: int, q: int) -> int:
    """The hex at ``(r, q)``; IllegalActionError when it is off the board."""
    hex_ = rules.GRID.index(q, r)
    if hex_ < 0:
        raise IllegalActionError(f"({r}, {q}) is not a hex of the board: r, q and -r-q must lie in -4..4")
    return hex_


def decode(action: int) -> tuple[str, int, int]:
    """``('throw', symbol, hex)`` or ``('slide' | 'swing', from_hex, to_hex)`` for an action id (a move
    between hexes more than two steps apart, never legal, reads as 'move')."""
    if 0 <= action < rules.THROW_ACTIONS:
        return "throw", action // rules.N_HEXES, action % rules.N_HEXES
    if rules.THROW_ACTIONS <= action < rules.MAX_ACTIONS:
        f, t = divmod(action - rules.THROW_ACTIONS, rules.N_HEXES)
        distance = rules.DISTANCE[f, t]
        return ("slide" if distance == 1 else "swing" if distance == 2 else "move"), f, t
    raise IllegalActionError(f"{action} is not an action: ids are 0-{rules.MAX_ACTIONS - 1}")


def action_text(action: int) -> str:
    """The course notation of ``action``: 'throw r 4 -2', 'slide 0 0 1 -1', 'swing 0 0 2 -1'."""
    kind, a, b = decode(action)
    if kind == "throw":
        return "throw {} {} {}".format(SYMBOL_LETTERS[a], *hex_coords(b))
    return "{} {} {} {} {}".format(kind, *hex_coords(a), *hex_coords(b))


def read_action_text(text: str) -> int:
    """The action id named by ``text`` in the course notation (commas and brackets allowed, any case);
    IllegalActionError saying why it names none."""
    words = text.lower().replace(",", " ").replace("(", " ").replace(")", " ").split()
    if not words:
        raise IllegalActionError("write an action: throw r 4 -2, slide 0 0 1 -1 or swing 0 0 2 -1")
    kind = words[0]
    try:
        if kind == "throw" and len(words) == 4:
            if words[1] not in SYMBOL_LETTERS and words[1] not in SYMBOL_NAMES:
                raise IllegalActionError(f"{words[1]!r} is not a symbol: r (rock), p (paper) or s (scissors)")
            symbol = SYMBOL_LETTERS.index(words[1][0])
            return symbol * rules.N_HEXES + hex_at(int(words[2]), int(words[3]))
        if kind in ("slide", "swing") and len(words) == 5:
            f = hex_at(int(words[1]), int(words[2]))
            t = hex_at(int(words[3]), int(words[4]))
            distance = rules.DISTANCE[f, t]
            if kind == "slide" and distance != 1:
                raise IllegalActionError(f"a slide goes to an adjacent hex: {words[1]} {words[2]} -> "
                                         f"{words[3]} {words[4]} is {distance} steps")
            if kind == "swing" and distance != 2:
                raise IllegalActionError(f"a swing lands two steps away: {words[1]} {words[2]} -> "
                                         f"{words[3]} {words[4]} is {distance} steps")
            return rules.THROW_ACTIONS + f * rules.N_HEXES + t
    except ValueError:
        raise IllegalActionError(f"{text!r}: hex coordinates are whole numbers, like 4 -2") from None
    raise IllegalActionError(f"{text!r} is not an action: write throw r 4 -2, slide 0 0 1 -1 or swing 0 0 2 -1")


class RoPaSciState(KernelState):
    """A RoPaSci 360 position: every token (public), throws left, the turn and how the game ended."""

    __slots__ = ()

    @property
    def grid(self) -> HexGrid:
        """The board's shape (rows from r = 4 down, neighbours) from the shared hex-grid module."""
        return rules.GRID

    def tokens(self, player: int) -> list[tuple[int, int]]:
        """``player``'s tokens as ``(hex, symbol)``, one entry per token, hexes ascending."""
        out = []
        for hex_ in range(rules.N_HEXES):
            for symbol in range(rules.N_SYMBOLS):
                out.extend([(hex_, symbol)] * int(self.array[rules.slot(player, symbol, hex_)]))
        return out

    def stack(self, hex_: int) -> list[tuple[int, int, int]]:
        """What stands on ``hex_``: ``(player, symbol, count)`` for each seat with tokens there."""
        out = []
        for player in range(2):
            for symbol in range(rules.N_SYMBOLS):
                count = int(self.array[rules.slot(player, symbol, hex_)])
                if count:
                    out.append((player, symbol, count))
        return out

    @property
    def throws_left(self) -> list[int]:
        """Throws left of Upper and Lower."""
        return self.field("throws")

    def throw_rows(self, player: int) -> list[int]:
        """The drawn rows (0 = r 4 at the top) ``player``'s next throw may land in; [] with no throws."""
        left = self.throws_left[player]
        if left == 0:
            return []
        n = rules.MAX_THROWS - left + 1
        return list(range(n)) if player == rules.UPPER else list(range(rules.N_ROWS - n, rules.N_ROWS))

    @property
    def turn(self) -> int:
        """Turns played so far."""
        return self.field("turn")

    @property
    def end_reason(self) -> int:
        """The end condition that ended the game (rules.END_*, 1-5), 0 while it runs."""
        return self.field("end")

    @property
    def last_actions(self) -> list[int | None]:
        """Upper's and Lower's actions in the last turn (None before the first)."""
        return [None if a < 0 else a for a in self.field("last")]

    def destinations(self, player: int, hex_: int) -> list[int]:
        """The hexes ``player``'s token on ``hex_`` may slide or swing to now (for the view)."""
        return [(a - rules.THROW_ACTIONS) % rules.N_HEXES for a in self.legal_actions(player)
                if a >= rules.THROW_ACTIONS and (a - rules.THROW_ACTIONS) // rules.N_HEXES == hex_]

    def why_not(self, player: int, action: int) -> str:
        """Why ``action`` is not legal for ``player`` now ('' when it is)."""
        if self.is_terminal:
            return "the game is over"
        if action in self.legal_actions(player):
            return ""
        return _reason(self, player, action)

    def hex_name(self, hex_: int) -> str:
        """'4 -2': the hex's r and q."""
        return "{} {}".format(*hex_coords(hex_))


def setup_position(spec, upper=(), lower=(), throws_left=(0, 0), turn: int = 0) -> RoPaSciState:
    """A position to study or test: ``upper`` and ``lower`` list tokens as ``(r, q, symbol)`` (symbol 0-2
    or a letter r/p/s), ``throws_left`` is [Upper's, Lower's]; the game goes on from turn ``turn`` with
    this configuration seen once. Battles are not resolved: give a hex one symbol only."""
    array = rules.initial_state()
    for player, tokens in enumerate((upper, lower)):
        for r, q, symbol in tokens:
            symbol = SYMBOL_LETTERS.index(symbol.lower()) if isinstance(symbol, str) else int(symbol)
            array[rules.slot(player, symbol, hex_at(r, q))] += 1
        left = int(throws_left[player])
        if not 0 <= left <= rules.MAX_THROWS:
            raise ValueError(f"throws left must be 0-{rules.MAX_THROWS} (got {left})")
        array[rules.THROWS + player] = left
    if not 0 <= turn < rules.MAX_TURNS:
        raise ValueError(f"turn must be 0-{rules.MAX_TURNS - 1} (got {turn})")
    array[rules.SEEN] = 0
    array[rules.TURN] = turn
    array[rules.SEEN + turn] = rules.config_key(array)
    return RoPaSciState(spec, KERNELS, 0, {}, array)


def _reason(state: RoPaSciState, player: int, action: int) -> str:
    try:
        kind, a, b = decode(action)
    except IllegalActionError as error:
        return str(error)
    seat = SEAT_NAMES[player]
    if kind == "throw":
        left = state.throws_left[player]
        if left == 0:
            return f"{seat} has thrown all nine tokens"
        n = rules.MAX_THROWS - left + 1
        side = "top" if player == rules.UPPER else "bottom"
        return f"{seat}'s throw number {n} must land in the {side} {n} row{'s' if n > 1 else ''}"
    here = rules.symbol_at(state.array, player, a)
    if here < 0:
        return f"{seat} has no token on {state.hex_name(a)}"
    if kind == "move":
        return f"{state.hex_name(a)} -> {state.hex_name(b)} is neither a slide (one step) nor a swing (two steps)"
    return (f"{seat} can swing from {state.hex_name(a)} to {state.hex_name(b)} only around a hex next to both "
            f"that holds one of {seat}'s own tokens")


def _name_action(state: RoPaSciState, action: int) -> str:
    return action_text(action)


def _read_action(state: RoPaSciState, text: str) -> int:
    return read_action_text(text)


def _why_illegal(state: RoPaSciState, action: int) -> str:
    return ("Upper and Lower choose at once in RoPaSci 360: play both actions together with "
            "apply_joint([upper, lower])")


def board_lines(state: RoPaSciState) -> list[str]:
    """The board as text rows from r = 4 down: each hex '.', a token letter (Upper R P S, Lower r p s),
    or a digit-led stack like '2R' / 'Rr'."""
    lines = []
    for row, cells in enumerate(rules.GRID.rows):
        marks = []
        for hex_ in cells:
            text = "".join((str(n) if n > 1 else "") + (SYMBOL_LETTERS[s].upper() if p == 0 else SYMBOL_LETTERS[s])
                           for p, s, n in state.stack(hex_))
            marks.append(text or ".")
        r = rules.GRID.coords[cells[0]][1]
        lines.append(f"{r:>2} " + " " * (9 - len(cells)) + " ".join(marks))
    return lines


def _observe(state: RoPaSciState, player: int) -> str:
    left = state.throws_left
    lines = [f"Turn {state.turn + 1 if not state.is_terminal else state.turn} of {rules.MAX_TURNS}",
             f"Throws left: Upper {left[0]}, Lower {left[1]}"]
    lines.extend(board_lines(state))
    return "\n".join(lines)


def _initial(seed: int, params: dict) -> np.ndarray:
    return rules.initial_state()


def result_text(state: RoPaSciState) -> str:
    """'Upper wins: no tokens and no throws left', 'Draw: 360 turns played' and the like."""
    why = END_TEXTS.get(state.end_reason, "")
    winner = state.winner
    head = "Draw" if winner is None else f"{state.spec.seat_name(winner)} wins"
    return f"{head}: {why}" if why else head


KERNELS = GameKernels.from_rules(
    rules,
    evaluate=evaluation.evaluate,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)

DEFINITION = GameDefinition(state_class=RoPaSciState, kernels=KERNELS,
                            make_ai=ai_factory("tui_games.games.ropasci360.ai"), result_text=result_text)
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""

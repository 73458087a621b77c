"""Sim state: the protocol adapter over rules.py, with the result of a game of two or three seats."""

from __future__ import annotations

import re

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.core.outcome import Outcome
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.games.sim import rules

NODE_NAMES = "abcdefghijkl"
"""Node ``i`` is called by the ``i``-th letter."""


def edge_count(nodes: int) -> int:
    """How many edges a board of ``nodes`` nodes has."""
    return nodes * (nodes - 1) // 2


class SimState(KernelState):
    """A Sim position: the edges' colours, who is out, and the triangles that put seats out."""

    __slots__ = ()

    @property
    def nodes(self) -> int:
        """K, the number of nodes."""
        return self.field("n_nodes")

    @property
    def coalition(self) -> bool:
        """True when seats 1 and 2 play as a team against seat 0."""
        return bool(self.field("coalition"))

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """The teams: seats 1 and 2 against seat 0 with the coalition, else None (each for itself)."""
        return ((0,), (1, 2)) if self.coalition else None

    @property
    def colours(self) -> list[int]:
        """Each edge's owner in action order: -1 free, else the seat that coloured it."""
        return [owner - 1 for owner in self.field("edges")[:edge_count(self.nodes)]]

    def edge_nodes(self, edge: int) -> tuple[int, int]:
        """The two nodes of ``edge``, smaller first; IllegalActionError for a number that is no edge
        of this board (the kernel walks the edges and would never end for a large one)."""
        count = edge_count(self.nodes)
        if not 0 <= edge < count:
            raise IllegalActionError(f"there is no edge {edge}: edges are 0-{count - 1}")
        a, b = rules.edge_nodes(self.nodes, edge)
        return int(a), int(b)

    def edge_between(self, a: int, b: int) -> int:
        """The edge joining nodes ``a`` and ``b`` (two different nodes, either order)."""
        return int(rules.edge_index(self.nodes, a, b))

    @property
    def seats_out(self) -> list[int]:
        """The seats that completed a triangle, in the order they went out."""
        out = self.field("out")
        return sorted((seat for seat in range(self.num_players) if out[seat]), key=lambda seat: out[seat])

    def losing_triangle(self, seat: int) -> tuple[int, int, int] | None:
        """The nodes of the triangle that put ``seat`` out (its closing edge's two nodes first)."""
        edge = self.field("out_edge")[seat]
        if edge < 0:
            return None
        a, b = self.edge_nodes(edge)
        return a, b, int(rules.third_node(self.array, edge, seat))

    def would_lose(self, edge: int, seat: int) -> bool:
        """True when colouring the free ``edge`` completes a triangle of ``seat``'s colour."""
        return int(rules.third_node(self.array, edge, seat)) >= 0

    def safe_edges(self, seat: int) -> int:
        """How many free edges ``seat`` could still colour without completing a triangle."""
        return int(rules.safe_edges(self.array, seat))


def edge_name(state: SimState, edge: int) -> str:
    """'a-c': the edge's two nodes by letter."""
    a, b = state.edge_nodes(edge)
    return f"{NODE_NAMES[a]}-{NODE_NAMES[b]}"


def _name_action(state: SimState, action: int) -> str:
    return edge_name(state, action)


_LETTERS = re.compile(r"([a-l])\s*[-,\s]?\s*([a-l])")
_NUMBERS = re.compile(r"(\d{1,2})\s*[-,\s]\s*(\d{1,2})")


def _read_action(state: SimState, text: str) -> int:
    word = text.lower()
    letters, numbers = _LETTERS.fullmatch(word), _NUMBERS.fullmatch(word)
    if letters:
        a, b = (NODE_NAMES.index(letter) for letter in letters.groups())
    elif numbers:
        a, b = (int(number) - 1 for number in numbers.groups())
    else:
        raise IllegalActionError(f"{text!r} is not an edge: name its two nodes, as 'a-c' or '1-3'")
    last = NODE_NAMES[state.nodes - 1]
    if not (0 <= a < state.nodes and 0 <= b < state.nodes):
        raise IllegalActionError(f"the nodes are a-{last} (1-{state.nodes})")
    if a == b:
        raise IllegalActionError("an edge joins two different nodes")
    return state.edge_between(a, b)


def _why_illegal(state: SimState, action: int) -> str:
    if not 0 <= action < edge_count(state.nodes):
        return f"there is no edge {action}: edges are 0-{edge_count(state.nodes) - 1}"
    owner = state.colours[action]
    if owner >= 0:
        return f"edge {edge_name(state, action)} is already {state.spec.seat_name(owner)}'s"
    return f"edge {edge_name(state, action)} cannot be coloured now"


def _observe(state: SimState, player: int) -> str:
    colours = state.colours
    lines = []
    for seat in range(state.num_players):
        mine = [edge_name(state, e) for e, owner in enumerate(colours) if owner == seat]
        out = " (out)" if seat in state.seats_out else ""
        lines.append(f"{state.spec.seat_name(seat)}{out}: {' '.join(mine) or '-'}")
    free = [edge_name(state, e) for e, owner in enumerate(colours) if owner < 0]
    lines.append(f"free: {' '.join(free) or '-'}")
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    seats = params["players"]
    return rules.initial_state(params["nodes"], seats, int(seats == 3 and params["coalition"] == "1-2"))


def _names(state: SimState, seats) -> str:
    names = [state.spec.seat_name(seat) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def outcome(state: SimState) -> Outcome:
    """Ranked by the returns; a tie of the two seats left after one went out is a draw for those two
    and a loss for the seat out (not a shared win)."""
    if state.coalition:
        return Outcome.from_returns(state.returns())
    return Outcome.after_eliminations(state.returns(), state.seats_out, state.winner)


def result_text(state: SimState) -> str:
    """'White wins', 'Black out; White and Blue tie', 'White and Blue win (Black's triangle)', 'Draw ...'."""
    out = state.seats_out
    if state.coalition and out:
        loser = out[0]
        winners = [0] if loser else [1, 2]
        verb = "wins" if len(winners) == 1 else "win"
        return f"{_names(state, winners)} {verb} ({state.spec.seat_name(loser)}'s triangle)"
    if state.winner is not None:
        note = f" ({_names(state, out)} out)" if state.num_players == 3 else ""
        return f"{state.spec.seat_name(state.winner)} wins{note}"
    if out:
        left = [seat for seat in range(state.num_players) if seat not in out]
        return f"{_names(state, out)} out; {_names(state, left)} tie"
    return "Draw: every edge coloured, no triangle"


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)


DEFINITION = GameDefinition(state_class=SimState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.sim.ai"),
                            result_text=result_text, outcome=outcome)
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""

"""The game as one seat of a room sees it, shaped like a :class:`~tui_games.match.Match` for the screen.

A room (on the server) sends each person a view of their own seat: the redacted state array, the
history with what they may not know as -1, the log lines they may read, the seats, the result. A
:class:`SeatMatch` turns the latest of those views into what the game views and the game screen read
of a match (``match.state``, ``match.human_to_move``, ``match.log_for(...)`` ...). It knows nothing
the view does not hold: its state is rebuilt from the redacted array (never the whole state, which
never reaches a session), its seed is unknown, and nothing in it can change the game: moves go to
the room through a :class:`~tui_games.online.room_table.RoomTable`.

A view comes as the room's message object or as its JSON payload (a dict); both read the same.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any, Callable

import numpy as np

from tui_games.core.players import CHANCE, SIMULTANEOUS, TERMINAL
from tui_games.core.seats import Seat
from tui_games.core.spec import GameSpec
from tui_games.engine.observer import EVERYONE, NOBODY, PUBLIC_VIEW, LogEntry


def view_record(view: Any) -> dict:
    """``view`` (a SeatView or its payload) as a plain dict of its fields (nested records as dicts)."""
    if isinstance(view, dict):
        return view
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        return dataclasses.asdict(view)
    raise TypeError(f"not a seat view: {view!r}")


def _plain(entry):
    return tuple(int(a) for a in entry) if isinstance(entry, (list, tuple)) else int(entry)


class SeatMatch:
    """What one seat (or a spectator) of a room may see of its game, read like a Match.

    Built empty for ``spec``; :meth:`update` takes each new view, :meth:`use_template` the game's
    state class (a fresh state of the game, which needs the kernels prepared) from which the seat's
    state is rebuilt. Until both came, :attr:`state` is None.
    """

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        """The game."""
        self.seed = None
        """Unknown: the room's seed (which fixes every hidden card) never leaves the server."""
        self.view: dict = {}
        """The latest view, as a dict of its fields."""
        self.state = None
        """The state as this seat sees it (redacted), or None before the first playing view."""
        self.log_entries: list[LogEntry] = []
        """The deal's actions as this seat may know them (a hidden one's action is -1, its audience NOBODY)."""
        self.seats: list[Seat] = []
        """Who plays each seat: a person (human) or an AI of a level."""
        self._template = None
        self._lines: list[str] = []
        self._received_at = time.monotonic()

    # ----- taking views ------------------------------------------------------------------------------
    def use_template(self, template) -> None:
        """Rebuild states from now on as instances of ``template``'s class (a fresh state of the game)."""
        self._template = template
        self._rebuild()

    def update(self, view: Any) -> None:
        """Show ``view`` (it replaces the last one whole)."""
        self.view = view_record(view)
        self._received_at = time.monotonic()
        self.seats = [Seat("ai", int(info["level"] or 1)) if info["kind"] == "ai" else Seat()
                      for info in self.seat_infos]
        self._rebuild()

    def _rebuild(self) -> None:
        view, template = self.view, self._template
        if template is None or view.get("state") is None:
            self.state = None
            self.log_entries, self._lines = [], []
            return
        history = [_plain(entry) for entry in view.get("history") or ()]
        viewer = int(view["viewer"])
        array = np.array(view["state"], dtype=np.int64)
        self.state = type(template)(self.spec, template.kernels, 0, dict(view.get("params") or {}), array,
                                    history, viewer)
        self._lines = [str(line) for line in view.get("log") or ()]
        self.log_entries = [self._entry(action, line) for action, line in zip(history, self._lines)]

    def _entry(self, action, line: str) -> LogEntry:
        """The log entry of ``action`` from its log line ('Player 1: call', '  (Kd)', a joint move's name)."""
        audience = NOBODY if action == -1 else EVERYONE
        if isinstance(action, tuple):
            return LogEntry(SIMULTANEOUS, action, audience, line)
        if line.startswith("  (") and line.endswith(")"):
            return LogEntry(CHANCE, action, audience, line[3:-1])
        for seat in range(len(self.seats)):
            label = f"{self.spec.seat_name(seat)}: "
            if line.startswith(label):
                return LogEntry(seat, action, audience, line[len(label):])
        return LogEntry(CHANCE, action, audience, line.strip())

    # ----- the room ----------------------------------------------------------------------------------
    @property
    def seat_infos(self) -> list[dict]:
        """What everyone may know of each seat (name, kind, connected, to move, chosen, timer)."""
        return [view_record(info) for info in self.view.get("seats") or ()]

    @property
    def viewer(self) -> int:
        """The seat this view is for, or PUBLIC_VIEW (a spectator)."""
        return int(self.view.get("viewer", PUBLIC_VIEW))

    @property
    def position(self) -> int:
        """The position's token, sent with a move (the room refuses it once the position changed)."""
        return int(self.view.get("position", 0))

    @property
    def legal(self) -> list[int]:
        """The actions this seat may take now (empty when it is not to move)."""
        return [int(view_record(item)["action"]) for item in self.view.get("legal") or ()]

    @property
    def status(self) -> str:
        """The room's status: 'waiting', 'playing', 'finished' or 'closed'."""
        return str(self.view.get("status", "waiting"))

    @property
    def thinking(self) -> str | None:
        """What the room's AI seats are doing ('... is thinking...'), or None."""
        return self.view.get("thinking")

    @property
    def params(self) -> dict:
        """The room's game parameters, resolved."""
        return dict(self.view.get("params") or {})

    # ----- whose turn --------------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        """The seat to move, or CHANCE / SIMULTANEOUS / TERMINAL."""
        return self.state.current_player if self.state is not None else TERMINAL

    @property
    def is_over(self) -> bool:
        """True once the deal has ended."""
        return self.state is not None and self.state.is_terminal

    @property
    def observer_seat(self) -> int | None:
        """This seat, or None for a spectator (whose screen shows the public view)."""
        viewer = self.viewer
        return viewer if viewer >= 0 else None

    @property
    def human_seats(self) -> list[int]:
        """The seats played at this screen: this seat (none for a spectator). The other people at the
        table play theirs on their own screens (see :attr:`seats`)."""
        viewer = self.observer_seat
        return [] if viewer is None else [viewer]

    @property
    def human_to_move(self) -> bool:
        """True when this seat is to move now."""
        return self.observer_seat is not None and self.to_move == self.viewer and bool(self.legal)

    @property
    def ai_to_move(self) -> bool:
        """True when an AI seat is to move."""
        seat = self.to_move
        return 0 <= seat < len(self.seats) and self.seats[seat].is_ai

    @property
    def at_simultaneous_node(self) -> bool:
        """True when every seat chooses at once."""
        return self.to_move == SIMULTANEOUS

    @property
    def seats_to_choose(self) -> list[int]:
        """At a simultaneous node, the seats whose choice is not in yet."""
        if not self.at_simultaneous_node:
            return []
        return [int(info["seat"]) for info in self.seat_infos if not info.get("chosen")]

    @property
    def humans_to_choose(self) -> list[int]:
        """This seat, while it is still to choose at a simultaneous node."""
        return [seat for seat in self.seats_to_choose if seat in self.human_seats and self.legal]

    @property
    def choosing_human(self) -> int | None:
        """This seat while its choice is wanted at a simultaneous node, else None."""
        humans = self.humans_to_choose
        return humans[0] if humans else None

    @property
    def joint_choices(self) -> dict[int, int]:
        """At a simultaneous node, the seats that chose: this seat's own choice, -1 for another's
        (which stays secret until all are in)."""
        if not self.at_simultaneous_node:
            return {}
        mine = self.view.get("my_choice")
        chosen = {int(info["seat"]): -1 for info in self.seat_infos if info.get("chosen")}
        if mine is not None and self.observer_seat is not None:
            chosen[self.viewer] = int(view_record(mine)["action"])
        return chosen

    def has_chosen(self, seat: int) -> bool:
        """True when ``seat`` chose at this simultaneous node, as the room tells it (a seat whose only
        action was chosen for it reads as still choosing)."""
        return seat in self.joint_choices

    def needs_handoff(self, next_seat: int) -> bool:
        """Never: each person has their own screen."""
        return False

    # ----- what was played ---------------------------------------------------------------------------
    @property
    def movers(self) -> list[int]:
        """Who made each action of the deal: a seat, CHANCE or SIMULTANEOUS."""
        return [entry.mover for entry in self.log_entries]

    @property
    def last_action(self) -> int | None:
        """The last action a player (not chance) made, when this seat may know it; else None."""
        for entry in reversed(self.log_entries):
            if entry.mover >= 0:
                return entry.action if entry.action != -1 else None
        return None

    def log_for(self, observer: int | None = None) -> list[tuple[LogEntry, str]]:
        """The move log as this seat may read it, as (entry, line) pairs (``observer`` is ignored: a
        seat's view holds its own log only)."""
        return list(zip(self.log_entries, self._lines))

    def visible_log(self, observer: int | None = None, moves_only: bool = False,
                    name: Callable[[int], str] | None = None) -> list[str]:
        """The log lines this seat may read; ``moves_only`` leaves chance outcomes out until the deal is
        over; ``name(action)`` gives a view's short names for players' moves (see Match.visible_log)."""
        lines = []
        for entry, line in self.log_for():
            if entry.mover == CHANCE:
                if not (moves_only and not self.is_over):
                    lines.append(line)
            elif name is not None and entry.mover == SIMULTANEOUS and -1 not in entry.action:
                lines.append(", ".join(f"{self.spec.seat_name(seat)} {name(action)}"
                                       for seat, action in enumerate(entry.action)))
            elif name is not None and entry.mover >= 0 and entry.action != -1:
                lines.append(f"{self.spec.seat_name(entry.mover)}: {name(entry.action)}")
            else:
                lines.append(line)
        return lines

    @property
    def move_log(self) -> list[str]:
        """The log lines this seat may read."""
        return list(self._lines)

    def shown_state(self):
        """The state as this seat sees it (the only state a seat has)."""
        return self.state

    # ----- results and deals -------------------------------------------------------------------------
    @property
    def result_text(self) -> str:
        """The room's result line once the deal (or the match) is over, else ''."""
        return str(self.view.get("result") or "")

    @property
    def match_over(self) -> bool:
        """True once the room's whole match is over."""
        return bool(self.view.get("match_over"))

    @property
    def deal_number(self) -> int:
        """The deal being played (1 for a one-deal game)."""
        return int(self.view.get("deal_number") or 1)

    series = None
    """A seat does not hold the series' record (its deals' seeds are secret): see :meth:`series_lines`."""
    standing = None
    """See :attr:`series`."""

    def series_lines(self) -> list[str]:
        """The series for the side panel, as the room wrote it (empty for one deal)."""
        return [str(line) for line in self.view.get("standing") or ()]

    @property
    def next_deal_s(self) -> float | None:
        """Between the deals of a match: seconds left now until the room deals the next one (counted
        from when the view came); None when no deal is coming."""
        seconds = self.view.get("next_deal_s")
        if seconds is None:
            return None
        return max(0.0, float(seconds) - (time.monotonic() - self._received_at))

    can_next_deal = False
    """The room deals the next hand on its own (see :attr:`next_deal_s`)."""
    can_leave = False
    """Leaving is leaving the room (see RoomTable.close), not ending a series."""

    # ----- what a room never offers ------------------------------------------------------------------
    can_undo = False
    """Never in a room."""
    can_redo = False
    """Never in a room."""
    undo_withdraws_result = False
    """Never in a room."""
    storage_problem = None
    """The room saves its game on the server: nothing is written here."""
    clock_running = False
    """No timed solo game is played in a room."""
    clock_seconds = None
    """See :attr:`clock_running`."""

    def start_clock(self) -> None:
        """Nothing: no timed game's clock runs at a seat."""

    def save(self) -> None:
        """Nothing: the room saves its game on the server."""


__all__ = ["SeatMatch", "view_record"]

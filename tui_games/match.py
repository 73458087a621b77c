"""A game being played: seats, turns, undo/redo, AI players, auto-save and statistics.

This is the controller the UI and the command line share; it imports no UI code. Every change of
position goes through :meth:`Match.play`, :meth:`Match.undo` or :meth:`Match.redo`, and each one
auto-saves, so quitting or a lost connection never loses the last position. A game's statistics are
written once, in one transaction, the moment it ends.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tui_games.core.errors import IllegalActionError, SaveFileError
from tui_games.core.hints import Hint
from tui_games.core.players import CHANCE, TERMINAL
from tui_games.core.registry import get
from tui_games.core.spec import GameSpec
from tui_games.store import saves, stats


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a human, or an AI of strength ``level``."""

    kind: str = "human"
    level: int = 0

    @property
    def is_ai(self) -> bool:
        """True for an AI seat."""
        return self.kind == "ai"

    def to_text(self) -> str:
        """'human' or 'ai:LEVEL', as in save files and on the command line."""
        return f"ai:{self.level}" if self.is_ai else "human"

    @classmethod
    def parse(cls, text: str) -> "Seat":
        """A Seat from 'human' or 'ai:LEVEL' (also 'ai' meaning level 1)."""
        word = text.strip().lower()
        if word in ("human", "h"):
            return cls()
        if word == "ai":
            return cls("ai", 1)
        if word.startswith("ai:") and word[3:].isdigit():
            return cls("ai", int(word[3:]))
        raise ValueError(f"a seat is 'human' or 'ai:LEVEL' (got {text!r})")


def default_seats(spec: GameSpec) -> list[Seat]:
    """Seat 0 human, the others AI at a middle level."""
    middle = max(1, (spec.max_level + 1) // 2)
    return [Seat()] + [Seat("ai", middle) for _ in range(spec.min_players - 1)]


class Match:
    """One game in progress (or finished), bound to its save file."""

    def __init__(self, spec: GameSpec, params: dict, seats: list[Seat], seed: int,
                 save_path: Path | None = None, history: list[int] | None = None) -> None:
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise ValueError(f"{spec.title} takes {spec.min_players}-{spec.max_players} players, "
                             f"not {len(seats)}")
        for seat in seats:
            if seat.is_ai and not 1 <= seat.level <= spec.max_level:
                raise ValueError(f"{spec.title} AI levels are 1..{spec.max_level} (got {seat.level})")
        self.spec = spec
        seats_param = spec.extra.get("seats_param")
        if seats_param:
            params = {**params, seats_param: len(seats)}
        self.params = spec.resolve_params(params)
        self.seats = list(seats)
        self.seed = int(seed)
        self.save_path = save_path or saves.new_save_path(spec.id)
        self.state = spec.new(seed=self.seed, **self.params)
        self._log: list[str] = []
        self.movers: list[int] = []
        self.redo_stack: list[int] = []
        self.game_key = f"{self.save_path.stem}"
        self.stats_recorded = False
        self._ais: dict[int, object] = {}
        self._hinter = None
        self._shown_seat: int | None = None
        self._replay(history or [])

    # ----- creation ------------------------------------------------------------------------------
    @classmethod
    def new(cls, spec: GameSpec, params: dict | None = None, seats: list[Seat] | None = None,
            seed: int | None = None) -> "Match":
        """A new game; seeds default to a random one, seats to :func:`default_seats`."""
        seed = secrets.randbelow(2**31) if seed is None else seed
        match = cls(spec, params or {}, seats or default_seats(spec), seed)
        match.save()
        return match

    @classmethod
    def from_record(cls, record: saves.SaveRecord, path: Path | None) -> "Match":
        """Rebuild a game by replaying a save record through the kernels."""
        spec = get(record.game)
        if record.rules_version > spec.rules_version:
            raise SaveFileError(f"saved with newer {spec.title} rules (version {record.rules_version})")
        try:
            seats = [Seat.parse(s) for s in record.seats]
            match = cls(spec, record.params, seats, record.seed, save_path=path, history=record.history)
        except (IllegalActionError, ValueError) as error:
            raise SaveFileError(f"the saved moves do not replay: {error}") from None
        match.redo_stack = list(record.redo)
        match.stats_recorded = record.finished
        return match

    @classmethod
    def resume(cls, path: Path) -> "Match":
        """Load a save file; a damaged one is moved aside and SaveFileError says why."""
        path = Path(path)
        try:
            record = saves.read_save(path)
            return cls.from_record(record, path)
        except SaveFileError as error:
            if path.exists() and path.parent == saves.saves_dir():
                saves.quarantine(path, str(error))
            raise

    @classmethod
    def from_example(cls, path: Path) -> "Match":
        """Start a new user game from a bundled example (the example file itself is never written)."""
        record = saves.read_save(path)
        match = cls.from_record(record, None)
        match.save_path = saves.new_save_path(match.spec.id)
        match.game_key = match.save_path.stem
        match.stats_recorded = False
        match.save()
        return match

    # ----- whose turn ------------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        """The seat to move, or CHANCE / TERMINAL."""
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_terminal

    @property
    def human_to_move(self) -> bool:
        """True when a human seat is to move."""
        return self.to_move >= 0 and not self.seats[self.to_move].is_ai

    @property
    def ai_to_move(self) -> bool:
        """True when an AI seat is to move."""
        return self.to_move >= 0 and self.seats[self.to_move].is_ai

    @property
    def human_seats(self) -> list[int]:
        """The seats played by humans."""
        return [i for i, seat in enumerate(self.seats) if not seat.is_ai]

    @property
    def last_action(self) -> int | None:
        """The last action a player (not chance) made, or None."""
        for mover, action in zip(reversed(self.movers), reversed(self.state.history)):
            if mover >= 0:
                return action
        return None

    def needs_handoff(self, next_seat: int) -> bool:
        """True when hidden information requires a 'pass to player N' screen before ``next_seat`` moves."""
        if self.spec.perfect_information or len(self.human_seats) < 2:
            return False
        return next_seat in self.human_seats and next_seat != self._shown_seat

    def handed_to(self, seat: int) -> None:
        """Record that ``seat`` now has the device (after the handoff screen)."""
        self._shown_seat = seat

    @property
    def observer_seat(self) -> int | None:
        """Whose view to draw: the lone human, the human who has the device, or None (show all)."""
        humans = self.human_seats
        if len(humans) == 1:
            return humans[0]
        if len(humans) > 1:
            return self._shown_seat if self._shown_seat is not None else humans[0]
        return None

    # ----- moves -----------------------------------------------------------------------------------
    def play(self, action: int) -> None:
        """Play ``action`` for the seat to move, resolve chance, auto-save, record the end."""
        self._apply_logged(action)
        self.redo_stack.clear()
        self._advance_chance()
        self._after_change()

    def _apply(self, action: int) -> None:
        """Apply one action (a player's or a chance outcome) and log it."""
        mover = self.to_move
        if mover == TERMINAL:
            raise IllegalActionError("the game is over")
        name = self.state.action_to_string(action)
        self.state.apply(action)
        self.movers.append(mover)
        self._log.append(f"  ({name})" if mover == CHANCE else f"{self.spec.seat_name(mover)}: {name}")

    def _apply_logged(self, action: int) -> None:
        if self.to_move == CHANCE:
            raise IllegalActionError("waiting for a chance outcome, not a player's move")
        self._apply(action)

    def _advance_chance(self) -> None:
        while self.to_move == CHANCE:
            self._apply(self.state.sample_chance())

    def _replay(self, history: list[int]) -> None:
        for action in history:
            self._apply(action)
        self._advance_chance()

    def _rewind_to(self, length: int) -> None:
        history = self.state.history[:length]
        self.state = self.spec.new(seed=self.seed, **self.params)
        self._log = []
        self.movers = []
        self._replay(history)

    @property
    def move_log(self) -> list[str]:
        """One line per action: 'X: b2' for a player's move, '  (outcome)' for chance.

        In a game with hidden information chance outcomes (cards dealt) read '  (dealt)' until the
        game is over, so the log never shows a face-down card.
        """
        if self.spec.perfect_information or self.is_over:
            return list(self._log)
        return ["  (dealt)" if mover == CHANCE else line for mover, line in zip(self.movers, self._log)]

    @property
    def can_undo(self) -> bool:
        """True when there is a human decision to take back (never in games that forbid it)."""
        return self.spec.extra.get("allow_undo", True) and self._undo_target() is not None

    @property
    def can_redo(self) -> bool:
        """True when undone moves can be replayed."""
        return bool(self.redo_stack)

    def _undo_target(self) -> int | None:
        """The history length of the last earlier position where a human was to move."""
        for index in range(len(self.movers) - 1, -1, -1):
            mover = self.movers[index]
            if mover >= 0 and not self.seats[mover].is_ai:
                return index
        return None

    def undo(self) -> bool:
        """Go back to the last position where a human was to move; False if there is none."""
        target = self._undo_target()
        if target is None or not self.spec.extra.get("allow_undo", True):
            return False
        removed = self.state.history[target:]
        self.redo_stack = self.redo_stack + removed[::-1]
        self._rewind_to(target)
        self._after_change()
        return True

    def redo(self) -> bool:
        """Replay the moves last undone, up to the next position where a human is to move."""
        if not self.redo_stack:
            return False
        while self.redo_stack:
            self._apply(self.redo_stack.pop())
            if (self.human_to_move and self.to_move != CHANCE) or self.is_over:
                break
        self._advance_chance()
        self._after_change()
        return True

    # ----- AI --------------------------------------------------------------------------------------
    def ai(self, seat: int):
        """The AI player of ``seat`` (created once per match)."""
        if seat not in self._ais:
            self._ais[seat] = self.spec.ai(self.seats[seat].level, seed=self.seed + 7919 * (seat + 1))
        return self._ais[seat]

    def hint(self) -> Hint:
        """The strongest AI's suggestion for the seat to move (blocking: call it off the UI thread)."""
        if self._hinter is None:
            self._hinter = self.spec.ai(self.spec.max_level, seed=self.seed)
        player = self._hinter
        if hasattr(player, "hint"):
            return player.hint(self.state.clone())
        best = player.choose(self.state.clone())
        return Hint(best, {}, "")

    def stop_thinking(self) -> None:
        """Ask every running AI search of this match to stop."""
        for player in [*self._ais.values(), self._hinter]:
            if player is not None and hasattr(player, "stop"):
                player.stop()

    # ----- saving and results ---------------------------------------------------------------------
    def record(self) -> saves.SaveRecord:
        """This game as a save record."""
        return saves.SaveRecord(
            game=self.spec.id, params=self.params, seed=self.seed,
            seats=[s.to_text() for s in self.seats], history=list(self.state.history),
            rules_version=self.spec.rules_version, redo=list(self.redo_stack),
            finished=self.is_over, result=self.result_text if self.is_over else "",
        )

    def save(self) -> Path:
        """Write the save file now (atomic); returns its path."""
        return saves.write_save(self.save_path, self.record())

    def _after_change(self) -> None:
        if self.is_over and not self.stats_recorded:
            self._record_stats()
        self.save()

    @property
    def opponent_label(self) -> str:
        """How statistics name the opposition of this game: 'hotseat', 'solo', or the strongest AI.

        A game whose opponent is the house names it in ``spec.extra["stats_opponent"]`` ('dealer').
        """
        if "stats_opponent" in self.spec.extra:
            return self.spec.extra["stats_opponent"]
        levels = [s.level for s in self.seats if s.is_ai]
        if levels:
            top = max(levels)
            return f"AI {self.spec.level_name(top)} ({top})"
        return "solo" if len(self.seats) == 1 else "hotseat"

    def seat_result(self, seat: int) -> stats.SeatResult:
        """The finished game's result for ``seat`` (a game module may refine it with ``seat_result``)."""
        custom = getattr(self.spec.module("game"), "seat_result", None)
        if custom is not None:
            return custom(self.state, seat)
        returns = self.state.returns()
        mine = returns[seat]
        best_other = max((r for i, r in enumerate(returns) if i != seat), default=0.0)
        if len(returns) == 1:
            outcome = "won" if mine > 0 else ("lost" if mine < 0 else "drawn")
        else:
            outcome = "won" if mine > best_other else ("lost" if mine < best_other else "drawn")
        return stats.SeatResult(seat=seat, outcome=outcome, score=mine if len(returns) == 1 else None)

    def _record_stats(self) -> None:
        results = [self.seat_result(seat) for seat in self.human_seats]
        if results:
            stats.record_game(self.spec.id, self.opponent_label, results, self.params, self.game_key)
        self.stats_recorded = True

    @property
    def result_text(self) -> str:
        """A one-line result once the game is over ('X wins', 'Draw', ...); '' while it runs."""
        if not self.is_over:
            return ""
        custom = getattr(self.spec.module("game"), "result_text", None)
        if custom is not None:
            return custom(self.state)
        winner = self.state.winner
        if winner is not None:
            return f"{self.spec.seat_name(winner)} wins"
        returns = self.state.returns()
        if len(returns) == 1:
            return f"Score {returns[0]:g}"
        return "Draw"


def _prepare_here(spec: GameSpec, levels: list[int], report: Callable[[str, int, int], None]) -> None:
    steps = 2 + len(levels)
    report(f"Preparing {spec.title}: rules", 0, steps)
    state = spec.new(seed=0)
    report(f"Preparing {spec.title}: playing a test game", 1, steps)
    probe = state.clone()
    while not probe.is_terminal and probe.ply < 400:
        if probe.is_chance_node:
            probe.apply(probe.sample_chance())
        else:
            probe.apply(probe.legal_actions()[0])
    for index, level in enumerate(levels):
        report(f"Preparing {spec.title}: AI {spec.level_name(level)}", 2 + index, steps)
        start = state.clone()
        start.resolve_chance()
        if not start.is_terminal:
            spec.ai(level, seed=0).choose(start)
    report(f"{spec.title} is ready", steps, steps)


def _compile_in_subprocess(spec: GameSpec, levels: list[int], report: Callable[[str, int, int], None]) -> bool:
    """Compile in a child process (which holds its own GIL), forwarding its progress lines."""
    import os
    import re
    import subprocess
    import sys

    command = [sys.executable, "-m", "tui_games", "precompile", spec.id,
               "--levels", ",".join(str(level) for level in levels)]
    try:
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                 env=dict(os.environ), stdin=subprocess.DEVNULL)
    except OSError:
        return False
    assert child.stdout is not None
    for line in child.stdout:
        progress = re.match(r"\[(\d+)/(\d+)\] (.*)", line.strip())
        if progress:
            step, steps = int(progress.group(1)), int(progress.group(2))
            if step < steps:
                report(f"{progress.group(3)} (compiling, first time only)", step, steps + 1)
    return child.wait() == 0


def prepare(spec: GameSpec, levels: list[int] | None = None,
            on_progress: Callable[[str, int, int], None] | None = None, isolated: bool = True) -> None:
    """Compile or load from cache a game's kernels and AI, reporting (message, step, steps) as it goes.

    The first time (per install and level set) the compiling happens in a child process, so a UI in
    this process stays responsive; then everything loads here from the kernel cache in moments.
    """
    levels = sorted(set(levels or [spec.max_level]))
    report = on_progress or (lambda message, step, total: None)
    from tui_games.engine.jit import kernel_cache_dir  # imports numba, sets the cache folder

    marker = Path(os.environ.get("NUMBA_CACHE_DIR") or kernel_cache_dir()) / (
        f"prepared-{spec.id}-{'-'.join(str(level) for level in levels)}.ok")
    if isolated and not marker.exists():
        report(f"Preparing {spec.title}: starting the compiler (first time only)", 0, 1)
        _compile_in_subprocess(spec, levels, report)
    _prepare_here(spec, levels, report)
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass


__all__ = ["Match", "Seat", "default_seats", "prepare", "TERMINAL"]

"""A game being played: its record (seats, position, history, undo/redo), who may see what, auto-save
and statistics.

This is the record the table layer (:mod:`tui_games.table`: who moves next, AI players, hints) and
the command line share; it imports no UI code. Every change of position goes through
:meth:`Match.play`, :meth:`Match.choose_for`, :meth:`Match.undo` or :meth:`Match.redo`, and each one
auto-saves, so quitting or a lost connection never loses the last position. When a game ends its save
is written first, holding the result, and then the statistics, once, in one transaction; if they
cannot be written the result stays pending in the save and is recorded later
(:mod:`tui_games.store.pending`). Storage faults never raise out of a move: the game goes on in
memory and :attr:`Match.storage_problem` says what went wrong, for the screen to show.
"""

from __future__ import annotations

import secrets
import time
import weakref
from pathlib import Path

import numpy as np

from tui_games.core.errors import IllegalActionError, SaveFileError, SaveInUseError, StorageError, TuiGamesError
from tui_games.core.definition import SeatFigures
from tui_games.core.outcome import Outcome
from tui_games.core.players import CHANCE, SIMULTANEOUS, TERMINAL
from tui_games.core.registry import get
from tui_games.core.seats import Seat, check_seat_count_param, check_seats
from tui_games.core.series import Series, Standing, TargetKind
from tui_games.core.spec import GameSpec
from tui_games.engine.kernel_state import action_number, seat_number
from tui_games.engine.observer import EVERYONE, PUBLIC_VIEW, LogEntry, audience_of, redacted_array
from tui_games.series_replay import finished_deal, restore_series, series_payload, start_series
from tui_games.store import locks, pending, saves, stats


def default_seats(spec: GameSpec, count: int | None = None) -> list[Seat]:
    """``count`` seats (the game's fewest by default): seat 0 human, the others AI at a middle level."""
    middle = max(1, (spec.max_level + 1) // 2)
    return [Seat()] + [Seat("ai", middle) for _ in range((count or spec.min_players) - 1)]


class Match:
    """One game in progress (or finished), bound to its save file."""

    def __init__(self, spec: GameSpec, params: dict, seats: list[Seat], seed: int,
                 save_path: Path | None = None, history: list[int] | None = None,
                 series: Series | None = None) -> None:
        check_seats(spec, seats)
        check_seat_count_param(spec, params, seats)
        self.spec = spec
        seats_param = spec.seats_param
        if seats_param:
            params = {**params, seats_param: len(seats)}
        self.params = spec.resolve_params(params)
        self.seats = list(seats)
        self.seed = int(seed)
        self.save_path = save_path or saves.new_save_path(spec.id)
        self.series = series if series is not None else start_series(spec, self.params, len(seats), self.seed)
        """The match's series of deals when the game plays many (see :meth:`next_deal`), else None."""
        self._deal_counted = False  # the current deal is over and counted in the series
        self._positions: list[np.ndarray] = []  # the position before each action (see _rewind_to)
        self.state = self._new_deal_state()
        self.log_entries: list[LogEntry] = []
        """Every applied action: who made it, who may see it, its name (see :meth:`log_for`)."""
        self.controllers: list[int] = list(range(len(seats)))
        """Who controls each seat at this device: seats with the same controller are played by one
        person (Bridge's declarer plays the dummy too) and share what they see."""
        self.redo_stack: list[int] = []
        self.game_key = f"{self.save_path.stem}"
        self.stats_recorded = False
        """True once the statistics hold this game's result (or it has no human seat to count)."""
        self.outcome: dict = {}
        """The result as the statistics record it, fixed the first time the game ends (see SaveRecord)."""
        self._save_problem: str | None = None
        self._stats_problem: str | None = None
        self._shown_seat: int | None = None
        self._clock_usable = not history  # a solve resumed from a save has no known time
        self._clock_started: float | None = None
        self._clock_stopped: float | None = None
        self.joint_choices: dict[int, int] = {}
        """At a simultaneous node, the choices the seats made so far (hidden until all are in; see
        :meth:`choose_for`); not saved: a resumed game asks again."""
        self.forced_choices: set[int] = set()
        """The seats of :attr:`joint_choices` that had one action only, chosen for them (see
        :meth:`has_chosen`)."""
        self._replay(history or [])
        self._count_deal()
        self._choose_forced()

    # ----- creation ------------------------------------------------------------------------------
    @classmethod
    def new(cls, spec: GameSpec, params: dict | None = None, seats: list[Seat] | None = None,
            seed: int | None = None) -> "Match":
        """A new game; seeds default to a random one, seats to :func:`default_seats`.

        A ``params`` entry for the number of seats (Blackjack's ``seats``) must agree with ``seats``.
        Results that earlier games left pending in their saves are recorded now if they can be.
        """
        seed = secrets.randbelow(2**31) if seed is None else seed
        match = cls(spec, params or {}, seats or default_seats(spec), seed)
        match.save()
        match._record_pending_results()
        return match

    @classmethod
    def from_record(cls, record: saves.SaveRecord, path: Path | None) -> "Match":
        """Rebuild a game by replaying a save record through the kernels.

        With a ``path`` the match holds that save (SaveInUseError when another session has it open,
        see :meth:`close`) and a result the statistics missed is recorded now if it can be (see
        :attr:`storage_problem`); without one it neither holds, records nor writes anything. The result
        is the replay's, never the one the save states (only a timed game's time, which no replay can
        know, is taken from the save when the rest agrees).
        """
        saves.check_record(record)
        spec = get(record.game)
        seats = [Seat.parse(s) for s in record.seats]
        lock = locks.claim(path) if path is not None else None
        try:
            series = (restore_series(spec, record.series, len(seats), record.seed, record.params)
                      if record.series is not None else None)
            try:
                match = cls(spec, record.params, seats, record.seed, save_path=path, history=record.history,
                            series=series)
                redo_check = match.state.clone()
                for action in reversed(record.redo):
                    redo_check.apply_entry(action)
            except (TuiGamesError, ValueError, OverflowError) as error:
                raise SaveFileError(f"the saved moves do not replay: {error}") from None
            match._check_series_end()
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        match._keep_save_lock(lock)
        match.redo_stack = list(record.redo)
        if record.game_key:
            match.game_key = record.game_key
        if not match.match_over:  # a result stated for a game that goes on is void
            match.outcome, match.stats_recorded = {}, False
        elif record.outcome or not record.finished:
            results = [match.seat_result(seat) for seat in match.human_seats]
            match.outcome = saves.outcome_payload(match.opponent_label,
                                                  saves.with_saved_times(results, record.outcome))
            match.stats_recorded = bool(record.outcome) and record.stats_recorded
        else:  # finished before saves kept results: it was counted when it ended
            match.outcome, match.stats_recorded = {}, True
        if path is not None and match.outcome and not match.stats_recorded:
            match._record_stats()
        return match

    @classmethod
    def resume(cls, path: Path) -> "Match":
        """Load a save file; a damaged one is moved aside and SaveFileError says why (and where it
        went, or why it could not be moved). SaveInUseError when another session has it open (it is
        then left as it is)."""
        path = Path(path)
        try:
            record = saves.read_save(path)
            return cls.from_record(record, path)
        except SaveFileError as error:
            if (path.exists() or path.is_symlink()) and saves.in_saves_folder(path):
                raise SaveFileError(saves.set_aside(path, str(error))) from None
            raise

    @classmethod
    def from_example(cls, path: Path) -> "Match":
        """Start a new user game from a bundled example (the example file itself is never written)."""
        record = saves.read_save(path)
        match = cls.from_record(record, None)
        match.save_path = saves.new_save_path(match.spec.id)
        match.game_key = match.save_path.stem
        match.stats_recorded = False
        match.outcome = {}
        match._stats_problem = None
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
        """True when a 'pass to player N' screen must come before ``next_seat`` moves: another person
        controls it and what it may see differs from what the screen may show now (Blackjack, with every
        player's card face up, never needs one; a poker hand always does). While nobody holds the
        screen (a new game, a resumed one, a new deal) the screen may show only what is public."""
        if len(self.human_seats) < 2 or next_seat not in self.human_seats:
            return False
        shown = self._shown_seat
        if shown is not None and self.controllers[next_seat] == self.controllers[shown]:
            return False
        if self.state.kernels.redact is None:
            return False
        mine = self.state.observed(next_seat)
        theirs = self.state.observed(PUBLIC_VIEW if shown is None else shown)
        return not (np.array_equal(mine.array, theirs.array) and mine.history == theirs.history)

    def handed_to(self, seat: int) -> None:
        """Record that ``seat`` now has the device (after the handoff screen)."""
        self._shown_seat = seat

    def _release_screen_before_deal(self, audience: int) -> None:
        """A chance outcome only ``audience`` sees is about to be dealt: unless it goes to the holder
        of the screen while the holder still has secrets on it (a card drawn or dice rerolled in their
        own turn), nobody holds the screen any more: a new hand after a showdown, a new round after
        the dice were shown, which the whole table may have been watching."""
        holder = self._shown_seat
        if holder is None or audience < 0:
            return
        if audience != holder or not self._has_secrets(holder):
            self._shown_seat = None

    def _has_secrets(self, seat: int) -> bool:
        """True when ``seat`` sees something a spectator may not (its own cards or dice)."""
        kernels, array = self.state.kernels, self.state.array
        return not np.array_equal(redacted_array(kernels, array, seat), redacted_array(kernels, array, PUBLIC_VIEW))

    @property
    def observer_seat(self) -> int | None:
        """Whose view to draw: the lone human; in hotseat the human to move when they may see what is
        shown now, else the human who holds the screen, else nobody's (None: the public view, what a
        spectator may see); None too when no human plays."""
        humans = self.human_seats
        if len(humans) == 1:
            return humans[0]
        if len(humans) > 1:
            if self.human_to_move and not self.needs_handoff(self.to_move):
                return self.to_move
            return self._shown_seat
        return None

    # ----- moves -----------------------------------------------------------------------------------
    def play(self, action: int) -> None:
        """Play ``action`` for the seat to move, resolve chance, auto-save, record the end (a timed
        game's first move starts its clock)."""
        if self.spec.timed and self.to_move >= 0:
            self.start_clock()
        self._apply_logged(action)
        self.redo_stack.clear()
        self._advance_chance()
        self._after_change()

    def _apply(self, action: int) -> None:
        """Apply one action (a player's or a chance outcome) and log it; a list is a joint move."""
        self._keep_position()
        if isinstance(action, list):
            self._apply_joint(action)
            return
        mover = self.to_move
        if mover == TERMINAL:
            raise IllegalActionError("the game is over")
        action = self.state.check_action(action)  # before naming: a number far out of range names nothing
        name = self.state.action_to_string(action)
        audience = audience_of(self.state, action)
        if mover == CHANCE:
            self._release_screen_before_deal(audience)
        self.state.apply(action)
        self.log_entries.append(LogEntry(mover, int(action), audience, name))

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

    def _keep_position(self) -> None:
        """Remember the position before the next action, for undo (games that allow it only)."""
        if self.spec.allow_undo:
            del self._positions[len(self.state.history):]  # a refused action left one behind
            self._positions.append(self.state.array.copy())

    def _rewind_to(self, length: int) -> None:
        """Go back to the position after the first ``length`` actions of this deal: restored from the
        positions kept on the way, so an undo costs no replay however long the game has run."""
        state = self.state.clone()
        state.array[:] = self._positions[length]
        del state.history[length:]
        del self._positions[length:]
        del self.log_entries[length:]
        self.state = state

    @property
    def movers(self) -> list[int]:
        """Who made each action of the history: a seat, or CHANCE."""
        return [entry.mover for entry in self.log_entries]

    def visible_log(self, observer: int | None = None, moves_only: bool = False,
                    name=None) -> list[str]:
        """The log lines ``observer`` (default: the seat being shown) may read; ``moves_only`` leaves out
        chance outcomes until the game is over (the table shows what is face up); ``name(action)`` gives
        a view's short move names for players' moves."""
        if observer is None:
            observer = self.observer_seat
            observer = PUBLIC_VIEW if observer is None else observer
        lines = []
        for entry, line in self.log_for(observer):
            if entry.mover == CHANCE:
                if not (moves_only and not self.is_over):
                    lines.append(line)
            elif name is not None and entry.mover == SIMULTANEOUS:
                lines.append(", ".join(f"{self.spec.seat_name(seat)} {name(action)}"
                                       for seat, action in enumerate(entry.action)))
            elif name is not None:
                lines.append(f"{self.spec.seat_name(entry.mover)}: {name(entry.action)}")
            else:
                lines.append(line)
        return lines

    def log_for(self, observer: int | None) -> list[tuple[LogEntry, str]]:
        """The move log as ``observer`` (a seat; None: the referee) may read it: (entry, line) pairs,
        'X: b2' for a player's move and '  (outcome)' for chance. What the observer may not see reads
        as the game's hidden name ('a face-down card') until the game is over and hides nothing from
        the observer any more (Blackjack turns every card up; a poker hand won by a fold keeps the
        folded cards face down). This is the one place that hides the log."""
        revealed = self.is_over and self.spec.reveal_at_end and self._hides_nothing(observer)
        shown = []
        for entry in self.log_entries:
            visible = revealed or entry.seen_by(observer)
            name = entry.name if visible else self.state.kernels.hidden_name
            shown.append((entry, f"  ({name})" if entry.mover == CHANCE else (
                name if entry.mover == SIMULTANEOUS else f"{self.spec.seat_name(entry.mover)}: {name}")))
        return shown

    def _hides_nothing(self, observer: int | None) -> bool:
        """True when the state as ``observer`` sees it is the whole state (nothing redacted)."""
        if observer is None or self.state.kernels.redact is None:
            return True
        return bool(np.array_equal(redacted_array(self.state.kernels, self.state.array, observer), self.state.array))

    @property
    def move_log(self) -> list[str]:
        """The move log's lines as the seat being shown (:attr:`observer_seat`) may read them."""
        viewer = self.observer_seat
        return [line for _, line in self.log_for(PUBLIC_VIEW if viewer is None else viewer)]

    def shown_state(self):
        """The state as the seat being shown may see it (views draw this, never the whole state);
        with no human seat, what a spectator may see."""
        viewer = self.observer_seat
        return self.state.observed(PUBLIC_VIEW if viewer is None else viewer)

    @property
    def can_undo(self) -> bool:
        """True when there is a human decision to take back (never in games that forbid it)."""
        return self.spec.allow_undo and self._undo_target() is not None

    @property
    def can_redo(self) -> bool:
        """True when undone moves can be replayed."""
        return bool(self.redo_stack)

    def _undo_target(self) -> int | None:
        """The history length of the last earlier position where a human was to move."""
        for index in range(len(self.movers) - 1, -1, -1):
            mover = self.movers[index]
            if (mover >= 0 and not self.seats[mover].is_ai) or (mover == SIMULTANEOUS and self.human_seats):
                return index
        return None

    @property
    def undo_withdraws_result(self) -> bool:
        """True when :meth:`undo` would take back a finished game whose result is kept (recorded in the
        statistics, or waiting in the save to be): the screen asks first."""
        return self.can_undo and self.match_over and (self.stats_recorded or bool(self.outcome))

    def undo(self) -> bool:
        """Go back to the last position where a human was to move; False if there is none. Undoing a
        finished game withdraws its kept result first (the game's new end is recorded instead); when the
        statistics cannot be written, nothing is undone and :attr:`storage_problem` says why."""
        target = self._undo_target()
        if target is None or not self.spec.allow_undo:
            return False
        if self.undo_withdraws_result and not self._withdraw_result():
            return False
        removed = self.state.history[target:]
        self.redo_stack = self.redo_stack + removed[::-1]
        self._rewind_to(target)
        self._after_change()
        return True

    def _withdraw_result(self) -> bool:
        """Take this finished game's result out of the statistics before an undo reopens it; False
        (the result stands) when they cannot be written."""
        if self.stats_recorded:
            try:
                stats.withdraw_game(self.game_key)
            except StorageError as error:
                self._stats_problem = (f"The result could not be taken back ({error.reason}), so the "
                                       "game stays finished")
                return False
            notices = stats.take_notices()
            self._stats_problem = notices[-1] if notices else None
        self.outcome, self.stats_recorded = {}, False
        return True

    def redo(self) -> bool:
        """Replay the moves last undone, up to the next position where a human is to move."""
        if not self.redo_stack:
            return False
        while self.redo_stack:
            self._apply(self.redo_stack.pop())
            if (self.human_to_move and self.to_move != CHANCE) or self.is_over or self.humans_to_choose:
                break
        self._advance_chance()
        self._after_change()
        return True

    # ----- simultaneous moves ------------------------------------------------------------------------
    @property
    def at_simultaneous_node(self) -> bool:
        """True when every seat chooses at once (collect them with :meth:`choose_for`)."""
        return self.to_move == SIMULTANEOUS

    @property
    def seats_to_choose(self) -> list[int]:
        """At a simultaneous node, the seats (human or AI) whose choice is not in yet; else empty."""
        if not self.at_simultaneous_node:
            return []
        return [seat for seat in range(len(self.seats)) if seat not in self.joint_choices]

    @property
    def humans_to_choose(self) -> list[int]:
        """At a simultaneous node, the human seats whose choice is not in yet; else empty."""
        return [seat for seat in self.seats_to_choose if not self.seats[seat].is_ai]

    @property
    def choosing_human(self) -> int | None:
        """The human seat whose choice the screen collects now at a simultaneous node (the first in
        seat order still to choose), else None."""
        humans = self.humans_to_choose
        return humans[0] if humans else None

    def has_chosen(self, seat: int) -> bool:
        """True when ``seat`` made its choice at this simultaneous node. A seat whose only action was
        chosen for it reads as still choosing, so that nobody learns from it who had a choice."""
        return seat in self.joint_choices and seat not in self.forced_choices

    def _choose_forced(self) -> None:
        """At a simultaneous node, choose for each seat that has one action only (a seat with nothing
        to call passes without being asked), unless every seat has one: then they are asked as usual."""
        self.forced_choices = set()
        if not self.at_simultaneous_node or self.is_over:
            return
        only = {}
        for seat in range(len(self.seats)):
            legal = self.state.legal_actions(seat)
            if len(legal) == 1:
                only[seat] = legal[0]
        if len(only) < len(self.seats):
            self.joint_choices.update(only)
            self.forced_choices = set(only)

    def needs_joint_handoff(self, seat: int) -> bool:
        """True when the device must pass to human ``seat`` before it chooses at a simultaneous node:
        another person holds it (the one who chose last, whose choice stays hidden until all are in,
        or who saw the last reveal), or what ``seat`` may see differs from what is shown (see
        :meth:`needs_handoff`). The first choice of a game needs no hand-off."""
        holder = self._shown_seat
        passed = (holder is not None and holder != seat and not self.seats[holder].is_ai
                  and self.controllers[holder] != self.controllers[seat])
        return passed or self.needs_handoff(seat)

    def choose_for(self, seat: int, action: int) -> bool:
        """Record seat ``seat``'s choice at this simultaneous node, hidden from the others; once every
        seat has chosen they are played together as one joint move (auto-saved like :meth:`play`).
        Returns True when that happened. IllegalActionError says why a choice is refused: not a
        simultaneous node, a seat that has chosen already, an action that seat may not choose."""
        if not self.at_simultaneous_node:
            raise IllegalActionError("this is not a simultaneous move: play one action with play()")
        seat = seat_number(seat, len(self.seats))
        name = self.spec.seat_name(seat)
        if seat in self.joint_choices:
            raise IllegalActionError(f"{name} has chosen already")
        legal = self.state.legal_actions(seat)
        try:
            number = action_number(action)
        except IllegalActionError as error:
            raise IllegalActionError(f"{name}: {error}") from None
        if number not in legal:
            names = ", ".join(self.state.action_to_string(a) for a in legal) or "none"
            raise IllegalActionError(f"{name} cannot choose {number} now (choices: {names})")
        self.joint_choices[seat] = number
        if not self.seats[seat].is_ai:
            self.handed_to(seat)  # the person who just chose holds the device
        if self.seats_to_choose:
            return False
        chosen = dict(self.joint_choices)
        self.play_joint([chosen[seat] for seat in range(len(self.seats))])
        return True

    def play_joint(self, actions: list[int]) -> None:
        """Play a whole joint move (one action per seat) at once, resolve chance, auto-save, record the
        end; the log shows it as one line naming every seat's action."""
        self.play(list(actions))  # play() takes a list as a joint move (see _apply)

    def _apply_joint(self, actions: list[int]) -> None:
        """Apply a joint move and log it as one entry by everyone, public once played."""
        if self.to_move == TERMINAL:
            raise IllegalActionError("the game is over")
        joint = self.state.check_joint(actions)
        name = self.state.action_to_string(joint)
        self.state.apply_joint(joint)
        self.log_entries.append(LogEntry(SIMULTANEOUS, joint, EVERYONE, name))

    # ----- saving and results ---------------------------------------------------------------------
    def record(self) -> saves.SaveRecord:
        """This game as a save record."""
        return saves.SaveRecord(
            game=self.spec.id, params=self.params, seed=self.seed,
            seats=[s.to_text() for s in self.seats], history=list(self.state.history),
            rules_version=self.spec.rules_version, redo=list(self.redo_stack),
            finished=self.match_over, result=self.result_text if self.match_over else "",
            game_key=self.game_key, outcome=dict(self.outcome), stats_recorded=self.stats_recorded,
            series=(series_payload(self.series, len(self.series.deals) - int(self._deal_counted))
                    if self.series is not None else None),
        )

    @property
    def storage_problem(self) -> str | None:
        """A one-line message while the save or the statistics could not be written, else None.

        The game itself is never affected: it goes on in memory, and the next change tries again.
        """
        return self._save_problem or self._stats_problem

    def save(self) -> Path:
        """Write the save file now (atomic); returns its path.

        Never raises for a storage fault: a failed write (full disk, read-only folder) keeps the
        previous save whole and sets :attr:`storage_problem`; a later save that works clears it. A
        match holds its save file from its first write (see :meth:`close`); while another session has
        it open, or once the match is closed, nothing is written.
        """
        if self._closed or not self._hold_save():
            return self.save_path
        try:
            saves.write_save(self.save_path, self.record())
        except OSError as error:
            self._save_problem = (f"The game could not be saved ({stats.describe_fault(error)}); "
                                  "it goes on, and saving is tried again after each move")
        else:
            self._save_problem = None
        return self.save_path

    _save_lock: locks.SaveLock | None = None
    _closed = False

    def close(self) -> None:
        """Leave this game: let go of its save file so that another session may open it; from now on
        the match writes nothing (every change was saved as it was made; a save that failed is tried
        once more first). Calling it again does nothing. A match that is garbage-collected, or a
        process that ends, lets go of its save too."""
        if self._closed:
            return
        if self._save_problem:
            self.save()
        self._closed = True
        if self._save_lock is not None:
            self._save_lock.release()
            self._save_lock = None

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called: the match no longer saves."""
        return self._closed

    def _hold_save(self) -> bool:
        """Hold this match's save file (see :mod:`tui_games.store.locks`); False, with
        :attr:`storage_problem` saying so, while another session has it open."""
        lock = self._save_lock
        if lock is not None and lock.held and lock.path == self.save_path:
            return True
        if lock is not None:
            lock.release()
        try:
            self._keep_save_lock(locks.claim(self.save_path))
        except SaveInUseError as error:
            self._save_lock = None
            self._save_problem = f"The game is not saved: {error}"
            return False
        return True

    def _keep_save_lock(self, lock: locks.SaveLock | None) -> None:
        """Keep ``lock`` as this match's hold on its save, let go of when the match is collected."""
        self._save_lock = lock
        if lock is not None:
            weakref.finalize(self, lock.release)

    def _after_change(self) -> None:
        """Save (first), then record a newly finished game's result in the statistics."""
        self.joint_choices.clear()  # the position changed: choices made at the old one are void
        self._choose_forced()
        self._count_deal()
        newly_finished = self.match_over and not self.outcome and not self.stats_recorded
        if self.match_over and self._clock_started is not None and self._clock_stopped is None:
            self._clock_stopped = time.monotonic()
        if newly_finished:
            results = [self.seat_result(seat) for seat in self.human_seats]
            self.outcome = saves.outcome_payload(self.opponent_label, results)
        self.save()
        if self.outcome and not self.stats_recorded:
            self._record_stats()

    @property
    def opponent_label(self) -> str:
        """How statistics name the opposition of this game: 'hotseat', 'solo', or the strongest AI (of
        a game no human plays, the AI that played it: 'AI Two-phase (2)' for a cube handed to the solver).

        A game whose seats play the house names it in ``spec.house`` ('dealer').
        """
        if self.spec.house:
            return self.spec.house
        levels = [s.level for s in self.seats if s.is_ai]
        if levels:
            top = max(levels)
            return f"AI {self.spec.level_name(top)} ({top})"
        return "solo" if len(self.seats) == 1 else "hotseat"

    def game_outcome(self) -> Outcome:
        """How the finished game ended: the game's own outcome hook, else ranked by the returns."""
        return self.state.outcome() or Outcome.from_returns(self.state.returns())

    def seat_result(self, seat: int) -> stats.SeatResult:
        """The finished game's result for ``seat``: its outcome, place, points and the game's own
        figures (of a series: its final standing, and the figures added up over its deals)."""
        if self.series is not None:
            return self._series_seat_result(seat)
        outcome = self.game_outcome()
        figures = self.spec.definition().figures
        extra = figures(self.state, seat) if figures is not None else SeatFigures(
            score=outcome.returns[0] if len(outcome.returns) == 1 else None)
        return stats.SeatResult(seat=seat, outcome=outcome.seat_outcome(seat).value, score=extra.score,
                                best_tile=extra.best_tile, chips=extra.chips, place=outcome.places[seat],
                                points=outcome.returns[seat], deals=1, counts=extra.counts or None,
                                peaks=extra.peaks or None, moves=extra.moves,
                                seconds=self.clock_seconds if self.spec.timed else extra.seconds)

    # ----- the clock of a timed solo game (a puzzle's solve time) --------------------------------------
    def start_clock(self) -> None:
        """Start timing a timed game now (its inspection is over); the first move starts it anyway.
        Nothing happens once started, for a finished game, or for one resumed from a save (whose time
        so far is unknown: its result then records no time)."""
        if self.spec.timed and self._clock_usable and self._clock_started is None and not self.is_over:
            self._clock_started = time.monotonic()

    @property
    def clock_running(self) -> bool:
        """True while a timed game's clock runs."""
        return self._clock_started is not None and self._clock_stopped is None

    @property
    def clock_seconds(self) -> float | None:
        """Seconds on a timed game's clock (stopped when the game ended); None before it started or
        when its time is unknown (resumed from a save, or finished by the AI)."""
        if self._clock_started is None or not self._clock_usable:
            return None
        end = self._clock_stopped if self._clock_stopped is not None else time.monotonic()
        return end - self._clock_started

    def hand_seat_to_ai(self, seat: int, level: int) -> None:
        """Let the AI of ``level`` play ``seat`` from now on (a puzzle's 'solve it'): the seat is an AI
        seat in the save too, so a game the AI finishes counts no human result and names that AI; a
        timed game's clock stops counting, and moves taken back are dropped (redo would replay them into
        the AI's game). IllegalActionError for a seat the game has not or a finished game."""
        if self.is_over:
            raise IllegalActionError("the game is over")
        seat = seat_number(seat, len(self.seats))
        check_seats(self.spec, [*self.seats[:seat], Seat("ai", level), *self.seats[seat + 1:]])
        self.seats[seat] = Seat("ai", level)
        self.redo_stack.clear()
        self._clock_usable = False
        self.save()

    def _record_stats(self) -> None:
        """Record :attr:`outcome` once; on a fault keep it pending (in the save) and say so."""
        opponent, results = saves.outcome_results(self.outcome)
        try:
            if results:
                stats.record_game(self.spec.id, opponent, results, self.params, self.game_key)
        except StorageError as error:
            self._stats_problem = (f"Statistics could not be written ({error.reason}); the game is kept and "
                                   "will be counted later")
            return
        self.stats_recorded = True
        notices = stats.take_notices()
        self._stats_problem = notices[-1] if notices else None
        self.save()

    def _record_pending_results(self) -> None:
        """Record results earlier games left pending in their saves; a damaged statistics file
        found on the way is reported in :attr:`storage_problem`."""
        try:
            pending.record_pending(replayed_outcome)
        except StorageError:
            pass  # this game's own result is handled when it ends
        notices = stats.take_notices()
        if notices:
            self._stats_problem = notices[-1]

    @property
    def result_text(self) -> str:
        """A one-line result once the game is over ('X wins', 'Draw', ...); '' while it runs. Once a
        series is over, the series' result."""
        if not self.is_over:
            return ""
        if self.series is not None and self.series_over:
            return self._series_result_text()
        custom = self.spec.definition().result_text
        if custom is not None:
            return custom(self.state)
        winner = self.state.winner
        if winner is not None:
            return f"{self.spec.seat_name(winner)} wins"
        returns = self.state.returns()
        if len(returns) == 1:
            return f"Score {returns[0]:g}"
        return "Draw"

    # ----- a series of deals (see tui_games.core.series) -------------------------------------------
    @property
    def match_over(self) -> bool:
        """True once the whole match is over: its one deal, or its series (the target reached, or the
        player left the table)."""
        return self.is_over if self.series is None else self.series_over

    @property
    def series_over(self) -> bool:
        """True once this match's series is over (False for a one-deal match)."""
        return self.series is not None and self.series.over and self.is_over

    @property
    def deal_number(self) -> int:
        """The deal being played (or just finished), 1-based; 1 for a one-deal match."""
        if self.series is None:
            return 1
        return len(self.series.deals) + (0 if self._deal_counted else 1)

    @property
    def standing(self) -> Standing | None:
        """The series' standing, the current deal included once it is over; None for one deal."""
        return None if self.series is None else self.series.standing

    @property
    def can_next_deal(self) -> bool:
        """True when the current deal is over and the series goes on."""
        return self.series is not None and self.is_over and not self.series.over

    def next_deal(self) -> None:
        """Start the series' next deal: its seed and parameters follow from the standing (the button,
        the blinds); auto-saved. IllegalActionError when the deal is not over or the series is."""
        if not self.can_next_deal:
            raise IllegalActionError("the series is over" if self.series is not None and self.series.over
                                     else "finish this deal first")
        self._deal_counted = False
        self._shown_seat = None  # the table watched the last deal end: the next one is handed over anew
        self.state = self._new_deal_state()
        self.log_entries = []
        self._positions = []
        self.redo_stack.clear()
        self._advance_chance()
        self._after_change()

    @property
    def can_leave(self) -> bool:
        """True when the player may end this open-ended series now: between deals (when a deal is over,
        or before the first move of the next one)."""
        series = self.series
        if series is None or series.target.kind is not TargetKind.OPEN or series.over:
            return False
        return self.is_over or (bool(series.deals) and all(e.mover == CHANCE for e in self.log_entries))

    def leave(self) -> None:
        """End an open-ended series (the player leaves the table): a deal not yet begun is dropped, the
        series' result is saved and recorded. IllegalActionError in the middle of a deal."""
        if not self.can_leave:
            raise IllegalActionError("you can leave the table between deals")
        if not self.is_over:  # back to the last finished deal, as it was when it ended
            last = self.series.pop()
            self.state = self.spec.new(seed=last.seed, **last.params)
            self.log_entries = []
            self._positions = []
            self.redo_stack.clear()
            self._replay(last.history)
            self._count_deal()
        self.series.left = True
        self._after_change()

    def _new_deal_state(self):
        """A fresh state for the deal to play: the match's seed and parameters, or the series' next."""
        if self.series is None:
            return self.spec.new(seed=self.seed, **self.params)
        seed, params = self.series.next_setup()
        return self.spec.new(seed=seed, **params)

    def _count_deal(self) -> None:
        """Keep the series in step with the current deal: counted once it is over, taken back when an
        undo opens it again."""
        if self.series is None:
            return
        if self.is_over and not self._deal_counted:
            self.series.add(finished_deal(self.spec, self.state))
            self._deal_counted = True
        elif not self.is_over and self._deal_counted:
            self.series.pop()
            self.series.left = False
            self._deal_counted = False

    def _check_series_end(self) -> None:
        """SaveFileError when a saved series says the player left in the middle of a deal."""
        if self.series is not None and self.series.left and not self.is_over:
            raise SaveFileError("the save says the player left the table in the middle of a deal")

    def _series_seat_result(self, seat: int) -> stats.SeatResult:
        series = self.series
        outcome = series.outcome(against_house=self.spec.house is not None)
        figures = series.figures(seat)
        return stats.SeatResult(seat=seat, outcome=outcome.seat_outcome(seat).value, score=figures.score,
                                best_tile=figures.best_tile, chips=figures.chips, place=outcome.places[seat],
                                points=series.standing.scores[seat], deals=len(series.deals),
                                counts=figures.counts or None, peaks=figures.peaks or None)

    def _series_result_text(self) -> str:
        """'Bankroll +3.5 after 12 rounds'; 'Seat 1 wins: Seat 1 102, Seat 2 87 after 9 deals'."""
        series = self.series
        rules = series.rules
        count = len(series.deals)
        played = f"after {count} {rules.deal_name}{'' if count == 1 else 's'}"
        scores = series.standing.scores
        house = self.spec.house is not None
        if len(scores) == 1:
            return f"{rules.score_name.capitalize()} {scores[0]:+g} {played}"
        outcome = series.outcome(against_house=house)
        order = sorted(range(len(scores)), key=lambda seat: (outcome.places[seat], seat))
        standings = ", ".join(f"{self.spec.seat_name(seat)} {scores[seat]:{'+g' if house else 'g'}}"
                              for seat in order)
        winners = [self.spec.seat_name(seat) for seat in outcome.winners]
        if house or not winners:
            return f"{standings} {played}"
        return f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}: {standings} {played}"

    def series_lines(self) -> list[str]:
        """The series for a side panel: which deal, the target, each seat's score ('out' once
        eliminated); empty for a one-deal match."""
        series = self.series
        if series is None:
            return []
        rules = series.rules
        target = series.target
        deal = f"{rules.deal_name.capitalize()} {self.deal_number}"
        if target.kind is TargetKind.DEALS:
            deal += f" of {int(target.value)}"
        lines = [deal]
        if target.kind in (TargetKind.POINTS, TargetKind.LAST_STANDING):
            lines.append(f"Target: {target.describe(rules.deal_name, rules.score_name)}")
        scores = series.standing.scores
        sign = "+g" if self.spec.house is not None else "g"
        if len(scores) == 1:
            lines.append(f"{rules.score_name.capitalize()} {scores[0]:{sign}}")
        else:
            for seat, score in enumerate(scores):
                out = " (out)" if seat in series.standing.eliminated else ""
                lines.append(f"{self.spec.seat_name(seat)}: {score:{sign}}{out}")
        return lines


def replayed_outcome(record: saves.SaveRecord) -> dict:
    """The result of the game ``record`` holds, computed by replaying its moves as a resumed match
    does ({} when they do not end the game): the replay :func:`tui_games.store.pending.record_pending`
    records results with."""
    return Match.from_record(record, None).outcome


def record_pending_results() -> int:
    """Record the results that finished saves hold and the statistics lack (before the statistics
    are shown); returns how many. When the statistics cannot be written yet, a notice says so
    (:func:`tui_games.store.stats.take_notices`) and the results stay pending."""
    try:
        return pending.record_pending(replayed_outcome)
    except StorageError as error:
        stats.add_notice(f"Results waiting in saves could not be recorded yet: {error}")
        return 0


# Preparing a game's kernels lives in tui_games.warmup; ``prepare`` stays importable from here.
from tui_games.warmup import prepare  # noqa: E402

__all__ = ["Match", "Seat", "default_seats", "prepare", "record_pending_results", "replayed_outcome", "TERMINAL"]

"""Getting games ready to play: their kernels compiled (or loaded from numba's cache) in this process.

A game is ready when its rules and each AI level it uses have run once here: numba compiles a kernel
(or loads it from the cache) the first time it is called. :func:`prepare` does that for one game,
reporting progress; the first time ever (no marker in the kernel cache says these parts were compiled)
the compiling runs in a child process (``tui-games precompile``), which has its own GIL, so a UI in
this process stays responsive. ``tui-games precompile`` writes one marker per part (the rules, each AI
level), so after it any set of levels opens without a child process.

:class:`BackgroundWarmer` prepares every game in a daemon thread while the player browses the menu,
the highlighted game first, so opening a game finds it ready. The kernels are ``nogil`` and the thread
steps aside while a game is prepared in the foreground. Each game has a lock: a foreground
:func:`prepare` that finds the warmer busy with the same game waits for it, and is told its progress.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Callable, Iterable

from tui_games.core.players import SIMULTANEOUS
from tui_games.core.spec import GameSpec
from tui_games.core.remote_kernels import REMOTE, prepare_remotely

Report = Callable[[str, int, int], None]
"""A progress callback: (message, step, steps)."""

RULES = 0
"""The part number of a game's rules (AI levels are parts 1, 2, ...)."""

SEARCH_BUDGET_S = 0.05
"""How long a warm-up lets each AI search run before stopping it: long enough to call its kernels."""


def _no_report(message: str, step: int, steps: int) -> None:
    pass


class _GameSlot:
    """One game's preparation in this process: a lock, the parts loaded, and who wants progress."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.loaded: set[int] = set()
        self._listeners: list[Report] = []
        self._listeners_lock = threading.Lock()

    def listen(self, report: Report) -> None:
        """Send every later progress report to ``report`` too."""
        with self._listeners_lock:
            self._listeners.append(report)

    def unlisten(self, report: Report) -> None:
        """Stop sending reports to ``report``."""
        with self._listeners_lock:
            self._listeners.remove(report)

    def report(self, message: str, step: int, steps: int) -> None:
        """Tell every listener."""
        with self._listeners_lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(message, step, steps)


_slots: dict[str, _GameSlot] = {}
_slots_lock = threading.Lock()
_foreground = threading.Condition()
_foreground_count = 0
_children: set[subprocess.Popen] = set()
_children_lock = threading.Lock()


def _slot(game_id: str) -> _GameSlot:
    with _slots_lock:
        return _slots.setdefault(game_id, _GameSlot())


def loaded_parts(game_id: str) -> set[int]:
    """The parts of a game (RULES, AI levels) already prepared in this process."""
    return set(_slot(game_id).loaded)


def is_ready(spec: GameSpec, levels: Iterable[int]) -> bool:
    """True when the rules and ``levels`` of ``spec`` are prepared in this process (opening is instant)."""
    return {RULES, *levels} <= _slot(spec.id).loaded


def marker(spec: GameSpec, part: int) -> Path:
    """The file in the game's kernel cache folder that says a part of the game was compiled into it
    (the folder is named by a hash of the game's and the engine's sources, so it goes stale with them)."""
    from tui_games.engine.kernel_cache import kernel_cache_dir  # imports numba, sets the cache folder

    name = f"prepared-{spec.id}-rules.ok" if part == RULES else f"prepared-{spec.id}-ai{part}.ok"
    return kernel_cache_dir(spec.id) / name


def _cache_writable(spec: GameSpec) -> bool:
    """True when compiled kernels can be cached (else a child process would compile for nothing)."""
    folder = marker(spec, RULES).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


def _read_everything(state) -> None:
    """Read every property of ``state`` and call its protocol methods, as views and the match do."""
    for name in dir(type(state)):
        if not name.startswith("_") and isinstance(getattr(type(state), name, None), property):
            try:
                getattr(state, name)
            except Exception:  # noqa: BLE001  (some properties apply to some positions only)
                pass
    state.returns()
    if state.is_chance_node:
        state.chance_outcomes()
    elif not state.is_terminal:
        for action in state.legal_actions(_deciding_seat(state))[:3]:
            state.action_to_string(action)
        if state.current_player >= 0:
            state.observation(state.current_player)


def _deciding_seat(state) -> int | None:
    """The seat whose decision a warm-up plays or asks an AI about: seat 0 at a simultaneous node
    (every seat chooses there), else None (the player to move)."""
    return 0 if state.current_player == SIMULTANEOUS else None


def _sample_positions(spec: GameSpec, read: bool = False):
    """The start (after any deal) and a late middle-game position of a fixed, varied test game
    (past any opening book, so the AI's own search runs). ``read``: read every position on the way."""
    start = spec.new(seed=0)
    start.resolve_chance()
    probe = start.clone()
    positions = []
    while not probe.is_terminal and probe.ply < 400:
        if read:
            _read_everything(probe)
        if probe.is_chance_node:
            probe.apply(probe.sample_chance())
            continue
        positions.append(probe.clone())
        if probe.current_player == SIMULTANEOUS:
            choices = [probe.legal_actions(seat) for seat in range(probe.num_players)]
            probe.apply_joint([actions[(probe.ply * 7 + 3 + seat) % len(actions)]
                               for seat, actions in enumerate(choices)])
            continue
        actions = probe.legal_actions()
        probe.apply(actions[(probe.ply * 7 + 3) % len(actions)])
    if read:
        _read_everything(probe)
    middle = positions[2 * len(positions) // 3] if positions else start
    return [state for state in (start, middle) if not state.is_terminal]


def _run_briefly(player, method: str, state, budget_s: float) -> None:
    """Call ``player.method(state)``, stopping its search after ``budget_s`` (its kernels still load).

    A search stopped this early may find nothing to answer with; an error it raises after the stop
    is not a failure to prepare (its kernels were called), an error before it is.
    """
    call = getattr(player, method, None)
    if call is None:
        return
    stop = getattr(player, "stop", None)
    stopped = threading.Event()

    def stop_now() -> None:
        stopped.set()
        stop()

    timer = threading.Timer(budget_s, stop_now) if stop is not None else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    seat = _deciding_seat(state)
    try:
        call(state.clone()) if seat is None else call(state.clone(), player=seat)
    except Exception:
        if not stopped.is_set():
            raise
    finally:
        if timer is not None:
            timer.cancel()


def _steps(parts: list[int]) -> int:
    """How many progress steps preparing ``parts`` takes (the rules take two: loading, a test game)."""
    return len(parts) + (1 if RULES in parts else 0)


def _prepare_parts(spec: GameSpec, parts: list[int], report: Report, budget_s: float,
                   done: Callable[[int], None] = lambda part: None, *, finish: bool = True,
                   step: int = 0, steps: int | None = None) -> None:
    """Run the rules and each AI level of ``parts`` once in this process (compiling or loading kernels).

    Each AI level chooses a move at the start and in the middle game, and the strongest level also
    gives a hint there, so every kernel their searches use is called at least once.
    """
    steps = _steps(parts) if steps is None else steps
    positions: list = []
    for part in parts:
        if part == RULES:
            report(f"Preparing {spec.title}: rules", step, steps)
            spec.new(seed=0)
            step += 1
            report(f"Preparing {spec.title}: playing a test game", step, steps)
            positions = _sample_positions(spec, read=True)
        else:
            report(f"Preparing {spec.title}: AI {spec.level_name(part)}", step, steps)
            positions = positions or _sample_positions(spec)
            player = spec.ai(part, seed=0)
            for state in positions:
                _run_briefly(player, "choose", state, budget_s)
            if part == spec.max_level and positions:
                _run_briefly(player, "hint", positions[-1], budget_s)
        step += 1
        done(part)
    if finish:
        report(f"{spec.title} is ready", steps, steps)


def _write_marker(spec: GameSpec, part: int) -> None:
    try:
        path = marker(spec, part)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    except OSError:
        pass  # a read-only cache: the next open compiles in a child process again


def _compile_in_subprocess(spec: GameSpec, levels: list[int], report: Report,
                           started: Callable[[subprocess.Popen], None] = lambda child: None) -> bool:
    """Compile in a child process (which holds its own GIL), forwarding its progress lines."""
    command = [sys.executable, "-m", "tui_games", "precompile", spec.id,
               "--levels", ",".join(str(level) for level in levels)]
    try:
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                 env=dict(os.environ), stdin=subprocess.DEVNULL)
    except OSError:
        return False
    with _children_lock:
        _children.add(child)
    try:
        started(child)
        assert child.stdout is not None
        for line in child.stdout:
            progress = re.match(r"\[(\d+)/(\d+)\] (.*)", line.strip())
            if progress:
                step, steps = int(progress.group(1)), int(progress.group(2))
                if step < steps:
                    report(f"{progress.group(3)} (compiling, first time only)", step, steps + 1)
        return child.wait() == 0
    finally:
        with _children_lock:
            _children.discard(child)


def end_compiling() -> None:
    """End every compiling child process this process started (the app is closing); waits for none."""
    with _children_lock:
        children = list(_children)
    for child in children:
        if child.poll() is None:
            try:
                child.terminate()
            except OSError:
                pass


class _Foreground:
    """Marks a foreground preparation: the background warmer waits until none is running."""

    def __enter__(self) -> None:
        global _foreground_count
        with _foreground:
            _foreground_count += 1

    def __exit__(self, *exc) -> None:
        global _foreground_count
        with _foreground:
            _foreground_count -= 1
            _foreground.notify_all()


def _wait_for_foreground(stopped: threading.Event) -> None:
    with _foreground:
        while _foreground_count and not stopped.is_set():
            _foreground.wait(0.2)


def prepare(spec: GameSpec, levels: list[int] | None = None, on_progress: Report | None = None,
            isolated: bool = True, budget_s: float = SEARCH_BUDGET_S) -> None:
    """Compile or load from cache a game's kernels and AI, reporting (message, step, steps) as it goes.

    Parts already prepared in this process are skipped, so a game the background warmer prepared opens
    at once. The first time (per install, for parts no marker vouches for) the compiling happens in a
    child process when ``isolated``; then everything loads here from the kernel cache in moments.
    Reports start at step 0 and end with '<title> is ready' at the last step; a prepare that waited
    for the background warmer first hears the warmer's own reports.
    """
    levels = sorted(set(levels or [spec.max_level]))
    report = on_progress or _no_report
    if REMOTE:  # a server's session process: the server's engine pool prepares the game
        prepare_remotely(spec, levels, report)
        return
    slot = _slot(spec.id)
    slot.listen(report)
    try:
        with _Foreground(), slot.lock:
            _prepare_locked(spec, slot, [RULES, *levels], isolated, budget_s)
    finally:
        slot.unlisten(report)


def _prepare_locked(spec: GameSpec, slot: _GameSlot, parts: list[int], isolated: bool, budget_s: float,
                    *, finish: bool = True) -> None:
    missing = [part for part in parts if part not in slot.loaded]
    steps, already = _steps(parts), _steps([part for part in parts if part in slot.loaded])
    if finish and already:  # reports start at 0 however much is done already
        slot.report(f"Preparing {spec.title}", 0, steps)
    if not missing:
        if finish:
            slot.report(f"{spec.title} is ready", steps, steps)
        return
    if isolated and not all(marker(spec, part).exists() for part in missing) and _cache_writable(spec):
        slot.report(f"Preparing {spec.title}: starting the compiler (first time only)", 0, 1)
        _compile_in_subprocess(spec, [part for part in missing if part != RULES] or [1], slot.report)

    def done(part: int) -> None:
        slot.loaded.add(part)
        _write_marker(spec, part)

    _prepare_parts(spec, missing, slot.report, budget_s, done, finish=finish, step=already, steps=steps)


class BackgroundWarmer:
    """Prepares games in a daemon thread, one part at a time, the preferred game first.

    ``start()`` begins, ``prefer(game_id)`` moves a game to the front (the one the menu highlights),
    ``pause()`` holds it between parts, ``stop()`` ends the thread and any compiling child process.
    A game whose preparation fails is skipped; the error is kept in ``errors`` and opening the game
    reports it the usual way.
    """

    def __init__(self, specs: Iterable[GameSpec], levels: Callable[[GameSpec], list[int]] | None = None,
                 budget_s: float = SEARCH_BUDGET_S) -> None:
        self._specs = {spec.id: spec for spec in specs}
        self._order = list(self._specs)
        self._levels = levels or (lambda spec: list(range(1, spec.max_level + 1)))
        self._budget_s = budget_s
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._resumed = threading.Event()
        self._resumed.set()
        self._thread: threading.Thread | None = None
        self._child: subprocess.Popen | None = None
        self.errors: dict[str, str] = {}
        """Game id -> why its preparation failed."""
        self.finished = threading.Event()
        """Set when every game is prepared (or failed), or the warmer was stopped."""

    def start(self) -> None:
        """Start the thread (once)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="tui-games warm-up", daemon=True)
            self._thread.start()

    def prefer(self, game_id: str) -> None:
        """Prepare ``game_id`` next."""
        with self._lock:
            if game_id in self._order:
                self._order.remove(game_id)
                self._order.insert(0, game_id)

    def pause(self, paused: bool = True) -> None:
        """Hold (or resume) the warm-up between parts, e.g. while a game is being played."""
        if paused:
            self._resumed.clear()
        else:
            self._resumed.set()

    def stop(self, timeout: float = 2.0) -> None:
        """End the warm-up: no new part starts, a compiling child process is ended."""
        self._stopped.set()
        self._resumed.set()
        child = self._child
        if child is not None and child.poll() is None:
            child.terminate()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        """True while the thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    def _next(self) -> tuple[GameSpec, int] | None:
        with self._lock:
            while self._order:
                spec = self._specs[self._order[0]]
                wanted = [RULES, *self._levels(spec)]
                missing = [part for part in wanted if part not in _slot(spec.id).loaded]
                if missing and spec.id not in self.errors:
                    return spec, missing[0]
                self._order.pop(0)
        return None

    def _remember_child(self, child: subprocess.Popen) -> None:
        self._child = child
        if self._stopped.is_set():
            child.terminate()

    def _run(self) -> None:
        try:
            while not self._stopped.is_set():
                _wait_for_foreground(self._stopped)
                if not self._resumed.wait(0.2):
                    continue
                if self._stopped.is_set():
                    break
                chosen = self._next()
                if chosen is None:
                    break
                spec, part = chosen
                slot = _slot(spec.id)
                if not slot.lock.acquire(timeout=0.2):
                    continue  # a foreground prepare holds it; look again
                try:
                    if part not in slot.loaded:
                        # the whole game's missing levels in one child process, then one part here
                        wanted = [RULES, *self._levels(spec)]
                        if (not all(marker(spec, p).exists() for p in wanted if p not in slot.loaded)
                                and _cache_writable(spec)):
                            _compile_in_subprocess(spec, self._levels(spec), slot.report,
                                                   self._remember_child)
                            self._child = None
                            if self._stopped.is_set():
                                break
                        _prepare_locked(spec, slot, [part], False, self._budget_s, finish=False)
                except Exception as error:  # noqa: BLE001  (kept and reported when the game opens)
                    self.errors[spec.id] = f"{error.__class__.__name__}: {error}"
                finally:
                    slot.lock.release()
        finally:
            self.finished.set()


__all__ = ["BackgroundWarmer", "RULES", "end_compiling", "is_ready", "loaded_parts", "marker", "prepare"]

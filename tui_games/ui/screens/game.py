"""The game screen: the game's view, whose turn, the move log, hints, undo/redo, save and quit.

Everything slow runs in thread workers so the UI never freezes: preparing (compiling) the game's
kernels, replaying a save, every AI move and every hint. Results come back through
``call_from_thread`` and carry a token, so a result that arrives after an undo or a quit is ignored.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, ProgressBar, Static

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, SaveFileError, TuiGamesError
from tui_games.core.spec import GameSpec
from tui_games.ui.describe import seat_label
from tui_games.ui.game_view import GameView
from tui_games.ui.messages import MoveChosen
from tui_games.ui.widgets.move_log import MoveLog
from tui_games.ui.widgets.thinking import Thinking


@dataclass
class GameRequest:
    """What the game screen opens: a new game (``game_id`` ...) or a save file (``resume``/``example``)."""

    game_id: str | None = None
    params: dict = field(default_factory=dict)
    seats: list | None = None
    seed: int | None = None
    resume: Path | None = None
    example: Path | None = None

    def describe(self) -> str:
        """A short label for the preparing note."""
        if self.game_id:
            return catalog.get(self.game_id).title
        return Path(self.resume or self.example or "").name


def _load_match(request: GameRequest, progress) -> Any:
    """Prepare the game's kernels and the seats' AI levels, then build the Match (in a thread worker).

    Only the levels that play are prepared (level 1 for a game without AI, which compiles the rules
    and the searcher); the hint's top level warms up on the first hint, in its own worker.
    """
    from tui_games import match as match_module
    from tui_games.store import saves

    if request.game_id is not None:
        spec = catalog.get(request.game_id)
        seats = request.seats or match_module.default_seats(spec)
        params = dict(request.params)
        seats_param = spec.extra.get("seats_param")
        if seats_param and seats_param not in params:
            params[seats_param] = len(seats)  # e.g. blackjack: one seat at the table per player
        levels = sorted({s.level for s in seats if s.kind == "ai"}) or [1]
        match_module.prepare(spec, levels=levels, on_progress=progress)
        seed = request.seed if request.seed is not None else random.randrange(2**31)
        return match_module.Match.new(spec, params, seats, seed)
    path = Path(request.resume or request.example)
    try:
        record = saves.read_save(path)
        spec = catalog.get(record.game)
    except (SaveFileError, TuiGamesError):
        if request.example is not None:
            raise
        return match_module.Match.resume(path)  # moves a damaged save aside and says why
    levels = sorted({int(s.split(":")[1]) for s in record.seats if s.startswith("ai:")}) or [1]
    match_module.prepare(spec, levels=levels, on_progress=progress)
    progress(f"Replaying {len(record.history)} saved moves", 1, 1)
    if request.example is not None:
        return match_module.Match.from_example(path)
    return match_module.Match.resume(path)


class GameScreen(Screen):
    """Plays one match; the game's own view (a :class:`GameView`) is mounted once it is prepared.

    The screen's keys (u, y, t, ?, ctrl+s, o, n, q) use letters no game's view uses, so every game can
    keep the letter keys its help page promises (h for hit, w a s d and h j k l for 2048 ...).
    """

    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("y", "redo", "Redo"),
        Binding("t", "hint", "Hint"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("ctrl+s", "save", "Save"),
        Binding("o", "app.open_settings", "Settings"),
        Binding("n", "new_same", "New game"),
        Binding("q,escape", "leave", "Quit", key_display="q"),
    ]

    def __init__(self, request: GameRequest) -> None:
        super().__init__(classes="-loading")
        self.request = request
        """What this screen was asked to open."""
        self.match: Any = None
        """The Match being played, once loaded."""
        self.view: GameView | None = None
        """The game's view widget, once loaded."""
        self._token = 0  # changes with every position change; stale worker results are dropped
        self._hint_busy = False
        self._handoff_open = False
        self._close_when_shown = False
        self._searches = 0  # AI or hint searches running in worker threads (guarded by the lock)
        self._searches_lock = threading.Lock()

    # ----- layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """Header, the board area beside the side panel, footer."""
        yield Header()
        with Horizontal(id="game-body"):
            with Vertical(id="board-area"):
                with Vertical(id="view-slot"):
                    with Vertical(id="preparing"):
                        yield Static(f"Preparing {self.request.describe()}...", id="preparing-text")
                        yield ProgressBar(total=None, show_eta=False, id="preparing-bar")
                yield Static(id="turn-line")
                yield Thinking(self.app.glyphs, id="thinking")
            with Vertical(id="side-panel"):
                yield Static(id="seats-panel")
                yield Static(id="score-panel")
                yield MoveLog(id="move-log")
                yield Static(id="hint-panel")
        yield Footer()

    def on_mount(self) -> None:
        """Start loading the match in a thread worker."""
        self.sub_title = self.request.describe()
        self.query_one("#thinking", Thinking).animate_spinner = self.app.settings.animation != "off"
        self.query_one("#hint-panel").display = False
        self.run_worker(self._load_in_thread, thread=True, group="load", exit_on_error=False)

    # ----- loading -----------------------------------------------------------------------------------
    def _load_in_thread(self) -> None:
        def progress(message: str, step: int = 0, total: int = 0) -> None:
            self._from_thread(self._show_progress, message, step, total)

        try:
            match = _load_match(self.request, progress)
            from tui_games.ui.views import view_class

            view_cls = view_class(match.spec)
        except (TuiGamesError, ValueError, OSError) as error:
            self._from_thread(self._load_failed, str(error))
            return
        except Exception as error:  # a compile or import failure: say so instead of hanging
            self._from_thread(self._load_failed, f"{type(error).__name__}: {error}")
            return
        self._from_thread(self._loaded, match, view_cls)

    def _count_search(self, step: int) -> None:
        with self._searches_lock:
            self._searches += step

    def _from_thread(self, callback, *args) -> None:
        """Run ``callback`` on the UI thread, unless the app is already gone."""
        try:
            self.app.call_from_thread(callback, *args)
        except RuntimeError:
            pass

    def _show_progress(self, message: str, step: int, total: int) -> None:
        if not self.is_attached or self.match is not None:
            return
        self.query_one("#preparing-text", Static).update(
            f"{message}  ({step}/{total})" if total else message)
        bar = self.query_one("#preparing-bar", ProgressBar)
        if total:
            bar.update(total=total, progress=step)

    def _load_failed(self, reason: str) -> None:
        self.app.notify(reason, title="Cannot open the game", severity="error", timeout=8)
        self._close()

    def _close(self) -> None:
        """Leave this screen now, or as soon as it is on top again (a dialog may cover it)."""
        if self.app.screen is self:
            self.app.pop_screen()
        else:
            self._close_when_shown = True

    async def _loaded(self, match: Any, view_cls: type[GameView]) -> None:
        if not self.is_attached:
            match.save()
            return
        self.match = match
        self.app.active_match = match
        self.sub_title = self._subtitle(match)
        self.view = view_cls(self.app.glyphs)
        await self.query_one("#preparing").remove()
        await self.query_one("#view-slot").mount(self.view)
        self.remove_class("-loading")
        self.view.focus()
        self._position_changed()

    @staticmethod
    def _subtitle(match: Any) -> str:
        """'Nim · heaps 3, size 5, max take 3 · seed 42' for the header."""
        parts = [match.spec.title]
        if match.params:
            parts.append(", ".join(f"{name.replace('_', ' ')} {value}" for name, value in match.params.items()))
        parts.append(f"seed {match.seed}")
        return " · ".join(parts)

    # ----- drawing -----------------------------------------------------------------------------------
    def _position_changed(self) -> None:
        """Redraw after a move, undo or redo, then let the AI move or hand the device over."""
        self._token += 1
        self._hint_busy = False
        self.query_one("#thinking", Thinking).stop()
        self._clear_hint()
        self.redraw()
        match = self.match
        if match.is_over:
            self.notify(match.result_text, title="Game over", timeout=6)
            return
        if match.ai_to_move:
            self._start_ai()
        elif match.human_to_move and match.needs_handoff(match.to_move):
            self._hand_over(match.to_move)

    def redraw(self) -> None:
        """Redraw the view and every panel from the match."""
        match = self.match
        if match is None or self.view is None:
            return
        self.view.update_from(match)
        self.query_one("#seats-panel", Static).update(self._seats_text())
        score = self.view.status_lines(match)
        score_panel = self.query_one("#score-panel", Static)
        score_panel.display = bool(score)
        score_panel.update("\n".join(score))
        self.query_one("#turn-line", Static).update(self._turn_text())
        self.query_one("#move-log", MoveLog).show(self._visible_log())
        self.refresh_bindings()

    def _visible_log(self) -> list[str]:
        """The move log as this player may see it: with hidden information, chance outcomes (cards
        dealt, the dealer's hole card) are left out until the game ends; the table shows the cards
        that are face up."""
        lines = list(self.match.move_log)
        if self.match.spec.perfect_information or self.match.is_over:
            return lines
        return [line for line in lines if not line.startswith("  (")]

    def _seats_text(self) -> Text:
        match = self.match
        text = Text()
        for seat, who in enumerate(match.seats):
            if seat:
                text.append("\n")
            current = seat == match.to_move
            text.append("▶ " if current and self.app.glyphs.name == "unicode" else ("> " if current else "  "),
                        style="bold")
            text.append(seat_label(match.spec, seat, who.kind, who.level),
                        style="bold underline" if current else "")
        return text

    def _turn_text(self) -> Text:
        match = self.match
        if match.is_over:
            text = Text.assemble(("Game over: ", "bold"), (match.result_text, "bold reverse"))
            text.append("   n new game · q menu", style="dim")
            return text
        if match.to_move < 0:
            return Text("")
        name = match.spec.seat_name(match.to_move)
        if match.ai_to_move:
            return Text("")
        if len(match.human_seats) == 1 and len(match.seats) > 1:
            return Text.assemble(("Your move", "bold"), f": {name}")
        if len(match.seats) == 1:
            return Text("Your move", style="bold")
        return Text.assemble((f"{name} to move", "bold"))

    # ----- moves -------------------------------------------------------------------------------------
    def on_move_chosen(self, message: MoveChosen) -> None:
        """A human picked an action in the view: play it if it is a human's turn."""
        message.stop()
        match = self.match
        if match is None or self._handoff_open:
            return
        if match.is_over:
            self.notify("The game is over: press n for a new game.", timeout=3)
            return
        if not match.human_to_move:
            self.notify("Wait for your turn.", timeout=2)
            return
        try:
            match.play(message.action)
        except IllegalActionError as error:
            self.notify(str(error), title="Not allowed", severity="warning", timeout=4)
            return
        self._position_changed()

    # ----- AI ----------------------------------------------------------------------------------------
    def _start_ai(self) -> None:
        match = self.match
        seat = match.to_move
        state = match.state.clone()
        level = match.seats[seat].level
        self.query_one("#thinking", Thinking).start(
            f"{match.spec.seat_name(seat)} (AI {match.spec.level_name(level)}) is thinking...")
        pace = float(self.app.settings.ai_think_time)
        self._count_search(1)
        self.run_worker(partial(self._think_in_thread, seat, state, self._token, pace),
                        thread=True, group="ai", exclusive=True, exit_on_error=False)

    def _think_in_thread(self, seat: int, state, token: int, pace: float) -> None:
        started = time.monotonic()
        try:
            player = self.match.ai(seat)  # building a player can be slow (tables, books): not on the UI thread
            action = player.choose(state)
        except Exception as error:  # report any search failure instead of killing the app
            self._from_thread(self._ai_failed, token, f"{type(error).__name__}: {error}")
            return
        finally:
            self._count_search(-1)
        while time.monotonic() - started < pace and token == self._token:
            time.sleep(0.02)
        self._from_thread(self._ai_moved, token, action)

    def _ai_moved(self, token: int, action: int) -> None:
        if token != self._token or self.match is None or not self.match.ai_to_move:
            return
        try:
            self.match.play(action)
        except IllegalActionError as error:
            self._ai_failed(token, str(error))
            return
        self._position_changed()
        if self.app.settings.animation == "full" and self.view is not None:
            self.view.flash()

    def _ai_failed(self, token: int, reason: str) -> None:
        if token != self._token:
            return
        self.query_one("#thinking", Thinking).stop()
        self.notify(reason, title="The AI could not move", severity="error", timeout=8)

    def _cancel_thinking(self) -> None:
        """Invalidate running AI and hint workers and ask the searches to stop."""
        self._token += 1
        if self.match is not None and self._searches > 0:  # a stop flag raised while idle would
            try:                                           # cut the next search short
                self.match.stop_thinking()
            except RuntimeError:  # a worker was adding its AI player at this very moment
                pass
        self.query_one("#thinking", Thinking).stop()

    # ----- hand-off (hotseat with hidden information) -----------------------------------------------
    def _hand_over(self, seat: int) -> None:
        from tui_games.ui.screens.handoff import HandoffScreen

        self._handoff_open = True

        def revealed(_: None) -> None:
            self._handoff_open = False
            self.match.handed_to(seat)
            self.redraw()
            if self.view is not None:
                self.view.focus()

        self.app.push_screen(HandoffScreen(self.match.spec.seat_name(seat)), revealed)

    # ----- hints -------------------------------------------------------------------------------------
    def _clear_hint(self) -> None:
        panel = self.query_one("#hint-panel", Static)
        panel.display = False
        panel.update("")
        if self.view is not None:
            self.view.hinted = None

    def action_hint(self) -> None:
        """Ask the strongest AI for a suggestion (in a thread worker)."""
        match = self.match
        if match is None or not match.human_to_move or self._hint_busy:
            return
        self._hint_busy = True
        panel = self.query_one("#hint-panel", Static)
        panel.display = True
        panel.update(Text("Hint: thinking...", style="italic"))
        self._count_search(1)
        self.run_worker(partial(self._hint_in_thread, self._token), thread=True, group="hint",
                        exclusive=True, exit_on_error=False)

    def _hint_in_thread(self, token: int) -> None:
        try:
            hint = self.match.hint()
        except Exception as error:  # a failing hint must not end the game
            self._from_thread(self._hint_failed, token, str(error))
            return
        finally:
            self._count_search(-1)
        self._from_thread(self._show_hint, token, hint)

    def _hint_failed(self, token: int, reason: str) -> None:
        if token == self._token:
            self._hint_busy = False
            self.query_one("#hint-panel", Static).update(f"Hint unavailable: {reason}")

    def _show_hint(self, token: int, hint: Any) -> None:
        if token != self._token or self.match is None:
            return
        self._hint_busy = False
        state = self.match.state
        text = Text()
        text.append("Hint: ", style="bold")
        text.append(state.action_to_string(hint.best), style="bold reverse")
        best_value = hint.values.get(hint.best)
        if best_value:
            text.append(f"  {best_value}")
        values = sorted(hint.values.items(), key=lambda item: item[0])
        if 1 < len(values) <= 4:
            for action, value in values:
                text.append(f"\n{state.action_to_string(action):<12} {value}",
                            style="bold" if action == hint.best else "dim")
        elif values:
            text.append("\n")
            text.append("  ".join(f"{state.action_to_string(a)} {v}" for a, v in values), style="dim")
        if hint.summary:
            text.append(f"\n{hint.summary}", style="dim italic")
        self.query_one("#hint-panel", Static).update(text)
        if self.view is not None:
            self.view.show_hint(hint.best)

    # ----- keys --------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out keys that do nothing right now (None) and hide 'new game' until the end."""
        match = self.match
        if action in ("undo", "redo", "hint", "save", "new_same"):
            if match is None:
                return False if action == "new_same" else None
            if action == "undo":
                return True if match.can_undo else None
            if action == "redo":
                return True if match.can_redo else None
            if action == "hint":
                return False if match.is_over else (True if match.human_to_move else None)
            if action == "new_same":
                return match.is_over
        return True

    def action_undo(self) -> None:
        """Take back moves to your previous turn."""
        if self.match is None or not self.match.can_undo:
            return
        self._cancel_thinking()
        self.match.undo()
        self._position_changed()

    def action_redo(self) -> None:
        """Replay moves you took back."""
        if self.match is None or not self.match.can_redo:
            return
        self._cancel_thinking()
        self.match.redo()
        self._position_changed()

    def action_rules(self) -> None:
        """Show the rules of this game."""
        spec: GameSpec | None = self.match.spec if self.match else (
            catalog.get(self.request.game_id) if self.request.game_id else None)
        if spec is not None:
            self.app.open_rules(spec)

    def action_save(self) -> None:
        """Save now (every move is auto-saved too)."""
        if self.match is None:
            return
        path = self.match.save()
        self.notify(f"Saved to {path.name}", timeout=3)

    def action_new_same(self) -> None:
        """A new game with the same game, options and players."""
        match = self.match
        if match is None or not match.is_over:
            return
        request = GameRequest(game_id=match.spec.id, params=dict(match.params), seats=list(match.seats))
        self.app.switch_screen(GameScreen(request))

    def action_leave(self) -> None:
        """Save and go back to the menu."""
        self.save_and_close()
        self._close()

    def save_and_close(self) -> None:
        """Stop the AI and write the save (on quit, leaving, or a lost connection)."""
        if self.match is None:
            return
        self._cancel_thinking()
        try:
            self.match.save()
        except OSError as error:
            self.notify(f"Could not save: {error}", severity="error")
        if getattr(self.app, "active_match", None) is self.match:
            self.app.active_match = None

    def on_screen_resume(self) -> None:
        """Back from a dialog: pick up glyph/animation settings and refocus the board."""
        if self._close_when_shown:
            self.app.pop_screen()
            return
        if self.view is not None:
            if self.view.glyphs is not self.app.glyphs:
                self.view.set_glyphs(self.app.glyphs)
            self.query_one("#thinking", Thinking).glyphs = self.app.glyphs
            self.query_one("#thinking", Thinking).animate_spinner = self.app.settings.animation != "off"
            self.view.focus()

"""The game screen: the game's view, whose turn, the move log, hints, undo/redo, save and quit.

The screen draws and forwards keys; who moves next is the :class:`~tui_games.table.Table`'s to say.
Preparing (compiling) the game's kernels and replaying a save run in a thread worker; AI moves and
hints run in the table's runner (a :class:`~tui_games.table.ThreadRunner`; in a server's session the
engine pool's :class:`~tui_games.table.runners.PoolRunner`), whose answers come back through
``call_from_thread`` and are dropped by the table when they come after an undo or a quit.

A storage fault (full disk, read-only or locked statistics) never ends the game: the table reports it
and the screen shows it on a warning line until a later write succeeds.

In a room (``GameRequest(room=...)``) the side panel shows who sits where from the room's view (also
while the room waits for its players) and the room's own panel (:class:`~tui_games.ui.widgets.room_panel.RoomPanel`:
its code and state, chat and notices, the chat line); leaving a running game asks first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events as textual_events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, ProgressBar, Static

from tui_games import catalog
from tui_games.core.errors import SaveFileError, TuiGamesError
from tui_games.core.spec import GameSpec
from tui_games.online import LeftRoom
from tui_games.ui.describe import save_title, seat_label, shown_params
from tui_games.ui.game_view import GameView
from tui_games.ui.messages import MoveChosen
from tui_games.ui.pacing import ai_move_pace, follows_ai_move
from tui_games.ui.seat_marks import MAX_MARKED_SEATS, seat_mark
from tui_games.ui.widgets.fitting_footer import FittingFooter
from tui_games.ui.widgets.hint_panel import HintPanel
from tui_games.ui.widgets.move_log import MoveLog
from tui_games.ui.widgets.room_panel import RoomPanel
from tui_games.ui.widgets.thinking import Thinking
from tui_games.table import events
from tui_games.table import Table
from tui_games.table.runners import default_runner


@dataclass
class GameRequest:
    """What the game screen opens: a new game (``game_id`` ...) or a save file (``resume``/``example``)."""

    game_id: str | None = None
    params: dict = field(default_factory=dict)
    seats: list | None = None
    seed: int | None = None
    resume: Path | None = None
    example: Path | None = None
    room: Any = None
    """A seat in a room (a :class:`~tui_games.online.RoomTable`) to play through instead of a local match."""

    def describe(self) -> str:
        """A short label for the preparing note: the game's title (of a save, with its players and date)."""
        if self.room is not None:
            return self.room.spec.title
        if self.game_id:
            return catalog.get(self.game_id).title
        return save_title(Path(self.resume or self.example or ""), example=self.resume is None)


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
        seats_param = spec.seats_param
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


class PreparingProgress:
    """Turns the preparing steps into a percentage that never goes backwards.

    Preparing runs in phases that each count their own steps (compiling in a child process, then
    loading here: "(2/4)" then "(0/3)"); a phase that starts again from a lower fraction continues from
    where the bar stands and fills the rest of it.
    """

    def __init__(self) -> None:
        self.percent = 0
        """What the bar shows now (0-100)."""
        self._base = 0.0  # where the current phase started, as a fraction of the whole bar
        self._last = 0.0  # the current phase's last fraction

    def advance(self, step: int, total: int) -> int:
        """Report ``step`` of ``total`` of the current phase; returns the percentage to show."""
        if total <= 0:
            return self.percent
        fraction = min(max(step / total, 0.0), 1.0)
        if fraction < self._last:  # a new phase counts from zero again
            self._base = self.percent / 100
        self._last = fraction
        value = self._base + (1.0 - self._base) * fraction
        self.percent = max(self.percent, min(100, int(round(value * 100))))
        return self.percent


ONE_LINE_SEATS_FROM = 7
"""Seats from which the seats panel gives each seat one line (the AI level by name only)."""
MOVES_MIN_HEIGHT = 4
"""Rows the Moves panel keeps however long the panels above it are (two moves and its frame; a
ten-seat table at 80x24 has no room for more beside its seats and its blinds box): the score panel
above it is capped and scrolls instead."""


def side_panel_width(screen_width: int) -> int:
    """The side panel's width: 30 columns at 80, growing with a wide terminal (40 at 120)."""
    return max(30, min(48, 30 + (screen_width - 100) // 2))


class GameScreen(Screen):
    """Plays one match; the game's own view (a :class:`GameView`) is mounted once it is prepared.

    The screen's keys (u, y, t, ?, ctrl+s, o, n, q; / for a room's chat, n to play again once a room's
    game is over) use keys no game's view uses,
    so every game can keep the letter keys its help page promises (h for hit, w a s d and h j k l for
    2048 ...).
    """

    DEFAULT_CSS = """
    GameScreen #storage-warning {
        height: auto;
        display: none;
        color: $warning;
        text-style: bold;
        padding: 0 1;
    }
    GameScreen #storage-warning.-shown { display: block; }
    GameScreen #score-panel { overflow-y: auto; scrollbar-size-vertical: 1; }
    """

    BINDINGS = [
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("y", "redo", "Redo", id="game.redo"),
        Binding("t", "hint", "Hint", id="game.hint"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?", id="game.rules"),
        Binding("ctrl+s", "save", "Save", id="game.save"),
        Binding("o", "app.open_settings", "Settings", id="game.settings"),
        Binding("n", "new_same", "New game", id="game.new_game"),
        Binding("n", "next_deal", "Next deal", id="game.new_game"),  # remapped with 'New game'
        Binding("n", "rematch", "Play again", id="game.new_game"),  # a finished room's; remapped with 'New game'
        Binding("q,escape", "leave", "Quit", key_display="q", id="game.quit"),
        Binding("slash", "chat", "Chat", key_display="/", id="game.chat"),  # in a room only
    ]

    def __init__(self, request: GameRequest) -> None:
        super().__init__(classes="-loading" if request.room is None else "")  # a room shows who is awaited
        self.request = request
        """What this screen was asked to open."""
        self.match: Any = None
        """The Match being played, once loaded."""
        self.view: GameView | None = None
        """The game's view widget, once loaded."""
        self.table: Table | None = None
        """The table playing the match (whose turn, AI moves, hints), once loaded."""
        self._hint_for: int | None = None  # the seat the hint panel shows (or works out) a hint for
        self._handoff_open = False
        self._close_when_shown = False
        self._progress = PreparingProgress()
        self._storage_shown: str | None = None

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
                yield Static(id="storage-warning")
                yield Static(id="turn-line")
                yield Thinking(self.app.glyphs, id="thinking")
            with Vertical(id="side-panel"):
                yield Static(id="seats-panel")
                yield Static(id="score-panel")
                yield MoveLog(id="move-log")
                yield HintPanel(id="hint-panel")
                if self.request.room is not None:
                    yield RoomPanel(self.request.room, id="room-panel")
        yield FittingFooter()

    def on_mount(self) -> None:
        """Start loading the match in a thread worker."""
        self.sub_title = self.request.describe()
        self.query_one("#thinking", Thinking).animate_spinner = self.app.settings.animation != "off"
        self.query_one("#hint-panel").display = False
        self.query_one("#score-panel").display = False
        self.query_one("#turn-line").styles.height = "auto"  # two lines once the game is over
        self._fit_side_panel(self.app.size.width)
        self.run_worker(self._load_in_thread, thread=True, group="load", exit_on_error=False)

    def on_resize(self, event: textual_events.Resize) -> None:
        """A wide terminal gets a wider side panel (the board area grows with the rest)."""
        self._fit_side_panel(event.size.width)

    def _fit_side_panel(self, width: int) -> None:
        self.query_one("#side-panel").styles.width = side_panel_width(width)
        self.call_after_refresh(self._keep_moves_in_view)

    def _keep_moves_in_view(self) -> None:
        """Cap the score panel's height so that the Moves panel keeps :data:`MOVES_MIN_HEIGHT` rows."""
        if not self.is_attached:
            return
        side = self.query_one("#side-panel")
        score = self.query_one("#score-panel")
        above = sum(panel.outer_size.height for panel in side.children
                    if panel.display and panel.id not in ("score-panel", "move-log"))
        cap = max(3, side.content_region.height - above - MOVES_MIN_HEIGHT)
        if score.styles.max_height is None or score.styles.max_height.value != cap:
            score.styles.max_height = cap

    # ----- loading -----------------------------------------------------------------------------------
    def _load_in_thread(self) -> None:
        def progress(message: str, step: int = 0, total: int = 0) -> None:
            self._from_thread(self._show_progress, message, step, total)

        try:
            room = self.request.room
            match = room.load(progress) if room is not None else _load_match(self.request, progress)
            from tui_games.ui.views import view_class

            view_cls = view_class(match.spec)
        except (TuiGamesError, ValueError, OSError) as error:
            self._from_thread(self._load_failed, str(error))
            return
        except Exception as error:  # a compile or import failure: say so instead of hanging
            self._from_thread(self._load_failed, f"{type(error).__name__}: {error}")
            return
        self._from_thread(self._loaded, match, view_cls)

    def _from_thread(self, callback, *args) -> None:
        """Run ``callback`` on the UI thread, unless the app is already gone."""
        try:
            self.app.call_from_thread(callback, *args)
        except RuntimeError:
            pass

    def _show_progress(self, message: str, step: int, total: int) -> None:
        if not self.is_attached or self.match is not None:
            return
        self.query_one("#preparing-text", Static).update(message)
        if total:
            self.query_one("#preparing-bar", ProgressBar).update(
                total=100, progress=self._progress.advance(step, total))

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
        try:
            self.match = match
            room = self.request.room
            self.table = room if room is not None else Table(match, None, default_runner(), self._post,
                                                             pace=self._ai_pace)
            self.table.listen(self._on_table_event)
            self.app.active_match = self.table
            self.sub_title = self._subtitle(match)
            self.view = view_cls(self.app.glyphs)
            self.view.consult = getattr(self.table, "consult", None)
            await self.query_one("#preparing").remove()
            await self.query_one("#view-slot").mount(self.view)
            self.remove_class("-loading")
            self.view.focus()
            self.table.prepare_ais()
            self.table.start()
        except Exception as error:  # a view that cannot draw: say so and keep the game, never hang
            self.log.error(f"the view of {match.spec.id} failed: {error!r}")
            table, self.table, self.match = self.table, None, None
            self.app.active_match = None
            if table is not None:
                table.unlisten(self._on_table_event)
                table.save()
                table.close()  # let go of the save, so that it can be resumed at once
            else:
                match.save()
            self._load_failed(f"The board could not be drawn ({type(error).__name__}: {error}); "
                              "the game is saved and can be resumed.")

    def _post(self, callback) -> None:
        """The table's way back from its runner's threads: run ``callback`` on the UI thread."""
        self._from_thread(callback)

    def _ai_pace(self, match: Any) -> float:
        """The least seconds the coming AI move takes (the AI move pace setting; half of it in a run
        of AI moves)."""
        return ai_move_pace(float(self.app.settings.ai_think_time), follows_ai_move(match))

    @staticmethod
    def _subtitle(match: Any) -> str:
        """'Nim · heaps 3, size 5, max take 3 · seed 42' for the header (options that do not apply
        to this game, such as Blackjack's decks under the simple rules, are left out, and so are empty
        text options, such as the cube's scramble when the position is random)."""
        parts = [match.spec.title]
        params = {name: value for name, value in shown_params(match.spec, match.params).items() if value != ""}
        if params:
            parts.append(", ".join(f"{name.replace('_', ' ')} {value}" for name, value in params.items()))
        if match.seed is not None:  # a room's seed stays on the server
            parts.append(f"seed {match.seed}")
        return " · ".join(parts)

    # ----- what the table says ------------------------------------------------------------------------
    def _on_table_event(self, event: events.Event) -> None:
        """Draw what the table reports: a new position, a secret choice, the AI thinking, a hand-over,
        a refused move, a hint, a storage fault (nothing once the screen is gone: an AI's answer may
        still come in while the app closes)."""
        if not self.is_attached:
            return
        thinking = self.query_one("#thinking", Thinking)
        match event:
            case events.PositionChanged(by_ai=by_ai):
                self._clear_hint()
                self.redraw()
                if by_ai and self.app.settings.animation == "full" and self.view is not None:
                    self.view.flash()
            case events.ChoiceMade(seat=seat):
                if seat == self._hint_for:
                    self._clear_hint()  # the next person must not read this one's hint
                self.redraw()
            case events.ThinkingStarted(text=text):
                thinking.start(text)
            case events.ThinkingStopped():
                thinking.stop()
            case events.HandoverNeeded(seat=seat, secret_choice=secret_choice):
                self._hand_over(seat, secret_choice)
            case events.HandedOver():
                self.redraw()
                if self.view is not None:
                    self.view.focus()
            case events.MoveRefused(seat=seat, reason=reason) if self.table.controllers[seat].at_screen:
                self.notify(reason, title="Not allowed", severity="warning", timeout=4)
            case events.AIFailed(reason=reason):
                self.notify(reason, title="The AI could not move", severity="error", timeout=8)
            case events.HintReady(seat=seat, hint=hint) if seat == self._hint_for and self.view is not None:
                self.query_one("#hint-panel", HintPanel).show(self.view, self.match.state, hint)
                self.view.show_hint(hint.best)
            case events.HintFailed(seat=seat, reason=reason) if seat == self._hint_for:
                self.query_one("#hint-panel", HintPanel).failed(reason)
            case events.StorageProblem():
                self.show_storage_problem()
            case LeftRoom(reason=reason):
                self.notify(reason, title="You are no longer in the room", severity="warning", timeout=8)

    # ----- drawing -----------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Redraw the view and every panel from the match."""
        match = self.match
        if match is None or self.view is None:
            return
        self.view.update_from(match)
        self._show_seats()
        score = match.series_lines() + self.view.status_lines(match)
        score_panel = self.query_one("#score-panel", Static)
        score_panel.display = bool(score)
        score_panel.update("\n".join(score))
        self.call_after_refresh(self._keep_moves_in_view)
        self.query_one("#turn-line", Static).update(self._turn_text())
        self.query_one("#move-log", MoveLog).show(self._visible_log())
        self.show_storage_problem()
        self.refresh_bindings()

    def _visible_log(self) -> list[str]:
        """The move log as this player may see it, in the view's short move names: with hidden
        information, chance outcomes (cards dealt, the dealer's hole card) are left out until the
        game ends; the table shows the cards that are face up."""
        match = self.match
        moves_only = not match.spec.perfect_information
        if self.view is not None:
            return self.view.log_lines(match, moves_only=moves_only)
        return match.visible_log(moves_only=moves_only)

    # ----- storage faults ----------------------------------------------------------------------------
    @property
    def storage_problem(self) -> str | None:
        """The storage fault to show now (the save or the statistics could not be written), or None."""
        return self.table.storage_problem if self.table is not None else None

    def show_storage_problem(self) -> None:
        """Show the current storage fault on the warning line (and once as a notification)."""
        problem = self.storage_problem
        line = self.query_one("#storage-warning", Static)
        line.set_class(bool(problem), "-shown")
        line.update(Text.assemble(("! ", "bold"), problem) if problem else "")
        if problem and problem != self._storage_shown:
            self.notify(problem, title="Storage problem", severity="warning", timeout=8)
        self._storage_shown = problem

    def _show_seats(self, laid_out: bool = False) -> None:
        """Fill the seats panel; before the panel's first layout (its width unknown) once more after it."""
        panel = self.query_one("#seats-panel", Static)
        panel.update(self._seats_text(panel.content_region.width))
        if not panel.content_region.width and not laid_out:
            self.call_after_refresh(self._show_seats, True)

    def _seats_text(self, width: int) -> Text:
        """One line a seat (wrapped when long), the level number left out where it would not fit in
        ``width`` columns (0: width unknown). A room's seats are drawn from its view (names and states)."""
        if self.request.room is not None:
            return self.query_one(RoomPanel).seats_text(width)
        match = self.match
        crowded = len(match.seats) >= ONE_LINE_SEATS_FROM  # one line a seat, so the panels below stay on screen
        text = Text(no_wrap=crowded, overflow="ellipsis")
        for seat, who in enumerate(match.seats):
            if seat:
                text.append("\n")
            line_start = text.cell_len
            current = seat == (match.choosing_human if match.at_simultaneous_node else match.to_move)
            text.append("▶ " if current and self.app.glyphs.name == "unicode" else ("> " if current else "  "),
                        style="bold")
            if MAX_MARKED_SEATS >= len(match.seats) >= 3:  # many seats: a letter and shape each
                text.append_text(seat_mark(seat, self.app.glyphs, match.spec.seat_name(seat)).text())
                text.append(" ")
            label = seat_label(match.spec, seat, who.kind, who.level)
            out = " (out)" if seat in getattr(match.state, "seats_out", ()) else ""  # out of a game that goes on (Sim)
            chosen = " (chosen)" if match.has_chosen(seat) else ""
            room = width - (text.cell_len - line_start) - len(out) - len(chosen)
            if who.kind != "human" and (crowded or 0 < room < len(label)):  # the level by name alone
                label = label.removesuffix(f" ({who.level})")
            if chosen and 0 < room < len(label):  # a short mark where the word would wrap
                chosen = " \N{CHECK MARK}" if self.app.glyphs.name == "unicode" else " (ok)"
            text.append(label, style="bold underline" if current else "")
            text.append(out, style="bold")
            text.append(chosen, style="dim")
        return text

    def _keys_text(self, action: str, default: str) -> str:
        """The key that runs ``action`` on this screen now (it may be remapped), for hints in text."""
        for active in self.active_bindings.values():
            if active.binding.action == action:
                return self.app.get_key_display(active.binding)
        return default

    def _turn_text(self) -> Text:
        match = self.match
        if match.can_next_deal:
            return self._between_deals_text()
        if match.is_over:
            room = self.request.room is not None
            over = "Hand over: " if room and not match.match_over else "Game over: "  # the room deals the next
            text = Text.assemble((over, "bold"), (match.result_text, "bold reverse"))
            new_game = f"{self._keys_text('new_same', 'n')} new game · " if self._offers("new_game") else ""
            if room and self.request.room.offers_rematch:
                new_game = ("waiting for the others to play again · " if self.request.room.rematch_asked
                            else f"{self._keys_text('rematch', 'n')} play again · ")
            menu = "leave the room" if room else "menu"
            text.append(f"\n{new_game}{self._keys_text('leave', 'q')} {menu}", style="dim")
            return text
        if match.at_simultaneous_node:
            return self._joint_turn_text()
        if match.to_move < 0:
            return Text("")
        name = match.spec.seat_name(match.to_move)
        if match.ai_to_move:
            return Text("")
        if len(match.human_seats) == 1 and len(match.seats) > 1:
            if match.to_move not in match.human_seats:  # a room: another person's turn
                return Text(f"{name} to move")
            return Text.assemble(("Your move", "bold"), f": {name}")
        if len(match.seats) == 1:
            return Text("Your move", style="bold")
        return Text.assemble((f"{name} to move", "bold"))

    # ----- moves -------------------------------------------------------------------------------------
    def on_move_chosen(self, message: MoveChosen) -> None:
        """A human picked an action in the view: the table plays it if it is their turn."""
        message.stop()
        match, table = self.match, self.table
        if match is None or table is None or self._handoff_open:
            return
        if match.can_next_deal:
            self.notify(f"This {match.series.rules.deal_name} is over: press n for the next one.", timeout=3)
            return
        if match.is_over:
            room = self.request.room
            if room is not None and room.offers_rematch:
                self.notify(f"The game is over: press {self._keys_text('rematch', 'n')} to play again.", timeout=3)
            else:
                self.notify("The game is over: press n for a new game.", timeout=3)
            return
        seat = table.screen_seat
        if seat is None:
            waiting = "Wait: the other players are choosing." if match.at_simultaneous_node else "Wait for your turn."
            self.notify(waiting, timeout=2)
            return
        table.submit(seat, message.action)

    def let_ai_play(self, level: int) -> None:
        """Hand the human to move's seat to the AI of ``level`` (a puzzle's 'solve it'): its moves then
        follow one by one at the AI's pace."""
        match = self.match
        if match is None or self.table is None or match.is_over or not match.human_to_move \
                or not self._offers("let_ai_play"):
            return
        try:
            self.table.hand_seat_to_ai(match.to_move, level)
        except TuiGamesError as error:
            self.notify(str(error), title="Not allowed", severity="warning", timeout=4)

    # ----- hand-off (hotseat with hidden information) -----------------------------------------------
    def _hand_over(self, seat: int, secret_choice: bool) -> None:
        from tui_games.ui.screens.handoff import HandoffScreen

        self._handoff_open = True
        table = self.table

        def revealed(_: None) -> None:
            self._handoff_open = False
            if self.table is table and table is not None:
                table.handed_to(seat)

        spec = self.match.spec
        self.app.push_screen(HandoffScreen(spec.seat_name(seat), secret_choice=secret_choice, secrets=spec.secrets),
                             revealed)

    # ----- simultaneous moves: secret choices, revealed together --------------------------------------
    def _joint_turn_text(self) -> Text:
        match = self.match
        seat = match.choosing_human
        if seat is None:
            return Text("")
        waiting = "revealed together"
        if len(match.human_seats) == 1:
            return Text.assemble(("Your choice", "bold"), f": {match.spec.seat_name(seat)} ({waiting})")
        return Text.assemble((f"{match.spec.seat_name(seat)}: choose in secret", "bold"), f" ({waiting})")

    # ----- hints -------------------------------------------------------------------------------------
    def _clear_hint(self) -> None:
        self._hint_for = None
        self.query_one("#hint-panel", HintPanel).clear()
        if self.view is not None:
            self.view.hinted = None

    def action_hint(self) -> None:
        """Ask the strongest AI for a suggestion (worked out off the UI thread)."""
        if self.table is None:
            return
        seat = self.table.hint()
        if seat is not None:
            self._hint_for = seat
            self.query_one("#hint-panel", HintPanel).thinking()

    # ----- keys --------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out keys that do nothing right now (None) and hide 'new game' until the end."""
        match = self.match
        if action == "chat":
            return self.request.room is not None and not self.request.room.closed
        if action == "rematch":  # a finished room only; greyed once asked
            room = self.request.room
            if room is None or match is None or not room.offers_rematch:
                return False
            return None if room.rematch_asked else True
        if action in ("undo", "redo", "hint", "save", "new_same", "next_deal"):
            if not self._offers({"redo": "undo", "next_deal": "new_game", "new_same": "new_game",
                                 "hint": "hints"}.get(action, action)):
                return False  # a room's table offers none of these
            if match is None:
                if action in ("undo", "redo") and self._known_spec is not None and not self._known_spec.allow_undo:
                    return False  # a game without undo, still preparing: not shown
                return False if action in ("new_same", "next_deal") else None
            if action in ("undo", "redo") and not (match.spec.allow_undo and match.human_seats):
                return False  # never possible in this game (or with no human seat left): not shown
            if action == "undo":
                return True if match.can_undo else None
            if action == "redo":
                return True if match.can_redo else None
            if action == "hint":
                deciding = match.human_to_move or match.choosing_human is not None
                return False if match.is_over else (True if deciding else None)
            if action in ("new_same", "next_deal"):  # one key: a new game, or a series' next deal
                return match.is_over and match.can_next_deal == (action == "next_deal")
        return True

    def _offers(self, what: str) -> bool:
        """False when the table says it does not offer ``what`` ('undo', 'hints', 'save', 'new_game',
        'let_ai_play'): a seat in a room (even while it waits for its players); a local table offers them all."""
        table = self.table if self.table is not None else self.request.room
        return getattr(table, f"offers_{what}", True)

    def action_undo(self) -> None:
        """Take back moves to your previous turn; after the game's result was recorded, only once the
        player confirms (the statistics then drop it and count the game's new end instead)."""
        match = self.match
        if match is None or not match.can_undo:
            return

        def undo(confirmed: bool | None = True) -> None:
            if confirmed and self.match is match and self.table is not None:
                self.table.undo()

        if not match.undo_withdraws_result:
            undo()
            return
        from tui_games.ui.screens.confirm import ConfirmScreen

        question = (f"This game is over and its result ({match.result_text}) counts in your statistics. "
                    "Undo takes it back out; the game's new end counts instead.")
        self.app.push_screen(ConfirmScreen("Undo a finished game", question, "Undo"), undo)

    def action_redo(self) -> None:
        """Replay moves you took back."""
        if self.table is not None:
            self.table.redo()

    def action_rules(self) -> None:
        """Show the rules of this game."""
        spec = self._known_spec
        if spec is not None:
            self.app.open_rules(spec)

    @property
    def _known_spec(self) -> GameSpec | None:
        """The game's catalogue entry: the match's, or while it prepares the one asked for (None for a
        save not read yet)."""
        if self.match is not None:
            return self.match.spec
        if self.request.room is not None:
            return self.request.room.spec
        return catalog.get(self.request.game_id) if self.request.game_id else None

    def action_save(self) -> None:
        """Save now (every move is auto-saved too)."""
        if self.table is None:
            return
        path = self.table.save()
        self.show_storage_problem()
        if path is not None and not self.storage_problem:
            self.notify(f"Saved to {path.name}", timeout=3)

    def action_new_same(self) -> None:
        """A new game with the same game, options and players."""
        match = self.match
        if match is None or not match.is_over or match.can_next_deal:
            return
        request = GameRequest(game_id=match.spec.id, params=dict(match.params), seats=list(match.seats))
        self.app.switch_screen(GameScreen(request))

    def action_rematch(self) -> None:
        """In a finished room: ask to play again at the same table (the next game starts once everyone
        in the room asked, the seats moved round by one)."""
        room = self.request.room
        if room is not None and room.rematch() and self.match is not None:
            self.redraw()  # the key greys out at once; the room's views say the rest

    def action_leave(self) -> None:
        """Save and go back to the menu (between the deals of an open-ended series, such as a sitting
        at the Blackjack table, leaving ends the series and counts it). A seat in a room's running game
        is left (to the AI) only once the person confirms."""
        room = self.request.room
        if room is not None and not room.closed and room.match.status == "playing" \
                and room.match.observer_seat is not None:
            from tui_games.ui.screens.confirm import ConfirmScreen

            question = "The game is still running: if you leave the room, the AI plays your seat from now on."
            self.app.push_screen(ConfirmScreen("Leave the room", question, "Leave"),
                                 lambda yes: self._leave_now() if yes else None)
            return
        self._leave_now()

    def _leave_now(self) -> None:
        self._leave_series()
        self.save_and_close()
        self._close()

    # ----- a series of deals -----------------------------------------------------------------------
    def _between_deals_text(self) -> Text:
        """The turn line when a deal of a series is over and the next may start."""
        match = self.match
        deal_name = match.series.rules.deal_name
        text = Text.assemble((f"{deal_name.capitalize()} over: ", "bold"), (match.result_text, "bold reverse"))
        leave = "leave the table" if match.can_leave else "menu"
        text.append(f"\n{self._keys_text('next_deal', 'n')} next {deal_name} · {self._keys_text('leave', 'q')} {leave}",
                    style="dim")
        return text

    def action_next_deal(self) -> None:
        """Deal the next round or hand of a series (a sitting at the table) once this one is over."""
        if self.table is not None:
            self.table.next_deal()

    def action_chat(self) -> None:
        """Open the room's chat line."""
        if self.request.room is not None:
            self.query_one(RoomPanel).open_chat()

    def on_room_panel_changed(self, message: RoomPanel.Changed) -> None:
        """The room's view or a countdown changed: draw the seats again."""
        self._show_seats()

    def on_room_panel_chat_closed(self, message: RoomPanel.ChatClosed) -> None:
        """The chat line closed: the keys go back to the game."""
        if self.view is not None:
            self.view.focus()

    def _leave_series(self) -> None:
        """End an open-ended series when the player leaves between deals (its result is counted)."""
        if self.table is not None:
            self.table.leave()

    def save_and_close(self) -> None:
        """Stop the AI and write the save (on quit, leaving, or a lost connection)."""
        table = self.table
        if table is None:
            return
        table.stop_thinking()
        self.query_one("#thinking", Thinking).stop()
        table.save()
        problem = self.storage_problem
        if problem:
            self.notify(problem, title="Could not save", severity="error", timeout=8)
        if getattr(self.app, "active_match", None) is table:
            self.app.active_match = None

    def on_unmount(self) -> None:
        """The screen is gone (quit, a new game in its place, the app's end): stop its searches and let
        go of the save, so that another session may open it."""
        if self.table is not None:
            self.table.unlisten(self._on_table_event)  # nothing is left to draw on
            self.table.close()
        if self.request.room is not None:
            self.request.room.close()  # leaves the room, even one still waiting for its players

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

"""Calling a server's lobby without freezing the screen: :func:`call_lobby` and :class:`LobbyProgress`.

Every lobby call blocks until the server answers (see :class:`~tui_games.online.online_lobby.OnlineLobby`),
so it runs in a Textual thread worker and its answer comes back on the screen's loop. A refusal
(:class:`~tui_games.online.online_lobby.LobbyError`, or any other error of this package) comes back
as the sentence to show; nothing the person typed or chose is touched.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.widgets import ProgressBar, Static

from tui_games.core.errors import TuiGamesError

CONNECTING = "Connecting…"
"""What a lobby call in progress says, unless it says something more precise."""


def refusal_text(error: BaseException) -> str:
    """The sentence to show for ``error`` from a lobby call (the message of one of ours; a fault's
    kind and message otherwise)."""
    if isinstance(error, TuiGamesError):
        return str(error) or "The server refused"
    return f"The server could not be reached ({type(error).__name__}: {error})"


def call_lobby(node: DOMNode, call: Callable[[], Any], done: Callable[[Any], None],
               failed: Callable[[str], None], abandon: Callable[[Any], None] | None = None) -> None:
    """Run ``call`` (a blocking lobby call) in a thread worker of ``node``; then, on the screen's loop,
    ``done(result)``, or ``failed(sentence)`` when it raised. When ``node`` is gone by the time the
    answer comes, ``abandon(result)`` instead (a room entered for nobody must be left again)."""
    app = node.app

    def finish(ok: bool, value: Any) -> None:
        if not (app.is_running if node is app else node.is_attached):
            if ok and abandon is not None:
                abandon(value)
            return
        (done if ok else failed)(value)

    def work() -> None:
        try:
            outcome = (True, call())
        except Exception as error:  # every refusal or fault becomes a sentence on the screen
            outcome = (False, refusal_text(error))
        try:
            app.call_from_thread(finish, *outcome)
        except RuntimeError:  # the app has closed
            if outcome[0] and abandon is not None:
                abandon(outcome[1])

    node.run_worker(work, thread=True, group="lobby", exit_on_error=False)


class LobbyProgress(Horizontal):
    """One line under an online screen: 'Connecting…' with a moving bar while a lobby call runs, then
    the refusal (in the error colour) or a note. One call at a time (:attr:`busy`)."""

    DEFAULT_CSS = """
    LobbyProgress { height: auto; min-height: 1; padding: 0 1; }
    LobbyProgress > #lobby-message { width: 1fr; height: auto; }
    LobbyProgress > ProgressBar { width: 22; display: none; }
    LobbyProgress.-busy > ProgressBar { display: block; }
    LobbyProgress.-error > #lobby-message { color: $error; text-style: bold; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.busy = False
        """True while a lobby call runs."""
        self.message = ""
        """The line shown now."""

    def compose(self):
        """The message and the bar."""
        yield Static("", id="lobby-message", markup=False)
        yield ProgressBar(total=None, show_eta=False, show_percentage=False)

    def start(self, call: Callable[[], Any], done: Callable[[Any], None], what: str = CONNECTING,
              abandon: Callable[[Any], None] | None = None, failed: Callable[[str], None] | None = None) -> bool:
        """Run ``call`` (see :func:`call_lobby`) showing ``what`` meanwhile; a refusal is shown here (and
        passed to ``failed``). False (nothing done) while another call runs."""
        if self.busy:
            return False
        self.busy = True
        self._show(what, busy=True)

        def finished(result: Any) -> None:
            self.busy = False
            self._show("")
            done(result)

        def refused(reason: str) -> None:
            self.busy = False
            self.show_error(reason)
            if failed is not None:
                failed(reason)

        call_lobby(self, call, finished, refused, abandon)
        return True

    def show_error(self, text: str) -> None:
        """Show a refusal."""
        self._show(text, error=True)

    def show_note(self, text: str) -> None:
        """Show a plain note ('' clears the line)."""
        self._show(text)

    def _show(self, text: str, busy: bool = False, error: bool = False) -> None:
        self.message = text
        self.set_class(busy, "-busy")
        self.set_class(error, "-error")
        shown = Text.assemble(("! ", "bold"), text) if error and text else Text(text)
        self.query_one("#lobby-message", Static).update(shown)


__all__ = ["CONNECTING", "LobbyProgress", "call_lobby", "refusal_text"]

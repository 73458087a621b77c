"""The room's corner of the game screen: :class:`RoomPanel`, the room's state, its chat and notices,
and the line to chat in.

The panel reads the :class:`~tui_games.online.RoomTable` it is given: the recent chat lines and
notices (``table.chat``), the ratings a rated game moved, and the latest view (the room's code, who
is still awaited, the countdown to the next deal). It listens to the table from the moment it is
mounted, so what the room says while the game screen still waits for players is shown too, and it
looks at the view twice a second for its countdowns (:mod:`~tui_games.ui.widgets.room_seats`).

The chat line opens on the game screen's chat key; Enter sends it (``table.send_chat``), Escape
closes it. While it has the focus the keys go to it, never to the game.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static

from tui_games.online.room_table import ChatReceived, LeftRoom, NoticeReceived, RatingsChanged
from tui_games.ui.widgets.room_seats import CROWDED_FROM, ViewClock, has_countdown, room_seats_text, room_status_text

CHAT_SHOWN = 20
"""Chat lines and notices the panel holds (it scrolls to the newest)."""
TICK_S = 0.5
"""How often the panel looks at the view's countdowns."""
LINE_LIMIT = 200
"""The longest chat line the input takes (the room cleans and may shorten it)."""


class ChatLog(VerticalScroll, can_focus=False):
    """The chat lines, kept scrolled to the newest."""

    def compose(self):
        """The text."""
        yield Static("", id="chat-lines")

    def show(self, text: Text) -> None:
        """Show ``text`` and scroll to its end."""
        self.query_one("#chat-lines", Static).update(text)
        self.call_after_refresh(self.scroll_end, animate=False)


class RoomPanel(Vertical):
    """The room's code and state, the chat and notices, and the chat line (see the module notes)."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    RoomPanel {
        height: auto;
        border: round $panel;
        border-title-color: $accent;
        border-title-style: bold;
        border-subtitle-color: $foreground-muted;
        padding: 0 1;
    }
    RoomPanel:focus-within { border: round $primary; }
    RoomPanel #room-status { height: auto; }
    RoomPanel ChatLog { height: 4; scrollbar-size-vertical: 1; }
    RoomPanel.-crowded ChatLog { height: 1; }
    RoomPanel.-crowded #chat-lines { text-wrap: nowrap; text-overflow: ellipsis; }
    RoomPanel #chat-input { display: none; width: 1fr; }
    RoomPanel.-chatting #chat-input { display: block; }
    App.-ascii RoomPanel { border: ascii $panel; }
    App.-ascii RoomPanel:focus-within { border: ascii $primary; }
    """

    BINDINGS = [Binding("escape", "close_chat", "Close chat", key_display="Esc")]

    class Changed(Message):
        """The room's view or a countdown changed: the seats shown need drawing again."""

    class ChatClosed(Message):
        """The chat line closed: the game may have the keys back."""

    def __init__(self, table, **kwargs) -> None:
        super().__init__(**kwargs)
        self.table = table
        """The room table shown."""
        self.clock = ViewClock()
        """When the latest view came (for the countdowns)."""
        self.ratings: list[Text] = []
        """The lines about ratings moved by this room's rated games."""
        self._seen_view: object = None
        self._crowded_shown = False

    def compose(self):
        """The state line, the chat, and the (hidden) chat input."""
        yield Static("", id="room-status")
        yield ChatLog()
        yield Input(placeholder="Say something, Enter", max_length=LINE_LIMIT, compact=True, id="chat-input")

    def on_mount(self) -> None:
        """Listen to the table and start looking at the countdowns."""
        self.table.listen(self._on_table_event)
        self.set_interval(TICK_S, self._tick)
        self.refresh_panel()
        self.show_chat()

    def on_unmount(self) -> None:
        """Stop listening."""
        self.table.unlisten(self._on_table_event)

    # ----- what the panel shows ------------------------------------------------------------------------
    @property
    def chatting(self) -> bool:
        """True while the chat line is open."""
        return self.has_class("-chatting")

    def seats_text(self, width: int = 0) -> Text:
        """The seats as the room's view gives them, for the game screen's seats panel (``width``: its
        columns, 0 when not known yet)."""
        return room_seats_text(self.table.match, self.app.glyphs, self.clock.elapsed(self.table.match), width)

    @property
    def crowded(self) -> bool:
        """True at a table of many seats: the panel keeps to its title and the newest line (the chat's
        whole height while the chat line is open)."""
        return len(self.table.match.seat_infos) >= CROWDED_FROM

    def refresh_panel(self) -> None:
        """Draw the title, the state line and the key to chat again."""
        match = self.table.match
        code = match.view.get("code")
        title = f"Room {code}" if code else "Room"
        key = self._chat_key()
        self.border_subtitle = "" if self.chatting or not key else f"{key} chat"
        status = room_status_text(self.table, self.clock.elapsed(match))
        crowded = self.crowded and not self.chatting
        self.set_class(crowded, "-crowded")
        self.border_title = f"{title} · {status.plain.splitlines()[0]}" if crowded and status.plain else title
        widget = self.query_one("#room-status", Static)
        widget.display = bool(status.plain) and not crowded
        widget.update(status)
        if crowded != self._crowded_shown:
            self._crowded_shown = crowded
            self.show_chat()

    def _chat_key(self) -> str:
        for active in self.screen.active_bindings.values():
            if active.binding.action == "chat":
                return self.app.get_key_display(active.binding)
        return ""

    def chat_lines(self) -> list[Text]:
        """The recent chat lines and notices, newest last, then the ratings moved."""
        lines = []
        bullet = self.app.glyphs.bullet
        for entry in list(self.table.chat)[-CHAT_SHOWN:]:
            if isinstance(entry, ChatReceived):
                name = entry.name if entry.seat >= 0 else f"{entry.name} (watching)"
                lines.append(Text.assemble((f"{name}: ", "bold"), entry.text))
            else:
                lines.append(Text(f"{bullet} {entry.text}", style="dim italic"))
        return lines + list(self.ratings)

    def chat_text(self) -> Text:
        """:meth:`chat_lines` as one text."""
        return Text("\n").join(self.chat_lines())

    def show_chat(self) -> None:
        """Draw the chat lines again (at a crowded table the newest alone, kept to one line)."""
        log = self.query_one(ChatLog)
        if self.has_class("-crowded"):
            lines = self.chat_lines()
            log.show(lines[-1] if lines else Text())
        else:
            log.show(self.chat_text())

    def _tick(self) -> None:
        match = self.table.match
        if match.view is not self._seen_view or has_countdown(match):
            self._seen_view = match.view
            self.refresh_panel()
            self.post_message(self.Changed())

    def _on_table_event(self, event) -> None:
        if isinstance(event, (ChatReceived, NoticeReceived)):
            self.show_chat()
        elif isinstance(event, RatingsChanged):
            arrow = self.app.glyphs.arrows["right"]
            moves = ", ".join(f"{name} {before:.1f} {arrow} {after:.1f}" for name, before, after in event.changes)
            self.ratings.append(Text(f"Ratings: {moves}", style="bold"))
            self.show_chat()
        elif isinstance(event, LeftRoom):
            self.close_chat()
            self.refresh_panel()
        else:  # a new position: the room's line may say something else now
            self.refresh_panel()

    # ----- the chat line -------------------------------------------------------------------------------
    def open_chat(self) -> None:
        """Open the chat line and give it the keys."""
        if self.table.closed:
            return
        self.add_class("-chatting")
        self.refresh_panel()
        self.query_one("#chat-input", Input).focus()

    def close_chat(self) -> None:
        """Close the chat line (what was typed stays for next time) and give the keys back."""
        if not self.chatting:
            return
        self.remove_class("-chatting")
        self.refresh_panel()
        self.post_message(self.ChatClosed())

    def action_close_chat(self) -> None:
        """Escape in the chat line."""
        self.close_chat()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: send the line (if any) and close."""
        event.stop()
        if event.input.id != "chat-input":
            return
        if event.value.strip() and self.table.send_chat(event.value):
            event.input.value = ""
        self.close_chat()


__all__ = ["CHAT_SHOWN", "ChatLog", "LINE_LIMIT", "RoomPanel", "TICK_S"]

"""Nim view: one row of objects per heap; pick a heap and how many to take, or click an object."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from tui_games.ui.game_view import GameView

LABEL_WIDTH = 9
"""Characters before the first object of a row ('Heap 1   ')."""


class HeapRow(Static):
    """One heap; a click on its k-th object asks to take that object and every one after it."""

    DEFAULT_CSS = """
    HeapRow { height: 1; width: auto; margin-bottom: 1; }
    HeapRow.-selected { background: $primary 15%; }
    NimView:focus HeapRow.-selected { background: $primary 30%; }
    """

    def __init__(self, heap: int) -> None:
        super().__init__("", id=f"heap-{heap}")
        self.heap = heap
        """The heap's index (0-based)."""

    def on_click(self, event: events.Click) -> None:
        """Translate the click position into an object of this heap."""
        event.stop()
        index = (event.x - LABEL_WIDTH) // 2
        if index >= 0:
            self.post_message(NimView.ObjectClicked(self.heap, index))


class NimView(GameView):
    """Draws ``state.heaps``; the chosen take is shown hollow. Actions come from ``state.encode``."""

    KEYS_HELP = """\
- **Up/Down** choose a heap, **Left/Right** (or **1-9**) how many to take, **Enter** or **Space** takes them.
- The objects you are about to take are drawn hollow; **click** an object to take it and all after it.
"""

    BINDINGS = [
        Binding("up", "heap(-1)", "Heap up", show=False),
        Binding("down", "heap(1)", "Heap down", show=False),
        Binding("left", "amount(-1)", "Fewer", show=False),
        Binding("right", "amount(1)", "More", show=False),
        Binding("enter,space", "take", "Take", show=True),
        *[Binding(str(n), f"set_amount({n})", f"Take {n}", show=False) for n in range(1, 10)],
    ]

    DEFAULT_CSS = """
    NimView { align: center middle; }
    NimView #nim-heaps { width: auto; height: auto; padding: 1 2; border: round $panel; }
    NimView:focus #nim-heaps { border: round $primary; }
    NimView #nim-choice { width: auto; height: 1; margin-top: 1; }
    """

    class ObjectClicked(Message):
        """An object was clicked: the ``index``-th (0-based) of heap ``heap``."""

        def __init__(self, heap: int, index: int) -> None:
            super().__init__()
            self.heap = heap
            """The clicked heap."""
            self.index = index
            """The clicked object's position in the heap."""

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.heap = 0
        """The selected heap (0-based)."""
        self.take = 1
        """How many objects the selection takes."""
        self._rows: list[HeapRow] = []

    def compose(self) -> ComposeResult:
        """A frame for the heap rows and a line describing the choice."""
        with Vertical(id="nim-heaps"):
            yield Static(id="nim-choice")

    # ----- what the state allows ---------------------------------------------------------------------
    def _takes(self, heap: int) -> list[int]:
        """The legal amounts for ``heap``, from the state's legal actions."""
        state = self.state
        return sorted(take for h, take in (state.decode(a) for a in state.legal_actions()) if h == heap)

    def _fix_selection(self) -> None:
        heaps = self.state.heaps
        self.heap = min(self.heap, len(heaps) - 1)
        if not self.state.is_terminal and not self._takes(self.heap):
            playable = [h for h in range(len(heaps)) if self._takes(h)]
            if playable:
                self.heap = min(playable, key=lambda h: abs(h - self.heap))
        takes = self._takes(self.heap)
        if takes:
            self.take = min(max(self.take, takes[0]), takes[-1])

    # ----- drawing -----------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Rebuild the rows if the heap count changed, then paint every heap."""
        state = self.state
        heaps = state.heaps
        box = self.query_one("#nim-heaps")
        if len(self._rows) != len(heaps):
            for row in self._rows:
                row.remove()
            self._rows = [HeapRow(h) for h in range(len(heaps))]
            box.mount_all(self._rows, before="#nim-choice")
        self._fix_selection()
        last = self.match.last_action
        last_heap, last_take = state.decode(last) if last is not None else (None, 0)
        hint_heap, hint_take = state.decode(self.hinted) if self.hinted is not None else (None, 0)
        playing = not state.is_terminal
        for heap, (row, size) in enumerate(zip(self._rows, heaps)):
            selected = playing and heap == self.heap
            row.set_class(selected, "-selected")
            parts: list[tuple[str, str] | str] = [
                (f"{'▶' if selected and self.glyphs.name == 'unicode' else ('>' if selected else ' ')}"
                 f"Heap {heap + 1:<3}", "bold" if selected else "")]
            for index in range(size):
                taking = selected and index >= size - self.take
                hinted = heap == hint_heap and index >= size - hint_take
                glyph = self.glyphs.taken if taking else self.glyphs.stone
                style = "$seat-0 bold" if taking else ("$success bold underline" if hinted else "$accent")
                parts.append((glyph + " ", style))
            parts.append((f" ({size})", "dim"))
            if heap == last_heap:
                parts.append((f"  last: -{last_take}", "bold underline"))
            row.update(Content.assemble(*parts))
        self.query_one("#nim-choice", Static).update(self._choice_text())

    def _choice_text(self) -> Content:
        state = self.state
        if state.is_terminal:
            return Content("")
        takes = self._takes(self.heap)
        limit = f"(1-{takes[-1]})" if takes else ""
        return Content.assemble(("Take ", ""), (str(self.take), "bold reverse"),
                                (f" from heap {self.heap + 1} {limit}", ""),
                                (f"   most per move: {state.max_take}", "dim"))

    # ----- keys and clicks ---------------------------------------------------------------------------
    def _changed(self) -> None:
        if self.match is not None:
            self.redraw()

    def action_heap(self, step: int) -> None:
        """Select the next non-empty heap up or down."""
        heaps = self.state.heaps if self.match else []
        for _ in range(len(heaps)):
            self.heap = (self.heap + step) % len(heaps)
            if heaps[self.heap]:
                break
        self._changed()

    def action_amount(self, step: int) -> None:
        """Take one more or one fewer."""
        self.take = max(1, self.take + step)
        self._changed()

    def action_set_amount(self, amount: int) -> None:
        """Take exactly ``amount`` (digit keys)."""
        self.take = amount
        self._changed()

    def action_take(self) -> None:
        """Play the selection."""
        if self.match is not None and self._takes(self.heap):
            self.choose(self.state.encode(self.heap, self.take))

    def on_nim_view_object_clicked(self, message: "NimView.ObjectClicked") -> None:
        """Take the clicked object and every one after it."""
        message.stop()
        if self.match is None:
            return
        size = self.state.heaps[message.heap]
        if message.index >= size:
            return
        self.focus()
        self.heap = message.heap
        self.take = size - message.index
        self.choose(self.state.encode(self.heap, self.take))


VIEW = NimView
"""The view class the game screen mounts for Nim."""

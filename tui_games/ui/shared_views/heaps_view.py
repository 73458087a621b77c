"""The view of a game of heaps (Nim, Nim3P): each heap a column of objects; pick a heap and how many to
take, or click an object.

It reads what :class:`~tui_games.engine.heaps.HeapState` offers (``heaps``, ``decode``, ``encode``,
``max_take``) and the legal actions; a game's view subclasses it to add its own side-panel lines.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from tui_games.ui.game_view import BOARD_MARGIN, GameView

CHOICE_LINES = 1
"""The line under the heaps that describes the choice."""
LABEL_LINES = 3
"""Lines under each heap: its number, its size and the last move's take."""
WIDE_COLUMN = 7
"""A heap column's width when the view has room (5 otherwise)."""


class HeapColumn(Static):
    """One heap drawn bottom-up; a click on an object asks to take it and every object above it."""

    DEFAULT_CSS = """
    HeapColumn { width: 5; height: auto; text-align: center; }
    HeapColumn.-selected { background: $primary 15%; }
    HeapsView:focus HeapColumn.-selected { background: $primary 30%; }
    HeapColumn.-last { text-style: underline; }
    """

    def __init__(self, heap: int) -> None:
        super().__init__("", id=f"heap-{heap}")
        self.heap = heap
        """The heap's index (0-based)."""
        self.object_rows = 0
        """Lines given to objects (the tallest heap of the game)."""
        self.objects = 0
        """Objects in the heap now."""
        self.spacing = 1
        """Lines per object: 2 leaves a blank line between objects on a roomy screen."""

    def on_click(self, event: events.Click) -> None:
        """Translate the click's line into an object of this heap (0 is the bottom one)."""
        event.stop()
        from_bottom = self.object_rows - 1 - event.y // self.spacing
        if 0 <= from_bottom < self.objects:
            self.post_message(HeapsView.ObjectClicked(self.heap, from_bottom))


class HeapsView(GameView):
    """Draws ``state.heaps``; the objects about to be taken are hollow. Actions come from
    ``state.encode(heap, take)`` and the legal ones from ``state.legal_actions()``."""

    KEYS_HELP = """\
- **Left/Right** (or **h/l**) choose a heap, **Up/Down** (or **k/j**) how many items to take,
  **Enter** or **Space** takes them; **1-9** set how many directly.
- The items you are about to take are drawn hollow; **click** an item to take it and all above it.
"""

    BINDINGS = [
        Binding("left,h", "heap(-1)", "Heap left", show=False),
        Binding("right,l", "heap(1)", "Heap right", show=False),
        Binding("up,k", "amount(1)", "More", show=False),
        Binding("down,j", "amount(-1)", "Fewer", show=False),
        Binding("enter,space", "take", "Take", show=True),
        *[Binding(str(n), f"set_amount({n})", f"Take {n}", show=False) for n in range(1, 10)],
    ]

    BOARD_ID = "nim-heaps"

    DEFAULT_CSS = """
    HeapsView { align: center middle; }
    HeapsView #nim-box { width: auto; height: auto; padding: 0 1; background: $surface; }
    HeapsView #nim-heaps { width: auto; height: auto; }
    HeapsView #nim-choice { width: auto; height: 1; }
    """

    class ObjectClicked(Message):
        """An object was clicked: the ``index``-th from the bottom (0-based) of heap ``heap``."""

        def __init__(self, heap: int, index: int) -> None:
            super().__init__()
            self.heap = heap
            """The clicked heap."""
            self.index = index
            """The clicked object's position, counted from the bottom of the heap."""

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.heap = 0
        """The selected heap (0-based)."""
        self.take = 1
        """How many objects the selection takes."""
        self._columns: list[HeapColumn] = []
        self._rows = 0
        self._spacing = 1
        self._wide = False

    def compose(self) -> ComposeResult:
        """A frame holding the heap columns and a line describing the choice."""
        with Vertical(id="nim-box"):
            yield Horizontal(id="nim-heaps")
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

    # ----- size ------------------------------------------------------------------------------------------
    def _tallest(self) -> int:
        """Object lines of the tallest heap the game can have (the size option)."""
        if self.match is None:
            return 0
        return max([*self.state.heaps, int(self.match.params.get("size", 0) or 0), 1])

    def fit(self, width: int, height: int) -> bool:
        """Wider columns, and a blank line between objects, when the view has the room."""
        if self.match is None:
            return False
        rows, heaps = self._tallest(), len(self.state.heaps)
        spare_height = height - BOARD_MARGIN - LABEL_LINES - CHOICE_LINES
        spacing = 2 if 2 * rows - 1 <= spare_height else 1
        wide = heaps * WIDE_COLUMN + 2 + BOARD_MARGIN <= width and spacing == 2
        changed = (spacing, wide) != (self._spacing, self._wide)
        self._spacing, self._wide = spacing, wide
        return changed

    def move_name(self, action: int) -> str:
        """'heap 3 -2': the heap and how many it loses, as under the heaps after a move."""
        heap, take = self.state.decode(action)
        return f"heap {heap + 1} -{take}"

    # ----- drawing -----------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Build the columns once, then paint every heap, the last move and the hint."""
        state = self.state
        heaps = state.heaps
        if len(self._columns) != len(heaps):
            self._rows = self._tallest()
            self._columns = [HeapColumn(h) for h in range(len(heaps))]
            self.query_one("#nim-heaps", Horizontal).mount_all(self._columns)
            self.fit(self.size.width, self.size.height)
        self._fix_selection()
        last = self.match.last_action
        last_heap, last_take = state.decode(last) if last is not None else (None, 0)
        hint_heap, hint_take = state.decode(self.hinted) if self.hinted is not None else (None, 0)
        playing = not state.is_terminal
        for heap, (column, size) in enumerate(zip(self._columns, heaps)):
            selected = playing and heap == self.heap
            column.object_rows, column.objects, column.spacing = self._rows, size, self._spacing
            column.styles.width = WIDE_COLUMN if self._wide else None
            column.set_class(selected, "-selected")
            column.set_class(heap == last_heap, "-last")
            lines: list[Content] = []
            for row in range(self._rows):
                from_bottom = self._rows - 1 - row
                if self._spacing == 2 and row:
                    lines.append(Content(" "))
                if from_bottom >= size:
                    lines.append(Content(" "))
                    continue
                taking = selected and from_bottom >= size - self.take
                hinted = heap == hint_heap and from_bottom >= size - hint_take
                glyph = self.glyphs.token_marked if taking else self.glyphs.token
                style = "$seat-0 bold" if taking else ("$success bold underline" if hinted else "$accent")
                lines.append(Content.styled(glyph, style))
            marker = self.glyphs.arrows["up"] if selected else " "
            lines.append(Content.styled(f"{marker}{heap + 1}", "bold" if selected else ""))
            lines.append(Content.styled(str(size), "dim"))
            lines.append(Content.styled(f"-{last_take}" if heap == last_heap else " ", "bold underline"))
            column.update(Content("\n").join(lines))
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
        """Select the next non-empty heap to the left or right."""
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

    def on_heaps_view_object_clicked(self, message: "HeapsView.ObjectClicked") -> None:
        """Take the clicked object and every one above it."""
        message.stop()
        if self.match is None:
            return
        size = self.state.heaps[message.heap]
        self.focus()
        self.heap = message.heap
        self.take = size - message.index
        self.choose(self.state.encode(self.heap, self.take))

"""Keys: every remappable key (the screens' and the shared widgets', such as the hand of cards) with its
current keys; Enter, then a key, remaps one (saved at once)."""

from __future__ import annotations

from typing import Iterable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from tui_games import catalog
from tui_games.ui.keymap import INSIDE, WIDGET_KEY_OWNERS, key_clash, remappable_keys
from tui_games.ui.views import view_class

HELP = "Enter: press a new key for the chosen action   Delete: back to the default   Esc: back"
"""The line under the table."""


def keys_beside(scope: str) -> dict[str, str]:
    """The keys that the game views relaying a shared widget's keys (binding ids ``scope.*``) bind for
    themselves, each with what it does there ('Draw in UNO'): a key of the widget's cannot take one, or
    the view would lose it. Loads every game's view class (no kernels)."""
    taken: dict[str, str] = {}
    for game_id in catalog.ids():
        spec = catalog.get(game_id)
        by_key = view_class(spec)._merged_bindings.key_to_bindings
        bindings = [binding for listed in by_key.values() for binding in listed]
        if not any((binding.id or "").startswith(scope + ".") for binding in bindings):
            continue
        for key, listed in by_key.items():
            for binding in listed:
                if not (binding.id or "").startswith(scope + "."):
                    taken.setdefault(key, f"{binding.description} in {spec.title}")
    return taken


class KeyCatcher(Static, can_focus=True):
    """Takes the next key pressed (focused only while the screen waits for a new key)."""

    class Caught(Message):
        """A key was pressed while waiting."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def on_key(self, event: events.Key) -> None:
        """Hand the key to the screen (Esc too: it cancels)."""
        event.stop()
        event.prevent_default()
        self.post_message(self.Caught(event.key))


class KeysScreen(Screen):
    """The key map as a table; remapping is two keys away and applies at once."""

    BINDINGS = [
        Binding("escape", "back", "Back", key_display="Esc"),
        Binding("enter", "remap", "Remap"),
        Binding("delete", "reset", "Default"),
    ]

    def __init__(self, owners: Iterable[type]) -> None:
        """``owners``: the classes whose bindings with an id may be remapped (the app's, the menu's and
        the game screen's), in the order the table lists them; the shared widgets' keys
        (:data:`~tui_games.ui.keymap.WIDGET_KEY_OWNERS`, the hand of cards) follow them."""
        super().__init__()
        self._keys = remappable_keys([*owners, *WIDGET_KEY_OWNERS])
        self._capturing: str | None = None
        self._beside: dict[str, dict[str, str]] = {}

    def compose(self) -> ComposeResult:
        """Header, the table, a note, footer."""
        yield Header()
        with Vertical(id="keys-body"):
            yield DataTable(id="keys-table", cursor_type="row", zebra_stripes=True)
            yield KeyCatcher(HELP, id="keys-note")
        yield Footer()

    def on_mount(self) -> None:
        """Fill the table and focus it."""
        self.sub_title = "Keys"
        table = self.query_one(DataTable)
        table.add_columns("Where", "Action", "Keys", "Id")
        self._fill()
        table.focus()

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        keymap = self.app.settings.keymap
        for key in self._keys:
            keys = keymap.get(key.id, key.default_keys)
            shown = keys + (" *" if key.id in keymap else "")
            table.add_row(key.group, key.description, shown, key.id, key=key.id)
        if row is not None and table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    def _selected(self):
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        return self._keys[table.cursor_row]

    def _note(self, text: str) -> None:
        self.query_one("#keys-note", KeyCatcher).update(text)

    def action_back(self) -> None:
        """Leave."""
        self.app.pop_screen()

    def action_remap(self) -> None:
        """Wait for the new key of the highlighted action."""
        key = self._selected()
        if key is not None:
            self._capturing = key.id
            self._note(f"[b]Press the new key for {key.description}[/b] ({key.group.lower()}); Esc cancels")
            self.query_one(KeyCatcher).focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter (or a click) on a row: wait for its new key."""
        event.stop()
        self.action_remap()

    def action_reset(self) -> None:
        """Give the highlighted action its default keys back."""
        key = self._selected()
        if key is None:
            return
        keymap = dict(self.app.settings.keymap)
        if keymap.pop(key.id, None) is not None:
            self.app.change_setting("keymap", keymap)
            self._note(f"{key.description}: back to {key.default_keys}")
        self._fill()

    def remap(self, binding_id: str, keys: str) -> str | None:
        """Give ``binding_id`` the keys ``keys``; the reason it was refused, or None when done."""
        keymap = dict(self.app.settings.keymap)
        clash = key_clash(self._keys, keymap, binding_id, keys)
        if clash:
            return clash
        scope = binding_id.split(".", 1)[0]
        if scope in INSIDE:
            if scope not in self._beside:
                self._beside[scope] = keys_beside(scope)
            taken = [key for key in keys.split(",") if key in self._beside[scope]]
            if taken:
                return f"{taken[0]} is already {self._beside[scope][taken[0]]}"
        keymap[binding_id] = keys
        self.app.change_setting("keymap", keymap)
        self._fill()
        return None

    def on_key_catcher_caught(self, event: KeyCatcher.Caught) -> None:
        """The new key (Esc cancels)."""
        binding_id, self._capturing = self._capturing, None
        self.query_one(DataTable).focus()
        if binding_id is None or event.key == "escape":
            self._note(HELP)
            return
        refused = self.remap(binding_id, event.key)
        description = next(k.description for k in self._keys if k.id == binding_id)
        self._note(f"[b]Not changed:[/b] {refused}" if refused else f"{description}: now {event.key}")

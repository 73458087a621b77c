"""Saved games to resume (or delete, after a confirmation), the bundled examples, and unreadable
saves with the reason."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tui_games import catalog
from tui_games.core.errors import SaveFileError, UnknownGameError
from tui_games.core.seats import Seat
from tui_games.core.words import counted
from tui_games.ui.describe import example_name, seats_summary, when_text
from tui_games.ui.screens.game import GameRequest


def entry_text(entry, *, example: bool = False) -> Text:
    """One line of the list: game, players (the AIs by the game's names for their levels), moves,
    state and time."""
    record = entry.record
    try:
        spec = catalog.get(record.game)
    except UnknownGameError:
        spec = None
    text = Text()
    text.append(f"{spec.title if spec else record.game:<14}", style="bold")
    seats = (seats_summary(spec, [Seat.parse(seat) for seat in record.seats]) if spec
             else " vs ".join(record.seats))
    text.append(f" {seats:<18}")
    text.append(f" {counted(len(record.history), 'move'):>9}", style="dim")
    if record.finished:
        text.append(f"  {record.result or 'finished'}", style="italic")
    text.append(f"  {example_name(entry.path) if example else when_text(record.updated)}", style="dim")
    return text


class ResumeScreen(Screen):
    """Lists saves newest first, then finished games, examples and unreadable files.

    Games left before their first move are not listed (their files stay where they are).
    """

    BINDINGS = [
        Binding("enter", "open", "Open"),
        Binding("d,delete", "delete", "Delete", key_display="d"),
        Binding("escape,q", "app.pop_screen", "Back", key_display="Esc"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._targets: dict[str, GameRequest] = {}

    def compose(self) -> ComposeResult:
        """Header, the list, a note line, footer."""
        yield Header()
        yield OptionList(id="save-list")
        yield Static(id="resume-note")
        yield Footer()

    def on_mount(self) -> None:
        """Fill the list."""
        self.sub_title = "Saved games"
        self.reload()

    def on_screen_resume(self) -> None:
        """Back from a game: saves changed."""
        self.reload()

    def reload(self) -> None:
        """Read the saves folder and the bundled examples again."""
        from tui_games.store.saves import bundled_examples, list_saves

        saves = list_saves()
        examples = bundled_examples()
        listing = self.query_one("#save-list", OptionList)
        previous = (listing.get_option_at_index(listing.highlighted).id
                    if listing.highlighted is not None else None)
        listing.clear_options()
        self._targets.clear()
        sections = [
            ("In progress", [e for e in saves if e.record and not e.finished and e.record.started], False),
            ("Finished", [e for e in saves if e.record and e.finished], False),
            ("Examples", [e for e in examples if e.record], True),
        ]
        for heading, entries, example in sections:
            if not entries:
                continue
            listing.add_option(Option(Text(heading.upper(), style="bold"), disabled=True))
            for entry in entries:
                key = f"{'example' if example else 'save'}:{entry.path}"
                self._targets[key] = (GameRequest(example=Path(entry.path)) if example
                                      else GameRequest(resume=Path(entry.path)))
                listing.add_option(Option(entry_text(entry, example=example), id=key))
        broken = [e for e in saves + examples if e.error]
        if broken:
            listing.add_option(Option(Text("UNREADABLE (moved aside, never deleted)", style="bold"),
                                      disabled=True))
            for entry in broken:
                line = Text.assemble((Path(entry.path).name, "bold"), "  ", (entry.error, "italic"))
                listing.add_option(Option(line, disabled=True))
        if not self._targets and not broken:
            listing.add_option(Option(Text("No saved games yet: start one from the menu.", style="dim"),
                                      disabled=True))
        ids = [listing.get_option_at_index(index).id for index in range(listing.option_count)]
        if previous is not None and previous in ids:
            listing.highlighted = ids.index(previous)  # back from a game or a dialog: stay put
        else:
            for index in range(listing.option_count):
                if not listing.get_option_at_index(index).disabled:
                    listing.highlighted = index
                    break
        listing.focus()
        self.query_one("#resume-note", Static).update(
            "Games save after every move. An example opens as a new game of yours.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Open the chosen save."""
        self._open(event.option.id)

    def action_open(self) -> None:
        """Open the highlighted save."""
        listing = self.query_one("#save-list", OptionList)
        if listing.highlighted is not None:
            self._open(listing.get_option_at_index(listing.highlighted).id)

    def _open(self, key: str | None) -> None:
        request = self._targets.get(key or "")
        if request is not None:
            self.app.open_game(request)

    # ----- deleting ----------------------------------------------------------------------------------
    def _highlighted_save(self) -> tuple[int, Path] | None:
        """(list index, path) of the highlighted user save; None for an example or nothing."""
        listing = self.query_one("#save-list", OptionList)
        if listing.highlighted is None:
            return None
        request = self._targets.get(listing.get_option_at_index(listing.highlighted).id or "")
        if request is None or request.resume is None:
            return None
        return listing.highlighted, request.resume

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Delete is offered only on a save of yours."""
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """'Delete' is greyed out on the examples."""
        if action == "delete":
            return True if self._highlighted_save() is not None else None
        return True

    def action_delete(self) -> None:
        """Ask, then delete the highlighted save."""
        chosen = self._highlighted_save()
        if chosen is None:
            return
        index, path = chosen
        listing = self.query_one("#save-list", OptionList)
        description = listing.get_option_at_index(index).prompt
        question = f"Delete this saved game?\n\n{description}\n\nIt cannot be brought back."
        from tui_games.ui.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self._delete(index, path)

        self.app.push_screen(ConfirmScreen("Delete saved game", question, "Delete"), answered)

    def _delete(self, index: int, path: Path) -> None:
        from tui_games.store.saves import delete_save

        try:
            delete_save(path)
        except SaveFileError as error:
            self.notify(str(error), title="Not deleted", severity="error", timeout=8)
            return
        self.reload()
        self.notify(f"Deleted {path.name}", timeout=3)
        listing = self.query_one("#save-list", OptionList)
        for candidate in [*range(index, listing.option_count), *range(index - 1, -1, -1)]:
            if not listing.get_option_at_index(candidate).disabled:
                listing.highlighted = candidate
                break

"""Finding a game's view class: the catalogue entry declares it (``GameSpec.view``, 'module:Class').

A game without a view module is still playable through :class:`ActionListView`, which lists the
legal actions by name.
"""

from __future__ import annotations

import importlib

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui_games.core.spec import GameSpec
from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.ui.game_view import GameView


class ActionListView(GameView):
    """A generic view: the observation as text and the legal actions as a list to pick from."""

    KEYS_HELP = """\
- **Up/Down** pick an action from the list, **Enter** plays it; **click** an action to play it.
"""

    DEFAULT_CSS = """
    ActionListView { layout: vertical; padding: 1 2; }
    ActionListView #observation { height: auto; margin-bottom: 1; }
    ActionListView #actions { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        """The observation and the action list."""
        yield Static(id="observation")
        yield OptionList(id="actions")

    def on_focus(self) -> None:
        """Pass focus to the action list."""
        self.query_one("#actions").focus()

    def redraw(self) -> None:
        """Show what the observer may see and the legal actions."""
        state = self.state
        seat = self.match.observer_seat
        self.query_one("#observation", Static).update(Text(str(self.match.state.observation(
            PUBLIC_VIEW if seat is None else seat))))
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        for action in self.legal():
            actions.add_option(Option(state.action_to_string(action), id=str(action)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Play the selected action."""
        event.stop()
        self.choose(int(event.option.id))


def view_class(spec: GameSpec) -> type[GameView]:
    """The view class ``spec.view`` declares, or :class:`ActionListView` when it declares none."""
    if not spec.view:
        return ActionListView
    module_name, _, class_name = spec.view.partition(":")
    view = getattr(importlib.import_module(module_name, package=spec.package), class_name, None)
    if not (isinstance(view, type) and issubclass(view, GameView)):
        raise TypeError(f"{spec.id}: view {spec.view!r} is not a GameView class")
    return view

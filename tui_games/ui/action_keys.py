"""Keys and clicks for a view whose actions are a row of buttons (:class:`~tui_games.ui.widgets.action_bar.ActionBar`):
letter keys, digit keys and clicked buttons all play an action.

A view mixes :class:`ActionBarKeys` in before :class:`~tui_games.ui.game_view.GameView`, keeps its
button row in ``self.actions``, binds its letters to ``letter('x')`` and its digits to ``press(n)``,
and says in :meth:`ActionBarKeys._letter_action` which action a letter plays now.
"""

from __future__ import annotations

from tui_games.ui.messages import ButtonAction


class ActionBarKeys:
    """Letters, digits and clicks on the button row (``self.actions``) play actions."""

    def _letter_action(self, key: str) -> int | None:
        """The action letter ``key`` plays now, or None (the letter then falls through to the screen)."""
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A letter key is taken only when it plays an action now; otherwise it falls through to the
        game screen (so n still means 'new game' or 'next hand' once the game or hand is over)."""
        if action == "letter":
            return self._letter_action(str(parameters[0])) is not None
        return super().check_action(action, parameters)

    def action_letter(self, key: str) -> None:
        """Play the action of letter ``key``."""
        action = self._letter_action(key)
        if action is not None:
            self.choose(action)

    def action_press(self, position: int) -> None:
        """Press the ``position``-th action button (digit keys)."""
        action = self.actions.action_at(position)
        if action is not None:
            self.choose(action)

    def on_button_action(self, message: ButtonAction) -> None:
        """A clicked (or Enter-pressed) button plays its action."""
        message.stop()
        self.choose(message.action)


__all__ = ["ActionBarKeys"]

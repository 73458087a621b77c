"""A footer whose keys are never cut short: where the terminal is too narrow for all of them ('q Qu'
at 80 columns), it closes up the spaces between keys, then leaves out the command palette's key
(Ctrl+P still opens it, and the palette lists every action)."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Footer

PALETTE_EXTRA = 3
"""Columns the command palette's key takes beyond its key and description (its divider and spaces)."""


class FittingFooter(Footer):
    """Textual's footer, made compact and then without the palette key where the keys need it."""

    def _shown_bindings(self) -> list:
        """The bindings the footer shows, one a action (as Footer.compose groups them)."""
        seen: dict[str, object] = {}
        for _, binding, _, _ in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                seen[binding.action] = binding
        return list(seen.values())

    def needed_width(self, compact: bool, palette: bool) -> int:
        """Columns the footer's keys take in the ``compact`` style, with or without the palette key."""
        per_key = 2 if compact else 3  # the space inside a key and the spaces around it
        width = sum(cell_len(self.app.get_key_display(binding)) + cell_len(binding.description) + per_key
                    for binding in self._shown_bindings())
        if palette and self.app.ENABLE_COMMAND_PALETTE:
            binding = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if binding is not None:
                width += (cell_len(self.app.get_key_display(binding[1])) + cell_len(binding[1].description)
                          + per_key + PALETTE_EXTRA)
        return width

    def _fit(self) -> tuple[bool, bool]:
        """(compact, palette shown): the roomiest style whose keys fit the screen's width."""
        width = self.app.size.width
        for compact, palette in ((False, True), (True, True), (True, False)):
            if self.needed_width(compact, palette) <= width:
                return compact, palette
        return True, False

    def compose(self):
        """The keys, in the style that fits."""
        if self._bindings_ready:
            compact, palette = self._fit()
            self.set_reactive(Footer.compact, compact)
            self.set_class(compact, "-compact")
            self.set_reactive(Footer.show_command_palette, palette)
        yield from super().compose()

    def on_resize(self) -> None:
        """Lay the keys out again when the screen's width calls for another style."""
        if self._bindings_ready and self._fit() != (self.compact, self.show_command_palette):
            self.call_after_refresh(self.recompose)


__all__ = ["FittingFooter"]

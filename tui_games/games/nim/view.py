"""Nim view: the heaps view of :mod:`tui_games.ui.shared_views.heaps_view` (Nim's side panel needs nothing more)."""

from __future__ import annotations

from tui_games.ui.shared_views.heaps_view import HeapsView


class NimView(HeapsView):
    """Nim's heaps, keys and clicks."""

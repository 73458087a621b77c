"""Nim3P view: the heaps view of :mod:`tui_games.ui.shared_views.heaps_view` (a Nim3P state is a heap state, as a
Nim state is), with the three-seat win rule spelled out beside the board."""

from __future__ import annotations

from typing import Any

from tui_games.ui.shared_views.heaps_view import HeapsView


class Nim3PView(HeapsView):
    """The heaps view; the side panel says who wins if the next move empties the board."""

    def status_lines(self, match: Any) -> list[str]:
        """The win rule in words, and the extra rule when it is on."""
        state = match.state
        lines = ["The player after the one", "taking the last item wins"]
        if state.extra_rule:
            lines += ["Extra rule: the one after", "the winner gets 0.2"]
        if not state.is_terminal and len([size for size in state.heaps if size]) == 1:
            following = match.spec.seat_name((state.current_player + 1) % state.num_players)
            lines.append(f"Clear the board: {following} wins")
        return lines

"""Nim3P view: Nim's heaps, keys and clicks (a Nim3P state offers ``heaps``, ``decode`` and ``encode``
as a Nim state does), with the three-seat win rule spelled out beside the board."""

from __future__ import annotations

from typing import Any

from tui_games.games.nim.view import NimView


class Nim3PView(NimView):
    """Nim's view of the heaps; the side panel says who wins if the next move empties the board."""

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

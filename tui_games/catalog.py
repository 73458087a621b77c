"""The public catalogue of games: ``catalog.ids()`` and ``catalog.get(game_id)``.

Listing games never imports a game's kernels, so menus open without compiling anything.
"""

from tui_games.core.registry import all_specs, get, ids

__all__ = ["all_specs", "get", "ids"]

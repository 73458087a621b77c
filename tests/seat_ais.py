"""The AI player of a match's seat, for tests that drive a match move by move without a table: built
once per match and seat, as a table's runner keeps them (see tui_games.table.runners.PlayerCache)."""

from __future__ import annotations

import weakref

from tui_games.table import PlayerCache

_PLAYERS: "weakref.WeakKeyDictionary[object, PlayerCache]" = weakref.WeakKeyDictionary()


def seat_ai(match, seat: int):
    """The AI player that plays ``seat`` of ``match`` (the same one on every call for that match)."""
    players = _PLAYERS.get(match)
    if players is None:
        players = _PLAYERS[match] = PlayerCache()
    return players.for_seat(match, seat)

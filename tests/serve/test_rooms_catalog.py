"""Every game of the catalogue can be played in a room: one person's seat (random legal moves), the
others filled by the AI, until the game or its first deal ends (the moves capped)."""

from __future__ import annotations

import random

import pytest

from room_helpers import FakeConnection, make_lobby, play_randomly
from tui_games import catalog

MAX_MOVES = 40
"""The most moves the person makes (a long game stops there, its room still sound)."""


@pytest.mark.parametrize("game_id", catalog.ids())
def test_every_game_plays_in_a_room(tmp_path, game_id):
    spec = catalog.get(game_id)
    lobby, clock = make_lobby(tmp_path, threads=True)
    person, watcher = FakeConnection(), FakeConnection()
    member = lobby.create(game_id, "id-a", "Alice", person, seats=[None] + [1] * (spec.min_players - 1))
    lobby.watch(member.room.code, "id-w", "Wes", watcher)
    room = member.room
    moves = play_randomly(lobby, clock, [member], random.Random(0), max_moves=MAX_MOVES)
    assert room.deals_played >= 1 or moves == MAX_MOVES
    assert room.handovers_asked == 0 and not person.refusals
    assert person.view.viewer == 0 and watcher.view.viewer == -1 and not watcher.view.legal
    assert person.view.position == watcher.view.position == room.table.token
    if room.deals_played:
        assert any(notice.startswith(("Game over", f"{spec.title}")) or "starts in" in notice
                   for notice in person.notices)
    lobby.close_all()
    assert room.table.closed

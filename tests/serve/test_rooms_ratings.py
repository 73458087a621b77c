"""A rated room's finished game moves the ratings once; an unrated room's moves nothing."""

from __future__ import annotations

import random

import pytest

from room_helpers import FakeConnection, make_lobby, play_randomly
from tui_games.core.registry import get
from tui_games.ratings.model import Rating, ai_player
from tui_games.ratings.store import RatingStore
from tui_games.ratings.variants import variant_of
from tui_games.serve.rooms import RatingsUpdated, RoomError


@pytest.fixture
def store(tmp_path):
    """A ratings store with no seeded AI ratings (every player starts from openskill's defaults)."""
    return RatingStore(tmp_path / "data", seeds=lambda variant, level: None)


def finish(lobby, clock, members, seed=1):
    play_randomly(lobby, clock, members, random.Random(seed), max_moves=200)
    assert members[0].room.status.value == "finished"


def test_ratings_move_after_a_rated_game_and_not_after_an_unrated_one(tmp_path, store):
    lobby, clock = make_lobby(tmp_path, ratings=store)
    variant = variant_of(get("connect-four"), {}, seats=2)
    unrated = lobby.create("connect-four", "id-u", "Una", FakeConnection(), seats=[None, 1])
    finish(lobby, clock, [unrated])
    assert store.games(variant) == [] and store.rating(variant, "id-u") == Rating()
    alice = FakeConnection()
    rated = lobby.create("connect-four", "id-a", "Alice", alice, seats=[None, 1], rated=True)
    finish(lobby, clock, [rated])
    games = store.games(variant)
    assert len(games) == 1 and [seat.player for seat in games[0].seats] == ["id-a", ai_player(1)]
    returns = rated.room.table.match.state.returns()
    mine = store.rating(variant, "id-a")
    if returns[0] > returns[1]:
        assert mine.mu > Rating().mu and store.rating(variant, ai_player(1)).mu < Rating().mu
    elif returns[0] < returns[1]:
        assert mine.mu < Rating().mu
    assert mine.sigma < Rating().sigma
    (update,) = alice.of(RatingsUpdated)
    assert [change.name for change in update.changes] == ["Alice", f"AI ({get('connect-four').level_name(1)})"]
    assert update.changes[0].before == pytest.approx(Rating().conservative)
    assert update.changes[0].after == pytest.approx(mine.conservative)
    clock.advance(5)
    assert len(store.games(variant)) == 1  # rated once


def test_two_people_in_a_rated_room_are_rated_against_each_other(tmp_path, store):
    lobby, clock = make_lobby(tmp_path, ratings=store)
    a = lobby.create("tic-tac-toe", "id-a", "Alice", FakeConnection(), rated=True)
    b = lobby.join(a.room.code, "id-b", "Bob", FakeConnection())
    finish(lobby, clock, [a, b], seed=3)
    variant = variant_of(get("tic-tac-toe"), {}, seats=2)
    (game,) = store.games(variant)
    assert [seat.player for seat in game.seats] == ["id-a", "id-b"]
    returns = a.room.table.match.state.returns()
    if returns[0] == returns[1]:
        assert store.rating(variant, "id-a").mu == pytest.approx(store.rating(variant, "id-b").mu)
    else:
        winner, loser = ("id-a", "id-b") if returns[0] > returns[1] else ("id-b", "id-a")
        assert store.rating(variant, winner).mu > Rating().mu > store.rating(variant, loser).mu
        assert [entry.player for entry in store.ladder(variant)] == [winner, loser]
    assert {entry.name for entry in store.ladder(variant)} == {"Alice", "Bob"}


def test_a_seat_left_to_the_ai_still_counts_for_its_person(tmp_path, store):
    lobby, clock = make_lobby(tmp_path, ratings=store, takeover_level=1)
    a = lobby.create("tic-tac-toe", "id-a", "Alice", FakeConnection(), rated=True)
    b = lobby.join(a.room.code, "id-b", "Bob", FakeConnection())
    b.leave()
    finish(lobby, clock, [a])
    (game,) = store.games(variant_of(get("tic-tac-toe"), {}, seats=2))
    assert [seat.player for seat in game.seats] == ["id-a", "id-b"]


def test_an_open_ended_sitting_is_rated_hand_by_hand(tmp_path, store):
    lobby, clock = make_lobby(tmp_path, ratings=store)
    a = lobby.create("leduc-holdem", "id-a", "Alice", FakeConnection(), seats=[None, 1], rated=True)
    play_randomly(lobby, clock, [a], random.Random(2), until=lambda room: room.deals_played >= 3)
    variant = variant_of(get("leduc-holdem"), a.room.params, seats=2)
    games = store.games(variant)
    assert len(games) == a.room.deals_played >= 3 and len(a.room.rated_games) == len(games)
    assert all([seat.player for seat in game.seats] == ["id-a", ai_player(1)] for game in games)


def test_games_without_ratings_refuse_a_rated_room(tmp_path, store):
    lobby, _ = make_lobby(tmp_path, ratings=store)
    with pytest.raises(RoomError, match="one-player game"):
        lobby.create("2048", "id-a", "A", FakeConnection(), rated=True)
    with pytest.raises(RoomError, match="dealer"):
        lobby.create("blackjack", "id-a", "A", FakeConnection(), seats=[None, None], rated=True)

"""`tui-games arena` with three and more seats: seats rotating every game, results as places per
player. Proven on the tests' three-player Nim (the engine tests' kernels as a game folder) and on
three-seat rock-paper-scissors (simultaneous moves), both in the catalogue only during these tests."""

from __future__ import annotations

import pytest

from toy_catalog import registered
from toy_catalog.nim3.spec import SPEC as NIM3
from toy_catalog.rps.spec import SPEC as RPS
from tui_games.arena import PlacesResult, run_places_arena
from tui_games.cli import main
from tui_games.core.errors import InvalidParameterError
from tui_games.core.outcome import Outcome


@pytest.fixture
def toys():
    """Three-player Nim and rock-paper-scissors in the catalogue for one test."""
    with registered(NIM3, RPS):
        yield


def test_places_are_counted_per_player_whatever_seat_it_sat_in():
    result = PlacesResult("nim", [1, 2, 3])
    result.add(Outcome.from_returns([2.0, -1.0, -1.0]), seat_of=[1, 2, 0])  # player A sat in seat 1 ...
    result.add(Outcome.from_returns([0.0, 5.0, 1.0]), seat_of=[0, 1, 2])
    assert result.games == 2
    assert result.places == [[0, 1, 1], [1, 1, 0], [1, 1, 0]]  # 1st, 2nd, 3rd counts of A, B, C
    assert result.place_lists == [[2, 3], [2, 1], [1, 2]] and result.returns[0] == [-1.0, 0.0]
    assert result.mean_place(2)[0] == 1.5 and result.mean_return(1) == 2.0


def test_seats_rotate_every_game(toys):
    """One heap of one item: whoever sits in the first seat takes it and wins. With the seats rotating,
    each of three players wins exactly a third of the games, whatever its level."""
    result = run_places_arena(NIM3.id, [2, 1, 1], 6, {"heaps": 1, "size": 1}, seed=3)
    assert result.games == 6
    assert result.places == [[2, 4, 0]] * 3  # the two losers share second place
    assert [places[:3] for places in result.place_lists] == [[1, 2, 2], [2, 2, 1], [2, 1, 2]]


def test_max_n_takes_better_places_than_random_players(toys):
    result = run_places_arena(NIM3.id, [1, 2, 1], 24, seed=5)
    assert sum(result.places[1]) == 24 and all(sum(row) == 24 for row in result.places)
    searcher, randoms = result.mean_place(1)[0], (result.mean_place(0)[0], result.mean_place(2)[0])
    assert searcher < min(randoms)
    assert result.mean_return(1) > max(result.mean_return(0), result.mean_return(2))


def test_simultaneous_three_seat_games_take_the_seat_count_from_the_levels(toys):
    result = run_places_arena(RPS.id, [2, 1, 1], 5, {"rounds": 2}, seed=1)
    assert result.games == 5
    for player in range(3):
        assert len(result.returns[player]) == 5
    for game in range(5):
        assert abs(sum(result.returns[player][game] for player in range(3))) < 1e-9  # zero-sum
    with pytest.raises(InvalidParameterError, match="players=2 but 3 seats given"):
        run_places_arena(RPS.id, [1, 1, 1], 1, {"players": 2})
    with pytest.raises(InvalidParameterError, match="takes 3 players, not 4"):
        run_places_arena(NIM3.id, [1, 1, 1, 1], 1)
    with pytest.raises(InvalidParameterError, match="AI levels are 1..2"):
        run_places_arena(NIM3.id, [1, 1, 3], 1)
    with pytest.raises(InvalidParameterError, match="at least 1"):
        run_places_arena(NIM3.id, [1, 1, 1], 0)


def test_the_command_line_takes_a_third_seat_and_reports_places(toys, capsys):
    assert main(["arena", NIM3.id, "--a", "ai:2", "--b", "ai:1", "--c", "ai:1", "--games", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Three-player Nim: 3 seats, 3 games, seats rotating every game" in out
    header = next(line for line in out.splitlines() if "mean place" in line)
    assert header.split()[:4] == ["player", "1st", "2nd", "3rd"]
    rows = [line.split() for line in out.splitlines() if line.startswith("  ") and "AI" in line]
    assert [row[0] for row in rows] == ["A", "B", "C"]
    assert all(sum(int(n) for n in row[-7:-4]) == 3 for row in rows)  # each player's places add up
    assert main(["arena", RPS.id, "--a", "ai:2", "--b", "ai:1", "--c", "ai:1", "--d", "ai:1", "--games", "2",
                 "--quiet"]) == 2  # rock-paper-scissors seats at most three
    assert "takes 2 to 3 players, not 4" in capsys.readouterr().err
    assert main(["arena", RPS.id, "--a", "ai:1", "--b", "ai:1", "--d", "ai:1", "--quiet"]) == 2
    assert "--c is missing" in capsys.readouterr().err
    assert main(["arena", NIM3.id, "--a", "ai:1", "--b", "ai:1", "--c", "human", "--quiet"]) == 2
    assert "arena plays AI against AI" in capsys.readouterr().err

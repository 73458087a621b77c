"""Seeds at the edges of what the app accepts: every seed a part derives (a seat's AI, a searcher, an
arena game) stays in range, a game seeded 2**63-1 gets AI moves at its lowest and top levels, and a
seed beyond 64 bits is refused with a clear message wherever it is given."""

from __future__ import annotations

import sys
import types

import pytest

from tui_games import catalog
from tui_games.cli import main
from tui_games.core.errors import InvalidParameterError
from tui_games.core.players import SIMULTANEOUS
from tui_games.engine.seeds import SEED_LIMIT, derive_seed
from tui_games.match import Match, Seat
from seat_ais import seat_ai

LARGEST = 2**63 - 1
"""The largest seed a game accepts (seeds are 64-bit signed numbers)."""


def test_derived_seeds_stay_in_range_and_keep_the_values_they_had():
    for seed in (0, 1, -1, LARGEST, -(2**63), 2**64 - 1, 10**30):
        for salt, scale in ((0, 1), (7919 * 4, 1), (3, 2654435761), (10**6, 1000003)):
            assert 0 <= derive_seed(seed, salt, scale) < SEED_LIMIT
    assert derive_seed(42, 7919 * 2) == 42 + 7919 * 2
    assert derive_seed(2**31, 5, scale=2654435761) == 2**31 * 2654435761 + 5


@pytest.mark.parametrize("game_id", catalog.ids())
def test_lowest_and_top_ai_move_in_a_game_seeded_2_63_minus_1(home, game_id):
    spec = catalog.get(game_id)
    for level in sorted({1, spec.max_level}):
        match = Match.new(spec, {}, [Seat("ai", level)] * spec.min_players, seed=LARGEST)
        state = match.state
        if match.to_move == SIMULTANEOUS:
            for seat in range(state.num_players):
                choice = seat_ai(match, seat).choose(state.clone(), player=seat)
                assert choice in state.legal_actions(seat), (game_id, level, seat)
        else:
            assert seat_ai(match, match.to_move).choose(state.clone()) in state.legal_actions(), (game_id, level)


def test_seeds_beyond_64_bits_are_refused_clearly(home, capsys, monkeypatch):
    def no_app(*args, **kwargs):
        raise AssertionError("the app must not open for a seed it cannot use")

    monkeypatch.setitem(sys.modules, "tui_games.ui.app", types.SimpleNamespace(run_app=no_app))
    nim = catalog.get("nim")
    for seed in (2**64 - 1, 2**63, -(2**63) - 1):
        with pytest.raises(InvalidParameterError, match="seed must be a whole number from"):
            Match.new(nim, {}, [Seat(), Seat("ai", 1)], seed=seed)
        assert main(["play", "nim", "--seed", str(seed)]) == 2
        assert f"seed must be a whole number from -{2**63} to {LARGEST} (got {seed})" in capsys.readouterr().err


def test_the_arena_takes_the_largest_seed(capsys):
    assert main(["arena", "nim", "--a", "ai:1", "--b", "ai:2", "--games", "2", "--seed", str(LARGEST),
                 "--quiet"]) == 0
    assert "2 games" in capsys.readouterr().out

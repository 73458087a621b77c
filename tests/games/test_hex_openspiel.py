"""Hex conformance with OpenSpiel's ``hex`` at sizes 5, 7 and 11, with and without the swap: the same
player to move, legal actions, action names, boards, terminal states and returns at every step of
seeded random games."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games import catalog

pyspiel = pytest.importorskip("pyspiel")

GAMES = {5: 300, 7: 200, 11: 100}


def openspiel_board(theirs) -> list[str]:
    """OpenSpiel's drawing ('x o . ...' rows shifted right) as our rows of X, O and '.'."""
    return ["".join(line.split()).upper() for line in str(theirs).splitlines() if line.strip()]


@pytest.mark.parametrize("swap", ["off", "on"])
@pytest.mark.parametrize("size", sorted(GAMES))
def test_random_games_match_openspiel(size, swap):
    spec = catalog.get("hex")
    game = pyspiel.load_game(f"hex(board_size={size},swap={swap == 'on'})")
    rng = np.random.default_rng(size * 10 + (swap == "on"))
    winners = [0, 0]
    swaps = 0
    for _ in range(GAMES[size]):
        ours = spec.new(size=size, swap=swap)
        theirs = game.new_initial_state()
        while True:
            assert ours.is_terminal == theirs.is_terminal()
            assert ours.board == openspiel_board(theirs)
            if ours.is_terminal:
                break
            assert ours.current_player == theirs.current_player()
            legal = ours.legal_actions()
            assert legal == list(theirs.legal_actions())
            action = int(rng.choice(legal))
            assert ours.action_to_string(action) == theirs.action_to_string(theirs.current_player(), action)
            swaps += action == size * size
            ours.apply(action)
            theirs.apply_action(action)
        assert ours.returns() == list(theirs.returns())
        assert sorted(ours.returns()) == [-1.0, 1.0]
        winners[ours.winner] += 1
    assert min(winners) > GAMES[size] // 4  # random games: both colours win now and then
    if swap == "on":
        assert swaps > 0  # random play swaps now and then: the swap was exercised

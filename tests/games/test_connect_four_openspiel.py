"""Connect Four conformance with OpenSpiel's reference engine over many seeded random games."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games import catalog

pyspiel = pytest.importorskip("pyspiel")


def test_random_games_match_openspiel():
    spec = catalog.get("connect-four")
    game = pyspiel.load_game("connect_four")
    rng = np.random.default_rng(2024)
    finished = wins = 0
    for _ in range(300):
        ours = spec.new()
        theirs = game.new_initial_state()
        while True:
            assert ours.is_terminal == theirs.is_terminal()
            if ours.is_terminal:
                break
            assert ours.current_player == theirs.current_player()
            assert ours.legal_actions() == list(theirs.legal_actions())
            action = int(rng.choice(ours.legal_actions()))
            ours.apply(action)
            theirs.apply_action(action)
            # OpenSpiel draws the board top row first with x / o
            assert "\n".join(ours.board).lower() == str(theirs).strip()
        assert ours.returns() == list(theirs.returns())
        finished += 1
        wins += ours.winner is not None
    assert finished == 300 and wins > 250  # random games almost always end with a four

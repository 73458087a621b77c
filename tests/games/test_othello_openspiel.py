"""Othello conformance with OpenSpiel's reference engine over 1,000 seeded random games: the same
legal actions (passes included), boards, terminal states and returns at every step."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games import catalog

pyspiel = pytest.importorskip("pyspiel")

GAMES = 1000


def openspiel_board(theirs) -> str:
    """OpenSpiel's board as our 64 letters: its text has a header line, then rows 'n x o - ... n'."""
    lines = [line for line in str(theirs).splitlines() if line[:1].isdigit()]
    return "".join("".join(line.split()[1:9]) for line in lines).upper()


def test_random_games_match_openspiel():
    spec = catalog.get("othello")
    game = pyspiel.load_game("othello")
    rng = np.random.default_rng(2025)
    passes = results = 0
    outcomes = {1.0: 0, -1.0: 0, 0.0: 0}
    for _ in range(GAMES):
        ours = spec.new()
        theirs = game.new_initial_state()
        while True:
            assert ours.is_terminal == theirs.is_terminal()
            assert ours.board == openspiel_board(theirs)
            if ours.is_terminal:
                break
            assert ours.current_player == theirs.current_player()
            legal = ours.legal_actions()
            assert legal == list(theirs.legal_actions())
            passes += legal == [64]
            action = int(rng.choice(legal))
            assert ours.action_to_string(action) == theirs.action_to_string(theirs.current_player(), action)
            ours.apply(action)
            theirs.apply_action(action)
        assert ours.returns() == list(theirs.returns())
        outcomes[ours.returns()[0]] += 1
        results += 1
    assert results == GAMES
    assert passes > 50  # random games pass now and then: the pass rule was exercised
    assert outcomes[1.0] > 300 and outcomes[-1.0] > 300 and outcomes[0.0] > 0

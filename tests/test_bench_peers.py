"""The peer engines the catalogue names for ``tui-games bench`` play the same game as ours: each loads
with its parameters, has as many players as our game with the peer's parameters of ours, and a first
move as many choices (where the first move is a player's), so a speed ratio compares like with like."""

from __future__ import annotations

import pytest

from tui_games import catalog
from tui_games.core.spec import PEER_LIBRARIES

PEERED = [game_id for game_id in catalog.ids() if catalog.get(game_id).peer is not None]


def test_the_games_with_a_peer_include_those_the_issue_names():
    assert {"othello", "hex", "leduc-holdem", "limit-holdem", "no-limit-holdem"} <= set(PEERED)
    assert all(catalog.get(game_id).peer.library in PEER_LIBRARIES for game_id in PEERED)


@pytest.mark.parametrize("game_id", [g for g in PEERED if catalog.get(g).peer.library == "openspiel"])
def test_an_openspiel_peer_is_the_same_game(game_id):
    pyspiel = pytest.importorskip("pyspiel")
    spec = catalog.get(game_id)
    peer = spec.peer
    game = pyspiel.load_game(peer.game, dict(peer.params))
    state = spec.new(seed=1, **dict(peer.ours))
    assert game.num_players() == state.num_players
    theirs = game.new_initial_state()
    while theirs.is_chance_node():
        theirs.apply_action(theirs.legal_actions()[0])
    ours = state.clone()
    while ours.current_player == -1:
        ours.apply(ours.chance_outcomes()[0][0])
    if game_id != "2048":  # 2048's first tiles differ between the two chance orders, and so its moves
        assert len(ours.legal_actions()) == len(theirs.legal_actions()), (ours.legal_actions(), theirs.legal_actions())

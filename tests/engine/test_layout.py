"""Declared state layouts: offsets follow the declaration, records nest, and games' arrays match."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games.engine.header import HEADER_SIZE, NUM_PLAYERS, PLAYER
from tui_games.engine.layout import Field, StateLayout

HAND = StateLayout("hand", Field("n"), Field("cards", 3), with_header=False)
TABLE = StateLayout("table", Field("phase"), Field("seats", record=HAND, count=2), Field("pot"))


def test_offsets_follow_the_declaration_after_the_header():
    assert TABLE.offset("player") == PLAYER
    assert TABLE.offset("num_players") == NUM_PLAYERS
    assert TABLE.offset("phase") == HEADER_SIZE
    assert TABLE.offset("seats") == HEADER_SIZE + 1
    assert TABLE.field("seats").size == 2 * HAND.size == 8
    assert TABLE.offset("pot") == HEADER_SIZE + 9
    assert TABLE.size == HEADER_SIZE + 10


def test_unknown_and_repeated_fields_are_refused():
    with pytest.raises(KeyError, match="no field 'stack'"):
        TABLE.offset("stack")
    with pytest.raises(ValueError, match="declared twice"):
        StateLayout("bad", Field("a"), Field("a"))
    with pytest.raises(ValueError, match="not an identifier"):
        Field("two words")


def test_diagram_names_every_slot_range():
    text = TABLE.diagram()
    assert text.splitlines()[0] == f"table: {TABLE.size} slots"
    assert f"[{HEADER_SIZE + 1:>2}..{HEADER_SIZE + 8:>2}] seats (2 x 4)" in text
    assert "[1..3] cards (3)" in text


def test_read_names_the_values_of_an_array():
    array = np.arange(TABLE.size, dtype=np.int64)
    values = TABLE.read(array)
    assert values["phase"] == HEADER_SIZE
    assert values["seats"][1] == {"n": HEADER_SIZE + 5, "cards": [HEADER_SIZE + 6, HEADER_SIZE + 7,
                                                                  HEADER_SIZE + 8]}
    assert values["pot"] == TABLE.size - 1


@pytest.mark.parametrize("module_name", [
    "tui_games.games.tic_tac_toe.rules", "tui_games.games.nim.rules", "tui_games.games.g2048.rules",
    "tui_games.games.blackjack.rules",
])
def test_a_game_state_is_exactly_its_declared_layout(module_name):
    import importlib

    from tui_games import catalog

    rules = importlib.import_module(module_name)
    game_id = {"tic_tac_toe": "tic-tac-toe", "nim": "nim", "g2048": "2048", "blackjack": "blackjack"}[
        module_name.split(".")[2]]
    state = catalog.get(game_id).new(seed=3)
    assert state.array.shape == (rules.LAYOUT.size,)
    assert rules.LAYOUT.read(state.array)["num_players"] == state.num_players

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


def test_export_defines_each_fields_offset_and_the_state_size():
    namespace: dict = {"UNRELATED": 1}
    names = TABLE.export(namespace)
    assert names == ("PHASE", "SEATS", "POT", "STATE_SIZE")
    assert namespace == {"UNRELATED": 1, "PHASE": HEADER_SIZE, "SEATS": HEADER_SIZE + 1, "POT": HEADER_SIZE + 9,
                         "STATE_SIZE": HEADER_SIZE + 10}


def test_export_leaves_the_header_to_the_header_module():
    namespace: dict = {}
    TABLE.export(namespace)
    assert not {"PLAYER", "PLY", "WINNER", "NUM_PLAYERS"} & set(namespace)


def test_export_of_a_record_takes_a_prefix_and_names_its_size():
    namespace: dict = {}
    assert HAND.export(namespace, prefix="H_") == ("H_N", "H_CARDS", "H_SIZE")
    assert namespace == {"H_N": 0, "H_CARDS": 1, "H_SIZE": 4}
    named: dict = {}
    HAND.export(named, size_name="HAND_SLOTS")
    assert named == {"N": 0, "CARDS": 1, "HAND_SLOTS": 4}


def test_export_refuses_a_name_the_module_holds_with_another_value():
    namespace = {"SEATS": 3}
    with pytest.raises(ValueError, match=f"SEATS is already 3, not the offset {HEADER_SIZE + 1}"):
        TABLE.export(namespace)
    assert namespace == {"SEATS": 3}, "nothing is defined when one name clashes"
    same = {"PHASE": HEADER_SIZE}
    TABLE.export(same)
    assert same["POT"] == HEADER_SIZE + 9, "a name already holding its own offset is no clash"


def test_value_reads_one_field_of_a_live_array():
    array = np.arange(TABLE.size, dtype=np.int64) * 10
    phase = TABLE.value(array, "phase")
    assert phase == HEADER_SIZE * 10 and type(phase) is int
    assert TABLE.value(array, "num_players") == NUM_PLAYERS * 10
    assert TABLE.value(array, "seats")[0] == {"n": (HEADER_SIZE + 1) * 10,
                                              "cards": [(HEADER_SIZE + k) * 10 for k in (2, 3, 4)]}
    assert HAND.value(array, "cards", base=HEADER_SIZE + 5) == [(HEADER_SIZE + k) * 10 for k in (6, 7, 8)]
    with pytest.raises(KeyError, match="no field 'stack'"):
        TABLE.value(array, "stack")


def test_a_states_field_reads_its_array_by_name():
    from tui_games import catalog
    from tui_games.games.blackjack import rules

    state = catalog.get("blackjack").new(seed=3)
    assert state.field("phase") == rules.PHASE_BETTING and state.field("shoe_left") == state.field("decks") * 52
    state.array[rules.SEATS + 2 * rules.S_SIZE + rules.S_HANDS + rules.H_SIZE + rules.H_WAGER] = 7
    seats = state.field("seats")
    assert len(seats) == 3 and seats[0]["n_hands"] == 1 and len(seats[0]["hands"]) == 4
    assert seats[2]["hands"][1]["wager"] == 7 and seats[2]["hands"][0]["wager"] == 0
    ttt = catalog.get("tic-tac-toe").new()
    ttt.apply(4)
    assert ttt.field("cells") == [0, 0, 0, 0, 1, 0, 0, 0, 0]


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

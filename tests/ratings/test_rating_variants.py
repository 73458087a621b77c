"""What a rated variant is: keys from the resolved parameters that change the rules."""

from __future__ import annotations

import pytest

from tui_games import catalog
from tui_games.core.errors import InvalidParameterError
from tui_games.core.spec import GameSpec, Param
from tui_games.ratings.variants import parse_variant, rule_params, unrated_reason, variant_key, variant_of


def test_a_game_without_parameters_is_its_id():
    assert variant_key(catalog.get("tic-tac-toe")) == "tic-tac-toe"
    assert variant_key(catalog.get("connect-four"), {}, seats=2) == "connect-four"


def test_defaults_are_written_out_and_names_sorted():
    uno = catalog.get("uno")
    assert variant_key(uno) == "uno:players=2,rules=official,target=500"
    assert variant_key(uno, {"target": "500", "players": 2}) == variant_key(uno)
    assert variant_key(uno, {"players": 4}) == "uno:players=4,rules=official,target=500"
    assert variant_key(catalog.get("nim"), {"heaps": 4}) == "nim:heaps=4,max_take=3,size=5"


def test_a_parameter_that_does_not_apply_leaves_the_key():
    uno = catalog.get("uno")
    assert variant_key(uno, {"rules": "rlcard"}) == "uno:players=2,rules=rlcard"
    assert variant_key(uno, {"rules": "rlcard", "target": 100}) == variant_key(uno, {"rules": "rlcard"})
    sim = catalog.get("sim")
    assert variant_key(sim) == "sim:nodes=6,players=2"
    assert variant_key(sim, {"players": 3}) == "sim:coalition=none,nodes=6,players=3"
    assert variant_key(sim, {"players": 3, "coalition": "1-2"}) != variant_key(sim, {"players": 3})
    yavalath = catalog.get("yavalath")
    assert variant_key(yavalath, {"swap": "off"}) == "yavalath:players=2,swap=off"
    assert variant_key(yavalath, {"players": 3, "swap": "off"}) == "yavalath:players=3"


def test_internal_parameters_a_series_sets_are_not_part_of_the_variant():
    holdem = catalog.get("limit-holdem")
    assert variant_key(holdem, {"button": 1, "stack_2": 1500}) == variant_key(holdem) == "limit-holdem:players=2"
    assert "stack_1" in rule_params(catalog.get("leduc-holdem"))  # a leduc buy-in is the player's to choose


def test_seats_count_through_the_seats_parameter_or_a_seats_pair():
    bluff = catalog.get("bluff-poker")
    assert variant_key(bluff, {"players": 4}, seats=4) == "bluff-poker:penalty_limit=7,players=4"
    with pytest.raises(InvalidParameterError, match="players=3 but 4 seats"):
        variant_key(bluff, {}, seats=4)
    toy = GameSpec(id="toy", title="Toy", group="Board games", description="", package="nowhere",
                   min_players=2, max_players=4, max_level=1, level_names=("One",),
                   params=(Param("size", 3, "board size", 2, 9),))
    assert variant_key(toy, {}, seats=3) == "toy:seats=3,size=3"
    assert variant_key(toy, {}, seats=4) != variant_key(toy, {}, seats=3)
    assert parse_variant(toy, "seats=4,size=5").key == "toy:seats=4,size=5"
    with pytest.raises(InvalidParameterError, match="2 to 4 players"):
        variant_key(toy, {}, seats=5)


def test_text_values_are_percent_encoded_and_read_back():
    othello = catalog.get("othello")
    position = "-" * 27 + "XO" + "-" * 6 + "OX" + "-" * 27 + " X"
    variant = variant_of(othello, {"position": position})
    assert variant.key.startswith("othello:position=---") and " " not in variant.key
    assert parse_variant(othello, variant.key) == variant
    assert variant_key(othello) == "othello:position=start"


def test_parse_variant_reads_pairs_lists_and_full_keys():
    uno = catalog.get("uno")
    assert parse_variant(uno, None) == variant_of(uno)
    assert parse_variant(uno, "") == variant_of(uno)
    assert parse_variant(uno, ["players=3", "rules=rlcard"]).key == "uno:players=3,rules=rlcard"
    assert parse_variant(uno, "players=3, rules=rlcard").key == "uno:players=3,rules=rlcard"
    assert parse_variant(uno, "uno:players=3,rules=rlcard").key == "uno:players=3,rules=rlcard"
    with pytest.raises(InvalidParameterError, match="NAME=VALUE"):
        parse_variant(uno, "players")
    with pytest.raises(InvalidParameterError, match="no parameter 'colour'"):
        parse_variant(uno, "colour=red")
    with pytest.raises(InvalidParameterError, match="players"):
        parse_variant(uno, "players=11")


def test_solo_and_house_games_are_not_rated():
    assert unrated_reason(catalog.get("2048")) == "2048 is a one-player game"
    assert unrated_reason(catalog.get("blackjack")) == "in Blackjack every seat plays the dealer"
    rated = [spec.id for spec in catalog.all_specs() if unrated_reason(spec) is None]
    assert "doudizhu" in rated and "tic-tac-toe" in rated and "rubiks-cube" not in rated

"""The all-games test: every game of the catalogue, whatever it is, against what every game must do
(the checks are in :mod:`all_games_checks` and :mod:`all_games_views`).

Each game is built at every number of seats and at the edges of every parameter, with one return,
observation and information state per seat; its state array is its declared layout; short random
games keep the protocol and the header's invariants, and give every seat a turn; undo never shows a
hidden deal; every AI level moves in a mid-game position; the view opens through the pilot and each
of its keys is pressed. A games folder that does not register fails here too.
``test_all_games_catches.py`` plants bugs of each kind in a game and checks that these checks catch
them.
"""

from __future__ import annotations

import pytest

from all_games_checks import (check_every_ai_level, check_every_seat_gets_a_turn, check_every_setup,
                              check_folders_register, check_no_undo_over_hidden_chance, check_spec,
                              check_state_layout)
from tui_games import catalog

GAMES = catalog.ids()


def test_every_games_folder_registers():
    check_folders_register()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_spec_holds_together(game_id):
    check_spec(catalog.get(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_count_and_parameter_edge_builds_and_plays(game_id):
    check_every_setup(catalog.get(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_state_array_is_its_declared_layout(game_id):
    check_state_layout(catalog.get(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_gets_a_turn(game_id):
    check_every_seat_gets_a_turn(catalog.get(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_never_shows_a_hidden_deal(game_id):
    check_no_undo_over_hidden_chance(catalog.get(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ai_level_moves_in_a_mid_game_position(game_id):
    check_every_ai_level(catalog.get(game_id))


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_view_opens_and_takes_each_of_its_keys(game_id, home):
    from all_games_views import check_view

    await check_view(catalog.get(game_id))

"""The all-games checks are decisive: each bug of a kind a new game brings, planted in a game the new
game script writes (or in a copy of a shipped game's entry), fails the check that guards against it.

The bugs are those one reader of the docs planted in issue 24 (the all-games test of the time caught 2
of them), and an AI level that answers with an illegal move.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from all_games_checks import (check_every_ai_level, check_every_seat_gets_a_turn, check_every_setup,
                              check_folders_register, check_no_undo_over_hidden_chance, check_spec)
from scaffolding import scaffold
from tui_games import catalog
from tui_games.core.registry import games_from


def _planted(tmp_path: Path, package: str, file: str, old: str, new: str) -> Path:
    """The new game script's game in package ``package``, with ``old`` replaced by ``new`` in ``file``
    (exactly once); returns the game folder."""
    folder, _ = scaffold(tmp_path, package, "race")
    path = folder / file
    text = path.read_text()
    assert text.count(old) == 1, (file, old)
    path.write_text(text.replace(old, new))
    return folder


def _fails(check, *args, match: str) -> None:
    with pytest.raises(AssertionError, match=match):
        check(*args)


def test_a_three_or_four_seat_game_that_returns_two_returns(tmp_path):
    _planted(tmp_path, "planted_returns", "rules.py", "    return seats\n", "    return 2\n")
    with games_from("planted_returns"):
        _fails(check_every_setup, catalog.get("race"), match="2 returns for 3 seats")


def test_rules_that_never_pass_the_turn(tmp_path):
    _planted(tmp_path, "planted_turn", "rules.py", "        s[PLAYER] = (s[PLAYER] + 1) % s[NUM_PLAYERS]\n",
             "        pass\n")
    with games_from("planted_turn"):
        _fails(check_every_seat_gets_a_turn, catalog.get("race"), match=r"seats \[1\] never moved")


async def test_swapped_view_buttons(tmp_path, home):
    from all_games_views import check_view

    _planted(tmp_path, "planted_buttons", "view.py",
             "self.actions.show([(action, state.action_to_string(action)) for action in self.legal()], self.hinted)",
             "legal = self.legal()\n        names = [state.action_to_string(action) for action in reversed(legal)]\n"
             "        self.actions.show(list(zip(legal, names)), self.hinted)")
    with games_from("planted_buttons"):
        with pytest.raises(AssertionError, match=re.escape("button 'add 3' plays 0 (add 1)")):
            await check_view(catalog.get("race"))


def test_a_missing_seats_param(tmp_path):
    _planted(tmp_path, "planted_seats", "spec.py", '    seats_param="players",\n', "")
    with games_from("planted_seats"):
        _fails(check_spec, catalog.get("race"), match="declares no seats_param")


def test_undo_in_a_game_whose_chance_outcomes_are_hidden():
    spec = dataclasses.replace(catalog.get("leduc-holdem"), allow_undo=True)
    _fails(check_no_undo_over_hidden_chance, spec, match="may not see a chance outcome, yet the game allows undo")


def test_a_game_folder_without_init_is_not_silently_gone(tmp_path):
    folder, _ = scaffold(tmp_path, "planted_init", "race")
    (folder / "__init__.py").unlink()
    with games_from("planted_init"):
        assert catalog.ids() == []
    _fails(check_folders_register, "planted_init", match="race hold Python files but no game registers")


def test_an_ai_level_that_answers_with_an_illegal_move(tmp_path):
    _planted(tmp_path, "planted_ai", "ai.py", "        return self.searcher.search(state.array).best_action\n",
             "        return 99\n")
    with games_from("planted_ai"):
        _fails(check_every_ai_level, catalog.get("race"), match="AI level 2 chose 99")

"""Gin Rummy: melds and deadwood on known hands (OpenSpiel's gin tests among them), its three scripted
hands (an undercut by breaking a meld to lay off, laying sets to avoid an undercut, a layoff on a
layoff), the knock limit, the wall, parsing and names, redaction, the match's scoring, and the AI."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError
from tui_games.games.gin_rummy import melds, rules
from tui_games.games.gin_rummy.constants import MELDS, card_of, meld_name

SPEC = catalog.get("gin-rummy")


def mask(*names: str) -> int:
    """The mask of the named cards."""
    return sum(1 << card_of(name) for name in names)


def hand_of(*actions: int, **params):
    """A hand of gin with ``actions`` applied (one hand: target 0)."""
    params.setdefault("target", 0)
    state = SPEC.new(seed=0, **params)
    for action in actions:
        state.apply(action)
    return state


def test_meld_ids_are_openspiels():
    assert len(MELDS) == 185
    assert meld_name(64) == "KsKcKdKh"
    assert meld_name(65) == "As2s3s"
    assert meld_name(109) == "As2s3s4s"
    assert meld_name(149) == "As2s3s4s5s"
    assert meld_name(184) == "9hThJhQhKh"
    assert MELDS[0] == tuple(card_of(c) for c in ("Ac", "Ad", "Ah"))


def test_melds_found_in_a_hand():
    out = np.empty(64, np.int64)
    assert melds.search_order(mask("As", "Ac", "Ad", "Ah", "2s", "3s"), out) == 6
    assert melds.search_order(mask("4s", "4c", "4d", "4h", "5s", "5c", "5d", "5h", "6s", "6c", "6d"), out) == 14
    assert melds.search_order(mask("As", "2s", "3s", "Ks"), out) == 1
    assert melds.search_order(mask("Js", "Qs", "Ks", "Ac"), out) == 1


def test_deadwood_of_known_hands():
    assert melds.deadwood(mask("4s", "4c", "4d", "4h", "5s", "5c", "5d", "6s", "2c", "3s", "3c")) == 3
    assert melds.deadwood(mask("Ks", "Kc", "Qd", "Qh", "Js", "Jc", "Td", "Th", "9s", "9c")) == 98
    assert melds.deadwood(mask("As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts")) == 0
    # eleven cards: the highest unmelded card is the discard
    assert melds.deadwood(mask("As", "2s", "3s", "Kc", "Kd", "Kh", "5c", "6d", "7h", "Qs", "2d")) == 20
    assert melds.least_deadwood(mask("As", "2s", "3s", "Kc", "Kd", "Kh", "5c", "6d", "7h", "Qs", "2d")) == 20


def test_eleven_card_deadwood_follows_openspiels_first_best_group():
    # two equally good arrangements (2s2c2d + 4c4d4h + AhA.. vs the twos as a run) leave different highs
    hand = mask("As", "2s", "Ac", "2c", "4c", "2d", "4d", "Ah", "2h", "3h", "4h")
    assert melds.deadwood(hand) == 1
    assert melds.least_deadwood(hand) == 0


def test_legal_melds_and_layoffs():
    out = np.empty(64, np.int64)
    n = melds.legal_melds(mask("As", "2s", "3s", "4s"), 10, out)
    assert list(out[:n]) == [0 + 65, 1 + 65, 109]
    laid = np.array([65], np.int64)
    assert melds.layoff_mask(laid, 1, np.array([3], np.int64), 1) == mask("5s")
    assert melds.layoff_mask(np.array([0], np.int64), 1, np.zeros(1, np.int64), 0) == mask("As")


def test_an_undercut_by_laying_off_instead_of_melding():
    state = hand_of(11, 4, 5, 6, 21, 22, 23, 12, 25, 38, 1, 14, 27, 40, 7, 20, 33, 8, 19, 13, 36, 52, 55, 11,
                    undercut_bonus=20)
    assert state.phase == "knock" and state.knocker == 0
    for action in (119, 125, 140, 54):
        state.apply(action)
    for card in (7, 8, 20, 19):
        assert card in state.legal_actions()
        state.apply(card)
    for action in (54, 65, 54):
        state.apply(action)
    assert state.returns() == [-21.0, 21.0]
    assert state.undercut and not state.gin
    assert "undercuts: 21 points" in state.spec.definition().result_text(state)


def test_laying_sets_avoids_the_undercut():
    state = hand_of(1, 4, 5, 6, 17, 18, 19, 30, 31, 32, 2, 3, 16, 29, 43, 44, 45, 7, 20, 33, 0, 52, 55, 1)
    assert len(state.legal_actions()) == 6
    state.apply(79)
    assert len(state.legal_actions()) == 2
    state.apply(84)
    assert len(state.legal_actions()) == 1
    state.apply(89)
    state.apply(54)
    assert len(state.legal_actions()) == 4
    for action in (54, 74, 94, 158, 54):
        state.apply(action)
    assert state.returns() == [2.0, -2.0]


def test_a_layoff_on_a_layoff():
    state = hand_of(10, 11, 12, 22, 35, 48, 13, 26, 1, 40, 9, 8, 3, 16, 29, 42, 4, 17, 30, 43, 0, 52, 55, 1)
    for action in (59, 101, 131, 54):
        state.apply(action)
    assert 9 in state.legal_actions()
    state.apply(9)
    assert 8 in state.legal_actions()
    state.apply(8)
    for action in (54, 75, 80, 54):
        state.apply(action)
    assert state.returns() == [-27.0, 27.0]


def test_knock_at_the_knock_card_and_not_above():
    # Player 1: As2s3s 4c5c6c 7d8d9d + Th: deadwood 10 after taking the upcard Kh and discarding it
    deal = ["As", "2s", "3s", "4c", "5c", "6c", "7d", "8d", "9d", "Th"]
    other = ["Ks", "Qs", "Js", "9s", "8c", "Tc", "Qc", "Kd", "Jd", "5h"]
    actions = [card_of(c) for c in deal + other] + [card_of("Kh"), 52]
    state = hand_of(*actions)
    assert state.deadwood(0) == 10
    assert 55 in state.legal_actions()
    state = hand_of(*actions, knock_card=9)
    assert 55 not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="deadwood is 10"):
        state.apply(55)


def test_gin_takes_the_bonus_and_allows_no_layoffs():
    deal = ["As", "2s", "3s", "4c", "5c", "6c", "7d", "8d", "9d", "Th"]
    other = ["Ks", "Qs", "Js", "4s", "8c", "Tc", "Qc", "Kd", "Jd", "5h"]
    state = hand_of(*[card_of(c) for c in deal + other], card_of("Td"), 52, 55, card_of("Th"))
    for meld in ("As2s3s", "4c5c6c", "7d8d9dTd"):
        state.apply(state.parse_action(meld))
    state.apply(54)
    assert state.phase == "layoff" and state.deadwood(0) == 0
    assert state.legal_actions()[0] == 54 and all(a == 54 or a >= 56 for a in state.legal_actions())
    state.apply(54)
    assert state.gin
    assert state.returns()[0] == 25 + 87  # Player 2 passes without laying its KsQsJs: all its cards count


def test_the_wall_knock_or_pass():
    state = hand_of(target=0)
    state.resolve_chance()
    while state.phase != "wall" and not state.is_terminal:
        if state.current_player < 0:
            state.resolve_chance()
            continue
        legal = state.legal_actions()
        if state.phase in ("draw", "first upcard"):
            state.apply(53 if 53 in legal else 54)
        else:
            state.apply(max(a for a in legal if a < 52))
    assert state.phase == "wall" and state.stock_size == 2
    assert state.legal_actions()[0] == 54
    state.apply(54)
    assert state.is_terminal and state.returns() == [0.0, 0.0]
    assert state.spec.definition().result_text(state) == "A dead hand: no score"


def test_names_and_parsing():
    state = hand_of()
    assert state.parse_action("draw upcard") == 52
    assert state.parse_action("draw stock") == 53
    assert state.parse_action("pass") == 54
    assert state.parse_action("knock") == 55
    assert state.parse_action("As") == 0
    assert state.parse_action("10d") == card_of("Td")
    assert state.parse_action("discard Kh") == 51
    assert state.parse_action("7s 7c 7d") == 56 + 6 * 5 + 3
    assert state.parse_action("As2s3s") == 56 + 65
    with pytest.raises(IllegalActionError):
        state.parse_action("As Kd Qh")
    assert state.action_to_string(0) == "As"


def test_redaction_hides_the_other_hand_and_the_stock():
    state = hand_of()
    state.resolve_chance()
    view = state.observed(0)
    assert len(view.hand(0)) == 10 and view.hand(1) == []
    assert view.deadwood(1) is None and view.hand_sizes == [10, 10]
    assert int(view.array[rules.STOCK]) == -1
    state.apply(52)  # player 1 takes the upcard: player 2 sees it in that hand
    taken = state.hand(0)
    seen = state.observed(1)
    assert len(seen.hand(0)) == 1 and seen.hand(0)[0] in taken
    assert "a card face down" in state.information_state(1) or state.information_state(1)


def test_match_scores_boxes_and_game_bonus():
    from tui_games.games.gin_rummy.game import MATCH

    standing = MATCH.start(2, {"target": 100})
    standing = MATCH.add(standing, (30.0, -30.0))
    standing = MATCH.add(standing, (-12.0, 12.0))
    assert standing.scores == (30.0, 12.0)
    standing = MATCH.add(standing, (75.0, -75.0))
    assert standing.scores == (105.0 + 2 * 25 + 100, 12.0 + 25)
    assert MATCH.reached(standing, MATCH.target_for({"target": 100}))
    assert MATCH.target_for({"target": 0}).value == 1


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_plays_a_legal_hand(level):
    ai = SPEC.ai(level, seed=level)
    if level == 3:
        ai.seconds, ai.worlds = None, 8
    state = hand_of(target=0)
    while not state.is_terminal:
        if state.current_player < 0:
            state.resolve_chance()
        else:
            state.apply(ai.choose(state))
    assert sum(state.returns()) == 0


def test_hint_names_the_move_and_the_deadwood():
    ai = SPEC.ai(3, seed=0)
    ai.seconds, ai.worlds = None, 20
    state = hand_of()
    state.resolve_chance()
    hint = ai.hint(state)
    assert hint.best in state.legal_actions()
    assert "deadwood" in hint.summary and state.action_to_string(hint.best) in hint.summary

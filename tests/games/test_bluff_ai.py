"""Bluff poker odds checked by brute force, and the AI levels playing legal, seeded games."""

import random
from itertools import product

import pytest

from tui_games.games.bluff_poker import ai, odds, rules
from tui_games.games.bluff_poker.spec import SPEC


def brute_value(dice):
    a, b, c = sorted(dice, reverse=True)
    number = 100 * a + 10 * b + c
    return list(rules.VALUES).index(number)


def test_value_distribution_of_three_fresh_dice():
    dist = odds.value_distribution((None, None, None))
    assert sum(dist) == pytest.approx(1.0)
    assert dist[rules.NUM_VALUES - 1] == pytest.approx(1 / 216), "666 needs three sixes"
    assert dist[list(rules.VALUES).index(321)] == pytest.approx(6 / 216), "three different faces: 3! orders"
    assert dist[list(rules.VALUES).index(665)] == pytest.approx(3 / 216)


@pytest.mark.parametrize("known", [(None, None, None), (6, None, None), (None, 2, None), (3, 3, None), (5, 1, 4)])
@pytest.mark.parametrize("target", [0, 10, 30, 45, 50, 55])
def test_chance_at_least_matches_brute_force(known, target):
    hits = total = 0
    for faces in product(range(1, 7), repeat=3):
        if all(k is None or k == f for k, f in zip(known, faces)):
            total += 1
            hits += brute_value(faces) >= target
    assert odds.chance_at_least(known, target) == pytest.approx(hits / total)


def brute_success(dice, free, target):
    """Best chance of reaching target, each die in free rerollable once, by plain recursion."""
    if brute_value(dice) >= target:
        return 1.0
    best = 0.0
    for mask in range(1, 8):
        if mask & free != mask:
            continue
        outcomes = [f for f in product(range(1, 7), repeat=3)
                    if all(mask & (1 << i) or f[i] == dice[i] for i in range(3))]
        best = max(best, sum(brute_success(f, free & ~mask, target) for f in outcomes) / len(outcomes))
    return best


@pytest.mark.parametrize("dice,free,target", [((6, 2, 1), 7, 652), ((6, 2, 1), 4, 652), ((6, 2, 1), 2, 652),
                                              ((3, 3, 1), 7, 443), ((5, 4, 1), 3, 111), ((2, 1, 1), 6, 654)])
def test_reroll_success_matches_brute_force(dice, free, target):
    index = list(rules.VALUES).index(target)
    assert odds.reroll_success(dice, free, index) == pytest.approx(brute_success(dice, free, index))


def test_reroll_success_known_values():
    index = list(rules.VALUES).index(652)
    assert odds.reroll_success((6, 2, 1), 4, index) == pytest.approx(2 / 6), "die 3 must show 5 or 6"
    assert odds.reroll_success((6, 2, 1), 2, index) == pytest.approx(1 / 6), "die 2 must show 6 (661)"


def test_challenge_odds_from_scratch_are_below_a_known_bound():
    # 666 in three throws keeping sixes: P = sum over the Markov chain, checked by a direct simulation bound
    p666 = odds.challenge_odds(rules.NUM_VALUES - 1)
    p111 = odds.challenge_odds(rules.FIRST_POKER)
    assert 0 < p666 < p111 < 1
    # exact value of reaching three sixes in three throws keeping sixes: (1 - (5/6)**3)**3
    assert p666 == pytest.approx((1 - (5 / 6) ** 3) ** 3)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_levels_play_legal_games_to_the_end(level):
    players = [ai.make_ai(SPEC, level, seed=seat) for seat in range(3)]
    dice = random.Random(level)
    state = SPEC.new(seed=level, players=3, penalty_limit=3)
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply(dice.randint(1, 6))
        else:
            action = players[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
    assert max(state.penalties) == 3


def test_ai_sees_only_its_own_view():
    """The AI decides from observation(seat): two states differing only in dice it cannot see get the
    same choice from equally seeded players."""
    def after(dice):
        state = SPEC.new(seed=0, players=3)
        for move in (*dice, "531"):
            state.apply(state.parse_action(str(move)))
        return state
    for seed in range(20):
        a = ai.make_ai(SPEC, 3, seed=seed).choose(after((6, 5, 2)))
        b = ai.make_ai(SPEC, 3, seed=seed).choose(after((1, 2, 3)))
        assert a == b


def test_careful_player_calls_an_impossible_bid_given_open_dice():
    state = SPEC.new(seed=0, players=2)
    for move in (3, 2, 1, "432", "believe", "look", "reroll 3", 1, "reroll 1 2", 1, 1):
        state.apply(state.parse_action(str(move)))
    # player 0 sees only the open 1 (dice 1 and 2 went under the cup): 665 needs 1 1 under it (111),
    # a 1-in-36 chance, and believing a false bid means throwing a poker to beat it
    state.apply(state.parse_action("665"))
    assert ai.make_ai(SPEC, 2).choose(state) == rules.CALL


def _responses(level: int, opening_bid: str, blind_pass: bool) -> dict[int, int]:
    """What ``level`` answers (BELIEVE or CALL) to every bid it could face: seat 0 threw 6 5 2 under the
    cup and bid; with ``blind_pass`` seat 1 believed it and passed the cup on unseen with the bid, and
    seat 2 answers; else seat 1 answers seat 0's own bid."""
    answers = {}
    for bid in range(rules.VALUES.tolist().index(int(opening_bid)) + 1, rules.NUM_VALUES):
        state = SPEC.new(seed=0, players=3)
        for move in (6, 5, 2):
            state.apply(move)
        if blind_pass:
            for move in (opening_bid, "believe"):
                state.apply(state.parse_action(move))
        state.apply(bid)
        answers[bid] = ai.BluffPlayer(level, seed=0).choose(state)
    return answers


def test_the_shark_weighs_a_blind_pass_as_saying_nothing_of_the_dice():
    """A bid from a seat that never saw the dice under the cup is true only as often as the dice allow:
    the Shark calls such bids more than Careful does, and answers an informed bidder as Careful does."""
    informed = {level: _responses(level, "211", blind_pass=False) for level in (2, 3)}
    assert informed[2] == informed[3]
    blind = {level: _responses(level, "211", blind_pass=True) for level in (2, 3)}
    shark_calls = {bid for bid, answer in blind[3].items() if answer == rules.CALL}
    careful_calls = {bid for bid, answer in blind[2].items() if answer == rules.CALL}
    assert careful_calls < shark_calls

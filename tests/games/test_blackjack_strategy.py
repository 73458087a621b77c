"""Blackjack optimal strategy: the DP against brute force, decisions that follow from the math, the AI."""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.players import CHANCE
from tui_games.games.blackjack import rules
from tui_games.games.blackjack.ai import situation_of
from tui_games.games.blackjack.strategy import (
    Situation, StrategySolver, dealer_graph, dealer_outcomes, expected_split_total, round_expected_return,
)

SPEC = catalog.get("blackjack")
RANKS = "A23456789TJQK"
HIT, STAND, DOUBLE, SPLIT, SURRENDER = rules.HIT, rules.STAND, rules.DOUBLE, rules.SPLIT, rules.SURRENDER
SOLVER = StrategySolver()


def situation(hand: str, up: str, decks: int = 6, american: bool = True, removed: str = "") -> Situation:
    """A first decision from a fresh shoe: ``hand`` like 'T7', ``up`` like 'T'."""
    unseen = [4 * decks] * 13
    for rank in hand + up + removed:
        unseen[RANKS.index(rank)] -= 1
    return Situation(american, min(RANKS.index(up) + 1, 10), tuple(unseen), tuple(RANKS.index(r) for r in hand))


def values(hand: str, up: str, **kwargs) -> dict[int, float]:
    """Every first-decision action's conditional value."""
    sit = situation(hand, up, **kwargs)
    actions = [HIT, STAND]
    if sit.american:
        actions += [DOUBLE, SURRENDER] + ([SPLIT] if hand[0] == hand[1] else [])
    return SOLVER.play_values(sit, actions)


def best_action(hand: str, up: str, **kwargs) -> int:
    found = values(hand, up, **kwargs)
    return max(found, key=found.get)


# ----- an independent brute force: hole card first, ordered draws, explicit conditioning -------------------
def brute_force(unseen_values: list[int], up: int, hand: list[int], peek: int, stand_on_21: bool) -> dict:
    """Stand / hit / double values by enumerating the hole card first and every ordered draw.

    The player's decisions may not depend on the hole card: each decision point sums the joint
    weights over hole cards (those making a dealer natural are excluded when ``peek``), and the
    result is divided by P(no dealer natural) at the end.
    """
    total_unseen = sum(unseen_values)

    def best_total(cards):
        hard = sum(cards)
        return hard + 10 if 1 in cards and hard + 10 <= 21 else hard

    @lru_cache(maxsize=None)
    def dealer_result(hole: int, drawn: tuple, player_total: int) -> float:
        pool = list(unseen_values)
        pool[hole - 1] -= 1
        for v in drawn:
            pool[v - 1] -= 1

        def draw(cards, pool, left):
            total = best_total(cards)
            if total > 21:
                return 1.0
            if total >= 17:
                return float((player_total > total) - (player_total < total))
            result = 0.0
            for v in range(1, 11):
                if pool[v - 1]:
                    p = pool[v - 1] / left
                    pool[v - 1] -= 1
                    result += p * draw(cards + [v], pool, left - 1)
                    pool[v - 1] += 1
            return result

        return draw([up, hole], pool, sum(pool))

    holes = {h: unseen_values[h - 1] / total_unseen for h in range(1, 11) if unseen_values[h - 1] and h != peek}

    def weights_after(weights, drawn, card):
        new = {}
        for h, w in weights.items():
            pool = unseen_values[card - 1] - (h == card) - drawn.count(card)
            if pool > 0:
                new[h] = w * pool / (total_unseen - 1 - len(drawn))
        return new

    def stand(drawn, weights):
        total = best_total(hand + list(drawn))
        if total > 21:
            return -sum(weights.values())
        return sum(w * dealer_result(h, tuple(sorted(drawn)), total) for h, w in weights.items())

    def best(drawn, weights):
        total = best_total(hand + list(drawn))
        if total > 21:
            return -sum(weights.values())
        standing = stand(drawn, weights)
        if stand_on_21 and total == 21:
            return standing
        return max(standing, hit(drawn, weights))

    def hit(drawn, weights):
        return sum(best(drawn + [c], weights_after(weights, drawn, c)) for c in range(1, 11)
                   if any(weights_after(weights, drawn, c).values()))

    def double(drawn, weights):
        return 2 * sum(stand(drawn + [c], weights_after(weights, drawn, c)) for c in range(1, 11)
                       if any(weights_after(weights, drawn, c).values()))

    scale = sum(holes.values())
    return {STAND: stand([], holes) / scale, HIT: hit([], holes) / scale, DOUBLE: double([], holes) / scale}


@pytest.mark.parametrize("hand, up, american", [
    ("T6", "T", False),   # simple rules, no peek
    ("96", "A", True),    # peek: the hole card is not a ten
    ("T6", "K", True),    # peek: the hole card is not an Ace
    ("A5", "7", True),    # soft hand, no peek
    ("T3", "6", True),
])
def test_dynamic_programming_equals_brute_force_single_deck(hand, up, american):
    sit = situation(hand, up, decks=1, american=american)
    peek = {1: 10, 10: 1}.get(sit.up, 0) if american else 0
    expected = brute_force(sit.unseen_values, sit.up, sit.hand_values, peek, stand_on_21=american)
    actions = [HIT, STAND, DOUBLE] if american else [HIT, STAND]
    computed = SOLVER.play_values(sit, actions)
    for action in actions:
        assert computed[action] == pytest.approx(expected[action], abs=1e-12)


def test_dealer_probabilities_sum_to_one_or_to_no_natural():
    pool = np.array([4] * 9 + [16], dtype=np.int64)
    pool[0] -= 1  # the up card, an Ace
    graph = dealer_graph(1)
    out = np.zeros(6)
    prob = np.zeros(graph.counts.shape[0])
    dealer_outcomes(pool, 51, 0, graph.counts, graph.ndrawn, graph.child, prob, out)
    assert out.sum() == pytest.approx(1.0)
    dealer_outcomes(pool, 51, 10, graph.counts, graph.ndrawn, graph.child, prob, out)
    assert out.sum() == pytest.approx(1 - 16 / 51)


def test_split_hand_count_recursion():
    # without re-splits: two hands, each a pair-pair hand with probability p
    assert expected_split_total(2, 0, 0.1, 0.3, -0.2) == pytest.approx(2 * (0.1 * -0.2 + 0.9 * 0.3))
    # hands all worth 1: the value is the expected number of hands. One re-split left: the first
    # hand re-splits with p (3 hands), else the second hand may still re-split: 3p + (1-p)(2+p)
    p = 0.25
    assert expected_split_total(2, 1, p, 1.0, 1.0) == pytest.approx(3 * p + (1 - p) * (2 + p))
    assert 2 < expected_split_total(2, 2, p, 1.0, 1.0) < 4
    assert expected_split_total(2, 2, 0.0, 0.4, -1.0) == pytest.approx(0.8)


# ----- decisions that follow from the computed values (6 decks, S17, DAS, late surrender) ---------------
@pytest.mark.parametrize("hand, up, action", [
    ("T7", "T", STAND),      # hard 17 against a ten
    ("65", "6", DOUBLE),     # 11 against 6
    ("88", "T", SPLIT),      # eights against a ten (better than surrendering)
    ("T6", "T", SURRENDER),  # 16 against a ten, late surrender
    ("AA", "T", SPLIT),
    ("TT", "6", STAND),      # never split tens
    ("A7", "9", HIT),        # soft 18 against 9
    ("A6", "4", DOUBLE),     # soft 17 against 4
    ("T2", "3", HIT),
    ("T3", "2", STAND),
    ("99", "7", STAND),      # nines against 7: stand (19 beats the dealer's likely 17)
    ("99", "6", SPLIT),
])
def test_optimal_decisions_follow_from_the_values(hand, up, action):
    found = values(hand, up)
    assert max(found, key=found.get) == action, found


def test_values_are_conditioned_on_no_dealer_natural():
    found = values("T7", "T")
    assert found[SURRENDER] == -0.5  # half the wager, exactly, once the dealer has no natural
    # unconditionally standing on 17 against a ten loses more than a ten-up dealer shows after a peek
    assert -0.5 < found[STAND] < -0.35


def test_card_removal_changes_the_decision():
    # 12 against 4: hit with ten-two in six decks, but stand when many small cards are gone
    assert best_action("T2", "4") == HIT
    assert best_action("T2", "4", decks=1, removed="23456" * 2) == STAND


def test_insurance_only_when_tens_are_rich():
    fresh = situation("T9", "A")
    take, decline = (SOLVER.insurance_values(fresh, [rules.INSURE, rules.NO_INSURANCE])[a]
                     for a in (rules.INSURE, rules.NO_INSURANCE))
    p_ten = fresh.unseen_values[9] / sum(fresh.unseen_values)
    assert take - decline == pytest.approx(0.5 * (3 * p_ten - 1))
    assert decline > take
    rich = situation("T9", "A", decks=1, removed="2345678923456789")
    take, decline = (SOLVER.insurance_values(rich, [rules.INSURE, rules.NO_INSURANCE])[a]
                     for a in (rules.INSURE, rules.NO_INSURANCE))
    assert take > decline


def test_round_expected_return_matches_public_figures_and_card_removal():
    six = round_expected_return(True, 6)
    assert -0.006 < six < -0.001, "about 0.3-0.4% house edge for 6 decks, S17, DAS, late surrender"
    one = round_expected_return(True, 1)
    eight = round_expected_return(True, 8)
    assert one > six > eight, "fewer decks favour the player"
    simple = round_expected_return(False, 1)
    assert -0.08 < simple < -0.02, "no 3:2 naturals, doubles or splits: a clear house edge"


# ----- the AI -----------------------------------------------------------------------------------------------
def deal_round(seed: int, cards: str, rule_set: str = "american"):
    state = SPEC.new(seed=seed, rules=rule_set)
    if rule_set == "american":
        state.apply(rules.BET)
    for word in cards.split():
        state.apply(state.parse_action(word))
    return state


def test_hint_lists_every_legal_action_with_the_best_first():
    ai = SPEC.ai(3)
    state = deal_round(0, "TS TD 6H 7C")
    hint = ai.hint(state)
    assert set(hint.values) == set(state.legal_actions())
    numbers = ai.values(state)
    assert hint.best == max(numbers, key=numbers.get) == SURRENDER
    assert hint.values[STAND].startswith("EV ")
    bet = SPEC.new(seed=0)
    assert ai.values(bet) == {rules.BET: pytest.approx(round_expected_return(True, 6))}


def test_ai_never_looks_at_the_hole_card():
    ai = SPEC.ai(3)
    for hole in ("2C", "7C", "9C"):
        state = deal_round(0, f"TS 6D 6H {hole}")
        assert situation_of(state) == situation_of(deal_round(0, "TS 6D 6H 5C"))
        assert ai.values(state) == ai.values(deal_round(0, "TS 6D 6H 5C"))


def test_every_level_plays_legal_actions_in_both_rule_sets():
    for rule_set in ("american", "simple"):
        for level in (1, 2, 3):
            ai = SPEC.ai(level, seed=level)
            for seed in range(40):
                state = SPEC.new(seed=seed, rules=rule_set, seats=1 + seed % 3)
                while not state.is_terminal:
                    if state.current_player == CHANCE:
                        state.apply(state.sample_chance())
                    else:
                        action = ai.choose(state)
                        assert action in state.legal_actions()
                        state.apply(action)


def seeded_mean(level: int, rounds: int) -> tuple[float, float]:
    """Mean return of ``level`` over seeded rounds (deterministic), and its standard error."""
    ai = SPEC.ai(level)
    results = []
    for seed in range(rounds):
        state = SPEC.new(seed=seed)
        while not state.is_terminal:
            state.apply(state.sample_chance() if state.current_player == CHANCE else ai.choose(state))
        results.append(state.returns()[0])
    mean = sum(results) / rounds
    spread = math.sqrt(sum((r - mean) ** 2 for r in results) / (rounds - 1))
    return mean, spread / math.sqrt(rounds)


def test_optimal_level_beats_the_novice_on_the_same_seeded_rounds():
    novice, _ = seeded_mean(1, 1500)
    optimal, _ = seeded_mean(3, 1500)
    assert optimal > novice


def test_simple_rules_optimal_play_hits_and_stands_by_value():
    ai = SPEC.ai(3)
    state = deal_round(0, "TS 6H 9C TD", rule_set="simple")  # dealer shows ten; 16 with ten-six
    found = ai.values(state)
    assert set(found) == {HIT, STAND}
    assert ai.choose(state) == max(found, key=found.get)
    assert all(-1.0 <= v <= 1.0 for v in found.values())

"""The Expert's judgement in the auction (:mod:`tui_games.games.bridge.bidding_judge`): the shared auction
tree bids exactly as the system does, the candidates are the system's call alone where judgement has
nothing to add, hand-built situations where simulation overrules the system for a reason a bridge
player agrees with, and every call it makes is legal and explained.

Hands are written spades.hearts.diamonds.clubs; auctions as call names from the dealer on. The judge
is given a generous deadline here so that its seeded deals, not the machine's speed, decide."""

from __future__ import annotations

import random

import pytest

from tui_games.engine.rng import make_rng
from tui_games.games.bridge.bidding import choose_call, legal_calls
from tui_games.games.bridge.bidding_judge import AuctionTree, Judge, candidates, side_score
from tui_games.games.bridge.constants import PASS, call_name, parse_action
from tui_games.games.bridge.hand_eval import Hand

pytest.importorskip("endplay")


def calls(text: str) -> list[int]:
    """Call ids from names separated by spaces."""
    return [parse_action(name) for name in text.split()]


def judged(hand: str, auction: str, dealer: int = 0, vulnerability: str = "none", seed: int = 1) -> tuple[str, str]:
    """The judge's call (its name) and explanation."""
    judge = Judge(make_rng(seed), seconds=10.0)
    call, explanation = judge.call(Hand.from_text(hand), dealer, vulnerability, calls(auction))
    return call_name(call), explanation


def system(hand: str, auction: str, dealer: int = 0, vulnerability: str = "none") -> str:
    """The plain system's call (its name)."""
    return call_name(choose_call(Hand.from_text(hand), dealer, vulnerability, calls(auction)).call)


def test_the_tree_bids_as_the_system_on_random_deals():
    rng = random.Random(7)
    for number in range(40):
        cards = list(range(52))
        rng.shuffle(cards)
        hands = [Hand(cards[seat::4]) for seat in range(4)]
        dealer, vulnerability = number % 4, ("none", "ns", "ew", "both")[number % 4]
        tree = AuctionTree(dealer, vulnerability)
        node, auction = tree.root, []
        while not node.ctx.over:
            hand = hands[node.ctx.seat]
            expected = choose_call(hand, dealer, vulnerability, auction)
            got = node.choose(hand)
            assert (got.call, got.explanation) == (expected.call, expected.explanation)
            auction.append(expected.call)
            node = node.child(expected.call)
        assert tree.node(auction) is node


def test_openings_and_conventional_answers_are_left_to_the_system():
    tree = AuctionTree(0, "none")
    opener = Hand.from_text("AKJ52.K3.Q84.J72")
    node = tree.root
    assert candidates(node.ctx, opener, node.choose(opener), node.options) == [node.choose(opener).call]
    node = tree.node(calls("1NT pass 2C pass"))  # Stayman: the opener answers by the system
    hand = Hand.from_text("AQ2.KJ3.Q842.A72")
    assert candidates(node.ctx, hand, node.choose(hand), node.options) == [node.choose(hand).call]


def test_scores_are_the_sides_duplicate_scores():
    assert side_score((4, 3, 0, 0), 10, 0, "none") == 420  # 4S by N made, for NS
    assert side_score((4, 3, 0, 0), 10, 1, "none") == -420
    assert side_score((3, 4, 1, 1), 7, 0, "ew") == 500  # 3NTX by E vulnerable, two down
    assert side_score((0, 0, 0, -1), 0, 0, "none") == 0  # passed out


def test_bids_the_game_the_system_passes_below():
    # Partner opened 1H and West preempted 3C: with 11 HCP, two aces and four trumps the system passes,
    # but 4H is close to cold opposite an opening bid. A dozen or two deals are noisy: most seeds must
    # find it.
    hand, auction = "AJ5.AJ62.J842.93", "pass pass 1H 3C"
    assert system(hand, auction) == "pass"
    verdicts = [judged(hand, auction, seed=seed) for seed in range(1, 6)]
    games = [explanation for call, explanation in verdicts if call == "4H"]
    assert len(games) >= 4, verdicts
    assert all(text.startswith("4H: game") and "simulation of" in text for text in games)


def test_does_not_invite_a_hopeless_game():
    # 1D - 1H - 2H (a minimum raise): with 9 HCP, a doubleton in partner's suit and soft values the
    # system invites; the simulation finds game rarely makes and 3H often fails: stop in 2H.
    hand, auction = "J9.QJ84.98.KJ742", "1D pass 1H pass 2H pass"
    assert system(hand, auction, dealer=1, vulnerability="ew") == "3H"
    call, explanation = judged(hand, auction, dealer=1, vulnerability="ew")
    assert call == "pass" and explanation.startswith("pass: stops here")


def test_every_call_is_legal_and_explained():
    rng = random.Random(3)
    judge = Judge(make_rng(5), seconds=10.0, batches=(8,))
    overruled = 0
    for number in range(6):
        cards = list(range(52))
        rng.shuffle(cards)
        hands = [Hand(cards[seat::4]) for seat in range(4)]
        dealer, auction = number % 4, []
        while len(legal_calls(auction, dealer)):
            seat = (dealer + len(auction)) % 4
            call, explanation = judge.call(hands[seat], dealer, "both", auction)
            assert call in legal_calls(auction, dealer)
            assert explanation.startswith(call_name(call) + ": ") and len(explanation) > len(call_name(call)) + 4
            plain = choose_call(hands[seat], dealer, "both", auction).call
            overruled += call != plain
            auction.append(call)
        assert auction[-1] == PASS
    assert overruled <= 6


def offered(hand: str, auction: str, dealer: int = 0) -> list[str]:
    """The candidates the judge simulates (names), the system's call first."""
    node = AuctionTree(dealer, "none").node(calls(auction))
    cards = Hand.from_text(hand)
    return [call_name(call) for call in candidates(node.ctx, cards, node.choose(cards), node.options)]


def test_a_slam_is_simulated_when_the_losing_trick_count_makes_it_plausible():
    # 20 HCP and four losers opposite a simple raise (about nine losers): 24 - 4 - 9 = 11 tricks, so
    # 6S is worth simulating beside the system's 4S; with seven losers it is not
    assert offered("AK764.AQ2.AK98.4", "1S pass 2S pass")[0] == "4S"
    assert "6S" in offered("AK764.AQ2.AK98.4", "1S pass 2S pass")
    assert "6S" not in offered("AK764.AQ2.K98.42", "1S pass 2S pass")


def test_game_is_simulated_beside_the_systems_slam_and_a_part_score_beside_its_game():
    # 6NT on 33 HCP may fail: 3NT is simulated too; a game bid on losers may too: 3H beside 4H
    assert offered("KQ6.8.AKQ3.KQJT9", "1H pass 2C pass 2S pass", dealer=1) == ["6NT", "pass", "3NT"]
    assert offered("85.KQT974.AQ84.2", "1H pass 2H pass") == ["4H", "pass", "3H"]


def test_blackwood_and_the_askers_next_call_are_judged_in_the_trumps_asked_for():
    asking = "1S pass 2C pass 3S pass 4S pass"
    assert offered("AQJ953.AK.KT853.", asking) == ["4NT", "pass", "6S"]  # pass: partner's 4S stands
    assert offered("AQJ953.AK.KT853.", asking + " 4NT pass 5D pass") == ["6S", "5S"]  # one ace missing
    assert offered("AQJ953.AK.KT853.", asking + " 4NT pass 5C pass") == ["5S", "6S"]  # two missing
    # the answer to Blackwood is the system's alone
    assert offered("A2.QJ64.A872.K53", asking + " 4NT pass") == ["5H"]


def test_a_call_deals_the_same_whatever_the_judge_simulated_before():
    hand, auction = "AJ5.AJ62.J842.93", calls("pass pass 1H 3C")
    fresh = Judge(make_rng(4), seconds=10.0)
    fresh.call(Hand.from_text(hand), 0, "none", auction)
    used = Judge(make_rng(4), seconds=10.0)
    used.call(Hand.from_text("J9.QJ84.98.KJ742"), 1, "ew", calls("1D pass 1H pass 2H pass"))
    used.call(Hand.from_text(hand), 0, "none", auction)
    assert fresh.last.gains == used.last.gains and fresh.last.deals == used.last.deals

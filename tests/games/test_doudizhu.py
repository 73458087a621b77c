"""Dou Dizhu rules: the 27,472 moves (counts per kind, RLCard's numbering), the moves of written hands
and positions, the bidding, the stake, what each seat sees, action text, and the rlcard reading played
in lockstep with RLCard 1.2.0's own game on seeded deals."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidMoveError
from tui_games.engine.observer import EVERYONE, NOBODY
from tui_games.games.doudizhu import moves, rules
from tui_games.games.doudizhu.game import bid_action, deal_actions
from tui_games.games.doudizhu.moves import NAMES, PASS

SPEC = catalog.get("doudizhu")
BID1, BID2, BID3 = (bid_action(v) for v in (1, 2, 3))


def move(text: str) -> int:
    """The move number of a card string in any order."""
    return moves.MOVE_OF_NAME[moves.text_of(moves.counts_of(text))]


def rest_of_deck(*taken: str) -> str:
    """The cards of the deck not in ``taken``, sorted."""
    left = list(moves.DECK)
    for text in taken:
        for r, n in enumerate(moves.counts_of(text)):
            left[r] -= n
    assert min(left) >= 0
    return moves.text_of(left)


def dealt(hands: list[str], kitty: str, bidding: str = "auction", first: int | None = 0, bids=()):
    """A state with ``hands`` and ``kitty`` dealt, then (auction) ``first`` bidding first and ``bids``."""
    state = SPEC.new(seed=0, bidding=bidding)
    for action in deal_actions(hands, kitty):
        state.apply(action)
    if bidding == "auction" and first is not None:
        state.apply(first)
        for action in bids:
            state.apply(action)
    return state


def lead_moves(hand: str) -> list[int]:
    """The moves a seat holding ``hand`` may lead (moves_for on a state whose seat 0 holds it)."""
    return follow_moves(hand, rules.NO_MOVE)


def follow_moves(hand: str, last: int) -> list[int]:
    """The moves a seat holding ``hand`` may play on ``last``."""
    s = rules.initial_state(rules.RLCARD)
    counts = moves.counts_of(hand)
    s[rules.HANDS:rules.HANDS + rules.RANKS] = counts
    s[rules.HAND_SIZE] = sum(counts)
    out = np.empty(rules.MAX_ACTIONS, dtype=np.int64)
    n = rules.moves_for(s, 0, last, out)
    return [int(a) for a in out[:n]]


# ----- the moves --------------------------------------------------------------------------------------
def test_the_moves_per_kind_are_rlcards_27472():
    per_class = Counter(moves.class_name(m) for m in range(moves.NUM_MOVES))
    assert moves.NUM_MOVES == 27472 and NAMES[PASS] == "pass" and PASS == 27471
    expected = {"solo": 15, "pair": 13, "trio": 13, "bomb": 13, "rocket": 1, "trio_solo": 182, "trio_pair": 156,
                "four_two_solo": 1326, "four_two_pair": 858, "pass": 1,
                **{f"solo_chain_{n}": 13 - n for n in range(5, 13)},
                **{f"pair_chain_{n}": 13 - n for n in range(3, 11)},
                **{f"trio_chain_{n}": 13 - n for n in range(2, 7)},
                "trio_solo_chain_2": 968, "trio_solo_chain_3": 3282, "trio_solo_chain_4": 7184,
                "trio_solo_chain_5": 10388, "trio_pair_chain_2": 605, "trio_pair_chain_3": 1200,
                "trio_pair_chain_4": 1134}
    assert per_class == expected
    kinds = Counter(moves.CLASS_KIND[int(c)] for c in moves.MOVE_CLASS)
    assert (kinds["solo_chain"], kinds["pair_chain"], kinds["trio_chain"]) == (36, 52, 45)
    assert (kinds["trio_solo_chain"], kinds["trio_pair_chain"]) == (21822, 2939)
    assert len(set(NAMES)) == moves.NUM_MOVES


def test_every_move_keeps_the_rules_of_combinations():
    for m in range(PASS):
        counts = moves.MOVE_COUNTS[m]
        kind = moves.CLASS_KIND[int(moves.MOVE_CLASS[m])]
        assert sum(counts) == moves.MOVE_SIZE[m] <= 20
        assert list(NAMES[m]) == sorted(NAMES[m], key=moves.RANKS.index)
        assert int(moves.MOVE_MASK[m]) == sum(((1 << int(n)) - 1) << (4 * r) for r, n in enumerate(counts))
        if kind in ("solo_chain", "pair_chain", "trio_chain"):
            assert not any(counts[moves.TWO:]), NAMES[m]
        if "chain" in kind:
            assert int(moves.MOVE_RANK[m]) + moves.CLASSES[int(moves.MOVE_CLASS[m])][2] - 1 < moves.TWO
        if kind not in ("rocket", "solo"):
            assert not (counts[moves.BLACK] and counts[moves.RED]), NAMES[m]
        assert max(counts[moves.BLACK], counts[moves.RED]) <= 1


def test_the_numbers_are_rlcards_action_ids():
    utils = pytest.importorskip("rlcard.games.doudizhu.utils")
    assert list(NAMES) == utils.ID_2_ACTION
    card_type = utils.CARD_TYPE[0]
    weights: dict[tuple[str, int], set[int]] = {}
    for m in range(PASS):
        (kind, weight), = card_type[NAMES[m]]
        assert kind == moves.class_name(m)
        weights.setdefault((kind, int(moves.MOVE_RANK[m])), set()).add(int(weight))
    for (kind, rank), found in weights.items():
        assert len(found) == 1
        higher = weights.get((kind, rank + 1))
        if higher:
            assert min(higher) > min(found), (kind, rank)


@pytest.mark.parametrize("hand, count", [
    ("3", 1), ("33", 2), ("333", 3), ("3333", 4), ("BR", 3), ("34567", 6), ("345678", 9),
    ("333344", 9), ("333444", 11), ("33344455", 19), ("3456789TJQKA2BR", 15 + 36 + 1),
])
def test_the_lead_moves_of_written_hands(hand, count):
    led = lead_moves(hand)
    assert len(led) == count and PASS not in led and led == sorted(led)
    assert all(set(NAMES[m]) <= set(hand) for m in led)


def test_kickers_follow_rlcards_rules():
    led = {NAMES[m] for m in lead_moves("333444555666777BR")}
    assert "333444555666" in led and "333444BR" not in led and "333B" in led
    assert "333444555666777" in led and moves.class_name(move("333444555666")) == "trio_chain_4"
    assert moves.move_of_counts(moves.counts_of("3334445556667778")) is None  # three 3s or 7s beside the airplane
    assert moves.class_name(move("3JJJQQQKKKAAA222")) == "trio_solo_chain_4"  # 2s beside aces are no airplane
    assert moves.class_name(move("66677722")) == "trio_solo_chain_2"
    assert moves.move_of_counts(moves.counts_of("33334444")) is None
    assert moves.class_name(move("333344")) == "four_two_solo"


def test_a_move_to_beat_takes_the_same_kind_higher_a_bomb_or_the_rocket():
    hand = "346777789TJQKBR"
    assert [NAMES[m] for m in follow_moves(hand, move("5"))] == \
        ["6", "7", "8", "9", "T", "J", "Q", "K", "B", "R", "7777", "BR", "pass"]
    assert [NAMES[m] for m in follow_moves(hand, move("56789"))] == \
        ["6789T", "789TJ", "89TJQ", "9TJQK", "7777", "BR", "pass"]
    assert [NAMES[m] for m in follow_moves(hand, move("6666"))] == ["7777", "BR", "pass"]
    assert [NAMES[m] for m in follow_moves(hand, move("8888"))] == ["BR", "pass"]
    assert follow_moves(hand, move("BR")) == [PASS]
    assert [NAMES[m] for m in follow_moves("3344556677", move("445566"))] == ["556677", "pass"]
    assert [NAMES[m] for m in follow_moves("33344456", move("33355"))] == ["33444", "pass"]
    assert [NAMES[m] for m in follow_moves("3334445", move("3335"))] == ["3444", "4445", "pass"]


# ----- the deal and the bidding --------------------------------------------------------------------
def test_the_deal_goes_round_the_table_then_to_the_kitty():
    state = SPEC.new(seed=4)
    assert state.chance_outcomes() == [(r, pytest.approx(4 / 54)) for r in range(13)] + [
        (13, pytest.approx(1 / 54)), (14, pytest.approx(1 / 54))]
    audiences = []
    while state.phase == "deal":
        audiences.append(state.kernels.audience(state, 0))
        state.apply(state.sample_chance())
    assert audiences == [0, 1, 2] * 17 + [NOBODY] * 3
    assert state.hand_sizes == [17, 17, 17] and state.phase == "first bidder"
    assert state.chance_outcomes() == [(0, pytest.approx(1 / 3)), (1, pytest.approx(1 / 3)), (2, pytest.approx(1 / 3))]
    assert state.kernels.audience(state, 1) == EVERYONE
    assert sorted(state.hand(0) + state.hand(1) + state.hand(2) + moves.text_of(
        state.array[rules.KITTY:rules.KITTY + 15]), key=moves.RANKS.index) == list(rest_of_deck())


def test_the_bidding_rises_and_the_highest_bidder_takes_the_kitty():
    hands = ["33334444555566667", "77788889999TT2222", "TTJJJJQQQQKKKKAAA"]
    kitty = "ABR"
    state = dealt(hands, kitty, first=1)
    assert state.current_player == 1 and state.legal_actions() == [PASS, BID1, BID2, BID3]
    state.apply(BID1)
    assert state.current_player == 2 and state.legal_actions() == [PASS, BID2, BID3]
    with pytest.raises(IllegalActionError, match="does not beat the highest bid, 1"):
        state.apply(BID1)
    state.apply(PASS)
    assert state.kitty is None and state.landlord is None
    state.apply(BID2)
    assert state.bids == [2, 1, 0] and state.landlord == 0 and state.bid == 2 and state.current_player == 0
    assert state.kitty == "ABR" and state.hand_sizes == [20, 17, 17] and state.hand(0) == "33334444555566667ABR"
    assert state.phase == "play" and PASS not in state.legal_actions()


def test_a_bid_of_three_ends_the_bidding_and_all_passing_deals_again():
    hands = ["33334444555566667", "77788889999TT2222", "TTJJJJQQQQKKKKAAA"]
    state = dealt(hands, "ABR", first=2, bids=[BID3])
    assert state.landlord == 2 and state.current_player == 2 and state.bids == [None, None, 3]
    again = dealt(hands, "ABR", first=2, bids=[PASS, PASS, PASS])
    assert again.phase == "deal" and again.is_chance_node and again.redeals == 1
    assert again.hand_sizes == [0, 0, 0] and again.bids == [None, None, None] and again.landlord is None
    assert len(again.chance_outcomes()) == 15


# ----- the stake and the returns --------------------------------------------------------------------
def test_bid_three_two_bombs_and_a_spring_make_a_stake_of_24():
    landlord = "3333444456789TJQK"
    kitty = "A22"
    state = dealt([landlord, "555666777888999TT", rest_of_deck(landlord, "555666777888999TT", kitty)], kitty,
                  first=0, bids=[BID3])
    for lead in ("3333", "4444", "56789TJQKA", "22"):
        state.apply(move(lead))
        if not state.is_terminal:
            state.apply(PASS)
            state.apply(PASS)
    assert state.is_terminal and state.landlord_won and state.spring and state.bombs == 2
    assert state.stake == 24 and state.returns() == [48.0, -24.0, -24.0]
    assert state.trace == [(0, "3333"), (1, "pass"), (2, "pass"), (0, "4444"), (1, "pass"), (2, "pass"),
                           (0, "56789TJQKA"), (1, "pass"), (2, "pass"), (0, "22")]
    assert state.winner == 0 and "stake 24 (bid 3, 2 bombs, spring)" in state.observation(1)


def test_an_anti_spring_doubles_the_peasants_win():
    landlord, peasant = "3555666777888999K", "A456789TJQKTTTJJJ"
    kitty = "QQQ"
    state = dealt([landlord, peasant, rest_of_deck(landlord, peasant, kitty)], kitty, first=0, bids=[BID1, PASS, PASS])
    state.apply(move("3"))
    state.apply(move("A"))
    state.apply(PASS)
    state.apply(PASS)
    state.apply(move("456789TJQK"))
    state.apply(PASS)
    state.apply(PASS)
    state.apply(move("TTTJJJ"))
    assert state.is_terminal and not state.landlord_won and state.spring
    assert state.stake == 2 and state.returns() == [-4.0, 2.0, 2.0]
    assert state.winner == 1 and state.outcome().places == (3, 1, 1)


def test_the_rlcard_reading_makes_seat_0_landlord_and_scores_one_a_winner():
    landlord = "3333444456789TJQK"
    kitty = "A22"
    state = dealt([landlord, "555666777888999TT", rest_of_deck(landlord, "555666777888999TT", kitty)], kitty,
                  bidding="rlcard")
    assert state.landlord == 0 and state.current_player == 0 and state.kitty == "A22" and state.bid == 0
    for lead in ("3333", "4444", "56789TJQKA", "22"):
        state.apply(move(lead))
        if not state.is_terminal:
            state.apply(PASS)
            state.apply(PASS)
    assert state.returns() == [1.0, 0.0, 0.0] and state.stake == 0


# ----- what each seat sees --------------------------------------------------------------------------
def test_a_seat_sees_its_hand_the_shown_kitty_and_every_move():
    hands = ["33334444555566667", "77788889999TT2222", "TTJJJJQQQQKKKKAAA"]
    state = dealt(hands, "ABR", first=1)
    view = state.observation(1).state
    assert view.hand(1) == hands[1] and view.hand(0) is None and view.hand(2) is None and view.kitty is None
    assert state.observation(-1).state.hand(1) is None
    assert hands[0] not in state.observation(1) and hands[1] in state.observation(1)
    state.apply(BID3)
    view = state.observation(2).state
    assert view.kitty == "ABR" and view.hand(1) is None and view.hand_sizes == [17, 20, 17]
    state.apply(move("8888"))
    view = state.observation(0).state
    assert view.trace == [(1, "8888")] and view.played(1) == "8888" and view.hand_sizes == [17, 16, 17]
    assert state.observed(1).history[:4] == [-1, state.history[1], -1, -1]
    fresh = SPEC.new(seed=2)
    assert fresh.action_to_string(7, observer=1) == "a face-down card"
    assert fresh.action_to_string(7, observer=0) == "deal T to Player 1"


# ----- names -------------------------------------------------------------------------------------------
def test_every_move_name_reads_back_in_any_order():
    state = dealt(["33334444555566667", "77788889999TT2222", "TTJJJJQQQQKKKKAAA"], "ABR", bidding="rlcard")
    rng = random.Random(5)
    for m in range(moves.NUM_MOVES):
        name = state.action_to_string(m)
        assert name == NAMES[m] and state.parse_action(name) == m
        if m != PASS:
            shuffled = list(name.lower())
            rng.shuffle(shuffled)
            assert state.parse_action(" ".join(shuffled).replace("t", "10")) == m
    assert state.parse_action("PASS") == PASS
    for text in ("3344", "2BR", "pas", "x", "333444 55 B R"):
        with pytest.raises(InvalidMoveError):
            state.parse_action(text)


def test_bids_and_chance_outcomes_are_named_and_read_back():
    state = SPEC.new(seed=1)
    assert state.action_to_string(7) == "deal T to Player 1" and state.parse_action("deal T to Player 1") == 7
    state.apply(7)
    assert state.action_to_string(14) == "deal R to Player 2" and state.parse_action("deal r") == 14
    hands = ["33334444555566667", "77788889999TT2222", "TTJJJJQQQQKKKKAAA"]
    state = dealt(hands, "ABR", first=None)
    assert state.action_to_string(2) == "Player 3 bids first" and state.parse_action("player 3 bids first") == 2
    state.apply(2)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["pass", "bid 1", "bid 2", "bid 3"]
    assert [state.parse_action(t) for t in ("pass", "bid 1", "bid 2", "bid 3")] == [PASS, BID1, BID2, BID3]


def test_illegal_moves_say_why():
    landlord = "3333444456789TJQK"
    kitty = "A22"
    state = dealt([landlord, "555666777888999TT", rest_of_deck(landlord, "555666777888999TT", kitty)], kitty,
                  first=0, bids=[BID3])
    with pytest.raises(IllegalActionError, match="you lead"):
        state.apply(PASS)
    with pytest.raises(IllegalActionError, match="you do not hold 555: you have 1 five"):
        state.apply(move("555"))
    with pytest.raises(IllegalActionError, match="bidding is over"):
        state.apply(BID1)
    state.apply(move("5"))
    with pytest.raises(IllegalActionError, match="does not beat 5"):
        state.apply(move("5"))
    with pytest.raises(IllegalActionError, match=r"cannot go on 5 \(solo\)"):
        state.apply(move("55"))
    state.apply(move("6"))
    state.apply(move("A"))
    state.apply(PASS)
    state.apply(PASS)
    with pytest.raises(IllegalActionError, match="you lead"):
        state.apply(PASS)


# ----- RLCard's own game -------------------------------------------------------------------------------
def our_copy(env):
    """Our state (rlcard bidding) dealt the cards of RLCard's game ``env`` just reset."""
    game = env.game
    kitty = game.round.seen_cards
    hands = [player.initial_hand for player in game.players]
    counts = moves.counts_of(hands[0])
    for r, n in enumerate(moves.counts_of(kitty)):
        counts[r] -= n
    return dealt([moves.text_of(counts), hands[1], hands[2]], kitty, bidding="rlcard")


def lockstep(seed: int, choose) -> int:
    """Play RLCard's game of ``seed`` beside ours, ``choose(rlcard_state, rng)`` picking each move;
    checks the seat to move, the legal moves and the payoffs; returns the positions compared."""
    rlcard = pytest.importorskip("rlcard")
    env = rlcard.make("doudizhu", config={"seed": seed})
    theirs, seat = env.reset()
    ours = our_copy(env)
    rng = random.Random(seed)
    positions = 0
    while not env.is_over():
        assert ours.current_player == seat
        assert ours.legal_actions() == sorted(theirs["legal_actions"]), (seed, ours.trace)
        positions += 1
        action = choose(theirs, rng)
        theirs, seat = env.step(action)
        ours.apply(action)
        assert ours.hand_sizes == list(theirs["raw_obs"]["num_cards_left"])
    assert ours.is_terminal and ours.returns() == [float(x) for x in env.get_payoffs()]
    assert [(seat, move) for seat, move in ours.trace] == list(env.game.round.trace)
    return positions


def test_random_games_play_in_lockstep_with_rlcards_game():
    positions = sum(lockstep(seed, lambda theirs, rng: rng.choice(sorted(theirs["legal_actions"])))
                    for seed in range(40))
    assert positions > 2000


def test_rlcards_rule_agents_play_in_lockstep_with_our_game():
    pytest.importorskip("rlcard")
    from rlcard.games.doudizhu.utils import ACTION_2_ID
    from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

    agent = DouDizhuRuleAgentV1()
    np.random.seed(3)
    assert sum(lockstep(seed, lambda theirs, rng: ACTION_2_ID[agent.step(theirs)]) for seed in range(20)) > 200


def test_lead_moves_of_dealt_hands_are_rlcards():
    pytest.importorskip("rlcard")
    from rlcard.games.doudizhu.judger import DoudizhuJudger

    rng = random.Random(11)
    deck = [moves.RANKS[r] for r in range(15) for _ in range(int(moves.DECK[r]))]
    for _ in range(40):
        hand = moves.text_of(moves.counts_of("".join(rng.sample(deck, rng.choice((17, 20, rng.randint(1, 20)))))))
        assert {NAMES[m] for m in lead_moves(hand)} == DoudizhuJudger.playable_cards_from_hand(hand), hand


def test_random_games_keep_the_cards_and_the_table_in_order():
    for seed in range(30):
        state = SPEC.new(seed=seed, bidding="auction" if seed % 2 else "rlcard")
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.is_chance_node:
                state.apply(state.sample_chance())
                continue
            if state.phase == "play":
                held = sum(state.hand_sizes) + sum(len(state.played(s)) for s in range(3))
                assert held == 54 and state.hand_sizes == [sum(state.hand_counts(s)) for s in range(3)]
            state.apply(rng.choice(state.legal_actions()))
        if seed % 2:
            assert sum(state.returns()) == 0 and abs(state.returns()[state.landlord]) == 2 * state.stake
        else:
            assert sorted(state.returns()) in ([0.0, 0.0, 1.0], [0.0, 1.0, 1.0])
        assert state.hand_sizes[state.winner] == 0 and len(state.trace) <= rules.MAX_TRACE

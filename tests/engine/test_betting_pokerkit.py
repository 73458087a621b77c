"""The betting table, the pots and the hand evaluator against pokerkit, hand by hand.

Thousands of seeded hands of 2-10 seats with random (often tiny) stacks are played at once on our
table and in pokerkit's state machine with the same cards and the same random actions: at every
decision both must agree on whose turn it is, the stacks, whether folding and raising are legal and
the smallest and largest raise; at the end every seat's payoff must be equal (side pots, split pots,
odd chips, walks). No-limit and fixed-limit.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from tui_games.engine.cards import betting as bt
from tui_games.engine.cards.names import card_name
from tui_games.engine.cards.poker_hand import hand_value_parts

pokerkit = pytest.importorskip("pokerkit")

T = 0
SMALL_BET, BIG_BET = 2, 4
AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING, pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING, pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING, pokerkit.Automation.CHIPS_PULLING,
)


@pytest.fixture
def remembered_hands(monkeypatch):
    """pokerkit values every hand afresh (and again at every comparison) for each pot and player at a
    showdown; remembering the value of each hand keeps its answers and makes thousands of showdowns
    affordable."""
    from pokerkit.hands import StandardHighHand

    value_of = StandardHighHand.from_game.__func__
    entry_of = StandardHighHand.entry.fget
    hands, entries = {}, {}

    def from_game(cls, hole_cards, board_cards=()):
        key = (cls, tuple(hole_cards), tuple(board_cards))
        if key not in hands:
            hands[key] = value_of(cls, key[1], key[2])
        return hands[key]

    def entry(hand):
        if hand.cards not in entries:
            entries[hand.cards] = entry_of(hand)
        return entries[hand.cards]

    monkeypatch.setattr(StandardHighHand, "from_game", classmethod(from_game))
    monkeypatch.setattr(StandardHighHand, "entry", property(entry))


def play_hand(seed: int, limit: bool, stats: Counter) -> None:
    """One hand on both engines; asserts agreement at every step and in the payoffs."""
    rnd = random.Random(seed)
    n = rnd.randint(2, 10)
    shift = rnd.randrange(n)  # pokerkit seat 0 sits left of the button; ours is anywhere
    stacks = [rnd.choice((rnd.randint(1, 8), rnd.randint(5, 60), rnd.randint(40, 200))) for _ in range(n)]
    deck = list(range(52))
    rnd.shuffle(deck)
    hole = [deck[2 * i:2 * i + 2] for i in range(n)]
    board = deck[2 * n:2 * n + 5]
    burn = deck[2 * n + 5:]
    if limit:
        pk = pokerkit.FixedLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), SMALL_BET, BIG_BET,
                                                         stacks, n)
    else:
        pk = pokerkit.NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, stacks, n)

    def seat(i):
        return (i + shift) % n

    s = np.zeros(bt.TABLE_SIZE, dtype=np.int64)
    bt.seat_table(s, T, n, bt.FIXED_LIMIT if limit else bt.NO_LIMIT, 1, 2, 4 if limit else 0, 0)
    for i in range(n):
        s[T + bt.STACKS + seat(i)] = stacks[i]
    bt.start_hand(s, T, seat(n - 1))
    bt.post_blinds(s, T)
    units = (SMALL_BET, SMALL_BET, BIG_BET, BIG_BET) if limit else (2, 2, 2, 2)
    bt.open_round(s, T, units[0], bt.NOBODY)
    street = 0
    dealt = [0] * n
    board_dealt = 0
    out = np.zeros(512, dtype=np.int64)
    bounds = np.zeros(2, dtype=np.int64)
    while True:
        if pk.can_deal_hole():
            i = pk.hole_dealee_index
            pk.deal_hole(card_name(hole[i][dealt[i]]))
            dealt[i] += 1
        elif pk.can_burn_card():
            pk.burn_card(card_name(burn.pop()))
        elif pk.can_deal_board():
            count = pk.board_dealing_count
            pk.deal_board("".join(card_name(c) for c in board[board_dealt:board_dealt + count]))
            board_dealt += count
        elif pk.can_show_or_muck_hole_cards():
            pk.show_or_muck_hole_cards(True)
        elif pk.actor_index is None:
            break
        else:
            while s[T + bt.TO_ACT] == bt.NOBODY:  # our next street, when pokerkit has dealt it
                assert not bt.hand_won_by_folds(s, T) and street < 3, "pokerkit wants an action, we do not"
                street += 1
                bt.open_next_round(s, T, units[street], bt.NOBODY)
            actor = pk.actor_index
            assert s[T + bt.TO_ACT] == seat(actor)
            assert [s[T + bt.STACKS + seat(i)] for i in range(n)] == list(pk.stacks)
            actions = list(out[:bt.legal_actions(s, T, out)])
            assert (bt.FOLD in actions) == pk.can_fold()
            before = bt.hand_total_before_round(s, T, seat(actor))
            error = bt.raise_bounds(s, T, bounds)
            assert (error == bt.OK) == pk.can_complete_bet_or_raise_to(), error
            if error == bt.OK:
                expected = (pk.min_completion_betting_or_raising_to_amount,
                            pk.max_completion_betting_or_raising_to_amount)
                assert (bounds[0] - before, bounds[1] - before) == expected
            else:
                stats[f"raise refused {error}"] += 1
            roll = rnd.random()
            if bt.FOLD in actions and roll < 0.15:
                action = bt.FOLD
                pk.fold()
            elif error != bt.OK or roll < 0.6:
                action = bt.CALL
                pk.check_or_call()
            else:
                if limit:
                    action, amount = bt.RAISE, bounds[0]
                else:
                    amount = rnd.choice((bounds[0], bounds[1], rnd.randint(bounds[0], bounds[1])))
                    action = amount
                pk.complete_bet_or_raise_to(amount - before)
            assert bt.apply_action(s, T, action) == bt.OK
    while not bt.hand_won_by_folds(s, T) and street < 3:  # all in: the rest is dealt without betting
        assert s[T + bt.TO_ACT] == bt.NOBODY
        street += 1
        bt.open_next_round(s, T, units[street], bt.NOBODY)
        assert s[T + bt.TO_ACT] == bt.NOBODY, "we want an action, pokerkit does not"
    values = np.zeros(n, dtype=np.int64)
    cards = np.array(board + [0, 0], dtype=np.int64)
    for i in range(n):
        cards[5:] = hole[i]
        values[seat(i)] = hand_value_parts(cards, 5, 2, 0, 5)
    amounts = np.zeros(bt.MAX_SEATS + 1, dtype=np.int64)
    eligible = np.zeros(bt.MAX_SEATS + 1, dtype=np.int64)
    pots = bt.table_pots(s, T, amounts, eligible)
    all_in = any(s[T + bt.STACKS + i] == 0 and bt.is_live(s, T, i) for i in range(n))
    bt.award(s, T, values)
    ours = [int(bt.hand_result(s, T, seat(i))) for i in range(n)]
    assert ours == list(pk.payoffs)
    stats["hands"] += 1
    stats["all in"] += all_in
    stats["side pots"] += pots > 1
    stats["won by folds"] += bool(bt.hand_won_by_folds(s, T))
    live_values = [values[i] for i in range(n) if bt.is_live(s, T, i)]
    stats["split"] += len(live_values) > 1 and live_values.count(max(live_values)) > 1


@pytest.mark.parametrize(("limit", "hands"), [(False, 1200), (True, 800)], ids=["no-limit", "fixed-limit"])
def test_hands_play_and_pay_out_exactly_as_in_pokerkit(remembered_hands, limit, hands):
    stats = Counter()
    for seed in range(hands):
        try:
            play_hand(seed, limit, stats)
        except AssertionError as error:
            raise AssertionError(f"hand {seed} ({'limit' if limit else 'no-limit'}): {error}") from error
    assert stats["hands"] == hands
    # the hands reach the cases this test is for
    assert stats["all in"] > hands // 3 and stats["side pots"] > hands // 10
    assert stats["split"] > hands // 40 and stats["won by folds"] > hands // 40
    assert stats[f"raise refused {bt.ERR_NOT_REOPENED}"] > 0 and stats[f"raise refused {bt.ERR_COVERED}"] > 0
    assert stats[f"raise refused {bt.ERR_EVERYONE_ALL_IN}"] > 0
    if limit:
        assert stats[f"raise refused {bt.ERR_RAISE_CAP}"] > 0

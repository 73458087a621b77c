"""The simple rules of Mahjong (RLCard's reading, ``rules=simple``): scripted hands for each rule (four
sets and a pair win, seven pairs do not; ron on any seat's discard, the first in turn order alone; chi
from the left, seat 0 from seat 3 too; every chi offered; no kuikae, furiten, riichi, dora, own kans or
nine terminals; an open kan's tile from the wall), random playouts against an independent reading of
every listed action, the calls checked against RLCard's own judger where it is right, and a series."""

from __future__ import annotations

import numpy as np
import pytest

from mahjong_steps import BUF, PROBS, answer, chance, deltas, legal, names, options, play
from tui_games import catalog
from tui_games.core.series import Series
from tui_games.engine.header import CHANCE, PLAYER, SIMULTANEOUS, TERMINAL
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong import scoring as sc
from tui_games.games.mahjong.constants import (CHI, END_EXHAUSTIVE, END_RON, END_TSUMO, KAN, NINE_TERMINALS,
                                               PASS, PON, RIICHI, RON, TSUMO, action_name, read_type)
from tui_games.games.mahjong.match import MATCH
from tui_games.games.mahjong.shanten import shanten_search
from tui_games.games.mahjong.tiles import parse
from tui_games.series_replay import finished_deal

SPEC = catalog.get("mahjong")


def deal(hands, reading=R.SIMPLE_RULES, dealer=0):
    """A hand dealt with ``hands[seat]`` (13 tiles each, no red fives); the riichi reading turns ``6z``
    as its dora indicator."""
    s = R.new_hand(reading, dealer, 27, 0, 0, np.zeros(4, dtype=np.int64))
    for j in range(4):
        for t in parse(hands[(dealer + j) % 4]):
            chance(s, t // 4)
    if reading == R.RIICHI_RULES:
        chance(s, read_type("6z"))
    return s


def test_four_sets_and_a_pair_win_by_tsumo():
    s = deal(["123m456p789s1122z", "444m777m111p222s6z", "555m888m222p333p7z", "666m999m777p888p5z"])
    assert s[R.LIVE_LEFT] == 84 and s[R.DORA_N] == 0 and s[R.POOL + 34:R.POOL + 37].sum() == 0
    play(s, "draw 2z")
    assert names(s)[-1] == "tsumo" and not any(RIICHI <= a < TSUMO for a in legal(s))
    play(s, "tsumo")
    assert s[PLAYER] == TERMINAL and s[R.END] == END_TSUMO and deltas(s) == [1, -1, -1, -1]


def test_seven_pairs_do_not_win():
    hands = ["1133m1199s3344z2z", "444m777m111p222s6z", "555m888m222p333p7z", "666m999m777p888p5z"]
    s = deal(hands)
    play(s, "draw 2z")
    assert TSUMO not in legal(s)
    riichi = deal(hands, R.RIICHI_RULES)
    play(riichi, "draw 2z")
    assert TSUMO in legal(riichi)  # the same hand wins in riichi: seven pairs


RON_HANDS = ["19m19p19s556677z8m", "123m456m789m111z3z", "123s456s789s222p5z", "123p456p789p444z3z"]
"""Seats 1 and 3 wait on 3z alone (with a yaku in riichi: east as the round wind, north as seat 3's
wind), seat 2 on 5z."""


def test_ron_on_any_discard_and_the_first_in_turn_wins_alone():
    s = deal(RON_HANDS)
    play(s, "draw 3z", "discard 3z")
    assert options(s, 1) == ["ron", "pass"] and options(s, 3) == ["ron", "pass"] and options(s, 2) == ["pass"]
    answer(s, s1="ron", s3="ron")
    assert s[R.END] == END_RON and s[R.WINNERS] == 0b10 and deltas(s) == [-1, 1, -1, -1]
    s = deal(RON_HANDS)
    play(s, "draw 5z", "discard 5z")
    answer(s, s2="ron")  # across the table
    assert s[R.WINNERS] == 0b100 and s[R.WIN_FROM] == 0 and deltas(s) == [-1, -1, 1, -1]


def test_no_furiten():
    s = deal(RON_HANDS)
    play(s, "draw 3z", "discard 3z")
    answer(s)  # seats 1 and 3 let it go
    play(s, "draw 6s", "discard 3z")  # seat 1 throws its own wait; seat 3 may still ron it
    assert options(s, 3) == ["ron", "pass"]
    riichi = deal(RON_HANDS, R.RIICHI_RULES)
    play(riichi, "draw 3z", "discard 3z")
    answer(riichi)
    play(riichi, "draw 6s", "discard 3z")
    assert riichi[PLAYER] == CHANCE  # riichi: seat 3 passed its tile this turn, furiten


CHI_HANDS = ["123m45m78m9p19s567z", "222p333p444p555p6p", "666p777p888p999p2m", "111s222s333s444s3m"]
"""Seat 3 holds a 3m for seat 0, the seat after it, to chi."""


def test_chi_from_the_left_wraps_round_and_every_run_is_offered():
    s = deal(CHI_HANDS)
    play(s, "draw 2z", "discard 2z", "draw 3z", "discard 3z", "draw 4z", "discard 4z", "draw 6s", "discard 3m")
    assert options(s, 0) == ["chi 123m", "chi 234m", "chi 345m", "pass"]
    assert options(s, 1) == ["pass"] and options(s, 2) == ["pass"]
    answer(s, s0="chi 345m")
    assert "discard 3m" in names(s)  # no kuikae in the simple game
    meld = R.meld_at(0, 0)
    assert (s[meld + R.M_TYPE], s[meld + R.M_KIND], s[meld + R.M_FROM_SEAT]) == (sc.CHI, 2, 3)


KAN_HANDS = ["19m9p19s1234567z7s", "999p11z22z33z55z77z", "2222m3333m4444m5m", "6666m7777m8888m5m"]


def test_an_open_kan_draws_from_the_wall_and_no_kan_of_ones_own():
    s = deal(KAN_HANDS)
    play(s, "draw 6s")
    assert NINE_TERMINALS not in legal(s)
    riichi = deal(KAN_HANDS, R.RIICHI_RULES)
    play(riichi, "draw 6s")
    assert NINE_TERMINALS in legal(riichi)
    play(s, "discard 9p")
    assert options(s, 1) == ["pon", "kan 9p", "pass"]
    answer(s, s1="kan 9p")
    assert s[R.PHASE] == R.P_RINSHAN and s[R.LIVE_LEFT] == 82 and s[R.DORA_N] == 0
    play(s, "draw 4s", "discard 4s")
    assert s[R.PHASE] != R.P_FLIP and s[R.DORA_N] == 0 and s[R.PENDING_DORA] == 0
    play(s, "draw 1p")
    assert s[PLAYER] == 2 and all(a < RIICHI for a in legal(s))  # 2222m: no kan of its own


def test_the_wall_runs_out_and_nobody_scores():
    s = deal(["123m456p789s1122z", "444m777m111p222s6z", "555m888m222p333p7z", "666m999m777p888p5z"])
    rng = np.random.default_rng(4)
    draws = 0
    while s[PLAYER] != TERMINAL:
        if s[PLAYER] == SIMULTANEOUS:
            answer(s)
            continue
        n = R.chance_outcomes(s, BUF, PROBS)
        t = int(rng.choice(BUF[:n], p=PROBS[:n]))
        chance(s, t)
        draws += 1
        play(s, f"discard {action_name(t).split()[1]}")
    assert s[R.END] == END_EXHAUSTIVE and draws == 84 and deltas(s) == [0, 0, 0, 0]
    assert s[R.POOL:R.POOL + 37].sum() == 0


# ----- random playouts against an independent reading ----------------------------------------------
def regular(counts) -> bool:
    """Four sets and a pair (any number of sets for fewer tiles), found by plain recursion."""
    c = [int(x) for x in counts]

    def sets(i):
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            return True
        if c[i] >= 3:
            c[i] -= 3
            found = sets(i)
            c[i] += 3
            if found:
                return True
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            found = sets(i)
            for k in (i, i + 1, i + 2):
                c[k] += 1
            return found
        return False

    if sum(c) % 3 != 2:
        return False
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            found = sets(0)
            c[p] += 2
            if found:
                return True
    return False


def hand(s, seat):
    return s[R.HANDS + seat * 34:R.HANDS + seat * 34 + 34].copy()


def check_turn(s, acts):
    seat = s[PLAYER]
    h = hand(s, seat)
    assert [a for a in acts if a < RIICHI] == [k for k in range(34) if h[k] > 0]
    assert (TSUMO in acts) == (regular(h) and s[R.AFTER_CALL] == 0)
    assert all(a < RIICHI or a == TSUMO for a in acts)


def check_answers(s, seat, acts):
    d = s[R.DISCARDER]
    kind = int(s[R.LAST_DISCARD])
    h = hand(s, seat)
    assert acts[-1] == PASS
    if seat == d:
        assert acts == [PASS]
        return
    with_tile = h.copy()
    with_tile[kind] += 1
    assert (RON in acts) == regular(with_tile)
    live = s[R.LIVE_LEFT] > 0
    assert (PON in acts) == (live and h[kind] >= 2)
    assert (KAN + kind in acts) == (live and h[kind] >= 3)
    chis = sorted(a for a in acts if CHI <= a < PON)
    expected = []
    if live and seat == (d + 1) % 4 and kind < 27:
        for low in range(max(kind - 2, kind // 9 * 9), min(kind, kind // 9 * 9 + 6) + 1):
            if all(h[k] > 0 for k in range(low, low + 3) if k != kind):
                expected.append(CHI + kind // 9 * 7 + low % 9)
    assert chis == expected


def check_tiles(s):
    kinds = s[R.POOL:R.POOL + 34].copy()
    assert s[R.POOL + 34:R.POOL + 37].sum() == 0 and s[R.REDS:R.REDS + 12].sum() == 0
    for seat in range(4):
        kinds += hand(s, seat)
        for m in range(s[R.MELD_N + seat]):
            base = R.meld_at(seat, m)
            kind_type, kind = s[base + R.M_TYPE], s[base + R.M_KIND]
            if kind_type == sc.CHI:
                kinds[kind:kind + 3] += 1
            else:
                kinds[kind] += 3 if kind_type == sc.PON else 4
        for j in range(s[R.DISCARD_N + seat]):
            code = s[R.DISCARDS + seat * R.MAX_DISCARDS + j]
            if not code & R.D_CALLED:
                kinds[code & 63] += 1
    assert (kinds == 4).all()
    assert s[R.LIVE_LEFT] == s[R.POOL:R.POOL + 34].sum() or s[R.PHASE] in (R.P_DEAL, R.P_RINSHAN)


def playout(seed, positions=None):
    """A random simple hand (wins taken when offered); every action checked; the call windows kept in
    ``positions`` as (state, seat of the discarder)."""
    rng = np.random.default_rng(seed)
    s = R.new_hand(R.SIMPLE_RULES, int(rng.integers(4)), 27, 0, 0, np.zeros(4, dtype=np.int64))
    while s[PLAYER] != TERMINAL:
        if s[PLAYER] == CHANCE:
            n = R.chance_outcomes(s, BUF, PROBS)
            R.apply_action(s, int(rng.choice(BUF[:n], p=PROBS[:n])))
        elif s[PLAYER] == SIMULTANEOUS:
            if positions is not None:
                positions.append(s.copy())
            joint = np.empty(4, dtype=np.int64)
            for seat in range(4):
                n = R.legal_for(s, seat, BUF)
                acts = [int(a) for a in BUF[:n]]
                check_answers(s, seat, acts)
                calls = [a for a in acts if a != PASS]
                joint[seat] = RON if RON in acts else (int(rng.choice(calls)) if calls and rng.random() < 0.4
                                                       else PASS)
            R.apply_joint(s, joint)
        else:
            acts = legal(s)
            check_turn(s, acts)
            R.apply_action(s, TSUMO if TSUMO in acts else greedy(s, acts, rng))
        check_tiles(s)
    return s


def greedy(s, acts, rng):
    """A discard keeping the least shanten (one in ten at random)."""
    if rng.random() < 0.1:
        return int(rng.choice(acts))
    h = hand(s, s[PLAYER])

    def after(a):
        h[a] -= 1
        value = shanten_search(h) + rng.random()
        h[a] += 1
        return value
    return min(acts, key=after)


def test_random_playouts_follow_the_simple_rules():
    ends = {}
    for seed in range(120):
        s = playout(seed)
        ends[int(s[R.END])] = ends.get(int(s[R.END]), 0) + 1
        r = deltas(s)
        assert r == [0, 0, 0, 0] if s[R.END] == END_EXHAUSTIVE else sorted(r) == [-1, -1, -1, 1]
        assert s[R.DORA_N] == 0 and s[R.RIICHI_STICKS] == 0 and s[R.IN_RIICHI:R.IN_RIICHI + 4].sum() == 0
    assert set(ends) == {END_TSUMO, END_RON, END_EXHAUSTIVE}, ends


# ----- RLCard's judger ------------------------------------------------------------------------------
def rlcard_card(kind):
    """RLCard's card for one of our kinds (its suits' index_num is the number less one)."""
    from rlcard.games.mahjong.card import MahjongCard
    if kind < 27:
        suit = ("characters", "dots", "bamboo")[kind // 9]
        card = MahjongCard(suit, str(kind % 9 + 1))
        card.set_index_num(kind % 9)
    elif kind < 31:
        card = MahjongCard("winds", ("east", "south", "west", "north")[kind - 27])
    else:
        card = MahjongCard("dragons", ("white", "green", "red")[kind - 31])
    return card


def rlcard_table(s):
    """RLCard's players and dealer holding our hands and the last discard."""
    from rlcard.games.mahjong.dealer import MahjongDealer
    from rlcard.games.mahjong.player import MahjongPlayer
    players = []
    for seat in range(4):
        player = MahjongPlayer(seat, np.random.RandomState(0))
        player.hand = [rlcard_card(k) for k in range(34) for _ in range(int(s[R.HANDS + seat * 34 + k]))]
        players.append(player)
    dealer = MahjongDealer(np.random.RandomState(0))
    dealer.table = [rlcard_card(int(s[R.LAST_DISCARD]))]
    return dealer, players


def test_calls_agree_with_rlcards_judger_where_it_is_right():
    pytest.importorskip("rlcard")
    from rlcard.games.mahjong.judger import MahjongJudger
    judger = MahjongJudger(np.random.RandomState(0))
    positions = []
    for seed in range(40):
        playout(seed, positions)
    checked = {"pong": 0, "gong": 0, "chow": 0}
    for s in positions:
        if s[R.LIVE_LEFT] == 0:
            continue  # RLCard's hand is over once the wall is empty: it has no last discard
        d = int(s[R.DISCARDER])
        kind = int(s[R.LAST_DISCARD])
        dealer, players = rlcard_table(s)
        found, who, _ = judger.judge_pong_gong(dealer, players, d)
        for seat in range(4):
            mine = options(s, seat)
            offered = found and who.player_id == seat
            assert ("pon" in mine) == offered
            assert (action_name(KAN + kind) in mine) == (offered and found == "gong")
        checked[found or "pong"] += bool(found)
        # RLCard's chow: right for a discarder other than seat 3 (it never lets seat 0 chow seat 3's
        # tile) and a tile above the 2 (for a 2 it looks at the suit's 9 and 1); it offers one run only
        nxt = (d + 1) % 4
        if d != 3 and kind < 27 and kind % 9 != 1:
            found, who, cards = judger.judge_chow(dealer, players, d)
            low = kind if kind % 9 == 0 else kind - 2
            mine = options(s, nxt)
            assert bool(found) == (action_name(CHI + kind // 9 * 7 + low % 9) in mine)
            checked["chow"] += bool(found)
    assert min(checked.values()) >= 3, checked


# ----- a series of simple hands ---------------------------------------------------------------------
def test_an_east_series_plays_four_hands_and_adds_them_up():
    params = SPEC.resolve_params({"rules": "simple", "length": "east"})
    series = Series(MATCH, 4, seed=3, params=params)
    assert series.target.value == 4
    totals = [0, 0, 0, 0]
    for number in range(4):
        seed, setup = series.next_setup()
        assert setup["dealer"] == number and setup["rules"] == "simple"
        state = SPEC.new(seed=seed, **setup)
        assert state.reading == "simple" and state.dealer == number and state.scores == [0, 0, 0, 0]
        rng = np.random.default_rng(number)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
            elif state.current_player == SIMULTANEOUS:
                state.apply_joint([RON if RON in state.legal_actions(seat) else PASS for seat in range(4)])
            else:
                acts = state.legal_actions()
                state.apply(TSUMO if TSUMO in acts else int(rng.choice([a for a in acts if a < RIICHI])))
        totals = [t + r for t, r in zip(totals, state.returns())]
        series.add(finished_deal(SPEC, state))
    assert series.over and series.standing.scores == tuple(float(t) for t in totals)
    assert series.outcome().places == MATCH.places(series.standing)
    assert MATCH.places(MATCH.start(4, params)) == (1, 1, 1, 1)  # equal totals share a place

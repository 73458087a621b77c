"""Riichi rules of one hand (tui_games/games/mahjong/rules.py): scripted hands with their payments, and
random playouts against the invariants (every tile accounted for, points zero-sum but for the riichi
sticks, every listed action checked against an independent reading of the hand)."""

import numpy as np
import pytest

from mahjong_steps import BUF, PROBS, answer, chance, deltas, legal, options, play
from tui_games.engine.header import CHANCE, PLAYER, SIMULTANEOUS, TERMINAL
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong import scoring as sc
from tui_games.games.mahjong import yaku as yk
from tui_games.games.mahjong.constants import (
    CHI, DISCARD, END_EXHAUSTIVE, END_FOUR_RIICHI, END_FOUR_WINDS, END_NAGASHI, END_NINE_TERMINALS, END_RON,
    END_TRIPLE_RON, END_TSUMO, KAN, MAX_ACTIONS, NINE_TERMINALS, PASS, PON, RIICHI, RON, TSUMO, action_name,
    parse_action, read_type, type_kind)
from tui_games.games.mahjong.shanten import shanten_search
from tui_games.games.mahjong.tiles import RED_FIVES, parse
from tui_games.games.mahjong.winning import is_complete, waits



def types_of(text):
    """The tile types of a hand in the notation."""
    return [34 + RED_FIVES.index(t) if t in RED_FIVES else t // 4 for t in parse(text)]


def deal(hands, dora="6z", dealer=0, honba=0, sticks=0, scores=(25000,) * 4):
    """A hand dealt with ``hands[seat]`` (13 tiles each) and the first dora indicator."""
    s = R.initial_state(dealer, 27, honba, sticks, np.array(scores, dtype=np.int64))
    for j in range(4):
        tiles = types_of(hands[(dealer + j) % 4])
        assert len(tiles) == 13
        for t in tiles:
            chance(s, t)
    chance(s, read_type(dora))
    return s


def yaku_of(s, seat):
    return set(yk.yaku_list(int(s[R.YAKU + seat])))


OTHERS = ("444m777m111p222s6z", "555m888m222p333p7z", "666m999m777p888p5z")


def test_dealer_tsumo_pays_700_all():
    s = deal(["123m456p789s1122z", *OTHERS])
    play(s, "draw 3z", "discard 3z", "draw 3z", "discard 3z", "draw 3z", "discard 3z", "draw 4z", "discard 4z",
         "draw 2z")
    assert TSUMO in legal(s)
    play(s, "tsumo")
    assert s[PLAYER] == TERMINAL and s[R.END] == END_TSUMO and s[R.RENCHAN] == 1
    assert (s[R.HAN], s[R.FU]) == (1, 40) and yaku_of(s, 0) == {yk.MENZEN_TSUMO}
    assert deltas(s) == [2100, -700, -700, -700]


def test_ron_refused_when_furiten_and_paid_by_the_discarder():
    hands = ["19m19p19s1234z28m8p", "234m567p345s66s45m", "268m268p268s6777z", "12m456p789p555z77s"]
    s = deal(hands)
    play(s, "draw 1z", "discard 1z", "draw 6m")
    assert TSUMO in legal(s)  # complete, but it lets the tsumo go and discards its wait
    play(s, "discard 6m", "draw 3m", "discard 3m")
    assert s[PLAYER] == SIMULTANEOUS
    assert options(s, 1) == ["pass"]  # 3m completes seat 1 too, but 6m lies in its discards
    assert options(s, 3) == ["chi 123m", "ron", "pass"]
    answer(s, s3="ron")
    assert s[R.END] == END_RON and yaku_of(s, 3) == {yk.HAKU} and (s[R.HAN + 3], s[R.FU + 3]) == (1, 40)
    assert deltas(s) == [0, 0, -1300, 1300]


def test_passing_a_ron_is_furiten_until_the_next_discard():
    hands = ["19m19p19s1234z28m8p", "268m268p268s6777z", "379m379p379s3455z", "234m567p345s66s45m"]
    s = deal(hands)
    play(s, "draw 3m", "discard 3m")
    assert options(s, 3) == ["ron", "pass"]
    play(s, "draw 6m")  # everyone passed: seat 3 let its winning tile go
    assert s[R.FURITEN_TURN + 3] == 1
    play(s, "discard 6m")
    assert s[PLAYER] == CHANCE  # no window: seat 3 may not ron before its own next discard
    play(s, "draw 1z", "discard 1z", "draw 2z", "discard 2z", "draw 6m", "discard 6m")
    assert options(s, 3) == ["ron", "pass"]


def test_riichi_then_ippatsu_tsumo():
    s = deal(["123m456p789s1123s", *OTHERS], dora="6z")
    play(s, "draw 5z", "discard 5z")
    play(s, "draw 3z", "discard 3z", "draw 3z", "discard 3z", "draw 3z", "discard 3z", "draw 6z")
    assert parse_action("riichi 6z") in legal(s) and parse_action("riichi 1z") not in legal(s)
    play(s, "riichi 6z")
    play(s, "draw 4z", "discard 4z")
    assert s[R.RIICHI_STICKS] == 1 and s[R.SCORES] == 24000 and s[R.IPPATSU] == 1 and s[R.IN_RIICHI] == 1
    play(s, "draw 4z", "discard 4z", "draw 4z", "discard 4z", "draw 4s")
    assert legal(s) == [DISCARD + read_type("4s"), TSUMO]  # in riichi: the tile drawn, or the win
    play(s, "tsumo")
    assert s[PLAYER] == CHANCE and s[R.PHASE] == R.P_URA
    chance(s, read_type("7z"))
    assert yaku_of(s, 0) == {yk.MENZEN_TSUMO, yk.RIICHI, yk.IPPATSU, yk.PINFU} and (s[R.HAN], s[R.FU]) == (4, 20)
    assert deltas(s) == [7800, -2600, -2600, -2600] and s[R.RIICHI_STICKS] == 0


def test_a_riichi_seat_that_lets_its_tile_pass_is_furiten_for_good():
    s = deal(["123m456p789s1123s", *OTHERS])
    play(s, "draw 5z", "discard 5z", "draw 3z", "discard 3z", "draw 3z", "discard 3z", "draw 3z", "discard 3z",
         "draw 6z", "riichi 6z", "draw 4s", "discard 4s")
    assert options(s, 0) == ["ron", "pass"]
    answer(s)
    assert s[R.FURITEN_RIICHI] == 1
    play(s, "draw 4z", "discard 4z", "draw 4z", "discard 4z", "draw 9m", "discard 9m", "draw 1s", "discard 1s")
    assert s[PLAYER] == CHANCE  # no window: seat 0 may not ron any more


def test_a_call_breaks_ippatsu():
    s = deal(["123m456p789s1123s", "444m777m111p22s6z8p", "555m888m222p333p7z", "666m999m777p88p55z"], dora="6z")
    play(s, "draw 5z", "riichi 5z")  # double riichi on the first discard
    assert s[R.IN_RIICHI] == 2
    play(s, "draw 9p", "discard 9p", "draw 8p")
    play(s, "discard 8p")
    answer(s, s3="pon")
    assert s[R.IPPATSU] == 0
    play(s, "discard 6m", "draw 4s", "tsumo", "draw 7z")
    assert yk.IPPATSU not in yaku_of(s, 0) and yk.DOUBLE_RIICHI in yaku_of(s, 0)


def test_pon_then_kuikae_refused():
    hands = ["19m19p19s1234z28m8p", "234m567s345s66s45m", "555p268m268s5677z", "12m678p789p111z77s"]
    s = deal(hands)
    play(s, "draw 2z", "discard 2z", "draw 0p", "discard 0p")
    assert options(s, 2) == ["pon", "kan 5p", "pass"]
    answer(s, s2="pon")
    assert s[PLAYER] == 2 and s[R.MELD_N + 2] == 1
    meld = R.meld_at(2, 0)
    assert (s[meld + R.M_TYPE], s[meld + R.M_KIND], s[meld + R.M_FROM_SEAT], s[meld + R.M_REDS]) == (sc.PON, 13, 1, 1)
    names = [action_name(a) for a in legal(s)]
    assert "discard 5p" not in names and "discard 2m" in names and all(n.startswith("discard") for n in names)
    assert s[R.DISCARDS + 1 * R.MAX_DISCARDS] & R.D_CALLED


def test_chi_only_from_the_left_and_its_kuikae():
    hands = ["12m59p159s1234z99m", "111p999p111s999s6z", "45m6m78m268p268s57z", "24m58p3678s12345z"]
    s = deal(hands)
    play(s, "draw 3z", "discard 3z", "draw 3m", "discard 3m")
    assert options(s, 2) == ["chi 345m", "pass"]
    assert options(s, 3) == ["pass"] and options(s, 0) == ["pass"]
    answer(s, s2="chi 345m")
    names = [action_name(a) for a in legal(s)]
    assert "discard 3m" not in names and "discard 6m" not in names and "discard 7m" in names
    meld = R.meld_at(2, 0)
    assert (s[meld + R.M_TYPE], s[meld + R.M_KIND], s[meld + R.M_CALLED]) == (sc.CHI, 2, 2)


def test_closed_kan_turns_a_dora_at_once_and_draws_from_the_dead_wall():
    s = deal(["1111m234p567s99s7m", *OTHERS], dora="5z")
    play(s, "draw 8m")
    assert parse_action("kan 1m") in legal(s)
    play(s, "kan 1m")
    assert s[PLAYER] == CHANCE and s[R.PHASE] == R.P_FLIP
    play(s, "draw 6z")
    assert s[R.DORA_N] == 2 and s[R.PHASE] == R.P_RINSHAN and s[R.LIVE_LEFT] == 68
    play(s, "draw 6m")
    assert s[R.RINSHAN] == 1
    play(s, "tsumo")
    assert yaku_of(s, 0) == {yk.MENZEN_TSUMO, yk.RINSHAN} and (s[R.HAN], s[R.FU]) == (2, 60)
    assert deltas(s) == [6000, -2000, -2000, -2000]


def test_open_kan_turns_its_dora_after_the_discard():
    hands = ["19m19p19s1234z37m7p", "2349m567p345s66s4z", "888m268p268s5677z", "12m456p789p111z77s"]
    s = deal(hands)
    play(s, "draw 3z", "discard 3z", "draw 8m", "discard 8m")
    answer(s, s2="kan 8m")
    play(s, "draw 9s")
    assert s[R.DORA_N] == 1 and s[R.PENDING_DORA] == 1
    play(s, "discard 9s")
    assert s[R.PHASE] == R.P_FLIP
    play(s, "draw 6z")
    assert s[R.DORA_N] == 2 and s[R.PENDING_DORA] == 0


def test_chankan_robs_an_added_kan():
    hands = ["19m19p19s1234z28m0s", "55s2349m567p33p4z6z", "268m268p28s35677z", "46s123m456m789p11p"]
    s = deal(hands)
    play(s, "draw 3z", "discard 0s")
    answer(s, s1="pon")
    play(s, "discard 6z")
    for seat_draw in ("2z", "2z", "2z"):
        play(s, f"draw {seat_draw}", f"discard {seat_draw}")
    play(s, "draw 5s", "kan 5s")
    assert s[PLAYER] == SIMULTANEOUS and s[R.PHASE] == R.P_CHANKAN
    assert options(s, 3) == ["ron", "pass"]
    answer(s, s3="ron")
    assert s[R.END] == END_RON and yaku_of(s, 3) == {yk.CHANKAN} and (s[R.HAN + 3], s[R.FU + 3]) == (1, 40)
    assert deltas(s) == [0, -1300, 0, 1300]


def test_double_ron_honba_and_sticks_to_the_first_in_turn():
    hands = ["19m19p19s1234z28m6m", "234m567p345s66s45m", "268m268p28s35677z", "234p678p678s88s45m"]
    s = deal(hands, honba=2, sticks=1)
    play(s, "draw 1s", "discard 6m")
    answer(s, s1="ron", s3="ron")
    assert s[R.END] == END_RON and s[R.WINNERS] == 0b1010
    for seat in (1, 3):
        assert yaku_of(s, seat) == {yk.PINFU, yk.TANYAO} and (s[R.HAN + seat], s[R.FU + seat]) == (2, 30)
    assert deltas(s) == [-4600, 3600, 0, 2000] and s[R.RIICHI_STICKS] == 0


def test_double_ron_honba_and_sticks_go_by_turn_order_not_seat_number():
    base = ["19m19p19s1234z28m6m", "234m567p345s66s45m", "268m268p28s35677z", "234p678p678s88s45m"]
    hands = [base[(seat + 2) % 4] for seat in range(4)]  # seat 2 deals and deals in; seats 3 and 1 ron
    s = deal(hands, dealer=2, honba=2, sticks=1)
    play(s, "draw 1s", "discard 6m")
    answer(s, s1="ron", s3="ron")
    assert s[R.WINNERS] == 0b1010 and s[R.WINNER] == 3  # seat 3 comes first after seat 2
    assert deltas(s) == [0, 2000, -4600, 3600] and s[R.RIICHI_STICKS] == 0


DAISANGEN = ["19m19p19s1234z5z8m8p", "11m45p899s556677z", "2368m268p268s346z", "3479m379p379s347z"]
"""Seat 1 pons haku from seat 0, hatsu from seat 2, then chun from seat 3 (liable), waiting on 3p-6p."""
THREE_DRAGONS = ("draw 1z", "discard 5z", "s1=pon", "discard 8s", "draw 2z", "discard 6z", "s1=pon", "discard 9s",
                 "draw 2z", "discard 2z", "draw 1z", "discard 7z", "s1=pon", "discard 9s")


def play_calls(s, steps):
    """:func:`play`, with ``"s1=pon"`` for a seat's answer."""
    for step in steps:
        if "=" in step:
            seat, text = step.split("=")
            answer(s, **{seat: text})
        else:
            play(s, step)


@pytest.mark.parametrize("ending, honba, expected", [
    (("draw 1z", "discard 1z", "draw 5s", "discard 5s", "draw 5s", "discard 5s", "draw 3p", "tsumo"), 1,
     [0, 32300, 0, -32300]),  # tsumo: the liable seat pays it all, honba too
    (("draw 1z", "discard 1z", "draw 5s", "discard 5s", "draw 3p", "discard 3p", "s1=ron"), 1,
     [-16000, 32300, 0, -16300]),  # ron on seat 0: half each, the liable seat the honba
    (("draw 1z", "discard 1z", "draw 6p", "discard 6p", "s1=ron"), 0,
     [0, 32000, 0, -32000]),  # ron on the liable seat itself
])
def test_pao_for_daisangen(ending, honba, expected):
    s = deal(DAISANGEN, dora="2s", honba=honba)
    play_calls(s, THREE_DRAGONS[:7])
    assert s[R.PAO + 1] == -1  # two dragon sets: nobody liable yet
    play_calls(s, THREE_DRAGONS[7:])
    assert s[R.PAO + 1] == 3
    play_calls(s, ending)
    assert yaku_of(s, 1) == {yk.DAISANGEN} and s[R.YAKUMAN + 1] == 1
    assert deltas(s) == expected


def test_pao_for_daisuushii():
    hands = ["1689m1789p19s145z", "11m45p9s11223344z", "2368m2368p268s26z", "3479m3479p379s37z"]
    s = deal(hands, dora="2s")
    play_calls(s, ("draw 7z", "discard 1z", "s1=pon", "discard 9s", "draw 7z", "discard 2z", "s1=pon",
                   "discard 4p", "draw 5z", "discard 5z", "draw 5z", "discard 3z", "s1=pon", "discard 5p",
                   "draw 6z", "discard 6z", "draw 6z", "discard 6z", "draw 5s"))
    assert s[R.PAO + 1] == -1
    play_calls(s, ("discard 4z", "s1=pon", "discard 1m"))
    assert s[R.PAO + 1] == 0  # the fourth wind came from seat 0
    play_calls(s, ("draw 5s", "discard 5s", "draw 7s", "discard 7s", "draw 7s", "discard 7s", "draw 1m", "tsumo"))
    assert yk.DAISUUSHII in yaku_of(s, 1) and deltas(s) == [-32000, 32000, 0, 0]


def test_no_pao_when_the_last_dragon_set_is_a_closed_kan():
    hands = ["19m19p19s1234z5z8m8p", "11m45p89s55z66z777z", "2368m268p268s346z", "3479m3789p379s34z"]
    s = deal(hands, dora="2s")
    play_calls(s, ("draw 1z", "discard 5z", "s1=pon", "discard 8s", "draw 2z", "discard 6z", "s1=pon",
                   "discard 9s", "draw 2z", "discard 2z", "draw 1z", "discard 1z", "draw 3s", "discard 3s",
                   "draw 7z", "kan 7z", "draw 5s", "draw 3p", "tsumo"))
    assert s[R.PAO + 1] == -1 and yk.DAISANGEN in yaku_of(s, 1)
    assert deltas(s) == [-16000, 32000, -8000, -8000]  # paid as any yakuman tsumo


def test_thirteen_orphans_may_not_rob_a_closed_kan():
    """Tenhou: no ron on a closed kan, not even for thirteen orphans (Mahjong Soul allows it)."""
    hands = ["111m234p567s99s78m", "99m19p19s1234567z", "444m777m111p222s6z", "555m888m222p333p7z"]
    s = deal(hands)
    play(s, "draw 1m")
    assert KAN in legal(s)
    play(s, "kan 1m")
    assert s[PLAYER] == CHANCE and s[R.PHASE] == R.P_FLIP  # no window: seat 1's 1m wait goes by
    play(s, "draw 3z", "draw 4m", "discard 4m")
    assert s[R.FURITEN_TURN + 1] == 0  # the kan's tile was never offered


def test_triple_ron_aborts():
    hands = ["19m19p19s1234z28m6m", "234m567p345s66s45m", "234s678p678s88p45m", "234p678p678s88s45m"]
    s = deal(hands)
    play(s, "draw 1s", "discard 6m")
    answer(s, s1="ron", s2="ron", s3="ron")
    assert s[R.END] == END_TRIPLE_RON and deltas(s) == [0, 0, 0, 0]


TENPAI = ("123m456p789s1122z", "234m567p345s66s45m", "345m678p789s33p78s")
NOTEN = ("19m19p19s1234z28m8p", "268m268p268s6777z", "379m379p379s3455z")


@pytest.mark.parametrize("tenpai, expected", [
    (1, [3000, -1000, -1000, -1000]), (2, [1500, 1500, -1500, -1500]), (3, [1000, 1000, 1000, -3000])])
def test_exhaustive_draw_tenpai_payments(tenpai, expected):
    hands = list(TENPAI[:tenpai]) + list(NOTEN[:4 - tenpai])
    s = deal(hands)
    rng = np.random.default_rng(tenpai)
    while s[PLAYER] != TERMINAL:
        if s[PLAYER] == SIMULTANEOUS:
            answer(s)
            continue
        n = R.chance_outcomes(s, BUF, PROBS)
        t = int(rng.choice(BUF[:n], p=PROBS[:n]))
        chance(s, t)
        play(s, f"discard {action_name(t).split()[1]}")
    assert s[R.END] == END_EXHAUSTIVE and s[R.LIVE_LEFT] == 0
    assert s[R.TENPAI] == (1 << tenpai) - 1 and s[R.RENCHAN] == 1
    assert deltas(s) == expected


def test_nagashi_mangan_survives_the_seats_own_call():
    """Tenhou: none of the seat's discards called; its own calls are allowed."""
    hands = ["9p234m567m234s567s", "99p19m19s1234567z", "234p567p345m678s8m", "345p678p678m234s2m"]
    s = deal(hands)
    play(s, "draw 8s", "discard 9p")
    answer(s, s1="pon")
    play(s, "discard 1m")
    outer = [t for t in range(34) if t >= 27 or t % 9 in (0, 8)]
    while s[PLAYER] != TERMINAL:
        if s[PLAYER] == SIMULTANEOUS:
            answer(s)
            continue
        n = R.chance_outcomes(s, BUF, PROBS)
        pool = [int(t) for t in BUF[:n]]
        wanted = [t for t in pool if (t in outer) == (s[R.TURN] == 1) and t < 34]
        t = (wanted or pool)[0]
        chance(s, t)
        play(s, f"discard {action_name(t).split()[1]}")
    assert s[R.END] == END_NAGASHI and s[R.NAGASHI + 1] == 1
    assert deltas(s) == [-4000, 8000, -2000, -2000] and s[R.RENCHAN] == (s[R.TENPAI] & 1)


def test_nine_terminals_on_the_first_turn_only():
    s = deal(["19m19p19s123z2346m", *OTHERS])
    play(s, "draw 5p")
    assert NINE_TERMINALS in legal(s)
    play(s, "discard 5p", "draw 4z", "discard 4z", "draw 4z", "discard 4z", "draw 4z", "discard 4z", "draw 3z")
    assert NINE_TERMINALS not in legal(s)
    s2 = deal(["19m19p19s123z2346m", *OTHERS])
    play(s2, "draw 5p", "draw nine terminals")
    assert s2[R.END] == END_NINE_TERMINALS and deltas(s2) == [0, 0, 0, 0]


def test_four_winds_abort():
    s = deal(["123m456p789s1122s", "444m777m111p333s8s", "555m888m222p333p7z", "666m999m777p888p5z"])
    play(s, "draw 4z", "discard 4z", "draw 4z", "discard 4z", "draw 4z", "discard 4z", "draw 4z", "discard 4z")
    assert s[PLAYER] == TERMINAL and s[R.END] == END_FOUR_WINDS and s[R.RENCHAN] == 1


def test_four_riichi_abort_keeps_the_sticks():
    hands = ["123m456p789s1123s", "234m567p345s66s45m", "345m678p789s33p78s", "123p456p789p11z22z"]
    s = deal(hands)
    play(s, "draw 5z", "riichi 5z", "draw 5z", "riichi 5z", "draw 5z", "riichi 5z", "draw 6z", "riichi 6z")
    assert s[PLAYER] == TERMINAL and s[R.END] == END_FOUR_RIICHI and s[R.RIICHI_STICKS] == 4
    assert deltas(s) == [-1000] * 4


# ----- random playouts -----------------------------------------------------------------------------
def meld_tiles(s, seat):
    """Kinds (with counts) and red fives of the seat's melds."""
    kinds = np.zeros(34, dtype=np.int64)
    reds = np.zeros(3, dtype=np.int64)
    for m in range(s[R.MELD_N + seat]):
        base = R.meld_at(seat, m)
        kind_type, kind = s[base + R.M_TYPE], s[base + R.M_KIND]
        if kind_type == sc.CHI:
            kinds[kind:kind + 3] += 1
        else:
            kinds[kind] += 3 if kind_type == sc.PON else 4
        if s[base + R.M_REDS]:
            reds[kind // 9] += s[base + R.M_REDS]
    return kinds, reds


def check_accounting(s, sticks_before):
    kinds = np.zeros(34, dtype=np.int64)
    reds = np.zeros(3, dtype=np.int64)

    def put(t):
        kinds[type_kind(t)] += 1
        if t >= 34:
            reds[t - 34] += 1
    for t in range(37):
        for _ in range(s[R.POOL + t]):
            put(t)
    for j in range(s[R.DORA_N]):
        put(s[R.DORA + j])
    for j in range(s[R.URA_N]):
        put(s[R.URA + j])
    for seat in range(4):
        hand = s[R.HANDS + seat * 34:R.HANDS + seat * 34 + 34]
        assert hand.min() >= 0 and hand.sum() == s[R.HAND_SIZE + seat]
        kinds += hand
        reds += s[R.REDS + seat * 3:R.REDS + seat * 3 + 3]
        mk, mr = meld_tiles(s, seat)
        kinds += mk
        reds += mr
        for j in range(s[R.DISCARD_N + seat]):
            code = s[R.DISCARDS + seat * R.MAX_DISCARDS + j]
            if not code & R.D_CALLED:
                put(code & 63)
        melds = s[R.MELD_N + seat]
        size = s[R.HAND_SIZE + seat]
        assert s[R.PHASE] == R.P_DEAL or size == 13 - 3 * melds + (1 if size % 3 == 2 else 0)
    assert (kinds == 4).all(), kinds
    assert (reds == 1).all(), reds
    total = sum(deltas(s))
    assert total == 1000 * (sticks_before - s[R.RIICHI_STICKS])


def check_turn_actions(s, acts):
    seat = s[PLAYER]
    hand = s[R.HANDS + seat * 34:R.HANDS + seat * 34 + 34].copy()
    assert len(set(acts)) == len(acts) and all(0 <= a < MAX_ACTIONS for a in acts)
    assert any(a < RIICHI for a in acts), "a turn always has a discard"
    closed = all(s[R.meld_at(seat, m) + R.M_TYPE] == sc.CLOSED_KAN for m in range(s[R.MELD_N + seat]))
    for a in acts:
        if a < CHI:
            t = a % 37
            k = type_kind(t)
            assert hand[k] > 0 and (t < 34 or s[R.REDS + seat * 3 + t - 34] == 1)
            if a >= RIICHI:
                assert closed and s[R.SCORES + seat] >= 1000 and s[R.LIVE_LEFT] >= 4 and s[R.IN_RIICHI + seat] == 0
                after = hand.copy()
                after[k] -= 1
                assert shanten_search(after) == 0
        elif KAN <= a < TSUMO:
            k = a - KAN
            assert hand[k] == 4 or (hand[k] >= 1 and any(
                s[R.meld_at(seat, m) + R.M_TYPE] == sc.PON and s[R.meld_at(seat, m) + R.M_KIND] == k
                for m in range(s[R.MELD_N + seat])))
            assert s[R.KANS] < 4 and s[R.LIVE_LEFT] > 0
        elif a == TSUMO:
            assert is_complete(hand)
        elif a == NINE_TERMINALS:
            assert s[R.DISCARD_N + seat] == 0 and s[R.CALLS_MADE] == 0
        else:
            raise AssertionError(f"{action_name(a)} on a turn")


def check_answers(s, seat, acts):
    d = s[R.DISCARDER]
    assert acts[-1] == PASS
    if s[R.PHASE] == R.P_CHANKAN:
        tile_kind = s[R.PENDING_KAN]
    else:
        tile_kind = type_kind(s[R.LAST_DISCARD])
    hand = s[R.HANDS + seat * 34:R.HANDS + seat * 34 + 34].copy()
    for a in acts[:-1]:
        assert seat != (d if s[R.PHASE] == R.P_CALLS else s[R.TURN])
        if a == RON:
            with_tile = hand.copy()
            with_tile[tile_kind] += 1
            assert is_complete(with_tile)
            out = np.empty(34, dtype=np.int64)
            wait_kinds = set(out[:waits(hand, out)].tolist())
            assert not any(s[R.DISCARDED_KINDS + seat] >> k & 1 for k in wait_kinds), "ron while furiten"
        else:
            assert s[R.PHASE] == R.P_CALLS and s[R.IN_RIICHI + seat] == 0 and s[R.LIVE_LEFT] > 0
            if a == PON:
                assert hand[tile_kind] >= 2
            elif a >= KAN:
                assert hand[tile_kind] >= 3 and a - KAN == tile_kind
            else:
                assert seat == (d + 1) % 4
                low = (a - CHI) // 7 * 9 + (a - CHI) % 7
                assert low <= tile_kind <= low + 2
                assert all(hand[k] > 0 for k in range(low, low + 3) if k != tile_kind)


def greedy_discard(s, seat, acts, rng):
    hand = s[R.HANDS + seat * 34:R.HANDS + seat * 34 + 34].copy()
    best, choice = 99, acts[0]
    for a in acts:
        if a < RIICHI:
            hand[type_kind(a)] -= 1
            value = shanten_search(hand) + rng.random()
            hand[type_kind(a)] += 1
            if value < best:
                best, choice = value, a
    return choice


def playout(seed, check_every_action):
    rng = np.random.default_rng(seed)
    sticks = int(rng.integers(0, 3))
    scores = rng.integers(0, 60, size=4) * 1000
    s = R.initial_state(int(rng.integers(4)), 27 + int(rng.integers(2)), int(rng.integers(3)), sticks, scores)
    seen = set()
    while s[PLAYER] != TERMINAL:
        if s[PLAYER] == CHANCE:
            n = R.chance_outcomes(s, BUF, PROBS)
            assert abs(PROBS[:n].sum() - 1) < 1e-9 and n > 0
            R.apply_action(s, int(rng.choice(BUF[:n], p=PROBS[:n])))
        elif s[PLAYER] == SIMULTANEOUS:
            joint = np.empty(4, dtype=np.int64)
            for seat in range(4):
                n = R.legal_for(s, seat, BUF)
                acts = [int(a) for a in BUF[:n]]
                if check_every_action:
                    check_answers(s, seat, acts)
                calls = [a for a in acts if a != PASS]
                joint[seat] = RON if RON in acts else (
                    int(rng.choice(calls)) if calls and rng.random() < 0.35 else PASS)
                seen.update(action_name(a).split()[0] for a in calls)
            R.apply_joint(s, joint)
        else:
            acts = legal(s)
            seat = s[PLAYER]
            if check_every_action:
                check_turn_actions(s, acts)
            seen.update(action_name(a).split()[0] for a in acts)
            riichi = [a for a in acts if RIICHI <= a < CHI]
            kans = [a for a in acts if KAN <= a < TSUMO]
            if TSUMO in acts:
                a = TSUMO
            elif riichi and rng.random() < 0.8:
                a = int(rng.choice(riichi))
            elif kans and rng.random() < 0.5:
                a = int(rng.choice(kans))
            elif rng.random() < 0.85:
                a = greedy_discard(s, seat, acts, rng)
            else:
                a = int(rng.choice([a for a in acts if a < RIICHI]))
            R.apply_action(s, a)
        if check_every_action or s[PLAYER] == TERMINAL:
            check_accounting(s, sticks)
    assert s[R.END] != 0
    return s, seen


def test_random_playouts_keep_the_invariants():
    ends = {}
    seen = set()
    for seed in range(300):
        s, names = playout(seed, check_every_action=seed < 60)
        ends[int(s[R.END])] = ends.get(int(s[R.END]), 0) + 1
        seen |= names
        redacted = s.copy()
        R.redact(s, 0, redacted)
        assert (redacted[R.POOL:R.POOL + 37] == -1).all()
        shown = int(s[R.WINNERS]) | (int(s[R.TENPAI]) if s[R.END] in (END_EXHAUSTIVE, R.END_NAGASHI) else 0)
        for seat in range(1, 4):  # at the end the winners' and the tenpai hands lie open, no other
            hand = redacted[R.HANDS + 34 * seat:R.HANDS + 34 * seat + 34]
            if shown >> seat & 1:
                assert (hand == s[R.HANDS + 34 * seat:R.HANDS + 34 * seat + 34]).all()
            else:
                assert (hand == -1).all()
        assert (redacted[R.HANDS:R.HANDS + 34] == s[R.HANDS:R.HANDS + 34]).all()
    assert ends.get(END_TSUMO, 0) > 10 and ends.get(END_RON, 0) > 10 and ends.get(END_EXHAUSTIVE, 0) > 10, ends
    assert {"discard", "riichi", "chi", "pon", "kan", "tsumo", "ron"} <= seen, seen

"""Mahjong scoring: known hands, and lockstep with the ``mahjong`` package's
``HandCalculator.estimate_hand_value`` on random wins under the game's options."""

import numpy as np
import pytest
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID, YakuConfig

from tui_games.games.mahjong import random_wins as rw
from tui_games.games.mahjong import scoring as sc
from tui_games.games.mahjong import yaku as yk
from tui_games.games.mahjong.tiles import RED_FIVES, parse

E, S, W, N = 27, 28, 29, 30
MELD_TYPES = {"chi": sc.CHI, "pon": sc.PON, "kan": sc.OPEN_KAN, "ankan": sc.CLOSED_KAN, "shouminkan": sc.ADDED_KAN}


def make_win(hand, win, melds=(), dora=(), ura=(), **situation):
    """A :class:`random_wins.Win` from the notation: ``hand`` the concealed tiles (the winning tile
    among them), ``win`` its kind, ``melds`` ("chi", "123m") pairs, ``dora``/``ura`` indicators."""
    used = set()

    def take(text):
        tiles = []
        for tile in parse(text):
            kind = tile // 4
            if tile in RED_FIVES:
                assert tile not in used
            else:
                tile = next(t for t in range(kind * 4, kind * 4 + 4) if t not in used and t not in RED_FIVES)
            used.add(tile)
            tiles.append(tile)
        return tiles

    concealed = take(hand)
    called = [(MELD_TYPES[kind], take(text)) for kind, text in melds]
    win_kind = parse(win)[0] // 4
    win_tile = next(t for t in concealed if t // 4 == win_kind)
    flags = {k: v for k, v in situation.items() if k not in ("seat", "round_wind", "honba", "sticks")}
    return rw.Win(concealed, called, win_tile, flags, situation.get("seat", S), situation.get("round_wind", E),
                  take(dora) if dora else [], take(ura) if ura else [], situation.get("honba", 0),
                  situation.get("sticks", 0))


def value(win):
    """Our value of a win, checked equal to the package's."""
    ours, theirs = rw.compare_fields(win)
    assert ours == theirs
    return ours


Y = yk
KNOWN = [
    # (hand, win, melds, situation, han, fu, yaku, main, additional); the seat is south unless told
    ("234789m12345666p", "6p", (), {"tsumo": True, "riichi": True}, 3, 20,
     {Y.MENZEN_TSUMO, Y.RIICHI, Y.PINFU}, 1300, 700),  # pinfu tsumo: 20 fu
    ("234789m12345666p", "6p", (), {"tsumo": True, "riichi": True, "seat": E}, 3, 20,
     {Y.MENZEN_TSUMO, Y.RIICHI, Y.PINFU}, 1300, 1300),  # the dealer: 1,300 all
    ("234567m345p55678s", "5m", (), {}, 2, 30, {Y.PINFU, Y.TANYAO}, 2000, 0),
    ("1133557799m1155p", "9m", (), {}, 2, 25, {Y.CHIITOITSU}, 1600, 0),  # seven pairs: 25 fu
    ("1133557799m1155p", "9m", (), {"tsumo": True, "riichi": True}, 4, 25,
     {Y.CHIITOITSU, Y.MENZEN_TSUMO, Y.RIICHI}, 3200, 1600),
    ("123m456p789s22z111z", "3m", (), {"riichi": True}, 2, 50, {Y.RIICHI, Y.ROUND_EAST}, 3200, 0),  # 8+2+2 fu
    # the example: 4 han 30 fu, no kiriage: 7,700 (dealer 11,600)
    ("234m234p234s66s789p", "4s", (), {"riichi": True}, 4, 30, {Y.RIICHI, Y.SANSHOKU, Y.PINFU}, 7700, 0),
    ("234m234p234s66s789p", "4s", (), {"riichi": True, "seat": E}, 4, 30,
     {Y.RIICHI, Y.SANSHOKU, Y.PINFU}, 11600, 0),
    ("345m345p345s55s678p", "5s", (), {"riichi": True}, 5, 30,
     {Y.RIICHI, Y.SANSHOKU, Y.TANYAO, Y.PINFU}, 8000, 0),  # 5s ends 34s (not the tanki): pinfu, a mangan
    ("22m444p567p", "2m", (("pon", "777z"), ("chi", "123s")), {}, 1, 30, {Y.CHUN}, 1000, 0),  # yakuhai, open
    ("22m444p567p", "4p", (("chi", "234s"), ("pon", "666m")), {}, 1, 30, {Y.TANYAO}, 1000, 0),  # kuitan
    ("234m567p88s", "7p", (("chi", "234s"), ("chi", "456m")), {}, 1, 30, {Y.TANYAO}, 1000, 0),  # open pinfu shape
    ("123456789m11p234s", "9m", (), {}, 3, 30, {Y.ITTSU, Y.PINFU}, 3900, 0),  # 9m: ryanmen on 78
    ("123456m11p", "1p", (("chi", "789m"), ("chi", "234s")), {}, 1, 30, {Y.ITTSU}, 1000, 0),  # open ittsu
    ("12345666789m", "6m", (("pon", "111z"),), {"seat": E}, 5, 30,
     {Y.HONITSU, Y.ITTSU, Y.SEAT_EAST, Y.ROUND_EAST}, 12000, 0),  # open honitsu, double east: dealer mangan
    ("12345666789m111z", "4m", (), {"tsumo": True}, 7, 30,
     {Y.HONITSU, Y.ITTSU, Y.MENZEN_TSUMO, Y.ROUND_EAST}, 6000, 3000),  # closed honitsu: haneman
    ("11223345556789s", "1s", (), {}, 10, 30, {Y.CHINITSU, Y.IIPEIKO, Y.PINFU, Y.ITTSU}, 16000, 0),  # baiman
    ("11234456789s", "9s", (("chi", "123s"),), {}, 6, 30, {Y.CHINITSU, Y.ITTSU}, 12000, 0),  # open chinitsu
    ("222m444p88s", "8s", (("pon", "666s"), ("pon", "999m")), {}, 2, 40, {Y.TOITOI}, 2600, 0),
    ("222m444p888s55z", "5z", (("pon", "999m"),), {"tsumo": True}, 4, 50,
     {Y.TOITOI, Y.SANANKOU}, 4000, 2000),  # toitoi sanankou by tsumo
    ("222m444p888s55z", "2m", (("pon", "999m"),), {}, 2, 40, {Y.TOITOI}, 2600, 0),  # by ron: two concealed
    ("123m456p789s99s", "9s", (("ankan", "5555m"),), {"tsumo": True, "rinshan": True}, 3, 40,
     {Y.MENZEN_TSUMO, Y.RINSHAN, Y.AKA_DORA}, 2600, 1300),  # a closed kan keeps the hand closed (and the red 5)
    ("123m456p789s99s", "9s", (("pon", "555z"),), {"tsumo": True, "haitei": True}, 2, 30,
     {Y.HAKU, Y.HAITEI}, 1000, 500),
    ("123m456p789s11z", "1z", (("chi", "345s"),), {"houtei": True}, 1, 30, {Y.HOUTEI}, 1000, 0),
    ("234m067p345678s22s", "8s", (), {"riichi": True, "tsumo": True}, 5, 20,
     {Y.RIICHI, Y.MENZEN_TSUMO, Y.PINFU, Y.TANYAO, Y.AKA_DORA}, 4000, 2000),
    ("11123455678999p", "9p", (), {}, 13, 50, {Y.CHUUREN}, 32000, 0),  # nine gates
    ("11123456789999p", "9p", (), {}, 13, 40, {Y.JUNSEI_CHUUREN}, 32000, 0),  # on the nine-sided wait: single
    ("19m19p19s1234567z7z", "7z", (), {}, 13, 0, {Y.KOKUSHI_13}, 32000, 0),  # thirteen-sided: single
    ("19m19p19s1234567z1m", "9m", (), {"tsumo": True, "tenhou": True, "seat": E}, 26, 0,
     {Y.KOKUSHI, Y.TENHOU}, 32000, 32000),  # two yakuman add up
    ("555z666z123m44m", "4m", (("pon", "777z"),), {}, 13, 50, {Y.DAISANGEN}, 32000, 0),
    ("234m44m", "4m", (("pon", "555z"), ("pon", "666z"), ("pon", "777z")), {}, 13, 40, {Y.DAISANGEN}, 32000, 0),
    ("111m333p555s777z99s", "9s", (), {"tsumo": True}, 13, 50, {Y.SUUANKOU_TANKI}, 16000, 8000),
    ("111m333p555s99s", "9s", (("ankan", "7777z"),), {}, 13, 80, {Y.SUUANKOU_TANKI}, 32000, 0),
]


@pytest.mark.parametrize(("hand", "win", "melds", "situation", "han", "fu", "yaku", "main", "additional"), KNOWN)
def test_known_hands(hand, win, melds, situation, han, fu, yaku, main, additional):
    found = value(make_win(hand, win, melds, **situation))
    assert found["status"] == sc.WIN
    assert (found["han"], found["fu"], set(found["yaku"])) == (han, fu, yaku)
    assert (found["cost"]["main"], found["cost"]["additional"]) == (main, additional)


# a written hand for each yaku the known hands above leave out (hand, win, melds, situation, yaku it holds)
EVERY_YAKU = [
    ("123m456p789s11z234m", "4m", (), {"riichi": True, "ippatsu": True}, {Y.RIICHI, Y.IPPATSU}),
    ("123m456p789s11z234m", "4m", (), {"double_riichi": True, "tsumo": True}, {Y.DOUBLE_RIICHI}),
    ("123m456p789s11z234m", "4m", (), {"chankan": True}, {Y.CHANKAN}),
    ("123m456p789s11z234m", "4m", (), {"tsumo": True, "chiihou": True}, {Y.CHIIHOU}),
    ("123m456p789s11z234m", "4m", (), {"tsumo": True, "tenhou": True, "seat": E}, {Y.TENHOU}),
    ("789p33s", "3s", (("pon", "222z"), ("chi", "123m"), ("pon", "444z")), {"round_wind": N},
     {Y.SEAT_SOUTH, Y.ROUND_NORTH}),
    ("789p33s", "3s", (("pon", "444z"), ("chi", "123m"), ("pon", "222z")), {"seat": N, "round_wind": S},
     {Y.SEAT_NORTH, Y.ROUND_SOUTH}),
    ("789p33s", "3s", (("pon", "333z"), ("chi", "123m"), ("pon", "111z")), {"seat": W, "round_wind": W},
     {Y.SEAT_WEST, Y.ROUND_WEST}),
    ("123m789p789s11z999m", "1z", (), {}, {Y.CHANTA}),
    ("123m789p789s11s999m", "1s", (), {}, {Y.JUNCHAN}),
    ("112233m556677p99s", "9s", (), {}, {Y.RYANPEIKOU}),
    ("222m222p222s345s55m", "3s", (), {}, {Y.SANSHOKU_DOUKOU, Y.SANANKOU, Y.TANYAO}),
    ("456m77p", "7p", (("kan", "1111m"), ("ankan", "2222p"), ("shouminkan", "3333s")), {}, {Y.SANKANTSU}),
    ("555z666z77z123m456p", "1m", (), {}, {Y.SHOUSANGEN, Y.HAKU, Y.HATSU}),
    ("111m999p11z", "1z", (("pon", "999s"), ("pon", "777z")), {}, {Y.HONROUTOU, Y.TOITOI, Y.CHUN}),
    ("222333z555z66z", "6z", (("pon", "111z"),), {}, {Y.TSUUIISOU}),
    ("111m999m111p99p", "9p", (("pon", "999s"),), {}, {Y.CHINROUTOU}),
    ("222z444z11m", "1m", (("pon", "111z"), ("pon", "333z")), {}, {Y.DAISUUSHII}),
    ("11122233444z789m", "7m", (), {}, {Y.SHOUSUUSHII}),
    ("22334466888s666z", "8s", (), {}, {Y.RYUUIISOU}),
    ("55s", "5s", (("kan", "1111m"), ("ankan", "2222p"), ("kan", "3333s"), ("shouminkan", "7777z")), {},
     {Y.SUUKANTSU}),
    ("111m333p555s777z99s", "7z", (), {"tsumo": True}, {Y.SUUANKOU}),
]


@pytest.mark.parametrize(("hand", "win", "melds", "situation", "yaku"), EVERY_YAKU)
def test_a_hand_for_every_yaku(hand, win, melds, situation, yaku):
    found = value(make_win(hand, win, melds, **situation))
    assert found["status"] == sc.WIN and yaku <= set(found["yaku"])


def test_every_yaku_has_a_written_hand():
    written = set().union(*(row[6] for row in KNOWN), *(row[4] for row in EVERY_YAKU))
    assert written >= set(range(yk.SUUKANTSU + 1)) - {yk.RENHOU}  # no renhou on Tenhou


def test_dora_red_fives_and_ura_count_every_tile():
    # dora 5p (indicator 4p): two in the hand, one of them red; ura 9s -> 1s: none; 7z -> 5z (haku): three
    found = value(make_win("123m340p567p22s", "3m", (("pon", "555z"),), dora="4p", ura="9s7z"))
    assert (found["dora"], found["aka"], found["ura"]) == (2, 1, 0)  # no ura without riichi
    assert (found["han"], found["fu"], found["cost"]["main"]) == (4, 30, 7700)  # haku 1, penchan 2 fu
    found = value(make_win("123m340p567p22s555z", "3m", dora="4p", ura="9s7z", riichi=True))
    assert (found["dora"], found["aka"], found["ura"]) == (2, 1, 3)
    assert (found["han"], found["fu"], found["cost"]["main"]) == (8, 40, 16000)


def test_counted_yakuman_and_limits():
    # closed chinitsu 6 + riichi + tsumo + pinfu + iipeiko + 4 dora = 14 han: counted as a yakuman
    found = value(make_win("11223345556789s", "1s", dora="9s", tsumo=True, riichi=True))
    assert found["han"] >= 13 and found["yakuman"] == 0
    assert found["cost"]["main"] == 16000 and found["cost"]["additional"] == 8000
    assert found["cost"]["yaku_level"] == "yakuman"  # the package labels a counted yakuman so


def test_honba_and_riichi_sticks():
    found = value(make_win("234789m12345666p", "6p", tsumo=True, riichi=True, honba=2, sticks=3))
    assert found["cost"] == {"main": 1300, "additional": 700, "main_bonus": 200, "additional_bonus": 200,
                             "kyoutaku_bonus": 3000, "total": 1300 + 200 + 2 * 900 + 3000, "yaku_level": ""}
    found = value(make_win("234m234p234s66s789p", "4s", riichi=True, honba=1))
    assert found["cost"]["main"] == 7700 and found["cost"]["main_bonus"] == 300


def test_no_yaku_and_refused_situations():
    assert value(make_win("123m456p789s11z", "1z", (("chi", "345s"),)))["status"] == sc.NO_YAKU
    assert value(make_win("123m456p789s111z", "1m", (("chi", "345s"),), riichi=True))["status"] == sc.BAD_SITUATION
    assert value(make_win("123456789m11p234s", "9m", ippatsu=True))["status"] == sc.BAD_SITUATION
    assert value(make_win("123456789m11p234s", "9m", rinshan=True))["status"] == sc.BAD_SITUATION
    assert value(make_win("123456789m11p234s", "9m", tsumo=True, tenhou=True))["status"] == sc.BAD_SITUATION


@pytest.mark.parametrize("tsumo", [False, True])
@pytest.mark.parametrize("seat", [E, S])
def test_nagashi_mangan_is_paid_as_the_package_pays_it(tsumo, seat):
    win = make_win("123m456p789s11z234m", "4m", nagashi=True, tsumo=tsumo, seat=seat, honba=1, sticks=2)
    found = value(win)
    assert found["yaku"] == [yk.NAGASHI_MANGAN] and found["cost"]["yaku_level"] == "nagashi mangan"
    main, additional = {(False, E): (12000, 0), (False, S): (8000, 0), (True, E): (4000, 4000),
                        (True, S): (4000, 2000)}[tsumo, seat]
    assert (found["cost"]["main"], found["cost"]["additional"]) == (main, additional)


def test_the_han_table_is_the_packages():
    config = YakuConfig()
    for name in dir(config):
        item = getattr(config, name)
        number = YAKU_ID_TO_TENHOU_ID.get(getattr(item, "yaku_id", None))
        if number is None or number >= yk.DORA:
            continue
        double = item.han_closed == 26 or item.han_open == 26  # single with has_double_yakuman off
        assert yk.HAN_CLOSED[number] == (13 if double else item.han_closed), name
        assert yk.HAN_OPEN[number] == (13 if double and item.han_open else item.han_open), name
        assert (yk.YAKUMAN_MASK >> number & 1) == item.is_yakuman, name


@pytest.mark.parametrize("tsumo", [False, True])
@pytest.mark.parametrize("dealer", [False, True])
def test_every_han_and_fu_costs_as_the_package(tsumo, dealer):
    out = np.zeros(sc.OUT_SIZE, dtype=np.int64)
    config = HandConfig(is_tsumo=tsumo, player_wind=E if dealer else S, tsumi_number=2, kyoutaku_number=1,
                        options=rw.package_options())
    for han in range(1, 80):
        for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110):
            for yakuman in (False, True) if han >= 13 else (False,):
                sc.cost(han, fu, tsumo, dealer, 2, 1, yakuman, out)
                theirs = ScoresCalculator.calculate_scores(han, fu, config, yakuman)
                ours = {"main": out[sc.O_MAIN], "additional": out[sc.O_ADDITIONAL], "main_bonus": out[sc.O_MAIN_BONUS],
                        "additional_bonus": out[sc.O_ADDITIONAL_BONUS], "kyoutaku_bonus": out[sc.O_KYOUTAKU],
                        "total": out[sc.O_TOTAL], "yaku_level": sc.LEVELS[out[sc.O_LEVEL]]}
                assert ours == theirs, (han, fu, yakuman)


def test_random_wins_equal_the_package():
    rng = np.random.default_rng(27)
    seen = 0
    statuses = [0, 0, 0, 0]
    for _ in range(3000):
        win = rw.random_win(rng)
        ours, theirs = rw.compare_fields(win)
        assert ours == theirs, win
        statuses[ours["status"]] += 1
        if ours["status"] == sc.WIN:
            seen |= sum(1 << k for k in ours["yaku"])
    assert statuses[sc.WIN] > 2500 and statuses[sc.NO_YAKU] > 100 and statuses[sc.BAD_SITUATION] > 10
    missing = [yk.NAMES[k] for k in range(yk.SUUKANTSU + 1) if not seen >> k & 1 and k != yk.RENHOU]
    assert set(missing) <= {"Tsuuiisou", "Chinroutou", "Daisuushii"}, missing  # the rarest yakuman


def test_many_at_once_equal_one_by_one():
    rng = np.random.default_rng(28)
    wins = np.stack([rw.random_win(rng).array() for _ in range(200)])
    out = np.zeros((200, sc.OUT_SIZE), dtype=np.int64)
    status = np.zeros(200, dtype=np.int64)
    sc.score_many(wins, out, status)
    for i in range(200):
        one = np.zeros(sc.OUT_SIZE, dtype=np.int64)
        assert sc.score(wins[i], one) == status[i]
        if status[i] == sc.WIN:
            assert (one == out[i]).all()

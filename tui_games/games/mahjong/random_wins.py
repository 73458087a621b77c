"""Random winning situations, for checking :mod:`~tui_games.games.mahjong.scoring` against the
``mahjong`` package (tests/games/test_mahjong_scoring.py, benchmarks/mahjong_scoring.py).

:func:`random_win` deals one: a complete hand (a pair and four sets, seven pairs, thirteen orphans
or nine gates; biased towards one suit, honours and terminals so that the rarer yaku come up), 0-4 of
its sets called (chi, pon, open, closed and added kans), real tile numbers (so red fives come
and go), the winning tile among the concealed ones, winds, riichi / double riichi / ippatsu, tsumo or
ron and the rest of the situation (rinshan, chankan, haitei, houtei, tenhou, chiihou), dora and ura
indicators, honba and riichi sticks. One in fifty gets a random flag more, often a situation the
package refuses. :func:`package_value` scores a :class:`Win` with the package (imported there:
the package is a test dependency only) and :func:`compare_fields` puts both answers in one form.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from tui_games.games.mahjong import scoring as sc
from tui_games.games.mahjong.tiles import RED_FIVES, TERMINALS_AND_HONORS

TYPE_NAMES = {sc.CHI: "chi", sc.PON: "pon", sc.OPEN_KAN: "kan", sc.CLOSED_KAN: "closed kan",
              sc.ADDED_KAN: "added kan"}


@dataclass
class Win:
    """One winning situation: the tiles (numbers 0-135) and what :func:`scoring.situation` takes."""

    concealed: list[int]
    melds: list[tuple[int, list[int]]]  # (meld type, its tiles)
    win_tile: int
    flags: dict = field(default_factory=dict)
    seat: int = 27
    round_wind: int = 27
    dora: list[int] = field(default_factory=list)
    ura: list[int] = field(default_factory=list)
    honba: int = 0
    sticks: int = 0

    def array(self) -> np.ndarray:
        """The win as :mod:`scoring`'s array."""
        counts = np.zeros(34, dtype=np.int64)
        for tile in self.concealed:
            counts[tile // 4] += 1
        every = self.concealed + [t for _, tiles in self.melds for t in tiles]
        return sc.situation(counts, self.win_tile // 4, [(t, min(tiles) // 4) for t, tiles in self.melds],
                            reds=sum(t in RED_FIVES for t in every), seat=self.seat, round_wind=self.round_wind,
                            dora=[t // 4 for t in self.dora], ura=[t // 4 for t in self.ura], honba=self.honba,
                            sticks=self.sticks, **self.flags)


def _blocks(rng) -> list[list[int]] | None:
    """The kinds of a random complete hand as blocks (a pair first), or None (over four of a kind)."""
    style = rng.random()
    if style < 0.05:
        pair = int(rng.choice(TERMINALS_AND_HONORS))
        return [[pair, pair]] + [[k] for k in TERMINALS_AND_HONORS if k != pair]
    if style < 0.08:
        suit = int(rng.integers(3)) * 9
        extra = suit + int(rng.integers(9))
        counts = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        return [[suit + r] * counts[r] for r in range(9)] + [[extra]]
    if style < 0.18:
        pool = rng.permutation(np.arange(34) if rng.random() < 0.6 else np.array(TERMINALS_AND_HONORS))
        if rng.random() < 0.3:
            suit = int(rng.integers(3)) * 9
            pool = rng.permutation(np.r_[np.arange(suit, suit + 9), np.arange(27, 34)])
        return [[int(k), int(k)] for k in pool[:7]] if len(pool) >= 7 else None
    if style < 0.35:
        suit = int(rng.integers(3)) * 9
        kinds = list(range(suit, suit + 9)) + (list(range(27, 34)) if rng.random() < 0.5 else [])
    elif style < 0.45:
        kinds = list(TERMINALS_AND_HONORS) + [1, 7, 10, 16, 19, 25]
    elif style < 0.5:
        kinds = [19, 20, 21, 23, 25, 32, 27, 31]
    elif style < 0.55:
        kinds = [27, 28, 29, 30] + [int(k) for k in rng.choice(34, 3)]
    elif style < 0.65:
        kinds = [k for k in range(27) if 0 < k % 9 < 8]
    elif style < 0.72:
        rank = int(rng.integers(7))
        pair = int(rng.integers(34))
        last = int(rng.integers(34))
        last -= max(0, last % 9 - 6) if last < 27 else 0
        return [[pair, pair]] + [[s + rank, s + rank + 1, s + rank + 2] for s in (0, 9, 18)] + [
            [last, last + 1, last + 2] if last < 27 and rng.random() < 0.5 else [last] * 3]
    elif style < 0.8:
        kinds = [k for k in range(27) if k % 9 in (0, 6, 8)] + list(range(27, 34)) * int(rng.integers(2))
    else:
        kinds = list(range(34))
    run_share = rng.random()
    pair = int(rng.choice(kinds))
    blocks = [[pair, pair]]
    for _ in range(4):
        k = int(rng.choice(kinds))
        if k < 27 and rng.random() < run_share:
            k -= max(0, k % 9 - 6)
            if k % 9 not in (0, 6) or rng.random() < 0.5:
                k -= int(rng.integers(min(k % 9, 2) + 1))
            blocks.append([k, k + 1, k + 2])
        else:
            blocks.append([k, k, k])
    return blocks


def random_win(rng) -> Win:
    """A random winning situation (see the module)."""
    while True:
        blocks = _blocks(rng)
        if blocks is None:
            continue
        counts = np.zeros(34, dtype=np.int64)
        for block in blocks:
            np.add.at(counts, block, 1)
        if counts.max() <= 4:
            break
    regular = len(blocks) == 5 and len(blocks[0]) == 2 and all(len(b) == 3 for b in blocks[1:])
    melds: list[tuple[int, list[int]]] = []
    concealed_kinds = [k for b in blocks for k in b]
    if regular and rng.random() < 0.6:
        sets = blocks[1:]
        for i in rng.permutation(4)[:int(rng.integers(1, 5))]:
            block = sets[i]
            if block[0] != block[1]:
                kind_type = sc.CHI
            else:
                kind_type = int(rng.choice([sc.PON, sc.PON, sc.OPEN_KAN, sc.CLOSED_KAN, sc.ADDED_KAN]))
                if kind_type != sc.PON and counts[block[0]] == 4:
                    kind_type = sc.PON
            kinds = block + ([block[0]] if kind_type in (sc.OPEN_KAN, sc.CLOSED_KAN, sc.ADDED_KAN) else [])
            if kind_type != sc.PON and kinds != block:
                counts[block[0]] += 1
            for k in block:
                concealed_kinds.remove(k)
            melds.append((kind_type, kinds))
    copies = {k: list(rng.permutation(4)) for k in range(34)}
    if rng.random() < 0.5:  # hold the red fives more often than a fair deal would
        for k in (4, 13, 22):
            copies[k].remove(0)
            copies[k].insert(0, 0)

    def take(kind: int) -> int:
        return kind * 4 + int(copies[kind].pop(0))

    hand = [take(k) for k in concealed_kinds]
    called = [(t, sorted(take(k) for k in kinds)) for t, kinds in melds]
    win_tile = int(rng.choice(hand))
    opened = any(t != sc.CLOSED_KAN for t, _ in called)
    kans = sum(t != sc.CHI and t != sc.PON for t, _ in called)
    seat = 27 + int(rng.integers(4))
    tsumo = bool(rng.random() < 0.5)
    flags = {"tsumo": tsumo}
    if not opened and rng.random() < 0.4:
        flags["double_riichi" if rng.random() < 0.1 else "riichi"] = True
        flags["ippatsu"] = bool(rng.random() < 0.25)
    if tsumo:
        if kans and rng.random() < 0.3:
            flags["rinshan"] = True
        elif rng.random() < 0.06:
            flags["haitei"] = True
        if not called and rng.random() < 0.03:
            flags["tenhou" if seat == 27 else "chiihou"] = True
    else:
        if rng.random() < 0.04:
            flags["chankan"] = True
        elif rng.random() < 0.06:
            flags["houtei"] = True
    if rng.random() < 0.02:
        name = str(rng.choice(["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                               "houtei", "tenhou", "chiihou"]))
        flags[name] = not flags.get(name, False)
    wall = [t for k in range(34) for t in (k * 4 + c for c in copies[k])]
    picks = rng.permutation(len(wall))[:10]
    indicators = 1 + min(kans + int(rng.integers(2)), 4)
    return Win(hand, called, win_tile, flags, seat, 27 + int(rng.integers(4)) if rng.random() < 0.3 else 27 + int(
        rng.integers(2)), [wall[i] for i in picks[:indicators]], [wall[i] for i in picks[5:5 + indicators]],
        int(rng.integers(5)) if rng.random() < 0.5 else 0, int(rng.integers(4)) if rng.random() < 0.4 else 0)


def package_options():
    """The game's ``OptionalRules`` (docs/dev/mahjong-plan.md)."""
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    return OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
                         kazoe_limit=HandConfig.KAZOE_LIMITED, kiriage=False, fu_for_open_pinfu=True,
                         fu_for_pinfu_tsumo=False, renhou_as_yakuman=False)


def package_call(win: Win):
    """The arguments of ``HandCalculator.estimate_hand_value`` for a win: (tiles, win tile, melds, dora
    indicators, config, ura indicators)."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld
    kinds = {sc.CHI: Meld.CHI, sc.PON: Meld.PON, sc.OPEN_KAN: Meld.KAN, sc.CLOSED_KAN: Meld.KAN,
             sc.ADDED_KAN: Meld.SHOUMINKAN}
    melds = [Meld(kinds[t], tiles, opened=t != sc.CLOSED_KAN) for t, tiles in win.melds]
    tiles = win.concealed + [t for _, ts in win.melds for t in ts]
    names = {"double_riichi": "daburu_riichi", "nagashi": "nagashi_mangan"}
    config = HandConfig(**{f"is_{names.get(k, k)}": v for k, v in win.flags.items()},
                        player_wind=win.seat, round_wind=win.round_wind, tsumi_number=win.honba,
                        kyoutaku_number=win.sticks, options=package_options())
    return tiles, win.win_tile, melds, win.dora, config, win.ura


def package_value(win: Win) -> dict:
    """The package's value of a win in :func:`compare_fields`' form."""
    from mahjong.hand_calculating.hand import HandCalculator
    tiles, win_tile, melds, dora, config, ura = package_call(win)
    result = HandCalculator.estimate_hand_value(tiles, win_tile, melds, dora, config, ura_dora_indicators=ura)
    return package_fields(result)


def package_fields(result) -> dict:
    """A package ``HandResponse`` in :func:`compare_fields`' form."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID
    if result.error:
        status = {HandCalculator.ERR_NO_YAKU: sc.NO_YAKU, HandCalculator.ERR_HAND_NOT_WINNING: sc.NOT_COMPLETE}
        return {"status": status.get(result.error, sc.BAD_SITUATION)}
    numbers = {yaku.yaku_id: (YAKU_ID_TO_TENHOU_ID.get(yaku.yaku_id, 55), yaku.han_closed) for yaku in result.yaku}
    counted = {n: han for n, han in numbers.values()}
    yakuman = any(yaku.is_yakuman for yaku in result.yaku)
    return {"status": sc.WIN, "han": result.han, "fu": result.fu, "yaku": sorted(counted),
            "dora": counted.get(52, 0), "aka": counted.get(54, 0), "ura": counted.get(53, 0),
            "yakuman": result.han // 13 if yakuman else 0, "cost": dict(result.cost)}


def compare_fields(win: Win) -> tuple[dict, dict]:
    """(ours, the package's) value of a win, each a dict of the same fields."""
    return sc.score_dict(win.array()), package_value(win)


__all__ = ["TYPE_NAMES", "Win", "compare_fields", "package_call", "package_fields", "package_options",
           "package_value", "random_win"]

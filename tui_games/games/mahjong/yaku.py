"""Riichi yaku: their numbers, names and values.

A yaku's number is Tenhou's (the ``mahjong`` package's ``YAKU_ID_TO_TENHOU_ID``): 0 menzen tsumo ...
51 suukantsu, then 52-54 dora, ura dora and red fives; 55 (not a Tenhou number: Tenhou shows it as
a draw) is nagashi mangan. A set of yaku is a bit mask over these numbers.

The values are the package's (``han_closed``, ``han_open``; 0 open: a closed-only yaku) with its
double yakuman scored as single ones (``has_double_yakuman=False``: Tenhou's rule), so every
yakuman is 13 han and several of them add up.
"""

from __future__ import annotations

import numpy as np

(MENZEN_TSUMO, RIICHI, IPPATSU, CHANKAN, RINSHAN, HAITEI, HOUTEI, PINFU, TANYAO, IIPEIKO,
 SEAT_EAST, SEAT_SOUTH, SEAT_WEST, SEAT_NORTH, ROUND_EAST, ROUND_SOUTH, ROUND_WEST, ROUND_NORTH,
 HAKU, HATSU, CHUN, DOUBLE_RIICHI, CHIITOITSU, CHANTA, ITTSU, SANSHOKU, SANSHOKU_DOUKOU, SANKANTSU,
 TOITOI, SANANKOU, SHOUSANGEN, HONROUTOU, RYANPEIKOU, JUNCHAN, HONITSU, CHINITSU, RENHOU, TENHOU,
 CHIIHOU, DAISANGEN, SUUANKOU, SUUANKOU_TANKI, TSUUIISOU, RYUUIISOU, CHINROUTOU, CHUUREN,
 JUNSEI_CHUUREN, KOKUSHI, KOKUSHI_13, DAISUUSHII, SHOUSUUSHII, SUUKANTSU, DORA, URA_DORA, AKA_DORA,
 NAGASHI_MANGAN) = range(56)
"""The yaku numbers (Tenhou's, and 55 nagashi mangan)."""
COUNT = 56
"""Yaku numbers."""

NAMES = (
    "Menzen Tsumo", "Riichi", "Ippatsu", "Chankan", "Rinshan Kaihou", "Haitei Raoyue", "Houtei Raoyui",
    "Pinfu", "Tanyao", "Iipeikou", "Seat Wind East", "Seat Wind South", "Seat Wind West",
    "Seat Wind North", "Round Wind East", "Round Wind South", "Round Wind West", "Round Wind North",
    "Haku", "Hatsu", "Chun", "Double Riichi", "Chiitoitsu", "Chanta", "Ittsu", "Sanshoku Doujun",
    "Sanshoku Doukou", "Sankantsu", "Toitoi", "Sanankou", "Shousangen", "Honroutou", "Ryanpeikou",
    "Junchan", "Honitsu", "Chinitsu", "Renhou", "Tenhou", "Chiihou", "Daisangen", "Suuankou",
    "Suuankou Tanki", "Tsuuiisou", "Ryuuiisou", "Chinroutou", "Chuuren Poutou", "Junsei Chuuren Poutou",
    "Kokushi Musou", "Kokushi Musou 13-sided", "Daisuushii", "Shousuushii", "Suukantsu", "Dora",
    "Ura Dora", "Aka Dora", "Nagashi Mangan",
)
"""English names by yaku number (the package's spelling where it has one)."""

_VALUES = {  # number: (han closed, han open)
    MENZEN_TSUMO: (1, 0), RIICHI: (1, 0), IPPATSU: (1, 0), CHANKAN: (1, 1), RINSHAN: (1, 1),
    HAITEI: (1, 1), HOUTEI: (1, 1), PINFU: (1, 0), TANYAO: (1, 1), IIPEIKO: (1, 0),
    DOUBLE_RIICHI: (2, 0), CHIITOITSU: (2, 0), CHANTA: (2, 1), ITTSU: (2, 1), SANSHOKU: (2, 1),
    SANSHOKU_DOUKOU: (2, 2), SANKANTSU: (2, 2), TOITOI: (2, 2), SANANKOU: (2, 2), SHOUSANGEN: (2, 2),
    HONROUTOU: (2, 2), RYANPEIKOU: (3, 0), JUNCHAN: (3, 2), HONITSU: (3, 2), CHINITSU: (6, 5),
    RENHOU: (5, 0), TENHOU: (13, 0), CHIIHOU: (13, 0), DAISANGEN: (13, 13), SUUANKOU: (13, 0),
    SUUANKOU_TANKI: (13, 0), TSUUIISOU: (13, 13), RYUUIISOU: (13, 13), CHINROUTOU: (13, 13),
    CHUUREN: (13, 0), JUNSEI_CHUUREN: (13, 0), KOKUSHI: (13, 0), KOKUSHI_13: (13, 0),
    DAISUUSHII: (13, 13), SHOUSUUSHII: (13, 13), SUUKANTSU: (13, 13), DORA: (1, 1), URA_DORA: (1, 0),
    AKA_DORA: (1, 1), NAGASHI_MANGAN: (5, 5),
}
_VALUES.update({k: (1, 1) for k in range(SEAT_EAST, CHUN + 1)})

HAN_CLOSED = np.array([_VALUES[k][0] for k in range(COUNT)], dtype=np.int64)
"""Han of each yaku in a closed hand (dora: per tile)."""
HAN_OPEN = np.array([_VALUES[k][1] for k in range(COUNT)], dtype=np.int64)
"""Han of each yaku in an open hand; 0: the package then counts its closed value (no closed-only
yaku is ever given to an open hand)."""
YAKUMAN_MASK = sum(1 << k for k in range(TENHOU, SUUKANTSU + 1) if k != RENHOU)
"""The yakuman, as a mask."""


def yaku_list(mask: int) -> list[int]:
    """The yaku numbers in a mask, in order."""
    return [k for k in range(COUNT) if mask >> k & 1]


def yaku_names(mask: int) -> list[str]:
    """The names of the yaku in a mask, in number order."""
    return [NAMES[k] for k in yaku_list(mask)]


__all__ = [
    "AKA_DORA", "CHANKAN", "CHANTA", "CHIIHOU", "CHIITOITSU", "CHINITSU", "CHINROUTOU", "CHUN", "CHUUREN", "COUNT",
    "DAISANGEN", "DAISUUSHII", "DORA", "DOUBLE_RIICHI", "HAITEI", "HAKU", "HAN_CLOSED", "HAN_OPEN", "HATSU",
    "HONITSU", "HONROUTOU", "HOUTEI", "IIPEIKO", "IPPATSU", "ITTSU", "JUNCHAN", "JUNSEI_CHUUREN", "KOKUSHI",
    "KOKUSHI_13", "MENZEN_TSUMO", "NAGASHI_MANGAN", "NAMES", "PINFU", "RENHOU", "RIICHI", "RINSHAN", "ROUND_EAST",
    "ROUND_NORTH", "ROUND_SOUTH", "ROUND_WEST", "RYANPEIKOU", "RYUUIISOU", "SANANKOU", "SANKANTSU", "SANSHOKU",
    "SANSHOKU_DOUKOU", "SEAT_EAST", "SEAT_NORTH", "SEAT_SOUTH", "SEAT_WEST", "SHOUSANGEN", "SHOUSUUSHII",
    "SUUANKOU", "SUUANKOU_TANKI", "SUUKANTSU", "TANYAO", "TENHOU", "TOITOI", "TSUUIISOU", "URA_DORA", "YAKUMAN_MASK",
    "yaku_list", "yaku_names",
]

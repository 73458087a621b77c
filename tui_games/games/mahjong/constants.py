"""Numbers the riichi rules and (later) the view share: the action ids, tile types, phases and how a
hand ended. Plain Python; loads no numba.

A tile *type* (0-36) is what the rules tell apart: kinds 0-33 (:mod:`.tiles`) for the plain tiles, and
34, 35, 36 for the red fives of characters, dots and bamboo. Chance outcomes (a tile drawn from the
wall, a dora or ura indicator turned) are tile types; which of a kind's plain copies a tile is never
matters.

Action ids (:data:`MAX_ACTIONS` = 134), each with its name (:func:`action_name`, read back by
:func:`parse_action`):

=========  ============  ===================================================================
ids        name          what
=========  ============  ===================================================================
0-36       discard 5m    discard a tile of that type (``discard 0m``: the red five)
37-73      riichi 5m     discard that type declaring riichi
74-94      chi 345m      chi the run from kind ``suit * 9 + start``: ``74 + suit * 7 + start``
95         pon           pon the last discard (plain fives before a red one from the hand)
96-129     kan 5m        kan of that kind: closed, added (to a pon) or open (on a discard)
130        tsumo         win on the tile drawn
131        ron           win on the discard (or the tile added to a kan: chankan)
132        pass          call nothing
133        draw nine terminals   abort the hand with nine kinds of terminals and honours
=========  ============  ===================================================================

A chi or pon takes plain tiles from the hand before its red five (the red keeps counting as dora in
the hand; Tenhou asks which).
"""

from __future__ import annotations

from tui_games.games.mahjong.tiles import kind_string, parse_kind

TYPES = 37
"""Tile types: 34 kinds, then the three red fives (34 + suit)."""
RED_TYPE = 34
"""The first red five's type."""
FIVES = (4, 13, 22)
"""The kind of each suit's five."""

DISCARD = 0
RIICHI = 37
CHI = 74
PON = 95
KAN = 96
TSUMO = 130
RON = 131
PASS = 132
NINE_TERMINALS = 133
MAX_ACTIONS = 134
"""Action ids (see the module's table); chance outcomes are tile types 0-36, below it too."""

END_NONE, END_TSUMO, END_RON, END_EXHAUSTIVE, END_NAGASHI, END_NINE_TERMINALS, END_FOUR_WINDS, \
    END_FOUR_RIICHI, END_FOUR_KANS, END_TRIPLE_RON = range(10)
"""How a hand ended (``s[END]``): still running, a tsumo, one or two rons, the wall exhausted (tenpai
payments), nagashi mangan at the exhaustive draw, and the abortive draws."""
END_NAMES = ("", "tsumo", "ron", "exhaustive draw", "nagashi mangan", "nine terminals", "four winds",
             "four riichi", "four kans", "triple ron")
"""A word or two for each end."""


GAME_ENDINGS = {
    "one hand": "one hand was played",
    "bust": "a seat fell below zero",
    "agari-yame": "the last dealer won and stopped first",
    "tenpai-yame": "the last dealer was tenpai and stopped first",
    "last hand": "the last hand is over",
    "sudden death": "a seat reached 30,000 in the extra round",
    "final hand": "the extra round is over",
    "hands played": "every hand was played",
}
"""Why a game of hands ended (the series standing's ``facts['ended']``, see :mod:`.match`), in words."""


def type_kind(tile_type: int) -> int:
    """The kind (0-33) of a tile type (0-36)."""
    return FIVES[tile_type - RED_TYPE] if tile_type >= RED_TYPE else tile_type


def type_string(tile_type: int) -> str:
    """A tile type in the notation: ``"5m"``, ``"0m"`` (red), ``"7z"``."""
    return kind_string(type_kind(tile_type), tile_type >= RED_TYPE)


def read_type(text: str) -> int:
    """The tile type written ``text`` (``"5m"`` -> 4, ``"0p"`` -> 35)."""
    kind, red = parse_kind(text)
    return RED_TYPE + FIVES.index(kind) if red else kind


def action_name(action: int) -> str:
    """The name of a player's action (see the module's table)."""
    if DISCARD <= action < RIICHI:
        return f"discard {type_string(action)}"
    if action < CHI:
        return f"riichi {type_string(action - RIICHI)}"
    if action < PON:
        suit, start = divmod(action - CHI, 7)
        return f"chi {start + 1}{start + 2}{start + 3}{'mps'[suit]}"
    if action == PON:
        return "pon"
    if action < TSUMO:
        return f"kan {kind_string(action - KAN)}"
    names = {TSUMO: "tsumo", RON: "ron", PASS: "pass", NINE_TERMINALS: "draw nine terminals"}
    if action in names:
        return names[action]
    raise ValueError(f"no action {action}")


def parse_action(text: str) -> int:
    """The action id named ``text`` (:func:`action_name`'s names, spaces and case forgiven)."""
    words = text.strip().lower().split()
    simple = {"tsumo": TSUMO, "ron": RON, "pass": PASS, "pon": PON}
    if len(words) == 1 and words[0] in simple:
        return simple[words[0]]
    if words == ["draw", "nine", "terminals"]:
        return NINE_TERMINALS
    if len(words) != 2:
        raise ValueError(f"not an action: {text!r}")
    verb, tile = words
    if verb in ("discard", "riichi"):
        return (DISCARD if verb == "discard" else RIICHI) + read_type(tile)
    if verb == "kan":
        kind, red = parse_kind(tile)
        return KAN + kind
    if verb == "chi" and len(tile) == 4 and tile[3] in "mps" and tile[:3].isdigit():
        start = int(tile[0]) - 1
        if 0 <= start <= 6 and tile[:3] == f"{start + 1}{start + 2}{start + 3}":
            return CHI + "mps".index(tile[3]) * 7 + start
    raise ValueError(f"not an action: {text!r}")


__all__ = [
    "CHI", "DISCARD", "END_EXHAUSTIVE", "END_FOUR_KANS", "END_FOUR_RIICHI", "END_FOUR_WINDS", "END_NAGASHI",
    "END_NAMES", "END_NINE_TERMINALS", "END_NONE", "END_RON", "END_TRIPLE_RON", "END_TSUMO", "FIVES", "GAME_ENDINGS",
    "KAN",
    "MAX_ACTIONS", "NINE_TERMINALS", "PASS", "PON", "RED_TYPE", "RIICHI", "RON", "TSUMO", "TYPES", "action_name",
    "parse_action", "read_type", "type_kind", "type_string",
]

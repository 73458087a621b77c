"""Mahjong tiles: the 34 kinds, the 136 tiles and their notation.

A tile *kind* is 0-33: 1-9 of characters (man, 0-8), of dots (pin, 9-17), of bamboo (sou, 18-26),
then the honours east, south, west, north, white, green, red (27-33). A *tile* is one of the 136
physical tiles, ``kind * 4 + copy``, numbered as the ``mahjong`` package numbers them; the first copy
of each suit's five (tiles 16, 52, 88) is its red five.

The notation is the package's: digits followed by their suit letter, ``"123m456p789s1234567z"`` (``z``:
1-4 the winds east to north, 5-7 white, green, red), ``"0m"`` a red five. :func:`to_string` writes a
list of tiles exactly as ``TilesConverter.to_one_line_string(tiles, print_aka_dora=True)`` does (sorted
by tile number, so a red five stands before the other fives of its suit), and :func:`parse` reads what
``TilesConverter.one_line_string_to_136_array(text, has_aka_dora=True)`` reads, rejecting what
no table holds (a fifth copy, a second red five, a ``0`` or an ``8`` among the honours).

Names for the screen: :func:`tile_name` gives two-character ASCII names (``"5m"``, ``"0m"`` the red
five, ``"E"``, ``"Wh"``) or, with ``unicode``, the Chinese characters players read (``"5萬"``, ``"東"``,
``"中"``), which every terminal draws two cells wide.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

KINDS = 34
"""Tile kinds: nine of each suit and seven honours."""
TILES = 136
"""Physical tiles: four of each kind."""
MAN, PIN, SOU, HONORS = 0, 9, 18, 27
"""The first kind of each suit and of the honours."""
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
"""The honour kinds (the package's EAST ... CHUN)."""
RED_FIVES = (16, 52, 88)
"""The red five of characters, dots and bamboo (tile numbers)."""
SUIT_LETTERS = "mpsz"
"""The notation's suit letters, in kind order."""
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""The thirteen kinds of thirteen orphans: every 1, 9 and honour."""

_ASCII_HONORS = ("E", "S", "W", "N", "Wh", "Gr", "Rd")
_UNICODE_HONORS = ("東", "南", "西", "北", "白", "發", "中")
_UNICODE_SUITS = ("萬", "筒", "索")


def kind_of(tile: int) -> int:
    """The kind (0-33) of a tile (0-135)."""
    return tile // 4


def is_red(tile: int) -> bool:
    """Whether a tile (0-135) is a red five."""
    return tile in RED_FIVES


def is_suited(kind: int) -> bool:
    """Whether a kind is a number tile (not an honour)."""
    return kind < HONORS


def is_terminal_or_honor(kind: int) -> bool:
    """Whether a kind is a 1, a 9 or an honour."""
    return kind >= HONORS or kind % 9 in (0, 8)


def kind_string(kind: int, red: bool = False) -> str:
    """One kind in the notation: ``"5m"``, ``"0m"`` (``red``), ``"7z"``."""
    suit, rank = divmod(kind, 9)
    if red and (suit == 3 or rank != 4):
        raise ValueError(f"only a suit's five can be red, not kind {kind}")
    return f"{0 if red else rank + 1}{SUIT_LETTERS[suit]}"


def parse_kind(text: str) -> tuple[int, bool]:
    """(kind, red) of one tile written in the notation: ``"5m"`` -> (4, False), ``"0p"`` -> (13, True)."""
    kinds = _parse_digits(text.strip())
    if len(kinds) != 1:
        raise ValueError(f"not one tile: {text!r}")
    return kinds[0]


def to_string(tiles: Iterable[int]) -> str:
    """Tiles (0-135) in the notation, as the package writes them with red fives shown as ``0``."""
    groups = [[], [], [], []]
    for tile in sorted(int(t) for t in tiles):
        if not 0 <= tile < TILES:
            raise ValueError(f"no tile {tile}")
        kind = tile // 4
        groups[min(kind // 9, 3)].append("0" if tile in RED_FIVES else str(kind % 9 + 1))
    return "".join("".join(digits) + letter for digits, letter in zip(groups, SUIT_LETTERS) if digits)


def counts_to_string(counts: Sequence[int]) -> str:
    """A 34-count hand in the notation (no red fives), as the package writes ``to_136_array(counts)``."""
    parts = []
    for suit, letter in enumerate(SUIT_LETTERS):
        first = suit * 9
        digits = "".join(str(rank + 1) * int(counts[first + rank]) for rank in range(9 if suit < 3 else 7))
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def parse(text: str) -> list[int]:
    """The tiles (0-135) of a hand written in the notation, characters first, then dots, bamboo and
    honours, each suit in the order written (the package's order); each plain five takes the lowest
    copy that is not red, ``0`` the red five: the package's choices of copy (but where it reads a
    fourth plain five as a six, the fourth five is the red one)."""
    taken: dict[int, int] = {}
    tiles = []
    for kind, red in sorted(_parse_digits(text), key=lambda pair: min(pair[0] // 9, 3)):
        if red:
            tile = kind * 4
            if tile in taken:
                raise ValueError(f"two red fives of one suit in {text!r}")
            taken[tile] = 1
        else:
            first = kind * 4 + (1 if kind in (4, 13, 22) else 0)
            tile = first + taken.get(first, 0)
            if tile == kind * 4 + 4 and first != kind * 4 and kind * 4 not in taken:
                tile = kind * 4  # a fourth plain five is the red one (the package reads a six there)
                taken[tile] = 1
            elif tile >= kind * 4 + 4:
                raise ValueError(f"more than four of {kind_string(kind)} in {text!r}")
            else:
                taken[first] = taken.get(first, 0) + 1
        tiles.append(tile)
    return tiles


def parse_counts(text: str) -> np.ndarray:
    """A hand written in the notation as 34 counts (int64; a red five counts as a five)."""
    return counts34(parse(text))


def counts34(tiles: Iterable[int]) -> np.ndarray:
    """34 counts (int64) of a collection of tiles (0-135)."""
    counts = np.zeros(KINDS, dtype=np.int64)
    for tile in tiles:
        counts[int(tile) // 4] += 1
    return counts


def tile_name(tile: int, unicode: bool = False) -> str:
    """A tile's (0-135) name on the screen: ASCII ``"5m"``, ``"0m"`` (red five), ``"E"``, ``"Wh"``; with
    ``unicode``, ``"5萬"``, ``"5筒"``, ``"5索"`` (a red five too: the screen colours it) and ``"東"`` ...
    ``"中"``."""
    return kind_name(tile // 4, unicode, tile in RED_FIVES)


def kind_name(kind: int, unicode: bool = False, red: bool = False) -> str:
    """A kind's name on the screen (see :func:`tile_name`); ``red`` marks a red five."""
    suit, rank = divmod(kind, 9)
    if suit == 3:
        return (_UNICODE_HONORS if unicode else _ASCII_HONORS)[rank]
    if unicode:
        return f"{rank + 1}{_UNICODE_SUITS[suit]}"
    return kind_string(kind, red)


def _parse_digits(text: str) -> list[tuple[int, bool]]:
    """(kind, red) of each digit of a notation string, in the order written; a suit letter closes the
    digits before it (``h`` is read as ``z`` and ``r`` as ``0``, as the package reads them)."""
    out: list[tuple[int, bool]] = []
    pending = ""
    for ch in text:
        if ch.isdigit() or ch == "r":
            pending += ch
            continue
        suit = {"m": 0, "p": 1, "s": 2, "z": 3, "h": 3}.get(ch)
        if suit is None or not pending:
            raise ValueError(f"cannot read {text!r} at {ch!r}")
        for digit in pending:
            red = digit in "0r"
            rank = 4 if red else int(digit) - 1
            if (suit == 3 and (red or rank > 6)) or rank < 0:
                raise ValueError(f"no tile {digit}{ch} in {text!r}")
            out.append((suit * 9 + rank, red))
        pending = ""
    if pending:
        raise ValueError(f"digits without a suit letter in {text!r}")
    return out


__all__ = [
    "EAST", "GREEN", "HONORS", "KINDS", "MAN", "NORTH", "PIN", "RED", "RED_FIVES", "SOU", "SOUTH", "SUIT_LETTERS",
    "TERMINALS_AND_HONORS", "TILES", "WEST", "WHITE", "counts34", "counts_to_string", "is_red", "is_suited",
    "is_terminal_or_honor", "kind_name", "kind_of", "kind_string", "parse", "parse_counts", "parse_kind",
    "tile_name", "to_string",
]

"""The 27,472 Dou Dizhu moves (27,471 combinations and the pass), generated here in RLCard 1.2.0's
action order, so that a move's number is its RLCard action id.

Ranks are 0-14: ``3 4 5 6 7 8 9 T J Q K A 2`` then ``B`` (black joker) and ``R`` (red joker). A move is
a count per rank; its *class* is RLCard's card type (``solo``, ``pair_chain_3``, ``trio_solo_chain_2``
...), its *rank* the lowest rank of its main part (the single rank of a solo, pair, trio, bomb or of
the four of a four-with-two; the first of a chain or airplane). One move beats another of the same
class with a higher rank; a bomb beats everything but a higher bomb and the rocket; the rocket beats all.

The order (checked against RLCard's ``action_space.txt`` in the tests): class by class in
:data:`CLASSES`' order, within a class by rank, and within one main part the kickers in the order RLCard
lists them. That order follows a rule per class, read from RLCard's table and rewritten here:

* trio + solo, trio + pair, four + two pairs, airplanes with pairs: the kicker ranks in increasing
  combinations (no repeats);
* four + two solos, airplanes of two with solos: kicker multisets in increasing order (a rank may repeat);
* airplanes of three with solos: first three different ranks, then three of one rank, then for each
  pair rank (increasing) the third kicker of every other rank (increasing);
* airplanes of four and five with solos: first a joker with each multiset of the other kickers (the
  black joker before the red), then the multisets without a joker.

Kicker rules (RLCard's): no kicker rank is in the main part; the two jokers are never both kickers; an
airplane's solo kickers hold at most three of a rank, and at most two of a rank next to the airplane
(a 2 after an airplane ending in aces excepted); pair kickers are of different ranks and never jokers.

Everything is computed once at import (a few tenths of a second) into numpy tables that the kernels
read as constants: :data:`MOVE_MASK` (a move's counts, four bits a rank: bit ``4r + k`` set when the
move holds more than ``k`` cards of rank ``r``, so a hand holds a move exactly when
``move & ~hand == 0``), :data:`MOVE_CLASS`, :data:`MOVE_RANK`, :data:`MOVE_SIZE` (bytes: every kernel
that reads a table carries a copy of it in the kernel cache), and the *blocks*: the runs of moves of
one class and rank, with the mask of their main part.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import numpy as np

RANKS = "3456789TJQKA2BR"
"""The rank characters, lowest first (``B`` black joker, ``R`` red joker)."""
NUM_RANKS = 15
"""Ranks 0-14."""
TWO = 12
"""Rank index of the 2 (no chain holds a 2 or a joker)."""
BLACK, RED = 13, 14
"""Rank indexes of the jokers."""
DECK = np.array([4] * 13 + [1, 1], dtype=np.int64)
"""Cards of each rank in the 54-card deck."""

CLASSES: tuple[tuple[str, str, int], ...] = (
    ("solo", "solo", 1), ("pair", "pair", 1), ("trio", "trio", 1), ("trio_solo", "trio_solo", 1),
    ("trio_pair", "trio_pair", 1),
    *((f"solo_chain_{n}", "solo_chain", n) for n in range(5, 13)),
    *((f"pair_chain_{n}", "pair_chain", n) for n in range(3, 11)),
    *((f"trio_chain_{n}", "trio_chain", n) for n in range(2, 7)),
    *((f"trio_solo_chain_{n}", "trio_solo_chain", n) for n in range(2, 6)),
    *((f"trio_pair_chain_{n}", "trio_pair_chain", n) for n in range(2, 5)),
    ("four_two_solo", "four_two_solo", 1), ("four_two_pair", "four_two_pair", 1), ("bomb", "bomb", 1),
    ("rocket", "rocket", 1), ("pass", "pass", 0),
)
"""(RLCard's type name, kind, chain length) of each class, in action order."""
CLASS_INDEX = {name: index for index, (name, _, _) in enumerate(CLASSES)}
"""Class name -> class number."""
KIND_NAMES = {
    "solo": "solo", "pair": "pair", "trio": "trio", "trio_solo": "trio with a solo", "trio_pair": "trio with a pair",
    "solo_chain": "chain of solos", "pair_chain": "chain of pairs", "trio_chain": "airplane",
    "trio_solo_chain": "airplane with solos", "trio_pair_chain": "airplane with pairs",
    "four_two_solo": "four with two solos", "four_two_pair": "four with two pairs", "bomb": "bomb",
    "rocket": "rocket", "pass": "pass",
}
"""Each kind of move in words."""
BOMB_CLASS = CLASS_INDEX["bomb"]
"""The class of the bombs (four of a kind)."""
ROCKET_CLASS = CLASS_INDEX["rocket"]
"""The class of the rocket (both jokers)."""
PASS_CLASS = CLASS_INDEX["pass"]
"""The class of the pass."""


def _kicker_solos(main: dict[int, int], size: int, chain: tuple[int, int] | None) -> list[tuple[int, ...]]:
    """Solo kickers (sorted rank tuples) for a main part, in RLCard's order (see the module docstring)."""
    free = [r for r in range(NUM_RANKS) if r not in main]
    plain = [r for r in free if r < BLACK]
    if chain is None:  # trio + solo (one kicker) or four + two solos
        if size == 1:
            return [(r,) for r in free]
        return [k for k in combinations_with_replacement(free, 2) if not (k[0] >= BLACK and k[1] >= BLACK)]
    start, length = chain
    near = {start - 1, start + length} - {TWO}

    def allowed(kickers: tuple[int, ...]) -> bool:
        for r in set(kickers):
            n = kickers.count(r)
            if n > 3 or (n > 2 and r in near) or (r >= BLACK and n > 1):
                return False
        return not (BLACK in kickers and RED in kickers)

    if length == 2:
        return [k for k in combinations_with_replacement(free, 2) if allowed(k)]
    if length == 3:
        distinct = [k for k in combinations(free, 3) if allowed(k)]
        triples = [(r, r, r) for r in plain if allowed((r, r, r))]
        pairs = [tuple(sorted((p, p, s))) for p in plain for s in free if s != p]
        return distinct + triples + [k for k in pairs if allowed(k)]
    with_joker = [k + (j,) for k in combinations_with_replacement(plain, size - 1) if allowed(k)
                  for j in (BLACK, RED)]
    return with_joker + [k for k in combinations_with_replacement(plain, size) if allowed(k)]


def _kicker_pairs(main: dict[int, int], size: int) -> list[tuple[int, ...]]:
    """Pair kickers: ``size`` different ranks (no jokers) outside the main part, in increasing order."""
    return list(combinations([r for r in range(BLACK) if r not in main], size))


def _main_parts(kind: str, length: int) -> list[tuple[int, dict[int, int], tuple[int, int] | None]]:
    """(rank, counts of the main part, (chain start, length) or None) in increasing rank."""
    per = {"solo": 1, "pair": 2, "trio": 3, "trio_solo": 3, "trio_pair": 3, "four_two_solo": 4,
           "four_two_pair": 4, "bomb": 4, "solo_chain": 1, "pair_chain": 2, "trio_chain": 3,
           "trio_solo_chain": 3, "trio_pair_chain": 3}[kind]
    if kind == "solo":
        return [(r, {r: 1}, None) for r in range(NUM_RANKS)]
    if kind.endswith("chain"):
        return [(start, {start + i: per for i in range(length)}, (start, length))
                for start in range(0, TWO - length + 1)]
    return [(r, {r: per}, None) for r in range(BLACK)]


def _moves_of_class(name: str, kind: str, length: int) -> list[tuple[int, dict[int, int]]]:
    """(rank, counts) of every move of one class, in action order."""
    if kind == "rocket":
        return [(BLACK, {BLACK: 1, RED: 1})]
    if kind == "pass":
        return [(0, {})]
    moves = []
    for rank, main, chain in _main_parts(kind, length):
        if kind in ("trio_solo", "four_two_solo", "trio_solo_chain"):
            size = 2 if kind == "four_two_solo" else length
            kicker_sets = [(k, 1) for k in _kicker_solos(main, size, chain)]
        elif kind in ("trio_pair", "four_two_pair", "trio_pair_chain"):
            size = 2 if kind == "four_two_pair" else length
            kicker_sets = [(k, 2) for k in _kicker_pairs(main, size)]
        else:
            kicker_sets = [((), 0)]
        for kickers, each in kicker_sets:
            counts = dict(main)
            for r in kickers:
                counts[r] = counts.get(r, 0) + each
            moves.append((rank, counts))
    return moves


def _thermometer(counts) -> int:
    """Four bits a rank: bit 4r + k set when there are more than k cards of rank r."""
    mask = 0
    for r, n in enumerate(counts):
        mask |= ((1 << int(min(n, 4))) - 1) << (4 * r)
    return mask


def _build():
    classes, ranks, sizes, counts_rows, block_rows = [], [], [], [], []
    for index, (name, kind, length) in enumerate(CLASSES):
        for rank, counts in _moves_of_class(name, kind, length):
            row = [counts.get(r, 0) for r in range(NUM_RANKS)]
            if not block_rows or block_rows[-1][0] != index or block_rows[-1][1] != rank:
                block_rows.append([index, rank, len(classes)])
            classes.append(index)
            ranks.append(rank)
            sizes.append(sum(row))
            counts_rows.append(row)
    counts = np.array(counts_rows, dtype=np.int8)
    return np.array(classes, np.int8), np.array(ranks, np.int8), np.array(sizes, np.int8), counts, block_rows


MOVE_CLASS, MOVE_RANK, MOVE_SIZE, MOVE_COUNTS, _BLOCKS = _build()
"""Each move's class, rank, number of cards and count per rank (int8)."""
NUM_MOVES = int(MOVE_CLASS.shape[0])
"""27,472: every combination and the pass."""
PASS = NUM_MOVES - 1
"""The pass (RLCard's action 27471)."""
MOVE_MASK = np.array([_thermometer(row) for row in MOVE_COUNTS], dtype=np.int64)
"""Each move's counts as a thermometer mask (see the module docstring)."""

BLOCK_CLASS = np.array([b[0] for b in _BLOCKS], dtype=np.int64)
"""Each block's class."""
BLOCK_RANK = np.array([b[1] for b in _BLOCKS], dtype=np.int64)
"""Each block's rank."""
BLOCK_START = np.array([b[2] for b in _BLOCKS] + [NUM_MOVES], dtype=np.int64)
"""Moves ``BLOCK_START[b]`` .. ``BLOCK_START[b + 1] - 1`` are block ``b``: one class, one rank."""
NUM_BLOCKS = int(BLOCK_CLASS.shape[0])
"""309 blocks (RLCard's abstract actions: one per class and main part)."""
BLOCK_MASK = np.array([int(np.bitwise_and.reduce(MOVE_MASK[BLOCK_START[b]:BLOCK_START[b + 1]]))
                       for b in range(NUM_BLOCKS)], dtype=np.int64)
"""What every move of a block holds (its main part): a hand without it holds none of the block."""
BLOCK_SIZE = MOVE_SIZE[BLOCK_START[:-1]].astype(np.int64)
"""Cards in each move of a block."""
CLASS_FIRST_BLOCK = np.searchsorted(BLOCK_CLASS, np.arange(len(CLASSES) + 1)).astype(np.int64)
"""Blocks ``CLASS_FIRST_BLOCK[c]`` .. ``CLASS_FIRST_BLOCK[c + 1] - 1`` are class ``c``'s."""
CLASS_KIND = tuple(kind for _, kind, _ in CLASSES)
"""Each class's kind ('solo', 'trio_solo_chain', ...)."""

NAMES: tuple[str, ...] = tuple("pass" if c == PASS_CLASS else "".join(RANKS[r] * int(n) for r, n in enumerate(row))
                               for c, row in zip(MOVE_CLASS, MOVE_COUNTS))
"""Each move as RLCard writes it: the cards sorted 3..2 B R ('33345', 'BR'), or 'pass'."""
MOVE_OF_NAME = {name: index for index, name in enumerate(NAMES)}
"""Sorted card string -> move number."""


def counts_of(text: str) -> list[int]:
    """Counts per rank of a card string in any order ('T' or '10' for ten, case ignored)."""
    counts = [0] * NUM_RANKS
    for char in text.upper().replace("10", "T"):
        if char in " ,-":
            continue
        if char not in RANKS:
            raise ValueError(f"{char!r} is not a card: cards are {' '.join(RANKS)}")
        counts[RANKS.index(char)] += 1
    return counts


def text_of(counts) -> str:
    """The cards of ``counts`` sorted 3..2 B R."""
    return "".join(RANKS[r] * int(n) for r, n in enumerate(counts) if n > 0)


def move_of_counts(counts) -> int | None:
    """The move holding exactly ``counts``, None when those cards make no move."""
    return MOVE_OF_NAME.get(text_of(counts))


def class_name(move: int) -> str:
    """RLCard's type of ``move`` ('trio_solo_chain_2')."""
    return CLASSES[int(MOVE_CLASS[move])][0]


def kind_words(move: int) -> str:
    """The kind of ``move`` in words, with its length for a chain ('chain of 5 solos', 'pair')."""
    _, kind, length = CLASSES[int(MOVE_CLASS[move])]
    if kind in ("solo_chain", "pair_chain"):
        return f"chain of {length} {kind.split('_')[0]}s"
    if kind.startswith("trio_") and "chain" in kind:
        return KIND_NAMES[kind].replace("airplane", f"airplane of {length} trios")
    return KIND_NAMES[kind]


__all__ = [
    "BLACK", "BLOCK_CLASS", "BLOCK_MASK", "BLOCK_RANK", "BLOCK_SIZE", "BLOCK_START", "BOMB_CLASS", "CLASSES",
    "CLASS_FIRST_BLOCK", "CLASS_INDEX", "CLASS_KIND", "DECK", "KIND_NAMES", "MOVE_CLASS", "MOVE_COUNTS", "MOVE_MASK",
    "MOVE_OF_NAME", "MOVE_RANK", "MOVE_SIZE", "NAMES", "NUM_BLOCKS", "NUM_MOVES", "NUM_RANKS", "PASS", "PASS_CLASS",
    "RANKS", "RED", "ROCKET_CLASS", "TWO", "class_name", "counts_of", "kind_words", "move_of_counts", "text_of",
]

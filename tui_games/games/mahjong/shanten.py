"""Shanten: how many tiles a hand lacks of ready (0 ready, -1 complete), in numba.

The numbers are the ``mahjong`` package's ``Shanten`` exactly, for each of its three forms, on a hand
of 34 counts holding 3n+1 or 3n+2 tiles (n <= 4; the called melds count as the sets the hand lacks):

* :func:`seven_pairs` and :func:`thirteen_orphans` count pairs and kinds;
* the regular form (four sets and a pair) scores every way the hand splits into sets, pairs, partial
  sets (two tiles of a run) and lone tiles: ``8 - 2*sets - partials - pairs`` with no more than four
  sets and partials counted besides one pair (further pairs count as partials). Which splits are
  tried, and two corrections for kinds held four times (a split with no pair whose lone tiles are all
  of kinds the hand holds four of lacks one tile more: no pair can come from them; an honour held four
  times lacks a tile however split), follow the package's search, so that the numbers are its
  numbers, not the "true" distance in tile swaps.

The splits of each suit are independent, so the search runs per suit (:func:`suit_summary`) and keeps,
for each count of sets and with or without a pair, the most pairs and partials reached
(:data:`SUMMARY` values per suit), then joins the three suits and the honours. A suit's summary
depends on its nine counts only; ``scripts/mahjong_shanten_tables.py`` writes every suit of up to 14
tiles (:data:`SUIT_HANDS`) to ``shanten_table.npz`` beside this module; :func:`regular_shanten` is
handed that table (:func:`load_table`) and searches only for hands that hold a kind four times (where
the corrections need more than the summary). :func:`regular_search` and
:func:`shanten_search` need no table (for kernels that cannot be handed one); they take a few times
longer.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from tui_games.engine.jit import kernel, np

TABLE_FILE = "shanten_table.npz"
"""The shipped table of suit summaries, beside this module."""
MAX_SETS = 4
"""Sets of a complete hand besides its pair."""
SUMMARY = (MAX_SETS + 1) * 2
"""Values of a suit's summary: the most pairs and partial sets for 0-4 sets, without and with a pair
(index ``sets * 2 + has_pair``; -1 where the suit cannot split so)."""
NO_LONE, LONE_HELD_FOUR, LONE_OTHER = 0, 1, 2
"""What a split leaves lone: nothing; only tiles held four times; some other tile."""
SUIT_TILES = 14
"""The most tiles of one suit a table row describes."""
ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33], dtype=np.int64)
"""The kinds of thirteen orphans."""


def _rank_offsets() -> np.ndarray:
    """``offsets[i, used, c]``: how many suits of up to :data:`SUIT_TILES` tiles that agree before
    rank i (holding ``used`` tiles there) hold fewer than c of rank i; the sum along a suit ranks it."""
    within = np.zeros((10, SUIT_TILES + 1), dtype=np.int64)  # within[k, s]: k counts (0-4) of sum <= s
    within[0, :] = 1
    for k in range(1, 10):
        for s in range(SUIT_TILES + 1):
            within[k, s] = sum(within[k - 1, s - v] for v in range(5) if s - v >= 0)
    offsets = np.zeros((9, SUIT_TILES + 1, 5), dtype=np.int64)
    for i in range(9):
        for used in range(SUIT_TILES + 1):
            total = 0
            for c in range(5):
                offsets[i, used, c] = total
                if SUIT_TILES - used - c >= 0:
                    total += within[8 - i, SUIT_TILES - used - c]
    return offsets


RANK_OFFSETS = _rank_offsets()
"""See :func:`_rank_offsets`."""
def _count_suit_hands() -> int:
    """Suits of 9 counts (0-4) holding at most :data:`SUIT_TILES` tiles."""
    within = [1] * (SUIT_TILES + 1)
    for _ in range(9):
        within = [sum(within[s - v] for v in range(5) if s - v >= 0) for s in range(SUIT_TILES + 1)]
    return within[SUIT_TILES]


SUIT_HANDS = _count_suit_hands()
"""Rows of the table: every suit of at most 14 tiles."""


@kernel()
def suit_rank(c, first):
    """The table row of the suit whose nine counts start at ``c[first]`` (at most 14 tiles)."""
    rank = 0
    used = 0
    for i in range(9):
        n = c[first + i]
        rank += RANK_OFFSETS[i, used, n]
        used += n
    return rank


STACK = 256
"""Room for the splits waiting to be tried in one suit: a step puts at most 7 on the stack and takes
a tile or more, so 14 tiles need fewer than 100."""


@kernel()
def _count(x, rank):
    """How many of ``rank`` the packed suit ``x`` holds (three bits a rank)."""
    return (x >> (3 * rank)) & 7


@kernel()
def _push(stack, top, x, rank, sets, partials, pairs, lone):
    """Puts a split still to be followed on ``stack`` at ``top``; returns the new top."""
    stack[top, 0] = x
    stack[top, 1] = rank
    stack[top, 2] = sets
    stack[top, 3] = partials
    stack[top, 4] = pairs
    stack[top, 5] = lone
    return top + 1


@kernel()
def suit_summary(c, first, out):
    """The splits of the suit ``c[first:first + 9]`` into ``out[sets, has pair, what is lone]`` (5 x 2 x
    3): the most pairs + partial sets, -1 where no split has that many sets and pair and lone tiles.

    The splits are the package's: at the lowest rank still held, by how many are held there, the ways
    its search takes them (a set, a pair, a run, a partial set, a lone tile), the rest of the suit
    split the same way from the next rank (or the same rank, where tiles of it remain to take)."""
    out[:, :, :] = -1
    x = 0
    four = 0
    for i in range(9):
        x |= c[first + i] << (3 * i)
        if c[first + i] == 4:
            four |= 1 << i
    stack = np.empty((STACK, 6), dtype=np.int64)
    top = _push(stack, 0, x, 0, 0, 0, 0, 0)
    while top > 0:
        top -= 1
        x = stack[top, 0]
        d = stack[top, 1]
        sets = stack[top, 2]
        partials = stack[top, 3]
        pairs = stack[top, 4]
        lone = stack[top, 5]
        while d < 9 and _count(x, d) == 0:
            d += 1
        if d >= 9:
            kind = NO_LONE if lone == 0 else (LONE_HELD_FOUR if lone & ~four == 0 else LONE_OTHER)
            paired = 1 if pairs > 0 else 0
            if partials + pairs > out[sets, paired, kind]:
                out[sets, paired, kind] = partials + pairs
            continue
        u0 = 1 << (3 * d)
        u1 = u0 << 3
        u2 = u0 << 6
        run = u0 + u1 + u2
        n = _count(x, d)
        if n == 4:
            y = x - 3 * u0  # a set, and the fourth tile taken with the next ranks or left lone
            if d < 7 and _count(y, d + 2) > 0:
                if _count(y, d + 1) > 0:
                    top = _push(stack, top, y - run, d + 1, sets + 2, partials, pairs, lone)
                top = _push(stack, top, y - u0 - u2, d + 1, sets + 1, partials + 1, pairs, lone)
            if d < 8 and _count(y, d + 1) > 0:
                top = _push(stack, top, y - u0 - u1, d + 1, sets + 1, partials + 1, pairs, lone)
            top = _push(stack, top, y - u0, d + 1, sets + 1, partials, pairs, lone | (1 << d))
            y = x - 2 * u0  # a pair, and a run or a partial set from the rest
            if d < 7 and _count(y, d + 2) > 0:
                if _count(y, d + 1) > 0:
                    top = _push(stack, top, y - run, d, sets + 1, partials, pairs + 1, lone)
                top = _push(stack, top, y - u0 - u2, d + 1, sets, partials + 1, pairs + 1, lone)
            if d < 8 and _count(y, d + 1) > 0:
                top = _push(stack, top, y - u0 - u1, d + 1, sets, partials + 1, pairs + 1, lone)
        elif n == 3:
            top = _push(stack, top, x - 3 * u0, d + 1, sets + 1, partials, pairs, lone)
            y = x - 2 * u0
            if d < 7 and _count(y, d + 1) > 0 and _count(y, d + 2) > 0:
                top = _push(stack, top, y - run, d + 1, sets + 1, partials, pairs + 1, lone)
            else:
                if d < 7 and _count(y, d + 2) > 0:
                    top = _push(stack, top, y - u0 - u2, d + 1, sets, partials + 1, pairs + 1, lone)
                if d < 8 and _count(y, d + 1) > 0:
                    top = _push(stack, top, y - u0 - u1, d + 1, sets, partials + 1, pairs + 1, lone)
            if d < 7 and _count(x, d + 1) >= 2 and _count(x, d + 2) >= 2:
                top = _push(stack, top, x - 2 * run, d, sets + 2, partials, pairs, lone)
        elif n == 2:
            top = _push(stack, top, x - 2 * u0, d + 1, sets, partials, pairs + 1, lone)
            if d < 7 and _count(x, d + 1) > 0 and _count(x, d + 2) > 0:
                top = _push(stack, top, x - run, d, sets + 1, partials, pairs, lone)
        elif d < 6 and _count(x, d + 1) == 1 and _count(x, d + 2) > 0 and _count(x, d + 3) != 4:
            top = _push(stack, top, x - run, d + 2, sets + 1, partials, pairs, lone)
        else:
            top = _push(stack, top, x - u0, d + 1, sets, partials, pairs, lone | (1 << d))
            if d < 7 and _count(x, d + 2) > 0:
                if _count(x, d + 1) > 0:
                    top = _push(stack, top, x - run, d + 1, sets + 1, partials, pairs, lone)
                top = _push(stack, top, x - u0 - u2, d + 1, sets, partials + 1, pairs, lone)
            if d < 8 and _count(x, d + 1) > 0:
                top = _push(stack, top, x - u0 - u1, d + 1, sets, partials + 1, pairs, lone)


@kernel()
def _honors(c):
    """(sets, pairs, what is lone, lacking) of the honours, which split one way only: a triplet is a
    set, a pair a pair, a single lone; four of a kind a set and a lone tile, and the hand lacks one
    tile for each (one fewer when the hand holds 3n+2 tiles), as the package counts them."""
    sets = 0
    pairs = 0
    fours = 0
    singles = 0
    total = 0
    for k in range(34):
        total += c[k]
    for k in range(27, 34):
        n = c[k]
        if n >= 3:
            sets += 1
        if n == 4:
            fours += 1
        elif n == 2:
            pairs += 1
        elif n == 1:
            singles += 1
    lone = NO_LONE if fours + singles == 0 else (LONE_HELD_FOUR if singles == 0 else LONE_OTHER)
    lacking = fours
    if fours > 0 and total % 3 == 2:
        lacking -= 1
    return sets, pairs, lone, lacking, total


@kernel()
def _score(sets, paired, reach):
    """The regular form's shanten of a split with ``sets`` sets (called ones included), with or
    without a pair, and ``reach`` pairs + partial sets besides."""
    room = MAX_SETS - sets
    if paired:
        return 7 - 2 * sets - min(reach - 1, room)
    return 8 - 2 * sets - min(reach, room)


@kernel()
def regular_search(c):
    """The regular form's shanten of the hand ``c`` (34 counts), with no table: the package's
    ``calculate_shanten_for_regular_hand``."""
    h_sets, h_pairs, h_lone, lacking, total = _honors(c)
    called = (14 - total) // 3
    best = np.full((MAX_SETS + 1, 2, 3), -1, dtype=np.int64)
    best[min(called + h_sets, MAX_SETS), 1 if h_pairs > 0 else 0, h_lone] = h_pairs
    suit = np.empty((MAX_SETS + 1, 2, 3), dtype=np.int64)
    joined = np.empty((MAX_SETS + 1, 2, 3), dtype=np.int64)
    for first in range(0, 27, 9):
        suit_summary(c, first, suit)
        joined[:, :, :] = -1
        for m in range(MAX_SETS + 1):
            for p in range(2):
                for lone in range(3):
                    have = best[m, p, lone]
                    if have < 0:
                        continue
                    for sm in range(MAX_SETS + 1 - m):
                        for sp in range(2):
                            for slone in range(3):
                                add = suit[sm, sp, slone]
                                if add < 0:
                                    continue
                                kind = max(lone, slone)  # nothing < only tiles held four < another
                                if have + add > joined[m + sm, p | sp, kind]:
                                    joined[m + sm, p | sp, kind] = have + add
        best[:, :, :] = joined
    result = 8
    for m in range(MAX_SETS + 1):
        for p in range(2):
            for lone in range(3):
                if best[m, p, lone] >= 0:
                    value = _score(m, p, best[m, p, lone])
                    if p == 0 and lone == LONE_HELD_FOUR:
                        value += 1
                    result = min(result, value)
    if result != -1 and result < lacking:
        result = lacking
    return result


@kernel()
def joined_suits(c, sets, pairs, table):
    """The regular form's shanten of the suited kinds of ``c`` joined by the suit ``table``, given the
    ``sets`` and ``pairs`` already counted outside the suits (honours, called sets)."""
    # best[m * 2 + p]: most pairs + partials with m sets, p whether a pair; -1 unreachable
    best = np.full(SUMMARY, -1, dtype=np.int64)
    best[min(sets, MAX_SETS) * 2 + (1 if pairs > 0 else 0)] = pairs
    joined = np.empty(SUMMARY, dtype=np.int64)
    for first in range(0, 27, 9):
        row = table[suit_rank(c, first)]
        joined[:] = -1
        for a in range(SUMMARY):
            have = best[a]
            if have < 0:
                continue
            m = a >> 1
            for b in range(SUMMARY - 2 * m):
                add = row[b]
                if add >= 0:
                    slot = ((m + (b >> 1)) << 1) | (a & 1) | (b & 1)
                    if have + add > joined[slot]:
                        joined[slot] = have + add
        best[:] = joined
    result = 8
    for a in range(SUMMARY):
        if best[a] >= 0:
            result = min(result, _score(a >> 1, a & 1, best[a]))
    return result


@kernel()
def regular_shanten(c, table):
    """The regular form's shanten of the hand ``c`` (34 counts) by the suit ``table``
    (:func:`load_table`): the package's ``calculate_shanten_for_regular_hand``."""
    total = 0
    for k in range(34):
        if c[k] == 4:
            return regular_search(c)
        total += c[k]
    sets = (14 - total) // 3
    pairs = 0
    for k in range(27, 34):
        if c[k] == 3:
            sets += 1
        elif c[k] == 2:
            pairs += 1
    return joined_suits(c, sets, pairs, table)


@kernel()
def seven_pairs(c):
    """Seven pairs' shanten of the hand ``c``: the package's ``calculate_shanten_for_chiitoitsu_hand``
    (a kind held four times is one pair)."""
    pairs = 0
    kinds = 0
    for k in range(34):
        if c[k] >= 2:
            pairs += 1
        if c[k] >= 1:
            kinds += 1
    if pairs == 7:
        return -1
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


@kernel()
def thirteen_orphans(c):
    """Thirteen orphans' shanten of the hand ``c``: the package's ``calculate_shanten_for_kokushi_hand``."""
    kinds = 0
    paired = 0
    for j in range(13):
        n = c[ORPHANS[j]]
        if n > 0:
            kinds += 1
        if n >= 2:
            paired = 1
    return 13 - kinds - paired


@kernel()
def _other_forms(c, regular):
    """The least of ``regular`` and, for a closed hand (13 or 14 tiles), seven pairs and thirteen orphans."""
    total = 0
    for k in range(34):
        total += c[k]
    if total >= 13:
        regular = min(regular, seven_pairs(c), thirteen_orphans(c))
    return regular


@kernel()
def shanten(c, table):
    """The hand's shanten over every form: the package's ``Shanten().calculate_shanten`` (seven pairs
    and thirteen orphans only for 13 or 14 tiles), by the suit ``table``."""
    return _other_forms(c, regular_shanten(c, table))


@kernel()
def shanten_search(c):
    """:func:`shanten` with no table."""
    return _other_forms(c, regular_search(c))


@kernel()
def shanten_many(hands, table, out):
    """:func:`shanten` of each row of ``hands`` (n x 34) into ``out``."""
    for i in range(hands.shape[0]):
        out[i] = shanten(hands[i], table)


@kernel()
def shanten_search_many(hands, out):
    """:func:`shanten_search` of each row of ``hands`` (n x 34) into ``out``."""
    for i in range(hands.shape[0]):
        out[i] = shanten_search(hands[i])


@kernel()
def build_table(out):
    """Every suit of up to 14 tiles, in :func:`suit_rank` order, summarised into ``out``
    (:data:`SUIT_HANDS` x :data:`SUMMARY`, int8): the most pairs + partials over what is lone."""
    c = np.zeros(9, dtype=np.int64)
    summary = np.empty((MAX_SETS + 1, 2, 3), dtype=np.int64)
    total = 0
    row = 0
    while True:
        suit_summary(c, 0, summary)
        for m in range(MAX_SETS + 1):
            for p in range(2):
                out[row, m * 2 + p] = max(summary[m, p, 0], summary[m, p, 1], summary[m, p, 2])
        row += 1
        i = 8  # the next suit in rank order: the last count that can grow grows, those after it empty
        while i >= 0 and (c[i] == 4 or total == SUIT_TILES):
            total -= c[i]
            c[i] = 0
            i -= 1
        if i < 0:
            return row
        c[i] += 1
        total += 1


def table_path() -> Path:
    """Where the shipped table lies (inside the installed package)."""
    return Path(str(resources.files(__package__).joinpath(TABLE_FILE)))


@lru_cache(maxsize=1)
def load_table() -> np.ndarray:
    """The suit table (:data:`SUIT_HANDS` x :data:`SUMMARY`, int8), read from the shipped file; built in
    memory (a second or two) where the file is missing."""
    path = table_path()
    if path.exists():
        with np.load(path) as data:
            table = data["table"]
        if table.shape == (SUIT_HANDS, SUMMARY):
            return table
    return make_table()


def make_table() -> np.ndarray:
    """The suit table built afresh by :func:`build_table`."""
    table = np.empty((SUIT_HANDS, SUMMARY), dtype=np.int8)
    rows = build_table(table)
    assert rows == SUIT_HANDS, (rows, SUIT_HANDS)
    return table


__all__ = [
    "MAX_SETS", "ORPHANS", "SUIT_HANDS", "SUMMARY", "TABLE_FILE", "build_table", "load_table", "make_table",
    "regular_search", "regular_shanten", "seven_pairs", "shanten", "shanten_many", "shanten_search",
    "shanten_search_many",
    "suit_rank", "suit_summary", "table_path", "thirteen_orphans",
]

"""Winning hands: every way a hand's concealed tiles split into sets and a pair, seven pairs, or
thirteen orphans, in numba.

A hand is its concealed tiles as 34 counts, 3n+2 of them (14 with no call; each called meld is one
set fewer to find). :func:`splits` writes each way the tiles complete the hand as one row of
:data:`ROW` numbers, the form first:

* ``[REGULAR, pair, set, set, set, set, -1, -1]``: the pair's kind, then the concealed sets in
  order, each a :func:`set code <set_code>` (a triplet: its kind; a run: 34 + its lowest kind),
  ``-1`` for each set a call supplies;
* ``[SEVEN_PAIRS, kind, ..., kind]``: seven different kinds held twice (14 concealed tiles only);
* ``[THIRTEEN_ORPHANS, pair, -1, ...]``: one of each 1, 9 and honour, ``pair`` the kind held twice.

The rows are the package's ``HandDivider.divide_hand`` decompositions (which leave thirteen orphans to
the scorer) and, with thirteen orphans, exactly the hands its ``Agari.is_agari`` accepts.
:func:`is_complete` answers that alone, and :func:`waits` lists the kinds that would complete a
hand of 3n+1 tiles.
"""

from __future__ import annotations

from tui_games.engine.jit import kernel, np

REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS = 0, 1, 2
"""The forms of a winning hand (a row's first number)."""
ROW = 8
"""Numbers in a split's row."""
RUN = 34
"""Added to a run's lowest kind in a set code (a triplet's code is its kind)."""
MAX_SPLITS = 8
"""Rows :func:`splits` may write: more than any hand has (a 14-tile hand splits at most 4 ways besides
seven pairs; tests/games/test_mahjong_winning.py counts them over every one-suit hand)."""
ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33], dtype=np.int64)
"""The kinds of thirteen orphans."""


@kernel()
def set_code(kind, run):
    """The code of a set: a triplet of ``kind``, or (``run``) the run from ``kind`` up."""
    return kind + RUN if run else kind


@kernel()
def _runs_from(kind):
    """Whether a run can start at ``kind`` (a suit's 1 to 7)."""
    return kind < 27 and kind % 9 <= 6


@kernel()
def _sets_only(t, pair, needed, out, n, limit):
    """Every way ``t`` (the pair taken out) splits into ``needed`` sets, each written to ``out`` from
    row ``n`` (at most up to ``limit``) as a regular row with ``pair``; returns how many ways (all of
    them, also those past ``limit``). ``limit`` 0 stops at the first way. ``t`` is left as it was."""
    kinds = np.empty(4, dtype=np.int64)
    codes = np.empty(4, dtype=np.int64)
    tried = np.zeros(5, dtype=np.int64)  # at each depth: 0 nothing yet, 1 the triplet, 2 the run too
    found = 0
    depth = 0
    low = 0
    while True:
        if depth == needed:
            if n + found < limit:
                row = n + found
                out[row, 0] = REGULAR
                out[row, 1] = pair
                for j in range(4):
                    out[row, 2 + j] = codes[j] if j < needed else -1
                out[row, 6] = -1
                out[row, 7] = -1
            found += 1
            if limit == 0:
                break
        else:
            if tried[depth] == 0:
                while t[low] == 0:
                    low += 1
                kinds[depth] = low
            k = kinds[depth]
            if tried[depth] == 0:
                tried[depth] = 1
                if t[k] >= 3:
                    t[k] -= 3
                    codes[depth] = k
                    depth += 1
                    tried[depth] = 0
                    continue
            if tried[depth] == 1:
                tried[depth] = 2
                # runs from k before a triplet of k, so that no split is found twice
                after_triplet = depth > 0 and codes[depth - 1] == k
                if not after_triplet and _runs_from(k) and t[k + 1] > 0 and t[k + 2] > 0:
                    t[k] -= 1
                    t[k + 1] -= 1
                    t[k + 2] -= 1
                    codes[depth] = k + RUN
                    depth += 1
                    tried[depth] = 0
                    continue
        if depth == 0:
            break
        depth -= 1  # back up: put the set of this depth back, and try its next way
        code = codes[depth]
        if code >= RUN:
            t[code - RUN] += 1
            t[code - RUN + 1] += 1
            t[code - RUN + 2] += 1
        else:
            t[code] += 3
        low = kinds[depth]
    while depth > 0:
        depth -= 1
        code = codes[depth]
        if code >= RUN:
            t[code - RUN] += 1
            t[code - RUN + 1] += 1
            t[code - RUN + 2] += 1
        else:
            t[code] += 3
    return found


@kernel()
def _is_orphans(c, total):
    """The kind held twice when the hand is thirteen orphans, else -1."""
    if total != 14:
        return -1
    pair = -1
    for j in range(13):
        n = c[ORPHANS[j]]
        if n == 0 or n > 2:
            return -1
        if n == 2:
            pair = ORPHANS[j]
    return pair


@kernel()
def _is_seven_pairs(c, total):
    """Whether the hand is seven different kinds held twice each (14 concealed tiles)."""
    if total != 14:
        return False
    for k in range(34):
        if c[k] != 0 and c[k] != 2:
            return False
    return True


@kernel()
def splits(c, out):
    """Every way the concealed hand ``c`` (34 counts, 3n+2 tiles) completes, into the rows of ``out``
    (at least :data:`MAX_SPLITS` x :data:`ROW`); returns how many. Regular rows come by the pair's
    kind, then seven pairs, then thirteen orphans."""
    total = 0
    for k in range(34):
        total += c[k]
    n = 0
    if total % 3 != 2 or total > 14:
        return 0
    t = c.copy()
    needed = (total - 2) // 3
    for p in range(34):
        if t[p] >= 2:
            t[p] -= 2
            n += _sets_only(t, p, needed, out, n, out.shape[0])
            t[p] += 2
    if _is_seven_pairs(c, total):
        if n < out.shape[0]:
            out[n, 0] = SEVEN_PAIRS
            j = 1
            for k in range(34):
                if c[k] == 2:
                    out[n, j] = k
                    j += 1
        n += 1
    pair = _is_orphans(c, total)
    if pair >= 0:
        if n < out.shape[0]:
            out[n, :] = -1
            out[n, 0] = THIRTEEN_ORPHANS
            out[n, 1] = pair
        n += 1
    return n


@kernel()
def is_complete(c):
    """Whether the concealed hand ``c`` (34 counts, 3n+2 tiles) is a winning shape: the package's
    ``Agari.is_agari`` of the hand with its called melds."""
    total = 0
    for k in range(34):
        total += c[k]
    if total % 3 != 2 or total > 14:
        return False
    if _is_seven_pairs(c, total) or _is_orphans(c, total) >= 0:
        return True
    for k in range(27, 34):
        if c[k] == 1 or c[k] == 4:
            return False
    t = c.copy()
    none = np.empty((0, ROW), dtype=np.int64)
    needed = (total - 2) // 3
    for p in range(34):
        if t[p] >= 2:
            t[p] -= 2
            found = _sets_only(t, p, needed, none, 0, 0)
            t[p] += 2
            if found > 0:
                return True
    return False


@kernel()
def is_regular(c):
    """Whether the concealed hand ``c`` (34 counts, 3n+2 tiles) is sets and one pair (neither seven
    pairs nor thirteen orphans count)."""
    total = 0
    for k in range(34):
        total += c[k]
    if total % 3 != 2 or total > 14:
        return False
    t = c.copy()
    none = np.empty((0, ROW), dtype=np.int64)
    for p in range(34):
        if t[p] >= 2:
            t[p] -= 2
            found = _sets_only(t, p, (total - 2) // 3, none, 0, 0)
            t[p] += 2
            if found > 0:
                return True
    return False


@kernel()
def waits(c, out):
    """The kinds that complete the concealed hand ``c`` (3n+1 tiles) into ``out``; returns how many. A
    kind the hand holds four of is no wait (there is no fifth tile to win on)."""
    n = 0
    t = c.copy()
    for k in range(34):
        if t[k] < 4:
            t[k] += 1
            if is_complete(t):
                out[n] = k
                n += 1
            t[k] -= 1
    return n


def split_list(counts) -> list[list[list[int]]]:
    """:func:`splits` of a hand (34 counts) as lists of blocks, each block the kinds of its tiles
    (``[k, k]`` a pair, ``[k, k, k]`` a triplet, ``[k, k+1, k+2]`` a run), blocks sorted; thirteen
    orphans as its one pair and twelve single kinds."""
    hand = np.asarray(counts, dtype=np.int64)
    out = np.empty((MAX_SPLITS, ROW), dtype=np.int64)
    found = splits(hand, out)
    rows = []
    for row in out[:min(found, MAX_SPLITS)]:
        if row[0] == SEVEN_PAIRS:
            rows.append([[int(k), int(k)] for k in row[1:]])
        elif row[0] == THIRTEEN_ORPHANS:
            pair = int(row[1])
            rows.append(sorted([[pair, pair]] + [[int(k)] for k in ORPHANS if k != pair]))
        else:
            blocks = [[int(row[1])] * 2]
            for code in row[2:6]:
                if code >= RUN:
                    blocks.append([int(code) - RUN + j for j in range(3)])
                elif code >= 0:
                    blocks.append([int(code)] * 3)
            rows.append(sorted(blocks))
    return rows


__all__ = [
    "MAX_SPLITS", "ORPHANS", "REGULAR", "ROW", "RUN", "SEVEN_PAIRS", "THIRTEEN_ORPHANS", "is_complete",
    "is_regular", "set_code", "split_list", "splits", "waits",
]

"""Tile efficiency for the mahjong AI, in numba: what a seat has not seen, shanten and ukeire, and the
shanten of an open hand along the yaku it can still make.

* :func:`unseen_kinds` counts, for each kind, the tiles a seat has not seen (four less its hand, every
  pond, every meld and the indicators): the tiles it may still draw or win on.
* :func:`ukeire` is the number of those tiles that would lower a hand's shanten; :func:`discard_table`
  writes, for each kind a 14-tile hand may discard, the shanten and ukeire left.
* An open hand needs a yaku it can still make: a yakuhai triplet (called or concealed), all simples
  (tanyao, every meld simple) or one suit with honours (honitsu, every meld of that suit or honours).
  :func:`open_shanten` is the least shanten over the yaku its melds still allow, counting only the
  tiles each yaku may use (:func:`restricted_shanten`: the tiles outside are junk to discard); a hand
  with no yaku left is :data:`NO_YAKU_SHANTEN`. A closed hand always has riichi, so its shanten is the
  plain one (:func:`shanten.shanten`, seven pairs and thirteen orphans included).

Every kernel that needs shanten takes the suit table (:func:`shanten.load_table`) as an argument.
"""

from tui_games.engine.jit import kernel, np
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong import scoring as sc
from tui_games.games.mahjong.shanten import joined_suits, shanten

KINDS = 34
NO_YAKU_SHANTEN = 9
"""The shanten given an open hand whose melds leave it no yaku (no hand is farther than 8)."""
ALL_KINDS = (np.int64(1) << KINDS) - 1
SIMPLES = np.int64(sum(1 << k for k in range(27) if 1 <= k % 9 <= 7))
"""The suits' 2-8 as a bit mask of kinds."""
HONOURS = ALL_KINDS & ~((np.int64(1) << 27) - 1)
"""The winds and dragons as a bit mask of kinds."""
SUIT_MASKS = np.array([((np.int64(1) << 9) - 1) << (9 * suit) for suit in range(3)], dtype=np.int64)
"""The kinds of each suit as bit masks."""


# ----- what a seat has seen ----------------------------------------------------------------------------
@kernel()
def meld_kinds(s, seat, m, out):
    """Adds the tiles of meld ``m`` of ``seat`` to the 34 counts ``out``."""
    base = R.meld_at(seat, m)
    kind_type = s[base + R.M_TYPE]
    kind = s[base + R.M_KIND]
    if kind_type == sc.CHI:
        out[kind] += 1
        out[kind + 1] += 1
        out[kind + 2] += 1
    elif kind_type == sc.PON:
        out[kind] += 3
    else:
        out[kind] += 4


@kernel()
def seen_kinds(s, player, out):
    """The tiles of each kind ``player`` has seen (its hand, every pond, every meld, the indicators)
    into the 34 counts ``out``."""
    for k in range(KINDS):
        out[k] = s[R.HANDS + player * KINDS + k]
    for seat in range(R.SEATS):
        for i in range(s[R.DISCARD_N + seat]):
            code = s[R.DISCARDS + seat * R.MAX_DISCARDS + i]
            if not code & R.D_CALLED:
                out[R.kind_of_type(code & 63)] += 1
        for m in range(s[R.MELD_N + seat]):
            meld_kinds(s, seat, m, out)
    for j in range(s[R.DORA_N]):
        out[R.kind_of_type(s[R.DORA + j])] += 1
    for j in range(s[R.URA_N]):
        out[R.kind_of_type(s[R.URA + j])] += 1


@kernel()
def unseen_kinds(s, player, out):
    """The tiles of each kind ``player`` has not seen (in other hands or the walls) into ``out``."""
    seen_kinds(s, player, out)
    for k in range(KINDS):
        out[k] = max(4 - out[k], 0)


# ----- shanten and ukeire ------------------------------------------------------------------------------
@kernel()
def total_tiles(c):
    """The tiles in the 34 counts ``c``."""
    n = 0
    for k in range(KINDS):
        n += c[k]
    return n


@kernel()
def ukeire(c, sh, unseen, table):
    """The unseen tiles (``unseen``: 34 counts) that lower the shanten ``sh`` of the 3n+1-tile hand ``c``
    (``c`` is left as it was)."""
    n = 0
    for k in range(KINDS):
        if unseen[k] > 0 and c[k] < 4:
            c[k] += 1
            if shanten(c, table) < sh:
                n += unseen[k]
            c[k] -= 1
    return n


@kernel()
def discard_table(c, unseen, table, sh_out, uk_out, slack):
    """For each kind the 3n+2-tile hand ``c`` holds: the shanten after discarding one (``sh_out``) and,
    where that is within ``slack`` of the best, the ukeire then (``uk_out``; -1 elsewhere and for
    kinds not held, whose shanten is 99). Returns the best shanten."""
    best = 99
    for k in range(KINDS):
        sh_out[k] = 99
        uk_out[k] = -1
        if c[k] > 0:
            c[k] -= 1
            sh_out[k] = shanten(c, table)
            c[k] += 1
            best = min(best, sh_out[k])
    for k in range(KINDS):
        if sh_out[k] <= best + slack:
            c[k] -= 1
            uk_out[k] = ukeire(c, sh_out[k], unseen, table)
            c[k] += 1
    return best


# ----- open hands: shanten along a yaku ----------------------------------------------------------------
@kernel()
def restricted_shanten(c, table, sets, allowed):
    """The regular form's shanten of the hand ``c`` using only the kinds in the bit mask ``allowed``
    (the rest count as junk), with ``sets`` sets already called: the suit table joined as
    :func:`shanten.regular_shanten` joins it (a kind held four times counts as three and a lone one)."""
    h = np.zeros(KINDS, dtype=np.int64)
    pairs = 0
    for k in range(KINDS):
        if (allowed >> k) & 1:
            h[k] = min(c[k], 4)
    for k in range(27, KINDS):
        if h[k] >= 3:
            sets += 1
        elif h[k] == 2:
            pairs += 1
    return joined_suits(h, sets, pairs, table)


@kernel()
def yakuhai(kind, seat_wind, round_wind):
    """Whether a triplet of ``kind`` is a yaku: a dragon, the seat's wind or the round's."""
    return kind >= 31 or kind == seat_wind or kind == round_wind


@kernel()
def meld_mask(s, seat):
    """The kinds in the seat's melds as a bit mask, and whether one is a yakuhai triplet or kan."""
    mask = np.int64(0)
    has_yakuhai = False
    wind = R.seat_wind(s, seat)
    for m in range(s[R.MELD_N + seat]):
        base = R.meld_at(seat, m)
        kind = s[base + R.M_KIND]
        if s[base + R.M_TYPE] == sc.CHI:
            mask |= np.int64(7) << kind
        else:
            mask |= np.int64(1) << kind
            if yakuhai(kind, wind, s[R.ROUND_WIND]):
                has_yakuhai = True
    return mask, has_yakuhai


@kernel()
def open_shanten(c, table, sets, melds, has_yakuhai, wind, round_wind):
    """The least shanten of the open hand ``c`` (concealed counts; ``sets`` melds whose kinds are the
    mask ``melds``, ``has_yakuhai`` when one is a yakuhai triplet) over the yaku it can still make:
    any shape with a yakuhai triplet (called, or concealed: the hand must keep it), all simples, one
    suit with honours; :data:`NO_YAKU_SHANTEN` when none is left."""
    best = NO_YAKU_SHANTEN
    if has_yakuhai:
        best = min(best, shanten(c, table))
    else:
        for k in range(27, KINDS):
            if c[k] >= 3 and yakuhai(k, wind, round_wind):
                best = min(best, shanten(c, table))
                break
    if melds & ~SIMPLES == 0:
        best = min(best, restricted_shanten(c, table, sets, SIMPLES))
    for suit in range(3):
        allowed = SUIT_MASKS[suit] | HONOURS
        if melds & ~allowed == 0:
            best = min(best, restricted_shanten(c, table, sets, allowed))
    return best


@kernel()
def hand_shanten(s, seat, c, table):
    """The shanten of ``seat``'s hand with the concealed counts ``c``: the plain one for a closed hand,
    :func:`open_shanten` for an open one; in the simple game, sets and a pair alone (no yaku)."""
    if R.simple_game(s):
        return restricted_shanten(c, table, s[R.MELD_N + seat], ALL_KINDS)
    if R.closed_hand(s, seat):
        return shanten(c, table)
    melds, has_yakuhai = meld_mask(s, seat)
    return open_shanten(c, table, s[R.MELD_N + seat], melds, has_yakuhai, R.seat_wind(s, seat), s[R.ROUND_WIND])


@kernel()
def hand_ukeire(s, seat, c, sh, unseen, table):
    """:func:`ukeire` by :func:`hand_shanten`: the unseen tiles lowering ``sh`` for the seat's hand."""
    n = 0
    for k in range(KINDS):
        if unseen[k] > 0 and c[k] < 4:
            c[k] += 1
            if hand_shanten(s, seat, c, table) < sh:
                n += unseen[k]
            c[k] -= 1
    return n


@kernel()
def hand_discards(s, seat, c, unseen, table, sh_out, uk_out, slack):
    """:func:`discard_table` by :func:`hand_shanten` (the yaku an open hand can still make)."""
    if R.closed_hand(s, seat):
        return discard_table(c, unseen, table, sh_out, uk_out, slack)
    best = 99
    for k in range(KINDS):
        sh_out[k] = 99
        uk_out[k] = -1
        if c[k] > 0:
            c[k] -= 1
            sh_out[k] = hand_shanten(s, seat, c, table)
            c[k] += 1
            best = min(best, sh_out[k])
    for k in range(KINDS):
        if sh_out[k] <= best + slack:
            c[k] -= 1
            uk_out[k] = hand_ukeire(s, seat, c, sh_out[k], unseen, table)
            c[k] += 1
    return best


__all__ = [
    "HONOURS", "NO_YAKU_SHANTEN", "SIMPLES", "SUIT_MASKS", "discard_table", "hand_discards", "hand_shanten",
    "hand_ukeire", "meld_kinds", "meld_mask", "open_shanten", "restricted_shanten", "seen_kinds", "total_tiles",
    "ukeire", "unseen_kinds", "yakuhai",
]

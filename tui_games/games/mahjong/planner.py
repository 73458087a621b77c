"""The numbers the AI weighs for each discard and each call, in numba: shanten and ukeire after it, the
odds of winning and of dealing in when pushing on (:mod:`.odds`), and the hand's value (:mod:`.value`).

:func:`discard_values` fills one row per kind the seat may discard; :func:`after_call` plays a call
on a copy of the seat's view with the rules' own kernel, so the tiles taken, the meld and the tiles
the caller may not discard next (kuikae) are the rules' and the same rows can be read after it.
"""

from tui_games.engine.jit import kernel, np
from tui_games.games.mahjong import efficiency as E
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong.constants import DISCARD, RIICHI
from tui_games.games.mahjong.odds import odds
from tui_games.games.mahjong.value import estimate_value, ready_value, seat_reds

KINDS = 34
SH, UK, WIN, DEAL, VALUE, TILES = range(6)
"""Columns of a row of :func:`discard_values`: shanten, ukeire, win odds, deal-in odds, value, and the
unseen tiles a ready hand wins on with a yaku."""
COLUMNS = 6


@kernel()
def riichi_others(s, seat):
    """How many other seats are in riichi."""
    n = 0
    for other in range(R.SEATS):
        if other != seat and s[R.IN_RIICHI + other] > 0:
            n += 1
    return n


@kernel()
def may_discard(s, seat, kind):
    """Whether the seat may discard a tile of ``kind`` now (held, not forbidden after a call)."""
    if s[R.HANDS + seat * KINDS + kind] == 0:
        return False
    return s[R.AFTER_CALL] == 0 or (kind != s[R.FORBID] and kind != s[R.FORBID + 1])


@kernel()
def will_riichi(s, seat):
    """Whether the seat could declare riichi on a ready discard now (closed, points, tiles left)."""
    return (s[R.IN_RIICHI + seat] == 0 and s[R.AFTER_CALL] == 0 and s[R.SCORES + seat] >= 1000
            and s[R.LIVE_LEFT] >= 4 and R.closed_hand(s, seat))


@kernel()
def hand_row(s, seat, c, reds, sh, uk, unseen, table, odds_table, row):
    """Fills ``row`` for the 3n+1 hand ``c`` (red flags ``reds``) at shanten ``sh`` and ukeire ``uk``."""
    w, d = odds(odds_table, sh, uk, s[R.LIVE_LEFT], riichi_others(s, seat))
    row[SH] = sh
    row[UK] = uk
    row[DEAL] = d
    row[TILES] = 0.0
    if sh >= E.NO_YAKU_SHANTEN:
        row[WIN] = 0.0
        row[VALUE] = 0.0
    elif sh == 0:
        v, tiles = ready_value(s, seat, c, reds, unseen, will_riichi(s, seat))
        row[VALUE] = v
        row[TILES] = tiles
        row[WIN] = w if tiles > 0 else 0.0
    else:
        row[WIN] = w
        row[VALUE] = estimate_value(s, seat, c, reds, table)


@kernel()
def discard_values(s, seat, table, odds_table, slack, rows):
    """For each kind the seat may discard (rows of ``rows``: 34 x :data:`COLUMNS`; shanten 99 for the
    others): the numbers after discarding it; kinds more than ``slack`` shanten behind the best get
    shanten and ukeire only. Returns the best shanten."""
    c = R.hand_counts(s, seat)
    unseen = np.empty(KINDS, dtype=np.int64)
    E.unseen_kinds(s, seat, unseen)
    sh = np.empty(KINDS, dtype=np.int64)
    uk = np.empty(KINDS, dtype=np.int64)
    E.hand_discards(s, seat, c, unseen, table, sh, uk, slack)
    reds = seat_reds(s, seat)
    best = 99
    for k in range(KINDS):
        if may_discard(s, seat, k):
            best = min(best, sh[k])
    for k in range(KINDS):
        rows[k, :] = 0.0
        rows[k, SH] = 99
        if not may_discard(s, seat, k):
            continue
        if uk[k] < 0:
            rows[k, SH] = sh[k]
            continue
        after = reds.copy()
        r = R.red_suit(k)
        if r >= 0 and R.plain_count(s, seat, k) == 0:
            after[r] = 0
        c[k] -= 1
        hand_row(s, seat, c, after, sh[k], uk[k], unseen, table, odds_table, rows[k])
        c[k] += 1
    return best


@kernel()
def current_row(s, seat, table, odds_table, row):
    """:func:`hand_row` for the seat's hand as it is (3n+1 tiles, between turns)."""
    c = R.hand_counts(s, seat)
    unseen = np.empty(KINDS, dtype=np.int64)
    E.unseen_kinds(s, seat, unseen)
    sh = E.hand_shanten(s, seat, c, table)
    uk = E.hand_ukeire(s, seat, c, sh, unseen, table) if sh < E.NO_YAKU_SHANTEN else 0
    hand_row(s, seat, c, seat_reds(s, seat), sh, uk, unseen, table, odds_table, row)


@kernel()
def after_call(s, seat, action, out):
    """``out``: a copy of ``s`` with the seat's call ``action`` (chi or pon on the last discard) played
    by the rules, the seat about to discard."""
    out[:] = s
    R.call_discard(out, seat, action)


@kernel()
def kan_shanten(s, seat, kind, table):
    """The seat's shanten once it has made a closed or added kan of ``kind`` (before the rinshan draw)."""
    c = R.hand_counts(s, seat)
    if c[kind] == 4:
        c[kind] = 0
        sets = s[R.MELD_N + seat] + 1
        if R.closed_hand(s, seat):
            return E.restricted_shanten(c, table, sets, E.ALL_KINDS)
        melds, has_yakuhai = E.meld_mask(s, seat)
        melds |= np.int64(1) << kind
        has_yakuhai = has_yakuhai or E.yakuhai(kind, R.seat_wind(s, seat), s[R.ROUND_WIND])
        return E.open_shanten(c, table, sets, melds, has_yakuhai, R.seat_wind(s, seat), s[R.ROUND_WIND])
    c[kind] -= 1
    return E.hand_shanten(s, seat, c, table)


@kernel()
def discard_action(s, seat, kind, riichi):
    """The action discarding ``kind`` (a plain tile before the red five), declaring riichi with ``riichi``."""
    t = kind
    if R.plain_count(s, seat, kind) == 0:
        t = R.RED_TYPE + R.red_suit(kind)
    return (RIICHI if riichi else DISCARD) + t


__all__ = ["COLUMNS", "DEAL", "SH", "TILES", "UK", "VALUE", "WIN", "after_call", "current_row", "discard_action",
           "discard_values", "kan_shanten", "may_discard", "riichi_others", "will_riichi"]

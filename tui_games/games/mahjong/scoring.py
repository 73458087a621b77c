"""Riichi scoring in numba: the yaku, han, fu and payments of a win, equal to the ``mahjong``
package's ``HandCalculator.estimate_hand_value`` under the game's options (Tenhou's ranked rules:
red fives, open tanyao, no kiriage, 30 fu open pinfu shape, 20 fu pinfu tsumo, double yakuman
scored single, 13+ han counted a yakuman; see docs/dev/mahjong-plan.md).

A win is one int64 array of :data:`WIN_SIZE` numbers (:func:`situation` writes one from Python):

* ``[W_COUNTS:+34]`` the concealed tiles by kind, the winning tile among them (3n+2 tiles);
* ``[W_MELDS:+8]`` up to four called melds, each (type, lowest kind), type :data:`NO_MELD` for none:
  :data:`CHI`, :data:`PON`, :data:`OPEN_KAN`, :data:`CLOSED_KAN`, :data:`ADDED_KAN` (who a meld was
  called from changes nothing in the score);
* ``W_WIN`` the winning kind, ``W_REDS`` the red fives anywhere in the hand (melds too),
  ``W_FLAGS`` the situation (:data:`TSUMO`, :data:`RIICHI` ... bits), ``W_SEAT`` and ``W_ROUND``
  the winds (kinds 27-30; the dealer is the seat wind east);
* ``[W_DORA:+5]``, ``[W_URA:+5]`` the dora and ura indicators by kind (-1 none; ura counts only
  after riichi), ``W_HONBA`` and ``W_STICKS`` the honba and riichi sticks on the table.

:func:`score` writes the result into :data:`OUT_SIZE` numbers (``O_*``): han, fu, the yaku as a
mask of :mod:`~tui_games.games.mahjong.yaku` numbers (Tenhou's), the dora, red five and ura
counts, the yakuman multiple, and the package's ``cost``: main, additional, their honba bonuses, the
riichi sticks, total, and the level (:data:`LEVELS`); it returns :data:`WIN` or why the hand is no
win (:data:`NOT_COMPLETE`, :data:`NO_YAKU`, :data:`BAD_SITUATION`: a situation the package refuses,
such as riichi with an open hand).

How the package reads a hand, mirrored here: every decomposition (its ``HandDivider`` order: blocks
sorted by kind then quad < triplet < pair < run, decompositions sorted), for each, every distinct
concealed block holding the winning kind as the block won on (fu and pinfu depend on it); the best
reading is the highest total, then a real yakuman over a counted one, then han, fu and the unrounded
fu, the first read winning ties. Facts read from the package's ``hand_calculating`` sources (no code
copied); its odd readings that we keep are listed in docs/dev/mahjong-plan.md.
"""

from __future__ import annotations

from tui_games.engine.jit import kernel, np
from tui_games.games.mahjong import yaku as yk
from tui_games.games.mahjong.winning import MAX_SPLITS, ORPHANS, REGULAR, ROW, RUN, SEVEN_PAIRS, splits

NO_MELD, CHI, PON, OPEN_KAN, CLOSED_KAN, ADDED_KAN = -1, 0, 1, 2, 3, 4
"""Meld types (an added kan is a pon made a kan: the package's shouminkan)."""
TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, RINSHAN, CHANKAN, HAITEI, HOUTEI, TENHOU, CHIIHOU, NAGASHI = (
    1 << k for k in range(11))
"""Situation flags (``W_FLAGS`` bits). :data:`NAGASHI`: a nagashi mangan at the exhaustive draw
(the hand is not read; with :data:`TSUMO` it is paid as a tsumo)."""

W_COUNTS, W_MELDS, W_WIN, W_REDS, W_FLAGS, W_SEAT, W_ROUND, W_DORA, W_URA, W_HONBA, W_STICKS = (
    0, 34, 42, 43, 44, 45, 46, 47, 52, 57, 58)
"""Where each part of a win lies in its array."""
WIN_SIZE = 59
"""Numbers in a win's array."""
MAX_INDICATORS = 5
"""Dora (and ura) indicators at most."""

(O_HAN, O_FU, O_YAKU, O_DORA, O_AKA, O_URA, O_YAKUMAN, O_MAIN, O_ADDITIONAL, O_MAIN_BONUS,
 O_ADDITIONAL_BONUS, O_KYOUTAKU, O_TOTAL, O_LEVEL) = range(14)
"""The result's numbers: han; fu; yaku mask; dora, red five and ura dora counted (0 with a yakuman);
yakuman multiple (0: none, kazoe included); the package's cost fields; the level (:data:`LEVELS`)."""
OUT_SIZE = 14
"""Numbers in a result."""
WIN, NOT_COMPLETE, NO_YAKU, BAD_SITUATION = 0, 1, 2, 3
"""What :func:`score` returns: a win, or why not."""
LEVELS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "2x yakuman", "3x yakuman",
          "4x yakuman", "5x yakuman", "6x yakuman", "nagashi mangan")
"""The package's ``yaku_level`` by level number (a counted yakuman shows as ``"yakuman"``, as there)."""

QUAD, TRIPLET, PAIR, SEQUENCE = 0, 1, 2, 3
"""Block types, in the order the package sorts them."""
EAST, HAKU = 27, 31
GREEN = np.array([19, 20, 21, 23, 25, 32], dtype=np.int64)

HAN_CLOSED = yk.HAN_CLOSED
HAN_OPEN = yk.HAN_OPEN
YAKUMAN_MASK = np.int64(yk.YAKUMAN_MASK)


@kernel()
def dora_of(indicator):
    """The dora kind an indicator (kind) shows: the next in its suit, wind or dragon cycle."""
    if indicator < 27:
        return indicator // 9 * 9 + (indicator % 9 + 1) % 9
    if indicator < HAKU:
        return EAST + (indicator - EAST + 1) % 4
    return HAKU + (indicator - HAKU + 1) % 3


@kernel()
def _terminal(kind):
    return kind < 27 and (kind % 9 == 0 or kind % 9 == 8)


@kernel()
def _outer(kind):
    """A 1, 9 or honour."""
    return kind >= 27 or kind % 9 == 0 or kind % 9 == 8


@kernel()
def _ceil100(x):
    return (x + 99) // 100 * 100


@kernel()
def cost(han, fu, tsumo, dealer, honba, sticks, yakuman, out):
    """The package's ``ScoresCalculator.calculate_scores`` (no kiriage, 13+ han counted a single
    yakuman, six yakuman at most) into ``out[O_MAIN:O_LEVEL + 1]``."""
    if han >= 13 and not yakuman:
        han = 13
    if han >= 5:
        if han >= 78:
            level, rounded = 10, 48000
        elif han >= 65:
            level, rounded = 9, 40000
        elif han >= 52:
            level, rounded = 8, 32000
        elif han >= 39:
            level, rounded = 7, 24000
        elif han >= 26:
            level, rounded = 6, 16000
        elif han >= 13:
            level, rounded = 5, 8000
        elif han >= 11:
            level, rounded = 4, 6000
        elif han >= 8:
            level, rounded = 3, 4000
        elif han >= 6:
            level, rounded = 2, 3000
        else:
            level, rounded = 1, 2000
        double, four, six = 2 * rounded, 4 * rounded, 6 * rounded
    else:
        base = fu * (1 << (2 + han))
        level = 0
        rounded, double, four, six = _ceil100(base), _ceil100(2 * base), _ceil100(4 * base), _ceil100(6 * base)
        if rounded > 2000:
            level, rounded, double, four, six = 1, 2000, 4000, 8000, 12000
    if tsumo:
        main, main_bonus = double, 100 * honba
        additional, additional_bonus = (main if dealer else rounded), main_bonus
    else:
        main, main_bonus = (six if dealer else four), 300 * honba
        additional, additional_bonus = 0, 0
    out[O_MAIN] = main
    out[O_ADDITIONAL] = additional
    out[O_MAIN_BONUS] = main_bonus
    out[O_ADDITIONAL_BONUS] = additional_bonus
    out[O_KYOUTAKU] = 1000 * sticks
    out[O_TOTAL] = main + main_bonus + 2 * (additional + additional_bonus) + 1000 * sticks
    out[O_LEVEL] = level


@kernel()
def _bad_situation(flags, dealer, melds, opened):
    """Whether the package refuses the situation (its checks, in its order)."""
    riichi = flags & RIICHI != 0
    double = flags & DOUBLE_RIICHI != 0
    tsumo = flags & TSUMO != 0
    if (riichi or double) and opened:
        return True
    if flags & IPPATSU and not (riichi or double):
        return True
    if flags & CHANKAN and tsumo:
        return True
    if flags & (RINSHAN | HAITEI) and not tsumo:
        return True
    if flags & HOUTEI and tsumo:
        return True
    if flags & HAITEI and flags & RINSHAN:
        return True
    if flags & HOUTEI and flags & CHANKAN:
        return True
    if flags & TENHOU and (not dealer or not tsumo or melds > 0):
        return True
    if flags & CHIIHOU and (dealer or not tsumo or melds > 0):
        return True
    return False


@kernel()
def _blocks(row, win, keys, concealed):
    """The blocks of one split with the called melds, as sort keys ``kind * 4 + type`` in the
    package's order, into ``keys``; ``concealed[i]`` 1 for a block of the concealed hand; returns how
    many."""
    n = 0
    if row[0] == SEVEN_PAIRS:
        for j in range(7):
            keys[n] = row[1 + j] * 4 + PAIR
            concealed[n] = 1
            n += 1
    else:
        keys[n] = row[1] * 4 + PAIR
        concealed[n] = 1
        n += 1
        for j in range(4):
            code = row[2 + j]
            if code >= 0:
                keys[n] = (code - RUN) * 4 + SEQUENCE if code >= RUN else code * 4 + TRIPLET
                concealed[n] = 1
                n += 1
        for m in range(4):
            kind_type = win[W_MELDS + 2 * m]
            if kind_type == NO_MELD:
                continue
            kind = win[W_MELDS + 2 * m + 1]
            keys[n] = kind * 4 + (SEQUENCE if kind_type == CHI else TRIPLET if kind_type == PON else QUAD)
            concealed[n] = 0
            n += 1
    for i in range(1, n):  # insertion sort, carrying the concealed flags
        k, c = keys[i], concealed[i]
        j = i - 1
        while j >= 0 and keys[j] > k:
            keys[j + 1] = keys[j]
            concealed[j + 1] = concealed[j]
            j -= 1
        keys[j + 1] = k
        concealed[j + 1] = c
    return n


@kernel()
def _before(a, na, b, nb):
    """Whether block list ``a`` sorts before ``b`` (Python's list order)."""
    for i in range(min(na, nb)):
        if a[i] != b[i]:
            return a[i] < b[i]
    return na < nb


@kernel()
def _situation_yaku(flags, opened):
    """The yaku the situation gives, whatever the hand's shape."""
    mask = np.int64(0)
    if flags & TSUMO and not opened:
        mask |= 1 << yk.MENZEN_TSUMO
    if flags & DOUBLE_RIICHI:
        mask |= 1 << yk.DOUBLE_RIICHI
    elif flags & RIICHI:
        mask |= 1 << yk.RIICHI
    for flag, number in ((IPPATSU, yk.IPPATSU), (RINSHAN, yk.RINSHAN), (CHANKAN, yk.CHANKAN),
                         (HAITEI, yk.HAITEI), (HOUTEI, yk.HOUTEI), (TENHOU, yk.TENHOU), (CHIIHOU, yk.CHIIHOU)):
        if flags & flag:
            mask |= np.int64(1) << number
    return mask


@kernel()
def _run_yaku(keys, n, opened, suits):
    """Chanta, junchan, ittsu, iipeikou/ryanpeikou and sanshoku of a decomposition with runs (the
    first three only checked when it is not all simples, as the package checks them)."""
    mask = np.int64(0)
    terminal_sets = honour_sets = 0
    simples = True
    runs = np.zeros(3, dtype=np.int64)
    ranks = np.zeros(3, dtype=np.int64)
    for i in range(n):
        kind, kt = keys[i] >> 2, keys[i] & 3
        last = kind + 2 if kt == SEQUENCE else kind
        simples &= not (_outer(kind) or _outer(last))
        if _terminal(kind) or _terminal(last):
            terminal_sets += 1
        elif kind >= 27:
            honour_sets += 1
        if kt == SEQUENCE:
            ranks[kind // 9] |= 1 << (kind % 9)
            if kind % 3 == 0:
                runs[kind // 9] |= 1 << (kind % 9 // 3)
    if not simples:
        if terminal_sets + honour_sets == 5 and terminal_sets != 0 and honour_sets != 0:
            mask |= 1 << yk.CHANTA
        if terminal_sets == 5:
            mask |= 1 << yk.JUNCHAN
        if runs[0] == 7 or runs[1] == 7 or runs[2] == 7:
            mask |= 1 << yk.ITTSU
    if not opened:
        same = 0
        i = 0
        while i < n:  # equal runs lie side by side
            j = i + 1
            while j < n and keys[j] == keys[i]:
                j += 1
            if keys[i] & 3 == SEQUENCE:
                same += (j - i) // 2
            i = j
        if same >= 2:
            mask |= 1 << yk.RYANPEIKOU
        elif same == 1:
            mask |= 1 << yk.IIPEIKO
    if suits == 7 and ranks[0] & ranks[1] & ranks[2] != 0:
        mask |= 1 << yk.SANSHOKU
    return mask


@kernel()
def _honour_yaku(keys, n, seat, rnd):
    """Yakuhai, shousangen, daisangen, shousuushii and daisuushii."""
    mask = np.int64(0)
    dragon_sets = dragon_pons = wind_pons = wind_pairs = 0
    for i in range(n):
        kind, kt = keys[i] >> 2, keys[i] & 3
        pon = kt == TRIPLET or kt == QUAD
        if kind >= HAKU:
            dragon_sets += 1 if pon or kt == PAIR else 0
            dragon_pons += 1 if pon else 0
            if pon:
                mask |= 1 << (yk.HAKU + kind - HAKU)
        elif kind >= EAST:
            wind_pons += 1 if pon else 0
            wind_pairs += 1 if kt == PAIR else 0
            if pon and kind == seat:
                mask |= 1 << (yk.SEAT_EAST + kind - EAST)
            if pon and kind == rnd:
                mask |= 1 << (yk.ROUND_EAST + kind - EAST)
    if dragon_sets == 3:
        mask |= 1 << yk.SHOUSANGEN
    if dragon_pons == 3:
        mask |= 1 << yk.DAISANGEN
    if wind_pons == 3 and wind_pairs == 1:
        mask |= 1 << yk.SHOUSUUSHII
    if wind_pons == 4:
        mask |= 1 << yk.DAISUUSHII
    return mask


@kernel()
def _concealed_triplets(keys, n, win, tsumo, meld_open, open_chi):
    """Concealed triplets and kans for sanankou, as the package counts them: on a ron, the triplet
    of the winning kind counts as called unless a concealed run holds that kind too."""
    closed = 0
    chi_on_win = False
    for i in range(n):
        kind, kt = keys[i] >> 2, keys[i] & 3
        if kt == TRIPLET or kt == QUAD:
            if not meld_open[kind]:
                closed += 1
        elif kt == SEQUENCE and kind <= win <= kind + 2 and open_chi[kind] == 0:
            chi_on_win = True
    if not tsumo and not chi_on_win:
        for i in range(n):
            kind, kt = keys[i] >> 2, keys[i] & 3
            if (kt == TRIPLET or kt == QUAD) and kind == win and not meld_open[kind]:
                return closed - 1
    return closed


@kernel()
def _nine_gates(full, first):
    """Whether the suit from kind ``first`` holds 1112345678999 and one more (all 14 tiles)."""
    ranks = full[first:first + 9].copy()
    if ranks[0] < 3 or ranks[8] < 3:
        return False
    ranks[0] -= 2
    ranks[8] -= 2
    twos = 0
    for r in range(9):
        if ranks[r] == 2:
            twos += 1
        elif ranks[r] != 1:
            return False
    return twos == 1


@kernel()
def _set_yaku(keys, n, full, win, tsumo, seat, rnd, opened, melds, kan_melds, meld_open, open_chi, suits,
              honours, simples):
    """The yaku of a decomposition with triplets or kans (toitoi ... suukantsu, yakuhai, nine gates)."""
    mask = np.int64(0)
    sets = 0
    ranks = np.zeros(3, dtype=np.int64)
    for i in range(n):
        kind, kt = keys[i] >> 2, keys[i] & 3
        if kt == TRIPLET or kt == QUAD:
            sets += 1
            if kind < 27:
                ranks[kind // 9] |= 1 << (kind % 9)
    if sets == 4:
        mask |= 1 << yk.TOITOI
    if _concealed_triplets(keys, n, win, tsumo, meld_open, open_chi) == 3:
        mask |= 1 << yk.SANANKOU
    if suits == 7 and ranks[0] & ranks[1] & ranks[2] != 0:
        mask |= 1 << yk.SANSHOKU_DOUKOU
    if honours > 0:
        mask |= _honour_yaku(keys, n, seat, rnd)
    if melds == 0 and not simples and honours == 0 and (suits == 1 or suits == 2 or suits == 4):
        if _nine_gates(full, 0 if suits == 4 else 9 if suits == 2 else 18):
            mask |= 1 << (yk.JUNSEI_CHUUREN if full[win] == 2 or full[win] == 4 else yk.CHUUREN)
    if not opened:
        closed = 0
        for i in range(n):
            kind, kt = keys[i] >> 2, keys[i] & 3
            if (kt == TRIPLET or kt == QUAD) and (tsumo or kind != win):
                closed += 1
        if closed == 4:
            mask |= 1 << (yk.SUUANKOU_TANKI if full[win] == 2 else yk.SUUANKOU)
    if kan_melds == 3:
        mask |= 1 << yk.SANKANTSU
    if kan_melds == 4:
        mask |= 1 << yk.SUUKANTSU
    return mask


@kernel()
def _pattern_yaku(keys, n, full, win, flags, seat, rnd, opened, melds, kan_melds, meld_open, open_chi):
    """The yaku of one decomposition that do not depend on the block won on (pinfu does), as a mask,
    checked as the package checks them (same conditions and the same guards)."""
    mask = _situation_yaku(flags, opened)
    chis = sets = honours = suits = 0
    simples = all_honours = all_outer = all_terminal = green = True
    for i in range(n):
        kind, kt = keys[i] >> 2, keys[i] & 3
        if kt == SEQUENCE:
            chis += 1
            simples &= 0 < kind % 9 < 6
            green &= kind == 19
        else:
            sets += 1 if kt != PAIR else 0
            simples &= not _outer(kind)
            hit = False
            for g in GREEN:
                hit |= kind == g
            green &= hit
        all_honours &= kind >= 27
        all_outer &= _outer(kind)
        all_terminal &= _terminal(kind)
        if kind >= 27:
            honours += 1
        else:
            suits |= 4 >> (kind // 9)  # the package's bits: sou 1, pin 2, man 4
    one_suit = suits == 1 or suits == 2 or suits == 4
    if n == 7:
        mask |= 1 << yk.CHIITOITSU
    if simples:
        mask |= 1 << yk.TANYAO
    if honours == 0 and one_suit:
        mask |= 1 << yk.CHINITSU
    elif one_suit and honours > 0:
        mask |= 1 << yk.HONITSU
    if chis == 0:
        if honours > 0 and all_honours:
            mask |= 1 << yk.TSUUIISOU
        if not simples and all_outer:
            mask |= 1 << yk.HONROUTOU
        if not simples and honours == 0 and all_terminal:
            mask |= 1 << yk.CHINROUTOU
    if green:
        mask |= 1 << yk.RYUUIISOU
    if chis > 0:
        mask |= _run_yaku(keys, n, opened, suits)
    if sets > 0:
        mask |= _set_yaku(keys, n, full, win, flags & TSUMO != 0, seat, rnd, opened, melds, kan_melds, meld_open,
                          open_chi, suits, honours, simples)
    return mask


@kernel()
def _fu(keys, n, group, win, tsumo, opened, seat, rnd, meld_open, meld_kan):
    """(fu before the base, unrounded fu with it) of a decomposition read as won on block
    ``keys[group]``: the package's ``FuCalculator`` (seven pairs: 25)."""
    if n == 7:
        return 0, 25
    gkind, gtype = keys[group] >> 2, keys[group] & 3
    fu = 0
    if gtype == SEQUENCE:
        if (gkind % 9 == 0 and win == gkind + 2) or (gkind % 9 == 6 and win == gkind):
            fu += 2  # penchan
        if win == gkind + 1:
            fu += 2  # kanchan
    elif gtype == PAIR:
        fu += 2  # tanki
    for i in range(n):
        kind, kt = keys[i] >> 2, keys[i] & 3
        if kt == PAIR:
            valued = (1 if kind >= HAKU else 0) + (1 if kind == seat else 0) + (1 if kind == rnd else 0)
            fu += 0 if valued == 0 else 2 if valued == 1 else 4
        elif kt == TRIPLET or kt == QUAD:
            was_open = meld_open[kind] or (not tsumo and gtype == TRIPLET and kt == TRIPLET and gkind == kind)
            value = 2 * (2 if _outer(kind) else 1) * (4 if kt == QUAD or meld_kan[kind] else 1)
            fu += value if was_open else 2 * value
    if tsumo and fu > 0:
        fu += 2
    if opened and fu == 0:
        fu += 2
    return fu, fu + (20 if opened or tsumo else 30)


@kernel()
def _han(mask, opened):
    han = 0
    for k in range(yk.DORA):
        if mask >> k & 1:
            han += HAN_OPEN[k] if opened and HAN_OPEN[k] > 0 else HAN_CLOSED[k]
    return han


@kernel()
def _better(total, yakuman, han, fu, raw, out, best_raw):
    """Whether a reading beats the best so far in ``out`` (the package's priority, then the
    unrounded fu; equal: the earlier stays)."""
    best_yakuman = out[O_YAKUMAN] > 0
    if total != out[O_TOTAL]:
        return total > out[O_TOTAL]
    if yakuman != best_yakuman:
        return yakuman
    if han != out[O_HAN]:
        return han > out[O_HAN]
    if fu != out[O_FU]:
        return fu > out[O_FU]
    return raw > best_raw


@kernel()
def score(win, out):
    """The value of the win ``win`` (:data:`WIN_SIZE` numbers) into ``out`` (:data:`OUT_SIZE`);
    returns :data:`WIN`, or :data:`NOT_COMPLETE`, :data:`NO_YAKU` or :data:`BAD_SITUATION` (then
    ``out`` holds nothing of use)."""
    flags = win[W_FLAGS]
    tsumo = flags & TSUMO != 0
    seat, rnd = win[W_SEAT], win[W_ROUND]
    dealer = seat == EAST
    honba, sticks = win[W_HONBA], win[W_STICKS]
    out[:] = 0
    if flags & NAGASHI:
        out[O_HAN] = 5
        out[O_FU] = 30
        out[O_YAKU] = np.int64(1) << yk.NAGASHI_MANGAN
        cost(5, 30, tsumo, dealer, honba, sticks, False, out)
        out[O_LEVEL] = len(LEVELS) - 1
        return WIN
    wk = win[W_WIN]
    concealed = win[W_COUNTS:W_COUNTS + 34]
    if wk < 0 or wk >= 34 or concealed[wk] == 0:
        return BAD_SITUATION
    full = concealed.copy()
    meld_open = np.zeros(34, dtype=np.bool_)
    meld_kan = np.zeros(34, dtype=np.bool_)
    open_chi = np.zeros(34, dtype=np.int64)
    melds = kan_melds = 0
    opened = False
    for m in range(4):
        kind_type, kind = win[W_MELDS + 2 * m], win[W_MELDS + 2 * m + 1]
        if kind_type == NO_MELD:
            continue
        melds += 1
        if kind_type == CHI:
            opened = True
            open_chi[kind] += 1
            for j in range(3):
                full[kind + j] += 1
            continue
        full[kind] += 3 if kind_type == PON else 4
        if kind_type != CLOSED_KAN:
            opened = True
            meld_open[kind] = True
        if kind_type != PON:
            kan_melds += 1
            meld_kan[kind] = True
    if _bad_situation(flags, dealer, melds, opened):
        return BAD_SITUATION

    dora = ura = 0
    for j in range(MAX_INDICATORS):
        if win[W_DORA + j] >= 0:
            dora += full[dora_of(win[W_DORA + j])]
        if win[W_URA + j] >= 0:
            ura += full[dora_of(win[W_URA + j])]
    if not flags & (RIICHI | DOUBLE_RIICHI):
        ura = 0
    aka = win[W_REDS]

    rows = np.empty((MAX_SPLITS, ROW), dtype=np.int64)
    found = min(splits(concealed, rows), MAX_SPLITS)
    keys = np.empty((MAX_SPLITS, 8), dtype=np.int64)
    hidden = np.empty((MAX_SPLITS, 8), dtype=np.int64)
    sizes = np.zeros(MAX_SPLITS, dtype=np.int64)
    order = np.empty(MAX_SPLITS, dtype=np.int64)
    count = 0
    for r in range(found):
        if rows[r, 0] == REGULAR or rows[r, 0] == SEVEN_PAIRS:
            sizes[r] = _blocks(rows[r], win, keys[r], hidden[r])
            j = count
            while j > 0 and _before(keys[r], sizes[r], keys[order[j - 1]], sizes[order[j - 1]]):
                order[j] = order[j - 1]
                j -= 1
            order[j] = r
            count += 1

    result = NOT_COMPLETE
    best_raw = 0
    out[O_TOTAL] = -1
    cost_out = np.zeros(OUT_SIZE, dtype=np.int64)
    for o in range(count):
        r = order[o]
        n = sizes[r]
        bk = keys[r]
        base = _pattern_yaku(bk, n, full, wk, flags, seat, rnd, opened, melds, kan_melds, meld_open, open_chi)
        last = -1
        for g in range(n):
            if hidden[r, g] == 0 or bk[g] == last:
                continue
            gkind, gtype = bk[g] >> 2, bk[g] & 3
            if not (gkind == wk or (gtype == SEQUENCE and gkind <= wk <= gkind + 2)):
                continue
            last = bk[g]
            extra, raw = _fu(bk, n, g, wk, tsumo, opened, seat, rnd, meld_open, meld_kan)
            fu = raw if n == 7 else (raw + 9) // 10 * 10
            mask = base
            if extra == 0 and n != 7 and not opened:
                mask |= 1 << yk.PINFU
            yakuman = mask & YAKUMAN_MASK != 0
            if yakuman:
                mask &= YAKUMAN_MASK
            han = _han(mask, opened)
            if han == 0:
                if result == NOT_COMPLETE:
                    result = NO_YAKU
                continue
            d = a = u = 0
            if not yakuman:
                d, a, u = dora, aka, ura
                han += d + a + u
                if d:
                    mask |= 1 << yk.DORA
                if a:
                    mask |= 1 << yk.AKA_DORA
                if u:
                    mask |= 1 << yk.URA_DORA
            han = min(han, 78)
            cost(han, fu, tsumo, dealer, honba, sticks, yakuman, cost_out)
            if _better(cost_out[O_TOTAL], yakuman, han, fu, raw, out, best_raw):
                result = WIN
                best_raw = raw
                out[O_MAIN:] = cost_out[O_MAIN:]
                out[O_HAN] = han
                out[O_FU] = fu
                out[O_YAKU] = mask
                out[O_DORA] = d
                out[O_AKA] = a
                out[O_URA] = u
                out[O_YAKUMAN] = han // 13 if yakuman else 0
    if not opened:
        product = 1
        for j in range(13):
            product *= full[ORPHANS[j]]
        if product == 2:
            mask = np.int64(1) << (yk.KOKUSHI_13 if full[wk] == 2 else yk.KOKUSHI)
            if flags & TENHOU:
                mask |= 1 << yk.TENHOU
            if flags & CHIIHOU:
                mask |= 1 << yk.CHIIHOU
            han = _han(mask, False)
            cost(han, 0, tsumo, dealer, honba, sticks, True, cost_out)
            if _better(cost_out[O_TOTAL], True, han, 0, 0, out, best_raw):
                result = WIN
                out[O_MAIN:] = cost_out[O_MAIN:]
                out[O_HAN] = han
                out[O_FU] = 0
                out[O_YAKU] = mask
                out[O_DORA] = out[O_AKA] = out[O_URA] = 0
                out[O_YAKUMAN] = han // 13
    return result



@kernel()
def score_many(wins, out, status):
    """:func:`score` of each row of ``wins`` into the rows of ``out``, the status into ``status``."""
    for i in range(wins.shape[0]):
        status[i] = score(wins[i], out[i])
    return 0


def situation(concealed, win_kind, melds=(), *, reds=0, tsumo=False, riichi=False, double_riichi=False,
              ippatsu=False, rinshan=False, chankan=False, haitei=False, houtei=False, tenhou=False,
              chiihou=False, nagashi=False, seat=EAST, round_wind=EAST, dora=(), ura=(), honba=0,
              sticks=0) -> np.ndarray:
    """A win's array (see the module) from Python: ``concealed`` 34 counts, ``melds`` (type, lowest
    kind) pairs, ``dora``/``ura`` indicator kinds."""
    win = np.full(WIN_SIZE, -1, dtype=np.int64)
    win[W_COUNTS:W_COUNTS + 34] = concealed
    for m, (kind_type, kind) in enumerate(melds):
        win[W_MELDS + 2 * m] = kind_type
        win[W_MELDS + 2 * m + 1] = kind
    flags = 0
    for bit, on in ((TSUMO, tsumo), (RIICHI, riichi), (DOUBLE_RIICHI, double_riichi), (IPPATSU, ippatsu),
                    (RINSHAN, rinshan), (CHANKAN, chankan), (HAITEI, haitei), (HOUTEI, houtei),
                    (TENHOU, tenhou), (CHIIHOU, chiihou), (NAGASHI, nagashi)):
        flags |= bit if on else 0
    win[W_WIN], win[W_REDS], win[W_FLAGS], win[W_SEAT], win[W_ROUND] = win_kind, reds, flags, seat, round_wind
    win[W_DORA:W_DORA + len(dora)] = list(dora)
    win[W_URA:W_URA + len(ura)] = list(ura)
    win[W_HONBA], win[W_STICKS] = honba, sticks
    return win


def score_dict(win: np.ndarray) -> dict:
    """:func:`score` of one win as a dict: ``status``, and for a win ``han``, ``fu``, ``yaku``
    (numbers), ``yakuman`` and ``cost`` (the package's cost dict)."""
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    status = int(score(np.ascontiguousarray(win, dtype=np.int64), out))
    if status != WIN:
        return {"status": status}
    return {
        "status": status, "han": int(out[O_HAN]), "fu": int(out[O_FU]), "yaku": yk.yaku_list(int(out[O_YAKU])),
        "dora": int(out[O_DORA]), "aka": int(out[O_AKA]), "ura": int(out[O_URA]), "yakuman": int(out[O_YAKUMAN]),
        "cost": {"main": int(out[O_MAIN]), "additional": int(out[O_ADDITIONAL]),
                 "main_bonus": int(out[O_MAIN_BONUS]), "additional_bonus": int(out[O_ADDITIONAL_BONUS]),
                 "kyoutaku_bonus": int(out[O_KYOUTAKU]), "total": int(out[O_TOTAL]),
                 "yaku_level": LEVELS[int(out[O_LEVEL])]},
    }


__all__ = [
    "ADDED_KAN", "BAD_SITUATION", "CHANKAN", "CHI", "CHIIHOU", "CLOSED_KAN", "DOUBLE_RIICHI", "HAITEI", "HOUTEI",
    "IPPATSU", "LEVELS", "MAX_INDICATORS", "NAGASHI", "NOT_COMPLETE", "NO_MELD", "NO_YAKU", "OPEN_KAN", "OUT_SIZE",
    "O_ADDITIONAL", "O_ADDITIONAL_BONUS", "O_AKA", "O_DORA", "O_FU", "O_HAN", "O_KYOUTAKU", "O_LEVEL", "O_MAIN",
    "O_MAIN_BONUS", "O_TOTAL", "O_URA", "O_YAKU", "O_YAKUMAN", "PON", "RIICHI", "RINSHAN", "TENHOU", "TSUMO",
    "WIN", "WIN_SIZE", "W_COUNTS", "W_DORA", "W_FLAGS", "W_HONBA", "W_MELDS", "W_REDS", "W_ROUND", "W_SEAT",
    "W_STICKS", "W_URA", "W_WIN", "cost", "dora_of", "score", "score_dict", "score_many", "situation",
]

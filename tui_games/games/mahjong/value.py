"""What a hand is worth to the AI, in points of a ron it would win, in numba.

* A ready hand is scored wait by wait by the rules' scorer (:func:`ready_value`): the mean payment
  over its waits, each weighted by the unseen tiles of it, with riichi or without; a wait without a
  yaku is worth nothing.
* A hand further off is guessed (:func:`estimate_value`): its dora and red fives, the yaku its shape is
  heading for (riichi and the little a closed hand picks up on the way, a yakuhai triplet, all simples,
  one suit with honours), priced at 30 fu by the scorer's own table, between the two whole han around
  the guess.
"""

from tui_games.engine.jit import kernel, np
from tui_games.games.mahjong import efficiency as E
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong import scoring as sc
from tui_games.games.mahjong.shanten import regular_shanten, seven_pairs
from tui_games.games.mahjong.winning import waits

KINDS = 34
CLOSED_EXTRA = 0.6
"""Han a closed hand picks up besides riichi on average (menzen tsumo, ura, ippatsu, pinfu)."""
CHIITOI_HAN = 2.0
"""Seven pairs' han."""


@kernel()
def dora_in(s, seat, c, reds):
    """The dora of ``seat``'s hand with the concealed counts ``c`` and red-five flags ``reds`` (3):
    the indicators' dora in the hand and its melds, and the red fives."""
    melds = np.zeros(KINDS, dtype=np.int64)
    red = reds[0] + reds[1] + reds[2]
    for m in range(s[R.MELD_N + seat]):
        E.meld_kinds(s, seat, m, melds)
        red += s[R.meld_at(seat, m) + R.M_REDS]
    n = red
    for j in range(s[R.DORA_N]):
        d = sc.dora_of(R.kind_of_type(s[R.DORA + j]))
        n += c[d] + melds[d]
    return n


@kernel()
def seat_reds(s, seat):
    """The seat's red-five flags (3)."""
    reds = np.empty(3, dtype=np.int64)
    for r in range(3):
        reds[r] = s[R.REDS + seat * 3 + r]
    return reds


@kernel()
def ron_points(s, seat, c, reds, kind, flags, win, out):
    """The points of ``seat`` winning by ron on ``kind`` with the concealed 3n+1 counts ``c``, red flags
    ``reds`` and situation ``flags`` (scoring's bits); 0 when the hand has no yaku."""
    win[:] = -1
    for k in range(KINDS):
        win[sc.W_COUNTS + k] = c[k]
    win[sc.W_COUNTS + kind] += 1
    n_reds = reds[0] + reds[1] + reds[2]
    for m in range(s[R.MELD_N + seat]):
        base = R.meld_at(seat, m)
        win[sc.W_MELDS + 2 * m] = s[base + R.M_TYPE]
        win[sc.W_MELDS + 2 * m + 1] = s[base + R.M_KIND]
        n_reds += s[base + R.M_REDS]
    win[sc.W_WIN] = kind
    win[sc.W_REDS] = n_reds
    win[sc.W_FLAGS] = flags
    win[sc.W_SEAT] = R.seat_wind(s, seat)
    win[sc.W_ROUND] = s[R.ROUND_WIND]
    for j in range(s[R.DORA_N]):
        win[sc.W_DORA + j] = R.kind_of_type(s[R.DORA + j])
    win[sc.W_HONBA] = 0
    win[sc.W_STICKS] = 0
    if sc.score(win, out) != sc.WIN:
        return 0
    return out[sc.O_MAIN]


@kernel()
def ready_value(s, seat, c, reds, unseen, riichi):
    """(mean points over the waits of the ready 3n+1 hand ``c`` weighted by their unseen tiles, unseen
    tiles it wins on with a yaku); ``riichi`` scores it as a riichi (plus :data:`CLOSED_EXTRA` han)."""
    win = np.empty(sc.WIN_SIZE, dtype=np.int64)
    out = np.empty(sc.OUT_SIZE, dtype=np.int64)
    total = 0.0
    tiles = 0
    flags = sc.RIICHI if riichi else 0
    found = np.empty(KINDS, dtype=np.int64)
    for i in range(waits(c, found)):
        k = found[i]
        if unseen[k] == 0:
            continue
        points = ron_points(s, seat, c, reds, k, flags, win, out)
        if points > 0:
            if riichi:
                points = riichi_bonus(points, out[sc.O_HAN], out[sc.O_FU], R.seat_wind(s, seat) == 27, out)
            total += points * unseen[k]
            tiles += unseen[k]
    if tiles == 0:
        return 0.0, 0
    return total / tiles, tiles


@kernel()
def han_points(han, fu, dealer, out):
    """A ron's points at ``han`` (a float: between the whole han around it) and ``fu``."""
    low = int(han)
    frac = han - low
    if low < 1:
        low, frac = 1, 0.0
    sc.cost(low, fu, False, dealer, 0, 0, 0, out)
    a = out[sc.O_MAIN]
    sc.cost(low + 1, fu, False, dealer, 0, 0, 0, out)
    return a + frac * (out[sc.O_MAIN] - a)


@kernel()
def riichi_bonus(points, han, fu, dealer, out):
    """A riichi win's points with :data:`CLOSED_EXTRA` han more (ura, tsumo, ippatsu on average)."""
    if han >= 13:
        return float(points)
    return max(float(points), han_points(han + CLOSED_EXTRA, fu, dealer, out))


@kernel()
def estimate_value(s, seat, c, reds, table):
    """The guessed points of a ron for ``seat``'s hand ``c`` (3n+1 concealed counts), not yet ready."""
    out = np.empty(sc.OUT_SIZE, dtype=np.int64)
    dealer = R.seat_wind(s, seat) == 27
    han = float(dora_in(s, seat, c, reds))
    wind = R.seat_wind(s, seat)
    if R.closed_hand(s, seat):
        han += 1.0 + CLOSED_EXTRA
        simples = True
        for k in range(KINDS):
            if c[k] > 0 and not R.simple(k):
                simples = False
            if c[k] >= 3 and E.yakuhai(k, wind, s[R.ROUND_WIND]):
                han += 1.0 + (1.0 if k == wind and k == s[R.ROUND_WIND] else 0.0)
        if simples:
            han += 1.0
        if seven_pairs(c) < regular_shanten(c, table):
            han += CHIITOI_HAN - 1.0
        return han_points(han, 30, dealer, out)
    melds, has_yakuhai = E.meld_mask(s, seat)
    for m in range(s[R.MELD_N + seat]):
        base = R.meld_at(seat, m)
        kind = s[base + R.M_KIND]
        if s[base + R.M_TYPE] != sc.CHI and E.yakuhai(kind, wind, s[R.ROUND_WIND]):
            han += 1.0 + (1.0 if kind == wind and kind == s[R.ROUND_WIND] else 0.0)
    for k in range(27, KINDS):
        if c[k] >= 3 and E.yakuhai(k, wind, s[R.ROUND_WIND]):
            han += 1.0
    sets = s[R.MELD_N + seat]
    sh = E.open_shanten(c, table, sets, melds, has_yakuhai, wind, s[R.ROUND_WIND])
    if melds & ~E.SIMPLES == 0 and E.restricted_shanten(c, table, sets, E.SIMPLES) <= sh:
        han += 1.0
    for suit in range(3):
        allowed = E.SUIT_MASKS[suit] | E.HONOURS
        if melds & ~allowed == 0 and E.restricted_shanten(c, table, sets, allowed) <= sh:
            han += 2.0
            if melds & E.HONOURS == 0 and E.restricted_shanten(c, table, sets, E.SUIT_MASKS[suit]) <= sh:
                han += 3.0
    return han_points(max(han, 1.0), 30, dealer, out)


__all__ = ["CHIITOI_HAN", "CLOSED_EXTRA", "dora_in", "estimate_value", "han_points", "ready_value", "riichi_bonus",
           "ron_points", "seat_reds"]

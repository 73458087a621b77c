"""How dangerous each tile is to discard: the deal-in odds and the points it would cost, by sampling the
worlds a seat cannot tell apart (:mod:`.worlds`) and asking the rules who could ron what.

* **Threats** (:func:`threat_weights`): a seat in riichi is ready; an open hand is ready with odds
  that grow with its melds and its discards, and counts only when it shows a yaku or dora (a yakuhai
  or dora meld, melds all simples, or melds of one suit with honours); a closed hand that has not
  declared riichi is not read.
* **Their hands** (:func:`danger_map`): each world deals every threat a ready hand from the tiles the
  seat has not seen (:func:`.worlds.sample_tenpai_world`: waits of the usual shapes, never on a kind the
  threat discarded). A world where the threat would be furiten because a winning tile went by after its
  riichi (:func:`passed_after_riichi`) gives it no ron. For each wait the hand is scored by the rules'
  own scorer with the threat's situation (riichi, ippatsu, its melds, the dora): a wait with no yaku is
  no danger, the others cost their payment. So genbutsu (the threat's own discards), suji (a
  two-sided wait on a tile it discarded would be furiten), kabe and honours seen (the pool cannot make
  the shapes), the dora, and the value of each wait come out of the count, not out of a list of rules.

The result, per threat and kind, is how many worlds it could ron that kind in and the points summed;
:func:`tile_danger` turns it into each kind's deal-in odds and expected loss, the threats weighted by
how likely they are ready.
"""

from tui_games.engine.jit import kernel, np
from tui_games.games.mahjong import efficiency as E
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong import scoring as sc
from tui_games.games.mahjong.winning import waits
from tui_games.games.mahjong.worlds import sample_tenpai_world

KINDS = 34
URA_FACTOR = 1.2
"""A riichi hand's points times this, for the ura indicators still to come (the worlds turn none)."""
OPEN_READY = np.array([0.0, 0.1, 0.3, 0.6, 0.95])
"""The odds an open hand with 0-4 melds is ready at the start; more with each discard (:data:`OPEN_STEP`)."""
OPEN_STEP = 0.025
"""Odds an open hand's readiness gains a discard it made."""


@kernel()
def shows_value(s, seat):
    """Whether an open hand shows a yaku or dora: a yakuhai or dora meld, melds all simples, or melds of
    one suit with honours."""
    melds, has_yakuhai = E.meld_mask(s, seat)
    if has_yakuhai or melds & ~E.SIMPLES == 0:
        return True
    for suit in range(3):
        if melds & ~(E.SUIT_MASKS[suit] | E.HONOURS) == 0:
            return True
    for j in range(s[R.DORA_N]):
        if (melds >> sc.dora_of(R.kind_of_type(s[R.DORA + j]))) & 1:
            return True
    for m in range(s[R.MELD_N + seat]):
        if s[R.meld_at(seat, m) + R.M_REDS] > 0:
            return True
    return False


@kernel()
def threat_weights(s, player, out):
    """The odds each other seat is ready and a threat (``out``: 4 floats; 0 for ``player``)."""
    for seat in range(R.SEATS):
        out[seat] = 0.0
        if seat == player:
            continue
        if s[R.IN_RIICHI + seat] > 0:
            out[seat] = 1.0
        elif not R.closed_hand(s, seat) and shows_value(s, seat):
            melds = min(s[R.MELD_N + seat], 4)
            out[seat] = min(OPEN_READY[melds] + OPEN_STEP * s[R.DISCARD_N + seat], 0.95)


@kernel()
def riichi_index(s, seat):
    """The index in the seat's pond of its riichi discard, -1 when it has not declared."""
    for i in range(s[R.DISCARD_N + seat]):
        if s[R.DISCARDS + seat * R.MAX_DISCARDS + i] & R.D_RIICHI:
            return i
    return -1


@kernel()
def passed_after_riichi(s, seat):
    """The kinds the other seats discarded after ``seat``'s riichi (a bit mask): it let them go, so a
    wait on any of them leaves it furiten. Read from the ponds by turn order from the dealer (a call
    skips turns, so it is close, not exact)."""
    start = riichi_index(s, seat)
    mask = np.int64(0)
    if start < 0:
        return mask
    order = (seat - s[R.DEALER]) % R.SEATS
    for step in range(1, R.SEATS):
        other = (seat + step) % R.SEATS
        first = start + 1 if (other - s[R.DEALER]) % R.SEATS < order else start
        for i in range(first, s[R.DISCARD_N + other]):
            mask |= np.int64(1) << R.kind_of_type(s[R.DISCARDS + other * R.MAX_DISCARDS + i] & 63)
    return mask


@kernel()
def danger_map(s, player, rng, worlds, weights, hits, points, ready):
    """Deals ``worlds`` worlds ``player`` cannot tell from ``s``, each threat (``weights`` > 0) ready,
    and adds per threat and kind (``hits``, ``points``: 4 x 34) the worlds where it could ron that kind
    and the points the discarder would pay, and per threat (``ready``: 4) the worlds where it was dealt
    a ready hand. Returns the worlds dealt."""
    mask = 0
    for seat in range(R.SEATS):
        if weights[seat] > 0.0 and seat != player:
            mask |= 1 << seat
    if mask == 0:
        return 0
    passed = np.zeros(R.SEATS, dtype=np.int64)
    for seat in range(R.SEATS):
        if (mask >> seat) & 1:
            passed[seat] = passed_after_riichi(s, seat)
    world = np.empty_like(s)
    win = np.empty(sc.WIN_SIZE, dtype=np.int64)
    out = np.empty(sc.OUT_SIZE, dtype=np.int64)
    found = np.empty(KINDS, dtype=np.int64)
    for _ in range(worlds):
        got = sample_tenpai_world(s, player, rng, world, mask)
        for seat in range(R.SEATS):
            if not (got >> seat) & 1:
                continue
            ready[seat] += 1
            c = R.hand_counts(world, seat)
            n = waits(c, found)
            furiten = False
            for i in range(n):
                if (passed[seat] >> found[i]) & 1:
                    furiten = True
            if furiten:
                continue
            flags = R.ron_flags(world, seat, False)
            for i in range(n):
                k = found[i]
                R.fill_win(world, seat, k, flags, True, win)
                win[sc.W_HONBA] = s[R.HONBA]
                win[sc.W_STICKS] = 0
                if sc.score(win, out) == sc.WIN:
                    pay = float(out[sc.O_MAIN] + out[sc.O_MAIN_BONUS])
                    if s[R.IN_RIICHI + seat] > 0:
                        pay *= URA_FACTOR
                    hits[seat, k] += 1
                    points[seat, k] += pay
    return worlds


@kernel()
def tile_danger(weights, hits, points, ready, odds_out, loss_out):
    """Each kind's deal-in odds (``odds_out``) and expected points lost (``loss_out``) over the threats,
    each weighted by the odds it is ready, from :func:`danger_map`'s sums."""
    for k in range(KINDS):
        odds_out[k] = 0.0
        loss_out[k] = 0.0
    for seat in range(R.SEATS):
        if ready[seat] == 0 or weights[seat] <= 0.0:
            continue
        for k in range(KINDS):
            odds_out[k] += weights[seat] * hits[seat, k] / ready[seat]
            loss_out[k] += weights[seat] * points[seat, k] / ready[seat]


@kernel()
def genbutsu(s, seat):
    """The kinds safe against ``seat`` for sure: its own discards and those let go after its riichi."""
    return s[R.DISCARDED_KINDS + seat] | passed_after_riichi(s, seat)


__all__ = ["OPEN_READY", "OPEN_STEP", "URA_FACTOR", "danger_map", "genbutsu", "passed_after_riichi",
           "riichi_index", "shows_value", "threat_weights", "tile_danger"]

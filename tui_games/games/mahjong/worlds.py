"""The worlds one seat cannot tell apart: the other hands dealt again from the tiles it has not seen.

What a seat sees (rules.redact): its own hand and the tile it drew, every pond (called tiles marked),
every meld, the dora indicators (and the ura ones once turned), the hand sizes, who is in riichi.
Every other tile is in another seat's hand or among the unseen ones (the live and dead walls, which
the rules keep as one pool: every tile that comes into sight is drawn from it). :func:`sample_world`
deals each other hand its size at random from the tiles the seat has not seen (by tile type, so the
red fives come out at their odds), gives the seat on turn a drawn tile from its new hand, and leaves
the rest as the pool. Furiten of the other seats is hidden from the seat; a world has none.

:func:`sample_tenpai_world` does the same but deals the seats of a mask ready hands (one tile from
complete: :func:`deal_tenpai`) waiting on no kind they discarded themselves: the worlds a seat
imagines when another declared riichi. The danger model (:mod:`.danger`) asks the rules of such
worlds who could ron what and for how much.
"""

from tui_games.engine.jit import SIG_SAMPLE_WORLD, kernel, np
from tui_games.engine.rng import randint, uniform
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong import scoring as sc
from tui_games.games.mahjong.constants import RED_TYPE, TYPES
from tui_games.games.mahjong.winning import waits

KINDS = 34
TENPAI_TRIES = 24
"""Ready hands dealt at most for one seat before taking one that waits on its own discards."""
RUN_SHARE = 0.75
"""How often a set dealt into a ready hand is a run (else a triplet)."""
WAIT_SHAPES = np.array([0.55, 0.12, 0.05, 0.18, 0.06, 0.04])
"""How often a ready hand dealt waits with each shape: two-sided, closed (kanchan), edge (penchan),
on two pairs (shanpon), on a single tile (tanki), seven pairs' tanki (a closed hand only): a rough
model of riichi waits, chosen by hand (the danger model's prior)."""
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI, CHIITOI = range(6)


@kernel()
def full_types(out):
    """Every tile of the set by type into ``out`` (37): 4 a kind, 3 plain fives and a red one."""
    for t in range(TYPES):
        out[t] = 1 if t >= RED_TYPE else (3 if R.red_suit(t) >= 0 else 4)


@kernel()
def take_meld_types(s, seat, m, out):
    """Takes the tiles of meld ``m`` of ``seat`` out of the type counts ``out``."""
    base = R.meld_at(seat, m)
    kind_type = s[base + R.M_TYPE]
    kind = s[base + R.M_KIND]
    reds = s[base + R.M_REDS]
    if kind_type == sc.CHI:
        for k in range(kind, kind + 3):
            out[k] -= 1
    else:
        out[kind] -= 3 if kind_type == sc.PON else 4
    if reds > 0:
        five = kind // 9 * 9 + 4
        out[five] += reds
        out[RED_TYPE + kind // 9] -= reds


@kernel()
def unseen_types(s, player, out):
    """The tiles of each type (37) ``player`` has not seen: the set less its hand, the ponds (called
    tiles once, in their melds), the melds and the indicators."""
    full_types(out)
    for k in range(KINDS):
        out[k] -= R.plain_count(s, player, k)
    for r in range(3):
        out[RED_TYPE + r] -= s[R.REDS + player * 3 + r]
    for seat in range(R.SEATS):
        for i in range(s[R.DISCARD_N + seat]):
            code = s[R.DISCARDS + seat * R.MAX_DISCARDS + i]
            if not code & R.D_CALLED:
                out[code & 63] -= 1
        for m in range(s[R.MELD_N + seat]):
            take_meld_types(s, seat, m, out)
    for j in range(s[R.DORA_N]):
        out[s[R.DORA + j]] -= 1
    for j in range(s[R.URA_N]):
        out[s[R.URA + j]] -= 1


@kernel()
def draw_type(pool, rng):
    """A tile type drawn at random from the type counts ``pool`` (by count) and taken out of it."""
    total = 0
    for t in range(TYPES):
        total += pool[t]
    r = randint(rng, total)
    for t in range(TYPES):
        if r < pool[t]:
            pool[t] -= 1
            return t
        r -= pool[t]
    return -1


@kernel()
def clear_hand(out, seat):
    """Empties the seat's concealed tiles in ``out`` (the size stays)."""
    for k in range(KINDS):
        out[R.HANDS + seat * KINDS + k] = 0
    for r in range(3):
        out[R.REDS + seat * 3 + r] = 0


@kernel()
def put_type(out, seat, t):
    """Puts a tile of type ``t`` into the seat's concealed counts in ``out`` (the size is not touched)."""
    out[R.HANDS + seat * KINDS + R.kind_of_type(t)] += 1
    if t >= RED_TYPE:
        out[R.REDS + seat * 3 + t - RED_TYPE] = 1


@kernel()
def deal_random(out, seat, pool, rng):
    """Deals the seat's hand (its size) at random from ``pool``."""
    clear_hand(out, seat)
    for _ in range(out[R.HAND_SIZE + seat]):
        put_type(out, seat, draw_type(pool, rng))


@kernel()
def finish_world(s, player, rng, out, pool):
    """Writes the pool left, a drawn tile for another seat on turn, and no furiten for the others."""
    for t in range(TYPES):
        out[R.POOL + t] = pool[t]
    for seat in range(R.SEATS):
        if seat != player:
            out[R.FURITEN_TURN + seat] = 0
            out[R.FURITEN_RIICHI + seat] = 0
    turn = s[R.TURN]
    drew = (s[R.PHASE] == R.P_TURN and s[R.AFTER_CALL] == 0) or s[R.PHASE] == R.P_CHANKAN
    if turn != player and drew and s[R.PLAYER] != R.TERMINAL:
        r = randint(rng, out[R.HAND_SIZE + turn])
        for t in range(TYPES):
            n = out[R.REDS + turn * 3 + t - RED_TYPE] if t >= RED_TYPE else R.plain_count(out, turn, t)
            if r < n:
                out[R.DRAWN] = t
                break
            r -= n


@kernel(SIG_SAMPLE_WORLD)
def sample_world(s, player, rng, out):
    """A complete state ``player`` cannot tell from ``s``: every other hand dealt at random from the
    tiles it has not seen, the rest the pool."""
    out[:] = s
    pool = np.empty(TYPES, dtype=np.int64)
    unseen_types(s, player, pool)
    for seat in range(R.SEATS):
        if seat != player:
            deal_random(out, seat, pool, rng)
    finish_world(s, player, rng, out, pool)
    return 0


# ----- ready hands -------------------------------------------------------------------------------------
@kernel()
def kind_count(pool, k):
    """The tiles of kind ``k`` in the type counts ``pool`` (its red five included)."""
    n = pool[k]
    if k < 27 and k % 9 == 4:
        n += pool[RED_TYPE + k // 9]
    return n


@kernel()
def take_kind_type(pool, k, rng):
    """Takes a tile of kind ``k`` out of ``pool`` (the red five at its odds); returns its type, -1
    when there is none."""
    n = kind_count(pool, k)
    if n == 0:
        return -1
    if k < 27 and k % 9 == 4 and pool[RED_TYPE + k // 9] > 0 and randint(rng, n) == 0:
        pool[RED_TYPE + k // 9] -= 1
        return RED_TYPE + k // 9
    pool[k] -= 1
    return k


@kernel()
def pick_weighted_kind(weights, rng):
    """A kind drawn with the 34 ``weights`` (floats), -1 when they are all 0."""
    total = 0.0
    for k in range(KINDS):
        total += weights[k]
    if total <= 0.0:
        return -1
    r = uniform(rng) * total
    last = -1
    for k in range(KINDS):
        if weights[k] > 0.0:
            last = k
            r -= weights[k]
            if r < 0.0:
                return k
    return last


@kernel()
def deal_block(pool, rng, shape, hand, weights):
    """Takes a block of ``shape`` at random out of ``pool`` into ``hand`` (37 type counts): 0 a set
    (a run or a triplet), 1 a pair, 2 a two-sided partial, 3 a closed one, 4 an edge one; the kind
    picked by how many ways the pool makes it. Returns False when the pool makes none."""
    for k in range(KINDS):
        weights[k] = 0.0
    run = shape == 0 and uniform(rng) < RUN_SHARE
    for k in range(KINDS):
        a = kind_count(pool, k)
        if shape == 0 and not run:
            weights[k] = a * (a - 1) * (a - 2) / 6.0
        elif shape == 1:
            weights[k] = a * (a - 1) / 2.0
        elif k < 27:
            rank = k % 9
            if shape == 0 and rank <= 6:
                weights[k] = a * kind_count(pool, k + 1) * kind_count(pool, k + 2)
            elif shape == 2 and 1 <= rank <= 6:
                weights[k] = a * kind_count(pool, k + 1)
            elif shape == 3 and rank <= 6:
                weights[k] = a * kind_count(pool, k + 2)
            elif shape == 4 and (rank == 0 or rank == 7):
                weights[k] = a * kind_count(pool, k + 1)
    k = pick_weighted_kind(weights, rng)
    if k < 0:
        return False
    if shape == 0 and not run:
        for _ in range(3):
            hand[take_kind_type(pool, k, rng)] += 1
    elif shape == 0:
        for j in range(3):
            hand[take_kind_type(pool, k + j, rng)] += 1
    elif shape == 1:
        for _ in range(2):
            hand[take_kind_type(pool, k, rng)] += 1
    else:
        hand[take_kind_type(pool, k, rng)] += 1
        hand[take_kind_type(pool, k + (2 if shape == 3 else 1), rng)] += 1
    return True


@kernel()
def pick_shape(rng, closed13):
    """A wait shape by :data:`WAIT_SHAPES` (seven pairs only for a closed hand of 13 tiles)."""
    total = 0.0
    for j in range(6):
        if j != CHIITOI or closed13:
            total += WAIT_SHAPES[j]
    r = uniform(rng) * total
    for j in range(6):
        if j != CHIITOI or closed13:
            r -= WAIT_SHAPES[j]
            if r < 0.0:
                return j
    return TANKI


@kernel()
def deal_tenpai(pool, size, rng, hand):
    """Deals a ready hand of ``size`` (3n+1) tiles out of ``pool`` into ``hand`` (37 type counts, zeroed
    here) by a wait shape (:data:`WAIT_SHAPES`) and random sets; returns False (``pool`` as it was)
    when the pool cannot make it."""
    saved = pool.copy()
    for t in range(TYPES):
        hand[t] = 0
    weights = np.empty(KINDS, dtype=np.float64)
    sets = size // 3
    shape = pick_shape(rng, size == 13)
    ok = True
    if shape == CHIITOI:
        chosen = np.zeros(KINDS, dtype=np.int64)
        for j in range(7):
            for k in range(KINDS):
                a = kind_count(pool, k) if chosen[k] == 0 else 0
                weights[k] = a * (a - 1) / 2.0 if j < 6 else float(a)
            k = pick_weighted_kind(weights, rng)
            if k < 0:
                ok = False
                break
            chosen[k] = 1
            for _ in range(2 if j < 6 else 1):
                hand[take_kind_type(pool, k, rng)] += 1
    elif shape == TANKI:
        for _ in range(sets):
            ok = ok and deal_block(pool, rng, 0, hand, weights)
        for k in range(KINDS):
            weights[k] = float(kind_count(pool, k))
        k = pick_weighted_kind(weights, rng)
        if ok and k >= 0:
            hand[take_kind_type(pool, k, rng)] += 1
        else:
            ok = False
    else:
        for _ in range(sets - 1):
            ok = ok and deal_block(pool, rng, 0, hand, weights)
        ok = ok and deal_block(pool, rng, 1, hand, weights)
        if shape == SHANPON:
            ok = ok and deal_block(pool, rng, 1, hand, weights)
        else:
            ok = ok and deal_block(pool, rng, 2 + shape, hand, weights)
    if not ok:
        pool[:] = saved
    return ok


@kernel()
def type_kinds(hand, out):
    """The 34 kind counts of the 37 type counts ``hand``."""
    for k in range(KINDS):
        out[k] = hand[k]
    for r in range(3):
        out[r * 9 + 4] += hand[RED_TYPE + r]


@kernel()
def waits_outside(hand, forbidden):
    """Whether the ready hand ``hand`` (37 type counts) waits on some kind and on none in the bit mask
    ``forbidden``."""
    c = np.empty(KINDS, dtype=np.int64)
    type_kinds(hand, c)
    found = np.empty(KINDS, dtype=np.int64)
    n = waits(c, found)
    if n == 0:
        return False
    for i in range(n):
        if (forbidden >> found[i]) & 1:
            return False
    return True


@kernel()
def sample_tenpai_world(s, player, rng, out, ready):
    """:func:`sample_world` with each seat in the bit mask ``ready`` dealt a ready hand waiting on no
    kind it discarded (up to :data:`TENPAI_TRIES` hands tried, else a random hand; a seat on turn gets
    a random tile more, the one it drew); the ready seats are dealt first. Returns the mask of seats
    dealt a ready hand."""
    out[:] = s
    pool = np.empty(TYPES, dtype=np.int64)
    unseen_types(s, player, pool)
    hand = np.empty(TYPES, dtype=np.int64)
    got = 0
    for seat in range(R.SEATS):
        if seat == player or not (ready >> seat) & 1:
            continue
        size = s[R.HAND_SIZE + seat]
        extra = size % 3 == 2  # the seat on turn holds the tile it drew besides the ready hand
        dealt = False
        for _ in range(TENPAI_TRIES):
            if not deal_tenpai(pool, size - 1 if extra else size, rng, hand):
                continue
            dealt = True
            if waits_outside(hand, s[R.DISCARDED_KINDS + seat]):
                break
            for t in range(TYPES):
                pool[t] += hand[t]
            dealt = False
        if dealt:
            clear_hand(out, seat)
            for t in range(TYPES):
                for _ in range(hand[t]):
                    put_type(out, seat, t)
            if extra:
                put_type(out, seat, draw_type(pool, rng))
            got |= 1 << seat
        else:
            deal_random(out, seat, pool, rng)
    for seat in range(R.SEATS):
        if seat != player and not (ready >> seat) & 1:
            deal_random(out, seat, pool, rng)
    finish_world(s, player, rng, out, pool)
    return got


__all__ = [
    "RUN_SHARE", "TENPAI_TRIES", "WAIT_SHAPES", "deal_tenpai", "draw_type", "full_types", "sample_tenpai_world",
    "sample_world", "type_kinds", "unseen_types", "waits_outside",
]

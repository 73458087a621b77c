"""The rule player of Dou Dizhu as jitted kernels: a hand's worth, and a move chosen from it.

The idea is RLCard's doudizhu-rule-v1's (lead what gets rid of the low cards, follow with the smallest
move that beats, leave a partner's move alone), rewritten around one measure: :func:`hand_value`, how
many plays a hand still needs (chains, airplanes and trios carrying kickers count as one play each),
with a little credit for the cards that take control (bombs, the rocket, 2s and jokers) and a little
debt for low cards. The player reads only what its seat knows: its own hand, the hand sizes, the
landlord, the move on the table and who made it. The search (search.py) plays it in every seat of its
playouts.

Leading: a move that empties the hand; else the move leaving the best hand (ties to the lower move),
sparing bombs, and not a solo or pair of the size an opposing hand of one or two cards could take.
Following: pass on the partner's move (unless the hand goes out); else the beating move of the same
kind that leaves the best hand, played when it costs no more than the hand is worth
(:data:`BREAK_SLACK` more when an opponent is near the end); a bomb or the rocket only to win or to stop
an opponent close to going out.
"""

from __future__ import annotations

from tui_games.engine.jit import kernel, np
from tui_games.games.doudizhu.moves import (BLACK, BOMB_CLASS, CLASS_INDEX, MOVE_CLASS, MOVE_MASK, MOVE_RANK,
                                            MOVE_SIZE, PASS, RED, ROCKET_CLASS, TWO)
from tui_games.games.doudizhu.rules import (HAND_SIZE, HANDS, LANDLORD, LAST_MOVE, LEADER, NIBBLE_COUNT, RANKS,
                                            SEATS, moves_for)

SOLO_CLASS = CLASS_INDEX["solo"]
"""The class of a single card."""
PAIR_CLASS = CLASS_INDEX["pair"]
"""The class of a pair."""
BREAK_SLACK = 1.0
"""How much worse a hand a follower accepts to beat an opponent who is close to going out."""
DANGER = 5
"""An opponent with this many cards or fewer is close to going out."""


@kernel()
def hand_parts(c):
    """The parts of :func:`hand_value` for the hand ``c`` (counts per rank, unchanged): (the plays it
    still needs, the credit of its control cards, the debt of its low cards)."""
    w = c.copy()
    plays = 0.0
    control = 0.0
    if w[BLACK] > 0 and w[RED] > 0:
        plays += 1
        control += 2.0
        w[BLACK] = 0
        w[RED] = 0
    for r in range(TWO + 1):
        if w[r] == 4:
            plays += 1
            control += 1.5
            w[r] = 0
    carriers = 0
    # airplanes: runs of trios below the 2
    r = 0
    while r < TWO:
        if w[r] >= 3:
            end = r
            while end + 1 < TWO and w[end + 1] >= 3:
                end += 1
            if end > r:
                plays += 1
                carriers += end - r + 1
                for k in range(r, end + 1):
                    w[k] -= 3
            r = end + 1
        else:
            r += 1
    # chains of pairs: runs of exact pairs, three or longer
    r = 0
    while r < TWO:
        if w[r] == 2:
            end = r
            while end + 1 < TWO and w[end + 1] == 2:
                end += 1
            if end - r + 1 >= 3:
                plays += 1
                for k in range(r, end + 1):
                    w[k] = 0
            r = end + 1
        else:
            r += 1
    # chains of solos: runs of cards, five or longer, trimmed of ends that are not single cards
    r = 0
    while r < TWO:
        if w[r] >= 1:
            end = r
            while end + 1 < TWO and w[end + 1] >= 1:
                end += 1
            start = r
            while end - start + 1 > 5 and w[start] >= 2:
                start += 1
            while end - start + 1 > 5 and w[end] >= 2:
                end -= 1
            if end - start + 1 >= 5:
                singles = 0
                for k in range(start, end + 1):
                    if w[k] == 1:
                        singles += 1
                if singles >= 2:
                    plays += 1
                    for k in range(start, end + 1):
                        w[k] -= 1
            r = end + 1
        else:
            r += 1
    singles = 0
    pairs = 0
    low = 0.0
    for r in range(RANKS):
        n = w[r]
        if n == 1:
            singles += 1
        elif n == 2:
            pairs += 1
        elif n == 3:
            carriers += 1
            plays += 1
        if 0 < n < 3 and r < 8:
            low += 8 - r
    for r in range(TWO, RANKS):
        control += 0.5 * c[r] if r == TWO else 0.75 * c[r]
    absorbed = min(carriers, singles + pairs)
    plays += singles + pairs - absorbed
    return plays, control, low


@kernel()
def hand_value(c):
    """How good the hand ``c`` (counts per rank, unchanged) is: minus the plays it still needs, plus
    a little for the cards that win control, minus a little for low cards. 0 for an empty hand."""
    plays, control, low = hand_parts(c)
    return -plays + 0.15 * control - 0.01 * low


@kernel()
def remove(c, move, out):
    """``out`` = the hand ``c`` less the cards of ``move``."""
    mask = MOVE_MASK[move]
    for r in range(RANKS):
        out[r] = c[r] - NIBBLE_COUNT[(mask >> (4 * r)) & 15]


@kernel()
def breaks_bomb(c, move):
    """True when ``move`` uses some but not all cards of a bomb (or one joker of the rocket)."""
    mask = MOVE_MASK[move]
    for r in range(TWO + 1):
        used = NIBBLE_COUNT[(mask >> (4 * r)) & 15]
        if c[r] == 4 and 0 < used < 4:
            return True
    if c[BLACK] > 0 and c[RED] > 0 and MOVE_CLASS[move] != ROCKET_CLASS:
        if NIBBLE_COUNT[(mask >> (4 * BLACK)) & 15] + NIBBLE_COUNT[(mask >> (4 * RED)) & 15] > 0:
            return True
    return False


@kernel()
def is_bomb(move):
    """True for a bomb or the rocket."""
    return MOVE_CLASS[move] == BOMB_CLASS or MOVE_CLASS[move] == ROCKET_CLASS


@kernel()
def fewest_opposing(s, seat):
    """The fewest cards in an opposing hand of ``seat``."""
    landlord = s[LANDLORD]
    fewest = 99
    for other in range(SEATS):
        if other != seat and ((other == landlord) != (seat == landlord)):
            fewest = min(fewest, s[HAND_SIZE + other])
    return fewest


@kernel()
def next_opposing_size(s, seat):
    """Cards in the hand of the next seat if it is an opponent of ``seat``, else 99."""
    nxt = (seat + 1) % SEATS
    landlord = s[LANDLORD]
    if (nxt == landlord) != (seat == landlord):
        return s[HAND_SIZE + nxt]
    return 99


@kernel()
def lead_score(c, after, move, s, seat):
    """How good leading ``move`` from hand ``c`` is (``after``: the hand without it)."""
    score = hand_value(after)
    if is_bomb(move):
        score -= 1.5
    elif breaks_bomb(c, move):
        score -= 2.0
    danger = next_opposing_size(s, seat)
    cls = MOVE_CLASS[move]
    if (cls == SOLO_CLASS and danger == 1) or (cls == PAIR_CLASS and danger == 2):
        # a hand of one (two) cards could go out on it: only the highest such move is safe-ish
        score -= 1.0 + (TWO + 3 - MOVE_RANK[move]) * 0.2
    else:
        score -= 0.002 * MOVE_RANK[move]
    return score


@kernel()
def rule_move(s, seat, buffer, hand, after):
    """The rule player's move for ``seat`` (to move) in ``s``; ``buffer`` (as wide as the game's
    actions), ``hand`` and ``after`` (15 each) are scratch space."""
    base = HANDS + seat * RANKS
    for r in range(RANKS):
        hand[r] = s[base + r]
    last = s[LAST_MOVE]
    n = moves_for(s, seat, last, buffer)
    size = s[HAND_SIZE + seat]
    for i in range(n):
        if buffer[i] != PASS and MOVE_SIZE[buffer[i]] == size:
            return buffer[i]
    if last < 0:
        best = buffer[0]
        best_score = -1e9
        for i in range(n):
            move = buffer[i]
            remove(hand, move, after)
            score = lead_score(hand, after, move, s, seat)
            if score > best_score:
                best_score = score
                best = move
        return best
    leader = s[LEADER]
    landlord = s[LANDLORD]
    if leader != seat and (leader == landlord) == (seat == landlord):
        return PASS
    now = hand_value(hand)
    danger = fewest_opposing(s, seat) <= DANGER
    best = PASS
    best_score = -1e9
    for i in range(n):
        move = buffer[i]
        if move == PASS or is_bomb(move):
            continue
        remove(hand, move, after)
        score = hand_value(after) - 0.002 * MOVE_RANK[move]
        if breaks_bomb(hand, move):
            score -= 2.0
        if score > best_score:
            best_score = score
            best = move
    if best != PASS:
        slack = BREAK_SLACK if danger or seat == landlord else 0.0
        if best_score >= now + 1.0 - 0.35 - slack:
            return best
        if danger and s[HAND_SIZE + leader] <= 2:
            return best
    if danger or size <= 6:
        for i in range(n):
            move = buffer[i]
            if move != PASS and is_bomb(move):
                remove(hand, move, after)
                if danger or hand_value(after) >= -1.5:
                    return move
    return PASS


@kernel()
def move_scores(s, seat, legal, scores):
    """The rule player's opinion of each of ``legal`` for ``seat`` (higher is better) into ``scores``:
    the worth of the hand each leaves (a pass keeps the hand as it is)."""
    hand = np.empty(RANKS, dtype=np.int64)
    after = np.empty(RANKS, dtype=np.int64)
    base = HANDS + seat * RANKS
    for r in range(RANKS):
        hand[r] = s[base + r]
    now = hand_value(hand)
    leading = s[LAST_MOVE] < 0
    for i in range(legal.shape[0]):
        move = legal[i]
        if move == PASS:
            scores[i] = now + 0.65
            continue
        remove(hand, move, after)
        if leading:
            scores[i] = lead_score(hand, after, move, s, seat)
        else:
            scores[i] = hand_value(after) - 0.002 * MOVE_RANK[move] - (2.0 if breaks_bomb(hand, move) else 0.0)
        if MOVE_SIZE[move] == s[HAND_SIZE + seat]:
            scores[i] = 100.0

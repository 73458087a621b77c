"""Hold'em hand strength as kernels: a pre-flop strength score and Monte-Carlo equity against
opponents' likely ranges, read from what one seat may see (its hole cards and the board).

A range is modelled by one number per opponent, its *tightness* t in [0, 1): an opponent's hole
cards are drawn from the deck and kept with certainty when their pre-flop strength is at least t,
otherwise with a small probability (a loose player's occasional rag); t = 0 is any two cards. The AI
tightens an opponent's range as it bets and raises.
"""

from tui_games.engine.cards import betting as bt
from tui_games.engine.cards.holdem import BOARD, BOARD_COUNT, HOLE, HOLE_CARDS, TABLE
from tui_games.engine.cards.hand_names import CATEGORY_SHIFT, PAIR
from tui_games.engine.cards.names import NUM_CARDS
from tui_games.engine.cards.poker_hand import hand_value
from tui_games.engine.header import NUM_PLAYERS, PLAYER, PLY, TERMINAL
from tui_games.engine.jit import SIG_EVALUATE, kernel, np
from tui_games.engine.rng import randint, uniform

OUTSIDE_RANGE_KEEP = 0.08
"""Chance an opponent's drawn hand below its range's tightness is kept anyway."""
EVALUATE_SAMPLES = 200
"""Deals the quick position estimate (:func:`evaluate`) averages over."""


@kernel()
def preflop_strength(a, b):
    """A pre-flop strength score of two hole cards in [0, 1] (pairs, high cards, suited and connected
    cards score higher; AA is 1, 72 offsuit about 0): a Chen-style formula, normalised."""
    high = max(a >> 2, b >> 2)
    low = min(a >> 2, b >> 2)
    points = (high + 2) / 2.0 if high < 9 else (6.0, 7.0, 8.0, 10.0)[high - 9]
    if high == low:
        points = max(5.0, points * 2.0)
    else:
        if (a & 3) == (b & 3):
            points += 2.0
        gap = high - low - 1
        points -= (0.0, 1.0, 2.0, 4.0, 5.0)[min(gap, 4)]
        if gap <= 1 and high < 10:
            points += 1.0
    return min(1.0, max(0.0, (points + 1.0) / 21.0))


@kernel()
def connects(a, b, board, board_count):
    """True when hole cards ``a``, ``b`` make a better hand category with the board so far than the
    board alone, at least a pair (they hit the flop)."""
    cards = np.empty(7, dtype=np.int64)
    for k in range(board_count):
        cards[k] = board[k]
    alone = hand_value(cards, board_count) >> CATEGORY_SHIFT
    cards[board_count] = a
    cards[board_count + 1] = b
    made = hand_value(cards, board_count + 2) >> CATEGORY_SHIFT
    return made > alone and made >= PAIR


@kernel()
def _draw_hand(deck, left, rng, tightness, connect, board, board_count, out, at):
    """Draw two cards for an opponent from deck[:left] (swapping them to the end), keeping hands
    below ``tightness`` only now and then, and (after the flop) hands that miss the board only with
    probability 1 - ``connect``; returns the cards left."""
    for attempt in range(24):
        i = randint(rng, left)
        deck[i], deck[left - 1] = deck[left - 1], deck[i]
        j = randint(rng, left - 1)
        deck[j], deck[left - 2] = deck[left - 2], deck[j]
        a = deck[left - 1]
        b = deck[left - 2]
        in_range = preflop_strength(a, b) >= tightness or uniform(rng) < OUTSIDE_RANGE_KEEP
        if in_range and connect > 0.0 and board_count >= 3 and not connects(a, b, board, board_count):
            in_range = uniform(rng) >= connect
        if attempt == 23 or in_range:
            out[at] = a
            out[at + 1] = b
            return left - 2
    return left - 2


@kernel()
def equity(hole, board, board_count, tightness, connect, opponents, samples, rng):
    """The share of the pot two ``hole`` cards win at a showdown (ties split) against ``opponents``
    opponents whose ranges have tightness ``tightness[:opponents]`` and hit the board with at least
    probability ``connect[:opponents]`` (see :func:`_draw_hand`), with the rest of the board dealt at
    random: the average over ``samples`` deals."""
    used = np.zeros(NUM_CARDS, dtype=np.int64)
    used[hole[0]] = 1
    used[hole[1]] = 1
    for k in range(board_count):
        used[board[k]] = 1
    base = np.empty(NUM_CARDS, dtype=np.int64)
    size = 0
    for card in range(NUM_CARDS):
        if not used[card]:
            base[size] = card
            size += 1
    deck = base.copy()
    cards = np.empty(7, dtype=np.int64)
    others = np.empty(2 * opponents + 2, dtype=np.int64)
    total = 0.0
    for _ in range(samples):
        deck[:size] = base[:size]
        left = size
        for o in range(opponents):
            left = _draw_hand(deck, left, rng, tightness[o], connect[o], board, board_count, others, 2 * o)
        for k in range(board_count):
            cards[2 + k] = board[k]
        for k in range(board_count, 5):
            i = randint(rng, left)
            cards[2 + k] = deck[i]
            deck[i] = deck[left - 1]
            left -= 1
        cards[0] = hole[0]
        cards[1] = hole[1]
        mine = hand_value(cards, 7)
        best = 0
        ties = 1
        for o in range(opponents):
            cards[0] = others[2 * o]
            cards[1] = others[2 * o + 1]
            value = hand_value(cards, 7)
            if value > best:
                best = value
                ties = 1
            elif value == best:
                ties += 1
        if mine > best:
            total += 1.0
        elif mine == best:
            total += 1.0 / (ties + 1)
    return total / samples


@kernel()
def seat_equity(s, seat, tightness, connect, samples, rng):
    """``seat``'s equity in a Hold'em state (holdem.LAYOUT) against the other seats still in, from its
    own hole cards and the board only."""
    opponents = bt.live_count(s, TABLE) - 1
    if opponents <= 0:
        return 1.0
    hole = s[HOLE + HOLE_CARDS * seat:HOLE + HOLE_CARDS * seat + HOLE_CARDS].copy()
    if hole[0] < 0 or hole[1] < 0:
        return 1.0 / (opponents + 1)
    board = s[BOARD:BOARD + 5].copy()
    return equity(hole, board, s[BOARD_COUNT], tightness, connect, opponents, samples, rng)


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A quick estimate of ``player``'s result if the hand went to a showdown now: its equity against
    any hands of the seats still in (deterministic for a state) times the pot, less what it put in.
    It reads only ``player``'s cards and the board."""
    if s[PLAYER] == TERMINAL:
        return float(bt.hand_result(s, TABLE, player))
    if not bt.is_live(s, TABLE, player):
        return float(-s[TABLE + bt.TOTALS + player])
    n = s[NUM_PLAYERS]
    tightness = np.zeros(max(n, 1), dtype=np.float64)
    rng = np.array([s[PLY] * 7919 + player + 1], dtype=np.int64)
    share = seat_equity(s, player, tightness, tightness, EVALUATE_SAMPLES, rng)
    return share * bt.pot_size(s, TABLE) - s[TABLE + bt.TOTALS + player]


__all__ = ["EVALUATE_SAMPLES", "OUTSIDE_RANGE_KEEP", "connects", "equity", "evaluate", "preflop_strength", "seat_equity"]

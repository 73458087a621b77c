"""The tile-efficiency player in numba: the benchmark's opponents, the gentle level, and the players of
the self-play that measures the win odds (scripts/mahjong_win_odds.py).

On its turn it wins by tsumo when it may, discards what it drew once in riichi, and otherwise discards
to the least shanten (ties: the most ukeire with ``ukeire`` on, then at random), declaring riichi when
that discard leaves it ready and the rules allow it; with probability ``noise`` it discards a random
legal tile instead. It never calls, never folds, never makes a kan and never aborts; at a discard it
rons when it may and else passes. A red five is discarded only when no plain five of its kind is left.
Every kernel reads only what the seat sees (its hand and the public state), so it plays the same on a
redacted view as on the full state.
"""

from tui_games.engine.header import CHANCE, PLAYER, SIMULTANEOUS, TERMINAL
from tui_games.engine.jit import kernel, np
from tui_games.engine.rng import randint, uniform
from tui_games.games.mahjong import efficiency as E
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong.constants import CHI, DISCARD, MAX_ACTIONS, PASS, RED_TYPE, RIICHI, RON, TSUMO

KINDS = 34


@kernel()
def discard_type(s, seat, kind):
    """The tile type to discard for ``kind``: a plain tile, the red five only when it is the last."""
    if R.plain_count(s, seat, kind) > 0:
        return kind
    return RED_TYPE + R.red_suit(kind)


@kernel()
def has_action(actions, n, action):
    """Whether ``action`` is among ``actions[:n]``."""
    for i in range(n):
        if actions[i] == action:
            return True
    return False


@kernel()
def legal_discard_kinds(actions, n, out):
    """Marks in ``out`` (34) each kind some legal plain discard in ``actions[:n]`` throws."""
    for k in range(KINDS):
        out[k] = 0
    for i in range(n):
        a = actions[i]
        if DISCARD <= a < RIICHI:
            out[R.kind_of_type(a - DISCARD)] = 1


@kernel()
def efficient_kind(s, seat, table, rng, ukeire, actions, n):
    """The kind the efficiency player discards among the legal discards ``actions[:n]``."""
    c = R.hand_counts(s, seat)
    unseen = np.empty(KINDS, dtype=np.int64)
    E.unseen_kinds(s, seat, unseen)
    allowed = np.empty(KINDS, dtype=np.int64)
    legal_discard_kinds(actions, n, allowed)
    sh = np.empty(KINDS, dtype=np.int64)
    best = 99
    for k in range(KINDS):
        sh[k] = 99
        if allowed[k]:
            c[k] -= 1
            sh[k] = E.hand_shanten(s, seat, c, table)
            c[k] += 1
            best = min(best, sh[k])
    chosen = -1
    top = -1
    ties = 0
    for k in range(KINDS):
        if sh[k] != best:
            continue
        value = 0
        if ukeire:
            c[k] -= 1
            value = E.hand_ukeire(s, seat, c, best, unseen, table)
            c[k] += 1
        if value > top:
            top = value
            chosen = k
            ties = 1
        elif value == top:
            ties += 1
            if randint(rng, ties) == 0:
                chosen = k
    return chosen


@kernel()
def efficiency_turn(s, seat, table, rng, noise, ukeire, actions):
    """The efficiency player's action on its turn (``actions``: a scratch buffer of MAX_ACTIONS)."""
    n = R.turn_actions(s, seat, actions)
    if has_action(actions, n, TSUMO):
        return TSUMO
    if s[R.IN_RIICHI + seat] > 0:
        return DISCARD + s[R.DRAWN]
    discards = 0
    for i in range(n):
        if actions[i] < RIICHI:
            discards += 1
    if noise > 0.0 and uniform(rng) < noise:
        return actions[randint(rng, discards)]
    kind = efficient_kind(s, seat, table, rng, ukeire, actions, n)
    t = discard_type(s, seat, kind)
    if has_action(actions, n, RIICHI + t):
        c = R.hand_counts(s, seat)
        c[kind] -= 1
        if E.hand_shanten(s, seat, c, table) == 0:
            return RIICHI + t
    return DISCARD + t


@kernel()
def ron_or_pass(s, seat, actions):
    """Ron when the seat may, else pass (the efficiency player's answer to a discard or a kan)."""
    n = R.legal_for(s, seat, actions)
    return RON if has_action(actions, n, RON) else PASS


# ----- self-play ---------------------------------------------------------------------------------------
@kernel()
def play_chance(s, rng, actions, probs):
    """Draws the chance outcome at ``s`` by its odds and plays it."""
    n = R.chance_outcomes(s, actions, probs)
    r = uniform(rng)
    pick = n - 1
    for i in range(n - 1):
        r -= probs[i]
        if r < 0.0:
            pick = i
            break
    R.apply_action(s, actions[pick])


@kernel()
def self_play(s, table, rng, noise, ukeire, record, max_rows):
    """Plays the hand ``s`` to its end with four efficiency players, writing a row of ``record`` for each
    discard (up to ``max_rows``): the seat, its shanten and ukeire after the discard, the live tiles
    left, the other seats in riichi, and columns 5-7 left for :func:`finish_record`. Returns the rows
    written."""
    actions = np.empty(MAX_ACTIONS, dtype=np.int64)
    probs = np.empty(MAX_ACTIONS, dtype=np.float64)
    joint = np.empty(R.SEATS, dtype=np.int64)
    unseen = np.empty(KINDS, dtype=np.int64)
    rows = 0
    while s[PLAYER] != TERMINAL:
        player = s[PLAYER]
        if player == CHANCE:
            play_chance(s, rng, actions, probs)
        elif player == SIMULTANEOUS:
            for seat in range(R.SEATS):
                joint[seat] = ron_or_pass(s, seat, actions)
            R.apply_joint(s, joint)
        else:
            a = efficiency_turn(s, player, table, rng, noise, ukeire, actions)
            if a < CHI and rows < max_rows:
                t = a % RIICHI
                c = R.hand_counts(s, player)
                c[R.kind_of_type(t)] -= 1
                E.unseen_kinds(s, player, unseen)
                sh = E.hand_shanten(s, player, c, table)
                record[rows, 0] = player
                record[rows, 1] = sh
                record[rows, 2] = E.hand_ukeire(s, player, c, sh, unseen, table) if sh >= 0 else 0
                record[rows, 3] = s[R.LIVE_LEFT]
                riichi = 0
                for seat in range(R.SEATS):
                    if seat != player and s[R.IN_RIICHI + seat] > 0:
                        riichi += 1
                record[rows, 4] = riichi
                rows += 1
            R.apply_action(s, a)
    return rows


@kernel()
def finish_record(s, record, first, rows):
    """Fills columns 5 (1 when the row's seat won), 6 (its points change) and 7 (1 when it dealt in) of
    ``record[first:rows]`` from the finished hand ``s``."""
    for i in range(first, rows):
        seat = record[i, 0]
        record[i, 5] = (s[R.WINNERS] >> seat) & 1
        record[i, 6] = s[R.SCORES + seat] - s[R.START_SCORES + seat]
        record[i, 7] = 1 if s[R.WINNERS] != 0 and s[R.WIN_FROM] == seat else 0


__all__ = ["discard_type", "efficiency_turn", "efficient_kind", "finish_record", "has_action", "play_chance",
           "ron_or_pass", "self_play"]

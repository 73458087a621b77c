"""RoPaSci 360 position evaluation and the AI's jitted helpers: one-sided action scores (to prune each
seat's moves), the payoff table of two pruned move lists, and the worst-case value of each move.

The evaluation is zero-sum, ``value(Upper) = -value(Lower)``, in tokens: each token on the board is
worth :data:`W_TOKEN`, each throw in hand :data:`W_THROW`; every pair of opposing tokens where one beats
the other adds :data:`W_HUNT` / distance² to the hunter's side; a token the opponent's next throw can
land on costs :data:`W_EXPOSED` when the opponent still has throws; an invincible token is worth
:data:`W_INVINCIBLE`. A finished game is worth :data:`WIN_VALUE` (win), 0 (draw) or -WIN_VALUE.
The weights were set by hand and checked by ``benchmarks/ropasci360_strength.py``.
"""

import numpy as np

from tui_games.engine.header import PLAYER, TERMINAL, WINNER
from tui_games.engine.jit import SIG_EVALUATE, kernel
from tui_games.games.ropasci360.rules import (COUNTS, DISTANCE, MAX_ACTIONS, N_HEXES, N_SYMBOLS, THROWS, apply_joint,
                                              battle, has_invincible, legal_for, play_one, throw_row_ok)

W_TOKEN = 1.0
W_THROW = 0.85
W_HUNT = 0.35
W_EXPOSED = 0.3
W_INVINCIBLE = 2.0
WIN_VALUE = 30.0


@kernel()
def _side_value(s, player, hexes, syms, owners, n):
    """``player``'s share of the evaluation (the other side's share is subtracted)."""
    other = 1 - player
    value = W_THROW * s[THROWS + player]
    other_throws = s[THROWS + other]
    for i in range(n):
        if owners[i] != player:
            continue
        value += W_TOKEN
        if other_throws > 0 and throw_row_ok(other, other_throws, hexes[i]):
            value -= W_EXPOSED
        for j in range(n):
            if owners[j] == other and (syms[i] + 2) % 3 == syms[j]:
                d = DISTANCE[hexes[i], hexes[j]]
                value += W_HUNT / (d * d) if d > 0 else W_HUNT
    if has_invincible(s, player):
        value += W_INVINCIBLE
    return value


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """The position's worth to ``player`` (see the module docstring); finished games by their result."""
    if s[PLAYER] == TERMINAL:
        if s[WINNER] < 0:
            return 0.0
        return WIN_VALUE if s[WINNER] == player else -WIN_VALUE
    hexes = np.empty(18 * 2, dtype=np.int64)
    syms = np.empty(18 * 2, dtype=np.int64)
    owners = np.empty(18 * 2, dtype=np.int64)
    n = 0
    for p in range(2):
        for sym in range(N_SYMBOLS):
            base = COUNTS + (p * N_SYMBOLS + sym) * N_HEXES
            for h in range(N_HEXES):
                c = s[base + h]
                for _ in range(c):
                    if n < hexes.shape[0]:
                        hexes[n] = h
                        syms[n] = sym
                        owners[n] = p
                        n += 1
    return _side_value(s, player, hexes, syms, owners, n) - _side_value(s, 1 - player, hexes, syms, owners, n)


@kernel()
def one_sided_scores(s, player, actions, n, out):
    """``out[i]``: the evaluation for ``player`` after it plays ``actions[i]`` alone (the opponent
    standing still) and the hex it reaches battles."""
    child = np.empty_like(s)
    for i in range(n):
        child[:] = s
        h = play_one(child, player, actions[i])
        battle(child, h)
        out[i] = evaluate(child, player)


@kernel()
def play_turn(s, upper_action, lower_action, child):
    """``child`` becomes ``s`` after the turn Upper ``upper_action``, Lower ``lower_action``."""
    child[:] = s
    joint = np.empty(2, dtype=np.int64)
    joint[0] = upper_action
    joint[1] = lower_action
    apply_joint(child, joint)


@kernel()
def payoffs(s, upper, n_upper, lower, n_lower, out):
    """``out[i, j]``: Upper's evaluation after the turn Upper ``upper[i]``, Lower ``lower[j]``."""
    child = np.empty_like(s)
    for i in range(n_upper):
        for j in range(n_lower):
            play_turn(s, upper[i], lower[j], child)
            out[i, j] = evaluate(child, 0)


@kernel()
def worst_case(s, player, mine, n_mine, theirs, n_theirs, out):
    """``out[i]``: ``player``'s lowest evaluation over every reply in ``theirs`` to its move
    ``mine[i]`` (the 2-ply maximin value of each move)."""
    child = np.empty_like(s)
    for i in range(n_mine):
        worst = 1e18
        for j in range(n_theirs):
            if player == 0:
                play_turn(s, mine[i], theirs[j], child)
            else:
                play_turn(s, theirs[j], mine[i], child)
            v = evaluate(child, player)
            if v < worst:
                worst = v
        out[i] = worst


@kernel()
def top_actions(s, player, buffer, scores, k, out):
    """Writes ``player``'s ``k`` best actions by one-sided score into ``out`` (best first; fewer when it
    has fewer) and returns how many; ``buffer`` and ``scores`` are scratch of MAX_ACTIONS slots."""
    n = legal_for(s, player, buffer)
    one_sided_scores(s, player, buffer, n, scores)
    order = np.argsort(-scores[:n], kind="mergesort")
    m = min(k, n)
    for i in range(m):
        out[i] = buffer[order[i]]
    return m


@kernel()
def turn_value(s, k):
    """Upper's value of the next turn, looked at one turn deep: both seats' ``k`` best actions by
    one-sided score, every pair played and evaluated, and the matrix game valued halfway between its
    pure maximin (Upper's guaranteed value) and minimax (Lower's) bounds, between which the mixed
    value lies. A finished game is worth its result."""
    if s[PLAYER] == TERMINAL:
        return evaluate(s, 0)
    buffer = np.empty(MAX_ACTIONS, dtype=np.int64)
    scores = np.empty(MAX_ACTIONS, dtype=np.float64)
    upper = np.empty(k, dtype=np.int64)
    lower = np.empty(k, dtype=np.int64)
    nu = top_actions(s, 0, buffer, scores, k, upper)
    nl = top_actions(s, 1, buffer, scores, k, lower)
    table = np.empty((nu, nl), dtype=np.float64)
    payoffs(s, upper, nu, lower, nl, table)
    maximin = -1e18
    for i in range(nu):
        worst = 1e18
        for j in range(nl):
            worst = min(worst, table[i, j])
        maximin = max(maximin, worst)
    minimax = 1e18
    for j in range(nl):
        best = -1e18
        for i in range(nu):
            best = max(best, table[i, j])
        minimax = min(minimax, best)
    return 0.5 * (maximin + minimax)


@kernel()
def deep_payoffs(s, upper, n_upper, lower, n_lower, k, out):
    """``out[i, j]``: Upper's value after the turn Upper ``upper[i]``, Lower ``lower[j]``, with the
    following turn looked at (:func:`turn_value` over ``k`` actions a seat)."""
    child = np.empty_like(s)
    for i in range(n_upper):
        for j in range(n_lower):
            play_turn(s, upper[i], lower[j], child)
            out[i, j] = turn_value(child, k)

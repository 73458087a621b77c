"""Determinized Monte Carlo search for Dou Dizhu, as jitted kernels.

:func:`sample_world` deals the cards a seat has not seen at random, consistent with what it saw: its
own hand, every card played, the hand sizes, and the kitty's cards still in the landlord's hand (the
kitty is shown; a landlord's played card of a kitty rank may have been either copy, so only the
excess is sure). During the bidding the kitty is dealt from the unseen cards too. It has the engine's
``SIG_SAMPLE_WORLD`` signature, so :mod:`tui_games.engine.ismcts` could search with it as well.

:func:`evaluate_moves` is flat Monte Carlo: in each sampled world every candidate move is played and
the game finished by the rule player in every seat (:func:`~.strategy.rule_move`, with a small chance
of another legal move, so that playouts differ); a candidate scores 1 for each playout its side
wins. All candidates meet the same worlds. :func:`landlord_odds` plays a would-be landlord's
playouts in the bidding.
"""

from __future__ import annotations

from tui_games.engine.header import PLAYER, TERMINAL
from tui_games.engine.jit import SIG_SAMPLE_WORLD, kernel, np, types
from tui_games.engine.rng import randint, uniform
from tui_games.engine.stopflag import should_stop
from tui_games.games.doudizhu.moves import DECK
from tui_games.games.doudizhu.rules import (HAND_SIZE, HANDS, KITTY, LANDLORD, LAST_MOVE, MAX_ACTIONS, PHASE,
                                            PHASE_PLAY, PLAYED, RANKS, SEATS, apply_action, begin_play, moves_for,
                                            side_won)
from tui_games.games.doudizhu.strategy import rule_move

PLAYOUT_NOISE = 0.05
"""Chance that a playout seat plays a random legal move instead of the rule player's."""


@kernel(SIG_SAMPLE_WORLD)
def sample_world(s, player, rng, out):
    """``out`` = ``s`` with every card ``player`` has not seen dealt afresh (see the module docstring)."""
    out[:] = s
    pool = np.empty(54, dtype=np.int64)
    unseen = DECK.copy()
    for r in range(RANKS):
        unseen[r] -= s[HANDS + player * RANKS + r]
        for seat in range(SEATS):
            unseen[r] -= s[PLAYED + seat * RANKS + r]
    landlord = s[LANDLORD]
    playing = s[PHASE] >= PHASE_PLAY
    sure = np.zeros(RANKS, dtype=np.int64)
    if playing and landlord != player:
        for r in range(RANKS):
            sure[r] = max(0, s[KITTY + r] - s[PLAYED + landlord * RANKS + r])
            unseen[r] -= sure[r]
    n = 0
    for r in range(RANKS):
        for _ in range(unseen[r]):
            pool[n] = r
            n += 1
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    taken = 0
    for seat in range(SEATS):
        if seat == player:
            continue
        base = HANDS + seat * RANKS
        need = s[HAND_SIZE + seat]
        for r in range(RANKS):
            out[base + r] = 0
        if seat == landlord and playing:
            for r in range(RANKS):
                out[base + r] = sure[r]
                need -= sure[r]
        for _ in range(need):
            out[base + pool[taken]] += 1
            taken += 1
    if not playing:
        for r in range(RANKS):
            out[KITTY + r] = 0
        while taken < n:
            out[KITTY + pool[taken]] += 1
            taken += 1
    return 0


@kernel()
def playout(s, rng, noise, buffer, hand, after):
    """Finish ``s`` in place with the rule player in every seat (a random legal move at rate ``noise``)."""
    while s[PLAYER] != TERMINAL:
        seat = s[PLAYER]
        if noise > 0.0 and uniform(rng) < noise:
            n = moves_for(s, seat, s[LAST_MOVE], buffer)
            move = buffer[randint(rng, n)]
        else:
            move = rule_move(s, seat, buffer, hand, after)
        apply_action(s, move)


@kernel(types.int64(types.int64[::1], types.int64, types.int64[::1], types.int64, types.int64[::1],
                    types.float64[::1], types.int64[::1], types.int64[::1], types.float64))
def evaluate_moves(root, player, candidates, worlds, rng, wins, counts, control, noise):
    """For up to ``worlds`` sampled worlds, play each of ``candidates`` and a playout; add the playouts
    ``player``'s side won to ``wins`` and the playouts to ``counts``. Returns the worlds played (fewer
    when ``control`` asks to stop)."""
    world = np.empty_like(root)
    s = np.empty_like(root)
    buffer = np.empty(MAX_ACTIONS, dtype=np.int64)
    hand = np.empty(RANKS, dtype=np.int64)
    after = np.empty(RANKS, dtype=np.int64)
    done = 0
    while done < worlds:
        if should_stop(control, done):
            break
        sample_world(root, player, rng, world)
        for k in range(candidates.shape[0]):
            s[:] = world
            apply_action(s, candidates[k])
            playout(s, rng, noise, buffer, hand, after)
            if side_won(s, player):
                wins[k] += 1.0
            counts[k] += 1
        done += 1
    return done


@kernel(types.float64(types.int64[::1], types.int64, types.int64, types.int64[::1], types.int64[::1],
                      types.float64))
def landlord_odds(root, player, worlds, rng, control, noise):
    """In the bidding: the share of ``worlds`` sampled deals that ``player`` wins as the landlord
    (taking the sampled kitty, leading, the rule player in every seat)."""
    world = np.empty_like(root)
    buffer = np.empty(MAX_ACTIONS, dtype=np.int64)
    hand = np.empty(RANKS, dtype=np.int64)
    after = np.empty(RANKS, dtype=np.int64)
    won = 0
    done = 0
    while done < worlds:
        if should_stop(control, done):
            break
        sample_world(root, player, rng, world)
        begin_play(world, player)
        playout(world, rng, noise, buffer, hand, after)
        if side_won(world, player):
            won += 1
        done += 1
    return won / max(done, 1)


__all__ = ["PLAYOUT_NOISE", "evaluate_moves", "landlord_odds", "playout", "sample_world"]

"""`tui-games bench`: random-playout speed of the jitted engine, beside the reference engine of the same
game that its catalogue entry names (``spec.peer``: OpenSpiel's C++ engine, or RLCard)."""

from __future__ import annotations

import importlib
import math
import time

import numpy as np

from tui_games.core.errors import InvalidParameterError
from tui_games.core.registry import get
from tui_games.core.spec import PEER_LIBRARIES, Peer

def our_playouts_per_second(game_id: str, seconds: float, params: dict | None = None) -> dict:
    """Run random complete games in the jitted engine for about ``seconds``; returns the rates."""
    from tui_games.engine.playout import random_playouts
    from tui_games.engine.rng import make_rng

    spec = get(game_id)
    state = spec.new(seed=1, **(params or {}))
    kernels = state.kernels
    rng = make_rng(12345)
    totals = np.zeros(2, np.int64)
    random_playouts(kernels.legal, kernels.apply, kernels.chance, state.array, 1, rng, totals)
    totals[:] = 0
    batch, games, actions = 16, 0, 0
    started = time.perf_counter()
    while True:
        actions += random_playouts(kernels.legal, kernels.apply, kernels.chance, state.array, batch, rng, totals)
        games += batch
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            break
        if elapsed < seconds / 20:
            batch *= 2
    return {"playouts_per_s": games / elapsed, "actions_per_s": actions / elapsed, "games": games}


def peer_playouts_per_second(game_id: str, seconds: float) -> dict | None:
    """The same measure for the game's peer engine (None when it has none or the library is missing)."""
    peer = get(game_id).peer
    if peer is None or peer_missing_reason(game_id) is not None:
        return None
    if peer.library == "openspiel":
        return _openspiel_rate(peer, seconds)
    return _rlcard_rate(peer, seconds)


def _openspiel_rate(peer: Peer, seconds: float) -> dict:
    """Random games in OpenSpiel's C++ engine (pyspiel.evaluate_bots with uniform random bots)."""
    import pyspiel

    game = pyspiel.load_game(peer.game, dict(peer.params))
    players = game.num_players()
    games = 0
    started = time.perf_counter()
    seed = 0
    while time.perf_counter() - started < seconds:
        for _ in range(64):
            bots = [pyspiel.make_uniform_random_bot(p, seed * 7 + p) for p in range(players)]
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
            seed += 1
        games += 64
    elapsed = time.perf_counter() - started
    return {"playouts_per_s": games / elapsed}


def _rlcard_rate(peer: Peer, seconds: float) -> dict:
    """Random games in RLCard (its random agents in every seat)."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make(peer.game, config={"seed": 0, **dict(peer.params)})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.run(is_training=False)
        games += 1
    elapsed = time.perf_counter() - started
    return {"playouts_per_s": games / elapsed}


def peer_missing_reason(game_id: str, compare: bool = True) -> str | None:
    """Why there is no peer figure for ``game_id`` (None when there can be one)."""
    if not compare:
        return "comparison skipped with --no-compare"
    peer = get(game_id).peer
    if peer is None:
        return f"no other engine plays {game_id}"
    module, package = {"openspiel": ("pyspiel", "open-spiel"), "rlcard": ("rlcard", "rlcard")}[peer.library]
    try:
        importlib.import_module(module)
    except ImportError:
        return f"{PEER_LIBRARIES[peer.library]} is not installed (pip install {package})"
    return None


def run_bench(game_ids: list[str], seconds: float, compare: bool = True) -> dict:
    """Measure each game for ``seconds`` (above 0); with ``compare`` also its peer engine (``peer``:
    'OpenSpiel hex') and the speed ratio (``speedup_vs_peer``; for an OpenSpiel peer also under the
    keys ``openspiel_playouts_per_s`` and ``speedup_vs_openspiel``). An entry without a peer figure
    says why in ``peer_note`` (and ``openspiel_note``)."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not (
            math.isfinite(seconds) and seconds > 0):
        raise InvalidParameterError(f"the time per game must be a number of seconds above 0 (got {seconds!r})")
    results = {}
    for game_id in game_ids:
        peer = get(game_id).peer
        entry = our_playouts_per_second(game_id, seconds, dict(peer.ours) if peer is not None else {})
        reason = peer_missing_reason(game_id, compare)
        reference = peer_playouts_per_second(game_id, seconds) if reason is None else None
        if reference is not None:
            speedup = entry["playouts_per_s"] / reference["playouts_per_s"]
            entry.update(peer=peer.label, peer_playouts_per_s=reference["playouts_per_s"], speedup_vs_peer=speedup)
            if peer.library == "openspiel":
                entry.update(openspiel_playouts_per_s=reference["playouts_per_s"], speedup_vs_openspiel=speedup)
        else:
            entry["peer_note"] = reason
            entry["openspiel_note"] = reason
        results[game_id] = entry
    return results

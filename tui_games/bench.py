"""`tui-games bench`: random-playout speed of the jitted engine, beside OpenSpiel's C++ engine."""

from __future__ import annotations

import math
import time

import numpy as np

from tui_games.core.errors import InvalidParameterError
from tui_games.core.registry import get

OPENSPIEL_EQUIVALENTS: dict[str, tuple[str, dict, dict]] = {
    "tic-tac-toe": ("tic_tac_toe", {}, {}),
    "connect-four": ("connect_four", {}, {}),
    "nim": ("nim", {"pile_sizes": "5;5;5", "is_misere": False}, {"heaps": 3, "size": 5, "max_take": 5}),
    "2048": ("2048", {}, {}),
    "blackjack": ("blackjack", {}, {"rules": "simple"}),
}
"""Our game id -> (OpenSpiel game name, its parameters, our parameters for the same game)."""


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


def openspiel_playouts_per_second(game_id: str, seconds: float) -> dict | None:
    """The same measure for OpenSpiel's C++ engine (pyspiel.evaluate_bots with uniform random bots)."""
    try:
        import pyspiel
    except ImportError:
        return None
    if game_id not in OPENSPIEL_EQUIVALENTS:
        return None
    name, params, _ = OPENSPIEL_EQUIVALENTS[game_id]
    game = pyspiel.load_game(name, params)
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


def openspiel_missing_reason(game_id: str, compare: bool = True) -> str | None:
    """Why there is no OpenSpiel figure for ``game_id`` (None when there can be one)."""
    if not compare:
        return "comparison skipped with --no-compare"
    if game_id not in OPENSPIEL_EQUIVALENTS:
        return f"OpenSpiel has no game like {game_id}"
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return "OpenSpiel is not installed (pip install open-spiel)"
    return None


def run_bench(game_ids: list[str], seconds: float, compare: bool = True) -> dict:
    """Measure each game for ``seconds`` (above 0); with ``compare`` also OpenSpiel's engine and the
    speed ratio. An entry without OpenSpiel's figure says why in ``openspiel_note``."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not (
            math.isfinite(seconds) and seconds > 0):
        raise InvalidParameterError(f"the time per game must be a number of seconds above 0 (got {seconds!r})")
    results = {}
    for game_id in game_ids:
        _, _, our_params = OPENSPIEL_EQUIVALENTS.get(game_id, ("", {}, {}))
        entry = our_playouts_per_second(game_id, seconds, our_params)
        reason = openspiel_missing_reason(game_id, compare)
        reference = openspiel_playouts_per_second(game_id, seconds) if reason is None else None
        if reference is not None:
            entry["openspiel_playouts_per_s"] = reference["playouts_per_s"]
            entry["speedup_vs_openspiel"] = entry["playouts_per_s"] / reference["playouts_per_s"]
        else:
            entry["openspiel_note"] = reason
        results[game_id] = entry
    return results
